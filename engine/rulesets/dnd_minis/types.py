"""Creature types and their built-in traits (War Drums §26 types; skirmish §24.2).

A card's Type line (``types``) is read keyword by keyword; a type with built-in rules becomes
a trait with the ability hook interface, so immunities like the Construct's are asked exactly
like a printed "Immune Poison".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rulesets.dnd_minis.abilities.base import Ability

if TYPE_CHECKING:  # pragma: no cover
    from engine.rulesets.dnd_minis.creature import Creature

_TYPES: dict[str, type["TypeTrait"]] = {}


class TypeTrait(Ability):
    kind = "type"


def register_type(cls: type[TypeTrait]) -> type[TypeTrait]:
    _TYPES[cls.pattern.casefold()] = cls
    return cls


def type_traits(creature: "Creature") -> list[TypeTrait]:
    return [_TYPES[t.casefold()](t) for t in creature.card.types if t.casefold() in _TYPES]
