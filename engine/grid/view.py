"""A grid map as a :class:`~engine.core.board_view.BoardView`, ready for tokens to be added.

Every grid ruleset starts its board picture here, so maps look the same in every game.
"""

from __future__ import annotations

from engine.core.board_view import BoardView, Zone as ViewZone
from engine.grid.board import GridMap, map_title


def board_view_of(grid: GridMap) -> BoardView:
    view = BoardView(
        width=grid.width,
        height=grid.height,
        title=grid.name,
        wall_squares=sorted(grid.walls),
        wall_edges=sorted(grid.wall_edges),
        low_edges=sorted(grid.obstacle_edges),
        terrain={kind: sorted(squares) for kind, squares in sorted(grid.terrain.items())},
        zones=[ViewZone(kind=z.kind, squares=sorted(z.squares), label=z.name, side=z.side) for z in grid.zones],
    )
    view.title = map_title(grid)  # a Text where the map has no name of its own (set after: a field is a str)
    return view
