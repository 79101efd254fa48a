"""The path a charge moves along, and the ground it sweeps (§8.5; the seed's "Movimento di
Carica": "L'Unità può spostarsi in avanti di una distanza illimitata. Durante il movimento può
essere effettuata una sola rotazione/conversione. Questa rotazione non può essere più di 90°",
then the "Allineamento": "ruotare l'Unità in carica attorno al punto in cui è entrata in
contatto con il nemico").

For a flush end pose the solver looks for: a straight move forward, one wheel of at most 90°
about the front corner on the side it turns to, another straight move forward until the charger
first touches its target, then the align, a turn about that point of contact until the two are
flush. The ground covered is the union of what each part sweeps (a translation: the hull of the
footprint where it starts and ends; a turn: the hulls of positions a few degrees apart), built
with shapely, and a path is legal when it crosses no obstacle and does not go into the target.

>>> from engine.table.footprint import Formation, Pose, footprint
>>> f = Formation(base_width_mm=25.4, base_depth_mm=25.4, files=5, models=10)
>>> start = footprint(f, Pose(x=30, y=10, bearing=0))
>>> target = footprint(f, Pose(x=30, y=30, bearing=180))
>>> path, _ = charge_path(start, start.at(Pose(x=30, y=28, bearing=0)), target, {})
>>> round(path.forward, 3), path.wheel, round(path.then, 3), path.align
(18.0, 0.0, 0.0, 0.0)
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Hashable, Iterator, Mapping, NamedTuple

import numpy as np
import shapely
from shapely.geometry import Point as ShapelyPoint
from shapely.ops import unary_union

from engine.table.footprint import Footprint, Pose
from engine.table.frame import EPS_CONTACT, Point, direction, right_of, rotated, to_world, transformed, translated, turn_between

SWEEP_STEP = 5.0  # degrees between the positions joined when sweeping a turn
WHEEL_STEP = 5.0  # degrees between the wheels tried when the end pose needs a wheel and an align
MAX_WHEEL = 90.0
TOUCH = 0.02  # inches: the point of contact lies on the target
INTO_TARGET = 1e-4  # square inches a sweep may share with the target it only touches (float noise)
INTO_OTHER = 1e-6
MAX_SWEPT = 8  # paths swept for one end pose before it counts as unreachable
NEAR = 1e-7  # inches: a part whose bound is farther than this from a shape shares no ground with it
CACHE_SIZE = 1024  # charge paths remembered (the same charge is asked for at declaration, each
# legal target listing and the move; keyed by every input, so an answer is the one it had)


@dataclass(frozen=True, eq=False)
class ChargePath:
    """A charge move: ``forward`` inches, a ``wheel`` (degrees, clockwise positive, about the
    front corner on that side), ``then`` inches, and the ``align`` turn (degrees) about
    ``contact``; the ground it ``swept`` (the union of its parts, built when first asked for)
    and the unit centre along the way."""

    forward: float
    wheel: float
    then: float
    align: float
    contact: Point | None
    parts: tuple = ()  # the ground each part of the move sweeps (_Part), in order
    centres: list[Point] = field(default_factory=list)
    width: float = 0.0
    still: object = None  # the footprint's hull, the ground of a charger already in place

    @cached_property
    def swept(self):
        return unary_union([p.exact for p in self.parts]) if self.parts else self.still

    @property
    def length(self) -> float:
        """The distance moved as §8.14 measures a wheel: the straight parts and the arc of the
        outer front corner."""
        return self.forward + self.then + math.radians(abs(self.wheel)) * self.width


def _turned(p: Point, about: Point, degrees: float) -> Point:
    """``p`` turned clockwise (a bearing's sense) about ``about``."""
    r = math.radians(degrees)
    c, s = math.cos(r), math.sin(r)
    dx, dy = p[0] - about[0], p[1] - about[1]
    return (about[0] + dx * c + dy * s, about[1] - dx * s + dy * c)


def _slide(shape, vector: np.ndarray):
    moved = translated(shape, float(vector[0]), float(vector[1]))
    return shape.union(moved).convex_hull, moved


def _positions(points: np.ndarray, about: Point, degrees: float) -> np.ndarray:
    """``points`` (an array of x, y rows) at each of the positions a turn of ``degrees``
    (clockwise) about ``about`` is swept through, :data:`SWEEP_STEP` apart: shape (steps + 1,
    points, 2), the first the points as they are."""
    n = max(1, math.ceil(abs(degrees) / SWEEP_STEP))
    ax, ay = about
    rel = points - (ax, ay)
    r = np.radians(-degrees * np.arange(n + 1) / n)  # as shapely's rotate: counter-clockwise
    c, s = np.cos(r)[:, None], np.sin(r)[:, None]
    x = rel[None, :, 0] * c - rel[None, :, 1] * s + ax
    y = rel[None, :, 0] * s + rel[None, :, 1] * c + ay
    return np.stack([x, y], axis=-1)


def _turn(shape, about: Point, degrees: float):
    """What ``shape`` (convex) sweeps turning ``degrees`` clockwise about ``about``, a point of
    its outline; and where it ends. The shape is cut into triangles meeting at ``about``, and
    each sweeps as the hulls of its positions a few degrees apart: the hull of two whole
    positions would bridge the notch where their edges cross at ``about`` (an align turning about
    a point in the middle of the front edge would seem to cut into the target). Every triangle
    at every step is turned at once and the hulls are built and united in one call each."""
    coords = np.asarray(shape.exterior.coords)[:-1]
    ax, ay = about
    a, b = coords, np.roll(coords, -1, axis=0)
    area = np.abs((a[:, 0] - ax) * (b[:, 1] - ay) - (b[:, 0] - ax) * (a[:, 1] - ay)) / 2
    keep = area > 1e-9  # the triangles of the fan (those along the edges through ``about`` are flat)
    if keep.any():
        k = int(keep.sum())
        pieces = np.stack([np.broadcast_to(np.array([ax, ay]), (k, 2)), a[keep], b[keep]], axis=1)
    else:
        pieces = coords[None]  # no fan: the shape itself
    t, m = pieces.shape[0], pieces.shape[1]
    pos = _positions(pieces.reshape(-1, 2), about, degrees).reshape(-1, t, m, 2)
    pairs = np.concatenate([pos[:-1], pos[1:]], axis=2).reshape(-1, 2 * m, 2)  # each piece at two steps
    hulls = shapely.convex_hull(shapely.multipoints(pairs))
    return shapely.union_all(hulls), rotated(shape, -degrees, about)


def _centres_turning(centre: Point, about: Point, degrees: float) -> list[Point]:
    n = max(1, math.ceil(abs(degrees) / 15.0))
    return [_turned(centre, about, degrees * k / n) for k in range(1, n + 1)]


def _wheels(total: float, max_wheel: float) -> list[float]:
    """The wheels tried: the whole turn first (no align), then none (straight on and align),
    then the others nearest the whole turn first."""
    out = [total, 0.0]
    k = int(max_wheel // WHEEL_STEP)
    small = [1.0, 2.0, 3.0, 4.0]  # small sidesteps need small wheels
    rest = [s * i for i in small + [i * WHEEL_STEP for i in range(1, k + 1)] for s in (1, -1)]
    out += sorted(rest, key=lambda w: (abs(w - total), w))
    seen, kept = set(), []
    for w in out:
        if abs(w) <= max_wheel + 1e-9 and round(w, 6) not in seen:
            seen.add(round(w, 6))
            kept.append(w)
    return kept


def _solve(m00: float, m01: float, m10: float, m11: float, r0: float, r1: float) -> tuple[float, float]:
    """x, y with [[m00, m01], [m10, m11]] @ (x, y) = (r0, r1) (Cramer's rule; the columns here are
    never parallel)."""
    det = m00 * m11 - m01 * m10
    return (r0 * m11 - m01 * r1) / det, (m00 * r1 - r0 * m10) / det


def _candidates(start: Footprint, end: Footprint, target: Footprint,
                max_wheel: float, memo: dict | None = None) -> Iterator[tuple[float, float, float, float, float]]:
    """(forward, wheel, then, align, u) moves taking ``start`` to ``end`` that a charge may make
    (neither straight part backward, the point of contact on the front edge: the others are
    never yielded, as this runs for every wheel tried against every end pose); ``u`` is where the
    point of contact lies along the front edge (from its middle, to the right). An angled front
    edge first touches a straight side at one of its own front corners or at a corner of that
    side, so those are the points the align may turn about. (Plain floats: this runs for every
    wheel tried against every end pose.) ``memo``: a dict kept for one start, where what depends
    only on the start and the turns (the wheels tried, where each wheel takes the centre, the
    align's sine and cosine) is kept for the next end pose."""
    memo = {} if memo is None else memo
    w, d = start.half_width, start.half_depth
    b0, b1 = start.bearing, end.bearing
    total = turn_between(b0, b1)
    c0x, c0y = start.centre
    c1x, c1y = end.centre
    f0x, f0y = direction(b0)
    fx, fy = end.world((0, d))
    tx, ty = right_of(b1)
    pivots = [-w, w]
    for x, y in list(target.rect.exterior.coords)[:-1]:  # the target's corners on the front edge
        lx, ly = end.local((x, y))
        if abs(ly - d) <= TOUCH and abs(lx) < w - 1e-6:
            pivots.append(lx)
    wheels = memo.get(("wheels", total, max_wheel))
    if wheels is None:
        wheels = memo[("wheels", total, max_wheel)] = _wheels(total, max_wheel)
    for wheel in wheels:
        align = total - wheel
        if abs(align) > 180 - 1e-9:
            continue
        moved = memo.get(("wheel", wheel))
        if moved is None:
            if abs(wheel) > 1e-9:
                kx, ky = start.world((w, d)) if wheel > 0 else start.world((-w, d))
                r = math.radians(wheel)
                c, s = math.cos(r), math.sin(r)
                dx, dy = c0x - kx, c0y - ky
                ax_, ay_ = kx + c * dx + s * dy, ky - s * dx + c * dy
            else:
                ax_, ay_ = c0x, c0y
            moved = memo[("wheel", wheel)] = _Wheeled(ax_, ay_, *direction(b0 + wheel))
        ax_, ay_, fwx, fwy = moved
        if abs(align) < 1e-9:
            gx, gy = c1x - ax_, c1y - ay_
            if abs(wheel) < 1e-9:
                if abs(gx * f0y - gy * f0x) < 1e-6 and gx * f0x + gy * f0y >= -1e-6:
                    yield gx * f0x + gy * f0y, 0.0, 0.0, 0.0, 0.0
                continue
            a, b = _solve(f0x, fwx, f0y, fwy, gx, gy)
            if a >= -1e-6 and b >= -1e-6:
                yield a, wheel, b, 0.0, 0.0
            continue
        back = memo.get(("align", align))
        if back is None:
            r = math.radians(-align)  # back: the align undone
            back = memo[("align", align)] = (math.cos(r), math.sin(r))
        c, s = back
        if abs(wheel) < 1e-9:  # straight on, then the align about a point of the front edge
            # (I - back) @ front1 + back @ c1 - after, and the column -(I - back) @ t1
            rx = (1 - c) * fx - s * fy + c * c1x + s * c1y - ax_
            ry = s * fx + (1 - c) * fy - s * c1x + c * c1y - ay_
            mx = -((1 - c) * tx - s * ty)
            my = -(s * tx + (1 - c) * ty)
            if abs(f0x * my - mx * f0y) > 1e-9:
                a, u = _solve(f0x, mx, f0y, my, rx, ry)
                if a >= -1e-6 and abs(u) <= w + 1e-6:
                    yield a, 0.0, 0.0, align, u
            continue
        for u in pivots:  # forward, wheel, forward, then the align about that point
            px, py = fx + u * tx, fy + u * ty
            qx, qy = c1x - px, c1y - py
            a, b = _solve(f0x, fwx, f0y, fwy, px + c * qx + s * qy - ax_, py - s * qx + c * qy - ay_)
            if a >= -1e-6 and b >= -1e-6:  # u is a pivot: on the front edge
                yield a, wheel, b, align, u


class _Part:
    """The ground one part of a charge move sweeps: ``bound``, a cheap convex region holding it,
    ``inner``, shapes it surely holds (a turn's positions), and ``exact``, the swept shape itself
    (for a turn, built only when a shape comes near the bound and the inner shapes do not settle
    it: the per-degree hulls of :func:`_turn` are the costly part of a path)."""

    __slots__ = ("bound", "inner", "_exact", "_make", "box")

    def __init__(self, bound, exact=None, make=None, inner=()):
        self.bound, self.inner, self._exact, self._make = bound, inner, exact, make
        self.box = bound.bounds

    @property
    def exact(self):
        if self._exact is None:
            self._exact = self._make()
        return self._exact

    def near(self, shape, box) -> bool:
        """Whether ``shape`` (with bounds ``box``) may share ground with this part: farther than
        :data:`NEAR` from the bound, it shares none."""
        b = self.box
        if box[0] > b[2] + NEAR or box[2] < b[0] - NEAR or box[1] > b[3] + NEAR or box[3] < b[1] - NEAR:
            return False
        return self.bound.distance(shape) <= NEAR

    def surely_into(self, shape, box, limit: float) -> bool:
        """Whether this part alone, by what it surely covers, shares more than ``limit`` with
        ``shape`` (then so does the ground of the whole path)."""
        if not self.near(shape, box):
            return False
        covered = self.inner or (self._exact,)
        return any(q.intersection(shape).area > limit for q in covered)


def _turn_bound(shape, about: Point, degrees: float):
    """The hull of every corner of ``shape`` at every position :func:`_turn` joins, and of
    ``about``: each hull :func:`_turn` unites has its corners among these points, so what it
    sweeps lies inside."""
    pos = _positions(np.asarray(shape.exterior.coords)[:-1], about, degrees).reshape(-1, 2)
    return shapely.convex_hull(shapely.multipoints(np.concatenate([pos, [about]])))


def _turn_part(shape, about: Point, degrees: float) -> tuple[_Part, object]:
    """The part a turn sweeps (built when needed) and where the shape ends. Its inner shapes are
    the shape where the turn starts, halfway (at one of the steps :func:`_turn` joins) and where
    it ends: each lies inside the hulls it unites."""
    n = max(1, math.ceil(abs(degrees) / SWEEP_STEP))
    ends = rotated(shape, -degrees, about)
    inner = (shape, ends) if n < 2 else (shape, rotated(shape, -degrees * (n // 2) / n, about), ends)
    return _Part(_turn_bound(shape, about, degrees), make=lambda: _turn(shape, about, degrees)[0], inner=inner), ends


def _slide_part(shape, vector: np.ndarray) -> tuple[_Part, object]:
    swept, moved = _slide(shape, vector)
    return _Part(swept, exact=swept), moved


def _shares(parts: list[_Part], shape, box, limit: float) -> bool:
    """Whether the ground of ``parts`` shares more than ``limit`` square inches with ``shape``:
    the parts whose bounds keep away from it share none; if a shape some part surely covers
    already shares more, so does the ground; else the near parts are united and measured."""
    near = [p for p in parts if p.near(shape, box)]
    if not near:
        return False
    if any(q.intersection(shape).area > limit for p in near for q in p.inner):
        return True
    ground = near[0].exact if len(near) == 1 else unary_union([p.exact for p in near])
    return ground.intersection(shape).area > limit


PROBE = 0.01  # inches: a disc this wide about a probe point lies inside a base (π·0.01² > INTO_TARGET)
def _probes(start: Footprint) -> list[Point]:
    """The middles of ``start``'s rectangular bases at least :data:`PROBE` from their edges, on
    the table: a disc of radius PROBE about each lies inside its base."""
    out = []
    for local, model in zip(start.local_models, start.models):
        x0, y0, x1, y1 = local.bounds
        if min(x1 - x0, y1 - y0) >= 4 * PROBE and abs(local.area - (x1 - x0) * (y1 - y0)) < 1e-9:
            out.append(start.world(((x0 + x1) / 2, (y0 + y1) / 2)))
    return out


def _surely_into(probes: list[Point], matrix: list[float], target: Footprint | None) -> bool:
    """Whether a base of the charger, moved by ``matrix``, surely shares more than
    :data:`INTO_TARGET` with the target's bases: the disc of radius :data:`PROBE` about one of its
    probes lies inside ``target`` (a full block: the union of its bases is its rectangle, passed
    only then), so the two share more than π·PROBE² square inches. A cheap test before the
    shapes are measured; False says nothing."""
    if target is None:
        return False
    c, s, e, f = matrix[0], matrix[1], matrix[4], matrix[5]
    (ox, oy), (fx, fy), (rx, ry) = target.centre, direction(target.bearing), right_of(target.bearing)
    w, d = target.half_width - PROBE, target.half_depth - PROBE
    for x, y in probes:
        dx, dy = c * x + s * y + e - ox, -s * x + c * y + f - oy
        if abs(dx * rx + dy * ry) < w and abs(dx * fx + dy * fy) < d:
            return True
    return False


class _Probe(NamedTuple):
    """What :func:`_surely_into` needs, worked out once per path search: the charger's probe
    points (:func:`_probes`) and the target when it is a full block (else None)."""

    points: list
    block: Footprint | None


def _into(start: Footprint, hull, centre: Point, bearing: float, tshape, tbox, probe: _Probe | None = None) -> bool:
    """Whether ``start`` moved to ``centre`` facing ``bearing`` goes into the target (``tshape``,
    its bounds ``tbox``) by more than :data:`INTO_TARGET`: measured on its bases only when the
    hull of them, moved the same way, goes in that far; not at all when the moved hull's bounds
    keep clear of the target's (they share no ground). ``probe``: a :class:`_Probe` for
    :func:`_surely_into`, which settles most of those that go in
    without measuring shapes."""
    r = math.radians(bearing - start.bearing)  # clockwise about the start's centre, then across
    c, s = math.cos(r), math.sin(r)
    (x0, y0), (x1, y1) = start.centre, centre
    matrix = [c, s, -s, c, x1 - c * x0 - s * y0, y1 + s * x0 - c * y0]
    hb = hull.bounds  # the moved hull lies in the moved box of its bounds
    xs = [c * x + s * y + matrix[4] for x in (hb[0], hb[2]) for y in (hb[1], hb[3])]
    ys = [-s * x + c * y + matrix[5] for x in (hb[0], hb[2]) for y in (hb[1], hb[3])]
    if min(xs) > tbox[2] + NEAR or max(xs) < tbox[0] - NEAR or min(ys) > tbox[3] + NEAR or max(ys) < tbox[1] - NEAR:
        return False
    if probe is not None and _surely_into(probe.points, matrix, probe.block):
        return True  # a base goes in deeper than float noise: so do the bases and their hull
    if transformed(hull, matrix).intersection(tshape).area <= INTO_TARGET:
        return False
    if abs(start.shape.area - hull.area) < 1e-9:  # a full block: its bases are their hull
        return True
    # the bases moved as one (the same ground as laying them out again at the new pose)
    return transformed(start.shape, matrix).intersection(tshape).area > INTO_TARGET


_cache: OrderedDict = OrderedDict()


@dataclass(eq=False)
class _Ahead:
    """What every charge path asked from one start against one set of obstacles shares (kept by
    an :class:`Obstacles` for each start, or made for one path): the obstacles as that start
    meets them (:func:`standing_against`), the shortest move straight ahead seen to go into one
    of them (every longer one goes in too: :func:`_search` passes those over unswept), and the
    memo :func:`_candidates` keeps of what depends only on the start and the turns."""

    start: Footprint
    obstacles: Mapping[Hashable, object]
    shortest_into: float | None = None
    candidates: dict = field(default_factory=dict)
    reach: dict = field(default_factory=dict)  # memo of :func:`unreachable`


class _Wheeled(NamedTuple):
    """Where a wheel takes the charger (memo of :func:`_candidates`): its centre after the wheel
    and the direction it then faces."""

    x: float
    y: float
    fx: float
    fy: float


class _Kept(NamedTuple):
    """A shape and its WKB, remembered for the cache key (:func:`_wkb`)."""

    shape: object
    wkb: bytes


class Obstacles(dict):
    """What charge paths may not cross, by name (as :func:`charge_path` takes them), remembering
    what every path asked against them works out alike: each shape's WKB (for the cache key) and
    the obstacles as each start meets them (:func:`standing_against`). One is made for one
    question (a declaration's, or one charger and target of a listing) and dropped with it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.wkbs: dict = {}
        self.against: dict = {}


def _wkb(shape, memo: dict | None, name: Hashable) -> bytes:
    if memo is None:
        return shape.wkb
    kept = memo.get(name)
    if kept is None or kept.shape is not shape:
        kept = memo[name] = _Kept(shape, shape.wkb)
    return kept.wkb


def _key(start: Footprint, end: Footprint, target: Footprint, obstacles: Mapping[Hashable, object],
         max_wheel: float, memo: dict | None = None) -> tuple:
    def fp(f: Footprint) -> tuple:
        return f.pose.x, f.pose.y, f.pose.bearing, f.half_width, f.half_depth

    # of the end pose only its place and size are used (not its bases): no shape to build for it
    return (start.shape.wkb, fp(start), fp(end), target.shape.wkb, target.rect.wkb, fp(target), max_wheel,
            tuple((k, _wkb(o, memo, k)) for k, o in obstacles.items()))


def standing_against(start, obstacles: Mapping[Hashable, object]) -> dict[Hashable, object]:
    """``obstacles`` as a move starting from ``start`` (a footprint, or its shape) may meet them:
    one it already stands against (within :data:`EPS_CONTACT`, so touching it, or overlapping it
    by the float noise of a pose placed flush) counts only deeper than that, so that moving
    off it along or away from it is not going through it; the others as they are. A unit
    beside a wall may leave it (§8.5); a wheel that swings a corner into the wall still goes in."""
    shape = getattr(start, "shape", start)
    box = shape.bounds
    out: dict[Hashable, object] = {}
    for k, o in obstacles.items():
        b = o.bounds
        if not (b[0] > box[2] + EPS_CONTACT or b[2] < box[0] - EPS_CONTACT or b[1] > box[3] + EPS_CONTACT
                or b[3] < box[1] - EPS_CONTACT) and shape.distance(o) <= EPS_CONTACT:
            o = o.buffer(-EPS_CONTACT, join_style="mitre")
        out[k] = o
    return out


def _ahead(start: Footprint, obstacles: Mapping[Hashable, object]) -> _Ahead:
    """What ``start`` meets of ``obstacles`` (:func:`standing_against`) and what is remembered of
    it: kept by an :class:`Obstacles` for the next question from the same start, made afresh for a
    plain mapping."""
    if not isinstance(obstacles, Obstacles):
        return _Ahead(start, standing_against(start, obstacles))
    kept = obstacles.against.get(id(start))
    if kept is None or kept.start is not start:
        kept = obstacles.against[id(start)] = _Ahead(start, standing_against(start, obstacles))
    return kept


def charge_path(start: Footprint, end: Footprint, target: Footprint, obstacles: Mapping[Hashable, object], *,
                max_wheel: float = MAX_WHEEL, named: bool = True) -> tuple[ChargePath | None, Hashable | None]:
    """The first legal charge path from ``start`` to the flush ``end`` against ``target``, or
    None with the obstacle (a key of ``obstacles``, shapely shapes) the most direct path would
    cross (None when no path of this kind reaches ``end`` at all). An obstacle the charger
    stands against at the start is met as :func:`standing_against` says. Answers are remembered
    by their inputs. ``named`` False: only whether there is a path is asked, the obstacle is not
    named (None), and a path that surely crosses one is passed over as soon as a part of it does.
    ``obstacles`` an :class:`Obstacles`: what it remembers is used."""
    memo = obstacles.wkbs if isinstance(obstacles, Obstacles) else None
    kept = _ahead(start, obstacles)
    obstacles = kept.obstacles
    key = _key(start, end, target, obstacles, max_wheel, memo)
    found = _cache.get(key)
    if found is None and not named:
        key = key + ("unnamed",)
        found = _cache.get(key)
    if found is None:
        found = _search(start, end, target, obstacles, max_wheel, named, kept)
        _cache[key] = found
        if len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    else:
        _cache.move_to_end(key)
    path, hit = found
    if path is not None:
        path = replace(path, centres=list(path.centres))  # the caller may keep its own list
    return path, hit


def _search(start: Footprint, end: Footprint, target: Footprint, obstacles: Mapping[Hashable, object],
            max_wheel: float, named: bool = True, ahead: _Ahead | None = None) -> tuple[ChargePath | None, Hashable | None]:
    """The candidates of :func:`_candidates` in turn: one whose point of contact is not on the
    target is passed over; the others are swept (at most :data:`MAX_SWEPT`) and the first that
    goes into no obstacle and not through the target is the path. Each part's ground is built
    only where a shape comes near it, which decides the same as uniting every part and
    measuring: a part kept apart from a shape adds no ground in it.

    Once nothing is left to name (unnamed, ``named`` False, or the first obstacle named), a
    candidate whose first part, straight ahead, goes at least as far
    as one already seen to go into an obstacle is passed over unswept (the ground a move straight
    ahead sweeps holds the ground of every shorter one: it surely goes in too); whether it would
    have counted among the MAX_SWEPT is worked out only when a later candidate needs the count.
    ``ahead``: what every path asked from that start against those obstacles shares (:class:`_Ahead`)."""
    first_hit: Hashable | None = None
    ahead = ahead if ahead is not None else _Ahead(start, obstacles)
    memo = ahead.candidates
    pending: list[tuple] = []  # candidates passed over unswept, in order
    hull = start.shape.convex_hull
    w, d = start.half_width, start.half_depth
    tshape = target.shape
    tbox = tshape.bounds
    boxes = [(k, o, o.bounds) for k, o in obstacles.items()]
    swept_count = 0
    probe = None  # the cheap test of _into, built when first needed
    # plain floats, as numpy's would be element by element: this runs for every candidate
    f0x, f0y = direction(start.bearing)
    f0 = np.array((f0x, f0y))
    sx, sy = start.centre
    corners = {1: start.world((w, d)), -1: start.world((-w, d))}
    tx0, ty0, tx1, ty1 = tbox[0] - TOUCH, tbox[1] - TOUCH, tbox[2] + TOUCH, tbox[3] + TOUCH
    (ox, oy), (fx, fy), (rx, ry) = target.centre, direction(target.bearing), right_of(target.bearing)
    tw, td = target.half_width, target.half_depth
    full = abs(tshape.area - target.rect.area) < 1e-9  # the bases fill the rectangle

    def touches(a, wheel, b, align, u):
        """Where the candidate's moves take the centre, its corner and the point of contact, or
        None when it would not first touch the target there (no ground swept yet)."""
        nonlocal probe
        wheeled = memo[("wheel", wheel)]  # direction(start.bearing + wheel), as _candidates left it
        fwx, fwy = wheeled.fx, wheeled.fy
        cx, cy = sx, sy
        corner = None
        if a > 1e-9:
            cx, cy = cx + a * f0x, cy + a * f0y
        forward_end = (cx, cy)
        if abs(wheel) > 1e-9:
            kx, ky = corners[1 if wheel > 0 else -1]
            corner = (kx + a * f0x, ky + a * f0y)
            n = max(1, math.ceil(abs(wheel) / 15.0))  # as the last of _centres_turning
            cx, cy = _turned(forward_end, corner, wheel * n / n)
        if b > 1e-9:
            cx, cy = cx + b * fwx, cy + b * fwy
        centre = (cx, cy)
        contact = None
        if abs(align) > 1e-9:
            at, facing = centre, (start.bearing + wheel) % 360
            contact = to_world(at, facing, (u, d))
            if contact[0] < tx0 or contact[0] > tx1 or contact[1] < ty0 or contact[1] > ty1:
                return None  # farther from the target's bounds than TOUCH: not on it
            # its distance from the target's rectangle, worked out on the spot: no nearer the
            # bases than that (they lie in it), and as near when they fill it (a full block);
            # within float noise of TOUCH the bases are measured as before
            lx, ly = contact[0] - ox, contact[1] - oy
            ex = abs(lx * rx + ly * ry) - tw
            ey = abs(lx * fx + ly * fy) - td
            near = math.hypot(max(ex, 0.0), max(ey, 0.0))
            if near > TOUCH + 1e-9:
                return None
            if not (full and near < TOUCH - 1e-9) and ShapelyPoint(contact).distance(tshape) > TOUCH:
                return None
            if probe is None:
                probe = _Probe(_probes(start), target if full else None)
            if _into(start, hull, at, facing, tshape, tbox, probe):
                return None  # it would not first touch the target there
        return fwx, fwy, forward_end, corner, centre, contact

    for a, wheel, b, align, u in _candidates(start, end, target, max_wheel, memo):
        a, b = max(a, 0.0), max(b, 0.0)
        if (not named or first_hit is not None) and a > 1e-9 and ahead.shortest_into is not None and a >= ahead.shortest_into:
            pending.append((a, wheel, b, align, u))  # surely crosses: counted only if need be
            continue
        for p in pending:  # those passed over count as the loop would have counted them
            if swept_count >= MAX_SWEPT:
                return None, first_hit
            if touches(*p) is not None:
                swept_count += 1
        pending.clear()
        if swept_count >= MAX_SWEPT:
            break
        found = touches(a, wheel, b, align, u)
        if found is None:
            continue
        fwx, fwy, forward_end, corner, centre, contact = found
        centres: list[Point] = [start.centre]
        if a > 1e-9:
            centres.append(forward_end)
        if corner is not None:
            centres += _centres_turning(forward_end, corner, wheel)
        if b > 1e-9:
            centres.append(centre)
        if contact is not None:
            centres += _centres_turning(centre, contact, align)
        centres[-1] = end.centre
        swept_count += 1
        # the parts in order; once an obstacle has been named, a part that alone goes into one
        # (a slide, or a position a turn passes through) passes the path over before the rest is built
        stages = ([("slide", a * f0)] if a > 1e-9 else []) + ([("turn", corner, wheel)] if corner is not None else []) \
            + ([("slide", b * np.array((fwx, fwy)))] if b > 1e-9 else []) + ([("turn", contact, align)] if contact is not None else [])
        parts: list[_Part] = []
        shape = hull
        crossed = False
        for stage in stages:
            part, shape = _slide_part(shape, stage[1]) if stage[0] == "slide" else _turn_part(shape, stage[1], stage[2])
            parts.append(part)
            if (first_hit is not None or not named) and any(part.surely_into(o, box, INTO_OTHER) for _k, o, box in boxes):
                crossed = True
                if not parts[1:] and stage[0] == "slide" and (ahead.shortest_into is None or a < ahead.shortest_into) and any(
                        part.exact.intersection(o).area > 2 * INTO_OTHER for _k, o, box in boxes if part.near(o, box)):
                    ahead.shortest_into = a  # well past float noise: every longer move ahead goes in as well
                break
        if crossed:
            continue
        if not parts:
            parts_or_hull = [_Part(hull, exact=hull)]
        else:
            parts_or_hull = parts
        # an obstacle crossed or the target gone through: either passes it over; which is
        # looked at first matters only for naming the first obstacle crossed
        if (first_hit is not None or not named) and any(_shares(parts_or_hull, o, box, INTO_OTHER) for _k, o, box in boxes):
            continue
        if _shares(parts_or_hull, tshape, tbox, INTO_TARGET):
            continue  # through the target, not into contact with it
        hit = next((k for k, o, box in boxes if _shares(parts_or_hull, o, box, INTO_OTHER)), None)
        if hit is not None:
            if first_hit is None:
                first_hit = hit
            continue
        return ChargePath(a, wheel, b, align, contact, tuple(parts), centres, start.width, hull), None
    return None, first_hit


def _corners(shape) -> list[Point]:
    """The corners of a polygon, or of each polygon of a collection (bases apart)."""
    out: list[Point] = []
    for g in getattr(shape, "geoms", [shape]):
        out += list(g.exterior.coords)[:-1]
    return out


def _first_touch(moving, still, heading: Point, reach: float = 60.0) -> float | None:
    """How far ``moving`` goes along ``heading`` before it touches ``still`` (None: never, or
    they already overlap). Two polygons moving apart first touch where a corner of one meets
    the outline of the other, so neither needs to be convex: ``still`` may be the bases of a
    unit with a notch in its last rank, or with gaps between them."""
    from shapely.geometry import LineString

    if moving.intersection(still).area > INTO_OTHER:
        return None
    best: float | None = None
    hx, hy = heading
    for sign, src, dst in ((1, moving, still), (-1, still, moving)):
        outline = dst.boundary
        for x, y in _corners(src):
            ray = LineString([(x, y), (x + sign * hx * reach, y + sign * hy * reach)])
            hit = ray.intersection(outline)
            for g in getattr(hit, "geoms", [hit]):
                for q in getattr(g, "coords", []):
                    t = math.dist((x, y), q)
                    if best is None or t < best:
                        best = t
    return best


def landings(start: Footprint, target: Footprint, bearing: float, max_wheel: float = MAX_WHEEL) -> list[Point]:
    """Where the charger's centre ends when it wheels at once (each wheel tried), goes straight
    on until it first touches the target's bases, then aligns about that point to face
    ``bearing``: the places a real charge path reaches, for the flush poses to include. The
    bases, not the target's bounding rectangle: a charger may stand in the empty corner of an
    incomplete last rank, inside that rectangle but clear of every base, and still charge."""
    total = turn_between(start.bearing, bearing)
    w, d = start.half_width, start.half_depth
    hull, bases = start.shape.convex_hull, target.shape
    out: list[Point] = []
    for wheel in _wheels(total, max_wheel):
        align = total - wheel
        if abs(align) > 90 + 1e-9:
            continue
        shape, centre = hull, start.centre
        if abs(wheel) > 1e-9:
            corner = start.world((w if wheel > 0 else -w, d))
            shape = rotated(hull, -wheel, corner)
            centre = _turned(start.centre, corner, wheel)
        t = _first_touch(shape, bases, direction(start.bearing + wheel))
        if t is None:
            continue
        f = direction(start.bearing + wheel)
        moved = (centre[0] + f[0] * t, centre[1] + f[1] * t)
        if abs(align) > 1e-9:
            p = _contact_point(start.at(Pose(x=moved[0], y=moved[1], bearing=(start.bearing + wheel) % 360)), bases)
            if p is None:
                continue
            moved = _turned(moved, p, align)
        out.append(moved)
    return out


def _contact_point(pose: Footprint, bases) -> Point | None:
    """The point where ``pose``'s front edge touches ``bases`` (the align turns about it)."""
    edge = pose.front_edge
    if edge.distance(bases) > TOUCH:
        return None
    near = [q for q in list(edge.coords) + _corners(bases)
            if ShapelyPoint(q).distance(bases) <= TOUCH and ShapelyPoint(q).distance(edge) <= TOUCH]
    if not near:
        return None
    return near[0]


# A bound that proves a charge has no path without searching one (issue #10): the charges with no
# room cost most, every placement against every trial turn of the target searched. Every path the
# search may accept, with any wheel, lies in a family (forward, wheel, forward, align) whose straight
# parts are worked out here against the obstacles as translations: where the charger may stand when
# the align begins, and whether its front edge can be near enough to the target's side there.

REACH_SHRINK = 0.01  # inches the obstacles are shrunk by for the bound: a straight part of a path
# (convex, its corners no sharper than 90°, at least this wide) that holds a point this deep in an
# obstacle holds a quarter disc of it, π·0.01²/4 ≈ 7.9e-5 square inches, more than INTO_OTHER
REACH_MARGIN = 0.05  # inches added to the reach of the front edge: the bound never leans on float noise


class _Reach(NamedTuple):
    """What :func:`unreachable` works out once for a start and its obstacles: the corners of the
    start's hull, the obstacles shrunk by :data:`REACH_SHRINK` as convex pieces (corners, padded to
    one count by repeating the first), and ``forward``, how far the start may go straight ahead
    before it is surely in one (None: it already is, and the bound says nothing)."""

    hull: np.ndarray
    pieces: np.ndarray
    forward: float | None


def _convex_pieces(shape) -> list[np.ndarray]:
    """Convex polygons inside ``shape`` shrunk by :data:`REACH_SHRINK` (their corners): itself when
    it is convex, else those triangles of its corners' triangulation that lie inside it (what is
    left out only weakens the bound)."""
    inner = shape.buffer(-REACH_SHRINK, join_style="mitre")
    out: list[np.ndarray] = []
    for p in getattr(inner, "geoms", [inner]):
        if p.is_empty or p.geom_type != "Polygon":
            continue
        hull = p.convex_hull
        if hull.area - p.area < 1e-9:
            out.append(np.asarray(hull.exterior.coords)[:-1])
            continue
        for t in shapely.delaunay_triangles(p).geoms:
            if p.contains(t):
                out.append(np.asarray(t.exterior.coords)[:-1])
    return out


def _minkowski(pieces: np.ndarray, mover: np.ndarray) -> np.ndarray:
    """For each convex piece, the translations that put a point of it in the convex ``mover``
    (corners): the hull of every corner of the piece less every corner of the mover."""
    pts = (pieces[:, :, None, :] - mover[None, None, :, :]).reshape(len(pieces), -1, 2)
    return shapely.convex_hull(shapely.linestrings(pts))  # the hull of the points, without making each one


def _reach(start: Footprint, obstacles: Mapping[Hashable, object]) -> _Reach:
    """The :class:`_Reach` of ``start`` among ``obstacles`` (as it meets them): ``forward`` is where
    the ray straight ahead first meets a piece less the start's hull (a first part going farther
    holds a translation into it)."""
    hull = np.asarray(start.shape.convex_hull.exterior.coords)[:-1]
    found = [q for o in obstacles.values() for q in _convex_pieces(o)]
    if not found:
        return _Reach(hull, np.zeros((0, 1, 2)), math.inf)
    n = max(len(q) for q in found)
    pieces = np.stack([np.concatenate([q, np.repeat(q[:1], n - len(q), axis=0)]) for q in found])
    kept = _minkowski(pieces, hull)
    origin = ShapelyPoint(0.0, 0.0)
    if shapely.intersects(kept, origin).any():
        return _Reach(hull, pieces, None)
    f0 = np.array(direction(start.bearing))
    far = 1e4  # inches: farther than any table
    ahead = shapely.linestrings([(0.0, 0.0), tuple(f0 * far)])
    hits = shapely.distance(origin, shapely.intersection(ahead, kept))  # NaN where none
    forward = float(np.nanmin(hits)) if not np.isnan(hits).all() else math.inf
    return _Reach(hull, pieces, forward)


def _unreachable_wheel(start: Footprint, reach: _Reach, centre: Point, radius: float, wheel: float) -> bool:
    """Whether no path with this ``wheel`` brings the charger's front edge within ``radius`` of
    ``centre`` when its align begins (or, with no align, where it ends), going into no obstacle.

    In the space of the translations of the charger (as it stands after the wheel made at once,
    the corners of its hull turned about its front corner): the first straight part goes ``a``
    along its facing ``f0``, no farther than ``reach.forward`` (a longer one holds a translation
    into an obstacle); the second ``b`` along the wheeled facing ``fw``, and each translation on
    its way keeps out of every obstacle piece less the charger (:func:`_minkowski`). So the
    translations where the align may begin lie in the strip {a·f0 + b·fw: 0 ≤ a ≤ forward, b ≥ 0}
    less the shadow each piece casts along ``fw`` (the points beyond it, seen from the line of the
    first part). The front edge is within ``radius`` of ``centre`` on the translations of a
    stadium; none of them left: no path. (The wheel's own sweep and the align's are not asked, nor
    the target: the bound only leaves paths in, never takes one out.)"""
    if reach.forward is None:
        return False
    hw, hd = start.half_width, start.half_depth
    f0 = np.array(direction(start.bearing))
    hull = reach.hull
    edge = np.array([start.world((-hw, hd)), start.world((hw, hd))])
    if abs(wheel) > 1e-9:  # the hull and its front edge as the wheel about the front corner leaves them
        kx, ky = start.world((hw, hd)) if wheel > 0 else start.world((-hw, hd))
        r = math.radians(wheel)
        c, s = math.cos(r), math.sin(r)

        def turn(p: np.ndarray) -> np.ndarray:
            dx, dy = p[:, 0] - kx, p[:, 1] - ky
            return np.stack([kx + dx * c + dy * s, ky - dx * s + dy * c], axis=1)

        hull, edge = turn(hull), turn(edge)
    far = math.dist(centre, start.centre) + radius + 3 * (start.width + start.depth) + 10.0  # no translation
    # into the stadium is longer (|a·f0 + b·fw| ≥ a, b: the wheel is at most 90°), so none goes farther
    forward = min(reach.forward, far) + REACH_MARGIN  # a longer strip only leaves more in
    cx, cy = centre
    stadium = shapely.linestrings([(cx - edge[0][0], cy - edge[0][1]), (cx - edge[1][0], cy - edge[1][1])]).buffer(
        radius * 1.01 + REACH_MARGIN)  # 1.01: the buffer's polygon lies inside the round stadium
    if abs(wheel) <= 1e-9:
        return not shapely.linestrings([(0.0, 0.0), tuple(f0 * forward)]).intersects(stadium)
    fw = np.array(direction(start.bearing + wheel))
    strip = shapely.polygons([(0.0, 0.0), tuple(f0 * forward), tuple(f0 * forward + fw * far), tuple(fw * far)])
    region = stadium.intersection(strip)
    if region.is_empty:
        return True
    det = f0[0] * fw[1] - f0[1] * fw[0]

    def oblique(p: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(a, b) with p = a·f0 + b·fw."""
        return (p[..., 0] * fw[1] - p[..., 1] * fw[0]) / det, (f0[0] * p[..., 1] - f0[1] * p[..., 0]) / det

    ra, rb = oblique(shapely.get_coordinates(region))
    pa, pb = oblique(reach.pieces)
    ha, hb = oblique(hull)
    # a piece casts a shadow on the region only where it holds a translation a·f0 + b·fw with a
    # within the region's and 0 ≤ b below the region's highest (bounding ranges: leaving more
    # pieces out would only weaken the bound)
    keep = ((pa.max(axis=1) - ha.min() >= ra.min()) & (pa.min(axis=1) - ha.max() <= ra.max())
            & (pb.max(axis=1) - hb.min() >= 0.0) & (pb.min(axis=1) - hb.max() <= rb.max()))
    if not keep.any():
        return False
    pieces = _minkowski(reach.pieces[keep], hull)
    # only what lies at 0 ≤ b blocks (the second part starts on the line of the first)
    clip = shapely.polygons([tuple(-f0), tuple(f0 * (forward + 1)), tuple(f0 * (forward + 1) + fw * (far + 1)),
                             tuple(-f0 + fw * (far + 1))])
    pieces = shapely.intersection(pieces, clip)
    shadows = shapely.convex_hull(shapely.union(pieces, shapely.transform(pieces, lambda p: p + fw * far)))
    return region.difference(shapely.union_all(shadows)).is_empty


def unreachable(start: Footprint, obstacles: Mapping[Hashable, object], centre: Point, radius: float,
                wheels) -> bool:
    """Whether no charge path from ``start`` that :func:`charge_path` could find with one of
    ``wheels`` (degrees, as :func:`_wheels` lists them) crosses no obstacle and brings the point
    of contact, where the align turns (or, with no align, some point of the front edge) within
    ``radius`` of ``centre``: a necessary condition, proved for every placement against a side of
    ``radius`` about its middle ``centre`` at once (the charged unit's trial turns about it too),
    without searching one (:func:`_unreachable_wheel`). True only when it is sure; False says
    nothing. ``obstacles``: as :func:`charge_path` takes them (an :class:`Obstacles` remembers what
    the bound works out, for the next question from the same start)."""
    kept = _ahead(start, obstacles)
    prep = kept.reach.get("prep")
    if prep is None:
        prep = kept.reach["prep"] = _reach(start, kept.obstacles)
    for wheel in wheels:
        key = (centre, radius, wheel)
        found = kept.reach.get(key)
        if found is None:
            found = kept.reach[key] = _unreachable_wheel(start, prep, centre, radius, wheel)
        if not found:
            return False
    return True
