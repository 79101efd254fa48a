"""Nothing is lost on a crash: a game committed as finished whose report to the league never
happened (the process died in between) is taken by the league the next time it is looked at."""

from bot.leagues import LeagueService
from league_helpers import concede, matches_of_round, ok, one_match


async def test_a_lost_report_is_caught_up(service, store, monkeypatch):
    league, match = await one_match(service, store, "Autumn", "dnd-minis-quick")

    async def crash(self, game, state):
        raise RuntimeError("the process died here")

    with monkeypatch.context() as patch:
        patch.setattr(LeagueService, "game_over", crash)
        await concede(service, store, match.channel_id, "b")
    assert (await store.game(match.game_id)).status == "finished"
    assert (await matches_of_round(store, league.id, 1))[0].result is None
    assert await store.ratings("a") == []
    # The next league command takes the finished game's result, and rates it, once.
    reply = await ok(service, "gm", "/league standings")
    assert "1-0-0" in reply.text
    assert (await matches_of_round(store, league.id, 1))[0].result["winners"] == ["a"]
    [rating] = await store.ratings("a")
    assert rating.games == 1 and rating.wins == 1
    await ok(service, "gm", "/league standings")
    assert (await store.ratings("a"))[0].games == 1


async def test_a_team_game_is_rated_team_against_team(service, store):
    # Any finished game is rated, league or not. Four fresh players, two teams of two, the first
    # team wins: exactly openskill's published example (mu 26.964..., sigma 8.178...).
    from engine.core import Result
    from engine.core.ruleset import get_ruleset

    ruleset = get_ruleset("dnd-minis")
    state = ruleset.new_game(1, {"players": 4, "scenario": "teams", "map": "teleport-ziggurat"})
    game = await store.create_game("t", None, ruleset.name, 1, {}, state.model_dump(mode="json"), "a",
                                   [(s.id, s.name) for s in state.seats])
    for seat, user in zip(("p1", "p2", "p3", "p4"), ("a", "b", "c", "d")):
        await store.claim_seat(game.id, seat, user, (await store.game(game.id)).version)
    state.result = Result(winners=["p1", "p3"], losers=["p2", "p4"], reason="test")
    await service.leagues.game_over(await store.game(game.id), state)
    for user, mu, wins in (("a", 26.964294621803063, 1), ("c", 26.964294621803063, 1),
                           ("b", 23.035705378196937, 0), ("d", 23.035705378196937, 0)):
        [rating] = await store.ratings(user)
        assert abs(rating.mu - mu) < 1e-9 and abs(rating.sigma - 8.177962604389991) < 1e-9
        assert (rating.games, rating.wins) == (1, wins)
