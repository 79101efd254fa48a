"""#13: the Conan board drew its areas' marks as English letters ("L2" for the level, "R" for a
reinforcement area, "J3" for the jump value) in every language, with no legend. They come from
the catalogues now, with a legend under the map naming what each letter means."""

import re

import pytest

from bot.i18n import localised_view, lookup_for, say
from bot.service import default_renderer
from engine.areas.board import JUMP_MARK, LEVEL_MARK, REINFORCEMENT_MARK
from engine.core import get_ruleset
from engine.core.text import _

RULES = get_ruleset("conan")


def _drawn(view, drawn_words) -> list[str]:
    default_renderer(view)
    return drawn_words


@pytest.mark.parametrize("lang, tower, notes, legend", [
    ("en", "Watchtower L2", "J3", "L: level · R: reinforcement area · J: jump value"),
    ("it", "Torre di guardia A2", "S3", "A: altezza · R: area di rinforzo · S: valore di salto"),
    ("hu", "Őrtorony Sz2", "U3", "Sz: szint · E: erősítési terület · U: ugrásérték"),
])
def test_the_area_marks_and_their_legend_are_in_the_readers_language(lang, tower, notes, legend, drawn_words):
    state = RULES.new_game(3, {"scenario": "the-witch-must-die", "players": 1})
    drawn = _drawn(localised_view(RULES.board(state), lang), drawn_words)
    assert tower in drawn, drawn  # the tower: level 2, jump value 3
    assert notes in drawn, drawn
    reinforcement = say(_(REINFORCEMENT_MARK), lang)
    assert drawn.count(reinforcement) == 2, drawn  # the clearing and the totem circle
    assert legend in drawn, drawn
    if lang != "en":
        assert not any(re.search(r"\b(L2|J3)\b", t) for t in drawn), drawn


def test_a_board_without_marks_draws_no_legend(drawn_words):
    from engine.rulesets.conan.view import area_view

    state = RULES.new_game(3, {"scenario": "idol-of-set", "players": 1})
    view = area_view(RULES, state)
    assert "L: level" in view.legend and "J: jump value" in view.legend  # the temple has both
    view.level_marks, view.area_notes, view.legend = {}, {}, ""
    drawn = _drawn(view, drawn_words)
    assert not any(":" in t and "level" in t for t in drawn)


@pytest.mark.parametrize("lang", ["it", "hu"])
def test_each_legend_names_the_letter_its_mark_draws(lang):
    """A translator's mark and legend must agree: the legend's letter is the mark's."""
    lookup = lookup_for(lang)
    pairs = [(LEVEL_MARK, "L: level"), (REINFORCEMENT_MARK, "R: reinforcement area"), (JUMP_MARK, "J: jump value")]
    for mark, line in pairs:
        letter = re.sub(r"\{[a-z]+\}", "", lookup(mark, None, None) or "")
        said = lookup(line, None, None) or ""
        assert letter and said.startswith(f"{letter}: "), (mark, letter, said)
