"""Events: what happened, in words a player reads and in data a renderer or test reads."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from engine.core.dice import Roll


class Event(BaseModel):
    """One thing that happened while an action was applied.

    ``text`` is the line shown in the channel and in the game log; ``roll`` carries every die
    when the event is a roll, so the log can always show the dice behind a result.
    """

    kind: str
    text: str
    seat: str | None = None
    roll: Roll | None = None
    data: dict[str, Any] = Field(default_factory=dict)

    def line(self) -> str:
        """The log line: the text, and the dice behind it whenever there were dice."""
        if self.roll is not None:
            return f"{self.text} 🎲 {self.roll.detail or self.roll.expression} = {self.roll.total}"
        return self.text
