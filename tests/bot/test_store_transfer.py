"""Moving a store between databases and backing it up, with real games on real databases:
the copy is checked by the row counts of every table and by replaying every game, and play
goes on in the copy as if nothing happened."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from bot.commands import parse_line
from bot.demo import choose_action, command_line
from bot.maintenance import backup, copy_store, replay_mismatches
from bot.service import Service
from bot.store import Store, StoreError
from bot.store.transfer import TABLES, table_counts

REPO = Path(__file__).resolve().parents[2]
USERS = {"p1": "alice", "p2": "bob"}


async def play_quick_battle(store: Store, channel: str, moves: int, seed: int = 7) -> None:
    """A Quick Start Battle in ``channel``, ``moves`` commands into it (the demo's policy)."""
    service = Service(store, seed_source=lambda: seed)
    if await store.active_game(channel) is None:
        await service.handle(channel, "alice", parse_line("/game new ruleset:dnd-minis-quick"))
        await service.handle(channel, "bob", parse_line("/game join"))
    for _ in range(moves):
        snap = await service.game_snapshot(channel)
        if snap is None:
            return
        _, ruleset, state = snap
        seat = ruleset.to_act(state)[0]
        reply = await service.handle(channel, USERS[seat], parse_line(command_line(choose_action(ruleset, state, seat))))
        assert reply.error is None, reply.text


async def fill(store: Store) -> None:
    await play_quick_battle(store, "chan-a", 25, seed=3)
    await play_quick_battle(store, "chan-b", 3, seed=4)
    service = Service(store)
    await service.handle("chan-c", "carol", parse_line("/roll dice:2d6+1"))
    await service.handle("chan-c", "carol", parse_line("/warband new name:Knights edition:war-drums faction:LG"))


async def test_every_table_the_migrations_create_is_copied(tmp_path):
    async with await Store.open(tmp_path / "w.sqlite3") as store:
        rows = await store._all("SELECT name FROM sqlite_master WHERE type = 'table'"
                                " AND name NOT LIKE 'sqlite_%' AND name != 'schema_migrations'")
    assert {r["name"] for r in rows} == set(TABLES)


async def test_sqlite_to_postgresql_and_back_keeps_every_game(tmp_path, postgres):
    source = str(tmp_path / "source.sqlite3")
    async with await Store.open(source) as store:
        await fill(store)
        counts = await table_counts(store)
    assert counts["games"] == 2 and counts["actions"] >= 10 and counts["free_rolls"] == 1

    url = postgres.new_database()
    report = await copy_store(source, url)
    assert report.counts == counts and report.replayed == 2 and report.mismatches == []

    # Play goes on in the copy: the same games, new rows numbered after the copied ones.
    async with await Store.open(url) as store:
        before = (await store.active_game("chan-b")).version
        await play_quick_battle(store, "chan-b", 5, seed=4)
        assert (await store.recent_games("chan-b"))[0].version > before
        roll = await store.log_free_roll("chan-c", None, "carol", "1d4", {"total": 2})
        assert roll.id == counts["free_rolls"] + 1
        await play_quick_battle(store, "chan-new", 2, seed=9)
        assert (await store.recent_games("chan-new"))[0].id == counts["games"] + 1
        assert (await replay_mismatches(store))[1] == []
        moved = await table_counts(store)

    back = str(tmp_path / "back.sqlite3")
    report = await copy_store(url, back)
    assert report.counts == moved and report.mismatches == []


async def test_copying_into_a_database_that_holds_games_changes_nothing(tmp_path):
    a, b = tmp_path / "a.sqlite3", tmp_path / "b.sqlite3"
    async with await Store.open(a) as store:
        await play_quick_battle(store, "chan-a", 3)
    async with await Store.open(b) as store:
        await play_quick_battle(store, "chan-b", 3)
        before = await table_counts(store)
    with pytest.raises(StoreError, match="not empty"):
        await copy_store(str(a), str(b))
    async with await Store.open(b) as store:
        assert await table_counts(store) == before


async def test_a_backup_taken_during_play_restores_to_a_consistent_state(tmp_path):
    live = tmp_path / "live.sqlite3"
    async with await Store.open(live) as store:
        await play_quick_battle(store, "chan-a", 5)
        playing = asyncio.create_task(play_quick_battle(store, "chan-a", 40))
        await asyncio.sleep(0.05)
        summary = await backup(str(live), tmp_path / "backup.sqlite3")
        await playing
    assert "Backed up" in summary
    async with await Store.open(tmp_path / "backup.sqlite3") as restored:
        replayed, mismatches = await replay_mismatches(restored)
        game = (await restored.recent_games("chan-a"))[0]
        assert replayed == 1 and mismatches == []
        # Every action in the backup has its events, and the version counts every change.
        assert len(await restored.actions(game.id)) >= 5
    with pytest.raises(StoreError, match="already exists"):
        await backup(str(live), tmp_path / "backup.sqlite3")


async def test_a_postgresql_store_backs_up_to_a_sqlite_file(tmp_path, postgres):
    url = postgres.new_database()
    async with await Store.open(url) as store:
        await play_quick_battle(store, "chan-a", 8)
        counts = await table_counts(store)
    await backup(url, tmp_path / "pg-backup.sqlite3")
    async with await Store.open(tmp_path / "pg-backup.sqlite3") as restored:
        assert await table_counts(restored) == counts


def test_the_command_line_copies_and_reports(tmp_path):
    source = tmp_path / "cli.sqlite3"

    async def make():
        async with await Store.open(source) as store:
            await play_quick_battle(store, "chan-a", 4)
    asyncio.run(make())
    done = subprocess.run([sys.executable, "-m", "bot", "store", "copy", "--from", str(source),
                           "--to", f"sqlite:///{tmp_path / 'copy.sqlite3'}"],
                          cwd=REPO, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "1 game replayed: every game replays to its stored state" in done.stdout
    again = subprocess.run([sys.executable, "-m", "bot", "store", "copy", "--from", str(source),
                            "--to", str(tmp_path / "copy.sqlite3")],
                           cwd=REPO, capture_output=True, text=True, timeout=120)
    assert again.returncode == 1 and "not empty" in again.stderr and "Traceback" not in again.stderr


def test_the_maintenance_commands_speak_the_operators_language(tmp_path):
    """#13 item 5: `warband --lang it store copy` and `WARBAND_LANG=hu warband backup` print in
    that language; English stays the default."""
    import os

    source = tmp_path / "lang.sqlite3"

    async def make():
        async with await Store.open(source) as store:
            await play_quick_battle(store, "chan-a", 4)
    asyncio.run(make())
    italian = subprocess.run([sys.executable, "-m", "bot", "--lang", "it", "store", "copy", "--from", str(source),
                              "--to", str(tmp_path / "copy-it.sqlite3")],
                             cwd=REPO, capture_output=True, text=True, timeout=120)
    assert italian.returncode == 0, italian.stderr
    assert "1 partita rigiocata: ogni partita rigiocata arriva allo stato conservato" in italian.stdout, italian.stdout
    assert italian.stdout.startswith("Copiati ")
    env = {k: v for k, v in os.environ.items() if k != "WARBAND_LANG"} | {"WARBAND_LANG": "hu"}
    hungarian = subprocess.run([sys.executable, "-m", "bot", "backup", str(tmp_path / "backup-hu.sqlite3"),
                                "--from", str(source)], cwd=REPO, capture_output=True, text=True, timeout=120, env=env)
    assert hungarian.returncode == 0, hungarian.stderr
    assert "biztonsági mentése ide:" in hungarian.stdout, hungarian.stdout
    english = subprocess.run([sys.executable, "-m", "bot", "backup", str(tmp_path / "backup-en.sqlite3"),
                              "--from", str(source)], cwd=REPO, capture_output=True, text=True, timeout=120,
                             env={k: v for k, v in os.environ.items() if k != "WARBAND_LANG"})
    assert english.stdout.startswith("Backed up "), english.stdout
