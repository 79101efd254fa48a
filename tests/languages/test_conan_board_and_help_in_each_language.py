"""Conan in the reader's language beyond its events (#13 item 1): the settings' help, /help's
notes, and the board's panels (each hero's gem zones and cards, the Overlord's river), title
and zone marks, through the service with the real renderer."""

import re

import pytest

from bot.commands import parse_line
from bot.i18n import localised_view, say
from bot.leagues import Caller
from bot.service import Service, default_renderer
from engine.core import get_ruleset
from tests.languages.test_skirmish_in_each_language import english_in

RULES = get_ruleset("conan")


def english_left(text: str, lang: str) -> list[str]:
    """English in ``text`` once the game's data names are taken out: card, unit, hero and
    scenario names stay as printed (see the glossary), everything else must be translated."""
    from engine.rulesets.conan.data import load_catalogue, scenario_names

    catalogue = load_catalogue()
    names = [*(c.name for c in catalogue.cards.values()), *(u.name for u in catalogue.units.values()),
             *(h.name for h in catalogue.heroes.values()), *scenario_names()]
    # The river's tiles by the ids /activate tile: takes ("1:guards 2:archers").
    text = re.sub(r"[0-9]+:[a-z-]+", " ", text)
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return english_in(text, lang)


@pytest.mark.parametrize("lang, words", [("it", ("quale scenario", "Ris ", "Fat ", "turno", "Overlord (turno")),
                                         ("hu", ("melyik forgatókönyv", "Tart ", "Fár ", "kör", "Overlord ("))])
async def test_conan_help_settings_and_board_panels_in_the_readers_language(store, lang, words):
    views = []

    def render(view):
        views.append(view)
        return default_renderer(view)

    service = Service(store, render=render, seed_source=lambda: 3)

    async def send(line, caller=None):
        reply = await service.handle("hall", "olga", parse_line(line), guild_id="7", caller=caller)
        assert reply.error is None, reply.text
        return reply

    await send(f"/server language:{lang}", caller=Caller(organiser=True))
    await send(f"/language lang:{lang}")
    await send("/game new ruleset:conan scenario:idol-of-set seed:3 settings:players=1")
    help_text = (await send("/help")).text
    assert english_left(help_text, lang) == [], help_text
    settings = [say(text, lang) for text in RULES.option_names().values()]
    assert settings[0].startswith(words[0]) and not any(english_left(s, lang) for s in settings), settings
    board = await send("/game board")
    assert board.image is not None
    view = views[-1]
    assert view.words, "the renderer's own words were given in the language"
    panels = [line for panel in view.panels for line in (panel.title, *panel.lines)]
    shown = "\n".join([view.title, *panels])
    for word in words[1:]:
        assert word in shown, (word, shown)
    assert english_left(shown, lang) == [] and "no cards" not in shown and "turn " not in shown, shown
    assert all(isinstance(p.title, str) for p in view.panels)



@pytest.mark.parametrize("lang, life", [("it", "PV"), ("hu", "ÉP"), ("en", "LP")])
def test_the_life_points_under_a_token_use_the_readers_word(lang, life, drawn_words):
    """#13: the board wrote "3LP" under every Conan token; the Italian book says "punti vita"."""
    view = localised_view(RULES.board(RULES.new_game(3, {"scenario": "idol-of-set", "players": 1})), lang)
    default_renderer(view)
    drawn = drawn_words
    lives = [t for t in drawn if re.fullmatch(r"[0-9/]+ ?(LP|PV|ÉP)", t)]
    assert lives and all(t.endswith(life) for t in lives), lives


def test_the_english_panels_read_as_before():
    state = RULES.new_game(3, {"scenario": "idol-of-set", "players": 1})
    view = RULES.area_view(state) if hasattr(RULES, "area_view") else None
    if view is None:
        from engine.rulesets.conan.view import area_view

        view = area_view(RULES, state)
    hero = view.panels[0]
    assert hero.title.endswith(")") and "(aggressive, MP " in hero.title
    assert hero.lines[0].startswith("Res ") and "(enc " in hero.lines[1]
    assert view.panels[-1].title.startswith("Overlord (turn ")
    assert localised_view(view, "en") is view


@pytest.mark.parametrize("lang, gate, hall", [("it", "Porta", "Sala"), ("hu", "Kapu", "Csarnok"), ("en", "Gate", "Hall")])
def test_the_boards_areas_are_named_in_the_readers_language_on_the_board_and_in_replies(lang, gate, hall, drawn_words):
    """#13: the areas of Warband's Conan boards ("Gate", "Trail") were English in every language."""
    from engine.rulesets.conan.boards import area_name, load_board

    state = RULES.new_game(3, {"scenario": "idol-of-set", "players": 1})
    view = localised_view(RULES.board(state), lang)
    default_renderer(view)
    drawn = drawn_words
    assert any(t.startswith(gate) for t in drawn) and any(t.startswith(hall) for t in drawn), drawn
    if lang != "en":
        assert not any(t.startswith(("Gate", "Hall", "Shrine")) for t in drawn), drawn
    village = load_board("pict-village")
    assert [say(area_name(village.area(a)), "it") for a in ("trail", "tower")] == ["Sentiero", "Torre di guardia"]
    assert village.area("trail").name == "Trail"  # the data keeps its English; ids stay commands' words
    # A reply naming areas: a hero's walk through the temple.
    from engine.core.text import _, join

    walk = _("{hero} moves {names} ({cost} MP; {left} MP left).", hero="Conan",
             names=join(" > ", [area_name(load_board("temple-of-set").area(a)) for a in ("gate", "hall")]), cost=2, left=1)
    assert f"{gate} > {hall}" in say(walk, lang)
