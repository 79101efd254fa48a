"""Unit footprints: the bases of a unit laid out in files and ranks, placed on the table.

A :class:`Formation` says what the unit looks like (base size in mm, files, models, skirmish
gaps, non-matching bases attached to a side); a :class:`Pose` says where it stands (the unit
centre and the facing bearing). :func:`footprint` turns the two into shapely polygons.

The footprint is the union of the bases themselves: the ½" gaps between skirmishers and the
empty slots of an incomplete last rank are not part of it. The unit centre is the centre of
the smallest rectangle around the footprint, which is also what the arcs are drawn from.

>>> f = Formation(base_width_mm=25, base_depth_mm=25, files=5, models=13)
>>> f.ranks, f.last_rank
(3, 3)
>>> fp = footprint(f, Pose(x=36, y=10, bearing=0))
>>> round(fp.width, 4), round(fp.depth, 4)
(4.9213, 2.9528)
>>> round(fp.shape.area / mm(25) ** 2)
13
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

from pydantic import BaseModel, Field, model_validator
from shapely import affinity
from shapely.geometry import LineString, Point as ShapelyPoint, Polygon, box
from shapely.ops import unary_union

from engine.table.frame import EPS_CONTACT, Point, affine, mm, normalise, to_local, to_world, transformed

SKIRMISH_GAP = 0.5  # inches between skirmishing models


class Attached(BaseModel):
    """A model on a non-matching base, placed against one side of the block, front aligned."""

    id: str
    width_mm: float = Field(gt=0, le=400)
    depth_mm: float = Field(gt=0, le=400)
    side: Literal["left", "right"] = "right"


class Formation(BaseModel):
    """Bases, files and models of a unit. ``models`` fill the slots rank by rank, front first;
    an incomplete last rank is centred on the files in front of it.

    A unit on a round base (``round_base``; ``base_width_mm`` is then the diameter) is a single
    model with no arcs and no facing.
    """

    base_width_mm: float = Field(gt=0, le=400)
    base_depth_mm: float = Field(gt=0, le=400)
    files: int = Field(ge=1, le=60)
    models: int = Field(ge=1, le=400)
    skirmish: bool = False
    round_base: bool = False
    attached: list[Attached] = Field(default_factory=list)

    @model_validator(mode="after")
    def _fits(self) -> "Formation":
        if self.files > self.models:
            raise ValueError(f"files: {self.files} files need at least {self.files} models, the unit has {self.models}")
        if self.round_base and self.models != 1:
            raise ValueError("round_base: a round base holds a single model")
        return self

    @property
    def ranks(self) -> int:
        return math.ceil(self.models / self.files)

    @property
    def last_rank(self) -> int:
        """Models in the last rank (equal to ``files`` when it is complete)."""
        return self.models - (self.ranks - 1) * self.files

    @property
    def gap(self) -> float:
        return SKIRMISH_GAP if self.skirmish else 0.0

    def slots(self) -> list[tuple[int, int]]:
        """(rank, file) of each model in order, ranks and files counted from 0 at the front left."""
        out = []
        for i in range(self.models):
            rank, file = divmod(i, self.files)
            if rank == self.ranks - 1 and self.last_rank < self.files:
                file += (self.files - self.last_rank) // 2
            out.append((rank, file))
        return out

    def reformed(self, files: int) -> "Formation":
        return self.model_copy(update={"files": files})


class Pose(BaseModel):
    """Where a unit stands: its centre (inches) and the bearing it faces (degrees)."""

    x: float
    y: float
    bearing: float = 0.0

    @property
    def centre(self) -> Point:
        return (self.x, self.y)

    def moved(self, x: float, y: float, bearing: float | None = None) -> "Pose":
        return Pose(x=x, y=y, bearing=normalise(self.bearing if bearing is None else bearing))


@dataclass(frozen=True)
class Footprint:
    """A formation placed at a pose: model bases, their union, the bounding rectangle."""

    formation: Formation
    pose: Pose
    local_models: tuple[Polygon, ...]  # block models in slot order, then attached models
    half_width: float
    half_depth: float

    @property
    def width(self) -> float:
        return 2 * self.half_width

    @property
    def depth(self) -> float:
        return 2 * self.half_depth

    @property
    def centre(self) -> Point:
        return self.pose.centre

    @property
    def bearing(self) -> float:
        return self.pose.bearing

    @property
    def has_arcs(self) -> bool:
        return not self.formation.round_base

    def world(self, local: Point) -> Point:
        return to_world(self.centre, self.bearing, local)

    def local(self, world: Point) -> Point:
        return to_local(self.centre, self.bearing, world)

    @cached_property
    def models(self) -> tuple[Polygon, ...]:
        m = affine(self.centre, self.bearing)
        return tuple(transformed(p, m) for p in self.local_models)

    @cached_property
    def shape(self):
        """The union of the bases (gaps between skirmishers are not part of it)."""
        return unary_union(self.models)

    @cached_property
    def within_contact(self):
        """The ground within EPS_CONTACT of its bases (what touches them lies in it), built once:
        every flush pose tried against a target asks it (:func:`engine.table.charge.flush_contact`)."""
        return self.shape.buffer(EPS_CONTACT)

    @cached_property
    def rect(self) -> Polygon:
        """The bounding rectangle along the unit's facing: arcs and the centre come from it."""
        return transformed(box(-self.half_width, -self.half_depth, self.half_width, self.half_depth),
                           affine(self.centre, self.bearing))

    @property
    def corners(self) -> dict[str, Point]:
        """front_left, front_right, rear_left, rear_right corners of the bounding rectangle."""
        w, d = self.half_width, self.half_depth
        return {"front_left": self.world((-w, d)), "front_right": self.world((w, d)),
                "rear_left": self.world((-w, -d)), "rear_right": self.world((w, -d))}

    @property
    def front_edge(self) -> LineString:
        c = self.corners
        return LineString([c["front_left"], c["front_right"]])

    def edge(self, side: str) -> LineString:
        """One side of the bounding rectangle: front, rear, left or right."""
        c = self.corners
        ends = {"front": ("front_left", "front_right"), "rear": ("rear_left", "rear_right"),
                "left": ("front_left", "rear_left"), "right": ("front_right", "rear_right")}[side]
        return LineString([c[ends[0]], c[ends[1]]])

    def front_rank(self) -> list[Polygon]:
        """The block's models in the front rank (attached models stand there too)."""
        slots = self.formation.slots()
        models = self.models
        out = [models[i] for i, (rank, _) in enumerate(slots) if rank == 0]
        return out + list(models[len(slots):])

    def at(self, pose: Pose) -> "Footprint":
        return Footprint(self.formation, pose, self.local_models, self.half_width, self.half_depth)


def footprint(formation: Formation, pose: Pose) -> Footprint:
    """Lay the formation's bases out and place them at ``pose``."""
    bw, bd, gap = mm(formation.base_width_mm), mm(formation.base_depth_mm), formation.gap
    if formation.round_base:
        r = bw / 2
        circle = ShapelyPoint(0, 0).buffer(r, quad_segs=32)
        return Footprint(formation, pose, (circle,), r, r)
    block_w = formation.files * bw + (formation.files - 1) * gap
    # Local layout with the block's front edge on y = 0 and its left edge on x = 0.
    polys = []
    for rank, file in formation.slots():
        x0, y0 = file * (bw + gap), -rank * (bd + gap)
        polys.append(box(x0, y0 - bd, x0 + bw, y0))
    left_x, right_x = 0.0, block_w
    for a in formation.attached:
        aw, ad = mm(a.width_mm), mm(a.depth_mm)
        if a.side == "left":
            polys.append(box(left_x - aw, -ad, left_x, 0.0))
            left_x -= aw
        else:
            polys.append(box(right_x, -ad, right_x + aw, 0.0))
            right_x += aw
    minx, miny, maxx, maxy = unary_union(polys).bounds
    cx, cy = (minx + maxx) / 2, (miny + maxy) / 2
    local = tuple(affinity.translate(p, -cx, -cy) for p in polys)
    return Footprint(formation, pose, local, (maxx - minx) / 2, (maxy - miny) / 2)
