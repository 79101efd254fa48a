"""What a player can do in a skirmish, one model per action (the log stores these)."""

from __future__ import annotations

from typing import Literal

from engine.core import Action
from engine.rulesets.dnd_minis.judge import JUDGE, JUDGE_ACTIONS, JudgeRuling  # noqa: F401 (the log's action types)

XY = tuple[int, int]


class SubmitWarband(Action):
    """A player's warband, kept secret until every player has sent one (Skirmish §5.2)."""

    kind: Literal["warband"] = "warband"
    cards: list[str]  # card ids or names, one per creature
    faction: str | None = None
    map: str | None = None  # War Drums: the battle map this player brings
    map_data: dict | None = None
    tiles: list[str] | None = None  # starter: the terrain tiles this player brings
    commander_zero: str | None = None  # Out of the Box / Limited: the card made Commander 0
    name: str = ""
    edition: str | None = None  # the edition a saved warband was built for
    card_data: list[dict] = []  # the player's own uploaded cards this warband uses


class ChooseMap(Action):
    """The winner of battle-map initiative picks the map (War Drums §6)."""

    kind: Literal["map"] = "map"
    name: str


class ChooseFirst(Action):
    """After an initiative win: who acts (or places, or deploys) first."""

    kind: Literal["first"] = "first"
    first: str


class PlaceTile(Action):
    """Starter rules §6.3: lay a terrain tile with its top-left corner on a square."""

    kind: Literal["tile"] = "tile"
    tile: str
    square: XY
    rotation: int = 0  # degrees clockwise: 0, 90, 180 or 270


class Deploy(Action):
    """Put one creature on the map in its start area (or a victory area for a Scout)."""

    kind: Literal["place"] = "place"
    creature: str
    square: XY


class RollInitiative(Action):
    kind: Literal["initiative"] = "initiative"


class Activate(Action):
    """Start a creature's turn without doing anything yet (start-of-turn effects are shown)."""

    kind: Literal["activate"] = "activate"
    creature: str


class Move(Action):
    kind: Literal["move"] = "move"
    creature: str
    to: XY | None = None
    path: list[XY] | None = None
    mode: Literal["burrow"] | None = None  # Burrow [#]: move underground (War Drums §26)


class Attack(Action):
    kind: Literal["attack"] = "attack"
    creature: str
    target: str
    entry: int | None = None  # 1-based attack entry of that kind; default: next in printed order
    ranged: bool | None = None  # None: melee if the target is adjacent, else ranged
    declare: list[str] = []  # limited-use riders announced before the roll (Smite, Stunning Attack)


class Charge(Action):
    kind: Literal["charge"] = "charge"
    creature: str
    target: str | None = None  # the nearest enemy; named when several tie
    to: XY | None = None  # the destination; named when several squares tie
    entry: int | None = None


class Cast(Action):
    """Cast a spell (or use an ability that replaces the attack) from the card."""

    kind: Literal["cast"] = "cast"
    creature: str
    spell: str
    target: str | None = None
    square: XY | None = None


class EndActivation(Action):
    kind: Literal["end"] = "end"
    creature: str | None = None


class AooOrder(Action):
    """A standing order: take, decline, or be asked about attacks of opportunity (Skirmish §13.1:
    T *may* make one; §13.3 "always / never / ask"). Given at any time, even out of turn.
    ``creature`` None: every creature of the player's warband.
    """

    kind: Literal["aoo"] = "aoo"
    choice: Literal["take", "decline", "ask"]
    creature: str | None = None


# -- the judge's rulings (D&D Miniatures tournaments have judges; #15 item 16): shared with the
# Quick Start Battle, so they live in engine/rulesets/dnd_minis/judge.py.


ACTION_TYPES = (SubmitWarband, ChooseMap, ChooseFirst, PlaceTile, Deploy, RollInitiative, Activate,
                Move, Attack, Charge, Cast, EndActivation, AooOrder,
                *JUDGE_ACTIONS)
