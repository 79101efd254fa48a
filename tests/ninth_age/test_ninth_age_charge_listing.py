""""Show my moves" in the charge step lists the charges in reach (issue #10): each charger and
target the full charge solver found room for. The listing now asks the solver only whether a
placement exists (the first one found ends the search, ``first``), and a charge path only whether
it exists, not which unit it would first cross (``named`` False); the cheap test that a base goes
into the target settles most of the solver's "would it first touch there" questions. None of
that may change what is listed: here the listing of crowded positions is checked against the old
listing, kept below as the oracle (every placement and every path worked out, each path naming
what it crosses), and each shortcut against the full computation it replaces."""

from __future__ import annotations

import math
import random

import pytest

from engine.rulesets.ninth_age import charges, garrison
from engine.rulesets.ninth_age.actions import Charge
from engine.rulesets.ninth_age.neighbours import engaged, surroundings
from engine.rulesets.ninth_age.state import laid_out
from engine.table.charge_path import _into, _probes, charge_path
from engine.table.footprint import Formation, Pose, footprint
from engine.table.motion import clearance_problem

from game_helpers import RULESET, deploy_all, new_battle


# -- the oracle: the listing as it was, every placement and path worked out -------------------------
def _old_aligned(state, charger, target, side) -> list:
    """charges.aligned_placements before the shortcuts: the whole list, each path named (a
    ``blocked`` list asks charge_path for what each path crosses)."""
    context = charges._around(state, charger, target, frozenset())
    poses = charges.placements(state, charger, target, side, blocked=[], around=context)
    if poses or side is None or engaged(state, target):
        return poses
    open_ground = ({}, None, None if context[2] is None else {})
    if not charges.placements(state, charger, target, side, blocked=[], around=open_ground):
        return []
    tfp = target.footprint()
    from engine.table.charge import side_frame
    from engine.table.frame import to_world

    mid = side_frame(tfp, side)[0]
    around = surroundings(state, {target.id, charger.id})
    for k in range(1, int(charges.ALIGN_MAX / charges.ALIGN_STEP) + 1):
        for sign in (1, -1):
            bearing = tfp.bearing + sign * k * charges.ALIGN_STEP
            local_mid = tfp.local(mid)
            cx, cy = to_world(mid, bearing, (-local_mid[0], -local_mid[1]))
            rotated = laid_out(target.formation, Pose(x=cx, y=cy, bearing=bearing % 360))
            if clearance_problem(rotated, around, 0.0, during=False):
                continue
            poses = charges.placements(state, charger, target, side, tfp=rotated, blocked=[], around=context)
            if poses:
                return poses
    return []


def _old_legal_target(state, charger, target) -> bool:
    try:
        charges._check_reach(state, charger, target)
    except Exception:
        return False
    if target.garrison:
        return bool(garrison.assault_poses(state, charger, garrison.building_of(state, target),
                                           charges.assault_obstacles(state, charger, target)))
    side = None if target.fleeing else charges.contact_side(charger, target)
    return bool(_old_aligned(state, charger, target, side))


def _old_listing(state, seat) -> set[tuple[str, str]]:
    return {(u.id, t.id) for u in state.on_table(seat) for t in state.on_table(state.enemy_of(seat))
            if not u.declared_charge and _old_legal_target(state, u, t)}


def _listing(state, seat) -> set[tuple[str, str]]:
    return {(a.unit, a.target) for a in RULESET.legal_actions(state, seat) if isinstance(a, Charge)}


# -- crowded positions ------------------------------------------------------------------------------
_DEPLOYED = {}


def _crowded(seed: int, keep: int = 6):
    """Both sample armies deployed (seed 3), the north one brought 28-36" closer, then for this
    ``seed`` ``keep`` of the units of each side nearest the middle left on the table, each nudged up to 2" and turned up to
    40° (a move that would put it into another unit is not made): a Movement phase's charge step."""
    if not _DEPLOYED:
        _DEPLOYED["state"] = deploy_all(new_battle(3))
    state = _DEPLOYED["state"].model_copy(deep=True)
    rng = random.Random(seed)
    south = "p1" if state.sides["p1"] == "south" else "p2"
    north = state.enemy_of(south)
    closer = rng.uniform(28, 36)
    for u in state.on_table(north):
        u.pose = u.pose.moved(u.pose.x, u.pose.y - closer)
    for seat in (south, north):
        units = sorted((u for u in state.on_table(seat) if not u.host), key=lambda u: abs(u.pose.y - 24))[:keep + 3]
        rng.shuffle(units)  # of the units nearest the middle of the table
        for u in [u for u in state.on_table(seat) if not u.host and u not in units[:keep]]:
            for c in [u, *(x for x in state.units.values() if x.host == u.id)]:
                c.location, c.pose = "reserve", None
    for u in [u for u in state.on_table() if not u.host]:
        before = u.pose
        u.pose = before.moved(before.x + rng.uniform(-2, 2), before.y + rng.uniform(-2, 2),
                              before.bearing + rng.uniform(-40, 40))
        shape = u.footprint().shape
        if any(o.id != u.id and not o.host and o.footprint().shape.distance(shape) < 1.0 for o in state.on_table()) \
                or not state.table.fully_on(shape):
            u.pose = before
    seat = south if seed % 2 else north
    state.phase, state.step, state.active, state.charges = "movement", "charges", seat, []
    return state, seat


@pytest.mark.parametrize("seed", [3, 4])
def test_the_charges_listed_are_those_the_full_solver_finds(seed):
    state, seat = _crowded(seed)
    listed = _listing(state, seat)
    assert listed == _old_listing(state, seat)
    # positions where charges are listed (the next test's has some in reach with no room)
    near = {(u.id, t.id) for u in state.on_table(seat) for t in state.on_table(state.enemy_of(seat))
            if charges.gap(state, u, t) <= charges.charge_movement(state, u)[0] + charges.MAX_DICE}
    assert listed and listed <= near, (listed, near)


def test_the_first_placement_is_found_exactly_when_the_list_has_one():
    """placements(first=True) and aligned_placements(first=True) are empty exactly when the whole
    lists are, and a refusal names the same units in the way (the declaration's message)."""
    state, seat = _crowded(6)
    pairs = [(u, t) for u in state.on_table(seat) for t in state.on_table(state.enemy_of(seat))
             if not t.fleeing and charges.gap(state, u, t) <= charges.charge_movement(state, u)[0] + charges.MAX_DICE]
    assert pairs
    outcomes = set()
    for u, t in pairs:
        side = charges.contact_side(u, t)
        full_blocked, first_blocked = [], []
        full = charges.aligned_placements(state, u, t, side, blocked=full_blocked)[0]
        first = charges.aligned_placements(state, u, t, side, blocked=first_blocked, first=True)[0]
        assert bool(full) == bool(first)
        if full:
            assert len(first) == 1 and first[0].footprint.pose in [p.footprint.pose for p in full]
        else:
            assert first_blocked == full_blocked
        outcomes.add(bool(full))
    assert outcomes == {True, False}


BLOCK = Formation(base_width_mm=25.4, base_depth_mm=25.4, files=5, models=10)
RAGGED = Formation(base_width_mm=25.4, base_depth_mm=25.4, files=4, models=7)  # an incomplete last rank


@pytest.mark.parametrize("formation", [BLOCK, RAGGED])
def test_the_cheap_into_test_answers_as_the_measured_shapes(formation):
    """_into's probes (a base's middle deep inside a full block of the target) answer True only
    where measuring the shapes does; over positions all about the target, both answers arise."""
    rng = random.Random(7)
    start = footprint(formation, Pose(x=30, y=10, bearing=0))
    target = footprint(formation, Pose(x=30, y=20, bearing=180))
    hull, tshape = start.shape.convex_hull, target.shape
    full_block = abs(tshape.area - target.rect.area) < 1e-9
    probe = (_probes(start), target if full_block else None)
    seen = set()
    for _ in range(400):
        centre = (30 + rng.uniform(-6, 6), 20 + rng.uniform(-5, 5))
        bearing = rng.uniform(0, 360)
        fast = _into(start, hull, centre, bearing, tshape, tshape.bounds, probe)
        assert fast == _into(start, hull, centre, bearing, tshape, tshape.bounds), (centre, bearing)
        seen.add(fast)
    assert seen == {True, False}


def test_an_unnamed_charge_path_is_the_named_one_without_the_name():
    """charge_path(named=False) finds the same path, or none, as the named search; only the name of
    the unit in the way is left out."""
    rng = random.Random(11)
    start = footprint(BLOCK, Pose(x=30, y=10, bearing=0))
    target = footprint(BLOCK, Pose(x=34, y=24, bearing=200))
    from engine.table.charge import flush_poses

    ends = [p.footprint for s in ("front", "left", "right") for p in flush_poses(start, target, s)]
    assert ends
    found = set()
    for i in range(30):
        x, y = rng.uniform(26, 38), rng.uniform(13, 20)
        rock = footprint(Formation(base_width_mm=25.4, base_depth_mm=25.4, files=2, models=2),
                         Pose(x=x, y=y, bearing=rng.uniform(0, 90))).shape
        for end in ends[:6]:
            # unnamed first: a named answer already remembered would be given back to it
            unnamed, none = charge_path(start, end, target, {"Rock": rock}, named=False)
            named, hit = charge_path(start, end, target, {"Rock": rock})
            assert none is None
            assert (named is None) == (unnamed is None)
            if named is not None:
                assert (named.forward, named.wheel, named.then, named.align, named.contact) == \
                       (unnamed.forward, unnamed.wheel, unnamed.then, unnamed.align, unnamed.contact)
                assert math.isclose(named.swept.area, unnamed.swept.area)
            found.add(named is None)
    assert found == {True, False}
