"""Starter rules set-up (dnd-minis-skirmish.md §6.3): terrain initiative, the assembly tile in
each start area, generic tiles one at a time in turn, then deployment on the assembly tile."""

import pytest

from engine.core import IllegalAction
from tests.dnd_minis.skirmish.helpers import RULES, act, kinds
from tests.scripted import script_dice

CARDS = [
    {"id": "captain", "name": "Captain", "factions": ["LG"], "cost": 30, "level": 5, "speed": 6, "ac": 17, "hp": 40,
     "commander": 3, "melee": [{"bonus": 8, "damage": 10}], "types": ["Humanoid"]},
    {"id": "warlord", "name": "Warlord", "factions": ["CE"], "cost": 30, "level": 5, "speed": 6, "ac": 16, "hp": 40,
     "commander": 2, "melee": [{"bonus": 8, "damage": 10}], "types": ["Humanoid"]},
]


def with_warbands():
    state = RULES.new_game(seed=5, options={"edition": "starter", "card_data": CARDS})
    assert state.rules.tiles
    state, _ = act(state, "warband", "p1", cards=["captain"], faction="LG",
                   tiles=["campsite", "crypt", "shrine", "blood-altar"])
    script_dice(state, 10, 10)  # terrain initiative: 13 vs 12
    state, events = act(state, "warband", "p2", cards=["warlord"], faction="CE",
                        tiles=["gatehouse", "chasm", "rubble-hall", "spike-field"])
    assert state.phase == "choose-first" and state.chooser == "p1"
    assert state.players["p1"].letter == "A" and state.players["p2"].letter == "B"
    return state


def test_a_warband_must_bring_one_assembly_and_three_generic_tiles():
    state = RULES.new_game(seed=5, options={"edition": "starter", "card_data": CARDS})
    with pytest.raises(IllegalAction) as err:
        act(state, "warband", "p1", cards=["captain"], faction="LG", tiles=["campsite", "crypt"])
    assert "tile" in err.value.message


def test_tiles_in_turn_then_deployment():
    state = with_warbands()
    state, _ = act(state, "first", "p1", first="p2")
    assert state.phase == "tiles" and state.deployer == "p2"
    with pytest.raises(IllegalAction):
        act(state, "tile", "p2", tile="chasm", square=(10, 10))  # the assembly tile comes first
    legal = [a for a in RULES.legal_actions(state, "p2") if a.kind != "aoo"]  # /aoo orders: any time
    assert legal and all(a.tile == "gatehouse" for a in legal)
    order = []
    while state.phase == "tiles":
        seat = state.deployer
        action = RULES.legal_actions(state, seat)[0]
        state, events = RULES.apply(state, action)
        order.append((seat, action.tile))
    assert [s for s, _ in order[:2]] == ["p2", "p1"]
    assert order[0][1] == "gatehouse" and order[1][1] == "campsite"
    generic = [s for s, _ in order[2:]]
    assert generic[:2] == ["p2", "p1"]  # one generic tile at a time, in turn
    assert state.phase == "deploy" and state.deployer == "p2" and state.map is not None
    # Deploy on the own assembly tile only.
    start_b = {sq for z in state.map.zones_of("start", "B") for sq in z.squares}
    place = next(a for a in RULES.legal_actions(state, "p2"))
    assert place.square in start_b
    state, _ = RULES.apply(state, place)
    place = RULES.legal_actions(state, "p1")[0]
    state, events = RULES.apply(state, place)
    assert "setup_done" in kinds(events) and state.phase == "initiative"
