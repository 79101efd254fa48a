"""``/language`` (a player's own language) and ``/server`` (a server's settings, its language
first; organisers change them)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.base import WarbandCog, described, named
from bot.discord.league import caller


class LanguageCog(WarbandCog):
    @app_commands.command(**named("language"))
    @described("language")
    @app_commands.autocomplete(lang=WarbandCog.suggest_language)
    async def language(self, interaction: discord.Interaction, lang: str | None = None) -> None:
        await self.run(interaction, "language", lang=lang)

    @app_commands.command(**named("server"))
    @described("server")
    @app_commands.autocomplete(language=WarbandCog.suggest_language)
    async def server(self, interaction: discord.Interaction, language: str | None = None, games_in: str | None = None,
                     organiser_role: discord.Role | None = None, reset: str | None = None) -> None:
        await self.run(interaction, "server", caller=caller(interaction), language=language, games_in=games_in,
                       organiser_role=None if organiser_role is None else str(organiser_role.id), reset=reset)
