"""Conan's actions: one pydantic model per command (/move, /attack, /take, /activate...)."""

from __future__ import annotations

from typing import Literal

from engine.core import Action


class Begin(Action):
    """Automatic: every seat is filled, the first hero turn starts."""

    kind: Literal["begin"] = "begin"


class Attitude(Action):
    kind: Literal["attitude"] = "attitude"
    creature: str | None = None
    choice: Literal["aggressive", "cautious"]


class Move(Action):
    kind: Literal["move"] = "move"
    creature: str | None = None
    to: str
    gems: int = 0  # Movement action (hero) or Movement benefit (Overlord)
    mode: Literal["walk", "jump", "break", "phase", "fly", "unweb", "climb"] = "walk"


class Attack(Action):
    kind: Literal["attack"] = "attack"
    creature: str | None = None
    target: str
    style: Literal["melee", "ranged", "web"] = "melee"
    gems: int = 0  # heroes only: gems on the Melee or Ranged space
    card: str | None = None  # the weapon; "none" for an unarmed melee attack


class Take(Action):
    kind: Literal["take"] = "take"
    creature: str | None = None
    item: str


class Give(Action):
    kind: Literal["give"] = "give"
    creature: str | None = None
    item: str
    to: str


class Drop(Action):
    kind: Literal["drop"] = "drop"
    creature: str | None = None
    item: str


class Open(Action):
    kind: Literal["open"] = "open"
    creature: str | None = None
    gems: int = 1
    card: str | None = None


class Carry(Action):
    """Pick up a friendly hero in the same area and carry him (``who``), or set him down
    (``who`` none)."""

    kind: Literal["carry"] = "carry"
    creature: str | None = None
    who: str | None = None


class Throw(Action):
    kind: Literal["throw"] = "throw"
    creature: str | None = None
    item: str
    to: str
    gems: int = 1


class Cast(Action):
    kind: Literal["cast"] = "cast"
    creature: str | None = None
    spell: str
    target: str | None = None  # a model or hero in sight
    to: str | None = None  # the area an area spell strikes (default: the target's area)


class Done(Action):
    kind: Literal["done"] = "done"
    creature: str | None = None


class Activate(Action):
    kind: Literal["activate"] = "activate"
    tile: str


class Flow(Action):
    kind: Literal["flow"] = "flow"
    tile: str


class RerollOrder(Action):
    """A standing order (like the skirmish's /aoo): ``keep`` every roll without being asked,
    or ``ask`` again. Given at any time, even while a question waits."""

    kind: Literal["reroll_order"] = "reroll_order"
    choice: Literal["keep", "ask"]


class EndTurn(Action):
    kind: Literal["end"] = "end"


ACTION_TYPES = (Begin, Attitude, Move, Attack, Take, Give, Drop, Open, Throw, Cast, Done, Activate, Flow, EndTurn,
                RerollOrder, Carry)
