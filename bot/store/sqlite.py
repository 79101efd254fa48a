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

from bot.store.errors import MigrationError, StoreError

MIGRATIONS_DIR: Final = Path(__file__).resolve().parents[2] / "migrations"


async def connect(path: Path, *, busy_timeout_ms: int, synchronous: str) -> aiosqlite.Connection:
    """A connection to ``path`` (created if missing) in WAL mode, with foreign keys on."""
    if synchronous.upper() not in {"NORMAL", "FULL", "EXTRA"}:
        raise ValueError("synchronous must be NORMAL, FULL or EXTRA")
    path.parent.mkdir(parents=True, exist_ok=True)
    # isolation_level=None: no implicit transactions; the store says BEGIN itself.
    conn = await aiosqlite.connect(path, isolation_level=None)
    try:
        conn.row_factory = sqlite3.Row
        # First, so that switching to WAL waits for another process instead of failing.
        await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        async with conn.execute("PRAGMA journal_mode = WAL") as cursor:
            (mode,) = await cursor.fetchone()
        if str(mode).lower() != "wal":
            raise StoreError(f"could not switch {path} to WAL mode (journal mode is {mode})")
        await conn.execute(f"PRAGMA synchronous = {synchronous.upper()}")
        await conn.execute("PRAGMA foreign_keys = ON")
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

    async def run_script(self, tx: aiosqlite.Connection, script: str) -> None:
        for statement in split_sql(script):
            await tx.execute(statement)
