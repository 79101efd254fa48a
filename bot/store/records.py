"""Records: one frozen dataclass per kind of row, and how each is read from a database row.

JSON columns come back as text (``state_json`` ...) because the service parses them with its
ruleset's pydantic model; each record also has a property that parses the JSON into Python
values (``record.state``). Timestamps are aware UTC datetimes.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

Row = Mapping[str, Any]  # sqlite3.Row, or any mapping of column name to value


def _loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def _when(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One row of ``games``: the game's identity, its current state snapshot and version."""

    id: int
    channel_id: str
    guild_id: str | None
    ruleset: str
    seed: int
    options_json: str
    state_json: str
    version: int
    status: str  # 'active' | 'finished' | 'abandoned'
    created_by: str
    created_at: datetime
    updated_at: datetime
    result_json: str | None
    pending_json: str | None
    # The version of its ruleset's rules the game was started under (Ruleset.rules_version): it is
    # rebuilt from its log under those rules (migrations/0007_rules_version.sql).
    rules_version: int = 1

    @property
    def is_active(self) -> bool:
        return self.status == "active"

    @property
    def options(self) -> dict[str, Any]:
        return json.loads(self.options_json)

    @property
    def state(self) -> Any:
        return json.loads(self.state_json)

    @property
    def result(self) -> Any:
        return _loads(self.result_json)

    @property
    def pending(self) -> Any:
        return _loads(self.pending_json)


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """A place at a game's table; ``user_id`` is None while nobody has taken it."""

    game_id: int
    seat_id: str
    position: int
    name: str
    user_id: str | None
    joined_at: datetime | None

    @property
    def is_free(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """One entry of a game's action log, numbered from 1 in the order applied."""

    game_id: int
    seq: int
    seat_id: str | None
    user_id: str | None
    action_json: str
    created_at: datetime
    # SHA-256 of the game's state after this action (bot.fairness.state_digest), which /game verify
    # compares with its replay's; None for an action stored before they were kept
    # (migrations/0008_state_digests.sql) or committed without one
    state_digest: str | None = None

    @property
    def action(self) -> Any:
        return json.loads(self.action_json)


@dataclass(frozen=True, slots=True)
class EventRecord:
    """One event of an action. ``event`` is the whole event as committed (roll included)."""

    game_id: int
    action_seq: int
    idx: int
    kind: str
    text: str
    seat_id: str | None
    data_json: str

    @property
    def event(self) -> dict[str, Any]:
        return json.loads(self.data_json)


@dataclass(frozen=True, slots=True)
class WarbandRecord:
    """A player's saved warband roster."""

    id: int
    user_id: str
    name: str
    edition: str
    data_json: str
    created_at: datetime
    updated_at: datetime

    @property
    def data(self) -> Any:
        return json.loads(self.data_json)


@dataclass(frozen=True, slots=True)
class CardRecord:
    """A stat card a player uploaded (validated card JSON in ``data_json``)."""

    user_id: str
    card_id: str
    name: str
    data_json: str
    created_at: datetime
    updated_at: datetime

    @property
    def data(self) -> Any:
        return json.loads(self.data_json)


@dataclass(frozen=True, slots=True)
class FreeRollRecord:
    """A /roll made outside any game."""

    id: int
    channel_id: str
    guild_id: str | None
    user_id: str
    expression: str
    result_json: str
    created_at: datetime

    @property
    def result(self) -> Any:
        return json.loads(self.result_json)


@dataclass(frozen=True, slots=True)
class MigrationRecord:
    """A migration file applied to this database."""

    version: int
    name: str
    applied_at: datetime


def game_from_row(row: Row) -> GameRecord:
    return GameRecord(
        id=row["id"],
        channel_id=row["channel_id"],
        guild_id=row["guild_id"],
        ruleset=row["ruleset"],
        seed=int(row["seed"]),
        options_json=row["options"],
        state_json=row["state"],
        version=row["version"],
        status=row["status"],
        created_by=row["created_by"],
        created_at=datetime.fromisoformat(row["created_at"]),
        updated_at=datetime.fromisoformat(row["updated_at"]),
        result_json=row["result"],
        pending_json=row["pending"],
        rules_version=row["rules_version"],
    )


def seat_from_row(row: Row) -> SeatRecord:
    return SeatRecord(
        game_id=row["game_id"],
        seat_id=row["seat_id"],
        position=row["position"],
        name=row["name"],
        user_id=row["user_id"],
        joined_at=_when(row["joined_at"]),
    )


def action_from_row(row: Row) -> ActionRecord:
    return ActionRecord(
        game_id=row["game_id"],
        seq=row["seq"],
        seat_id=row["seat_id"],
        user_id=row["user_id"],
        action_json=row["action"],
        created_at=datetime.fromisoformat(row["created_at"]),
        state_digest=row["state_digest"],
    )


def event_from_row(row: Row) -> EventRecord:
    return EventRecord(
        game_id=row["game_id"],
        action_seq=row["action_seq"],
        idx=row["idx"],
        kind=row["kind"],
        text=row["text"],
        seat_id=row["seat_id"],
        data_json=row["data"],
    )


def warband_from_row(row: Row) -> WarbandRecord:
    return WarbandRecord(
        id=row["id"],
        user_id=row["user_id"],
        name=row["name"],
        edition=row["edition"],
        data_json=row["data"],
        created_at=datetime.fromisoformat(row["created_at"]),
        updated_at=datetime.fromisoformat(row["updated_at"]),
    )


def card_from_row(row: Row) -> CardRecord:
    return CardRecord(
        user_id=row["user_id"],
        card_id=row["card_id"],
        name=row["name"],
        data_json=row["data"],
        created_at=datetime.fromisoformat(row["created_at"]),
        updated_at=datetime.fromisoformat(row["updated_at"]),
    )


def free_roll_from_row(row: Row) -> FreeRollRecord:
    return FreeRollRecord(
        id=row["id"],
        channel_id=row["channel_id"],
        guild_id=row["guild_id"],
        user_id=row["user_id"],
        expression=row["expression"],
        result_json=row["result"],
        created_at=datetime.fromisoformat(row["created_at"]),
    )

