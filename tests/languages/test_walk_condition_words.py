"""Done when (#13): a skirmish played in Italian or Hungarian names every condition in the
reader's language. A stunned creature read 'Defender è stunned.' and, on its lost turn, 'non fa
nulla in questo turno (Defender is stunned.)' — the condition's English name and an English
sentence inside an Italian one. The seeds' words: 'Stun/stunned (Stordimento/stordito)' (seed
000), 'Stun, stunned/kábít, kábult' (seed 002)."""

from __future__ import annotations

import pytest

from bot.i18n import event_text, say
from tests.dnd_minis.abilities.scenes import act, card, duel, hit
from tests.languages.test_skirmish_in_each_language import english_in

STUNNING = {"it": "Attacco Stordente (CD 16)", "hu": "kábító támadás (DC 16)", "en": "Stunning Attack (DC 16)"}
STUNNED = {"it": "stordito", "hu": "kábult", "en": "stunned"}


def _stunned_and_its_lost_turn():
    monk = card("Striker", commander=2, melee=((5, 5),), abilities=("Stunning Attack (DC 16)",))
    state, stun = hit(duel("war-drums", monk), 15, 5, declare=["Stunning Attack"])
    assert state.creatures["d"].has("stunned")
    state, ended = act(state, "end", "p1", creature="a")
    state, lost = act(state, "activate", "p2", creature="d")
    return stun + ended + lost


@pytest.mark.parametrize("lang", ["it", "hu", "en"])
def test_a_stunned_creature_and_its_lost_turn_are_said_in_the_readers_language(lang):
    events = _stunned_and_its_lost_turn()
    lines = [say(event_text(e), lang) for e in events]
    stunned = [line for line in lines if "Defender" in line and STUNNED[lang] in line]
    assert any(STUNNING[lang] in line for line in lines if "Striker" in line), lines  # what it declares
    assert len(stunned) >= 2, lines  # it is stunned; it does nothing this turn (stunned)
    if lang != "en":
        for line in lines:
            assert not english_in(line, lang), line
            assert " is " not in line, line


@pytest.mark.parametrize("lang, rout, stun", [("it", "ROTTA", "STORD"), ("hu", "MENEK", "KÁBULT"), ("en", "ROUT", "STUN")])
def test_a_tokens_condition_badges_are_drawn_in_the_readers_language(lang, rout, stun, drawn_words):
    """An Italian Quick Start board ended with 'ROUT' on the routed Orc Mauler's token (the
    renderer drew the first four letters of the English name); a stunned creature read 'STUN'."""
    from bot.i18n import localised_view
    from bot.service import default_renderer
    from engine.core.board_view import BoardView, Token

    view = BoardView(width=4, height=3, tokens=[
        Token(id="orc", label="ORC", name="Orc Mauler", side="p2", squares=[(1, 1)], hp=10, max_hp=55,
              conditions=["ROUT"]),
        Token(id="elf", label="ELF", name="Wood Elf Ranger", side="p1", squares=[(2, 1)], hp=30, max_hp=40,
              conditions=["stunned"])])
    default_renderer(localised_view(view, lang))
    assert rout in drawn_words and stun in drawn_words, drawn_words
    if lang != "en":
        assert "ROUT" not in drawn_words and "STUN" not in drawn_words
