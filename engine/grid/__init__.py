"""The one square-grid core every grid ruleset uses (work in progress: see sight.py next)."""

from engine.grid.board import GridMap, Zone
from engine.grid.body import SIZES, Body
from engine.grid.movement import (
    MoveRules, Path, PathState, reachable, shortest_path, step_cost, validate_path,
)
from engine.grid.squares import XY, distance, neighbours, parse_square, square_name
