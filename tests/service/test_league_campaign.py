"""A campaign of three games (issue #11 item 6): each player's warband is registered at
sign-up, brought into every league game by itself, loses its casualties and gains what its
player buys with the points won; every change the campaign rules make is logged."""

from collections import Counter

import pytest

from bot.commands import parse_line
from bot.demo import choose_action, command_line
from league_helpers import GUILD, matches_of_round, ok, say, seats

WARBANDS = {
    "alice": ("Knights", [("paladin", 1), ("fighter", 2), ("archer", 1)]),
    "bob": ("Church", [("cleric", 1), ("soldier", 2), ("dwarf", 1)]),
}


def fallen(state):
    """Per seat, the cards of the creatures slain or fled off the map."""
    out = {}
    for c in state.creatures.values():
        if c.hp <= 0 or c.left_map:
            out.setdefault(c.side, Counter())[c.card.id] += 1
    return out


def warband_in_play(state, seat):
    return Counter(c.card.id for c in state.creatures.values() if c.side == seat and not c.summoner)


async def fight_until_blood(service, store, channel, limit=2000):
    """Play with the demo policy until a creature has fallen; then the side that lost more
    concedes. Returns the final state."""
    for _ in range(limit):
        game, ruleset, state = await service.game_snapshot(channel, finished_ok=True)
        if state.is_over:
            return state
        lost = fallen(state)
        if lost and state.pending is None and state.phase not in ("setup", "deploy"):
            loser = max(sorted(lost), key=lambda s: sum(lost[s].values()))
            reply = await service.handle(channel, (await seats(store, game.id))[loser], parse_line("/game resign"))
            assert reply.error is None, reply.text
            continue
        seat = ruleset.to_act(state)[0]
        line = command_line(choose_action(ruleset, state, seat))
        reply = await service.handle(channel, (await seats(store, game.id))[seat], parse_line(line))
        assert reply.error is None, f"{line}: {reply.text}"
    raise AssertionError("no creature fell")


@pytest.mark.slow  # three whole games of a campaign
async def test_a_campaign_of_three_games_carries_casualties_and_purchases(service, store):
    for user, (name, cards) in WARBANDS.items():
        await ok(service, user, f"/warband new name:{name} edition:war-drums faction:LG")
        for card, count in cards:
            await ok(service, user, f"/warband add name:{name} creature:{card} count:{count}")
    await ok(service, "gm", '/league create name:Saga ruleset:dnd-minis format:ladder rounds:3 '
                            'settings:"campaign=on, points_per_win=30, cap=120, map=shattered-causeway"')
    reply = await say(service, "alice", "/league join")
    assert reply.error == "needs-warband"
    await ok(service, "alice", "/league join warband:Knights")
    await ok(service, "bob", "/league join warband:Church")
    await ok(service, "gm", "/league start")
    league = await store.league_named(GUILD, "Saga")
    expected = {u: Counter(dict(cards)) for u, (_, cards) in WARBANDS.items()}
    bank = {"alice": 0, "bob": 0}
    for round_no in (1, 2, 3):
        await ok(service, "gm", "/league pair")
        [match] = await matches_of_round(store, league.id, round_no)
        game = await store.game(match.game_id)
        game_seats = await seats(store, game.id)
        user_seat = {u: s for s, u in game_seats.items()}
        _, _, state = await service.game_snapshot(match.channel_id)
        # Each warband came into the game by itself, exactly as the campaign carries it.
        for user in WARBANDS:
            assert warband_in_play(state, user_seat[user]) == expected[user], (round_no, user)
        final = await fight_until_blood(service, store, match.channel_id)
        lost = fallen(final)
        winner = game_seats[final.result.winners[0]]
        for user in WARBANDS:
            expected[user] -= lost.get(user_seat[user], Counter())
        bank[winner] += 30
        players = {p.user_id: p for p in await store.league_players(league.id)}
        for user in WARBANDS:
            roster = players[user].roster
            assert Counter(roster["cards"]) == expected[user], (round_no, user)
            assert roster["bank"] == bank[user] and roster["games"] == round_no
        if round_no < 3:
            # The winner spends the win on a fighter (10 points) between games.
            reply = await ok(service, winner, "/campaign buy creature:fighter")
            assert "bank " + str(bank[winner] - 10) in reply.text
            bank[winner] -= 10
            expected[winner]["fighter"] += 1
    # What the rules changed is in the league's log, like a game's actions.
    log = [e for e in await store.league_log(league.id) if e.kind in ("campaign", "buy")]
    assert sum("slain" in e.text for e in log) >= 3
    assert sum("+30 points for the win" in e.text for e in log) == 3
    assert sum(e.kind == "buy" for e in log) == 2
    roster = await ok(service, "alice", "/campaign roster")
    assert f"bank {bank['alice']} points" in roster.text
    # Buying more than the bank holds is refused and changes nothing (5 paladins cost 140; at
    # most 90 points were ever won).
    players = {p.user_id: p for p in await store.league_players(league.id)}
    reply = await say(service, "alice", "/campaign buy creature:paladin count:5")
    assert reply.error == "bank-short" and "costs 140 points" in reply.text
    assert {p.user_id: p.roster for p in await store.league_players(league.id)} == {u: p.roster for u, p in players.items()}


async def test_a_campaign_creature_taking_up_the_commander_0_role_costs_5_more(service, store):
    """War Drums §22.2 (Commander 0): "its cost (and VP value) increases by +5". A campaign
    warband whose Commander 0 is its Soldier (7 points) costs 5 more while it holds one; when the
    Soldier was lost, buying one back takes up the role and costs 12, and a bank of 11 is short."""
    import json

    from bot.commands import Attachment, Command
    from bot.store import LeagueChange
    from league_helpers import HALL

    box = {"format": "warband/dnd-minis", "version": 1, "name": "Box", "edition": "war-drums",
           "scenario": "out-of-the-box", "size": 200, "commander_zero": "soldier",
           "creatures": [{"card": "fighter", "count": 2}, {"card": "soldier", "count": 1}, {"card": "archer", "count": 1}]}
    reply = await service.handle(HALL, "alice", Command(key="warband import", options={}, attachments={
        "file": Attachment("box.json", json.dumps(box).encode())}), guild_id=GUILD)
    assert reply.error is None, reply.text
    await ok(service, "gm", '/league create name:Boxes ruleset:dnd-minis format:ladder rounds:3 '
                            'settings:"campaign=on, points_per_win=30, cap=120"')
    await ok(service, "alice", "/league join warband:Box")
    roster = await ok(service, "alice", "/campaign roster")
    assert "Cost 46 of 120" in roster.text and "+5 as Commander 0" in roster.text  # 20 + 7 + 14 + 5
    # After a game in which the Soldier fell (casualties lost) and 11 points were won:
    league = await store.league_named(GUILD, "Boxes")
    [player] = await store.league_players(league.id)
    lost = {**player.roster, "cards": {"fighter": 2, "archer": 1}, "bank": 11}
    await store.commit_league(league.id, league.version, LeagueChange(rosters={"alice": lost}))
    short = await say(service, "alice", "/campaign buy creature:soldier")
    assert short.error == "bank-short" and "costs 12 points" in short.text
    lost["bank"] = 12
    league = await store.league_named(GUILD, "Boxes")
    await store.commit_league(league.id, league.version, LeagueChange(rosters={"alice": lost}))
    bought = await ok(service, "alice", "/campaign buy creature:soldier")
    assert "for 12 points" in bought.text and "Commander 0" in bought.text and "(bank 0)" in bought.text
    roster = await ok(service, "alice", "/campaign roster")
    assert "Cost 46 of 120" in roster.text
