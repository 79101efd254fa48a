"""The D&D Miniatures skirmish ruleset ("dnd-minis"): both editions, 2 to 4 players.

Phases of the state machine::

    warbands -> [choose-map] -> choose-first -> deploy -> initiative -> choose-first
             -> activation (phases of two turns) -> initiative ... -> over

Option ``edition`` picks War Drums (default) or the starter rules; ``scenario`` the format
(see :mod:`.rules`). Every ruling the rules files make a setting is an option too.

Immediate actions (War Drums §7.1, Skirmish §8.5) resolve the moment they are triggered and
before the action they interrupt goes on: an attack of opportunity before the mover leaves
its square, Death Strike before its creature leaves the board, Cleave right after the blow
that felled the first enemy. One triggered while another resolves (Death Strike answering an
attack of opportunity) resolves first: the last declared resolves first, the stack of the
rules, kept by the call stack. Where the rules give a player a choice in the middle of all
this (whether to strike, at whom, in what order, §24), the game asks with a pending decision
(:mod:`engine.core.decisions`) and resumes with the answer.
"""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core import BOARD_EVENTS, Action, BoardView, Event, GameState, IllegalAction, Rng, Ruleset, Seat, Token
from engine.grid import square_name
from engine.grid.board import map_title
from engine.grid.view import board_view_of
from engine.rulesets.dnd_minis.creature import Creature
from engine.rulesets.dnd_minis.maps import zone_label
from engine.rulesets.dnd_minis.skirmish import rounds, setup, turn
from engine.rulesets.dnd_minis.skirmish.actions import ACTION_TYPES, ChooseFirst, JudgeRuling
from engine.rulesets.dnd_minis.skirmish.field import SkirmishField
from engine.rulesets.dnd_minis.skirmish.rules import OPTION_HELP, SkirmishRules
from engine.rulesets.dnd_minis.skirmish.state import SkirmishState
from engine.core.text import _, join, commas

XY = tuple[int, int]
TURN_ACTIONS = ("activate", "move", "attack", "charge", "cast", "end")


class Skirmish(Ruleset):
    name: ClassVar[str] = "dnd-minis"
    title: ClassVar[str] = _("D&D Miniatures Skirmish")
    state_model = SkirmishState
    action_types = ACTION_TYPES
    min_seats = 2
    max_seats = 4
    has_judge = True  # /game judge: rulings by /override, /damage, /heal, /remove, /condition
    can_drop_seats = True  # three or four players: the battle goes on without a late one

    def option_names(self) -> dict[str, str]:
        return dict(OPTION_HELP)

    # Laying terrain tiles and deploying change the board the next player decides on.
    board_events = BOARD_EVENTS | {"tile", "tiles_done", "deploy", "judge"}  # a ruling changes the board too

    def commands(self) -> set[str]:
        return {"warband", "map", "first", "tile", "place", "initiative", "activate", "move", "attack", "charge",
                "cast", "end", "aoo", "override", "damage", "heal", "remove", "condition"}

    def map_names(self) -> list[str]:
        """Shipped maps a skirmish can be played on (battle maps and the starter battle grid)."""
        from engine.rulesets.dnd_minis.maps import map_names

        return [m for m in map_names() if m not in map_names("quick-start")]

    def square_label(self, square: Any) -> str:
        return square_name(tuple(square))

    # -- set-up -----------------------------------------------------------------------------------
    def new_game(self, seed: int, options: dict[str, Any] | None = None) -> SkirmishState:
        options = dict(options or {})
        rules = SkirmishRules.from_options(options)
        seats = []
        for i in range(rules.players):
            team = None
            if rules.teams:
                team = "A" if i % 2 == 0 else "B"  # teammates sit apart so phases alternate (§6.2)
            seats.append(Seat(id=f"p{i + 1}", name=f"Player {i + 1}", team=team))
        state = SkirmishState(ruleset=self.name, seed=seed, rng=Rng.from_seed(seed), options=options,
                              seats=seats, phase="warbands", rules=rules)
        setup.new_players(state)
        return state

    def seat_required(self, seat_id: str) -> bool:
        return True

    # -- dispatch ---------------------------------------------------------------------------------
    def _apply(self, state: GameState, action: Action, events: list[Event]) -> None:
        assert isinstance(state, SkirmishState)
        if isinstance(action, JudgeRuling):  # the judge's rulings: any phase, no seat (#15 item 16)
            from engine.rulesets.dnd_minis.skirmish.judging import judge
            judge(state, action, events)
            return
        seats = {s.id for s in state.seats}
        if action.seat not in seats:
            raise IllegalAction("not-seated", _('Only a player with a seat in this battle can do that.'))
        kind = action.kind
        if kind == "aoo":  # a standing order: any phase, even out of turn (there's no mid-move prompt)
            from engine.rulesets.dnd_minis.skirmish import orders
            orders.give_aoo_order(state, action, events)
            return
        expected = {"warband": ("warbands",), "map": ("choose-map",), "first": ("choose-first",),
                    "place": ("deploy", "initiative"), "initiative": ("initiative",), "tile": ("tiles",)}.get(kind, ("activation",))
        if state.phase not in expected:
            raise IllegalAction("wrong-phase", _("That can't be done now: {status}", status=self.status(state)))
        if kind not in ("initiative",) and action.seat not in self.to_act(state) and kind != "warband":
            raise IllegalAction("not-your-turn", _('It is not your turn: {status}', status=self.status(state)))
        if kind == "warband":
            setup.submit_warband(state, action, events)
        elif kind == "map":
            setup.choose_map(state, action, events)
        elif kind == "first":
            self._first(state, action, events)
        elif kind == "place" and state.phase == "initiative":
            setup.place_waylay(state, action, turn.find_creature(state, action.creature), events)
        elif kind == "place":
            creature = turn.find_creature(state, action.creature)
            setup.deploy(state, action, creature, events)
        elif kind == "initiative":
            rounds.roll_round_initiative(state, events)
        elif kind == "tile":
            setup.place_tile(state, action.seat, action.tile, action.square, action.rotation, events)
        else:
            self._turn_action(state, action, events)

    def _drop_seat(self, state: GameState, seat: str, events: list[Event]) -> None:
        """A late player leaves a battle of three or more; see :mod:`.leaving`."""
        from engine.rulesets.dnd_minis.skirmish.leaving import drop_seat

        assert isinstance(state, SkirmishState)
        drop_seat(state, seat, events)

    def _first(self, state: SkirmishState, action: ChooseFirst, events: list[Event]) -> None:
        if action.first not in {s.id for s in state.seats}:
            raise IllegalAction("unknown-seat", _('Say who goes first: me, opponent, or a seat (p1, p2...).'))
        if state.choice == "deploy-order":
            setup.choose_deployer(state, action.first, events)
        else:
            rounds.choose_order(state, action.first, events)

    def _turn_action(self, state: SkirmishState, action: Action, events: list[Event]) -> None:
        creature = self._acting(state, action)
        if state.activation is None:
            rounds.begin_turn(state, creature, action.seat, events)
            if state.activation is None or state.activation.creature != creature.id:
                return  # the turn ended by itself (routing, stunned...)
            if creature.controller not in (None, action.seat):
                return  # an opponent takes over (Confusion 1-5)
            if action.kind == "activate":
                return
        elif action.kind == "activate":
            raise IllegalAction("turn-in-progress", _('The {creature} is already taking its turn.',
                                                      creature=creature.name))
        if action.kind == "move":
            turn.move(state, creature, action, events)
        elif action.kind == "attack":
            turn.attack(state, creature, action, events)
        elif action.kind == "charge":
            turn.charge(state, creature, action, events)
        elif action.kind == "cast":
            from engine.rulesets.dnd_minis.skirmish import casting
            casting.cast(state, creature, action, events)
        elif action.kind == "end":
            t = state.activation
            if t.rush_target and not t.attacks:
                target = state.creatures[t.rush_target]
                field = SkirmishField(state)
                if target.on_board and field.adjacent(creature, target) and not target.routed:
                    raise IllegalAction("must-attack", _('The {creature} rushed at the {target} and must '
                                                         'attack it.',
                                                         creature=creature.name, target=target.name))
            rounds.finish_turn(state, events)

    def _acting(self, state: SkirmishState, action: Action) -> Creature:
        wanted = getattr(action, "creature", None)
        if state.activation is not None:
            current = state.creatures[state.activation.creature]
            if wanted and turn.find_creature(state, wanted).id != current.id:
                raise IllegalAction("turn-in-progress", _('The {current} is taking its turn; /end it first.',
                                                          current=current.name))
            controller = current.controller or current.side
            if action.seat != controller:
                raise IllegalAction("not-your-creature", _('The {current} is not yours to command.',
                                                           current=current.name))
            return current
        if not wanted:
            raise IllegalAction("which-creature", _('Say which creature takes its turn (creature:).'))
        creature = turn.find_creature(state, wanted)
        return creature

    # -- views ------------------------------------------------------------------------------------
    def _to_act(self, state: GameState) -> list[str]:
        assert isinstance(state, SkirmishState)
        if state.is_over:
            return []
        phase = state.phase
        if phase == "warbands":
            return [s for s, p in state.players.items() if not p.submitted]
        if phase in ("choose-map", "choose-first"):
            return [state.chooser]
        if phase in ("deploy", "tiles"):
            return [state.deployer]
        if phase == "initiative":
            return state.in_battle()
        if phase == "activation":
            if state.activation is not None:
                c = state.creatures[state.activation.creature]
                return [c.controller or c.side]
            return [state.phase_seat] if state.phase_seat else []
        return []

    def _status(self, state: GameState) -> str:
        assert isinstance(state, SkirmishState)
        if state.is_over:
            return _("The battle is over: {reason}.", reason=state.result.why())
        names = commas(state.seat(s).name for s in self.to_act(state))
        phase = state.phase
        if phase == "warbands":
            return _("Waiting for warbands from {names} (/warband).", names=names)
        if phase == "choose-map":
            return _("{names} chooses the battle map (/map).", names=names)
        if phase == "choose-first":
            if state.choice == "deploy-order":
                return _("{names} says who deploys first (/first).", names=names)
            return _("{names} says who acts first (/first).", names=names)
        if phase == "tiles":
            return _("{names} lays a terrain tile (/tile tile square rotation).", names=names)
        if phase == "deploy":
            return _("{names} deploys (/place creature square).", names=names)
        if phase == "initiative":
            return _("Round {round}: roll initiative (/initiative).", round=state.round)
        if phase == "activation":
            vp = commas([_("{seat} {vp} VP", seat=state.seat(s).name, vp=p.vp) for s, p in state.players.items()])
            if state.activation is not None:
                c = state.creatures[state.activation.creature]
                return _("Round {round}: {names}'s turn with the {creature}. {vp}.", round=state.round, names=names,
                         creature=c.name, vp=vp)
            return _("Round {round}: {names}'s phase — activate a creature. {vp}.", round=state.round, names=names,
                     vp=vp)
        return phase

    def _legal_actions(self, state: GameState, seat: str) -> list[Action]:
        assert isinstance(state, SkirmishState)
        from engine.rulesets.dnd_minis.skirmish import legal

        return legal.legal_actions(self, state, seat)

    def board(self, state: GameState) -> BoardView:
        assert isinstance(state, SkirmishState)
        grid = state.map or (state.layout.to_grid() if state.layout is not None else None)
        if grid is None:
            return BoardView(width=1, height=1, title=self.title, caption=self.status(state))
        view = board_view_of(grid)
        owners = {p.letter: seat for seat, p in state.players.items() if p.letter}
        for zone in view.zones:
            # Start letters become the seats holding them (side colours); an area no player
            # holds yet is drawn neutral rather than as a side of its own.
            zone.side = owners.get(zone.side) if zone.side else None
            zone.label = zone_label(zone.label)
        active = state.activation.creature if state.activation else None
        for c in state.creatures.values():
            if not c.on_board:
                continue
            conditions = c.condition_names() + (["ROUT"] if c.routed else [])
            view.tokens.append(Token(id=c.id, label=c.label, name=c.name, side=c.side, squares=c.squares,
                                     hp=c.hp, max_hp=c.max_hp, conditions=conditions, active=c.id == active,
                                     activated=c.activated))
        view.last_path = list(state.last_path)
        view.last_attack = state.last_attack
        view.side_names = {s.id: s.name for s in state.seats}
        view.title = _("D&D Miniatures Skirmish — {map}", map=map_title(grid))
        view.caption = self.status(state)
        return view

    def command_range_board(self, state: GameState, creature: str) -> BoardView:
        """The board with a commander's command range drawn: 6 squares counted around walls
        (War Drums §14.2; Skirmish §9). ``creature`` "active" (or empty) is the one taking its turn.

        >>> # /game board command:Lord  -> the board, with the squares the Lord commands tinted
        """
        from engine.rulesets.dnd_minis.skirmish import command

        assert isinstance(state, SkirmishState)
        if state.map is None:
            raise IllegalAction("no-battlefield", _('There is no battlefield yet: command ranges come once the '
                                                    'map is set.'))
        text = (creature or "").strip()
        if text.casefold() in ("", "active"):
            if state.activation is None:
                raise IllegalAction("which-creature", _('No creature is taking its turn: name the commander '
                                                        '(/game board command:NAME).'))
            c = state.creatures[state.activation.creature]
        else:
            c = turn.find_creature(state, text)
        field = SkirmishField(state)
        if not c.on_board:
            raise IllegalAction("not-on-board", _('The {creature} is not on the battlefield.', creature=c.name))
        if command.rating(field, c) is None:
            raise IllegalAction("no-commander", _('The {creature} is no commander: it has no command range.', creature=c.name))
        if not command.able_to_command(field, c):
            raise IllegalAction("cannot-command", _("The {creature} can't command now (routing, stunned, helpless or "
                                                    "confused): it has no command range.",
                                                    creature=c.name))
        view = self.board(state)
        view.zones.append(self._command_zone(state, c))
        view.caption = _("{creature}'s command range. {caption}", creature=c.name, caption=view.caption)
        return view

    def _command_zone(self, state: SkirmishState, c: Creature):
        """The squares within 6 of a commander, counted around walls (§14.2)."""
        from engine.core.board_view import Zone
        from engine.grid import space_distance, walking_distance

        squares = []
        x0, y0 = c.square
        for x in range(x0 - 6, x0 + c.span + 6):
            for y in range(y0 - 6, y0 + c.span + 6):
                sq = (x, y)
                if not state.map.in_bounds(sq) or state.map.is_wall(sq) or sq in c.squares:
                    continue
                if space_distance([sq], c.squares) > 6:
                    continue
                d = min((walking_distance(state.map, p, sq) for p in c.squares), key=lambda v: 99 if v is None else v)
                if d is not None and d <= 6:
                    squares.append(sq)
        zone = Zone(kind="command", squares=squares, side=c.side)
        zone.label = _("{creature}'s command", creature=c.name)  # set after validation: stays a Text
        return zone

    # -- commands ---------------------------------------------------------------------------------
    def _action_from_command(self, state: GameState, seat: str, command: str, options: dict[str, Any]) -> Action:
        assert isinstance(state, SkirmishState)
        from engine.rulesets.dnd_minis.skirmish import commands

        return commands.action_from_command(state, seat, command, options)
