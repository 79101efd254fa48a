"""Property tests for engine.table (§24.11 of the Ninth Age notes): the arcs partition the
plane, a wheel's arc length is θ·W, and after any accepted move units stand ≥ 1" apart."""

import itertools
import math

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from shapely.geometry import Point as ShapelyPoint

from engine.table.arcs import ARCS, arc_of, arc_region
from engine.table.footprint import Formation, Pose, footprint
from engine.table.frame import EPS_DIST
from engine.table.motion import Step, Surroundings, bottleneck_assignment, check_path, run_move
from engine.table.terrain import Table

common = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

bases = st.sampled_from([(20, 20), (25, 25), (25, 50), (40, 40), (50, 50), (50, 75), (50, 100), (100, 150)])


@st.composite
def units(draw, x=(0.0, 72.0), y=(0.0, 48.0)):
    w, d = draw(bases)
    files = draw(st.integers(1, 8))
    models = draw(st.integers(files, files * 5))
    skirmish = draw(st.booleans())
    pose = Pose(x=draw(st.floats(*x)), y=draw(st.floats(*y)), bearing=draw(st.floats(0, 359.99)))
    return footprint(Formation(base_width_mm=w, base_depth_mm=d, files=files, models=models, skirmish=skirmish), pose)


@common
@given(units(), st.floats(-40, 40), st.floats(-40, 40))
def test_arcs_partition_the_plane(fp, dx, dy):
    point = (fp.centre[0] + dx, fp.centre[1] + dy)
    p = ShapelyPoint(point)
    # keep off the boundary lines, where the convention (front/rear win) decides
    assume(all(arc_region(fp, a).exterior.distance(p) > 1e-6 for a in ARCS))
    inside = [a for a in ARCS if arc_region(fp, a).contains(p)]
    arc = arc_of(fp, point)
    if fp.rect.contains(p):
        assert arc == "inside" and inside == []
    else:
        assert inside == [arc]


@common
@given(units(), st.floats(0.5, 180), st.sampled_from(["left", "right"]))
def test_wheel_arc_length_is_theta_times_width(fp, degrees, side):
    r = run_move(fp, [Step("wheel", degrees, side)])
    assert math.isclose(r.length, math.radians(degrees) * fp.width, rel_tol=1e-12)
    outer = "front_right" if side == "left" else "front_left"
    travelled = sum(math.dist(a.corners[outer], b.corners[outer]) for a, b in zip(r.path, r.path[1:]))
    assert math.isclose(travelled, r.length, rel_tol=1e-4)  # chords of ≤ 1° against the arc
    inner = "front_left" if side == "left" else "front_right"
    assert math.dist(r.footprint.corners[inner], fp.corners[inner]) < 1e-9
    # no point of the unit moves farther than the rear outer corner's chord
    chord = 2 * math.hypot(fp.width, fp.depth) * math.sin(math.radians(degrees) / 2)
    assert r.max_displacement <= chord + 1e-9


steps = st.lists(st.one_of(
    st.builds(Step, st.just("forward"), st.floats(0, 12)),
    st.builds(Step, st.sampled_from(["back", "left", "right"]), st.floats(0, 4)),
    st.builds(Step, st.just("wheel"), st.floats(0, 90), st.sampled_from(["left", "right"])),
), min_size=1, max_size=3)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(units(x=(10, 62), y=(8, 40)), st.lists(units(), min_size=1, max_size=3), steps)
def test_after_any_accepted_move_units_are_at_least_an_inch_apart(mover, others, plan):
    table = Table()
    around = Surroundings(others={i: o for i, o in enumerate(others)}, table=table)
    assume(all(mover.shape.distance(o.shape) >= 1 for o in others))
    result = run_move(mover, plan)
    if check_path(result, around) is None:
        assert all(result.footprint.shape.distance(o.shape) >= 1 - EPS_DIST for o in others)
        assert table.fully_on(result.footprint.shape)
        assert all(table.off_table_fraction(p.shape) <= 0.5 + 1e-9 for p in result.path)


@common
@given(st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9)), min_size=1, max_size=6, unique=True),
       st.randoms(use_true_random=False))
def test_bottleneck_assignment_is_optimal(points, random):
    targets = list(points)
    random.shuffle(targets)
    targets = [(x + 0.5, y - 1) for x, y in targets]
    cost, match = bottleneck_assignment(points, targets)
    assert sorted(match) == list(range(len(points)))
    assert math.isclose(cost, max(math.dist(points[i], targets[j]) for i, j in enumerate(match)))
    best = min(max(math.dist(points[i], targets[j]) for i, j in enumerate(perm))
               for perm in itertools.permutations(range(len(points))))
    assert math.isclose(cost, best)


@common
@given(st.tuples(st.floats(0, 40), st.floats(0, 40)), st.tuples(st.floats(0, 40), st.floats(0, 40)),
       st.lists(st.tuples(st.floats(5, 35), st.floats(5, 35), st.floats(0.5, 6), st.floats(0.5, 6)), max_size=4))
def test_paths_around_obstacles_are_no_shorter_than_straight_and_keep_clear(a, b, boxes):
    from shapely.geometry import LineString, box

    from engine.table.paths import shortest_path

    obstacles = [box(x, y, x + w, y + h) for x, y, w, h in boxes]
    grown = [o.buffer(1.0, quad_segs=2, join_style="mitre") for o in obstacles]
    assume(not any(g.buffer(1e-3).contains(ShapelyPoint(p)) for g in grown for p in (a, b)))
    length, points = shortest_path(a, b, obstacles, clearance=1.0)
    if not points:
        return  # walled in
    assert length >= math.dist(a, b) - 1e-9
    assert math.isclose(length, sum(math.dist(p, q) for p, q in zip(points, points[1:])), rel_tol=1e-9)
    for p, q in zip(points, points[1:]):
        seg = LineString([p, q])
        assert all(seg.intersection(g.buffer(-1e-3)).length < 1e-6 for g in grown)
    if not any(LineString([a, b]).intersects(g.buffer(-1e-6)) for g in grown):
        assert math.isclose(length, math.dist(a, b))
