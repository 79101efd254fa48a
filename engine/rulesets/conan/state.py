"""What a game of Conan keeps: heroes and their gems, the Overlord's gems and river, models,
chests and cards on the ground (rules §16.1).

Gem zones are plain counts keyed by zone name, so conservation is a sum: a hero's gems never
change in number (§5.1); the Overlord's only leave through the Box (§13.8).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.core import GameState
from engine.rulesets.conan.data import SPACES, Catalogue, Scenario

OVERLORD = "overlord"
HERO_SEATS = ("h1", "h2", "h3", "h4")
HERO_ZONES = ("reserve", "fatigue", "wounds", *SPACES)
OVERLORD_ZONES = ("reserve", "fatigue", "movement", "guard", "reroll", "box")


class Hero(BaseModel):
    id: str
    name: str
    seat: str
    area: str | None
    gems: dict[str, int]
    attitude: Literal["aggressive", "cautious"] = "aggressive"
    chose_attitude: bool = False
    cards: list[str] = Field(default_factory=list)
    free_mp: int = 0
    bought_mp: int = 0
    passed: bool = False
    alive: bool = True
    carrying: str | None = None  # the hero or ally this one carries (§9.6)
    carried_weight: int = 0  # its encumbrance, counted with the cards (§11.1)

    @property
    def total(self) -> int:
        return sum(self.gems.values())


class Model(BaseModel):
    id: str
    tile: str
    area: str | None
    lp: int
    alive: bool = True
    killed: bool = False  # killed in this scenario (may come back as a reinforcement)
    mp: int = 0
    bonus_mp: int = 0  # Movement-benefit MP bought this activation
    attacked: bool = False
    carrying: str | None = None  # the friendly model this one carries (§9.6: any character)


class Ally(BaseModel):
    """A friendly model a hero with Commander activates (§12)."""

    id: str
    tile: str
    unit: str
    area: str | None
    lp: int
    alive: bool = True
    activated: bool = False  # once per Action phase
    mp: int = 0
    bonus_mp: int = 0
    attacked: bool = False
    carrying: str | None = None  # the hero or ally this one carries (§9.6: any character)


class Tile(BaseModel):
    id: str
    unit: str | None = None
    event: bool = False
    dead: bool = False
    start_count: int = 0
    in_box: bool = False


class Overlord(BaseModel):
    gems: dict[str, int]
    river: list[str]
    activations: int = 0
    active: str | None = None  # the unit tile activated now
    reinforcement_points: int = 0


class ConanState(GameState):
    catalogue: Catalogue
    scenario: Scenario
    heroes: dict[str, Hero] = Field(default_factory=dict)
    models: dict[str, Model] = Field(default_factory=dict)
    allies: dict[str, Ally] = Field(default_factory=dict)
    tiles: dict[str, Tile] = Field(default_factory=dict)
    overlord: Overlord
    turn: int = 0  # the turn marker (§4.3 step 2)
    side: Literal["heroes", "overlord"] = "heroes"
    dead_heroes: int = 0
    chests: dict[str, int] = Field(default_factory=dict)
    ground: dict[str, list[str]] = Field(default_factory=dict)
    deck: list[str] = Field(default_factory=list)
    rules: dict[str, str] = Field(default_factory=dict)
    opened: list[tuple[str, str]] = Field(default_factory=list)  # walls and wooden doors broken open
    webbed: list[str] = Field(default_factory=list)  # heroes held by a web token
    charm_broken: list[tuple[str, str]] = Field(default_factory=list)  # (charmer, other): it attacked first
    crushed: list[tuple[str, str]] = Field(default_factory=list)  # (attacker, defender) held by Crush
    keep_rolls: list[str] = Field(default_factory=list)  # seats under the standing order /reroll auto:keep

    def hero_of(self, seat: str) -> list[Hero]:
        return [h for h in self.heroes.values() if h.seat == seat and h.alive]

    def living_heroes(self) -> list[Hero]:
        return [h for h in self.heroes.values() if h.alive]

    def living_allies(self) -> list[Ally]:
        return [a for a in self.allies.values() if a.alive]

    def living_models(self) -> list[Model]:
        return [m for m in self.models.values() if m.alive]
