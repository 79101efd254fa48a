"""``python -m bench``: median and 99th-percentile times of the hot paths.

* a ``/move`` command through the service: parse, engine, SQLite commit, and the board render
  when the move ends a phase (moves are taken from whole Quick Start Battles played by the
  demo policy, so they are real moves on a real file);
* a board render alone.

Targets (on the 2-core reference machine): move p99 under 250 ms, render p99 under 150 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bot.commands import parse_line
from bot.demo import choose_action, command_line
from bot.service import Service
from bot.store import Store
from engine.core import get_ruleset
from renderers.grid import render_board


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def report(name: str, samples: list[float], target_ms: float) -> bool:
    median, p99 = statistics.median(samples) * 1000, percentile(samples, 99) * 1000
    ok = p99 <= target_ms
    print(f"{name:<34} n={len(samples):<5} median={median:8.2f} ms   p99={p99:8.2f} ms   "
          f"target p99 ≤ {target_ms:.0f} ms  {'OK' if ok else 'SLOW'}")
    return ok


async def time_moves(games: int) -> list[float]:
    samples: list[float] = []
    users = {"p1": "alice", "p2": "bob"}
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3")
        service = Service(store)
        try:
            for seed in range(games):
                channel = f"bench-{seed}"
                await service.handle(channel, "alice", parse_line(f"/game new ruleset:dnd-minis-quick seed:{seed}"))
                await service.handle(channel, "bob", parse_line("/game join"))
                for _ in range(400):
                    snap = await service.game_snapshot(channel)
                    if snap is None:
                        break
                    _, ruleset, state = snap
                    seat = ruleset.to_act(state)[0]
                    line = command_line(choose_action(ruleset, state, seat))
                    started = time.perf_counter()
                    reply = await service.handle(channel, users[seat], parse_line(line))
                    elapsed = time.perf_counter() - started
                    if reply.error:
                        raise RuntimeError(reply.text)
                    if line.startswith("/move"):
                        samples.append(elapsed)
        finally:
            await store.close()
    return samples


def time_renders(count: int) -> list[float]:
    ruleset = get_ruleset("dnd-minis-quick")
    state = ruleset.new_game(1)
    view = ruleset.board(state)
    samples = []
    for _ in range(count):
        started = time.perf_counter()
        render_board(view)
        samples.append(time.perf_counter() - started)
    return samples


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("--games", type=int, default=30, help="Quick Start Battles to play for move timings")
    parser.add_argument("--renders", type=int, default=100)
    args = parser.parse_args()
    moves = asyncio.run(time_moves(args.games))
    renders = time_renders(args.renders)
    ok = report("move command (service, store, render)", moves, 250)
    ok &= report("board render alone", renders, 150)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
