"""The question a rule puts to a player, and the action left waiting for its answer.

Plain data, kept apart from :mod:`engine.core.decisions` (which asks them) so that the game
state can hold a pending question without the state and the asking importing each other.

>>> Decision(seat="p1", key="cleave", question="Cleave: strike whom?", options=["GOB2", "decline"]).prompt("Ann")
'❓ Ann — Cleave: strike whom? Answer with /decide option: GOB2 or decline.'
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

# A question lists at most this many answers in its prompt.
MAX_LISTED = 12


class Decision(BaseModel):
    """One question to one seat: the options are the words the player answers with."""

    seat: str
    key: str
    question: str
    options: list[str]
    # The answer taken when the player's time runs out (engine.core.timeout); None: see there.
    default: str | None = None

    def listed(self) -> str:
        """The answers as a prompt lists them: all of a few, the first dozen of many."""
        if len(self.options) > MAX_LISTED:
            # Dozens of squares would drown the question: the first few, and autocomplete for the rest.
            return (", ".join(self.options[:MAX_LISTED]) + f" or one of {len(self.options) - MAX_LISTED} more "
                    "(autocomplete lists them)")
        return ", ".join(self.options[:-1]) + f" or {self.options[-1]}" if len(self.options) > 1 else self.options[0]

    def prompt(self, seat_name: str) -> str:
        return f"❓ {seat_name} — {self.question} Answer with /decide option: {self.listed()}."


class PendingDecision(BaseModel):
    """An action waiting for an answer: the action, the answers given so far, the question."""

    action: dict[str, Any]
    answers: list[str] = Field(default_factory=list)
    decision: Decision
    shown: int = 0  # events of the interrupted run already shown to the table
