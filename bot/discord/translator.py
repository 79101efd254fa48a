"""Slash commands in the player's language: Discord shows each command, group, option and
choice under its Italian or Hungarian name and description (``app_commands.Translator``).

The words come from the same catalogues as the replies (:mod:`bot.i18n`): descriptions by their
English text, names under the context ``slash-command name`` (a name such as ``move`` is a
different entry from the word "move" in a sentence). Interactions still arrive with the English
names, so nothing past this module knows a command was shown in another language.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import supported, translations

# The catalogue context of every command, group, option and choice name.
NAME_CONTEXT = "slash-command name"
_NAMES = (app_commands.TranslationContextLocation.command_name,
          app_commands.TranslationContextLocation.group_name,
          app_commands.TranslationContextLocation.parameter_name)


def translated(text: str, lang: str, name: bool) -> str | None:
    """``text`` (a command's English name or description) in ``lang``, or None where the
    catalogue has none (Discord then shows the English)."""
    catalogue = translations(lang)
    if catalogue is None:
        return None
    said = catalogue.pgettext(NAME_CONTEXT, text) if name else catalogue.gettext(text)
    return said if said and said != text else None


class WarbandTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        lang = supported(locale.value)
        if lang is None:
            return None
        return translated(string.message, lang, context.location in _NAMES)
