"""Attack resolution (rules §10.2-§10.6): the d20, natural 1 and 20, critical hits, damage.

The pipeline is the same for every attack of every mode; modifiers arrive as named parts so
the log shows exactly where each point came from. What the situation adds (flanking, cover,
charging, a helpless target, conceal...) is worked out by the battlefield and handed in as an
:class:`AttackSetup`; the defender's damage defences as a :class:`Defence`.

>>> Defence(dr=5).apply([(15, "normal")], attack=True)[0]
10
>>> Defence(dr=5).apply([(10, "normal"), (5, "fire")], attack=True)[0]
10
>>> half_damage(15), half_damage(5), half_damage(30)
(5, 0, 15)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.dice import roll_d20
from engine.core.events import Event
from engine.core.rng import Rng
from engine.rulesets.dnd_minis.abilities import AttackContext, abilities_of

Modifier = tuple[str, int]  # (why, how much)
ENERGIES = ("acid", "cold", "electricity", "fire", "sonic")


def half_damage(amount: int) -> int:
    """Half damage after a save, rounded down to a multiple of 5 (War Drums §16, Skirmish §1.4)."""
    return 5 * (amount // 10)


@dataclass
class Defence:
    """What reduces damage a creature takes (War Drums §10.5, Skirmish §18.5-18.6).

    ``double``: Double Damage from ENERGY; ``vulnerable`` (starter): +5 per full 10.
    """

    dr: int = 0
    resist: dict[str, int] = field(default_factory=dict)
    immune: set[str] = field(default_factory=set)
    double: set[str] = field(default_factory=set)
    vulnerable: set[str] = field(default_factory=set)
    undead: bool = False
    construct: bool = False

    def apply(self, parts: list[tuple[int, str]], *, attack: bool, ignore_dr: bool = False) -> tuple[int, list[str]]:
        """Damage actually taken from typed parts, and a note per reduction.

        Order: Immune, Double Damage, Resist, (Vulnerable), DR on untyped attack damage only.
        """
        total, notes = 0, []
        for amount, kind in parts:
            kind = kind or "normal"
            if kind in self.immune:
                notes.append(f"immune to {kind}")
                continue
            if kind == "negative" and self.construct:
                notes.append("negative damage does not affect constructs")
                continue
            if kind in self.double:
                amount *= 2
                notes.append(f"double damage from {kind}")
            if kind in self.resist:
                amount = max(0, amount - self.resist[kind])
                notes.append(f"resist {self.resist[kind]} {kind}")
            if kind in self.vulnerable:
                amount += 5 * (amount // 10)
                notes.append(f"vulnerable to {kind}")
            if attack and kind == "normal" and self.dr and not ignore_dr:
                reduced = min(self.dr, amount)
                amount -= reduced
                notes.append(f"DR {self.dr}")
            total += amount
        return total, notes


@dataclass
class AttackSetup:
    """Everything the situation adds to one attack."""

    attack_modifiers: list[Modifier] = field(default_factory=list)
    ac_modifiers: list[Modifier] = field(default_factory=list)
    damage_modifiers: list[Modifier] = field(default_factory=list)  # same type as the base damage
    critical_range: int = 20
    auto_hit: bool = False  # melee against a helpless creature: no roll (§10.7)
    double_damage: bool = False  # ... and double damage
    crit_immune: bool = False
    conceal: int = 0  # the highest Conceal value that applies (11 when the attacker can't see)
    conceal_rolls: int = 1  # Blindfight rolls twice in melee
    conceal_auto: bool = False  # Blindsight
    incorporeal: bool = False  # the defender takes damage only on 11+
    magic: bool = False  # sacred circle / ignore DR
    defence: Defence = field(default_factory=Defence)
    crit_doubles_ability_damage: bool = True  # AMB-70 / A-31


@dataclass
class AttackOutcome:
    hit: bool
    critical: bool
    natural: int
    total: int
    target_ac: int
    damage: int
    events: list[Event] = field(default_factory=list)
    rolled: bool = True  # an attack roll was made (the stalemate counter cares)


def _signed(parts: list[Modifier]) -> str:
    return "".join(f" {'+' if v >= 0 else '-'} {abs(v)} {why}" for why, v in parts if v)


def resolve_attack(
    rng: Rng,
    ctx: AttackContext,
    *,
    attack_modifiers: list[Modifier] = (),
    ac_modifiers: list[Modifier] = (),
    critical_range: int = 20,
    setup: AttackSetup | None = None,
) -> AttackOutcome:
    """Roll one attack and compute its damage. Hit points are not changed here."""
    setup = setup or AttackSetup()
    attacker, defender, entry = ctx.attacker, ctx.defender, ctx.entry
    attack_parts = [("bonus", entry.bonus), *attack_modifiers, *setup.attack_modifiers]
    for ability in abilities_of(attacker.card):
        bonus = ability.attack_bonus(ctx)
        if bonus:
            attack_parts.append((ability.printed, bonus))
    ac_parts = [("AC", defender.card.ac), *ac_modifiers, *setup.ac_modifiers]
    target_ac = sum(v for _, v in ac_parts)
    attack_bonus = sum(v for _, v in attack_parts)
    crit_range = min(critical_range, setup.critical_range)

    kind = "an attack of opportunity" if ctx.opportunity else ("a melee attack" if ctx.melee else "a ranged attack")
    ac_text = f"AC {target_ac}" + (f" ({defender.card.ac}{_signed(ac_parts[1:])})" if len(ac_parts) > 1 else "")
    events: list[Event] = []
    if setup.auto_hit:
        natural, total, hit, critical, rolled = 0, 0, True, False, False
        events.append(Event(kind="attack_roll", seat=attacker.side,
                            text=f"{attacker.name} makes {kind} on the helpless {defender.name} with "
                            f"{entry.describe()}: automatic hit.",
                            data={"attacker": attacker.id, "defender": defender.id, "hit": True,
                                  "critical": False, "auto": True}))
    else:
        rolled = True
        roll = roll_d20(rng, attack_bonus, purpose=f"{attacker.name} attacks {defender.name}")
        natural, total = roll.natural, roll.total
        if natural == 1:
            hit, critical, verdict = False, False, "natural 1: miss"
        elif natural >= crit_range:
            hit = True
            critical = not setup.crit_immune
            verdict = (f"natural {natural}: hit and critical hit" if critical
                       else f"natural {natural}: automatic hit ({defender.name} is immune to critical hits)")
        else:
            hit = roll.total >= target_ac
            critical = False
            verdict = "hit" if hit else "miss"
        events.append(Event(
            kind="attack_roll", seat=attacker.side, roll=roll,
            text=f"{attacker.name} makes {kind} on {defender.name} with {entry.describe()}: "
            f"d20 {natural}{_signed(attack_parts)} = {roll.total} vs {ac_text} — {verdict}.",
            data={"attacker": attacker.id, "defender": defender.id, "hit": hit, "critical": critical},
        ))
    if hit and setup.conceal and not setup.conceal_auto:
        hit = _conceal_check(rng, attacker.name, defender.name, setup.conceal, setup.conceal_rolls, events)
        if not hit:
            critical = False
    damage = 0
    if hit:
        parts: list[Modifier] = [("damage", entry.damage)]
        for ability in abilities_of(attacker.card):
            extra = ability.damage_bonus(ctx)
            if extra:
                parts.append((ability.printed, extra))
        parts.extend(setup.damage_modifiers)
        base = sum(v for _, v in parts)
        doubled = critical or setup.double_damage
        if doubled:
            if setup.crit_doubles_ability_damage:
                base *= 2
            else:
                base = entry.damage * 2 + sum(v for _, v in parts[1:])
        base_kind = "magic" if (setup.magic or entry.damage_kind == "magic") else (entry.damage_kind or "normal")
        typed = [(max(0, base), base_kind)] + [(p.amount, p.kind) for p in entry.bonus_damage]
        raw = sum(a for a, _ in typed)
        damage, notes = setup.defence.apply(typed, attack=True)
        breakdown = f"{entry.damage}{_signed(parts[1:])}"
        if doubled:
            breakdown = f"({breakdown}) × 2"
        if entry.bonus_damage:
            breakdown += "".join(f" + {p.amount} {p.kind}" for p in entry.bonus_damage)
        if base_kind == "magic" and entry.damage_kind != "magic":
            breakdown += " (magic)"
        tail = f" = {raw}" + (f", {'; '.join(notes)}: {damage}" if notes and damage != raw else "")
        if setup.incorporeal and damage > 0:
            roll = roll_d20(rng, purpose=f"{defender.name} incorporeal")
            solid = roll.natural >= 11
            events.append(Event(kind="incorporeal", seat=defender.side, roll=roll,
                                text=f"{defender.name} is incorporeal: d20 {roll.natural} — "
                                + ("the blow lands." if solid else "it passes through: no damage, a miss.")))
            if not solid:
                hit, critical, damage = False, False, 0
        if hit:
            events.append(Event(kind="damage", seat=attacker.side,
                                text=f"{defender.name} takes {breakdown}{tail} damage.",
                                data={"defender": defender.id, "amount": damage}))
    return AttackOutcome(hit, critical, natural, total, target_ac, damage, events, rolled)


def _conceal_check(rng: Rng, attacker: str, defender: str, conceal: int, rolls: int, events: list[Event]) -> bool:
    for _ in range(rolls):
        roll = roll_d20(rng, purpose=f"{attacker} conceal check")
        ok = roll.natural >= conceal
        events.append(Event(kind="conceal", roll=roll,
                            text=f"{defender} has conceal {conceal}: d20 {roll.natural} — "
                            + ("the hit stands." if ok else "the attack misses.")))
        if ok:
            return True
    return False


def save_roll(rng: Rng, creature_name: str, level: int, dc: int, side: str, *, what: str = "save",
              modifiers: list[Modifier] = ()) -> tuple[bool, Event]:
    """d20 + Level (+ modifiers) against a DC; natural 20 passes, natural 1 fails (§16)."""
    bonus = level + sum(v for _, v in modifiers)
    roll = roll_d20(rng, bonus, purpose=f"{creature_name} {what}")
    if roll.natural == 20:
        passed, why = True, "natural 20"
    elif roll.natural == 1:
        passed, why = False, "natural 1"
    else:
        passed, why = roll.total >= dc, f"{roll.total} vs DC {dc}"
    parts = f"d20 {roll.natural} + {level} level{_signed(list(modifiers))}"
    return passed, Event(kind="save" if what != "morale save" else "morale_save", seat=side, roll=roll,
                         text=f"{creature_name} makes a {what}: {parts} = {roll.total} ({why}) — "
                         f"{'passes' if passed else 'fails'}.",
                         data={"passed": passed, "dc": dc})


def morale_save(rng: Rng, creature_name: str, level: int, side: str, commander_bonus: int = 0,
                modifiers: list[Modifier] = ()) -> tuple[bool, Event]:
    """d20 + Level (+ commander rating) against DC 20; natural 20 passes, natural 1 fails (§15.1)."""
    mods = ([("commander", commander_bonus)] if commander_bonus else []) + list(modifiers)
    return save_roll(rng, creature_name, level, 20, side, what="morale save", modifiers=mods)
