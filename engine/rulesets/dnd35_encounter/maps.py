"""The encounter's built-in maps (text grids or JSON under ``data/maps``), and uploads.

Format: :mod:`engine.grid.board`. An uploaded map arrives as ``map_data``, already validated
by the service into GridMap JSON data; it is validated again here, so a replayed game reads
exactly what was stored.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Any

from engine.core import IllegalAction
from engine.grid import GridMap

DEFAULT_MAP = "crypt"


def _folder():
    return resources.files("engine.rulesets.dnd35_encounter") / "data" / "maps"


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


def load_map(name: str | None = None, data: dict[str, Any] | None = None) -> GridMap:
    """An uploaded map (``data``) if there is one, else a built-in map by name."""
    if data is not None:
        return GridMap.from_data(data)
    return _shipped((name or DEFAULT_MAP).strip().lower())
