"""The Melee phase audited against the seed (001: 1395-1853, §11): each test names the seed's
words it enforces and failed before its fix."""

import pytest

from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.rulesets.ninth_age import combat
from engine.rulesets.ninth_age.actions import EndStep, Fight
from engine.table.contact import in_contact
from engine.table.frame import mm

from game_helpers import apply, scenario as _scenario

INCH40, INCH20 = mm(40), mm(20)


def scenario(placements, **kw):
    return _scenario(placements, terrain="open", **kw)


def _melee(state, seat="p1"):
    state.phase, state.step, state.active = "melee", "", seat
    return state


def _face_off(files=6, **extra):
    """Spearmen (p1) who charged the Brutes (p2) face to face."""
    ranks = -(-30 // files)
    state = scenario({"Brutes": (30, 20, 180), "Spearmen": (30, 20 - INCH40 - ranks * INCH20 / 2, 0, files), **extra})
    assert in_contact(state.units["Spearmen"].footprint(), state.units["Brutes"].footprint())
    state.units["Spearmen"].charged = True
    return _melee(state)


def _pursuit_into_the_trolls():
    """The Brutes break and flee through the Trolls standing behind them; the Spearmen pursue
    into the Trolls' front: a charge that makes a new combat."""
    for seed in range(60):
        state = _face_off(Trolls=(30, 25.5, 180))
        state.rng = Rng.from_seed(seed)
        log = []
        state = apply(state, Fight(seat="p1", unit="Spearmen"), {"challenge": "none", "pursue": "Brutes"}, log)
        if any("pursue into Trolls' front and charge it" in str(e.text) for e in log):
            return state, [str(e.text) for e in log]
    raise AssertionError("the Spearmen never pursued into the Trolls")


def test_a_pursuit_into_a_fresh_enemy_is_a_new_combat_fought_in_the_next_player_turn():
    """Seed 001:1782-1785: "Se ciò crea un nuovo Combattimento, esso verrà risolto nel successivo
    Turno del Giocatore (l'Unità che ha caricato sarà considerata essere ancora in carica)". The
    new combat was fought again in the same Melee phase, and the pursuer's charge was forgotten
    at the end of the round that made it (no charge bonus next turn); the pursuer was even
    offered a combat reform against the unit it had just charged (§11.14: only against "la/le
    Unità con le quale stava combattendo prima")."""
    state, log = _pursuit_into_the_trolls()
    spear, trolls = state.units["Spearmen"], state.units["Trolls"]
    assert in_contact(spear.footprint(), trolls.footprint())
    assert spear.pursuit_charge and spear.pursuit_target == "Trolls"
    assert not any("may combat reform against Trolls" in t for t in log)
    assert combat.unfought(state) == []  # nothing left to fight this phase
    with pytest.raises(IllegalAction, match="next player turn"):
        apply(state, Fight(seat="p1", unit="Trolls"))
    # the phase ends without fighting it; in the next player turn it is fought, the Spearmen charging
    log2 = []
    while not (state.active == "p2" and state.phase == "melee"):
        state = apply(state, EndStep(seat=state.active), {"challenge": "none", "pursue": "restrain"}, log2)
    assert not any(e.kind == "combat-score" for e in log2)
    assert state.units["Spearmen"].pursuit_charge
    log3 = []
    state = apply(state, Fight(seat="p2", unit="Trolls"), {"challenge": "none", "pursue": "restrain"}, log3)
    score = next(e for e in log3 if e.kind == "combat-score" and e.seat == "p1")
    assert "charge 1" in str(score.text)
    assert not state.units["Spearmen"].pursuit_charge  # its first round only


def _grow(state, uid, models, files):
    u = state.units[uid]
    u.models = u.start_models = models
    u.formation = u.formation.model_copy(update={"models": models, "files": files})


def test_a_combat_reform_keeps_1_inch_from_units_outside_its_combat():
    """Seed 001:1840-1842: "La regola inerente il 1” di Distanza tra Unità può essere ignorata per
    le Unità coinvolte nel medesimo combattimento": only for those. The Brutes, flanked by the
    Halberdiers, reformed 3 wide to face them ending 0.5" from the Trolls (a friend outside the
    combat); only touching an enemy or overlapping a unit was refused."""
    from engine.core.decisions import DecisionNeeded
    from engine.rulesets.ninth_age import combat_reform
    from engine.rulesets.ninth_age.melee import SideScore, outcome

    state = scenario({"Brutes": (30, 20, 180), "Halberdiers": (30 + 1.5 * INCH40 + 2 * INCH20, 20, 270),
                      "Trolls": (28.5, 23.65, 180)})
    _grow(state, "Halberdiers", 40, 10)
    brutes = state.units["Brutes"]
    options = {(c.face, c.files): c.problem for c in combat_reform.candidates(state, brutes)}
    assert options[("front", 2)] is None
    assert str(options[("front", 3)]) == "it would stand 0.5\" from Trolls, which is not in its combat (the 1\" rule)"
    # the Halberdiers' own combat partners are exempt: with the Trolls counted in the combat, 3 wide is legal
    assert combat_reform.candidates(state, brutes, ["Brutes", "Halberdiers", "Trolls"])[
        [(c.face, c.files) for c in combat_reform.candidates(state, brutes)].index(("front", 3))].problem is None
    # asked through the round's step 12, the width is refused with the rule it breaks
    rnd = combat.Round(units=["Brutes", "Halberdiers"])
    result = outcome("p2", SideScore(wounds=2), "p1", SideScore(wounds=1))
    state.active = "p1"
    state.begin_answers(["opponent", "front", "3"])
    with pytest.raises(IllegalAction, match="cannot combat reform 3 wide .*1\" rule"):
        try:
            combat.combat_reforms(state, rnd, result, [])
        except DecisionNeeded as asked:
            raise AssertionError(f"asked {asked.decision.key} instead of refusing")
