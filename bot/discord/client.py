"""The Discord bot: one process, one SQLite store, one service, the Warband cogs.

``run_bot(settings)`` is what ``warband bot`` calls. Slash commands need no privileged
intents, so the bot asks for the default intents without message content.
"""

from __future__ import annotations

import asyncio
import logging
import signal

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Settings
from bot.discord.errors import answer_error
from bot.discord.game import GameCog
from bot.discord.play import PlayCog
from bot.discord.roll import RollCog
from bot.discord.warband import WarbandGroupCog
from bot.service import Service
from bot.store import Store

log = logging.getLogger(__name__)

COGS = (GameCog, RollCog, PlayCog, WarbandGroupCog)


class WarbandTree(app_commands.CommandTree):
    """The command tree; every unexpected failure still gets an (ephemeral) answer."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await answer_error(interaction, error)


def intents() -> discord.Intents:
    wanted = discord.Intents.default()
    wanted.message_content = False
    return wanted


class WarbandBot(commands.Bot):
    """The bot. ``setup_hook`` runs once, after login and before the gateway connects."""

    def __init__(self, settings: Settings, *, sync: bool = True):
        super().__init__(command_prefix=commands.when_mentioned, intents=intents(), tree_cls=WarbandTree,
                         help_command=None, allowed_mentions=discord.AllowedMentions.none())
        self.settings = settings
        self.sync_commands = sync
        self.store: Store | None = None
        self.service: Service | None = None

    async def add_warband_cogs(self, service: Service) -> None:
        """Add every Warband cog (also used by the tests to build the same tree)."""
        self.service = service
        for cog in COGS:
            await self.add_cog(cog(service))

    async def setup_hook(self) -> None:
        self._close_on_sigterm()
        self.store = await Store.open(self.settings.warband_db)
        log.info("games are kept in %s", self.settings.warband_db)
        try:
            await self.add_warband_cogs(Service(self.store))
            if self.sync_commands:
                await self.sync_tree()
        except BaseException:
            # Whoever started us may never call close(): an open store's thread would keep the
            # process from exiting (#15 item 10).
            store, self.store = self.store, None
            await store.close()
            raise

    async def sync_tree(self) -> None:
        """Register the slash commands: in the development guild at once, else globally
        (Discord may take a while to show global changes)."""
        if self.settings.warband_dev_guild:
            guild = discord.Object(id=self.settings.warband_dev_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), guild.id)
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

    async def close(self) -> None:
        try:
            await super().close()
        finally:
            if self.store is not None:
                await self.store.close()
                self.store = None


def run_bot(settings: Settings) -> None:
    """Run until stopped (Ctrl-C / SIGTERM). discord.py sets up its own logging unless the
    root logger already has handlers, which ``warband`` configured from WARBAND_LOG_LEVEL."""
    if settings.discord_token is None:
        raise SystemExit("DISCORD_TOKEN is not set.")
    bot = WarbandBot(settings)
    bot.run(settings.discord_token.get_secret_value(), log_handler=None if logging.getLogger().handlers else discord.utils.MISSING)
