"""An out-of-command burrower in the starter rules: it burrows at speed 2, or rushes underground
at twice its Burrow speed toward the nearest enemy it can see (Skirmish §9.4 Burrow, §17.2
"Burrowers rush at twice their Burrow speed", glossary Burrow [#]; nearest by path distance
considering Burrow, §10.2 and §26.3)."""

import pytest

from engine.core import IllegalAction
from tests.dnd_minis.skirmish.helpers import act, battle, card, grid, kinds
from tests.scripted import script_dice

STARTER = {"edition": "starter"}
DIGGER = card("Digger", speed=6, abilities=("Burrow 4",))  # no commander of its own: out of command
DEEP_DIGGER = card("Deep Digger", speed=4, abilities=("Burrow 6",))
MOLE = card("Mole", speed=2, abilities=("Burrow 4",))
FOE = card("Foe", ac=5, hp=100)


def starter(placed, **kw):
    return battle(placed, options=STARTER, **kw)


def test_a_burrowing_rush_goes_at_most_twice_the_burrow_speed():
    # On the surface the Digger could rush 12 squares (twice its speed 6); underground only 8.
    state = starter([("d", DIGGER, "p1", (0, 5)), ("foe", FOE, "p2", (11, 5))])
    with pytest.raises(IllegalAction, match="speed 2"):
        act(state, "move", "p1", creature="d", to=(10, 5), mode="burrow")  # 10 squares: no rush, a move of 4 at most
    state, events = act(state, "move", "p1", creature="d", to=(10, 5))  # the same rush on the surface is fine
    assert "rush" in kinds(events)


def test_a_burrowing_rush_longer_than_the_burrow_speed_ends_without_an_attack():
    state = starter([("d", DIGGER, "p1", (0, 5)), ("foe", FOE, "p2", (6, 5))])
    state, events = act(state, "move", "p1", creature="d", to=(5, 5), mode="burrow")  # 5 > Burrow 4
    assert state.creatures["d"].square == (5, 5)
    assert "rush" in kinds(events) and "burrow" in kinds(events)
    assert "makes no attack" in next(e.text for e in events if e.kind == "rush")
    assert "turn_ended" in kinds(events)


def test_a_burrowing_rush_within_the_burrow_speed_must_attack():
    # Burrow 6 beats its speed 4: a 6-square rush underground is within the speed it moves at.
    state = starter([("d", DEEP_DIGGER, "p1", (0, 5)), ("foe", FOE, "p2", (7, 5))])
    state, events = act(state, "move", "p1", creature="d", to=(6, 5), mode="burrow")
    assert state.activation is not None and state.activation.rush_target == "foe"
    with pytest.raises(IllegalAction, match="must attack"):
        act(state, "end", "p1", creature="d")
    script_dice(state, 15)
    state, events = act(state, "attack", "p1", creature="d", target="foe")
    assert "attack_roll" in kinds(events)


def test_a_deep_digger_may_rush_farther_underground_than_on_the_surface():
    state = starter([("d", DEEP_DIGGER, "p1", (0, 5)), ("foe", FOE, "p2", (11, 5))])
    with pytest.raises(IllegalAction):
        act(state, "move", "p1", creature="d", to=(10, 5))  # 10 > twice its speed 4 on the surface
    state, events = act(state, "move", "p1", creature="d", to=(10, 5), mode="burrow")  # 10 <= twice Burrow 6
    assert state.creatures["d"].square == (10, 5) and "rush" in kinds(events)


def _mud_field():
    """Foe A stands behind a wide belt of difficult terrain (10 squares to reach on foot, 5
    underground); foe B waits in the open 6 squares away."""
    mud = [(x, y) for x in range(1, 6) for y in range(0, 11)]
    placed = [("d", DIGGER, "p1", (0, 5)), ("a", FOE, "p2", (6, 5)), ("b", FOE, "p2", (0, 12))]
    return starter(placed, map=grid(16, 16, terrain={"difficult": mud}))


def test_underground_the_nearest_enemy_is_measured_by_burrowing_paths():
    state, events = act(_mud_field(), "move", "p1", creature="d", to=(5, 5), mode="burrow")
    assert state.creatures["d"].square == (5, 5)
    assert "rushes at the Foe" in next(e.text for e in events if e.kind == "rush")


def test_underground_the_enemy_nearest_on_foot_is_not_the_nearest():
    with pytest.raises(IllegalAction):
        act(_mud_field(), "move", "p1", creature="d", to=(0, 11), mode="burrow")  # b is 6 away, a only 5
    state, events = act(_mud_field(), "move", "p1", creature="d", to=(0, 11))  # on foot b is the nearest
    assert "rush" in kinds(events)


def test_out_of_command_a_burrower_burrows_at_speed_2():
    state = starter([("d", DIGGER, "p1", (0, 0)), ("foe", FOE, "p2", (11, 11))])
    with pytest.raises(IllegalAction, match="speed 2"):
        act(state, "move", "p1", creature="d", to=(5, 0), mode="burrow")
    state, _ = act(state, "move", "p1", creature="d", to=(4, 0), mode="burrow")
    assert state.creatures["d"].square == (4, 0)


def test_out_of_command_speed_2_binds_a_burrower_whose_printed_speed_is_2():
    # Its speed this turn equals its printed speed, yet it is out of command: Burrow 4 is cut to 2.
    state = starter([("m", MOLE, "p1", (0, 0)), ("foe", FOE, "p2", (11, 11))])
    with pytest.raises(IllegalAction, match="speed 2"):
        act(state, "move", "p1", creature="m", to=(5, 0), mode="burrow")
    state, _ = act(state, "move", "p1", creature="m", to=(4, 0), mode="burrow")
    assert state.creatures["m"].square == (4, 0)


# -- the rushes legal_actions offers ------------------------------------------------------------
def _rushes(state):
    from tests.dnd_minis.skirmish.helpers import RULES

    state, _ = act(state, "activate", "p1", creature="d")
    return state, [a for a in RULES.legal_actions(state, "p1") if a.kind == "move" and a.to[0] >= 5]


def test_legal_actions_offer_rushes_on_foot_and_underground_and_each_is_a_rush():
    from tests.dnd_minis.skirmish.helpers import RULES

    state, offered = _rushes(starter([("d", DIGGER, "p1", (0, 5)), ("foe", FOE, "p2", (8, 5))]))
    assert {(m.to, m.mode) for m in offered if m.to == (7, 5)} == {((7, 5), None), ((7, 5), "burrow")}
    assert all(max(abs(m.to[0] - 8), abs(m.to[1] - 5)) == 1 for m in offered)  # beyond 4 squares: next to it
    assert (9, 5) in {m.to for m in offered if m.mode is None}  # 9 squares: within 12 on foot...
    assert (9, 5) not in {m.to for m in offered if m.mode == "burrow"}  # ...but not within 8 underground
    for move in offered:
        _, events = RULES.apply(state, move)
        assert "rush" in kinds(events)


def test_legal_rushes_underground_go_to_the_enemy_nearest_underground():
    state, offered = _rushes(_mud_field())
    underground = {m.to for m in offered if m.mode == "burrow"}
    on_foot = {m.to for m in offered if m.mode is None}
    assert (5, 5) in underground and not any(y >= 10 for _, y in underground)  # next to a, not b
    assert not any(x >= 5 for x, _ in on_foot)  # on foot b (at A13) is the nearest; a is out of reach


def test_no_rush_is_offered_in_command():
    from tests.dnd_minis.skirmish.helpers import RULES

    lord = card("Lord", commander=3)
    state = starter([("d", DIGGER, "p1", (0, 5)), ("k", lord, "p1", (0, 6)), ("foe", FOE, "p2", (8, 5))])
    state, _ = act(state, "activate", "p1", creature="d")
    underground = {m.to for m in RULES.legal_actions(state, "p1") if m.kind == "move" and m.mode == "burrow"}
    assert (7, 5) in underground  # in command: a double move at Burrow 4 reaches 8 squares anyway
    _, events = RULES.apply(state, next(m for m in RULES.legal_actions(state, "p1")
                                        if m.kind == "move" and m.to == (7, 5) and m.mode == "burrow"))
    assert "rush" not in kinds(events)
