"""D&D 3.5 encounter mode: a referee runs a grid combat, the bot keeps the movement rules,
the initiative order and the hit points. See :mod:`.ruleset`."""

from engine.core.ruleset import register
from engine.rulesets.dnd35_encounter.ruleset import Encounter

register(Encounter())
