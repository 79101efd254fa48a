"""Buildings (§18.6, the seed's "Edifici") through the engine: entering an empty Building in the
Remaining Moves (eligible troop types, 3 × M from the Building, the whole unit), the garrison's
place (in the Building, 1 rank that is never full, Flammable, no charges declared, not an
obstacle of its own), and leaving it (not in the turn it entered, the rear rank against the
Building, every model within 2 × M). The standard layout's Farmhouse is 33-39 x 22-26."""

import pytest

from engine.core.errors import IllegalAction
from engine.rulesets.ninth_age import fighters, terrain_rules
from engine.rulesets.ninth_age.actions import Advance, Charge, Garrison, LeaveBuilding, MoveStep

from game_helpers import RULESET, apply, scenario


def garrisoned(unit="Spearmen", at=(36, 14, 0, 6), **more):
    state = scenario({unit: at, **more})
    log = []
    state = apply(state, Garrison(seat="p1", unit=unit, building="Farmhouse"), log=log)
    return state, log


def test_a_unit_enters_a_building_within_three_times_its_movement():
    state, log = garrisoned()
    spear = state.units["Spearmen"]
    assert spear.garrison == "Farmhouse" and spear.moved
    assert (spear.pose.x, spear.pose.y) == pytest.approx((36, 24))  # it stands in the Building
    [said] = [e for e in log if e.kind == "garrison"]
    assert str(said.text).startswith("Spearmen enter Farmhouse (§18.6): the farthest model was ")
    assert "of 3 × M = 12\"" in str(said.text)
    # in it: 1 rank, never full (§18.6), and Flammable until it leaves
    assert fighters.unit_full_ranks(state, spear) == 0 and terrain_rules.in_field(state, spear)
    # it moved: no advance after it, and while in the Building it moves only by /leave
    with pytest.raises(IllegalAction, match="Spearmen have already moved this phase"):
        RULESET.apply(state, Advance(seat="p1", unit="Spearmen", steps=[MoveStep(kind="forward", amount=1)]))


def test_entering_is_refused_with_the_reason():
    # too far: the rear rank stands more than 3 × M = 12" from the Farmhouse
    state = scenario({"Spearmen": (36, 6, 0, 6)})
    with pytest.raises(IllegalAction, match=r"Spearmen cannot enter the Building: a model is 1\d\.\d\" from "
                                            r"Farmhouse; no model may move more than 3 × M = 12\" \(§18.6\)"):
        RULESET.apply(state, Garrison(seat="p1", unit="Spearmen", building="Farmhouse"))
    # cavalry may not enter, however near
    state = scenario({"Knights": (36, 17, 0)})
    with pytest.raises(IllegalAction, match=r"only units made up entirely of Infantry, Monstrous Infantry, War "
                                            r"Beasts, Monstrous Beasts and Swarms may enter, not Knights \(cavalry\)"):
        RULESET.apply(state, Garrison(seat="p1", unit="Knights", building="Farmhouse"))
    # only an empty Building
    state, _ = garrisoned(Halberdiers=(36, 35, 180, 5))
    with pytest.raises(IllegalAction, match="Farmhouse is not empty: Spearmen are in it"):
        RULESET.apply(state, Garrison(seat="p1", unit="Halberdiers", building="Farm"))
    # in the Remaining Moves only, and a Building by name
    state = scenario({"Spearmen": (36, 14, 0, 6)}, step="charges")
    with pytest.raises(IllegalAction, match="Remaining Moves"):
        RULESET.apply(state, Garrison(seat="p1", unit="Spearmen", building="Farmhouse"))
    state = scenario({"Spearmen": (36, 14, 0, 6)})
    with pytest.raises(IllegalAction, match=r"no single Building 'Castle' on the table. Buildings: Farmhouse"):
        RULESET.apply(state, Garrison(seat="p1", unit="Spearmen", building="Castle"))
    # a unit that already moved
    state = scenario({"Spearmen": (36, 10, 0, 6)})
    state = apply(state, Advance(seat="p1", unit="Spearmen", steps=[MoveStep(kind="forward", amount=2)]))
    with pytest.raises(IllegalAction, match="they have already moved this phase"):
        RULESET.apply(state, Garrison(seat="p1", unit="Spearmen", building="Farmhouse"))


def test_a_garrison_may_not_declare_charges_nor_be_an_obstacle_of_its_own():
    state, _ = garrisoned(Brutes=(36, 34, 180))
    state.step = "charges"
    state.units["Spearmen"].moved = False
    with pytest.raises(IllegalAction, match=r"Spearmen are in a Building \(Farmhouse, §18.6\) and cannot declare a "
                                            r"charge"):
        RULESET.apply(state, Charge(seat="p1", unit="Spearmen", target="Brutes"))
    from engine.rulesets.ninth_age.neighbours import surroundings

    assert "Spearmen" not in surroundings(state, set()).others  # the Building blocks, not the spilt footprint


def test_leaving_not_in_the_turn_it_entered_then_against_the_building_within_twice_m():
    state, _ = garrisoned()
    with pytest.raises(IllegalAction, match="Spearmen entered Farmhouse this turn and may not leave it until a later "
                                            r"turn \(§18.6\)"):
        RULESET.apply(state, LeaveBuilding(seat="p1", unit="Spearmen", facing=180.0))
    state.round += 1  # its next turn
    state.units["Spearmen"].moved = False
    # thirty wide: the end models would be far more than 2 × M = 8" from the Farmhouse
    with pytest.raises(IllegalAction, match=r"Spearmen coming out 30 wide: a model would be \d+\.\d\" from "
                                            r"Farmhouse; every model must be within 2 × M = 8\" of it"):
        RULESET.apply(state, LeaveBuilding(seat="p1", unit="Spearmen", facing=180.0, files=30))
    log = []
    state = apply(state, LeaveBuilding(seat="p1", unit="Spearmen", facing=180.0, files=6), log=log)
    spear = state.units["Spearmen"]
    assert spear.garrison is None and spear.moved and spear.formation.files == 6
    fp = spear.footprint()
    farmhouse = state.table.feature_at((36, 24))
    assert fp.edge("rear").distance(farmhouse.polygon) < 0.05  # its rear rank against the Building
    assert fp.shape.bounds[3] <= 22.05 and spear.pose.bearing == 180  # south of it, facing away
    assert "Spearmen leave Farmhouse (§18.6): 6 wide facing 180°" in str(log[-1].text)
    assert "They may not move again this phase." in str(log[-1].text)
    with pytest.raises(IllegalAction, match="Spearmen have already moved this phase"):
        RULESET.apply(state, Advance(seat="p1", unit="Spearmen", steps=[MoveStep(kind="forward", amount=1)]))


def test_leaving_is_blocked_by_a_unit_in_the_way():
    state, _ = garrisoned(Halberdiers=(36, 17, 0, 5))
    state.round += 1
    state.units["Spearmen"].moved = False
    with pytest.raises(IllegalAction, match="Spearmen can't come out of Farmhouse there: the unit would"):
        RULESET.apply(state, LeaveBuilding(seat="p1", unit="Spearmen", facing=180.0))


def test_the_board_shows_a_garrison_inside_its_building():
    from shapely.geometry import Polygon

    from renderers.table import render_table

    state, _ = garrisoned(Halberdiers=(20, 10, 0, 5))
    view = RULESET.board(state)
    spear = next(u for u in view.units if u.id == "Spearmen")
    assert spear.label == "Spearmen 30 in Farmhouse" and "in a building" in spear.badges
    farmhouse = state.table.feature_at((36, 24)).polygon
    [block] = spear.bases  # one block just inside the walls, not thirty bases spilling out of them
    assert farmhouse.contains(Polygon(block)) and Polygon(block).area > farmhouse.area / 2
    assert spear.centre == pytest.approx((36, 24)) and spear.front[1] > 24 and not spear.has_arcs
    halberds = next(u for u in view.units if u.id == "Halberdiers")
    assert "in a building" not in halberds.badges and len(halberds.bases) == 20
    assert render_table(view)[:8] == b"\x89PNG\r\n\x1a\n"


# -- shooting from and at a Building (§18.6) ------------------------------------------------------------------
def _measure(state, shooter, target):
    from engine.rulesets.ninth_age.shooting import measure
    from engine.rulesets.ninth_age.weapons import weapons_of

    weapon = weapons_of(state.unit_entry(state.units[shooter]))[0]
    return measure(state, state.units[shooter], state.units[target], weapon)


def test_shooting_from_a_building_every_model_up_to_fifteen_large_and_from_the_walls():
    from engine.rulesets.ninth_age.shooting import HEIGHTS, height

    # in the open, 5 wide and 3 deep, only the first two ranks shoot
    state = scenario({"Crossbowmen": (36, 18, 0, 5), "Brutes": (36, 40, 180)}, terrain="open")
    shots, notes = _measure(state, "Crossbowmen", "Brutes")
    assert len(shots) == 10 and any("behind the 2nd rank" in n for n in notes)
    state, _ = garrisoned("Crossbowmen", (36, 18, 0, 5), Brutes=(36, 40, 180))
    crossbows = state.units["Crossbowmen"]
    assert height(state, crossbows) == HEIGHTS["large"]  # shooting from a Building: Large (§18.6)
    shots, notes = _measure(state, "Crossbowmen", "Brutes")
    assert len(shots) == 15 and any("15 of 15 models shoot from Farmhouse" in n for n in notes)
    brutes = state.units["Brutes"].footprint().shape
    walls = state.table.feature_at((36, 24)).polygon
    assert shots[0].distance == pytest.approx(walls.distance(brutes), abs=0.01)  # range from the walls
    # at most 15: thirty Spearmen in the Farmhouse shoot with 15 (5 if Monstrous)
    from engine.rulesets.ninth_age import garrison

    state, _ = garrisoned()
    assert garrison.most_shooters(state, state.units["Spearmen"]) == 15
    state.units["Spearmen"].models = 7
    state.unit_entry(state.units["Spearmen"]).troop_type = "monstrous infantry"
    assert garrison.most_shooters(state, state.units["Spearmen"]) == 5


def test_shooting_at_a_unit_in_a_building_hard_cover_range_to_the_walls():
    # the Spearmen in the Farmhouse are made the enemy's; Crossbowmen shoot at them from the south
    state = scenario({"Crossbowmen": (36, 8, 0, 5)})
    spear_state, _ = garrisoned("Spearmen", (36, 14, 0, 6))
    spear_state.units["Spearmen"].owner = "p2"  # the garrison is the enemy's
    spear_state.units["Crossbowmen"].pose = state.units["Crossbowmen"].pose
    spear_state.units["Crossbowmen"].location = "table"
    spear_state.units["Crossbowmen"].formation = state.units["Crossbowmen"].formation
    shots, notes = _measure(spear_state, "Crossbowmen", "Spearmen")
    assert shots, notes  # seen into the Building, though it is Blocking terrain
    assert all(s.cover == "hard" and "in Farmhouse" in s.standing for s in shots)
    walls = spear_state.table.feature_at((36, 24)).polygon
    front = min(s.distance for s in shots)
    assert front == pytest.approx(spear_state.units["Crossbowmen"].footprint().shape.distance(walls), abs=0.01)


def test_a_garrison_shoots_through_the_engine():
    from engine.rulesets.ninth_age.shooting_phase import Shoot

    state, _ = garrisoned("Crossbowmen", (36, 18, 0, 5), Brutes=(36, 40, 180))
    state.phase, state.step = "shooting", "shooting"
    state.units["Crossbowmen"].moved = False  # (its entering was last turn)
    log = []
    state = apply(state, Shoot(seat="p1", unit="Crossbowmen", target="Brutes"), log=log)
    text = " ".join(str(e.text) for e in log)
    assert "15 of 15 models shoot from Farmhouse" in text and state.units["Crossbowmen"].shot


def test_a_template_touching_the_building_makes_d6_hits_at_the_centre_strength_only_if_over_it():
    from engine.rulesets.ninth_age.shooting_phase import Shoot
    from loaded_dice import load

    state = scenario({"Skulkers": (36, 30, 180), "Mortar": (36, 8, 0)}, seat="p2")
    state = apply(state, Garrison(seat="p2", unit="Skulkers", building="Farmhouse"))
    state.active, state.phase, state.step = "p1", "shooting", ""
    load(state, 1, 4, 3)  # the scatter die HIT, D6 4: it stays; D6 = 3 hits on the garrison
    log = []
    state = apply(state, Shoot(seat="p1", unit="Mortar", target="Skulkers"), log=log)
    text = " | ".join(str(e.text) for e in log)
    assert "The template touches Farmhouse: Skulkers in it takes D6 = 3 hits at S9, its centre over the " \
           "Building (§18.6)." in text
    assert "under the template" not in text  # no count of bases spilling out of the walls
    # the template's centre must be over the Building, where the unit is
    state = scenario({"Skulkers": (36, 30, 180), "Mortar": (36, 8, 0)}, seat="p2")
    state = apply(state, Garrison(seat="p2", unit="Skulkers", building="Farmhouse"))
    state.active, state.phase, state.step = "p1", "shooting", ""
    with pytest.raises(IllegalAction, match="must be over a model of Skulkers"):
        RULESET.apply(state, Shoot(seat="p1", unit="Mortar", target="Skulkers", at=(36, 30)))


def test_a_garrison_failing_panic_flees_out_of_its_building():
    from engine.rulesets.ninth_age.casualties import flee
    from loaded_dice import load

    state, _ = garrisoned()
    load(state, 6, 6)  # the flee distance 2D6: 12"
    log = []
    flee(state, state.units["Spearmen"], 180.0, log, "Spearmen flee")
    spear = state.units["Spearmen"]
    farmhouse = state.table.feature_at((36, 24)).polygon
    assert spear.garrison is None and spear.fleeing and spear.on_table
    assert "Spearmen flee out of Farmhouse (§18.6), from its middle." in [str(e.text) for e in log]
    assert spear.footprint().shape.distance(farmhouse) >= 1.0 - 1e-6  # clear of the Building by 1"
    assert not any("fleeing through Farmhouse" in str(e.text) for e in log)  # not Dangerous: it is its own way out


# -- a garrison is measured from the Building's walls (§18.6: "la gittata da e verso i modelli dell'Unità si
# calcola dai lati dell'Edificio") -------------------------------------------------------------------------------
def _enemy_garrison(unit="Skulkers", at=(36, 30, 180), **more):
    """``unit`` (a p2 unit) in the Farmhouse (walls 33-39 x 22-26), ``more`` p1 units placed; p1's Remaining Moves."""
    state = scenario({unit: at}, seat="p2")
    state = apply(state, Garrison(seat="p2", unit=unit, building="Farmhouse"))
    from game_helpers import place

    for uid, where in more.items():
        place(state, uid, *where)
    state.active, state.round = "p1", 2
    return state


def test_one_helper_measures_a_garrison_from_the_walls_both_ways():
    from engine.rulesets.ninth_age.mixed_units import position
    from engine.rulesets.ninth_age.walls import gap, outline

    state = _enemy_garrison(Spearmen=(36, 10, 0, 6))
    skulkers, spear = state.units["Skulkers"], state.units["Spearmen"]
    walls = state.table.feature_at((36, 24)).polygon
    assert outline(state, skulkers).equals(walls) and outline(state, spear).equals(spear.footprint().shape)
    assert gap(state, spear, skulkers) == pytest.approx(spear.footprint().shape.distance(walls))
    assert gap(state, skulkers, spear) == gap(state, spear, skulkers)
    assert gap(state, skulkers, (36, 16)) == pytest.approx(6.0)  # to a point: from the wall at y 22
    # the formation it is drawn with stands inside the walls, farther from everything outside
    assert spear.footprint().shape.distance(skulkers.footprint().shape) > gap(state, spear, skulkers) + 0.5
    assert position(state, skulkers).equals(walls)  # Inspiring Presence and Hold Your Ground measure from there


def test_the_march_test_counts_an_enemy_garrison_from_its_walls():
    from engine.rulesets.ninth_age.actions import March

    # the Spearmen's front at y 14.5: 7.5" from the Farmhouse's wall, 8.5" from the Skulkers' bases inside it
    state = _enemy_garrison(Spearmen=(36, 12.5, 0, 6))
    spear = state.units["Spearmen"]
    front = spear.footprint().shape.bounds[3]
    assert 8.0 < spear.footprint().shape.distance(state.units["Skulkers"].footprint().shape)
    assert 22 - front <= 8.0
    log = []
    apply(state, March(seat="p1", unit="Spearmen", steps=[MoveStep(kind="forward", amount=1)]), log=log)
    assert any(f"March test (enemy {22 - front:.1f}\" away" in str(e.text) for e in log)


def test_a_spell_range_to_a_garrison_is_measured_from_the_walls():
    from engine.rulesets.ninth_age import magic

    # Sap the Strength (Hex, Direct, Range 12) from a Shaman facing the Farmhouse at the Crossbowmen inside it
    state = scenario({"Crossbowmen": (36, 18, 0, 5), "Shaman": (36, 9.5, 0)})
    state = apply(state, Garrison(seat="p1", unit="Crossbowmen", building="Farmhouse"))
    from engine.rulesets.ninth_age.actions import EndStep

    state.active = "p2"  # the Shaman's own Movement phase, ended: its Magic phase
    state = apply(state, EndStep(seat="p2"))
    assert state.phase == "magic"
    shaman, crossbows = state.units["Shaman"], state.units["Crossbowmen"]
    walls = state.table.feature_at((36, 24)).polygon
    to_walls = shaman.footprint().shape.distance(walls)
    assert to_walls <= 12.0 < shaman.footprint().shape.distance(crossbows.footprint().shape)
    sap = magic.spell_named(state, "p2", "Sap the Strength")[0]
    assert magic.refusal(state, state.casters["Shaman"], sap, crossbows, False) is None
    shaman.pose = shaman.pose.model_copy(update={"y": 9.0})  # half an inch back: beyond 12" of the walls
    assert "are 12.2\" away, beyond Sap the Strength's range of 12\"" in \
        magic.refusal(state, state.casters["Shaman"], sap, crossbows, False)


def test_a_garrison_holds_an_objective_within_6_inches_of_its_walls():
    from shapely.geometry import Point

    from engine.rulesets.ninth_age.victory import achieved

    state, _ = garrisoned()  # Spearmen (a scoring unit: it has a standard) in the Farmhouse
    state.objective = "secure"
    spear = state.units["Spearmen"]
    state.markers = {"A": (27.5, 24.0)}  # 5.5" west of the wall at x 33; farther from the bases inside
    assert spear.footprint().shape.distance(Point(27.5, 24)) > 6.0
    assert achieved(state, state.objective) == {"p1": True, "p2": False}
    state.markers = {"A": (26.5, 24.0)}  # 6.5" from the walls
    assert achieved(state, state.objective) == {"p1": False, "p2": False}


# -- templates, flames and breath on a Building (§18.6: "Se una Sagoma tocca l'Edificio, l'Unità al suo interno
# subisce D6 colpi con forza e regole della Sagoma"; its models are Flammable) ---------------------------------------
def test_any_template_touching_the_building_hits_the_garrison_d6_times():
    from engine.rulesets.ninth_age.garrison import models_under
    from engine.table.templates import Capsule, Circle
    from loaded_dice import load

    state, _ = garrisoned()  # thirty Spearmen in the Farmhouse (walls 33-39 x 22-26)
    spear = state.units["Spearmen"]
    load(state, 5)
    log = []
    # a 3" template over the wall's corner: D6 hits, however few of the thirty would stand under it
    assert models_under(state, spear, Circle(centre=(32, 21), diameter=3), "p2", log) == 5
    assert str(log[-1].text) == "The template touches Farmhouse: Spearmen in it takes D6 = 5 hits (§18.6)."
    # a template clear of the walls touches nobody in it, though it would touch the bases drawn inside
    log = []
    assert models_under(state, spear, Capsule(start=(30, 30), end=(30, 34), diameter=3), "p2", log) == 0
    assert not log
    # a unit in the open: the bases the template touches
    state = scenario({"Halberdiers": (20, 10, 0, 5)})
    assert models_under(state, state.units["Halberdiers"], Circle(centre=(20, 10), diameter=1), "p2", []) >= 1


def test_a_flame_thrower_touching_the_building_makes_d6_flaming_hits_and_the_garrison_is_flammable():
    from engine.rulesets.ninth_age.shooting_phase import Shoot
    from loaded_dice import load

    state = scenario({"Skulkers": (36, 30, 180), "Mortar": (36, 14, 0)}, seat="p2")
    state = apply(state, Garrison(seat="p2", unit="Skulkers", building="Farmhouse"))
    state.active, state.phase, state.step = "p1", "shooting", ""
    state.unit_entry(state.units["Mortar"]).equipment = ["flame thrower"]
    # the template moves 2" on, D6 = 4 hits; to wound at S5 against T3: three 1s fail and are re-rolled
    load(state, 2, 4, 1, 1, 1, 6, 6, 6, 6)
    log = []
    state = apply(state, Shoot(seat="p1", unit="Mortar", target="Skulkers", at=(36, 21)), log=log)
    text = " | ".join(str(e.text) for e in log)
    assert "The template touches Farmhouse: Skulkers in it takes D6 = 4 hits at S5 (§18.6)." in text
    assert "Skulkers are in Farmhouse: Flammable (§18.6)." in text
    assert "needing 2+: 1 1 1 6; Flammable re-rolls 6 6 6: 4 wounds" in text
    assert "under the flames" not in text  # no count of the bases drawn inside the walls


def test_a_breath_weapon_reaches_a_garrison_within_6_inches_of_its_walls():
    from engine.rulesets.ninth_age.shooting_phase import Shoot
    from loaded_dice import load

    def breathing(y):
        state = scenario({"Crossbowmen": (36, 18, 0, 5), "Warlord on Wyvern": (36, y, 0)})
        state = apply(state, Garrison(seat="p1", unit="Crossbowmen", building="Farmhouse"))
        state.active, state.phase, state.step = "p2", "shooting", ""
        return state

    state = breathing(13.5)  # the Wyvern's front 5.5" from the wall, 6.4" from the crossbowmen drawn inside it
    wyvern, crossbows = state.units["Warlord on Wyvern"], state.units["Crossbowmen"]
    walls = state.table.feature_at((36, 24)).polygon
    to_walls = wyvern.footprint().shape.distance(walls)
    assert to_walls <= 6.0 < wyvern.footprint().shape.distance(crossbows.footprint().shape)
    load(state, 3, 4)  # 2D6 = 7 automatic hits
    log = []
    state = apply(state, Shoot(seat="p2", unit="Warlord on Wyvern", target="Crossbowmen", weapon="breath"), log=log)
    text = " | ".join(str(e.text) for e in log)
    assert f"breathes on Crossbowmen ({to_walls:.1f}\" of 6\"): 7 automatic hits at S4 with Flaming Attacks" in text
    assert "Crossbowmen are in Farmhouse: Flammable (§18.6)." in text
    with pytest.raises(IllegalAction, match=r"Crossbowmen are 6.5\" away; a Breath Weapon reaches 6\""):
        RULESET.apply(breathing(12.5), Shoot(seat="p2", unit="Warlord on Wyvern", target="Crossbowmen",
                                             weapon="breath"))
