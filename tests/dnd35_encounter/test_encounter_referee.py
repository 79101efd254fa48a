"""The referee's powers (override, pause, resume, finish), resigning, and replay."""

import pytest

from engine.core import IllegalAction
from engine.grid import square_name
from tests.dnd35_encounter.helpers import RULES, at, cmd, grid_data, new, place, refused, texts
from tests.scripted import script_dice


def started():
    state = new(grid_data("......\n.#....\n......\n......"))
    state = place(state, "Hero", "A1", hp=12, init=5, owner="p1")
    state = place(state, "Orc", "F4", hp=10, init=0)
    script_dice(state, 18, 2)
    state, _ = cmd(state, "referee", "initiative")
    return state


def test_override_puts_a_creature_anywhere_and_says_so():
    state = started()
    state, events = cmd(state, "referee", "override", creature="orc", to="B2", reason="shoved into the rock")
    assert at(state, "orc") == "B2"  # even into a wall: the referee's call
    override = next(e for e in events if e.kind == "override")
    assert "Referee override" in override.text and "shoved into the rock" in override.text
    assert override.data == {"creature": "orc", "from": [5, 3], "to": [1, 1]}
    assert state.turn.creature == "hero" and state.turn.spent == 0  # no turn is spent
    refused(state, "p1", "override", "referee-only", creature="hero", to="C3")
    refused(state, "referee", "override", "unknown-square", creature="hero", to="Q9")
    state = place(new(), "Ogre", "A1", hp=30, size="large")
    refused(state, "referee", "override", "off-map", creature="ogre", to="AD12")


def test_override_works_before_the_fight_and_while_paused():
    state = place(new(), "Orc", "A1")
    state, _ = cmd(state, "referee", "override", creature="orc", to="C3")
    assert at(state, "orc") == "C3"


def test_pause_and_resume():
    state = started()
    state, events = cmd(state, "referee", "pause", reason="pizza")
    assert state.phase == "paused" and "pizza" in texts(events)
    assert RULES.to_act(state) == ["referee"]
    assert "paused" in RULES.status(state)
    err = refused(state, "p1", "move", "paused", to="A2")
    assert "/resume" in err.message
    refused(state, "p1", "resume", "referee-only")
    refused(state, "referee", "pause", "paused")
    state, _ = cmd(state, "referee", "damage", creature="orc", amount="3")  # adjustments still work
    state, events = cmd(state, "referee", "resume")
    assert state.phase == "combat" and "Hero's turn" in texts(events)
    state, _ = cmd(state, "p1", "move", to="A2")
    refused(state, "referee", "resume", "wrong-phase")


def test_finish_ends_the_encounter():
    state = started()
    refused(state, "p1", "finish", "referee-only")
    state, _ = cmd(state, "referee", "damage", creature="orc", amount="12")
    state, events = cmd(state, "referee", "finish", reason="the orcs flee")
    assert state.is_over and state.result.reason == "the orcs flee" and state.phase == "over"
    assert events[-1].kind == "game_over" and "Down: Orc" in events[-1].text
    assert RULES.to_act(state) == [] and RULES.legal_actions(state, "referee") == []
    assert "over" in RULES.status(state)
    with pytest.raises(IllegalAction) as err:
        cmd(state, "p1", "move", to="A2")
    assert err.value.code == "game-over"
    # Finishing during set-up works too, with a default reason.
    state, _ = cmd(place(new(), "Orc", "A1"), "referee", "finish")
    assert state.result.reason == "the referee ended the encounter"


def test_resigning_player_leaves_the_fight_running():
    state = started()
    resign = RULES.parse_action({"kind": "resign", "seat": "p1"})
    state2, events = RULES.apply(state, resign)
    assert not state2.is_over and "leaves the encounter" in events[0].text
    state2, _ = cmd(state2, "referee", "move", to="B1")  # the referee commands the Hero now
    state3, events = RULES.apply(state, RULES.parse_action({"kind": "resign", "seat": "referee"}))
    assert state3.is_over and state3.result.reason == "the referee resigned"


def test_legal_actions_suggest_moves_targets_and_end():
    state = started()
    mine = RULES.legal_actions(state, "p1")
    kinds = {a.kind for a in mine}
    assert {"move", "attack", "end"} <= kinds
    squares = {RULES.square_label(a.to) for a in mine if a.kind == "move"}
    assert "A2" in squares and "B2" not in squares  # the wall square
    assert RULES.suggestions(state, "p1", "creature") == ["hero", "orc"]
    assert RULES.legal_actions(state, "p2") == []
    assert "remove" in {a.kind for a in RULES.legal_actions(state, "referee")}


def test_replay_from_seed_and_action_log_gives_the_same_state():
    options = {"map": "crypt", "squeeze_through_opponent": True}
    state = RULES.new_game(99, options)
    lines = [
        ("referee", "place", dict(creature="Aria", square="B2", hp=14, ac=16, init=3, race="elf", owner="p1")),
        ("referee", "place", dict(creature="Borin", square="C3", hp=18, ac=18, init=1, race="dwarf",
                                  armor="heavy", owner="p2")),
        ("referee", "place", dict(creature="Orc", square="J4", hp=11, ac=13, init=1)),
        ("referee", "place", dict(creature="Orc", square="K5", hp=11, ac=13, init=1)),
        ("referee", "initiative", {}),
    ]
    actions = []
    for seat, command, options_ in lines:
        action = RULES.action_from_command(state, seat, command, options_)
        state, _ = RULES.apply(state, action)
        actions.append(action)
    # Play a few turns: every creature moves toward the middle and attacks whoever it can.
    for _ in range(8):
        current = state.current
        seat = current.owner
        x, y = current.anchor
        step = square_name((x + 1 if current.owner != "referee" else x - 1, y))
        for command, options_ in (("move", {"to": step}),
                                  ("attack", {"target": "orc" if current.owner != "referee" else "aria",
                                              "roll": "1d20+4", "damage": "1d8+2"}),
                                  ("end", {})):
            try:
                action = RULES.action_from_command(state, seat, command, options_)
                state, _ = RULES.apply(state, action)
            except IllegalAction:
                continue
            actions.append(action)
    kinds = [a.kind for a in actions]
    assert kinds.count("move") >= 4 and kinds.count("attack") >= 4 and state.round >= 2
    stored = [a.model_dump(mode="json") for a in actions]
    replayed, _ = RULES.replay(99, options, [RULES.parse_action(a) for a in stored])
    assert replayed.model_dump(mode="json") == state.model_dump(mode="json")
    reloaded = RULES.load_state(state.model_dump_json())
    assert reloaded.model_dump(mode="json") == state.model_dump(mode="json")
