"""Fair dice: each game's commitment to its seed (see :mod:`bot.fairness`)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.sqlite import SQLiteBase


@dataclass(frozen=True)
class Commitment:
    game_id: int
    salt: str
    digest: str
    seed_given: bool


class Fairness(SQLiteBase):
    async def save_commitment(self, game_id: int, salt: str, digest: str, seed_given: bool) -> None:
        async with self._write() as tx:
            await tx.execute("INSERT INTO commitments (game_id, salt, digest, seed_given) VALUES (?, ?, ?, ?)",
                             (game_id, salt, digest, int(seed_given)))

    async def commitment(self, game_id: int) -> Commitment | None:
        row = await self._one("SELECT * FROM commitments WHERE game_id = ?", (game_id,))
        if row is None:
            return None
        return Commitment(row["game_id"], row["salt"], row["digest"], bool(row["seed_given"]))
