"""The Movement phase audited sentence by sentence against the seed (n9-audit-move): the rules
the engine did otherwise, left out, or gave the players no way to say (§8.2-8.14)."""

from __future__ import annotations

import pytest

from engine.rulesets.ninth_age.actions import Charge, EndStep
from engine.table.frame import turn_between

from game_helpers import apply, scenario
from loaded_dice import left, load


def _texts(log):
    return [str(e.text) for e in log]


# -- §8.5 "Caricare un'Unità in Fuga": the Ld test, then the post-combat reform ----------------------------
def _caught(ld_dice, answers):
    state = scenario({"Knights": (30, 12, 0), "Skulkers": (30, 19, 180)}, step="charges", terrain="open")
    load(state, 2, 1,  # the Skulkers flee 3" at once
         6, 6, 6,  # the Knights' charge range (Swiftstride, best two of 3D6): 12 + 8, home
         *ld_dice)
    log = []
    state = apply(state, Charge(seat="p1", unit="Knights", target="Skulkers"), {"reaction": "flee"}, log)
    before = state.units["Knights"].pose.bearing
    state = apply(state, EndStep(seat="p1"), answers, log)
    assert state.units["Skulkers"].location == "destroyed", _texts(log)
    return state, before, _texts(log)


def test_a_charger_that_catches_a_fleeing_unit_tests_ld_and_may_then_post_combat_reform():
    """"Una volta che l'Unità in carica arriva in contatto di basetta con l'Unità bersaglio in fuga,
    l'Unità in fuga viene rimossa come perdita. L'Unità in carica potrà allora effettuare un test di
    Disciplina. Se il test è superato, l'Unità potrà eseguire una manovra di Riorganizzazione Post
    Combattimento." Before this, nothing followed the catch: no test, no reform."""
    state, before, said = _caught((1, 1), {"caught-test": "test", "post-combat": "about"})
    assert any("test to reform after catching Skulkers" in t and "passed" in t for t in said), said
    # said in degrees: it read "they pivot about about their centre"
    assert "Knights make a post-combat reform: they pivot 180° clockwise about their centre." in said
    assert turn_between(before, state.units["Knights"].pose.bearing) == pytest.approx(180)
    assert left(state) == []


def test_a_charger_that_fails_the_test_after_the_catch_stays_where_it_made_contact():
    state, before, said = _caught((6, 6), {"caught-test": "test", "post-combat": "about"})
    assert "Knights fail the test and stay where they caught Skulkers." in said
    assert state.units["Knights"].pose.bearing == pytest.approx(before)
    assert not any("make a post-combat reform:" in t for t in said)


def test_the_test_after_a_catch_is_the_chargers_choice():
    """"potrà": the owner may decline the test; then no die is rolled and it stays put."""
    state, before, said = _caught((1, 1), {"caught-test": "no"})
    assert "Knights stay where they caught Skulkers." in said
    assert state.units["Knights"].pose.bearing == pytest.approx(before) and left(state) == [1, 1]


# -- §8.3 Stand and Shoot: farther than the charger's M, "il valore più basso, se ve ne è più di uno" ----------
def test_stand_and_shoot_measures_against_the_lowest_m_of_a_mixed_charging_unit():
    """Knights (M 8) with the Marshal (M 4) joined charge Skulkers 6" away: the lowest M in the
    charging unit is 4, so the charger is farther away than its M and the Skulkers may Stand and
    Shoot. The engine read the Knights' own M 8 and refused it."""
    from engine.rulesets.ninth_age.mixed_units import unit_movement
    from game_helpers import RULESET

    state = scenario({"Knights": (30, 10, 0), "Skulkers": (30, 19, 180)}, step="charges", terrain="open")
    marshal = state.units["Marshal"]
    marshal.location, marshal.host = "joined", "Knights"
    # 4, and the Knights' Banner of Speed's +1 for the whole unit (rules version 7, test_ninth_age_play6.py)
    assert unit_movement(state, state.units["Knights"]) == 5
    asked, _events = RULESET.apply(state, Charge(seat="p1", unit="Knights", target="Skulkers"))
    assert "stand-and-shoot" in asked.pending.decision.options, asked.pending.decision.question
    # alone, the Knights' M 8 is the one: 6" is not farther, and the refusal says so
    state = scenario({"Knights": (30, 10, 0), "Skulkers": (30, 19, 180)}, step="charges", terrain="open")
    asked, _events = RULESET.apply(state, Charge(seat="p1", unit="Knights", target="Skulkers"))
    assert "stand-and-shoot" not in asked.pending.decision.options
    assert "not farther than their M 8" in asked.pending.decision.question


# -- §8.4: a redirected charge whose new target flees as well may be completed on either ------------------
def _double_flight(answers):
    state = scenario({"Knights": (30, 10, 0), "Skulkers": (30, 19, 180), "Wolf Riders": (44, 19, 180)},
                     step="charges", terrain="open")
    load(state, 2, 1,  # the Skulkers flee 3"
         1, 1,  # the Knights' redirect test: passed
         2, 1, 1,  # the Wolf Riders flee (Swiftstride: the best two of 3D6) 3"
         6, 6, 6)  # the Knights' charge range: 12 + 8
    log = []
    base = {"reaction": "flee", "redirect-test": "test", "redirect": "Wolf Riders", "caught-test": "no"}
    state = apply(state, Charge(seat="p1", unit="Knights", target="Skulkers"), {**base, **answers}, log)
    assert [(c.charger, c.target) for c in state.charges] == [("Knights", "Wolf Riders")], _texts(log)
    assert "Wolf Riders fled too: Knights may complete their charge on either Skulkers or Wolf Riders, named before their charge range is rolled (§8.4)." in _texts(log)
    state = apply(state, EndStep(seat="p1"), {**base, **answers}, log)
    return state, _texts(log)


def test_a_redirected_charge_whose_new_target_flees_too_may_be_completed_on_the_first():
    """"se l'Unità su cui la carica viene Ridiretta dichiara anch'essa di fuggire ... allora la carica
    può essere completata nei confronti di qualsiasi delle Unità in fuga (bisogna dichiarare quale
    prima di tirare i dadi del movimento di carica)". The engine held the charge to the second."""
    state, said = _double_flight({"fled-target": "Skulkers"})
    asked = next(i for i, t in enumerate(said) if "may complete their charge on either fleeing unit" in t)
    rolled = next(i for i, t in enumerate(said) if t.startswith("Knights charge range"))
    assert asked < rolled  # named before the dice
    assert "Knights complete their charge on the fleeing Skulkers." in said
    assert state.units["Skulkers"].location == "destroyed" and state.units["Wolf Riders"].on_table


def test_the_charger_may_keep_the_redirected_target_that_fled():
    state, said = _double_flight({"fled-target": "Wolf Riders"})
    assert "Knights complete their charge on the fleeing Wolf Riders." in said
    assert state.units["Skulkers"].on_table


# -- §8.11/§8.12: a single model pivots any number of times along its Advance or March --------------------
def test_a_single_model_may_pivot_anywhere_along_its_advance_and_its_march():
    """"Le Unità costituite da un singolo modello possono sempre eseguire un numero qualsiasi di
    rotazioni su se stesse in combinazione con una Avanzata" (and "durante un Movimento di Marcia").
    The commands let it pivot only before the move: forward and then turn to face could not be said."""
    from engine.rulesets.ninth_age.actions import Advance, March
    from game_helpers import RULESET

    state = scenario({"Giant": (30, 20, 0)}, seat="p2", terrain="open")
    action = RULESET.action_from_command(state, "p2", "advance", {"unit": "Giant", "path": "forward 3, pivot right 90, forward 2, pivot left 45"})
    assert isinstance(action, Advance)
    log = []
    moved = apply(state, action, None, log)
    giant = moved.units["Giant"].pose
    assert (giant.x, giant.y, giant.bearing) == pytest.approx((32, 23, 45))
    assert any("pivot to 90°" in t and "pivot to 45°" in t for t in _texts(log)), _texts(log)
    march = RULESET.action_from_command(state, "p2", "march", {"unit": "Giant", "path": "pivot left 90, forward 10, pivot right 180"})
    assert isinstance(march, March)
    giant = apply(state, march).units["Giant"].pose
    assert (giant.x, giant.y, giant.bearing) == pytest.approx((20, 20, 90))


def test_a_unit_of_many_models_may_not_pivot_along_a_move():
    from engine.core import IllegalAction
    from game_helpers import RULESET

    state = scenario({"Brutes": (30, 20, 0)}, seat="p2", terrain="open")
    action = RULESET.action_from_command(state, "p2", "advance", {"unit": "Brutes", "path": "forward 2, pivot right 90"})
    with pytest.raises(IllegalAction, match="Only single-model units may pivot while moving"):
        RULESET.apply(state, action)


def test_a_pivot_does_not_let_a_backward_advance_change_direction():
    """Backward or sideways, one direction only (§8.11): a pivot between two of them is refused."""
    from engine.core import IllegalAction
    from game_helpers import RULESET

    state = scenario({"Giant": (30, 20, 0)}, seat="p2", terrain="open")
    action = RULESET.action_from_command(state, "p2", "advance", {"unit": "Giant", "path": "back 1, pivot right 90, back 1"})
    with pytest.raises(IllegalAction, match="one direction"):
        RULESET.apply(state, action)


# -- §8.4 / §8.5: the active player orders the redirects, and the moves of several chargers of one unit -------
def _play(state, action, answers, log):
    """Apply ``action``, answering each question by the first key of ``answers`` it starts with (in
    the order written), else by its first option; the questions asked are returned, in order."""
    from engine.core.decisions import Decide
    from game_helpers import RULESET

    asked = []
    state, events = RULESET.apply(state, action)
    log.extend(events)
    while state.pending is not None:
        d = state.pending.decision
        asked.append(d.key)
        choice = next((v for k, v in answers.items() if d.key == k or d.key.startswith(k + "-")), d.options[0])
        assert choice in d.options, (d.key, d.options)
        state, events = RULESET.apply(state, Decide(seat=d.seat, option=choice))
        log.extend(events)
    return state, asked


def test_the_active_player_orders_the_moves_of_several_chargers_of_one_unit():
    """"Una volta stabilito quali Unità raggiungeranno il loro bersaglio, si possono spostare le
    Unità in carica (che hanno fallito o meno la carica) in qualsiasi ordine si desidera." The
    engine moved them in the order they were declared, and asked nothing."""
    state = scenario({"Knights": (22, 10, 0), "Pistoliers": (40, 10, 0), "Brutes": (31, 19, 180)},
                     step="charges", terrain="open")
    log = []
    state, _asked = _play(state, Charge(seat="p1", unit="Knights", target="Brutes"), {"reaction": "hold"}, log)
    state, _asked = _play(state, Charge(seat="p1", unit="Pistoliers", target="Brutes"), {"reaction": "hold"}, log)
    log.clear()
    state, asked = _play(state, EndStep(seat="p1"), {"which-charges-Brutes-1": "Pistoliers"}, log)
    assert asked[0] == "which-charges-Brutes-1"
    said = _texts(log)
    moved = [t.split(" ")[0] for t in said if " charge home " in t or "'s charge fails" in t]
    assert moved == ["Pistoliers", "Knights"], said
    # both ranges were rolled before either moved
    rolls = [i for i, t in enumerate(said) if " charge range: " in t]
    first_move = next(i for i, t in enumerate(said) if " charge home " in t or "'s charge fails" in t)
    assert len(rolls) == 2 and max(rolls) < first_move


def test_the_active_player_orders_the_redirects_of_several_chargers_of_a_fleeing_unit():
    """"Se più di una Unità aveva dichiarato una carica contro l'Unità in fuga, ogni Unità potrà
    tentare di ridirigere la carica (l'ordine è scelto dal giocatore attivo)." The engine took
    them in the order they were declared."""
    state = scenario({"Knights": (22, 10, 0), "Pistoliers": (40, 10, 0), "Skulkers": (31, 19, 180),
                      "Wolf Riders": (8, 22, 180), "Trolls": (54, 22, 180)}, step="charges", terrain="open")
    log = []
    state, _asked = _play(state, Charge(seat="p1", unit="Knights", target="Skulkers"), {"reaction": "hold"}, log)
    state, asked = _play(state, Charge(seat="p1", unit="Pistoliers", target="Skulkers"),
                         {"reaction": "flee", "which-redirects-Skulkers-1": "Pistoliers", "redirect-test": "keep"}, log)
    assert "which-redirects-Skulkers-1" in asked, asked
    tests = [k for k in asked if k.startswith("redirect-test-")]
    assert tests == ["redirect-test-Pistoliers", "redirect-test-Knights"], asked


# -- §8.14 / §17.1 Swift reform ("Riorganizzazione Rapida"): a Musician's Ld test, then shoot and Advance ----
def _reform(state, unit, answers=None, log=None, **options):
    from game_helpers import RULESET

    action = RULESET.action_from_command(state, state.units[unit].owner, "reform", {"unit": unit, **options})
    return apply(state, action, answers, log)


def test_a_passed_swift_reform_lets_the_unit_advance_and_shoot():
    """"Un'Unità che include un Musico può tentare una Riorganizzazione Rapida tramite un Test di
    Disciplina ... Se il test ha successo ... All'Unità non è vietato tirare nella successiva Fase di
    Tiro. L'Unità può eseguire una Avanzata dopo la Riorganizzazione." The engine had no Swift reform:
    /reform took no swift:, and a reformed unit could neither advance nor shoot."""
    from engine.rulesets.ninth_age.actions import Advance, MoveStep
    from engine.rulesets.ninth_age.shooting import may_shoot, moved_this_turn

    state = scenario({"Crossbowmen": (30, 10, 0), "Brutes": (30, 40, 180)}, terrain="open")
    load(state, 1, 2)  # Ld 7: 3 passes
    log = []
    state = _reform(state, "Crossbowmen", None, log, to="3", facing="right", swift="true")
    said = _texts(log)
    assert any("Crossbowmen Swift reform test" in t and "passed" in t for t in said), said
    bows = state.units["Crossbowmen"]
    assert bows.formation.files == 3 and bows.pose.bearing == pytest.approx(90)
    assert bows.moved and not bows.reformed and bows.swift_reformed
    may_shoot(state, bows)  # not prevented from shooting...
    assert moved_this_turn(bows)  # ...but it has moved (-1 to hit)
    # the Advance after it, measured from where the reform left it
    state = apply(state, Advance(seat="p1", unit="Crossbowmen", steps=[MoveStep(kind="forward", amount=4)]))
    bows = state.units["Crossbowmen"]
    assert bows.pose.x == pytest.approx(34) and not bows.swift_reformed
    # and no second move
    from engine.core import IllegalAction
    with pytest.raises(IllegalAction, match="already moved"):
        apply(state, Advance(seat="p1", unit="Crossbowmen", steps=[MoveStep(kind="forward", amount=1)]))


def test_a_failed_swift_reform_is_a_normal_reform():
    from engine.core import IllegalAction
    from engine.rulesets.ninth_age.actions import Advance, MoveStep
    from engine.rulesets.ninth_age.shooting import may_shoot

    state = scenario({"Crossbowmen": (30, 10, 0), "Brutes": (30, 40, 180)}, terrain="open")
    load(state, 6, 5)  # 11 fails Ld 7
    log = []
    state = _reform(state, "Crossbowmen", None, log, to="3", swift="true")
    assert "The Swift reform test failed: Crossbowmen make a normal Reform (§17.1)." in _texts(log)
    bows = state.units["Crossbowmen"]
    assert bows.formation.files == 3 and bows.reformed and not bows.swift_reformed
    with pytest.raises(IllegalAction, match="reformed this turn"):
        may_shoot(state, bows)
    with pytest.raises(IllegalAction, match="already moved"):
        apply(state, Advance(seat="p1", unit="Crossbowmen", steps=[MoveStep(kind="forward", amount=1)]))


def test_a_swift_reform_is_refused_without_a_musician_and_leaves_only_an_advance():
    from engine.core import IllegalAction
    from engine.rulesets.ninth_age.actions import March, MoveStep

    state = scenario({"Skulkers": (30, 10, 0), "Brutes": (30, 40, 180)}, seat="p2", terrain="open")
    with pytest.raises(IllegalAction, match="no Musician"):
        _reform(state, "Skulkers", swift="true")
    state = scenario({"Crossbowmen": (30, 10, 0), "Brutes": (30, 40, 180)}, terrain="open")
    load(state, 1, 1)
    state = _reform(state, "Crossbowmen", to="3", swift="true")
    with pytest.raises(IllegalAction, match="may only Advance now"):
        apply(state, March(seat="p1", unit="Crossbowmen", steps=[MoveStep(kind="forward", amount=6)]))
    with pytest.raises(IllegalAction, match="may only Advance now"):
        _reform(state, "Crossbowmen", to="5")


def test_reform_to_a_width_alone_is_read_and_a_formation_that_does_not_fit_is_refused():
    """/reform to:3 (a width, no ranks: "in qualunque formazione permessa", §8.13) crashed the
    command (TypeError: the ranks check ran with no ranks)."""
    from engine.core import IllegalAction
    from engine.rulesets.ninth_age.actions import Reform
    from game_helpers import RULESET

    state = scenario({"Crossbowmen": (30, 10, 0)}, terrain="open")
    action = RULESET.action_from_command(state, "p1", "reform", {"unit": "Crossbowmen", "to": "3"})
    assert isinstance(action, Reform) and action.files == 3 and not action.swift
    assert RULESET.action_from_command(state, "p1", "reform", {"unit": "Crossbowmen", "to": "3x5"}).files == 3
    with pytest.raises(IllegalAction, match="does not fit them"):
        RULESET.action_from_command(state, "p1", "reform", {"unit": "Crossbowmen", "to": "3x6"})
