"""Rules version 6 (n9-versions): three rule fixes that landed without a version gate now have one,
so a game begun before them replays from its log to the state it was played to (issue #10: undo and
/game verify rebuild a game from its log under the rules it began with).

- ``specials_v6`` (n9-joined-specials): a joined character makes its own Stomp, Grinding Attacks and
  Breath Weapon (seed 001:3094-3095, 3154-3228), a unit's own Stomp and Grinding Attacks are made by
  its rank and file in contact only, and its spent Breath Weapons are kept by model. Before, the
  character's base in contact counted as one of the unit's and the places that breathed were kept.
- ``sight_v6`` (n9-hill-heal): Posizione Elevata model by model (§18.4, seed 001:2890: "i modelli con
  più della metà della propria basetta su una collina si considerano essere Grandi"), and a Missile
  spell's line of sight a shooter's (§9.3, §6.1). Before, a unit was Large with more than half of its
  footprint on a hill, and spells saw every unit at its troop type's height wherever it stood.

Each old result below is the one the Warband of before the change gave (run at 3d540d4d^, 395e7247^
and e7df0aab^); the logs in fixtures/ were played by that code (fixtures/record_old_logs.py)."""

import json
from pathlib import Path

import pytest

from engine.core.errors import IllegalAction
from engine.rulesets.ninth_age.breath import breathers
from engine.rulesets.ninth_age.casualties import lose_wounds
from engine.rulesets.ninth_age.mixed_units import place_in_block
from engine.rulesets.ninth_age.shooting_phase import Shoot
from engine.rulesets.ninth_age.state import OLDER_FLAGS
from engine.rulesets.ninth_age.terrain_layouts import feature

from game_helpers import RULESET, apply, scenario
from loaded_dice import load
from test_ninth_age_elevated_position import COVERED, WITH_BLOCKER, _measure, _state
from test_ninth_age_joined_specials import _fight, _joined, _rules, _specials
from test_ninth_age_magic_sight import PLACED, _refusal
from test_ninth_age_magic import magic_phase

FIXTURES = Path(__file__).parent / "fixtures"


def _old(state):
    """``state`` as a game begun under rules version 5 plays."""
    state.rules_version = 5
    return state


def test_a_new_game_is_of_version_6_and_an_older_one_keeps_the_old_rules():
    assert RULESET.rules_version >= 6  # 7 (n9-blocked, n9-play6): test_ninth_age_play6.py
    new, old = RULESET.new_game_at(7, {}, 6), RULESET.new_game_at(7, {}, 5)
    assert (new.specials_v6, new.sight_v6) == (True, True)
    assert (old.specials_v6, old.sight_v6) == (False, False)
    # a game stored before the flags existed (its state's one boolean per change, these two not yet
    # among them) reads its game's version: it plays as it was played
    data = old.model_dump(mode="json")
    del data["rules_version"]
    data.update(fast_cavalry_vanguard=True, healing_v5=True)
    assert not RULESET.load_state(data, 5).specials_v6 and not RULESET.load_state(data, 5).sight_v6


def test_each_change_is_asked_of_the_games_one_stored_version():
    """A game of each version answers every change's question as the booleans _new_game_at set
    (``version >= N``) did, from the one number it stores; none can be set apart from it."""
    for version in range(1, RULESET.rules_version + 1):
        state = RULESET.new_game_at(7, {"secondary": "hold"}, version)
        assert state.rules_version == version and state.model_dump(mode="json")["rules_version"] == version
        assert {flag: getattr(state, flag) for flag in OLDER_FLAGS} == {
            flag: version >= since for flag, since in OLDER_FLAGS.items()}, version
    with pytest.raises(AttributeError):
        state.placement_v6 = False


# -- a. joined characters' specials ------------------------------------------------------------------------
def test_version_5_counts_the_joined_characters_base_as_one_of_the_units_stompers_version_6_stomps_on_its_own():
    state = _joined(chieftain=("Grinding Attacks (D3)",), brutes=("Grinding Attacks (1)",))
    new = sorted((b.special, b.model, b.count, b.hits, b.strength, b.initiative) for b in
                 _specials(state, "Stomp") + _specials(state, "Grinding Attacks"))
    assert new == [("Grinding Attacks", "", 2, "1", 4, 2), ("Grinding Attacks", "Chieftain", 1, "D3", 5, 3),
                   ("Stomp", "", 2, "1", 4, 0), ("Stomp", "Chieftain", 1, "1", 5, 0)]
    state = _old(_joined(chieftain=("Grinding Attacks (D3)",), brutes=("Grinding Attacks (1)",)))
    old = sorted((b.special, b.model, b.count, b.hits, b.strength, b.initiative) for b in
                 _specials(state, "Stomp") + _specials(state, "Grinding Attacks"))
    # the Brutes' own, by three models (the Chieftain's base among them), at their S 4; none of the Chieftain's
    assert old == [("Grinding Attacks", "", 3, "1", 4, 2), ("Stomp", "", 3, "1", 4, 0)]
    _after, said = _fight(state)
    assert "I0: Brutes Stomp (1) from 3 models at Halberdiers: 3 automatic hits at S4." in said
    assert not [line for line in said if "Chieftain Stomp" in line or "Chieftain Grinding" in line]


def test_version_5_gives_a_joined_character_no_breath_weapon_of_its_own():
    state = _old(_joined(chieftain=("Breath Weapon (Strength 3)",)))
    _after, said = _fight(state, {"breath-Chieftain": "yes"})
    assert not [line for line in said if "Chieftain" in line and "Breath" in line]
    # nor as a shooting attack: the old refusal, the character shoots with its unit
    state = scenario({"Brutes": (30, 15.3, 180, 3), "Crossbowmen": (30, 10, 0, 5)}, seat="p2", terrain="open")
    _old(state)
    _rules(state, "Chieftain", "Breath Weapon (Strength 2)")
    place_in_block(state, state.units["Chieftain"], state.units["Brutes"], 1, [], keep_front_rank=False)
    state.phase, state.step = "shooting", ""
    with pytest.raises(IllegalAction, match="it shoots with its unit"):
        apply(state, Shoot(seat="p2", unit="Chieftain", target="Crossbowmen", weapon="breath"))


def _breathed_then_joined(old=False):
    state = scenario({"Brutes": (30, 15.3, 180, 3), "Crossbowmen": (30, 10, 0, 5)}, seat="p2", terrain="open")
    if old:
        _old(state)
    _rules(state, "Brutes", "Breath Weapon (Strength 2)")
    state.phase, state.step = "shooting", ""
    load(state, *[1] * 400)
    state = apply(state, Shoot(seat="p2", unit="Brutes", target="Crossbowmen", weapon="breath", models=3))
    brutes = state.units["Brutes"]
    counts = [len(breathers(state, brutes))]
    place_in_block(state, state.units["Chieftain"], brutes, 1, [], keep_front_rank=False)
    counts.append(len(breathers(state, brutes)))
    lose_wounds(state, brutes, 6, [])
    counts.append(len(breathers(state, brutes)))
    return state, counts


def test_version_5_keeps_the_places_that_breathed_version_6_the_models():
    # six Brutes, three breathe; the Chieftain joins their front rank; two Brutes fall
    state, counts = _breathed_then_joined()
    assert counts == [3, 3, 1] and state.units["Brutes"].breathed == []
    # then: the front rank's places [0, 1, 2] breathed; the Chieftain took place 1 and the Brute there
    # stepped back to a fresh place, which breathed again; two losses from the rear left two
    state, counts = _breathed_then_joined(old=True)
    assert counts == [3, 4, 2] and state.units["Brutes"].breathed == [0, 1, 2]


def test_an_older_games_stored_breathed_places_stay_for_its_old_rules():
    state, _counts = _breathed_then_joined(old=True)
    again = RULESET.load_state(state.model_dump(mode="json"))
    assert again.units["Brutes"].breathed == [0, 1, 2] and again.units["Brutes"].breaths_spent == 0
    assert breathers(again, again.units["Brutes"]) == breathers(state, state.units["Brutes"])


# -- b. Posizione Elevata ----------------------------------------------------------------------------------
def test_version_5_makes_a_unit_large_by_its_footprints_share_of_a_hill_version_6_model_by_model():
    hill = [(20, 4), (30.7, 4), (30.7, 13), (20, 13)]  # 68% of the Crossbowmen, files 4-5 under half each
    shots, _notes = _measure(_state(WITH_BLOCKER, hill), "Crossbowmen", "Skulkers")
    assert sorted(s.index for s in shots) == [0, 1, 2, 5, 6, 7]
    shots, _notes = _measure(_old(_state(WITH_BLOCKER, hill)), "Crossbowmen", "Skulkers")
    assert sorted(s.index for s in shots) == list(range(10))  # the whole unit Large, every file sees
    hill = [(20, 4), (29.8, 4), (29.8, 13), (20, 13)]  # 45%: files 1-2 on it
    assert len(_measure(_state(WITH_BLOCKER, hill), "Crossbowmen", "Skulkers")[0]) == 4
    assert _measure(_old(_state(WITH_BLOCKER, hill)), "Crossbowmen", "Skulkers")[0] == []
    # a target 45% on a hill: seen over the Knights in version 6 (its models on it), not in version 5
    hill = [(20, 22), (29.8, 22), (29.8, 30), (20, 30)]
    assert len(_measure(_state(WITH_BLOCKER, hill), "Crossbowmen", "Skulkers")[0]) == 10
    assert _measure(_old(_state(WITH_BLOCKER, hill)), "Crossbowmen", "Skulkers")[0] == []


def test_version_5_judges_cover_over_the_whole_target_version_6_over_each_models_height():
    hill = [(29.8, 19.5), (40, 19.5), (40, 30), (29.8, 30)]  # three of the Skulkers' five files on it
    shots, _notes = _measure(_state(COVERED, hill), "Pistoliers", "Skulkers")
    assert {s.cover for s in shots} == {"none"} and all(0.3 < s.f_hard < 0.45 for s in shots)
    shots, _notes = _measure(_old(_state(COVERED, hill)), "Pistoliers", "Skulkers")
    assert {s.cover for s in shots} == {"none"} and {s.f_hard for s in shots} == {0.0}  # all Large: no hard part
    hill = [(20, 19.5), (29.8, 19.5), (29.8, 30), (20, 30)]  # two files on it
    shots, _notes = _measure(_old(_state(COVERED, hill)), "Pistoliers", "Skulkers")
    assert {s.cover for s in shots} == {"hard"} and {s.f_hard for s in shots} == {1.0}


# -- c. a Missile spell's line of sight --------------------------------------------------------------------
def test_version_5_lets_no_hill_lift_a_wizard_or_its_target_over_a_unit():
    for hill in ([(26, 16), (34, 16), (34, 21.5), (26, 21.5)], [(20, 30), (40, 30), (40, 40), (20, 40)]):
        state, _ = magic_phase(placements=PLACED)
        state.table.terrain.append(feature("Knoll", "hill", hill))
        assert _refusal(state) is None  # version 6: the wizard, or the Skulkers, Large on the hill
        _old(state)
        assert "line of sight" in _refusal(state)


# -- old logs, played by the Warband of before each change ----------------------------------------------------
def _fixture(name):
    data = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    return data, [RULESET.parse_action(a) for a in data["actions"]]


@pytest.mark.parametrize("name, kept", [("v4_joined_stomp.json", "I0: Brutes Stomp (1) from 3 models at Halberdiers"),
                                        ("v5_hill_volley.json", "10 shots at BS 3"),
                                        ("v5_missile_sight.json", "Hedge Wizard casts Kindle (boosted) on Shaman")])
def test_an_old_log_replays_to_the_state_it_was_played_to(name, kept):
    """As /game verify and the store's replay check do: the log replayed under the game's own rules
    version equals the stored state read through this code's model."""
    data, actions = _fixture(name)
    assert data["rules_version"] < RULESET.rules_version
    replayed, events = RULESET.replay(data["seed"], data["options"], actions, rules_version=data["rules_version"])
    stored = RULESET.load_state(data["state"], data["rules_version"])  # as the store reads it, with its version
    assert replayed.model_dump(mode="json") == stored.model_dump(mode="json")
    assert any(kept in str(e.text) for e in events)


@pytest.mark.parametrize("name, flags", [("v4_stored_flags.json", {"fast_cavalry_vanguard": True, "healing_v5": False,
                                                                      "placement_v6": False, "leave_v6": False}),
                                         ("v6_stored_flags.json", {"fast_cavalry_vanguard": True, "healing_v5": True,
                                                                   "placement_v6": True, "leave_v6": True})])
def test_a_state_stored_with_one_boolean_per_change_reads_as_its_games_rules_version(name, flags):
    """States stored before NinthAgeState.rules_version (by main at 0532e12d: fixtures/record_old_logs.py
    stored-v4, stored-v6) kept one boolean per change: read with the game's version (as the store reads
    them) they play as they did, replay to the same state, and are stored again with the version only."""
    data, actions = _fixture(name)
    version = data["rules_version"]
    stored = RULESET.load_state(data["state"], version)
    assert stored.rules_version == version
    assert {flag: getattr(stored, flag) for flag in flags} == flags == {flag: data["state"][flag] for flag in flags}
    replayed, _events = RULESET.replay(data["seed"], data["options"], actions, rules_version=version)
    assert replayed.model_dump(mode="json") == stored.model_dump(mode="json")
    again = stored.model_dump(mode="json")
    assert again["rules_version"] == version and not set(again) & set(OLDER_FLAGS)
    # read without the game's version: the highest version its booleans name (version 4 changed the
    # sample armies only, which the state holds): the same play, every question answered alike
    alone = RULESET.load_state(data["state"])
    assert alone.rules_version == {4: 3, 6: 6}[version]
    assert all(getattr(alone, flag) == getattr(stored, flag) for flag in OLDER_FLAGS)


def test_the_same_old_logs_under_version_6_play_otherwise():
    data, actions = _fixture("v4_joined_stomp.json")
    replayed, events = RULESET.replay(data["seed"], data["options"], actions, rules_version=6)
    said = [str(e.text) for e in events]
    assert "I0: Chieftain Stomp (1) at Halberdiers: 1 automatic hit at S5." in said
    assert any(line.startswith("I0: Brutes Stomp (1) from 2 models at Halberdiers") for line in said)
    assert replayed.units["Halberdiers"].models != data["state"]["units"]["Halberdiers"]["models"]
    data, actions = _fixture("v5_hill_volley.json")
    replayed, events = RULESET.replay(data["seed"], data["options"], actions, rules_version=6)
    assert any("6 shots at BS 3" in str(e.text) for e in events)  # files 4-5 do not see over the Knights
    data, actions = _fixture("v5_missile_sight.json")
    with pytest.raises(IllegalAction, match="Kindle is a Missile: Hedge Wizard has no line of sight to Shaman"):
        RULESET.replay(data["seed"], data["options"], actions, rules_version=6)


def test_game_status_says_what_a_version_5_game_keeps():
    line = str(RULESET.rules_version_line(5))
    assert line.startswith(f"Rules version 5, kept since the game began (this Warband's is {RULESET.rules_version}): ")
    assert "; a joined character makes no Stomp, Grinding Attacks or Breath Weapon of its own" in line
    for version in (1, 2, 3, 4):
        assert "a Missile spell sees every unit at its troop type's height" in str(RULESET.rules_version_line(version))
