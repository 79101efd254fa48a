"""Every worked example of dnd35-tactical-movement.md §12, one test each (tNN = example NN)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.grid import (
    Body, GridMap, MoveRules, PathState, distance, nearest, shortest_path, step_cost,
    threatened_squares, validate_path,
)
from engine.grid.movement import five_foot_step, minimum_move, provocations, snap_back
from engine.grid.speed import allowance, effective_speed

R = MoveRules()


def open_map(w: int = 30, h: int = 30, **kw) -> GridMap:
    return GridMap(width=w, height=h, **kw)


def human(at=(0, 0), **kw) -> Body:
    return Body(id=kw.pop("id", "human"), side=kw.pop("side", "A"), anchor=at, **kw)


def enemy(at, **kw) -> Body:
    return Body(id=kw.pop("id", "orc"), side="B", anchor=at, name=kw.pop("name", "Orc Mauler"), **kw)


def ally(at, **kw) -> Body:
    return Body(id=kw.pop("id", "ally"), side="A", anchor=at, **kw)


def line(x0, x1, y=0):
    step = 1 if x1 >= x0 else -1
    return [(x, y) for x in range(x0 + step, x1 + step, step)]


# ----- speed and allowance ------------------------------------------------------------------

def test_t01_speed_table_human():
    assert effective_speed("human") == 6
    assert effective_speed("human", armour="medium") == 4
    assert effective_speed("human", armour="heavy") == 4


def test_t02_speed_table_dwarf():
    for armour in ("none", "light", "medium", "heavy"):
        assert effective_speed("dwarf", armour=armour) == 4


def test_t03_speed_table_halfling_gnome():
    for race in ("halfling", "gnome"):
        assert effective_speed(race, armour="light") == 4
        assert effective_speed(race, armour="medium") == 3
        assert effective_speed(race, armour="heavy") == 3


def test_t04_double_move():
    grid, h = open_map(), human()
    path = validate_path(grid, h, line(0, 12), [], PathState(), R, budget=allowance(6, "double"))
    assert path.cost == 12
    with pytest.raises(IllegalAction) as err:
        validate_path(grid, h, line(0, 12), [], PathState(), R, budget=allowance(6, "move"))
    assert err.value.code == "too-far"


def test_t05_run():
    grid, h = open_map(), human()
    assert validate_path(grid, h, line(0, 24), [], PathState(), R, budget=allowance(6, "run"),
                         running=True).cost == 24
    rough = open_map(terrain={"difficult": [(5, 0)]})
    with pytest.raises(IllegalAction, match="can't run through difficult terrain"):
        validate_path(rough, h, line(0, 24), [], PathState(), R, budget=24, running=True)


def test_t06_full_round_attack_allows_only_a_five_foot_step():
    grid, h = open_map(), human()
    assert five_foot_step(grid, h, (1, 0), [], R, speed=6).cost == 1
    with pytest.raises(IllegalAction):
        five_foot_step(grid, h, (2, 0), [], R, speed=6)
    assert allowance(6, "full_round_attack") == 0


def test_t07_barbarian():
    assert effective_speed("human", barbarian=True) == 8
    assert effective_speed("human", barbarian=True, armour="heavy") == 4
    assert effective_speed("human", barbarian=True, armour="medium") == 6  # [EXT] 40 -> 30 ft
    with pytest.raises(IllegalAction):
        effective_speed("human", barbarian=True, armour="medium", use_ext_table=False)


def test_t08_same_type_bonuses_do_not_stack():
    assert effective_speed("human", bonuses=[("enhancement", 10), ("enhancement", 20)]) == 10


# ----- diagonals and distance -----------------------------------------------------------------

def test_t09_pure_diagonal():
    grid, h = open_map(), human()
    diag4 = [(i, i) for i in range(1, 5)]
    path = validate_path(grid, h, diag4, [], PathState(), R, budget=6)
    assert path.cost == 6 and path.steps == [1, 2, 1, 2]
    with pytest.raises(IllegalAction):
        validate_path(grid, h, [(i, i) for i in range(1, 6)], [], PathState(), R, budget=6)
    assert shortest_path(grid, h, (5, 5), [], PathState(), R).cost == 7


@pytest.mark.parametrize("order", [
    [(1, 0), (2, 0), (3, 1), (4, 2)],
    [(1, 1), (2, 2), (3, 2), (4, 2)],
    [(1, 1), (2, 1), (3, 1), (4, 2)],
])
def test_t10_mixed_path_any_order(order):
    assert validate_path(open_map(), human(), order, [], PathState(), R).cost == 5
    assert distance((0, 0), (4, 2)) == 5


def test_t11_counter_persists_across_a_double_move():
    grid, h = open_map(), human()
    first = validate_path(grid, h, [(1, 1), (2, 2), (3, 3), (4, 3), (5, 3)], [], PathState(), R)
    assert first.cost == 6 and first.diag_count_after == 3
    state = first.state_after(PathState())
    moved = h.at((5, 3))
    cost, _ = step_cost(grid, moved, (5, 3), (6, 4), [], state, R)
    assert cost == 2


def test_t12_range_measurement_resets():
    # Whatever the mover's counter, a measurement starts fresh.
    assert distance((0, 0), (1, 1)) == 1


def test_t13_nearest_tie_uses_the_seeded_rng_and_logs_the_roll():
    a, b = enemy((3, 0), id="a"), enemy((0, 3), id="b")
    first = nearest((0, 0), [a, b], Rng.from_seed(5))
    again = nearest((0, 0), [a, b], Rng.from_seed(5))
    assert first.distance == 3 and first.tied == [a, b]
    assert first.roll is not None and first.roll.expression == "1d2"
    assert first.choice is [a, b][first.roll.total - 1]
    assert again.choice.id == first.choice.id
    picks = {nearest((0, 0), [a, b], Rng.from_seed(s)).choice.id for s in range(20)}
    assert picks == {"a", "b"}


# ----- corners, creatures and pits --------------------------------------------------------------

def test_t14_corner():
    grid = open_map(3, 2, walls=[(1, 0)])
    h = human()
    with pytest.raises(IllegalAction, match="corner"):
        step_cost(grid, h, (0, 0), (1, 1), [], PathState(), R)
    with pytest.raises(IllegalAction, match="corner"):
        five_foot_step(grid, h, (1, 1), [], R)
    path = shortest_path(grid, h, (1, 1), [], PathState(), R)
    assert path.squares == [(0, 1), (1, 1)] and path.cost == 2


def test_t15_edge_wall_corner():
    grid = open_map(3, 2, wall_edges=[((1, 0), (1, 1))])
    with pytest.raises(IllegalAction, match="corner"):
        step_cost(grid, human(), (0, 0), (1, 1), [], PathState(), R)


def test_t16_diagonal_between_creatures():
    others = [enemy((1, 0), id="e1"), enemy((0, 1), id="e2")]
    cost, _ = step_cost(open_map(3, 2), human(), (0, 0), (1, 1), others, PathState(), R)
    assert cost == 1
    events = provocations(open_map(3, 2), human(), [(1, 1)], others)
    assert {e.by for e in events} == {"e1", "e2"}


def test_t17_pit():
    grid = open_map(3, 2, terrain={"pit": [(1, 0)]})
    assert step_cost(grid, human(), (0, 0), (1, 1), [], PathState(), R)[0] == 1
    with pytest.raises(IllegalAction, match="pit"):
        step_cost(grid, human(), (0, 0), (1, 0), [], PathState(), R)


# ----- occupied squares -------------------------------------------------------------------------

def test_t18_through_an_ally():
    assert validate_path(open_map(), human(), [(1, 0), (2, 0)], [ally((1, 0))], PathState(), R).cost == 2


def test_t19_ending_on_an_ally():
    with pytest.raises(IllegalAction, match="already in B1"):
        validate_path(open_map(), human(), [(1, 0)], [ally((1, 0))], PathState(), R)


def test_t20_charging_through_an_ally():
    with pytest.raises(IllegalAction, match="can't charge through an ally"):
        validate_path(open_map(), human(), [(1, 0), (2, 0)], [ally((1, 0))], PathState(), R, charging=True)


def test_t21_through_an_enemy():
    grid = open_map()
    with pytest.raises(IllegalAction, match=r"(?i)an enemy \(Orc Mauler\) stands in B1"):
        validate_path(grid, human(), [(1, 0), (2, 0)], [enemy((1, 0))], PathState(), R)
    down = [enemy((1, 0), helpless=True)]
    assert validate_path(grid, human(), [(1, 0), (2, 0)], down, PathState(), R).cost == 2
    assert validate_path(grid, human(), [(1, 0)], down, PathState(), R).cost == 1


def test_t22_obstructing_helpless_giant():
    giant = enemy((1, 0), id="giant", size="huge", helpless=True, obstructs_when_helpless=True)
    path = validate_path(open_map(), human((0, 1)), line(0, 4, y=1), [giant], PathState(), R)
    assert path.steps == [2, 2, 2, 1] and path.cost == 7
    with pytest.raises(IllegalAction):
        validate_path(open_map(), human((0, 1)), line(0, 4, y=1), [giant], PathState(), R, budget=6)


def test_t23_tiny_creature_enters_an_occupied_square():
    cat = Body(id="cat", side="A", anchor=(0, 0), size="tiny")
    path = validate_path(open_map(), cat, [(1, 0)], [enemy((1, 0))], PathState(), R)
    assert [(e.kind, e.by) for e in path.events] == [("provokes", "orc")]


def test_t24_tiny_capacity():
    cats = [Body(id=f"cat{i}", side="B", anchor=(1, 0), size="tiny") for i in range(4)]
    fifth = Body(id="cat5", side="A", anchor=(0, 0), size="tiny")
    with pytest.raises(IllegalAction, match="no room"):
        validate_path(open_map(), fifth, [(1, 0)], cats, PathState(), R)
    assert validate_path(open_map(), fifth, [(1, 0)], cats[:3], PathState(), R).cost == 1


def test_t25_three_sizes_larger():
    grid = open_map()
    garg = enemy((1, 0), size="gargantuan")  # (1,0)..(4,3)
    assert validate_path(grid, human(), line(0, 5), [garg], PathState(), R).cost == 5
    with pytest.raises(IllegalAction):
        validate_path(grid, human(), line(0, 2), [garg], PathState(), R)
    huge = enemy((1, 0), size="huge")
    with pytest.raises(IllegalAction, match="enemy"):
        validate_path(grid, human(), line(0, 4), [huge], PathState(), R)


def test_t26_three_sizes_smaller():
    grid = open_map()
    tiny = enemy((3, 0), size="tiny")
    large = Body(id="ogre", side="A", anchor=(0, 0), size="large")
    assert validate_path(grid, large, line(0, 4), [tiny], PathState(), R).cost == 4
    with pytest.raises(IllegalAction, match="enemy"):
        validate_path(grid, human(), line(0, 2), [enemy((1, 0), size="tiny")], PathState(), R)
    assert validate_path(grid, human(), line(0, 2), [ally((1, 0), size="tiny")], PathState(), R).cost == 2


def test_t27_creature_that_fills_its_space():
    grid = open_map()
    for blocker in (enemy((1, 0), fills_space=True, size="colossal"),
                    ally((1, 0), fills_space=True)):
        with pytest.raises(IllegalAction, match="fills its space"):
            validate_path(grid, human(), line(0, 2), [blocker], PathState(), R)
    cat = Body(id="cat", side="A", anchor=(0, 0), size="tiny")
    with pytest.raises(IllegalAction, match="fills its space"):
        validate_path(grid, cat, line(0, 2), [enemy((1, 0), fills_space=True)], PathState(), R)


# ----- terrain and obstacles --------------------------------------------------------------------

def test_t28_difficult_terrain_orthogonal():
    grid = open_map(terrain={"difficult": [(1, 0), (2, 0)]})
    assert validate_path(grid, human(), line(0, 3), [], PathState(), R).steps == [2, 2, 1]


def test_t29_difficult_terrain_diagonal_and_the_counter():
    grid = open_map(terrain={"difficult": [(1, 1)]})
    path = validate_path(grid, human(), [(1, 1), (2, 2)], [], PathState(), R)
    assert path.steps == [3, 1]
    alt = MoveRules(hampered_diagonal_counter_increment=1)
    assert validate_path(grid, human(), [(1, 1), (2, 2)], [], PathState(), alt).steps == [3, 2]


def test_t30_doubled_twice_and_three_times():
    twice = open_map(terrain={"difficult": [(1, 0)], "poor_visibility": [(1, 0)]})
    assert step_cost(twice, human(), (0, 0), (1, 0), [], PathState(), R)[0] == 4
    twice_d = open_map(terrain={"difficult": [(1, 1)], "poor_visibility": [(1, 1)]})
    assert step_cost(twice_d, human(), (0, 0), (1, 1), [], PathState(), R)[0] == 6
    thrice = open_map(terrain={"difficult": [(1, 0), (1, 1)], "poor_visibility": [(1, 0), (1, 1)],
                               "darkness": [(1, 0), (1, 1)]})
    assert step_cost(thrice, human(), (0, 0), (1, 0), [], PathState(), R)[0] == 8
    assert step_cost(thrice, human(), (0, 0), (1, 1), [], PathState(), R)[0] == 12


def test_t31_flying_over_difficult_terrain():
    grid = open_map(terrain={"difficult": [(1, 0), (2, 0)]})
    assert validate_path(grid, human(flying=True), line(0, 3), [], PathState(), R).cost == 3


def test_t32_mixed_footprint():
    grid = open_map(terrain={"difficult": [(2, 1)]})
    large = Body(id="ogre", side="A", anchor=(0, 0), size="large")
    assert step_cost(grid, large, (0, 0), (1, 0), [], PathState(), R)[0] == 2


def test_t33_low_wall_between_squares():
    grid = open_map(obstacle_edges=[((0, 0), (1, 0))])
    assert step_cost(grid, human(), (0, 0), (1, 0), [], PathState(), R)[0] == 3
    with pytest.raises(IllegalAction, match="costs 3"):
        validate_path(grid, human(), [(1, 0)], [], PathState(), R, budget=2)


def test_t34_obstacle_square():
    grid = open_map(terrain={"obstacle": [(1, 0)]})
    assert validate_path(grid, human(), line(0, 2), [], PathState(), R).steps == [2, 1]
    with pytest.raises(IllegalAction, match="can't end its move on an obstacle"):
        validate_path(grid, human(), [(1, 0)], [], PathState(), R, budget=2)
    stoppable = MoveRules(obstacle_square_stoppable=True)
    assert validate_path(grid, human(), [(1, 0)], [], PathState(), stoppable, budget=2).cost == 2


def test_t35_blocking_obstacle():
    grid = open_map(terrain={"blocking_obstacle": [(1, 0)]})
    with pytest.raises(IllegalAction):
        validate_path(grid, human(), [(1, 0)], [], PathState(), R)
    with pytest.raises(IllegalAction):
        minimum_move(grid, human(), (1, 0), [], R)


# ----- squeezing --------------------------------------------------------------------------------

def corridor(length=8, width=1, y0=1) -> GridMap:
    """Open room x<2, then a corridor `width` squares wide from x=2 eastward along y0.."""
    h = 4
    walls = [(x, y) for x in range(2, length) for y in range(h) if not y0 <= y < y0 + width]
    return GridMap(width=length, height=h, walls=walls)


def test_t36_large_creature_in_a_five_foot_corridor():
    grid = corridor()
    ogre = Body(id="ogre", side="A", anchor=(2, 1), size="large", shape=(2, 1))
    path = validate_path(grid, ogre, [(3, 1), (4, 1), (5, 1)], [], PathState(), R)
    assert path.steps == [2, 2, 2] and path.cost == 6
    assert all(s == (2, 1) for s in path.shapes)
    # From the open room, the cheapest way in squeezes at the mouth.
    outside = Body(id="ogre", side="A", anchor=(0, 1), size="large")
    best = shortest_path(grid, outside, (4, 1), [], PathState(), R)
    assert best.shapes[-1] == (2, 1) and best.cost == 2 * len(best.squares)


def test_t37_too_narrow_without_escape_artist():
    # A squeezed Large creature (10 ft) meets a 2.5-ft gap: under half its space.
    gap = GridMap(width=6, height=1, clear_width={(2, 0): 2.5})
    ogre = Body(id="ogre", side="A", anchor=(0, 0), size="large", shape=(2, 1))
    with pytest.raises(IllegalAction, match="too narrow.*Escape Artist"):
        validate_path(gap, ogre, [(1, 0)], [], PathState(), R)
    # A Medium creature squeezes through 2.5 ft (half its 5-ft space) at one doubling...
    assert step_cost(gap, human((1, 0)), (1, 0), (2, 0), [], PathState(), R)[0] == 2
    # ...but not through 2 ft.
    slit = GridMap(width=6, height=1, clear_width={(2, 0): 2.0})
    with pytest.raises(IllegalAction, match="too narrow"):
        step_cost(slit, human((1, 0)), (1, 0), (2, 0), [], PathState(), R)
    # With Escape Artist (L163-167) the slit is passable, squeezed: one doubling.
    escaping = human((1, 0)).model_copy(update={"escape_artist": True})
    assert step_cost(slit, escaping, (1, 0), (2, 0), [], PathState(), R)[0] == 2
    assert validate_path(gap, ogre.model_copy(update={"escape_artist": True}), [(1, 0)], [], PathState(), R).cost == 2


def test_t38_squeezing_past_an_opponent():
    grid = GridMap(width=6, height=1)
    foe = [enemy((2, 0))]
    with pytest.raises(IllegalAction, match="enemy"):
        validate_path(grid, human(), line(0, 3), foe, PathState(), R)
    flag = MoveRules(squeeze_through_opponent=True)
    assert validate_path(grid, human(), line(0, 3), foe, PathState(), flag).steps == [1, 2, 1]
    with pytest.raises(IllegalAction):
        validate_path(grid, human(), line(0, 2), foe, PathState(), flag)
    # A Large creature in a corridor two squares wide passes a Medium enemy by squeezing into
    # the free lane, without the flag.
    wide = GridMap(width=8, height=2)
    ogre = Body(id="ogre", side="A", anchor=(0, 0), size="large")
    path = shortest_path(wide, ogre, (5, 0), [enemy((3, 1))], PathState(), R)
    assert (3, 1) not in {sq for a, s in zip(path.squares, path.shapes)
                          for sq in [(a[0] + i, a[1] + j) for i in range(s[0]) for j in range(s[1])]}
    assert any(s != (2, 2) for s in path.shapes)
    with pytest.raises(IllegalAction):
        shortest_path(wide, ogre, (5, 0), [enemy((3, 1))], PathState(), MoveRules(squeeze_past_enemies=False))


# ----- special situations -----------------------------------------------------------------------

def test_t39_snap_back():
    grid = open_map(6, 3)
    h = human((1, 0))
    result = snap_back(grid, h, (1, 0), (0, 0), [ally((1, 0))], R)
    assert result.choice == (0, 0)
    hall = GridMap(width=5, height=3, walls=[(x, y) for x in range(5) for y in (1, 2)])
    allies = [ally((1, 0), id="a1"), ally((2, 0), id="a2"), ally((3, 0), id="a3")]
    assert snap_back(hall, human((3, 0)), (3, 0), (0, 0), allies, R).choice == (4, 0)
    strict_last = MoveRules(snap_to_nearest_when_closer=False)
    assert snap_back(hall, human((3, 0)), (3, 0), (0, 0), allies, strict_last).choice == (0, 0)


def test_t40_minimum_movement():
    heavy = {"difficult": [], "poor_visibility": [], "darkness": []}
    for x in range(3):
        for y in range(3):
            if (x, y) != (1, 1):
                for k in heavy:
                    heavy[k].append((x, y))
    grid = open_map(3, 3, terrain=heavy)
    h = human((1, 1))
    with pytest.raises(IllegalAction):
        validate_path(grid, h, [(2, 1)], [], PathState(), R, budget=6)
    assert minimum_move(grid, h, (2, 2), [], R).cost == 1
    assert minimum_move(grid, h, (2, 1), [], R).cost == 1
    pit = open_map(3, 3, terrain={"pit": [(2, 1)]})
    with pytest.raises(IllegalAction):
        minimum_move(pit, h, (2, 1), [], R)
    cornered = open_map(3, 3, walls=[(2, 1)])
    with pytest.raises(IllegalAction, match="corner"):
        minimum_move(cornered, h, (2, 2), [], R)


# ----- size and reach ---------------------------------------------------------------------------

def test_t41_tiny_attacker():
    cat = Body(id="cat", side="A", anchor=(0, 0), size="tiny")
    foe = enemy((1, 0), id="man")
    assert cat.reach == 0 and threatened_squares(open_map(), cat) == set()
    path = validate_path(open_map(), cat, [(1, 0)], [foe], PathState(), R)
    assert [e.by for e in path.events] == ["man"]
    assert (0, 0) in threatened_squares(open_map(), foe)  # the human can attack the cat there


def test_t42_tiny_creatures_do_not_threaten():
    tiny = enemy((1, 0), size="tiny")
    assert provocations(open_map(), human((0, 1)), [(1, 1), (2, 1)], [tiny]) == []


def test_t43_ogre_reach():
    ogre = enemy((5, 0), size="large")
    zone = threatened_squares(open_map(), ogre)
    assert (4, 0) in zone and (3, 0) in zone and (2, 0) not in zone


def test_t44_approaching_the_ogre():
    ogre = enemy((5, 0), size="large", id="ogre")
    h = human((1, 0))
    events = provocations(open_map(), h, [(2, 0), (3, 0), (4, 0)], [ogre])
    assert [(e.square, e.by) for e in events] == [((3, 0), "ogre")]
    assert provocations(open_map(), human((3, 0)), [(4, 0)], [ogre], five_foot_step=True) == []


def test_t45_large_creature_with_a_reach_weapon():
    ogre = enemy((5, 0), size="large")
    zone = threatened_squares(open_map(), ogre, reach_weapon=True)
    assert (2, 0) in zone and (1, 0) in zone  # distance 3 and 4
    assert (4, 0) not in zone and (3, 0) not in zone and (0, 0) not in zone


def test_t46_horse_reach():
    horse = enemy((5, 0), size="large", tall=False)
    zone = threatened_squares(open_map(), horse)
    assert (4, 0) in zone and (3, 0) not in zone


def test_t05_ext_run_goes_in_a_straight_line():
    grid, h = open_map(), human()
    with pytest.raises(IllegalAction, match="straight line"):
        validate_path(grid, h, [(1, 0), (2, 1), (3, 0)], [], PathState(), R, budget=24, running=True)
    assert validate_path(grid, h, [(1, 0), (2, 1), (3, 1)], [], PathState(), R, running=True).cost == 3
    # Without the [EXT] option a run may bend.
    bendy = MoveRules(run_straight_line=False)
    assert validate_path(grid, h, [(1, 0), (2, 1), (3, 0)], [], PathState(), bendy, running=True).cost == 4
    # A walled straight lane has no run path even though a detour exists.
    walled = open_map(walls=[(3, 0)])
    with pytest.raises(IllegalAction):
        shortest_path(walled, h, (6, 0), [], PathState(), R, running=True)
    assert shortest_path(walled, h, (6, 0), [], PathState(), R).cost == 7


def test_t36_squeezed_creature_unsqueezes_when_it_leaves_the_corridor():
    walls = [(x, y) for x in (2, 3) for y in range(4) if y != 1]
    grid = GridMap(width=8, height=4, walls=walls)
    ogre = Body(id="ogre", side="A", anchor=(2, 1), size="large", shape=(2, 1))
    assert step_cost(grid, ogre, (2, 1), (3, 1), [], PathState(), R)[0] == 2
    out = ogre.at((3, 1), (2, 1))
    assert step_cost(grid, out, (3, 1), (4, 1), [], PathState(), R)[0] == 1
    path = validate_path(grid, ogre, [(3, 1), (4, 1), (5, 1)], [], PathState(), R)
    assert path.steps == [2, 1, 1] and path.shapes == [(2, 1), (2, 2), (2, 2)]
