"""A failed Fear test's WS 1 for every model of the unit, characters included, for the rest of the
Melee phase (issue #10).

The seed (001:3417-3419): "All'inizio di ogni round di combattimento, le Unità in contatto di
basetta con uno o più modelli nemici con la regola speciale Paura devono superare un test
Disciplina. Se il test è fallito, tutti i modelli dell'Unità hanno il loro valore AC ridotto a 1
per il resto della fase di Combattimento." A new player saw a Warlord on Wyvern strike a Hedge
Wizard of Fear-struck Halberdiers at WS 1 with the rider, then at WS 3 with the Wyvern: the
Warlord had slain it, the Wyvern struck it for Overkill (§16.9), and a slain character no longer
had its unit to read the failed test from. The same when its unit's R&F all fell and it stood for
the unit (§16.2). From rules version 7 the failed test marks the characters too, and every WS in
melee, a joined character's striking or struck at, is read by one function (fighters.part_ws:
the Fear test, Fencer's Swords, then the spells on the model, §1.11)."""

from engine.rulesets.ninth_age import characters, combat, fighters
from engine.rulesets.ninth_age.actions import Fight
from engine.rulesets.ninth_age.magic_state import Effect
from engine.table.frame import mm

from game_helpers import apply, scenario
from loaded_dice import load
from test_ninth_age_magic import text
from test_ninth_age_melee import _grow

QUIET = {"pursue": "restrain", "combat-reform": "no", "make-way": "stay"}


def _wyvern_at_halberdiers(models=None, file=2, version=None):
    """The Warlord on Wyvern (rider I4 WS 6, Wyvern I3 WS 5; it causes Fear) charged Halberdiers
    with the Hedge Wizard (WS 3) in their front rank; the Melee phase of Player 2."""
    state = scenario({"Warlord on Wyvern": (30, 30, 180), "Halberdiers": (30, 0, 0, models or 5)}, terrain="open")
    if version is not None:
        state.rules_version = version
    if models:
        _grow(state, "Halberdiers", models, models)
    body = state.units["Halberdiers"]
    body.pose = body.pose.model_copy(update={"y": 30 - mm(150) / 2 - body.footprint().half_depth})
    characters._place(state, state.units["Hedge Wizard"], body, file, [])
    state.phase, state.step, state.active = "melee", "", "p2"
    state.units["Warlord on Wyvern"].charged = True
    assert fighters.causes_fear(state, state.units["Warlord on Wyvern"])
    return state


def _fight(state, answers):
    load(state, 6, 6, *[6] * 40)  # the Fear test fails (12); every later roll a 6
    log = []
    apply(state, Fight(seat="p2", unit="Warlord on Wyvern"), {**QUIET, **answers}, log)
    return text(log)


DUEL = {"challenge": "Warlord on Wyvern", "accept": "Hedge Wizard"}


def test_the_mount_strikes_a_slain_character_of_a_fear_struck_unit_at_ws_1_for_overkill():
    said = _fight(_wyvern_at_halberdiers(), DUEL)
    assert "Halberdiers are struck by Fear: WS 1 for the rest of this Melee phase." in said
    assert "I4: Warlord on Wyvern Warlord ×4 (WS 6) at Hedge Wizard (WS 1)" in said
    assert "Hedge Wizard is slain in Halberdiers" in said
    # the Wyvern strikes the slain wizard at I3 for Overkill: still WS 1 (it was 3 before the fix)
    assert "I3: Warlord on Wyvern Wyvern ×4 (WS 5) at Hedge Wizard (WS 1)" in said
    assert "against the slain Hedge Wizard: 4 more wounds of Overkill." in said


def test_a_game_begun_before_rules_version_7_still_forgets_the_test_for_the_slain_character():
    said = _fight(_wyvern_at_halberdiers(version=6), DUEL)
    assert "I4: Warlord on Wyvern Warlord ×4 (WS 6) at Hedge Wizard (WS 1)" in said
    assert "I3: Warlord on Wyvern Wyvern ×4 (WS 5) at Hedge Wizard (WS 3)" in said


def test_a_character_left_standing_for_its_fear_struck_unit_keeps_ws_1_both_ways():
    # 3 Halberdiers and the wizard in one rank; the Warlord's 4 hits at I4, all at the Halberdiers: 1
    # goes to the wizard (§16.4), 3 slay the R&F, and the wizard stands for the unit (§16.2); at I3 it
    # strikes and is struck at WS 1
    answers = {"challenge": "none", "allocate": "all-at-Halberdiers"}
    said = _fight(_wyvern_at_halberdiers(models=3, file=1), answers)
    assert "The rank and file of Halberdiers are all slain: Hedge Wizard is left" in said
    assert "I3: Hedge Wizard ×1 (WS 1) at Warlord on Wyvern (WS 6)" in said
    assert "I3: Warlord on Wyvern Wyvern ×4 (WS 5) at Hedge Wizard (WS 1)" in said
    old = _fight(_wyvern_at_halberdiers(models=3, file=1, version=6), answers)
    assert "I3: Hedge Wizard ×1 (WS 3) at Warlord on Wyvern (WS 6)" in old
    assert "I3: Warlord on Wyvern Wyvern ×4 (WS 5) at Hedge Wizard (WS 3)" in old


def _with_hex(version=None):
    state = _wyvern_at_halberdiers(version=version)
    state.effects.append(Effect(id=99, spell="Hex", caster="Shaman", seat="p2", duration="one turn",
                                units=["Hedge Wizard"], modifiers={"WS": 1}, lowest_casting_value=5, phase=1))
    return state


def test_a_joined_characters_ws_is_set_by_fear_then_the_spells_on_it_striking_and_struck_at():
    # §1.11 (E-06 C): a set value first (WS 1 for the failed Fear test), then the spells' additions
    state = _with_hex()
    wizard, halb = state.units["Hedge Wizard"], state.units["Halberdiers"]
    targets = {"Warlord on Wyvern"}
    assert combat._defender_ws(state, wizard) == 4  # 3, +1
    assert [b.ws for b in fighters._character_blows(state, halb, wizard, False, targets)] == [4]
    halb.fear_struck = True
    assert combat._defender_ws(state, wizard) == 2  # 1, then +1
    assert [b.ws for b in fighters._character_blows(state, halb, wizard, False, targets)] == [2]
    # the Halberdiers themselves carry no spell: 1
    assert fighters.part_ws(state, halb, 0) == 1
    # a game begun before rules version 7 read WS 1 flat (and the profile's 3 with no Fear)
    state = _with_hex(version=6)
    wizard, halb = state.units["Hedge Wizard"], state.units["Halberdiers"]
    assert [b.ws for b in fighters._character_blows(state, halb, wizard, False, targets)] == [3]
    halb.fear_struck = True
    assert combat._defender_ws(state, wizard) == 1
    assert [b.ws for b in fighters._character_blows(state, halb, wizard, False, targets)] == [1]
