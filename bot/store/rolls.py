"""Free rolls: the /roll made outside any game, kept per channel."""

from __future__ import annotations

from typing import Any

from bot.store.records import FreeRollRecord, free_roll_from_row
from bot.store.base import StoreBase
from bot.store.values import as_id, json_text


class FreeRolls(StoreBase):
    """The free rolls of a channel."""

    async def log_free_roll(
        self,
        channel_id: str | int,
        guild_id: str | int | None,
        user_id: str | int,
        expression: str,
        result_json: Any,
    ) -> FreeRollRecord:
        """Record a /roll made outside any game."""
        now = self._now()
        result_text = json_text(result_json)
        async with self._write() as tx:
            row = await self._fetchone(
                tx,
                "INSERT INTO free_rolls (channel_id, guild_id, user_id, expression, result,"
                " created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING *",
                (as_id(channel_id), as_id(guild_id), as_id(user_id), expression, result_text, now),
            )
        return free_roll_from_row(row)

    async def free_rolls(self, channel_id: str | int, limit: int = 20) -> list[FreeRollRecord]:
        """The channel's latest free rolls, oldest first."""
        rows = await self._all(
            "SELECT * FROM free_rolls WHERE channel_id = ? ORDER BY id DESC LIMIT ?",
            (as_id(channel_id), limit),
        )
        return [free_roll_from_row(r) for r in reversed(rows)]
