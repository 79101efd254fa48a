"""The store: the only part of Warband that talks to the database.

One package, one module per concern — :mod:`~bot.store.games` (games, seats, the action log
and events), :mod:`~bot.store.warbands`, :mod:`~bot.store.leagues` (leagues and ratings), :mod:`~bot.store.cards`, :mod:`~bot.store.rolls`
(free rolls) and :mod:`~bot.store.migrations` — each a subclass of the shared connection
(:mod:`~bot.store.base`) over one database backend — SQLite (:mod:`~bot.store.sqlite`,
the default) or PostgreSQL (:mod:`~bot.store.postgres`) — joined into one :class:`Store`
(:mod:`~bot.store.repository`).
Callers import what they need from here.
"""

from bot.store.errors import (
    AlreadySeated,
    BadDatabase,
    ChannelBusy,
    GameNotActive,
    MigrationError,
    NotFound,
    SeatTaken,
    StoreError,
    UniqueViolation,
    VersionConflict,
)
from bot.store.leagues import LeagueChange, LeagueConflict, LeagueNameTaken
from bot.store.migrations import MIGRATIONS_DIR, split_sql
from bot.store.records import (
    ActionRecord,
    CardRecord,
    EventRecord,
    FreeRollRecord,
    GameRecord,
    MigrationRecord,
    SeatRecord,
    WarbandRecord,
)
from bot.store.repository import Store, sqlite_path
from bot.store.values import GAME_STATUSES, KEEP

__all__ = [
    "GAME_STATUSES", "KEEP", "LeagueChange", "LeagueConflict", "LeagueNameTaken", "MIGRATIONS_DIR", "ActionRecord", "AlreadySeated", "BadDatabase", "CardRecord",
    "ChannelBusy", "EventRecord", "FreeRollRecord", "GameNotActive", "GameRecord",
    "MigrationError", "MigrationRecord", "NotFound", "SeatRecord", "SeatTaken", "Store",
    "StoreError", "UniqueViolation", "VersionConflict", "WarbandRecord", "split_sql", "sqlite_path",
]
