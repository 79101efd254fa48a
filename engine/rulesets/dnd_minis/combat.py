"""Attack resolution (rules §10.2-§10.6): the d20, natural 1 and 20, critical hits, damage.

The pipeline is the same for every attack of every mode; modifiers arrive as named parts so
the log shows exactly where each point came from. The situation (flanking, cover, charging,
a helpless target, terrain under the attacker) is worked out by the battlefield and handed in
as an :class:`AttackSetup`; everything a creature's abilities, type, conditions and spells
add is asked of the abilities package through :mod:`~engine.rulesets.dnd_minis.abilities.hooks`.

>>> half_damage(15), half_damage(5), half_damage(30)
(5, 0, 15)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.dice import roll_d20
from engine.core.events import Event, attack_numbers
from engine.core.rng import Rng
from engine.rulesets.dnd_minis.abilities import AttackContext, hooks
from engine.rulesets.dnd_minis.abilities.base import DamageContext, DamagePacket, SaveContext
from engine.rulesets.dnd_minis.cards import damage_kind_name
from engine.core.text import _, join

Modifier = tuple[str, int]  # (why, how much)


def half_damage(amount: int) -> int:
    """Half damage after a save, rounded down to a multiple of 5 (War Drums §16, Skirmish §1.4)."""
    return hooks.halved(amount)


@dataclass
class AttackSetup:
    """What the situation adds to one attack (the modifier tables of War Drums §10.7)."""

    attack_modifiers: list[Modifier] = field(default_factory=list)
    ac_modifiers: list[Modifier] = field(default_factory=list)
    damage_modifiers: list[Modifier] = field(default_factory=list)  # same type as the base damage
    critical_range: int = 20  # blood rock: 19
    magic: bool = False  # sacred circle: the damage is magic (ignores DR)
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
    """" + 2 charging - 1 squeezing": each modifier's name translates on its own (a Text)."""
    return join("", [join("", [f" {'+' if v >= 0 else '-'} {abs(v)} ", why]) for why, v in parts if v])


def resolve_attack(rng: Rng, ctx: AttackContext, *, setup: AttackSetup | None = None) -> AttackOutcome:
    """Roll one attack and compute the damage the defender takes. Hit points are not changed here."""
    setup = setup or AttackSetup()
    attacker, defender, entry = ctx.attacker, ctx.defender, ctx.entry
    attack_parts = [(_("bonus"), entry.bonus), *setup.attack_modifiers]
    attack_parts += [(m.label, m.value) for m in hooks.attack_modifiers(ctx)]
    ac_parts = [("AC", defender.card.ac), *setup.ac_modifiers]
    ac_parts += [(m.label, m.value) for m in hooks.ac_modifiers(ctx)]
    target_ac = sum(v for _, v in ac_parts)
    attack_bonus = sum(v for _, v in attack_parts)
    crit_range = min(setup.critical_range, hooks.critical_range(ctx))
    crit_immune = hooks.immune(defender, "critical hits", ctx.battle)
    helpless_melee = ctx.melee and hooks.is_helpless(defender, ctx.battle)

    kind = _("an attack of opportunity") if ctx.opportunity else _("a melee attack") if ctx.melee else _("a ranged attack")
    ac_text = (_("AC {ac} ({printed}{modifiers})", ac=target_ac, printed=defender.card.ac, modifiers=_signed(ac_parts[1:]))
               if len(ac_parts) > 1 else _("AC {ac}", ac=target_ac))
    events: list[Event] = []
    if helpless_melee:
        # Melee against a helpless creature: no roll, automatic hit, double damage (§10.7, AMB-53).
        natural, total, hit, critical, rolled = 0, 0, True, False, False
        events.append(Event(kind="attack_roll", seat=attacker.side,
                            text=_('{attacker} makes {kind} on the helpless {defender} with {describe}: '
                                   'automatic hit.',
                                   attacker=attacker.name, kind=kind, defender=defender.name, describe=entry.describe()),
                            data={"attacker": attacker.id, "defender": defender.id, "hit": True,
                                  "critical": False, "auto": True,
                                  **attack_numbers(None, attack_parts, None, target_ac, ac_parts[1:])}))
    else:
        rolled = True
        roll = roll_d20(rng, attack_bonus, purpose=_('{attacker} attacks {defender}', attacker=attacker.name, defender=defender.name))
        natural, total = roll.natural, roll.total
        if natural == 1:
            hit, critical, verdict = False, False, _('natural 1: miss')
        elif natural >= crit_range:
            hit, critical = True, not crit_immune
            verdict = ((_('natural {natural}: hit and critical hit', natural=natural) if critical else _('natural {natural}: automatic hit ({defender} is immune to critical hits)', natural=natural, defender=defender.name)))
        else:
            hit, critical = roll.total >= target_ac, False
            verdict = (_('hit') if hit else _('miss'))
        events.append(Event(
            kind="attack_roll", seat=attacker.side, roll=roll,
            text=_('{attacker} makes {kind} on {defender} with {describe}: d20 {natural}{signed} = {total} vs '
                   '{ac_text} — {verdict}.', attacker=attacker.name, kind=kind, defender=defender.name, describe=entry.describe(), natural=natural, signed=_signed(attack_parts), total=roll.total, ac_text=ac_text, verdict=verdict),
            data={"attacker": attacker.id, "defender": defender.id, "hit": hit, "critical": critical,
                  **attack_numbers(natural, attack_parts, roll.total, target_ac, ac_parts[1:])},
        ))
    if hit:
        stands, conceal_events = hooks.conceal_check(rng, ctx)
        events.extend(conceal_events)
        if not stands:
            hit, critical = False, False
    damage = 0
    if hit:
        parts: list[Modifier] = [("damage", entry.damage)]
        parts += [(m.label, m.value) for m in hooks.damage_modifiers(ctx)]
        parts.extend(setup.damage_modifiers)
        base = sum(v for _, v in parts)
        doubled = critical or helpless_melee
        if doubled:
            # Ability damage of the attack's own type doubles with it (AMB-70); '+' bonus damage never does.
            base = base * 2 if setup.crit_doubles_ability_damage else base + entry.damage
        magic = setup.magic or hooks.ignores_dr(ctx)
        base_kind = "magic" if entry.damage_kind == "magic" else (entry.damage_kind or "normal")
        packets = [DamagePacket(max(0, base), base_kind, from_attack=True, ignore_dr=magic, source=attacker)]
        packets += [DamagePacket(p.amount, p.kind, from_attack=True, source=attacker) for p in entry.bonus_damage]
        raw = sum(p.amount for p in packets)
        taken = hooks.take_damage(defender, packets,
                                  DamageContext(defender=defender, source=attacker, attack=ctx, rng=rng,
                                                battle=ctx.battle))
        damage = sum(p.amount for p in taken)
        notes = [n for p in taken for n in p.notes]
        breakdown: str = join("", [str(entry.damage), _signed(parts[1:])])
        if doubled:
            breakdown = join("", ["(", breakdown, ") × 2"])
        if entry.bonus_damage:
            breakdown = join("", [breakdown, *(join("", [f" + {p.amount} ", damage_kind_name(p.kind)]) for p in entry.bonus_damage)])
        if setup.magic and base_kind != "magic":
            breakdown = join("", [breakdown, " (", damage_kind_name("magic"), ")"])
        tail = f" = {raw}" + (f" ({'; '.join(notes)}: {damage})" if notes else "")
        if damage == 0 and raw > 0 and any("incorporeal" in n.casefold() for n in notes):
            hit, critical = False, False  # damage negated by Incorporeal counts as a miss (§10.5)
            events.append(Event(kind="miss", seat=attacker.side,
                                text=_('The blow passes through the incorporeal {defender}: a miss.',
                                       defender=defender.name)))
        else:
            events.append(Event(kind="damage", seat=attacker.side,
                                text=_('{defender} takes {breakdown}{tail} damage.',
                                       defender=defender.name, breakdown=breakdown, tail=tail),
                                data={"defender": defender.id, "amount": damage, "critical": critical}))
    return AttackOutcome(hit, critical, natural, total, target_ac, damage, events, rolled)


def morale_save(rng: Rng, creature, commander_bonus: int = 0, *, battle=None, against: str = "half hit points",
                rally: bool = False, real: bool = False, bonus: int = 0) -> tuple[bool, Event]:
    """d20 + Level (+ commander rating) against DC 20; natural 20 passes, natural 1 fails (§15.1).

    Fearless passes without a roll (the hooks know who is Fearless), except a ``real`` save
    (Turn Undead)."""
    ctx = SaveContext(creature=creature, dc=20, morale=True, against=against, battle=battle, rally=rally,
                      commander_rating=commander_bonus + bonus)
    passed, event = hooks.roll_save(rng, ctx)
    event.kind = "morale_save"
    return passed, event


def save(rng: Rng, creature, dc: int, against: str, *, source=None, battle=None) -> tuple[bool, Event]:
    """Any other save (§16): d20 + Level + modifiers ≥ DC."""
    return hooks.roll_save(rng, SaveContext(creature=creature, dc=dc, against=against, source=source, battle=battle))
