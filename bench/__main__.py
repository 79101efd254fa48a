"""``python -m bench``: median and 99th-percentile times of the hot paths.

* a ``/move`` command through the service: parse, engine, SQLite commit, and the board render
  when the move ends a phase (moves are taken from whole Quick Start Battles played by the
  demo policy, so they are real moves on a real file);
* every play command of a four-player War Drums skirmish through the service (moves, attacks,
  charges, spells, answers to /decide questions), warbands built with /warband first;
* a board render alone;
* pairing a 256-player Swiss round (each of 8 rounds of simulated seasons), and the standings
  of a 256-player league after 8 rounds (:mod:`bench.leagues`).
* every command of a whole Conan scenario with five seats, and the render of the largest Conan
  board (:mod:`bench.conan`).
* the replay of that whole four-player War Drums game as an animated GIF (``/game replay``):
  its time and its size, which must stay under Discord's 10 MiB upload limit.
* issue #15's speed items (:mod:`bench.speed`): boards of a 24 x 24 encounter and of the
  36 x 30 battle map, commands per second of 100 channels at once, /move on a 100 x 100 map,
  replaying 1,000 actions, undoing at 10,000 actions, and the memory of 1,000 parsed games.
* The Ninth Age (issue #10, :data:`NINTH_AGE_FIGURES`): the continuous table's hot paths
  (:mod:`bench.table`: the charge solver on a crowded table, sight and cover for a full shooting
  phase, a full table's render, the charge step's "Show my moves") and every command of a whole
  battle of the sample armies through the service (:mod:`bench.ninth_age`), each with its own
  targets in its module's docstring. ``--skip-ninth-age`` leaves them out (two to three minutes
  on a loaded machine).

Targets (on the 2-core reference machine): move p99 under 250 ms; skirmish command p99 under
800 ms (the slowest are the commands that end a phase and post the board of a 36 × 30 battle
map, about 0.4 s of drawing and PNG encoding); render p99 under 150 ms for the Quick Start
board and under 600 ms for the largest shipped battle map; a 256-player Swiss pairing p99
under 500 ms and its standings after 8 rounds under 100 ms.
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
from bench import speed
from engine.core import get_ruleset
from renderers.grid import render_board


# The Ninth Age figures (issue #10), run after the others: (what, module, function); each function
# prints its figures and returns True when every target is met. Each module also runs alone
# (python -m bench.table, python -m bench.ninth_age).
NINTH_AGE_FIGURES = (
    ("The Ninth Age: the table's hot paths", "bench.table", "figures"),
    ("The Ninth Age: every command of a whole battle", "bench.ninth_age", "figures"),
)


def ninth_age_figures() -> bool:
    import importlib

    ok = True
    for title, module, function in NINTH_AGE_FIGURES:
        print(f"-- {title} (python -m {module})")
        ok &= getattr(importlib.import_module(module), function)()
    return ok


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


SKIRMISH_WARBANDS = {
    "alice": ("Knights", [("paladin", 1), ("fighter", 2), ("archer", 1)]),
    "bob": ("Church", [("cleric", 1), ("soldier", 2), ("dwarf", 1)]),
    "carol": ("Wardens", [("regdar-human-fighter", 1), ("warrior", 2)]),
    "dave": ("Lanterns", [("inspired-lieutenant", 1), ("dwarf", 2), ("monk", 1)]),
}


async def time_skirmish_commands(seed: int = 8, states: list[str] | None = None, commands: int = 3000,
                                 replay: bool = True) -> tuple[list[float], float, int]:
    """The command timings of a whole four-player game (its first ``commands``), then (seconds,
    bytes) of its replay (0, 0 without ``replay``)."""
    samples: list[float] = []
    users = dict(zip(("p1", "p2", "p3", "p4"), SKIRMISH_WARBANDS))
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3")
        service = Service(store)

        async def say(user: str, line: str):
            reply = await service.handle("skirmish", user, parse_line(line))
            if reply.error:
                raise RuntimeError(f"{line}: {reply.text}")
            return reply

        try:
            for user, (name, cards) in SKIRMISH_WARBANDS.items():
                await say(user, f"/warband new name:{name} edition:war-drums faction:LG")
                for card, count in cards:
                    await say(user, f"/warband add name:{name} creature:{card} count:{count}")
            await say("alice", f"/game new ruleset:dnd-minis seed:{seed} "
                               "settings:map=teleport-ziggurat,players=4,scenario=teams")
            for user in list(SKIRMISH_WARBANDS)[1:]:
                await say(user, "/game join")
            for user, (name, _cards) in SKIRMISH_WARBANDS.items():
                await say(user, f"/warband use name:{name}")
            for n in range(commands):
                _, ruleset, state = await service.game_snapshot("skirmish", finished_ok=True)
                if states is not None and n == 200:
                    states.append(state.model_dump_json())  # a mid-game state, for the memory figure
                if state.is_over:
                    break
                seat = ruleset.to_act(state)[0]
                line = command_line(choose_action(ruleset, state, seat))
                started = time.perf_counter()
                await say(users[seat], line)
                samples.append(time.perf_counter() - started)
            if not replay:
                return samples, 0.0, 0
            started = time.perf_counter()
            replayed = await say("alice", "/game replay")
            replay_seconds = time.perf_counter() - started
        finally:
            await store.close()
    return samples, replay_seconds, len(replayed.image or b"")


def time_renders(count: int, battle_map: str | None = None) -> list[float]:
    if battle_map is None:
        ruleset = get_ruleset("dnd-minis-quick")
        view = ruleset.board(ruleset.new_game(1))
    else:
        from engine.grid.view import board_view_of
        from engine.rulesets.dnd_minis.maps import load_map

        view = board_view_of(load_map(battle_map, None))
    samples = []
    for _ in range(count):
        started = time.perf_counter()
        render_board(view)
        samples.append(time.perf_counter() - started)
    return samples


def report_figure(name: str, value: float, unit: str, target: float, higher_is_better: bool = False) -> bool:
    ok = value >= target if higher_is_better else value <= target
    sign = "≥" if higher_is_better else "≤"
    print(f"{name:<34} {value:10.1f} {unit:<9} target {sign} {target:g} {unit}  {'OK' if ok else 'SLOW'}")
    return ok


def main() -> int:
    import sys

    if sys.argv[1:2] == ["load"]:  # python3 -m bench load: the store under load (bench/load.py)
        from bench.load import main as load

        return load(sys.argv[2:])
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument("--games", type=int, default=30, help="Quick Start Battles to play for move timings")
    parser.add_argument("--renders", type=int, default=100)
    parser.add_argument("--channels", type=int, default=100, help="channels playing the command mix at once")
    parser.add_argument("--undo-actions", type=int, default=10_000)
    parser.add_argument("--skip-ninth-age", action="store_true",
                        help="leave out the Ninth Age table and whole-battle figures (two to three minutes)")
    args = parser.parse_args()
    moves = asyncio.run(time_moves(args.games))
    states: list[str] = []
    skirmish, replay_seconds, replay_bytes = asyncio.run(time_skirmish_commands(states=states))
    renders = time_renders(args.renders)
    from bench.conan import COMMAND_TARGET_MS, RENDER_TARGET_MS, time_conan_commands, time_conan_renders

    conan = asyncio.run(time_conan_commands())
    conan_renders = time_conan_renders(max(args.renders // 2, 5))
    big_renders = time_renders(max(args.renders // 5, 5), "teleport-ziggurat")
    ok = report("move command (service, store, render)", moves, 250)
    ok &= report("skirmish command, 4 players", skirmish, 800)
    ok &= report("board render alone", renders, 150)
    ok &= report("board render, 36 x 30 battle map", big_renders, 600)
    from bench.leagues import time_pairings, time_standings

    ok &= report("Swiss pairing, 256 players", time_pairings(), 500)
    ok &= report("standings, 256 players, 8 rounds", time_standings(), 100)
    ok &= report("Conan command, 5 seats", conan, COMMAND_TARGET_MS)
    ok &= report("Conan render, largest board", conan_renders, RENDER_TARGET_MS)
    ok &= report("replay GIF of the 4-player game", [replay_seconds], 60_000)
    fits = replay_bytes <= 10 * 1024 * 1024
    print(f"{'replay GIF size':<34} {replay_bytes / 1024 / 1024:.2f} MiB   target ≤ 10 MiB  {'OK' if fits else 'TOO BIG'}")
    ok &= fits
    # Issue #15's speed items: medians, figures and ratios, never timed tests.
    encounter = speed.time_board(speed.encounter_board(), max(args.renders // 2, 10))
    ziggurat = speed.time_board(speed.ziggurat_board(), max(args.renders // 4, 10))
    ok &= report_median("render 24 x 24, 24 creatures", encounter, 30)
    ok &= report_median("render 36 x 30, 16 creatures", ziggurat, 45)
    # The same boards with 48-pixel squares, the size before big maps got smaller ones.
    report_median("render 24 x 24 at 48 px squares", speed.time_board(speed.encounter_board(), 10, 48), 30)
    report_median("render 36 x 30 at 48 px squares", speed.time_board(speed.ziggurat_board(), 10, 48), 45)
    with_images = asyncio.run(speed.commands_per_second(args.channels))
    without_images = asyncio.run(speed.commands_per_second(args.channels, images=False))
    ok &= report_figure("command mix with boards", with_images, "cmd/s", 100, higher_is_better=True)
    print(f"{'command mix without boards':<34} {without_images:10.1f} cmd/s     (for comparison)")
    big_moves, far_moves = asyncio.run(speed.time_big_map_moves())
    ok &= report_median("/move on a 100 x 100 map", big_moves, 5)
    report_median("refused far /move, 100 x 100", far_moves, 155)
    ok &= report_median("replay of 1,000 actions", speed.time_replays(1000), 100)
    ok &= report_median(f"undo at {args.undo_actions:,} actions", asyncio.run(speed.time_undo(args.undo_actions)), 200)
    if states:
        ok &= report_figure("memory, 1,000 parsed games", speed.memory_of_parsed_games(states[0]), "MB", 200)
    if not args.skip_ninth_age:
        ok &= ninth_age_figures()
    return 0 if ok else 1


def report_median(name: str, samples: list[float], target_ms: float) -> bool:
    median = statistics.median(samples) * 1000
    ok = median <= target_ms
    print(f"{name:<34} n={len(samples):<5} median={median:8.2f} ms   p99={percentile(samples, 99) * 1000:8.2f} ms   "
          f"target median ≤ {target_ms:g} ms  {'OK' if ok else 'SLOW'}")
    return ok


if __name__ == "__main__":
    raise SystemExit(main())
