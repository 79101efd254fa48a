"""Fixtures every test folder shares: a real SQLite store in a temporary folder, and the
real service over it (the real renderer too), exactly as the bot and the console use them."""

import pytest

from bot.service import Service
from bot.store import Store


@pytest.fixture
async def store(tmp_path):
    store = await Store.open(tmp_path / "warband.sqlite3")
    yield store
    await store.close()


@pytest.fixture
def service(store):
    """New games without a seed get 4242, so a test's dice are the same on every run."""
    return Service(store, seed_source=lambda: 4242)
