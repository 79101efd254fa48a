"""Models every ruleset shares: seats, actions, the base game state, the result."""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from engine.core.questions import GivenAnswer, PendingDecision
from engine.core.rng import Rng
from engine.core.text import Text, _, join, keep_message


_NUMBERED_SEAT = re.compile(r"(Player|Heroes) ([0-9]+)")
_QUALIFIED_SEAT = re.compile(r"(.+?) \((.+)\)")


def seat_label(name: Any) -> Any:
    """A seat's name as a player reads it: the rulesets' default names ("Player 1", "Heroes 2",
    "Referee", "Overlord") stay English in the state (they are the seat's identity in logs,
    replays and stored games) and become a Text here, so the bot says them in the reader's
    language; any other name (one a player chose) is returned as it is.

    A default name the game qualified with what the seat plays (the Quick Start's "Player 1
    (Orc Mauler)") keeps its default part translated too.

    >>> seat_label("Player 2"), seat_label("Heroes 1"), seat_label("Referee"), seat_label("Alice")
    (Text('Player {n}', n=2), Text('Heroes {n}', n=1), Text('Referee'), 'Alice')
    >>> seat_label("Player 1 (Orc Mauler)").render(lambda msgid, plural, n: {"Player {n}": "{n}. játékos"}.get(msgid))
    '1. játékos (Orc Mauler)'
    >>> seat_label("Alice (Orc Mauler)")
    'Alice (Orc Mauler)'
    """
    if isinstance(name, Text) or not isinstance(name, str):
        return name
    qualified = _QUALIFIED_SEAT.fullmatch(name)
    if qualified is not None and isinstance(seat_label(qualified.group(1)), Text):
        return join("", [seat_label(qualified.group(1)), f" ({qualified.group(2)})"])
    numbered = _NUMBERED_SEAT.fullmatch(name)
    if numbered is not None:
        n = int(numbered.group(2))
        return _("Player {n}", n=n) if numbered.group(1) == "Player" else _("Heroes {n}", n=n)
    if name == "Referee":
        return _("Referee")
    if name == "Overlord":
        return _("Overlord")
    return name


class Seat(BaseModel):
    """A place at the table. The engine knows seats; the bot binds them to users."""

    id: str
    name: str
    team: str | None = None


class Action(BaseModel):
    """Base of every ruleset action. ``seat`` is who takes it (None for automatic steps)."""

    model_config = ConfigDict(extra="forbid")

    kind: str
    seat: str | None = None


class Resign(Action):
    """A seat concedes. Every ruleset accepts it; the framework records the result."""

    kind: Literal["resign"] = "resign"


class Result(BaseModel):
    """How a finished game ended."""

    winners: list[str] = Field(default_factory=list)
    losers: list[str] = Field(default_factory=list)
    draw: bool = False
    reason: str = ""
    scores: dict[str, int] = Field(default_factory=dict)
    # How ``reason`` was made (Text.to_data), kept so a finished game read back from the store
    # tells its end in each reader's language; None for a reason that has no catalogue key.
    message: dict[str, Any] | None = None

    @model_validator(mode="before")
    @classmethod
    def _keep_message(cls, data: Any) -> Any:
        return keep_message(data)

    def why(self) -> str:
        """The reason as a Text when it was made as one (so it translates), else as stored.

        >>> r = Result(winners=["p1"], reason=_("{name} resigned", name="Ann"))
        >>> Result.model_validate_json(r.model_dump_json()).why()
        Text('{name} resigned', name='Ann')
        """
        if self.message is not None:
            said = Text.from_data(self.message)
            if said == self.reason:  # the reason was not changed since (a league's report may)
                return said
        return self.reason


class GameState(BaseModel):
    """What every game holds. Rulesets subclass it with their own fields.

    The generator lives here: whoever has the state has the next die.
    """

    ruleset: str
    seed: int
    rng: Rng
    seats: list[Seat]
    options: dict[str, Any] = Field(default_factory=dict)
    round: int = 0
    phase: str = "setup"
    result: Result | None = None
    # An action waiting for a player's answer (engine.core.decisions); the rest of the state
    # is as it was before that action, but for what the ruleset holds from the moment it is
    # said (Ruleset.said_at_question: a hidden item revealed), kept before it in pending.before.
    pending: PendingDecision | None = None
    # Answers fed to a run of an action; never stored (the log holds them as Decide actions).
    _answers: list[GivenAnswer] = PrivateAttr(default_factory=list)
    _used: list[GivenAnswer] = PrivateAttr(default_factory=list)  # ... those the run's questions took
    _dropped: list[GivenAnswer] = PrivateAttr(default_factory=list)  # ... those no question of it took

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def begin_answers(self, answers: list[str] | list[GivenAnswer]) -> None:
        """Feed the answers already given to the run of an action about to start."""
        self._answers = [a if isinstance(a, GivenAnswer) else GivenAnswer(str(a)) for a in answers]
        self._used, self._dropped = [], []

    def answer_for(self, key: str, options: list[str]) -> str | None:
        """The answer given in advance to the question ``key`` asked now, or None when the player
        must be asked.

        An answer given to another question is set aside (it is in :meth:`stale_answers`):
        one that names another question's key or place among the action's questions, or is not
        one of the options. That happens only when the rules changed between a question and its
        answer, so that the answered run asks something else there.

        >>> from engine.core.rng import Rng
        >>> state = GameState(ruleset="x", seed=1, rng=Rng.from_seed(1), seats=[])
        >>> state.begin_answers([GivenAnswer("yes", "hurl", 0), GivenAnswer("no", "flee", 1), GivenAnswer("b", "pick", 1)])
        >>> state.answer_for("hurl", ["yes", "no"]), state.answer_for("pick", ["a", "b"]), state.stale_answers()
        ('yes', 'b', ['no'])
        """
        while self._answers:
            given = self._answers.pop(0)
            if given.option in options and given.key in (None, key) and given.at in (None, len(self._used)):
                self._used.append(GivenAnswer(given.option, key, len(self._used)))
                return given.option
            self._dropped.append(given)
        return None

    def used_answers(self) -> list[GivenAnswer]:
        """The answers this run's questions took, in order, each with its question's key."""
        return list(self._used)

    def stale_answers(self) -> list[str]:
        """The answers given to this run that no question of it took (see :meth:`answer_for`):
        those set aside, and those left over when it ended asking fewer questions."""
        return [a.option for a in self._dropped + self._answers]

    def answers_waiting(self) -> bool:
        """True while answers given earlier to this run of an action are still to be read: a
        standing order (Conan's /reroll auto:keep) must not skip a question already answered."""
        return bool(self._answers)

    def seat(self, seat_id: str) -> Seat:
        for seat in self.seats:
            if seat.id == seat_id:
                return seat
        raise KeyError(seat_id)

    def other_seat(self, seat_id: str) -> str:
        """The opponent in a two-seat game."""
        others = [s.id for s in self.seats if s.id != seat_id]
        if len(others) != 1:
            raise ValueError("other_seat is only defined for two-seat games")
        return others[0]



def kept_options(options: dict[str, Any]) -> dict[str, Any]:
    """A game's options as its state keeps them: an uploaded map (``map_data``) is left out,
    since the state holds that map already (as ``map``) and the games table keeps the options
    whole for replays; one copy of a 100 x 100 map per state is enough.

    >>> kept_options({"map": "crypt", "map_data": {"width": 100}})
    {'map': 'crypt'}
    """
    return {key: value for key, value in options.items() if key != "map_data"}
