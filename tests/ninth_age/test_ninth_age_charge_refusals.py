"""Three charge refusals seen in console games, each played from the poses that gave it (§8.5
"Movimento di Carica" and "Allineamento", §8.7 "Carica Fallita", §18.2/§18.6 Impassable terrain
and Buildings). The seed: "L'Unità può spostarsi in avanti di una distanza illimitata. Durante il
movimento può essere effettuata una sola rotazione/conversione [...] Bisogna ruotare l'Unità in
carica attorno al punto in cui è entrata in contatto con il nemico"; and of the failed charge:
"Ruotare l'Unità in modo che un movimento in avanti porti il centro dell'Unità verso il centro
del bersaglio designato, quindi muovere in avanti. Da notare che questo non è un Movimento di
Carica e quindi la regola che bisogna mantenere la distanza minima di 1" tra Unità non viene
ignorata"."""

from random import Random

import pytest
from shapely.geometry import box

from engine.core.errors import IllegalAction
from engine.rulesets.ninth_age import charges
from engine.rulesets.ninth_age.actions import Charge, EndStep
from engine.table import charge_path as cp
from engine.table.charge_path import charge_path
from engine.table.contact import in_contact
from engine.table.footprint import Formation, Pose, footprint
from engine.table.frame import turn_between

from game_helpers import apply, scenario
from loaded_dice import load


def _charge(state, unit, target, *dice):
    log = []
    state = apply(state, Charge(seat=state.units[unit].owner, unit=unit, target=target), {"reaction": "hold"}, log)
    load(state, *dice)
    state = apply(state, EndStep(seat=state.active), None, log)
    return state, [e.text for e in log]


# -- 1. a Giant on Knights turned a few degrees --------------------------------------------------------
def _giant_by_the_knights_notch():
    """The Giant 0.09" from the left flank of six Knights (an incomplete rear rank, its left slot
    empty), the Knights 4.4° off square: the Giant's front corner stands in that empty slot,
    inside the Knights' bounding rectangle but clear of every base."""
    state = scenario({"Giant": (36, 24, 197.1880076554408),
                      "Knights": (35.14344744008699, 21.085273846882266, 111.62366805513369)},
                     seat="p2", step="charges", terrain="open")
    knights = state.units["Knights"]
    knights.models = 6
    knights.formation = knights.formation.model_copy(update={"models": 6})
    return state


def test_a_charger_moves_forward_until_it_touches_the_bases_and_aligns_even_inside_the_rectangle_of_an_incomplete_rank():
    state = _giant_by_the_knights_notch()
    giant, knights = state.units["Giant"].footprint(), state.units["Knights"].footprint()
    assert 0.05 < giant.shape.distance(knights.shape) < 0.1
    assert giant.shape.intersection(knights.rect).area > 0  # the corner is in the empty slot
    # the real path (straight on until it touches a base, then the align about that point) lands
    # flush on the flank: found, not refused as "no room to make contact"
    state, log = _charge(state, "Giant", "Knights", 6, 6)
    home = next(t for t in log if "charges home" in t)
    assert "into Knights' left flank" in home and "align 4° to the right about the point of contact" in home
    moved = state.units["Giant"].footprint()
    assert in_contact(moved, state.units["Knights"].footprint())
    assert turn_between(moved.bearing, state.units["Knights"].pose.bearing) == pytest.approx(-90)  # flush
    assert state.units["Knights"].pose.bearing == pytest.approx(111.62366805513369)  # the Knights never turned


def test_targets_turned_a_few_degrees_at_charge_range_in_open_ground_leave_the_charger_room_to_charge():
    rng = Random(95)
    tried = 0
    for _case in range(24):
        rot = rng.choice([-1, 1]) * rng.uniform(2, 8)
        lateral, gap = rng.uniform(-5, 5), rng.uniform(1, 16)
        state = scenario({"Knights": (36, 9.5, rot % 360), "Giant": (36 + lateral, 30, 180)},
                         seat="p2", step="charges", terrain="open")
        knights = state.units["Knights"]
        knights.models = rng.choice([5, 6, 7, 8])
        knights.formation = knights.formation.model_copy(update={"models": knights.models})
        top = max(y for _x, y in knights.footprint().shape.exterior.coords)
        state.units["Giant"].pose = Pose(x=36 + lateral, y=top + gap + 1, bearing=180)
        giant = state.units["Giant"]
        side = charges.contact_side(giant, knights)
        poses, _turn = charges.aligned_placements(state, giant, knights, side)
        assert poses, (rot, lateral, gap, knights.models)
        tried += 1
    assert tried == 24


# -- 2. Trolls beside the Farmhouse ------------------------------------------------------------------------
TROLLS_HALF_WIDTH = 3 * 40 / 25.4 / 2


@pytest.mark.parametrize("x", [41.362, 39 + TROLLS_HALF_WIDTH, 41.37])  # 0.0002" into the wall, touching, 0.008" off
def test_a_unit_standing_against_a_building_charges_away_from_it_its_start_touching_the_wall_is_not_crossing(x):
    state = scenario({"Trolls": (x, 22.404, 0), "Spearmen": (45.806, 29.028, 180.742)}, seat="p2", step="charges")
    farmhouse = next(t.polygon for t in state.table.terrain if t.name == "Farmhouse")
    trolls = state.units["Trolls"].footprint()
    assert trolls.shape.distance(farmhouse) <= 0.01 and trolls.shape.intersection(farmhouse).area < 1e-3
    state, log = _charge(state, "Trolls", "Spearmen", 6, 6)
    assert any(t.startswith("Trolls charge home into Spearmen's front") for t in log)
    assert in_contact(state.units["Trolls"].footprint(), state.units["Spearmen"].footprint())


def test_a_charge_whose_path_goes_through_a_building_is_still_refused_naming_it():
    state = scenario({"Trolls": (36, 18, 0), "Spearmen": (36, 30, 180)}, seat="p2", step="charges")
    with pytest.raises(IllegalAction, match="the way there goes through Farmhouse, a Building"):
        apply(state, Charge(seat="p2", unit="Trolls", target="Spearmen"))


def test_a_wheel_that_swings_a_corner_into_the_wall_a_unit_stands_against_still_goes_through_it():
    block = Formation(base_width_mm=25.4, base_depth_mm=25.4, files=4, models=8)  # 4" wide, 2" deep
    start = footprint(block, Pose(x=30, y=10, bearing=0))  # its left flank on x = 28
    end = footprint(block, Pose(x=36, y=13, bearing=90))
    target = footprint(block, Pose(x=38, y=13, bearing=90))
    cp._cache.clear()
    path, _hit = charge_path(start, end, target, {})
    assert (path.forward, path.wheel) == (0.0, 90.0)  # in the open: wheel right at once, then forward
    for wall in (box(20, 7, 28.0002, 14), box(20, 7, 28, 14), box(20, 7, 28 - 1e-4, 14)):  # into, on, beside it
        path, hit = charge_path(start, end, target, {"Wall": wall})
        assert path is None and hit == "Wall"  # the wheel swings the rear left corner 0.47" into the wall


# -- 3. War Hounds' failed charge --------------------------------------------------------------------------
HOUNDS = {"Handgunners": (25.0, 10.7, 0, 5), "War Hounds": (29.9, 9.5, 0, 3), "Brutes": (15.9, 28.1, 180, 3)}


def test_a_failed_charge_keeps_the_1_inch_rule_and_says_which_unit_keeps_it_from_moving():
    # the console game's positions: turned toward the Brutes' centre, the War Hounds' corner would
    # come 0.57" from the Handgunners beside them, and going forward would run into them: what
    # stops it is what move_ahead reports (it probed a tenth of an inch past the stop: "would come
    # 0.45\" from Handgunners")
    state = scenario(HOUNDS, step="charges")
    state, log = _charge(state, "War Hounds", "Brutes", 6, 4, 1)  # 17" of 18.2"
    assert ("War Hounds' charge fails (17\" is short of 18.2\"). They may not make the failed charge move and stay "
            "where they are: turned toward the centre of Brutes, the unit would come 0.57\" from Handgunners (at "
            "least 1\" needed); moving forward, they would come closer than 0.5\" to Handgunners; a failed charge is "
            "not a charge, so the 1\" rule holds (§8.7).") in log
    hounds = state.units["War Hounds"]
    assert (hounds.pose.x, hounds.pose.y, hounds.pose.bearing) == (29.9, 9.5, 0.0)
    assert hounds.failed_charge and not hounds.charged
    # with the Handgunners elsewhere the same failed charge turns and moves the highest die, 6"
    state = scenario({**HOUNDS, "Handgunners": (10, 5, 0, 5)}, step="charges")
    state, log = _charge(state, "War Hounds", "Brutes", 6, 4, 1)
    assert any("they turn toward Brutes and move 6.0\" of 6\" (the highest die)" in t for t in log)


def test_a_failed_charge_never_passes_closer_than_half_an_inch_to_a_unit_on_its_way():
    # the Marshal 0.3" beside the Pistoliers' way, 2" ahead of them: passing it would bring them
    # closer than the ½" a move may come (§6.3), so they stop where they are still 1" short of it
    # (the old check stopped only where they would overlap, and went on past it)
    state = scenario({"Pistoliers": (30, 9.5, 0, 5), "Brutes": (30, 30.56, 180, 3), "Marshal": (33.154, 12.878, 0)},
                     step="charges")
    pistoliers, marshal = state.units["Pistoliers"].footprint(), state.units["Marshal"].footprint()
    lane = box(30 - pistoliers.half_width, 0, 30 + pistoliers.half_width, 48)
    assert lane.distance(marshal.shape) == pytest.approx(0.3, abs=0.01)
    state, log = _charge(state, "Pistoliers", "Brutes", 6, 1, 1)  # too short: a 6" failed charge
    assert any("charge fails" in t and "they turn toward Brutes and move 1.0\" of 6\"" in t for t in log), log
    moved = state.units["Pistoliers"].footprint()
    assert moved.shape.distance(marshal.shape) >= 1 - 1e-6
