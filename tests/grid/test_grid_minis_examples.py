"""The pure-geometry worked examples of dnd-minis-war-drums.md §29.2, §29.3, §29.4 and §29.5
(attack dice are the ruleset's; here only the grid part of each example is tested)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.grid import (
    Body, GridMap, MoveRules, PathState, adjacent, can_see, flanked, has_cover, line_of_sight,
    line_squares, melee_cover, nearest, shortest_path, step_cost, threatened_squares,
    validate_path,
)
from engine.grid.movement import can_end_at, minimum_move, provocations, snap_back

M = MoveRules.minis()


def board(w=12, h=12, **kw) -> GridMap:
    return GridMap(width=w, height=h, **kw)


def body(id, side, at, **kw) -> Body:
    return Body(id=id, side=side, anchor=at, **kw)


# ----- §29.2 movement ---------------------------------------------------------------------------

def test_we09_diagonal_1_2_1_2():
    gnoll = body("gnoll", "A", (0, 0), name="Gnoll")
    warrior = body("warrior", "B", (5, 5))
    path = validate_path(board(), gnoll, [(1, 1), (2, 2), (3, 3), (4, 4)], [warrior], PathState(), M, budget=6)
    assert path.cost == 6 and adjacent(board(), (4, 4), warrior)
    with pytest.raises(IllegalAction, match="costs 7"):
        validate_path(board(), gnoll, [(1, 1), (2, 2), (3, 3), (4, 4), (5, 4)], [warrior], PathState(), M,
                      budget=6)
    assert validate_path(board(), gnoll, [(1, 1), (2, 2), (3, 3), (4, 4), (5, 4)], [warrior], PathState(),
                         M, budget=12).cost == 7


def test_we10_diagonal_count_persists_over_orthogonal_steps():
    path = validate_path(board(), body("m", "A", (0, 0)), [(1, 1), (2, 1), (3, 2)], [], PathState(), M)
    assert path.steps == [1, 1, 2] and path.cost == 4


def test_we11_difficult_diagonal_does_not_advance_the_counter():
    grid = board(terrain={"difficult": [(2, 2)]})
    path = validate_path(grid, body("m", "A", (0, 0)), [(1, 1), (2, 2), (3, 3)], [], PathState(), M)
    assert path.steps == [1, 3, 2] and path.cost == 6


def test_we12_minimum_move():
    rough = board(terrain={"difficult": [(1, 1)]})
    slow = body("slug", "A", (0, 0))  # speed 1: a double move is 2 squares
    with pytest.raises(IllegalAction, match="costs 3"):
        validate_path(rough, slow, [(1, 1)], [], PathState(), M, budget=2)
    assert minimum_move(rough, slow, (1, 1), [], M).cost == 1
    with pytest.raises(IllegalAction, match="wall"):
        minimum_move(board(walls=[(1, 0)]), slow, (1, 0), [], M)


def test_we13_allies_and_enemies():
    grid, mover = board(), body("m", "A", (0, 0))
    friend = body("f", "A", (1, 0))
    assert validate_path(grid, mover, [(1, 0), (2, 0)], [friend], PathState(), M).cost == 2
    with pytest.raises(IllegalAction):
        validate_path(grid, mover, [(1, 0)], [friend], PathState(), M)
    with pytest.raises(IllegalAction, match="enemy"):
        validate_path(grid, mover, [(1, 0), (2, 0)], [body("e", "B", (1, 0))], PathState(), M)
    down = [body("e", "B", (1, 0), helpless=True)]
    assert validate_path(grid, mover, [(1, 0), (2, 0)], down, PathState(), M).cost == 2
    with pytest.raises(IllegalAction):  # minis: never end on a helpless creature
        validate_path(grid, mover, [(1, 0)], down, PathState(), M)


def test_we14_wall_corner():
    both = board(4, 4, walls=[(1, 0), (0, 1)])
    a, b = body("a", "A", (0, 0)), body("b", "B", (1, 1))
    assert not adjacent(both, a, b) and not line_of_sight(both, a, b)
    with pytest.raises(IllegalAction, match="corner"):
        step_cost(both, a, (0, 0), (1, 1), [], PathState(), M)
    one = board(4, 4, walls=[(1, 0)])
    with pytest.raises(IllegalAction, match="corner"):
        step_cost(one, a, (0, 0), (1, 1), [], PathState(), M)
    assert adjacent(one, a, b)
    assert melee_cover(one, a, b) and melee_cover(one, b, a)


def _corridor(gap: int, length: int = 10, height: int = 6, y0: int = 2) -> GridMap:
    walls = [(x, y) for x in range(3, 7) for y in range(height) if not y0 <= y < y0 + gap]
    return GridMap(width=length, height=height, walls=walls)


def test_we15_squeezing():
    one_wide = _corridor(1)
    large = body("ogre", "A", (0, 2), size="large")
    path = shortest_path(one_wide, large, (7, 2), [], PathState(), M)
    squeezed = [c for c, s in zip(path.steps, path.shapes) if s != (2, 2)]
    assert squeezed and all(c in (2, 3) for c in squeezed)
    with pytest.raises(IllegalAction, match="fits without squeezing"):
        shortest_path(one_wide, large, (4, 2), [], PathState(), M)
    huge = body("giant", "A", (0, 1), size="huge")
    with pytest.raises(IllegalAction):
        shortest_path(one_wide, huge, (7, 1), [], PathState(), M)
    assert shortest_path(_corridor(2), huge, (7, 1), [], PathState(), M).cost > 0
    # Never past an enemy: a Medium enemy in a two-wide corridor blocks the Large creature.
    with pytest.raises(IllegalAction):
        shortest_path(_corridor(2), large, (7, 2), [body("e", "B", (5, 3))], PathState(), M)


def test_we16_large_creature_and_enemy_squares():
    large = body("ogre", "A", (0, 0), size="large")
    with pytest.raises(IllegalAction, match="enemy"):
        step_cost(board(), large, (0, 0), (1, 0), [body("e", "B", (2, 1))], PathState(), M)


# ----- §29.3 flanking, melee cover, attacks of opportunity -------------------------------------

def test_we17_flanking_positions():
    g, devil = board(), (5, 5)
    assert flanked(g, (4, 5), (6, 5), devil)  # (a)
    assert flanked(g, (4, 4), (6, 6), devil)  # (b) opposite corners
    assert not flanked(g, (4, 5), (6, 6), devil)  # (c) left side then bottom side
    stunned = body("b", "A", (6, 5), active=False)  # (d) a stunned helper threatens nothing
    assert devil not in threatened_squares(g, stunned)


def test_we17_flanking_big_creatures_use_any_square():
    g = board()
    ogre = body("ogre", "A", (3, 4), size="large")  # (3,4)-(4,5), west of a defender at (5,5)
    assert flanked(g, ogre, (6, 5), (5, 5))
    big_defender = body("d", "B", (5, 5), size="large")  # (5,5)-(6,6)
    assert flanked(g, (4, 5), (7, 6), big_defender)
    assert not flanked(g, (4, 5), (6, 7), big_defender)


def test_we18_melee_cover():
    g = board(walls=[(5, 4)])
    dwarf, orc = body("dwarf", "A", (4, 4)), body("orc", "B", (5, 5))
    assert melee_cover(g, dwarf, orc) and melee_cover(g, orc, dwarf)
    # The dwarf gets no AoO: the ruleset skips threateners the mover has melee cover from.
    assert provocations(g, orc, [(6, 6)], [dwarf], threat=lambda e: set()) == []
    # Creatures never give melee cover.
    assert not melee_cover(board(), dwarf, orc)


def test_we19_aoo_triggers_each_time_a_threatened_square_is_left():
    e = body("E", "B", (5, 5))
    m = body("M", "A", (4, 5))
    events = provocations(board(), m, [(4, 6), (3, 7)], [e])
    assert [(ev.square, ev.by) for ev in events] == [((4, 5), "E"), ((4, 6), "E")]


def test_we20_fog_does_not_hide_an_adjacent_creature():
    g = board(terrain={"fog": [(4, 5)]})
    e, m = body("E", "B", (5, 5)), body("M", "A", (4, 5))
    assert can_see(g, e, m) and can_see(g, m, e)
    far = body("F", "B", (8, 5))
    assert not can_see(g, far, m) and not can_see(g, m, far)


def test_we21_legal_position_is_the_controllers_choice_among_the_nearest():
    g = board(5, 3)
    m = body("M", "A", (2, 1))
    out = snap_back(g, m, (2, 1), None, [body("a", "A", (2, 1))], M)
    assert out.choice is None and len(out.tied) == 8 and out.distance == 1  # the player picks
    hall = board(5, 1)
    allies = [body("a1", "A", (1, 0)), body("a2", "A", (2, 0))]
    assert snap_back(hall, body("M", "A", (2, 0)), (2, 0), None, allies, M).choice == (3, 0)


# ----- §29.4 charge: the geometric part ---------------------------------------------------------

def test_we22_charge_geometry():
    g = board()
    dwarf, orc = body("dwarf", "A", (0, 0)), body("orc", "B", (5, 5))
    assert shortest_path(g, dwarf, (4, 4), [orc], PathState(), M).cost == 6
    assert line_squares((0, 0), (4, 4)) == [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4)]


def test_we23_charge_blocked_geometry():
    dwarf, orc = body("dwarf", "A", (0, 0)), body("orc", "B", (5, 5))
    rough = board(terrain={"difficult": [(2, 2)]})
    assert shortest_path(rough, dwarf, (4, 4), [orc], PathState(), M).cost == 6
    assert (2, 2) in line_squares((0, 0), (4, 4))
    walled = board(walls=[(2, 2)])
    costs = {sq: shortest_path(walled, dwarf, sq, [orc], PathState(), M).cost
             for sq in [(4, 4), (4, 5), (5, 4), (6, 4), (4, 6)]}
    assert costs[(4, 4)] == costs[(4, 5)] == costs[(5, 4)] == 7
    assert min(costs.values()) == 7


# ----- §29.5 ranged attacks and cover ------------------------------------------------------------

def test_we29_nearest_visible_target_even_in_cover():
    g = board(walls=[(3, 1)])
    archer = body("archer", "A", (0, 0))
    orc, gnoll = body("orc", "B", (4, 2)), body("gnoll", "B", (9, 0))
    assert nearest(archer, [gnoll, orc]).choice is orc
    assert has_cover(g, archer, orc, [gnoll])
    assert not has_cover(g, archer, gnoll, [orc])


def test_we30_creature_cover_and_shooting_into_melee():
    g = board()
    archer, ranger, gnoll = body("archer", "A", (0, 0)), body("ranger", "A", (3, 0)), body("gnoll", "B", (4, 0))
    assert has_cover(g, archer, gnoll, [ranger])
    assert ranger.anchor in threatened_squares(g, gnoll)  # the separate "into melee" +4
    assert not has_cover(g, archer, gnoll, [])


def test_we31_cover_does_not_stack():
    g = board(walls=[(2, 1)])
    assert has_cover(g, (0, 0), (4, 0), [(3, 0)]) is True  # a yes/no answer, never "+8"


def test_we32_shooting_around_a_corner():
    g = board(6, 4, walls=[(0, 1), (1, 1), (2, 1)])
    archer, orc = (3, 1), (1, 0)
    assert line_of_sight(g, archer, orc)
    assert not has_cover(g, archer, orc)
    assert not has_cover(g, archer, orc, corners=[(3, 1)])
    assert has_cover(g, archer, orc, corners=[(3, 2)])


def test_we33_threatened_shooter_and_melee_cover():
    g = board(walls=[(5, 4)])
    archer = body("archer", "A", (4, 4))
    diagonal_foe = body("e", "B", (5, 5))
    assert archer.anchor in threatened_squares(g, diagonal_foe)
    assert melee_cover(g, diagonal_foe, archer)  # so that foe doesn't stop the archer shooting
    side_foe = body("e2", "B", (4, 5))
    assert not melee_cover(g, side_foe, archer)  # orthogonal pairs never have it


def test_minis_tiny_holds_a_whole_square():
    tiny = body("imp", "A", (0, 0), size="tiny")
    with pytest.raises(IllegalAction, match="enemy"):
        validate_path(board(), tiny, [(1, 0), (2, 0)], [body("e", "B", (1, 0))], PathState(), M)
    assert can_end_at(board(), tiny, (1, 0), [body("e", "B", (1, 0), size="tiny")], M) is not None


# ----- other minis rules with a grid side ---------------------------------------------------------

def test_command_distance_counts_around_walls():
    from engine.grid import walking_distance

    g = board(5, 3, walls=[(2, 0), (2, 1)])
    assert walking_distance(g, (0, 0), (4, 0)) == 7  # around the wall, no corner cutting
    assert walking_distance(g, (0, 0), (4, 0), within=6) is None
    assert walking_distance(board(), (0, 0), (4, 4)) == 6
    sealed = board(5, 3, walls=[(2, 0), (2, 1), (2, 2)])
    assert walking_distance(sealed, (0, 0), (4, 0)) is None
    ogre = body("ogre", "A", (0, 0), size="large")
    assert walking_distance(board(), ogre, (4, 1)) == 3


def test_spike_stones_event_per_step_only_for_slowed_movers():
    g = board(terrain={"spike_stones": [(1, 0), (2, 0)]})
    walker = body("w", "A", (0, 0))
    path = validate_path(g, walker, [(1, 0), (2, 0), (3, 0)], [], PathState(), M)
    assert [(e.kind, e.square) for e in path.events] == [("spikes", (1, 0)), ("spikes", (2, 0))]
    flier = body("f", "A", (0, 0), flying=True)
    assert validate_path(g, flier, [(1, 0), (2, 0), (3, 0)], [], PathState(), M).events == []
    ogre = body("ogre", "A", (0, 0), size="large")  # one event per step, even over two squares
    g2 = board(terrain={"spike_stones": [(2, 0), (2, 1)]})
    path = validate_path(g2, ogre, [(1, 0), (2, 0)], [], PathState(), M)
    assert [e.kind for e in path.events] == ["spikes"]


def test_statues_pits_and_flight():
    g = board(terrain={"statue": [(1, 0)], "pit": [(3, 0)]})
    walker, flier = body("w", "A", (0, 0)), body("f", "A", (0, 0), flying=True)
    assert validate_path(g, walker, [(1, 0), (2, 0)], [], PathState(), M).steps == [2, 1]
    with pytest.raises(IllegalAction, match="statue"):
        validate_path(g, walker, [(1, 0)], [], PathState(), M)
    with pytest.raises(IllegalAction, match="pit"):
        validate_path(g, walker, [(1, 0), (2, 0), (3, 0), (4, 0)], [], PathState(), M)
    assert validate_path(g, flier, [(1, 0), (2, 0), (3, 0), (4, 0)], [], PathState(), M).cost == 4
    with pytest.raises(IllegalAction, match="pit"):
        validate_path(g, flier, [(1, 0), (2, 0), (3, 0)], [], PathState(), M)


def test_flight_passes_enemies_only_when_charging_and_incorporeal_passes_walls():
    g = board(walls=[(2, 0)])
    foe = [body("e", "B", (1, 0))]
    flier = body("f", "A", (0, 0), flying=True)
    with pytest.raises(IllegalAction):
        validate_path(g, flier, [(1, 0), (1, 1)], foe, PathState(), M)
    assert validate_path(board(), flier, [(1, 0), (2, 0)], foe, PathState(), M, charging=True).cost == 2
    ghost = body("g", "A", (1, 1), incorporeal=True)
    assert validate_path(g, ghost, [(2, 0), (3, 0)], foe, PathState(), M).cost == 2
    with pytest.raises(IllegalAction, match="wall"):
        validate_path(g, ghost, [(2, 0)], foe, PathState(), M)


def test_overrun_or_tumble_lets_the_mover_pass_but_not_stop():
    foe = [body("e", "B", (1, 0))]
    m = body("m", "A", (0, 0))
    assert validate_path(board(), m, [(1, 0), (2, 0)], foe, PathState(), M, may_pass=["e"]).cost == 2
    with pytest.raises(IllegalAction):
        validate_path(board(), m, [(1, 0)], foe, PathState(), M, may_pass=["e"])


def test_teleporters_need_an_unoccupied_destination():
    from engine.grid.movement import teleport_destinations

    g = board(terrain={"teleporter": [(0, 0), (5, 5), (9, 9)]})
    m = body("m", "A", (0, 0), flying=True)
    assert teleport_destinations(g, m, [body("e", "B", (9, 9))], M) == [(5, 5)]


def test_forced_movement():
    from engine.grid.movement import forced_move

    g = board(walls=[(5, 1)], terrain={"statue": [(3, 3)], "pit": [(6, 0)]})
    pusher, target = body("p", "A", (1, 0)), body("t", "B", (2, 0))
    assert forced_move(g, target, [(3, 0), (4, 0), (5, 0), (6, 0)], [pusher], kind="push", source=pusher) \
        == [(3, 0), (4, 0), (5, 0), (6, 0)]  # into the pit: the ruleset resolves it
    with pytest.raises(IllegalAction, match="farther"):
        forced_move(g, target, [(2, 1)], [pusher], kind="push", source=pusher)
    with pytest.raises(IllegalAction, match="closer"):
        forced_move(g, target, [(3, 0)], [pusher], kind="pull", source=pusher)
    with pytest.raises(IllegalAction, match="statue"):
        forced_move(g, body("t", "B", (3, 2)), [(3, 3)], [], kind="slide")
    with pytest.raises(IllegalAction, match="through"):
        forced_move(g, target, [(1, 0)], [pusher], kind="slide")
    with pytest.raises(IllegalAction, match="corner"):
        forced_move(g, body("t", "B", (4, 1)), [(5, 2)], [], kind="slide")


def test_adjacent_squares_of_a_space():
    from engine.grid.sight import adjacent_squares

    g = board(walls=[(1, 2)])
    assert adjacent_squares(g, body("o", "B", (0, 0), size="large")) == [(2, 0), (2, 1), (0, 2), (2, 2)]


def test_melee_cover_with_a_big_creature_needs_every_touching_pair():
    # Wall at (2,1). A Large attacker at (0,0)-(1,1) and a defender at (2,2): the only touching
    # pair is (1,1)-(2,2), diagonal around the wall's corner -> cover.
    g = board(walls=[(2, 1)])
    ogre = body("ogre", "A", (0, 0), size="large")
    assert melee_cover(g, ogre, (2, 2))
    # Defender at (2,0)... touching pairs (1,0)-(2,0) orthogonal -> no cover.
    assert not melee_cover(g, ogre, (2, 0))


def test_large_creature_does_not_squeeze_where_it_fits():
    ogre = body("ogre", "A", (0, 0), size="large")
    with pytest.raises(IllegalAction, match="need not squeeze"):
        validate_path(board(), ogre, [(1, 0)], [], PathState(), MoveRules(), shapes=[(2, 1)])
