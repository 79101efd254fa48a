"""D&D Miniatures skirmish: stat cards, abilities, battlefield, and its game modes."""

from engine.core.ruleset import register
from engine.rulesets.dnd_minis.quick_start import QuickStart
from engine.rulesets.dnd_minis.skirmish import Skirmish

register(QuickStart())
register(Skirmish())
