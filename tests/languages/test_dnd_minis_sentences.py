"""Done when (#13): the D&D Miniatures sentences that were still English only (the warband
listing, "Did you mean…?", scenario hints, card-file refusals, what a card can't play, the
commander effects' lines) are said in Italian and Hungarian, and English reads as before but for
the listing's plural ("1 creature", not "1 creatures")."""

from __future__ import annotations

import json

import pytest

from bot.i18n import lookup_for
from engine.core.errors import IllegalAction
from engine.core.text import render
from engine.rulesets.dnd_minis import warband as wb
from engine.rulesets.dnd_minis.cards import find_card, load_card


def said(value, lang):
    return render(value, lookup_for(lang))


def test_the_warband_listing_counts_its_creatures_in_each_language():
    one = wb.add_creature(wb.new_warband("Orcs", "war-drums", owner="u1", faction="CE"), "orc mauler")
    english = wb.describe(one)
    assert english.splitlines()[0].endswith("; faction CE; 20/200 points; 1 creature")
    assert "- 1 x Orc Mauler (20 each)" in english
    two = wb.add_creature(one, "orc mauler")
    assert wb.describe(two).splitlines()[0].endswith("; 2 creatures")
    italian, hungarian = said(english, "it"), said(english, "hu")
    assert "fazione CE; 20/200 punti; 1 creatura" in italian and "(20 l'uno)" in italian, italian
    assert "frakció: CE; 20/200 pont; 1 lény" in hungarian, hungarian
    assert "has no commander" not in italian and "comandante" in italian


@pytest.mark.parametrize("lang, words", [("it", "Intendevi Orc Mauler"), ("hu", "Erre gondoltál: Orc Mauler")])
def test_did_you_mean_and_scenario_hints_translate(lang, words):
    with pytest.raises(IllegalAction) as err:
        find_card("ork mauler")
    assert str(err.value.message).endswith(" Did you mean Orc Mauler?")
    assert words in said(err.value.message, lang)
    with pytest.raises(IllegalAction) as err:
        wb.limits_for("war-drums", "skirmish")
    assert str(err.value.message).startswith("'skirmish' is not a scenario of War Drums (choose ")
    assert "War Drums" in said(err.value.message, lang) and "is not a scenario" not in said(err.value.message, lang)


def test_a_card_files_refusal_is_said_in_italian():
    card = {"id": "grunt", "name": "Grunt", "cost": 5, "factions": ["XX"], "level": 1, "speed": 6, "ac": 12,
            "hp": 10}
    with pytest.raises(IllegalAction) as err:
        load_card(json.dumps(card), source="grunt.json")
    english = str(err.value.message)
    assert "'XX' is not a faction (use LG, CG, LE, CE or 'any')" in english
    italian = said(err.value.message, "it")
    assert "'XX' non è una fazione" in italian and "is not a faction" not in italian, italian


def test_the_quick_start_board_and_its_settings_are_said_in_italian():
    from bot.i18n import localised_view
    from engine.core.ruleset import get_ruleset

    ruleset = get_ruleset("dnd-minis-quick")
    view = ruleset.board(ruleset.new_game(7))
    starts = [z.label for z in view.zones if z.kind == "start"]
    assert starts and all(str(label).startswith("start ") for label in starts)  # English as before
    assert view.title.startswith("D&D Miniatures Quick Start Battle — ")
    italian = localised_view(view, "it")
    assert italian.title.startswith("D&D Miniatures Battaglia Rapida — ")
    assert all(z.label.startswith("partenza ") for z in italian.zones if z.kind == "start")
    help_it = said(ruleset.option_names()["map"], "it")
    assert help_it.startswith("nome della mappa di battaglia (predefinita "), help_it


def test_the_attack_lines_modifiers_are_named_in_each_language():
    from engine.core.text import _
    from engine.rulesets.dnd_minis.combat import _signed

    signed = _signed([(_("charging"), 2), (_("squeezing"), -1), (_("flanking"), 0)])
    assert signed == " + 2 charging - 1 squeezing"
    assert said(signed, "it") == " + 2 carica - 1 stringersi"
    assert said(signed, "hu") == " + 2 roham - 1 bepréselődés"
