"""Fuzzed command lines for any saved game position (#15 item 14), shared by the fuzz tests of
every ruleset (``tests/service/test_fuzzed_lines.py`` for the D&D games and Conan,
``tests/ninth_age/test_ninth_age_fuzzed_lines.py`` for The Ninth Age).

A position is a SQLite file holding one game in the channel ``chan``. Each example copies it,
opens a real store on the copy and sends one line: random tokens, a command with every option
given a wrong-typed, unicode, 100 KB, huge or negative value, or a legal line with one part
mutated. Each must be accepted or refused with the game unchanged, and none may end in the
service's "unexpected error".
"""

from __future__ import annotations

import asyncio
import io
import random
import shutil
from pathlib import Path

from PIL import Image
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from bot.command_lines import command_line
from bot.commands import COMMANDS, Command, parse_line
from bot.demo import choose_action
from bot.service import Service
from bot.store import Store
from engine.core import IllegalAction
from engine.rulesets.conan import policy as conan_policy

PEOPLE = ["alice", "bob", "ref", "stranger"]
CHANNEL = "chan"


def _one_pixel_png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (1, 1)).save(buffer, format="PNG")
    return buffer.getvalue()


ONE_PIXEL = _one_pixel_png()


def no_board(view) -> bytes:
    # Drawing is not under test here, and would make each example slow; a real (tiny) PNG,
    # since some replies decode what the renderer gives (/game replay animates the frames).
    return ONE_PIXEL


def quiet_service(store) -> Service:
    return Service(store, render=no_board, seed_source=lambda: 1)


async def say(service, user, line, channel=CHANNEL):
    return await service.handle(channel, user, parse_line(line))


def legal_line(ruleset, state, seat) -> str:
    """A line the engine accepts for ``seat`` now, as a player would type it: Conan's own
    greedy policy, the demo's for the others."""
    if ruleset.name == "conan":
        return conan_policy.command_line(conan_policy.choose(ruleset, state, seat, random.Random(0)))
    return command_line(choose_action(ruleset, state, seat))


async def policy_steps(service, store, steps: int, users: dict[str, str]) -> None:
    """``steps`` legal lines by whoever is to act (``users``: seat -> user where no one sits)."""
    for _ in range(steps):
        snapshot = await service.game_snapshot(CHANNEL)
        if snapshot is None:
            return
        game, ruleset, state = snapshot
        seats = {s.seat_id: s.user_id for s in await store.seats(game.id)}
        seat = ruleset.to_act(state)[0]
        reply = await say(service, seats.get(seat) or users.get(seat, "alice"), legal_line(ruleset, state, seat))
        assert reply.error is None, reply.text


def build_positions(folder: Path, positions: dict) -> dict[str, Path]:
    """Play each position's builder ``(service, store, steps)`` into its own SQLite file."""

    async def build(name, builder, steps):
        store = await Store.open(folder / f"{name}.sqlite3")
        try:
            await builder(quiet_service(store), store, steps)
        finally:
            await store.close()  # the last close checkpoints: the file alone holds everything

    for name, (builder, steps) in positions.items():
        asyncio.run(build(name, builder, steps))
    return {name: folder / f"{name}.sqlite3" for name in positions}


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
    try:
        line = legal_line(ruleset, state, ruleset.to_act(state)[0])
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
        service = quiet_service(store)
        before = await service.game_snapshot(CHANNEL, finished_ok=True)
        user = data.draw(st.sampled_from(PEOPLE), label="user")
        kind = data.draw(st.sampled_from(["typed", "typed", "random", "mutated", "mutated"]), label="kind")
        line = None
        if kind == "mutated" and before is not None:
            line = data.draw(mutated_legal_line(before[1], before[2]), label="line")
        if kind == "typed":
            command = data.draw(typed_command(), label="command")
            reply = await service.handle(CHANNEL, user, command)
        else:
            line = line or data.draw(random_line(), label="line")
            try:
                command = parse_line(line)
            except IllegalAction:
                return  # refused by the parser: nothing reached the service
            reply = await service.handle(CHANNEL, user, command)
        assert reply.error != "internal-error", reply.text
        # A reply never echoes a long input whole (#15 item 13); fixed texts such as a game's
        # /help may run to a few messages, but no more.
        for value in [*command.options.values(), *(line or "").split(" ")]:
            assert not (isinstance(value, str) and len(value) > 200 and value in reply.text)
        assert len(reply.text) <= 8000
        after = await service.game_snapshot(CHANNEL, finished_ok=True)
        if reply.error is not None and before is not None:
            assert after[0].version == before[0].version, reply.text
            assert after[0].state_json == before[0].state_json
    finally:
        await store.close()


FUZZ_SETTINGS = settings(max_examples=30, deadline=None, database=None,
                         suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def fuzz_position(saved: Path, tmp_path: Path, data) -> None:
    """One fuzzed example against a fresh copy of the saved position."""
    db = tmp_path / f"{saved.stem}-example.sqlite3"
    for suffix in ("", "-wal", "-shm"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    shutil.copy(saved, db)
    asyncio.run(one_example(db, data))
