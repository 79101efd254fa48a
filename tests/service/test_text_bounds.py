"""Every user-supplied text is bounded where it enters, with a clear refusal (#15 item 11).

A long word used to reach the board caption's wrap (a map named with 1,000 letters took 14 s to
draw); now names, reasons and free-text options are held to a length at the service, and a
map's name inside an uploaded file to 60 characters.
"""

import json

import pytest

from bot.commands import COMMANDS, Attachment, Command, parse_line

ALICE = "alice"
LONG = "x" * 100_000


@pytest.mark.parametrize("line", [
    f"/warband new name:{LONG} edition:starter",
    f"/warband delete name:{LONG}",
    f"/card name:{LONG}",
    f"/finish reason:{LONG}",
    f"/override creature:{LONG} to:A1 reason:x",
    f"/place square:A1 creature:{LONG}",
    f"/game new ruleset:dnd35-encounter settings:{LONG}",
    f"/roll {LONG}",
])
async def test_a_long_text_is_refused_before_anything_reads_it(service, store, line):
    reply = await service.handle("chan", ALICE, parse_line(line))
    assert reply.error == "too-long", reply.text
    assert "100,000 characters long" in reply.text and len(reply.text) < 200
    assert await store.active_game("chan") is None


async def test_every_text_option_of_every_command_is_bounded(service):
    for spec in COMMANDS:
        for opt in spec.options:
            if opt.type not in ("string", "user"):
                continue
            options = {o.name: "a" for o in spec.options if o.required and o.type in ("string", "user")}
            options[opt.name] = "y" * (opt.max_length + 1)
            reply = await service.handle("chan", ALICE, Command(spec.key, options))
            assert reply.error == "too-long", (spec.key, opt.name, reply.text)


async def test_a_huge_number_is_refused(service):
    reply = await service.handle("chan", ALICE, Command("warband add", {"name": "x", "creature": "orc",
                                                                       "count": 10**40}))
    assert reply.error == "too-big" and len(reply.text) < 200


async def test_a_map_file_with_an_over_long_name_is_refused(service, store):
    data = json.dumps({"name": "M" * 1000, "width": 6, "height": 6}).encode()
    reply = await service.handle("chan", ALICE, Command("game new", {"ruleset": "dnd35-encounter"},
                                                        {"mapfile": Attachment("m.json", data)}))
    assert reply.error == "bad-map" and "at most 60 characters" in reply.text
    assert await store.active_game("chan") is None
