"""The ruleset interface (OpenSpiel's state / legal actions / apply) and the registry.

A ruleset is a set of pure functions over a state. :meth:`Ruleset.apply` never changes the
state it is given: it works on a copy, so an action that turns out to be illegal half-way
through leaves nothing behind.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, Iterable

from pydantic import TypeAdapter, ValidationError

from engine.core.board_view import BoardView
from engine.core.decisions import Decide, DecisionNeeded, PendingDecision
from engine.core.errors import IllegalAction, quote
from engine.core.events import Event
from engine.core.models import Action, GameState, Resign, Result

# Event kinds after which the bot posts a fresh board image.
BOARD_EVENTS = frozenset({"phase_ended", "round_ended", "setup_done", "game_over"})


class Ruleset(ABC):
    """One game system (or one mode of one), registered under :attr:`name`."""

    name: ClassVar[str]
    title: ClassVar[str]
    state_model: ClassVar[type[GameState]]
    action_types: ClassVar[tuple[type[Action], ...]]
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2
    # Event kinds after which the bot posts the board; a ruleset adds its own set-up steps.
    board_events: ClassVar[frozenset[str]] = BOARD_EVENTS
    # A game of this ruleset may have a judge: a user without a seat whose rulings are actions
    # of the seat "judge" (D&D Miniatures tournaments; /game judge).
    has_judge: ClassVar[bool] = False

    def __init__(self) -> None:
        union = Resign | Decide
        for extra in self.action_types:
            union = union | extra  # type: ignore[operator]
        self._action_adapter: TypeAdapter = TypeAdapter(union)

    # -- set-up -------------------------------------------------------------------------------
    @abstractmethod
    def new_game(self, seed: int, options: dict[str, Any] | None = None) -> GameState:
        """A fresh game, before any action, with its seats and rules options."""

    def map_names(self) -> list[str]:
        """Built-in maps a game of this ruleset can be played on."""
        return []

    def option_names(self) -> dict[str, str]:
        """Options (rulings made settings) a game can be created with: name -> help text."""
        return {}

    # -- the rules ----------------------------------------------------------------------------
    @abstractmethod
    def _apply(self, state: GameState, action: Action, events: list[Event]) -> None:
        """Change ``state`` in place (it is already a private copy) and append events."""

    @abstractmethod
    def _to_act(self, state: GameState) -> list[str]:
        """The seats whose action the game is waiting for (empty when it is over)."""

    @abstractmethod
    def _legal_actions(self, state: GameState, seat: str) -> list[Action]:
        """Every action ``seat`` may take now. Movement is summarised by destinations."""

    @abstractmethod
    def board(self, state: GameState) -> BoardView:
        """What the board looks like, for a renderer."""

    @abstractmethod
    def _action_from_command(
        self, state: GameState, seat: str, command: str, options: dict[str, Any]
    ) -> Action:
        """Turn a player's command (``move`` with ``creature``/``to``...) into an action."""

    def _status(self, state: GameState) -> str:
        """A short line saying where the game stands."""
        return f"Round {state.round}, {state.phase}."

    # -- what the table sees: a pending question comes first ------------------------------------
    def to_act(self, state: GameState) -> list[str]:
        """The seats whose action the game is waiting for (empty when it is over)."""
        if state.is_over:
            return []
        if state.pending is not None:
            return [state.pending.decision.seat]
        return self._to_act(state)

    def legal_actions(self, state: GameState, seat: str) -> list[Action]:
        """Every action ``seat`` may take now; while a question is pending, its answers."""
        if state.pending is not None and not state.is_over:
            decision = state.pending.decision
            return [Decide(seat=seat, option=o) for o in decision.options] if seat == decision.seat else []
        return self._legal_actions(state, seat)

    def action_from_command(
        self, state: GameState, seat: str, command: str, options: dict[str, Any]
    ) -> Action:
        """Turn a player's command into an action; ``decide`` answers a pending question."""
        if command == "decide":
            option = str(options.get("option") or "").strip()
            if not option:
                raise IllegalAction("which-option", "Say your answer (/decide option:).")
            if state.pending is not None:  # answers are matched without regard to case
                option = next((o for o in state.pending.decision.options if o.lower() == option.lower()), option)
            return Decide(seat=seat, option=option)
        if command == "place" and state.pending is not None and options.get("square"):
            # A question whose answers are squares (where a summoned creature appears) is
            # answered by placing it there, as a player would put the miniature down.
            square = str(options["square"]).strip().lower()
            match = next((o for o in state.pending.decision.options if o.lower() == square), None)
            if match is not None:
                return Decide(seat=seat, option=match)
        return self._action_from_command(state, seat, command, options)

    def status(self, state: GameState) -> str:
        """A short line saying where the game stands (the pending question, if there is one)."""
        if state.pending is not None and not state.is_over:
            decision = state.pending.decision
            return decision.prompt(state.seat(decision.seat).name).removeprefix("❓ ")
        return self._status(state)

    def accepts_command(self, command: str) -> bool:
        """Whether a play command means something in this ruleset (``decide`` always does)."""
        return command == "decide" or command in self.commands()

    def commands(self) -> set[str]:
        """The play commands this ruleset understands (beyond the common game commands)."""
        return set()

    def command_range_board(self, state: GameState, creature: str) -> BoardView:
        """The board with a commander's command range drawn (/game board command:)."""
        raise IllegalAction("no-command-range", f"{self.title} has no commanders or command ranges.")

    # -- seating ------------------------------------------------------------------------------
    def creator_seat(self, state: GameState) -> str | None:
        """The seat the player who creates the game takes (None: the creator only referees)."""
        return state.seats[0].id if state.seats else None

    def seat_required(self, seat_id: str) -> bool:
        """Whether the game waits for this seat to be filled before it starts."""
        return True

    def start_action(self, state: GameState) -> Action | None:
        """The automatic first action once every required seat is filled (e.g. a roll-off)."""
        return None

    # -- suggestions --------------------------------------------------------------------------
    def square_label(self, square: Any) -> str:
        """How a square is written to players; grid rulesets name squares like E5."""
        return str(square)

    def suggestions(self, state: GameState, seat: str | None, kind: str) -> list[str]:
        """Autocomplete values for an option kind, drawn from the seat's legal actions."""
        if seat is None:
            return []
        fields = {"square": ("to", "square"), "creature": ("creature", "target"), "seat": ("first",),
                  "spell": ("spell",), "tile": ("tile",), "map": ("name",),
                  "option": ("option",), "mode": ("mode",), "choice": ("choice",)}.get(kind, ())
        found: list[str] = []
        for action in self.legal_actions(state, seat):
            for name in fields:
                value = getattr(action, name, None)
                if value is None:
                    continue
                if kind == "square":
                    label = self.square_label(value)
                elif kind == "seat":
                    label = "me" if value == seat else ("opponent" if len(state.seats) == 2 else state.seat(value).name)
                else:
                    label = str(value)
                if label not in found:
                    found.append(label)
        return found

    # -- framework ----------------------------------------------------------------------------
    def apply(self, state: GameState, action: Action) -> tuple[GameState, list[Event]]:
        if state.is_over:
            raise IllegalAction("game-over", "The game is over; no more moves can be made.")
        if isinstance(action, Resign):
            working = state.model_copy(deep=True)
            working.pending = None
            events: list[Event] = []
            self._resign(working, action, events)
            return working, events
        if isinstance(action, Decide):
            return self._answer(state, action)
        if state.pending is not None:
            decision = state.pending.decision
            raise IllegalAction("decision-pending", f"Waiting for {state.seat(decision.seat).name} to answer: "
                                f"{decision.question} (/decide option: {decision.listed()}).")
        return self._run(state, action, [], shown=0)

    def _run(self, state: GameState, action: Action, answers: list[str], shown: int) -> tuple[GameState, list[Event]]:
        """Apply ``action`` to a private copy with the answers given so far (see decisions)."""
        working = state.model_copy(deep=True)
        working.begin_answers(answers)
        events: list[Event] = []
        try:
            self._apply(working, action, events)
        except DecisionNeeded as need:
            # The table sees what happened up to the question; the state stays as it was.
            waiting = state.model_copy(deep=True)
            waiting.pending = PendingDecision(action=action.model_dump(mode="json"), answers=answers,
                                              decision=need.decision, shown=len(events))
            question = Event(kind="decision", seat=need.decision.seat,
                             text=need.decision.prompt(state.seat(need.decision.seat).name),
                             data={"key": need.decision.key, "options": need.decision.options})
            return waiting, [*events[shown:], question]
        return working, events[shown:]

    def _answer(self, state: GameState, action: Decide) -> tuple[GameState, list[Event]]:
        pending = state.pending
        if pending is None:
            raise IllegalAction("nothing-to-decide", "No question is waiting for an answer.")
        decision = pending.decision
        if action.seat != decision.seat:
            raise IllegalAction("not-your-decision", f"The question is for {state.seat(decision.seat).name}: "
                                f"{decision.question}")
        if action.option not in decision.options:
            raise IllegalAction("bad-option", f"{quote(action.option)} is not an answer to “{decision.question}” "
                                f"Choose {', '.join(decision.options)}.")
        before = state.model_copy(deep=False)
        before.pending = None
        return self._run(before, self.parse_action(pending.action), [*pending.answers, action.option],
                         shown=pending.shown)

    def _resign(self, state: GameState, action: Resign, events: list[Event]) -> None:
        if action.seat is None or action.seat not in {s.id for s in state.seats}:
            raise IllegalAction("not-seated", "Only a player with a seat in this game can resign.")
        loser = state.seat(action.seat)
        losing = {s.id for s in state.seats if s.id == loser.id or (loser.team and s.team == loser.team)}
        winners = [s.id for s in state.seats if s.id not in losing]
        state.result = Result(winners=winners, losers=sorted(losing), reason=f"{loser.name} resigned")
        state.phase = "over"
        events.append(Event(kind="game_over", seat=loser.id, text=f"{loser.name} resigns. "
                            + ", ".join(state.seat(w).name for w in winners) + " wins."))

    def is_over(self, state: GameState) -> bool:
        return state.is_over

    def result(self, state: GameState) -> Result | None:
        return state.result

    def parse_action(self, data: dict[str, Any] | str) -> Action:
        try:
            if isinstance(data, str):
                return self._action_adapter.validate_json(data)
            return self._action_adapter.validate_python(data)
        except ValidationError as exc:
            raise IllegalAction("bad-action", f"Not a valid {self.title} action: {exc}") from None

    def load_state(self, data: dict[str, Any] | str) -> GameState:
        if isinstance(data, str):
            return self.state_model.model_validate_json(data)
        return self.state_model.model_validate(data)

    def replay(
        self, seed: int, options: dict[str, Any] | None, actions: Iterable[Action]
    ) -> tuple[GameState, list[Event]]:
        """Rebuild a game from its seed and action log (undo and audits use this)."""
        state = self.new_game(seed, options)
        events: list[Event] = []
        for action in actions:
            state, new_events = self.apply(state, action)
            events.extend(new_events)
        return state, events


_REGISTRY: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    if ruleset.name in _REGISTRY:
        raise ValueError(f"ruleset {ruleset.name!r} registered twice")
    _REGISTRY[ruleset.name] = ruleset
    return ruleset


def get_ruleset(name: str) -> Ruleset:
    """The registered ruleset called ``name``.

    The core knows no game system by name: each ruleset package registers itself when it is
    imported, and whoever starts the engine imports the ones it serves (the bot imports
    :mod:`engine.rulesets`, which brings in every shipped system).
    """
    try:
        return _REGISTRY[name]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise IllegalAction("unknown-ruleset", f"There is no game called {quote(name)}. Known: {known}.") from None


def ruleset_names() -> list[str]:
    """The names of every registered ruleset, sorted."""
    return sorted(_REGISTRY)
