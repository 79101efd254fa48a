"""``/game …``: start, join, look at and wind up this channel's game."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.commands import GROUPS
from bot.discord.base import WarbandCog, described, named


class GameCog(WarbandCog):
    game = app_commands.Group(name="game", description=GROUPS["game"])

    @game.command(**named("game new"))
    @described("game new")
    @app_commands.autocomplete(ruleset=WarbandCog.suggest_ruleset, map=WarbandCog.suggest_map)
    async def new(self, interaction: discord.Interaction, ruleset: str, map: str | None = None,
                  mapfile: discord.Attachment | None = None, seed: int | None = None,
                  settings: str | None = None) -> None:
        attachments = {}
        if mapfile is not None:
            upload = await self.read_upload(interaction, "map file", mapfile)
            if upload is None:
                return
            attachments["mapfile"] = upload
        await self.run(interaction, "game new", attachments=attachments,
                       ruleset=ruleset, map=map, seed=seed, settings=settings)

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
    @app_commands.autocomplete(command=WarbandCog.suggest_creature)
    async def board(self, interaction: discord.Interaction, command: str | None = None) -> None:
        await self.run(interaction, "game board", defer=True, command=command)

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
