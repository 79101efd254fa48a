"""The error every rule violation raises."""

from __future__ import annotations

from pydantic import ValidationError


class IllegalAction(Exception):
    """An action the rules do not allow, with a reason a player can act on.

    ``code`` is stable and machine-readable (tests and the bot branch on it); ``message`` is
    what the player reads, and says what would be legal where that helps::

        IllegalAction("too-far", "Orc Mauler has speed 6; reaching F9 costs 8 squares.")
    """

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r})"


def validation_problems(exc: ValidationError, *, default_field: str, limit: int = 1) -> list[tuple[str, str]]:
    """``(field, reason)`` for the first errors of a rejected data file, in words a player can
    act on. A check of the whole model (no field of its own) names its field in its message
    as ``"field: reason"``; ``default_field`` stands in when there is none.

    Every uploaded file (cards, warbands, maps) is refused through this, so the refusals read
    alike: ``"orc.json: ac: Input should be a valid integer"``.
    """
    out: list[tuple[str, str]] = []
    for err in exc.errors()[:limit]:
        msg = err["msg"].removeprefix("Value error, ")
        loc = ".".join(str(p) for p in err["loc"])
        if not loc and ": " in msg:
            loc, _, msg = msg.partition(": ")
        out.append((loc or default_field, msg))
    return out
