"""A rules update between a question and its answer that changes the question itself (#10).

The answered run is played again from its start with the answers given. When the updated
rules ask something else where an answer was given (another question, maybe of the other
player, or nothing at all), that answer no longer answers anything: it is set aside with a
one-line notice, the question the action now asks goes to the player it is for, the answers
that still fit are kept, and the game goes on. The log keeps every answer, each naming the
question it answered, so the game still replays exactly to the state the table has.
"""

from __future__ import annotations

from typing import Any, Literal

import pytest

from engine.core import Action, BoardView, Event, GameState, IllegalAction, Rng, Ruleset, Seat, roll_d20
from engine.core.decisions import decide


class Lunge(Action):
    kind: Literal["lunge"] = "lunge"


class Score(GameState):
    hits: list[str] = []
    parried: bool = False


class LungeRules(Ruleset):
    """Ann lunges: a d20, then she picks the foe hit; under version 1 she is then asked for a
    follow-up; version 2 (the "update") first asks Bob whether he parries, then the follow-up;
    version 3 asks nothing more."""

    name = "test-lunge"
    title = "Lunge"
    state_model = Score
    action_types = (Lunge,)
    version = 1

    def new_game(self, seed: int, options: dict[str, Any] | None = None) -> GameState:
        return Score(ruleset=self.name, seed=seed, rng=Rng.from_seed(seed),
                     seats=[Seat(id="p1", name="Ann"), Seat(id="p2", name="Bob")], phase="play")

    def _apply(self, state: GameState, action: Action, events: list[Event]) -> None:
        events.append(Event(kind="lunge", text="Ann lunges.", roll=roll_d20(state.rng, purpose="lunge")))
        foe = decide(state, "p1", "foe", "Which foe is hit?", ["orc", "goblin"])
        state.hits.append(foe)
        events.append(Event(kind="hit", text=f"The {foe} is hit."))
        if self.version == 2:
            state.parried = decide(state, "p2", "parry", "Does Bob parry?", ["yes", "no"]) == "yes"
        if self.version in (1, 2):
            more = decide(state, "p1", "follow", "Follow up on whom?", ["orc", "goblin", "none"])
            if more != "none" and not state.parried:
                state.hits.append(more)
        events.append(Event(kind="after", text="Ann steps back.", roll=roll_d20(state.rng, purpose="after")))

    def _to_act(self, state: GameState) -> list[str]:
        return ["p1"]

    def _legal_actions(self, state: GameState, seat: str) -> list[Action]:
        return [Lunge(seat=seat)] if seat == "p1" else []

    def board(self, state: GameState) -> BoardView:
        return BoardView(width=1, height=1)

    def _action_from_command(self, state: GameState, seat: str, command: str, options: dict[str, Any]) -> Action:
        return Lunge(seat=seat)


RULES = LungeRules()


def _answer(state, seat, option, log):
    action = RULES.action_from_command(state, seat, "decide", {"option": option})
    log.append(RULES.parse_action(action.model_dump(mode="json")))  # the store keeps it as JSON
    state, events = RULES.apply(state, action)
    return RULES.load_state(state.model_dump_json()), events


@pytest.fixture
def rules_version(monkeypatch):
    def set_version(v: int) -> None:
        monkeypatch.setattr(LungeRules, "version", v)
    return set_version


def test_a_changed_question_goes_to_its_player_and_the_stale_answer_is_set_aside(rules_version):
    rules_version(1)
    state = RULES.new_game(4)
    log: list[Action] = [Lunge(seat="p1")]
    state, _ = RULES.apply(state, log[0])
    state, _ = _answer(state, "p1", "orc", log)
    assert state.pending.decision.key == "follow"
    rules_version(2)  # the bot is updated while Ann's follow-up question waits
    state, events = _answer(state, "p1", "goblin", log)
    # not refused: the answer is set aside in one line, and Bob is asked what the rules now ask
    notices = [e for e in events if e.kind == "answer_set_aside"]
    assert len(notices) == 1 and "goblin" in str(notices[0].text) and "\n" not in str(notices[0].text)
    assert events[-1].kind == "decision" and events[-1].seat == "p2"
    assert state.pending.decision.key == "parry" and state.pending.answers == ["orc"]  # Ann's first answer kept
    assert RULES.to_act(state) == ["p2"] and "Bob" in RULES.status(state)
    assert state.hits == []  # nothing of the action is kept while it waits
    with pytest.raises(IllegalAction):  # Ann cannot answer Bob's question
        RULES.apply(state, RULES.action_from_command(state, "p1", "decide", {"option": "no"}))
    state, events = _answer(state, "p2", "no", log)
    assert state.pending.decision.key == "follow" and state.pending.decision.seat == "p1"
    assert not any(e.kind == "answer_set_aside" for e in events)
    state, events = _answer(state, "p1", "goblin", log)
    assert state.pending is None and state.hits == ["orc", "goblin"] and not state.parried
    assert [e.kind for e in events] == ["after"]
    # play goes on, and the log (the set-aside answer in it) replays to the very same state
    log.append(Lunge(seat="p1"))
    state, _ = RULES.apply(state, log[-1])
    replayed, _ = RULES.replay(4, None, log)
    assert replayed.model_dump(mode="json") == state.model_dump(mode="json")
    assert replayed.pending is not None and replayed.pending.decision.key == "foe"


def test_an_answer_the_updated_rules_no_longer_ask_for_is_set_aside_and_the_action_ends(rules_version):
    rules_version(1)
    state = RULES.new_game(9)
    log: list[Action] = [Lunge(seat="p1")]
    state, shown = RULES.apply(state, log[0])
    state, more = _answer(state, "p1", "goblin", log)
    shown += more
    rules_version(3)
    state, events = _answer(state, "p1", "orc", log)
    assert state.pending is None and state.hits == ["goblin"]
    assert events[0].kind == "answer_set_aside" and "orc" in str(events[0].text)
    assert [e.kind for e in events[1:]] == ["after"]  # what came before was shown already
    replayed, _ = RULES.replay(9, None, log)
    assert replayed.model_dump(mode="json") == state.model_dump(mode="json")


def test_earlier_answers_that_no_longer_fit_are_set_aside_too(rules_version):
    """Version 2 asked Bob to parry before the follow-up: under version 1 Ann's answer to the
    follow-up, given as the second question, no longer names the second question asked."""
    rules_version(2)
    state = RULES.new_game(4)
    log: list[Action] = [Lunge(seat="p1")]
    state, _ = RULES.apply(state, log[0])
    state, _ = _answer(state, "p1", "orc", log)
    state, _ = _answer(state, "p2", "yes", log)
    assert state.pending.decision.key == "follow" and state.pending.answers == ["orc", "yes"]
    rules_version(1)
    state, events = _answer(state, "p1", "goblin", log)
    [notice] = [e for e in events if e.kind == "answer_set_aside"]
    assert "yes, goblin" in str(notice.text)  # Bob's parry, then Ann's follow-up at the wrong place
    assert state.pending.decision.key == "follow" and state.pending.answers == ["orc"]
    state, _ = _answer(state, "p1", "goblin", log)
    assert state.pending is None and state.hits == ["orc", "goblin"]
    replayed, _ = RULES.replay(4, None, log)
    assert replayed.model_dump(mode="json") == state.model_dump(mode="json")


def test_unchanged_rules_take_every_answer_and_set_nothing_aside(rules_version):
    rules_version(2)
    state = RULES.new_game(4)
    log: list[Action] = [Lunge(seat="p1")]
    state, events = RULES.apply(state, log[0])
    for seat, option in (("p1", "orc"), ("p2", "no"), ("p1", "goblin")):
        state, more = _answer(state, seat, option, log)
        events += more
    assert state.hits == ["orc", "goblin"] and not any(e.kind in ("answer_set_aside", "rerun") for e in events)
    assert [d.key for d in log[1:]] == ["foe", "parry", "follow"] and [d.at for d in log[1:]] == [0, 1, 2]
    replayed, _ = RULES.replay(4, None, log)
    assert replayed.model_dump(mode="json") == state.model_dump(mode="json")
