"""Moving a whole store from one database to another, and backing one up.

``copy_rows`` copies every table, ids included, from one store into an EMPTY one, in one
transaction on the target (all of it arrives, or nothing), and returns the row count of each
table so the caller can compare them with the source. The tables are listed in the order their
foreign keys need; a test checks that every table the migrations create is listed, so a new
table cannot be forgotten.

``backup_sqlite`` takes a consistent copy of a live SQLite file with SQLite's online backup
API: the bot may keep playing while it runs.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.store.errors import StoreError
from bot.store.repository import Store

# Parents before children; schema_migrations is the target's own business.
TABLES: tuple[str, ...] = ("games", "seats", "actions", "events", "snapshots", "free_rolls", "warbands", "user_cards",
                           "clocks", "seat_clocks", "schedule", "users", "nudges", "commitments", "status_messages",
                           "leagues", "league_players", "league_matches", "league_log", "ratings", "rated_games", "server_settings", "user_settings")
# Tables whose id the database hands out: after a copy the next id must follow the copied ones.
IDENTITY_TABLES: tuple[str, ...] = ("games", "free_rolls", "warbands", "schedule", "leagues", "league_matches")


async def table_counts(store: Store) -> dict[str, int]:
    """How many rows each table holds."""
    counts = {}
    for table in TABLES:
        row = await store._one(f"SELECT COUNT(*) AS n FROM {table}")
        counts[table] = int(row["n"])
    return counts


async def copy_rows(source: Store, target: Store) -> dict[str, int]:
    """Copy every row of ``source`` into the empty ``target``; returns the rows copied per table.

    Refuses (changing nothing) when the target already holds games, warbands, cards or rolls.
    """
    if any((await table_counts(target)).values()):
        raise StoreError(f"{target.location} is not empty: copy only into a new database.")
    copied: dict[str, int] = {}
    async with target._write() as tx:
        for table in TABLES:
            rows = await source._all(f"SELECT * FROM {table}")
            copied[table] = len(rows)
            if not rows:
                continue
            columns = list(rows[0].keys())
            placeholders = ", ".join("?" for _ in columns)
            await tx.executemany(
                f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({placeholders})",
                [tuple(row[c] for c in columns) for row in rows],
            )
        if target.dialect == "postgresql":
            for table in IDENTITY_TABLES:
                # Identity columns do not see explicit ids: move each sequence past them.
                await tx.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                    f" COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
                )
    return copied




def backup_sqlite(source: Path, destination: Path) -> None:
    """A consistent copy of the live SQLite file ``source`` at ``destination`` (a new file)."""
    if destination.exists():
        raise StoreError(f"{destination} already exists: choose a new file for the backup.")
    if not source.is_file():
        raise StoreError(f"There is no database file at {source}.")
    destination.parent.mkdir(parents=True, exist_ok=True)
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        dst = sqlite3.connect(destination)
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()
