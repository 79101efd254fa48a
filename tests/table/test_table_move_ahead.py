"""engine.table.motion.move_ahead: a unit goes straight ahead until it touches a given unit, the
table edge, would overlap a unit or Impassable terrain, or has used its distance, and ends at the
farthest place no farther that keeps the clearance. Where it stops is computed exactly (shapely
distances, closed-form intervals), checked here against the geometry and against dense sampling."""

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from shapely.geometry import Polygon, box

from engine.table.footprint import Formation, Pose, footprint
from engine.table.motion import IMPASSABLE, Surroundings, clearance_problem, move_ahead, translate
from engine.table.terrain import Table

INF = Formation(base_width_mm=25.4, base_depth_mm=25.4, files=5, models=10)  # 5" x 2"
TABLE = Table(width=72, height=48)


def _at(x, y, bearing=0.0, formation=INF):
    return footprint(formation, Pose(x=x, y=y, bearing=bearing))


def _around(others=None, rock=None):
    return Surroundings(others=others or {}, impassable=rock, table=TABLE)


def test_it_stops_exactly_1_inch_before_a_unit_in_its_way_and_names_it():
    ahead = move_ahead(_at(30, 10), 9, _around({"B": _at(30, 20)}))
    assert (ahead.stop, ahead.met) == ("blocked", ("B",))
    assert ahead.at == pytest.approx(8.0) and ahead.moved == pytest.approx(7.0)
    assert ahead.footprint.shape.distance(_at(30, 20).shape) == pytest.approx(1.0, abs=1e-9)


def test_it_stops_where_it_touches_a_contact_unit():
    ahead = move_ahead(_at(30, 10), 9, _around({"B": _at(30, 20)}), contact=["B"])
    assert (ahead.stop, ahead.met, ahead.at) == ("contact", ("B",), pytest.approx(8.0))
    assert ahead.reached.shape.distance(_at(30, 20).shape) == pytest.approx(0.0, abs=1e-9)
    # touching at the start and moving off it is no contact
    behind = move_ahead(_at(30, 10), 3, _around({"B": _at(30, 8)}), contact=["B"])
    assert behind.stop == "distance" and behind.moved == pytest.approx(3.0)


def test_it_never_passes_a_thin_obstacle_that_a_sampled_move_would_jump():
    thin = box(25, 14.02, 35, 14.06)  # 0.04" deep: between two 0.1" samples
    ahead = move_ahead(_at(30, 10), 9, _around(rock=thin))
    assert (ahead.stop, ahead.met) == ("blocked", (IMPASSABLE,))
    assert ahead.at == pytest.approx(3.02) and ahead.moved == pytest.approx(2.02)


def test_a_notch_in_non_convex_impassable_terrain_is_measured_to_its_inner_edges():
    # a U open to the south: the unit goes up the notch and stops 1" from its floor
    u_shape = Polygon([(20, 30), (20, 18), (22, 18), (22, 26), (38, 26), (38, 18), (40, 18), (40, 30)])
    assert u_shape.is_valid
    ahead = move_ahead(_at(30, 10, formation=Formation(base_width_mm=25.4, base_depth_mm=25.4, files=5, models=5)),
                       20, _around(rock=u_shape))
    assert ahead.stop == "blocked" and ahead.reached.shape.bounds[3] == pytest.approx(26)
    assert ahead.footprint.shape.bounds[3] == pytest.approx(25)
    assert clearance_problem(ahead.footprint, _around(rock=u_shape), 1.0, during=False) is None


def test_the_table_edge_stops_it_touching_or_is_a_limit_of_where_it_may_end():
    ahead = move_ahead(_at(30, 40), 20, _around(), edge=True)
    assert ahead.stop == "edge" and ahead.at == pytest.approx(7.0) and ahead.reached.shape.bounds[3] == pytest.approx(48)
    ahead = move_ahead(_at(30, 40), 20, _around())
    assert ahead.stop == "distance" and ahead.moved == pytest.approx(7.0)
    # flush with an edge and sliding along it: it touches it at once
    flush = move_ahead(_at(2.5, 20), 5, _around(), edge=True)
    assert flush.stop == "edge" and flush.at == 0
    # flush with it and moving away: no edge
    away = move_ahead(_at(30, 1, 0), 5, _around(), edge=True)
    assert away.stop == "distance"


def test_an_obstacle_it_overlaps_at_the_start_stops_it_only_going_deeper():
    deeper = move_ahead(_at(30, 10), 5, _around({"B": _at(30, 11.5)}))
    assert (deeper.stop, deeper.met, deeper.at, deeper.footprint) == ("blocked", ("B",), 0.0, None)
    out = move_ahead(_at(30, 10), 5, _around({"B": _at(30, 8.5)}))
    assert out.stop == "distance" and out.moved == pytest.approx(5.0)


def test_sliding_flush_past_a_unit_is_no_overlap_but_no_place_beside_it_is_legal():
    ahead = move_ahead(_at(30, 10), 8, _around({"B": _at(35, 12)}))
    assert ahead.stop == "distance" and ahead.at == 8
    # legal again once its rear is 1" past the unit's front (after 5")
    assert ahead.moved == pytest.approx(8.0)
    short = move_ahead(_at(30, 10), 3, _around({"B": _at(35, 12)}))
    assert short.footprint is None


def test_a_turned_unit_with_round_bases_stops_1_inch_from_a_turned_unit():
    rounds = Formation(base_width_mm=40, base_depth_mm=40, files=1, models=1, round_base=True)
    mover = _at(10, 10, 45, rounds)
    other = _at(20, 20, 30)
    ahead = move_ahead(mover, 20, _around({"B": other}))
    assert ahead.stop == "blocked"
    assert ahead.footprint.shape.distance(other.shape) == pytest.approx(1.0, abs=1e-9)
    assert ahead.reached.shape.distance(other.shape) == pytest.approx(0.0, abs=1e-9)


# properties: the answer against the geometry, and against sampling the move densely

COORD = st.floats(8, 64)
FORMATIONS = st.sampled_from([INF, Formation(base_width_mm=25, base_depth_mm=50, files=5, models=5),
                              Formation(base_width_mm=20, base_depth_mm=20, files=6, models=27),  # a ragged rear
                              Formation(base_width_mm=40, base_depth_mm=40, files=1, models=1, round_base=True)])
BEARING = st.floats(0, 359.9)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=st.tuples(st.floats(8, 64), st.floats(8, 40), BEARING), formation=FORMATIONS,
       others=st.lists(st.tuples(COORD, st.floats(4, 44), BEARING, FORMATIONS), max_size=3),
       rock=st.one_of(st.none(), st.tuples(COORD, st.floats(4, 44), st.floats(0.05, 6), st.floats(0.05, 6))),
       go=st.floats(0.5, 14), contact=st.booleans(), edge=st.booleans())
def test_property_the_stop_is_exact_never_past_an_obstacle_and_the_end_keeps_1_inch(start, formation, others, rock,
                                                                                      go, contact, edge):
    fp = _at(*start, formation)
    units = {f"U{i}": _at(x, y, b, f) for i, (x, y, b, f) in enumerate(others)}
    stone = box(rock[0], rock[1], rock[0] + rock[2], rock[1] + rock[3]) if rock else None
    around = _around(units, stone)
    obstacles = {**{k: u.shape for k, u in units.items()}, **({IMPASSABLE: stone} if stone else {})}
    touchable = ["U0"] if contact and units else []
    ahead = move_ahead(fp, go, around, contact=touchable, edge=edge)
    assert 0 <= ahead.at <= go + 1e-9 and 0 <= ahead.moved <= ahead.at + 1e-9
    already = {k for k, s in obstacles.items() if fp.shape.intersection(s).area > 1e-9}
    # never past an obstacle: the way to the stop overlaps none it did not stand on
    swept = fp.shape.union(ahead.reached.shape).convex_hull
    for k, s in obstacles.items():
        if k not in already:
            assert swept.intersection(s).area <= 1e-6, f"the way runs through {k}"
    # the stop is exact: a hair farther it overlaps, touches or crosses what stopped it
    beyond = translate(fp, 0, ahead.at + 1e-4)
    if ahead.stop == "blocked":
        assert any(beyond.shape.intersection(obstacles[k]).area > 0 for k in ahead.met)
    elif ahead.stop == "contact":
        assert ahead.reached.shape.distance(units["U0"].shape) <= 1e-6
    elif ahead.stop == "edge":
        assert TABLE.touches_edge(beyond.shape)
    else:
        assert ahead.at == pytest.approx(go)
    # the end keeps the 1" rule, fully on the table; no sampled place past it up to the stop does
    if ahead.footprint is not None:
        assert clearance_problem(ahead.footprint, around, 1.0, during=False) is None
    def legal(t):
        shape = translate(fp, 0, t).shape
        return TABLE.area.covers(shape) and all(shape.distance(s) >= 1 - 1e-7 for s in obstacles.values())

    lo = ahead.moved + 1e-4 if ahead.footprint is not None else 0.0
    for k in range(61):
        t = lo + (ahead.at - lo) * k / 60
        if lo <= t <= ahead.at:
            assert not legal(t), f"a legal place {t}\" on, past the end {ahead.moved}\""


def test_a_clearance_kept_during_the_move_stops_it_where_it_would_come_closer():
    # ½" during the move (a failed charge, §8.7/§6.3): blocked where it comes ½" from the unit
    ahead = move_ahead(_at(30, 10), 9, _around({"B": _at(30, 20)}), during=0.5)
    assert (ahead.stop, ahead.met) == ("blocked", ("B",)) and ahead.at == pytest.approx(7.5, abs=2e-3)
    assert ahead.moved == pytest.approx(7.0)
    # a unit already closer than ½" and moving away is not stopped
    away = move_ahead(_at(30, 10), 3, _around({"B": _at(30, 7.7)}), during=0.5)
    assert away.stop == "distance"


def test_it_says_what_blocked_it_by_name_and_why_and_what_kept_its_end_short():
    from engine.table.motion import Met

    # a unit: overlapping it stops the move, and the 1" rule keeps the end short of the stop
    ahead = move_ahead(_at(30, 10), 9, _around({"B": _at(30, 20)}))
    assert ahead.blocked_by == (Met("B", False, "overlap"),)
    assert ahead.short_by == (Met("B", False, "gap", 1.0),)
    # the ½" kept during the move: blocked by coming within it
    during = move_ahead(_at(30, 10), 9, _around({"B": _at(30, 20)}), during=0.5)
    assert during.blocked_by == (Met("B", False, "gap", 0.5),)
    # terrain features by their names, when the surroundings list them; the one in the way only
    crag, cairn = box(25, 17, 35, 18), box(50, 40, 52, 42)
    named = Surroundings(others={}, impassable=crag.union(cairn), table=TABLE,
                         blockers=[("Crag", crag, "Impassable"), ("Cairn", cairn, "Impassable")])
    ahead = move_ahead(_at(30, 10), 9, named)
    assert ahead.met == (IMPASSABLE,) and ahead.blocked_by == (Met("Crag", True, "overlap"),)
    assert ahead.short_by == (Met("Crag", True, "gap", 1.0),)
    assert ahead.at == pytest.approx(6.0) and ahead.moved == pytest.approx(5.0)
    # nothing in the way: none
    free = move_ahead(_at(30, 10), 3, _around())
    assert free.stop == "distance" and free.blocked_by == () and free.short_by == ()
    # no place at all: the start itself is too near
    stuck = move_ahead(_at(30, 10), 3, _around({"B": _at(30, 12.5)}), during=0.0)
    assert stuck.footprint is None and stuck.short_by == (Met("B", False, "gap", 1.0),)


def test_whole_meets_a_unit_at_its_rectangle_not_in_the_empty_slots_of_its_short_last_rank():
    # B: 5 x 1" bases facing north, 12 models: its last rank of 2 stands in files 1-2, files 3-4
    # empty (x 30.5-32.5, y 20.5-21.5). A 1" single model heads north, half behind file 4's slot.
    short = Formation(base_width_mm=25.4, base_depth_mm=25.4, files=5, models=12)
    target = _at(30, 22, formation=short)
    one = Formation(base_width_mm=25.4, base_depth_mm=25.4, files=1, models=1)
    start = _at(32.5, 10, formation=one)
    loose = move_ahead(start, 15, _around({"B": target}), contact=["B"], clearance=0.0)
    assert loose.stop == "contact" and loose.reached.shape.bounds[3] == pytest.approx(21.5)  # inside, at rank 2
    whole = move_ahead(start, 15, _around({"B": target}), contact=["B"], clearance=0.0, whole=True)
    assert whole.stop == "contact" and whole.met == ("B",)
    assert whole.reached.shape.bounds[3] == pytest.approx(target.rect.bounds[1]) == pytest.approx(20.5)
    assert whole.reached.shape.distance(target.shape) > 0.9  # no base touched: the caller's to say
    # and as an obstacle: stopped at the rectangle, the clearance kept from it
    blocked = move_ahead(start, 15, _around({"B": target}), whole=True)
    assert blocked.stop == "blocked" and blocked.reached.shape.bounds[3] == pytest.approx(20.5)
    assert blocked.footprint.shape.bounds[3] == pytest.approx(19.5)
