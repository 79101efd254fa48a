"""What a move's captions say (§24.10): the share of the footprint a move ends in terrain is the
one the rules read (all features of a kind together), a flee or pursuit that stays on the table
is captioned with its rolled distance and the distance it moved, placed as the other captions."""

from __future__ import annotations

import re

from engine.rulesets.ninth_age.actions import Advance, MoveStep
from engine.rulesets.ninth_age.terrain_layouts import feature
from engine.rulesets.ninth_age.terrain_rules import in_field, kind_share, mostly_in_forest, share_in

from game_helpers import apply, scenario


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
