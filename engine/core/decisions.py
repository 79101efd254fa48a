"""Choices the rules give a player in the middle of an action.

Some rules leave a choice to a player at a moment no command can name in advance: which
enemy a Cleave strikes once the first one falls, which square a pushed creature lands on,
whether a creature that may strike as it dies does so. The engine asks, and the game waits.

How it works (boardgame.io's "the framework owns the log"): rules code calls :func:`decide`.
If the answer is already known it is returned; if not, :class:`DecisionNeeded` unwinds the
whole action. :meth:`engine.core.Ruleset.apply` then keeps the state from *before* the action,
records the action and the question in :class:`PendingDecision`, and waits for a
:class:`Decide` from the player asked. With the answer the action is applied again from the
start. Every die comes from the generator in the state, so the second run rolls the very same
dice up to the question and goes on from there; the events already shown are not repeated.
A game therefore still replays exactly from its action log (the action, then each Decide).
What the table must hold from the moment it is told, not from the answer (a hidden list's item
revealed before the question, §2.4), a ruleset names with :meth:`Ruleset.said_at_question`: the
stored state keeps those fields as the interrupted run left them, their values before the
action beside the question (PendingDecision.before), and the answer's run starts from those.

>>> from engine.core.decisions import Decision
>>> str(Decision(seat="p1", key="cleave", question="Cleave: strike whom?", options=["GOB2", "decline"]).prompt("Ann"))
'❓ Ann — Cleave: strike whom? Answer with /decide option: GOB2 or decline.'
"""

from __future__ import annotations

from typing import Literal

from engine.core.models import Action, GameState
from engine.core.questions import Decision, PendingDecision

__all__ = ["Decide", "Decision", "DecisionNeeded", "PendingDecision", "decide"]


class Decide(Action):
    """A player answers the pending question (``/decide option:``)."""

    kind: Literal["decide"] = "decide"
    option: str
    # The question answered: its key and its place among the action's questions (0 first), as
    # the table asked it; None in answers logged before they were kept (matched by option only).
    key: str | None = None
    at: int | None = None

    @classmethod
    def to(cls, pending: PendingDecision, seat: str, option: str) -> "Decide":
        """The answer ``option`` to the question ``pending`` shows now, naming that question
        (its key, and its place after the answers already given)."""
        return cls(seat=seat, option=option, key=pending.decision.key, at=len(pending.answers))


class DecisionNeeded(Exception):
    """Raised by :func:`decide` to unwind an action until the player has answered."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.question)
        self.decision = decision


def decide(state: GameState, seat: str, key: str, question: str, options: list[str],
           default: str | None = None, unlisted: list[str] | None = None) -> str:
    """The answer ``seat`` gives to ``question``: asked of the player unless already known.

    A question with a single option is never asked. Options must be distinct words.
    ``default`` is the answer taken if the player's time runs out (engine.core.timeout).
    ``unlisted``: options the player may answer but that the prompt and its buttons, read by the
    whole table, do not show (a hidden list's item, §2.4).

    >>> from engine.core import Rng
    >>> state = GameState(ruleset="x", seed=1, rng=Rng.from_seed(1), seats=[])
    >>> decide(state, "p1", "hurl", "Hurl the javelin first?", ["yes"])
    'yes'
    >>> state.begin_answers(["no"])
    >>> decide(state, "p1", "hurl", "Hurl the javelin first?", ["yes", "no"])
    'no'
    """
    if not options:
        raise ValueError(f"decision {key!r} has no options")
    if len(options) == 1:
        return options[0]
    # An answer given to another question (the rules changed while it waited) is set aside and
    # this one asked: see GameState.answer_for and Ruleset._run.
    answer = state.answer_for(key, list(options))
    if answer is None:
        raise DecisionNeeded(Decision(seat=seat, key=key, question=question, options=list(options),
                                      default=default, unlisted=[o for o in unlisted or [] if o in options]))
    return answer
