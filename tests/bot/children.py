"""Child processes for the crash and race tests (tests/bot/test_crashes_and_races.py).

Run as ``python3 tests/bot/children.py MODE ...`` from the repository root:

``play DB CHANNEL SEED``
    Play Quick Start Battles in CHANNEL with the demo's policy, one after another (up to 100),
    carrying on the channel's active game if there is one (so a restarted child resumes it),
    and print ``ACK <game id> <version>`` once each command's reply is back, i.e. once the
    service acknowledged it.
``race DB CHANNEL USER GO LINE``
    Open the store, print ``READY``, wait until the file GO exists, then run LINE as USER and
    print the reply's error code (``ok`` when accepted).

Boards are not drawn (the renderer returns no bytes): the store is what is under test, and
drawing would only slow the run down.
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.commands import parse_line  # noqa: E402
from bot.demo import choose_action, command_line  # noqa: E402
from bot.service import Service  # noqa: E402
from bot.store import Store  # noqa: E402

USERS = {"p1": "alice", "p2": "bob"}


def no_board(view) -> bytes:
    return b""


async def play(db: str, channel: str, seed: int) -> None:
    store = await Store.open(db)
    service = Service(store, render=no_board, seed_source=lambda: seed)
    try:
        games = 0
        while games < 100:
            snapshot = await service.game_snapshot(channel)
            if snapshot is None:  # none yet, or the last one is over: start the next
                games += 1
                await service.handle(channel, "alice", parse_line(f"/game new ruleset:dnd-minis-quick seed:{seed + games}"))
                await service.handle(channel, "bob", parse_line("/game join"))
                continue
            game, ruleset, state = snapshot
            seats = {s.seat_id: s.user_id for s in await store.seats(game.id)}
            if not ruleset.to_act(state):  # an earlier child was killed between /game new and join
                await service.handle(channel, "bob", parse_line("/game join"))
                continue
            seat = ruleset.to_act(state)[0]
            line = command_line(choose_action(ruleset, state, seat))
            reply = await service.handle(channel, seats[seat], parse_line(line))
            if reply.error is not None:
                print(f"REFUSED {reply.error} {line}", flush=True)
                return
            after = await store.game(game.id)
            print(f"ACK {game.id} {after.version}", flush=True)
    finally:
        await store.close()


async def race(db: str, channel: str, user: str, go: str, line: str) -> None:
    store = await Store.open(db, busy_timeout_ms=20_000)
    service = Service(store, render=no_board, seed_source=lambda: 1)
    try:
        print("READY", flush=True)
        while not Path(go).exists():
            time.sleep(0.001)
        reply = await service.handle(channel, user, parse_line(line))
        print(reply.error or "ok", flush=True)
    finally:
        await store.close()


if __name__ == "__main__":
    mode, *args = sys.argv[1:]
    if mode == "play":
        asyncio.run(play(args[0], args[1], int(args[2])))
    else:
        asyncio.run(race(*args))
