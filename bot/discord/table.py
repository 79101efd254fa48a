"""Rank-and-flank commands (The Ninth Age): ``/deploy /marker /advance /march /reform /dispel``.

Units on a table measured in inches; each command can end a step and carry the board, so they
defer first (see :meth:`WarbandCog.run`).
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.base import WarbandCog, described, named


class TableCog(WarbandCog):
    @app_commands.command(**named("deploy"))
    @described("deploy")
    @app_commands.autocomplete(unit=WarbandCog.suggest_unit)
    async def deploy(self, interaction: discord.Interaction, unit: str, x: str, y: str, facing: str | None = None,
                     files: int | None = None) -> None:
        await self.run(interaction, "deploy", defer=True, unit=unit, x=x, y=y, facing=facing, files=files)

    @app_commands.command(**named("marker"))
    @described("marker")
    async def marker(self, interaction: discord.Interaction, x: str, y: str) -> None:
        await self.run(interaction, "marker", defer=True, x=x, y=y)

    @app_commands.command(**named("advance"))
    @described("advance")
    @app_commands.autocomplete(unit=WarbandCog.suggest_unit)
    async def advance(self, interaction: discord.Interaction, unit: str, wheel: str | None = None,
                      forward: str | None = None, back: str | None = None, left: str | None = None,
                      right: str | None = None, path: str | None = None, pivot: str | None = None,
                      to: str | None = None, facing: str | None = None, files: int | None = None) -> None:
        await self.run(interaction, "advance", defer=True, unit=unit, wheel=wheel, forward=forward, back=back,
                       left=left, right=right, path=path, pivot=pivot, to=to, facing=facing, files=files)

    @app_commands.command(**named("march"))
    @described("march")
    @app_commands.autocomplete(unit=WarbandCog.suggest_unit)
    async def march(self, interaction: discord.Interaction, unit: str, wheel: str | None = None,
                    forward: str | None = None, path: str | None = None, pivot: str | None = None,
                    to: str | None = None, facing: str | None = None, files: int | None = None) -> None:
        await self.run(interaction, "march", defer=True, unit=unit, wheel=wheel, forward=forward, path=path,
                       pivot=pivot, to=to, facing=facing, files=files)

    @app_commands.command(**named("reform"))
    @described("reform")
    @app_commands.autocomplete(unit=WarbandCog.suggest_unit)
    async def reform(self, interaction: discord.Interaction, unit: str, to: str | None = None,
                     facing: str | None = None) -> None:
        await self.run(interaction, "reform", defer=True, unit=unit, to=to, facing=facing)

    @app_commands.command(**named("dispel"))
    @described("dispel")
    async def dispel(self, interaction: discord.Interaction, spell: str, dice: int | None = None,
                     wizard: str | None = None) -> None:
        await self.run(interaction, "dispel", defer=True, spell=spell, dice=dice, wizard=wizard)
