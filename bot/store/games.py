"""Games and their logs: a game's row and state snapshot, its seats, the action log and the
events of each action.

Each command that changes a game runs in ONE ``BEGIN IMMEDIATE`` transaction that checks the
game's version, appends the action and its events, saves the new engine state snapshot and
bumps the version. Either all of that is on disk or none of it is. A command built from a stale
read (someone else moved first) fails with :class:`VersionConflict` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core.text import _, commas
from bot.store.errors import (
    AlreadySeated,
    ChannelBusy,
    GameNotActive,
    NotFound,
    SeatTaken,
    StoreError,
    UniqueViolation,
    VersionConflict,
)
from bot.store.records import (
    ActionRecord,
    EventRecord,
    GameRecord,
    SeatRecord,
    action_from_row,
    event_from_row,
    game_from_row,
    seat_from_row,
)
from bot.store.base import Row, StoreBase
from bot.store.values import KEEP, as_id, check_status, event_row, json_text, optional_json


class Games(StoreBase):
    """Games, seats, actions and events. Every method that changes a game takes
    ``expected_version`` (the version the caller read) and checks it inside the same
    transaction, returning the new version. Methods that look a game up by id raise
    :class:`NotFound`; lookups by channel return None."""

    # A snapshot of the state every this many actions; an undo replays at most this many.
    snapshot_every: int = 100

    # ---- games: reads ----------------------------------------------------------------------

    async def game(self, game_id: int) -> GameRecord:
        """The game with this id; :class:`NotFound` if there is none."""
        row = await self._one("SELECT * FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise NotFound(_("There is no game #{id}.", id=game_id))
        return game_from_row(row)

    async def active_game(self, channel_id: str | int) -> GameRecord | None:
        """The game in progress in this channel, if any."""
        row = await self._one(
            "SELECT * FROM games WHERE channel_id = ? AND status = 'active'", (as_id(channel_id),)
        )
        return None if row is None else game_from_row(row)

    async def recent_games(self, channel_id: str | int, limit: int = 10) -> list[GameRecord]:
        """The channel's games, newest first, whatever their status."""
        rows = await self._all(
            "SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT ?",
            (as_id(channel_id), limit),
        )
        return [game_from_row(r) for r in rows]

    async def seats(self, game_id: int) -> list[SeatRecord]:
        """The game's seats in table order (empty if the game does not exist)."""
        rows = await self._all(
            "SELECT * FROM seats WHERE game_id = ? ORDER BY position", (game_id,)
        )
        return [seat_from_row(r) for r in rows]

    async def seat_of(self, game_id: int, user_id: str | int) -> SeatRecord | None:
        """The seat this player holds in the game, if any."""
        row = await self._one(
            "SELECT * FROM seats WHERE game_id = ? AND user_id = ?", (game_id, as_id(user_id))
        )
        return None if row is None else seat_from_row(row)

    async def actions(self, game_id: int, since_seq: int = 0) -> list[ActionRecord]:
        """The action log after ``since_seq`` (all of it by default), in the order applied."""
        rows = await self._all(
            "SELECT * FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, since_seq),
        )
        return [action_from_row(r) for r in rows]

    async def last_player_action(self, game_id: int) -> ActionRecord | None:
        """The latest action a seat took (automatic steps have no seat), or None."""
        row = await self._one(
            "SELECT * FROM actions WHERE game_id = ? AND seat_id IS NOT NULL ORDER BY seq DESC LIMIT 1",
            (game_id,),
        )
        return action_from_row(row) if row else None

    async def events(
        self, game_id: int, since_seq: int | None = None, limit: int | None = None
    ) -> list[EventRecord]:
        """Events of actions after ``since_seq`` in the order they happened.

        ``limit`` keeps the *latest* ``limit`` of them (still oldest first), which is what a
        "last 20 lines of the log" view wants: ``events(g, limit=20)``.
        """
        sql = "SELECT * FROM events WHERE game_id = ? AND action_seq > ?"
        params: list[Any] = [game_id, since_seq or 0]
        if limit is None:
            rows = await self._all(sql + " ORDER BY action_seq, idx", params)
        else:
            rows = await self._all(
                sql + " ORDER BY action_seq DESC, idx DESC LIMIT ?", [*params, limit]
            )
            rows.reverse()
        return [event_from_row(r) for r in rows]

    # ---- games: writes ---------------------------------------------------------------------

    async def create_game(
        self,
        channel_id: str | int,
        guild_id: str | int | None,
        ruleset: str,
        seed: int,
        options: Any,
        state_json: Any,
        created_by: str | int,
        seats: Iterable[tuple[str, str]],
        *,
        creator_seat: str | None = None,
        rules_version: int = 1,
    ) -> GameRecord:
        """Start a game at version 0 with its seats free (``creator_seat``: except that one,
        taken by the creator in the same transaction); :class:`ChannelBusy` if the channel
        already has an active game. ``rules_version``: the ruleset's rules version the game is
        started under (``Ruleset.rules_version``), kept with it for every replay."""
        channel = as_id(channel_id)
        seat_list = [(str(seat_id), str(name)) for seat_id, name in seats]
        ids = [seat_id for seat_id, _ in seat_list]
        if len(set(ids)) != len(ids):
            raise ValueError(f"seat ids must be distinct: {ids}")
        options_text = json_text({} if options is None else options)
        state_text = json_text(state_json)
        now = self._now()
        try:
            return await self._insert_game(channel, guild_id, ruleset, seed, options_text, state_text,
                                           created_by, seat_list, creator_seat, now, int(rules_version))
        except UniqueViolation as exc:
            if exc.constraint != "games_one_active_per_channel":
                raise
            # Another process started a game in this channel in the same instant.
            busy = await self._one(
                "SELECT id, ruleset FROM games WHERE channel_id = ? AND status = 'active'", (channel,))
            if busy is None:
                raise
            raise ChannelBusy(channel, busy["id"], busy["ruleset"]) from None

    async def _insert_game(self, channel: str | None, guild_id: Any, ruleset: str, seed: int,
                           options_text: str, state_text: str, created_by: Any,
                           seat_list: list[tuple[str, str]], creator_seat: str | None,
                           now: str, rules_version: int) -> GameRecord:
        async with self._write() as tx:
            busy = await self._fetchone(
                tx,
                "SELECT id, ruleset FROM games WHERE channel_id = ? AND status = 'active'",
                (channel,),
            )
            if busy is not None:
                raise ChannelBusy(channel, busy["id"], busy["ruleset"])
            inserted = await self._fetchone(
                tx,
                "INSERT INTO games (channel_id, guild_id, ruleset, seed, options, state,"
                " version, status, created_by, created_at, updated_at, rules_version)"
                " VALUES (?, ?, ?, ?, ?, ?, 0, 'active', ?, ?, ?, ?) RETURNING id",
                (channel, as_id(guild_id), ruleset, str(int(seed)), options_text, state_text,
                 as_id(created_by), now, now, rules_version),
            )
            game_id = inserted["id"]
            await tx.executemany(
                "INSERT INTO seats (game_id, seat_id, position, name) VALUES (?, ?, ?, ?)",
                [(game_id, seat_id, i, name) for i, (seat_id, name) in enumerate(seat_list)],
            )
            if creator_seat is not None:
                await self._claim(tx, game_id, creator_seat, as_id(created_by), now)
            row = await self._fetchone(tx, "SELECT * FROM games WHERE id = ?", (game_id,))
        return game_from_row(row)

    async def _checked_game(
        self,
        tx: Any,
        game_id: int,
        expected_version: int,
        *,
        must_be_active: bool = True,
    ) -> Row:
        """The game row, after checking it exists, is at ``expected_version`` and (by default)
        is still in progress. Call inside :meth:`_write`."""
        row = await self._fetchone(
            tx, "SELECT id, version, status, channel_id FROM games WHERE id = ?" + self._row_lock,
            (game_id,),
        )
        if row is None:
            raise NotFound(_("There is no game #{id}.", id=game_id))
        if row["version"] != expected_version:
            raise VersionConflict(game_id, expected_version, row["version"])
        if must_be_active and row["status"] != "active":
            raise GameNotActive(game_id, row["status"])
        return row

    async def _save_game(
        self,
        tx: Any,
        game_id: int,
        expected_version: int,
        now: str,
        **columns: Any,
    ) -> int:
        """Set ``columns`` on the game and bump its version; returns the new version."""
        assignments = "".join(f", {name} = ?" for name in columns)
        cursor = await tx.execute(
            f"UPDATE games SET version = version + 1, updated_at = ?{assignments}"
            " WHERE id = ? AND version = ?",
            (now, *columns.values(), game_id, expected_version),
        )
        # _checked_game ran in this same IMMEDIATE transaction, so this cannot miss.
        assert cursor.rowcount == 1, "game row changed inside its own write transaction"
        return expected_version + 1

    async def _append_action(
        self,
        tx: Any,
        game_id: int,
        seat_id: str | None,
        user_id: str | None,
        action_text: str,
        now: str,
        state_digest: str | None = None,
    ) -> int:
        """Append to the log with the next sequence number; returns that number."""
        row = await self._fetchone(
            tx,
            "SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM actions WHERE game_id = ?",
            (game_id,),
        )
        seq = row["next"]
        await tx.execute(
            "INSERT INTO actions (game_id, seq, seat_id, user_id, action, created_at, state_digest)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, seq, seat_id, user_id, action_text, now, state_digest),
        )
        return seq

    async def _append_events(
        self,
        tx: Any,
        game_id: int,
        seq: int,
        event_rows: list[tuple[str, str, str | None, str]],
    ) -> None:
        await tx.executemany(
            "INSERT INTO events (game_id, action_seq, idx, kind, text, seat_id, data)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(game_id, seq, idx, *row) for idx, row in enumerate(event_rows)],
        )

    async def commit_action(
        self,
        game_id: int,
        expected_version: int,
        seat_id: str | None,
        user_id: str | int | None,
        action_json: Any,
        events: Iterable[Any],
        new_state_json: Any,
        status: str | None = None,
        result_json: Any = None,
        *,
        pending_json: Any = KEEP,
        claim: tuple[str, str | int] | None = None,
        snapshot: bool = True,
        state_digest: str | None = None,
    ) -> int:
        """Record one applied action: log it with the next seq, store its events, save the new
        state and bump the version, all in one transaction. Returns the new version.

        ``status``/``result_json`` end the game in the same transaction (e.g. the winning
        blow). ``pending_json`` replaces the pending request (None clears it); by default it is
        left as it is. ``claim=(seat_id, user_id)`` seats a player in the same transaction
        (the join that fills the table and starts the game). Every :attr:`snapshot_every`
        actions the new state is also kept as a snapshot for undo (unless ``snapshot`` is
        False: a state waiting for an answer is no place to replay from). ``state_digest``: the
        digest of ``new_state_json`` (bot.fairness.state_digest), kept with the action for
        /game verify; an undo that drops the action drops it too. Raises :class:`VersionConflict`
        (nothing written) when the game is no longer at ``expected_version``,
        :class:`GameNotActive` when it is over.
        """
        if status is not None:
            check_status(status)
        action_text = json_text(action_json)
        event_rows = [event_row(event) for event in events]
        columns: dict[str, Any] = {"state": json_text(new_state_json)}
        if status is not None:
            columns["status"] = status
        if result_json is not None:
            columns["result"] = json_text(result_json)
        if pending_json is not KEEP:
            columns["pending"] = optional_json(pending_json)
        now = self._now()
        async with self._write() as tx:
            await self._checked_game(tx, game_id, expected_version)
            if claim is not None:
                await self._claim(tx, game_id, claim[0], as_id(claim[1]), now)
            seq = await self._append_action(
                tx, game_id, as_id(seat_id), as_id(user_id), action_text, now, state_digest
            )
            await self._append_events(tx, game_id, seq, event_rows)
            if snapshot and seq % self.snapshot_every == 0:
                await tx.execute("INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)",
                                 (game_id, seq, columns["state"]))
            return await self._save_game(tx, game_id, expected_version, now, **columns)

    async def nearest_snapshot(self, game_id: int, through_seq: int) -> tuple[int, str] | None:
        """The latest snapshot taken at or before action ``through_seq``, as (seq, state JSON)."""
        row = await self._one(
            "SELECT seq, state FROM snapshots WHERE game_id = ? AND seq <= ? ORDER BY seq DESC LIMIT 1",
            (game_id, through_seq),
        )
        return (row["seq"], row["state"]) if row else None

    async def rewrite_after_undo(
        self,
        game_id: int,
        expected_version: int,
        keep_through_seq: int,
        new_state_json: Any,
        *,
        pending_json: Any = None,
    ) -> int:
        """Drop every action after ``keep_through_seq`` (its events, any snapshot after it and
        its state digest go with it) and save the state replayed from what is kept; one
        transaction. Returns the new version.

        The pending request (normally the undo request that led here) is cleared unless
        ``pending_json`` says otherwise.
        """
        state_text = json_text(new_state_json)
        pending_text = optional_json(pending_json)
        now = self._now()
        async with self._write() as tx:
            await self._checked_game(tx, game_id, expected_version)
            row = await self._fetchone(
                tx,
                "SELECT COALESCE(MAX(seq), 0) AS last FROM actions WHERE game_id = ?",
                (game_id,),
            )
            last = row["last"]
            if not 0 <= keep_through_seq <= last:
                raise StoreError(
                    _("Game #{id} has {last} recorded actions; cannot go back to action {seq}.", id=game_id, last=last,
                      seq=keep_through_seq)
                )
            # Events and snapshots first: correct even if foreign keys were ever switched off.
            await tx.execute(
                "DELETE FROM events WHERE game_id = ? AND action_seq > ?",
                (game_id, keep_through_seq),
            )
            await tx.execute(
                "DELETE FROM snapshots WHERE game_id = ? AND seq > ?", (game_id, keep_through_seq)
            )
            await tx.execute(
                "DELETE FROM actions WHERE game_id = ? AND seq > ?", (game_id, keep_through_seq)
            )
            return await self._save_game(
                tx, game_id, expected_version, now, state=state_text, pending=pending_text
            )

    async def claim_seat(
        self, game_id: int, seat_id: str, user_id: str | int, expected_version: int
    ) -> int:
        """Seat the player; returns the new version. :class:`SeatTaken` if someone else sits
        there, :class:`AlreadySeated` if the player already has a seat in this game."""
        now = self._now()
        async with self._write() as tx:
            await self._checked_game(tx, game_id, expected_version)
            await self._claim(tx, game_id, seat_id, as_id(user_id), now)
            return await self._save_game(tx, game_id, expected_version, now)

    async def _claim(self, tx: Any, game_id: int, seat_id: str, user: str | None,
                     now: str) -> None:
        """Put ``user`` in ``seat_id`` inside the caller's write transaction."""
        seat = await self._fetchone(
            tx, "SELECT * FROM seats WHERE game_id = ? AND seat_id = ?", (game_id, seat_id)
        )
        if seat is None:
            async with tx.execute(
                "SELECT seat_id FROM seats WHERE game_id = ? ORDER BY position", (game_id,)
            ) as cursor:
                names = [r["seat_id"] for r in await cursor.fetchall()]
            raise NotFound(
                _("Game #{id} has no seat '{seat}'. Seats: {seats}.", id=game_id, seat=seat_id, seats=commas(names) or _("none"))
            )
        if seat["user_id"] is not None and seat["user_id"] != user:
            raise SeatTaken(game_id, seat_id, seat["name"])
        mine = await self._fetchone(
            tx,
            "SELECT seat_id, name FROM seats WHERE game_id = ? AND user_id = ?",
            (game_id, user),
        )
        if mine is not None:
            raise AlreadySeated(game_id, mine["seat_id"], mine["name"])
        await tx.execute(
            "UPDATE seats SET user_id = ?, joined_at = ? WHERE game_id = ? AND seat_id = ?",
            (user, now, game_id, seat_id),
        )

    async def name_judge(self, game_id: int, user_id: str | int, expected_version: int,
                         seat_id: str = "judge", name: str = "Judge") -> int:
        """Make ``user_id`` the game's judge: a seat of its own beside the players' (a new judge
        replaces the old); returns the new version. :class:`AlreadySeated` if the user plays
        in this game: a judge is nobody's player."""
        user, now = as_id(user_id), self._now()
        async with self._write() as tx:
            await self._checked_game(tx, game_id, expected_version)
            mine = await self._fetchone(
                tx, "SELECT seat_id, name FROM seats WHERE game_id = ? AND user_id = ? AND seat_id != ?",
                (game_id, user, seat_id),
            )
            if mine is not None:
                raise AlreadySeated(game_id, mine["seat_id"], mine["name"])
            await tx.execute(
                "INSERT INTO seats (game_id, seat_id, position, name, user_id, joined_at)"
                " VALUES (?, ?, (SELECT COALESCE(MAX(position), 0) + 1 FROM seats WHERE game_id = ?), ?, ?, ?)"
                " ON CONFLICT (game_id, seat_id) DO UPDATE SET user_id = excluded.user_id,"
                " joined_at = excluded.joined_at",
                (game_id, seat_id, game_id, name, user, now),
            )
            return await self._save_game(tx, game_id, expected_version, now)

    async def set_pending(self, game_id: int, expected_version: int, pending_json: Any) -> int:
        """Set (or with None clear) the game's pending request; returns the new version."""
        pending_text = optional_json(pending_json)
        now = self._now()
        async with self._write() as tx:
            await self._checked_game(tx, game_id, expected_version)
            return await self._save_game(tx, game_id, expected_version, now, pending=pending_text)

    async def set_status(
        self, game_id: int, expected_version: int, status: str, result_json: Any = None
    ) -> int:
        """Change the game's status (and result); returns the new version.

        Leaving 'active' clears any pending request. Going back to 'active' raises
        :class:`ChannelBusy` if the channel has started another game meanwhile.
        """
        check_status(status)
        result_text = optional_json(result_json)
        now = self._now()
        async with self._write() as tx:
            game = await self._checked_game(tx, game_id, expected_version, must_be_active=False)
            columns: dict[str, Any] = {"status": status, "result": result_text}
            if status == "active":
                busy = await self._fetchone(
                    tx,
                    "SELECT id, ruleset FROM games WHERE channel_id = ? AND status = 'active'"
                    " AND id != ?",
                    (game["channel_id"], game_id),
                )
                if busy is not None:
                    raise ChannelBusy(game["channel_id"], busy["id"], busy["ruleset"])
            else:
                columns["pending"] = None
            return await self._save_game(tx, game_id, expected_version, now, **columns)

    async def finish_game(
        self, game_id: int, expected_version: int, result_json: Any, status: str = "finished"
    ) -> int:
        """End the game with its result (``status='abandoned'`` for a game given up)."""
        if status == "active":
            raise ValueError("finish_game ends a game; use set_status to reopen one")
        return await self.set_status(game_id, expected_version, status, result_json)

