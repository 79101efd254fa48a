"""Who has the first claim on a unit's area when the board's overlay captions lie among the
units (§24.10): a unit's label stays on or against its own unit; a caption may lie over the unit
it speaks of (the charger, the fled unit) but keeps off the other units' labels, or moves them
aside along their own units; a caption pushed off what it captions stays within a bounded reach.
Before, a charge's caption or a Secure Target marker's was laid first and pushed the fighting
units' labels away (18 to 160 px), so a reader could not tell which label was whose."""

from __future__ import annotations

import math

import pytest

from engine.rulesets.ninth_age.actions import Charge, EndStep
from renderers.table import (CAPTION_REACH, _all_labels, _footprint_px, _frame, caption_boxes, caption_items,
                             label_boxes)

from game_helpers import RULESET, apply, scenario
from loaded_dice import load
from n9_caption_boards import crowded_board
from test_ninth_age_board_labels import _disjoint

TOUCH = 3.0  # px: a label this close to its unit's drawn footprint is by it


def _off(rect, footprint) -> float:
    """How far (px) a label's box is from a footprint's box (0: on it or touching it)."""
    return max(footprint[0] - rect[2], rect[0] - footprint[2], footprint[1] - rect[3], rect[1] - footprint[3], 0.0)


def _natural(view, text):
    """The box a caption takes where it belongs (its point), before any layout."""
    s, _, w, h, p = _frame(view, 10)
    item = next(c for c in caption_items(view, p, w, h, s) if c.text == text)
    box = dict(caption_boxes(view))[text]
    hw, hh = (box[2] - box[0]) / 2, (box[3] - box[1]) / 2
    return (item.at[0] - hw, item.at[1] - hh, item.at[0] + hw, item.at[1] + hh), item.at


def _meets(a, b) -> bool:
    return _disjoint([a, b]) is not None


def _label_of(view, unit_id):
    return label_boxes(view)[[u.id for u in view.units].index(unit_id)]


def _footprint_of(view, unit_id):
    _, _, _, _, p = _frame(view, 10)
    return _footprint_px(next(u for u in view.units if u.id == unit_id), p)


def test_a_charges_caption_over_the_charged_units_label_leaves_that_label_on_its_unit():
    placements = {"Trolls": (17.3, 32.4, 270), "Knights": (22.1, 24.7, 31.6), "Wolf Riders": (13.6, 31.4, 270),
                  "Chieftain": (10.7, 28.8, 270), "Shaman": (10.2, 31.6, 90)}
    state = scenario(placements, step="charges")
    state = apply(state, Charge(seat="p1", unit="Knights", target="Trolls"), {"reaction": "hold"})
    load(state, 4, 5)
    state = apply(state, EndStep(seat="p1"))
    view = RULESET.board(state)
    charge = next(pa for pa in view.paths if pa.kind == "charge")
    assert charge.unit == "Knights"  # the engine says whose move it is: its caption may lie over the Knights
    text = str(charge.label)
    # the case: where the charge's caption belongs, the Trolls' label lies (laid without the overlays)
    natural, at = _natural(view, text)
    bare = view.model_copy(update={"paths": [], "combats": [], "markers": []})
    assert _meets(natural, _label_of(bare, "Trolls"))
    # the Trolls' label stays on or against the Trolls (it was put 36 px away, over the Chieftain's side)
    assert _off(_label_of(view, "Trolls"), _footprint_of(view, "Trolls")) <= TOUCH
    # the caption lies on no unit's label, near its charge
    caption = dict(caption_boxes(view))[text]
    assert all(not _meets(caption, box) for box in label_boxes(view))
    assert math.dist(((caption[0] + caption[2]) / 2, (caption[1] + caption[3]) / 2), at) <= CAPTION_REACH


def test_a_secure_target_caption_near_a_unit_leaves_its_label_on_it():
    state = scenario({"Knights": (16.83, 28.33, 90), "Spearmen": (11.03, 28.36, 180), "Pistoliers": (12.03, 23.19, 180)})
    state.objective = "secure"
    state.markers = {"p1": (17.12, 30.0)}
    view = RULESET.board(state)
    text = str(view.markers[0].label)
    assert text.startswith("Secure Target")
    natural, at = _natural(view, text)
    bare = view.model_copy(update={"markers": []})
    assert any(_meets(natural, box) for box in label_boxes(bare))  # the marker's caption belongs on a unit's label
    # the Knights' label stays by the Knights (it was led 36 px up, across the table), every label by its unit
    for u in view.units:
        assert _off(_label_of(view, u.id), _footprint_of(view, u.id)) <= TOUCH, u.id
    caption = dict(caption_boxes(view))[text]
    assert all(not _meets(caption, box) for box in label_boxes(view))
    assert math.dist(((caption[0] + caption[2]) / 2, (caption[1] + caption[3]) / 2), at) <= CAPTION_REACH


@pytest.mark.parametrize("seed", [1, 2, 6, 8, 10, 13])
def test_on_crowded_boards_each_label_stays_by_its_unit_and_each_caption_by_its_overlay(seed):
    """Boards of six units close together, a charge gone in, a unit fled among them and a Secure
    Target marker on one of them (n9_caption_boards): every unit's label is on or against its
    own drawn footprint, no two text boxes (captions, terrain names, labels) overlap, and every
    caption is within CAPTION_REACH of where it belongs."""
    state, view = crowded_board(seed)
    assert {pa.kind for pa in view.paths} >= {"charge", "flee"} and view.markers
    shown, captions, terrain, units = _all_labels(view, 10)
    _, _, _, _, p = _frame(view, 10)
    assert len(units) == len(view.units) == 6
    for u, (_, rect, _) in zip(shown.units, units):
        assert _off(rect, _footprint_px(u, p)) <= TOUCH, (u.id, rect)
    assert _disjoint([r for _, r, _ in captions] + [r for _, r, _ in terrain] + [r for _, r, _ in units]) is None
    for c, rect, _ in captions:
        assert math.dist(((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2), c.at) <= CAPTION_REACH, c.text
