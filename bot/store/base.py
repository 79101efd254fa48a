"""What every part of the store shares, whichever database is behind it.

A :class:`Backend` owns the connection(s) and speaks one SQL dialect; the parts of the store
(games, warbands, cards, free rolls, migrations) are subclasses of :class:`StoreBase` that write
their queries once, with ``?`` placeholders, and run them through the backend:

* ``async with self._write() as tx`` — one write transaction; ``tx.execute(sql, params)`` is
  awaited for a cursor (``rowcount``) or entered as ``async with`` to fetch rows;
* ``await self._all(sql, params)`` / ``await self._one(sql, params)`` — reads outside any
  transaction;
* ``self._row_lock`` — the clause that locks a row read inside a write transaction so that
  its version cannot change before commit (PostgreSQL's ``FOR UPDATE``; SQLite needs nothing,
  because ``BEGIN IMMEDIATE`` already holds the database's write lock).

Rows are mappings by column name (``row["version"]``) on both backends. New rows give their id
with ``INSERT ... RETURNING id``, which both dialects speak.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Protocol

Row = Any  # sqlite3.Row or asyncpg.Record: both index by column name


class Backend(Protocol):
    """One database: SQLite (:mod:`bot.store.sqlite`) or PostgreSQL (:mod:`bot.store.postgres`)."""

    dialect: str  # "sqlite" | "postgresql"
    row_lock: str
    location: str  # what to name in messages: a file path or a URL without its password
    migrations_dir: Path

    def transaction(self) -> AbstractAsyncContextManager[Any]: ...
    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...
    async def one(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...
    async def lock_schema(self, tx: Any) -> None: ...
    async def mark_as_warbands(self, tx: Any) -> None: ...
    async def run_script(self, tx: Any, script: str) -> None: ...
    async def close(self) -> None: ...


class StoreBase:
    """The shared plumbing: the backend, and the clock that stamps rows."""

    def __init__(self, backend: Backend, clock: Callable[[], datetime]) -> None:
        # Use Store.open(); the constructor only wires an already opened backend.
        self._db = backend
        self._clock = clock

    async def close(self) -> None:
        """Close the connections. Safe to call twice."""
        await self._db.close()

    @property
    def dialect(self) -> str:
        return self._db.dialect

    @property
    def location(self) -> str:
        """The database file, or the server URL without its password."""
        return self._db.location

    @property
    def path(self) -> Path:
        """The SQLite file (SQLite only)."""
        path = getattr(self._db, "path", None)
        if path is None:
            raise AttributeError(f"a {self._db.dialect} store has no file path")
        return path

    @property
    def _row_lock(self) -> str:
        return self._db.row_lock

    def _now(self) -> str:
        now = self._clock()
        if now.tzinfo is None:
            now = now.replace(tzinfo=timezone.utc)
        return now.astimezone(timezone.utc).isoformat(timespec="microseconds")

    def _write(self) -> AbstractAsyncContextManager[Any]:
        """One write transaction: all of it commits, or none of it."""
        return self._db.transaction()

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self._db.all(sql, params)

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return await self._db.one(sql, params)

    @staticmethod
    async def _fetchone(tx: Any, sql: str, params: Sequence[Any] = ()) -> Row | None:
        async with tx.execute(sql, params) as cursor:
            return await cursor.fetchone()

    @staticmethod
    async def _fetchall(tx: Any, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with tx.execute(sql, params) as cursor:
            return list(await cursor.fetchall())
