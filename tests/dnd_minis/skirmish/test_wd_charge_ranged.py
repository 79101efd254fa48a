"""War Drums §29.4-§29.5: charges (WE-22 to WE-28) and ranged attacks (WE-29 to WE-35)."""

import pytest

from engine.core import IllegalAction
from engine.rulesets.dnd_minis.abilities import ability_for
from engine.rulesets.dnd_minis.creature import Condition
from tests.dnd_minis.skirmish.helpers import act, battle, card, first, grid, kinds
from tests.scripted import script_dice

DWARF = card("Dwarf", speed=4, melee=((6, 10),))
ORC = card("Orc", ac=14, hp=40)
WARRIOR = card("Warrior")


def needs(*names):
    for name in names:
        if ability_for(name) is None:
            pytest.fail(f"the abilities package does not implement {name!r} yet")


def charge_state(g=None, extra=(), dwarf_at=(0, 0), orc_at=(5, 5)):
    return battle([("dwarf", DWARF, "p1", dwarf_at), ("orc", ORC, "p2", orc_at), *extra], map=g)


def test_we22_legal_charge():
    state = charge_state()
    script_dice(state, 10)
    state, events = act(state, "charge", "p1", creature="dwarf")
    assert state.creatures["dwarf"].square == (4, 4)
    roll = first(events, "attack_roll")
    assert "charging" in roll.text and roll.roll.total == 10 + 6 + 2
    assert "turn_ended" in kinds(events)


@pytest.mark.parametrize("variant", ["ally-on-square", "difficult", "wall", "ally-in-lane"])
def test_we23_charge_blocked_three_ways(variant):
    g, extra = None, []
    if variant == "ally-on-square":
        extra = [("warrior", WARRIOR, "p1", (4, 4))]
    elif variant == "difficult":
        g = grid(terrain={"difficult": [(2, 2)]})
    elif variant == "wall":
        g = grid(walls=[(2, 2)])
    else:
        extra = [("warrior", WARRIOR, "p1", (2, 2))]
    state = charge_state(g, extra)
    with pytest.raises(IllegalAction) as err:
        act(state, "charge", "p1", creature="dwarf")
    # (b') the wall also hides the Orc (no line of sight): no charge either way.
    assert err.value.code in ("charge-blocked", "lane-blocked") or variant == "wall" and err.value.code == "no-charge"
    # ... and it may not charge another enemy instead.
    state = charge_state(g, [*extra, ("far", card("Far Orc"), "p2", (0, 9))])
    with pytest.raises(IllegalAction):
        act(state, "charge", "p1", creature="dwarf", target="far")


def test_we24_charging_out_of_difficult_terrain():
    state = charge_state(grid(terrain={"difficult": [(0, 0)]}))
    script_dice(state, 10)
    state, events = act(state, "charge", "p1", creature="dwarf")
    assert state.creatures["dwarf"].square == (4, 4)


def test_we25_too_short_for_a_charge_but_move_and_attack_is_fine():
    state = charge_state(orc_at=(2, 0))
    with pytest.raises(IllegalAction) as err:
        act(state, "charge", "p1", creature="dwarf")
    assert err.value.code == "too-short"
    script_dice(state, 10)
    state, _ = act(state, "move", "p1", creature="dwarf", to=(1, 0))
    state, events = act(state, "attack", "p1", creature="dwarf", target="orc")
    assert "charging" not in first(events, "attack_roll").text


def test_we26_only_the_nearest_visible_enemy():
    x, y = card("X"), card("Y")
    hidden = card("Z")
    state = battle([("dwarf", DWARF, "p1", (0, 0)), ("x", x, "p2", (4, 0)), ("y", y, "p2", (6, 0)),
                    ("z", hidden, "p2", (2, 2))], map=grid(walls=[(1, 1), (2, 1), (1, 2), (3, 2), (2, 3), (3, 3)]))
    # Z is closest by path but out of sight at the start of the turn: X is the nearest to charge.
    with pytest.raises(IllegalAction) as err:
        act(state, "charge", "p1", creature="dwarf", target="y")
    assert err.value.code == "not-nearest"
    script_dice(state, 10)
    state, events = act(state, "charge", "p1", creature="dwarf", target="x")
    assert state.creatures["dwarf"].square == (3, 0)


def test_we28_set_against_charge_and_pounce():
    needs("Set against Charge 10", "Pounce")
    spear = card("Spearman", ac=10, hp=50, abilities=("Set against Charge 10",))
    cat = card("Lion", speed=4, melee=((12, 10), (12, 10)), hp=40, abilities=("Pounce",))
    state = battle([("lion", cat, "p1", (0, 0)), ("spear", spear, "p2", (5, 5))])
    script_dice(state, 10, 10)
    state, events = act(state, "charge", "p1", creature="lion")
    assert state.creatures["lion"].hp == 30
    rolls = [e for e in events if e.kind == "attack_roll"]
    assert len(rolls) == 2 and all(e.roll.total == 10 + 12 + 2 for e in rolls)


# -- ranged -------------------------------------------------------------------------------------
ARCHER = card("Archer", ranged=((8, 10), (8, 10)), melee=((3, 5),))
GNOLL = card("Gnoll", ac=14, hp=30)


def test_we29_the_nearest_enemy_must_be_shot_even_in_cover():
    g = grid(walls=[(3, 1)])
    state = battle([("archer", ARCHER, "p1", (0, 0)), ("orc", ORC, "p2", (4, 2)), ("gnoll", GNOLL, "p2", (0, 6))], map=g)
    with pytest.raises(IllegalAction) as err:
        act(state, "attack", "p1", creature="archer", target="gnoll")
    assert err.value.code == "not-nearest"
    script_dice(state, 10)
    state, events = act(state, "attack", "p1", creature="archer", target="orc")
    assert "cover" in first(events, "attack_roll").text


def test_we30_creature_cover_plus_shooting_into_melee():
    ranger = card("Ranger")
    state = battle([("archer", ARCHER, "p1", (0, 0)), ("ranger", ranger, "p1", (3, 0)), ("gnoll", GNOLL, "p2", (4, 0))])
    script_dice(state, 10)
    state, events = act(state, "attack", "p1", creature="archer", target="gnoll")
    roll = first(events, "attack_roll")
    assert "AC 22" in roll.text and "cover" in roll.text and "in melee" in roll.text


def test_we30_precise_shot_drops_the_into_melee_penalty():
    needs("Precise Shot")
    sniper = card("Sniper", ranged=((8, 10),), abilities=("Precise Shot",))
    state = battle([("archer", sniper, "p1", (0, 0)), ("ranger", card("Ranger"), "p1", (3, 0)), ("gnoll", GNOLL, "p2", (4, 0))])
    script_dice(state, 10)
    state, events = act(state, "attack", "p1", creature="archer", target="gnoll")
    assert "AC 18" in first(events, "attack_roll").text


def test_we31_cover_does_not_stack():
    g = grid(walls=[(3, 1)])
    state = battle([("archer", ARCHER, "p1", (0, 0)), ("orc", ORC, "p2", (4, 2)), ("ally", card("Ally"), "p1", (2, 1))], map=g)
    script_dice(state, 10)
    state, events = act(state, "attack", "p1", creature="archer", target="orc")
    assert "AC 18" in first(events, "attack_roll").text  # 14 + 4 once


def test_we32_shooting_around_a_corner():
    g = grid(walls=[(0, 1), (1, 1), (2, 1)])
    state = battle([("archer", ARCHER, "p1", (3, 1)), ("orc", ORC, "p2", (1, 0))], map=g)
    script_dice(state, 10)
    state, events = act(state, "attack", "p1", creature="archer", target="orc", ranged=True)
    assert "cover" not in first(events, "attack_roll").text


def test_we33_a_threatened_archer_cannot_shoot():
    state = battle([("archer", ARCHER, "p1", (0, 0)), ("gnoll", GNOLL, "p2", (1, 0)), ("orc", ORC, "p2", (6, 6))])
    with pytest.raises(IllegalAction) as err:
        act(state, "attack", "p1", creature="archer", target="gnoll", ranged=True)
    assert err.value.code == "threatened"
    # The threatener routing (not active) frees it.
    state.creatures["gnoll"].routed = True
    script_dice(state, 10)
    state, events = act(state, "attack", "p1", creature="archer", target="gnoll", ranged=True)
    assert "attack_roll" in kinds(events)


def test_we34_the_second_arrow_goes_to_the_new_nearest_enemy():
    weak = card("Kobold", ac=5, hp=5)
    state = battle([("archer", ARCHER, "p1", (0, 0)), ("kobold", weak, "p2", (3, 0)), ("gnoll", GNOLL, "p2", (6, 0))])
    script_dice(state, 15, 15)
    state, events = act(state, "attack", "p1", creature="archer", target="kobold")
    assert state.creatures["kobold"].destroyed
    state, events = act(state, "attack", "p1", creature="archer", target="gnoll")
    assert first(events, "attack_roll").data["defender"] == "gnoll"


def test_we35_invisible_targets_cannot_be_shot_helpless_ones_give_plus_four():
    state = battle([("archer", ARCHER, "p1", (0, 0)), ("gnoll", GNOLL, "p2", (5, 0)), ("orc", ORC, "p2", (9, 0))])
    try:
        state.creatures["gnoll"].add_condition(Condition(name="invisible"))
        with pytest.raises(IllegalAction):
            act(state, "attack", "p1", creature="archer", target="gnoll")
        state.creatures["gnoll"].conditions = []
        state.creatures["gnoll"].add_condition(Condition(name="paralyzed", dc=15, ends="save"))
        script_dice(state, 10)
        state, events = act(state, "attack", "p1", creature="archer", target="gnoll")
    except LookupError:
        pytest.fail("the abilities package has not registered invisible/paralyzed yet")
    roll = first(events, "attack_roll")
    assert "helpless" in roll.text and roll.roll.total == 10 + 8 + 4
