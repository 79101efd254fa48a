"""What a replay and a move share instead of making anew: one map object per map content, and a
creature's grid body kept while nothing it is made of changes (never a stale one)."""

from __future__ import annotations

import pydantic
import pytest

from engine.rulesets.dnd35_encounter.creature import Creature
from tests.dnd35_encounter.helpers import OPEN, RULES, cmd, new


def test_games_on_the_same_map_share_one_map_object():
    # An undo replays from a new game: its map's lookup tables and step memo are already built.
    assert new(OPEN).map is new(OPEN).map
    assert new(OPEN).map is not new(None).map


def test_a_kept_body_is_never_stale():
    orc = Creature(id="orc", name="Orc", owner="referee", anchor=(2, 3), hp=5, max_hp=5)
    body = orc.body()
    assert orc.body() is body  # nothing changed: the same frozen body
    with pytest.raises(pydantic.ValidationError):
        body.anchor = (0, 0)  # shared, so it cannot be changed under another creature
    orc.anchor = (4, 4)
    assert orc.body().anchor == (4, 4) and body.anchor == (2, 3)
    orc.conditions.append("flying")
    assert orc.body().flying and not body.flying
    orc.hp = -1
    assert orc.body().helpless and not orc.body().active
    orc.shape, orc.traits = (1, 1), ["incorporeal"]
    assert orc.body().incorporeal and orc.body().shape == (1, 1)


def test_a_move_after_a_condition_change_sees_the_new_body():
    state, _ = cmd(new(), "referee", "place", creature="Orc", square="B2", hp=10, init=5)
    state, _ = cmd(state, "referee", "place", creature="Elf", square="D2", hp=10, init=1)
    state, _ = cmd(state, "referee", "initiative")
    before = state.creatures["orc"].body()
    state, _ = cmd(state, "referee", "condition", creature="orc", add="flying")
    assert state.creatures["orc"].body().flying and not before.flying
    state, events = cmd(state, "referee", "move", creature="orc", to="C2")
    assert state.creatures["orc"].body().anchor == (2, 1)
