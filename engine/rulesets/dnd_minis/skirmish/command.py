"""Command (War Drums §14, Skirmish §9): who is in command, of whom, and what it gives.

War Drums: a creature is in command within 6 squares of an able commander of its warband
(counted around walls) **or** with line of sight to one. The starter rules (A-01) need both.
A commander that is routing, stunned or helpless commands nobody, itself included; a confused
one still commands itself but nobody else and adds nothing to initiative.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.grid import space_distance, walking_distance
from engine.rulesets.dnd_minis.abilities import hooks

if TYPE_CHECKING:  # pragma: no cover
    from engine.rulesets.dnd_minis.creature import Creature
    from engine.rulesets.dnd_minis.skirmish.view import SkirmishView

COMMAND_RANGE = 6


def command_distance(field: "SkirmishView", a: "Creature", b: "Creature", limit: int = COMMAND_RANGE) -> int | None:
    """Squares between two spaces counted around walls (§8.6); None when beyond ``limit``."""
    if space_distance(a.squares, b.squares) > limit:
        return None  # walking round walls is never shorter than the straight count
    best = None
    for p in a.squares:
        for q in b.squares:
            d = walking_distance(field.grid, p, q)
            if d is not None and (best is None or d < best):
                best = d
    return best if best is not None and best <= limit else None


def rating(field: "SkirmishView", creature: "Creature") -> int | None:
    """Its commander rating (card, Commander 0, promotion, Relay Orders), or None."""
    if creature.commander_rating is not None:
        return creature.commander_rating
    return hooks.commander_rating(creature, field)


def commands_itself(field: "SkirmishView", commander: "Creature") -> bool:
    """A commander commands itself unless it is routing, stunned or helpless (§14.6, §9.1)."""
    return rating(field, commander) is not None and hooks.is_active(commander, field)


def able_to_command(field: "SkirmishView", commander: "Creature") -> bool:
    """Able to bring *other* creatures under command: active and not confused (§14.6)."""
    return rating(field, commander) is not None and hooks.is_active(commander, field) and hooks.can_command(commander, field)


def commanders_of(field: "SkirmishView", subject: "Creature") -> list["Creature"]:
    """The commanders of its own warband that have it in command now (itself included)."""
    out = []
    if not subject.on_board:
        return out
    if commands_itself(field, subject):
        out.append(subject)
    for k in field.roster.values():
        if k.side != subject.side or k.id == subject.id or not k.on_board:
            continue
        if not able_to_command(field, k) or not hooks.can_be_commanded_by(subject, k, field):
            continue
        near = command_distance(field, k, subject) is not None
        sees = field.can_see(subject, k)
        ok = (near and sees) if field.rules.in_command_needs_sight_and_range else (near or sees)
        if ok:
            out.append(k)
    return out


def in_command(field: "SkirmishView", subject: "Creature") -> bool:
    if not subject.on_board:
        return False
    if subject.controller is not None and subject.controller != subject.side:
        return False  # Confusion 1-5: out of command while the opponent controls it
    forced = hooks.always_in_command(subject, field)
    if forced is not None:
        return forced
    return bool(commanders_of(field, subject))


def morale_rating(field: "SkirmishView", subject: "Creature") -> int:
    """Commander rating added to a morale save (§14.3): the best commander it is in command
    of; a commander always adds its own rating (even routing or stunned)."""
    ratings = [rating(field, k) or 0 for k in commanders_of(field, subject)]
    own = rating(field, subject)
    if own is not None:
        ratings.append(own)
    return max(ratings, default=0)


def initiative_rating(field: "SkirmishView", seat: str) -> int:
    """Highest rating among the seat's commanders able to command (§7.1, A-03)."""
    best = 0
    for k in field.roster.values():
        r = rating(field, k)
        if k.side != seat or not k.on_board or r is None:
            continue
        if field.rules.initiative_explicit_exclusions_only:
            able = not (k.has("stunned") or k.has("confused"))
        else:
            able = able_to_command(field, k)
        if able:
            best = max(best, r)
    return best


def commander_effect_sources(field: "SkirmishView", subject: "Creature") -> list["Creature"]:
    """Commanders whose commander effects reach this follower: in command of it and within 6
    squares (§14.4). Commanders themselves get none."""
    if rating(field, subject) is not None:
        return []
    return [k for k in commanders_of(field, subject)
            if command_distance(field, k, subject) is not None and hooks.commander_effect_reaches(k, subject, field)]
