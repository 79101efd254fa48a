"""What every Warband cog shares: run one command through the service, and autocomplete.

A cog method is only the command's signature (its options, typed as Discord shows them) and
one call to :meth:`WarbandCog.run`; names and descriptions come from :data:`bot.commands.COMMANDS`
through :func:`named` and :func:`described`, so the text a player reads in Discord, in the
console and in ``/help`` is the same.
"""

from __future__ import annotations

import keyword

import logging
from typing import Any, Awaitable, Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.commands import ARMY_COMMANDS, COLLECTION_COMMANDS, INSTANT_COMMANDS, PRIVATE_COMMANDS, Attachment, Command, find_command
from bot.discord.replies import BOARD_URL, DEFERRED_PRIVATELY, send_reply
from bot.discord.status import refresh_status
from bot.i18n import spoken, supported
from bot.reply import Reply
from engine.core.text import _, join
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
    options = find_command(key).options
    # An option named with a Python keyword (``class``) is the parameter ``class_``, renamed.
    param = {o.name: o.name + "_" if keyword.iskeyword(o.name) else o.name for o in options}
    describe = app_commands.describe(**{param[o.name]: o.description for o in options})
    renamed = {p: name for name, p in param.items() if p != name}
    if not renamed:
        return describe
    rename = app_commands.rename(**renamed)
    return lambda func: describe(rename(func))


# Commands that do not change what a game's status message shows.
STATUSLESS = frozenset({"help", "roll", "card", "games", "notify", "vacation", "game status", "game log",
                        "game board", "game export", "game verify", "game replay"}) | COLLECTION_COMMANDS \
    | ARMY_COMMANDS


def locale_of(interaction: discord.Interaction) -> str | None:
    """The language Discord says the user reads (``it``, ``hu``, ``en-US``...), if it says."""
    locale = getattr(interaction, "locale", None)
    return getattr(locale, "value", locale) if locale is not None else None


def refusal(text: str, code: str) -> Reply:
    return Reply(text=join("", ["⛔ ", text]), ephemeral=True, error=code)


class WarbandCog(commands.Cog):
    """Base of the Warband cogs: holds the service and turns interactions into commands."""

    def __init__(self, service: Service):
        self.service = service

    async def run(self, interaction: discord.Interaction, key: str, *, defer: bool = False,
                  attachments: dict[str, Attachment] | None = None, caller: Any = None, **options: Any) -> Reply:
        """Hand ``/key option:value…`` to the service and send its reply.

        Every command but the instant ones is acknowledged (deferred) first: Discord allows
        three seconds for the first answer, and a command may wait on its channel's lock while
        another one of the same channel renders a board. A command whose answer is private
        defers privately, so no public "thinking…" shows before it. (``defer`` is kept for the
        callers that name it; it changes nothing now.)
        """
        if interaction.channel_id is None:
            # Games belong to a channel; without one every such command would share one game.
            reply = spoken(refusal(_("I can't tell which channel this is. Use Warband in a server channel."),
                                   "no-channel"), supported(locale_of(interaction)))
            await send_reply(interaction, reply)
            return reply
        if key not in INSTANT_COMMANDS and not interaction.response.is_done():
            private = key in PRIVATE_COMMANDS
            await interaction.response.defer(thinking=True, ephemeral=private)
            interaction.extras[DEFERRED_PRIVATELY] = private
        command = Command(
            key=key,
            options={name: value for name, value in options.items() if value is not None},
            attachments=attachments or {},
        )
        guild = str(interaction.guild_id) if interaction.guild_id is not None else None
        reply = await self.service.handle(interaction.channel_id, interaction.user.id, command, guild_id=guild,
                                          caller=caller, locale=locale_of(interaction))
        await send_reply(interaction, reply)
        if reply.error is None and key not in STATUSLESS:
            await self.refresh_status(interaction, reply)
        return reply

    async def refresh_status(self, interaction: discord.Interaction, reply: Reply) -> None:
        """Bring the game's living status message up to date (bot.discord.status)."""
        channel = getattr(interaction, "channel", None)
        if channel is None or not hasattr(channel, "get_partial_message"):
            return
        await refresh_status(self.service, channel, interaction.channel_id, interaction.extras.get(BOARD_URL))

    async def read_upload(self, interaction: discord.Interaction, option: str,
                          upload: discord.Attachment, private: bool = False) -> Attachment | None:
        """The bytes of an uploaded file, or None after refusing it.

        The size Discord reports is checked *before* downloading, so a huge upload costs
        nothing and is refused at once; the service checks the bytes again. Downloading can
        take a moment, so the interaction is deferred first.
        """
        if upload.size > MAX_UPLOAD_BYTES:
            await send_reply(interaction, spoken(refusal(
                _("{file} is {size} KiB; a {option} may be at most {most} KiB.", file=upload.filename,
                  size=f"{upload.size / 1024:.0f}", option=option, most=MAX_UPLOAD_BYTES // 1024),
                "upload-too-large"), supported(locale_of(interaction))))
            return None
        if not interaction.response.is_done():
            await interaction.response.defer(thinking=True, ephemeral=private)
            interaction.extras[DEFERRED_PRIVATELY] = private
        try:
            data = await upload.read()
        except discord.HTTPException as exc:
            log.warning("could not download %s: %s", upload.url, exc)
            await send_reply(interaction, spoken(refusal(
                _("I couldn't download {file} from Discord; please upload it again.", file=upload.filename),
                "upload-failed"), supported(locale_of(interaction))))
            return None
        return Attachment(filename=upload.filename, data=data)

    # -- autocomplete ---------------------------------------------------------------------------
    # One method per kind of suggestion in the command table; cogs name them in
    # @app_commands.autocomplete(option=WarbandCog.suggest_<kind>). Defined in the class, so
    # discord.py passes the cog as ``self``.
    async def _suggest(self, interaction: discord.Interaction, kind: str, current: str) -> list[app_commands.Choice[str]]:
        try:
            values = await self.service.autocomplete_choices(interaction.channel_id, interaction.user.id, kind, current,
                                                             guild_id=interaction.guild_id, locale=locale_of(interaction))
        except Exception:  # a suggestion must never break typing the command
            log.exception("autocomplete %r failed for %r", kind, current)
            return []
        choices = []
        seen: set[str] = set()
        for name, value in values:
            text = str(value)
            # A value cut to Discord's 100 characters would be submitted cut: leave it out
            # (the player can still type it); a repeated value is offered once.
            if not text or len(text) > MAX_CHOICE_TEXT or text in seen:
                continue
            seen.add(text)
            name = str(name) if name and len(str(name)) <= MAX_CHOICE_TEXT else text
            choices.append(app_commands.Choice(name=name, value=text))
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

    async def suggest_army(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "army", current)

    async def suggest_sample(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "sample", current)

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

    async def suggest_league(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "league", current)

    async def suggest_format(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "format", current)
    async def suggest_item(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "item", current)

    async def suggest_gems(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "gems", current)

    async def suggest_choice(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "choice", current)

    async def suggest_notify(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "notify", current)
    async def suggest_language(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "language", current)

    async def suggest_unit(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "unit", current)

    async def suggest_load(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, "load", current)


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
    "army": WarbandCog.suggest_army,
    "sample": WarbandCog.suggest_sample,
    "spell": WarbandCog.suggest_spell,
    "tile": WarbandCog.suggest_tile,
    "card": WarbandCog.suggest_card,
    "league": WarbandCog.suggest_league,
    "format": WarbandCog.suggest_format,
    "item": WarbandCog.suggest_item,
    "gems": WarbandCog.suggest_gems,
    "notify": WarbandCog.suggest_notify,
    "language": WarbandCog.suggest_language,
    "load": WarbandCog.suggest_load,
}
