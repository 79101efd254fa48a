"""Magic standards in play (§23.8, issue #10): the Gleaming Icon re-rolls the first failed
Leadership test of its unit (one use; with Hold Your Ground as well the owner chooses, E-02)."""

import pytest

from engine.core import IllegalAction
from engine.rulesets.ninth_age.actions import March, MoveStep, UseItem

from game_helpers import RULESET, apply, scenario
from loaded_dice import load, left


def fwd(d):
    return MoveStep(kind="forward", amount=d)


def text(log):
    return "\n".join(e.text for e in log)


def _spearmen_near_brutes(items, placements=None):
    state = scenario({"Spearmen": (36, 10, 0, 6), "Brutes": (46, 16, 180), **(placements or {})})
    entry = state.unit_entry(state.units["Spearmen"])
    state.armies["p1"].units[state.units["Spearmen"].entry] = entry.model_copy(update={"magic_items": list(items)})
    return state


def _refused(applied, words):
    """A march too far after a failed March test: the unit stays, the test stands (§8.12)."""
    state, events = applied
    said = str(events[-1].text)
    assert words in said and ("has not moved" in said or "have not moved" in said), said
    assert not state.units["Spearmen"].moved and state.units["Spearmen"].march_test == "failed"


def test_the_gleaming_icon_re_rolls_the_first_failed_leadership_test_once():
    state = _spearmen_near_brutes(["Gleaming Icon"])
    log = []
    load(state, 6, 6, 1, 1)  # the March test fails on 12; the icon's re-roll passes on 2
    moved = apply(state, March(seat="p1", unit="Spearmen", steps=[fwd(8)]), log=log)
    assert "Spearmen failed a Leadership test for the first time: Spearmen's Gleaming Icon is activated, and the " \
           "test is re-rolled (one use: spent for the rest of the game, §23.8)." in text(log)
    assert any(t.startswith("Spearmen March test") and t.endswith("re-rolled with the Gleaming Icon: Ld 7, rolled 2: "
                                                                 "passed.") for t in text(log).splitlines())
    assert moved.units["Spearmen"].marched and moved.spent_items == {"Spearmen": ["Gleaming Icon"]}
    assert "Gleaming Icon (spent)" in RULESET.army_text(moved, "p1", "p1")
    # spent: the next failure is not re-rolled (the same unit, marching again from the start)
    again = _spearmen_near_brutes(["Gleaming Icon"])
    again.spent_items = {"Spearmen": ["Gleaming Icon"]}
    load(again, 6, 6, 1, 1)
    _refused(RULESET.apply(again, March(seat="p1", unit="Spearmen", steps=[fwd(8)])), "the forward march allows 4\"")
    # it works by itself: /item refuses it with the reason
    with pytest.raises(IllegalAction, match="Gleaming Icon was already used"):
        RULESET.apply(moved, UseItem(seat="p1", unit="Spearmen", item="Gleaming Icon"))
    with pytest.raises(IllegalAction, match="Gleaming Icon is not used with /item"):
        RULESET.apply(state, UseItem(seat="p1", unit="Spearmen", item="Gleaming Icon"))


def test_a_lost_standard_takes_the_gleaming_icon_with_it():
    state = _spearmen_near_brutes(["Gleaming Icon"])
    state.units["Spearmen"].standard_lost = True
    load(state, 6, 6, 1, 1)
    _refused(RULESET.apply(state, March(seat="p1", unit="Spearmen", steps=[fwd(8)])), "the forward march allows 4\"")


@pytest.mark.parametrize("choice", ["icon", "hold"])
def test_e02_with_hold_your_ground_too_the_owner_chooses_one_re_roll(choice):
    state = _spearmen_near_brutes(["Gleaming Icon"], {"Captain": (28, 10, 0)})  # the BSB within 12"
    log = []
    load(state, 6, 6, 6, 6, 1, 1)  # fails, and the one re-roll fails too: no third roll
    moved = apply(state, March(seat="p1", unit="Spearmen", steps=[fwd(3)]), {"gleaming-icon": choice}, log)
    rolls = [t for t in text(log).splitlines() if t.startswith("Spearmen March test")]
    assert len(rolls) == 2 and rolls[1].endswith("rolled 12: failed.")
    assert ("Gleaming Icon" in rolls[1]) == (choice == "icon")
    assert moved.spent_items == ({"Spearmen": ["Gleaming Icon"]} if choice == "icon" else {})
    assert left(moved)[:2] == [1, 1]


# -- the Icon of the Relentless Company: one triple march (§23.8) ----------------------------------------
RELENTLESS = "Icon of the Relentless Company"


def _relentless(**where):
    state = scenario({"Spearmen": (36, 10, 0, 6), "Brutes": (36, 44, 180)}, terrain="open")  # no enemy within 8"
    entry = state.unit_entry(state.units["Spearmen"])
    state.armies["p1"].units[state.units["Spearmen"].entry] = entry.model_copy(update={"magic_items": [RELENTLESS]})
    state.round = 2
    return state


def test_the_relentless_company_marches_at_three_times_its_movement_once():
    state = _relentless()
    with pytest.raises(IllegalAction, match=r"the forward march allows 8\""):  # M4: twice M without the icon
        RULESET.apply(state, March(seat="p1", unit="Spearmen", steps=[fwd(12)]))
    log = []
    state = apply(state, UseItem(seat="p1", unit="Spearmen", item=RELENTLESS), log=log)
    assert "Spearmen activate the Icon of the Relentless Company: this turn Spearmen march at three times their " \
           "Movement instead of twice, at most 15\" (one use: spent for the rest of the game, §23.8)." in text(log)
    with pytest.raises(IllegalAction, match=r"the forward march allows 12\""):
        RULESET.apply(state, March(seat="p1", unit="Spearmen", steps=[fwd(12.5)]))
    moved = apply(state, March(seat="p1", unit="Spearmen", steps=[fwd(12)]))
    assert moved.units["Spearmen"].pose.y == pytest.approx(22)
    assert moved.spent_items == {"Spearmen": [RELENTLESS]}
    with pytest.raises(IllegalAction, match="one use and was already used"):
        RULESET.apply(moved, UseItem(seat="p1", unit="Spearmen", item=RELENTLESS))


def test_the_relentless_company_is_activated_only_at_the_start_of_your_remaining_moves():
    state = _relentless()
    state.step = "charges"
    with pytest.raises(IllegalAction, match="at the start of your Remaining Moves"):
        RULESET.apply(state, UseItem(seat="p1", unit="Spearmen", item=RELENTLESS))
    state = _relentless()
    state = apply(state, March(seat="p1", unit="Spearmen", steps=[fwd(2)]))  # the Remaining Moves have begun
    with pytest.raises(IllegalAction, match="at the start of your Remaining Moves"):
        RULESET.apply(state, UseItem(seat="p1", unit="Spearmen", item=RELENTLESS))
    # game turn 1 after a Vanguard move or a Scouts deployment: refused
    state = _relentless()
    state.round = 1
    state.units["Spearmen"].no_charge_turn1 = True
    with pytest.raises(IllegalAction, match="cannot be used in game turn 1: Spearmen made a Vanguard move"):
        RULESET.apply(state, UseItem(seat="p1", unit="Spearmen", item=RELENTLESS))
    # the standard lost: the icon with it
    state = _relentless()
    state.units["Spearmen"].standard_lost = True
    with pytest.raises(IllegalAction, match="standard is lost"):
        RULESET.apply(state, UseItem(seat="p1", unit="Spearmen", item=RELENTLESS))


def test_the_relentless_company_is_for_infantry_only():
    from tests.ninth_age.ninth_age_helpers import army, unit

    with pytest.raises(Exception, match="Icon of the Relentless Company is for Infantry only"):
        army([unit("Riders", "core", troop_type="cavalry", models=10, command={"standard": True},
                   magic_items=[RELENTLESS])])


# -- the Stalker's Standard: the unit has Strider and Swiftstride (§23.8) --------------------------------
def _stalkers(lost=False):
    state = scenario({"Spearmen": (30, 14, 20, 6), "Brutes": (33, 22, 180)}, step="charges")
    entry = state.unit_entry(state.units["Spearmen"])
    state.armies["p1"].units[state.units["Spearmen"].entry] = entry.model_copy(
        update={"magic_items": ["Stalker's Standard"]})
    state.units["Spearmen"].standard_lost = lost
    return state


@pytest.mark.parametrize("lost", [False, True])
def test_the_stalkers_standard_gives_its_unit_swiftstride_and_strider(lost):
    from engine.rulesets.ninth_age.actions import Charge, EndStep
    from engine.rulesets.ninth_age.terrain_rules import strider

    state = _stalkers(lost)
    log = []
    state = apply(state, Charge(seat="p1", unit="Spearmen", target="Brutes"), None, log)
    load(state, 6, 1, 2)
    state = apply(state, EndStep(seat="p1"), None, log)
    roll = next(e.roll for e in log if e.roll is not None and "charge range" in e.text)
    # Swiftstride: 3D6, the lowest discarded; a lost standard takes the rule with it (§17.2)
    assert list(roll.dice) == ([6, 1, 2] if not lost else [6, 1])
    assert strider(state, state.units["Spearmen"], "forest") is (not lost)
    assert not strider(state, state.units["Brutes"], "forest")


def test_the_stalkers_standard_carried_by_a_joined_bsb_is_the_units():
    from engine.rulesets.ninth_age.mixed_units import standard_rule

    state = _stalkers()
    state.armies["p1"].units[state.units["Spearmen"].entry] = state.unit_entry(state.units["Spearmen"]).model_copy(
        update={"magic_items": []})
    captain = state.units["Captain"]
    state.armies["p1"].units[captain.entry] = state.unit_entry(captain).model_copy(
        update={"magic_items": ["Stalker's Standard"]})
    assert not standard_rule(state, state.units["Spearmen"], "Swiftstride")
    captain.location, captain.host = "joined", "Spearmen"
    assert standard_rule(state, state.units["Spearmen"], "Swiftstride")
    assert standard_rule(state, state.units["Spearmen"], "Strider")


# -- the Aether Icon: its unit dispels as a Wizard Master (§23.8, [A-44]) --------------------------------
def _hexed_spearmen(icon=True, answers=None):
    from engine.rulesets.ninth_age.actions import Cast
    from test_ninth_age_spells_in_play import _magic, _set_spell

    placements = {"Brutes": (30, 20, 180, 3), "Shaman": (37, 22, 180)}
    state = _magic("p2", placements, contact=("Brutes", "Spearmen", 5), dice=(6, 6, 1, 1))
    if icon:
        entry = state.unit_entry(state.units["Spearmen"])
        state.armies["p1"].units[state.units["Spearmen"].entry] = entry.model_copy(update={"magic_items": ["Aether Icon"]})
    _set_spell(state, "p2", "Sap the Strength", {"S": -1})
    state.casters["Shaman"].spells = ["Sap the Strength"]
    load(state, 4, 4, 5, 4)  # cast 4 4; dispel 5 4
    log = []
    state = apply(state, Cast(seat="p2", wizard="Shaman", spell="Sap the Strength", dice=2, target="Spearmen"),
                  {"dispel": "2", "challenge": "none", **(answers or {})}, log)
    return state, log


def test_the_aether_icon_lets_its_unit_dispel_as_a_wizard_master():
    from engine.rulesets.ninth_age.magic import aether_icons

    state, log = _hexed_spearmen(answers={"dispeller": "Spearmen"})
    asked = [e.text for e in log if "a unit with the Aether Icon (+2, as a Wizard Master)" in e.text]
    assert asked and "Spearmen" in asked[0]
    line = next(t for t in text(log).splitlines() if "dispels Sap the Strength" in t)
    assert line == "Spearmen (Aether Icon, as a Wizard Master) dispels Sap the Strength with 2 dice: 5+4 = 9, +2 → 11 " \
                   "against 9: dispelled."
    # without the icon, no unit is offered: the dice alone
    plain, log = _hexed_spearmen(icon=False)
    line = next(t for t in text(log).splitlines() if "dispels Sap the Strength" in t)
    assert "Aether Icon" not in line and "+2" not in line
    # a lost standard takes the icon with it
    state.units["Spearmen"].standard_lost = True
    assert aether_icons(state, "p1") == []


def test_a_hidden_stalkers_standard_is_revealed_when_its_swiftstride_rolls():
    from engine.rulesets.ninth_age.actions import Charge, EndStep

    state = _stalkers()
    state.options["lists"] = "hidden"
    log = []
    state = apply(state, Charge(seat="p1", unit="Spearmen", target="Brutes"), None, log)
    load(state, 6, 1, 2)
    state = apply(state, EndStep(seat="p1"), None, log)
    assert "reveals Stalker's Standard, carried by Spearmen: its unit uses Swiftstride (§2.4)." in text(log)
    assert "Stalker's Standard" in state.revealed["p1"]


def test_the_aether_icon_unit_dispels_a_remains_in_play_spell_in_its_own_magic_phase():
    from engine.rulesets.ninth_age.actions import DispelInPlay, EndStep
    from test_ninth_age_magic import cast, magic_phase

    state, _ = magic_phase(seat="p2", dice=(4, 4, 1, 1))
    entry = state.unit_entry(state.units["Spearmen"])
    state.armies["p1"].units[state.units["Spearmen"].entry] = entry.model_copy(update={"magic_items": ["Aether Icon"]})
    load(state, 5, 5)
    state = cast(state, wizard="Shaman", spell="Thorn Crown", dice=2, target="Spearmen", answers={"dispel": "none"})
    state.phase, state.active, state.step = "movement", "p1", "remaining"
    load(state, 4, 4, 1, 1)
    state = apply(state, EndStep(seat="p1"), {"rip": "none"})
    log = []
    load(state, 4, 3)  # 7 + 2 (as a Wizard Master) >= 9
    state = apply(state, DispelInPlay(seat="p1", spell="Thorn Crown", dice=2, wizard="Spearmen"), None, log)
    assert "Spearmen (Aether Icon, as a Wizard Master) dispels Thorn Crown with 2 dice: 4+3 = 7, +2 → 9 against 9: " \
           "dispelled." in text(log)
    assert not any(e.spell == "Thorn Crown" for e in state.effects)
