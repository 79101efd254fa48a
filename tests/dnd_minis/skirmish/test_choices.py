"""Choices a player makes that the engine never made on its own: burrowing (War Drums §26
Burrow, §8.5, §12.3, AMB-24; Skirmish glossary "Burrow [#]")."""

import pytest

from engine.core import IllegalAction
from tests.dnd_minis.skirmish.helpers import RULES, act, battle, card, grid, kinds
from tests.scripted import script_dice

BULETTE = card("Bulette", speed=6, commander=2, abilities=("Burrow 4",))
SLOW_DIGGER = card("Slow Digger", speed=6, commander=2, abilities=("Burrow 2",))
WALKER = card("Walker", speed=6, commander=2)
FOE = card("Foe", ac=15, melee=((5, 10),), commander=2)


def wall_across():
    """A wall along column 5 from top to bottom: no way round on the surface."""
    return grid(walls=[(5, y) for y in range(12)])


def test_a_creature_without_burrow_may_not_choose_to_burrow():
    state = battle([("w", WALKER, "p1", (2, 2)), ("foe", FOE, "p2", (11, 11))])
    with pytest.raises(IllegalAction, match="no Burrow ability") as info:
        act(state, "move", "p1", creature="w", to=(3, 2), mode="burrow")
    assert info.value.code == "cannot-burrow"


def test_a_burrower_passes_a_wall_that_stops_it_on_the_surface():
    state = battle([("b", BULETTE, "p1", (3, 2)), ("foe", FOE, "p2", (11, 11))], map=wall_across())
    with pytest.raises(IllegalAction):
        act(state, "move", "p1", creature="b", to=(7, 2))  # on the surface the wall cuts the map in two
    state, events = act(state, "move", "p1", creature="b", to=(7, 2), mode="burrow")
    assert state.creatures["b"].square == (7, 2)
    assert "burrow" in kinds(events)


def test_a_burrower_passes_an_enemy_but_not_on_the_surface():
    walls = [(x, y) for x in range(1, 6) for y in (1, 3)]  # a corridor along row 2
    state = battle([("b", BULETTE, "p1", (1, 2)), ("foe", FOE, "p2", (3, 2))], map=grid(walls=walls))
    with pytest.raises(IllegalAction):
        act(state, "move", "p1", creature="b", path=[(2, 2), (3, 2), (4, 2)])
    state, events = act(state, "move", "p1", creature="b", path=[(2, 2), (3, 2), (4, 2)], mode="burrow")
    assert state.creatures["b"].square == (4, 2)
    assert "opportunity" not in kinds(events)


def test_burrowing_away_from_an_enemy_provokes_no_attack_of_opportunity():
    # On the surface the same step provokes (the control case)...
    state = battle([("b", BULETTE, "p1", (4, 4)), ("foe", FOE, "p2", (5, 4))])
    script_dice(state, 1, 1, 1, 1)
    _, events = act(state, "move", "p1", creature="b", to=(1, 4))
    assert "opportunity" in kinds(events)
    # ...underground it doesn't (War Drums §12.3: burrowing movement does not provoke).
    state = battle([("b", BULETTE, "p1", (4, 4)), ("foe", FOE, "p2", (5, 4))])
    state, events = act(state, "move", "p1", creature="b", to=(1, 4), mode="burrow")
    assert "opportunity" not in kinds(events) and state.creatures["b"].square == (1, 4)


def test_a_burrower_moves_at_its_burrow_speed():
    state = battle([("d", SLOW_DIGGER, "p1", (0, 0)), ("foe", FOE, "p2", (11, 11))])
    with pytest.raises(IllegalAction):
        act(state, "move", "p1", creature="d", to=(5, 0), mode="burrow")  # double Burrow 2 is 4 squares
    state, _ = act(state, "move", "p1", creature="d", to=(4, 0), mode="burrow")
    assert state.creatures["d"].square == (4, 0)


def test_once_it_burrows_all_its_movement_that_turn_is_burrowing():
    state = battle([("b", BULETTE, "p1", (3, 2)), ("foe", FOE, "p2", (11, 11))], map=wall_across())
    state, _ = act(state, "move", "p1", creature="b", to=(4, 2), mode="burrow")
    state, _ = act(state, "move", "p1", creature="b", to=(6, 2))  # still underground: through the wall
    assert state.creatures["b"].square == (6, 2)


def test_a_creature_that_walked_may_not_start_burrowing_in_the_same_turn():
    state = battle([("b", BULETTE, "p1", (1, 2)), ("foe", FOE, "p2", (11, 11))], map=wall_across())
    state, _ = act(state, "move", "p1", creature="b", to=(2, 2))
    with pytest.raises(IllegalAction, match="all of its movement") as info:
        act(state, "move", "p1", creature="b", to=(3, 2), mode="burrow")
    assert info.value.code == "burrow-whole-turn"


def test_the_move_command_takes_mode_burrow():
    state = battle([("b", BULETTE, "p1", (0, 0)), ("foe", FOE, "p2", (5, 5))])
    m = RULES.action_from_command(state, "p1", "move", {"creature": "b", "to": "C3", "mode": "burrow"})
    assert m.mode == "burrow" and m.to == (2, 2)
    assert RULES.action_from_command(state, "p1", "move", {"creature": "b", "to": "C3"}).mode is None
    with pytest.raises(IllegalAction, match="no mode"):
        RULES.action_from_command(state, "p1", "move", {"creature": "b", "to": "C3", "mode": "fly"})


# -- aiming cones and lines (War Drums §17.7; Skirmish §21.4, §26.2) ---------------------
BLAST = {"name": "blast of flame", "uses": 1, "level": 2, "range": "cone", "damage": 30, "damage_kind": "fire",
         "ignore_spell_resistance": True, "dc": 16}
BOLT = {"name": "lightning bolt", "uses": 1, "level": 3, "range": "line 12", "damage": 20,
        "damage_kind": "electricity", "ignore_spell_resistance": True, "dc": 14}
WIZARD = card("Wizard", hp=20, commander=2, spells=[BLAST, BOLT])
TARGET = card("Target", hp=90, level=1)


def _cast_on(events):
    return next(e.text for e in events if e.kind == "cast")


def test_a_cone_aimed_straight_down_a_column_holds_the_creatures_in_it():
    state = battle([("w", WIZARD, "p1", (5, 2)), ("a", TARGET, "p2", (5, 5)), ("b", TARGET, "p2", (4, 6))])
    state, events = act(state, "cast", "p1", creature="w", spell="blast of flame", target="a", square=(5, 6),
                        answers=["a"])
    text = _cast_on(events)
    assert "the Target" in text and text.count("the Target") == 2  # both, in the wedge opening south
    assert state.creatures["a"].hp < 90 and state.creatures["b"].hp < 90


def test_a_cone_may_not_be_aimed_beyond_its_6_squares():
    state = battle([("w", WIZARD, "p1", (5, 2)), ("a", TARGET, "p2", (5, 5))])
    with pytest.raises(IllegalAction, match="reaches 6") as info:
        act(state, "cast", "p1", creature="w", spell="blast of flame", target="a", square=(5, 11))
    assert info.value.code == "aim-out-of-range"


def test_an_aimed_cone_must_hold_the_nearest_enemy():
    state = battle([("w", WIZARD, "p1", (5, 2)), ("a", TARGET, "p2", (5, 5))])
    with pytest.raises(IllegalAction, match="misses the Target") as info:
        act(state, "cast", "p1", creature="w", spell="blast of flame", target="a", square=(9, 2))
    assert info.value.code == "aim-misses-target"
    assert state.creatures["w"].uses.get("blast of flame") is None  # a refused aim spends nothing


def test_a_cone_is_not_aimed_through_a_wall():
    state = battle([("w", WIZARD, "p1", (5, 2)), ("a", TARGET, "p2", (5, 5))], map=grid(walls=[(7, 1), (7, 2), (7, 3)]))
    with pytest.raises(IllegalAction, match="no line of effect") as info:
        act(state, "cast", "p1", creature="w", spell="blast of flame", target="a", square=(8, 2))
    assert info.value.code == "aim-no-effect"


def test_a_line_aimed_at_a_square_runs_through_the_target_toward_it():
    placed = [("w", WIZARD, "p1", (0, 5)), ("a", TARGET, "p2", (3, 6)), ("b", TARGET, "p2", (4, 7))]
    _, events = act(battle(placed), "cast", "p1", creature="w", spell="lightning bolt", target="a")
    assert _cast_on(events).count("the Target") == 1  # by default straight at the target: b is beside it
    state, events = act(battle(placed), "cast", "p1", creature="w", spell="lightning bolt", target="a",
                        square=(6, 8), answers=["a"])
    assert _cast_on(events).count("the Target") == 2
    assert state.creatures["b"].hp < 90


def test_a_line_aimed_away_from_the_target_is_refused():
    state = battle([("w", WIZARD, "p1", (0, 5)), ("a", TARGET, "p2", (3, 6))])
    with pytest.raises(IllegalAction, match="nearest enemy or ally must be inside it"):
        act(state, "cast", "p1", creature="w", spell="lightning bolt", target="a", square=(8, 5))


def test_the_cast_command_reads_the_aimed_square():
    state = battle([("w", WIZARD, "p1", (5, 2)), ("a", TARGET, "p2", (5, 5))])
    c = RULES.action_from_command(state, "p1", "cast", {"creature": "w", "spell": "blast of flame", "target": "a",
                                                        "square": "F7"})
    assert c.square == (5, 6)


def test_an_unaimed_cone_reaches_a_target_straight_ahead():
    """§17.7: a cone cast at a creature in the caster's own column catches it (the default aim)."""
    from engine.rulesets.dnd_minis.skirmish import areas
    from engine.rulesets.dnd_minis.skirmish.field import SkirmishField

    state = battle([("m", card("Mage"), "p1", (5, 2)), ("t", card("Target"), "p2", (5, 6))])
    field = SkirmishField(state)
    hit = areas.affected(field, state.creatures["m"], state.creatures["t"], "cone")
    assert [c.id for c in hit] == ["t"]


def test_board_zones_belong_to_seats_or_to_nobody():
    """The board names no side that is not a seat: held areas take the seat, the rest are neutral."""
    state = battle([("m", card("Mage"), "p1", (0, 0))],
                   map=grid(zones=[{"name": "start A", "kind": "start", "side": "A", "squares": [[0, 0]]},
                                   {"name": "start C", "kind": "start", "side": "C", "squares": [[9, 9]]}]))
    view = RULES.board(state)
    sides = {z.label: z.side for z in view.zones}
    assert sides == {"start A": "p1", "start C": None}
