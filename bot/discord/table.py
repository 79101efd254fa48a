"""Rank-and-flank commands (The Ninth Age): ``/deploy /marker /advance /march /reform /shoot /join /leave /reveal
/item /test /dispel``.

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

    @app_commands.command(**named("fight"))
    @described("fight")
    @app_commands.autocomplete(unit=WarbandCog.suggest_unit)
    async def fight(self, interaction: discord.Interaction, unit: str) -> None:
        await self.run(interaction, "fight", defer=True, unit=unit)

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
                     facing: str | None = None, swift: bool | None = None) -> None:
        await self.run(interaction, "reform", defer=True, unit=unit, to=to, facing=facing, swift=swift)

    @app_commands.command(**named("shoot"))
    @described("shoot")
    @app_commands.autocomplete(unit=WarbandCog.suggest_unit, target=WarbandCog.suggest_creature)
    async def shoot(self, interaction: discord.Interaction, unit: str, target: str, weapon: str | None = None,
                    multiple: str | None = None, at: str | None = None, models: int | None = None,
                    hold: str | None = None) -> None:
        await self.run(interaction, "shoot", defer=True, unit=unit, target=target, weapon=weapon, multiple=multiple,
                       at=at, models=models, hold=hold)

    # -- characters in units (engine/rulesets/ninth_age/characters.py) --------------------------
    @app_commands.command(**named("join"))
    @described("join")
    @app_commands.autocomplete(unit=WarbandCog.suggest_unit, into=WarbandCog.suggest_unit)
    async def join(self, interaction: discord.Interaction, unit: str, into: str, file: int | None = None,
                   hidden: bool | None = None, widen: bool | None = None) -> None:
        await self.run(interaction, "join", defer=True, unit=unit, into=into, file=file, hidden=hidden, widen=widen)

    @app_commands.command(**named("leave"))
    @described("leave")
    @app_commands.autocomplete(unit=WarbandCog.suggest_unit)
    async def leave(self, interaction: discord.Interaction, unit: str, forward: str | None = None,
                    back: str | None = None, left: str | None = None, right: str | None = None,
                    path: str | None = None, pivot: str | None = None, march: bool | None = None,
                    facing: str | None = None, files: int | None = None, along: str | None = None) -> None:
        await self.run(interaction, "leave", defer=True, unit=unit, forward=forward, back=back, left=left,
                       right=right, path=path, pivot=pivot, march=march, facing=facing, files=files, along=along)

    # -- Buildings (engine/rulesets/ninth_age/garrison.py, §18.6) ----------------------------------
    @app_commands.command(**named("garrison"))
    @described("garrison")
    @app_commands.autocomplete(unit=WarbandCog.suggest_unit)
    async def garrison(self, interaction: discord.Interaction, unit: str, building: str) -> None:
        await self.run(interaction, "garrison", defer=True, unit=unit, building=building)

    @app_commands.command(**named("reveal"))
    @described("reveal")
    @app_commands.autocomplete(unit=WarbandCog.suggest_unit)
    async def reveal(self, interaction: discord.Interaction, unit: str, item: str | None = None) -> None:
        await self.run(interaction, "reveal", defer=True, unit=unit, item=item)

    @app_commands.command(**named("item"))
    @described("item")
    @app_commands.autocomplete(unit=WarbandCog.suggest_unit)
    async def item(self, interaction: discord.Interaction, unit: str, name: str) -> None:
        await self.run(interaction, "item", defer=True, unit=unit, name=name)

    @app_commands.command(**named("test"))
    @described("test")
    @app_commands.autocomplete(unit=WarbandCog.suggest_unit)
    async def test(self, interaction: discord.Interaction, unit: str, characteristic: str, modifier: str | None = None,
                   reason: str | None = None) -> None:
        await self.run(interaction, "test", defer=True, unit=unit, characteristic=characteristic, modifier=modifier,
                       reason=reason)

    @app_commands.command(**named("summon"))
    @described("summon")
    @app_commands.autocomplete(by=WarbandCog.suggest_unit)
    async def summon(self, interaction: discord.Interaction, unit: str, at: str, models: int | None = None,
                     facing: str | None = None, files: int | None = None, by: str | None = None,
                     range: str | None = None, reason: str | None = None) -> None:  # noqa: A002 - the option's name
        await self.run(interaction, "summon", defer=True, unit=unit, at=at, models=models, facing=facing, files=files,
                       by=by, range=range, reason=reason)

    @app_commands.command(**named("dispel"))
    @described("dispel")
    async def dispel(self, interaction: discord.Interaction, spell: str, dice: int | None = None,
                     wizard: str | None = None) -> None:
        await self.run(interaction, "dispel", defer=True, spell=spell, dice=dice, wizard=wizard)
