"""Maps shipped with a ruleset, and maps uploaded by players, loaded the same way everywhere.

A ruleset keeps its built-in maps as text grids or JSON files in a data folder of its package
(format: :mod:`engine.grid.board`) and makes one :class:`MapLibrary` for them::

    MAPS = MapLibrary("engine.rulesets.dnd35_encounter", default="crypt")
    MAPS.load("crypt")            # a built-in map by name
    MAPS.load(data=uploaded)      # an upload, already turned into GridMap data by the bot

An uploaded map is validated again on load, so a replayed game reads exactly what was stored.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Any

from engine.core.errors import IllegalAction
from engine.grid.board import GridMap

_SUFFIXES = (".txt", ".json")


class MapLibrary:
    def __init__(self, package: str, folder: str = "data/maps", default: str | None = None):
        self.package = package
        self.folder = folder
        self.default = default

    def _folder(self):
        return resources.files(self.package).joinpath(*self.folder.split("/"))

    def names(self) -> list[str]:
        """Built-in map names, sorted."""
        return sorted(e.name.rsplit(".", 1)[0] for e in self._folder().iterdir() if e.name.endswith(_SUFFIXES))

    def load(self, name: str | None = None, data: dict[str, Any] | None = None) -> GridMap:
        """An uploaded map (``data``) if there is one, else a built-in map by name."""
        if data is not None:
            return GridMap.from_data(data)
        key = (name or self.default or "").strip().lower()
        return _shipped(self.package, self.folder, key, tuple(self.names()))


@lru_cache(maxsize=None)
def _shipped(package: str, folder: str, name: str, known: tuple[str, ...]) -> GridMap:
    if name in known:
        base = resources.files(package).joinpath(*folder.split("/"))
        for suffix in _SUFFIXES:
            entry = base / f"{name}{suffix}"
            if entry.is_file():
                text = entry.read_text(encoding="utf-8")
                if suffix == ".txt":
                    return GridMap.from_text_grid(text, name=name)
                return GridMap.from_json_text(text)
    raise IllegalAction("unknown-map", f"There is no map called {name!r}. Maps: {', '.join(known) or 'none'}.")
