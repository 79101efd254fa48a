"""Ninth Age terrain (§18) through the engine: Dangerous Terrain by troop type when marching,
charging, fleeing and pursuing (E-54), Impassable terrain and Buildings refused by name and
place, Water (no March, Disordered), Hills (sight into and out of but not through, cover, the
charge from high ground), Fields, Ruins and Walls as cover, Forests and Steadfast, walls and
Distracting. The standard layout: Hill 10-18 x 19.5-28.5, Forest 53-62 x 20.5-29, Farmhouse
33-39 x 22-26, Wheat Field 45-53 x 13-19, Stone Wall y 34 from x 19 to 29, Pond 44-54 x 30-36,
Ruined Chapel 21-28 x 12-17."""

import doctest

import pytest

from engine.core.errors import IllegalAction
from engine.rulesets.ninth_age import terrain_rules
from engine.rulesets.ninth_age.actions import Advance, Charge, EndStep, March, MoveStep
from engine.rulesets.ninth_age.shooting_phase import Shoot
from engine.rulesets.ninth_age.terrain_layouts import feature
from engine.table.footprint import Pose

from game_helpers import RULESET, apply, scenario
from loaded_dice import left, load


def fwd(d):
    return MoveStep(kind="forward", amount=d)


def test_terrain_rules_doctests():
    assert doctest.testmod(terrain_rules).failed == 0


def dangerous_tests(log):
    return [e for e in log if "Dangerous Terrain" in e.text]


# -- movement ------------------------------------------------------------------------------------------
def test_e54_a_chariot_charging_through_a_forest_rolls_4d6_and_takes_a_wound_for_each_1():
    state = scenario({"Battle Chariot": (58, 14, 0), "Brutes": (58, 34, 180)}, step="charges")
    state = apply(state, Charge(seat="p1", unit="Battle Chariot", target="Brutes"))
    load(state, 6, 6, 6,  # the charge range (Swiftstride: 3D6, the best two): 12 + M 8
         1, 1, 4, 6)  # E-54: the Dangerous Terrain test, 4D6 for a Chariot
    log = []
    state = apply(state, EndStep(seat="p1"), log=log)
    [test] = dangerous_tests(log)
    assert ("charging through Forest; Forest: Dangerous for Chariots (§18.7); 4D6 a model, each 1 a wound): 2 wounds "
            "with Armour Piercing (6)") in test.text
    assert test.roll.dice == [1, 1, 4, 6] and state.units["Battle Chariot"].wounds_lost == 2 and left(state) == []


def test_fields_and_walls_are_dangerous_to_cavalry_marching_but_not_to_infantry_nor_striders():
    state = scenario({"Knights": (49, 7, 0)})
    log = []
    apply(state, March(seat="p1", unit="Knights", steps=[fwd(10)]), log=log)
    [test] = dangerous_tests(log)
    assert "marching through Wheat Field; Field: Dangerous for Cavalry (§18.5); 1D6 a model" in test.text
    assert len(test.roll.dice) == 8
    march = next(e for e in log if e.kind == "march")  # the reply says the ground it moved over
    assert march.text.endswith("from its start; ends 100% in Wheat Field (Field).")
    log = []
    apply(scenario({"Halberdiers": (49, 7, 0)}), March(seat="p1", unit="Halberdiers", steps=[fwd(8)]), log=log)
    assert dangerous_tests(log) == [] and log[-1].kind == "march"
    state = scenario({"Knights": (24, 29, 0)})
    log = []
    apply(state, March(seat="p1", unit="Knights", steps=[fwd(8)]), log=log)
    [test] = dangerous_tests(log)
    assert "marching through Stone Wall; Wall: Dangerous for Cavalry (§18.8)" in test.text
    assert next(e for e in log if e.kind == "march").text.endswith("; through Stone Wall (Wall).")
    # an advance is no march: no test (§18.1)
    log = []
    apply(state, Advance(seat="p1", unit="Knights", steps=[fwd(8)]), log=log)
    assert dangerous_tests(log) == []
    # Strider ignores every effect of moving through terrain (§22)
    state = scenario({"Knights": (49, 7, 0)})
    state.unit_entry(state.units["Knights"]).special_rules.append("Strider")
    log = []
    apply(state, March(seat="p1", unit="Knights", steps=[fwd(10)]), log=log)
    assert dangerous_tests(log) == []


def test_flaming_attacks_find_fields_dangerous():
    state = scenario({"Halberdiers": (49, 7, 0)})
    state.unit_entry(state.units["Halberdiers"]).special_rules.append("Flaming Attacks")
    log = []
    apply(state, March(seat="p1", unit="Halberdiers", steps=[fwd(8)]), log=log)
    [test] = dangerous_tests(log)
    assert "Field: Dangerous for models with Flaming Attacks (§18.5)" in test.text



def test_a_weapon_with_flaming_attacks_finds_fields_dangerous_too():
    # "i modelli con Attacchi Infuocati (sul modello o su un arma)" (§18.5, seed 001:2881): the
    # Crossbowmen given a flame thrower's rule on their crossbows (only the model's own rule counted)
    from engine.rulesets.ninth_age.terrain_rules import flaming_attacks
    from engine.rulesets.ninth_age.weapons import RANGED

    state = scenario({"Halberdiers": (49, 7, 0)})
    entry = state.unit_entry(state.units["Halberdiers"])
    assert not flaming_attacks(entry)
    entry.equipment.append("flame thrower")
    assert RANGED["flame thrower"].has("Flaming Attacks") and flaming_attacks(entry)
    log = []
    apply(state, March(seat="p1", unit="Halberdiers", steps=[fwd(8)]), log=log)
    [test] = dangerous_tests(log)
    assert "Field: Dangerous for models with Flaming Attacks (§18.5)" in test.text
    entry.equipment.remove("flame thrower")
    entry.magic_items.append("Flaming Lance")  # a magic weapon with the rule
    assert flaming_attacks(entry)

def test_impassable_terrain_and_buildings_are_refused_by_name_and_place():
    state = scenario({"Spearmen": (36, 14, 0, 6)})
    with pytest.raises(IllegalAction, match=r"on the way the unit would come 0.43\" from Farmhouse at \(33.6, 22.0\) \(at "
                                            r"least 0.5\" needed; Farmhouse is a Building: Impassable terrain to every "
                                            r"unit that is not entering, leaving or assaulting it \(§18.6; a unit "
                                            r"enters it with /garrison\)\)"):
        RULESET.apply(state, March(seat="p1", unit="Spearmen", steps=[fwd(8)]))
    state = scenario({"Spearmen": (36, 14, 0, 6)}, terrain="open")
    state.table.terrain.append(feature("Crag", "impassable", [(30, 20), (42, 20), (42, 23), (30, 23)]))
    with pytest.raises(IllegalAction, match=r"from Crag at \(3\d.\d, 20.0\) \(at least 0.5\" needed; Crag is "
                                            r"Impassable terrain \(§18.2\)\)"):
        RULESET.apply(state, March(seat="p1", unit="Spearmen", steps=[fwd(8)]))


def test_water_forbids_the_march_but_not_to_strider_water():
    state = scenario({"Halberdiers": (49, 25, 0)})
    with pytest.raises(IllegalAction, match=r"can't march into, across or out of Water \(Pond, §18.3\)"):
        RULESET.apply(state, March(seat="p1", unit="Halberdiers", steps=[fwd(8)]))
    state.unit_entry(state.units["Halberdiers"]).special_rules.append("Strider (Water)")
    moved = apply(state, March(seat="p1", unit="Halberdiers", steps=[fwd(8)]))
    assert moved.units["Halberdiers"].marched


# -- Water: Disordered ---------------------------------------------------------------------------------
def test_water_disorders_ranks():
    from engine.rulesets.ninth_age.fighters import unit_full_ranks

    state = scenario({"Spearmen": (20, 10, 0, 5)}, terrain="open")  # 30 models: 6 ranks of 5
    assert unit_full_ranks(state, state.units["Spearmen"]) == 6
    fp = state.units["Spearmen"].footprint()
    _, miny, _, maxy = fp.shape.bounds
    # a pool under the two rear ranks: those are no longer full ranks
    state.table.terrain.append(feature("Stream", "water", [(10, miny - 1), (30, miny - 1), (30, miny + 1.2),
                                                            (10, miny + 1.2)]))
    assert unit_full_ranks(state, state.units["Spearmen"]) == 4
    assert terrain_rules.water_full_ranks(state, state.units["Spearmen"], 6) == (
        4, "2 ranks in Water are not full (§18.3)")
    # most of the unit in Water: 0 full ranks; Strider (Water) is not disordered
    state.table.terrain[-1] = feature("Lake", "water", [(10, miny - 1), (30, miny - 1), (30, maxy - 1),
                                                         (10, maxy - 1)])
    assert unit_full_ranks(state, state.units["Spearmen"]) == 0
    state.unit_entry(state.units["Spearmen"]).special_rules.append("Strider (Water)")
    assert unit_full_ranks(state, state.units["Spearmen"]) == 6


# -- Hills: the charge from high ground ----------------------------------------------------------------
def _charge_home(state, unit, target):
    state = apply(state, Charge(seat="p1", unit=unit, target=target))
    load(state, 6, 6)
    log = []
    return apply(state, EndStep(seat="p1"), log=log), log


def test_a_charge_down_from_a_hill_scores_plus_2_instead_of_plus_1():
    from engine.rulesets.ninth_age.combat import Round, side_score

    state, log = _charge_home(scenario({"Knights": (14, 24, 90), "Brutes": (25, 24, 270)}, step="charges"),
                              "Knights", "Brutes")
    move = next(e for e in log if e.kind == "charge-move")
    # the Knights are "they" (it read "It charged down")
    assert move.text.startswith("Knights charge home") and ("They charged down from high ground (100% on the hill at "
                                                            "the start, 0% at the end): +1 combat score in the next "
                                                            "round (§18.4).") in move.text
    assert side_score(state, "p1", Round(units=["Knights", "Brutes"])).parts()["charge"] == 2
    # from the flat: +1
    state, log = _charge_home(scenario({"Knights": (14, 24, 90), "Brutes": (25, 24, 270)}, step="charges",
                                       terrain="open"), "Knights", "Brutes")
    assert not state.units["Knights"].hill_charge and "high ground" not in " ".join(e.text for e in log)
    assert side_score(state, "p1", Round(units=["Knights", "Brutes"])).parts()["charge"] == 1
    # a charge that ends on the hill as well: +1
    base = scenario({"Knights": (11.5, 24, 90), "Brutes": (18.5, 24, 270)}, step="charges")
    state, _ = _charge_home(base, "Knights", "Brutes")
    assert state.units["Knights"].charged and not state.units["Knights"].hill_charge


# -- sight and cover -----------------------------------------------------------------------------------
HILL = [(20, 18), (40, 18), (40, 24), (20, 24)]


def _shooting(placements):
    state = scenario(placements, terrain="open")
    state.phase, state.step = "shooting", "shooting"
    state.table.terrain.append(feature("Knoll", "hill", HILL))
    return state


def _measure(state, shooter, target):
    from engine.rulesets.ninth_age.shooting import measure
    from engine.rulesets.ninth_age.weapons import weapons_of

    weapon = weapons_of(state.unit_entry(state.units[shooter]))[0]
    return measure(state, state.units[shooter], state.units[target], weapon)


def test_a_hill_blocks_sight_through_it_but_not_into_or_out_of_it():
    # Crossbowmen south of the Knoll; Spearmen behind it (off the hill): no line of sight
    state = _shooting({"Crossbowmen": (30, 12, 0), "Brutes": (30, 29, 180)})
    shots, notes = _measure(state, "Crossbowmen", "Brutes")
    assert shots == [] and any("without line of sight" in n for n in notes)
    with pytest.raises(IllegalAction, match="without line of sight"):
        RULESET.apply(state, Shoot(seat="p1", unit="Crossbowmen", target="Brutes"))
    # a target on the hill is seen (a line may be traced into a hill)
    state = _shooting({"Crossbowmen": (30, 12, 0), "Brutes": (30, 21, 180)})
    shots, _ = _measure(state, "Crossbowmen", "Brutes")
    assert shots and all(s.cover == "none" for s in shots)
    # a shooter on the hill sees out of it, over the hill it stands on
    state = _shooting({"Crossbowmen": (30, 21, 0), "Brutes": (30, 30, 180)})
    shots, _ = _measure(state, "Crossbowmen", "Brutes")
    assert shots and all(s.cover == "none" for s in shots)


def test_hill_cover_soft_for_a_unit_partly_on_it_hard_for_one_off_it():
    # the Brutes straddle the hill's far edge (y 24): more than half of them is behind the crest
    state = _shooting({"Crossbowmen": (30, 12, 0), "Brutes": (30, 25, 180)})
    brutes = state.units["Brutes"].footprint().shape
    assert 0 < terrain_rules.on_hill(state, brutes) < 0.5
    shots, _ = _measure(state, "Crossbowmen", "Brutes")
    assert shots and {s.cover for s in shots} == {"soft"}
    # the same ground with a narrow hill the target stands beside, completely off it: hard
    state = scenario({"Crossbowmen": (30, 12, 0), "Brutes": (30, 25, 180)}, terrain="open")
    state.phase = "shooting"
    state.table.terrain.append(feature("Ridge", "hill", [(29.2, 18), (40, 18), (40, 22), (29.2, 22)]))
    assert terrain_rules.on_hill(state, state.units["Brutes"].footprint().shape) == 0
    shots, _ = _measure(state, "Crossbowmen", "Brutes")
    hard = [s for s in shots if s.f_hard > 0.5]
    assert hard and all(s.cover == "hard" for s in hard)


def test_a_hill_hiding_exactly_half_of_a_unit_off_it_is_no_hard_cover_more_than_half_is():
    """Seed 001:2888-2889: a unit completely off the Hill counts it as Hard terrain if the hill
    hides MORE than half of its footprint ("più della metà"); for one partly on it, half or
    more is Soft ("la metà o più"). The middle Crossbowman (x 30) sees the Sabre Beasts (x 30,
    24 columns of samples) half behind a ridge ending at x 30: exactly one half."""
    def shots_at(ridge_end, target_y):
        state = scenario({"Crossbowmen": (30, 12, 0), "Sabre Beasts": (30, target_y, 180)}, terrain="open")
        state.phase = "shooting"
        state.table.terrain.append(feature("Ridge", "hill", [(20, 18), (ridge_end, 18), (ridge_end, 22),
                                                             (20, 22)]))
        shots, _ = _measure(state, "Crossbowmen", "Sabre Beasts")
        return state, {s.index: s for s in shots}

    state, shots = shots_at(30, 25)
    assert terrain_rules.on_hill(state, state.units["Sabre Beasts"].footprint().shape) == 0
    middle = shots[2]
    assert middle.origin[0] == pytest.approx(30) and middle.cover == "none" and middle.f_hard == 0
    assert shots[1].cover == "hard" and shots[1].f_hard > 0.5  # the next file sees more than half hidden
    # the ridge a little longer: more than half hidden from the middle model, Hard
    _, shots = shots_at(30.2, 25)
    assert shots[2].f_hard > 0.5 and shots[2].cover == "hard"
    # a unit partly on the hill, half of it hidden by the hill: Soft ("la metà o più")
    state, shots = shots_at(30, 22.9)
    assert terrain_rules.on_hill(state, state.units["Sabre Beasts"].footprint().shape) > 0
    assert shots[2].f_soft == 0.5 and shots[2].cover == "soft"


def test_fields_ruins_and_walls_give_cover_from_where_the_unit_stands_but_not_to_large_targets():
    from engine.rulesets.ninth_age.shooting import ranged_attack
    from engine.rulesets.ninth_age.weapons import weapons_of

    base = scenario({"Crossbowmen": (30, 12, 0), "Brutes": (30, 26, 180)}, terrain="open")
    base.phase = "shooting"
    fp = base.units["Brutes"].footprint()
    minx, miny, maxx, maxy = fp.shape.bounds
    around = [(minx - 1, miny - 1), (maxx + 1, miny - 1), (maxx + 1, maxy + 1), (minx - 1, maxy + 1)]
    for kind, cover, why in (("field", "soft", "in Crop (Field: Soft cover, §18.5)"),
                             ("ruins", "hard", "in Crop (Ruins: Hard cover, §18.9)")):
        state = base.model_copy(deep=True)
        state.table.terrain.append(feature("Crop", kind, around))
        shots, _ = _measure(state, "Crossbowmen", "Brutes")
        assert {s.cover for s in shots} == {cover}
        log = []
        ranged_attack(state, state.units["Crossbowmen"], state.units["Brutes"], log,
                      weapon=weapons_of(state.unit_entry(state.units["Crossbowmen"]))[0])
        assert why in log[0].text and f"{cover} cover" in log[0].text
        # a Large Target gets no cover from it
        state.unit_entry(state.units["Brutes"]).special_rules.append("Large Target")
        shots, _ = _measure(state, "Crossbowmen", "Brutes")
        assert {s.cover for s in shots} == {"none"}
    # a Wall in base contact with and aligned to the Brutes' front: Hard cover against shooting from the front
    state = base.model_copy(deep=True)
    state.table.terrain.append(feature("Hedge Wall", "wall", [(minx - 2, miny - 0.125), (maxx + 2, miny - 0.125)]))
    assert terrain_rules.defended_wall(state, state.units["Brutes"], "front").name == "Hedge Wall"
    shots, _ = _measure(state, "Crossbowmen", "Brutes")
    assert {s.cover for s in shots} == {"hard"} and all("Hedge Wall" in s.standing for s in shots)
    # shot from the rear, the wall protects nothing
    state.units["Crossbowmen"].pose = Pose(x=30, y=40, bearing=180)
    shots, _ = _measure(state, "Crossbowmen", "Brutes")
    assert shots and {s.cover for s in shots} == {"none"}


# -- combat ----------------------------------------------------------------------------------------------
def _loser_break_ld(state, unit, enemy):
    from engine.rulesets.ninth_age.combat import Round, break_test
    from engine.rulesets.ninth_age.melee import Outcome

    rnd = Round(units=[unit, enemy])
    load(state, 1, 1)
    break_test(state, state.units[unit], Outcome(scores={}, winner=state.units[enemy].owner, difference=3), rnd, [])
    return rnd.break_ld[unit]


def test_a_unit_mostly_in_a_forest_is_never_steadfast_and_skirmishers_there_are_stubborn():
    # Spearmen 6 ranks against the 1-rank Knights: Steadfast in the open...
    placements = {"Spearmen": (30, 20, 180, 5), "Knights": (30, 0, 0)}
    state = scenario(placements, terrain="open")
    knights = state.units["Knights"]
    knights.pose = Pose(x=30, y=20 - state.units["Spearmen"].footprint().half_depth - knights.footprint().half_depth,
                        bearing=0)
    value, why = _loser_break_ld(state.model_copy(deep=True), "Spearmen", "Knights")
    assert "Steadfast" in why and "not Steadfast" not in why
    steadfast = value
    # ... but not in a forest (§18.7)
    wood = state.model_copy(deep=True)
    fp = wood.units["Spearmen"].footprint().shape.bounds
    wood.table.terrain.append(feature("Wood", "forest", [(fp[0] - 1, fp[1] - 0.1), (fp[2] + 1, fp[1] - 0.1),
                                                          (fp[2] + 1, fp[3] + 1), (fp[0] - 1, fp[3] + 1)]))
    value, why = _loser_break_ld(wood.model_copy(deep=True), "Spearmen", "Knights")
    assert "mostly in a Forest: not Steadfast (§18.7)" in why and value == steadfast - 3
    # Skirmishers mostly in a Forest are Stubborn
    wood.unit_entry(wood.units["Spearmen"]).special_rules.append("Skirmishers")
    value, why = _loser_break_ld(wood.model_copy(deep=True), "Spearmen", "Knights")
    assert "Stubborn (Stubborn: mostly in a Forest, §18.7)" in why


def test_wall_defenders_are_distracting_against_a_charge_across_the_wall_in_the_first_round():
    from engine.rulesets.ninth_age.combat import to_hit
    from engine.rulesets.ninth_age.fighters import blows

    state = scenario({"Brutes": (24, 40, 180), "Knights": (24, 0, 0)})
    brutes = state.units["Brutes"]
    brutes.pose = Pose(x=24, y=34.125 + brutes.footprint().half_depth, bearing=180)  # front edge on the Stone Wall
    knights = state.units["Knights"]
    knights.pose = Pose(x=24, y=34.125 - knights.footprint().half_depth, bearing=0)
    assert terrain_rules.defended_wall(state, brutes, "front").name == "Stone Wall"
    knights.charged = True
    blow = blows(state, knights)[0]
    _, modifier, note = to_hit(state, knights, brutes, blow)
    assert modifier == -1 and "defending Stone Wall against its charge, Distracting, §18.8" in note
    knights.combat_rounds = 1  # the charging unit's second round: no more
    assert to_hit(state, knights, brutes, blow)[1] == 0
    knights.combat_rounds, knights.charged = 0, False  # not a charge: no Distracting
    assert to_hit(state, knights, brutes, blow)[1] == 0
    # the Brutes charged in the flank, away from the wall: no Distracting
    knights.charged = True
    brutes.pose = Pose(x=24 + knights.footprint().half_width + brutes.footprint().half_depth, y=32, bearing=270)
    assert terrain_rules.defended_wall(state, brutes, "front") is None
    assert to_hit(state, knights, brutes, blows(state, knights)[0])[1] == 0


def test_a_unit_half_in_a_field_is_flammable():
    from engine.rulesets.ninth_age.attacks import resolve_hits
    from engine.rulesets.ninth_age.damage import Attack

    base = scenario({"Brutes": (49, 16, 180)})  # in the middle of the Wheat Field (45-53 x 13-19)
    assert terrain_rules.in_field(base, base.units["Brutes"])
    fire = Attack(strength=3, category="shooting", flaming=True, source="test")
    state = load(base.model_copy(deep=True), 1, 1, 1, 1)  # two failed to-wound rolls, then two re-rolls of 1
    log = []
    resolve_hits(state, state.units["Brutes"], fire, 2, log)
    text = " ".join(e.text for e in log)
    assert "Brutes stand in a Field: Flammable (§18.5)." in text and "Flammable re-rolls 1 1" in text
    # out of the field: no re-roll
    state = load(base.model_copy(deep=True), 1, 1, 1, 1)
    state.units["Brutes"].pose = Pose(x=30, y=40, bearing=180)
    log = []
    resolve_hits(state, state.units["Brutes"], fire, 2, log)
    assert "Flammable" not in " ".join(e.text for e in log)


def test_a_flying_charge_meets_only_forests_and_where_it_lands():
    # the Warlord on Wyvern (Fly) charges over the Forest onto the Halberdiers beyond it; the
    # Pond it lands beside and the Wheat Field are not crossed
    state = scenario({"Warlord on Wyvern": (58, 16, 0), "Halberdiers": (58, 34, 180, 5)}, seat="p2", step="charges")
    assert terrain_rules.flies(state, state.units["Warlord on Wyvern"])
    state = apply(state, Charge(seat="p2", unit="Warlord on Wyvern", target="Halberdiers"))
    load(state, 6, 6, 6, 1, 2, 3, 4)  # the charge range (Swiftstride), then 4D6 for the forest flown over
    log = []
    state = apply(state, EndStep(seat="p2"), log=log)
    [test] = dangerous_tests(log)
    assert "charging through Forest; Forest: Dangerous for a flying move (§18.7)" in test.text
    # flying over the Ruined Chapel (21-28 x 12-17) and landing beyond it: no test (only where it lands
    # counts, §22 Fly); the same charge on foot would test Ruins
    base = scenario({"Warlord on Wyvern": (24.5, 7, 0), "Halberdiers": (24.5, 28, 180, 5)}, seat="p2",
                    step="charges")
    for fly in (True, False):
        state = base.model_copy(deep=True)
        if not fly:
            entry = state.unit_entry(state.units["Warlord on Wyvern"])
            for part in entry.parts:
                part.special_rules = [r for r in part.special_rules if not r.startswith("Fly")]
        assert terrain_rules.flies(state, state.units["Warlord on Wyvern"]) is fly
        state = apply(state, Charge(seat="p2", unit="Warlord on Wyvern", target="Halberdiers"))
        load(state, 6, 6, 6)
        log = []
        state = apply(state, EndStep(seat="p2"), log=log)
        assert state.units["Warlord on Wyvern"].charged
        assert [("Ruined Chapel" in t.text) for t in dangerous_tests(log)] == ([] if fly else [True])


def test_a_charge_may_not_go_through_a_building_and_a_failed_charge_stops_short_of_it():
    # the Farmhouse (33-39 x 22-26) stands between the Knights and the Brutes
    state = scenario({"Knights": (36, 17, 0), "Brutes": (36, 31, 180)}, step="charges")
    with pytest.raises(IllegalAction, match=r"Knights have no room to reach Brutes' front .*; the way there goes "
                                            r"through Farmhouse, a Building: Impassable terrain to every unit"):
        RULESET.apply(state, Charge(seat="p1", unit="Knights", target="Brutes"))
    # around it, on the open side, the charge is declared and made
    state = scenario({"Knights": (44, 17, 0), "Brutes": (44, 31, 180)}, step="charges")
    state = apply(state, Charge(seat="p1", unit="Knights", target="Brutes"))
    # a failed charge moves straight on (the highest die, 6") and stops 1" before a thin crag, never
    # jumping past it
    from engine.rulesets.ninth_age.charges import _failed

    state = scenario({"Knights": (36, 17, 0), "Brutes": (36, 40, 180)}, step="charges", terrain="open")
    state.table.terrain.append(feature("Crag", "impassable", [(30, 21), (42, 21), (42, 21.5), (30, 21.5)]))
    log = []
    _failed(state, state.units["Knights"], state.units["Brutes"], [6, 5], log, why="a test")
    top = state.units["Knights"].footprint().shape.bounds[3]
    assert 19.5 <= top <= 20 + 1e-6 and "move 1.0\" of 6\"" in log[-1].text
