"""How each terrain kind looks on a square: a fill colour plus a small symbol.

The symbols follow the printed D&D Miniatures battle maps where they have one (the light
triangle in the corner of a difficult square); the others are simple shapes that stay
recognisable at 20 pixels a square. Kinds nobody taught us get a grey hatch and their initial.

>>> terrain_style("Difficult Terrain").name
'Difficult terrain'
>>> terrain_style("lava").name, terrain_style("lava").letter
('Lava', 'L')
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from PIL import ImageDraw

from engine.core.text import N_
from renderers.style import RGB, font

Box = tuple[float, float, float, float]
Painter = Callable[[ImageDraw.ImageDraw, Box, float], None]


@dataclass(frozen=True)
class TerrainStyle:
    name: str  # for the legend
    fill: RGB
    paint: Painter  # draws the symbol inside one square
    letter: str = ""  # drawn for kinds without a symbol of their own


def _tri_corner(draw: ImageDraw.ImageDraw, box: Box, s: float) -> None:
    # The printed maps mark difficult squares with a small light triangle icon.
    x0, y0 = box[0] + s * 0.08, box[1] + s * 0.08
    size = s * 0.30
    draw.polygon([(x0 + size / 2, y0), (x0 + size, y0 + size * 0.9), (x0, y0 + size * 0.9)],
                 fill=(252, 248, 236), outline=(120, 96, 62), width=max(1, round(s / 32)))
    # A few pebbles so a field of difficult squares reads as rubble, not as a flat tint.
    r = s * 0.045
    for fx, fy in ((0.62, 0.66), (0.78, 0.52), (0.44, 0.82), (0.80, 0.84)):
        cx, cy = box[0] + s * fx, box[1] + s * fy
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(176, 150, 112))


def _pit(draw: ImageDraw.ImageDraw, box: Box, s: float) -> None:
    # Nested rims darkening inward read as a hole.
    for i, colour in enumerate(((92, 76, 62), (58, 46, 40), (30, 24, 22), (12, 10, 10))):
        inset = s * (0.04 + 0.09 * i)
        draw.rectangle((box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset),
                       fill=colour)


def _forest(draw: ImageDraw.ImageDraw, box: Box, s: float) -> None:
    w = max(1, round(s / 28))
    for fx, fy, fr in ((0.32, 0.36, 0.19), (0.68, 0.40, 0.17), (0.48, 0.70, 0.20)):
        cx, cy, r = box[0] + s * fx, box[1] + s * fy, s * fr
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(86, 138, 70),
                     outline=(46, 88, 40), width=w)


def _waves(colour: RGB, rows: tuple[float, ...]) -> Painter:
    def paint(draw: ImageDraw.ImageDraw, box: Box, s: float) -> None:
        w = max(1, round(s / 20))
        for fy in rows:
            pts = [(box[0] + s * (0.12 + 0.76 * i / 16),
                    box[1] + s * fy + s * 0.06 * math.sin(i / 16 * 2 * math.pi * 1.5))
                   for i in range(17)]
            draw.line(pts, fill=colour, width=w, joint="curve")
    return paint


def _statue(draw: ImageDraw.ImageDraw, box: Box, s: float) -> None:
    w = max(1, round(s / 24))
    cx = (box[0] + box[2]) / 2
    draw.rectangle((cx - s * 0.28, box[1] + s * 0.62, cx + s * 0.28, box[1] + s * 0.82),
                   fill=(150, 146, 140), outline=(96, 92, 88), width=w)
    draw.rectangle((cx - s * 0.13, box[1] + s * 0.40, cx + s * 0.13, box[1] + s * 0.64),
                   fill=(170, 166, 160), outline=(96, 92, 88), width=w)
    r = s * 0.14
    cy = box[1] + s * 0.28
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(170, 166, 160),
                 outline=(96, 92, 88), width=w)


def _stripes(colour: RGB, step: float) -> Painter:
    def paint(draw: ImageDraw.ImageDraw, box: Box, s: float) -> None:
        w = max(1, round(s / 14))
        x0, y0, x1, y1 = box
        k = -s
        while k < s:
            # A 45-degree stripe clipped to the square.
            a = (x0 + max(0.0, k), y0 + max(0.0, -k))
            b = (x0 + min(s, s + k), y0 + min(s, s - k))
            if a[0] < x1 and a[1] < y1:
                draw.line([a, b], fill=colour, width=w)
            k += s * step
    return paint


def _spikes(draw: ImageDraw.ImageDraw, box: Box, s: float) -> None:
    for fx, fy, h in ((0.28, 0.46, 0.30), (0.62, 0.40, 0.26), (0.46, 0.82, 0.32),
                      (0.80, 0.80, 0.24)):
        bx, by = box[0] + s * fx, box[1] + s * fy
        draw.polygon([(bx - s * 0.09, by), (bx + s * 0.09, by), (bx, by - s * h)],
                     fill=(96, 90, 84), outline=(52, 48, 44))


def _sacred(draw: ImageDraw.ImageDraw, box: Box, s: float) -> None:
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    w = max(1, round(s / 18))
    for r in (s * 0.34, s * 0.16):
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=(196, 150, 30), width=w)


def _blood_rock(draw: ImageDraw.ImageDraw, box: Box, s: float) -> None:
    pts = [(0.22, 0.62), (0.30, 0.34), (0.52, 0.22), (0.74, 0.32), (0.80, 0.60), (0.60, 0.78),
           (0.34, 0.78)]
    draw.polygon([(box[0] + s * x, box[1] + s * y) for x, y in pts], fill=(118, 26, 28),
                 outline=(72, 12, 14), width=max(1, round(s / 28)))
    draw.line([(box[0] + s * 0.38, box[1] + s * 0.38), (box[0] + s * 0.54, box[1] + s * 0.32)],
              fill=(214, 120, 110), width=max(1, round(s / 20)))


def _teleporter(draw: ImageDraw.ImageDraw, box: Box, s: float) -> None:
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    w = max(1, round(s / 20))
    for r in (s * 0.36, s * 0.24, s * 0.12):
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=(112, 62, 168), width=w)


def _obstacle(draw: ImageDraw.ImageDraw, box: Box, s: float) -> None:
    # A crate: blocks of rubble and furniture are drawn alike.
    w = max(1, round(s / 18))
    x0, y0, x1, y1 = box[0] + s * 0.18, box[1] + s * 0.18, box[2] - s * 0.18, box[3] - s * 0.18
    draw.rectangle((x0, y0, x1, y1), fill=(160, 118, 72), outline=(92, 64, 36), width=w)
    draw.line([(x0, y0), (x1, y1)], fill=(92, 64, 36), width=w)
    draw.line([(x0, y1), (x1, y0)], fill=(92, 64, 36), width=w)


def _lava_pit(draw: ImageDraw.ImageDraw, box: Box, s: float) -> None:
    for i, colour in enumerate(((120, 44, 18), (196, 70, 20), (240, 130, 30), (255, 200, 80))):
        inset = s * (0.04 + 0.09 * i)
        draw.rectangle((box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset),
                       fill=colour)


def _unknown_painter(letter: str) -> Painter:
    hatch = _stripes((170, 170, 164), 0.25)

    def paint(draw: ImageDraw.ImageDraw, box: Box, s: float) -> None:
        hatch(draw, box, s)
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        draw.text((cx, cy), letter, font=font(round(s * 0.42)), fill=(80, 80, 76), anchor="mm",
                  stroke_width=max(1, round(s / 24)), stroke_fill=(226, 226, 220))
    return paint


_KNOWN: dict[str, TerrainStyle] = {
    "difficult": TerrainStyle(N_("Difficult terrain"), (226, 208, 168), _tri_corner),
    "pit": TerrainStyle(N_("Pit"), (120, 100, 80), _pit),
    "forest": TerrainStyle(N_("Forest"), (178, 206, 142), _forest),
    "fog": TerrainStyle(N_("Fog"), (212, 212, 220), _waves((150, 150, 168), (0.3, 0.55, 0.8))),
    "smoke": TerrainStyle(N_("Smoke"), (196, 192, 196), _waves((128, 120, 128), (0.3, 0.55, 0.8))),
    "statue": TerrainStyle(N_("Statue"), (208, 204, 196), _statue),
    "water": TerrainStyle(N_("Water"), (156, 194, 228), _waves((64, 116, 178), (0.38, 0.70))),
    "risky": TerrainStyle(N_("Risky terrain"), (246, 214, 170), _stripes((226, 120, 48), 0.5)),
    "spike_stones": TerrainStyle(N_("Spike stones"), (214, 204, 188), _spikes),
    "sacred_circle": TerrainStyle(N_("Sacred circle"), (248, 234, 170), _sacred),
    "blood_rock": TerrainStyle(N_("Blood rock"), (196, 96, 86), _blood_rock),
    "teleporter": TerrainStyle(N_("Teleporter"), (214, 196, 238), _teleporter),
    "obstacle": TerrainStyle(N_("Obstacle"), (214, 196, 166), _obstacle),
    "lava_pit": TerrainStyle(N_("Lava pit"), (150, 60, 20), _lava_pit),
    "poor_visibility": TerrainStyle(N_("Poor visibility"), (222, 222, 226),
                                    _waves((170, 170, 184), (0.42, 0.72))),
    "darkness": TerrainStyle(N_("Darkness"), (150, 148, 166), _stripes((120, 118, 138), 0.34)),
}

# Other spellings that the rules texts and map files use for the same kinds.
_ALIASES = {
    "difficult_terrain": "difficult",
    "rubble": "difficult",
    "stone_spikes": "spike_stones",
    "spikes": "spike_stones",
    "risky_terrain": "risky",
    "fog_cloud": "fog",
    "smoke_cloud": "smoke",
    "woods": "forest",
    "trees": "forest",
    "sacred": "sacred_circle",
    "bloodrock": "blood_rock",
    "teleport": "teleporter",
}

# Kinds that fill the square solid, drawn like wall squares (engine/grid/terrain.py's solid
# kinds, plus a few spellings map files use).
WALL_KINDS = frozenset({"wall", "walls", "pillar", "blocking_obstacle", "solid_rock", "rock"})


def normalise_kind(kind: str) -> str:
    """``"Spike Stones"`` and ``"spike-stones"`` are both ``"spike_stones"``."""
    key = "_".join(kind.strip().lower().replace("-", " ").split())
    return _ALIASES.get(key, key)


def terrain_style(kind: str) -> TerrainStyle:
    key = normalise_kind(kind)
    if key in _KNOWN:
        return _KNOWN[key]
    name = key.replace("_", " ").capitalize() or "?"
    if "pit" in key.split("_"):
        # The rules treat any "... pit" as a pit (War Drums 18.5); draw it as one too.
        return TerrainStyle(name, _KNOWN["pit"].fill, _pit)
    letter = name[0].upper()
    return TerrainStyle(name, (224, 224, 218), _unknown_painter(letter), letter)


def paint_square(draw: ImageDraw.ImageDraw, kind: str, box: Box, s: float) -> None:
    """Fill one square with ``kind``'s colour and symbol."""
    style = terrain_style(kind)
    draw.rectangle(box, fill=style.fill)
    style.paint(draw, box, s)
