"""A whole War Drums battle set-up through actions: warbands, map, initiative, deployment,
rounds of phases. Dice are scripted."""

import pytest

from engine.core import IllegalAction
from tests.dnd_minis.skirmish.helpers import RULES, act, grid, kinds
from tests.scripted import script_dice

CARDS = [
    {"id": "captain", "name": "Captain", "factions": ["LG"], "cost": 30, "level": 5, "speed": 6, "ac": 17, "hp": 40,
     "commander": 3, "melee": [{"bonus": 8, "damage": 10}], "types": ["Humanoid"]},
    {"id": "spearman", "name": "Spearman", "factions": ["LG"], "cost": 10, "level": 2, "speed": 6, "ac": 14, "hp": 20,
     "melee": [{"bonus": 4, "damage": 5}], "types": ["Humanoid"]},
    {"id": "warlord", "name": "Warlord", "factions": ["CE"], "cost": 30, "level": 5, "speed": 6, "ac": 16, "hp": 40,
     "commander": 2, "melee": [{"bonus": 8, "damage": 10}], "types": ["Humanoid", "Orc"]},
    {"id": "raider", "name": "Raider", "factions": ["CE"], "cost": 10, "level": 2, "speed": 6, "ac": 13, "hp": 20,
     "melee": [{"bonus": 5, "damage": 5}], "types": ["Humanoid", "Orc"]},
]


def field_map():
    return grid(14, 10, zones=[
        {"name": "start A", "kind": "start", "side": "A", "squares": [[x, y] for x in range(0, 3) for y in range(0, 3)]},
        {"name": "start B", "kind": "start", "side": "B", "squares": [[x, y] for x in range(11, 14) for y in range(7, 10)]},
        {"name": "exit A", "kind": "exit", "side": "A", "squares": [[0, 0], [0, 1]]},
        {"name": "exit B", "kind": "exit", "side": "B", "squares": [[13, 9], [13, 8]]},
        {"name": "victory A", "kind": "victory", "side": "A", "squares": [[10, 5], [11, 5]]},
        {"name": "victory B", "kind": "victory", "side": "B", "squares": [[2, 4], [3, 4]]},
    ]).model_dump(mode="json")


def new_battle():
    return RULES.new_game(seed=3, options={"map_data": field_map(), "card_data": CARDS})


def deployed():
    state = new_battle()
    state, _ = act(state, "warband", "p1", cards=["captain", "spearman", "spearman"], faction="LG")
    state, events = act(state, "warband", "p2", cards=["warlord", "raider", "raider"], faction="CE")
    assert "reveal" in kinds(events)
    assert state.phase == "choose-first"  # setup initiative already rolled (a map came with the game)
    chooser = state.chooser
    state, _ = act(state, "first", chooser, first="p1")
    state, _ = act(state, "place", "p1", creature="p1-captain", square=(1, 1))
    state, _ = act(state, "place", "p1", creature="p1-spearman", square=(2, 1))
    state, _ = act(state, "place", "p1", creature="p1-spearman-2", square=(2, 2))
    assert state.players["p1"].letter == "A" and state.deployer == "p2"
    with pytest.raises(IllegalAction) as err:
        act(state, "place", "p2", creature="p2-warlord", square=(1, 0))
    assert err.value.code == "not-a-start-square"
    state, _ = act(state, "place", "p2", creature="p2-warlord", square=(12, 8))
    state, _ = act(state, "place", "p2", creature="p2-raider", square=(11, 8))
    state, events = act(state, "place", "p2", creature="p2-raider-2", square=(11, 9))
    assert "setup_done" in kinds(events) and state.phase == "initiative" and state.round == 1
    return state


def test_setup_to_first_round():
    state = deployed()
    assert state.players["p2"].letter == "B"
    script_dice(state, 10, 10)  # 10 + 3 vs 10 + 2: p1 wins
    state, events = act(state, "initiative", "p2")
    assert state.initiative_winner == "p1"
    state, events = act(state, "first", "p1", first="p2")
    assert state.order == ["p2", "p1"] and state.phase_seat == "p2"


def test_phases_of_two_and_leftovers():
    """WE-50: phases of two activations alternate; the last odd creature gets a phase of one."""
    state = deployed()
    script_dice(state, 15, 2)
    state, _ = act(state, "initiative", "p1")
    state, _ = act(state, "first", "p1", first="p1")
    seen = []
    while state.phase == "activation":
        seat = state.phase_seat
        creature = next(c for c in state.creatures_of(seat) if c.activations == 0)
        state, events = act(state, "end", seat, creature=creature.id)
        seen.append(seat)
    assert seen == ["p1", "p1", "p2", "p2", "p1", "p2"]
    assert state.phase == "initiative" and state.round == 2
