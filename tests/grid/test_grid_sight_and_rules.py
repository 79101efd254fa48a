"""Sight, cover and threat details beyond the worked examples, and the remaining MoveRules options."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.grid import (
    Body, GridMap, MoveRules, PathState, adjacent, can_see, has_cover, line_of_sight, melee_cover,
    nearest, threatened_squares, validate_path,
)
from engine.grid.movement import five_foot_step, minimum_move
from engine.grid.speed import allowance


def g(w=10, h=10, **kw):
    return GridMap(width=w, height=h, **kw)


def test_line_touching_a_wall_corner_gives_no_sight_but_a_clear_line_does():
    # Walls at (1,0) and (0,1) seal the corner; a single wall leaves lines past it.
    assert not line_of_sight(g(walls=[(1, 0), (0, 1)]), (0, 0), (2, 2))
    assert line_of_sight(g(walls=[(1, 0)]), (0, 0), (2, 2))
    # A wall square straight between two creatures blocks sight.
    assert not line_of_sight(g(walls=[(2, 0), (2, 1), (2, 2)]), (0, 1), (4, 1))


def test_sight_along_a_wall_face():
    # Creatures standing along a wall see each other along it.
    grid = g(walls=[(x, 1) for x in range(10)])
    assert line_of_sight(grid, (0, 0), (9, 0))
    assert not line_of_sight(grid, (0, 0), (9, 2))


def test_wall_edges_block_sight_and_give_cover():
    grid = g(wall_edges=[((2, y), (3, y)) for y in range(10)])
    assert not line_of_sight(grid, (0, 0), (5, 0))
    stub = g(wall_edges=[((2, 1), (3, 1))])  # a short wall on the line x=3 between y=1 and y=2
    assert not line_of_sight(stub, (0, 1), (5, 1))  # every line along the row touches it
    assert line_of_sight(stub, (0, 1), (5, 2))
    assert has_cover(stub, (0, 1), (5, 2), corners=[(1, 1)])  # a bad corner to shoot from...
    assert not has_cover(stub, (0, 1), (5, 2))  # ...so the attacker picks a better one
    assert not adjacent(stub, (2, 1), (3, 1)) and adjacent(stub, (2, 0), (3, 0))


def test_forest_blocks_sight_only_when_crossed_side_to_side():
    grid = g(terrain={"forest": [(2, 0)]})
    assert not line_of_sight(grid, [(0, 0)], [(4, 0)])  # left side to right side
    assert line_of_sight(grid, [(0, 1)], [(4, 1)])  # passes below it
    assert line_of_sight(grid, [(2, 0)], [(5, 0)])  # a creature in the forest sees out
    assert line_of_sight(grid, [(0, 0)], [(4, 0)], effect=True)  # forest doesn't block effect
    assert has_cover(grid, (0, 0), (4, 0))  # intervening forest gives cover (AMB-43)
    assert has_cover(grid, (5, 5), (2, 0)) and melee_cover(grid, (3, 0), (2, 0))  # cover inside


def test_fog_blocks_sight_not_effect():
    grid = g(terrain={"fog": [(2, 0), (2, 1), (2, 2)]})
    assert not line_of_sight(grid, (0, 1), (4, 1))
    assert line_of_sight(grid, (0, 1), (4, 1), effect=True)
    assert not can_see(grid, (0, 1), (4, 1))


def test_big_creatures_see_from_any_square():
    grid = g(walls=[(3, 0), (3, 1), (3, 2)])
    ogre = Body(id="o", side="A", anchor=(1, 2), size="large")  # (1,2)-(2,3): its lower row sees past
    assert line_of_sight(grid, ogre, (5, 1))
    assert not line_of_sight(grid, (2, 1), (5, 1))


def test_cover_from_another_creature_between():
    grid = g()
    assert has_cover(grid, (0, 0), (4, 0), [Body(id="x", side="B", anchor=(2, 0))])
    assert not has_cover(grid, (0, 0), (4, 0), [Body(id="x", side="B", anchor=(2, 3))])
    # Statues give cover but don't block sight.
    statue = g(terrain={"statue": [(2, 0)]})
    assert line_of_sight(statue, (0, 0), (4, 0)) and has_cover(statue, (0, 0), (4, 0))


def test_threat_of_an_inactive_or_helpless_creature_is_empty():
    grid = g()
    assert threatened_squares(grid, Body(id="a", side="A", anchor=(5, 5), active=False)) == set()
    assert threatened_squares(grid, Body(id="a", side="A", anchor=(5, 5), helpless=True)) == set()
    assert len(threatened_squares(grid, Body(id="a", side="A", anchor=(5, 5)))) == 8


def test_threat_stops_at_walls():
    grid = g(walls=[(5, 4), (4, 5)])
    zone = threatened_squares(grid, Body(id="a", side="A", anchor=(5, 5)))
    assert (4, 4) not in zone  # both squares between are walls: not adjacent (AMB-54)
    ogre = Body(id="o", side="A", anchor=(5, 5), size="large")
    big = threatened_squares(g(walls=[(x, 3) for x in range(10)]), ogre)
    assert not any(y < 3 for _, y in big)  # no reach through a wall


def test_reach_diagonal_options():
    grid = g()
    man = Body(id="m", side="A", anchor=(5, 5))
    plain = threatened_squares(grid, man, reach_weapon=True)
    assert (3, 3) not in plain and (3, 5) in plain and (4, 5) not in plain
    ext = threatened_squares(grid, man, reach_weapon=True, rules=MoveRules(reach_weapon_diagonal_exception=True))
    assert (3, 3) in ext
    ogre = Body(id="o", side="A", anchor=(5, 5), size="large")
    natural = threatened_squares(grid, ogre)
    assert (3, 3) not in natural
    assert (3, 3) in threatened_squares(grid, ogre, rules=MoveRules(natural_reach_diagonal_exception=True))


def test_nearest_without_rng_leaves_the_tie_to_the_player():
    out = nearest((0, 0), [(3, 0), (0, 3), (5, 5)])
    assert out.choice is None and out.tied == [(3, 0), (0, 3)] and out.distance == 3
    assert nearest((0, 0), [(3, 0), (0, 4)]).choice == (3, 0)
    assert nearest((0, 0), []).choice is None
    # A metric may leave candidates out (e.g. those the attacker can't see).
    pick = nearest((0, 0), [(3, 0), (0, 4)], Rng.from_seed(1), metric=lambda a, b: None if b == [(3, 0)] else 4)
    assert pick.choice == (0, 4) and pick.roll is None


def test_five_foot_step_ext_restrictions():
    grid, man = g(), Body(id="m", side="A", anchor=(0, 0))
    with pytest.raises(IllegalAction, match="already taken"):
        five_foot_step(grid, man, (1, 0), [], stepped_this_round=True)
    with pytest.raises(IllegalAction, match="already moved"):
        five_foot_step(grid, man, (1, 0), [], moved_this_round=True)
    with pytest.raises(IllegalAction, match="too slow"):
        five_foot_step(grid, man, (1, 0), [], speed=1)
    rough = g(terrain={"difficult": [(1, 0)]})
    with pytest.raises(IllegalAction, match="hampered"):
        five_foot_step(rough, man, (1, 0), [])
    lax = MoveRules(five_foot_step_once_per_round=False, five_foot_step_not_with_other_movement=False,
                    five_foot_step_not_hampered=False, five_foot_step_min_speed=0)
    assert five_foot_step(rough, man, (1, 0), [], lax, speed=1, moved_this_round=True,
                          stepped_this_round=True).cost == 1
    assert five_foot_step(grid, man, (1, 1), []).cost == 1  # diagonal allowed


def test_minimum_move_only_when_needed_option():
    grid, man = g(), Body(id="m", side="A", anchor=(0, 0))
    assert minimum_move(grid, man, (1, 1), []).cost == 1
    with pytest.raises(IllegalAction, match="can still move"):
        minimum_move(grid, man, (1, 1), [], MoveRules(minimum_move_only_when_needed=True), speed=6)


def test_allowance_modes():
    assert [allowance(6, m) for m in ("move", "double", "run", "charge", "five_foot_step", "minimum")] == \
        [6, 12, 24, 12, 1, 1]
    assert allowance(4, "run", heavy_armour=True) == 12
    assert allowance(4, "run", heavy_armour=True, run_heavy_x3=False) == 16
    with pytest.raises(IllegalAction):
        allowance(6, "teleport")


def test_max_doublings_option_caps_stacked_slowing():
    grid = g(terrain={"difficult": [(1, 0)], "poor_visibility": [(1, 0)]})
    man = Body(id="m", side="A", anchor=(0, 0))
    assert validate_path(grid, man, [(1, 0)], [], PathState(), MoveRules()).cost == 4
    assert validate_path(grid, man, [(1, 0)], [], PathState(), MoveRules(max_doublings=1)).cost == 2
    blind = man.model_copy(update={"blind": True})
    assert validate_path(g(), blind, [(1, 0), (2, 1)], [], PathState(), MoveRules.minis()).steps == [2, 3]
    assert validate_path(grid, blind, [(1, 0)], [], PathState(), MoveRules.minis()).cost == 2


def test_path_errors_are_specific():
    man = Body(id="m", side="A", anchor=(0, 0), name="Orc Mauler")
    with pytest.raises(IllegalAction, match="not next to"):
        validate_path(g(), man, [(2, 0)], [], PathState(), MoveRules())
    with pytest.raises(IllegalAction, match="Orc Mauler has 6 squares of movement left; that path costs 7"):
        validate_path(g(), man, [(x, 0) for x in range(1, 8)], [], PathState(), MoveRules(), budget=6)
    with pytest.raises(IllegalAction, match="can't leave the map"):
        validate_path(g(), man, [(-1, 0)], [], PathState(), MoveRules())
