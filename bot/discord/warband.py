"""``/warband …`` and ``/card``: a player's own warbands and stat cards, kept across games."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.commands import GROUPS
from bot.discord.base import WarbandCog, described, named


class WarbandGroupCog(WarbandCog):
    warband = app_commands.Group(name="warband", description=GROUPS["warband"])

    @warband.command(**named("warband new"))
    @described("warband new")
    async def new(self, interaction: discord.Interaction, name: str, edition: str, faction: str | None = None,
                  scenario: str | None = None, size: int | None = None) -> None:
        await self.run(interaction, "warband new", name=name, edition=edition, faction=faction,
                       scenario=scenario, size=size)

    @warband.command(**named("warband add"))
    @described("warband add")
    @app_commands.autocomplete(name=WarbandCog.suggest_warband, creature=WarbandCog.suggest_card)
    async def add(self, interaction: discord.Interaction, name: str, creature: str, count: int | None = None) -> None:
        await self.run(interaction, "warband add", name=name, creature=creature, count=count)

    @warband.command(**named("warband remove"))
    @described("warband remove")
    @app_commands.autocomplete(name=WarbandCog.suggest_warband, creature=WarbandCog.suggest_card)
    async def remove(self, interaction: discord.Interaction, name: str, creature: str,
                     count: int | None = None) -> None:
        await self.run(interaction, "warband remove", name=name, creature=creature, count=count)

    @warband.command(**named("warband set"))
    @described("warband set")
    @app_commands.autocomplete(name=WarbandCog.suggest_warband, map=WarbandCog.suggest_map)
    async def set(self, interaction: discord.Interaction, name: str, faction: str | None = None,
                  scenario: str | None = None, size: int | None = None, map: str | None = None,
                  tiles: str | None = None) -> None:
        await self.run(interaction, "warband set", name=name, faction=faction, scenario=scenario, size=size,
                       map=map, tiles=tiles)

    @warband.command(**named("warband show"))
    @described("warband show")
    @app_commands.autocomplete(name=WarbandCog.suggest_warband)
    async def show(self, interaction: discord.Interaction, name: str | None = None) -> None:
        await self.run(interaction, "warband show", name=name)

    @warband.command(**named("warband export"))
    @described("warband export")
    @app_commands.autocomplete(name=WarbandCog.suggest_warband)
    async def export(self, interaction: discord.Interaction, name: str) -> None:
        await self.run(interaction, "warband export", name=name)

    @warband.command(**named("warband import"))
    @described("warband import")
    async def import_(self, interaction: discord.Interaction, file: discord.Attachment,
                      name: str | None = None) -> None:
        upload = await self.read_upload(interaction, "warband file", file, private=True)
        if upload is not None:
            await self.run(interaction, "warband import", attachments={"file": upload}, name=name)

    @warband.command(**named("warband delete"))
    @described("warband delete")
    @app_commands.autocomplete(name=WarbandCog.suggest_warband)
    async def delete(self, interaction: discord.Interaction, name: str) -> None:
        await self.run(interaction, "warband delete", name=name)

    @warband.command(**named("warband use"))
    @described("warband use")
    @app_commands.autocomplete(name=WarbandCog.suggest_warband)
    async def use(self, interaction: discord.Interaction, name: str) -> None:
        await self.run(interaction, "warband use", defer=True, name=name)

    @app_commands.command(**named("card"))
    @described("card")
    @app_commands.autocomplete(name=WarbandCog.suggest_card)
    async def card(self, interaction: discord.Interaction, name: str | None = None,
                   upload: discord.Attachment | None = None) -> None:
        attachments = {}
        if upload is not None:
            data = await self.read_upload(interaction, "card file", upload)
            if data is None:
                return
            attachments["upload"] = data
        await self.run(interaction, "card", defer=True, attachments=attachments, name=name)
