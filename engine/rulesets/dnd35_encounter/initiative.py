"""Initiative, as the 3.5 Player's Handbook runs it.

Every creature rolls d20 + its initiative modifier. Higher results act first; creatures tied
on the result act in order of their modifier (higher first); creatures still tied roll again
(a plain d20 roll-off, repeated among any who tie again). Every die is logged as an event.
"""

from __future__ import annotations

from engine.core import Event, Rng, roll_d20
from engine.rulesets.dnd35_encounter.creature import Creature
from engine.core.text import _, commas


def roll_for(rng: Rng, creature: Creature, events: list[Event]) -> int:
    roll = roll_d20(rng, creature.init_mod, purpose=_('{creature} initiative', creature=creature.name))
    creature.initiative = roll.total
    events.append(Event(kind="initiative_roll", seat=creature.owner, roll=roll,
                        text=_('{creature} rolls {total} for initiative.',
                               creature=creature.name, total=roll.total),
                        data={"creature": creature.id, "total": roll.total}))
    return roll.total


def roll_off(rng: Rng, tied: list[Creature], events: list[Event]) -> list[Creature]:
    """Order creatures tied on result and modifier: each rolls a d20, highest first; those who
    tie again roll again among themselves."""
    rolls: dict[str, int] = {}
    for creature in tied:
        roll = roll_d20(rng, purpose=_('{creature} initiative tie-break', creature=creature.name))
        rolls[creature.id] = roll.total
        events.append(Event(kind="initiative_tie_break", seat=creature.owner, roll=roll,
                            text=_('{creature} rolls {total} to break the initiative tie.',
                                   creature=creature.name, total=roll.total),
                            data={"creature": creature.id, "total": roll.total}))
    ordered: list[Creature] = []
    for value in sorted(set(rolls.values()), reverse=True):
        group = [c for c in tied if rolls[c.id] == value]
        ordered.extend(roll_off(rng, group, events) if len(group) > 1 else group)
    return ordered


def initiative_order(rng: Rng, creatures: list[Creature], events: list[Event]) -> list[str]:
    """Roll for every creature (in the order given) and return their ids in turn order."""
    for creature in creatures:
        roll_for(rng, creature, events)
    keys = sorted({(c.initiative, c.init_mod) for c in creatures}, reverse=True)
    order: list[str] = []
    for key in keys:
        group = [c for c in creatures if (c.initiative, c.init_mod) == key]
        if len(group) > 1:
            events.append(Event(kind="initiative_tie", text=_('{names} tie at {key} with the same modifier '
                                                              '({key_2:+d}): they roll off.', names=commas(c.name for c in group), key=key[0], key_2=key[1])))
            group = roll_off(rng, group, events)
        order.extend(c.id for c in group)
    return order


def insert_latecomer(rng: Rng, newcomer: Creature, order: list[str], creatures: dict[str, Creature],
                     events: list[Event]) -> list[str]:
    """A creature joining a fight already under way rolls and takes its place in the order.

    Against a creature tied with it on result and modifier it rolls off; the existing order of
    the others is kept.
    """
    roll_for(rng, newcomer, events)
    key = (newcomer.initiative, newcomer.init_mod)
    out = list(order)
    for i, cid in enumerate(out):
        other = creatures[cid]
        other_key = (other.initiative, other.init_mod)
        if other_key < key:
            out.insert(i, newcomer.id)
            return out
        if other_key == key and roll_off(rng, [newcomer, other], events)[0] is newcomer:
            out.insert(i, newcomer.id)
            return out
    out.append(newcomer.id)
    return out
