"""Every special ability Warband implements, registered by its printed name.

Importing this package imports each ability module, the creature-type traits, the conditions,
the spells and the card playability checks, so every registry is complete (each of those
modules registers itself with the lower one it extends: :mod:`.base`, :mod:`.hooks`,
:mod:`..cards`; none imports this package back). The ruleset calls the functions of
:mod:`.hooks` (see ``.notes/ability-hooks.md``).
"""

from engine.rulesets.dnd_minis.abilities import (  # noqa: F401  (each module registers its classes)
    actions,
    command,
    damage,
    death,
    defence,
    morale,
    movement,
    riders,
    setup,
    spellcasting,
    turns,
)
from engine.rulesets.dnd_minis.abilities.base import (
    Ability,
    AttackContext,
    abilities_of,
    ability_for,
    known_patterns,
    register_ability,
    unknown_abilities,
)
from engine.rulesets.dnd_minis import conditions as _conditions  # noqa: F401,E402
from engine.rulesets.dnd_minis import playable as _playable  # noqa: F401,E402
from engine.rulesets.dnd_minis import spells as _spells  # noqa: F401,E402
from engine.rulesets.dnd_minis import types as _types  # noqa: F401,E402

__all__ = [
    "Ability", "AttackContext", "abilities_of", "ability_for", "known_patterns",
    "register_ability", "unknown_abilities",
]
