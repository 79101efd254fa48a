"""Draw a board of areas (:class:`engine.areas.view.AreaView`) as a PNG.

The map sits on the left: each area from its polygon, tinted by level (higher is lighter,
water blue, a chasm dark), its name and level, borders drawn by kind (walls thick, doors
brown with a gap when open, obstacles dashed), the view's marks (level, reinforcement, jump value,
in the reader's language, with their legend under the map), chests and cards on the
ground; heroes as round tokens, the Overlord's models as one square stack per tile and area
with the count and each model's life points. Beside the map, one panel per hero (gem zones,
attitude, cards) and the Overlord's (river with slot costs, gems). 560 px wide by default,
so Discord's preview shows it at full size. Same view in, same pixels out.
"""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from engine.areas.view import AreaView
from renderers.words import CHEST, LIFE_POINTS, said
from renderers.style import INK, INK_SOFT, PARCHMENT, PARCHMENT_DARK, WALL_EDGE, font, plain, side_colours

WATER = (150, 190, 225)
CHASM = (95, 80, 75)
DOOR_WOOD = (140, 90, 40)
DOOR_OTHER = (120, 120, 140)
OVERLORD_RED = (170, 30, 30)


def _level_colour(level: int) -> tuple[int, int, int]:
    base = (232, 220, 190)
    shift = max(-3, min(3, level)) * 12
    return tuple(max(0, min(255, c + shift)) for c in base)  # type: ignore[return-value]


TOKEN = 24  # a token's side in pixels, shrunk only when an area can't hold its pieces at this size
TOKEN_MIN = 14
LABEL_BAND = 18  # pixels kept free under an area's top edge (its name) and above its bottom (notes)


def _token_spots(area, count: int, xy) -> tuple[list[tuple[float, float]], int]:
    """Where ``count`` tokens stand in ``area``, in pixels, and their size: the authored anchors
    when there are enough of them, else a grid of rows inside the polygon (clear of its name and
    notes), filled from the middle out, so tokens never overlap one another or the labels. The
    grid shrinks until every piece fits.

    A row is a token plus the life-point line under a stack, so rows are taller than columns.
    """
    if count == 0:
        return [], TOKEN
    if len(area.anchors) >= count:
        return [xy(a) for a in area.anchors[:count]], TOKEN
    from shapely.geometry import Point, Polygon

    outline = Polygon([xy(p) for p in area.polygon])
    x0, y0, x1, y1 = outline.bounds
    size = TOKEN
    while True:
        gap = max(4, size // 4)
        room = outline.buffer(-(size / 2 + 3))
        step_x, step_y = size + gap, size + gap + 8
        top, bottom = y0 + LABEL_BAND + size / 2, y1 - LABEL_BAND - size / 2 - 12  # 12: the LP line
        if room.is_empty or bottom < top:
            top = bottom = (y0 + y1) / 2
        centre = room.centroid if not room.is_empty else outline.centroid
        cols = max(1, int((x1 - x0) // step_x) + 1)
        need = -(-count // cols)  # rows wanted if every row were full
        first_y = max(top, min(centre.y - (need - 1) * step_y / 2, bottom - (need - 1) * step_y))
        ys = [first_y + k * step_y for k in range(-int((first_y - top) // step_y), int((bottom - first_y) // step_y) + 1)]
        rows: dict[float, list[tuple[float, float]]] = {}
        for y in ys:
            row = [(centre.x + (c - (cols - 1) / 2) * step_x, y) for c in range(cols)]
            row = [p for p in row if room.contains(Point(*p))]
            if row:
                rows[y] = sorted(row, key=lambda p: (abs(p[0] - centre.x), p[0]))  # the middle first
        if sum(len(r) for r in rows.values()) >= count or size <= TOKEN_MIN:
            break
        size -= 2
    # the rows nearest the middle first, each filled from its middle out
    chosen: list[tuple[float, float]] = []
    for y in sorted(rows, key=lambda y: (abs(y - (first_y + (need - 1) * step_y / 2)), y)):
        chosen += rows[y][: count - len(chosen)]
    if len(chosen) < count:  # a sliver of an area: overlapping beats vanishing
        chosen += [(outline.centroid.x, outline.centroid.y)] * (count - len(chosen))
    chosen.sort(key=lambda p: (p[1], p[0]))
    return chosen, size


def render_areas(view: AreaView, *, width: int = 560) -> bytes:
    board = view.board
    pad = 8
    map_w = width - 2 * pad
    scale = map_w / board.width
    map_h = int(board.height * scale)
    title_h = 26
    panel_line = 14
    panels_h = sum(18 + panel_line * len(p.lines) for p in view.panels) + 8
    legend_h = 14 if view.legend else 0
    height = title_h + map_h + 2 * pad + legend_h + panels_h + 18
    image = Image.new("RGB", (width, height), PARCHMENT)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, width, title_h), fill=PARCHMENT_DARK)
    draw.text((width / 2, title_h / 2), plain(view.title), font=font(15), fill=INK, anchor="mm")
    top = title_h + pad

    def xy(point) -> tuple[float, float]:
        return (pad + point[0] * scale, top + point[1] * scale)

    for area in board.areas:
        fill = CHASM if area.chasm else WATER if area.water else _level_colour(area.level)
        draw.polygon([xy(p) for p in area.polygon], fill=fill, outline=INK_SOFT)
    for border in board.borders:
        a, b = board.area(border.between[0]).shape, board.area(border.between[1]).shape
        shared = a.boundary.intersection(b.boundary)
        segments = [g for g in getattr(shared, "geoms", [shared]) if g.geom_type == "LineString" and g.length > 0]
        for seg in segments:
            pts = [xy(p) for p in seg.coords]
            if border.kind == "wall":
                draw.line(pts, fill=WALL_EDGE, width=6)
            elif border.kind == "door":
                colour = DOOR_WOOD if border.material == "wood" else DOOR_OTHER
                draw.line(pts, fill=colour, width=5)
                if border.open:
                    mid = seg.interpolate(0.5, normalized=True)
                    cx, cy = xy((mid.x, mid.y))
                    draw.ellipse((cx - 5, cy - 5, cx + 5, cy + 5), fill=PARCHMENT, outline=colour)
            elif border.kind == "obstacle":
                n = max(2, int(seg.length * scale / 8))
                for i in range(0, n, 2):
                    p0 = seg.interpolate(i / n, normalized=True)
                    p1 = seg.interpolate(min(1, (i + 1) / n), normalized=True)
                    draw.line([xy((p0.x, p0.y)), xy((p1.x, p1.y))], fill=(120, 70, 30), width=4)
            if border.extra_mp:
                mid = seg.interpolate(0.5, normalized=True)
                cx, cy = xy((mid.x, mid.y))
                draw.text((cx, cy), f"+{border.extra_mp}", font=font(10), fill=INK, anchor="mm",
                          stroke_width=2, stroke_fill=PARCHMENT)
    colours = side_colours([s for s in view.side_names if s != "overlord"])
    for area in board.areas:
        x0, y0, x1, y1 = area.shape.bounds
        level = view.level_marks.get(area.id)  # the ruleset's mark, in the reader's language ("L2")
        label = " ".join(str(word) for word in (view.area_names.get(area.id, area.name), level) if word)
        ink = PARCHMENT if area.chasm else INK
        halo = CHASM if area.chasm else PARCHMENT
        draw.text(xy((x0 + 1.5, y0 + 1.5)), plain(label), font=font(11), fill=ink, anchor="la",
                  stroke_width=2, stroke_fill=halo)
        notes = [str(note) for note in view.area_notes.get(area.id, ())]
        if view.chests.get(area.id):
            notes.append(said(view, CHEST).format(n=view.chests[area.id]))
        if view.marks.get(area.id):
            notes.append(said(view, view.marks[area.id]))
        if notes:
            draw.text(xy((x0 + 1.5, y1 - 1.5)), " ".join(notes), font=font(10), fill=ink, anchor="ld")
        items = view.items.get(area.id)
        if items:
            # one line above the notes, so a chest and the cards beside it never overlap
            draw.text((xy((x1, y1))[0] - 4, xy((x1, y1))[1] - 16), plain(", ".join(items))[:30], font=font(9),
                      fill=ink, anchor="rd")
        here = [p for p in view.pieces if p.area == area.id]
        spots, size = _token_spots(area, len(here), xy)
        for piece, (cx, cy) in zip(here, spots):
            half = size / 2
            if piece.hero:
                colour = colours.get(piece.side, (0, 114, 178))
                draw.ellipse((cx - half, cy - half, cx + half, cy + half), fill=colour, outline=INK, width=2)
                draw.text((cx, cy), plain(piece.label), font=font(max(8, size // 2 - 1)), fill=(255, 255, 255),
                          anchor="mm")
            else:  # a stack of the Overlord's models, or a hero's ally, in its side's colour
                fill = OVERLORD_RED if piece.side == "overlord" else colours.get(piece.side, (0, 114, 178))
                draw.rectangle((cx - half, cy - half, cx + half, cy + half), fill=fill, outline=INK, width=2)
                if piece.count > 1:
                    draw.text((cx, cy - 4), plain(piece.label), font=font(max(7, size // 3)), fill=(255, 255, 255),
                              anchor="mm")
                    draw.text((cx, cy + 6), f"x{piece.count}", font=font(max(7, size // 3)), fill=(255, 255, 255),
                              anchor="mm")
                else:
                    draw.text((cx, cy), plain(piece.label), font=font(max(7, size // 3)), fill=(255, 255, 255),
                              anchor="mm")
                lp = "/".join(str(v) for v in piece.lp)
                draw.text((cx, cy + half + 1), said(view, LIFE_POINTS).format(lp=lp), font=font(9), fill=INK, anchor="ma",
                          stroke_width=2, stroke_fill=PARCHMENT)
    y = top + map_h + pad
    if view.legend:  # what the marks in the areas mean (level, reinforcement, jump value)
        draw.text((pad, y + 6), plain(view.legend)[:100], font=font(10), fill=INK_SOFT, anchor="lm")
        y += legend_h
    for panel in view.panels:
        colour = OVERLORD_RED if panel.side == "overlord" else colours.get(panel.side, INK)
        draw.rectangle((pad, y + 3, pad + 10, y + 13), fill=colour)
        draw.text((pad + 16, y + 8), plain(panel.title), font=font(12), fill=INK, anchor="lm")
        y += 18
        for line in panel.lines:
            draw.text((pad + 16, y + 6), plain(line)[:90], font=font(10), fill=INK_SOFT, anchor="lm")
            y += panel_line
    draw.text((width / 2, height - 10), plain(view.caption)[:100], font=font(10), fill=INK, anchor="mm")
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()
