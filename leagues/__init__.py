"""Leagues: a pure domain, like ``engine/`` — no Discord, no SQL.

The service calls it and the store keeps what it returns:

* :mod:`leagues.model` — a league's settings, its players and its matches (one match is one
  game: a pair, a pod of three or four, or a bye);
* :mod:`leagues.pairing` — Swiss, round-robin (circle method) and challenge-ladder rounds,
  pods for multiplayer games;
* :mod:`leagues.standings` — match points, the game's own points and the tiebreakers;
* :mod:`leagues.ratings` — a rating per player per ruleset (openskill);
* :mod:`leagues.campaign` — what a campaign carries from game to game.
"""

from leagues.campaign import CampaignRules, Roster, after_game, buy
from leagues.model import (
    FORMATS,
    LeagueError,
    LeagueSettings,
    Match,
    MatchResult,
    PointsTable,
)
from leagues.pairing import pair_round, round_robin_schedule, swiss_round, ladder_round, pod_sizes
from leagues.ratings import PlayerRating, rate_game
from leagues.standings import Standing, ladder_after, standings

__all__ = [
    "FORMATS", "CampaignRules", "LeagueError", "LeagueSettings", "Match", "MatchResult",
    "PlayerRating", "PointsTable", "Roster", "Standing", "after_game", "buy", "ladder_after",
    "ladder_round", "pair_round", "pod_sizes", "rate_game", "round_robin_schedule", "standings",
    "swiss_round",
]
