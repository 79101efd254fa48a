"""A challenge ladder through the service, and the sign-up commands: info, list, leave, drop."""

from league_helpers import GUILD, concede, matches_of_round, ok, say


async def test_a_ladder_moves_the_winning_challenger_up(service, store):
    await ok(service, "gm", "/league create name:Rungs ruleset:dnd-minis-quick format:ladder settings:reach=2")
    for u in ("a", "b", "c", "d"):
        await ok(service, u, "/league join")
    await ok(service, "gm", "/league start")
    league = await store.league_named(GUILD, "Rungs")
    assert (await store.league(league.id)).ladder == ["a", "b", "c", "d"]
    await ok(service, "gm", "/league pair")
    # From the bottom: d challenges c, then b challenges a.
    round1 = await matches_of_round(store, league.id, 1)
    assert [m.players for m in round1] == [["c", "d"], ["a", "b"]]
    await concede(service, store, round1[0].channel_id, "c")   # the challenger d wins: d takes c's rung
    await concede(service, store, round1[1].channel_id, "b")   # the defender a holds
    assert (await store.league(league.id)).ladder == ["a", "b", "d", "c"]
    reply = await ok(service, "gm", "/league standings")
    rows = reply.text.split("```")[1].strip().splitlines()[1:]
    assert [r.split()[1] for r in rows] == ["a", "b", "d", "c"]
    # Round 2: c (now last) challenges d, whom it just played, so it looks one rung higher: b.
    await ok(service, "gm", "/league pair")
    assert [m.players for m in await matches_of_round(store, league.id, 2)] == [["b", "c"], ["a", "d"]]


async def test_info_list_leave_and_drop(service, store):
    await ok(service, "gm", '/league create name:Autumn ruleset:dnd-minis-quick format:swiss points:2/1/0 '
                            'settings:"tiebreakers=sos/omw"')
    for u in ("a", "b", "c", "d", "e"):
        await ok(service, u, "/league join")
    info = await ok(service, "a", "/league info")
    assert "Points: win 2, draw 1, loss 0, bye 2" in info.text and "Tiebreakers: sos/omw" in info.text
    assert "<@e>" in info.text
    # Leaving before the start takes the player off the list.
    await ok(service, "e", "/league leave")
    assert "<@e>" not in (await ok(service, "a", "/league info")).text
    assert (await say(service, "e", "/league leave")).error == "not-in-league"
    listing = await ok(service, "x", "/league list")
    assert "**Autumn** season 1: dnd-minis-quick, swiss, open" in listing.text
    await ok(service, "gm", "/league start")
    await ok(service, "gm", "/league pair")
    league = await store.league_named(GUILD, "Autumn")
    for m in await matches_of_round(store, league.id, 1):
        await concede(service, store, m.channel_id, m.players[1])
    # Dropped between rounds: d plays no more, but its game stays in the standings.
    await ok(service, "gm", "/league drop player:<@d>")
    assert (await say(service, "gm", "/league drop player:d")).error == "already-dropped"
    reply = await ok(service, "gm", "/league pair")
    assert "<@d>" not in reply.text and "Bye:" in reply.text
    standings = await ok(service, "gm", "/league standings")
    assert "(dropped)" in standings.text
    # Leaving after the start is a drop too.
    await ok(service, "c", "/league leave")
    assert [p.status for p in await store.league_players(league.id)] == ["active", "active", "dropped", "dropped"]
