"""Stat cards players uploaded (validated card JSON), kept for their warbands."""

from __future__ import annotations

from typing import Any

from bot.store.records import CardRecord, card_from_row
from bot.store.base import StoreBase
from bot.store.values import as_id, json_text


class Cards(StoreBase):
    """A player's uploaded cards, by card id."""

    async def save_card(self, user_id: str | int, card_id: str, name: str, data_json: Any) -> CardRecord:
        """Create or replace the player's uploaded card ``card_id``."""
        user, data_text, now = as_id(user_id), json_text(data_json), self._now()
        async with self._write() as tx:
            await tx.execute(
                "INSERT INTO user_cards (user_id, card_id, name, data, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (user_id, card_id) DO UPDATE SET name = excluded.name,"
                " data = excluded.data, updated_at = excluded.updated_at",
                (user, card_id, name, data_text, now, now),
            )
            row = await self._fetchone(
                tx, "SELECT * FROM user_cards WHERE user_id = ? AND card_id = ?", (user, card_id)
            )
        return card_from_row(row)

    async def cards(self, user_id: str | int) -> list[CardRecord]:
        """The player's uploaded cards, by id."""
        rows = await self._all("SELECT * FROM user_cards WHERE user_id = ? ORDER BY card_id", (as_id(user_id),))
        return [card_from_row(r) for r in rows]

    async def delete_card(self, user_id: str | int, card_id: str) -> bool:
        async with self._write() as tx:
            cursor = await tx.execute(
                "DELETE FROM user_cards WHERE user_id = ? AND card_id = ?", (as_id(user_id), card_id)
            )
            return cursor.rowcount > 0

