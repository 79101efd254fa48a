"""Five places the seed words a rule model by model that the game had got wrong: hits from a
miscast's template and a catapult's misfire on characters in a unit (§16.4 "Quando una Sagoma
colpisce un Personaggio in un Unità"), Dangerous Terrain tests fleeing over several obstacles
(§18.1, §8.8), pikes against Cavalry, Monstrous Cavalry and Chariots in their front, the Wizard
Conclave's champion's extra wound, and Fear on a unit led by a character immune to it."""

from engine.rulesets.ninth_age import characters
from engine.rulesets.ninth_age.casualties import flee

from game_helpers import scenario
from loaded_dice import left, load


def _said(log):
    return [str(e.text) for e in log]


def _shrink(unit, models, files):
    unit.models = models
    unit.formation = unit.formation.model_copy(update={"models": models, "files": files})


# -- fleeing over several obstacles (§8.8, §18.1) ------------------------------------------------------------
def test_a_character_left_alone_by_a_flee_test_still_tests_for_every_later_obstacle():
    """"Se i modelli in fuga attraversano modelli nemici [...] i modelli in fuga devono effettuare
    un test Terreno Pericoloso": the Halberdiers' last R&F model falls to the Brute Bulls' test,
    the Marshal is left as the unit (§16.2) and still tests for the Trolls it flees through."""
    state = scenario({"Halberdiers": (64, 4, 0, 5), "Brute Bulls": (64, 14.5, 180), "Trolls": (64, 11, 180)})
    halberdiers = state.units["Halberdiers"]
    _shrink(halberdiers, 1, 1)
    characters._place(state, state.units["Marshal"], halberdiers, 0, [])
    load(state, 6, 6,  # 12" of flight, through both enemy units
         1,  # Brute Bulls: the last Halberdier's D6 fails
         1, 5,  # Brute Bulls: the Marshal's own test fails, its 6+ ward too
         6)  # Trolls: the Marshal's test
    log = []
    flee(state, halberdiers, 0.0, log, "Halberdiers flee")
    said = _said(log)
    assert "Marshal takes a Dangerous Terrain test (fleeing through Brute Bulls; 1D6 a model, each 1-3 a wound): " \
           "1 wound with Armour Piercing (6)." in said
    assert "Marshal takes a Dangerous Terrain test (fleeing through Trolls; 1D6 a model, each 1-3 a wound): " \
           "0 wounds with Armour Piercing (6)." in said
    assert left(state) == [] and state.units["Marshal"].wounds_lost == 1


def test_what_a_flee_passes_through_while_extended_to_clear_1_inch_is_crossed_too():
    """The extension "del minimo necessario" is flee distance: the Brute Bulls it carries the
    Halberdiers through call for a Dangerous Terrain test (the 12" rolled end half an inch short
    of them)."""
    state = scenario({"Halberdiers": (64, 4, 0, 5), "Brute Bulls": (64, 19.7, 180)})
    halberdiers = state.units["Halberdiers"]
    load(state, 6, 6, *[6] * 20)
    log = []
    flee(state, halberdiers, 0.0, log, "Halberdiers flee")
    said = _said(log)
    assert any(s.startswith("Halberdiers flee: 12\" (+") for s in said)
    assert any(s.startswith("Halberdiers take a Dangerous Terrain test (fleeing through Brute Bulls;") for s in said)


# -- pikes (§15.1 Picca) -----------------------------------------------------------------------------------
def _pikes_against(enemy, side="front"):
    """The Halberdiers with pikes (p1) in contact with ``enemy`` (p2) on their front, or their right."""
    from engine.rulesets.ninth_age import fighters
    from engine.table.contact import contact_side

    state = scenario({enemy: (30, 30, 180) if side == "front" else (40, 10, 270), "Halberdiers": (30, 10, 0, 5)},
                     terrain="open")
    pikes = state.units["Halberdiers"]
    entry = state.unit_entry(pikes)
    state.armies["p1"].units[pikes.entry] = entry.model_copy(update={"equipment": ["pike", "light armour"]})
    foe = state.units[enemy]  # heavy armour and a shield: a save the pike's AP (1) alone leaves possible
    state.armies["p2"].units[foe.entry] = state.unit_entry(foe).model_copy(
        update={"equipment": ["hand weapon", "heavy armour", "shield"]})
    theirs, mine = state.units[enemy].footprint().shape.bounds, pikes.footprint().shape.bounds
    if side == "front":
        pikes.pose = pikes.pose.moved(pikes.pose.x, pikes.pose.y + theirs[1] - mine[3])
    else:
        pikes.pose = pikes.pose.moved(pikes.pose.x + theirs[0] - mine[2], pikes.pose.y)
    assert contact_side(pikes.footprint(), state.units[enemy].footprint()) == side
    state.phase, state.step, state.active = "melee", "", "p1"
    # (the models touching an enemy Champion, which they may single out, §11.6, are a blow apart)
    [blow] = [b for b in fighters.blows(state, pikes) if not b.special and all("/" not in t for t in b.targets)]
    assert blow.weapon == "pike" and blow.armour_piercing == 1
    return state, pikes, blow


def _one_pike_hit(enemy, side="front"):
    from engine.rulesets.ninth_age import combat

    state, pikes, blow = _pikes_against(enemy, side)
    load(state, 6, 6)  # a 6 to wound; a 6 for the armour save if one is allowed
    log = []
    combat.wound_hits(state, pikes, blow, state.units[enemy], 1, log)
    return _said(log), left(state)


def test_a_pike_has_lethal_strike_against_monstrous_cavalry_engaged_to_its_front():
    """"Colpo Letale contro Cavalleria, Cavalleria Mostruosa e Carri ingaggiati sul fronte": the
    6 to wound has Armour Piercing (6), so the Boar Riders' +4 armour cannot save it."""
    said, unused = _one_pike_hit("Boar Riders")
    assert "Halberdiers Halberdier against Boar Riders: no armour save is possible (armour +4 against S3, AP 6)." \
           in said
    assert unused == [6]


def test_a_pike_has_no_lethal_strike_on_the_flank_or_against_infantry():
    said, unused = _one_pike_hit("Boar Riders", side="right")  # engaged on the pikemen's flank
    assert not any("no armour save is possible" in s for s in said) and unused == []
    said, unused = _one_pike_hit("Brutes")  # Monstrous Infantry in front
    assert not any("no armour save is possible" in s for s in said) and unused == []


def test_a_pike_has_lethal_strike_against_cavalry_in_front():
    said, unused = _one_pike_hit("Wolf Riders")
    assert any(s.startswith("Halberdiers Halberdier against Wolf Riders: no armour save is possible") and
               s.endswith("AP 6).") for s in said), said


# -- the Wizard Conclave Champion's extra wound (§22 Conclave Magico) -------------------------------------------
def test_the_conclave_champions_extra_wound_counts_toward_the_combat_score():
    """"Il Campione di un'Unità con la regola speciale Conclave Magico ha +1 Ferita": the Brutes'
    Champion alone left has W 3 + 1, so four unsaved wounds on it all count (§11.9's cap is the
    wounds the unit has, not its models' W 3)."""
    from engine.rulesets.ninth_age import combat
    from engine.rulesets.ninth_age.fighters import Blow

    state = scenario({"Brutes": (30, 30, 180), "Halberdiers": (30, 10, 0, 5)}, terrain="open")
    brutes = state.units["Brutes"]
    _shrink(brutes, 1, 1)  # the Champion, the last R&F model to go (§12.7)
    blow = Blow("Halberdiers", 0, "Halberdier", 3, 3, 4, ["Brutes"], strength=10, weapon="halberd")
    load(state, 6, 6, 6, 6)  # four wounds; light armour has no save against S10
    log = []
    counted, lost = combat.wound_hits(state, state.units["Halberdiers"], blow, brutes, 4, log)
    assert (counted, lost) == (4, 0)
    assert brutes.location == "destroyed" and left(state) == []


def test_the_conclave_champions_extra_wound_counts_for_decimated():
    """Decimati (§20.1): "un numero di ferite pari o inferiore al 25% del suo valore iniziale". The
    Brutes began with 6 x W3 + the Champion's 1 = 19; two models left, 2 wounds carried, have
    2 x 3 + 1 - 2 = 5, more than a quarter of 19 (without the Champion's wound 4 of 18 would be)."""
    from engine.rulesets.ninth_age import victory

    state = scenario({"Brutes": (30, 30, 180)}, terrain="open")
    brutes = state.units["Brutes"]
    assert brutes.start_models == 6
    _shrink(brutes, 2, 2)
    brutes.wounds_lost = 2
    assert not any("Brutes decimated" in str(k) for k, _v in victory.ledger(state, "p1").lines)
    brutes.wounds_lost = 3  # 4 of 19 left: decimated
    assert any("Brutes decimated" in str(k) for k, _v in victory.ledger(state, "p1").lines)
    brutes.wounds_lost, brutes.champion_lost = 2, True  # the Champion slain in a challenge: 4 of 19
    assert any("Brutes decimated" in str(k) for k, _v in victory.ledger(state, "p1").lines)


# -- Fear on a unit whose best Ld is a model immune to it (§22 Paura) -----------------------------------------
def _spearmen_touching_trolls(immune_marshal=True):
    """The Spearmen (Ld 7) with the Marshal (Ld 9) in them, in contact with the Trolls (Fear)."""
    from engine.rulesets.ninth_age import fighters

    state = scenario({"Trolls": (30, 20, 180), "Spearmen": (30, 10, 0, 6)}, terrain="open")
    trolls, spear = state.units["Trolls"], state.units["Spearmen"]
    spear.pose = spear.pose.moved(30, 20 - trolls.footprint().half_depth - spear.footprint().half_depth)
    marshal = state.units["Marshal"]
    characters._place(state, marshal, spear, 0, [])
    if immune_marshal:
        entry = state.unit_entry(marshal)
        state.armies["p1"].units[marshal.entry] = entry.model_copy(
            update={"special_rules": [*entry.special_rules, "Immune to Psychology"]})
    assert fighters.feared(state, spear)
    state.phase, state.step = "melee", ""
    return state


def _restrain(state, unit, foe):
    from engine.core.decisions import DecisionNeeded
    from engine.rulesets.ninth_age import combat
    from engine.rulesets.ninth_age.melee import SideScore, outcome

    won = outcome("p1", SideScore(wounds=5), "p2", SideScore(wounds=0))
    state.begin_answers(["restrain"])
    load(state, 4, 5, *[3] * 20)
    log = []
    try:
        combat.after_break(state, combat.Round(units=[unit, foe]), [state.units[foe]], won, log)
    except DecisionNeeded:
        pass
    return "\n".join(_said(log))


def test_a_unit_whose_best_ld_is_a_character_immune_to_fear_tests_on_it_without_the_minus_1():
    """"Tutte le Unità nemiche in contatto [...] hanno un -1 sul valore della Disciplina. I modelli
    che sono Immuni alla Psicologia [...] sono immuni all'effetto della Paura", and a unit uses
    the highest Ld it has (§1.8): the Marshal, Immune to Psychology, keeps his Ld 9."""
    said = _restrain(_spearmen_touching_trolls(), "Spearmen", "Trolls")
    assert "Spearmen restrain themselves (Ld from Marshal, immune to Fear): Ld 9, rolled 9: passed." in said


def test_fear_still_costs_1_ld_when_the_best_ld_is_a_model_not_immune():
    said = _restrain(_spearmen_touching_trolls(immune_marshal=False), "Spearmen", "Trolls")
    assert "Spearmen restrain themselves (Ld from their own, -1 for Fear): Ld 8, rolled 9: failed." in said


def test_a_fear_test_on_the_ld_of_an_immune_character():
    from engine.rulesets.ninth_age import combat

    state = _spearmen_touching_trolls()
    load(state, 4, 5)
    log = []
    combat.fear_tests(state, ["Spearmen", "Trolls"], log)
    assert "Spearmen Fear test (Ld from Marshal, immune to Fear): Ld 9, rolled 9: passed." in "\n".join(_said(log))


def test_immune_rank_and_file_do_not_spare_a_character_in_them_its_fear_test():
    """Half or more of the Zealots' models Immune to Psychology (Frenzy) spares the unit Panic
    tests, but Fear's immunity is each model's: the Marshal in them is not immune, so the unit
    tests (on the Zealots' own Ld 10, theirs immune) and a failure gives the Marshal WS 1."""
    from engine.rulesets.ninth_age import combat, fighters

    state = scenario({"Trolls": (30, 20, 180), "Zealots": (30, 10, 0, 5)}, terrain="open")
    trolls, zealots = state.units["Trolls"], state.units["Zealots"]
    zealots.pose = zealots.pose.moved(30, 20 - trolls.footprint().half_depth - zealots.footprint().half_depth)
    characters._place(state, state.units["Marshal"], zealots, 0, [])
    assert fighters.psychology_immune(state, zealots) and fighters.feared(state, zealots)
    state.phase, state.step = "melee", ""
    load(state, 6, 6)
    log = []
    combat.fear_tests(state, ["Zealots", "Trolls"], log)
    assert "Zealots Fear test (Ld from Zealots, immune to Fear): Ld 10, rolled 12: failed." in "\n".join(_said(log))
    assert fighters.struck_by_fear(state, state.units["Marshal"], zealots)
    assert not fighters.struck_by_fear(state, zealots)


# -- a miscast's template and a misfire's blast on a unit with characters (§16.4) -------------------------------
def _shaman_in_brutes(models):
    """The Shaman (Monstrous Infantry, like the Brutes) in the middle of the Brutes' front rank,
    all in heavy armour with shields (a save against a 2-dice miscast's S4 AP 1: 6+)."""
    from test_ninth_age_magic import magic_phase

    from engine.rulesets.ninth_age import magic

    state, _log = magic_phase(seat="p2", dice=(4, 4, 1, 1),
                              placements={"Shaman": (40, 30, 180), "Brutes": (30, 30, 180, 3),
                                          "Spearmen": (30, 10, 0, 10)})
    brutes = state.units["Brutes"]
    _shrink(brutes, models, 3)
    for armoured in (brutes, state.units["Shaman"]):
        state.armies["p2"].units[armoured.entry] = state.unit_entry(armoured).model_copy(
            update={"equipment": ["hand weapon", "heavy armour", "shield"]})
    characters._place(state, state.units["Shaman"], brutes, 1, [])
    return state, state.casters["Shaman"], magic.spell_named(state, "p2", "Sap the Strength")[0]


def _miscast(state, caster, spell, *dice):
    from engine.rulesets.ninth_age import magic

    load(state, *dice)
    log = []
    magic.miscast(state, caster, spell, 2, log)
    return _said(log)


def test_a_miscast_template_over_a_wizard_in_a_unit_of_4_rf_hits_the_wizard_without_saves_and_the_rf_with():
    """Breach in the Veil: "Centrare la Sagoma da 5” sul Mago [...] Ciascun modello toccato dalla
    Sagoma subisce un colpo"; "Il Mago che subisce l'incidente di lancio non può beneficiare di
    alcun Tiro Protezione". With three R&F the Shaman takes its own hit (situation B), and the
    Brutes keep their armour saves."""
    state, shaman, spell = _shaman_in_brutes(3)
    said = _miscast(state, shaman, spell,
                    1, 1,  # 2: Breach in the Veil
                    6,  # the Shaman's hit wounds
                    6, 6, 6,  # the three Brutes' hits wound
                    6, 6, 1)  # their armour saves on 6+: two saved
    assert "The template covers Shaman in Brutes: it takes the hit itself (situation B, §16.4)." in said
    assert "Miscast (Breach in the Veil) on Brutes (Shaman): 1 to wound at S4 against T4 needing 4+: 6: 1 wound." in said
    assert not any(s.startswith("Miscast (Breach in the Veil) on Brutes (Shaman): armour saves") for s in said)  # none
    assert "Miscast (Breach in the Veil) on Brutes: armour saves needing 6+: 6 6 1: 2 saved." in said
    assert state.units["Brutes"].wounds_lost == 1 and state.units["Shaman"].wounds_lost == 1 and left(state) == []


def test_a_miscast_template_over_a_wizard_in_a_unit_of_5_or_more_rf_hits_an_rf_model_instead():
    state, shaman, spell = _shaman_in_brutes(6)
    said = _miscast(state, shaman, spell, 1, 1)
    assert "The template covers Shaman in Brutes: the hit goes to a rank-and-file model instead " \
           "(situation A, §16.4)." in said
    assert not any("Miscast (Breach in the Veil) on Brutes (Shaman)" in s for s in said)


def test_a_catastrophic_detonation_hits_the_wizard_itself_even_in_situation_a():
    """Detonazione Catastrofica: "Il Mago deve subire un colpo"."""
    state, shaman, spell = _shaman_in_brutes(6)
    said = _miscast(state, shaman, spell, 2, 3)  # 5: Catastrophic Detonation
    assert "The template covers Shaman in Brutes: it must take the hit itself." in said
    assert any(s.startswith("Miscast (Catastrophic Detonation) on Brutes (Shaman): 1 to wound") for s in said)


def test_a_war_machine_blowing_up_hits_a_character_in_a_unit_of_4_rf_itself():
    """"tutti i modelli entro D6” da esso subiscono un colpo a Forza 5": the Marshal, within reach
    in the Halberdiers cut to three, takes his own hit (situation B, as under a template)."""
    from engine.rulesets.ninth_age.artillery import misfire

    state = scenario({"Great Cannon": (30, 10, 0), "Halberdiers": (36, 10, 0, 3)}, terrain="open")
    halberdiers = state.units["Halberdiers"]
    _shrink(halberdiers, 3, 3)
    characters._place(state, state.units["Marshal"], halberdiers, 1, [])
    load(state, 1,  # the Misfire table: 1 - 1 = 0, it blows up
         6)  # every model within 6"
    log = []
    misfire(state, state.units["Great Cannon"], log, modifier=-1)
    said = _said(log)
    assert "The blast reaches Marshal in Halberdiers: it takes the hit itself (situation B, §16.4)." in said
    assert any(s.startswith("Great Cannon's explosion on Halberdiers (Marshal): 1 to wound at S5") for s in said)
    assert any(s.startswith("Great Cannon's explosion on Halberdiers: 3 to wound at S5") for s in said)


def test_witchfire_spreads_its_hits_over_the_wizards_unit_the_wizard_taking_one_at_most():
    """Fuoco Stregato: "L'Unità del Mago subisce DPU colpi distribuiti come per il tiro, tranne che
    per il fatto il Mago non può ricevere più di un colpo": five hits on the three Brutes and the
    Shaman (situation B) would give the Shaman two as evenly as possible; it takes one, with no
    saves, and the Brutes four."""
    from engine.rulesets.ninth_age import magic

    state, shaman, spell = _shaman_in_brutes(3)
    load(state, 3, 4)  # 7: Witchfire
    log = []
    magic.miscast(state, shaman, spell, 5, log)  # the Shaman's share offered at most 1 (the default taken)
    said = _said(log)
    assert "Witchfire: Brutes takes 5 hits." in said
    assert "1 of 5 hits on Brutes go to Shaman (situation B, §16.4)." in said
    assert any(s.startswith("Miscast (Witchfire) on Brutes (Shaman): 1 to wound") for s in said)
    assert any(s.startswith("Miscast (Witchfire) on Brutes: 4 to wound") for s in said)


def test_friends_a_flee_passes_through_test_for_panic_when_only_its_characters_are_left():
    """"Un'Unità viene attraversata da una Unità amica in fuga": the Halberdiers' last R&F model
    falls to its test for the Trolls, the Marshal flees on as the unit (§16.2) and the Spearmen
    it passes through still test for Panic."""
    state = scenario({"Halberdiers": (64, 4, 0, 5), "Trolls": (64, 9, 180), "Spearmen": (64, 15, 0, 5)})
    halberdiers = state.units["Halberdiers"]
    _shrink(halberdiers, 1, 1)
    characters._place(state, state.units["Marshal"], halberdiers, 0, [])
    load(state, 6, 6,  # 12" of flight, through the Trolls and the Spearmen
         1,  # Trolls: the last Halberdier's D6 fails
         6,  # Trolls: the Marshal's own test
         3, 3)  # the Spearmen's Panic test
    log = []
    flee(state, halberdiers, 0.0, log, "Halberdiers flee")
    said = _said(log)
    assert "The rank and file of Halberdiers are all slain: Marshal is left and is still the same unit (§16.2)." in said
    assert "Halberdiers flee through Spearmen." in said
    assert any(s.startswith("Spearmen Panic test (Spearmen are passed through by fleeing Halberdiers") for s in said), said


def test_backlash_hits_a_wizard_inside_a_unit_itself_and_calls_it_no_focused_spell():
    """Colpo di Rimbalzo: "Il Mago e qualunque altro Mago amico subisce un colpo": the Shaman in the
    Brutes takes its own hit with no saves (the log read as if a Focused spell had been cast)."""
    state, shaman, spell = _shaman_in_brutes(3)
    said = _miscast(state, shaman, spell, 4, 4)  # 8: Backlash
    assert "Shaman miscasts: 2D6 = 8: Backlash." in said
    assert not any("Focused" in s for s in said), said
    assert any(s.startswith("Miscast (Backlash) on Shaman: 1 to wound at S4") for s in said), said
    assert not any(s.startswith("Miscast (Backlash) on Shaman: armour saves") for s in said)


# -- a character inside a charged unit was charged with it (§15.1 Lancia, §22 Carica Tonante) ---------------
def _chariot_charged_shaman_in_brutes(rules=(), charged="Brutes"):
    """The Battle Chariot charged the Brutes (or ``charged``), in contact with them, the Shaman
    in the middle of their front rank."""
    from engine.rulesets.ninth_age import fighters
    from engine.rulesets.ninth_age.state import ChargeDeclaration
    from engine.table.contact import in_contact
    from engine.table.frame import mm

    state = scenario({"Brutes": (30, 20, 180, 3), "Battle Chariot": (30, 20 - mm(40) - mm(100) / 2, 0),
                      "Shaman": (60, 40, 180)}, terrain="open")
    brutes, chariot = state.units["Brutes"], state.units["Battle Chariot"]
    characters._place(state, state.units["Shaman"], brutes, 1, [])
    assert in_contact(chariot.footprint(), brutes.footprint())
    if rules:
        state.armies["p1"].units[chariot.entry] = state.unit_entry(chariot).model_copy(
            update={"special_rules": list(state.unit_entry(chariot).special_rules) + list(rules)})
    chariot.charged = True
    state.charges = [ChargeDeclaration(charger="Battle Chariot", target=charged, side="front", distance=3)]
    state.phase, state.step, state.active = "melee", "", "p1"
    [crew] = [b for b in fighters.blows(state, chariot) if not b.special and b.part_name == "Crew"]
    return state, chariot, crew


def _crew_on_shaman(rules=(), charged="Brutes"):
    from engine.rulesets.ninth_age import combat

    state, chariot, crew = _chariot_charged_shaman_in_brutes(rules, charged)
    load(state, *[4] * 10)
    log = []
    combat.wound_model(state, chariot, crew, state.units["Shaman"], 1, log)
    return _said(log)


def test_a_lances_charge_bonus_strikes_a_character_in_the_charged_unit():
    """Lancia: "+2 Forza [...] solo per gli attacchi contro i nemici caricati": the Shaman stands
    in the Brutes the Chariot charged, so the crew's lance hits on him are at S5, as on the Brutes;
    had it charged another unit (the Trolls), the Brutes and the Shaman in them are struck at S3."""
    said = _crew_on_shaman()
    assert any(s.startswith("Battle Chariot Crew against Shaman: 1 to wound at S5 ") for s in said), said
    said = _crew_on_shaman(charged="Trolls")
    assert any(s.startswith("Battle Chariot Crew against Shaman: 1 to wound at S3 ") for s in said), said


def test_thunderous_charge_strikes_a_character_in_the_charged_unit():
    """Carica Tonante: "+1 Forza ai loro Attacchi in CaC [...] nei confronti dei nemici caricati":
    on the Shaman in the charged Brutes too (lance and Thunderous Charge: S6)."""
    said = _crew_on_shaman(["Thunderous Charge"])
    assert any(s.startswith("Battle Chariot Crew against Shaman: 1 to wound at S6 ") for s in said), said


# -- a miscast on a wizard that is one model of its unit (§9.10, §22 Conclave Magico, §18.6) -----------------
def _brutes_in_armour(state, *units):
    for armoured in units:
        state.armies["p2"].units[armoured.entry] = state.unit_entry(armoured).model_copy(
            update={"equipment": ["hand weapon", "heavy armour", "shield"]})


def test_a_conclave_champions_miscast_takes_its_own_hit_without_saves_and_its_unit_keeps_theirs():
    """"Il Mago che subisce l'incidente di lancio non può beneficiare di alcun Tiro Protezione": the
    wizard is the Brutes' Champion (Conclave Magico), so of the six hits of the Breach in the
    Veil one is its own, unsaved, and the other five Brutes take their 6+ armour saves."""
    from test_ninth_age_magic import magic_phase

    from engine.rulesets.ninth_age import magic

    state, _log = magic_phase(seat="p2", dice=(4, 4, 1, 1),
                              placements={"Brutes": (30, 30, 180, 3), "Spearmen": (30, 10, 0, 10)})
    brutes = state.units["Brutes"]
    _brutes_in_armour(state, brutes)
    spell = magic.spell_named(state, "p2", "Sap the Strength")[0]
    said = _miscast(state, state.casters["Brutes Champion"], spell,
                    1, 1,  # 2: Breach in the Veil
                    6, 6, 6, 6, 6,  # five Brutes' hits wound
                    6, 6, 6, 6, 1,  # their armour saves on 6+: four saved
                    6)  # the Champion's hit wounds: no save
    assert "The 5\" template on Brutes Champion touches 6 models of Brutes." in said
    assert "6 hits on Brutes: one is Brutes Champion's own, with no saves of any kind (§9.10); " \
           "the others keep their saves." in said
    assert "Miscast (Breach in the Veil) on Brutes: armour saves needing 6+: 6 6 6 6 1: 4 saved." in said
    assert "Miscast (Breach in the Veil) on Brutes Champion: 1 to wound at S4 against T4 needing 4+: 6: 1 wound." in said
    assert not any(s.startswith("Miscast (Breach in the Veil) on Brutes Champion: armour saves") for s in said)
    assert brutes.wounds_lost == 1 and brutes.champion_wounds == 1 and left(state) == []


def _conclave(models, files):
    """The Brutes (a Wizard Conclave, W3, their Champion W4) in heavy armour and shields, p2's
    magic phase."""
    from test_ninth_age_magic import magic_phase

    from engine.rulesets.ninth_age import magic

    state, _log = magic_phase(seat="p2", dice=(4, 4, 1, 1),
                              placements={"Brutes": (30, 30, 180, files), "Spearmen": (30, 10, 0, 10)})
    brutes = state.units["Brutes"]
    _shrink(brutes, models, files)
    _brutes_in_armour(state, brutes)
    return state, brutes, state.casters["Brutes Champion"], magic.spell_named(state, "p2", "Sap the Strength")[0]


def test_a_conclave_champions_own_miscast_hit_wounds_the_champion_not_the_units_wound_pool():
    """"Il Mago che subisce l'incidente di lancio": the wizard is the Champion, so its own hit is
    on the Champion model, as a challenge's are, not in the wound pool where the Champion goes
    last (§12.7). The Champion has 3 of its W 3 + 1 already: the hit fells it, and the Brutes'
    other hits (saved) leave their R&F untouched."""
    from engine.rulesets.ninth_age import magic

    state, brutes, champion, spell = _conclave(6, 3)
    brutes.champion_wounds = 3
    said = _miscast(state, champion, spell,
                    1, 1,  # 2: Breach in the Veil
                    6, 6, 6, 6, 6,  # five Brutes' hits wound
                    6, 6, 6, 6, 6,  # their armour saves on 6+: all saved
                    6)  # the Champion's hit wounds: no save
    assert "Brutes' Champion falls (4 wounds against W4)." in said, said
    assert brutes.champion_lost and brutes.models == 5 and brutes.wounds_lost == 0
    assert not magic.caster_alive(state, champion)  # the Conclave's wizard fell with it
    assert left(state) == []


def test_wounds_on_the_conclave_champions_own_model_count_when_the_wound_pool_reaches_it():
    """The Champion goes last from the wound pool (§12.7) with W 3 + 1; one wound already on its
    own model (its miscast hit), three more from the pool fell it."""
    from engine.rulesets.ninth_age.casualties import lose_wounds, wounds_left

    state, brutes, _champion, _spell = _conclave(2, 2)
    brutes.champion_wounds = 1
    assert wounds_left(state, brutes) == 3 + 3
    lose_wounds(state, brutes, 3, [])
    assert brutes.models == 1
    lose_wounds(state, brutes, 3, [])
    assert brutes.location == "destroyed"


def test_a_conclave_champions_miscast_template_is_centred_on_the_champions_own_base():
    """"Centrare la Sagoma da 3” sul Mago": a Catastrophic Detonation on the Champion at the
    right end of the Brutes' nine-wide rank covers it and the one Brute beside it, not the three
    in the middle of the rank."""
    state, brutes, champion, spell = _conclave(9, 9)
    brutes.command_at = {"standard": (0, 4), "musician": (0, 3), "champion": (0, 8)}
    base = brutes.footprint().models[8].centroid
    said = _miscast(state, champion, spell, 2, 3, *[1] * 10)  # 5: Catastrophic Detonation; no wounds
    assert "The 3\" template on Brutes Champion touches 2 models of Brutes." in said, said
    mark = state.magic.templates[-1]
    assert mark.start == (base.x, base.y)


def test_a_conclave_champions_miscast_template_over_a_character_in_the_unit_hits_it_as_16_4_says():
    """"Quando una Sagoma colpisce un Personaggio in un Unità" (§16.4): the Shaman in the Conclave
    (three R&F, situation B) takes the hit on its own base itself, with its saves; the Champion's
    own hit is one of the three R&F bases'."""
    state, brutes, champion, spell = _conclave(3, 3)
    _brutes_in_armour(state, state.units["Shaman"])
    characters._place(state, state.units["Shaman"], brutes, 1, [])
    said = _miscast(state, champion, spell, 1, 1, *[1] * 10)  # 2: Breach in the Veil; no wounds
    assert "The 5\" template on Brutes Champion touches 4 models of Brutes." in said, said
    assert "The template covers Shaman in Brutes: it takes the hit itself (situation B, §16.4)." in said
    assert "3 hits on Brutes: one is Brutes Champion's own, with no saves of any kind (§9.10); " \
           "the others keep their saves." in said


def test_witchfire_on_a_conclave_gives_the_champion_one_hit_of_its_own_without_saves():
    """Fuoco Stregato: "L'Unità del Mago subisce DPU colpi [...] il Mago non può ricevere più di un
    colpo": of two hits (two power dice) on the Brutes one is the Champion's, with no saves, on
    the Champion itself; the other keeps its save and would go to the wound pool."""
    from engine.rulesets.ninth_age import magic

    state, brutes, champion, spell = _conclave(6, 3)
    load(state, 3, 4,  # 7: Witchfire
         6,  # the Brutes' hit wounds
         6,  # its armour save on 6+: saved
         6)  # the Champion's hit wounds: no save
    log = []
    magic.miscast(state, champion, spell, 2, log)
    said = _said(log)
    assert "Witchfire: Brutes takes 2 hits." in said
    assert "2 hits on Brutes: one is Brutes Champion's own, with no saves of any kind (§9.10); " \
           "the others keep their saves." in said
    assert "Miscast (Witchfire) on Brutes: armour saves needing 6+: 6: 1 saved." in said, "\n".join(said)
    assert not any(s.startswith("Miscast (Witchfire) on Brutes Champion: armour saves") for s in said)
    assert brutes.wounds_lost == 0 and brutes.champion_wounds == 1 and left(state) == []


def test_a_garrisoned_wizards_miscast_leaves_the_buildings_other_models_their_saves():
    """A wizard in a unit in a Building: the template's D6 hits are the garrison's, spread as
    §16.4 says (§18.6); only those on the Shaman are without saves."""
    from engine.rulesets.ninth_age import garrison

    state, shaman, spell = _shaman_in_brutes(3)
    brutes = state.units["Brutes"]
    garrison.occupy(state, brutes, garrison.building_named(state, "Farmhouse"))
    state.begin_answers(["1"])  # one of the hits on the Shaman
    said = _miscast(state, shaman, spell,
                    1, 1,  # 2: Breach in the Veil
                    4,  # D6 hits on the garrison: 4
                    6,  # the Shaman's hit wounds: no save
                    6, 6, 6,  # the Brutes' three hits wound
                    6, 6, 1)  # their armour saves on 6+: two saved
    assert "1 of 4 hits on Brutes go to Shaman (situation B, §16.4)." in said, said
    assert "Miscast (Breach in the Veil) on Brutes (Shaman): 1 to wound at S4 against T4 needing 4+: 6: 1 wound." in said
    assert not any(s.startswith("Miscast (Breach in the Veil) on Brutes (Shaman): armour saves") for s in said)
    assert "Miscast (Breach in the Veil) on Brutes: armour saves needing 6+: 6 6 1: 2 saved." in said
    assert state.units["Shaman"].wounds_lost == 1 and brutes.wounds_lost == 1 and left(state) == []


# -- pursuing a unit that fled off the table (§11.13 Distanza di Inseguimento) -------------------------------
def test_a_pursuer_turns_to_face_where_its_quarry_left_the_table():
    """"L'Unità Inseguitrice ruota attorno al suo centro [...] per fronteggiare il punto centrale
    dell'Unità in Fuga (o il punto dove si trovava l'Unità [...])": the Brutes flee 12" west off
    the table from 1.5" of its edge; the Spearmen, facing north, turn to face the point where
    they left it and pursue their 3" that way, not straight on."""
    import pytest

    from engine.rulesets.ninth_age import combat
    from engine.table.frame import bearing_between

    state = scenario({"Spearmen": (30, 20, 0, 5), "Brutes": (12, 24, 270, 3)}, terrain="open")
    brutes, spearmen = state.units["Brutes"], state.units["Spearmen"]
    load(state, 6, 6,  # the Brutes' flight: 12"
         1, 2)  # the Spearmen's pursuit: 3"
    log = []
    went = flee(state, brutes, 270.0, log, "Brutes flee")
    assert brutes.location == "fled" and brutes.left_table_at == pytest.approx((1.5, 24.0))
    combat.pursue(state, spearmen, "Brutes", went, log)
    facing = bearing_between((30, 20), (1.5, 24.0))
    assert spearmen.pose.bearing == pytest.approx(facing)
    assert "Spearmen pursue 3.0\" of 3\"." in _said(log) and left(state) == []
    assert spearmen.footprint().centre[0] == pytest.approx(30 - 3 * 0.990, abs=0.01)  # 3" to the west-north-west
