"""Spells through /cast: W-30 (blast of flame), WE-42 (flame strike and save halving), WE-43
(stacking), WE-47 (threatened caster, no double move), WE-48 (immune nearest target)."""

import pytest

from engine.core import IllegalAction
from tests.dnd_minis.skirmish.helpers import act, battle, card, first
from tests.scripted import script_dice

BLAST = {"name": "blast of flame", "uses": 1, "level": 2, "range": "cone", "damage": 30, "damage_kind": "fire",
         "ignore_spell_resistance": True, "dc": 16}
FLAME_STRIKE = {"name": "flame strike", "uses": 1, "level": 5, "range": "sight", "area": "radius 2", "damage": 30,
                "damage_kind": "fire", "dc": 16}
WEAPON = {"name": "magic weapon", "uses": 1, "level": 1, "range": "touch", "effect": "attack +1, ignore DR"}
BLESS = {"name": "bless", "uses": 1, "level": 1, "range": "your warband", "effect": "attack +1"}
HOLD = {"name": "hold person", "uses": 1, "level": 3, "range": "sight", "effect": "target living creature is paralyzed",
        "dc": 15}

WIZARD = card("Adventuring Wizard", hp=20, spells=[BLAST, WEAPON, BLESS])


def test_w30_blast_of_flame_saves_for_half_and_spends_its_box():
    state = battle([("w", WIZARD, "p1", (0, 0)), ("a", card("Level Four", level=4, hp=50), "p2", (2, 2)),
                    ("b", card("Level Two", level=2, hp=50), "p2", (3, 1))])
    script_dice(state, 12, 13)
    state, events = act(state, "cast", "p1", creature="w", spell="blast of flame", target="a",
                        answers=["a"])  # the order of the two saves: Bob's choice (§22.1)
    assert state.creatures["a"].hp == 35 and state.creatures["b"].hp == 20
    assert state.creatures["w"].uses["blast of flame"] == 1
    assert not any(e.kind == "spell_resistance" for e in events)


def test_w30_the_box_is_gone_after_one_cast():
    state = battle([("w", WIZARD, "p1", (0, 0)), ("a", card("Foe", hp=90), "p2", (3, 3))])
    state.creatures["w"].uses["blast of flame"] = 1
    with pytest.raises(IllegalAction) as err:
        act(state, "cast", "p1", creature="w", spell="blast of flame", target="a")
    assert err.value.code == "unknown-spell"


def test_we47_a_threatened_caster_casts_only_touch_spells():
    state = battle([("w", WIZARD, "p1", (0, 0)), ("a", card("Foe", hp=90), "p2", (1, 0)), ("ally", card("Ally"), "p1", (0, 1))])
    with pytest.raises(IllegalAction) as err:
        act(state, "cast", "p1", creature="w", spell="blast of flame", target="a")
    assert err.value.code == "threatened"
    state, events = act(state, "cast", "p1", creature="w", spell="magic weapon", target="ally")
    assert any(e.kind == "effect" for e in events)
    assert [e.name for e in state.creatures["ally"].effects] == ["magic weapon"]


def test_we47_casting_forbids_the_double_move():
    state = battle([("w", WIZARD, "p1", (0, 0)), ("a", card("Foe", hp=90), "p2", (11, 11)), ("ally", card("Ally"), "p1", (9, 0))])
    state, _ = act(state, "move", "p1", creature="w", to=(8, 0))
    with pytest.raises(IllegalAction) as err:
        act(state, "cast", "p1", creature="w", spell="magic weapon", target="ally")
    assert err.value.code == "double-moved"


def test_we42_flame_strike_radius_and_halving():
    priest = card("Lion of Talisid", spells=[FLAME_STRIKE])
    state = battle([("p", priest, "p1", (0, 0)), ("t", card("Target", level=5, hp=50), "p2", (6, 6)),
                    ("n", card("Neighbour", level=5, hp=50), "p2", (8, 6))])
    script_dice(state, 11, 10)
    state, events = act(state, "cast", "p1", creature="p", spell="flame strike", target="t",
                        answers=["t"])  # the order of the two saves: p2's choice (§24)
    assert state.creatures["t"].hp == 35 and state.creatures["n"].hp == 20


def test_we43_bless_reaches_the_whole_warband_and_stacks_with_magic_weapon():
    state = battle([("w", WIZARD, "p1", (0, 0)), ("x", card("Fighter", melee=((5, 10),)), "p1", (5, 5)),
                    ("foe", card("Foe", ac=40, hp=90), "p2", (6, 5))])
    state, _ = act(state, "cast", "p1", creature="w", spell="bless")
    assert {e.name for e in state.creatures["x"].effects} == {"bless"}
    assert state.activation.replaced_attack == "bless"  # it may still move its speed, not attack
    with pytest.raises(IllegalAction):
        act(state, "attack", "p1", creature="w", target="foe")
    state, _ = act(state, "end", "p1")
    state.creatures["x"].effects.append(state.creatures["x"].effects[0].model_copy(update={"name": "magic weapon",
                                                                                          "family": "magic weapon"}))
    script_dice(state, 10)
    state, events = act(state, "attack", "p1", creature="x", target="foe")
    assert first(events, "attack_roll").roll.total == 10 + 5 + 2


def test_we48_an_immune_nearest_target_refuses_the_spell():
    mage = card("Mage", spells=[HOLD])
    state = battle([("m", mage, "p1", (0, 0)), ("golem", card("Golem", types=("Construct",)), "p2", (3, 0)),
                    ("orc", card("Orc"), "p2", (6, 0))])
    with pytest.raises(IllegalAction) as err:
        act(state, "cast", "p1", creature="m", spell="hold person", target="orc")
    assert err.value.code == "not-nearest"
    with pytest.raises(IllegalAction) as err:
        act(state, "cast", "p1", creature="m", spell="hold person", target="golem")
    assert err.value.code == "immune-nearest"
