"""A click on a Warband button, answered: the service decides, the reply goes back.

The button (:mod:`bot.discord.views`) only knows its custom id; it hands the click to the bot
(``interaction.client.answer_click``), which lands here. Keeping the answer out of the button
lets :mod:`bot.discord.replies` build buttons without the buttons importing the replies back.
"""

from __future__ import annotations

import discord

from bot.discord.base import locale_of
from bot.discord.replies import BOARD_URL, DEFERRED_PRIVATELY, send_reply
from bot.discord.status import refresh_status


async def answer_click(interaction: discord.Interaction, what: str, custom_id: str) -> None:
    """Defer, ask the service about the click ``custom_id`` (a button that does ``what``),
    send its reply and refresh the game's status message after a public answer."""
    service = interaction.client.service
    # "Show my moves" and refusals are private; an answer or a join is for the table.
    private = what == "moves"
    await interaction.response.defer(thinking=True, ephemeral=private)
    interaction.extras[DEFERRED_PRIVATELY] = private
    guild = str(interaction.guild_id) if interaction.guild_id is not None else None
    reply = await service.click(interaction.channel_id, interaction.user.id, custom_id, guild_id=guild,
                                locale=locale_of(interaction))
    await send_reply(interaction, reply)
    if reply.error is None and what != "moves":
        await refresh_status(service, interaction.channel, interaction.channel_id,
                             interaction.extras.get(BOARD_URL))
