"""Battle maps and terrain tiles shipped with the D&D Miniatures rulesets, and what the rules
read off them.

* War Drums battle maps (§5): text grids under ``data/maps`` (format: :mod:`engine.grid.board`)
  with start areas, exits and victory areas lettered A-D. A letter's victory area may be drawn
  in several places; :func:`load_map` gives each connected piece its own zone ("victory A1",
  "victory A2"...), because Scouts and Wandering Monsters choose between areas, and adds the
  keywords (e.g. Cave) listed in ``data/maps/catalog.toml``.
* The starter rules' battle grid (skirmish §6.1) and terrain tiles (§6.3, ``data/maps/tiles``):
  :func:`place_tile` lays one tile on a :class:`TileLayout`, refusing placements that break the
  geometric rules of §6.3, and :meth:`TileLayout.to_grid` gives the resulting :class:`GridMap`.

A game may also bring its own map as data (an upload), under the option ``map_data``.

>>> grid = load_map("shattered-causeway")
>>> sorted(z.name for z in grid.zones_of("victory", "A"))
['victory A1', 'victory A2']
>>> layout = place_tile(TileLayout(), "gatehouse", at=(0, 0), player="A")
>>> sorted(layout.to_grid().zones_of("exit", "A")[0].squares)
[(0, 0), (0, 1), (0, 2), (1, 0), (2, 0)]
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core import IllegalAction
from engine.grid import GridMap
from engine.grid.board import Zone
from engine.grid.library import MapLibrary
from engine.grid.squares import square_name
from engine.core.text import _, commas

XY = tuple[int, int]
Rotation = Literal[0, 90, 180, 270]
DEFAULT_GRID = "battle-grid"
# Skirmish §6.3: walls of different tiles (and of tiles and the grid edge) leave gaps of 2+ squares.
MIN_GAP = 2


def _folder():
    return resources.files("engine.rulesets.dnd_minis") / "data" / "maps"


def _prepare(name: str, grid: GridMap) -> GridMap:
    return separate_areas(grid, map_info(name).get("victory_keywords", {}))


MAPS = MapLibrary("engine.rulesets.dnd_minis", prepare=_prepare)


def map_names(kind: str | None = None) -> list[str]:
    """Shipped map names; with ``kind`` ("quick-start", "battle-map", "battle-grid") only those."""
    names = MAPS.names()
    return names if kind is None else [n for n in names if map_info(n).get("kind") == kind]


@lru_cache(maxsize=1)
def catalog() -> dict[str, dict[str, Any]]:
    """``catalog.toml``: each map's kind, edition, epic size, players and victory-area keywords."""
    entry = _folder() / "catalog.toml"
    return tomllib.loads(entry.read_text(encoding="utf-8")).get("maps", {}) if entry.is_file() else {}


def map_info(name: str) -> dict[str, Any]:
    """What the catalogue says about a map (kind, edition, epic, players); {} if nothing."""
    return dict(catalog().get(name, {}))


def battle_maps(edition: str = "war-drums") -> dict[str, bool]:
    """The shipped War Drums battle maps: name -> whether it is epic-size."""
    return {name: bool(info.get("epic", False)) for name, info in catalog().items()
            if info.get("kind") == "battle-map" and info.get("edition", edition) == edition
            and name in map_names()}


def load_map(name: str = "", data: dict[str, Any] | None = None) -> GridMap:
    """A shipped map by name, or a map given as data (already validated once at upload)."""
    return MAPS.load(name, data)


def start_squares(grid: GridMap) -> list[XY]:
    return sorted({sq for zone in grid.zones_of("start") for sq in zone.squares}, key=lambda s: (s[0], s[1]))


def start_side_of(grid: GridMap, square: XY) -> str | None:
    for zone in grid.zones_of("start"):
        if square in zone.squares:
            return zone.side
    return None


def start_letters(grid: GridMap) -> list[str]:
    return sorted({z.side for z in grid.zones_of("start") if z.side})


# ----- victory areas ------------------------------------------------------------------------
def _pieces(squares: list[XY]) -> list[list[XY]]:
    """Connected pieces (edge or corner contact), ordered top to bottom, then left to right."""
    left = set(squares)
    pieces = []
    while left:
        seed = min(left, key=lambda s: (s[1], s[0]))
        piece, todo = {seed}, [seed]
        left.discard(seed)
        while todo:
            x, y = todo.pop()
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    n = (x + dx, y + dy)
                    if n in left:
                        left.discard(n)
                        piece.add(n)
                        todo.append(n)
        pieces.append(sorted(piece, key=lambda s: (s[1], s[0])))
    return sorted(pieces, key=lambda p: (p[0][1], p[0][0]))


def separate_areas(grid: GridMap, keywords: dict[str, list[str]] | None = None) -> GridMap:
    """Give each connected piece of a letter's victory area its own zone, with its keywords."""
    keywords = keywords or {}
    zones: list[Zone] = []
    changed = False
    for zone in grid.zones:
        pieces = _pieces(zone.squares) if zone.kind == "victory" else [zone.squares]
        if len(pieces) == 1:
            kw = keywords.get(zone.name, [])
            changed |= bool(kw)
            zones.append(zone.model_copy(update={"keywords": [*zone.keywords, *kw]}) if kw else zone)
            continue
        changed = True
        for i, piece in enumerate(pieces, start=1):
            name = f"{zone.name}{i}"
            zones.append(Zone(name=name, kind=zone.kind, side=zone.side, squares=piece,
                              keywords=[*zone.keywords, *keywords.get(name, [])]))
    if not changed:
        return grid
    data = grid.to_json_data()
    data["zones"] = [{"name": z.name, "kind": z.kind, "side": z.side, "keywords": z.keywords,
                      "squares": [list(s) for s in z.squares]} for z in zones]
    return GridMap.from_data(data)


def victory_areas(grid: GridMap, letter: str | None = None) -> list[Zone]:
    return grid.zones_of("victory", letter)


# ----- terrain tiles (starter rules) -----------------------------------------------------------
class Tile(BaseModel):
    """One terrain tile: its squares' walls and terrain, and, on an assembly tile, its exits."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    width: int
    height: int
    walls: frozenset[XY] = frozenset()
    terrain: dict[str, frozenset[XY]] = Field(default_factory=dict)
    exits: frozenset[XY] = frozenset()
    origin: XY = (0, 0)  # where its top-left square lies (on the battle grid, once laid)

    @property
    def assembly(self) -> bool:
        """An assembly tile is the one with exit squares (printed "Assembly Tile" in a corner)."""
        return bool(self.exits)

    @property
    def squares(self) -> frozenset[XY]:
        ox, oy = self.origin
        return frozenset((ox + x, oy + y) for x in range(self.width) for y in range(self.height))

    def rotated(self, rotation: int) -> "Tile":
        """The tile turned clockwise by 0, 90, 180 or 270 degrees (its top-left stays at (0, 0))."""
        if self.origin != (0, 0):
            raise ValueError("turn a tile before laying it")
        if rotation not in (0, 90, 180, 270):
            raise IllegalAction("bad-rotation", _('Tiles turn by 0, 90, 180 or 270 degrees, not {rotation}.',
                                                  rotation=rotation))
        tile = self
        for _turn in range(rotation // 90):
            h = tile.height

            def turn(xy: XY, h=h) -> XY:
                return (h - 1 - xy[1], xy[0])

            tile = Tile(id=tile.id, name=tile.name, width=tile.height, height=tile.width,
                        walls=frozenset(map(turn, tile.walls)), exits=frozenset(map(turn, tile.exits)),
                        terrain={k: frozenset(map(turn, v)) for k, v in tile.terrain.items()})
        return tile


@lru_cache(maxsize=1)
def shipped_tiles() -> dict[str, Tile]:
    """Every terrain tile shipped with Warband, by id (its file name)."""
    out: dict[str, Tile] = {}
    folder = _folder() / "tiles"
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".txt"):
            tid = entry.name[:-4]
            grid = GridMap.from_text_grid(entry.read_text(encoding="utf-8"), name=tid)
            exits = frozenset(sq for z in grid.zones_of("exit") for sq in z.squares)
            out[tid] = Tile(id=tid, name=grid.name, width=grid.width, height=grid.height, walls=grid.walls,
                            terrain={k: frozenset(v) for k, v in grid.terrain.items()}, exits=exits)
    return out


def find_tile(tile_id: str) -> Tile:
    tiles = shipped_tiles()
    key = tile_id.strip().lower()
    for tile in tiles.values():
        if key in (tile.id, tile.name.lower(), tile.name.lower().removeprefix("assembly tile: ")):
            return tile
    raise IllegalAction("unknown-tile", _('There is no terrain tile called {tile_id!r}. Tiles: {names}.',
                                          tile_id=tile_id, names=commas(tiles)))


class TilePlacement(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    tile: str
    at: XY  # the top-left square of the (turned) tile on the battle grid
    rotation: Rotation = 0
    player: str  # the start letter of the player who placed it


class TileLayout(BaseModel):
    """The battle grid with the terrain tiles laid so far (state a game keeps during set-up)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    grid: str = DEFAULT_GRID
    placements: tuple[TilePlacement, ...] = ()

    def base(self) -> GridMap:
        return load_map(self.grid)

    def placed(self) -> list[tuple[TilePlacement, Tile]]:
        """Each placement with its tile, turned and moved to where it lies on the grid."""
        out = []
        for p in self.placements:
            tile = find_tile(p.tile).rotated(p.rotation)
            out.append((p, _moved(tile, p.at)))
        return out

    def to_grid(self) -> GridMap:
        """The battle grid as the rules play it: tile walls and terrain; each player's start area
        (their assembly tile) and exits (its exit squares on the grid edge); a zone of kind
        "tile" for each generic tile (where Scouts and Wandering Monsters deploy, skirmish §6.3)."""
        base = self.base()
        walls = set(base.walls)
        terrain: dict[str, set[XY]] = {k: set(v) for k, v in base.terrain.items()}
        zones: list[dict[str, Any]] = []
        for p, tile in self.placed():
            walls |= tile.walls
            for kind, squares in tile.terrain.items():
                terrain.setdefault(kind, set()).update(squares)
            if not tile.assembly:  # Scouts and Wandering Monsters choose among generic tiles
                zones.append({"name": f"{tile.name} ({p.player})", "kind": "tile", "side": p.player,
                              "keywords": ["generic"], "squares": sorted(tile.squares)})
            else:
                zones.append({"name": f"start {p.player}", "kind": "start", "side": p.player,
                              "squares": sorted(tile.squares - tile.walls)})
                zones.append({"name": f"exit {p.player}", "kind": "exit", "side": p.player,
                              "squares": sorted(s for s in tile.exits if _on_edge(base, s))})
        data = base.to_json_data()
        data.update({
            "walls": sorted(walls),
            "terrain": {k: sorted(v) for k, v in sorted(terrain.items()) if v},
            "zones": zones,
        })
        data["walls"] = [list(s) for s in data["walls"]]
        data["terrain"] = {k: [list(s) for s in v] for k, v in data["terrain"].items()}
        for z in zones:
            z["squares"] = [list(s) for s in z["squares"]]
        return GridMap.from_data(data)


def _moved(tile: Tile, at: XY) -> Tile:
    def shift(xy: XY) -> XY:
        return (xy[0] + at[0], xy[1] + at[1])

    return Tile(id=tile.id, name=tile.name, width=tile.width, height=tile.height, origin=shift(tile.origin),
                walls=frozenset(map(shift, tile.walls)), exits=frozenset(map(shift, tile.exits)),
                terrain={k: frozenset(map(shift, v)) for k, v in tile.terrain.items()})


def _on_edge(grid: GridMap, xy: XY) -> bool:
    return xy[0] in (0, grid.width - 1) or xy[1] in (0, grid.height - 1)


def place_tile(layout: TileLayout, tile_id: str, at: XY, rotation: int = 0, *, player: str) -> TileLayout:
    """Lay one tile on the battle grid, refusing what skirmish §6.3 forbids:

    * the tile must lie wholly on the grid and overlap no other tile;
    * an assembly tile goes in its player's start area: its exit squares on the grid edge must be
      exactly that start area's exit squares (all 5 in a corner, 3 in the middle of a long side);
      a player lays one assembly tile, before any generic tile, and no tile twice;
    * walls of different tiles may not touch, not even diagonally, and must leave gaps of at
      least 2 squares (so Large creatures can pass); the same holds between tile walls and the
      grid edge (which is a wall).

    Returns the new layout; ``layout.to_grid()`` is the resulting :class:`GridMap`.
    """
    base = layout.base()
    tile = find_tile(tile_id).rotated(rotation)
    x0, y0 = at
    where = f"{tile.name} at {square_name(at) if x0 >= 0 and y0 >= 0 else at}"
    if x0 < 0 or y0 < 0 or x0 + tile.width > base.width or y0 + tile.height > base.height:
        raise IllegalAction("bad-tile", _('{where} ({width} x {height}) would hang off the battle grid '
                                          '({width_2} x {height_2}).', where=where, width=tile.width, height=tile.height, width_2=base.width, height_2=base.height))
    placed = _moved(tile, at)
    mine = [(p, t) for p, t in layout.placed() if p.player == player]
    if any(p.tile == tile.id for p, _ in mine):
        raise IllegalAction("bad-tile", _("Player {player} has already laid {tile}: no two of a player's tiles "
                                          "may be identical.",
                                          player=player, tile=tile.name))
    has_assembly = any(t.assembly for _, t in mine)
    if tile.assembly:
        if has_assembly:
            raise IllegalAction("bad-tile", _('Player {player} has already laid an assembly tile.',
                                              player=player))
        _check_start_area(base, placed, player, where)
    elif not has_assembly:
        raise IllegalAction("bad-tile", _('Player {player} lays the assembly tile first, then generic tiles.',
                                          player=player))
    for p, other in layout.placed():
        overlap = placed.squares & other.squares
        if overlap:
            sq = square_name(min(overlap, key=lambda s: (s[1], s[0])))
            raise IllegalAction("bad-tile", _('{where} would overlap {other} (player {player}) at {sq}.',
                                              where=where, other=other.name, player=p.player, sq=sq))
    _check_walls(base, layout, placed, where)
    return layout.model_copy(update={"placements": (*layout.placements, TilePlacement(
        tile=tile.id, at=at, rotation=rotation, player=player))})


def _check_start_area(base: GridMap, placed: Tile, player: str, where: str) -> None:
    exits = base.zones_of("exit", player)
    if not exits:
        letters = sorted({z.side for z in base.zones_of("exit") if z.side})
        raise IllegalAction("bad-tile", _('The battle grid has no start area {player} (start areas: {names}).',
                                          player=player, names=commas(letters)))
    wanted = frozenset(sq for z in exits for sq in z.squares)
    on_edge = frozenset(s for s in placed.exits if _on_edge(base, s))
    corner = len(wanted) == len(placed.exits)
    if on_edge != wanted or (corner and placed.exits != wanted):
        n = len(wanted)
        raise IllegalAction("bad-tile", _('{where} is not in start area {player}: its exit squares must lie '
                                          'over the {number} exit squares of that start area ({names}).', where=where, player=player, number=n, names=commas((square_name(s) for s in sorted(wanted, key=lambda s: (s[1], s[0]))))))


def _chebyshev(a: XY, b: XY) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _check_walls(base: GridMap, layout: TileLayout, placed: Tile, where: str) -> None:
    for wall in sorted(placed.walls, key=lambda s: (s[1], s[0])):
        to_edge = min(wall[0], wall[1], base.width - 1 - wall[0], base.height - 1 - wall[1])
        if to_edge < MIN_GAP:
            what = _("touches the wall along the grid edge") if to_edge == 0 else _("leaves a 1-square gap to the grid edge")
            raise IllegalAction("bad-tile", _('{where}: its wall at {square} {what}; tile walls must stay at '
                                              'least {min_gap} squares from the edge.',
                                              where=where, square=square_name(wall), what=what, min_gap=MIN_GAP))
    others = [(_("{tile} (player {player})", tile=t.name, player=p.player), t.walls) for p, t in layout.placed()]
    others.append((_("the battle grid"), base.walls))
    # Report the closest pair, so walls that touch are named before walls that merely crowd.
    closest: tuple[int, XY, XY, str] | None = None
    for label, walls in others:
        for wall in placed.walls:
            for other in walls:
                d = _chebyshev(wall, other)
                key = (d, (wall[1], wall[0]), (other[1], other[0]), label)
                if d <= MIN_GAP and (closest is None or key < (closest[0], (closest[1][1], closest[1][0]),
                                                                (closest[2][1], closest[2][0]), closest[3])):
                    closest = (d, wall, other, label)
    if closest is not None:
        d, wall, other, label = closest
        what = _("touches") if d == 1 else _("leaves only a 1-square gap to")
        raise IllegalAction(
            "bad-tile",
            _('{where}: its wall at {square} {what} the wall of {label} at {square_2}; walls of different '
              'tiles must not touch and must leave gaps of at least {min_gap} squares.', where=where, square=square_name(wall), what=what, label=label, square_2=square_name(other), min_gap=MIN_GAP),
        )


def legal_placements(layout: TileLayout, tile_id: str, *, player: str) -> list[tuple[XY, int]]:
    """Every (top-left square, rotation) where the tile may be laid now (empty: no room left)."""
    base = layout.base()
    out = []
    for rotation in (0, 90, 180, 270):
        tile = find_tile(tile_id).rotated(rotation)
        for y in range(base.height - tile.height + 1):
            for x in range(base.width - tile.width + 1):
                try:
                    place_tile(layout, tile_id, (x, y), rotation, player=player)
                except IllegalAction:
                    continue
                out.append(((x, y), rotation))
    return out


def zone_label(label: str) -> str:
    """A map zone's name as a board shows it: "start A" and "exit B" in the reader's language
    (the names stay as they are in the map's data, where rules find zones by them).

    >>> zone_label("start A"), zone_label("exit B"), zone_label("victory A1"), zone_label("lava 1")
    (Text('start {letter}', letter='A'), Text('exit {letter}', letter='B'), Text('victory {letter}', letter='A1'), 'lava 1')
    """
    kind, _space, letter = label.partition(" ")
    if kind == "start" and letter:
        return _("start {letter}", letter=letter)
    if kind == "exit" and letter:
        return _("exit {letter}", letter=letter)
    if kind == "victory" and letter:
        return _("victory {letter}", letter=letter)
    return label
