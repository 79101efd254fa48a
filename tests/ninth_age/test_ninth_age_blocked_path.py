"""Blocked Path (§8.6, seed "Strada Bloccata") and the charge path (§8.5, seed "Movimento di
Carica"), played through /charge, /end and /decide with scripted dice.

The seed: "se un'Unità non è in grado di completare una carica, unicamente a causa di Unità
nemiche non ingaggiate che non poteva caricare normalmente, può compiere un movimento speciale di
carica: muovere l'Unità diritto in avanti fino a trovarsi entro la Distanza di Carica. Se questo
la porta a contatto con il nemico, il nemico si considera caricato. Anziché fare il normale
allineamento, il nemico esegue una Riorganizzazione in Combattimento"; and a charge move: "Durante
il movimento può essere effettuata una sola rotazione/conversione. Questa rotazione non può essere
più di 90°", then the align "attorno al punto in cui è entrata in contatto con il nemico"."""

import pytest

from engine.core.errors import IllegalAction
from engine.rulesets.ninth_age.actions import Charge, EndStep
from engine.table.contact import in_contact, models_in_contact

from game_helpers import RULESET, apply, scenario
from loaded_dice import load

# the War Hounds stand across the Spearmen's front: the Brutes cannot reach it
SCREENED = {"Spearmen": (30, 8, 0, 5), "War Hounds": (30, 12.6, 0, 3), "Brutes": (30, 22, 180, 3)}


def _declared(placements=SCREENED, log=None):
    state = scenario(placements, seat="p2", step="charges", terrain="open")
    return apply(state, Charge(seat="p2", unit="Brutes", target="Spearmen"), {"reaction": "hold"}, log)


def _moved(state, answer, *dice):
    log = []
    load(state, *dice)
    state = apply(state, EndStep(seat="p2"), {"blocked-path": answer}, log)
    return state, [e.text for e in log]


def test_a_charge_stopped_only_by_an_unengaged_enemy_is_declared_and_the_blocked_path_move_charges_it():
    log = []
    state = _declared(log=log)
    assert "Only unengaged enemy units that Brutes may not contact stand in their way (War Hounds): the charge " \
           "stands, and if they stop it, Brutes may make the Blocked Path move, straight forward up to their charge " \
           "range (§8.6)." in [e.text for e in log]
    state, log = _moved(state, "straight", 6, 6)
    assert "Brutes make the Blocked Path move: straight forward 5.9\" (charge range 18\") into War Hounds, which " \
           "counts as charged (§8.6)." in log
    brutes, hounds = state.units["Brutes"], state.units["War Hounds"]
    assert brutes.pose.x == 30 and brutes.pose.bearing == 180  # straight on: no wheel, no turn
    assert brutes.charged and not brutes.failed_charge
    decl = state.charges[0]
    assert (decl.target, decl.blocked_from) == ("War Hounds", "Spearmen")  # the enemy met counts as charged
    # face to face already: the combat reform that replaces the align has nothing to turn
    assert "War Hounds already stand flush with Brutes: no reform is needed (§8.6)." in log
    assert in_contact(brutes.footprint(), hounds.footprint())


def test_instead_of_the_align_the_enemy_met_combat_reforms_its_side_toward_the_charger():
    # turned 20°, 1.28" from the Spearmen behind them (0.18" before n9-audit-melee: a combat reform
    # keeps 1" from units outside its combat, so a reform there had no legal place)
    state = _declared({**SCREENED, "War Hounds": (30, 14.0, 20, 3)})
    state, log = _moved(state, "straight", 6, 6)
    assert any(t.startswith("Brutes make the Blocked Path move") and "into War Hounds" in t for t in log)
    question = next(t for t in log if "combat reform to turn their front to it" in t)
    assert question.startswith("❓ Player 1 — War Hounds were charged by Brutes' Blocked Path move")
    assert any(t.startswith("War Hounds combat reform") and "their front against Brutes (§8.6)." in t for t in log)
    brutes, hounds = state.units["Brutes"], state.units["War Hounds"]
    assert brutes.pose.bearing == 180 and hounds.pose.bearing == pytest.approx(0)  # turned flush, face to face
    assert in_contact(brutes.footprint(), hounds.footprint())


def test_the_player_may_make_the_failed_charge_move_instead():
    state, log = _moved(_declared(), "fail", 6, 6)
    assert any(t.startswith("Brutes' charge fails (there is no room to make contact)") for t in log)
    assert state.units["Brutes"].failed_charge and not state.units["Brutes"].charged
    assert state.charges[0].target == "Spearmen"


def test_a_roll_short_of_the_target_is_a_failed_charge_with_no_blocked_path_question():
    state, log = _moved(_declared(), "straight", 1, 1)
    assert not any("Blocked Path" in t for t in log)
    assert any(t.startswith("Brutes' charge fails (10\" is short of 10.1\")") for t in log)  # Order a Charge: 4 + 6


def test_a_blocked_path_move_meeting_no_enemy_counts_as_a_failed_charge():
    # the move itself, straight on from where the Brutes stand after the declaration: turned
    # east they meet no enemy within their 18" and the charge is not completed
    from engine.rulesets.ninth_age.charges import blocked_path_move
    from engine.table.footprint import Pose

    state = _declared()
    brutes = state.units["Brutes"]
    brutes.pose = Pose(x=30, y=22, bearing=90)
    events = []
    blocked_path_move(state, state.charges[0], brutes, state.units["Spearmen"], 18, [6, 6], events)
    line = events[-1].text
    assert line.startswith("Brutes make the Blocked Path move: straight forward 18.0\" of 18\" and meet no enemy")
    assert line.endswith("The charge is not completed: it counts as failed, and Brutes may not move again or shoot "
                         "this turn (§8.6, §8.7).")
    assert brutes.failed_charge and not brutes.charged and brutes.pose.x == pytest.approx(48)
    # a friend straight ahead stops it short, named
    state = _declared()
    brutes = state.units["Brutes"]
    brutes.pose = Pose(x=30, y=22, bearing=90)
    from game_helpers import place

    place(state, "Trolls", 42, 22, 270, 3)
    events = []
    blocked_path_move(state, state.charges[0], brutes, state.units["Spearmen"], 18, [6, 6], events)
    assert "meet no enemy (Trolls stops it)" in events[-1].text and brutes.failed_charge


def test_a_friend_in_the_way_is_no_blocked_path_and_the_charge_is_refused_naming_it():
    # the Trolls are the Brutes' own: only enemy units give a Blocked Path (the seed: "Unità nemiche")
    placements = {"Spearmen": (30, 8, 0, 5), "Trolls": (30, 13.2, 180, 3), "Brutes": (30, 24, 180, 3)}
    state = scenario(placements, seat="p2", step="charges", terrain="open")
    with pytest.raises(IllegalAction, match="the way there goes through Trolls") as err:
        RULESET.apply(state, Charge(seat="p2", unit="Brutes", target="Spearmen"))
    assert "Blocked Path" not in str(err.value)


def test_an_engaged_enemy_in_the_way_is_no_blocked_path():
    # the War Hounds fight the Trolls: an engaged unit does not give a Blocked Path ("non ingaggiate")
    placements = {**SCREENED, "Trolls": (38, 12.6, 270, 3)}
    state = scenario(placements, seat="p2", step="charges", terrain="open")
    hounds = state.units["War Hounds"].footprint()
    from engine.table.footprint import Pose
    trolls = state.units["Trolls"]
    fp = trolls.footprint()
    trolls.pose = Pose(x=hounds.rect.bounds[2] + fp.half_depth, y=12.6, bearing=270)
    with pytest.raises(IllegalAction, match="(has|have) no room to reach Spearmen's front"):
        RULESET.apply(state, Charge(seat="p2", unit="Brutes", target="Spearmen"))


# -- the Blocked Path move goes straight on to the exact place it stops (motion.move_ahead) ----------

def _heading_east(**units):
    """The Brutes' declared charge, then the Brutes turned east at (30, 22), the named units placed."""
    from engine.table.footprint import Pose
    from game_helpers import place

    state = _declared()
    brutes = state.units["Brutes"]
    brutes.pose = Pose(x=30, y=22, bearing=90)
    for uid, where in units.items():
        place(state, uid, *where)
    return state, brutes


def _blocked_move(state, brutes, total=18):
    from engine.rulesets.ninth_age.charges import blocked_path_move

    events = []
    blocked_path_move(state, state.charges[0], brutes, state.units["Spearmen"], total, [6, 6], events)
    return next(e.text for e in events if "Blocked Path move" in e.text)


def test_the_blocked_path_move_stops_against_a_friend_an_impassable_rock_and_the_table_edge_exactly():
    from engine.table.terrain import TerrainFeature

    state, brutes = _heading_east(Trolls=(42.3, 22, 270, 3))
    front = brutes.footprint().shape.bounds[2]
    trolls = state.units["Trolls"].footprint()
    line = _blocked_move(state, brutes)
    assert "meet no enemy (Trolls stops it)" in line and brutes.failed_charge
    assert brutes.footprint().shape.distance(trolls.shape) == pytest.approx(0, abs=1e-6)  # touching, not short
    assert brutes.footprint().shape.bounds[2] - front == pytest.approx(trolls.shape.bounds[0] - front, abs=1e-6)
    state, brutes = _heading_east()
    state.table.terrain = [t for t in state.table.terrain if t.kind != "impassable"]
    state.table.terrain.append(TerrainFeature(name="Crag", kind="impassable",
                                              points=[(40.37, 15), (41, 15), (41, 30), (40.37, 30)]))
    line = _blocked_move(state, brutes)
    assert "meet no enemy (Crag stops it)" in line  # the feature named (it said 'impassable terrain')
    assert brutes.footprint().shape.bounds[2] == pytest.approx(40.37, abs=1e-6)
    state, brutes = _heading_east()
    brutes.pose = brutes.pose.moved(state.table.width - 10, 22, 90)
    line = _blocked_move(state, brutes)
    assert "meet no enemy (the table edge stops it)" in line
    assert brutes.footprint().shape.bounds[2] == pytest.approx(state.table.width, abs=1e-6)


def test_the_blocked_path_move_ends_in_base_contact_with_the_enemy_it_meets():
    # stepping 0.1" and counting an enemy within 0.02" as met, a gap of 3.015" left the Brutes
    # 0.015" short of the Knights (more than the 0.01" that counts as touching) yet charging them
    state, brutes = _heading_east()
    front = brutes.footprint().shape.bounds[2]
    from game_helpers import place

    knights = place(state, "Knights", 0, 22, 270)
    half = knights.footprint().half_depth
    knights.pose = knights.pose.moved(front + 3.015 + half, 22, 270)
    line = _blocked_move(state, brutes)
    assert "into Knights, which counts as charged" in line
    assert state.charges[0].target == "Knights" and brutes.charged
    assert brutes.footprint().shape.distance(state.units["Knights"].footprint().shape) == pytest.approx(0, abs=1e-6)
    assert in_contact(brutes.footprint(), state.units["Knights"].footprint())


def test_the_blocked_path_question_names_the_unit_on_the_charge_path_not_the_whole_enemy_army():
    # played (n9-play): the Knights, pursuing, stood behind the fleeing Wolf Riders and charged the
    # Giant beside them; the question named "Boar Riders, Brute Bulls, Brutes, Sabre Beasts, ...",
    # every unengaged enemy on the table, as standing in the way (the declaration named the Wolf Riders)
    placements = {"Knights": (64.236068, 21.472136, 26.565051, 4), "Giant": (62, 28, 180),
                  "Wolf Riders": (66.606873, 26.213746, 26.565051, 2),
                  "Brutes": (20, 40, 180, 3), "Trolls": (40, 44, 180, 3)}
    state = scenario(placements, seat="p1", step="charges", terrain="standard")
    riders = state.units["Wolf Riders"]
    riders.fleeing, riders.models = True, 2
    riders.formation = riders.formation.model_copy(update={"models": 2})
    log = []
    state = apply(state, Charge(seat="p1", unit="Knights", target="Giant"), {"reaction": "hold"}, log)
    assert any("stand in their way (Wolf Riders)" in e.text for e in log), [e.text for e in log]
    log = []
    load(state, 6, 6, 6)
    state = apply(state, EndStep(seat="p1"), {"blocked-path": "fail"}, log)
    question = next(e.text for e in log if "cannot complete their charge on Giant" in e.text)
    assert "only Wolf Riders stand in the way" in question, question


# -- an incomplete last rank: its empty slots are part of the unit, no room to move into -------------
#
# 12 Spearmen 5 wide stand facing north at (30, 24): 3 ranks, the last of 2 models (files 1 and 2,
# x 28.82-30.39), its other slots empty (file 0, x 28.03-28.82; files 3 and 4, x 30.39-31.97). The
# unit's rectangle reaches from y 22.82 (its rear edge) to 25.18, x 28.03 to 31.97.

def _short_rank(charger, x, y, bearing, state=None):
    from engine.table.footprint import Pose

    state = state or _declared()
    spearmen = state.units["Spearmen"]
    spearmen.formation = spearmen.formation.model_copy(update={"files": 5, "models": 12})
    spearmen.models = 12
    spearmen.pose = Pose(x=30, y=24, bearing=0)
    state.units["War Hounds"].location = "reserve"
    unit = state.units[charger]
    if charger != "Brutes":
        state.units["Brutes"].location = "reserve"
        state.charges[0].charger = charger
    unit.pose, unit.location = Pose(x=x, y=y, bearing=bearing), "table"
    return state, unit


def _straight_on(state, unit):
    """The Blocked Path move, up to the question its enemy's combat reform asks (if any)."""
    from engine.core.decisions import DecisionNeeded
    from engine.rulesets.ninth_age.charges import blocked_path_move

    events = []
    try:
        blocked_path_move(state, state.charges[0], unit, state.units["Spearmen"], 14, [6, 6], events)
    except DecisionNeeded:
        pass
    return [e.text for e in events]


def _in_rectangle(unit, target):
    return unit.footprint().shape.intersection(target.footprint().rect).area


def test_the_blocked_path_move_does_not_enter_the_empty_slots_of_an_incomplete_last_rank():
    # the Chieftain's 40mm base comes up behind files 3 and 4, where the last rank has no model:
    # it went on into those slots, 0.79" inside the unit, to the models of the second rank
    state, chieftain = _short_rank("Chieftain", 31.2, 14, 0)
    line = next(t for t in _straight_on(state, chieftain) if "Blocked Path move" in t)
    spearmen = state.units["Spearmen"]
    assert _in_rectangle(chieftain, spearmen) == pytest.approx(0, abs=1e-9)  # not inside the unit
    assert chieftain.footprint().shape.bounds[3] == pytest.approx(spearmen.footprint().rect.bounds[1], abs=1e-6)
    assert not models_in_contact(chieftain.footprint(), spearmen.footprint())
    # touching no model, it is not in contact with the enemy: the charge is not completed
    assert chieftain.failed_charge and not chieftain.charged and state.charges[0].target == "Spearmen"
    assert line == "Chieftain makes the Blocked Path move: straight forward 8.0\" of 14\" to an empty slot at the " \
                   "edge of Spearmen's formation: the empty slots of an incomplete last rank are part of the unit, " \
                   "no room to move into, and it touches no base. The charge is not completed: it counts as " \
                   "failed, and Chieftain may not move again or shoot this turn (§8.6, §8.7)."


def test_the_blocked_path_move_into_a_flank_does_not_slide_along_the_empty_slots_of_the_last_rank():
    # heading west along the last rank (y 22.82-23.61), its base reaching below the unit: it went on
    # through the empty slots of files 4 and 3 to the side of file 2's model
    state, chieftain = _short_rank("Chieftain", 42, 22.8, 270)
    _straight_on(state, chieftain)
    spearmen = state.units["Spearmen"]
    assert _in_rectangle(chieftain, spearmen) == pytest.approx(0, abs=1e-9)
    assert chieftain.footprint().shape.bounds[0] == pytest.approx(spearmen.footprint().rect.bounds[2], abs=1e-6)
    assert chieftain.failed_charge and not chieftain.charged


def test_a_blocked_path_move_meeting_the_last_ranks_model_at_the_units_edge_charges_it_touching_and_overlapping_none():
    # the Brutes (3 x 40mm) come up behind files 2 to 4 and beyond: at the unit's rear edge the
    # last rank's model of file 2 stands, and they stop against it
    state, brutes = _short_rank("Brutes", 32, 14, 0)
    line = next(t for t in _straight_on(state, brutes) if "Blocked Path move" in t)
    spearmen = state.units["Spearmen"]
    assert "into Spearmen, which counts as charged (§8.6)." in line
    assert brutes.charged and not brutes.failed_charge
    touching = models_in_contact(brutes.footprint(), spearmen.footprint())
    assert touching and {spearmen.formation.slots()[j] for _i, j in touching} == {(2, 2)}
    assert brutes.footprint().shape.intersection(spearmen.footprint().shape).area == pytest.approx(0, abs=1e-9)
    assert _in_rectangle(brutes, spearmen) == pytest.approx(0, abs=1e-9)


def test_a_game_begun_before_rules_version_7_goes_on_into_the_empty_slots_as_it_did():
    state, chieftain = _short_rank("Chieftain", 31.2, 14, 0)
    state.rules_version = 6  # as a game begun before rules version 7 is rebuilt
    line = next(t for t in _straight_on(state, chieftain) if "Blocked Path move" in t)
    spearmen = state.units["Spearmen"]
    assert "into Spearmen, which counts as charged" in line and chieftain.charged
    assert _in_rectangle(chieftain, spearmen) > 0.5  # 0.79" into the slots, against the second rank
    assert RULESET.new_game_at(7, {}, 7).blocked_path_v7 and not RULESET.new_game_at(7, {}, 6).blocked_path_v7
    assert "a Blocked Path move goes on into the empty slots of a unit's incomplete last rank, to its first model" \
        in str(RULESET.rules_version_line(6))


def test_a_charge_whose_blocked_path_meets_only_the_screens_empty_slots_fails_at_their_edge():
    # played through /charge, /end and /decide: the Brutes, one model wide, charge the Spearmen;
    # the War Hounds (6, five wide, their rear to the Brutes) stand in the way, their last rank a
    # single hound in the middle, and the Brutes' straight path meets only the empty slots beside it
    placements = {"Spearmen": (30, 8, 0, 6), "War Hounds": (30, 12.6, 180, 5), "Brutes": (31.5, 22, 180, 1)}
    state = scenario(placements, seat="p2", step="charges", terrain="open")
    hounds = state.units["War Hounds"]
    hounds.formation, hounds.models = hounds.formation.model_copy(update={"models": 6}), 6
    log = []
    state = apply(state, Charge(seat="p2", unit="Brutes", target="Spearmen"), {"reaction": "hold"}, log)
    assert any("stand in their way (War Hounds)" in e.text for e in log)
    state, log = _moved(state, "straight", 6, 6)
    assert "Brutes make the Blocked Path move: straight forward 2.7\" of 18\" to an empty slot at the edge of War " \
           "Hounds' formation: the empty slots of an incomplete last rank are part of the unit, no room to move " \
           "into, and they touch no base. The charge is not completed: it counts as failed, and Brutes may not " \
           "move again or shoot this turn (§8.6, §8.7)." in log
    brutes, hounds = state.units["Brutes"], state.units["War Hounds"]
    assert brutes.failed_charge and not brutes.charged and state.charges[0].target == "Spearmen"
    assert brutes.footprint().shape.bounds[1] == pytest.approx(hounds.footprint().rect.bounds[3], abs=1e-6)
    assert not models_in_contact(brutes.footprint(), hounds.footprint())
    assert brutes.footprint().shape.intersection(hounds.footprint().rect).area == pytest.approx(0, abs=1e-9)
