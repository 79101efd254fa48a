"""Schema migrations: the numbered ``migrations/NNNN_name.sql`` files, applied once each and
recorded in ``schema_migrations``."""

from __future__ import annotations

import re
import sqlite3
from datetime import datetime
from pathlib import Path
from typing import Final

from bot.store.errors import MigrationError
from bot.store.records import MigrationRecord
from bot.store.sqlite import APPLICATION_ID, SQLiteBase

MIGRATIONS_DIR: Final = Path(__file__).resolve().parents[2] / "migrations"

_MIGRATION_FILE = re.compile(r"^(\d{4})_(\w+)\.sql$")


def split_sql(script: str) -> list[str]:
    """The statements of a migration script, split where SQLite itself sees them end.

    Splitting on every ``;`` would break triggers and string literals; ``complete_statement``
    knows both.

    >>> split_sql("CREATE TABLE t (x TEXT DEFAULT ';');\\n-- done\\nINSERT INTO t VALUES (1);")
    ["CREATE TABLE t (x TEXT DEFAULT ';');", '-- done\\nINSERT INTO t VALUES (1);']
    """
    statements: list[str] = []
    pieces = script.split(";")
    buffer = ""
    for i, piece in enumerate(pieces):
        buffer += piece
        if i < len(pieces) - 1:
            buffer += ";"
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    if _strip_sql_comments(buffer).strip():
        raise MigrationError(f"unfinished SQL statement at the end: {buffer.strip()[:80]!r}")
    return statements


def _strip_sql_comments(text: str) -> str:
    return re.sub(r"--[^\n]*|/\*.*?\*/", "", text, flags=re.S)


def migration_files(folder: Path) -> list[tuple[int, str, Path]]:
    """``(version, name, path)`` for each ``NNNN_name.sql`` in ``folder``, in order."""
    found: dict[int, tuple[int, str, Path]] = {}
    for path in sorted(folder.glob("*.sql")):
        match = _MIGRATION_FILE.match(path.name)
        if match is None:
            raise MigrationError(f"migration file {path.name} is not named NNNN_name.sql")
        version = int(match.group(1))
        if version in found:
            raise MigrationError(
                f"migrations {found[version][2].name} and {path.name} share version {version}"
            )
        found[version] = (version, match.group(2), path)
    return [found[v] for v in sorted(found)]


class Migrations(SQLiteBase):
    """Brings a database's schema up to date, one recorded migration at a time."""

    async def _migrate(self, folder: Path) -> None:
        files = migration_files(folder)
        async with self._write() as tx:
            # The record of migrations and Warband's mark appear in one transaction: a process
            # opening the file at the same moment sees neither (a new file) or both (Warband's),
            # never a lone table it would take for another application's.
            await tx.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT"
            )
            await tx.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        applied = {m.version for m in await self.applied_migrations()}
        unknown = applied - {version for version, _, _ in files}
        if unknown:
            raise MigrationError(
                f"{self._path} has migrations {sorted(unknown)} that {folder} lacks; "
                "it was upgraded by a newer Warband. Run that version instead."
            )
        for version, name, file in files:
            if version in applied:
                continue
            statements = split_sql(file.read_text(encoding="utf-8"))
            try:
                async with self._write() as tx:
                    # Another process may have applied it since we looked; we hold the lock now.
                    if await self._fetchone(
                        tx, "SELECT 1 FROM schema_migrations WHERE version = ?", (version,)
                    ):
                        continue
                    for statement in statements:
                        await tx.execute(statement)
                    await tx.execute(
                        "INSERT INTO schema_migrations (version, name, applied_at)"
                        " VALUES (?, ?, ?)",
                        (version, name, self._now()),
                    )
            except sqlite3.Error as exc:
                raise MigrationError(
                    f"migration {file.name} failed and was rolled back: {exc}"
                ) from exc

    async def applied_migrations(self) -> list[MigrationRecord]:
        """The migrations recorded in this database, oldest first."""
        rows = await self._all(
            "SELECT version, name, applied_at FROM schema_migrations ORDER BY version"
        )
        return [
            MigrationRecord(r["version"], r["name"], datetime.fromisoformat(r["applied_at"]))
            for r in rows
        ]

