"""A player's warbands and uploaded cards, through the service with a real SQLite file."""

import io
import json

import pytest
from PIL import Image

from bot.commands import Attachment, Command, parse_line

ALICE, BOB = "111", "222"




async def say(service, user, line, channel="chan"):
    return await service.handle(channel, user, parse_line(line))


async def upload(service, user, key, option, filename, data, **options):
    return await service.handle("chan", user, Command(key=key, options=options,
                                                      attachments={option: Attachment(filename, data)}))


OGRE_CHIEF = {
    "id": "ogre-chief", "name": "Ogre Chief", "factions": ["CE"], "cost": 30, "level": 6, "speed": 6,
    "ac": 17, "hp": 60, "melee": [{"bonus": 12, "damage": 15}], "types": ["Giant"], "size": "large",
    "commander": 2,
}


async def test_build_show_and_keep_a_warband(service, store):
    reply = await say(service, ALICE, '/warband new name:"Orc Raiders" edition:war-drums faction:CE')
    assert reply.error is None, reply.text
    assert "Orc Raiders" in reply.text and reply.ephemeral
    reply = await say(service, ALICE, '/warband add name:"orc raiders" creature:"Orc Mauler" count:2')
    assert reply.error is None and "2 x Orc Mauler" in reply.text
    await say(service, ALICE, '/warband add name:"Orc Raiders" creature:orc count:3')
    reply = await say(service, ALICE, '/warband show name:"Orc Raiders"')
    assert "58" in reply.text  # 2 x 20 + 3 x 6 points
    assert "!" in reply.text  # a War Drums warband needs a commander: the broken limit is listed
    reply = await say(service, ALICE, '/warband remove name:"Orc Raiders" creature:orc')
    assert "2 x Orc " in reply.text or "2 x Orc\n" in reply.text
    listing = await say(service, ALICE, "/warband show")
    assert "Orc Raiders" in listing.text
    # Kept per player: Bob sees none of Alice's warbands.
    assert "no warbands" in (await say(service, BOB, "/warband show")).text
    assert await service.autocomplete("chan", ALICE, "warband", "orc") == ["Orc Raiders"]
    assert "Orc Mauler" in await service.autocomplete("chan", ALICE, "card", "orc")


async def test_warband_refusals_are_specific(service):
    bad_edition = await say(service, ALICE, "/warband new name:X edition:chainmail")
    assert bad_edition.error == "bad-warband" and "starter or war-drums" in bad_edition.text
    await say(service, ALICE, "/warband new name:X edition:starter")
    again = await say(service, ALICE, "/warband new name:x edition:starter")
    assert again.error == "warband-exists"
    unknown = await say(service, ALICE, "/warband add name:X creature:Tarrasque")
    assert unknown.error == "unknown-creature"
    missing = await say(service, ALICE, "/warband add name:Nope creature:orc")
    assert missing.error == "unknown-warband" and "X" in missing.text
    not_set = await say(service, ALICE, "/warband set name:X")
    assert not_set.error == "missing-option"


async def test_export_then_import_round_trips(service):
    await say(service, ALICE, "/warband new name:Elves edition:war-drums faction:CG")
    await say(service, ALICE, '/warband add name:Elves creature:"Wood Elf Ranger" count:2')
    exported = await say(service, ALICE, "/warband export name:Elves")
    assert exported.file and exported.file_name.endswith(".json")
    data = json.loads(exported.file)
    assert data["creatures"][0]["count"] == 2
    reply = await upload(service, BOB, "warband import", "file", "elves.json", exported.file)
    assert reply.error is None, reply.text
    assert "2 x Wood Elf Ranger" in (await say(service, BOB, "/warband show name:Elves")).text
    clash = await upload(service, BOB, "warband import", "file", "elves.json", exported.file)
    assert clash.error == "warband-exists"
    renamed = await upload(service, BOB, "warband import", "file", "elves.json", exported.file, name="Elves 2")
    assert renamed.error is None


@pytest.mark.parametrize("data, code, words", [
    (b"not json", "bad-warband", "not valid JSON"),
    (json.dumps({"name": "X", "edition": "war-drums", "creatures": [{"card": "tarrasque"}]}).encode(),
     "unknown-creature", "creatures.0"),
    (b"{" + b" " * 20000 + b"}", "bad-warband", "too large"),
])
async def test_bad_warband_files_are_refused_and_nothing_is_kept(service, data, code, words):
    reply = await upload(service, ALICE, "warband import", "file", "w.json", data)
    assert reply.error == code and words in reply.text
    assert "no warbands" in (await say(service, ALICE, "/warband show")).text


async def test_card_shows_a_rendered_stat_card(service):
    reply = await say(service, ALICE, '/card name:"Orc Mauler"')
    assert reply.error is None and reply.image
    assert Image.open(io.BytesIO(reply.image)).format == "PNG"
    unknown = await say(service, ALICE, "/card name:Tarrasque")
    assert unknown.error == "unknown-creature"


async def test_uploaded_cards_are_checked_kept_and_usable_in_warbands(service):
    reply = await upload(service, ALICE, "card", "upload", "ogre-chief.json", json.dumps(OGRE_CHIEF).encode())
    assert reply.error is None and reply.image, reply.text
    await say(service, ALICE, "/warband new name:Giants edition:war-drums faction:CE")
    added = await say(service, ALICE, '/warband add name:Giants creature:"Ogre Chief"')
    assert added.error is None and "Ogre Chief" in added.text
    # Only its owner has it.
    assert (await say(service, BOB, '/card name:"Ogre Chief"')).error == "unknown-creature"


@pytest.mark.parametrize("change, code, words", [
    ({"ac": "high"}, "bad-card", "ac"),
    ({"abilities": [{"name": "Gravity Well"}]}, "unknown-ability", "Gravity Well"),
    ({"id": "orc-mauler"}, "bad-card", "shipped card"),
    ({"melee": []}, "bad-card", "melee"),
])
async def test_bad_uploaded_cards_are_refused_with_the_field(service, store, change, code, words):
    data = json.dumps({**OGRE_CHIEF, **change}).encode()
    reply = await upload(service, ALICE, "card", "upload", "card.json", data)
    assert reply.error == code and words in reply.text, reply.text
    assert await store.cards(ALICE) == []


async def test_a_huge_card_file_is_refused(service, store):
    reply = await upload(service, ALICE, "card", "upload", "big.json", b"{" + b" " * 40000 + b"}")
    assert reply.error == "bad-card" and "too large" in reply.text
