"""The D&D Miniatures battlefield: creatures on a grid map, and what happens between them.

Sight (invisibility, blindness, fog), threat and its exemptions, attacks of opportunity,
flanking, melee and ranged cover, shooting into melee, nearest-enemy targeting, melee and
ranged attacks and the damage that follows (destruction, the half-HP morale save). Every mode
of the game (Quick Start and the full skirmish rules of both editions) uses this one class;
geometry comes from :mod:`engine.grid`. A mode refines it by overriding the few hooks at the
bottom (commander bonus to morale, what a rout does, what a destruction scores).
"""

from __future__ import annotations

from dataclasses import dataclass, field

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
from engine.rulesets.dnd_minis.abilities import AttackContext, hooks
from engine.rulesets.dnd_minis.abilities.base import MoveContext
from engine.rulesets.dnd_minis.activation import Activation
from engine.rulesets.dnd_minis.combat import AttackOutcome, AttackSetup, morale_save, resolve_attack
from engine.rulesets.dnd_minis.creature import Creature
from engine.core.text import _, ngettext

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
    shapes: list[tuple[int, int]] = field(default_factory=list)  # the block per step (squeezing)


class Battlefield:
    """A view over a map and the creatures on it. Changes the creatures it was given.

    ``teams`` maps a seat to its team (allies are the same seat or the same team).
    """

    def __init__(self, grid: GridMap, creatures: dict[str, Creature], rules: MoveRules = MINIS_MOVE_RULES,
                 teams: dict[str, str] | None = None):
        self.grid = grid
        self.roster = creatures
        self.move_rules = rules
        self.teams = teams or {}
        self.turn: Activation | None = None  # the turn in progress (AoO limits, rout causers)

    # -- sides ------------------------------------------------------------------------------------
    def team(self, seat: str) -> str:
        return self.teams.get(seat) or seat

    def hostile(self, a: Creature, b: Creature) -> bool:
        """Enemies: different teams. A confused creature an opponent controls this turn counts
        on its controller's side (its owner's creatures may strike it)."""
        return self.team(a.controller or a.side) != self.team(b.controller or b.side)

    def on_board(self) -> list[Creature]:
        return [c for c in self.roster.values() if c.on_board]

    def enemies_of(self, creature: Creature) -> list[Creature]:
        return [c for c in self.on_board() if self.hostile(creature, c)]

    def allies_of(self, creature: Creature) -> list[Creature]:
        return [c for c in self.on_board() if c.id != creature.id and not self.hostile(creature, c)]

    # -- traits: asked of the abilities package -----------------------------------------------
    def immune(self, creature: Creature, what: str) -> bool:
        return hooks.immune(creature, what, self)

    # -- geometry ---------------------------------------------------------------------------------
    def body(self, creature: Creature, at: XY | None = None, *, burrowing: bool = False) -> Body:
        """The creature's space on the grid; ``burrowing``: moving underground (Burrow, War
        Drums §8.5), which is neither flying nor incorporeal."""
        traits = hooks.move_traits(creature, self)
        here = at is None or at == creature.square
        return Body(id=creature.id, side=self.team(creature.side), anchor=at or creature.square,
                    name=creature.name, size=creature.card.size, flying=traits.flies and not burrowing,
                    shape=creature.shape if here else None, burrowing=burrowing,
                    incorporeal=traits.incorporeal and not burrowing, helpless=hooks.is_helpless(creature, self),
                    blind=traits.speed_multiplier_halved, active=hooks.is_active(creature, self))

    def others(self, creature: Creature) -> list[Body]:
        return [self.body(c) for c in self.roster.values() if c.id != creature.id and c.on_board]

    def adjacent(self, a: Creature, b: Creature) -> bool:
        return a.on_board and b.on_board and adjacent(self.grid, self.body(a), self.body(b))

    def distance(self, a: Creature, b: Creature) -> int:
        """Range distance (§8.6): 1-2-1-2 between the closest squares, walls ignored."""
        return space_distance(a.squares, b.squares)

    def enemies_adjacent_to(self, creature: Creature, at: XY | None = None) -> list[Creature]:
        me = self.body(creature, at)
        return [c for c in self.roster.values()
                if self.hostile(creature, c) and c.on_board and adjacent(self.grid, me, self.body(c))]

    # -- sight ------------------------------------------------------------------------------------
    def can_see(self, viewer: Creature, target: Creature, *, target_at: XY | None = None) -> bool:
        """LoS plus fog, invisibility and blindness (§9, §18.3, §20.2). Blindsight ignores them."""
        if not viewer.on_board or not target.on_board:
            return False
        squares = self.body(target, target_at).squares
        return hooks.visible(viewer, target, grid_can_see(self.grid, viewer.squares, squares), self)

    # -- threat -----------------------------------------------------------------------------------
    def threatens(self, threatener: Creature, creature: Creature, at: XY | None = None) -> bool:
        """An active enemy threatens every square adjacent to its space (§12.1), and with Melee
        Reach N and the ``reach_threatens`` setting every square within N it has a line of
        sight to, counted like range (War Drums AMB-17)."""
        if not hooks.threatens(threatener, self) or not self.hostile(threatener, creature):
            return False
        body = self.body(creature, at)
        if adjacent(self.grid, self.body(threatener), body):
            return True
        reach = hooks.threat_reach(threatener, self)
        return (reach > 1 and space_distance(threatener.squares, body.squares) <= reach
                and grid_can_see(self.grid, threatener.squares, body.squares))

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
        for enemy in self.enemies_of(creature):  # adjacent ones, and reach (AMB-17)
            if not self.threatens(enemy, creature, at):
                continue
            if not hooks.can_make_aoo(enemy, creature, self):
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
                  *, charging: bool = False, passable: frozenset[str] = frozenset(),
                  burrowing: bool = False) -> PlannedPath:
        """The path a move command asks for: spelled out square by square, or the cheapest one.

        ``passable``: creatures it may move through this time (Trample); it may not stop on them.
        ``burrowing``: underground (Burrow, War Drums §8.5): through walls and enemies, ignoring
        surface terrain, but ending in a legal space.
        """
        if not creature.on_board:
            raise IllegalAction("not-on-board", _('The {creature} is not on the battlefield.',
                                                  creature=creature.name))
        state = PathState(diag_count=diag_count)
        others = [b for b in self.others(creature) if b.id not in passable]
        me = self.body(creature, burrowing=burrowing)
        if path:
            found = validate_path(self.grid, me, list(path), others, state, self.move_rules, budget=10_000,
                                  charging=charging)
        else:
            if to == creature.square:
                raise IllegalAction("no-move", _('The {creature} is already on {square}.',
                                                 creature=creature.name, square=square_name(to)))
            found = shortest_path(self.grid, me, to, others, state, self.move_rules, charging=charging)
        planned = PlannedPath(creature.square, list(found.squares), found.cost, found.diag_count_after,
                              list(found.steps), list(found.shapes))
        if passable and planned.squares:
            end = set(self.body(creature, planned.squares[-1]).squares)
            for c in self.on_board():
                if c.id in passable and end & set(c.squares):
                    raise IllegalAction("occupied", _('The {creature} may pass the {other} but not stop on it.',
                                                      creature=creature.name, other=c.name))
        return planned

    def reachable(self, creature: Creature, diag_count: int, budget: int, *, burrowing: bool = False) -> list[XY]:
        return sorted(self.reachable_costs(creature, diag_count, budget, burrowing=burrowing))

    def reachable_costs(self, creature: Creature, diag_count: int, budget: int, *,
                        burrowing: bool = False) -> dict[XY, int]:
        """Where the creature could stop within ``budget`` squares, with the cheapest cost;
        ``burrowing`` as for :meth:`plan_path`."""
        table = reachable(self.grid, self.body(creature, burrowing=burrowing), self.others(creature),
                          PathState(diag_count=diag_count), self.move_rules, budget)
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
                                    text=ngettext("The {creature} moves {path} ({n} square).", "The {creature} moves {path} ({n} squares).",
                                                  segment_cost, creature=creature.name,
                                                  path=" → ".join(square_name(s) for s in segment)),
                                    data={"creature": creature.id, "path": [list(s) for s in segment],
                                          "cost": segment_cost}))

        try:
            for index, (square, cost) in enumerate(zip(path.squares, path.steps)):
                threats = []
                own = turn.creature == creature.id
                # A step into slowing terrain already counts (Sidestep: "Entrare nel terreno [che]
                # rallenta il movimento impedisce il funzionamento di Passo Laterale", seed 000).
                mode = self.body(creature).move_mode
                entering_slow = own and cost > 1 and any(
                    self.grid.facts(sq, mode).slows for sq in self.body(creature, square).squares)
                move = MoveContext(creature=creature, squares=turn.squares_moved if own else index,
                                   planned=len(path.squares), charging=turn.charged and own,
                                   routing=creature.routed, own_turn=own, slowed=(turn.slowed or entering_slow) and own,
                                   battle=self)
                if provokes and hooks.provokes_aoo(creature, move):
                    threats = [e for e in self.threateners(creature, here) if e.id not in turn.opportunity_attackers]
                if threats:
                    report_segment()
                    segment, segment_cost = [here], 0
                waiting = list(threats)
                while waiting:
                    enemy, takes = self.next_opportunity(creature, here, waiting)
                    waiting.remove(enemy)
                    if not takes:
                        continue
                    turn.opportunity_attackers.append(enemy.id)
                    events.append(Event(kind="opportunity", seat=enemy.side,
                                        text=_('The {creature} leaves {square}, next to the {enemy}: attack of '
                                               'opportunity.',
                                               creature=creature.name, square=square_name(here), enemy=enemy.name)))
                    self.melee_attack(rng, enemy, creature, self.opportunity_entry(enemy, creature), events,
                                      opportunity=True)
                    if not creature.on_board or creature.routed != was_routing or not self._can_keep_moving(creature):
                        break
                if not creature.on_board or creature.routed != was_routing or not self._can_keep_moving(creature):
                    break
                creature.square = square
                shape = path.shapes[index] if index < len(path.shapes) else None
                creature.squeeze = (square, shape) if shape and shape != (creature.span, creature.span) else None
                walked.append(square)
                if turn.creature == creature.id:
                    turn.squares_moved += 1
                    if cost > 1 and any(self.grid.facts(sq, self.body(creature).move_mode).slows
                                        for sq in self.body(creature).squares):
                        turn.slowed = True
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
        return PlannedPath(path.start, walked, spent, diag_after, list(path.steps[: len(walked)]),
                           list(path.shapes[: len(walked)]))

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
        """A creature that threatens the defender from the opposite side (§12.4); immunity to
        flanking is the hooks' to apply."""
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

    def attack_context(self, attacker: Creature, defender: Creature, entry_index: int, *, melee: bool,
                       opportunity: bool = False, charging: bool = False, declared=frozenset(),
                       earlier_hits: tuple[str, ...] = (), entry=None) -> AttackContext:
        """``entry``: an attack printed on an ability instead of the card's entry (Leap)."""
        entries = attacker.card.melee if melee else attacker.card.ranged
        if entry is None:
            entry = entries[entry_index]
        return AttackContext(
            attacker=attacker, defender=defender, entry=entry, melee=melee,
            opportunity=opportunity, battle=self, charging=charging,
            enemies_adjacent_to=self.enemies_adjacent_to,
            flanking=melee and self.flanking_partner(attacker, defender) is not None,
            entry_index=entry_index, declared=frozenset(declared), earlier_hits=tuple(earlier_hits),
            attacker_sees_defender=self.can_see(attacker, defender),
            defender_sees_attacker=self.can_see(defender, attacker),
            distance=self.distance(attacker, defender))

    def melee_setup(self, ctx: AttackContext) -> AttackSetup:
        """The situational melee modifiers (§10.7); ability parts come from the hooks."""
        setup = AttackSetup()
        if ctx.charging:
            setup.attack_modifiers.append((_("charging"), 2))
        if hooks.flanking_applies(ctx):
            setup.attack_modifiers.append((_("flanking"), 2))
        if hooks.unseen_bonus_applies(ctx):
            setup.attack_modifiers.append((_("unseen attacker"), 2))
        if melee_cover(self.grid, self.body(ctx.attacker), self.body(ctx.defender)):
            setup.ac_modifiers.append((_("cover"), 4))
        self.terrain_setup(ctx.attacker, setup, melee=True)
        self.squeeze_setup(ctx, setup)
        return setup

    def ranged_setup(self, ctx: AttackContext) -> AttackSetup:
        """The situational ranged modifiers (§10.7, §11.3, §11.4)."""
        attacker, defender = ctx.attacker, ctx.defender
        setup = AttackSetup()
        others = [c.squares for c in self.on_board() if c.id not in (attacker.id, defender.id)]
        if has_cover(self.grid, attacker.squares, defender.squares, others):
            setup.ac_modifiers.append((_("cover"), 4))
        if not hooks.ignores_in_melee_penalty(ctx) and self.in_melee_with_allies_of(defender, attacker):
            setup.ac_modifiers.append((_("in melee"), 4))
        if hooks.unseen_bonus_applies(ctx):
            setup.attack_modifiers.append((_("unseen attacker"), 2))
        if hooks.is_helpless(defender, self):
            setup.attack_modifiers.append((_("helpless target"), 4))
        self.terrain_setup(attacker, setup, melee=False)
        self.squeeze_setup(ctx, setup)
        return setup

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
            setup.attack_modifiers.append((_("sacred circle"), 2))
            setup.magic = True
        if melee and "blood_rock" in kinds:
            setup.critical_range = 19
        if melee and "risky" in kinds:
            setup.damage_modifiers.append((_("risky terrain"), 5))

    def squeeze_setup(self, ctx: AttackContext, setup: AttackSetup) -> None:
        """A squeezed attacker takes -N on the attack roll, a squeezed defender -N AC (Skirmish §10.5)."""
        penalty = self.squeeze_penalty()
        if penalty and ctx.attacker.squeezed:
            setup.attack_modifiers.append((_("squeezing"), -penalty))
        if penalty and ctx.defender.squeezed:
            setup.ac_modifiers.append((_("squeezed"), -penalty))

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

    def ask(self, seat: str, key: str, question: str, options: list[str]) -> str:
        """A choice the rules give ``seat``; rulesets that can ask their players override this
        (engine.core.decisions). Without one, the first option is the default."""
        return options[0]

    def next_opportunity(self, mover: Creature, here: XY, waiting: list[Creature]) -> tuple[Creature, bool]:
        """Of the enemies entitled to strike ``mover`` as it leaves ``here``, the one that
        strikes next and whether it takes its attack; a ruleset with players to ask overrides."""
        return waiting[0], True

    def opportunity_entry(self, attacker: Creature, mover: Creature) -> int:
        """The melee entry an attack of opportunity uses (rulesets may let the player pick)."""
        return self.best_melee_entry(attacker)

    def best_melee_entry(self, creature: Creature) -> int:
        """The entry an attack of opportunity uses: the highest bonus (one attack only)."""
        entries = creature.card.melee
        return max(range(len(entries)), key=lambda i: (entries[i].bonus, entries[i].damage, -i))

    # -- attacks ----------------------------------------------------------------------------------
    def melee_attack(self, rng: Rng, attacker: Creature, defender: Creature, entry_index: int,
                     events: list[Event], *, opportunity: bool, charging: bool = False,
                     declared=frozenset(), entry=None) -> AttackOutcome:
        ctx = self.attack_context(attacker, defender, entry_index, melee=True, opportunity=opportunity,
                                  charging=charging, declared=declared, earlier_hits=self.earlier_hits(attacker),
                                  entry=entry)
        return self._resolve(rng, ctx, self.melee_setup(ctx), events)

    def ranged_attack(self, rng: Rng, attacker: Creature, defender: Creature, entry_index: int,
                      events: list[Event], declared=frozenset()) -> AttackOutcome:
        ctx = self.attack_context(attacker, defender, entry_index, melee=False, declared=declared)
        setup = self.ranged_setup(ctx)
        catcher = hooks.ranged_redirect(ctx)
        if catcher is not None and catcher.id != defender.id:
            # Arrow Catching Shield: the shield-bearer takes it; sight, range and cover stay the
            # original target's (AMB-33).
            events.append(Event(kind="note", seat=catcher.side,
                                text=_('The {catcher} catches the shot meant for the {defender}.',
                                       catcher=catcher.name, defender=defender.name)))
            ctx = self.attack_context(attacker, catcher, entry_index, melee=False, declared=declared)
        return self._resolve(rng, ctx, setup, events)

    def _resolve(self, rng: Rng, ctx: AttackContext, setup: AttackSetup, events: list[Event]) -> AttackOutcome:
        self.adjust_setup(ctx, setup)
        outcome = resolve_attack(rng, ctx, setup=setup)
        events.extend(outcome.events)
        self.after_attack_roll(ctx, outcome)
        if outcome.hit and outcome.damage:
            self.damage(rng, ctx.defender, outcome.damage, events, source=ctx.attacker, attack=ctx)
        if outcome.hit:
            self.after_hit(rng, ctx, outcome, events)
        return outcome

    def earlier_hits(self, attacker: Creature) -> tuple[str, ...]:
        turn = self.turn
        return tuple(turn.hits) if turn is not None and turn.creature == attacker.id else ()

    def damage(self, rng: Rng, creature: Creature, amount: int, events: list[Event],
               source: Creature | None = None, attack: AttackContext | None = None) -> None:
        """Take hit points away, then destruction or the half-HP morale save (§10.6)."""
        before = creature.hp
        creature.hp -= amount
        events.append(Event(kind="hp", seat=creature.side,
                            text=_('The {creature}: {before} → {max} HP.',
                                   creature=creature.name, before=before, max=max(creature.hp, 0)),
                            data={"creature": creature.id, "hp": creature.hp}))
        if amount > 0:
            self.on_damaged(rng, creature, amount, source, events)
        if creature.hp <= 0:
            self.on_destroyed(rng, creature, source, events, attack)
            creature.destroyed = True
            events.append(Event(kind="destroyed", seat=creature.side, text=_('The {creature} is destroyed.',
                                                                             creature=creature.name),
                                data={"creature": creature.id}))
            self.after_destroyed(rng, creature, source, events)
            return
        if creature.bloodied and not creature.morale_checked:
            creature.morale_checked = True  # spent even while routing
            if not creature.routed:
                self.morale_check(rng, creature, events, cause=source)

    def morale_check(self, rng: Rng, creature: Creature, events: list[Event], cause: Creature | None = None,
                     *, rally: bool = False, against: str = "half hit points", bonus: int = 0) -> bool:
        """A morale save (§15.1); on a failure the creature routs (and the mode moves it)."""
        passed, event = morale_save(rng, creature, self.morale_bonus(creature), battle=self, against=against,
                                    rally=rally, bonus=bonus)
        events.append(event)
        if not passed and not rally:
            self.rout(rng, creature, events, cause=cause)
        return passed

    def rout(self, rng: Rng, creature: Creature, events: list[Event], cause: Creature | None = None) -> None:
        creature.routed = True
        creature.rout_caused_by = cause.id if cause is not None else None
        creature.rout_caused_seat = cause.side if cause is not None else None
        creature.rout_turn = self.turn.serial if self.turn is not None else None
        events.append(Event(kind="routed", seat=creature.side, text=_('The {creature} routs!',
                                                                      creature=creature.name),
                            data={"creature": creature.id}))
        self.after_rout(rng, creature, events)

    # -- hooks a mode overrides -------------------------------------------------------------------
    def squeeze_penalty(self) -> int:
        """Attack and AC penalty while squeezed: none where a move never ends squeezed (War Drums §8.3)."""
        return 0

    def morale_bonus(self, creature: Creature) -> int:
        """The commander rating added to a morale save (none in the Quick Start Battle)."""
        return 0

    def adjust_setup(self, ctx: AttackContext, setup: AttackSetup) -> None:
        """Settings of a mode that change an attack (e.g. AMB-70 off)."""

    def after_attack_roll(self, ctx: AttackContext, outcome: AttackOutcome) -> None:
        """E.g. the stalemate counter."""

    def after_hit(self, rng: Rng, ctx: AttackContext, outcome: AttackOutcome, events: list[Event]) -> None:
        """On-hit riders (poison, stun...): the full rules run the abilities' outcomes."""

    def on_damaged(self, rng: Rng, creature: Creature, amount: int, source: Creature | None,
                   events: list[Event]) -> None:
        """Any damage: e.g. sleep ends, the stalemate counter."""

    def after_rout(self, rng: Rng, creature: Creature, events: list[Event]) -> None:
        """The rout move (none in the Quick Start Battle: a rout ends it)."""

    def on_destroyed(self, rng: Rng, creature: Creature, source: Creature | None, events: list[Event],
                     attack: AttackContext | None = None) -> None:
        """Death triggers, asked before the creature leaves the board."""

    def after_destroyed(self, rng: Rng, creature: Creature, source: Creature | None, events: list[Event]) -> None:
        """Victory points."""

    # -- the Battle protocol (what abilities may ask) ---------------------------------------------
    def creatures(self) -> list[Creature]:
        return self.on_board()

    def is_ally(self, a: Creature, b: Creature) -> bool:
        return a.id != b.id and not self.hostile(a, b)

    def allies_adjacent_to(self, creature: Creature) -> list[Creature]:
        return [c for c in self.allies_of(creature) if self.adjacent(creature, c)]

    def allies_within(self, creature: Creature, squares: int) -> list[Creature]:
        return [c for c in self.allies_of(creature) if self.distance(creature, c) <= squares]

    def enemies_within(self, creature: Creature, squares: int) -> list[Creature]:
        return [c for c in self.enemies_of(creature) if self.distance(creature, c) <= squares]

    def in_command(self, creature: Creature) -> bool:
        return True

    def commanders_of(self, creature: Creature) -> list[Creature]:
        return []

    def has_cover_from(self, creature: Creature, other: Creature, *, ignore_creatures: bool = False) -> bool:
        others = [] if ignore_creatures else [c.squares for c in self.on_board() if c.id not in (creature.id, other.id)]
        return has_cover(self.grid, other.squares, creature.squares, others)

    def flanked(self, attacker: Creature, defender: Creature) -> bool:
        return self.flanking_partner(attacker, defender) is not None
