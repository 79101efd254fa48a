"""The Ninth Age board read by a new player: where the inches are, whose zone is whose.

The commands take inches from the south-west corner (/deploy x: y:, /advance to:), so the
board marks them along its edges; each deployment zone carries its label.
"""

from __future__ import annotations

import io

from PIL import Image

from engine.table.view import TableView, ZoneShape
from renderers.table import HEADER, RULER_INK, TABLE_FILL, render_table


def _image(view: TableView) -> Image.Image:
    return Image.open(io.BytesIO(render_table(view))).convert("RGB")


def test_the_table_edges_are_marked_in_inches():
    im = _image(TableView(width=72, height=48))
    bottom = HEADER + 480 - 4  # a few pixels inside the south edge
    assert im.getpixel((120, bottom)) == RULER_INK  # the 12" mark, 10 px an inch
    assert im.getpixel((60, bottom)) == RULER_INK  # the 6" mark
    assert im.getpixel((90, bottom)) == TABLE_FILL  # no mark between
    assert im.getpixel((3, HEADER + 480 - 240)) == RULER_INK  # the west edge's 24" mark


def test_a_deployment_zone_shows_its_label():
    zone = ZoneShape(label="Player 1 deploys", side="p1", points=[(0, 0), (72, 0), (72, 12), (0, 12)])
    plain = _image(TableView(width=72, height=48, zones=[zone.model_copy(update={"label": ""})]))
    named = _image(TableView(width=72, height=48, zones=[zone]))
    box = (300, HEADER + 420, 420, HEADER + 460)  # around the zone's centre (36", 6")
    assert plain.crop(box).tobytes() != named.crop(box).tobytes()


def _white_in_band(im: Image.Image, y: int) -> int:
    return sum(1 for x in range(im.width) for yy in range(y - 6, y + 7) if im.getpixel((x, yy)) == (255, 255, 255))


def test_a_unit_label_at_the_table_edge_is_drawn_whole():
    """'Halberdiers 20 + Hedge Wizard' near the west edge was cut to 'diers 20 + Hedge Wizard'."""
    from engine.table.view import UnitShape

    def board(x: float) -> Image.Image:
        u = UnitShape(id="H", label="Halberdiers 20 + Hedge Wizard", side="p1", bases=[], centre=(x, 24),
                      front=(x, 23), has_arcs=False)
        return _image(TableView(width=72, height=48, units=[u]))

    y = HEADER + 240
    inside, west, east = board(36), board(1), board(71)
    assert _white_in_band(west, y) == _white_in_band(inside, y) == _white_in_band(east, y)


def test_a_zoomed_board_does_not_pull_in_the_labels_of_units_out_of_view():
    """Zoomed on a combat, a unit far to the west keeps its label out of the picture."""
    from engine.table.view import UnitShape

    def board(units) -> Image.Image:
        return _image(TableView(width=72, height=48, units=units, window=(30, 20, 50, 40)))

    far = UnitShape(id="H", label="Halberdiers 20 + Hedge Wizard", side="p1", bases=[], centre=(5, 30),
                    front=(5, 29), has_arcs=False)
    assert board([far]).tobytes() == board([]).tobytes()


def _units_in_contact():
    """A crowded fight: the Brutes in base contact with the Spearmen's front, the Chieftain
    against the Spearmen's side next to them, the Knights beside the Spearmen and the
    Halberdiers just behind, every label on its footprint's centre a few pixels from the next."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from engine.table.frame import mm
    from game_helpers import RULESET, scenario

    spear_depth = 3 * mm(20)
    state = scenario({"Spearmen": (30, 20, 0, 10), "Brutes": (30, 20 + spear_depth / 2 + mm(40), 180, 3),
                      "Chieftain": (30 + 5 * mm(20) + mm(40) / 2, 20 + spear_depth / 2 - mm(40) / 2, 270),
                      "Knights": (30 - 5 * mm(20) - 2 * mm(25) - 0.01, 20, 0, 4),
                      "Halberdiers": (30, 20 - spear_depth / 2 - 2 * mm(20) - 0.01, 0, 5)}, terrain="open")
    return state, RULESET.board(state)


def test_labels_of_units_in_contact_do_not_overlap():
    from renderers.table import label_boxes

    state, view = _units_in_contact()
    from engine.table.contact import in_contact

    assert in_contact(state.units["Spearmen"].footprint(), state.units["Brutes"].footprint())
    boxes = label_boxes(view)
    assert len(boxes) == 5
    for i, a in enumerate(boxes):
        assert 0 <= a[0] and a[2] <= 720 and HEADER <= a[1] and a[3] <= HEADER + 480  # inside the image
        for b in boxes[i + 1:]:
            assert min(a[2], b[2]) <= max(a[0], b[0]) or min(a[3], b[3]) <= max(a[1], b[1]), (a, b)
    # the largest unit keeps its label on its centre; the picture is drawn
    picture = Image.open(io.BytesIO(render_table(view)))
    assert picture.size == (720, 480 + HEADER)
