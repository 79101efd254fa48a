"""What a board of areas looks like, for a renderer (as engine.core.board_view is for grids).

A ruleset fills an :class:`AreaView` from its state; ``renderers.areas`` draws it and knows
no rules. Coordinates are the board's own units; the renderer scales them.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from engine.areas.board import AreaBoard


class AreaPiece(BaseModel):
    """A model (or a stack of one tile's models) standing in an area."""

    id: str
    label: str  # short text on the token, e.g. "CON" or "GUA×2"
    name: str
    side: str
    area: str
    count: int = 1
    lp: list[int] = Field(default_factory=list)  # life points of each model in a stack
    hero: bool = False


class SidePanel(BaseModel):
    """A block of lines beside the map: a hero's gem zones, the Overlord's river..."""

    title: str
    side: str
    lines: list[str] = Field(default_factory=list)


class AreaView(BaseModel):
    board: AreaBoard
    title: str = ""
    caption: str = ""
    pieces: list[AreaPiece] = Field(default_factory=list)
    items: dict[str, list[str]] = Field(default_factory=dict)  # area -> card names on the ground
    chests: dict[str, int] = Field(default_factory=dict)
    marks: dict[str, str] = Field(default_factory=dict)  # area -> a word to draw (EXIT, START)
    panels: list[SidePanel] = Field(default_factory=list)
    side_names: dict[str, str] = Field(default_factory=dict)
    # Each area's name as drawn (id -> name), where it differs from the board's: a ruleset sets
    # it after construction, its values Texts that the bot says in the reader's language.
    area_names: dict[str, str] = Field(default_factory=dict)
    # Each area's level mark after its name ("L2") and its notes along its bottom edge ("R",
    # "J3"), and the legend of those marks under the map: set after construction, Texts said in
    # the reader's language (engine.areas.board.level_mark, area_notes, marks_legend).
    level_marks: dict[str, str] = Field(default_factory=dict)
    area_notes: dict[str, list[str]] = Field(default_factory=dict)
    legend: str = ""
    # The renderer's own words (zone marks, "chest") in the reader's language; empty: English.
    words: dict[str, str] = Field(default_factory=dict)
