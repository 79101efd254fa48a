"""Conan's own play commands: ``/attitude /take /give /drop /open /throw /carry /done /flow /guard
/reroll`` (``/move``, ``/attack``, ``/activate``, ``/end`` and ``/decide`` are shared, in
:mod:`bot.discord.play`). Each can end a phase, so they defer first."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.base import WarbandCog, described, named


class ConanCog(WarbandCog):
    @app_commands.command(**named("attitude"))
    @described("attitude")
    @app_commands.autocomplete(choice=WarbandCog.suggest_choice, creature=WarbandCog.suggest_creature)
    async def attitude(self, interaction: discord.Interaction, choice: str, creature: str | None = None) -> None:
        await self.run(interaction, "attitude", defer=True, choice=choice, creature=creature)

    @app_commands.command(**named("take"))
    @described("take")
    @app_commands.autocomplete(item=WarbandCog.suggest_item, creature=WarbandCog.suggest_creature)
    async def take(self, interaction: discord.Interaction, item: str, creature: str | None = None) -> None:
        await self.run(interaction, "take", defer=True, item=item, creature=creature)

    @app_commands.command(**named("give"))
    @described("give")
    @app_commands.autocomplete(item=WarbandCog.suggest_item, to=WarbandCog.suggest_creature,
                               creature=WarbandCog.suggest_creature)
    async def give(self, interaction: discord.Interaction, item: str, to: str, creature: str | None = None) -> None:
        await self.run(interaction, "give", defer=True, item=item, to=to, creature=creature)

    @app_commands.command(**named("drop"))
    @described("drop")
    @app_commands.autocomplete(item=WarbandCog.suggest_item, creature=WarbandCog.suggest_creature)
    async def drop(self, interaction: discord.Interaction, item: str, creature: str | None = None) -> None:
        await self.run(interaction, "drop", defer=True, item=item, creature=creature)

    @app_commands.command(**named("open"))
    @described("open")
    @app_commands.autocomplete(gems=WarbandCog.suggest_gems, card=WarbandCog.suggest_item,
                               creature=WarbandCog.suggest_creature)
    async def open(self, interaction: discord.Interaction, gems: str | None = None, card: str | None = None,
                   creature: str | None = None) -> None:
        await self.run(interaction, "open", defer=True, gems=gems, card=card, creature=creature)

    @app_commands.command(**named("throw"))
    @described("throw")
    @app_commands.autocomplete(item=WarbandCog.suggest_item, to=WarbandCog.suggest_square,
                               gems=WarbandCog.suggest_gems, creature=WarbandCog.suggest_creature)
    async def throw(self, interaction: discord.Interaction, item: str, to: str, gems: str | None = None,
                    creature: str | None = None) -> None:
        await self.run(interaction, "throw", defer=True, item=item, to=to, gems=gems, creature=creature)

    @app_commands.command(**named("done"))
    @described("done")
    @app_commands.autocomplete(creature=WarbandCog.suggest_creature)
    async def done(self, interaction: discord.Interaction, creature: str | None = None) -> None:
        await self.run(interaction, "done", defer=True, creature=creature)

    @app_commands.command(**named("carry"))
    @described("carry")
    @app_commands.autocomplete(who=WarbandCog.suggest_load, creature=WarbandCog.suggest_creature)
    async def carry(self, interaction: discord.Interaction, who: str, creature: str | None = None) -> None:
        await self.run(interaction, "carry", defer=True, who=who, creature=creature)

    @app_commands.command(**named("flow"))
    @described("flow")
    @app_commands.autocomplete(tile=WarbandCog.suggest_tile)
    async def flow(self, interaction: discord.Interaction, tile: str) -> None:
        await self.run(interaction, "flow", defer=True, tile=tile)

    @app_commands.command(**named("guard"))
    @described("guard")
    @app_commands.autocomplete(gems=WarbandCog.suggest_gems, card=WarbandCog.suggest_item)
    async def guard(self, interaction: discord.Interaction, gems: str, card: str | None = None) -> None:
        await self.run(interaction, "guard", defer=True, gems=gems, card=card)

    @app_commands.command(**named("reroll"))
    @described("reroll")
    async def reroll(self, interaction: discord.Interaction, die: str | None = None,
                     auto: str | None = None) -> None:
        await self.run(interaction, "reroll", defer=True, die=die, auto=auto)
