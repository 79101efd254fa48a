"""The starter rules' worked examples (dnd-minis-skirmish.md §30, W-01 to W-52) that have a
rules consequence in play, through the skirmish ruleset with ``edition=starter``."""

import pytest

from engine.core import IllegalAction
from engine.rulesets.dnd_minis.creature import Condition, Effect
from engine.rulesets.dnd_minis.skirmish import command, effects, victory
from engine.rulesets.dnd_minis.skirmish.field import SkirmishField
from engine.rulesets.dnd_minis.skirmish.rules import SkirmishRules
from tests.dnd_minis.skirmish.helpers import act, battle, card, first, grid, kinds
from tests.scripted import script_dice

STARTER = {"edition": "starter"}


def starter(placed, **kw):
    kw.setdefault("options", STARTER)
    return battle(placed, **kw)


def test_w02_one_attack_entry_after_moving_both_when_standing_still():
    fighter = card("Fighter", melee=((12, 15), (7, 10)))
    foe = card("Foe", ac=5, hp=100)
    state = starter([("f", fighter, "p1", (0, 0)), ("k", card("Lord", commander=2), "p1", (0, 1)), ("e", foe, "p2", (2, 0))])
    script_dice(state, 10, 10)
    state, _ = act(state, "move", "p1", creature="f", to=(1, 0))
    state, events = act(state, "attack", "p1", creature="f", target="e", entry=2)
    assert first(events, "damage").data["amount"] == 10  # the +7 entry with its own damage
    assert state.activation is None or state.activation.creature != "f"
    state = starter([("f", fighter, "p1", (1, 0)), ("e", foe, "p2", (2, 0))])
    script_dice(state, 10, 10)
    state, _ = act(state, "attack", "p1", creature="f", target="e")
    state, events = act(state, "attack", "p1", creature="f", target="e")
    assert first(events, "damage").data["amount"] == 10 and state.creatures["e"].hp == 75


def test_w03_out_of_command_speed_two():
    gnoll = card("Gnoll", speed=6)
    state = starter([("g", gnoll, "p1", (0, 0)), ("e", card("Foe"), "p2", (11, 11))])
    state, events = act(state, "activate", "p1", creature="g")
    assert state.activation.speed == 2 and not state.activation.in_command
    with pytest.raises(IllegalAction):
        act(state, "move", "p1", creature="g", to=(5, 0))
    state, _ = act(state, "move", "p1", creature="g", to=(4, 0))  # 4 = a double move at speed 2
    # In command: 6 and 12.
    state = starter([("g", gnoll, "p1", (0, 0)), ("k", card("Lord", commander=2), "p1", (0, 1)),
                     ("e", card("Foe"), "p2", (11, 11))])
    state, _ = act(state, "move", "p1", creature="g", to=(10, 0))
    assert state.creatures["g"].square == (10, 0)


def test_w04_in_command_needs_range_and_sight_in_the_starter_rules():
    g = grid(14, 14, walls=[(6, 5), (6, 6)])
    placed = [("p", card("Paladin", commander=3), "p1", (5, 5)), ("d", card("Dwarf"), "p1", (5, 8)),
              ("f", card("Fighter"), "p1", (2, 9)), ("h", card("Halfling"), "p1", (7, 5)),
              ("m", card("Monk"), "p1", (5, 12)), ("foe", card("Foe"), "p2", (13, 0))]
    state = starter(placed, map=g)
    field = SkirmishField(state)
    status = {c: command.in_command(field, state.creatures[c]) for c in "dfhm"}
    assert status == {"d": True, "f": True, "h": False, "m": False}
    # War Drums: either condition suffices, so H (4 around the wall) and M (in sight) are in command.
    wd = battle(placed, map=g)
    field = SkirmishField(wd)
    assert all(command.in_command(field, wd.creatures[c]) for c in "dfhm")


def test_w05_command_distance_counts_around_walls():
    g = grid(14, 14, walls=[(6, 4), (6, 5), (6, 6)])
    state = starter([("a", card("A", commander=1), "p1", (5, 5)), ("b", card("B"), "p1", (7, 5)),
                     ("foe", card("Foe"), "p2", (13, 13))], map=g)
    field = SkirmishField(state)
    assert command.command_distance(field, state.creatures["a"], state.creatures["b"]) == 6


def gnoll_state():
    """W-06 reconstructed: the dwarf is 2 squares away round a wall and out of sight; the
    fighter and the archer are both 7 squares away by path and in sight."""
    g = grid(14, 12, walls=[(1, 0)])
    return starter([("g", card("Gnoll", speed=6), "p1", (0, 0)), ("dwarf", card("Dwarf"), "p2", (2, 0)),
                    ("fighter", card("Fighter"), "p2", (0, 8)), ("archer", card("Archer"), "p2", (8, 3))], map=g)


def test_w06_out_of_command_gnoll_moves_two_and_attacks_the_unseen_dwarf():
    state = gnoll_state()
    script_dice(state, 10)
    state, _ = act(state, "move", "p1", creature="g", path=[(0, 1), (1, 1)])
    state, events = act(state, "attack", "p1", creature="g", target="dwarf")
    assert "attack_roll" in kinds(events)


def test_w06_moving_three_or_four_forbids_the_attack():
    state = gnoll_state()
    state, _ = act(state, "move", "p1", creature="g", path=[(0, 1), (0, 2), (1, 3)])
    with pytest.raises(IllegalAction):
        act(state, "attack", "p1", creature="g", target="fighter")


def test_w06_rush_seven_squares_to_the_fighter_without_an_attack():
    state = gnoll_state()
    state, events = act(state, "move", "p1", creature="g", to=(0, 7))
    assert state.creatures["g"].square == (0, 7) and "rush" in kinds(events)
    assert "turn_ended" in kinds(events)  # ran farther than its speed: no attack


def test_w06_rush_may_not_end_anywhere_else():
    state = gnoll_state()
    with pytest.raises(IllegalAction):
        act(state, "move", "p1", creature="g", to=(0, 6))  # 6 > 4 and not next to a nearest enemy


def test_w06_charging_the_fighter_at_plus_two():
    state = gnoll_state()
    script_dice(state, 10)
    state, events = act(state, "charge", "p1", creature="g", target="fighter")
    assert state.creatures["g"].square == (0, 7) and "charging" in first(events, "attack_roll").text


def test_w06_in_command_it_may_move_twelve_anywhere():
    state = gnoll_state()
    state.creatures["g"].commander_rating = 0  # a commander commands itself
    state, _ = act(state, "move", "p1", creature="g", to=(3, 10))  # 11 squares, away from every enemy
    assert state.creatures["g"].square == (3, 10)


def test_w07_diagonals_cost_six_then_attack():
    state = starter([("g", card("Gnoll"), "p1", (0, 0)), ("k", card("Lord", commander=3), "p1", (0, 1)),
                     ("f", card("Fighter"), "p2", (5, 5))])
    state, events = act(state, "move", "p1", creature="g", path=[(1, 1), (2, 2), (3, 3), (4, 4)])
    assert first(events, "move").data["cost"] == 6


def test_w08_natural_20_and_1_and_blood_rock():
    state = starter([("a", card("Weakling", melee=((0, 10),)), "p1", (0, 0)), ("d", card("Wall", ac=30, hp=90), "p2", (1, 0))])
    script_dice(state, 20)
    state, events = act(state, "attack", "p1", creature="a", target="d")
    assert first(events, "attack_roll").data["critical"] and first(events, "damage").data["amount"] == 20


def test_w10_flanking_with_a_stunned_partner():
    orc = card("Orc", hp=90, ac=15)
    state = starter([("o", orc, "p2", (5, 5)), ("p", card("Paladin"), "p1", (4, 5)), ("h", card("Halfling"), "p1", (6, 5)),
                     ("f", card("Fighter"), "p1", (5, 4)), ("m", card("Monk"), "p1", (4, 6)), ("d", card("Dwarf"), "p1", (6, 4))])
    state.creatures["d"].add_condition(Condition(name="stunned", ends="next_turn_end"))
    field = SkirmishField(state)
    o = state.creatures["o"]
    assert field.flanking_partner(state.creatures["p"], o) is not None
    assert field.flanking_partner(state.creatures["h"], o) is not None
    assert field.flanking_partner(state.creatures["f"], o) is None
    assert field.flanking_partner(state.creatures["m"], o) is None


def test_w11_flanking_a_large_creature():
    ogre = card("Ogre", size="large", hp=90)
    state = starter([("o", ogre, "p2", (5, 5)), ("d", card("Dwarf"), "p1", (5, 4)), ("a", card("A"), "p1", (5, 7)),
                     ("b", card("B"), "p1", (6, 7)), ("c", card("C"), "p1", (7, 6))])
    d, o = state.creatures["d"], state.creatures["o"]
    partners = {h.id for h in (state.creatures[x] for x in "abc")
                if __import__("engine.grid", fromlist=["flanked"]).flanked(state.map, d.squares, h.squares, o.squares)}
    assert partners == {"a", "b"}


def test_w12_melee_cover_is_symmetric_and_creatures_give_none():
    g = grid(walls=[(6, 5)])
    state = starter([("o", card("Orc"), "p2", (5, 5)), ("d", card("Dwarf"), "p1", (6, 6)), ("g", card("Gnoll"), "p2", (4, 5)),
                     ("f", card("Fighter"), "p1", (4, 6))], map=g)
    field = SkirmishField(state)
    o, d, f = (state.creatures[x] for x in "odf")
    assert "cover" in [m[0] for m in field.melee_setup(field.attack_context(d, o, 0, melee=True)).ac_modifiers]
    assert "cover" in [m[0] for m in field.melee_setup(field.attack_context(o, d, 0, melee=True)).ac_modifiers]
    assert "cover" not in [m[0] for m in field.melee_setup(field.attack_context(f, o, 0, melee=True)).ac_modifiers]
    # O is threatened by F without cover: it may not shoot.
    assert [c.id for c in field.binding_threats(o)] == ["f"]


def test_w14_charge_must_end_on_the_closest_square():
    state = starter([("d", card("Dwarf", speed=4), "p1", (0, 0)), ("o", card("Orc"), "p2", (5, 5))])
    with pytest.raises(IllegalAction) as err:
        act(state, "charge", "p1", creature="d", to=(4, 5))
    assert err.value.code == "not-nearest-square"
    state = starter([("d", card("Dwarf", speed=4), "p1", (0, 2)), ("o", card("Orc"), "p2", (6, 2))])
    with pytest.raises(IllegalAction) as err:
        act(state, "charge", "p1", creature="d")
    assert err.value.code == "choose-square" and all(s in err.value.message for s in ("F2", "F3", "F4"))


@pytest.mark.parametrize("blocker,blocked", [((3, 0), True), ((3, 1), False)])
def test_w15_straight_charge_lane(blocker, blocked):
    state = starter([("d", card("Dwarf"), "p1", (0, 0)), ("o", card("Orc"), "p2", (6, 0)), ("x", card("X"), "p1", blocker)])
    field = SkirmishField(state)
    assert (field.charge_lane_blocker(state.creatures["d"], (5, 0), starter=True) is not None) is blocked


@pytest.mark.parametrize("blocker,blocked", [((1, 0), True), ((3, 1), False)])
def test_w15_diagonal_charge_corridor(blocker, blocked):
    state = starter([("d", card("Dwarf"), "p1", (0, 0)), ("o", card("Orc"), "p2", (5, 5)), ("x", card("X"), "p1", blocker)])
    field = SkirmishField(state)
    assert (field.charge_lane_blocker(state.creatures["d"], (4, 4), starter=True) is not None) is blocked


def test_w15_an_ally_on_the_closest_square_blocks_the_charge():
    state = starter([("d", card("Dwarf", speed=4), "p1", (0, 0)), ("o", card("Orc"), "p2", (5, 5)),
                     ("f", card("Fighter"), "p1", (4, 4))])
    with pytest.raises(IllegalAction) as err:
        act(state, "charge", "p1", creature="d")
    assert err.value.code == "charge-blocked"


def test_w17_cover_and_in_melee_make_plus_eight():
    archer = card("Archer", ranged=((8, 10),))
    state = starter([("a", archer, "p1", (0, 0)), ("r", card("Ranger"), "p1", (5, 0)), ("g", card("Gnoll", ac=14), "p2", (6, 0)),
                     ("k", card("Lord", commander=2), "p1", (0, 1))])
    script_dice(state, 10)
    state, events = act(state, "attack", "p1", creature="a", target="g")
    assert "AC 22" in first(events, "attack_roll").text


def test_w21_nearest_enemy_even_behind_a_statue():
    g = grid(terrain={"statue": [(2, 0)]})
    archer = card("Archer", ranged=((8, 10), (8, 10)))
    state = starter([("a", archer, "p1", (0, 0)), ("x", card("X", ac=5, hp=5), "p2", (4, 0)), ("y", card("Y"), "p2", (5, 1)),
                     ("k", card("Lord", commander=2), "p1", (0, 1))], map=g)
    with pytest.raises(IllegalAction):
        act(state, "attack", "p1", creature="a", target="y")
    script_dice(state, 15, 15)
    state, events = act(state, "attack", "p1", creature="a", target="x")
    assert "cover" in first(events, "attack_roll").text and state.creatures["x"].destroyed
    state, events = act(state, "attack", "p1", creature="a", target="y")
    assert first(events, "attack_roll").data["defender"] == "y"


def test_w22_modifier_tables_add_up():
    g = grid(walls=[(5, 4)])
    state = starter([("a", card("A", melee=((0, 5),)), "p1", (4, 4)), ("o", card("O", ac=15, hp=90), "p2", (5, 5)),
                     ("h", card("H"), "p1", (6, 6))], map=g)
    state.creatures["o"].add_condition(Condition(name="stunned", ends="next_turn_end"))
    field = SkirmishField(state)
    ctx = field.attack_context(state.creatures["a"], state.creatures["o"], 0, melee=True, charging=True)
    setup = field.melee_setup(ctx)
    assert sum(v for _, v in setup.attack_modifiers) == 4  # charging + flanking
    from engine.rulesets.dnd_minis.abilities import hooks
    ac = sum(v for _, v in setup.ac_modifiers) + sum(m.value for m in hooks.ac_modifiers(ctx))
    assert ac == 2  # cover +4, stunned -2


def test_w23_morale_arithmetic():
    k2, k4 = card("K2", commander=2), card("K4", commander=4)
    state = starter([("f", card("F", level=3), "p1", (5, 5)), ("k2", k2, "p1", (5, 6)), ("k4", k4, "p1", (6, 5)),
                     ("foe", card("Foe"), "p2", (11, 11))])
    field = SkirmishField(state)
    assert field.morale_bonus(state.creatures["f"]) == 4
    script_dice(state, 13)
    assert field.morale_check(state.rng, state.creatures["f"], [], rally=True)
    script_dice(state, 12)
    assert not field.morale_check(state.rng, state.creatures["f"], [], rally=True)
    alone = starter([("f", card("F", level=3), "p1", (5, 5)), ("foe", card("Foe"), "p2", (11, 11))])
    assert SkirmishField(alone).morale_bonus(alone.creatures["f"]) == 0
    stunned = starter([("k", card("K", commander=5), "p1", (5, 5)), ("foe", card("Foe"), "p2", (11, 11))])
    stunned.creatures["k"].add_condition(Condition(name="stunned", ends="next_turn_end"))
    assert SkirmishField(stunned).morale_bonus(stunned.creatures["k"]) == 5


def test_w25_difficult_terrain_path():
    g = grid(terrain={"difficult": [(1, 0), (2, 0), (3, 1)]})
    state = starter([("g", card("Gnoll", speed=6), "p1", (0, 0)), ("k", card("K", commander=1), "p1", (0, 2)),
                     ("e", card("E"), "p2", (11, 11))], map=g)
    state, events = act(state, "move", "p1", creature="g", path=[(1, 0), (2, 0), (3, 1), (4, 1)])
    assert first(events, "move").data["cost"] == 8


def test_w26_stone_spikes_starter():
    g = grid(terrain={"spike_stones": [(1, 0)]})
    state = starter([("w", card("Walker"), "p1", (0, 0)), ("k", card("K", commander=1), "p1", (0, 2)),
                     ("e", card("E"), "p2", (11, 11))], map=g)
    state.creatures["w"].hp = 5
    with pytest.raises(IllegalAction) as err:
        act(state, "move", "p1", creature="w", path=[(1, 0)])
    assert err.value.code == "spikes"


def test_w28_sacred_circle():
    g = grid(terrain={"sacred_circle": [(0, 0)]})
    state = starter([("a", card("A", melee=((6, 10),)), "p1", (0, 0)), ("d", card("D", ac=5, hp=50), "p2", (1, 0))], map=g)
    script_dice(state, 10)
    state, events = act(state, "attack", "p1", creature="a", target="d")
    assert first(events, "attack_roll").roll.total == 18 and "(magic)" in first(events, "damage").text


def test_w29_statues_cost_double_and_cannot_be_ended_on():
    g = grid(terrain={"statue": [(1, 0)]})
    state = starter([("w", card("Walker"), "p1", (0, 0)), ("k", card("K", commander=1), "p1", (0, 2)),
                     ("e", card("E"), "p2", (11, 11))], map=g)
    with pytest.raises(IllegalAction):
        act(state, "move", "p1", creature="w", path=[(1, 0)])
    state, events = act(state, "move", "p1", creature="w", path=[(1, 0), (2, 0)])
    assert first(events, "move").data["cost"] == 3


def test_w31_extra_hp_and_healing_cap():
    from engine.rulesets.dnd_minis.abilities.base import GainHp, Heal
    state = starter([("c", card("C", hp=50, level=30), "p1", (0, 0)), ("e", card("E"), "p2", (11, 11))])
    field = SkirmishField(state)
    c = state.creatures["c"]
    effects.run(field, state.rng, [GainHp(creature="c", amount=10)], [])
    assert c.hp == 60
    field.damage(state.rng, c, 30, [])
    assert c.hp == 30 and not c.morale_checked
    script_dice(state, 10)
    field.damage(state.rng, c, 5, [])
    assert c.hp == 25 and c.morale_checked
    effects.run(field, state.rng, [Heal(creature="c", amount=40)], [])
    assert c.hp == 50


def test_w32_stacking_of_lasting_effects():
    state = starter([("a", card("A", melee=((0, 5),)), "p1", (0, 0)), ("d", card("D", ac=40, hp=90), "p2", (1, 0))])
    a = state.creatures["a"]
    a.effects = [Effect(name="magic weapon", family="magic weapon", stat="attack", value=1),
                 Effect(name="bless", family="bless", stat="attack", value=1),
                 Effect(name="bull's strength", family="bull's strength", stat="melee_damage", value=5),
                 Effect(name="bull's strength", family="bull's strength", stat="melee_damage", value=5)]
    script_dice(state, 20)
    state, events = act(state, "attack", "p1", creature="a", target="d")
    assert first(events, "attack_roll").roll.total == 22
    assert first(events, "damage").data["amount"] == 20  # (5 + 5) x 2


def test_w46_self_elimination_vp_split():
    state = starter([("c", card("Coward", cost=7), "p1", (0, 0)), ("x", card("X"), "p2", (5, 5)), ("y", card("Y"), "p3", (9, 9))],
                    options={"edition": "starter", "players": 3}, order=("p1", "p2", "p3"))
    victory.award_elimination(state, state.creatures["c"], None, [])
    assert state.players["p2"].vp == 3 and state.players["p3"].vp == 3
    two = starter([("c", card("Coward", cost=7), "p1", (0, 0)), ("x", card("X"), "p2", (5, 5))])
    victory.award_elimination(two, two.creatures["c"], None, [])
    assert two.players["p2"].vp == 7


def test_w47_quick_strike_thresholds():
    r = SkirmishRules.from_options({"edition": "starter", "scenario": "quick-strike"})
    assert r.quick_strike and r.warband_size == 100 and r.max_cost == 70 and r.max_creatures == 12
    state = starter([("a", card("A"), "p1", (0, 0)), ("b", card("B"), "p2", (5, 5)), ("c", card("C"), "p2", (9, 9))],
                    options={"edition": "starter", "scenario": "quick-strike"})
    state.players["p1"].eliminated_points = 70
    assert victory.check_victory(state, [])
    assert state.result.winners == ["p1"]
    state = starter([("a", card("A"), "p1", (0, 0)), ("a2", card("A2"), "p1", (0, 1)), ("b", card("B"), "p2", (5, 5))],
                    options={"edition": "starter", "scenario": "quick-strike"})
    assert victory.check_victory(state, []) and state.result.winners == ["p1"]


def test_w48_initiative_ties():
    state = starter([("a", card("A", commander=4), "p1", (0, 0)), ("b", card("B", commander=2), "p2", (9, 9))])
    state.phase, state.order, state.phase_seat = "initiative", [], None
    script_dice(state, 12, 14)
    state, _ = act(state, "initiative", "p1")
    assert state.initiative_winner == "p1"


def test_w49_rout_rally_and_leaving_the_grid():
    exits = [{"name": "exit B", "kind": "exit", "side": "B", "squares": [[0, 11]]}]
    follower = card("Follower", level=2, hp=40, cost=15, speed=6)
    state = starter([("f", follower, "p2", (0, 6)), ("a", card("Axe", melee=((10, 20),)), "p1", (1, 6)),
                     ("k", card("K", commander=2), "p1", (11, 0))], map=grid(zones=exits))
    script_dice(state, 10, 10)  # hit for 20 -> 20 <= 20: morale 10 + 2 = 12 fails
    state, events = act(state, "attack", "p1", creature="a", target="f")
    f = state.creatures["f"]
    assert f.routed and f.left_map and state.players["p1"].vp == 15


def test_w52_a_confused_commander_commands_only_itself():
    state = starter([("k", card("K", commander=3), "p1", (5, 5)), ("f", card("F"), "p1", (5, 7)), ("e", card("E"), "p2", (11, 11))])
    state.creatures["k"].add_condition(Condition(name="confused", dc=15, ends="save"))
    field = SkirmishField(state)
    assert command.in_command(field, state.creatures["k"])
    assert not command.in_command(field, state.creatures["f"])
    assert command.initiative_rating(field, "p1") == 0
