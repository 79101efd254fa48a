"""Squares, their names, and the 1-2-1-2 distance.

A square is an ``(x, y)`` pair: ``x`` grows to the east from 0, ``y`` grows downward from 0
(image rows). Players name squares the way the printed maps do: a column letter and a row
number from 1, so ``(4, 4)`` is ``"E5"``.

>>> parse_square("e5")
(4, 4)
>>> square_name((26, 0))
'AA1'
>>> distance((0, 0), (4, 4))   # 1 + 2 + 1 + 2
6
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from engine.core.errors import IllegalAction
from engine.core.text import _, join

XY = tuple[int, int]

# Fixed order (clockwise from north) so every search that walks neighbours is deterministic.
DIRECTIONS: tuple[XY, ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))

_SQUARE_RE = re.compile(r"^\s*([A-Za-z]{1,3})\s*([0-9]{1,4})\s*$")


def column_name(x: int) -> str:
    """Spreadsheet-style column letters: 0 -> A, 25 -> Z, 26 -> AA."""
    if x < 0:
        raise ValueError(f"column {x} is negative")
    letters = ""
    x += 1
    while x:
        x, rem = divmod(x - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def column_index(letters: str) -> int:
    """Inverse of :func:`column_name`: ``"A" -> 0``, ``"AA" -> 26``."""
    value = 0
    for ch in letters.upper():
        value = value * 26 + (ord(ch) - ord("A") + 1)
    return value - 1


def square_name(xy: XY) -> str:
    """``(4, 4) -> "E5"``."""
    x, y = xy
    if y < 0:
        raise ValueError(f"row {y} is negative")
    return f"{column_name(x)}{y + 1}"


def parse_square(text: str, width: int | None = None, height: int | None = None) -> XY:
    """Read a square name such as ``"E5"`` (case-insensitive) into ``(x, y)``.

    With ``width``/``height`` the square must also lie on the map. Raises
    ``IllegalAction("unknown-square", ...)`` with a message a player can act on.
    """
    raw = text if isinstance(text, str) else str(text)
    has_bounds = width is not None and height is not None and width > 0 and height > 0
    bounds = f" This map runs from A1 to {square_name((width - 1, height - 1))}." if has_bounds else ""
    match = _SQUARE_RE.match(raw)
    if not match:
        shown = raw.strip()[:20] or "(empty)"
        said = _("'{square}' is not a square name: use a column letter and a row number, like E5.", square=shown)
        if has_bounds:
            said = join("", [said, _(" This map runs from A1 to {last}.", last=square_name((width - 1, height - 1)))])
        raise IllegalAction("unknown-square", said)
    x = column_index(match.group(1))
    y = int(match.group(2)) - 1
    if y < 0 or (width is not None and x >= width) or (height is not None and y >= height):
        name = match.group(1).upper() + match.group(2)
        raise IllegalAction("unknown-square", _("There is no square {square}: this map runs from A1 to {last}.",
                                                square=name, last=square_name((width - 1, height - 1)))
                            if has_bounds else _("There is no square {square}: rows start at 1.", square=name))
    return (x, y)


def distance(a: XY, b: XY) -> int:
    """Squares between two squares by the 1-2-1-2 diagonal rule (a fresh count).

    ``max + min // 2``: every second diagonal costs one extra square.
    """
    dx = abs(a[0] - b[0])
    dy = abs(a[1] - b[1])
    return max(dx, dy) + min(dx, dy) // 2


def space_distance(a: Iterable[XY], b: Iterable[XY]) -> int:
    """Distance between two spaces: the least distance between any square of each."""
    bs = list(b)
    return min(distance(p, q) for p in a for q in bs)


def neighbours(xy: XY) -> list[XY]:
    """The 8 squares touching ``xy``, clockwise from north (may be off the map)."""
    x, y = xy
    return [(x + dx, y + dy) for dx, dy in DIRECTIONS]


def footprint(anchor: XY, w: int = 1, h: int | None = None) -> list[XY]:
    """The squares of a ``w`` by ``h`` space whose top-left square is ``anchor``, row by row."""
    if h is None:
        h = w
    ax, ay = anchor
    return [(ax + i, ay + j) for j in range(h) for i in range(w)]


def is_diagonal(frm: XY, to: XY) -> bool:
    return frm[0] != to[0] and frm[1] != to[1]
