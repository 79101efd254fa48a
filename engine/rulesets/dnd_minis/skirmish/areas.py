"""Which creatures a spell's or ability's area reaches (War Drums §17.5, §17.7).

The template shapes are the spells package's (radius, cone, line); the board decides the rest:
where the template lies (the target in the radius block, the cone from the caster's corner
toward the target) and line of effect from the origin.
"""

from __future__ import annotations

from engine.grid import line_of_sight
from engine.rulesets.dnd_minis.spells import cone_squares, line_of_spell, radius_squares

XY = tuple[int, int]


def affected(field, caster, target, area: str | None, block: XY | None = None) -> list:
    """Creatures in ``area`` ("radius 2", "radius 4", "cone", "line 12") aimed at ``target``;
    without an area, the target alone."""
    if not area:
        return [target]
    grid = field.grid
    if area.startswith("radius"):
        n = int(area.split()[1])
        block = block if block in blocks_holding(target) else blocks_holding(target)[0]
        centre = [block, (block[0] + 1, block[1]), (block[0], block[1] + 1), (block[0] + 1, block[1] + 1)]
        squares = {s for s in radius_squares(block, n) if grid.in_bounds(s)
                   and line_of_sight(grid, centre, [s], effect=True)}
        return [c for c in field.on_board() if any(sq in squares for sq in c.squares)]
    if area == "cone":
        apex, direction = cone_toward(caster, target)
        squares = {s for s in cone_squares(apex, direction) if grid.in_bounds(s) and s not in caster.squares
                   and line_of_sight(grid, caster.squares, [s], effect=True)}
        return [c for c in field.on_board() if c.id != caster.id and any(sq in squares for sq in c.squares)]
    if area.startswith("line"):
        squares = []
        for sq in line_of_spell(caster.squares[0], target.squares[0]):
            if not grid.in_bounds(sq) or grid.has_property(sq, "blocks_effect"):
                break
            squares.append(sq)
        hit = set(squares)
        return [c for c in field.on_board() if c.id != caster.id and any(sq in hit for sq in c.squares)]
    return [target]


def blocks_holding(target) -> list[XY]:
    """2x2 centre blocks that may hold the target (A-42): any block holding a 1-square target,
    the Large target's own space, a block inside a Huge one."""
    own = set(target.squares)
    out = []
    for x, y in sorted(own, key=lambda s: (s[1], s[0])):
        for bx in (x - 1, x):
            for by in (y - 1, y):
                block = {(bx, by), (bx + 1, by), (bx, by + 1), (bx + 1, by + 1)}
                if (len(own) == 1 or block <= own) and (bx, by) not in out:
                    out.append((bx, by))
    return out


def cone_toward(caster, target) -> tuple[XY, XY]:
    """The caster's corner facing the target, and the quadrant direction that opens toward it."""
    xs = [s[0] for s in caster.squares]
    ys = [s[1] for s in caster.squares]
    tx, ty = target.squares[0]
    sx = 1 if tx > max(xs) else -1 if tx < min(xs) else (1 if tx >= xs[0] else -1)
    sy = 1 if ty > max(ys) else -1 if ty < min(ys) else (1 if ty >= ys[0] else -1)
    px = max(xs) + 1 if sx > 0 else min(xs)
    py = max(ys) + 1 if sy > 0 else min(ys)
    return (px, py), (sx, sy)
