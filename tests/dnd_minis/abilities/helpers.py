"""Small situations for ability tests: creatures from hand-made cards on an open field."""

from __future__ import annotations

from engine.rulesets.dnd_minis import abilities  # noqa: F401  (complete registries)
from engine.rulesets.dnd_minis.abilities import hooks
from engine.rulesets.dnd_minis.abilities.base import AttackContext, DamageContext, DamagePacket, SaveContext
from engine.rulesets.dnd_minis.abilities.field import OpenField, card, creature
from engine.rulesets.dnd_minis.creature import Condition, Effect
from tests.scripted import ScriptedRng

__all__ = ["OpenField", "card", "creature", "hooks", "Condition", "Effect", "attack", "dice", "dealt",
           "save_ctx", "outcome_kinds"]


def dice(*faces: int) -> ScriptedRng:
    """An Rng whose next d20s are ``faces``."""
    return ScriptedRng(state=12345, script=list(faces))


def attack(attacker, defender, field=None, *, melee=True, **kw) -> AttackContext:
    entries = attacker.card.melee if melee else (attacker.card.ranged or attacker.card.melee)
    if field is None:
        field = OpenField([attacker, defender])
    if "defender_sees_attacker" not in kw:
        kw["defender_sees_attacker"] = field.can_see(defender, attacker)
    if "attacker_sees_defender" not in kw:
        kw["attacker_sees_defender"] = field.can_see(attacker, defender)
    index = kw.pop("entry_index", 0)
    return AttackContext(attacker=attacker, defender=defender, entry=entries[index], entry_index=index,
                         melee=melee, battle=field, distance=field.distance(attacker, defender), **kw)


def dealt(defender, *packets, field=None, rng=None, source=None, spell=None) -> int:
    """Hit points the defender would lose from these packets (amount, kind[, from_attack])."""
    parts = []
    for p in packets:
        if isinstance(p, DamagePacket):
            parts.append(p)
        elif isinstance(p, tuple):
            parts.append(DamagePacket(*p))
        else:
            parts.append(DamagePacket(p))
    ctx = DamageContext(defender=defender, source=source, rng=rng, battle=field, spell=spell)
    return sum(x.amount for x in hooks.take_damage(defender, parts, ctx))


def save_ctx(creature, dc=20, field=None, **kw) -> SaveContext:
    return SaveContext(creature=creature, dc=dc, battle=field, **kw)


def outcome_kinds(outcomes) -> list[str]:
    return [type(o).__name__ for o in outcomes]
