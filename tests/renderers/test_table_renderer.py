"""renderers.table: the continuous table drawn at a fixed scale, deterministic pixels."""

import doctest
import io
import sys
from pathlib import Path

from PIL import Image

import renderers.table
from engine.table.view import TableView, TerrainShape, UnitShape, ZoneShape
from renderers.style import side_colours
from renderers.table import HEADER, LEGEND_ROW, TERRAIN_FILL, render_table

sys.path.insert(0, str(Path(__file__).parents[1] / "ninth_age"))


def pixel(png: bytes, x: float, y: float, height: float = 48, scale: int = 10):
    image = Image.open(io.BytesIO(png)).convert("RGB")
    return image.getpixel((int(x * scale), int(HEADER + (height - y) * scale)))


def test_doctests():
    assert doctest.testmod(renderers.table).failed == 0


def test_every_terrain_kind_is_shaded_and_named_in_the_legend():
    kinds = list(TERRAIN_FILL)
    terrain = []
    for n, kind in enumerate(kinds):  # a 6" square of each kind along the table
        x = 2 + n * 8.5
        terrain.append(TerrainShape(name="", kind=kind, points=[(x, 20), (x + 6, 20), (x + 6, 26), (x, 26)]))
    view = TableView(width=72, height=48, terrain=terrain)
    png = render_table(view)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (720, 480 + HEADER + LEGEND_ROW)  # eight kinds fit one row at 720 px
    for n, kind in enumerate(kinds):
        assert pixel(png, 2 + n * 8.5 + 3, 23) == TERRAIN_FILL[kind]  # shaded by kind
    legend = image.crop((0, HEADER + 480, 720, HEADER + 480 + LEGEND_ROW))
    colours = {c for _, c in legend.getcolors(1 << 20)}
    assert all(TERRAIN_FILL[k] in colours for k in kinds)  # a swatch of each
    assert legend.getbbox() is not None
    # the legend's words are the reader's: another word, other pixels in the legend only
    italian = render_table(view.model_copy(update={"words": {"Hill": "Collina", "Forest": "Foresta"}}))
    other = Image.open(io.BytesIO(italian)).convert("RGB")
    assert other.crop((0, 0, 720, HEADER + 480)).tobytes() == image.crop((0, 0, 720, HEADER + 480)).tobytes()
    assert other.crop((0, HEADER + 480, 720, HEADER + 480 + LEGEND_ROW)).tobytes() != legend.tobytes()
    # only the kinds on the table are in the legend; none at all on an open table
    one = Image.open(io.BytesIO(render_table(TableView(width=72, height=48, terrain=terrain[:1])))).convert("RGB")
    assert TERRAIN_FILL["forest"] not in {c for _, c in one.crop((0, HEADER + 480, 720, HEADER + 500)).getcolors(1 << 20)}
    assert Image.open(io.BytesIO(render_table(TableView(width=72, height=48)))).size == (720, 480 + HEADER)


def test_terrain_zones_and_units_are_drawn_where_they_stand():
    view = TableView(width=72, height=48, title="T", side_names={"p1": "A", "p2": "B"},
                     terrain=[TerrainShape(name="", kind="forest", points=[(50, 20), (60, 20), (60, 30), (50, 30)])],
                     zones=[ZoneShape(label="", side="p1", points=[(0, 0), (72, 0), (72, 12), (0, 12)])],
                     units=[UnitShape(id="u", label="", side="p2", bases=[[(10, 40), (12, 40), (12, 42), (10, 42)]],
                                      centre=(11, 41), front=(11, 42))])
    png = render_table(view)
    assert Image.open(io.BytesIO(png)).size == (720, 480 + HEADER + LEGEND_ROW)  # the terrain legend's row
    assert pixel(png, 52, 22) == TERRAIN_FILL["forest"]
    colours = side_colours(["p1", "p2"])
    assert pixel(png, 10.5, 40.5) == colours["p2"]
    zone = pixel(png, 30, 6)
    assert zone != pixel(png, 30, 24)  # the zone is tinted, the open table is not
    assert render_table(view) == png  # the same view gives the same pixels


def test_a_deployed_battle_renders(tmp_path):
    from game_helpers import RULESET, deploy_all, new_battle

    state = deploy_all(new_battle())
    view = RULESET.board(state)
    assert isinstance(view, TableView) and len(view.units) == len(state.units) and len(view.terrain) == 7
    png = render_table(view)
    spear = next(u for u in view.units if u.id == "Spearmen")
    base = spear.bases[0]
    cx, cy = sum(p[0] for p in base) / 4, sum(p[1] for p in base) / 4
    assert pixel(png, cx, cy) == side_colours(["p1", "p2"])["p1"]


def test_a_units_badges_are_drawn_as_the_view_writes_them(drawn_words):
    """The badges after a unit's label are one text the engine's view made (a list said in the
    reader's language, #13): the renderer has no language and joins nothing itself."""
    drawn = drawn_words
    view = TableView(width=72, height=48, title="T", side_names={"p1": "A", "p2": "B"},
                     units=[UnitShape(id="u", label="Spearmen 30", side="p1", badges=["fleeing", "charged", "marched"],
                                      badge_text="in fuga, carica e marcia",
                                      bases=[[(10, 40), (12, 40), (12, 42), (10, 42)]], centre=(11, 41), front=(11, 42)),
                            UnitShape(id="v", label="Archers 10", side="p2",
                                      bases=[[(30, 20), (32, 20), (32, 22), (30, 22)]], centre=(31, 21), front=(31, 22))])
    render_table(view)
    assert "Spearmen 30 [in fuga, carica e marcia]" in drawn and "Archers 10" in drawn
    assert not any("fleeing" in w or "charged" in w for w in drawn), drawn
