"""Scatter and random direction, drawn from the game's seeded :class:`~engine.core.rng.Rng`.

A scatter die is a D6 rolled through the engine's dice (1 or 6 is a HIT; any other face is an
arrow, pointing on a uniformly random bearing). A random direction is a bearing alone.

>>> from engine.core.rng import Rng
>>> s = scatter((10.0, 10.0), 4.0, Rng.from_seed(3))
>>> s.hit in (True, False) and 0 <= s.bearing < 360 if not s.hit else True
True
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.dice import Roll, roll_dice
from engine.core.rng import Rng
from engine.table.frame import Point, direction

_RESOLUTION = 1 << 53


def random_bearing(rng: Rng) -> float:
    """A uniformly random bearing in [0, 360), from 53 bits of the game's generator."""
    return rng.randrange(_RESOLUTION) * 360.0 / _RESOLUTION


def is_hit(face: int) -> bool:
    """A plain D6 used as a scatter die: 1 or 6 is a HIT."""
    return face in (1, 6)


@dataclass(frozen=True)
class Scatter:
    roll: Roll
    hit: bool
    bearing: float | None
    distance: float
    start: Point
    end: Point


def scatter(start: Point, distance: float, rng: Rng, purpose: str = "scatter") -> Scatter:
    """Roll the scatter die; on an arrow move ``start`` by ``distance`` along a random bearing."""
    roll = roll_dice("1d6", rng, purpose=purpose)
    if is_hit(roll.total):
        return Scatter(roll, True, None, 0.0, start, start)
    bearing = random_bearing(rng)
    dx, dy = direction(bearing)
    return Scatter(roll, False, bearing, distance, start, (start[0] + dx * distance, start[1] + dy * distance))


def scatter_face(face: int, distance: float, bearing: float, start: Point) -> Point:
    """Where a scattered object ends for a known face and bearing (for tests and replays)."""
    if is_hit(face):
        return start
    dx, dy = direction(bearing)
    return (start[0] + dx * distance, start[1] + dy * distance)
