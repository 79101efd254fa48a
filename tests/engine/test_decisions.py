"""The framework's pending decisions: a question mid-action, answered with /decide.

A small ruleset made for the test rolls a die, asks its player a question, then rolls again;
the properties hold for every ruleset because the framework, not the ruleset, owns them.
"""

from __future__ import annotations

from typing import Any, Literal

import pytest

from engine.core import Action, BoardView, Event, GameState, IllegalAction, Resign, Rng, Ruleset, Seat, roll_d20
from engine.core.decisions import Decide, decide


class Swing(Action):
    kind: Literal["swing"] = "swing"


class Tally(GameState):
    hits: list[str] = []
    swings: int = 0


class DuelRules(Ruleset):
    """Each swing rolls a d20; on 10+ the swinger picks which of two foes is hit, and with
    two foes hit on one swing (20) they also pick the order — two questions in one action."""

    name = "test-duel"
    title = "Duel"
    state_model = Tally
    action_types = (Swing,)

    def new_game(self, seed: int, options: dict[str, Any] | None = None) -> GameState:
        return Tally(ruleset=self.name, seed=seed, rng=Rng.from_seed(seed),
                     seats=[Seat(id="p1", name="Ann"), Seat(id="p2", name="Bob")], phase="play")

    def _apply(self, state: GameState, action: Action, events: list[Event]) -> None:
        if action.seat != "p1":
            raise IllegalAction("not-your-turn", "Only Ann swings.")
        state.swings += 1
        roll = roll_d20(state.rng, purpose="swing")
        events.append(Event(kind="swing", text="Ann swings.", roll=roll))
        if roll.total >= 10:
            first = decide(state, "p1", "foe", "Which foe is hit?", ["orc", "goblin"])
            state.hits.append(first)
            events.append(Event(kind="hit", text=f"The {first} is hit."))
            if roll.total == 20:
                second = decide(state, "p1", "again", "A second hit: which foe?", ["orc", "goblin", "none"])
                if second != "none":
                    state.hits.append(second)
        events.append(Event(kind="after", text="Ann rolls again.", roll=roll_d20(state.rng, purpose="after")))

    def _to_act(self, state: GameState) -> list[str]:
        return ["p1"]

    def _legal_actions(self, state: GameState, seat: str) -> list[Action]:
        return [Swing(seat=seat)] if seat == "p1" else []

    def board(self, state: GameState) -> BoardView:
        return BoardView(width=1, height=1)

    def _action_from_command(self, state: GameState, seat: str, command: str, options: dict[str, Any]) -> Action:
        return Swing(seat=seat)


RULES = DuelRules()


def _seed_with_first_roll(predicate) -> int:
    for seed in range(500):
        if predicate(roll_d20(Rng.from_seed(seed)).total):
            return seed
    raise AssertionError("no seed")


def test_a_question_keeps_the_state_from_before_the_action_and_shows_what_happened_so_far():
    seed = _seed_with_first_roll(lambda t: 10 <= t < 20)
    start = RULES.new_game(seed)
    waiting, events = RULES.apply(start, Swing(seat="p1"))
    assert waiting.swings == 0 and waiting.hits == []  # nothing of the action is kept yet
    assert waiting.rng == start.rng  # not even the die already rolled
    assert [e.kind for e in events] == ["swing", "decision"]
    assert events[-1].text == "❓ Ann — Which foe is hit? Answer with /decide option: orc or goblin."
    assert RULES.to_act(waiting) == ["p1"]
    assert RULES.legal_actions(waiting, "p1") == [Decide(seat="p1", option="orc"), Decide(seat="p1", option="goblin")]
    assert RULES.legal_actions(waiting, "p2") == []
    assert "Which foe is hit?" in RULES.status(waiting)


def test_the_answer_replays_the_same_dice_and_does_not_repeat_the_events_already_shown():
    seed = _seed_with_first_roll(lambda t: 10 <= t < 20)
    start = RULES.new_game(seed)
    waiting, shown = RULES.apply(start, Swing(seat="p1"))
    done, rest = RULES.apply(waiting, RULES.action_from_command(waiting, "p1", "decide", {"option": "Goblin"}))
    assert done.pending is None and done.hits == ["goblin"] and done.swings == 1
    assert [e.kind for e in rest] == ["hit", "after"]
    # The whole action's events, told in two parts, are those of one uninterrupted run.
    assert [e.text for e in shown[:-1] + rest] == ["Ann swings.", "The goblin is hit.", "Ann rolls again."]
    assert shown[0].roll.total == roll_d20(Rng.from_seed(seed)).total


def test_two_questions_in_one_action_and_the_log_replays_exactly():
    seed = _seed_with_first_roll(lambda t: t == 20)
    state = RULES.new_game(seed)
    log: list[Action] = [Swing(seat="p1"), Decide(seat="p1", option="orc"), Decide(seat="p1", option="goblin")]
    seen: list[str] = []
    for action in log:
        state, events = RULES.apply(state, action)
        seen += [e.kind for e in events]
    assert seen == ["swing", "decision", "hit", "decision", "after"]
    assert state.hits == ["orc", "goblin"] and state.pending is None
    replayed, _ = RULES.replay(seed, None, [RULES.parse_action(a.model_dump(mode="json")) for a in log])
    assert replayed.model_dump() == state.model_dump()


@pytest.mark.parametrize("action, code", [
    (Decide(seat="p2", option="orc"), "not-your-decision"),
    (Decide(seat="p1", option="troll"), "bad-option"),
    (Swing(seat="p1"), "decision-pending"),
])
def test_while_a_question_waits_anything_but_its_answer_is_refused_and_changes_nothing(action, code):
    waiting, _ = RULES.apply(RULES.new_game(_seed_with_first_roll(lambda t: 10 <= t < 20)), Swing(seat="p1"))
    before = waiting.model_dump()
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(waiting, action)
    assert refused.value.code == code
    assert waiting.model_dump() == before


def test_no_question_is_asked_when_the_rules_leave_no_choice_and_no_answer_is_taken_unasked():
    seed = _seed_with_first_roll(lambda t: t < 10)
    state, events = RULES.apply(RULES.new_game(seed), Swing(seat="p1"))
    assert state.pending is None and [e.kind for e in events] == ["swing", "after"]
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, Decide(seat="p1", option="orc"))
    assert refused.value.code == "nothing-to-decide"
    state.begin_answers(["ignored"])
    assert decide(state, "p1", "only", "Only one way?", ["yes"]) == "yes"


def test_a_player_may_resign_while_a_question_waits():
    waiting, _ = RULES.apply(RULES.new_game(_seed_with_first_roll(lambda t: 10 <= t < 20)), Swing(seat="p1"))
    over, _ = RULES.apply(waiting, Resign(seat="p1"))
    assert over.is_over and over.pending is None and RULES.to_act(over) == []


def test_the_pending_question_survives_the_store_round_trip():
    waiting, _ = RULES.apply(RULES.new_game(_seed_with_first_roll(lambda t: 10 <= t < 20)), Swing(seat="p1"))
    loaded = RULES.load_state(waiting.model_dump_json())
    assert loaded.pending == waiting.pending
    done, _ = RULES.apply(loaded, Decide(seat="p1", option="orc"))
    assert done.hits == ["orc"]


def test_replay_copies_no_state_per_action_and_matches_play_step_by_step(monkeypatch):
    """#15 item 3: a replay applies the log in place (one copy in all, not one per action),
    answers included, and ends exactly where step-by-step play ends — also when the log ends
    on an open question, which is open again, and when it starts from a saved state."""
    seeds = [_seed_with_first_roll(lambda t: t == 20), _seed_with_first_roll(lambda t: 10 <= t < 20),
             _seed_with_first_roll(lambda t: t < 10)]
    for seed in seeds:
        state = RULES.new_game(seed)
        log: list[Action] = []
        for _ in range(12):
            action = (Decide(seat="p1", option=state.pending.decision.options[0]) if state.pending
                      else Swing(seat="p1"))
            state, _ = RULES.apply(state, action)
            log.append(action)
        log.append(Swing(seat="p1"))
        try:
            state, _ = RULES.apply(state, log[-1])
        except IllegalAction:
            log.pop()
        copies = []
        real = GameState.model_copy
        monkeypatch.setattr(GameState, "model_copy", lambda self, **kw: copies.append(1) or real(self, **kw))
        replayed, _ = RULES.replay(seed, None, log)
        assert len(copies) <= 3  # the last action's own run and its answers only
        monkeypatch.undo()
        assert replayed.model_dump() == state.model_dump()
        middle, _ = RULES.replay(seed, None, log[:5])
        rest, _ = RULES.replay(seed, None, log[5:], start=middle)
        if middle.pending is None:
            assert rest.model_dump() == state.model_dump()


def test_the_table_sees_the_action_up_to_its_question_while_the_stored_state_stays_before_it():
    """A board drawn under a question shows what the reply already told (here Ann's swing
    counted), where the stored state is the one before the action; answered, as_seen is the state."""
    seed = _seed_with_first_roll(lambda t: t == 20)
    start = RULES.new_game(seed)
    waiting, _ = RULES.apply(start, Swing(seat="p1"))
    seen = RULES.as_seen(waiting)
    assert waiting.swings == 0 and seen.swings == 1 and seen.hits == []
    assert seen.pending == waiting.pending and waiting.swings == 0  # nothing stored changed
    after_one, _ = RULES.apply(waiting, Decide(seat="p1", option="orc"))  # the second question waits
    assert RULES.as_seen(after_one).hits == ["orc"] and after_one.hits == []
    done, _ = RULES.apply(after_one, Decide(seat="p1", option="none"))
    assert RULES.as_seen(done) is done and done.hits == ["orc"]
