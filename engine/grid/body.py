"""Creatures as the grid sees them: size, space, natural reach, and how they move.

The size table is D&D 3.5's "Creature Size and Scale" (tactical movement §10.1), which the
D&D Miniatures games share for the sizes they use (Tiny/Small/Medium 1 square, Large 2x2,
Huge 3x3). Space and reach are per-creature data; the table only gives defaults.

>>> ogre = Body(id="ogre", side="B", anchor=(5, 0), size="large")
>>> ogre.squares, ogre.reach
([(5, 0), (6, 0), (5, 1), (6, 1)], 2)
>>> Body(id="horse", side="A", anchor=(0, 0), size="large", tall=False).reach
1
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, field_validator

from engine.grid.squares import XY, footprint, parse_square

SizeName = Literal["fine", "diminutive", "tiny", "small", "medium", "large", "huge", "gargantuan", "colossal"]


class SizeInfo(NamedTuple):
    index: int
    space_ft: float
    squares: int  # side of the square space; creatures under one square hold 1 (shared) square
    reach_tall: int  # natural reach in squares
    reach_long: int
    per_square: int  # how many fit in one square (only below Small)


# 3.5 §10.1 [SRC]. Colossal follows the source (25 ft); the English table's 30 ft is data, not code.
SIZES: dict[str, SizeInfo] = {
    "fine": SizeInfo(0, 0.5, 1, 0, 0, 100),
    "diminutive": SizeInfo(1, 1.0, 1, 0, 0, 25),
    "tiny": SizeInfo(2, 2.5, 1, 0, 0, 4),
    "small": SizeInfo(3, 5.0, 1, 1, 1, 1),
    "medium": SizeInfo(4, 5.0, 1, 1, 1, 1),
    "large": SizeInfo(5, 10.0, 2, 2, 1, 1),
    "huge": SizeInfo(6, 15.0, 3, 3, 2, 1),
    "gargantuan": SizeInfo(7, 20.0, 4, 4, 3, 1),
    "colossal": SizeInfo(8, 25.0, 5, 5, 4, 1),
}
SIZE_ORDER = list(SIZES)


def size_index(size: str) -> int:
    return SIZES[size].index


class Body(BaseModel):
    """A creature on the grid: where it stands, how big it is, how it moves.

    ``anchor`` is the top-left square of its space (a name like ``"E5"`` is accepted).
    ``shape`` is set only while a big creature is squeezed into a narrower placement. A body is
    a frozen value (:meth:`at` gives the same creature elsewhere), so one can be shared.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    side: str
    anchor: XY
    name: str = ""
    size: SizeName = "medium"
    tall: bool = True  # tall or long (3.5 §10.1): long creatures have shorter natural reach
    space: int | None = None  # squares per side of its space; None: from the size table
    space_ft: float | None = None
    natural_reach: int | None = None  # in squares; None: from the size table
    shape: tuple[int, int] | None = None  # (w, h) while squeezed; None: its full space
    flying: bool = False
    incorporeal: bool = False
    burrowing: bool = False
    helpless: bool = False
    fills_space: bool = False  # completely fills its squares: nothing passes (3.5 §5.7)
    obstructs_when_helpless: bool = False  # crossing it costs a doubling even when helpless
    blind: bool = False  # minis: every square costs double
    escape_artist: bool = False  # using Escape Artist: a gap under half its space is a squeeze (3.5 §8)
    active: bool = True  # minis §20.1: only active creatures threaten

    @field_validator("anchor", mode="before")
    @classmethod
    def _anchor(cls, v):
        return parse_square(v) if isinstance(v, str) else v

    @property
    def label(self) -> str:
        return self.name or self.id

    @property
    def info(self) -> SizeInfo:
        return SIZES[self.size]

    @property
    def size_index(self) -> int:
        return self.info.index

    @property
    def side_len(self) -> int:
        return self.space if self.space is not None else self.info.squares

    @property
    def space_feet(self) -> float:
        return self.space_ft if self.space_ft is not None else self.info.space_ft

    @property
    def reach(self) -> int:
        if self.natural_reach is not None:
            return self.natural_reach
        return self.info.reach_tall if self.tall else self.info.reach_long

    @property
    def is_tiny(self) -> bool:
        """Fine, Diminutive or Tiny: under one square (3.5 §10.2)."""
        return self.info.index <= 2

    @property
    def dims(self) -> tuple[int, int]:
        return self.shape if self.shape is not None else (self.side_len, self.side_len)

    @property
    def squeezed(self) -> bool:
        return self.shape is not None and self.shape != (self.side_len, self.side_len)

    @property
    def squares(self) -> list[XY]:
        w, h = self.dims
        return footprint(self.anchor, w, h)

    @property
    def move_mode(self) -> str:
        """Which terrain facts apply to it (see ``board.MOVE_MODES``)."""
        if self.incorporeal:
            return "incorporeal"
        if self.burrowing:
            return "burrow"
        if self.flying:
            return "fly"
        return "walk"

    def at(self, anchor: XY, shape: tuple[int, int] | None = None) -> "Body":
        """The same creature standing elsewhere."""
        return self.model_copy(update={"anchor": anchor, "shape": shape})


def squares_of(thing) -> list[XY]:
    """The squares of a Body, a single square, or a list of squares."""
    if isinstance(thing, Body):
        return thing.squares
    if isinstance(thing, tuple) and len(thing) == 2 and isinstance(thing[0], int):
        return [thing]
    return list(thing)
