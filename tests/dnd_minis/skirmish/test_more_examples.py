"""More worked examples through the ruleset: WE-27 (Hurling Charge, lost target), WE-56
(commander effects don't stack with each other, do with spells), WE-62 (entangle), WE-63
(confusion), WE-76 (Out of the Box, Commander 0), W-51 (Hurling Charge, starter), minions."""

import pytest

from engine.rulesets.dnd_minis.abilities import ability_for
from engine.rulesets.dnd_minis.conditions import known_conditions
from engine.rulesets.dnd_minis.creature import Condition, Effect
from tests.dnd_minis.skirmish.helpers import RULES, act, battle, card, first, grid, kinds
from tests.scripted import script_dice


def needs(name):
    if ability_for(name) is None:
        pytest.fail(f"the abilities package does not implement {name!r} yet")


def test_we27_w51_hurling_charge_routs_the_target_and_the_melee_attack_is_lost():
    needs("Hurling Charge")
    hurler = card("Javelineer", speed=4, ranged=((10, 20),), abilities=("Hurling Charge",))
    exits = [{"name": "exit B", "kind": "exit", "side": "B", "squares": [[11, 11]]}]
    target = card("Goblin", hp=40, level=0, ac=10)
    state = battle([("h", hurler, "p1", (0, 0)), ("g", target, "p2", (5, 5))], map=grid(zones=exits))
    script_dice(state, 15, 2)  # the javelin hits for 20 (half): morale 2 fails, it runs
    state, events = act(state, "charge", "p1", creature="h", answers=["throw"])
    assert state.creatures["h"].square == (4, 4)  # the charge move is completed
    assert [e.data["hit"] for e in events if e.kind == "attack_roll"] == [True]  # no melee attack
    assert "gone" in next(e.text for e in events if e.kind == "note" and "gone" in e.text)


def test_we56_commander_effects_take_the_largest_and_stack_with_spells():
    k2 = card("Lord Two", commander=2, commander_effects=[{"stat": "attack", "amount": 2, "text": "+2 attack"}])
    k1 = card("Lord One", commander=1, commander_effects=[{"stat": "attack", "amount": 1, "text": "+1 attack"}])
    follower = card("Follower", melee=((5, 5),))
    state = battle([("f", follower, "p1", (5, 5)), ("k2", k2, "p1", (5, 7)), ("k1", k1, "p1", (7, 5)),
                    ("foe", card("Foe", ac=40, hp=90), "p2", (4, 5))])
    state.creatures["f"].effects = [Effect(name="bless", family="bless", stat="attack", value=1)]
    from engine.rulesets.dnd_minis.abilities import hooks
    if not any(e.commander_effect for e in hooks.effects_of(state.creatures["k2"])):
        pytest.fail("the abilities package does not read structured commander effects from cards yet")
    script_dice(state, 10)
    state, events = act(state, "attack", "p1", creature="f", target="foe")
    assert first(events, "attack_roll").roll.total == 10 + 5 + 2 + 1


def test_we62_entangle_failed_save_spends_the_move_but_not_the_attacks():
    if "entangled" not in known_conditions():
        pytest.fail("entangled is not registered")
    state = battle([("e", card("Entangled", level=4, melee=((5, 5), (5, 5))), "p1", (0, 0)),
                    ("foe", card("Foe", hp=90, ac=5), "p2", (1, 0))])
    state.creatures["e"].add_condition(Condition(name="entangled", dc=19, ends="save"))
    script_dice(state, 10)  # 14 < 19: stuck
    state, events = act(state, "move", "p1", creature="e", to=(0, 3))
    assert state.creatures["e"].square == (0, 0) and state.activation.cannot_move
    script_dice(state, 10, 10)
    state, _ = act(state, "attack", "p1", creature="e", target="foe")
    state, _ = act(state, "attack", "p1", creature="e", target="foe")
    assert state.creatures["foe"].hp == 80


def test_we63_confusion_one_to_five_hands_the_creature_to_the_opponent():
    if "confused" not in known_conditions():
        pytest.fail("confused is not registered")
    state = battle([("c", card("Confused"), "p1", (0, 0)), ("ally", card("Ally", hp=90, ac=5), "p1", (1, 0)),
                    ("foe", card("Foe"), "p2", (9, 9))])
    state.creatures["c"].add_condition(Condition(name="confused", dc=15, ends="save"))
    script_dice(state, 3)
    state, events = act(state, "activate", "p1", creature="c")
    assert state.creatures["c"].controller == "p2" and RULES.to_act(state) == ["p2"]
    assert not state.activation.in_command
    script_dice(state, 10)
    state, events = act(state, "attack", "p2", creature="c", target="ally")  # it strikes its own side
    assert first(events, "attack_roll").data["defender"] == "ally"


def test_we63_confusion_six_to_fifteen_does_nothing():
    if "confused" not in known_conditions():
        pytest.fail("confused is not registered")
    state = battle([("c", card("Confused"), "p1", (0, 0)), ("foe", card("Foe"), "p2", (9, 9))])
    state.creatures["c"].add_condition(Condition(name="confused", dc=15, ends="save"))
    script_dice(state, 10, 2)
    state, events = act(state, "activate", "p1", creature="c")
    assert "no_actions" in kinds(events) and state.activation is None


def test_we76_out_of_the_box_commander_zero():
    cards = [{"id": "cheap", "name": "Cheap", "factions": ["LG"], "cost": 6, "level": 1, "speed": 6, "ac": 12, "hp": 10,
              "melee": [{"bonus": 2, "damage": 5}], "types": ["Humanoid"]},
             {"id": "pricey", "name": "Pricey", "factions": ["CE"], "cost": 20, "level": 3, "speed": 6, "ac": 14,
              "hp": 20, "melee": [{"bonus": 5, "damage": 10}], "types": ["Humanoid"]}]
    state = RULES.new_game(seed=2, options={"scenario": "out-of-the-box", "card_data": cards,
                                            "map_data": grid().model_dump(mode="json")})
    state, _ = act(state, "warband", "p1", cards=["cheap", "pricey"], commander_zero="cheap")
    c = state.creatures["p1-cheap"]
    assert c.rating == 0 and c.vp_value == 11 and c.is_commander


def test_waylay_starts_off_the_map_scores_for_the_opponent_until_it_springs():
    needs("Waylay")
    cards = [{"id": "boss", "name": "Boss", "factions": ["LG"], "cost": 30, "level": 5, "speed": 6, "ac": 17, "hp": 40,
              "commander": 3, "melee": [{"bonus": 8, "damage": 10}], "types": ["Humanoid"]},
             {"id": "ambusher", "name": "Ambusher", "factions": ["LG"], "cost": 20, "level": 3, "speed": 6, "ac": 15,
              "hp": 20, "melee": [{"bonus": 5, "damage": 10}], "types": ["Humanoid"], "abilities": [{"name": "Waylay"}]},
             {"id": "brute", "name": "Brute", "factions": ["CE"], "cost": 30, "level": 5, "speed": 6, "ac": 16, "hp": 40,
              "commander": 2, "melee": [{"bonus": 8, "damage": 10}], "types": ["Humanoid"]}]
    zones = [{"name": "start A", "kind": "start", "side": "A", "squares": [[0, 0], [1, 0]]},
             {"name": "start B", "kind": "start", "side": "B", "squares": [[11, 11], [10, 11]]},
             {"name": "victory A", "kind": "victory", "side": "A", "squares": [[6, 6]]}]
    state = RULES.new_game(seed=4, options={"card_data": cards, "map_data": grid(zones=zones).model_dump(mode="json")})
    state, _ = act(state, "warband", "p1", cards=["boss", "ambusher"], faction="LG")
    state, _ = act(state, "warband", "p2", cards=["brute"], faction="CE")
    state, _ = act(state, "first", state.chooser, first="p1")
    state, _ = act(state, "place", "p1", creature="p1-boss", square=(0, 0))
    state, events = act(state, "place", "p2", creature="p2-brute", square=(11, 11))
    assert state.phase == "initiative" and state.players["p2"].vp == 20
    state, _ = act(state, "place", "p1", creature="p1-ambusher", square=(6, 6))
    assert state.creatures["p1-ambusher"].on_board and state.players["p2"].vp == 0


def test_phase_out_counts_as_eliminated_until_it_returns():
    from engine.rulesets.dnd_minis.abilities.base import AddCondition, RemoveCondition
    from engine.rulesets.dnd_minis.skirmish import effects
    from engine.rulesets.dnd_minis.skirmish.field import SkirmishField

    state = battle([("b", card("Blinker", cost=25), "p1", (3, 3)), ("e", card("E"), "p2", (9, 9))])
    field = SkirmishField(state)
    effects.run(field, state.rng, [AddCondition(target="b", condition="phased out")], [])
    b = state.creatures["b"]
    assert not b.on_board and state.players["p2"].vp == 25
    effects.run(field, state.rng, [RemoveCondition(target="b", condition="phased out")], [])
    assert b.on_board and b.square == (3, 3) and state.players["p2"].vp == 0
