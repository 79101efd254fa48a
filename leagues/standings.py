"""Standings: match points, the game's own points, and the tiebreakers of Swiss tournaments.

The tiebreakers follow the common Swiss tournament conventions (the Magic Tournament Rules'
appendix, which card-game and wargame tournament apps copy):

* match-win % (MWP): match points / (points for a win x matches played, byes included);
* game-win % (GW): game points / (3 x games played), a game won 3, drawn 1; a match played
  through the bot is one game, a bye one game won;
* opponents' match-win % (OMW) and opponents' game-win % (OGW): the mean of each opponent's
  MWP / GW, each raised to at least 1/3 so that losing to a player who lost everything
  doesn't sink you; byes are not opponents;
* strength of schedule (SOS): the sum of the opponents' match points (Buchholz);
* score: the sum of the game's own points (victory points, battle points).

>>> from leagues.model import Match, MatchResult
>>> ms = [Match(round=1, table=1, players=["a", "b"], result=MatchResult(winners=["a"])),
...       Match(round=1, table=2, players=["c"])]
>>> [(s.player, s.match_points) for s in standings(["a", "b", "c"], ms)]
[('a', 3), ('c', 3), ('b', 0)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from leagues.model import LeagueSettings, Match, PointsTable

FLOOR = Fraction(1, 3)


@dataclass
class Standing:
    player: str
    rank: int = 0
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    match_points: int = 0
    score: int = 0
    mwp: Fraction = Fraction(0)
    gw: Fraction = Fraction(0)
    omw: Fraction = Fraction(0)
    ogw: Fraction = Fraction(0)
    sos: int = 0
    dropped: bool = False
    opponents: list[str] = field(default_factory=list)
    game_points: int = 0
    games: int = 0

    def row(self) -> dict:
        """The standing as JSON-able values (percentages rounded to 4 places)."""
        return {"rank": self.rank, "player": self.player, "played": self.played, "wins": self.wins,
                "draws": self.draws, "losses": self.losses, "byes": self.byes,
                "match_points": self.match_points, "score": self.score,
                "omw": round(float(self.omw), 4), "gw": round(float(self.gw), 4),
                "ogw": round(float(self.ogw), 4), "sos": self.sos, "dropped": self.dropped}


def standings(players: Sequence[str], matches: Sequence[Match], settings: LeagueSettings | None = None,
              dropped: Sequence[str] = (), up_to_round: int | None = None) -> list[Standing]:
    """The standings of ``players`` (in sign-up order, the last tie-break) after the finished
    matches (up to ``up_to_round``), best first."""
    settings = settings or LeagueSettings()
    table: PointsTable = settings.points
    rows = {p: Standing(player=p, dropped=p in set(dropped)) for p in players}
    for match in matches:
        if up_to_round is not None and match.round > up_to_round:
            continue
        if match.is_bye:
            s = rows.get(match.players[0])
            if s is None:
                continue
            s.played += 1
            s.byes += 1
            s.match_points += table.bye
            s.game_points += 3
            s.games += 1
            continue
        if match.result is None:
            continue
        result = match.result
        for p in match.players:
            s = rows.get(p)
            if s is None:
                continue
            s.played += 1
            outcome = result.outcome(p)
            if outcome == "win":
                s.wins += 1
                s.match_points += table.win
            elif outcome == "draw":
                s.draws += 1
                s.match_points += table.draw
            else:
                s.losses += 1
                s.match_points += table.loss
            won, lost, drawn = result.game_record(p)
            s.game_points += 3 * won + drawn
            s.games += won + lost + drawn
            s.score += int(result.scores.get(p, 0))
            s.opponents.extend(q for q in match.players if q != p)
    best = max(table.win, 1)
    for s in rows.values():
        s.mwp = Fraction(s.match_points, best * s.played) if s.played else Fraction(0)
        s.gw = Fraction(s.game_points, 3 * s.games) if s.games else Fraction(0)
    for s in rows.values():
        opponents = [rows[o] for o in s.opponents if o in rows]
        if opponents:
            s.omw = sum((max(FLOOR, o.mwp) for o in opponents), Fraction(0)) / len(opponents)
            s.ogw = sum((max(FLOOR, o.gw) for o in opponents), Fraction(0)) / len(opponents)
        s.sos = sum(o.match_points for o in opponents)
    signup = {p: i for i, p in enumerate(players)}

    def key(s: Standing):
        return (-s.match_points, *(-getattr(s, t) for t in settings.tiebreakers), signup[s.player])

    ordered = sorted(rows.values(), key=key)
    for i, s in enumerate(ordered):
        s.rank = i + 1
    return ordered


def ladder_after(ladder: Sequence[str], match: Match) -> list[str]:
    """The ladder after a challenge: a challenger (the lower player) who wins takes the
    defender's rung and everyone between steps down one; otherwise nothing moves.

    >>> from leagues.model import MatchResult
    >>> ladder_after(list("abcd"), Match(round=1, table=1, players=["b", "d"], result=MatchResult(winners=["d"])))
    ['a', 'd', 'b', 'c']
    """
    order = list(ladder)
    if match.result is None or match.result.draw or len(match.players) != 2:
        return order
    a, b = match.players
    if a not in order or b not in order:
        return order
    high, low = sorted((a, b), key=order.index)
    if low in match.result.winners:
        order.remove(low)
        order.insert(order.index(high), low)
    return order
