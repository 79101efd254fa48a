"""Reroll questions only when the player can reroll, and the standing order /reroll auto:keep.

Seed (004, lines 217-223): "Puoi eseguire le azioni di Rilancio dopo aver lanciato i dadi ma prima
totalizzare i risultati del lancio. Assegna 1 o più gemme dalla tua zona di riserva al tuo spazio
di Rilancio." — a paid reroll needs a gem in Reserve; (lines 308-312) "Quando un giocatore lancia
un dado che mostra un icona di Rilancio, può effettuare il rilancio gratuito..." — a free reroll
needs the icon. With neither (nor Support), nobody is asked.
"""

import pytest

from engine.core import IllegalAction
from engine.core.decisions import Decide
from engine.rulesets.conan.actions import Attack, RerollOrder

from conan_helpers import H, RULES, act, action_phase, asked, clear_models, gems, only, table


def _duel(reserve=10):
    state = action_phase(only(table(heroes={"conan": H}), "conan"))
    clear_models(state, keep=("sentry-1",))
    state.models["sentry-1"].area = "gate"
    gems(state.heroes["conan"], reserve=reserve, fatigue=12 - reserve)
    return state


ATTACK = Attack(seat="h1", creature="conan", target="sentry-1", gems=3, card="none")


def test_no_question_without_a_way_to_reroll():
    # Three gems, all spent on the attack: no gem for the Reroll space, no icon on s1 dice.
    state, _ = RULES.apply(_duel(reserve=3), ATTACK)
    assert asked(state)[0] == "guard"  # straight to the Overlord's Guard benefit
    # With a gem left over, the hero is asked.
    state, _ = RULES.apply(_duel(reserve=4), ATTACK)
    assert asked(state) == ("reroll", ["keep", "reroll-1", "reroll-2", "reroll-3"])


def test_standing_order_keeps_every_roll_and_can_be_taken_back():
    state, events = RULES.apply(_duel(), RerollOrder(seat="h1", choice="keep"))
    assert state.keep_rolls == ["h1"] and "keeps every roll" in events[0].text
    after, _ = RULES.apply(state, ATTACK)
    assert asked(after)[0] == "guard"
    state, _ = RULES.apply(state, RerollOrder(seat="h1", choice="ask"))
    assert state.keep_rolls == []
    after, _ = RULES.apply(state, ATTACK)
    assert asked(after)[0] == "reroll"


def test_order_given_while_a_roll_waits_keeps_it_and_replays_exactly():
    start = _duel()
    # The hero rerolls die 1 (answered), is asked again, then gives the order: that roll is kept,
    # and the earlier answer is still read, so the game goes on to the Overlord's Guard.
    state, _ = act(start, ATTACK, "reroll-1")
    assert asked(state)[0] == "reroll"
    state, events = RULES.apply(state, RerollOrder(seat="h1", choice="keep"))
    assert asked(state)[0] == "guard"
    assert not any("paid reroll" in e.text for e in events)  # shown once, when it was answered
    done, _ = RULES.apply(state, Decide(seat="overlord", option="none"))
    while asked(done) and asked(done)[0] == "reroll" and done.pending.decision.seat == "overlord":
        done, _ = RULES.apply(done, Decide(seat="overlord", option="keep"))
    assert done.pending is None and done.heroes["conan"].gems["reroll"] == 1  # the one paid reroll
    # Replaying the same log from the same start gives the same position.
    again, _ = act(start, ATTACK, "reroll-1")
    again, _ = RULES.apply(again, RerollOrder(seat="h1", choice="keep"))
    assert again.model_dump() == state.model_dump()


def test_the_order_is_a_command_and_a_bad_one_changes_nothing():
    state = _duel()
    order = RULES.action_from_command(state, "h1", "reroll", {"auto": "keep"})
    assert order == RerollOrder(seat="h1", choice="keep")
    with pytest.raises(IllegalAction, match="auto: keep"):
        RULES.action_from_command(state, "h1", "reroll", {"auto": "sometimes"})
    # The Overlord gives his own order too; it does not touch the heroes'.
    state, _ = RULES.apply(state, RULES.action_from_command(state, "overlord", "reroll", {"auto": "keep"}))
    assert state.keep_rolls == ["overlord"]
