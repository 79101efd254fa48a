"""Fixtures for the Discord layer: a bot with the Warband cogs (never logged in), over either
a scripted service (the cogs' own behaviour) or the real service on a temporary SQLite store."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from bot.commands import Command
from bot.config import Settings
from bot.discord.client import WarbandBot
from bot.service import Reply


@dataclass
class ScriptedService:
    """Stands in for :class:`bot.service.Service`: records calls, answers from a script."""

    reply: Reply = field(default_factory=lambda: Reply(text="ok"))
    suggestions: list[str] = field(default_factory=list)
    fail: Exception | None = None
    calls: list[tuple[str, str, Command, Any]] = field(default_factory=list)
    autocompletes: list[tuple[str, str, str, str]] = field(default_factory=list)

    async def handle(self, channel_id, user_id, command: Command, guild_id=None) -> Reply:
        self.calls.append((str(channel_id), str(user_id), command, guild_id))
        if self.fail is not None:
            raise self.fail
        return self.reply

    async def autocomplete(self, channel_id, user_id, kind: str, current: str) -> list[str]:
        self.autocompletes.append((str(channel_id), str(user_id), kind, current))
        if self.fail is not None:
            raise self.fail
        return [s for s in self.suggestions if current.casefold() in s.casefold()]


async def make_bot(service) -> WarbandBot:
    bot = WarbandBot(Settings(discord_token=None, warband_dev_guild=None), sync=False)
    await bot.add_warband_cogs(service)
    return bot


@pytest.fixture
def scripted() -> ScriptedService:
    return ScriptedService()


@pytest.fixture
async def scripted_bot(scripted):
    bot = await make_bot(scripted)
    yield bot
    await bot.close()
