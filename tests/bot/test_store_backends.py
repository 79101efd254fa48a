"""The store's contract on both databases: SQLite (a file) and PostgreSQL (a real server
started by the test session). Every guarantee the service relies on is checked on each —
one transaction per command, the version check that refuses the second of two simultaneous
commands, JSON validity, constraints, the shared migration sequence — so the service never
needs to know which database it talks to.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from bot.store import (
    MIGRATIONS_DIR,
    AlreadySeated,
    ChannelBusy,
    GameNotActive,
    NotFound,
    SeatTaken,
    Store,
    StoreError,
    VersionConflict,
)
from bot.store.migrations import migration_files

SEATS = [("red", "Red Warband"), ("blue", "Blue Warband")]


@pytest.fixture(params=["sqlite", "postgresql"])
def target(request, tmp_path) -> str:
    if request.param == "postgresql":
        return request.getfixturevalue("postgres").new_database()
    return str(tmp_path / "warband.sqlite3")


@pytest.fixture
async def store(target):
    store = await Store.open(target)
    yield store
    await store.close()


async def new_game(store: Store, channel: str = "chan-1"):
    return await store.create_game(channel, "guild-1", "skirmish", 2**63 + 5, {"points": 300},
                                   {"round": 0}, "owner", SEATS)


def events(n: int) -> list[dict]:
    return [{"kind": "attack", "text": f"Orc {n} attacks.", "seat": "red",
             "roll": {"expression": "1d20", "dice": [n], "total": n}, "data": {}}]


async def play(store: Store, game_id: int, version: int, n: int) -> int:
    return await store.commit_action(game_id, version, "red", "user-red", {"kind": "attack", "n": n},
                                     events(n), {"round": n})


def test_both_databases_walk_the_same_numbered_migrations():
    sqlite = [(v, name) for v, name, _ in migration_files(MIGRATIONS_DIR)]
    postgres = [(v, name) for v, name, _ in migration_files(MIGRATIONS_DIR / "postgresql")]
    assert sqlite == postgres


async def test_opening_applies_every_migration_once(target):
    async with await Store.open(target) as store:
        first = [(m.version, m.name, m.applied_at) for m in await store.applied_migrations()]
    async with await Store.open(target) as store:
        again = [(m.version, m.name, m.applied_at) for m in await store.applied_migrations()]
    assert first == again
    assert [v for v, _, _ in first] == [v for v, _, _ in migration_files(MIGRATIONS_DIR)]


async def test_a_game_its_seats_log_and_events_round_trip(store: Store):
    game = await new_game(store)
    assert (game.version, game.status, game.seed, game.options) == (0, "active", 2**63 + 5, {"points": 300})
    version = await store.claim_seat(game.id, "red", "user-red", game.version)
    version = await play(store, game.id, version, 7)
    version = await play(store, game.id, version, 12)
    loaded = await store.game(game.id)
    assert (loaded.version, loaded.state) == (version, {"round": 12})
    assert [s.user_id for s in await store.seats(game.id)] == ["user-red", None]
    assert (await store.seat_of(game.id, "user-red")).seat_id == "red"
    assert [(a.seq, a.action) for a in await store.actions(game.id)] == [
        (1, {"kind": "attack", "n": 7}), (2, {"kind": "attack", "n": 12})]
    logged = await store.events(game.id)
    assert [(e.action_seq, e.idx, e.text) for e in logged] == [(1, 0, "Orc 7 attacks."), (2, 0, "Orc 12 attacks.")]
    assert logged[1].event["roll"]["dice"] == [12]
    assert [e.text for e in await store.events(game.id, limit=1)] == ["Orc 12 attacks."]
    assert (await store.active_game("chan-1")).id == game.id
    assert [g.id for g in await store.recent_games("chan-1")] == [game.id]


async def test_the_second_of_two_simultaneous_commands_is_refused(store: Store):
    game = await new_game(store)
    results = await asyncio.gather(*(play(store, game.id, 0, n) for n in (1, 2, 3)),
                                   return_exceptions=True)
    assert sorted(map(type, results), key=str) == sorted([int, VersionConflict, VersionConflict], key=str)
    assert [a.seq for a in await store.actions(game.id)] == [1]
    assert len(await store.events(game.id)) == 1


async def test_two_processes_worth_of_connections_share_the_version_check(target):
    async with await Store.open(target) as one, await Store.open(target) as two:
        game = await new_game(one)
        assert await play(two, game.id, 0, 1) == 1
        with pytest.raises(VersionConflict):
            await play(one, game.id, 0, 2)
        assert (await one.game(game.id)).state == {"round": 1}


async def test_a_command_that_fails_midway_leaves_nothing(store: Store, monkeypatch):
    game = await new_game(store)

    class PowerCut(Exception):
        pass

    real = Store._append_events

    async def fail_after_writing(self, *args, **kwargs):
        await real(self, *args, **kwargs)
        raise PowerCut

    monkeypatch.setattr(Store, "_append_events", fail_after_writing)
    with pytest.raises(PowerCut):
        await play(store, game.id, 0, 1)
    monkeypatch.undo()
    assert (await store.game(game.id)).version == 0
    assert await store.actions(game.id) == [] and await store.events(game.id) == []
    assert await play(store, game.id, 0, 1) == 1  # the store is usable afterwards


async def test_broken_json_is_refused_by_the_database(store: Store):
    game = await new_game(store)
    with pytest.raises(Exception):
        await store.commit_action(game.id, 0, "red", "u", "{not json", [], {"round": 1})
    assert (await store.game(game.id)).version == 0


async def test_constraints_hold(store: Store):
    game = await new_game(store)
    with pytest.raises(ChannelBusy):
        await new_game(store)
    version = await store.claim_seat(game.id, "red", "ann", 0)
    with pytest.raises(SeatTaken):
        await store.claim_seat(game.id, "red", "bob", version)
    with pytest.raises(AlreadySeated):
        await store.claim_seat(game.id, "blue", "ann", version)
    with pytest.raises(NotFound):
        await store.claim_seat(game.id, "green", "bob", version)
    with pytest.raises(NotFound):
        await store.game(game.id + 100)
    version = await store.finish_game(game.id, version, {"winners": ["red"]})
    with pytest.raises(GameNotActive):
        await play(store, game.id, version, 1)
    assert (await store.game(game.id)).result == {"winners": ["red"]}
    assert await store.active_game("chan-1") is None
    await new_game(store)  # the channel is free again


async def test_undo_rewrites_the_log_in_one_transaction(store: Store):
    game = await new_game(store)
    version = 0
    for n in (1, 2, 3):
        version = await play(store, game.id, version, n)
    version = await store.set_pending(game.id, version, {"undo": {"seq": 3}})
    version = await store.rewrite_after_undo(game.id, version, 1, {"round": 1})
    assert [a.seq for a in await store.actions(game.id)] == [1]
    assert [e.action_seq for e in await store.events(game.id)] == [1]
    loaded = await store.game(game.id)
    assert (loaded.state, loaded.pending, loaded.version) == ({"round": 1}, None, version)
    with pytest.raises(StoreError):
        await store.rewrite_after_undo(game.id, version, 5, {"round": 5})


async def test_warband_names_ignore_case_cards_and_free_rolls(store: Store):
    await store.save_warband("ann", "Orc Raiders", "war-drums", {"creatures": ["orc"]})
    saved = await store.save_warband("ann", "orc raiders", "war-drums", {"creatures": ["orc", "ogre"]})
    assert saved.name == "orc raiders" and saved.data == {"creatures": ["orc", "ogre"]}
    assert [w.name for w in await store.warbands("ann")] == ["orc raiders"]
    assert (await store.warband("ann", "ORC RAIDERS")).data["creatures"] == ["orc", "ogre"]
    assert await store.delete_warband("ann", "Orc Raiders") is True
    assert await store.delete_warband("ann", "Orc Raiders") is False
    card = await store.save_card("ann", "my-orc", "My Orc", {"name": "My Orc", "cost": 9})
    assert card.data["cost"] == 9 and [c.card_id for c in await store.cards("ann")] == ["my-orc"]
    assert await store.delete_card("ann", "my-orc") is True
    roll = await store.log_free_roll("chan-1", None, "ann", "1d20", {"total": 17})
    assert roll.id >= 1 and roll.result == {"total": 17}
    assert [r.expression for r in await store.free_rolls("chan-1")] == ["1d20"]


async def test_json_comes_back_exactly_as_written(store: Store):
    """Key order included: the engine's mappings keep meaning in their order (who acts first
    among equals), so a database that reorders keys (PostgreSQL's jsonb) would change a replay."""
    game = await new_game(store)
    state = {"zulu": 1, "alpha": {"b": 2, "a": [3, {"y": 1, "x": 0}]}}
    await store.commit_action(game.id, 0, "red", "u", {"kind": "move", "to": [1, 2], "creature": "orc"},
                              events(1), state)
    loaded = await store.game(game.id)
    assert list(json.loads(loaded.state_json)) == ["zulu", "alpha"]
    assert json.loads(loaded.state_json) == state
    assert list((await store.actions(game.id))[0].action) == ["kind", "to", "creature"]


async def test_a_closed_store_says_so(target):
    store = await Store.open(target)
    await store.close()
    await store.close()  # twice is fine
    with pytest.raises(StoreError):
        await store.game(1)


def test_store_targets_name_their_database():
    from bot.store import sqlite_path

    assert sqlite_path("sqlite:///x/w.db") == Path("x/w.db")
    assert sqlite_path("postgresql://u@h/db") is None
    with pytest.raises(ValueError):
        sqlite_path("mysql://u@h/db")


async def test_two_processes_starting_a_game_in_one_channel_at_once(target):
    """Only one game starts; the other process is told the channel is busy (on PostgreSQL the
    unique index catches the race, on SQLite BEGIN IMMEDIATE never lets it happen)."""
    async with await Store.open(target) as one, await Store.open(target) as two:
        results = await asyncio.gather(new_game(one), new_game(two), return_exceptions=True)
        started = [r for r in results if not isinstance(r, Exception)]
        assert len(started) == 1
        assert [type(r) for r in results if isinstance(r, Exception)] == [ChannelBusy]
        assert (await one.active_game("chan-1")).id == started[0].id


def test_the_test_server_starts_on_another_port_when_its_first_is_taken(monkeypatch):
    """Two test workers each start their own server: a port free when asked for may be taken
    before the server binds it, and the server then starts on another one."""
    from bench import postgres_server

    if not postgres_server.available():
        pytest.skip("PostgreSQL server binaries are missing (apt-get install postgresql)")
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        ports = iter([taken.getsockname()[1]])
        real = postgres_server._free_port
        monkeypatch.setattr(postgres_server, "_free_port", lambda: next(ports, None) or real())
        server = postgres_server.start()
        try:
            assert server.port != taken.getsockname()[1]
            assert "Address already in use" in (server.folder / "server.log").read_text()
            assert server.new_database().startswith(f"postgresql://warband@127.0.0.1:{server.port}/")
        finally:
            server.stop()
