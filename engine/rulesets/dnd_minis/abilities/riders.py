"""On-hit riders: what a damaging hit does besides its damage (War Drums §10.2 step 6)."""

from __future__ import annotations

from engine.core.text import N_

from engine.rulesets.dnd_minis.abilities.base import (
    Ability,
    AddCondition,
    AttackContext,
    Damage,
    Destroy,
    GainHp,
    Outcome,
    SaveOr,
    register_ability,
)
from engine.rulesets.dnd_minis.abilities.params import parse


def _hooks():
    from engine.rulesets.dnd_minis.abilities import hooks

    return hooks


def _living(creature, battle) -> bool:
    from engine.rulesets.dnd_minis.types import is_living

    return is_living(creature, battle)


@register_ability
class Poison(Ability):
    """Poison (EFFECT; DC N): a creature hit by it saves or is poisoned and suffers the effect —
    immediate damage (half on a success [AMB-73]), a condition (paralysis, sleep...), destruction,
    or most often "5 damage each turn" (5 at the start of each of its turns for the rest of the
    battle, negated by a success). Immune Poison ignores it (War Drums §26 Poison, WE-64;
    skirmish §23.10). Printed e.g. "Poison (5 damage each turn; DC 14)"."""

    pattern = N_("Poison {REST}")
    rules = "War Drums §26 Poison, AMB-73, WE-64; skirmish §23.10"

    def on_hit(self, ctx: AttackContext, damage: int, critical: bool) -> list[Outcome]:
        if damage <= 0 or _hooks().immune(ctx.defender, "poison", ctx.battle):
            return []
        return poison_outcomes(self.rest or "", ctx.defender, ctx.attacker, why=self.printed)


def poison_outcomes(text: str, target, source, why: str = "poison") -> list[Outcome]:
    """The save-or-suffer outcomes of a poison entry (also used by spells and gazes)."""
    p = parse(text)
    dc = p.dc or 0
    fail: list[Outcome] = []
    passed: list[Outcome] = []
    if p.each_turn:
        amount = p.damage or 5
        fail.append(AddCondition(why=why, target=target.id, condition=f"poisoned {amount} ({amount} damage each turn)",
                                 source=source.id))
    elif p.damage:
        fail.append(Damage(why=why, target=target.id, amount=p.damage, kind=p.energy or "normal", source=source.id))
        passed.append(Damage(why=why, target=target.id, amount=_hooks().halved(p.damage),
                             kind=p.energy or "normal", source=source.id))
    for name in p.conditions:
        fail.append(AddCondition(why=why, target=target.id, condition=_with_dc(name, dc), source=source.id))
    if p.destroy:
        fail.append(Destroy(why=why, target=target.id, source=source.id))
    return [SaveOr(why=why, target=target.id, dc=dc, against="poison", on_fail=tuple(fail),
                   on_pass=tuple(passed), source=source.id)]


def _with_dc(condition: str, dc: int | None) -> str:
    return f"{condition} DC {dc}" if dc and condition in ("paralyzed", "confused", "entangled") else condition


@register_ability
class StunningAttack(Ability):
    """Stunning Attack (DC N): declared before a melee attack; if it hits and deals damage the
    target saves or is stunned; at most once per turn even with several uses (War Drums §26;
    skirmish §25). The ruleset enforces once per turn and spends a check box if printed."""

    pattern = N_("Stunning Attack (DC {DC})")
    rules = "War Drums §26 Stunning Attack"
    # Seed 000: "lo può comunque usare solo una volta per turno"; seed 002: "csak fordulónként
    # egyszer használhatja".
    once_per_turn = True

    def declarable(self, ctx: AttackContext) -> bool:
        return ctx.melee

    def on_hit(self, ctx: AttackContext, damage: int, critical: bool) -> list[Outcome]:
        if not ctx.melee or damage <= 0 or self.printed not in ctx.declared:
            return []
        if _hooks().immune(ctx.defender, "stun", ctx.battle):
            return []
        return [SaveOr(why=self.printed, target=ctx.defender.id, dc=self.dc or 0, against="Stunning Attack",
                       on_fail=(AddCondition(why=self.printed, target=ctx.defender.id, condition="stunned",
                                             source=ctx.attacker.id),), source=ctx.attacker.id)]


class _ConditionRider(Ability):
    """A melee hit that deals damage makes the target save or take the condition."""

    condition = ""
    immunity = ""

    def on_hit(self, ctx: AttackContext, damage: int, critical: bool) -> list[Outcome]:
        if not ctx.melee or damage <= 0 or _hooks().immune(ctx.defender, self.immunity, ctx.battle):
            return []
        text = _with_dc(self.condition, self.dc)
        return [SaveOr(why=self.printed, target=ctx.defender.id, dc=self.dc or 0, against=self.immunity,
                       on_fail=(AddCondition(why=self.printed, target=ctx.defender.id, condition=text,
                                             source=ctx.attacker.id),), source=ctx.attacker.id)]


@register_ability
class ParalysisAttack(_ConditionRider):
    """Paralysis (DC N): its damaging melee hits paralyze unless the target saves; the paralyzed
    creature saves again at the end of each of its turns (War Drums §26 Paralysis; skirmish §23.4)."""

    pattern = N_("Paralysis (DC {DC})")
    condition, immunity = "paralyzed", "paralysis"
    rules = "War Drums §26 Paralysis"


@register_ability
class SleepAttack(_ConditionRider):
    """Sleep (DC N): its damaging melee hits put the target to sleep unless it saves (War Drums
    §26 Sleep; skirmish §23.5)."""

    pattern = N_("Sleep (DC {DC})")
    condition, immunity = "asleep", "sleep"
    rules = "War Drums §26 Sleep"


@register_ability
class ConfusionAttack(_ConditionRider):
    """Confusion (DC N): its damaging melee hits confuse a *living* target unless it saves
    (War Drums §26 Confusion; skirmish §23.6)."""

    pattern = N_("Confusion (DC {DC})")
    condition, immunity = "confused", "confusion"
    rules = "War Drums §26 Confusion"

    def on_hit(self, ctx: AttackContext, damage: int, critical: bool) -> list[Outcome]:
        if not _living(ctx.defender, ctx.battle):
            return []
        return super().on_hit(ctx, damage, critical)


@register_ability
class EntangleAttack(Ability):
    """Entangle (DC N): its hit entangles the target — no save when applied (War Drums §26
    Entangle; skirmish §23.7); flying creatures are immune."""

    pattern = N_("Entangle (DC {DC})")
    rules = "War Drums §26 Entangle"

    def on_hit(self, ctx: AttackContext, damage: int, critical: bool) -> list[Outcome]:
        if _hooks().immune(ctx.defender, "entangle", ctx.battle):
            return []
        return [AddCondition(why=self.printed, target=ctx.defender.id, condition=f"entangled DC {self.dc}",
                             source=ctx.attacker.id)]


@register_ability
class LevelDrain(Ability):
    """Level Drain: when its melee attack damages a living creature, that creature gets −1
    attack and −1 save (stacking per hit in War Drums [AMB-35]; not in the starter rules [A-34])
    and this creature gains +5 hp (gains stack) (War Drums §26; skirmish §25)."""

    pattern = N_("Level Drain")
    rules = "War Drums §26 Level Drain, AMB-35; skirmish A-34"

    def on_hit(self, ctx: AttackContext, damage: int, critical: bool) -> list[Outcome]:
        if not ctx.melee or damage <= 0 or not _living(ctx.defender, ctx.battle):
            return []
        out: list[Outcome] = [GainHp(why=self.printed, creature=ctx.attacker.id, amount=5)]
        if not _hooks().immune(ctx.defender, "level drain", ctx.battle):
            out.insert(0, AddCondition(why=self.printed, target=ctx.defender.id, condition="level drained 1",
                                       source=ctx.attacker.id))
        return out


@register_ability
class LifeDrain(Ability):
    """Life Drain N [up to a maximum]: when it damages a living target this creature gains +N hp,
    never above the printed maximum if one is given; gains stack [AMB-36] (War Drums §26).
    Printed "Life Drain 10" or "Life Drain 10 (max 60)"."""

    pattern = N_("Life Drain {N}")
    rules = "War Drums §26 Life Drain, AMB-36"

    def on_hit(self, ctx: AttackContext, damage: int, critical: bool) -> list[Outcome]:
        if damage <= 0 or not _living(ctx.defender, ctx.battle):
            return []
        amount = self.value or 0
        if self.value2 is not None:
            amount = max(0, min(amount, self.value2 - ctx.attacker.hp))
        return [GainHp(why=self.printed, creature=ctx.attacker.id, amount=amount)] if amount else []


@register_ability
class LifeDrainMax(LifeDrain):
    pattern = N_("Life Drain {N} (max {M})")


@register_ability
class ConstitutionDrain(Ability):
    """Constitution Drain (+N; DC M): when its melee attack damages a living creature, that
    creature saves or takes +N extra damage while this creature gains +N hp; gains stack
    (War Drums §26; skirmish §25). Printed "Constitution Drain (+10; DC 15)"."""

    pattern = N_("Constitution Drain {REST}")
    rules = "War Drums §26 Constitution Drain"

    def on_hit(self, ctx: AttackContext, damage: int, critical: bool) -> list[Outcome]:
        if not ctx.melee or damage <= 0 or not _living(ctx.defender, ctx.battle):
            return []
        p = parse(self.rest)
        amount = p.damage if p.damage is not None else next((n for n in p.numbers if n != p.dc), 0)
        return [SaveOr(why=self.printed, target=ctx.defender.id, dc=p.dc or 0, against="Constitution Drain",
                       on_fail=(Damage(why=self.printed, target=ctx.defender.id, amount=amount,
                                       source=ctx.attacker.id),
                                GainHp(why=self.printed, creature=ctx.attacker.id, amount=amount)),
                       source=ctx.attacker.id)]


@register_ability
class DeathAttack(Ability):
    """Death Attack (DC N): declared before a sneak attack; if the attack hits as a sneak attack
    the target (unless Immune Sneak Attack) saves or is destroyed; the sneak attack damage still
    applies [AMB-34] (War Drums §26; skirmish §25)."""

    pattern = N_("Death Attack (DC {DC})")
    rules = "War Drums §26 Death Attack, AMB-34"

    def declarable(self, ctx: AttackContext) -> bool:
        from engine.rulesets.dnd_minis.abilities.damage import makes_sneak_attack

        return makes_sneak_attack(ctx)

    def on_hit(self, ctx: AttackContext, damage: int, critical: bool) -> list[Outcome]:
        from engine.rulesets.dnd_minis.abilities.damage import makes_sneak_attack

        if self.printed not in ctx.declared or not makes_sneak_attack(ctx):
            return []
        return [SaveOr(why=self.printed, target=ctx.defender.id, dc=self.dc or 0, against="Death Attack",
                       on_fail=(Destroy(why=self.printed, target=ctx.defender.id, source=ctx.attacker.id),),
                       source=ctx.attacker.id)]
