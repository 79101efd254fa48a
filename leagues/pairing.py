"""Pairing a round: Swiss, round-robin, challenge ladder, and pods for multiplayer games.

Swiss pairs by a maximum-weight perfect matching (networkx, the maintained graph library)
over the graph whose edges are the pairs that have not met yet: no rematch is possible by
construction, and the weights make the matching pair equal match points first, then
neighbours in the standings (1 v 2, 3 v 4...). No maintained Swiss library on the package index
fits: the general ones pair greedily and fall back to rematches and hand the bye to whoever is
left over; the chess ones (Dutch system) are about colours, which miniatures games don't have.

>>> ms = swiss_round(["a", "b", "c", "d", "e"], [], round_no=1)
>>> [m.players for m in ms]
[['a', 'b'], ['c', 'd'], ['e']]
>>> [[m.players for m in r] for r in round_robin_schedule(["a", "b", "c"])]
[[['a'], ['b', 'c']], [['b'], ['a', 'c']], [['c'], ['a', 'b']]]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import networkx as nx

from leagues.model import LeagueError, LeagueSettings, Match


def met(history: Iterable[Match]) -> set[frozenset[str]]:
    """Every pair of players who have played each other (pods count every pair in the pod)."""
    pairs: set[frozenset[str]] = set()
    for match in history:
        for i, a in enumerate(match.players):
            for b in match.players[i + 1:]:
                pairs.add(frozenset((a, b)))
    return pairs


def had_bye(history: Iterable[Match]) -> set[str]:
    return {m.players[0] for m in history if m.is_bye}


def pod_sizes(n: int, low: int, high: int) -> tuple[list[int], int]:
    """Table sizes for ``n`` players in pods of ``low``-``high`` seats, biggest first, and how
    many players sit out (get a bye) because no split fits.

    >>> pod_sizes(7, 3, 4), pod_sizes(8, 3, 4), pod_sizes(5, 3, 4), pod_sizes(5, 2, 2)
    (([4, 3], 0), ([4, 4], 0), ([4], 1), ([2, 2], 1))
    """
    for byes in range(n + 1):
        left = n - byes
        # As few tables as possible: the most players per game.
        for tables in range(-(-left // high) if left else 0, left // low + 1 if left else 1):
            if tables == 0:
                if left == 0:
                    return [], byes
                continue
            if low * tables <= left <= high * tables:
                base, extra = divmod(left, tables)
                return [base + 1] * extra + [base] * (tables - extra), byes
    return [], n


def _matching(players: Sequence[str], points: dict[str, int], seen: set[frozenset[str]]) -> list[tuple[str, str]] | None:
    """A perfect matching without rematches, pairing equal points, then standings neighbours;
    None when none exists.

    A big field is cut into segments of :data:`SEGMENT` players, each matched on its own among
    near neighbours in the standings (a Swiss pairing never reaches far): that keeps a
    256-player round fast. Whenever a segment has no perfect matching, the whole field is matched
    at once, near neighbours first, then every unplayed pair.
    """
    n = len(players)
    pairs: list[tuple[str, str]] = []
    start = 0
    for end in _segment_ends(players, points):
        found = _matching_within(players[start:end], points, seen, 8)
        if found is None:
            break
        pairs += found
        start = end
    else:
        return pairs
    for window in (16, n):
        found = _matching_within(players, points, seen, window)
        if found is not None or window >= n:
            return found
    return None


SEGMENT = 24


def _segment_ends(players: Sequence[str], points: dict[str, int]) -> list[int]:
    """Where to cut the field: every SEGMENT players (an even number), the last segment running
    to the end. The ideal Swiss pairs are neighbours in the standings, (1, 2), (3, 4)..., even a
    player floating down to the next match-point group, so a cut at an even place splits none of
    them; where rematches make a segment unpairable, the whole field is matched instead."""
    n = len(players)
    ends = list(range(SEGMENT, n - SEGMENT + 1, SEGMENT))
    if not ends or ends[-1] != n:
        ends = [e for e in ends if n - e >= SEGMENT] + [n]
    return ends


def _matching_within(players: Sequence[str], points: dict[str, int], seen: set[frozenset[str]],
                     window: int) -> list[tuple[str, str]] | None:
    rank = {p: i for i, p in enumerate(players)}
    n = len(players)
    spread = max((points.get(p, 0) for p in players), default=0) - min((points.get(p, 0) for p in players), default=0)
    # Weights: a point of difference costs more than any rank distance can add up to.
    unit = n * n + 1
    top = (spread * spread + 1) * unit + n
    graph = nx.Graph()
    graph.add_nodes_from(players)
    for i, a in enumerate(players):
        for b in players[i + 1:i + 1 + window]:
            if frozenset((a, b)) in seen:
                continue
            gap = points.get(a, 0) - points.get(b, 0)
            graph.add_edge(a, b, weight=top - gap * gap * unit - (rank[b] - rank[a]))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != n:
        return None
    pairs = [tuple(sorted(edge, key=rank.__getitem__)) for edge in matching]
    return sorted(pairs, key=lambda pair: rank[pair[0]])  # type: ignore[return-value]


def swiss_round(ranked: Sequence[str], history: Sequence[Match], round_no: int,
                points: dict[str, int] | None = None, pod_min: int = 2, pod_max: int = 2) -> list[Match]:
    """The next Swiss round for players listed best first (the standings).

    Pairs never repeat; with an odd count the bye goes to the lowest-ranked player who has not
    had one (and whose sitting out still leaves a pairing without rematches). Refused, with the
    reason, when no pairing without a rematch is left.
    """
    points = points or {}
    seen = met(history)
    if pod_max > 2:
        return _swiss_pods(ranked, history, round_no, pod_min, pod_max, seen)
    byes_had = had_bye(history)
    if len(ranked) < 2:
        raise LeagueError("too-few-players", "A round needs at least two players.")
    candidates: list[str | None] = [None]
    if len(ranked) % 2:
        candidates = [p for p in reversed(ranked) if p not in byes_had]
        if not candidates:
            raise LeagueError("no-bye-left", "Every player has had a bye; the round cannot give another.")
    for bye in candidates:
        playing = [p for p in ranked if p != bye]
        pairs = _matching(playing, points, seen)
        if pairs is not None:
            matches = [Match(round=round_no, table=i + 1, players=list(pair)) for i, pair in enumerate(pairs)]
            if bye is not None:
                matches.append(Match(round=round_no, table=len(matches) + 1, players=[bye]))
            return matches
    raise LeagueError("no-pairing", "Every possible pairing of this round repeats a game already played; "
                      "the Swiss season is over (close the league or drop a player).")


def _swiss_pods(ranked: Sequence[str], history: Sequence[Match], round_no: int, low: int, high: int,
                seen: set[frozenset[str]]) -> list[Match]:
    """Pods for multiplayer games: best-ranked first, each pod filled with the next players who
    have met none of it (or, failing that, the fewest); byes to the lowest-ranked without one."""
    sizes, byes = pod_sizes(len(ranked), low, high)
    if not sizes:
        raise LeagueError("too-few-players", f"A round needs at least {low} players for a game.")
    byes_had = had_bye(history)
    order = list(reversed(ranked))
    bye_players = [p for p in order if p not in byes_had][:byes]
    bye_players += [p for p in order if p not in bye_players][: byes - len(bye_players)]
    left = [p for p in ranked if p not in bye_players]
    matches: list[Match] = []
    for size in sizes:
        pod = [left.pop(0)]
        while len(pod) < size:
            best = min(left, key=lambda p: (sum(frozenset((p, q)) in seen for q in pod), left.index(p)))
            pod.append(best)
            left.remove(best)
        matches.append(Match(round=round_no, table=len(matches) + 1, players=pod))
    for p in bye_players:
        matches.append(Match(round=round_no, table=len(matches) + 1, players=[p]))
    return matches


def round_robin_schedule(players: Sequence[str]) -> list[list[Match]]:
    """Every round of a round-robin by the circle method: the first player stays, the others
    turn one place each round; with an odd count an empty place makes a bye.

    >>> [len(r) for r in round_robin_schedule(list("abcde"))]
    [3, 3, 3, 3, 3]
    """
    ring: list[str | None] = list(players)
    if len(ring) < 2:
        raise LeagueError("too-few-players", "A round-robin needs at least two players.")
    if len(ring) % 2:
        ring.append(None)
    n = len(ring)
    rounds: list[list[Match]] = []
    for r in range(n - 1):
        turned = [ring[0]] + ring[1:][-r:] + ring[1:][:-r] if r else list(ring)
        games, bye = [], None
        for i in range(n // 2):
            a, b = turned[i], turned[n - 1 - i]
            if a is None or b is None:
                bye = a if b is None else b
            else:
                games.append([a, b])
        matches = [Match(round=r + 1, table=0, players=[bye])] if bye is not None else []
        matches += [Match(round=r + 1, table=0, players=g) for g in games]
        for t, m in enumerate(matches):
            m.table = t + 1
        rounds.append(matches)
    return rounds


def ladder_round(ladder: Sequence[str], history: Sequence[Match], round_no: int, reach: int = 3) -> list[Match]:
    """Challenges on a ladder listed top first: from the bottom up, each player not yet in a game
    challenges the nearest free player above within ``reach`` rungs that it did not play last
    round (or, failing that, the nearest). A player nobody can challenge sits the round out
    without points (a ladder has no byes).

    >>> [m.players for m in ladder_round(["a", "b", "c", "d"], [], 1)]
    [['c', 'd'], ['a', 'b']]
    """
    last = met(m for m in history if m.round == round_no - 1)
    busy: set[str] = set()
    matches: list[Match] = []
    for i in range(len(ladder) - 1, 0, -1):
        challenger = ladder[i]
        if challenger in busy:
            continue
        above = [ladder[j] for j in range(i - 1, max(-1, i - 1 - reach), -1) if ladder[j] not in busy]
        if not above:
            continue
        fresh = [p for p in above if frozenset((p, challenger)) not in last]
        defender = (fresh or above)[0]
        busy |= {challenger, defender}
        matches.append(Match(round=round_no, table=len(matches) + 1, players=[defender, challenger]))
    if not matches:
        raise LeagueError("too-few-players", "A ladder round needs at least two players.")
    return matches


def pair_round(settings: LeagueSettings, ranked: Sequence[str], signup_order: Sequence[str],
               history: Sequence[Match], round_no: int, points: dict[str, int]) -> list[Match]:
    """The next round in the league's format. ``ranked`` are the players still in, best first
    (for a ladder: the ladder); ``signup_order`` fixes the round-robin circle."""
    if settings.format == "swiss":
        return swiss_round(ranked, history, round_no, points, settings.pod_min, settings.pod_max)
    if settings.format == "ladder":
        return ladder_round(ranked, history, round_no, settings.reach)
    # The circle is fixed by everyone who signed up, so a drop doesn't reshuffle the rest of the
    # season: a dropped player's opponent that round gets the bye instead.
    schedule = round_robin_schedule(signup_order)
    if round_no > len(schedule):
        raise LeagueError("season-over", f"Everyone has played everyone: a round-robin of {len(signup_order)} "
                          f"has {len(schedule)} rounds.")
    active = set(ranked)
    matches = []
    for match in schedule[round_no - 1]:
        playing = [p for p in match.players if p in active]
        if playing:
            matches.append(Match(round=round_no, table=len(matches) + 1, players=playing))
    return matches
