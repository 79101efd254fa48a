"""engine.table: footprints, arcs, distances, contact, sight and cover, templates, terrain,
motion and scatter, with the geometric worked examples of the Ninth Age rules (§25)."""

import doctest
import math
from dataclasses import replace

import pytest
from shapely.geometry import box

import engine.table.arcs
import engine.table.contact
import engine.table.footprint
import engine.table.frame
import engine.table.motion
import engine.table.scatter
import engine.table.sight
import engine.table.templates
import engine.table.terrain
from engine.core.rng import Rng
from engine.table.arcs import arc_of, edge_share, majority_arc
from engine.table.contact import combats, contact_graph, contact_side, distance, in_contact, models_in_contact
from engine.table.footprint import Attached, Formation, Pose, footprint
from engine.table.frame import mm
from engine.table.motion import (
    Step, Surroundings, bottleneck_assignment, check_path, reform_displacement, reformed, run_move, wheel_arc,
)
from engine.table.scatter import is_hit, random_bearing, scatter, scatter_face
from engine.table.sight import Obstacle, cover_fractions, has_line_of_sight
from engine.table.templates import Capsule, Circle, Line, touched
from engine.table.terrain import Table, TerrainFeature

INCH = 25.4


def block(files, models, x=36.0, y=24.0, bearing=0.0, base=INCH, depth=None, **kw):
    return footprint(Formation(base_width_mm=base, base_depth_mm=depth or base, files=files, models=models, **kw),
                     Pose(x=x, y=y, bearing=bearing))


@pytest.mark.parametrize("module", [engine.table.arcs, engine.table.contact, engine.table.footprint,
                                    engine.table.frame, engine.table.motion, engine.table.scatter,
                                    engine.table.sight, engine.table.templates, engine.table.terrain])
def test_doctests(module):
    assert doctest.testmod(module).failed == 0


# -- footprints ---------------------------------------------------------------------------------
def test_e28_unit_anatomy_with_a_non_matching_character():
    """E-28: 5 files, 3 ranks, last rank of 3, a non-matching character on the right."""
    f = Formation(base_width_mm=25, base_depth_mm=25, files=5, models=13,
                  attached=[Attached(id="hero", width_mm=40, depth_mm=40, side="right")])
    fp = footprint(f, Pose(x=30, y=20, bearing=0))
    assert f.ranks == 3 and f.last_rank == 3 < f.files  # the last rank is incomplete
    # the footprint is the union of all bases, the character included
    assert fp.shape.area == pytest.approx(13 * mm(25) ** 2 + mm(40) ** 2)
    # the centre is the centre of the bounding rectangle, the character included
    assert fp.width == pytest.approx(mm(5 * 25 + 40)) and fp.depth == pytest.approx(mm(75))
    minx, miny, maxx, maxy = fp.shape.bounds
    assert ((minx + maxx) / 2, (miny + maxy) / 2) == pytest.approx((30, 20))
    # the incomplete last rank is centred on the files: files 1..3 of 0..4
    assert [s for s in f.slots() if s[0] == 2] == [(2, 1), (2, 2), (2, 3)]
    # the character stands against the right side, aligned with the front
    hero = fp.models[-1]
    assert hero.bounds[3] == pytest.approx(maxy) and hero.bounds[2] == pytest.approx(maxx)
    # the arcs are drawn from the footprint's corners at 135°
    fr = fp.corners["front_right"]
    assert arc_of(fp, (fr[0] + 1, fr[1] + 1)) == "front"  # on the 135° line: front (convention)
    assert arc_of(fp, (fr[0] + 1, fr[1] + 0.99)) == "right"


def test_skirmishers_stand_half_an_inch_apart_and_the_gaps_are_not_footprint():
    fp = block(3, 6, skirmish=True)
    assert fp.width == pytest.approx(3 + 2 * 0.5) and fp.depth == pytest.approx(2 + 0.5)
    assert fp.shape.area == pytest.approx(6.0)  # six 1" bases, no gaps
    assert fp.rect.area == pytest.approx(4 * 2.5)


def test_round_base_has_no_arcs_and_is_one_model():
    fp = footprint(Formation(base_width_mm=60, base_depth_mm=60, files=1, models=1, round_base=True), Pose(x=5, y=5))
    assert not fp.has_arcs and fp.width == pytest.approx(mm(60))
    with pytest.raises(ValueError, match="round_base"):
        Formation(base_width_mm=60, base_depth_mm=60, files=1, models=2, round_base=True)
    with pytest.raises(ValueError, match="files"):
        Formation(base_width_mm=20, base_depth_mm=20, files=6, models=4)


def test_rotated_footprint_corners_follow_the_bearing():
    fp = block(4, 8, x=10, y=10, bearing=90)  # facing +x: 4" wide along y, 2" deep along x
    c = fp.corners
    assert c["front_left"] == pytest.approx((11, 12)) and c["front_right"] == pytest.approx((11, 8))
    assert c["rear_left"] == pytest.approx((9, 12))


# -- arcs -----------------------------------------------------------------------------------------
def test_majority_of_a_chargers_front_edge_picks_the_arc():
    target = block(5, 10, x=36, y=24)  # w 2.5, d 1
    charger = block(5, 10, x=36, y=30, bearing=180)  # straight in front
    assert majority_arc(target, charger.front_edge) == "front"
    flanker = block(5, 10, x=44, y=24, bearing=270)  # off the right side, facing it
    share = edge_share(target, flanker.front_edge)
    assert share["right"] == pytest.approx(5.0) and majority_arc(target, flanker.front_edge) == "right"
    # a charger straddling the 135° line: most of its edge in the front arc
    straddle = block(4, 8, x=39.5, y=28, bearing=180)
    share = edge_share(target, straddle.front_edge)
    assert share["front"] == pytest.approx(3) and share["right"] == pytest.approx(1) and majority_arc(target, straddle.front_edge) == "front"


# -- distances and contact ------------------------------------------------------------------------
def test_closest_distance_between_bases_not_centres():
    a = block(5, 10, x=10, y=10)
    b = block(5, 10, x=10, y=14)
    assert distance(a, b) == pytest.approx(2.0)
    assert distance(a, (10, 20)) == pytest.approx(9.0)
    c = block(1, 1, x=20, y=20, bearing=45)
    # the diamond's lowest vertex (20, 20 - √½) is nearest the corner (12.5, 11)
    assert distance(a, c) == pytest.approx(math.hypot(7.5, 9 - math.sqrt(0.5)), abs=1e-9)


def test_contact_pairs_sides_graph_and_combats():
    target = block(5, 10, x=36, y=24)
    front = block(5, 10, x=36, y=26, bearing=180)  # front ranks touch
    flank = block(2, 4, x=39.5, y=24, bearing=270)  # touches the right side
    far = block(5, 10, x=10, y=10)
    assert in_contact(target, front) and in_contact(target, flank) and not in_contact(target, far)
    assert len(models_in_contact(target, front)) == 5 + 2 * 4  # face to face, and corner to corner both ways
    assert contact_side(target, front) == "front" and contact_side(front, target) == "front"
    assert contact_side(target, flank) == "right" and contact_side(flank, target) == "front"
    assert contact_side(target, far) is None
    # corner to corner: classified by the arc of the enemy model's centre
    corner = block(1, 1, x=39, y=26, bearing=180, depth=2 * INCH)  # touches only at (38.5, 25)
    assert contact_side(target, corner) == "front"
    units = {"t": target, "f": front, "k": flank, "x": far}
    graph = contact_graph(units, sides={"t": "A", "f": "B", "k": "B", "x": "B"})
    assert graph["t"] == {"f", "k"} and graph["x"] == set()
    assert combats(graph) == [{"t", "f", "k"}]


# -- templates (E-04) -----------------------------------------------------------------------------
def test_e04_a_3_inch_template_touches_at_most_five_25mm_bases_in_a_line():
    bases = [box(mm(25 * i), 0, mm(25 * i + 25), mm(25)) for i in range(10)]
    # the example: the template spans [24, 100.2] mm and touches bases 1 to 5
    t = Circle(centre=(mm(24 + 38.1), mm(12.5)), diameter=3)
    assert touched(t, bases) == [0, 1, 2, 3, 4]
    # no placement along the line touches six
    most = max(len(touched(Circle(centre=(mm(x / 10), mm(12.5)), diameter=3), bases)) for x in range(0, 2500, 7))
    assert most == 5


def test_line_template_hits_in_order_and_capsule_sweeps():
    bases = [box(x, 0, x + 1, 1) for x in (8, 2, 5)]
    line = Line(start=(0, 0.5), end=(20, 0.5))
    assert line.hits_in_order(bases) == [1, 2, 0]
    assert not Line(start=(0, 2), end=(20, 2)).touches(bases[0])
    sweep = Capsule(start=(0, 2.4), end=(10, 2.4), diameter=3)
    assert touched(sweep, bases) == [0, 1, 2]
    assert touched(Capsule(start=(0, 2.4), end=(4, 2.4), diameter=3), bases) == [1]


# -- terrain and the table ------------------------------------------------------------------------
def test_terrain_categories_fractions_and_edges():
    forest = TerrainFeature(name="Wood", kind="forest", points=[(10, 10), (20, 10), (20, 18), (10, 18)],
                            categories=["soft_cover"])
    wall = TerrainFeature(name="Wall", kind="wall", line=[(30, 30), (40, 30)], categories=["hard_cover"])
    table = Table(terrain=[forest, wall])
    unit = block(4, 8, x=10, y=14)  # half of it in the wood
    assert table.area_fraction(unit.shape, "forest") == pytest.approx(0.5)
    assert table.area_fraction(unit.shape, "soft_cover") == pytest.approx(0.5)
    assert table.feature_at((35, 30)).name == "Wall" and table.feature_at((35, 31)) is None
    assert set(table.edges()) == {"south", "north", "west", "east"}
    edge_unit = block(4, 8, x=1, y=24)
    assert table.off_table_fraction(edge_unit.shape) == pytest.approx(0.25)
    assert table.touches_edge(edge_unit.shape) and not table.fully_on(edge_unit.shape)
    with pytest.raises(ValueError, match="crosses itself"):
        TerrainFeature(name="Bad", kind="hill", points=[(0, 0), (1, 1), (1, 0), (0, 1)])
    with pytest.raises(ValueError, match="either points"):
        TerrainFeature(name="Bad", kind="hill")


# -- sight and cover (E-20) ------------------------------------------------------------------------
def _range():
    shooters = block(5, 10, x=36, y=10)
    target = block(5, 10, x=36, y=30, bearing=180)
    return shooters, target


def test_e20_figure_7_forest_cover():
    shooters, target = _range()
    # 7a: a blocking feature across the whole field of view: no LoS, no shot
    assert not has_line_of_sight(shooters, target, [Obstacle(box(0, 18, 72, 20))])
    origin = shooters.world((0, shooters.half_depth))
    # 7b: LoS, a forest hiding less than half the footprint: no cover
    woods = Obstacle(box(20, 26, 35.2, 34), kind="soft")
    assert has_line_of_sight(shooters, target, [])
    cf = cover_fractions(origin, target, [woods])
    assert 0 < cf.f_soft < 0.5 and cf.cover == "none"
    # 7c: more than half hidden by a forest: soft cover
    cf = cover_fractions(origin, target, [Obstacle(box(20, 26, 37, 34), kind="soft")])
    assert cf.f_soft > 0.5 and cf.cover == "soft"


def test_e20_figure_8_impassable_terrain_cover():
    shooters, target = _range()
    origin = shooters.world((0, shooters.half_depth))
    # 8a: LoS blocked
    assert not has_line_of_sight(shooters, target, [Obstacle(box(0, 15, 72, 16))])
    # 8b: more than half hidden by impassable terrain: hard cover, but LoS stays
    rock = Obstacle(box(30, 20, 37, 22), kind="hard")
    assert has_line_of_sight(shooters, target, [rock])
    cf = cover_fractions(origin, target, [rock])
    assert cf.f_hard > 0.5 and cf.cover == "hard"
    # 8c: less than half hidden: no cover
    cf = cover_fractions(origin, target, [Obstacle(box(30, 20, 35, 22), kind="hard")])
    assert 0 < cf.f_hard < 0.5 and cf.cover == "none"


def test_e20_soft_and_hard_mixed_is_soft_when_together_half():
    shooters, target = _range()
    origin = shooters.world((0, shooters.half_depth))
    # a little under half behind a wall (hard), a little under half in a wood (soft)
    cf = cover_fractions(origin, target, [Obstacle(box(33, 28, 35.7, 32), kind="hard"),
                                          Obstacle(box(35.7, 28, 37.8, 32), kind="soft")])
    assert cf.f_hard < 0.5 and cf.f_soft < 0.5 and cf.f_any >= 0.5 and cf.cover == "soft"


def test_cover_at_exactly_one_half_each_threshold_as_the_seed_words_it():
    """§10.5 and §18.4 at exactly half the footprint hidden: "metà o più" (Soft, Hard cover,
    a Hill to a unit partly on it) gives cover, "più della metà" (a Hill to a unit completely
    off it, seed 001:2888-2889) does not."""
    shooters, target = _range()
    origin = shooters.world((0, shooters.half_depth))  # x 36, the target's middle
    half = box(20, 20, 36, 22)  # everything left of the line x = 36: exactly half the samples
    cf = cover_fractions(origin, target, [Obstacle(half, kind="hard")])
    assert cf.f_hard == 0.5 and cf.cover == "hard"
    cf = cover_fractions(origin, target, [Obstacle(half, kind="soft")])
    assert cf.f_soft == 0.5 and cf.cover == "soft"
    cf = cover_fractions(origin, target, [Obstacle(half, kind="soft", enterable=True, alone="half")])
    assert cf.f_soft == 0.5 and cf.cover == "soft"
    cf = cover_fractions(origin, target, [Obstacle(half, kind="hard", enterable=True, alone="more")])
    assert cf.f_hard == 0 and cf.cover == "none"
    # a little more than half: Hard
    cf = cover_fractions(origin, target, [Obstacle(box(20, 20, 36.3, 22), kind="hard", enterable=True,
                                                   alone="more")])
    assert cf.f_hard > 0.5 and cf.cover == "hard"
    # short of its own share an obstacle is no cover item, not even part of a mix
    mix = [Obstacle(box(20, 20, 35.8, 22), kind="hard", enterable=True, alone="more"),
           Obstacle(box(35.8, 20, 36.6, 22), kind="soft")]
    assert cover_fractions(origin, target, [replace(mix[0], alone=""), mix[1]]).cover == "soft"  # counted: a mix
    cf = cover_fractions(origin, target, mix)
    assert cf.f_hard == 0 and 0 < cf.f_soft < 0.5 and cf.cover == "none"


def test_sight_stays_in_the_front_arc_and_taller_bases_block():
    shooters, _ = _range()
    behind = block(5, 10, x=36, y=2, bearing=0)
    assert not has_line_of_sight(shooters, behind, [])
    beside = block(2, 2, x=50, y=10)  # off the flank
    assert not has_line_of_sight(shooters, beside, [])
    target = block(5, 10, x=36, y=30, bearing=180)
    monster = Obstacle(box(20, 19, 52, 21), kind="blocking", height=3, owner="monster")
    assert not has_line_of_sight(shooters, target, [monster], heights=(1, 1))
    assert has_line_of_sight(shooters, target, [monster], heights=(1, 3))  # the target is as tall
    assert has_line_of_sight(shooters, target, [monster], heights=(1, 1), exclude={"monster"})
    # a round base sees all around
    gun = footprint(Formation(base_width_mm=60, base_depth_mm=60, files=1, models=1, round_base=True),
                    Pose(x=36, y=10))
    assert has_line_of_sight(gun, behind, [])


# -- motion ---------------------------------------------------------------------------------------
def test_e17_wheel_distances_outer_front_and_rear_corners():
    """E-17 (derived check): the outer front corner travels θ·W, the outer rear corner ends
    2·√(W²+D²)·sin(θ/2) from its start."""
    fp = block(5, 25)  # 5" wide, 5" deep
    theta = 9 / 5  # radians: 9" at the outer corner
    r = run_move(fp, [Step("wheel", math.degrees(theta), "left")])
    assert r.length == pytest.approx(9.0)
    assert r.max_displacement == pytest.approx(2 * math.hypot(5, 5) * math.sin(theta / 2))
    assert r.max_displacement > 10  # the blue unit: 9" counted, yet a rear model ends > 10" away
    shallow = block(10, 10)  # the yellow unit: a 10" wheel, no model beyond 10"
    r = run_move(shallow, [Step("wheel", math.degrees(1.0), "right")])
    assert r.length == pytest.approx(10.0) and r.max_displacement <= 10
    # the green unit: two wheels and forward moves adding to 10"
    r = run_move(shallow, [Step("wheel", 20, "left"), Step("forward", 10 - 2 * wheel_arc(shallow, 20)),
                           Step("wheel", 20, "right")])
    assert r.length == pytest.approx(10.0) and r.max_displacement <= 10 + 1e-9


def test_wheel_keeps_the_inner_front_corner_still():
    fp = block(4, 8, x=20, y=20, bearing=30)
    for side, corner in (("left", "front_left"), ("right", "front_right")):
        r = run_move(fp, [Step("wheel", 45, side)])
        assert r.footprint.corners[corner] == pytest.approx(fp.corners[corner])
    assert run_move(fp, [Step("wheel", 45, "left")]).footprint.bearing == pytest.approx(345)


def test_straight_moves_and_clearance():
    fp = block(5, 10, x=36, y=10)
    r = run_move(fp, [Step("forward", 6)])
    assert r.footprint.centre == pytest.approx((36, 16)) and r.length == 6 and r.max_displacement == pytest.approx(6)
    assert run_move(fp, [Step("left", 2)]).footprint.centre == pytest.approx((34, 10))
    assert run_move(fp, [Step("back", 2)]).footprint.centre == pytest.approx((36, 8))
    table = Table()
    enemy = block(5, 10, x=36, y=20, bearing=180)
    around = Surroundings(others={"e": enemy}, table=table, names={"e": "Goblins"})
    assert check_path(run_move(fp, [Step("forward", 6)]), around) is None  # 2" short of them
    problem = check_path(run_move(fp, [Step("forward", 7.5)]), around)
    assert problem == 'at the end the unit would come 0.50" from Goblins (at least 1" needed)'
    assert check_path(run_move(fp, [Step("forward", 14)]), around) == (
        'on the way the unit would come 0.40" from Goblins (at least 0.5" needed)')  # the first sampled breach
    assert check_path(run_move(fp, [Step("back", 9.5)]), around) == (
        "at the end the unit would end partly off the table (it would reach x 33.5 to 38.5, y -0.5 to 1.5; the table "
        "is x 0 to 72, y 0 to 48)")
    rocks = TerrainFeature(name="Rocks", kind="impassable", points=[(30, 14), (42, 14), (42, 15), (30, 15)])
    around = Surroundings(others={}, table=Table(terrain=[rocks]), impassable=Table(terrain=[rocks]).impassable())
    assert "impassable terrain" in check_path(run_move(fp, [Step("forward", 3)]), around)


def test_reform_about_the_centre_and_its_bottleneck_displacement():
    fp = block(5, 20, x=30, y=30)
    wide = reformed(fp, 10, 0)
    assert wide.centre == pytest.approx(fp.centre) and wide.formation.ranks == 2
    assert reform_displacement(fp, fp) == pytest.approx(0)
    about_face = reformed(fp, 5, 180)
    assert reform_displacement(fp, about_face) == pytest.approx(0)  # every slot is still filled
    assert reform_displacement(fp, wide) == pytest.approx(2.5)  # the outer files step 2.5" sideways
    cost, match = bottleneck_assignment([(0, 0), (0, 1), (0, 2)], [(5, 2), (5, 0), (5, 1)])
    assert cost == pytest.approx(5) and match == [1, 2, 0]


# -- scatter and random bearings -----------------------------------------------------------------
def test_e03_scatter_die_faces():
    assert [is_hit(f) for f in (1, 6, 3)] == [True, True, False]
    assert scatter_face(3, 4, 90, (10, 10)) == pytest.approx((14, 10))
    assert scatter_face(6, 4, 90, (10, 10)) == (10, 10)


def test_scatter_and_bearings_come_from_the_seeded_rng_and_replay():
    a, b = Rng.from_seed(11), Rng.from_seed(11)
    first = [scatter((0, 0), 5, a) for _ in range(30)]
    again = [scatter((0, 0), 5, b) for _ in range(30)]
    assert [s.end for s in first] == [s.end for s in again]
    hits = [s for s in first if s.hit]
    assert all(s.roll.total in (1, 6) and s.end == (0, 0) for s in hits)
    assert all(math.dist(s.end, (0, 0)) == pytest.approx(5) for s in first if not s.hit)
    rng = Rng.from_seed(5)
    bearings = [random_bearing(rng) for _ in range(400)]
    assert all(0 <= x < 360 for x in bearings)
    assert {int(x // 90) for x in bearings} == {0, 1, 2, 3}


def test_shapes_are_moved_exactly_as_shapely_moves_them():
    """frame.transformed / rotated / translated (the charge solver's and the footprints' moves,
    without shapely's Python-level wrappers) give the very coordinates shapely's affinity gives,
    for a base, a round base, a hull and bases with a gap, and leave the shape moved unchanged:
    the charge paths and placements they decide are the ones they were."""
    import random

    import shapely
    from shapely import affinity
    from shapely.geometry import Point as ShapelyPoint

    from engine.table.frame import rotated, transformed, translated

    rnd = random.Random(7)
    shapes = [box(-1.2, -0.5, 3.1, 2.25), ShapelyPoint(1.5, -2).buffer(1.3),
              shapely.MultiPoint([(rnd.uniform(-5, 5), rnd.uniform(-5, 5)) for _ in range(9)]).convex_hull,
              box(0, 0, 1, 1).union(box(1.5, 0, 2.5, 1)), ShapelyPoint(0, 0).buffer(4).difference(box(-1, -1, 1, 1))]
    for _ in range(200):
        for shape in shapes:
            kept = shape.wkb
            m = [rnd.uniform(-1, 1) for _ in range(4)] + [rnd.uniform(-50, 50) for _ in range(2)]
            assert transformed(shape, m).wkb == affinity.affine_transform(shape, m).wkb
            turn, about = rnd.choice([rnd.uniform(-180, 180), 90.0, -90.0, 180.0, 0.0]), (rnd.uniform(-40, 40), rnd.uniform(-40, 40))
            assert rotated(shape, turn, about).wkb == affinity.rotate(shape, turn, origin=about).wkb
            dx, dy = rnd.uniform(-40, 40), rnd.uniform(-40, 40)
            assert translated(shape, dx, dy).wkb == affinity.translate(shape, dx, dy).wkb
            assert shape.wkb == kept
