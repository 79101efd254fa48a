"""Abilities that add damage to a creature's own attacks."""

from __future__ import annotations

from engine.rulesets.dnd_minis.abilities.base import Ability, AttackContext, register_ability


@register_ability
class Hunter(Ability):
    """+5 melee damage when the target is the only enemy adjacent to this creature.

    Rules [AMB-52]: the bonus is lost as soon as a second enemy is adjacent.
    """

    pattern = "Hunter"
    summary = "+5 melee damage when the target is the only enemy adjacent to this creature."

    def damage_bonus(self, ctx: AttackContext) -> int:
        if not ctx.melee:
            return 0
        adjacent = ctx.enemies_adjacent_to(ctx.attacker)
        return 5 if [c.id for c in adjacent] == [ctx.defender.id] else 0


@register_ability
class CreatureFoe(Ability):
    """``Orc Foe`` and its kin: +5 damage against creatures of that type."""

    pattern = "{CREATURE} Foe"
    summary = "+5 damage against creatures of the named type."

    def damage_bonus(self, ctx: AttackContext) -> int:
        return 5 if ctx.defender.card.has_type(self.keyword or "") else 0
