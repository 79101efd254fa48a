"""An unexpected error in one command costs that command only (#15 item 14).

The service turns it into a logged error and a short apology; the console keeps reading, the
channel's lock is free for the next command, and nothing half-done is left in the store. The
fault is injected through the service's own seam (its renderer), with a real SQLite file.
"""

import asyncio
import io
import logging

from bot.commands import parse_line
from bot.console import Console
from bot.service import Service

ALICE, BOB = "alice", "bob"


def broken_renderer(view):
    raise ZeroDivisionError("a bug in drawing")


async def test_a_bug_in_one_command_is_an_apology_not_a_crash(store, caplog, tmp_path):
    service = Service(store, render=broken_renderer, seed_source=lambda: 7)
    await service.handle("chan", ALICE, parse_line("/game new ruleset:dnd-minis-quick"))
    await service.handle("chan", BOB, parse_line("/game join"))
    before = await store.active_game("chan")
    with caplog.at_level(logging.ERROR, logger="bot.service"):
        reply = await service.handle("chan", ALICE, parse_line("/game board"))
    assert reply.error == "internal-error" and reply.ephemeral
    assert "ZeroDivisionError" not in reply.text and "Traceback" not in reply.text
    assert len(reply.text) < 200
    ref = reply.text.split("ref ")[1].split(")")[0]
    assert any(ref in r.getMessage() and r.exc_info for r in caplog.records)  # the traceback is logged
    # The lock is free: the next command in the channel does not wait for ever.
    status = await asyncio.wait_for(service.handle("chan", BOB, parse_line("/game status")), timeout=5)
    assert status.error is None
    after = await store.active_game("chan")
    assert (after.version, after.state_json) == (before.version, before.state_json)


async def test_the_console_goes_on_after_an_unexpected_error(store, tmp_path):
    out = io.StringIO()
    console = Console(Service(store, render=broken_renderer), tmp_path / "img", user=ALICE, out=out)
    await console.repl(io.StringIO("/game new ruleset:dnd-minis-quick\n/game board\n/roll 1d6\n"))
    text = out.getvalue()
    assert "unexpected error with /game board" in text
    assert "rolls" in text
