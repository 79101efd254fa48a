"""``/creature …``: the referee describes a creature in a D&D 3.5 encounter."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.commands import GROUPS
from bot.discord.base import WarbandCog, described, named


class CreatureCog(WarbandCog):
    creature = app_commands.Group(name="creature", description=GROUPS["creature"])

    @creature.command(**named("creature edit"))
    @described("creature edit")
    @app_commands.autocomplete(creature=WarbandCog.suggest_creature)
    async def edit(self, interaction: discord.Interaction, creature: str, hp: int | None = None,
                   ac: int | None = None, init: int | None = None, owner: str | None = None,
                   size: str | None = None, speed: str | None = None, race: str | None = None,
                   armor: str | None = None, class_: str | None = None, level: int | None = None,
                   fly: str | None = None, reach: int | None = None, traits: str | None = None,
                   attacks: str | None = None) -> None:
        # A new size or speed changes the board and the turn's movement: the reply may draw.
        await self.run(interaction, "creature edit", defer=True, creature=creature, hp=hp, ac=ac, init=init,
                       owner=owner, size=size, speed=speed, race=race, armor=armor, level=level, fly=fly,
                       reach=reach, traits=traits, attacks=attacks, **{"class": class_})
