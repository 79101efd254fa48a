"""A special rule a model has twice with different values (§21.4, seed 001:3124-3130): "Se le
Regole Speciali duplicate riportano un diverso valore (X), utilizzare quello con il valore più
alto. Se X è il risultato del lancio del dado a volte non risulta chiaro quale X sia il valore
più alto. In tal caso si può scegliere quale regola usare (prima di lanciare qualunque dado)".

Played: Brutes (Monstrous Infantry, Stomp (1)) given Stomp (D6) stomped with 1 (the plain number
always won). Now the clearly higher applies by itself (D6 is never less than 1), and where a dice
roll makes it unclear (D6 against 3) the owner chooses with /decide, each combat round, before the
dice are rolled (the default: the higher on average). A game begun before rules version 6 keeps
the plain number, so its log replays as it was played."""

import pytest

from engine.core.decisions import Decide
from engine.rulesets.ninth_age import fighters
from engine.rulesets.ninth_age.actions import Fight
from engine.table.footprint import Pose

from game_helpers import RULESET, apply, scenario
from loaded_dice import load

QUIET = {"dispel": "none", "challenge": "none", "pursue": "restrain", "restrain": "restrain", "crush": "normal-attacks"}


def _brutes_on_spearmen(extra_rule: str, v6: bool = True):
    state = scenario({"Brutes": (30, 20, 180, 3)}, seat="p2", terrain="open")
    a, b = state.units["Brutes"], state.units["Spearmen"]
    b.formation = b.formation.model_copy(update={"files": 5})
    b.location = "table"
    b.pose = Pose(x=a.pose.x, y=0, bearing=0)
    b.pose = Pose(x=a.pose.x, y=a.pose.y - (a.footprint().depth + b.footprint().depth) / 2, bearing=0)
    entry = state.unit_entry(a)
    state.armies["p2"].units[a.entry] = entry.model_copy(update={"special_rules": entry.special_rules + [extra_rule]})
    state.phase, state.step = "melee", ""
    state.rules_version = 6 if v6 else 5
    return state


@pytest.mark.parametrize("values, clear", [(["1", "D6"], "D6"), (["D6", "1"], "D6"), (["2D6", "D6"], "2D6"),
                                           (["3", "4"], "4"), (["D6", "3"], None), (["D3+1", "D6"], None)])
def test_the_clearly_higher_value(values, clear):
    assert fighters.clearly_highest(values) == clear
    assert fighters.value_range("D3+1") == (2, 4, 3.0) and fighters.value_range("2D6") == (2, 12, 7.0)


def test_stomp_d6_beside_the_troop_types_stomp_1_stomps_d6():
    state = _brutes_on_spearmen("Stomp (D6)")
    assert state.unit_entry(state.units["Brutes"]).rule_values("Stomp") == ["1", "D6"]
    stomp = [b for b in fighters.special_attacks(state, state.units["Brutes"], {}) if b.special == "Stomp"]
    assert [b.hits for b in stomp] == ["D6"]
    log = []
    load(state, *[4] * 100)
    apply(state, Fight(seat="p2", unit="Brutes"), QUIET, log)
    said = "\n".join(str(e.text) for e in log)
    assert "I0: Brutes Stomp (D6)" in said and "Brutes Stomp (1)" not in said, said


def test_a_game_begun_before_version_6_stomps_with_the_plain_number():
    state = _brutes_on_spearmen("Stomp (D6)", v6=False)
    stomp = [b for b in fighters.special_attacks(state, state.units["Brutes"], {}) if b.special == "Stomp"]
    assert [b.hits for b in stomp] == ["1"]
    assert RULESET.new_game_at(3, {}, 5).duplicate_rules_v6 is False
    assert RULESET.new_game_at(3, {}, 6).duplicate_rules_v6 is True


def test_the_owner_chooses_when_a_dice_roll_makes_the_higher_unclear():
    state = _brutes_on_spearmen("Stomp (3)")
    state.armies["p2"].units[state.units["Brutes"].entry] = state.unit_entry(state.units["Brutes"]).model_copy(
        update={"troop_type": "monster"})  # Stomp (D6) of its troop type, and Stomp (3) of its own
    assert state.unit_entry(state.units["Brutes"]).rule_values("Stomp") == ["D6", "3"]
    load(state, *[4] * 100)
    asked, _events = RULESET.apply(state, Fight(seat="p2", unit="Brutes"))
    while asked.pending is not None and not asked.pending.decision.key.startswith("duplicate-"):
        d = asked.pending.decision
        answer = next((v for k, v in QUIET.items() if d.key.startswith(k)), d.default or d.options[0])
        asked, _events = RULESET.apply(asked, Decide.to(asked.pending, d.seat, answer))
    d = asked.pending.decision
    assert d.key.startswith("duplicate-Stomp-Brutes-") and d.seat == "p2"
    assert d.options == ["D6", "3"] and d.default == "D6"  # 3.5 on average against 3
    assert str(d.asked()).startswith("Brutes have Stomp twice, with different values (D6, 3): which applies this "
                                     "combat round?"), d.asked()
    from bot.i18n import say

    assert say(d.asked(), "it").startswith("Brutes hanno Calpestamento due volte"), say(d.asked(), "it")
    assert "Brutes" in say(d.asked(), "hu") and "kétszer" in say(d.asked(), "hu"), say(d.asked(), "hu")
    log = []
    apply(state, Fight(seat="p2", unit="Brutes"), {**QUIET, "duplicate": "3"}, log)
    said = "\n".join(str(e.text) for e in log)
    assert "I0: Brutes Stomp (3)" in said, said


def test_auto_special_attacks_takes_the_higher_average_for_a_player_who_asked_it():
    from engine.rulesets.ninth_age.auto_answer import kind_of

    assert kind_of("duplicate-Stomp-Brutes-1-0") == "special-attacks"
