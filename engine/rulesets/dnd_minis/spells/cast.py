"""Casting: what a spell does to each creature it affects, as outcomes (War Drums §17).

The ruleset checks the casting rules (one spell per turn instead of the attack, touch only
while threatened, uses), chooses the targets (nearest rule, template) and calls :func:`cast`;
this module applies spell resistance, Almighty, immunities, saves and stacking.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.events import Event
from engine.rulesets.dnd_minis.abilities.base import (
    AddCondition,
    AddEffect,
    Damage,
    GainHp,
    Heal,
    Note,
    Outcome,
    Place,
    SaveOr,
)
from engine.rulesets.dnd_minis.spells.base import Spell
from engine.core.text import _

if TYPE_CHECKING:  # pragma: no cover
    from engine.core.rng import Rng
    from engine.rulesets.dnd_minis.creature import Creature

HEAL_DC_BASE = 12  # [AMB-78]: 12 + spell level (or the acting creature's Level)


def heal_outcome(amount: int, target: "Creature", source: "Creature", *, spell_level: int | None,
                 battle=None) -> list[Outcome]:
    """Heal N (War Drums §26 Heal): removes damage from a living creature, never above printed
    HP; deals N positive damage to undead (save for half, DC 12 + spell level, or 12 + the
    acting creature's Level when not a spell [AMB-78]), not reduced by DR; constructs immune."""
    from engine.rulesets.dnd_minis.abilities import hooks

    if hooks.immune(target, "heal", battle):
        return [Note(why="heal", text=_('Heal has no effect on {target}.', target=target.name))]
    if target.card.has_type("undead"):
        dc = HEAL_DC_BASE + (spell_level if spell_level is not None else (source.card.level or 0))
        return [Damage(why="heal", target=target.id, amount=amount, kind="positive", dc=dc, source=source.id)]
    return [Heal(why="heal", creature=target.id, amount=amount, source=source.id)]


def cast(spell: Spell, caster: "Creature", targets: list["Creature"], battle=None,
         rng: "Rng | None" = None) -> tuple[list[Outcome], list[Event]]:
    """The outcomes of ``spell`` on each target (already chosen), and the spell-resistance rolls.

    Lasting bonuses become :class:`AddEffect` (same family never stacks: the ruleset's record
    keeps one per family); damage saves for half; conditions are avoided by a save.
    """
    from engine.rulesets.dnd_minis.abilities import hooks
    from engine.rulesets.dnd_minis.types import is_living

    outcomes: list[Outcome] = []
    events: list[Event] = []
    if spell.summon:
        outcomes.append(Place(why=spell.name, card=spell.summon, side_of=caster.id,
                              where=f"within 6 of {caster.id}", no_activation=True))
    for target in targets:
        if spell.living_only and not is_living(target, battle):
            outcomes.append(Note(why=spell.name, text=_('{spell} affects only living creatures.',
                                                        spell=spell.name)))
            continue
        ok, rolls = hooks.affected_by_spell(target, caster, spell.name, battle, rng, ignores_sr=spell.ignores_sr)
        events += rolls
        if not ok:
            continue
        outcomes += spell_effect(spell, caster, target, battle)
    return outcomes, events


def spell_effect(spell: Spell, caster: "Creature", target: "Creature", battle=None) -> list[Outcome]:
    """What ``spell`` does to one creature it affects."""
    out: list[Outcome] = []
    for stat, value in spell.stats:
        out.append(AddEffect(why=spell.name, target=target.id, name=spell.name, family=spell.family,
                             stat=stat, value=value, source=caster.id,
                             flags=("ignore_dr",) if spell.ignore_dr else ()))
    if spell.ignore_dr and not spell.stats:
        out.append(AddEffect(why=spell.name, target=target.id, name=spell.name, family=spell.family,
                             stat="flag", value=0, flags=("ignore_dr",), source=caster.id))
    if spell.hp:
        out.append(GainHp(why=spell.name, creature=target.id, amount=spell.hp))
    if spell.heal:
        out += heal_outcome(spell.heal, target, caster, spell_level=spell.level, battle=battle)
    if spell.damage:
        out.append(Damage(why=spell.name, target=target.id, amount=spell.damage, kind=spell.energy or "magic",
                          dc=spell.dc, negates=spell.negates, source=caster.id))
    conditions = tuple(AddCondition(why=spell.name, target=target.id,
                                    condition=f"{c} DC {spell.dc}" if spell.dc and c in
                                    ("paralyzed", "confused", "entangled") else c, source=caster.id)
                       for c in spell.conditions)
    if conditions:
        if spell.dc is not None and not spell.damage:
            out.append(SaveOr(why=spell.name, target=target.id, dc=spell.dc, against=spell.name,
                              on_fail=conditions, source=caster.id))
        else:
            out.extend(conditions)
    return out
