"""The Melee phase on the board (§24.10): the combat-group overlay and a zoomed image of one
combat (``/game board around:UNIT``)."""

import io

import pytest
from PIL import Image

from bot.commands import Command
from bot.service import Service
from engine.core.errors import IllegalAction
from renderers.table import COMBAT_INK, render_table

from game_helpers import RULESET
from test_ninth_age_melee import _face_off


def test_the_board_outlines_each_combat_and_names_it():
    state = _face_off()
    view = RULESET.board(state)
    (c,) = view.combats
    assert sorted(c.units) == ["Brutes", "Spearmen"] and c.label == "Combat 1"
    image = Image.open(io.BytesIO(render_table(view))).convert("RGB")
    assert COMBAT_INK in {px for _, px in image.getcolors(1 << 20)}
    state.units["Spearmen"].fought = state.units["Brutes"].fought = True
    assert RULESET.board(state).combats[0].label == "Combat 1 (fought)"


def test_around_a_unit_zooms_on_its_whole_combat():
    state = _face_off()
    view = RULESET.board(state)
    zoomed = Service._around(view, Command(key="game board", options={"around": "brutes"}))
    x0, y0, x1, y1 = zoomed.window
    for uid in ("Spearmen", "Brutes"):  # both units of the combat are inside the window
        u = next(u for u in zoomed.units if u.id == uid)
        assert all(x0 <= x <= x1 and y0 <= y <= y1 for base in u.bases for x, y in base)
    image = Image.open(io.BytesIO(render_table(zoomed)))
    assert 500 <= image.width <= 560  # fills Discord's preview width
    full = Image.open(io.BytesIO(render_table(view)))
    assert image.width / (x1 - x0) > 3 * full.width / view.width  # really zoomed in
    with pytest.raises(IllegalAction, match="no unit 'Nobody'"):
        Service._around(view, Command(key="game board", options={"around": "Nobody"}))
