"""A whole D&D 3.5 encounter through the real service, with a real SQLite file and the real
renderer: the referee opens it, a player joins, creatures are placed, initiative is rolled,
turns are taken, the board is posted after every turn, and the referee ends it.

Every command goes through ``parse_line`` exactly as typed in the console.
"""

import json

import io

from PIL import Image

from bot.commands import Attachment, Command, parse_line

CHANNEL = "table-1"
REF, BOB, CAROL = "100", "200", "300"




async def say(service, user, line):
    return await service.handle(CHANNEL, user, parse_line(line))


async def do(service, user, key, **options):
    """The command as a player types it, through the same parser as the console."""
    words = " ".join(f'{name}:"{value}"' for name, value in options.items())
    return await service.handle(CHANNEL, user, parse_line(f"/{key} {words}"))


async def snapshot(service):
    return await service.game_snapshot(CHANNEL, finished_ok=True)


async def test_a_full_encounter(service, store):
    reply = await say(service, REF, "/game new ruleset:dnd35-encounter map:crypt seed:11 "
                      "settings:run_heavy_x3=false")
    assert reply.error is None, reply.text
    assert f"<@{REF}> takes the seat Referee" in reply.text
    game, ruleset, state = await snapshot(service)
    assert state.map.name == "Crypt of the Bone Lord" and state.run_heavy_x3 is False
    reply = await say(service, BOB, "/game join seat:p1")
    assert reply.error is None and "Player 1" in reply.text

    # Only the referee places creatures; players join whenever they like.
    reply = await do(service, BOB, "place", creature="Aria", square="B2", hp=14, ac=16, init=3, owner="p1")
    assert reply.error == "referee-only"
    for options in (dict(creature="Aria", square="B2", hp=14, ac=16, init=3, race="elf", owner="p1"),
                    dict(creature="Orc", square="E3", hp=6, ac=13, init=0, speed="30")):
        reply = await do(service, REF, "place", **options)
        assert reply.error is None, reply.text
    reply = await do(service, REF, "place", creature="Ghoul", square="G2", hp=6)  # a wall square
    assert reply.error == "bad-square" and reply.ephemeral

    reply = await say(service, REF, "/initiative")
    assert reply.error is None, reply.text
    assert "rolls" in reply.text and "🎲" in reply.text  # the dice are shown
    assert reply.image is not None  # the fight begins with a board

    # Take turns until the orc drops: Aria closes in and attacks, the orc swings back.
    dropped = False
    for _ in range(12):
        game, ruleset, state = await snapshot(service)
        current = state.current
        user = BOB if current.owner == "p1" else REF
        if current.owner == "p1":
            # The referee (who may act for anyone) just acted: it is named, not pinged (#12).
            assert BOB in reply.mentions and REF not in reply.mentions
        target = "orc" if current.owner == "p1" else "aria"
        enemy = state.creatures[target]
        if not any(abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1
                   for a in current.squares for b in enemy.squares):
            x, y = enemy.anchor
            spot = next(f"{chr(65 + x + dx)}{y + dy + 1}" for dx, dy in ((-1, 0), (1, 0), (0, 1), (0, -1))
                        if (x + dx, y + dy) not in state.map.walls)
            reply = await say(service, user, f"/move to:{spot}")
            assert reply.error is None, reply.text
            assert "moves" in reply.text and reply.image is None  # the board comes at the turn's end
        reply = await do(service, user, "attack", target=target, roll="1d20+8", damage="1d8+2")
        assert reply.error is None, reply.text
        reply = await say(service, user, "/end")
        assert reply.error is None, reply.text
        assert reply.image is not None and "turn ends" in reply.text
        Image.open(io.BytesIO(reply.image)).verify()
        game, ruleset, state = await snapshot(service)
        if state.creatures["orc"].hp <= 0:
            dropped = True
            break
    assert dropped

    # A refusal is private and changes nothing.
    game_before, _, state_before = await snapshot(service)
    current = state_before.current
    user = BOB if current.owner == "p1" else REF
    reply = await say(service, user, "/move to:A1")  # a wall
    assert reply.error is not None and reply.ephemeral
    game_after, _, state_after = await snapshot(service)
    assert game_after.version == game_before.version
    assert state_after.model_dump(mode="json") == state_before.model_dump(mode="json")

    # A player can't use the referee's powers; the referee pauses, resumes and finishes.
    reply = await do(service, BOB, "override", creature="aria", to="C3")
    assert reply.error == "referee-only"
    reply = await do(service, REF, "override", creature="aria", to="C3", reason="teleport trap")
    assert reply.error is None and "Referee override" in reply.text
    reply = await do(service, REF, "pause", reason="break")
    assert reply.error is None
    reply = await say(service, user, "/end")
    assert reply.error == "paused"
    reply = await do(service, REF, "resume")
    assert reply.error is None
    reply = await do(service, REF, "condition", creature="aria", add="shaken")
    assert reply.error is None
    reply = await do(service, REF, "finish", reason="the orc is down")
    assert reply.error is None and "over" in reply.text
    assert await store.active_game(CHANNEL) is None
    game, ruleset, state = await snapshot(service)
    assert state.is_over and state.result.reason == "the orc is down"

    # The stored log replays to the stored state, and the log shows every die.
    actions = await store.actions(game.id)
    replayed, _ = ruleset.replay(game.seed, game.options, [ruleset.parse_action(a.action) for a in actions])
    assert replayed.model_dump(mode="json") == state.model_dump(mode="json")
    reply = await say(service, REF, "/game log last:200")
    assert "initiative" in reply.text and "🎲" in reply.text


async def test_an_uploaded_map_is_validated_and_a_bad_one_makes_no_game(service, store):
    bad = Command(key="game new", options={"ruleset": "dnd35-encounter"},
                  attachments={"mapfile": Attachment("cave.txt", b"....\n.Q..\n....\n")})
    reply = await service.handle(CHANNEL, REF, bad)
    assert reply.error == "bad-map" and "'Q'" in reply.text and reply.ephemeral
    assert await store.active_game(CHANNEL) is None
    bad_json = Command(key="game new", options={"ruleset": "dnd35-encounter"},
                       attachments={"mapfile": Attachment("cave.json", b'{"width": 4, "height": 0}')})
    reply = await service.handle(CHANNEL, REF, bad_json)
    assert reply.error == "bad-map" and "height" in reply.text
    assert await store.active_game(CHANNEL) is None

    cave = {"name": "Goblin Cave", "width": 6, "height": 4, "walls": ["C1", "C2"],
            "terrain": {"difficult": ["E3"]}}
    good = Command(key="game new", options={"ruleset": "dnd35-encounter"},
                   attachments={"mapfile": Attachment("cave.json", json.dumps(cave).encode())})
    reply = await service.handle(CHANNEL, REF, good)
    assert reply.error is None, reply.text
    game, ruleset, state = await snapshot(service)
    assert state.map.name == "Goblin Cave" and state.map.is_wall((2, 0))
    reply = await say(service, REF, "/game board")
    assert reply.image is not None


async def test_unknown_settings_are_refused(service, store):
    reply = await say(service, REF, "/game new ruleset:dnd35-encounter settings:fly=true")
    assert reply.error == "bad-setting" and "squeeze_through_opponent" in reply.text
    reply = await say(service, REF, "/game new ruleset:dnd35-encounter settings:three_size_rule=maybe")
    assert reply.error == "bad-setting"
    assert await store.active_game(CHANNEL) is None
