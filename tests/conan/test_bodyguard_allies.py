"""Bodyguard between heroes and the Commander's allies (§14, §12), and Sacrifice's armour only.

Seed (004, lines 1096-1108): "Guardia del corpo: quando un alleato difende nell'area di un
personaggio con questa abilità, puoi decidere di parare invece di effettuare l'azione di Guardia
dell'alleato [...] Il personaggio attaccato non può eseguire un'azione di guardia, ma si può
difendere usando il sua valore di armatura [...] Qualsiasi danno viene inflitto al personaggio
che inizialmente è stato attaccato". "Alleato" is any friendly character (rules §14 intro), so
an ally guards its heroes and a hero its allies. An ally's parry is paid as the Commander's
Guard for an ally (lines 404-406: "Per ogni gemma assegnata, l'eroe lancia un dado").
"""

import pytest

from bot.i18n import event_text, say
from engine.core.decisions import Decide
from engine.rulesets.conan.actions import Attack, Done
from engine.rulesets.conan.state import OVERLORD

from conan_helpers import H, RULES, act, action_phase, asked, clear_models, gems, only, table


def _table(corsair_skills=(), sentry_dice=("s3",), conan_skills=None):
    units = {"black-corsair": {"name": "Corsair", "armour": 0, "lp": 1, "base_movement": 2, "melee": ["s1"],
                               "skills": list(corsair_skills)},
             "pict-warrior": {"name": "P", "armour": 0, "lp": 1, "base_movement": 2, "melee": list(sentry_dice)}}
    heroes = {"belit": {**H, "name": "Bêlit", "skills": {"commander": 99}}}
    if conan_skills is not None:
        heroes["conan"] = {**H, "name": "Conan", "skills": conan_skills}
    state = action_phase(table(heroes=heroes, units=units, icons={"ally_guard_die": {"value": "s1"}}, allies=True))
    only(state, *heroes)
    clear_models(state, keep=("sentry-1",))
    for who in [*state.heroes.values(), *state.allies.values()]:
        who.area = "pool"
    state.models["sentry-1"].area = "pool"
    for h in state.heroes.values():
        h.cards = []
        gems(h, reserve=6, fatigue=6, **{"ally:corsairs": 0})
    for h in state.living_heroes():
        state, _ = RULES.apply(state, Done(seat=h.seat, creature=h.id))
    state.overlord.gems["reserve"] = 10
    state, _ = RULES.apply(state, RULES.action_from_command(state, OVERLORD, "activate", {"tile": "sentries"}))
    state.overlord.gems["fatigue"] += state.overlord.gems["reserve"]
    state.overlord.gems["reserve"] = 0  # no Overlord reroll question
    return state


def test_an_ally_with_bodyguard_parries_for_its_hero_paid_by_the_commander():
    state = _table(corsair_skills=["bodyguard"])
    strike = Attack(seat=OVERLORD, creature="sentry-1", target="belit")
    waiting, _ = RULES.apply(state, strike)
    assert asked(waiting) == ("bodyguard", ["no", "1", "2", "3", "4", "5", "6"])
    assert waiting.pending.decision.seat == "h1"
    # corsair-1 parries with 2 gems from Bêlit onto its tile: 2 dice of 1; Bêlit may not Guard
    # (no guard question follows), keeps her armour (0), and takes 3 - 2 = 1 herself.
    state, events = act(state, strike, "2", "keep")
    assert state.pending is None
    b = state.heroes["belit"]
    assert b.gems["ally:corsairs"] == 2 and b.gems["guard"] == 0 and b.gems["wounds"] == 1
    assert any("corsair-1 guards Bêlit (Bodyguard, 2 gems from Bêlit)" in e.text for e in events)
    assert state.allies["corsair-1"].lp == 1, "all damage goes to the one attacked"


def test_a_hero_with_bodyguard_parries_for_an_ally():
    state = _table(sentry_dice=("s2",), conan_skills={"bodyguard": 99})
    strike = Attack(seat=OVERLORD, creature="sentry-1", target="corsair-2")
    waiting, _ = RULES.apply(state, strike)
    assert asked(waiting) == ("bodyguard", ["no", "1", "2", "3", "4"])  # Conan's Guard limit is 4
    state, events = act(state, strike, "2", "keep")
    assert state.pending is None, "the Commander's guard for the ally is not asked as well"
    assert state.heroes["conan"].gems["guard"] == 2 and state.heroes["belit"].gems["ally:corsairs"] == 0
    assert state.allies["corsair-2"].alive  # power 2 against 2 parried + 0 armour
    assert any("Conan guards corsair-2" in e.text for e in events)


def test_no_bodyguard_question_without_the_skill_the_area_or_the_gems():
    state = _table()  # no corsair has Bodyguard: Bêlit's own Guard is asked
    waiting, _ = RULES.apply(state, Attack(seat=OVERLORD, creature="sentry-1", target="belit"))
    assert asked(waiting)[0] == "guard"
    state = _table(corsair_skills=["bodyguard"])
    for ally in state.allies.values():
        ally.area = "hall"  # not in Bêlit's area
    waiting, _ = RULES.apply(state, Attack(seat=OVERLORD, creature="sentry-1", target="belit"))
    assert asked(waiting)[0] == "guard"
    state = _table(corsair_skills=["bodyguard"])
    gems(state.heroes["belit"], fatigue=12)  # the Commander has nothing in Reserve to pay with
    state, events = act(state, Attack(seat=OVERLORD, creature="sentry-1", target="belit"))
    assert not any(e.kind == "bodyguard" for e in events) and state.heroes["belit"].gems["wounds"] == 3


def test_a_sacrificing_hero_defends_with_armour_only_against_a_model():
    state = _table(conan_skills={"sacrifice": 99})
    strike = Attack(seat=OVERLORD, creature="sentry-1", target="belit")
    state, events = act(state, strike, "yes")
    assert state.pending is None, "Conan, stepping in front, is not asked to Guard (C20)"
    assert state.heroes["conan"].gems["wounds"] == 3 and state.heroes["belit"].gems["wounds"] == 0


def test_an_ally_with_bodyguard_parries_for_another_ally_paid_by_the_commander():
    """An ally is a friendly character too: a Bodyguard corsair parries for the other corsair,
    paid by the Commander as his Guard for an ally, and never for itself."""
    state = _table(corsair_skills=["bodyguard"], sentry_dice=("s2",))
    strike = Attack(seat=OVERLORD, creature="sentry-1", target="corsair-2")
    waiting, _ = RULES.apply(state, strike)
    assert asked(waiting) == ("bodyguard", ["no", "1", "2", "3", "4", "5", "6"])
    assert "corsair-1 parry for him" in waiting.pending.decision.question
    state, events = act(state, strike, "2", "keep")
    assert state.pending is None, "the guarded ally's own Guard is not asked as well"
    assert state.heroes["belit"].gems["ally:corsairs"] == 2
    assert state.allies["corsair-2"].alive  # power 2 against 2 parried + 0 armour
    assert any("corsair-1 guards corsair-2 (Bodyguard, 2 gems from Bêlit)" in e.text for e in events)


@pytest.mark.parametrize("given, lang, words", [
    ("1", "en", "(Bodyguard, 1 gem from Bêlit)"), ("3", "en", "(Bodyguard, 3 gems from Bêlit)"),
    ("1", "it", "(1 gemma da Bêlit)"), ("3", "it", "(3 gemme da Bêlit)"),
    ("1", "hu", "(1 drágakő tőle: Bêlit)"), ("3", "hu", "(3 drágakő tőle: Bêlit)"),
])
def test_the_bodyguard_line_counts_its_gems_in_the_readers_plural(given, lang, words):
    """#13: it read '(Bodyguard, 1 gem(s) from Bêlit)', Italian '1 gemma/e': the gems are
    ngettext on their number (Hungarian keeps the singular noun after a number)."""
    state = _table(corsair_skills=["bodyguard"])
    state, events = RULES.apply(state, Attack(seat=OVERLORD, creature="sentry-1", target="belit"))
    state, events = RULES.apply(state, Decide(seat=state.pending.decision.seat, option=given))
    said = [say(event_text(e), lang) for e in events if e.kind == "bodyguard"]
    assert len(said) == 1 and words in said[0], said
