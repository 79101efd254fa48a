"""Ninth Age movement (§8.10-8.14): advance, march and the March test, reform, pivots,
with E-16 and E-17, and the 1" rule after every accepted move (§24.11)."""

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.errors import IllegalAction
from engine.rulesets.ninth_age.actions import Advance, EndStep, March, MoveStep, Reform
from engine.table.contact import distance, in_contact

from game_helpers import RULESET, apply, scenario


def fwd(d):
    return MoveStep(kind="forward", amount=d)


def wheel(side, deg):
    return MoveStep(kind="wheel", amount=deg, side=side)


def test_e16_backward_and_sideways_advance_is_half_m():
    # Skulkers have M5 (skirmishers): back or sideways 2.5", forward 5" with wheels
    state = scenario({"Skulkers": (30, 40, 180)}, seat="p2")
    with pytest.raises(IllegalAction, match=r"the backward advance allows 2.5\""):
        RULESET.apply(state, Advance(seat="p2", unit="Skulkers", steps=[MoveStep(kind="back", amount=2.6)]))
    moved = apply(state, Advance(seat="p2", unit="Skulkers", steps=[MoveStep(kind="back", amount=2.5)]))
    assert moved.units["Skulkers"].pose.y == pytest.approx(42.5)
    with pytest.raises(IllegalAction, match=r"the sideways advance allows 2.5\""):
        RULESET.apply(state, Advance(seat="p2", unit="Skulkers", steps=[MoveStep(kind="left", amount=3)]))
    with pytest.raises(IllegalAction, match="one direction, with no wheels"):
        RULESET.apply(state, Advance(seat="p2", unit="Skulkers", steps=[wheel("left", 10), MoveStep(kind="back",
                                                                                                   amount=1)]))
    moved = apply(state, Advance(seat="p2", unit="Skulkers", steps=[wheel("left", 10), fwd(2.9), wheel("right", 10)]))
    assert moved.units["Skulkers"].moved
    with pytest.raises(IllegalAction, match=r"the forward advance allows 5\""):
        RULESET.apply(state, Advance(seat="p2", unit="Skulkers", steps=[fwd(5.2)]))


def test_e17_a_deep_unit_cannot_wheel_where_its_rear_corner_would_travel_too_far():
    # Spearmen: M4, march 8"; 5 wide (3.94") and 6 deep (4.72")
    state = scenario({"Spearmen": (36, 10, 0, 5)})
    w, d = 5 * 20 / 25.4, 6 * 20 / 25.4
    theta = math.radians(100)
    assert theta * w < 8 < 2 * math.hypot(w, d) * math.sin(theta / 2)
    with pytest.raises(IllegalAction, match=r"a model would end 9.4\" from where it started; no model may move "
                                            r"farther than 8\""):
        RULESET.apply(state, March(seat="p1", unit="Spearmen", steps=[wheel("right", 100)]))
    # the yellow unit: 30 models 15 wide (11.8") and 2 deep wheel for 8" at the outer corner
    state = scenario({"Spearmen": (36, 10, 0, 15)})
    deg = math.degrees(8 / (15 * 20 / 25.4))
    moved = apply(state, March(seat="p1", unit="Spearmen", steps=[wheel("left", deg)]), log=(log := []))
    assert "8.0\" of 8\" used" in log[-1].text
    # the green unit: two wheels and straight moves adding up to the allowance
    state = scenario({"Spearmen": (36, 10, 0, 15)})
    arc = math.radians(10) * 15 * 20 / 25.4
    moved = apply(state, March(seat="p1", unit="Spearmen", steps=[wheel("left", 10), fwd(8 - 2 * arc),
                                                                  wheel("right", 10)]), log=(log := []))
    assert "8.0\" of 8\" used" in log[-1].text and moved.units["Spearmen"].marched


def test_the_bot_answers_with_what_it_measured():
    state = scenario({"Spearmen": (36, 10, 0, 6)})
    log = []
    apply(state, Advance(seat="p1", unit="Spearmen", steps=[wheel("left", 30), fwd(1.0)]), log=log)
    # 6 files of 20 mm: W = 4.72", so 30° is 2.47" at the outer corner; the rear outer corner goes farthest
    assert log[-1].text == ('Spearmen advance: wheel left 30° = 2.5" at the outer corner, forward 1.0"; 3.5" of 4" '
                            'used, farthest model 3.8" from its start.')
    with pytest.raises(IllegalAction, match=r"a model would end 4.2\" from where it started"):
        RULESET.apply(state, Advance(seat="p1", unit="Spearmen", steps=[wheel("left", 30), fwd(1.5)]))


def test_march_test_with_enemies_within_8_inches():
    state = scenario({"Spearmen": (36, 10, 0, 6), "Brutes": (36, 20, 180)})
    log = []
    apply(state, March(seat="p1", unit="Spearmen", steps=[fwd(2)]), log=log)
    assert any("March test (enemy" in e.text for e in log)
    # with Ld 0 the test always fails: the unit still marches, no farther than M
    state.armies["p1"].units[state.units["Spearmen"].entry].parts[0].Ld = 0
    log = []
    # too far for M: not moved, the failed test told and kept (§8.12: taken before moving)
    state, events = RULESET.apply(state, March(seat="p1", unit="Spearmen", steps=[fwd(5)]))
    assert "uses 5.0\"; the forward march allows 4\"" in str(events[-1].text) and not state.units["Spearmen"].moved
    moved = apply(state, March(seat="p1", unit="Spearmen", steps=[fwd(3)]), log=log)
    assert "no farther than M (4\")" in " ".join(e.text for e in log) and moved.units["Spearmen"].marched
    # no enemy within 8": no test
    far = scenario({"Spearmen": (36, 10, 0, 6), "Brutes": (36, 40, 180)})
    log = []
    apply(far, March(seat="p1", unit="Spearmen", steps=[fwd(8)]), log=log)
    assert not any("March test" in e.text for e in log)


def test_cant_march_and_move_only_once():
    state = scenario({"Battle Chariot": (36, 10, 0), "Knights": (50, 10, 0)})
    with pytest.raises(IllegalAction, match="can't march .*Can't March"):
        RULESET.apply(state, March(seat="p1", unit="Battle Chariot", steps=[fwd(3)]))
    state = apply(state, Advance(seat="p1", unit="Knights", steps=[fwd(3)]))
    with pytest.raises(IllegalAction, match="Knights have already moved this phase"):
        RULESET.apply(state, Advance(seat="p1", unit="Knights", steps=[fwd(1)]))


def test_moves_wait_for_the_remaining_moves_sub_phase():
    state = scenario({"Knights": (50, 10, 0)}, step="charges")
    with pytest.raises(IllegalAction, match="Declare charges first"):
        RULESET.apply(state, Advance(seat="p1", unit="Knights", steps=[fwd(3)]))
    state = apply(state, EndStep(seat="p1"))
    assert state.step == "remaining"
    apply(state, Advance(seat="p1", unit="Knights", steps=[fwd(3)]))
    with pytest.raises(IllegalAction, match="turn"):
        RULESET.apply(state, Advance(seat="p2", unit="Knights", steps=[fwd(3)]))


def test_reform_about_the_centre():
    state = scenario({"Spearmen": (36, 10, 0, 6)})
    log = []
    moved = apply(state, Reform(seat="p1", unit="Spearmen", files=10, facing=90), log=log)
    unit = moved.units["Spearmen"]
    assert unit.formation.files == 10 and unit.pose.bearing == 90 and (unit.pose.x, unit.pose.y) == (36, 10)
    assert unit.reformed and log[-1].text.startswith("Spearmen reform 10 wide and 3 deep, facing 90°")
    # a long line would move the end models farther than 2M = 8"
    with pytest.raises(IllegalAction, match=r"no model may move more than 2 × M = 8\""):
        RULESET.apply(state, Reform(seat="p1", unit="Spearmen", files=30, facing=0))


def test_single_models_may_pivot_units_may_not():
    state = scenario({"Giant": (36, 30, 180), "Brutes": (20, 40, 180)}, seat="p2")
    moved = apply(state, Advance(seat="p2", unit="Giant", steps=[fwd(3)], pivot=90))
    assert moved.units["Giant"].pose.bearing == 90 and moved.units["Giant"].pose.x == pytest.approx(39)
    with pytest.raises(IllegalAction, match="Only single-model units may pivot"):
        RULESET.apply(state, Advance(seat="p2", unit="Brutes", steps=[fwd(1)], pivot=90))


UNITS = ["Spearmen", "Knights", "Crossbowmen", "Zealots"]
ENEMIES = ["Brutes", "Trolls", "Vermin Swarm"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(UNITS), st.floats(8, 64), st.floats(6, 20), st.floats(-40, 40),
       st.lists(st.tuples(st.floats(6, 66), st.floats(14, 42), st.floats(0, 359)), min_size=2, max_size=3),
       st.lists(st.one_of(st.builds(fwd, st.floats(0, 8)), st.builds(wheel, st.sampled_from(["left", "right"]),
                                                                      st.floats(0, 60))), min_size=1, max_size=3),
       st.booleans())
def test_after_any_accepted_move_units_are_an_inch_apart(mover, x, y, bearing, enemies, steps, march):
    placements = {mover: (x, y, bearing)}
    for name, (ex, ey, eb) in zip(ENEMIES, enemies):
        placements[name] = (ex, ey, eb)
    state = scenario(placements)
    units = state.on_table()
    for i, a in enumerate(units):  # a legal starting position first
        for b in units[i + 1:]:
            if distance(a.footprint(), b.footprint()) < 1:
                return
        if not state.table.fully_on(a.footprint().shape):
            return
        # a start already within 1" of Impassable Terrain is not one a move could have left (a 0" advance there
        # stays where it is, and the check below would blame the move)
        if state.table.impassable().distance(a.footprint().shape) < 1:
            return
    action = (March if march else Advance)(seat="p1", unit=mover, steps=steps)
    try:
        after = apply(state, action)
    except IllegalAction:
        return
    moved = after.units[mover].footprint()
    for other in after.on_table():
        if other.id != mover:
            assert distance(moved, other.footprint()) >= 1 - 1e-3 or in_contact(moved, other.footprint())
    assert after.table.fully_on(moved.shape)
    assert after.table.impassable().distance(moved.shape) >= 1 - 1e-3


def test_free_reform_moves_any_formation_measured_around_obstacles():
    from engine.rulesets.ninth_age.actions import FreeReform

    # Skulkers (Skirmishers: Free Reform, M5) behind the Farmhouse (33-39 x 22-26)
    state = scenario({"Skulkers": (36, 29, 180)}, seat="p2")
    log = []
    moved = apply(state, Advance(seat="p2", unit="Skulkers", steps=[], to=FreeReform(x=36, y=32, facing=90,
                                                                                       files=2)), log=log)
    unit = moved.units["Skulkers"]
    assert unit.formation.files == 2 and unit.pose.bearing == 90 and "Free Reform" in log[-1].text
    # marching (10"): straight through the building each model would move 9.8"; around it,
    # keeping 1" away, farther than 10"
    from engine.rulesets.ninth_age.actions import March

    with pytest.raises(IllegalAction, match=r"around the obstacles; Free Reform allows 10\""):
        RULESET.apply(state, March(seat="p2", unit="Skulkers", steps=[], to=FreeReform(x=36, y=19.2, facing=180,
                                                                                        files=5)))
    # a unit without Free Reform is told how to move
    state = scenario({"Spearmen": (20, 10, 0, 6)})
    with pytest.raises(IllegalAction, match="Spearmen have no Free Reform"):
        RULESET.apply(state, Advance(seat="p1", unit="Spearmen", steps=[], to=FreeReform(x=20, y=12, facing=0,
                                                                                          files=6)))


def test_water_stops_a_march_and_ruins_are_dangerous_to_march_through():
    # the Pond: (44,31)-(54,33)... ; Knights south of it
    state = scenario({"Knights": (49, 25, 0)})
    with pytest.raises(IllegalAction, match="can't march into, across or out of Water \\(Pond"):
        RULESET.apply(state, March(seat="p1", unit="Knights", steps=[fwd(8)]))
    apply(state, Advance(seat="p1", unit="Knights", steps=[fwd(4)]))  # an advance may enter it
    # the Ruined Chapel (21-28 x 12-17): marching through is a Dangerous Terrain test
    state = scenario({"Halberdiers": (24.5, 8, 0)})
    log = []
    moved = apply(state, March(seat="p1", unit="Halberdiers", steps=[fwd(8)]), log=log)
    test = next(e for e in log if "Dangerous Terrain" in e.text)
    assert ("marching through Ruined Chapel; Ruins: Dangerous for every unit but Skirmishers (§18.9); 1D6 a model, "
            "each 1 a wound") in test.text and len(test.roll.dice) == 20
    assert moved.units["Halberdiers"].models == 20 - test.roll.dice.count(1)
    # Skirmishers do not find ruins dangerous
    state = scenario({"Skulkers": (24.5, 8, 0)}, seat="p2")
    log = []
    apply(state, March(seat="p2", unit="Skulkers", steps=[fwd(8)]), log=log)
    assert not any("Dangerous Terrain" in e.text for e in log)


def test_a_free_reform_march_that_fails_its_march_test_moves_no_farther_than_m():
    """Skulkers (Skirmishers, M5) marching with to: within 8" of an enemy and failing the March
    test still move, up to M (it raised a NameError: 'internal error')."""
    from engine.rulesets.ninth_age.actions import FreeReform

    state = scenario({"Skulkers": (36, 10, 0), "Spearmen": (36, 20, 180, 6)}, seat="p2")
    state.armies["p2"].units[state.units["Skulkers"].entry].parts[0].Ld = 0  # the test always fails
    refused, events = RULESET.apply(state, March(seat="p2", unit="Skulkers", steps=[], to=FreeReform(
        x=36, y=15.5, facing=0, files=5)))  # too far for M: not moved, the failed test kept
    assert "Free Reform allows 5\"" in str(events[-1].text) and not refused.units["Skulkers"].moved
    assert refused.units["Skulkers"].march_test == "failed"
    log = []
    moved = apply(state, March(seat="p2", unit="Skulkers", steps=[], to=FreeReform(x=36, y=13, facing=0, files=5)),
                  log=log)
    assert moved.units["Skulkers"].marched and "March test" in " ".join(e.text for e in log)


def test_fly_moves_by_x_over_units_and_terrain():
    """Fly (X) (§22): the Warlord on Wyvern (Fly (8)) flies 8", 16" marching, over a unit and the
    Farmhouse (33-39 x 22-26); only where it lands counts. It was refused: 'a model would travel
    25.8" around the obstacles; Free Reform allows 6"'."""
    from engine.rulesets.ninth_age.actions import FreeReform

    state = scenario({"Warlord on Wyvern": (36, 17, 0), "Spearmen": (36, 45, 180, 6)}, seat="p2")
    log = []
    moved = apply(state, March(seat="p2", unit="Warlord on Wyvern", steps=[], to=FreeReform(x=36, y=31, facing=0,
                                                                                              files=1)), log=log)
    assert moved.units["Warlord on Wyvern"].pose.y == 31 and "flying (Fly 8)" in log[-1].text
    with pytest.raises(IllegalAction, match=r"allows 8\""):
        RULESET.apply(state, Advance(seat="p2", unit="Warlord on Wyvern", steps=[], to=FreeReform(
            x=36, y=31, facing=0, files=1)))
    with pytest.raises(IllegalAction, match=r"the unit would enter Farmhouse at \(38.0, 22.0\); Farmhouse is a Building: "
                                            "Impassable terrain"):  # it may not land on the building
        RULESET.apply(state, March(seat="p2", unit="Warlord on Wyvern", steps=[], to=FreeReform(
            x=36, y=24, facing=0, files=1)))
    # forward over a unit in its way, marching 16" (2 × 8)
    state = scenario({"Warlord on Wyvern": (60, 10, 0), "Brutes": (60, 17, 0)}, seat="p2")
    log = []
    moved = apply(state, March(seat="p2", unit="Warlord on Wyvern", steps=[fwd(15)]), log=log)
    march = next(e for e in log if e.kind == "march")
    assert moved.units["Warlord on Wyvern"].pose.y == pytest.approx(25) and "of 16\" used" in march.text
    # it flew over the Forest (54-62 x 20.5-29), which is Dangerous for a flying move (§18.7, §22 Fly): 4D6
    # for a Ridden Monster; it flew over the Brutes without harm
    test = next(e for e in log if "Dangerous Terrain" in e.text)
    assert "marching through Forest; Forest: Dangerous for a flying move (§18.7)" in test.text
    assert len(test.roll.dice) == 4
