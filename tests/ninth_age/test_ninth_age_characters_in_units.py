"""Characters joined to units (§16.2, §16.4) meeting what the seed words model by model:
Dangerous Terrain (§18.1: "Quando un modello marcia, carica [...], fugge, insegue o sfonda
attraverso un Terreno Pericoloso, deve superare un test per Terreni pericolosi"), Focused
spells (§9.3 "Mirato": "Un incantesimo Mirato può bersagliare solo modelli singoli (incluso un
Personaggio all'interno di un'Unità)"), bolt throwers and cannons (§15.3) and templates on a
Building (§18.6) against a mixed unit, allocated as the seed's table "Assegnare colpi ad
un'Unità Mista" says."""

from engine.rulesets.ninth_age import characters
from engine.rulesets.ninth_age.actions import March, MoveStep
from engine.rulesets.ninth_age.casualties import dangerous_terrain

from game_helpers import apply, scenario
from loaded_dice import left, load


def _in(state, char, host, file=0):
    characters._place(state, state.units[char], state.units[host], file, [])
    return state.units[char]


def _tests(log):
    return [e for e in log if "Dangerous Terrain test" in str(e.text)]


def _march(state, unit, inches, seat="p1"):
    log = []
    state = apply(state, March(seat=seat, unit=unit, steps=[MoveStep(kind="forward", amount=inches)]), log=log)
    return state, log


# -- Dangerous Terrain (§18.1) -------------------------------------------------------------------------------
def test_a_character_marching_through_ruins_in_its_unit_takes_its_own_test():
    # the Ruined Chapel (21-28 x 12-17) is Dangerous to every unit but Skirmishers
    state = scenario({"Halberdiers": (24.5, 8, 0, 5)})
    marshal = _in(state, "Marshal", "Halberdiers")
    load(state, *[6] * 20,  # the twenty Halberdiers' D6: no 1
         1,  # the Marshal's own D6: a 1, a wound with Armour Piercing (6)
         3)  # its Talisman of Shielding's 6+ ward fails
    state, log = _march(state, "Halberdiers", 8)
    rf, own = _tests(log)
    assert rf.text.startswith("Halberdiers takes a Dangerous Terrain test (marching through Ruined Chapel") and \
        len(rf.roll.dice) == 20  # the rank and file alone: the character is not one of its 1D6 a model
    assert str(own.text) == ("Marshal in Halberdiers takes its own Dangerous Terrain test (marching through Ruined "
                             "Chapel; Ruins: Dangerous for every unit but Skirmishers (§18.9); 1D6, each 1 a "
                             "wound): 1 wound(s) with Armour Piercing (6).")
    assert own.roll.dice == [1] and left(state) == []
    assert "ward saves on 6+: 3: 0 saved" in " | ".join(str(e.text) for e in log)
    assert state.units["Marshal"].wounds_lost == 1 and state.units["Halberdiers"].models == 20
    assert marshal.location == "joined"


def test_a_character_slain_by_its_own_test_leaves_the_unit():
    state = scenario({"Halberdiers": (24.5, 8, 0, 5)})
    _in(state, "Marshal", "Halberdiers").wounds_lost = 2  # W3: one wound left
    load(state, *[6] * 20, 1, 5)  # the Marshal's 1, its 6+ ward fails
    state, log = _march(state, "Halberdiers", 8)
    said = " | ".join(str(e.text) for e in log)
    assert "Marshal is slain in Halberdiers (1 wound(s) against the 1 it had left)." in said
    assert state.units["Marshal"].location == "destroyed" and state.units["Halberdiers"].models == 20


def test_only_the_models_the_terrain_is_dangerous_to_test():
    # the Wheat Field (45-53 x 13-19) is Dangerous to Cavalry: the Captain (Cavalry) in the Halberdiers
    # tests, its Infantry unit does not
    state = scenario({"Halberdiers": (49, 7, 0, 5)})
    _in(state, "Captain", "Halberdiers")
    load(state, 2)
    state, log = _march(state, "Halberdiers", 8)
    [own] = _tests(log)
    assert str(own.text).startswith("Captain in Halberdiers takes its own Dangerous Terrain test (marching through "
                                    "Wheat Field; Field: Dangerous for Cavalry (§18.5); 1D6, each 1 a wound): 0")
    # and the other way round: the Marshal (Infantry) in the Knights does not test where they do
    state = scenario({"Knights": (49, 7, 0)})
    _in(state, "Marshal", "Knights")
    state, log = _march(state, "Knights", 8)  # at the Marshal's M 4 (§16.2)
    [rf] = _tests(log)
    assert rf.text.startswith("Knights takes a Dangerous Terrain test") and len(rf.roll.dice) == 8


def test_fleeing_through_enemies_every_model_of_the_unit_tests_on_1_to_3():
    state = scenario({"Halberdiers": (24.5, 8, 0, 5)})
    _in(state, "Marshal", "Halberdiers")
    load(state, *[6] * 20, 3, 6)  # the Marshal's own D6: 3 fails on 1-3; its ward 6 saves it
    log = []
    dangerous_terrain(state, state.units["Halberdiers"], 3, "fleeing through Brutes", log)
    rf, own = _tests(log)
    assert len(rf.roll.dice) == 20 and own.roll.dice == [3]
    assert "each 1-3 a wound): 1 wound(s)" in str(own.text) and state.units["Marshal"].wounds_lost == 0
