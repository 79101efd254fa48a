"""A mixed unit whose rank and file are all slain (§16.2 "Unità Miste distrutte"): "the remaining
characters continue to form a unit (which is considered still the same unit)". In the Shooting,
Melee and Magic phases the characters are left standing where their bases stood, as that unit:
in its combat, testing for its Panic and Break tests; nothing is "wiped out"."""

from engine.rulesets.ninth_age import characters
from engine.rulesets.ninth_age.actions import Fight
from engine.rulesets.ninth_age.neighbours import engaged
from engine.rulesets.ninth_age.shooting_phase import Shoot
from engine.table.footprint import Pose

from game_helpers import apply
from loaded_dice import load
from test_ninth_age_magic import cast, magic_phase, text
from test_ninth_age_melee import INCH20, INCH40
from test_ninth_age_melee_characters import QUIET, _face_off, _in
from test_ninth_age_shooting import shooting


def _shrink(unit, models, files):
    unit.models = models
    unit.formation = unit.formation.model_copy(update={"models": models, "files": files})


def test_shot_down_to_the_last_rf_the_character_is_left_as_the_same_unit_and_tests_its_panic():
    state = shooting({"Crossbowmen": (30, 10, 0), "Brutes": (30, 30, 180, 3)})
    brutes = state.units["Brutes"]
    _shrink(brutes, 1, 1)
    characters._place(state, state.units["Chieftain"], brutes, 0, [])
    brutes.wounds_lost = 3  # the last Brute, its Champion (W 3, +1 in the Wizard Conclave), has 1 wound left
    base = characters.character_base(state, state.units["Chieftain"]).centroid
    # 2 hits over the Brute and the Chieftain (situation B: 1 R&F), one each; the Chieftain's to-wound
    # roll fails, the Brute's wounds and its armour fails; the Chieftain's Panic test: 1 + 1
    load(state, 6, 6, *[1] * 8, 1, 6, 1, 1, 1)
    log = []
    state = apply(state, Shoot(seat="p1", unit="Crossbowmen", target="Brutes"), None, log)
    said = text(log)
    assert "The rank and file of Brutes are all slain: Chieftain is left and is still the same unit (§16.2)." in said
    assert "wiped out" not in said and "is lost with" not in said
    chief, brutes = state.units["Chieftain"], state.units["Brutes"]
    assert chief.location == "table" and chief.host is None and brutes.succeeded_by == "Chieftain"
    assert (round(chief.pose.x, 3), round(chief.pose.y, 3), chief.pose.bearing) == (round(base.x, 3), round(base.y, 3), 180)
    # Heavy Casualties: the unit lost its only R&F model this phase; the Chieftain tests for it
    assert "Chieftain Panic test (Heavy Casualties: 1 of 1 models lost this phase" in said


def test_in_melee_the_character_left_of_its_unit_fights_on_in_its_combat_and_takes_its_break_test():
    state = _face_off()
    spear = state.units["Spearmen"]
    _shrink(spear, 2, 2)  # a Spearman and the Champion
    _in(state, "Marshal", "Spearmen", 0)
    spear.pose = Pose(x=30, y=20 - INCH40 - 2 * INCH20 / 2, bearing=0)
    assert engaged(state, spear)
    # the Spearmen's side all miss; the Brutes' Champion and two Brutes hit the Spearmen's R&F; every
    # die scripted (the rest came from the set-up battle's dice stream, which its Vanguard roll-off moved)
    load(state, *[1] * 10, 6, 1, 1, 1, 1, 1, 6, 1, 1, 1, 1, 1, 1, 6, 6, 2, 5, 1, 5, 1, 1, 2, 6, 6, 5, 2, 6, 6)
    log = []
    state = apply(state, Fight(seat="p1", unit="Spearmen"), {**QUIET, "mixed-hits": "0"}, log)
    said = text(log)
    assert "The rank and file of Spearmen are all slain: Marshal is left and is still the same unit (§16.2)." in said
    assert "Spearmen is wiped out" not in said and "Marshal is lost with Spearmen" not in said
    # still in the combat: the Brutes' later attacks (their Stomp at I0) go at it, its side scores
    # its charge, and it takes the Break test as the unit. Stomp is counted at I0 from the Brutes
    # in base contact then: the 2 Brutes whose bases touch the Marshal's one base, left where it
    # stood (all 3 touched the Spearmen's front when the round began)
    assert "I0: Brutes Stomp (1) from 2 models at Marshal" in said
    assert "Player 1's combat score: 1 (wounds 0, charge 1)." in said
    assert "Marshal Break test (Ld 9 - 3 (combat score)" in said


def test_a_spell_slaying_the_last_rf_leaves_the_character_as_the_unit():
    state, _ = magic_phase(seat="p2", dice=(4, 4, 1, 1))
    spear = state.units["Spearmen"]
    _shrink(spear, 1, 1)
    _in(state, "Marshal", "Spearmen", 0)
    # Bramble Dart: 5+1 >= 5; D6 = 2 hits, one on the Spearman and one on the Marshal (situation B);
    # the Marshal's to-wound roll fails; the Spearman's wounds, its armour fails
    load(state, 5, 1, 2, 1, 6, 1, 1, 1)
    log = []
    state = cast(state, wizard="Brutes Champion", spell="Bramble Dart", dice=2, target="Spearmen", log=log,
                 answers={"dispel": "none"})
    said = text(log)
    assert "1 of 2 hits on Spearmen go to Marshal (situation B, §16.4)." in said
    assert "The rank and file of Spearmen are all slain: Marshal is left and is still the same unit (§16.2)." in said
    assert state.units["Marshal"].location == "table" and state.units["Spearmen"].succeeded_by == "Marshal"
