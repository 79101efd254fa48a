"""The error every rule violation raises."""

from __future__ import annotations


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
