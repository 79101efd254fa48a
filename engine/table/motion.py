"""Rigid motions of a unit and the checks every move must pass.

A move is a list of :class:`Step`: ``forward``/``back``/``left``/``right`` by inches, ``wheel``
by degrees (about the front corner on the side turned toward, so a left wheel swings the
front right corner forward), and ``pivot`` to a bearing (about the unit centre). The length of
a move is the sum of its straight segments plus each wheel's arc at the outer front corner,
θ·W for a unit W wide; every model's displacement (start to end, per base corner) is measured
too, because a deep unit's rear corners travel farther than its front (§8.14).

>>> from engine.table.footprint import Formation, Pose, footprint
>>> fp = footprint(Formation(base_width_mm=25.4, base_depth_mm=25.4, files=5, models=20), Pose(x=36, y=10))
>>> r = run_move(fp, [Step("wheel", 90, "left")])
>>> round(r.length, 4), round(r.footprint.bearing, 4)
(7.854, 270.0)
>>> round(r.max_displacement, 3)  # the rear right corner: 2·√(5²+4²)·sin 45°
9.055
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Iterable, Literal, Mapping, Hashable, Sequence

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import maximum_bipartite_matching
from shapely.geometry import Point as ShapelyPoint, Polygon
from shapely.ops import nearest_points, unary_union

from engine.core.errors import IllegalAction
from engine.core.text import N_, Text, _, decimal
from engine.table.footprint import Footprint, Pose, footprint
from engine.table.frame import EPS_DIST, normalise, to_world, turn_between

StepKind = Literal["forward", "back", "left", "right", "wheel", "pivot"]
MOVE_SAMPLE = 0.1  # inches between checked positions along a move
TURN_SAMPLE = 1.0  # degrees between checked positions along a wheel or pivot
CLEARANCE_DURING = 0.5  # the 1" rule may shrink to ½" during a move
CLEARANCE_END = 1.0


@dataclass(frozen=True)
class Step:
    kind: StepKind
    amount: float  # inches, or degrees for a wheel; the new bearing for a pivot
    side: Literal["left", "right"] | None = None  # wheels only

    def describe(self, fp: Footprint | None = None) -> Text:
        """The step as a player reads it ("forward 3.0\"", "wheel left 10° = 0.9\" at the outer corner")."""
        # to a tenth of a degree: a charge path's computed wheel read "wheel right 8.26697°"
        degrees = decimal(round(self.amount, 1), "g")
        if self.kind == "wheel":
            if fp is None:
                return _("wheel left {degrees}°", degrees=degrees) if self.side == "left" else \
                    _("wheel right {degrees}°", degrees=degrees)
            corner = decimal(math.radians(self.amount) * fp.width, ".1f")
            return (_("wheel left {degrees}° = {corner}\" at the outer corner", degrees=degrees, corner=corner)
                    if self.side == "left" else
                    _("wheel right {degrees}° = {corner}\" at the outer corner", degrees=degrees, corner=corner))
        if self.kind == "pivot":
            return _("pivot to {degrees}°", degrees=degrees)
        inches = decimal(self.amount, ".1f")
        words = {"forward": N_("forward {inches}\""), "back": N_("back {inches}\""), "left": N_("left {inches}\""),
                 "right": N_("right {inches}\"")}
        return Text(words[self.kind], inches=inches) if self.kind in words else \
            Text("{kind} {inches}\"", kind=self.kind, inches=inches)


def translate(fp: Footprint, dx_local: float, dy_local: float) -> Footprint:
    x, y = to_world(fp.centre, fp.bearing, (dx_local, dy_local))
    return fp.at(fp.pose.moved(x, y))


def wheel(fp: Footprint, side: str, degrees: float) -> Footprint:
    """Rotate about the front corner on ``side`` by ``degrees`` (turning toward that side)."""
    w, d = fp.half_width, fp.half_depth
    pivot_local = (-w, d) if side == "left" else (w, d)
    pivot = fp.world(pivot_local)
    bearing = normalise(fp.bearing - degrees if side == "left" else fp.bearing + degrees)
    cx, cy = to_world(pivot, bearing, (-pivot_local[0], -pivot_local[1]))
    return fp.at(Pose(x=cx, y=cy, bearing=bearing))


def pivot(fp: Footprint, bearing: float) -> Footprint:
    return fp.at(fp.pose.moved(fp.pose.x, fp.pose.y, bearing))


def wheel_arc(fp: Footprint, degrees: float) -> float:
    """Distance a wheel uses: θ·W along the outer front corner's path."""
    return math.radians(abs(degrees)) * fp.width


def _step_positions(fp: Footprint, step: Step) -> list[Footprint]:
    """The positions along one step, at most 0.1" or 1° apart, the end included."""
    if step.kind == "wheel":
        n = max(1, math.ceil(abs(step.amount) / TURN_SAMPLE))
        return [wheel(fp, step.side or "left", step.amount * k / n) for k in range(1, n + 1)]
    if step.kind == "pivot":
        turn = turn_between(fp.bearing, step.amount)
        n = max(1, math.ceil(abs(turn) / TURN_SAMPLE))
        return [pivot(fp, fp.bearing + turn * k / n) for k in range(1, n + 1)]
    dx, dy = {"forward": (0, 1), "back": (0, -1), "left": (-1, 0), "right": (1, 0)}[step.kind]
    n = max(1, math.ceil(abs(step.amount) / MOVE_SAMPLE))
    return [translate(fp, dx * step.amount * k / n, dy * step.amount * k / n) for k in range(1, n + 1)]


def step_length(fp: Footprint, step: Step) -> float:
    if step.kind == "wheel":
        return wheel_arc(fp, step.amount)
    if step.kind == "pivot":
        return 0.0
    return abs(step.amount)


def _vertices(fp: Footprint) -> np.ndarray:
    return np.array([c for m in fp.models for c in m.exterior.coords[:-1]])


def displacement(start: Footprint, end: Footprint) -> float:
    """The farthest any point of any base moved, start to end (same formation, rigid motion)."""
    a, b = _vertices(start), _vertices(end)
    return float(np.max(np.hypot(*(b - a).T)))


@dataclass
class MoveResult:
    footprint: Footprint
    length: float
    max_displacement: float
    path: list[Footprint] = field(default_factory=list)  # sampled positions, the end included
    parts: list[str] = field(default_factory=list)  # "wheel left 30° = 2.6\" at the outer corner"...


def run_move(fp: Footprint, steps: Sequence[Step]) -> MoveResult:
    """Carry out the steps geometrically (no rules checked): where the unit ends, how far it
    went along the outer edge, and the farthest any base moved."""
    path: list[Footprint] = [fp]
    length, parts, current = 0.0, [], fp
    for step in steps:
        if step.amount < 0:
            raise IllegalAction("bad-move", _("{step} takes a positive amount, not {amount}.", step=step.kind,
                                                   amount=decimal(step.amount, "g")))
        parts.append(step.describe(current))
        length += step_length(current, step)
        positions = _step_positions(current, step)
        path.extend(positions)
        current = positions[-1]
    return MoveResult(current, length, displacement(fp, current), path, parts)


@dataclass(frozen=True)
class Surroundings:
    """What a moving unit must keep clear of: other units' footprints, impassable terrain,
    and the table."""

    others: Mapping[Hashable, Footprint]
    impassable: object = None  # a shapely geometry (or None)
    table: object = None  # an engine.table.terrain.Table (or None)
    names: Mapping[Hashable, str] = field(default_factory=dict)
    # the impassable features one by one: (name, shape, what it is); when given, a refusal names
    # the nearest one, the point of it the unit would meet, and what it is
    blockers: Sequence[tuple[str, object, str]] = ()


def _blocker(shape, around: Surroundings) -> tuple[str, str]:
    """('impassable terrain', '') or the nearest named feature with the point of it the unit
    meets, and what that feature is."""
    if not around.blockers:
        return _("impassable terrain"), ""
    name, poly, note = min(around.blockers, key=lambda b: shape.distance(b[1]))
    _near, at = nearest_points(shape, poly)
    return (_("{name} at ({x}, {y})", name=name, x=decimal(at.x, ".1f"), y=decimal(at.y, ".1f")),
            _("; {name} is {note}", name=name, note=note) if note else "")


OVERLAP_AREA = 1e-6  # square inches: two shapes sharing less than this only touch


def overlap(a, b) -> bool:
    """Whether ``a`` and ``b`` overlap: share an area above :data:`OVERLAP_AREA`. Touching (a
    common edge or corner) is not overlapping. Measured as an area, not with shapely's
    ``overlaps`` (false when one shape lies wholly inside the other: a unit inside Impassable
    terrain) nor its interiors predicate (exact arithmetic: two bases laid flush by computed
    coordinates share slivers of 1e-15" and would count as overlapping).

    >>> from shapely.geometry import box
    >>> overlap(box(0, 0, 2, 2), box(2, 0, 4, 2)), overlap(box(0, 0, 2, 2), box(1.9, 0, 4, 2))
    (False, True)
    >>> overlap(box(0, 0, 4, 4), box(1, 1, 2, 2))  # one inside the other
    True
    """
    if not a.intersects(b):
        return False
    return a.intersection(b).area > OVERLAP_AREA


def _short_of(d: float, gap: float):
    """A gap that falls short of ``gap``, said to the hundredth, rounded down where rounding would reach
    the very distance it misses: 0.497" of ½" reads 0.49", never "0.50" (at least 0.5" needed)".

    >>> str(_short_of(0.497, 0.5)), str(_short_of(0.586, 1.0)), str(_short_of(0.9951, 1.0))
    ('0.49', '0.59', '0.99')
    """
    shown = round(d, 2)
    if shown >= gap - 1e-9:
        shown = math.floor(d * 100 + 1e-9) / 100
    return decimal(shown, ".2f")


def clearance_problem(fp: Footprint, around: Surroundings, gap: float, *, during: bool,
                      ignore: Iterable[Hashable] = ()) -> str | None:
    """Why the unit may not stand here, or None: overlapping a unit or Impassable terrain
    (whatever the gap), within ``gap`` of one (a gap of 0 lets it touch them, not overlap), or
    off the table (more than half of it ``during`` a move; any of it at the end)."""
    skip = set(ignore)
    shape = fp.shape
    b = shape.bounds
    for key, other in around.others.items():
        if key in skip:
            continue
        ob = other.shape.bounds  # bounds at least ``gap`` apart (or merely touching): so are the shapes
        if ob[0] >= b[2] + gap or ob[2] <= b[0] - gap or ob[1] >= b[3] + gap or ob[3] <= b[1] - gap:
            continue
        d = shape.distance(other.shape)
        name = around.names.get(key, str(key))
        if d <= 0 and overlap(shape, other.shape):
            return _("the unit would overlap {name}", name=name)
        if d < gap - EPS_DIST:
            return _("the unit would come {d}\" from {name} (at least {gap}\" needed)", d=_short_of(d, gap), name=name,
                     gap=decimal(gap, "g"))
    if around.impassable is not None and not around.impassable.is_empty:
        d = shape.distance(around.impassable)
        entered = d <= 0 and overlap(shape, around.impassable)
        if entered or d < gap - EPS_DIST:
            what, note = _blocker(shape, around)
            return (_("the unit would enter {what}{note}", what=what, note=note) if entered
                    else _("the unit would come {d}\" from {what} (at least {gap}\" needed{note})", d=_short_of(d, gap),
                           what=what, gap=decimal(gap, "g"), note=note))
    if around.table is not None:
        off = around.table.off_table_fraction(shape)
        if during and off > 0.5 + 1e-9:
            return _("{off}% of the unit would be off the table (at most 50% during a move)", off=decimal(off * 100, ".0f"))
        if not during and not around.table.fully_on(shape):
            x0, y0, x1, y1 = shape.bounds
            return _("the unit would end partly off the table (it would reach x {x0} to {x1}, y {y0} to {y1}; the "
                     "table is x 0 to {width}, y 0 to {height})", x0=decimal(x0, ".1f"), x1=decimal(x1, ".1f"), y0=decimal(y0, ".1f"),
                     y1=decimal(y1, ".1f"), width=decimal(around.table.width, "g"), height=decimal(around.table.height, "g"))
    return None


def check_path(result: MoveResult, around: Surroundings, *, ignore: Iterable[Hashable] = ()) -> str | None:
    """The first problem along the sampled path (½" clearance, 50% on the table), then at the
    end (1" clearance, fully on the table), or None when the move is legal."""
    ignore = list(ignore)
    for position in result.path[1:-1]:
        problem = clearance_problem(position, around, CLEARANCE_DURING, during=True, ignore=ignore)
        if problem:
            return _("on the way {problem}", problem=problem)
    problem = clearance_problem(result.footprint, around, CLEARANCE_END, during=False, ignore=ignore)
    return _("at the end {problem}", problem=problem) if problem else None


def reformed(fp: Footprint, files: int, bearing: float) -> Footprint:
    """The unit re-laid out ``files`` wide facing ``bearing``, its centre on the same point."""
    return footprint(fp.formation.reformed(files), fp.pose.moved(fp.pose.x, fp.pose.y, bearing))


def bottleneck_assignment(start: Sequence[tuple[float, float]], end: Sequence[tuple[float, float]]
                          ) -> tuple[float, list[int]]:
    """Assign each start position to an end position so the longest single move is as short as
    possible (bottleneck assignment: the smallest threshold with a perfect matching, found by
    bisection over the sorted distances with scipy's bipartite matching).

    >>> bottleneck_assignment([(0, 0), (1, 0)], [(1, 0), (2, 0)])
    (1.0, [0, 1])
    """
    a, b = np.asarray(start, float), np.asarray(end, float)
    dist = np.hypot(a[:, None, 0] - b[None, :, 0], a[:, None, 1] - b[None, :, 1])
    values = np.unique(dist)
    lo, hi = 0, len(values) - 1
    best = None
    while lo <= hi:
        mid = (lo + hi) // 2
        match = maximum_bipartite_matching(csr_matrix(dist <= values[mid] + 1e-12), perm_type="column")
        if (match >= 0).all():
            best, hi = match, mid - 1
        else:
            lo = mid + 1
    assert best is not None
    return float(max(dist[i, best[i]] for i in range(len(a)))), [int(j) for j in best]


def reform_displacement(start: Footprint, end: Footprint) -> float:
    """The farthest any model must move for a reform, models assigned to the new slots so the
    longest move is as short as possible (measured base centre to base centre)."""
    def centres(fp: Footprint) -> list[tuple[float, float]]:
        return [(m.centroid.x, m.centroid.y) for m in fp.models]
    n_block = len(start.formation.slots())
    worst, _ = bottleneck_assignment(centres(start)[:n_block], centres(end)[:n_block])
    for a, b in zip(start.models[n_block:], end.models[n_block:]):
        worst = max(worst, a.centroid.distance(b.centroid))
    return worst


def point_in(fp: Footprint, point: tuple[float, float]) -> bool:
    return fp.shape.covers(ShapelyPoint(point))


# --- straight ahead until something stops it -------------------------------------------------
#
# A unit translated by t along its facing is P + t·d. It meets a convex piece Q of an obstacle
# when t·d lies in the convex set M = Q ⊕ (−P) (the hull of the vertex differences), and it is
# within c of Q when t·d is within c of M. Both are intervals of t, found in closed form (the
# half-planes of M's edges, the discs at its corners and the bands along its edges), so where a
# straight move stops is computed exactly, not sampled.

IMPASSABLE = "impassable terrain"  # the key `move_ahead` gives the impassable terrain in `met`
_EPS_T = 1e-9  # inches: two stopping points closer than this are the same one
_EPS_IN = 1e-7  # inches: how deep a piece must reach into another to overlap it (not merely touch)


@dataclass(frozen=True)
class Feature:
    """A terrain feature :func:`move_ahead` met, by its name (kept apart from the units' keys)."""

    name: str


@dataclass(frozen=True)
class Met:
    """What stopped a straight move, or kept it from ending farther: ``name`` (a unit's key, or a
    terrain feature's name), whether it is ``terrain``, and ``why``: "overlap" (going on would go
    into it), "gap" (going on would come closer than ``gap`` inches to it: the ½" rule during a
    move, or, for what keeps the end short, the 1" rule where a move ends) or "edge" (the table
    edge, where a unit must stand wholly on the table)."""

    name: str
    terrain: bool
    why: Literal["overlap", "gap", "edge"]
    gap: float = 0.0


@dataclass(frozen=True)
class Ahead:
    """Where a straight move ahead stops and why.

    ``stop`` is what ended it: "distance" (it used the whole of it), "contact" (it touched one of
    the units it was told to stop at: ``reached`` is that contact position), "blocked" (going on
    it would have overlapped a unit or Impassable terrain: ``met``) or "edge" (it touched the
    table edge: ``reached`` touches it). ``at`` is how far along that comes. ``footprint`` is the
    farthest place no farther than ``at`` that keeps the clearance from every other unit and the
    Impassable terrain and stands fully on the table (None when there is none), ``moved`` how far
    that is from the start. ``blocked_by`` says what ``met`` are when it was blocked (each unit or
    terrain feature, and whether it would overlap it or come within the ``during`` gap of it);
    ``short_by`` what kept it from ending farther than ``moved`` (or anywhere, when there is no
    ``footprint``): each unit or feature closer than ``clearance`` somewhere past that place, or
    the table edge."""

    stop: Literal["distance", "contact", "blocked", "edge"]
    at: float
    reached: Footprint
    met: tuple[Hashable, ...]
    footprint: Footprint | None
    moved: float
    blocked_by: tuple[Met, ...] = ()
    short_by: tuple[Met, ...] = ()


Piece = list  # a convex polygon: its vertices [(x, y), ...] counter-clockwise


def _convex_pieces(shape) -> list[Piece]:
    """Convex polygons covering ``shape`` exactly: each part itself when convex, else a
    constrained Delaunay triangulation of it."""
    import shapely
    from shapely.geometry.polygon import orient

    out: list[Piece] = []
    for poly in getattr(shape, "geoms", [shape]):
        if poly.is_empty or poly.area <= 0:
            continue
        hull = poly.convex_hull
        parts = [hull] if hull.area - poly.area <= 1e-9 * max(1.0, poly.area) else \
            list(shapely.constrained_delaunay_triangles(poly.simplify(0)).geoms)
        out.extend([tuple(map(float, c)) for c in orient(p, 1.0).exterior.coords[:-1]] for p in parts if p.area > 0)
    return out


def _footprint_pieces(fp: Footprint) -> list[Piece]:
    """The unit's bases as convex pieces: its outline when convex (a full block), else the
    outline cut into triangles (a ragged rear rank), or base by base (skirmishers' gaps)."""
    return _convex_pieces(fp.shape)


def _hull(points: list[tuple[float, float]]) -> Piece:
    """The convex hull, counter-clockwise (Andrew's monotone chain)."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def half(seq):
        out: list = []
        for q in seq:
            while len(out) >= 2 and ((out[-1][0] - out[-2][0]) * (q[1] - out[-2][1])
                                     - (out[-1][1] - out[-2][1]) * (q[0] - out[-2][0])) <= 0:
                out.pop()
            out.append(q)
        return out
    lower, upper = half(pts), half(reversed(pts))
    return lower[:-1] + upper[:-1]


def _minkowski(q: Piece, p: Piece) -> Piece:
    """Q ⊕ (−P) for convex Q and P, counter-clockwise."""
    return _hull([(qx - px, qy - py) for qx, qy in q for px, py in p])


def _edges(m: Piece):
    """(A, unit direction, length, outward normal) for each edge of the counter-clockwise ``m``."""
    for i, (ax, ay) in enumerate(m):
        bx, by = m[(i + 1) % len(m)]
        ex, ey = bx - ax, by - ay
        length = math.hypot(ex, ey)
        if length > 0:
            ux, uy = ex / length, ey / length
            yield (ax, ay), (ux, uy), length, (uy, -ux)


def _linear(a: float, b: float, lo: float, hi: float) -> tuple[float, float] | None:
    """The t with lo <= a·t + b <= hi."""
    if abs(a) < 1e-15:
        return (-math.inf, math.inf) if lo <= b <= hi else None
    t1, t2 = (lo - b) / a, (hi - b) / a
    return (min(t1, t2), max(t1, t2))


def _dot(u, v) -> float:
    return u[0] * v[0] + u[1] * v[1]


def _inside(m: Piece, d, slack: float) -> tuple[float, float] | None:
    """The t with t·d in ``m`` grown (slack > 0) or shrunk (slack < 0) by |slack| along every
    edge normal."""
    if len(m) < 3:
        return None
    lo, hi = -math.inf, math.inf
    for a, _u, _l, n in _edges(m):
        span = _linear(_dot(n, d), 0.0, -math.inf, _dot(n, a) + slack)
        if span is None:
            return None
        lo, hi = max(lo, span[0]), min(hi, span[1])
        if lo > hi:
            return None
    return lo, hi


def _within(m: Piece, d, c: float) -> tuple[float, float] | None:
    """The t with t·d at most ``c`` (> 0) from ``m``: inside it, or in a capsule about an edge."""
    spans = [_inside(m, d, 0.0)]
    for a, u, length, n in _edges(m):
        da = _dot(d, a)
        disc = da * da - _dot(a, a) + c * c  # the disc about the corner a
        if disc >= 0:
            spans.append((da - math.sqrt(disc), da + math.sqrt(disc)))
        along = _linear(_dot(u, d), -_dot(u, a), 0.0, length)  # the band along the edge
        across = _linear(_dot(n, d), -_dot(n, a), -c, c)
        if along and across and max(along[0], across[0]) <= min(along[1], across[1]):
            spans.append((max(along[0], across[0]), min(along[1], across[1])))
    spans = [s for s in spans if s is not None]
    return (min(s[0] for s in spans), max(s[1] for s in spans)) if spans else None


def _box(piece: Piece) -> tuple[float, float, float, float]:
    xs, ys = [x for x, _y in piece], [y for _x, y in piece]
    return min(xs), min(ys), max(xs), max(ys)


def _pairs(moving: list[Piece], pieces: list[Piece], d, go: float, reach: float):
    """Q ⊕ (−P) for the pairs that can come within ``reach`` of each other in a move of ``go``."""
    boxes = [_box(q) for q in pieces]
    for p in moving:
        x0, y0, x1, y1 = _box(p)
        sx, sy = d[0] * go, d[1] * go
        x0, x1 = min(x0, x0 + sx) - reach, max(x1, x1 + sx) + reach
        y0, y1 = min(y0, y0 + sy) - reach, max(y1, y1 + sy) + reach
        for q, (qx0, qy0, qx1, qy1) in zip(pieces, boxes):
            if qx0 <= x1 and qx1 >= x0 and qy0 <= y1 and qy1 >= y0:
                yield _minkowski(q, p)


def move_ahead(fp: Footprint, go: float, around: Surroundings, *, contact: Iterable[Hashable] = (),
               edge: bool = False, clearance: float = CLEARANCE_END, during: float = 0.0,
               ignore: Iterable[Hashable] = (), through_terrain: float | None = None, whole: bool = False) -> Ahead:
    """Move ``fp`` straight ahead (along its facing) up to ``go`` inches and say where it stops.

    It stops on touching one of the ``contact`` units, on touching the table edge (``edge``), or
    where going on would overlap another unit or the Impassable terrain (it never passes
    through one); an obstacle it already overlaps at the start stops it at once if it would go
    deeper into it, and is passed otherwise. The place it ends is the farthest one no farther
    than the stop that keeps ``clearance`` from every other unit and the Impassable terrain and
    stands fully on the table (units in ``ignore`` are left out of all of it). ``through_terrain``:
    the Impassable terrain does not stop the move (it goes through it), and the place it ends
    keeps that gap from it (an Ethereal unit: through it, never ending in or within 1" of it).
    ``whole``: every other unit is met with the empty slots of its incomplete last rank taken as
    part of it (:func:`filled_ranks`), not as room to move into; a contact met there may touch
    none of its bases (the caller asks which it touches)."""
    skip = set(ignore)
    contact = set(contact) - skip
    d = tuple(map(float, to_world((0.0, 0.0), fp.bearing, (0.0, 1.0))))
    moving = _footprint_pieces(fp)
    corridor = fp.shape.union(translate(fp, 0, max(go, 0.0)).shape).convex_hull.buffer(
        max(clearance, through_terrain or 0.0) + 0.01)
    obstacles: dict[Hashable, object] = {k: filled_ranks(o) if whole else o.shape
                                         for k, o in around.others.items() if k not in skip}
    if around.impassable is not None and not around.impassable.is_empty:
        if around.blockers:  # each feature by its name, so that what stops the move can be named
            obstacles.update((Feature(name), shape) for name, shape, _note in around.blockers)
        else:
            obstacles[IMPASSABLE] = around.impassable
    pieces = {k: _footprint_pieces(around.others[k]) if k in around.others and not whole else _convex_pieces(shape)
              for k, shape in obstacles.items() if shape.intersects(corridor)}

    touch: dict[Hashable, float] = {}
    block: dict[Hashable, float] = {}
    near: list[tuple[float, float]] = []
    near_by: dict[Hashable, list[tuple[float, float]]] = {}
    for key, parts in pieces.items():
        if through_terrain is not None and (key == IMPASSABLE or isinstance(key, Feature)):
            sums = list(_pairs(moving, parts, d, max(go, 0.0), through_terrain + 0.01))
            near_by[key] = [s for s in (_within(m, d, through_terrain) for m in sums) if s is not None]
            near += near_by[key]  # passed through, only not ended in or near
            continue
        sums = list(_pairs(moving, parts, d, max(go, 0.0), clearance + 0.01))
        # (entry, exit) while it overlaps a piece by more than a touch, entry where they first touch
        overlap = [(_inside(m, d, 0.0)[0], s[1]) for m in sums
                   if (s := _inside(m, d, -_EPS_IN)) is not None and s[1] > s[0]] if during <= 0 else \
            [s for m in sums if (s := _within(m, d, during - EPS_DIST)) is not None and s[1] > s[0]]
        if key in contact:  # touching it farther on, or now and not moving off it
            spans = [max(0.0, (_inside(m, d, 0.0) or s)[0]) for m in sums
                     if (s := _within(m, d, _EPS_IN)) is not None and (s[0] > 0 or s[1] > 1e-4)]
            if spans:
                touch[key] = max(0.0, min(spans))
        if any(s[0] < 0 < s[1] for s in overlap):  # overlapping it already: stopped only going deeper
            if during > 0:
                if translate(fp, 0, 1e-3).shape.distance(obstacles[key]) < fp.shape.distance(obstacles[key]):
                    block[key] = 0.0
                continue
            now = fp.shape.intersection(obstacles[key]).area
            if translate(fp, 0, 1e-3).shape.intersection(obstacles[key]).area > now + 1e-9:
                block[key] = 0.0
        else:
            starts = [s[0] for s in overlap if s[0] >= -_EPS_T]
            if starts:
                block[key] = max(0.0, min(starts))
        near_by[key] = [s for s in (_within(m, d, clearance) for m in sums) if s is not None]
        near += near_by[key]

    edge_at = math.inf
    if edge and around.table is not None:
        pts = [v for piece in moving for v in piece]
        for axis, top in ((0, around.table.width), (1, around.table.height)):
            for slack, rate in ((top - max(v[axis] for v in pts), d[axis]), (min(v[axis] for v in pts), -d[axis])):
                if rate > 1e-12:
                    edge_at = min(edge_at, max(0.0, slack / rate))
                elif rate > -1e-12 and slack <= 1e-9:  # sliding along the edge it touches
                    edge_at = 0.0

    # the first of them; at the same point the edge, then a contact, then an overlap, then the distance
    stops = [(edge_at, "edge", {}), (min(touch.values(), default=math.inf), "contact", touch),
             (min(block.values(), default=math.inf), "blocked", block), (max(go, 0.0) + _EPS_T, "distance", {})]
    first = min(t for t, _s, _w in stops)
    at, stop, which = next(s for s in stops if s[0] <= first + _EPS_T)
    at = min(at, max(go, 0.0))
    stopped_by = sorted((k for k, t in which.items() if t <= at + _EPS_T), key=str)
    met = tuple(sorted({IMPASSABLE if isinstance(k, Feature) else k for k in stopped_by}, key=str))

    # the farthest place in [0, at] at least `clearance` from everything and fully on the table
    lo_on, hi_on = 0.0, at
    if around.table is not None:
        pts = [v for piece in moving for v in piece]
        for axis, top in ((0, around.table.width), (1, around.table.height)):
            for v in pts:
                span = _linear(d[axis], v[axis], 0.0, top)
                if span is None:
                    lo_on, hi_on = 1.0, 0.0
                    break
                lo_on, hi_on = max(lo_on, span[0]), min(hi_on, span[1])
    best = None
    for t in sorted({at, hi_on, *(s[0] for s in near)}, reverse=True):
        if not (lo_on - _EPS_T <= t <= hi_on + _EPS_T and -_EPS_T <= t <= at + _EPS_T):
            continue
        if not any(s[0] + _EPS_T < t < s[1] - _EPS_T for s in near):
            best = min(max(t, 0.0), at)
            break
    end = translate(fp, 0, best) if best is not None else None
    blocked_by = tuple(_met(k, "gap" if during > 0 else "overlap", during) for k in stopped_by) \
        if stop == "blocked" else ()
    short_by: list[Met] = []
    if best is None or best < at - _EPS_T:  # what is too near somewhere past where it ends
        past = -_EPS_T if best is None else best
        short_by = [_met(k, "gap", clearance) for k, spans in near_by.items()
                    if any(s[0] + _EPS_T < at and s[1] - _EPS_T > past for s in spans)]
        if hi_on < at - _EPS_T or lo_on > max(past, 0.0) + _EPS_T:
            short_by.append(Met(_("the table edge"), False, "edge"))
    return Ahead(stop, float(at), translate(fp, 0, float(at)), met, end, float(best or 0.0), blocked_by,
                 tuple(sorted(short_by, key=lambda m: str(m.name))))


def filled_ranks(fp: Footprint):
    """The unit's bases with the empty slots of an incomplete last rank filled: the rectangle of
    its files and ranks, and any non-matching bases beside it as they stand (the footprint
    itself for a full block, a round base or skirmishers, whose gaps are kept).

    >>> from engine.table.footprint import Formation, Pose, footprint
    >>> fp = footprint(Formation(base_width_mm=25.4, base_depth_mm=25.4, files=5, models=12), Pose(x=0, y=0))
    >>> round(fp.shape.area, 6), round(filled_ranks(fp).area, 6)
    (12.0, 15.0)
    """
    f = fp.formation
    if f.round_base or f.skirmish or f.last_rank == f.files:
        return fp.shape
    block = len(f.slots())
    local = [fp.local(p) for base in fp.models[:block] for p in base.exterior.coords]
    x0, x1 = min(x for x, _y in local), max(x for x, _y in local)
    y0, y1 = min(y for _x, y in local), max(y for _x, y in local)
    ranks = Polygon([fp.world(c) for c in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))])
    return unary_union([ranks, *fp.models[block:]])


def _met(key: Hashable, why: str, gap: float) -> Met:
    if isinstance(key, Feature):
        return Met(key.name, True, why, gap)  # type: ignore[arg-type]
    return Met(str(key), key == IMPASSABLE, why, gap)  # type: ignore[arg-type]
