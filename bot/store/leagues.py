"""Leagues: a league's row, its players, its matches (each linked to the game its pairing
opened), its log, and the ratings every finished game updates.

Every change to a league runs in ONE ``BEGIN IMMEDIATE`` transaction (:meth:`Leagues.commit_league`)
that checks the version the caller read and bumps it: the league's columns, its players, new and
reported matches and the log lines of the change land together or not at all, and a change built
on a stale read fails with :class:`LeagueConflict`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bot.store.errors import NotFound, StoreError
from engine.core.text import _
from bot.store.base import Row, StoreBase
from bot.store.values import as_id, json_text, optional_json


class LeagueConflict(StoreError):
    """The league changed between reading it and writing the command's result."""

    def __init__(self, name: str) -> None:
        super().__init__(f"League {name} changed while your command was on its way; nothing was changed. "
                         "Look again and repeat it if it still makes sense.")


class LeagueNameTaken(StoreError):
    def __init__(self, name: str) -> None:
        super().__init__(f"This server already has a league called {name} that is not closed. Pick another name.")


@dataclass
class LeagueRecord:
    id: int
    guild_id: str
    name: str
    season: int
    ruleset: str
    settings: dict[str, Any]
    status: str
    round: int
    ladder: list[str] | None
    channel_id: str
    created_by: str
    version: int
    created_at: str


@dataclass
class LeaguePlayerRecord:
    user_id: str
    position: int
    status: str
    roster: dict[str, Any] | None
    joined_at: str


@dataclass
class LeagueMatchRecord:
    id: int
    league_id: int
    round: int
    table: int
    players: list[str]
    result: dict[str, Any] | None
    game_id: int | None
    channel_id: str | None


@dataclass
class LeagueLogRecord:
    seq: int
    user_id: str | None
    kind: str
    text: str
    data: dict[str, Any]
    created_at: str


@dataclass
class RatingRecord:
    user_id: str
    ruleset: str
    mu: float
    sigma: float
    games: int
    wins: int


@dataclass
class LeagueChange:
    """Everything one league command changes, written in one transaction."""

    columns: dict[str, Any] = field(default_factory=dict)     # status, round, ladder, settings
    join: list[tuple[str, dict | None]] = field(default_factory=list)   # (user, roster)
    leave: list[str] = field(default_factory=list)
    player_status: dict[str, str] = field(default_factory=dict)
    rosters: dict[str, dict] = field(default_factory=dict)
    new_matches: list[dict[str, Any]] = field(default_factory=list)     # round, table, players, game_id...
    results: dict[int, dict[str, Any]] = field(default_factory=dict)    # match id -> result
    log: list[tuple[str | None, str, str, dict]] = field(default_factory=list)  # (user, kind, text, data)


def _league(row: Row) -> LeagueRecord:
    return LeagueRecord(row["id"], row["guild_id"], row["name"], row["season"], row["ruleset"],
                        json.loads(row["settings"]), row["status"], row["round"],
                        json.loads(row["ladder"]) if row["ladder"] else None, row["channel_id"],
                        row["created_by"], row["version"], row["created_at"])


def _match(row: Row) -> LeagueMatchRecord:
    return LeagueMatchRecord(row["id"], row["league_id"], row["round"], row["tbl"], json.loads(row["players"]),
                             json.loads(row["result"]) if row["result"] else None, row["game_id"],
                             row["channel_id"])


class Leagues(StoreBase):
    """Leagues per server (guild), by name (names ignore case)."""

    # ---- reads -------------------------------------------------------------------------------

    async def league(self, league_id: int) -> LeagueRecord:
        row = await self._one("SELECT * FROM leagues WHERE id = ?", (league_id,))
        if row is None:
            raise NotFound(_("There is no league #{id}.", id=league_id))
        return _league(row)

    async def leagues(self, guild_id: str | int, *, include_closed: bool = True) -> list[LeagueRecord]:
        """The server's leagues, newest first."""
        sql = "SELECT * FROM leagues WHERE guild_id = ?"
        if not include_closed:
            sql += " AND status != 'closed'"
        rows = await self._all(sql + " ORDER BY id DESC", (as_id(guild_id),))
        return [_league(r) for r in rows]

    async def league_named(self, guild_id: str | int, name: str) -> LeagueRecord | None:
        """The league of that name: the one not closed, else its latest season."""
        row = await self._one(
            "SELECT * FROM leagues WHERE guild_id = ? AND name = ? ORDER BY status = 'closed', season DESC LIMIT 1",
            (as_id(guild_id), name.strip()))
        return None if row is None else _league(row)

    async def league_players(self, league_id: int) -> list[LeaguePlayerRecord]:
        rows = await self._all("SELECT * FROM league_players WHERE league_id = ? ORDER BY position", (league_id,))
        return [LeaguePlayerRecord(r["user_id"], r["position"], r["status"],
                                   json.loads(r["roster"]) if r["roster"] else None, r["joined_at"]) for r in rows]

    async def league_matches(self, league_id: int) -> list[LeagueMatchRecord]:
        rows = await self._all("SELECT * FROM league_matches WHERE league_id = ? ORDER BY round, tbl", (league_id,))
        return [_match(r) for r in rows]

    async def match_of_game(self, game_id: int) -> LeagueMatchRecord | None:
        """The league pairing that opened this game, if any."""
        row = await self._one("SELECT * FROM league_matches WHERE game_id = ?", (game_id,))
        return None if row is None else _match(row)

    async def league_log(self, league_id: int) -> list[LeagueLogRecord]:
        rows = await self._all("SELECT * FROM league_log WHERE league_id = ? ORDER BY seq", (league_id,))
        return [LeagueLogRecord(r["seq"], r["user_id"], r["kind"], r["text"], json.loads(r["data"]), r["created_at"])
                for r in rows]

    async def ratings(self, user_id: str | int) -> list[RatingRecord]:
        rows = await self._all("SELECT * FROM ratings WHERE user_id = ? ORDER BY ruleset", (as_id(user_id),))
        return [RatingRecord(r["user_id"], r["ruleset"], r["mu"], r["sigma"], r["games"], r["wins"]) for r in rows]

    async def ratings_of(self, ruleset: str, user_ids: list[str]) -> dict[str, RatingRecord]:
        out: dict[str, RatingRecord] = {}
        for user in user_ids:
            row = await self._one("SELECT * FROM ratings WHERE user_id = ? AND ruleset = ?", (as_id(user), ruleset))
            if row is not None:
                out[user] = RatingRecord(row["user_id"], row["ruleset"], row["mu"], row["sigma"], row["games"],
                                         row["wins"])
        return out

    async def is_rated(self, game_id: int) -> bool:
        return await self._one("SELECT 1 FROM rated_games WHERE game_id = ?", (game_id,)) is not None

    # ---- writes ------------------------------------------------------------------------------

    async def create_league(self, guild_id: str | int, name: str, ruleset: str, settings: Any,
                            channel_id: str | int, created_by: str | int) -> LeagueRecord:
        """A new league open for sign-up; the next season when a closed league had the name;
        :class:`LeagueNameTaken` while a league of that name is not closed."""
        name, guild, now = name.strip(), as_id(guild_id), self._now()
        async with self._write() as tx:
            rows = await self._fetchall(tx, "SELECT status, season FROM leagues WHERE guild_id = ? AND name = ?", (guild, name))
            if any(r["status"] != "closed" for r in rows):
                raise LeagueNameTaken(name)
            season = max((r["season"] for r in rows), default=0) + 1
            inserted = await self._fetchone(
                tx,
                "INSERT INTO leagues (guild_id, name, season, ruleset, settings, channel_id, created_by,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (guild, name, season, ruleset, json_text(settings), as_id(channel_id), as_id(created_by), now, now))
            league_id = inserted["id"]
            await self._log(tx, league_id, [(as_id(created_by), "create", f"League {name} (season {season}) created.",
                                             {"ruleset": ruleset})], now)
            row = await self._fetchone(tx, "SELECT * FROM leagues WHERE id = ?", (league_id,))
        return _league(row)

    async def commit_league(self, league_id: int, expected_version: int, change: LeagueChange) -> int:
        """Write one league command's whole change after checking the version; returns the
        new version."""
        now = self._now()
        async with self._write() as tx:
            row = await self._fetchone(tx, "SELECT name, version FROM leagues WHERE id = ?" + self._row_lock,
                                       (league_id,))
            if row is None:
                raise NotFound(_("There is no league #{id}.", id=league_id))
            if row["version"] != expected_version:
                raise LeagueConflict(row["name"])
            columns = dict(change.columns)
            if "ladder" in columns:
                columns["ladder"] = optional_json(columns["ladder"])
            if "settings" in columns:
                columns["settings"] = json_text(columns["settings"])
            assignments = "".join(f", {name} = ?" for name in columns)
            await tx.execute(f"UPDATE leagues SET version = version + 1, updated_at = ?{assignments} WHERE id = ?",
                             (now, *columns.values(), league_id))
            for user, roster in change.join:
                nxt = await self._fetchone(
                    tx, "SELECT COALESCE(MAX(position), 0) + 1 AS n FROM league_players WHERE league_id = ?",
                    (league_id,))
                await tx.execute(
                    "INSERT INTO league_players (league_id, user_id, position, roster, joined_at) VALUES (?, ?, ?, ?, ?)",
                    (league_id, as_id(user), nxt["n"], optional_json(roster), now))
            for user in change.leave:
                await tx.execute("DELETE FROM league_players WHERE league_id = ? AND user_id = ?", (league_id, user))
            for user, status in change.player_status.items():
                await tx.execute("UPDATE league_players SET status = ? WHERE league_id = ? AND user_id = ?",
                                 (status, league_id, user))
            for user, roster in change.rosters.items():
                await tx.execute("UPDATE league_players SET roster = ? WHERE league_id = ? AND user_id = ?",
                                 (json_text(roster), league_id, user))
            for m in change.new_matches:
                await tx.execute(
                    "INSERT INTO league_matches (league_id, round, tbl, players, result, game_id, channel_id,"
                    " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (league_id, m["round"], m["table"], json_text(m["players"]), optional_json(m.get("result")),
                     m.get("game_id"), as_id(m.get("channel_id")), now))
            for match_id, result in change.results.items():
                cursor = await tx.execute(
                    "UPDATE league_matches SET result = ? WHERE id = ? AND league_id = ? AND result IS NULL",
                    (json_text(result), match_id, league_id))
                if cursor.rowcount != 1:
                    raise StoreError(_("That match already has its result; a result is never recorded twice."))
            await self._log(tx, league_id, change.log, now)
        return expected_version + 1

    async def _log(self, tx, league_id: int, lines: list[tuple[str | None, str, str, dict]], now: str) -> None:
        if not lines:
            return
        row = await self._fetchone(tx, "SELECT COALESCE(MAX(seq), 0) AS s FROM league_log WHERE league_id = ?",
                                   (league_id,))
        seq = row["s"]
        for user, kind, text, data in lines:
            seq += 1
            await tx.execute(
                "INSERT INTO league_log (league_id, seq, user_id, kind, text, data, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)", (league_id, seq, as_id(user), kind, text, json_text(data), now))

    async def record_ratings(self, game_id: int, ruleset: str, ratings: dict[str, tuple[float, float, int, int]]) -> bool:
        """Save the ratings a finished game produced, once per game; False if it was rated already."""
        now = self._now()
        async with self._write() as tx:
            # ON CONFLICT: two processes seeing the same game end at once rate it once.
            if await self._fetchone(tx, "INSERT INTO rated_games (game_id, rated_at) VALUES (?, ?)"
                                        " ON CONFLICT (game_id) DO NOTHING RETURNING game_id", (game_id, now)) is None:
                return False
            for user, (mu, sigma, games, wins) in ratings.items():
                await tx.execute(
                    "INSERT INTO ratings (user_id, ruleset, mu, sigma, games, wins, updated_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, ruleset) DO UPDATE SET mu = excluded.mu,"
                    " sigma = excluded.sigma, games = excluded.games, wins = excluded.wins,"
                    " updated_at = excluded.updated_at",
                    (as_id(user), ruleset, mu, sigma, games, wins, now))
        return True
