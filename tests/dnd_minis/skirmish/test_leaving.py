"""A late player dropped from a battle of three or more (timeout=drop): refusals and the end."""

import pytest

from engine.core import IllegalAction
from tests.dnd_minis.skirmish.helpers import RULES, battle, card


def _timeout(state, seat):
    return RULES.apply(state, RULES.parse_action({"kind": "timeout", "seat": seat, "policy": "drop"}))


def test_a_two_player_battle_and_the_set_up_cannot_drop_a_seat():
    orc = card("Orc", commander=2)
    duel = battle([("a", orc, "p1", (1, 1)), ("b", orc, "p2", (5, 5))])
    with pytest.raises(IllegalAction) as err:
        _timeout(duel, "p1")
    assert err.value.code == "cannot-drop"
    fresh = RULES.new_game(3, {"players": 3, "scenario": "free-for-all"})
    assert fresh.phase == "warbands"
    with pytest.raises(IllegalAction) as err:
        _timeout(fresh, "p1")
    assert err.value.code == "cannot-drop" and not fresh.dropped


def test_the_last_player_standing_wins_when_the_other_is_dropped():
    orc = card("Orc", commander=2)
    state = battle([("a", orc, "p1", (1, 1)), ("b", orc, "p2", (5, 5)), ("c", orc, "p3", (9, 9))],
                   options={"players": 3, "scenario": "free-for-all"}, order=("p1", "p2", "p3"))
    state.creatures["c"].destroyed, state.creatures["c"].square = True, None  # player 3 has nothing left
    after, events = _timeout(state, "p1")
    assert after.is_over and after.result.winners == ["p2"]
    assert "seat_dropped" in [e.kind for e in events]


def test_a_drop_in_the_initiative_phase_leaves_the_others_to_roll():
    orc = card("Orc", commander=2)
    state = battle([("a", orc, "p1", (1, 1)), ("b", orc, "p2", (5, 5)), ("c", orc, "p3", (9, 9))],
                   options={"players": 3, "scenario": "free-for-all"}, order=("p1", "p2", "p3"))
    state.phase, state.order, state.phase_seat = "initiative", [], None
    after, _ = _timeout(state, "p2")
    assert not after.is_over and RULES.to_act(after) == ["p1", "p3"]
    after, _ = RULES.apply(after, RULES.parse_action({"kind": "initiative", "seat": "p1"}))
    assert after.chooser in ("p1", "p3")


def test_a_creature_the_dropped_player_held_by_confusion_returns_to_its_owner():
    orc = card("Orc", commander=2)
    state = battle([("a", orc, "p1", (1, 1)), ("b", orc, "p2", (5, 5)), ("c", orc, "p3", (9, 9))],
                   options={"players": 3, "scenario": "free-for-all"}, order=("p1", "p2", "p3"))
    state.creatures["b"].controller = "p1"
    after, _ = _timeout(state, "p1")
    assert after.creatures["b"].controller is None and after.creatures["b"].on_board
