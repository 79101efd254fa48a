"""Running out of time in the engine core: the Timeout action, whatever the ruleset."""

import doctest

import pytest

import engine.core.timeout
from engine.core import IllegalAction, Timeout, get_ruleset
import engine.rulesets  # noqa: F401  - registers the shipped rulesets


def test_doctests():
    assert doctest.testmod(engine.core.timeout).failed == 0


def _started(seed=7):
    rules = get_ruleset("dnd-minis-quick")
    state = rules.new_game(seed, {})
    state, _ = rules.apply(state, rules.start_action(state))
    return rules, state


def test_claim_ends_the_game_against_the_late_seat():
    rules, state = _started()
    late = rules.to_act(state)[0]
    after, events = rules.apply(state, Timeout(seat=late, policy="claim"))
    assert after.result.losers == [late] and after.result.winners == [state.other_seat(late)]
    assert [e.kind for e in events] == ["timeout", "game_over"]
    assert state.result is None  # the state given is never changed


def test_only_the_seat_the_game_waits_for_can_time_out():
    rules, state = _started()
    other = state.other_seat(rules.to_act(state)[0])
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, Timeout(seat=other, policy="claim"))
    assert refused.value.code == "not-late"


def test_without_an_end_or_a_single_legal_move_nothing_stands_in():
    rules, state = _started()  # choosing one of two creatures: no end, two answers
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, Timeout(seat=rules.to_act(state)[0], policy="end-turn"))
    assert refused.value.code == "no-timeout-move"


def test_drop_needs_three_seats():
    rules, state = _started()
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, Timeout(seat=rules.to_act(state)[0], policy="drop"))
    assert refused.value.code == "cannot-drop"


def test_a_timeout_is_parsed_from_the_log_and_replays():
    rules, state = _started()
    action = rules.parse_action({"kind": "timeout", "seat": rules.to_act(state)[0], "policy": "claim"})
    assert isinstance(action, Timeout)
