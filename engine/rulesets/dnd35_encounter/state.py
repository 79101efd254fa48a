"""What an encounter is at one moment: the map, the rules in force, the creatures in placement
order, the initiative order and whose turn it is. The ruleset changes it; commands and
renderers read it."""

from __future__ import annotations

from pydantic import Field

from engine.core import GameState
from engine.grid import GridMap, MoveRules
from engine.rulesets.dnd35_encounter.creature import Creature
from engine.rulesets.dnd35_encounter.turn import Turn

XY = tuple[int, int]


class EncounterState(GameState):
    map: GridMap
    rules: MoveRules = Field(default_factory=MoveRules.dnd35)
    run_heavy_x3: bool = True
    ext_speed_table: bool = True
    dying_checks: bool = False
    disabled_strain: bool = False
    charge_ext: bool = True
    creatures: dict[str, Creature] = Field(default_factory=dict)  # in placement order
    order: list[str] = Field(default_factory=list)  # initiative order (creature ids)
    turn: Turn | None = None  # the creature whose turn it is, and what it has done
    paused_from: str | None = None
    last_path: list[XY] = Field(default_factory=list)
    last_attack: tuple[XY, XY] | None = None

    @property
    def current(self) -> Creature | None:
        return self.creatures.get(self.turn.creature) if self.turn else None
