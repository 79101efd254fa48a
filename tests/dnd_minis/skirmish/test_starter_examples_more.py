"""More starter-rules worked examples (dnd-minis-skirmish.md §30) through the ruleset: W-13,
W-16, W-18, W-19, W-20, W-24, W-27, W-33 to W-41, W-43, W-45, W-50."""

import pytest

from engine.core import IllegalAction
from engine.rulesets.dnd_minis.abilities import ability_for
from engine.rulesets.dnd_minis.combat import half_damage
from engine.rulesets.dnd_minis.creature import Effect
from engine.rulesets.dnd_minis.skirmish import command
from engine.rulesets.dnd_minis.skirmish.field import SkirmishField
from tests.dnd_minis.skirmish.helpers import RULES, act, battle, card, first, grid
from tests.scripted import script_dice

STARTER = {"edition": "starter"}
ARCHER = card("Archer", ranged=((8, 10),))


def starter(placed, **kw):
    kw.setdefault("options", STARTER)
    return battle(placed, **kw)


def needs(name):
    if ability_for(name) is None:
        pytest.fail(f"the abilities package does not implement {name!r} yet")


def test_w13_two_players_aoos_come_in_play_order():
    state = starter([("e", card("Mover", hp=90), "p1", (5, 5)), ("t2", card("T2", melee=((0, 5),)), "p2", (6, 5)),
                     ("t3", card("T3", melee=((0, 5),)), "p3", (4, 5)), ("k", card("K", commander=1), "p1", (5, 9))],
                    options={"edition": "starter", "players": 3}, order=("p1", "p3", "p2"))
    script_dice(state, 2, 2)
    state, events = act(state, "move", "p1", creature="e", to=(5, 7))
    assert [e.data["attacker"] for e in events if e.kind == "attack_roll"] == ["t3", "t2"]


def test_w16_line_of_sight_through_the_ruleset():
    g = grid(walls=[(2, 0), (2, 1)])
    state = starter([("a", ARCHER, "p1", (0, 2)), ("g", card("Gnoll"), "p2", (4, 2)), ("o", card("Orc"), "p2", (4, 0))], map=g)
    field = SkirmishField(state)
    a, gn, o = (state.creatures[x] for x in "ago")
    assert field.can_see(a, gn) and not field.can_see(a, o) and field.can_see(gn, o)


def test_w18_w20_shooting_from_behind_a_wall_end_and_grazing_lines():
    g = grid(walls=[(3, 2), (3, 1), (3, 0)])
    state = starter([("a", ARCHER, "p1", (2, 2)), ("o", card("Orc", ac=10), "p2", (5, 4))], map=g)
    script_dice(state, 10)
    state, events = act(state, "attack", "p1", creature="a", target="o")
    assert "cover" not in first(events, "attack_roll").text
    g = grid(walls=[(1, 1)])
    state = starter([("a", ARCHER, "p1", (0, 0)), ("b", card("B", ac=10), "p2", (3, 0))], map=g)
    script_dice(state, 10)
    state, events = act(state, "attack", "p1", creature="a", target="b")
    assert "cover" not in first(events, "attack_roll").text


def test_w19_a_large_target_behind_a_wall_has_ranged_cover():
    ogre = card("Ogre", size="large", ac=10, hp=90)
    state = starter([("a", ARCHER, "p1", (10, 5)), ("o", ogre, "p2", (5, 5))], map=grid(walls=[(8, 5)]))
    script_dice(state, 10)
    state, events = act(state, "attack", "p1", creature="a", target="o")
    assert "cover" in first(events, "attack_roll").text


def test_w24_turning_a_wall_corner_costs_two():
    g = grid(walls=[(0, 0), (1, 0), (0, 1), (1, 1)])
    state = starter([("m", card("M"), "p1", (1, 2)), ("k", card("K", commander=1), "p1", (4, 4)), ("e", card("E"), "p2", (11, 11))], map=g)
    state, events = act(state, "move", "p1", creature="m", to=(2, 1))
    assert first(events, "move").data["cost"] == 2


def test_w27_blood_rock_against_undead_is_a_hit_without_doubling():
    g = grid(terrain={"blood_rock": [(0, 0)]})
    state = starter([("a", card("A", melee=((0, 10),)), "p1", (0, 0)), ("u", card("Skeleton", types=("Undead",), ac=40, hp=90), "p2", (1, 0))], map=g)
    script_dice(state, 19)
    state, events = act(state, "attack", "p1", creature="a", target="u")
    roll = first(events, "attack_roll")
    assert roll.data["hit"] and not roll.data["critical"] and first(events, "damage").data["amount"] == 10


def test_w33_spell_resistance_does_not_stop_a_buffed_attacker():
    needs("Spell Resistance")
    state = starter([("a", card("A", melee=((5, 10),)), "p1", (0, 0)), ("s", card("SR", hp=90, ac=5, abilities=("Spell Resistance",)), "p2", (1, 0))])
    state.creatures["a"].effects = [Effect(name="bull's strength", family="bull's strength", stat="melee_damage", value=5)]
    script_dice(state, 10)
    state, events = act(state, "attack", "p1", creature="a", target="s")
    assert first(events, "damage").data["amount"] == 15


def test_w34_half_damage():
    assert [half_damage(n) for n in (15, 5, 30, 25, 20)] == [5, 0, 15, 10, 10]


def test_w35_resist_and_immune_energy():
    needs("Immune Fire")
    fire = card("Fire Blade", melee=((10, {"damage": 0, "bonus_damage": [{"amount": 30, "kind": "fire"}]}),))
    state = starter([("a", fire, "p1", (0, 0)), ("d", card("Imp", hp=90, ac=5, abilities=("Immune Fire",)), "p2", (1, 0))])
    script_dice(state, 10)
    state, events = act(state, "attack", "p1", creature="a", target="d")
    assert state.creatures["d"].hp == 90


def test_w36_beastmaster_commands_low_level_animals():
    needs("Beastmaster 2")
    master = card("Beastmaster", commander=2, abilities=("Beastmaster 2",))
    hyena = card("Hyena", level=2, types=("Animal",), abilities=("Wild",))
    owlbear = card("Owlbear", level=5, types=("Magical Beast",), abilities=("Wild",), size="large")
    state = starter([("m", master, "p1", (5, 5)), ("h", hyena, "p1", (5, 6)), ("o", owlbear, "p1", (6, 7)),
                     ("e", card("E"), "p2", (11, 0))])
    field = SkirmishField(state)
    assert command.in_command(field, state.creatures["h"]) and not command.in_command(field, state.creatures["o"])


def test_w37_an_out_of_command_difficult_creature_must_rush_to_melee():
    needs("Difficult 4")
    minotaur = card("Minotaur", abilities=("Difficult 4",))
    state = starter([("m", minotaur, "p1", (0, 0)), ("k", card("Lord", commander=3), "p1", (0, 2)),
                     ("e", card("E", hp=90), "p2", (1, 0))])
    assert not command.in_command(SkirmishField(state), state.creatures["m"])
    with pytest.raises(IllegalAction) as err:
        act(state, "attack", "p1", creature="m", target="e")
    if err.value.code != "must-rush":
        pytest.fail("the abilities package does not report must_rush_to_melee yet")


def test_w38_immune_to_acid():
    needs("Immune Acid")
    acid = card("Acid Spitter", melee=((10, {"damage": 20, "damage_kind": "acid"}),))
    state = starter([("a", acid, "p1", (0, 0)), ("d", card("Green Dragon", hp=90, ac=5, abilities=("Immune Acid",)), "p2", (1, 0))])
    script_dice(state, 10)
    state, events = act(state, "attack", "p1", creature="a", target="d")
    assert state.creatures["d"].hp == 90


def test_w39_conceal_rolls():
    needs("Conceal 6")
    state = starter([("a", card("A"), "p1", (0, 0)), ("d", card("Blur", hp=90, ac=5, abilities=("Conceal 6",)), "p2", (1, 0))])
    script_dice(state, 10, 6)
    state, events = act(state, "attack", "p1", creature="a", target="d")
    assert state.creatures["d"].hp == 80


def test_w40_unique_names_in_a_warband():
    state = RULES.new_game(1, {"map_data": grid().model_dump(mode="json")})
    with pytest.raises(IllegalAction) as err:
        act(state, "warband", "p1", cards=["regdar-human-fighter", "regdar-adventurer"], faction="LG")
    assert "Regdar" in err.value.message


def test_w41_w45_out_of_the_box_has_no_factions_and_allows_commander_zero():
    state = RULES.new_game(1, {"edition": "starter", "scenario": "out-of-the-box",
                               "map_data": grid().model_dump(mode="json")})
    state, _ = act(state, "warband", "p1", cards=["kobold", "paladin"])
    assert state.players["p1"].submitted


def test_w50_subtypes_count_as_types():
    c = card("Kobold Warrior", types=("Humanoid (Kobold)",))
    assert c.has_type("kobold")
