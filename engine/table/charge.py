"""Where a charger can end flush against one side of its target (the geometry of §8.5 and
§24.5's charge solver), best first.

A flush pose puts the charger's front edge on the line of the target's side, facing it, at
some offset along it. Candidate offsets line the charger's model edges up with the target's
(and centre the two); each candidate is kept if the charger's whole turn is one it can make: a
wheel of at most ``max_turn`` degrees (90°, the seed's "una sola rotazione/conversione ... non può
essere più di 90°") and then the align about the point of contact, less than 90° (a front corner
touching a side, or a corner of the target touching the front edge, meets it at less than a right
angle), so a whole turn under ``max_turn`` + 90°; the path itself is
:mod:`engine.table.charge_path`'s to find. The pose must not lie behind where the charger's front
edge started (a charge moves forward), overlap nothing, touch no other unit or impassable
terrain, and it must stand on the table. Poses are ranked by models in base contact on both sides (maximise contact;
with ``gaps``, the models in contact across a gap too), then the
smaller turn, then the shorter move. The target is never rotated here: a pose that would need
the target to turn is simply not offered.

>>> from engine.table.footprint import Formation, Pose, footprint
>>> f = Formation(base_width_mm=25.4, base_depth_mm=25.4, files=5, models=10)
>>> target = footprint(f, Pose(x=36, y=30, bearing=180))
>>> charger = footprint(f, Pose(x=38, y=20, bearing=0))
>>> best = flush_poses(charger, target, "front")[0]
>>> best.contact, best.footprint.centre, round(best.turn, 6)  # corner contacts count: a file off ties
(10, (37.0, 28.0), 0.0)
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass
from typing import Hashable, Mapping

from engine.table.contact import contact_side, gap_contacts, models_in_contact
from engine.table.footprint import Footprint, Pose
from engine.table.frame import EPS_CONTACT, direction, normalise, right_of, turn_between

ALIGN_BELOW = 90.0  # degrees: the align after the wheel turns less than this (§8.5 Allineamento)
SIDE_NORMAL = {"front": 0.0, "right": 90.0, "rear": 180.0, "left": 270.0}  # relative to the target's bearing


@dataclass(frozen=True)
class FlushPose:
    footprint: Footprint
    side: str
    contact: int  # models in base contact, both sides counted
    turn: float  # degrees the charger turned (signed, clockwise positive)
    travel: float  # how far its centre moved
    path: object = None  # the charge path that gets there (engine.table.charge_path.ChargePath), once checked


def side_frame(target: Footprint, side: str) -> tuple[tuple[float, float], tuple[float, float], float, float]:
    """Midpoint of a side, its outward bearing, and its length; plus the tangent direction."""
    w, d = target.half_width, target.half_depth
    local_mid = {"front": (0, d), "rear": (0, -d), "left": (-w, 0), "right": (w, 0)}[side]
    length = 2 * w if side in ("front", "rear") else 2 * d
    outward = normalise(target.bearing + SIDE_NORMAL[side])
    return target.world(local_mid), direction(outward), outward, length


def _boundaries(fp: Footprint, along: tuple[float, float], origin: tuple[float, float]) -> list[float]:
    """Positions of model edges projected on a direction (relative to ``origin``)."""
    out = set()
    for m in fp.models:
        for x, y in m.exterior.coords:
            out.add(round((x - origin[0]) * along[0] + (y - origin[1]) * along[1], 6))
    return sorted(out)


CACHE_SIZE = 512  # flush pose lists remembered (a declaration, each legal target listing and the
# move ask for the same ones; keyed by every input, so an answer is the one it had)
_cache: OrderedDict = OrderedDict()


def _footprint_key(f: Footprint) -> tuple:
    return f.formation.model_dump_json(), f.pose.x, f.pose.y, f.pose.bearing


def flush_poses(charger: Footprint, target: Footprint, side: str, *,
                others: Mapping[Hashable, Footprint] | None = None, impassable=None, table=None,
                max_turn: float = 90.0, landing: bool = False, sides_agree: bool = False,
                gaps: bool = False, gap_impassable=None) -> list[FlushPose]:
    """Legal flush poses of ``charger`` against ``side`` of ``target``, best first. Answers are
    remembered by their inputs (the table by its size: all it is asked is whether a pose is on it).
    ``sides_agree``: a pose must touch the side along a length, the charger's front against it, as
    the combat scores it (:func:`flush_contact`); else a corner touching a corner counts as well.
    ``gaps``: the count includes the models in contact across a gap (:func:`gap_contacts`: the
    charger's front-rank models, and the target's when its front is charged), as a ruleset's combat
    counts them; else bases touching only. ``gap_impassable``: the impassable terrain a gap is not
    crossed through, where it is not ``impassable`` (which keeps the end pose off it: an Ethereal
    charger's is widened by its 1", its combat's gaps are not)."""
    size = None if table is None else (type(table), table.width, table.height)
    key = (_footprint_key(charger), _footprint_key(target), side,
           tuple((k, _footprint_key(v)) for k, v in (others or {}).items()),
           None if impassable is None else impassable.wkb, size, max_turn, landing, sides_agree, gaps,
           None if gap_impassable is None else gap_impassable.wkb)
    found = _cache.get(key)
    if found is None:
        found = _flush_poses(charger, target, side, others=others, impassable=impassable, table=table,
                             max_turn=max_turn, landing=landing, sides_agree=sides_agree, gaps=gaps,
                             gap_impassable=gap_impassable)
        _cache[key] = found
        if len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    else:
        _cache.move_to_end(key)
    return list(found)


def _flush_poses(charger: Footprint, target: Footprint, side: str, *,
                 others: Mapping[Hashable, Footprint] | None, impassable, table,
                 max_turn: float, landing: bool, sides_agree: bool = False, gaps: bool = False,
                 gap_impassable=None) -> list[FlushPose]:
    mid, normal, outward, length = side_frame(target, side)
    bearing = normalise(outward + 180.0)  # the charger faces into the side
    turn = turn_between(charger.bearing, bearing)
    if abs(turn) >= max_turn + ALIGN_BELOW - 1e-9:  # the wheel (at most max_turn) and then the align
        return []
    tangent = right_of(bearing)  # the charger's own right, along the side
    half_w = charger.half_width
    targets = _boundaries(target, tangent, mid)
    offsets = {0.0}
    local_bounds = sorted({round(fp_x, 6) for fp_x in _charger_local_bounds(charger)})
    for p in targets:
        for q in local_bounds:
            offsets.add(round(p - q, 6))
    # where the plainest charge lands: straight on, or the whole wheel at once about the front
    # corner on the side it turns to, then straight on (§8.5)
    c0 = charger.centre
    offsets.add(round((c0[0] - mid[0]) * tangent[0] + (c0[1] - mid[1]) * tangent[1], 6))
    from engine.table.charge_path import landings

    for cx, cy in (landings(charger, target, bearing, max_turn) if landing else ()):  # where real paths land
        offsets.add(round((cx - mid[0]) * tangent[0] + (cy - mid[1]) * tangent[1], 6))
    if abs(turn) > 1e-9:
        k = charger.world((half_w if turn > 0 else -half_w, charger.half_depth))
        r = math.radians(turn)
        dx, dy = c0[0] - k[0], c0[1] - k[1]
        wheeled = (k[0] + dx * math.cos(r) + dy * math.sin(r), k[1] - dx * math.sin(r) + dy * math.cos(r))
        offsets.add(round((wheeled[0] - mid[0]) * tangent[0] + (wheeled[1] - mid[1]) * tangent[1], 6))
    start_front = charger.world((0, charger.half_depth))
    f0 = direction(charger.bearing)
    out: list[FlushPose] = []
    seen: set[tuple[float, float]] = set()  # offsets a hair apart (float noise) are one placement
    for s in sorted(offsets):
        # the charger's edge spans [s - w, s + w] along the side; it must overlap the side
        if s - half_w >= length / 2 - 1e-6 or s + half_w <= -length / 2 + 1e-6:
            continue
        cx = mid[0] + tangent[0] * s + normal[0] * charger.half_depth
        cy = mid[1] + tangent[1] * s + normal[1] * charger.half_depth
        if (round(cx, 3), round(cy, 3)) in seen:
            continue
        seen.add((round(cx, 3), round(cy, 3)))
        pose = charger.at(Pose(x=cx, y=cy, bearing=bearing))
        ahead = max((c[0] - start_front[0]) * f0[0] + (c[1] - start_front[1]) * f0[1]
                    for c in (pose.world((-pose.half_width, pose.half_depth)), pose.world((pose.half_width, pose.half_depth))))
        if ahead < -1e-6:
            continue  # wholly behind where its front started: a charge only moves forward (a wheel swings one corner on)
        if not _clear(pose, others or {}, impassable, table):
            continue
        pairs = models_in_contact(pose, target)
        mine, theirs = {i for i, _ in pairs}, {j for _, j in pairs}
        contact = len(mine) + len(theirs)
        if contact == 0 or (sides_agree and not flush_contact(pose, target, side, pairs)):
            continue
        if gaps:  # across a gap: the charger engages with its front; the target only when charged there
            blockers = [o.shape for o in (others or {}).values()]
            walls = impassable if gap_impassable is None else gap_impassable
            contact += len(gap_contacts(pose, target, touching=mine, blockers=blockers, impassable=walls))
            if side == "front":
                contact += len(gap_contacts(target, pose, touching=theirs, blockers=blockers, impassable=walls))
        travel = math.dist(pose.centre, charger.centre)
        out.append(FlushPose(pose, side, contact, turn, travel))
    out.sort(key=lambda p: (-p.contact, abs(p.turn), round(p.travel, 6), p.footprint.centre))
    return out


FLUSH_MIN = 3 * EPS_CONTACT  # inches of the charger's front edge along the side: less is a corner touching a corner


def flush_contact(pose: Footprint, target: Footprint, side: str, pairs: list[tuple[int, int]] | None = None) -> bool:
    """Whether a charger standing at ``pose`` is flush with ``side`` of ``target`` as a combat reads
    it (§8.5: "le Unità devono ora essere allineate una verso l'altra, in modo tale che i loro lati
    siano in contatto"; the charger engages "con il lato Frontale"): its front edge runs along a
    model of that side for more than a corner's touch, its own contact side is its front, and the
    target's side it touches (:func:`engine.table.contact.contact_side`, what the combat scores as
    flank or rear) is ``side``. Against the flank of a unit whose last rank is short, a charger
    hanging past the rear touches only the corner of the last full rank: not flush. A round base
    (no arcs, no edge to lie along) is not held to it. ``pairs``: ``models_in_contact(pose,
    target)``, when the caller has it."""
    if not (pose.has_arcs and target.has_arcs):
        return True
    along = pose.front_edge.intersection(target.within_contact).length
    if along <= FLUSH_MIN:
        return False
    pairs = models_in_contact(pose, target) if pairs is None else pairs
    return contact_side(pose, target, pairs) == "front" and contact_side(target, pose, sorted((j, i) for i, j in pairs)) == side


def _charger_local_bounds(fp: Footprint) -> list[float]:
    xs = []
    for m in fp.local_models:
        for x, _ in m.exterior.coords:
            xs.append(x)
    return xs


def _clear(pose: Footprint, others: Mapping[Hashable, Footprint], impassable, table) -> bool:
    """Whether ``pose`` keeps clear of the other units (touching none), of impassable terrain,
    and stands on the table. Its bounding rectangle, which holds its bases, is asked first: the
    union of its bases is built only when that rectangle comes near something."""
    rect = pose.rect
    b = rect.bounds
    for other in others.values():
        o = other.shape
        ob = o.bounds  # bounds farther apart than EPS_CONTACT: so are the shapes
        if ob[0] > b[2] + EPS_CONTACT or ob[2] < b[0] - EPS_CONTACT or ob[1] > b[3] + EPS_CONTACT \
                or ob[3] < b[1] - EPS_CONTACT:
            continue
        if rect.distance(o) <= EPS_CONTACT and pose.shape.distance(o) <= EPS_CONTACT:
            return False
    if impassable is not None and not impassable.is_empty and rect.intersects(impassable) \
            and pose.shape.intersects(impassable):
        return False
    if table is not None and not table.fully_on(rect) and not table.fully_on(pose.shape):
        return False
    return True
