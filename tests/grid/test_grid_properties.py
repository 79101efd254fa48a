"""Property tests: invariants of distance, paths, sight and cover on random small maps."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.core.errors import IllegalAction
from engine.grid import (
    Body, GridMap, MoveRules, PathState, distance, flanked, has_cover, line_of_sight, melee_cover,
    parse_square, reachable, shortest_path, square_name, validate_path,
)

W = H = 8
coords = st.tuples(st.integers(0, W - 1), st.integers(0, H - 1))
square_sets = st.sets(coords, max_size=14)
RULESETS = [MoveRules(), MoveRules.minis(), MoveRules(hampered_diagonal_counter_increment=1)]
common = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def make_map(walls, difficult=(), pits=(), forest=(), fog=()) -> GridMap:
    return GridMap(width=W, height=H, walls=walls,
                   terrain={"difficult": list(difficult), "pit": list(pits), "forest": list(forest),
                            "fog": list(fog)})


def cost_or_none(grid, mover, dest, rules, others=()):
    try:
        return shortest_path(grid, mover, dest, list(others), PathState(), rules).cost
    except IllegalAction:
        return None


@given(st.tuples(st.integers(-50, 50), st.integers(-50, 50)), st.tuples(st.integers(-50, 50), st.integers(-50, 50)))
def test_distance_is_symmetric_and_a_metric_bound(a, b):
    assert distance(a, b) == distance(b, a)
    assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) <= distance(a, b) <= abs(a[0] - b[0]) + abs(a[1] - b[1])


@given(st.integers(0, 700), st.integers(0, 98))
def test_square_names_round_trip(x, y):
    assert parse_square(square_name((x, y))) == (x, y)


@common
@given(coords, coords, st.sampled_from(RULESETS))
def test_open_ground_path_costs_the_closed_form(a, b, rules):
    assume(a != b)
    grid = GridMap(width=W, height=H)
    assert shortest_path(grid, Body(id="m", side="A", anchor=a), b, [], PathState(), rules).cost == distance(a, b)


@common
@given(square_sets, square_sets, coords, coords, st.sampled_from(RULESETS))
def test_path_cost_never_below_the_straight_line_count(walls, difficult, a, b, rules):
    assume(a != b and a not in walls and b not in walls)
    grid = make_map(walls, difficult)
    cost = cost_or_none(grid, Body(id="m", side="A", anchor=a), b, rules)
    assert cost is None or cost >= distance(a, b)


@common
@given(square_sets, square_sets, square_sets, coords, coords, st.sampled_from(RULESETS))
def test_adding_terrain_or_walls_never_makes_a_path_cheaper(walls, difficult, more, a, b, rules):
    assume(a != b and a not in walls and b not in walls)
    mover = Body(id="m", side="A", anchor=a)
    before = cost_or_none(make_map(walls, difficult), mover, b, rules)
    rougher = cost_or_none(make_map(walls, set(difficult) | set(more)), mover, b, rules)
    walled = cost_or_none(make_map(set(walls) | (set(more) - {a, b}), difficult), mover, b, rules)
    if before is None:
        assert rougher is None and walled is None
    else:
        assert rougher is None or rougher >= before
        assert walled is None or walled >= before


@common
@given(square_sets, square_sets, square_sets, coords, coords, st.sampled_from(RULESETS),
       st.integers(0, 5), st.booleans())
def test_shortest_path_is_legal_and_optimal(walls, difficult, pits, a, b, rules, diag0, flying):
    assume(a != b and a not in walls and b not in walls)
    grid = make_map(walls, difficult, set(pits) - {a})
    mover = Body(id="m", side="A", anchor=a, flying=flying)
    state = PathState(diag_count=diag0)
    try:
        path = shortest_path(grid, mover, b, [], state, rules)
    except IllegalAction:
        assert b not in reachable(grid, mover, [], state, rules, budget=10_000)
        return
    again = validate_path(grid, mover, path.squares, [], state, rules, shapes=path.shapes)
    assert again.cost == path.cost and again.steps == path.steps
    assert again.diag_count_after == path.diag_count_after
    assert reachable(grid, mover, [], state, rules, budget=10_000)[b] == path.cost
    assert sum(path.steps) == path.cost


@common
@given(square_sets, coords, coords, st.integers(1, 6))
def test_reachable_squares_are_exactly_those_within_budget(walls, a, b, budget):
    assume(a not in walls)
    grid = make_map(walls)
    mover = Body(id="m", side="A", anchor=a)
    reach = reachable(grid, mover, [], PathState(), MoveRules(), budget)
    assert all(cost <= budget for cost in reach.values())
    if b != a and b not in walls:
        cost = cost_or_none(grid, mover, b, MoveRules())
        assert (b in reach) == (cost is not None and cost <= budget)


@common
@given(square_sets, square_sets, square_sets, coords, coords)
def test_line_of_sight_is_symmetric(walls, forest, fog, a, b):
    grid = make_map(set(walls) - {a, b}, forest=forest, fog=fog)
    assert line_of_sight(grid, [a], [b]) == line_of_sight(grid, [b], [a])


@common
@given(square_sets, coords, coords, st.sets(coords, max_size=4))
def test_more_blockers_never_remove_cover(walls, a, b, creatures):
    assume(a != b)
    walls = set(walls) - {a, b}
    grid = make_map(walls)
    fewer = has_cover(grid, [a], [b], [])
    more = has_cover(grid, [a], [b], [[c] for c in creatures - {a, b}])
    assert more or not fewer
    if fewer:
        assert has_cover(make_map(walls | {(0, 0)} - {a, b}), [a], [b], [])


@common
@given(square_sets, coords, st.sampled_from([(1, 0), (1, 1), (0, 1), (-1, 1)]))
def test_melee_cover_is_symmetric_for_single_squares(walls, a, d):
    b = (a[0] + d[0], a[1] + d[1])
    grid = make_map(set(walls) - {a, b})
    assert melee_cover(grid, [a], [b], terrain_inside=False) == melee_cover(grid, [b], [a], terrain_inside=False)


@common
@given(coords, coords, coords)
def test_flanking_is_symmetric_between_attacker_and_helper(a, h, d):
    grid = GridMap(width=W, height=H)
    assert flanked(grid, [a], [h], [d]) == flanked(grid, [h], [a], [d])


@pytest.mark.parametrize("rules", RULESETS)
def test_a_blocked_destination_says_why(rules):
    grid = make_map({(3, 3)})
    with pytest.raises(IllegalAction, match="D4 is a wall"):
        shortest_path(grid, Body(id="m", side="A", anchor=(0, 0)), (3, 3), [], PathState(), rules)


@common
@given(square_sets, square_sets, coords, coords, st.sampled_from(RULESETS))
def test_every_cheapest_path_listed_is_legal_distinct_and_as_cheap_as_the_shortest(walls, difficult, a, b, rules):
    from engine.grid import shortest_paths

    assume(a != b and a not in walls and b not in walls)
    grid = make_map(walls, difficult)
    mover = Body(id="m", side="A", anchor=a)
    best = cost_or_none(grid, mover, b, rules)
    paths = shortest_paths(grid, mover, b, [], PathState(), rules, limit=12)
    assert (best is None) == (paths == [])
    assert len({tuple(p.squares) for p in paths}) == len(paths) <= 12
    for p in paths:
        assert p.cost == best and p.squares[-1] == b
        assert validate_path(grid, mover, p.squares, [], PathState(), rules).cost == best
    if paths:
        assert paths[0].squares == shortest_path(grid, mover, b, [], PathState(), rules).squares
