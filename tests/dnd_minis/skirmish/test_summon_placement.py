"""Summoned creatures are put down by their player, anywhere legal within 6 squares of the
summoner (War Drums glossary "Summon": "brings the creature onto the battle map within 6 squares
of the caster"; #15 item 17). The game asks with /decide; /place square: answers too."""

import pytest

from engine.core import IllegalAction
from engine.grid import square_name
from tests.dnd_minis.skirmish.helpers import RULES, act, battle, card, first

CONJURER = card("Conjurer", hp=20, commander=2,
                spells=[{"name": "Summon Archer", "uses": 1, "range": "self", "effect": "summon an archer"}])
FOE = card("Foe")


def summoning():
    state = battle([("wiz", CONJURER, "p1", (5, 5)), ("foe", FOE, "p2", (6, 6))])
    state, _ = act(state, "activate", "p1", creature="wiz")
    state, events = act(state, "cast", "p1", creature="wiz", spell="Summon Archer")
    return state, events


def archer(state):
    return next(c for c in state.creatures.values() if c.card.id == "archer")


def test_the_player_is_asked_among_every_legal_square_within_6():
    state, events = summoning()
    decision = state.pending.decision
    assert decision.seat == "p1" and decision.key == "summon-square"
    squares = set(decision.options)
    assert "L6" in squares and "M6" not in squares  # 6 squares east of F6 (column L); 7 is too far
    assert "G7" not in squares and "F6" not in squares  # the foe's and the conjurer's own squares
    assert len(squares) > 100
    assert not any(c.card.id == "archer" for c in state.creatures.values())  # nothing placed yet


def test_decide_puts_it_on_the_chosen_square_and_it_cannot_activate_this_round():
    state, _ = summoning()
    state, events = act(state, "decide", "p1", option="L6")
    summoned = archer(state)
    assert summoned.square == (11, 5) and summoned.summoner == "wiz"
    assert first(events, "summoned").data["square"] == [11, 5]
    assert summoned.arrived_round == state.round


def test_place_square_answers_the_question():
    state, _ = summoning()
    action = RULES.action_from_command(state, "p1", "place", {"square": "b2"})
    assert action.kind == "decide" and action.option == "B2"
    state, _ = RULES.apply(state, action)
    assert square_name(archer(state).square) == "B2"


def test_a_square_outside_6_or_taken_is_refused_and_changes_nothing():
    state, _ = summoning()
    before = state.model_dump(mode="json")
    for square in ("M6", "G7"):
        with pytest.raises(IllegalAction):
            RULES.apply(state, RULES.action_from_command(state, "p1", "place", {"square": square}))
        with pytest.raises(IllegalAction) as err:
            RULES.apply(state, RULES.action_from_command(state, "p1", "decide", {"option": square}))
        assert err.value.code == "bad-option"
    assert state.model_dump(mode="json") == before
