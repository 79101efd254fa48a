"""#13: the games' titles and the built-in Conan scenarios' title, story and victory conditions
are said in the reader's language (they were English in every language). Hungarian's Quick
Start Battle is the War Drums seed's "GYORS CSATA" (002:3)."""

from __future__ import annotations

import pytest

from bot.commands import parse_line
from bot.i18n import say
from bot.service import Service
from engine.core import get_ruleset
from engine.rulesets.conan.data import scenario_said, scenario_texts

TITLES = {
    "it": {"dnd-minis-quick": "D&D Miniatures Battaglia Rapida", "dnd35-encounter": "Incontro di D&D 3.5"},
    "hu": {"dnd-minis-quick": "D&D Miniatures Gyors csata", "dnd35-encounter": "D&D 3.5 összecsapás"},
}


@pytest.mark.parametrize("lang", ["it", "hu"])
async def test_a_new_games_title_is_said_in_the_readers_language(store, lang):
    service = Service(store, seed_source=lambda: 5)
    for n, (ruleset, title) in enumerate(TITLES[lang].items()):
        channel = f"titles-{n}"
        await service.handle(channel, "ann", parse_line(f"/language lang:{lang}"))
        reply = await service.handle(channel, "ann", parse_line(f"/game new ruleset:{ruleset}"))
        assert reply.error is None and title in reply.text, reply.text
        status = await service.handle(channel, "ann", parse_line("/game status"))
        assert title in status.text and str(get_ruleset(ruleset).title) not in status.text, status.text


@pytest.mark.parametrize("lang, title, story", [
    ("it", "L'Idolo di Set", "Gli eroi irrompono nel Tempio di Set"),
    ("hu", "Set bálványa", "A hősök betörnek Set templomába"),
])
async def test_a_conan_scenarios_title_and_story_are_said_in_the_readers_language(store, lang, title, story):
    service = Service(store, seed_source=lambda: 5)
    await service.handle("conan", "ann", parse_line(f"/language lang:{lang}"))
    reply = await service.handle("conan", "ann", parse_line("/game new ruleset:conan scenario:idol-of-set seed:3 "
                                                            "settings:players=1"))
    assert reply.error is None, reply.text
    status = await service.handle("conan", "ann", parse_line("/game status"))
    assert title in status.text and "The Idol of Set" not in status.text, status.text
    scenario = get_ruleset("conan").new_game(3, {"scenario": "idol-of-set", "players": 1}).scenario
    assert say(scenario_said(scenario.story), lang).startswith(story)


@pytest.mark.parametrize("lang", ["it", "hu"])
def test_every_built_in_scenario_text_is_translated(lang):
    texts = scenario_texts()
    assert len(texts) >= 8  # two scenarios: title, story, two victory conditions each
    assert [t for t in texts if say(scenario_said(t), lang) == t] == []
    assert scenario_said("A scenario of my own") == "A scenario of my own"  # an uploaded one's words stay its own
