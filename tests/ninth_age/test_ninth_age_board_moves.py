"""What a move's captions say (§24.10): the share of the footprint a move ends in terrain is the
one the rules read (all features of a kind together), a flee or pursuit that stays on the table
is captioned with its rolled distance and the distance it moved, placed as the other captions."""

from __future__ import annotations

import io
import math
import re

from PIL import Image

from engine.rulesets.ninth_age.actions import Advance, MoveStep
from engine.rulesets.ninth_age.casualties import flee
from engine.rulesets.ninth_age.combat import pursuit_move
from engine.rulesets.ninth_age.terrain_layouts import feature
from engine.rulesets.ninth_age.terrain_rules import in_field, kind_share, mostly_in_forest, share_in

from engine.table.view import PathShape
from renderers.style import contrast
from renderers.table import HALO, _frame, _gap, caption_boxes, caption_items, caption_leaders, render_table

from game_helpers import RULESET, apply, scenario
from loaded_dice import load


def _two_woods(kind: str):
    """Spearmen 5 wide, 3" from two woods of ``kind`` side by side with a 1" gap between
    them: an advance of 4" ends with its front in both, less than half of it in either."""
    state = scenario({"Spearmen": (30, 17, 0, 5)}, terrain="open")
    state.table.terrain.append(feature("Copse", kind, [(10, 20), (29.5, 20), (29.5, 40), (10, 40)]))
    state.table.terrain.append(feature("Wood", kind, [(30.5, 20), (50, 20), (50, 40), (30.5, 40)]))
    return state


def _ends(text: str) -> list[tuple[int, str]]:
    return [(int(n), names) for n, names in re.findall(r"(\d+)% in ([^;(]+) \(", text)]


def test_a_move_ending_across_two_forests_says_the_share_the_forest_rule_reads():
    state = _two_woods("forest")
    log = []
    state = apply(state, Advance(seat="p1", unit="Spearmen", steps=[MoveStep(kind="forward", amount=4)]), log=log)
    unit = state.units["Spearmen"]
    shape = unit.footprint().shape
    each = [share_in(shape, [t.polygon]) for t in state.table.terrain]
    assert all(0 < e < 0.5 for e in each)  # less than half in either wood...
    share = kind_share(state, shape, "forest")
    assert share > 0.5 and mostly_in_forest(state, unit)  # ...most of it in a forest (§18.7)
    advance = next(e for e in log if e.kind == "advance")
    # one share, the rule's, for the two woods together
    assert _ends(str(advance.text)) == [(round(share * 100), "Copse, Wood")], advance.text


def test_a_move_ending_across_two_fields_says_the_share_the_field_rule_reads():
    state = _two_woods("field")
    log = []
    state = apply(state, Advance(seat="p1", unit="Spearmen", steps=[MoveStep(kind="forward", amount=4)]), log=log)
    unit = state.units["Spearmen"]
    share = kind_share(state, unit.footprint().shape, "field")
    assert share >= 0.5 and in_field(state, unit)  # half or more in a Field: Flammable, Soft cover (§18.5)
    advance = next(e for e in log if e.kind == "advance")
    assert _ends(str(advance.text)) == [(round(share * 100), "Copse, Wood")], advance.text


# -- flee and pursuit vectors (§24.10) -----------------------------------------------------------------------
def _distances(caption: str) -> tuple[float, float]:
    """(rolled, moved) read off a flee's or pursuit's caption."""
    rolled, moved = re.fullmatch(r'([\d.]+)" rolled, ([\d.]+)" moved', caption).groups()
    return float(rolled), float(moved)


def _path(state, uid: str):
    return next(pa for pa in RULESET.board(state).paths if pa.points and state.last_moves and any(
        m["unit"] == uid and [tuple(q) for q in m["path"]] == list(pa.points) for m in state.last_moves))


def _drawn_like_the_others(view, text: str, drawn_words) -> None:
    """The caption is in the shared layout, drawn in an ink that reads on its white halo, with
    the halo around its letters, beside its path or led to it."""
    s, _, w, h, p = _frame(view, 10)
    item = next(c for c in caption_items(view, p, w, h, s) if c.text == text)
    assert contrast(item.ink, HALO) >= 4.5
    drawn_words.clear()
    im = Image.open(io.BytesIO(render_table(view))).convert("RGB")
    assert text in drawn_words
    box = dict(caption_boxes(view))[text]
    colours = {c for _, c in im.crop(tuple(round(v) for v in box)).getcolors(1 << 16)}
    assert HALO in colours and item.ink in colours
    led = {t for t, _, _ in caption_leaders(view)}
    path = next(pa for pa in view.paths if str(pa.label) == text)
    assert text in led or _gap(box, [p(*pt) for pt in path.points]) <= item.reach


def test_a_flight_that_stays_on_the_table_is_captioned_with_its_roll_and_the_distance_moved(drawn_words):
    state = scenario({"Spearmen": (30, 30, 0), "Brutes": (30, 40, 180)}, terrain="open")
    load(state, 3, 4)
    go = flee(state, state.units["Spearmen"], 180.0, [], "Spearmen break")
    assert state.units["Spearmen"].on_table
    path = _path(state, "Spearmen")
    assert path.kind == "flee"
    rolled, moved = _distances(str(path.label))
    assert rolled == go and moved == round(math.dist(path.points[0], path.points[-1]), 1) == go
    _drawn_like_the_others(RULESET.board(state), str(path.label), drawn_words)


def test_a_flight_extended_to_clear_a_unit_says_the_distance_it_really_moved():
    # the Halberdiers stand where the 7" flight would end: it goes on until it is 1" clear of them
    state = scenario({"Spearmen": (30, 30, 0), "Brutes": (30, 40, 180), "Halberdiers": (30, 23, 0)}, terrain="open")
    load(state, 3, 4)
    go = flee(state, state.units["Spearmen"], 180.0, [], "Spearmen break")
    path = _path(state, "Spearmen")
    rolled, moved = _distances(str(path.label))
    assert rolled == go and moved == round(math.dist(path.points[0], path.points[-1]), 1) > go


def test_a_pursuit_that_stays_on_the_table_is_captioned_with_its_roll_and_the_distance_moved(drawn_words):
    state = scenario({"Knights": (30, 20, 0, 4)}, terrain="open")
    pursuit_move(state, state.units["Knights"], 0.0, 9, [], pivoting=False)
    path = _path(state, "Knights")
    rolled, moved = _distances(str(path.label))
    assert (rolled, moved) == (9, round(math.dist(path.points[0], path.points[-1]), 1)) and moved == 9
    _drawn_like_the_others(RULESET.board(state), str(path.label), drawn_words)
    # stopped short by a friend in the way: it says how far it got
    state = scenario({"Knights": (30, 20, 0, 4), "Halberdiers": (30, 30, 0)}, terrain="open")
    pursuit_move(state, state.units["Knights"], 0.0, 9, [], pivoting=False)
    path = _path(state, "Knights")
    rolled, moved = _distances(str(path.label))
    assert rolled == 9 and moved == round(math.dist(path.points[0], path.points[-1]), 1) < 9


def test_a_pursuit_into_an_enemy_is_drawn_and_captioned():
    state = scenario({"Knights": (30, 20, 0, 4), "Brutes": (30, 30, 180)}, terrain="open")
    start = state.units["Knights"].footprint().centre
    pursuit_move(state, state.units["Knights"], 0.0, 9, [], pivoting=False)
    assert state.units["Knights"].pursuit_charge
    path = _path(state, "Knights")
    assert tuple(path.points[0]) == tuple(start) and tuple(path.points[-1]) == state.units["Knights"].footprint().centre
    rolled, moved = _distances(str(path.label))
    assert rolled == 9 and moved == round(math.dist(path.points[0], path.points[-1]), 1) < 9


def test_a_flights_caption_pushed_away_is_led_to_its_path():
    """Three failed charges' captions are laid first where the flight's belongs: it is pushed
    off its path and a leader line joins it to where the unit is."""
    state = scenario({"Spearmen": (30, 30, 90), "Brutes": (50, 10, 180)}, terrain="open")
    load(state, 3, 4)
    flee(state, state.units["Spearmen"], 270.0, [], "Spearmen break")  # 7" west
    view = RULESET.board(state)
    (x0, y), (x1, _) = view.paths[0].points[0], view.paths[0].points[-1]
    caption = str(view.paths[0].label)
    assert caption in {c for c, _ in caption_boxes(view)} and caption_leaders(view) == []  # alone: on its path
    failed = "failed: there is no room to make contact"
    mid = (x0 + x1) / 2
    view.paths[:0] = [PathShape(kind="charge", points=[(mid - 10 + i, y), (mid + 10 + i, y)], label=f"{failed} {i + 2}")
                      for i in range(-1, 2)]
    leaders = {t: (a, b) for t, a, b in caption_leaders(view)}
    _, _, _, _, p = _frame(view, 10)
    assert caption in leaders and leaders[caption][0] == p(x1, y)  # from the path's end, where the unit stands
