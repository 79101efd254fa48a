"""The bot's health for Docker: alive means connected to Discord's gateway, not just running.

While the gateway connection is up, the bot touches a heartbeat file beside the database every
:data:`BEAT_EVERY` seconds, and removes it when the connection drops. ``warband health`` (the
image's HEALTHCHECK) fails when the file is missing or older than :data:`STALE_AFTER`, or when
the database can't be read.

>>> from pathlib import Path
>>> heartbeat_path(Path("/data/warband.sqlite3"))
PosixPath('/data/warband.sqlite3.heartbeat')
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from engine.core.text import _

BEAT_EVERY = 30.0
STALE_AFTER = 120.0


def heartbeat_path(db: Path) -> Path:
    db = Path(db)
    return db.with_name(db.name + ".heartbeat")


def beat(db: Path) -> None:
    heartbeat_path(db).write_text(f"{time.time():.0f}\n", encoding="utf-8")


def lost(db: Path) -> None:
    heartbeat_path(db).unlink(missing_ok=True)


def check(db: Path, now: float | None = None) -> str | None:
    """None when healthy, else why not (one line)."""
    now = time.time() if now is None else now
    path = heartbeat_path(db)
    try:
        age = now - path.stat().st_mtime
    except OSError:
        return _("not connected to Discord (no heartbeat)")
    if age > STALE_AFTER:
        return _("no heartbeat for {seconds} s: the gateway connection is lost or the bot hangs", seconds=round(age))
    try:
        sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5).execute("select count(*) from sqlite_master")
    except sqlite3.Error as exc:
        return _("the games database can't be read: {problem}", problem=str(exc))
    return None
