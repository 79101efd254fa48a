"""Conan (Monolith, 2016), ruleset ``conan``: heroes against the Overlord on a board of areas.

Rules: /work/shared/rules/conan-board-game.md (seed 004). Modules: :mod:`.data` (dice, sheets,
cards, units, scenarios as validated files; every lost value a marked default),
:mod:`.state`, :mod:`.heroes` (gem zones, limits, encumbrance, damage), :mod:`.rolls` (dice
and the reroll window), :mod:`.actions`, :mod:`.ruleset` (turns, actions, the Overlord),
:mod:`.legal`, :mod:`.commands`, :mod:`.view`, :mod:`.boards`.
"""

from engine.core.ruleset import register
from engine.rulesets.conan.ruleset import Conan

register(Conan())
