"""Standings and tiebreakers against values worked out by hand."""

import doctest
import importlib
from fractions import Fraction as F

import pytest

from leagues import LeagueError, LeagueSettings, Match, MatchResult, PointsTable, standings


def test_four_players_two_rounds_by_hand():
    ms = [
        Match(round=1, table=1, players=["a", "b"], result=MatchResult(winners=["a"], scores={"a": 12, "b": 5})),
        Match(round=1, table=2, players=["c", "d"], result=MatchResult(draw=True, scores={"c": 7, "d": 7})),
        Match(round=2, table=1, players=["a", "c"], result=MatchResult(winners=["a"], scores={"a": 10, "c": 3})),
        # Reported by hand as a match of three games, won 2-1.
        Match(round=2, table=2, players=["b", "d"], result=MatchResult(
            winners=["b"], scores={"b": 9, "d": 2}, games={"b": [2, 1, 0], "d": [1, 2, 0]})),
    ]
    table = {s.player: s for s in standings(list("abcd"), ms)}
    # Match points 3/1/0: a 6, b 3, c 1, d 1.
    assert [table[p].match_points for p in "abcd"] == [6, 3, 1, 1]
    # Game-win %: a 2 wins of 2 games = 6/6; b lost 1 then won 2 of 3 = 6/12; c a draw and a loss
    # = 1/6; d a draw, then won 1 and lost 2 = 4/12.
    assert [table[p].gw for p in "abcd"] == [1, F(1, 2), F(1, 6), F(1, 3)]
    # OMW: a met b (1/2) and c (1/6, raised to 1/3) -> 5/12; b met a (1) and d (1/3) -> 2/3;
    # c met d (1/3) and a (1) -> 2/3; d met c (1/3) and b (1/2) -> 5/12.
    assert [table[p].omw for p in "abcd"] == [F(5, 12), F(2, 3), F(2, 3), F(5, 12)]
    # OGW: a: b 1/2, c 1/3 (floor) -> 5/12; b: a 1, d 1/3 -> 2/3; c: d 1/3, a 1 -> 2/3; d: c 1/3 (floor), b 1/2.
    assert [table[p].ogw for p in "abcd"] == [F(5, 12), F(2, 3), F(2, 3), F(5, 12)]
    # Strength of schedule: the opponents' match points.
    assert [table[p].sos for p in "abcd"] == [3 + 1, 6 + 1, 1 + 6, 1 + 3]
    assert [table[p].score for p in "abcd"] == [22, 14, 10, 9]
    # c and d tie on 1 point; c's OMW (2/3) beats d's (5/12).
    assert [s.player for s in standings(list("abcd"), ms)] == ["a", "b", "c", "d"]
    # Up to round 1 only: a 3, then c and d (1) ... b 0.
    assert [s.player for s in standings(list("abcd"), ms, up_to_round=1)] == ["a", "c", "d", "b"]
    # A different tiebreaker order: the game's own points first puts d... still behind c (10 > 9).
    by_score = LeagueSettings.build("swiss", settings={"tiebreakers": "score/omw"})
    assert [s.player for s in standings(list("dcba"), ms, by_score)] == ["a", "b", "c", "d"]


def test_a_bye_is_a_win_but_no_opponent():
    ms = [Match(round=1, table=1, players=["a", "b"], result=MatchResult(winners=["b"])),
          Match(round=1, table=2, players=["c"])]
    table = {s.player: s for s in standings(list("abc"), ms)}
    assert table["c"].match_points == 3 and table["c"].byes == 1 and table["c"].omw == 0
    assert table["b"].omw == F(1, 3)  # a has 0 %, raised to the 1/3 floor
    two_for_bye = LeagueSettings(points=PointsTable.parse("3/1/0/2"))
    assert {s.player: s.match_points for s in standings(list("abc"), ms, two_for_bye)}["c"] == 2


def test_league_settings_refuse_bad_words():
    with pytest.raises(LeagueError, match="no setting colour"):
        LeagueSettings.build("swiss", settings={"colour": "red"})
    with pytest.raises(LeagueError, match="Pods of more than two"):
        LeagueSettings.build("round-robin", settings={"pod": "3-4"})
    with pytest.raises(LeagueError, match="win/draw/loss"):
        LeagueSettings.build("swiss", points="three")
    campaign = LeagueSettings.build("swiss", settings={"campaign": True, "points_per_win": 15, "cap": 150})
    assert campaign.campaign.points_per_win == 15 and campaign.campaign.cap == 150


@pytest.mark.parametrize("module", ["model", "pairing", "standings", "ratings", "campaign"])
def test_docstring_examples(module):
    # import_module: leagues.standings is also the name of a function the package exports.
    result = doctest.testmod(importlib.import_module(f"leagues.{module}"))
    assert result.failed == 0 and result.attempted > 0
