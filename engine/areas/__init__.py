"""engine.areas — boards made of areas (the Conan board), as engine.grid is for squares.

Knows nothing of any game: a ruleset turns its models into :class:`Figure` and asks.

board.py
    AreaBoard(name, title, width, height, areas[Area], borders[Border], sight[Sight])
      .area(id) .find_area(text) .border(a, b) .adjacent(id) .sight_line(a, b) .sees(a, b)
      .distance(a, b); AreaBoard.from_data(dict) / .from_json_text(text)
      (bad files: IllegalAction("bad-board", "<source>: <field>: <reason>"))
movement.py
    Figure; hindrance(figures, actor, area); occupied_for(board, figures, area, figure);
    step_cost(board, figures, mover, a, b); routes(board, figures, mover, budget);
    route_to(board, figures, mover, target, budget); melee_reach(board, figures, a, t, reach)
library.py
    BoardLibrary(package, folder): the shipped boards of a package, by name
view.py
    AreaView: what a renderer draws (areas, borders, tokens, side panels)
"""

from engine.areas.board import Area, AreaBoard, Border, Sight
from engine.areas.library import BoardLibrary
from engine.areas.movement import (
    Figure, Route, blocked_leaving, hindrance, melee_reach, occupied_for, route_to, routes, step_cost,
)

__all__ = ["Area", "AreaBoard", "Border", "Sight", "BoardLibrary", "Figure", "Route", "blocked_leaving",
           "hindrance", "melee_reach", "occupied_for", "route_to", "routes", "step_cost"]
