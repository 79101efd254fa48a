"""``/league …``, ``/campaign …`` and ``/profile``: leagues on this server.

The cog tells the service what only Discord knows: whether the member may organise (the
Manage Server or Manage Events permission), and how to open a game's thread or channel and
speak in it (:class:`DiscordRooms`).
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.commands import GROUPS
from bot.discord.base import WarbandCog, described, named
from bot.discord.replies import allowed_mentions, reply_files
from bot.leagues import Caller
from leagues import LeagueError
from bot.reply import Reply


class DiscordRooms:
    """League games in threads under the channel the command came from, or in new text
    channels beside it (``games_in=channel``)."""

    def __init__(self, interaction: discord.Interaction):
        self.interaction = interaction

    async def open(self, key: str, name: str, where: str) -> str:
        channel = self.interaction.channel
        if where == "channel" and self.interaction.guild is not None:
            created = await self.interaction.guild.create_text_channel(
                name[:100], category=getattr(channel, "category", None), reason=f"Warband {key}")
            return str(created.id)
        if not hasattr(channel, "create_thread"):
            raise LeagueError("no-threads", "League games open in threads of a server text channel; "
                              "run /league pair in one.")
        thread = await channel.create_thread(name=name[:100], type=discord.ChannelType.public_thread,
                                             reason=f"Warband {key}")
        return str(thread.id)

    async def post(self, channel_id: str, reply: Reply) -> None:
        client = self.interaction.client
        channel = client.get_channel(int(channel_id)) or await client.fetch_channel(int(channel_id))
        mentions = allowed_mentions(reply)
        chunks = reply.chunks()
        for i, chunk in enumerate(chunks):
            last = i == len(chunks) - 1
            await channel.send(chunk, files=reply_files(reply) if last else [], allowed_mentions=mentions)


def caller(interaction: discord.Interaction) -> Caller:
    """Manage Server or Manage Events makes an organiser; the member's roles may too (a league's
    ``organiser_role``); names for the standings image are the members' display names."""
    permissions = interaction.permissions
    organiser = bool(permissions.manage_guild or permissions.manage_events)
    roles = frozenset(str(role.id) for role in getattr(interaction.user, "roles", ()) or ())
    guild = getattr(interaction, "guild", None)

    async def name(user_id: str) -> str:
        member = guild.get_member(int(user_id)) if guild is not None and user_id.isdigit() else None
        return member.display_name if member is not None else user_id

    return Caller(organiser=organiser, rooms=DiscordRooms(interaction), roles=roles, names=name)


class LeagueCog(WarbandCog):
    league = app_commands.Group(name="league", description=GROUPS["league"])
    campaign = app_commands.Group(name="campaign", description=GROUPS["campaign"])

    async def go(self, interaction: discord.Interaction, key: str, *, defer: bool = False, **options) -> None:
        await self.run(interaction, key, defer=defer, caller=caller(interaction), **options)

    @league.command(**named("league create"))
    @described("league create")
    @app_commands.autocomplete(ruleset=WarbandCog.suggest_ruleset, format=WarbandCog.suggest_format)
    async def create(self, interaction: discord.Interaction, name: str, ruleset: str, format: str,
                     rounds: int | None = None, points: str | None = None, settings: str | None = None) -> None:
        await self.go(interaction, "league create", name=name, ruleset=ruleset, format=format, rounds=rounds,
                      points=points, settings=settings)

    @league.command(**named("league join"))
    @described("league join")
    @app_commands.autocomplete(name=WarbandCog.suggest_league, warband=WarbandCog.suggest_warband)
    async def join(self, interaction: discord.Interaction, name: str | None = None, warband: str | None = None) -> None:
        await self.go(interaction, "league join", name=name, warband=warband)

    @league.command(**named("league leave"))
    @described("league leave")
    @app_commands.autocomplete(name=WarbandCog.suggest_league)
    async def leave(self, interaction: discord.Interaction, name: str | None = None) -> None:
        await self.go(interaction, "league leave", name=name)

    @league.command(**named("league info"))
    @described("league info")
    @app_commands.autocomplete(name=WarbandCog.suggest_league)
    async def info(self, interaction: discord.Interaction, name: str | None = None) -> None:
        await self.go(interaction, "league info", name=name)

    @league.command(**named("league list"))
    async def list_(self, interaction: discord.Interaction) -> None:
        await self.go(interaction, "league list")

    @league.command(**named("league start"))
    @described("league start")
    @app_commands.autocomplete(name=WarbandCog.suggest_league)
    async def start(self, interaction: discord.Interaction, name: str | None = None) -> None:
        await self.go(interaction, "league start", name=name)

    @league.command(**named("league pair"))
    @described("league pair")
    @app_commands.autocomplete(name=WarbandCog.suggest_league)
    async def pair(self, interaction: discord.Interaction, name: str | None = None) -> None:
        # Opening a thread per game and starting each game takes longer than three seconds.
        await self.go(interaction, "league pair", defer=True, name=name)

    @league.command(**named("league drop"))
    @described("league drop")
    @app_commands.autocomplete(name=WarbandCog.suggest_league)
    async def drop(self, interaction: discord.Interaction, player: str, name: str | None = None) -> None:
        await self.go(interaction, "league drop", player=player, name=name)

    @league.command(**named("league report"))
    @described("league report")
    @app_commands.autocomplete(name=WarbandCog.suggest_league)
    async def report(self, interaction: discord.Interaction, game: int, result: str, name: str | None = None) -> None:
        await self.go(interaction, "league report", game=game, result=result, name=name)

    @league.command(**named("league close"))
    @described("league close")
    @app_commands.autocomplete(name=WarbandCog.suggest_league)
    async def close(self, interaction: discord.Interaction, name: str | None = None) -> None:
        await self.go(interaction, "league close", defer=True, name=name)

    @league.command(**named("league export"))
    @described("league export")
    @app_commands.autocomplete(name=WarbandCog.suggest_league)
    async def export(self, interaction: discord.Interaction, name: str | None = None) -> None:
        await self.go(interaction, "league export", name=name)

    @league.command(**named("league standings"))
    @described("league standings")
    @app_commands.autocomplete(name=WarbandCog.suggest_league)
    async def standings(self, interaction: discord.Interaction, round: int | None = None,
                        name: str | None = None) -> None:
        await self.go(interaction, "league standings", defer=True, round=round, name=name)

    @league.command(**named("league history"))
    @described("league history")
    @app_commands.autocomplete(name=WarbandCog.suggest_league)
    async def history(self, interaction: discord.Interaction, player: str, name: str | None = None) -> None:
        await self.go(interaction, "league history", player=player, name=name)

    @campaign.command(**named("campaign roster"))
    @described("campaign roster")
    @app_commands.autocomplete(name=WarbandCog.suggest_league)
    async def roster(self, interaction: discord.Interaction, player: str | None = None,
                     name: str | None = None) -> None:
        await self.go(interaction, "campaign roster", player=player, name=name)

    @campaign.command(**named("campaign buy"))
    @described("campaign buy")
    @app_commands.autocomplete(creature=WarbandCog.suggest_card, name=WarbandCog.suggest_league)
    async def buy(self, interaction: discord.Interaction, creature: str, count: int | None = None,
                  name: str | None = None) -> None:
        await self.go(interaction, "campaign buy", creature=creature, count=count, name=name)

    @app_commands.command(**named("profile"))
    @described("profile")
    async def profile(self, interaction: discord.Interaction, user: str | None = None) -> None:
        await self.go(interaction, "profile", user=user)
