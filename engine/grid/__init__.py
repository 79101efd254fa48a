"""engine.grid — the one square-grid core every grid ruleset uses.

Squares are ``(x, y)``: x east from 0, y downward from 0; players write them "E5".
Rules: D&D 3.5 tactical movement (/work/shared/rules/dnd35-tactical-movement.md) and the D&D
Miniatures skirmish rules (War Drums §8, §9, §11.3, §12; Skirmish §10, §12, §15, §16).

Public API
----------
squares   XY, parse_square(text, width=None, height=None) -> XY, square_name(xy) -> str,
          distance(a, b) -> int (1-2-1-2), space_distance(a_squares, b_squares),
          neighbours(xy) -> list[XY] (clockwise from north), footprint(anchor, w, h)
terrain   TerrainKind (per-kind properties), DEFAULT_KINDS
board     GridMap (name, width, height, walls, wall_edges, obstacle_edges, terrain, kinds, zones,
          clear_width; in_bounds, is_wall, terrain_at, kinds_at, has_property, squares_with,
          zone, zones_of, edge_wall, edge_obstacle; from_data, from_json_text, from_text_grid,
          to_json_data), Zone, DEFAULT_LEGEND
body      Body (id, side, anchor, name, size, tall, space, natural_reach, flying, incorporeal,
          burrowing, helpless, fills_space, obstructs_when_helpless, blind, active, shape),
          SIZES, size_index
movement  MoveRules (every option; .dnd35(), .minis()), PathState, Path, MoveEvent,
          step_cost, validate_path, shortest_path, reachable, can_end_at, walking_distance
sight     adjacent, squares_adjacent, line_of_sight, can_see, has_cover, melee_cover,
          threatened_squares, threatens, flanked, nearest -> Nearest

Everything is pure and deterministic; illegal moves raise engine.core.IllegalAction with a
reason a player can act on.
"""

from engine.grid.board import DEFAULT_LEGEND, GridMap, Zone
from engine.grid.body import SIZES, Body, size_index
from engine.grid.movement import (
    MoveEvent, MoveRules, Path, PathState, can_end_at, five_foot_step, forced_move, minimum_move,
    provocations, reachable, shortest_path, snap_back, step_cost, teleport_destinations,
    validate_path, walking_distance,
)
from engine.grid.sight import (
    Nearest, adjacent, adjacent_squares, can_see, flanked, has_cover, line_of_sight, line_squares,
    melee_cover, nearest, squares_adjacent, threatened_squares, threatens,
)
from engine.grid.speed import RACE_SPEED, allowance, effective_speed
from engine.grid.squares import (
    DIRECTIONS, XY, distance, footprint, neighbours, parse_square, space_distance, square_name,
)
from engine.grid.terrain import DEFAULT_KINDS, TerrainKind

__all__ = [
    "DEFAULT_KINDS", "DEFAULT_LEGEND", "DIRECTIONS", "RACE_SPEED", "SIZES", "XY", "Body", "GridMap",
    "MoveEvent", "MoveRules", "Nearest", "Path", "PathState", "TerrainKind", "Zone", "adjacent",
    "adjacent_squares", "allowance", "can_end_at", "can_see", "distance", "effective_speed",
    "five_foot_step", "flanked", "footprint", "forced_move", "has_cover", "line_of_sight",
    "line_squares", "melee_cover", "minimum_move", "nearest", "neighbours", "parse_square",
    "provocations", "reachable", "shortest_path", "size_index", "snap_back", "space_distance",
    "square_name", "squares_adjacent", "step_cost", "teleport_destinations", "threatened_squares",
    "threatens", "validate_path", "walking_distance",
]
