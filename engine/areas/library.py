"""Boards shipped in a package's data folder, loaded and validated once, by name.

A ruleset keeps its boards as JSON files (format: :mod:`engine.areas.board`) and makes one
library for them::

    BOARDS = BoardLibrary("engine.rulesets.mygame", "data/boards")
    BOARDS.names()            # ['temple', 'village']
    BOARDS.load("temple")     # an AreaBoard, or IllegalAction("unknown-board" / "bad-board", ...)
"""

from __future__ import annotations

from importlib import resources

from engine.areas.board import AreaBoard
from engine.core.errors import IllegalAction
from engine.core.text import _, commas


class BoardLibrary:
    def __init__(self, package: str, folder: str = "data/boards"):
        self.package = package
        self.folder = folder
        self._loaded: dict[str, AreaBoard] = {}

    def _folder(self):
        return resources.files(self.package).joinpath(*self.folder.split("/"))

    def names(self) -> list[str]:
        return sorted(e.name.removesuffix(".json") for e in self._folder().iterdir() if e.name.endswith(".json"))

    def load(self, name: str) -> AreaBoard:
        key = str(name or "").strip().lower()
        if key not in self._loaded:
            if key not in self.names():
                raise IllegalAction("unknown-board", _("There is no board {name!r}. Boards: {boards}.", name=name, boards=commas(self.names())))
            text = (self._folder() / f"{key}.json").read_text(encoding="utf-8")
            self._loaded[key] = AreaBoard.from_json_text(text, source=f"{key}.json")
        return self._loaded[key]
