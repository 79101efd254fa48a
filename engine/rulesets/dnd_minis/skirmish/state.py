"""The state of a skirmish: players, their warbands and scores, the map, the round and turn."""

from __future__ import annotations

from pydantic import Field

from engine.core import GameState
from engine.grid import GridMap
from engine.rulesets.dnd_minis.activation import Activation
from engine.rulesets.dnd_minis.creature import Creature
from engine.rulesets.dnd_minis.maps import TileLayout
from engine.rulesets.dnd_minis.skirmish.rules import SkirmishRules
from pydantic import BaseModel

XY = tuple[int, int]


class PlayerState(BaseModel):
    seat: str
    cards: list[str] = Field(default_factory=list)  # card ids, in the order given
    faction: str | None = None
    map: str | None = None
    map_data: dict | None = None
    tiles: list[str] = Field(default_factory=list)
    tiles_left: list[str] = Field(default_factory=list)  # starter: tiles not laid yet
    submitted: bool = False
    letter: str | None = None  # the start letter it deployed in
    vp: int = 0
    eliminated_points: int = 0  # cost of enemies it eliminated (starter stalemate, Quick Strike)
    # Standing order (/aoo): its creatures that decline attacks of opportunity until told to take them.
    declined_aoo: list[str] = Field(default_factory=list)
    # ... and those whose player is asked each time (/aoo choice:ask), with /decide.
    asked_aoo: list[str] = Field(default_factory=list)


class SkirmishState(GameState):
    rules: SkirmishRules
    map: GridMap | None = None
    players: dict[str, PlayerState] = Field(default_factory=dict)
    creatures: dict[str, Creature] = Field(default_factory=dict)
    initiative_winner: str | None = None
    chooser: str | None = None  # who must choose now (map, first)
    choice: str | None = None  # what is being chosen: "map", "deploy-order", "placement-order", "order"
    deploy_order: list[str] = Field(default_factory=list)
    deployer: str | None = None
    tile_queue: list[str] = Field(default_factory=list)  # starter: seats due to place a tile, in turn
    layout: TileLayout | None = None  # starter: the battle grid with the tiles laid so far
    order: list[str] = Field(default_factory=list)  # seats in play order this round
    phase_seat: str | None = None
    phase_used: int = 0  # activations used in the current phase
    activation: Activation | None = None
    turn_serial: int = 0
    quiet_rounds: int = 0  # rounds without an attack roll, damage to an enemy or forced save
    violence_this_round: bool = False
    pending_pit_saves: list[str] = Field(default_factory=list)
    withheld_vp: dict[str, dict[str, int]] = Field(default_factory=dict)  # Waylay/phase out: VP to take back
    last_path: list[XY] = Field(default_factory=list)
    last_attack: tuple[XY, XY] | None = None
    dropped: list[str] = Field(default_factory=list)  # seats that left the battle (timeout=drop)

    def team_of(self, seat: str) -> str:
        team = self.seat(seat).team
        return team or seat

    def teams(self) -> dict[str, str]:
        return {s.id: s.team or s.id for s in self.seats}

    def creatures_of(self, seat: str) -> list[Creature]:
        return [c for c in self.creatures.values() if c.side == seat]

    def opponents(self, seat: str) -> list[str]:
        mine = self.team_of(seat)
        return [s.id for s in self.seats if self.team_of(s.id) != mine and s.id not in self.dropped]

    def in_battle(self) -> list[str]:
        """The seats still playing (not dropped), in seat order."""
        return [s.id for s in self.seats if s.id not in self.dropped]
