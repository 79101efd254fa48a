"""Every action of the encounter, as data: what goes into the game's action log.

Actions hold only what the referee or player said, already read into squares and numbers;
the rules (speed from race and armour, path costs, dice) are applied when the action is.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from engine.core import Action
from engine.grid.body import SizeName
from engine.rulesets.dnd35_encounter.creature import Weapon

XY = tuple[int, int]
MoveMode = Literal["single", "double", "run", "step", "minimum"]
MOVE_MODES: tuple[str, ...] = ("single", "double", "run", "step", "minimum")


class PlaceCreature(Action):
    """The referee puts a creature on the map (before or during the fight)."""

    kind: Literal["place"] = "place"
    name: str
    square: XY
    owner: str = "referee"
    size: SizeName = "medium"
    tall: bool = True
    speed: int | None = None  # squares; None: from race and armour (or 6)
    race: str | None = None
    armour: str = "none"
    hp: int = Field(ge=1)
    ac: int = 10
    init: int = 0
    reach: int | None = Field(default=None, ge=0)
    klass: str | None = None  # barbarian, monk: class speed (3.5 §2.3)
    level: int | None = Field(default=None, ge=1, le=20)
    fly: int | None = Field(default=None, ge=1)  # fly speed, squares
    traits: list[str] = Field(default_factory=list)
    attacks: list[Weapon] = Field(default_factory=list)


class EditCreature(Action):
    """The referee changes what a creature is (``/creature edit``): only the fields given."""

    kind: Literal["edit"] = "edit"
    creature: str
    changes: dict[str, Any] = Field(default_factory=dict)


class RemoveCreature(Action):
    kind: Literal["remove"] = "remove"
    creature: str


class RollInitiative(Action):
    """d20 + modifier for every creature; the fight begins."""

    kind: Literal["initiative"] = "initiative"


class Move(Action):
    kind: Literal["move"] = "move"
    creature: str | None = None
    to: XY | None = None
    path: list[XY] | None = None  # squares after the start, when spelled out
    mode: MoveMode = "single"
    # Moving through an opponent's square (3.5 §5.4): by Tumble or an overrun, with the check.
    through: str | None = None
    how: Literal["tumble", "overrun"] | None = None
    check: str | None = None  # the mover's check, e.g. 1d20+8
    against: str | None = None  # overrun: the defender's opposed check (default 1d20)


class Charge(Action):
    """Charge (3.5 §2.4, §5.1, §6.1): move up to double speed, then one attack."""

    kind: Literal["charge"] = "charge"
    creature: str | None = None
    target: str
    to: XY | None = None
    weapon: int | None = None
    roll: str | None = None
    damage: str | None = None


class Attack(Action):
    kind: Literal["attack"] = "attack"
    creature: str | None = None
    target: str
    roll: str | None = None  # the attack roll as typed, e.g. "1d20+5"; None: 1d20 + the attack's bonus
    damage: str | None = None  # rolled on a hit, e.g. "1d8+3"; None: the attack's damage
    weapon: int | None = None  # which of the creature's attacks (1, 2...); None: its first


class Damage(Action):
    """The referee's adjustment: a number or dice of damage (or healing, for Heal)."""

    kind: Literal["damage"] = "damage"
    creature: str
    amount: str


class Heal(Action):
    kind: Literal["heal"] = "heal"
    creature: str
    amount: str


class SetConditions(Action):
    kind: Literal["condition"] = "condition"
    creature: str
    add: list[str] = Field(default_factory=list)
    remove: list[str] = Field(default_factory=list)


class EndTurn(Action):
    kind: Literal["end"] = "end"
    creature: str | None = None


class Override(Action):
    """The referee's power: put a creature on any square, past every movement rule."""

    kind: Literal["override"] = "override"
    creature: str
    to: XY
    reason: str = ""


class Pause(Action):
    kind: Literal["pause"] = "pause"
    reason: str = ""


class Resume(Action):
    kind: Literal["resume"] = "resume"


class Finish(Action):
    kind: Literal["finish"] = "finish"
    reason: str = ""


ACTION_TYPES = (PlaceCreature, EditCreature, RemoveCreature, RollInitiative, Move, Charge, Attack, Damage,
                Heal, SetConditions, EndTurn, Override, Pause, Resume, Finish)
