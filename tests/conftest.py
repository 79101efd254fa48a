"""Fixtures every test folder shares: a real store in a temporary place, and the real service
over it (the real renderer too), exactly as the bot and the console use them.

The store is a SQLite file by default. With ``WARBAND_TEST_DATABASE=postgresql`` every test
that uses it runs on a real PostgreSQL server instead, started by the test session itself
(``bench/postgres_server.py``, shared with the load benchmark): the whole suite runs on either database with that one change.
Tests of the store's own contract run on both, always (``tests/bot/test_store_backends.py``).
"""

import os
from pathlib import Path

import pytest

from bench import postgres_server
from bot.service import Service
from bot.store import Store


def pytest_addoption(parser, pluginmanager):
    """pyproject's addopts ask for ``--numprocesses=auto`` (pytest-xdist, the test extra). Where
    xdist is not loaded (``-p no:xdist``, or pytest without the test extra) the option is still
    understood, and means what it does then: every test runs in this one process."""
    if not pluginmanager.hasplugin("xdist"):
        parser.addoption("--numprocesses", dest="numprocesses", default=None,
                         help="pytest-xdist is not loaded: ignored, the tests run in this process")


@pytest.hookimpl(trylast=True)  # after pytest groups the tests by their fixtures
def pytest_collection_modifyitems(config, items):
    """The tests marked ``slow`` (whole games, a minute or more each) run first, the rest after
    in their usual order. With a worker per core the short tests then fill in around the long
    ones; handed out last, one whole battle kept a single worker busy for a minute and a half
    after the other had finished. The order is the same in every worker (xdist needs that)."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)  # a stable sort


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config):
    """How many worker processes ``--numprocesses=auto`` starts: none (the tests run in this
    process) when the command line names only test files or single tests, whose few seconds
    would not repay each worker's start-up and whose output and ``--pdb`` work as usual; else
    None, for xdist's own count (one worker per core)."""
    named = [arg.split("::")[0] for arg in config.args]
    if named and config.args_source == pytest.Config.ArgsSource.ARGS \
            and all(Path(config.invocation_params.dir, arg).is_file() for arg in named):
        return 0
    return None


@pytest.fixture
def drawn_words(monkeypatch) -> list[str]:
    """Every string Pillow draws while the test runs, in order: what a board or card image says,
    read without reading pixels."""
    from PIL import ImageDraw

    drawn: list[str] = []
    real = ImageDraw.ImageDraw.text

    def text(self, xy, words, *args, **kwargs):
        drawn.append(words)
        return real(self, xy, words, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    return drawn


@pytest.fixture(scope="session")
def postgres():
    """A real PostgreSQL server for the whole session, started on first use.

    Where the server binaries are missing, the tests that need it are skipped on a developer's
    machine but fail in CI (``CI`` is set there), so they can never silently not run.
    """
    if not postgres_server.available():
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL server binaries are missing: .ci/run installs them")
        pytest.skip("PostgreSQL server binaries are missing (apt-get install postgresql)")
    server = postgres_server.start()
    yield server
    server.stop()


def store_target(request, tmp_path, name: str = "warband.sqlite3") -> str:
    """Where a test's store lives: a SQLite file, or a fresh PostgreSQL database."""
    if os.environ.get("WARBAND_TEST_DATABASE", "sqlite") == "postgresql":
        return request.getfixturevalue("postgres").new_database()
    return str(tmp_path / name)


@pytest.fixture
async def store(request, tmp_path):
    store = await Store.open(store_target(request, tmp_path))
    yield store
    await store.close()


@pytest.fixture
def service(store):
    """New games without a seed get 4242, so a test's dice are the same on every run."""
    return Service(store, seed_source=lambda: 4242)
