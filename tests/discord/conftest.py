"""Fixtures for the Discord layer: a bot with the Warband cogs (never logged in), over either
a scripted service (the cogs' own behaviour) or the real service on a temporary SQLite store
(``bot``, over the ``service`` fixture every test folder shares)."""

from __future__ import annotations

import pytest

from fake_discord import ScriptedService, make_bot


@pytest.fixture
def scripted() -> ScriptedService:
    return ScriptedService()


@pytest.fixture
async def scripted_bot(scripted):
    bot = await make_bot(scripted)
    yield bot
    await bot.close()


@pytest.fixture
async def bot(service):
    bot = await make_bot(service)
    yield bot
    await bot.close()
