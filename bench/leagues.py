"""League benchmarks: pairing a 256-player Swiss round, and the standings of a 256-player
league after 8 rounds (the issue asks for both well under a second).

The season is simulated in the domain (no store): results are drawn from a seeded generator,
every pairing of rounds 1-8 is timed (later rounds are the hard ones: more pairs are forbidden
as rematches), then the standings with every tiebreaker are timed repeatedly.
"""

from __future__ import annotations

import random
import time

from leagues import LeagueSettings, MatchResult, standings, swiss_round

PLAYERS = 256
ROUNDS = 8


def season(seed: int = 1) -> tuple[list[str], list, list[float]]:
    """A whole simulated Swiss season: (players, matches, seconds each round's pairing took)."""
    rng = random.Random(seed)
    players = [f"player-{i:03d}" for i in range(PLAYERS)]
    settings = LeagueSettings()
    history: list = []
    timings: list[float] = []
    for round_no in range(1, ROUNDS + 1):
        table = standings(players, history, settings)
        ranked = [s.player for s in table]
        points = {s.player: s.match_points for s in table}
        started = time.perf_counter()
        matches = swiss_round(ranked, history, round_no, points)
        timings.append(time.perf_counter() - started)
        for match in matches:
            if not match.is_bye:
                roll = rng.random()
                match.result = (MatchResult(draw=True) if roll < 0.1 else
                                MatchResult(winners=[match.players[0 if roll < 0.55 else 1]],
                                            scores={p: rng.randrange(0, 21) for p in match.players}))
        history += matches
    return players, history, timings


def time_pairings(seasons: int = 3) -> list[float]:
    samples: list[float] = []
    for seed in range(seasons):
        samples += season(seed)[2]
    return samples


def time_standings(repeats: int = 20) -> list[float]:
    players, history, _ = season(0)
    samples = []
    for _ in range(repeats):
        started = time.perf_counter()
        standings(players, history)
        samples.append(time.perf_counter() - started)
    return samples
