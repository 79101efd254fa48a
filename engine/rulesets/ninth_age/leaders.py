"""The General's Inspiring Presence and the Battle Standard Bearer's Hold Your Ground (§16.7-16.8),
measured from where the model stands, inside a unit too ([A-56]: the closest distance between
the model's base and the unit's footprint).
"""

from __future__ import annotations

from engine.core import Event
from engine.rulesets.ninth_age.characters import host_of, position, unit_models_ld
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState

INSPIRING_PRESENCE = 12.0
LARGE_TARGET_BONUS = 6.0


def in_reach(state: NinthAgeState, source: UnitState, unit: UnitState) -> bool:
    """Within 12" (18" for a Large Target) of a non-fleeing source model ([A-56]: the closest
    distance between the model's base and the unit's footprint)."""
    here, there = position(state, source), position(state, host_of(state, unit))
    if here is None or there is None or host_of(state, source).fleeing:
        return False
    reach = INSPIRING_PRESENCE + (LARGE_TARGET_BONUS if state.unit_entry(source).has_rule("Large Target") else 0)
    return here.distance(there) <= reach + 1e-3


def leadership(state: NinthAgeState, unit: UnitState) -> tuple[int, str]:
    """The best Ld the unit may use: its models' own (characters included), or the General's
    Inspiring Presence (§16.7)."""
    from engine.rulesets.ninth_age.magic_state import spell_modified  # Ld under spells in play (§9, §1.10)

    banner = [1] if discipline(state, unit) else []  # Banner of Discipline: the unit has +1 Ld (§23.8)
    best, source = spell_modified(state, unit.id, "Ld", unit_models_ld(state, unit), first=banner), "its own"
    for other in state.units.values():
        if other.owner != unit.owner or other.id == unit.id or not state.unit_entry(other).general:
            continue
        if other.host == unit.id:
            continue  # already counted among the unit's models
        # borrowed: modified on the General's side first, then by the borrower's own modifiers
        ld = spell_modified(state, unit.id, "Ld", spell_modified(state, other.id, "Ld", state.unit_entry(other).leadership),
                            first=banner)
        if ld > best and in_reach(state, other, unit):
            best, source = ld, f"{other.id}'s Inspiring Presence"
    return best, source


def discipline(state: NinthAgeState, unit: UnitState) -> bool:
    """The unit (or a character in it) carries the Banner of Discipline, its standard not lost."""
    from engine.rulesets.ninth_age.characters import joined

    for u in [unit] + list(joined(state, unit)):
        if "banner of discipline" in {i.lower() for i in state.unit_entry(u).magic_items} and not u.standard_lost:
            return True
    return False


def hold_your_ground(state: NinthAgeState, unit: UnitState) -> str | None:
    """The BSB whose Hold Your Ground lets ``unit`` re-roll a failed Leadership test, if any."""
    for other in state.units.values():
        if other.owner == unit.owner and state.unit_entry(other).bsb and (
                other.host == unit.id or other.id == unit.id or in_reach(state, other, unit)):
            if not host_of(state, other).fleeing and position(state, other) is not None:
                return other.id
    return None


def leadership_test(state: NinthAgeState, unit: UnitState, purpose: str, events: list[Event],
                    modifier: int = 0) -> bool:
    """A unit's Leadership test with the best Ld it may use and, failed, the BSB's re-roll."""
    from engine.rulesets.ninth_age.leadership import clamp
    from engine.rulesets.ninth_age.leadership import leadership_test as roll_test

    ld, source = leadership(state, unit)
    ld = clamp(ld + modifier)
    if roll_test(state.rng, ld, f"{purpose} (Ld from {source})", events, seat=unit.owner):
        return True
    bsb = hold_your_ground(state, unit)
    if bsb is None:
        return False
    return roll_test(state.rng, ld, f"{purpose}: re-rolled with {bsb}'s Hold Your Ground", events, seat=unit.owner)
