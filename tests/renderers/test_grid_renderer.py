"""The square-grid renderer: pixels are checked against the state, not against a stored image."""

from __future__ import annotations

import doctest
import hashlib
import io
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image

import renderers.grid
import renderers.style
import renderers.terrain
from engine.core.board_view import BoardView, Token, Zone
from renderers import render_board
from renderers.grid import board_layout, side_order
from renderers.style import (
    ACTIVE_GOLD, ATTACK_RED, FLOOR, SIDE_PALETTE, WALL_EDGE, WALL_STONE, plain,
)

KNOWN_KINDS = ["difficult", "pit", "forest", "fog", "smoke", "statue", "water", "risky",
               "spike_stones", "sacred_circle", "blood_rock", "teleporter", "obstacle",
               "lava_pit", "poor_visibility", "darkness"]


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def centre_px(view: BoardView, xy: tuple[int, int], square_px: int | None = None) -> tuple[int, int]:
    """Where square ``xy``'s centre lands, from the layout's documented geometry."""
    lay = board_layout(view, square_px=square_px)
    return (lay.margin + xy[0] * lay.square + lay.square // 2,
            lay.header + lay.margin + xy[1] * lay.square + lay.square // 2)


def pixels(image: Image.Image) -> list[tuple[int, int, int]]:
    data = image.convert("RGB").tobytes()
    return [tuple(data[i:i + 3]) for i in range(0, len(data), 3)]


def distance(a, b) -> float:
    return math.dist(a[:3], b[:3])


def token(tid: str, side: str, squares, **kw) -> Token:
    return Token(id=tid, label=kw.pop("label", tid.upper()), name=tid, side=side,
                 squares=squares, **kw)


def skirmish() -> BoardView:
    return BoardView(
        width=10, height=8, title="Test skirmish", caption="Round 2, phase 1",
        wall_squares=[(0, 0), (9, 7)],
        wall_edges=[((3, 3), (4, 3))],
        terrain={"difficult": [(2, 5)], "pit": [(7, 1)]},
        zones=[Zone(kind="start_area", squares=[(0, 6), (1, 6), (0, 7), (1, 7)], side="a")],
        tokens=[token("orc", "b", [(5, 2)], hp=8, max_hp=10, active=True),
                token("elf", "a", [(2, 2)], hp=3, max_hp=10, conditions=["routing"])],
        last_path=[(6, 4), (5, 3), (5, 2)],
        last_attack=((5, 2), (2, 2)),
        side_names={"a": "Alice", "b": "Bob"},
    )


# -- format and determinism ------------------------------------------------------------------


def test_png_decodes_with_pillow_and_carries_no_metadata():
    png = render_board(skirmish())
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG" and image.mode == "RGB"
    assert not {"tIME", "tEXt", "zTXt", "iTXt"} & set(_chunk_types(png))
    assert not (set(image.info) - {"dpi"})


def _chunk_types(png: bytes) -> list[str]:
    types, pos = [], 8
    while pos < len(png):
        length = int.from_bytes(png[pos:pos + 4], "big")
        types.append(png[pos + 4:pos + 8].decode("ascii"))
        pos += 12 + length
    return types


def test_same_view_gives_identical_bytes():
    view = skirmish()
    first = render_board(view)
    assert render_board(view) == first
    # A view rebuilt from its JSON (as the store would hand it back) draws the same picture.
    assert render_board(BoardView.model_validate_json(view.model_dump_json())) == first


def test_identical_bytes_across_processes_and_hash_seeds():
    # Sets and dicts iterate in hash order; a picture must not depend on it.
    script = (
        "import hashlib, sys\n"
        "from engine.core.board_view import BoardView\n"
        "from renderers import render_board\n"
        "view = BoardView.model_validate_json(sys.stdin.read())\n"
        "print(hashlib.sha256(render_board(view)).hexdigest())\n"
    )
    view = skirmish()
    root = Path(__file__).resolve().parents[2]
    digests = set()
    for seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(root)}
        out = subprocess.run([sys.executable, "-c", script], input=view.model_dump_json(),
                             capture_output=True, text=True, env=env, cwd=root, check=True)
        digests.add(out.stdout.strip())
    assert digests == {hashlib.sha256(render_board(view)).hexdigest()}


def test_different_views_give_different_pictures():
    view = skirmish()
    moved = view.model_copy(deep=True)
    moved.tokens[0].squares = [(6, 2)]
    assert render_board(view) != render_board(moved)


# -- size and layout -------------------------------------------------------------------------


@pytest.mark.parametrize("width,height,square_px", [(6, 4, 48), (12, 10, 48), (3, 9, 30),
                                                    (1, 1, 48), (20, 15, 64)])
def test_image_size_is_squares_plus_margins_and_bands(width, height, square_px):
    view = BoardView(width=width, height=height, title="Size check",
                     tokens=[token("a1", "a", [(0, 0)])])
    lay = board_layout(view, square_px=square_px)
    image = decode(render_board(view, square_px=square_px))
    assert lay.square == square_px
    assert lay.margin > 0 and lay.header > 0 and lay.footer > 0
    assert image.size == (width * square_px + 2 * lay.margin,
                          lay.header + 2 * lay.margin + height * square_px + lay.footer)


def test_no_title_and_no_sides_means_no_bands():
    lay = board_layout(BoardView(width=4, height=4))
    assert lay.header == 0 and lay.footer == 0


@pytest.mark.parametrize("width,height", [(40, 40), (40, 12), (12, 40), (60, 60)])
def test_big_maps_fit_within_2000_pixels(width, height):
    view = BoardView(width=width, height=height, title="A big dungeon", caption="Round 1",
                     wall_squares=[(x, 0) for x in range(width)],
                     tokens=[token(f"t{i}", "ab"[i % 2], [(i, i)], hp=5, max_hp=9)
                             for i in range(min(width, height))])
    image = decode(render_board(view))
    lay = board_layout(view)
    assert image.size == lay.size
    assert max(image.size) <= 2000
    assert lay.square <= 48
    if height >= 40:
        assert lay.square < 48  # 40 rows of 48 pixels plus the bands would not fit
    # The shrunken tokens still land on their squares.
    assert image.getpixel(centre_px(view, (3, 3))) != FLOOR


def test_bad_requests_are_refused_with_a_reason():
    with pytest.raises(ValueError, match="at least one square"):
        render_board(BoardView(width=0, height=5))
    with pytest.raises(ValueError, match="square_px"):
        render_board(BoardView(width=5, height=5), square_px=3)


# -- tokens ----------------------------------------------------------------------------------


def test_tokens_land_where_the_state_says():
    view = BoardView(width=8, height=6,
                     tokens=[token("a1", "a", [(1, 1)], hp=5, max_hp=5),
                             token("b1", "b", [(6, 4)], hp=5, max_hp=5),
                             # A Large creature: one circle over four squares.
                             token("b2", "b", [(3, 3), (4, 3), (3, 4), (4, 4)], label="G")],
                     side_names={"a": "Alice", "b": "Bob"})
    image = decode(render_board(view))
    blue, vermillion = SIDE_PALETTE[0], SIDE_PALETTE[1]
    assert image.getpixel(centre_px(view, (1, 1))) == blue
    assert image.getpixel(centre_px(view, (6, 4))) == vermillion
    for xy in [(3, 3), (4, 3), (3, 4), (4, 4)]:
        assert image.getpixel(centre_px(view, xy)) == vermillion
    for empty in [(0, 0), (6, 1), (2, 5), (7, 5)]:
        pixel = image.getpixel(centre_px(view, empty))
        assert pixel == FLOOR
        assert pixel not in SIDE_PALETTE


def test_side_colours_follow_side_names_order():
    view = BoardView(width=4, height=2, side_names={"zed": "Zed", "amy": "Amy"},
                     tokens=[token("a", "amy", [(0, 0)]), token("z", "zed", [(2, 0)])])
    assert side_order(view) == ["zed", "amy"]
    image = decode(render_board(view))
    # The labels sit on the centre when there are no hit points; sample just beside it.
    lay = board_layout(view)
    dx = lay.square // 4
    zx, zy = centre_px(view, (2, 0))
    ax, ay = centre_px(view, (0, 0))
    assert image.getpixel((zx, zy - dx)) == SIDE_PALETTE[0]
    assert image.getpixel((ax, ay - dx)) == SIDE_PALETTE[1]


def test_activated_creature_is_dimmed_and_active_one_is_ringed():
    view = BoardView(width=6, height=2, side_names={"a": "A"},
                     tokens=[token("r", "a", [(0, 0)], hp=1, max_hp=1),
                             token("s", "a", [(2, 0)], hp=1, max_hp=1, activated=True),
                             token("t", "a", [(4, 0)], hp=1, max_hp=1, active=True)])
    image = decode(render_board(view))
    lay = board_layout(view)
    ready, spent, active = (centre_px(view, (x, 0)) for x in (0, 2, 4))
    colour = SIDE_PALETTE[0]
    assert image.getpixel(ready) == colour
    dim = image.getpixel(spent)
    assert dim != colour
    # Washed out: less saturated than the side's own colour.
    assert (max(dim) - min(dim)) < (max(colour) - min(colour)) / 2
    # Just inside the square's right edge: the gold ring for the active creature only.
    ring_dx = int(lay.square * 0.48)
    assert distance(image.getpixel((active[0] + ring_dx, active[1])), ACTIVE_GOLD) < 40
    assert distance(image.getpixel((ready[0] + ring_dx, ready[1])), ACTIVE_GOLD) > 100


def test_hit_point_bar_shows_what_is_left():
    view = BoardView(width=4, height=2,
                     tokens=[token("hale", "a", [(0, 0)], hp=10, max_hp=10),
                             token("hurt", "a", [(2, 0)], hp=1, max_hp=10)])
    image = decode(render_board(view))
    lay = board_layout(view)
    s = lay.square
    # Right-hand part of the bar, which sits along the token's lower edge.
    dx, dy = int(s * 0.25), int(s * 0.5 - s * 0.05 - s * 0.11 * 0.35)
    hale, hurt = centre_px(view, (0, 0)), centre_px(view, (2, 0))
    green = (46, 160, 67)
    assert distance(image.getpixel((hale[0] + dx, hale[1] + dy)), green) < 40
    assert distance(image.getpixel((hurt[0] + dx, hurt[1] + dy)), green) > 100


def test_hit_point_text_and_conditions_change_the_token():
    base = BoardView(width=3, height=3, tokens=[token("a", "a", [(1, 1)], hp=4, max_hp=9)])
    other_hp = base.model_copy(deep=True)
    other_hp.tokens[0].hp = 7
    routed = base.model_copy(deep=True)
    routed.tokens[0].conditions = ["routing"]
    pictures = {render_board(v) for v in (base, other_hp, routed)}
    assert len(pictures) == 3
    # The rout badge is red and sits in the top part of the token's square.
    image = decode(render_board(routed))
    lay = board_layout(routed)
    cx, cy = centre_px(routed, (1, 1))
    top = image.crop((cx - lay.square // 2, cy - lay.square // 2, cx + lay.square // 2, cy))
    reds = [p for p in pixels(top) if distance(p, (200, 30, 30)) < 30]
    assert len(reds) > 10


def test_tokens_off_the_board_are_skipped():
    view = BoardView(width=3, height=3, tokens=[token("ghost", "a", [(7, 7)])],
                     last_path=[(9, 9), (8, 8)], last_attack=((0, 0), (5, 5)))
    empty = BoardView(width=3, height=3, side_names={"a": "a"})
    # Nothing off the grid is drawn (the side still has its legend entry).
    assert render_board(view) == render_board(empty)


# -- walls, terrain, zones -------------------------------------------------------------------


def test_walls_drawn_at_wall_squares():
    view = BoardView(width=6, height=5, wall_squares=[(0, 0), (1, 0), (3, 2), (5, 4)])
    image = decode(render_board(view))
    for xy in view.wall_squares:
        assert image.getpixel(centre_px(view, xy)) == WALL_STONE
    for xy in [(2, 0), (3, 1), (4, 4), (0, 4)]:
        assert image.getpixel(centre_px(view, xy)) == FLOOR


@pytest.mark.parametrize("kind", ["wall", "pillar", "blocking_obstacle"])
def test_solid_terrain_kinds_are_drawn_as_wall(kind):
    view = BoardView(width=3, height=3, terrain={kind: [(1, 1)]})
    assert decode(render_board(view)).getpixel(centre_px(view, (1, 1))) == WALL_STONE


def test_any_kind_of_pit_looks_like_a_pit():
    view = BoardView(width=3, height=1, terrain={"pit": [(0, 0)], "acid_pit": [(2, 0)]})
    image = decode(render_board(view))
    assert _square(image, view, (0, 0)) == _square(image, view, (2, 0))


def test_wall_edges_are_thick_lines_on_the_shared_edge():
    view = BoardView(width=5, height=5, wall_edges=[((1, 1), (2, 1)), ((3, 2), (3, 3))])
    plain_view = BoardView(width=5, height=5)
    image, bare = decode(render_board(view)), decode(render_board(plain_view))
    lay = board_layout(view)
    s = lay.square
    cx, cy = centre_px(view, (1, 1))
    east_edge = (cx + s // 2, cy)  # between (1,1) and (2,1)
    tx, ty = centre_px(view, (3, 2))
    south_edge = (tx, ty + s // 2)  # between (3,2) and (3,3)
    for point in (east_edge, south_edge):
        assert image.getpixel(point) == WALL_EDGE
        assert bare.getpixel(point) != WALL_EDGE
        # Thick: still wall-coloured two pixels to either side of the edge.
    assert image.getpixel((east_edge[0] - 2, east_edge[1])) == WALL_EDGE
    assert image.getpixel((east_edge[0] + 2, east_edge[1])) == WALL_EDGE
    # A grid line elsewhere is not a wall.
    assert image.getpixel((cx + s // 2, cy + 2 * s)) != WALL_EDGE


def _square(image: Image.Image, view: BoardView, xy) -> bytes:
    lay = board_layout(view)
    cx, cy = centre_px(view, xy)
    half = lay.square // 2 - 2
    return image.crop((cx - half, cy - half, cx + half, cy + half)).tobytes()


def test_every_terrain_kind_looks_different():
    kinds = KNOWN_KINDS + ["lava", "mud"]
    view = BoardView(width=len(kinds), height=2,
                     terrain={kind: [(i, 0)] for i, kind in enumerate(kinds)})
    image = decode(render_board(view))
    tiles = [_square(image, view, (i, 0)) for i in range(len(kinds))]
    floor = _square(image, view, (0, 1))
    assert len(set(tiles)) == len(kinds), "two terrain kinds are drawn alike"
    assert floor not in tiles


def test_terrain_names_are_normalised():
    a = BoardView(width=2, height=1, terrain={"Spike Stones": [(0, 0)]})
    b = BoardView(width=2, height=1, terrain={"spike_stones": [(0, 0)]})
    c = BoardView(width=2, height=1, terrain={"stone-spikes": [(0, 0)]})
    assert render_board(a) == render_board(b) == render_board(c)


def test_start_areas_are_tinted_by_side():
    view = BoardView(width=6, height=3, side_names={"a": "A", "b": "B"},
                     zones=[Zone(kind="start_area", side="a", squares=[(0, 1), (1, 1)]),
                            Zone(kind="start_area", side="b", squares=[(4, 1), (5, 1)])])
    image = decode(render_board(view))
    a_tint = image.getpixel(centre_px(view, (1, 1)))
    b_tint = image.getpixel(centre_px(view, (5, 1)))
    outside = image.getpixel(centre_px(view, (3, 1)))
    assert outside == FLOOR
    assert a_tint != FLOOR and b_tint != FLOOR and a_tint != b_tint
    # Each tint leans towards its own side's colour.
    assert distance(a_tint, SIDE_PALETTE[0]) < distance(FLOOR, SIDE_PALETTE[0])
    assert distance(b_tint, SIDE_PALETTE[1]) < distance(FLOOR, SIDE_PALETTE[1])


def test_exit_and_victory_zones_are_marked():
    base = BoardView(width=5, height=4)
    marked = BoardView(width=5, height=4,
                       zones=[Zone(kind="exit", squares=[(4, 1), (4, 2)]),
                              Zone(kind="victory_area", squares=[(1, 1), (2, 1)], label="Altar")])
    image, bare = decode(render_board(marked)), decode(render_board(base))
    for xy in [(4, 1), (4, 2), (1, 1), (2, 1)]:
        assert _square(image, marked, xy) != _square(bare, base, xy)
    assert _square(image, marked, (0, 3)) == _square(bare, base, (0, 3))


# -- last move and last attack ---------------------------------------------------------------


def test_last_path_changes_pixels_along_the_line():
    still = BoardView(width=8, height=4)
    moved = BoardView(width=8, height=4, last_path=[(1, 1), (2, 1), (3, 1), (5, 1)])
    a, b = decode(render_board(still)), decode(render_board(moved))
    lay = board_layout(moved)
    (x1, y), (x5, _) = centre_px(moved, (1, 1)), centre_px(moved, (5, 1))
    for x in range(x1, x5 - lay.square // 2, max(1, lay.square // 6)):
        assert a.getpixel((x, y)) != b.getpixel((x, y)), f"no path at x={x}"
    # The arrowhead widens the line just before the last square's centre.
    tip = (x5 - lay.square // 4, y - lay.square // 10)
    assert a.getpixel(tip) != b.getpixel(tip)
    # Away from the path nothing changes.
    assert _square(a, still, (6, 3)) == _square(b, moved, (6, 3))


def test_last_path_stops_at_the_moved_creature():
    view = BoardView(width=8, height=3, last_path=[(1, 1), (2, 1), (3, 1), (4, 1)],
                     tokens=[token("orc", "a", [(4, 1)], hp=2, max_hp=2)])
    image = decode(render_board(view))
    # The token is drawn over its own square; the path is visible behind it, up to the edge.
    assert image.getpixel(centre_px(view, (4, 1))) == SIDE_PALETTE[0]
    assert image.getpixel(centre_px(view, (2, 1))) != FLOOR


def test_last_attack_is_a_red_dashed_line_between_attacker_and_target():
    tokens = [token("bow", "a", [(1, 1)], hp=3, max_hp=3), token("orc", "b", [(6, 4)], hp=3,
                                                                   max_hp=3)]
    calm = BoardView(width=8, height=6, tokens=tokens)
    shot = BoardView(width=8, height=6, tokens=tokens, last_attack=((1, 1), (6, 4)))
    a, b = decode(render_board(calm)), decode(render_board(shot))
    (ax, ay), (tx, ty) = centre_px(shot, (1, 1)), centre_px(shot, (6, 4))
    samples = [(round(ax + (tx - ax) * t / 40), round(ay + (ty - ay) * t / 40))
               for t in range(12, 29)]
    changed = [p for p in samples if a.getpixel(p) != b.getpixel(p)]
    red = [p for p in samples if distance(b.getpixel(p), ATTACK_RED) < 60]
    unchanged_gaps = [p for p in samples if distance(b.getpixel(p), ATTACK_RED) >= 60]
    assert len(changed) >= len(samples) * 0.6
    assert len(red) >= len(samples) * 0.4
    assert unchanged_gaps, "the line should be dashed, with gaps"
    # Far from the line, the picture is untouched.
    assert _square(a, calm, (7, 0)) == _square(b, shot, (7, 0))


# -- header, legend, text --------------------------------------------------------------------


def test_title_and_caption_are_drawn_in_the_header():
    with_text = BoardView(width=6, height=3, title="Battle of the Bridge", caption="Round 4")
    other_text = BoardView(width=6, height=3, title="Battle of the Ford", caption="Round 4")
    lay = board_layout(with_text)
    a, b = decode(render_board(with_text)), decode(render_board(other_text))
    header_a = a.crop((0, 0, a.width, lay.header))
    header_b = b.crop((0, 0, b.width, lay.header))
    assert len(set(pixels(header_a))) > 10  # text, not a flat band
    assert header_a.tobytes() != header_b.tobytes()


def test_long_captions_wrap_instead_of_running_off_the_image():
    short = board_layout(BoardView(width=5, height=3, caption="Hit."))
    long = board_layout(BoardView(width=5, height=3, caption="The orc swings " * 12))
    assert long.header > short.header
    assert long.size[0] == short.size[0]


def test_caption_keeps_its_line_breaks_and_is_cut_when_very_long():
    one = board_layout(BoardView(width=8, height=3, caption="Round 2"))
    two = board_layout(BoardView(width=8, height=3, caption="Round 2\nOrc moves"))
    huge = board_layout(BoardView(width=8, height=3, caption="\n".join(["Hit."] * 50)))
    five = board_layout(BoardView(width=8, height=3, caption="\n".join(["Hit."] * 5)))
    assert one.header < two.header < huge.header
    assert huge.header == five.header


def test_legend_shows_each_side_colour():
    view = BoardView(width=6, height=3, side_names={"a": "Alice", "b": "Bob", "c": "Cyd"})
    image = decode(render_board(view))
    lay = board_layout(view)
    legend = pixels(image.crop((0, image.height - lay.footer, image.width, image.height)))
    for colour in SIDE_PALETTE[:3]:
        assert legend.count(colour) > 20


def test_text_the_font_lacks_is_folded_not_boxed():
    assert plain("Élodie’s Knights ⚔️") == "Élodie's Knights"  # the font has accented Latin letters (#13)
    assert plain("Straße → Ørsted") == "Strasse -> Orsted"
    view = BoardView(width=4, height=2, title="Élodie ⚔️", side_names={"a": "Zoë 🐉"})
    assert decode(render_board(view)).size == board_layout(view).size


def test_coordinates_are_drawn_on_all_four_edges():
    view = BoardView(width=4, height=4)
    image = decode(render_board(view))
    lay = board_layout(view)
    w, h = image.size
    strips = [image.crop((lay.margin, 0, w - lay.margin, lay.margin // 2 + 4)),  # top letters
              image.crop((lay.margin, h - lay.margin, w - lay.margin, h)),  # bottom letters
              image.crop((0, lay.margin, lay.margin - 4, h - lay.margin)),  # left numbers
              image.crop((w - lay.margin + 4, lay.margin, w, h - lay.margin))]  # right numbers
    for strip in strips:
        assert len(set(pixels(strip))) > 3


def test_doctests_pass():
    for module in (renderers.grid, renderers.style, renderers.terrain):
        assert doctest.testmod(module).failed == 0


# -- any view at all -------------------------------------------------------------------------

squares = st.tuples(st.integers(-2, 12), st.integers(-2, 9))


@st.composite
def views(draw) -> BoardView:
    width, height = draw(st.integers(1, 10)), draw(st.integers(1, 7))
    text = st.text(max_size=30)
    tokens = [Token(id=f"t{i}", label=draw(text), name=draw(text),
                    side=draw(st.sampled_from(["a", "b", "c"])),
                    squares=draw(st.lists(squares, min_size=1, max_size=4)),
                    hp=draw(st.none() | st.integers(-5, 50)),
                    max_hp=draw(st.none() | st.integers(0, 50)),
                    conditions=draw(st.lists(text, max_size=5)),
                    active=draw(st.booleans()), activated=draw(st.booleans()))
              for i in range(draw(st.integers(0, 4)))]
    return BoardView(
        width=width, height=height, title=draw(text), caption=draw(st.text(max_size=120)),
        wall_squares=draw(st.lists(squares, max_size=6)),
        wall_edges=draw(st.lists(st.tuples(squares, squares), max_size=4)),
        terrain=draw(st.dictionaries(st.sampled_from(KNOWN_KINDS + ["lava", "", "wall"]),
                                     st.lists(squares, max_size=4), max_size=4)),
        zones=[Zone(kind=draw(st.sampled_from(["start_area", "exit", "victory_area", "aura"])),
                    squares=draw(st.lists(squares, max_size=5)), label=draw(text),
                    side=draw(st.none() | st.sampled_from(["a", "b"])))
               for _ in range(draw(st.integers(0, 3)))],
        tokens=tokens,
        last_path=draw(st.lists(squares, max_size=5)),
        last_attack=draw(st.none() | st.tuples(squares, squares)),
        side_names=draw(st.dictionaries(st.sampled_from(["a", "b", "c"]), text, max_size=3)),
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(views())
def test_any_view_renders_deterministically_at_the_planned_size(view):
    png = render_board(view, square_px=24)
    assert render_board(view, square_px=24) == png
    assert decode(png).size == board_layout(view, square_px=24).size


def test_low_wall_edges_are_drawn_dashed_on_the_shared_edge():
    from renderers.grid import board_layout

    base = BoardView(width=4, height=3)
    low = BoardView(width=4, height=3, low_edges=[((1, 1), (2, 1))])
    plain_png, low_png = render_board(base), render_board(low)
    assert plain_png != low_png
    layout = board_layout(low)
    x0, y0, *_ = layout.square_box((2, 1))
    a = Image.open(io.BytesIO(plain_png)).convert("RGB")
    b = Image.open(io.BytesIO(low_png)).convert("RGB")
    column = [b.getpixel((x0, y)) != a.getpixel((x0, y)) for y in range(y0 + 1, y0 + layout.square - 1)]
    assert any(column) and not all(column)  # dashes and gaps along the edge


def test_big_maps_get_smaller_squares_by_default_and_small_ones_keep_48():
    """Discord shows a board at most 550 pixels wide in the channel: a 24 x 24 map at 48-pixel
    squares would be 1,200 wide for the same preview, so its squares are 36 by default."""
    small = BoardView(width=12, height=9, tokens=[token("a", "a", [(1, 1)])])
    big = BoardView(width=24, height=24, tokens=[token("a", "a", [(1, 1)])])
    assert board_layout(small).square == 48
    assert board_layout(big).square == 36 and board_layout(big, square_px=48).square == 48
    assert decode(render_board(big)).size == board_layout(big).size
    assert decode(render_board(big, square_px=48)).size == board_layout(big, square_px=48).size
    assert board_layout(BoardView(width=36, height=30)).square == 32
