"""Square names, the distance formula, and loading maps (JSON and text grid) with clear errors."""

from __future__ import annotations

import json

import pytest

from engine.core.errors import IllegalAction
from engine.grid import GridMap, distance, neighbours, parse_square, square_name
from engine.grid.board import MAX_TEXT_BYTES


@pytest.mark.parametrize("text,xy", [("E5", (4, 4)), ("e5", (4, 4)), ("A1", (0, 0)), ("Z1", (25, 0)),
                                     ("AA3", (26, 2)), (" b12 ", (1, 11))])
def test_parse_square(text, xy):
    assert parse_square(text) == xy
    assert parse_square(square_name(xy)) == xy


@pytest.mark.parametrize("text", ["", "5E", "E", "E-1", "A0", "?", "E5x"])
def test_parse_square_rejects_malformed_text(text):
    with pytest.raises(IllegalAction) as err:
        parse_square(text, 12, 5)
    assert err.value.code == "unknown-square"


def test_parse_square_out_of_bounds_says_the_map_size():
    with pytest.raises(IllegalAction) as err:
        parse_square("Q99", 12, 5)
    assert err.value.message == "There is no square Q99: this map runs from A1 to L5."
    with pytest.raises(IllegalAction):
        parse_square("M1", 12, 5)
    assert parse_square("L5", 12, 5) == (11, 4)


def test_distance_examples():
    for (dx, dy), d in {(1, 1): 1, (2, 2): 3, (4, 4): 6, (3, 1): 3, (6, 0): 6, (4, 2): 5}.items():
        assert distance((0, 0), (dx, dy)) == d


def test_neighbours_fixed_order():
    assert neighbours((5, 5)) == [(5, 4), (6, 4), (6, 5), (6, 6), (5, 6), (4, 6), (4, 5), (4, 4)]


TEXT = """name: Crypt
legend: e = exit A
legend: v = victory B, difficult
edge: E3 E4 wall
edge: A3 B3 low
---
a.#...
a.#^..
..#^.v
e....O
"""


def test_text_grid_map():
    m = GridMap.from_text_grid(TEXT)
    assert (m.name, m.width, m.height) == ("Crypt", 6, 4)
    assert m.is_wall((2, 0)) and not m.is_wall((1, 0))
    assert m.terrain_at((3, 1)) == {"difficult"} and m.terrain_at((5, 3)) == {"pit"}
    assert m.zone("start A").squares == [(0, 0), (0, 1)]
    assert m.zones_of("exit", "A")[0].squares == [(0, 3)]
    assert m.zones_of("victory", "B")[0].squares == [(5, 2)] and "difficult" in m.terrain_at((5, 2))
    assert m.edge_wall((4, 2), (4, 3)) and m.edge_obstacle((1, 2), (0, 2))


def test_json_round_trip():
    m = GridMap.from_text_grid(TEXT)
    again = GridMap.from_json_text(json.dumps(m.to_json_data()))
    assert again.to_json_data() == m.to_json_data()
    assert again.is_wall((2, 2)) and again.edge_wall((4, 2), (4, 3))


def test_json_custom_kind():
    m = GridMap.from_json_text(json.dumps({
        "name": "Bog", "width": 3, "height": 1, "terrain": {"bog": ["B1"]},
        "kinds": {"bog": {"slows": True, "difficult": True}},
    }))
    assert m.facts((1, 0)).slows == 1 and m.facts((1, 0)).difficult


@pytest.mark.parametrize("text,where", [
    ("not json", "map: line 1"),
    ("[]", "map"),
    ('{"width": 101, "height": 3}', "width/height"),
    ('{"width": 3}', "height"),
    ('{"width": 3, "height": 3, "walls": ["D1"]}', "walls"),
    ('{"width": 3, "height": 3, "walls": ["??"]}', "walls"),
    ('{"width": 3, "height": 3, "terrain": {"lava": ["A1"]}}', "terrain"),
    ('{"width": 3, "height": 3, "wall_edges": [["A1", "C1"]]}', "wall_edges"),
    ('{"width": 3, "height": 3, "colour": "red"}', "colour"),
])
def test_bad_json_maps_name_the_field(text, where):
    with pytest.raises(IllegalAction) as err:
        GridMap.from_json_text(text)
    assert err.value.code == "bad-map"
    # the field is the file's key, written as code (`walls`: ...) in every language
    assert err.value.message.replace("`", "").startswith(where), err.value.message


@pytest.mark.parametrize("text,where", [
    ("..\n...", "line 2"),
    ("..\n.Q", "line 2"),
    ("name: x\nlegend: QQ = wall\n---\n..", "line 2"),
    ("name: x\nsize: 3\n---\n..", "line 2"),
    ("legend: q = lava\n---\nq.", "line 3"),
    ("", "grid"),
    ("\n".join(["." * 101] * 2), "grid"),
])
def test_bad_text_maps_name_the_line(text, where):
    with pytest.raises(IllegalAction) as err:
        GridMap.from_text_grid(text)
    assert err.value.code == "bad-map"
    # the field is the file's key, written as code (`walls`: ...) in every language
    assert err.value.message.replace("`", "").startswith(where), err.value.message


def test_oversized_text_is_refused():
    with pytest.raises(IllegalAction, match="too big"):
        GridMap.from_text_grid("." * (MAX_TEXT_BYTES + 1))
    with pytest.raises(IllegalAction, match="too big"):
        GridMap.from_json_text(" " * (MAX_TEXT_BYTES + 1))


def test_pit_names_are_pits():
    m = GridMap(width=2, height=1, terrain={"acid_pit": [(1, 0)]})
    assert m.facts((1, 0)).impassable and not m.facts((1, 0), "fly").impassable


def test_a_copy_with_changes_does_not_keep_stale_lookups():
    from engine.grid import Body, MoveRules, PathState, shortest_path

    m = GridMap(width=4, height=1)
    assert not m.is_wall((1, 0))
    shortest_path(m, Body(id="x", side="A", anchor=(0, 0)), (3, 0), [], PathState(), MoveRules())
    walled = m.model_copy(update={"walls": frozenset({(1, 0)})})
    assert walled.is_wall((1, 0)) and not m.is_wall((1, 0))
    with pytest.raises(IllegalAction):
        shortest_path(walled, Body(id="x", side="A", anchor=(0, 0)), (3, 0), [], PathState(), MoveRules())
