"""Ninth Age victory (§20): victory points, secondary objectives, margins (E-45) and Battle
Points (E-44)."""

from engine.rulesets.ninth_age.victory import battle_points, ledger, margin, score, scoring, secondary

from game_helpers import scenario


def test_e45_victory_margins():
    assert [margin(d, 2000) for d in (90, 100, 400, 401, 1201)] == ["draw", "minor", "minor", "major", "massacre"]


def test_e44_battle_points():
    assert battle_points(1400, 600, 2500, achieved=(True, False)) == (9, 1)
    assert battle_points(1400, 600, 2500, achieved=(True, True)) == (7, 3)  # both achieve: it cancels
    assert battle_points(100, 0, 2500, achieved=(False, False)) == (5, 5)
    assert battle_points(0, 2000, 2500, achieved=(True, False)) == (4, 6)  # 2/8, then +2/-2
    assert battle_points(0, 100, 2500, achieved=(False, True)) == (3, 7)


def test_victory_points_for_destroyed_fled_and_fleeing_units_and_the_general():
    state = scenario({"Brutes": (30, 40, 180), "Trolls": (50, 40, 180), "Spearmen": (30, 10, 0, 6)})
    state.objective = "none"
    state.units["Warlord on Wyvern"].location = "destroyed"  # the enemy General
    state.units["Giant"].location = "fled"
    state.units["Trolls"].fleeing = True
    lines = dict(ledger(state, "p1").lines)
    assert lines == {"Warlord on Wyvern destroyed": 440, "The King is Dead": 100, "Giant fled off the table": 210,
                     "Trolls fleeing": 98}
    state.units["Brutes"].models = 1  # 1 of 6 models: 3 of 18 wounds, at most 25 %: decimated
    assert dict(ledger(state, "p1").lines)["Brutes decimated"] == 150
    result = score(state, [])
    assert result.winners == ["p1"] and result.reason.startswith("Major victory, 998 to 0 VP")


def test_scoring_units_and_the_secondary_objectives():
    state = scenario({"Spearmen": (36, 20, 0, 6), "Crossbowmen": (36, 30, 0), "Brutes": (36, 30.5, 180),
                      "Skulkers": (20, 24, 180)})
    assert scoring(state, state.units["Spearmen"])  # it has a standard bearer
    assert not scoring(state, state.units["Crossbowmen"])  # no standard
    assert not scoring(state, state.units["Skulkers"])  # Skirmishers have Free Reform
    state.objective = "hold"
    state.units["Brutes"].location = "reserve"
    assert secondary(state) == {"p1": True, "p2": False}  # Spearmen within 6" of the centre
    state.units["Brutes"].location = "table"
    state.units["Brutes"].pose = state.units["Brutes"].pose.moved(36, 27)
    assert secondary(state) == {"p1": False, "p2": False}  # one each: nobody holds it
    state.objective = "breakthrough"
    state.units["Spearmen"].pose = state.units["Spearmen"].pose.moved(36, 44)
    assert secondary(state) == {"p1": True, "p2": False}
    state.units["Spearmen"].pose = state.units["Spearmen"].pose.moved(36, 35.5)  # less than half inside
    assert secondary(state)["p1"] is False
