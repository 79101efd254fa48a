"""Found by playing the README's Ninth Age section as a new user would (branch n9-play), each
through the real service on SQLite."""

from bot.commands import parse_line

CHANNEL = "n9-newuser"
P1, P2 = "701", "702"


async def say(service, user, line):
    return await service.handle(CHANNEL, user, parse_line(line))


async def test_army_add_without_book_finds_the_unit_in_the_sample_that_has_it(service):
    # README: "/army new name:Horde points:2000 from:ashen-host ... /army remove and /army add until ✅";
    # the Ashen Host's Shaman was looked up in the Iron Marches and refused.
    await say(service, P2, "/army new name:Horde points:2000 from:ashen-host")
    await say(service, P2, "/army remove name:Horde unit:Warlord on Wyvern")
    await say(service, P2, "/army remove name:Horde unit:Shaman")
    reply = await say(service, P2, "/army add name:Horde unit:Shaman general:true")
    assert reply.error is None, reply.text
    assert "• Shaman (hero, monstrous infantry) — Shaman, " in reply.text and "General" in reply.text
    # a unit no sample has is refused naming the samples searched and the book: option
    reply = await say(service, P2, "/army add name:Horde unit:Dragon")
    assert reply.error == "unknown-unit"
    assert reply.text == ("⛔ No sample army has a unit called 'Dragon' (iron-marches, ashen-host): name the army book it "
                          "comes from with book:.")
    # book: still names the book, as before
    reply = await say(service, P2, "/army add name:Horde unit:Shaman book:iron-marches")
    assert reply.error == "unknown-unit" and "The Iron Marches has no unit called 'Shaman'" in reply.text


async def test_army_add_refusal_names_the_unit_not_the_files_field_path(service):
    # /army add writes no file: "units.10: magic_items: ..." named a JSON path the player never saw
    await say(service, P2, "/army new name:Horde points:2000 from:ashen-host")
    await say(service, P2, "/army remove name:Horde unit:Shaman")
    reply = await say(service, P2, '/army add name:Horde unit:Shaman items:"Obsidian Rock, Dispel Scroll"')
    assert reply.error == "bad-army"
    assert reply.text == ("⛔ Shaman: Shaman carries 65 points of magic items (Obsidian Rock, Dispel Scroll), over its "
                          "50-point allowance (§16.8)")
    reply = await say(service, P2, '/army add name:Horde unit:Shaman items:"Obsidian Rock, Talisman of Shielding"')
    assert reply.text == ("⛔ Shaman: a model carries at most one magic item of each category; Shaman has 2 talisman "
                          "items (§23.2)")
