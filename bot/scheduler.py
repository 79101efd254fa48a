"""The scheduler: one loop that fires the reminders and time-outs kept in the store.

Deadlines are rows of the store's schedule (:mod:`bot.store.schedule`), written when a clock
starts (:mod:`bot.clocks`). Nothing lives only in memory: after a restart the first pass fires
whatever fell due while the bot was down. Each job is claimed in its own transaction before it
is acted on, so it fires once, whichever loop (or process) gets to it first.

The clock is injectable: tests and the console's ``/clock advance`` move time by hand and call
:meth:`Scheduler.run_due`, so nothing sleeps.

>>> async def demo(service, post):                                        # doctest: +SKIP
...     scheduler = Scheduler(service)
...     for channel_id, reply in await scheduler.run_due():
...         await post(channel_id, reply)
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
import re
from datetime import datetime, timedelta

from bot.reply import Reply
from bot.sharding import Shards

log = logging.getLogger(__name__)

Post = Callable[[str, Reply], Awaitable[None]]


class ShiftedClock:
    """A clock that reads another (the real one by default) plus a shift moved by hand: the
    console's ``/clock advance`` debug command, so a tester lives through days in seconds.

    >>> from datetime import timezone
    >>> clock = ShiftedClock(lambda: datetime(2026, 1, 1, tzinfo=timezone.utc))
    >>> clock.advance("1d12h")
    datetime.timedelta(days=1, seconds=43200)
    >>> clock().isoformat()
    '2026-01-02T12:00:00+00:00'
    """

    def __init__(self, base: Callable[[], datetime]):
        self.base = base
        self.shift = timedelta()

    def __call__(self) -> datetime:
        return self.base() + self.shift

    def advance(self, span: str) -> timedelta:
        parts = re.findall(r"(\d+)\s*([dhm])", span.lower())
        if not parts or re.sub(r"[\d\sdhm]", "", span.lower()):
            raise ValueError(f"{span!r} is not a time span; write e.g. 1d, 12h, 30m or 1d12h")
        step = timedelta()
        for amount, unit in parts:
            step += timedelta(**{{"d": "days", "h": "hours", "m": "minutes"}[unit]: int(amount)})
        self.shift += step
        return step


class Scheduler:
    """Fires due jobs through the service's clocks; ``clock`` defaults to the service's."""

    # A pass may start clocks whose jobs are already due (after a long outage); passes stop
    # after this many, the rest waits for the next tick.
    MAX_PASSES = 50

    def __init__(self, service, clock: Callable[[], datetime] | None = None, shards: Shards | None = None):
        self.service = service
        self.clock = clock or service.now
        # With several bot processes, each fires the jobs of the servers on its own shards (the
        # claim below would keep a job to one firing anyway; this keeps it to the right process).
        self.shards = shards or Shards()

    async def run_due(self) -> list[tuple[str, Reply]]:
        """Fire every job due now, oldest first; returns what to post, (channel id, reply)."""
        out: list[tuple[str, Reply]] = []
        for _ in range(self.MAX_PASSES):
            now = self.clock()
            jobs = await self.service.store.due_jobs(now)
            fired = 0
            for job in jobs:
                if not self.shards.holds(job.guild_id):
                    continue
                if not await self.service.store.claim_job(job.id, now):
                    continue  # another loop fired it, or the clock it belonged to moved on
                fired += 1
                try:
                    out.extend(await self.service.clocks.fire(job))
                except Exception:  # one broken game must not stop every other game's clock
                    log.exception("job %s of game %s failed", job.id, job.game_id)
            # A time-out may start the next seat's clock with a job already due (a long outage).
            if not fired:
                break
        return out

    async def run_forever(self, post: Post, every: float = 30.0) -> None:
        """The bot's loop: fire what is due, post it, sleep; never dies of one failure."""
        while True:
            try:
                for channel_id, reply in await self.run_due():
                    try:
                        await post(channel_id, reply)
                    except Exception:
                        log.exception("could not post a reminder to channel %s", channel_id)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("scheduler pass failed")
            await asyncio.sleep(every)
