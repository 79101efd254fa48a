"""What makes boards quick to draw, checked by pixels and by counting work, never by timing.

* the map's unchanging layer is drawn once and reused: a cached board is pixel-identical to one
  drawn from nothing, whatever came before it (no stroke of an earlier board is left behind);
* the square size is worked out in a few plans, not one pixel at a time;
* text wrapping is linear: a 250,000-letter map name or a 2,000-letter word in a caption is
  measured a bounded number of times;
* PNGs are written with unfiltered rows and decode to exactly the drawn pixels.
"""

from __future__ import annotations

import io
import zlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageFont

import renderers.grid as grid
from engine.core.board_view import BoardView, Token, Zone
from renderers import png
from renderers.grid import BLOCKS, board_layout, render_board
from tests.renderers.test_grid_renderer import views


def pixels_of(data: bytes) -> bytes:
    return Image.open(io.BytesIO(data)).convert("RGB").tobytes()


def battle(tokens: list[Token], caption: str = "Round 1", path=(), attack=None) -> BoardView:
    return BoardView(
        width=12, height=9, title="Cache check", caption=caption,
        wall_squares=[(0, 0), (5, 5), (6, 5)], wall_edges=[((3, 3), (4, 3))],
        low_edges=[((7, 7), (8, 7))],
        terrain={"difficult": [(2, 5), (3, 5)], "forest": [(9, 1)], "pit": [(10, 7)]},
        zones=[Zone(kind="start_area", squares=[(0, 7), (1, 7), (0, 8), (1, 8)], side="a", label="Start A"),
               Zone(kind="victory_area", squares=[(6, 1), (7, 1)], label="Altar"),
               Zone(kind="exit", squares=[(11, 3), (11, 4)], side="b")],
        tokens=tokens, last_path=list(path), last_attack=attack,
        side_names={"a": "Alice", "b": "Bob"},
    )


def orc(x: int, y: int, **kw) -> Token:
    return Token(id=f"o{x}{y}", label="ORC", name="Orc", side=kw.pop("side", "b"), squares=[(x, y)],
                 hp=kw.pop("hp", 7), max_hp=10, **kw)


def test_a_cached_board_is_pixel_identical_to_one_drawn_afresh():
    BLOCKS.clear()
    boards = [
        battle([orc(1, 1), orc(6, 1, active=True), orc(11, 8, conditions=["routing", "prone"])],
               path=[(0, 2), (1, 2), (1, 1)], attack=((1, 1), (6, 1))),
        battle([orc(0, 0), orc(11, 0, side="a"), orc(11, 8, activated=True)], caption="Round 2"),
        battle([Token(id="big", label="OGRE", name="Ogre", side="a", squares=[(4, 4), (5, 4), (4, 5), (5, 5)],
                      hp=1, max_hp=30)], path=[(9, 8), (8, 7), (7, 6), (6, 5)], attack=((5, 5), (9, 1))),
        battle([]),
    ]
    hits = BLOCKS.hits
    # Every order, twice over: nothing drawn for one board may show on the next.
    for view in boards + boards[::-1] + boards:
        assert pixels_of(render_board(view)) == pixels_of(render_board(view, cache=False))
    # One map and look: drawn once, reused by every later board.
    assert BLOCKS.misses >= 1 and BLOCKS.hits - hits >= len(boards) * 3 - 1


def test_the_cache_is_keyed_by_the_map_and_its_look():
    BLOCKS.clear()
    first = battle([orc(1, 1)])
    render_board(first)
    misses = BLOCKS.misses
    walled = first.model_copy(update={"wall_squares": [(0, 0), (5, 5), (6, 5), (2, 2)]})
    assert pixels_of(render_board(walled)) == pixels_of(render_board(walled, cache=False))
    assert BLOCKS.misses == misses + 1
    # Another square size is another look.
    render_board(first, square_px=30)
    assert BLOCKS.misses == misses + 2
    # Same map, other tokens and caption: no new layer.
    render_board(battle([orc(3, 3)], caption="Round 9"))
    assert BLOCKS.misses == misses + 2


def test_the_cache_stays_within_its_memory_budget():
    cache = grid.BlockCache(budget_bytes=1)
    for n in range(3):
        cache._get(("map", n), lambda: Image.new("RGB", (20, 20)))
    assert len(cache._blocks) == 1  # the newest one always stays


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(views(), min_size=1, max_size=3))
def test_any_sequence_of_views_draws_as_if_drawn_afresh(sequence):
    for view in sequence:
        assert pixels_of(render_board(view, square_px=24)) == pixels_of(render_board(view, square_px=24, cache=False))


def test_the_square_size_is_worked_out_in_a_few_plans(monkeypatch):
    plans = []
    real = grid._plan_text
    monkeypatch.setattr(grid, "_plan_text", lambda *a: plans.append(a) or real(*a))
    view = BoardView(width=50, height=50, title="A big dungeon", caption="Round 1 " * 40,
                     side_names={"a": "Ann", "b": "Bob"})
    layout = board_layout(view)
    assert max(layout.size) <= grid.MAX_SIDE
    assert len(plans) <= 4
    # And it is the largest size that fits: one pixel more would not.
    bigger = grid._plan_text(view, (layout.square + 1) * grid.SS, grid._margin(layout.square + 1) * grid.SS)
    assert (50 * (layout.square + 1) + 2 * grid._margin(layout.square + 1)
            + (bigger.header + bigger.footer) // grid.SS) > grid.MAX_SIDE


def _measured_characters(monkeypatch) -> list[int]:
    measured: list[int] = []
    real = ImageFont.FreeTypeFont.getlength

    def counting(self, text, *args, **kwargs):
        measured.append(len(text))
        return real(self, text, *args, **kwargs)

    monkeypatch.setattr(ImageFont.FreeTypeFont, "getlength", counting)
    return measured


def test_one_long_word_is_wrapped_in_linear_work(monkeypatch):
    from renderers.style import wrap

    measured = _measured_characters(monkeypatch)
    lines = wrap("x" * 100_000, 26, 600)
    assert len(lines) > 100 and all(lines)
    assert sum(measured) < 5_000  # the font measures each character once, not once per cut


def test_a_map_named_with_250000_letters_draws_a_bounded_caption(monkeypatch):
    measured = _measured_characters(monkeypatch)
    view = BoardView(width=6, height=4, title="x" * 250_000, caption="y" * 2_000 + " the end",
                     tokens=[orc(1, 1)], side_names={"b": "z" * 10_000})
    layout = board_layout(view)
    image = Image.open(io.BytesIO(render_board(view)))
    assert image.size == layout.size
    assert sum(measured) < 50_000
    # Two title lines and five caption lines at most, the last one cut with an ellipsis.
    text = grid._plan_text(view, layout.square * grid.SS, layout.margin * grid.SS)
    assert len(text.title_lines) == grid.MAX_TITLE_LINES and text.title_lines[-1].endswith("…")
    assert len(text.caption_lines) == grid.MAX_CAPTION_LINES


def test_png_rows_are_unfiltered_and_decode_to_the_drawn_pixels():
    picture = Image.new("RGB", (17, 5), (236, 224, 196))
    picture.putpixel((3, 2), (1, 2, 3))
    data = png.encode(picture)
    assert pixels_of(data) == picture.tobytes()
    # The IDAT payload: each row starts with its filter byte, 0 (none).
    idat = data[data.index(b"IDAT") + 4:data.index(b"IEND") - 8]
    raw = zlib.decompress(idat)
    stride = 17 * 3 + 1
    assert len(raw) == 5 * stride and all(raw[row * stride] == 0 for row in range(5))
    board = render_board(battle([orc(1, 1)]))
    assert board[:8] == png.SIGNATURE


def test_a_kept_title_band_gives_the_same_header_as_one_drawn_afresh():
    grid._TITLE_BANDS.clear()
    for caption in ("Round 1", "Round 2: the orc charges", "Round 2: the orc charges\nand the elf falls", ""):
        view = battle([orc(1, 1)], caption=caption)
        assert pixels_of(render_board(view)) == pixels_of(render_board(view, cache=False))
    assert 1 <= len(grid._TITLE_BANDS) <= 3  # one per band height, not one per caption


def test_the_legend_is_drawn_once_per_game_and_gives_the_same_pixels():
    grid._LEGEND_BANDS.clear()
    boards = [battle([orc(1, 1)], caption="Round 1"), battle([orc(2, 2, hp=3)], caption="Round 2"),
              battle([orc(3, 1), orc(4, 4, side="a")], caption="Round 3")]
    for view in boards:
        assert pixels_of(render_board(view)) == pixels_of(render_board(view, cache=False))
    assert len(grid._LEGEND_BANDS) == 1  # the same sides and terrain: one band for the game
    renamed = battle([orc(1, 1)]).model_copy(update={"side_names": {"a": "Alice", "b": "Bertrand"}})
    assert pixels_of(render_board(renamed)) == pixels_of(render_board(renamed, cache=False))
    assert len(grid._LEGEND_BANDS) == 2


def test_png_parts_checked_apart_give_the_checksum_of_the_whole(monkeypatch):
    # zlib.decompress checks the Adler-32 of the whole stream, joined from each part's.
    for parts in (1, 2, 3, 5):
        monkeypatch.setattr(png, "PARTS", parts)
        picture = Image.new("RGB", (13, 11), (236, 224, 196))
        for n in range(11):
            picture.putpixel((n, n), (n * 20, 255 - n * 7, 3 * n))
        data = png.encode(picture)
        idat = data[data.index(b"IDAT") + 4:data.index(b"IEND") - 8]
        assert len(zlib.decompress(idat)) == 11 * (13 * 3 + 1)
        assert pixels_of(data) == picture.tobytes()
