"""The encounter's built-in maps (text grids or JSON under ``data/maps``), and uploads."""

from __future__ import annotations

from engine.grid.library import MapLibrary

DEFAULT_MAP = "crypt"
MAPS = MapLibrary("engine.rulesets.dnd35_encounter", default=DEFAULT_MAP)

load_map = MAPS.load
map_names = MAPS.names
