"""The Skull Splitter (§23.3, issue #10): a magic ranged weapon, Range 24", S4, Multiple Shots (4),
Armour Piercing (1), always hits on 4+, fired by its bearer in the Shooting phase."""

import pytest

from engine.core.errors import IllegalAction
from engine.rulesets.ninth_age.shooting_phase import Shoot

from game_helpers import RULESET, apply, scenario
from loaded_dice import load

NO = {"dispel": "none"}


def text(log):
    return "\n".join(e.text for e in log)


def _marshal_shoots(distance, items=("Skull Splitter",), moved=False):
    state = scenario({"Marshal": (30, 10, 0), "Brutes": (30, 10 + distance, 180, 5)}, seat="p1", terrain="open")
    marshal = state.units["Marshal"]
    state.armies["p1"].units[marshal.entry] = state.unit_entry(marshal).model_copy(update={"magic_items": list(items)})
    marshal.moved = moved
    state.phase, state.step = "shooting", ""
    return state


def test_the_skull_splitter_fires_four_shots_that_always_hit_on_4_plus():
    # long range and moved would be -2 to hit at BS: the Skull Splitter ignores them
    state = _marshal_shoots(20, moved=True)
    log = []
    load(state, 4, 3, 6, 1, 2, 2)  # to hit 4 3 6 1: 2 hits; to wound 2 2
    state = apply(state, Shoot(seat="p1", unit="Marshal", target="Brutes"), {"multiple-shots": "multiple"}, log)
    assert "Marshal shoots (skull splitter) at Brutes: 4 shots, always hitting on 4+ (no modifier applies): " \
           "4 3 6 1: 2 hits." in text(log)
    assert "Marshal shoots (skull splitter) at Brutes: 2 to wound at S4 against T4" in text(log)


def test_the_skull_splitter_has_armour_piercing_and_magical_attacks():
    from engine.rulesets.ninth_age.weapons import MAGIC_RANGED

    attack = MAGIC_RANGED["skull splitter"].attack(3)
    assert attack.strength == 4 and attack.armour_piercing == 1 and attack.magical and attack.category == "shooting"


def test_the_skull_splitter_reaches_24_inches_and_only_its_bearer_shoots_it():
    state = _marshal_shoots(26)
    with pytest.raises(IllegalAction, match="No model of Marshal can shoot at Brutes"):
        RULESET.apply(state, Shoot(seat="p1", unit="Marshal", target="Brutes"))
    state = _marshal_shoots(20, items=("Sword of Strength",))
    with pytest.raises(IllegalAction, match="Marshal has no ranged weapon"):
        RULESET.apply(state, Shoot(seat="p1", unit="Marshal", target="Brutes"))
    state = _marshal_shoots(20)
    with pytest.raises(IllegalAction, match="carries no crossbow"):
        RULESET.apply(state, Shoot(seat="p1", unit="Marshal", target="Brutes", weapon="crossbow"))
