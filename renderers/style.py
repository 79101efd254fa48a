"""Colours, fonts and small drawing helpers shared by the board renderers.

Everything here is deterministic: the font is DejaVu Sans shipped in ``renderers/fonts`` (cut to
the Latin letters: ASCII, Latin-1 and Latin Extended-A, so Italian and Hungarian words keep their
accents: à è ì ò ù, á é í ó ö ő ú ü ű), drawn with Pillow's basic layout, never a system font,
so every machine produces the same pixels.

>>> side_colours(["red-seat", "blue-seat"])["blue-seat"] == SIDE_PALETTE[1]
True
>>> plain("Élodie's Orcs 🐗"), plain("Ősi ütközet, città")
("Élodie's Orcs", 'Ősi ütközet, città')
>>> plain("Ørsted’s Дружина")
"Orsted's"
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path

from PIL import ImageDraw, ImageFont

RGB = tuple[int, int, int]
Point = tuple[float, float]

# Parchment and ink.
PARCHMENT: RGB = (236, 224, 196)  # around the grid, header and legend
PARCHMENT_DARK: RGB = (222, 206, 172)  # header band
FLOOR: RGB = (248, 242, 226)  # an open square
GRID_LINE: RGB = (196, 180, 150)
INK: RGB = (62, 48, 32)  # coordinates, captions
INK_SOFT: RGB = (110, 92, 66)
BORDER: RGB = (58, 52, 46)  # the grid edge, which the rules treat as a wall

WALL_STONE: RGB = (88, 82, 76)
WALL_MORTAR: RGB = (62, 57, 52)
WALL_EDGE: RGB = (46, 41, 37)

PATH_INK: RGB = (35, 35, 40)
ATTACK_RED: RGB = (200, 20, 30)
ACTIVE_GOLD: RGB = (255, 196, 0)
HALO: tuple[int, int, int, int] = (255, 255, 255, 210)

# Okabe & Ito's colour-blind-safe palette, ordered so the first sides differ most.
SIDE_PALETTE: tuple[RGB, ...] = (
    (0, 114, 178),  # blue
    (213, 94, 0),  # vermillion
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (230, 159, 0),  # orange
    (86, 180, 233),  # sky blue
    (240, 228, 66),  # yellow
    (70, 70, 70),  # near black
)
NEUTRAL_SIDE: RGB = (150, 150, 150)


def side_colours(sides: Iterable[str]) -> dict[str, RGB]:
    """Give each side (in order) the next palette colour; the palette repeats after eight."""
    return {side: SIDE_PALETTE[i % len(SIDE_PALETTE)] for i, side in enumerate(sides)}


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b``.

    >>> blend((0, 0, 0), (200, 100, 50), 0.5)
    (100, 50, 25)
    """
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def luminance(c: RGB) -> float:
    """Perceived brightness 0..255, to choose dark or light text on a fill."""
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def contrast(a: RGB, b: RGB) -> float:
    """WCAG's contrast ratio of two colours, 1 (the same) to 21 (black on white); text reads
    well from 4.5.

    >>> round(contrast((0, 0, 0), (255, 255, 255)), 1), contrast(INK, INK)
    (21.0, 1.0)
    """
    def lum(c: Sequence[int]) -> float:
        ch = [v / 255 for v in c[:3]]
        ch = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in ch]
        return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def readable_on(c: RGB, back: RGB, least: float = 4.5) -> RGB:
    """``c`` darkened just enough (toward black, keeping its hue) to read on ``back`` with a
    contrast of ``least``: a caption's ink on its white halo.

    >>> readable_on((0, 0, 0), (255, 255, 255))
    (0, 0, 0)
    >>> contrast(readable_on((255, 200, 0), (255, 255, 255)), (255, 255, 255)) >= 4.5
    True
    """
    for step in range(21):
        ink = blend(tuple(c[:3]), (0, 0, 0), step / 20)  # type: ignore[arg-type]
        if contrast(ink, back) >= least:
            return ink
    return (0, 0, 0)


def with_alpha(c: RGB, alpha: int) -> tuple[int, int, int, int]:
    return (c[0], c[1], c[2], alpha)


FONT_FILE = Path(__file__).resolve().parent / "fonts" / "DejaVuSans-Latin.ttf"


@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans at ``size`` pixels (basic layout: no system text shaper)."""
    return ImageFont.truetype(str(FONT_FILE), max(1, size), layout_engine=ImageFont.Layout.BASIC)


# The bundled font holds ASCII, Latin-1 and Latin Extended-A (every letter of the Italian and
# Hungarian alphabets) and a few signs. Other letters are folded to their unaccented form and
# anything left (emoji, scripts the font lacks) is dropped, so a player name never turns into
# a row of empty boxes.
_EXTRA_GLYPHS = {*map(chr, range(0xA0, 0x180)), *"·…°"} - {"\xa0", "\xad"}
_FOLD = {"ß": "ss", "ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ł": "l",
         "Ł": "L", "đ": "d", "Đ": "D", "–": "-", "—": "-", "‘": "'", "’": "'", "“": '"', "”": '"',
         "×": "x", "→": "->"}


def plain(text: str) -> str:
    """``text`` reduced to characters the bundled font can draw."""
    out = []
    for ch in text:
        if ch in _EXTRA_GLYPHS and ch not in _FOLD:
            out.append(ch)
            continue
        ch = _FOLD.get(ch, ch)
        for part in unicodedata.normalize("NFKD", ch):
            if (" " <= part <= "~") or part in _EXTRA_GLYPHS:
                out.append(part)
            elif part in "\t\n":
                out.append(" ")
    return " ".join("".join(out).split())


def text_width(text: str, size: int) -> float:
    return font(size).getlength(text)


@lru_cache(maxsize=64)
def _advances(size: int) -> dict[str, float]:
    """Each drawable character's advance at ``size``, so a line's width is a sum, not a layout."""
    f = font(size)
    return {ch: f.getlength(ch) for ch in [*map(chr, range(32, 127)), *_EXTRA_GLYPHS]}


def line_width(text: str, size: int) -> float:
    """``text``'s width as the sum of its characters' advances (kerning aside), in one pass.

    Wrapping measures with this, so a line costs its length once, whatever the text holds.

    >>> abs(line_width("Orc Mauler", 20) - text_width("Orc Mauler", 20)) < 2
    True
    """
    advances = _advances(size)
    fallback = advances["M"]
    return sum(advances.get(ch, fallback) for ch in text)


def wrap(text: str, size: int, width: float, most: int | None = None) -> list[str]:
    """Greedy word wrap of ``text`` to lines no wider than ``width`` pixels (long words are cut).

    Stops after ``most`` lines when given. Linear in the text whatever it holds: each word is
    measured once, and an over-long word is cut in one walk along its characters.

    >>> wrap("the orc swings", 20, 80)
    ['the orc', 'swings']
    >>> len(wrap("x" * 250_000, 20, 200, most=3))
    3
    """
    advances = _advances(size)
    fallback = advances["M"]
    space = advances[" "]
    lines: list[str] = []
    line, used = "", 0.0

    def full() -> bool:
        return most is not None and len(lines) >= most

    for word in text.split():
        if full():
            break
        word_width = sum(advances.get(ch, fallback) for ch in word)
        if word_width > width and len(word) > 1:
            # A word wider than the line: cut it where it still fits, piece by piece.
            if line:
                lines.append(line)
                line, used = "", 0.0
            start, piece = 0, 0.0
            for i, ch in enumerate(word):
                step = advances.get(ch, fallback)
                if piece + step > width and i > start:
                    lines.append(word[start:i])
                    if full():
                        return lines
                    start, piece = i, 0.0
                piece += step
            word, word_width = word[start:], piece
        if line and used + space + word_width <= width:
            line, used = f"{line} {word}", used + space + word_width
        else:
            if line:
                lines.append(line)
            line, used = word, word_width
    if line and not full():
        lines.append(line)
    return lines


def fit_size(text: str, largest: int, smallest: int, width: float) -> int:
    """The largest size from ``largest`` down to ``smallest`` at which ``text`` fits ``width``."""
    size = largest
    while size > smallest and text_width(text, size) > width:
        size -= 1
    return size


def dashed_line(draw: ImageDraw.ImageDraw, a: Point, b: Point, *, dash: float, gap: float,
                fill, width: int) -> None:
    """A dashed straight line from ``a`` to ``b``; the pattern starts with a dash at ``a``."""
    length = math.dist(a, b)
    if length == 0:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    pos = 0.0
    while pos < length:
        end = min(pos + dash, length)
        draw.line([(a[0] + ux * pos, a[1] + uy * pos), (a[0] + ux * end, a[1] + uy * end)],
                  fill=fill, width=width)
        pos = end + gap


def arrowhead(draw: ImageDraw.ImageDraw, tail: Point, tip: Point, *, length: float,
              fill, outline=None, outline_width: int = 0) -> None:
    """A filled triangle with its point at ``tip``, aligned with the line from ``tail``."""
    dist = math.dist(tail, tip)
    if dist == 0:
        return
    ux, uy = (tip[0] - tail[0]) / dist, (tip[1] - tail[1]) / dist
    half = length * 0.55
    bx, by = tip[0] - ux * length, tip[1] - uy * length
    points = [tip, (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)]
    if outline is not None and outline_width:
        draw.polygon(points, fill=fill, outline=outline, width=outline_width)
    else:
        draw.polygon(points, fill=fill)


def polyline(draw: ImageDraw.ImageDraw, points: Sequence[Point], *, fill, width: int) -> None:
    """A line through ``points`` with round joints (Pillow's own joints leave notches)."""
    if len(points) >= 2:
        draw.line(list(points), fill=fill, width=width, joint="curve")
    r = width / 2
    for x, y in (points[0], points[-1]) if points else ():
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)
