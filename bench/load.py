"""The store under load: K bot processes sharing one PostgreSQL database, against one process
on SQLite.

Each process runs the real service (command parsing, the engine, the store; boards are not
drawn unless ``--boards``, since drawing is measured by the other benchmarks and would only
hide the store) and plays Quick Start Battles with the demo's policy. Every game is played by
TWO processes at once, each reading the game and sending the move the policy picks for the
player to act, as two bot processes would if both received a command for one game: the
store's version check must let exactly one of two simultaneous commands through. At the end
each game is checked:

* none lost, none doubled: the game's version equals the number of commands acknowledged
  as applied (by either process), since every applied command bumps it by exactly one;
* the game replays from its seed and log to exactly its stored state.

Refusals because another process acted first ("conflict"), and policy moves made stale by the
other process's move (an ordinary refusal), are counted, not errors.

    python3 -m bench load                      # 2, 4 and 8 processes, 1,000 games each
    python3 -m bench load --games 10000        # the figures in the README
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import statistics
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

USERS = {"p1": "alice", "p2": "bob"}


def _percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))]


async def _drive(target: str, games: list[int], moves: int, boards: bool) -> dict:
    """One process: play ``games`` (by number) for ``moves`` policy commands each."""
    from bot.commands import parse_line
    from bot.demo import choose_action, command_line
    from bot.service import Service
    from bot.store import Store

    store = await Store.open(target)
    service = Service(store) if boards else Service(store, render=lambda view: b"")
    timings: dict[str, list[float]] = defaultdict(list)
    applied: Counter[int] = Counter()
    outcomes: Counter[str] = Counter()

    async def send(game: int, user: str, line: str) -> str | None:
        started = time.perf_counter()
        reply = await service.handle(f"load-{game}", user, parse_line(line))
        timings[line.split()[0] if not line.startswith("/game") else " ".join(line.split()[:2])].append(
            time.perf_counter() - started)
        return reply.error

    try:
        for game in games:
            error = await send(game, "alice", f"/game new ruleset:dnd-minis-quick seed:{game}")
            outcomes["new " + (error or "ok")] += 1
            error = await send(game, "bob", "/game join")
            outcomes["join " + (error or "ok")] += 1
            if error is None:
                applied[game] += 1
        for _ in range(moves):
            for game in games:
                snap = await service.game_snapshot(f"load-{game}")
                if snap is None:
                    continue
                record, ruleset, state = snap
                seat = ruleset.to_act(state)[0]
                error = await send(game, USERS[seat], command_line(choose_action(ruleset, state, seat)))
                outcomes[error or "ok"] += 1
                if error is None:
                    applied[game] += 1
    finally:
        await store.close()
    return {"timings": dict(timings), "applied": dict(applied), "outcomes": dict(outcomes)}


def _process(target: str, games: list[int], moves: int, boards: bool, queue) -> None:
    queue.put(asyncio.run(_drive(target, games, moves, boards)))


async def _check(target: str, applied: Counter[int]) -> list[str]:
    """What is wrong with the games after the run: lost or doubled commands, bad replays."""
    from bot.maintenance import replay_mismatches
    from bot.store import Store

    problems: list[str] = []
    async with await Store.open(target) as store:
        for row in await store._all("SELECT id, channel_id, version FROM games"):
            game = int(row["channel_id"].split("-")[1])
            if row["version"] != applied[game]:
                problems.append(f"game {game}: version {row['version']}, {applied[game]} commands applied")
        problems.extend((await replay_mismatches(store))[1])
    return problems


def run(target: str, processes: int, games: int, moves: int, boards: bool) -> dict:
    """Play ``games`` games with ``processes`` processes on ``target``; every game is played
    by two of them (one process alone on SQLite: it plays each game once)."""
    assignments: list[list[int]] = [[] for _ in range(processes)]
    for game in range(games):
        assignments[game % processes].append(game)
        if processes > 1:
            assignments[(game + 1) % processes].append(game)
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    started = time.perf_counter()
    workers = [context.Process(target=_process, args=(target, mine, moves, boards, queue))
               for mine in assignments]
    for worker in workers:
        worker.start()
    results = [queue.get() for _ in workers]
    for worker in workers:
        worker.join()
    wall = time.perf_counter() - started
    timings: dict[str, list[float]] = defaultdict(list)
    applied: Counter[int] = Counter()
    outcomes: Counter[str] = Counter()
    for result in results:
        for name, samples in result["timings"].items():
            timings[name].extend(samples)
        applied.update({int(k): v for k, v in result["applied"].items()})
        outcomes.update(result["outcomes"])
    problems = asyncio.run(_check(target, applied))
    commands = sum(len(s) for s in timings.values())
    return {"wall": wall, "commands": commands, "per_second": commands / wall, "timings": timings,
            "outcomes": outcomes, "problems": problems}


def report(label: str, result: dict) -> None:
    print(f"{label}: {result['commands']} commands in {result['wall']:.1f} s = "
          f"{result['per_second']:.0f} commands/s; conflicts {result['outcomes'].get('conflict', 0)}, "
          f"other refusals {sum(v for k, v in result['outcomes'].items() if k not in ('ok', 'conflict') and not k.endswith(' ok'))}; "
          + ("NONE LOST OR DOUBLED, every game replays" if not result["problems"] else
             f"{len(result['problems'])} PROBLEMS: " + "; ".join(result["problems"][:5])))
    for name, samples in sorted(result["timings"].items()):
        print(f"    {name:<14} n={len(samples):<6} p50={statistics.median(samples) * 1000:7.2f} ms"
              f"   p99={_percentile(samples, 99) * 1000:7.2f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench load")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=6, help="policy commands per game and process")
    parser.add_argument("--processes", default="2,4,8", help="process counts to run on PostgreSQL")
    parser.add_argument("--database-url", help="an empty PostgreSQL database (default: start a throw-away server)")
    parser.add_argument("--boards", action="store_true", help="draw the boards too")
    args = parser.parse_args(argv)
    failed = False
    with tempfile.TemporaryDirectory() as folder:
        result = run(str(Path(folder) / "load.sqlite3"), 1, args.games, args.moves, args.boards)
        report("SQLite, 1 process", result)
        failed |= bool(result["problems"])
    server = None
    if args.database_url is None:
        from bench import postgres_server

        server = postgres_server.start()
    try:
        for count in (int(n) for n in args.processes.split(",")):
            url = args.database_url or server.new_database()
            result = run(url, count, args.games, args.moves, args.boards)
            report(f"PostgreSQL, {count} processes", result)
            failed |= bool(result["problems"])
    finally:
        if server is not None:
            server.stop()
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
