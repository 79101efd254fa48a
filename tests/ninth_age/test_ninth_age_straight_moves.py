"""The three moves that go straight ahead until something stops them, pinned on varied layouts:
the failed charge move (§8.7, seed "Carica Fallita": "Ruotare l'Unità in modo che un movimento in
avanti porti il centro dell'Unità verso il centro del bersaglio designato, quindi muovere in
avanti. Da notare che questo non è un Movimento di Carica e quindi la regola che bisogna mantenere
la distanza minima di 1\" tra Unità non viene ignorata"), the pursuit / overrun / Random Movement
move (§11.13, seed "riportare l'Unità all'ultima posizione legale dove si trovava a 1” di distanza
da altre Unità"; §22 "non possono uscire dai bordi del tavolo") and the Random Movement character's
join move (§22, "portandosi a contatto con esse durante la sotto-fase Movimenti Obbligatori").
Where each stops and what each says, then properties over random layouts: after any accepted move
the unit is at least 1" from every other unit and Impassable terrain unless it charged (engaged),
and the stop point is never past an obstacle (the way from start to end crosses none)."""

import math

import pytest
from hypothesis import HealthCheck, assume, example, given, settings, strategies as st

from bot.i18n import event_text, say
from engine.rulesets.ninth_age import charges, combat, random_moves
from engine.table.contact import distance
from engine.table.terrain import TerrainFeature

from game_helpers import scenario
from loaded_dice import load

ROCK = "Rock"


def _layout(placements, rock=None, **options):
    state = scenario(placements, terrain="open", **options)
    if rock:
        state.table.terrain.append(TerrainFeature(name=ROCK, kind="impassable", points=rock))
    return state


def _rock_distance(state, fp):
    return fp.shape.distance(state.table.impassable())


def _gaps(state, uid):
    fp = state.units[uid].footprint()
    return {k: distance(fp, u.footprint()) for k, u in state.units.items() if u.on_table and k != uid}


def _fail(placements, go, who="Spearmen", rock=None):
    state = _layout(placements, rock, step="charges")
    events = []
    charges._failed(state, state.units[who], state.units["Brutes"], [1, go], events, why="short")
    return state, [e.text for e in events]


def _moved(state, uid, start):
    x, y = state.units[uid].footprint().centre
    return math.hypot(x - start[0], y - start[1])


# --- the failed charge move (§8.7) -------------------------------------------------------------

def test_a_failed_charge_turns_to_the_target_and_moves_the_highest_die_on_an_open_table():
    state, log = _fail({"Spearmen": (30, 10, 30, 6), "Brutes": (30, 40, 180)}, 4)
    spear = state.units["Spearmen"]
    assert spear.pose.bearing == pytest.approx(0) and spear.footprint().centre == pytest.approx((30, 14))
    assert log == ["Spearmen's charge fails (short): they turn toward Brutes and move 4.0\" of 4\" (the highest die), "
                   "then may not move or shoot this turn."]  # the whole die: nothing stopped it short
    assert state.last_moves[-1]["kind"] == "failed charge"


def test_a_failed_charge_stops_1_inch_from_its_target():
    state, log = _fail({"Spearmen": (30, 10, 0, 6), "Brutes": (30, 20, 180)}, 6)
    # exactly 1" (it stopped 1.06" away, a 0.1" step short: 5.4" of 6")
    assert _gaps(state, "Spearmen")["Brutes"] == pytest.approx(1.0, abs=1e-6)
    assert "move 5.5\" of 6\"" in log[0]


def test_a_failed_charge_stops_1_inch_before_a_friend_in_its_way():
    state, log = _fail({"Spearmen": (30, 10, 0, 6), "Brutes": (30, 40, 180), "Marshal": (30, 16, 0)}, 6)
    assert _gaps(state, "Spearmen")["Marshal"] == pytest.approx(1.0, abs=1e-6)
    assert "move 2.6\" of 6\"" in log[0]
    # it says what stopped it short (the console showed "moves 0.1\" of 5\"" and no reason)
    assert log[0].endswith("They stopped short: moving forward, they would come closer than 0.5\" to Marshal.")


def test_a_failed_charge_stops_1_inch_before_impassable_terrain():
    state, log = _fail({"Spearmen": (30, 10, 0, 6), "Brutes": (30, 40, 180)}, 6,
                       rock=[(25, 17), (35, 17), (35, 19), (25, 19)])
    assert _rock_distance(state, state.units["Spearmen"].footprint()) == pytest.approx(1.0, abs=1e-6)
    assert log[0].endswith("move 4.0\" of 6\" (the highest die), then may not move or shoot this turn. They stopped "
                           "short: moving forward, they would come closer than 0.5\" to Rock.")


def test_a_failed_charge_never_jumps_through_thin_impassable_terrain():
    # "non è un Movimento di Carica e quindi la regola che bisogna mantenere la distanza minima di
    # 1\" tra Unità non viene ignorata": a 0.5" deep rock 2.5" ahead stops the Pistoliers 1" short
    # of it (stepping 0.1" and keeping any legal sample, they landed 6" on, past the rock)
    rock = [(25, 13.5), (35, 13.5), (35, 14), (25, 14)]
    state, log = _fail({"Pistoliers": (30, 10, 0), "Brutes": (30, 40, 180)}, 6, who="Pistoliers", rock=rock)
    fp = state.units["Pistoliers"].footprint()
    assert fp.shape.bounds[3] < 13.5 and _rock_distance(state, fp) == pytest.approx(1.0, abs=1e-6)
    assert "move 1.5\" of 6\"" in log[0]


def test_a_failed_charge_with_no_legal_place_stays_where_it_is():
    # a friend 0.5" ahead: the start breaks the 1" rule and every step forward comes closer
    start_y = 10
    state, log = _fail({"Spearmen": (30, start_y, 0, 6), "Brutes": (30, 40, 180),
                        "Marshal": (30, start_y + 1.97 + 0.5 + 0.4, 0)}, 6)
    assert state.units["Spearmen"].footprint().centre == pytest.approx((30, start_y))
    assert log == ["Spearmen's charge fails (short). They may not make the failed charge move and stay where they are: "
                   "turned toward the centre of Brutes, the unit would come 0.51\" from Marshal (at least 1\" needed); "
                   "moving forward, they would come closer than 0.5\" to Marshal; a failed charge is not "
                   "a charge, so the 1\" rule holds (§8.7)."]


# The pivot of a failed charge (the seed: "Ruotare l'Unità in modo che un movimento in avanti porti il
# centro dell'Unità verso il centro del bersaglio designato") is part of a move that is no charge:
# the seed says nothing of what it may turn into, so the general rule holds: no unit goes into
# another unit or Impassable terrain, and during a move it keeps ½" from them (the 1" rule, §6.3),
# unless it already stood closer. A pivot that would break that is not made: the unit stays.
# The Spearmen (4.7" wide, 3.9" deep) face north; the Brutes due east: the pivot turns them 90°,
# so their flank reaches 0.39" farther north than their front did.

def _pivoting(gap, rock=False):
    front = 10 + 1.968503937007874
    placements = {"Spearmen": (30, 10, 0, 6), "Brutes": (50, 10, 270)}
    if rock:
        return _fail(placements, 6, rock=[(28, front + gap), (32, front + gap), (32, front + gap + 1),
                                          (28, front + gap + 1)])
    return _fail({**placements, "Marshal": (30, front + gap + 0.3937007874015748, 0)}, 6)


def test_a_failed_charge_does_not_pivot_into_a_unit():
    state, log = _pivoting(0.2)  # 0.2" from the Marshal: the pivot would go 0.19" into him
    spear = state.units["Spearmen"]
    assert (spear.pose.x, spear.pose.y, spear.pose.bearing) == (30, 10, 0)  # it stays as it stands
    assert log == ["Spearmen's charge fails (short). They may not make the failed charge move and stay where they are: "
                   "turned toward the centre of Brutes, the unit would overlap Marshal; a failed charge is not a "
                   "charge, so the 1\" rule holds (§8.7)."]


def test_a_failed_charge_does_not_pivot_within_half_an_inch_of_a_unit_it_stood_farther_from():
    state, log = _pivoting(0.6)  # 0.6" off: turned, 0.21"
    spear = state.units["Spearmen"]
    assert (spear.pose.x, spear.pose.y, spear.pose.bearing) == (30, 10, 0)
    assert "turned toward the centre of Brutes, the unit would come 0.21\" from Marshal (at least 0.5\" needed)" in log[0]
    # farther off, the pivot keeps ½" and the move goes on east until 1" from everything
    state, log = _pivoting(0.9)  # turned, 0.51"
    spear = state.units["Spearmen"]
    assert spear.pose.bearing == pytest.approx(90) and "move 6.0\" of 6\"" in log[0]


def test_a_failed_charge_does_not_pivot_into_impassable_terrain():
    state, log = _pivoting(0.2, rock=True)
    spear = state.units["Spearmen"]
    assert (spear.pose.x, spear.pose.y, spear.pose.bearing) == (30, 10, 0)
    assert "turned toward the centre of Brutes, the unit would enter Rock at (" in log[0]


def test_a_failed_charge_that_cannot_move_names_the_feature_move_ahead_met_and_why():
    # what stops it is what motion.move_ahead reports (it probed a tenth of an inch past the stop)
    front = 10 + 1.968503937007874
    state, log = _fail({"Spearmen": (30, 10, 0, 6), "Brutes": (30, 40, 180)}, 6,
                       rock=[(25, front + 0.51), (35, front + 0.51), (35, front + 1), (25, front + 1)])
    assert state.units["Spearmen"].pose.y == 10
    assert "; moving forward, they would come closer than 0.5\" to Rock; a failed charge" in log[0]
    # a cliff all along its flank, 0.7" off: wherever it stops within its 6", it is closer than 1"
    flank = 30 + 2.362204724409449 + 0.7
    state, log = _fail({"Spearmen": (30, 10, 0, 6), "Brutes": (30, 40, 180)}, 6,
                       rock=[(flank, 0), (flank + 1, 0), (flank + 1, 30), (flank, 30)])
    assert state.units["Spearmen"].pose.y == 10
    assert "; moving forward 6.0\", they would still be closer than 1\" to Rock; a failed charge" in log[0]


# --- the pursuit, the overrun and the Random Movement move (§11.13, §22) ------------------------

def _pursue(placements, go, who="Spearmen", bearing=0.0, label="pursuit", rock=None, pivoting=False):
    state = _layout(placements, rock)
    events = []
    combat.pursuit_move(state, state.units[who], bearing, go, events, pivoting=pivoting, label=label)
    return state, [event_text(e) for e in events]


def test_a_pursuit_stops_1_inch_before_impassable_terrain_and_says_so():
    state, log = _pursue({"Spearmen": (30, 10, 0, 6)}, 7, rock=[(25, 17), (35, 17), (35, 19), (25, 19)])
    assert _rock_distance(state, state.units["Spearmen"].footprint()) == pytest.approx(1.0, abs=1e-6)
    assert log[-1].startswith("Spearmen pursue 4.0\" of 7\": impassable terrain stands in the way, so they "
                              "stop at the last place at least 1\" from other units")


def test_a_pursuit_into_a_friend_stops_1_inch_before_it():
    state, log = _pursue({"Spearmen": (30, 10, 0, 6), "Halberdiers": (30, 20, 0)}, 9)
    assert _gaps(state, "Spearmen")["Halberdiers"] == pytest.approx(1.0, abs=1e-6)  # was 1.06", 5.4" of 9"
    assert log[-1].startswith("Spearmen pursue 5.5\" of 9\": Halberdiers stand in the way, so they stop")


def test_a_pursuit_that_meets_an_enemy_charges_it():
    # the seed: "Se questo inseguimento porta l'Unità a contatto di basetta con un'Unità nemica,
    # l'Unità che insegue risulta in carica". Front to front and aligned, it touches the Brutes'
    # front and charges it (stepping 0.1" it ended 0.06" inside them and found "no room to make
    # contact", stopping 1.1" away)
    state, log = _pursue({"Spearmen": (30, 10, 0, 6), "Brutes": (30, 20, 180)}, 9)
    assert log == ["Spearmen pursue into Brutes' front and charge it (no reaction)."]
    # the side in the reader's language (it was put into the sentence in English)
    assert say(log[0], "it") == "Spearmen inseguono contro Brutes (fronte) e lo caricano (nessuna reazione)."
    spear = state.units["Spearmen"]
    assert spear.pursuit_charge and spear.pursuit_target == "Brutes"
    assert _gaps(state, "Spearmen")["Brutes"] == pytest.approx(0.0, abs=1e-6)


def test_random_movement_stops_at_the_table_edge_and_an_overrun_leaves_over_it():
    state, log = _pursue({"Spearmen": (30, 40, 0, 6)}, 9, label="random movement")
    fp = state.units["Spearmen"].footprint()
    assert state.table.fully_on(fp.shape) and state.table.height - fp.shape.bounds[3] == pytest.approx(0, abs=1e-6)
    assert log[-1].startswith("Spearmen move 6.0\" of 9\" (Random Movement): the table edge stands in the way, so they stop")
    state, log = _pursue({"Spearmen": (30, 40, 0, 6)}, 9, label="overrun")
    assert not state.units["Spearmen"].on_table
    assert log[-1].startswith("Spearmen's overrun reaches the table edge: they leave the table")


def test_an_overrun_goes_straight_ahead_and_stops_1_inch_before_impassable_terrain():
    # "Lo Sfondamento segue le regole per il Movimento delle Unità che Inseguono, con l'eccezione
    # che la direzione dell'Inseguimento è sempre in dritto in avanti"
    state, log = _pursue({"Spearmen": (30, 10, 30, 6)}, 9, bearing=30, label="overrun",
                         rock=[(30, 20), (40, 16), (44, 24), (36, 30)])
    spear = state.units["Spearmen"]
    assert spear.pose.bearing == 30
    assert _rock_distance(state, spear.footprint()) == pytest.approx(1.0, abs=1e-6)
    assert log[-1].startswith("Spearmen overrun ") and "impassable terrain stands in the way, so they stop" in log[-1]


def test_a_pursuit_over_open_ground_goes_the_full_distance():
    state, log = _pursue({"Spearmen": (30, 10, 0, 6)}, 7, bearing=90, pivoting=True)
    assert state.units["Spearmen"].footprint().centre == pytest.approx((37, 10))
    assert log[-1] == "Spearmen pursue 7.0\" of 7\"."


# --- the Random Movement character's join move (§22) ----------------------------------------------

def _join(placements, dice, rock=None):
    state = _layout(placements, rock, step="charges")
    for uid in ("Marshal", "War Hounds"):
        unit = state.units[uid]
        entry = state.unit_entry(unit)
        state.armies[unit.owner].units[unit.entry] = entry.model_copy(
            update={"special_rules": entry.special_rules + ["Random Movement (2D6)"]})
    before = {k: u.footprint().shape for k, u in state.units.items() if u.on_table and k != "Marshal"}
    load(state, *dice)
    events = []
    random_moves._join_move(state, state.units["Marshal"], state.units["War Hounds"], events)
    return state, [e.text for e in events]


HOUND_REAR = 14 - 3.937 / 2  # War Hounds 3 wide, 2 ranks of 50 mm bases, centred at y 14
MARSHAL_FRONT = 4 + 0.787 / 2


def test_a_random_movement_character_reaching_its_host_joins_it_saying_how_far_it_went():
    state, log = _join({"Marshal": (30, 4, 0), "War Hounds": (30, 14, 0, 3)}, (4, 4))
    marshal = state.units["Marshal"]
    assert marshal.location == "joined" and marshal.host == "War Hounds"
    assert log[1].startswith("Marshal moves 7.6\" of 8\" into contact with War Hounds and joins it")
    (x0, y0), (x1, y1) = state.last_moves[-1]["path"]
    # it stops where it touches them (stepping 0.1", it stopped up to 0.1" short)
    assert (x0, y0) == (30, 4) and x1 == pytest.approx(30) and y1 - 4 == pytest.approx(HOUND_REAR - MARSHAL_FRONT,
                                                                                          abs=1e-3)


def test_a_random_movement_character_short_of_its_host_moves_that_way_1_inch_from_it():
    state, log = _join({"Marshal": (30, 4, 0), "War Hounds": (30, 14, 0, 3)}, (3, 4))
    assert state.units["Marshal"].location == "table"
    assert log[1] == "Marshal does not reach War Hounds (7\"): it moves that way and does not join it."
    assert log[2].startswith("Marshal moves 6.6\" of 7\" (Random Movement): farther on it would end within 1\"")
    assert _gaps(state, "Marshal")["War Hounds"] == pytest.approx(1.0, abs=1e-6)


@pytest.mark.parametrize("blocker", ["unit", "rock"])
def test_a_random_movement_character_does_not_join_through_a_unit_or_impassable_terrain(blocker):
    extra, rock = ({"Captain": (30, 8, 0)}, None) if blocker == "unit" else \
        ({}, [(25, 7), (35, 7), (35, 7.5), (25, 7.5)])
    state, log = _join({"Marshal": (30, 4, 0), "War Hounds": (30, 14, 0, 3), **extra}, (4, 4), rock)
    assert state.units["Marshal"].location == "table" and state.units["Marshal"].host is None
    assert log[1] == "Marshal does not reach War Hounds (8\"): it moves that way and does not join it."
    what = "Captain stands" if blocker == "unit" else "impassable terrain stands"
    assert log[2].startswith(f"Marshal moves 1.6\" of 8\" (Random Movement): {what} in the way, so it stops")


# --- properties over random layouts -----------------------------------------------------------

PROPERTY = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                           HealthCheck.filter_too_much])
XS, YS = st.floats(4, 68), st.floats(4, 44)
BEARINGS = st.sampled_from([0.0, 30.0, 90.0, 135.0, 200.0, 270.0, 333.0])
ROCKS = st.tuples(st.floats(5, 67), st.floats(5, 43), st.floats(0.3, 4), st.floats(0.3, 4))


def _rock(r):
    x, y, w, h = r
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


def _legal_start(state, uid, rock_points):
    """Every unit on the table, no two within 1" and none within 1" of the rock."""
    fps = {k: u.footprint() for k, u in state.units.items() if u.on_table}
    if not all(state.table.fully_on(fp.shape) for fp in fps.values()):
        return False
    keys = sorted(fps)
    if any(distance(fps[a], fps[b]) < 1.0 for i, a in enumerate(keys) for b in keys[i + 1:]):
        return False
    return all(_rock_distance(state, fp) >= 1.0 for fp in fps.values())


def _check_way(state, uid, turned, end, *, legal_end=True):
    """The way from ``turned`` (after any pivot, which ignores obstacles) straight to ``end``
    crosses no unit and no Impassable terrain but those the pivot left it standing on, and
    ``end`` keeps the 1" rule (fully on the table)."""
    swept = turned.shape.union(end.shape).convex_hull
    rock = state.table.impassable()
    for k, u in state.units.items():
        if u.on_table and k != uid and turned.shape.intersection(u.footprint().shape).area <= 1e-9:
            assert swept.intersection(u.footprint().shape).area <= 1e-6, f"{uid} passed through {k}"
    if turned.shape.intersection(rock).area <= 1e-9:
        assert swept.intersection(rock).area <= 1e-6, f"{uid} passed through the rock"
    if legal_end:
        for k, gap in _gaps(state, uid).items():
            assert gap >= 1 - 1e-3, f"{uid} ended {gap}\" from {k}"
        assert _rock_distance(state, end) >= 1 - 1e-3 and state.table.fully_on(end.shape)


@PROPERTY
@given(at=st.tuples(XS, YS, BEARINGS), target=st.tuples(XS, YS), friend=st.tuples(XS, YS, BEARINGS), rock=ROCKS,
       go=st.integers(1, 6))
@example(at=(30, 10, 0), target=(30, 40), friend=(60, 40, 0), rock=(28, 13.5, 4, 0.5), go=6)  # a thin rock ahead
@example(at=(9.0, 8.0, 0.0), target=(4.0, 13.0), friend=(8.0, 5.0, 0.0), rock=(5.0, 5.0, 1.0, 1.0), go=2)  # the
# pivot leaves it on the Captain and the rock: it moves off them
def test_property_a_failed_charge_never_passes_an_obstacle_and_ends_1_inch_clear(at, target, friend, rock, go):
    from engine.table.frame import bearing_between
    from engine.table.motion import pivot

    placements = {"Pistoliers": at, "Brutes": (*target, 180.0), "Captain": friend}
    state = _layout(placements, _rock(rock), step="charges")
    assume(_legal_start(state, "Pistoliers", rock))
    start = state.units["Pistoliers"].footprint()
    turned = pivot(start, bearing_between(start.centre, state.units["Brutes"].footprint().centre))
    events = []
    charges._failed(state, state.units["Pistoliers"], state.units["Brutes"], [1, go], events, why="short")
    end = state.units["Pistoliers"].footprint()
    assert _moved(state, "Pistoliers", start.centre) <= go + 1e-9
    if end.pose != start.pose:
        _check_way(state, "Pistoliers", turned, end)


@PROPERTY
@given(at=st.tuples(XS, YS, BEARINGS), friend=st.tuples(XS, YS, BEARINGS), enemy=st.tuples(XS, YS, BEARINGS),
       rock=ROCKS, go=st.integers(2, 12), label=st.sampled_from(["random movement", "pursuit"]))
def test_property_a_pursuit_never_passes_an_obstacle_and_ends_1_inch_clear_unless_it_charged(at, friend, enemy, rock,
                                                                                            go, label):
    from engine.rulesets.ninth_age.neighbours import engaged

    state = _layout({"Pistoliers": at, "Halberdiers": friend, "Brutes": enemy}, _rock(rock))
    assume(_legal_start(state, "Pistoliers", rock))
    start = state.units["Pistoliers"].footprint()
    events = []
    combat.pursuit_move(state, state.units["Pistoliers"], at[2], go, events, pivoting=False, label=label)
    unit = state.units["Pistoliers"]
    if not unit.on_table:  # a pursuit over the table edge leaves the table
        assert label == "pursuit" and "table edge" in events[-1].text
        return
    if engaged(state, unit):
        return
    assert _moved(state, "Pistoliers", start.centre) <= go + 1e-9
    end = unit.footprint()
    if end.pose != start.pose:
        _check_way(state, "Pistoliers", start, end)


@PROPERTY
@given(at=st.tuples(XS, YS), host=st.tuples(XS, YS, BEARINGS), other=st.tuples(XS, YS, BEARINGS), rock=ROCKS,
       dice=st.tuples(st.integers(1, 6), st.integers(1, 6)))
@example(at=(6.0, 8.0), host=(5.0, 12.0, 135.0), other=(4.0, 4.0, 0.0), rock=(9.0, 5.0, 1.0, 1.0), dice=(1, 1))
def test_property_a_join_move_reaches_its_host_only_by_a_clear_way(at, host, other, rock, dice):
    from engine.table.frame import bearing_between
    from engine.table.motion import pivot

    placements = {"Marshal": (*at, 0.0), "War Hounds": host, "Captain": other}
    state = _layout(placements, _rock(rock), step="charges")
    assume(_legal_start(state, "Marshal", rock))
    for uid in ("Marshal", "War Hounds"):
        unit = state.units[uid]
        entry = state.unit_entry(unit)
        state.armies[unit.owner].units[unit.entry] = entry.model_copy(
            update={"special_rules": entry.special_rules + ["Random Movement (2D6)"]})
    start = state.units["Marshal"].footprint()
    hounds = state.units["War Hounds"].footprint()
    turned = pivot(start, bearing_between(start.centre, hounds.centre))
    before = {k: u.footprint().shape for k, u in state.units.items() if u.on_table and k != "Marshal"}
    load(state, *dice)
    events = []
    random_moves._join_move(state, state.units["Marshal"], state.units["War Hounds"], events)
    marshal = state.units["Marshal"]
    (x0, y0), (x1, y1) = state.last_moves[-1]["path"]
    assert math.hypot(x1 - x0, y1 - y0) <= sum(dice) + 1e-9
    if marshal.location == "joined":
        contact = turned.at(turned.pose.moved(x1, y1))
        assert distance(contact, hounds) <= 1e-6
        # the way in crosses nothing, the host included (measured as they stood before the join)
        swept = turned.shape.union(contact.shape).convex_hull
        for k, shape in {**before, "rock": state.table.impassable()}.items():
            assert swept.intersection(shape).area <= 1e-6, f"the Marshal joined through {k}"
        assert marshal.host == "War Hounds"
    else:
        end = marshal.footprint()
        if end.pose != start.pose and end.bearing == pytest.approx(turned.bearing):
            _check_way(state, "Marshal", turned, end)
