"""Ratings per player per ruleset, by openskill's Plackett-Luce model (a maintained Weng-Lin
rating library that rates free-for-all games and teams alike, as Board Game Arena rates each
game on its own).

>>> new = rate_game({}, [["alice"], ["bob"]], [1, 2])
>>> new["alice"].mu > 25 > new["bob"].mu, new["alice"].games, new["alice"].wins, new["bob"].wins
(True, 1, 1, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()


@dataclass
class PlayerRating:
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0
    wins: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative skill shown in tables: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


def rate_game(ratings: Mapping[str, PlayerRating], teams: Sequence[Sequence[str]],
              ranks: Sequence[int]) -> dict[str, PlayerRating]:
    """New ratings of everyone in ``teams`` after one game. ``ranks``: 1 for the first place
    (equal ranks are a draw). Players without a rating start at the model's default."""
    current = {p: ratings.get(p) or PlayerRating() for team in teams for p in team}
    match = [[MODEL.rating(mu=current[p].mu, sigma=current[p].sigma, name=p) for p in team] for team in teams]
    rated = MODEL.rate(match, ranks=list(ranks))
    best = min(ranks)
    out: dict[str, PlayerRating] = {}
    for team, rank, new_team in zip(teams, ranks, rated):
        for p, r in zip(team, new_team):
            won = rank == best and list(ranks).count(best) < len(ranks)
            out[p] = PlayerRating(mu=r.mu, sigma=r.sigma, games=current[p].games + 1,
                                  wins=current[p].wins + (1 if won else 0))
    return out
