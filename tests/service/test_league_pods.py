"""Multiplayer games pair pods, not pairs (issue #11 item 2): seven players in games of three
or four make a table of four and a table of three, each game created for that many players."""

from league_helpers import GUILD, matches_of_round, ok, say


async def test_pods_of_four_and_three_open_games_for_that_many_players(service, store):
    await ok(service, "gm", '/league create name:Melee ruleset:dnd-minis format:swiss rounds:2 '
                            'settings:"pod=3-4, map=teleport-ziggurat"')
    users = [f"m{i}" for i in range(1, 8)]
    for u in users:
        await ok(service, u, "/league join")
    await ok(service, "gm", "/league start")
    reply = await ok(service, "gm", "/league pair")
    assert "Table 1: <@m1> v <@m2> v <@m3> v <@m4>" in reply.text
    league = await store.league_named(GUILD, "Melee")
    tables = await matches_of_round(store, league.id, 1)
    assert [m.players for m in tables] == [users[:4], users[4:]]
    for m in tables:
        game = await store.game(m.game_id)
        assert game.options["players"] == len(m.players)
        assert [s.user_id for s in await store.seats(game.id)] == m.players
    # A duel-only game refuses pods.
    refused = await say(service, "gm", "/league create name:Duel ruleset:dnd-minis-quick format:swiss "
                                       "settings:pod=3-4")
    assert refused.error == "bad-setting" and "not played by more than two" in refused.text
