"""Characters joined to units (§16.2, §16.4) meeting what the seed words model by model:
Dangerous Terrain (§18.1: "Quando un modello marcia, carica [...], fugge, insegue o sfonda
attraverso un Terreno Pericoloso, deve superare un test per Terreni pericolosi"), Focused
spells (§9.3 "Mirato": "Un incantesimo Mirato può bersagliare solo modelli singoli (incluso un
Personaggio all'interno di un'Unità)"), bolt throwers and cannons (§15.3) and templates on a
Building (§18.6) against a mixed unit, allocated as the seed's table "Assegnare colpi ad
un'Unità Mista" says."""

import pytest

from engine.core import IllegalAction
from engine.rulesets.ninth_age import characters
from engine.rulesets.ninth_age.actions import Cast, March, MoveStep
from engine.rulesets.ninth_age.casualties import dangerous_terrain
from engine.rulesets.ninth_age.shooting_phase import Shoot

from game_helpers import RULESET, apply, scenario
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
    assert rf.text.startswith("Halberdiers take a Dangerous Terrain test (marching through Ruined Chapel") and \
        len(rf.roll.dice) == 20  # the rank and file alone: the character is not one of its 1D6 a model
    assert str(own.text) == ("Marshal in Halberdiers takes its own Dangerous Terrain test (marching through Ruined "
                             "Chapel; Ruins: Dangerous for every unit but Skirmishers (§18.9); 1D6, each 1 a "
                             "wound): 1 wound with Armour Piercing (6).")
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
    assert "Marshal is slain in Halberdiers (1 wound against the 1 it had left)." in said
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
    assert rf.text.startswith("Knights take a Dangerous Terrain test") and len(rf.roll.dice) == 8


def test_fleeing_through_enemies_every_model_of_the_unit_tests_on_1_to_3():
    state = scenario({"Halberdiers": (24.5, 8, 0, 5)})
    _in(state, "Marshal", "Halberdiers")
    load(state, *[6] * 20, 3, 6)  # the Marshal's own D6: 3 fails on 1-3; its ward 6 saves it
    log = []
    dangerous_terrain(state, state.units["Halberdiers"], 3, "fleeing through Brutes", log)
    rf, own = _tests(log)
    assert len(rf.roll.dice) == 20 and own.roll.dice == [3]
    assert "each 1-3 a wound): 1 wound" in str(own.text) and state.units["Marshal"].wounds_lost == 0


# -- Focused spells (§9.3 "Mirato") ----------------------------------------------------------------------------
def _vines(marshal_file=4):
    from test_ninth_age_magic import magic_phase

    state, _ = magic_phase(seat="p2", dice=(4, 4, 1, 1),
                           placements={"Shaman": (40, 30, 180), "Spearmen": (40, 20, 0, 10)})
    _in(state, "Marshal", "Spearmen", marshal_file)
    state.casters["Shaman"].spells = ["Strangling Vines", "Sap the Strength"]
    return state


def test_a_focused_spell_may_target_a_character_inside_a_unit_and_hits_it_alone():
    from engine.rulesets.ninth_age import magic
    from test_ninth_age_magic import cast

    state = _vines()
    shaman = state.casters["Shaman"]
    vines = magic.spell_named(state, "p2", "Strangling Vines")[0]  # Focused, Hex, Damage, Range 12: 3 hits at S5
    assert "Focused" in vines.types
    assert [u.id for u in magic.legal_targets(state, shaman, vines)] == ["Marshal"]
    # 4 + 4 + 4 cast it; the three hits on the Marshal wound on 6s, its armour and its 6+ ward fail
    load(state, 4, 4, 4, 6, 6, 6, 1, 1, 1, 1, 1, 1)
    log = []
    state = cast(state, wizard="Shaman", spell="Strangling Vines", dice=3, target="Marshal",
                 answers={"dispel": "none"}, log=log)
    said = " | ".join(str(e.text) for e in log)
    assert "Strangling Vines is Focused on Marshal inside Spearmen: all its hits go to Marshal alone (§9.3)." in said
    assert "Strangling Vines on Marshal: 3 to wound" in said
    assert "Marshal is slain in Spearmen" in said
    assert state.units["Marshal"].location == "destroyed"
    assert state.units["Spearmen"].models == 30 and state.units["Spearmen"].wounds_lost == 0  # not one on the R&F


def test_only_a_focused_spell_targets_a_character_inside_a_unit():
    from engine.rulesets.ninth_age import magic

    state = _vines()
    shaman, marshal, spear = state.casters["Shaman"], state.units["Marshal"], state.units["Spearmen"]
    sap = magic.spell_named(state, "p2", "Sap the Strength")[0]  # Hex, Direct, Range 12: not Focused
    assert magic.refusal(state, shaman, sap, marshal, False) == (
        "Marshal is a character inside Spearmen: only a Focused spell targets a model inside a unit (§9.3); "
        "Sap the Strength may target Spearmen.")
    assert [u.id for u in magic.legal_targets(state, shaman, sap)] == ["Spearmen"]
    vines = magic.spell_named(state, "p2", "Strangling Vines")[0]
    # a Focused spell targets single models: the Spearmen's rank and file are no target, and the refusal
    # now says the character inside may be named instead
    why = magic.refusal(state, shaman, vines, spear, False)
    assert why == ("Strangling Vines is Focused: it targets a single model, a character inside a unit included "
                   "(name the character as the target); Spearmen have 30 models.")
    assert "characters stand as their own units" not in why
    # its range is measured to the character's own base: the Marshal at the Spearmen's far end is out of it
    state = _vines(marshal_file=0)
    state.units["Shaman"].pose = state.units["Shaman"].pose.model_copy(update={"x": 50.0, "y": 30.0})
    far = magic.refusal(state, state.casters["Shaman"], vines, state.units["Marshal"], False)
    assert far is not None and "beyond Strangling Vines' range of 12\"" in far
    assert magic.refusal(state, state.casters["Shaman"], sap, state.units["Spearmen"], False) is None
    with pytest.raises(IllegalAction, match="only a Focused spell"):
        RULESET.apply(state, Cast(seat="p2", wizard="Shaman", spell="Sap the Strength", dice=2, target="Marshal"))


# -- bolt throwers and cannons against a mixed unit (§15.3, §16.4) -------------------------------------------------
def _skulkers_with_chieftain(troop=None, machine="Bolt Thrower"):
    """The Skulkers as a block of 20 T3 infantry (5 wide, light armour and shield) facing the machine, the
    Chieftain (a 40 mm base: 2 x 2 positions) in the middle of their front rank; ``troop``: the
    Chieftain's troop type instead of Monstrous Infantry."""
    from test_ninth_age_artillery import block, shooting

    state = shooting({machine: (30, 10, 0), "Skulkers": (30, 25, 180)})
    block(state)
    chief = _in(state, "Chieftain", "Skulkers", 1)
    if troop:
        state.unit_entry(chief).troop_type = troop
    return state, chief


def _said(log):
    return " | ".join(str(e.text) for e in log)


def test_a_bolt_in_situation_a_goes_through_the_rank_and_file_only():
    from test_ninth_age_artillery import shoot

    state, chief = _skulkers_with_chieftain(troop="infantry")  # the unit's troop type, 20 R&F: situation A
    load(state, 4, 2, 2, 3, 6)  # to hit; S6 and S5 slay two Skulkers; the S4 hit is saved on a 6: it stops
    log = []
    state = shoot(state, "Bolt Thrower", "Skulkers", log=log)
    said = _said(log)
    assert "1 hit on Skulkers goes to its rank and file; Chieftain takes none (situation A, §16.4)." in said
    assert "The bolt stops after 3 hits." in said and left(state) == []
    assert state.units["Skulkers"].models == 18 and chief.wounds_lost == 0 and chief.location == "joined"


def test_a_bolt_in_situation_b_meets_the_model_the_shooter_names_hit_by_hit():
    from engine.rulesets.ninth_age.mixed_units import RANK_AND_FILE
    from test_ninth_age_artillery import shoot

    state, chief = _skulkers_with_chieftain()  # Monstrous Infantry in an Infantry unit: situation B
    state.unit_entry(chief).special_rules = []
    # to hit 4; hit 1 (S6) on the R&F: wounds on 2, slain; hit 2 (S5) on the Chieftain: wounds on 6,
    # its armour save fails on a 1; it is not removed, so the bolt stops
    load(state, 4, 2, 6, 1)
    first = RULESET.apply(state, Shoot(seat="p1", unit="Bolt Thrower", target="Skulkers"))[0]
    asked = first.pending.decision
    assert asked.key == "bolt-hit-Skulkers-1" and asked.seat == "p1" and asked.options == [RANK_AND_FILE, "Chieftain"]
    log = []
    state = shoot(state, "Bolt Thrower", "Skulkers", log=log,
                  answers={"bolt-hit-Skulkers-1": RANK_AND_FILE, "bolt-hit-Skulkers-2": "Chieftain"})
    said = _said(log)
    assert "1 of 1 hit on Skulkers goes to Chieftain (situation B, §16.4)." in said
    assert "Bolt hit 2 at S5 on Skulkers (Chieftain)" in said and "The bolt stops after 2 hits." in said
    assert state.units["Skulkers"].models == 19 and state.units["Chieftain"].wounds_lost == 1


def _chieftain_front(state, chief):
    """A point of the Chieftain's base on its front edge (the side facing the cannon)."""
    from engine.rulesets.ninth_age.mixed_units import character_base

    minx, miny, maxx, maxy = character_base(state, chief).bounds
    return ((minx + maxx) / 2, miny + 0.05)


def test_the_cannon_line_over_a_character_in_situation_a_is_transferred_to_the_rank_and_file():
    from test_ninth_age_artillery import shoot

    state, chief = _skulkers_with_chieftain(troop="infantry", machine="Great Cannon")
    at = _chieftain_front(state, chief)
    load(state, 5,  # to hit
         4, 3,  # the first hit (S10) goes to an R&F model: wounded, Multiple Wounds: slain
         1)  # the next model along the line (S5) is not wounded: the ball stops
    log = []
    state = shoot(state, "Great Cannon", "Skulkers", log=log, at=at)
    said = _said(log)
    assert ("The template covers Chieftain in Skulkers: the hit goes to a rank-and-file model instead "
            "(situation A, §16.4).") in said
    assert state.units["Skulkers"].models == 19 and state.units["Chieftain"].wounds_lost == 0
    assert "Cannonball hit 2 at S5" in said and "Cannonball hit 3" not in said


def test_the_cannon_line_over_a_character_in_situation_b_hits_the_character():
    from test_ninth_age_artillery import shoot

    state, chief = _skulkers_with_chieftain(machine="Great Cannon")
    state.unit_entry(chief).special_rules = []
    at = _chieftain_front(state, chief)
    load(state, 5,  # to hit
         4, 6)  # the Chieftain (T4) at S10: wounded, no armour save at S10, Multiple Wounds (D3) 3: of its W4, it lives
    log = []
    state = shoot(state, "Great Cannon", "Skulkers", log=log, at=at)
    said = _said(log)
    assert "The template covers Chieftain in Skulkers: it takes the hit itself (situation B, §16.4)." in said
    assert "Cannonball hit 1 at S10 on Skulkers (Chieftain)" in said
    assert "The ball stops at Chieftain's model." in said and "Cannonball hit 2" not in said
    assert left(state) == [] and state.units["Chieftain"].wounds_lost == 3 and state.units["Skulkers"].models == 20


def test_a_character_slain_by_the_cannonball_lets_it_go_on_once_through_its_base():
    from test_ninth_age_artillery import shoot

    state, chief = _skulkers_with_chieftain(machine="Great Cannon")
    state.unit_entry(chief).special_rules = []
    chief.wounds_lost = 3  # one wound left
    at = _chieftain_front(state, chief)
    load(state, 5,  # to hit
         4, 1,  # the Chieftain: wounded, slain
         2, 1,  # the next model along the line (its base takes two of the line's positions, hit once): an R&F, slain
         1)  # the third is not wounded: the ball stops
    log = []
    state = shoot(state, "Great Cannon", "Skulkers", log=log, at=at)
    said = _said(log)
    assert "Chieftain is slain in Skulkers" in said and state.units["Chieftain"].location == "destroyed"
    assert "Cannonball hit 2 at S5 on Skulkers: 1 to wound" in said and "Cannonball hit 4" not in said
    assert state.units["Skulkers"].models == 19 and left(state) == []


# -- templates on a Building reach the characters of its garrison (§18.6, §16.4) ------------------------------------
def _garrison(host, char, seat="p1", machine=("Mortar", (36, 8, 0))):
    """``host`` with ``char`` in it standing in the Farmhouse (walls 33-39 x 22-26), the p1 ``machine``
    placed; p1's Shooting phase."""
    from engine.rulesets.ninth_age import garrison

    state = scenario({host: (36, 30, 180), machine[0]: machine[1]}, seat="p2")
    _in(state, char, host)
    garrison.occupy(state, state.units[host], garrison.building_named(state, "Farmhouse"))
    state.active, state.phase, state.step = "p1", "shooting", ""
    return state


def test_a_template_on_a_building_spreads_its_hits_over_a_garrisons_characters_in_situation_b():
    state = _garrison("Skulkers", "Chieftain")  # Monstrous Infantry in an Infantry unit: situation B
    state.unit_entry(state.units["Chieftain"]).special_rules = []
    load(state, 1, 4, 3)  # the scatter die HIT, D6 4: it stays; D6 = 3 hits on the garrison
    first = RULESET.apply(state, Shoot(seat="p1", unit="Mortar", target="Skulkers"))[0]
    asked = first.pending.decision
    # 3 hits over 10 Skulkers and the Chieftain, as evenly as possible: none or one on the Chieftain
    assert asked.seat == "p1" and asked.key == "mixed-hits-Skulkers-Chieftain" and asked.options == ["1", "0"]
    log = []
    state = apply(state, Shoot(seat="p1", unit="Mortar", target="Skulkers"), {"mixed-hits": "1"}, log)
    said = _said(log)
    assert "The template touches Farmhouse: Skulkers in it takes D6 = 3 hits at S9, its centre over the " \
           "Building (§18.6)." in said
    assert "1 of 3 hits on Skulkers go to Chieftain (situation B, §16.4)." in said
    assert "Mortar on Skulkers in Farmhouse (Chieftain): 1 to wound at S9" in said
    assert "Mortar on Skulkers in Farmhouse: 2 to wound at S9" in said


def test_a_template_on_a_building_leaves_the_garrisons_characters_alone_in_situation_a():
    state = _garrison("Brutes", "Chieftain")  # Monstrous Infantry with 6 Monstrous Infantry R&F: situation A
    load(state, 1, 4, 3)
    log = []
    state = apply(state, Shoot(seat="p1", unit="Mortar", target="Brutes"), None, log)
    said = _said(log)
    assert "The template touches Farmhouse: Brutes in it takes D6 = 3 hits" in said
    assert "3 hits on Brutes all go to its rank and file; Chieftain takes none (situation A, §16.4)." in said
    assert "(Chieftain)" not in said and state.units["Chieftain"].wounds_lost == 0


def test_a_spell_template_on_a_building_spreads_its_hits_over_the_garrisons_characters():
    from engine.rulesets.ninth_age import garrison
    from test_ninth_age_magic import cast, magic_phase

    state, _ = magic_phase(dice=(4, 4, 1, 1), placements={"Hedge Wizard": (36, 10, 0), "Skulkers": (36, 30, 180)})
    _in(state, "Chieftain", "Skulkers")
    garrison.occupy(state, state.units["Skulkers"], garrison.building_named(state, "Farmhouse"))
    state.casters["Hedge Wizard"].spells = ["Cinder Storm"]
    load(state, 4, 4, 1, 2)  # cast 8 + 1; scatter die 1: a HIT, it stays on the Building; D6 = 2 hits
    log = []
    state = cast(state, wizard="Hedge Wizard", spell="Cinder Storm", dice=2, target="Skulkers", log=log,
                 answers={"dispel": "none", "mixed-hits": "1"})
    said = _said(log)
    assert "The template touches Farmhouse: Skulkers in it takes D6 = 2 hits (§18.6)." in said
    assert "1 of 2 hits on Skulkers go to Chieftain (situation B, §16.4)." in said
    assert "Cinder Storm on Skulkers (Chieftain): 1 to wound at S4" in said


def test_the_magic_phase_suggests_the_characters_inside_enemy_units_as_targets():
    state = _vines()
    assert RULESET.suggestions(state, "p2", "creature") == ["Spearmen", "Marshal"]
    state.phase = "shooting"
    assert RULESET.suggestions(state, "p2", "creature") == ["Spearmen"]
