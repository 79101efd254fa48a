"""The ability framework: every special ability is a small class looked up by its printed name.

An ability overrides only the hooks it affects; the combat code asks every ability of the
creatures involved. A printed name is matched against each registered pattern, where
``{CREATURE}``, ``{ENERGY}`` and ``{N}`` are the rulebook's placeholders::

    @register_ability
    class CreatureFoe(Ability):
        pattern = "{CREATURE} Foe"
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, ClassVar

if TYPE_CHECKING:  # pragma: no cover
    from engine.rulesets.dnd_minis.cards import AbilityRef, AttackEntry, StatCard
    from engine.rulesets.dnd_minis.creature import Creature

ENERGIES = ("acid", "cold", "electricity", "fire", "sonic")

_PLACEHOLDERS = {
    "{CREATURE}": r"(?P<keyword>[A-Za-z][A-Za-z' -]*?)",
    "{ENERGY}": r"(?P<keyword>acid|cold|electricity|fire|sonic)",
    "{N}": r"(?P<value>-?\d+)",
}


@dataclass(frozen=True)
class AttackContext:
    """What an ability may look at while an attack is resolved."""

    attacker: "Creature"
    defender: "Creature"
    entry: "AttackEntry"
    melee: bool
    opportunity: bool
    # Queries answered by the ruleset, so abilities never reach into board internals.
    enemies_adjacent_to: Callable[["Creature"], list["Creature"]]


class Ability:
    """Base class: each hook returns the neutral value."""

    pattern: ClassVar[str]
    summary: ClassVar[str] = ""
    _regex: ClassVar[re.Pattern[str]]

    def __init__(self, printed: str, keyword: str | None = None, value: int | None = None):
        self.printed = printed
        self.keyword = keyword
        self.value = value

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.printed!r}>"

    # Hooks -------------------------------------------------------------------------------------
    def attack_bonus(self, ctx: AttackContext) -> int:
        """Added to this creature's attack roll when it attacks."""
        return 0

    def damage_bonus(self, ctx: AttackContext) -> int:
        """Extra damage of the attack's own type when this creature hits."""
        return 0


_ABILITIES: list[type[Ability]] = []


def register_ability(cls: type[Ability]) -> type[Ability]:
    regex = re.escape(cls.pattern)
    for placeholder, group in _PLACEHOLDERS.items():
        regex = regex.replace(re.escape(placeholder), group)
    cls._regex = re.compile(rf"^{regex}$", re.IGNORECASE)
    _ABILITIES.append(cls)
    return cls


def ability_for(printed: str) -> Ability | None:
    """The implementation of a printed ability name, or None if Warband has none."""
    text = " ".join(printed.split())
    for cls in _ABILITIES:
        match = cls._regex.match(text)
        if match:
            groups = match.groupdict()
            value = int(groups["value"]) if groups.get("value") is not None else None
            return cls(text, keyword=groups.get("keyword"), value=value)
    return None


def abilities_of(card: "StatCard") -> list[Ability]:
    found = []
    for ref in card.abilities:
        ability = ability_for(ref.name)
        if ability is None:  # load_card refuses such cards; reaching here is a programming error
            raise LookupError(f"no implementation for ability {ref.name!r}")
        found.append(ability)
    return found


def unknown_abilities(card: "StatCard") -> list[str]:
    return [ref.name for ref in card.abilities if ability_for(ref.name) is None]


def known_patterns() -> list[str]:
    return [cls.pattern for cls in _ABILITIES]
