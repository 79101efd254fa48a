"""What Warband does with the file at its database path (#15 items 9 and 10).

A damaged file, random bytes, a folder, a newer schema or another application's SQLite file
gives one clear line and a non-zero exit, never a traceback; another application's file is
left exactly as it was (no Warband tables, no WAL). Warband marks its own files with
``PRAGMA application_id`` and adopts an unmarked file that already holds its tables. A console
stopped with Ctrl-C closes its store and exits instead of hanging on aiosqlite's thread.
All with real files and real subprocesses.
"""

import hashlib
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.store import BadDatabase, MigrationError, Store
from bot.store.sqlite import APPLICATION_ID

ROOT = Path(__file__).resolve().parents[2]


def run_console(db: Path, tmp_path: Path, stdin: str = "/roll 1d4\n") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "bot", "console", "--db", str(db), "--images", str(tmp_path / "img")],
        input=stdin, capture_output=True, text=True, timeout=60, cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
    )


def assert_one_clear_line(result: subprocess.CompletedProcess, db: Path, *words: str) -> None:
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert str(db) in lines[0] and "WARBAND_DB" in lines[0] or "newer Warband" in lines[0]
    for word in words:
        assert word in lines[0], lines[0]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


async def make_warband_file(path: Path) -> None:
    store = await Store.open(path)
    await store.create_game("chan", None, "dnd-minis-quick", 1, {}, {"round": 0}, "u1", [("a", "A")])
    await store.close()


# -- start-up refuses a file it can't or must not use ---------------------------------------------
def test_random_bytes(tmp_path):
    db = tmp_path / "w.sqlite3"
    db.write_bytes(os.urandom(8192))
    assert_one_clear_line(run_console(db, tmp_path), db, "not an SQLite database")


async def test_a_truncated_file(tmp_path):
    db = tmp_path / "w.sqlite3"
    await make_warband_file(db)
    for _ in range(30):  # enough games that the file has pages to lose
        with sqlite3.connect(db) as conn:
            conn.execute("INSERT INTO free_rolls (channel_id, user_id, expression, result, created_at)"
                         " VALUES ('c', 'u', '1d4', ?, 'now')", ('{"x": "' + "y" * 3000 + '"}',))
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 2])
    assert_one_clear_line(run_console(db, tmp_path), db, "damaged")


async def test_garbled_pages(tmp_path):
    db = tmp_path / "w.sqlite3"
    await make_warband_file(db)
    data = bytearray(db.read_bytes())
    page = 4096
    for offset in range(page, len(data)):  # keep the header, scramble every page after it
        data[offset] ^= 0x5A
    db.write_bytes(bytes(data))
    assert_one_clear_line(run_console(db, tmp_path), db, "damaged")


def test_a_folder(tmp_path):
    db = tmp_path / "games"
    db.mkdir()
    assert_one_clear_line(run_console(db, tmp_path), db, "folder")


async def test_a_newer_schema(tmp_path):
    db = tmp_path / "w.sqlite3"
    await make_warband_file(db)
    with sqlite3.connect(db) as conn:
        conn.execute("INSERT INTO schema_migrations VALUES (9999, 'future', '2030-01-01T00:00:00+00:00')")
    result = run_console(db, tmp_path)
    assert_one_clear_line(result, db, "newer Warband")
    with pytest.raises(MigrationError):
        await Store.open(db)


def test_another_applications_database_is_left_untouched(tmp_path):
    db = tmp_path / "notes.sqlite3"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
        conn.execute("INSERT INTO notes (body) VALUES ('keep me')")
    before = digest(db)
    assert_one_clear_line(run_console(db, tmp_path), db, "another application", "notes")
    assert digest(db) == before
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        assert [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")] == ["notes"]


async def test_a_file_marked_by_another_application(tmp_path):
    db = tmp_path / "other.sqlite3"
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA application_id = 1234")
    before = digest(db)
    with pytest.raises(BadDatabase) as info:
        await Store.open(db)
    assert "0x4d2" in str(info.value)
    assert digest(db) == before


# -- Warband's own files ----------------------------------------------------------------------
async def test_new_files_are_marked_and_old_unmarked_ones_adopted(tmp_path):
    db = tmp_path / "w.sqlite3"
    await make_warband_file(db)
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        conn.execute("PRAGMA application_id = 0")  # as made before this change
    store = await Store.open(db)
    assert (await store.active_game("chan")) is not None
    await store.close()
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


def test_an_empty_file_becomes_a_warband_database(tmp_path):
    db = tmp_path / "w.sqlite3"
    db.touch()
    result = run_console(db, tmp_path)
    assert result.returncode == 0, result.stderr
    assert "rolls" in result.stdout


# -- item 10: a console stopped mid-session exits and closes its store ----------------------------
def games_in(db: Path) -> int:
    if not db.exists():
        return 0
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT count(*) FROM games").fetchone()[0]
    except sqlite3.OperationalError:
        return 0
    finally:
        conn.close()


def _terminal_ctrl_c() -> None:
    # A shell's background job (how a CI runner may start the suite) ignores SIGINT, and an
    # ignored signal stays ignored across exec: the console would never see the Ctrl-C this
    # test sends. Give the child the disposition a terminal gives it.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_closes_the_store_and_exits(tmp_path):
    db = tmp_path / "w.sqlite3"
    with (tmp_path / "stderr").open("w") as err:  # a file, not a pipe nobody reads while waiting
        proc = subprocess.Popen(
            [sys.executable, "-m", "bot", "console", "--db", str(db), "--images", str(tmp_path / "img")],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=err, text=True, cwd=ROOT,
            env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}, preexec_fn=_terminal_ctrl_c,
        )
        try:
            proc.stdin.write("/game new ruleset:dnd-minis-quick\n")
            proc.stdin.flush()
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and not games_in(db):  # committed: the store is open
                time.sleep(0.2)
            proc.send_signal(signal.SIGINT)  # stdin stays open: the console is waiting for a line
            proc.wait(timeout=60)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    assert proc.returncode == 130, (tmp_path / "stderr").read_text()
    # Closed cleanly: the last connection checkpointed and removed the write-ahead log.
    assert not Path(str(db) + "-wal").exists()


def test_the_bot_refuses_a_bad_database_before_logging_in(tmp_path):
    db = tmp_path / "games"
    db.mkdir()
    result = subprocess.run(
        [sys.executable, "-m", "bot", "bot"], capture_output=True, text=True, timeout=60, cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "DISCORD_TOKEN": "not-a-real-token",
             "WARBAND_DB": str(db)},
    )
    assert_one_clear_line(result, db, "folder")
