"""Pairings: Swiss without rematches and with byes to the lowest-ranked player without one,
round-robin by the circle method, pods, and the challenge ladder."""

from itertools import combinations

import pytest

from leagues import LeagueError, LeagueSettings, MatchResult, ladder_after, pair_round, standings, swiss_round
from leagues.pairing import met, pod_sizes, round_robin_schedule


def play_swiss(players, rounds, winner):
    """Pair and play ``rounds`` Swiss rounds; ``winner(match)`` names who wins each game."""
    history = []
    for r in range(1, rounds + 1):
        table = standings(players, history)
        matches = swiss_round([s.player for s in table], history, r, {s.player: s.match_points for s in table})
        for m in matches:
            if not m.is_bye:
                m.result = MatchResult(winners=[winner(m)])
        history += matches
    return history


def test_swiss_pairs_equal_points_neighbours_and_never_repeats():
    players = [f"p{i}" for i in range(1, 9)]
    # The player who signed up first always wins. By hand: round 1 is 1v2 3v4 5v6 7v8 (sign-up
    # order); round 2 pairs the winners 1v3 5v7 and the losers 2v4 6v8; after it p1 and p5 have
    # 6 points, so round 3 opens with p1 v p5.
    history = play_swiss(players, 3, winner=lambda m: min(m.players, key=lambda p: int(p[1:])))
    by_round = {r: [m.players for m in history if m.round == r] for r in (1, 2, 3)}
    assert by_round[1] == [["p1", "p2"], ["p3", "p4"], ["p5", "p6"], ["p7", "p8"]]
    assert by_round[2] == [["p1", "p3"], ["p5", "p7"], ["p2", "p4"], ["p6", "p8"]]
    assert by_round[3][0] == ["p1", "p5"]
    assert len(by_round[3]) == 4
    pairs = [frozenset(m.players) for m in history if not m.is_bye]
    assert len(pairs) == len(set(pairs)), "no rematch"


def test_swiss_bye_goes_to_the_lowest_ranked_player_without_one():
    players = list("abcde")
    history = play_swiss(players, 5, winner=lambda m: min(m.players))
    byes = [m.players[0] for m in history if m.is_bye]
    assert len(byes) == len(set(byes)) == 5, "one bye each, at most"
    # Round 1: e signed up last, so it is lowest ranked.
    assert byes[0] == "e"
    pairs = [frozenset(m.players) for m in history if not m.is_bye]
    assert len(pairs) == len(set(pairs)) == 10


def test_swiss_refuses_when_only_rematches_are_left():
    history = play_swiss(list("abcd"), 3, winner=lambda m: min(m.players))
    with pytest.raises(LeagueError, match="repeats a game"):
        swiss_round(list("abcd"), history, 4)


def test_round_robin_circle_meets_everyone_once_with_one_bye_each():
    schedule = round_robin_schedule(list("abcde"))
    assert len(schedule) == 5
    games = [frozenset(m.players) for r in schedule for m in r if not m.is_bye]
    assert sorted(map(sorted, games)) == sorted(map(sorted, map(frozenset, combinations("abcde", 2))))
    assert sorted(m.players[0] for r in schedule for m in r if m.is_bye) == list("abcde")
    # By hand: the ring a b c d e _ pairs first with last: a-_ (a's bye), b-e, c-d. Then a stays
    # and the rest turn one place: a _ b c d e pairs a-e, _-d (d's bye), b-c.
    assert [m.players for m in schedule[0]] == [["a"], ["b", "e"], ["c", "d"]]
    assert [m.players for m in schedule[1]] == [["d"], ["a", "e"], ["b", "c"]]


def test_round_robin_gives_a_dropped_players_opponent_the_bye():
    settings = LeagueSettings.build("round-robin")
    matches = pair_round(settings, ["a", "c", "d", "e"], list("abcde"), [], 1, {})
    assert [m.players for m in matches] == [["a"], ["e"], ["c", "d"]]


def test_pods_of_three_and_four():
    assert pod_sizes(7, 3, 4) == ([4, 3], 0)
    assert pod_sizes(6, 3, 4) == ([3, 3], 0)
    assert pod_sizes(9, 3, 4) == ([3, 3, 3], 0)
    history = []
    for r in (1, 2):
        history += swiss_round(list("abcdefg"), history, r, pod_min=3, pod_max=4)
    r1 = [m.players for m in history if m.round == 1]
    assert r1 == [list("abcd"), list("efg")]
    r2 = [m.players for m in history if m.round == 2]
    assert [len(p) for p in r2] == [4, 3]
    # Round 2 mixes the pods: a's pod takes players it has not met first.
    assert r2[0][:2] == ["a", "e"]


def test_ladder_challenges_and_the_winner_climbs():
    settings = LeagueSettings.build("ladder", settings={"reach": 2})
    matches = pair_round(settings, list("abcde"), list("abcde"), [], 1, {})
    assert [m.players for m in matches] == [["d", "e"], ["b", "c"]]
    m = matches[0]
    m.result = MatchResult(winners=["e"])
    assert ladder_after(list("abcde"), m) == list("abced")
    m.result = MatchResult(winners=["d"])
    assert ladder_after(list("abcde"), m) == list("abcde")


def test_met_counts_every_pair_in_a_pod():
    history = swiss_round(list("abc"), [], 1, pod_min=3, pod_max=3)
    assert met(history) == {frozenset("ab"), frozenset("ac"), frozenset("bc")}


def test_a_big_field_is_paired_in_segments_without_rematches_and_within_score_groups():
    # 100 players (cut into segments of 24), 7 rounds, the better-listed player of each pair wins
    # one game in three: no rematch ever, and a pair spans two match-point groups only where a
    # group has an odd count left, at most once per group boundary.
    import random

    rng = random.Random(5)
    players = [f"p{i:03d}" for i in range(100)]
    history = []
    for r in range(1, 8):
        table = standings(players, history)
        points = {s.player: s.match_points for s in table}
        matches = swiss_round([s.player for s in table], history, r, points)
        groups = len(set(points.values()))
        crossing = sum(points[m.players[0]] != points[m.players[1]] for m in matches)
        assert crossing <= groups - 1, (r, crossing, groups)
        for m in matches:
            m.result = MatchResult(winners=[m.players[0] if rng.random() < 1 / 3 else m.players[1]])
        history += matches
    pairs = [frozenset(m.players) for m in history]
    assert len(pairs) == len(set(pairs)) == 350
