"""The D&D Miniatures battlefield: creatures on a grid map, and what happens between them.

Sight (invisibility, blindness, fog), threat and its exemptions, attacks of opportunity,
flanking, melee and ranged cover, shooting into melee, nearest-enemy targeting, melee and
ranged attacks and the damage that follows (destruction, the half-HP morale save). Every mode
of the game (Quick Start and the full skirmish rules of both editions) uses this one class;
geometry comes from :mod:`engine.grid`. A mode refines it by overriding the few hooks at the
bottom (commander bonus to morale, what a rout does, what a destruction scores).
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
    flanked,
    has_cover,
    melee_cover,
    reachable,
    shortest_path,
    space_distance,
    square_name,
    validate_path,
)
from engine.grid import can_see as grid_can_see
from engine.rulesets.dnd_minis.abilities import AttackContext
from engine.rulesets.dnd_minis.activation import Activation
from engine.rulesets.dnd_minis.combat import AttackOutcome, AttackSetup, Defence, morale_save, resolve_attack
from engine.rulesets.dnd_minis.creature import Creature

XY = tuple[int, int]

# D&D Miniatures movement: slowing factors never stack (War Drums §8.1, AMB-22), a 3-cost
# diagonal leaves the 1-2 counter alone (AMB-21), no ending on helpless creatures, etc.
MINIS_MOVE_RULES = MoveRules.minis()

# Types with built-in immunities (War Drums §26, Skirmish §24.2).
TYPE_IMMUNITIES: dict[str, set[str]] = {
    "construct": {"confusion", "critical hits", "dominate", "incite", "paralysis", "poison", "sleep",
                  "sneak attack", "stun"},
    "living construct": {"level drain", "paralysis", "poison", "sleep"},
    "dragon": {"paralysis", "sleep"},
    "elemental": {"critical hits", "flanking", "paralysis", "poison", "sleep", "sneak attack", "stun"},
    "elf": {"sleep"},
    "ooze": {"confusion", "critical hits", "dominate", "flanking", "gaze attack", "incite", "paralysis",
             "poison", "sleep", "sneak attack", "stun"},
    "plant": {"confusion", "critical hits", "dominate", "incite", "paralysis", "poison", "sleep",
              "sneak attack", "stun"},
    "undead": {"confusion", "critical hits", "dominate", "incite", "paralysis", "poison", "sleep",
               "sneak attack", "stun"},
    "vermin": {"confusion", "dominate", "incite", "sleep"},
}
FEARLESS_TYPES = {"construct", "ooze", "undead"}


@dataclass
class PlannedPath:
    start: XY
    squares: list[XY]
    cost: int
    diag_count_after: int
    steps: list[int]


class Battlefield:
    """A view over a map and the creatures on it. Changes the creatures it was given.

    ``teams`` maps a seat to its team (allies are the same seat or the same team).
    """

    def __init__(self, grid: GridMap, creatures: dict[str, Creature], rules: MoveRules = MINIS_MOVE_RULES,
                 teams: dict[str, str] | None = None):
        self.grid = grid
        self.creatures = creatures
        self.rules = rules
        self.teams = teams or {}
        self.turn: Activation | None = None  # the turn in progress (AoO limits, rout causers)

    # -- sides ------------------------------------------------------------------------------------
    def team(self, seat: str) -> str:
        return self.teams.get(seat) or seat

    def hostile(self, a: Creature, b: Creature) -> bool:
        return self.team(a.side) != self.team(b.side)

    def on_board(self) -> list[Creature]:
        return [c for c in self.creatures.values() if c.on_board]

    def enemies_of(self, creature: Creature) -> list[Creature]:
        return [c for c in self.on_board() if self.hostile(creature, c)]

    def allies_of(self, creature: Creature) -> list[Creature]:
        return [c for c in self.on_board() if c.id != creature.id and not self.hostile(creature, c)]

    # -- traits (types, abilities) ----------------------------------------------------------------
    def immune(self, creature: Creature, what: str) -> bool:
        what = what.casefold()
        for t in creature.card.types:
            if what in TYPE_IMMUNITIES.get(t.casefold(), ()):
                return True
        for ref in creature.card.abilities:
            name = ref.name.casefold()
            if name.startswith("immune "):
                listed = {w.strip() for w in name[len("immune "):].split(",")}
                if what in listed:
                    return True
        return False

    def has_ability(self, creature: Creature, name: str) -> bool:
        return creature.card.ability(name) is not None

    def ability_value(self, creature: Creature, prefix: str) -> int | None:
        """The number of an ability like ``Conceal 6`` or ``DR 5`` (highest if several)."""
        best = None
        for ref in creature.card.abilities:
            words = ref.name.split()
            head = " ".join(words[:-1]).casefold()
            if head == prefix.casefold() and words[-1].lstrip("+-").isdigit():
                value = int(words[-1])
                best = value if best is None else max(best, value)
        return best

    def fearless(self, creature: Creature) -> bool:
        return self.has_ability(creature, "Fearless") or any(
            t.casefold() in FEARLESS_TYPES for t in creature.card.types)

    def defence(self, creature: Creature) -> Defence:
        d = Defence(dr=self.ability_value(creature, "DR") or 0,
                    undead=creature.card.has_type("undead"),
                    construct=creature.card.has_type("construct"))
        for ref in creature.card.abilities:
            words = ref.name.split()
            low = ref.name.casefold()
            if low.startswith("immune "):
                d.immune |= {w.strip() for w in low[len("immune "):].split(",")}
            elif words[0].casefold() == "resist" and len(words) >= 3 and words[1].isdigit():
                d.resist[words[2].casefold()] = int(words[1])
            elif low.startswith("double damage from "):
                d.double.add(low.rsplit(" ", 1)[-1])
            elif words[0].casefold() == "vulnerable" and len(words) >= 2:
                d.vulnerable.add(words[-1].casefold())
        return d

    # -- geometry ---------------------------------------------------------------------------------
    def body(self, creature: Creature, at: XY | None = None) -> Body:
        return Body(id=creature.id, side=self.team(creature.side), anchor=at or creature.square,
                    name=creature.name, size=creature.card.size, flying=creature.card.fly,
                    incorporeal=self.has_ability(creature, "Incorporeal"),
                    helpless=creature.helpless, blind=creature.has("blind") and not self.has_ability(
                        creature, "Blindsight") and not self.has_ability(creature, "Blindfight"),
                    active=creature.active)

    def others(self, creature: Creature) -> list[Body]:
        return [self.body(c) for c in self.creatures.values() if c.id != creature.id and c.on_board]

    def adjacent(self, a: Creature, b: Creature) -> bool:
        return a.on_board and b.on_board and adjacent(self.grid, self.body(a), self.body(b))

    def distance(self, a: Creature, b: Creature) -> int:
        """Range distance (§8.6): 1-2-1-2 between the closest squares, walls ignored."""
        return space_distance(a.squares, b.squares)

    def enemies_adjacent_to(self, creature: Creature, at: XY | None = None) -> list[Creature]:
        me = self.body(creature, at)
        return [c for c in self.creatures.values()
                if self.hostile(creature, c) and c.on_board and adjacent(self.grid, me, self.body(c))]

    # -- sight ------------------------------------------------------------------------------------
    def can_see(self, viewer: Creature, target: Creature, *, target_at: XY | None = None) -> bool:
        """LoS plus fog, invisibility and blindness (§9, §18.3, §20.2). Blindsight ignores them."""
        if not viewer.on_board or not target.on_board:
            return False
        blindsight = self.has_ability(viewer, "Blindsight")
        if viewer.has("blind") and not blindsight:
            return False
        if (target.has("invisible") or target.has("hidden_from_" + viewer.id)) and not blindsight:
            return False
        squares = self.body(target, target_at).squares
        return grid_can_see(self.grid, viewer.squares, squares)

    # -- threat -----------------------------------------------------------------------------------
    def threatens(self, threatener: Creature, creature: Creature, at: XY | None = None) -> bool:
        """An active enemy threatens every square adjacent to its space (§12.1)."""
        if not threatener.active or not self.hostile(threatener, creature):
            return False
        return adjacent(self.grid, self.body(threatener), self.body(creature, at))

    def excused(self, threatener: Creature, creature: Creature, at: XY | None = None) -> bool:
        """The threat doesn't count when the threatener can't see the creature or the creature
        has melee cover (or forest cover) against it (§12.2)."""
        if not self.can_see(threatener, creature, target_at=at):
            return True
        return melee_cover(self.grid, self.body(threatener), self.body(creature, at))

    def binding_threats(self, creature: Creature, at: XY | None = None) -> list[Creature]:
        """Enemies whose threat stops the creature shooting or casting beyond touch (§12.2)."""
        return [e for e in self.enemies_of(creature)
                if self.threatens(e, creature, at) and not self.excused(e, creature, at)]

    def in_melee(self, creature: Creature) -> bool:
        """Active and threatening an enemy, or threatened by an active enemy (§20.2)."""
        for enemy in self.enemies_of(creature):
            if self.threatens(enemy, creature) or self.threatens(creature, enemy):
                return True
        return False

    def threateners(self, creature: Creature, at: XY) -> list[Creature]:
        """Enemies that may strike the creature leaving ``at`` with an attack of opportunity (§12.3)."""
        out = []
        for enemy in self.enemies_adjacent_to(creature, at):
            if not self.threatens(enemy, creature, at):
                continue
            if enemy.has("confused") or self.has_ability(enemy, "No Reach") or self.has_ability(enemy, "Tiny Reach"):
                continue
            if self.excused(enemy, creature, at):
                continue
            if (creature.routed and creature.rout_caused_by == enemy.id and self.turn is not None
                    and creature.rout_turn == self.turn.serial):
                continue
            out.append(enemy)
        return out

    # -- movement ---------------------------------------------------------------------------------
    def plan_path(self, creature: Creature, to: XY | None, path: list[XY] | None, diag_count: int,
                  *, charging: bool = False) -> PlannedPath:
        """The path a move command asks for: spelled out square by square, or the cheapest one."""
        if not creature.on_board:
            raise IllegalAction("not-on-board", f"The {creature.name} is not on the battlefield.")
        state = PathState(diag_count=diag_count)
        others = self.others(creature)
        me = self.body(creature)
        if path:
            found = validate_path(self.grid, me, list(path), others, state, self.rules, budget=10_000,
                                  charging=charging)
        else:
            if to == creature.square:
                raise IllegalAction("no-move", f"The {creature.name} is already on {square_name(to)}.")
            found = shortest_path(self.grid, me, to, others, state, self.rules, charging=charging)
        return PlannedPath(creature.square, list(found.squares), found.cost, found.diag_count_after, list(found.steps))

    def reachable(self, creature: Creature, diag_count: int, budget: int) -> list[XY]:
        return sorted(self.reachable_costs(creature, diag_count, budget))

    def reachable_costs(self, creature: Creature, diag_count: int, budget: int) -> dict[XY, int]:
        table = reachable(self.grid, self.body(creature), self.others(creature),
                          PathState(diag_count=diag_count), self.rules, budget)
        return {sq: cost for sq, cost in table.items() if sq != creature.square}

    def walk(self, rng: Rng, creature: Creature, path: PlannedPath, turn: Activation, events: list[Event],
             *, step_hook=None, provokes: bool = True) -> PlannedPath:
        """Move along a planned path one square at a time, pausing for attacks of opportunity.

        Leaving a square threatened by an enemy provokes one melee attack from that enemy
        (at most one per enemy per turn). If the mover is destroyed or routs, it stops there.
        ``step_hook(creature, square, index)`` runs after each step (spike stones...) and
        returns False to stop. Returns the part of the path actually walked.
        """
        previous, self.turn = self.turn, turn
        walked: list[XY] = []
        segment: list[XY] = [path.start]
        spent = segment_cost = 0
        here = path.start
        was_routing = creature.routed

        def report_segment() -> None:
            # One line per stretch of movement, so attacks of opportunity read in order.
            if len(segment) > 1:
                events.append(Event(kind="move", seat=creature.side,
                                    text=f"The {creature.name} moves " + " → ".join(square_name(s) for s in segment)
                                    + f" ({segment_cost} square{'s' if segment_cost != 1 else ''}).",
                                    data={"creature": creature.id, "path": [list(s) for s in segment],
                                          "cost": segment_cost}))

        try:
            for index, (square, cost) in enumerate(zip(path.squares, path.steps)):
                threats = []
                if provokes and not (creature.card.fly and (index > 0 or turn.moved > 0) and not creature.routed):
                    threats = [e for e in self.threateners(creature, here) if e.id not in turn.opportunity_attackers]
                if threats:
                    report_segment()
                    segment, segment_cost = [here], 0
                for enemy in threats:
                    turn.opportunity_attackers.append(enemy.id)
                    events.append(Event(kind="opportunity", seat=enemy.side,
                                        text=f"The {creature.name} leaves {square_name(here)}, next to the "
                                        f"{enemy.name}: attack of opportunity."))
                    self.melee_attack(rng, enemy, creature, self.best_melee_entry(enemy), events, opportunity=True)
                    if not creature.on_board or creature.routed != was_routing or not self._can_keep_moving(creature):
                        break
                if not creature.on_board or creature.routed != was_routing or not self._can_keep_moving(creature):
                    break
                creature.square = square
                walked.append(square)
                segment.append(square)
                spent += cost
                segment_cost += cost
                here = square
                if step_hook is not None and step_hook(creature, square, index) is False:
                    break
            report_segment()
        finally:
            self.turn = previous
        diag_after = path.diag_count_after if len(walked) == len(path.squares) else self._diag_count(path, walked, turn)
        return PlannedPath(path.start, walked, spent, diag_after, list(path.steps[: len(walked)]))

    @staticmethod
    def _can_keep_moving(creature: Creature) -> bool:
        return not (creature.helpless or creature.has("stunned"))

    @staticmethod
    def _diag_count(path: PlannedPath, walked: list[XY], turn: Activation) -> int:
        count = turn.diag_count
        here = path.start
        for square in walked:
            if square[0] != here[0] and square[1] != here[1]:
                count += 1
            here = square
        return count

    # -- attack modifiers -------------------------------------------------------------------------
    def flanking_partner(self, attacker: Creature, defender: Creature) -> Creature | None:
        """A creature that threatens the defender from the opposite side (§12.4)."""
        if self.immune(defender, "flanking") or self.has_ability(defender, "Immune Flanking"):
            return None
        for helper in self.on_board():
            if helper.id in (attacker.id, defender.id) or not self.hostile(helper, defender):
                continue
            if not self.partner_allowed(attacker, helper):
                continue
            if not self.threatens(helper, defender):
                continue
            if flanked(self.grid, attacker.squares, helper.squares, defender.squares):
                return helper
        return None

    def partner_allowed(self, attacker: Creature, helper: Creature) -> bool:
        """War Drums: the helper is the attacker's ally. (Starter A-14 widens it.)"""
        return not self.hostile(attacker, helper)

    def melee_setup(self, attacker: Creature, defender: Creature, *, charging: bool = False) -> AttackSetup:
        """The melee modifier table (§10.7)."""
        setup = AttackSetup(defence=self.defence(defender))
        if charging:
            setup.attack_modifiers.append(("charging", 2))
        if self.flanking_partner(attacker, defender) is not None:
            setup.attack_modifiers.append(("flanking", 2))
        attacker_seen = self.can_see(defender, attacker)
        if not attacker_seen and not self._sees_without_sight(defender):
            setup.attack_modifiers.append(("unseen attacker", 2))
        if defender.has("stunned"):
            setup.ac_modifiers.append(("stunned", -2))
        if melee_cover(self.grid, self.body(attacker), self.body(defender)):
            setup.ac_modifiers.append(("cover", 4))
        if defender.helpless:
            setup.auto_hit = True
            setup.double_damage = True
        setup.crit_immune = self.immune(defender, "critical hits")
        conceal = self.ability_value(defender, "Conceal") or 0
        if not self.can_see(attacker, defender):
            conceal = max(conceal, 11)
        setup.conceal = conceal
        setup.conceal_rolls = 2 if self.has_ability(attacker, "Blindfight") else 1
        setup.conceal_auto = self.has_ability(attacker, "Blindsight")
        setup.incorporeal = (self.has_ability(defender, "Incorporeal")
                             and not self.has_ability(attacker, "Incorporeal"))
        self.terrain_setup(attacker, setup, melee=True)
        return setup

    def ranged_setup(self, attacker: Creature, defender: Creature) -> AttackSetup:
        """The ranged modifier table (§10.7, §11.3, §11.4)."""
        setup = AttackSetup(defence=self.defence(defender))
        others = [c.squares for c in self.on_board() if c.id not in (attacker.id, defender.id)]
        if has_cover(self.grid, attacker.squares, defender.squares, others):
            setup.ac_modifiers.append(("cover", 4))
        if not self.has_ability(attacker, "Precise Shot") and self.in_melee_with_allies_of(defender, attacker):
            setup.ac_modifiers.append(("in melee", 4))
        if defender.has("stunned"):
            setup.ac_modifiers.append(("stunned", -2))
        if not self.can_see(defender, attacker) and not self._sees_without_sight(defender):
            setup.attack_modifiers.append(("unseen attacker", 2))
        if defender.helpless:
            setup.attack_modifiers.append(("helpless target", 4))
        setup.crit_immune = self.immune(defender, "critical hits")
        setup.conceal = self.ability_value(defender, "Conceal") or 0
        setup.conceal_auto = self.has_ability(attacker, "Blindsight")
        setup.incorporeal = (self.has_ability(defender, "Incorporeal")
                             and not self.has_ability(attacker, "Incorporeal"))
        self.terrain_setup(attacker, setup, melee=False)
        return setup

    def _sees_without_sight(self, creature: Creature) -> bool:
        # Blindfight/Blindsight: attackers it cannot see get no bonus against it (AMB-9).
        return self.has_ability(creature, "Blindfight") or self.has_ability(creature, "Blindsight")

    def in_melee_with_allies_of(self, target: Creature, attacker: Creature) -> bool:
        """Shooting into melee (§11.4): the target threatens an ally of the attacker, or an ally
        of the attacker threatens the target."""
        for ally in self.allies_of(attacker):
            if self.threatens(target, ally) or self.threatens(ally, target):
                return True
        return False

    def terrain_setup(self, attacker: Creature, setup: AttackSetup, *, melee: bool) -> None:
        """Sacred circle, blood rock and risky terrain under the attacker (§18)."""
        kinds = {k for sq in attacker.squares for k in self.grid.terrain_at(sq)}
        if "sacred_circle" in kinds:
            setup.attack_modifiers.append(("sacred circle", 2))
            setup.magic = True
        if melee and "blood_rock" in kinds:
            setup.critical_range = 19
        if melee and "risky" in kinds:
            setup.damage_modifiers.append(("risky terrain", 5))

    # -- targets ----------------------------------------------------------------------------------
    def nearest_visible(self, creature: Creature, candidates: list[Creature], limit: int | None = None) -> list[Creature]:
        """The nearest of ``candidates`` the creature can see (ties all returned)."""
        seen = [(self.distance(creature, c), c) for c in candidates if self.can_see(creature, c)]
        if limit is not None:
            seen = [(d, c) for d, c in seen if d <= limit]
        if not seen:
            return []
        best = min(d for d, _ in seen)
        return [c for d, c in seen if d == best]

    def best_melee_entry(self, creature: Creature) -> int:
        """The entry an attack of opportunity uses: the highest bonus (one attack only)."""
        entries = creature.card.melee
        return max(range(len(entries)), key=lambda i: (entries[i].bonus, entries[i].damage, -i))

    # -- attacks ----------------------------------------------------------------------------------
    def melee_attack(self, rng: Rng, attacker: Creature, defender: Creature, entry_index: int,
                     events: list[Event], *, opportunity: bool, charging: bool = False) -> AttackOutcome:
        ctx = AttackContext(attacker=attacker, defender=defender, entry=attacker.card.melee[entry_index],
                            melee=True, opportunity=opportunity, enemies_adjacent_to=self.enemies_adjacent_to)
        setup = self.melee_setup(attacker, defender, charging=charging)
        self.adjust_setup(attacker, defender, setup, melee=True)
        outcome = resolve_attack(rng, ctx, setup=setup)
        events.extend(outcome.events)
        self.after_attack_roll(attacker, defender, outcome)
        if outcome.hit and outcome.damage:
            self.damage(rng, defender, outcome.damage, events, source=attacker)
        return outcome

    def ranged_attack(self, rng: Rng, attacker: Creature, defender: Creature, entry_index: int,
                      events: list[Event]) -> AttackOutcome:
        ctx = AttackContext(attacker=attacker, defender=defender, entry=attacker.card.ranged[entry_index],
                            melee=False, opportunity=False, enemies_adjacent_to=self.enemies_adjacent_to)
        setup = self.ranged_setup(attacker, defender)
        self.adjust_setup(attacker, defender, setup, melee=False)
        outcome = resolve_attack(rng, ctx, setup=setup)
        events.extend(outcome.events)
        self.after_attack_roll(attacker, defender, outcome)
        if outcome.hit and outcome.damage:
            self.damage(rng, defender, outcome.damage, events, source=attacker)
        return outcome

    def damage(self, rng: Rng, creature: Creature, amount: int, events: list[Event],
               source: Creature | None = None) -> None:
        """Take hit points away, then destruction or the half-HP morale save (§10.6)."""
        before = creature.hp
        creature.hp -= amount
        events.append(Event(kind="hp", seat=creature.side,
                            text=f"The {creature.name}: {before} → {max(creature.hp, 0)} HP.",
                            data={"creature": creature.id, "hp": creature.hp}))
        if amount > 0 and creature.has("asleep"):
            creature.remove_condition("asleep")
            events.append(Event(kind="wakes", seat=creature.side, text=f"The {creature.name} wakes up."))
        if amount > 0:
            self.on_damaged(creature, source)
        if creature.hp <= 0:
            creature.destroyed = True
            events.append(Event(kind="destroyed", seat=creature.side, text=f"The {creature.name} is destroyed."))
            self.on_destroyed(rng, creature, source, events)
            return
        if creature.bloodied and not creature.morale_checked:
            creature.morale_checked = True  # spent even while routing (A-07)
            if not creature.routed:
                self.morale_check(rng, creature, events, cause=source)

    def morale_check(self, rng: Rng, creature: Creature, events: list[Event], cause: Creature | None = None,
                     *, rally: bool = False, extra: int = 0, fearless_applies: bool = True) -> bool:
        """A morale save (§15.1); on a failure the creature routs (and the mode moves it)."""
        if fearless_applies and self.fearless(creature):
            events.append(Event(kind="morale_save", seat=creature.side,
                                text=f"The {creature.name} is fearless: its morale holds.", data={"passed": True}))
            return True
        passed, event = morale_save(rng, creature.name, creature.card.level or 0, creature.side,
                                    self.morale_bonus(creature), self.save_modifiers(creature) +
                                    ([("bonus", extra)] if extra else []))
        events.append(event)
        if not passed and not rally:
            self.rout(rng, creature, events, cause=cause)
        return passed

    def rout(self, rng: Rng, creature: Creature, events: list[Event], cause: Creature | None = None) -> None:
        creature.routed = True
        creature.rout_caused_by = cause.id if cause is not None else None
        creature.rout_caused_seat = cause.side if cause is not None else None
        creature.rout_turn = self.turn.serial if self.turn is not None else None
        events.append(Event(kind="routed", seat=creature.side, text=f"The {creature.name} routs!",
                            data={"creature": creature.id}))
        self.after_rout(rng, creature, events)

    # -- hooks a mode overrides -------------------------------------------------------------------
    def morale_bonus(self, creature: Creature) -> int:
        """The commander rating added to a morale save (none in the Quick Start Battle)."""
        return 0

    def save_modifiers(self, creature: Creature) -> list[tuple[str, int]]:
        return []

    def adjust_setup(self, attacker: Creature, defender: Creature, setup: AttackSetup, *, melee: bool) -> None:
        """Spell, commander and ability modifiers of a mode."""

    def after_attack_roll(self, attacker: Creature, defender: Creature, outcome: AttackOutcome) -> None:
        """E.g. the stalemate counter."""

    def on_damaged(self, creature: Creature, source: Creature | None) -> None:
        """E.g. the stalemate counter."""

    def after_rout(self, rng: Rng, creature: Creature, events: list[Event]) -> None:
        """The rout move (none in the Quick Start Battle: a rout ends it)."""

    def on_destroyed(self, rng: Rng, creature: Creature, source: Creature | None, events: list[Event]) -> None:
        """Victory points and death triggers."""
