"""The table: its size and edges, and terrain features as polygons with categories.

Categories are plain words a ruleset gives meaning to ("blocking", "soft_cover", "hard_cover",
"impassable", "dangerous"...); this module only stores, finds and measures them.

>>> t = Table(width=72, height=48, terrain=[TerrainFeature(name="Hill", kind="hill",
...       points=[(30, 20), (40, 20), (40, 28), (30, 28)], categories=["hill"])])
>>> t.feature_at((35, 24)).name, t.feature_at((1, 1))
('Hill', None)
>>> from shapely.geometry import box
>>> t.off_table_fraction(box(-1, 0, 1, 2)), t.area_fraction(box(29, 20, 31, 22), "hill")
(0.5, 0.5)
"""

from __future__ import annotations

from functools import cached_property
from typing import Iterable

from pydantic import BaseModel, Field, field_validator, model_validator
from shapely.geometry import LineString, Point as ShapelyPoint, Polygon, box
from shapely.ops import unary_union

from engine.table.frame import Point

WALL_THICKNESS = 0.25  # a wall drawn as a segment is a thin polygon this thick (inches)


class TerrainFeature(BaseModel):
    """One feature: a polygon (``points``) or, for a wall, a segment (``line``) with thickness."""

    name: str = Field(min_length=1, max_length=60)
    kind: str = Field(min_length=1, max_length=30)
    points: list[tuple[float, float]] = Field(default_factory=list)
    line: list[tuple[float, float]] = Field(default_factory=list)
    thickness: float = Field(default=WALL_THICKNESS, gt=0, le=6)
    categories: list[str] = Field(default_factory=list)

    @field_validator("points", "line")
    @classmethod
    def _finite(cls, v):
        for x, y in v:
            if not (abs(x) < 1e4 and abs(y) < 1e4):
                raise ValueError("coordinates must be inches on the table")
        return v

    @model_validator(mode="after")
    def _shape(self) -> "TerrainFeature":
        if bool(self.points) == bool(self.line):
            raise ValueError(f"{self.name}: give either points (a polygon) or line (a wall), not both or neither")
        if self.points:
            if len(self.points) < 3:
                raise ValueError(f"{self.name}: a polygon needs at least 3 points")
            poly = Polygon(self.points)
            if not poly.is_valid or poly.area <= 0:
                raise ValueError(f"{self.name}: the polygon crosses itself or has no area")
        elif len(self.line) != 2:
            raise ValueError(f"{self.name}: a wall line has exactly 2 points")
        return self

    @cached_property
    def polygon(self) -> Polygon:
        if self.points:
            return Polygon(self.points)
        return LineString(self.line).buffer(self.thickness / 2, cap_style="flat")

    def has(self, category: str) -> bool:
        return category in self.categories or category == self.kind


class Table(BaseModel):
    """The playing area, x in [0, width] and y in [0, height], and its terrain."""

    width: float = Field(default=72.0, gt=0, le=240)
    height: float = Field(default=48.0, gt=0, le=240)
    terrain: list[TerrainFeature] = Field(default_factory=list)

    @property
    def area(self) -> Polygon:
        return box(0, 0, self.width, self.height)

    @property
    def centre(self) -> Point:
        return (self.width / 2, self.height / 2)

    def edges(self) -> dict[str, LineString]:
        w, h = self.width, self.height
        return {"south": LineString([(0, 0), (w, 0)]), "north": LineString([(0, h), (w, h)]),
                "west": LineString([(0, 0), (0, h)]), "east": LineString([(w, 0), (w, h)])}

    def off_table_fraction(self, shape) -> float:
        """The share of ``shape``'s area that lies off the table (0 when all on it)."""
        if shape.area <= 0:
            return 0.0 if self.area.covers(shape) else 1.0
        return 1.0 - shape.intersection(self.area).area / shape.area

    def touches_edge(self, shape) -> bool:
        """Whether ``shape`` touches or crosses a table edge (a fleeing unit is destroyed)."""
        return not self.area.buffer(-1e-9).contains(shape)

    def edge_point(self, start: Point, toward: Point) -> Point:
        """Where the line from ``start`` (on the table) through ``toward`` meets the table edge:
        the point a unit moving that way off the table left it by (drawn at the end of its path).

        >>> Table(width=72, height=48).edge_point((10, 40), (10, 45))
        (10.0, 48.0)
        >>> Table(width=72, height=48).edge_point((70, 24), (71, 25))
        (72.0, 26.0)
        """
        dx, dy = toward[0] - start[0], toward[1] - start[1]
        reach = []
        for d, at, limit in ((dx, start[0], self.width), (dy, start[1], self.height)):
            if d > 1e-12:
                reach.append((limit - at) / d)
            elif d < -1e-12:
                reach.append(-at / d)
        t = max(0.0, min(reach)) if reach else 0.0
        x = min(max(start[0] + dx * t, 0.0), self.width)
        y = min(max(start[1] + dy * t, 0.0), self.height)
        return (round(x, 3), round(y, 3))

    def fully_on(self, shape) -> bool:
        b = shape.bounds  # within the table's edges: surely on it (the common case, no shape built)
        if b[0] >= 0 and b[1] >= 0 and b[2] <= self.width and b[3] <= self.height:
            return True
        return self.area.buffer(1e-9).covers(shape)

    def features(self, category: str | None = None) -> list[TerrainFeature]:
        return [t for t in self.terrain if category is None or t.has(category)]

    def feature_at(self, point: Point, category: str | None = None) -> TerrainFeature | None:
        p = ShapelyPoint(point)
        for t in self.features(category):
            if t.polygon.covers(p):
                return t
        return None

    def area_fraction(self, shape, category: str | Iterable[TerrainFeature]) -> float:
        """The share of ``shape``'s area inside terrain of a category (or given features)."""
        feats = self.features(category) if isinstance(category, str) else list(category)
        if not feats or shape.area <= 0:
            return 0.0
        return shape.intersection(unary_union([t.polygon for t in feats])).area / shape.area

    def impassable(self):
        """The union of impassable features (the 1" rule keeps units away from them)."""
        return unary_union([t.polygon for t in self.features("impassable")])
