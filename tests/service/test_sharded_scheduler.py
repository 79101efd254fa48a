"""Several bot processes on one database: each holds some Discord shards, fires the reminders
and time-outs of its own servers' games, and every job fires exactly once however many
schedulers reach it at the same moment — on SQLite and on a real PostgreSQL server."""

import asyncio

import pytest

from bot.config import Settings
from bot.discord.client import ShardedWarbandBot, WarbandBot, bot_for
from bot.scheduler import Scheduler
from bot.sharding import Shards

from clock_helpers import FakeClock, new_clocked_game, open_service

GUILD_ON_SHARD_1 = 41771983427338241  # (id >> 22) % 2 == 1


@pytest.fixture(params=["sqlite", "postgresql"])
def target(request, tmp_path):
    if request.param == "postgresql":
        return request.getfixturevalue("postgres").new_database()
    return str(tmp_path / "warband.sqlite3")


async def two_processes(target, clock, shards_one=None, shards_two=None):
    one, first = await open_service(target, clock)
    two, second = await open_service(target, clock)
    return (one, two), Scheduler(first, shards=shards_one), Scheduler(second, shards=shards_two), first


async def test_a_due_job_fires_once_when_two_processes_reach_it_together(target):
    clock = FakeClock()
    stores, a, b, service = await two_processes(target, clock)
    try:
        await new_clocked_game(service, guild=GUILD_ON_SHARD_1)
        clock.advance(hours=13)  # the half-time reminder is due
        fired = await asyncio.gather(a.run_due(), b.run_due())
        assert sorted(len(posted) for posted in fired) == [0, 1]
        assert await a.run_due() == [] and await b.run_due() == []
        clock.advance(hours=12)  # the time-out is due
        fired = await asyncio.gather(a.run_due(), b.run_due())
        assert sum(len(posted) for posted in fired) == 1
    finally:
        for store in stores:
            await store.close()


async def test_each_process_fires_the_jobs_of_its_own_shards(target):
    clock = FakeClock()
    stores, shard_0, shard_1, service = await two_processes(
        target, clock, Shards.parse(2, "0"), Shards.parse(2, "1"))
    try:
        await new_clocked_game(service, guild=GUILD_ON_SHARD_1)
        clock.advance(hours=13)
        assert await shard_0.run_due() == []  # not its server: left for the process that holds it
        posted = await shard_1.run_due()
        assert len(posted) == 1 and "left" in posted[0][1].text
    finally:
        for store in stores:
            await store.close()


def test_shard_settings_are_checked():
    assert Shards.parse(4, "0-1,3").ids == frozenset({0, 1, 3})
    for count, ids, message in ((None, "0", "needs WARBAND_SHARD_COUNT"), (2, "2", "0 to 1"),
                                (2, "x", "not a shard"), (0, None, "at least 1")):
        with pytest.raises(ValueError, match=message):
            Shards.parse(count, ids)


def test_the_bot_connects_with_the_shards_it_holds(tmp_path):
    bot = bot_for(Settings(warband_db=tmp_path / "w.sqlite3", warband_shard_count=4, warband_shard_ids="2,3"))
    assert isinstance(bot, ShardedWarbandBot) and (bot.shard_count, bot.shard_ids) == (4, [2, 3])
    single = bot_for(Settings(warband_db=tmp_path / "w.sqlite3"))
    assert type(single) is WarbandBot and single.shard_plan.holds(12345)
