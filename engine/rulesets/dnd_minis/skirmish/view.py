"""What the skirmish's command and effect rules read of the battlefield, as a protocol.

:class:`~engine.rulesets.dnd_minis.skirmish.field.SkirmishField` is the one implementation.
The field calls the command rules (:mod:`.command`) and runs effects (:mod:`.effects`), and
those only read the field back; naming the field here, below all three, keeps the imports one
way (field -> command, effects -> view) instead of a circle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from engine.core import Event, Rng
    from engine.grid import Body, GridMap, MoveRules
    from engine.rulesets.dnd_minis.abilities.base import AttackContext
    from engine.rulesets.dnd_minis.combat import AttackOutcome
    from engine.rulesets.dnd_minis.creature import Creature
    from engine.rulesets.dnd_minis.skirmish.rules import SkirmishRules
    from engine.rulesets.dnd_minis.skirmish.state import SkirmishState

XY = tuple[int, int]


class SkirmishView(Protocol):
    """The skirmish battlefield as its command and effect rules use it."""

    state: SkirmishState
    rules: SkirmishRules
    grid: GridMap
    roster: dict[str, Creature]
    move_rules: MoveRules

    def on_board(self) -> list[Creature]: ...

    def body(self, creature: Creature, at: XY | None = None, *, burrowing: bool = False) -> Body: ...

    def enemies_adjacent_to(self, creature: Creature, at: XY | None = None) -> list[Creature]: ...

    def can_see(self, viewer: Creature, target: Creature, *, target_at: XY | None = None) -> bool: ...

    def ask(self, seat: str, key: str, question: str, options: list[str]) -> str: ...

    def best_melee_entry(self, creature: Creature) -> int: ...

    def melee_attack(self, rng: Rng, attacker: Creature, defender: Creature, entry_index: int,
                     events: list[Event], *, opportunity: bool, charging: bool = False,
                     declared=frozenset(), entry=None) -> AttackOutcome: ...

    def damage(self, rng: Rng, creature: Creature, amount: int, events: list[Event],
               source: Creature | None = None, attack: AttackContext | None = None) -> None: ...

    def morale_check(self, rng: Rng, creature: Creature, events: list[Event], cause: Creature | None = None,
                     *, rally: bool = False, against: str = "half hit points", bonus: int = 0) -> bool: ...

    def rout(self, rng: Rng, creature: Creature, events: list[Event], cause: Creature | None = None) -> None: ...
