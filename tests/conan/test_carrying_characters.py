"""Allies and the Overlord's models carry too (§9.6: "Se un personaggio che cade trasporta un
altro personaggio" - any character, seed 004 lines 360-363), each a friendly character in its
area, within a maximum encumbrance: a hero's sheet prints his; a unit's is data (a default in
units.json), and a unit with none carries nobody. The load weighs the scenario's
``carried_encumbrance``. An ally's pick-up is paid like a hero's (1 gem, from its Commander onto
its tile) and ends its base MP, as its attack does; a model's ends its base MP (the Overlord has
no Manipulation). A carried character never moves on its own, and falls with its carrier.
"""

import pytest

from engine.core import IllegalAction
from engine.rulesets.conan.actions import Activate, Carry, Done, Move
from engine.rulesets.conan.state import OVERLORD

from conan_helpers import H, RULES, act, action_phase, clear_models, gems, only, table

CORSAIR = {"name": "Corsair", "armour": 0, "lp": 1, "base_movement": 2, "melee": ["s1"], "max_encumbrance": 6}
WARRIOR = {"name": "P", "armour": 0, "lp": 1, "base_movement": 2, "melee": ["s1"], "max_encumbrance": 6}


def _heroes_turn(corsair=CORSAIR, **scenario):
    belit = {**H, "name": "Bêlit", "skills": {"commander": 99, "jump": 99}}
    state = action_phase(table(heroes={"belit": belit}, units={"black-corsair": corsair, "pict-warrior": WARRIOR},
                               icons={"jump_die": {"value": "s0"}}, allies=True, seed=3))
    only(state, "belit")
    clear_models(state)
    for key, value in scenario.items():
        setattr(state.scenario, key, value)
    b = state.heroes["belit"]
    b.area, b.cards = "cloister", []
    gems(b, reserve=8, fatigue=4, **{"ally:corsairs": 0})
    for ally in state.allies.values():
        ally.area = "cloister"
    return state


def test_an_ally_picks_up_its_commander_and_carries_her():
    state = _heroes_turn()
    with pytest.raises(IllegalAction, match="Activate corsair-1 first"):
        RULES.apply(state, Carry(seat="h1", creature="corsair-1", who="belit"))
    state, _ = RULES.apply(state, Activate(seat="h1", tile="corsair-1"))
    state, events = RULES.apply(state, Carry(seat="h1", creature="corsair-1", who="belit"))
    c = state.allies["corsair-1"]
    assert c.carrying == "belit" and c.mp == 0 and state.heroes["belit"].gems["ally:corsairs"] == 2
    assert "corsair-1 picks up Bêlit" in events[0].text
    with pytest.raises(IllegalAction, match="Bêlit is carried by corsair-1"):
        RULES.apply(state, Move(seat="h1", creature="belit", to="hall"))
    # Its base MP are gone; extra MP (1 gem each, from Bêlit onto its tile) move both.
    state, _ = RULES.apply(state, Move(seat="h1", creature="corsair-1", to="hall", gems=2))
    assert state.allies["corsair-1"].area == state.heroes["belit"].area == "hall"
    state, events = RULES.apply(state, Carry(seat="h1", creature="corsair-1", who="none"))
    assert state.allies["corsair-1"].carrying is None and "sets Bêlit down in" in events[0].text


def test_an_ally_refuses_a_load_over_its_maximum_or_with_none_and_a_hero_carries_an_ally():
    state = _heroes_turn(carried_encumbrance=7)
    state, _ = RULES.apply(state, Activate(seat="h1", tile="corsair-1"))
    with pytest.raises(IllegalAction, match="over his maximum encumbrance 6"):
        RULES.apply(state, Carry(seat="h1", creature="corsair-1", who="corsair-2"))
    state = _heroes_turn(corsair={k: v for k, v in CORSAIR.items() if k != "max_encumbrance"})
    state, _ = RULES.apply(state, Activate(seat="h1", tile="corsair-1"))
    with pytest.raises(IllegalAction, match="no maximum encumbrance in the unit data"):
        RULES.apply(state, Carry(seat="h1", creature="corsair-1", who="belit"))
    # A hero carries an ally (a friendly character) as he carries a hero.
    state, _ = RULES.apply(state, Carry(seat="h1", creature="belit", who="corsair-2"))
    assert state.heroes["belit"].carrying == "corsair-2" and state.heroes["belit"].gems["manip"] == 1
    state, _ = RULES.apply(state, Activate(seat="h1", tile="corsair-2"))
    with pytest.raises(IllegalAction, match="corsair-2 is carried by Bêlit"):
        RULES.apply(state, Move(seat="h1", creature="corsair-2", to="hall"))


def test_a_falling_hero_and_the_ally_she_carries_take_the_same_damage():
    state = _heroes_turn(falling_dice=["s1"], carried_encumbrance=2)
    state, _ = RULES.apply(state, Carry(seat="h1", creature="belit", who="corsair-2"))
    state.heroes["belit"].free_mp = 3
    # The jump fails (its die shows 0): both drop into the chasm and take 1; the ally's 1 LP is gone.
    state, events = act(state, Move(seat="h1", creature="belit", to="gallery", mode="jump"), "keep", "keep")
    assert state.heroes["belit"].area == "chasm" and state.heroes["belit"].gems["wounds"] == 1
    assert not state.allies["corsair-2"].alive and state.heroes["belit"].carrying is None
    assert any("corsair-2 dies" in e.text for e in events)


def test_an_overlord_model_carries_a_friendly_model_while_its_tile_acts():
    state = _heroes_turn()
    state.models["sentry-1"].alive = state.models["sentry-2"].alive = True
    state.models["sentry-1"].area = state.models["sentry-2"].area = "hall"
    state, _ = RULES.apply(state, Done(seat="h1", creature="belit"))
    state.overlord.gems["reserve"] = 10
    with pytest.raises(IllegalAction, match="not the one activated"):
        RULES.apply(state, Carry(seat=OVERLORD, creature="sentry-1", who="sentry-2"))
    state, _ = RULES.apply(state, Activate(seat=OVERLORD, tile="sentries"))
    state.heroes["belit"].area = "hall"
    with pytest.raises(IllegalAction, match="friendly character"):
        RULES.apply(state, Carry(seat=OVERLORD, creature="sentry-1", who="belit"))
    state, events = RULES.apply(state, Carry(seat=OVERLORD, creature="sentry-1", who="sentry-2"))
    assert state.models["sentry-1"].carrying == "sentry-2" and state.models["sentry-1"].mp == 0
    with pytest.raises(IllegalAction, match="sentry-2 is carried by sentry-1"):
        RULES.apply(state, Move(seat=OVERLORD, creature="sentry-2", to="cloister"))
    assert not [a for a in RULES.legal_actions(state, OVERLORD) if a.kind == "move" and a.creature == "sentry-2"]
    state, _ = RULES.apply(state, Move(seat=OVERLORD, creature="sentry-1", to="cloister", gems=2))
    assert state.models["sentry-2"].area == "cloister" and state.overlord.gems["movement"] == 2
    state, events = RULES.apply(state, Carry(seat=OVERLORD, creature="sentry-1", who="none"))
    assert state.models["sentry-1"].carrying is None
