"""The SQLite store against real files: migrations, versions, atomic commits, crashes, undo.

Rows are checked through a separate plain ``sqlite3`` connection wherever "nothing changed"
is the claim, so the tests do not trust the store to report on itself.
"""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
import textwrap
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from bot.store import (
    MIGRATIONS_DIR,
    AlreadySeated,
    ChannelBusy,
    GameNotActive,
    MigrationError,
    NotFound,
    SeatTaken,
    Store,
    StoreError,
    VersionConflict,
    split_sql,
)

REPO = Path(__file__).resolve().parents[2]
TABLES = {"schema_migrations", "games", "seats", "actions", "events", "free_rolls", "warbands", "user_cards"}
SEATS = [("red", "Red Warband"), ("blue", "Blue Warband")]


class Clock:
    """A clock that moves one second each time it is read, so timestamps are predictable."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, 12, 0, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "warband.db"


@pytest.fixture
async def store(db: Path):
    store = await Store.open(db, clock=Clock())
    yield store
    await store.close()


def rows(db: Path, sql: str, params: tuple = ()) -> list[tuple]:
    """Read with an independent connection: what is really committed on disk."""
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def snapshot(db: Path) -> dict[str, list[tuple]]:
    return {
        table: rows(db, f"SELECT * FROM {table} ORDER BY 1, 2")
        for table in ("games", "seats", "actions", "events")
    }


async def new_game(store: Store, channel: str = "chan-1", state: str = '{"round": 0}'):
    return await store.create_game(
        channel, "guild-1", "skirmish", 42, {"points": 300}, state, "owner", SEATS
    )


def hit(n: int) -> list[dict]:
    """Two events for action n, the second with a roll, as engine Events dump them."""
    return [
        {"kind": "attack", "text": f"Orc {n} attacks.", "seat": "red", "roll": None, "data": {}},
        {
            "kind": "damage",
            "text": f"Hit for {n}.",
            "seat": "red",
            "roll": {"expression": "1d6", "dice": [n], "total": n},
            "data": {"target": "elf-1"},
        },
    ]


async def play(store: Store, game_id: int, version: int, n: int) -> int:
    return await store.commit_action(
        game_id, version, "red", "user-red", {"kind": "attack", "n": n}, hit(n), {"round": n}
    )


# ---- migrations ------------------------------------------------------------------------------


async def test_migrations_create_every_table_and_record_versions(db: Path):
    async with await Store.open(db) as store:
        applied = await store.applied_migrations()
    names = {name for (name,) in rows(db, "SELECT name FROM sqlite_master WHERE type='table'")}
    assert TABLES <= names
    files = sorted(p.name for p in MIGRATIONS_DIR.glob("*.sql"))
    assert [f"{m.version:04d}_{m.name}.sql" for m in applied] == files
    assert applied[0].version == 1 and applied[0].name == "init"
    indexes = {name for (name,) in rows(db, "SELECT name FROM sqlite_master WHERE type='index'")}
    assert "games_one_active_per_channel" in indexes


async def test_opening_twice_applies_nothing_new(db: Path):
    async with await Store.open(db):
        pass
    first = rows(db, "SELECT * FROM schema_migrations")
    schema = rows(db, "SELECT sql FROM sqlite_master ORDER BY name")
    async with await Store.open(db) as store:
        assert [m.version for m in await store.applied_migrations()] == [v for v, _, _ in first]
    assert rows(db, "SELECT * FROM schema_migrations") == first  # same applied_at: not re-run
    assert rows(db, "SELECT sql FROM sqlite_master ORDER BY name") == schema


async def test_wal_foreign_keys_and_busy_timeout_are_set(store: Store, db: Path):
    assert rows(db, "PRAGMA journal_mode") == [("wal",)]  # persistent in the file
    conn = store._db.connection()
    for pragma, expected in (("foreign_keys", 1), ("synchronous", 2), ("busy_timeout", 5000)):
        async with conn.execute(f"PRAGMA {pragma}") as cursor:
            assert (await cursor.fetchone())[0] == expected, pragma


async def test_a_failing_migration_is_rolled_back_and_not_recorded(tmp_path: Path, db: Path):
    folder = tmp_path / "migrations"
    folder.mkdir()
    (folder / "0001_init.sql").write_text((MIGRATIONS_DIR / "0001_init.sql").read_text())
    (folder / "0002_leagues.sql").write_text(
        "CREATE TABLE leagues (id INTEGER PRIMARY KEY);\nCREATE TABLE broken (;\n"
    )
    with pytest.raises(MigrationError, match="0002_leagues.sql"):
        await Store.open(db, migrations_dir=folder)
    assert rows(db, "SELECT version FROM schema_migrations") == [(1,)]
    assert rows(db, "SELECT name FROM sqlite_master WHERE name = 'leagues'") == []

    # Fixed, it applies on the next start and 0001 is not run again.
    (folder / "0002_leagues.sql").write_text(
        "CREATE TABLE leagues (id INTEGER PRIMARY KEY, name TEXT DEFAULT 'a;b');\n"
        "CREATE TRIGGER leagues_named AFTER INSERT ON leagues BEGIN\n"
        "  UPDATE leagues SET name = 'x' WHERE id = new.id AND name IS NULL;\nEND;\n"
    )
    async with await Store.open(db, migrations_dir=folder) as store:
        assert [(m.version, m.name) for m in await store.applied_migrations()] == [
            (1, "init"),
            (2, "leagues"),
        ]


async def test_a_database_from_a_newer_warband_is_refused(tmp_path: Path, db: Path):
    folder = tmp_path / "migrations"
    folder.mkdir()
    for shipped in MIGRATIONS_DIR.glob("*.sql"):
        (folder / shipped.name).write_text(shipped.read_text())
    (folder / "9999_more.sql").write_text("CREATE TABLE more (id INTEGER PRIMARY KEY);")
    async with await Store.open(db, migrations_dir=folder):
        pass
    with pytest.raises(MigrationError, match=r"\[9999\]"):
        await Store.open(db)  # the repository's folder has no 9999


def test_split_sql_respects_strings_triggers_and_comments():
    script = textwrap.dedent(
        """\
        -- a comment; with a semicolon
        CREATE TABLE t (x TEXT DEFAULT ';');
        CREATE TRIGGER t_ins AFTER INSERT ON t BEGIN
          UPDATE t SET x = 'y;z' WHERE rowid = new.rowid;
        END;
        /* trailing comment */
        """
    )
    statements = split_sql(script)
    assert len(statements) == 2
    assert statements[1].startswith("CREATE TRIGGER") and statements[1].endswith("END;")
    with pytest.raises(MigrationError, match="unfinished"):
        split_sql("CREATE TABLE t (x INTEGER);\nCREATE TABLE u (y")


# ---- games and seats -------------------------------------------------------------------------


async def test_create_game_starts_at_version_zero_with_free_seats(store: Store):
    game = await store.create_game(
        1234, 99, "skirmish", 2**64 - 1, {"points": 300}, '{"round": 0}', 77, SEATS
    )
    assert (game.version, game.status, game.is_active) == (0, "active", True)
    assert (game.channel_id, game.guild_id, game.created_by) == ("1234", "99", "77")
    assert game.seed == 2**64 - 1  # unsigned 64-bit seeds survive the round trip
    assert game.options == {"points": 300} and game.state == {"round": 0}
    assert game.result is None and game.pending is None
    assert await store.game(game.id) == game
    assert await store.active_game(1234) == game
    seats = await store.seats(game.id)
    assert [(s.seat_id, s.name, s.position, s.is_free) for s in seats] == [
        ("red", "Red Warband", 0, True),
        ("blue", "Blue Warband", 1, True),
    ]


async def test_one_active_game_per_channel(store: Store, db: Path):
    game = await new_game(store)
    with pytest.raises(ChannelBusy, match=f"game #{game.id}") as caught:
        await new_game(store)
    assert caught.value.game_id == game.id
    assert len(rows(db, "SELECT id FROM games")) == 1  # the refused game left nothing behind
    assert len(rows(db, "SELECT * FROM seats")) == 2

    other = await new_game(store, channel="chan-2")  # other channels are free
    assert other.id != game.id

    await store.finish_game(game.id, game.version, {"winners": ["red"]})
    again = await new_game(store)  # a finished game no longer blocks the channel
    assert (await store.active_game("chan-1")).id == again.id
    assert [g.id for g in await store.recent_games("chan-1")] == [again.id, game.id]

    # The schema itself refuses a second active game, whatever code writes it.
    conn = sqlite3.connect(db)
    with pytest.raises(sqlite3.IntegrityError):
        conn.execute("UPDATE games SET status = 'active' WHERE id = ?", (game.id,))
    conn.close()


async def test_reopening_a_finished_game_checks_the_channel(store: Store):
    game = await new_game(store)
    version = await store.finish_game(game.id, 0, None, status="abandoned")
    newer = await new_game(store)
    with pytest.raises(ChannelBusy):
        await store.set_status(game.id, version, "active")
    await store.finish_game(newer.id, 0, {"draw": True})
    assert await store.set_status(game.id, version, "active") == version + 1
    assert (await store.active_game("chan-1")).id == game.id


async def test_claiming_seats(store: Store, db: Path):
    game = await new_game(store)
    version = await store.claim_seat(game.id, "red", "alice", 0)
    assert version == 1 and (await store.game(game.id)).version == 1
    assert (await store.seat_of(game.id, "alice")).seat_id == "red"

    with pytest.raises(SeatTaken, match="Red Warband is already taken"):
        await store.claim_seat(game.id, "red", "bob", version)
    with pytest.raises(AlreadySeated, match="as Red Warband"):
        await store.claim_seat(game.id, "blue", "alice", version)
    with pytest.raises(AlreadySeated):
        await store.claim_seat(game.id, "red", "alice", version)
    with pytest.raises(NotFound, match="no seat 'green'. Seats: red, blue"):
        await store.claim_seat(game.id, "green", "bob", version)
    with pytest.raises(VersionConflict):
        await store.claim_seat(game.id, "blue", "bob", 0)  # stale
    assert (await store.game(game.id)).version == 1  # none of the refusals bumped it

    version = await store.claim_seat(game.id, "blue", "bob", version)
    assert [(s.seat_id, s.user_id) for s in await store.seats(game.id)] == [
        ("red", "alice"),
        ("blue", "bob"),
    ]
    assert all(s.joined_at is not None for s in await store.seats(game.id))

    conn = sqlite3.connect(db)  # the schema enforces one seat per player too
    with pytest.raises(sqlite3.IntegrityError):
        conn.execute("UPDATE seats SET user_id = 'alice' WHERE seat_id = 'blue'")
    conn.close()


async def test_lookups_of_missing_things(store: Store):
    with pytest.raises(NotFound, match="no game #404"):
        await store.game(404)
    with pytest.raises(NotFound):
        await store.commit_action(404, 0, "red", "u", {}, [], {})
    assert await store.active_game("nowhere") is None
    assert await store.seats(404) == []


# ---- committing actions ----------------------------------------------------------------------


async def test_commit_action_appends_action_and_events_and_bumps_version(store: Store, db: Path):
    game = await new_game(store)
    v1 = await play(store, game.id, 0, 1)
    v2 = await play(store, game.id, v1, 2)
    assert (v1, v2) == (1, 2)

    stored = await store.game(game.id)
    assert stored.version == 2 and stored.state == {"round": 2}
    assert stored.updated_at > game.updated_at

    actions = await store.actions(game.id)
    assert [(a.seq, a.seat_id, a.user_id, a.action) for a in actions] == [
        (1, "red", "user-red", {"kind": "attack", "n": 1}),
        (2, "red", "user-red", {"kind": "attack", "n": 2}),
    ]
    events = await store.events(game.id)
    assert [(e.action_seq, e.idx, e.kind, e.text, e.seat_id) for e in events] == [
        (1, 0, "attack", "Orc 1 attacks.", "red"),
        (1, 1, "damage", "Hit for 1.", "red"),
        (2, 0, "attack", "Orc 2 attacks.", "red"),
        (2, 1, "damage", "Hit for 2.", "red"),
    ]
    assert events[3].event == hit(2)[1]  # the whole event, roll and all, reads back
    assert [e.text for e in await store.events(game.id, since_seq=1)] == [
        "Orc 2 attacks.",
        "Hit for 2.",
    ]
    assert [e.text for e in await store.events(game.id, limit=3)] == [
        "Hit for 1.", "Orc 2 attacks.", "Hit for 2."
    ]
    assert [a.seq for a in await store.actions(game.id, since_seq=1)] == [2]


async def test_commit_action_accepts_engine_models(store: Store):
    from engine.core.events import Event

    game = await new_game(store)
    event = Event(kind="move", text="Orc moves to F7.", seat="red", data={"to": "F7"})
    await store.commit_action(game.id, 0, "red", 1, {"kind": "move"}, [event], {"round": 1})
    (stored,) = await store.events(game.id)
    assert Event.model_validate(stored.event) == event


async def test_a_stale_version_raises_and_changes_nothing(store: Store, db: Path):
    game = await new_game(store)
    version = await play(store, game.id, 0, 1)
    before = snapshot(db)
    with pytest.raises(VersionConflict) as caught:
        await play(store, game.id, 0, 2)  # built on version 0; the game is at 1
    assert (caught.value.expected, caught.value.actual) == (0, 1)
    assert snapshot(db) == before
    for write in (
        store.set_pending(game.id, 0, {"undo": 1}),
        store.rewrite_after_undo(game.id, 0, 0, {"round": 0}),
        store.finish_game(game.id, 0, {"draw": True}),
    ):
        with pytest.raises(VersionConflict):
            await write
    assert snapshot(db) == before
    assert await play(store, game.id, version, 2) == 2  # the fresh version still works


async def test_concurrent_commits_on_one_version_let_exactly_one_through(store: Store, db: Path):
    game = await new_game(store)
    results = await asyncio.gather(
        *(play(store, game.id, 0, n) for n in (1, 2, 3)), return_exceptions=True
    )
    assert sum(r == 1 for r in results) == 1
    assert sum(isinstance(r, VersionConflict) for r in results) == 2
    assert rows(db, "SELECT seq FROM actions") == [(1,)]
    assert len(rows(db, "SELECT * FROM events")) == 2


async def test_two_processes_worth_of_connections_share_the_version_check(db: Path):
    async with await Store.open(db) as one, await Store.open(db) as two:
        game = await new_game(one)
        assert await play(two, game.id, 0, 1) == 1
        with pytest.raises(VersionConflict):
            await play(one, game.id, 0, 2)
        assert (await one.game(game.id)).state == {"round": 1}


async def test_finishing_in_the_same_commit_and_no_moves_after(store: Store):
    game = await new_game(store)
    await store.set_pending(game.id, 0, {"undo": {"by": "blue"}})
    version = await store.commit_action(
        game.id, 1, "red", "u", {"kind": "attack"}, [], {"round": 9},
        status="finished", result_json={"winners": ["red"], "reason": "Blue routed."},
    )
    finished = await store.game(game.id)
    assert (finished.version, finished.status) == (version, "finished")
    assert finished.result == {"winners": ["red"], "reason": "Blue routed."}
    assert await store.active_game("chan-1") is None
    with pytest.raises(GameNotActive, match="is finished"):
        await play(store, game.id, version, 1)
    with pytest.raises(GameNotActive):
        await store.claim_seat(game.id, "blue", "late", version)


async def test_pending_request_set_and_cleared(store: Store):
    game = await new_game(store)
    v = await store.set_pending(game.id, 0, {"kind": "undo", "by": "red"})
    assert (await store.game(game.id)).pending == {"kind": "undo", "by": "red"}
    v = await play(store, game.id, v, 1)  # a move leaves the request alone by default
    assert (await store.game(game.id)).pending == {"kind": "undo", "by": "red"}
    v = await store.commit_action(game.id, v, "red", "u", {}, [], {}, pending_json=None)
    assert (await store.game(game.id)).pending is None
    v = await store.set_pending(game.id, v, {"kind": "draw"})
    await store.set_pending(game.id, v, None)
    assert (await store.game(game.id)).pending is None


async def test_invalid_json_is_refused_and_rolled_back(store: Store, db: Path):
    game = await new_game(store)
    before = snapshot(db)
    with pytest.raises(sqlite3.IntegrityError, match="json_valid"):
        await store.commit_action(game.id, 0, "red", "u", {"kind": "x"}, hit(1), "{not json")
    assert snapshot(db) == before


# ---- crashes and restarts --------------------------------------------------------------------


async def test_close_and_reopen_mid_game_keeps_everything(db: Path):
    async with await Store.open(db) as store:
        game = await new_game(store)
        v = await store.claim_seat(game.id, "red", "alice", 0)
        v = await play(store, game.id, v, 1)
        v = await play(store, game.id, v, 2)
        before_game = await store.game(game.id)
        before_actions = await store.actions(game.id)
        before_events = await store.events(game.id)
    async with await Store.open(db) as store:
        assert await store.active_game("chan-1") == before_game
        assert before_game.version == 3 and before_game.state == {"round": 2}
        assert await store.actions(game.id) == before_actions
        assert await store.events(game.id) == before_events
        assert (await store.seat_of(game.id, "alice")).seat_id == "red"
        assert await play(store, game.id, 3, 3) == 4  # and play goes on


class PowerCut(Exception):
    pass


@pytest.mark.parametrize("step", ["_append_action", "_append_events", "_save_game"])
async def test_a_failure_between_statements_leaves_the_previous_version(
    store: Store, db: Path, monkeypatch: pytest.MonkeyPatch, step: str
):
    game = await new_game(store)
    version = await play(store, game.id, 0, 1)
    before = snapshot(db)

    real = getattr(Store, step)

    async def write_then_fail(self, *args, **kwargs):
        await real(self, *args, **kwargs)  # the statement ran inside the transaction...
        raise PowerCut  # ...and the command dies before COMMIT

    monkeypatch.setattr(Store, step, write_then_fail)
    with pytest.raises(PowerCut):
        await play(store, game.id, version, 2)
    monkeypatch.undo()

    assert snapshot(db) == before
    assert (await store.game(game.id)).version == version
    # The store is usable afterwards: the lock and the transaction were released.
    assert await play(store, game.id, version, 2) == version + 1
    assert [a.seq for a in await store.actions(game.id)] == [1, 2]


CRASHING_PROCESS = """
import asyncio, os, sys
sys.path.insert(0, {repo!r})
from bot.store import Store

async def main():
    store = await Store.open({db!r})
    game = await store.active_game("chan-1")
    real = Store._save_game

    async def die_before_commit(self, *args, **kwargs):
        await real(self, *args, **kwargs)
        os._exit(17)  # the process vanishes mid-transaction: no rollback, no close

    Store._save_game = die_before_commit
    await store.commit_action(game.id, game.version, "red", "u", {{"kind": "x"}},
                              [{{"kind": "lost", "text": "Never happened."}}], {{"round": 99}})

asyncio.run(main())
"""


async def test_a_killed_process_loses_only_the_uncommitted_move(db: Path):
    async with await Store.open(db) as store:
        game = await new_game(store)
        version = await play(store, game.id, 0, 1)
    before = snapshot(db)

    script = CRASHING_PROCESS.format(repo=str(REPO), db=str(db))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 17, done.stderr

    assert snapshot(db) == before
    async with await Store.open(db) as store:
        assert (await store.game(game.id)).version == version
        assert [e.kind for e in await store.events(game.id)] == ["attack", "damage"]
        assert await play(store, game.id, version, 2) == version + 1


# ---- undo ------------------------------------------------------------------------------------


async def test_rewrite_after_undo_drops_later_actions_and_events(store: Store, db: Path):
    game = await new_game(store)
    v = 0
    for n in (1, 2, 3):
        v = await play(store, game.id, v, n)
    v = await store.set_pending(game.id, v, {"kind": "undo", "to": 1})

    v = await store.rewrite_after_undo(game.id, v, 1, {"round": 1, "replayed": True})
    assert v == 5
    stored = await store.game(game.id)
    assert stored.state == {"round": 1, "replayed": True} and stored.pending is None
    assert rows(db, "SELECT seq FROM actions") == [(1,)]
    assert rows(db, "SELECT DISTINCT action_seq FROM events") == [(1,)]

    v = await play(store, game.id, v, 7)  # the log continues at 2, not 4
    assert [a.seq for a in await store.actions(game.id)] == [1, 2]
    assert [e.text for e in await store.events(game.id, since_seq=1)] == [
        "Orc 7 attacks.",
        "Hit for 7.",
    ]

    before = snapshot(db)
    for bad in (-1, 3):
        with pytest.raises(StoreError, match="2 recorded actions"):
            await store.rewrite_after_undo(game.id, v, bad, {})
    assert snapshot(db) == before

    v = await store.rewrite_after_undo(game.id, v, 0, {"round": 0})  # back to the start
    assert await store.actions(game.id) == [] and await store.events(game.id) == []


# ---- warbands and free rolls -----------------------------------------------------------------


async def test_warband_upsert_list_and_delete(store: Store, db: Path):
    first = await store.save_warband(5, "Orc Raiders", "2e", {"models": ["boss"]})
    assert (first.user_id, first.name, first.edition, first.data) == (
        "5", "Orc Raiders", "2e", {"models": ["boss"]}
    )
    second = await store.save_warband("5", "  orc raiders ", "3e", {"models": ["boss", "grunt"]})
    assert second.id == first.id  # same warband: names ignore case and spaces around
    assert (second.name, second.edition) == ("orc raiders", "3e")
    assert second.created_at == first.created_at and second.updated_at > first.updated_at
    assert rows(db, "SELECT count(*) FROM warbands") == [(1,)]

    await store.save_warband(5, "Elf Rangers", "2e", {"models": []})
    await store.save_warband(6, "Orc Raiders", "2e", {})  # another player may reuse the name
    assert [w.name for w in await store.warbands(5)] == ["Elf Rangers", "orc raiders"]
    assert (await store.warband(5, "ORC RAIDERS")).data == {"models": ["boss", "grunt"]}
    assert await store.warband(5, "Dwarves") is None

    assert await store.delete_warband(5, "Orc raiders") is True
    assert await store.delete_warband(5, "Orc raiders") is False
    assert [w.name for w in await store.warbands(5)] == ["Elf Rangers"]
    assert [w.user_id for w in await store.warbands(6)] == ["6"]
    with pytest.raises(StoreError, match="needs a name"):
        await store.save_warband(5, "   ", "2e", {})


async def test_free_rolls_are_logged_per_channel(store: Store):
    for total in (3, 17, 9):
        await store.log_free_roll("chan-1", None, "alice", "1d20", {"total": total})
    await store.log_free_roll("chan-2", None, "bob", "2d6", {"total": 7})
    latest = await store.free_rolls("chan-1", limit=2)
    assert [r.result["total"] for r in latest] == [17, 9]
    assert latest[0].expression == "1d20" and latest[0].user_id == "alice"


async def test_a_closed_store_says_so(db: Path):
    store = await Store.open(db)
    await store.close()
    await store.close()  # twice is fine
    with pytest.raises(StoreError, match="closed"):
        await store.active_game("chan-1")


def test_the_package_ships_the_migrations():
    assert MIGRATIONS_DIR == REPO / "migrations"
    assert (MIGRATIONS_DIR / "0001_init.sql").is_file()


async def test_the_creator_is_seated_in_the_same_transaction_as_the_game(store: Store):
    game = await store.create_game("c-seat", None, "rules", 1, {}, '{"round": 0}', "u1",
                                   [("red", "Red"), ("blue", "Blue")], creator_seat="red")
    seats = {s.seat_id: s.user_id for s in await store.seats(game.id)}
    assert seats == {"red": "u1", "blue": None} and game.version == 0
    with pytest.raises(NotFound):
        await store.create_game("c-seat-2", None, "rules", 1, {}, "{}", "u1", [("red", "Red")],
                                creator_seat="green")
    assert await store.active_game("c-seat-2") is None  # nothing half-made is left


async def test_a_join_that_starts_the_game_is_one_transaction(store: Store, db: Path):
    game = await new_game(store)
    version = await store.claim_seat(game.id, "red", "u1", game.version)
    before = snapshot(db)
    # The seat is taken by the same user elsewhere: the claim fails, and the action with it.
    with pytest.raises(AlreadySeated):
        await store.commit_action(game.id, version, None, None, {"kind": "start"}, hit(1),
                                  '{"round": 1}', claim=("blue", "u1"))
    assert snapshot(db) == before
    version = await store.commit_action(game.id, version, None, None, {"kind": "start"}, hit(1),
                                        '{"round": 1}', claim=("blue", "u2"))
    seats = {s.seat_id: s.user_id for s in await store.seats(game.id)}
    assert seats == {"red": "u1", "blue": "u2"}
    assert [a.seq for a in await store.actions(game.id)] == [1] and version == 2


async def test_uploaded_cards_are_kept_per_player(store: Store):
    await store.save_card("u1", "my-ogre", "My Ogre", {"id": "my-ogre", "name": "My Ogre"})
    await store.save_card("u1", "my-ogre", "My Big Ogre", {"id": "my-ogre", "name": "My Big Ogre"})
    await store.save_card("u2", "imp", "Imp", {"id": "imp"})
    mine = await store.cards("u1")
    assert [(c.card_id, c.name) for c in mine] == [("my-ogre", "My Big Ogre")]
    assert mine[0].data["name"] == "My Big Ogre"
    assert await store.delete_card("u1", "my-ogre") and not await store.delete_card("u1", "my-ogre")
    assert [c.card_id for c in await store.cards("u2")] == ["imp"]


async def test_reads_do_not_wait_for_an_open_write_transaction(store: Store):
    """#15 item 6: in WAL a reader need not wait for a writer; reads use connections of their
    own, so a look at one game goes on while another game's commit holds the write connection."""
    import asyncio

    game = await store.create_game("c1", None, "dnd-minis-quick", 1, {}, {"n": 1}, "alice", [("p1", "P1")])
    async with store._write() as tx:
        await tx.execute("UPDATE games SET state = ? WHERE id = ?", ('{"n": 2}', game.id))
        # The write is open and uncommitted: a read finishes and sees the last commit.
        seen = await asyncio.wait_for(store.game(game.id), timeout=30)
        assert seen.state == {"n": 1}
    assert (await store.game(game.id)).state == {"n": 2}
    assert 1 <= len(store._db._readers) <= store._db.max_readers
