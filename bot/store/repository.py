"""The Warband store: one SQLite file holding games and their logs, warbands, cards, free
rolls and the record of its own migrations.

The store keeps one promise: a crash or restart loses no committed move (see
:mod:`bot.store.games` for the one-transaction-per-command rule, :mod:`bot.store.sqlite` for
durability).

>>> async def demo(path):                                        # doctest: +SKIP
...     async with await Store.open(path) as store:
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

from bot.store.cards import Cards
from bot.store.games import Games
from bot.store.migrations import MIGRATIONS_DIR, Migrations
from bot.store.rolls import FreeRolls
from bot.store.errors import BadDatabase
from bot.store.sqlite import connect, damaged
from bot.store.values import utc_now
from bot.store.warbands import Warbands


class Store(Games, Warbands, Cards, FreeRolls, Migrations):
    """The Warband repository on one SQLite file. Open with :meth:`open`, then ``close()``."""

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        migrations_dir: str | Path | None = None,
        clock: Callable[[], datetime] | None = None,
        busy_timeout_ms: int = 5000,
        synchronous: str = "FULL",
    ) -> Store:
        """Open (creating if needed) the database file and bring its schema up to date.

        ``migrations_dir`` defaults to the repository's ``migrations/``; ``clock`` returns the
        time stamped on rows (tests pass a fixed one).
        """
        path = Path(path)
        conn = await connect(path, busy_timeout_ms=busy_timeout_ms, synchronous=synchronous)
        try:
            store = cls(conn, path, clock or utc_now)
            await store._migrate(Path(migrations_dir) if migrations_dir else MIGRATIONS_DIR)
        except sqlite3.DatabaseError as exc:  # a page damaged past what quick_check read
            await conn.close()
            raise BadDatabase(damaged(path, exc)) from None
        except BaseException:
            await conn.close()
            raise
        return store

    async def __aenter__(self) -> Store:
        return self
