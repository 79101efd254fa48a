"""The inbox (/games) and a league's catch-up of a lost result read a stored game as its own rules
version, as the service does (issue #10). A Ninth Age state stored before NinthAgeState.rules_version
kept one boolean per change (NinthAgeState._older_flags): read without the game's version, the v4
fixture's booleans (fast_cavalry_vanguard set, healing_v5 not) read as version 3; the store says 4."""

import json
from pathlib import Path

import pytest

from bot.commands import parse_line
from bot.leagues import LeagueService
from engine.core.ruleset import get_ruleset
from league_helpers import concede, matches_of_round, ok, one_match

RULESET = get_ruleset("ninth-age")
V4 = json.loads((Path(__file__).parents[1] / "ninth_age" / "fixtures" / "v4_stored_flags.json").read_text(encoding="utf-8"))


@pytest.fixture
def read_versions(monkeypatch):
    """The rules version of every Ninth Age state the bot reads while the test runs."""
    read = []
    real = type(RULESET).load_state

    def load_state(self, data, rules_version=None):
        state = real(self, data, rules_version)
        if self is RULESET:
            read.append(state.rules_version)
        return state

    monkeypatch.setattr(type(RULESET), "load_state", load_state)
    return read


async def _store_old_state(store, game_id: int, state: dict) -> None:
    async with store._write() as tx:  # as a Warband of version 4 stored it, and the migration stamped it
        await tx.execute("UPDATE games SET state = ?, rules_version = 4 WHERE id = ?", (json.dumps(state), game_id))


def test_the_fixture_reads_as_version_3_without_the_games_version():
    assert "rules_version" not in V4["state"] and V4["rules_version"] == 4
    assert RULESET.load_state(V4["state"]).rules_version == 3
    stored = RULESET.load_state(V4["state"], 4)
    assert stored.rules_version == 4 and stored.fast_cavalry_vanguard and not stored.healing_v5


async def test_the_inbox_reads_an_old_state_as_its_games_version(service, store, read_versions):
    state = RULESET.new_game(V4["seed"], V4["options"])
    game = await store.create_game("old", "g1", RULESET.name, V4["seed"], V4["options"], state.model_dump(mode="json"),
                                   "alice", [(s.id, s.name) for s in state.seats], rules_version=4)
    for seat, user in (("p1", "alice"), ("p2", "bob")):
        await store.claim_seat(game.id, seat, user, (await store.game(game.id)).version)
    await _store_old_state(store, game.id, V4["state"])
    reply = await service.handle("old", "alice", parse_line("/games"), guild_id="g1")
    assert reply.error is None and f"#{game.id}" in reply.text
    assert read_versions == [4]
    # a game a newer Warband stored is listed as such, not read under rules this one does not know
    async with store._write() as tx:
        await tx.execute("UPDATE games SET rules_version = ? WHERE id = ?", (RULESET.rules_version + 1, game.id))
    reply = await service.handle("old", "alice", parse_line("/games"), guild_id="g1")
    assert reply.error is None
    assert f"stored under rules version {RULESET.rules_version + 1}, newer than this Warband knows" in reply.text


async def test_a_lost_league_result_is_caught_up_reading_the_game_as_its_version(service, store, monkeypatch,
                                                                                 read_versions):
    league, match = await one_match(service, store, "Old", "ninth-age")

    async def crash(self, game, state):
        raise RuntimeError("the process died here")

    with monkeypatch.context() as patch:  # the report to the league is lost (test_league_recovery.py)
        patch.setattr(LeagueService, "game_over", crash)
        await concede(service, store, match.channel_id, "b")
    finished = await store.game(match.game_id)
    assert finished.status == "finished" and (await matches_of_round(store, league.id, 1))[0].result is None
    await _store_old_state(store, finished.id, {**V4["state"], "result": finished.state["result"]})
    read_versions.clear()
    reply = await ok(service, "gm", "/league standings")
    assert read_versions == [4]
    assert (await matches_of_round(store, league.id, 1))[0].result["winners"] == ["a"]
    assert "1-0-0" in reply.text
