"""Climb, Poison and Alchemy: the seed leaves their effect to the scenario (§14), so each is
scenario data, and the shipped scenarios use them.

Seed (004): line 1154 "Scalare: l'effetto di questa abilità è descritta dallo scenario."; line 1216
"Alchimia: l'effetto di questa abilità è descritta dallo scenario."; line 1241 "Veleno: l'effetto
di questa abilità è descritta dallo scenario."
"""

import pytest

from engine.core import IllegalAction
from engine.rulesets.conan.actions import Attack, Activate, Done, Drop, Move
from engine.rulesets.conan.data import build_catalogue, load_scenario
from engine.rulesets.conan.state import OVERLORD

from conan_helpers import H, RULES, act, action_phase, clear_models, gems, only, table


def test_the_shipped_scenarios_use_all_three():
    idol, _ = load_scenario("idol-of-set", build_catalogue({}))
    witch, _ = load_scenario("the-witch-must-die", build_catalogue({}))
    assert [tuple(c.between) for c in idol.climbs] == [("chasm", "gallery")] and idol.poison_damage == 1
    assert witch.alchemy_items == ["fire-pot"] and witch.ground == {"huts": ["fire-pot"]}


def _climber(skills):
    state = action_phase(table(heroes={"shevatas": {**H, "name": "S", "skills": skills}}))
    only(state, "shevatas")
    h = state.heroes["shevatas"]
    h.area, h.cards, h.free_mp = "chasm", [], 2
    gems(h, reserve=6, fatigue=6)
    return state


def test_climb_crosses_the_scenarios_route_only_for_a_climber():
    # The Temple of Set's chasm is walled off from the Gallery; the scenario lets a climber up
    # for 3 MP. Without the skill, or where the scenario names no climb, it is refused.
    with pytest.raises(IllegalAction, match="no usable Climb"):
        RULES.apply(_climber({}), Move(seat="h1", creature="shevatas", to="gallery", mode="climb"))
    state = _climber({"climb": 99})
    with pytest.raises(IllegalAction, match="gives no climb between Chasm and Cloister"):
        RULES.apply(state, Move(seat="h1", creature="shevatas", to="cloister", mode="climb"))
    with pytest.raises(IllegalAction, match="costs 3 MP"):
        RULES.apply(state, Move(seat="h1", creature="shevatas", to="gallery", mode="climb"))
    assert Move(seat="h1", creature="shevatas", to="gallery", gems=1, mode="climb") in \
        RULES.legal_actions(state, "h1")
    state, events = RULES.apply(state, Move(seat="h1", creature="shevatas", to="gallery", gems=1, mode="climb"))
    assert state.heroes["shevatas"].area == "gallery" and "climbs into Gallery (3 MP)" in events[-1].text
    assert state.heroes["shevatas"].gems["move"] == 1


def test_poison_adds_the_scenarios_damage_when_the_attack_wounds():
    units = {"giant-snake": {"name": "Snake", "armour": 2, "lp": 6, "base_movement": 2, "melee": ["s2"],
                             "skills": ["poison"]}}
    state = action_phase(table(heroes={"conan": H}, units=units))
    only(state, "conan")
    clear_models(state, keep=("snake",))
    state.models["snake"].area = "gate"
    h = state.heroes["conan"]
    h.area, h.cards = "gate", []
    gems(h, reserve=0, fatigue=12)
    state, _ = RULES.apply(state, Done(seat="h1", creature="conan"))
    state.overlord.gems["reserve"] = 4  # the snake's slot costs 4
    state, _ = RULES.apply(state, Activate(seat=OVERLORD, tile="snake"))
    assert state.overlord.gems["reserve"] == 0  # no rerolls: the snake's 2 symbols stand
    state, events = act(state, Attack(seat=OVERLORD, creature="snake", target="conan"))
    texts = [e.text for e in events]
    assert any("takes 2 damage from the attack" in t for t in texts)
    assert any("takes 1 damage from poison" in t for t in texts)  # the scenario's poison_damage
    assert state.heroes["conan"].gems["wounds"] == 3


def test_poison_does_nothing_where_the_scenario_gives_it_no_effect_or_the_attack_does_not_wound():
    units = {"giant-snake": {"name": "Snake", "armour": 2, "lp": 6, "base_movement": 2, "melee": ["s2"],
                             "skills": ["poison"]}}
    for poison, armour, wounds in ((0, 0, 2), (1, 2, 0)):
        cards = {"plate": {"name": "Plate", "kind": "armour", "armour": armour, "encumbrance": 1}}
        state = action_phase(table(heroes={"conan": H}, units=units, cards=cards))
        state.scenario.poison_damage = poison
        only(state, "conan")
        clear_models(state, keep=("snake",))
        state.models["snake"].area = "gate"
        h = state.heroes["conan"]
        h.area, h.cards = "gate", ["plate"]
        gems(h, reserve=0, fatigue=12)
        state, _ = RULES.apply(state, Done(seat="h1", creature="conan"))
        state.overlord.gems["reserve"] = 4
        state, _ = RULES.apply(state, Activate(seat=OVERLORD, tile="snake"))
        state, _ = act(state, Attack(seat=OVERLORD, creature="snake", target="conan"))
        assert state.heroes["conan"].gems["wounds"] == wounds


def test_an_alchemical_item_bursts_only_in_an_alchemists_hand():
    cards = {"fire-pot": {"name": "Fire pot", "kind": "item", "encumbrance": 1, "area": True, "dice": ["s2"]}}
    for skills, burst in (({}, False), ({"alchemy": 99}, True)):
        state = action_phase(table("the-witch-must-die", heroes={"hadrathus": {**H, "name": "A", "skills": skills}},
                                   cards=cards, units={"pict-warrior": {"name": "P", "armour": 0, "lp": 5,
                                                                        "base_movement": 2, "melee": ["s1"]}}))
        only(state, "hadrathus")
        clear_models(state, keep=("warrior-1",))
        h = state.heroes["hadrathus"]
        h.area, h.cards = "clearing", ["fire-pot"]
        gems(h, reserve=0, fatigue=12)
        state.overlord.gems["reserve"] = 0
        state.models["warrior-1"].lp = lp = 5
        assert state.models["warrior-1"].area == "clearing"
        state, events = act(state, Drop(seat="h1", creature="hadrathus", item="fire-pot"), *(["warrior-1"] if burst else []))
        texts = [e.text for e in events]
        if burst:
            assert any("bursts in Clearing" in t for t in texts) and state.models["warrior-1"].lp == lp - 2
            assert "fire-pot" not in state.ground.get("clearing", [])
            assert state.heroes["hadrathus"].gems["wounds"] == 2  # an area attack strikes both sides (C10)
        else:
            assert any("unbroken: only an alchemist sets it off" in t for t in texts)
            assert state.ground["clearing"] == ["fire-pot"] and state.models["warrior-1"].lp == lp
