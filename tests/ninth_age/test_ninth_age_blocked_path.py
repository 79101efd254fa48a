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
from engine.table.contact import in_contact

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
