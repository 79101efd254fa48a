"""The play commands: ``/choose /place /initiative /first /move /attack /end`` and ``/help``.

Each can end a phase, a round or the game, and then the reply carries the board, so they
defer first (see :meth:`WarbandCog.run`).
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.base import WarbandCog, described, named


class PlayCog(WarbandCog):
    @app_commands.command(**named("choose"))
    @described("choose")
    @app_commands.autocomplete(creature=WarbandCog.suggest_creature)
    async def choose(self, interaction: discord.Interaction, creature: str) -> None:
        await self.run(interaction, "choose", defer=True, creature=creature)

    @app_commands.command(**named("place"))
    @described("place")
    @app_commands.autocomplete(square=WarbandCog.suggest_square, creature=WarbandCog.suggest_creature)
    async def place(self, interaction: discord.Interaction, square: str, creature: str | None = None,
                    hp: int | None = None, ac: int | None = None, init: int | None = None,
                    owner: str | None = None, size: str | None = None, speed: str | None = None,
                    race: str | None = None, armor: str | None = None, reach: int | None = None,
                    class_: str | None = None, level: int | None = None, fly: str | None = None,
                    traits: str | None = None, attacks: str | None = None) -> None:
        await self.run(interaction, "place", defer=True, square=square, creature=creature, hp=hp, ac=ac,
                       init=init, owner=owner, size=size, speed=speed, race=race, armor=armor, reach=reach,
                       level=level, fly=fly, traits=traits, attacks=attacks, **{"class": class_})

    @app_commands.command(**named("initiative"))
    async def initiative(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "initiative", defer=True)

    @app_commands.command(**named("first"))
    @described("first")
    @app_commands.autocomplete(who=WarbandCog.suggest_seat)
    async def first(self, interaction: discord.Interaction, who: str) -> None:
        await self.run(interaction, "first", defer=True, who=who)

    @app_commands.command(**named("move"))
    @described("move")
    @app_commands.autocomplete(to=WarbandCog.suggest_square, creature=WarbandCog.suggest_creature,
                               mode=WarbandCog.suggest_mode, tumble=WarbandCog.suggest_creature,
                               overrun=WarbandCog.suggest_creature, gems=WarbandCog.suggest_gems)
    async def move(self, interaction: discord.Interaction, to: str | None = None, creature: str | None = None,
                   path: str | None = None, mode: str | None = None, tumble: str | None = None,
                   overrun: str | None = None, check: str | None = None, against: str | None = None,
                   gems: str | None = None) -> None:
        await self.run(interaction, "move", defer=True, to=to, creature=creature, path=path, mode=mode,
                       tumble=tumble, overrun=overrun, check=check, against=against, gems=gems)

    @app_commands.command(**named("attack"))
    @described("attack")
    @app_commands.autocomplete(target=WarbandCog.suggest_creature, creature=WarbandCog.suggest_creature,
                               gems=WarbandCog.suggest_gems, card=WarbandCog.suggest_item)
    async def attack(self, interaction: discord.Interaction, target: str | None = None, creature: str | None = None,
                     attack: int | None = None, roll: str | None = None, damage: str | None = None,
                     kind: str | None = None, declare: str | None = None, gems: str | None = None,
                     card: str | None = None) -> None:
        await self.run(interaction, "attack", defer=True, target=target, creature=creature, attack=attack,
                       roll=roll, damage=damage, kind=kind, declare=declare, gems=gems, card=card)

    @app_commands.command(**named("charge"))
    @described("charge")
    @app_commands.autocomplete(target=WarbandCog.suggest_creature, creature=WarbandCog.suggest_creature,
                               to=WarbandCog.suggest_square, unit=WarbandCog.suggest_unit)
    async def charge(self, interaction: discord.Interaction, target: str | None = None, creature: str | None = None,
                     to: str | None = None, attack: int | None = None, roll: str | None = None,
                     damage: str | None = None, unit: str | None = None) -> None:
        await self.run(interaction, "charge", defer=True, target=target, creature=creature, to=to, attack=attack,
                       roll=roll, damage=damage, unit=unit)

    @app_commands.command(**named("cast"))
    @described("cast")
    @app_commands.autocomplete(spell=WarbandCog.suggest_spell, creature=WarbandCog.suggest_creature,
                               target=WarbandCog.suggest_creature, square=WarbandCog.suggest_square)
    async def cast(self, interaction: discord.Interaction, spell: str, creature: str | None = None,
                   target: str | None = None, square: str | None = None, wizard: str | None = None,
                   dice: int | None = None, at: str | None = None, version: str | None = None,
                   part: str | None = None, facing: str | None = None, files: int | None = None,
                   centre: str | None = None) -> None:
        await self.run(interaction, "cast", defer=True, spell=spell, creature=creature, target=target, square=square,
                       wizard=wizard, dice=dice, at=at, version=version, part=part, facing=facing, files=files,
                       centre=centre)

    @app_commands.command(**named("activate"))
    @described("activate")
    @app_commands.autocomplete(creature=WarbandCog.suggest_creature, tile=WarbandCog.suggest_tile)
    async def activate(self, interaction: discord.Interaction, creature: str | None = None,
                       tile: str | None = None) -> None:
        await self.run(interaction, "activate", defer=True, creature=creature, tile=tile)

    @app_commands.command(**named("map"))
    @described("map")
    @app_commands.autocomplete(name=WarbandCog.suggest_map)
    async def map(self, interaction: discord.Interaction, name: str) -> None:
        await self.run(interaction, "map", defer=True, name=name)

    @app_commands.command(**named("tile"))
    @described("tile")
    @app_commands.autocomplete(tile=WarbandCog.suggest_tile, square=WarbandCog.suggest_square)
    async def tile(self, interaction: discord.Interaction, tile: str, square: str, rotation: int | None = None) -> None:
        await self.run(interaction, "tile", defer=True, tile=tile, square=square, rotation=rotation)

    @app_commands.command(**named("end"))
    @described("end")
    @app_commands.autocomplete(creature=WarbandCog.suggest_creature)
    async def end(self, interaction: discord.Interaction, creature: str | None = None) -> None:
        await self.run(interaction, "end", defer=True, creature=creature)

    @app_commands.command(**named("decide"))
    @described("decide")
    @app_commands.autocomplete(option=WarbandCog.suggest_option)
    async def decide(self, interaction: discord.Interaction, option: str) -> None:
        await self.run(interaction, "decide", defer=True, option=option)

    @app_commands.command(**named("aoo"))
    @described("aoo")
    @app_commands.autocomplete(creature=WarbandCog.suggest_creature, choice=WarbandCog.suggest_choice)
    async def aoo(self, interaction: discord.Interaction, choice: str, creature: str | None = None) -> None:
        await self.run(interaction, "aoo", choice=choice, creature=creature)

    # -- the referee's (encounter) and the judge's (skirmish) commands ---------------------------
    @app_commands.command(**named("remove"))
    @described("remove")
    @app_commands.autocomplete(creature=WarbandCog.suggest_creature)
    async def remove(self, interaction: discord.Interaction, creature: str, reason: str | None = None) -> None:
        await self.run(interaction, "remove", defer=True, creature=creature, reason=reason)

    @app_commands.command(**named("damage"))
    @described("damage")
    @app_commands.autocomplete(creature=WarbandCog.suggest_creature)
    async def damage(self, interaction: discord.Interaction, creature: str, amount: str,
                     reason: str | None = None) -> None:
        await self.run(interaction, "damage", defer=True, creature=creature, amount=amount, reason=reason)

    @app_commands.command(**named("heal"))
    @described("heal")
    @app_commands.autocomplete(creature=WarbandCog.suggest_creature)
    async def heal(self, interaction: discord.Interaction, creature: str, amount: str,
                   reason: str | None = None) -> None:
        await self.run(interaction, "heal", defer=True, creature=creature, amount=amount, reason=reason)

    @app_commands.command(**named("condition"))
    @described("condition")
    @app_commands.autocomplete(creature=WarbandCog.suggest_creature)
    async def condition(self, interaction: discord.Interaction, creature: str | None = None,
                        add: str | None = None, remove: str | None = None, reason: str | None = None) -> None:
        await self.run(interaction, "condition", defer=True, creature=creature, add=add, remove=remove,
                       reason=reason)

    @app_commands.command(**named("override"))
    @described("override")
    @app_commands.autocomplete(creature=WarbandCog.suggest_creature, to=WarbandCog.suggest_square)
    async def override(self, interaction: discord.Interaction, creature: str, to: str,
                       reason: str | None = None) -> None:
        await self.run(interaction, "override", defer=True, creature=creature, to=to, reason=reason)

    @app_commands.command(**named("pause"))
    @described("pause")
    async def pause(self, interaction: discord.Interaction, reason: str | None = None) -> None:
        await self.run(interaction, "pause", defer=True, reason=reason)

    @app_commands.command(**named("resume"))
    async def resume(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "resume", defer=True)

    @app_commands.command(**named("finish"))
    @described("finish")
    async def finish(self, interaction: discord.Interaction, reason: str | None = None) -> None:
        await self.run(interaction, "finish", defer=True, reason=reason)

    @app_commands.command(**named("help"))
    @described("help")
    async def help(self, interaction: discord.Interaction, topic: str | None = None) -> None:
        await self.run(interaction, "help", topic=topic)
