"""Driving the encounter engine in tests: commands as the service passes them, checked refusals."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction, get_ruleset
from engine.grid import GridMap, parse_square

RULES = get_ruleset("dnd35-encounter")


def grid_data(text: str, name: str = "test map") -> dict:
    """A text grid map as the ``map_data`` option holds it."""
    return GridMap.from_text_grid(text, name=name).model_dump(mode="json")


OPEN = grid_data("\n".join(["." * 30] * 12), "open ground")


def new(map_data: dict | None = OPEN, seed: int = 7, **settings):
    options = dict(settings)
    if map_data is not None:
        options["map_data"] = map_data
    return RULES.new_game(seed, options)


def cmd(state, seat: str, command: str, **options):
    """Apply a command the way the service does; returns (new state, events)."""
    action = RULES.action_from_command(state, seat, command, options)
    return RULES.apply(state, action)


def texts(events) -> str:
    return "\n".join(e.text for e in events)


def refused(state, seat: str, command: str, code: str | None = None, **options) -> IllegalAction:
    """The command is refused, and the state it was given is left exactly as it was."""
    before = state.model_dump(mode="json")
    with pytest.raises(IllegalAction) as err:
        cmd(state, seat, command, **options)
    assert state.model_dump(mode="json") == before
    if code is not None:
        assert err.value.code == code, err.value
    return err.value


def place(state, name: str, square: str, hp: int = 10, owner: str = "referee", **options):
    state, _ = cmd(state, "referee", "place", creature=name, square=square, hp=hp, owner=owner, **options)
    return state


def at(state, creature_id: str) -> str:
    from engine.grid import square_name

    return square_name(state.creatures[creature_id].anchor)


def sq(name: str):
    return parse_square(name)
