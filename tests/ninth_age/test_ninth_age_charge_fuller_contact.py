"""A flank charge kept by a friend from fuller contact (issue #10; a play-through's action 183):
Knights charge the right flank of Brutes whose last rank is short (8 models in 3 files: the
flank file of the last rank is empty), and their own Great Cannon stands between them and the
front half of that flank. §8.5 (seed: "I movimenti di carica devono essere effettuati in modo tale
che il numero di modelli ... in contatto di basetta ... sia massimizzato") asks the most contact a
legal charge move reaches: forward, one wheel of at most 90°, forward, the align about the point
of contact ("una sola rotazione/conversione"); no unit moves through another (only Fly passes over
units). The end places with 3 to 6 models in contact are clear (the charge ignores the 1" rule,
"Un'Unità in carica ignora la regola della distanza di 1\" tra Unità"), but every way to them goes
through the Great Cannon: the charge ends against the corner of the second rank's flank model, 2
models in contact, and its words say why."""

from engine.rulesets.ninth_age import charges
from engine.rulesets.ninth_age.actions import Charge, EndStep
from engine.table.charge import flush_poses
from engine.table.charge_path import charge_path
from engine.table.contact import models_in_contact

from game_helpers import apply, scenario

# as the play-through stood at action 183 (game turn 5): the Knights 10.4" from the Brutes' right flank
KNIGHTS, BRUTES, CANNON = (39.087, 3.761, 290), (24, 5.362, 0), (32, 7, 0)


def _position(cannon: bool = True):
    placed = {"Knights": KNIGHTS, "Brutes": BRUTES}
    if cannon:
        placed["Great Cannon"] = CANNON
    state = scenario(placed, step="charges")
    brutes = state.units["Brutes"]
    brutes.formation = brutes.formation.model_copy(update={"models": 8})  # 3 + 3 + 2: the last rank short
    return state


def _charge(state):
    log = []
    state = apply(state, Charge(seat="p1", unit="Knights", target="Brutes"), {}, log)
    state = apply(state, EndStep(seat=state.active), {}, log)
    return state, [e.text for e in log if e.kind == "charge-move"]


def test_the_short_last_rank_leaves_the_flank_file_of_the_last_rank_empty():
    brutes = _position().units["Brutes"].footprint()
    right = max(m.bounds[2] for m in brutes.models)
    flank = sorted(round(m.bounds[1], 2) for m in brutes.models if abs(m.bounds[2] - right) < 1e-6)
    assert flank == [4.57, 6.15]  # the second and front ranks; the last rank (from 3.0) not on this flank


def test_fuller_contact_is_clear_at_the_end_but_every_way_there_crosses_the_great_cannon():
    state = _position()
    knights, brutes = state.units["Knights"], state.units["Brutes"]
    stopped: list[str] = []
    poses, turn = charges.aligned_placements(state, knights, brutes, "right", blocked=stopped)
    # rules version 8 counts the Knight beside the empty last-rank slot, whose strip one base deep meets
    # the last rank's inner model, as in contact across the gap (§11.5, seed 001:1462-1465: "si
    # considerano in contatto di basetta"; test_ninth_age_gap_contact): 1 + 1 touching, 1 across it
    assert turn == 0.0 and poses and {p.contact for p in poses} == {3}
    assert stopped == ["Great Cannon"]
    others, impassable, obstacles = charges._around(state, knights, brutes, frozenset())
    ends = flush_poses(knights.footprint(), brutes.footprint(), "right", others=others, impassable=impassable,
                       table=state.table, sides_agree=state.placement_v6)
    fuller = [p for p in ends if p.contact > 2]
    assert fuller and max(p.contact for p in fuller) == 6
    for pose in fuller:  # a legal end place (clear of the Great Cannon, on the table), no legal way to it
        assert not pose.footprint.shape.intersects(state.units["Great Cannon"].footprint().shape)
        path, crossed = charge_path(knights.footprint(), pose.footprint, brutes.footprint(), obstacles)
        assert path is None and crossed == "Great Cannon"
    # without the Great Cannon the same charge reaches 6 models in contact
    state = _position(cannon=False)
    poses, _turn = charges.aligned_placements(state, state.units["Knights"], state.units["Brutes"], "right")
    assert poses[0].contact == 6


def test_the_charge_move_ends_against_the_second_ranks_flank_model_and_says_what_kept_it_from_more():
    state, said = _charge(_position())
    knights, brutes = state.units["Knights"].footprint(), state.units["Brutes"].footprint()
    pairs = models_in_contact(knights, brutes)
    assert len({i for i, _j in pairs}) == 1 and len({j for _i, j in pairs}) == 1
    assert brutes.models[[j for _i, j in pairs][0]].bounds[1] > 4.5  # the second rank's, not the last rank's
    # the same place; version 8 reports the Knight across the gap too (version 7 said 2)
    assert len(said) == 1 and ": 3 models in base contact (both sides counted)" in said[0]
    assert said[0].endswith(" Fuller contact (up to 6 models) would need a way through Great Cannon, which the "
                            "charge may not cross (§8.5).")
    _state, said = _charge(_position(cannon=False))
    assert ": 6 models in base contact" in said[0] and "Fuller contact" not in said[0]
