"""The D&D Miniatures battlefield: creatures on a grid map, and what happens between them.

Movement with attacks of opportunity, adjacency across walls, melee attacks and the damage
that follows (destruction, the half-HP morale save). Every mode of the game (Quick Start and
the full skirmish rules of both editions) uses this one class; geometry comes from
:mod:`engine.grid`.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Event, IllegalAction, Rng
from engine.grid import (
    Body,
    GridMap,
    MoveRules,
    PathState,
    adjacent,
    melee_cover,
    reachable,
    shortest_path,
    square_name,
    validate_path,
)
from engine.rulesets.dnd_minis.abilities import AttackContext
from engine.rulesets.dnd_minis.activation import Activation
from engine.rulesets.dnd_minis.combat import AttackOutcome, morale_save, resolve_attack
from engine.rulesets.dnd_minis.creature import Creature

XY = tuple[int, int]

# D&D Miniatures movement: slowing factors never stack (War Drums §8.1, AMB-22), a 3-cost
# diagonal leaves the 1-2 counter alone (AMB-21), no ending on helpless creatures, etc.
MINIS_MOVE_RULES = MoveRules.minis()


@dataclass
class PlannedPath:
    start: XY
    squares: list[XY]
    cost: int
    diag_count_after: int
    steps: list[int]


class Battlefield:
    """A view over a map and the creatures on it. Changes the creatures it was given."""

    def __init__(self, grid: GridMap, creatures: dict[str, Creature], rules: MoveRules = MINIS_MOVE_RULES):
        self.grid = grid
        self.creatures = creatures
        self.rules = rules

    # -- geometry -----------------------------------------------------------------------------
    def body(self, creature: Creature, at: XY | None = None) -> Body:
        return Body(id=creature.id, side=creature.side, anchor=at or creature.square, name=creature.name,
                    size=creature.card.size, flying=creature.card.fly, active=creature.active)

    def others(self, creature: Creature) -> list[Body]:
        return [self.body(c) for c in self.creatures.values() if c.id != creature.id and c.on_board]

    def adjacent(self, a: Creature, b: Creature) -> bool:
        return a.on_board and b.on_board and adjacent(self.grid, self.body(a), self.body(b))

    def enemies_adjacent_to(self, creature: Creature, at: XY | None = None) -> list[Creature]:
        me = self.body(creature, at)
        return [c for c in self.creatures.values()
                if c.side != creature.side and c.on_board and adjacent(self.grid, me, self.body(c))]

    def threateners(self, creature: Creature, at: XY) -> list[Creature]:
        """Enemies that threaten ``at`` and could strike the creature leaving it (§12.1-12.3)."""
        me = self.body(creature, at)
        return [c for c in self.enemies_adjacent_to(creature, at)
                if c.active and not melee_cover(self.grid, self.body(c), me)]

    # -- movement -----------------------------------------------------------------------------
    def plan_path(self, creature: Creature, to: XY | None, path: list[XY] | None, diag_count: int) -> PlannedPath:
        """The path a move command asks for: spelled out square by square, or the cheapest one."""
        if not creature.on_board:
            raise IllegalAction("not-on-board", f"The {creature.name} is not on the battlefield.")
        state = PathState(diag_count=diag_count)
        others = self.others(creature)
        me = self.body(creature)
        if path:
            found = validate_path(self.grid, me, list(path), others, state, self.rules, budget=10_000)
        else:
            if to == creature.square:
                raise IllegalAction("no-move", f"The {creature.name} is already on {square_name(to)}.")
            found = shortest_path(self.grid, me, to, others, state, self.rules)
        return PlannedPath(creature.square, list(found.squares), found.cost, found.diag_count_after, list(found.steps))

    def reachable(self, creature: Creature, diag_count: int, budget: int) -> list[XY]:
        table = reachable(self.grid, self.body(creature), self.others(creature),
                          PathState(diag_count=diag_count), self.rules, budget)
        return sorted(sq for sq in table if sq != creature.square)

    def walk(self, rng: Rng, creature: Creature, path: PlannedPath, turn: Activation, events: list[Event]) -> PlannedPath:
        """Move along a planned path one square at a time, pausing for attacks of opportunity.

        Leaving a square threatened by an enemy provokes one melee attack from that enemy
        (at most one per enemy per turn). If the mover is destroyed or routs, it stops there.
        Returns the part of the path actually walked.
        """
        walked: list[XY] = []
        segment: list[XY] = [path.start]
        spent = segment_cost = 0
        here = path.start

        def report_segment() -> None:
            # One line per stretch of movement, so attacks of opportunity read in order.
            if len(segment) > 1:
                events.append(Event(kind="move", seat=creature.side,
                                    text=f"The {creature.name} moves " + " → ".join(square_name(s) for s in segment)
                                    + f" ({segment_cost} square{'s' if segment_cost != 1 else ''}).",
                                    data={"creature": creature.id, "path": [list(s) for s in segment],
                                          "cost": segment_cost}))

        for square, cost in zip(path.squares, path.steps):
            threats = [e for e in self.threateners(creature, here) if e.id not in turn.opportunity_attackers]
            if threats:
                report_segment()
                segment, segment_cost = [here], 0
            for enemy in threats:
                turn.opportunity_attackers.append(enemy.id)
                events.append(Event(kind="opportunity", seat=enemy.side,
                                    text=f"The {creature.name} leaves {square_name(here)}, next to the "
                                    f"{enemy.name}: attack of opportunity."))
                self.melee_attack(rng, enemy, creature, 0, events, opportunity=True)
                if not creature.active:
                    break
            if not creature.active:
                break
            creature.square = square
            walked.append(square)
            segment.append(square)
            spent += cost
            segment_cost += cost
            here = square
        report_segment()
        diag_after = path.diag_count_after if len(walked) == len(path.squares) else self._diag_count(path, walked, turn)
        return PlannedPath(path.start, walked, spent, diag_after, list(path.steps[: len(walked)]))

    @staticmethod
    def _diag_count(path: PlannedPath, walked: list[XY], turn: Activation) -> int:
        count = turn.diag_count
        here = path.start
        for square in walked:
            if square[0] != here[0] and square[1] != here[1]:
                count += 1
            here = square
        return count

    # -- attacks ------------------------------------------------------------------------------
    def melee_attack(self, rng: Rng, attacker: Creature, defender: Creature, entry_index: int,
                     events: list[Event], *, opportunity: bool) -> AttackOutcome:
        ctx = AttackContext(attacker=attacker, defender=defender, entry=attacker.card.melee[entry_index],
                            melee=True, opportunity=opportunity, enemies_adjacent_to=self.enemies_adjacent_to)
        outcome = resolve_attack(rng, ctx)
        events.extend(outcome.events)
        if outcome.hit and outcome.damage:
            self.damage(rng, defender, outcome.damage, events)
        return outcome

    def damage(self, rng: Rng, creature: Creature, amount: int, events: list[Event]) -> None:
        """Take hit points away, then destruction or the half-HP morale save (§10.6)."""
        before = creature.hp
        creature.hp -= amount
        events.append(Event(kind="hp", seat=creature.side,
                            text=f"The {creature.name}: {before} → {max(creature.hp, 0)} HP.",
                            data={"creature": creature.id, "hp": creature.hp}))
        if creature.hp <= 0:
            creature.destroyed = True
            events.append(Event(kind="destroyed", seat=creature.side, text=f"The {creature.name} is destroyed."))
            return
        if creature.bloodied and not creature.morale_checked and not creature.routed:
            creature.morale_checked = True
            passed, event = morale_save(rng, creature.name, creature.card.level or 0, creature.side)
            events.append(event)
            if not passed:
                creature.routed = True
                events.append(Event(kind="routed", seat=creature.side, text=f"The {creature.name} routs!"))
