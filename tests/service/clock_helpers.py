"""Clocked games through the service, with a clock the test moves by hand (nothing sleeps): what
test_clocks and test_sharded_scheduler set up."""

from datetime import datetime, timedelta, timezone

from bot.commands import parse_line
from bot.service import Service
from bot.store import Store

ALICE, BOB, CAROL = "111", "222", "333"


class FakeClock:
    def __init__(self):
        self.now = datetime(2026, 3, 1, 12, tzinfo=timezone.utc)

    def __call__(self):
        return self.now

    def advance(self, **span):
        self.now += timedelta(**span)


async def open_service(target, clock: FakeClock, **options) -> tuple[Store, Service]:
    """The bot started (again) on the database ``target``, on ``clock``: its store and service."""
    store = await Store.open(target, clock=clock)
    return store, Service(store, seed_source=lambda: 4242, clock=clock, **options)


async def new_clocked_game(service: Service, settings: str = "clock=1d,timeout=claim", seed: int = 7,
                           channel: str = "chan", guild="g1"):
    """A D&D Miniatures quick game with the time control ``settings``, created by Alice and joined by
    Bob: its snapshot (record, ruleset, state)."""
    for user, line in ((ALICE, f"/game new ruleset:dnd-minis-quick seed:{seed} settings:{settings}"),
                       (BOB, "/game join")):
        reply = await service.handle(channel, user, parse_line(line), guild_id=guild)
        assert reply.error is None, reply.text
    return await service.game_snapshot(channel)
