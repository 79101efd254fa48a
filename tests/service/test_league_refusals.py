"""Bad league input is refused with the reason and changes nothing (issue #11 item 8)."""

import json

from bot.commands import parse_line

from league_helpers import GUILD, concede, matches_of_round, ok, say


async def snapshot(store, league_id):
    """Everything the store keeps about a league, to show a refusal changed nothing."""
    league = await store.league(league_id)
    return (league.version, league.status, league.round,
            [(p.user_id, p.status) for p in await store.league_players(league_id)],
            [(m.round, m.table, m.players, m.result) for m in await store.league_matches(league_id)],
            len(await store.league_log(league_id)))


async def test_refusals_change_nothing(service, store):
    await ok(service, "ann", "/league create name:Autumn ruleset:dnd-minis-quick format:swiss rounds:2")
    league = await store.league_named(GUILD, "Autumn")
    # A name already taken (any case).
    reply = await say(service, "bob", "/league create name:autumn ruleset:dnd-minis-quick format:ladder")
    assert reply.error == "league-name-taken" and "already has a league called autumn" in reply.text
    assert len(await store.leagues(GUILD)) == 1
    for user in ("bob", "cat", "dan"):
        await ok(service, user, "/league join")
    before = await snapshot(store, league.id)
    # Joining twice, a non-organiser running organiser commands.
    assert (await say(service, "bob", "/league join")).error == "already-joined"
    for line in ("/league start", "/league pair", "/league close", "/league drop player:cat",
                 "/league report game:1 result:bob"):
        reply = await say(service, "bob", line)
        assert reply.error == "not-organiser", line
        assert "Manage Server or Manage Events" in reply.text
    # Pairing before the start; bad words.
    assert (await say(service, "ann", "/league pair")).error == "not-running"
    assert (await say(service, "ann", "/league join name:Winter")).error == "unknown-league"
    assert (await say(service, "ann", "/league create name:X ruleset:dnd-minis-quick format:knockout")).error == "bad-format"
    assert await snapshot(store, league.id) == before
    # A member with Manage Server organises without having created the league.
    await ok(service, "eve", "/league join")
    await ok(service, "fay", "/league join")
    await ok(service, "bob", "/league start", organiser=True)
    # Odd count: five players (the creator only organises), so one bye, to the lowest-ranked:
    # fay, who signed up last.
    reply = await ok(service, "ann", "/league pair")
    assert "Bye: <@fay>" in reply.text
    round1 = await matches_of_round(store, league.id, 1)
    assert [m.players for m in round1] == [["bob", "cat"], ["dan", "eve"], ["fay"]]
    # Joining a league that started; pairing again before the round is over.
    assert (await say(service, "gus", "/league join")).error == "league-started"
    before = await snapshot(store, league.id)
    reply = await say(service, "ann", "/league pair")
    assert reply.error == "round-unfinished" and "#1" in reply.text
    # Reporting a game that is not the league's.
    await ok(service, "zed", "/game new ruleset:dnd-minis-quick", channel="elsewhere")
    outside = (await store.active_game("elsewhere")).id
    reply = await say(service, "ann", f"/league report game:{outside} result:zed")
    assert reply.error == "not-league-game" and f"#{outside} is not a game of Autumn" in reply.text
    # A winner who did not play that game.
    game_a = round1[0]
    reply = await say(service, "ann", f"/league report game:{game_a.game_id} result:@gus")
    assert reply.error == "bad-result"
    assert await snapshot(store, league.id) == before
    # The game reports itself when it ends; reporting it again is refused.
    ended = await concede(service, store, game_a.channel_id, game_a.players[1])
    assert "The result counts in **Autumn** (round 1, table 1)" in ended.text
    reply = await say(service, "ann", f"/league report game:{game_a.game_id} result:{game_a.players[1]}")
    assert reply.error == "already-reported" and f"<@{game_a.players[0]}> wins" in reply.text
    # The organiser reports the other game (played elsewhere); the bot's game ends with it.
    game_b = round1[1]
    await ok(service, "ann", f"/league report game:{game_b.game_id} result:\"<@{game_b.players[1]}> score=12-5\"")
    assert (await store.game(game_b.game_id)).status == "abandoned"
    reply = await say(service, "ann", f"/league report game:{game_b.game_id} result:draw")
    assert reply.error == "already-reported"
    results = {m.game_id: m.result for m in await store.league_matches(league.id)}
    assert results[game_b.game_id]["scores"] == {game_b.players[1]: 12, game_b.players[0]: 5}
    # Closing, then joining the closed league.
    await ok(service, "ann", "/league close")
    assert (await say(service, "gus", "/league join name:Autumn")).error == "league-closed"
    # The name is free again: a new season of the same league.
    reply = await ok(service, "ann", "/league create name:Autumn ruleset:dnd-minis-quick format:round-robin")
    assert "season 2" in reply.text
    exported = await ok(service, "ann", "/league export name:Autumn")
    assert json.loads(exported.file)["league"]["season"] == 2


async def test_name_is_optional_only_with_one_open_league(service, store):
    await ok(service, "ann", "/league create name:Autumn ruleset:dnd-minis-quick format:swiss")
    await ok(service, "bob", "/league join")
    await ok(service, "ann", "/league create name:Winter ruleset:dnd-minis-quick format:ladder")
    reply = await say(service, "cat", "/league join")
    assert reply.error == "which-league" and "Autumn" in reply.text and "Winter" in reply.text
    await ok(service, "cat", "/league join name:winter")
    assert await service.autocomplete("hall", "cat", "league", "", guild_id=GUILD) == ["Winter", "Autumn"]
    # Another server sees none of them.
    other = await service.handle("x", "cat", parse_line("/league list"), guild_id="guild-2")
    assert "no leagues yet" in other.text
