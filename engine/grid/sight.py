"""Adjacency, line of sight, cover, melee cover, threatened squares, flanking, "nearest".

Geometry follows D&D Miniatures (War Drums §9, §11.3, §12; Skirmish §12, §15, §16), which is
the only grid text that defines it (the 3.5 movement text leaves sight and cover out, §14):

- **Line of sight**: some straight line from a point of one space to a point of the other that
  neither crosses nor *touches* a sight-blocking square (walls, fog, smoke) or wall edge, and
  does not cross two opposite sides of one forest square. Creatures never block sight.
- **Ranged cover**: the attacker picks one corner of its space; if from *every* corner some
  line to the target's space crosses the *interior* of a wall, statue, forest or creature
  square (or a wall edge), the target has cover. Grazing lines give no cover.
- **Melee cover**: some line from the attacker's square to the defender's square crosses a wall;
  a big creature picks its best square, so cover needs every square pairing.
- **Flanking**: the line between the centres of attacker and helper passes through two opposite
  sides of the defender's space (a corner belongs to both sides).

All tests are exact: coordinates are scaled integers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from pydantic import BaseModel, ConfigDict

from engine.core.dice import Roll, roll_dice
from engine.core.rng import Rng
from engine.grid.body import Body, squares_of
from engine.grid.board import GridMap
from engine.grid.geometry import (
    convex_hull, crosses_opposite_sides, interiors_overlap, rect_corners, segment_touches_rect,
    segments_touch,
)
from engine.grid.squares import XY, distance, space_distance

_K = 1_000_000  # grid units per square; even, so centres are integers
_EPS = 1  # how far candidate corner points are pulled into their square

SquaresLike = Body | XY | Iterable[XY]


# ----- adjacency ------------------------------------------------------------------------------

def squares_adjacent(grid: GridMap, p: XY, q: XY) -> bool:
    """Two squares touch by an edge or corner and no wall separates them (minis AMB-54).

    Orthogonal squares are separated by a wall on their shared edge. Diagonal squares are
    separated when both ways round the shared corner are closed (a solid square, or a wall
    edge on the way).
    """
    dx, dy = q[0] - p[0], q[1] - p[1]
    if max(abs(dx), abs(dy)) != 1:
        return False
    if dx == 0 or dy == 0:
        return not grid.edge_wall(p, q)
    return not (_way_closed(grid, p, q, (q[0], p[1])) and _way_closed(grid, p, q, (p[0], q[1])))


def _way_closed(grid: GridMap, p: XY, q: XY, via: XY) -> bool:
    return grid.is_wall(via) or grid.edge_wall(p, via) or grid.edge_wall(via, q)


def adjacent(grid: GridMap, a: SquaresLike, b: SquaresLike) -> bool:
    """Two spaces are adjacent when any square of one is adjacent to any square of the other."""
    sa, sb = squares_of(a), squares_of(b)
    return any(squares_adjacent(grid, p, q) for p in sa for q in sb)


def adjacent_squares(grid: GridMap, space: SquaresLike) -> list[XY]:
    """The squares on the map adjacent to a space (walls and the space itself left out), in
    reading order: where a creature must stand to be adjacent, e.g. to end a charge."""
    own = set(squares_of(space))
    out = set()
    for p in own:
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                q = (p[0] + dx, p[1] + dy)
                if q in own or q in out or not grid.in_bounds(q) or grid.is_wall(q):
                    continue
                if squares_adjacent(grid, p, q):
                    out.add(q)
    return sorted(out, key=lambda s: (s[1], s[0]))


# ----- line of sight ---------------------------------------------------------------------------

def _rect(sq: XY) -> tuple[int, int, int, int]:
    return (sq[0] * _K, sq[1] * _K, (sq[0] + 1) * _K, (sq[1] + 1) * _K)


def _candidates(sq: XY) -> list[tuple[int, int]]:
    """Sample points of a square: its corners pulled in slightly, and its centre (Skirmish §12.2)."""
    x0, y0, x1, y1 = _rect(sq)
    return [(x0 + _K // 2, y0 + _K // 2), (x0 + _EPS, y0 + _EPS), (x1 - _EPS, y0 + _EPS),
            (x1 - _EPS, y1 - _EPS), (x0 + _EPS, y1 - _EPS)]


def _edge_segment(edge) -> tuple[tuple[int, int], tuple[int, int]]:
    (ax, ay), (bx, by) = edge
    if ay == by:
        x = max(ax, bx) * _K
        return ((x, ay * _K), (x, (ay + 1) * _K))
    y = max(ay, by) * _K
    return ((ax * _K, y), ((ax + 1) * _K, y))


def _bbox_filter(squares: Iterable[XY], lo: XY, hi: XY) -> list[XY]:
    return [s for s in squares if lo[0] - 1 <= s[0] <= hi[0] + 1 and lo[1] - 1 <= s[1] <= hi[1] + 1]


def line_of_sight(grid: GridMap, a: SquaresLike, b: SquaresLike, *, effect: bool = False,
                  extra_blockers: Iterable[XY] = ()) -> bool:
    """Can a straight line join the two spaces without touching anything that blocks sight?

    ``effect=True`` tests line of effect instead (only walls block: fog and forest don't).
    The spaces' own squares never block. Symmetric.
    """
    sa, sb = squares_of(a), squares_of(b)
    own = set(sa) | set(sb)
    allsq = sa + sb
    lo = (min(s[0] for s in allsq), min(s[1] for s in allsq))
    hi = (max(s[0] for s in allsq), max(s[1] for s in allsq))
    prop = "blocks_effect" if effect else "blocks_sight"
    blockers = [s for s in _bbox_filter(grid.squares_with(prop) | set(extra_blockers), lo, hi)
                if s not in own]
    forests = [] if effect else [
        s for s in _bbox_filter(grid.squares_with("blocks_sight_crossing"), lo, hi) if s not in own
    ]
    edges = [_edge_segment(e) for e in grid.wall_edges
             if lo[0] - 1 <= e[0][0] <= hi[0] + 1 and lo[1] - 1 <= e[0][1] <= hi[1] + 1]
    if not blockers and not forests and not edges:
        return True
    rects = [_rect(s) for s in blockers]
    frects = [_rect(s) for s in forests]
    for p_sq in sa:
        for q_sq in sb:
            for p in _candidates(p_sq):
                for q in _candidates(q_sq):
                    if any(segment_touches_rect(p, q, r) for r in rects):
                        continue
                    if any(segments_touch(p, q, e0, e1) for e0, e1 in edges):
                        continue
                    if any(crosses_opposite_sides(p, q, r) for r in frects):
                        continue
                    return True
    return False


def can_see(grid: GridMap, viewer: SquaresLike, target: SquaresLike) -> bool:
    """Line of sight plus fog/smoke hiding (minis §18.3): a creature in fog is seen only by
    adjacent creatures, and a creature in fog sees only adjacent creatures. Invisibility and
    blindness are the ruleset's to add."""
    sv, st = squares_of(viewer), squares_of(target)
    hiding = grid.squares_with("hides")
    if hiding and (any(s in hiding for s in sv) or any(s in hiding for s in st)):
        if not adjacent(grid, sv, st):
            return False
    return line_of_sight(grid, sv, st)


# ----- cover -----------------------------------------------------------------------------------

def _space_rect(squares: Sequence[XY]) -> tuple[int, int, int, int]:
    return (min(s[0] for s in squares) * _K, min(s[1] for s in squares) * _K,
            (max(s[0] for s in squares) + 1) * _K, (max(s[1] for s in squares) + 1) * _K)


def _grid_corners(squares: Sequence[XY]) -> list[tuple[int, int]]:
    pts = {(x + i, y + j) for x, y in squares for i in (0, 1) for j in (0, 1)}
    return [(x * _K, y * _K) for x, y in sorted(pts)]


def has_cover(grid: GridMap, attacker: SquaresLike, target: SquaresLike,
              others: Iterable[SquaresLike] = (), *, terrain_inside: bool = True,
              corners: Iterable[XY] | None = None) -> bool:
    """Ranged cover (minis §11.3, Skirmish §16.2): True when no corner of the attacker's space
    sees the whole target space clear of walls, statues, forest, wall edges and other creatures.

    ``others`` are the other creatures (Bodies or squares); the attacker's and target's own
    squares never give cover. With ``terrain_inside`` a target standing in forest has cover.
    """
    sa, st = squares_of(attacker), squares_of(target)
    own = set(sa) | set(st)
    if terrain_inside and any(grid.has_property(s, "cover_inside") for s in st):
        return True
    blocks = set(grid.squares_with("gives_cover"))
    for other in others:
        blocks.update(squares_of(other))
    blocks -= own
    allsq = sa + st
    lo = (min(s[0] for s in allsq), min(s[1] for s in allsq))
    hi = (max(s[0] for s in allsq), max(s[1] for s in allsq))
    polys = [rect_corners(_rect(s)) for s in _bbox_filter(blocks, lo, hi)]
    segs = [list(_edge_segment(e)) for e in grid.wall_edges
            if lo[0] - 1 <= e[0][0] <= hi[0] + 1 and lo[1] - 1 <= e[0][1] <= hi[1] + 1]
    if not polys and not segs:
        return False
    target_pts = rect_corners(_space_rect(st))
    points = _grid_corners(sa) if corners is None else [(x * _K, y * _K) for x, y in corners]
    for c in points:
        hull = convex_hull([c] + target_pts)
        if not any(interiors_overlap(hull, p) for p in polys) and not any(
            interiors_overlap(hull, s) for s in segs
        ):
            return False  # the attacker shoots from this corner: no cover
    return True


def melee_cover(grid: GridMap, attacker: SquaresLike, defender: SquaresLike, *,
                terrain_inside: bool = True) -> bool:
    """Melee cover (minis §12.5): every usable pairing of an attacker square with a defender
    square has a line crossing a wall (around a corner or at a wall's end), so a big creature,
    which may pick any of its squares, gets or gives cover only when all its touching pairs do.
    Creatures never give it.

    With ``terrain_inside`` a defender in forest has cover too (minis §18.4, AMB-43).
    """
    sa, sd = squares_of(attacker), squares_of(defender)
    if terrain_inside and any(grid.has_property(s, "cover_inside") for s in sd):
        return True
    walls = grid.squares_with("gives_melee_cover")
    # The usable pairings are the adjacent ones (a melee attack goes from a square to a
    # neighbouring one); a reach attack between spaces that don't touch uses every pairing.
    pairs = [(p, q) for p in sa for q in sd if max(abs(p[0] - q[0]), abs(p[1] - q[1])) == 1]
    if not pairs:
        pairs = [(p, q) for p in sa for q in sd]
    return all(_pair_melee_cover(grid, walls, p, q) for p, q in pairs)


def _pair_melee_cover(grid: GridMap, walls, p: XY, q: XY) -> bool:
    hull = convex_hull(rect_corners(_rect(p)) + rect_corners(_rect(q)))
    lo = (min(p[0], q[0]), min(p[1], q[1]))
    hi = (max(p[0], q[0]), max(p[1], q[1]))
    for w in _bbox_filter(walls, lo, hi):
        if w not in (p, q) and interiors_overlap(hull, rect_corners(_rect(w))):
            return True
    for e in grid.wall_edges:
        if lo[0] - 1 <= e[0][0] <= hi[0] + 1 and lo[1] - 1 <= e[0][1] <= hi[1] + 1:
            if interiors_overlap(hull, list(_edge_segment(e))):
                return True
    return False


# ----- threat, reach, flanking -----------------------------------------------------------------

def threatened_squares(grid: GridMap, body: Body, reach: int | None = None, *,
                       reach_weapon: bool = False, rules=None,
                       diagonal_exception: bool | None = None) -> set[XY]:
    """The squares ``body`` threatens.

    - Reach 1: the squares adjacent to its space (minis §12.1; 3.5 normal reach).
    - Natural reach above 1: every square within that many squares (1-2-1-2) to which it has
      line of effect, adjacent ones included (3.5 §10.3, A14).
    - ``reach_weapon``: a Large or bigger creature reaches beyond its natural reach up to double
      it, but not at natural reach or closer; a Small/Medium one reaches exactly 2 squares.
    - The [EXT] diagonal exception (reach 2 also covers the (2, 2) diagonal squares) applies
      when ``diagonal_exception`` is True, or when ``rules`` (a MoveRules) turns it on:
      ``reach_weapon_diagonal_exception`` for a Small/Medium wielder of a reach weapon,
      ``natural_reach_diagonal_exception`` for a natural reach of 2.
    - Reach 0 (Tiny in 3.5), helpless or not-active creatures threaten nothing.
    """
    if diagonal_exception is None:
        diagonal_exception = False
        if rules is not None:
            if reach_weapon:
                diagonal_exception = body.side_len == 1 and rules.reach_weapon_diagonal_exception
            else:
                natural = body.reach if reach is None else reach
                diagonal_exception = natural == 2 and rules.natural_reach_diagonal_exception
    if body.helpless or not body.active:
        return set()
    r = body.reach if reach is None else reach
    own = set(body.squares)
    if reach_weapon:
        if body.side_len >= 2:
            lo_d, hi_d = r + 1, 2 * max(r, 1)
        else:
            lo_d, hi_d = 2, 2
    else:
        lo_d, hi_d = 1, r
    if hi_d <= 0:
        return set()
    xs = [s[0] for s in own]
    ys = [s[1] for s in own]
    out: set[XY] = set()
    span = hi_d + 1
    for x in range(min(xs) - span, max(xs) + span + 1):
        for y in range(min(ys) - span, max(ys) + span + 1):
            sq = (x, y)
            if sq in own or not grid.in_bounds(sq) or grid.is_wall(sq):
                continue
            d = min(distance(sq, o) for o in own)
            ok = lo_d <= d <= hi_d
            if not ok and diagonal_exception and hi_d == 2 and lo_d <= 2:
                ok = any(abs(sq[0] - o[0]) == 2 and abs(sq[1] - o[1]) == 2 for o in own)
            if not ok:
                continue
            if d == 1:
                if not any(squares_adjacent(grid, o, sq) for o in own):
                    continue
            elif not line_of_sight(grid, list(own), [sq], effect=True):
                continue
            out.add(sq)
    return out


def threatens(grid: GridMap, body: Body, target: SquaresLike, **kw) -> bool:
    squares = threatened_squares(grid, body, **kw)
    return any(s in squares for s in squares_of(target))


def flanked(grid: GridMap, attacker: SquaresLike, helper: SquaresLike, defender: SquaresLike) -> bool:
    """The geometric flanking test (minis §12.4, Skirmish §15.3): a line between the centres of
    a square of the attacker and a square of the helper passes through two opposite sides of
    the defender's space (a corner counts for both sides meeting there).

    Whether the helper threatens the defender, is active, or the defender is immune is the
    ruleset's to check (3.5: Tiny creatures can't flank).
    """
    sa, sh, sd = squares_of(attacker), squares_of(helper), squares_of(defender)
    x0, y0, x1, y1 = _space_rect(sd)
    sides = {
        "top": ((x0, y0), (x1, y0)), "bottom": ((x0, y1), (x1, y1)),
        "left": ((x0, y0), (x0, y1)), "right": ((x1, y0), (x1, y1)),
    }
    for a in sa:
        ca = (a[0] * _K + _K // 2, a[1] * _K + _K // 2)
        for h in sh:
            ch = (h[0] * _K + _K // 2, h[1] * _K + _K // 2)
            touched = {n for n, (s0, s1) in sides.items() if segments_touch(ca, ch, s0, s1)}
            if {"top", "bottom"} <= touched or {"left", "right"} <= touched:
                return True
    return False


# ----- nearest ---------------------------------------------------------------------------------

class Nearest(BaseModel):
    """The outcome of a "nearest" rule: the pick, its distance, every tied candidate, and the
    die rolled to break a tie (None when there was no tie)."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    choice: object | None
    distance: int | None
    tied: list
    roll: Roll | None = None


def nearest(origin: SquaresLike, candidates: Sequence, rng: Rng | None = None,
            metric: Callable[[list[XY], list[XY]], int | None] | None = None,
            purpose: str = "nearest tie") -> Nearest:
    """The candidate nearest to ``origin`` (3.5 §3.4): ties broken by a die from the game's Rng.

    ``candidates`` are Bodies or squares; ``metric(origin_squares, candidate_squares)`` gives a
    distance or None to leave a candidate out (default: 1-2-1-2 distance between spaces). With
    no ``rng`` the tied candidates are returned and ``choice`` is None when there is a tie (the
    player chooses, as in minis §11.2).
    """
    so = squares_of(origin)
    measure = metric or space_distance
    scored = []
    for cand in candidates:
        d = measure(so, squares_of(cand))
        if d is not None:
            scored.append((d, cand))
    if not scored:
        return Nearest(choice=None, distance=None, tied=[])
    best = min(d for d, _ in scored)
    tied = [c for d, c in scored if d == best]
    if len(tied) == 1:
        return Nearest(choice=tied[0], distance=best, tied=tied)
    if rng is None:
        return Nearest(choice=None, distance=best, tied=tied)
    roll = roll_dice(f"1d{len(tied)}", rng, purpose=purpose)
    return Nearest(choice=tied[roll.total - 1], distance=best, tied=tied, roll=roll)


def line_squares(a: XY, b: XY) -> list[XY]:
    """Squares whose interior the line between the centres of squares ``a`` and ``b`` crosses,
    in order from ``a`` (both ends included). Squares the line only touches at a corner or
    along an edge are left out (minis charge lane, AMB-23(b)).

    >>> line_squares((0, 0), (2, 2))
    [(0, 0), (1, 1), (2, 2)]
    """
    from engine.grid.geometry import segment_crosses_rect_interior

    p = (a[0] * _K + _K // 2, a[1] * _K + _K // 2)
    q = (b[0] * _K + _K // 2, b[1] * _K + _K // 2)
    out = []
    for x in range(min(a[0], b[0]), max(a[0], b[0]) + 1):
        for y in range(min(a[1], b[1]), max(a[1], b[1]) + 1):
            if segment_crosses_rect_interior(p, q, _rect((x, y))):
                out.append((x, y))
    dx, dy = b[0] - a[0], b[1] - a[1]
    out.sort(key=lambda s: (s[0] - a[0]) * dx + (s[1] - a[1]) * dy)
    return out
