"""Leadership tests (§1.8), Inspiring Presence (§16.7), the Rally test's Ld (§8.8) and the
charge range arithmetic of §8.5/§8.7.

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

import math

from engine.core import Event, roll_dice
from engine.core.rng import Rng
from engine.table.contact import distance

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


def leadership_test(rng: Rng, ld: int, purpose: str, events: list[Event], seat: str | None = None) -> bool:
    """2D6 against Ld: passed when the total is not greater (Ld 0 fails, [A-1])."""
    roll = roll_dice("2d6", rng, purpose=purpose)
    passed = ld > 0 and roll.total <= ld
    events.append(Event(kind="roll", seat=seat, roll=roll,
                        text=f"{purpose}: Ld {ld}, rolled {roll.total}: {'passed' if passed else 'failed'}."))
    return passed


def unit_leadership(state, unit) -> tuple[int, str]:
    """The best Ld the unit may use and where it comes from: its own, or the General's within
    12" (18" if a Large Target) when the General is not fleeing (§16.7)."""
    from engine.rulesets.ninth_age.magic import spell_modified  # Ld under spells (§9, §1.10)

    entry = state.unit_entry(unit)
    best, source = spell_modified(state, unit.id, "Ld", entry.leadership), "its own"
    army = state.armies[unit.owner]
    for other in state.on_table(unit.owner):
        oentry = army.units[other.entry]
        if not oentry.general or other.fleeing or other.id == unit.id:
            continue
        reach = INSPIRING_PRESENCE + (LARGE_TARGET_BONUS if oentry.has_rule("Large Target") else 0)
        # borrowed: modified on the General's side first, then by the borrower's own modifiers
        lent = spell_modified(state, unit.id, "Ld", spell_modified(state, other.id, "Ld", oentry.leadership))
        if distance(other.footprint(), unit.footprint()) <= reach + 1e-3 and lent > best:
            best, source = lent, f"{other.id}'s Inspiring Presence"
    return best, source
