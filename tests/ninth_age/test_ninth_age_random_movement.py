"""Random Movement (X) (§22, seed "Movimento Casuale"), clause by clause: no charge declared and
no move in the Remaining Moves (nor entering a Building); the unit moves in the Compulsory Moves
by the pursuit rules, its player choosing the direction before X is rolled; contact with an enemy
is a charge (no reaction) and counts as charging in the combat; it never leaves the table; it
always charges, flees, pursues and overruns X, never with Swiftstride; the lowest of several
values; Random Movement characters join only Random Movement units (which accept only them).
Played through the game's own actions with scripted dice."""

import json

import pytest

from engine.core import IllegalAction
from engine.rulesets.ninth_age import random_movement
from engine.rulesets.ninth_age.actions import Advance, Charge, EndStep, Garrison, Join, MoveStep
from engine.rulesets.ninth_age.army import load_army_text, sample_army_text
from engine.rulesets.ninth_age.casualties import flee
from engine.rulesets.ninth_age.characters import join_problem
from engine.rulesets.ninth_age.combat import pursuit_roll

from game_helpers import RULESET, apply, scenario
from loaded_dice import load


def _random(state, uid, *values):
    u = state.units[uid]
    entry = state.unit_entry(u)
    rules = entry.special_rules + [f"Random Movement ({x})" for x in values]
    state.armies[u.owner].units[u.entry] = entry.model_copy(update={"special_rules": rules})


def _hounds(at=(30, 10, 0), x="2D6", **more):
    state = scenario({"War Hounds": at, "Brute Bulls": (30, 34, 180, 3), **more}, seat="p1", step="charges",
                     terrain="open")
    _random(state, "War Hounds", x)
    return state


def _compulsory(state, direction, *dice):
    log = []
    load(state, *dice)
    state = apply(state, EndStep(seat="p1"), {"random-move": direction}, log)
    return state, [e.text for e in log]


def test_it_moves_x_in_the_compulsory_moves_by_the_pursuit_rules_without_swiftstride():
    state, log = _compulsory(_hounds(), "ahead", 4, 5, 6)
    # War Beasts have Swiftstride (3D6, best two); Random Movement rolls its 2D6 and nothing else
    assert "War Hounds Random Movement (2D6) ahead: 9\" (4, 5)." in log
    assert "War Hounds move 9.0\" of 9\" (Random Movement)." in log
    hounds = state.units["War Hounds"]
    assert hounds.pose.y == pytest.approx(19) and hounds.pose.bearing == 0 and hounds.moved
    assert state.step == "remaining"


def test_the_player_chooses_the_direction_before_the_roll():
    state, log = _compulsory(_hounds(), "right", 3, 3)
    assert "War Hounds Random Movement (2D6) right: 6\" (3, 3)." in log
    hounds = state.units["War Hounds"]
    assert hounds.pose.bearing == 90 and hounds.pose.x == pytest.approx(36, abs=0.2)


def test_meeting_an_enemy_is_a_charge_with_no_reaction_that_counts_in_the_combat():
    state, log = _compulsory(_hounds(at=(26, 22, 0)), "toward Brute Bulls", 6, 6)
    assert "War Hounds move into Brute Bulls' front and charge it (Random Movement, no reaction)." in log
    hounds = state.units["War Hounds"]
    assert hounds.pursuit_charge and hounds.pursuit_target == "Brute Bulls"
    assert not any("reaction" in t.lower() and "Brute Bulls" in t and "charge it" not in t for t in log)


def test_it_never_leaves_the_table_over_an_edge():
    state, log = _compulsory(_hounds(at=(30, 6, 180)), "ahead", 6, 6)
    hounds = state.units["War Hounds"]
    assert hounds.on_table and hounds.location == "table"
    assert any("the table edge stands in the way, so they stop" in t for t in log)


def test_it_declares_no_charge_and_makes_no_remaining_move():
    state = _hounds(at=(30, 26, 0))
    with pytest.raises(IllegalAction, match=r"War Hounds have Random Movement: they move only in the Compulsory Moves "
                                            r"\(§22\)"):
        RULESET.apply(state, Charge(seat="p1", unit="War Hounds", target="Brute Bulls"))
    state, _log = _compulsory(_hounds(at=(30, 6, 180)), "ahead", 1, 1)
    state.units["War Hounds"].moved = False  # even one that has not moved yet
    with pytest.raises(IllegalAction, match=r"War Hounds have Random Movement: they move only in the Compulsory Moves"):
        RULESET.apply(state, Advance(seat="p1", unit="War Hounds", steps=[MoveStep(kind="forward", amount=1)]))


def test_it_does_not_enter_a_building():
    state = scenario({"Spearmen": (36, 14, 0, 6)})
    _random(state, "Spearmen", "2D6")
    with pytest.raises(IllegalAction, match=r"Spearmen cannot enter the Building: they have Random Movement and move "
                                            r"only in the Compulsory Moves \(§22\)"):
        RULESET.apply(state, Garrison(seat="p1", unit="Spearmen", building="Farmhouse"))


def test_it_flees_pursues_and_overruns_x():
    state = _hounds(x="D6+3")
    hounds = state.units["War Hounds"]
    events = []
    load(state, 2)
    assert flee(state, hounds, None, events, "War Hounds flees") == 5
    assert "War Hounds flees (Random Movement D6+3: 2): 5\"." in [e.text for e in events]
    state = _hounds(x="D6+3")
    events = []
    load(state, 4, 1)
    assert pursuit_roll(state, state.units["War Hounds"], "pursuit", events) == 7
    assert pursuit_roll(state, state.units["War Hounds"], "overrun", events) == 4
    assert [e.text for e in events] == ["War Hounds pursuit: 7\" (Random Movement D6+3: 4).",
                                        "War Hounds overrun: 4\" (Random Movement D6+3: 1)."]


def test_of_several_values_the_lowest_is_used():
    state = _hounds()
    _random(state, "War Hounds", "3D6", "D6+3")
    assert random_movement.value(state, state.units["War Hounds"]) == "D6+3"  # 4-9 below 2D6 and 3D6


def test_random_movement_characters_join_only_random_movement_units():
    state = scenario({"Marshal": (30, 10, 0), "Spearmen": (30, 14, 0, 5)}, seat="p1")
    _random(state, "Marshal", "2D6")
    marshal, spearmen = state.units["Marshal"], state.units["Spearmen"]
    assert join_problem(state, marshal, spearmen) == "Marshal has Random Movement and may join only units with " \
                                                     "Random Movement"
    _random(state, "Spearmen", "2D6")
    assert join_problem(state, marshal, spearmen) is None
    with pytest.raises(IllegalAction, match=r"Marshal has Random Movement: it does not move in the Remaining Moves"):
        RULESET.apply(state, Join(seat="p1", unit="Marshal", into="Spearmen"))
    state = scenario({"Marshal": (30, 10, 0), "Spearmen": (30, 14, 0, 5)}, seat="p1")
    _random(state, "Spearmen", "2D6")
    assert join_problem(state, state.units["Marshal"], state.units["Spearmen"]) == \
        "Spearmen have Random Movement and accept only characters with Random Movement"


def test_an_army_file_gives_random_movement_with_its_value():
    data = json.loads(sample_army_text("ashen-host"))
    swarm = next(u for u in data["units"] if u["name"] == "Vermin Swarm")
    swarm["special_rules"] = ["Random Movement (3D6)"]
    assert load_army_text(json.dumps(data)).unit("Vermin Swarm").rule_value("Random Movement") == "3D6"
    swarm["special_rules"] = ["Random Movement (fast)"]
    with pytest.raises(IllegalAction) as err:
        load_army_text(json.dumps(data), "rm.json")
    assert str(err.value).endswith("special_rules: Random Movement (fast): its value must be a distance or dice such "
                                   "as 2D6, 3D6 or D6+3")


def test_dangerous_terrain_is_tested_only_when_it_charges():
    # a Battle Chariot (Forest: Dangerous for Chariots, §18.7) goes through the Forest (53-62 x 20.5-29)
    def through_the_forest(brutes_at):
        placements = {"Battle Chariot": (58, 14, 0)}
        if brutes_at:
            placements["Brutes"] = brutes_at
        state = scenario(placements, seat="p1", step="charges")
        _random(state, "Battle Chariot", "2D6")
        log = []
        load(state, 6, 6, 6, 6, 6, 6)
        state = apply(state, EndStep(seat="p1"), {"random-move": "ahead"}, log)
        return state, [e.text for e in log]

    state, log = through_the_forest(None)
    assert "Battle Chariot moves 12.0\" of 12\" (Random Movement)." in log
    assert not any("Dangerous Terrain" in t for t in log)
    state, log = through_the_forest((58, 29, 180, 5))
    # the straight move stops where it touches the Brutes' front (motion.move_ahead): that contact is the charge
    # (stepping 0.1" it ended inside them, found "no room to make contact" and stopped 1.1" away)
    assert "Battle Chariot moves into Brutes' front and charges it (Random Movement, no reaction)." in log
    assert "Battle Chariot takes a Dangerous Terrain test (charging through Forest; Forest: Dangerous for Chariots " \
           "(§18.7); 4D6 a model, each 1 a wound): 0 wounds with Armour Piercing (6)." in log


def test_a_random_movement_character_joins_a_random_movement_unit_by_its_compulsory_move():
    # the seed: "I Personaggi con Movimento Casuale possono aggregarsi solo a Unità che hanno la
    # medesima regola speciale (portandosi a contatto con esse durante la sotto-fase Movimenti Obbligatori)"
    def compulsory(marshal_at, *dice):
        state = scenario({"Marshal": marshal_at, "War Hounds": (30, 14, 0, 3), "Brute Bulls": (30, 40, 180, 3)},
                         seat="p1", step="charges", terrain="open")
        _random(state, "Marshal", "2D6")
        _random(state, "War Hounds", "2D6")
        log = []
        load(state, *dice)
        state = apply(state, EndStep(seat="p1"), {"random-move-Marshal": "join War Hounds",
                                                   "random-move-War Hounds": "ahead"}, log)
        return state, [e.text for e in log]

    state, log = compulsory((30, 4, 0), 4, 4, 1, 1)  # 7.6" from the Hounds' rear: 8" reaches them
    assert "Marshal Random Movement (2D6) toward War Hounds to join it: 8\" (4, 4)." in log
    line = next(t for t in log if t.startswith("Marshal moves") and "joins it" in t)
    assert "into contact with War Hounds and joins it" in line and "(its Compulsory Move, §22 Random Movement)" in line
    marshal, hounds = state.units["Marshal"], state.units["War Hounds"]
    assert marshal.location == "joined" and marshal.host == "War Hounds" and marshal.moved
    # the joined unit then makes its own Random Movement, the Marshal in it
    assert "War Hounds Random Movement (2D6) ahead: 2\" (1, 1)." in log
    # too short a roll: it moves that way by the Random Movement rules and does not join
    state, log = compulsory((30, 2, 0), 1, 2, 1, 1)
    assert "Marshal does not reach War Hounds (3\"): it moves that way and does not join it." in log
    assert state.units["Marshal"].location == "table" and state.units["Marshal"].host is None


def test_a_random_movement_unit_makes_no_vanguard_move_as_the_seed_moves_it_as_in_the_remaining_moves():
    from game_helpers import deploy_all, new_battle

    from engine.rulesets.ninth_age.actions import EndStep

    state = deploy_all(new_battle(), stop_at="vanguard")
    assert state.deploy.step == "vanguard"
    seat = state.units["Skulkers"].owner
    if state.deploy.turn != seat:  # the other side's Fast Cavalry moves first: it makes none
        state = RULESET.apply(state, EndStep(seat=state.deploy.turn))[0]
    assert state.deploy.step == "vanguard" and state.deploy.turn == seat
    back = [MoveStep(kind="back", amount=2)]
    try:  # without Random Movement the same move is refereed as any Vanguard move
        RULESET.apply(state.model_copy(deep=True), Advance(seat=seat, unit="Skulkers", steps=back))
    except IllegalAction as err:
        assert "Random Movement" not in str(err)
    _random(state, "Skulkers", "2D6")
    with pytest.raises(IllegalAction, match=r"Skulkers have Random Movement: a Vanguard move is made as in the "
                                            r"Remaining Moves, with their restrictions, and a Random Movement unit "
                                            r"may not move in the Remaining Moves \(§22 Vanguard, §22 Random "
                                            r"Movement\)\."):
        RULESET.apply(state, Advance(seat=seat, unit="Skulkers", steps=back))


def test_a_random_movement_unit_makes_no_magical_move():
    from test_ninth_age_magic import cast, magic_phase

    state, _log = magic_phase(dice=(4, 4, 1, 1), terrain="open")
    load(state, 3, 3)
    state = cast(state, wizard="Hedge Wizard", spell="Ash Veil", dice=2, target="Spearmen", log=[],
                 answers={"dispel": "none"})
    forward = [MoveStep(kind="forward", amount=2)]
    _random(state, "Spearmen", "2D6")
    with pytest.raises(IllegalAction, match=r"Spearmen have Random Movement: a magical move is made as in a fresh "
                                            r"Remaining Moves sub-phase, with its restrictions, and a Random Movement "
                                            r"unit may not move in the Remaining Moves \(§9.13, §22 Random "
                                            r"Movement\)\."):
        RULESET.apply(state, Advance(seat="p1", unit="Spearmen", steps=forward))
