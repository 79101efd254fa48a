"""Which creatures a spell's or ability's area reaches (War Drums §17.5, §17.7).

The template shapes are the spells package's (radius, cone, line); the board decides the rest:
where the template lies (the target in the radius block, the cone from the caster's corner
toward the target) and line of effect from the origin.
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.grid import line_of_sight, space_distance, square_name
from engine.rulesets.dnd_minis.spells import cone_squares, line_of_spell, radius_squares
from engine.core.text import _

XY = tuple[int, int]

CONE_LENGTH = 6  # War Drums §17.7: creatures within 6 squares of the caster
LINE_LENGTH = 12


def affected(field, caster, target, area: str | None, block: XY | None = None) -> list:
    """Creatures in ``area`` ("radius 2", "radius 4", "cone", "line 12") aimed at ``target``;
    without an area, the target alone.

    ``block``: the square the player named (``/cast ... square:F6``). For a radius it picks the
    2x2 centre block holding the target; a cone or a line is aimed at it instead of straight at
    the target, which must still be inside the area (§17.7).
    """
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
        if block is not None:
            _check_aim(field, caster, block, "cone", CONE_LENGTH)
        # Unaimed, the cone points at the target itself (a wedge when it is in line with the
        # caster, so a target straight ahead is inside its own cone).
        apex, direction, kind = cone_aimed(caster, block if block is not None else target.squares[0])
        squares = {s for s in cone_squares(apex, direction, kind, CONE_LENGTH) if grid.in_bounds(s)
                   and s not in caster.squares and line_of_sight(grid, caster.squares, [s], effect=True)}
        hit = [c for c in field.on_board() if c.id != caster.id and any(sq in squares for sq in c.squares)]
        _check_holds(caster, target, hit, block, "cone")
        return hit
    if area.startswith("line"):
        if block is not None:
            _check_aim(field, caster, block, "line", LINE_LENGTH)
        squares = []
        for sq in line_of_spell(caster.squares[0], block if block is not None else target.squares[0], LINE_LENGTH):
            if not grid.in_bounds(sq) or grid.has_property(sq, "blocks_effect"):
                break
            squares.append(sq)
        hit_squares = set(squares)
        hit = [c for c in field.on_board() if c.id != caster.id and any(sq in hit_squares for sq in c.squares)]
        _check_holds(caster, target, hit, block, "line")
        return hit
    return [target]


def _check_aim(field, caster, square: XY, shape: str, length: int) -> None:
    """A cone or line may be aimed only at a square it could reach: outside the caster's own
    space, within its length and in line of effect from the caster (§17.7, Skirmish §21.4)."""
    where = square_name(square)
    if not field.grid.in_bounds(square):
        raise IllegalAction("aim-off-map", _('{where} is not on the map.', where=where))
    if square in caster.squares:
        raise IllegalAction("aim-self", _('Aim the {shape} away from the {caster}: {where} is its own square.',
                                          shape=shape, caster=caster.name, where=where))
    distance = space_distance(caster.squares, [square])
    if distance > length:
        raise IllegalAction("aim-out-of-range", _('{where} is {distance} squares from the {caster}; a {shape} '
                                                  'reaches {length}.', where=where, distance=distance, caster=caster.name, shape=shape, length=length))
    if not line_of_sight(field.grid, caster.squares, [square], effect=True):
        raise IllegalAction("aim-no-effect", _("The {caster} has no line of effect to {where}: the {shape} "
                                               "can't be aimed there.",
                                               caster=caster.name, where=where, shape=shape))


def _check_holds(caster, target, hit: list, square: XY | None, shape: str) -> None:
    """The nearest enemy or ally the spell is cast at must be inside the aimed area (§17.7)."""
    if square is not None and target not in hit and target.id != caster.id:
        raise IllegalAction("aim-misses-target", _('A {shape} aimed at {square} misses the {target}; the '
                                                   'nearest enemy or ally must be inside it.',
                                                   shape=shape, square=square_name(square), target=target.name))


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


def cone_aimed(caster, square: XY) -> tuple[XY, XY, str]:
    """The cone template a player aims at ``square`` (Skirmish §26.2, A-28): straight along a
    grid axis (a wedge cone) when the square is in line with the caster's space, else the
    quadrant cone opening toward it. The apex is a corner on the caster's boundary and the
    template never overlaps its space. Returns (apex, direction, kind).

    >>> cone_aimed(type("C", (), {"squares": [(5, 5)]})(), (5, 9))  # straight south
    ((5, 6), (0, 1), 'wedge')
    """
    xs = [s[0] for s in caster.squares]
    ys = [s[1] for s in caster.squares]
    tx, ty = square
    if min(xs) <= tx <= max(xs):
        south = ty > max(ys)
        return (tx, max(ys) + 1 if south else min(ys)), (0, 1 if south else -1), "wedge"
    if min(ys) <= ty <= max(ys):
        east = tx > max(xs)
        return (max(xs) + 1 if east else min(xs), ty), (1 if east else -1, 0), "wedge"
    apex, direction = cone_toward(caster, None, square)
    return apex, direction, "quadrant"


def cone_toward(caster, target, square: XY | None = None) -> tuple[XY, XY]:
    """The caster's corner facing the target (or ``square``), and the quadrant direction that
    opens toward it."""
    xs = [s[0] for s in caster.squares]
    ys = [s[1] for s in caster.squares]
    tx, ty = square if square is not None else target.squares[0]
    sx = 1 if tx > max(xs) else -1 if tx < min(xs) else (1 if tx >= xs[0] else -1)
    sy = 1 if ty > max(ys) else -1 if ty < min(ys) else (1 if ty >= ys[0] else -1)
    px = max(xs) + 1 if sx > 0 else min(xs)
    py = max(ys) + 1 if sy > 0 else min(ys)
    return (px, py), (sx, sy)
