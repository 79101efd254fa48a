"""Battle maps shipped with the D&D Miniatures rulesets, and what the rules read off them.

Maps are text grids or JSON files under ``data/maps`` (format: :mod:`engine.grid.board`).
A game may also bring its own map as data (an upload), under the option ``map_data``.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Any

from engine.core import IllegalAction
from engine.grid import GridMap

XY = tuple[int, int]


def _folder():
    return resources.files("engine.rulesets.dnd_minis") / "data" / "maps"


def map_names() -> list[str]:
    return sorted(e.name.rsplit(".", 1)[0] for e in _folder().iterdir() if e.name.endswith((".txt", ".json")))


@lru_cache(maxsize=None)
def _shipped(name: str) -> GridMap:
    for suffix in (".txt", ".json"):
        entry = _folder() / f"{name}{suffix}"
        if entry.is_file():
            text = entry.read_text(encoding="utf-8")
            return GridMap.from_text_grid(text, name=name) if suffix == ".txt" else GridMap.from_json_text(text)
    raise IllegalAction("unknown-map", f"There is no map called {name!r}. Maps: {', '.join(map_names())}.")


def load_map(name: str = "", data: dict[str, Any] | None = None) -> GridMap:
    """A shipped map by name, or a map given as data (already validated once at upload)."""
    if data is not None:
        return GridMap.from_data(data)
    return _shipped(name.strip().lower())


def start_squares(grid: GridMap) -> list[XY]:
    return sorted({sq for zone in grid.zones_of("start") for sq in zone.squares}, key=lambda s: (s[0], s[1]))


def start_side_of(grid: GridMap, square: XY) -> str | None:
    for zone in grid.zones_of("start"):
        if square in zone.squares:
            return zone.side
    return None
