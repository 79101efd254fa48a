"""Posizione Elevata (§18.4, seed 001:2890): "Ai fini della Linea di Vista e del Riparo, i modelli con
più della metà della propria basetta su una collina si considerano essere Grandi". Each model by its
own base: in a unit half on a hill, the models on it see over a blocking unit and are seen over one
as Large, and its models off the hill do not, whatever share of the unit's footprint the hill holds
(the engine judged it by more than half of the unit's whole footprint until n9-hill-heal)."""

from engine.rulesets.ninth_age import terrain_rules
from engine.rulesets.ninth_age.shooting import HEIGHTS, Table, elevated, measure, sight_obstacles
from engine.rulesets.ninth_age.terrain_layouts import feature
from engine.rulesets.ninth_age.weapons import weapons_of

from game_helpers import scenario

LARGE, SMALL = HEIGHTS["large"], HEIGHTS["small"]


def _state(placements, hill=None):
    state = scenario(placements, terrain="open")
    state.phase, state.step = "shooting", "shooting"
    if hill is not None:
        state.table.terrain.append(feature("Knoll", "hill", hill))
    return state


def _measure(state, shooter, target):
    unit = state.units[shooter]
    return measure(state, unit, state.units[target], weapons_of(state.unit_entry(unit))[0])


# Crossbowmen (Small, 5 files of 20 mm from x 28.03) shoot north at Skulkers (Small) past a line of
# Knights (Medium): the Knights are taller than both, so they block every line at ground level
WITH_BLOCKER = {"Crossbowmen": (30, 10, 0), "Knights": (30, 16, 0, 8), "Skulkers": (30, 24, 180)}


def test_the_models_of_a_unit_half_on_a_hill_that_stand_on_it_see_over_a_blocking_unit_the_others_not():
    shots, notes = _measure(_state(WITH_BLOCKER), "Crossbowmen", "Skulkers")  # no hill: nobody sees
    assert shots == [] and "10 models without line of sight" in [str(n) for n in notes]
    # the hill ends at x 29.8: files 1-2 wholly on it, file 3 a quarter on it (less than half of its base)
    state = _state(WITH_BLOCKER, [(20, 4), (29.8, 4), (29.8, 13), (20, 13)])
    crossbowmen = state.units["Crossbowmen"]
    assert terrain_rules.on_hill(state, crossbowmen.footprint().shape) < 0.5  # under half of the unit
    assert elevated(state, crossbowmen.footprint().models) == {0, 1, 5, 6, 10, 11}  # files 1-2, every rank
    shots, notes = _measure(state, "Crossbowmen", "Skulkers")
    # the Large models on the hill see over the Medium Knights (not taller than them); the rest do not
    assert sorted(s.index for s in shots) == [0, 1, 5, 6]  # the first two ranks shoot (§10.3)
    assert all(s.cover == "hard" for s in shots)  # the Knights are taller than the Small Skulkers (§10.5)
    assert "6 models without line of sight" in [str(n) for n in notes]


def test_a_unit_mostly_on_a_hill_is_not_large_where_a_model_has_less_than_half_of_its_base_on_it():
    # the hill ends at x 30.7: files 1-3 on it (file 3 by 0.69 of its base), files 4-5 off: 68% of the
    # unit's footprint is on the hill, yet files 4 (under half of its base) and 5 are not Large
    state = _state(WITH_BLOCKER, [(20, 4), (30.7, 4), (30.7, 13), (20, 13)])
    crossbowmen = state.units["Crossbowmen"]
    assert terrain_rules.on_hill(state, crossbowmen.footprint().shape) > 0.5
    base = crossbowmen.footprint().models[3]
    assert 0 < state.table.area_fraction(base, "hill") < 0.5
    shots, notes = _measure(state, "Crossbowmen", "Skulkers")
    assert sorted(s.index for s in shots) == [0, 1, 2, 5, 6, 7]
    assert "4 models without line of sight" in [str(n) for n in notes]
    table = Table(state)
    assert [table.model_height("Crossbowmen", i) for i in range(5)] == [LARGE, LARGE, LARGE, SMALL, SMALL]


def test_target_models_on_a_hill_are_seen_over_a_blocking_unit_as_large_the_others_are_hidden():
    # the Skulkers (facing south) are 45% on a hill: two files on it, Large; three files off it
    state = _state(WITH_BLOCKER, [(20, 22), (29.8, 22), (29.8, 30), (20, 30)])
    skulkers = state.units["Skulkers"]
    assert 0 < terrain_rules.on_hill(state, skulkers.footprint().shape) < 0.5
    shots, _notes = _measure(state, "Crossbowmen", "Skulkers")
    assert len(shots) == 10  # every model of the first two ranks sees the Large Skulkers on the hill
    for shot in shots:  # and the line each traced ends on a Skulker on the hill, not on one off it
        end = shot.sight[1]
        assert state.table.area_fraction(next(b for b in skulkers.footprint().models
                                               if b.buffer(1e-6).contains(_point(end))), "hill") > 0.5


def _point(xy):
    from shapely.geometry import Point

    return Point(xy)


def test_a_blocking_units_models_on_a_hill_are_large_obstacles_and_the_rest_keep_their_height():
    state = _state(WITH_BLOCKER, [(20, 14), (30, 14), (30, 19), (20, 19)])
    knights = state.units["Knights"]
    high = elevated(state, knights.footprint().models)
    assert high and len(high) < len(knights.footprint().models)
    mine = [o for o in sight_obstacles(state) if o.owner == "Knights"]
    assert sorted(o.height for o in mine) == [HEIGHTS["medium"], LARGE]
    tall = next(o for o in mine if o.height == LARGE)
    assert all(tall.shape.covers(knights.footprint().models[i].buffer(-1e-6)) for i in high)


# Pistoliers (Medium) shoot at Skulkers (Small) past Halberdiers (Small): the Halberdiers are as tall as
# the Skulkers off a hill (Hard cover over them) and shorter than both the Pistoliers and the Skulkers
# on it, who count as Large: Small models are ignored for Soft cover shooting at a Large one (§10.5)
COVERED = {"Pistoliers": (30, 12, 0), "Halberdiers": (30, 16, 0, 10), "Skulkers": (30, 21, 180)}


def test_cover_is_judged_over_each_target_models_height_on_the_hill_or_off_it():
    state = _state(COVERED)
    shots, _notes = _measure(state, "Pistoliers", "Skulkers")
    assert {s.cover for s in shots} == {"hard"} and {s.f_hard for s in shots} == {1.0}
    # two of the Skulkers' five files on a hill (45% of the unit): hard cover over the other three only
    state = _state(COVERED, [(20, 19.5), (29.8, 19.5), (29.8, 30), (20, 30)])
    shots, _notes = _measure(state, "Pistoliers", "Skulkers")
    assert {s.cover for s in shots} == {"hard"} and all(0.55 < s.f_hard < 0.7 for s in shots)
    # three files on it (55% of the unit): the two off it are under half of the footprint: no cover
    state = _state(COVERED, [(29.8, 19.5), (40, 19.5), (40, 30), (29.8, 30)])
    shots, _notes = _measure(state, "Pistoliers", "Skulkers")
    assert {s.cover for s in shots} == {"none"} and all(0.3 < s.f_hard < 0.45 for s in shots)
