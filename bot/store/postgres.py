"""The PostgreSQL backend (asyncpg): the store several bot processes share.

The store's queries are written once, with SQLite's ``?`` placeholders; this backend numbers
them (``$1``, ``$2`` ...) for PostgreSQL. A write transaction locks the game row it checks
(``SELECT ... FOR UPDATE``), which is what ``BEGIN IMMEDIATE`` gives on SQLite: the second of
two simultaneous commands on one game waits, then sees the new version and is refused with
:class:`~bot.store.errors.VersionConflict`. JSON columns are ``json``: checked by the server,
kept as the exact text written (``jsonb`` would reorder object keys, and the engine's state
keeps meaning in the order of its mappings); asyncpg hands them over as JSON text, as SQLite
does.

>>> numbered("SELECT * FROM t WHERE a = ? AND b = '?' AND c = ?")
"SELECT * FROM t WHERE a = $1 AND b = '?' AND c = $2"
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.store.errors import StoreError, UniqueViolation
from bot.store.sqlite import MIGRATIONS_DIR

# The advisory lock that serialises schema changes across processes (any fixed number).
_SCHEMA_LOCK = 0x57A8BAD

_TOKENS = re.compile(r"'(?:[^']|'')*'|\?")


def numbered(sql: str) -> str:
    """``sql`` with each ``?`` outside string literals replaced by ``$1``, ``$2`` ..."""
    count = 0

    def number(match: re.Match[str]) -> str:
        nonlocal count
        if match.group(0) != "?":
            return match.group(0)
        count += 1
        return f"${count}"

    return _TOKENS.sub(number, sql)


def _rowcount(status: str) -> int:
    """The row count of a command tag such as ``UPDATE 1`` or ``INSERT 0 3``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


def redacted(url: str) -> str:
    """The URL without its password, for messages and logs.

    >>> redacted("postgresql://warband:secret@db:5432/warband")
    'postgresql://warband@db:5432/warband'
    """
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username}@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


class _Cursor:
    """What ``tx.execute(sql, params)`` gives: awaited, it runs the statement and has a
    ``rowcount``; entered with ``async with``, it fetches the rows (as aiosqlite's does)."""

    def __init__(self, conn: asyncpg.Connection, sql: str, params: Sequence[Any]) -> None:
        self._conn, self._sql, self._params = conn, numbered(sql), tuple(params)
        self._rows: list[asyncpg.Record] = []
        self.rowcount = -1

    def __await__(self):
        return self._run().__await__()

    async def _run(self) -> _Cursor:
        self.rowcount = _rowcount(await self._conn.execute(self._sql, *self._params))
        return self

    async def __aenter__(self) -> _Cursor:
        self._rows = list(await self._conn.fetch(self._sql, *self._params))
        self.rowcount = len(self._rows)
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        self._rows = []

    async def fetchone(self) -> asyncpg.Record | None:
        return self._rows.pop(0) if self._rows else None

    async def fetchall(self) -> list[asyncpg.Record]:
        rows, self._rows = self._rows, []
        return rows


class PostgresTransaction:
    """One open transaction on one pooled connection, speaking the store's ``?`` SQL."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self.connection = conn

    def execute(self, sql: str, params: Sequence[Any] = ()) -> _Cursor:
        return _Cursor(self.connection, sql, params)

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        rows = [tuple(row) for row in rows]
        if rows:
            await self.connection.executemany(numbered(sql), rows)


class PostgresBackend:
    """A pool of connections to one PostgreSQL database."""

    dialect = "postgresql"
    row_lock = " FOR UPDATE"
    migrations_dir = MIGRATIONS_DIR / "postgresql"
    database_errors = (asyncpg.PostgresError,)
    schema_migrations_ddl = ("CREATE TABLE IF NOT EXISTS schema_migrations ("
                             " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)")

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool: asyncpg.Pool | None = pool
        self.url = url
        self.location = redacted(url)

    @classmethod
    async def open(cls, url: str, *, min_size: int = 1, max_size: int = 10,
                   timeout: float = 10.0) -> PostgresBackend:
        try:
            pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size,
                                             timeout=timeout)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise StoreError(f"Cannot reach the PostgreSQL database {redacted(url)}: {exc}") from None
        return cls(pool, url)

    def pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise StoreError("The game store is closed.")
        return self._pool

    async def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresTransaction]:
        try:
            async with self.pool().acquire() as conn:
                async with conn.transaction():
                    yield PostgresTransaction(conn)
        except asyncpg.UniqueViolationError as exc:
            raise UniqueViolation(exc.constraint_name or "") from None

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[asyncpg.Record]:
        return list(await self.pool().fetch(numbered(sql), *params))

    async def one(self, sql: str, params: Sequence[Any] = ()) -> asyncpg.Record | None:
        return await self.pool().fetchrow(numbered(sql), *params)

    async def lock_schema(self, tx: PostgresTransaction) -> None:
        await tx.connection.execute("SELECT pg_advisory_xact_lock($1)", _SCHEMA_LOCK)

    async def mark_as_warbands(self, tx: PostgresTransaction) -> None:
        """Nothing to mark: a PostgreSQL database is named for Warband in its URL."""

    async def run_script(self, tx: PostgresTransaction, script: str) -> None:
        # Without parameters PostgreSQL takes a whole script of statements in one call.
        await tx.connection.execute(script)
