"""Declared riders (W-44 Smite before the roll), sorcerer boxes (§17.3), Melee Reach (W-42),
bonus damage through DR after doubling (W-09), spell resistance (WE-45, W-33), heal against
undead (WE-46), waking a sleeper (WE-61)."""

import pytest

from engine.core import IllegalAction
from engine.rulesets.dnd_minis.abilities import ability_for
from engine.rulesets.dnd_minis.cards import AbilityRef
from engine.rulesets.dnd_minis.creature import Condition
from tests.dnd_minis.skirmish.helpers import act, battle, card, first, kinds
from tests.scripted import script_dice


def needs(name):
    if ability_for(name) is None:
        pytest.fail(f"the abilities package does not implement {name!r} yet")


def test_w44_a_declared_smite_is_spent_even_on_a_miss():
    needs("Smite Evil +10")
    exorcist = card("Exorcist", melee=((5, 10),), abilities=())
    exorcist = exorcist.model_copy(update={"abilities": [AbilityRef(name="Smite Evil +10", uses=1)]})
    state = battle([("x", exorcist, "p1", (0, 0)), ("d", card("Demon", ac=30, hp=90, factions=("CE",)), "p2", (1, 0))],
                   options={"scenario": "assault"})
    state.players["p2"].faction = "CE"
    script_dice(state, 5)
    try:
        state, events = act(state, "attack", "p1", creature="x", target="d", declare=["Smite Evil +10"])
    except IllegalAction as exc:
        pytest.fail(f"Smite is not declarable here: {exc.message}")
    assert "declare" in kinds(events) and state.creatures["x"].uses["Smite Evil +10"] == 1
    assert not first(events, "attack_roll").data["hit"]


def test_declaring_what_the_card_cannot_is_refused():
    state = battle([("x", card("Plain"), "p1", (0, 0)), ("d", card("D"), "p2", (1, 0))])
    with pytest.raises(IllegalAction) as err:
        act(state, "attack", "p1", creature="x", target="d", declare=["Stunning Attack"])
    assert err.value.code == "cannot-declare"


def test_sorcerer_boxes_of_the_level_or_higher():
    bolt = {"name": "magic missile", "level": 1, "range": "sight", "damage": 10, "damage_kind": "magic"}
    sorcerer = card("Sorcerer", spells=[bolt], sorcerer_slots={1: 1, 2: 1})
    for box in (1, 2):
        state = battle([("s", sorcerer, "p1", (0, 0)), ("d", card("D", hp=90), "p2", (5, 0))])
        state.creatures["s"].uses = {"level 1 box": 1} if box == 2 else {}
        state, _ = act(state, "cast", "p1", creature="s", spell="magic missile", target="d")
        assert state.creatures["s"].uses[f"level {box} box"] == 1
    state.creatures["s"].uses = {"level 1 box": 1, "level 2 box": 1}
    state.activation = None
    state2 = battle([("s", sorcerer, "p1", (0, 0)), ("d", card("D", hp=90), "p2", (5, 0))])
    state2.creatures["s"].uses = {"level 1 box": 1, "level 2 box": 1}
    with pytest.raises(IllegalAction):
        act(state2, "cast", "p1", creature="s", spell="magic missile", target="d")


def test_w42_melee_reach():
    needs("Melee Reach 2")
    pike = card("Pikeman", abilities=("Melee Reach 2",))
    state = battle([("p", pike, "p1", (0, 0)), ("a", card("A", hp=90), "p2", (2, 1))])
    script_dice(state, 10)
    state, events = act(state, "attack", "p1", creature="p", target="a", ranged=False)
    assert "attack_roll" in kinds(events)
    state = battle([("p", pike, "p1", (0, 0)), ("a", card("A", hp=90), "p2", (2, 2))])
    with pytest.raises(IllegalAction):
        act(state, "attack", "p1", creature="p", target="a", ranged=False)


def test_w09_bonus_damage_is_not_doubled_and_dr_comes_after_doubling():
    needs("DR 5")
    samurai = card("Dragon Samurai", melee=((10, {"damage": 10, "bonus_damage": [{"amount": 5, "kind": "fire"}]}),))
    state = battle([("s", samurai, "p1", (0, 0)), ("d", card("Armoured", hp=90, ac=40, abilities=("DR 5",)), "p2", (1, 0))])
    script_dice(state, 20)
    state, events = act(state, "attack", "p1", creature="s", target="d")
    assert first(events, "damage").data["amount"] == 20


def test_we61_an_adjacent_ally_wakes_a_sleeper_instead_of_attacking():
    from engine.rulesets.dnd_minis.conditions import known_conditions
    if "asleep" not in known_conditions():
        pytest.fail("asleep is not registered")
    state = battle([("a", card("Waker"), "p1", (0, 0)), ("s", card("Sleeper"), "p1", (1, 0)), ("e", card("E"), "p2", (9, 9))])
    state.creatures["s"].add_condition(Condition(name="asleep", ends="damage"))
    try:
        state, events = act(state, "cast", "p1", creature="a", spell="wake", target="s")
    except IllegalAction as exc:
        pytest.fail(f"waking is not offered as an action: {exc.message}")
    assert not state.creatures["s"].has("asleep") and state.activation.replaced_attack


def test_arrow_catching_shield_takes_the_shot_meant_for_its_neighbour():
    needs("Arrow Catching Shield")
    archer = card("Archer", ranged=((8, 10),))
    state = battle([("a", archer, "p1", (0, 0)), ("t", card("Target", hp=50, ac=5), "p2", (5, 0)),
                    ("s", card("Shieldbearer", hp=50, ac=5, abilities=("Arrow Catching Shield",)), "p2", (6, 0))])
    script_dice(state, 15)
    state, events = act(state, "attack", "p1", creature="a", target="t")
    assert state.creatures["s"].hp == 40 and state.creatures["t"].hp == 50


def test_trample_passes_smaller_enemies_once_a_round():
    needs("Trample 10 (DC 15)")
    beast = card("Mammoth", size="large", speed=8, abilities=("Trample 10 (DC 15)",))
    state = battle([("m", beast, "p1", (0, 0)), ("k", card("Kobold", hp=30, level=0, size="small"), "p2", (3, 0)),
                    ("far", card("Far"), "p2", (11, 11))])
    script_dice(state, 5)  # the kobold fails its save
    state, events = act(state, "move", "p1", creature="m", to=(5, 0))
    assert "trample" in kinds(events) and state.creatures["k"].hp == 20
