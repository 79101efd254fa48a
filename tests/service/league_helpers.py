"""Driving leagues through the service: commands as typed, and league games played to the end."""

from bot.commands import parse_line
from bot.demo import choose_action, command_line

GUILD = "guild-1"
HALL = "hall"


async def say(service, user, line, channel=HALL, organiser=False, rooms=None):
    from bot.leagues import Caller

    return await service.handle(channel, user, parse_line(line), guild_id=GUILD,
                                caller=Caller(organiser=organiser, rooms=rooms))


async def ok(service, user, line, **kw):
    reply = await say(service, user, line, **kw)
    assert reply.error is None, f"{line}: {reply.text}"
    return reply


async def seats(store, game_id):
    return {s.seat_id: s.user_id for s in await store.seats(game_id)}


async def play_to_the_end(service, store, channel, limit=600):
    """Every command the demo policy picks, by whoever is to act, until the game is over."""
    for _ in range(limit):
        game, ruleset, state = await service.game_snapshot(channel, finished_ok=True)
        if state.is_over:
            return game, state
        seat = ruleset.to_act(state)[0]
        line = command_line(choose_action(ruleset, state, seat))
        reply = await service.handle(channel, (await seats(store, game.id))[seat], parse_line(line))
        assert reply.error is None, f"{line}: {reply.text}"
    raise AssertionError("the game did not end")


async def concede(service, store, channel, loser):
    """The loser resigns: a real end of the game, through the service."""
    reply = await service.handle(channel, loser, parse_line("/game resign"))
    assert reply.error is None, reply.text
    return reply


async def matches_of_round(store, league_id, round_no):
    return [m for m in await store.league_matches(league_id) if m.round == round_no]


async def one_match(service, store, name, ruleset):
    """A one-round Swiss league ``name`` of ``ruleset`` with players a and b, started and paired:
    the league and its one match."""
    await ok(service, "gm", f"/league create name:{name} ruleset:{ruleset} format:swiss rounds:1")
    for user in ("a", "b"):
        await ok(service, user, "/league join")
    await ok(service, "gm", "/league start")
    await ok(service, "gm", "/league pair")
    league = await store.league_named(GUILD, name)
    [match] = await matches_of_round(store, league.id, 1)
    return league, match
