"""#13, the last English: a card's special abilities ("Hunter", "Orc Foe") were shown in English
in every language. An ability's name is now said from the catalogue, its key the ability
registry's pattern, with the seed's word where the seed prints one: the War Drums book's worked
example (seed 002 line 79) gives "vadász/Hunter" and "Orc Foe/Ork ellenség"; the Italian skirmish
glossary (seed 000) gives "Smite (Punire) CREATURA +[#]", "Turn Undead (Scacciare Non Morti)".
The card data keeps its English names (the identifiers the registry and the rules compare).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n import LOCALES_DIR, event_text, renderer_words, say
from engine.rulesets.dnd_minis.abilities.base import ability_for, ability_name, registered
from engine.rulesets.dnd_minis.cards import find_card

SEEDS = Path("/work/shared/seeds")


@pytest.mark.parametrize("printed, it, hu", [
    ("Hunter", "Cacciatore", "vadász"),
    ("Orc Foe", "Nemico Orco", "Ork ellenség"),
    ("Smite Evil +10", "Punire Malvagio +10", "lesújt: gonosz +10"),
    ("Turn Undead 6", "Scacciare Non Morti 6", "élőhalottűzés 6"),
    ("Resist 10 Cold", "Resistere 10 Freddo", "ellenállás 10 hideg"),
    ("Hurling Charge", "Scagliare in Carica", "hajító roham"),
    ("Melee Sneak Attack +10", "Attacco Furtivo in Mischia +10", "Közelharci lopakodó támadás +10"),
])
def test_an_ability_is_named_in_the_readers_language_and_stays_english_as_data(printed, it, hu):
    name = ability_name(printed)
    assert str(name) == printed and say(name, "en") == printed
    assert (say(name, "it"), say(name, "hu")) == (it, hu)
    assert ability_for(printed).printed == printed  # what the rules read is the card's English


def test_the_hungarian_words_are_the_war_drums_worked_example():
    line = (SEEDS / "002_f1a34a4b6414c5f2.txt").read_text(encoding="utf-8").splitlines()[78]
    assert "vadász/Hunter" in line and "Orc Foe/Ork ellenség" in line
    glossary = (LOCALES_DIR / "hu" / "glossary.md").read_text(encoding="utf-8")
    assert "| Hunter | vadász | seeds/002_f1a34a4b6414c5f2.txt:79 |" in glossary
    assert "| {CREATURE} Foe | {CREATURE} ellenség | seeds/002_f1a34a4b6414c5f2.txt:79 |" in glossary
    italian = (LOCALES_DIR / "it" / "glossary.md").read_text(encoding="utf-8")
    assert "| Hunter | Cacciatore | — (no term in the seed: plain translation) |" in italian


@pytest.mark.parametrize("lang", ["it", "hu"])
def test_every_registered_ability_has_a_glossary_row(lang):
    glossary = (LOCALES_DIR / lang / "glossary.md").read_text(encoding="utf-8")
    missing = [cls.pattern for cls in registered() if f"| {cls.pattern} |" not in glossary]
    assert missing == []


def test_an_unknown_or_differently_printed_name_is_kept_as_printed():
    assert ability_name("Something Warband Knows Not") == "Something Warband Knows Not"
    assert say(ability_name("Turn Undead (6)"), "it") == "Scacciare Non Morti (6)"


def test_the_card_image_names_the_abilities_in_the_readers_language():
    from renderers.card import _sections

    card = find_card("wood-elf-ranger")
    for lang, words in (("hu", ("vadász", "Ork ellenség")), ("it", ("Cacciatore", "Nemico Orco"))):
        rows = dict(_sections(card, renderer_words(lang)))
        labels = [label for heading, block in _sections(card, renderer_words(lang)) for label, _ in block]
        assert all(any(w in label for label in labels) for w in words), (rows, labels)
        assert not any("Hunter" in label or "Orc Foe" in label for label in labels)
    english = [label for _, block in _sections(card) for label, _ in block]
    assert any("Hunter" in label for label in english) and any("Orc Foe" in label for label in english)


def test_the_attack_reply_names_hunter_and_orc_foe_in_hungarian_and_italian():
    """War Drums WE-05: the Ranger hits for 10 + 5 Hunter + 5 Orc Foe."""
    from tests.dnd_minis.test_quick_start_examples import _after_round_one_attack

    _, events = _after_round_one_attack()
    damage = next(e for e in events if e.kind == "damage")
    assert "Hunter" in damage.text and "Orc Foe" in damage.text  # the log's English
    hu, it = say(event_text(damage), "hu"), say(event_text(damage), "it")
    assert "vadász" in hu and "Ork ellenség" in hu and "Hunter" not in hu and "Orc Foe" not in hu, hu
    assert "Cacciatore" in it and "Nemico Orco" in it and "Hunter" not in it, it


def test_a_save_names_the_ability_it_is_against_in_the_readers_language():
    from engine.core.text import _
    from engine.rulesets.dnd_minis.abilities.hooks import reason_name

    what = _('save against {against} (DC {dc})', against=reason_name("Stunning Attack"), dc=15)
    assert str(what) == "save against Stunning Attack (DC 15)"
    assert "kábító támadás" in say(what, "hu")
    assert say(reason_name("spike stones"), "it") == "pietre aguzze"
    assert reason_name("bless") == "bless"  # a spell's name is card data
