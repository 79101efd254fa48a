"""Fault injection with real processes on a real SQLite file (#15, first paragraph).

* kill -9 of a child process in the middle of play: no acknowledged command is lost, the file
  passes SQLite's integrity check, every game's stored state is exactly its seed and action log
  replayed, and a new process carries on the game.
* processes racing on one file: several processes send the same command for the same game at
  the same instant; exactly one is applied, the others are refused or lose with a conflict.

Bounded: a handful of kills and races, each a few seconds.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import engine.rulesets  # noqa: F401  - registers the rulesets the replay needs
from bot.demo import choose_action, command_line
from engine.core.ruleset import get_ruleset

ROOT = Path(__file__).resolve().parents[2]
CHILD = [sys.executable, str(ROOT / "tests" / "bot" / "children.py")]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def spawn(*args: str) -> subprocess.Popen:
    return subprocess.Popen([*CHILD, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=ROOT, env=ENV)


def read_line(proc: subprocess.Popen, timeout: float = 60) -> str:
    deadline = time.monotonic() + timeout
    line = proc.stdout.readline()
    assert line or time.monotonic() > deadline, proc.stderr.read()
    return line.strip()


def check_database(db: Path) -> dict[int, int]:
    """Integrity, and every game's stored state equals its replay; returns {game id: version}."""
    conn = sqlite3.connect(db)
    conn.row_factory = sqlite3.Row
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        versions = {}
        for game in conn.execute("SELECT * FROM games"):
            ruleset = get_ruleset(game["ruleset"])
            actions = [ruleset.parse_action(json.loads(r["action"])) for r in conn.execute(
                "SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (game["id"],))]
            replayed, _ = ruleset.replay(int(game["seed"]), json.loads(game["options"]), actions)
            stored = ruleset.load_state(game["state"])
            assert replayed.model_dump(mode="json") == stored.model_dump(mode="json"), game["id"]
            versions[game["id"]] = game["version"]
        return versions
    finally:
        conn.close()


def test_kill_minus_nine_mid_game_loses_no_acknowledged_command(tmp_path):
    db = tmp_path / "crash.sqlite3"
    rng = random.Random(15)
    acknowledged: dict[int, int] = {}
    for round_ in range(5):
        proc = spawn("play", str(db), "chan", str(100 + round_))
        try:
            for _ in range(rng.randint(2, 25)):
                line = read_line(proc)
                assert line.startswith("ACK"), (line, proc.stderr.read() if proc.poll() is not None else "")
                _, game_id, version = line.split()
                acknowledged[int(game_id)] = int(version)
            # Let it get a little way into the next command, then kill it without warning.
            time.sleep(rng.random() * 0.05)
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=10)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        versions = check_database(db)
        for game_id, version in acknowledged.items():
            assert versions[game_id] >= version, (game_id, version, versions)
    # A new process opens the file and carries on playing.
    proc = spawn("play", str(db), "chan", "999")
    try:
        assert read_line(proc).startswith("ACK")
    finally:
        proc.kill()
        proc.wait()
    check_database(db)


def race(db: Path, tag: str, runners: list[tuple[str, str]]) -> list[str]:
    go = Path(f"{db}.{tag}")
    procs = [spawn("race", str(db), "chan", user, str(go), line) for user, line in runners]
    try:
        for proc in procs:
            assert read_line(proc) == "READY", proc.stderr.read()
        go.touch()
        answers = [read_line(proc) for proc in procs]
        for proc in procs:
            proc.wait(timeout=30)
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    return answers


def count(db: Path, sql: str) -> int:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql).fetchone()[0]
    finally:
        conn.close()


def test_processes_racing_on_one_file_never_apply_two_commands(tmp_path):
    db = tmp_path / "race.sqlite3"
    # Four processes start a game in the same channel at once: one game, three refusals.
    answers = race(db, "new", [(f"u{i}", "/game new ruleset:dnd-minis-quick seed:5") for i in range(4)])
    assert answers.count("ok") == 1 and count(db, "SELECT count(*) FROM games") == 1, answers
    assert set(answers) - {"ok"} <= {"channel-busy", "conflict"}, answers
    # Four players race for the one free seat: one sits, and the game starts once.
    answers = race(db, "join", [(f"p{i}", "/game join") for i in range(4)])
    assert answers.count("ok") == 1, answers
    assert count(db, "SELECT count(*) FROM seats WHERE user_id IS NOT NULL") == 2
    assert count(db, "SELECT count(*) FROM actions WHERE json_extract(action, '$.kind') = 'start'") == 1
    # The player who won the roll-off sends the same choice from four processes: applied once.
    conn = sqlite3.connect(db)
    state = json.loads(conn.execute("SELECT state FROM games").fetchone()[0])
    seats = dict(conn.execute("SELECT seat_id, user_id FROM seats").fetchall())
    conn.close()
    ruleset = get_ruleset("dnd-minis-quick")
    loaded = ruleset.load_state(state)
    seat = ruleset.to_act(loaded)[0]
    line = command_line(choose_action(ruleset, loaded, seat))
    before = count(db, "SELECT count(*) FROM actions")
    answers = race(db, "act", [(seats[seat], line)] * 4)
    assert answers.count("ok") == 1, answers
    assert count(db, "SELECT count(*) FROM actions") == before + 1
    check_database(db)
