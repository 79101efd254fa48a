"""Fuzzed command lines at games in every phase of every ruleset (#15 item 14).

Positions are built once per module through the service (a Quick Start Battle, a War Drums
skirmish with saved warbands, a 3.5 encounter; each before seating, in set-up, in play and
finished) and kept as SQLite files. Each example copies one, opens a real store on the copy and
sends one line: random tokens, a command with every option given a wrong-typed, unicode,
100 KB, huge or negative value, or a legal line with one part mutated. Each must be accepted or
refused with the game unchanged, and none may end in the service's "unexpected error".
Bounded: a few hundred examples in all.
"""

from __future__ import annotations

import asyncio
import io
import shutil
from pathlib import Path

import pytest
from PIL import Image
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.commands import COMMANDS, Command, parse_line
from bot.demo import choose_action, command_line
from bot.service import Service
from bot.store import Store
from engine.core import IllegalAction

USERS = {"p1": "alice", "p2": "bob", "referee": "ref"}
PEOPLE = ["alice", "bob", "ref", "stranger"]


def _one_pixel_png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (1, 1)).save(buffer, format="PNG")
    return buffer.getvalue()


ONE_PIXEL = _one_pixel_png()


def no_board(view) -> bytes:
    # Drawing is not under test here, and would make each example slow; a real (tiny) PNG,
    # since some replies decode what the renderer gives (/game replay animates the frames).
    return ONE_PIXEL


async def say(service, user, line, channel="chan"):
    return await service.handle(channel, user, parse_line(line))


async def policy_steps(service, store, steps: int, users=USERS) -> None:
    for _ in range(steps):
        snapshot = await service.game_snapshot("chan")
        if snapshot is None:
            return
        game, ruleset, state = snapshot
        seats = {s.seat_id: s.user_id for s in await store.seats(game.id)}
        seat = ruleset.to_act(state)[0]
        reply = await say(service, seats.get(seat) or users.get(seat, "alice"),
                          command_line(choose_action(ruleset, state, seat)))
        assert reply.error is None, reply.text


async def quick(service, store, steps):
    await say(service, "alice", "/game new ruleset:dnd-minis-quick seed:3")
    if steps >= 0:
        await say(service, "bob", "/game join")
        await policy_steps(service, store, steps)


async def war_drums(service, store, steps):
    for user, (name, cards) in {"alice": ("Knights", "paladin, fighter, fighter, archer"),
                                "bob": ("Church", "cleric, soldier, soldier, dwarf")}.items():
        await say(service, user, f"/warband new name:{name} edition:war-drums faction:LG")
        for card in cards.split(", "):
            await say(service, user, f"/warband add name:{name} creature:{card}")
    await say(service, "alice", "/game new ruleset:dnd-minis seed:8 settings:map=shattered-causeway")
    if steps >= 0:
        await say(service, "bob", "/game join")
        await say(service, "alice", "/warband use name:Knights")
        await say(service, "bob", "/warband use name:Church")
        await policy_steps(service, store, steps)


async def encounter(service, store, steps):
    await say(service, "ref", "/game new ruleset:dnd35-encounter map:crypt seed:11")
    if steps >= 0:
        await say(service, "alice", "/game join seat:p1")
        await say(service, "ref", '/place creature:Aria square:B2 hp:14 ac:16 init:3 race:elf owner:p1')
        await say(service, "ref", "/place creature:Orc square:E3 hp:6 ac:13")
        if steps >= 1:
            await say(service, "ref", "/initiative")
            await policy_steps(service, store, steps)
        if steps >= 99:
            await say(service, "ref", "/finish reason:done")


POSITIONS = {  # name: (builder, steps); steps -1: nobody seated yet
    "quick-open": (quick, -1), "quick-setup": (quick, 2), "quick-play": (quick, 6), "quick-over": (quick, 60),
    "wd-open": (war_drums, -1), "wd-setup": (war_drums, 2), "wd-play": (war_drums, 25),
    "enc-open": (encounter, -1), "enc-setup": (encounter, 0), "enc-play": (encounter, 3),
    "enc-over": (encounter, 99),
}


@pytest.fixture(scope="module")
def positions(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("positions")

    async def build(name, builder, steps):
        store = await Store.open(folder / f"{name}.sqlite3")
        try:
            await builder(Service(store, render=no_board, seed_source=lambda: 1), store, steps)
        finally:
            await store.close()  # the last close checkpoints: the file alone holds everything

    for name, (builder, steps) in POSITIONS.items():
        asyncio.run(build(name, builder, steps))
    return {name: folder / f"{name}.sqlite3" for name in POSITIONS}


# -- the lines ----------------------------------------------------------------------------------
WEIRD_TEXT = st.one_of(
    st.text(max_size=12),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=40),
    st.sampled_from(["", " ", "A1", "Z99", "a0", "orc", "aria", "p1", "me", "none", "all", "-1", "0",
                     "1d20+5", "9" * 400, "x" * 100_000, "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "\u202e", "\x00", "'", '"', ":", "@",
                     "take", "decline", "ask", "burrow", "ranged", "melee", "E5 F6 F7", "players=9"]),
)
WEIRD_NUMBER = st.one_of(st.integers(-10, 40), st.sampled_from([-2**63, 2**63, 10**20, -10**20, 2**53]))
SPEC_KEYS = [spec.key for spec in COMMANDS]


@st.composite
def typed_command(draw) -> Command:
    """A command of the table with random values, wrong types included (as Discord never sends
    but a buggy transport might)."""
    spec = draw(st.sampled_from(COMMANDS))
    options = {}
    for opt in spec.options:
        if opt.type == "attachment" or not draw(st.booleans()):
            continue
        options[opt.name] = draw(WEIRD_NUMBER if opt.type == "integer" and draw(st.booleans()) else
                                 st.one_of(WEIRD_TEXT, WEIRD_NUMBER))
    return Command(spec.key, options)


@st.composite
def random_line(draw) -> str:
    words = draw(st.lists(st.one_of(st.sampled_from(SPEC_KEYS + ["game", "warband", "as"]), WEIRD_TEXT,
                                    st.builds(lambda k, v: f"{k}:{v}", st.sampled_from(
                                        ["creature", "to", "target", "square", "option", "name", "seed"]),
                                        WEIRD_TEXT)), max_size=5))
    return "/" + " ".join(words)


@st.composite
def mutated_legal_line(draw, ruleset, state) -> str | None:
    if state.is_over or not ruleset.to_act(state):
        return None
    seat = ruleset.to_act(state)[0]
    try:
        line = command_line(choose_action(ruleset, state, seat))
    except IllegalAction:
        return None
    words = line.split(" ")
    i = draw(st.integers(0, len(words) - 1))
    how = draw(st.sampled_from(["drop", "value", "dup", "cut"]))
    if how == "drop" and len(words) > 1:
        del words[i]
    elif how == "value" and ":" in words[i]:
        words[i] = words[i].split(":")[0] + ":" + draw(WEIRD_TEXT).replace(" ", "")
    elif how == "dup":
        words.insert(i, words[i])
    else:
        words[i] = words[i][: draw(st.integers(0, len(words[i])))]
    return " ".join(words)


async def one_example(db: Path, data) -> None:
    store = await Store.open(db)
    try:
        service = Service(store, render=no_board, seed_source=lambda: 1)
        before = await service.game_snapshot("chan", finished_ok=True)
        user = data.draw(st.sampled_from(PEOPLE), label="user")
        kind = data.draw(st.sampled_from(["typed", "typed", "random", "mutated", "mutated"]), label="kind")
        line = None
        if kind == "mutated" and before is not None:
            line = data.draw(mutated_legal_line(before[1], before[2]), label="line")
        if kind == "typed":
            command = data.draw(typed_command(), label="command")
            reply = await service.handle("chan", user, command)
        else:
            line = line or data.draw(random_line(), label="line")
            try:
                command = parse_line(line)
            except IllegalAction:
                return  # refused by the parser: nothing reached the service
            reply = await service.handle("chan", user, command)
        assert reply.error != "internal-error", reply.text
        assert len(reply.text) <= 4000
        after = await service.game_snapshot("chan", finished_ok=True)
        if reply.error is not None and before is not None:
            assert after[0].version == before[0].version, reply.text
            assert after[0].state_json == before[0].state_json
    finally:
        await store.close()


@pytest.mark.parametrize("position", list(POSITIONS))
@settings(max_examples=30, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_fuzzed_line_is_accepted_or_refused_without_change(positions, tmp_path, position, data):
    db = tmp_path / f"{position}-example.sqlite3"
    for suffix in ("", "-wal", "-shm"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    shutil.copy(positions[position], db)
    asyncio.run(one_example(db, data))
