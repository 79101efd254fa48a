"""Setting up an encounter: maps, seats, placing creatures, initiative with 3.5 tie-breaks."""

import pytest

from engine.core import IllegalAction
from engine.rulesets.dnd35_encounter.maps import map_names
from tests.dnd35_encounter.helpers import RULES, cmd, grid_data, new, place, refused, texts
from tests.scripted import remaining, script_dice


def test_seats_and_roles():
    state = new()
    assert [s.id for s in state.seats] == ["referee", "p1", "p2", "p3", "p4", "p5", "p6"]
    assert RULES.creator_seat(state) == "referee"
    assert RULES.seat_required("referee") and not RULES.seat_required("p1")
    assert RULES.start_action(state) is None
    assert RULES.to_act(state) == ["referee"]
    assert state.phase == "setup"


@pytest.mark.parametrize("name", ["crypt", "forest-road"])
def test_built_in_maps_load(name):
    state = RULES.new_game(1, {"map": name})
    assert state.map.width >= 16 and state.map.height >= 12
    assert RULES.board(state).wall_squares or RULES.board(state).terrain


def test_default_map_and_unknown_map():
    assert set(map_names()) >= {"crypt", "forest-road"}
    assert RULES.new_game(1, {}).map.name == "Crypt of the Bone Lord"
    with pytest.raises(IllegalAction) as err:
        RULES.new_game(1, {"map": "atlantis"})
    assert err.value.code == "unknown-map" and "crypt" in err.value.message


def test_settings_reach_the_movement_rules():
    state = new(squeeze_through_opponent=True, five_foot_step_min_speed=1, run_heavy_x3=False)
    assert state.rules.squeeze_through_opponent is True
    assert state.rules.five_foot_step_min_speed == 1
    assert state.run_heavy_x3 is False
    assert "squeeze_through_opponent" in RULES.option_names()
    with pytest.raises(IllegalAction) as err:
        new(five_foot_step_min_speed="lots")
    assert err.value.code == "bad-setting"


def test_place_creatures_with_speed_from_race_and_armour():
    state = new()
    state, events = cmd(state, "referee", "place", creature="Aria", square="B3", hp=14, ac=16, init=3,
                        race="elf", armor="medium", owner="p1")
    aria = state.creatures["aria"]
    assert (aria.owner, aria.speed, aria.hp, aria.max_hp, aria.ac, aria.init_mod) == ("p1", 4, 14, 14, 16, 3)
    assert "B3" in texts(events) and "Player 1" in texts(events)
    state = place(state, "Thorin", "C3", race="dwarf", armor="heavy", owner="p2")
    assert state.creatures["thorin"].speed == 4 and state.creatures["thorin"].heavy_armour
    state = place(state, "Pip", "D3", race="halfling", armor="heavy")
    assert state.creatures["pip"].speed == 3
    state = place(state, "Wolf", "E3", speed="50 ft")
    assert state.creatures["wolf"].speed == 10
    state = place(state, "Ogre", "F5", size="large", speed=40, reach=2)
    ogre = state.creatures["ogre"]
    assert ogre.squares == [(5, 4), (6, 4), (5, 5), (6, 5)] and ogre.body().reach == 2
    state = place(state, "Horse", "H5", size="large long")
    assert state.creatures["horse"].body().reach == 1
    # A second creature of the same name gets its own id.
    state = place(state, "Orc", "J1")
    state = place(state, "Orc", "K1")
    assert {"orc", "orc-2"} <= set(state.creatures)
    assert state.creatures["orc-2"].name == "Orc 2"
    assert state.creatures["orc-2"].label == "OR2"


def test_placement_refusals():
    walls = grid_data("....\n.#..\n....\n....")
    state = place(new(walls), "Orc", "A1")
    assert "wall" in refused(state, "referee", "place", "bad-square", creature="Gob", square="B2", hp=5).message
    assert "already" in refused(state, "referee", "place", "bad-square", creature="Gob", square="A1", hp=5).message
    refused(state, "referee", "place", "off-map", creature="Ogre", square="D4", hp=30, size="large")
    refused(state, "referee", "place", "unknown-square", creature="Gob", square="Z9", hp=5)
    refused(state, "referee", "place", "missing-option", creature="Gob", square="C3")
    refused(state, "referee", "place", "unknown-race", creature="Gob", square="C3", hp=5, race="goblin")
    refused(state, "referee", "place", "bad-speed", creature="Gob", square="C3", hp=5, speed="33")
    refused(state, "referee", "place", "bad-size", creature="Gob", square="C3", hp=5, size="enormous")
    refused(state, "referee", "place", "unknown-seat", creature="Gob", square="C3", hp=5, owner="p9")
    refused(state, "p1", "place", "referee-only", creature="Gob", square="C3", hp=5)


def test_remove():
    state = place(place(new(), "Orc", "A1"), "Gob", "B1")
    state, events = cmd(state, "referee", "remove", creature="orc")
    assert list(state.creatures) == ["gob"]
    refused(state, "referee", "remove", "unknown-creature", creature="orc")
    refused(state, "p1", "remove", "referee-only", creature="gob")


def test_initiative_needs_creatures_and_the_referee():
    state = new()
    refused(state, "referee", "initiative", "no-creatures")
    state = place(state, "Orc", "A1")
    refused(state, "p1", "initiative", "referee-only")


def test_initiative_ties_by_modifier_then_roll_off():
    """3.5: ties go to the higher initiative modifier; still tied, they roll again (and again)."""
    state = new()
    state = place(state, "Aria", "A1", init=2, owner="p1")
    state = place(state, "Borin", "B1", init=2, owner="p2")
    state = place(state, "Cutter", "C1", init=5)
    state = place(state, "Dog", "D1", init=0)
    state = place(state, "Eel", "E1", init=1)
    # Initiative: Aria 10+2, Borin 10+2, Cutter 7+5, Dog 12+0 (all 12), Eel 19+1 = 20.
    # Aria and Borin tie on result and modifier: roll-off 5 vs 5 (again), then 3 vs 9.
    script_dice(state, 10, 10, 7, 12, 19, 5, 5, 3, 9)
    state, events = cmd(state, "referee", "initiative")
    assert remaining(state) == []
    assert state.order == ["eel", "cutter", "borin", "aria", "dog"]
    assert [c.initiative for c in state.creatures.values()] == [12, 12, 12, 12, 20]
    rolls = [e for e in events if e.roll is not None]
    assert len(rolls) == 9  # every die is logged
    assert [e.kind for e in rolls].count("initiative_tie_break") == 4
    assert state.phase == "combat" and state.round == 1
    assert state.turn.creature == "eel"
    assert any(e.kind == "setup_done" for e in events)
    assert "Eel 20, Cutter 12, Borin 12, Aria 12, Dog 12" in texts(events)
    refused(state, "referee", "initiative", "wrong-phase")


def test_turn_order_status_and_who_acts():
    state = new()
    state = place(state, "Aria", "A1", init=4, owner="p1")
    state = place(state, "Orc", "E1", init=0)
    script_dice(state, 15, 3)
    state, _ = cmd(state, "referee", "initiative")
    assert RULES.to_act(state) == ["p1", "referee"]
    status = RULES.status(state)
    assert "Aria's turn (Player 1)" in status and "▶Aria 19" in status and "Orc 3" in status
    state, events = cmd(state, "p1", "end")
    assert [e.kind for e in events] == ["phase_ended", "turn"]
    assert RULES.to_act(state) == ["referee"]
    state, events = cmd(state, "referee", "end")
    assert [e.kind for e in events] == ["phase_ended", "round_ended", "turn"]
    assert state.round == 2 and state.turn.creature == "aria"


def test_latecomer_rolls_and_joins_the_order():
    state = new()
    state = place(state, "Aria", "A1", init=4, owner="p1")
    state = place(state, "Orc", "E1", init=0)
    script_dice(state, 15, 3)
    state, _ = cmd(state, "referee", "initiative")
    # Reinforcements: the Ogre rolls 19 - 1 = 18 (and Aria has 19) and goes between them.
    script_dice(state, 19)
    state, events = cmd(state, "referee", "place", creature="Ogre", square="H5", hp=30, init=-1, size="large")
    assert state.order == ["aria", "ogre", "orc"]
    assert any(e.kind == "initiative_roll" for e in events)
    # A tie on result and modifier with Aria: they roll off (Goblin 17 vs Aria 4 -> Goblin first).
    script_dice(state, 15, 17, 4)
    state, _ = cmd(state, "referee", "place", creature="Goblin", square="J1", hp=5, init=4)
    assert state.order == ["goblin", "aria", "ogre", "orc"]
    assert state.turn.creature == "aria"  # the running turn is not disturbed


def test_removing_the_creature_whose_turn_it_is_passes_the_turn_on():
    state = new()
    state = place(state, "Aria", "A1", init=4, owner="p1")
    state = place(state, "Orc", "E1", init=0)
    script_dice(state, 15, 3)
    state, _ = cmd(state, "referee", "initiative")
    state, events = cmd(state, "referee", "remove", creature="aria")
    assert [e.kind for e in events] == ["remove", "phase_ended", "turn"]
    assert state.order == ["orc"] and state.turn.creature == "orc"
    state, events = cmd(state, "referee", "remove", creature="orc")
    assert state.order == [] and state.turn is None and events[-1].kind == "stalled"
