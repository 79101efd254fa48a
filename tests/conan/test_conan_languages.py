"""Conan in Italian and Hungarian (#13): a real refusal and a real event read through the .po files
loaded with babel, with the Italian rulebook's own words (gemme, Riserva, Fatica, Overlord).
(Every key translated, and every marked sentence in the template: tests/engine/test_rule_catalogues.py.)"""

import pytest

from engine.core import IllegalAction, get_ruleset
from engine.rulesets.conan.actions import Attitude, Begin
from tests.catalogues import lookup as catalogue_lookup

RULES = get_ruleset("conan")


def lookup(lang):
    return catalogue_lookup("conan", lang)


def test_the_heroes_turn_and_a_refusal_in_italian_and_hungarian():
    state = RULES.new_game(1, {"scenario": "idol-of-set", "players": 1})
    state, events = RULES.apply(state, Begin())
    turn = next(e for e in events if e.text.startswith("⚔️"))
    assert turn.text == ("⚔️ Heroes' turn (turn marker 0): gems spent in the Overlord's turn go to Fatigue. "
                         "Each hero picks an attitude: /attitude choice:aggressive or cautious.")
    assert turn.line(lookup("it")) == (
        "⚔️ Turno degli eroi (segnalino del turno 0): le gemme spese nel turno dell'Overlord vanno nella "
        "Fatica. Ogni eroe sceglie un Atteggiamento: /attitude choice:aggressive o cautious.")
    assert turn.line(lookup("hu")) == (
        "⚔️ A hősök köre (körjelző: 0): az Overlord körében elköltött drágakövek a Fáradtságba kerülnek. "
        "Minden hős hozzáállást választ: /attitude choice:aggressive vagy cautious.")

    with pytest.raises(IllegalAction) as err:
        RULES.apply(state, Attitude(seat="h1", creature="thoth", choice="aggressive"))
    refusal = err.value.message
    heroes = ", ".join(h.name for h in state.heroes.values())
    assert str(refusal) == f"There is no hero 'thoth'. Heroes: {heroes}."
    assert refusal.render(lookup("it")) == f"Non esiste l'eroe 'thoth'. Eroi: {heroes}."
    assert refusal.render(lookup("hu")) == f"Nincs 'thoth' nevű hős. Hősök: {heroes}."
