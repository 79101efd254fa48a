"""engine.grid — the one square-grid core every grid ruleset uses.

Squares are ``(x, y)``: x east from 0, y downward from 0; players write them "E5" (column
letters A..Z, AA.., row from 1). Rules: D&D 3.5 tactical movement
(/work/shared/rules/dnd35-tactical-movement.md) and the D&D Miniatures skirmish rules (War Drums
§8, §9, §11.3, §12, §18; Skirmish §10-§12, §15, §16). Pure and deterministic; nothing here
imports rulesets, the bot or renderers. Illegal things raise ``engine.core.IllegalAction`` with
a reason a player can act on ("Reaching F9 costs 8 squares; Orc Mauler has 6 left.").

squares.py
    parse_square(text, width=None, height=None) -> XY      "e5" -> (4, 4); "unknown-square"
    square_name(xy) -> str;  distance(a, b) -> int (max + min // 2, a fresh 1-2-1-2 count)
    space_distance(a_squares, b_squares) -> int;  neighbours(xy) -> list[XY] (clockwise from N)
    footprint(anchor, w=1, h=None) -> list[XY];  DIRECTIONS
terrain.py
    TerrainKind (slows, difficult, impassable, no_end, corner_forming, flying/incorporeal/
    burrowing_ignores, blocks_sight, blocks_sight_crossing, blocks_effect, gives_cover,
    cover_inside, gives_melee_cover, hides, enter_event, requires_check); DEFAULT_KINDS: wall,
    pillar, blocking_obstacle, difficult, forest, risky, spike_stones, water, statue, obstacle,
    poor_visibility, darkness, pit (and any "*pit*"), lava_pit, fog, smoke, sacred_circle,
    blood_rock, teleporter
board.py
    GridMap(name, width, height, walls, wall_edges, obstacle_edges, terrain{kind: squares},
            kinds{name: TerrainKind overrides}, zones[Zone], clear_width{square: feet})
      .in_bounds(xy) .is_wall(xy) .terrain_at(xy) .kinds_at(xy) .has_property(xy, prop)
      .squares_with(prop) .zone(name) .zones_of(kind, side=None) .edge_wall(a, b)
      .edge_obstacle(a, b) .clear_width_at(xy) .facts(xy, mode)
      GridMap.from_json_text(text) / .from_text_grid(text) / .from_data(dict) / .to_json_data()
      (bad files: IllegalAction("bad-map", "<field or line>: <reason>"); at most 100x100, 256 KiB)
    Zone(name, kind="start"|"exit"|"victory"|..., side, squares, keywords); DEFAULT_LEGEND
body.py
    Body(id, side, anchor, name="", size="medium", tall=True, space=None, space_ft=None,
         natural_reach=None, shape=None, flying, incorporeal, burrowing, helpless, fills_space,
         obstructs_when_helpless, blind, active)  .squares .reach .side_len .is_tiny .at(anchor)
    SIZES (3.5 size table: space, squares, tall/long reach, per-square capacity), size_index
movement.py
    MoveRules (every [DER]/[EXT] choice and edition difference; MoveRules.dnd35(), .minis())
    PathState(diag_count=0, spent=0);  Path(squares, cost, diag_count_after, steps, shapes,
    events);  MoveEvent(kind "provokes"|"spikes"|"leaves-threat", square, by)
    step_cost(grid, mover, frm, to, others, state, rules=None, charging=False, running=False,
              may_pass=()) -> (int, PathState)
    validate_path(grid, mover, squares, others, state=None, rules=None, budget=None,
                  charging=False, running=False, shapes=None, may_pass=()) -> Path
    shortest_path(grid, mover, dest, others, state=None, rules=None, budget=None,
                  charging=False, running=False, may_pass=()) -> Path      ("too-far", "no-path")
    reachable(grid, mover, others, state=None, rules=None, budget=0, ...) -> {XY: cost}
    can_end_at(grid, mover, anchor, others, rules=None, shape=None) -> reason | None
    five_foot_step(grid, mover, to, others, rules=None, *, speed, moved_this_round,
                   stepped_this_round) -> Path
    minimum_move(grid, mover, to, others, rules=None, *, speed=None) -> Path
    snap_back(grid, mover, stopped_at, last_legal, others, rules=None, rng=None) -> Nearest
    provocations(grid, mover, squares, others, *, five_foot_step=False, threat=None)
        -> [MoveEvent("leaves-threat")]
    walking_distance(grid, a, b, within=None) -> int | None     (around walls: command range)
    teleport_destinations(grid, mover, others, rules=None) -> [XY]
    forced_move(grid, body, squares, others, *, kind="push"|"pull"|"slide", source=None) -> [XY]
sight.py  (a/b/attacker/target: a Body, a square, or a list of squares)
    adjacent(grid, a, b);  squares_adjacent(grid, p, q);  adjacent_squares(grid, space)
    line_of_sight(grid, a, b, *, effect=False);  can_see(grid, viewer, target)  (fog hiding)
    has_cover(grid, attacker, target, others=(), *, terrain_inside=True, corners=None)
    melee_cover(grid, attacker, defender, *, terrain_inside=True)
    threatened_squares(grid, body, reach=None, *, reach_weapon=False, rules=None,
                       diagonal_exception=None) -> set[XY];  threatens(grid, body, target)
    flanked(grid, attacker, helper, defender) -> bool;  line_squares(a, b) -> [XY]
    nearest(origin, candidates, rng=None, metric=None) -> Nearest(choice, distance, tied, roll)
speed.py
    effective_speed(race=None, *, base_ft=None, armour="none", load="light", bonuses=(),
                    barbarian=False, use_ext_table=True) -> squares;  allowance(speed, mode, ...)
    RACE_SPEED, EXT_REDUCTION, MODES
geometry.py: exact integer segment/rectangle/convex-polygon tests used by sight.py.
view.py: board_view_of(grid) -> BoardView, the starting board picture (kept by the lead).
"""

from engine.grid.board import DEFAULT_LEGEND, GridMap, Zone
from engine.grid.body import SIZES, Body, size_index
from engine.grid.movement import (
    MoveEvent, MoveRules, Path, PathState, can_end_at, five_foot_step, forced_move, minimum_move,
    provocations, reachable, shortest_path, shortest_paths, snap_back, step_cost, teleport_destinations,
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
    "provocations", "reachable", "shortest_path", "shortest_paths", "size_index", "snap_back", "space_distance",
    "square_name", "squares_adjacent", "step_cost", "teleport_destinations", "threatened_squares",
    "threatens", "validate_path", "walking_distance",
]
