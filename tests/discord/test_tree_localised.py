"""The slash-command tree in Italian and Hungarian (``app_commands.Translator``), as
``tree.sync()`` sends it: valid against Discord's OpenAPI schema, and within the limits the
schema cannot express (names lower case, 1-32 letters, digits, '-' and '_'; descriptions up to
100 characters; names unique among siblings in each language; 4000 characters per command
counting each field's longest locale)."""

from __future__ import annotations

import pytest

from discord_api import BULK_OVERWRITE_COMMANDS, GUILD_BULK_OVERWRITE_COMMANDS, errors, request_validator
from test_tree import _walk, valid_name

LOCALES = ("it", "hu")


async def translated_payload(tree) -> list[dict]:
    """What ``tree.sync()`` sends with the bot's translator (discord.py: get_translated_payload)."""
    assert tree.translator is not None, "the bot sets its translator"
    return [await command.get_translated_payload(tree, tree.translator) for command in tree.get_commands()]


@pytest.mark.parametrize("operation", [BULK_OVERWRITE_COMMANDS, GUILD_BULK_OVERWRITE_COMMANDS], ids=["global", "guild"])
async def test_the_localised_tree_matches_discords_openapi_schema(scripted_bot, operation):
    body = await translated_payload(scripted_bot.tree)
    assert errors(request_validator(*operation), body) == []


def said(item: dict, field: str, locale: str) -> str:
    """What a reader of ``locale`` sees: the localisation, or the English where the word is the
    same in both (scenario, info, x): the translator leaves those to Discord."""
    return (item.get(f"{field}_localizations") or {}).get(locale, item[field])


async def test_every_command_option_and_group_is_in_italian_and_hungarian(scripted_bot):
    body = await translated_payload(scripted_bot.tree)
    for locale in LOCALES:
        items = [item for command in body for item, _ in _walk(command)]
        same = [i["name"] for i in items if said(i, "name", locale) == i["name"]]
        # Only words that are the same in both languages stay English ("test": the Italian rulebook's own
        # word, "Test Caratteristica", 001:646).
        assert set(same) <= {"scenario", "file", "info", "server", "auto", "x", "y", "export", "import", "test"}, same
        assert all(said(i, "description", locale) != i["description"] for i in items), locale


async def test_the_localised_names_and_descriptions_keep_discords_limits(scripted_bot):
    body = await translated_payload(scripted_bot.tree)
    for locale in LOCALES:
        top = [c.get("name_localizations", {}).get(locale, c["name"]) for c in body]
        assert len(set(top)) == len(top), f"{locale}: two commands share a name"
        for command in body:
            total = 0
            for item, _ in _walk(command):
                name, description = said(item, "name", locale), said(item, "description", locale)
                assert valid_name(name), f"{locale}: bad name {name!r} for {item['name']!r}"
                assert 1 <= len(description) <= 100, f"{locale}: description of {item['name']!r} is {len(description)}"
                siblings = [said(o, "name", locale) for o in item.get("options") or []]
                assert len(set(siblings)) == len(siblings), f"{locale}: {item['name']!r} repeats an option name"
            # Discord counts, for each field, its longest version among the default and the
            # localisations (application-commands#application-command-object-limits).
            for item, _ in _walk(command):
                for field in ("name", "description"):
                    total += max([len(item[field]), *map(len, (item.get(f"{field}_localizations") or {}).values())])
            assert total <= 4000, f"/{command['name']} has {total} characters with its translations"


async def test_the_translator_leaves_other_locales_to_discord(scripted_bot):
    """German readers see the English (no de entry), and English is never 'translated'."""
    body = await translated_payload(scripted_bot.tree)
    assert all(set(c.get("name_localizations") or {}) <= set(LOCALES) for c in body)
    game = next(c for c in body if c["name"] == "game")
    assert game["name_localizations"] == {"it": "partita", "hu": "játék"}
