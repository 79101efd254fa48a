"""Built-in terrain layouts (§3.1) and what each terrain kind means to the rules.

Kinds and the categories the engine reads: hill, forest (soft cover), field (soft cover),
water, wall (hard cover), ruins (soft cover, dangerous), impassable (blocks movement and
sight, hard cover), building (impassable to movement until garrisons are refereed).

>>> [t.name for t in layout("standard", 72, 48)]
['Hill', 'Forest', 'Farmhouse', 'Wheat Field', 'Stone Wall', 'Pond', 'Ruined Chapel']
"""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.table.terrain import TerrainFeature

CATEGORIES: dict[str, list[str]] = {
    "hill": ["hill"],
    "forest": ["forest", "soft_cover"],
    "field": ["field", "soft_cover"],
    "water": ["water"],
    "wall": ["wall", "hard_cover"],
    "ruins": ["ruins", "soft_cover", "dangerous"],
    "impassable": ["impassable", "blocking", "hard_cover"],
    "building": ["building", "impassable", "blocking", "hard_cover"],
}

# name, kind, polygon (or wall line) on a 72" x 48" table
_STANDARD = [
    ("Hill", "hill", [(10, 21), (14, 19.5), (18, 21), (18, 27), (14, 28.5), (10, 27)]),
    ("Forest", "forest", [(54, 22), (57, 20.5), (61, 21), (62, 25), (60, 29), (55, 29), (53, 26)]),
    ("Farmhouse", "building", [(33, 22), (39, 22), (39, 26), (33, 26)]),
    ("Wheat Field", "field", [(45, 13), (53, 13), (53, 19), (45, 19)]),
    ("Stone Wall", "wall", [(19, 34), (29, 34)]),
    ("Pond", "water", [(44, 31), (50, 30), (54, 33), (50, 36), (45, 35.5)]),
    ("Ruined Chapel", "ruins", [(21, 12), (28, 12), (28, 17), (21, 17)]),
]
LAYOUTS = ("standard", "open")


def feature(name: str, kind: str, shape: list[tuple[float, float]]) -> TerrainFeature:
    if kind not in CATEGORIES:
        raise IllegalAction("bad-terrain", f"{name}: {kind!r} is not a terrain kind ({', '.join(CATEGORIES)}).")
    if kind == "wall":
        return TerrainFeature(name=name, kind=kind, line=shape, categories=CATEGORIES[kind])
    return TerrainFeature(name=name, kind=kind, points=shape, categories=CATEGORIES[kind])


def layout(name: str, width: float = 72, height: float = 48) -> list[TerrainFeature]:
    """A built-in layout scaled to the table (``open``: no terrain at all)."""
    if name == "open":
        return []
    if name != "standard":
        raise IllegalAction("unknown-terrain", f"There is no terrain layout {name!r}. Layouts: {', '.join(LAYOUTS)}.")
    sx, sy = width / 72, height / 48
    return [feature(n, k, [(x * sx, y * sy) for x, y in pts]) for n, k, pts in _STANDARD]
