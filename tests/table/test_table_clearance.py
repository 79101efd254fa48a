"""clearance_problem's gap (engine.table.motion): a gap of 0 lets a unit touch another unit or
Impassable terrain but never overlap it; a positive gap keeps its meaning (at least that far
apart); an overlap is refused whatever the gap. Units laid flush by computed coordinates, at
any bearing, touch: they do not overlap."""

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon

from engine.table.footprint import Formation, Pose, footprint
from engine.table.motion import CLEARANCE_END, Surroundings, clearance_problem, translate
from engine.table.terrain import Table

common = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TABLE = Table()

bases = st.sampled_from([(20, 20), (25, 25), (25, 50), (40, 40), (50, 50), (50, 100)])


@st.composite
def pairs(draw):
    """A unit in the middle of the table and a second one of its own shape just ahead of it,
    flush against its front (touching), at any bearing."""
    w, d = draw(bases)
    files = draw(st.integers(1, 6))
    models = draw(st.integers(files, files * 3))
    f = Formation(base_width_mm=w, base_depth_mm=d, files=files, models=models)
    fp = footprint(f, Pose(x=36, y=24, bearing=draw(st.floats(0, 359.99))))
    return fp, translate(fp, draw(st.floats(-0.5, 0.5)) * fp.width, fp.depth)


def _units(other) -> Surroundings:
    return Surroundings(others={"b": other}, table=TABLE, names={"b": "Goblins"})


@common
@given(pairs())
def test_at_gap_zero_touching_a_unit_passes(pair):
    fp, ahead = pair
    assert fp.shape.distance(ahead.shape) < 1e-6  # they touch
    assert clearance_problem(fp, _units(ahead), 0.0, during=False) is None


@common
@given(pairs(), st.floats(0.02, 0.9))
def test_at_gap_zero_overlapping_a_unit_is_refused(pair, into):
    fp, ahead = pair
    pushed = translate(ahead, 0, -into * ahead.depth)  # driven into the unit behind it
    assert clearance_problem(fp, _units(pushed), 0.0, during=False) == "the unit would overlap Goblins"


@common
@given(pairs(), st.floats(0.0, 3.0), st.floats(0.1, 2.0))
def test_a_positive_gap_keeps_its_meaning(pair, apart, gap):
    fp, ahead = pair
    away = translate(ahead, 0, apart)
    problem = clearance_problem(fp, _units(away), gap, during=False)
    if apart < gap - 1e-3:  # nearer than the gap: refused, touching included
        assert problem is not None and "from Goblins (at least" in problem
    elif apart > gap + 1e-3:
        assert problem is None


def _rock(x0, y0, x1, y1) -> Surroundings:
    rock = Polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
    return Surroundings(others={}, impassable=rock, table=TABLE)


@pytest.mark.parametrize("bearing", [0, 30, 90, 137])
def test_at_gap_zero_touching_impassable_terrain_passes_entering_it_is_refused(bearing):
    f = Formation(base_width_mm=25, base_depth_mm=25, files=4, models=8)
    fp = footprint(f, Pose(x=36, y=24, bearing=bearing))
    # a rock whose edge lies along the unit's front (built in the unit's frame, then into the world)
    front = fp.edge("front")
    (ax, ay), (bx, by) = front.coords[0], front.coords[-1]
    rad = math.radians(bearing)
    nx, ny = math.sin(rad) * 3, math.cos(rad) * 3  # 3" ahead
    rock = Polygon([(ax, ay), (bx, by), (bx + nx, by + ny), (ax + nx, ay + ny)])
    around = Surroundings(others={}, impassable=rock, table=TABLE)
    assert clearance_problem(fp, around, 0.0, during=False) is None
    assert clearance_problem(translate(fp, 0, 0.1), around, 0.0, during=False).startswith(
        "the unit would enter impassable terrain")
    # the 1" at the end still asks an inch
    assert "at least 1\" needed" in clearance_problem(translate(fp, 0, -0.5), around, CLEARANCE_END, during=False)


def test_at_gap_zero_a_unit_wholly_inside_impassable_terrain_or_another_unit_is_refused():
    f = Formation(base_width_mm=25, base_depth_mm=25, files=2, models=2)
    fp = footprint(f, Pose(x=36, y=24))
    assert clearance_problem(fp, _rock(30, 20, 42, 28), 0.0, during=False).startswith(
        "the unit would enter impassable terrain")
    big = footprint(Formation(base_width_mm=100, base_depth_mm=150, files=1, models=1), Pose(x=36, y=24))
    assert clearance_problem(fp, _units(big), 0.0, during=False) == "the unit would overlap Goblins"
    assert clearance_problem(big, _units(fp), 0.0, during=False) == "the unit would overlap Goblins"
