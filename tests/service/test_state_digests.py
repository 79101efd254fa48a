"""Issue #10: the store keeps, with each action, a digest of the game's state after it
(bot.fairness.state_digest), and /game verify compares the replay's state with it action by action,
naming the first action after which they part: a difference that no die and no event shows is no
longer found only at the end, without saying which action made it.

On SQLite and on PostgreSQL (the suite's own server): the digest is made from the state before it is
stored, so both hand back the same; a second process, with another string hashing, replays the log to
the same digests (``warband verify FILE``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot import fairness
from bot.i18n import say as said
from bot.service import Service
from bot.store import Store
from engine.core import get_ruleset
from tests.service.test_quick_battle_service import CHANNEL, USERS, new_battle, play_until_over, say, snapshot, step

ROOT = Path(__file__).resolve().parents[2]
OLD_LOG = ROOT / "tests" / "ninth_age" / "fixtures" / "v4_joined_stomp.log.json"


@pytest.fixture(params=["sqlite", "postgresql"])
async def store(request, tmp_path):
    target = (request.getfixturevalue("postgres").new_database() if request.param == "postgresql"
              else str(tmp_path / "warband.sqlite3"))
    store = await Store.open(target)
    yield store
    await store.close()


async def finished(store: Store):
    return (await store.recent_games(CHANNEL, limit=1))[0]


async def test_each_action_keeps_the_digest_of_the_state_after_it_and_verify_checks_them_all(store, tmp_path):
    service = Service(store)
    await new_battle(service, seed=11)
    _, ruleset, _ = await play_until_over(service)
    game = await finished(store)
    records = await store.actions(game.id)
    assert records and all(r.state_digest is not None and len(r.state_digest) == 64 for r in records)
    # the last one is the digest of the state this database hands back
    assert records[-1].state_digest == fairness.state_digest(ruleset.load_state(game.state_json, game.rules_version))
    assert len({r.state_digest for r in records}) == len(records)  # every action changed the game

    data = await fairness.export(store, game)
    assert [a["state_digest"] for a in data["actions"]] == [r.state_digest for r in records]
    verdict = fairness.check(data)
    assert verdict.fair and verdict.digests_checked == len(records) and verdict.undigested_through == 0
    assert verdict.state_checked
    reply = await say(service, USERS["p1"], "/game verify")
    assert reply.error is None and "✅" in reply.text
    text = said(reply.text, "en")
    assert "The state after each action is the one stored. The replay reaches the game as it was stored." in text

    # another process (another string hashing) replays the file to the same digests
    path = tmp_path / "game.json"
    path.write_bytes(fairness.dumps(data))
    run = subprocess.run([sys.executable, "-m", "bot", "verify", str(path)], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "PYTHONHASHSEED": "12345"})
    assert run.returncode == 0, run.stdout + run.stderr
    assert "The state after each action is the one stored." in run.stdout


async def test_the_export_carries_the_digests_only_once_the_seed_is_revealed(store):
    service = Service(store)  # the bot chooses the seed: it stays secret until the end
    await say(service, USERS["p1"], "/game new ruleset:dnd-minis-quick")
    await say(service, USERS["p2"], "/game join")
    for _ in range(3):
        assert await step(service)
    game, _, _ = await snapshot(service)
    assert all(r.state_digest for r in await store.actions(game.id))
    data = json.loads((await say(service, USERS["p1"], "/game export")).file)
    assert data["seed"] is None and data["state"] is None and data["actions"]
    assert not [a for a in data["actions"] if "state_digest" in a]
    await play_until_over(service)
    data = json.loads((await say(service, USERS["p1"], "/game export")).file)
    assert data["seed"] is not None and all(a["state_digest"] for a in data["actions"])


async def test_an_edited_digest_fails_naming_its_action(store):
    service = Service(store)
    await new_battle(service, seed=11)
    await play_until_over(service)
    game = await finished(store)
    async with store._write() as tx:  # the digest stored with action 5, as if the game had been another there
        await tx.execute("UPDATE actions SET state_digest = ? WHERE game_id = ? AND seq = 5", ("0" * 64, game.id))
    data = await fairness.export(store, game)
    verdict = fairness.check(data)
    (problem,) = verdict.problems
    command = fairness._command(get_ruleset(game.ruleset).parse_action(data["actions"][4]["action"]))
    assert command.startswith("/")
    assert said(problem, "en") == f"action 5 ({command}): the state after it differs from the one stored"
    assert verdict.parted_at == 5 and verdict.digests_checked == 5
    reply = await say(service, USERS["p2"], "/game verify")
    assert f"⚠️ action 5 ({command}): the state after it differs from the one stored" in said(reply.text, "en")
    assert "✅" not in reply.text


async def test_a_game_that_parted_from_its_log_is_named_at_the_first_action_after(store):
    """The stored game changed between two actions (no die, no event says so): the action after it
    is the first whose state the replay does not reach."""
    service = Service(store)
    await new_battle(service, seed=11)
    for _ in range(4):
        assert await step(service)
    game, _, _ = await snapshot(service)
    done = len(await store.actions(game.id))
    state = json.loads(game.state_json)
    state["seats"][1]["name"] = "Mallory"  # a name, in no die: the table plays on with it
    async with store._write() as tx:
        await tx.execute("UPDATE games SET state = ? WHERE id = ?", (json.dumps(state), game.id))
    service = Service(store)  # a new process: nothing of the game remembered
    await play_until_over(service)
    data = await fairness.export(store, await finished(store))
    verdict = fairness.check(data)
    first, last = verdict.problems
    assert said(first, "en").startswith(f"action {done + 1} (/") and said(first, "en").endswith(
        "): the state after it differs from the one stored"), said(first, "en")
    assert verdict.parted_at == done + 1 and verdict.digests_checked == done + 1
    # and where the end differs, which a digest cannot say
    assert said(last, "en").startswith("after the last action the game stored differs from the replay at seats[1].name")


async def test_an_undo_takes_the_digests_of_its_actions_with_them(store):
    service = Service(store)
    await new_battle(service, seed=11)
    for _ in range(5):
        assert await step(service)
    game, _, _ = await snapshot(service)
    before = await store.actions(game.id)
    target = await store.last_player_action(game.id)
    assert (await say(service, USERS["p1"], "/game undo")).error is None
    assert (await say(service, USERS["p2"], "/game undo")).error is None
    kept = await store.actions(game.id)
    assert [(r.seq, r.state_digest) for r in kept] == [(r.seq, r.state_digest) for r in before if r.seq < target.seq]
    rows = await store._all("SELECT seq FROM actions WHERE game_id = ? AND seq >= ?", (game.id, target.seq))
    assert rows == []
    await play_until_over(service)  # the actions taken again get digests of their own
    data = await fairness.export(store, await finished(store))
    verdict = fairness.check(data)
    assert verdict.fair and verdict.digests_checked == len(data["actions"]), verdict.problems


async def test_a_log_without_digests_verifies_and_says_so_once(store):
    service = Service(store)
    await new_battle(service, seed=11)
    await play_until_over(service)
    data = await fairness.export(store, await finished(store))
    n = len(data["actions"])
    older = json.loads(json.dumps(data))
    for action in older["actions"]:
        del action["state_digest"]
    verdict = fairness.check(older)
    assert verdict.fair and verdict.state_checked and verdict.digests_checked == 0 and verdict.undigested_through == n
    line = said(fairness.state_line(verdict), "en")
    assert line == ("The game was stored before Warband kept the state after each action: the state is compared at "
                    "the end only. The replay reaches the game as it was stored.")
    # exported before the stored state was, too: the dice and the events are the check, and only that is said
    verdict = fairness.check(dict(older, state=None))
    assert verdict.fair and not verdict.state_checked
    assert said(fairness.state_line(verdict), "en") == ("This log holds no stored game to compare the end with "
                                                         "(exported before Warband kept it): the dice and the events "
                                                         "are checked.")
    # a game stored across the upgrade: its first actions have none, the later ones are compared
    for action in data["actions"][:3]:
        del action["state_digest"]
    verdict = fairness.check(data)
    assert verdict.fair and verdict.digests_checked == n - 3 and verdict.undigested_through == 3
    assert said(fairness.state_line(verdict), "en").startswith(
        "Actions 1 to 3 were stored before Warband kept the state after each action; the state after each later one "
        "is the one stored.")


def test_the_old_ninth_age_log_still_passes_with_the_note_once():
    run = subprocess.run([sys.executable, "-m", "bot", "verify", str(OLD_LOG)], cwd=ROOT, capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.count("before Warband kept the state after each action") == 1
    assert "The replay reaches the game as it was stored." in run.stdout and "✗" not in run.stdout


def test_a_field_added_at_its_default_changes_no_digest():
    """A later Warband whose state has a field more (at its default in an older game) checks the
    older game's digests still: the fields at their defaults are not in the digest."""
    ruleset = get_ruleset("dnd-minis-quick")
    state = ruleset.new_game(11, {})
    grown = type("Grown", (type(state),), {"__annotations__": {"added_since": int}, "added_since": 0})
    assert fairness.state_digest(grown.model_validate(state.model_dump())) == fairness.state_digest(state)
    assert fairness.state_digest(grown.model_validate({**state.model_dump(), "added_since": 1})) != \
        fairness.state_digest(state)
