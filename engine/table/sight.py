"""Line of sight and cover, by sampling segments as §24.4 of the Ninth Age notes describes.

A segment is drawn from a point on the front of an observing base to a point of the target;
it must stay inside that base's front arc (unless the base is round) and cross no obstacle.
An :class:`Obstacle` is any polygon that may interrupt a segment, with a ``kind`` (for cover:
"soft" or "hard"; for sight: whatever blocks) and a ``height`` compared with the observer's
and the target's, so that a base blocks only when taller than both.

>>> from engine.table.footprint import Formation, Pose, footprint
>>> from shapely.geometry import box
>>> f = Formation(base_width_mm=25.4, base_depth_mm=25.4, files=5, models=10)
>>> shooter = footprint(f, Pose(x=10, y=5))
>>> target = footprint(f, Pose(x=10, y=25, bearing=180))
>>> has_line_of_sight(shooter, target, [])
True
>>> wall = Obstacle(shape=box(0, 14, 20, 16), kind="blocking")
>>> has_line_of_sight(shooter, target, [wall])
False
>>> cover_fractions((10, 6), target, [Obstacle(shape=box(0, 20, 20, 30), kind="soft")]).f_soft
1.0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

import numpy as np
import shapely
from shapely.geometry import LineString, Point as ShapelyPoint, Polygon

from engine.table.arcs import arc_region
from engine.table.footprint import Footprint
from engine.table.frame import Point

SAMPLE_STEP = 0.25  # inches between target sample points (§24.4's grid)
INF_HEIGHT = 10**6


@dataclass(frozen=True)
class Obstacle:
    """Something a sight line may cross: a terrain polygon or a model base.

    ``height`` 0 means "always in the way" (terrain); a positive height blocks only segments
    between an observer and a target both lower than it.
    """

    shape: object
    kind: str = "blocking"
    height: int = 0
    owner: object = None  # e.g. the unit a base belongs to, so a unit never blocks itself
    # blocking terrain a model may stand in (a hill): a line may be traced into or out of it,
    # never through it, so a segment starting or ending inside it is not interrupted by it
    enterable: bool = False
    # cover from this obstacle only when it alone hides enough of the target: "half" (half or
    # more) or "more" (more than half); below that it is no cover item at all, not even part of
    # a soft-and-hard mix (a Hill is Soft, or Hard, terrain to a unit only past its share, §18.4)
    alone: str = ""
    # the part of the target it stands in the way of (a shape): lines ending elsewhere pass it.
    # A model base is taller than some models of a unit and not others (a Ninth Age model on a
    # hill counts as Large, its neighbour off it does not), so it hides only the ones it is taller
    # than, or is hard cover to some and soft to the rest; None: the whole target
    only: object = None


def _hits(segments, starts, ends, o: Obstacle):
    """Which segments ``o`` interrupts (vectorised): any that meets it, but for an enterable
    obstacle not those that start or end inside it, and for one with ``only`` none that ends
    outside that part of the target."""
    hit = shapely.intersects(segments, o.shape)
    if o.enterable and hit.any():
        hit &= ~(shapely.covers(o.shape, starts) | shapely.covers(o.shape, ends))
    if o.only is not None and hit.any():
        hit &= shapely.covers(o.only, ends)
    return hit


def _enough(hit, alone: str) -> bool:
    """Whether the share of sight lines ``hit`` meets an obstacle's own threshold: "half" (half
    or more, "metà o più") or "more" (more than half, "più della metà"), counted in samples so
    that exactly one half is exact."""
    hidden, n = int(hit.sum()), len(hit)
    if alone == "more":
        return 2 * hidden > n
    if alone == "half":
        return 2 * hidden >= n
    raise ValueError(f"unknown cover threshold {alone!r}")


def _relevant(obstacles: Iterable[Obstacle], heights: tuple[int, int], skip: set) -> list[Obstacle]:
    out = []
    for o in obstacles:
        if o.owner is not None and o.owner in skip:
            continue
        if o.height and o.height <= max(heights):
            continue
        out.append(o)
    return out


def target_samples(shape, step: float = SAMPLE_STEP) -> list[Point]:
    """A grid of points covering a footprint (at least its representative point)."""
    minx, miny, maxx, maxy = shape.bounds
    xs = np.arange(minx + step / 2, maxx, step)
    ys = np.arange(miny + step / 2, maxy, step)
    if len(xs) and len(ys):
        gx, gy = np.meshgrid(xs, ys)
        pts = shapely.points(gx.ravel(), gy.ravel())
        inside = shapely.contains(shape, pts)
        out = [(float(x), float(y)) for x, y, ok in zip(gx.ravel(), gy.ravel(), inside) if ok]
        if out:
            return out
    p = shape.representative_point()
    return [(p.x, p.y)]


def observer_points(base: Polygon, fp: Footprint, per_edge: int = 3) -> list[Point]:
    """Points along the front edge of one base (the ends slightly inset, and between)."""
    coords = list(base.exterior.coords)
    # The front edge of a rectangular base: the two vertices farthest forward in the unit frame.
    local = sorted(((fp.local(c)[1], c) for c in coords[:-1]), key=lambda t: -t[0])
    a, b = local[0][1], local[1][1]
    out = []
    for k in range(per_edge):
        t = 0.02 + 0.96 * k / max(per_edge - 1, 1)
        out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
    return out


def _front_wedge(base: Polygon, fp: Footprint) -> Polygon:
    """The front arc of one base, built like a unit's arc on the base's own rectangle."""
    from engine.table.footprint import Formation, Pose, footprint

    minx, miny, maxx, maxy = Polygon([fp.local(c) for c in base.exterior.coords]).bounds
    cx, cy = (minx + maxx) / 2, (miny + maxy) / 2
    centre = fp.world((cx, cy))
    single = footprint(Formation(base_width_mm=(maxx - minx) * 25.4, base_depth_mm=(maxy - miny) * 25.4,
                                 files=1, models=1), Pose(x=centre[0], y=centre[1], bearing=fp.bearing))
    return arc_region(single, "front")


def line_clear(a: Point, b: Point, obstacles: Sequence[Obstacle]) -> bool:
    seg = LineString([a, b])
    return not any(seg.intersects(o.shape) and not (o.enterable and (o.shape.covers(ShapelyPoint(a))
                                                                     or o.shape.covers(ShapelyPoint(b))))
                   and (o.only is None or o.only.covers(ShapelyPoint(b)))
                   for o in obstacles)


def sight_line(observer: Footprint, target, obstacles: Iterable[Obstacle], *, heights: tuple[int, int] = (0, 0),
               models: Sequence[int] | None = None, exclude: Iterable = ()) -> tuple[Point, Point] | None:
    """A clear segment from a front-rank base of ``observer`` to ``target`` (a footprint, a
    shapely shape or a point), or None. Rear ranks see from the front of their file, so only
    front-rank bases are searched (``models``: indexes into :meth:`Footprint.front_rank`).
    Obstacles whose ``owner`` is in ``exclude`` (the observer's and target's own bases) are
    ignored."""
    if isinstance(target, Footprint):
        shape = target.shape
    elif isinstance(target, tuple):
        shape = ShapelyPoint(target)
    else:
        shape = target
    obs = _relevant(obstacles, heights, set(exclude))
    samples = target_samples(shape) if shape.area > 0 else [(shape.centroid.x, shape.centroid.y)]
    bases = observer.front_rank()
    if models is not None:
        bases = [bases[i] for i in models]
    for base in bases:
        wedge = None if not observer.has_arcs else _front_wedge(base, observer)
        if wedge is None:
            visible = samples
        else:
            inside = shapely.covers(wedge, shapely.points(np.asarray(samples)))
            visible = [q for q, ok in zip(samples, inside) if ok]
        if not visible:
            continue
        starts = observer_points(base, observer) if observer.has_arcs else [
            (p[0], p[1]) for p in base.exterior.coords[:-1:8]]
        if not obs:
            return (starts[0], visible[0])
        end_points = shapely.points(np.asarray(visible))
        for p in starts:
            coords = np.stack([np.broadcast_to(np.asarray(p, float), (len(visible), 2)), np.asarray(visible)], axis=1)
            segments = shapely.linestrings(coords)
            start_points = shapely.points(coords[:, 0])
            blocked = np.zeros(len(visible), bool)
            for o in obs:
                blocked |= _hits(segments, start_points, end_points, o)
            clear = np.flatnonzero(~blocked)
            if len(clear):
                return (p, tuple(visible[clear[0]]))
    return None


def has_line_of_sight(observer: Footprint, target, obstacles: Iterable[Obstacle], **kw) -> bool:
    return sight_line(observer, target, obstacles, **kw) is not None


@dataclass(frozen=True)
class CoverFractions:
    """Shares of the target's sample points hidden from the shooter's point."""

    f_hard: float
    f_soft: float
    f_any: float
    samples: int

    @property
    def cover(self) -> str:
        """hard if half or more is behind hard cover; else soft if half or more is behind any
        ("metà o più", §10.5); else none. An obstacle with its own threshold (a Hill, "più della
        metà" for Hard cover) is counted only past it, see :class:`Obstacle`."""
        if self.f_hard >= 0.5:
            return "hard"
        if self.f_any >= 0.5:
            return "soft"
        return "none"


def cover_fractions(origin: Point, target: Footprint, obstacles: Iterable[Obstacle], *,
                    heights: tuple[int, int] = (0, 0), exclude: Iterable = ()) -> CoverFractions:
    """Sample the target footprint and test each segment from ``origin`` (convention: the
    midpoint of the shooting model's front edge) for soft and hard obstructions."""
    obs = _relevant(obstacles, heights, set(exclude))
    samples = np.asarray(target_samples(target.shape))
    n = len(samples)
    # every sight line at once, tested against each obstacle in shapely's vectorised core
    coords = np.stack([np.broadcast_to(np.asarray(origin, float), samples.shape), samples], axis=1)
    segments = shapely.linestrings(coords)
    starts, ends = shapely.points(coords[:, 0]), shapely.points(samples)
    hard = np.zeros(n, bool)
    soft = np.zeros(n, bool)
    for o in obs:
        hit = _hits(segments, starts, ends, o)
        if o.alone and not _enough(hit, o.alone):
            continue
        if o.kind in ("hard", "blocking"):
            hard |= hit
        elif o.kind == "soft":
            soft |= hit
    return CoverFractions(float(hard.mean()), float(soft.mean()), float((hard | soft).mean()), n)
