"""Tied charge placements (§24.5) a player could not tell apart are one choice (rules version 7,
NinthAgeState.near_ties_v7); a version-6 game keeps the places 0.1" apart its log's answers index."""

import pytest

from engine.core.decisions import DecisionNeeded
from engine.core.rng import Rng
from engine.rulesets.ninth_age.actions import Charge, EndStep
from engine.rulesets.ninth_age.charges import _choose_placement
from engine.table.charge import FlushPose
from engine.table.contact import in_contact
from engine.table.footprint import Pose

from game_helpers import RULESET, apply, scenario


def _charged_cannon(version: int):
    # played (n9-play6): a charge on a round-based war machine asked "Brutes can contact Great Cannon as
    # well in 3 places (1: ... the charger's centre at (40.9, 12.8), facing 180°; 2: ... (40.8, 12.8) ...;
    # 3: ... (40.7, 12.8) ...)": places a tenth of an inch apart, none a player could point at
    state = scenario({"Great Cannon": (40, 10, 0), "Brutes": (42, 17, 200)}, seat="p2", step="charges",
                     terrain="open")
    state.rules_version = version
    state.rng = Rng.from_seed(0)
    state = apply(state, Charge(seat="p2", unit="Brutes", target="Great Cannon"), {"reaction": "hold"})
    return RULESET.apply(state, EndStep(seat="p2"))[0]


def test_places_a_tenth_of_an_inch_apart_are_one_choice():
    moved = _charged_cannon(7)
    assert moved.pending is None or not moved.pending.decision.key.startswith("placement-"), \
        moved.pending.decision.question
    assert moved.units["Brutes"].charged
    assert in_contact(moved.units["Brutes"].footprint(), moved.units["Great Cannon"].footprint())


def test_a_version_6_game_still_offers_the_places_its_log_answers():
    asked = _charged_cannon(6)
    assert asked.pending is not None and asked.pending.decision.key == "placement-Brutes"
    assert asked.pending.decision.options == ["1", "2", "3"]
    assert "(40.9, 12.8)" in str(asked.pending.decision.question)


def _poses(state, *places):
    fp = state.units["Skulkers"].footprint()
    return [FlushPose(footprint=fp.at(Pose(x=x, y=y, bearing=b)), side=side, contact=2, turn=0, travel=2)
            for x, y, b, side in places]


@pytest.mark.parametrize("version", [6, 7])
def test_a_real_alternative_stays_a_choice(version):
    # five places 0.08" apart (one, from rules version 7), one 0.4" along the front (half a 20 mm base: a
    # slide that lines the models up differently), one 1.5", one turned 5°, one turned 0.5° (not), one at
    # about the same centre against another side
    state = scenario({"Captain": (30, 10, 0), "Skulkers": (30, 14, 180, 5)}, seat="p2", step="charges",
                     terrain="open")
    state.rules_version = version
    poses = _poses(state, *[(30 + i * 0.08, 12.0, 180, "front") for i in range(5)], (30.4, 12.0, 180, "front"),
                   (31.5, 12.0, 180, "front"), (30.0, 12.0, 175, "front"), (30.2, 12.0, 180.5, "front"),
                   (30.1, 12.1, 180, "left"))
    with pytest.raises(DecisionNeeded) as asked:
        _choose_placement(state, state.units["Skulkers"], state.units["Captain"], poses)
    question = str(asked.value.decision.question)
    if version == 6:  # each place 0.1" apart as a reply shows it, the first five, as an older game asked
        assert asked.value.decision.options == ["1", "2", "3", "4", "5"] and "0.1\" right" in question, question
        assert "1.5\" right" not in question, question
        return
    assert asked.value.decision.options == ["1", "2", "3", "4", "5"], question
    assert "0.1\" right" not in question and "0.2\" right" not in question and "0.3\" right" not in question, question
    assert "0.4\" right" in question and "1.5\" right" in question and "facing 175°" in question, question
    assert "left flank" in question, question


def test_a_half_base_slide_stays_a_choice():
    # Knights (25 mm bases) against Wolf Riders: centred, or 12.5 mm (0.49") either way, are three places
    state = scenario({"Captain": (30, 10, 0), "Skulkers": (30, 14, 180, 5)}, seat="p2", step="charges",
                     terrain="open")
    poses = _poses(state, (30.0, 12.0, 180, "front"), (29.507874, 12.0, 180, "front"), (30.492126, 12.0, 180, "front"))
    with pytest.raises(DecisionNeeded) as asked:
        _choose_placement(state, state.units["Skulkers"], state.units["Captain"], poses)
    assert asked.value.decision.options == ["1", "2", "3"]
