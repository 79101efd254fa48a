"""Fair dice: each game's commitment to its seed (see :mod:`bot.fairness`); and the game's
living status message (see :mod:`bot.status`), the other record a game keeps of itself."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.base import StoreBase


@dataclass(frozen=True)
class Commitment:
    game_id: int
    salt: str
    digest: str
    seed_given: bool


class Fairness(StoreBase):
    async def save_commitment(self, game_id: int, salt: str, digest: str, seed_given: bool) -> None:
        async with self._write() as tx:
            await tx.execute("INSERT INTO commitments (game_id, salt, digest, seed_given) VALUES (?, ?, ?, ?)",
                             (game_id, salt, digest, int(seed_given)))

    async def commitment(self, game_id: int) -> Commitment | None:
        row = await self._one("SELECT * FROM commitments WHERE game_id = ?", (game_id,))
        if row is None:
            return None
        return Commitment(row["game_id"], row["salt"], row["digest"], bool(row["seed_given"]))


@dataclass(frozen=True)
class StatusMessage:
    game_id: int
    channel_id: str
    message_id: str
    board_url: str | None


class StatusMessages(StoreBase):
    async def status_message(self, game_id: int) -> StatusMessage | None:
        row = await self._one("SELECT * FROM status_messages WHERE game_id = ?", (game_id,))
        if row is None:
            return None
        return StatusMessage(row["game_id"], row["channel_id"], row["message_id"], row["board_url"])

    async def save_status_message(self, game_id: int, channel_id: str, message_id: str) -> None:
        async with self._write() as tx:
            await tx.execute(
                "INSERT INTO status_messages (game_id, channel_id, message_id) VALUES (?, ?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET channel_id = excluded.channel_id,"
                " message_id = excluded.message_id", (game_id, str(channel_id), str(message_id)))

    async def save_board_url(self, game_id: int, url: str) -> None:
        async with self._write() as tx:
            await tx.execute("UPDATE status_messages SET board_url = ? WHERE game_id = ?", (url, game_id))
