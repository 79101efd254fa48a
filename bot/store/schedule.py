"""Clocks and the schedule: each game's time control, each seat's clock, and the reminders and
time-outs waiting to fire (migrations/0003_schedule.sql).

The store only keeps these rows; :mod:`bot.clocks` decides when a clock runs and
:mod:`bot.scheduler` fires what fell due. A job is claimed in its own transaction before it is
acted on (:meth:`Schedule.claim_job`), so two loops, or a loop after a restart, never fire it
twice.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from bot.store.base import StoreBase
from bot.store.values import json_text, optional_json


def iso(moment: datetime | None) -> str | None:
    """The store's spelling of a time: UTC ISO 8601 with microseconds (compares as text).

    >>> iso(datetime(2026, 1, 2, 3, 4, 5, tzinfo=timezone.utc))
    '2026-01-02T03:04:05.000000+00:00'
    """
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc).isoformat(timespec="microseconds")


def moment(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


@dataclass(frozen=True)
class ClockRecord:
    """A game's time control."""

    game_id: int
    kind: str  # "move" or "bank"
    per_move_s: int | None
    bank_s: int | None
    increment_s: int
    timeout: str
    paused_at: datetime | None
    request: dict[str, Any] | None


@dataclass(frozen=True)
class SeatClock:
    """One seat's clock: running while ``running_since`` is set, out of time at ``deadline``."""

    game_id: int
    seat_id: str
    remaining_s: float
    running_since: datetime | None
    deadline: datetime | None
    timed_out_at: datetime | None

    @property
    def running(self) -> bool:
        return self.running_since is not None


@dataclass(frozen=True)
class Job:
    """A reminder ('half', 'late') or a time-out ('timeout') for one seat of one game."""

    id: int
    game_id: int
    seat_id: str
    kind: str
    due_at: datetime
    fired_at: datetime | None
    guild_id: str | None = None  # the game's server (read with due jobs, for sharding)


def _clock(row) -> ClockRecord:
    import json

    return ClockRecord(row["game_id"], row["kind"], row["per_move_s"], row["bank_s"], row["increment_s"],
                       row["timeout"], moment(row["paused_at"]),
                       None if row["request"] is None else json.loads(row["request"]))


def _seat_clock(row) -> SeatClock:
    return SeatClock(row["game_id"], row["seat_id"], row["remaining_s"], moment(row["running_since"]),
                     moment(row["deadline"]), moment(row["timed_out_at"]))


def _job(row) -> Job:
    return Job(row["id"], row["game_id"], row["seat_id"], row["kind"], moment(row["due_at"]),
               moment(row["fired_at"]), row["guild_id"] if "guild_id" in row.keys() else None)


class Schedule(StoreBase):
    """Clocks of games and seats, and the jobs that remind and time out."""

    async def create_clock(self, game_id: int, kind: str, *, per_move_s: int | None, bank_s: int | None,
                           increment_s: int, timeout: str, seat_ids: Iterable[str]) -> None:
        """Give a game its time control; every seat's clock starts stopped and full."""
        full = per_move_s if kind == "move" else bank_s
        async with self._write() as tx:
            await tx.execute(
                "INSERT INTO clocks (game_id, kind, per_move_s, bank_s, increment_s, timeout)"
                " VALUES (?, ?, ?, ?, ?, ?)", (game_id, kind, per_move_s, bank_s, increment_s, timeout))
            await tx.executemany(
                "INSERT INTO seat_clocks (game_id, seat_id, remaining_s) VALUES (?, ?, ?)",
                [(game_id, seat, float(full)) for seat in seat_ids])

    async def clock(self, game_id: int) -> ClockRecord | None:
        row = await self._one("SELECT * FROM clocks WHERE game_id = ?", (game_id,))
        return None if row is None else _clock(row)

    async def seat_clocks(self, game_id: int) -> list[SeatClock]:
        rows = await self._all(
            "SELECT c.* FROM seat_clocks c JOIN seats s ON s.game_id = c.game_id AND s.seat_id = c.seat_id"
            " WHERE c.game_id = ? ORDER BY s.position", (game_id,))
        return [_seat_clock(r) for r in rows]

    async def set_seat_clock(self, game_id: int, seat_id: str, *, remaining_s: float,
                             running_since: datetime | None, deadline: datetime | None,
                             timed_out_at: datetime | None = None,
                             jobs: Iterable[tuple[str, datetime]] = ()) -> None:
        """Save a seat's clock and replace its unfired jobs with ``jobs`` ((kind, due) pairs),
        in one transaction: a clock and its reminders never disagree."""
        async with self._write() as tx:
            await tx.execute(
                "UPDATE seat_clocks SET remaining_s = ?, running_since = ?, deadline = ?, timed_out_at = ?"
                " WHERE game_id = ? AND seat_id = ?",
                (max(0.0, float(remaining_s)), iso(running_since), iso(deadline), iso(timed_out_at),
                 game_id, seat_id))
            await tx.execute("DELETE FROM schedule WHERE game_id = ? AND seat_id = ? AND fired_at IS NULL",
                             (game_id, seat_id))
            await tx.executemany(
                "INSERT INTO schedule (game_id, seat_id, kind, due_at) VALUES (?, ?, ?, ?)",
                [(game_id, seat_id, kind, iso(due)) for kind, due in jobs])

    async def set_clock_pause(self, game_id: int, paused_at: datetime | None, request: Any = None) -> None:
        """Pause (a time) or resume (None) the game's clocks; ``request`` is a pending ask."""
        async with self._write() as tx:
            await tx.execute("UPDATE clocks SET paused_at = ?, request = ? WHERE game_id = ?",
                             (iso(paused_at), optional_json(request), game_id))

    async def set_clock_request(self, game_id: int, request: Any) -> None:
        async with self._write() as tx:
            await tx.execute("UPDATE clocks SET request = ? WHERE game_id = ?",
                             (None if request is None else json_text(request), game_id))

    async def due_jobs(self, now: datetime, limit: int = 100) -> list[Job]:
        """Unfired jobs due at ``now`` or before, oldest first (only of games in progress)."""
        rows = await self._all(
            "SELECT j.*, g.guild_id FROM schedule j JOIN games g ON g.id = j.game_id"
            " WHERE j.fired_at IS NULL AND j.due_at <= ? AND g.status = 'active'"
            " ORDER BY j.due_at, j.id LIMIT ?", (iso(now), limit))
        return [_job(r) for r in rows]

    async def jobs(self, game_id: int) -> list[Job]:
        """Every job of a game, fired or not, in due order (for status lines and tests)."""
        rows = await self._all("SELECT * FROM schedule WHERE game_id = ? ORDER BY due_at, id", (game_id,))
        return [_job(r) for r in rows]

    async def claim_job(self, job_id: int, now: datetime) -> bool:
        """Mark a job fired; False if it already was (or was withdrawn): then do nothing."""
        async with self._write() as tx:
            cursor = await tx.execute("UPDATE schedule SET fired_at = ? WHERE id = ? AND fired_at IS NULL",
                                      (iso(now), job_id))
            return cursor.rowcount == 1
