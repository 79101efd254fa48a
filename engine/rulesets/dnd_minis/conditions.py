"""Conditions and ongoing effects on a creature in play (War Drums §20, §26; skirmish §23).

A creature carries :class:`~engine.rulesets.dnd_minis.creature.Condition` records (name, DC,
source, value, text, ends) and :class:`~engine.rulesets.dnd_minis.creature.Effect` records
(lasting spell/ability bonuses). Each record is read through a small rule class with the same
hook interface as abilities, registered by the condition's name, so the ruleset asks
conditions exactly like abilities (see abilities/hooks.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.rulesets.dnd_minis.abilities.base import Ability

if TYPE_CHECKING:  # pragma: no cover
    from engine.rulesets.dnd_minis.creature import Condition, Creature, Effect

_CONDITIONS: dict[str, type["ConditionRule"]] = {}


class ConditionRule(Ability):
    """The rules of one condition, bound to the record it reads (``self.record``)."""

    kind = "condition"
    names: ClassVar[tuple[str, ...]] = ()  # extra names the same rule answers to

    def __init__(self, record: "Condition"):
        super().__init__(record.name, value=record.value or None, dc=record.dc)
        self.record = record
        self.source = record.source


def register_condition(cls: type[ConditionRule]) -> type[ConditionRule]:
    """Register a condition rule under its ``pattern`` (the condition's name) and ``names``."""
    for name in (cls.pattern, *cls.names):
        _CONDITIONS[name.casefold()] = cls
    return cls


def condition_rule(record: "Condition") -> ConditionRule:
    cls = _CONDITIONS.get(record.name.casefold())
    if cls is None:
        raise LookupError(f"Warband has no rules for the condition {record.name!r}")
    return cls(record)


def known_conditions() -> list[str]:
    return sorted(_CONDITIONS)


def conditions_of(creature: "Creature") -> list[Ability]:
    """The rule objects of every condition and lasting effect on ``creature``."""
    found: list[Ability] = [condition_rule(record) for record in creature.conditions]
    found += [EffectRule(effect) for effect in getattr(creature, "effects", [])]
    return found


class EffectRule(Ability):
    """A lasting bonus or penalty (spell, ability) recorded as an Effect: ``stat`` gets ``value``.

    Stats: attack, melee_attack, ranged_attack, ac, ranged_ac, save, morale, damage,
    melee_damage, ranged_damage, speed; ``flags`` may hold "ignore_dr".
    """

    kind = "spell effect"

    def __init__(self, effect: "Effect"):
        super().__init__(effect.name)
        self.effect = effect
        self.family = effect.family

    @property
    def stacking_family(self) -> str:
        return self.effect.family.casefold()

    def _applies(self, stat: str, melee: bool | None) -> int:
        s = self.effect.stat
        if s == stat or (melee is True and s == f"melee_{stat}") or (melee is False and s == f"ranged_{stat}"):
            return self.effect.value
        return 0

    def attack_bonus(self, ctx):
        return self._applies("attack", ctx.melee)

    def damage_bonus(self, ctx):
        return self._applies("damage", ctx.melee)

    def ac_bonus(self, ctx):
        return self._applies("ac", ctx.melee)

    def save_bonus(self, owner, save):
        return self.effect.value if self.effect.stat == "save" or (save.morale and self.effect.stat == "morale") else 0

    def speed(self, owner, speed, move):
        return speed + (self.effect.value if self.effect.stat == "speed" else 0)

    def ignores_dr(self, ctx):
        return "ignore_dr" in self.effect.flags
