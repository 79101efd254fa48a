"""Every special ability Warband implements, registered by its printed name.

Importing this package imports each ability module (and the type traits, conditions and
spells), so every registry is complete. The ruleset calls the functions of :mod:`.hooks`.
"""

from engine.rulesets.dnd_minis.abilities import damage  # noqa: F401  (registers)
from engine.rulesets.dnd_minis.abilities.base import (
    Ability,
    AttackContext,
    abilities_of,
    ability_for,
    known_patterns,
    register_ability,
    unknown_abilities,
)

__all__ = [
    "Ability", "AttackContext", "abilities_of", "ability_for", "known_patterns",
    "register_ability", "unknown_abilities",
]
