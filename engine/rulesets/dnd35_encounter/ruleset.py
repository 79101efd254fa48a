"""The D&D 3.5 encounter mode: a referee runs a combat on a grid map, the bot keeps the rules.

The referee (the seat of whoever opens the game) loads a map, places creatures and owns the
monsters; each player (seats p1..p6, joined whenever they like) commands the creatures the
referee gives their seat. Phases::

    setup --/initiative--> combat (creature turns in initiative order, round after round)
    combat <--/pause, /resume--> paused;   any phase --/finish--> over

Movement follows the 3.5 tactical movement rules through :mod:`engine.grid` (every ruling a
game setting, see :mod:`.settings`); attacks are dice expressions against AC; hit points are
tracked with the 3.5 thresholds (0 disabled, -1 to -9 dying, -10 dead). The referee may
always overrule: ``/override`` puts a creature anywhere, and the log says so.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core.models import kept_options
from engine.core import (
    Action, BoardView, Event, GameState, IllegalAction, Resign, Result, Rng, Ruleset, Seat, Token,
    roll_dice,
)
from engine.core.events import attack_numbers
from engine.grid import (
    can_end_at, footprint, line_of_sight, reachable, shortest_path, space_distance,
    square_name, threatened_squares, validate_path,
)
from engine.grid.board import shared_map
from engine.grid.movement import Path, five_foot_step, minimum_move, provocations
from engine.grid.speed import allowance, effective_speed
from engine.grid.board import map_title
from engine.grid.view import board_view_of
from engine.rulesets.dnd35_encounter import commands as command_parser
from engine.rulesets.dnd35_encounter.actions import (
    ACTION_TYPES, Attack, Charge, Damage, EditCreature, EndTurn, Finish, Heal, Move, Override, Pause,
    PlaceCreature, RemoveCreature, Resume, RollInitiative, SetConditions,
)
from engine.rulesets.dnd35_encounter.conditions import canonical
from engine.rulesets.dnd35_encounter.creature import (
    REFEREE, Creature, Weapon, class_word, distance, size_word, slug,
)
from engine.rulesets.dnd35_encounter.initiative import initiative_order, insert_latecomer
from engine.rulesets.dnd35_encounter.maps import load_map, map_names
from engine.rulesets.dnd35_encounter.settings import encounter_options, option_names, rules_of
from engine.rulesets.dnd35_encounter.state import EncounterState
from engine.core.text import N_, Text, _, join, ngettext, commas, listed
from engine.rulesets.dnd35_encounter.turn import (
    Turn, check_attack, check_charge, check_special_move, movement_budget, record_attack, record_move,
)

XY = tuple[int, int]
PLAYER_SEATS = tuple(f"p{i}" for i in range(1, 7))
TUMBLE_THROUGH_DC = 25  # [EXT] English 3.5 Tumble: through an opponent's square
REFEREE_ONLY = frozenset({"place", "edit", "remove", "initiative", "damage", "heal", "override", "pause",
                          "resume", "finish"})
# What each phase allows (the referee's adjustments work while paused; turns do not).
PHASE_ACTIONS = {
    "setup": {"place", "edit", "remove", "initiative", "damage", "heal", "condition", "override", "finish"},
    "combat": {"place", "edit", "remove", "move", "charge", "attack", "damage", "heal", "condition", "end",
               "override", "pause", "finish"},
    "paused": {"place", "edit", "remove", "damage", "heal", "condition", "override", "resume", "finish"},
}


class Encounter(Ruleset):
    name = "dnd35-encounter"
    title = _("D&D 3.5 Encounter")
    state_model = EncounterState
    action_types = ACTION_TYPES
    min_seats = 1
    max_seats = 7

    _handlers: ClassVar[dict[str, str]] = {
        "place": "_place", "edit": "_edit", "charge": "_charge", "remove": "_remove",
        "initiative": "_initiative", "move": "_move", "attack": "_attack", "damage": "_damage",
        "heal": "_heal", "condition": "_condition", "end": "_end", "override": "_override",
        "pause": "_pause", "resume": "_resume", "finish": "_finish",
    }

    # -- set-up ---------------------------------------------------------------------------------
    def option_names(self) -> dict[str, str]:
        return option_names()

    def map_names(self) -> list[str]:
        return map_names()

    def new_game(self, seed: int, options: dict[str, Any] | None = None) -> EncounterState:
        options = dict(options or {})
        # One map object per map content: its lookup tables and step memo, built by the first
        # game or replay on it, serve every later one (an undo replays from a new game).
        grid = shared_map(load_map(options.get("map"), options.get("map_data")))
        extra = encounter_options(options)
        seats = [Seat(id=REFEREE, name="Referee")] + [Seat(id=s, name=f"Player {s[1:]}") for s in PLAYER_SEATS]
        return EncounterState(
            ruleset=self.name, seed=seed, rng=Rng.from_seed(seed), options=kept_options(options), seats=seats,
            phase="setup", map=grid, rules=rules_of(options), **extra,
        )

    def creator_seat(self, state: GameState) -> str | None:
        return REFEREE

    def seat_required(self, seat_id: str) -> bool:
        return seat_id == REFEREE

    def undo_arbiter(self, state: GameState) -> str | None:
        """The referee agrees to every undo; players can't take back the referee's rulings."""
        return REFEREE

    def commands(self) -> set[str]:
        return set(self._handlers)

    def square_label(self, square: Any) -> str:
        return square_name(tuple(square))

    # -- dispatch -------------------------------------------------------------------------------
    def _apply(self, state: GameState, action: Action, events: list[Event]) -> None:
        assert isinstance(state, EncounterState)
        if action.kind not in PHASE_ACTIONS.get(state.phase, ()):
            if state.phase == "paused":
                raise IllegalAction("paused", _('The encounter is paused; the referee resumes it with /resume.'))
            raise IllegalAction("wrong-phase", _("That can't be done now: {status}", status=self.status(state)))
        if action.kind in REFEREE_ONLY and action.seat != REFEREE:
            raise IllegalAction("referee-only", _('Only the referee can use /{kind}.', kind=action.kind))
        getattr(self, self._handlers[action.kind])(state, action, events)

    def _resign(self, state: GameState, action: Resign, events: list[Event]) -> None:
        """A player leaving does not end the encounter (the referee commands their creatures
        from then on); the referee resigning ends it."""
        assert isinstance(state, EncounterState)
        if action.seat == REFEREE:
            self._close(state, "the referee resigned", events)
            return
        if action.seat not in PLAYER_SEATS:
            raise IllegalAction("not-seated", _('Only a player with a seat in this game can resign.'))
        events.append(Event(kind="resign", seat=action.seat,
                            text=_('{seat} leaves the encounter; the referee commands their creatures.',
                                   seat=state.seat(action.seat).name)))

    # -- helpers --------------------------------------------------------------------------------
    def find(self, state: EncounterState, text: str | None) -> Creature:
        """A creature by id, name or the slug of its name (case does not matter)."""
        key = (text or "").strip()
        if not key:
            raise IllegalAction("missing-option", _('Say which creature (creature:NAME).'))
        if key in state.creatures:
            return state.creatures[key]
        if slug(key) in state.creatures:
            return state.creatures[slug(key)]
        named = [c for c in state.creatures.values() if c.name.casefold() == key.casefold()]
        if len(named) == 1:
            return named[0]
        known = commas(f"{c.id} ({c.name})" if c.id != slug(c.name) else c.id
                          for c in state.creatures.values()) or "none yet"
        if named:
            raise IllegalAction("ambiguous-creature", _('Several creatures are called {key!r}; use the id: '
                                                        '{known}.',
                                                        key=key, known=known))
        raise IllegalAction("unknown-creature", _('There is no creature {key!r}. Creatures: {known}.',
                                                  key=key, known=known))

    def _commanded(self, state: EncounterState, seat: str | None, text: str | None) -> Creature:
        """The creature a command is about (default: whose turn it is), checked for ownership."""
        creature = self.find(state, text) if text else state.current
        if creature is None:
            raise IllegalAction("missing-option", _('Say which creature (creature:NAME).'))
        if seat != REFEREE and creature.owner != seat:
            raise IllegalAction("not-your-creature", _('{creature} is not yours to command.',
                                                       creature=creature.name))
        return creature

    def _on_turn(self, state: EncounterState, seat: str | None, text: str | None) -> Creature:
        current = state.current
        if current is None:
            raise IllegalAction("no-turn", _("No creature's turn is running: {status}",
                                             status=self.status(state)))
        creature = self._commanded(state, seat, text)
        if creature.id != current.id:
            raise IllegalAction("not-its-turn", _("It is {current}'s turn, not {creature}'s (the referee can "
                                                  "move any creature with /override).",
                                                  current=current.name, creature=creature.name))
        return creature

    def _others(self, state: EncounterState, creature: Creature):
        return [c.body() for c in state.creatures.values() if c.id != creature.id]

    def _fits(self, state: EncounterState, creature: Creature, anchor: XY) -> list[XY]:
        squares = footprint(anchor, *creature.body().dims)
        off = [sq for sq in squares if not state.map.in_bounds(sq)]
        if off:
            last = square_name((state.map.width - 1, state.map.height - 1))
            raise IllegalAction("off-map", _("{creature} doesn't fit there: part of its space would be off the "
                                             "map (it runs from A1 to {last}).",
                                             creature=creature.name, last=last))
        return squares

    # -- setting up -----------------------------------------------------------------------------
    def _place(self, state: EncounterState, action: PlaceCreature, events: list[Event]) -> None:
        name = action.name.strip()
        base = slug(name)
        if not base:
            raise IllegalAction("bad-name", _('Give the creature a name with letters or digits, e.g. '
                                              'creature:Orc.'))
        if action.owner != REFEREE and action.owner not in PLAYER_SEATS:
            raise IllegalAction("unknown-seat", _('The owner is the referee or a player seat (p1 to p6), not '
                                                  '{owner!r}.',
                                                  owner=action.owner))
        cid, n = base, 1
        while cid in state.creatures:
            n += 1
            cid = f"{base}-{n}"
        if n > 1:
            name = f"{name} {n}"  # "Orc", "Orc 2": every creature is told apart in the log
        creature = Creature(
            id=cid, name=name, owner=action.owner, anchor=action.square, size=action.size, tall=action.tall,
            typed_speed=action.speed, heavy_armour=action.armour == "heavy", race=action.race,
            armour=action.armour, reach=action.reach, hp=action.hp, max_hp=action.hp, ac=action.ac,
            init_mod=action.init, klass=action.klass, level=action.level, fly=action.fly,
            traits=list(action.traits), attacks=list(action.attacks),
        )
        creature.speed = speed = self._speed_of(state, creature)
        if action.fly is not None:
            creature.conditions.append("flying")  # a creature with a fly speed starts aloft
        self._fits(state, creature, action.square)
        others = self._others(state, creature)
        reason = can_end_at(state.map, creature.body(), action.square, others, state.rules)
        side = creature.body().side_len
        if reason is not None and side >= 2:
            # Where its full space doesn't fit, a big creature may stand squeezed (3.5 §8, L153-157).
            narrow = -(-side // 2)
            for shape in ((side, narrow), (narrow, side)):
                if can_end_at(state.map, creature.body(), action.square, others, state.rules, shape=shape) is None:
                    self._settle(state, creature, action.square, shape)
                    reason = None
                    break
        if reason is not None:
            raise IllegalAction("bad-square", _("{name} can't be placed on {square}: {reason} (use another "
                                                "square, or /override after placing).",
                                                name=name, square=square_name(action.square), reason=reason))
        state.creatures[cid] = creature
        owner = state.seat(action.owner).name
        events.append(Event(kind="place", seat=action.seat, data={"creature": cid},
                            text=ngettext('{name} ({cid}) is placed on {square} for {owner}: {hp} hp, AC {ac}, speed {n} square '
                                          '({feet} ft), initiative {init_mod:+d}{described}.', '{name} ({cid}) is placed on '
                                          '{square} for {owner}: {hp} hp, AC {ac}, speed {n} squares ({feet} ft), initiative '
                                          '{init_mod:+d}{described}.', speed, name=name, cid=cid, square=square_name(action.square), owner=owner, hp=creature.hp, ac=creature.ac, **distance(speed), init_mod=creature.init_mod, described=self._described(creature))))
        self._squeeze_note(creature, False, events)
        if state.phase in ("combat", "paused") and state.order:
            state.order = insert_latecomer(state.rng, creature, state.order, state.creatures, events)
            events.append(Event(kind="order", text=_('Initiative order: {order_text}.',
                                                     order_text=self._order_text(state))))

    def _speed_of(self, state: EncounterState, creature: Creature) -> int:
        """Speed in squares: the referee's number if given, else race, class and armour
        (3.5 §2.2-§2.3: class bonuses first, then the armour reduction)."""
        if creature.typed_speed is not None:
            return creature.typed_speed
        if creature.level is None and creature.klass == "monk":
            raise IllegalAction("missing-option", _("A monk's speed depends on its level: add level:, e.g. "
                                                    "level:6."))
        return effective_speed(creature.race, base_ft=None if creature.race else 30, armour=creature.armour,
                               barbarian=creature.klass == "barbarian",
                               monk_level=(creature.level or 0) if creature.klass == "monk" else 0,
                               use_ext_table=state.ext_speed_table)

    def _described(self, creature: Creature) -> Any:
        """The parts of a creature's description beyond the basics, for the log."""
        parts: list[Any] = []
        if creature.klass:
            parts.append(join(" ", [class_word(creature.klass), str(creature.level)]) if creature.level
                         else class_word(creature.klass))
        if creature.fly is not None:
            parts.append(ngettext("fly {n} square ({feet} ft)", "fly {n} squares ({feet} ft)", creature.fly,
                                  **distance(creature.fly)))
        if creature.traits:
            parts.append(commas(creature.traits))
        if creature.attacks:
            parts.append(_("attacks: {attacks}", attacks=join("; ", [join("", [f"{i}. ", w.said()])
                                                                     for i, w in enumerate(creature.attacks, 1)])))
        return join("", ["; ", join("; ", parts)]) if parts else ""

    def _edit(self, state: EncounterState, action: EditCreature, events: list[Event]) -> None:
        """The referee changes a creature's description; speed follows race, class and armour
        again unless a speed is given."""
        creature = self.find(state, action.creature)
        changes = dict(action.changes)
        if "speed" in changes:
            creature.typed_speed = changes.pop("speed")
        if "hp" in changes:
            new_max = changes.pop("hp")
            creature.hp += new_max - creature.max_hp
            creature.max_hp = new_max
        if "init" in changes:
            creature.init_mod = changes.pop("init")
        if "attacks" in changes:
            creature.attacks = [Weapon(**w) for w in changes.pop("attacks")]
        if changes.get("owner") not in (None, REFEREE) and changes["owner"] not in PLAYER_SEATS:
            raise IllegalAction("unknown-seat", _('The owner is the referee or a player seat, not {changes!r}.',
                                                  changes=changes['owner']))
        for key, value in changes.items():
            setattr(creature, key, value)
        creature.heavy_armour = creature.armour == "heavy"
        creature.speed = self._speed_of(state, creature)
        if "size" in changes:
            creature.shape = None
            self._fits(state, creature, creature.anchor)
            reason = can_end_at(state.map, creature.body(), creature.anchor, self._others(state, creature),
                                state.rules)
            if reason is not None:
                raise IllegalAction("bad-square", _("{creature} doesn't fit where it stands at that size: "
                                                    "{reason} (/override it elsewhere first).",
                                                    creature=creature.name, reason=reason))
            self._settle(state, creature, creature.anchor, None)
        events.append(Event(kind="edit", seat=action.seat, data={"creature": creature.id},
                            text=ngettext('{creature} is now: {hp}/{max_hp} hp, AC {ac}, {size}, speed {n} square ({feet} '
                                          'ft){described}.', '{creature} is now: {hp}/{max_hp} hp, AC {ac}, {size}, speed {n} '
                                          'squares ({feet} ft){described}.', creature.speed, creature=creature.name, hp=creature.hp, max_hp=creature.max_hp, ac=creature.ac, size=size_word(creature.size), **distance(creature.speed), described=self._described(creature))))

    def _remove(self, state: EncounterState, action: RemoveCreature, events: list[Event]) -> None:
        creature = self.find(state, action.creature)
        was_current = state.current is not None and state.current.id == creature.id
        events.append(Event(kind="remove", seat=action.seat, data={"creature": creature.id},
                            text=_('{creature} is taken off the map.', creature=creature.name)))
        index = state.order.index(creature.id) if creature.id in state.order else None
        if index is not None:
            state.order.remove(creature.id)
        del state.creatures[creature.id]
        if was_current:
            events.append(Event(kind="phase_ended", seat=creature.owner, data={"creature": creature.id},
                                text=_("{creature}'s turn ends.", creature=creature.name)))
            state.turn = None
            self._begin_next(state, index, events)  # the next creature now stands at ``index``

    def _initiative(self, state: EncounterState, action: RollInitiative, events: list[Event]) -> None:
        if not state.creatures:
            raise IllegalAction("no-creatures", _('Place creatures first (/place), then roll initiative.'))
        state.order = initiative_order(state.rng, list(state.creatures.values()), events)
        state.phase = "combat"
        state.round = 1
        events.append(Event(kind="order", text=_('Initiative order: {order_text}.',
                                                 order_text=self._order_text(state))))
        events.append(Event(kind="setup_done", text=_('Round 1 begins.')))
        self._begin_next(state, 0, events)

    # -- turns ----------------------------------------------------------------------------------
    def _begin_next(self, state: EncounterState, start: int, events: list[Event]) -> None:
        """Give the turn to the first creature from ``start`` in the order that can act,
        wrapping into a new round; dying and dead creatures are passed over."""
        n = len(state.order)
        i = start
        for _pass in range(n):  # one pass over the order at most
            if i >= n:
                self._new_round(state, events)
                i = 0
            creature = state.creatures[state.order[i]]
            if creature.can_act:
                state.turn = Turn(creature=creature.id)
                # [EXT] a charger's -2 AC lasts until its next turn.
                creature.conditions = [c for c in creature.conditions if c.casefold() != "charging"]
                owner = state.seat(creature.owner).name
                note = (_(' It is disabled (0 hp): one move or one standard action.') if creature.health == 'disabled' else '')
                events.append(Event(kind="turn", seat=creature.owner, data={"creature": creature.id},
                                    text=_("Round {round}: {creature}'s turn ({owner}).{note}",
                                           round=state.round, creature=creature.name, owner=owner, note=note)))
                return
            creature.acted = True
            events.append(Event(kind="skip", data={"creature": creature.id},
                                text=_('{creature} is {health} and takes no turn.',
                                       creature=creature.name, health=_health_word(creature.health))))
            if state.dying_checks and creature.health == "dying" and not creature.has("stable"):
                self._bleed(state, creature, events)
            i += 1
        state.turn = None
        events.append(Event(kind="stalled", text=_('No creature can act: the referee heals or places a '
                                                   'creature, or ends the encounter with /finish.')))

    def _bleed(self, state: EncounterState, creature: Creature, events: list[Event]) -> None:
        """[EXT] 3.5 dying: on its turn a dying creature has a 10% chance to become stable;
        otherwise it loses 1 hit point."""
        roll = roll_dice("1d100", state.rng, purpose=_('{creature} stabilises?', creature=creature.name))
        if roll.total <= 10:
            creature.conditions.append("stable")
            events.append(Event(kind="stabilise", roll=roll, data={"creature": creature.id},
                                text=_('{creature} rolls {total} (10 or less): stable.',
                                       creature=creature.name, total=roll.total)))
            return
        events.append(Event(kind="bleed", roll=roll, data={"creature": creature.id},
                            text=_('{creature} rolls {total} (over 10): it bleeds.',
                                   creature=creature.name, total=roll.total)))
        self._hurt(state, creature, 1, events)

    def _new_round(self, state: EncounterState, events: list[Event]) -> None:
        events.append(Event(kind="round_ended", text=_('Round {round} ends.', round=state.round)))
        state.round += 1
        for creature in state.creatures.values():
            creature.acted = False

    def _end_turn(self, state: EncounterState, events: list[Event]) -> None:
        creature = state.current
        creature.acted = True
        events.append(Event(kind="phase_ended", seat=creature.owner, data={"creature": creature.id},
                            text=_("{creature}'s turn ends.", creature=creature.name)))
        index = state.order.index(creature.id)
        state.turn = None
        self._begin_next(state, index + 1, events)

    def _end(self, state: EncounterState, action: EndTurn, events: list[Event]) -> None:
        self._on_turn(state, action.seat, action.creature)
        self._end_turn(state, events)

    # -- movement -------------------------------------------------------------------------------
    def _move(self, state: EncounterState, action: Move, events: list[Event]) -> None:
        creature = self._on_turn(state, action.seat, action.creature)
        turn = state.turn
        grid, rules = state.map, state.rules
        body = creature.body()
        others = self._others(state, creature)
        squares = list(action.path or [])
        if action.to is not None and squares and squares[-1] != action.to:
            raise IllegalAction("path-mismatch", _('The path ends on {square}, not on {square_2}.',
                                                   square=square_name(squares[-1]), square_2=square_name(action.to)))
        dest = action.to if action.to is not None else (squares[-1] if squares else None)
        if dest is None:
            raise IllegalAction("missing-option", _('Say where: /move to:F7 (or path:"E5 F6 F7").'))
        if dest == creature.anchor and not squares:
            raise IllegalAction("no-move", _('{creature} is already on {square}.',
                                             creature=creature.name, square=square_name(dest)))
        disabled = creature.health == "disabled"
        mode = action.mode
        foe = self._passing(state, creature, action) if action.through else None
        may_pass = (foe.id,) if foe is not None else ()
        if foe is not None and mode in ("step", "minimum"):
            raise IllegalAction("bad-option", _('Tumble and overrun go with a move (single, double or run), '
                                                'not a {outcome}.',
                                                outcome=_('5-foot step') if mode == 'step' else _('minimum move')))
        if mode in ("step", "minimum"):
            check_special_move(turn, creature.name, mode, disabled)
            if squares and len(squares) != 1:
                raise IllegalAction("not-adjacent", _('A {outcome} is one square.', outcome=_('5-foot step') if mode == 'step' else _('minimum move')))
            if mode == "step":
                path = five_foot_step(grid, body, dest, others, rules, speed=creature.move_speed,
                                      moved_this_round=turn.moved, stepped_this_round=turn.stepped)
                turn.stepped = True
            else:
                path = minimum_move(grid, body, dest, others, rules, speed=creature.move_speed)
                record_move(turn, "minimum", turn.path_state)
        else:
            budget = movement_budget(turn, creature.name, creature.move_speed, mode,
                                     heavy_armour=creature.heavy_armour, run_x3=state.run_heavy_x3,
                                     disabled=disabled)
            running = mode == "run"
            if running and rules.run_straight_line:
                line = straight_line(creature.anchor, dest)
                if squares and squares != line:
                    raise IllegalAction("not-straight", _('A run goes in a straight line; that path bends. Run '
                                                          'along {names}, or set run_straight_line=false.',
                                                          names=' '.join((square_name(s) for s in line))))
                squares = line
            try:
                if squares:
                    path = validate_path(grid, body, squares, others, turn.path_state, rules, budget,
                                         running=running, may_pass=may_pass)
                else:
                    path = shortest_path(grid, body, dest, others, turn.path_state, rules, budget,
                                         running=running, may_pass=may_pass)
            except IllegalAction as exc:
                hint = self._mode_hint(state, creature, mode, exc.code)
                # joined as Text: ``Text + str`` would fix the refusal in English
                raise IllegalAction(exc.code, join("", [exc.message, hint]) if hint else exc.message) from None
            if foe is not None:
                path = self._try_passing(state, creature, foe, action, path, events)
            record_move(turn, mode, path.state_after(turn.path_state))
        start = creature.anchor
        was_squeezed = creature.squeezed
        if not path.squares:  # stopped at once by a failed Tumble or overrun
            events.append(Event(kind="move", seat=action.seat, data={"creature": creature.id, "path": [list(start)],
                                                                     "cost": 0, "mode": mode},
                                text=_('{creature} stays on {square}.',
                                       creature=creature.name, square=square_name(start))))
            return
        self._settle(state, creature, path.end, path.shapes[-1] if path.shapes else None)
        state.last_path = [start, *path.squares]
        route = " → ".join(square_name(s) for s in state.last_path)
        if mode in ("step", "minimum"):
            used = (_('a 5-foot step') if mode == 'step' else _('minimum movement (full round)'))
        else:
            limit = movement_budget_total(creature, turn.mode, state.run_heavy_x3)
            used = ngettext("{n} square, {feet} ft; {spent} of {limit} this turn",
                            "{n} squares, {feet} ft; {spent} of {limit} this turn",
                            path.cost, spent=turn.spent, limit=limit, **distance(path.cost))
        events.append(Event(kind="move", seat=action.seat,
                            data={"creature": creature.id, "path": [list(s) for s in state.last_path],
                                  "cost": path.cost, "mode": mode},
                            text=_('{creature} moves {route} ({used}).',
                                   creature=creature.name, route=route, used=used)))
        self._squeeze_note(creature, was_squeezed, events)
        # The others stand where they stood for the search, unless a Tumble or overrun moved one.
        self._provoked(state, creature, body, path, mode, events, others if foe is None else None)

    def _passing(self, state: EncounterState, creature: Creature, action: Move) -> Creature:
        """The opponent a move tries to pass by Tumble or overrun (3.5 §5.4, L93-97), checked."""
        foe = self.find(state, action.through)
        if foe.id == creature.id or foe.side == creature.side:
            raise IllegalAction("not-an-opponent", _('{foe} is no opponent of {creature}: allies are passed '
                                                     'freely.',
                                                     foe=foe.name, creature=creature.name))
        if foe.helpless:
            raise IllegalAction("no-need", _('{foe} is helpless: {creature} may pass it without tumbling.', foe=foe.name, creature=creature.name)
                                if action.how == 'tumble' else
                                _('{foe} is helpless: {creature} may pass it without an overrun.', foe=foe.name, creature=creature.name))
        if "fills-space" in foe.traits:
            raise IllegalAction("fills-space", _('{foe} completely fills its space: nothing gets past it, not '
                                                 'by overrun nor by Tumble (L109-111).',
                                                 foe=foe.name))
        if action.how == "tumble" and "tumble" not in creature.traits:
            raise IllegalAction("untrained", _("Only a creature trained in Tumble may tumble through an "
                                               "opponent's square (L95-97); the referee gives {creature} the "
                                               "trait with /creature edit traits:tumble.",
                                               creature=creature.name))
        if not action.check:
            raise IllegalAction("missing-option", _('Give the {how} check, e.g. check:1d20+8.', how=action.how))
        return foe

    def _try_passing(self, state: EncounterState, creature: Creature, foe: Creature, action: Move, path,
                     events: list[Event]):
        """Roll the Tumble or overrun check: on a success the path stands; on a failure the
        creature stops on the last square where it may stop before entering the opponent's."""
        body = creature.body()
        foe_squares = set(foe.squares)
        enters = next((i for i, (sq, sh) in enumerate(zip(path.squares, path.shapes))
                       if foe_squares & set(footprint(sq, *sh))), None)
        if enters is None:
            raise IllegalAction("not-through", _("That path doesn't cross {foe}'s square; move without {how}:.",
                                                 foe=foe.name, how=action.how))
        check = roll_dice(command_parser.attack_roll(action.check), state.rng,
                          purpose=(_("{creature}'s tumble check", creature=creature.name) if action.how == "tumble" else
                                   _("{creature}'s overrun check", creature=creature.name)))
        if action.how == "tumble":
            # [EXT] 3.5 Tumble: DC 25 to tumble through an opponent's square.
            success, against = check.total >= TUMBLE_THROUGH_DC, f"DC {TUMBLE_THROUGH_DC}"
            events.append(Event(kind="tumble", roll=check, data={"creature": creature.id, "by": foe.id},
                                text=_('{creature} tumbles at {foe}: {total} against {against}, {outcome}.', creature=creature.name, foe=foe.name, total=check.total, against=against, outcome=_('through') if success else _('fails'))))
        else:
            # [EXT] 3.5 overrun: opposed checks; the defender wins ties.
            defence = roll_dice(command_parser.attack_roll(action.against or "1d20"), state.rng,
                                purpose=_('{foe} resists the overrun', foe=foe.name))
            success = check.total > defence.total
            events.append(Event(kind="overrun", roll=check, data={"creature": creature.id, "by": foe.id},
                                text=_('{creature} tries to overrun {foe}: {total}.',
                                       creature=creature.name, foe=foe.name, total=check.total)))
            events.append(Event(kind="overrun_defence", roll=defence, data={"creature": foe.id},
                                text=_('{foe} resists with {total}: {creature} {outcome}.', foe=foe.name, total=defence.total, creature=creature.name, outcome=_('gets through') if success else _('is stopped'))))
        if success:
            return path
        others = self._others(state, creature)
        for cut in range(enters, 0, -1):
            anchor, shape = path.squares[cut - 1], path.shapes[cut - 1]
            if can_end_at(state.map, body, anchor, others, state.rules, shape=shape) is None:
                return validate_path(state.map, body, path.squares[:cut], others, state.turn.path_state,
                                     state.rules, shapes=path.shapes[:cut])
        return Path(diag_count_after=state.turn.path_state.diag_count)

    def _charge(self, state: EncounterState, action: Charge, events: list[Event]) -> None:
        """Charge (3.5 §2.4): up to double speed, never through an ally's square (L77) or
        difficult terrain (L119-121), then one attack. [EXT] (setting charge_ext, default on,
        English 3.5 "Charge"): a straight line of at least 2 squares to the closest square from
        which it can attack, +2 on the attack, -2 AC until the charger's next turn."""
        creature = self._on_turn(state, action.seat, action.creature)
        turn = state.turn
        check_charge(turn, creature.name, creature.health == "disabled")
        target = self.find(state, action.target)
        if target.id == creature.id or target.side == creature.side:
            raise IllegalAction("not-an-opponent", _('{creature} charges an opponent, not {target}.',
                                                     creature=creature.name, target=target.name))
        weapon = self._weapon(creature, action.weapon)
        if weapon is not None and weapon.range is not None:
            raise IllegalAction("melee-only", _('A charge ends in a melee attack; {weapon} is a ranged attack.',
                                                weapon=weapon.name))
        grid, rules, body = state.map, state.rules, creature.body()
        others = self._others(state, creature)
        budget = allowance(creature.move_speed, "charge")
        straight = state.charge_ext

        def attack_from(anchor: XY, shape=None) -> bool:
            probe = creature.model_copy(update={"anchor": anchor, "shape": shape})
            return self._reaches(state, probe, target, weapon or Weapon(name="attack"))

        def lane(dest: XY):
            squares = straight_line(creature.anchor, dest) if straight else None
            if squares is not None:
                return validate_path(grid, body, squares, others, turn.path_state, rules, budget, charging=True)
            return shortest_path(grid, body, dest, others, turn.path_state, rules, budget, charging=True)

        def nearest_lane():
            """The cheapest lane to a square it can attack from (ties: nearest the line)."""
            options = reachable(grid, body, others, turn.path_state, rules, budget, charging=True)
            (sx, sy), (tx, ty) = creature.anchor, target.anchor

            def off_line(dest: XY) -> int:  # how far a square lies off the line toward the target
                return abs((dest[0] - sx) * (ty - sy) - (dest[1] - sy) * (tx - sx))

            for dest, _cost in sorted(options.items(), key=lambda kv: (kv[1], off_line(kv[0]), kv[0][1], kv[0][0])):
                if dest == creature.anchor:
                    continue
                try:
                    candidate = lane(dest)
                except IllegalAction:
                    continue
                if attack_from(candidate.end, candidate.shapes[-1] if candidate.shapes else None) and (
                        not straight or len(candidate.squares) >= 2):
                    return candidate
            return None

        if action.to is not None:
            if action.to == creature.anchor:
                raise IllegalAction("charge-too-short", _('{creature} is already on {square}: a charge moves '
                                                          '(attack instead).',
                                                          creature=creature.name, square=square_name(action.to)))
            path = lane(action.to)
            if not attack_from(path.end, path.shapes[-1] if path.shapes else None):
                raise IllegalAction("out-of-reach", _("From {square} {creature} can't attack {target}; a "
                                                      "charge ends where it can.", square=square_name(action.to), creature=creature.name, target=target.name))
            nearest = nearest_lane() if straight else None
            if nearest is not None and nearest.cost < path.cost:
                raise IllegalAction("charge-not-closest", _('A charge stops at the closest square from which '
                                                            '{creature} can attack [EXT]: {square} ({cost} '
                                                            'squares), not {square_2} ({cost_2}).', creature=creature.name, square=square_name(nearest.end), cost=nearest.cost, square_2=square_name(action.to), cost_2=path.cost))
        else:
            path = nearest_lane()
            if path is None:
                raise IllegalAction("no-charge", _('{creature} has no charge lane to {target}: a straight line '
                                                   'within double speed, past no ally and no difficult '
                                                   'terrain, to a square from which it can attack.',
                                                   creature=creature.name, target=target.name))
        if straight and len(path.squares) < 2:
            raise IllegalAction("charge-too-short", _('A charge covers at least 2 squares (10 ft) [EXT]; '
                                                      '{creature} is too close to {target} — attack instead.',
                                                      creature=creature.name, target=target.name))
        start = creature.anchor
        was_squeezed = creature.squeezed
        self._settle(state, creature, path.end, path.shapes[-1] if path.shapes else None)
        record_move(turn, "charge", path.state_after(turn.path_state))
        state.last_path = [start, *path.squares]
        route = " → ".join(square_name(s) for s in state.last_path)
        events.append(Event(kind="move", seat=action.seat,
                            data={"creature": creature.id, "path": [list(s) for s in state.last_path],
                                  "cost": path.cost, "mode": "charge"},
                            text=_('{creature} charges {route} ({cost} of {budget} squares, {feet} ft).',
                                   creature=creature.name, route=route, cost=path.cost, budget=budget,
                                   **distance(path.cost))))
        self._squeeze_note(creature, was_squeezed, events)
        self._provoked(state, creature, body, path, "charge", events)
        self._strike(state, action.seat, creature, target, action.weapon, action.roll, action.damage,
                     [(2, "charge")] if straight else [], True, events)
        if straight and not creature.is_("charging"):
            creature.conditions.append("charging")

    def _settle(self, state: EncounterState, creature: Creature, anchor: XY,
                shape: tuple[int, int] | None) -> None:
        """Put the creature down with the block the path planner chose: a big creature squeezed
        into a narrow space keeps its narrower block (3.5 §8, L153-157: a Large creature in a
        one-square corridor holds two squares), and it is squeezed while there, as it is in a
        sub-square gap narrower than its space."""
        side = creature.body().side_len
        creature.anchor = anchor
        creature.shape = shape if shape is not None and shape != (side, side) else None
        room = creature.body().space_feet
        gaps = [state.map.clear_width_at(sq) for sq in creature.squares] if state.map.clear_width else []
        creature.squeezed = creature.shape is not None or any(w is not None and w < room for w in gaps)

    def _squeeze_note(self, creature: Creature, was: bool, events: list[Event]) -> None:
        if creature.squeezed and not was:
            where = " ".join(square_name(sq) for sq in creature.squares)
            events.append(Event(kind="squeezed",
                                data={"creature": creature.id, "squares": [list(q) for q in creature.squares]},
                                text=_('{creature} is squeezed into {where}: -4 on its attack rolls and -4 to '
                                       'its AC while there.',
                                       creature=creature.name, where=where)))
        elif was and not creature.squeezed:
            events.append(Event(kind="unsqueezed", data={"creature": creature.id},
                                text=_('{creature} has room again: no longer squeezed.', creature=creature.name)))

    def _mode_hint(self, state: EncounterState, creature: Creature, mode: str, code: str) -> str:
        if code != "too-far" or mode != "single" or state.turn.attacks:
            return ""
        return _(' A double move allows {amount} squares in all (mode:double).', amount=2 * creature.move_speed)

    def _provoked(self, state: EncounterState, creature: Creature, body, path, mode: str,
                  events: list[Event], others: list | None = None) -> None:
        """Note the attacks of opportunity the move provokes; the referee resolves them.
        ``others``: the other creatures' bodies, if the caller has them as they stand now."""
        if others is None:
            others = self._others(state, creature)
        seen: set[str] = set()
        triggers = list(path.events) + provocations(
            state.map, body, path.squares, others, five_foot_step=mode == "step",
            threat=lambda b: self._threat(state, state.creatures[b.id]))
        for trigger in triggers:
            if trigger.kind not in ("provokes", "leaves-threat") or trigger.by in seen or trigger.by is None:
                continue
            seen.add(trigger.by)
            foe = state.creatures[trigger.by]
            why = (_('entering its square') if trigger.kind == 'provokes' else _('leaving {square}', square=square_name(trigger.square)))
            events.append(Event(kind="provokes", seat=foe.owner, data={"creature": creature.id, "by": foe.id},
                                text=_('{creature} provokes an attack of opportunity from {foe} ({why}).',
                                       creature=creature.name, foe=foe.name, why=why)))

    def _override(self, state: EncounterState, action: Override, events: list[Event]) -> None:
        creature = self.find(state, action.creature)
        start = creature.anchor
        was_squeezed = creature.squeezed
        creature.shape = None  # the referee puts it down in its full space...
        self._fits(state, creature, action.to)
        side = creature.body().side_len
        shape = None
        if side >= 2 and any(state.map.is_wall(sq) for sq in creature.squares_at(action.to)):
            # ...or squeezed, where only a narrower block stays off the walls (3.5 §8).
            narrow = -(-side // 2)
            shape = next((sh for sh in ((side, narrow), (narrow, side))
                          if not any(state.map.is_wall(sq) for sq in footprint(action.to, *sh))), None)
        self._settle(state, creature, action.to, shape)
        state.last_path = [start, action.to]
        why = f": {action.reason.strip()}" if action.reason.strip() else ""
        events.append(Event(kind="override", seat=action.seat,
                            data={"creature": creature.id, "from": list(start), "to": list(action.to)},
                            text=_('Referee override: {creature} moves from {square} to {square_2}, outside '
                                   'the movement rules{why}.', creature=creature.name, square=square_name(start), square_2=square_name(action.to), why=why)))
        self._squeeze_note(creature, was_squeezed, events)

    # -- combat ---------------------------------------------------------------------------------
    def _attack(self, state: EncounterState, action: Attack, events: list[Event]) -> None:
        attacker = self._commanded(state, action.seat, action.creature)
        target = self.find(state, action.target)
        on_turn = state.current is not None and state.current.id == attacker.id
        if on_turn:
            check_attack(state.turn, attacker.name, attacker.health == "disabled")
        self._strike(state, action.seat, attacker, target, action.weapon, action.roll, action.damage,
                     [], on_turn, events)
        if on_turn:
            record_attack(state.turn)

    def _weapon(self, attacker: Creature, number: int | None) -> Weapon | None:
        if number is None:
            return attacker.attacks[0] if attacker.attacks else None
        if not 1 <= number <= len(attacker.attacks):
            have = join("; ", [join("", [f"{i}: ", w.said()]) for i, w in enumerate(attacker.attacks, 1)]) or _("none given")
            raise IllegalAction("unknown-attack", _('{attacker} has no attack {number} (its attacks: {have}).',
                                                    attacker=attacker.name, number=number, have=have))
        return attacker.attacks[number - 1]

    def _threat(self, state: EncounterState, creature: Creature) -> set[XY]:
        """The squares a creature threatens with its melee attacks (3.5 §10.3): its natural
        reach, unless all its melee attacks are reach weapons (a reach weapon does not threaten
        the squares around its wielder, L242-244), plus a reach weapon's band."""
        body = creature.body()
        melee = [w for w in creature.attacks if w.range is None]
        zone: set[XY] = set()
        if not melee or any(not w.reach for w in melee):
            zone |= threatened_squares(state.map, body, rules=state.rules)
        if any(w.reach for w in melee):
            zone |= threatened_squares(state.map, body, reach_weapon=True, rules=state.rules)
        return zone

    def _reaches(self, state: EncounterState, attacker: Creature, target: Creature, weapon: Weapon) -> bool:
        try:
            self._in_range(state, attacker, target, weapon)
        except IllegalAction:
            return False
        return True

    def _in_range(self, state: EncounterState, attacker: Creature, target: Creature, weapon: Weapon) -> None:
        """Refuse an attack its weapon can't make from here (3.5 §10.2, §10.3)."""
        body = attacker.body()
        near = set(target.squares)
        gap = space_distance(attacker.squares, target.squares)
        if weapon.range is not None:
            if gap > weapon.range:
                raise IllegalAction("out-of-range", _('{target} is {gap} squares ({feet} ft) from {attacker}; its '
                                                      '{weapon} reaches {range} ({range_feet} ft).',
                                                      target=target.name, gap=gap, attacker=attacker.name,
                                                      weapon=weapon.name, range=weapon.range, **distance(gap),
                                                      **distance(weapon.range, "range_")))
            if not line_of_sight(state.map, attacker.squares, target.squares):
                raise IllegalAction("no-line-of-sight", _('{attacker} has no line of sight to {target}.',
                                                          attacker=attacker.name, target=target.name))
            return
        if weapon.reach:
            band = threatened_squares(state.map, body, reach_weapon=True, rules=state.rules)
            if not near & band:
                big = body.side_len >= 2
                lo, hi = (body.reach + 1, 2 * max(body.reach, 1)) if big else (2, 2)
                span = f"{lo} to {hi}" if lo != hi else str(lo)
                raise IllegalAction("out-of-reach", _("{attacker}'s {weapon} (a reach weapon) hits at {span} "
                                                      "squares, not at {gap}{outcome}.", attacker=attacker.name, weapon=weapon.name, span=span, gap=gap, outcome=_(' (not at its natural reach or closer)') if big and gap <= body.reach else ''))
            return
        # Melee at natural reach; a creature may always attack into its own square (L228-229).
        zone = threatened_squares(state.map, body, rules=state.rules) | set(attacker.squares)
        if not near & zone:
            if body.reach == 0:
                raise IllegalAction("out-of-reach", _("{attacker} has no reach: it must enter {target}'s "
                                                      "square to attack it in melee (L224-227).",
                                                      attacker=attacker.name, target=target.name))
            raise IllegalAction("out-of-reach", _('{target} is {gap} squares from {attacker}; its {weapon} '
                                                  'reaches {reach}.', target=target.name, gap=gap, attacker=attacker.name, weapon=weapon.name, reach=body.reach))

    def _strike(self, state: EncounterState, seat: str | None, attacker: Creature, target: Creature,
                number: int | None, typed_roll: str | None, typed_damage: str | None,
                extra: list[tuple[int, str]], on_turn: bool, events: list[Event]) -> None:
        """One attack roll against AC, with every modifier the creatures' states give."""
        if target.id == attacker.id:
            raise IllegalAction("attack-self", _("{attacker} can't attack itself.", attacker=attacker.name))
        if not attacker.can_act:
            raise IllegalAction("cannot-act", _("{attacker} is {health} and can't attack.",
                                                attacker=attacker.name, health=_health_word(attacker.health)))
        if attacker.is_("escaping"):
            raise IllegalAction("no-attack", _("{attacker} is squeezing through with Escape Artist and can't "
                                               "attack (L163-167).",
                                               attacker=attacker.name))
        if target.health == "dead":
            raise IllegalAction("target-dead", _('{target} is already dead.', target=target.name))
        weapon = self._weapon(attacker, number)
        expression = typed_roll or (f"1d20{weapon.bonus:+d}" if weapon and weapon.bonus else "1d20")
        if "d20" not in expression.replace(" ", "").casefold():
            raise IllegalAction("bad-dice", _('An attack roll is a d20 roll, such as 1d20+5, not '
                                              '{expression!r}.',
                                              expression=expression))
        if weapon is not None:
            self._in_range(state, attacker, target, weapon)
        damage = typed_damage or (weapon.damage if weapon else None)
        roll = roll_dice(expression, state.rng, purpose=_('{attacker} attacks {target}', attacker=attacker.name, target=target.name))
        natural = roll.dice[0] if roll.dice else 0
        mods = attacker.attack_modifiers() + list(extra)
        total = roll.total + sum(m for m, _ in mods)
        ac = target.effective_ac
        hit = natural == 20 or (natural != 1 and total >= ac)
        shown = join("", [str(roll.total), *(join("", [f" {m:+d} ", _modifier_word(why)]) for m, why in mods),
                          f" = {total}" if mods else ""])
        how = _("a natural 20") if natural == 20 else _("a natural 1") if natural == 1 else shown
        when = ('' if on_turn else _(' (out of turn: an attack of opportunity or a readied action)'))
        verdict = (_('hits') if hit else _('misses'))
        gap = space_distance(attacker.squares, target.squares)
        far = (_(' from {gap} squares ({feet} ft) away', gap=gap, **distance(gap))
               if gap > attacker.body().reach else '')
        with_ = (_(' with its {weapon}', weapon=weapon.name) if weapon else '')
        ac_text = join("", [_("AC {ac}", ac=target.ac),
                            *(join("", [f" {m:+d} ", _modifier_word(why)]) for m, why in target.ac_modifiers()),
                            f" = {ac}" if ac != target.ac else ""])
        events.append(Event(kind="attack", seat=seat, roll=roll,
                            data={"creature": attacker.id, "target": target.id, "hit": hit, "natural": natural,
                                  "distance": gap, "ac": ac, "weapon": weapon.name if weapon else None,
                                  # What the roll added to the d20 is the attack's bonus; then the
                                  # creatures' states (squeezed, charging...) on both sides.
                                  **attack_numbers(natural, [("bonus", roll.total - natural)]
                                                   + [(why, m) for m, why in mods], total, ac,
                                                   [(why, m) for m, why in target.ac_modifiers()])},
                            text=_('{attacker} attacks {target}{with_} ({ac_text}){far}{when}: {how}, '
                                   '{verdict}.', attacker=attacker.name, target=target.name, with_=with_, ac_text=ac_text, far=far, when=when, how=how, verdict=verdict)))
        state.last_attack = (attacker.anchor, target.anchor)
        if hit and natural == 20:
            events.append(Event(kind="critical_threat", data={"creature": attacker.id},
                                text=_('A natural 20 threatens a critical hit: confirm it and add the extra '
                                       'damage with /damage.')))
        if hit and not damage:
            events.append(Event(kind="reminder", text=_('Apply the damage with /damage creature:{id}.',
                                                        id=target.id)))
        elif hit:
            damage_roll = roll_dice(damage, state.rng, purpose=_("{attacker}'s damage", attacker=attacker.name))
            amount = max(1, damage_roll.total)  # 3.5: a hit always deals at least 1 damage
            floor = _(" (at least 1 on a hit)") if amount != damage_roll.total else ""
            events.append(Event(kind="damage_roll", seat=seat, roll=damage_roll,
                                text=_('Damage: {total}{floor}.', total=damage_roll.total, floor=floor)))
            self._hurt(state, target, amount, events)
        if on_turn and state.disabled_strain and attacker.health == "disabled":
            events.append(Event(kind="strain", data={"creature": attacker.id},
                                text=_('{attacker} is disabled: the effort costs it 1 hp.',
                                       attacker=attacker.name)))
            self._hurt(state, attacker, 1, events)

    def _hurt(self, state: EncounterState, target: Creature, amount: int, events: list[Event]) -> None:
        before = target.health
        target.hp -= amount
        after = target.health
        said = dict(target=target.name, amount=amount, hp=target.hp, max_hp=target.max_hp)
        if after != before:
            text = _("{target} takes {amount} damage ({hp}/{max_hp} hp) and is {health}.", **said,
                     health=_health_words(after))
        else:
            text = _("{target} takes {amount} damage ({hp}/{max_hp} hp).", **said)
        events.append(Event(kind="damage", data={"creature": target.id, "amount": amount, "hp": target.hp},
                            text=text))

    def _amount(self, state: EncounterState, text: str, purpose: str, events: list[Event]) -> int:
        text = str(text).strip()
        if text.lstrip("+").isdigit():
            return int(text)
        roll = roll_dice(text, state.rng, purpose=purpose)
        events.append(Event(kind="roll", roll=roll, text=_('{purpose}: {total}.',
                                                           purpose=purpose, total=roll.total)))
        return max(0, roll.total)

    def _damage(self, state: EncounterState, action: Damage, events: list[Event]) -> None:
        target = self.find(state, action.creature)
        if target.health == "dead":
            raise IllegalAction("target-dead", _('{target} is already dead.', target=target.name))
        amount = self._amount(state, action.amount, _('Damage to {target}', target=target.name), events)
        self._hurt(state, target, amount, events)

    def _heal(self, state: EncounterState, action: Heal, events: list[Event]) -> None:
        target = self.find(state, action.creature)
        if target.health == "dead":
            raise IllegalAction("target-dead", _("{target} is dead; healing can't bring it back (/game undo "
                                                 "takes back a mistake).",
                                                 target=target.name))
        amount = self._amount(state, action.amount, _('Healing for {target}', target=target.name), events)
        before = target.health
        target.hp = min(target.max_hp, target.hp + amount)
        after = target.health
        if target.hp >= 0:
            target.conditions = [c for c in target.conditions if c.casefold() != "stable"]
        events.append(Event(kind="heal", data={"creature": target.id, "amount": amount, "hp": target.hp},
                            text=_("{target} is healed {amount} ({hp}/{max_hp} hp) and is {health}.",
                                   target=target.name, amount=amount, hp=target.hp, max_hp=target.max_hp,
                                   health=_health_words(after)) if after != before else
                            _("{target} is healed {amount} ({hp}/{max_hp} hp).", target=target.name, amount=amount,
                              hp=target.hp, max_hp=target.max_hp)))
        if state.phase == "combat" and state.turn is None and state.order:
            self._begin_next(state, 0, events)  # a stalled fight goes on

    def _condition(self, state: EncounterState, action: SetConditions, events: list[Event]) -> None:
        creature = self._commanded(state, action.seat, action.creature)
        if not action.add and not action.remove:
            raise IllegalAction("missing-option", _('Say which condition to add or remove, e.g. add:prone.'))
        if action.seat != REFEREE:
            # A player lands or takes off with a creature that has a fly speed, and squeezes with
            # Escape Artist; every other condition that changes the rules is the referee's call.
            for label in [*action.add, *action.remove]:
                effect = canonical(label)
                if effect is None or effect == "escaping" or (effect == "flying" and creature.fly is not None):
                    continue
                raise IllegalAction("referee-only", _('Only the referee sets or clears {strip!r}: it changes '
                                                      'the rules (/help condition).',
                                                      strip=label.strip()))
        lowered = {c.casefold(): c for c in creature.conditions}
        missing = [c for c in action.remove if c.strip().casefold() not in lowered]
        if missing:
            have = commas(creature.conditions) or _("none")
            raise IllegalAction("unknown-condition", _('{creature} is not {names} (its conditions: {have}).',
                                                       creature=creature.name, names=commas(missing), have=have))
        kept = [c for c in creature.conditions if c.casefold() not in {r.strip().casefold() for r in action.remove}]
        for label in action.add:
            label = label.strip()
            if not label or len(label) > 24:
                raise IllegalAction("bad-condition", _('A condition is a short label (1 to 24 characters).'))
            if label.casefold() not in {c.casefold() for c in kept}:
                kept.append(label)
        creature.conditions = kept
        parts = []
        if action.add:
            parts.append(_("now {names}", names=commas([a.strip() for a in action.add])))
        if action.remove:
            parts.append(_("no longer {names}", names=commas([r.strip() for r in action.remove])))
        events.append(Event(kind="condition", seat=action.seat, data={"creature": creature.id,
                                                                      "conditions": kept},
                            text=_('{creature} is {names}.', creature=creature.name, names=listed(parts))))

    # -- pausing and finishing -----------------------------------------------------------------
    def _pause(self, state: EncounterState, action: Pause, events: list[Event]) -> None:
        state.paused_from = state.phase
        state.phase = "paused"
        why = f": {action.reason.strip()}" if action.reason.strip() else ""
        events.append(Event(kind="pause", seat=action.seat, text=_('The referee pauses the encounter{why}.',
                                                                   why=why)))

    def _resume(self, state: EncounterState, action: Resume, events: list[Event]) -> None:
        state.phase = state.paused_from or "combat"
        state.paused_from = None
        current = state.current
        whose = (_(" It is {current}'s turn.", current=current.name) if current else '')
        events.append(Event(kind="resume", seat=action.seat, text=_('The encounter resumes.{whose}',
                                                                    whose=whose)))

    def _finish(self, state: EncounterState, action: Finish, events: list[Event]) -> None:
        self._close(state, action.reason.strip() or "the referee ended the encounter", events)

    def _close(self, state: EncounterState, reason: str, events: list[Event]) -> None:
        fallen = [c.name for c in state.creatures.values() if c.health in ("dying", "dead")]
        state.result = Result(reason=reason)
        state.phase = "over"
        state.turn = None
        summary = (_(' Down: {names}.', names=commas(fallen)) if fallen else '')
        events.append(Event(kind="game_over", seat=REFEREE,
                            text=ngettext("The encounter is over ({reason}) after {n} round.{summary}",
                                          "The encounter is over ({reason}) after {n} rounds.{summary}", state.round,
                                          reason=reason, summary=summary)))

    # -- views ----------------------------------------------------------------------------------
    def _to_act(self, state: GameState) -> list[str]:
        assert isinstance(state, EncounterState)
        if state.is_over:
            return []
        current = state.current
        if state.phase == "combat" and current is not None and current.owner != REFEREE:
            return [current.owner, REFEREE]
        return [REFEREE]

    def _order_text(self, state: EncounterState) -> str:
        parts = []
        current = state.current
        for cid in state.order:
            c = state.creatures[cid]
            mark = "▶" if current is not None and current.id == cid else ""
            parts.append(f"{mark}{c.name} {c.initiative}")
        return ", ".join(parts)

    def _status(self, state: GameState) -> str:
        assert isinstance(state, EncounterState)
        if state.is_over:
            return _("The encounter is over: {reason}.", reason=state.result.why())
        if state.phase == "setup":
            return ngettext("Setting up on {map}: {n} creature placed. The referee places creatures (/place) and "
                            "rolls /initiative to begin.",
                            "Setting up on {map}: {n} creatures placed. The referee places creatures (/place) and "
                            "rolls /initiative to begin.", len(state.creatures), map=map_title(state.map))
        if state.phase == "paused":
            return _("The encounter is paused; the referee resumes it with /resume.")
        current = state.current
        if current is None:
            return _("Round {round}: no creature can act. Order: {order}.", round=state.round,
                     order=self._order_text(state))
        turn = state.turn
        owner = state.seat(current.owner).name
        if turn.spent:
            limit = movement_budget_total(current, turn.mode, state.run_heavy_x3)
            return _("Round {round}: {creature}'s turn ({owner}, moved {spent} of {limit}). Order: {order}.",
                     round=state.round, creature=current.name, owner=owner, spent=turn.spent, limit=limit,
                     order=self._order_text(state))
        return _("Round {round}: {creature}'s turn ({owner}). Order: {order}.", round=state.round,
                 creature=current.name, owner=owner, order=self._order_text(state))

    def _legal_actions(self, state: GameState, seat: str) -> list[Action]:
        """A summary for suggestions: the active creature's single-move squares, its targets,
        ending its turn, and for the referee the creatures it may adjust."""
        assert isinstance(state, EncounterState)
        if state.is_over:
            return []
        actions: list[Action] = []
        if seat == REFEREE:
            if state.phase == "setup" and state.creatures:
                actions.append(RollInitiative(seat=seat))
            if state.phase == "paused":
                actions.append(Resume(seat=seat))
            actions += [RemoveCreature(seat=seat, creature=c.id) for c in state.creatures.values()]
        current = state.current
        if state.phase != "combat" or current is None or seat not in (current.owner, REFEREE):
            return actions
        turn = state.turn
        try:
            budget = movement_budget(turn, current.name, current.move_speed, "single",
                                     heavy_armour=current.heavy_armour, run_x3=state.run_heavy_x3,
                                     disabled=current.health == "disabled")
            squares = reachable(state.map, current.body(), self._others(state, current), turn.path_state,
                                state.rules, budget)
            actions += [Move(seat=seat, creature=current.id, to=sq) for sq in squares]
        except IllegalAction:
            pass
        try:
            check_attack(turn, current.name, current.health == "disabled")
            for c in state.creatures.values():
                if c.id == current.id or c.health == "dead":
                    continue
                # With attacks described, only those that reach the target are offered.
                usable = [n for n, w in enumerate(current.attacks, 1) if self._reaches(state, current, c, w)]
                if not current.attacks:
                    actions.append(Attack(seat=seat, creature=current.id, target=c.id))
                elif usable:
                    actions.append(Attack(seat=seat, creature=current.id, target=c.id, weapon=usable[0]))
        except IllegalAction:
            pass
        actions.append(EndTurn(seat=seat, creature=current.id))
        return actions

    def board(self, state: GameState) -> BoardView:
        assert isinstance(state, EncounterState)
        view = board_view_of(state.map)
        current = state.current
        for c in state.creatures.values():
            view.tokens.append(Token(
                id=c.id, label=c.label, name=c.name, side=c.owner, squares=c.squares, hp=c.hp,
                max_hp=c.max_hp, conditions=c.badges(), active=current is not None and current.id == c.id,
                activated=c.acted,
            ))
        view.last_path = list(state.last_path)
        view.last_attack = state.last_attack
        owners = {c.owner for c in state.creatures.values()}
        view.side_names = {s.id: s.name for s in state.seats if s.id in owners}
        view.title = _("{game} — {map}", game=self.title, map=map_title(state.map))
        view.caption = self.status(state)
        return view

    def _action_from_command(self, state: GameState, seat: str, command: str, options: dict[str, Any]) -> Action:
        assert isinstance(state, EncounterState)
        return command_parser.action_from_command(self, state, seat, command, options)


def movement_budget_total(creature: Creature, mode: str | None, run_x3: bool) -> int:
    """The whole turn's allowance in the mode used so far (for "moved 4 of 6")."""
    key = {"single": "move", None: "move"}.get(mode, mode)
    if key == "minimum":
        return 1
    return allowance(creature.move_speed, key, heavy_armour=creature.heavy_armour, run_heavy_x3=run_x3)


def straight_line(start: XY, end: XY) -> list[XY]:
    """The squares a straight run from ``start`` to ``end`` enters, one step at a time: at each
    step the square whose centre lies nearest the line (halves round toward ``end``).

    >>> [square_name(s) for s in straight_line((0, 0), (4, 2))]
    ['B2', 'C2', 'D3', 'E3']
    """
    dx, dy = end[0] - start[0], end[1] - start[1]
    n = max(abs(dx), abs(dy))
    out = []
    for i in range(1, n + 1):
        # Exact rounding of start + d * i / n, ties away from the start.
        def coord(s, d):
            num = 2 * d * i + (n if d >= 0 else -n)
            return s + (num // (2 * n) if d >= 0 else -((-num) // (2 * n)))
        out.append((coord(start[0], dx), coord(start[1], dy)))
    return out


# What changes an attack roll or an AC, as the attack line names it (the creatures' states; the
# English stays in the event's numbers).
_MODIFIER_WORDS = {"squeezed": N_("squeezed"), "Escape Artist": N_("Escape Artist"), "charged": N_("charged"),
                   "charge": N_("charge")}


def _modifier_word(why: str) -> Any:
    return Text._make(_MODIFIER_WORDS[why], None, None, {}, "dnd35") if why in _MODIFIER_WORDS else why


def _health_word(health: str) -> Any:
    """A hit point state in one word ("dying"), where a sentence says why it does nothing."""
    return {"ok": _("able to act"), "disabled": _("disabled"), "dying": _("dying"), "dead": _("dead")}[health]


def _health_words(health: str) -> str:
    return {
        "ok": _("back on its feet"), "disabled": _("disabled (0 hp: one action a turn)"),
        "dying": _("dying (unconscious, losing blood)"), "dead": _("dead"),
    }[health]
