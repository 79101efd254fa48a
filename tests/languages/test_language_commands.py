"""/language and /server through the service, on a real SQLite store: who reads what.

A reply is in the user's own choice, else Discord's locale of the interaction, else the
server's default, else English, its closing turn line ("➡️ <@…>: …") included; what everyone
in the channel sees without asking (the board, the status message, a time-out's post) is in the
server's language.
"""

from __future__ import annotations

from bot.commands import parse_line
from bot.leagues import Caller
from bot.store import Store

GUILD, CHANNEL, ALICE, BOB = "900", "chan-1", "111", "222"
ORGANISER = Caller(organiser=True)

NO_GAME = {
    "en": "⛔ There is no game in this channel. Start one with /game new.",
    "it": "⛔ Non c’è nessuna partita in questo canale. Iniziane una con /game new.",
    "hu": "⛔ Ebben a csatornában nincs játék. Indíts egyet: /game new.",
}


async def say(service, user, line, locale=None, caller=None, guild=GUILD):
    return await service.handle(CHANNEL, user, parse_line(line), guild_id=guild, locale=locale, caller=caller)


async def test_a_reply_follows_discords_locale_when_the_user_chose_none(service):
    assert (await say(service, ALICE, "/game status")).text == NO_GAME["en"]
    assert (await say(service, ALICE, "/game status", locale="it")).text == NO_GAME["it"]
    assert (await say(service, ALICE, "/game status", locale="hu")).text == NO_GAME["hu"]
    assert (await say(service, ALICE, "/game status", locale="en-GB")).text == NO_GAME["en"]
    assert (await say(service, ALICE, "/game status", locale="de")).text == NO_GAME["en"]


async def test_language_alone_shows_the_choice_and_lang_sets_it_over_discords_locale(service, store):
    shown = await say(service, ALICE, "/language")
    assert shown.ephemeral and "You have chosen no language" in shown.text
    reply = await say(service, ALICE, "/language lang:hu", locale="it")
    assert reply.error is None and reply.text == "A nyelved mostantól: magyar."
    assert await store.user_language(ALICE) == "hu"
    # Discord in Italian, the user's own choice Hungarian: Hungarian wins.
    assert (await say(service, ALICE, "/game status", locale="it")).text == NO_GAME["hu"]
    assert (await say(service, ALICE, "/language", locale="it")).text.startswith("A nyelved: magyar.")
    # Bob chose nothing: his Discord's language.
    assert (await say(service, BOB, "/game status", locale="it")).text == NO_GAME["it"]
    back = await say(service, ALICE, "/language lang:auto")
    assert back.error is None and await store.user_language(ALICE) is None
    assert (await say(service, ALICE, "/game status", locale="it")).text == NO_GAME["it"]


async def test_a_bad_language_is_refused_and_changes_nothing(service, store):
    await say(service, ALICE, "/language lang:it")
    reply = await say(service, ALICE, "/language lang:klingon")
    assert reply.error == "bad-language" and reply.ephemeral
    assert reply.text == "⛔ Non esiste la lingua 'klingon'. Lingue: en (English), it (Italiano) e hu (Magyar)."
    assert await store.user_language(ALICE) == "it"


async def test_the_servers_language_is_the_default_and_only_an_organiser_sets_it(service, store):
    refused = await say(service, ALICE, "/server language:it")
    assert refused.error == "not-organiser" and await store.server_settings(GUILD) == {}
    assert (await say(service, ALICE, "/server")).text.startswith("This server's language is English.")
    reply = await say(service, ALICE, "/server language:it", caller=ORGANISER)
    assert reply.error is None and not reply.ephemeral
    assert await store.server_setting(GUILD, "language") == "it"
    # Nobody chose, Discord says nothing (the console): the server's language.
    assert (await say(service, BOB, "/game status")).text == NO_GAME["it"]
    # Discord's locale and the user's choice still come first.
    assert (await say(service, BOB, "/game status", locale="hu")).text == NO_GAME["hu"]
    await say(service, BOB, "/language lang:en")
    assert (await say(service, BOB, "/game status", locale="hu")).text == NO_GAME["en"]
    # Another server keeps English.
    assert (await say(service, BOB, "/game status", guild="901")).text == NO_GAME["en"]
    assert (await say(service, ALICE, "/server language:xx", caller=ORGANISER)).error == "bad-language"
    outside = await say(service, ALICE, "/server language:hu", caller=ORGANISER, guild=None)
    assert outside.error == "no-server"


async def test_a_replys_turn_line_is_in_its_readers_language(service):
    # An English-default server: Bob's Discord reads Italian, and so does the whole of his reply,
    # the line saying whose move it is included (it was said in the server's language, English).
    await say(service, ALICE, "/game new ruleset:dnd-minis-quick seed:7")
    joined = await say(service, BOB, "/game join", locale="it")
    assert joined.error is None
    assert "prende il posto" in joined.text  # Bob reads Italian
    ping = joined.text.splitlines()[-1]
    assert ping == "➡️ <@111>: Giocatore 1 sceglie una creatura (/choose ranger o /choose orc).", ping
    # Alice, on the same server with no locale, reads the next reply's turn line in English
    chosen = await say(service, ALICE, "/choose creature:ranger")
    assert chosen.error is None and chosen.text.splitlines()[-1].startswith("➡️ "), chosen.text
    assert "Player" in chosen.text.splitlines()[-1] and "Giocatore" not in chosen.text


async def test_a_replys_turn_line_on_a_hungarian_server_is_in_the_italian_readers_language(service):
    await say(service, ALICE, "/server language:hu", caller=ORGANISER)
    await say(service, ALICE, "/game new ruleset:dnd-minis-quick seed:7", locale="it")
    joined = await say(service, BOB, "/game join", locale="it")
    assert joined.error is None
    ping = joined.text.splitlines()[-1]
    assert ping == "➡️ <@111>: Giocatore 1 sceglie una creatura (/choose ranger o /choose orc).", ping


async def test_settings_survive_a_restart(tmp_path):
    path = tmp_path / "warband.sqlite3"
    async with await Store.open(path) as store:
        await store.set_user_language(ALICE, "hu")
        await store.set_server_setting(GUILD, "language", "it", by=ALICE)
    async with await Store.open(path) as store:
        assert await store.user_language(ALICE) == "hu"
        assert await store.server_settings(GUILD) == {"language": "it"}
        await store.set_server_setting(GUILD, "language", None)
        assert await store.server_settings(GUILD) == {}


async def test_a_card_image_has_its_headings_in_the_readers_language(service):
    from engine.rulesets.dnd_minis.cards import shipped_cards
    from renderers.card import render_card
    from bot.i18n import renderer_words

    card = next(iter(shipped_cards().values()))
    english = await say(service, ALICE, f"/card name:{card.id}")
    italian = await say(service, ALICE, f"/card name:{card.id}", locale="it")
    assert english.error is None and italian.error is None
    assert english.image == render_card(card) and italian.image == render_card(card, renderer_words("it"))
    assert italian.image != english.image
    assert renderer_words("hu").get("Special abilities") == "Különleges képességek"


async def test_the_console_speaks_the_language_of_lang(service, tmp_path):
    import io as _io

    from bot.console import Console

    out = _io.StringIO()
    console = Console(service, tmp_path / "images", out=out, lang="hu")
    reply = await console.run_line("/game status")
    assert reply.text == NO_GAME["hu"]
    await console.run_line("/as bob")
    await console.run_line("/nosuchcommand")
    printed = out.getvalue()
    assert "(csak te látod) ⛔ Ebben a csatornában nincs játék." in printed
    assert "(most bob néven írsz)" in printed and "Nincs nosuchcommand parancs" not in printed
    assert "⛔ Nincs /nosuchcommand parancs. Próbáld a /help parancsot." in printed


def test_the_console_takes_lang_or_warband_lang(monkeypatch):
    from bot.__main__ import _parser
    from bot.config import Settings

    monkeypatch.setenv("WARBAND_LANG", "it")
    settings = Settings(_env_file=None)
    assert settings.warband_lang == "it"
    assert _parser(settings).parse_args(["console", "--lang", "hu"]).lang == "hu"


async def test_in_the_console_what_everyone_sees_is_in_lang_too(store, tmp_path):
    """The console is one "server" whose players all read --lang: the turn ping and the board's
    words follow it as well, not only the replies (found playing in Italian: the ping was in
    English)."""
    import io as _io

    from bot.console import Console
    from bot.service import Service

    out = _io.StringIO()
    console = Console(Service(store, language="it"), tmp_path / "images", out=out, lang="it")
    await console.run_line("/game new ruleset:dnd-minis-quick seed:7")
    await console.run_line("/as bob")
    await console.run_line("/game join")
    ping = next(line for line in out.getvalue().splitlines() if line.startswith("➡️"))
    assert "sceglie una creatura" in ping, ping


def test_an_apostrophe_is_typed_as_a_letter_and_an_open_quote_is_refused_in_the_readers_language():
    """The console reads a typed line as the slash command's words: an apostrophe (Italian
    "l'unità", an English "rule's") was taken for an opening quote and the line refused with
    Python's own English words ("No closing quotation")."""
    from bot.i18n import say as said_in
    from engine.core import IllegalAction

    typed = parse_line("/test unit:Brutes characteristic:I reason:l'unità dell'Orco")
    assert typed.options == {"unit": "Brutes", "characteristic": "I", "reason": "l'unità dell'Orco"}
    assert parse_line("/test unit:Brutes characteristic:I reason:the rule's test").options["reason"] == "the rule's test"
    try:
        parse_line('/game new ruleset:"ninth-age')
    except IllegalAction as refused:
        assert refused.code == "bad-command"
        assert str(refused.message) == 'I can\'t read that command: a " is not closed.'
        assert said_in(refused.message, "it") == 'Non riesco a leggere quel comando: un " non è chiuso.'
    else:
        raise AssertionError("an open quote was read")
