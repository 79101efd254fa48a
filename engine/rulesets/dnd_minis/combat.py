"""Attack resolution (rules §10.2-§10.6): the d20, natural 1 and 20, critical hits, damage.

The pipeline is the same for every attack of every mode; modifiers arrive as named parts so
the log shows exactly where each point came from.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.dice import roll_d20
from engine.core.events import Event
from engine.core.rng import Rng
from engine.rulesets.dnd_minis.abilities import AttackContext, abilities_of

Modifier = tuple[str, int]  # (why, how much)


@dataclass
class AttackOutcome:
    hit: bool
    critical: bool
    natural: int
    total: int
    target_ac: int
    damage: int
    events: list[Event] = field(default_factory=list)


def _signed(parts: list[Modifier]) -> str:
    return "".join(f" {'+' if v >= 0 else '-'} {abs(v)} {why}" for why, v in parts if v)


def resolve_attack(
    rng: Rng,
    ctx: AttackContext,
    *,
    attack_modifiers: list[Modifier] = (),
    ac_modifiers: list[Modifier] = (),
    critical_range: int = 20,
) -> AttackOutcome:
    """Roll one attack and compute its damage. Hit points are not changed here."""
    attacker, defender, entry = ctx.attacker, ctx.defender, ctx.entry
    attack_parts = [("bonus", entry.bonus), *attack_modifiers]
    for ability in abilities_of(attacker.card):
        bonus = ability.attack_bonus(ctx)
        if bonus:
            attack_parts.append((ability.printed, bonus))
    ac_parts = [("AC", defender.card.ac), *ac_modifiers]
    target_ac = sum(v for _, v in ac_parts)
    attack_bonus = sum(v for _, v in attack_parts)

    kind = "an attack of opportunity" if ctx.opportunity else ("a melee attack" if ctx.melee else "a ranged attack")
    roll = roll_d20(rng, attack_bonus, purpose=f"{attacker.name} attacks {defender.name}")
    natural = roll.natural
    if natural == 1:
        hit, critical, verdict = False, False, "natural 1: miss"
    elif natural >= critical_range:
        hit, critical, verdict = True, True, f"natural {natural}: hit and critical hit"
    else:
        hit = roll.total >= target_ac
        critical = False
        verdict = "hit" if hit else "miss"
    ac_text = f"AC {target_ac}" + (f" ({defender.card.ac}{_signed(ac_parts[1:])})" if len(ac_parts) > 1 else "")
    attack_text = f"d20 {natural}{_signed(attack_parts)} = {roll.total}"
    events = [
        Event(
            kind="attack_roll",
            seat=attacker.side,
            roll=roll,
            text=f"{attacker.name} makes {kind} on {defender.name} with {entry.describe()}: "
            f"{attack_text} vs {ac_text} — {verdict}.",
            data={"attacker": attacker.id, "defender": defender.id, "hit": hit, "critical": critical},
        )
    ]
    damage = 0
    if hit:
        parts: list[Modifier] = [("damage", entry.damage)]
        for ability in abilities_of(attacker.card):
            extra = ability.damage_bonus(ctx)
            if extra:
                parts.append((ability.printed, extra))
        doubled = sum(v for _, v in parts)
        # Ability damage of the attack's own type doubles with it (AMB-70); '+' bonus damage never does.
        if critical:
            doubled *= 2
        bonus_damage = sum(p.amount for p in entry.bonus_damage)
        damage = max(0, doubled + bonus_damage)
        breakdown = f"{entry.damage}{_signed(parts[1:])}"
        if critical:
            breakdown = f"({breakdown}) × 2"
        if bonus_damage:
            breakdown += "".join(f" + {p.amount} {p.kind}" for p in entry.bonus_damage)
        events.append(
            Event(
                kind="damage",
                seat=attacker.side,
                text=f"{defender.name} takes {breakdown} = {damage} damage.",
                data={"defender": defender.id, "amount": damage},
            )
        )
    return AttackOutcome(hit, critical, natural, roll.total, target_ac, damage, events)


def morale_save(rng: Rng, creature_name: str, level: int, side: str, commander_bonus: int = 0) -> tuple[bool, Event]:
    """d20 + Level (+ commander rating) against DC 20; natural 20 passes, natural 1 fails (§15.1)."""
    roll = roll_d20(rng, level + commander_bonus, purpose=f"{creature_name} morale save")
    if roll.natural == 20:
        passed, why = True, "natural 20"
    elif roll.natural == 1:
        passed, why = False, "natural 1"
    else:
        passed, why = roll.total >= 20, f"{roll.total} vs DC 20"
    parts = f"d20 {roll.natural} + {level} level" + (f" + {commander_bonus} commander" if commander_bonus else "")
    verdict = "passes" if passed else "fails"
    return passed, Event(
        kind="morale_save",
        seat=side,
        roll=roll,
        text=f"{creature_name} makes a morale save: {parts} = {roll.total} ({why}) — {verdict}.",
        data={"passed": passed},
    )
