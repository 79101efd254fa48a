"""Running out of time: what happens to a seat whose clock ran out, as an action in the log.

The bot keeps the clocks (time is not a rule); when a seat's time is out it appends a
:class:`Timeout` action, and the engine decides what that means. Because the time-out is an
action like any other, a game replays exactly from its seed and log whatever the clocks did.

Policies (chosen when the game is created):

- ``default``: the pending question takes its default answer; with no question pending, the
  late seat's turn is ended as with ``end-turn``;
- ``end-turn``: the late seat's activation or turn ends (a pending question first takes its
  default, since nothing else can happen before it is answered);
- ``claim``: the late seat loses, its opponents win (applied when an opponent claims);
- ``drop``: with three or more seats, the late seat leaves and the game goes on (only for
  rulesets that can drop a seat: :attr:`engine.core.Ruleset.can_drop_seats`).

The stand-in move is found without naming any ruleset: the question's default, else the
ruleset's :meth:`engine.core.Ruleset.timeout_action` (by default: the seat's legal ``end``
action, or its only legal action).

>>> default_answer(Decision(seat="p1", key="k", question="Strike whom?", options=["GOB2", "decline"]))
'decline'
>>> default_answer(Decision(seat="p1", key="k", question="Which?", options=["left", "right"], default="right"))
'right'
>>> default_answer(Decision(seat="p1", key="k", question="Which?", options=["left", "right"]))
'left'
"""

from __future__ import annotations

from typing import Literal

from engine.core.models import Action
from engine.core.questions import Decision

TimeoutPolicy = Literal["default", "end-turn", "claim", "drop"]
TIMEOUT_POLICIES: tuple[str, ...] = ("default", "end-turn", "claim", "drop")

# Words that mean "do nothing" in an answer; a question with no stated default takes one of
# these if offered, as the least a player can be held to when they said nothing.
_PASSIVE_ANSWERS = ("decline", "no", "none", "pass", "skip")


class Timeout(Action):
    """The clock of ``seat`` ran out; ``policy`` says what that means (see the module)."""

    kind: Literal["timeout"] = "timeout"
    policy: TimeoutPolicy = "default"


def default_answer(decision: Decision) -> str:
    """The answer a question takes when its player's time runs out: its stated default, else
    the passive answer if there is one, else the first option."""
    if decision.default is not None and decision.default in decision.options:
        return decision.default
    for word in _PASSIVE_ANSWERS:
        if word in decision.options:
            return word
    return decision.options[0]
