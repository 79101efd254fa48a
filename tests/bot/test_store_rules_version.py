"""Every stored game keeps the rules version it was started under (migrations/0007_rules_version.sql,
``Ruleset.rules_version``), so a later rules change does not alter what an old log replays to.

The case that asked for it: Ninth Age games stored before n9-rules3 had no ``secondary`` setting and
played Hold the Ground; since then an unset ``secondary`` rolls the D6 of §3.3. The old game here was
written by the Warband of that time (commit efbf0da, through its console: see ``made_by`` in
``store_rules_version_old_game.json``) and is put, row by row, into a database of the old schema
(migrations 0001-0006, no ``rules_version`` column). Opening it with this Warband migrates it: the
game is stamped version 1, its settings are left as the players gave them, and it replays to its
stored state and to its logged events word for word. On a real SQLite file and on PostgreSQL.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import engine.rulesets  # noqa: F401  - the Ninth Age registered
from bot import fairness
from bot.commands import parse_line
from bot.i18n import say
from bot.maintenance import replay_mismatches
from bot.service import Service
from bot.store import MIGRATIONS_DIR, Store
from engine.core.errors import IllegalAction
from engine.core.ruleset import get_ruleset

OLD_GAME = json.loads((Path(__file__).parent / "store_rules_version_old_game.json").read_text(encoding="utf-8"))
NINTH_AGE = get_ruleset("ninth-age")


@pytest.fixture(params=["sqlite", "postgresql"])
def target(request, tmp_path) -> str:
    if request.param == "postgresql":
        return request.getfixturevalue("postgres").new_database()
    return str(tmp_path / "warband.sqlite3")


def old_migrations(target: str, tmp_path: Path) -> Path:
    """The migrations of the Warband that wrote the old game: 0001-0006, for this database."""
    source = MIGRATIONS_DIR / "postgresql" if target.startswith("postgresql") else MIGRATIONS_DIR
    folder = tmp_path / "old-migrations"
    folder.mkdir(exist_ok=True)
    for version in OLD_GAME["schema_migrations"]:
        (file,) = source.glob(f"{version:04d}_*.sql")
        shutil.copy(file, folder / file.name)
    return folder


async def insert_rows(store: Store, tables: dict[str, list[dict]]) -> None:
    async with store._write() as tx:
        for table in ("games", "seats", "actions", "events", "commitments"):
            for row in tables.get(table, []):
                names = list(row)
                await tx.execute(f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join('?' for _ in names)})",
                                 tuple(row[n] for n in names))


async def old_database(target: str, tmp_path: Path, *games: dict) -> None:
    """A database of the old schema holding the old game, and ``games`` (more rows in the old shape)."""
    async with await Store.open(target, migrations_dir=old_migrations(target, tmp_path)) as store:
        assert [m.version for m in await store.applied_migrations()] == OLD_GAME["schema_migrations"]
        await insert_rows(store, OLD_GAME)
        for game in games:
            await insert_rows(store, game)
        row = await store._one("SELECT * FROM games WHERE id = 1")
        assert "rules_version" not in row.keys()  # the old shape: no version kept


def game_rows(game_id: int, channel: str, options: dict, state, actions=(), events=()) -> dict[str, list[dict]]:
    """A Ninth Age game's rows as the Warband between n9-rules3 and this migration wrote them."""
    now = "2026-11-29T07:00:00.000000+00:00"
    old_state = state.model_dump(mode="json")
    del old_state["rules_version"]  # that Warband's states kept none (nor a boolean per change yet: version 2)
    return {
        "games": [{"id": game_id, "channel_id": channel, "guild_id": None, "ruleset": "ninth-age", "seed": "99",
                   "options": json.dumps(options), "state": json.dumps(old_state), "version": len(actions),
                   "status": "active", "created_by": "alice", "created_at": now, "updated_at": now,
                   "result": None, "pending": None}],
        "actions": [{"game_id": game_id, "seq": i + 1, "seat_id": None, "user_id": None,
                     "action": json.dumps(a.model_dump(mode="json")), "created_at": now} for i, a in enumerate(actions)],
        "events": [{"game_id": game_id, "action_seq": 1, "idx": i, "kind": e.kind, "text": str(e.text),
                    "seat_id": e.seat, "data": json.dumps(e.model_dump(mode="json"))} for i, e in enumerate(events)],
    }


async def exported(store: Store, game) -> dict:
    data = await fairness.export(store, game)
    commitment = await store.commitment(game.id)
    data["seed"], data["salt"] = game.seed, commitment.salt if commitment else None  # as revealed at the end
    return data


async def test_an_old_ninth_age_game_replays_to_its_stored_state_after_the_migration(target, tmp_path):
    await old_database(target, tmp_path)
    async with await Store.open(target) as store:  # this Warband: migration 0007 runs
        assert 7 in [m.version for m in await store.applied_migrations()]
        game = await store.game(1)
        assert game.rules_version == 1 < NINTH_AGE.rules_version
        # the settings stay as the players gave them: no secondary was agreed, none is written in
        assert game.options == {"deployment": "classic"} and game.state["options"] == {"deployment": "classic"}
        log = [NINTH_AGE.parse_action(a.action) for a in await store.actions(game.id)]
        stored = NINTH_AGE.load_state(game.state_json)
        assert stored.objective == "hold"

        replayed, _ = NINTH_AGE.replay(game.seed, game.options, log, rules_version=game.rules_version)
        assert replayed.model_dump(mode="json") == stored.model_dump(mode="json")
        # under this version's defaults the same log rolls the D6, and every die after it moves on: a
        # spell comes out a duplicate and asks a question the log never answered
        with pytest.raises(IllegalAction, match="leaves a question unanswered"):
            NINTH_AGE.replay(game.seed, game.options, log)

        # the log's events, every die and word, as the old Warband logged them (/game verify, warband verify)
        data = await exported(store, game)
        assert data["rules_version"] == 1
        assert fairness.verify(data) == []
        assert any("Secondary objective (default" in e["text"] for e in data["actions"][0]["events"])
        assert fairness.verify({**data, "rules_version": NINTH_AGE.rules_version}) != []
        # and the operator's check of a whole store (warband store copy) finds nothing amiss
        assert await replay_mismatches(store) == (1, [])
        # stored before the state after each action was kept (migration 0008): no digests, and the
        # check says so once, comparing the state at the end
        assert [a.state_digest for a in await store.actions(game.id)] == [None] * len(log)
        assert not [a for a in data["actions"] if "state_digest" in a]
        verdict = fairness.check(data)
        assert verdict.digests_checked == 0 and verdict.undigested_through == len(log) and verdict.state_checked
        assert say(fairness.state_line(verdict), "en").startswith("The game was stored before Warband kept the state "
                                                                  "after each action: the state is compared at the end only.")


async def test_the_old_game_plays_on_and_undoes_under_its_own_version(tmp_path):
    """The live game goes on from its snapshot; an undo rebuilds it from the log, with version 1."""
    db = str(tmp_path / "warband.sqlite3")
    await old_database(db, tmp_path)
    async with await Store.open(db) as store:
        service = Service(store, seed_source=lambda: 1)
        reply = await service.handle("console", "bob", parse_line("/deploy unit:Brutes x:30 y:40"))
        assert reply.error is None, say(reply.text, "en")
        before = (await store.game(1)).state
        # the action taken after the migration keeps its state's digest, the old ones have none
        digests = [a.state_digest for a in await store.actions(1)]
        assert digests[-1] is not None and set(digests[:-1]) == {None}
        data = await exported(store, await store.game(1))
        verdict = fairness.check(data)
        assert verdict.fair and verdict.digests_checked == 1 and verdict.undigested_through == len(digests) - 1
        assert (await service.handle("console", "bob", parse_line("/game undo"))).error is None
        reply = await service.handle("console", "player1", parse_line("/game undo"))
        assert reply.error is None, say(reply.text, "en")
        game = await store.game(1)
        assert game.rules_version == 1 and game.state != before
        # back where the old Warband left it: rebuilt from the log under version 1, not 2
        assert NINTH_AGE.load_state(game.state_json).model_dump() == NINTH_AGE.load_state(
            OLD_GAME["games"][0]["state"]).model_dump()


async def test_the_migration_stamps_each_game_with_the_version_it_was_played_under(target, tmp_path):
    """Games stored between n9-rules3 and this migration left secondary unset and rolled the D6:
    their state still says 'random' (not started) or their log holds that roll. They are version 2;
    a game that agreed on its objective plays the same under both and is left at 1."""
    # as the Warband of that time made them: rules version 2 (no Fast Cavalry Vanguard yet)
    started = NINTH_AGE.new_game_at(99, {}, 2)
    start = NINTH_AGE.start_action(started)
    after, events = NINTH_AGE.apply(started, start)
    assert any(e.roll is not None and str(e.roll.purpose) == "secondary objective" for e in events)
    waiting = NINTH_AGE.new_game_at(99, {}, 2)
    assert waiting.objective == "random"
    agreed = NINTH_AGE.new_game_at(99, {"secondary": "hold"}, 2)
    await old_database(target, tmp_path,
                       game_rows(2, "chan-started", {}, after, [start], events),
                       game_rows(3, "chan-waiting", {}, waiting),
                       game_rows(4, "chan-agreed", {"secondary": "hold"}, agreed))
    async with await Store.open(target) as store:
        versions = {g: (await store.game(g)).rules_version for g in (1, 2, 3, 4)}
        assert versions == {1: 1, 2: 2, 3: 2, 4: 1}
        assert await replay_mismatches(store) == (4, [])
        game = await store.game(2)
        assert fairness.verify(await exported(store, game)) == []


async def test_a_game_stored_under_a_newer_rules_version_is_refused_and_left_unchanged(target):
    async with await Store.open(target) as store:
        service = Service(store, seed_source=lambda: 5)
        assert (await service.handle("chan", "alice", parse_line("/game new ruleset:ninth-age settings:secondary=hold"))).error is None
        assert (await service.handle("chan", "bob", parse_line("/game join"))).error is None
        newer = NINTH_AGE.rules_version + 1
        async with store._write() as tx:  # as a newer Warband would have stored it
            await tx.execute("UPDATE games SET rules_version = ? WHERE channel_id = 'chan'", (newer,))
        before = await store.game((await store.active_game("chan")).id)
        rows_before = (await store.actions(before.id), await store.events(before.id))
        for line, user in (("/decide option:north", "bob"), ("/game status", "alice"), ("/game undo", "alice"),
                           ("/end", "alice")):
            reply = await service.handle("chan", user, parse_line(line))
            said = say(reply.text, "en")
            assert reply.error == "newer-rules", (line, said)
            assert len(said.strip().splitlines()) == 1, said
            assert f"rules version {newer}" in said and "update Warband" in said and "nothing was changed" in said
        after = await store.game(before.id)
        assert (after.version, after.state_json, after.options_json) == (before.version, before.state_json, before.options_json)
        assert (await store.actions(before.id), await store.events(before.id)) == rows_before
        # the offline checks refuse it the same way
        with pytest.raises(IllegalAction, match="newer than this Warband knows"):
            NINTH_AGE.replay(after.seed, after.options, [], rules_version=newer)
        problems = fairness.verify(await exported(store, after))
        assert len(problems) == 1 and "newer than this Warband knows" in say(problems[0], "en")


async def test_game_status_shows_the_rules_version(tmp_path):
    db = str(tmp_path / "warband.sqlite3")
    await old_database(db, tmp_path)
    async with await Store.open(db) as store:
        service = Service(store, seed_source=lambda: 5)
        old = say((await service.handle("console", "bob", parse_line("/game status"))).text, "en")
        assert (f"Rules version 1, kept since the game began (this Warband's is {NINTH_AGE.rules_version}): a game "
                "that leaves the secondary setting unset plays Hold the Ground, with no D6 rolled; Fast Cavalry makes no "
                "Vanguard move; the sample Thorns lore's Bark Skin recovers no wounds when boosted; a D3 of Heal or "
                "Recover Wounds is a three-sided die, not read off a D6; a Wizard Conclave Champion brought back by "
                "Recover Wounds casts no more; a unit whose rank and file all fell gets none back; ") in old  # then version 6's
        await service.handle("chan", "alice", parse_line("/game new ruleset:ninth-age"))
        new = say((await service.handle("chan", "alice", parse_line("/game status"))).text, "en")
        assert f"Rules version {NINTH_AGE.rules_version} (this Warband's)." in new
    assert say(NINTH_AGE.rules_version_line(1), "it").startswith(
        f"Versione delle regole 1, mantenuta dall'inizio della partita (questo Warband usa la {NINTH_AGE.rules_version}): "
        "una partita senza")


def test_every_rules_version_names_what_it_changed():
    """Each version after the first says what a game begun before it still plays, in each language:
    /game status names an older game's differences from these, and a version without its clauses
    would leave an old game's difference unsaid."""
    assert set(NINTH_AGE.rules_changes) == set(range(2, NINTH_AGE.rules_version + 1))
    clauses = [clause for changed in sorted(NINTH_AGE.rules_changes) for clause in NINTH_AGE.rules_changes[changed]]
    english = say(NINTH_AGE.rules_version_line(1), "en")
    assert english.endswith(": " + "; ".join(clauses) + "."), english
    # a game one version behind hears only the last version's clauses
    last = "; ".join(NINTH_AGE.rules_changes[NINTH_AGE.rules_version])
    assert say(NINTH_AGE.rules_version_line(NINTH_AGE.rules_version - 1), "en").endswith(": " + last + ".")
    for lang in ("it", "hu"):
        translated = say(NINTH_AGE.rules_version_line(1), lang)
        assert not any(clause in translated for clause in clauses), (lang, translated)


def stored_flags_game(game_id: int, channel: str, name: str) -> tuple[dict, dict[str, list[dict]]]:
    """A Ninth Age game as the Warband of one boolean per rules change stored it (its state written by
    main at 0532e12d: tests/ninth_age/fixtures/record_old_logs.py), in a database of this schema."""
    data = json.loads((Path(__file__).parents[1] / "ninth_age" / "fixtures" / name).read_text(encoding="utf-8"))
    now = "2026-11-29T22:00:00.000000+00:00"
    rows = {
        "games": [{"id": game_id, "channel_id": channel, "guild_id": None, "ruleset": "ninth-age",
                   "seed": str(data["seed"]), "options": json.dumps(data["options"]), "state": json.dumps(data["state"]),
                   "version": len(data["actions"]), "status": "active", "created_by": "player1", "created_at": now,
                   "updated_at": now, "result": None, "pending": None, "rules_version": data["rules_version"]}],
        "seats": [{"game_id": game_id, "seat_id": seat, "position": i, "name": f"Player {i + 1}", "user_id": user,
                   "joined_at": now} for i, (seat, user) in enumerate((("p1", "player1"), ("p2", "bob")))],
        "actions": [{"game_id": game_id, "seq": i + 1, "seat_id": None, "user_id": None, "action": json.dumps(a),
                     "created_at": now} for i, a in enumerate(data["actions"])],
    }
    return data, rows


async def test_a_state_stored_with_one_boolean_per_rules_change_plays_on_under_its_games_version(target):
    """A version-4 game's state kept fast_cavalry_vanguard and nine more booleans, no rules_version:
    its booleans name version 3 at most (version 4 changed the sample armies), so it is read with the
    version its game keeps; it replays to itself, plays on, is stored with its version, and undoes."""
    data, rows = stored_flags_game(1, "console", "v4_stored_flags.json")
    assert "rules_version" not in data["state"] and data["state"]["healing_v5"] is False
    async with await Store.open(target) as store:
        await insert_rows(store, rows)
        assert await replay_mismatches(store) == (1, [])  # warband store copy's check
        service = Service(store, seed_source=lambda: 1)
        reply = await service.handle("console", "player1", parse_line("/end"))
        assert reply.error is None, say(reply.text, "en")
        stored = (await store.game(1)).state
        assert stored["rules_version"] == 4 and "healing_v5" not in stored and stored["phase"] == "magic"
        assert await replay_mismatches(store) == (1, [])
        assert (await service.handle("console", "player1", parse_line("/game undo"))).error is None
        reply = await service.handle("console", "bob", parse_line("/game undo"))
        assert reply.error is None, say(reply.text, "en")
        game = await store.game(1)
        assert game.rules_version == 4 and game.state["phase"] == "movement"
        assert NINTH_AGE.load_state(game.state_json).model_dump() == NINTH_AGE.load_state(data["state"], 4).model_dump()
