"""The full D&D Miniatures skirmish (both editions): see :mod:`.ruleset`."""

from engine.rulesets.dnd_minis.skirmish.ruleset import Skirmish

__all__ = ["Skirmish"]
