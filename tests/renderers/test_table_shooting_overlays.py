"""renderers.table: the Shooting phase's overlays (§24.10): sight and cover rays coloured by the
cover they met, a cannonball's line, a scatter arrow and the template where it lay."""

from engine.table.view import ShotShape, TableView, TemplateShape
from renderers.table import SHOT_INK, TABLE_FILL, TEMPLATE_INK, render_table

from test_table_renderer import pixel


def _blend(under, ink):
    r, g, b, a = ink
    return tuple(round(c * (255 - a) / 255 + n * a / 255) for c, n in zip(under, (r, g, b)))


def test_rays_lines_scatter_and_templates_are_drawn():
    view = TableView(width=72, height=48, shots=[
        ShotShape(kind="cover-hard", points=[(10, 5), (10, 25)]),
        ShotShape(kind="cover-soft", points=[(20, 5), (20, 25)]),
        ShotShape(kind="line", points=[(30, 5), (30, 25)]),
        ShotShape(kind="scatter", points=[(40, 5), (40, 25)]),
    ], templates=[TemplateShape(centre=(60, 20), diameter=5)])
    png = render_table(view)
    bare = render_table(TableView(width=72, height=48))
    assert pixel(bare, 10, 15) == TABLE_FILL
    for x, kind in ((10, "cover-hard"), (20, "cover-soft"), (30, "line"), (40, "scatter")):
        got = pixel(png, x, 15)
        assert got != TABLE_FILL, kind
        expected = _blend(TABLE_FILL, SHOT_INK[kind])
        assert all(abs(a - b) <= 2 for a, b in zip(got, expected)), (kind, got, expected)
    inside = pixel(png, 60, 20)
    assert inside != TABLE_FILL and inside == _blend(TABLE_FILL, (*TEMPLATE_INK, 60))
    assert pixel(png, 60, 24) == TABLE_FILL  # outside the 5" template
    assert render_table(view) == png
