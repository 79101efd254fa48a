"""Ninth Age psychology against the seed's wording (§13 Panic, §22 Terror, Frenzy, Immune to
Psychology, Fear; §8.8 Rally): the rules an audit found missing or half-done."""

from engine.rulesets.ninth_age import charges
from engine.rulesets.ninth_age.casualties import phase_key

from game_helpers import scenario
from loaded_dice import left, load


def text(log):
    return "\n".join(str(e.text) for e in log)


def test_terror_is_a_panic_test_none_after_one_passed_this_phase():
    # "il suo bersaglio deve superare un test di Panico" (§22 Terror); "Le Unità non devono superare Test
    # di Panico ... se hanno già superato un Test di Panico durante la medesima Fase" (§13)
    state = scenario({"Giant": (30, 30, 180), "Spearmen": (30, 20, 0)}, seat="p2", step="charges", terrain="open")
    giant, spear = state.units["Giant"], state.units["Spearmen"]
    log = []
    load(state, 3, 3)
    assert charges._terror_test_failed(state, giant, spear, log) is False
    assert "Spearmen Panic test for Giant's Terror (Ld from their own): Ld 7, rolled 6: passed." in text(log)
    assert spear.panic_passed == phase_key(state)
    log = []
    load(state, 6, 6)  # a second Terror charger this phase: no test, so these dice stay unrolled
    assert charges._terror_test_failed(state, giant, spear, log) is False
    assert "Spearmen already passed a Panic test this phase and do not test again for Giant's Terror." in text(log)
    assert left(state) == [6, 6]
    spear.panic_passed = ""  # next phase: it tests again, and fails
    log = []
    assert charges._terror_test_failed(state, giant, spear, log) is True
    assert "Spearmen are terrified: they must Flee." in text(log)


def _frenzied_marshal_in_spearmen(captain=None):
    """The Marshal, given Frenzy, joins the Spearmen (6 wide); the Brutes stand 9" in front."""
    from engine.rulesets.ninth_age.actions import Join

    from game_helpers import apply

    places = {"Spearmen": (20, 14, 0), "Marshal": (24, 15.5, 0), "Brutes": (20, 25, 180)}
    if captain:
        places["Captain"] = captain
    state = scenario(places, terrain="open")
    marshal = state.units["Marshal"]
    entry = state.unit_entry(marshal)
    state.armies["p1"].units[marshal.entry] = entry.model_copy(update={"special_rules": ["Frenzy"]})
    state = apply(state, Join(seat="p1", unit="Marshal", into="Spearmen", file=5))
    state.step = "charges"
    return state


def test_a_frenzied_character_makes_its_unit_take_the_frenzy_test_and_charge():
    # "ogni Unità con uno o più modelli ... con questa regola speciale devono superare un test" (§22 Frenzy)
    from engine.rulesets.ninth_age.actions import EndStep
    from engine.rulesets.ninth_age.fighters import frenzied

    from game_helpers import apply

    state = _frenzied_marshal_in_spearmen()
    assert frenzied(state, state.units["Spearmen"])
    log = []
    load(state, 6, 6, *[3] * 20)  # the Frenzy test fails (12 against Ld 9)
    state = apply(state, EndStep(seat="p1"), {"reaction": "hold"}, log)
    assert "Spearmen Frenzy test (Ld from their own): Ld 9, rolled 12: failed." in text(log)
    assert "Spearmen fail their Frenzy test and must charge the nearest enemy they can: Brutes." in text(log)
    # and the unit must pursue: a frenzied unit is offered no restraint
    spear = state.units["Spearmen"]
    state.units["Marshal"].frenzy_lost = True
    assert not frenzied(state, spear)


def test_the_frenzy_test_is_re_rolled_with_hold_your_ground_if_the_owner_wants():
    # Hold Your Ground: "può far ripetere i Test di Disciplina falliti ... e possono decidere di ripetere"
    # (§16.8), the Frenzy test's too; failing it may be wanted, so the owner is asked
    import pytest

    from engine.core.decisions import DecisionNeeded
    from engine.rulesets.ninth_age.actions import EndStep
    from engine.rulesets.ninth_age.frenzy import frenzy_tests

    from game_helpers import apply

    def zealots():
        return scenario({"Zealots": (30, 10, 0), "Brutes": (30, 19, 180), "Captain": (40, 8, 0)}, step="charges",
                        terrain="open")

    state = zealots()
    load(state, 6, 6, 1, 1)
    with pytest.raises(DecisionNeeded) as asked:
        frenzy_tests(state, "p1", [])
    assert asked.value.decision.key == "frenzy-reroll-Zealots" and asked.value.decision.options == ["re-roll", "keep"]
    assert asked.value.decision.question == "Zealots failed its Frenzy test: re-roll it with Captain's Hold Your " \
                                            "Ground, or keep the failure and charge Brutes?"
    log = []
    state = load(zealots(), 6, 6, *[3] * 20)
    state = apply(state, EndStep(seat="p1"), {"frenzy-reroll": "keep", "reaction": "hold"}, log)
    assert "Zealots fail their Frenzy test and must charge the nearest enemy they can: Brutes." in text(log)
    assert "re-rolled" not in text(log)
    state = zealots()
    log = []
    load(state, 6, 6, 1, 1)
    state.begin_answers(["re-roll"])
    frenzy_tests(state, "p1", log)
    assert "Zealots Frenzy test (Ld from their own): Ld 10, rolled 12: failed." in text(log)
    assert "Zealots Frenzy test (Ld from their own), re-rolled with Captain's Hold Your Ground: Ld 10, rolled 2: passed." \
        in text(log)
    assert not state.units["Zealots"].declared_charge


def test_immune_to_psychology_counts_half_or_more_of_the_models_characters_included():
    # "Se metà o più dei modelli di un'Unità sono Immuni alla Psicologia" (§22)
    from engine.rulesets.ninth_age.fighters import psychology_immune

    state = _frenzied_marshal_in_spearmen()
    spear, marshal = state.units["Spearmen"], state.units["Marshal"]
    assert not psychology_immune(state, spear)  # 1 frenzied model of 31
    spear.models = 1  # one Spearman and the frenzied Marshal: half the models are immune
    assert psychology_immune(state, spear)
    spear.models = 2
    assert not psychology_immune(state, spear)
    marshal.frenzy_lost = True
    spear.models = 1
    assert not psychology_immune(state, spear)


def _spearmen_with_marshal_facing_brutes():
    from engine.table.frame import mm

    state = _frenzied_marshal_in_spearmen()
    spear = state.units["Spearmen"]
    front = spear.footprint()
    brutes = state.units["Brutes"]
    brutes.pose = brutes.pose.moved(front.centre[0], front.centre[1] + front.depth / 2 + mm(40) / 2)
    state.phase, state.step = "melee", ""
    return state


def test_a_frenzied_character_in_a_unit_makes_it_pursue_and_loses_its_frenzy_with_the_unit():
    # "Le Unità con uno o più parti di modelli con Furia devono sempre inseguire"; "Se una parte di un
    # modello con Furia perde un round di combattimento, immediatamente perde questa Regola Speciale" (§22)
    import pytest

    from engine.core.decisions import DecisionNeeded
    from engine.rulesets.ninth_age import combat
    from engine.rulesets.ninth_age.melee import SideScore, outcome
    from engine.rulesets.ninth_age.neighbours import engaged

    state = _spearmen_with_marshal_facing_brutes()
    assert engaged(state, state.units["Spearmen"])
    won = outcome("p1", SideScore(wounds=5), "p2", SideScore(wounds=0))
    log = []
    try:
        combat.after_break(state, combat.Round(units=["Spearmen", "Brutes"]), [state.units["Brutes"]], won, log)
    except DecisionNeeded as asked:
        assert asked.decision.key != "pursue-Spearmen"  # no "restrain" offered
    assert "Spearmen are Frenzied and must pursue." in text(log)
    # the same unit without the frenzied Marshal is asked whether to restrain
    state = _spearmen_with_marshal_facing_brutes()
    state.units["Marshal"].frenzy_lost = True
    with pytest.raises(DecisionNeeded) as asked:
        combat.after_break(state, combat.Round(units=["Spearmen", "Brutes"]), [state.units["Brutes"]], won, [])
    assert asked.value.decision.key == "pursue-Spearmen" and "restrain" in asked.value.decision.options
    # the Spearmen lose a round: the Marshal in them loses his Frenzy
    state = _spearmen_with_marshal_facing_brutes()
    log = []
    load(state, *[1] * 40)
    try:
        combat.score_and_break(state, combat.Round(units=["Spearmen", "Brutes"], wounds={"p2": 6, "p1": 0}), log)
    except DecisionNeeded:
        pass
    assert state.units["Marshal"].frenzy_lost and "Marshal loses its Frenzy." in text(log)


def test_a_failed_fear_test_leaves_an_immune_character_its_ws():
    # "I modelli che sono Immuni alla Psicologia ... sono immuni anche agli effetti della Paura" (§22 Fear)
    from engine.rulesets.ninth_age import fighters

    state = _spearmen_with_marshal_facing_brutes()
    spear = state.units["Spearmen"]
    spear.fear_struck = True  # the Spearmen failed a Fear test
    ws = {b.part_name: b.ws for b in fighters.blows(state, spear) if not b.special}
    assert ws["Marshal"] == state.unit_entry(state.units["Marshal"]).unmodified("WS", 0) > 1  # frenzied: immune
    assert {w for name, w in ws.items() if name != "Marshal"} == {1}  # the Spearmen and their Champion: WS 1
    state.units["Marshal"].frenzy_lost = True
    ws = {b.part_name: b.ws for b in fighters.blows(state, spear) if not b.special}
    assert ws["Marshal"] == 1


def test_hold_your_ground_is_lost_with_the_battle_standard_and_re_rolls_a_restraint_test():
    # "Quando l'Alfiere dello Stendardo da Battaglia fugge da un combattimento, lo Stendardo da Battaglia è
    # perso (assieme ... alla regola Mantenere la Posizione)" (§16.8); every Ld test may be re-rolled
    from engine.core.decisions import DecisionNeeded
    from engine.rulesets.ninth_age import combat
    from engine.rulesets.ninth_age.leadership import hold_your_ground
    from engine.rulesets.ninth_age.melee import SideScore, outcome

    state = _spearmen_with_marshal_facing_brutes()
    state.units["Marshal"].frenzy_lost = True
    spear = state.units["Spearmen"]
    front = spear.footprint()
    from game_helpers import place

    place(state, "Captain", front.centre[0] + 8, front.centre[1], 0)
    assert hold_your_ground(state, spear) == "Captain" and combat._bsb_near(state, spear)
    won = outcome("p1", SideScore(wounds=5), "p2", SideScore(wounds=0))
    state.begin_answers(["restrain"])
    load(state, 6, 6, 1, 1, *[3] * 20)
    log = []
    try:
        combat.after_break(state, combat.Round(units=["Spearmen", "Brutes"]), [state.units["Brutes"]], won, log)
    except DecisionNeeded:
        pass
    assert "Spearmen restrain themselves (Ld from their own), re-rolled with Captain's Hold Your Ground: Ld 9, rolled 2: " \
           "passed." in text(log)
    state.units["Captain"].standard_lost = True
    assert hold_your_ground(state, spear) is None and not combat._bsb_near(state, spear)


def test_an_unbreakable_character_joins_only_unbreakable_units():
    # "I Personaggi con la regola speciale Irriducibile possono aggregarsi solo a Unità Irriducibili" (§22)
    from engine.rulesets.ninth_age.characters import join_problem

    state = scenario({"Spearmen": (20, 14, 0), "Marshal": (24, 15.5, 0)})
    spear, marshal = state.units["Spearmen"], state.units["Marshal"]
    assert join_problem(state, marshal, spear) is None
    entry = state.unit_entry(marshal)
    state.armies["p1"].units[marshal.entry] = entry.model_copy(update={"special_rules": ["Unbreakable"]})
    assert join_problem(state, marshal, spear) == "Marshal is Unbreakable and may join only Unbreakable units"
    sentry = state.unit_entry(spear)
    state.armies["p1"].units[spear.entry] = sentry.model_copy(update={"special_rules": ["Unbreakable"]})
    assert join_problem(state, marshal, spear) is None


def test_panic_triggers_and_exemptions():
    # §13: "Un'Unità viene attraversata da una Unità amica in fuga"; no test when engaged, already
    # fleeing, or Immune to Psychology (§22); a War Machine that fails does not flee (§14.4)
    from engine.rulesets.ninth_age.casualties import flee, panic

    state = scenario({"Spearmen": (30, 8, 0, 6), "Halberdiers": (30, 16, 0), "Brutes": (60, 40, 180)},
                     terrain="open")
    log = []
    load(state, 6, 6, 1, 1)  # the Spearmen flee 12" north, through the Halberdiers, who pass
    flee(state, state.units["Spearmen"], 0.0, log, reason="Spearmen flee")
    assert "Spearmen flee through Halberdiers." in text(log)
    assert "Halberdiers Panic test (Halberdiers are passed through by fleeing Spearmen; Ld from their own): Ld 7, " \
           "rolled 2: passed." in text(log)
    # engaged in combat: no test at all
    from engine.table.frame import mm

    state = scenario({"Brutes": (30, 20, 180), "Spearmen": (30, 20 - mm(40) - 5 * mm(20) / 2, 0, 6),
                      "Zealots": (60, 10, 0), "Great Cannon": (10, 5, 0)}, terrain="open")
    log = []
    load(state, 6, 6)
    panic(state, state.units["Spearmen"], log, "a test")
    assert log == [] and left(state) == [6, 6]
    panic(state, state.units["Zealots"], log, "a test")  # Frenzy: Immune to Psychology
    assert text(log) == "Zealots are immune to Panic (a test)." and left(state) == [6, 6]
    state.units["Zealots"].fleeing = True
    log = []
    panic(state, state.units["Zealots"], log, "a test")
    assert log == []
    panic(state, state.units["Great Cannon"], log, "a test")  # 12 fails: it stays, and may not shoot next
    cannon = state.units["Great Cannon"]
    assert "Great Cannon may not shoot in its next Shooting phase." in text(log) and not cannon.fleeing
    assert (cannon.no_shoot_round, cannon.no_shoot_seat) == (1, "p1")


def test_fast_cavalry_that_fled_by_choice_rallies_free_to_move_and_shoot():
    # §22 Fast Cavalry: "dichiara volontariamente Fuga come reazione ad una carica (non quando però sta già
    # fuggendo o come conseguenza di un test di Terrore fallito), e poi si chiama a raccolta nel turno
    # successivo, l'Unità è libera di muovere (ma non caricare) e tirare (ma comunque si considera mossa)"
    from engine.rulesets.ninth_age.actions import Charge
    from engine.rulesets.ninth_age.charges import rally_tests
    from engine.rulesets.ninth_age.movement import may_move
    from engine.rulesets.ninth_age.shooting import moved_this_turn

    from game_helpers import apply

    state = scenario({"Knights": (30, 10, 0), "Wolf Riders": (30, 22, 180)}, step="charges", terrain="open")
    load(state, 2, 2)  # a short flight, still on the table
    state = apply(state, Charge(seat="p1", unit="Knights", target="Wolf Riders"), {"reaction": "flee"})
    wolves = state.units["Wolf Riders"]
    assert wolves.fleeing and wolves.fled_by_choice
    log = []
    load(state, 1, 1)
    rally_tests(state, "p2", log)  # its own next turn's Compulsory Moves
    assert "Wolf Riders rally; Fast Cavalry that fled by choice, they are free to move (but not charge) and shoot " \
           "this turn, counting as having moved (§22)." in text(log)
    assert not wolves.fleeing and not wolves.rallied and not wolves.fled_by_choice
    may_move(state, wolves)  # no refusal
    assert moved_this_turn(wolves)
    # forced to flee by a failed Terror test: an ordinary rally
    state = scenario({"Giant": (30, 34, 180), "Pistoliers": (30, 22, 0)}, seat="p2", step="charges", terrain="open")
    load(state, 6, 6, 2, 2)  # the Terror test fails; then the flight
    state = apply(state, Charge(seat="p2", unit="Giant", target="Pistoliers"), {"reaction": "hold"})
    pistoliers = state.units["Pistoliers"]
    assert pistoliers.fleeing and not pistoliers.fled_by_choice
    log = []
    load(state, 1, 1)
    rally_tests(state, "p1", log)
    assert "Pistoliers rally; they may /reform now" in text(log) and pistoliers.rallied


def test_the_active_player_chooses_the_order_of_the_rally_tests():
    # "All'inizio della sotto-fase dei Movimenti Obbligatori tutte le Unità in fuga effettuano un test di
    # Disciplina (l'ordine è scelto dal giocatore attivo)" (§8.8)
    import pytest

    from engine.core.decisions import DecisionNeeded
    from engine.rulesets.ninth_age.charges import rally_tests

    state = scenario({"Spearmen": (20, 20, 0, 6), "Halberdiers": (50, 20, 0), "Brutes": (50, 40, 180)})
    for uid in ("Spearmen", "Halberdiers"):
        state.units[uid].fleeing = True
    with pytest.raises(DecisionNeeded) as asked:
        rally_tests(state, "p1", [])
    assert asked.value.decision.key == "rally-order-1" and asked.value.decision.options == ["Spearmen", "Halberdiers"]
    log = []
    load(state, 1, 1, 1, 1)
    state.begin_answers(["Halberdiers"])
    rally_tests(state, "p1", log)
    tests = [e.text for e in log if "Rally test" in e.text]
    assert tests[0].startswith("Halberdiers Rally test") and tests[1].startswith("Spearmen Rally test")


def test_fear_costs_1_ld_on_the_restraint_test_too():
    # "Tutte le Unità nemiche in contatto di basetta con uno o più modelli con questa regola speciale hanno
    # un -1 sul valore della Disciplina" (§22 Fear): every Ld test while in contact
    from engine.core.decisions import DecisionNeeded
    from engine.rulesets.ninth_age import combat, fighters
    from engine.rulesets.ninth_age.melee import SideScore, outcome

    state = scenario({"Trolls": (30, 20, 180), "Spearmen": (30, 10, 0, 6)}, terrain="open")
    trolls, spear = state.units["Trolls"], state.units["Spearmen"]
    spear.pose = spear.pose.moved(30, 20 - trolls.footprint().half_depth - spear.footprint().half_depth)
    assert fighters.feared(state, spear)
    state.phase, state.step = "melee", ""
    won = outcome("p1", SideScore(wounds=5), "p2", SideScore(wounds=0))
    state.begin_answers(["restrain"])
    load(state, 4, 4, *[3] * 20)
    log = []
    try:
        combat.after_break(state, combat.Round(units=["Spearmen", "Trolls"]), [state.units["Trolls"]], won, log)
    except DecisionNeeded:
        pass
    assert "Spearmen restrain themselves (Ld from their own, -1 for Fear): Ld 6, rolled 8: failed." in text(log)


def test_e32_a_frenzied_mount_makes_the_whole_model_take_the_frenzy_test_and_pursue():
    # E-32: "for the Frenzy test (forced charge) and forced pursuit or overrun, the whole model counts as Frenzied"
    from engine.core.decisions import DecisionNeeded
    from engine.rulesets.ninth_age import combat
    from engine.rulesets.ninth_age.fighters import frenzied
    from engine.rulesets.ninth_age.frenzy import frenzy_tests
    from engine.rulesets.ninth_age.melee import SideScore, outcome

    def captain_state(y):
        state = scenario({"Captain": (30, 10, 0), "Brutes": (30, y, 180)}, step="charges", terrain="open")
        captain = state.units["Captain"]
        entry = state.unit_entry(captain)
        mount = entry.parts[1].model_copy(update={"special_rules": ["Frenzy"]})
        state.armies["p1"].units[captain.entry] = entry.model_copy(update={"parts": [entry.parts[0], mount]})
        return state

    state = captain_state(19)
    assert frenzied(state, state.units["Captain"])
    log = []
    load(state, 6, 6, *[3] * 10)
    state.begin_answers(["keep"])  # the Captain is the BSB: it may re-roll with its own Hold Your Ground
    try:
        frenzy_tests(state, "p1", log)
    except DecisionNeeded:  # the Brutes' reaction
        pass
    assert "Captain fails its Frenzy test and must charge the nearest enemy it can: Brutes." in text(log)
    state = captain_state(10)
    captain, brutes = state.units["Captain"], state.units["Brutes"]
    brutes.pose = brutes.pose.moved(30, 10 + captain.footprint().half_depth + brutes.footprint().half_depth)
    won = outcome("p1", SideScore(wounds=5), "p2", SideScore(wounds=0))
    log = []
    try:
        combat.after_break(state, combat.Round(units=["Captain", "Brutes"]), [brutes], won, log)
    except DecisionNeeded as asked:
        assert asked.decision.key != "pursue-Captain"
    assert "Captain is Frenzied and must pursue." in text(log)


def test_a_combat_reform_test_is_re_rolled_with_hold_your_ground():
    # a combat reform test is a Leadership test ("Test Disciplina", §11.14): Hold Your Ground re-rolls it (§16.8)
    from engine.core.decisions import DecisionNeeded
    from engine.rulesets.ninth_age import combat
    from engine.rulesets.ninth_age.melee import SideScore, outcome

    from game_helpers import place

    state = scenario({"Brutes": (30, 20, 180), "Spearmen": (30, 10, 0, 6)}, terrain="open")
    brutes, spear = state.units["Brutes"], state.units["Spearmen"]
    spear.pose = spear.pose.moved(30, 20 - brutes.footprint().half_depth - spear.footprint().half_depth)
    place(state, "Captain", 40, spear.pose.y, 0)
    state.phase, state.step = "melee", ""
    lost = outcome("p2", SideScore(wounds=5), "p1", SideScore(wounds=0))
    rnd = combat.Round(units=["Spearmen", "Brutes"], break_ld={"Spearmen": (7, "Ld 7, Steadfast")})
    load(state, 6, 6, 1, 1, *[3] * 10)
    state.begin_answers(["me", "front", "7", "no"])
    log = []
    try:
        combat.combat_reforms(state, rnd, lost, log)
    except DecisionNeeded:
        pass
    assert "Spearmen combat reform test (Ld 7, Steadfast), re-rolled with Captain's Hold Your Ground: Ld 7, rolled " \
           "2: passed." in text(log)
    assert spear.formation.files == 7


def test_a_stupid_unit_stops_1_inch_short_and_a_round_base_goes_a_random_way():
    # §22 Stupidity: "deve muovere in avanti di D6\" (fermandosi a 1\" da eventuali Terreni Intransitabili o
    # Unità) ... Se il modello non ha fronte (il modello ha una basetta tonda), definire in maniera casuale in
    # che direzione muoverlo"
    from engine.rulesets.ninth_age.stupidity import stupid_moves

    state = scenario({"Trolls": (30, 30, 180), "Giant": (30, 24, 0)}, seat="p2", terrain="open")
    trolls, giant = state.units["Trolls"], state.units["Giant"]
    gap_now = trolls.footprint().shape.distance(giant.footprint().shape)
    trolls.stupid = True
    log = []
    load(state, 6)
    stupid_moves(state, "p2", log)
    moved = 30 - trolls.pose.y
    assert 0 < moved < 6 and trolls.footprint().shape.distance(giant.footprint().shape) >= 1 - 1e-6
    assert gap_now - moved < 1.5  # as far as it could go, stopping short of the Giant
    assert "(stopping 1\" from what is in the way)" in text(log)
    # a round base: a random direction
    state = scenario({"Trolls": (30, 30, 180)}, seat="p2", terrain="open")
    trolls = state.units["Trolls"]
    trolls.formation = trolls.formation.model_copy(update={"round_base": True})
    trolls.stupid = True
    log = []
    load(state, 3)
    stupid_moves(state, "p2", log)
    assert ", in a random direction (" in text(log)


def test_a_failed_fear_test_leaves_immune_rank_and_file_their_ws_in_a_unit_not_half_immune():
    # one frenzied Zealot left with the Marshal and the Captain (not immune): the unit is not half immune, it
    # tests for Fear and fails; the Zealot keeps its WS, the characters have WS 1 (§22 Fear, model by model)
    from engine.rulesets.ninth_age import fighters

    state = scenario({"Zealots": (30, 10, 0)}, terrain="open")
    zealots = state.units["Zealots"]
    for c in ("Marshal", "Captain"):
        state.units[c].location, state.units[c].host = "joined", "Zealots"
    zealots.models = 1
    assert not fighters.psychology_immune(state, zealots)
    zealots.fear_struck = True
    assert not fighters.struck_by_fear(state, zealots)
    assert fighters.part_ws(state, zealots, 0) == state.unit_entry(zealots).unmodified("WS", 0)
    assert fighters.struck_by_fear(state, state.units["Marshal"], zealots)
