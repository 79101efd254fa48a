"""Operator tasks on a whole store: copying it to another database, backing it up, checking it.

``warband store copy --from A --to B`` moves every game, seat, action, event, warband, card and
free roll from one database to another (SQLite file or PostgreSQL URL, either way round), then
proves the copy: the row counts of every table match, and every game replays from its seed and
action log to exactly the state stored for it. ``warband backup PATH`` writes a consistent
SQLite copy of the live store (SQLite's online backup API, or for PostgreSQL the same copy into
a new SQLite file); restoring is a copy back: ``warband store copy --from PATH --to URL``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import engine.rulesets  # noqa: F401  - replaying a game needs every shipped game system
from bot.store import Store, StoreError, sqlite_path
from bot.store.transfer import backup_sqlite, copy_rows, table_counts
from engine.core.ruleset import get_ruleset
from engine.core.text import _, join, ngettext, commas


@dataclass
class CopyReport:
    counts: dict[str, int]
    replayed: int
    mismatches: list[Any] = field(default_factory=list)

    def summary(self) -> Any:
        """What the copy did, as a Text (the operator reads it in WARBAND_LANG or --lang)."""
        rows = commas(f"{n} {table}" for table, n in self.counts.items())
        verdict = (_("every game replays to its stored state") if not self.mismatches else
                   _("MISMATCH: {problems}", problems=join("; ", self.mismatches)))
        return ngettext("Copied {rows}; {n} game replayed: {verdict}.", "Copied {rows}; {n} games replayed: {verdict}.",
                        self.replayed, rows=rows, verdict=verdict)


async def replay_mismatches(store: Store) -> tuple[int, list[str]]:
    """Replay every game of ``store`` from its log; returns (games replayed, what differs)."""
    mismatches: list[Any] = []
    rows = await store._all("SELECT id FROM games ORDER BY id")
    for row in rows:
        game = await store.game(row["id"])
        ruleset = get_ruleset(game.ruleset)
        actions = [ruleset.parse_action(a.action) for a in await store.actions(game.id)]
        replayed, _events = ruleset.replay(game.seed, game.options, actions, rules_version=game.rules_version)
        # The stored state read through this code's model: a field added since it was stored (with
        # its default) is no difference in what the log replays to.
        if replayed.model_dump(mode="json") != ruleset.load_state(game.state_json, game.rules_version).model_dump(mode="json"):
            mismatches.append(_("game #{id} does not replay to its stored state", id=game.id))
    return len(rows), mismatches


async def copy_store(source_target: str, destination_target: str) -> CopyReport:
    """Copy one store into a new, empty one and check the copy."""
    source = await Store.open(source_target)
    try:
        destination = await Store.open(destination_target)
        try:
            before = await table_counts(source)
            copied = await copy_rows(source, destination)
            after = await table_counts(destination)
            report = CopyReport(counts=after, replayed=0)
            for table in before:
                if not before[table] == copied[table] == after[table]:
                    report.mismatches.append(_("{table}: {source} in the source, {copy} in the copy", table=table,
                                               source=before[table], copy=after[table]))
            report.replayed, mismatches = await replay_mismatches(destination)
            report.mismatches.extend(mismatches)
            return report
        finally:
            await destination.close()
    finally:
        await source.close()


async def backup(store_target: str, destination: Path) -> Any:
    """Write a consistent SQLite backup of the store at ``destination``; returns a summary."""
    path = sqlite_path(store_target)
    if path is not None:
        backup_sqlite(path, destination)
        return _("Backed up {path} to {destination}.", path=str(path), destination=str(destination))
    if destination.exists():
        raise StoreError(_("{destination} already exists: choose a new file for the backup.", destination=str(destination)))
    report = await copy_store(store_target, str(destination))
    return _("Backed up to {destination}. {summary}", destination=str(destination), summary=report.summary())
