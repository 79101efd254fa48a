"""The geometric part of dnd-minis-skirmish.md's worked examples (W-nn), on the grid core."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.grid import (
    Body, GridMap, MoveRules, PathState, adjacent_squares, distance, flanked, has_cover,
    line_of_sight, melee_cover, nearest, shortest_path, step_cost, threatened_squares,
    validate_path, walking_distance,
)

M = MoveRules.minis()


def board(w=14, h=14, **kw) -> GridMap:
    return GridMap(width=w, height=h, **kw)


def body(id, side, at, **kw) -> Body:
    return Body(id=id, side=side, anchor=at, **kw)


def test_w04_command_radius_and_sight():
    g = board(walls=[(6, 5), (6, 6)])
    p = (5, 5)
    expected = {(5, 8): (3, True), (2, 9): (5, True), (7, 5): (4, False), (5, 12): (7, True)}
    for sq, (dist, sees) in expected.items():
        assert walking_distance(g, p, sq) == dist, sq
        assert line_of_sight(g, p, sq) is sees, sq


def test_w05_command_distance_counts_around_walls():
    g = board(walls=[(6, 4), (6, 5), (6, 6)])
    assert walking_distance(g, (5, 5), (7, 5)) == 6
    assert distance((5, 5), (7, 5)) == 2  # the straight count, which command range doesn't use
    # No diagonal across a wall corner while counting either.
    corner = board(walls=[(1, 0)])
    assert walking_distance(corner, (0, 0), (1, 1)) == 2


def test_w07_diagonal_counting():
    g = board()
    gnoll = body("gnoll", "A", (0, 0))
    assert validate_path(g, gnoll, [(1, 1), (2, 2), (3, 3), (4, 4)], [body("f", "B", (5, 5))], PathState(), M,
                         budget=6).cost == 6
    assert validate_path(g, gnoll, [(1, 1), (2, 1), (3, 2)], [], PathState(), M).cost == 4
    assert [distance((0, 0), d) for d in [(1, 1), (2, 2), (4, 4), (3, 1), (6, 0)]] == [1, 3, 6, 3, 6]


def test_w10_flanking():
    g, orc = board(), (5, 5)
    assert flanked(g, (4, 5), (6, 5), orc) and flanked(g, (6, 5), (4, 5), orc)  # P and H
    fighter_partners = [(4, 5), (6, 5), (4, 6), (6, 4)]
    assert not any(flanked(g, (5, 4), h, orc) for h in fighter_partners)  # nobody at (5,6)
    monk_partner = body("d", "A", (6, 4), active=False)  # stunned: threatens nothing
    assert flanked(g, (4, 6), (6, 4), orc) and orc not in threatened_squares(g, monk_partner)


def test_w11_flanking_a_large_creature():
    g = board()
    ogre = body("o", "B", (5, 5), size="large")
    d = (5, 4)
    assert flanked(g, d, (5, 7), ogre)
    assert flanked(g, d, (6, 7), ogre)
    assert not flanked(g, d, (7, 6), ogre)


def test_w12_melee_cover():
    g = board(walls=[(6, 5)])
    orc, dwarf, fighter = (5, 5), (6, 6), (4, 6)
    assert melee_cover(g, dwarf, orc) and melee_cover(g, orc, dwarf)
    assert not melee_cover(g, fighter, orc)  # the gnoll at (4,5) gives no melee cover


def test_w14_charge_destination_costs():
    g = board()
    dwarf, orc = body("d", "A", (0, 0)), body("o", "B", (5, 5))
    costs = {sq: shortest_path(g, dwarf, sq, [orc], PathState(), M).cost for sq in adjacent_squares(g, orc)}
    assert costs[(4, 4)] == 6 and costs[(4, 5)] == 7 and costs[(5, 4)] == 7
    assert min(costs, key=lambda s: (costs[s], s[1], s[0])) == (4, 4)
    dwarf2, orc2 = body("d", "A", (0, 2)), body("o", "B", (6, 2))
    costs2 = {sq: shortest_path(g, dwarf2, sq, [orc2], PathState(), M).cost for sq in adjacent_squares(g, orc2)}
    best = min(costs2.values())
    assert best == 5 and sorted(s for s, c in costs2.items() if c == best) == [(5, 1), (5, 2), (5, 3)]


def test_w16_line_of_sight():
    g = board(walls=[(2, 0), (2, 1)])
    archer, gnoll, orc = (0, 2), (4, 2), (4, 0)
    assert line_of_sight(g, archer, gnoll)
    assert not line_of_sight(g, archer, orc) and not line_of_sight(g, orc, archer)
    assert line_of_sight(g, gnoll, orc)
    assert not line_of_sight(board(walls=[(2, 0)]), (0, 0), (4, 0))
    other = board(walls=[(2, 1)])
    assert line_of_sight(other, (0, 0), (4, 0)) and not has_cover(other, (0, 0), (4, 0))


def test_w17_cover_against_ranged_attacks():
    assert has_cover(board(walls=[(5, 1)]), (0, 0), (6, 2))
    assert line_of_sight(board(walls=[(5, 1)]), (0, 0), (6, 2))
    g = board()
    ranger, gnoll = body("r", "A", (5, 0)), body("g", "B", (6, 0))
    assert has_cover(g, (0, 0), gnoll, [ranger])
    assert ranger.anchor in threatened_squares(g, gnoll)


def test_w18_shooting_around_a_corner():
    g = board(walls=[(3, 2), (3, 1), (3, 0)])
    assert line_of_sight(g, (2, 2), (5, 4))
    assert not has_cover(g, (2, 2), (5, 4))
    assert not has_cover(g, (2, 2), (5, 4), corners=[(3, 3)])


def test_w19_cover_for_large_creatures():
    ogre = body("o", "B", (5, 5), size="large")
    g = board(walls=[(7, 4)])
    assert not melee_cover(g, (7, 5), ogre) and not melee_cover(g, ogre, (7, 5))
    ranged = board(walls=[(8, 5)])
    assert line_of_sight(ranged, (10, 5), ogre)
    assert has_cover(ranged, (10, 5), ogre)
    around = board(walls=[(5, 4)])
    assert melee_cover(around, (4, 4), ogre) and melee_cover(around, ogre, (4, 4))


def test_w20_grazing_lines():
    assert not line_of_sight(board(walls=[(1, 0), (0, 1)]), (0, 0), (2, 2))
    g = board(walls=[(1, 1)])
    assert line_of_sight(g, (0, 0), (3, 0)) and not has_cover(g, (0, 0), (3, 0))


def test_w21_nearest_enemy_even_behind_a_statue():
    g = board(terrain={"statue": [(2, 0)]})
    x, y = body("x", "B", (4, 0)), body("y", "B", (5, 1))
    pick = nearest((0, 0), [y, x])
    assert pick.choice is x and pick.distance == 4
    assert has_cover(g, (0, 0), x) and not has_cover(g, (0, 0), y)
    unseen = nearest((0, 0), [y, x], metric=lambda a, b: None if b == x.squares else distance(a[0], b[0]))
    assert unseen.choice is y


def test_w24_turning_corners():
    walls = [(0, 0), (1, 0), (0, 1), (1, 1)]
    g = board(walls=walls)
    medium = body("m", "A", (1, 2))
    with pytest.raises(IllegalAction, match="corner"):
        step_cost(g, medium, (1, 2), (2, 1), [], PathState(), M)
    assert shortest_path(g, medium, (2, 1), [], PathState(), M).cost == 2
    assert shortest_path(board(), medium, (2, 1), [], PathState(), M).cost == 1
    minotaur = body("mino", "A", (0, 2), size="large")
    assert shortest_path(g, minotaur, (2, 1), [], PathState(), M).cost == 3
    assert shortest_path(board(walls=[(0, 0), (1, 0)]), minotaur, (2, 1), [], PathState(), M).cost == 2


def test_w25_difficult_terrain():
    g = board(terrain={"difficult": [(1, 0), (2, 0), (3, 1)]})
    gnoll = body("g", "A", (0, 0))
    assert validate_path(g, gnoll, [(1, 0), (2, 0), (3, 1), (4, 1)], [], PathState(), M).steps == [2, 2, 3, 1]
    assert validate_path(g, gnoll, [(1, 0), (2, 0), (3, 1), (4, 2)], [], PathState(), M).cost == 8


def test_w26_stone_spikes():
    g = board(terrain={"spike_stones": [(1, 0), (2, 1)]})
    walker = body("w", "A", (0, 0))
    path = validate_path(g, walker, [(1, 0), (2, 1)], [], PathState(), M)
    assert path.steps == [2, 3] and [e.kind for e in path.events] == ["spikes", "spikes"]
    flier = body("f", "A", (0, 0), flying=True)
    fly = validate_path(g, flier, [(1, 0), (2, 1)], [], PathState(), M)
    assert fly.steps == [1, 1] and fly.events == []


def test_w29_statues():
    g = board(terrain={"statue": [(1, 0), (1, 1)]})
    m = body("m", "A", (0, 0))
    assert step_cost(g, m, (0, 0), (1, 0), [], PathState(), M)[0] == 2
    assert step_cost(g, m, (0, 0), (1, 1), [], PathState(), M)[0] == 3
    with pytest.raises(IllegalAction, match="statue"):
        validate_path(g, m, [(1, 0)], [], PathState(), M)
    assert line_of_sight(g, (0, 0), (3, 0)) and has_cover(g, (0, 0), (3, 0))
