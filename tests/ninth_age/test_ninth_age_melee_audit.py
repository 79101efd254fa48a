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
    assert str(options[("front", 3)]) == "they would stand 0.5\" from Trolls, which is not in their combat (the 1\" rule)"
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


def test_a_unit_with_no_more_foes_on_the_losing_side_still_overruns_or_reforms():
    """Seed 001:1739-1745 (Non Ci Sono Più Nemici): a unit that killed every enemy it touched
    "si considera sempre aver vinto il combattimento, e possono compiere uno Sfondamento (se
    fattibile) o una Riorganizzazione Post Combattimento", and "si considera facente parte della
    fazione vincitrice" even when the rest of its side lost the round. The Knights, alone after
    slaying the Wolf Riders while the Spearmen lost to the Brutes, were offered neither (only
    units of the winning side were)."""
    from engine.core.decisions import DecisionNeeded
    from engine.rulesets.ninth_age.melee import Outcome

    state = _face_off(Knights=(10, 20, 0, 4))
    knights = state.units["Knights"]
    knights.charged, knights.combat_rounds = True, 1  # it charged the Wolf Riders and slew them this round
    rnd = combat.Round(units=["Brutes", "Knights", "Spearmen"], foes={"Knights": ["Wolf Riders"]})
    state.units["Wolf Riders"].location = "destroyed"
    result = Outcome({"p1": 3, "p2": 5}, "p2", 2)
    state.begin_answers([])
    with pytest.raises(DecisionNeeded) as asked:
        combat.after_break(state, rnd, [], result, [])
    assert asked.value.decision.key == "post-combat-Knights"
    assert asked.value.decision.options[0] == "overrun" and "stay" in asked.value.decision.options
    # one whose foe left it without being eliminated (here: it still stands) reforms but never overruns
    state.units["Wolf Riders"].location = "table"
    state.units["Wolf Riders"].pose = state.units["Knights"].pose.moved(40, 40)
    state.begin_answers([])
    with pytest.raises(DecisionNeeded) as asked:
        combat.after_break(state, rnd, [], result, [])
    assert asked.value.decision.key == "post-combat-Knights" and "overrun" not in asked.value.decision.options


def _answered(state0, run, answers: dict[str, str]):
    """Run ``run(state, events)`` on copies of ``state0`` until it asks nothing more, each
    question answered from ``answers`` (by key prefix), else with its first option."""
    from engine.core.decisions import DecisionNeeded
    from engine.core.models import GivenAnswer

    given = []
    while True:
        state, events = state0.model_copy(deep=True), []
        state.begin_answers(list(given))
        try:
            run(state, events)
            return state, [str(e.text) for e in events], [g.key for g in given]
        except DecisionNeeded as asked:
            d = asked.decision
            pick = next((v for k, v in answers.items() if d.key.startswith(k) and v in d.options), d.options[0])
            given.append(GivenAnswer(pick, d.key, len(given)))


def _two_combats_broken():
    """The Spearmen (10 wide) against the Brutes and the Trolls beside them, the Knights against the
    Wolf Riders; the p2 units broke."""
    state = _face_off(files=10, Knights=(10, 20, 0, 4), Trolls=(30 + 1.5 * INCH40 + 1.5 * INCH40, 20 - INCH40 + INCH40 / 2, 180))
    assert in_contact(state.units["Spearmen"].footprint(), state.units["Trolls"].footprint())
    kfp = state.units["Knights"].footprint()
    from game_helpers import place

    wolves = place(state, "Wolf Riders", 10, 0, 180)
    wolves.pose = wolves.pose.model_copy(update={"y": kfp.centre[1] + kfp.half_depth + wolves.footprint().half_depth})
    assert in_contact(kfp, wolves.footprint())
    return state


def test_the_owner_orders_every_flee_roll_and_the_winner_every_pursuit():
    """Seed 001:1758-1760 and 1788-1790: fleeing units move "nello stesso ordine in cui sono stati
    lanciati i dadi (il giocatore che controlla le Unità sceglie in quale ordine)", and pursuers
    likewise, "ciascun giocatore sceglierà l'ordine in cui muoverla/e". Only the first flee roll
    was chosen (the rest went in a fixed order) and the pursuers' order was never asked."""
    from engine.rulesets.ninth_age.melee import Outcome

    state0 = _two_combats_broken()
    rnd = combat.Round(units=["Brutes", "Knights", "Spearmen", "Trolls", "Wolf Riders"],
                       foes={"Knights": ["Wolf Riders"], "Spearmen": ["Brutes"]})
    result = Outcome({"p1": 6, "p2": 2}, "p1", 4)

    def run(state, events):
        broken = [state.units["Brutes"], state.units["Trolls"], state.units["Wolf Riders"]]
        for u in broken:
            state.units[u.id].fleeing = False
        combat.after_break(state, rnd, broken, result, events)

    state, log, keys = _answered(state0, run, {"pursue-Knights": "Wolf Riders", "pursue-Spearmen": "Brutes",
                                                "flee-order-Brutes-1": "Trolls", "flee-order": "Wolf Riders",
                                                "pursuit-order": "Spearmen"})
    assert "pursuit-order-Brutes" in keys
    flees = [t.split(" flee")[0] for t in log if " flee from combat, away from" in t]
    rolls = [t.split(" pursuit:")[0] for t in log if " pursuit: " in t]
    assert flees == ["Wolf Riders", "Trolls", "Brutes"] and rolls == ["Spearmen", "Knights"]
    state, log, keys = _answered(state0, run, {"pursue-Knights": "Wolf Riders", "pursue-Spearmen": "Brutes",
                                                "flee-order-Brutes-1": "Wolf Riders", "flee-order": "Brutes",
                                                "pursuit-order": "Knights"})
    flees = [t.split(" flee")[0] for t in log if " flee from combat, away from" in t]
    rolls = [t.split(" pursuit:")[0] for t in log if " pursuit: " in t]
    assert flees == ["Brutes", "Wolf Riders", "Trolls"] and rolls == ["Knights", "Spearmen"]


def test_steadfast_counts_only_enemy_units_still_engaged():
    """Seed 001:1730-1732: Steadfast is "più Ranghi Completi di qualsiasi Unità nemica ingaggiata nel
    medesimo combattimento". The Trolls (6 full ranks) belong to the combat but touch no one
    any more (No More Foes): the Spearmen's 5 ranks against the Brutes' 2 make them Steadfast. The
    engine counted every enemy unit of the combat on the table, engaged or not."""
    from engine.rulesets.ninth_age.melee import Outcome

    state = _face_off(Trolls=(50, 40, 180, 3))
    _grow(state, "Trolls", 18, 3)
    rnd = combat.Round(units=["Brutes", "Spearmen", "Trolls"])
    combat.break_test(state, state.units["Spearmen"], Outcome({"p1": 2, "p2": 5}, "p2", 3), rnd, [])
    ld, why = rnd.break_ld["Spearmen"]
    assert ld == state.unit_entry(state.units["Spearmen"]).leadership and "Steadfast (5 full ranks against at most 2)" in str(why)
    # touching the Spearmen too, the Trolls' 6 ranks deny it
    state = _face_off(files=10, Trolls=(50, 40, 180, 3))
    spear = state.units["Spearmen"]
    _grow(state, "Spearmen", 60, 10)  # 6 full ranks, as many as the Trolls
    wolves = state.units["Trolls"]
    _grow(state, "Trolls", 18, 3)
    sfp = spear.footprint()
    wolves.pose = wolves.pose.model_copy(update={"x": sfp.centre[0] + sfp.half_width + wolves.footprint().half_depth,
                                                  "y": sfp.centre[1], "bearing": 270})
    assert in_contact(sfp, wolves.footprint())
    rnd = combat.Round(units=["Brutes", "Spearmen", "Trolls"])
    combat.break_test(state, spear, Outcome({"p1": 2, "p2": 5}, "p2", 3), rnd, [])
    assert "Steadfast" not in str(rnd.break_ld["Spearmen"][1])


def test_an_unbreakable_loser_tests_its_leadership_to_combat_reform():
    """Seed 001:1833-1836: "Le Unità che hanno perso un combattimento devono superare un test di
    Disciplina per poter compiere una Riorganizzazione in Combattimento: il valore ... è il medesimo
    che avrebbero usato per il Test di Rotta". Unbreakable (and Unstable, 3346) pass or replace only
    the Break test; the engine let such a loser combat reform with no test at all."""
    from engine.core.decisions import DecisionNeeded
    from engine.rulesets.ninth_age.melee import Outcome

    state = scenario({"Brutes": (30, 20, 180), "Halberdiers": (30 + 1.5 * INCH40 + 2 * INCH20, 20, 270)})
    _grow(state, "Halberdiers", 40, 10)
    brutes = state.units["Brutes"]
    entry = state.unit_entry(brutes)
    state.armies["p2"].units[brutes.entry] = entry.model_copy(update={"special_rules": entry.special_rules + ["Unbreakable"]})
    rnd = combat.Round(units=["Brutes", "Halberdiers"])
    log = []
    assert not combat.break_test(state, brutes, Outcome({"p1": 4, "p2": 1}, "p1", 3), rnd, log)
    assert any("Unbreakable: they pass their Break test" in str(e.text) for e in log)
    assert rnd.break_ld["Brutes"][0] == entry.leadership - 3  # Disrupted by the Halberdiers: no Steadfast
    tested = []

    def test(u, ld, why):
        tested.append((u.id, ld))
        return False

    from engine.rulesets.ninth_age import combat_reform

    state.active = "p1"
    state.begin_answers(["opponent", "front", "3"])
    events = []
    try:
        combat_reform.combat_reforms(state, rnd.units, rnd.break_ld, events, test)
    except DecisionNeeded as asked:  # the Halberdiers' own question
        assert asked.decision.key == "combat-reform-Halberdiers"
    assert tested == [("Brutes", entry.leadership - 3)]
    assert any("Brutes fail to combat reform" in str(e.text) for e in events)


def test_a_post_combat_reform_pivots_to_any_facing():
    """Seed 001:1751-1753: "Riorganizzazione Post Combattimento: l'Unità può ruotare attorno al suo
    Centro (usandolo come perno)": to any facing. Only quarter turns (left, right, about) could be
    named; now 45° and 135° either way, or straight at an enemy unit's centre, too."""
    from engine.table.frame import bearing_between

    def no_longer_engaged(answer):
        state = scenario({"Knights": (30, 20, 0), "Brutes": (30, 20 + mm(50) + INCH40, 180), "Trolls": (45, 32, 180)})
        state.units["Knights"].charged = True
        state.units["Brutes"].location = "destroyed"  # shot away before the Melee phase
        state.phase = "shooting"
        log = []
        state = apply(state, EndStep(seat="p1"), {"post-combat": answer}, log)
        return state, [str(e.text) for e in log]

    state, log = no_longer_engaged("face-Trolls")
    k = state.units["Knights"].footprint()
    assert k.bearing == pytest.approx(bearing_between(k.centre, state.units["Trolls"].footprint().centre))
    assert "Knights make a post-combat reform: they pivot about their centre to face Trolls." in log
    state, log = no_longer_engaged("right-45")
    assert state.units["Knights"].pose.bearing == pytest.approx(45)
    assert "Knights make a post-combat reform: they pivot 45° clockwise about their centre." in log


def test_the_loser_orders_every_break_test():
    """Seed 001:1722-1723: "Ogni Unità della fazione che perde il Round di Combattimento deve
    effettuare un Test di Rotta. L'ordine è scelto dal giocatore che ha perso." Only the first was
    chosen; the rest followed in a fixed order."""
    state0 = _two_combats_broken()
    def run(state, events):  # Player 1 caused 9 wounds, Player 2 none: every p2 unit tests
        rnd = combat.Round(units=["Brutes", "Knights", "Spearmen", "Trolls", "Wolf Riders"], wounds={"p1": 9, "p2": 0},
                           overkill={"p1": 0, "p2": 0})
        combat.score_and_break(state, rnd, events)

    state, log, keys = _answered(state0, run, {"break-order-Brutes-1": "Trolls", "break-order": "Wolf Riders",
                                                "pursue": "restrain"})
    tested = [t.split(" Break test")[0] for t in log if " Break test (" in t]
    assert tested == ["Wolf Riders", "Trolls", "Brutes"]


def test_a_unit_brought_back_into_combat_keeps_1_inch_from_units_outside_it():
    """Seed 001:1669-1670: units brought back into combat "possono muovere entro 1” da altre Unità
    che si trovano nello stesso combattimento", and so from no other. The unhurt Brutes were moved
    0.3" up to 0.8" from the Trolls, who are in no combat; now the Halberdiers, who suffered the
    casualties, are moved instead (the procedure's second step)."""
    from engine.rulesets.ninth_age.casualties import lose_wounds

    state = scenario({"Halberdiers": (30, 20, 0, 5), "Brutes": (30 + 2.5 * INCH20 + INCH40, 20 - 3 * INCH20 - 0.3, 270),
                      "Trolls": (36, 20.8 + INCH40 / 2, 0)})
    halb, brutes, trolls = state.units["Halberdiers"], state.units["Brutes"], state.units["Trolls"]
    assert in_contact(halb.footprint(), brutes.footprint())
    assert brutes.footprint().shape.distance(trolls.footprint().shape) >= 1.0
    before = combat._contact_pairs(state, ["Halberdiers", "Brutes"])
    events = []
    lose_wounds(state, halb, 10, events)  # the two rear ranks go, the front edge stays
    assert not in_contact(halb.footprint(), brutes.footprint())
    brutes_at, halb_at = brutes.pose, halb.pose
    combat.pull_back(state, before, {"Halberdiers"}, events, combat={"Halberdiers", "Brutes"})
    assert brutes.pose == brutes_at and halb.pose.y - halb_at.y == pytest.approx(-0.3, abs=0.01)
    assert in_contact(halb.footprint(), brutes.footprint())
    assert str(events[-1].text) == "Halberdiers are brought back into contact with Brutes: 0.3\" (§11.8)."


def test_a_war_machine_may_restrain_from_pursuing():
    """Seed 001:1749-1750 "Le Unità possono decidere di non inseguire, ma devono superare un Test di
    Disciplina per riuscire a trattenersi", and a War Machine fails every characteristic test
    "ad eccezione dei test Disciplina" (001:2305-2306): it may restrain. The engine never offered it,
    so a War Machine whose enemy broke had to pursue."""
    from engine.core.decisions import DecisionNeeded
    from engine.rulesets.ninth_age.melee import Outcome

    state = scenario({"Brutes": (30, 20, 180), "Great Cannon": (30, 20 - INCH40 - mm(60) / 2, 0)})
    assert in_contact(state.units["Brutes"].footprint(), state.units["Great Cannon"].footprint())
    rnd = combat.Round(units=["Brutes", "Great Cannon"], foes={"Great Cannon": ["Brutes"]})
    state.begin_answers([])
    with pytest.raises(DecisionNeeded) as asked:
        combat.after_break(state, rnd, [state.units["Brutes"]], Outcome({"p1": 3, "p2": 0}, "p1", 3), [])
    assert asked.value.decision.key == "pursue-Great Cannon" and asked.value.decision.options == ["Brutes", "restrain"]
