"""War Drums §29.2 movement examples (WE-09 to WE-16), played through the skirmish ruleset."""

import pytest

from engine.core import IllegalAction
from tests.dnd_minis.skirmish.helpers import act, battle, card, grid, kinds

GNOLL = card("Gnoll", speed=6)
WARRIOR = card("Warrior", speed=6)
SLOW = card("Snail", speed=1)


def test_we09_four_diagonals_cost_six_and_still_allow_an_attack():
    state = battle([("gnoll", GNOLL, "p1", (0, 0)), ("warrior", WARRIOR, "p2", (5, 5))])
    state, events = act(state, "move", "p1", creature="gnoll", path=[(1, 1), (2, 2), (3, 3), (4, 4)])
    assert next(e for e in events if e.kind == "move").data["cost"] == 6
    assert state.activation.moved == 6
    moved = state
    # Move + attack: the attack is still allowed after 6 squares.
    legal = {a.kind for a in __import__("tests.dnd_minis.skirmish.helpers", fromlist=["RULES"]).RULES.legal_actions(moved, "p1")}
    assert "attack" in legal
    # One more orthogonal square (total 7) means a double move: no attack any more.
    state, _ = act(moved, "move", "p1", creature="gnoll", to=(4, 3))
    assert state.activation.moved == 7
    with pytest.raises(IllegalAction) as err:
        act(state, "attack", "p1", creature="gnoll", target="warrior")
    assert err.value.code in ("double-moved", "not-adjacent")


def test_we10_the_diagonal_count_persists_across_orthogonal_steps():
    state = battle([("gnoll", GNOLL, "p1", (0, 0)), ("warrior", WARRIOR, "p2", (9, 9))])
    state, events = act(state, "move", "p1", creature="gnoll", path=[(1, 1), (2, 1), (3, 2)])
    assert next(e for e in events if e.kind == "move").data["cost"] == 4


def test_we10_the_count_persists_across_two_move_commands_in_a_turn():
    state = battle([("gnoll", GNOLL, "p1", (0, 0)), ("warrior", WARRIOR, "p2", (9, 9))])
    state, _ = act(state, "move", "p1", creature="gnoll", path=[(1, 1)])
    state, events = act(state, "move", "p1", creature="gnoll", path=[(2, 1), (3, 2)])
    assert next(e for e in events if e.kind == "move").data["cost"] == 3  # 1 + 2 (second diagonal)


def test_we11_difficult_terrain_diagonals():
    g = grid(terrain={"difficult": [(2, 2)]})
    state = battle([("gnoll", GNOLL, "p1", (0, 0)), ("warrior", WARRIOR, "p2", (9, 9))], map=g)
    state, events = act(state, "move", "p1", creature="gnoll", path=[(1, 1), (2, 2), (3, 3)])
    assert next(e for e in events if e.kind == "move").data["cost"] == 6  # 1 + 3 + 2


def test_we12_minimum_move_spends_the_whole_turn():
    g = grid(terrain={"difficult": [(1, 1)]}, walls=[(0, 1)])
    state = battle([("snail", SLOW, "p1", (0, 0)), ("warrior", WARRIOR, "p2", (9, 9)),
                    ("other", GNOLL, "p1", (5, 0))], map=g)
    state, events = act(state, "move", "p1", creature="snail", to=(1, 0))
    assert state.creatures["snail"].square == (1, 0)
    # A diagonal into difficult terrain costs 3 > double move 2: only as a whole-turn minimum move.
    state2 = battle([("snail", SLOW, "p1", (0, 0)), ("warrior", WARRIOR, "p2", (9, 9)),
                     ("other", GNOLL, "p1", (5, 0))], map=grid(terrain={"difficult": [(1, 1)]}))
    state2, events = act(state2, "move", "p1", creature="snail", to=(1, 1))
    assert state2.creatures["snail"].square == (1, 1)
    assert "turn_ended" in kinds(events)  # nothing else this turn, no attack
    # Never into a wall.
    state3 = battle([("snail", SLOW, "p1", (0, 0)), ("warrior", WARRIOR, "p2", (9, 9))], map=g)
    with pytest.raises(IllegalAction):
        act(state3, "move", "p1", creature="snail", to=(0, 1))


def test_we13_allies_and_enemies():
    ally, enemy = card("Ally"), card("Enemy")
    state = battle([("mover", GNOLL, "p1", (0, 0)), ("ally", ally, "p1", (1, 0)), ("enemy", enemy, "p2", (1, 2))])
    # Through an ally: fine; ending on it: no.
    s, _ = act(state, "move", "p1", creature="mover", path=[(1, 0), (2, 0)])
    assert s.creatures["mover"].square == (2, 0)
    with pytest.raises(IllegalAction):
        act(state, "move", "p1", creature="mover", path=[(1, 0)])
    # Through an enemy: no.
    with pytest.raises(IllegalAction):
        act(state, "move", "p1", creature="mover", path=[(0, 1), (1, 2), (2, 3)])
    # A helpless enemy may be crossed but not ended on.
    from engine.rulesets.dnd_minis.creature import Condition
    state.creatures["enemy"].add_condition(Condition(name="paralyzed", dc=15))
    try:
        s, _ = act(state, "move", "p1", creature="mover", path=[(0, 1), (1, 2), (2, 3)])
        assert s.creatures["mover"].square == (2, 3)
    except LookupError:
        pytest.fail("the abilities package has not registered the paralyzed condition yet")


def test_we14_wall_corners():
    g = grid(walls=[(1, 0), (0, 1)])
    state = battle([("a", GNOLL, "p1", (0, 0)), ("b", WARRIOR, "p2", (1, 1))], map=g)
    with pytest.raises(IllegalAction):
        act(state, "attack", "p1", creature="a", target="b")  # not adjacent across both walls
    g2 = grid(walls=[(1, 0)])
    state = battle([("a", GNOLL, "p1", (0, 0)), ("b", WARRIOR, "p2", (2, 2))], map=g2)
    with pytest.raises(IllegalAction):
        act(state, "move", "p1", creature="a", path=[(1, 1)])  # cuts the wall's corner


def test_we16_large_creature_may_not_move_into_an_enemy():
    ogre = card("Ogre", size="large")
    state = battle([("ogre", ogre, "p1", (0, 0)), ("enemy", WARRIOR, "p2", (2, 1))])
    with pytest.raises(IllegalAction):
        act(state, "move", "p1", creature="ogre", path=[(1, 0)])
