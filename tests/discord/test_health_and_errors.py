"""The Docker healthcheck follows the gateway connection; the error handler answers an
autocomplete request with choices; the image installs the locked versions."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import discord
from discord import app_commands
from packaging.requirements import Requirement

from bot import health
from bot.config import Settings
from bot.discord.client import WarbandBot
from bot.discord.errors import answer_error
from fake_discord import FakeInteraction

ROOT = Path(__file__).resolve().parents[2]


def test_health_fails_without_a_fresh_heartbeat(tmp_path):
    import sqlite3

    db = tmp_path / "warband.sqlite3"
    sqlite3.connect(db).execute("create table t (x)").connection.close()
    assert "no heartbeat" in health.check(db)
    health.beat(db)
    assert health.check(db) is None
    assert "gateway connection is lost" in health.check(db, now=time.time() + health.STALE_AFTER + 5)
    health.lost(db)
    assert "no heartbeat" in health.check(db)


def test_warband_health_exit_code(tmp_path):
    env = {**os.environ, "WARBAND_DB": str(tmp_path / "w.sqlite3"), "DISCORD_TOKEN": ""}
    run = subprocess.run([sys.executable, "-m", "bot", "health"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert run.returncode == 1 and "no heartbeat" in run.stdout


async def test_a_bot_that_is_not_connected_keeps_no_heartbeat(tmp_path):
    db = tmp_path / "w.sqlite3"
    health.beat(db)
    bot = WarbandBot(Settings(warband_db=db), sync=False)
    assert not bot.connected()
    await bot.on_disconnect()
    assert not health.heartbeat_path(db).exists()
    await bot.close()


async def test_an_autocomplete_error_is_answered_with_no_choices():
    interaction = FakeInteraction(1)
    interaction.type = discord.InteractionType.autocomplete
    await answer_error(interaction, app_commands.AppCommandError("boom"))
    assert interaction.response.autocompleted == [] and interaction.sent == []


def test_the_image_installs_the_locked_versions_which_satisfy_pyproject():
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert "pip install -r requirements.lock" in dockerfile and 'CMD ["warband", "health"]' in dockerfile
    pins = dict(re.findall(r"^([A-Za-z0-9_.-]+)==(\S+)$", (ROOT / "requirements.lock").read_text(), re.M))
    import tomllib

    for text in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]:
        requirement = Requirement(text)
        name = requirement.name.lower().replace("_", "-")
        assert name in pins, f"{name} is not locked"
        assert requirement.specifier.contains(pins[name], prereleases=True), f"{name}=={pins[name]} breaks {text}"
    # Whether the lock equals the versions installed here is not asserted: a fresh machine may
    # install newer versions that satisfy pyproject, and that is no fault of the code. Rewrite
    # the lock (python3 scripts/lock.py) when pyproject's dependencies change.
