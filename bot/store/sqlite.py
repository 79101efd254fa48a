"""The SQLite backend: one file, nothing to run — the default.

SQLite runs in WAL mode with ``synchronous=FULL``: every transaction is atomic, and once a
command has answered, its move survives a crash of the bot process and of the machine (an
fsync per commit: a play-by-post game commits a few moves a minute, so durability costs
nothing that matters). ``synchronous="NORMAL"`` trades the machine-crash guarantee for write
speed.

One connection writes for the process; an ``asyncio.Lock`` serialises its use so that one
coroutine's open transaction is never seen, or joined, by another. SQLite serialises writers
across processes with ``BEGIN IMMEDIATE`` and ``busy_timeout``. Reads outside a transaction go
through a few read-only connections of their own (opened when first needed): in WAL a reader
sees the last commit and never waits for a writer, so one channel's commit (an fsync) does not
hold up another channel's look at its game.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Final

import aiosqlite

from bot.store.errors import BadDatabase, MigrationError, StoreError

MIGRATIONS_DIR: Final = Path(__file__).resolve().parents[2] / "migrations"

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


async def connect_reader(path: Path, *, busy_timeout_ms: int = 5000) -> aiosqlite.Connection:
    """A read-only connection to ``path``, already a WAL database (the writer made it one)."""
    conn = await aiosqlite.connect(path, isolation_level=None)
    try:
        conn.row_factory = sqlite3.Row
        await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        await conn.execute("PRAGMA query_only = ON")
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


def split_sql(script: str) -> list[str]:
    """The statements of a migration script, split where SQLite itself sees them end.

    Splitting on every ``;`` would break triggers and string literals; ``complete_statement``
    knows both.

    >>> split_sql("CREATE TABLE t (x TEXT DEFAULT ';');\\n-- done\\nINSERT INTO t VALUES (1);")
    ["CREATE TABLE t (x TEXT DEFAULT ';');", '-- done\\nINSERT INTO t VALUES (1);']
    """
    statements: list[str] = []
    pieces = script.split(";")
    buffer = ""
    for i, piece in enumerate(pieces):
        buffer += piece
        if i < len(pieces) - 1:
            buffer += ";"
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    if _strip_sql_comments(buffer).strip():
        raise MigrationError(f"unfinished SQL statement at the end: {buffer.strip()[:80]!r}")
    return statements


def _strip_sql_comments(text: str) -> str:
    return re.sub(r"--[^\n]*|/\*.*?\*/", "", text, flags=re.S)


class SQLiteBackend:
    """One SQLite file behind one connection and one lock."""

    dialect = "sqlite"
    row_lock = ""  # BEGIN IMMEDIATE already holds the write lock
    migrations_dir = MIGRATIONS_DIR
    database_errors = (sqlite3.Error,)
    schema_migrations_ddl = ("CREATE TABLE IF NOT EXISTS schema_migrations ("
                             " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT")

    def __init__(self, connection: aiosqlite.Connection, path: Path) -> None:
        self._conn: aiosqlite.Connection | None = connection
        self.path = path
        self.location = str(path)
        self._lock = asyncio.Lock()
        self._readers: list[aiosqlite.Connection] = []
        self._idle_readers: asyncio.Queue[aiosqlite.Connection] | None = None
        self._opening_readers = 0

    # At most this many read connections; reads beyond wait for one to be free.
    max_readers = 2

    @classmethod
    async def open(cls, path: Path, *, busy_timeout_ms: int = 5000,
                   synchronous: str = "FULL") -> SQLiteBackend:
        return cls(await connect(path, busy_timeout_ms=busy_timeout_ms, synchronous=synchronous), path)

    async def close(self) -> None:
        async with self._lock:
            if self._conn is not None:
                conn, self._conn = self._conn, None
                await conn.close()
            readers, self._readers = self._readers, []
            for reader in readers:
                await reader.close()
            readers, self._readers = self._readers, []
            for reader in readers:
                await reader.close()

    def connection(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise StoreError("The game store is closed.")
        return self._conn

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """IMMEDIATE takes SQLite's write lock at BEGIN, so what the transaction reads (the
        version) cannot change before it commits."""
        async with self._lock:
            conn = self.connection()
            await conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                await conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    await conn.execute("ROLLBACK")
                raise

    @asynccontextmanager
    async def _reader(self) -> AsyncIterator[aiosqlite.Connection]:
        """A read connection of its own (see the module docstring), or the writer's under its
        lock for a database that lives only in memory."""
        self.connection()  # refuse when closed
        if str(self.path) == ":memory:" or self.max_readers < 1:
            async with self._lock:
                yield self.connection()
            return
        if self._idle_readers is None:
            self._idle_readers = asyncio.Queue()
        if self._idle_readers.empty() and len(self._readers) + self._opening_readers < self.max_readers:
            self._opening_readers += 1
            try:
                conn = await connect_reader(self.path)
            finally:
                self._opening_readers -= 1
            self._readers.append(conn)
        else:
            conn = await self._idle_readers.get()
        try:
            yield conn
        finally:
            if conn in self._readers:
                self._idle_readers.put_nowait(conn)

    async def all(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        async with self._reader() as conn:
            async with conn.execute(sql, params) as cursor:
                return list(await cursor.fetchall())

    async def one(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row | None:
        async with self._reader() as conn:
            async with conn.execute(sql, params) as cursor:
                return await cursor.fetchone()

    async def lock_schema(self, tx: aiosqlite.Connection) -> None:
        """Nothing to do: BEGIN IMMEDIATE already keeps other processes out."""

    async def mark_as_warbands(self, tx: aiosqlite.Connection) -> None:
        """Put Warband's mark in the file's header (see :func:`check_is_warbands`)."""
        await tx.execute(f"PRAGMA application_id = {APPLICATION_ID}")

    async def run_script(self, tx: aiosqlite.Connection, script: str) -> None:
        for statement in split_sql(script):
            await tx.execute(statement)
