"""Characters in a shooting unit (§10.3): "Tutti i modelli di ranghi e file devono usare la medesima
arma, campioni e Personaggi sono liberi di utilizzare qualsiasi tipo di arma da tiro desiderino" and
"Tutti i modelli della medesima Unità devono tirare al medesimo bersaglio": a character in the unit
shoots with its own ranged weapon and its own BS at the unit's target, and its place in the block
never fires the rank and file's weapon."""

import pytest

from engine.core.errors import IllegalAction
from engine.rulesets.ninth_age import characters
from engine.rulesets.ninth_age.shooting_phase import Shoot

from game_helpers import apply, scenario


def _shooting(placements, char="Marshal", host="Crossbowmen", bow=None):
    state = scenario(placements, terrain="open")
    state.phase, state.step = "shooting", ""
    characters._place(state, state.units[char], state.units[host], 1, [])  # the front rank's second file
    if bow:
        state.unit_entry(state.units[char]).equipment.append(bow)
    return state


def _said(log):
    return " | ".join(str(e.text) for e in log)


def test_a_character_without_a_ranged_weapon_does_not_fire_the_units_crossbow():
    state = _shooting({"Crossbowmen": (30, 10, 0), "Brutes": (30, 30, 180)})
    log = []
    apply(state, Shoot(seat="p1", unit="Crossbowmen", target="Brutes"), log=log)
    said = _said(log)
    # 4 R&F beside the Marshal in the front rank and 5 behind: 9 crossbows, not 10
    assert "Crossbowmen shoot (crossbow) at Brutes: 9 models in range" in said
    assert "9 shots at BS 3 -1" in said and "Marshal" not in said


def test_a_character_shoots_its_own_weapon_at_its_own_bs_at_the_units_target():
    state = _shooting({"Crossbowmen": (30, 10, 0), "Brutes": (30, 30, 180)}, bow="longbow")
    log = []
    state = apply(state, Shoot(seat="p1", unit="Crossbowmen", target="Brutes"), log=log)
    said = _said(log)
    assert "Crossbowmen shoot (crossbow) at Brutes: 9 models in range" in said
    assert "9 shots at BS 3 -1, needing 5+" in said
    # the Marshal's longbow (30", S3) at its BS 5, long range as its own distance says
    assert "Marshal in Crossbowmen shoots (longbow) at Brutes: 1 model in range" in said
    assert "1 shot at BS 5 -1, needing 3+" in said
    assert state.units["Crossbowmen"].shot
    with pytest.raises(IllegalAction, match="already shot this phase"):
        apply(state, Shoot(seat="p1", unit="Crossbowmen", target="Brutes"))


def test_a_unit_whose_only_ranged_weapon_is_its_characters_shoots_with_it():
    state = _shooting({"Halberdiers": (30, 10, 0, 5), "Brutes": (30, 30, 180)}, host="Halberdiers", bow="longbow")
    log = []
    state = apply(state, Shoot(seat="p1", unit="Halberdiers", target="Brutes"), log=log)
    said = _said(log)
    assert "Marshal in Halberdiers shoots (longbow) at Brutes: 1 model in range" in said
    assert not any(str(e.text).startswith("Halberdiers shoot") for e in log) and state.units["Halberdiers"].shot
    # without it, the unit has no ranged weapon at all
    state = _shooting({"Halberdiers": (30, 10, 0, 5), "Brutes": (30, 30, 180)}, host="Halberdiers")
    with pytest.raises(IllegalAction, match="Halberdiers have no ranged weapon"):
        apply(state, Shoot(seat="p1", unit="Halberdiers", target="Brutes"))


def test_a_character_in_a_unit_is_told_it_shoots_with_its_unit():
    state = _shooting({"Crossbowmen": (30, 10, 0), "Brutes": (30, 30, 180)}, bow="longbow")
    with pytest.raises(IllegalAction, match=r"Marshal is in Crossbowmen: it shoots with its unit, "
                                            r"/shoot unit:Crossbowmen \(§10.3\)"):
        apply(state, Shoot(seat="p1", unit="Marshal", target="Brutes"))


def test_the_phase_lists_a_unit_whose_character_carries_a_ranged_weapon_as_able_to_shoot():
    from engine.rulesets.ninth_age.shooting_phase import could_shoot

    state = _shooting({"Halberdiers": (30, 10, 0, 5), "Brutes": (30, 30, 180)}, host="Halberdiers")
    assert not could_shoot(state, state.units["Halberdiers"])
    state.unit_entry(state.units["Marshal"]).equipment.append("longbow")
    assert could_shoot(state, state.units["Halberdiers"])


def test_a_character_with_two_ranged_weapons_chooses_its_own():
    from game_helpers import RULESET

    state = _shooting({"Crossbowmen": (30, 10, 0), "Brutes": (30, 22, 180)}, bow="longbow")
    state.unit_entry(state.units["Marshal"]).equipment.append("throwing weapons")
    asked = RULESET.apply(state, Shoot(seat="p1", unit="Crossbowmen", target="Brutes"))[0].pending.decision
    assert asked.key == "weapon-Marshal" and asked.options == ["longbow", "throwing-weapons"]
    log = []
    apply(state, Shoot(seat="p1", unit="Crossbowmen", target="Brutes"),
          {"weapon-Marshal": "throwing-weapons", "multiple-shots-Marshal": "multiple"}, log)
    said = _said(log)
    # its own Multiple Shots (2) at -1, its S 4 (the user's S); the R&F shoot their crossbows once each
    assert "Marshal in Crossbowmen shoots (throwing weapons) at Brutes: 1 model in range" in said
    assert "1 with long range -1, Multiple Shots -1" in said  # 9.2" of its 12"
    assert "2 shots at BS 5 -2, needing 4+" in said and "9 shots at BS 3 +0, needing 4+" in said
