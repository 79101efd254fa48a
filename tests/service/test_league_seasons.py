"""Whole seasons through the service with real games (issue #11 item 9): a Swiss season of 8
players and 3 rounds, and a round-robin of 5. Games open from the pairings and report their own
results; pairings, standings and tiebreakers are checked against values worked out by hand.

The fixture seeds every game 4242, so a Quick Start Battle played out by the demo policy always
ends the same way: the second seat wins. The tables played out are those where the hand-worked
season wants the second-listed player to win; at the other tables the loser concedes
(/game resign), which is just as real an end of a game and quicker.
"""

import io
from fractions import Fraction as F

from openskill.models import PlackettLuce
from PIL import Image

from league_helpers import GUILD, concede, matches_of_round, ok, play_to_the_end, say


async def finish_round(service, store, league_id, round_no, winners, played_out=()):
    """End each game of the round: ``winners[table]`` wins; tables in ``played_out`` are played to
    the end by the policy (and must end with that winner). Returns the (winner, loser) pairs in the
    order the games ended."""
    order = []
    for m in await matches_of_round(store, league_id, round_no):
        if len(m.players) == 1:
            continue
        winner = winners[m.table]
        loser = next(p for p in m.players if p != winner)
        if m.table in played_out:
            game, state = await play_to_the_end(service, store, m.channel_id)
            assert state.result.reason != "" and len(state.result.winners) == 1
        else:
            await concede(service, store, m.channel_id, loser)
        order.append((winner, loser))
    results = {m.table: m.result for m in await matches_of_round(store, league_id, round_no)}
    for m in await matches_of_round(store, league_id, round_no):
        if len(m.players) > 1:
            assert results[m.table]["winners"] == [winners[m.table]], f"round {round_no} table {m.table}"
            assert results[m.table]["reported_by"] is None  # the game reported itself
    return order


async def test_a_swiss_season_of_eight_players_and_three_rounds(service, store):
    users = [f"u{i}" for i in range(1, 9)]
    await ok(service, "org", "/league create name:Spring ruleset:dnd-minis-quick format:swiss rounds:3")
    for u in users:
        await ok(service, u, "/league join")
    await ok(service, "org", "/league start")
    league = await store.league_named(GUILD, "Spring")
    rated = []

    # Round 1: sign-up order, neighbours meet.
    reply = await ok(service, "org", "/league pair")
    assert set(reply.mentions) == set(users)
    pairs = [m.players for m in await matches_of_round(store, league.id, 1)]
    assert pairs == [["u1", "u2"], ["u3", "u4"], ["u5", "u6"], ["u7", "u8"]]
    # Each game sits in its own channel with the paired players seated in pairing order.
    for m in await matches_of_round(store, league.id, 1):
        assert m.channel_id == f"league-{league.id}-r1-t{m.table}"
        game = await store.game(m.game_id)
        assert [s.user_id for s in await store.seats(game.id)] == m.players
    rated += await finish_round(service, store, league.id, 1, {1: "u2", 2: "u3", 3: "u5", 4: "u8"}, played_out={1})

    # Round 2, by hand: winners u2 u3 u5 u8 tie on every tiebreaker (their beaten opponents
    # count 1/3 each), so sign-up order ranks them; the losers likewise. Equal points meet,
    # neighbours first: u2-u3, u5-u8, u1-u4, u6-u7.
    await ok(service, "org", "/league pair")
    assert [m.players for m in await matches_of_round(store, league.id, 2)] == [
        ["u2", "u3"], ["u5", "u8"], ["u1", "u4"], ["u6", "u7"]]
    rated += await finish_round(service, store, league.id, 2, {1: "u3", 2: "u5", 3: "u1", 4: "u7"})

    # Standings after round 2, by hand: u3 and u5 6 points (OMW (1/3 + 1/2)/2 = 5/12 each, the
    # same SOS 3: sign-up order); 3 points: u2 and u8 (OMW (1/2 + 1)/2 = 3/4) before u1 and u7
    # (5/12); 0 points: u4, u6 (3/4 each).
    reply = await ok(service, "org", "/league standings")
    lines = reply.text.split("```")[1].strip().splitlines()[1:]
    assert [line.split()[1] for line in lines] == ["u3", "u5", "u2", "u8", "u1", "u7", "u4", "u6"]
    # Round 3: no rematch keeps equal points together: u3-u5, u2-u8, u1-u7, u4-u6.
    await ok(service, "org", "/league pair")
    assert [m.players for m in await matches_of_round(store, league.id, 3)] == [
        ["u3", "u5"], ["u2", "u8"], ["u1", "u7"], ["u4", "u6"]]
    rated += await finish_round(service, store, league.id, 3, {1: "u5", 2: "u2", 3: "u7", 4: "u6"}, played_out={1})

    all_pairs = [frozenset(m.players) for m in await store.league_matches(league.id)]
    assert len(all_pairs) == len(set(all_pairs)) == 12, "no rematch, no bye with eight players"
    # The season is over.
    assert (await say(service, "org", "/league pair")).error == "season-over"

    # Final standings, by hand (match-win % of each player: u5 9/9; u3 u2 u7 6/9; u8 u1 u6 3/9;
    # u4 0, counted 1/3 by its opponents):
    #   u5 9  OMW (1/3 + 1/3 + 2/3)/3 = 4/9   SOS 3+3+6 = 12
    #   u3 6  OMW (1/3 + 2/3 + 1)/3   = 2/3   SOS 0+6+9 = 15
    #   u2 6  OMW (1/3 + 2/3 + 1/3)/3 = 4/9   SOS 3+6+3 = 12
    #   u7 6  OMW (1/3 + 1/3 + 1/3)/3 = 1/3   SOS 3+3+3 = 9
    #   u8 3  OMW (2/3 + 1 + 2/3)/3   = 7/9   SOS 6+9+6 = 21
    #   u6 3  OMW (1 + 2/3 + 1/3)/3   = 2/3   SOS 9+6+0 = 15
    #   u1 3  OMW (2/3 + 1/3 + 2/3)/3 = 5/9   SOS 6+0+6 = 12
    #   u4 0  OMW (2/3 + 1/3 + 1/3)/3 = 4/9   SOS 6+3+3 = 12
    # Every match was one game, so game-win % equals match-win % and OGW equals OMW.
    from leagues import LeagueSettings, Match, MatchResult, standings

    rows = await store.league_matches(league.id)
    table = standings(users, [Match(round=r.round, table=r.table, players=r.players,
                                    result=MatchResult.model_validate(r.result)) for r in rows],
                      LeagueSettings())
    expected = [("u5", 9, F(4, 9), 12), ("u3", 6, F(2, 3), 15), ("u2", 6, F(4, 9), 12), ("u7", 6, F(1, 3), 9),
                ("u8", 3, F(7, 9), 21), ("u6", 3, F(2, 3), 15), ("u1", 3, F(5, 9), 12), ("u4", 0, F(4, 9), 12)]
    assert [(s.player, s.match_points, s.omw, s.sos) for s in table] == expected
    assert [s.ogw for s in table] == [e[2] for e in expected]
    assert [s.gw for s in table] == [F(1), F(2, 3), F(2, 3), F(2, 3), F(1, 3), F(1, 3), F(1, 3), F(0)]
    # The reply shows the same table, and the image draws it.
    reply = await ok(service, "org", "/league standings")
    lines = reply.text.split("```")[1].strip().splitlines()[1:]
    assert [line.split()[1] for line in lines] == [e[0] for e in expected]
    assert lines[0].split()[2:7] == ["9", "3-0-0", "44.4", "100.0", "44.4"]
    image = Image.open(io.BytesIO(reply.image))
    assert image.format == "PNG" and image.height > 8 * 30
    # Standings after round 1 still show round 1.
    reply = await ok(service, "org", "/league standings round:1")
    assert "after round 1" in reply.text
    assert [line.split()[1] for line in reply.text.split("```")[1].strip().splitlines()[1:]][:4] == \
        ["u2", "u3", "u5", "u8"]

    # Ratings: each game rated once, in the order the games ended, as openskill rates them.
    model = PlackettLuce()
    ratings = {u: model.rating() for u in users}
    for winner, loser in rated:
        [[ratings[winner]], [ratings[loser]]] = model.rate([[ratings[winner]], [ratings[loser]]])
    for u in users:
        [record] = await store.ratings(u)
        assert record.ruleset == "dnd-minis-quick" and record.games == 3
        assert abs(record.mu - ratings[u].mu) < 1e-9 and abs(record.sigma - ratings[u].sigma) < 1e-9
    profile = await ok(service, "u9", "/profile user:u5")
    assert "3 games, 3 wins" in profile.text and f"± {ratings['u5'].sigma:.1f}" in profile.text

    history = await ok(service, "u1", "/league history player:u1")
    assert history.text.count("• Round") == 3 and "v <@u2> — loss" in history.text
    closed = await ok(service, "org", "/league close")
    assert "closed" in closed.text and closed.image is not None


async def test_a_round_robin_of_five(service, store):
    users = [f"r{i}" for i in range(1, 6)]
    await ok(service, "org", "/league create name:Circle ruleset:dnd-minis-quick format:round-robin")
    for u in users:
        await ok(service, u, "/league join")
    reply = await ok(service, "org", "/league start")
    assert "over 5 rounds" in reply.text
    league = await store.league_named(GUILD, "Circle")
    # The circle by hand: r1 stays, the rest (and the empty place that makes the bye) turn.
    expected = {
        1: [["r1"], ["r2", "r5"], ["r3", "r4"]],
        2: [["r4"], ["r1", "r5"], ["r2", "r3"]],
        3: [["r2"], ["r1", "r4"], ["r5", "r3"]],
        4: [["r5"], ["r1", "r3"], ["r4", "r2"]],
        5: [["r3"], ["r1", "r2"], ["r4", "r5"]],
    }
    for round_no in range(1, 6):
        await ok(service, "org", "/league pair")
        matches = await matches_of_round(store, league.id, round_no)
        assert [m.players for m in matches] == expected[round_no], round_no
        for m in matches:
            if len(m.players) == 1:
                continue
            if m.players == ["r4", "r5"]:
                # Adjudicated by the organiser: a draw, 3 victory points to r4, 5 to r5.
                await ok(service, "org", f'/league report game:{m.game_id} result:"draw score=3-5"')
                continue
            # The player who signed up first wins.
            await concede(service, store, m.channel_id, max(m.players))
    rows = await store.league_matches(league.id)
    games = [frozenset(r.players) for r in rows if len(r.players) == 2]
    assert len(games) == len(set(games)) == 10, "everyone meets everyone once"
    assert sorted(r.players[0] for r in rows if len(r.players) == 1) == users, "one bye each"
    assert (await say(service, "org", "/league pair")).error == "season-over"
    # By hand, 3/1/0 and 3 for the bye: r1 4 wins + bye = 15; r2 3 wins = 12; r3 9; r4 and r5
    # a draw and the bye = 4 each. r4 and r5 tie on OMW (r4's opponents r3 3/5, r2 4/5, r1 1,
    # r5 4/15 raised to 1/3: 41/60; r5's the same), GW (4/15 each), OGW and SOS (40 each): the
    # game's own points break it, 5 to 3 for r5.
    reply = await ok(service, "org", "/league standings")
    lines = reply.text.split("```")[1].strip().splitlines()[1:]
    assert [(line.split()[1], line.split()[2]) for line in lines] == [
        ("r1", "15"), ("r2", "12"), ("r3", "9"), ("r5", "4"), ("r4", "4")]
    assert lines[3].split()[4:7] == ["68.3", "26.7", "68.3"] and lines[3].split()[7:9] == ["40", "5"]
