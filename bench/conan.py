"""Conan benchmarks: every command of a whole scenario through the service (SQLite, the board
image after every phase), and the render of the largest shipped board.

Targets (2-core reference machine): command p99 under 300 ms; render p99 under 150 ms.
"""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from bot.commands import parse_line
from bot.service import Service
from bot.store import Store
from engine.core import get_ruleset
from engine.rulesets.conan.boards import board_names, load_board
from engine.rulesets.conan.policy import choose, command_line
from renderers.areas import render_areas

COMMAND_TARGET_MS = 300
RENDER_TARGET_MS = 150


async def time_conan_commands(scenario: str = "idol-of-set", players: int = 4, seed: int = 0) -> list[float]:
    """Seconds per command of one whole game (the Overlord and ``players`` hero players)."""
    samples: list[float] = []
    users = dict(zip(("overlord", "h1", "h2", "h3", "h4"), ("olga", "hugo", "hana", "hal", "hedda")))
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3")
        service = Service(store)
        try:
            async def say(user: str, line: str):
                reply = await service.handle("conan", user, parse_line(line))
                if reply.error:
                    raise RuntimeError(f"{line}: {reply.text}")

            await say("olga", f"/game new ruleset:conan scenario:{scenario} seed:{seed} settings:players={players}")
            for seat in list(users)[1:players + 1]:
                await say(users[seat], "/game join")
            rnd = random.Random(seed)
            for _ in range(3000):
                _, ruleset, state = await service.game_snapshot("conan", finished_ok=True)
                if state.is_over:
                    break
                seat = ruleset.to_act(state)[0]
                line = command_line(choose(ruleset, state, seat, rnd))
                started = time.perf_counter()
                await say(users[seat], line)
                samples.append(time.perf_counter() - started)
        finally:
            await store.close()
    return samples


def largest_board() -> str:
    return max(board_names(), key=lambda n: (len(load_board(n).areas), len(load_board(n).borders), n))


def time_conan_renders(count: int) -> list[float]:
    ruleset = get_ruleset("conan")
    scenario = next(s for s in ruleset.map_names()
                    if ruleset.new_game(1, {"scenario": s}).scenario.board == largest_board())
    state = ruleset.new_game(1, {"scenario": scenario})
    state, _ = ruleset.apply(state, ruleset.start_action(state))
    view = ruleset.board(state)
    samples = []
    for _ in range(count):
        started = time.perf_counter()
        render_areas(view)
        samples.append(time.perf_counter() - started)
    return samples
