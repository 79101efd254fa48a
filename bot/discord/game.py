"""``/game …``: start, join, look at and wind up this channel's game."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.commands import GROUPS, Command, find_command
from bot.discord.base import WarbandCog, described, locale_of, named, refusal
from bot.discord.replies import send_reply, send_to
from bot.discord.status import refresh_status
from bot.i18n import spoken, supported
from bot.reply import Reply
from engine.core import IllegalAction
from engine.core.ruleset import get_ruleset
from engine.core.text import _


class GameCog(WarbandCog):
    game = app_commands.Group(name="game", description=GROUPS["game"])

    @game.command(**named("game new"))
    @described("game new")
    @app_commands.autocomplete(ruleset=WarbandCog.suggest_ruleset, map=WarbandCog.suggest_map,
                               scenario=WarbandCog.suggest_map)
    async def new(self, interaction: discord.Interaction, ruleset: str, map: str | None = None,
                  mapfile: discord.Attachment | None = None, seed: int | None = None,
                  settings: str | None = None, scenario: str | None = None,
                  thread: bool | None = None) -> None:
        attachments = {}
        if mapfile is not None:
            upload = await self.read_upload(interaction, "map file", mapfile)
            if upload is None:
                return
            attachments["mapfile"] = upload
        if thread:
            await self.new_in_thread(interaction, attachments, ruleset=ruleset, map=map, seed=seed, settings=settings,
                                     scenario=scenario)
            return
        await self.run(interaction, "game new", attachments=attachments,
                       ruleset=ruleset, map=map, seed=seed, settings=settings, scenario=scenario)

    async def new_in_thread(self, interaction: discord.Interaction, attachments, **options) -> None:
        """``/game new thread:true``: open a thread named after the game and play it there; the
        store keys the game by the thread's id, as by a channel's, so one channel hosts many."""
        if not interaction.response.is_done():
            await interaction.response.defer(thinking=True)
        title = options["ruleset"]
        try:
            title = get_ruleset(options["ruleset"]).title
        except IllegalAction:
            pass
        name = f"{title} — {interaction.user.display_name}"[:100]
        try:
            place = await interaction.channel.create_thread(name=name, type=discord.ChannelType.public_thread,
                                                            auto_archive_duration=10080)
        except (discord.HTTPException, AttributeError) as exc:
            await send_reply(interaction, spoken(refusal(_("I can't open a thread here ({problem}); start the game without "
                                                           "thread:true, or give me the Create Public Threads permission.",
                                                           problem=str(exc)), "no-thread"), supported(locale_of(interaction))))
            return
        command = Command("game new", {k: v for k, v in options.items() if v is not None}, attachments)
        guild = str(interaction.guild_id) if interaction.guild_id is not None else None
        reply = await self.service.handle(place.id, interaction.user.id, command, guild_id=guild, locale=locale_of(interaction))
        if reply.error:
            await send_reply(interaction, reply)
            try:
                await place.delete()
            except discord.HTTPException:
                pass
            return
        await send_to(place, reply, interaction.client)
        await send_reply(interaction, spoken(Reply(text=_("🧵 A new game is open in {place}: play it there.", place=place.mention)),
                                             supported(locale_of(interaction))))
        await refresh_status(self.service, place, place.id)

    @game.command(**named("game join"))
    @described("game join")
    @app_commands.autocomplete(seat=WarbandCog.suggest_free_seat)
    async def join(self, interaction: discord.Interaction, seat: str | None = None) -> None:
        # The last seat taken starts the game, which can draw the board.
        await self.run(interaction, "game join", defer=True, seat=seat)

    @game.command(**named("game status"))
    async def status(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "game status")

    @game.command(**named("game board"))
    @described("game board")
    @app_commands.autocomplete(command=WarbandCog.suggest_creature, around=WarbandCog.suggest_square)
    async def board(self, interaction: discord.Interaction, command: str | None = None,
                    around: str | None = None, size: int | None = None) -> None:
        await self.run(interaction, "game board", defer=True, command=command, around=around, size=size)

    @game.command(**named("game log"))
    @described("game log")
    async def log(self, interaction: discord.Interaction, last: int | None = None) -> None:
        await self.run(interaction, "game log", last=last)

    @game.command(**named("game undo"))
    async def undo(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "game undo", defer=True)

    @game.command(**named("game resign"))
    async def resign(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "game resign", defer=True)

    @game.command(**named("game judge"))
    @described("game judge")
    async def judge(self, interaction: discord.Interaction, user: discord.User) -> None:
        await self.run(interaction, "game judge", user=str(user.id))

    @game.command(**named("game abandon"))
    async def abandon(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "game abandon")

    @game.command(**named("game pause"))
    async def pause(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "game pause")

    @game.command(**named("game resume"))
    async def resume(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "game resume")

    @game.command(**named("game claim"))
    async def claim(self, interaction: discord.Interaction) -> None:
        # The claim ends the game, and the reply carries the final board.
        await self.run(interaction, "game claim", defer=True)

    @game.command(**named("game export"))
    async def export(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "game export")

    @game.command(**named("game verify"))
    async def verify(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "game verify")

    @game.command(**named("game replay"))
    @app_commands.rename(from_="from")
    @app_commands.describe(from_=find_command("game replay").options[0].description,
                           to=find_command("game replay").options[1].description)
    async def replay(self, interaction: discord.Interaction, from_: int | None = None, to: int | None = None) -> None:
        await self.run(interaction, "game replay", **{"from": from_, "to": to})
