"""The Discord bot: one process, one SQLite store, one service, the Warband cogs.

``run_bot(settings)`` is what ``warband bot`` calls. Slash commands need no privileged
intents, so the bot asks for the default intents without message content.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import math
import os
import signal
from pathlib import Path

import discord
from discord import app_commands
from discord.ext import commands

from bot import health
from bot.config import Settings
from bot.i18n import LANGUAGES, po_files
from bot.discord.clicks import answer_click
from bot.discord.conan import ConanCog
from bot.discord.errors import answer_error
from bot.discord.creature import CreatureCog
from bot.discord.game import GameCog
from bot.discord.league import LeagueCog
from bot.discord.language import LanguageCog
from bot.discord.pbp import PostCog
from bot.discord.replies import post_to_channel
from bot.discord.status import refresh_status
from bot.discord.views import WarbandButton
from bot.discord.play import PlayCog
from bot.discord.roll import RollCog
from bot.discord.table import TableCog
from bot.discord.translator import WarbandTranslator
from bot.discord.warband import WarbandGroupCog
from bot.discord.army import ArmyGroupCog
from bot.scheduler import Scheduler
from bot.sharding import Shards
from bot.service import Service
from bot.store import Store

log = logging.getLogger(__name__)

COGS = (GameCog, RollCog, PlayCog, ConanCog, TableCog, WarbandGroupCog, CreatureCog, LeagueCog, PostCog, LanguageCog,
        ArmyGroupCog)


class WarbandTree(app_commands.CommandTree):
    """The command tree; every unexpected failure still gets an (ephemeral) answer."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await answer_error(interaction, error)


# Commands that mean something outside a server: your warbands and cards, dice, help, your
# reminder settings. Every other command belongs to a channel's game, so it is guild-only
# (a game in a DM is a game nobody can join).
ANYWHERE = frozenset({"roll", "card", "warband", "army", "help", "notify", "vacation", "language"})


def intents() -> discord.Intents:
    """Slash commands need only the guilds intent: no messages, members or presences."""
    return discord.Intents(guilds=True)


def no_prefix(bot: commands.Bot, message: discord.Message) -> list[str]:
    """No text commands at all (not even a mention): Warband speaks slash commands only."""
    return []


def tree_hash(tree: app_commands.CommandTree, guild_id: int | None) -> str:
    """A fingerprint of what a sync would send, to sync only when it changed."""
    body = [command.to_dict(tree) for command in tree.get_commands()]
    # The localised names and descriptions come from the catalogues: a changed translation
    # is a changed tree.
    words = [hashlib.sha256(p.read_bytes()).hexdigest() for lang in LANGUAGES for p in po_files(lang)]
    text = json.dumps({"guild": guild_id, "commands": body, "catalogues": words}, sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class WarbandBot(commands.Bot):
    """The bot. ``setup_hook`` runs once, after login and before the gateway connects."""

    def __init__(self, settings: Settings, *, sync: bool = True):
        # Shards: one process holds them all unless settings split them across processes
        # (then the bot is a ShardedWarbandBot, see bot_for).
        self.shard_plan = Shards.parse(settings.warband_shard_count, settings.warband_shard_ids)
        super().__init__(command_prefix=no_prefix, intents=intents(), tree_cls=WarbandTree,
                         help_command=None, allowed_mentions=discord.AllowedMentions.none(),
                         **(self.shard_plan.bot_options() if isinstance(self, commands.AutoShardedBot) else {}))
        self.settings = settings
        self.sync_commands = sync
        self.store: Store | None = None
        self.service: Service | None = None
        self.scheduler_task: asyncio.Task | None = None
        self.heartbeat_task: asyncio.Task | None = None

    async def answer_click(self, interaction: discord.Interaction, what: str, custom_id: str) -> None:
        """Answer a click on a Warband button (:class:`~bot.discord.views.WarbandButton` asks)."""
        await answer_click(interaction, what, custom_id)

    async def add_warband_cogs(self, service: Service) -> None:
        """Add every Warband cog (also used by the tests to build the same tree)."""
        self.service = service
        # Buttons posted before a restart keep working: a click is matched by its custom id.
        self.add_dynamic_items(WarbandButton)
        for cog in COGS:
            await self.add_cog(cog(service))
        await self.tree.set_translator(WarbandTranslator())
        guild_only = app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)
        for command in self.tree.get_commands():
            if command.name not in ANYWHERE:
                command.allowed_contexts = guild_only

    async def setup_hook(self) -> None:
        self._close_on_sigterm()
        self.store = await Store.open(self.settings.database)
        log.info("games are kept in %s", self.store.location)
        try:
            # Boards are drawn in worker processes, one per core: drawing holds Python's lock.
            await self.add_warband_cogs(Service(self.store, vacation_days=self.settings.warband_vacation_days,
                                                render_processes=os.cpu_count() or 1))
            if self.sync_commands:
                await self.sync_if_changed()
        except BaseException:
            # Whoever started us may never call close(): an open store's thread would keep the
            # process from exiting (#15 item 10).
            store, self.store = self.store, None
            await store.close()
            raise

    @property
    def hash_file(self) -> Path:
        db = Path(self.settings.warband_db)
        return db.with_name(db.name + ".commands.sha256")

    async def sync_if_changed(self) -> bool:
        """Sync the commands when the tree differs from the last one synced (a fingerprint kept
        beside the database). A failed sync is logged and the bot starts anyway: the commands
        Discord already has keep working, and `warband sync` can retry."""
        guild_id = self.settings.warband_dev_guild
        fingerprint = tree_hash(self.tree, guild_id)
        try:
            if self.hash_file.read_text(encoding="utf-8").strip() == fingerprint:
                log.info("slash commands unchanged since the last sync")
                return False
        except OSError:
            pass
        try:
            await self.sync_tree(guild_id)
        except Exception:
            log.exception("syncing the slash commands failed; starting with the commands Discord has")
            return False
        try:
            self.hash_file.write_text(fingerprint, encoding="utf-8")
        except OSError:
            log.warning("could not keep the commands' fingerprint in %s", self.hash_file)
        return True

    async def sync_tree(self, guild_id: int | None = None) -> None:
        """Register the slash commands: in a development guild at once (and remove the global
        ones a former global sync left, which would show twice), else globally (Discord may
        take a while to show global changes)."""
        if guild_id:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), guild.id)
            await self.http.bulk_upsert_global_commands(self.application_id, [])
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands", len(synced))

    def _close_on_sigterm(self) -> None:
        # `docker stop` sends SIGTERM: log out and close the store instead of dying mid-write.
        try:
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, lambda: asyncio.ensure_future(self.close()))
        except (NotImplementedError, RuntimeError):  # Windows, or not the main thread
            pass

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s) in %d servers", self.user, getattr(self.user, "id", "?"), len(self.guilds))
        if self.heartbeat_task is None:
            self.heartbeat_task = asyncio.create_task(self.keep_heartbeat())
        if self.scheduler_task is None and self.service is not None:
            # Started once connected, so its first pass (what fell due while down) can post.
            self.scheduler_task = asyncio.create_task(self.run_scheduler(Scheduler(self.service, shards=self.shard_plan)))

    def connected(self) -> bool:
        """Ready, not closed, and the gateway has answered a heartbeat (finite latency)."""
        return self.is_ready() and not self.is_closed() and math.isfinite(self.latency)

    async def keep_heartbeat(self) -> None:
        """Touch the heartbeat file while connected (``warband health`` reads it)."""
        while True:
            try:
                if self.connected():
                    health.beat(self.settings.warband_db)
                else:
                    health.lost(self.settings.warband_db)
            except OSError:
                log.warning("could not write the heartbeat file")
            await asyncio.sleep(health.BEAT_EVERY)

    async def on_disconnect(self) -> None:
        health.lost(self.settings.warband_db)

    async def run_scheduler(self, scheduler: Scheduler) -> None:
        async def post(channel_id: str, reply) -> None:
            await post_to_channel(self, channel_id, reply)
            channel = self.get_channel(int(channel_id))
            if channel is not None and self.service is not None:
                await refresh_status(self.service, channel, channel_id)

        await scheduler.run_forever(post)

    async def close(self) -> None:
        for task in (self.scheduler_task, self.heartbeat_task):
            if task is not None:
                task.cancel()
        self.scheduler_task = self.heartbeat_task = None
        health.lost(self.settings.warband_db)
        try:
            await super().close()
        finally:
            if self.store is not None:
                await self.store.close()
                self.store = None


async def sync_now(settings: Settings, guild_id: int | None) -> None:
    """``warband sync [--guild ID]``: log in, sync the commands, log out."""
    if settings.discord_token is None:
        raise SystemExit("DISCORD_TOKEN is not set.")
    bot = WarbandBot(settings, sync=False)
    try:
        await bot.login(settings.discord_token.get_secret_value())
        await bot.setup_hook()
        await bot.sync_tree(guild_id)
        bot.hash_file.write_text(tree_hash(bot.tree, guild_id), encoding="utf-8")
    finally:
        await bot.close()


class ShardedWarbandBot(WarbandBot, commands.AutoShardedBot):
    """The bot as one of several processes: discord.py's AutoShardedBot holding the shards
    WARBAND_SHARD_IDS names out of WARBAND_SHARD_COUNT (see bot.sharding)."""


def bot_for(settings: Settings) -> WarbandBot:
    """The bot these settings ask for: sharded across processes, or one process."""
    if settings.warband_shard_count is not None or settings.warband_shard_ids:
        return ShardedWarbandBot(settings)
    return WarbandBot(settings)


def run_bot(settings: Settings) -> None:
    """Run until stopped (Ctrl-C / SIGTERM). discord.py sets up its own logging unless the
    root logger already has handlers, which ``warband`` configured from WARBAND_LOG_LEVEL."""
    if settings.discord_token is None:
        raise SystemExit("DISCORD_TOKEN is not set.")
    bot = bot_for(settings)
    bot.run(settings.discord_token.get_secret_value(), log_handler=None if logging.getLogger().handlers else discord.utils.MISSING)
