"""War Drums §29.8: initiative, activation order, command, morale, rout and rally (WE-49 to WE-58)."""

import pytest

from engine.rulesets.dnd_minis.abilities import ability_for
from engine.rulesets.dnd_minis.skirmish import command
from engine.rulesets.dnd_minis.skirmish.field import SkirmishField
from tests.dnd_minis.skirmish.helpers import act, battle, card, first, grid, kinds
from tests.scripted import script_dice


def needs(*names):
    for name in names:
        if ability_for(name) is None:
            pytest.fail(f"the abilities package does not implement {name!r} yet")


def initiative_state(rating_a=3, rating_b=2):
    a = card("Captain A", commander=rating_a)
    b = card("Captain B", commander=rating_b)
    state = battle([("ka", a, "p1", (0, 0)), ("kb", b, "p2", (9, 9))])
    state.phase = "initiative"
    state.order = []
    state.phase_seat = None
    return state


def test_we49_tie_goes_to_the_higher_rating():
    state = initiative_state(3, 2)
    script_dice(state, 12, 13)  # 15 vs 15
    state, events = act(state, "initiative", "p2")
    assert state.initiative_winner == "p1" and "initiative_tie" in kinds(events)


def test_we49_equal_ratings_reroll():
    state = initiative_state(3, 3)
    script_dice(state, 12, 12, 4, 9)
    state, events = act(state, "initiative", "p1")
    assert state.initiative_winner == "p2"
    assert [e.roll.natural for e in events if e.kind == "initiative_roll"] == [12, 12, 4, 9]


def test_we49_a_routing_commander_adds_nothing():
    state = initiative_state(3, 2)
    state.creatures["ka"].routed = True
    script_dice(state, 12, 13)  # 12 + 0 vs 13 + 2
    state, events = act(state, "initiative", "p1")
    assert state.initiative_winner == "p2"
    assert first(events, "initiative_roll").data["rating"] == 0


def test_we50_activation_order_a2_b2_a2_b1_a1():
    a = [(f"a{i}", card(f"A{i}"), "p1", (0, i)) for i in range(5)]
    b = [(f"b{i}", card(f"B{i}"), "p2", (9, i)) for i in range(3)]
    state = battle(a + b)
    seen = []
    while state.phase == "activation":
        seat = state.phase_seat
        c = next(c for c in state.creatures_of(seat) if c.activations == 0)
        state, _ = act(state, "end", seat, creature=c.id)
        seen.append(seat)
    assert seen == ["p1", "p1", "p2", "p2", "p1", "p1", "p2", "p1"]


def command_map():
    # A wall between (5..6, 0..8) with the commander on its west side.
    return grid(16, 12, walls=[(6, y) for y in range(0, 9)])


def test_we51_in_command_by_sight_or_distance_and_commander_effects_need_six():
    k = card("Lord", commander=3)
    state = battle([("k", k, "p1", (5, 9)), ("f1", card("F1"), "p1", (15, 9)), ("f2", card("F2"), "p1", (7, 8)),
                    ("f3", card("F3"), "p1", (7, 3)), ("foe", card("Foe"), "p2", (0, 0))], map=command_map())
    field = SkirmishField(state)
    f1, f2, f3 = (state.creatures[x] for x in ("f1", "f2", "f3"))
    assert field.can_see(f1, state.creatures["k"]) and command.in_command(field, f1)  # LoS at 10 squares
    assert command.commander_effect_sources(field, f1) == []  # ... but no commander effect
    assert command.in_command(field, f2) and command.commander_effect_sources(field, f2)  # 2 around the wall
    assert not command.in_command(field, f3)  # 6 in a straight line, far more around the wall, no LoS


def test_we52_morale_with_commanders():
    k2, k4 = card("Lord Two", commander=2), card("Lord Four", commander=4)
    follower = card("Follower", level=4, hp=40)
    brute = card("Brute", melee=((10, 20),))
    state = battle([("f", follower, "p2", (5, 5)), ("k2", k2, "p2", (5, 7)), ("k4", k4, "p2", (7, 5)),
                    ("brute", brute, "p1", (4, 5))])
    script_dice(state, 10, 12)  # hit for 20 -> 20 of 40; morale 12 + 4 + 4 = 20 passes
    state, events = act(state, "attack", "p1", creature="brute", target="f")
    save = first(events, "morale_save")
    assert save.roll.total == 20 and save.data["passed"] and not state.creatures["f"].routed
    # Later damage: no second half-HP save.
    assert state.creatures["f"].morale_checked


def test_we52_out_of_command_routs():
    follower = card("Follower", level=4, hp=40)
    exits = [{"name": "exit B", "kind": "exit", "side": "B", "squares": [[11, 11]]}]
    state = battle([("f", follower, "p2", (5, 5)), ("brute", card("Brute", melee=((10, 20),)), "p1", (4, 5))],
                   map=grid(zones=exits))
    script_dice(state, 10, 13)  # 13 + 4 = 17 fails
    state, events = act(state, "attack", "p1", creature="brute", target="f")
    assert state.creatures["f"].routed and "rout_move" in kinds(events)


def test_we54_rally_in_command_and_rout_out_of_command():
    exits = [{"name": "exit B", "kind": "exit", "side": "B", "squares": [[11, 0]]}]
    lord = card("Lord", commander=3)
    state = battle([("f", card("Follower", level=4), "p2", (5, 5)), ("k", lord, "p2", (5, 7)),
                    ("x", card("X"), "p1", (0, 11))], map=grid(zones=exits), order=("p2", "p1"))
    state.creatures["f"].routed = True
    script_dice(state, 13)  # 13 + 4 + 3 = 20: rallies and does nothing else
    state, events = act(state, "activate", "p2", creature="f")
    assert not state.creatures["f"].routed and "rallied" in kinds(events)
    assert state.activation is None and state.creatures["f"].square == (5, 5)
    # Out of command: no roll, it flees.
    state = battle([("f", card("Follower", level=4), "p2", (5, 5)), ("x", card("X"), "p1", (0, 11))],
                   map=grid(zones=exits), order=("p2", "p1"))
    state.creatures["f"].routed = True
    state, events = act(state, "activate", "p2", creature="f")
    assert "morale_save" not in kinds(events) and state.creatures["f"].square != (5, 5)


def test_we54_a_routing_commander_rallies_with_its_own_rating():
    exits = [{"name": "exit B", "kind": "exit", "side": "B", "squares": [[11, 0]]}]
    state = battle([("k", card("Lord", commander=3, level=4), "p2", (5, 5)), ("x", card("X"), "p1", (0, 11))],
                   map=grid(zones=exits), order=("p2", "p1"))
    state.creatures["k"].routed = True
    script_dice(state, 13)
    state, events = act(state, "end", "p2", creature="k")
    assert first(events, "morale_save").roll.total == 20 and not state.creatures["k"].routed


def test_we55_difficult_needs_a_high_enough_rating():
    needs("Difficult 4")
    minotaur = card("Minotaur", abilities=("Difficult 4",))
    state = battle([("m", minotaur, "p1", (3, 3)), ("k", card("Lord", commander=3), "p1", (3, 5)),
                    ("foe", card("Foe"), "p2", (9, 9))])
    field = SkirmishField(state)
    assert not command.in_command(field, state.creatures["m"])
    state.creatures["k"].commander_rating = 4
    assert command.in_command(SkirmishField(state), state.creatures["m"])
