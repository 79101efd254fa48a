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

from engine.core.text import _
import math

from engine.core import Event, roll_dice
from engine.core.rng import Rng

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


def unit_leadership(state, unit) -> tuple[int, str]:
    """The best Ld the unit may use and where it comes from: its own models' (characters in it
    included), or the General's within 12" (18" if a Large Target) when the General is not
    fleeing, from inside a unit too (§16.7; :mod:`.leaders`)."""
    from engine.rulesets.ninth_age.leaders import leadership

    return leadership(state, unit)


def hold_your_ground(state, unit) -> str | None:
    """The BSB within reach whose Hold Your Ground re-rolls the unit's failed Leadership tests."""
    from engine.rulesets.ninth_age.leaders import hold_your_ground as bsb

    return bsb(state, unit)
