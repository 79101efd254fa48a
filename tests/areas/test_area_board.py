"""engine.areas: boards as validated data, movement costs, hindrance, Occupied areas, reach and
the authored line-of-sight table (Conan rules §10, §15; examples E6, E20, E21, E31)."""

import copy

import pytest

from engine.areas import AreaBoard, Figure, hindrance, melee_reach, occupied_for, route_to, routes, step_cost
from engine.core import IllegalAction
from engine.rulesets.conan.boards import board_names, load_board


def rect(x0, y0, x1, y1):
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


ROW = {"name": "row", "width": 40, "height": 10, "areas": [
    {"id": "a", "polygon": rect(0, 0, 10, 10)},
    {"id": "b", "polygon": rect(10, 0, 20, 10), "capacity": 2},
    {"id": "c", "polygon": rect(20, 0, 30, 10), "level": 2},
    {"id": "d", "polygon": rect(30, 0, 40, 10), "water": True}],
    "borders": [{"between": ["a", "b"]}, {"between": ["b", "c"], "kind": "obstacle", "extra_mp": 1},
                {"between": ["c", "d"], "kind": "wall"}],
    "sight": [{"from": "a", "to": "b"}, {"from": "b", "to": "a"}, {"from": "c", "to": "a", "path": ["c", "b", "a"]}]}


def board(**changes):
    data = copy.deepcopy(ROW)
    data.update(changes)
    return AreaBoard.from_data(data)


def refusal(data):
    with pytest.raises(IllegalAction) as err:
        AreaBoard.from_data(data, source="mine.json")
    assert err.value.code == "bad-board"
    return err.value.message


@pytest.mark.parametrize("change, reason", [
    (lambda d: d["borders"].append({"between": ["a", "zz"]}), "mine.json: borders.3.between: there is no area 'zz'"),
    (lambda d: d["borders"].append({"between": ["b", "a"]}), "mine.json: borders.3.between: the border b-a is listed twice"),
    (lambda d: d["areas"].append({"id": "a", "polygon": rect(0, 0, 1, 1)}), "mine.json: areas.4.id: area 'a' is listed twice"),
    (lambda d: d["areas"][0].update(polygon=[[0, 0], [10, 10], [10, 0], [0, 10]]),
     "mine.json: areas.0: polygon: area 'a' is not a simple polygon with an inside (its edges cross or it is flat)"),
    (lambda d: d["areas"][0].update(anchors=[[15, 5]]), "mine.json: areas.0: anchors.0: anchor [15.0, 5.0] lies outside area 'a'"),
    (lambda d: d["areas"][3].update(polygon=rect(30, 0, 45, 10)), "mine.json: areas.3.polygon: area 'd' reaches outside the 40 x 10 board"),
    (lambda d: d["areas"][1].update(polygon=rect(5, 0, 20, 10)), "mine.json: areas.0.polygon: areas 'a' and 'b' overlap"),
    (lambda d: d["borders"].append({"between": ["a", "c"], "kind": "door"}),
     "mine.json: borders.3: material: the door between 'a' and 'c' needs a material (wood or other)"),
    (lambda d: d["sight"].append({"from": "a", "to": "c", "path": ["a", "c"]}),
     "mine.json: sight.3.path: 'a' and 'c' follow each other on the line but share no border"),
    (lambda d: d["sight"].append({"from": "a", "to": "c", "path": ["b", "c"]}),
     "mine.json: sight.3: path: the line from 'a' to 'c' must start at 'a' and end at 'c'"),
    (lambda d: d["sight"].append({"from": "a", "to": "b"}), "mine.json: sight.3: the line a -> b is listed twice"),
    (lambda d: d["areas"][0].update(capacity=-1), "mine.json: areas.0.capacity: must be at least 0, not -1"),
    (lambda d: d["borders"][0].update(kind="portal"), "mine.json: borders.0.kind: must be one of 'open', 'obstacle', 'wall' or 'door'"),
])
def test_a_bad_board_is_refused_with_the_exact_problem(change, reason):
    data = copy.deepcopy(ROW)
    change(data)
    assert refusal(data) == reason


def test_a_board_that_is_not_json_is_refused():
    with pytest.raises(IllegalAction) as err:
        AreaBoard.from_json_text("{nope", source="x.json")
    assert err.value.message.startswith("x.json: not JSON (line 1")


def test_border_defaults_follow_the_kind():
    b = load_board("temple-of-set")
    assert b.border("gate", "hall").passable and b.border("gate", "hall").blocks_reach  # open wooden door
    assert not b.border("shrine", "vault").passable  # shut bronze door
    assert not b.border("gallery", "chasm").passable  # wall
    assert b.border("gate", "pool").passable and not b.border("gate", "pool").blocks_reach


def test_e6_movement_hindrance():
    h = Figure(id="h", side="heroes", area="a")
    m1, m2 = Figure(id="m1", side="ol", area="a"), Figure(id="m2", side="ol", area="a")
    g, ally = Figure(id="g", side="heroes", area="a"), Figure(id="ally", side="heroes", area="a")
    b = board()
    assert step_cost(b, [h, m1, m2], h, "a", "b") == 3
    assert step_cost(b, [h, m1, m2, g], h, "a", "b") == 2
    assert step_cost(b, [h, m1, m2, g, ally], h, "a", "b") == 1
    evasive = Figure(id="h", side="heroes", area="a", evasive=True)
    assert step_cost(b, [evasive, m1, m2], evasive, "a", "b") == 1
    assert step_cost(b, [h, m1, m2], m1, "a", "b") == 1  # enemies 1, other friends 1 (M2)
    assert step_cost(b, [h, m1], m1, "a", "b") == 2
    assert hindrance([h, m1], h, "a") == 1


def test_obstacles_walls_water_and_feline_grace():
    b = board()
    h = Figure(id="h", side="heroes", area="b")
    assert step_cost(b, [h], h, "b", "c") == 2
    cat = Figure(id="h", side="heroes", area="b", feline_grace=True)
    assert step_cost(b, [cat], cat, "b", "c") == 1
    with pytest.raises(IllegalAction, match="can't cross a wall"):
        step_cost(b, [h], h, "c", "d")
    wet = board(borders=[*ROW["borders"][:2], {"between": ["c", "d"]}])
    with pytest.raises(IllegalAction, match="only a model with Swim"):
        step_cost(wet, [h], h, "c", "d")
    swimmer = Figure(id="s", side="heroes", area="d", swim=True)
    assert step_cost(wet, [swimmer], swimmer, "d", "c") == 2  # leaving water costs 1 more


def test_blocking_holds_an_enemy_unless_evasive():
    b = board()
    h = Figure(id="h", side="heroes", area="a")
    snake = Figure(id="s", side="ol", area="a", blocking=True)
    with pytest.raises(IllegalAction, match="s blocks h"):
        step_cost(b, [h, snake], h, "a", "b")
    ev = Figure(id="h", side="heroes", area="a", evasive=True)
    assert step_cost(b, [ev, snake], ev, "a", "b") == 1


def test_routes_are_cheapest_and_refusals_say_why():
    b = board()
    h = Figure(id="h", side="heroes", area="a")
    assert routes(b, [h], h)["c"].cost == 3
    with pytest.raises(IllegalAction) as err:
        route_to(b, [h], h, "c", budget=2)
    assert err.value.message == "Reaching C costs 3 MP (A > B > C); h has 2."
    full = [Figure(id=f"m{i}", side="ol", area="b") for i in (1, 2)]
    with pytest.raises(IllegalAction, match="B is Occupied"):
        route_to(b, [h, *full], h, "b", budget=5)
    assert "c" not in routes(b, [h, *full], h)  # nor can it be crossed


def test_e20_occupied_area_melee():
    b = board()
    q1, q2 = Figure(id="q1", side="ol", area="b"), Figure(id="q2", side="ol", area="b")
    h = Figure(id="h", side="heroes", area="a")
    assert occupied_for(b, [q1, q2], "b", h)
    assert melee_reach(b, [h, q1, q2], h, q1) == "occupied"
    assert melee_reach(b, [h, q1, q2], q1, h) is None  # not from an Occupied area


def test_e21_reach_needs_a_border_without_obstacles():
    b = board()
    spear = Figure(id="p", side="ol", area="a")
    h = Figure(id="h", side="heroes", area="b")
    assert melee_reach(b, [spear, h], spear, h, reach=True) == "reach"
    assert melee_reach(b, [spear, h], spear, h, reach=False) is None
    h2 = Figure(id="h", side="heroes", area="c")
    spear2 = Figure(id="p", side="ol", area="b")
    assert melee_reach(b, [spear2, h2], spear2, h2, reach=True) is None  # an obstacle (bench) between


def test_e31_sight_is_looked_up_never_computed():
    b = board()
    assert b.sees("a", "b") and b.sees("c", "a") and not b.sees("a", "c")  # one-way line from the heights
    assert b.sees("d", "d")  # always into your own area
    assert b.distance("c", "a") == 2 and b.sight_line("c", "a").path == ["c", "b", "a"]


def test_the_shipped_boards_use_every_feature_between_them():
    boards = [load_board(n) for n in board_names()]
    assert len(boards) >= 2
    areas = [a for b in boards for a in b.areas]
    borders = [x for b in boards for x in b.borders]
    assert {a.level for a in areas} >= {-2, 0, 1, 2}
    assert any(a.water for a in areas) and any(a.chasm for a in areas) and any(a.reinforcement for a in areas)
    assert any(a.jump_value for a in areas) and any(a.anchors for a in areas) and any(a.capacity <= 3 for a in areas)
    assert {x.kind for x in borders} == {"open", "obstacle", "wall", "door"}
    doors = {(x.material, x.open) for x in borders if x.kind == "door"}
    assert {("wood", True), ("wood", False), ("other", True), ("other", False)} <= doors
    assert any(x.extra_mp for x in borders) and any(x.falls_into for x in borders)
    assert any(x.kind == "obstacle" and not x.blocks_reach for x in borders)
    one_way = [(s.source, s.target) for b in boards for s in b.sight if not b.sees(s.target, s.source)]
    assert one_way, "some line of sight is authored one way only (from the heights)"
    temple = load_board("temple-of-set")
    assert len({a.level for a in temple.areas}) >= 2 and any(a.chasm for a in temple.areas)
    assert any(a.water for a in temple.areas) and any(x.kind == "door" for x in temple.borders)
