"""The path a charge moves along (§8.5; the seed's "Movimento di Carica": "Durante il movimento
può essere effettuata una sola rotazione/conversione. Questa rotazione non può essere più di
90°", then the align "attorno al punto in cui è entrata in contatto con il nemico"): the ground
swept by the wheel, the forward move and the align, not the hull of where the charger starts
and ends."""

import math

import pytest
from shapely.geometry import box

from engine.rulesets.ninth_age.actions import Charge, EndStep
from engine.table.charge_path import charge_path
from engine.table.footprint import Formation, Pose, footprint

from game_helpers import RULESET, apply, scenario
from loaded_dice import load

BLOCK = Formation(base_width_mm=25.4, base_depth_mm=25.4, files=4, models=8)  # 4" wide, 2" deep


def _wheel_then_forward():
    """A charger at (30, 10) facing north wheels right 90° about its front right corner (32, 11),
    then goes 5" east into the rear of a unit facing east."""
    start = footprint(BLOCK, Pose(x=30, y=10, bearing=0))
    end = footprint(BLOCK, Pose(x=36, y=13, bearing=90))  # front edge x = 37, y 11-15
    target = footprint(BLOCK, Pose(x=38, y=13, bearing=90))  # its rear edge on x = 37
    return start, end, target


def test_the_path_is_the_wheel_then_the_forward_move():
    start, end, target = _wheel_then_forward()
    path, hit = charge_path(start, end, target, {})
    assert hit is None
    assert (round(path.forward, 6), path.wheel, round(path.then, 6), path.align) == (0.0, 90.0, 5.0, 0.0)
    assert path.length == pytest.approx(5 + math.pi / 2 * 4)  # the outer corner's arc, θ·W (§8.14)
    # the centres drawn on the board follow the wheel's arc, then the straight move
    assert path.centres[0] == (30, 10) and path.centres[-1] == (36, 13) and len(path.centres) > 3


def test_a_wheel_around_ground_a_straight_sweep_covers_is_accepted():
    start, end, target = _wheel_then_forward()
    rock = box(33.8, 10.4, 34.2, 10.8)  # east of the charger's flank, below where the wheel turns
    straight = start.shape.union(end.shape).convex_hull
    assert straight.intersection(rock).area > 0  # the old check (start to end hull) would refuse it
    path, hit = charge_path(start, end, target, {"Rock": rock})
    assert path is not None and hit is None and path.wheel == 90.0
    assert path.swept.intersection(rock).area == 0


def test_ground_only_the_wheel_sweeps_is_refused_naming_it():
    start, end, target = _wheel_then_forward()
    stake = box(28.8, 13.3, 29.2, 13.7)  # north-west of the corner: the wheeling rear swings over it
    straight = start.shape.union(end.shape).convex_hull
    assert straight.intersection(stake).area == 0  # a straight sweep would have let it through
    path, hit = charge_path(start, end, target, {"Stake": stake})
    assert path is None and hit == "Stake"


def test_a_sidestep_is_a_wheel_a_forward_move_and_the_align_about_the_point_of_contact():
    start = footprint(BLOCK, Pose(x=30, y=10, bearing=0))
    target = footprint(BLOCK, Pose(x=34, y=30, bearing=180))  # its front edge y = 29, x 32-36
    end = footprint(BLOCK, Pose(x=33, y=28, bearing=0))  # flush, 3" to the right of where it stood
    path, hit = charge_path(start, end, target, {})
    assert hit is None and path.wheel > 0 and path.align == pytest.approx(-path.wheel)
    cx, cy = path.contact
    assert cy == pytest.approx(29) and 32 - 1e-6 <= cx <= 36 + 1e-6  # it turns about where it touched
    assert path.swept.intersection(target.shape).area < 1e-3  # into contact, never through the target


def test_only_the_wheel_is_limited_to_90_degrees_a_near_90_wheel_then_a_small_align_is_tried():
    # the seed limits the one wheel of the charge move ("Questa rotazione non può essere più di
    # 90°"); the align after it ("ruotare l'Unità in carica attorno al punto in cui è entrata in
    # contatto") is not that wheel. Facing 260°, the charger needs a 100° turn to stand flush on a
    # front facing 180°: a 90° wheel and a 10° align
    from engine.table.charge import flush_poses

    target = footprint(BLOCK, Pose(x=30, y=30, bearing=180))
    start = footprint(BLOCK, Pose(x=37, y=22, bearing=260))
    poses = flush_poses(start, target, "front")
    assert poses and all(p.turn == pytest.approx(100) for p in poses)
    for pose in poses[:4]:
        path, hit = charge_path(start, pose.footprint, target, {})
        assert hit is None and path.wheel == 90.0 and path.align == pytest.approx(10)
        assert path.swept.intersection(target.shape).area < 1e-3
    # a whole turn a wheel of 90° and an align (less than a right angle) cannot make: none
    behind = footprint(BLOCK, Pose(x=30, y=22, bearing=180))  # its back to the target's front
    assert flush_poses(behind, target, "front") == []
    # with the wheel limited to 5°, a 100° turn is out of reach as well
    assert flush_poses(start, target, "front", max_turn=5.0) == []


def test_the_board_draws_the_charge_path_from_where_the_charger_started_to_where_it_stands():
    # a charge that must wheel: the board's charge line follows the wheel (more than two points)
    state = scenario({"Spearmen": (30, 14, 20, 6), "Brutes": (33, 22, 180)}, step="charges")
    state = apply(state, Charge(seat="p1", unit="Spearmen", target="Brutes"), {"reaction": "hold"})
    load(state, 6, 6)
    start = state.units["Spearmen"].footprint().centre
    state = apply(state, EndStep(seat="p1"))
    line = next(p for p in RULESET.board(state).paths if p.kind == "charge")
    assert tuple(line.points[0]) == pytest.approx(start)
    assert len(line.points) > 2  # the wheel is drawn as an arc, not a straight line
    from shapely.geometry import Point

    assert state.units["Spearmen"].footprint().shape.contains(Point(line.points[-1]))  # it ends where they stand


def test_the_charge_move_says_the_path_it_moved():
    state = scenario({"Spearmen": (30, 14, 20, 6), "Brutes": (33, 22, 180)}, step="charges")
    state = apply(state, Charge(seat="p1", unit="Spearmen", target="Brutes"), {"reaction": "hold"})
    load(state, 6, 6)
    log = []
    apply(state, EndStep(seat="p1"), log=log)
    home = next(e.text for e in log if "charge home" in e.text)
    # a 20° turn to the left: wheel left (about the front left corner), forward, the align the rest
    path = home.split(" Their path: ")[1]  # Spearmen: theirs (played: "Knights charge home … Its path")
    assert path.startswith("forward ") and "wheel left " in path and "\" at the outer corner" in path
    assert path.endswith("align 10° to the left about the point of contact.") or "wheel left 20°" in path


# -- the quick search decides as the plain one -----------------------------------------------------
# The search builds a turn's swept ground only where some shape comes near the hull of the turn's
# positions, checks where the charger first touches the target before sweeping anything, and
# remembers its answers. ``_plain_charge_path`` is the search as first written (every part swept
# and united, then measured against the target and each obstacle; numpy candidates), sweeping its
# turns with ``cp._turn``, itself pinned to the triangle-by-triangle ``_plain_turn`` below: the
# two searches must agree.
from random import Random

import numpy as np
from shapely import affinity
from shapely.geometry import Point, Polygon
from shapely.ops import unary_union

from engine.table import charge_path as cp
from engine.table.charge import flush_poses
from engine.table.footprint import Pose as _Pose
from engine.table.frame import direction, right_of, turn_between


def _plain_matrix(degrees):
    r = math.radians(degrees)
    return np.array([[math.cos(r), math.sin(r)], [-math.sin(r), math.cos(r)]])


def _plain_turn(shape, about, degrees):
    """What ``shape`` (convex) sweeps turning ``degrees`` clockwise about ``about``, a point of
    its outline; and where it ends. The shape is cut into triangles meeting at ``about``, and
    each sweeps as the hulls of its positions a few degrees apart: the hull of two whole
    positions would bridge the notch where their edges cross at ``about`` (an align turning about
    a point in the middle of the front edge would seem to cut into the target)."""
    n = max(1, math.ceil(abs(degrees) / cp.SWEEP_STEP))
    coords = list(shape.exterior.coords)[:-1]
    fan = [Polygon([about, a, b]) for a, b in zip(coords, coords[1:] + coords[:1])]
    fan = [t for t in fan if t.area > 1e-9] or [shape]
    pieces = []
    for piece in fan:
        positions = [affinity.rotate(piece, -degrees * k / n, origin=about) for k in range(n + 1)]
        pieces += [a.union(b).convex_hull for a, b in zip(positions, positions[1:])]
    return unary_union(pieces), affinity.rotate(shape, -degrees, origin=about)


def _plain_candidates(start, end, target, max_wheel):
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
        if abs(ly - d) <= cp.TOUCH and abs(lx) < w - 1e-6:
            pivots.append(lx)
    for wheel in cp._wheels(total, max_wheel):
        align = total - wheel
        if abs(align) > 180 - 1e-9:
            continue
        if abs(wheel) > 1e-9:
            k0 = np.array(start.world((w if wheel > 0 else -w, d)))
            after = k0 + _plain_matrix(wheel) @ (c0 - k0)
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
        back = _plain_matrix(-align)
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


def _plain_charge_path(start, end, target, obstacles, max_wheel=cp.MAX_WHEEL):
    first_hit = None
    hull = start.shape.convex_hull
    w, d = start.half_width, start.half_depth
    tshape = target.shape
    swept_count = 0
    union = unary_union(list(obstacles.values())) if obstacles else None
    for a, wheel, b, align, u in _plain_candidates(start, end, target, max_wheel):
        if a < -1e-6 or b < -1e-6 or abs(u) > w + 1e-6:
            continue
        if swept_count >= cp.MAX_SWEPT:
            break
        a, b = max(a, 0.0), max(b, 0.0)
        f0 = np.array(direction(start.bearing))
        pieces, shape, centre = [], hull, np.array(start.centre)
        if a > 1e-9:
            swept, shape = cp._slide(shape, a * f0)
            pieces.append(swept)
            centre = centre + a * f0
        if abs(wheel) > 1e-9:
            corner = np.array(start.world((w if wheel > 0 else -w, d))) + a * f0
            swept, shape = cp._turn(shape, tuple(corner), wheel)
            pieces.append(swept)
            centre = np.array(cp._centres_turning(tuple(centre), tuple(corner), wheel)[-1])
        fw = np.array(direction(start.bearing + wheel))
        if b > 1e-9:
            swept, shape = cp._slide(shape, b * fw)
            pieces.append(swept)
            centre = centre + b * fw
        contact = None
        if abs(align) > 1e-9:
            pre = start.at(_Pose(x=float(centre[0]), y=float(centre[1]), bearing=(start.bearing + wheel) % 360))
            contact = pre.world((u, d))
            if Point(contact).distance(tshape) > cp.TOUCH or pre.shape.intersection(tshape).area > cp.INTO_TARGET:
                continue
            swept, shape = cp._turn(shape, contact, align)
            pieces.append(swept)
        swept_count += 1
        ground = unary_union(pieces) if pieces else hull
        if ground.intersection(tshape).area > cp.INTO_TARGET:
            continue
        clear = union is None or ground.intersection(union).area <= cp.INTO_OTHER
        hit = None if clear else next((k for k, o in obstacles.items() if ground.intersection(o).area > cp.INTO_OTHER), None)
        if hit is not None:
            if first_hit is None:
                first_hit = hit
            continue
        return (a, wheel, b, align, contact, ground), None
    return None, first_hit


def _random_layout(rng, wall=False):
    """A charger, a target ahead of it (any facing), and stakes, rocks and units scattered
    about the way between them, some touching the charger's or the target's edges."""
    f = Formation(base_width_mm=25.4, base_depth_mm=rng.choice([25.4, 50.8]), files=rng.randint(2, 5),
                  models=rng.randint(5, 15))
    start = footprint(f, Pose(x=30, y=10, bearing=rng.uniform(-30, 30) % 360))
    tf = Formation(base_width_mm=rng.choice([25.4, 40]), base_depth_mm=25.4, files=rng.randint(2, 5), models=10)
    target = footprint(tf, Pose(x=30 + rng.uniform(-8, 8), y=10 + rng.uniform(6, 16), bearing=rng.uniform(0, 360)))
    obstacles = {}
    for i in range(rng.randint(1, 6)):
        x, y = rng.uniform(20, 42), rng.uniform(6, 30)
        s = rng.uniform(0.2, 3)
        ob = affinity.rotate(box(x - s, y - s / 2, x + s, y + s / 2), rng.uniform(0, 180))
        if ob.intersection(start.shape).area > 1e-6 or ob.intersection(target.shape).area > 1e-6:
            continue
        obstacles[f"o{i}"] = ob
    if wall:  # a wall along the charger's left flank, touching it (charge_path.standing_against)
        (x0, y0), (x1, y1) = start.world((-start.half_width, -start.half_depth)), start.world((-start.half_width, start.half_depth))
        wall = Polygon([(x0, y0), (x1, y1), start.world((-start.half_width - 1, start.half_depth)),
                        start.world((-start.half_width - 1, -start.half_depth))])
        obstacles["wall"] = wall
    return start, target, obstacles


def test_the_quick_search_decides_every_random_charge_as_the_plain_search():
    rng = Random(8_6)
    compared = paths = refused = 0
    walled = wide = 0  # wide: paths of a whole turn over 90° (a wheel, then the align)
    for layout in range(15):
        start, target, obstacles = _random_layout(rng, wall=layout % 5 == 4)
        walled += "wall" in obstacles
        for side in ("front", "left", "right", "rear"):
            for pose in flush_poses(start, target, side)[:3]:
                end = pose.footprint
                cp._cache.clear()
                quick, hit = charge_path(start, end, target, obstacles)
                # an obstacle the charger stands against counts only deeper than EPS_CONTACT: the
                # rule, not the quick search, so the plain search is given the same ground
                plain, plain_hit = _plain_charge_path(start, end, target, cp.standing_against(start, obstacles))
                assert hit == plain_hit
                assert (quick is None) == (plain is None)
                compared += 1
                if plain is None:
                    refused += hit is not None
                    continue
                paths += 1
                wide += abs(pose.turn) > 90
                a, wheel, b, align, contact, ground = plain
                assert (quick.wheel, quick.align) == (wheel, align)
                assert (quick.forward, quick.then) == pytest.approx((a, b), abs=1e-9)
                assert (contact is None) == (quick.contact is None)
                assert contact is None or quick.contact == pytest.approx(contact, abs=1e-9)
                assert quick.swept.symmetric_difference(ground).area < 1e-9
                # asked again, the remembered answer is the same
                again, again_hit = charge_path(start, end, target, obstacles)
                assert again_hit is None and (again.forward, again.wheel, again.align) == (quick.forward, wheel, align)
    assert compared > 80 and paths > 30 and refused > 10  # the layouts exercise every verdict
    assert walled == 3 and wide > 3


def test_the_turns_sweep_all_at_once_what_they_swept_triangle_by_triangle():
    rng = Random(90)
    for _turn in range(150):
        w, d = rng.uniform(1, 10), rng.uniform(1, 6)
        cx, cy = rng.uniform(0, 50), rng.uniform(0, 40)
        rect = affinity.rotate(box(cx - w, cy - d, cx + w, cy + d), rng.uniform(0, 360), origin=(cx, cy))
        corners = list(rect.exterior.coords)[:-1]
        k, share = rng.randrange(4), rng.choice([0.0, rng.random()])  # about a corner or a point of an edge
        p, q = corners[k], corners[(k + 1) % 4]
        about = (p[0] + share * (q[0] - p[0]), p[1] + share * (q[1] - p[1]))
        degrees = rng.uniform(-120, 120)
        swept, ends = cp._turn(rect, about, degrees)
        plain, plain_ends = _plain_turn(rect, about, degrees)
        assert swept.symmetric_difference(plain).area < 1e-9 and ends.equals_exact(plain_ends, 1e-9)
        assert cp._turn_bound(rect, about, degrees).buffer(1e-9).contains(swept)


def test_an_obstacle_inside_the_hull_of_an_align_but_off_its_sweep_is_measured_not_refused():
    # the sidestep: the align turns about a point of the front edge, and the hull of its positions
    # bridges the notch beside that point, left of the target's front edge (y = 29, x 32-36)
    start = footprint(BLOCK, Pose(x=30, y=10, bearing=0))
    target = footprint(BLOCK, Pose(x=34, y=30, bearing=180))
    end = footprint(BLOCK, Pose(x=33, y=28, bearing=0))
    pebble = box(31.88, 29.05, 31.95, 29.11)
    path, _hit = charge_path(start, end, target, {})
    assert path.contact == pytest.approx((32, 29)) and path.align < 0
    assert path.parts[-1].bound.intersection(pebble).area > 0  # the cheap bound takes it in
    assert path.swept.intersection(pebble).area == 0 and pebble.intersection(target.shape).area == 0
    cp._cache.clear()
    path, hit = charge_path(start, end, target, {"Pebble": pebble})
    assert path is not None and hit is None  # measured against the sweep itself: not in the way
    assert _plain_charge_path(start, end, target, {"Pebble": pebble})[0] is not None


def test_a_turn_kept_apart_from_every_shape_is_never_swept_until_asked_for():
    start, end, target = _wheel_then_forward()
    cp._cache.clear()
    path, _hit = charge_path(start, end, target, {"Far": box(0, 40, 2, 42)})
    wheel = path.parts[0]
    assert wheel._exact is None  # decided without building the wheel's ground
    assert path.swept.equals(unary_union([p.exact for p in path.parts]))
    assert path.swept.intersection(box(28.8, 13.3, 29.2, 13.7)).area > 0  # the wheel's ground, once asked


def test_flush_poses_remembered_are_the_flush_poses_worked_out_again():
    # flush_poses remembers its answers by every input (the charger, the target, the side, the
    # other units, the impassable ground, the table's size, the turn allowed, the landings):
    # asked again, or for a layout that differs in one input, it answers as working them out anew
    from engine.table import charge as ch
    from engine.table.terrain import Table

    rng = Random(4_7)
    table = Table()
    compared = 0
    for _layout in range(12):
        start, target, obstacles = _random_layout(rng)
        others = {"friend": footprint(BLOCK, Pose(x=start.centre[0] + rng.uniform(-8, 8), y=start.centre[1] + 8,
                                                  bearing=rng.uniform(0, 360)))}
        rock = unary_union(list(obstacles.values()))
        for side in ("front", "left", "right", "rear"):
            for landing in (False, True):
                kw = dict(others=others, impassable=rock, table=table, landing=landing)
                ch._cache.clear()
                first = ch.flush_poses(start, target, side, **kw)
                again = ch.flush_poses(start, target, side, **kw)
                fresh = ch._flush_poses(start, target, side, max_turn=90.0, **kw)
                assert first == again == fresh
                compared += bool(fresh)
                moved = {"friend": others["friend"].at(_Pose(x=others["friend"].centre[0] + 0.5,
                                                             y=others["friend"].centre[1], bearing=0))}
                assert ch.flush_poses(start, target, side, **{**kw, "others": moved}) == \
                    ch._flush_poses(start, target, side, max_turn=90.0, **{**kw, "others": moved})
    assert compared > 20


def test_clearance_skips_only_units_whose_bounds_keep_the_gap():
    # clearance_problem passes over a unit whose bounds are at least the gap away from the unit's
    # (then so are the bases): it names the same problem as measuring every unit (an overlap is
    # one at every gap, 0 included)
    from engine.table.motion import Surroundings, clearance_problem

    rng = Random(12)
    for _case in range(150):
        fp = footprint(BLOCK, _Pose(x=30, y=20, bearing=rng.uniform(0, 360)))
        others = {f"u{i}": footprint(BLOCK, _Pose(x=30 + rng.uniform(-9, 9), y=20 + rng.uniform(-9, 9),
                                                  bearing=rng.uniform(0, 360))) for i in range(3)}
        around = Surroundings(others=others, impassable=None, table=None, names={k: k for k in others})
        for gap in (0.0, 0.5, 1.0):
            plain = next((k for k, o in others.items() if fp.shape.distance(o.shape) < gap - 1e-3
                          or fp.shape.intersection(o.shape).area > 1e-6), None)  # within the gap, or overlapping
            problem = clearance_problem(fp, around, gap, during=False)
            assert (problem is None) == (plain is None)
            assert plain is None or plain in str(problem)
