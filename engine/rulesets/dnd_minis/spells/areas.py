"""Spell templates on the grid: radius, cone and line (War Drums §17.7 [AMB-20]; skirmish
§26.2 [A-28]). Pure geometry over squares (x, y); line of effect is the ruleset's.

>>> len(radius_squares((10, 10), 2)), len(radius_squares((10, 10), 4))
(32, 80)
>>> len(cone_squares((0, 0), (1, 1), "quadrant")), len(cone_squares((5, 5), (0, -1), "wedge"))
(24, 28)
"""

from __future__ import annotations

from engine.grid.sight import line_squares

XY = tuple[int, int]


def cost(dx: int, dy: int) -> int:
    """1-2-1-2 distance for offsets dx, dy ≥ 0."""
    return max(dx, dy) + min(dx, dy) // 2


def radius_squares(block: XY, n: int) -> set[XY]:
    """The 2×2 centre block with top-left ``block`` plus every square within ``n`` of it."""
    bx, by = block
    out = set()
    for x in range(bx - n, bx + 2 + n):
        for y in range(by - n, by + 2 + n):
            dx = bx - x if x < bx else x - (bx + 1) if x > bx + 1 else 0
            dy = by - y if y < by else y - (by + 1) if y > by + 1 else 0
            if cost(dx, dy) <= n:
                out.add((x, y))
    return out


def cone_squares(apex: XY, direction: XY, kind: str = "quadrant", length: int = 6) -> set[XY]:
    """A cone from grid corner ``apex``. Quadrant cones open toward ``direction`` = (±1, ±1);
    wedge cones open along an axis ``direction`` = (0, ±1) or (±1, 0)."""
    px, py = apex
    out: set[XY] = set()
    if kind == "quadrant":
        sx, sy = direction
        for i in range(length):
            for j in range(length):
                if cost(i + 1, j + 1) <= length:
                    x = px + i if sx > 0 else px - 1 - i
                    y = py + j if sy > 0 else py - 1 - j
                    out.add((x, y))
        return out
    # wedge, computed opening north (−y) then rotated
    base = []
    for j in range(length):
        for i in range(-length, length):
            dy = j + 1
            dx = i + 1 if i >= 0 else -i
            if dx <= dy and cost(dx, dy) <= length:
                base.append((i, j))
    dx_, dy_ = direction
    for i, j in base:
        if (dx_, dy_) == (0, -1):
            out.add((px + i, py - 1 - j))
        elif (dx_, dy_) == (0, 1):
            out.add((px + i, py + j))
        elif (dx_, dy_) == (1, 0):
            out.add((px + j, py + i))
        else:
            out.add((px - 1 - j, py + i))
    return out


def line_of_spell(origin: XY, toward: XY, length: int = 12) -> list[XY]:
    """Squares along the line from the caster's square toward the target's, continued to
    ``length`` squares (the ruleset stops it at the first LoE-blocking square)."""
    ox, oy = origin
    tx, ty = toward
    dx, dy = tx - ox, ty - oy
    if (dx, dy) == (0, 0):
        return []
    steps = max(abs(dx), abs(dy))
    scale = (length + steps) // steps + 1
    far = (ox + dx * scale, oy + dy * scale)
    out = []
    for sq in line_squares(origin, far):
        if sq == origin:
            continue
        if cost(abs(sq[0] - ox), abs(sq[1] - oy)) > length:
            break
        out.append(sq)
    return out
