"""Leadership tests (§1.8), the General's Inspiring Presence (§16.7) and the Battle Standard
Bearer's Hold Your Ground (§16.8) measured from where the model stands, inside a unit too
([A-56]: the closest distance between the model's base and the unit's footprint), the Rally
test's Ld (§8.8) and the charge range arithmetic of §8.5/§8.7.

Below every phase that tests Ld (casualties, movement, charges, combat, frenzy); the unit's own
test with both applied is :mod:`.leaders`.

>>> rally_leadership(8, start=40, current=11)  # E-15: 11 > 10, normal Ld
8
>>> rally_leadership(8, start=40, current=9), rally_leadership(8, start=40, current=9, musician=True)
(4, 5)
>>> charge_range([3, 1], 5), charge_range([1, 1], 5, champion=True), charge_range([6, 2, 1], 5, swiftstride=True)
(9, 9, 13)
>>> failed_charge_distance([1, 1]), failed_charge_distance([6, 2, 1])
(1, 6)
"""

from __future__ import annotations

from engine.core.text import _
import math

from engine.core import Event, roll_dice
from engine.core.rng import Rng
from engine.rulesets.ninth_age.magic_state import spell_modified  # Ld under spells in play (§9, §1.10)
from engine.rulesets.ninth_age.mixed_units import host_of, joined, position, unit_models_ld
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState

INSPIRING_PRESENCE = 12.0
LARGE_TARGET_BONUS = 6.0


def clamp(value: int) -> int:
    return max(0, min(10, value))


def rally_leadership(ld: int, *, start: int, current: int, musician: bool = False) -> int:
    """Half Ld (round up) at 25 % of the starting size or less, multiplied before the
    Musician's +1 is added (§1.11)."""
    value = clamp(ld)
    if current * 4 <= start:
        value = clamp(math.ceil(value / 2))
    if musician:
        value = clamp(value + 1)
    return value


def charge_dice(dice: list[int], *, swiftstride: bool = False) -> list[int]:
    """The dice that count: Swiftstride rolls 3D6 and discards the lowest."""
    return sorted(dice, reverse=True)[:2] if swiftstride else list(dice)


def charge_range(dice: list[int], movement: int, *, champion: bool = False, swiftstride: bool = False) -> int:
    """2D6 (or 3D6 keep 2) + M; with a Champion's Order a Charge the dice count as at least 4."""
    total = sum(charge_dice(dice, swiftstride=swiftstride))
    if champion:
        total = max(total, 4)
    return total + movement


def failed_charge_distance(dice: list[int]) -> int:
    """A failed charge moves the highest single die rolled (the real die, §8.7)."""
    return max(dice)


def leadership_test(rng: Rng, ld: int, purpose: str, events: list[Event], seat: str | None = None,
                    reroll: str | None = None) -> bool:
    """2D6 against Ld: passed when the total is not greater (Ld 0 fails, [A-1]); ``reroll``
    names the Battle Standard Bearer whose Hold Your Ground re-rolls a failure (§16.8)."""
    roll = roll_dice("2d6", rng, purpose=purpose)
    passed = ld > 0 and roll.total <= ld
    events.append(Event(kind="roll", seat=seat, roll=roll,
                        text=(_("{purpose}: Ld {ld}, rolled {total}: passed.", purpose=purpose, ld=ld, total=roll.total) if passed
                              else _("{purpose}: Ld {ld}, rolled {total}: failed.", purpose=purpose, ld=ld, total=roll.total))))
    if not passed and reroll:
        return leadership_test(rng, ld, _("{purpose}, re-rolled with {reroll}'s Hold Your Ground", purpose=purpose, reroll=reroll), events, seat)
    return passed


def in_reach(state: NinthAgeState, source: UnitState, unit: UnitState) -> bool:
    """Within 12" (18" for a Large Target) of a non-fleeing source model ([A-56]: the closest
    distance between the model's base and the unit's footprint)."""
    here, there = position(state, source), position(state, host_of(state, unit))
    if here is None or there is None or host_of(state, source).fleeing:
        return False
    reach = INSPIRING_PRESENCE + (LARGE_TARGET_BONUS if state.unit_entry(source).has_rule("Large Target") else 0)
    return here.distance(there) <= reach + 1e-3


def unit_leadership(state: NinthAgeState, unit: UnitState) -> tuple[int, str]:
    """The best Ld the unit may use and where it comes from: its own models' (characters in it
    included), or the General's within 12" (18" if a Large Target) when the General is not
    fleeing, from inside a unit too (§16.7)."""
    banner = [1] if discipline(state, unit) else []  # Banner of Discipline: the unit has +1 Ld (§23.8)
    best, source = spell_modified(state, unit.id, "Ld", unit_models_ld(state, unit), first=banner), _("its own")
    for other in state.units.values():
        if other.owner != unit.owner or other.id == unit.id or not state.unit_entry(other).general:
            continue
        if other.host == unit.id or other.refused:
            continue  # already counted among the unit's models; a refused challenge sets its Ld to 0 (§16.9)
        # borrowed: modified on the General's side first, then by the borrower's own modifiers
        ld = spell_modified(state, unit.id, "Ld", spell_modified(state, other.id, "Ld", state.unit_entry(other).leadership),
                            first=banner)
        if ld > best and in_reach(state, other, unit):
            best, source = ld, _("{other}'s Inspiring Presence", other=other.id)
    return best, source


def discipline(state: NinthAgeState, unit: UnitState) -> bool:
    """The unit (or a character in it) carries the Banner of Discipline, its standard not lost."""
    return any("banner of discipline" in {i.lower() for i in state.unit_entry(u).magic_items} and not u.standard_lost
               for u in [unit] + list(joined(state, unit)))


def hold_your_ground(state: NinthAgeState, unit: UnitState) -> str | None:
    """The BSB whose Hold Your Ground lets ``unit`` re-roll a failed Leadership test, if any."""
    for other in state.units.values():
        if other.owner == unit.owner and state.unit_entry(other).bsb and not other.refused and (
                other.host == unit.id or other.id == unit.id or in_reach(state, other, unit)):
            if not host_of(state, other).fleeing and position(state, other) is not None:
                return other.id
    return None
