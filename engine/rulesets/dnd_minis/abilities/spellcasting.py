"""Abilities about casting: sorcerer spell rows and psionic power points (War Drums §17.3;
skirmish §21.5). The spells themselves live in engine/rulesets/dnd_minis/spells."""

from __future__ import annotations

from engine.core.text import N_

from engine.rulesets.dnd_minis.abilities.base import Ability, register_ability


@register_ability
class SorcererSpells(Ability):
    """Sorcerer Spells: a list of spells plus rows of check boxes per spell level; any listed
    spell may be cast by ticking a box of its level or higher (War Drums §17.3; skirmish §21.5).
    :func:`sorcerer_box` picks the box to spend."""

    pattern = N_("Sorcerer Spells")
    rules = "War Drums §17.3; skirmish §21.5"


@register_ability
class SorcererSpellsText(SorcererSpells):
    pattern = N_("Sorcerer Spells {REST}")


def sorcerer_box(spell_level: int, boxes_left: dict[int, int]) -> int | None:
    """The level of the box to tick for a spell of ``spell_level``: the lowest level ≥ it with a
    box left, or None when none is left.

    >>> sorcerer_box(2, {1: 3, 2: 0, 3: 1})
    3
    """
    for level in sorted(boxes_left):
        if level >= spell_level and boxes_left[level] > 0:
            return level
    return None


@register_ability
class Psionics(Ability):
    """Psionics N: powers listed like spells, following every spell rule (spell resistance,
    threat), paid from a pool of N power points in any mix (War Drums §17.3, §26; skirmish
    §21.5). :func:`can_manifest` checks the pool."""

    pattern = N_("Psionics {N}")
    rules = "War Drums §17.3, §26 Psionics"


@register_ability
class PsionicsPlain(Psionics):
    pattern = N_("Psionics")


def can_manifest(cost: int, pool: int, spent: int) -> bool:
    """Whether a power of ``cost`` pp can be used with ``spent`` of ``pool`` already used.

    >>> can_manifest(3, 10, 8)
    False
    """
    return spent + cost <= pool
