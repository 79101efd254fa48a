"""Where a Ninth Age move asked clearance_problem for a gap of 0 (which, before, let a unit end
overlapping another unit or Impassable terrain), each move's own seed rule:

- a post-combat reform pivots about the centre, its models "sempre in una posizione legale" (seed
  001, Riorganizzazione Post Combattimento): the 1" rule holds at its end ("ogni unità deve sempre
  trovarsi ad almeno un pollice di distanza da Unità amiche, nemiche e dai terreni intransitabili";
  only named moves are exempt, and "una volta mossa la regola torna in essere");
- a charge on a garrison ends flush against a wall (§18.6) as a charge does: it ignores the 1"
  rule, but "si può muovere in contatto di basetta solo con un nemico verso il quale ha
  dichiarato una carica", so it touches no other unit and overlaps nothing;
- an assaulter withdraws to 1" of the Building ("ritirarsi a 1” di distanza dall’Edificio"), a
  move with no exemption from the 1" rule: it ends 1" from other units and Impassable terrain, or,
  with no room there, stays where it is, and says so.

The standard layout's Farmhouse is 33-39 x 22-26."""

import pytest

from engine.core.errors import IllegalAction

from engine.core.decisions import Decide
from engine.rulesets.ninth_age import garrison
from engine.rulesets.ninth_age.actions import Charge, EndStep, Garrison
from engine.table.contact import in_contact
from engine.table.frame import mm

from game_helpers import RULESET, apply, place, scenario

def overlap(a, b) -> bool:
    return a.intersection(b).area > 1e-6


KNIGHTS_DEPTH = mm(50)  # one rank of 50 mm bases, eight wide: 7.87" x 1.97"


def _no_more_foes(**friends):
    """The Knights (eight wide, one rank, facing north at (30, 20)) fought a round and their foe
    was shot away before the Melee phase: no longer engaged, they may make a post-combat reform
    (no overrun: they did not charge)."""
    state = scenario({"Knights": (30, 20, 0, 8), "Brutes": (30, 20 + KNIGHTS_DEPTH / 2 + mm(40), 180), **friends},
                     terrain="open")
    state.units["Knights"].combat_rounds = 1
    state.units["Brutes"].location = "destroyed"
    state.phase = "shooting"
    return state


def _asked(state):
    """The post-combat question the Knights are asked."""
    state, _events = RULESET.apply(state, EndStep(seat="p1"))
    d = state.pending.decision
    assert d.key.startswith("post-combat-Knights")
    return d


def test_a_post_combat_pivot_into_another_unit_is_not_offered():
    # the Halberdiers (ten wide, 2 ranks of 20 mm) 1.5" ahead of the Knights: a pivot left or
    # right would put the Knights' 7.87" length 3.9" ahead of their centre, into the Halberdiers
    front = 20 + KNIGHTS_DEPTH / 2
    state = _no_more_foes(Halberdiers=(30, front + 1.5 + mm(40) / 2, 0, 10))
    d = _asked(state.model_copy(deep=True))
    assert d.options == ["stay", "about"]
    assert ("Not offered: pivoting left, the unit would overlap Halberdiers; pivoting right, the unit would "
            "overlap Halberdiers (it must end at least 1\" from other units and Impassable terrain, §6.3).") in d.question
    log = []
    state = apply(state, EndStep(seat="p1"), {"post-combat": "right"}, log)
    knights = state.units["Knights"]
    assert knights.pose.bearing == 0  # "right" is no answer: it stays
    assert not overlap(knights.footprint().shape, state.units["Halberdiers"].footprint().shape)


def test_a_post_combat_pivot_ends_an_inch_from_other_units():
    # pivoted right, the Knights would be 0.5" from the Halberdiers: not a legal position
    state = _no_more_foes(Halberdiers=(30, 20 + mm(200) / 2 + 0.5 + mm(40) / 2, 0, 10))
    d = _asked(state)
    assert d.options == ["stay", "about"]
    assert "pivoting right, the unit would come 0.50\" from Halberdiers (at least 1\" needed)" in d.question
    # 1.2" off, every pivot is offered and asks nothing more
    state = _no_more_foes(Halberdiers=(30, 20 + mm(200) / 2 + 1.2 + mm(40) / 2, 0, 10))
    d = _asked(state)
    # (the 45° and 135° turns too, n9-audit-melee: it may pivot to any facing)
    assert d.options[:4] == ["stay", "left", "right", "about"] and "Not offered" not in d.question
    log = []
    state = apply(state, EndStep(seat="p1"), {"post-combat": "right"}, log)
    assert state.units["Knights"].pose.bearing == 90


def _garrisoned(**others):
    """The Skulkers (p2) hold the Farmhouse; the Spearmen (six wide) face its south wall 6" off;
    ``others`` placed; Player 1's Charge step."""
    state = scenario({"Skulkers": (36, 30, 180)}, seat="p2")
    state = apply(state, Garrison(seat="p2", unit="Skulkers", building="Farmhouse"))
    place(state, "Spearmen", 36, 14, 0, 6)
    for uid, where in others.items():
        place(state, uid, *where)
    state.active, state.step, state.round, state.charges = "p1", "charges", 2, []
    for u in state.units.values():
        u.moved = False
    return state


def _charged(state):
    state = apply(state, Charge(seat="p1", unit="Spearmen", target="Skulkers"))
    log = []
    state = apply(state, EndStep(seat="p1"), {}, log)
    return state, " | ".join(str(e.text) for e in log)


def test_a_charge_on_a_garrison_is_not_made_through_a_unit_standing_against_its_wall():
    """The Halberdiers stand against the south wall, where the charge would end, and across the
    Spearmen's way there: units never move through other units (§8.5; the n9-gaps-move rule), so
    the charge is refused naming them, and nothing is moved into or against them."""
    state = _garrisoned(Halberdiers=(36, 22 - 0.05 - mm(80) / 2, 0, 5))
    with pytest.raises(IllegalAction) as refused:
        apply(state, Charge(seat="p1", unit="Spearmen", target="Skulkers"))
    assert "the way there goes through Halberdiers" in str(refused.value.message)


@pytest.mark.parametrize("halberdiers, why", [
    ((33.637 - mm(100) / 2, 20.0, 0, 5), "beside the place against the south wall, touching it"),
])
def test_a_charge_on_a_garrison_overlaps_and_touches_no_other_unit(halberdiers, why):
    state, text = _charged(_garrisoned(Halberdiers=halberdiers))
    spear, halb = state.units["Spearmen"].footprint(), state.units["Halberdiers"].footprint()
    walls = state.table.feature_at((36, 24)).polygon
    assert state.units["Spearmen"].assaulting == "Skulkers", why
    assert spear.shape.distance(walls) < 0.01 and spear.shape.intersection(walls).area == 0
    assert not overlap(spear.shape, halb.shape) and not in_contact(spear, halb), why
    assert "charge home against the walls of Farmhouse" in text


def test_the_places_against_the_walls_offered_touch_no_other_unit():
    state = _garrisoned(Halberdiers=(33.637 - mm(100) / 2, 20.0, 0, 5))
    building = state.table.feature_at((36, 24))
    halb = state.units["Halberdiers"].footprint()
    from engine.rulesets.ninth_age.charges import assault_obstacles

    spearmen, skulkers = state.units["Spearmen"], state.units["Skulkers"]
    poses = garrison.assault_poses(state, spearmen, building, assault_obstacles(state, spearmen, skulkers))
    assert poses and all(not in_contact(p, halb) for p in poses)


def _assaulting(**others):
    """The Spearmen have charged home against the south wall (front at y 22, rear at 18.06);
    ``others`` placed after; the Melee phase."""
    state, _text = _charged(_garrisoned())
    assert state.units["Spearmen"].assaulting == "Skulkers"
    for uid, where in others.items():
        place(state, uid, *where)
    state.phase, state.step = "melee", ""
    for p in state.unit_entry(state.units["Skulkers"]).parts:
        p.A = 0  # harmless
    state.unit_entry(state.units["Skulkers"]).special_rules.append("Unbreakable")
    return state


def _withdrawn(state):
    log = []
    state = apply(state, EndStep(seat=state.active), {"assault-won": "withdraw"}, log)
    return state, " | ".join(str(e.text) for e in log)


def test_a_withdrawal_from_a_building_never_ends_in_another_unit():
    # the Halberdiers 0.4" behind the Spearmen: falling back 1" would put the Spearmen 0.6" into them
    rear = 22 - mm(100)
    state, text = _withdrawn(_assaulting(Halberdiers=(36, rear - 0.4 - mm(80) / 2, 0, 5)))
    spear, halb = state.units["Spearmen"], state.units["Halberdiers"]
    assert spear.assaulting is None
    assert not overlap(spear.footprint().shape, halb.footprint().shape)
    assert spear.footprint().shape.distance(state.table.feature_at((36, 24)).polygon) < 0.01  # it stays
    assert ("Spearmen have no room to fall back to 1\" from Farmhouse (the unit would overlap Halberdiers): "
            "they stay where they are (§18.6).") in text
    assert "fall back to 0.0\"" not in text


def test_a_withdrawal_from_a_building_ends_an_inch_from_other_units():
    rear = 22 - mm(100)
    # 1.5" behind: the place 1" from the Farmhouse is 0.5" from them, not a legal end
    state, text = _withdrawn(_assaulting(Halberdiers=(36, rear - 1.5 - mm(80) / 2, 0, 5)))
    assert "the unit would come 0.50\" from Halberdiers (at least 1\" needed)" in text
    assert state.units["Spearmen"].footprint().shape.distance(state.table.feature_at((36, 24)).polygon) < 0.01
    # 2.2" behind: it falls back, 1.2" from them
    state, text = _withdrawn(_assaulting(Halberdiers=(36, rear - 2.2 - mm(80) / 2, 0, 5)))
    spear = state.units["Spearmen"].footprint()
    assert "Spearmen fall back to 1.0\" from Farmhouse (§18.6)." in text
    assert spear.shape.distance(state.units["Halberdiers"].footprint().shape) == pytest.approx(1.2, abs=0.05)
