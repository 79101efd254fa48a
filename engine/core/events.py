"""Events: what happened, in words a player reads and in data a renderer or test reads."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, model_validator

from engine.core.dice import Roll
from engine.core.text import Lookup, Text, render


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
    # How ``text`` was made (engine.core.text.Text.to_data), kept so a log read back later is
    # shown in each reader's language; None for text that has no catalogue key.
    message: dict[str, Any] | None = None

    @model_validator(mode="before")
    @classmethod
    def _keep_message(cls, data: Any) -> Any:
        if isinstance(data, dict) and isinstance(data.get("text"), Text) and data.get("message") is None:
            data = {**data, "message": data["text"].to_data()}
        return data

    def says(self, lookup: Lookup | None = None) -> str:
        """The text in the language ``lookup`` translates to (English without one)."""
        if self.message is not None and lookup is not None:
            return render(Text.from_data(self.message), lookup)
        return self.text

    def line(self, lookup: Lookup | None = None) -> str:
        """The log line: the text, and the dice behind it whenever there were dice."""
        text = self.says(lookup)
        if self.roll is not None:
            return f"{text} 🎲 {self.roll.detail or self.roll.expression} = {self.roll.total}"
        return text


def attack_numbers(natural: int | None, modifiers: list[tuple[str, int]], total: int | None,
                   defence: int, defence_modifiers: list[tuple[str, int]] | None = None,
                   defence_name: str = "AC") -> dict[str, Any]:
    """The numbers of one attack roll, as every ruleset's attack event carries them in ``data``
    (#15 item 19), so logs, exports and replays can show them without reading the text.

    ``margin`` is total minus defence: 0 or more beats it (a natural 1 or 20 may still decide
    otherwise; the event's ``hit`` says what happened).

    >>> attack_numbers(14, [("bonus", 5), ("flanking", 2)], 21, 17, [("cover", 4)])
    {'roll': 14, 'modifiers': [{'source': 'bonus', 'value': 5}, {'source': 'flanking', 'value': 2}], \
'modifier': 7, 'total': 21, 'defence': 17, 'defence_name': 'AC', 'defence_modifiers': [{'source': 'cover', \
'value': 4}], 'margin': 4}
    """
    return {
        "roll": natural,
        "modifiers": [{"source": source, "value": value} for source, value in modifiers],
        "modifier": sum(value for _, value in modifiers),
        "total": total,
        "defence": defence,
        "defence_name": defence_name,
        "defence_modifiers": [{"source": source, "value": value} for source, value in defence_modifiers or []],
        "margin": None if total is None else total - defence,
    }
