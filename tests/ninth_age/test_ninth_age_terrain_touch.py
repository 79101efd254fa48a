"""A unit standing against a terrain feature (flush, or overlapping it by the float noise of a
pose placed flush) that moves away from it or along it has not gone through it: the reply says
no "through", no Dangerous Terrain test, Water does not stop its march (the rule the charge
path search already follows, :func:`engine.table.charge_path.standing_against`). A move that
goes into the feature, or ends in it, still meets it. The standard layout: Farmhouse
33-39 x 22-26, Wheat Field 45-53 x 13-19, Pond 44-54 x 30-36; Knights are 3.94" square."""

import pytest

from engine.core.errors import IllegalAction
from engine.rulesets.ninth_age.actions import Charge, EndStep, March, MoveStep

from game_helpers import apply, scenario
from loaded_dice import left, load

HD = 1.968503937007874  # the Knights' half depth
NOISE = 0.0002  # inches a flush pose may overlap the feature by


def fwd(d):
    return MoveStep(kind="forward", amount=d)


def dangerous_tests(log):
    return [e for e in log if "Dangerous Terrain" in str(e.text)]


def _charge(state, unit, target, *dice):
    state = apply(state, Charge(seat="p1", unit=unit, target=target))
    load(state, 6, 6, *dice)
    log = []
    state = apply(state, EndStep(seat="p1"), log=log)
    return state, log


def test_a_charge_from_flush_against_the_farmhouse_away_from_it_is_not_through_it():
    # the Knights' rear overlaps the Farmhouse's north side (y 26) by float noise
    state = scenario({"Knights": (36, 26 - NOISE + HD, 0), "Brutes": (36, 40, 180)}, step="charges")
    assert state.units["Knights"].footprint().shape.intersects(next(t for t in state.table.terrain if t.name == "Farmhouse").polygon)
    state, log = _charge(state, "Knights", "Brutes")
    move = next(e for e in log if e.kind == "charge-move")
    assert "charge home" in str(move.text) and "Farmhouse" not in str(move.text), move.text
    assert "through" not in str(move.text)


def test_a_cavalry_charge_from_flush_against_a_field_away_from_it_tests_no_dangerous_terrain():
    state = scenario({"Knights": (49, 19 - NOISE + HD, 0), "Brutes": (49, 27, 180)}, step="charges")
    state, log = _charge(state, "Knights", "Brutes")
    move = next(e for e in log if e.kind == "charge-move")
    assert "Wheat Field" not in str(move.text), move.text
    assert dangerous_tests(log) == [] and left(state) == []
    assert state.units["Knights"].charged


def test_a_cavalry_charge_from_flush_against_a_field_into_it_still_tests():
    # the Knights' front overlaps the Wheat Field's south side (y 13) by float noise; they charge across it
    state = scenario({"Knights": (49, 13 + NOISE - HD, 0), "Brutes": (49, 25, 180)}, step="charges")
    state, log = _charge(state, "Knights", "Brutes", 6, 6, 6, 6, 6, 6, 6, 6)
    move = next(e for e in log if e.kind == "charge-move")
    assert "; through Wheat Field (Field)" in str(move.text), move.text
    [test] = dangerous_tests(log)
    assert "charging through Wheat Field; Field: Dangerous for Cavalry (§18.5)" in str(test.text)


def test_a_march_away_from_a_field_it_stands_against_is_not_through_it():
    state = scenario({"Knights": (49, 19 - NOISE + HD, 0)})
    log = []
    state = apply(state, March(seat="p1", unit="Knights", steps=[fwd(6)]), log=log)  # short of the Pond
    march = next(e for e in log if e.kind == "march")
    assert "Wheat Field" not in str(march.text), march.text
    assert dangerous_tests(log) == []


def test_a_march_from_flush_against_a_field_that_ends_in_it_still_counts():
    state = scenario({"Knights": (49, 13 + NOISE - HD, 0)})
    load(state, 6, 6, 6, 6, 6, 6, 6, 6)
    log = []
    state = apply(state, March(seat="p1", unit="Knights", steps=[fwd(2)]), log=log)
    march = next(e for e in log if e.kind == "march")
    assert "; ends 51% in Wheat Field (Field)" in str(march.text), march.text
    [test] = dangerous_tests(log)
    assert "marching through Wheat Field; Field: Dangerous for Cavalry (§18.5)" in str(test.text)


def test_a_march_away_from_water_it_stands_against_is_allowed_and_into_it_is_not():
    # the Knights' front (bearing 0) or rear (bearing 180) overlaps the Pond's south side (y 30) by float noise
    state = scenario({"Knights": (49, 30 + NOISE - HD, 180)})
    log = []
    state = apply(state, March(seat="p1", unit="Knights", steps=[fwd(8)]), log=log)
    assert state.units["Knights"].marched and "Pond" not in str(log[-1].text)
    state = scenario({"Knights": (49, 30 + NOISE - HD, 0)})
    with pytest.raises(IllegalAction, match="Pond"):
        apply(state, March(seat="p1", unit="Knights", steps=[fwd(8)]))


def test_fleeing_from_flush_against_a_field_away_from_it_tests_nothing_into_it_tests():
    from engine.rulesets.ninth_age.casualties import flee

    state = scenario({"Knights": (49, 19 - NOISE + HD, 0)})
    load(state, 2, 2, 2)  # 4" of flight (Swiftstride: the best two of 3D6), away from the Wheat Field
    log = []
    flee(state, state.units["Knights"], 0.0, log, "Knights flee")
    assert dangerous_tests(log) == [] and left(state) == []
    state = scenario({"Knights": (49, 13 + NOISE - HD, 0)})
    load(state, 2, 2, 2, *[6] * 8)  # 4" of flight into the Wheat Field, then its test
    log = []
    flee(state, state.units["Knights"], 0.0, log, "Knights flee")
    [test] = dangerous_tests(log)
    assert "fleeing through Wheat Field; Field: Dangerous for Cavalry (§18.5)" in str(test.text)
