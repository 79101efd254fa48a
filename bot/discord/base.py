"""What every Warband cog shares: run one command through the service, and autocomplete.

A cog method is only the command's signature (its options, typed as Discord shows them) and
one call to :meth:`WarbandCog.run`; names and descriptions come from :data:`bot.commands.COMMANDS`
through :func:`named` and :func:`described`, so the text a player reads in Discord, in the
console and in ``/help`` is the same.
"""

from __future__ import annotations

import logging
from typing import Any, Awaitable, Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.commands import Attachment, Command, find_command
from bot.discord.replies import send_reply
from bot.reply import Reply
from bot.service import MAX_UPLOAD_BYTES, Service

log = logging.getLogger(__name__)

# Discord's limits for autocomplete: at most 25 choices, each name and value 1-100 characters.
MAX_CHOICES = 25
MAX_CHOICE_TEXT = 100


def named(key: str) -> dict[str, str]:
    """``name`` and ``description`` of a command from the command table.

    >>> named("game join")
    {'name': 'join', 'description': "Take a seat in this channel's game"}
    """
    spec = find_command(key)
    return {"name": spec.name, "description": spec.description}


def described(key: str) -> Callable:
    """``app_commands.describe`` with the option descriptions from the command table; it raises
    at import time if the method's parameters and the table's options differ in name."""
    return app_commands.describe(**{o.name: o.description for o in find_command(key).options})


def refusal(text: str, code: str) -> Reply:
    return Reply(text=f"⛔ {text}", ephemeral=True, error=code)


class WarbandCog(commands.Cog):
    """Base of the Warband cogs: holds the service and turns interactions into commands."""

    def __init__(self, service: Service):
        self.service = service

    async def run(self, interaction: discord.Interaction, key: str, *, defer: bool = False,
                  attachments: dict[str, Attachment] | None = None, **options: Any) -> Reply:
        """Hand ``/key option:value…`` to the service and send its reply.

        ``defer`` first for commands that may render a board: Discord allows three seconds for
        the first answer, and drawing the board can take longer on a busy machine.
        """
        if interaction.channel_id is None:
            # Games belong to a channel; without one every such command would share one game.
            reply = refusal("I can't tell which channel this is. Use Warband in a server channel.", "no-channel")
            await send_reply(interaction, reply)
            return reply
        if defer and not interaction.response.is_done():
            await interaction.response.defer(thinking=True)
        command = Command(
            key=key,
            options={name: value for name, value in options.items() if value is not None},
            attachments=attachments or {},
        )
        guild = str(interaction.guild_id) if interaction.guild_id is not None else None
        reply = await self.service.handle(interaction.channel_id, interaction.user.id, command, guild_id=guild)
        await send_reply(interaction, reply)
        return reply

    async def read_upload(self, interaction: discord.Interaction, option: str,
                          upload: discord.Attachment) -> Attachment | None:
        """The bytes of an uploaded file, or None after refusing it.

        The size Discord reports is checked *before* downloading, so a huge upload costs
        nothing and is refused at once; the service checks the bytes again. Downloading can
        take a moment, so the interaction is deferred first.
        """
        if upload.size > MAX_UPLOAD_BYTES:
            await send_reply(interaction, refusal(
                f"{upload.filename} is {upload.size / 1024:.0f} KiB; a {option} may be at most "
                f"{MAX_UPLOAD_BYTES // 1024} KiB.", "upload-too-large"))
            return None
        if not interaction.response.is_done():
            await interaction.response.defer(thinking=True)
        try:
            data = await upload.read()
        except discord.HTTPException as exc:
            log.warning("could not download %s: %s", upload.url, exc)
            await send_reply(interaction, refusal(
                f"I couldn't download {upload.filename} from Discord; please upload it again.", "upload-failed"))
            return None
        return Attachment(filename=upload.filename, data=data)

    # -- autocomplete ---------------------------------------------------------------------------
    # One method per kind of suggestion in the command table; cogs name them in
    # @app_commands.autocomplete(option=WarbandCog.suggest_<kind>). Defined in the class, so
    # discord.py passes the cog as ``self``.
    async def _suggest(self, interaction: discord.Interaction, kind: str, current: str) -> list[app_commands.Choice[str]]:
        try:
            values = await self.service.autocomplete(interaction.channel_id, interaction.user.id, kind, current)
        except Exception:  # a suggestion must never break typing the command
            log.exception("autocomplete %r failed for %r", kind, current)
            return []
        choices = []
        for value in values:
            text = str(value)[:MAX_CHOICE_TEXT]
            if text:
                choices.append(app_commands.Choice(name=text, value=text))
        return choices[:MAX_CHOICES]

    async def suggest_creature(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "creature", current)

    async def suggest_square(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "square", current)

    async def suggest_seat(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "seat", current)

    async def suggest_free_seat(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "free-seat", current)

    async def suggest_ruleset(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "ruleset", current)

    async def suggest_warband(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "warband", current)

    async def suggest_card(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "card", current)

    async def suggest_spell(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "spell", current)

    async def suggest_tile(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "tile", current)

    async def suggest_map(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "map", current)

    async def suggest_option(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "option", current)

    async def suggest_mode(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "mode", current)

    async def suggest_choice(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "choice", current)

    async def suggest_unit(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "unit", current)


#: The autocomplete callback for each kind named in the command table (the mirror test uses it).
SUGGESTERS: dict[str, Callable[..., Awaitable[list[app_commands.Choice[str]]]]] = {
    "creature": WarbandCog.suggest_creature,
    "square": WarbandCog.suggest_square,
    "seat": WarbandCog.suggest_seat,
    "free-seat": WarbandCog.suggest_free_seat,
    "ruleset": WarbandCog.suggest_ruleset,
    "map": WarbandCog.suggest_map,
    "option": WarbandCog.suggest_option,
    "mode": WarbandCog.suggest_mode,
    "choice": WarbandCog.suggest_choice,
    "unit": WarbandCog.suggest_unit,
    "warband": WarbandCog.suggest_warband,
    "spell": WarbandCog.suggest_spell,
    "tile": WarbandCog.suggest_tile,
    "card": WarbandCog.suggest_card,
}
