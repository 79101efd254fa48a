"""Reaction spells at any time (§13.10, §16.2 window 7), not only as wards when attacked.

Seed (004, lines 578-582): "L'icona su una carta incantesimo indica che l'incantesimo è un
incantesimo di reazione e che può essere lanciato in qualsiasi momento. Quando lanci un
incantesimo di reazione durante il turno degli eroi, non è necessario attivare la tessera unità
dell'incantatore." Lines 566-567: "Per lanciare un incantesimo, l'Overlord deve prima attivare
una tessera unità che ha l'abilità Incantatore." Lines 134-138: "Un eroe cauto può eseguire solo
azioni di guardia e rilancio, [...] né [...] lanciare una magia (a meno che non sia un incantesimo
di reazione)."
"""

import pytest

from engine.core import IllegalAction
from engine.rulesets.conan.actions import Activate, Attitude, Cast, Done
from engine.rulesets.conan.state import OVERLORD

from conan_helpers import H, RULES, act, gems, only, table

SPELLS = {"hex": {"name": "Hex", "kind": "spell", "cost": 1, "limit": 2, "reaction": True, "dice": ["s2"]},
          "bolt": {"name": "Bolt", "kind": "spell", "cost": 2, "limit": 4, "dice": ["s3"]}}
UNITS = {"pict-warrior": {"name": "P", "armour": 0, "lp": 9, "base_movement": 2, "melee": ["s1"]}}
CASTER = {**H, "name": "Hadrathus", "skills": {"spellcaster": 99}, "cards": ["hex", "bolt"]}


def _table():
    state = table("the-witch-must-die", heroes={"hadrathus": CASTER, "conan": H}, cards=SPELLS, units=UNITS,
                  spells=True)
    state.scenario.overlord_spells = ["hex", "bolt"]
    state.overlord.gems.update({"spell:hex": 0, "spell:bolt": 0})
    only(state, "hadrathus")
    h = state.heroes["hadrathus"]
    h.area, h.cards = "clearing", ["hex", "bolt"]
    h.gems.update({"spell:hex": 0, "spell:bolt": 0})
    gems(h, reserve=8, fatigue=4)
    state.overlord.gems["reserve"] = 6
    return state


def test_the_overlord_casts_a_reaction_spell_in_the_heroes_turn_without_activation():
    state = _table()  # the heroes' Attitude phase: nothing is activated
    state, events = act(state, Cast(seat=OVERLORD, creature="witch", spell="hex", target="hadrathus"), "keep", "none")
    assert state.pending is None
    assert state.overlord.gems["spell:hex"] == 1 and state.overlord.gems["reserve"] == 5
    assert any("witch casts Hex (a reaction spell, in the heroes' turn)" in e.text for e in events)
    assert any("Hadrathus takes 2 damage" in e.text for e in events)  # s2 against no Guard, no armour
    # A non-reaction spell at that moment stays illegal (E30); a model without Spellcaster casts nothing.
    with pytest.raises(IllegalAction, match="only reaction spells"):
        RULES.apply(state, Cast(seat=OVERLORD, creature="witch", spell="bolt", target="hadrathus"))
    with pytest.raises(IllegalAction, match="no Spellcaster"):
        RULES.apply(state, Cast(seat=OVERLORD, creature="warrior-1", spell="hex", target="hadrathus"))


def test_in_his_own_turn_the_casters_tile_must_be_activated():
    state = _table()
    state, _ = RULES.apply(state, Attitude(seat="h1", creature="hadrathus", choice="aggressive"))
    state, _ = RULES.apply(state, Done(seat="h1", creature="hadrathus"))
    assert state.side == "overlord"
    with pytest.raises(IllegalAction, match="tile he has activated"):
        RULES.apply(state, Cast(seat=OVERLORD, creature="witch", spell="hex", target="hadrathus"))
    state, _ = RULES.apply(state, Activate(seat=OVERLORD, tile=state.models["witch"].tile))
    state, _ = act(state, Cast(seat=OVERLORD, creature="witch", spell="hex", target="hadrathus"), "keep", "none")
    assert state.pending is None and state.overlord.gems["spell:hex"] == 1


def test_a_cautious_hero_casts_reaction_spells_only():
    state = _table()
    state, _ = RULES.apply(state, Attitude(seat="h1", creature="hadrathus", choice="cautious"))
    with pytest.raises(IllegalAction, match="Cautious"):
        RULES.apply(state, Cast(seat="h1", creature="hadrathus", spell="bolt", target="warrior-1"))
    state, events = act(state, Cast(seat="h1", creature="hadrathus", spell="hex", target="warrior-1"), "keep", "none")
    assert state.pending is None and state.heroes["hadrathus"].gems["spell:hex"] == 1
    assert any("Hadrathus casts Hex" in e.text for e in events)


def test_a_hero_casts_a_reaction_spell_in_the_overlords_turn():
    state = _table()
    state, _ = RULES.apply(state, Attitude(seat="h1", creature="hadrathus", choice="aggressive"))
    state, _ = RULES.apply(state, Done(seat="h1", creature="hadrathus"))
    assert state.side == "overlord"
    state, events = act(state, Cast(seat="h1", creature="hadrathus", spell="hex", target="warrior-1"), "keep", "none")
    assert state.pending is None and state.heroes["hadrathus"].gems["spell:hex"] == 1 and state.side == "overlord"
    # Only a reaction spell: anything else waits for the heroes' turn.
    with pytest.raises(IllegalAction):
        RULES.apply(state, Cast(seat="h1", creature="hadrathus", spell="bolt", target="warrior-1"))
