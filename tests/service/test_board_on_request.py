"""/game board command:NAME draws a commander's command range on request, through the service
and the real renderer; naming a creature that can't command is refused and changes nothing."""

import io

from PIL import Image

from bot.commands import parse_line
from tests.dnd_minis.skirmish.helpers import RULES, battle, card


async def say(service, user, line):
    return await service.handle("table", user, parse_line(line))


async def test_the_command_range_is_drawn_on_request(service, store):
    state = battle([("k", card("Lord", commander=2), "p1", (5, 5)), ("e", card("Raider"), "p2", (11, 11))])
    await store.create_game("table", None, RULES.name, state.seed, {}, state.model_dump(mode="json"), "alice",
                            [(s.id, s.name) for s in state.seats], creator_seat="p1")
    plain = await say(service, "alice", "/game board")
    drawn = await say(service, "alice", "/game board command:Lord")
    assert drawn.error is None and drawn.text.startswith("Lord's command range.")
    assert Image.open(io.BytesIO(drawn.image)).format == "PNG" and drawn.image != plain.image
    game = await store.active_game("table")
    refused = await say(service, "alice", "/game board command:Raider")
    assert refused.error == "no-commander" and refused.ephemeral
    refused = await say(service, "alice", "/game board command:active")  # nobody is taking a turn
    assert refused.error == "which-creature"
    assert (await store.active_game("table")).version == game.version


async def test_game_status_after_the_end_shows_how_the_last_game_ended(service, store):
    """A player who asks /game status once the battle is over reads its result, not "there is
    no game in this channel" (found playing a whole 4-player skirmish in the console)."""
    from bot.commands import parse_line

    assert (await service.handle("after", "alice", parse_line("/game new ruleset:dnd-minis-quick seed:3"))).error is None
    assert (await service.handle("after", "bob", parse_line("/game join"))).error is None
    assert (await service.handle("after", "bob", parse_line("/game resign"))).error is None
    reply = await service.handle("after", "alice", parse_line("/game status"))
    assert reply.error is None, reply.text
    assert "game #" in reply.text and "over" in reply.text.casefold(), reply.text
