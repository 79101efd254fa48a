"""Fuzzed command lines at a Ninth Age battle in every phase (#15 item 14): before the second
player joins, in the pre-game questions, in deployment, and in each phase of the first player
turn (charges declared, Remaining Moves, Magic, Shooting, Melee), each saved as a SQLite file
and hit with random, wrongly typed and mutated lines by ``fuzzing.py``: every line is accepted
or refused with the game unchanged, and none ends in the service's "unexpected error"."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fuzzing import CHANNEL, FUZZ_SETTINGS, build_positions, fuzz_position, say
from game_helpers import _group, answer_for, slots

USERS = {"p1": "alice", "p2": "bob"}


async def _answer(service):
    while True:
        _, _, state = await service.game_snapshot(CHANNEL)
        if state.pending is None:
            return state
        d = state.pending.decision
        choice = answer_for(d.key, {})
        reply = await say(service, USERS[d.seat], f"/decide option:{choice if choice in d.options else d.options[0]}")
        assert reply.error is None, reply.text


async def battle(service, store, steps):
    """``steps``: -1 one seat, 0 in the questions, 1 half deployed, 2 deployed (charges), then
    each /end of the active player moves one step on (Remaining Moves, Magic, Shooting, Melee)."""
    await say(service, "alice", "/game new ruleset:ninth-age seed:5 settings:deployment=classic, terrain=open")
    if steps < 0:
        return
    await say(service, "bob", "/game join")
    if steps == 0:
        return
    state = await _answer(service)
    drops = 0
    while state.phase == "deployment" and not (steps == 1 and drops >= 3):
        seat = state.deploy.turn
        plan = slots(state, seat)
        group = _group(state, plan[0][0]) if plan else None
        drop = [p for p in plan if _group(state, p[0]) == group] if group else plan[:1]
        for name, x, y in drop:
            y = 12 - y if y < 24 else 84 - y  # the front of the zones: the armies 24" apart
            reply = await say(service, USERS[seat], f'/deploy unit:"{name}" x:{x:.3f} y:{y:.3f}')
            assert reply.error is None, reply.text
            state = await _answer(service)
            if state.phase != "deployment" or state.deploy.turn != seat:
                break
        drops += 1
        if state.phase == "deployment" and (state.deploy.step == "vanguard" or not plan or (
                state.deploy.turn == seat and state.deploy.finished_first is None)):
            await say(service, USERS[state.deploy.turn], "/end")
            state = await _answer(service)
    for _ in range(max(0, steps - 2)):
        reply = await say(service, USERS[state.active], "/end")
        assert reply.error is None, reply.text
        state = await _answer(service)


POSITIONS = {"n9-open": (battle, -1), "n9-questions": (battle, 0), "n9-deploying": (battle, 1),
             "n9-charges": (battle, 2), "n9-moves": (battle, 3), "n9-magic": (battle, 4),
             "n9-shooting": (battle, 5), "n9-melee": (battle, 6)}


@pytest.fixture(scope="module")
def positions(tmp_path_factory):
    return build_positions(tmp_path_factory.mktemp("n9-positions"), POSITIONS)


def test_the_positions_are_the_phases_they_name(positions):
    import asyncio

    from bot.store import Store
    from fuzzing import quiet_service

    async def phase(db):
        store = await Store.open(db)
        try:
            snapshot = await quiet_service(store).game_snapshot(CHANNEL)
            state = snapshot[2]
            return state.phase, getattr(state, "step", None)
        finally:
            await store.close()

    seen = {name: asyncio.run(phase(db)) for name, db in positions.items()}
    assert seen["n9-deploying"][0] == "deployment" and seen["n9-charges"] == ("movement", "charges")
    assert seen["n9-magic"][0] == "magic" and seen["n9-shooting"][0] == "shooting"
    assert seen["n9-melee"][0] == "melee"


@pytest.mark.parametrize("position", list(POSITIONS))
@FUZZ_SETTINGS
@given(data=st.data())
def test_a_fuzzed_line_is_accepted_or_refused_without_change(positions, tmp_path, position, data):
    fuzz_position(positions[position], tmp_path, data)
