"""The errors the store raises on purpose: ``str(error)`` is a sentence a player can read."""

from __future__ import annotations

from engine.core.text import _


class StoreError(Exception):
    """Base of every error the store raises on purpose; ``str(error)`` is for players."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class ChannelBusy(StoreError):
    """The channel already has a game in progress."""

    def __init__(self, channel_id: str, game_id: int, ruleset: str) -> None:
        super().__init__(
            _("This channel already has a game in progress (game #{id}, {ruleset}). "
              "Finish or abandon it before starting another.", id=game_id, ruleset=ruleset)
        )
        self.channel_id = channel_id
        self.game_id = game_id


class VersionConflict(StoreError):
    """The game changed between reading it and writing the command's result."""

    def __init__(self, game_id: int, expected: int, actual: int) -> None:
        super().__init__(
            _("Game #{id} changed while your command was on its way (someone acted first). "
              "Look at the game again and repeat your command if it still makes sense.", id=game_id)
        )
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


class SeatTaken(StoreError):
    """Another player already sits in that seat."""

    def __init__(self, game_id: int, seat_id: str, seat_name: str) -> None:
        super().__init__(
            _("{seat} is already taken by another player in game #{id}. Pick a free seat.", seat=seat_name, id=game_id)
        )
        self.game_id = game_id
        self.seat_id = seat_id


class AlreadySeated(StoreError):
    """The player already has a seat in that game (one seat per player)."""

    def __init__(self, game_id: int, seat_id: str, seat_name: str) -> None:
        super().__init__(_("You already sit at game #{id} as {seat}; one seat per player.", id=game_id, seat=seat_name))
        self.game_id = game_id
        self.seat_id = seat_id


class NotFound(StoreError):
    """No such game or seat."""


class GameNotActive(StoreError):
    """The game is finished or abandoned, so it takes no more moves, seats or requests."""

    def __init__(self, game_id: int, status: str) -> None:
        super().__init__(_("Game #{id} is finished; it takes no more moves.", id=game_id) if status == "finished" else
                         _("Game #{id} is abandoned; it takes no more moves.", id=game_id) if status == "abandoned" else
                         _("Game #{id} is {status}; it takes no more moves.", id=game_id, status=status))
        self.game_id = game_id
        self.status = status


class MigrationError(StoreError):
    """The database schema could not be brought up to date (an operator problem)."""



class UniqueViolation(StoreError):
    """Two writers raced to create the same unique thing; the database refused the second.

    SQLite never raises it (``BEGIN IMMEDIATE`` lets one writer in at a time); PostgreSQL
    transactions run side by side, so the unique index is what catches the race.
    """

    def __init__(self, constraint: str) -> None:
        super().__init__(_("Someone else did that at the same moment; nothing was changed. Try again."))
        self.constraint = constraint


class BadDatabase(StoreError):
    """The file at the configured path is not a Warband database Warband can use: damaged, not
    SQLite at all, a folder, or another application's database. The message is one line for
    the operator: what is wrong, which file, what to do."""
