"""The last-resort answer when a slash command fails unexpectedly.

Refusals (an illegal move, a missing game) are ordinary replies from the service; what lands
here is a bug or an outage. The player still gets an answer, visible only to them, and the
traceback goes to the log: an unanswered interaction shows Discord's unhelpful
"The application did not respond".
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.discord.base import locale_of
from bot.discord.replies import REPLIED, send_reply
from bot.i18n import say, supported
from engine.core.text import _
from bot.reply import Reply

log = logging.getLogger(__name__)


def error_text(interaction: discord.Interaction, error: app_commands.AppCommandError) -> str:
    """What the player reads."""
    lang = supported(locale_of(interaction))
    command = interaction.command.qualified_name if interaction.command else say(_("that command"), lang)
    if isinstance(error, app_commands.CommandNotFound):
        said = _("⛔ I don't know that command any more; Discord may still be updating its list. Try /help.")
    elif isinstance(error, app_commands.TransformerError):
        said = _("⛔ I can't read {value} for /{command}. Check the option and try again.", value=repr(error.value),
                 command=command)
    elif isinstance(error, app_commands.CheckFailure):
        said = _("⛔ You can't use /{command} here.", command=command)
    else:
        said = _("⚠️ Something went wrong on my side while running /{command}; the error is logged. "
                 "/game status shows where the game stands.", command=command)
    return say(said, lang)


async def answer_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    """Log the error and tell the player, ephemerally, whether or not the interaction was answered."""
    original = getattr(error, "original", error)
    log.error("slash command /%s failed (channel %s, user %s)",
              interaction.command.qualified_name if interaction.command else "?",
              interaction.channel_id, interaction.user.id if interaction.user else "?",
              exc_info=(type(original), original, original.__traceback__))
    reply = Reply(text=error_text(interaction, error), ephemeral=True, error="internal")
    try:
        if interaction.type == discord.InteractionType.autocomplete:
            # Discord takes only choices in answer to typing: offer none, the player types on.
            if not interaction.response.is_done():
                await interaction.response.autocomplete([])
            return
        if interaction.extras.get(REPLIED):
            # The command's own reply is out; add to it rather than replace it.
            await interaction.followup.send(reply.text, ephemeral=True)
        else:
            await send_reply(interaction, reply)
    except discord.HTTPException:
        # The interaction expired or Discord is down: nothing more can reach the player.
        log.exception("could not tell the player about the error")
