"""Draws a continuous table (:class:`engine.table.view.TableView`) as a PNG.

Fixed scale (``px_per_inch``, 10 by default: a 72" x 48" table is 720 x 480 px plus a header),
north up. Terrain is shaded by kind, deployment zones are tinted in the side's colour, each
unit is its footprint of bases with a facing arrow and a label (name and models), paths of the
last moves are drawn as lines. Under the table, when there is terrain, a legend names each kind
on it beside a swatch of its shade (in the reader's language, ``view.words``). Deterministic:
the same view gives the same pixels.

>>> from engine.table.view import TableView
>>> render_table(TableView(width=72, height=48))[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from typing import NamedTuple

from PIL import Image, ImageDraw

from engine.core.text import N_
from engine.table.view import TableView
from renderers.style import (INK, PARCHMENT, PARCHMENT_DARK, arrowhead, font, plain, readable_on, side_colours,
                             with_alpha)
from renderers.words import said

TERRAIN_FILL = {
    "hill": (186, 160, 112), "forest": (74, 130, 72), "field": (214, 196, 110), "water": (104, 160, 206),
    "wall": (110, 100, 92), "ruins": (150, 136, 124), "impassable": (90, 84, 80), "building": (140, 84, 66),
}
TABLE_FILL = (150, 178, 120)
# the legend's word for each kind (said in the reader's language through view.words)
TERRAIN_WORDS = {
    "hill": N_("Hill"), "forest": N_("Forest"), "field": N_("Field"), "water": N_("Water"), "wall": N_("Wall"),
    "ruins": N_("Ruins"), "impassable": N_("Impassable"), "building": N_("Building"),
}
PATH_INK = {"charge": (200, 20, 30), "flee": (230, 159, 0)}
# shooting overlays: sight rays by the cover they met, the cannonball's line, scatter arrows
SHOT_INK = {"cover-none": (255, 255, 255, 150), "cover-soft": (240, 200, 40, 200), "cover-hard": (210, 40, 40, 210),
            "line": (25, 25, 25, 255), "scatter": (120, 40, 160, 255)}
TEMPLATE_INK = (120, 40, 160)
HEADER = 28
LEGEND_ROW = 20  # px: each row of the terrain legend under the table (only when there is terrain)
COMBAT_INK = (150, 20, 120)
DUEL_INK = (255, 200, 0)  # the mark of a challenge between two duellists
MARKER_RADIUS = 0.6  # inches: an objective marker's disc
ZOOM_WIDTH = 550  # px: a zoomed view (view.window) fills Discord's preview width
MOST_ZOOM = 60  # px per inch at most


RULER_INK = (40, 40, 40)
RULER_STEP = 6  # inches between tick marks along the table's edges; every other one is numbered


def ruler(draw: ImageDraw.ImageDraw, p, x0: float, y0: float, x1: float, y1: float, s: int) -> None:
    """Tick marks every 6" along the south and west edges, numbered every 12": the commands take
    inches from the south-west corner (/deploy x: y:, /advance to:), so the reader can read them off."""
    for i in range(math.ceil(x0 / RULER_STEP), math.floor(x1 / RULER_STEP) + 1):
        x = i * RULER_STEP
        bx, by = p(x, y0)
        long = x % 12 == 0
        draw.line([(bx, by - 1), (bx, by - (8 if long else 4))], fill=RULER_INK, width=1)
        if long and x1 - x0 > 0:
            draw.text((bx + 2, by - 9), f"{x:g}", font=font(9), fill=RULER_INK, anchor="ls")
    for j in range(math.ceil(y0 / RULER_STEP), math.floor(y1 / RULER_STEP) + 1):
        y = j * RULER_STEP
        lx, ly = p(x0, y)
        long = y % 12 == 0
        draw.line([(lx + 1, ly), (lx + (8 if long else 4), ly)], fill=RULER_INK, width=1)
        if long and y != y0:
            draw.text((lx + 10, ly), f"{y:g}", font=font(9), fill=RULER_INK, anchor="lm")


LEGEND_SWATCH = 12  # px


def legend_rows(view: TableView, width: int) -> list[list[tuple[str, str, float]]]:
    """The terrain legend laid out in rows across ``width``: (kind, word, x) of each kind on the
    table, in a fixed order; no rows when there is no terrain."""
    kinds = [k for k in TERRAIN_FILL if any(t.kind == k for t in view.terrain)]
    kinds += sorted({t.kind for t in view.terrain} - set(kinds))
    rows: list[list[tuple[str, str, float]]] = []
    x = width + 1.0
    for kind in kinds:
        word = plain(said(view, TERRAIN_WORDS.get(kind, kind.replace("_", " ").capitalize())))
        item = LEGEND_SWATCH + 4 + font(11).getlength(word) + 12
        if x + item > width and (not rows or rows[-1]):
            rows.append([])
            x = 6.0
        rows[-1].append((kind, word, x))
        x += item
    return rows


def draw_legend(draw: ImageDraw.ImageDraw, rows, top: int) -> None:
    """Each terrain kind's swatch, shaded as on the table, and its word."""
    for n, row in enumerate(rows):
        cy = top + n * LEGEND_ROW + LEGEND_ROW / 2
        for kind, word, x in row:
            half = LEGEND_SWATCH / 2
            draw.rectangle([x, cy - half, x + LEGEND_SWATCH, cy + half], fill=TERRAIN_FILL.get(kind, (160, 160, 160)),
                           outline=INK)
            draw.text((x + LEGEND_SWATCH + 4, cy), word, font=font(11), fill=INK, anchor="lm")



def _frame(view: TableView, px_per_inch: int):
    """The scale, the window in inches, the image size and the inches -> pixels mapping."""
    s = px_per_inch
    x0, y0, x1, y1 = view.window or (0.0, 0.0, view.width, view.height)
    if view.window:  # one combat or one unit, zoomed in
        s = max(px_per_inch, min(MOST_ZOOM, int(ZOOM_WIDTH / max(1.0, x1 - x0))))
    w, h = int(round((x1 - x0) * s)), int(round((y1 - y0) * s))

    def p(x: float, y: float) -> tuple[float, float]:  # table inches -> pixels, north up
        return ((x - x0) * s, HEADER + (y1 - y) * s)

    return s, (x0, y0, x1, y1), w, h, p


LABEL_SIZE = 11
TERRAIN_LABEL_SIZE = 10  # a terrain piece's name
LABEL_PAD = 2  # px kept clear left and right of each label
LINE_PAD = 3  # px kept clear above and below each label: stacked labels' words stay 6 px apart (4.6 px at 550 px)


def _overlap(a, b) -> float:
    """The area two rectangles (x0, y0, x1, y1) share."""
    dx = min(a[2], b[2]) - max(a[0], b[0])
    dy = min(a[3], b[3]) - max(a[1], b[1])
    return dx * dy if dx > 0 and dy > 0 else 0.0


HALO_WIDTH = 2  # px: the outline (stroke) each label, terrain name and caption is drawn with


def text_box(text: str, size: int, stroke: int = HALO_WIDTH) -> tuple[float, float]:
    """The size (px) of the box a text drawn centred (anchor "mm") at ``size`` with a ``stroke``
    px halo takes in the layout: its ink, halo and overhanging glyphs included, centred on the
    text's middle, plus :data:`LABEL_PAD` clear on the left and right and :data:`LINE_PAD` above
    and below. Two boxes side by side keep their words 2 * LABEL_PAD px apart: measured on the
    advance width, the halo filled the pads and a glyph could pass them ("... this turn]Mortar 1"
    ran together at Discord's 550 px); two stacked, 2 * LINE_PAD: the font's line (``size`` + 3)
    with 2 px pads held an accent, a bracket or a descender and its halo with 1-4 px to spare, and
    stacked labels read about 2 px apart at 550 px.

    >>> text_box("Mortar 1", 11), text_box("Mortar 1", 11, 0), text_box("Spearmen", 11)
    ((56.0, 18.0), (52.0, 14.0), (66.0, 22.0))
    """
    left, top, right, bottom = font(size).getbbox(text, anchor="mm", stroke_width=stroke)
    return 2.0 * max(-left, right) + 2 * LABEL_PAD, 2.0 * max(-top, bottom) + 2 * LINE_PAD


def _unit_label(u) -> str:
    return plain(u.label + (f" [{u.badge_text}]" if u.badge_text else ""))


Rect = tuple[float, float, float, float]


class LabelItem(NamedTuple):
    """A label for the layout (px): its size (width, height), the point it belongs at (its unit's
    centre, a terrain piece's), the bounding box it lies on or against (its unit's footprint), and
    for a thin unit the way to its rear (a unit vector), where its label goes against it from
    outside (:func:`_near_spots`); None for any other. ``avoid``: what it must not cover besides
    the other labels, the other units' tokens (a lone model: a character, a war machine, whose
    whole base a label hides; :func:`place_labels`). A plain (size, point, box) tuple reads as one
    without a rear, avoiding nothing (:meth:`of`)."""

    size: tuple[float, float]
    anchor: tuple[float, float]
    footprint: Rect
    rear: tuple[float, float] | None = None
    avoid: tuple[Rect, ...] = ()

    @classmethod
    def of(cls, item) -> "LabelItem":
        """``item`` as a LabelItem (a tuple of three or four fields, or one already).

        >>> LabelItem.of(((40, 10), (50, 50), (45, 45, 55, 55))).rear is None
        True
        """
        return item if isinstance(item, cls) else cls(*item)


def _covers(rect: Rect, footprint: Rect) -> bool:
    """Whether a label's rectangle covers part of ``footprint`` (lying against its edge does not):
    a thin unit's label may not (:func:`_near_spots`).

    >>> _covers((0, 0, 10, 10), (10, 0, 20, 10)), _covers((0, 0, 11, 10), (10, 0, 20, 10))
    (False, True)
    """
    return _overlap(rect, footprint) > 1e-6


def _box(q: tuple[float, float], half_w: float, half_h: float) -> Rect:
    """The rectangle of a label of half-size ``half_w`` x ``half_h`` centred on ``q``."""
    return q[0] - half_w, q[1] - half_h, q[0] + half_w, q[1] + half_h


def _spots(cx: float, cy: float, half_w: float, half_h: float, footprint: Rect, bounds: Rect,
           reach: float | None = None, rear: tuple[float, float] | None = None):
    """Where a label may go, nearest first: the places where it lies on or touches its unit
    (:func:`_near_spots`); a few labels farther out; then rings of growing radius around the
    centre (a label's height apart) until they leave the image (or pass ``reach`` px), so a
    free spot is found whenever the image has room for one. ``rear``: a thin unit's (see
    :func:`_near_spots`): no spot on its footprint."""
    yield from _near_spots(cx, cy, half_w, half_h, footprint, rear)
    yield from (q for q in _farther(cx, cy, half_w, half_h, footprint, bounds, reach)
                if rear is None or not _covers(_box(q, half_w, half_h), footprint))


def _farther(cx: float, cy: float, half_w: float, half_h: float, footprint: Rect, bounds: Rect,
             reach: float | None):
    """:func:`_spots` past the places on or against the unit."""
    left, top, right, bottom = footprint
    for k in range(1, 4):  # a label's height (or half a width) farther out
        yield cx, top - half_h - k * 2 * half_h
        yield cx, bottom + half_h + k * 2 * half_h
        yield left - half_w - k * half_w, cy
        yield right + half_w + k * half_w, cy
    step = 2 * half_h
    reach = math.hypot(bounds[2] - bounds[0], bounds[3] - bounds[1]) if reach is None else reach
    r = step
    while r <= reach:
        n = max(8, int(2 * math.pi * r / step))
        for i in range(n):
            a = 2 * math.pi * i / n
            yield cx + r * math.cos(a) * max(1.0, half_w / half_h / 2), cy + r * math.sin(a)
        r += step


def _outside(cx: float, cy: float, half_w: float, half_h: float, footprint: Rect, direction: tuple[float, float]):
    """The centre of a label that stands against ``footprint`` from the unit's centre in
    ``direction`` (px, a unit vector), just off it: the label's nearest edge on the footprint's."""
    left, top, right, bottom = footprint
    dx, dy = direction
    # how far along the direction the label's centre goes before the label clears the footprint's box
    tx = (max(right - cx, cx - left) + half_w) / abs(dx) if abs(dx) > 1e-9 else math.inf
    ty = (max(bottom - cy, cy - top) + half_h) / abs(dy) if abs(dy) > 1e-9 else math.inf
    t = min(tx, ty)
    x, y = cx + t * dx, cy + t * dy
    # snap onto the edge it clears by (a label touching its unit, not a hair away from it)
    if tx <= ty:
        x = right + half_w if dx > 0 else left - half_w
    else:
        y = bottom + half_h if dy > 0 else top - half_h
    return x, y


def _near_spots(cx: float, cy: float, half_w: float, half_h: float, footprint: Rect,
                rear: tuple[float, float] | None = None):
    """Where a label lies on or touches its unit, nearest first: on the unit's centre; a
    quarter and half a label's height above and below it, when that is still on the unit; just
    above, below, left and right of its footprint; then every other such place (a grid half a
    label's height apart, nearest first: a label slides along its unit before leaving it).

    ``rear``: the unit is thin (a single rank, skirmishers: the label on it would hide most of its
    bases), and this is the way to its rear (px, a unit vector): the label only touches it, from
    outside, behind it first, then beside it, then before it, then anywhere along its edges."""
    if rear is not None:
        rx, ry = rear
        for direction in ((rx, ry), (-ry, rx), (ry, -rx), (-rx, -ry)):  # rear, either side, front
            yield _outside(cx, cy, half_w, half_h, footprint, direction)
        yield from (q for q in _touching(cx, cy, half_w, half_h, footprint)
                    if not _covers(_box(q, half_w, half_h), footprint))
        return
    left, top, right, bottom = footprint
    yield cx, cy
    for k in (0.25, 0.5):  # a little off the centre, still on the unit (a challenge's blades at its front)
        for y in (cy + k * 2 * half_h, cy - k * 2 * half_h):
            if top <= y <= bottom:
                yield cx, y
    yield cx, top - half_h
    yield cx, bottom + half_h
    yield left - half_w, cy
    yield right + half_w, cy
    yield from _touching(cx, cy, half_w, half_h, footprint)


EDGE = 8.0  # px: a label beside its unit shares this much of one of its edges (a label at a corner is not its)


def _contact(rect: Rect, footprint: Rect, within: float = 1e-6) -> bool:
    """Whether ``rect`` lies on ``footprint`` or against one of its edges (within ``within``
    px), sharing :data:`EDGE` px of it (or the whole edge, a short one), not only a corner.

    >>> _contact((0, 0, 10, 10), (10, 2, 20, 12)), _contact((0, 0, 10, 10), (10, 9, 20, 19))
    (True, False)
    """
    ox = min(rect[2], footprint[2]) - max(rect[0], footprint[0])
    oy = min(rect[3], footprint[3]) - max(rect[1], footprint[1])
    return (ox >= -within and oy >= -within
            and (ox >= min(EDGE, footprint[2] - footprint[0]) - 1e-6 or oy >= min(EDGE, footprint[3] - footprint[1]) - 1e-6))


def _touching(cx: float, cy: float, half_w: float, half_h: float, footprint: Rect):
    """The centres (px) of a label of half-size ``half_w`` x ``half_h`` that lies on
    ``footprint`` or against one of its edges (:func:`_contact`), on a grid half the label's
    height apart, nearest to (cx, cy) first.

    >>> spots = list(_touching(50, 50, 20, 5, (45, 45, 55, 55)))
    >>> spots[0], all(25 <= x <= 75 and 40 <= y <= 60 for x, y in spots), len(spots)
    ((50.0, 50.0), True, 39)
    """
    left, top, right, bottom = footprint
    step = max(1.0, half_h)
    xs = [left - half_w + i * step for i in range(int((right - left + 2 * half_w) / step) + 1)]
    ys = [top - half_h + j * step for j in range(int((bottom - top + 2 * half_h) / step) + 1)]
    xs = sorted({*xs, right + half_w, min(max(cx, left - half_w), right + half_w)})
    ys = sorted({*ys, bottom + half_h, min(max(cy, top - half_h), bottom + half_h)})
    spots = [(float(x), float(y)) for x in xs for y in ys
             if _contact((x - half_w, y - half_h, x + half_w, y + half_h), footprint)]
    yield from sorted(spots, key=lambda q: (math.hypot(q[0] - cx, q[1] - cy), q))


def _clamped(x: float, y: float, half_w: float, half_h: float, bounds: Rect) -> Rect:
    """The rectangle of a label centred on (x, y), moved inside ``bounds``."""
    x = min(max(x, bounds[0] + half_w), max(bounds[0] + half_w, bounds[2] - half_w))
    y = min(max(y, bounds[1] + half_h), max(bounds[1] + half_h, bounds[3] - half_h))
    return x - half_w, y - half_h, x + half_w, y + half_h


def layout_labels(items: Sequence[LabelItem | tuple], bounds: Rect,
                  order: list[int] | None = None, fixed: Sequence[Rect] = (),
                  first: Sequence[tuple[Rect, bool] | None] | None = None, repair: bool = False
                  ) -> list[tuple[Rect, bool]]:
    """Where each label goes, a pure function of sizes and places (px): ``items`` are
    :class:`LabelItem` (label width and height, the unit's centre, its footprint's bounding box, a
    thin unit's rear; a plain tuple of the first three has none), ``bounds`` the area labels
    stay inside. Returns per item (its rectangle, whether it was moved off the unit's centre, so
    a leader line joins them). Labels are placed one at a time in ``order`` (default: as given):
    on the unit's centre if that is free, else the nearest free spot of :func:`_spots` (on the
    unit or touching it before farther out); no two rectangles overlap as long as the area has
    room; only then does a label take the spot that overlaps least. ``fixed`` rectangles are
    taken before any label is placed (the terrain's labels when the units' are laid out, the
    units' bases when the terrain's are): labels keep off them as off each other. ``first[i]``
    (a rectangle and whether it is moved off the centre) is tried before any other spot: a
    unit's label keeps the place it had before the overlays' captions were laid, when that is
    still free. ``repair``: a label that had to leave its unit is then brought back onto or
    against it when the labels in the way can move aside on their own units (:func:`_repaired`).

    >>> a, b = layout_labels([((40, 10), (50, 50), (45, 45, 55, 55))] * 2, (0, 0, 200, 200))
    >>> a, b[1]
    (((30.0, 45.0, 70.0, 55.0), False), True)
    >>> min(a[0][3], b[0][3]) <= max(a[0][1], b[0][1])  # one above the other, not overlapping
    True
    >>> layout_labels([((40, 10), (50, 50), (45, 45, 55, 55))], (0, 0, 200, 200), first=[((30, 60, 70, 70), True)])
    [((30, 60, 70, 70), True)]
    """
    items = [LabelItem.of(item) for item in items]
    placed: list[Rect] = list(fixed)
    out: dict[int, tuple[Rect, bool]] = {}
    for i in (order if order is not None else range(len(items))):
        (width, height), (cx, cy), footprint, rear, avoid = items[i]
        half_w, half_h = width / 2, height / 2

        def candidates():
            if first is not None and first[i] is not None:
                yield first[i]
            for x, y in _spots(cx, cy, half_w, half_h, footprint, bounds, rear=rear):
                rect = _clamped(x, y, half_w, half_h, bounds)
                if rear is not None and _covers(rect, footprint):
                    continue  # a thin unit's label kept inside the image lands back on it (its rear at the table edge)
                yield rect, abs(x - cx) > 1e-6 or abs(y - cy) > 1e-6

        best = None
        for rect, moved in candidates():
            clash = sum(_overlap(rect, r) for r in (*placed, *avoid))
            if best is None or clash < best[0]:
                best = (clash, rect, moved)
            if clash == 0:
                break
        placed.append(best[1])
        out[i] = (best[1], best[2])
    laid = [out[i] for i in range(len(items))]
    return _repaired(items, laid, fixed, bounds) if repair else laid


def _repaired(items: list[LabelItem], laid: list[tuple[Rect, bool]], fixed: Sequence[Rect], bounds: Rect) -> list[tuple[Rect, bool]]:
    """The labels ``laid`` with each label that had to leave its unit brought back onto or
    against it where that is possible by moving the labels in the way aside, each onto or
    against its own unit (:func:`_aside`): a small unit laid last finds the places by it taken by
    its larger neighbours' labels, which have room elsewhere on theirs."""
    rects, moved = [rect for rect, _ in laid], [m for _, m in laid]
    for i, ((width, height), (cx, cy), footprint, rear, avoid) in enumerate(items):
        if _contact(rects[i], footprint):
            continue
        for x, y in _near_spots(cx, cy, width / 2, height / 2, footprint, rear):
            rect = _clamped(x, y, width / 2, height / 2, bounds)
            if not _contact(rect, footprint) or any(_overlap(rect, r) for r in (*fixed, *avoid)) \
                    or (rear is not None and _covers(rect, footprint)):
                continue
            trial = [*rects[:i], rect, *rects[i + 1:]]
            moves = _moves([j for j, r in enumerate(rects) if j != i and _overlap(rect, r)], items, trial,
                           [*fixed, rect], bounds)
            if moves is not None:
                rects[i], moved[i] = rect, abs(x - cx) > 1e-6 or abs(y - cy) > 1e-6
                for j, (new, m) in moves.items():
                    rects[j], moved[j] = new, m
                break
    return list(zip(rects, moved))


def _aside(j: int, labels: list[LabelItem], rects: list[Rect], taken: Sequence[Rect], bounds: Rect
           ) -> tuple[Rect, bool] | None:
    """Where unit label ``j`` (``labels[j]``: its size, its unit's centre and footprint, a thin
    unit's rear) goes when a caption takes its place: the nearest place on or touching its unit
    (:func:`_near_spots`) free of ``taken`` and of the other labels (``rects``); None when there
    is none."""
    (width, height), (cx, cy), footprint, rear, avoid = labels[j]
    others = [r for k, r in enumerate(rects) if k != j]
    for x, y in _near_spots(cx, cy, width / 2, height / 2, footprint, rear):
        rect = _clamped(x, y, width / 2, height / 2, bounds)
        if rear is not None and _covers(rect, footprint):
            continue  # a thin unit's label stays off it
        if _contact(rect, footprint) and not any(_overlap(rect, r) for r in (*taken, *others, *avoid)):
            return rect, abs(x - cx) > 1e-6 or abs(y - cy) > 1e-6
    return None


def layout_captions(items: list[tuple[tuple[float, float], tuple[float, float]]], bounds: Rect,
                    beside: Sequence[tuple[Sequence[tuple[float, float]], float]], owners: Sequence[Sequence[int]],
                    labels: Sequence[LabelItem | tuple], laid: list[tuple[Rect, bool]], fixed: Sequence[Rect] = (),
                    farthest: float = 100.0) -> tuple[list[Rect], list[tuple[Rect, bool]]]:
    """The overlays' captions laid among the units' labels by priority, a pure function of
    sizes and places (px). ``items``: each caption's size and its point; ``beside[i]``: the
    points of what it captions and how near them it must stay to need no leader line;
    ``owners[i]``: the labels (indices into ``labels``, each a unit's :class:`LabelItem`: its
    size, its unit's centre and footprint, a thin unit's rear) of the units it speaks of (the charger, the fled unit, a combat's
    units); ``laid``: where those labels lie before any caption (rectangle, moved off the
    centre); ``fixed``: what nothing is laid on (a challenge's blades). The captions are laid
    one by one, each at the first of these spots (:func:`_spots` order, within ``farthest`` px of
    its point), off ``fixed`` and the captions laid before it:

    1. beside what it captions, on no label but its own units';
    2. beside it, over other units' labels that can each move aside onto or touching their
       own unit (:func:`_aside`): they do;
    3. pushed off it (a leader line), on no label but its own units';
    4. pushed off it, over labels that can move aside;
    5. the spot that covers the least of the labels that cannot.

    Its own units' labels under it move aside too (a caption may lie over the unit it speaks of;
    its label slides along that unit). Only when every spot within ``farthest`` is on ``fixed``
    or another caption does a caption go farther. Returns the captions' rectangles and the
    labels' places after them (each label then keeps its place if nothing else takes it).

    >>> label = [((40, 10), (50, 50), (45, 45, 55, 55))]  # a unit's label on its centre
    >>> rects, after = layout_captions([((60, 10), (50, 50))], (0, 0, 200, 200), [([(20, 50), (80, 50)], 6.0)],
    ...                                [[]], label, [((30, 45, 70, 55), False)])
    >>> rects[0], after[0]  # the caption slides along its path, off the label
    ((80.0, 45.0, 140.0, 55.0), ((30, 45, 70, 55), False))
    >>> tall = [((40, 30), (50, 50), (45, 45, 55, 55))]  # a short path across a tall label: no room beside it
    >>> rects, after = layout_captions([((60, 10), (50, 50))], (0, 0, 200, 200), [([(45, 50), (55, 50)], 6.0)],
    ...                                [[]], tall, [((30, 35, 70, 65), False)])
    >>> rects[0], after[0]  # the caption stays on its path, the label moves aside, touching its unit
    ((20.0, 45.0, 80.0, 55.0), ((30.0, 15.0, 70.0, 45.0), True))
    """
    labels = [LabelItem.of(label) for label in labels]
    placed: list[Rect] = list(fixed)
    rects = [rect for rect, _ in laid]
    moved = [m for _, m in laid]
    out: list[Rect] = []
    for i, ((width, height), (cx, cy)) in enumerate(items):
        half_w, half_h = width / 2, height / 2
        points, near = beside[i]
        points = list(points) or [(cx, cy)]
        mine = set(owners[i])
        chosen = None
        for within in (True, False):  # past ``farthest`` only when nothing within it is off the captions
            tiers: list[list] = [[], [], [], []]
            for x, y in _spots(cx, cy, half_w, half_h, (cx, cy, cx, cy), bounds, None if not within else farthest):
                rect = _clamped(x, y, half_w, half_h, bounds)
                if (math.hypot((rect[0] + rect[2]) / 2 - cx, (rect[1] + rect[3]) / 2 - cy) <= farthest) != within:
                    continue
                if any(_overlap(rect, r) for r in placed):
                    continue
                under = [j for j, r in enumerate(rects) if _overlap(rect, r)]
                tier = (2 if _gap(rect, points) > near else 0) + (1 if any(j not in mine for j in under) else 0)
                tiers[tier].append((rect, under))
                if tier == 0 and not under:
                    break  # beside what it captions, on no label: nothing nearer is better
            for tier in tiers:
                for rect, under in tier:
                    moves = _moves(under, labels, rects, [*placed, rect], bounds)
                    if moves is not None:
                        chosen = (rect, moves)
                        break
                if chosen:
                    break
            if chosen is None and any(tiers):  # no spot whose labels can all move aside: the one covering them least
                options = [(sum(_overlap(rect, rects[j]) for j in under), n, rect) for n, (rect, under)
                           in enumerate(c for tier in tiers for c in tier)]
                chosen = (min(options)[2], {})
            if chosen:
                break
        if chosen is None:  # the image has no room off the other captions: the spot that overlaps them least
            spots = [_clamped(x, y, half_w, half_h, bounds) for x, y in _spots(cx, cy, half_w, half_h, (cx, cy, cx, cy), bounds)]
            chosen = (min(spots, key=lambda r: sum(_overlap(r, q) for q in placed)), {})
        rect, moves = chosen
        for j, (new, m) in moves.items():
            rects[j], moved[j] = new, m
        placed.append(rect)
        out.append(rect)
    return out, list(zip(rects, moved))


def _moves(under: Sequence[int], labels: list[LabelItem], rects: list[Rect], taken: Sequence[Rect], bounds: Rect
           ) -> dict[int, tuple[Rect, bool]] | None:
    """Where each label in ``under`` moves aside (:func:`_aside`), one after the other, or None
    when one of them cannot stay on or touching its unit."""
    rects = list(rects)
    moves = {}
    for j in under:
        spot = _aside(j, labels, rects, taken, bounds)
        if spot is None:
            return None
        moves[j] = spot
        rects[j] = spot[0]
    return moves


def _base_boxes(view: TableView, p) -> list[Rect]:
    """Each base of each unit as a rectangle in px (what a terrain label keeps off)."""
    boxes = []
    for u in view.units:
        for base in u.bases:
            pts = [p(*pt) for pt in base]
            boxes.append((min(q[0] for q in pts), min(q[1] for q in pts), max(q[0] for q in pts), max(q[1] for q in pts)))
    return boxes


CAPTION_SIZE = 11  # an overlay's caption: a charge's distance and dice, a combat's name, a template's spell
DUEL_SIZE = 12  # a challenge's caption, on its own plate (it is read over the fighting units)
ZONE_SIZE = 12  # a deployment zone's name
HALO = (255, 255, 255)  # the outline every caption is drawn with, so it reads over any colour
DUEL_PLATE = PARCHMENT  # the challenge caption's plate, edged in DUEL_INK


def duel_marks(view: TableView, p, s: float) -> list[tuple[tuple[float, float], float, Rect]]:
    """Each challenge's crossed blades (§16.9), between its two duellists: their middle (px),
    the blades' half-length and the box they take (their 3 px strokes included). A combat
    marker stands where the duel is; the captions and labels are laid out around the boxes
    (two combats close together put blades on the units' labels)."""
    out = []
    for c in view.combats:
        if len(c.duel) == 2:
            (ax, ay), (bx, by) = p(*c.duel[0]), p(*c.duel[1])
            mx, my = (ax + bx) / 2, (ay + by) / 2
            r = max(4.0, 0.5 * s)
            out.append(((mx, my), r, (mx - r - 2, my - r - 2, mx + r + 2, my + r + 2)))
    return out


def _inside(x: float, y: float, w: int, h: int) -> bool:
    return 0 <= x <= w and HEADER <= y <= HEADER + h


class Caption(NamedTuple):
    """An overlay's caption: its text, font size and ink (dark enough to read on its white
    halo), the point it belongs at (px), the point a leader line joins it to when the layout
    pushes it away from there (None: no line), and whether it is drawn on a plate."""

    text: str
    size: int
    ink: tuple
    at: tuple[float, float]
    lead: tuple[float, float] | None = None
    plate: bool = False
    beside: tuple = ()  # the overlay's own points (px): a caption within ``reach`` of them needs no line
    reach: float = 6.0
    units: tuple[str, ...] = ()  # the units it speaks of (a charger, a fled unit, a combat's): it may lie over their labels


def caption_items(view: TableView, p, w: int, h: int, s: float) -> list[Caption]:
    """The overlays' captions: the deployment zones' names at their middle, each move's caption
    (a charge's distance and dice, a failed charge's reason, how far a unit fled, pursued or
    moved) just above its path's middle (led to its path's end, where the unit is), each combat
    group's name just above its outline, a challenge's caption under its crossed blades, each
    objective marker's (whose marker it is) under it, each template's (the spell, or the war
    machine and its weapon) above it and a cannonball's line's beside its middle. Captions
    whose point is out of the image (a zoomed board) are left out."""
    out: list[Caption] = []
    colours = side_colours(sorted({u.side for u in view.units} | set(view.side_names)))

    def add(text: str, size: int, ink, at, lead=None, plate: bool = False, beside=(), reach: float = 6.0,
            units=()) -> None:
        out.append(Caption(plain(text), size, readable_on(ink, HALO), at, lead, plate,
                           tuple(beside) or ((lead,) if lead else ()), reach, tuple(units)))

    for zone in view.zones:
        if zone.label and zone.points:
            zx = sum(pt[0] for pt in zone.points) / len(zone.points)
            zy = sum(pt[1] for pt in zone.points) / len(zone.points)
            add(zone.label, ZONE_SIZE, colours.get(zone.side or "", INK), p(zx, zy))
    for c in view.combats:  # a challenge first: it keeps its place under the combat, led to the blades
        if len(c.duel) == 2 and c.duel_label:
            (ax, ay), (bx, by) = p(*c.duel[0]), p(*c.duel[1])
            mx, my = (ax + bx) / 2, (ay + by) / 2
            r = max(4.0, 0.5 * s)
            # under the combat's outline, off the fighting units (a console game's plate lay over the
            # Brutes, whose label went 20" away), inside the image; under the blades when there is no outline
            below = max([my + r, *(p(*pt)[1] for pt in c.points)])
            y = min(below + DUEL_SIZE / 2 + 2 * LABEL_PAD + 4, HEADER + h - DUEL_SIZE / 2 - 2 * LABEL_PAD - 2)
            add(c.duel_label, DUEL_SIZE, INK, (mx, max(y, my + r + 1)), (mx, my), plate=True, reach=r + 6,
                units=c.units)
    for path in view.paths:
        pts = [p(*pt) for pt in path.points]
        if path.label and len(pts) >= 2:
            mx, my = (pts[0][0] + pts[-1][0]) / 2, (pts[0][1] + pts[-1][1]) / 2
            add(path.label, CAPTION_SIZE, PATH_INK.get(path.kind, (35, 35, 40)), (mx, my - 8), pts[-1], beside=pts,
                units=(path.unit,) if path.unit else ())
    for c in view.combats:
        pts = [p(*pt) for pt in c.points]
        if len(pts) >= 3 and c.label:
            top = min(pts, key=lambda q: q[1])
            add(c.label, CAPTION_SIZE, COMBAT_INK, (top[0], top[1] - 7), top, units=c.units)
    for m in view.markers:
        if m.label:
            cx, cy = p(*m.at)
            add(m.label, CAPTION_SIZE, INK, (cx, cy + MARKER_RADIUS * s + 9), (cx, cy), reach=MARKER_RADIUS * s + 6)
    for t in view.templates:
        if t.label:
            cx, cy = p(*t.centre)
            add(t.label, CAPTION_SIZE, TEMPLATE_INK, (cx, cy - t.diameter / 2 * s - 8), (cx, cy),
                reach=t.diameter / 2 * s + 6)
    for shot in view.shots:
        pts = [p(*pt) for pt in shot.points]
        if shot.label and len(pts) >= 2:
            mx, my = (pts[0][0] + pts[-1][0]) / 2, (pts[0][1] + pts[-1][1]) / 2
            add(shot.label, CAPTION_SIZE, SHOT_INK.get(shot.kind, INK)[:3], (mx, my - 9), (mx, my), beside=pts)
    return [item for item in out if _inside(*item.at, w, h)]


CAPTION_REACH = 100.0  # px: how far the layout pushes a caption from its point at most (while the image has room)


def place_captions(view: TableView, p, w: int, h: int, s: float,
                   units: Sequence = (), labels: Sequence[tuple[Rect, bool]] = ()
                   ) -> tuple[list[tuple[Caption, Rect, tuple[float, float] | None]], list[tuple[Rect, bool]]]:
    """Where each overlay caption of :func:`caption_items` goes (the caption, its rectangle in
    px, the point its leader line runs to when it stands away from what it captions, pushed by
    the layout or, a challenge's plate, under its combat; else None), by :func:`layout_captions`:
    at its point unless another caption is there, else as near as is free, off the challenges'
    crossed blades (:func:`duel_marks`); they are laid out before the terrain's names, which keep
    off them (a console game printed "Combat 2" under a failed charge's "there is no room...").
    ``units`` are the units in view and ``labels`` their labels as laid before any caption: a
    caption beside what it captions keeps off the labels of the units it does not speak of, or
    moves them aside onto or touching their units, else it moves off (a leader line), at most
    :data:`CAPTION_REACH` px away while the image has room. Returns the captions and the units'
    labels after them."""
    captions = caption_items(view, p, w, h, s)
    items = [((text_box(c.text, c.size, 0 if c.plate else HALO_WIDTH)[0] + (6 if c.plate else 0),
               text_box(c.text, c.size)[1] + (4 if c.plate else 0)), c.at) for c in captions]
    ids = [u.id for u in units]
    # what each caption stays beside: its overlay; a challenge's plate, its place under the combat
    # (off the fighting units, led to the blades), not the blades themselves
    near = [((c.at,), 6.0) if c.plate else (c.beside or (c.at,), c.reach) for c in captions]
    rects, after = layout_captions(items, (0, HEADER, w, HEADER + h), near,
                                   [[ids.index(u) for u in c.units if u in ids] for c in captions],
                                   _label_items(units, p, w, h), list(labels),
                                   fixed=[box for _, _, box in duel_marks(view, p, s)], farthest=CAPTION_REACH)
    # a leader line wherever a caption stands farther than its reach from what it captions: pushed
    # away by the layout, or a challenge's plate under its combat
    return [(c, rect, c.lead if c.lead is not None and _gap(rect, c.beside) > c.reach else None)
            for c, rect in zip(captions, rects)], after


def _gap(rect: Rect, points: Sequence[tuple[float, float]]) -> float:
    """How far (px) ``rect`` is from the line through ``points`` (one point: from it).

    >>> _gap((0, 0, 10, 10), [(20, 5)]), _gap((0, 0, 10, 10), [(20, -30), (20, 30)]), _gap((0, 0, 10, 10), [(5, 5)])
    (10.0, 10.0, 0.0)
    """
    def off(x: float, y: float) -> float:
        return math.hypot(max(rect[0] - x, 0.0, x - rect[2]), max(rect[1] - y, 0.0, y - rect[3]))

    if len(points) == 1:
        return off(*points[0])
    best = math.inf
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        n = max(1, int(math.hypot(bx - ax, by - ay) / 2))  # every 2 px along the segment
        best = min(best, *(off(ax + (bx - ax) * i / n, ay + (by - ay) * i / n) for i in range(n + 1)))
    return best


def leader(rect: Rect, point: tuple[float, float]) -> tuple[tuple[float, float], tuple[float, float]]:
    """The leader line from ``point`` to the nearest point of ``rect``'s edge."""
    return point, (min(max(point[0], rect[0]), rect[2]), min(max(point[1], rect[1]), rect[3]))


def place_terrain_labels(view: TableView, p, w: int, h: int,
                         avoid: Sequence[Rect] = ()) -> list[tuple[str, Rect, tuple[float, float] | None]]:
    """Where each terrain piece's name goes (text, rectangle in px), by :func:`layout_labels`:
    on the piece's centre unless a unit's base or an ``avoid`` rectangle (an overlay's caption)
    is there, else as near it as is free of them and of the other names (a console game's Brute
    Bulls stood on the wall's "Muro").
    Pieces whose centre is out of the image (a zoomed board) have no label. Each comes with the
    piece's centre (px) when the name was moved off it (a leader line joins them), else None."""
    items, names = [], []
    for t in view.terrain:
        xs, ys = [pt[0] for pt in t.points], [pt[1] for pt in t.points]
        if not xs:
            continue
        cx, cy = p(sum(xs) / len(xs), sum(ys) / len(ys))
        if not _inside(cx, cy, w, h):
            continue
        name = plain(t.name)
        size = text_box(name, TERRAIN_LABEL_SIZE)
        items.append(LabelItem(size, (cx, cy), (cx, cy, cx, cy)))
        names.append(name)
    laid = layout_labels(items, (0, HEADER, w, HEADER + h), fixed=[*_base_boxes(view, p), *avoid])
    return [(name, rect, item[1] if moved else None) for name, item, (rect, moved) in zip(names, items, laid)]


def _footprint_px(u, p) -> Rect:
    cx, cy = p(*u.centre)
    corners = [p(*pt) for base in u.bases for pt in base] or [(cx, cy)]
    return (min(q[0] for q in corners), min(q[1] for q in corners), max(q[0] for q in corners), max(q[1] for q in corners))


def _anchor(u, p, w: int, h: int) -> tuple[float, float]:
    """The point a unit's label belongs at: its centre, or, when the centre is out of a zoomed
    image, the middle of the part of its footprint that is in it."""
    cx, cy = p(*u.centre)
    if _inside(cx, cy, w, h):
        return cx, cy
    left, top, right, bottom = _footprint_px(u, p)
    left, top, right, bottom = max(left, 0), max(top, HEADER), min(right, w), min(bottom, HEADER + h)
    return (left + right) / 2, (top + bottom) / 2


THIN_COVER = 0.25  # a label on a shallow unit's centre hiding more of its bases than this: the unit is thin
HIDDEN = 0.75  # a label on any unit's centre hiding more of its bases than this (a rank of cavalry): thin too


def bases_px(u, p):
    """The unit's bases as one shape in px (what its label should leave in sight)."""
    from shapely.geometry import Polygon
    from shapely.ops import unary_union

    return unary_union([Polygon([p(*pt) for pt in base]) for base in u.bases if len(base) >= 3])


def _label_item(u, p, w: int, h: int) -> LabelItem:
    """A unit's label for the layout: its size (px), the point it belongs at, its footprint;
    and, for a thin unit of several models whose label on its centre would hide most of its
    bases (a single rank or two, skirmishers: shallower, front to rear, than its label is high,
    and :data:`THIN_COVER` of its bases hidden; or any unit with :data:`HIDDEN` of them hidden,
    a rank of cavalry; or a lone model with :data:`HIDDEN` of its base hidden, a character on foot,
    whose token its own label hid whole), the way to its rear (px): its label goes against it
    from outside, behind it first, with a leader line (:func:`_near_spots`)."""
    size = text_box(_unit_label(u), LABEL_SIZE)
    anchor, footprint = _anchor(u, p, w, h), _footprint_px(u, p)
    if not u.bases:
        return LabelItem(size, anchor, footprint)
    from shapely.geometry import box

    bases = bases_px(u, p)
    on_centre = box(anchor[0] - size[0] / 2, anchor[1] - size[1] / 2, anchor[0] + size[0] / 2, anchor[1] + size[1] / 2)
    hidden = 0.0 if bases.is_empty else bases.intersection(on_centre).area / bases.area
    if hidden <= (THIN_COVER if len(u.bases) > 1 else HIDDEN):
        return LabelItem(size, anchor, footprint)
    (cx, cy), (fx, fy) = p(*u.centre), p(*u.front)
    length = math.hypot(cx - fx, cy - fy)
    rear = ((cx - fx) / length, (cy - fy) / length) if length > 1e-9 else (0.0, 1.0)
    along = [x * rear[0] + y * rear[1] for base in u.bases for x, y in (p(*pt) for pt in base)]
    if len(u.bases) > 1 and max(along) - min(along) >= size[1] and hidden <= HIDDEN:  # ranks show above and below its label
        return LabelItem(size, anchor, footprint)
    return LabelItem(size, anchor, footprint, rear)


def _label_items(units: Sequence, p, w: int, h: int) -> list[LabelItem]:
    """The units' labels for the layout (:func:`_label_item`), each avoiding the other units'
    tokens: a lone model's base (a character, a war machine, a monster alone), which a label over
    it hides whole (a regiment's label laid against its unit lay on the character beside it)."""
    items = [_label_item(u, p, w, h) for u in units]
    tokens = [(i, _footprint_px(u, p)) for i, u in enumerate(units) if len(u.bases) == 1]
    return [item._replace(avoid=tuple(box for k, box in tokens if k != i)) for i, item in enumerate(items)]


def place_labels(view: TableView, p, w: int, h: int,
                 avoid: Sequence[Rect] = (), before: Sequence[tuple[Rect, bool]] | None = None
                 ) -> list[tuple[str, tuple, bool]]:
    """Where each unit's label goes: (text, rectangle in px, whether it was moved off its
    unit's centre, so a leader line joins them), laid out by :func:`layout_labels`, larger units
    first, inside the image: no two labels overlap (units in base contact put their centres
    close together), nor any of the ``avoid`` rectangles (the terrain's names, the overlays'
    captions), nor another unit's token (:func:`_label_items`). A label stays on its unit, else on the nearest place that touches it, before it
    leaves it for a leader line. ``before``: a place for each label (where the captions left
    it), kept when it is still free. A unit only partly in a zoomed image has its label by the
    part in it."""
    order = sorted(range(len(view.units)), key=lambda i: (-len(view.units[i].bases), i))
    labels = [_unit_label(u) for u in view.units]
    items = _label_items(view.units, p, w, h)
    laid = layout_labels(items, (0, HEADER, w, HEADER + h), order, fixed=avoid, first=before, repair=True)
    return [(label, rect, moved) for label, (rect, moved) in zip(labels, laid)]


def _shown(view: TableView, p, w: int, h: int) -> TableView:
    """The units at least partly in the image (a zoomed board leaves the others out: they have
    no label), with the terrain."""
    def seen(u) -> bool:
        left, top, right, bottom = _footprint_px(u, p)
        return right >= 0 and left <= w and bottom >= HEADER and top <= HEADER + h

    return TableView(width=view.width, height=view.height, terrain=view.terrain,
                     units=[u for u in view.units if seen(u)])


def _all_labels(view: TableView, px_per_inch: int):
    """The board's whole label layout, by priority. The units' labels are laid first, each on
    its own unit when it can (a label has first claim on its unit's area); then the overlays'
    captions (:func:`place_captions`): beside what it captions, a caption keeps off the labels of
    the units it does not speak of, or moves them aside onto or touching their own units; it may
    lie over the units it speaks of, whose labels move aside along them; when a label could only
    go farther, the caption moves off instead, with a leader line, within a bounded reach. Then
    the terrain's names, off the bases and the captions; then the units' labels around all of
    them, each keeping its place when it is free. Nothing is laid on the challenges' blades."""
    s, _, w, h, p = _frame(view, px_per_inch)
    shown = _shown(view, p, w, h)
    blades = [box for _, _, box in duel_marks(view, p, s)]
    first = place_labels(shown, p, w, h, avoid=blades)
    captions, after = place_captions(view, p, w, h, s, shown.units, [(rect, moved) for _, rect, moved in first])
    # the combat markers (a challenge's blades) are in the same collision set: nothing is laid on them
    taken = [*(rect for _, rect, _ in captions), *blades]
    terrain = place_terrain_labels(shown, p, w, h, avoid=[*taken, *(rect for rect, _ in after)])
    units = place_labels(shown, p, w, h, avoid=[*taken, *(rect for _, rect, _ in terrain)], before=after)
    return shown, captions, terrain, units


def label_boxes(view: TableView, *, px_per_inch: int = 10) -> list[tuple]:
    """The label rectangles (px) :func:`render_table` places, one per unit in view, in order."""
    return [rect for _, rect, _ in _all_labels(view, px_per_inch)[3]]


def terrain_label_boxes(view: TableView, *, px_per_inch: int = 10) -> list[tuple[str, Rect]]:
    """The terrain names :func:`render_table` draws, each with its rectangle (px)."""
    return [(name, rect) for name, rect, _ in _all_labels(view, px_per_inch)[2]]


def marker_boxes(view: TableView, *, px_per_inch: int = 10) -> list[Rect]:
    """The boxes (px) of the combat markers :func:`render_table` draws (a challenge's blades)."""
    s, _, _, _, p = _frame(view, px_per_inch)
    return [box for _, _, box in duel_marks(view, p, s)]


def caption_boxes(view: TableView, *, px_per_inch: int = 10) -> list[tuple[str, Rect]]:
    """The overlays' captions :func:`render_table` draws, each with its rectangle (px)."""
    return [(c.text, rect) for c, rect, _ in _all_labels(view, px_per_inch)[1]]


def caption_leaders(view: TableView, *, px_per_inch: int = 10) -> list[tuple[str, tuple, tuple]]:
    """The leader lines :func:`render_table` draws from a caption the layout pushed away to
    what it captions (a move's caption to its path's end, where the unit is; a template's to its
    centre...): (caption, from the point, to the caption's edge), px."""
    return [(c.text, *leader(rect, lead)) for c, rect, lead in _all_labels(view, px_per_inch)[1] if lead is not None]


def title_fitted(title: str, width: float, size: int = 13, smallest: int = 10) -> tuple[str, int]:
    """The header's words and font size to fit ``width`` px: smaller down to ``smallest``, then cut
    with an ellipsis (a 48" table's image is 480 px wide; "Game turn 4, Player 1's movement phase -
    declare charges" ran off its edge)."""
    while size > smallest and font(size).getlength(title) > width:
        size -= 1
    while len(title) > 1 and font(size).getlength(title) > width:
        title = title[:-2].rstrip() + "…"
    return title, size


def render_table(view: TableView, *, px_per_inch: int = 10) -> bytes:
    s, (x0, y0, x1, y1), w, h, p = _frame(view, px_per_inch)
    legend = legend_rows(view, w)
    image = Image.new("RGB", (w, h + HEADER + LEGEND_ROW * len(legend)), PARCHMENT)
    draw = ImageDraw.Draw(image, "RGBA")

    draw.rectangle([0, 0, w, HEADER], fill=PARCHMENT_DARK)
    title, title_size = title_fitted(plain(" — ".join(t for t in (view.title, view.caption) if t)), w - 12)
    draw.text((6, HEADER / 2), title, font=font(title_size), fill=INK, anchor="lm")
    draw.rectangle([0, HEADER, w - 1, h + HEADER - 1], fill=TABLE_FILL, outline=INK)
    colours = side_colours(sorted({u.side for u in view.units} | set(view.side_names)))
    for zone in view.zones:
        colour = colours.get(zone.side or "", (200, 200, 200))
        draw.polygon([p(*pt) for pt in zone.points], fill=with_alpha(colour, 50), outline=colour)
    ruler(draw, p, x0, y0, x1, y1, s)
    for t in view.terrain:
        fill = TERRAIN_FILL.get(t.kind, (160, 160, 160))
        draw.polygon([p(*pt) for pt in t.points], fill=fill, outline=INK)
    for path in view.paths:
        ink = PATH_INK.get(path.kind, (35, 35, 40))
        pts = [p(*pt) for pt in path.points]
        draw.line(pts, fill=ink, width=2)
        if len(pts) >= 2:
            arrowhead(draw, pts[-2], pts[-1], length=8, fill=ink)
    for shot in view.shots:
        pts = [p(*pt) for pt in shot.points]
        ink = SHOT_INK.get(shot.kind, (255, 255, 255, 150))
        width = 3 if shot.kind == "line" else 2 if shot.kind == "scatter" else 1
        draw.line(pts, fill=ink, width=width)
        if shot.kind == "scatter" and len(pts) >= 2:
            arrowhead(draw, pts[-2], pts[-1], length=7, fill=ink)
    for c in view.combats:  # combat groups (§11.1): an outline around each, labelled
        pts = [p(*pt) for pt in c.points]
        if len(pts) >= 3:
            draw.polygon(pts, fill=with_alpha(COMBAT_INK, 28), outline=COMBAT_INK, width=2)
    for m in view.markers:
        cx, cy = p(*m.at)
        r = MARKER_RADIUS * s
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colours.get(m.side or "", (230, 230, 230)),
                     outline=(255, 255, 255), width=2)
    for u in view.units:
        colour = colours.get(u.side, (120, 120, 120))
        for base in u.bases:
            draw.polygon([p(*pt) for pt in base], fill=colour, outline=(255, 255, 255))
        if u.has_arcs:
            c, f = p(*u.centre), p(*u.front)
            tip = (f[0] + (f[0] - c[0]) * 0.4, f[1] + (f[1] - c[1]) * 0.4) if c != f else f
            draw.line([c, tip], fill=(255, 255, 255), width=2)
            arrowhead(draw, c, tip, length=7, fill=(255, 255, 255))
    for t in view.templates:  # under the labels: a template lying on a unit leaves its label readable
        cx, cy = p(*t.centre)
        r = t.diameter / 2 * s
        if t.swept_from is not None:  # a Vortex: the whole path it swept
            ax, ay = p(*t.swept_from)
            draw.line([(ax, ay), (cx, cy)], fill=with_alpha(TEMPLATE_INK, 60), width=max(1, int(round(2 * r))))
            draw.ellipse([ax - r, ay - r, ax + r, ay + r], fill=with_alpha(TEMPLATE_INK, 60))
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=with_alpha(TEMPLATE_INK, 60), outline=TEMPLATE_INK,
                     width=2)
    # the terrain's names, off the bases; then the units' labels over every footprint, none over
    # another nor over a terrain name (units in contact stand close together)
    # (the overlays' captions are laid out first and drawn last, over everything)
    shown, captions, terrain_names, unit_labels = _all_labels(view, px_per_inch)
    for name, rect, centre in terrain_names:
        if centre is not None:  # moved off the piece's centre (a unit stands there): a leader line
            ex, ey = min(max(centre[0], rect[0]), rect[2]), min(max(centre[1], rect[1]), rect[3])
            draw.line([centre, (ex, ey)], fill=(40, 40, 40), width=1)
        draw.text(((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2), name, font=font(TERRAIN_LABEL_SIZE),
                  fill=(255, 255, 255), anchor="mm", stroke_width=HALO_WIDTH, stroke_fill=(40, 40, 40))
    for c, rect, lead in captions:  # a caption pushed away: a leader line to what it captions, under the labels
        if lead is not None:
            start, end = leader(rect, lead)
            draw.line([start, end], fill=HALO, width=3)
            draw.line([start, end], fill=c.ink, width=1)
    for c in view.combats:  # a challenge (§16.9): a line between the two duellists, under the labels
        if len(c.duel) == 2:
            draw.line([p(*c.duel[0]), p(*c.duel[1])], fill=DUEL_INK, width=3)
    for u, (label, rect, moved) in zip(shown.units, unit_labels):
        if moved:  # a leader line from the unit's centre (or its part in view) to its label
            cx, cy = _anchor(u, p, w, h)
            ex = min(max(cx, rect[0]), rect[2])
            ey = min(max(cy, rect[1]), rect[3])
            draw.line([(cx, cy), (ex, ey)], fill=(255, 255, 255), width=3)  # seen over any unit's colour
            draw.line([(cx, cy), (ex, ey)], fill=(20, 20, 20), width=1)
    for label, rect, _ in unit_labels:  # every label over every leader line (a character's line ran through "Marshal 1")
        lx, ly = (rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2
        draw.text((lx, ly), label, font=font(LABEL_SIZE), fill=(255, 255, 255), anchor="mm", stroke_width=HALO_WIDTH,
                  stroke_fill=(20, 20, 20))
    for (mx, my), r, _ in duel_marks(view, p, s):  # its crossed blades, over the units, where no label is
        draw.line([(mx - r, my - r), (mx + r, my + r)], fill=DUEL_INK, width=3)
        draw.line([(mx - r, my + r), (mx + r, my - r)], fill=DUEL_INK, width=3)
    for c, rect, _ in captions:
        if c.plate:  # a challenge: dark words on a plate edged in the duel's gold, over the fighting units
            draw.rounded_rectangle([rect[0] + 1, rect[1] + 1, rect[2] - 1, rect[3] - 1], radius=4, fill=DUEL_PLATE,
                                   outline=DUEL_INK, width=2)
        draw.text(((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2), c.text, font=font(c.size), fill=c.ink,
                  anchor="mm", stroke_width=0 if c.plate else HALO_WIDTH, stroke_fill=HALO)
    if view.window:  # a zoomed view's content may run under the header: draw it again on top
        draw.rectangle([0, 0, w, HEADER], fill=PARCHMENT_DARK)
        draw.text((6, HEADER / 2), title, font=font(title_size), fill=INK, anchor="lm")
    draw_legend(draw, legend, h + HEADER)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()

