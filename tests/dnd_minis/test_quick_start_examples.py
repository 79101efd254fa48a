"""The Quick Start Battle worked examples (War Drums rules file §29.1, WE-01 to WE-08).

Dice are scripted to the natural rolls the examples give; everything else is the engine.
Seats: p1 and p2. Creature choice happens first (its roll-off is scripted too).
"""

import pytest

from engine.core import IllegalAction, get_ruleset
from engine.grid import GridMap, parse_square
from tests.scripted import remaining, script_dice

RULES = get_ruleset("dnd-minis-quick")

# WE-04 is on open ground with the Orc at (0,0) and the Ranger at (19,0).
OPEN_GROUND = GridMap.from_data({
    "name": "Open ground", "width": 20, "height": 3,
    "zones": [
        {"name": "start A", "kind": "start", "side": "A", "squares": [[0, 0], [0, 2]]},
        {"name": "start B", "kind": "start", "side": "B", "squares": [[19, 0], [19, 2]]},
    ],
}).model_dump(mode="json")


def act(state, action_kind, seat, **fields):
    action = RULES.parse_action({"kind": action_kind, "seat": seat, **fields})
    new_state, events = RULES.apply(state, action)
    return new_state, events


def started(map_data=None, creature_rolls=(12, 3), placement_rolls=(17, 5), orc_seat="p1"):
    """A game where p1 won the creature roll-off and took the Orc, then won the placement roll-off."""
    options = {"map_data": map_data} if map_data else {}
    state = RULES.new_game(seed=1, options=options)
    state = script_dice(state, *creature_rolls, *placement_rolls)
    state, _ = act(state, "start", None)
    chooser = state.chooser
    state, _ = act(state, "choose", chooser, creature="orc" if chooser == orc_seat else "ranger")
    return state


def test_we01_placement_roll_off():
    """Orc player rolls 17, Ranger player 5: the Orc player places first anywhere; the Ranger's
    player must take one of the two start squares on the opposite side."""
    state = RULES.new_game(seed=1)
    state = script_dice(state, 12, 3, 17, 5)  # creature roll-off, then placement roll-off
    state, _ = act(state, "start", None)
    assert state.chooser == "p1"
    state, events = act(state, "choose", "p1", creature="orc")
    assert state.creatures["orc"].side == "p1" and state.creatures["ranger"].side == "p2"
    assert state.placer == "p1"
    rolls = [e.roll.natural for e in events if e.kind == "roll_off"]
    assert rolls == [17, 5]
    all_four = {a.square for a in RULES.legal_actions(state, "p1")}
    assert len(all_four) == 4
    state, _ = act(state, "place", "p1", square=parse_square("A2"))
    assert state.placer == "p2"
    opposite = {a.square for a in RULES.legal_actions(state, "p2")}
    assert opposite == {parse_square("L2"), parse_square("L4")}
    with pytest.raises(IllegalAction) as err:
        act(state, "place", "p2", square=parse_square("A4"))
    assert err.value.code == "not-a-start-square"
    state, events = act(state, "place", "p2", square=parse_square("L4"))
    assert state.phase == "initiative" and any(e.kind == "setup_done" for e in events)


def _placed(map_data=None, orc_square="A2", ranger_square="L2"):
    state = started(map_data)  # the Orc's player places first
    state, _ = act(state, "place", state.creatures["orc"].side, square=parse_square(orc_square))
    state, _ = act(state, "place", state.creatures["ranger"].side, square=parse_square(ranger_square))
    return state


def test_we02_initiative_winner_chooses_the_order():
    """Orc 15, Ranger 17: the Ranger's player decides, and chooses the Orc to act first."""
    state = _placed()
    orc, ranger = state.creatures["orc"].side, state.creatures["ranger"].side
    state = script_dice(state, 15, 17) if orc == "p1" else script_dice(state, 17, 15)
    state, _ = act(state, "initiative", orc)
    assert state.phase == "choose-order" and state.initiative_winner == ranger
    assert RULES.to_act(state) == [ranger]
    with pytest.raises(IllegalAction) as err:
        act(state, "first", orc, first=orc)
    assert err.value.code == "not-your-turn"
    state, _ = act(state, "first", ranger, first=orc)
    assert state.order == [orc, ranger]
    assert state.activation.creature == "orc"


def test_we03_initiative_tie_is_rolled_again():
    state = _placed()
    state = script_dice(state, 11, 11, 4, 9)
    state, events = act(state, "initiative", "p1")
    assert [e.kind for e in events].count("roll_off_tie") == 1
    assert [e.roll.natural for e in events if e.kind == "roll_off"] == [11, 11, 4, 9]
    assert state.initiative_winner == "p2"
    assert remaining(state) == []


def _round_one(map_data=OPEN_GROUND):
    """WE-04 set-up: Orc (p1) at (0,0), Ranger (p2) at (19,0); the Ranger wins and lets the Orc go first."""
    state = _placed(map_data, orc_square="A1", ranger_square="T1")
    state = script_dice(state, 15, 17)
    state, _ = act(state, "initiative", "p1")
    state, _ = act(state, "first", "p2", first="p1")
    return state


def test_we04_round_one_movement():
    state = _round_one()
    assert state.creatures["orc"].square == (0, 0) and state.creatures["ranger"].square == (19, 0)
    # A 6-square move reaches (6,0): not adjacent. It double-moves 12 squares to (12,0).
    state, events = act(state, "move", "p1", creature="orc", to=(12, 0))
    assert state.creatures["orc"].square == (12, 0)
    assert next(e for e in events if e.kind == "move").data["cost"] == 12
    # Twice its speed is spent: nothing is left, so its turn ends by itself and no attack follows.
    assert any(e.kind == "phase_ended" for e in events)
    assert state.activation.creature == "ranger"
    with pytest.raises(IllegalAction):
        act(state, "attack", "p1", creature="orc", target="ranger")
    # The Ranger moves 6 to (13,0), adjacent: entering adjacency provokes nothing.
    state = script_dice(state, 17)
    state, events = act(state, "move", "p2", creature="ranger", to=(13, 0))
    assert state.creatures["ranger"].square == (13, 0)
    assert not [e for e in events if e.kind in ("opportunity", "attack_roll")]
    # One attack after moving; no second one: having moved and attacked, its turn is over.
    turn = state.activation.model_copy(deep=True)
    state, events = act(state, "attack", "p2", creature="ranger", target="orc", entry=1)
    assert any(e.kind == "phase_ended" for e in events) and state.phase == "initiative"
    turn.attacks = 1
    with pytest.raises(IllegalAction) as err:
        turn.check_attack("Wood Elf Ranger", 6, 2)
    assert err.value.code == "one-attack-after-moving"


def test_we04_move_beyond_speed_then_attack_is_refused():
    state = _round_one()
    state, _ = act(state, "move", "p1", creature="orc", to=(7, 0))
    with pytest.raises(IllegalAction) as err:
        act(state, "attack", "p1", creature="orc", target="ranger")
    assert err.value.code == "double-moved"
    # It may finish its double move in a second command: the budget is 12 for the turn.
    state, _ = act(state, "move", "p1", creature="orc", to=(12, 0))
    assert state.creatures["orc"].square == (12, 0)
    with pytest.raises(IllegalAction):
        act(state, "move", "p1", creature="orc", to=(13, 0))


def test_we04_a_six_square_move_does_not_reach_the_ranger():
    state = _round_one()
    with pytest.raises(IllegalAction):
        # (13,0) is 13 squares away: more than a double move.
        act(state, "move", "p1", creature="orc", to=(13, 0))
    state, _ = act(state, "move", "p1", creature="orc", to=(6, 0))
    assert state.creatures["orc"].square == (6, 0)
    legal_targets = [a for a in RULES.legal_actions(state, "p1") if a.kind == "attack"]
    assert legal_targets == []


def _after_round_one_attack():
    state = _round_one()
    state, _ = act(state, "move", "p1", creature="orc", to=(12, 0))
    state, _ = act(state, "move", "p2", creature="ranger", to=(13, 0))
    state = script_dice(state, 17)
    state, events = act(state, "attack", "p2", creature="ranger", target="orc", entry=1)
    return state, events


def test_we05_round_one_attack_hunter_and_orc_foe():
    """d20 17 + 10 = 27 vs AC 18: hit for 10 + 5 Hunter + 5 Orc Foe = 20. Orc 55 -> 35, no morale save."""
    state, events = _after_round_one_attack()
    roll = next(e for e in events if e.kind == "attack_roll")
    assert roll.roll.natural == 17 and roll.roll.total == 27 and roll.data["hit"]
    damage = next(e for e in events if e.kind == "damage")
    assert damage.data["amount"] == 20
    assert "Hunter" in damage.text and "Orc Foe" in damage.text
    assert state.creatures["orc"].hp == 35
    assert not any(e.kind == "morale_save" for e in events)
    assert not state.creatures["orc"].morale_checked
    # The Ranger moved and attacked: its turn is over, the round ends.
    assert state.phase == "initiative" and state.round == 2


def test_we06_round_two_initiative():
    """Ranger 3, Orc 12: the Orc's player decides and goes first."""
    state, _ = _after_round_one_attack()
    state = script_dice(state, 12, 3)  # p1 (Orc) rolls first
    state, _ = act(state, "initiative", "p2")
    assert state.initiative_winner == "p1"
    state, _ = act(state, "first", "p1", first="p1")
    assert state.activation.creature == "orc"


def _round_two():
    state, _ = _after_round_one_attack()
    state = script_dice(state, 12, 3)
    state, _ = act(state, "initiative", "p2")
    state, _ = act(state, "first", "p1", first="p1")
    return state


def test_we07_orc_attack():
    """The Orc stays adjacent and attacks: d20 10 + 11 = 21 vs AC 16, 15 damage."""
    state = _round_two()
    state = script_dice(state, 10)
    state, events = act(state, "attack", "p1", creature="orc", target="ranger")
    roll = next(e for e in events if e.kind == "attack_roll")
    assert roll.roll.total == 21 and roll.data["hit"]
    assert next(e for e in events if e.kind == "damage").data["amount"] == 15
    ranger = state.creatures["ranger"]
    assert ranger.hp == ranger.max_hp - 15


def test_we08_full_attack_morale_and_victory():
    """The Ranger stands still and makes both attacks: 3 + 10 = 13 misses; 18 + 9 = 27 hits for
    5 + 5 + 5 = 15. Orc 35 -> 20 (AMB-1: the text's 25 is an arithmetic slip). 20 <= 27.5:
    morale save 5 + 6 = 11 < 20 fails, the Orc routs, and the Ranger wins."""
    state = _round_two()
    state = script_dice(state, 10)
    state, _ = act(state, "attack", "p1", creature="orc", target="ranger")
    state, _ = act(state, "end", "p1", creature="orc")
    assert state.activation.creature == "ranger"
    state = script_dice(state, 3, 18, 5)
    state, events = act(state, "attack", "p2", creature="ranger", target="orc")
    assert next(e for e in events if e.kind == "attack_roll").roll.total == 13
    assert state.creatures["orc"].hp == 35 and not state.is_over
    state, events = act(state, "attack", "p2", creature="ranger", target="orc")
    assert next(e for e in events if e.kind == "attack_roll").roll.total == 27
    assert next(e for e in events if e.kind == "damage").data["amount"] == 15
    assert state.creatures["orc"].hp == 20
    save = next(e for e in events if e.kind == "morale_save")
    assert save.roll.natural == 5 and save.roll.total == 11 and not save.data["passed"]
    assert state.creatures["orc"].routed
    assert state.is_over and state.result.winners == ["p2"] and state.result.losers == ["p1"]
    assert "rout" in state.result.reason
    with pytest.raises(IllegalAction) as err:
        act(state, "end", "p1")
    assert err.value.code == "game-over"


def test_the_board_colours_each_start_area_by_the_seat_placed_there():
    state = _placed()  # the Orc (p1) on A2, the Ranger (p2) on L2
    sides = {z.label: z.side for z in RULES.board(state).zones if z.kind == "start"}
    assert sides == {"start A": "p1", "start B": "p2"}
    fresh = RULES.board(RULES.new_game(seed=1))
    assert {z.side for z in fresh.zones if z.kind == "start"} == {None}
