"""A battle map as data: size, walls, terrain, zones; loaded from JSON or from a text grid.

Two file forms describe the same :class:`GridMap`.

JSON (squares by name, ``"E5"``, or as ``[x, y]``)::

    {"name": "Crypt", "width": 6, "height": 4,
     "walls": ["C1", "C2"],
     "wall_edges": [["E3", "E4"]],          # a wall on the line between two squares
     "obstacle_edges": [["A3", "B3"]],      # a low wall: crossing costs 2 more
     "terrain": {"difficult": ["D2", "D3"], "pit": ["F4"]},
     "kinds": {"bog": {"slows": true, "difficult": true}},   # the map's own terrain kinds
     "zones": [{"name": "start A", "kind": "start", "side": "A", "squares": ["A1", "A2"]}],
     "clear_width": {"B4": 2.5}}            # feet of room in a square with a narrow gap

Text grid: optional header lines ``key: value`` ended by a line ``---``, then one character
per square. The default legend is in :data:`DEFAULT_LEGEND`; ``legend: C = kind, kind`` adds
or replaces a character (words: a terrain kind, ``wall``, ``open``, ``start A``, ``exit A``,
``victory A``, ``zone NAME``), ``edge: E3 E4 wall`` or ``edge: A3 B3 low`` adds an edge::

    name: Crypt
    legend: e = exit A
    ---
    a.#...
    a.#^..
    ..#^..
    e....O

>>> m = GridMap.from_text_grid("..#\\n.^O")
>>> m.is_wall((2, 0)), sorted(m.terrain_at((1, 1))), m.in_bounds((3, 0))
(True, ['difficult'], False)
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from functools import cached_property
from typing import Any, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from engine.core.errors import IllegalAction, quote, validation_problems
from engine.core.jsonfile import read_json
from engine.core.text import Text, _
from engine.grid.squares import XY, parse_square, square_name
from engine.grid.terrain import DEFAULT_KINDS, TerrainKind, kind_for

MAX_SIDE = 100
MAX_TEXT_BYTES = 256 * 1024
# A map's or zone's name: enough for "The Ruined Temple of the Frog God", short enough to draw.
MAX_NAME = 60

Edge = tuple[XY, XY]

DEFAULT_LEGEND: dict[str, list[str]] = {
    ".": ["open"],
    "#": ["wall"],
    "P": ["pillar"],
    "@": ["blocking_obstacle"],
    "^": ["difficult"],
    "F": ["forest"],
    "R": ["risky"],
    "X": ["spike_stones"],
    "W": ["water"],
    "S": ["statue"],
    "%": ["obstacle"],
    "?": ["poor_visibility"],
    "O": ["pit"],
    "L": ["lava_pit"],
    "~": ["fog"],
    "&": ["smoke"],
    "+": ["sacred_circle"],
    "B": ["blood_rock"],
    "T": ["teleporter"],
    "a": ["start A"],
    "b": ["start B"],
    "c": ["start C"],
    "d": ["start D"],
}

ZONE_KINDS = ("start", "exit", "victory")


def edge_key(a: XY, b: XY) -> Edge:
    """The edge between two orthogonally adjacent squares, in a canonical order."""
    return (a, b) if a <= b else (b, a)


def _bad(where: str | Text, reason: str | Text) -> IllegalAction:
    """A refusal of a map file: the field or line at fault and why, one line in the reader's language."""
    field = f"`{where}`" if type(where) is str else where  # a file's key as written; a line as a sentence
    return IllegalAction("bad-map", _("{field}: {reason}", field=field, reason=reason))


def _line(lineno: int) -> Text:
    return _("line {line}", line=lineno)


def _square_from_file(value: Any) -> XY:
    if isinstance(value, str):
        try:
            return parse_square(value)
        except IllegalAction as exc:  # inside a validator: report it against the field
            raise ValueError(exc.message) from None
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return (int(value[0]), int(value[1]))
    raise ValueError(_("{value} is not a square (use a name like E5 or [x, y])", value=quote(value)))


class Zone(BaseModel):
    """A named set of squares: a start area, an exit, a victory area, or anything a scenario marks."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=MAX_NAME)
    kind: str = Field(default="zone", max_length=MAX_NAME)  # "start", "exit", "victory" or a scenario's own word
    side: str | None = None  # the start letter the zone belongs to (minis "A"/"B")
    squares: list[XY] = Field(default_factory=list)
    keywords: list[str] = Field(default_factory=list)  # e.g. "Cave" on a victory area

    @field_validator("squares", mode="before")
    @classmethod
    def _squares(cls, v):
        return [_square_from_file(s) for s in v]


class SquareFacts(NamedTuple):
    """What the terrain of one square means for one way of moving (walk, fly, ...)."""

    slows: int  # doublings from terrain for this kind of mover
    difficult: bool  # slowed by difficult terrain (no run/charge)
    impassable: bool
    corner: bool  # forms a corner a diagonal may not cut
    no_end: bool
    events: tuple[str, ...] = ()  # enter_event of the kinds that affect this kind of mover


_OPEN_FACTS = SquareFacts(0, False, False, False, False)
MOVE_MODES = ("walk", "fly", "incorporeal", "burrow")


class GridMap(BaseModel):
    """A rectangular battle map of squares.

    The map edge is impassable for movement (only exits let routing creatures off) but does
    not block sight (War Drums AMB-77). Walls fill whole squares; ``wall_edges`` are walls on
    the line between two orthogonally adjacent squares.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    def __deepcopy__(self, memo=None) -> "GridMap":
        # A map is a frozen value: every copy of a game state can share it. Copying it anew
        # for each action was most of the cost of applying one.
        return self

    # Bounded: the name is drawn in the board's caption (#15 item 11).
    name: str = Field(default="map", min_length=1, max_length=MAX_NAME)
    width: int = Field(ge=1, le=MAX_SIDE)
    height: int = Field(ge=1, le=MAX_SIDE)
    walls: frozenset[XY] = frozenset()
    wall_edges: frozenset[Edge] = frozenset()
    obstacle_edges: frozenset[Edge] = frozenset()  # hampering low walls (3.5 §6.2): +2 to cross
    terrain: dict[str, list[XY]] = Field(default_factory=dict)  # kind -> squares (as BoardView)
    kinds: dict[str, TerrainKind] = Field(default_factory=dict)  # the map's own kinds/overrides
    zones: list[Zone] = Field(default_factory=list)
    clear_width: dict[str, float] = Field(default_factory=dict)  # square name -> feet of room

    # ----- validation of file data -------------------------------------------------------
    @field_validator("walls", mode="before")
    @classmethod
    def _walls(cls, v):
        return frozenset(_square_from_file(s) for s in v)

    @field_validator("wall_edges", "obstacle_edges", mode="before")
    @classmethod
    def _edges(cls, v):
        out = set()
        for pair in v:
            if not isinstance(pair, (list, tuple)) or len(pair) != 2:
                raise ValueError(_("{value} is not a pair of squares", value=quote(pair)))
            a, b = _square_from_file(pair[0]), _square_from_file(pair[1])
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                raise ValueError(_("{a} and {b} do not share an edge (an edge lies between two squares side "
                                   "by side)", a=square_name(a), b=square_name(b)))
            out.add(edge_key(a, b))
        return frozenset(out)

    @field_validator("terrain", mode="before")
    @classmethod
    def _terrain(cls, v):
        if not isinstance(v, dict):
            raise ValueError(_("terrain must map a kind to a list of squares"))
        return {str(k): [_square_from_file(s) for s in squares] for k, squares in v.items()}

    @field_validator("kinds", mode="before")
    @classmethod
    def _kinds(cls, v):
        if not isinstance(v, dict):
            raise ValueError(_("kinds must map a name to its properties"))
        out = {}
        for name, props in v.items():
            if isinstance(props, TerrainKind):
                out[name] = props
                continue
            base = DEFAULT_KINDS.get(name)
            data = dict(base.model_dump()) if base else {}
            data.update(props or {})
            data["name"] = name
            out[name] = data
        return out

    @field_validator("clear_width", mode="before")
    @classmethod
    def _clear_width(cls, v):
        out = {}
        for key, feet in (v or {}).items():
            xy = _square_from_file(key) if not isinstance(key, tuple) else key
            out[square_name(xy)] = float(feet)
        return out

    @model_validator(mode="after")
    def _on_the_map(self):
        def check(xy: XY, where: str):
            if not self.in_bounds(xy):
                raise ValueError(_("{field}: {reason}", field=where, reason=_(
                    "{square} is off the map (it runs from A1 to {last})",
                    square=square_name(xy) if xy[0] >= 0 and xy[1] >= 0 else str(xy),
                    last=square_name((self.width - 1, self.height - 1)))))

        for xy in self.walls:
            check(xy, "walls")
        for field, edges in (("wall_edges", self.wall_edges), ("obstacle_edges", self.obstacle_edges)):
            for a, b in edges:
                check(a, field)
                check(b, field)
        for kind, squares in self.terrain.items():
            if kind != "open" and kind_for(kind, self.kinds) is None:
                raise ValueError(_("{field}: {reason}", field="terrain", reason=_(
                    "unknown kind {kind} (known: {known}; or define it under 'kinds')", kind=quote(kind),
                    known=", ".join(f"`{k}`" for k in sorted(DEFAULT_KINDS)))))
            for xy in squares:
                check(xy, f"terrain.{kind}")
        for zone in self.zones:
            for xy in zone.squares:
                check(xy, f"zones.{zone.name}")
        for name in self.clear_width:
            check(parse_square(name), "clear_width")
        return self

    # ----- queries ---------------------------------------------------------------------------
    def in_bounds(self, xy: XY) -> bool:
        return 0 <= xy[0] < self.width and 0 <= xy[1] < self.height

    def is_wall(self, xy: XY) -> bool:
        """A solid square: a wall, or terrain that is a wall in all but name (pillar...)."""
        return xy in self._solid

    def terrain_at(self, xy: XY) -> frozenset[str]:
        """The terrain kinds on a square (walls included as ``"wall"``)."""
        return self._kinds_at.get(xy, frozenset())

    def kinds_at(self, xy: XY) -> list[TerrainKind]:
        return [self.kind(name) for name in sorted(self.terrain_at(xy))]

    def kind(self, name: str) -> TerrainKind:
        found = kind_for(name, self.kinds)
        if found is None:
            raise KeyError(name)
        return found

    def has_property(self, xy: XY, prop: str) -> bool:
        """Whether any terrain on the square has ``prop`` (e.g. ``"gives_cover"``)."""
        return any(getattr(k, prop) for k in self.kinds_at(xy))

    def squares_with(self, prop: str) -> frozenset[XY]:
        """Every square with a terrain property, e.g. ``"blocks_sight"``."""
        cache = self._prop_cache
        if prop not in cache:
            cache[prop] = frozenset(xy for xy in self._kinds_at if self.has_property(xy, prop))
        return cache[prop]

    def zone(self, name: str) -> Zone | None:
        return next((z for z in self.zones if z.name == name), None)

    def zones_of(self, kind: str, side: str | None = None) -> list[Zone]:
        return [z for z in self.zones if z.kind == kind and (side is None or z.side == side)]

    def edge_wall(self, a: XY, b: XY) -> bool:
        return edge_key(a, b) in self.wall_edges

    def edge_obstacle(self, a: XY, b: XY) -> bool:
        return edge_key(a, b) in self.obstacle_edges

    def clear_width_at(self, xy: XY) -> float | None:
        if not self.clear_width:
            return None
        return self.clear_width.get(square_name(xy))

    def facts(self, xy: XY, mode: str = "walk") -> SquareFacts:
        """Movement facts of a square for a way of moving (see :data:`MOVE_MODES`)."""
        return self._facts[mode].get(xy, _OPEN_FACTS)

    def model_copy(self, *, update=None, deep: bool = False) -> "GridMap":
        """A copy; with ``update`` the precomputed lookups are rebuilt for the new data."""
        copied = super().model_copy(update=update, deep=deep)
        if update:
            for name in _DERIVED:
                copied.__dict__.pop(name, None)
        return copied

    # ----- precomputed lookups (the map is frozen, so these never go stale) -------------------
    @cached_property
    def _kinds_at(self) -> dict[XY, frozenset[str]]:
        acc: dict[XY, set[str]] = {}
        for xy in self.walls:
            acc.setdefault(xy, set()).add("wall")
        for kind, squares in self.terrain.items():
            if kind == "open":
                continue
            for xy in squares:
                acc.setdefault(xy, set()).add(kind)
        return {xy: frozenset(v) for xy, v in acc.items()}

    @cached_property
    def _solid(self) -> frozenset[XY]:
        return frozenset(
            xy for xy, names in self._kinds_at.items()
            if any(self.kind(n).corner_forming and self.kind(n).impassable for n in names)
        )

    @cached_property
    def _prop_cache(self) -> dict[str, frozenset[XY]]:
        return {}

    @cached_property
    def _memo(self) -> dict:
        """Scratch space for per-map caches of derived facts (the map never changes)."""
        return {}

    @cached_property
    def _facts(self) -> dict[str, dict[XY, SquareFacts]]:
        out: dict[str, dict[XY, SquareFacts]] = {m: {} for m in MOVE_MODES}
        for xy, names in self._kinds_at.items():
            kinds = [self.kind(n) for n in names]
            no_end = any(k.no_end or k.impassable for k in kinds)
            for mode in MOVE_MODES:
                active = [k for k in kinds if not _ignores(k, mode)]
                out[mode][xy] = SquareFacts(
                    slows=sum(1 for k in active if k.slows),
                    difficult=any(k.difficult for k in active),
                    impassable=any(k.impassable for k in active),
                    corner=any(k.corner_forming for k in active),
                    no_end=no_end,
                    events=tuple(sorted({k.enter_event for k in active if k.enter_event})),
                )
        return out

    @cached_property
    def edge_vertices(self) -> tuple[frozenset[tuple[int, int]], frozenset[tuple[int, int]]]:
        """Grid points touched by (blocking wall edges, hampering obstacle edges)."""
        return (_vertices(self.wall_edges), _vertices(self.obstacle_edges))

    # ----- loaders ---------------------------------------------------------------------------
    @classmethod
    def from_data(cls, data: Any) -> "GridMap":
        """Build from already-parsed JSON data, refusing bad data with the field and the reason."""
        if not isinstance(data, dict):
            raise _bad("map", _("the file must hold one JSON object"))
        w, h = data.get("width"), data.get("height")
        if isinstance(w, int) and isinstance(h, int) and (w > MAX_SIDE or h > MAX_SIDE):
            raise _bad("width/height", _("{width}x{height} is too big (at most {most}x{most} squares)", width=w,
                                         height=h, most=MAX_SIDE))
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            [(where, msg)] = validation_problems(exc, default_field="map")
            raise _bad(where, msg) from None
        except IllegalAction as exc:  # a malformed square name inside a validator
            raise _bad("map", exc.message) from None

    @classmethod
    def from_json_text(cls, text: str) -> "GridMap":
        _check_size(text)
        # read_json refuses what would crash json.loads (deep nesting, huge numbers).
        return cls.from_data(read_json(text, code="bad-map", source="map"))

    @classmethod
    def from_text_grid(cls, text: str, name: str | None = None) -> "GridMap":
        _check_size(text)
        lines = text.replace("\r\n", "\n").split("\n")
        header: list[tuple[int, str]] = []
        if any(line.strip() == "---" for line in lines):
            cut = next(i for i, line in enumerate(lines) if line.strip() == "---")
            header = [(i + 1, lines[i]) for i in range(cut)]
            body = [(i + 1, lines[i]) for i in range(cut + 1, len(lines))]
        else:
            body = [(i + 1, line) for i, line in enumerate(lines)]
        legend = {ch: list(v) for ch, v in DEFAULT_LEGEND.items()}
        edges: dict[str, list[list[str]]] = {"wall_edges": [], "obstacle_edges": []}
        map_name = name or "map"
        for lineno, line in header:
            stripped = line.strip()
            if not stripped or stripped.startswith("//"):
                continue
            key, sep, value = stripped.partition(":")
            key = key.strip().lower()
            if not sep:
                raise _bad(_line(lineno), _("header lines look like 'name: Crypt' (end the header with ---)"))
            value = value.strip()
            if key == "name":
                map_name = value or map_name
            elif key == "legend":
                char, eq, words = value.partition("=")
                char = char.strip() if char.strip() else char
                if not eq or len(char) != 1:
                    raise _bad(_line(lineno), _("write a legend as 'legend: C = difficult, start A'"))
                legend[char] = [w.strip() for w in words.split(",") if w.strip()]
            elif key == "edge":
                parts = value.split()
                if len(parts) != 3 or parts[2].lower() not in ("wall", "low"):
                    raise _bad(_line(lineno), _("write an edge as 'edge: E3 E4 wall' or 'edge: A3 B3 low'"))
                field = "wall_edges" if parts[2].lower() == "wall" else "obstacle_edges"
                edges[field].append([parts[0], parts[1]])
            else:
                raise _bad(_line(lineno), _("unknown header {key} (use name, legend or edge)", key=quote(key)))
        while body and not body[-1][1].strip():
            body.pop()
        while body and not body[0][1].strip():
            body.pop(0)
        if not body:
            raise _bad("grid", _("the map has no rows"))
        rows = [(n, line.rstrip()) for n, line in body]
        width = len(rows[0][1])
        height = len(rows)
        if width > MAX_SIDE or height > MAX_SIDE:
            raise _bad("grid", _("{width}x{height} is too big (at most {most}x{most} squares)", width=width,
                                 height=height, most=MAX_SIDE))
        walls: list[XY] = []
        terrain: dict[str, list[XY]] = {}
        zones: dict[tuple[str, str | None, str], list[XY]] = {}
        for y, (lineno, row) in enumerate(rows):
            if len(row) != width:
                raise _bad(_line(lineno), _("the row has {length} squares but the first row has {width}",
                                            length=len(row), width=width))
            for x, ch in enumerate(row):
                if ch not in legend:
                    raise _bad(_line(lineno), _("unknown map character '{char}' at {square} (add 'legend: {char} = "
                                                "...')", char=ch, square=square_name((x, y))))
                for word in legend[ch]:
                    _apply_word(word, (x, y), walls, terrain, zones, lineno)
        data = {
            "name": map_name, "width": width, "height": height, "walls": walls, "terrain": terrain,
            "zones": [
                {"name": zname, "kind": zkind, "side": side, "squares": sq}
                for (zkind, side, zname), sq in zones.items()
            ],
            **edges,
        }
        return cls.from_data(data)

    def to_json_data(self) -> dict:
        """The JSON file form (square names), which :meth:`from_data` reads back."""
        return {
            "name": self.name, "width": self.width, "height": self.height,
            "walls": sorted(square_name(xy) for xy in self.walls),
            "wall_edges": sorted([square_name(a), square_name(b)] for a, b in self.wall_edges),
            "obstacle_edges": sorted([square_name(a), square_name(b)] for a, b in self.obstacle_edges),
            "terrain": {k: [square_name(xy) for xy in v] for k, v in sorted(self.terrain.items())},
            "kinds": {k: v.model_dump(exclude={"name"}) for k, v in self.kinds.items()},
            "zones": [
                {"name": z.name, "kind": z.kind, "side": z.side, "keywords": z.keywords,
                 "squares": [square_name(xy) for xy in z.squares]}
                for z in self.zones
            ],
            "clear_width": dict(self.clear_width),
        }


_DERIVED = ("_kinds_at", "_solid", "_prop_cache", "_memo", "_facts", "edge_vertices")

_SHARED_MAPS: OrderedDict[str, GridMap] = OrderedDict()
_SHARED_LIMIT = 64
_SHARED_LOCK = threading.Lock()


def shared_map(grid: GridMap) -> GridMap:
    """One map object per map content: ``grid`` itself the first time, after that the object
    already seen (with its lookup tables built). Maps are frozen, so every game on the same
    map may share one; a game parsed from JSON otherwise carries a copy of its own.

    >>> a = GridMap(width=3, height=2, walls=[(1, 1)])
    >>> shared_map(a) is a and shared_map(GridMap(width=3, height=2, walls=[(1, 1)])) is a
    True
    """
    key = grid.model_dump_json()
    with _SHARED_LOCK:
        found = _SHARED_MAPS.get(key)
        if found is not None:
            _SHARED_MAPS.move_to_end(key)
            return found
        _SHARED_MAPS[key] = grid
        while len(_SHARED_MAPS) > _SHARED_LIMIT:
            _SHARED_MAPS.popitem(last=False)
    return grid


def _ignores(kind: TerrainKind, mode: str) -> bool:
    return (
        (mode == "fly" and kind.flying_ignores)
        or (mode == "incorporeal" and kind.incorporeal_ignores)
        or (mode == "burrow" and kind.burrowing_ignores)
    )


def _vertices(edges) -> frozenset[tuple[int, int]]:
    out = set()
    for (ax, ay), (bx, by) in edges:
        if ay == by:  # side by side: the vertical line x = max(ax, bx)
            x = max(ax, bx)
            out.update({(x, ay), (x, ay + 1)})
        else:  # one above the other: the horizontal line y = max(ay, by)
            y = max(ay, by)
            out.update({(ax, y), (ax + 1, y)})
    return frozenset(out)


def _check_size(text: str) -> None:
    if not isinstance(text, str):
        raise _bad("map", _("the map must be text"))
    if len(text.encode("utf-8", errors="replace")) > MAX_TEXT_BYTES:
        raise _bad("map", _("the file is too big (at most {most} KiB)", most=MAX_TEXT_BYTES // 1024))


def _apply_word(word: str, xy: XY, walls, terrain, zones, lineno: int) -> None:
    parts = word.split()
    head = parts[0].lower()
    if head == "open":
        return
    if head == "wall":
        walls.append(xy)
        return
    if head in ZONE_KINDS:
        side = parts[1] if len(parts) > 1 else None
        zname = f"{head} {side}" if side else head
        zones.setdefault((head, side, zname), []).append(xy)
        return
    if head == "zone":
        if len(parts) < 2:
            raise _bad(_line(lineno), _("write 'zone NAME' in a legend"))
        zname = " ".join(parts[1:])
        zones.setdefault(("zone", None, zname), []).append(xy)
        return
    if kind_for(parts[0]) is None:
        raise _bad(_line(lineno), _("unknown terrain kind {kind} in the legend", kind=quote(parts[0])))
    terrain.setdefault(parts[0], []).append(xy)
