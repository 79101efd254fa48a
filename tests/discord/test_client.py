"""The bot's start-up and shutdown, without logging in: setup_hook opens the store, adds the
cogs and syncs the tree (the real ``tree.sync`` with discord.py's HTTP request recorded, so the
exact PUT body is validated against Discord's schema); close() closes the store."""

from __future__ import annotations

import pytest

from bot.commands import COMMANDS
from pydantic import SecretStr

import bot.discord.client as client
from bot.config import Settings
from bot.discord.client import WarbandBot, intents
from bot.store import StoreError
from discord_api import BULK_OVERWRITE_COMMANDS, GUILD_BULK_OVERWRITE_COMMANDS, errors, request_validator
from fake_discord import APPLICATION_ID

DEV_GUILD = 1600000000000000006


def record_http(bot, monkeypatch) -> list[tuple[str, str, object]]:
    """Replace the bot's REST client's single request method with a recorder."""
    sent = []

    async def request(route, **kwargs):
        sent.append((route.method, route.path, kwargs.get("json")))
        return []  # Discord answers a bulk overwrite with the commands; none needed here

    monkeypatch.setattr(bot.http, "request", request)
    bot._connection.application_id = APPLICATION_ID
    return sent


@pytest.mark.parametrize("dev_guild, operation", [(None, BULK_OVERWRITE_COMMANDS),
                                                   (DEV_GUILD, GUILD_BULK_OVERWRITE_COMMANDS)])
async def test_setup_hook_opens_the_store_adds_the_cogs_and_syncs(tmp_path, monkeypatch, dev_guild, operation):
    db = tmp_path / "warband.sqlite3"
    bot = WarbandBot(Settings(warband_db=db, warband_dev_guild=dev_guild))
    sent = record_http(bot, monkeypatch)
    await bot.setup_hook()
    try:
        assert db.exists() and bot.store is not None and bot.service is not None
        assert set(bot.cogs) == {"GameCog", "RollCog", "PlayCog", "ConanCog", "TableCog", "WarbandGroupCog",
                                 "CreatureCog", "LeagueCog", "PostCog", "LanguageCog", "ArmyGroupCog"}
        (method, path, body), *cleanup = sent
        assert (method, path) == operation, "guild sync while developing, global otherwise"
        if dev_guild:  # the global commands a former global sync left are removed
            assert [(m, p, b) for m, p, b in cleanup] == [("PUT", BULK_OVERWRITE_COMMANDS[1], [])]
        else:
            assert cleanup == []
        top_level = {spec.group or spec.name for spec in COMMANDS}
        assert sorted(c["name"] for c in body) == sorted(top_level)
        assert errors(request_validator(*operation), body) == []
    finally:
        store = bot.store
        await bot.close()
    assert bot.store is None
    with pytest.raises(StoreError, match="closed"):
        await store.active_game("x")


async def test_no_privileged_intents():
    wanted = intents()
    assert not wanted.message_content and not wanted.members and not wanted.presences
    assert wanted.guilds


def test_run_bot_passes_the_token(monkeypatch):
    seen = {}

    def fake_run(self, token, **kwargs):
        seen["token"] = token
        seen["bot"] = self

    monkeypatch.setattr(client.WarbandBot, "run", fake_run)
    client.run_bot(Settings(discord_token=SecretStr("abc.def")))
    assert seen["token"] == "abc.def" and isinstance(seen["bot"], WarbandBot)
    with pytest.raises(SystemExit):
        client.run_bot(Settings(discord_token=None))


async def test_sync_only_when_the_tree_changed_and_a_failed_sync_never_stops_start_up(tmp_path, monkeypatch):
    db = tmp_path / "warband.sqlite3"
    first = WarbandBot(Settings(warband_db=db))
    sent = record_http(first, monkeypatch)
    await first.setup_hook()
    await first.close()
    assert len(sent) == 1
    again = WarbandBot(Settings(warband_db=db))
    sent = record_http(again, monkeypatch)
    await again.setup_hook()  # same commands: nothing sent
    await again.close()
    assert sent == []

    (tmp_path / "warband.sqlite3.commands.sha256").write_text("stale")
    broken = WarbandBot(Settings(warband_db=db))
    broken._connection.application_id = APPLICATION_ID

    async def refuse(route, **kwargs):
        raise RuntimeError("Discord is down")

    monkeypatch.setattr(broken.http, "request", refuse)
    await broken.setup_hook()  # logged, not raised
    try:
        assert broken.service is not None
        assert (tmp_path / "warband.sqlite3.commands.sha256").read_text() == "stale", "retried next start"
    finally:
        await broken.close()


async def test_game_commands_are_guild_only_and_there_is_no_text_prefix(tmp_path, monkeypatch):
    bot = WarbandBot(Settings(warband_db=tmp_path / "w.sqlite3"))
    sent = record_http(bot, monkeypatch)
    await bot.setup_hook()
    try:
        [(_, _, body)] = sent
        contexts = {c["name"]: c.get("contexts") for c in body}
        assert contexts["game"] == [0] and contexts["move"] == [0] and contexts["games"] == [0]
        assert contexts["roll"] is None and contexts["warband"] is None and contexts["help"] is None
        assert client.no_prefix(bot, None) == []
    finally:
        await bot.close()


def test_only_the_guilds_intent():
    assert intents() == client.discord.Intents(guilds=True)


async def test_a_failed_start_closes_the_store(tmp_path, monkeypatch):
    """#15 item 10: a start that fails after the store is open (here adding the cogs; a failed command sync is only logged) closes it,
    so aiosqlite's thread can't keep the process alive."""
    bot = WarbandBot(Settings(warband_db=tmp_path / "warband.sqlite3"))
    record_http(bot, monkeypatch)
    opened = []
    real_open = client.Store.open

    async def open_and_remember(path):
        opened.append(await real_open(path))
        return opened[-1]

    async def cogs_fail(service):
        raise RuntimeError("a cog failed to load")

    monkeypatch.setattr(client.Store, "open", open_and_remember)
    monkeypatch.setattr(bot, "add_warband_cogs", cogs_fail)
    with pytest.raises(RuntimeError):
        await bot.setup_hook()
    assert bot.store is None
    with pytest.raises(StoreError, match="closed"):
        await opened[0].active_game("x")
