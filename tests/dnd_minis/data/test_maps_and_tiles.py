"""Shipped maps and terrain tiles: War Drums battle maps (§5, §18), the starter battle grid and the
tile placement rules (skirmish §6.1-6.3)."""

from collections import deque

import pytest

from engine.core import IllegalAction
from engine.grid import GridMap
from engine.rulesets.dnd_minis.maps import (
    TileLayout, battle_maps, catalog, find_tile, legal_placements, load_map, map_info, map_names, place_tile,
    shipped_tiles, start_letters,
)

# Every terrain type and map feature War Drums §18 names (pits incl. a lava pit; magic pillars of
# Field of Ruin), and every one the starter rules' §11 names.
WAR_DRUMS_TERRAIN = {"wall", "difficult", "fog", "smoke", "forest", "pit", "lava_pit", "risky", "sacred_circle",
                     "spike_stones", "statue", "teleporter", "blood_rock", "pillar"}
STARTER_TERRAIN = {"wall", "difficult", "statue", "blood_rock", "sacred_circle", "spike_stones", "pit"}


def kinds_on(grid: GridMap) -> set[str]:
    return {k for xy in {(x, y) for x in range(grid.width) for y in range(grid.height)} for k in grid.terrain_at(xy)}


def walkable_region(grid: GridMap, start) -> set:
    """Squares a walking Medium creature can reach from ``start`` (walls and pits stop it)."""
    seen, todo = {start}, deque([start])
    while todo:
        x, y = todo.popleft()
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            n = (x + dx, y + dy)
            if grid.in_bounds(n) and n not in seen and not grid.facts(n).impassable:
                seen.add(n)
                todo.append(n)
    return seen


def test_every_shipped_map_loads_and_is_catalogued():
    for name in map_names():
        grid = load_map(name)
        assert grid.width > 0 and map_info(name)["kind"] in ("quick-start", "battle-map", "battle-grid")
    assert set(catalog()) == set(map_names())
    assert map_names("quick-start") == ["ruined-gate"] and map_names("battle-grid") == ["battle-grid"]
    assert battle_maps() == {"shattered-causeway": False, "teleport-ziggurat": True}


def test_war_drums_maps_cover_every_terrain_type():
    union = set()
    for name in battle_maps():
        union |= kinds_on(load_map(name))
    assert WAR_DRUMS_TERRAIN <= union
    assert WAR_DRUMS_TERRAIN - {"pillar", "teleporter"} <= kinds_on(load_map("shattered-causeway"))
    assert WAR_DRUMS_TERRAIN <= kinds_on(load_map("teleport-ziggurat"))


@pytest.mark.parametrize("name", ["shattered-causeway", "teleport-ziggurat"])
def test_battle_maps_have_start_areas_exits_and_victory_areas(name):
    grid = load_map(name)
    letters = start_letters(grid)
    want = ["A", "B", "C", "D"] if 4 in map_info(name)["players"] else ["A", "B"]
    assert letters == want
    for letter in letters:
        start = {sq for z in grid.zones_of("start", letter) for sq in z.squares}
        exits = {sq for z in grid.zones_of("exit", letter) for sq in z.squares}
        areas = grid.zones_of("victory", letter)
        assert len(start) >= 9 and exits and areas
        # Exits are map-edge squares; nobody deploys on a wall, pit or statue (War Drums §6).
        assert all(x in (0, grid.width - 1) or y in (0, grid.height - 1) for x, y in exits)
        assert not any(grid.is_wall(s) or grid.facts(s).no_end for s in start)
        # A Huge creature (3 x 3) fits in the start area of an epic map; a Large one everywhere.
        span = 3 if map_info(name).get("epic") else 2
        assert any(all((x + dx, y + dy) in start for dx in range(span) for dy in range(span)) for x, y in start)
        # Every victory area and the exits can be walked to from the start area.
        region = walkable_region(grid, min(start))
        assert exits <= region
        for area in areas:
            assert set(area.squares) & region, area.name


def test_victory_areas_are_split_per_piece_with_keywords():
    grid = load_map("teleport-ziggurat")
    names = sorted(z.name for z in grid.zones_of("victory", "C"))
    assert names == ["victory C1", "victory C2"]
    cave = grid.zone("victory C2")
    assert cave.keywords == ["Cave"] and (9, 26) in cave.squares
    # The sanctum is a victory area of every letter (free-for-all: any occupied area scores).
    for letter in "ABCD":
        assert any((17, 14) in z.squares for z in grid.zones_of("victory", letter))


def test_the_quick_start_strip_is_unchanged():
    grid = load_map("ruined-gate")
    assert (grid.width, grid.height) == (12, 5) and len(grid.zones_of("start")) == 2


# ----- the starter battle grid and its tiles -------------------------------------------------------------
def test_battle_grid_marks_corner_and_side_exits():
    grid = load_map("battle-grid")
    assert (grid.width, grid.height) == (30, 24)
    corners = {z.side: len(z.squares) for z in grid.zones_of("exit")}
    assert corners == {"A": 5, "B": 5, "C": 5, "D": 5, "E": 3, "F": 3}


def test_tiles_cover_the_starter_terrain_and_have_one_l_of_exits():
    tiles = shipped_tiles()
    assemblies = [t for t in tiles.values() if t.assembly]
    generics = [t for t in tiles.values() if not t.assembly]
    assert len(assemblies) >= 1 and len(generics) >= 3
    kinds = {k for t in tiles.values() for k in t.terrain} | {"wall" for t in tiles.values() if t.walls}
    assert STARTER_TERRAIN <= kinds
    for tile in assemblies:
        assert tile.exits == {(0, 0), (1, 0), (2, 0), (0, 1), (0, 2)}
        # Its walls keep 2 squares from the two sides that lie on the grid edge.
        assert all(x >= 2 and y >= 2 for x, y in tile.walls)


def test_rotation_turns_clockwise():
    tile = find_tile("gatehouse")
    turned = tile.rotated(90)
    assert (turned.width, turned.height) == (tile.height, tile.width)
    assert turned.exits == {(7, 0), (7, 1), (7, 2), (6, 0), (5, 0)}
    assert tile.rotated(180).rotated(180) == tile
    with pytest.raises(IllegalAction):
        tile.rotated(45)


def corners():
    layout = place_tile(TileLayout(), "gatehouse", at=(0, 0), player="A")
    return place_tile(layout, "campsite", at=(22, 16), rotation=180, player="B")


def test_assembly_tiles_in_their_corner_give_start_areas_and_exits():
    grid = corners().to_grid()
    assert sorted(grid.zone("exit B").squares) == [(27, 23), (28, 23), (29, 21), (29, 22), (29, 23)]
    start = set(grid.zone("start A").squares)
    assert len(start) == 64 - len(find_tile("gatehouse").walls) and (7, 7) in start
    assert "statue" in grid.terrain_at((23, 18))  # the campsite's statue, turned half round


def test_assembly_tile_must_cover_its_start_areas_exits():
    with pytest.raises(IllegalAction) as info:
        place_tile(TileLayout(), "gatehouse", at=(1, 0), player="A")
    assert "is not in start area A" in info.value.message and "A1, B1, C1, A2, A3" in info.value.message
    with pytest.raises(IllegalAction) as info:
        place_tile(TileLayout(), "gatehouse", at=(0, 0), rotation=90, player="A")
    assert "is not in start area A" in info.value.message
    with pytest.raises(IllegalAction) as info:
        place_tile(TileLayout(), "gatehouse", at=(0, 0), player="Q")
    assert "no start area Q" in info.value.message


def test_a_third_player_starts_in_the_middle_of_a_long_side():
    layout = place_tile(TileLayout(), "gatehouse", at=(14, 0), player="E")
    assert sorted(layout.to_grid().zone("exit E").squares) == [(14, 0), (15, 0), (16, 0)]
    layout = place_tile(TileLayout(), "gatehouse", at=(9, 0), rotation=90, player="E")
    assert sorted(layout.to_grid().zone("exit E").squares) == [(14, 0), (15, 0), (16, 0)]


def test_generic_tiles_follow_the_placement_rules():
    layout = corners()
    layout = place_tile(layout, "crypt", at=(11, 2), player="A")
    grid = layout.to_grid()
    assert grid.is_wall((12, 3)) and grid.zone("Crypt (A)").keywords == ["generic"]
    # Overlap.
    with pytest.raises(IllegalAction) as info:
        place_tile(layout, "shrine", at=(14, 6), player="B")
    assert "would overlap Crypt (player A)" in info.value.message
    # Off the grid.
    with pytest.raises(IllegalAction) as info:
        place_tile(layout, "shrine", at=(25, 10), player="B")
    assert "hang off the battle grid" in info.value.message
    # Walls on the edges of two tiles touching, even only diagonally (the towers' corner walls).
    towers = place_tile(layout, "ruined-tower", at=(11, 10), player="A")
    with pytest.raises(IllegalAction) as info:
        place_tile(towers, "ruined-tower", at=(3, 10), player="B")  # side by side
    assert "its wall at K11 touches the wall of Ruined Tower (player A) at L11" in info.value.message
    with pytest.raises(IllegalAction) as info:
        place_tile(towers, "ruined-tower", at=(19, 2), player="B")  # corner to corner
    assert "its wall at T10 touches the wall of Ruined Tower (player A) at S11" in info.value.message
    # A 1-square gap between walls of different tiles is too narrow for Large creatures.
    with pytest.raises(IllegalAction) as info:
        place_tile(layout, "ruined-tower", at=(19, 3), player="B")
    assert "its wall at T4 leaves only a 1-square gap to the wall of Crypt (player A) at R4" in info.value.message
    # Walls near the grid edge.
    with pytest.raises(IllegalAction) as info:
        place_tile(layout, "ruined-tower", at=(0, 10), player="B")
    assert "touches the wall along the grid edge" in info.value.message
    with pytest.raises(IllegalAction) as info:
        place_tile(layout, "crypt", at=(0, 10), player="B")
    assert "its wall at B12 leaves a 1-square gap to the grid edge" in info.value.message
    # A placement with room to spare.
    layout = place_tile(layout, "rubble-hall", at=(19, 9), player="B")
    assert layout.to_grid().is_wall((20, 10))


def test_a_player_lays_the_assembly_tile_first_and_no_tile_twice():
    with pytest.raises(IllegalAction) as info:
        place_tile(TileLayout(), "crypt", at=(10, 10), player="A")
    assert "assembly tile first" in info.value.message
    layout = place_tile(corners(), "crypt", at=(11, 2), player="A")
    with pytest.raises(IllegalAction) as info:
        place_tile(layout, "crypt", at=(11, 12), player="A")
    assert "no two of a player's tiles may be identical" in info.value.message
    place_tile(layout, "crypt", at=(11, 12), player="B")  # the opponent's own copy is fine
    with pytest.raises(IllegalAction) as info:
        place_tile(layout, "campsite", at=(22, 0), rotation=90, player="A")
    assert "already laid an assembly tile" in info.value.message


def test_legal_placements_only_lists_placements_that_work():
    layout = place_tile(corners(), "crypt", at=(11, 2), player="A")
    spots = legal_placements(layout, "shrine", player="B")
    assert spots and ((20, 8), 0) in spots and ((14, 6), 0) not in spots
    for at, rotation in spots[:: max(1, len(spots) // 25)]:
        place_tile(layout, "shrine", at, rotation, player="B")
