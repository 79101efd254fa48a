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
