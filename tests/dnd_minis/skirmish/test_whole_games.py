"""Whole battles, start to recorded result, in both editions and with four players: every
player follows a simple deterministic plan (attack, else charge, else close in, else end)."""

import pytest

from engine.grid import space_distance
from tests.dnd_minis.skirmish.helpers import RULES, grid

CE = [{"id": "warlord", "name": "Warlord", "factions": ["CE"], "cost": 30, "level": 5, "speed": 6, "ac": 16, "hp": 40,
       "commander": 2, "melee": [{"bonus": 8, "damage": 10}], "types": ["Humanoid", "Orc"]}]


def field_map(players=2):
    zones = [
        {"name": "start A", "kind": "start", "side": "A", "squares": [[x, y] for x in range(0, 4) for y in range(0, 3)]},
        {"name": "start B", "kind": "start", "side": "B", "squares": [[x, y] for x in range(8, 12) for y in range(9, 12)]},
        {"name": "exit A", "kind": "exit", "side": "A", "squares": [[0, 0]]},
        {"name": "exit B", "kind": "exit", "side": "B", "squares": [[11, 11]]},
        {"name": "victory A", "kind": "victory", "side": "A", "squares": [[8, 8], [9, 8]]},
        {"name": "victory B", "kind": "victory", "side": "B", "squares": [[2, 3], [3, 3]]},
    ]
    if players == 4:
        zones += [
            {"name": "start C", "kind": "start", "side": "C", "squares": [[x, y] for x in range(8, 12) for y in range(0, 3)]},
            {"name": "start D", "kind": "start", "side": "D", "squares": [[x, y] for x in range(0, 4) for y in range(9, 12)]},
            {"name": "exit C", "kind": "exit", "side": "C", "squares": [[11, 0]]},
            {"name": "exit D", "kind": "exit", "side": "D", "squares": [[0, 11]]},
        ]
    return grid(12, 12, walls=[(5, 5), (6, 6)], terrain={"difficult": [(5, 7)], "sacred_circle": [(6, 4)]},
                zones=zones).model_dump(mode="json")


def plan(state, seat):
    options = RULES.legal_actions(state, seat)
    for kind in ("attack", "charge"):
        found = [a for a in options if a.kind == kind]
        if found:
            return found[0]
    moves = [a for a in options if a.kind == "move"]
    if moves and state.activation is not None and state.activation.moved == 0:
        foes = [c for c in state.creatures.values() if c.on_board and state.team_of(c.side) != state.team_of(seat)]
        if foes:
            def closeness(a):
                return min(space_distance([a.to], f.squares) for f in foes)
            return min(moves, key=lambda a: (closeness(a), a.to))
    for kind in ("activate", "first", "initiative", "place", "tile", "map", "end"):
        found = [a for a in options if a.kind == kind]
        if found:
            return found[0]
    return options[0]


def play(state, limit=1500):
    for _ in range(limit):
        if state.is_over:
            return state
        seat = RULES.to_act(state)[0]
        state, _ = RULES.apply(state, plan(state, seat))
    raise AssertionError(f"no result after {limit} actions: {RULES.status(state)}")


@pytest.mark.parametrize("edition", ["war-drums", "starter"])
def test_two_player_battle_to_a_recorded_result(edition):
    state = RULES.new_game(seed=11, options={"edition": edition, "map_data": field_map(), "card_data": CE})
    state, _ = RULES.apply(state, RULES.parse_action({"kind": "warband", "seat": "p1", "faction": "LG",
                                                      "cards": ["paladin", "fighter", "archer", "dwarf"]}))
    state, _ = RULES.apply(state, RULES.parse_action({"kind": "warband", "seat": "p2", "faction": "CE",
                                                      "cards": ["warlord", "orc", "orc", "gnoll", "orc-mauler"]}))
    state = play(state)
    result = RULES.result(state)
    assert result is not None and (result.winners or result.draw) and result.scores.keys() == {"p1", "p2"}
    assert RULES.to_act(state) == [] and RULES.legal_actions(state, "p1") == []


def test_four_player_team_battle_to_a_recorded_result():
    state = RULES.new_game(seed=5, options={"scenario": "teams", "map_data": field_map(4), "card_data": CE})
    bands = {"p1": ("LG", ["paladin", "fighter"]), "p2": ("CE", ["warlord", "orc"]),
             "p3": ("LG", ["paladin", "archer"]), "p4": ("CE", ["warlord", "gnoll"])}
    for seat, (faction, cards) in bands.items():
        state, _ = RULES.apply(state, RULES.parse_action({"kind": "warband", "seat": seat, "faction": faction,
                                                          "cards": cards}))
    state = play(state)
    result = RULES.result(state)
    assert result.draw or sorted(result.winners) in (["p1", "p3"], ["p2", "p4"])
