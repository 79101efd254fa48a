"""Play by post over days: ``/games`` (the inbox), ``/vacation``, ``/notify``, ``/nudge``, and
the clock commands of a game, ``/game pause|resume|claim`` (in the /game group's cog)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.base import WarbandCog, described, named


class PostCog(WarbandCog):
    @app_commands.command(**named("games"))
    async def games(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "games")

    @app_commands.command(**named("vacation"))
    @described("vacation")
    async def vacation(self, interaction: discord.Interaction, days: int) -> None:
        await self.run(interaction, "vacation", days=days)

    @app_commands.command(**named("notify"))
    @described("notify")
    @app_commands.autocomplete(mode=WarbandCog.suggest_notify)
    async def notify(self, interaction: discord.Interaction, mode: str) -> None:
        await self.run(interaction, "notify", mode=mode)

    @app_commands.command(**named("nudge"))
    async def nudge(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "nudge")
