"""Server-wide league settings (#11 items 1 and 3: "a server setting may name a role", "the
bot's choice with a server setting"): /server games_in: and organiser_role: apply to every
league of the server, a league's own setting wins, and only an organiser changes them."""

from bot.leagues import Caller
from tests.service.league_helpers import GUILD, HALL, ok, say

CAT, ANN, BOB = "300", "100", "200"


class RecordingRooms:
    """Where league games open, as Discord would be asked: ``(name, where)`` per game."""

    def __init__(self):
        self.opened: list[tuple[str, str]] = []
        self.posted = []

    async def open(self, key, name, where):
        self.opened.append((name, where))
        return key

    async def post(self, channel_id, reply):
        self.posted.append((channel_id, reply))


async def server(service, user, options, organiser=False, roles=()):
    from bot.commands import parse_line

    return await service.handle(HALL, user, parse_line(f"/server {options}"), guild_id=GUILD,
                                caller=Caller(organiser=organiser, roles=frozenset(roles)))


async def a_league_paired(service, name, rooms, settings=""):
    await ok(service, CAT, f"/league create name:{name} ruleset:dnd-minis-quick format:swiss{settings}")
    for user in (ANN, BOB):
        await ok(service, user, f"/league join name:{name}")
    await ok(service, CAT, f"/league start name:{name}")
    await ok(service, CAT, f"/league pair name:{name}", rooms=rooms)


async def test_games_open_where_the_server_says_unless_the_league_says_otherwise(service, store):
    refused = await server(service, ANN, "games_in:channel")
    assert refused.error == "not-organiser" and await store.server_settings(GUILD) == {}
    bad = await server(service, ANN, "games_in:forum", organiser=True)
    assert bad.error == "bad-setting" and await store.server_settings(GUILD) == {}
    reply = await server(service, ANN, "games_in:channel", organiser=True)
    assert reply.error is None and "channel" in reply.text
    assert await store.server_setting(GUILD, "games_in") == "channel"
    rooms = RecordingRooms()
    await a_league_paired(service, "Autumn", rooms)
    await a_league_paired(service, "Winter", rooms, " settings:games_in=thread")
    assert [where for _, where in rooms.opened] == ["channel", "thread"]
    # /server alone shows it; reset: goes back to the default (a thread).
    assert "League games open in a channel of their own" in (await server(service, BOB, "")).text
    assert (await server(service, ANN, "reset:games_in", organiser=True)).error is None
    assert await store.server_setting(GUILD, "games_in") is None


async def test_the_servers_organiser_role_organises_every_league(service, store):
    await ok(service, CAT, "/league create name:Spring ruleset:dnd-minis-quick format:swiss")
    for user in (ANN, BOB):
        await ok(service, user, "/league join name:Spring")
    refused = await say(service, BOB, "/league start name:Spring")
    assert refused.error == "not-organiser"
    assert (await server(service, ANN, "organiser_role:<@&77>", organiser=True)).error is None
    assert await store.server_setting(GUILD, "organiser_role") == "77"
    from bot.commands import parse_line

    started = await service.handle(HALL, BOB, parse_line("/league start name:Spring"), guild_id=GUILD,
                                   caller=Caller(roles=frozenset({"77"})))
    assert started.error is None, started.text
    bad = await server(service, ANN, "organiser_role:moderators", organiser=True)
    assert bad.error == "bad-setting" and await store.server_setting(GUILD, "organiser_role") == "77"
