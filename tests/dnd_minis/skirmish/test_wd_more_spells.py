"""WE-45 (spell resistance), WE-46 (heal against undead), WE-57 (Tyrannical Morale, as a
setting), WE-58 (Turn Undead) through the ruleset."""

import pytest

from engine.rulesets.dnd_minis.abilities import ability_for
from tests.dnd_minis.skirmish.helpers import RULES, act, battle, card, grid, kinds
from tests.scripted import script_dice

FIRE = {"name": "scorching ray", "uses": 2, "level": 2, "range": "sight", "damage": 20, "damage_kind": "fire"}
CURE = {"name": "cure", "uses": 2, "level": 3, "range": "touch", "effect": "heal 20"}


def needs(name):
    if ability_for(name) is None:
        pytest.fail(f"the abilities package does not implement {name!r} yet")


@pytest.mark.parametrize("roll,hurt", [(11, True), (10, False)])
def test_we45_spell_resistance(roll, hurt):
    needs("Spell Resistance")
    mage = card("Mage", spells=[FIRE])
    golem = card("Warded", hp=50, abilities=("Spell Resistance",))
    state = battle([("m", mage, "p1", (0, 0)), ("w", golem, "p2", (6, 0))])
    script_dice(state, roll)
    state, events = act(state, "cast", "p1", creature="m", spell="scorching ray", target="w")
    assert (state.creatures["w"].hp < 50) is hurt and "spell_resistance" in kinds(events)


@pytest.mark.parametrize("roll,left", [(9, 40), (8, 30)])
def test_we46_heal_harms_undead(roll, left):
    priest = card("Priest", spells=[CURE])
    zombie = card("Zombie", level=6, hp=50, types=("Undead",))
    state = battle([("p", priest, "p1", (0, 0)), ("z", zombie, "p2", (1, 0))])
    script_dice(state, roll)
    state, events = act(state, "cast", "p1", creature="p", spell="cure", target="z")
    assert state.creatures["z"].hp == left  # DC 12 + 3: 9 + 6 = 15 saves for 10; 8 + 6 fails, 20


def test_we57_tyrannical_morale_destroys_instead_of_routing():
    needs("Tyrannical Morale +5")
    tyrant = card("Tyrant", commander=1, commander_effects=[{"name": "Tyrannical Morale +5", "text": "Tyrannical Morale +5"}])
    follower = card("Thrall", level=0, hp=40, cost=17)
    state = battle([("t", tyrant, "p2", (5, 7)), ("f", follower, "p2", (5, 5)), ("a", card("Axe", melee=((10, 20),)), "p1", (4, 5))],
                   options={})
    from engine.rulesets.dnd_minis.abilities import hooks
    from engine.rulesets.dnd_minis.skirmish.field import SkirmishField
    if not hooks.tyrannical_offers(state.creatures["f"], SkirmishField(state)):
        pytest.fail("the abilities package does not offer Tyrannical Morale from card commander effects yet")
    script_dice(state, 10, 2)  # hit for 20 (half): morale 2 + 0 + 1 + 5 fails
    lent, events = act(state, "attack", "p1", creature="a", target="f", answers=["lend"])
    f = lent.creatures["f"]
    assert f.destroyed and not f.routed and lent.players["p1"].vp == 17
    # "The commander may choose": withheld, the failed save is an ordinary rout (2 + 1 < 20).
    asked, _ = act(state, "attack", "p1", creature="a", target="f")
    assert (asked.pending.decision.seat, asked.pending.decision.options) == ("p2", ["lend", "withhold"])
    withheld, events = act(state, "attack", "p1", creature="a", target="f", answers=["withhold"])
    assert withheld.creatures["f"].routed and not withheld.creatures["f"].destroyed
    # With the setting off the table never uses it: nobody is asked.
    state.rules = RULES.new_game(7, {"tyrannical_morale": False}).rules
    never, _ = act(state, "attack", "p1", creature="a", target="f")
    assert never.pending is None and never.creatures["f"].routed


def test_we58_turn_undead_forces_a_real_morale_save():
    needs("Turn Undead 6")
    cleric = card("Cleric", commander=2, abilities=("Turn Undead 6",))
    skeleton = card("Skeleton", level=4, hp=20, types=("Undead",))
    exits = [{"name": "exit B", "kind": "exit", "side": "B", "squares": [[11, 11]]}]
    state = battle([("c", cleric, "p1", (0, 0)), ("s", skeleton, "p2", (5, 0)), ("x", card("Other"), "p2", (11, 0))],
                   map=grid(zones=exits))
    script_dice(state, 10)  # 10 + 4 = 14 < 20: it flees (Fearless doesn't help against Turn Undead)
    state, events = act(state, "cast", "p1", creature="c", spell="Turn Undead", target="s",
                        answers=["1"])  # which of the equally quick routes it flees along (§15.3)
    assert "morale_save" in kinds(events) and state.creatures["s"].routed


def test_we79_w43_the_any_keyword_lifts_the_nearest_rule():
    bolt = {"name": "seeking bolt", "uses": 2, "level": 1, "range": "sight", "damage": 10, "effect": "any"}
    plain = {"name": "plain bolt", "uses": 2, "level": 1, "range": "sight", "damage": 10}
    mage = card("Mage", spells=[bolt, plain])
    state = battle([("m", mage, "p1", (0, 0)), ("near", card("Near", hp=50), "p2", (3, 0)), ("far", card("Far", hp=50), "p2", (8, 0))])
    from engine.core import IllegalAction
    with pytest.raises(IllegalAction) as err:
        act(state, "cast", "p1", creature="m", spell="plain bolt", target="far")
    assert err.value.code == "not-nearest"
    state, _ = act(state, "cast", "p1", creature="m", spell="seeking bolt", target="far")
    assert state.creatures["far"].hp == 40 and state.creatures["near"].hp == 50
