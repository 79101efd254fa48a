"""Every Ninth Age action, as data for the game's log: what the player said, already read into
names, numbers and steps; the rules are applied when the action is."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.core import Action


class MoveStep(BaseModel):
    kind: Literal["forward", "back", "left", "right", "wheel", "pivot"]
    amount: float = Field(ge=0)
    side: Literal["left", "right"] | None = None  # a wheel's or a pivot's turn (a pivot: single models, §8.11)


class StartBattle(Action):
    """Automatic once both seats are filled: the pre-game sequence of §3 begins."""

    kind: Literal["start"] = "start"


class Deploy(Action):
    kind: Literal["deploy"] = "deploy"
    unit: str
    x: float
    y: float
    facing: float | None = None  # None: facing the enemy's long edge
    files: int | None = None


class EndStep(Action):
    """/end: finish a deployment drop, the charge declarations, or the current phase."""

    kind: Literal["end"] = "end"


class FreeReform(BaseModel):
    """Where a Free Reform unit ends: its centre, facing and width (§22 Free Reform)."""

    x: float
    y: float
    facing: float
    files: int = Field(ge=1)


class Advance(Action):
    kind: Literal["advance"] = "advance"
    unit: str
    steps: list[MoveStep]
    pivot: float | None = None  # single-model units may pivot (to this bearing) before moving
    to: FreeReform | None = None


class March(Action):
    kind: Literal["march"] = "march"
    unit: str
    steps: list[MoveStep]
    pivot: float | None = None
    to: FreeReform | None = None


class Reform(Action):
    kind: Literal["reform"] = "reform"
    unit: str
    files: int = Field(ge=1)
    facing: float  # absolute bearing
    swift: bool = False  # a Swift reform: a unit with a Musician tests Ld first (§17.1)


class Charge(Action):
    kind: Literal["charge"] = "charge"
    unit: str
    target: str


class PlaceMarker(Action):
    kind: Literal["marker"] = "marker"
    x: float
    y: float


class Join(Action):
    """A character deployed in a unit, or joining one in the Remaining Moves (§16.2), at a file
    of its front rank; ``hidden``: a Hidden model deployed in secret (§22 Hidden)."""

    kind: Literal["join"] = "join"
    unit: str
    into: str
    file: int | None = None  # 0-based; None: the first legal place
    hidden: bool = False
    widen: bool = False  # a single-rank unit grows wider instead of a second rank


class Leave(Action):
    """A character leaves its unit with a move of its own (§16.3)."""

    kind: Literal["leave"] = "leave"
    unit: str
    steps: list[MoveStep]
    pivot: float | None = None
    march: bool = False


class Garrison(Action):
    """/garrison unit: building: the whole unit enters an empty Building (§18.6)."""

    kind: Literal["garrison"] = "garrison"
    unit: str
    building: str


class LeaveBuilding(Action):
    """/leave unit: [facing:] [files:] [along:]: a unit in a Building comes out (§18.6)."""

    kind: Literal["leave-building"] = "leave-building"
    unit: str
    facing: float | None = None
    files: int | None = None
    along: float = 0.0


class Reveal(Action):
    """Reveal a Hidden character, or a hidden magic item (or one rune of it) being used (§2.4)."""

    kind: Literal["reveal"] = "reveal"
    unit: str
    item: str | None = None


class UseArmy(Action):
    """/army use: the seat's Army List, as checked data (kept in the log, so the game replays)."""

    kind: Literal["army"] = "army"
    army: dict


# -- the Melee phase (combat.py) --
class Fight(Action):
    """/fight unit: the active player picks the combat holding this unit to fight next ([A-21])."""

    kind: Literal["fight"] = "fight"
    unit: str


# -- Magic phase (§9) -----------------------------------------------------------------------------
class Cast(Action):
    """/cast wizard: spell: dice: target: (or at:x,y for a Ground spell) [version:] [part:]; version:
    normal, boosted (a spell's only boosted version), or a boosted version's name or number."""

    kind: Literal["cast"] = "cast"
    wizard: str
    spell: str
    dice: int
    target: str | None = None
    at: tuple[float, float] | None = None
    boosted: bool = False
    part: str | None = None
    version: str | None = None  # a boosted version by name or number, among several (§9.2)
    # a summoning spell (§7.9): the new unit's centre (default ``at``), facing and width
    centre: tuple[float, float] | None = None
    facing: float | None = None
    files: int | None = Field(default=None, ge=1, le=200)


class DispelInPlay(Action):
    """/dispel spell: [dice:] [wizard:]: end a Remains-in-Play spell (§9.6)."""

    kind: Literal["dispel"] = "dispel"
    spell: str
    dice: int | None = None
    wizard: str | None = None


class UseItem(Action):
    """/item unit: name:: use a one-use magic item (a potion, §23.6) the unit carries."""

    kind: Literal["item"] = "item"
    unit: str
    item: str


class CallTest(Action):
    """/test unit: characteristic: [modifier:] [reason:]: a characteristic test (§1.7) or a
    Leadership test (§1.8) a rule calls for on a unit that the engine does not apply by itself
    (an army-book rule, a ruling); either player calls it, the bot rolls it in the open."""

    kind: Literal["test"] = "test"
    unit: str
    characteristic: Literal["M", "WS", "BS", "S", "T", "W", "I", "A", "Ld"]
    modifier: int = Field(default=0, ge=-10, le=10)
    reason: str = Field(default="", max_length=200)


class HealWounds(Action):
    """/heal unit: wounds: [recover:] reason:: Heal (or Recover) X Wounds (§7.8) an ability the
    data cannot carry gives one of the player's own units (an army-book rule, a ruling); the bot
    rolls X in the open when it is dice."""

    kind: Literal["heal"] = "heal"
    unit: str
    wounds: str = Field(min_length=1, max_length=10)
    recover: bool = False
    reason: str = Field(min_length=1, max_length=200)


class Summon(Action):
    """/summon unit: [models:] at:x,y [facing:] [files:] [by: range:] [reason:]: a unit an
    army-book ability summons (§7.9, summoning.py), placed whole or not at all."""

    kind: Literal["summon"] = "summon"
    unit: str  # the profile: an army-list entry or a unit a lore's spell summons
    models: int | None = Field(default=None, ge=1, le=200)
    x: float
    y: float
    facing: float | None = None  # None: toward the enemy
    files: int | None = Field(default=None, ge=1, le=200)
    by: str | None = None  # the summoning unit, measured from as a caster is
    reach: float | None = Field(default=None, ge=0, le=100)  # the ability's range
    reason: str = Field(default="", max_length=200)


ACTION_TYPES = (StartBattle, Deploy, EndStep, Advance, March, Reform, Charge, PlaceMarker, UseArmy, Join, Leave,
                Garrison, LeaveBuilding, Reveal, Fight, Cast, DispelInPlay, UseItem, CallTest, HealWounds, Summon)
