"""What makes a stat card unplayable: an ability, effect or spell Warband does not implement,
or a commander effect it would not apply (never silently ignored in play).

The checks read the ability and spell registries, which sit above the cards; this module
registers them with :mod:`.cards` when the ruleset loads, so :func:`.cards.load_card` applies
them without the cards importing the abilities back.

>>> from engine.rulesets.dnd_minis.cards import StatCard
>>> card = StatCard.model_validate({"id": "x", "name": "X", "speed": 6, "ac": 10, "hp": 10,
...     "melee": [{"bonus": 2, "damage": 5}], "abilities": [{"name": "Juggling 3"}, {"name": "Cleave"}]})
>>> unknown_names(card)
['Juggling 3']
"""

from __future__ import annotations

from engine.core.text import _

from engine.rulesets.dnd_minis.abilities.base import ability_for, unknown_abilities
from engine.rulesets.dnd_minis.abilities.params import parse
from engine.rulesets.dnd_minis.cards import StatCard, register_playability
from engine.rulesets.dnd_minis.spells import spell_for


def unknown_names(card: StatCard) -> list[str]:
    """The card's abilities and effects that no registered ability implements."""
    unknown = list(unknown_abilities(card))
    unknown += [n for n in card.effect_names() if ability_for(n) is None]
    return unknown


def problem(card: StatCard) -> str | None:
    """Why the card can't be played otherwise (its commander effect or a spell), or None."""
    return unplayable_commander_effect(card) or unknown_spell(card)


def unknown_spell(card: StatCard) -> str | None:
    """A spell the engine could not cast: neither a spell it knows by name nor a printed entry."""
    for i, spell in enumerate(card.spells):
        if spell_for(spell.name, spell.entry or None, spell.level) is None:
            return _("spells.{i}: Warband does not know the spell '{spell}'; give its printed "
                     "range and effects (e.g. range 'sight', area 'radius 2', damage 30, dc 16), "
                     "so this card can't be played as it is.", i=i, spell=spell.name)
    return None


def unplayable_commander_effect(card: StatCard) -> str | None:
    """A commander effect the engine would not apply (never silently ignored in play): parts of
    the structured form it does not read yet, or printed text it can't turn into stat changes."""
    for i, ce in enumerate(card.commander_effects):
        for field in ("grants", "includes_commanders"):
            if getattr(ce, field):
                return _("commander_effects.{i}.{field}: Warband can't apply a commander effect with "
                         "'{field}' yet, so this card can't be played.", i=i, field=field)
    text = card.commander_effect.strip()
    if not text or card.commander is None:
        return None
    named = any(ce.name or ce.stat for ce in card.commander_effects)
    effect_abilities = [a for ref in card.abilities
                        if (a := ability_for(ref.name, ref)) is not None and getattr(a, "commander_effect", False)]
    if parse(text).stats or named or effect_abilities:
        return None
    return _("commander_effect: Warband can't read '{text}' as stat changes (write e.g. 'Followers get "
             "+2 melee attack' or 'Enemies get -2 AC'), so this card can't be played.", text=text)


register_playability(unknown_names, problem)
