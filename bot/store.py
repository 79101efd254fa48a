"""The SQLite store: games, seats, the action log, events, warbands and free rolls.

The store keeps one promise: a crash or restart loses no committed move. Each command that
changes a game runs in ONE ``BEGIN IMMEDIATE`` transaction that checks the game's version,
appends the action and its events, saves the new engine state snapshot and bumps the version.
Either all of that is on disk or none of it is. A command built from a stale read (someone else
moved first) fails with :class:`VersionConflict` and changes nothing.

>>> async def demo(path):                                        # doctest: +SKIP
...     async with await Store.open(path) as store:
...         game = await store.create_game("chan-1", None, "skirmish", 42, {}, '{"round": 0}',
...                                        "u1", [("red", "Red"), ("blue", "Blue")])
...         v = await store.claim_seat(game.id, "red", "u1", game.version)        # -> 1
...         v = await store.commit_action(game.id, v, "red", "u1", '{"kind": "pass"}',
...                                       [{"kind": "pass", "text": "Red passes."}],
...                                       '{"round": 1}')                        # -> 2

Records are frozen dataclasses. JSON columns come back as text (``state_json`` ...) because the
service parses them with its ruleset's pydantic model; each record also has a property that
parses the JSON into Python values (``record.state``). Arguments named ``*_json`` accept JSON
text, a pydantic model (dumped with ``model_dump_json``) or plain JSON-able Python values.

Timestamps are aware UTC datetimes. SQLite runs in WAL mode with ``synchronous=FULL``: every
transaction is atomic, and once a command has answered, its move survives a crash of the bot
process and of the machine (an fsync per commit: a play-by-post game commits a few moves a
minute, so durability costs nothing that matters). ``synchronous="NORMAL"`` trades the
machine-crash guarantee for write speed.

One connection serves the process; an ``asyncio.Lock`` serialises its use so that one
coroutine's open transaction is never seen, or joined, by another. SQLite serialises writers
across processes with ``BEGIN IMMEDIATE`` and ``busy_timeout``.
"""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Final

import aiosqlite

MIGRATIONS_DIR: Final = Path(__file__).resolve().parents[1] / "migrations"
GAME_STATUSES: Final = ("active", "finished", "abandoned")

_MIGRATION_FILE = re.compile(r"^(\d{4})_(\w+)\.sql$")


# --------------------------------------------------------------------------------------------
# Errors: str(error) is a sentence a player can read.


class StoreError(Exception):
    """Base of every error the store raises on purpose; ``str(error)`` is for players."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class ChannelBusy(StoreError):
    """The channel already has a game in progress."""

    def __init__(self, channel_id: str, game_id: int, ruleset: str) -> None:
        super().__init__(
            f"This channel already has a game in progress (game #{game_id}, {ruleset}). "
            "Finish or abandon it before starting another."
        )
        self.channel_id = channel_id
        self.game_id = game_id


class VersionConflict(StoreError):
    """The game changed between reading it and writing the command's result."""

    def __init__(self, game_id: int, expected: int, actual: int) -> None:
        super().__init__(
            f"Game #{game_id} changed while your command was on its way (someone acted first). "
            "Look at the game again and repeat your command if it still makes sense."
        )
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


class SeatTaken(StoreError):
    """Another player already sits in that seat."""

    def __init__(self, game_id: int, seat_id: str, seat_name: str) -> None:
        super().__init__(
            f"{seat_name} is already taken by another player in game #{game_id}. "
            "Pick a free seat."
        )
        self.game_id = game_id
        self.seat_id = seat_id


class AlreadySeated(StoreError):
    """The player already has a seat in that game (one seat per player)."""

    def __init__(self, game_id: int, seat_id: str, seat_name: str) -> None:
        super().__init__(f"You already sit at game #{game_id} as {seat_name}; one seat per player.")
        self.game_id = game_id
        self.seat_id = seat_id


class NotFound(StoreError):
    """No such game or seat."""


class GameNotActive(StoreError):
    """The game is finished or abandoned, so it takes no more moves, seats or requests."""

    def __init__(self, game_id: int, status: str) -> None:
        super().__init__(f"Game #{game_id} is {status}; it takes no more moves.")
        self.game_id = game_id
        self.status = status


class MigrationError(StoreError):
    """The database schema could not be brought up to date (an operator problem)."""


# --------------------------------------------------------------------------------------------
# Records


def _loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def _when(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One row of ``games``: the game's identity, its current state snapshot and version."""

    id: int
    channel_id: str
    guild_id: str | None
    ruleset: str
    seed: int
    options_json: str
    state_json: str
    version: int
    status: str  # 'active' | 'finished' | 'abandoned'
    created_by: str
    created_at: datetime
    updated_at: datetime
    result_json: str | None
    pending_json: str | None

    @property
    def is_active(self) -> bool:
        return self.status == "active"

    @property
    def options(self) -> dict[str, Any]:
        return json.loads(self.options_json)

    @property
    def state(self) -> Any:
        return json.loads(self.state_json)

    @property
    def result(self) -> Any:
        return _loads(self.result_json)

    @property
    def pending(self) -> Any:
        return _loads(self.pending_json)


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """A place at a game's table; ``user_id`` is None while nobody has taken it."""

    game_id: int
    seat_id: str
    position: int
    name: str
    user_id: str | None
    joined_at: datetime | None

    @property
    def is_free(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """One entry of a game's action log, numbered from 1 in the order applied."""

    game_id: int
    seq: int
    seat_id: str | None
    user_id: str | None
    action_json: str
    created_at: datetime

    @property
    def action(self) -> Any:
        return json.loads(self.action_json)


@dataclass(frozen=True, slots=True)
class EventRecord:
    """One event of an action. ``event`` is the whole event as committed (roll included)."""

    game_id: int
    action_seq: int
    idx: int
    kind: str
    text: str
    seat_id: str | None
    data_json: str

    @property
    def event(self) -> dict[str, Any]:
        return json.loads(self.data_json)


@dataclass(frozen=True, slots=True)
class WarbandRecord:
    """A player's saved warband roster."""

    id: int
    user_id: str
    name: str
    edition: str
    data_json: str
    created_at: datetime
    updated_at: datetime

    @property
    def data(self) -> Any:
        return json.loads(self.data_json)


@dataclass(frozen=True, slots=True)
class CardRecord:
    """A stat card a player uploaded (validated card JSON in ``data_json``)."""

    user_id: str
    card_id: str
    name: str
    data_json: str
    created_at: datetime
    updated_at: datetime

    @property
    def data(self) -> Any:
        return json.loads(self.data_json)


@dataclass(frozen=True, slots=True)
class FreeRollRecord:
    """A /roll made outside any game."""

    id: int
    channel_id: str
    guild_id: str | None
    user_id: str
    expression: str
    result_json: str
    created_at: datetime

    @property
    def result(self) -> Any:
        return json.loads(self.result_json)


@dataclass(frozen=True, slots=True)
class MigrationRecord:
    """A migration file applied to this database."""

    version: int
    name: str
    applied_at: datetime


def _game(row: sqlite3.Row) -> GameRecord:
    return GameRecord(
        id=row["id"],
        channel_id=row["channel_id"],
        guild_id=row["guild_id"],
        ruleset=row["ruleset"],
        seed=int(row["seed"]),
        options_json=row["options"],
        state_json=row["state"],
        version=row["version"],
        status=row["status"],
        created_by=row["created_by"],
        created_at=datetime.fromisoformat(row["created_at"]),
        updated_at=datetime.fromisoformat(row["updated_at"]),
        result_json=row["result"],
        pending_json=row["pending"],
    )


def _seat(row: sqlite3.Row) -> SeatRecord:
    return SeatRecord(
        game_id=row["game_id"],
        seat_id=row["seat_id"],
        position=row["position"],
        name=row["name"],
        user_id=row["user_id"],
        joined_at=_when(row["joined_at"]),
    )


def _action(row: sqlite3.Row) -> ActionRecord:
    return ActionRecord(
        game_id=row["game_id"],
        seq=row["seq"],
        seat_id=row["seat_id"],
        user_id=row["user_id"],
        action_json=row["action"],
        created_at=datetime.fromisoformat(row["created_at"]),
    )


def _event(row: sqlite3.Row) -> EventRecord:
    return EventRecord(
        game_id=row["game_id"],
        action_seq=row["action_seq"],
        idx=row["idx"],
        kind=row["kind"],
        text=row["text"],
        seat_id=row["seat_id"],
        data_json=row["data"],
    )


def _warband(row: sqlite3.Row) -> WarbandRecord:
    return WarbandRecord(
        id=row["id"],
        user_id=row["user_id"],
        name=row["name"],
        edition=row["edition"],
        data_json=row["data"],
        created_at=datetime.fromisoformat(row["created_at"]),
        updated_at=datetime.fromisoformat(row["updated_at"]),
    )


def _card(row: sqlite3.Row) -> CardRecord:
    return CardRecord(
        user_id=row["user_id"],
        card_id=row["card_id"],
        name=row["name"],
        data_json=row["data"],
        created_at=datetime.fromisoformat(row["created_at"]),
        updated_at=datetime.fromisoformat(row["updated_at"]),
    )


def _free_roll(row: sqlite3.Row) -> FreeRollRecord:
    return FreeRollRecord(
        id=row["id"],
        channel_id=row["channel_id"],
        guild_id=row["guild_id"],
        user_id=row["user_id"],
        expression=row["expression"],
        result_json=row["result"],
        created_at=datetime.fromisoformat(row["created_at"]),
    )


# --------------------------------------------------------------------------------------------
# Input normalisation: done before a transaction opens, so bad input never holds the lock.


class _Keep:
    """Marker for "leave this column as it is"."""

    def __repr__(self) -> str:
        return "KEEP"


KEEP: Final = _Keep()


def _json_text(value: Any) -> str:
    """JSON text for a column: ``str`` is taken as JSON text already; models are dumped.

    >>> _json_text({"a": 1}), _json_text('{"a": 1}')
    ('{"a":1}', '{"a": 1}')
    """
    if isinstance(value, str):
        return value
    dump = getattr(value, "model_dump_json", None)
    if callable(dump):
        return dump()
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _optional_json(value: Any) -> str | None:
    return None if value is None else _json_text(value)


def _id(value: Any) -> str | None:
    """Discord hands out ints, the console names; the schema stores both as text."""
    return None if value is None else str(value)


def _event_row(event: Any) -> tuple[str, str, str | None, str]:
    """(kind, text, seat_id, data) for one engine event given as a model or a mapping."""
    if hasattr(event, "model_dump"):
        event = event.model_dump(mode="json")
    if not isinstance(event, Mapping):
        raise TypeError(
            f"an event must be a mapping or a pydantic model, not {type(event).__name__}"
        )
    kind = event.get("kind")
    if not isinstance(kind, str) or not kind:
        raise ValueError(f"an event needs a 'kind': {event!r}")
    text = event.get("text", "")
    seat = event.get("seat")
    return kind, str(text), _id(seat), _json_text(dict(event))


def _check_status(status: str) -> None:
    if status not in GAME_STATUSES:
        raise ValueError(f"unknown game status {status!r}; expected one of {GAME_STATUSES}")


def _split_sql(script: str) -> list[str]:
    """The statements of a migration script, split where SQLite itself sees them end.

    Splitting on every ``;`` would break triggers and string literals; ``complete_statement``
    knows both.

    >>> _split_sql("CREATE TABLE t (x TEXT DEFAULT ';');\\n-- done\\nINSERT INTO t VALUES (1);")
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


def _migration_files(folder: Path) -> list[tuple[int, str, Path]]:
    """``(version, name, path)`` for each ``NNNN_name.sql`` in ``folder``, in order."""
    found: dict[int, tuple[int, str, Path]] = {}
    for path in sorted(folder.glob("*.sql")):
        match = _MIGRATION_FILE.match(path.name)
        if match is None:
            raise MigrationError(f"migration file {path.name} is not named NNNN_name.sql")
        version = int(match.group(1))
        if version in found:
            raise MigrationError(
                f"migrations {found[version][2].name} and {path.name} share version {version}"
            )
        found[version] = (version, match.group(2), path)
    return [found[v] for v in sorted(found)]


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


# --------------------------------------------------------------------------------------------
# The store


class Store:
    """The Warband repository on one SQLite file. Open with :meth:`open`, then ``close()``.

    Every method that changes a game takes ``expected_version`` (the version the caller read)
    and checks it inside the same transaction, returning the new version. Methods that look a
    game up by id raise :class:`NotFound`; lookups by channel or name return None.
    """

    def __init__(
        self, connection: aiosqlite.Connection, path: Path, clock: Callable[[], datetime]
    ) -> None:
        # Use Store.open(); the constructor only wires an already configured connection.
        self._conn: aiosqlite.Connection | None = connection
        self._path = path
        self._clock = clock
        self._lock = asyncio.Lock()

    # ---- lifecycle -------------------------------------------------------------------------

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
        if synchronous.upper() not in {"NORMAL", "FULL", "EXTRA"}:
            raise ValueError("synchronous must be NORMAL, FULL or EXTRA")
        path = Path(path)
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
            store = cls(conn, path, clock or _utc_now)
            await store._migrate(Path(migrations_dir) if migrations_dir else MIGRATIONS_DIR)
        except BaseException:
            await conn.close()
            raise
        return store

    async def close(self) -> None:
        """Close the connection. Safe to call twice."""
        async with self._lock:
            if self._conn is not None:
                conn, self._conn = self._conn, None
                await conn.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @property
    def path(self) -> Path:
        return self._path

    # ---- plumbing --------------------------------------------------------------------------

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

    # ---- migrations ------------------------------------------------------------------------

    async def _migrate(self, folder: Path) -> None:
        files = _migration_files(folder)
        conn = self._connection()
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT"
        )
        applied = {m.version for m in await self.applied_migrations()}
        unknown = applied - {version for version, _, _ in files}
        if unknown:
            raise MigrationError(
                f"{self._path} has migrations {sorted(unknown)} that {folder} lacks; "
                "it was upgraded by a newer Warband. Run that version instead."
            )
        for version, name, file in files:
            if version in applied:
                continue
            statements = _split_sql(file.read_text(encoding="utf-8"))
            try:
                async with self._write() as tx:
                    # Another process may have applied it since we looked; we hold the lock now.
                    if await self._fetchone(
                        tx, "SELECT 1 FROM schema_migrations WHERE version = ?", (version,)
                    ):
                        continue
                    for statement in statements:
                        await tx.execute(statement)
                    await tx.execute(
                        "INSERT INTO schema_migrations (version, name, applied_at)"
                        " VALUES (?, ?, ?)",
                        (version, name, self._now()),
                    )
            except sqlite3.Error as exc:
                raise MigrationError(
                    f"migration {file.name} failed and was rolled back: {exc}"
                ) from exc

    async def applied_migrations(self) -> list[MigrationRecord]:
        """The migrations recorded in this database, oldest first."""
        rows = await self._all(
            "SELECT version, name, applied_at FROM schema_migrations ORDER BY version"
        )
        return [
            MigrationRecord(r["version"], r["name"], datetime.fromisoformat(r["applied_at"]))
            for r in rows
        ]

    # ---- games: reads ----------------------------------------------------------------------

    async def game(self, game_id: int) -> GameRecord:
        """The game with this id; :class:`NotFound` if there is none."""
        row = await self._one("SELECT * FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise NotFound(f"There is no game #{game_id}.")
        return _game(row)

    async def active_game(self, channel_id: str | int) -> GameRecord | None:
        """The game in progress in this channel, if any."""
        row = await self._one(
            "SELECT * FROM games WHERE channel_id = ? AND status = 'active'", (_id(channel_id),)
        )
        return None if row is None else _game(row)

    async def recent_games(self, channel_id: str | int, limit: int = 10) -> list[GameRecord]:
        """The channel's games, newest first, whatever their status."""
        rows = await self._all(
            "SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT ?",
            (_id(channel_id), limit),
        )
        return [_game(r) for r in rows]

    async def seats(self, game_id: int) -> list[SeatRecord]:
        """The game's seats in table order (empty if the game does not exist)."""
        rows = await self._all(
            "SELECT * FROM seats WHERE game_id = ? ORDER BY position", (game_id,)
        )
        return [_seat(r) for r in rows]

    async def seat_of(self, game_id: int, user_id: str | int) -> SeatRecord | None:
        """The seat this player holds in the game, if any."""
        row = await self._one(
            "SELECT * FROM seats WHERE game_id = ? AND user_id = ?", (game_id, _id(user_id))
        )
        return None if row is None else _seat(row)

    async def actions(self, game_id: int, since_seq: int = 0) -> list[ActionRecord]:
        """The action log after ``since_seq`` (all of it by default), in the order applied."""
        rows = await self._all(
            "SELECT * FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, since_seq),
        )
        return [_action(r) for r in rows]

    async def events(
        self, game_id: int, since_seq: int | None = None, limit: int | None = None
    ) -> list[EventRecord]:
        """Events of actions after ``since_seq`` in the order they happened.

        ``limit`` keeps the *latest* ``limit`` of them (still oldest first), which is what a
        "last 20 lines of the log" view wants: ``events(g, limit=20)``.
        """
        sql = "SELECT * FROM events WHERE game_id = ? AND action_seq > ?"
        params: list[Any] = [game_id, since_seq or 0]
        if limit is None:
            rows = await self._all(sql + " ORDER BY action_seq, idx", params)
        else:
            rows = await self._all(
                sql + " ORDER BY action_seq DESC, idx DESC LIMIT ?", [*params, limit]
            )
            rows.reverse()
        return [_event(r) for r in rows]

    # ---- games: writes ---------------------------------------------------------------------

    async def create_game(
        self,
        channel_id: str | int,
        guild_id: str | int | None,
        ruleset: str,
        seed: int,
        options: Any,
        state_json: Any,
        created_by: str | int,
        seats: Iterable[tuple[str, str]],
        *,
        creator_seat: str | None = None,
    ) -> GameRecord:
        """Start a game at version 0 with its seats free (``creator_seat``: except that one,
        taken by the creator in the same transaction); :class:`ChannelBusy` if the channel
        already has an active game."""
        channel = _id(channel_id)
        seat_list = [(str(seat_id), str(name)) for seat_id, name in seats]
        ids = [seat_id for seat_id, _ in seat_list]
        if len(set(ids)) != len(ids):
            raise ValueError(f"seat ids must be distinct: {ids}")
        options_text = _json_text({} if options is None else options)
        state_text = _json_text(state_json)
        now = self._now()
        async with self._write() as tx:
            busy = await self._fetchone(
                tx,
                "SELECT id, ruleset FROM games WHERE channel_id = ? AND status = 'active'",
                (channel,),
            )
            if busy is not None:
                raise ChannelBusy(channel, busy["id"], busy["ruleset"])
            cursor = await tx.execute(
                "INSERT INTO games (channel_id, guild_id, ruleset, seed, options, state,"
                " version, status, created_by, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, 0, 'active', ?, ?, ?)",
                (channel, _id(guild_id), ruleset, str(int(seed)), options_text, state_text,
                 _id(created_by), now, now),
            )
            game_id = cursor.lastrowid
            await tx.executemany(
                "INSERT INTO seats (game_id, seat_id, position, name) VALUES (?, ?, ?, ?)",
                [(game_id, seat_id, i, name) for i, (seat_id, name) in enumerate(seat_list)],
            )
            if creator_seat is not None:
                await self._claim(tx, game_id, creator_seat, _id(created_by), now)
            row = await self._fetchone(tx, "SELECT * FROM games WHERE id = ?", (game_id,))
        return _game(row)

    async def _checked_game(
        self,
        tx: aiosqlite.Connection,
        game_id: int,
        expected_version: int,
        *,
        must_be_active: bool = True,
    ) -> sqlite3.Row:
        """The game row, after checking it exists, is at ``expected_version`` and (by default)
        is still in progress. Call inside :meth:`_write`."""
        row = await self._fetchone(
            tx, "SELECT id, version, status, channel_id FROM games WHERE id = ?", (game_id,)
        )
        if row is None:
            raise NotFound(f"There is no game #{game_id}.")
        if row["version"] != expected_version:
            raise VersionConflict(game_id, expected_version, row["version"])
        if must_be_active and row["status"] != "active":
            raise GameNotActive(game_id, row["status"])
        return row

    async def _save_game(
        self,
        tx: aiosqlite.Connection,
        game_id: int,
        expected_version: int,
        now: str,
        **columns: Any,
    ) -> int:
        """Set ``columns`` on the game and bump its version; returns the new version."""
        assignments = "".join(f", {name} = ?" for name in columns)
        cursor = await tx.execute(
            f"UPDATE games SET version = version + 1, updated_at = ?{assignments}"
            " WHERE id = ? AND version = ?",
            (now, *columns.values(), game_id, expected_version),
        )
        # _checked_game ran in this same IMMEDIATE transaction, so this cannot miss.
        assert cursor.rowcount == 1, "game row changed inside its own write transaction"
        return expected_version + 1

    async def _append_action(
        self,
        tx: aiosqlite.Connection,
        game_id: int,
        seat_id: str | None,
        user_id: str | None,
        action_text: str,
        now: str,
    ) -> int:
        """Append to the log with the next sequence number; returns that number."""
        row = await self._fetchone(
            tx,
            "SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM actions WHERE game_id = ?",
            (game_id,),
        )
        seq = row["next"]
        await tx.execute(
            "INSERT INTO actions (game_id, seq, seat_id, user_id, action, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (game_id, seq, seat_id, user_id, action_text, now),
        )
        return seq

    async def _append_events(
        self,
        tx: aiosqlite.Connection,
        game_id: int,
        seq: int,
        event_rows: list[tuple[str, str, str | None, str]],
    ) -> None:
        await tx.executemany(
            "INSERT INTO events (game_id, action_seq, idx, kind, text, seat_id, data)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(game_id, seq, idx, *row) for idx, row in enumerate(event_rows)],
        )

    async def commit_action(
        self,
        game_id: int,
        expected_version: int,
        seat_id: str | None,
        user_id: str | int | None,
        action_json: Any,
        events: Iterable[Any],
        new_state_json: Any,
        status: str | None = None,
        result_json: Any = None,
        *,
        pending_json: Any = KEEP,
        claim: tuple[str, str | int] | None = None,
    ) -> int:
        """Record one applied action: log it with the next seq, store its events, save the new
        state and bump the version, all in one transaction. Returns the new version.

        ``status``/``result_json`` end the game in the same transaction (e.g. the winning
        blow). ``pending_json`` replaces the pending request (None clears it); by default it is
        left as it is. ``claim=(seat_id, user_id)`` seats a player in the same transaction
        (the join that fills the table and starts the game). Raises :class:`VersionConflict`
        (nothing written) when the game is no longer at ``expected_version``,
        :class:`GameNotActive` when it is over.
        """
        if status is not None:
            _check_status(status)
        action_text = _json_text(action_json)
        event_rows = [_event_row(event) for event in events]
        columns: dict[str, Any] = {"state": _json_text(new_state_json)}
        if status is not None:
            columns["status"] = status
        if result_json is not None:
            columns["result"] = _json_text(result_json)
        if pending_json is not KEEP:
            columns["pending"] = _optional_json(pending_json)
        now = self._now()
        async with self._write() as tx:
            await self._checked_game(tx, game_id, expected_version)
            if claim is not None:
                await self._claim(tx, game_id, claim[0], _id(claim[1]), now)
            seq = await self._append_action(
                tx, game_id, _id(seat_id), _id(user_id), action_text, now
            )
            await self._append_events(tx, game_id, seq, event_rows)
            return await self._save_game(tx, game_id, expected_version, now, **columns)

    async def rewrite_after_undo(
        self,
        game_id: int,
        expected_version: int,
        keep_through_seq: int,
        new_state_json: Any,
        *,
        pending_json: Any = None,
    ) -> int:
        """Drop every action (and its events) after ``keep_through_seq`` and save the state
        replayed from what is kept; one transaction. Returns the new version.

        The pending request (normally the undo request that led here) is cleared unless
        ``pending_json`` says otherwise.
        """
        state_text = _json_text(new_state_json)
        pending_text = _optional_json(pending_json)
        now = self._now()
        async with self._write() as tx:
            await self._checked_game(tx, game_id, expected_version)
            row = await self._fetchone(
                tx,
                "SELECT COALESCE(MAX(seq), 0) AS last FROM actions WHERE game_id = ?",
                (game_id,),
            )
            last = row["last"]
            if not 0 <= keep_through_seq <= last:
                raise StoreError(
                    f"Game #{game_id} has {last} recorded actions; "
                    f"cannot go back to action {keep_through_seq}."
                )
            # Events first: correct even if foreign keys were ever switched off.
            await tx.execute(
                "DELETE FROM events WHERE game_id = ? AND action_seq > ?",
                (game_id, keep_through_seq),
            )
            await tx.execute(
                "DELETE FROM actions WHERE game_id = ? AND seq > ?", (game_id, keep_through_seq)
            )
            return await self._save_game(
                tx, game_id, expected_version, now, state=state_text, pending=pending_text
            )

    async def claim_seat(
        self, game_id: int, seat_id: str, user_id: str | int, expected_version: int
    ) -> int:
        """Seat the player; returns the new version. :class:`SeatTaken` if someone else sits
        there, :class:`AlreadySeated` if the player already has a seat in this game."""
        now = self._now()
        async with self._write() as tx:
            await self._checked_game(tx, game_id, expected_version)
            await self._claim(tx, game_id, seat_id, _id(user_id), now)
            return await self._save_game(tx, game_id, expected_version, now)

    async def _claim(self, tx: aiosqlite.Connection, game_id: int, seat_id: str, user: str | None,
                     now: str) -> None:
        """Put ``user`` in ``seat_id`` inside the caller's write transaction."""
        seat = await self._fetchone(
            tx, "SELECT * FROM seats WHERE game_id = ? AND seat_id = ?", (game_id, seat_id)
        )
        if seat is None:
            async with tx.execute(
                "SELECT seat_id FROM seats WHERE game_id = ? ORDER BY position", (game_id,)
            ) as cursor:
                names = [r["seat_id"] for r in await cursor.fetchall()]
            raise NotFound(
                f"Game #{game_id} has no seat '{seat_id}'. Seats: {', '.join(names) or 'none'}."
            )
        if seat["user_id"] is not None and seat["user_id"] != user:
            raise SeatTaken(game_id, seat_id, seat["name"])
        mine = await self._fetchone(
            tx,
            "SELECT seat_id, name FROM seats WHERE game_id = ? AND user_id = ?",
            (game_id, user),
        )
        if mine is not None:
            raise AlreadySeated(game_id, mine["seat_id"], mine["name"])
        await tx.execute(
            "UPDATE seats SET user_id = ?, joined_at = ? WHERE game_id = ? AND seat_id = ?",
            (user, now, game_id, seat_id),
        )

    async def set_pending(self, game_id: int, expected_version: int, pending_json: Any) -> int:
        """Set (or with None clear) the game's pending request; returns the new version."""
        pending_text = _optional_json(pending_json)
        now = self._now()
        async with self._write() as tx:
            await self._checked_game(tx, game_id, expected_version)
            return await self._save_game(tx, game_id, expected_version, now, pending=pending_text)

    async def set_status(
        self, game_id: int, expected_version: int, status: str, result_json: Any = None
    ) -> int:
        """Change the game's status (and result); returns the new version.

        Leaving 'active' clears any pending request. Going back to 'active' raises
        :class:`ChannelBusy` if the channel has started another game meanwhile.
        """
        _check_status(status)
        result_text = _optional_json(result_json)
        now = self._now()
        async with self._write() as tx:
            game = await self._checked_game(tx, game_id, expected_version, must_be_active=False)
            columns: dict[str, Any] = {"status": status, "result": result_text}
            if status == "active":
                busy = await self._fetchone(
                    tx,
                    "SELECT id, ruleset FROM games WHERE channel_id = ? AND status = 'active'"
                    " AND id != ?",
                    (game["channel_id"], game_id),
                )
                if busy is not None:
                    raise ChannelBusy(game["channel_id"], busy["id"], busy["ruleset"])
            else:
                columns["pending"] = None
            return await self._save_game(tx, game_id, expected_version, now, **columns)

    async def finish_game(
        self, game_id: int, expected_version: int, result_json: Any, status: str = "finished"
    ) -> int:
        """End the game with its result (``status='abandoned'`` for a game given up)."""
        if status == "active":
            raise ValueError("finish_game ends a game; use set_status to reopen one")
        return await self.set_status(game_id, expected_version, status, result_json)

    # ---- warbands --------------------------------------------------------------------------

    async def save_warband(
        self, user_id: str | int, name: str, edition: str, data_json: Any
    ) -> WarbandRecord:
        """Create or replace the player's warband called ``name`` (names ignore case; the
        latest spelling wins)."""
        name = name.strip()
        if not name:
            raise StoreError("A warband needs a name.")
        user = _id(user_id)
        data_text = _json_text(data_json)
        now = self._now()
        async with self._write() as tx:
            await tx.execute(
                "INSERT INTO warbands (user_id, name, edition, data, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (user_id, name) DO UPDATE SET name = excluded.name,"
                " edition = excluded.edition, data = excluded.data,"
                " updated_at = excluded.updated_at",
                (user, name, edition, data_text, now, now),
            )
            row = await self._fetchone(
                tx, "SELECT * FROM warbands WHERE user_id = ? AND name = ?", (user, name)
            )
        return _warband(row)

    async def warband(self, user_id: str | int, name: str) -> WarbandRecord | None:
        """The player's warband of that name (any case), if saved."""
        row = await self._one(
            "SELECT * FROM warbands WHERE user_id = ? AND name = ?", (_id(user_id), name.strip())
        )
        return None if row is None else _warband(row)

    async def warbands(self, user_id: str | int) -> list[WarbandRecord]:
        """The player's warbands, by name."""
        rows = await self._all(
            "SELECT * FROM warbands WHERE user_id = ? ORDER BY name", (_id(user_id),)
        )
        return [_warband(r) for r in rows]

    async def delete_warband(self, user_id: str | int, name: str) -> bool:
        """Delete the player's warband; False if there was none of that name."""
        async with self._write() as tx:
            cursor = await tx.execute(
                "DELETE FROM warbands WHERE user_id = ? AND name = ?", (_id(user_id), name.strip())
            )
            return cursor.rowcount > 0

    # ---- uploaded stat cards ---------------------------------------------------------------

    async def save_card(self, user_id: str | int, card_id: str, name: str, data_json: Any) -> CardRecord:
        """Create or replace the player's uploaded card ``card_id``."""
        user, data_text, now = _id(user_id), _json_text(data_json), self._now()
        async with self._write() as tx:
            await tx.execute(
                "INSERT INTO user_cards (user_id, card_id, name, data, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (user_id, card_id) DO UPDATE SET name = excluded.name,"
                " data = excluded.data, updated_at = excluded.updated_at",
                (user, card_id, name, data_text, now, now),
            )
            row = await self._fetchone(
                tx, "SELECT * FROM user_cards WHERE user_id = ? AND card_id = ?", (user, card_id)
            )
        return _card(row)

    async def cards(self, user_id: str | int) -> list[CardRecord]:
        """The player's uploaded cards, by id."""
        rows = await self._all("SELECT * FROM user_cards WHERE user_id = ? ORDER BY card_id", (_id(user_id),))
        return [_card(r) for r in rows]

    async def delete_card(self, user_id: str | int, card_id: str) -> bool:
        async with self._write() as tx:
            cursor = await tx.execute(
                "DELETE FROM user_cards WHERE user_id = ? AND card_id = ?", (_id(user_id), card_id)
            )
            return cursor.rowcount > 0

    # ---- free rolls ------------------------------------------------------------------------

    async def log_free_roll(
        self,
        channel_id: str | int,
        guild_id: str | int | None,
        user_id: str | int,
        expression: str,
        result_json: Any,
    ) -> FreeRollRecord:
        """Record a /roll made outside any game."""
        now = self._now()
        result_text = _json_text(result_json)
        async with self._write() as tx:
            cursor = await tx.execute(
                "INSERT INTO free_rolls (channel_id, guild_id, user_id, expression, result,"
                " created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (_id(channel_id), _id(guild_id), _id(user_id), expression, result_text, now),
            )
            row = await self._fetchone(
                tx, "SELECT * FROM free_rolls WHERE id = ?", (cursor.lastrowid,)
            )
        return _free_roll(row)

    async def free_rolls(self, channel_id: str | int, limit: int = 20) -> list[FreeRollRecord]:
        """The channel's latest free rolls, oldest first."""
        rows = await self._all(
            "SELECT * FROM free_rolls WHERE channel_id = ? ORDER BY id DESC LIMIT ?",
            (_id(channel_id), limit),
        )
        return [_free_roll(r) for r in reversed(rows)]
