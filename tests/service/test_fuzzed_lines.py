"""Fuzzed command lines at games in every phase of every ruleset (#15 item 14): the D&D games
and Conan here, The Ninth Age in ``tests/ninth_age/test_ninth_age_fuzzed_lines.py``.

Positions are built once per module through the service (a Quick Start Battle, a War Drums
skirmish with saved warbands, a 3.5 encounter, a Conan scenario; each before seating, in set-up,
in play and finished) and kept as SQLite files; ``fuzzing.py`` throws the lines at copies of them.
Bounded: a few hundred examples in all.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fuzzing import FUZZ_SETTINGS, build_positions, fuzz_position, policy_steps, say

USERS = {"p1": "alice", "p2": "bob", "referee": "ref", "overlord": "alice", "h1": "bob"}


async def quick(service, store, steps):
    await say(service, "alice", "/game new ruleset:dnd-minis-quick seed:3")
    if steps >= 0:
        await say(service, "bob", "/game join")
        await policy_steps(service, store, steps, USERS)


async def war_drums(service, store, steps):
    for user, (name, cards) in {"alice": ("Knights", "paladin, fighter, fighter, archer"),
                                "bob": ("Church", "cleric, soldier, soldier, dwarf")}.items():
        await say(service, user, f"/warband new name:{name} edition:war-drums faction:LG")
        for card in cards.split(", "):
            await say(service, user, f"/warband add name:{name} creature:{card}")
    await say(service, "alice", "/game new ruleset:dnd-minis seed:8 settings:map=shattered-causeway")
    if steps >= 0:
        await say(service, "bob", "/game join")
        await say(service, "alice", "/warband use name:Knights")
        await say(service, "bob", "/warband use name:Church")
        await policy_steps(service, store, steps, USERS)


async def encounter(service, store, steps):
    await say(service, "ref", "/game new ruleset:dnd35-encounter map:crypt seed:11")
    if steps >= 0:
        await say(service, "alice", "/game join seat:p1")
        await say(service, "ref", '/place creature:Aria square:B2 hp:14 ac:16 init:3 race:elf owner:p1')
        await say(service, "ref", "/place creature:Orc square:E3 hp:6 ac:13")
        if steps >= 1:
            await say(service, "ref", "/initiative")
            await policy_steps(service, store, steps, USERS)
        if steps >= 99:
            await say(service, "ref", "/finish reason:done")


async def conan(service, store, steps):
    """The Overlord (alice) against one player running the four heroes (bob)."""
    await say(service, "alice", "/game new ruleset:conan scenario:idol-of-set seed:0 settings:players=1")
    if steps >= 0:
        await say(service, "bob", "/game join")
        await policy_steps(service, store, steps, USERS)


POSITIONS = {  # name: (builder, steps); steps -1: nobody seated yet
    "quick-open": (quick, -1), "quick-setup": (quick, 2), "quick-play": (quick, 6), "quick-over": (quick, 60),
    "wd-open": (war_drums, -1), "wd-setup": (war_drums, 2), "wd-play": (war_drums, 25),
    "enc-open": (encounter, -1), "enc-setup": (encounter, 0), "enc-play": (encounter, 3),
    "enc-over": (encounter, 99),
    "conan-open": (conan, -1), "conan-play": (conan, 12), "conan-later": (conan, 60), "conan-over": (conan, 2500),
}


@pytest.fixture(scope="module")
def positions(tmp_path_factory):
    return build_positions(tmp_path_factory.mktemp("positions"), POSITIONS)


@pytest.mark.parametrize("position", list(POSITIONS))
@FUZZ_SETTINGS
@given(data=st.data())
def test_a_fuzzed_line_is_accepted_or_refused_without_change(positions, tmp_path, position, data):
    fuzz_position(positions[position], tmp_path, data)
