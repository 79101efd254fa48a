"""#13: a Conan area is shown by its name in the reader's language ("Sala", "Csarnok"); a player
who types that name, or another language's, or the English one, in a command is understood, in
every language, without regard to case or accents; autocomplete offers the user's language's names."""

import pytest

from bot.commands import parse_line
from bot.i18n import folded, typed_value
from engine.rulesets.conan.boards import area_name, load_board


async def say(service, user, line):
    return await service.handle("table", user, parse_line(line))


async def _ready(service, lang):
    """An idol-of-set game with hugo's heroes in their Action phase, hugo reading ``lang``."""
    assert (await say(service, "olga", "/game new ruleset:conan scenario:idol-of-set seed:3 settings:players=1")).error is None
    assert (await say(service, "hugo", "/game join")).error is None
    assert (await say(service, "hugo", f"/language lang:{lang}")).error is None
    for hero in ("shevatas", "conan", "belit", "hadrathus"):
        await say(service, "hugo", f"/attitude creature:{hero} choice:aggressive")


@pytest.mark.parametrize("lang, typed", [("it", "Sala"), ("it", "sala"), ("hu", "CSARNOK"), ("hu", "Csarnok "),
                                         ("it", "csarnok"), ("hu", "Sala"), ("en", "Sala"), ("en", "Csarnok"),
                                         ("it", "Hall"), ("hu", "hall")])
async def test_an_area_typed_in_any_language_moves_the_hero_there(service, lang, typed):
    await _ready(service, lang)
    reply = await say(service, "hugo", f"/move creature:shevatas to:{typed}")
    assert reply.error is None, reply.text
    _, _, state = await service.game_snapshot("table")
    assert state.heroes["shevatas"].area == "hall"


@pytest.mark.parametrize("lang, typed, named", [("it", "Cortile", "Porta, Sala"), ("hu", "Udvar", "Kapu, Csarnok")])
async def test_a_name_no_language_knows_is_refused_with_the_areas_in_the_readers_language(service, lang, typed, named):
    await _ready(service, lang)
    reply = await say(service, "hugo", f"/move creature:shevatas to:{typed}")
    assert reply.error == "unknown-area"
    assert named in reply.text and "Gate" not in reply.text, reply.text


@pytest.mark.parametrize("lang, typed, shown", [("it", "sal", ("Sala", "Hall")), ("hu", "csar", ("Csarnok", "Hall")),
                                                ("en", "hal", ("Hall", "Hall"))])
async def test_autocomplete_offers_the_users_languages_area_names(service, lang, typed, shown):
    await _ready(service, lang)
    choices = await service.autocomplete_choices("table", "hugo", "square", typed)
    assert shown in choices, choices
    assert all(folded(typed) in folded(name) for name, _value in choices)


def test_accents_and_case_do_not_matter_and_every_area_is_found_in_each_language():
    from bot.i18n import say as said

    for board in ("temple-of-set", "pict-village"):
        areas = load_board(board).areas
        names = [(area_name(a), a.id) for a in areas]
        for lang in ("it", "hu", "en"):
            for a in areas:
                shown = said(area_name(a), lang)
                assert typed_value(shown, names) == a.id
                assert typed_value(folded(shown).upper(), names) == a.id
    village = [(area_name(a), a.id) for a in load_board("pict-village").areas]
    assert typed_value("ortorony", village) == typed_value("Őrtorony", village) == "tower"
    assert typed_value("totemkor", village) == "totem"
    assert typed_value("Porta", village) is None


async def test_autocomplete_finds_an_accented_name_typed_without_its_accents(service):
    await _ready(service, "hu")
    assert await service.autocomplete_choices("table", "hugo", "square", "szentely") == [("Szentély", "Shrine")]
    assert await service.autocomplete_choices("table", "hugo", "square", "KERENGO") == [("Kerengő", "Cloister")]
    reply = await say(service, "hugo", "/move creature:shevatas to:kerengo")
    assert reply.error is None, reply.text


# -- the reader's language as Service.handle resolves it: Discord's locale, no /language ------------
async def _ready_by_locale(service, locale):
    """As _ready, but hugo never sets /language: his Discord's locale is all the bot knows."""
    async def send(user, line):
        return await service.handle("table", user, parse_line(line), locale=locale)

    assert (await send("olga", "/game new ruleset:conan scenario:idol-of-set seed:3 settings:players=1")).error is None
    assert (await send("hugo", "/game join")).error is None
    for hero in ("shevatas", "conan", "belit", "hadrathus"):
        await send("hugo", f"/attitude creature:{hero} choice:aggressive")
    assert await service.store.user_language("hugo") is None
    return send


@pytest.mark.parametrize("locale, typed", [("it", "Sala"), ("hu", "Csarnok"), ("en-US", "Hall"), ("en-GB", "hall"),
                                           ("hu", "Sala"), ("it", "CSARNOK")])
async def test_an_area_typed_by_a_user_who_only_has_a_discord_locale_is_understood(service, locale, typed):
    send = await _ready_by_locale(service, locale)
    reply = await send("hugo", f"/move creature:shevatas to:{typed}")
    assert reply.error is None, reply.text
    _, _, state = await service.game_snapshot("table")
    assert state.heroes["shevatas"].area == "hall"


@pytest.mark.parametrize("locale, typed", [("it", "Cortile"), ("hu", "Udvar"), ("en-US", "Atlantis")])
async def test_an_area_no_language_names_is_refused_in_one_line_and_changes_nothing(service, locale, typed):
    send = await _ready_by_locale(service, locale)
    before, _, state = await service.game_snapshot("table")
    where = state.heroes["shevatas"].area
    reply = await send("hugo", f"/move creature:shevatas to:{typed}")
    assert reply.error == "unknown-area" and "\n" not in reply.text and reply.text.startswith("⛔"), reply.text
    after, _, state = await service.game_snapshot("table")
    assert after.version == before.version and state.heroes["shevatas"].area == where
