"""Characters inside units in the Melee phase (§11.5-11.6, §16.4-16.6, §16.9, §11.14, §22):
a character fights from its place in the unit with its own profile, weapons and Initiative;
attacks split between enemies in contact (E-22); hits on a mixed unit (E-57); make way;
challenges by characters in units and Champions (E-23); combat reforms to any side; the
Wizard Conclave Champion's wound (E-37); and the challenge drawn on the board. Every choice is
a /decide answered through the ruleset exactly as the service passes it on."""

import pytest

from engine.core import get_ruleset

from engine.core.decisions import Decide
from engine.core.errors import IllegalAction
from engine.rulesets.ninth_age import casualties, characters, combat, combat_reform, fighters
from engine.rulesets.ninth_age.actions import Fight
from engine.rulesets.ninth_age.mixed_units import unit_models_ld

from game_helpers import RULESET, apply
from loaded_dice import load
from test_ninth_age_melee import INCH20, INCH40, _face_off, _grow, _melee, scenario


def _in(state, char, host, file):
    """``char`` stands in ``host`` (a scenario's starting position, as deployed in it)."""
    characters._place(state, state.units[char], state.units[host], file, [])
    return state.units[char]


def _until_asked(state, action, key_prefix, answers=None):
    """Apply ``action`` answering from ``answers`` (first option otherwise) until the question
    whose key starts with ``key_prefix`` is asked; returns (state, decision, log)."""
    answers = answers or {}
    log = []
    state, events = RULESET.apply(state, action)
    log += events
    while state.pending is not None:
        d = state.pending.decision
        if d.key.startswith(key_prefix):
            return state, d, log
        choice = next((v for k, v in answers.items() if d.key.startswith(k)), None)
        state, events = RULESET.apply(state, Decide(seat=d.seat, option=choice if choice in d.options
                                                    else d.options[0]))
        log += events
    raise AssertionError(f"never asked {key_prefix}")


def _rolls(log, prefix):
    return [e.text for e in log if e.roll is not None and e.text.startswith(prefix)]


QUIET = {"challenge": "none", "pursue": "restrain", "combat-reform": "no", "make-way": "stay"}


# -- 1. a character in a unit fights with its own profile (§11.5, §16.5) ------------------------
def test_a_character_in_the_front_rank_attacks_with_its_own_profile_and_initiative():
    state = _face_off()
    _in(state, "Marshal", "Spearmen", 2)
    spear = state.units["Spearmen"]
    blows = fighters.blows(state, spear)
    by_name = {b.part_name: b for b in blows}
    # WS 6, S 4 + 1 for its Sword of Strength (§23.3), I 6, A 4: its own, not a Spearman's
    marshal = by_name["Marshal"]
    assert (marshal.ws, marshal.strength, marshal.initiative, marshal.count, marshal.model) == (6, 5, 6, 4, "Marshal")
    # the Spearmen: 5 R&F in contact (the Marshal took one place), 12 supporting, the Champion +1
    # (those touching the Brutes' Champion in a group of their own: they may single it out, §11.6)
    assert sum(b.count for b in blows if b.part_name in ("Spearman", "Spearman Champion")) == 4 + 12 + 2
    log = []
    state = apply(state, Fight(seat="p1", unit="Spearmen"), QUIET, log)
    first = [e for e in log if e.roll is not None and "to hit" in e.roll.purpose][0]
    assert first.text.startswith("I6: Spearmen Marshal ×4 (WS 6) at Brutes (WS 3): 3+ to hit")
    assert any("Spearmen Marshal against Brutes: " in e.text and "at S5 against T4" in e.text for e in log)


def test_a_character_in_the_second_rank_makes_one_supporting_attack():
    state = _face_off()
    marshal = _in(state, "Marshal", "Spearmen", 2)
    marshal.rank = 1  # behind the front rank, in a file that fights
    (b,) = [b for b in fighters.blows(state, state.units["Spearmen"]) if b.model == "Marshal"]
    assert (b.count, b.ws, b.initiative) == (1, 6, 6)


def test_a_character_fights_with_its_own_weapon_chosen_by_decide():
    state = _face_off()
    _in(state, "Marshal", "Spearmen", 2)
    entry = state.unit_entry(state.units["Marshal"])
    # without the sample's Sword of Strength, which a Marshal must use (§23.1), it has a choice
    state.armies["p1"].units[state.units["Marshal"].entry] = entry.model_copy(
        update={"equipment": entry.equipment + ["great weapon", "halberd"], "magic_items": []})
    state, asked, _ = _until_asked(state, Fight(seat="p1", unit="Spearmen"), "weapon-Marshal")
    assert asked.options == ["great weapon", "halberd"] and asked.seat == "p1"
    with pytest.raises(IllegalAction, match="not an answer"):
        RULESET.apply(state, Decide(seat="p1", option="flail"))
    log = []
    state, events = RULESET.apply(state, Decide(seat="p1", option="great weapon"))
    log += events
    state = _answer_all(state, QUIET, log)
    assert "Marshal fights with great weapon." in [e.text for e in log]
    marshal = _rolls(log, "I0: Spearmen Marshal")  # a great weapon strikes at I0 with +2 S
    assert marshal and not _rolls(log, "I6: Spearmen Marshal")
    assert any("Spearmen Marshal against Brutes: " in e.text and "at S6 against T4" in e.text for e in log)


def _answer_all(state, answers, log):
    while state.pending is not None:
        d = state.pending.decision
        choice = next((v for k, v in answers.items() if d.key.startswith(k)), None)
        state, events = RULESET.apply(state, Decide(seat=d.seat, option=choice if choice in d.options
                                                    else d.options[0]))
        log += events
    return state


# -- 4. splitting attacks (§11.6, E-22) ------------------------------------------------------------
def test_e22_a_model_splits_its_attacks_between_the_enemies_it_touches():
    state = _face_off()
    _in(state, "Marshal", "Spearmen", 2)
    state, asked, _ = _until_asked(state, Fight(seat="p1", unit="Spearmen"), "allocate-Brutes", QUIET)
    # the Brutes touching the Spearmen's Champion (which they may single out, §11.6) are asked first
    while asked.options[:2] != ["all-at-Spearmen", "all-at-Marshal"] or "all-at-Spearmen/champion" in asked.options:
        state, asked, _ = _until_asked(state, Decide(seat=asked.seat, option=asked.options[0]), "allocate-Brutes",
                                       QUIET)
    # the Brute touching the Marshal and Spearmen: all at one, or split as their player likes
    assert asked.seat == "p2" and asked.options == ["all-at-Spearmen", "all-at-Marshal", "2-at-Spearmen-1-at-Marshal",
                                                    "1-at-Spearmen-2-at-Marshal"]
    assert asked.default == "all-at-Spearmen"
    with pytest.raises(IllegalAction, match="not an answer"):
        RULESET.apply(state, Decide(seat="p2", option="7-at-Marshal"))
    with pytest.raises(IllegalAction, match="is for Player 2"):
        RULESET.apply(state, Decide(seat="p1", option="1-at-Spearmen-2-at-Marshal"))
    state, log = RULESET.apply(state, Decide(seat="p2", option="1-at-Spearmen-2-at-Marshal"))
    log = list(log)
    state = _answer_all(state, {**QUIET, "allocate": "all-at-Spearmen"}, log)
    at_marshal = [t for t in _rolls(log, "I2: Brutes Brute ×") if " at Marshal " in t]
    # against the Marshal's own WS 6 (double 3: 4+); its Sword of Strength, a magic hand weapon, never
    # Parries (§23.1, seed 001:3553)
    assert at_marshal and at_marshal[0].startswith("I2: Brutes Brute ×2 (WS 3) at Marshal (WS 6): 4+ to hit")
    assert "Parry" not in at_marshal[0]
    assert any(t.startswith("I2: Brutes Brute ×1 (WS 3) at Spearmen (WS 3)") for t in _rolls(log, "I2: Brutes"))


def test_a_unit_touching_two_enemy_units_splits_its_attacks_between_them():
    front = 20 - INCH40
    state = _face_off(files=10, Chieftain=(30 + 1.5 * INCH40 + INCH40 / 2, front + INCH40 / 2, 180))
    spear = state.units["Spearmen"]
    both = [b for b in fighters.blows(state, spear) if len(b.targets) == 2 and "Chieftain" in b.targets]
    assert both and all(b.targets == ["Brutes", "Chieftain"] for b in both)
    state, asked, _ = _until_asked(state, Fight(seat="p1", unit="Spearmen"), "allocate-Spearmen", QUIET)
    while "all-at-Chieftain" not in asked.options:  # those touching the Brutes' Champion first (§11.6)
        state, asked, _ = _until_asked(state, Decide(seat=asked.seat, option=asked.options[0]), "allocate-Spearmen",
                                       QUIET)
    assert asked.seat == "p1" and asked.options[:2] == ["all-at-Brutes", "all-at-Chieftain"]
    assert "1-at-Brutes-5-at-Chieftain" in asked.options  # 6 Spearmen attacks: any split of them
    log = []
    state, events = RULESET.apply(state, Decide(seat="p1", option="1-at-Brutes-5-at-Chieftain"))
    log += events
    state = _answer_all(state, QUIET, log)
    assert any(t.startswith("I3: Spearmen Spearman ×5 (WS 3) at Chieftain (WS 5)") for t in _rolls(log, "I3: "))


# -- 3. hits on a mixed unit in melee (§16.4, E-57) ------------------------------------------------
def test_e57_melee_hits_on_a_mixed_unit():
    # 30 infantry R&F with an infantry character not touching the Brutes: every hit on the R&F
    state = _face_off(files=10)
    _in(state, "Marshal", "Spearmen", 9)
    log = []
    apply(state, Fight(seat="p1", unit="Spearmen"), QUIET, log)
    assert not any(e.kind == "decision" and "how many on Marshal" in e.text for e in log)
    assert characters.hit_allocation(state, state.units["Spearmen"]) == ("A", [])
    # the character rides a horse (Cavalry, against the unit's side): situation B, spread evenly
    state = _face_off()
    _in(state, "Captain", "Spearmen", None)
    assert state.units["Captain"].cells is None
    state, asked, _ = _until_asked(state, Fight(seat="p1", unit="Spearmen"), "mixed-hits-Spearmen-Captain",
                                   {**QUIET, "allocate": "all-at-Spearmen"})
    assert asked.seat == "p2" and "spread evenly over 31 models" in asked.question
    assert asked.options == ["1", "0"] and asked.default == "1"  # fewer hits than models: at most 1 each
    with pytest.raises(IllegalAction, match="not an answer"):
        RULESET.apply(state, Decide(seat="p2", option="2"))
    state, events = RULESET.apply(state, Decide(seat="p2", option="1"))
    assert any("1 of " in e.text and "hits on Spearmen go to Captain (situation B, §16.4)" in e.text
               for e in events)
    assert any(e.text.startswith("Brutes Brute") and "against Captain: 1 to wound at S4 against T4" in e.text
               for e in events)
    # 4 R&F and an infantry character: the character is exposed too
    state = _face_off()
    spear = state.units["Spearmen"]
    spear.models = 4
    spear.formation = spear.formation.model_copy(update={"models": 4, "files": 4})
    _in(state, "Marshal", "Spearmen", 3)
    assert characters.hit_allocation(state, spear) == ("B", ["Marshal"])


def test_a_character_struck_in_base_contact_is_slain_and_leaves_its_unit():
    state = _face_off()
    marshal = _in(state, "Marshal", "Spearmen", 2)
    entry = state.unit_entry(marshal)  # no Talisman of Shielding: no ward save to roll
    state.armies["p1"].units[marshal.entry] = entry.model_copy(update={"magic_items": []})
    before = state.units["Spearmen"].formation.models
    blow = [b for b in fighters.blows(state, state.units["Brutes"]) if "Marshal" in b.targets][0]
    load(state, 6, 6, 6, 6, 1, 1, 1, 1)  # four wounds at S4 against T4, four failed saves
    events = []
    wounds, overkill = combat.wound_model(state, state.units["Brutes"], blow, marshal, 4, events)
    assert (wounds, overkill) == (3, 1)  # W 3: the fourth wound is lost outside a challenge
    assert marshal.location == "destroyed" and marshal.host is None
    assert state.units["Spearmen"].formation.models == before - 1
    assert any("Marshal is slain in Spearmen" in e.text for e in events)


# -- 2. challenges by characters in units and Champions (§16.9, E-23) ----------------------------
def test_e23_a_character_in_a_unit_duels_a_character_in_the_enemy_unit():
    state = _face_off()
    _in(state, "Marshal", "Spearmen", 2)
    _in(state, "Chieftain", "Brutes", 0)
    state, asked, _ = _until_asked(state, Fight(seat="p1", unit="Spearmen"), "challenge")
    assert asked.seat == "p1" and asked.options == ["Spearmen", "Marshal", "none"]  # the active side first
    state, asked, _ = _until_asked(state, Decide(seat="p1", option="Marshal"), "accept")
    assert asked.seat == "p2" and asked.options == ["Brutes", "Chieftain", "refuse"]
    log = []
    state, events = RULESET.apply(state, Decide(seat="p2", option="Chieftain"))
    log += events
    state = _answer_all(state, QUIET, log)
    assert state.challenges == [("Marshal", "Chieftain")] or state.units["Marshal"].location == "destroyed" \
        or state.units["Chieftain"].location == "destroyed"
    marshal = _rolls(log, "I6: Spearmen Marshal")
    assert marshal and all(" at Chieftain (WS 5)" in t for t in marshal)  # the duellists strike each other only
    assert all(" at Marshal " not in t for t in _rolls(log, "I2: Brutes Brute"))  # nobody else strikes them
    assert all(" at Chieftain " not in t for t in _rolls(log, "I3: Spearmen Spearman"))
    chieftain = _rolls(log, "I0: Brutes Chieftain")  # a great weapon: I0
    if state.units["Marshal"].location != "destroyed" or chieftain:
        assert all(" at Marshal " in t for t in chieftain)


def test_e23_the_challenge_goes_on_and_no_new_one_is_issued():
    state = _face_off()
    _in(state, "Marshal", "Spearmen", 2)
    state.challenges = [("Marshal", "Brutes")]  # fought last round: neither fell
    log = []
    state, events = RULESET.apply(state, Fight(seat="p1", unit="Spearmen"))
    log += events
    assert state.pending is None or not state.pending.decision.key.startswith("challenge")
    assert any("The challenge between Marshal (in Spearmen) and Brutes' Champion goes on." in e.text for e in log)


def test_e23_c1_cannot_attack_when_it_touches_only_the_duelling_champion():
    # the Marshal stands in the Spearmen's first file: the only Brute it touches is their Champion
    state = _face_off()
    _in(state, "Marshal", "Spearmen", 0)
    spear, brutes = state.units["Spearmen"], state.units["Brutes"]
    (c,) = fighters.contacts(state, spear)
    assert c.pairs[0] == {fighters.champion_model(state, brutes)}
    assert any(b.model == "Marshal" for b in fighters.blows(state, spear))  # no challenge: it strikes the Champion
    in_duel = fighters.blows(state, spear, duel=("Spearmen", "Brutes"))
    assert not any(b.model == "Marshal" for b in in_duel)  # C1: nothing left to strike
    assert any(b.part_name == "Spearman" and b.targets == ["Brutes"] for b in in_duel)  # the R&F strike the R&F


def test_e23_duellists_count_as_in_base_contact_wherever_they_stand():
    state = _face_off(files=10)
    marshal = _in(state, "Marshal", "Spearmen", 9)  # the far end of the front rank: out of contact
    assert not any(b.model == "Marshal" for b in fighters.blows(state, state.units["Spearmen"]))
    (b,) = [b for b in fighters.blows(state, state.units["Spearmen"], duel=("Marshal", "Brutes"))
            if b.model == "Marshal"]
    assert (b.count, b.targets) == (4, ["Brutes"])  # all its attacks, at the Brutes' Champion
    marshal.rank, marshal.file = 1, 4  # in the 2nd rank: not one supporting attack, but all four
    (b,) = [b for b in fighters.blows(state, state.units["Spearmen"], duel=("Marshal", "Brutes"))
            if b.model == "Marshal"]
    assert (b.count, b.targets) == (4, ["Brutes"])


def test_e23_a_refused_challenge_silences_a_character_in_a_unit_until_its_combat_ends():
    state = _face_off()
    _in(state, "Marshal", "Spearmen", 2)
    _in(state, "Chieftain", "Brutes", 0)
    assert unit_models_ld(state, state.units["Brutes"]) == 8
    log = []
    state = apply(state, Fight(seat="p1", unit="Spearmen"), {**QUIET, "challenge": "Marshal", "accept": "refuse",
                                                             "refuser": "Chieftain"}, log)
    assert any("Chieftain refused: it may not attack" in e.text for e in log)
    assert not _rolls(log, "I0: Brutes Chieftain") and not any(" Chieftain " in t for t in _rolls(log, "I"))
    chieftain = state.units["Chieftain"]
    assert chieftain.refused and chieftain.no_attacks
    assert unit_models_ld(state, state.units["Brutes"]) == 7  # its Ld 8 is 0 now: the Brutes' own 7
    # the next player turn: Ld 0 as long as its combat goes on; it ended (the Brutes broke): over
    from engine.rulesets.ninth_age import turns

    brutes = state.units["Brutes"]
    still = brutes.on_table and not brutes.fleeing and bool(fighters.enemies_in_contact(state, brutes))
    later = state.model_copy(deep=True)
    turns.begin_player_turn(later, "p2", [])
    assert later.units["Chieftain"].refused is still
    # were it still fighting: Ld 0 in the next Melee phase too, but it may attack again
    later = state.model_copy(deep=True)
    later.units["Brutes"].fleeing = False
    later.units["Brutes"].pose = _face_off().units["Brutes"].pose
    later.units["Spearmen"].pose = _face_off().units["Spearmen"].pose
    turns.begin_player_turn(later, "p2", [])
    _melee(later, "p2")
    combat.begin(later, [])
    assert later.units["Chieftain"].refused and not later.units["Chieftain"].no_attacks
    assert unit_models_ld(later, later.units["Brutes"]) == 7


def test_the_reactive_side_issues_when_the_active_side_does_not():
    state = _face_off()
    _in(state, "Chieftain", "Brutes", 0)
    state, asked, _ = _until_asked(state, Fight(seat="p1", unit="Spearmen"), "challenge", {"challenge": "none"})
    assert asked.seat == "p1"
    state, asked, _ = _until_asked(state, Decide(seat="p1", option="none"), "challenge")
    assert asked.seat == "p2" and asked.options == ["Brutes", "Chieftain", "none"]


def test_a_duellist_with_a_second_initiative_strikes_the_slain_opponent_for_overkill():
    # the Captain (rider I5, Warhorse I3) duels the Brutes' Champion, already slain at I5
    from engine.table.frame import mm

    state = _melee(scenario({"Captain": (30, 20, 180), "Brutes": (30, 20 - mm(50) / 2 - INCH40, 0)}))
    brutes = state.units["Brutes"]
    rnd = combat.Round(units=["Captain", "Brutes"], duel=("Captain", "Brutes"))
    brutes.champion_lost = True
    horse = [b for b in fighters.blows(state, state.units["Captain"], duel=rnd.duel) if b.part == 1][0]
    assert horse.targets == ["Brutes"] and combat._allocate(state, horse, rnd) == [("Brutes", horse.count)]
    assert combat._fallen(state, brutes)
    load(state, 6, 1)  # a wound at S3 against T4 (6), the Champion's 6+ armour save fails (1)
    events = []
    models = brutes.models
    assert combat.overkill_on_the_fallen(state, state.units["Captain"], horse, brutes, 1, events) == 1
    assert brutes.models == models and "1 more wound of Overkill" in events[-1].text


# -- make way (§16.6) ------------------------------------------------------------------------------
def test_make_way_swaps_a_character_into_contact():
    state = _face_off(files=10)
    marshal = _in(state, "Marshal", "Spearmen", 9)  # the far end of the front rank: no Brute in reach
    assert combat.make_way_files(state, marshal) == list(range(1, 9))
    state, asked, _ = _until_asked(state, Fight(seat="p1", unit="Spearmen"), "make-way-Marshal")
    assert asked.seat == "p1" and asked.default == "stay" and "file-5" in asked.options
    with pytest.raises(IllegalAction, match="not an answer"):
        RULESET.apply(state, Decide(seat="p1", option="file-10"))  # still out of contact there
    log = []
    state, events = RULESET.apply(state, Decide(seat="p1", option="file-5"))
    log += events
    state = _answer_all(state, QUIET, log)
    assert any("Marshal makes way: it swaps places into Spearmen's front rank, file 5, and the standard "
               "takes its place" in e.text for e in log)
    assert state.units["Marshal"].file == 4 and state.units["Spearmen"].command_at["standard"] == (0, 9)
    assert _rolls(log, "I6: Spearmen Marshal")  # and now it fights


def test_make_way_is_never_offered_from_the_second_rank_or_a_non_matching_base():
    state = _face_off(files=10)
    marshal = _in(state, "Marshal", "Spearmen", 9)
    marshal.rank = 1
    assert combat.make_way_files(state, marshal) == []
    captain = _in(state, "Captain", "Spearmen", None)
    assert captain.cells is None and combat.make_way_files(state, captain) == []
    marshal.rank, marshal.file = 0, 4  # already in contact: nothing to make way for
    assert combat.make_way_files(state, marshal) == []


# -- 5. combat reforms to any side (§11.14) --------------------------------------------------------
def _flanked():
    state = scenario({"Brutes": (30, 20, 180), "Halberdiers": (30 + 1.5 * INCH40 + 2 * INCH20, 20, 270)})
    _grow(state, "Halberdiers", 40, 10)
    return _melee(state, "p2")


def test_combat_reform_sideways_and_its_refusals():
    state = _flanked()
    halb = state.units["Halberdiers"]
    options = {(c.face, c.files): c.problem for c in combat_reform.candidates(state, halb)}
    assert options[("front", 10)] == "that is the formation they stand in"
    assert options[("left", 4)] is None and options[("right", 4)] is None  # sideways: a flank against the Brutes
    assert "fewer than the 6 in contact now" in options[("front", 3)]
    assert "more than 2 x M = 8\"" in options[("left", 1)]
    from engine.rulesets.ninth_age.melee import SideScore, outcome

    rnd = combat.Round(units=["Brutes", "Halberdiers"])
    result = outcome("p2", SideScore(wounds=2), "p1", SideScore(wounds=1))
    from engine.core.decisions import DecisionNeeded

    # a width that breaks a rule is refused with the rule it breaks
    state.begin_answers(["me", "no", "left", "1"])
    with pytest.raises(IllegalAction, match=r"Halberdiers cannot combat reform 1 wide with their left against Brutes: "
                                            r"a model would move 11\.8\", more than 2 x M = 8\""):
        combat.combat_reforms(state, rnd, result, [])
    # "back" returns to the choice of side; then a legal sideways reform
    state = _flanked()
    halb = state.units["Halberdiers"]
    log = []
    state.begin_answers(["me", "no", "left", "back", "right", "4"])
    try:
        combat.combat_reforms(state, rnd, result, log)
    except DecisionNeeded:
        raise AssertionError("every question was answered")
    assert any("Halberdiers make a combat reform: 4 wide, their right against Brutes." in e.text for e in log)
    b, h = state.units["Brutes"].footprint(), halb.footprint()
    from engine.table.contact import contact_side

    assert halb.formation.files == 4 and contact_side(h, b) == "right"


def test_combat_reform_keeps_a_character_in_contact():
    state = _face_off()
    marshal = _in(state, "Marshal", "Spearmen", 1)
    spear = state.units["Spearmen"]
    options = {(c.face, c.files): c.problem for c in combat_reform.candidates(state, spear)}
    assert any(p and "Marshal was in base contact and would no longer be" in p for p in options.values())
    assert marshal.file == 1  # the candidates left the block as it stood


# -- 6. Wizard Conclave (§22, E-37) ----------------------------------------------------------------
def test_e37_the_wizard_conclave_champion_has_one_more_wound():
    state = _face_off()
    brutes = state.units["Brutes"]
    assert state.unit_entry(brutes).has_rule("Wizard Conclave")
    assert casualties.model_wounds(state, brutes) == 3 and casualties.champion_wounds(state, brutes) == 4
    spear = state.units["Spearmen"]
    _in(state, "Marshal", "Spearmen", 2)
    blow = [b for b in fighters.blows(state, spear) if b.model == "Marshal"][0]
    events = []
    load(state, 6, 6, 6, 1, 1, 1)  # three wounds through: the Champion of W 3 + 1 stands
    assert combat.wound_champion(state, spear, blow, brutes, 3, events) == (3, 0)
    assert not brutes.champion_lost and "the Champion stands" in events[-1].text
    load(state, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1)  # five more: the three it has stay on it, so it falls at the
    assert combat.wound_champion(state, spear, blow, brutes, 5, events) == (1, 4)  # first; four of Overkill
    assert brutes.champion_lost
    # the wound pool: with the R&F gone, the Champion is the last model and takes W 4 to remove
    state = _face_off()
    brutes = state.units["Brutes"]
    casualties.lose_wounds(state, brutes, 5 * 3, [])
    assert brutes.models == 1 and brutes.wounds_lost == 0
    casualties.lose_wounds(state, brutes, 3, [])
    assert brutes.models == 1 and brutes.wounds_lost == 3
    casualties.lose_wounds(state, brutes, 1, [])
    assert brutes.models == 0 and not brutes.on_table


# -- the board: a challenge is marked between its duellists ---------------------------------------
def test_the_board_marks_a_challenge_between_the_duellists():
    import io

    from PIL import Image

    from renderers.table import DUEL_INK, render_table

    state = _face_off()
    marshal = _in(state, "Marshal", "Spearmen", 2)
    state.challenges = [("Marshal", "Brutes")]
    view = RULESET.board(state)
    (shape,) = view.combats
    where = characters.character_base(state, marshal).centroid
    assert shape.duel[0] == pytest.approx((where.x, where.y), abs=1e-3)
    champion = state.units["Brutes"].footprint().models[fighters.champion_model(state, state.units["Brutes"])]
    assert shape.duel[1] == pytest.approx((champion.centroid.x, champion.centroid.y), abs=1e-3)
    assert shape.duel_label == "Challenge: Marshal (in Spearmen) v Brutes' Champion"
    image = Image.open(io.BytesIO(render_table(view))).convert("RGB")
    assert DUEL_INK in {c for _, c in image.getcolors(1 << 20)}
    state.challenges = []
    assert RULESET.board(state).combats[0].duel == []


# -- through the service: /fight and /decide, refusals included ------------------------------------
async def test_characters_in_units_fight_through_the_service(service, store):
    """A game made in the channel, then stood at a scenario's starting position (as the engine
    tests do: the Spearmen with the Marshal in their ranks against the Brutes with the Chieftain);
    from there everything is typed as the players type it."""
    from test_ninth_age_service import CHANNEL, USERS, say, snapshot

    await say(service, USERS["p1"], "/game new ruleset:ninth-age seed:5 settings:deployment=classic, terrain=open")
    await say(service, USERS["p2"], "/game join")
    game, ruleset, before = await snapshot(service)
    state = _face_off(files=10)
    _in(state, "Marshal", "Spearmen", 9)
    _in(state, "Chieftain", "Brutes", 0)
    state.seats = before.seats
    await store.commit_action(game.id, game.version, None, None, {"kind": "scenario"}, [],
                              state.model_dump(mode="json"), pending_json=None)

    reply = await say(service, USERS["p1"], "/fight unit:Spearmen")
    assert reply.error is None, reply.text
    assert "Marshal is in Spearmen's front rank but not in base contact: make way" in reply.text
    reply = await say(service, USERS["p1"], "/decide option:file-10")
    assert reply.error == "bad-option" and "file-5" in reply.text  # no Brute touches file 10
    reply = await say(service, USERS["p2"], "/decide option:file-5")
    assert reply.error == "not-your-decision"
    reply = await say(service, USERS["p1"], "/decide option:file-5")
    assert reply.error is None and "Marshal makes way" in reply.text
    assert "Issue a challenge" in reply.text
    reply = await say(service, USERS["p1"], "/decide option:Marshal")
    assert "accept with which character or Champion, or refuse" in reply.text
    # the options are unit ids: the question says which one stands for a unit's Champion
    assert "Brutes: the unit's Champion." in reply.text and "Chieftain:" not in reply.text
    reply = await say(service, USERS["p2"], "/decide option:refuse")  # the Chieftain, their only character
    assert reply.error is None, reply.text
    assert "Chieftain refused: it may not attack this combat round" in reply.text
    texts = [reply.text]
    for _ in range(40):  # the rest of the round: every other question answered with its first option
        _, _, now = await snapshot(service)
        if now.pending is None:
            break
        d = now.pending.decision
        reply = await say(service, USERS[d.seat], f"/decide option:{d.options[0]}")
        assert reply.error is None, reply.text
        texts.append(reply.text)
    text = "\n".join(texts)
    assert "I6: Spearmen Marshal ×4 (WS 6) at Brutes" in text and "I0: Brutes Chieftain" not in text
    _, _, now = await snapshot(service)
    assert now.units["Chieftain"].refused and now.units["Marshal"].file == 4


async def test_a_sideways_combat_reform_and_its_refusal_through_the_service(service, store):
    from engine.core.rng import Rng

    from test_ninth_age_service import USERS, say, snapshot

    for seed in range(80):  # a round after which both still fight and the Halberdiers may reform
        state = _flanked()
        state.rng = Rng.from_seed(seed)
        try:
            _until_asked(state, Fight(seat="p2", unit="Brutes"), "combat-reform-Halberdiers",
                         {**QUIET, "reform-first": "me"})
            break
        except AssertionError:
            continue
    else:
        raise AssertionError("no seed left both units fighting")
    await say(service, USERS["p1"], "/game new ruleset:ninth-age seed:5 settings:deployment=classic, terrain=open")
    await say(service, USERS["p2"], "/game join")
    game, _, before = await snapshot(service)
    state = _flanked()
    state.rng = Rng.from_seed(seed)
    state.seats = before.seats
    await store.commit_action(game.id, game.version, None, None, {"kind": "scenario"}, [],
                              state.model_dump(mode="json"), pending_json=None)
    reply = await say(service, USERS["p2"], "/fight unit:Brutes")
    for _ in range(40):
        _, _, now = await snapshot(service)
        d = now.pending.decision
        if d.key == "combat-reform-Halberdiers":
            break
        choice = next((v for k, v in {**QUIET, "reform-first": "me"}.items() if d.key.startswith(k)), d.options[0])
        reply = await say(service, USERS[d.seat], f"/decide option:{choice if choice in d.options else d.options[0]}")
        assert reply.error is None, reply.text
    assert "with which side against it (front, or sideways a flank, or the rear), or no?" in d.question
    assert d.seat == "p1" and d.options == ["no", "front", "left", "right", "rear"]
    # The board under the question shows the combat its replies told (casualties removed), not
    # the stored state from before the /fight that the answers play again.
    rules = get_ruleset("ninth-age")
    seen = rules.as_seen(now)
    lost = {u: now.units[u].models - seen.units[u].models for u in ("Brutes", "Halberdiers")}
    assert any(n > 0 for n in lost.values()) and all(n >= 0 for n in lost.values())
    drawn = await service._view(rules, now)
    assert drawn.model_dump() == rules.board(seen).model_dump()
    reply = await say(service, USERS["p1"], "/decide option:left")
    assert "how many models wide (or back)?" in reply.text
    _, _, now = await snapshot(service)
    asked = now.pending.decision
    legal = asked.question.split("Legal: ")[1].rstrip(".").split(", ")
    wrong = next(o for o in asked.options if o not in legal and o != "back")
    reply = await say(service, USERS["p1"], f"/decide option:{wrong}")
    assert reply.error == "illegal-reform"
    assert f"Halberdiers cannot combat reform {wrong} wide with their left against Brutes: " in reply.text
    assert reply.text.endswith("(§11.14).")
    reply = await say(service, USERS["p1"], "/decide option:back")
    assert reply.error is None and "with which side against it" in reply.text
    reply = await say(service, USERS["p1"], "/decide option:right")
    _, _, now = await snapshot(service)
    legal = now.pending.decision.question.split("Legal: ")[1].rstrip(".").split(", ")
    reply = await say(service, USERS["p1"], f"/decide option:{legal[0]}")
    assert reply.error is None, reply.text
    assert f"Halberdiers make a combat reform: {legal[0]} wide, their right against Brutes." in reply.text
    _, _, now = await snapshot(service)
    halb, brutes = now.units["Halberdiers"], now.units["Brutes"]
    from engine.table.contact import contact_side

    assert halb.formation.files == int(legal[0]) and contact_side(halb.footprint(), brutes.footprint()) == "right"


# -- a struck character's defence: its army-book items and the spells in play on it (§12, §23, §9.4) --
def _marshal_struck(book_armour=False, toughness_spell=False):
    from engine.rulesets.ninth_age.items import BookItem
    from engine.rulesets.ninth_age.magic_state import Effect

    state = _face_off()
    _in(state, "Marshal", "Spearmen", 2)
    if book_armour:  # an army book's magic plate armour (+4 instead of the mundane +3) from the army file
        army = state.armies["p1"]
        army.magic_items.append(BookItem(name="Warden's Plate", category="armour", cost="40",
                                         type="plate armour", armour=4))
        uid = state.units["Marshal"].entry
        entry = army.units[uid]
        army.units[uid] = entry.model_copy(update={"magic_items": ["Sword of Strength", "Warden's Plate"]})
    if toughness_spell:  # an augment in play on it: T +1
        state.effects.append(Effect(id=90, spell="Stone Skin", caster="Shaman", seat="p1", duration="one turn",
                                    units=["Marshal"], modifiers={"T": 1}, lowest_casting_value=6, phase=1))
    # the Spearmen's 22 attacks miss; the Brutes' 6 hit the Marshal and wound; armour and ward fail
    load(state, *[1] * 22, *[6] * 6, *[5] * 6, *[1] * 12)
    log = []
    apply(state, Fight(seat="p1", unit="Spearmen"), {**QUIET, "allocate": "all-at-Marshal"}, log)
    return [e.text for e in log if e.text.startswith("Brutes Brute against Marshal: ")]


def test_a_character_struck_in_its_unit_saves_with_its_army_book_armour_and_its_t_under_a_spell():
    plain = _marshal_struck()
    assert any("to wound at S4 against T4 needing 4+" in t for t in plain)
    assert any("armour saves needing 4+" in t for t in plain)  # plate +3, shield +1, S4 -0
    book = _marshal_struck(book_armour=True)
    assert any("armour saves needing 3+" in t for t in book)  # the book's plate +4, shield +1
    spell = _marshal_struck(toughness_spell=True)
    assert any("to wound at S4 against T5 needing 5+" in t for t in spell)
    assert not any("against T4" in t for t in spell)


def test_the_struck_defence_reads_the_spells_on_the_model_itself_and_its_own_items():
    from engine.rulesets.ninth_age import saves

    state = _face_off()
    marshal = _in(state, "Marshal", "Spearmen", 2)
    from engine.rulesets.ninth_age.damage import Attack
    from engine.rulesets.ninth_age.magic_state import Effect

    state.effects.append(Effect(id=91, spell="Stone Skin", caster="Shaman", seat="p1", duration="one turn",
                                units=["Spearmen", "Marshal"], modifiers={"T": 1}, lowest_casting_value=6, phase=1))
    attack = Attack(strength=4, category="close combat")
    d = saves.struck_defence(state, marshal, attack)
    assert (d.toughness, d.ward) == (5, 6)  # T4 +1; the Talisman of Shielding's 6+ ward
    assert saves.struck_defence(state, state.units["Spearmen"], attack).toughness == 4


def test_one_attack_touching_two_enemies_is_asked_in_the_singular():
    # played: "Knights: 1 Knight attack at Initiative 3 touch Brutes, Brutes/champion: allocate them
    # (all at one, or split)?" — one attack is not split: it touches them, at which one?
    from engine.core.decisions import DecisionNeeded
    from engine.rulesets.ninth_age.fighters import Blow

    state = _face_off()
    blow = Blow(unit="Spearmen", part=0, part_name="Spearman", initiative=3, ws=3, count=1,
                targets=["Brutes", "Brutes/champion"])
    with pytest.raises(DecisionNeeded) as asked:
        combat._allocate(state, blow, combat.Round(units=["Spearmen", "Brutes"]))
    d = asked.value.decision
    assert d.question == "Spearmen: 1 Spearman attack at Initiative 3 touches Brutes, Brutes/champion: at which one?"
    assert d.options == ["all-at-Brutes", "all-at-Brutes/champion"]
