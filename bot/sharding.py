"""Which Discord shards this bot process holds, and so which servers' games are its own.

A bot in many servers splits its gateway connection into shards; Discord sends a server's
events to shard ``(guild_id >> 22) % shard_count``. Warband runs as one or several processes on
one shared database (PostgreSQL), each holding some shards (``WARBAND_SHARD_COUNT`` and
``WARBAND_SHARD_IDS``): a server's commands reach the process that holds its shard, and that
process's scheduler fires the reminders and time-outs of that server's games, so every game
has one process that posts for it. Games without a server (the console) belong to shard 0.

>>> shards = Shards.parse(count=4, ids="0,2")
>>> shards.shard_of(81384788765712384), shards.holds(81384788765712384)
(2, True)
>>> shards.shard_of(41771983427338241), shards.holds(41771983427338241)
(3, False)
>>> Shards.parse(count=4, ids="1-3").ids, Shards.parse(None, None).holds("anything")
(frozenset({1, 2, 3}), True)
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Shards:
    count: int | None = None  # None: one process, every shard (discord.py picks the count)
    ids: frozenset[int] | None = None  # None: all of them

    @classmethod
    def parse(cls, count: int | None, ids: str | None) -> Shards:
        """From settings: ``count`` shards in all, this process holding ``ids`` ("0,1" or "0-3")."""
        if ids in (None, ""):
            if count is not None and count < 1:
                raise ValueError("WARBAND_SHARD_COUNT must be at least 1")
            return cls(count, None)
        if count is None:
            raise ValueError("WARBAND_SHARD_IDS needs WARBAND_SHARD_COUNT (the total number of shards)")
        held: set[int] = set()
        for part in str(ids).split(","):
            first, _, last = part.strip().partition("-")
            try:
                low, high = int(first), int(last or first)
            except ValueError:
                raise ValueError(f"WARBAND_SHARD_IDS: {part.strip()!r} is not a shard number or range") from None
            held.update(range(low, high + 1))
        if not held or min(held) < 0 or max(held) >= count:
            raise ValueError(f"WARBAND_SHARD_IDS must name shards 0 to {count - 1}")
        return cls(count, frozenset(held))

    def shard_of(self, guild_id: str | int | None) -> int:
        """Discord's formula; games without a server (the console) are shard 0's."""
        if self.count is None or guild_id is None or not str(guild_id).isdigit():
            return 0
        return (int(guild_id) >> 22) % self.count

    def holds(self, guild_id: str | int | None) -> bool:
        return self.ids is None or self.shard_of(guild_id) in self.ids

    def bot_options(self) -> dict:
        """Keyword arguments for discord.py's AutoShardedBot."""
        options: dict = {}
        if self.count is not None:
            options["shard_count"] = self.count
        if self.ids is not None:
            options["shard_ids"] = sorted(self.ids)
        return options
