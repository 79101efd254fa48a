"""The overlays' captions (a charge's distance and dice, a failed charge's reason, combat group
names, a challenge, flight and pursuit captions, deployment zones) are part of the board's label
layout: no unit label, terrain name or caption overlaps another (a console game printed
"Combat 2" under "failed: there is no room..." and a unit's label over a field's name). A zoomed
board (/board around:) labels only the units at least partly in it, inside the image."""

import io

from PIL import Image

from engine.table.view import CombatShape, PathShape, TableView, TerrainShape, UnitShape
from renderers.table import (HEADER, _frame, caption_boxes, label_boxes, layout_labels, render_table,
                             terrain_label_boxes)

from game_helpers import RULESET, scenario
from test_ninth_age_board_labels import _disjoint


def _crowded_with_overlays():
    names = ["Spearmen", "Crossbowmen", "Handgunners", "War Hounds", "Halberdiers", "Knights", "Pistoliers",
             "Zealots", "Great Cannon", "Bolt Thrower", "Brutes", "Brute Bulls", "Wolf Riders", "Trolls",
             "Sabre Beasts", "Boar Riders", "Giant", "Stone Thrower", "Skulkers", "Vermin Swarm"]
    placements = {name: (30 + 4 * (i % 5), 18 + 4 * (i // 5), 0 if i < 10 else 180, 2) for i, name in enumerate(names)}
    state = scenario(placements, terrain="open")
    for i, name in enumerate(names):
        state.units[name].marched = i % 2 == 0
    view = RULESET.board(state)
    view.terrain.append(TerrainShape(name="Wheat Field", kind="field", points=[(36, 24), (42, 24), (42, 28), (36, 28)]))
    # captions whose points all fall among the units and on each other
    view.paths += [PathShape(kind="charge", points=[(30, 16), (40, 26)], label="failed: there is no room to make contact"),
                   PathShape(kind="charge", points=[(32, 18), (38, 24)], label='9" (2D6: 4+5)'),
                   PathShape(kind="flee", points=[(40, 22), (34, 28)], label='flees 7"'),
                   PathShape(kind="pursuit", points=[(38, 20), (36, 30)], label='pursues 8"')]
    view.combats += [CombatShape(label="Combat 1", units=["Zealots", "Brutes"],
                                 points=[(35, 29), (41, 29), (41, 33), (35, 33)]),
                     CombatShape(label="Combat 2", units=["Knights", "Trolls"], points=[(38, 27), (44, 27), (44, 31), (38, 31)],
                                 duel=[(40, 28), (42, 28)], duel_label="Challenge: Captain v Chieftain")]
    return view


def test_layout_of_captions_terrain_names_and_unit_labels_never_overlaps():
    view = _crowded_with_overlays()
    captions = caption_boxes(view)
    texts = [t for t, _ in captions]
    assert {"failed: there is no room to make contact", '9" (2D6: 4+5)', 'flees 7"', 'pursues 8"', "Combat 1",
            "Combat 2", "Challenge: Captain v Chieftain"} <= set(texts)
    names = terrain_label_boxes(view)
    assert "Wheat Field" in [n for n, _ in names]
    units = label_boxes(view)
    assert len(units) == 20
    everything = [r for _, r in captions] + [r for _, r in names] + units
    assert _disjoint(everything) is None
    assert all(0 <= b[0] and b[2] <= 720 and HEADER <= b[1] and b[3] <= HEADER + 480 for b in everything)
    # each caption stays near its overlay (within 10" of where it belongs)
    _, _, _, _, p = _frame(view, 10)
    failed = next(r for t, r in captions if t.startswith("failed"))
    mx, my = p(35, 21)
    assert abs((failed[0] + failed[2]) / 2 - mx) <= 100 and abs((failed[1] + failed[3]) / 2 - (my - 8)) <= 100
    # without the layout the captions were drawn where they belong: there they overlap each other
    at = [((100, 14), (mx, my), (mx, my, mx, my))] * 2
    assert [moved for _, moved in layout_labels(at, (0, HEADER, 720, HEADER + 480))] == [False, True]


def test_a_crowded_board_with_overlays_renders():
    view = _crowded_with_overlays()
    picture = Image.open(io.BytesIO(render_table(view)))
    assert picture.size[0] == 720
    view.window = (28.0, 14.0, 52.0, 36.0)
    assert Image.open(io.BytesIO(render_table(view))).size[0] == int(550 / 24) * 24


def _unit(name, x0, y0, x1, y1):
    return UnitShape(id=name, label=f"{name} 10", side="p1" if x0 < 36 else "p2",
                     bases=[[(x0, y0), (x1, y0), (x1, y1), (x0, y1)]], centre=((x0 + x1) / 2, (y0 + y1) / 2),
                     front=((x0 + x1) / 2, y1))


def test_a_zoomed_board_labels_only_the_units_in_it_inside_the_image():
    view = TableView(width=72, height=48, units=[
        _unit("Spearmen", 30, 20, 36, 22),  # the zoomed unit
        _unit("Knights", 60, 40, 64, 42),  # far off: no label
        _unit("Zealots", 37, 18, 49, 20),  # its centre (43, 19) is out of the window, its left end in it
        _unit("Giant", 20, 44, 22, 46),  # below and left, out
        _unit("Vermin Swarm", 40.2, 21, 41.4, 22)])  # just beyond the right edge: its label was drawn over it
    zoomed = view.around("Spearmen")  # 26..40 x 16..26
    assert zoomed.window == (26.0, 16.0, 40.0, 26.0)
    s, (x0, y0, x1, y1), w, h, p = _frame(zoomed, 10)
    boxes = label_boxes(zoomed)
    assert len(boxes) == 2  # Spearmen and Zealots; not the Knights, the Giant, the Vermin Swarm
    assert _disjoint(boxes) is None
    assert all(0 <= b[0] and b[2] <= w and HEADER <= b[1] and b[3] <= HEADER + h for b in boxes)
    zealots = boxes[1]
    # by the part of the Zealots in view (x 37..40), not at the image's edge where their centre is
    left_end = p(38.5, 19)
    assert zealots[0] <= left_end[0] + 60 and abs((zealots[1] + zealots[3]) / 2 - left_end[1]) <= 40
    # the render draws no text where the Knights', Giant's and Vermin Swarm's labels used to be put (the edges)
    picture = Image.open(io.BytesIO(render_table(zoomed))).convert("RGB")
    assert picture.size[0] == w
    bare = Image.open(io.BytesIO(render_table(zoomed.model_copy(update={"units": zoomed.units[:1] + zoomed.units[2:3]})))).convert("RGB")
    assert picture.tobytes() == bare.tobytes()
