"""Templates: round (by diameter), line and capsule (a round template swept along a path).

A base is under a template if any part of it, however small, is: the exact closest distance
from the template's centre (or its centre line) to the base is at most the radius.

>>> from shapely.geometry import box
>>> from engine.table.frame import mm
>>> bases = [box(mm(25 * i), 0, mm(25 * (i + 1)), mm(25)) for i in range(7)]
>>> centre = (mm(24 + 76.2 / 2), mm(12.5))
>>> [i for i, b in enumerate(bases) if Circle(centre=centre, diameter=3).touches(b)]
[0, 1, 2, 3, 4]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from shapely.geometry import LineString, Point as ShapelyPoint

from engine.table.frame import Point

ROUND_TEMPLATES = (1.0, 3.0, 5.0)  # diameters in inches


@dataclass(frozen=True)
class Circle:
    centre: Point
    diameter: float

    @property
    def shape(self):
        return ShapelyPoint(self.centre).buffer(self.diameter / 2, quad_segs=32)

    def touches(self, base) -> bool:
        return base.distance(ShapelyPoint(self.centre)) <= self.diameter / 2 + 1e-9


@dataclass(frozen=True)
class Line:
    """A straight line template from ``start`` to ``end`` (cannons, some spells)."""

    start: Point
    end: Point

    @property
    def shape(self):
        return LineString([self.start, self.end])

    def touches(self, base) -> bool:
        return self.shape.intersects(base)

    def hits_in_order(self, bases: Sequence) -> list[int]:
        """Indexes of the bases the line crosses, nearest the start first (the cannon's order)."""
        line = self.shape
        hit = []
        for i, b in enumerate(bases):
            inter = line.intersection(b)
            if not inter.is_empty:
                hit.append((min(line.project(ShapelyPoint(c)) for c in coordinates(inter)), i))
        return [i for _, i in sorted(hit)]


@dataclass(frozen=True)
class Capsule:
    """A round template of ``diameter`` moved from ``start`` to ``end`` (flame throwers, vortex)."""

    start: Point
    end: Point
    diameter: float

    @property
    def shape(self):
        return LineString([self.start, self.end]).buffer(self.diameter / 2, quad_segs=32)

    def touches(self, base) -> bool:
        seg = LineString([self.start, self.end]) if self.start != self.end else ShapelyPoint(self.start)
        return base.distance(seg) <= self.diameter / 2


def coordinates(geom):
    """Every vertex of a shapely geometry, multi-part ones included (where a line crosses a
    feature, the crossing points)."""
    if hasattr(geom, "geoms"):
        for g in geom.geoms:
            yield from coordinates(g)
    else:
        yield from geom.coords


def touched(template, bases: Sequence) -> list[int]:
    """Indexes of the bases a template touches."""
    return [i for i, b in enumerate(bases) if template.touches(b)]
