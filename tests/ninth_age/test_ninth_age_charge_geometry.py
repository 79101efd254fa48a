"""Charge and reform geometry (issue #10): a charge ends flush with the side it charged, both units
agreeing which side that is (§8.5); the combat-reform question offers only sides that can be taken
(§11.14); a charger that may not redirect says why (§8.4); models brought back at the rear fit
where they stand (§7.8)."""

import pytest

from engine.core.errors import IllegalAction
from engine.rulesets.ninth_age.actions import Charge, EndStep
from engine.table.charge import flush_contact, flush_poses
from engine.table.contact import contact_side, models_in_contact
from engine.table.footprint import Formation, Pose, footprint

from game_helpers import apply, scenario

# Brutes 4 wide: a front rank of 4, a rear rank of 2 in the middle files, the flank's rear half empty
BRUTES_4_WIDE = (36, 24, 0, 4)
# Crossbowmen (friends of the charger) standing beside the front half of the Brutes' left flank,
# 0.05" from it: only the empty rear half of the flank is left to stand against
BESIDE_THE_FLANK = (30.83, 25.24, 0)


def _charge(state, unit, target, log):
    state = apply(state, Charge(seat=state.units[unit].owner, unit=unit, target=target), {}, log)
    return apply(state, EndStep(seat=state.active), {}, log)


def test_flush_poses_against_a_short_last_rank_touch_the_flank_along_a_model():
    target = footprint(Formation(base_width_mm=25, base_depth_mm=50, files=4, models=5), Pose(x=36, y=24))
    charger = footprint(Formation(base_width_mm=20, base_depth_mm=20, files=1, models=1), Pose(x=20, y=24, bearing=90))
    old = flush_poses(charger, target, "left")
    # the old search offered a corner of the charger against the corner of the front rank's last model
    corner = [p for p in old if contact_side(p.footprint, target) != "front"]
    assert corner and all(contact_side(target, p.footprint) == "left" for p in corner)
    new = flush_poses(charger, target, "left", sides_agree=True)
    assert new and len(new) < len(old)
    for p in new:
        assert flush_contact(p.footprint, target, "left")
        assert contact_side(p.footprint, target) == "front" and contact_side(target, p.footprint) == "left"
    assert not any(flush_contact(p.footprint, target, "left") for p in corner)


def test_a_charge_on_a_flank_whose_rear_is_empty_may_not_end_corner_to_corner():
    state = scenario({"Marshal": (26, 23.0, 90), "Brutes": BRUTES_4_WIDE, "Crossbowmen": BESIDE_THE_FLANK},
                     step="charges")
    assert state.placement_v6
    with pytest.raises(IllegalAction, match="Marshal has no room to reach Brutes' left flank"):
        _charge(state, "Marshal", "Brutes", [])


def test_a_game_begun_before_version_6_still_charges_corner_to_corner():
    state = scenario({"Marshal": (26, 23.0, 90), "Brutes": BRUTES_4_WIDE, "Crossbowmen": BESIDE_THE_FLANK},
                     step="charges")
    state.rules_version = 5  # as a game of rules version 5 is rebuilt
    log = []
    state = _charge(state, "Marshal", "Brutes", log)
    marshal, brutes = state.units["Marshal"].footprint(), state.units["Brutes"].footprint()
    assert any("Marshal charges home into Brutes' left flank" in e.text for e in log)
    assert len(models_in_contact(marshal, brutes)) == 1 and contact_side(marshal, brutes) != "front"


def test_a_flank_charge_with_room_ends_flush_and_both_units_read_the_flank():
    state = scenario({"Marshal": (26, 23.0, 90), "Brutes": BRUTES_4_WIDE}, step="charges")
    log = []
    state = _charge(state, "Marshal", "Brutes", log)
    assert any("Marshal charges home into Brutes' left flank" in e.text for e in log)
    marshal, brutes = state.units["Marshal"].footprint(), state.units["Brutes"].footprint()
    assert contact_side(brutes, marshal) == "left" and contact_side(marshal, brutes) == "front"
    assert flush_contact(marshal, brutes, "left")


# -- the combat-reform question (§11.14) ----------------------------------------------------------
def _reform_question(state):
    """The Halberdiers' combat-reform question: every earlier one answered with its default."""
    from engine.core.decisions import DecisionNeeded
    from engine.rulesets.ninth_age import combat
    from engine.rulesets.ninth_age.melee import SideScore, outcome

    rnd = combat.Round(units=["Brutes", "Halberdiers"])
    result = outcome("p2", SideScore(wounds=2), "p1", SideScore(wounds=1))
    answers = []
    for _ in range(10):
        trial = state.model_copy(deep=True)
        trial.begin_answers(list(answers))
        try:
            combat.combat_reforms(trial, rnd, result, [])
        except DecisionNeeded as asked:
            if asked.decision.key == "combat-reform-Halberdiers":
                return asked.decision
            answers.append(asked.decision.default or asked.decision.options[0])
            continue
        raise AssertionError("the Halberdiers were not asked")
    raise AssertionError("too many questions")


def _hemmed_in():
    """Halberdiers 10 wide fighting the Brutes with their front, their own Crossbowmen beside their
    south flank: every sideways or rearward formation would overlap them or stand within 1"."""
    from test_ninth_age_melee_characters import _flanked

    from game_helpers import place

    state = _flanked()
    place(state, "Crossbowmen", 36, 26, 270)
    return state


def test_the_combat_reform_question_offers_only_sides_with_a_legal_width():
    from engine.rulesets.ninth_age import combat_reform

    state = _hemmed_in()
    cands = combat_reform.candidates(state, state.units["Halberdiers"])
    legal = {c.face for c in cands if c.problem is None}
    assert legal == {"front"}
    asked = _reform_question(state)
    assert asked.options == ["no", "front"]
    assert "Legal: front " in asked.question and "left" not in asked.question.split("Legal:")[1]


def test_a_game_begun_before_version_6_is_offered_every_side_as_it_was():
    state = _hemmed_in()
    state.rules_version = 5
    assert _reform_question(state).options == ["no", "front", "left", "right", "rear"]


# -- a charger with nowhere to redirect (§8.4) ------------------------------------------------------
def test_a_charger_with_no_other_legal_target_says_it_cannot_redirect():
    # the Skulkers fled and the reply said nothing of the Knights' redirect: no question, no line
    state = scenario({"Knights": (30, 10, 0), "Skulkers": (30, 20, 180), "Brutes": (60, 44, 180)}, step="charges")
    log = []
    state = apply(state, Charge(seat="p1", unit="Knights", target="Skulkers"), {"reaction": "flee"}, log)
    texts = [e.text for e in log]
    assert "Knights cannot redirect: no other enemy is a legal target (§8.4)." in texts, texts
    assert not state.units["Knights"].redirected  # no test was taken: it may still redirect this turn
    assert [c.target for c in state.charges] == ["Skulkers"]  # the charge stays on the fleeing unit
    # with another enemy in reach, the question is asked and the line is not said
    state = scenario({"Knights": (30, 10, 0), "Skulkers": (30, 20, 180), "Brutes": (44, 22, 180)}, step="charges")
    log = []
    apply(state, Charge(seat="p1", unit="Knights", target="Skulkers"), {"reaction": "flee", "redirect-test": "keep"},
          log)
    assert not any("cannot redirect" in e.text for e in log)


# -- models brought back at the rear (Recover Wounds, §7.8) -------------------------------------------
def _spearmen_with_friends_behind():
    """Spearmen 6 wide, 23 models left (3 full ranks and 5 in the fourth), their own Crossbowmen
    0.3" behind that fourth rank: room for one more model in it, none for a fifth rank."""
    from engine.rulesets.ninth_age.casualties import lose_wounds

    state = scenario({"Spearmen": (30, 10, 0, 6)})
    spearmen = state.units["Spearmen"]
    lose_wounds(state, spearmen, 7, [])
    fp = spearmen.footprint()
    rear = fp.world((0, -fp.half_depth))[1]
    assert spearmen.models == 23 and fp.depth == pytest.approx(4 * 20 / 25.4)
    from game_helpers import place

    place(state, "Crossbowmen", 30, rear - 0.3 - 1.5 * 20 / 25.4, 0)
    return state


def test_recover_brings_back_only_the_models_that_fit_behind_the_unit():
    from engine.rulesets.ninth_age.healing import heal, said

    state = _spearmen_with_friends_behind()
    spearmen = state.units["Spearmen"]
    done = heal(state, spearmen, 3, recover=True)
    assert spearmen.models == 24 and done.returned == ["rank-and-file"] and done.lost == 2
    fp, crossbows = spearmen.footprint(), state.units["Crossbowmen"].footprint()
    assert fp.shape.intersection(crossbows.shape).area == 0
    assert str(said(state, spearmen, done, "3")) == (
        "Spearmen recover 3 wounds: 1 rank-and-file model returns to the rear rank; no room for more models at the "
        "rear (the unit would overlap Crossbowmen): models that do not fit are not brought back; 2 wounds lost.")
    # nothing fits any more: no model back, every wound lost, and said so
    done = heal(state, spearmen, 2, recover=True)
    assert spearmen.models == 24 and done.returned == [] and done.lost == 2
    assert "models that do not fit are not brought back" in str(said(state, spearmen, done, "2"))


def test_recover_in_a_game_begun_before_version_6_brings_every_model_back_as_it_did():
    from engine.rulesets.ninth_age.healing import heal

    state = _spearmen_with_friends_behind()
    state.rules_version = 5
    spearmen = state.units["Spearmen"]
    heal(state, spearmen, 3, recover=True)
    assert spearmen.models == 26
    assert spearmen.footprint().shape.intersection(state.units["Crossbowmen"].footprint().shape).area > 0


def test_recover_forms_a_fallen_unit_again_only_with_the_models_that_fit_behind_its_characters():
    # the Marshal and the Hedge Wizard stand for the Spearmen (§16.2), the Crossbowmen right behind them
    from engine.rulesets.ninth_age.healing import heal, said

    from game_helpers import place
    from test_ninth_age_healing import _fallen_spearmen

    state, _front = _fallen_spearmen()
    marshal = state.units["Marshal"].footprint()
    rear = marshal.world((0, -marshal.half_depth))[1]
    place(state, "Crossbowmen", marshal.centre[0], rear - 0.2 - 1.5 * 20 / 25.4, 0)
    spearmen = state.units["Spearmen"]
    done = heal(state, state.units["Marshal"], 12, recover=True)  # the characters are the unit (§16.2)
    # the Marshal and the Hedge Wizard stand one behind the other: formed again 6 wide, 10 models and
    # the two of them fill two ranks; an eleventh would stand in a third, on the Crossbowmen
    assert len(done.returned) == 10 and done.lost == 2 and spearmen.location == "table"
    assert spearmen.footprint().shape.intersection(state.units["Crossbowmen"].footprint().shape).area == 0
    assert ("no room for more models at the rear (the unit would overlap Crossbowmen): models that do not fit are "
            "not brought back") in str(said(state, spearmen, done, "12"))
    state, _front = _fallen_spearmen()
    place(state, "Crossbowmen", marshal.centre[0], rear - 0.2 - 1.5 * 20 / 25.4, 0)
    state.rules_version = 5  # a game begun before forms it again whatever stands behind
    done = heal(state, state.units["Marshal"], 12, recover=True)
    assert len(done.returned) == 12 and done.rejoined


def test_a_unit_with_no_legal_combat_reform_says_so():
    # the Halberdiers hemmed in by their own Crossbowmen beside them and Spearmen 1.1" behind:
    # every side and width breaks a rule, and the reform passed over them in silence
    from engine.core.decisions import DecisionNeeded
    from engine.rulesets.ninth_age import combat, combat_reform
    from engine.rulesets.ninth_age.melee import SideScore, outcome

    from game_helpers import place

    state = _hemmed_in()
    rear = state.units["Halberdiers"].footprint().shape.bounds[2]
    place(state, "Spearmen", rear + 1.1 + state.units["Halberdiers"].footprint().depth / 2 + 0.4, 20, 270)
    assert all(c.problem is not None for c in combat_reform.candidates(state, state.units["Halberdiers"]))
    rnd = combat.Round(units=["Brutes", "Halberdiers"])
    result = outcome("p2", SideScore(wounds=2), "p1", SideScore(wounds=1))
    answers: list[str] = []
    for _ in range(10):
        trial, events = state.model_copy(deep=True), []
        trial.begin_answers(list(answers))
        try:
            combat.combat_reforms(trial, rnd, result, events)
            break
        except DecisionNeeded as asked:
            assert asked.decision.key != "combat-reform-Halberdiers"  # no side to offer
            answers.append("no" if "no" in asked.decision.options else asked.decision.default or asked.decision.options[0])
    said = [e.text for e in events if "Halberdiers" in e.text]
    assert said == ["Halberdiers cannot combat reform: no side and width is legal (for most, only 1 of their models "
                    "would touch Brutes, fewer than the 6 in contact now) (§11.14)."], said
