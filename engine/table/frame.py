"""Units, tolerances and the bearing convention of the continuous table.

The table is a plane measured in inches, x to the right and y away from the first player's
long edge. A bearing is in degrees, 0 = +y, increasing clockwise, so 90 = +x. A unit's local
frame has its origin at the unit centre, +y along its facing and +x to its right.

>>> round(direction(90)[0], 6), round(direction(90)[1], 6)
(1.0, 0.0)
>>> to_local((0.0, 0.0), 90, (3.0, 0.0))
(0.0, 3.0)
>>> bearing_between((0, 0), (-1, 0))
270.0
"""

from __future__ import annotations

import math

import numpy as np
import shapely

MM_PER_INCH = 25.4
# Two bases touch when no more than this apart (corner-to-corner contact counts).
EPS_CONTACT = 0.01
# Slack for comparisons against rules thresholds (1", 8", 12"...): decide on unrounded values.
EPS_DIST = 0.001

Point = tuple[float, float]


def mm(value: float) -> float:
    """Millimetres to inches: bases are given in mm, the table in inches.

    >>> mm(25.4)
    1.0
    """
    return value / MM_PER_INCH


def normalise(bearing: float) -> float:
    """A bearing in [0, 360)."""
    b = math.fmod(bearing, 360.0)
    return b + 360.0 if b < 0 else (0.0 if b == 360.0 else b)


def direction(bearing: float) -> Point:
    """The unit vector a bearing points along (0 = +y, clockwise)."""
    rad = math.radians(bearing)
    return (math.sin(rad), math.cos(rad))


def right_of(bearing: float) -> Point:
    """The unit vector to the right of a facing."""
    rad = math.radians(bearing)
    return (math.cos(rad), -math.sin(rad))


def bearing_between(a: Point, b: Point) -> float:
    """The bearing from ``a`` toward ``b``."""
    return normalise(math.degrees(math.atan2(b[0] - a[0], b[1] - a[1])))


def turn_between(a: float, b: float) -> float:
    """The signed turn from bearing ``a`` to ``b`` in (-180, 180]: positive is clockwise."""
    d = normalise(b - a)
    return d - 360.0 if d > 180.0 else d


def to_world(origin: Point, bearing: float, local: Point) -> Point:
    """A point of a unit's local frame (x right, y forward) on the table."""
    f, r = direction(bearing), right_of(bearing)
    return (origin[0] + local[0] * r[0] + local[1] * f[0], origin[1] + local[0] * r[1] + local[1] * f[1])


def to_local(origin: Point, bearing: float, world: Point) -> Point:
    """A table point in a unit's local frame (x right, y forward)."""
    f, r = direction(bearing), right_of(bearing)
    dx, dy = world[0] - origin[0], world[1] - origin[1]
    return (round(dx * r[0] + dy * r[1], 12), round(dx * f[0] + dy * f[1], 12))


def transformed(shape, matrix):
    """``shape`` moved by the shapely ``affine_transform`` ``matrix`` (a, b, d, e, xoff, yoff): the
    same coordinates, worked out by the same sums (x' = a·x + b·y + xoff, y' = d·x + e·y + yoff)
    and set on a copy of the shape as ``shapely.transform`` sets them, without its Python-level
    checks and wrappers (the charge solver moves shapes tens of thousands of times)."""
    a, b, d, e, xoff, yoff = matrix
    held = np.empty(1, dtype=object)
    held[0] = shape
    xy = shapely.get_coordinates(held)
    x, y = xy[:, 0], xy[:, 1]
    moved = np.empty_like(xy)
    moved[:, 0] = a * x + b * y + xoff
    moved[:, 1] = d * x + e * y + yoff
    return shapely.set_coordinates(held, moved)[0]


def rotated(shape, degrees: float, about: Point):
    """As shapely's ``affinity.rotate(shape, degrees, origin=about)`` (counter-clockwise), by
    :func:`transformed`: the matrix worked out as shapely works it out."""
    angle = degrees * math.pi / 180.0
    cosp, sinp = math.cos(angle), math.sin(angle)
    if abs(cosp) < 2.5e-16:
        cosp = 0.0
    if abs(sinp) < 2.5e-16:
        sinp = 0.0
    x0, y0 = about
    return transformed(shape, (cosp, -sinp, sinp, cosp, x0 - x0 * cosp + y0 * sinp, y0 - x0 * sinp - y0 * cosp))


def translated(shape, xoff: float, yoff: float):
    """As shapely's ``affinity.translate(shape, xoff, yoff)``, by :func:`transformed`."""
    return transformed(shape, (1.0, 0.0, 0.0, 1.0, xoff, yoff))


def affine(origin: Point, bearing: float) -> list[float]:
    """The shapely ``affine_transform`` matrix taking local coordinates to the table."""
    f, r = direction(bearing), right_of(bearing)
    return [r[0], f[0], r[1], f[1], origin[0], origin[1]]
