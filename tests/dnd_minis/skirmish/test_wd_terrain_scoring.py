"""War Drums §29.9-§29.10: conditions and terrain (WE-59 to WE-70), warbands, scoring and
scenarios (WE-71 to WE-80)."""

import pytest

from engine.core import IllegalAction
from engine.rulesets.dnd_minis.conditions import known_conditions
from engine.rulesets.dnd_minis.creature import Condition
from engine.rulesets.dnd_minis.skirmish import command, victory
from engine.rulesets.dnd_minis.skirmish.field import SkirmishField
from engine.rulesets.dnd_minis.skirmish.rules import SkirmishRules
from tests.dnd_minis.skirmish.helpers import RULES, act, battle, card, first, grid, kinds
from tests.scripted import script_dice


def needs_condition(name):
    if name not in known_conditions():
        pytest.fail(f"the abilities package has not registered the {name} condition yet")


def test_we59_stunned_creature_loses_its_next_turn():
    needs_condition("stunned")
    state = battle([("s", card("Stunned"), "p1", (0, 0)), ("e", card("E"), "p2", (5, 5))])
    state.creatures["s"].add_condition(Condition(name="stunned", ends="next_turn_end"))
    assert not state.creatures["s"].active
    state, events = act(state, "activate", "p1", creature="s")
    assert "no_actions" in kinds(events) and not state.creatures["s"].has("stunned")


def test_we60_paralysis_save_at_end_of_turn():
    needs_condition("paralyzed")
    state = battle([("p", card("Paralyzed", level=5), "p1", (0, 0)), ("e", card("E"), "p2", (5, 5))])
    state.creatures["p"].add_condition(Condition(name="paralyzed", dc=15, ends="save"))
    script_dice(state, 10)
    state, events = act(state, "activate", "p1", creature="p")
    assert not state.creatures["p"].has("paralyzed")


def test_we61_damage_wakes_a_sleeper():
    needs_condition("asleep")
    state = battle([("a", card("Brute", melee=((5, 5),)), "p1", (0, 0)), ("d", card("Sleeper", hp=50), "p2", (1, 0))])
    state.creatures["d"].add_condition(Condition(name="asleep", ends="damage"))
    state, events = act(state, "attack", "p1", creature="a", target="d")
    assert not state.creatures["d"].has("asleep")


def test_we64_poison_at_the_start_of_each_turn():
    needs_condition("poisoned")
    state = battle([("p", card("Victim", hp=30), "p1", (0, 0)), ("e", card("E"), "p2", (5, 5))])
    state.creatures["p"].add_condition(Condition(name="poisoned", value=5, text="5 damage", source="e", source_seat="p2"))
    state.creatures["p"].add_condition(Condition(name="poisoned", value=5, text="5 damage", source="e", source_seat="p2"))
    state, events = act(state, "activate", "p1", creature="p")
    assert state.creatures["p"].hp == 25


def test_we65_risky_terrain_at_the_end_of_its_own_turn():
    g = grid(terrain={"risky": [(0, 0)]})
    state = battle([("r", card("Runner", hp=30), "p1", (0, 0)), ("e", card("E"), "p2", (9, 9))], map=g)
    script_dice(state, 3)
    state, events = act(state, "end", "p1", creature="r")
    assert state.creatures["r"].hp == 20 and first(events, "risky").roll.natural == 3
    state = battle([("r", card("Runner", hp=30), "p1", (0, 0)), ("e", card("E"), "p2", (9, 9))], map=g)
    script_dice(state, 6)
    state, _ = act(state, "end", "p1", creature="r")
    assert state.creatures["r"].hp == 30


def test_we65_risky_terrain_adds_five_to_melee_damage():
    g = grid(terrain={"risky": [(0, 0)]})
    state = battle([("r", card("Runner", melee=((5, 10),)), "p1", (0, 0)), ("d", card("D", hp=50, ac=5), "p2", (1, 0))], map=g)
    script_dice(state, 10)
    state, events = act(state, "attack", "p1", creature="r", target="d")
    assert first(events, "damage").data["amount"] == 15


def test_we66_spike_stones():
    g = grid(terrain={"spike_stones": [(1, 0), (2, 0)]})
    state = battle([("w", card("Walker", hp=30), "p1", (0, 0)), ("e", card("E"), "p2", (9, 9))], map=g)
    state, events = act(state, "move", "p1", creature="w", path=[(1, 0), (2, 0)])
    assert state.creatures["w"].hp == 20 and first(events, "move").data["cost"] == 4
    flier = card("Bat", fly=True, hp=30)
    state = battle([("w", flier, "p1", (0, 0)), ("e", card("E"), "p2", (9, 9))], map=g)
    state, _ = act(state, "move", "p1", creature="w", path=[(1, 0), (2, 0)])
    assert state.creatures["w"].hp == 30


def test_we66_a_routing_creature_may_not_die_on_spikes():
    g = grid(terrain={"spike_stones": [(1, 0)]})
    state = battle([("w", card("Walker", hp=30), "p1", (0, 0)), ("e", card("E"), "p2", (9, 9))], map=g)
    w = state.creatures["w"]
    w.hp, w.routed = 5, True
    from engine.rulesets.dnd_minis.skirmish import turn
    state.activation = __import__("engine.rulesets.dnd_minis.activation", fromlist=["Activation"]).Activation(creature="w")
    w.routed = True
    with pytest.raises(IllegalAction):
        turn._spike_guard(state, SkirmishField(state), w, SkirmishField(state).plan_path(w, (1, 0), None, 0), [])


def test_we67_a_creature_ending_its_own_turn_in_a_pit_is_destroyed():
    g = grid(terrain={"lava_pit": [(1, 0)]})
    state = battle([("w", card("Walker"), "p1", (1, 0)), ("e", card("E"), "p2", (9, 9))], map=g)
    state, events = act(state, "end", "p1", creature="w")
    assert state.creatures["w"].destroyed
    flier = card("Bat", fly=True)
    state = battle([("w", flier, "p1", (0, 0)), ("e", card("E"), "p2", (9, 9))], map=g)
    state, _ = act(state, "move", "p1", creature="w", path=[(1, 0), (2, 0)])
    assert state.creatures["w"].square == (2, 0)
    with pytest.raises(IllegalAction):
        act(state, "move", "p1", creature="w", path=[(1, 0)])


def test_we68_teleporters_once_a_round():
    g = grid(terrain={"teleporter": [(3, 0), (9, 9)]})
    state = battle([("w", card("Walker"), "p1", (0, 0)), ("e", card("E"), "p2", (0, 11))], map=g)
    state, _ = act(state, "move", "p1", creature="w", to=(3, 0))
    state, events = act(state, "move", "p1", creature="w", to=(9, 9))
    assert state.creatures["w"].square == (9, 9) and "teleport" in kinds(events)
    state, _ = act(state, "move", "p1", creature="w", to=(9, 8))
    # Later in the same round it may not teleport again.
    state, _ = act(state, "move", "p1", creature="w", to=(9, 9))
    with pytest.raises(IllegalAction) as refused:
        act(state, "move", "p1", creature="w", to=(3, 0))
    assert refused.value.code == "teleported" and "already used a teleporter" in refused.value.message
    # Between two teleporters within reach on foot, the same command is an ordinary walk.
    near = grid(terrain={"teleporter": [(3, 0), (5, 0)]})
    walker = battle([("w", card("Walker"), "p1", (3, 0)), ("e", card("E"), "p2", (0, 11))], map=near)
    walker.creatures["w"].teleported_round = walker.round
    walker, events = act(walker, "move", "p1", creature="w", to=(5, 0))
    assert walker.creatures["w"].square == (5, 0) and "teleport" not in kinds(events)
    # Occupied destination: refused.
    state = battle([("w", card("Walker"), "p1", (3, 0)), ("e", card("E"), "p2", (9, 9))], map=g)
    with pytest.raises(IllegalAction):
        act(state, "move", "p1", creature="w", to=(9, 9))


def test_we69_blood_rock_criticals_on_19_in_melee_only():
    g = grid(terrain={"blood_rock": [(0, 0)]})
    state = battle([("a", card("Brute", melee=((0, 10),)), "p1", (0, 0)), ("d", card("D", ac=40, hp=50), "p2", (1, 0))], map=g)
    script_dice(state, 19)
    state, events = act(state, "attack", "p1", creature="a", target="d")
    assert first(events, "attack_roll").data["critical"] and first(events, "damage").data["amount"] == 20
    shooter = card("Shooter", ranged=((0, 10),))
    state = battle([("a", shooter, "p1", (0, 0)), ("d", card("D", ac=40, hp=50), "p2", (5, 0))], map=g)
    script_dice(state, 19)
    state, events = act(state, "attack", "p1", creature="a", target="d")
    assert not first(events, "attack_roll").data["hit"]


def test_we70_fog_hides_and_forest_covers():
    g = grid(terrain={"fog": [(5, 5)], "forest": [(0, 9)]})
    archer = card("Archer", ranged=((8, 10),))
    state = battle([("a", archer, "p1", (0, 0)), ("fogged", card("F"), "p2", (5, 5)), ("tree", card("T", ac=10), "p2", (0, 9))], map=g)
    field = SkirmishField(state)
    assert not field.can_see(state.creatures["a"], state.creatures["fogged"])
    script_dice(state, 5)
    state, events = act(state, "attack", "p1", creature="a", target="tree")
    assert "cover" in first(events, "attack_roll").text


# -- warbands, scoring, scenarios --------------------------------------------------------------
def test_we71_warband_validation_is_enforced_at_submission():
    state = RULES.new_game(seed=1, options={"map_data": grid().model_dump(mode="json"), "card_data": [
        {"id": "huge-thing", "name": "Huge Thing", "factions": ["LG"], "cost": 150, "level": 5, "speed": 6, "ac": 17,
         "hp": 40, "commander": 3, "melee": [{"bonus": 8, "damage": 10}], "types": ["Giant"]}]})
    with pytest.raises(IllegalAction) as err:
        act(state, "warband", "p1", cards=["huge-thing"], faction="LG")
    assert err.value.code == "warband-cost" and "150" in err.value.message


def test_we72_victory_areas_score_once_per_player_per_round():
    zones = [{"name": "victory A", "kind": "victory", "side": "A", "squares": [[0, 0], [1, 0]]},
             {"name": "victory B", "kind": "victory", "side": "B", "squares": [[9, 9]]}]
    ogre = card("Ogre", size="large")
    state = battle([("a1", card("A1"), "p1", (0, 0)), ("a2", card("A2"), "p1", (1, 0)), ("b", ogre, "p2", (8, 8))],
                   map=grid(zones=zones))
    events = []
    victory.score_victory_areas(state, events)
    assert state.players["p1"].vp == 10 and state.players["p2"].vp == 10


def test_we73_we74_elimination_vp_and_the_win_check():
    victim = card("Victim", cost=12, hp=5, ac=5)
    state = battle([("a", card("Brute"), "p1", (0, 0)), ("v", victim, "p2", (1, 0)), ("o", card("Other"), "p2", (9, 9))])
    state.players["p1"].vp = 195
    script_dice(state, 10)
    state, events = act(state, "attack", "p1", creature="a", target="v")
    assert state.players["p1"].vp == 207 and state.is_over and state.result.winners == ["p1"]
    assert state.result.scores["p1"] == 207


def test_we75_stalemate_after_ten_quiet_rounds():
    state = battle([("a", card("A", cost=30), "p1", (5, 5)), ("b", card("B"), "p2", (0, 0))])
    state.players["p1"].vp, state.players["p2"].vp = 120, 90
    state.quiet_rounds = 9
    while state.phase == "activation":
        seat = state.phase_seat
        c = next(c for c in state.creatures_of(seat) if c.activations == 0)
        state, events = act(state, "end", seat, creature=c.id)
    assert state.is_over and state.result.winners == ["p1"] and "without a blow" in state.result.reason


def test_we75_stalemate_tie_goes_to_the_creature_nearest_the_centre():
    state = battle([("a", card("A", cost=30), "p1", (5, 5)), ("b", card("B"), "p2", (0, 0))])
    state.quiet_rounds = 10
    events = []
    assert victory.check_victory(state, events, end_of_round=True)
    assert state.result.winners == ["p1"]


def test_we77_epic_assault_settings():
    r = SkirmishRules.from_options({"scenario": "epic-assault"})
    assert (r.warband_size, r.max_creatures, r.max_cost, r.allow_huge, r.vp_target, r.va_reward) == (500, 8, None, True, 500, 25)


def test_we78_free_for_all_split_of_a_self_inflicted_loss():
    state = battle([("c", card("Coward", cost=25), "p1", (5, 5)), ("x", card("X"), "p2", (0, 0)),
                    ("y", card("Y"), "p3", (9, 0)), ("z", card("Z"), "p4", (0, 9))],
                   options={"scenario": "free-for-all", "players": 4}, order=("p1", "p2", "p3", "p4"))
    events = []
    victory.award_elimination(state, state.creatures["c"], None, events)
    assert [state.players[s].vp for s in ("p2", "p3", "p4")] == [8, 8, 8]


def test_we78_teams_pool_their_vp():
    state = battle([("a", card("A"), "p1", (0, 0)), ("b", card("B"), "p2", (9, 9)), ("c", card("C"), "p3", (0, 9)),
                    ("d", card("D"), "p4", (9, 0))], options={"scenario": "teams"}, order=("p1", "p2", "p3", "p4"))
    state.players["p1"].vp, state.players["p3"].vp = 5, 7
    assert victory.team_vp(state, "p1") == 12 and state.seat("p3").team == state.seat("p1").team


def test_we80_walls_block_and_command_counts_around_them():
    g = grid(16, 12, walls=[(6, y) for y in range(0, 9)])
    state = battle([("k", card("Lord", commander=2), "p1", (5, 0)), ("f", card("F"), "p1", (7, 0)),
                    ("e", card("E"), "p2", (15, 11))], map=g)
    field = SkirmishField(state)
    assert command.command_distance(field, state.creatures["k"], state.creatures["f"], 30) > 6
    assert not command.in_command(field, state.creatures["f"])


@pytest.mark.parametrize("edition,dies", [("war-drums", False), ("starter", True)])
def test_we66_w26_a_router_and_lethal_spikes_differ_by_edition(edition, dies):
    """War Drums: a routing creature may not enter spikes that would destroy it; starter rules:
    only a creature that is *not* routing is held back (seed 002 line 708; seed 000 line 2106)."""
    exits = [{"name": "exit B", "kind": "exit", "side": "B", "squares": [[11, 0]]}]
    g = grid(12, 3, terrain={"spike_stones": [(x, 0) for x in range(4, 8)] + [(x, 1) for x in range(4, 8)]
                             + [(x, 2) for x in range(4, 8)]}, zones=exits)
    state = battle([("r", card("Runner", hp=40, level=0, speed=10), "p2", (2, 0)),
                    ("a", card("Axe", melee=((10, 15),)), "p1", (1, 0))], map=g, options={"edition": edition})
    state.creatures["r"].hp = 20
    script_dice(state, 15, 2)  # 15 damage: 5 left, morale fails, it runs east over the spikes
    state, events = act(state, "attack", "p1", creature="a", target="r")
    r = state.creatures["r"]
    assert r.routed or r.destroyed
    assert r.destroyed is dies
    if not dies:
        assert r.square == (3, 0)
