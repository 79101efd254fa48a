"""#13: a unit's badges on the Ninth Age board ("fleeing, charged") were joined with English
commas by the renderer, which has no language. The engine's view writes them as one list said
in the reader's language (engine.core.text.commas), the renderer only draws it."""

import io

import pytest
from PIL import Image

from bot.i18n import localised_view
from renderers.table import render_table

from game_helpers import RULESET, scenario


def _board(lang):
    state = scenario({"Knights": (30, 24, 0)}, terrain="open")
    knights = state.units["Knights"]
    knights.fleeing = knights.charged = knights.marched = True
    view = RULESET.board(state)
    return view, localised_view(view, lang)


@pytest.mark.parametrize("lang, written", [("it", "in fuga, carica e marcia"),
                                           ("hu", "menekülés, roham és menetelés"),
                                           ("en", "fleeing, charged, marched")])
def test_the_badges_are_one_list_in_the_readers_language(lang, written):
    view, said = _board(lang)
    knights = next(u for u in said.units if u.id == "Knights")
    assert knights.badge_text == written
    assert next(u for u in view.units if u.id == "Knights").badges == ["fleeing", "charged", "marched"]


@pytest.mark.parametrize("lang, written", [("it", "Knights 8 [in fuga, carica e marcia]"),
                                           ("en", "Knights 8 [fleeing, charged, marched]")])
def test_the_zoomed_board_draws_the_badges_as_the_view_wrote_them(lang, written, drawn_words):
    _view, said = _board(lang)
    said.window = (20.0, 14.0, 44.0, 34.0)  # zoomed on the knights: Discord's 550 px preview
    png = render_table(said)
    assert Image.open(io.BytesIO(png)).size[0] == int(550 / 24) * 24
    labels = [w for w in drawn_words if w.startswith("Knights")]
    assert labels and all(w == written for w in labels), labels
