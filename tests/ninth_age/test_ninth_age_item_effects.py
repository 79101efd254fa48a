"""The §23 magic items whose effect no other test showed, each shown through the pipeline that
applies it in play (the attacks a fighter makes, the to-hit, the attack it carries, the defence
a blow meets, spell generation). The Marshal (WS6 S4 I6 A4, hand weapon, plate armour, shield;
T4 W3) carries each in turn. Items the engine does not referee (Crystal Ball, Ring of Fire) are
refused by name at army validation (test_ninth_age_items)."""

import pytest

from engine.rulesets.ninth_age import combat, fighters
from engine.rulesets.ninth_age.damage import Attack, Defence, multiple_wounds
from engine.rulesets.ninth_age.saves import struck_defence
from engine.core.rng import Rng
from engine.table.footprint import Pose

from game_helpers import scenario

CC = Attack(strength=4, category="close combat")
SHOT = Attack(strength=4, category="shooting")


def _marshal(*items, equipment=None):
    """The Marshal carrying ``items``, facing the Chieftain (Monstrous Infantry) in base contact."""
    state = scenario({"Marshal": (30, 20, 0)}, seat="p1", terrain="open")
    a, b = state.units["Marshal"], state.units["Chieftain"]
    update = {"magic_items": list(items)}
    if equipment is not None:
        update["equipment"] = equipment
    state.armies["p1"].units[a.entry] = state.unit_entry(a).model_copy(update=update)
    b.location = "table"
    b.pose = Pose(x=a.pose.x, y=0, bearing=180)
    b.pose = Pose(x=a.pose.x, y=a.pose.y + (a.footprint().depth + b.footprint().depth) / 2, bearing=180)
    state.phase, state.step = "melee", ""
    return state, a


def _blow(state, unit):
    [blow] = [b for b in fighters.blows(state, unit) if not b.special]
    return blow


# -- magic weapons (§23.3) ------------------------------------------------------------------------------
@pytest.mark.parametrize("item, attacks", [("Blade of Strife", 4 + 3), ("Axe of Battle", 4 + 2), (None, 4)])
def test_weapons_that_add_attacks(item, attacks):
    state, marshal = _marshal(*([item] if item else []))
    blow = _blow(state, marshal)
    assert blow.count == attacks and blow.strength == 4 and blow.weapon == (item or "hand weapon")


@pytest.mark.parametrize("item, strength, ap, initiative", [
    ("Obsidian Sword", 4, 6, 6), ("Razor Blade", 4, 1, 6),
    ("Fleshrender", 4 + 2, 1, 0),  # a great weapon: +2 S, Initiative 0 (§15.1), and Armour Piercing (1)
    ("Beast-Bane Halberd", 5, 0, 6),  # S 5 whatever the modifiers (a halberd's +1 too)
])
def test_weapons_that_change_strength_and_armour_piercing(item, strength, ap, initiative):
    state, marshal = _marshal(item)
    blow = _blow(state, marshal)
    assert (blow.strength, blow.armour_piercing, blow.initiative) == (strength, ap, initiative)


@pytest.mark.parametrize("item, strength", [("Giant Sword", 4 + 3), ("Ogre Sword", 4 + 2)])
def test_weapons_that_add_strength(item, strength):
    state, marshal = _marshal(item)
    assert _blow(state, marshal).strength == strength


def test_the_sword_of_haste_strikes_at_initiative_10_and_wounds_on_4():
    state, marshal = _marshal("Sword of Haste")
    blow = _blow(state, marshal)
    assert blow.initiative == 10 and combat._attack(state, marshal, blow).wounds_on == 4
    plain, marshal = _marshal()
    assert _blow(plain, marshal).initiative == 6 and combat._attack(plain, marshal, _blow(plain, marshal)).wounds_on is None


def test_the_fencers_swords_give_ws_10():
    state, marshal = _marshal("Fencer's Swords", equipment=["hand weapon", "plate armour"])
    blow = _blow(state, marshal)
    assert blow.ws == 10 and blow.weapon == "Fencer's Swords"


def test_the_flaming_lance_gives_flaming_attacks_to_its_mounted_bearer():
    state = scenario({"Captain": (30, 20, 0)}, seat="p1", terrain="open")
    captain, bulls = state.units["Captain"], state.units["Brute Bulls"]
    entry = state.unit_entry(captain)
    state.armies["p1"].units[captain.entry] = entry.model_copy(update={"magic_items": ["Flaming Lance"], "bsb": False})
    bulls.location = "table"
    bulls.pose = Pose(x=captain.pose.x, y=0, bearing=180)
    bulls.pose = Pose(x=captain.pose.x, y=captain.pose.y + (captain.footprint().depth + bulls.footprint().depth) / 2,
                      bearing=180)
    state.phase, state.step = "melee", ""
    rider = next(b for b in fighters.blows(state, captain) if b.weapon == "Flaming Lance")
    assert combat._attack(state, captain, rider).flaming


def test_the_rending_banner_gives_its_unit_armour_piercing_1():
    state = scenario({"Spearmen": (30, 20, 0), "Brutes": (30, 20 + 3.5, 180)}, seat="p1", terrain="open")
    spear = state.units["Spearmen"]
    assert {b.armour_piercing for b in fighters.blows(state, spear) if not b.special} == {0}
    state.armies["p1"].units[spear.entry] = state.unit_entry(spear).model_copy(update={"magic_items": ["Rending Banner"]})
    assert {b.armour_piercing for b in fighters.blows(state, spear) if not b.special} == {1}
    spear.standard_lost = True  # the standard gone, the banner's rule with it
    assert {b.armour_piercing for b in fighters.blows(state, spear) if not b.special} == {0}


def test_the_beast_bane_halberds_multiple_wounds_only_against_the_monstrous_troop_types():
    state, marshal = _marshal("Beast-Bane Halberd")
    attack = combat._attack(state, marshal, _blow(state, marshal))
    assert attack.strength == 5 and attack.multiple_wounds.startswith("2, Monsters")
    for troop, wounds in [("monstrous infantry", 2), ("monster", 2), ("ridden monster", 2), ("chariot", 2),
                          ("monstrous cavalry", 2), ("monstrous beast", 2), ("infantry", 1), ("cavalry", 1)]:
        target = Defence(toughness=4, wounds=3, armour=0, troop_type=troop)
        assert multiple_wounds(attack.multiple_wounds, target, Rng.from_seed(1))[0] == wounds, troop


def test_the_sword_of_skill_adds_one_to_hit():
    state, marshal = _marshal("Sword of Skill")
    need, modifier, note = combat.to_hit(state, marshal, state.units["Chieftain"], _blow(state, marshal))
    assert modifier == 1 and "+1 Sword of Skill" in note
    plain, marshal = _marshal()
    assert combat.to_hit(plain, marshal, plain.units["Chieftain"], _blow(plain, marshal))[1] == 0


def test_the_screaming_swords_wielder_causes_fear():
    state, marshal = _marshal("Screaming Swords", equipment=["hand weapon", "plate armour"])
    assert fighters.causes_fear(state, marshal)
    plain, marshal = _marshal()
    assert not fighters.causes_fear(plain, marshal)


def test_the_divine_icon_gives_its_bearer_divine_attacks():
    state, marshal = _marshal("Divine Icon")
    assert combat._attack(state, marshal, _blow(state, marshal)).divine
    plain, marshal = _marshal()
    assert not combat._attack(plain, marshal, _blow(plain, marshal)).divine


# -- magic armour (§23.4) and talismans (§23.5): the defence a blow meets ------------------------------
@pytest.mark.parametrize("items, equipment, attack, armour, ward", [
    # plate armour (3) and shield (1) without items: 4+, no ward
    ((), None, CC, 4, None),
    (("Force Shield",), None, SHOT, 4, 5),  # a shield; 5+ ward against ranged attacks only
    (("Force Shield",), None, CC, 4, None),
    (("Armour of Destiny",), ["hand weapon", "shield"], CC, 3, 4),  # heavy armour (2) + shield, 4+ ward
    (("Gambler's Armour",), ["hand weapon", "shield"], CC, 3, 6),  # heavy armour, 6+ ward
    (("Dragon Mantle",), ["hand weapon"], CC, 2, None),  # Natural Armour (5+): +2
    (("Dragonscale Helm",), None, CC, 5, None),  # a 6+ armour item: +1
    (("Armour of Fortune",), ["hand weapon", "shield"], CC, 3, 5),  # heavy armour, 5+ ward
    (("Mithril Mail",), ["hand weapon"], CC, 5, None),  # a 2+ armour save (no shield allowed)
    (("Talisman of Supreme Shielding",), None, CC, 4, 4),
    (("Talisman of Greater Shielding",), None, CC, 4, 5),
])
def test_armour_and_talisman_saves(items, equipment, attack, armour, ward):
    state, marshal = _marshal(*items, equipment=equipment)
    d = struck_defence(state, marshal, attack)
    assert (d.armour, d.ward) == (armour, ward)


@pytest.mark.parametrize("item, resistance", [("Obsidian Nullstone", 3), ("Obsidian Rock", 2), ("Obsidian Pebble", 1)])
def test_magic_resistance_talismans(item, resistance):
    state, marshal = _marshal(item)
    assert struck_defence(state, marshal, CC).magic_resistance == resistance


def test_the_sprout_of_rebirth_gives_regeneration_4():
    state, marshal = _marshal("Sprout of Rebirth")
    d = struck_defence(state, marshal, CC)
    assert d.regeneration == 4 and d.special_save(CC) == ("regeneration", 4)
    assert d.special_save(Attack(strength=4, category="close combat", flaming=True)) is None  # not against Flaming


@pytest.mark.parametrize("item", ["Dragonfire Gem", "Dragonscale Helm"])
def test_fireborn_items(item):
    state, marshal = _marshal(item)
    d = struck_defence(state, marshal, CC)
    assert d.fireborn and d.special_save(Attack(strength=4, category="close combat", flaming=True)) == ("ward", 2)
    plain, marshal = _marshal()
    assert not struck_defence(plain, marshal, CC).fireborn


# -- arcane items (§23.7) --------------------------------------------------------------------------------
def test_the_book_of_a_thousand_incantations_makes_its_bearer_a_pathmaster():
    from engine.core.decisions import DecisionNeeded
    from engine.rulesets.ninth_age.setup import _generate_spells

    from game_helpers import new_battle

    state = new_battle(11)
    wizard = state.units["Hedge Wizard"]
    state.armies["p1"].units[wizard.entry] = state.unit_entry(wizard).model_copy(
        update={"magic_items": ["Book of a Thousand Incantations"]})
    state.spells.clear()
    with pytest.raises(DecisionNeeded) as asked:
        _generate_spells(state, "p1", [])
    assert asked.value.decision.key == "pathmaster-Hedge Wizard-0"
    assert "Hedge Wizard is a Pathmaster: choose spell 1 of 2 of Embers" in str(asked.value.decision.question)
