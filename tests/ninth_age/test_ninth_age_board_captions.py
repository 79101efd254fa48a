"""The board's overlays say what they are (§24.10), in the shared caption layout: a Secure Target
marker whose it is (§20.2), a spell's or war machine's template its spell or weapon, a caption the
layout pushed away a leader line to its unit, a challenge a caption that reads at Discord's
preview width, and a unit fleeing off the table its path to the point of the edge it left by."""

from __future__ import annotations

import io
import math

from PIL import Image

from engine.rulesets.ninth_age.casualties import flee
from engine.table.view import CombatShape, PathShape, TableView
from renderers.style import INK, contrast
from renderers.table import (DUEL_INK, DUEL_PLATE, HALO, HEADER, TABLE_FILL, _frame, caption_boxes, caption_items,
                             caption_leaders, render_table)

from game_helpers import RULESET, scenario
from loaded_dice import load
from test_ninth_age_artillery import block, shoot, shooting
from test_ninth_age_board_labels import _disjoint

PREVIEW = 550 / 720  # Discord shows a 720 px board 550 px wide


def _image(view: TableView) -> Image.Image:
    return Image.open(io.BytesIO(render_table(view))).convert("RGB")


def test_each_secure_target_marker_is_captioned_with_whose_it_is(drawn_words):
    state = scenario({"Spearmen": (30, 10, 0), "Brutes": (30, 38, 180)}, terrain="open")
    state.objective = "secure"  # the markers' objective (the scenario's default is Hold the Ground)
    state.markers = {"p1": (20.0, 36.0), "p2": (52.0, 14.0)}
    view = RULESET.board(state)
    names = {s: state.seat(s).name for s in ("p1", "p2")}
    assert [str(m.label) for m in view.markers] == [f"Secure Target: {names['p1']}", f"Secure Target: {names['p2']}"]
    render_table(view)
    assert f"Secure Target: {names['p1']}" in drawn_words and f"Secure Target: {names['p2']}" in drawn_words
    # in the shared layout: under its marker, off the units' labels
    boxes = dict(caption_boxes(view))
    mine = boxes[f"Secure Target: {names['p1']}"]
    _, _, _, _, p = _frame(view, 10)
    mx, my = p(20, 36)
    assert mine[0] < mx < mine[2] and my < mine[1] < my + 20
    from renderers.table import label_boxes

    assert _disjoint([*boxes.values(), *label_boxes(view)]) is None


def test_a_spells_template_is_captioned_with_the_spell(drawn_words):
    from test_ninth_age_magic import cast, magic_phase

    state, _ = magic_phase(dice=(4, 4, 1, 1), placements={"Hedge Wizard": (30, 20, 0), "Brutes": (30, 30, 180, 3)})
    state.casters["Hedge Wizard"].spells = ["Cinder Storm"]
    load(state, 4, 4, 1)  # cast 8 + 1; a HIT: the template stays on the Brutes
    state = cast(state, wizard="Hedge Wizard", spell="Cinder Storm", dice=2, target="Brutes",
                 answers={"dispel": "none"})
    render_table(RULESET.board(state))
    assert "Cinder Storm" in drawn_words


def test_a_war_machines_template_and_cannonball_are_captioned_with_the_machine_and_its_weapon(drawn_words):
    state = shooting({"Mortar": (30, 10, 0), "Skulkers": (30, 30, 180)})
    block(state)
    load(state, 1, 4)  # the scatter die shows HIT: the template stays
    state = shoot(state, "Mortar", "Skulkers")
    view = RULESET.board(state)
    assert [str(t.label) for t in view.templates] == ["Mortar: catapult"]
    render_table(view)
    assert "Mortar: catapult" in drawn_words
    state = shooting({"Great Cannon": (30, 10, 0), "Skulkers": (30, 25, 180)})
    block(state)
    load(state, 5, 4, 3, 1)  # a hit; the first model slain, the second not wounded
    state = shoot(state, "Great Cannon", "Skulkers")
    drawn_words.clear()
    render_table(RULESET.board(state))
    assert "Great Cannon: cannon" in drawn_words


def _crowded_moves() -> TableView:
    """A unit's move whose caption belongs where three failed charges' captions are laid first:
    the layout pushes it away from its short path."""
    failed = "failed: there is no room to make contact"
    return TableView(width=72, height=48, paths=[
        *(PathShape(kind="charge", points=[(20 + i, 20), (40 + i, 20)], label=f"{failed} {i + 2}") for i in range(-1, 2)),
        PathShape(kind="advance", points=[(30, 19), (30, 21)], label='7"')])


def test_a_move_caption_pushed_away_gets_a_leader_line_to_its_unit():
    view = _crowded_moves()
    leaders = dict((text, (a, b)) for text, a, b in caption_leaders(view))
    assert '7"' in leaders
    start, end = leaders['7"']
    _, _, _, _, p = _frame(view, 10)
    assert start == p(30, 21)  # from where the unit stands, its path's end
    boxes = dict(caption_boxes(view))
    box = boxes['7"']
    assert box[0] <= end[0] <= box[2] and box[1] <= end[1] <= box[3]  # to the caption's edge
    assert math.dist(start, end) > 20
    # the line is drawn: where it runs clear of the paths and of the other captions (drawn over
    # it), it is in the caption's ink, not the table's
    im = _image(view)
    path_ys = [p(0, 20)[1]]
    (ox, oy0), (_, oy1) = p(30, 19), p(30, 21)  # the unit's own path, whichever way the caption was pushed
    clear = []
    for i in range(51):
        x, y = start[0] + (end[0] - start[0]) * i / 50, start[1] + (end[1] - start[1]) * i / 50
        if (abs(x - ox) <= 3 and min(oy0, oy1) - 3 <= y <= max(oy0, oy1) + 3) or any(abs(y - py) <= 3 for py in path_ys):
            continue  # on the unit's own path or a charge's
        if any(b[0] - 2 <= x <= b[2] + 2 and b[1] - 2 <= y <= b[3] + 2 for b in boxes.values()):
            continue
        clear.append(im.getpixel((round(x), round(y))))
    assert clear and all(c != TABLE_FILL for c in clear)
    # a caption left where it belongs has no line
    alone = TableView(width=72, height=48, paths=view.paths[3:])
    assert caption_leaders(alone) == []


def _duel_view() -> TableView:
    return TableView(width=72, height=48, combats=[CombatShape(label="", units=[], points=[],
                                                               duel=[(30, 24), (32, 24)],
                                                               duel_label="Challenge: Captain v Chieftain")])


def test_the_challenge_caption_reads_at_discords_preview_width():
    view = _duel_view()
    s, _, w, h, p = _frame(view, 10)
    item = next(c for c in caption_items(view, p, w, h, s) if c.text.startswith("Challenge"))
    # its words are large enough when Discord shrinks the board, and dark on a light plate
    assert item.size * PREVIEW >= 9
    assert contrast(item.ink, DUEL_PLATE) >= 7
    box = dict(caption_boxes(view))["Challenge: Captain v Chieftain"]
    # not over the crossed blades it captions
    mx, my = p(31, 24)
    r = max(4.0, 0.5 * s)
    assert box[1] > my + r + 1 and box[0] < mx < box[2]
    # drawn so: the plate and its gold edge, and dark words on it
    im = _image(view)
    inside = im.crop(tuple(round(v) for v in box))
    colours = {c for _, c in inside.getcolors(1 << 16)}
    assert DUEL_PLATE in colours and DUEL_INK in colours
    assert any(contrast(c, DUEL_PLATE) >= 7 for c in colours)


def test_every_caption_ink_reads_on_its_white_halo():
    """Yellow or orange words on a white outline were the hardest to read: a flight's caption
    was drawn in the flee path's orange, a challenge's in the blades' yellow."""
    from test_ninth_age_board_overlay_labels import _crowded_with_overlays

    view = _crowded_with_overlays()
    view.paths.append(PathShape(kind="flee", points=[(10, 40), (0, 44)], label="Skulkers flee off the table"))
    s, _, w, h, p = _frame(view, 10)
    items = caption_items(view, p, w, h, s)
    assert {"Skulkers flee off the table", "Challenge: Captain v Chieftain"} <= {c.text for c in items}
    for c in items:
        assert contrast(c.ink, HALO) >= 4.5, (c.text, c.ink)
    assert contrast(INK, HALO) >= 4.5


def test_a_unit_fleeing_off_the_table_has_its_path_drawn_to_the_edge_point_it_left_by(drawn_words):
    state = scenario({"Spearmen": (30, 3, 0), "Brutes": (30, 20, 180)}, terrain="open")
    unit = state.units["Spearmen"]
    start = unit.footprint().centre
    load(state, 3, 4)  # 7": well over the south edge
    flee(state, unit, 200.0, [], "Spearmen break")
    assert unit.location != "table"
    move = next(m for m in state.last_moves if m["unit"] == "Spearmen")
    assert move["kind"] == "flee"
    view = RULESET.board(state)
    path = next(pa for pa in view.paths if pa.kind == "flee")
    (x0, y0), (x1, y1) = path.points[0], path.points[-1]
    assert (x0, y0) == tuple(start)
    assert abs(y1) < 1e-6 and 0 <= x1 <= 72  # on the south edge
    # along the way it fled: 200 degrees, south and a little west
    assert abs(math.degrees(math.atan2(x1 - x0, y1 - y0)) % 360 - 200) < 0.5
    im = _image(view)
    _, _, _, _, p = _frame(view, 10)
    mid = p((x0 + x1) / 2, (y0 + y1) / 2)
    assert im.getpixel((round(mid[0]), round(mid[1]))) != TABLE_FILL
    assert str(path.label) == "Spearmen flee off the table"
    assert "Spearmen flee off the table" in drawn_words


def test_a_pursuit_off_the_table_has_its_path_drawn_to_the_edge():
    from engine.rulesets.ninth_age.combat import pursuit_move

    state = scenario({"Knights": (30, 40, 0, 4), "Spearmen": (30, 10, 0)}, terrain="open")
    start = state.units["Knights"].footprint().centre
    pursuit_move(state, state.units["Knights"], 0.0, 12, [], pivoting=False)
    assert state.units["Knights"].location == "reserve"
    move = next(m for m in state.last_moves if m["unit"] == "Knights")
    assert move["kind"] == "pursuit" and tuple(move["path"][0]) == tuple(start)
    assert move["path"][-1] == [start[0], 48.0] or tuple(move["path"][-1]) == (start[0], 48.0)
    assert move["label"] == '12"'


def test_a_template_on_a_unit_leaves_its_label_readable():
    """A console game's catapult template lay over 'Handgunners 10': the label was drawn under
    the template's tint. The template is drawn under the labels now."""
    from engine.table.view import TemplateShape, UnitShape

    from renderers.table import label_boxes

    # no bases nor arrow (their outlines are white too): the label's white letters alone
    unit = UnitShape(id="Handgunners", label="Handgunners 10", side="p1", bases=[], centre=(25, 11), front=(25, 12),
                     has_arcs=False)
    bare = TableView(width=72, height=48, units=[unit])
    hit = bare.model_copy(update={"templates": [TemplateShape(centre=(25, 11), diameter=5, label="")]})
    box = tuple(round(v) for v in label_boxes(bare)[0])

    def white(im: Image.Image) -> int:
        crop = im.crop(box)
        return sum(1 for x in range(crop.width) for y in range(crop.height) if crop.getpixel((x, y)) == (255, 255, 255))

    assert white(_image(hit)) == white(_image(bare)) > 20


def test_a_moves_caption_reads_in_the_readers_language_after_the_game_is_stored():
    """An Italian console board read 'failed: 13" is short of 20.9"': the caption, a sentence
    while the move was made, came back from the stored game as its English words."""
    from bot.i18n import localised_view

    from engine.core.text import Text

    state = scenario({"Spearmen": (30, 3, 0), "Brutes": (30, 20, 180)}, terrain="open")
    load(state, 3, 4)
    flee(state, state.units["Spearmen"], 180.0, [], "Spearmen break")
    stored = type(state).model_validate_json(state.model_dump_json())
    label = next(pa for pa in RULESET.board(stored).paths if pa.kind == "flee").label
    assert isinstance(label, Text) and label == "Spearmen flee off the table"
    italian = localised_view(RULESET.board(stored), "it")
    said = next(pa for pa in italian.paths if pa.kind == "flee").label
    assert said != "Spearmen flee off the table" and "Spearmen" in said
