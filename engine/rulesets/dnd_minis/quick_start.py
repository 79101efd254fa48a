"""The Quick Start Battle of D&D Miniatures (War Drums §3): Wood Elf Ranger against Orc Mauler.

One creature a side on a small battlefield. Set-up: a roll-off to choose creatures, a roll-off
to place first on one of four start squares (the second player takes one of the two on the
opposite side). Each round: an initiative roll-off (ties re-rolled), the winner says who acts
first, then each creature takes one turn. A failed morale save or 0 hit points ends the battle.

Phases of the state machine::

    choose-creature -> place -> initiative -> choose-order -> activation -> initiative ... -> over
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from engine.core.models import kept_options
from engine.core import (
    Action,
    BoardView,
    Event,
    GameState,
    IllegalAction,
    Result,
    Rng,
    Ruleset,
    Seat,
    Token,
    roll_d20,
)
from engine.grid import GridMap, parse_square, square_name
from engine.grid.board import map_title
from engine.grid.view import board_view_of
from engine.rulesets.dnd_minis.activation import Activation
from engine.rulesets.dnd_minis.battlefield import Battlefield
from engine.rulesets.dnd_minis.cards import find_card
from engine.rulesets.dnd_minis.creature import Creature
from engine.rulesets.dnd_minis import judge
from engine.rulesets.dnd_minis.maps import zone_label, load_map, map_names, start_side_of, start_squares
from engine.core.text import _, ngettext, either, commas

XY = tuple[int, int]
SEATS = ("p1", "p2")
CREATURE_CARDS = {"ranger": "wood-elf-ranger", "orc": "orc-mauler"}
DEFAULT_MAP = "ruined-gate"


# -- actions ----------------------------------------------------------------------------------
class Start(Action):
    """Both seats are filled: roll off for the choice of creature."""

    kind: Literal["start"] = "start"


class ChooseCreature(Action):
    kind: Literal["choose"] = "choose"
    creature: str


class Place(Action):
    kind: Literal["place"] = "place"
    square: XY


class RollInitiative(Action):
    kind: Literal["initiative"] = "initiative"


class ChooseFirst(Action):
    kind: Literal["first"] = "first"
    first: str  # seat id that acts first this round


class Move(Action):
    kind: Literal["move"] = "move"
    creature: str
    to: XY | None = None
    path: list[XY] | None = None  # squares after the start, when the player spells the path out


class Attack(Action):
    kind: Literal["attack"] = "attack"
    creature: str
    target: str
    entry: int | None = None  # 1-based attack entry; default: next in printed order


class EndActivation(Action):
    kind: Literal["end"] = "end"
    creature: str | None = None


# -- state ------------------------------------------------------------------------------------
class QuickStartState(GameState):
    map: GridMap
    creatures: dict[str, Creature] = Field(default_factory=dict)
    chooser: str | None = None
    placer: str | None = None
    initiative_winner: str | None = None
    order: list[str] = Field(default_factory=list)
    acted: list[str] = Field(default_factory=list)
    activation: Activation | None = None
    last_path: list[XY] = Field(default_factory=list)
    last_attack: tuple[XY, XY] | None = None
    start_sides: dict[str, str] = Field(default_factory=dict)  # start letter -> seat placed there

    def creature_of(self, seat: str) -> Creature | None:
        for creature in self.creatures.values():
            if creature.side == seat:
                return creature
        return None


def roll_off(rng: Rng, seats: list[Seat], purpose: str, events: list[Event]) -> str:
    """Both seats roll a d20; the higher wins, ties are rolled again (Quick Start §3.1, §3.2)."""
    while True:
        rolls = {}
        for seat in seats:
            roll = roll_d20(rng, purpose=_("{seat} {purpose}", seat=seat.name, purpose=purpose))
            rolls[seat.id] = roll.total
            events.append(Event(kind="roll_off", seat=seat.id, roll=roll,
                                text=_('{seat} rolls {total} for {purpose}.',
                                       seat=seat.name, total=roll.total, purpose=purpose)))
        best = max(rolls.values())
        leaders = [s for s, v in rolls.items() if v == best]
        if len(leaders) == 1:
            return leaders[0]
        events.append(Event(kind="roll_off_tie", text=_('Tie at {best}: roll again.', best=best)))


class QuickStart(Ruleset):
    name = "dnd-minis-quick"
    title = _("D&D Miniatures Quick Start Battle")
    state_model = QuickStartState
    action_types = (Start, ChooseCreature, Place, RollInitiative, ChooseFirst, Move, Attack, EndActivation,
                    *judge.JUDGE_ACTIONS)
    has_judge = True  # /game judge: rulings by /override, /damage, /heal, /remove, /condition (#15 item 16)
    board_events = Ruleset.board_events | {"judge"}  # a ruling changes the board too

    def option_names(self) -> dict[str, str]:
        return {"map": _("battle map name (default {map})", map=DEFAULT_MAP)}

    def map_names(self) -> list[str]:
        return map_names("quick-start")

    def commands(self) -> set[str]:
        return {"choose", "place", "initiative", "first", "move", "attack", "end", *judge.RULINGS}

    def square_label(self, square: Any) -> str:
        return square_name(tuple(square))

    def start_action(self, state: GameState) -> Action | None:
        return Start() if state.phase == "waiting" else None

    # -- set-up -----------------------------------------------------------------------------------
    def new_game(self, seed: int, options: dict[str, Any] | None = None) -> QuickStartState:
        options = dict(options or {})
        grid = load_map(options.get("map", DEFAULT_MAP), options.get("map_data"))
        if len(start_squares(grid)) < 4:
            raise IllegalAction("bad-map", _('Map {grid} needs four start squares for a Quick Start Battle.',
                                             grid=map_title(grid)))
        return QuickStartState(
            ruleset=self.name, seed=seed, rng=Rng.from_seed(seed), options=kept_options(options),
            seats=[Seat(id="p1", name="Player 1"), Seat(id="p2", name="Player 2")],
            phase="waiting", map=grid,
        )

    # -- dispatch ---------------------------------------------------------------------------------
    def _apply(self, state: GameState, action: Action, events: list[Event]) -> None:
        assert isinstance(state, QuickStartState)
        if isinstance(action, judge.JudgeRuling):  # the judge's rulings: any phase once placed, no seat
            self._judge(state, action, events)
            return
        handler = {
            "start": self._start, "choose": self._choose, "place": self._place,
            "initiative": self._initiative, "first": self._first, "move": self._move,
            "attack": self._attack, "end": self._end,
        }[action.kind]
        expected = {
            "start": "waiting", "choose": "choose-creature", "place": "place",
            "initiative": "initiative", "first": "choose-order", "move": "activation",
            "attack": "activation", "end": "activation",
        }[action.kind]
        if state.phase != expected:
            raise IllegalAction("wrong-phase", _("That can't be done now: {status}", status=self.status(state)))
        if action.kind != "start" and action.kind != "initiative" and action.seat not in self.to_act(state):
            raise IllegalAction("not-your-turn", _('It is not your turn: {status}', status=self.status(state)))
        handler(state, action, events)

    def _start(self, state: QuickStartState, action: Start, events: list[Event]) -> None:
        state.chooser = roll_off(state.rng, state.seats, _('the choice of creature'), events)
        state.phase = "choose-creature"
        events.append(Event(kind="prompt", seat=state.chooser,
                            text=_('{seat} chooses a creature: ranger or orc.',
                                   seat=state.seat(state.chooser).name)))

    def _choose(self, state: QuickStartState, action: ChooseCreature, events: list[Event]) -> None:
        key = self._creature_key(action.creature)
        other_key = "orc" if key == "ranger" else "ranger"
        other_seat = state.other_seat(action.seat)
        for seat, creature_key in ((action.seat, key), (other_seat, other_key)):
            card = find_card(CREATURE_CARDS[creature_key])
            label = "ELF" if creature_key == "ranger" else "ORC"
            state.creatures[creature_key] = Creature.from_card(card, id=creature_key, side=seat, label=label)
            state.seat(seat).name = f"{state.seat(seat).name} ({card.name})"
        events.append(Event(kind="choose", seat=action.seat,
                            text=_('{seat} takes the {creature}.',
                                   seat=state.seat(action.seat).name, creature=state.creatures[key].name)))
        state.placer = roll_off(state.rng, state.seats, _('placement'), events)
        state.phase = "place"
        events.append(Event(kind="prompt", seat=state.placer,
                            text=_('{seat} places first, on any start square: {names}.', seat=state.seat(state.placer).name, names=commas(square_name(s) for s in start_squares(state.map)))))

    def _creature_key(self, text: str) -> str:
        t = text.strip().casefold()
        for key, card_id in CREATURE_CARDS.items():
            if t in (key, card_id, find_card(card_id).name.casefold()):
                return key
        raise IllegalAction("unknown-creature", _("Choose 'ranger' (Wood Elf Ranger) or 'orc' (Orc Mauler), "
                                                  "not {text!r}.",
                                                  text=text))

    def allowed_start_squares(self, state: QuickStartState, seat: str) -> list[XY]:
        placed = [c for c in state.creatures.values() if c.square is not None]
        if not placed:
            return start_squares(state.map)
        first = placed[0]
        first_side = start_side_of(state.map, first.square)
        return [s for s in start_squares(state.map) if start_side_of(state.map, s) != first_side]

    def _place(self, state: QuickStartState, action: Place, events: list[Event]) -> None:
        creature = state.creature_of(action.seat)
        allowed = self.allowed_start_squares(state, action.seat)
        if action.square not in allowed:
            raise IllegalAction(
                "not-a-start-square",
                _('{square} is not open to you; place the {creature} on {names}.', square=square_name(action.square), creature=creature.name, names=either(square_name(s) for s in allowed)),
            )
        creature.square = action.square
        state.start_sides[start_side_of(state.map, action.square)] = action.seat
        events.append(Event(kind="place", seat=action.seat,
                            text=_('The {creature} takes its place on {square}.',
                                   creature=creature.name, square=square_name(action.square))))
        unplaced = [c for c in state.creatures.values() if c.square is None]
        if unplaced:
            state.placer = unplaced[0].side
            return
        state.placer = None
        state.round = 1
        state.phase = "initiative"
        events.append(Event(kind="setup_done", text=_('Both creatures are on the battlefield. Round 1: roll '
                                                      'initiative.')))

    def _initiative(self, state: QuickStartState, action: RollInitiative, events: list[Event]) -> None:
        if action.seat not in {s.id for s in state.seats}:
            raise IllegalAction("not-seated", _('Only the two players can roll initiative.'))
        state.initiative_winner = roll_off(state.rng, state.seats, _('initiative (round {round})',
                                                                     round=state.round), events)
        state.phase = "choose-order"
        events.append(Event(kind="prompt", seat=state.initiative_winner,
                            text=_('{seat} wins initiative and chooses who acts first.',
                                   seat=state.seat(state.initiative_winner).name)))

    def _first(self, state: QuickStartState, action: ChooseFirst, events: list[Event]) -> None:
        if action.first not in SEATS:
            raise IllegalAction("unknown-seat", _("Say which side acts first: yours or your opponent's."))
        state.order = [action.first, state.other_seat(action.first)]
        state.acted = []
        events.append(Event(kind="order", seat=action.seat,
                            text=_('{seat} chooses: the {creature} acts first.',
                                   seat=state.seat(action.seat).name, creature=state.creature_of(action.first).name)))
        self._begin_activation(state, action.first, events)

    def _begin_activation(self, state: QuickStartState, seat: str, events: list[Event]) -> None:
        creature = state.creature_of(seat)
        state.phase = "activation"
        state.activation = Activation(creature=creature.id)
        events.append(Event(kind="activation", seat=seat, text=_('The {creature} takes its turn.',
                                                                 creature=creature.name)))

    # -- a turn -----------------------------------------------------------------------------------
    def _acting(self, state: QuickStartState, seat: str, creature_id: str | None) -> Creature:
        creature = state.creature_of(seat)
        if creature_id is not None and creature_id != creature.id:
            other = state.creatures.get(creature_id)
            if other is None:
                raise IllegalAction("unknown-creature", _('There is no creature {creature_id!r} in this battle.',
                                                          creature_id=creature_id))
            raise IllegalAction("not-your-creature", _('The {other} is not yours to command.', other=other.name))
        return creature

    def _move(self, state: QuickStartState, action: Move, events: list[Event]) -> None:
        creature = self._acting(state, action.seat, action.creature)
        field = Battlefield(state.map, state.creatures)
        turn = state.activation
        first_move_of_turn = turn.moved == 0 and turn.attacks == 0
        path = field.plan_path(creature, action.to, action.path, turn.diag_count)
        if first_move_of_turn and len(path.squares) == 1 and path.cost > turn.movement_left(creature.card.speed):
            turn.minimum_move = True  # rules §7.2: a whole turn may always buy one square
        else:
            turn.check_move(creature.name, creature.card.speed, path.cost)
        walked = field.walk(state.rng, creature, path, turn, events)
        turn.record_move(walked.cost, walked.diag_count_after)
        state.last_path = [path.start, *walked.squares]
        self._after_action(state, action.seat, events)

    def _attack(self, state: QuickStartState, action: Attack, events: list[Event]) -> None:
        creature = self._acting(state, action.seat, action.creature)
        target = state.creatures.get(action.target) or self._find_by_name(state, action.target)
        if target.side == creature.side:
            raise IllegalAction("attack-ally", _("A creature can't attack its own side."))
        turn = state.activation
        entries = creature.card.melee
        turn.check_attack(creature.name, creature.card.speed, len(entries))
        field = Battlefield(state.map, state.creatures)
        if not field.adjacent(creature, target):
            raise IllegalAction(
                "not-adjacent",
                _('The {target} on {square} is not adjacent to the {creature} on {square_2}; a melee attack '
                  'needs an adjacent enemy.', target=target.name, square=square_name(target.square), creature=creature.name, square_2=square_name(creature.square)),
            )
        index = self._pick_entry(creature, turn, action.entry)
        turn.attacks += 1
        turn.entries_used.append(index)
        field.melee_attack(state.rng, creature, target, index, events, opportunity=False)
        state.last_attack = (creature.square, target.square)
        self._after_action(state, action.seat, events)

    @staticmethod
    def _pick_entry(creature: Creature, turn: Activation, requested: int | None) -> int:
        entries = creature.card.melee
        if requested is not None:
            if not 1 <= requested <= len(entries):
                raise IllegalAction("unknown-attack", ngettext('The {creature} has {n} attack entry; choose 1 to {n}.',
                                                             'The {creature} has {n} attack entries; choose 1 to {n}.',
                                                             len(entries), creature=creature.name))
            if requested - 1 in turn.entries_used:
                raise IllegalAction("attack-used", _('The {creature} already used attack {requested} this turn.',
                                                     creature=creature.name, requested=requested))
            return requested - 1
        return next(i for i in range(len(entries)) if i not in turn.entries_used)

    @staticmethod
    def _find_by_name(state: QuickStartState, text: str) -> Creature:
        for creature in state.creatures.values():
            if creature.name.casefold() == text.strip().casefold():
                return creature
        raise IllegalAction("unknown-creature", _('There is no creature {text!r} in this battle.', text=text))

    def _judge(self, state: QuickStartState, action: judge.JudgeRuling, events: list[Event]) -> None:
        """A ruling of the game's judge (the same rulings as in a skirmish), then victory: a
        creature a ruling destroys or routs ends the battle as a blow would."""
        if state.is_over:
            raise IllegalAction("game-over", _("The battle is over: there is nothing left to rule on."))

        def find(text: str) -> Creature:
            return state.creatures.get(text.strip().casefold()) or self._find_by_name(state, text)

        judge.rule(state, action, events, ready=any(c.on_board for c in state.creatures.values()),
                   field=lambda: Battlefield(state.map, state.creatures), find_creature=find)
        self._check_victory(state, events)

    def _end(self, state: QuickStartState, action: EndActivation, events: list[Event]) -> None:
        self._acting(state, action.seat, action.creature)
        self._finish_activation(state, action.seat, events)

    def _after_action(self, state: QuickStartState, seat: str, events: list[Event]) -> None:
        if self._check_victory(state, events):
            return
        creature = state.creature_of(seat)
        if not state.activation.anything_left(creature.card.speed, len(creature.card.melee)):
            self._finish_activation(state, seat, events)

    def _finish_activation(self, state: QuickStartState, seat: str, events: list[Event]) -> None:
        creature = state.creature_of(seat)
        creature.activated = True
        state.acted.append(seat)
        state.activation = None
        events.append(Event(kind="phase_ended", seat=seat, text=_("The {creature}'s turn ends.",
                                                                  creature=creature.name)))
        if len(state.acted) < 2:
            self._begin_activation(state, state.order[1], events)
            return
        for c in state.creatures.values():
            c.activated = False
        events.append(Event(kind="round_ended", text=_('Round {round} ends.', round=state.round)))
        state.round += 1
        state.phase = "initiative"
        state.order, state.acted = [], []

    def _check_victory(self, state: QuickStartState, events: list[Event]) -> bool:
        for creature in state.creatures.values():
            if creature.destroyed or creature.routed:
                loser = creature.side
                winner = state.other_seat(loser)
                seat_name = state.seat(winner).name
                if creature.destroyed:
                    reason = _("the {creature} is destroyed", creature=creature.name)
                    text = _("The {creature} is destroyed: {seat} wins the battle!", creature=creature.name,
                             seat=seat_name)
                else:
                    reason = _("the {creature} routs", creature=creature.name)
                    text = _("The {creature} routs: {seat} wins the battle!", creature=creature.name, seat=seat_name)
                state.result = Result(winners=[winner], losers=[loser], reason=reason)
                state.phase = "over"
                state.activation = None
                events.append(Event(kind="game_over", seat=winner, text=text))
                return True
        return False

    # -- views ------------------------------------------------------------------------------------
    def _to_act(self, state: GameState) -> list[str]:
        assert isinstance(state, QuickStartState)
        if state.is_over:
            return []
        if state.phase == "choose-creature":
            return [state.chooser]
        if state.phase == "place":
            return [state.placer]
        if state.phase == "initiative":
            return list(SEATS)
        if state.phase == "choose-order":
            return [state.initiative_winner]
        if state.phase == "activation":
            return [state.creatures[state.activation.creature].side]
        return []

    def _status(self, state: GameState) -> str:
        assert isinstance(state, QuickStartState)
        if state.is_over:
            return _("The battle is over: {reason}.", reason=state.result.why())
        names = {s.id: s.name for s in state.seats}
        waiting = commas(names[s] for s in self.to_act(state))
        rnd = state.round
        return {
            "waiting": _("Waiting for a second player to join."),
            "choose-creature": _("{waiting} chooses a creature (/choose ranger or /choose orc).", waiting=waiting),
            "place": _("{waiting} places their creature (/place square).", waiting=waiting),
            "initiative": _("Round {round}: either player rolls initiative (/initiative).", round=rnd),
            "choose-order": _("Round {round}: {waiting} chooses who acts first (/first).", round=rnd, waiting=waiting),
            "activation": _("Round {round}: {waiting}'s turn with the {creature}.", round=rnd, waiting=waiting,
                            creature=state.creatures[state.activation.creature].name if state.activation else ""),
        }.get(state.phase, state.phase)

    def _legal_actions(self, state: GameState, seat: str) -> list[Action]:
        assert isinstance(state, QuickStartState)
        if state.is_over:
            return []
        if state.phase == "waiting":
            return []
        if seat not in self.to_act(state):
            return []
        if state.phase == "choose-creature":
            return [ChooseCreature(seat=seat, creature=k) for k in CREATURE_CARDS]
        if state.phase == "place":
            return [Place(seat=seat, square=s) for s in self.allowed_start_squares(state, seat)]
        if state.phase == "initiative":
            return [RollInitiative(seat=seat)]
        if state.phase == "choose-order":
            return [ChooseFirst(seat=seat, first=s) for s in SEATS]
        creature = state.creature_of(seat)
        turn = state.activation
        actions: list[Action] = []
        field = Battlefield(state.map, state.creatures)
        left = turn.movement_left(creature.card.speed)
        if left > 0 and not (turn.attacks == 1 and turn.moved_before_attack > 0):
            for square in field.reachable(creature, turn.diag_count, left):
                actions.append(Move(seat=seat, creature=creature.id, to=square))
        try:
            turn.check_attack(creature.name, creature.card.speed, len(creature.card.melee))
            for enemy in field.enemies_adjacent_to(creature):
                actions.append(Attack(seat=seat, creature=creature.id, target=enemy.id))
        except IllegalAction:
            pass
        actions.append(EndActivation(seat=seat, creature=creature.id))
        return actions

    def board(self, state: GameState) -> BoardView:
        assert isinstance(state, QuickStartState)
        view = board_view_of(state.map)
        active = state.activation.creature if state.activation else None
        for creature in state.creatures.values():
            if not creature.on_board:
                continue
            conditions = creature.condition_names() + (["ROUT"] if creature.routed else [])
            view.tokens.append(Token(
                id=creature.id, label=creature.label, name=creature.name, side=creature.side,
                squares=creature.squares, hp=creature.hp, max_hp=creature.max_hp,
                conditions=conditions, active=creature.id == active, activated=creature.activated,
            ))
        view.last_path = list(state.last_path)
        view.last_attack = state.last_attack
        view.side_names = {s.id: s.name for s in state.seats}
        # A start area belongs to the seat whose creature was placed there (drawn in its
        # colour); an unclaimed one is neutral, not a side of its own.
        for zone in view.zones:
            if zone.kind == "start":
                zone.side = state.start_sides.get(zone.side)
            zone.label = zone_label(zone.label)
        view.title = _("D&D Miniatures Quick Start Battle — {map}", map=map_title(state.map))
        view.caption = self.status(state)
        return view

    # -- commands ---------------------------------------------------------------------------------
    def _action_from_command(self, state: GameState, seat: str, command: str, options: dict[str, Any]) -> Action:
        assert isinstance(state, QuickStartState)
        grid = state.map

        def square(key: str) -> XY:
            return parse_square(str(options[key]), grid.width, grid.height)

        if command in judge.RULINGS:
            return judge.ruling_from_command(seat, command, options, lambda text: parse_square(str(text), grid.width,
                                                                                              grid.height))
        if command == "choose":
            return ChooseCreature(seat=seat, creature=str(options.get("creature", "")))
        if command == "place":
            if "square" not in options:
                raise IllegalAction("missing-option", _('Say where: /place square:A2'))
            return Place(seat=seat, square=square("square"))
        if command == "initiative":
            return RollInitiative(seat=seat)
        if command == "first":
            who = str(options.get("who", "me")).strip().casefold()
            if who in ("me", "self", "mine", "i"):
                first = seat
            elif who in ("opponent", "them", "other", "you"):
                first = state.other_seat(seat)
            else:
                matches = [c.side for c in state.creatures.values()
                           if who in (c.id, c.name.casefold())] + [s.id for s in state.seats if who == s.id]
                if not matches:
                    raise IllegalAction("unknown-seat", _('Say who acts first: me, opponent, ranger or orc.'))
                first = matches[0]
            return ChooseFirst(seat=seat, first=first)
        creature = state.creature_of(seat)
        creature_id = str(options.get("creature") or (creature.id if creature else ""))
        if command == "move":
            if options.get("path"):
                squares = [parse_square(p, grid.width, grid.height)
                           for p in str(options["path"]).replace(",", " ").split()]
                return Move(seat=seat, creature=creature_id, path=squares)
            if "to" not in options:
                raise IllegalAction("missing-option", _('Say where: /move to:F7 (or path:E5 F6 F7).'))
            return Move(seat=seat, creature=creature_id, to=square("to"))
        if command == "attack":
            target = options.get("target")
            if not target:
                enemies = [c for c in state.creatures.values() if c.side != seat and c.on_board]
                target = enemies[0].id if len(enemies) == 1 else ""
            entry = options.get("attack")
            return Attack(seat=seat, creature=creature_id, target=str(target),
                          entry=int(entry) if entry not in (None, "") else None)
        if command == "end":
            return EndActivation(seat=seat, creature=creature_id)
        raise IllegalAction("unknown-command", _('The Quick Start Battle has no /{command} command.',
                                                 command=command))
