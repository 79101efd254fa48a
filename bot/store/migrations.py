"""Schema migrations: the numbered ``migrations/NNNN_name.sql`` files, applied once each and
recorded in ``schema_migrations``."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

from bot.store.errors import MigrationError
from bot.store.base import StoreBase
from bot.store.records import MigrationRecord
from bot.store.sqlite import MIGRATIONS_DIR, split_sql

__all__ = ["MIGRATIONS_DIR", "Migrations", "migration_files", "split_sql"]

_MIGRATION_FILE = re.compile(r"^(\d{4})_(\w+)\.sql$")


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


class Migrations(StoreBase):
    """Brings a database's schema up to date, one recorded migration at a time.

    SQLite applies ``migrations/NNNN_name.sql``; PostgreSQL applies the file of the same number
    and name in ``migrations/postgresql/`` (the dialects differ in types and checks), so both
    databases walk the same numbered sequence.
    """

    async def _migrate(self, folder: Path | None = None) -> None:
        folder = folder or self._db.migrations_dir
        files = migration_files(folder)
        async with self._write() as tx:
            # Two processes starting at once: one creates the table, the other waits for it.
            # The record of migrations and Warband's mark appear in one transaction: a process
            # opening the file at the same moment sees neither (a new file) or both (Warband's),
            # never a lone table it would take for another application's.
            await self._db.lock_schema(tx)
            await tx.execute(self._db.schema_migrations_ddl)
            await self._db.mark_as_warbands(tx)
        applied = {m.version for m in await self.applied_migrations()}
        unknown = applied - {version for version, _, _ in files}
        if unknown:
            raise MigrationError(
                f"{self._db.location} has migrations {sorted(unknown)} that {folder} lacks; "
                "it was upgraded by a newer Warband. Run that version instead."
            )
        for version, name, file in files:
            if version in applied:
                continue
            script = file.read_text(encoding="utf-8")
            try:
                async with self._write() as tx:
                    await self._db.lock_schema(tx)
                    # Another process may have applied it since we looked; we hold the lock now.
                    if await self._fetchone(
                        tx, "SELECT 1 FROM schema_migrations WHERE version = ?", (version,)
                    ):
                        continue
                    await self._db.run_script(tx, script)
                    await tx.execute(
                        "INSERT INTO schema_migrations (version, name, applied_at)"
                        " VALUES (?, ?, ?)",
                        (version, name, self._now()),
                    )
            except self._db.database_errors as exc:
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
