"""The §18, §20, §21 and §22 audit against the Italian seed (lines 2847-3538): each test shows a
rule the engine did otherwise than the seed words it, or left unapplied, and fails before its fix."""

import pytest

from engine.rulesets.ninth_age import combat, fighters
from engine.table.footprint import Pose

from game_helpers import scenario
from loaded_dice import load


def _said(log):
    return " | ".join(str(e.text) for e in log)


def _with_rules(state, uid, *rules, part=None):
    """Give the unit ``uid``'s entry ``rules`` (on its part ``part``, else the unit's own)."""
    unit = state.units[uid]
    entry = state.unit_entry(unit)
    if part is None:
        entry.special_rules = list(entry.special_rules) + list(rules)
    else:
        entry.parts[part].special_rules = list(entry.parts[part].special_rules) + list(rules)
    return unit


def _marshal_against_chieftain():
    state = scenario({"Marshal": (30, 20, 0)}, seat="p1", terrain="open")
    a, b = state.units["Marshal"], state.units["Chieftain"]
    b.location = "table"
    b.pose = Pose(x=a.pose.x, y=0, bearing=180)
    b.pose = Pose(x=a.pose.x, y=a.pose.y + (a.footprint().depth + b.footprint().depth) / 2, bearing=180)
    state.phase, state.step = "melee", ""
    return state, a


# -- Otherworldly (§22, seed 3517-3520) --------------------------------------------------------------------
def test_otherworldly_models_have_magical_attacks_in_close_combat():
    # "I modelli con questa regola speciale hanno Attacchi Magici"
    state, marshal = _marshal_against_chieftain()
    state.unit_entry(marshal).magic_items = []  # no magic weapon: its attacks are not magical of themselves
    [blow] = [b for b in fighters.blows(state, marshal) if not b.special]
    assert not combat._attack(state, marshal, blow).magical
    _with_rules(state, "Marshal", "Otherworldly")
    [blow] = [b for b in fighters.blows(state, marshal) if not b.special]
    assert combat._attack(state, marshal, blow).magical


def test_otherworldly_models_are_immune_to_psychology():
    # "... sono Immuni alla Psicologia": the unit passes Panic tests and never chooses Flee
    state = scenario({"Spearmen": (30, 20, 0)}, terrain="open")
    spearmen = state.units["Spearmen"]
    assert not fighters.psychology_immune(state, spearmen)
    _with_rules(state, "Spearmen", "Otherworldly")
    assert fighters.psychology_immune(state, spearmen)


def test_a_breath_weapon_of_a_part_with_magical_attacks_is_magical_against_an_ethereal_target():
    # Magical Attacks: "la applicano a tutti i loro attacchi inclusi quelli Speciali come [...] gli Attacchi
    # a Soffio"; Ethereal's 2+ ward "non può essere usato contro attacchi con la regola speciale Attacchi Magici"
    from game_helpers import apply
    from engine.rulesets.ninth_age.shooting_phase import Shoot

    def breathe(magical):
        state = scenario({"Warlord on Wyvern": (30, 30, 180), "Crossbowmen": (30, 20.87, 0)}, seat="p2",
                         terrain="open")
        state.phase, state.step = "shooting", ""
        _with_rules(state, "Crossbowmen", "Ethereal")
        if magical:
            _with_rules(state, "Warlord on Wyvern", "Magical Attacks", part=1)
        load(state, 1, 1, 6, 6)  # 2 hits, both wound at S4 against T3
        log = []
        apply(state, Shoot(seat="p2", unit="Warlord on Wyvern", target="Crossbowmen", weapon="breath"), None, log)
        return _said(log)

    assert "ward" in breathe(False).lower()
    assert "ward" not in breathe(True).lower()


# -- Large Target (3203); War Platform (§22) is refereed: test_ninth_age_war_platform.py ------------------
def test_a_large_target_character_joins_no_unit():
    # "Un Bersaglio Grande non può mai aggregarsi ad un'Unità"
    from engine.rulesets.ninth_age.characters import join_problem

    state = scenario({"Marshal": (40, 20, 0), "Spearmen": (30, 20, 0)}, terrain="open")
    assert join_problem(state, state.units["Marshal"], state.units["Spearmen"]) is None
    _with_rules(state, "Marshal", "Large Target")
    assert join_problem(state, state.units["Marshal"], state.units["Spearmen"]) == \
        "Marshal is a Large Target and cannot join units"


# -- Undead (§22, seed 3357-3360) --------------------------------------------------------------------------
def test_an_undead_unit_may_only_hold_neither_stand_and_shoot_nor_flee():
    # "La sola reazione a una carica che una Unità Non-morto può compiere è Mantenere la Posizione"
    from engine.rulesets.ninth_age.actions import Charge

    from game_helpers import RULESET, apply

    state = scenario({"Knights": (30, 10, 0), "Skulkers": (30, 25.0, 180)}, step="charges", terrain="open")
    asked, _skip = RULESET.apply(state, Charge(seat="p1", unit="Knights", target="Skulkers"))
    assert asked.pending.decision.options == ["hold", "stand-and-shoot", "flee"]  # the living Skulkers may choose
    _with_rules(state, "Skulkers", "Undead")
    log = []
    state = apply(state, Charge(seat="p1", unit="Knights", target="Skulkers"), None, log)
    assert "Skulkers react: Hold — Undead, their only charge reaction is Hold (§22)." in _said(log)
    assert not state.units["Skulkers"].stood_and_shot


# -- Unstable and a forest's Stubborn (§22 Unstable, seed 3319; §18.7 Forests, 2949) ------------------------------
def test_a_swarm_mostly_in_a_forest_is_stubborn_and_halves_its_unstable_wounds():
    # Forests: "Schermagliatori [...] con la maggior parte della loro impronta in una foresta sono Determinati";
    # Unstable: "Un Unità che possiede sia la regola speciale Instabile che Determinato dimezza (arrotondamento
    # per eccesso) il numero di ferite causate da Instabile"
    from engine.rulesets.ninth_age.melee import Outcome
    from engine.rulesets.ninth_age.terrain_layouts import feature

    def lost(in_forest):
        state = scenario({"Spearmen": (30, 10, 0, 5), "Vermin Swarm": (30, 20, 180)}, terrain="open")
        swarm, spearmen = state.units["Vermin Swarm"], state.units["Spearmen"]
        spearmen.pose = spearmen.pose.moved(30, 20 - swarm.footprint().half_depth - spearmen.footprint().half_depth)
        if in_forest:
            x0, y0, x1, y1 = swarm.footprint().shape.bounds
            state.table.terrain.append(feature("Wood", "forest", [(x0 - 1, y0 - 0.1), (x1 + 1, y0 - 0.1),
                                                                  (x1 + 1, y1 + 1), (x0 - 1, y1 + 1)]))
        rnd = combat.Round(units=["Spearmen", "Vermin Swarm"])
        log = []
        combat.break_test(state, swarm, Outcome(scores={"p1": 5, "p2": 2}, winner="p1", difference=3), rnd, log)
        return swarm.start_models * 5 - swarm.models * 5 + swarm.wounds_lost, _said(log)

    assert lost(False)[0] == 3
    wounds, said = lost(True)
    assert wounds == 2 and "Stubborn halves" in said


# -- Swiftstride (§22, seed 3372-3375), Fly (3530), Free Reform (3437-3446) ----------------------------------------
def _joined(state, char, host):
    """``char`` standing in ``host`` as a joined character (the unit's make-up is what is read)."""
    c = state.units[char]
    c.host, c.location, c.pose = host, "joined", None
    return c


def test_swiftstride_is_a_units_made_up_only_of_models_with_it():
    # "Quando un'Unità composta unicamente da modelli con questa regola speciale deve lanciare i dadi per
    # determinare [...] la Distanza di Inseguimento [...] viene aggiunto un D6 [...] e scartato il dado con il
    # risultato più basso": Knights (Cavalry, Swiftstride) keep the best two of 3D6 ...
    state = scenario({"Knights": (30, 20, 0)}, terrain="open")
    knights = state.units["Knights"]
    load(state, 1, 6, 6)
    assert combat.pursuit_roll(state, knights, "pursuit", []) == 12
    # ... but not with the Marshal on foot among them: 2D6
    _joined(state, "Marshal", "Knights")
    load(state, 1, 6, 6)
    assert combat.pursuit_roll(state, knights, "pursuit", []) == 7


def test_a_flying_model_always_has_swiftstride_when_it_pursues_or_flees():
    # Fly: "I modelli con la regola speciale Volo hanno sempre le regole speciali Riorganizzazioni Gratuite e
    # Passo Rapido": the Wyvern (a Ridden Monster, no Swiftstride of its troop type) pursues on 3D6
    from engine.rulesets.ninth_age.casualties import flee

    state = scenario({"Warlord on Wyvern": (30, 30, 0)}, seat="p2", terrain="open")
    wyvern = state.units["Warlord on Wyvern"]
    load(state, 1, 6, 6)
    assert combat.pursuit_roll(state, wyvern, "pursuit", []) == 12
    load(state, 1, 2, 2)
    assert flee(state, wyvern, 180.0, [], reason="test") == 4  # 2 + 2 of 1, 2, 2


def test_free_reform_moves_are_for_a_unit_made_up_entirely_of_models_with_it():
    # "Alle Unità composte interamente da modelli con questa regola speciale è permesso fare un qualunque
    # numero di Riorganizzazioni": the Pistoliers (Fast Cavalry) may, not with the Captain (plain cavalry) in
    # them; a character in Skirmishers has Skirmishers while it stays, so the Skulkers still may
    from engine.core.errors import IllegalAction
    from engine.rulesets.ninth_age.movement import has_free_reform

    state = scenario({"Pistoliers": (30, 20, 0), "Skulkers": (50, 20, 0)}, terrain="open")
    pistoliers, skulkers = state.units["Pistoliers"], state.units["Skulkers"]
    assert has_free_reform(state, pistoliers) and has_free_reform(state, skulkers)
    _joined(state, "Captain", "Pistoliers")
    _joined(state, "Marshal", "Skulkers")
    assert not has_free_reform(state, pistoliers) and has_free_reform(state, skulkers)
    from engine.rulesets.ninth_age.actions import Advance, FreeReform

    from game_helpers import RULESET

    with pytest.raises(IllegalAction, match="Pistoliers have no Free Reform"):
        RULESET.apply(state, Advance(seat="p1", unit="Pistoliers", steps=[], to=FreeReform(x=30, y=24, facing=0,
                                                                                               files=5)))


# -- Ethereal (§22, seed 3255-3262) -------------------------------------------------------------------------
def _knights_marching(y_front, distance, ethereal, x=49):
    """The Knights, their front edge at ``y_front`` facing north, march ``distance`` forward;
    (the state after it, the log) or the refusal."""
    from engine.core.errors import IllegalAction
    from engine.rulesets.ninth_age.actions import March, MoveStep

    from game_helpers import apply

    state = scenario({"Knights": (x, 0, 0)})  # the standard layout: Wheat Field, Pond, Farmhouse...
    knights = state.units["Knights"]
    knights.pose = Pose(x=x, y=y_front - knights.footprint().half_depth, bearing=0)
    if ethereal:
        _with_rules(state, "Knights", "Ethereal")
    log = []
    try:
        state = apply(state, March(seat="p1", unit="Knights", steps=[MoveStep(kind="forward", amount=distance)]),
                      log=log)
    except IllegalAction as exc:
        return None, exc.message
    return state, _said(log)


def test_ethereal_models_take_no_dangerous_terrain_test():
    # "I modelli con questa regola speciale considerano, a fini del Movimento, tutti i Terreni come Terreno Aperto":
    # the Wheat Field is Dangerous to marching Cavalry, not to Ethereal Cavalry
    _state, said = _knights_marching(12.0, 10, ethereal=False)
    assert "Dangerous Terrain" in said
    _state, said = _knights_marching(12.0, 10, ethereal=True)
    assert "Dangerous Terrain" not in said and "march" in said


def test_ethereal_models_march_through_water():
    # Water: "le Unità non possono mai marciare nell'entrarvi, attraversarle o uscendone"; not Ethereal ones
    _state, said = _knights_marching(29.0, 12, ethereal=False)
    assert "can't march into, across or out of Water (Pond, §18.3)" in said
    state, said = _knights_marching(29.0, 12, ethereal=True)
    assert state is not None and "Dangerous Terrain" not in said


def test_ethereal_models_move_through_impassable_terrain_but_never_end_within_1_inch_of_it():
    # "... ma non possono terminare il loro movimento dentro (o entro 1") da un Terreno Intransitabile": the
    # Farmhouse (a Building: Impassable to a unit not entering it, §18.6) stands between 22" and 26"
    state, said = _knights_marching(21.0, 11, ethereal=False, x=36)
    assert state is None and "Farmhouse" in said
    state, said = _knights_marching(21.0, 11, ethereal=True, x=36)
    assert state is not None, said
    assert state.units["Knights"].footprint().shape.bounds[1] > 27.0 - 1e-6
    state, said = _knights_marching(21.0, 5.5, ethereal=True, x=36)  # ending inside it: refused
    assert state is None and "at the end" in said and "Farmhouse" in said


# -- Vanguard (§22, seed 3189-3197) and Fast Cavalry (3213-3217) ---------------------------------------------------
def _at_vanguard(placements, seat="p1"):
    from engine.rulesets.ninth_age.state import DeployStatus

    state = scenario(placements, terrain="open")
    state.phase, state.deploy = "deployment", DeployStatus(turn=seat, step="vanguard")
    for u in state.units.values():
        u.vanguard_done = u.no_charge_turn1 = False
    return state


def test_fast_cavalry_makes_a_vanguard_move():
    # Fast Cavalry: "I modelli con la regola speciale Cavalleria Leggera hanno anche le regole speciali
    # Riorganizzazioni Gratuite e Avanguardia": the Pistoliers (Fast Cavalry) move up to 12" after deployment,
    # as the Remaining Moves allow them (a Free Reform move included) ...
    from engine.rulesets.ninth_age.actions import Advance, FreeReform
    from engine.rulesets.ninth_age.setup import has_vanguard

    from game_helpers import apply

    state = _at_vanguard({"Pistoliers": (30, 10, 0), "Spearmen": (50, 10, 0), "Wolf Riders": (30, 40, 180)})
    assert has_vanguard(state, state.units["Pistoliers"]) and not has_vanguard(state, state.units["Spearmen"])
    log = []
    state = apply(state, Advance(seat="p1", unit="Pistoliers", steps=[], to=FreeReform(x=34, y=20, facing=0,
                                                                                        files=5)), log=log)
    pistoliers = state.units["Pistoliers"]
    assert pistoliers.vanguard_done and pistoliers.no_charge_turn1 and not pistoliers.moved
    assert (round(pistoliers.pose.x, 3), round(pistoliers.pose.y, 3)) == (34, 20)
    assert state.deploy.step == "vanguard" and state.deploy.turn == "p2"  # the Wolf Riders (Fast Cavalry) next


def test_a_vanguard_move_is_for_a_unit_made_up_entirely_of_models_with_vanguard():
    # "le Unità costituite interamente da modelli con questa regola speciale": not the Skulkers (Vanguard) with
    # the Shaman, who has no Vanguard, among them
    from engine.core.errors import IllegalAction
    from engine.rulesets.ninth_age.actions import Advance, MoveStep

    from game_helpers import RULESET

    state = _at_vanguard({"Skulkers": (30, 40, 180)}, seat="p2")
    _joined(state, "Shaman", "Skulkers")
    with pytest.raises(IllegalAction, match="Skulkers have no Vanguard move to make"):
        RULESET.apply(state, Advance(seat="p2", unit="Skulkers", steps=[MoveStep(kind="forward", amount=5)]))


# -- Channel (§22, seed 3321-3323) -------------------------------------------------------------------------------
def test_each_model_with_channel_adds_one_to_its_sides_channel_attempt():
    # "Ciascun modello con questa regola speciale aggiunge +1 ai tentativi di lancio per Incanalare della sua
    # fazione": ten Spearmen with Channel add 10, beside the Hedge Wizard's 1
    from engine.rulesets.ninth_age.actions import EndStep

    from game_helpers import apply

    state = scenario({"Hedge Wizard": (30, 20, 0), "Spearmen": (40, 20, 0, 10), "Shaman": (30, 40, 180)},
                     terrain="open")
    _with_rules(state, "Spearmen", "Channel")
    state.units["Spearmen"].models = 10
    load(state, 5, 3, 1, 1)  # the Flux, then each side's Channel die
    log = []
    state = apply(state, EndStep(seat="p1"), None, log)
    assert "Player 1 Channels: 1 + 11 = 12, 7 or more" in _said(log)


# -- Engineer (§22, seed 3327-3335) ------------------------------------------------------------------------------
def _artillery(machine, equipment=None):
    state = scenario({machine: (30, 10, 0), "Marshal": (33.5, 10, 0), "Skulkers": (30, 22, 180)}, terrain="open")
    state.phase, state.step = "shooting", ""
    state.unit_entry(state.units["Marshal"]).special_rules.append("Engineer")
    if equipment:
        state.unit_entry(state.units[machine]).equipment = equipment
    skulkers = state.units["Skulkers"]
    state.unit_entry(skulkers).special_rules = []
    skulkers.formation = skulkers.formation.model_copy(update={"skirmish": False})
    return state


def test_an_engineer_re_rolls_a_catapults_scatter_die():
    # "nel caso di una Catapulta, può essere ripetuto il lancio del Dado Deviazione": an arrow (3) re-rolled
    # to a HIT (1), in sight: the template stays where it was aimed
    from engine.rulesets.ninth_age.shooting_phase import Shoot

    from game_helpers import apply

    state = _artillery("Mortar")
    load(state, 3, 1, 4)
    log = []
    state = apply(state, Shoot(seat="p1", unit="Mortar", target="Skulkers"), {"engineer-scatter": "reroll"}, log)
    said = _said(log)
    assert "Mortar: Marshal (Engineer) re-rolls the scatter die (3)." in said
    assert "scatter die 1 = HIT" in said and "A direct hit: the template stays." in said


def test_an_engineer_re_rolls_a_flame_throwers_d6_unless_it_is_a_6():
    # "nel caso di un Lanciafiamme, può essere ripetuto il lancio del D6 che determina la distanza di quanto
    # muove la Sagoma, a meno che il risultato ottenuto non sia '6'"
    from engine.rulesets.ninth_age.shooting_phase import Shoot

    from game_helpers import apply

    state = _artillery("Mortar", ["flame thrower"])
    load(state, 1, 3)
    log = []
    apply(state.model_copy(deep=True), Shoot(seat="p1", unit="Mortar", target="Skulkers"),
          {"engineer-flames": "reroll"}, log)
    assert "Mortar: Marshal (Engineer) re-rolls the flame thrower's distance D6 (1)." in _said(log)
    assert "the template moves 3\" straight on" in _said(log)
    load(state, 6, 1, 2)  # a 6 misfires, and is never re-rolled
    log = []
    apply(state, Shoot(seat="p1", unit="Mortar", target="Skulkers"), {"engineer-flames": "reroll"}, log)
    assert "D6 6, a misfire" in _said(log) and "re-rolls the flame" not in _said(log)


# -- Breath Weapon in close combat (§22, seed 3163-3173) ------------------------------------------------------
def _wyvern_fights(choice, breath_used=False):
    """The Warlord on Wyvern in base contact with the Spearmen's front; its player's Melee phase."""
    from engine.rulesets.ninth_age.actions import Fight

    from game_helpers import apply

    state = scenario({"Warlord on Wyvern": (30, 20, 180), "Spearmen": (30, 0, 0, 5)}, seat="p2", terrain="open")
    a, b = state.units["Warlord on Wyvern"], state.units["Spearmen"]
    b.pose = Pose(x=30, y=a.pose.y - (a.footprint().depth + b.footprint().depth) / 2, bearing=0)
    a.breath_used = breath_used
    state.phase, state.step = "melee", ""
    load(state, *[4] * 200)
    log = []
    state = apply(state, Fight(seat="p2", unit="Warlord on Wyvern"),
                  {"dispel": "none", "challenge": "none", "pursue": "restrain", "restrain": "restrain",
                   "breath": choice}, log)
    return state, [str(e.text) for e in log]


def test_a_breath_weapon_may_be_used_once_as_a_close_combat_special_attack():
    # "Come Attacco Speciale in CaC [...]: l'attacco viene fatto in ordine di Iniziativa del modello (o parte di
    # esso). Dichiarare che si sta utilizzando l'Arma a Soffio quando si devono assegnare gli attacchi, e
    # scegliere un'Unità a contatto di basetta da attaccare"; "2D6 di colpi automatici", the brackets' S
    state, log = _wyvern_fights("yes")
    assert any("may use their Breath Weapon (Strength 4, Flaming Attacks) this combat round" in t
               or "may use its Breath Weapon (Strength 4, Flaming Attacks) this combat round" in t for t in log)
    [breath] = [t for t in log if "Breath Weapon (2D6)" in t]
    assert "from 1 model at Spearmen, rolled 4, 4: 8 automatic hits at S4." in breath
    assert state.units["Warlord on Wyvern"].breath_used
    # "può utilizzarla una volta sola durante la partita": once used, it is not offered again
    _state, log = _wyvern_fights("yes", breath_used=True)
    assert not any("Breath Weapon" in t for t in log)
    _state, log = _wyvern_fights("no")
    assert not any("Breath Weapon (2D6)" in t for t in log) and not _state.units["Warlord on Wyvern"].breath_used
