"""Settings kept per server (``/server``) and per player (``/language``).

A server setting is a (guild, key, value) row, so a new key (a league's ``games-in``, the
``organiser-role``) needs an entry in :data:`SERVER_KEYS`, not a migration. A key never set
reads as None: its default is the code's.
"""

from __future__ import annotations

from bot.store.base import StoreBase
from bot.store.values import as_id

# The keys /server knows; the service checks each value.
SERVER_KEYS = ("language", "games_in", "organiser_role")


class Preferences(StoreBase):
    """Per-server settings and per-player settings (the language)."""

    async def server_settings(self, guild_id: str | int | None) -> dict[str, str]:
        if guild_id is None:
            return {}
        rows = await self._all("SELECT key, value FROM server_settings WHERE guild_id = ? ORDER BY key",
                               (as_id(guild_id),))
        return {r["key"]: r["value"] for r in rows}

    async def server_setting(self, guild_id: str | int | None, key: str) -> str | None:
        if guild_id is None:
            return None
        row = await self._one("SELECT value FROM server_settings WHERE guild_id = ? AND key = ?",
                              (as_id(guild_id), key))
        return None if row is None else row["value"]

    async def set_server_setting(self, guild_id: str | int, key: str, value: str | None,
                                 by: str | int | None = None) -> None:
        """Set ``key`` for the server; ``None`` forgets it (back to the default)."""
        if key not in SERVER_KEYS:
            raise ValueError(f"unknown server setting {key!r}")
        async with self._write() as tx:
            if value is None:
                await tx.execute("DELETE FROM server_settings WHERE guild_id = ? AND key = ?", (as_id(guild_id), key))
                return
            await tx.execute(
                "INSERT INTO server_settings (guild_id, key, value, updated_by, updated_at) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value,"
                " updated_by = excluded.updated_by, updated_at = excluded.updated_at",
                (as_id(guild_id), key, value, None if by is None else as_id(by), self._now()))

    async def user_language(self, user_id: str | int) -> str | None:
        row = await self._one("SELECT value FROM user_settings WHERE user_id = ? AND key = 'language'",
                              (as_id(user_id),))
        return None if row is None else row["value"]

    async def set_user_language(self, user_id: str | int, language: str | None) -> None:
        """The player's own language; ``None`` goes back to Discord's locale."""
        async with self._write() as tx:
            if language is None:
                await tx.execute("DELETE FROM user_settings WHERE user_id = ? AND key = 'language'", (as_id(user_id),))
                return
            await tx.execute("INSERT INTO user_settings (user_id, key, value, updated_at) VALUES (?, 'language', ?, ?)"
                             " ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value,"
                             " updated_at = excluded.updated_at", (as_id(user_id), language, self._now()))
