"""Area templates (War Drums §17.7, Skirmish §26.2; AMB-20/A-28 approximations).

- radius N: the 2x2 centre block holding the target, plus every square within N (1-2-1-2)
  of it — 32 squares for radius 2, 80 for radius 4; only squares with line of effect from
  the block's centre count.
- line 12: squares a line from a corner of the caster to a corner of the target touches,
  up to 12 squares, stopping at what blocks line of effect.
- cone: the squares of a quarter circle of 6 squares from a corner of the caster that hold
  the target (quadrant cone).
"""

from __future__ import annotations

from engine.grid import distance, line_of_sight

XY = tuple[int, int]


def radius_squares(block: XY, n: int) -> set[XY]:
    """Squares of a radius-``n`` template around the 2x2 block with top-left ``block``."""
    bx, by = block
    out = set()
    for x in range(bx - n, bx + 2 + n):
        for y in range(by - n, by + 2 + n):
            dx = max(bx - x, 0, x - (bx + 1))
            dy = max(by - y, 0, y - (by + 1))
            if max(dx, dy) + min(dx, dy) // 2 <= n:
                out.add((x, y))
    return out


def affected(field, caster, target, spec, action) -> list:
    """The creatures an action reaches: the target alone, or everyone in its area."""
    area = getattr(spec, "area", None) or ""
    name = f"{spec.range} {area}".casefold()
    n = 4 if "radius 4" in name else 2 if "radius 2" in name else 0
    if n:
        block = _block_for(target, action)
        squares = {s for s in radius_squares(block, n) if field.grid.in_bounds(s)}
        origin = [block, (block[0] + 1, block[1]), (block[0], block[1] + 1), (block[0] + 1, block[1] + 1)]
        squares = {s for s in squares if line_of_sight(field.grid, origin, [s], effect=True)}
        return [c for c in field.on_board() if any(sq in squares for sq in c.squares)]
    if "cone" in name:
        return _cone(field, caster, target)
    if "line" in name:
        return _line(field, caster, target)
    return [target]


def _block_for(target, action) -> XY:
    x0 = min(s[0] for s in target.squares)
    y0 = min(s[1] for s in target.squares)
    if action.square is not None and action.square in _blocks_holding(target):
        return action.square
    return (x0, y0)


def _blocks_holding(target) -> list[XY]:
    out = []
    for x, y in target.squares:
        for bx in (x - 1, x):
            for by in (y - 1, y):
                block = {(bx, by), (bx + 1, by), (bx, by + 1), (bx + 1, by + 1)}
                if len(target.squares) == 1 or block <= set(target.squares):
                    out.append((bx, by))
    return out


def _cone(field, caster, target) -> list:
    """Quadrant cone from the caster's corner nearest the target: square (i, j) of the quadrant
    is in when cost(i+1, j+1) <= 6 (24 squares)."""
    tx, ty = target.squares[0]
    cx = [s[0] for s in caster.squares]
    cy = [s[1] for s in caster.squares]
    sx = 1 if tx > max(cx) else -1
    sy = 1 if ty > max(cy) else -1
    px = max(cx) + 1 if sx > 0 else min(cx)
    py = max(cy) + 1 if sy > 0 else min(cy)
    squares = set()
    for i in range(6):
        for j in range(6):
            a, b = i + 1, j + 1
            if max(a, b) + min(a, b) // 2 <= 6:
                squares.add((px + i if sx > 0 else px - 1 - i, py + j if sy > 0 else py - 1 - j))
    squares = {s for s in squares if field.grid.in_bounds(s)
               and line_of_sight(field.grid, caster.squares, [s], effect=True)}
    return [c for c in field.on_board() if c.id != caster.id and any(sq in squares for sq in c.squares)]


def _line(field, caster, target) -> list:
    """Line 12: from the caster's centre through the target's centre, 12 squares on."""
    from engine.grid import line_squares

    a = caster.squares[0]
    b = target.squares[0]
    dx, dy = b[0] - a[0], b[1] - a[1]
    steps = max(abs(dx), abs(dy)) or 1
    far = (a[0] + round(dx * 12 / steps), a[1] + round(dy * 12 / steps))
    out = []
    for sq in line_squares(a, far)[1:]:
        if distance(a, sq) > 12 or not field.grid.in_bounds(sq) or field.grid.is_wall(sq):
            break
        out.append(sq)
    hit = set(out)
    return [c for c in field.on_board() if c.id != caster.id and any(sq in hit for sq in c.squares)]
