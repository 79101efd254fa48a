"""Distances between footprints, base contact, the contact graph and contact sides.

All distances are between closest points (shapely's exact polygon distance), so units,
models and points measure alike, and a measurement may pass through anything in between.

>>> from engine.table.footprint import Formation, Pose, footprint
>>> f = Formation(base_width_mm=25.4, base_depth_mm=25.4, files=2, models=2)
>>> a = footprint(f, Pose(x=0, y=0))
>>> b = footprint(f, Pose(x=0, y=1, bearing=180))
>>> distance(a, b), in_contact(a, b), contact_side(a, b), contact_side(b, a)
(0.0, True, 'front', 'front')
"""

from __future__ import annotations

from typing import Hashable, Iterable, Mapping

from shapely.geometry import Point as ShapelyPoint, box
from shapely.ops import nearest_points

from engine.table.arcs import arc_of
from engine.table.footprint import Footprint
from engine.table.frame import EPS_CONTACT, Point, affine, mm, transformed


def distance(a: Footprint, b: Footprint | Point) -> float:
    """Closest distance in inches between two footprints (or a footprint and a point)."""
    other = b.shape if isinstance(b, Footprint) else ShapelyPoint(b)
    return a.shape.distance(other)


def in_contact(a: Footprint, b: Footprint) -> bool:
    """Whether any base of ``a`` touches a base of ``b`` (corners count)."""
    return a.shape.distance(b.shape) <= EPS_CONTACT


def models_in_contact(a: Footprint, b: Footprint) -> list[tuple[int, int]]:
    """Pairs (model of a, model of b) whose bases touch."""
    out = []
    bb = b.rect  # holds b's bases: a base farther from it touches none (the union of b's bases is not built)
    for i, pa in enumerate(a.models):
        if pa.distance(bb) > EPS_CONTACT:
            continue
        for j, pb in enumerate(b.models):
            if pa.distance(pb) <= EPS_CONTACT:
                out.append((i, j))
    return out


def gap_strip(fp: Footprint, i: int, depth: float | None = None):
    """The strip straight ahead of model ``i`` of ``fp``, ``depth`` inches deep (one base deep when
    None): an enemy inside it, with nothing else in it, is in contact across a gap (the Ninth Age's
    §11.5 "combattere attraverso gli spazi")."""
    if depth is None:
        depth = mm(fp.formation.base_depth_mm)
    minx, _miny, maxx, maxy = fp.local_models[i].bounds  # the model as laid out in the unit's own frame
    strip = box(minx + EPS_CONTACT, maxy, maxx - EPS_CONTACT, maxy + depth)
    return transformed(strip, affine(fp.centre, fp.bearing))


def gap_contacts(a: Footprint, b: Footprint, *, touching: Iterable[int] = (), blockers: Iterable = (),
                 impassable=None, depth: float | None = None) -> list[int]:
    """The front-rank models of ``a`` not in ``touching`` (those whose bases touch ``b``) in contact
    with ``b`` across a gap: the strip straight ahead of each (:func:`gap_strip`) meets ``b`` and no
    shape of ``blockers`` (other units) nor ``impassable``. Ruleset-agnostic: a ruleset that counts
    such contacts asks (the Ninth Age's combat, fighters.contacts, and its charge placement)."""
    skip = set(touching)
    slots = a.formation.slots()
    blockers = [s for s in blockers if s is not None and not s.is_empty]
    if impassable is not None and not impassable.is_empty:
        blockers.append(impassable)
    out = []
    for i in range(len(a.models)):
        if i in skip or i >= len(slots) or slots[i][0] != 0:
            continue
        strip = gap_strip(a, i, depth)
        if strip.intersects(b.shape) and not any(strip.intersects(s) for s in blockers):
            out.append(i)
    return out


def contact_side(a: Footprint, b: Footprint, pairs: list[tuple[int, int]] | None = None) -> str | None:
    """Which side of ``a`` (front, rear, left, right) ``b`` touches, or None when apart.

    The contact is classified by the edge of ``a``'s rectangle it lies on; a contact at a
    corner goes by the arc holding the centre of the touching enemy model (§24.4). ``pairs``:
    ``models_in_contact(a, b)``, when the caller has it.
    """
    pairs = models_in_contact(a, b) if pairs is None else pairs
    if not pairs:
        return None
    w, d = a.half_width, a.half_depth
    found: list[tuple[str, int, int]] = []  # each touching pair's side, in order
    for i, j in pairs:
        pa, pb = nearest_points(a.models[i], b.models[j])
        mid = ((pa.x + pb.x) / 2, (pa.y + pb.y) / 2)
        x, y = a.local(mid)
        on_front, on_rear = abs(y - d) <= EPS_CONTACT, abs(y + d) <= EPS_CONTACT
        on_left, on_right = abs(x + w) <= EPS_CONTACT, abs(x - w) <= EPS_CONTACT
        sides = [s for s, on in (("front", on_front), ("rear", on_rear), ("left", on_left), ("right", on_right)) if on]
        if len(sides) == 1:
            side = sides[0]
        else:  # a corner (or a point not on the outline): the arc of the enemy model's centre
            c = b.models[j].centroid
            side = arc_of(a, (c.x, c.y))
            if side == "inside":
                continue
        found.append((side, i, j))
    if not found:
        return None
    if all(side == found[0][0] for side, _i, _j in found):
        return found[0][0]  # one side only: no need to weigh the votes (the costly part)
    votes: dict[str, float] = {}
    for side, i, j in found:  # the side the touching bases share the most with
        overlap = a.models[i].buffer(EPS_CONTACT).intersection(b.models[j]).area + 1e-9
        votes[side] = votes.get(side, 0.0) + overlap
    return max(votes, key=lambda s: votes[s])


def contact_graph(units: Mapping[Hashable, Footprint], sides: Mapping[Hashable, str] | None = None,
                  ) -> dict[Hashable, set[Hashable]]:
    """Which units touch which: with ``sides`` (unit -> owner), only enemies count."""
    keys = list(units)
    graph: dict[Hashable, set[Hashable]] = {k: set() for k in keys}
    for n, a in enumerate(keys):
        for b in keys[n + 1:]:
            if sides is not None and sides[a] == sides[b]:
                continue
            if in_contact(units[a], units[b]):
                graph[a].add(b)
                graph[b].add(a)
    return graph


def combats(graph: Mapping[Hashable, Iterable[Hashable]]) -> list[set[Hashable]]:
    """The connected components of a contact graph with more than one unit: the combats."""
    seen: set[Hashable] = set()
    out = []
    for start in graph:
        if start in seen or not graph[start]:
            continue
        group, stack = set(), [start]
        while stack:
            u = stack.pop()
            if u in group:
                continue
            group.add(u)
            stack.extend(v for v in graph[u] if v not in group)
        seen |= group
        out.append(group)
    return out
