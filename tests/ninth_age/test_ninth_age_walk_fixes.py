"""What a new user's console battle (issue #10's "Done when", tried as written) found wrong,
each fixed and shown here: a Vortex placed on the wizard's own base inside its unit, its D6
distance shown, a wizard removed from play inside a unit leaving the unit for good, the
Heavy Casualties Panic said once per loss, and the replies that a player could not read."""

from shapely.geometry import Point as ShapelyPoint

from engine.rulesets.ninth_age import characters
from engine.rulesets.ninth_age.actions import Cast, EndStep
from engine.rulesets.ninth_age.mixed_units import character_base, joined

from game_helpers import apply, scenario
from loaded_dice import load


def _text(log):
    return "\n".join(str(e.text) for e in log)


def _wizard_in_spearmen(dice=(6, 6, 1, 1)):
    """The Hedge Wizard in the front rank's first file of ten-wide Spearmen (30 of them), at the
    start of Player 1's Magic phase; the Brutes far off."""
    state = scenario({"Spearmen": (30, 12, 0, 10), "Hedge Wizard": (10, 4, 0), "Brutes": (30, 40, 180, 3)})
    spear = state.units["Spearmen"]
    characters._place(state, state.units["Hedge Wizard"], spear, 0, [])
    assert state.units["Hedge Wizard"].location == "joined"
    load(state, *dice)
    state = apply(state, EndStep(seat="p1"))
    assert state.phase == "magic"
    return state


def test_a_vortex_rolling_6_is_centred_on_the_wizard_not_on_its_units_centre_and_shows_its_distance_die():
    state = _wizard_in_spearmen()
    state.casters["Hedge Wizard"].spells = ["Fire Whirl"]
    base = character_base(state, state.units["Hedge Wizard"])
    unit_centre = state.units["Spearmen"].footprint().centre
    log = []
    # cast 4+4+4 = 12 + 1 against 9; the vortex die 6; the distance D6 3 (the bearing: the seeded stream)
    load(state, 4, 4, 4, 6, 3)
    state = apply(state, Cast(seat="p1", wizard="Hedge Wizard", spell="Fire Whirl", dice=3, at=(30, 30)),
                  {"dispel": "none"}, log)
    mark = state.magic.templates[-1]
    assert ShapelyPoint(mark.start).distance(base.centroid) < 1e-6
    assert ShapelyPoint(mark.start).distance(ShapelyPoint(unit_centre)) > 3  # it read the unit's centre
    assert 'it moves D6 = 3" at' in _text(log) and "[3]" in _text(log)


def test_a_vortex_starts_in_contact_with_the_wizards_own_base_in_its_front_arc():
    state = _wizard_in_spearmen()
    state.casters["Hedge Wizard"].spells = ["Fire Whirl"]
    base = character_base(state, state.units["Hedge Wizard"])
    load(state, 4, 4, 4, 1)  # cast; the vortex die 1: 1 x 2" toward the point
    state = apply(state, Cast(seat="p1", wizard="Hedge Wizard", spell="Fire Whirl", dice=3,
                              at=(base.centroid.x, 30)), {"dispel": "none"})
    mark = state.magic.templates[-1]
    # a 3" template touching the wizard's base ahead of it: its centre 1.5" from the base's front
    assert abs(ShapelyPoint(mark.start).distance(base) - 1.5) < 0.05
    assert abs(mark.start[0] - base.centroid.x) < 0.05  # straight ahead of the wizard, not of the unit


def test_a_wizard_removed_from_play_inside_a_unit_leaves_it_and_is_offered_nowhere():
    state = _wizard_in_spearmen()
    state.casters["Hedge Wizard"].spells = ["Searing Brand"]
    log = []
    state.units["Brutes"].pose = state.units["Brutes"].pose.model_copy(update={"y": 26})  # within 18"
    # 6,6,6,6,6: Overwhelming Power (D3 from a 2), cast; not dispelled; miscast 1+1: Breach in the Veil
    load(state, 6, 6, 6, 6, 6, 2, 1, 1)
    state = apply(state, Cast(seat="p1", wizard="Hedge Wizard", spell="Searing Brand", dice=5, target="Brutes"),
                  {"dispel": "none"}, log)
    wizard, spear = state.units["Hedge Wizard"], state.units["Spearmen"]
    assert "Breach in the Veil" in _text(log) and "removed from play." in _text(log)
    assert ".." not in _text(log)
    assert wizard.location == "destroyed" and wizard.host is None
    assert joined(state, spear) == []
    assert len(spear.footprint().models) == spear.models  # no empty place of the wizard left in the block


def test_a_war_machines_shot_tests_heavy_casualties_only_for_the_units_it_cost_models():
    """A console game read "Vermin Swarm is immune to Panic (Heavy Casualties ...)" again after a
    Bolt Thrower missed the Brutes: each artillery shot re-tested every unit on the table."""
    from engine.rulesets.ninth_age.casualties import phase_key
    from engine.rulesets.ninth_age.shooting_phase import Shoot

    state = scenario({"Bolt Thrower": (30, 6, 0), "Brutes": (30, 30, 180, 3), "Skulkers": (50, 30, 180)},
                     terrain="open")
    state.phase, state.step = "shooting", ""
    skulkers = state.units["Skulkers"]  # lost half its models to earlier shots, and passed its Panic test
    skulkers.phase_key, skulkers.phase_start_models, skulkers.phase_lost = phase_key(state), 10, 5
    skulkers.models = 5
    skulkers.formation = skulkers.formation.model_copy(update={"models": 5})
    skulkers.panic_passed = phase_key(state)
    load(state, 2)  # the bolt misses (BS 3: 4+)
    log = []
    state = apply(state, Shoot(seat="p1", unit="Bolt Thrower", target="Brutes"), None, log)
    assert "0 sixes" in _text(log) or "0 hits" in _text(log)
    assert "Skulkers" not in _text(log)


def test_a_reaction_the_unit_had_no_choice_in_says_why():
    """A console game read "Sabre Beasts react: Hold." and "Boar Riders react: Hold." with no
    question asked: Frenzy (Immune to Psychology) and a unit already engaged may only Hold."""
    from engine.rulesets.ninth_age.actions import Charge

    state = scenario({"Knights": (30, 10, 0), "Trolls": (30, 20, 180), "Spearmen": (50, 10, 0),
                      "Brutes": (50, 20, 180, 3), "Halberdiers": (50, 28, 180, 5)}, step="charges")
    log = []
    state = apply(state, Charge(seat="p1", unit="Knights", target="Trolls"), None, log)
    assert "Trolls react: Hold — Immune to Psychology, they never choose Flee (§8.3, §22)." in _text(log)
    log = []
    state = apply(state, Charge(seat="p1", unit="Spearmen", target="Brutes"), {"reaction": "hold"}, log)
    assert "Brutes react: Hold." in _text(log)  # a choice was asked: nothing to explain


def test_hatred_re_rolls_are_said_as_part_of_the_hits_counted():
    """"rolled …: 9 hits; Hatred re-rolls 9 miss(es): … (3 more)" read as 12 hits; the count
    said is the total, so the note says how many of them the re-roll made."""
    import re

    from engine.core import Rng
    from engine.rulesets.ninth_age.actions import Fight

    INCH20, INCH40 = 20 / 25.4, 40 / 25.4
    for seed in range(30):
        state = scenario({"Zealots": (30, 20 - INCH40 - 2 * INCH20, 0, 5), "Brutes": (30, 20, 180, 3)})
        state.units["Zealots"].charged = True
        state.phase, state.step, state.active = "melee", "", "p1"
        state.rng = Rng.from_seed(seed)
        log = []
        apply(state, Fight(seat="p1", unit="Zealots"), {"challenge": "none", "pursue": "restrain"}, log)
        line = next((e for e in log if "Hatred" in str(e.text) and "to hit" in str(e.text)), None)
        if line is not None:
            break
    said = str(line.text)
    m = re.search(r"(\d+)\+ to hit, rolled ([\d, ]+): (\d+) hits?.*; (\d+) of them on Hatred's re-roll of (\d+) "
                  r"miss(?:es)?:", said)
    assert m, said
    need, first, total, extra, again = int(m[1]), [int(f) for f in m[2].split(", ")], int(m[3]), int(m[4]), int(m[5])
    if "(+1" not in said and "(-1" not in said:
        assert total - extra == sum(1 for f in first if f >= need and f != 1)
    assert again == len(first) - (total - extra)


def test_multiple_wounds_d3_says_what_the_d6_face_made():
    """A cannonball read "Multiple Wounds (D3) rolled 2, capped at W3: 1 unsaved wound become
    1": the 2 was the D6 face, the D3 a 1."""
    from engine.rulesets.ninth_age.attacks import inflict
    from engine.rulesets.ninth_age.damage import Attack, defence

    state = scenario({"Brutes": (30, 30, 180, 3)})
    load(state, 2)
    events = []
    total = inflict(state, state.units["Brutes"], Attack(strength=10, multiple_wounds="D3"), 1,
                    defence(state.unit_entry(state.units["Brutes"])), events, "cannonball hit 1")
    assert total == 1
    assert str(events[-1].text) == ("cannonball hit 1: Multiple Wounds (D3) rolled 2 (D6 faces, a D3 being half a "
                                    "D6: each wound became 1), capped at W3: 1 unsaved wound becomes 1.")


def test_a_to_hit_modifier_says_the_face_it_makes():
    """"3+ to hit, rolled 4, 2, 5, 1, 3, 4, 5, 1, 6, 4, 4, 6: 10 hits (+1 against a flail)": the 2
    hit, so the line says the face the modifier makes."""
    from engine.core import Rng
    from engine.rulesets.ninth_age.actions import Fight

    INCH20, INCH40 = 20 / 25.4, 40 / 25.4
    state = scenario({"Zealots": (30, 20 - INCH40 - 2 * INCH20, 0, 5), "Brutes": (30, 20, 180, 3)})
    state.units["Brutes"].charged = True
    state.phase, state.step, state.active = "melee", "", "p2"
    state.rng = Rng.from_seed(3)
    log = []
    apply(state, Fight(seat="p2", unit="Brutes"), {"challenge": "none", "pursue": "restrain"}, log)
    line = next(str(e.text) for e in log if str(e.text).startswith("I2: Brutes Brute ×"))
    assert "3+ to hit" in line and "(+1 against a flail) (so 2+ on the die)" in line, line


def test_the_end_of_the_battle_names_the_winner():
    """A console battle ended "The sixth game turn is over: Major victory, 1810 to 1090 VP.":
    whose victory, the reader had to work out from the two ledgers."""
    from engine.rulesets.ninth_age.turns import finish

    state = scenario({"Brutes": (30, 40, 180), "Spearmen": (30, 10, 0, 6)})
    state.objective = "none"
    state.units["Warlord on Wyvern"].location = "destroyed"
    state.units["Giant"].location = "fled"
    events = []
    finish(state, events)
    assert state.result.winners == ["p1"]
    assert str(events[-1].text) == "The sixth game turn is over: Player 1 wins, Major victory, 750 to 0 VP."


def test_a_swiftstride_charge_roll_says_why_three_dice_were_rolled():
    """"Knights charge range: 4+2 + M 7 = 13". 🎲 3d6 (1, 2, 4)": three dice, two kept, unexplained
    (the flee roll says "Swiftstride: the best two of 3D6")."""
    from engine.rulesets.ninth_age.actions import Charge

    state = scenario({"Knights": (30, 10, 0), "Brutes": (30, 30, 180, 3)}, step="charges")
    state = apply(state, Charge(seat="p1", unit="Knights", target="Brutes"), {"reaction": "hold"})
    load(state, 1, 2, 4)
    log = []
    apply(state, EndStep(seat="p1"), None, log)
    assert "Knights charge range: 4+2 (Swiftstride: the best two of 3D6) + M 8 = 14\"." in _text(log)  # Banner of Speed
