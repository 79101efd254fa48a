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
    path = home.split(" Its path: ")[1]
    assert path.startswith("forward ") and "wheel left " in path and "\" at the outer corner" in path
    assert path.endswith("align 10° to the left about the point of contact.") or "wheel left 20°" in path
