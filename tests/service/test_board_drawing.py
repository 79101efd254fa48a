"""#15 item 1, the service's half: boards are drawn after the channel's lock is released, in
worker processes when asked, and of several boards of one channel waiting to be drawn only
the latest state is drawn."""

import asyncio
import io
import threading

from PIL import Image

from bot.boards import BoardPainter
from bot.commands import parse_line
from bot.service import Service, default_renderer


async def say(service, user, line, channel="table"):
    reply = await service.handle(channel, user, parse_line(line))
    assert reply.error is None, reply.text
    return reply


async def test_only_the_latest_waiting_board_of_a_channel_is_drawn():
    gate = threading.Event()
    drawn: list[str] = []

    def render(view: str) -> bytes:
        gate.wait(timeout=60)
        drawn.append(view)
        return view.encode()

    painter = BoardPainter(render, workers=1)
    first = asyncio.create_task(painter.draw("a", "a1"))
    await asyncio.sleep(0.05)
    waiting = [asyncio.create_task(painter.draw("a", f"a{n}")) for n in (2, 3, 4)]
    other = asyncio.create_task(painter.draw("b", "b1"))
    await asyncio.sleep(0.05)
    gate.set()
    results = await asyncio.gather(first, *waiting, other)
    assert results == [b"a1", b"a4", b"a4", b"a4", b"b1"]
    assert sorted(drawn) == ["a1", "a4", "b1"]


async def test_the_next_command_of_a_channel_does_not_wait_for_the_picture(store):
    gate = threading.Event()

    def slow_render(view) -> bytes:
        gate.wait(timeout=60)
        return default_renderer(view)

    service = Service(store, render=slow_render, seed_source=lambda: 7)
    await say(service, "alice", "/game new ruleset:dnd-minis-quick")
    board = asyncio.create_task(say(service, "alice", "/game board"))
    await asyncio.sleep(0.1)
    # The board is being drawn; a status in the same channel is answered meanwhile.
    status = await asyncio.wait_for(say(service, "alice", "/game status"), timeout=60)
    assert not board.done() and status.image is None
    gate.set()
    reply = await board
    assert Image.open(io.BytesIO(reply.image)).format == "PNG" and reply.board is None


async def test_boards_drawn_in_worker_processes_are_the_same_pictures(store):
    in_threads = Service(store, seed_source=lambda: 7)
    in_processes = Service(store, seed_source=lambda: 7, render_processes=1)
    try:
        await say(in_threads, "alice", "/game new ruleset:dnd-minis-quick")
        here = await say(in_threads, "alice", "/game board")
        there = await say(in_processes, "alice", "/game board")
        assert there.image == here.image and in_processes.boards.drawn == 1
    finally:
        in_processes.boards.close()
