"""A private copy of a game state, made the way ``model_copy(deep=True)`` makes it, quicker.

Every command works on a copy of its game's state, so an action refused half-way leaves
nothing behind. Python's ``copy.deepcopy`` does that for any object: it keeps a memo of every
object it has copied (so shared parts stay shared) and looks up how to copy each one. A game
state is a tree of pydantic models, lists, dicts and plain values with nothing shared, so this
walks it directly: plain values (and tuples of them, squares mostly) are kept as they are,
lists, dicts and models are rebuilt, frozen values that say so (a map, a printed card) keep
their own ``__deepcopy__``, and anything else goes to ``copy.deepcopy``. About four times
quicker on an encounter of a dozen creatures.

>>> from pydantic import BaseModel
>>> class Orc(BaseModel):
...     square: tuple[int, int]
...     conditions: list[str] = []
>>> class Table(BaseModel):
...     orcs: dict[str, Orc]
>>> table = Table(orcs={"orc": Orc(square=(1, 2), conditions=["prone"])})
>>> copy = copy_state(table)
>>> copy == table == table.model_copy(deep=True)
True
>>> copy.orcs["orc"].conditions.append("dazed")
>>> table.orcs["orc"].conditions
['prone']
>>> copy.orcs["orc"].square is table.orcs["orc"].square  # a tuple of numbers is kept
True
"""

from __future__ import annotations

import copy
from typing import TypeVar

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

T = TypeVar("T")

_PLAIN = frozenset({str, int, float, bool, type(None), bytes})
_OWN_DEEPCOPY: dict[type, bool] = {}  # model class -> whether it defines its own __deepcopy__


def _own_deepcopy(cls: type) -> bool:
    found = _OWN_DEEPCOPY.get(cls)
    if found is None:
        found = _OWN_DEEPCOPY[cls] = cls.__deepcopy__ is not BaseModel.__deepcopy__
    return found


def copy_state(value: T) -> T:
    """A copy of ``value`` that shares no changeable part with it (see the module's notes)."""
    cls = value.__class__
    if cls in _PLAIN:
        return value
    if cls is tuple:
        items = [copy_state(v) for v in value]  # type: ignore[attr-defined]
        return value if all(a is b for a, b in zip(items, value)) else tuple(items)  # type: ignore
    if cls is list:
        return [copy_state(v) for v in value]  # type: ignore[return-value, attr-defined]
    if cls is dict:
        return {copy_state(k): copy_state(v) for k, v in value.items()}  # type: ignore
    if isinstance(value, BaseModel):
        if _own_deepcopy(cls):
            return copy.deepcopy(value)
        new = cls.__new__(cls)
        object.__setattr__(new, "__dict__", {k: copy_state(v) for k, v in value.__dict__.items()})
        object.__setattr__(new, "__pydantic_extra__", copy_state(value.__pydantic_extra__))
        object.__setattr__(new, "__pydantic_fields_set__", set(value.__pydantic_fields_set__))
        private = getattr(value, "__pydantic_private__", None)
        if private is not None:
            private = copy.deepcopy({k: v for k, v in private.items() if v is not PydanticUndefined})
        object.__setattr__(new, "__pydantic_private__", private)
        return new  # type: ignore[return-value]
    return copy.deepcopy(value)
