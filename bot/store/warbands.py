"""Players' saved warband rosters."""

from __future__ import annotations

from typing import Any

from bot.store.errors import StoreError
from engine.core.text import _
from bot.store.records import WarbandRecord, warband_from_row
from bot.store.base import StoreBase
from bot.store.values import as_id, json_text


class Warbands(StoreBase):
    """A player's warbands, by name (names ignore case)."""

    async def save_warband(
        self, user_id: str | int, name: str, edition: str, data_json: Any
    ) -> WarbandRecord:
        """Create or replace the player's warband called ``name`` (names ignore case; the
        latest spelling wins)."""
        name = name.strip()
        if not name:
            raise StoreError(_("A warband needs a name."))
        user = as_id(user_id)
        data_text = json_text(data_json)
        now = self._now()
        async with self._write() as tx:
            await tx.execute(
                "INSERT INTO warbands (user_id, name, edition, data, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (user_id, name) DO UPDATE SET name = excluded.name,"
                " edition = excluded.edition, data = excluded.data,"
                " updated_at = excluded.updated_at",
                (user, name, edition, data_text, now, now),
            )
            row = await self._fetchone(
                tx, "SELECT * FROM warbands WHERE user_id = ? AND name = ?", (user, name)
            )
        return warband_from_row(row)

    async def warband(self, user_id: str | int, name: str) -> WarbandRecord | None:
        """The player's warband of that name (any case), if saved."""
        row = await self._one(
            "SELECT * FROM warbands WHERE user_id = ? AND name = ?", (as_id(user_id), name.strip())
        )
        return None if row is None else warband_from_row(row)

    async def warbands(self, user_id: str | int) -> list[WarbandRecord]:
        """The player's warbands, by name."""
        rows = await self._all(
            "SELECT * FROM warbands WHERE user_id = ? ORDER BY name", (as_id(user_id),)
        )
        return [warband_from_row(r) for r in rows]

    async def delete_warband(self, user_id: str | int, name: str) -> bool:
        """Delete the player's warband; False if there was none of that name."""
        async with self._write() as tx:
            cursor = await tx.execute(
                "DELETE FROM warbands WHERE user_id = ? AND name = ?", (as_id(user_id), name.strip())
            )
            return cursor.rowcount > 0

