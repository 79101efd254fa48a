"""Players' preferences kept across games (how to be reminded, vacation taken), the /nudge
record, and the inbox query (every game a player holds a seat in)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.store.records import GameRecord, game_from_row
from bot.store.schedule import iso, moment
from bot.store.base import StoreBase
from bot.store.values import as_id

NOTIFY_MODES = ("mention", "dm", "none")


@dataclass(frozen=True)
class UserRecord:
    user_id: str
    notify: str = "mention"
    vacation_year: int | None = None
    vacation_used: int = 0
    vacation_until: datetime | None = None


class Users(StoreBase):
    """Per-user preferences; a user never seen has the defaults."""

    async def user(self, user_id: str | int) -> UserRecord:
        row = await self._one("SELECT * FROM users WHERE user_id = ?", (as_id(user_id),))
        if row is None:
            return UserRecord(as_id(user_id))
        return UserRecord(row["user_id"], row["notify"], row["vacation_year"], row["vacation_used"],
                          moment(row["vacation_until"]))

    async def users(self, user_ids: list[str]) -> dict[str, UserRecord]:
        return {u: await self.user(u) for u in user_ids}

    async def set_notify(self, user_id: str | int, mode: str) -> None:
        if mode not in NOTIFY_MODES:
            raise ValueError(f"notify mode must be one of {NOTIFY_MODES}")
        async with self._write() as tx:
            await tx.execute("INSERT INTO users (user_id, notify) VALUES (?, ?)"
                             " ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify",
                             (as_id(user_id), mode))

    async def set_vacation(self, user_id: str | int, year: int, used: int, until: datetime) -> None:
        async with self._write() as tx:
            await tx.execute(
                "INSERT INTO users (user_id, vacation_year, vacation_used, vacation_until) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET vacation_year = excluded.vacation_year,"
                " vacation_used = excluded.vacation_used, vacation_until = excluded.vacation_until",
                (as_id(user_id), year, used, iso(until)))

    async def last_nudge(self, game_id: int, user_id: str | int) -> datetime | None:
        row = await self._one("SELECT at FROM nudges WHERE game_id = ? AND user_id = ?", (game_id, as_id(user_id)))
        return None if row is None else moment(row["at"])

    async def record_nudge(self, game_id: int, user_id: str | int, at: datetime) -> None:
        async with self._write() as tx:
            await tx.execute("INSERT INTO nudges (game_id, user_id, at) VALUES (?, ?, ?)"
                             " ON CONFLICT (game_id, user_id) DO UPDATE SET at = excluded.at",
                             (game_id, as_id(user_id), iso(at)))

    async def seated_games(self, user_id: str | int, guild_id: str | int | None) -> list[GameRecord]:
        """Games in progress in this server (None: outside any server) where the user holds a
        seat, newest first."""
        rows = await self._all(
            "SELECT g.* FROM games g JOIN seats s ON s.game_id = g.id"
            " WHERE s.user_id = ? AND g.status = 'active' AND g.guild_id IS ?"
            " ORDER BY g.id DESC", (as_id(user_id), as_id(guild_id)))
        return [game_from_row(r) for r in rows]

    async def running_clocks_of(self, user_id: str | int) -> list[tuple[int, str]]:
        """(game id, seat id) of every running clock of this user's seats in games in progress."""
        rows = await self._all(
            "SELECT c.game_id, c.seat_id FROM seat_clocks c"
            " JOIN seats s ON s.game_id = c.game_id AND s.seat_id = c.seat_id"
            " JOIN games g ON g.id = c.game_id"
            " WHERE s.user_id = ? AND g.status = 'active' AND c.running_since IS NOT NULL", (as_id(user_id),))
        return [(r["game_id"], r["seat_id"]) for r in rows]
