"""Maps shipped with a ruleset, and maps uploaded by players, loaded the same way everywhere.

A ruleset keeps its built-in maps as text grids or JSON files in a data folder of its package
(format: :mod:`engine.grid.board`) and makes one :class:`MapLibrary` for them::

    MAPS = MapLibrary("engine.rulesets.dnd35_encounter", default="crypt")
    MAPS.load("crypt")            # a built-in map by name
    MAPS.load(data=uploaded)      # an upload, already turned into GridMap data by the bot

An uploaded map is validated again on load, so a replayed game reads exactly what was stored.
"""

from __future__ import annotations

from importlib import resources
from typing import Any, Callable

from engine.core.errors import IllegalAction, quote
from engine.core.text import _, commas
from engine.grid.board import GridMap

_SUFFIXES = (".txt", ".json")


class MapLibrary:
    """The built-in maps in one package's data folder.

    ``prepare(name, grid)`` lets a ruleset add what its rules read off a map (keywords,
    split areas...) once, when a built-in map is first loaded.
    """

    def __init__(self, package: str, folder: str = "data/maps", default: str | None = None,
                 prepare: Callable[[str, GridMap], GridMap] | None = None):
        self.package = package
        self.folder = folder
        self.default = default
        self.prepare = prepare
        self._loaded: dict[str, GridMap] = {}

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
        if key not in self._loaded:
            self._loaded[key] = self._read(key)
        return self._loaded[key]

    def _read(self, name: str) -> GridMap:
        known = self.names()
        if name in known:
            for suffix in _SUFFIXES:
                entry = self._folder() / f"{name}{suffix}"
                if entry.is_file():
                    text = entry.read_text(encoding="utf-8")
                    grid = GridMap.from_text_grid(text, name=name) if suffix == ".txt" else GridMap.from_json_text(text)
                    return self.prepare(name, grid) if self.prepare else grid
        raise IllegalAction("unknown-map", _("There is no map called {name}. Maps: {maps}.", name=quote(name),
                                             maps=commas(known) or _('none')))
