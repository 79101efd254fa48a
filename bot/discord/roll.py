"""``/roll``: dice in the open, with or without a game in the channel."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.base import WarbandCog, described, named


class RollCog(WarbandCog):
    @app_commands.command(**named("roll"))
    @described("roll")
    async def roll(self, interaction: discord.Interaction, dice: str) -> None:
        await self.run(interaction, "roll", dice=dice)
