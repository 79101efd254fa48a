"""Draw a square-grid :class:`~engine.core.board_view.BoardView` as a PNG.

>>> from engine.core.board_view import BoardView, Token
>>> view = BoardView(width=6, height=4, title="Skirmish",
...                  tokens=[Token(id="o1", label="ORC", name="Orc", side="a", squares=[(1, 2)])])
>>> png = render_board(view)
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
>>> board_layout(view).square
48

The picture, top to bottom: a band with the title and caption, the grid framed by coordinates
on all four edges (columns A, B, ... AA; rows 1, 2, ... from the top, so square (4, 4) is "E5"),
and a legend of the sides and the terrain kinds on the board.

Everything is drawn at twice the final size and then averaged down 2x2, which smooths circles
and diagonals without making flat areas any less exact (a 2x2 average of one colour is that
colour), so tests can compare pixels with the palette.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.core.board_view import XY, BoardView, Token, Zone
from engine.grid.squares import column_name
from renderers import png, style
from renderers.style import (
    ACTIVE_GOLD, ATTACK_RED, BORDER, FLOOR, GRID_LINE, HALO, INK, INK_SOFT, NEUTRAL_SIDE,
    PARCHMENT, PARCHMENT_DARK, PATH_INK, RGB, WALL_EDGE, WALL_MORTAR, WALL_STONE, Point,
    arrowhead, blend, dashed_line, fit_size, font, luminance, plain, polyline, side_colours,
    with_alpha, wrap,
)
from renderers.terrain import WALL_KINDS, normalise_kind, paint_square, terrain_style
from renderers.words import said

__all__ = ["BoardLayout", "board_layout", "render_board", "side_order"]

MAX_SIDE = 2000  # Discord shows bigger images, but phones then load them slowly
MIN_SQUARE = 10
SQUARE_PX = 48  # a board's squares, unless the map is big (see default_square)
PREVIEW_WIDTH = 550  # Discord's in-channel preview of an image, in pixels at most
WIDE_GRID = 880  # a grid wider than this at SQUARE_PX gets smaller squares by default
MIN_DEFAULT_SQUARE = 32
SS = 2  # supersampling factor
MAX_TITLE_LINES = 2
MAX_CAPTION_LINES = 5
MAX_TEXT = 2000  # characters of a title or caption looked at; five lines never hold more
MAX_LABEL = 60  # characters of a name drawn on a token, zone or legend entry


def side_order(view: BoardView) -> list[str]:
    """Sides in colour order: those named in ``side_names`` first, then any others as met."""
    order = list(view.side_names)
    for side in [t.side for t in view.tokens] + [z.side for z in view.zones if z.side]:
        if side not in order:
            order.append(side)
    return order


# --------------------------------------------------------------------------------------------
# Layout


@dataclass(frozen=True)
class BoardLayout:
    """Where everything goes, in final image pixels.

    The grid's top-left corner is at (``margin``, ``header + margin``); the coordinate labels
    sit in the ``margin`` strips on all four sides; the legend fills the ``footer``.
    """

    cols: int
    rows: int
    square: int
    margin: int
    header: int
    footer: int

    @property
    def grid_left(self) -> int:
        return self.margin

    @property
    def grid_top(self) -> int:
        return self.header + self.margin

    @property
    def size(self) -> tuple[int, int]:
        return (self.cols * self.square + 2 * self.margin,
                self.header + 2 * self.margin + self.rows * self.square + self.footer)

    def square_box(self, xy: XY) -> tuple[int, int, int, int]:
        """The pixels of square ``xy``, inclusive, as Pillow's rectangle() wants them."""
        x0 = self.grid_left + xy[0] * self.square
        y0 = self.grid_top + xy[1] * self.square
        return (x0, y0, x0 + self.square - 1, y0 + self.square - 1)

    def centre(self, xy: XY) -> Point:
        return (self.grid_left + (xy[0] + 0.5) * self.square,
                self.grid_top + (xy[1] + 0.5) * self.square)


@dataclass(frozen=True)
class _Text:
    """Type sizes and wrapped lines, worked out at drawing scale."""

    title_size: int
    caption_size: int
    coord_size: int
    legend_size: int
    title_lines: tuple[str, ...]
    caption_lines: tuple[str, ...]
    legend_rows: tuple[tuple[tuple[str, str, str], ...], ...]  # (kind, key, text) per item
    header: int
    footer: int


def _legend_items(view: BoardView) -> list[tuple[str, str, str]]:
    items = [("side", side, plain(view.side_names.get(side, side)[:MAX_LABEL]) or "?")
             for side in side_order(view)]
    seen: set[str] = set()
    for kind, squares in view.terrain.items():
        key = normalise_kind(kind)
        if squares and key not in WALL_KINDS and key not in seen:
            seen.add(key)
            items.append(("terrain", kind, plain(said(view, terrain_style(kind).name))))
    return items


def _plan_text(view: BoardView, square: int, margin: int) -> _Text:
    """Sizes are in drawing pixels (already multiplied by ``SS``)."""
    width = view.width * square + 2 * margin
    pad = round(square * 0.25)
    title_size = max(16 * SS, min(round(width * 0.042), 46 * SS))
    caption_size = max(13 * SS, round(title_size * 0.72))
    legend_size = caption_size
    coord_size = max(9 * SS, round(square * 0.30))
    inner = width - 2 * pad

    title_lines = _lines(view.title, title_size, inner, MAX_TITLE_LINES)
    caption_lines = _lines(view.caption, caption_size, inner, MAX_CAPTION_LINES)
    header = 0
    if title_lines or caption_lines:
        header = (2 * pad + len(title_lines) * round(title_size * 1.2)
                  + len(caption_lines) * round(caption_size * 1.3))
        if title_lines and caption_lines:
            header += round(caption_size * 0.3)

    rows: list[list[tuple[str, str, str]]] = []
    used = inner + 1.0
    for item in _legend_items(view):
        item_width = legend_size * 1.6 + style.text_width(item[2], legend_size) + legend_size
        if used + item_width > inner and (rows == [] or rows[-1]):
            rows.append([])
            used = 0.0
        rows[-1].append(item)
        used += item_width
    footer = 0
    if rows:
        footer = round(pad * 1.4 + len(rows) * legend_size * 1.6)
    return _Text(title_size, caption_size, coord_size, legend_size, title_lines, caption_lines,
                 tuple(tuple(r) for r in rows), _even(header), _even(footer))


def _lines(text: str, size: int, width: float, most: int) -> tuple[str, ...]:
    """``text`` wrapped to ``width``, keeping its own line breaks, cut to ``most`` lines.

    A chat caption can be long; beyond a few lines it belongs in the message, not the picture.
    Only the first :data:`MAX_TEXT` characters are looked at: more could never be drawn.
    """
    lines: list[str] = []
    for paragraph in text[:MAX_TEXT].splitlines():
        lines.extend(wrap(plain(paragraph), size, width, most=most + 1 - len(lines)))
        if len(lines) > most:
            break
    if len(lines) > most:
        last = lines[most - 1]
        while last and style.text_width(last + " …", size) > width:
            last = last[:-1]
        lines = lines[:most - 1] + [last.rstrip() + " …"]
    return tuple(lines)


def _even(n: int) -> int:
    return n + (n % SS)


def _margin(square: int) -> int:
    return max(14, round(square * 0.55))


def _fit_square(view: BoardView, square_px: int) -> tuple[int, _Text]:
    """The largest square size up to ``square_px`` whose image fits ``MAX_SIDE`` both ways.

    Worked out, not searched: the width fixes a first size, and each try that is still too
    tall shrinks the square by the excess shared over the rows (the bands barely change as the
    square shrinks), so a board of any size settles in two or three plans of its text.
    """
    cols, rows = view.width, view.height

    def height(square: int) -> tuple[int, _Text]:
        text = _plan_text(view, square * SS, _margin(square) * SS)
        return rows * square + 2 * _margin(square) + (text.header + text.footer) // SS, text

    largest = max(MIN_SQUARE, min(square_px, MAX_SIDE // max(cols, rows, 1)))
    while largest > MIN_SQUARE and cols * largest + 2 * _margin(largest) > MAX_SIDE:
        largest -= 1  # the margins: at most a step or two
    square = largest
    for _ in range(32):
        tall, text = height(square)
        if tall <= MAX_SIDE or square <= MIN_SQUARE:
            break
        square = max(MIN_SQUARE, square - max(1, math.ceil((tall - MAX_SIDE) / (rows + 1))))
    # The shared-out step may overshoot by a pixel: take back what still fits.
    while square < largest:
        tall, bigger = height(square + 1)
        if tall > MAX_SIDE:
            break
        square, text = square + 1, bigger
    return square, text


def default_square(view: BoardView) -> int:
    """The square size a board is drawn at unless told: :data:`SQUARE_PX`, less on a big map.

    Discord shows a board in the channel at most :data:`PREVIEW_WIDTH` pixels wide, and full
    size only when it is opened. Squares of 48 pixels make a 24 x 24 map 1,200 pixels wide,
    which the channel shows at less than half size, for 1.8 times the pixels of a board 900
    wide that it shows the same; so a map wider than :data:`WIDE_GRID` pixels of 48-pixel squares
    gets smaller squares, down to :data:`MIN_DEFAULT_SQUARE`, still readable when opened (a
    token's name and hit points are 10 and 8 pixels high there). Small maps and the crops of
    ``/game board around:`` keep 48.

    >>> default_square(BoardView(width=12, height=9))
    48
    >>> default_square(BoardView(width=24, height=24)), default_square(BoardView(width=36, height=30))
    (36, 32)
    """
    side = max(view.width, view.height, 1)
    return max(MIN_DEFAULT_SQUARE, min(SQUARE_PX, WIDE_GRID // side))


def board_layout(view: BoardView, *, square_px: int | None = None) -> BoardLayout:
    """The layout :func:`render_board` will use for ``view`` (square size after any scaling)."""
    square_px = default_square(view) if square_px is None else square_px
    _check(view, square_px)
    square, text = _fit_square(view, square_px)
    return BoardLayout(view.width, view.height, square, _margin(square), text.header // SS,
                       text.footer // SS)


def _check(view: BoardView, square_px: int) -> None:
    if view.width < 1 or view.height < 1:
        raise ValueError(f"A board needs at least one square; this one is {view.width}x"
                         f"{view.height}.")
    if square_px < MIN_SQUARE:
        raise ValueError(f"square_px must be at least {MIN_SQUARE} pixels, not {square_px}.")


# --------------------------------------------------------------------------------------------
# Rendering


def render_board(view: BoardView, *, square_px: int | None = None, cache: bool = True) -> bytes:
    """Draw ``view`` and return PNG bytes; the same view always gives the same bytes.

    Squares are ``square_px`` pixels (by default :func:`default_square`: 48, less on a big
    map) unless the image would exceed 2000 pixels on a side, in
    which case they shrink to fit (see :func:`board_layout`).

    The map's unchanging layer (floor, terrain, zone tints, grid, walls, frame, coordinates) is
    drawn once per map and look and kept (see :class:`BlockCache`); each board then draws only
    its tokens, lines and badges over it, and averages down only the patches they touched.
    ``cache=False`` draws everything afresh and averages the whole board: the same pixels
    (tests compare the two), for checking.
    """
    square_px = default_square(view) if square_px is None else square_px
    _check(view, square_px)
    square, text = _fit_square(view, square_px)
    final = BoardLayout(view.width, view.height, square, _margin(square), text.header // SS,
                        text.footer // SS)
    big = BoardLayout(view.width, view.height, square * SS, final.margin * SS, 0, 0)
    colours = side_colours(side_order(view))
    image = Image.new("RGB", final.size, PARCHMENT)
    if text.header:
        image.paste(_header_band(view, big, text, colours, cache).reduce(SS), (0, 0))
    block_top = final.header
    key = _static_key(view, big, text, colours)
    if cache:
        BLOCKS.draw_over(key, lambda: _static_block(view, big, text, colours),
                         lambda draw: _Painter(view, big, text, draw, colours).paint_overlays(),
                         image, (0, block_top))
    else:
        block = _static_block(view, big, text, colours)
        _Painter(view, big, text, ImageDraw.Draw(block, "RGBA"), colours).paint_overlays()
        image.paste(block.reduce(SS), (0, block_top))
    if text.footer:
        image.paste(_legend_band(view, big, text, colours, cache), (0, block_top + big.size[1] // SS))
    assert image.size == final.size
    return png.encode(image)


_TITLE_BANDS: OrderedDict[tuple, Image.Image] = OrderedDict()
_TITLE_BANDS_LOCK = threading.Lock()


def _header_band(view: BoardView, big: BoardLayout, text: _Text, colours: dict[str, RGB],
                 cache: bool) -> Image.Image:
    """The header at drawing scale. The band with its title (a stroked face, the costliest
    text) is kept per title, width and band height; the caption, which changes from board to
    board, is drawn over a copy — the same strokes in the same order as drawing it all."""
    key = (big.size[0], big.square, text.header, text.title_size, text.title_lines)
    with _TITLE_BANDS_LOCK:
        band = _TITLE_BANDS.get(key) if cache else None
        if band is not None:
            _TITLE_BANDS.move_to_end(key)
    if band is None:
        band = Image.new("RGB", (big.size[0], text.header), PARCHMENT)
        _Painter(view, big, text, ImageDraw.Draw(band, "RGBA"), colours).header(captions=False)
        if cache:
            with _TITLE_BANDS_LOCK:
                _TITLE_BANDS[key] = band
                while len(_TITLE_BANDS) > 16:
                    _TITLE_BANDS.popitem(last=False)
    band = band.copy()
    _Painter(view, big, text, ImageDraw.Draw(band, "RGBA"), colours).header(titles=False)
    return band


_LEGEND_BANDS: OrderedDict[tuple, Image.Image] = OrderedDict()


def _legend_band(view: BoardView, big: BoardLayout, text: _Text, colours: dict[str, RGB],
                 cache: bool) -> Image.Image:
    """The legend at final scale. It depends only on the sides, the terrain kinds and the
    width, which a game keeps from board to board, so it is drawn once and kept (the legend
    of a four-player battle map is a fifth of its drawing)."""
    key = (big.size[0], big.square, text.footer, text.legend_size, text.legend_rows,
           tuple(sorted(colours.items())))
    with _TITLE_BANDS_LOCK:
        band = _LEGEND_BANDS.get(key) if cache else None
        if band is not None:
            _LEGEND_BANDS.move_to_end(key)
            return band
    big_band = Image.new("RGB", (big.size[0], text.footer), PARCHMENT)
    _Painter(view, big, text, ImageDraw.Draw(big_band, "RGBA"), colours).legend()
    band = big_band.reduce(SS)
    if cache:
        with _TITLE_BANDS_LOCK:
            _LEGEND_BANDS[key] = band
            while len(_LEGEND_BANDS) > 16:
                _LEGEND_BANDS.popitem(last=False)
    return band


def _static_key(view: BoardView, big: BoardLayout, text: _Text, colours: dict[str, RGB]) -> tuple:
    """Everything the unchanging layer is drawn from, so equal keys mean equal pixels."""
    def squares(items) -> tuple:
        return tuple(sorted({tuple(sq) for sq in items}))

    return (
        big.cols, big.rows, big.square, big.margin, text.coord_size, tuple(view.origin),
        tuple((kind, squares(sq)) for kind, sq in view.terrain.items()),
        squares(view.wall_squares),
        tuple((tuple(a), tuple(b)) for a, b in view.wall_edges),
        tuple((tuple(a), tuple(b)) for a, b in view.low_edges),
        tuple((z.kind, squares(z.squares), colours.get(z.side, NEUTRAL_SIDE) if z.side else None)
              for z in view.zones),
        tuple(sorted(view.words.items())),  # zone marks in the reader's language
    )


def _static_block(view: BoardView, big: BoardLayout, text: _Text, colours: dict[str, RGB]) -> Image.Image:
    """The grid with its margins at drawing scale, without anything that moves."""
    block = Image.new("RGB", big.size, PARCHMENT)
    _Painter(view, big, text, ImageDraw.Draw(block, "RGBA"), colours).paint_static()
    return block


TILE = 64  # drawing pixels a side of the patches averaged down after the moving layer (even)


class _Block:
    """One cached unchanging layer: at drawing scale (to draw over) and at final scale."""

    def __init__(self, big: Image.Image) -> None:
        self.big = big
        self.small = big.reduce(SS)
        self.lock = threading.Lock()
        self.bytes = big.size[0] * big.size[1] * 3 * 5 // 4  # both scales


class BlockCache:
    """The unchanging layers of recently drawn maps, least recently used dropped first.

    Bounded by memory (a 36 × 30 map's layer is about 40 MB at drawing scale), not by count.
    Drawing over a cached layer marks the patches each stroke may touch (:class:`_Tracked`),
    keeps their pristine pixels, draws, averages down just those patches into the picture and
    puts the pristine pixels back, so the layer is never copied whole. Two threads drawing over
    the same layer at once: the second works on its own copy.
    """

    def __init__(self, budget_bytes: int = 160 * 1024 * 1024) -> None:
        self.budget = budget_bytes
        self._blocks: OrderedDict[tuple, _Block] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def clear(self) -> None:
        with self._lock:
            self._blocks.clear()

    def _get(self, key: tuple, make) -> _Block:
        with self._lock:
            block = self._blocks.get(key)
            if block is not None:
                self._blocks.move_to_end(key)
                self.hits += 1
                return block
        block = _Block(make())
        with self._lock:
            self.misses += 1
            self._blocks[key] = block
            while len(self._blocks) > 1 and sum(b.bytes for b in self._blocks.values()) > self.budget:
                self._blocks.popitem(last=False)
        return block

    def draw_over(self, key: tuple, make, paint, image: Image.Image, at: tuple[int, int]) -> None:
        """Paste the layer for ``key`` into ``image`` at ``at`` with ``paint``'s strokes on it."""
        block = self._get(key, make)
        image.paste(block.small, at)
        # First pass: only where the strokes would go.
        touched = _Tracked(block.big.size)
        paint(touched)
        runs = touched.runs()
        if not block.lock.acquire(blocking=False):
            big = block.big.copy()  # another thread is drawing over this layer
            paint(ImageDraw.Draw(big, "RGBA"))
            for box in runs:
                image.paste(big.crop(box).reduce(SS), (at[0] + box[0] // SS, at[1] + box[1] // SS))
            return
        try:
            pristine = [block.big.crop(box) for box in runs]
            try:
                paint(ImageDraw.Draw(block.big, "RGBA"))
                for box in runs:
                    image.paste(block.big.crop(box).reduce(SS),
                                (at[0] + box[0] // SS, at[1] + box[1] // SS))
            finally:
                for box, pixels in zip(runs, pristine):
                    block.big.paste(pixels, box[:2])
        finally:
            block.lock.release()


BLOCKS = BlockCache()


class _Tracked:
    """Stands in for ``ImageDraw.Draw`` and draws nothing: it notes the tiles each stroke may
    touch. Boxes are generous (a stroke's width and two pixels more on every side), so a tile
    never noted is a tile the real pass never draws on."""

    def __init__(self, size: tuple[int, int]) -> None:
        self._size = size
        self._cols = -(-size[0] // TILE)
        self._rows = -(-size[1] // TILE)
        self._tiles: set[tuple[int, int]] = set()
        self._measure = ImageDraw.Draw(Image.new("RGB", (1, 1)))

    def _touch(self, points, extra: float) -> None:
        xs, ys = points[0::2], points[1::2]
        x0 = max(0, int((min(xs) - extra - 2) // TILE))
        y0 = max(0, int((min(ys) - extra - 2) // TILE))
        x1 = min(self._cols - 1, int((max(xs) + extra + 2) // TILE))
        y1 = min(self._rows - 1, int((max(ys) + extra + 2) // TILE))
        self._tiles.update((tx, ty) for ty in range(y0, y1 + 1) for tx in range(x0, x1 + 1))

    @staticmethod
    def _flat(xy) -> list[float]:
        flat: list[float] = []
        for item in xy:
            if isinstance(item, (tuple, list)):
                flat.extend(item)
            else:
                flat.append(item)
        return flat

    def ellipse(self, xy, fill=None, outline=None, width=1) -> None:
        self._touch(self._flat(xy), width)

    def rectangle(self, xy, fill=None, outline=None, width=1) -> None:
        self._touch(self._flat(xy), width)

    def rounded_rectangle(self, xy, radius=0, fill=None, outline=None, width=1) -> None:
        self._touch(self._flat(xy), width)

    def line(self, xy, fill=None, width=0, joint=None) -> None:
        # Segment by segment: a long diagonal line's box would be most of the board.
        flat = self._flat(xy)
        if len(flat) <= 4:
            self._touch(flat, width)
        for i in range(0, len(flat) - 2, 2):
            ax, ay, bx, by = flat[i:i + 4]
            # A long segment in short pieces, each with its own box.
            pieces = max(1, math.ceil(math.dist((ax, ay), (bx, by)) / (TILE / 2)))
            for k in range(pieces):
                t0, t1 = k / pieces, (k + 1) / pieces
                self._touch([ax + (bx - ax) * t0, ay + (by - ay) * t0,
                             ax + (bx - ax) * t1, ay + (by - ay) * t1], width)

    def polygon(self, xy, fill=None, outline=None, width=1) -> None:
        self._touch(self._flat(xy), width)

    def text(self, xy, text, fill=None, font=None, anchor=None, stroke_width=0, stroke_fill=None) -> None:
        box = self._measure.textbbox(xy, text, font=font, anchor=anchor, stroke_width=stroke_width)
        self._touch(list(box), stroke_width + 1)

    def runs(self) -> list[tuple[int, int, int, int]]:
        """The touched tiles as pixel boxes: neighbours along a row joined into one, and a run
        that spans the same columns on the next row too grown down (a token is one box)."""
        rows: dict[int, list[list[int]]] = {}
        for tx, ty in sorted(self._tiles, key=lambda t: (t[1], t[0])):
            spans = rows.setdefault(ty, [])
            if spans and spans[-1][1] == tx - 1:
                spans[-1][1] = tx
            else:
                spans.append([tx, tx])
        boxes: list[list[int]] = []  # [x0, y0, x1, y1] in tiles
        open_boxes: dict[tuple[int, int], list[int]] = {}
        for ty in sorted(rows):
            still_open: dict[tuple[int, int], list[int]] = {}
            for x0, x1 in rows[ty]:
                box = open_boxes.get((x0, x1))
                if box is not None and box[3] == ty - 1:
                    box[3] = ty
                else:
                    box = [x0, ty, x1, ty]
                    boxes.append(box)
                still_open[(x0, x1)] = box
            open_boxes = still_open
        return [(x0 * TILE, y0 * TILE, min(self._size[0], (x1 + 1) * TILE),
                 min(self._size[1], (y1 + 1) * TILE)) for x0, y0, x1, y1 in boxes]


class _Painter:
    """Draws one view onto one canvas, layer by layer (later layers cover earlier ones)."""

    def __init__(self, view: BoardView, layout: BoardLayout, text: _Text,
                 draw: ImageDraw.ImageDraw, colours: dict[str, RGB]) -> None:
        self.view = view
        self.L = layout
        self.s = layout.square
        self.text = text
        self.draw = draw
        self.colours = colours
        self.attack_target = None
        if view.last_attack:
            attacker, target = (tuple(xy) for xy in view.last_attack)
            if target != attacker:
                self.attack_target = self.token_at(target)
        self.on_board = lambda xy: 0 <= xy[0] < view.width and 0 <= xy[1] < view.height
        self.walls = {tuple(xy) for xy in view.wall_squares if self.on_board(xy)}
        for kind, squares in view.terrain.items():
            if normalise_kind(kind) in WALL_KINDS:
                self.walls.update(tuple(xy) for xy in squares if self.on_board(xy))

    def px(self, fraction: float) -> int:
        """A length as a fraction of a square, at least one pixel."""
        return max(1, round(self.s * fraction))

    def colour_of(self, side: str | None) -> RGB:
        return self.colours.get(side, NEUTRAL_SIDE) if side else NEUTRAL_SIDE

    def paint_static(self) -> None:
        """What only the map decides: drawn once per map and look, then cached."""
        self.floor()
        self.zones()
        self.grid_lines()
        self.wall_squares()
        self.wall_edges()
        self.frame()
        self.coordinates()

    def paint_overlays(self) -> None:
        """What changes from board to board, over the unchanging layer."""
        self.zone_badges()
        self.move_path()
        tokens = sorted(self.view.tokens, key=lambda t: (t.active, not t.activated))
        for token in tokens:
            self.token(token)
        self.attack()
        # Conditions go over the attack arrow: who is routing matters more than the arrow tip.
        for token in tokens:
            circle = self.token_circle(token)
            if circle and token.conditions:
                self.conditions(token.conditions, *circle)

    # -- header and legend -------------------------------------------------------------------

    def header(self, titles: bool = True, captions: bool = True) -> None:
        """The band, its title lines (``titles``), then its caption lines (``captions``)."""
        t = self.text
        if not t.header:
            return
        width = self.L.size[0]
        if titles:
            self.draw.rectangle((0, 0, width - 1, t.header - 1), fill=PARCHMENT_DARK)
            self.draw.line([(0, t.header - SS), (width, t.header - SS)], fill=INK_SOFT, width=SS)
        y = round(self.s * 0.25)
        for line in t.title_lines:
            step = round(t.title_size * 1.2)
            if titles:
                # A stroke in the ink's own colour thickens the regular face into a bold one.
                self.draw.text((width / 2, y + step / 2), line, font=font(t.title_size), fill=INK,
                               anchor="mm", stroke_width=max(1, t.title_size // 28), stroke_fill=INK)
            y += step
        if t.title_lines and t.caption_lines:
            y += round(t.caption_size * 0.3)
        for line in t.caption_lines:
            step = round(t.caption_size * 1.3)
            if captions:
                self.draw.text((width / 2, y + step / 2), line, font=font(t.caption_size),
                               fill=INK_SOFT, anchor="mm")
            y += step

    def legend(self) -> None:
        t = self.text
        if not t.footer:
            return
        width, top = self.L.size[0], 0  # drawn on a band of its own
        self.draw.line([(0, top), (width, top)], fill=INK_SOFT, width=SS)
        size = t.legend_size
        row_h = size * 1.6
        y = top + round(self.s * 0.25 * 0.7) + row_h / 2
        for row in t.legend_rows:
            x = round(self.s * 0.25)
            for kind, key, label in row:
                box = (x, y - size * 0.6, x + size * 1.2, y + size * 0.6)
                if kind == "side":
                    self.draw.ellipse(box, fill=self.colour_of(key), outline=(30, 30, 30),
                                      width=SS)
                else:
                    paint_square(self.draw, key, box, size * 1.2)
                    self.draw.rectangle(box, outline=GRID_LINE, width=SS)
                self.draw.text((x + size * 1.6, y), label, font=font(size), fill=INK, anchor="lm")
                x += size * 1.6 + style.text_width(label, size) + size
            y += row_h

    # -- the board ---------------------------------------------------------------------------

    def floor(self) -> None:
        L = self.L
        self.draw.rectangle((L.grid_left, L.grid_top, L.grid_left + L.cols * self.s - 1,
                             L.grid_top + L.rows * self.s - 1), fill=FLOOR)
        for kind, squares in self.view.terrain.items():
            if normalise_kind(kind) in WALL_KINDS:
                continue
            for xy in sorted({tuple(sq) for sq in squares if self.on_board(sq)}):
                paint_square(self.draw, kind, L.square_box(xy), self.s)

    def grid_lines(self) -> None:
        L, w = self.L, max(1, SS // 2 + self.s // 96)
        right, bottom = L.grid_left + L.cols * self.s, L.grid_top + L.rows * self.s
        for x in range(1, L.cols):
            px = L.grid_left + x * self.s
            self.draw.line([(px, L.grid_top), (px, bottom)], fill=GRID_LINE, width=w)
        for y in range(1, L.rows):
            py = L.grid_top + y * self.s
            self.draw.line([(L.grid_left, py), (right, py)], fill=GRID_LINE, width=w)

    def wall_squares(self) -> None:
        s, mortar = self.s, max(1, self.s // 24)
        for xy in sorted(self.walls):
            x0, y0, x1, y1 = self.L.square_box(xy)
            self.draw.rectangle((x0, y0, x1, y1), fill=WALL_STONE)
            # Three courses of stones; the joints stay off the square's centre, which tests
            # (and eyes) use to tell a wall from the floor.
            for row, joints in enumerate(((0.5,), (0.25, 0.75), (0.5,))):
                top = y0 + s * row / 3
                if row:
                    self.draw.line([(x0, top), (x1, top)], fill=WALL_MORTAR, width=mortar)
                for j in joints:
                    self.draw.line([(x0 + s * j, top), (x0 + s * j, top + s / 3)],
                                   fill=WALL_MORTAR, width=mortar)
        # Where two wall squares meet, the grid line between them would split the rock.
        for (x, y) in sorted(self.walls):
            x0, y0, x1, y1 = self.L.square_box((x, y))
            if (x + 1, y) in self.walls:
                self.draw.rectangle((x1 - mortar, y0, x1 + mortar + 1, y1), fill=WALL_STONE)
            if (x, y + 1) in self.walls:
                self.draw.rectangle((x0, y1 - mortar, x1, y1 + mortar + 1), fill=WALL_STONE)

    def edge_ends(self, a, b):
        """The two pixel ends of the edge shared by neighbouring squares, or None."""
        (ax, ay), (bx, by) = a, b
        if abs(ax - bx) + abs(ay - by) != 1:
            return None  # not an edge between neighbours; nothing sensible to draw
        x0, y0, *_ = self.L.square_box((max(ax, bx), max(ay, by)))
        if ax != bx:  # east-west neighbours share a vertical edge
            return [(x0, y0), (x0, y0 + self.s)]
        return [(x0, y0), (x0 + self.s, y0)]

    def wall_edges(self) -> None:
        w = self.px(0.14)
        for a, b in self.view.wall_edges:
            ends = self.edge_ends(a, b)
            if ends:
                polyline(self.draw, ends, fill=WALL_EDGE, width=w)
        # Low walls: thinner and dashed, so they read as crossable at a cost.
        for a, b in self.view.low_edges:
            ends = self.edge_ends(a, b)
            if ends:
                dashed_line(self.draw, ends[0], ends[1], dash=self.s / 5, gap=self.s / 10,
                            fill=WALL_EDGE, width=self.px(0.08))

    def frame(self) -> None:
        L, w = self.L, self.px(0.08)
        self.draw.rectangle((L.grid_left - w, L.grid_top - w,
                             L.grid_left + L.cols * self.s + w - 1,
                             L.grid_top + L.rows * self.s + w - 1), outline=BORDER, width=w)

    def coordinates(self) -> None:
        L, f = self.L, font(self.text.coord_size)
        half = L.margin / 2
        right, bottom = L.grid_left + L.cols * self.s, L.grid_top + L.rows * self.s
        for x in range(L.cols):
            cx = L.grid_left + (x + 0.5) * self.s
            for cy in (L.grid_top - half - self.px(0.04), bottom + half + self.px(0.04)):
                self.draw.text((cx, cy), column_name(x + self.view.origin[0]), font=f, fill=INK,
                               anchor="mm")
        for y in range(L.rows):
            cy = L.grid_top + (y + 0.5) * self.s
            for cx in (L.grid_left - half - self.px(0.04), right + half + self.px(0.04)):
                self.draw.text((cx, cy), str(y + 1 + self.view.origin[1]), font=f, fill=INK,
                               anchor="mm")

    # -- zones -------------------------------------------------------------------------------

    def zones(self) -> None:
        for zone in self.view.zones:
            squares = {tuple(sq) for sq in zone.squares if self.on_board(sq)}
            if squares:
                self.zone(zone, squares)

    def _zone_look(self, zone: Zone) -> tuple[str, RGB, int, str, bool]:
        kind = normalise_kind(zone.kind)
        side_colour = self.colour_of(zone.side)
        if kind in ("start", "start_area", "deployment", "deployment_zone", "assembly"):
            colour, tint, label, dashed = side_colour, 70, said(self.view, "START"), True
        elif kind in ("exit", "exits"):
            colour = side_colour if zone.side else (40, 120, 60)
            tint, label, dashed = 0, said(self.view, "EXIT"), False
        elif kind in ("victory", "victory_area", "objective"):
            colour, tint, label, dashed = (196, 142, 0), 80, said(self.view, "VICTORY"), False
        else:
            colour, tint, label, dashed = blend(side_colour, INK, 0.3), 40, "", True
        label = plain(zone.label[:MAX_LABEL]) or label or plain(zone.kind[:MAX_LABEL]).upper()
        return kind, colour, tint, label, dashed

    def zone(self, zone: Zone, squares: set[XY]) -> None:
        kind, colour, tint, _, dashed = self._zone_look(zone)
        w = self.px(0.06)
        for xy in sorted(squares):
            x0, y0, x1, y1 = self.L.square_box(xy)
            if tint:
                self.draw.rectangle((x0, y0, x1, y1), fill=with_alpha(colour, tint))
            if kind in ("exit", "exits"):
                # Chevrons pointing outward read as a way off the board.
                self._chevrons(xy, colour)
            # Outline only the edges this zone shares with squares outside it.
            inset = w / 2 + self.px(0.03)
            edges = {
                (0, -1): [(x0, y0 + inset), (x1 + 1, y0 + inset)],
                (0, 1): [(x0, y1 - inset), (x1 + 1, y1 - inset)],
                (-1, 0): [(x0 + inset, y0), (x0 + inset, y1 + 1)],
                (1, 0): [(x1 - inset, y0), (x1 - inset, y1 + 1)],
            }
            for (dx, dy), (a, b) in edges.items():
                if (xy[0] + dx, xy[1] + dy) in squares:
                    continue
                if dashed:
                    dashed_line(self.draw, a, b, dash=self.s / 5, gap=self.s / 10,
                                fill=colour, width=w)
                else:
                    self.draw.line([a, b], fill=colour, width=w)

    def zone_badges(self) -> None:
        """Each zone's name, on its first square no token stands on (tokens move, so these
        are drawn with them, over the grid)."""
        taken = {tuple(sq) for t in self.view.tokens for sq in t.squares}
        for zone in self.view.zones:
            squares = {tuple(sq) for sq in zone.squares if self.on_board(sq)}
            if not squares:
                continue
            _, colour, _, label, _ = self._zone_look(zone)
            free = [xy for xy in sorted(squares, key=lambda q: (q[1], q[0])) if xy not in taken]
            anchor = free[0] if free else min(squares, key=lambda q: (q[1], q[0]))
            self._badge(anchor, label, colour)

    def _chevrons(self, xy: XY, colour: RGB) -> None:
        x0, y0, _, _ = self.L.square_box(xy)
        cx, cy = x0 + self.s / 2, y0 + self.s / 2
        # Point away from the board's middle, towards the edge the exit leads off.
        dx, dy = xy[0] + 0.5 - self.view.width / 2, xy[1] + 0.5 - self.view.height / 2
        if abs(dx) * self.view.height >= abs(dy) * self.view.width:
            ux, uy = (1 if dx > 0 else -1), 0
        else:
            ux, uy = 0, (1 if dy > 0 else -1)
        w, size = self.px(0.07), self.s * 0.16
        for shift in (-0.12, 0.12):
            tx, ty = cx + ux * self.s * shift, cy + uy * self.s * shift
            pts = [(tx - ux * size - uy * size, ty - uy * size - ux * size),
                   (tx + ux * size * 0.3, ty + uy * size * 0.3),
                   (tx - ux * size + uy * size, ty - uy * size + ux * size)]
            self.draw.line(pts, fill=with_alpha(colour, 200), width=w, joint="curve")

    def _badge(self, xy: XY, label: str, colour: RGB) -> None:
        if not label:
            return
        x0, y0, _, _ = self.L.square_box(xy)
        size = max(8 * SS, round(self.s * 0.2))
        size = fit_size(label, size, 7 * SS, self.s * 2.5)
        f = font(size)
        tw = f.getlength(label)
        pad = size * 0.3
        box = (x0 + self.px(0.06), y0 + self.px(0.06),
               x0 + self.px(0.06) + tw + 2 * pad, y0 + self.px(0.06) + size * 1.25)
        self.draw.rounded_rectangle(box, radius=size * 0.3, fill=with_alpha(colour, 230),
                                    outline=(255, 255, 255, 200), width=max(1, SS // 2))
        ink = (20, 20, 20) if luminance(colour) > 150 else (255, 255, 255)
        self.draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), label, font=f, fill=ink,
                       anchor="mm")

    # -- tokens ------------------------------------------------------------------------------

    def token_circle(self, token: Token) -> tuple[Point, float] | None:
        squares = [tuple(sq) for sq in token.squares if self.on_board(sq)]
        if not squares:
            return None
        xs, ys = [q[0] for q in squares], [q[1] for q in squares]
        x0, y0, _, _ = self.L.square_box((min(xs), min(ys)))
        w, h = (max(xs) - min(xs) + 1) * self.s, (max(ys) - min(ys) + 1) * self.s
        radius = min(w, h) / 2 - self.s * 0.05
        return (x0 + w / 2, y0 + h / 2), radius

    def token(self, token: Token) -> None:
        circle = self.token_circle(token)
        if circle is None:
            return
        (cx, cy), r = circle
        draw, s = self.draw, self.s
        fill = self.colour_of(token.side)
        edge = (28, 28, 28)
        if token.activated and not token.active:
            # Spent for this round: washed out towards grey, so the ready ones stand out.
            fill, edge = blend(fill, (205, 203, 198), 0.6), (120, 118, 114)
        if token.active or token is self.attack_target:
            # Gold for the creature whose turn it is, red for the one just attacked.
            ring = r + self.px(0.05)
            dark = self.px(0.04)
            colour = ACTIVE_GOLD if token.active else ATTACK_RED
            draw.ellipse((cx - ring - dark, cy - ring - dark, cx + ring + dark, cy + ring + dark),
                         fill=(40, 30, 0) if token.active else (255, 255, 255))
            draw.ellipse((cx - ring, cy - ring, cx + ring, cy + ring), fill=colour)
        else:
            # A soft shadow lifts the token off busy terrain.
            off = self.px(0.035)
            draw.ellipse((cx - r + off, cy - r + off, cx + r + off, cy + r + off),
                         fill=(0, 0, 0, 70))
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=edge,
                     width=self.px(0.04))

        scale = min(2.0, r / (s * 0.45))  # bigger tokens get bigger text, up to twice
        ink = (20, 20, 20) if luminance(fill) > 150 else (255, 255, 255)
        if token.activated and not token.active:
            ink = (70, 68, 66)
        stroke = (0, 0, 0) if ink == (255, 255, 255) else None
        has_hp = token.hp is not None
        label = plain(token.label[:MAX_LABEL]) or plain(token.name[:MAX_LABEL])[:3].upper() or "?"
        size = fit_size(label, round(s * 0.33 * scale), round(s * 0.22), r * 1.75)
        while len(label) > 1 and style.text_width(label, size) > r * 1.75:
            label = label[:-1]
        outline = {"stroke_width": SS // 2 if stroke else 0, "stroke_fill": stroke}
        if has_hp:
            # Name above, hit points below, and a sliver of the side colour between them, so
            # the token's centre always shows whose it is.
            draw.text((cx, cy - self.px(0.035) * scale), label, font=font(size), fill=ink,
                      anchor="ms", **outline)
            self.hit_points(token, (cx, cy), r, scale, ink, outline)
        else:
            draw.text((cx, cy), label, font=font(size), fill=ink, anchor="mm", **outline)

    def hit_points(self, token: Token, centre: Point, r: float, scale: float, ink: RGB,
                   outline: dict) -> None:
        cx, cy = centre
        s, hp = self.s, token.hp or 0
        text = f"{token.hp}/{token.max_hp}" if token.max_hp is not None else str(token.hp)
        size = fit_size(text, round(s * 0.24 * scale), round(s * 0.15), r * 1.6)
        # Baseline placed so the tallest glyph's top sits just below the centre.
        top = font(size).getbbox(text, anchor="ms", stroke_width=outline["stroke_width"])[1]
        baseline = cy + self.px(0.035) * scale - top
        self.draw.text((cx, baseline), text, font=font(size), fill=ink, anchor="ms", **outline)
        if not token.max_hp:
            return
        frac = max(0.0, min(1.0, hp / token.max_hp))
        bar_w, bar_h = r * 1.5, max(3 * SS, s * 0.11)
        x0, y0 = cx - bar_w / 2, cy + r - bar_h * 0.85
        colour = (46, 160, 67) if frac > 0.5 else (226, 170, 0) if frac > 0.25 else (210, 40, 40)
        self.draw.rounded_rectangle((x0, y0, x0 + bar_w, y0 + bar_h), radius=bar_h / 2,
                                    fill=(35, 35, 35), outline=(250, 250, 250), width=SS // 2)
        if frac > 0:
            inner = SS
            self.draw.rounded_rectangle(
                (x0 + inner, y0 + inner, x0 + inner + (bar_w - 2 * inner) * frac,
                 y0 + bar_h - inner), radius=(bar_h - 2 * inner) / 2, fill=colour)

    def conditions(self, conditions: Sequence[str], centre: Point, r: float) -> None:
        cx, cy = centre
        scale = min(1.3, r / (self.s * 0.45))  # a Huge creature's badges may be a bit larger
        size = max(7 * SS, round(self.s * 0.19 * scale))
        f = font(size)
        pad, gap, h = size * 0.25, size * 0.2, size * 1.15
        # The English badge picks the colour; the reader's word for it is drawn (renderers.words.BADGES).
        badges = [plain(c[:MAX_LABEL]).upper()[:4] or "?" for c in conditions]
        colours = {said(self.view, lab)[:6]: _condition_colours(lab) for lab in badges}
        labels = [said(self.view, lab)[:6] for lab in badges]
        widths = [f.getlength(lab) + 2 * pad for lab in labels]
        room = r * 2.3
        # Show as many as fit on one row; the rest collapse into "+n".
        shown = len(labels)
        while shown > 0 and sum(widths[:shown]) + gap * (shown - 1) > room:
            shown -= 1
        if shown < len(labels):
            def rest_width(n: int) -> float:
                return f.getlength(f"+{len(labels) - n}") + 2 * pad

            while shown > 0 and sum(widths[:shown]) + rest_width(shown) + gap * shown > room:
                shown -= 1
            rest = f"+{len(labels) - shown}"
            labels, widths = labels[:shown] + [rest], widths[:shown] + [rest_width(shown)]
        total = sum(widths) + gap * (len(widths) - 1)
        x = cx - total / 2
        y0 = cy - r - h * 0.2
        for lab, w in zip(labels, widths):
            fill, ink = colours.get(lab) or _condition_colours(lab)
            self.draw.rounded_rectangle((x, y0, x + w, y0 + h), radius=h * 0.3, fill=fill,
                                        outline=(30, 30, 30), width=max(1, SS // 2))
            self.draw.text((x + w / 2, y0 + h / 2), lab, font=f, fill=ink, anchor="mm")
            x += w + gap

    # -- last move and last attack -----------------------------------------------------------

    def token_at(self, xy: XY) -> Token | None:
        for token in self.view.tokens:
            if xy in {tuple(sq) for sq in token.squares}:
                return token
        return None

    def move_path(self) -> None:
        path = [tuple(xy) for xy in self.view.last_path if self.on_board(xy)]
        if len(path) < 2:
            return
        points = [self.L.centre(xy) for xy in path]
        mover = self.token_at(path[-1])
        circle = self.token_circle(mover) if mover else None
        if circle:
            # Stop the arrow where the moved creature's token begins, so both stay visible.
            points = _clip_polyline_at_circle(points, *circle)
        w = self.px(0.07)
        polyline(self.draw, points, fill=HALO, width=w + 2 * self.px(0.035))
        polyline(self.draw, points, fill=PATH_INK, width=w)
        dot = self.px(0.085)
        for x, y in [self.L.centre(xy) for xy in path[1:-1]]:
            if circle is None or math.dist((x, y), circle[0]) > circle[1]:
                self.draw.ellipse((x - dot, y - dot, x + dot, y + dot), fill=PATH_INK,
                                  outline=(255, 255, 255), width=max(1, SS // 2))
        sx, sy = self.L.centre(path[0])
        ring = self.px(0.14)
        self.draw.ellipse((sx - ring, sy - ring, sx + ring, sy + ring), fill=(255, 255, 255),
                          outline=PATH_INK, width=self.px(0.05))
        if len(points) >= 2 and math.dist(points[-2], points[-1]) > 0:
            arrowhead(self.draw, points[-2], points[-1], length=self.s * 0.32, fill=PATH_INK,
                      outline=(255, 255, 255), outline_width=max(1, SS // 2))

    def attack(self) -> None:
        if not self.view.last_attack:
            return
        a, b = (tuple(xy) for xy in self.view.last_attack)
        if not (self.on_board(a) and self.on_board(b)) or a == b:
            return
        pa, pb = self.L.centre(a), self.L.centre(b)
        dist = math.dist(pa, pb)
        trim = min(self.s * 0.32, dist * 0.3)
        ux, uy = (pb[0] - pa[0]) / dist, (pb[1] - pa[1]) / dist
        start = (pa[0] + ux * trim, pa[1] + uy * trim)
        tip = (pb[0] - ux * trim, pb[1] - uy * trim)
        head = min(self.s * 0.36, math.dist(start, tip) * 0.7)
        shaft_end = (tip[0] - ux * head * 0.8, tip[1] - uy * head * 0.8)
        w = self.px(0.09)
        halo = w + 2 * self.px(0.03)
        dash, gap = self.s * 0.2, self.s * 0.12
        dashed_line(self.draw, start, shaft_end, dash=dash, gap=gap, fill=HALO, width=halo)
        dashed_line(self.draw, start, shaft_end, dash=dash, gap=gap, fill=ATTACK_RED, width=w)
        arrowhead(self.draw, start, tip, length=head, fill=ATTACK_RED, outline=(255, 255, 255),
                  outline_width=max(1, SS // 2))


def _condition_colours(label: str) -> tuple[RGB, RGB]:
    """Badge fill and text colour: routing in red, disabling conditions in orange."""
    if label.startswith("ROUT"):
        return (200, 30, 30), (255, 255, 255)
    if label[:4] in ("STUN", "PARA", "HELP", "ASLE", "DAZE", "CONF", "PRON", "DYIN", "DEAD"):
        return (238, 132, 30), (20, 20, 20)
    return (255, 232, 140), (20, 20, 20)


def _clip_polyline_at_circle(points: Sequence[Point], centre: Point, radius: float
                             ) -> list[Point]:
    """``points`` up to where the line first enters the circle, walking back from its end."""
    pts = list(points)
    while len(pts) >= 2 and math.dist(pts[-2], centre) < radius:
        pts.pop()
    if len(pts) < 2:
        return list(points)  # the whole move lies under the token; leave it as it is
    (x0, y0), (x1, y1) = pts[-2], pts[-1]
    # Solve |p0 + t(p1 - p0) - c| = r for the crossing nearest p0's side.
    dx, dy, fx, fy = x1 - x0, y1 - y0, x0 - centre[0], y0 - centre[1]
    a, b, c = dx * dx + dy * dy, 2 * (fx * dx + fy * dy), fx * fx + fy * fy - radius * radius
    disc = b * b - 4 * a * c
    if a == 0 or disc < 0:
        return pts
    t = (-b - math.sqrt(disc)) / (2 * a)
    pts[-1] = (x0 + t * dx, y0 + t * dy)
    return pts

