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
from dataclasses import dataclass, field
from typing import Hashable, Iterator, Mapping

import numpy as np
from shapely import affinity
from shapely.geometry import Point as ShapelyPoint, Polygon
from shapely.ops import unary_union

from engine.table.footprint import Footprint, Pose
from engine.table.frame import Point, direction, right_of, turn_between

SWEEP_STEP = 5.0  # degrees between the positions joined when sweeping a turn
WHEEL_STEP = 5.0  # degrees between the wheels tried when the end pose needs a wheel and an align
MAX_WHEEL = 90.0
TOUCH = 0.02  # inches: the point of contact lies on the target
INTO_TARGET = 1e-4  # square inches a sweep may share with the target it only touches (float noise)
INTO_OTHER = 1e-6
MAX_SWEPT = 8  # paths swept for one end pose before it counts as unreachable


@dataclass(frozen=True)
class ChargePath:
    """A charge move: ``forward`` inches, a ``wheel`` (degrees, clockwise positive, about the
    front corner on that side), ``then`` inches, and the ``align`` turn (degrees) about
    ``contact``; the ground it ``swept`` and the unit centre along the way."""

    forward: float
    wheel: float
    then: float
    align: float
    contact: Point | None
    swept: object
    centres: list[Point] = field(default_factory=list)
    width: float = 0.0

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


def _matrix(degrees: float) -> np.ndarray:
    r = math.radians(degrees)
    return np.array([[math.cos(r), math.sin(r)], [-math.sin(r), math.cos(r)]])


def _slide(shape, vector: np.ndarray):
    moved = affinity.translate(shape, float(vector[0]), float(vector[1]))
    return shape.union(moved).convex_hull, moved


def _turn(shape, about: Point, degrees: float):
    """What ``shape`` (convex) sweeps turning ``degrees`` clockwise about ``about``, a point of
    its outline; and where it ends. The shape is cut into triangles meeting at ``about``, and
    each sweeps as the hulls of its positions a few degrees apart: the hull of two whole
    positions would bridge the notch where their edges cross at ``about`` (an align turning about
    a point in the middle of the front edge would seem to cut into the target)."""
    n = max(1, math.ceil(abs(degrees) / SWEEP_STEP))
    coords = list(shape.exterior.coords)[:-1]
    fan = [Polygon([about, a, b]) for a, b in zip(coords, coords[1:] + coords[:1])]
    fan = [t for t in fan if t.area > 1e-9] or [shape]
    pieces = []
    for piece in fan:
        positions = [affinity.rotate(piece, -degrees * k / n, origin=about) for k in range(n + 1)]
        pieces += [a.union(b).convex_hull for a, b in zip(positions, positions[1:])]
    return unary_union(pieces), affinity.rotate(shape, -degrees, origin=about)


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


def _candidates(start: Footprint, end: Footprint, target: Footprint,
                max_wheel: float) -> Iterator[tuple[float, float, float, float, float]]:
    """(forward, wheel, then, align, u) moves taking ``start`` to ``end``; ``u`` is where the
    point of contact lies along the front edge (from its middle, to the right). An angled front
    edge first touches a straight side at one of its own front corners or at a corner of that
    side, so those are the points the align may turn about."""
    w, d = start.half_width, start.half_depth
    b0, b1 = start.bearing, end.bearing
    total = turn_between(b0, b1)
    c0, c1 = np.array(start.centre), np.array(end.centre)
    f0 = np.array(direction(b0))
    front1 = np.array(end.world((0, d)))
    t1 = np.array(right_of(b1))
    pivots = [-w, w]
    for x, y in list(target.rect.exterior.coords)[:-1]:  # the target's corners on the front edge
        lx, ly = end.local((x, y))
        if abs(ly - d) <= TOUCH and abs(lx) < w - 1e-6:
            pivots.append(lx)
    for wheel in _wheels(total, max_wheel):
        align = total - wheel
        if abs(align) > 180 - 1e-9:
            continue
        if abs(wheel) > 1e-9:
            k0 = np.array(start.world((w if wheel > 0 else -w, d)))
            after = k0 + _matrix(wheel) @ (c0 - k0)
        else:
            after = c0
        fw = np.array(direction(b0 + wheel))
        if abs(align) < 1e-9:
            gap = c1 - after
            if abs(wheel) < 1e-9:
                if abs(gap[0] * f0[1] - gap[1] * f0[0]) < 1e-6:
                    yield float(gap @ f0), 0.0, 0.0, 0.0, 0.0
                continue
            a, b = np.linalg.solve(np.column_stack([f0, fw]), gap)
            yield float(a), wheel, float(b), 0.0, 0.0
            continue
        back = _matrix(-align)
        if abs(wheel) < 1e-9:  # straight on, then the align about a point of the front edge
            rest = (np.eye(2) - back) @ front1 + back @ c1 - after
            m = np.column_stack([f0, -(np.eye(2) - back) @ t1])
            if abs(np.linalg.det(m)) > 1e-9:
                a, u = np.linalg.solve(m, rest)
                yield float(a), 0.0, 0.0, align, float(u)
            continue
        for u in pivots:  # forward, wheel, forward, then the align about that point
            p = front1 + u * t1
            a, b = np.linalg.solve(np.column_stack([f0, fw]), p + back @ (c1 - p) - after)
            yield float(a), wheel, float(b), align, float(u)


def charge_path(start: Footprint, end: Footprint, target: Footprint, obstacles: Mapping[Hashable, object], *,
                max_wheel: float = MAX_WHEEL) -> tuple[ChargePath | None, Hashable | None]:
    """The first legal charge path from ``start`` to the flush ``end`` against ``target``, or
    None with the obstacle (a key of ``obstacles``, shapely shapes) the most direct path would
    cross (None when no path of this kind reaches ``end`` at all)."""
    first_hit: Hashable | None = None
    hull = start.shape.convex_hull
    w, d = start.half_width, start.half_depth
    tshape = target.shape
    swept_count = 0
    union = unary_union(list(obstacles.values())) if obstacles else None
    for a, wheel, b, align, u in _candidates(start, end, target, max_wheel):
        if a < -1e-6 or b < -1e-6 or abs(u) > w + 1e-6:
            continue
        if swept_count >= MAX_SWEPT:
            break
        a, b = max(a, 0.0), max(b, 0.0)
        f0 = np.array(direction(start.bearing))
        centres: list[Point] = [start.centre]
        pieces = []
        shape = hull
        centre = np.array(start.centre)
        if a > 1e-9:
            swept, shape = _slide(shape, a * f0)
            pieces.append(swept)
            centre = centre + a * f0
            centres.append(tuple(centre))
        if abs(wheel) > 1e-9:
            corner = np.array(start.world((w if wheel > 0 else -w, d))) + a * f0
            swept, shape = _turn(shape, tuple(corner), wheel)
            pieces.append(swept)
            centres += _centres_turning(tuple(centre), tuple(corner), wheel)
            centre = np.array(centres[-1])
        fw = np.array(direction(start.bearing + wheel))
        if b > 1e-9:
            swept, shape = _slide(shape, b * fw)
            pieces.append(swept)
            centre = centre + b * fw
            centres.append(tuple(centre))
        contact = None
        if abs(align) > 1e-9:
            pre = start.at(Pose(x=float(centre[0]), y=float(centre[1]), bearing=(start.bearing + wheel) % 360))
            contact = pre.world((u, d))
            if ShapelyPoint(contact).distance(tshape) > TOUCH or pre.shape.intersection(tshape).area > INTO_TARGET:
                continue  # it would not first touch the target there
            swept, shape = _turn(shape, contact, align)
            pieces.append(swept)
            centres += _centres_turning(tuple(centre), contact, align)
        centres[-1] = end.centre
        swept_count += 1
        ground = unary_union(pieces) if pieces else hull
        if ground.intersection(tshape).area > INTO_TARGET:
            continue  # through the target, not into contact with it
        clear = union is None or ground.intersection(union).area <= INTO_OTHER
        hit = None if clear else next((k for k, o in obstacles.items() if ground.intersection(o).area > INTO_OTHER), None)
        if hit is not None:
            if first_hit is None:
                first_hit = hit
            continue
        return ChargePath(a, wheel, b, align, contact, ground, centres, start.width), None
    return None, first_hit


def _first_touch(moving, still, heading: Point, reach: float = 60.0) -> float | None:
    """How far the convex ``moving`` goes along ``heading`` before it touches the convex
    ``still`` (None: never, or they already overlap)."""
    from shapely.geometry import LineString

    if moving.intersection(still).area > INTO_OTHER:
        return None
    best: float | None = None
    hx, hy = heading
    for sign, src, dst in ((1, moving, still), (-1, still, moving)):
        for x, y in list(src.exterior.coords)[:-1]:
            ray = LineString([(x, y), (x + sign * hx * reach, y + sign * hy * reach)])
            hit = ray.intersection(dst.exterior)
            for g in getattr(hit, "geoms", [hit]):
                for q in getattr(g, "coords", []):
                    t = math.dist((x, y), q)
                    if best is None or t < best:
                        best = t
    return best


def landings(start: Footprint, target: Footprint, bearing: float, max_wheel: float = MAX_WHEEL) -> list[Point]:
    """Where the charger's centre ends when it wheels at once (each wheel tried), goes straight
    on until it first touches the target, then aligns about that point to face ``bearing``:
    the places a real charge path reaches, for the flush poses to include."""
    total = turn_between(start.bearing, bearing)
    w, d = start.half_width, start.half_depth
    hull, rect = start.shape.convex_hull, target.rect
    out: list[Point] = []
    for wheel in _wheels(total, max_wheel):
        align = total - wheel
        if abs(align) > 90 + 1e-9:
            continue
        shape, centre = hull, start.centre
        if abs(wheel) > 1e-9:
            corner = start.world((w if wheel > 0 else -w, d))
            shape = affinity.rotate(hull, -wheel, origin=corner)
            centre = _turned(start.centre, corner, wheel)
        t = _first_touch(shape, rect, direction(start.bearing + wheel))
        if t is None:
            continue
        f = direction(start.bearing + wheel)
        moved = (centre[0] + f[0] * t, centre[1] + f[1] * t)
        if abs(align) > 1e-9:
            p = _contact_point(start.at(Pose(x=moved[0], y=moved[1], bearing=(start.bearing + wheel) % 360)), rect)
            if p is None:
                continue
            moved = _turned(moved, p, align)
        out.append(moved)
    return out


def _contact_point(pose: Footprint, rect) -> Point | None:
    """The point where ``pose``'s front edge touches ``rect`` (the align turns about it)."""
    edge = pose.front_edge
    if edge.distance(rect) > TOUCH:
        return None
    near = [q for q in list(edge.coords) + list(rect.exterior.coords)[:-1]
            if ShapelyPoint(q).distance(rect) <= TOUCH and ShapelyPoint(q).distance(edge) <= TOUCH]
    if not near:
        return None
    return near[0]
