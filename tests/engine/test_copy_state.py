"""copy_state makes what model_copy(deep=True) makes, sharing no changeable part, for the
states of real games of every shipped ruleset."""

from __future__ import annotations

import random

import pytest
from pydantic import BaseModel

import engine.rulesets  # noqa: F401  - registers the shipped game systems
from engine.core import IllegalAction
from engine.core.copying import copy_state
from engine.core.ruleset import get_ruleset, ruleset_names


def states_of(name: str, actions: int = 12):
    ruleset = get_ruleset(name)
    rng = random.Random(5)
    state = ruleset.new_game(5)
    yield state
    for _ in range(actions):
        if state.is_over or not ruleset.to_act(state):
            return
        seat = ruleset.to_act(state)[0]
        legal = ruleset.legal_actions(state, seat)
        if not legal:
            return
        try:
            state, _ = ruleset.apply(state, rng.choice(legal))
        except IllegalAction:
            continue
        yield state


def shared_changeable(a, b, path="state") -> list[str]:
    """Paths where ``a`` and ``b`` hold the very same list, dict, set or unfrozen model."""
    found = []
    if isinstance(a, (list, dict, set)) or (isinstance(a, BaseModel) and not a.model_config.get("frozen")):
        if a is b:
            return [path]
    if isinstance(a, BaseModel) and not a.model_config.get("frozen"):
        for key, value in a.__dict__.items():
            found += shared_changeable(value, b.__dict__[key], f"{path}.{key}")
    elif isinstance(a, dict):
        for key, value in a.items():
            found += shared_changeable(value, b[key], f"{path}[{key!r}]")
    elif isinstance(a, (list, tuple)):
        for n, (x, y) in enumerate(zip(a, b)):
            found += shared_changeable(x, y, f"{path}[{n}]")
    return found


@pytest.mark.parametrize("name", ruleset_names())
def test_copy_state_is_a_deep_copy(name):
    for state in states_of(name):
        copied = copy_state(state)
        assert copied == state == state.model_copy(deep=True)
        assert copied.model_dump_json() == state.model_dump_json()
        assert copied.model_fields_set == state.model_fields_set
        assert shared_changeable(state, copied) == []
