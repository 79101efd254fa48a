"""A challenge's crossed blades (a combat marker, §16.9, §24.10) are in the labels' collision
set: two combats close together put the blades where the units' labels belonged, and the
labels, the terrain's names and the overlays' captions are laid out around them."""

from __future__ import annotations

import io

from PIL import Image

from engine.table.view import CombatShape, TableView, TerrainShape, UnitShape
from renderers.table import (DUEL_INK, caption_boxes, label_boxes, marker_boxes, render_table,
                             terrain_label_boxes)


def _unit(uid: str, label: str, side: str, x: float, y: float, w: float = 1.0, d: float = 1.0) -> UnitShape:
    bases = [[(x - w / 2, y - d / 2), (x + w / 2, y - d / 2), (x + w / 2, y + d / 2), (x - w / 2, y + d / 2)]]
    return UnitShape(id=uid, label=label, side=side, centre=(x, y), front=(x, y + d / 2), bases=bases)


def _crowded_combats(window=None) -> TableView:
    """Two combats 3" apart, each a duel between two single models in base contact: each pair's
    blades lie on the line between their centres, where their labels belong."""
    units, combats = [], []
    for n, x in enumerate((30.0, 33.0), 1):
        a = _unit(f"Captain {n}", f"Captain {n} 1 [charged]", "p1", x, 24.0)
        b = _unit(f"Chieftain {n}", f"Chieftain {n} 1", "p2", x, 25.0)
        units += [a, b]
        outline = [(x - 1, 23), (x + 1, 23), (x + 1, 26), (x - 1, 26)]
        combats.append(CombatShape(label=f"Combat {n}", units=[a.id, b.id], points=outline,
                                   duel=[a.centre, b.centre], duel_label=f"Challenge: {a.id} v {b.id}"))
    terrain = [TerrainShape(name="Stony Knoll", kind="hill", points=[(30, 23.5), (34, 23.5), (34, 25.5), (30, 25.5)])]
    return TableView(width=72, height=48, units=units, combats=combats, terrain=terrain, window=window)


def _overlap(a, b) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def test_no_combat_marker_lies_on_a_label_caption_or_terrain_name():
    for view in (_crowded_combats(), _crowded_combats(window=(26.0, 20.0, 37.0, 29.0))):  # the board, zoomed in
        marks = marker_boxes(view)
        assert len(marks) == 2
        taken = [*label_boxes(view), *(r for _, r in caption_boxes(view)), *(r for _, r in terrain_label_boxes(view))]
        assert len(taken) == 4 + 4 + 1
        for mark in marks:
            assert not any(_overlap(mark, r) for r in taken), (mark, taken)
        # the blades are drawn in their box
        im = Image.open(io.BytesIO(render_table(view))).convert("RGB")
        for mark in marks:
            crop = im.crop(tuple(round(v) for v in mark))
            assert DUEL_INK in {c for _, c in crop.getcolors(1 << 16)}


def test_a_challenges_plate_lies_under_its_combat_off_the_fighting_units():
    """A console game's challenge plate, under the blades, lay across the Brutes: their label
    went far off with a leader line across the table. Now the plate is under the combat's
    outline, led to the blades, and each unit's label stays on its unit."""
    from renderers.table import _base_boxes, _frame, caption_leaders

    front = _unit("Spearmen", "Spearmen 25", "p1", 16.0, 29.0, w=5.0, d=4.0)
    back = _unit("Brutes", "Brutes 5 [charged]", "p2", 16.0, 25.5, w=5.0, d=3.0)
    outline = [(13, 23.5), (19, 23.5), (19, 31.5), (13, 31.5)]
    combat = CombatShape(label="Combat 1 (fought)", units=["Spearmen", "Brutes"], points=outline,
                         duel=[(16.0, 26.5), (16.0, 27.5)], duel_label="Challenge: Brutes' Champion v Spearmen's Champion")
    for view in (TableView(width=72, height=48, units=[front, back], combats=[combat]),
                 TableView(width=72, height=48, units=[front, back], combats=[combat], window=(11.0, 22.0, 21.0, 33.0))):
        _, _, _, _, p = _frame(view, 10)
        plate = dict(caption_boxes(view))[combat.duel_label]
        assert not any(_overlap(plate, b) for b in _base_boxes(view, p))
        for u, box, base in zip(view.units, label_boxes(view), _base_boxes(view, p)):
            lx, ly = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            assert base[0] < lx < base[2] and base[1] < ly < base[3], u.id  # on its unit
        (mx, my) = p(16.0, 27.0)
        assert any(t == combat.duel_label and a == (mx, my) for t, a, _ in caption_leaders(view))
