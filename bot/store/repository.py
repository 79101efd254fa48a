"""The Warband store: games and their logs, warbands, cards, free rolls, leagues and ratings,
and the record of its own migrations, on SQLite (one file, the default) or PostgreSQL (shared
by several processes).

The store keeps one promise: a crash or restart loses no committed move (see
:mod:`bot.store.games` for the one-transaction-per-command rule). The service does not know
which database it talks to: every guarantee holds on both.

>>> async def demo(path):                                        # doctest: +SKIP
...     async with await Store.open(path) as store:      # or "postgresql://..." / "sqlite:///..."
...         game = await store.create_game("chan-1", None, "skirmish", 42, {}, '{"round": 0}',
...                                        "u1", [("red", "Red"), ("blue", "Blue")])
...         v = await store.claim_seat(game.id, "red", "u1", game.version)        # -> 1
...         v = await store.commit_action(game.id, v, "red", "u1", '{"kind": "pass"}',
...                                       [{"kind": "pass", "text": "Red passes."}],
...                                       '{"round": 1}')                        # -> 2

Arguments named ``*_json`` accept JSON text, a pydantic model (dumped with
``model_dump_json``) or plain JSON-able Python values.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from bot.store.base import Backend
from bot.store.cards import Cards
from bot.store.fairness import Fairness, StatusMessages
from bot.store.games import Games
from bot.store.leagues import Leagues
from bot.store.migrations import Migrations
from bot.store.rolls import FreeRolls
from bot.store.errors import BadDatabase
from bot.store.schedule import Schedule
from bot.store.settings import Preferences
from bot.store.sqlite import SQLiteBackend, damaged
from bot.store.values import utc_now
from bot.store.users import Users
from bot.store.warbands import Warbands

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def sqlite_path(target: str | Path) -> Path | None:
    """The SQLite file a store target names, or None for a PostgreSQL URL.

    >>> sqlite_path("sqlite:///data/warband.sqlite3"), sqlite_path("warband.sqlite3")
    (PosixPath('data/warband.sqlite3'), PosixPath('warband.sqlite3'))
    >>> sqlite_path("sqlite:////var/lib/warband.sqlite3")
    PosixPath('/var/lib/warband.sqlite3')
    >>> sqlite_path("postgresql://db/warband") is None
    True
    """
    if isinstance(target, Path):
        return target
    if target.startswith(POSTGRES_SCHEMES):
        return None
    if target.startswith("sqlite:///"):
        return Path(target[len("sqlite:///"):])
    if "://" in target:
        raise ValueError(f"Unknown database URL {target.split('://')[0]}://...: use sqlite:///PATH "
                         "or postgresql://USER@HOST/DATABASE.")
    return Path(target)


class Store(Games, Warbands, Cards, FreeRolls, Leagues, Schedule, Users, Preferences, Fairness, StatusMessages,
            Migrations):
    """The Warband repository. Open with :meth:`open`, then ``close()``."""

    @classmethod
    async def open(
        cls,
        target: str | Path,
        *,
        migrations_dir: str | Path | None = None,
        clock: Callable[[], datetime] | None = None,
        busy_timeout_ms: int = 5000,
        synchronous: str = "FULL",
    ) -> Store:
        """Open the database and bring its schema up to date.

        ``target`` is a SQLite file path (created if needed), ``sqlite:///PATH``, or a
        ``postgresql://`` URL. ``migrations_dir`` defaults to the repository's migrations for
        that database; ``clock`` returns the time stamped on rows (tests pass a fixed one).
        """
        path = sqlite_path(target)
        backend: Backend
        if path is None:
            from bot.store.postgres import PostgresBackend  # asyncpg only where it is used

            backend = await PostgresBackend.open(str(target))
        else:
            backend = await SQLiteBackend.open(path, busy_timeout_ms=busy_timeout_ms,
                                               synchronous=synchronous)
        try:
            store = cls(backend, clock or utc_now)
            await store._migrate(Path(migrations_dir) if migrations_dir else None)
        except BaseException as exc:
            await backend.close()
            if path is not None and isinstance(exc, sqlite3.DatabaseError):
                # A page damaged past what quick_check read.
                raise BadDatabase(damaged(path, exc)) from None
            raise
        return store

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()
