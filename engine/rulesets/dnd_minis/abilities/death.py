"""Abilities triggered when a creature is destroyed (War Drums §10.6; skirmish §18.9)."""

from __future__ import annotations

from engine.core.text import N_

from engine.rulesets.dnd_minis.abilities.base import (
    Ability,
    AttackContext,
    Damage,
    ExtraAttack,
    GainHp,
    Outcome,
    register_ability,
)
from engine.rulesets.dnd_minis.abilities.params import parse


@register_ability
class DeathBurst(Ability):
    """Death Burst (radius N; ENERGY N; DC N): when reduced to 0 HP, every creature within the
    radius (centred on it) takes the damage, save for half; with no radius, every adjacent
    creature (War Drums §26; skirmish §25). Printed "Death Burst (radius 2; fire 10; DC 14)"."""

    pattern = N_("Death Burst {REST}")
    rules = "War Drums §26 Death Burst"

    def on_destroyed(self, owner, killer, battle) -> list[Outcome]:
        if battle is None:
            return []
        p = parse(self.rest)
        amount = p.damage or 0
        if p.radius:
            victims = [c for c in battle.creatures() if c.id != owner.id and battle.distance(owner, c) <= p.radius]
        else:
            victims = [c for c in battle.creatures() if c.id != owner.id and battle.adjacent(owner, c)]
        return [Damage(why=self.printed, target=v.id, amount=amount, kind=p.energy or "normal", dc=p.dc,
                       source=owner.id) for v in victims]


@register_ability
class DeathStrike(Ability):
    """Death Strike: when reduced to 0 HP or less it may make one immediate melee attack; it is
    destroyed afterwards whatever happens (no saving itself with Constitution Drain)
    (War Drums §26; skirmish §25). The ruleset resolves it before removing the creature."""

    pattern = N_("Death Strike")
    rules = "War Drums §26 Death Strike"

    def on_destroyed(self, owner, killer, battle) -> list[Outcome]:
        return [ExtraAttack(why=self.printed, attacker=owner.id, then_destroy=True)]


@register_ability
class Feed(Ability):
    """Feed N: when it destroys a Humanoid it gains +N hp at once (may exceed printed HP; stacks)
    (War Drums §26; skirmish §25)."""

    pattern = N_("Feed {N}")
    rules = "War Drums §26 Feed #"

    def on_destroys(self, owner, victim, ctx: AttackContext | None) -> list[Outcome]:
        from engine.rulesets.dnd_minis.types import _type_words

        if "humanoid" not in {w.casefold() for w in _type_words(victim)}:
            return []
        return [GainHp(why=self.printed, creature=owner.id, amount=self.value or 0)]


@register_ability
class Cleave(Ability):
    """Cleave: once per turn, when its melee attack (an AoO counts) destroys an enemy it may make
    one extra melee attack, with the same attack entry, against another enemy in reach
    (skirmish §25). The ruleset tracks "once per (any creature's) turn"."""

    pattern = N_("Cleave")
    rules = "skirmish §25 Cleave, §22"

    def on_destroys(self, owner, victim, ctx: AttackContext | None) -> list[Outcome]:
        if ctx is None or not ctx.melee or ctx.cleave:
            return []
        return [ExtraAttack(why=self.printed, attacker=owner.id, entry_index=ctx.entry_index, not_target=victim.id,
                            once_per_turn="cleave")]
