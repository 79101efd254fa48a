"""The SQLite connection every part of the store shares: opening, transactions and reads.

SQLite runs in WAL mode with ``synchronous=FULL``: every transaction is atomic, and once a
command has answered, its move survives a crash of the bot process and of the machine (an
fsync per commit: a play-by-post game commits a few moves a minute, so durability costs
nothing that matters). ``synchronous="NORMAL"`` trades the machine-crash guarantee for write
speed.

One connection serves the process; an ``asyncio.Lock`` serialises its use so that one
coroutine's open transaction is never seen, or joined, by another. SQLite serialises writers
across processes with ``BEGIN IMMEDIATE`` and ``busy_timeout``.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store.errors import BadDatabase, StoreError


# Marks a Warband database in its SQLite header (PRAGMA application_id): "WARB".
APPLICATION_ID = 0x57415242
# The tables that tell a Warband database from before the mark.
WARBAND_TABLES = frozenset({"schema_migrations", "games", "seats", "actions", "events"})
_ELSEWHERE = "point WARBAND_DB (or --db) at another file"


async def connect(path: Path, *, busy_timeout_ms: int, synchronous: str) -> aiosqlite.Connection:
    """A connection to ``path`` (created if missing) in WAL mode, with foreign keys on.

    The file is checked before anything is written to it (:func:`check_is_warbands`): a
    damaged file, a folder or another application's database raises :class:`BadDatabase`.
    """
    if synchronous.upper() not in {"NORMAL", "FULL", "EXTRA"}:
        raise ValueError("synchronous must be NORMAL, FULL or EXTRA")
    if path.is_dir():
        raise BadDatabase(f"{path} is a folder, not a database file: {_ELSEWHERE}.")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BadDatabase(f"can't make the folder for {path} ({exc.strerror or exc}): {_ELSEWHERE}.") from None
    try:
        # isolation_level=None: no implicit transactions; the store says BEGIN itself.
        conn = await aiosqlite.connect(path, isolation_level=None)
    except sqlite3.Error as exc:
        raise BadDatabase(f"can't open {path} ({exc}): check its permissions, or {_ELSEWHERE}.") from None
    try:
        conn.row_factory = sqlite3.Row
        # First, so that switching to WAL waits for another process instead of failing.
        await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        # Before WAL: switching the journal mode is already a write to someone else's file.
        await check_is_warbands(conn, path)
        async with conn.execute("PRAGMA journal_mode = WAL") as cursor:
            (mode,) = await cursor.fetchone()
        if str(mode).lower() != "wal":
            raise StoreError(f"could not switch {path} to WAL mode (journal mode is {mode})")
        await conn.execute(f"PRAGMA synchronous = {synchronous.upper()}")
        await conn.execute("PRAGMA foreign_keys = ON")
    except sqlite3.DatabaseError as exc:
        await conn.close()
        raise BadDatabase(damaged(path, exc)) from None
    except BaseException:
        await conn.close()
        raise
    return conn


def damaged(path: Path, exc: Exception) -> str:
    return (f"{path} is damaged or is not an SQLite database ({exc}): restore it from a backup, "
            f"or {_ELSEWHERE}.")


async def check_is_warbands(conn: aiosqlite.Connection, path: Path) -> None:
    """Refuse a file that is damaged or not Warband's, before writing a byte to it.

    A Warband file carries :data:`APPLICATION_ID`. A file without a mark is Warband's only if it
    is empty (a new database) or holds Warband's tables (made before the mark existed; the
    store marks it as it migrates). Anything else belongs to another application.
    """
    # One read transaction: the mark and the tables are read from the same snapshot, so a
    # process migrating the file at this moment is seen before or after, never half-way.
    await conn.execute("BEGIN")
    try:
        await _check_snapshot(conn, path)
    finally:
        if conn.in_transaction:
            await conn.execute("COMMIT")


async def _check_snapshot(conn: aiosqlite.Connection, path: Path) -> None:
    async with conn.execute("PRAGMA application_id") as cursor:
        (app_id,) = await cursor.fetchone()
    if app_id not in (0, APPLICATION_ID):
        raise BadDatabase(f"{path} is another application's SQLite database (application id "
                          f"{app_id:#x}); Warband will not write into it: {_ELSEWHERE}.")
    async with conn.execute("PRAGMA quick_check(1)") as cursor:
        (verdict,) = await cursor.fetchone()
    if verdict != "ok":
        raise BadDatabase(damaged(path, verdict))
    if app_id == APPLICATION_ID:
        return
    async with conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"
                            " AND name NOT LIKE 'sqlite_%'") as cursor:
        tables = {row[0] for row in await cursor.fetchall()}
    if tables and not WARBAND_TABLES <= tables:
        shown = ", ".join(sorted(tables)[:5]) + (", ..." if len(tables) > 5 else "")
        raise BadDatabase(f"{path} is another application's SQLite database (tables {shown}); "
                          f"Warband will not write into it: {_ELSEWHERE}.")


class SQLiteBase:
    """The shared plumbing: one connection, one lock, the clock that stamps rows.

    Each concern of the store (games, warbands, cards, free rolls, migrations) is a subclass
    that adds its queries; :class:`bot.store.Store` joins them.
    """

    def __init__(
        self, connection: aiosqlite.Connection, path: Path, clock: Callable[[], datetime]
    ) -> None:
        # Use Store.open(); the constructor only wires an already configured connection.
        self._conn: aiosqlite.Connection | None = connection
        self._path = path
        self._clock = clock
        self._lock = asyncio.Lock()

    async def close(self) -> None:
        """Close the connection. Safe to call twice."""
        async with self._lock:
            if self._conn is not None:
                conn, self._conn = self._conn, None
                await conn.close()

    async def __aenter__(self) -> SQLiteBase:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @property
    def path(self) -> Path:
        return self._path

    def _connection(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise StoreError("The game store is closed.")
        return self._conn

    def _now(self) -> str:
        now = self._clock()
        if now.tzinfo is None:
            now = now.replace(tzinfo=timezone.utc)
        return now.astimezone(timezone.utc).isoformat(timespec="microseconds")

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction. IMMEDIATE takes SQLite's write lock at BEGIN, so what the
        transaction reads (the version) cannot change before it commits."""
        async with self._lock:
            conn = self._connection()
            await conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                await conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    await conn.execute("ROLLBACK")
                raise

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        async with self._lock:
            async with self._connection().execute(sql, params) as cursor:
                return list(await cursor.fetchall())

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row | None:
        async with self._lock:
            async with self._connection().execute(sql, params) as cursor:
                return await cursor.fetchone()

    @staticmethod
    async def _fetchone(
        conn: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()
    ) -> sqlite3.Row | None:
        async with conn.execute(sql, params) as cursor:
            return await cursor.fetchone()
