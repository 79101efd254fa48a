"""Ninth Age victory (§20): victory points, secondary objectives, margins (E-45) and Battle
Points (E-44)."""

from engine.rulesets.ninth_age.victory import achieved, battle_points, ledger, margin, score, scoring

from game_helpers import scenario


def test_e45_victory_margins():
    assert [margin(d, 2000) for d in (90, 100, 400, 401, 1201)] == ["draw", "minor", "minor", "major", "massacre"]


def test_e44_battle_points():
    assert battle_points(1400, 600, 2500, achieved=(True, False)) == (9, 1)
    assert battle_points(1400, 600, 2500, achieved=(True, True)) == (7, 3)  # both achieve: it cancels
    assert battle_points(100, 0, 2500, achieved=(False, False)) == (5, 5)
    assert battle_points(0, 2000, 2500, achieved=(True, False)) == (4, 6)  # 2/8, then +2/-2
    assert battle_points(0, 100, 2500, achieved=(False, True)) == (3, 7)


def test_victory_points_for_destroyed_fled_and_fleeing_units_and_the_general():
    state = scenario({"Brutes": (30, 40, 180), "Trolls": (50, 40, 180), "Spearmen": (30, 10, 0, 6)})
    state.objective = "none"
    state.units["Warlord on Wyvern"].location = "destroyed"  # the enemy General
    state.units["Giant"].location = "fled"
    state.units["Trolls"].fleeing = True
    lines = dict(ledger(state, "p1").lines)
    assert lines == {"Warlord on Wyvern destroyed": 440, "The King is Dead": 100, "Giant fled off the table": 210,
                     "Trolls fleeing": 98}
    state.units["Brutes"].models = 1  # 1 of 6 models: 3 of 18 wounds, at most 25 %: decimated
    assert dict(ledger(state, "p1").lines)["Brutes decimated"] == 150
    result = score(state, [])
    assert result.winners == ["p1"] and result.reason.startswith("Major victory, 998 to 0 VP")


def test_scoring_units_and_the_secondary_objectives():
    state = scenario({"Spearmen": (36, 20, 0, 6), "Crossbowmen": (36, 30, 0), "Brutes": (36, 30.5, 180),
                      "Skulkers": (20, 24, 180)})
    assert scoring(state, state.units["Spearmen"])  # it has a standard bearer
    assert not scoring(state, state.units["Crossbowmen"])  # no standard
    assert not scoring(state, state.units["Skulkers"])  # Skirmishers have Free Reform
    state.objective = "hold"
    state.units["Brutes"].location = "reserve"
    assert achieved(state, state.objective) == {"p1": True, "p2": False}  # Spearmen within 6" of the centre
    state.units["Brutes"].location = "table"
    state.units["Brutes"].pose = state.units["Brutes"].pose.moved(36, 27)
    assert achieved(state, state.objective) == {"p1": False, "p2": False}  # one each: nobody holds it
    state.objective = "breakthrough"
    state.units["Spearmen"].pose = state.units["Spearmen"].pose.moved(36, 44)
    assert achieved(state, state.objective) == {"p1": True, "p2": False}
    state.units["Spearmen"].pose = state.units["Spearmen"].pose.moved(36, 35.5)  # less than half inside
    assert achieved(state, state.objective)["p1"] is False


def _face_off():
    """Spearmen (standard bearer) in base contact with the Brutes' front; Halberdiers apart."""
    from engine.table.frame import mm

    state = scenario({"Brutes": (30, 20, 180), "Spearmen": (30, 20 - mm(40) - 5 * mm(20) / 2, 0, 6),
                      "Halberdiers": (60, 10, 0)})
    state.objective = "none"
    return state


def test_captured_standards_and_the_flag_is_lost_as_the_seed_words_them():
    # "Alfieri Catturati": a standard bearer slain in a combat, or broken from one: 50 VP each;
    # "La Bandiera è Persa": the BSB slain, or broken from a combat: 100 VP (§17.2, §20.1)
    from engine.rulesets.ninth_age.casualties import destroy

    state = _face_off()
    destroy(state, state.units["Spearmen"], [], "Spearmen are slain")  # engaged with the Brutes
    destroy(state, state.units["Halberdiers"], [], "Halberdiers are slain")  # by shooting, say: not in a combat
    lines = dict(ledger(state, "p2").lines)
    assert lines["Spearmen's standard captured"] == 50 and "Halberdiers' standard captured" not in lines
    assert lines["Spearmen destroyed"] == 265 and lines["Halberdiers destroyed"] == 200
    # the Knights broke from a combat and still flee: their standard is lost (50) besides half their points
    state = _face_off()
    state.units["Halberdiers"].location = "reserve"
    state.units["Knights"].location, state.units["Knights"].fleeing = "table", True
    state.units["Knights"].pose = state.units["Spearmen"].pose.moved(10, 40)
    state.units["Knights"].standard_lost = True
    # the Captain (BSB) broke from a combat and lives: the Flag is Lost all the same
    state.units["Captain"].standard_lost = True
    lines = dict(ledger(state, "p2").lines)
    assert lines["Knights' standard captured"] == 50 and lines["Knights fleeing"] == 165
    assert lines["The Flag is Lost"] == 100 and "Captain's standard captured" not in lines  # the BSB: 100, not 150
    # a BSB that fled off the table from a Panic test was neither slain nor broken from a combat
    state.units["Captain"].standard_lost, state.units["Captain"].location = False, "fled"
    assert "The Flag is Lost" not in dict(ledger(state, "p2").lines)
    state.units["Captain"].location = "destroyed"
    assert dict(ledger(state, "p2").lines)["The Flag is Lost"] == 100


def test_a_battle_standard_bearer_fleeing_from_combat_in_a_unit_loses_its_standard():
    from engine.rulesets.ninth_age import combat
    from engine.rulesets.ninth_age.melee import SideScore, outcome

    state = _face_off()
    spear, captain = state.units["Spearmen"], state.units["Captain"]
    captain.location, captain.host = "joined", "Spearmen"  # the BSB stands in the Spearmen
    assert scoring(state, spear)
    result = outcome("p2", SideScore(wounds=6), "p1", SideScore(wounds=1))
    log = []
    combat.flee_from_combat(state, spear, result, frozenset({"Brutes"}), log)
    assert spear.standard_lost and captain.standard_lost
    assert "Captain's standard is lost as it flees from combat (§17.2)." in [e.text for e in log]
    assert not scoring(state, spear)  # "perso ai fini degli obiettivi della partita" (§17.2)


def test_scoring_units_count_a_joined_battle_standard_bearer_and_a_joined_free_reformer():
    state = scenario({"Crossbowmen": (36, 20, 0), "Spearmen": (20, 20, 0, 6)})
    cross, captain, marshal = state.units["Crossbowmen"], state.units["Captain"], state.units["Marshal"]
    assert not scoring(state, cross)  # no standard bearer
    captain.location, captain.host = "joined", "Crossbowmen"
    assert scoring(state, cross)  # "Tutte le Unità con un Alfiere (incluso il BSB)"
    captain.location = "hidden"
    assert not scoring(state, cross)  # a hidden model does nothing until revealed
    captain.location = "joined"
    captain.standard_lost = True
    assert not scoring(state, cross)
    # "a meno che l'Unità (o un qualunque modello nell'Unità) abbia ... Riorganizzazioni Gratuite"
    entry = state.unit_entry(marshal)
    state.armies["p1"].units[marshal.entry] = entry.model_copy(update={"special_rules": ["Fly"]})
    marshal.location, marshal.host = "joined", "Spearmen"
    assert not scoring(state, state.units["Spearmen"])


def test_breakthrough_ignores_ambushers_arrived_from_turn_4_and_battle_points_give_the_objective_no_vp():
    # "Le Unità con Agguato entrate nel campo di battaglia dal turno 4 in poi non vengono prese in
    # considerazione" (§20.2); with the Battle Points table "l'Obiettivo Secondario non ha valore in Punti
    # Vittoria, bensì modifica direttamente il risultato" (+2/-2, §20.4)
    state = scenario({"Spearmen": (36, 44, 0, 6), "Brutes": (36, 30, 180)})
    state.objective = "breakthrough"
    spear = state.units["Spearmen"]
    assert achieved(state, state.objective) == {"p1": True, "p2": False}
    spear.arrived_turn = 4
    assert achieved(state, state.objective)["p1"] is False
    spear.arrived_turn = 3
    assert achieved(state, state.objective)["p1"] is True
    state.units["Giant"].location = "destroyed"  # 210 VP to p1
    assert "secondary objective, Breakthrough" in dict(ledger(state, "p1").lines)  # which one it scores
    result = score(state, [])
    assert result.reason == "Major victory, 710 to 0 VP"  # classic: 210 + 20 % of 2,500 = 710 (28 %)
    state.options["battle_points"] = True
    result = score(state, [])
    # 210 VP of 2,500 (8 %): 5-5, then the objective +2/-2; it is worth no VP
    assert result.winners == ["p1"] and result.scores == {"p1": 7, "p2": 3}
    assert result.reason.startswith("Battle Points 7-3 (210 to 0 VP)")


def test_a_battle_standard_lost_in_flight_gives_no_combat_bonus():
    # "il modello che lo sta portando perde tutti gli effetti dello Stendardo da Battaglia" (§16.8)
    from engine.rulesets.ninth_age import combat

    state = _face_off()
    captain = state.units["Captain"]
    captain.location, captain.host = "joined", "Spearmen"
    rnd = combat.Round(units=["Spearmen", "Brutes"], wounds={"p1": 0, "p2": 0})
    assert combat.side_score(state, "p1", rnd).battle_standard
    captain.standard_lost = True
    assert not combat.side_score(state, "p1", rnd).battle_standard


def _brutes_with_their_chieftain_left():
    """Brutes (p2) with the Chieftain in their front rank, their R&F and Champion all slain by
    wounds (casualties.lose_wounds): the Chieftain is left as the same unit (§16.2)."""
    from engine.rulesets.ninth_age import characters
    from engine.rulesets.ninth_age.casualties import lose_wounds

    state = scenario({"Brutes": (30, 40, 180, 3), "Spearmen": (30, 10, 0, 6)})
    state.objective = "none"
    brutes = state.units["Brutes"]
    characters._place(state, state.units["Chieftain"], brutes, 0, [])
    events = []
    lose_wounds(state, brutes, 100, events)
    assert brutes.succeeded_by == "Chieftain" and state.units["Chieftain"].location == "table"
    return state


def test_a_unit_whose_characters_fight_on_is_not_destroyed_but_decimated():
    """§20.1 "Morti o Fuggiti": a unit "uccisa o fuggita" scores its full cost; §16.2: a mixed
    unit whose R&F are all slain is "ancora la stessa Unità" while its characters live. Its own
    wounds are none of its starting wounds ("Decimati", the characters "conteggiati
    separatamente"): half its cost; the Chieftain scores nothing, unhurt."""
    state = _brutes_with_their_chieftain_left()
    cost = state.unit_entry(state.units["Brutes"]).points
    lines = dict(ledger(state, "p1").lines)
    assert lines == {"Brutes decimated (its rank and file slain, its characters left, Chieftain, are the unit)":
                     (cost + 1) // 2}
    assert not any("destroyed" in str(k) for k in lines)
    state.units["Chieftain"].fleeing = True  # fleeing: half, not half twice ([A-33])
    assert dict(ledger(state, "p1").lines) == {
        "Brutes fleeing (its characters left, Chieftain, are the unit)": (cost + 1) // 2,
        "Chieftain fleeing": (state.unit_entry(state.units["Chieftain"]).points + 1) // 2}


def test_a_unit_whose_characters_left_are_slain_or_flee_off_scores_in_full():
    from engine.rulesets.ninth_age.casualties import destroy

    state = _brutes_with_their_chieftain_left()
    brutes, chief = (state.unit_entry(state.units[u]).points for u in ("Brutes", "Chieftain"))
    destroy(state, state.units["Chieftain"], [], "slain")
    assert dict(ledger(state, "p1").lines) == {"Brutes destroyed": brutes, "Chieftain destroyed": chief,
                                               "The Flag is Lost": 100}  # the Chieftain is the BSB
    state = _brutes_with_their_chieftain_left()
    destroy(state, state.units["Chieftain"], [], "fled", fled=True)
    # fled off, not broken from a combat: the seed gives The Flag is Lost only for a bearer
    # "ucciso … o mandato in rotta in un combattimento" (n9-audit's ruling)
    assert dict(ledger(state, "p1").lines) == {"Brutes fled off the table": brutes,
                                               "Chieftain fled off the table": chief}


def test_the_score_says_who_achieved_the_secondary_objective_and_plainly_when_nobody_did():
    """The score listed only what was scored: a Hold the Ground nobody won (one scoring unit
    each within 6" of the centre) said nothing of the objective. Now it says nobody achieves it
    and why, in each language; when one player holds it, it names that player."""
    from bot.i18n import lookup_for

    state = scenario({"Spearmen": (36, 20, 0, 6), "Brutes": (36, 27, 180)})
    state.objective = "hold"
    events = []
    score(state, events)
    line = next(e for e in events if "Hold the Ground" in e.text)
    assert line.text == ("Secondary objective, Hold the Ground: nobody achieves it: no player has more scoring "
                         "units within 6\" of the table centre than the other (Player 1 1, Player 2 1).")
    assert line.says(lookup_for("it")) == (
        "Obiettivo secondario, Mantenere la Posizione: nessuno lo consegue: nessun giocatore ha più Unità Valide "
        "dell’altro entro 6\" dal centro del campo da gioco (Giocatore 1 1, Giocatore 2 1).")
    assert line.says(lookup_for("hu")).startswith("Másodlagos cél, Tartsd a területet: senki sem teljesíti")
    state.units["Brutes"].location = "reserve"
    events = []
    score(state, events)
    assert "Secondary objective, Hold the Ground: achieved by Player 1." in [e.text for e in events]
    state.objective = "none"
    events = []
    score(state, events)
    assert not any("Secondary objective" in e.text for e in events)
