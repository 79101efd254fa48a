"""What a square-grid board looks like, for renderers.

Rulesets build a :class:`BoardView` from their state; renderers draw it and know nothing of
rules. Coordinates are engine squares: x to the east from 0, y downward from 0.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

XY = tuple[int, int]


class Token(BaseModel):
    """A creature on the board."""

    id: str
    label: str  # short text drawn on the token, e.g. "ORC"
    name: str
    side: str  # seat id; renderers pick a colour per side
    squares: list[XY]
    hp: int | None = None
    max_hp: int | None = None
    conditions: list[str] = Field(default_factory=list)
    active: bool = False  # the creature whose turn it is
    activated: bool = False  # already activated this round


class Zone(BaseModel):
    """A marked area: start area, exit, victory area, spell area, command range..."""

    kind: str
    squares: list[XY]
    label: str = ""
    side: str | None = None


class BoardView(BaseModel):
    width: int
    height: int
    title: str = ""
    wall_squares: list[XY] = Field(default_factory=list)
    # A wall on the edge between two orthogonally adjacent squares.
    wall_edges: list[tuple[XY, XY]] = Field(default_factory=list)
    # A low wall or other hampering obstacle on an edge: crossing it costs extra (3.5 §6.2).
    low_edges: list[tuple[XY, XY]] = Field(default_factory=list)
    terrain: dict[str, list[XY]] = Field(default_factory=dict)  # terrain kind -> squares
    zones: list[Zone] = Field(default_factory=list)
    tokens: list[Token] = Field(default_factory=list)
    last_path: list[XY] = Field(default_factory=list)
    last_attack: tuple[XY, XY] | None = None
    side_names: dict[str, str] = Field(default_factory=dict)
    caption: str = ""
    # The renderer's own words (legend, zone marks) in the reader's language, English -> said;
    # empty: English. The bot fills it (bot.i18n.localised_view): renderers know no catalogue.
    words: dict[str, str] = Field(default_factory=dict)
    # The whole map's square that this view's top-left square is: a crop of a big board
    # (:meth:`around`) keeps the whole map's coordinates on its edges.
    origin: XY = (0, 0)

    def around(self, square: XY, size: int) -> BoardView:
        """The ``size`` x ``size`` squares centred on ``square`` (moved inside the board, and
        no bigger than it), as a view of their own; tokens, zones and lines keep only what
        falls inside, and the coordinates stay those of the whole map.

        >>> view = BoardView(width=30, height=20, tokens=[Token(id="o", label="O", name="Orc",
        ...                  side="a", squares=[(10, 10)]), Token(id="e", label="E", name="Elf",
        ...                  side="b", squares=[(29, 0)])])
        >>> crop = view.around((10, 10), 6)
        >>> (crop.width, crop.height, crop.origin, [t.squares for t in crop.tokens])
        (6, 6, (8, 8), [[(2, 2)]])
        """
        w, h = min(size, self.width), min(size, self.height)
        x0 = min(max(0, square[0] - (w - 1) // 2), self.width - w)
        y0 = min(max(0, square[1] - (h - 1) // 2), self.height - h)

        def inside(xy) -> bool:
            return x0 <= xy[0] < x0 + w and y0 <= xy[1] < y0 + h

        def moved(xy) -> XY:
            return (xy[0] - x0, xy[1] - y0)

        def squares(items) -> list[XY]:
            return [moved(xy) for xy in items if inside(xy)]

        def edges(items) -> list[tuple[XY, XY]]:
            return [(moved(a), moved(b)) for a, b in items if inside(a) and inside(b)]

        attack = self.last_attack
        return self.model_copy(update={
            "width": w, "height": h, "origin": (self.origin[0] + x0, self.origin[1] + y0),
            "wall_squares": squares(self.wall_squares), "wall_edges": edges(self.wall_edges),
            "low_edges": edges(self.low_edges),
            "terrain": {kind: squares(sq) for kind, sq in self.terrain.items() if squares(sq)},
            "zones": [z.model_copy(update={"squares": squares(z.squares)}) for z in self.zones if squares(z.squares)],
            "tokens": [t.model_copy(update={"squares": [moved(xy) for xy in t.squares]})
                       for t in self.tokens if any(inside(xy) for xy in t.squares)],
            "last_path": [moved(xy) for xy in self.last_path],
            "last_attack": (moved(attack[0]), moved(attack[1])) if attack else None,
        })

    def action_square(self) -> XY | None:
        """The middle of where the last move and attack happened, if anything did."""
        spots = [tuple(xy) for xy in self.last_path] + [tuple(xy) for xy in (self.last_attack or ())]
        if not spots:
            return None
        xs, ys = [x for x, _ in spots], [y for _, y in spots]
        return ((min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2)
