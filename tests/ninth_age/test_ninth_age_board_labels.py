"""Unit labels on the Ninth Age board never overlap (§24.10: a label per unit, with its badges):
the layout is a pure function (renderers.table.layout_labels) the renderer draws from, tested
alone and on a crowded table."""

import io
import math

from PIL import Image

import renderers.table as table
from renderers.table import HEADER, label_boxes, layout_labels, render_table

from game_helpers import RULESET, scenario


def _disjoint(boxes):
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if not (min(a[2], b[2]) <= max(a[0], b[0]) + 1e-9 or min(a[3], b[3]) <= max(a[1], b[1]) + 1e-9):
                return (a, b)
    return None


def test_layout_labels_spreads_labels_that_share_one_spot():
    items = [((60 + 7 * i, 18), (100, 100), (90, 90, 110, 110)) for i in range(30)]
    laid = layout_labels(items, (0, 0, 720, 480))
    boxes = [rect for rect, _ in laid]
    assert _disjoint(boxes) is None
    assert all(0 <= b[0] and b[2] <= 720 and 0 <= b[1] and b[3] <= 480 for b in boxes)
    assert laid[0] == ((100 - 30, 91, 100 + 30, 109), False)  # the first keeps its unit's centre
    assert all(moved for _, moved in laid[1:])  # the others are moved off it (a leader line)
    # nearer first: the second label sits right next to the footprint
    assert abs((boxes[1][1] + boxes[1][3]) / 2 - 100) <= 18 + 10 + 1e-9 or boxes[1][0] >= 110 - 1e-9 \
        or boxes[1][2] <= 90 + 1e-9


def test_layout_labels_takes_the_least_overlap_only_when_there_is_no_room():
    # three 150 px high labels fit in 480 px (one on the centre, one above, one below); a fourth cannot
    items = [((700, 150), (360, 240), (350, 230, 370, 250))] * 4
    boxes = [rect for rect, _ in layout_labels(items, (0, 0, 720, 480))]
    assert _disjoint(boxes[:3]) is None and _disjoint(boxes) is not None
    assert all(0 <= b[0] and b[2] <= 720 for b in boxes)


def _crowded():
    """Twenty units of both armies packed 4" apart in the middle of the table, with badges (the
    layout before rings of spots put some of them over each other)."""
    names = ["Spearmen", "Crossbowmen", "Handgunners", "War Hounds", "Halberdiers", "Knights", "Pistoliers",
             "Zealots", "Great Cannon", "Bolt Thrower", "Brutes", "Brute Bulls", "Wolf Riders", "Trolls",
             "Sabre Beasts", "Boar Riders", "Giant", "Stone Thrower", "Skulkers", "Vermin Swarm"]
    placements = {name: (30 + 4 * (i % 5), 18 + 4 * (i // 5), 0 if i < 10 else 180, 2) for i, name in enumerate(names)}
    state = scenario(placements, terrain="open")
    for i, name in enumerate(names):
        state.units[name].marched = i % 2 == 0
        state.units[name].charged = i % 3 == 0
    return state, RULESET.board(state)


def test_a_crowded_board_draws_every_label_apart_inside_the_image(monkeypatch):
    state, view = _crowded()
    assert len(view.units) == 20 and all(u.badges for u in view.units if u.id in ("Spearmen", "War Hounds"))
    boxes = label_boxes(view)
    assert len(boxes) == 20
    assert _disjoint(boxes) is None
    assert all(0 <= b[0] and b[2] <= 720 and HEADER <= b[1] and b[3] <= HEADER + 480 for b in boxes)
    # the renderer draws from the same layout
    drawn = []
    real = table.layout_labels

    def spy(*args, **kw):
        out = real(*args, **kw)
        drawn.append([rect for rect, _ in out])
        return out

    monkeypatch.setattr(table, "layout_labels", spy)
    picture = Image.open(io.BytesIO(render_table(view)))
    assert picture.size[0] == 720 and drawn[-1] == boxes  # (the terrain names are laid out first)


def test_terrain_names_are_laid_out_with_the_units_labels():
    """A console game's "Brute Bulls 6" partly covered the wall's "Muro": the terrain's names were
    drawn at each piece's centre, outside the layout. Now they are laid out first, off the units'
    bases, and the units' labels keep off them: on a crowded table with units standing next to
    the Stone Wall's name and on the Ruined Chapel's, no name and no label overlap, and each name
    stays by its piece."""
    from renderers.table import _frame, terrain_label_boxes

    placements = {"Brute Bulls": (24, 35.4, 180), "Wolf Riders": (24, 31.2, 0), "Trolls": (15, 37, 180),
                  "Giant": (33, 36, 180), "Spearmen": (24.5, 14.5, 0, 5), "Crossbowmen": (24.5, 9.5, 0, 5),
                  "Knights": (36, 24, 0), "Sabre Beasts": (47, 33, 180), "Halberdiers": (14, 24, 0, 5)}
    state = scenario(placements)
    view = RULESET.board(state)
    names = terrain_label_boxes(view)
    boxes = label_boxes(view)
    assert sorted(n for n, _ in names) == sorted(t.name for t in view.terrain) and len(boxes) == len(placements)
    assert _disjoint([rect for _, rect in names] + boxes) is None
    _, _, w, h, p = _frame(view, 10)
    bases = [[p(*pt) for pt in base] for u in view.units for base in u.bases]
    bases = [(min(q[0] for q in b), min(q[1] for q in b), max(q[0] for q in b), max(q[1] for q in b)) for b in bases]
    for name, rect in names:  # no name under a unit's base
        assert all(_disjoint([rect, b]) is None for b in bases), name
    # each name by its piece: within 8" of its centre (units stand on the Farmhouse and the Chapel)
    for t in view.terrain:
        rect = next(r for n, r in names if n == t.name)
        cx, cy = p(sum(q[0] for q in t.points) / len(t.points), sum(q[1] for q in t.points) / len(t.points))
        assert abs((rect[0] + rect[2]) / 2 - cx) <= 80 and abs((rect[1] + rect[3]) / 2 - cy) <= 80, t.name
    # the case itself: the Brute Bulls' label on their centre would cover the wall's name there
    wall = next(t for t in view.terrain if t.name == "Stone Wall")
    wx, wy = p(sum(q[0] for q in wall.points) / len(wall.points), sum(q[1] for q in wall.points) / len(wall.points))
    bulls = boxes[[u.id for u in view.units].index("Brute Bulls")]
    bx, by = p(*next(u for u in view.units if u.id == "Brute Bulls").centre)
    wall_at_centre = (wx - 30, wy - 8, wx + 30, wy + 8)
    bulls_at_centre = (bx - (bulls[2] - bulls[0]) / 2, by - 9, bx + (bulls[2] - bulls[0]) / 2, by + 9)
    assert _disjoint([wall_at_centre, bulls_at_centre]) is not None
    # the picture draws the same names where the layout put them
    picture = Image.open(io.BytesIO(render_table(view)))
    assert picture.size[0] == 720


def test_layout_labels_keeps_off_fixed_rectangles():
    """The pure layout: a ``fixed`` rectangle (a terrain name) is taken before any label, so a
    unit's label whose centre spot covers it moves (a leader line), and one clear of it stays."""
    name = (80, 95, 120, 105)  # a terrain name centred on (100, 100)
    items = [((40, 10), (100, 100), (95, 95, 105, 105)), ((40, 10), (300, 100), (295, 95, 305, 105))]
    (moved_rect, moved), (kept_rect, kept_moved) = layout_labels(items, (0, 0, 400, 200), fixed=[name])
    assert moved and _disjoint([name, moved_rect]) is None
    assert not kept_moved and kept_rect == (280, 95, 320, 105)
    assert layout_labels(items, (0, 0, 400, 200))[0] == ((80, 95, 120, 105), False)  # without it: on the centre


def _covered(view, px_per_inch=10):
    """Per unit in view: the share of its bases' pixels its label covers, whether a leader line
    joins them, the label's rectangle and the bases' box (px), from the renderer's own layout."""
    from shapely.geometry import box

    from renderers.table import _all_labels, _frame, bases_px

    _, _, _, _, p = _frame(view, px_per_inch)
    shown, _, _, units = _all_labels(view, px_per_inch)
    out = {}
    for u, (_, rect, moved) in zip(shown.units, units):
        bases = bases_px(u, p)
        out[u.id] = (bases.intersection(box(*rect)).area / bases.area, moved, rect, bases.bounds)
    return out


def test_a_thin_unit_keeps_its_footprint_in_sight_its_label_behind_it():
    """A 1-rank unit (Handgunners, ten wide) and skirmishers in one line (Skulkers) at full scale:
    the label on the centre hid their bases (more than half of the Skulkers', all of the
    Handgunners'). It stands against the unit from outside, behind it (the rear, away from the
    facing arrow), with a leader line; a deep block (Spearmen) keeps its label on it."""
    state = scenario({"Skulkers": (36, 24, 0, 10), "Handgunners": (36, 12, 0, 10), "Spearmen": (20, 12, 0, 6),
                      "Wolf Riders": (36, 36, 180, 5)}, terrain="open")
    view = RULESET.board(state)
    covered = _covered(view)
    for thin in ("Skulkers", "Handgunners", "Wolf Riders"):
        share, moved, rect, (left, top, right, bottom) = covered[thin]
        assert share <= 0.05, (thin, share)
        assert moved  # a leader line joins it to its unit
        # against the unit, on its rear side: south of a unit facing north (0°), north of one facing south
        if thin == "Wolf Riders":
            assert abs(rect[3] - top) <= 1.0, (thin, rect, top)
        else:
            assert abs(rect[1] - bottom) <= 1.0, (thin, rect, bottom)
        assert rect[0] < right and rect[2] > left  # behind it, not off to one side
    share, moved, _, _ = covered["Spearmen"]
    assert share > 0.3 and not moved  # a block six wide and five deep: its label stays on its centre
    # the labels still never overlap
    assert _disjoint(label_boxes(view)) is None


def test_a_lone_model_whose_label_would_hide_it_keeps_its_token_in_sight():
    """A character on foot alone (Marshal) and a war machine (Great Cannon): a label on the centre hid
    the whole token (found by n9-play5 at 550 px). The label goes against the model from outside,
    with a leader line; the labels still never overlap."""
    state = scenario({"Marshal": (30, 30, 0), "Great Cannon": (50, 10, 0), "Spearmen": (20, 12, 0, 6)},
                     terrain="open")
    view = RULESET.board(state)
    covered = _covered(view)
    for lone in ("Marshal", "Great Cannon"):
        share, moved, _, _ = covered[lone]
        assert share <= 0.05 and moved, (lone, share, moved)
    assert not covered["Spearmen"][1]  # a block keeps its label on it
    assert _disjoint(label_boxes(view)) is None


DISCORD_WIDTH = 550  # px: Discord's preview shows the 720 px board this wide


def _drawn_text_boxes(view):
    """Every text the renderer draws over the table (units' labels, terrain names, captions): its
    words and the box its ink takes, halo included, measured as :func:`render_table` draws it."""
    from PIL import ImageDraw

    from renderers.style import font
    from renderers.table import CAPTION_SIZE, LABEL_SIZE, TERRAIN_LABEL_SIZE, _all_labels

    _, captions, terrain, units = _all_labels(view, 10)
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))

    def ink(text, rect, size, stroke=2):
        middle = ((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2)
        return text, rect, draw.textbbox(middle, text, font=font(size), anchor="mm", stroke_width=stroke)

    return ([ink(text, rect, LABEL_SIZE) for text, rect, _ in units]
            + [ink(name, rect, TERRAIN_LABEL_SIZE) for name, rect, _ in terrain]
            + [ink(c.text, rect, c.size, 0 if c.plate else 2) for c, rect, _ in captions if c.size == CAPTION_SIZE])


def _gap(a, b):
    """How far apart two boxes are (px; 0 or less: they touch or overlap)."""
    return max(a[0] - b[2], b[0] - a[2], a[1] - b[3], b[1] - a[3])


def test_two_war_machines_3_inches_apart_keep_their_labels_apart_at_discord_width():
    """n9-play6 saw "Mortar 1" and "Bolt Thrower 1 [may not shoot this turn]" run into each other at
    550 px, two war machines deployed ~3" apart. Their label boxes never overlapped, but a box was
    the text's advance width plus 2 px a side, which its 2 px halo filled (and a glyph's overhang
    passed): side by side, the words of two labels came within a pixel, under one at 550 px. A
    label's box is now its ink, halo included, plus the clear margin: each drawn text lies inside
    its own box, no two boxes intersect, and no two texts come nearer than 2 px at 550 px (they
    were 1.3 px apart at full size, 1 px at 550 px, read as one run of words)."""
    least = 2 * 720 / DISCORD_WIDTH  # px at full size: 2 px at Discord's width
    for bearing, mortar_facing, bolt_facing in [(120, 180, 90), (240, 0, 90), (30, 180, 90), (330, 0, 90),
                                                (0, 0, 90), (180, 90, 270), (60, 270, 0), (300, 90, 180)]:
        dx, dy = 3 * math.cos(math.radians(bearing)), 3 * math.sin(math.radians(bearing))
        state = scenario({"Mortar": (30, 12, mortar_facing), "Bolt Thrower": (30 + dx, 12 + dy, bolt_facing),
                          "Skulkers": (30, 36, 180)}, terrain="open")
        state.phase, state.step = "shooting", ""
        bolt = state.units["Bolt Thrower"]
        bolt.no_shoot_round, bolt.no_shoot_seat = state.round, "p1"  # a Misfire 3-4: silenced this turn
        view = RULESET.board(state)
        texts = _drawn_text_boxes(view)
        assert "Bolt Thrower 1 [may not shoot this turn]" in [t for t, _, _ in texts]
        case = (bearing, mortar_facing, bolt_facing)
        for text, rect, ink in texts:  # the words stay inside the box the layout keeps apart
            assert rect[0] <= ink[0] and ink[2] <= rect[2] and rect[1] <= ink[1] and ink[3] <= rect[3], \
                (case, text, rect, ink)
        assert _disjoint([rect for _, rect, _ in texts]) is None, case
        for i, (a, _, ink_a) in enumerate(texts):
            for b, _, ink_b in texts[i + 1:]:
                assert _gap(ink_a, ink_b) >= least, (case, a, b, _gap(ink_a, ink_b))
                scaled = [[v * DISCORD_WIDTH / 720 for v in box] for box in (ink_a, ink_b)]
                assert _gap(*scaled) >= 2.0, (case, a, b)


# Built positions (found by placing two regiments and four lone models at random around a point,
# none overlapping another): in each a label lay on another unit's lone model, or two labels stacked
# one above the other came 3-4 px apart at 550 px.
CLOSE_QUARTERS = [
    {"Spearmen": (17.9, 35.5, 270), "Brutes": (26.5, 35.8, 0), "Bolt Thrower": (23.0, 35.5, 0), "Marshal": (27.2, 29.5, 90),
     "Mortar": (25.5, 27.6, 180), "Shaman": (16.5, 26.6, 0)},
    {"Brutes": (31.8, 26.9, 0), "Spearmen": (28.7, 34.9, 180), "Great Cannon": (34.9, 23.8, 180),
     "Bolt Thrower": (44.0, 34.7, 0), "Shaman": (32.5, 32.5, 270), "Hedge Wizard": (39.1, 26.2, 90)},
    {"Halberdiers": (36.2, 23.1, 270), "Knights": (42.4, 28.4, 180), "Captain": (43.3, 24.6, 0),
     "Bolt Thrower": (39.6, 24.3, 270), "Great Cannon": (45.6, 26.9, 0), "Stone Thrower": (46.1, 24.1, 180)},
    {"Handgunners": (34.3, 32.7, 180), "Spearmen": (23.9, 26.8, 180), "Bolt Thrower": (23.7, 31.2, 90),
     "Captain": (33.8, 30.0, 270), "Stone Thrower": (28.3, 34.1, 0), "Marshal": (32.6, 26.1, 90)},
    {"Spearmen": (21.3, 25.2, 90), "Brutes": (25.1, 19.2, 270), "Bolt Thrower": (32.8, 21.4, 0), "Captain": (34.2, 25.1, 180),
     "Stone Thrower": (31.7, 17.5, 270), "Great Cannon": (28.1, 16.3, 180)},
    {"Spearmen": (21.7, 37.4, 90), "Handgunners": (18.2, 29.6, 180), "Bolt Thrower": (20.9, 32.3, 0),
     "Shaman": (27.6, 35.2, 180), "Mortar": (30.3, 38.1, 180), "Chieftain": (16.4, 34.0, 180)},
    {"Spearmen": (30.5, 16.9, 0), "Knights": (44.7, 10.0, 0), "Marshal": (40.6, 9.2, 90), "Chieftain": (44.8, 15.7, 180),
     "Shaman": (41.3, 14.8, 270), "Hedge Wizard": (37.9, 15.5, 270)},
    {"Knights": (36.8, 39.0, 180), "Spearmen": (25.5, 38.8, 90), "Captain": (28.8, 32.4, 180), "Mortar": (35.7, 35.4, 0),
     "Hedge Wizard": (33.4, 37.3, 90), "Chieftain": (35.2, 31.2, 270)},
]


def test_no_label_lies_on_another_units_lone_model_and_stacked_labels_read_apart_at_discord_width():
    """A regiment's label laid against its unit, or a lone model's beside its own, lay over a character
    or a war machine standing alone nearby, hiding its whole token; and two labels stacked one above
    the other kept their boxes apart but not their words: a box was the font's line with 2 px pads,
    which an accent, a bracket or a descender and its 2 px halo filled, 3-4 px apart at 550 px (about
    2 with an accent). Every lone model's token is now something the other labels keep off, and a
    box holds its text's ink with 3 px clear above and below: stacked words are 6 px apart (4.6 at
    550 px). Measured on the renderer's own layout: no label covers another unit's single base, no
    two boxes intersect, each text lies inside its box, stacked texts >= 4.5 px apart at 550 px."""
    from shapely.geometry import box

    from renderers.table import _all_labels, _frame, bases_px

    for n, placements in enumerate(CLOSE_QUARTERS):
        state = scenario(placements, terrain="open")
        view = RULESET.board(state)
        _, _, _, _, p = _frame(view, 10)
        shown, _, _, units = _all_labels(view, 10)
        tokens = {u.id: bases_px(u, p) for u in shown.units if len(u.bases) == 1}
        assert len(tokens) >= 3, n
        for u, (text, rect, _) in zip(shown.units, units):
            for lone, token in tokens.items():
                if lone != u.id:
                    assert token.intersection(box(*rect)).area < 0.5, (n, text, lone)
        texts = _drawn_text_boxes(view)
        assert _disjoint([rect for _, rect, _ in texts]) is None, n
        for text, rect, ink in texts:
            assert rect[0] <= ink[0] and ink[2] <= rect[2] and rect[1] <= ink[1] and ink[3] <= rect[3], (n, text)
        for i, (a, _, ink_a) in enumerate(texts):
            for b, _, ink_b in texts[i + 1:]:
                if min(ink_a[2], ink_b[2]) > max(ink_a[0], ink_b[0]):  # one above the other
                    apart = max(ink_a[1] - ink_b[3], ink_b[1] - ink_a[3]) * DISCORD_WIDTH / 720
                    assert apart >= 4.5, (n, a, b, apart)


def test_every_units_label_is_drawn_over_every_leader_line(monkeypatch):
    """Each unit's leader line was drawn with its label, so a later unit's line ran through an earlier
    one's words (a console game's Captain's line through "Marshal 1", at its lone-model neighbours):
    the lines are drawn first, then every label over them."""
    from PIL import ImageDraw

    drawn = []
    real_line, real_text = ImageDraw.ImageDraw.line, ImageDraw.ImageDraw.text

    def line(self, xy, fill=None, width=0, *args, **kwargs):
        drawn.append(("line", fill, width))
        return real_line(self, xy, fill, width, *args, **kwargs)

    def text(self, xy, words, *args, **kwargs):
        drawn.append(("text", words, kwargs.get("stroke_fill")))
        return real_text(self, xy, words, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "line", line)
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    render_table(RULESET.board(scenario(CLOSE_QUARTERS[0], terrain="open")))
    leaders = [i for i, d in enumerate(drawn) if d == ("line", (20, 20, 20), 1)]  # a unit's leader line
    labels = [i for i, d in enumerate(drawn) if d[0] == "text" and d[2] == (20, 20, 20)]  # a unit's label
    assert len(leaders) >= 2 and len(labels) == 6
    assert max(leaders) < min(labels)
