"""Whole D&D Miniatures skirmishes through the service with a real SQLite file: warbands built
and kept with /warband, brought into the game with /warband use, then every move typed as a
player would type it (chosen by the demo policy among the engine's legal actions) until the
result is recorded."""

import io

import pytest
from PIL import Image

from bot.commands import parse_line
from bot.demo import choose_action, command_line

USERS = {"p1": "alice", "p2": "bob", "p3": "carol", "p4": "dave"}

WAR_DRUMS_WARBANDS = {
    "alice": ("Knights", "LG", [("paladin", 1), ("fighter", 2), ("archer", 1)]),
    "bob": ("Church", "LG", [("cleric", 1), ("soldier", 2), ("dwarf", 1)]),
    "carol": ("Wardens", "LG", [("regdar-human-fighter", 1), ("warrior", 2)]),
    "dave": ("Lanterns", "LG", [("inspired-lieutenant", 1), ("dwarf", 2), ("monk", 1)]),
}


async def say(service, user, line, channel="table"):
    return await service.handle(channel, user, parse_line(line))


async def build_warband(service, user, edition, name, faction, cards):
    reply = await say(service, user, f'/warband new name:"{name}" edition:{edition} faction:{faction}')
    assert reply.error is None, reply.text
    for card, count in cards:
        reply = await say(service, user, f'/warband add name:"{name}" creature:{card} count:{count}')
        assert reply.error is None, reply.text


async def play_to_the_end(service, store, limit=3000):
    boards = 0
    for _ in range(limit):
        snapshot = await service.game_snapshot("table", finished_ok=True)
        game, ruleset, state = snapshot
        if state.is_over:
            return game, state, boards
        seat = ruleset.to_act(state)[0]
        line = command_line(choose_action(ruleset, state, seat))
        reply = await say(service, USERS[seat], line)
        assert reply.error is None, f"{line}: {reply.text}"
        if reply.image is not None:
            boards += 1
    raise AssertionError("the skirmish did not end")


async def battle_to_the_end(service, store, users, settings, warband_names):
    """Start the game, seat everyone, bring the saved warbands, and play to the recorded result;
    then check what every whole game must show. Returns the final state."""
    reply = await say(service, users[0], f"/game new ruleset:dnd-minis {settings}")
    assert reply.error is None, reply.text
    for user in users[1:]:
        assert (await say(service, user, "/game join")).error is None
    for user in users:
        reply = await say(service, user, f'/warband use name:"{warband_names[user]}"')
        assert reply.error is None, reply.text
    game, state, boards = await play_to_the_end(service, store)
    assert state.result is not None and boards > 0
    assert len(state.result.winners) + len(state.result.losers) == len(users) or state.result.draw
    finished = (await store.recent_games("table", limit=1))[0]
    assert finished.status == "finished" and finished.result == state.result.model_dump(mode="json")
    board = await say(service, users[0], "/game board")
    assert Image.open(io.BytesIO(board.image)).format == "PNG"
    # The whole game replays from its seed and action log to the stored state.
    _, ruleset, stored = await service.game_snapshot("table", finished_ok=True)
    actions = [ruleset.parse_action(a.action) for a in await store.actions(game.id)]
    replayed, _ = ruleset.replay(game.seed, game.options, actions)
    assert replayed.model_dump() == stored.model_dump()
    # Choices the rules leave to players were asked and answered with /decide along the way.
    assert any(a.kind == "decide" for a in actions)
    return state


@pytest.mark.slow  # whole games from warbands to the result
@pytest.mark.parametrize("players, settings", [
    (2, "map=shattered-causeway"),
    (4, "map=teleport-ziggurat,players=4,scenario=teams"),
])
async def test_a_war_drums_skirmish_from_warbands_to_the_result(service, store, players, settings):
    users = list(USERS.values())[:players]
    for user in users:
        name, faction, cards = WAR_DRUMS_WARBANDS[user]
        await build_warband(service, user, "war-drums", name, faction, cards)
    await battle_to_the_end(service, store, users, f"seed:8 settings:{settings}",
                            {user: WAR_DRUMS_WARBANDS[user][0] for user in users})


STARTER_WARBANDS = {
    "alice": ("Vanguard", [("paladin", 1), ("warrior", 3)], "gatehouse, crypt, shrine, chasm"),
    "bob": ("Shield Wall", [("cleric", 1), ("dwarf", 3)], "campsite, blood-altar, spike-field, rubble-hall"),
    "carol": ("Wardens", [("regdar-human-fighter", 1), ("warrior", 2)], "gatehouse, chasm, rubble-hall"),
    "dave": ("Lanterns", [("inspired-lieutenant", 1), ("dwarf", 2)], "campsite, ruined-tower, shrine"),
}


@pytest.mark.slow  # whole games from warbands to the result
@pytest.mark.parametrize("players", [2, 4])
async def test_a_starter_skirmish_from_warbands_to_the_result(service, store, players):
    users = list(USERS.values())[:players]
    for user in users:
        name, cards, tiles = STARTER_WARBANDS[user]
        await build_warband(service, user, "starter", name, "LG", cards)
        # Each player brings an assembly tile and generic tiles: three of them, two with 3+ players.
        if players > 2:
            tiles = ", ".join(tiles.split(", ")[:3])
        reply = await say(service, user, f'/warband set name:"{name}" tiles:"{tiles}"')
        assert reply.error is None, reply.text
    await battle_to_the_end(service, store, users, f"seed:4 settings:edition=starter,players={players}",
                            {user: STARTER_WARBANDS[user][0] for user in users})


async def test_a_warband_that_breaks_the_game_limits_is_refused_and_changes_nothing(service, store):
    await build_warband(service, "alice", "war-drums", "Horde", "CE", [("orc", 3)])
    await say(service, "alice", "/game new ruleset:dnd-minis seed:1 settings:map=shattered-causeway")
    game = await store.active_game("table")
    reply = await say(service, "alice", "/warband use name:Horde")
    assert reply.error == "warband-commander" and "commander" in reply.text
    after = await store.active_game("table")
    assert after.version == game.version and after.state_json == game.state_json


async def test_a_warband_with_an_uploaded_card_plays_and_the_edition_must_match(service, store):
    import json

    from bot.commands import Attachment, Command

    captain = {"id": "ogre-captain", "name": "Ogre Captain", "factions": ["LG"], "cost": 40, "level": 6,
               "speed": 6, "ac": 17, "hp": 60, "melee": [{"bonus": 12, "damage": 15}], "types": ["Giant"],
               "commander": 2}
    reply = await service.handle("table", "alice", Command(
        key="card", attachments={"upload": Attachment("ogre-captain.json", json.dumps(captain).encode())}))
    assert reply.error is None, reply.text
    await build_warband(service, "alice", "war-drums", "Giants", "LG", [("ogre-captain", 1), ("fighter", 2)])
    await build_warband(service, "alice", "starter", "Old Guard", "LG", [("paladin", 1), ("warrior", 2)])
    await say(service, "alice", "/game new ruleset:dnd-minis seed:2 settings:map=shattered-causeway")
    wrong = await say(service, "alice", '/warband use name:"Old Guard"')
    assert wrong.error == "wrong-edition" and "starter rules" in wrong.text
    reply = await say(service, "alice", "/warband use name:Giants")
    assert reply.error is None, reply.text
    _, _, state = await service.game_snapshot("table")
    assert any(c.card.id == "ogre-captain" for c in state.creatures.values())


async def test_set_up_steps_that_change_the_board_post_it(service, store):
    await build_warband(service, "alice", "war-drums", "Knights", "LG", [("paladin", 1), ("fighter", 2)])
    await build_warband(service, "bob", "war-drums", "Church", "LG", [("cleric", 1), ("soldier", 2)])
    await say(service, "alice", "/game new ruleset:dnd-minis seed:8 settings:map=shattered-causeway")
    await say(service, "bob", "/game join")
    await say(service, "alice", "/warband use name:Knights")
    await say(service, "bob", "/warband use name:Church")
    for _ in range(10):
        _, ruleset, state = await service.game_snapshot("table")
        seat = ruleset.to_act(state)[0]
        action = choose_action(ruleset, state, seat)
        reply = await say(service, USERS[seat], command_line(action))
        if action.kind == "place":
            assert reply.image is not None  # each deployment shows where the creature stands
            return
    raise AssertionError("no deployment reached")
