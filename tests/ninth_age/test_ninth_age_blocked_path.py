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
    state = _declared({**SCREENED, "War Hounds": (30, 12.9, 20, 3)})
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
