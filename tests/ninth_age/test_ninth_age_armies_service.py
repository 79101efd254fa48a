"""/army new|add|remove|show|export|import|delete|use through the real service on SQLite, and an
uploaded terrain layout for /game new ruleset:ninth-age; bad files refused with the reason."""

import json

from bot.commands import Attachment, Command, parse_line
from engine.rulesets.ninth_age.army import sample_army

CHANNEL = "ninth-army"
P1, P2 = "601", "602"


async def say(service, user, line, **attachments):
    command = parse_line(line)
    command.attachments = {k: Attachment(filename=f, data=d) for k, (f, d) in attachments.items()}
    return await service.handle(CHANNEL, user, command)


async def test_build_an_army_from_the_sample_book_and_see_every_broken_rule(service):
    reply = await say(service, P1, "/army new name:Border points:1000")
    assert reply.error is None and reply.ephemeral
    assert "Minimum size: 0 units count" in reply.text and "General: the army has no character" in reply.text
    reply = await say(service, P1, '/army add name:Border unit:Marshal items:"Giant Sword, Talisman of Shielding" '
                      "general:true")
    assert reply.error is None, reply.text
    assert "Marshal (lord, infantry) — Marshal, 255 pts; General" in reply.text  # 190 + 60 + 5
    reply = await say(service, P1, "/army add name:Border unit:Captain items:Giant Sword")
    assert reply.error == "unique-item" and "Giant Sword is Unique" in reply.text  # E-40
    for entry in ("Spearmen", "Crossbowmen", "Handgunners"):
        assert (await say(service, P1, f"/army add name:Border unit:{entry}")).error is None
    reply = await say(service, P1, "/army add name:Border unit:Spearmen")
    assert reply.error == "unit-exists"
    reply = await say(service, P1, "/army add name:Border unit:Halberdiers book:ashen-host")
    assert reply.error == "unknown-unit" and "The Ashen Host has no unit called 'Halberdiers'" in reply.text
    reply = await say(service, P1, "/army show name:Border")
    assert "Army points: 830 is 170 short of 1000" in reply.text
    reply = await say(service, P1, "/army add name:Border unit:Zealots")
    assert "✅ The list follows every composition rule of §2." not in reply.text  # 1060: over the limit
    assert "Army points: 1060 is over the 1000-point limit by 60." in reply.text
    reply = await say(service, P1, "/army remove name:Border unit:Zealots")
    assert reply.error is None and "Zealots" not in reply.text
    reply = await say(service, P1, "/army show")
    assert "• Border — 830 of 1000 points, 4 units (1 rule broken)" in reply.text
    # armies and warbands keep their own lists
    assert "Border" not in (await say(service, P1, "/warband show")).text
    assert (await say(service, P1, "/warband delete name:Border")).error == "unknown-warband"


async def test_export_import_and_refusals_with_the_exact_reason(service):
    await say(service, P1, "/army new name:Copy from:iron-marches")
    reply = await say(service, P1, "/army export name:Copy")
    assert reply.file_name == "copy.army.json"
    data = json.loads(reply.file)
    assert data["name"] == "Copy" and len(data["units"]) == len(sample_army("iron-marches").units)
    reply = await say(service, P2, "/army import name:Mine", file=("copy.army.json", reply.file))
    assert reply.error is None and "Imported **Mine**" in reply.text and "✅" in reply.text
    data["units"][0]["magic_items"] = ["Flaming Lance"]  # E-42: an infantry Marshal
    reply = await say(service, P2, "/army import", file=("lance.json", json.dumps(data).encode()))
    assert reply.error == "bad-army"
    assert reply.text == ("⛔ lance.json: units.0: magic_items: Flaming Lance is a magic lance: lances are only for "
                          "mounted models, War Beasts and Monstrous Beasts (§15.1, §23.2)")
    reply = await say(service, P2, "/army import", file=("x.json", b"\xff\xfe"))
    assert reply.error == "bad-army" and "x.json: not a text file" in reply.text
    reply = await say(service, P2, "/army import", file=("x.json", b"{units: }"))
    assert reply.error == "bad-army" and "x.json: not valid JSON" in reply.text
    reply = await say(service, P2, "/army import", file=("copy.json", json.dumps({**data, "name": "Mine"}).encode()))
    assert reply.error in ("bad-army", "army-exists")
    reply = await say(service, P2, "/army add name:Mine unit:Marshal as:" + "x" * 101)
    assert reply.error == "too-long"
    assert (await say(service, P2, "/army delete name:Mine")).error is None
    assert (await say(service, P2, "/army show name:Mine")).error == "unknown-army"


async def test_each_player_brings_an_army_and_the_battle_begins(service):
    await say(service, P1, "/army new name:Guard from:iron-marches")
    reply = await say(service, P1, "/game new ruleset:ninth-age seed:5 settings:armies=chosen")
    assert reply.error is None, reply.text
    reply = await say(service, P2, "/game join")
    assert reply.error is None and "Each player brings an army" in reply.text
    reply = await say(service, P2, "/deploy unit:Spearmen x:10 y:4")
    assert reply.error == "wrong-phase"
    reply = await say(service, P1, "/army use name:Guard")
    assert reply.error is None and "Player 1 brings Guard (2500 points, 16 units)" in reply.text
    # an army that breaks §2 is refused with every broken rule
    await say(service, P2, "/army new name:Tiny points:1000")
    await say(service, P2, "/army add name:Tiny unit:Spearmen")
    reply = await say(service, P2, "/army use name:Tiny")
    assert reply.error == "illegal-army" and "Minimum size" in reply.text and "General:" in reply.text
    reply = await say(service, P2, "/army use name:ashen-host")
    assert reply.error is None and "rolls for the choice of side" in reply.text
    _, _, state = await service.game_snapshot(CHANNEL)
    assert state.armies["p1"].name == "Guard" and state.armies["p2"].name == "The Ashen Host"
    assert {u.owner for u in state.units.values() if u.id.startswith("Spearmen")} == {"p1"}
    reply = await say(service, P1, "/army use name:Guard")
    assert reply.error in ("wrong-phase", "decision-pending")


async def test_an_uploaded_terrain_layout_and_bad_ones_refused(service):
    layout = {"name": "Crossroads", "features": [
        {"name": "Old Mill", "kind": "building", "points": [[30, 20], [36, 20], [36, 26], [30, 26]]},
        {"name": "Low Wall", "kind": "wall", "line": [[10, 30], [20, 30]]}]}
    reply = await say(service, P1, "/game new ruleset:ninth-age", mapfile=("crossroads.json", json.dumps(layout).encode()))
    assert reply.error is None, reply.text
    _, _, state = await service.game_snapshot(CHANNEL)
    assert [t.name for t in state.table.terrain] == ["Old Mill", "Low Wall"]
    await say(service, P1, "/game abandon")
    for bad, reason in [
        ({"features": [{"name": "Lava", "kind": "lava", "points": [[1, 1], [5, 1], [5, 5]]}]},
         "bad.json: features.0.kind: 'lava' is not a terrain kind (hill, forest, field, water, wall, ruins, "
         "impassable, building)"),
        ({"features": [{"name": "Hill", "kind": "hill", "points": [[70, 40], [80, 40], [80, 46]]}]},
         "bad.json: features.0.points: (80, 40) is off the 72\" x 48\" table."),
        ({"features": [{"name": "Wall", "kind": "wall", "line": [[1, 1], [5, 1], [9, 1]]}]},
         "bad.json: features.0.line: Wall: a wall line has exactly 2 points"),
        ({"features": [{"name": "Bow", "kind": "forest", "points": [[0, 0], [4, 4], [4, 0], [0, 4]]}]},
         "bad.json: features.0.points: Bow: the polygon crosses itself or has no area"),
        ({"features": [{"name": "Hill", "kind": "hill", "points": [[1, 1], [5, 1], [5, 5]], "height": 3}]},
         "bad.json: features.0.height: not a field of a feature (name, kind, points, line)."),
        ({"terrain": []}, "bad.json: features: a list of terrain features is needed"),
    ]:
        reply = await say(service, P1, "/game new ruleset:ninth-age", mapfile=("bad.json", json.dumps(bad).encode()))
        assert reply.error == "bad-terrain", reply.text
        assert reply.text.startswith(f"⛔ {reason}"), reply.text
    reply = await say(service, P1, "/game new ruleset:ninth-age", mapfile=("big.json", b" " * (300 * 1024)))
    assert reply.error == "bad-map" and "too large" in reply.text


async def test_army_commands_without_a_ninth_age_game(service):
    reply = await service.handle(CHANNEL, P1, Command("army use", {"name": "iron-marches"}))
    assert reply.error == "no-game"
    await say(service, P1, "/game new ruleset:dnd-minis")
    reply = await say(service, P1, "/army use name:iron-marches")
    assert reply.error == "no-armies"


async def test_a_hidden_list_game_shows_each_player_only_the_common_army_list(service):
    reply = await say(service, P1, "/game new ruleset:ninth-age seed:3 settings:lists=hidden")
    assert reply.error is None, reply.text
    await say(service, P2, "/game join")
    mine = await say(service, P1, "/army show seat:p1")
    theirs = await say(service, P2, "/army show seat:p1")
    assert mine.ephemeral and theirs.ephemeral
    assert "Banner of Speed" in mine.text and "Sword of Strength" in mine.text
    assert "Banner of Speed" not in theirs.text and "Sword of Strength" not in theirs.text
    assert "magic weapon of type hand weapon" in theirs.text and "Knights (special, cavalry) — 8 × Knight, ? pts" \
        in theirs.text
    reply = await say(service, P2, "/army show seat:p3")
    assert reply.error == "unknown-seat"
    # the game's log holds the secrets: it is exported when the game ends
    reply = await say(service, P2, "/game export")
    assert reply.error == "secret-log"
    # an open-list game shows everything to everyone
    await say(service, P1, "/game abandon")
    await say(service, P1, "/game new ruleset:ninth-age seed:3")
    await say(service, P2, "/game join")
    assert "Banner of Speed" in (await say(service, P2, "/army show seat:p1")).text


async def test_a_units_profiles_rules_and_spells_are_read_with_army_show_unit(service):
    """A new user who knows the rules needs the profiles and the lore's spells (casting values,
    ranges) before charging or casting; they could only be read by exporting the army as JSON."""
    reply = await say(service, P1, "/army show name:iron-marches unit:Knights")
    assert reply.error is None and reply.ephemeral
    assert reply.text.splitlines()[:3] == [
        "**Knights** (special, cavalry) — 8 × 25×50 mm, 330 pts",
        "• Knight (rider): M 4 WS 4 BS 3 S 3 T 3 W 1 I 3 A 1 Ld 8",
        "• Warhorse (mount): M 8 WS 3 BS 0 S 3 T 3 W 1 I 3 A 1 Ld 5"]
    assert "Command group: champion, musician, standard" in reply.text
    reply = await say(service, P1, "/army show name:iron-marches unit:Hedge Wizard")
    assert "Wizard level 2, lore Embers:" in reply.text
    assert "  2. Searing Brand (7+; Hex, Direct, Range 18; lasts one turn): The target's models have -1 Toughness." \
        in reply.text
    assert "  0. Kindle (5+, boosted 8+; Missile, Damage, Range 18; instant)" in reply.text
    await say(service, P1, "/army new name:Horde points:2000 from:ashen-host")
    reply = await say(service, P1, "/army show name:Horde unit:Trolls")
    assert "Special rules: Regeneration (4+), Stupidity, Fear" in reply.text
    reply = await say(service, P1, "/army show name:Horde unit:Wyvern")
    assert reply.error == "unknown-unit"
    reply = await say(service, P1, "/army show unit:Trolls")
    assert reply.error == "missing-option"
    # a sample army book can be exported as it stands, to read or to start a file from
    reply = await say(service, P1, "/army export name:ashen-host")
    assert reply.error is None and json.loads(reply.file)["name"] == "The Ashen Host"
