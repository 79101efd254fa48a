"""Spells: the registry of every spell the rules texts name, spell entries read from cards,
templates, and casting as outcomes (War Drums §17; skirmish §21)."""

from __future__ import annotations

from engine.rulesets.dnd_minis.spells import library  # noqa: F401  (registers the named spells)
from engine.rulesets.dnd_minis.spells.areas import cone_squares, line_of_spell, radius_squares
from engine.rulesets.dnd_minis.spells.base import (
    Spell,
    known_spells,
    register_spell,
    spell_family,
    spell_from_entry,
    spell_named,
)
from engine.rulesets.dnd_minis.spells.cast import cast, heal_outcome, spell_effect


def spell_for(name: str, entry: str | None = None, level: int | None = None) -> Spell | None:
    """The spell a card means: its own printed entry when it has one, else the registry's."""
    if entry:
        return spell_from_entry(name, entry, level)
    return spell_named(name)


__all__ = [
    "Spell", "cast", "cone_squares", "heal_outcome", "known_spells", "line_of_spell", "radius_squares",
    "register_spell", "spell_effect", "spell_family", "spell_for", "spell_from_entry", "spell_named",
]
