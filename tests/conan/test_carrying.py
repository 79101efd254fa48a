"""Carrying a character, and the fall of a carrier (§9.6, E23's last line).

Seed (004, lines 360-363): "Se un personaggio che cade trasporta un altro personaggio, entrambi
subiscono lo stesso danno, ma il giocatore che controlla il personaggio portante è l'unico che
può provare ad eseguire azioni di Rilancio." Carrying itself has no printed cost or weight in
the seed: picking up is a simple manipulation (1 gem), setting down is free, and the carried
hero weighs the scenario's ``carried_encumbrance`` (Warband's rulings, §11.1 counts it).
"""

import pytest

from engine.core import IllegalAction
from engine.rulesets.conan import heroes as sheet
from engine.rulesets.conan.actions import Carry, Move

from conan_helpers import H, RULES, act, action_phase, gems, only, table


def _pair(players=1, **scenario):
    hero = {**H, "name": "Shevatas", "skills": {"jump": 99}}
    state = action_phase(table(heroes={"shevatas": hero, "conan": {**H, "name": "G"}},
                               icons={"jump_die": {"value": "s0"}}, seed=3, players=players))
    only(state, "shevatas", "conan")
    for key, value in scenario.items():
        setattr(state.scenario, key, value)
    for h in state.heroes.values():
        h.area, h.cards = "cloister", []
        gems(h, reserve=6, fatigue=6)
    return state


def test_pick_up_weighs_on_the_carrier_and_the_load_moves_with_him():
    state = _pair(carried_encumbrance=4)
    state, events = RULES.apply(state, Carry(seat="h1", creature="shevatas", who="conan"))
    s, g = state.heroes["shevatas"], state.heroes["conan"]
    assert s.carrying == "conan" and sheet.encumbrance(state.catalogue, s) == 4
    assert s.gems["manip"] == 1 and "picks up G" in events[0].text
    with pytest.raises(IllegalAction, match="G is carried by Shevatas"):
        RULES.apply(state, Move(seat="h1", creature="conan", to="hall"))
    assert not [a for a in RULES.legal_actions(state, "h1") if a.kind == "move" and a.creature == "conan"]
    state.heroes["shevatas"].free_mp = 2
    state, _ = RULES.apply(state, Move(seat="h1", creature="shevatas", to="hall"))
    assert state.heroes["conan"].area == "hall"
    state, events = RULES.apply(state, Carry(seat="h1", creature="shevatas", who="none"))
    assert state.heroes["shevatas"].carrying is None and sheet.encumbrance(state.catalogue, state.heroes["shevatas"]) == 0
    assert "sets G down" in events[0].text


def test_refusals_change_nothing():
    state = _pair(carried_encumbrance=11)  # H's maximum encumbrance is 10
    with pytest.raises(IllegalAction, match="over his maximum encumbrance 10"):
        RULES.apply(state, Carry(seat="h1", creature="shevatas", who="conan"))
    state = _pair()
    state.heroes["conan"].area = "hall"
    with pytest.raises(IllegalAction, match="not in Shevatas' area"):
        RULES.apply(state, Carry(seat="h1", creature="shevatas", who="conan"))
    with pytest.raises(IllegalAction, match="carries nobody"):
        RULES.apply(state, Carry(seat="h1", creature="shevatas", who="none"))
    assert RULES.action_from_command(state, "h1", "carry", {"who": "conan", "creature": "shevatas"}) == \
        Carry(seat="h1", creature="shevatas", who="conan")


def test_e23_a_falling_carrier_and_his_load_take_the_same_damage():
    state = _pair(players=2, falling_dice=["s1", "s2"], carried_encumbrance=2)
    carrier = state.heroes["shevatas"].seat
    assert state.heroes["conan"].seat != carrier  # two players: G's is not the carrier's
    state, _ = RULES.apply(state, Carry(seat=carrier, creature="shevatas", who="conan"))
    state.heroes["shevatas"].free_mp = 3
    # The jump fails (its die shows 0) and the Gallery's border drops him into the chasm. The only
    # reroll question is the carrier's (the jump, then the fall); G is never asked.
    state, events = act(state, Move(seat=carrier, creature="shevatas", to="gallery", mode="jump"), "keep", "keep")
    s, g = state.heroes["shevatas"], state.heroes["conan"]
    assert s.area == g.area == "chasm"
    assert s.gems["wounds"] == 3 and g.gems["wounds"] == 3  # the same 3 damage, no Guard, no armour
    assert any("the fall, carried by Shevatas" in e.text for e in events)
    asked = [(e.seat, e.data["key"]) for e in events if e.kind == "decision"]
    assert asked == [(carrier, "reroll"), (carrier, "reroll")]  # the jump's roll, then the fall's
