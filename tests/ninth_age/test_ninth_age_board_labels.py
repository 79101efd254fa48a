"""Unit labels on the Ninth Age board never overlap (§24.10: a label per unit, with its badges):
the layout is a pure function (renderers.table.layout_labels) the renderer draws from, tested
alone and on a crowded table."""

import io

from PIL import Image

import renderers.table as table
from renderers.table import HEADER, label_boxes, layout_labels, render_table

from game_helpers import RULESET, scenario


def _disjoint(boxes):
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if not (min(a[2], b[2]) <= max(a[0], b[0]) + 1e-9 or min(a[3], b[3]) <= max(a[1], b[1]) + 1e-9):
                return (a, b)
    return None


def test_layout_labels_spreads_labels_that_share_one_spot():
    items = [((60 + 7 * i, 18), (100, 100), (90, 90, 110, 110)) for i in range(30)]
    laid = layout_labels(items, (0, 0, 720, 480))
    boxes = [rect for rect, _ in laid]
    assert _disjoint(boxes) is None
    assert all(0 <= b[0] and b[2] <= 720 and 0 <= b[1] and b[3] <= 480 for b in boxes)
    assert laid[0] == ((100 - 30, 91, 100 + 30, 109), False)  # the first keeps its unit's centre
    assert all(moved for _, moved in laid[1:])  # the others are moved off it (a leader line)
    # nearer first: the second label sits right next to the footprint
    assert abs((boxes[1][1] + boxes[1][3]) / 2 - 100) <= 18 + 10 + 1e-9 or boxes[1][0] >= 110 - 1e-9 \
        or boxes[1][2] <= 90 + 1e-9


def test_layout_labels_takes_the_least_overlap_only_when_there_is_no_room():
    # three 150 px high labels fit in 480 px (one on the centre, one above, one below); a fourth cannot
    items = [((700, 150), (360, 240), (350, 230, 370, 250))] * 4
    boxes = [rect for rect, _ in layout_labels(items, (0, 0, 720, 480))]
    assert _disjoint(boxes[:3]) is None and _disjoint(boxes) is not None
    assert all(0 <= b[0] and b[2] <= 720 for b in boxes)


def _crowded():
    """Twenty units of both armies packed 4" apart in the middle of the table, with badges (the
    layout before rings of spots put some of them over each other)."""
    names = ["Spearmen", "Crossbowmen", "Handgunners", "War Hounds", "Halberdiers", "Knights", "Pistoliers",
             "Zealots", "Great Cannon", "Bolt Thrower", "Brutes", "Brute Bulls", "Wolf Riders", "Trolls",
             "Sabre Beasts", "Boar Riders", "Giant", "Stone Thrower", "Skulkers", "Vermin Swarm"]
    placements = {name: (30 + 4 * (i % 5), 18 + 4 * (i // 5), 0 if i < 10 else 180, 2) for i, name in enumerate(names)}
    state = scenario(placements, terrain="open")
    for i, name in enumerate(names):
        state.units[name].marched = i % 2 == 0
        state.units[name].charged = i % 3 == 0
    return state, RULESET.board(state)


def test_a_crowded_board_draws_every_label_apart_inside_the_image(monkeypatch):
    state, view = _crowded()
    assert len(view.units) == 20 and all(u.badges for u in view.units if u.id in ("Spearmen", "War Hounds"))
    boxes = label_boxes(view)
    assert len(boxes) == 20
    assert _disjoint(boxes) is None
    assert all(0 <= b[0] and b[2] <= 720 and HEADER <= b[1] and b[3] <= HEADER + 480 for b in boxes)
    # the renderer draws from the same layout
    drawn = []
    real = table.layout_labels

    def spy(*args, **kw):
        out = real(*args, **kw)
        drawn.append([rect for rect, _ in out])
        return out

    monkeypatch.setattr(table, "layout_labels", spy)
    picture = Image.open(io.BytesIO(render_table(view)))
    assert picture.size[0] == 720 and drawn == [boxes]
