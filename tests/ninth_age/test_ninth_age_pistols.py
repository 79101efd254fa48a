"""Pistols in close combat, read one way (#10). The seed's §15.2 (lines 2393-2405): a Pistol
and a Brace of Pistols "In CaC si considera 'Arma Addizionale'", and its §15.1 (line 2349):
"I modelli in arcione non possono utilizzare un Arma Addizionale". So a model on foot with a
pistol fights with an additional hand weapon (+1 A, +1 I; it may not pick its hand weapon) and
a mounted one with its hand weapon. The loadout (loadout.weapons), the list /army show prints
and the Melee phase's blows all say the same."""

from engine.rulesets.ninth_age import fighters
from engine.rulesets.ninth_age.army import sample_army
from engine.rulesets.ninth_age.building import unit_line
from engine.rulesets.ninth_age.loadout import cc_weapon_choices, weapons
from engine.table.contact import in_contact
from engine.table.frame import mm

from game_helpers import scenario


def _melee(state, seat="p1"):
    state.phase, state.step, state.active = "melee", "", seat
    return state


def _facing_brutes(unit: str, depth_mm: float, equipment: list[str] | None = None):
    state = scenario({"Brutes": (30, 20, 180), unit: (30, 20 - mm(40) - depth_mm / 2, 0, 5)}, terrain="open")
    if equipment is not None:
        army = state.armies[state.units[unit].owner]
        entry = army.units[state.units[unit].entry]
        army.units[state.units[unit].entry] = entry.model_copy(update={"equipment": equipment})
    assert in_contact(state.units[unit].footprint(), state.units["Brutes"].footprint())
    return _melee(state)


def test_mounted_pistoliers_fight_with_their_hand_weapon_in_the_loadout_the_list_and_the_fight():
    army = sample_army("iron-marches")
    pistoliers = army.unit("Pistoliers")
    assert pistoliers.troop.mounted and "brace of pistols" in pistoliers.equipment
    [weapon] = weapons(pistoliers, "cc", army)
    assert (weapon.name, weapon.attacks, weapon.initiative) == (
        "hand weapon", pistoliers.unmodified("A", 0), pistoliers.unmodified("I", 0))
    assert cc_weapon_choices(pistoliers) == ["hand weapon"]
    assert "brace of pistols (in melee a hand weapon" in str(unit_line(pistoliers, army))
    state = _facing_brutes("Pistoliers", 0)
    unit = state.units["Pistoliers"]
    assert fighters.weapon_choices(state, unit) == ["hand weapon"]
    riders = [b for b in fighters.blows(state, unit) if not b.special and b.part == 0]
    assert {b.weapon for b in riders} == {"hand weapon"}
    assert {b.initiative for b in riders} == {pistoliers.unmodified("I", 0)}


def test_a_pistol_on_foot_is_an_additional_hand_weapon_in_the_loadout_the_list_and_the_fight():
    army = sample_army("iron-marches")
    gunners = army.unit("Handgunners").model_copy(update={"equipment": ["handgun", "pistol", "light armour"]})
    assert not gunners.troop.mounted
    [weapon] = weapons(gunners, "cc", army)
    base_a, base_i = gunners.unmodified("A", 0), gunners.unmodified("I", 0)
    assert (weapon.name, weapon.attacks, weapon.initiative) == ("additional hand weapon", base_a + 1, base_i + 1)
    assert cc_weapon_choices(gunners) == ["additional hand weapon"]
    assert "pistol (in melee an additional hand weapon: +1 A, +1 I)" in str(unit_line(gunners, army))
    state = _facing_brutes("Handgunners", 2 * mm(20), ["handgun", "pistol", "light armour"])
    unit = state.units["Handgunners"]
    assert fighters.weapon_choices(state, unit) == ["additional hand weapon"]
    blows = [b for b in fighters.blows(state, unit) if not b.special and not b.champion]
    assert {b.weapon for b in blows} == {"additional hand weapon"}
    assert {b.initiative for b in blows} == {base_i + 1}
    # without the pistol the same men fight with their hand weapon: each of the five in base
    # contact makes one attack fewer (a supporting attack is one whatever the weapon)
    plain = _facing_brutes("Handgunners", 2 * mm(20), ["handgun", "light armour"])
    plain_blows = [b for b in fighters.blows(plain, plain.units["Handgunners"]) if not b.special and not b.champion]
    assert {b.weapon for b in plain_blows} == {"hand weapon"}
    assert sum(b.count for b in blows) - sum(b.count for b in plain_blows) == 5
