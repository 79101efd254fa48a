"""Input normalisation, done before a transaction opens, so bad input never holds the lock."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime, timezone
from typing import Any, Final

GAME_STATUSES: Final = ("active", "finished", "abandoned")


class _Keep:
    """Marker for "leave this column as it is"."""

    def __repr__(self) -> str:
        return "KEEP"


KEEP: Final = _Keep()


def json_text(value: Any) -> str:
    """JSON text for a column: ``str`` is taken as JSON text already; models are dumped.

    >>> json_text({"a": 1}), json_text('{"a": 1}')
    ('{"a":1}', '{"a": 1}')
    """
    if isinstance(value, str):
        return value
    dump = getattr(value, "model_dump_json", None)
    if callable(dump):
        return dump()
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def optional_json(value: Any) -> str | None:
    return None if value is None else json_text(value)


def as_id(value: Any) -> str | None:
    """Discord hands out ints, the console names; the schema stores both as text."""
    return None if value is None else str(value)


def event_row(event: Any) -> tuple[str, str, str | None, str]:
    """(kind, text, seat_id, data) for one engine event given as a model or a mapping."""
    if hasattr(event, "model_dump"):
        event = event.model_dump(mode="json")
    if not isinstance(event, Mapping):
        raise TypeError(
            f"an event must be a mapping or a pydantic model, not {type(event).__name__}"
        )
    kind = event.get("kind")
    if not isinstance(kind, str) or not kind:
        raise ValueError(f"an event needs a 'kind': {event!r}")
    text = event.get("text", "")
    seat = event.get("seat")
    return kind, str(text), as_id(seat), json_text(dict(event))


def check_status(status: str) -> None:
    if status not in GAME_STATUSES:
        raise ValueError(f"unknown game status {status!r}; expected one of {GAME_STATUSES}")



def utc_now() -> datetime:
    return datetime.now(timezone.utc)
