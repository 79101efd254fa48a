"""#13: a spell is cast by its name in the caster's language (or in English), and the reply,
the dispel question and the log name it, and the Ninth Age sample armies' other data words, in
each reader's language; through the real service on SQLite."""

import pytest

from engine.core.events import Event
from bot.i18n import event_text, say as said_in, typed_value
from engine.core import get_ruleset
from bot.commands import parse_line
from engine.rulesets.ninth_age.catalogue import data_said

from test_ninth_age_magic_service import _to_the_magic_phase, first_augment
from test_ninth_age_service import CHANNEL, USERS, say, snapshot


async def _augment(service):
    _, _, state = await snapshot(service)
    choice = first_augment(state)
    assert choice is not None, "no Augment spell to cast"
    return (state, *choice)


@pytest.mark.parametrize("lang", ["it", "hu"])
async def test_a_spell_typed_in_the_casters_language_is_cast_and_named_so(service, lang):
    await _to_the_magic_phase(service)
    state, caster, spell, target = await _augment(service)
    active, enemy = state.active, state.enemy_of(state.active)
    for seat in (active, enemy):
        assert (await say(service, USERS[seat], f"/language lang:{lang}")).error is None
    typed = said_in(data_said(spell.name), lang)
    names = get_ruleset("ninth-age").typed_names(state, "spell")
    assert typed != spell.name and typed_value(typed, names, lang) == spell.name  # e.g. "Pelle di Corteccia"
    offered = await service.autocomplete_choices(CHANNEL, USERS[active], "spell", "")
    assert (typed, spell.name) in offered, offered  # read in the language, sent in English
    assert (typed, spell.name) in await service.autocomplete_choices(CHANNEL, USERS[active], "spell", typed[:4])
    reply = await say(service, USERS[active], f'/cast wizard:"{caster.name}" spell:"{typed}" dice:5 target:"{target.id}"')
    assert reply.error is None, reply.text
    assert typed in reply.text and spell.name not in reply.text, reply.text
    reply = await say(service, USERS[enemy], "/decide option:none")
    assert reply.error is None and typed in reply.text and spell.name not in reply.text, reply.text
    _, _, state = await snapshot(service)
    assert any(e.spell == spell.name for e in state.effects)  # the game keeps the English name
    game, _, _ = await snapshot(service)
    log = [Event.model_validate(r.event) for r in await service.store.events(game.id) if spell.name in r.text]
    assert log and all(typed in said_in(event_text(e), lang) and spell.name not in said_in(event_text(e), lang)
                       for e in log), [said_in(event_text(e), lang) for e in log]


async def test_the_same_spell_typed_in_english_still_works_for_an_italian_reader(service):
    await _to_the_magic_phase(service)
    state, caster, spell, target = await _augment(service)
    assert (await say(service, USERS[state.active], "/language lang:it")).error is None
    reply = await say(service, USERS[state.active], f'/cast wizard:"{caster.name}" spell:"{spell.name}" dice:5 target:"{target.id}"')
    assert reply.error is None, reply.text
    assert spell.name not in reply.text


@pytest.mark.parametrize("lang, said", [("it", "Tempesta di Cenere"), ("hu", "Hamuvihar")])
def test_the_board_labels_a_spells_template_in_the_readers_language(lang, said):
    from bot.i18n import localised_view

    from loaded_dice import load
    from test_ninth_age_magic import RULESET, cast, magic_phase

    state, _ = magic_phase(dice=(4, 4, 1, 1), placements={"Hedge Wizard": (30, 20, 0), "Brutes": (30, 30, 180, 3)})
    state.casters["Hedge Wizard"].spells = ["Cinder Storm"]
    load(state, 4, 4, 3, 6)
    state = cast(state, wizard="Hedge Wizard", spell="Cinder Storm", dice=2, target="Brutes", answers={"dispel": "none"})
    view = RULESET.board(state)
    assert [str(t.label) for t in view.templates] == ["Cinder Storm"]
    shown = localised_view(view, lang)
    assert [t.label for t in shown.templates] == [said]


# -- the reader's language as Service.handle resolves it: Discord's locale, no /language ------------
@pytest.mark.parametrize("locale, said_in_lang", [("it", "it"), ("hu", "hu"), ("en-US", "en"),
                                                  ("hu", "it"), ("it", "hu")])  # another language's name too
async def test_a_spell_typed_by_a_user_who_only_has_a_discord_locale_is_cast(service, locale, said_in_lang):
    await _to_the_magic_phase(service)
    state, caster, spell, target = await _augment(service)
    user = USERS[state.active]
    assert await service.store.user_language(user) is None
    typed = said_in(data_said(spell.name), said_in_lang)
    assert (typed == spell.name) == (said_in_lang == "en")
    reply = await service.handle(CHANNEL, user, parse_line(f'/cast wizard:"{caster.name}" spell:"{typed}" dice:5 '
                                                             f'target:"{target.id}"'), locale=locale)
    assert reply.error is None, reply.text
    assert said_in(data_said(spell.name), locale[:2]) in reply.text, reply.text  # the reply names it in the reader's
    _, _, state = await snapshot(service)
    assert state.pending is not None or any(e.spell == spell.name for e in state.effects)


@pytest.mark.parametrize("locale, typed", [("it", "Pelle di Quercia"), ("hu", "Tölgykéreg"), ("en-US", "Oak Skin")])
async def test_a_spell_no_language_names_is_refused_in_one_line_and_changes_nothing(service, locale, typed):
    await _to_the_magic_phase(service)
    state, caster, spell, target = await _augment(service)
    before, _, _ = await snapshot(service)
    reply = await service.handle(CHANNEL, USERS[state.active], parse_line(
        f'/cast wizard:"{caster.name}" spell:"{typed}" dice:5 target:"{target.id}"'), locale=locale)
    assert reply.error is not None and "\n" not in reply.text and reply.text.startswith("⛔"), reply.text
    assert typed in reply.text, reply.text  # the name as the player typed it
    after, _, _ = await snapshot(service)
    assert after.version == before.version and after.state_json == before.state_json
