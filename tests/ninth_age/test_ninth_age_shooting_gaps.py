"""Shooting gaps the seed's audit named (seed 001, Italian; the seed wins over the rules file):

- Stand and Shoot (§8.3, seed 823-828: "La reazione Resistere e Tirare può essere adottata se l'Unità
  caricata è equipaggiata con armi da tiro [...] L'Unità caricata effettua quindi immediatamente un
  attacco da tiro, come se fosse nella Fase di Tiro") with the ranged weapons of the characters in the
  unit, who shoot their own in its shooting attack (§10.3, seed 1285-1287: "campioni e Personaggi sono
  liberi di utilizzare qualsiasi tipo di arma da tiro desiderino").
"""

import pytest

from engine.core.errors import IllegalAction
from engine.rulesets.ninth_age import characters
from engine.rulesets.ninth_age.actions import Charge
from engine.rulesets.ninth_age.shooting_phase import Shoot

from game_helpers import RULESET, apply, scenario


def _said(log):
    return " | ".join(str(e.text) for e in log)


def _join(state, char="Marshal", host="Halberdiers", weapon=None):
    characters._place(state, state.units[char], state.units[host], 1, [])  # the front rank's second file
    if weapon:
        state.unit_entry(state.units[char]).equipment.append(weapon)
    return state


# -- Stand and Shoot with the characters' weapons -------------------------------------------------------------
def _charged(weapon="longbow", brutes_y=30):
    state = scenario({"Halberdiers": (30, 10, 0, 5), "Marshal": (50, 5, 0), "Brutes": (30, brutes_y, 180)},
                     seat="p2", step="charges", terrain="open")
    return _join(state, weapon=weapon)


def test_a_unit_whose_only_ranged_weapon_is_its_characters_may_stand_and_shoot():
    state = _charged()
    asked, _ = RULESET.apply(state, Charge(seat="p2", unit="Brutes", target="Halberdiers"))
    assert "stand-and-shoot" in asked.pending.decision.options
    log = []
    state = apply(state, Charge(seat="p2", unit="Brutes", target="Halberdiers"), {"reaction": "stand-and-shoot"}, log)
    said = _said(log)
    assert "Halberdiers react: Stand and Shoot." in said
    # the Marshal's longbow at its own BS 5, -1 Stand and Shoot, -1 long range (16.9" of its 30")
    assert "Marshal in Halberdiers stands and shoots (longbow) at Brutes: 1 model in range" in said
    assert "1 with long range -1, Stand and Shoot -1" in said and "1 shot at BS 5 -2, needing 4+" in said
    assert not any(str(e.text).startswith("Halberdiers stand and shoot") for e in log)
    assert state.units["Halberdiers"].stood_and_shot


def test_stand_and_shoot_refusals_with_the_characters_weapons():
    # no ranged weapon in the unit nor on its character
    state = _charged(weapon=None)
    asked, _ = RULESET.apply(state, Charge(seat="p2", unit="Brutes", target="Halberdiers"))
    assert "stand-and-shoot" not in asked.pending.decision.options
    assert "no Stand and Shoot: no ranged weapons" in asked.pending.decision.question
    # the charger not farther than its M: a longbow may not, a pistol (Quick to Fire) may
    state = _charged(brutes_y=18)
    asked, _ = RULESET.apply(state, Charge(seat="p2", unit="Brutes", target="Halberdiers"))
    assert "stand-and-shoot" not in asked.pending.decision.options
    assert "no Stand and Shoot: Brutes are 4.9\" away, not farther than their M 6" in asked.pending.decision.question
    state = _charged(weapon="pistol", brutes_y=18)
    asked, _ = RULESET.apply(state, Charge(seat="p2", unit="Brutes", target="Halberdiers"))
    assert "stand-and-shoot" in asked.pending.decision.options
    # with the pistol and a longbow, the Marshal stands and shoots with the Quick to Fire one only
    state = _charged(weapon="pistol", brutes_y=18)
    state.unit_entry(state.units["Marshal"]).equipment.append("longbow")
    log = []
    apply(state, Charge(seat="p2", unit="Brutes", target="Halberdiers"), {"reaction": "stand-and-shoot"}, log)
    assert "Marshal in Halberdiers stands and shoots (pistol) at Brutes" in _said(log)
    # once per turn
    state = _charged()
    state.units["Halberdiers"].stood_and_shot = True
    asked, _ = RULESET.apply(state, Charge(seat="p2", unit="Brutes", target="Halberdiers"))
    assert "already stood and shot this turn" in asked.pending.decision.question


# -- characters in a Building shoot their own weapons --------------------------------------------------------
def _garrison(weapon="longbow", models=None):
    from engine.rulesets.ninth_age.actions import Garrison

    state = scenario({"Crossbowmen": (36, 18, 0, 5), "Marshal": (50, 5, 0), "Brutes": (36, 40, 180)})
    _join(state, host="Crossbowmen", weapon=weapon)
    if models is not None:
        state.units["Crossbowmen"].models = models
    state = apply(state, Garrison(seat="p1", unit="Crossbowmen", building="Farmhouse"))
    assert state.units["Crossbowmen"].garrison == "Farmhouse" and state.units["Marshal"].host == "Crossbowmen"
    state.phase, state.step = "shooting", "shooting"
    state.units["Crossbowmen"].moved = False  # (its entering was last turn)
    return state


def test_a_character_in_a_building_shoots_its_own_weapon_and_counts_among_the_15():
    # seed 2917-2918: "Tirare da un Edificio: [...] Non più di 15 modelli (5 nel caso di modelli Mostruosi)
    # possono tirare da un Edificio"; the Marshal is one of the models of the unit in the Building
    state = _garrison()
    log = []
    state = apply(state, Shoot(seat="p1", unit="Crossbowmen", target="Brutes"), log=log)
    said = _said(log)
    assert "Marshal in Crossbowmen shoots (longbow) at Brutes: 1 model in range" in said
    assert "1 shot at BS 5" in said
    # 15 crossbowmen and the Marshal: 14 crossbows and the longbow make the 15
    assert "14 of 15 models shoot from Farmhouse" in said and "14 shots at BS 3" in said
    # fewer than 15 in all: every one shoots
    state = _garrison(models=10)
    log = []
    apply(state, Shoot(seat="p1", unit="Crossbowmen", target="Brutes"), log=log)
    said = _said(log)
    assert "10 of 10 models shoot from Farmhouse" in said and "Marshal in Crossbowmen shoots (longbow)" in said


def test_a_unit_in_a_building_whose_only_ranged_weapon_is_its_characters_shoots_with_it():
    from engine.rulesets.ninth_age.actions import Garrison

    state = scenario({"Halberdiers": (36, 18, 0, 5), "Marshal": (50, 5, 0), "Brutes": (36, 40, 180)})
    _join(state, weapon="longbow")
    state = apply(state, Garrison(seat="p1", unit="Halberdiers", building="Farmhouse"))
    state.phase, state.step = "shooting", "shooting"
    state.units["Halberdiers"].moved = False
    log = []
    state = apply(state, Shoot(seat="p1", unit="Halberdiers", target="Brutes"), log=log)
    assert "Marshal in Halberdiers shoots (longbow) at Brutes: 1 model in range" in _said(log)
    assert state.units["Halberdiers"].shot


# -- Breath Weapon: each model that has it, once per game -----------------------------------------------------
# seed 3154-3165: "Un modello con un Arma a Soffio può utilizzarla una volta sola durante la partita [...] scegliere
# un bersaglio usando le normali regole degli Attacchi da Tiro. L'attacco ha gittata 6" [...] l'Arma a Soffio
# infligge al suo bersaglio 2D6 di colpi automatici" (no template: automatic hits, from each model that breathes)
def _breathing_brutes(y=15.3, **more):
    from loaded_dice import load

    state = scenario({"Brutes": (30, y, 180, 3), "Crossbowmen": (30, 10, 0, 5), **more}, seat="p2", terrain="open")
    state.phase, state.step = "shooting", ""
    state.unit_entry(state.units["Brutes"]).special_rules.append("Breath Weapon (Strength 2)")
    load(state, *[1] * 400)  # every breath 1 + 1 = 2 hits; at S2 against T3, 1s never wound
    return state


def test_each_model_with_a_breath_weapon_breathes_2d6_hits_once_per_game():
    state = _breathing_brutes()
    brutes = state.units["Brutes"]
    brutes.marched = True  # "L'attacco può essere portato anche se il modello ha marciato"
    log = []
    state = apply(state, Shoot(seat="p2", unit="Brutes", target="Crossbowmen", weapon="breath", models=2), log=log)
    said = _said(log)
    # two of the six hold theirs (any model may decline to shoot, §10.3): 2 × 2D6
    assert "2 models of Brutes breathe on Crossbowmen" in said and "2 × 2D6: 1+1, 1+1: 4 automatic hits at S2" in said
    assert "4 keep their Breath Weapons" in said
    brutes = state.units["Brutes"]
    assert brutes.breaths_spent + brutes.champion_breathed == 2 and not brutes.breath_used
    # next Shooting phase the other four breathe (the first two ranks, all within 6")
    brutes.shot = False
    log = []
    state = apply(state, Shoot(seat="p2", unit="Brutes", target="Crossbowmen", weapon="breath"), log=log)
    assert "4 models of Brutes breathe on Crossbowmen" in _said(log) and "8 automatic hits at S2" in _said(log)
    brutes = state.units["Brutes"]
    assert brutes.breath_used
    brutes.shot = False
    with pytest.raises(IllegalAction, match="once per game"):
        apply(state, Shoot(seat="p2", unit="Brutes", target="Crossbowmen", weapon="breath"))


def test_only_the_models_within_6_inches_and_in_the_first_two_ranks_breathe():
    # 3 wide and 2 deep, the front 4.5" from the crossbowmen, the second rank 6.1"
    state = _breathing_brutes(y=17.3)
    log = []
    state = apply(state, Shoot(seat="p2", unit="Brutes", target="Crossbowmen", weapon="breath"), log=log)
    said = _said(log)
    assert "3 models of Brutes breathe on Crossbowmen" in said and "3 models out of range (6\")" in said
    assert state.units["Brutes"].breaths_spent + state.units["Brutes"].champion_breathed == 3 and not state.units["Brutes"].breath_used
    state = _breathing_brutes(y=30)
    with pytest.raises(IllegalAction, match="a Breath Weapon reaches 6"):
        apply(state, Shoot(seat="p2", unit="Brutes", target="Crossbowmen", weapon="breath"))


def _brutes_fight(spent=0, champion=False):
    """Six Brutes 3 wide with Breath Weapon in base contact with the Spearmen's front; their Melee phase."""
    from engine.rulesets.ninth_age.actions import Fight
    from engine.table.footprint import Pose
    from loaded_dice import load

    state = scenario({"Brutes": (30, 20, 180, 3), "Spearmen": (30, 0, 0, 5)}, seat="p2", terrain="open")
    a, b = state.units["Brutes"], state.units["Spearmen"]
    state.unit_entry(a).special_rules.append("Breath Weapon (Strength 2)")
    a.breaths_spent, a.champion_breathed = spent, champion  # who has breathed, by identity (breath.py)
    b.pose = Pose(x=30, y=a.pose.y - (a.footprint().depth + b.footprint().depth) / 2, bearing=0)
    state.phase, state.step = "melee", ""
    load(state, *[4] * 400)
    log = []
    state = apply(state, Fight(seat="p2", unit="Brutes"),
                  {"dispel": "none", "challenge": "none", "pursue": "restrain", "restrain": "restrain",
                   "breath": "yes"}, log)
    return state, [str(e.text) for e in log]


def test_in_close_combat_each_model_in_contact_breathes_its_own_once_per_game():
    state, log = _brutes_fight()
    [breath] = [t for t in log if "Breath Weapon (2D6)" in t]
    # the three in the front rank, in base contact: 3 × 2D6
    assert "from 3 models at Spearmen, rolled 4, 4, 4, 4, 4, 4: 24 automatic hits at S2." in breath
    brutes = state.units["Brutes"]
    assert brutes.breaths_spent + brutes.champion_breathed == 3 and not brutes.breath_used  # the rear rank keeps theirs
    # the front rank has used its breath: it is not offered again to models in contact
    _state, log = _brutes_fight(spent=2, champion=True)
    assert not any("Breath Weapon" in t for t in log)
    # one front model still has its own: it alone breathes
    _state, log = _brutes_fight(spent=2)
    [breath] = [t for t in log if "Breath Weapon (2D6)" in t]
    assert "from 1 model at Spearmen, rolled 4, 4: 8 automatic hits at S2." in breath


# -- choosing which models hold their fire: /shoot hold: --------------------------------------------------------
# seed 1284-1288: "Tutti i modelli della medesima Unità devono tirare al medesimo bersaglio [...] campioni e
# Personaggi sono liberi di utilizzare qualsiasi tipo di arma da tiro desiderino. Qualunque modello nell'Unità è
# libero di decidere di non tirare" (never at another target)
def _command(state, line_options, seat="p1"):
    return RULESET.action_from_command(state, seat, "shoot", line_options)


def _crossbows_with_marshal_and_champion():
    state = scenario({"Crossbowmen": (30, 10, 0), "Marshal": (50, 5, 0), "Brutes": (30, 30, 180)}, terrain="open")
    state.phase, state.step = "shooting", ""
    state.unit_entry(state.units["Crossbowmen"]).command.champion = True
    return _join(state, host="Crossbowmen", weapon="longbow")


def test_shoot_hold_names_the_characters_and_the_champion_that_do_not_shoot():
    state = _crossbows_with_marshal_and_champion()
    log = []
    apply(state, Shoot(seat="p1", unit="Crossbowmen", target="Brutes"), log=log)
    said = _said(log)
    assert "Marshal in Crossbowmen shoots (longbow)" in said and "Champion (+1 BS)" in said
    # the Marshal holds its fire; the R&F and the Champion shoot
    action = _command(state, {"unit": "Crossbowmen", "target": "Brutes", "hold": "marshal"})
    assert action.hold == ["Marshal"]
    log = []
    apply(state, action, log=log)
    said = _said(log)
    assert "Marshal in Crossbowmen shoots" not in said and "Marshal holds its fire" in said
    assert "Crossbowmen shoot (crossbow) at Brutes: 9 models in range" in said
    # both: 8 crossbows, none at the Champion's +1
    log = []
    apply(state, _command(state, {"unit": "Crossbowmen", "target": "Brutes", "hold": "Marshal, champion"}), log=log)
    said = _said(log)
    assert "Crossbowmen shoot (crossbow) at Brutes: 8 models in range" in said
    assert "the Champion holds its fire" in said and "Champion (+1 BS)" not in said and "Marshal in" not in said


def test_shoot_hold_refusals():
    state = _crossbows_with_marshal_and_champion()
    with pytest.raises(IllegalAction, match="Brutes is not a character in Crossbowmen"):
        apply(state, _command(state, {"unit": "Crossbowmen", "target": "Brutes", "hold": "Brutes"}))
    state.unit_entry(state.units["Crossbowmen"]).command.champion = False
    with pytest.raises(IllegalAction, match="Crossbowmen have no Champion to hold their fire"):
        apply(state, _command(state, {"unit": "Crossbowmen", "target": "Brutes", "hold": "champion"}))
    # the only shooter holding: nobody shoots, and the unit has not shot
    state = scenario({"Halberdiers": (30, 10, 0, 5), "Marshal": (50, 5, 0), "Brutes": (30, 30, 180)}, terrain="open")
    state.phase, state.step = "shooting", ""
    _join(state, weapon="longbow")
    with pytest.raises(IllegalAction, match="No model of Halberdiers can shoot at Brutes: Marshal holds its fire"):
        apply(state, _command(state, {"unit": "Halberdiers", "target": "Brutes", "hold": "Marshal"}))
    assert not state.units["Halberdiers"].shot
    # artillery has no one to hold
    state = scenario({"Great Cannon": (30, 10, 0), "Brutes": (30, 30, 180)}, terrain="open")
    state.phase, state.step = "shooting", ""
    with pytest.raises(IllegalAction, match="Great Cannon has no Champion"):
        apply(state, _command(state, {"unit": "Great Cannon", "target": "Brutes", "hold": "champion"}))


# -- a Champion's own ranged weapon ------------------------------------------------------------------------------
# seed 1286: "Tuti i modelli di ranghi e file devono usare la medesima arma, campioni e Personaggi sono liberi di
# utilizzare qualsiasi tipo di arma da tiro desiderino"; the army file gives it: "command": {"champion": true,
# "champion_weapons": ["longbow"]}
def test_an_army_file_gives_a_champion_its_own_ranged_weapon_and_refuses_a_wrong_one():
    from engine.rulesets.ninth_age.army import load_army_text

    from ninth_age_helpers import army_data, text, unit

    def loaded(command):
        data = army_data([unit("Warriors", command=command), unit("Gen", "lord", ld=9, general=True)])
        return load_army_text(text(data), "host.json")

    assert loaded({"champion": True, "champion_weapons": ["Pistol"]}).units[0].command.champion_weapons == ["pistol"]
    for command, reason in (
            ({"champion_weapons": ["pistol"]},
             "units.0.command: champion_weapons: the unit has no Champion (champion: true) to carry them"),
            ({"champion": True, "champion_weapons": ["spear"]},
             "units.0.command.champion_weapons: 'spear' is not a ranged weapon a Champion carries"),
            ({"champion": True, "champion_weapons": ["cannon"]},
             "units.0.command.champion_weapons: 'cannon' is not a ranged weapon a Champion carries"),
            ({"champion": True, "champion_weapons": ["pistol", "pistol"]},
             "units.0.command.champion_weapons: 'pistol' is listed twice")):
        with pytest.raises(IllegalAction) as exc:
            loaded(command)
        assert exc.value.message.startswith(f"host.json: {reason}"), exc.value.message


def _crossbows_with_champion(weapons, **more):
    state = scenario({"Crossbowmen": (30, 10, 0), "Brutes": (30, 30, 180), **more}, terrain="open")
    state.phase, state.step = "shooting", ""
    command = state.unit_entry(state.units["Crossbowmen"]).command
    command.champion, command.champion_weapons = True, list(weapons)
    return state


def test_a_champion_shoots_its_own_weapon_at_bs_plus_one_or_the_units():
    state = _crossbows_with_champion(["longbow"])
    asked = RULESET.apply(state, Shoot(seat="p1", unit="Crossbowmen", target="Brutes"))[0].pending.decision
    assert asked.key == "weapon-Crossbowmen-champion" and asked.options == ["crossbow", "longbow"]
    log = []
    apply(state, Shoot(seat="p1", unit="Crossbowmen", target="Brutes"), {"weapon-Crossbowmen-champion": "longbow"}, log)
    said = _said(log)
    # 9 crossbows from the first two ranks, none of them the Champion's; its longbow at BS 3 +1
    assert "Crossbowmen shoot (crossbow) at Brutes: 9 models in range" in said
    assert "The Champion of Crossbowmen shoots (longbow) at Brutes: 1 model in range" in said
    assert "1 with long range -1, Champion (+1 BS) +1" in said
    # choosing the unit's crossbow, it shoots with the rank and file as before
    log = []
    apply(state, Shoot(seat="p1", unit="Crossbowmen", target="Brutes"), {"weapon-Crossbowmen-champion": "crossbow"}, log)
    said = _said(log)
    assert "Crossbowmen shoot (crossbow) at Brutes: 10 models in range" in said
    assert "1 with long range -1, Champion (+1 BS) +1" in said and "The Champion of Crossbowmen shoots" not in said
    # hold:champion, it does not shoot at all
    log = []
    apply(state, Shoot(seat="p1", unit="Crossbowmen", target="Brutes", hold=["champion"]), log=log)
    said = _said(log)
    assert "9 models in range" in said and "the Champion holds its fire" in said
    assert "The Champion of Crossbowmen shoots" not in said and "Champion (+1 BS)" not in said


def test_a_unit_whose_only_ranged_weapon_is_its_champions_shoots_and_stands_and_shoots_with_it():
    state = scenario({"Halberdiers": (30, 10, 0, 5), "Brutes": (30, 30, 180)}, terrain="open")
    state.phase, state.step = "shooting", ""
    command = state.unit_entry(state.units["Halberdiers"]).command
    command.champion, command.champion_weapons = True, ["longbow"]
    log = []
    apply(state, Shoot(seat="p1", unit="Halberdiers", target="Brutes"), log=log)
    assert "The Champion of Halberdiers shoots (longbow) at Brutes: 1 model in range" in _said(log)
    state = scenario({"Halberdiers": (30, 10, 0, 5), "Brutes": (30, 30, 180)}, seat="p2", step="charges",
                     terrain="open")
    command = state.unit_entry(state.units["Halberdiers"]).command
    command.champion, command.champion_weapons = True, ["longbow"]
    log = []
    apply(state, Charge(seat="p2", unit="Brutes", target="Halberdiers"), {"reaction": "stand-and-shoot"}, log)
    said = _said(log)
    assert "Halberdiers react: Stand and Shoot." in said
    assert "The Champion of Halberdiers stands and shoots (longbow) at Brutes" in said
