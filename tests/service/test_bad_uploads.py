"""Uploads built to crash a JSON reader are refused as bad files, in the game's words (#15 item 12).

Python's json recurses once per ``[`` and refuses integers of more than 4,300 digits with a
ValueError; before the shared reader (engine/core/jsonfile.py) both escaped Service.handle and
ended the console. Each of the three loaders is tried through the service, with a real SQLite file.
"""

import io
import json

import pytest

from bot.commands import Attachment, Command
from bot.console import Console

ALICE = "111"

HUGE_NUMBER = b'{"width": 3, "height": ' + b"9" * 5000 + b"}"

CARD = {"id": "my-ogre", "name": "My Ogre", "factions": ["CE"], "cost": 30, "level": 6, "speed": 6,
        "ac": 17, "hp": 60, "melee": [{"bonus": 12, "damage": 15}], "types": ["Giant"], "size": "large"}


async def upload(service, key, option, filename, data, **options):
    return await service.handle("chan", ALICE, Command(key=key, options=options,
                                                       attachments={option: Attachment(filename, data)}))


LOADERS = [
    # (command, option, extra options, nesting that used to raise RecursionError, error code)
    ("game new", "mapfile", {"ruleset": "dnd-minis-quick"}, 100_000, "bad-map"),
    ("card", "upload", {}, 16_000, "bad-card"),
    ("warband import", "file", {}, 8_000, "bad-warband"),
]


@pytest.mark.parametrize("key,option,extra,depth,code", LOADERS)
async def test_deeply_nested_json_is_a_bad_file(service, store, key, option, extra, depth, code):
    reply = await upload(service, key, option, "deep.json", b"[" * depth, **extra)
    assert reply.error == code, reply.text
    assert "nested more than" in reply.text and "deep.json" in reply.text or "map" in reply.text
    assert len(reply.text) < 300


@pytest.mark.parametrize("key,option,extra,depth,code", LOADERS)
async def test_a_number_of_thousands_of_digits_is_a_bad_file(service, key, option, extra, depth, code):
    reply = await upload(service, key, option, "huge.json", HUGE_NUMBER, **extra)
    assert reply.error == code, reply.text
    assert "5000 digits" in reply.text and "at most 30" in reply.text
    assert len(reply.text) < 300


@pytest.mark.parametrize("key,option,extra,depth,code", LOADERS[1:])
async def test_a_binary_file_is_refused_in_words_not_codec_wording(service, key, option, extra, depth, code):
    reply = await upload(service, key, option, "orc.png", b"\x89PNG\r\n\x1a\n" + bytes(range(256)), **extra)
    assert reply.error == code
    assert "codec" not in reply.text and "0x89" not in reply.text
    assert "not a text file" in reply.text


async def test_a_number_out_of_range_names_the_field_and_what_is_allowed(service):
    reply = await upload(service, "card", "upload", "ogre.json", json.dumps({**CARD, "ac": -3}).encode())
    assert reply.error == "bad-card"
    assert "ac: must be at least 0, not -3" in reply.text
    assert "Input should" not in reply.text


async def test_the_console_keeps_reading_after_a_crafted_upload(service, tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_bytes(b"[" * 100_000)
    out = io.StringIO()
    console = Console(service, tmp_path / "img", user=ALICE, out=out)
    await console.repl(io.StringIO(f"/game new ruleset:dnd-minis-quick mapfile:@{deep}\n/roll 1d4\n"))
    assert "bad" in out.getvalue() or "nested" in out.getvalue()
    assert "rolls" in out.getvalue()  # the line after it still ran
