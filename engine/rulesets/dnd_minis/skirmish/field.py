"""The skirmish battlefield: the shared :class:`Battlefield` plus command, routs, exits, VP.

It also answers the questions abilities may ask (the ``Battle`` protocol of the abilities
package): allies, distances, sight, command.
"""

from __future__ import annotations

from engine.core import Event, Rng
from engine.core.decisions import decide
from engine.grid import (
    MoveRules, PathState, reachable, shortest_path, shortest_paths, space_distance, square_name,
)
from engine.rulesets.dnd_minis.abilities import hooks
from engine.rulesets.dnd_minis.abilities.damage import card_factions
from engine.rulesets.dnd_minis.activation import Activation
from engine.rulesets.dnd_minis.battlefield import MINIS_MOVE_RULES, Battlefield, PlannedPath
from engine.rulesets.dnd_minis.combat import AttackOutcome, AttackSetup
from engine.rulesets.dnd_minis.creature import Creature
from engine.rulesets.dnd_minis.skirmish import command
from engine.rulesets.dnd_minis.skirmish.orders import asks_aoo, declines_aoo
from engine.rulesets.dnd_minis.skirmish.state import SkirmishState
from engine.core.text import _, join, commas
from engine.grid.terrain import kinds_said

XY = tuple[int, int]

# Starter §10.5 / A-44: nothing forbids ending a move squeezed; the creature keeps the -4
# penalties until it is back in its full space. (War Drums §8.3: it must end where it fits.)
# Seed 000 Flight: "può muoversi e anche caricare attraverso quadretti occupati da altre
# creature" (War Drums, seed 002, grants it only when charging).
# Seed 000 Incorporeal passes enemies only ("può attraversare le creature nemiche"): no charge
# through its allies, unlike seed 002.
STARTER_MOVE_RULES = MoveRules.minis(squeezed_may_end=True, flying_passes_creatures=True,
                                     incorporeal_charge_passes_allies=False)


class SkirmishField(Battlefield):
    def __init__(self, state: SkirmishState, rules: MoveRules | None = None):
        if rules is None:
            rules = STARTER_MOVE_RULES if state.rules.starter else MINIS_MOVE_RULES
        super().__init__(state.map, state.creatures, rules, teams=state.teams())
        self.state = state
        self.rules = state.rules  # the game's settings (movement rules are self.move_rules)
        self.turn = state.activation

    # -- the Battle protocol: command is measured here -------------------------------------------
    def allies_within(self, creature: Creature, squares: int) -> list[Creature]:
        return [c for c in self.allies_of(creature) if command.command_distance(self, creature, c, squares) is not None]

    def enemies_within(self, creature: Creature, squares: int) -> list[Creature]:
        return [c for c in self.enemies_of(creature) if command.command_distance(self, creature, c, squares) is not None]

    def in_command(self, creature: Creature) -> bool:
        return command.in_command(self, creature)

    def commanders_of(self, creature: Creature) -> list[Creature]:
        return command.commanders_of(self, creature)

    def faction_of(self, creature: Creature) -> list[str]:
        """The factions whose alignment keywords (good, evil, lawful, chaotic) the creature has:
        its warband's faction, whatever its card shows (War Drums §4.1; skirmish §4.2; a
        summoned creature is in its summoner's warband, skirmish §4.4); with no warband faction
        (Out of the Box, Limited) its card's own (§22.2; skirmish §4.3)."""
        player = self.state.players.get(creature.side)
        if self.rules.factions and player is not None and player.faction:
            return [player.faction]
        return card_factions(creature.card.factions)

    # -- squares next to a creature, charge lanes -------------------------------------------------
    def adjacent_square(self, creature: Creature, square: XY) -> bool:
        from engine.grid import adjacent as grid_adjacent
        return grid_adjacent(self.grid, creature.squares, [square])

    def adjacent_at(self, creature: Creature, anchor: XY, other: Creature) -> bool:
        from engine.grid import adjacent as grid_adjacent
        return grid_adjacent(self.grid, self.body(creature, anchor).squares, other.squares)

    def anchors_adjacent_to(self, creature: Creature, target: Creature) -> list[XY]:
        """Anchors where the creature's space would be adjacent to ``target`` (not overlapping it)."""
        span = creature.span
        xs = [s[0] for s in target.squares]
        ys = [s[1] for s in target.squares]
        out = []
        for y in range(min(ys) - span, max(ys) + 2):
            for x in range(min(xs) - span, max(xs) + 2):
                squares = self.body(creature, (x, y)).squares
                if not all(self.grid.in_bounds(sq) and not self.grid.is_wall(sq) for sq in squares):
                    continue
                if any(sq in target.squares for sq in squares):
                    continue
                if self.adjacent_at(creature, (x, y), target):
                    out.append((x, y))
        return out

    def path_cost_ignoring_occupants(self, creature: Creature, anchor: XY, target: Creature, *,
                                     burrowing: bool = False) -> int | None:
        """Cheapest path cost to ``anchor`` as if nobody (but the target) stood on that space
        (War Drums AMB-23(d), Skirmish A-18). A charge path unless ``burrowing``: an underground
        rush (Skirmish §17.2) goes by any path, and a burrower never charges (§17.1.9)."""
        from engine.core import IllegalAction
        if anchor == creature.square:
            return 0
        dest = set(self.body(creature, anchor).squares)
        others = [self.body(c) for c in self.on_board()
                  if c.id != creature.id and (c.id == target.id or not dest & set(c.squares))]
        try:
            return shortest_path(self.grid, self.body(creature, burrowing=burrowing), anchor, others, PathState(),
                                 self.move_rules, charging=not burrowing).cost
        except IllegalAction:
            return None

    def free_for(self, creature: Creature, anchor: XY) -> bool:
        from engine.grid import can_end_at
        return can_end_at(self.grid, self.body(creature, anchor), anchor, self.others(creature),
                          self.move_rules) is None

    def charge_lane_blocker(self, creature: Creature, dest: XY, *, starter: bool) -> str | None:
        """What blocks the straight lane of a charge, or None (War Drums §13.4, AMB-23; Skirmish
        §17.1.5, A-16): slowing or blocking terrain, or any creature. War Drums draws the line
        between the centres of the start and end spaces; the starter rules use the convex hull of
        the two spaces. Squares only touched at a corner or along an edge never block."""
        from engine.grid.geometry import convex_hull, interiors_overlap, rect_corners, segment_crosses_rect_interior
        start = set(creature.squares)
        end = self.body(creature, dest).squares
        mode = self.body(creature).move_mode
        # Flight and Incorporeal charge through occupied squares (War Drums §26; skirmish §25):
        # creatures in the lane don't stop them, the end square must still be free.
        over = hooks.move_traits(creature, self).charge_through_creatures
        occupied = {} if over else {sq: c for c in self.on_board() if c.id != creature.id for sq in c.squares}
        span = creature.span
        k = 2
        if starter:
            pts = [(x * k, y * k) for sq in list(start) + end for x, y in
                   ((sq[0], sq[1]), (sq[0] + 1, sq[1]), (sq[0], sq[1] + 1), (sq[0] + 1, sq[1] + 1))]
            hull = convex_hull(pts)

            def crosses(sq):
                return interiors_overlap(hull, rect_corners((sq[0] * k, sq[1] * k, (sq[0] + 1) * k, (sq[1] + 1) * k)))
        else:
            a, b = creature.square, dest
            p = (a[0] * k + span, a[1] * k + span)
            q = (b[0] * k + span, b[1] * k + span)

            def crosses(sq):
                return segment_crosses_rect_interior(p, q, (sq[0] * k, sq[1] * k, (sq[0] + 1) * k, (sq[1] + 1) * k))
        xs = [s[0] for s in list(start) + end]
        ys = [s[1] for s in list(start) + end]
        for y in range(min(ys), max(ys) + 1):
            for x in range(min(xs), max(xs) + 1):
                sq = (x, y)
                if sq in start or not crosses(sq):
                    continue
                if sq in occupied:
                    return _('{square}, where the {creature} stands',
                             square=square_name(sq), creature=occupied[sq].name)
                facts = self.grid.facts(sq, mode)
                if self.grid.is_wall(sq) or facts.impassable or facts.slows or facts.no_end and "statue" in self.grid.terrain_at(sq):
                    kinds = self.grid.terrain_at(sq)
                    return _('{square} ({terrain})', square=square_name(sq),
                             terrain=kinds_said(kinds) if kinds else _('terrain'))
        return None

    def threateners(self, creature: Creature, at: XY) -> list[Creature]:
        """Several threateners strike in this round's play order (Skirmish §13.3); a creature whose
        player has declined attacks of opportunity (/aoo, §13.1 "MAY") lets the mover go."""
        order = self.state.order or [s.id for s in self.state.seats]
        found = [c for c in super().threateners(creature, at) if not declines_aoo(self.state, c)]
        return sorted(found, key=lambda c: order.index(c.side) if c.side in order else len(order))

    def ask(self, seat: str, key: str, question: str, options: list[str]) -> str:
        return decide(self.state, seat, key, question, options)

    def next_opportunity(self, mover: Creature, here: XY, waiting: list[Creature]) -> tuple[Creature, bool]:
        """Several threateners of one player: that player says which strikes first (Skirmish
        §13.3; War Drums §24 — players in play order, each ordering their own creatures). A
        creature under the standing order "ask" (/aoo choice:ask) is asked whether it strikes."""
        seat = waiting[0].controller or waiting[0].side
        group = [c for c in waiting if (c.controller or c.side) == seat]
        answer = self.ask(seat, "aoo-order", _('The {mover} leaves {square} and several of your creatures may '
                                               'make an attack of opportunity. Which strikes next?',
                                               mover=mover.name, square=square_name(here)),
                        [c.id for c in group])
        enemy = next(c for c in group if c.id == answer)
        takes = not asks_aoo(self.state, enemy) or self.ask(
            seat, "aoo-take", _('The {mover} leaves {square}, next to your {enemy}. Attack of opportunity?',
                                mover=mover.name, square=square_name(here), enemy=enemy.name), ["take", "decline"]) == "take"
        return enemy, takes

    def opportunity_entry(self, attacker: Creature, mover: Creature) -> int:
        """It picks which of its melee attacks when they differ (Skirmish §13.3; War Drums §12.3)."""
        entries = attacker.card.melee
        if len({e.describe() for e in entries}) < 2:
            return self.best_melee_entry(attacker)
        listed = join("; ", [join("", [f"{i + 1} = ", e.describe()]) for i, e in enumerate(entries)])
        answer = self.ask(attacker.controller or attacker.side, "aoo-attack",
                        _("The {attacker}'s attack of opportunity on the {mover}: with which attack? ({listed})",
                          attacker=attacker.name, mover=mover.name, listed=listed), [str(i + 1) for i in range(len(entries))])
        return int(answer) - 1

    # -- refinements of the shared battlefield ----------------------------------------------------
    def squeeze_penalty(self) -> int:
        return 4 if self.rules.starter else 0  # starter §10.5: -4 on attack rolls and -4 AC

    def partner_allowed(self, attacker: Creature, helper: Creature) -> bool:
        return self.rules.flanking_partner_any_enemy or not self.hostile(attacker, helper)

    def immune(self, creature: Creature, what: str) -> bool:
        if what == "flanking" and self.rules.constructs_immune_flanking and creature.card.has_type("construct"):
            return True
        return super().immune(creature, what)

    def morale_bonus(self, creature: Creature) -> int:
        return command.morale_rating(self, creature)

    def morale_check(self, rng: Rng, creature: Creature, events: list[Event], cause: Creature | None = None,
                     *, rally: bool = False, against: str = "half hit points", bonus: int = 0) -> bool:
        """Tyrannical Morale (§26): with the setting on, a commander lends its +N; a failed save
        then destroys the creature (VP to the opponent who forced the save)."""
        offers = hooks.tyrannical_offers(creature, self) if self.rules.tyrannical_morale else []
        if not offers:
            return super().morale_check(rng, creature, events, cause, rally=rally, against=against, bonus=bonus)
        commander, n = max(offers, key=lambda o: o[1])
        # The commander *may* choose to lend it (War Drums §26 Tyrannical Morale).
        if self.ask(commander.controller or commander.side, "tyrannical-morale",
                    _('The {creature} must make a morale save ({against}). The {commander} may lend Tyrannical '
                      'Morale +{number}; if the save then fails, the {creature} is destroyed instead of '
                      'routing. Lend it?',
                      creature=creature.name, against=against, commander=commander.name, number=n), ["lend", "withhold"]) == "withhold":
            return super().morale_check(rng, creature, events, cause, rally=rally, against=against, bonus=bonus)
        events.append(Event(kind="note", seat=creature.side,
                            text=_('The {commander} lends Tyrannical Morale +{number}: failure means '
                                   'destruction.',
                                   commander=commander.name, number=n)))
        passed = super().morale_check(rng, creature, events, cause, rally=True, against=against, bonus=bonus + n)
        if not passed:
            events.append(Event(kind="note", seat=creature.side, text=_("The {creature} is destroyed by its "
                                                                        "tyrant's wrath.",
                                                                        creature=creature.name)))
            self.damage(rng, creature, max(creature.hp, 1), events, source=cause)
        return passed

    def adjust_setup(self, ctx, setup: AttackSetup) -> None:
        setup.crit_doubles_ability_damage = self.rules.crit_doubles_ability_damage

    def after_attack_roll(self, ctx, outcome: AttackOutcome) -> None:
        if outcome.rolled:
            self.state.violence_this_round = True

    def on_damaged(self, rng: Rng, creature: Creature, amount: int, source: Creature | None,
                   events: list[Event]) -> None:
        if source is not None and self.hostile(source, creature):
            self.state.violence_this_round = True
        from engine.rulesets.dnd_minis.skirmish import effects
        effects.run(self, rng, hooks.on_damaged(creature, amount, source), events, source=source)

    def after_hit(self, rng: Rng, ctx, outcome: AttackOutcome, events: list[Event]) -> None:
        from engine.rulesets.dnd_minis.skirmish import effects
        if ctx.melee and self.turn is not None and ctx.attacker.id == self.turn.creature:
            self.turn.hits.append(ctx.defender.id)
        effects.run(self, rng, hooks.on_hit(ctx, outcome.damage, outcome.critical), events, source=ctx.attacker)

    # -- routs ------------------------------------------------------------------------------------
    def exits_of(self, seat: str) -> list[XY]:
        letter = self.state.players[seat].letter
        zones = self.grid.zones_of("exit", letter) if letter else []
        return sorted({sq for z in zones for sq in z.squares})

    def after_rout(self, rng: Rng, creature: Creature, events: list[Event]) -> None:
        self.rout_move(rng, creature, events)

    def rout_move(self, rng: Rng, creature: Creature, events: list[Event], seat: str | None = None) -> None:
        """2 × Speed along the quickest path to its exits, compulsory; off the map from an exit
        square with movement left (§15.3, AMB-51). Stunned or helpless routers stay put."""
        if not creature.on_board or creature.helpless or creature.has("stunned") or creature.has("entangled_stuck"):
            return
        exits = self.exits_of(seat or creature.side)
        if not exits:
            events.append(Event(kind="rout_move", seat=creature.side,
                                text=_('The {creature} has no exit to run to and cowers where it is.',
                                       creature=creature.name)))
            return
        burrowing = self._flees_underground(creature)
        speed = hooks.move_traits(creature, self).burrow_speed if burrowing else creature.card.speed
        budget = 2 * speed
        me, others = self.body(creature, burrowing=burrowing), self.others(creature)
        table = reachable(self.grid, me, others, PathState(), self.move_rules, 10_000)
        table[creature.square] = 0
        targets = [(table[e], e) for e in exits if any(sq in exits for sq in me.at(e).squares) and e in table]
        turn = self.turn or Activation(creature=creature.id, serial=self.state.turn_serial)
        if targets:
            goal = min(targets)[1]
        else:  # no way out: as close to an exit as it can get (§15.3)
            goal = min((min(space_distance(me.at(sq).squares, [x]) for x in exits), cost, sq)
                       for sq, cost in table.items() if cost <= budget)[2]
        if goal == creature.square:
            path = PlannedPath(creature.square, [], 0, 0, [])
        else:
            routes = [self._rout_prefix(creature, found, budget, burrowing)
                      for found in shortest_paths(self.grid, me, goal, others, PathState(), self.move_rules)]
            path = self._choose_route(creature, routes, burrowing)
        events.append(Event(kind="rout_move", seat=creature.side,
                            text=_('The {creature} flees toward its exit ({budget} squares{outcome}).', creature=creature.name, budget=budget, outcome=_(', underground') if burrowing else ''),
                            data={"creature": creature.id}))
        self._rout_events = events
        walked = self.walk(rng, creature, path, turn, events, step_hook=None if burrowing else self._rout_step,
                           provokes=not burrowing)
        if not creature.on_board:
            return
        at_exit = any(sq in exits for sq in creature.squares)
        if at_exit and walked.cost < budget and len(walked.squares) == len(path.squares):
            self.leave_map(rng, creature, events)

    def _spikes(self, creature: Creature, anchor: XY) -> bool:
        traits = hooks.move_traits(creature, self)
        if traits.flies or traits.incorporeal or traits.ignores_difficult:
            return False
        return any("spike_stones" in self.grid.terrain_at(sq) for sq in self.body(creature, anchor).squares)

    def _rout_prefix(self, creature: Creature, found, budget: int, burrowing: bool) -> PlannedPath:
        """The part of a cheapest route a rout move of ``budget`` squares covers."""
        squares, steps, shapes, spent = [], [], [], 0
        hp = creature.hp
        for sq, step, shape in zip(found.squares, found.steps, found.shapes):
            if spent + step > budget:
                break
            if self._spikes(creature, sq) and not burrowing:
                hp -= 5
                if hp <= 0 and not self.rules.starter:
                    break  # War Drums §18.8: a router never steps onto spikes that would destroy it
            squares.append(sq)
            steps.append(step)
            shapes.append(shape)
            spent += step
        return PlannedPath(creature.square, squares, spent, 0, steps, shapes)

    def _choose_route(self, creature: Creature, routes: list[PlannedPath], burrowing: bool) -> PlannedPath:
        """Among equally quick routes its controller picks (War Drums §15.3: the opponent may only
        insist on a quicker one, and every route offered is a quickest). Routes that end on the
        same square past the same threateners are the same choice, so only real ones are asked."""
        distinct: dict[tuple, PlannedPath] = {}
        for route in routes:
            here, provokers = route.start, []
            for sq in route.squares:
                if not burrowing:
                    provokers += [e.id for e in self.threateners(creature, here) if e.id not in provokers]
                here = sq
            distinct.setdefault((here, tuple(sorted(provokers))), route)
        if len(distinct) < 2 or self.rules.rout_route == "first":
            return routes[0]
        options = list(distinct.items())

        def describe(n: int, key: tuple, route: PlannedPath) -> str:
            end, provokers = key
            steps = [square_name(sq) for sq in route.squares[:-1]]
            via = " ".join(steps if len(steps) <= 6 else [*steps[:2], "…", *steps[-3:]])
            aoo = commas([f"{self.roster[p].name} ({p})" for p in provokers]) if provokers else _("none")
            return _('{number} = {via}to {square}, attacks of opportunity: {aoo}',
                     number=n, via=_('via {via} ', via=via) if via else '', square=square_name(end), aoo=aoo)

        listed = join("; ", [describe(n, key, route) for n, (key, route) in enumerate(options, 1)])
        answer = self.ask(creature.controller or creature.side, "rout-path",
                          _('The {creature} routs; these routes to its exit are equally quick: {listed}. Which?',
                            creature=creature.name, listed=listed),
                          [str(n) for n in range(1, len(options) + 1)])
        return options[int(answer) - 1][1]

    def _flees_underground(self, creature: Creature) -> bool:
        """A routing creature with Burrow may choose to burrow (War Drums §15.4, §26 Burrow): its
        rout move is then 2 × its Burrow speed underground, past walls and enemies, provoking
        no attacks of opportunity and ignoring surface terrain (spike stones included)."""
        burrow = hooks.move_traits(creature, self).burrow_speed
        if not burrow:
            return False
        return self.ask(creature.controller or creature.side, "rout-burrow",
                        _('The {creature} routs. It may flee underground (Burrow {burrow}: {amount} squares, '
                          'no attacks of opportunity) or run on the surface ({amount_2} squares). Which?',
                          creature=creature.name, burrow=burrow, amount=2 * burrow, amount_2=2 * creature.card.speed), ["burrow", "run"]) == "burrow"

    def _rout_step(self, creature: Creature, square: XY, index: int) -> bool:
        """Spike stones bite a router too (5 magic damage per spike step)."""
        if not self._spikes(creature, square):
            return True
        from engine.rulesets.dnd_minis.abilities.base import Damage
        from engine.rulesets.dnd_minis.skirmish import effects
        events = self._rout_events
        events.append(Event(kind="spikes", seat=creature.side, text=_('The {creature} flees over spike stones.',
                                                                      creature=creature.name)))
        effects.run(self, self.state.rng, [Damage(target=creature.id, amount=5, kind="magic", why="spike stones")], events)
        return creature.on_board

    def leave_map(self, rng: Rng, creature: Creature, events: list[Event]) -> None:
        creature.left_map = True
        events.append(Event(kind="left_map", seat=creature.side,
                            text=_('The {creature} flees off the battlefield at {square} and is eliminated.',
                                   creature=creature.name, square=square_name(creature.square)),
                            data={"creature": creature.id}))
        from engine.rulesets.dnd_minis.skirmish import effects, victory
        victory.award_elimination(self.state, creature, creature.rout_caused_seat, events)
        effects.run(self, rng, hooks.on_eliminated(creature, self), events)  # Requires, promotion, Cowardly
        self.dismiss_summons(rng, creature, events)

    def dismiss_summons(self, rng: Rng, summoner: Creature, events: list[Event]) -> None:
        """Starter glossary "summon": a summoned creature is eliminated at once if its summoner is
        eliminated. They are worth no VP (§27.4), so nobody scores; War Drums keeps them."""
        if not self.rules.starter:
            return
        from engine.rulesets.dnd_minis.skirmish import effects
        for creature in self.on_board():
            if creature.summoner != summoner.id:
                continue
            creature.destroyed = True
            events.append(Event(kind="dismissed", seat=creature.side,
                                text=_('The {creature} vanishes with its summoner, the {summoner}.',
                                       creature=creature.name, summoner=summoner.name),
                                data={"creature": creature.id}))
            effects.run(self, rng, hooks.on_eliminated(creature, self), events)

    def ranged_attack(self, rng: Rng, attacker: Creature, defender: Creature, entry_index: int,
                      events: list[Event], declared=frozenset()):
        """Being targeted at range can set things off, after the attack: a starter Gaze Attack's
        passive save (seed 000: "deve compiere un tiro salvezza dopo l'attacco")."""
        from engine.rulesets.dnd_minis.skirmish import effects
        outcome = super().ranged_attack(rng, attacker, defender, entry_index, events, declared)
        if attacker.on_board:
            effects.run(self, rng, hooks.on_targeted(defender, attacker, "ranged attack", self), events,
                        source=defender)
        return outcome

    def on_destroyed(self, rng: Rng, creature: Creature, source: Creature | None, events: list[Event],
                     attack=None) -> None:
        self.pending_death_outcomes = hooks.on_destroyed(creature, source, self, attack)

    def after_destroyed(self, rng: Rng, creature: Creature, source: Creature | None, events: list[Event]) -> None:
        from engine.rulesets.dnd_minis.skirmish import effects, victory
        poison = None
        victory.award_elimination(self.state, creature, source.side if source is not None else poison, events)
        outcomes, self.pending_death_outcomes = getattr(self, "pending_death_outcomes", []), []
        effects.run(self, rng, outcomes, events, source=source)
        self.dismiss_summons(rng, creature, events)


