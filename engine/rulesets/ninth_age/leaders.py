"""A unit's Leadership test with the General's Inspiring Presence (§16.7) and, failed, the Battle
Standard Bearer's Hold Your Ground re-roll (§16.8); who is in reach is :mod:`.leadership`.
"""

from __future__ import annotations

from engine.core.text import _
from engine.core import Event
from engine.rulesets.ninth_age.leadership import clamp, hold_your_ground, unit_leadership
from engine.rulesets.ninth_age.leadership import leadership_test as roll_test
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState


def leadership_test(state: NinthAgeState, unit: UnitState, purpose: str, events: list[Event],
                    modifier: int = 0) -> bool:
    """A unit's Leadership test with the best Ld it may use and, failed, the BSB's re-roll."""
    ld, source = unit_leadership(state, unit)
    ld = clamp(ld + modifier)
    bsb = hold_your_ground(state, unit)
    return roll_test(state.rng, ld, _("{purpose} (Ld from {source})", purpose=purpose, source=source), events, seat=unit.owner,
                     reroll=bsb, for_unit=(state, unit),
                     reroll_text=_("{purpose}: re-rolled with {bsb}'s Hold Your Ground", purpose=purpose, bsb=bsb) if bsb else None)
