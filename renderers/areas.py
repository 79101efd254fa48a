"""Draw a board of areas (:class:`engine.areas.view.AreaView`) as a PNG.

The map sits on the left: each area from its polygon, tinted by level (higher is lighter,
water blue, a chasm dark), its name and level, borders drawn by kind (walls thick, doors
brown with a gap when open, obstacles dashed), reinforcement marks, chests and cards on the
ground; heroes as round tokens, the Overlord's models as one square stack per tile and area
with the count and each model's life points. Beside the map, one panel per hero (gem zones,
attitude, cards) and the Overlord's (river with slot costs, gems). 560 px wide by default,
so Discord's preview shows it at full size. Same view in, same pixels out.
"""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from engine.areas.view import AreaView
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


def render_areas(view: AreaView, *, width: int = 560) -> bytes:
    board = view.board
    pad = 8
    map_w = width - 2 * pad
    scale = map_w / board.width
    map_h = int(board.height * scale)
    title_h = 26
    panel_line = 14
    panels_h = sum(18 + panel_line * len(p.lines) for p in view.panels) + 8
    height = title_h + map_h + 2 * pad + panels_h + 18
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
        label = area.name + (f" L{area.level}" if area.level else "")
        ink = PARCHMENT if area.chasm else INK
        draw.text(xy((x0 + 1.5, y0 + 1.5)), plain(label), font=font(11), fill=ink, anchor="la")
        notes = []
        if area.reinforcement:
            notes.append("R")
        if area.jump_value is not None:
            notes.append(f"J{area.jump_value}")
        if view.chests.get(area.id):
            notes.append(f"chest x{view.chests[area.id]}")
        if view.marks.get(area.id):
            notes.append(view.marks[area.id])
        if notes:
            draw.text(xy((x0 + 1.5, y1 - 1.5)), " ".join(notes), font=font(10), fill=ink, anchor="ld")
        items = view.items.get(area.id)
        if items:
            # one line above the notes, so a chest and the cards beside it never overlap
            draw.text((xy((x1, y1))[0] - 4, xy((x1, y1))[1] - 16), plain(", ".join(items))[:30], font=font(9),
                      fill=ink, anchor="rd")
        here = [p for p in view.pieces if p.area == area.id]
        anchors = list(area.anchors)
        centre = area.shape.centroid
        size = 22
        cols = max(1, int((x1 - x0) * scale) // (size + 4) - 1)
        start_x = (x0 + x1) / 2 * scale + pad - min(cols, len(here)) * (size + 4) / 2 + (size + 4) / 2
        for i, piece in enumerate(here):
            if len(anchors) > i:
                cx, cy = xy(anchors[i])
            else:
                cx = start_x + (i % cols) * (size + 4)
                cy = xy((0, centre.y))[1] + (i // cols) * (size + 10) - 4
            if piece.hero:
                colour = colours.get(piece.side, (0, 114, 178))
                draw.ellipse((cx - size / 2, cy - size / 2, cx + size / 2, cy + size / 2), fill=colour,
                             outline=INK, width=2)
                draw.text((cx, cy), piece.label, font=font(9), fill=(255, 255, 255), anchor="mm")
            else:  # a stack of the Overlord's models, or a hero's ally, in its side's colour
                fill = OVERLORD_RED if piece.side == "overlord" else colours.get(piece.side, (0, 114, 178))
                draw.rectangle((cx - size / 2, cy - size / 2, cx + size / 2, cy + size / 2), fill=fill,
                               outline=INK, width=2)
                draw.text((cx, cy - 3), piece.label, font=font(8), fill=(255, 255, 255), anchor="mm")
                draw.text((cx, cy + 6), f"x{piece.count}", font=font(8), fill=(255, 255, 255), anchor="mm")
                lp = "/".join(str(v) for v in piece.lp)
                draw.text((cx, cy + size / 2 + 1), f"{lp}LP", font=font(8), fill=INK, anchor="ma",
                          stroke_width=2, stroke_fill=PARCHMENT)
    y = top + map_h + pad
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
