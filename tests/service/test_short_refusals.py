"""Refusals quote at most a short prefix of the bad input (#15 item 13).

Before, ``/warband delete name:`` with 100,000 letters got a 100,032-character reply; texts a
player types are now bounded at the service (item 11), and what a refusal quotes from a line
or a file is cut to 40 characters.
"""

import io
import json

import pytest

from bot.commands import Attachment, Command
from bot.console import Console

ALICE = "alice"
LONG = "q" * 100_000
LONGISH = "q" * 10_000  # within the 16 KiB a warband file may have


@pytest.mark.parametrize("line", [
    f"/{LONG}",                                  # no such command
    f"/warband delete {LONG}:x name:a",          # no such option (a long identifier)
    f"/game status {LONG}",                      # a word that is no option's
    f"/warband delete name:{LONG}",
])
async def test_typed_lines_are_not_echoed_whole(service, tmp_path, line):
    out = io.StringIO()
    reply = await Console(service, tmp_path / "img", user=ALICE, out=out).run_line(line)
    assert reply.error is not None
    assert len(reply.text) < 300, reply.text[:200]
    assert len(out.getvalue()) < 400


@pytest.mark.parametrize("field", ["format", "edition", "version"])
async def test_a_warband_file_field_is_quoted_short(service, field):
    data = {"format": "warband/dnd-minis", "version": 1, "name": "Elves", "edition": "war-drums", "creatures": []}
    data[field] = LONGISH
    reply = await service.handle("chan", ALICE, Command("warband import", {}, {
        "file": Attachment("w.json", json.dumps(data).encode())}))
    assert reply.error == "bad-warband", reply.text
    assert "q" * 40 + "…" in reply.text and len(reply.text) < 300


async def test_a_card_file_value_is_quoted_short(service):
    card = {"id": "my-ogre", "name": "My Ogre", "factions": ["C" * 5000], "cost": 30, "level": 6,
            "speed": 6, "ac": 17, "hp": 60, "melee": [{"bonus": 12, "damage": 15}], "size": "large"}
    reply = await service.handle("chan", ALICE, Command("card", {}, {
        "upload": Attachment("ogre.json", json.dumps(card).encode())}))
    assert reply.error == "bad-card", reply.text
    assert len(reply.text) < 300
