"""The ruleset interface (OpenSpiel's state / legal actions / apply) and the registry.

A ruleset is a set of pure functions over a state. :meth:`Ruleset.apply` never changes the
state it is given: it works on a copy (one per command, made by
:func:`engine.core.copying.copy_state`), so an action that turns out to be illegal half-way
through leaves nothing behind.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Iterable

from pydantic import TypeAdapter, ValidationError

from engine.core.board_view import BoardView
from engine.core.copying import copy_state
from engine.core.decisions import Decide, DecisionNeeded, PendingDecision
from engine.core.questions import Decision, GivenAnswer
from engine.core.errors import IllegalAction, quote
from engine.core.events import Event
from engine.core.text import N_, Text, _, _area_of, ngettext, commas, either, join
from engine.core.models import Action, GameState, Resign, Result
from engine.core.timeout import Timeout, default_answer

def shown_digest(events: list[Event]) -> str:
    """What a list of events said, in a few characters: kinds, texts and every die, in order.

    >>> shown_digest([]) == shown_digest([])
    True
    """
    said = [[e.kind, str(e.text), e.roll.dice if e.roll is not None else None] for e in events]
    return hashlib.sha256(json.dumps(said, ensure_ascii=False).encode("utf-8")).hexdigest()[:20]


# Event kinds after which the bot posts a fresh board image.
BOARD_EVENTS = frozenset({"phase_ended", "round_ended", "setup_done", "game_over"})


# Each action kind said in words (the undo request names the action it would take back: "end
# of turn", not "(end)"). A ruleset whose kind means something else says so in its own
# ``action_names`` (Conan's /activate activates a river tile).
ACTION_NAMES: dict[str, str] = {
    "activate": N_("activation"), "advance": N_("advance"), "aoo": N_("attack of opportunity order"),
    "army": N_("army list"), "attack": N_("attack"), "attitude": N_("choice of attitude"),
    "begin": N_("start of the game"), "carry": N_("carrying a hero"), "cast": N_("spell"), "charge": N_("charge"),
    "choose": N_("choice of creature"), "condition": N_("condition"), "damage": N_("damage"),
    "decide": N_("answer to a question"), "deploy": N_("deployment"), "dispel": N_("dispel"),
    "done": N_("end of a hero's actions"), "drop": N_("dropping an item"), "edit": N_("edit"),
    "end": N_("end of turn"), "fight": N_("combat"), "finish": N_("end of the encounter"),
    "first": N_("choice of who acts first"), "flow": N_("removal of a river tile"), "garrison": N_("garrison"),
    "give": N_("giving an item"), "heal": N_("healing"), "initiative": N_("initiative roll"),
    "item": N_("use of a magic item"), "join": N_("joining a unit"), "leave": N_("leaving a unit"),
    "leave-building": N_("leaving a building"), "map": N_("choice of map"), "march": N_("march"),
    "marker": N_("placing a marker"), "move": N_("move"), "open": N_("opening a chest"),
    "override": N_("override"), "pause": N_("pause"), "place": N_("placement"), "reform": N_("reform"),
    "remove": N_("removal"), "reroll_order": N_("reroll order"), "resign": N_("resignation"),
    "resume": N_("resumption"), "reveal": N_("reveal"), "shoot": N_("shooting"), "start": N_("start of the game"),
    "take": N_("taking an item"), "throw": N_("throw"), "tile": N_("choice of terrain tile"),
    "timeout": N_("timeout"), "warband": N_("choice of warband"),
}

# Each phase a game's state may be in, said in words (a replay's frames are captioned with it:
# "Round 2, activation", not the state's own key). A ruleset names its own phases in
# ``phase_names``.
PHASE_NAMES: dict[str, str] = {
    "action": N_("action"), "activation": N_("activation"), "attitude": N_("attitude"),
    "choose-creature": N_("choice of creature"), "choose-first": N_("choice of who acts first"),
    "choose-order": N_("choice of order"), "combat": N_("combat"), "deploy": N_("deployment"),
    "initiative": N_("initiative"), "over": N_("over"), "paused": N_("paused"), "place": N_("placement"),
    "setup": N_("set-up"), "waiting": N_("waiting for players"),
}


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
    # Whether a late seat can leave a game of three or more and the game go on (Timeout "drop").
    can_drop_seats: ClassVar[bool] = False
    # A game of this ruleset may have a judge: a user without a seat whose rulings are actions
    # of the seat "judge" (D&D Miniatures tournaments; /game judge).
    has_judge: ClassVar[bool] = False
    # Whether legal_actions lists every move: a ruleset whose moves are continuous (inches,
    # angles) lists a summary, and "Show my moves" adds the guide its phase started with (the
    # latest event of a kind in ``guide_events``).
    lists_every_move: ClassVar[bool] = True
    guide_events: ClassVar[frozenset[str]] = frozenset()

    # The version of this ruleset's rules: bumped when a change alters what an old log replays to
    # (a setting's default, a die rolled where none was). A game keeps the version it was started
    # under and is always rebuilt with it (:meth:`new_game_at`); a version this code does not know
    # yet (a game a newer Warband stored) is refused (:meth:`check_rules_version`).
    rules_version: ClassVar[int] = 1
    # What changed at each version, as what a game begun before it still plays (clauses, each an
    # ``N_`` of the ruleset's area): /game status names, beside an older game's version, every
    # clause of the versions after it. Kept by the version that brought the change, so that a new
    # version adds its own clauses and never rewrites the older versions' sentences.
    rules_changes: ClassVar[dict[int, tuple[str, ...]]] = {}

    # Kinds this ruleset says otherwise than :data:`ACTION_NAMES` (each an ``N_`` of its area).
    action_names: ClassVar[dict[str, str]] = {}

    # Phases this ruleset says otherwise than :data:`PHASE_NAMES` (each an ``N_`` of its area).
    phase_names: ClassVar[dict[str, str]] = {}

    def phase_name(self, state: GameState) -> Any:
        """The phase the game is in, in the reader's language; an unknown phase as it is.

        >>> from types import SimpleNamespace
        >>> plain = SimpleNamespace(phase_names={})
        >>> str(Ruleset.phase_name(plain, SimpleNamespace(phase="choose-first")))
        'choice of who acts first'
        >>> Ruleset.phase_name(plain, SimpleNamespace(phase="a-house-phase"))
        'a-house-phase'
        """
        own = self.phase_names.get(state.phase)
        if own is not None:
            return Text._make(own, None, None, {}, _area_of(type(self).__module__))
        word = PHASE_NAMES.get(state.phase)
        return Text._make(word, None, None, {}, None) if word is not None else state.phase

    def action_name(self, kind: str | None) -> Any:
        """An action's kind in words, in the reader's language ("end" -> "end of turn"); an
        unknown kind is shown as it is."""
        own = self.action_names.get(kind or "")
        if own is not None:
            return Text._make(own, None, None, {}, _area_of(type(self).__module__))
        word = ACTION_NAMES.get(kind or "")
        return Text._make(word, None, None, {}, None) if word is not None else (kind or "")

    def __init__(self) -> None:
        union = Resign | Decide | Timeout
        for extra in self.action_types:
            union = union | extra  # type: ignore[operator]
        self._action_adapter: TypeAdapter = TypeAdapter(union)

    # -- set-up -------------------------------------------------------------------------------
    @abstractmethod
    def new_game(self, seed: int, options: dict[str, Any] | None = None) -> GameState:
        """A fresh game, before any action, with its seats and rules options."""

    def check_rules_version(self, version: int) -> int:
        """``version`` if this code plays it; a game stored under a newer version (by a newer
        Warband) is refused with one line, so that it is neither played nor rebuilt under rules it
        was not started with."""
        if not 1 <= int(version) <= self.rules_version:
            raise IllegalAction("newer-rules", _(
                "This game of {game} was stored under rules version {version}, newer than this Warband knows "
                "(up to {known}): update Warband to play or replay it; nothing was changed.",
                game=self.title, version=int(version), known=self.rules_version))
        return int(version)

    def rules_version_line(self, version: int) -> Any:
        """/game status's line for a game started under rules ``version``: the version, and for an
        older one than this code's what it still plays otherwise."""
        if version >= self.rules_version:
            return _("Rules version {version} (this Warband's).", version=version)
        area = _area_of(type(self).__module__)
        clauses = [Text._make(clause, None, None, {}, area)
                   for changed in sorted(self.rules_changes) if changed > version
                   for clause in self.rules_changes[changed]]
        if not clauses:
            return _("Rules version {version}, kept since the game began (this Warband's is {current}).",
                     version=version, current=self.rules_version)
        return _("Rules version {version}, kept since the game began (this Warband's is {current}): {difference}.",
                 version=version, current=self.rules_version, difference=join("; ", clauses))

    def new_game_at(self, seed: int, options: dict[str, Any] | None, version: int) -> GameState:
        """A fresh game under the rules of ``version`` (a stored game's, when it is rebuilt from
        its log): the settings it leaves unset take that version's defaults. A ruleset whose
        versions differ in a default overrides :meth:`_new_game_at`."""
        return self._new_game_at(seed, options, self.check_rules_version(version))

    def _new_game_at(self, seed: int, options: dict[str, Any] | None, version: int) -> GameState:
        return self.new_game(seed, options)

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

    def moves_note(self, state: GameState, seat: str) -> Any:
        """What "Show my moves" says after the listed moves where ``legal_actions`` does not list
        them all and no guide event says it (a deployment's drops: which units, which command);
        None when there is nothing to add."""
        return None

    def _status(self, state: GameState) -> str:
        """A short line saying where the game stands."""
        return _("Round {round}, {phase}.", round=state.round, phase=self.phase_name(state))

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
                raise IllegalAction("which-option", _("Say your answer (/decide option:)."))
            if state.pending is None:
                return Decide(seat=seat, option=option)
            # answers are matched without regard to case; the answer names the question it answers
            pending = state.pending
            option = next((o for o in pending.decision.options if o.lower() == option.lower()), None) \
                or self.named_option(state, pending.decision, option) or _by_prefix(pending.decision.options, option) \
                or option
            return Decide.to(pending, seat, option)
        if command == "place" and state.pending is not None and options.get("square"):
            # A question whose answers are squares (where a summoned creature appears) is
            # answered by placing it there, as a player would put the miniature down.
            square = str(options["square"]).strip().lower()
            match = next((o for o in state.pending.decision.options if o.lower() == square), None)
            if match is not None:
                return Decide.to(state.pending, seat, match)
        return self._action_from_command(state, seat, command, options)

    def status(self, state: GameState) -> str:
        """A short line saying where the game stands (the pending question, if there is one)."""
        if state.pending is not None and not state.is_over:
            decision = state.pending.decision
            return decision.asking(state.seat(decision.seat).name)
        return self._status(state)

    def accepts_command(self, command: str) -> bool:
        """Whether a play command means something in this ruleset (``decide`` always does)."""
        return command == "decide" or command in self.commands()

    def commands(self) -> set[str]:
        """The play commands this ruleset understands (beyond the common game commands)."""
        return set()

    def help_notes(self) -> list[str]:
        """Lines /help adds for this game (e.g. which values are defaults)."""
        return []

    def command_range_board(self, state: GameState, creature: str) -> BoardView:
        """The board with a commander's command range drawn (/game board command:)."""
        raise IllegalAction("no-command-range", _("{game} has no commanders or command ranges.", game=self.title))

    # -- seating ------------------------------------------------------------------------------
    def creator_seat(self, state: GameState) -> str | None:
        """The seat the player who creates the game takes (None: the creator only referees)."""
        return state.seats[0].id if state.seats else None

    def seat_required(self, seat_id: str) -> bool:
        """Whether the game waits for this seat to be filled before it starts."""
        return True

    def undo_arbiter(self, state: GameState) -> str | None:
        """The seat that must agree to every undo (a referee), whose own undo needs no one;
        None: any two seats agree between themselves."""
        return None

    def start_action(self, state: GameState) -> Action | None:
        """The automatic first action once every required seat is filled (e.g. a roll-off)."""
        return None

    # -- questions answered at once (a game setting) -----------------------------------------
    def auto_answer(self, state: GameState) -> tuple[Decide, Event] | None:
        """The answer the game gives at once to the pending question, when its settings say that
        kind of question takes its default without waiting (Ninth Age ``auto=``), with the line
        that tells the table so; None: the question waits for its player (the default)."""
        return None

    def auto_step(self, state: GameState) -> tuple[Decide, GameState, list[Event]] | None:
        """One automatic answer applied: the /decide (logged like a hand-given answer, so the
        game replays exactly and undo takes it back as any answer), the state after it and its
        events, the line naming it first; None when the pending question waits for a player.
        The bot calls it again until it returns None (each answer may lead to another question)."""
        if state.pending is None or state.is_over:
            return None
        auto = self.auto_answer(state)
        if auto is None:
            return None
        decide, note = auto
        new_state, events = self.apply(state, decide)
        return decide, new_state, [note, *events]

    # -- running out of time (engine.core.timeout) -----------------------------------------
    def timeout_action(self, state: GameState, seat: str) -> Action | None:
        """The move made for ``seat`` when its time runs out outside a question: by default its
        legal ``end`` action (end the activation or turn), else its only legal action (e.g. an
        initiative roll), else None (nothing can be done for it: the opponents may claim)."""
        legal = self._legal_actions(state, seat)
        ends = [a for a in legal if a.kind == "end"]
        if ends:
            return ends[0]
        return legal[0] if len(legal) == 1 else None

    def _drop_seat(self, state: GameState, seat: str, events: list[Event]) -> None:
        """Take a late seat out of a game of three or more; rulesets that can say so set
        :attr:`can_drop_seats` and override this."""
        raise IllegalAction("cannot-drop", _("{game} cannot go on without a seat.", game=self.title))

    def _timeout(self, state: GameState, action: Timeout) -> tuple[GameState, list[Event]]:
        seat = action.seat
        if seat is None or seat not in {s.id for s in state.seats}:
            raise IllegalAction("not-seated", _("A time-out names a seat of this game."))
        if seat not in self.to_act(state):
            raise IllegalAction("not-late", _("{name} is not the one the game waits for.", name=state.seat(seat).name))
        name = state.seat(seat).name
        notice = Event(kind="timeout", seat=seat, text=_("⏰ {name} ran out of time.", name=name),
                       data={"policy": action.policy})
        if action.policy == "claim":
            working = copy_state(state)
            working.pending = None
            losing = {seat}
            winners = [s.id for s in working.seats if s.id not in losing]
            working.result = Result(winners=winners, losers=[seat], reason=_("{name} lost on time", name=name))
            working.phase = "over"
            return working, [notice, Event(kind="game_over", seat=seat, text=_("{name} loses on time. {winners} wins.", name=name,
                                                  winners=commas(working.seat(w).name for w in winners)))]
        if action.policy == "drop":
            if len(state.seats) < 3:
                raise IllegalAction("cannot-drop", _("Only a game of three or more seats goes on without one."))
            working = copy_state(state)
            working.pending = None
            events = [notice]
            self._drop_seat(working, seat, events)
            return working, events
        events = [notice]
        if state.pending is not None:
            answer = default_answer(state.pending.decision)
            state, answered = self._answer(state, Decide.to(state.pending, seat, answer))
            events.append(Event(kind="timeout_answer", seat=seat, text=_("{name}'s answer is taken as {answer}.", name=name, answer=answer)))
            events.extend(answered)
            # "default" stops at the answer, unless nothing was asked (then it ends the turn).
            if action.policy == "default" or state.is_over or seat not in self.to_act(state):
                return state, events
        stand_in = self.timeout_action(state, seat)
        if stand_in is None:
            raise IllegalAction("no-timeout-move", _("Nothing can be done for {name}: the opponents may claim the game.", name=name))
        state, acted = self.apply(state, stand_in)
        return state, [*events, *acted]

    # -- suggestions --------------------------------------------------------------------------
    def square_label(self, square: Any) -> str:
        """How a square is written to players; grid rulesets name squares like E5."""
        return str(square)

    def typed_names(self, state: GameState | None, kind: str) -> list[tuple[Any, str]]:
        """Every name a player may type for an option of ``kind`` (its autocomplete kind, or the
        kind of name it takes: an area, a spell, a magic item, a card), legal now or not, each as
        ``(name, value)``: the name as players read it (a Text is said in each reader's language),
        the value the command reads. ``state`` is None for a command outside a game (an army
        list's magic items). The bot turns a name typed in any language into its value before the
        command reaches the ruleset (#13: "Porta" in /move to: is "gate"); a name no language
        knows reaches the ruleset as typed, to be refused there."""
        return []

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

    # -- what a question's reply said, held at once ---------------------------------------------
    def said_at_question(self, state: GameState) -> tuple[str, ...]:
        """The fields of ``state`` that hold, from the moment a question is asked, what the action
        said before it (a hidden list's item revealed, §2.4: the other player's army list shows it
        at once, not only once the question is answered). The rest of the stored state stays as it
        was before the action, which the answer plays again from its start (see _run); these
        fields are set back for that run (:meth:`before_question`). None by default."""
        return ()

    def _hold_said(self, state: GameState, waiting: GameState, run: GameState) -> dict[str, Any]:
        """``waiting`` (the stored state of an action stopped at a question) given the fields of
        :meth:`said_at_question` as ``run`` (the interrupted run) left them; returns each changed
        field's value before the action, as JSON (PendingDecision.before)."""
        before: dict[str, Any] = {}
        for name in self.said_at_question(state):
            was, now = getattr(state, name), getattr(run, name)
            if now != was:
                adapter = TypeAdapter(type(state).model_fields[name].annotation)
                before[name] = adapter.dump_python(was, mode="json")
                setattr(waiting, name, copy_state(now))
        return before

    def before_question(self, state: GameState) -> GameState:
        """The state a waiting action is played again from: ``state`` without its question, and
        the fields it holds of the interrupted run (:meth:`said_at_question`) set back to what they
        were before the action. A shallow copy: :meth:`_run` copies it before changing it."""
        before = state.model_copy(deep=False)
        before.pending = None
        pending = state.pending
        for name, value in (pending.before.items() if pending is not None else ()):
            adapter = TypeAdapter(type(state).model_fields[name].annotation)
            setattr(before, name, adapter.validate_python(value))
        return before

    # -- framework ----------------------------------------------------------------------------
    def apply(self, state: GameState, action: Action) -> tuple[GameState, list[Event]]:
        if state.is_over:
            raise IllegalAction("game-over", _("The game is over; no more moves can be made."))
        if isinstance(action, Resign):
            working = copy_state(state)
            working.pending = None
            events: list[Event] = []
            self._resign(working, action, events)
            return working, events
        if isinstance(action, Decide):
            return self._answer(state, action)
        if isinstance(action, Timeout):
            return self._timeout(state, action)
        if state.pending is not None:
            decision = state.pending.decision
            raise IllegalAction("decision-pending", _("Waiting for {seat} to answer: {question} (/decide option: "
                                                  "{options}).", seat=state.seat(decision.seat).name,
                                                  question=decision.asked(), options=decision.listed()))
        return self._run(state, action, [], shown=0)

    def _run(self, state: GameState, action: Action, answers: list[str] | list[GivenAnswer], shown: int,
             seen: str = "") -> tuple[GameState, list[Event]]:
        """Apply ``action`` to a private copy with the answers given so far (see decisions).

        ``shown`` events of an earlier run were already shown to the table, ``seen`` their
        digest: a run is a pure function of the state, the seed and the answers, so this one
        begins with the very same events and only the rest are new. If it does not, the rules
        themselves changed while the question waited (the bot was updated between the question
        and its answer: a fix to a Break test re-roll made the answered run roll one more 2D6,
        so every die after it, a Panic test shown with the question among them, came out
        different and was shown a second time). Then the whole action is shown again, as it is
        now played, after a notice saying so; the log (the action and its answers) still
        replays to the state the table has.

        The changed rules may even ask another question where an answer was given (another
        key, or the same at another place), or none: that answer, and any given after it, no
        longer answers anything and is set aside with a notice (GameState.answer_for); the
        question the action now asks goes to the player it is for, and the answers that still
        fit are kept. The log keeps the set-aside answer, and its replay sets it aside again,
        as each logged answer names its question (Decide.key and .at)."""
        working = copy_state(state)
        working.begin_answers(answers)
        events: list[Event] = []
        try:
            self._apply(working, action, events)
        except DecisionNeeded as need:
            # The table sees what happened up to the question; the state stays as it was.
            # What was said before the question and must hold at once (a hidden item revealed) is
            # kept in the stored state too, its value before the action beside the question.
            used = working.used_answers()
            waiting = copy_state(state)
            held = self._hold_said(state, waiting, working)
            waiting.pending = PendingDecision(action=action.model_dump(mode="json"), answers=[a.option for a in used],
                                              keys=[a.key or "" for a in used], decision=need.decision,
                                              shown=len(events), seen=shown_digest(events), before=held)
            question = Event(kind="decision", seat=need.decision.seat,
                             text=need.decision.prompt(state.seat(need.decision.seat).name),
                             data={"key": need.decision.key, "options": need.decision.options})
            return waiting, [*self._set_aside(working), *self._new_events(events, shown, seen), question]
        return working, [*self._set_aside(working), *self._new_events(events, shown, seen)]

    def as_seen(self, state: GameState) -> GameState:
        """The game as the table has been told it: while a question waits, the action played up
        to that question (the stored state is the one before the action, which the answer plays
        again from its start, see _run); otherwise ``state`` itself. The board drawn under a
        question shows what its reply already said (a combat's casualties under the combat reform
        question after it), not the state before the action.

        Only for showing: nothing of it is stored. A run that no longer stops at a question (the
        rules changed while it waited) or is refused shows ``state`` as it is."""
        pending = state.pending
        if pending is None or state.is_over:
            return state
        working = copy_state(self.before_question(state))
        working.begin_answers(pending.given())
        try:
            self._apply(working, self.parse_action(pending.action), [])
        except DecisionNeeded:
            working.pending = pending
            return working
        except IllegalAction:
            return state
        return state

    @staticmethod
    def _set_aside(working: GameState) -> list[Event]:
        """A one-line notice naming the answers the run set aside (see _run), if any."""
        stale = working.stale_answers()
        if not stale:
            return []
        return [Event(kind="answer_set_aside", data={"answers": stale},
                      text=ngettext("⚠️ The rules were updated while the question waited: the answer {answers} no longer "
                                    "answers what this action asks, and is set aside.",
                                    "⚠️ The rules were updated while the questions waited: the answers {answers} no "
                                    "longer answer what this action asks, and are set aside.", len(stale),
                                    answers=commas(stale)))]

    @staticmethod
    def _new_events(events: list[Event], shown: int, seen: str) -> list[Event]:
        """The events of a run the table has not seen: those after the ``shown`` first, or all
        of them after a notice when the first ``shown`` are not the ones it saw (see _run)."""
        if not seen or shown_digest(events[:shown]) == seen:
            return events[shown:]
        notice = Event(kind="rerun", text=_("⚠️ The rules were updated while this question waited: the action is "
                                            "played again from its start with the answers given, and this is all of "
                                            "it as it now stands (what was shown before the question no longer "
                                            "holds)."))
        return [notice, *events]

    def _answer(self, state: GameState, action: Decide) -> tuple[GameState, list[Event]]:
        pending = state.pending
        if pending is None:
            raise IllegalAction("nothing-to-decide", _("No question is waiting for an answer."))
        decision = pending.decision
        if action.key is not None and (action.key != decision.key or action.at not in (None, len(pending.answers))):
            # An answer naming another question than this one: only a log replayed across a
            # rules update holds one (the table always answers the question it shows). It is
            # fed as it was and set aside as it was (see _run), whoever it came from.
            return self._run(self.before_question(state), self.parse_action(pending.action),
                             [*pending.given(), GivenAnswer(action.option, action.key, action.at)],
                             shown=pending.shown, seen=pending.seen)
        if action.seat != decision.seat:
            raise IllegalAction("not-your-decision", _("The question is for {seat}: {question}",
                                                   seat=state.seat(decision.seat).name, question=decision.asked()))
        if action.option not in decision.options:
            reason = self.refuse_option(state, decision, action.option)
            if reason is not None:  # the ruleset knows why this answer is not one (an item spent, ...)
                raise IllegalAction("bad-option", _("{reason} Choose {options}.", reason=reason,
                                                    options=either(decision.options)))
            raise IllegalAction("bad-option", _("{answer} is not an answer to “{question}” Choose {options}.",
                                            answer=quote(action.option), question=decision.asked(),
                                            options=either(decision.options)))  # "A, B o C", not "A, B e C"
        return self._run(self.before_question(state), self.parse_action(pending.action),
                         [*pending.given(), GivenAnswer(action.option, action.key, action.at)],
                         shown=pending.shown, seen=pending.seen)

    def named_option(self, state: GameState, decision: Decision, answer: str) -> str | None:
        """The one option of ``decision`` that ``answer``, matching none of them as written, names
        the way players write it (a spell's plain name for its option ``3:Forge-Heart``); None when
        it names none or several. The action, and so the log, holds the option, not the words."""
        return None

    def refuse_option(self, state: GameState, decision: Decision, option: str) -> Any | None:
        """Why ``option``, not among ``decision``'s options, is no answer, when the game knows a
        reason of its own for it (a one-use item already spent, an item that has no effect on
        this question): a sentence, said before the options; None for the plain refusal. Asked
        only of an answer the question does not take, so it changes nothing."""
        return None

    def _resign(self, state: GameState, action: Resign, events: list[Event]) -> None:
        if action.seat is None or action.seat not in {s.id for s in state.seats}:
            raise IllegalAction("not-seated", _("Only a player with a seat in this game can resign."))
        loser = state.seat(action.seat)
        losing = {s.id for s in state.seats if s.id == loser.id or (loser.team and s.team == loser.team)}
        winners = [s.id for s in state.seats if s.id not in losing]
        state.result = Result(winners=winners, losers=sorted(losing), reason=_("{name} resigned", name=loser.name))
        state.phase = "over"
        events.append(Event(kind="game_over", seat=loser.id, text=_("{name} resigns. {winners} wins.", name=loser.name,
                                   winners=commas(state.seat(w).name for w in winners))))

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
            raise IllegalAction("bad-action", _("Not a valid {game} action: {problem}", game=self.title, problem=str(exc))) from None

    def load_state(self, data: dict[str, Any] | str, rules_version: int | None = None) -> GameState:
        """A stored state; with ``rules_version`` (the stored game's) a game of a newer version
        than this code plays is refused before it is read (:meth:`check_rules_version`), and a
        state stored before it kept its rules version itself is read as of that one (the model's
        validators find it in the validation context, e.g. NinthAgeState._older_flags)."""
        context = None
        if rules_version is not None:
            context = {"rules_version": self.check_rules_version(rules_version)}
        if isinstance(data, str):
            return self.state_model.model_validate_json(data, context=context)
        return self.state_model.model_validate(data, context=context)

    def replay(
        self, seed: int, options: dict[str, Any] | None, actions: Iterable[Action],
        *, start: GameState | None = None, rules_version: int | None = None,
    ) -> tuple[GameState, list[Event]]:
        """Rebuild a game from its seed and action log (undo and audits use this), or from
        ``start`` (a state saved part-way, which is not changed) and the actions after it.

        The log is applied in place on one working state, with no copy per action: every
        logged action was legal when it was taken, so there is nothing to roll back (a log
        that is not is refused, as at the table). An action followed by its /decide answers
        runs once with all of them, exactly as the answering run did at the table; only the
        last action of the log goes through :meth:`apply` answer by answer, so a question
        still open at the end is open again. The events are those of each completed run.
        ``rules_version``: the version the game was started under (None: this code's), whose
        defaults its settings take (:meth:`new_game_at`); a newer one is refused.

        >>> from engine.core.ruleset import Ruleset
        >>> Ruleset.replay.__doc__ is not None
        True
        """
        version = self.check_rules_version(self.rules_version if rules_version is None else rules_version)
        state = copy_state(start) if start is not None else self.new_game_at(seed, options, version)
        log = list(actions)
        events: list[Event] = []
        last = max((i for i, a in enumerate(log) if not isinstance(a, Decide)), default=len(log))
        i = 0
        while i < last:
            action = log[i]
            answers: list[GivenAnswer] = []
            i += 1
            if state.pending is not None or isinstance(action, Timeout):
                # A question the action before left open, which a resignation or a time-out closed
                # (and the answers after a time-out's): played as the table played them, one by one.
                state, new_events = self.apply(state, action)
                events.extend(new_events)
                continue
            while i < len(log) and isinstance(log[i], Decide):
                answers.append(GivenAnswer(log[i].option, log[i].key, log[i].at))
                i += 1
            if state.is_over:
                raise IllegalAction("game-over", _("The game is over; no more moves can be made."))
            if isinstance(action, Decide):
                raise IllegalAction("bad-log", _("The log answers a question no action asked."))
            if isinstance(action, Resign):
                self._resign(state, action, events)
                continue
            if i < len(log) and isinstance(log[i], (Resign, Timeout)):
                # A resignation or a time-out next may close a question this action leaves open:
                # run it as the table did (on a copy), so that the question is open again.
                state, new_events = self._run(state, action, answers, shown=0)
                events.extend(new_events)
                continue
            state.begin_answers(answers)
            try:
                self._apply(state, action, events)
            except DecisionNeeded as need:
                raise IllegalAction("bad-log", _("The log leaves a question unanswered before its end: {question}",
                                                 question=need.decision.question)) from None
            state.begin_answers([])
        for action in log[i:]:
            if isinstance(action, Decide) and state.pending is None and action.key is not None and not state.is_over:
                continue  # an answer the table set aside: the action it answered ended without it (see _run)
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
        known = commas(sorted(_REGISTRY)) or _("none")
        raise IllegalAction("unknown-ruleset", _("There is no game called {name}. Known: {known}.", name=quote(name),
                                                 known=known)) from None


def ruleset_names() -> list[str]:
    """The names of every registered ruleset, sorted."""
    return sorted(_REGISTRY)


PREFIX_LEAST = 3  # letters an answer must have to be read as the start of an option


def _by_prefix(options: list[str], answer: str) -> str | None:
    """The one option ``answer`` begins, as players shorten a long name (``Hedge`` for ``Hedge
    Wizard``), without regard to case; None when it begins none or several (the refusal then lists
    them), or is shorter than :data:`PREFIX_LEAST` letters (``1`` is no start of ``10``). The action,
    and so the log, holds the option itself.

    >>> _by_prefix(["Hedge Wizard", "Captain", "none"], "hedge")
    'Hedge Wizard'
    >>> _by_prefix(["Captain", "Captain 2"], "Capt") is None
    True
    """
    said = " ".join(answer.split()).lower()
    if len(said) < PREFIX_LEAST:
        return None
    begun = [o for o in options if o.lower().startswith(said)]
    return begun[0] if len(begun) == 1 else None
