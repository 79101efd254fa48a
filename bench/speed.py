"""The measurements of issue #15's speed items, run by ``python -m bench`` with the others.

Each returns a list of seconds (or a single figure) for :func:`bench.__main__.report`.
The boards and games measured:

* a 24 x 24 encounter map with walls and difficult squares and 24 creatures on it (hit
  points, a condition here and there, the last move and attack drawn), and the 36 x 30
  Teleport Ziggurat with 16 creatures of four players;
* the 16-command mix of 100 encounter channels played at once (5 moves, 3 attacks, 5 ends,
  2 boards, 1 status; every /end posts a board), in one process drawing on every core;
* /move on a 100 x 100 encounter map through the service, and a refused far /move there;
* replaying 1,000 encounter actions; undoing the last of 10,000.
"""

from __future__ import annotations

import asyncio
import os
import random
import tempfile
import time
import tracemalloc
from pathlib import Path

from bot.commands import Attachment, Command, parse_line
from bot.service import Service
from bot.store import Store
from engine.core import get_ruleset
from engine.core.board_view import BoardView, Token
from renderers.grid import render_board

ENCOUNTER = "dnd35-encounter"


def encounter_board(n: int = 24, creatures: int = 24, seed: int = 1) -> BoardView:
    rng = random.Random(seed)
    cells = [(x, y) for x in range(n) for y in range(n)]
    rng.shuffle(cells)
    walls, difficult, pits, free = cells[:2 * n], cells[2 * n:4 * n], cells[4 * n:4 * n + 5], cells[4 * n + 5:]
    tokens = [Token(id=f"c{i}", label=f"O{i}", name=f"Orc {i}", side="p1" if i % 2 else "ref",
                    squares=[free[i]], hp=rng.randint(1, 12), max_hp=12,
                    conditions=["prone"] if i % 5 == 0 else [], active=i == 3, activated=i % 3 == 0)
              for i in range(creatures)]
    return BoardView(width=n, height=n, title="Crypt of the Bench", wall_squares=sorted(walls),
                     terrain={"difficult": sorted(difficult), "pit": sorted(pits)}, tokens=tokens,
                     last_path=[free[3], free[40], free[41]], last_attack=(free[3], free[4]),
                     side_names={"ref": "Referee", "p1": "Bob"}, caption="Round 3: Orc 3 moves and attacks Orc 4")


def ziggurat_board(creatures: int = 16) -> BoardView:
    from engine.grid.view import board_view_of
    from engine.rulesets.dnd_minis.maps import load_map

    view = board_view_of(load_map("teleport-ziggurat", None))
    rng = random.Random(2)
    walls = {tuple(s) for s in view.wall_squares}
    cells = [(x, y) for x in range(view.width) for y in range(view.height) if (x, y) not in walls]
    rng.shuffle(cells)
    tokens = [Token(id=f"c{i}", label=f"C{i}", name=f"C {i}", side=f"p{i % 4 + 1}", squares=[cells[i]],
                    hp=rng.randint(1, 40), max_hp=40, activated=i % 2 == 0, active=i == 1)
              for i in range(creatures)]
    return view.model_copy(update=dict(tokens=tokens, side_names={f"p{i}": f"Player {i}" for i in range(1, 5)},
                                       last_path=[cells[1], cells[30], cells[31]], last_attack=(cells[1], cells[2]),
                                       caption="Round 2, phase 3: Player 2"))


def time_board(view: BoardView, count: int, square_px: int | None = None) -> list[float]:
    """Boards of one map drawn one after another (the first fills the map's layer cache), at
    the size the bot posts them (``renderers.grid.default_square``: 36-pixel squares on a
    24 x 24 map, 32 on 36 x 30) unless ``square_px`` says."""
    samples = []
    for n in range(count):
        moved = view.model_copy(update={"caption": f"{view.caption} ({n})"})
        started = time.perf_counter()
        render_board(moved, square_px=square_px)
        samples.append(time.perf_counter() - started)
    return samples


def map_text(n: int, seed: int = 5, walls: float = 0.05) -> str:
    rng = random.Random(seed)
    # Walls on odd rows only: the creatures are placed on even ones.
    return "\n".join("".join("#" if y % 2 and rng.random() < walls else "." for x in range(n))
                     for y in range(n))


def new_game_command(text: str) -> Command:
    return Command(key="game new", options={"ruleset": ENCOUNTER},
                   attachments={"mapfile": Attachment(filename="map.txt", data=text.encode())})


async def _say(service: Service, channel: str, user: str, line: str | Command):
    command = parse_line(line) if isinstance(line, str) else line
    reply = await service.handle(channel, user, command)
    if reply.error:
        raise RuntimeError(f"{line}: {reply.text}")
    return reply


async def _encounter(service: Service, channel: str, n: int, creatures: int) -> None:
    await _say(service, channel, "ref", new_game_command(map_text(n)))
    for i in range(creatures):
        x, y = (i * 5) % n, (i * 5) // n * 2
        await _say(service, channel, "ref", f"/place creature:Orc{i} square:{_name(x, y)} hp:500 ac:12 init:{i}")
    await _say(service, channel, "ref", "/initiative")


def _name(x: int, y: int) -> str:
    from engine.grid import square_name

    return square_name((x, y))


def _step(state) -> str | None:
    """A free square next to the creature whose turn it is (east or west first)."""
    current = state.current
    taken = {sq for c in state.creatures.values() for sq in c.squares}
    x, y = current.anchor
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        sq = (x + dx, y + dy)
        if state.map.in_bounds(sq) and sq not in state.map.walls and sq not in taken:
            return _name(*sq)
    return None


MIX = ["move", "attack", "end"] * 3 + ["move", "end"] * 2 + ["board", "board", "status"]


async def _play_mix(service: Service, channel: str) -> int:
    done = 0
    for step in MIX:
        _, _, state = await service.game_snapshot(channel)
        current = state.current
        if step == "move":
            to = _step(state)
            if to is None:
                continue
            line = f"/move creature:{current.id} to:{to}"
        elif step == "attack":
            target = next(c for c in state.creatures.values() if c.id != current.id)
            line = f"/attack creature:{current.id} target:{target.id} roll:1d20+5 damage:1d4"
        elif step == "end":
            line = f"/end creature:{current.id}"
        elif step == "board":
            line = "/game board"
        else:
            line = "/game status"
        await _say(service, channel, "ref", line)
        done += 1
    return done


async def commands_per_second(channels: int = 100, processes: int | None = None, images: bool = True) -> float:
    """Commands per second of the 16-command mix, all channels at once, in one process."""
    processes = processes if processes is not None else (os.cpu_count() or 1)
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3", synchronous="NORMAL")
        render = None if images else (lambda view: b"")
        service = Service(store, render=render, render_processes=processes if images else 0)
        try:
            for c in range(channels):
                await _encounter(service, f"c{c}", 24, 24)
            if images:  # start the workers before the clock does
                await asyncio.gather(*(_say(service, f"c{c}", "ref", "/game board") for c in range(processes)))
            started = time.perf_counter()
            done = await asyncio.gather(*(_play_mix(service, f"c{c}") for c in range(channels)))
            return sum(done) / (time.perf_counter() - started)
        finally:
            service.boards.close()
            await store.close()


async def time_big_map_moves(n: int = 100, moves: int = 30) -> tuple[list[float], list[float]]:
    """/move (one square, back and forth) and a refused far /move on an n x n encounter map."""
    ok, refused = [], []
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3", synchronous="NORMAL")
        service = Service(store, render=lambda view: b"")
        try:
            await _encounter(service, "big", n, 2)
            for i in range(moves):
                _, _, state = await service.game_snapshot("big")
                current = state.current
                to = _step(state)
                started = time.perf_counter()
                await _say(service, "big", "ref", f"/move creature:{current.id} to:{to}")
                ok.append(time.perf_counter() - started)
                started = time.perf_counter()
                reply = await service.handle("big", "ref", parse_line(f"/move creature:{current.id} to:{_name(n - 1, n - 1)}"))
                refused.append(time.perf_counter() - started)
                assert reply.error == "too-far", reply.text
                await _say(service, "big", "ref", f"/end creature:{current.id}")
        finally:
            await store.close()
    return ok, refused


def encounter_log(actions: int, seed: int = 3, n: int = 24, creatures: int = 12):
    """(seed, options, actions) of an encounter played by a fixed random policy: moves on
    70% of the turns, then the end of the turn."""
    ruleset = get_ruleset(ENCOUNTER)
    from engine.grid import GridMap

    options = {"map_data": GridMap.from_text_grid(map_text(n, walls=0.0), name="plain").model_dump(mode="json")}
    rng = random.Random(seed)
    state = ruleset.new_game(seed, options)
    log = []

    def do(command: str, **kw):
        nonlocal state
        action = ruleset.action_from_command(state, "referee", command, kw)
        state, _ = ruleset.apply(state, action)
        log.append(action)

    for i in range(creatures):
        do("place", creature=f"Orc{i}", square=_name(i, i), hp=500, init=i)
    do("initiative")
    while len(log) < actions:
        moves = [a for a in ruleset.legal_actions(state, "referee")
                 if a.kind == "move" and tuple(a.to) != tuple(state.current.anchor)]
        if moves and rng.random() < 0.7:
            action = rng.choice(moves)
            state, _ = ruleset.apply(state, action)
            log.append(action)
        do("end", creature=state.current.id)
    return seed, options, log[:actions]


def time_replays(actions: int = 1000, repeats: int = 5) -> list[float]:
    ruleset = get_ruleset(ENCOUNTER)
    seed, options, log = encounter_log(actions)
    samples = []
    for _ in range(repeats):
        started = time.perf_counter()
        ruleset.replay(seed, options, log)
        samples.append(time.perf_counter() - started)
    return samples


async def time_undo(actions: int = 10_000, repeats: int = 3) -> list[float]:
    """/game undo (asked and confirmed) on an encounter of ``actions`` logged actions."""
    ruleset = get_ruleset(ENCOUNTER)
    samples = []
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3", synchronous="NORMAL")
        service = Service(store, render=lambda view: b"")
        try:
            await _say(service, "long", "ref", "/game new ruleset:dnd35-encounter map:crypt")
            await _say(service, "long", "ref", "/place creature:Orc square:C3 hp:100000 ac:13 init:1")
            await _say(service, "long", "ref", "/place creature:Aria square:K4 hp:14 ac:16 init:3 owner:p1")
            await _say(service, "long", "bob", "/game join seat:p1")
            game, _, state = await service.game_snapshot("long")
            version = game.version
            # The log is written straight through the store (the service would take minutes):
            # the referee damages and heals the orc in turn, a real, legal, replayable log.
            for n in range(actions - 2):
                action = ruleset.action_from_command(state, "referee", "damage" if n % 2 == 0 else "heal",
                                                     {"creature": "orc", "amount": "1"})
                state, events = ruleset.apply(state, action)
                version = await store.commit_action(
                    game.id, version, "referee", "ref", action.model_dump(mode="json"),
                    [e.model_dump(mode="json") for e in events], state.model_dump(mode="json"))
            for _ in range(repeats):
                started = time.perf_counter()
                reply = await _say(service, "long", "ref", "/game undo")
                if "taken back" not in reply.text:
                    await _say(service, "long", "bob", "/game undo")
                samples.append(time.perf_counter() - started)
        finally:
            await store.close()
    return samples


def memory_of_parsed_games(state_json: str, ruleset_name: str = "dnd-minis", games: int = 1000) -> float:
    """MB held by ``games`` parsed states like ``state_json`` (the 4-player skirmish the bench
    plays, 36 x 30 map), as the service's cache holds them when that many games are active."""
    from bot.parsed import ParsedGames
    from engine.grid.board import shared_map

    ruleset = get_ruleset(ruleset_name)
    cache = ParsedGames(size=games)
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for n in range(games):
        state = ruleset.load_state(state_json)
        state.map = shared_map(state.map)  # as Service._state_of does
        cache.put(n, 1, state)
    used = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return used / 1e6
