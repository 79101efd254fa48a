"""Carry out what abilities ask for (their *outcomes*): damage, saves, conditions, routs.

The abilities package decides *what* happens (abilities/base.py outcomes); the board belongs
to the ruleset, so damage goes through the battlefield's damage path (destruction, morale,
VP) and conditions land on the creature records.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.core import Event, Rng
from engine.rulesets.dnd_minis.abilities import hooks
from engine.rulesets.dnd_minis.abilities.base import (
    AddCondition, Damage, DamageContext, DamagePacket, Destroy, GainHp, Heal, MoraleSave, Note,
    RemoveCondition, Rout, SaveOr,
)
from engine.rulesets.dnd_minis.combat import save
from engine.rulesets.dnd_minis.creature import Condition

if TYPE_CHECKING:  # pragma: no cover
    from engine.rulesets.dnd_minis.skirmish.field import SkirmishField

# How long each condition lasts when an ability gives it (War Drums §20.2).
ENDS = {"stunned": "next_turn_end", "paralyzed": "save", "confused": "save", "entangled": "save",
        "asleep": "damage", "invisible": "battle", "poisoned": "battle", "skips next turn": "next_turn"}

_NUM = re.compile(r"^(?P<name>[a-z][a-z ]*?)(?:\s+(?:dc\s*)?(?P<n>\d+))?(?:\s*\((?P<text>.*)\))?$")


def condition_from_text(text: str, source=None) -> Condition:
    """``"stunned"``, ``"paralyzed DC 15"``, ``"poisoned 5"`` -> a Condition record."""
    m = _NUM.match(text.strip().casefold())
    name = m.group("name").strip() if m else text.strip().casefold()
    n = int(m.group("n")) if m and m.group("n") else None
    dc = n if "dc" in text.casefold() else None
    value = n if n is not None and dc is None else 0
    return Condition(name=name, dc=dc, value=value, text=text.strip(), ends=ENDS.get(name, "battle"),
                     source=source.id if source is not None else None,
                     source_seat=source.side if source is not None else None)


def run(field: "SkirmishField", rng: Rng, outcomes, events: list[Event], source=None) -> list:
    """Execute every outcome the board can; return those the turn code must handle itself
    (extra attacks, pushes, new creatures)."""
    left = []
    for outcome in outcomes or []:
        left += _one(field, rng, outcome, events, source)
    return left


def _creature(field: "SkirmishField", cid: str | None):
    if not cid:
        return None
    return field.roster.get(cid)


def _one(field: "SkirmishField", rng: Rng, o, events: list[Event], source) -> list:
    src = _creature(field, getattr(o, "source", None)) or source
    if isinstance(o, Note):
        if o.text:
            events.append(Event(kind="note", text=o.text))
        return []
    if isinstance(o, Damage):
        target = _creature(field, o.target)
        if target is None or not target.on_board:
            return []
        amount = o.amount
        if o.dc is not None:
            passed, event = save(rng, target, o.dc, o.why or o.kind, source=src, battle=field)
            events.append(event)
            field.state.violence_this_round = True
            if passed:
                amount = 0 if o.negates else hooks.halved(amount)
        taken = hooks.take_damage(target, [DamagePacket(amount, o.kind, from_attack=o.from_attack, source=src)],
                                  DamageContext(defender=target, source=src, rng=rng, battle=field))
        dealt = sum(p.amount for p in taken)
        events.append(Event(kind="damage", text=f"{target.name} takes {dealt} {o.kind} damage"
                            + (f" ({o.why})" if o.why else "") + ".", data={"defender": target.id, "amount": dealt}))
        if dealt:
            field.damage(rng, target, dealt, events, source=src)
        return []
    if isinstance(o, SaveOr):
        target = _creature(field, o.target)
        if target is None or not target.on_board:
            return []
        field.state.violence_this_round = True
        passed, event = save(rng, target, o.dc, o.against or o.why, source=src, battle=field)
        events.append(event)
        return run(field, rng, o.on_pass if passed else o.on_fail, events, source=src)
    if isinstance(o, AddCondition):
        target = _creature(field, o.target)
        if target is None or not target.on_board:
            return []
        cond = condition_from_text(o.condition, src)
        if hooks.immune(target, cond.name):
            events.append(Event(kind="note", text=f"The {target.name} is immune to {cond.name}."))
            return []
        if field.state.activation is not None and field.state.activation.creature == target.id \
                and cond.name == "stunned":
            cond.turns_missed = -1  # stunned in its own turn: the rest of it is lost too (AMB-31)
        if target.add_condition(cond):
            events.append(Event(kind="condition", seat=target.side, text=f"The {target.name} is {cond.text}.",
                                data={"creature": target.id, "condition": cond.name}))
        return []
    if isinstance(o, RemoveCondition):
        target = _creature(field, o.target)
        if target is not None and target.has(o.condition):
            target.remove_condition(o.condition)
            events.append(Event(kind="condition_ends", seat=target.side,
                                text=f"The {target.name} is no longer {o.condition}."))
        return []
    if isinstance(o, GainHp):
        target = _creature(field, o.creature)
        if target is not None and target.on_board:
            target.hp += o.amount
            events.append(Event(kind="hp", seat=target.side, text=f"The {target.name} gains {o.amount} hp "
                                f"(now {target.hp}).", data={"creature": target.id, "hp": target.hp}))
        return []
    if isinstance(o, Heal):
        target = _creature(field, o.creature)
        if target is None or not target.on_board:
            return []
        if target.card.has_type("undead"):
            return run(field, rng, [Damage(target=target.id, amount=o.amount, kind="positive", dc=o.dc,
                                           source=o.source, why=o.why or "heal")], events, source)
        if hooks.immune(target, "heal") or target.card.has_type("construct"):
            return []
        cap = max(target.max_hp, min(target.hp, target.max_hp))
        before = target.hp
        target.hp = min(cap, target.hp + o.amount) if target.hp < target.max_hp else target.hp
        events.append(Event(kind="hp", seat=target.side, text=f"The {target.name} is healed: {before} → {target.hp}.",
                            data={"creature": target.id, "hp": target.hp}))
        return []
    if isinstance(o, Destroy):
        target = _creature(field, o.target)
        if target is not None and target.on_board:
            field.damage(rng, target, max(target.hp, 1), events, source=src)
        return []
    if isinstance(o, Rout):
        target = _creature(field, o.creature)
        if target is not None and target.on_board and not target.routed:
            field.rout(rng, target, events, cause=src)
        return []
    if isinstance(o, MoraleSave):
        target = _creature(field, o.creature)
        if target is None or not target.on_board or target.routed:
            return []  # routing creatures make no saves but rally saves
        field.state.violence_this_round = True
        passed = field.morale_check(rng, target, events, cause=src, against="Turn Undead" if o.real else o.why,
                                    bonus=o.bonus, rally=o.destroy_on_fail)
        if not passed and o.destroy_on_fail:
            field.damage(rng, target, max(target.hp, 1), events, source=src)
        return []
    return [o]
