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
    assert str(said.text).startswith("Spearmen enters Farmhouse (§18.6): the farthest model was ")
    assert "of 3 × M = 12\"" in str(said.text)
    # in it: 1 rank, never full (§18.6), and Flammable until it leaves
    assert fighters.unit_full_ranks(state, spear) == 0 and terrain_rules.in_field(state, spear)
    # it moved: no advance after it, and while in the Building it moves only by /leave
    with pytest.raises(IllegalAction, match="has already moved this phase"):
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
    with pytest.raises(IllegalAction, match="Farmhouse is not empty: Spearmen is in it"):
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
    with pytest.raises(IllegalAction, match="it has already moved this phase"):
        RULESET.apply(state, Garrison(seat="p1", unit="Spearmen", building="Farmhouse"))


def test_a_garrison_may_not_declare_charges_nor_be_an_obstacle_of_its_own():
    state, _ = garrisoned(Brutes=(36, 34, 180))
    state.step = "charges"
    state.units["Spearmen"].moved = False
    with pytest.raises(IllegalAction, match=r"Spearmen is in a Building \(Farmhouse, §18.6\) and cannot declare a "
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
    assert "Spearmen leaves Farmhouse (§18.6): 6 wide facing 180°" in str(log[-1].text)
    assert "It may not move again this phase." in str(log[-1].text)
    with pytest.raises(IllegalAction, match="has already moved this phase"):
        RULESET.apply(state, Advance(seat="p1", unit="Spearmen", steps=[MoveStep(kind="forward", amount=1)]))


def test_leaving_is_blocked_by_a_unit_in_the_way():
    state, _ = garrisoned(Halberdiers=(36, 17, 0, 5))
    state.round += 1
    state.units["Spearmen"].moved = False
    with pytest.raises(IllegalAction, match="Spearmen can't come out of Farmhouse there: it would"):
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
