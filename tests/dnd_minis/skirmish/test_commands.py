"""Players' commands become actions (the words of bot/commands.py plus the skirmish's own)."""

import pytest

from engine.core import IllegalAction, get_ruleset
from tests.dnd_minis.skirmish.helpers import RULES, battle, card


def test_the_ruleset_is_registered_with_its_options_and_commands():
    rules = get_ruleset("dnd-minis")
    assert rules.title == "D&D Miniatures Skirmish" and (rules.min_seats, rules.max_seats) == (2, 4)
    assert {"edition", "scenario", "players"} <= set(rules.option_names())
    assert {"warband", "map", "tile", "place", "initiative", "first", "activate", "move", "attack", "charge",
            "cast", "end", "aoo", "override", "damage", "heal", "remove", "condition"} == rules.commands()
    assert [s.id for s in rules.new_game(1, {"players": 3, "scenario": "free-for-all"}).seats] == ["p1", "p2", "p3"]
    teams = rules.new_game(1, {"scenario": "teams"})
    assert [s.team for s in teams.seats] == ["A", "B", "A", "B"]


def test_set_up_commands():
    state = RULES.new_game(1, {})
    a = RULES.action_from_command(state, "p1", "warband", {"cards": "captain, 2x spearman", "faction": "LG",
                                                            "map": "shattered-causeway"})
    assert a.cards == ["captain", "spearman", "spearman"] and a.faction == "LG" and a.map == "shattered-causeway"
    assert RULES.action_from_command(state, "p1", "first", {"who": "opponent"}).first == "p2"
    assert RULES.action_from_command(state, "p2", "first", {"who": "me"}).first == "p2"
    assert RULES.action_from_command(state, "p1", "map", {"name": "teleport-ziggurat"}).name == "teleport-ziggurat"
    t = RULES.action_from_command(state, "p1", "tile", {"tile": "crypt", "square": "D4", "rotation": 90})
    assert (t.tile, t.square, t.rotation) == ("crypt", (3, 3), 90)
    with pytest.raises(IllegalAction):
        RULES.action_from_command(state, "p1", "place", {"square": "A1"})


def test_play_commands():
    state = battle([("orc", card("Orc"), "p1", (0, 0)), ("elf", card("Elf"), "p2", (5, 5))])
    m = RULES.action_from_command(state, "p1", "move", {"creature": "orc", "to": "C3"})
    assert m.to == (2, 2)
    m = RULES.action_from_command(state, "p1", "move", {"creature": "orc", "path": "B2 C3"})
    assert m.path == [(1, 1), (2, 2)]
    a = RULES.action_from_command(state, "p1", "attack", {"creature": "orc", "target": "elf", "attack": 2, "kind": "ranged"})
    assert (a.target, a.entry, a.ranged) == ("elf", 2, True)
    c = RULES.action_from_command(state, "p1", "charge", {"creature": "orc", "target": "elf", "to": "E5"})
    assert (c.target, c.to) == ("elf", (4, 4))
    s = RULES.action_from_command(state, "p1", "cast", {"creature": "orc", "spell": "bless"})
    assert s.spell == "bless"
    assert RULES.action_from_command(state, "p1", "end", {}).creature is None
    assert RULES.action_from_command(state, "p1", "activate", {"creature": "orc"}).creature == "orc"
    with pytest.raises(IllegalAction):
        RULES.action_from_command(state, "p1", "dance", {})


def test_commands_run_a_turn_end_to_end():
    state = battle([("orc", card("Orc"), "p1", (0, 0)), ("elf", card("Elf"), "p2", (5, 5))])
    state, _ = RULES.apply(state, RULES.action_from_command(state, "p1", "move", {"creature": "orc", "to": "E5"}))
    assert state.creatures["orc"].square == (4, 4)
    state, _ = RULES.apply(state, RULES.action_from_command(state, "p1", "end", {}))
    assert state.activation is None and RULES.to_act(state) == ["p2"]
    view = RULES.board(state)
    assert {t.id for t in view.tokens} == {"orc", "elf"} and "Round 1" in view.caption
    assert "E5" in RULES.suggestions(state, "p2", "square") or RULES.suggestions(state, "p2", "creature")


def test_the_board_shows_the_acting_commanders_command_range_around_walls():
    from tests.dnd_minis.skirmish.helpers import grid
    g = grid(16, 12, walls=[(6, y) for y in range(0, 9)])
    state = battle([("k", card("Lord", commander=2), "p1", (5, 0)), ("e", card("E"), "p2", (15, 11))], map=g)
    state, _ = RULES.apply(state, RULES.action_from_command(state, "p1", "activate", {"creature": "k"}))
    assert not any(z.kind == "command" for z in RULES.board(state).zones)  # drawn on request only
    zone = next(z for z in RULES.command_range_board(state, "active").zones if z.kind == "command")
    assert (4, 0) in zone.squares and (7, 0) not in zone.squares  # 2 through the wall, far more around it
    assert (5, 6) in zone.squares
    assert RULES.command_range_board(state, "Lord").zones[-1].squares == zone.squares
    for name, code in (("E", "no-commander"), ("nobody", "unknown-creature")):
        with pytest.raises(IllegalAction) as refused:
            RULES.command_range_board(state, name)
        assert refused.value.code == code
