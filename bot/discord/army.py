"""``/army …``: a player's own Ninth Age armies, kept across games (bot.armies)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.commands import GROUPS
from bot.discord.base import WarbandCog, described, named


class ArmyGroupCog(WarbandCog):
    army = app_commands.Group(name="army", description=GROUPS["army"])

    @army.command(**named("army new"))
    @described("army new")
    @app_commands.autocomplete(from_=WarbandCog.suggest_army)
    async def new(self, interaction: discord.Interaction, name: str, points: int | None = None,
                  from_: str | None = None) -> None:
        await self.run(interaction, "army new", name=name, points=points, **{"from": from_})

    @army.command(**named("army add"))
    @described("army add")
    @app_commands.autocomplete(name=WarbandCog.suggest_army, book=WarbandCog.suggest_army)
    async def add(self, interaction: discord.Interaction, name: str, unit: str, book: str | None = None,
                  as_: str | None = None, items: str | None = None, general: bool | None = None,
                  bsb: bool | None = None) -> None:
        await self.run(interaction, "army add", name=name, unit=unit, book=book, items=items, general=general,
                       bsb=bsb, **{"as": as_})

    @army.command(**named("army remove"))
    @described("army remove")
    @app_commands.autocomplete(name=WarbandCog.suggest_army)
    async def remove(self, interaction: discord.Interaction, name: str, unit: str) -> None:
        await self.run(interaction, "army remove", name=name, unit=unit)

    @army.command(**named("army show"))
    @described("army show")
    @app_commands.autocomplete(name=WarbandCog.suggest_army)
    async def show(self, interaction: discord.Interaction, name: str | None = None, seat: str | None = None,
                   unit: str | None = None) -> None:
        await self.run(interaction, "army show", name=name, seat=seat, unit=unit)

    @army.command(**named("army export"))
    @described("army export")
    @app_commands.autocomplete(name=WarbandCog.suggest_army)
    async def export(self, interaction: discord.Interaction, name: str) -> None:
        await self.run(interaction, "army export", name=name)

    @army.command(**named("army sample"))
    @described("army sample")
    @app_commands.autocomplete(name=WarbandCog.suggest_sample)
    async def sample(self, interaction: discord.Interaction, name: str) -> None:
        await self.run(interaction, "army sample", name=name)

    @army.command(**named("army import"))
    @described("army import")
    async def import_(self, interaction: discord.Interaction, file: discord.Attachment,
                      name: str | None = None) -> None:
        upload = await self.read_upload(interaction, "army file", file, private=True)
        if upload is not None:
            await self.run(interaction, "army import", attachments={"file": upload}, name=name)

    @army.command(**named("army delete"))
    @described("army delete")
    @app_commands.autocomplete(name=WarbandCog.suggest_army)
    async def delete(self, interaction: discord.Interaction, name: str) -> None:
        await self.run(interaction, "army delete", name=name)

    @army.command(**named("army use"))
    @described("army use")
    @app_commands.autocomplete(name=WarbandCog.suggest_army)
    async def use(self, interaction: discord.Interaction, name: str) -> None:
        await self.run(interaction, "army use", defer=True, name=name)
