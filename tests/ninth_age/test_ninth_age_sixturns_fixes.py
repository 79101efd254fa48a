"""What a six-turn console battle of The Ninth Age showed wrong (#10, played from the README
as a new user), each fixed and held here."""

from engine.rulesets.ninth_age.actions import Advance, March, MoveStep, Reform
from engine.rulesets.ninth_age.shooting_phase import Shoot

from game_helpers import apply, scenario
from loaded_dice import load


def fwd(d):
    return MoveStep(kind="forward", amount=d)


def test_a_moving_units_verb_agrees_with_its_name():
    # "Knights marches" read wrong: a unit of several models is a plural ("Knights march"),
    # a one-model unit a singular ("Giant marches")
    state = scenario({"Knights": (36, 10, 0, 4), "Spearmen": (14, 10, 0, 6)})
    log = []
    state = apply(state, March(seat="p1", unit="Knights", steps=[fwd(6)]), log=log)
    assert log[-1].text.startswith('Knights march: forward 6.0"'), log[-1].text
    state = apply(state, Advance(seat="p1", unit="Spearmen", steps=[fwd(2)]), log=log)
    assert log[-1].text.startswith('Spearmen advance: forward 2.0"'), log[-1].text
    state = scenario({"Spearmen": (14, 10, 0, 6)})
    apply(state, Reform(seat="p1", unit="Spearmen", files=10, facing=0), log=log)
    assert log[-1].text.startswith("Spearmen reform 10 wide and 3 deep"), log[-1].text
    state = scenario({"Giant": (36, 40, 180)}, seat="p2")
    apply(state, March(seat="p2", unit="Giant", steps=[fwd(6)]), log=log)
    assert log[-1].text.startswith('Giant marches: forward 6.0"'), log[-1].text


def test_a_bolt_throwers_line_says_its_cover_and_its_most_hits_in_words():
    # it read "none cover ... at most 1 hits (front arc: 1 ranks)"
    state = scenario({"Bolt Thrower": (36, 3, 0), "Giant": (36, 30, 180)}, terrain="open")
    state.phase, state.step = "shooting", ""
    load(state, 2)  # misses at BS 3
    log = []
    apply(state, Shoot(seat="p1", unit="Bolt Thrower", target="Giant"), log=log)
    text = " | ".join(e.text for e in log)
    assert "no cover, " in text and "at most 1 hit (front arc: 1 rank)" in text, text
    assert "none cover" not in text


def test_the_charge_reaction_question_agrees_with_the_charger_and_the_charged():
    # it asked "Knights charges Warlord on Wyvern: how does ... react?"
    from engine.rulesets.ninth_age.actions import Charge

    from game_helpers import RULESET

    state = scenario({"Knights": (36, 10, 0, 4), "Brutes": (36, 20, 180)}, step="charges", terrain="open")
    state, _events = RULESET.apply(state, Charge(seat="p1", unit="Knights", target="Brutes"))
    assert str(state.pending.decision.question).startswith("Knights charge Brutes: how do Brutes react?")


def test_a_unit_that_does_not_combat_reform_is_said_so():
    # the last answer of a Melee phase ("no") gave an empty reply
    from engine.rulesets.ninth_age import combat
    from engine.rulesets.ninth_age.melee import SideScore, outcome
    from engine.table.frame import mm

    state = scenario({"Brutes": (30, 20, 180), "Halberdiers": (30 + 1.5 * mm(40) + 2 * mm(20), 20, 270)},
                     terrain="open")
    h = state.units["Halberdiers"]
    h.models = h.start_models = 40
    h.formation = h.formation.model_copy(update={"models": 40, "files": 10})
    result = outcome("p2", SideScore(wounds=2), "p1", SideScore(wounds=1))
    state.active = "p1"
    log = []
    state.begin_answers(["opponent", "no", "no"])
    combat.combat_reforms(state, combat.Round(units=["Brutes", "Halberdiers"]), result, log)
    assert "No combat reform for Brutes." in [e.text for e in log]


def test_a_swiftstride_flight_says_it_keeps_the_best_two_dice():
    # "War Hounds panics and flees from Wolf Riders: 5". 🎲 3d6 (1, 3, 2) = 6" read as a wrong sum
    from engine.rulesets.ninth_age.casualties import panic

    state = scenario({"War Hounds": (36, 20, 0, 3), "Wolf Riders": (36, 40, 180)}, terrain="open")
    load(state, 6, 6, 1, 3, 2)  # the Panic test fails, then 3D6 for the flight
    log = []
    panic(state, state.units["War Hounds"], log, "a test")
    text = " | ".join(e.text for e in log)
    assert 'War Hounds panic and flee from Wolf Riders: 5" (Swiftstride: the best two of 3D6).' in text, text


def test_a_character_on_a_matching_base_fills_a_rank_for_the_rank_bonus():
    # Brutes down to 5 with their Shaman, 3 wide: ranks of 3 and 3, two full ranks (Monstrous
    # Ranks: 3 wide), +1 rank bonus; the combat score gave none (§7.5: a matching base counts
    # in the ranks it covers)
    from engine.rulesets.ninth_age.actions import Join
    from engine.rulesets.ninth_age.casualties import lose_wounds
    from engine.rulesets.ninth_age.fighters import unit_full_ranks

    state = scenario({"Brutes": (30, 30, 180, 3), "Shaman": (30, 26, 180)}, seat="p2", terrain="open")
    state = apply(state, Join(seat="p2", unit="Shaman", into="Brutes"))
    brutes = state.units["Brutes"]
    assert unit_full_ranks(state, brutes) == 2  # 6 Brutes and the Shaman: 3, 3 and 1
    lose_wounds(state, brutes, 3, [])  # one Brute (W3) falls
    assert brutes.models == 5 and brutes.formation.models == 6
    assert unit_full_ranks(state, brutes) == 2
    lose_wounds(state, brutes, 3, [])
    assert unit_full_ranks(state, brutes) == 1  # 4 Brutes and the Shaman: 3 and 2


def test_a_character_is_not_lost_with_the_last_rank_and_file_of_its_unit():
    # "Knights is wiped out. Captain is lost with Knights." while the Captain fought on in a
    # challenge: the characters left still are the unit (§16.2 Mixed unit destroyed; seed: "i
    # Personaggi rimanenti continuano a costituire un'Unità")
    from engine.rulesets.ninth_age.actions import Join
    from engine.rulesets.ninth_age.casualties import lose_wounds
    from engine.rulesets.ninth_age.mixed_units import character_base

    state = scenario({"Knights": (30, 20, 0, 4), "Captain": (36, 20, 0), "Halberdiers": (42, 20, 0, 5)},
                     terrain="open")
    state = apply(state, Join(seat="p1", unit="Captain", into="Knights"))
    captain, knights = state.units["Captain"], state.units["Knights"]
    where, facing = character_base(state, captain).centroid, knights.pose.bearing
    log = []
    lose_wounds(state, knights, knights.models, log)
    text = " | ".join(e.text for e in log)
    assert knights.location == "destroyed" and captain.location == "table" and captain.host is None, text
    assert abs(captain.pose.x - where.x) < 1e-6 and abs(captain.pose.y - where.y) < 1e-6
    assert captain.pose.bearing == facing
    assert "Captain is lost" not in text and "Captain is left and is still the same unit" in text
    assert "Panic" not in text  # the Halberdiers 6" away: the unit is not gone yet


def test_a_side_left_without_foes_wins_with_no_more_foes_not_a_musicians_draw():
    # "Player 2's combat score: 6 ... — No More Foes. Player 2 wins the draw with a Musician."
    from engine.core.decisions import DecisionNeeded
    from engine.rulesets.ninth_age import combat

    state = scenario({"Brutes": (30, 30, 180, 3), "Spearmen": (30, 20, 0, 6)}, terrain="open")
    state.units["Spearmen"].location = "destroyed"
    rnd = combat.Round(units=["Brutes", "Spearmen"])
    rnd.wounds = {"p2": 6, "p1": 3}
    log = []
    try:
        combat.score_and_break(state, rnd, log)
    except DecisionNeeded:
        pass  # the post-combat reform question that follows
    text = " | ".join(e.text for e in log)
    assert "Player 2 wins: No More Foes." in text and "draw" not in text, text


def test_a_scattered_spell_template_says_its_distance_once():
    # it read "an arrow at 256°; D6 = D6 = 3 → the template moves 3" to 47.7, 27.6"
    import re

    from test_ninth_age_magic import cast, magic_phase, text

    state, _ = magic_phase(dice=(4, 4, 1, 1), placements={"Hedge Wizard": (30, 20, 0), "Brutes": (30, 30, 180, 3)})
    state.casters["Hedge Wizard"].spells = ["Cinder Storm"]
    load(state, 4, 4, 3, 6)  # cast; scatter die 3: an arrow; D6 = 6 inches
    log = []
    cast(state, wizard="Hedge Wizard", spell="Cinder Storm", dice=2, target="Brutes", log=log,
         answers={"dispel": "none"})
    assert re.search(r"Cinder Storm: scatter die 3: an arrow at \d+°; distance D6 = 6: the template moves 6\" "
                     r"to \(\d+\.\d, \d+\.\d\)\.", text(log)), text(log)


def test_a_champions_wounds_stay_on_it_until_it_falls():
    # the Marshal wounded the Brutes' Champion (W3) twice in one round and once in the next: it
    # "stands" after 3 wounds, each blow checked alone against its W
    from engine.rulesets.ninth_age import combat, fighters
    from engine.table.frame import mm

    state = scenario({"Spearmen": (30, 20, 0, 6), "Brutes": (30, 20 + 2.5 * mm(20) + mm(40), 180, 3)}, terrain="open")
    spearmen, brutes = state.units["Spearmen"], state.units["Brutes"]
    blow = next(b for b in fighters.blows(state, spearmen) if b.count)
    log = []
    load(state, 6, 6, 1, 1)  # two wounds (5+ at S3 against T4), the 6+ armour saves fail
    assert combat.wound_champion(state, spearmen, blow, brutes, 2, log) == (2, 0)
    assert not brutes.champion_lost and "the Champion stands" in log[-1].text
    from engine.rulesets.ninth_age.casualties import champion_wounds

    assert champion_wounds(state, brutes) == 4  # W3, +1 in a Wizard Conclave (§22)
    load(state, 6, 1)
    assert combat.wound_champion(state, spearmen, blow, brutes, 1, log) == (1, 0)
    assert "1 wound, 3 of its W4 now; the Champion stands." in log[-1].text
    load(state, 6, 6, 1, 1)
    assert combat.wound_champion(state, spearmen, blow, brutes, 2, log) == (1, 1)  # its last wound, 1 Overkill
    assert brutes.champion_lost and brutes.champion_wounds == 0
    assert "Brutes' Champion falls (5 wounds against W4: 1 Overkill)." in log[-1].text


def test_declining_to_dispel_a_spell_in_play_is_said():
    # the answer "none" to "Spells remain in play: ... Dispel one?" gave an empty reply
    from engine.core.decisions import DecisionNeeded
    from engine.rulesets.ninth_age.magic import rip_window
    from engine.rulesets.ninth_age.magic_state import Effect

    from test_ninth_age_magic import magic_phase

    state, _ = magic_phase(seat="p2", dice=(4, 4, 1, 1))
    state.effects.append(Effect(id=2, spell="Forge Heart", caster="Hedge Wizard", seat="p1", duration="remains in play",
                                units=["Spearmen"], modifiers={"S": 1}, lowest_casting_value=8,
                                phase=state.magic.number - 1))
    log = []
    try:
        rip_window(state, log)
    except DecisionNeeded as asked:
        assert asked.decision.options == ["none", "2:Forge-Heart"]
    state.begin_answers(["none"])
    rip_window(state, log)
    assert [e.text for e in log] == ["Player 1 leaves the spells in play as they are."]


def test_keeping_a_charge_on_a_fleeing_unit_is_said():
    # the answer "keep" to "Wolf Riders fled. Test to redirect …?" gave an empty reply
    from engine.rulesets.ninth_age.actions import Charge

    state = scenario({"Knights": (30, 10, 0), "Skulkers": (30, 20, 180), "Brutes": (44, 22, 180)}, step="charges")
    log = []
    apply(state, Charge(seat="p1", unit="Knights", target="Skulkers"), {"reaction": "flee", "redirect-test": "keep"},
          log)
    assert "Knights keep their charge on the fleeing Skulkers." in [e.text for e in log]


def test_the_combat_reform_question_lists_every_legal_width_by_side():
    # it showed the first eight ("…; 7 wide, front; 1 wide, left") and the left side's other
    # widths, legal, were missing
    from types import SimpleNamespace as NS

    from engine.rulesets.ninth_age.combat_reform import _legal

    cands = [NS(face="front", files=n, problem=None) for n in range(1, 8)]
    cands += [NS(face="left", files=n, problem=None if n != 5 else "too wide") for n in range(1, 8)]
    assert str(_legal(cands)) == "front 1, 2, 3, 4, 5, 6, 7 wide; left 1, 2, 3, 4, 6, 7 wide"
    assert str(_legal([NS(face="rear", files=2, problem="no")])) == "none"


def test_a_charge_on_a_war_machine_does_not_call_it_fleeing():
    # "Wolf Riders declare a charge on Bolt Thrower (14.1" away, any side: Bolt Thrower is fleeing)"
    import doctest

    from engine.rulesets.ninth_age import charges
    from engine.rulesets.ninth_age.actions import Charge

    assert doctest.testmod(charges).failed == 0
    state = scenario({"Knights": (36, 10, 0, 4), "Stone Thrower": (36, 20, 180)}, step="charges", terrain="open")
    log = []
    apply(state, Charge(seat="p1", unit="Knights", target="Stone Thrower"), {"reaction": "hold"}, log)
    text = " | ".join(e.text for e in log)
    assert "into any side of Stone Thrower, a round base" in text and "fleeing" not in text, text


def test_the_places_to_charge_a_round_base_are_told_apart():
    # five places on a Bolt Thrower all read "on Bolt Thrower's right flank, 0.6" toward its front
    # from the flank's middle", and the charge went "into Bolt Thrower's right flank"
    from engine.core.decisions import Decide
    from engine.rulesets.ninth_age.actions import Charge, EndStep

    from game_helpers import RULESET

    state = scenario({"Knights": (36, 10, 0, 4), "Stone Thrower": (36, 20, 180)}, step="charges", terrain="open")
    state = apply(state, Charge(seat="p1", unit="Knights", target="Stone Thrower"), {"reaction": "hold"})
    load(state, 6, 6, 6)
    state, events = RULESET.apply(state, EndStep(seat="p1"))
    questions = []
    while state.pending is not None:
        d = state.pending.decision
        questions.append(str(d.question))
        state, more = RULESET.apply(state, Decide(seat=d.seat, option=d.options[0]))
        events += more
    asked = [q for q in questions if "can contact Stone Thrower as well" in q]
    if asked:
        places = asked[0].split("(", 1)[1].rsplit(")", 1)[0].split("; ")
        assert len(set(p.split(": ", 1)[1] for p in places)) == len(places), asked[0]
        assert "flank" not in asked[0]
    text = " | ".join(e.text for e in events)
    assert "charge home into any side of Stone Thrower, a round base (" in text and "flank" not in text, text


def test_no_flank_bonus_against_a_war_machine():
    # Wolf Riders scored "flank 1" on a Bolt Thrower: a round base has no facings, flanks or
    # rear ([A-26], §14.4)
    from engine.rulesets.ninth_age import combat
    from engine.rulesets.ninth_age.actions import Charge, EndStep

    state = scenario({"Knights": (20, 20, 90, 4), "Stone Thrower": (30, 20, 180)}, step="charges", terrain="open")
    state = apply(state, Charge(seat="p1", unit="Knights", target="Stone Thrower"), {"reaction": "hold"})
    load(state, 6, 6, 6)
    state = apply(state, EndStep(seat="p1"))
    assert state.units["Knights"].charged
    score = combat.side_score(state, "p1", combat.Round(units=["Knights", "Stone Thrower"]))
    assert "flank" not in score.parts() and "rear" not in score.parts(), score.parts()
