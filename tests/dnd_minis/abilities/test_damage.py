"""Abilities that add to attack rolls and damage (War Drums §26; skirmish §25)."""

from engine.rulesets.dnd_minis.abilities.base import ability_for
from tests.dnd_minis.abilities.helpers import Condition, OpenField, attack, creature, hooks


def total(mods):
    return sum(m.value for m in mods)


def test_hunter_only_enemy_adjacent():
    ranger = creature("Ranger", abilities=["Hunter"], at=(0, 0))
    orc = creature("Orc", side="p2", at=(1, 0))
    other = creature("Goblin", side="p2", at=(5, 5))
    field = OpenField([ranger, orc, other])
    assert total(hooks.damage_modifiers(attack(ranger, orc, field))) == 5
    other.square = (0, 1)  # a second enemy adjacent: the bonus is lost (AMB-52)
    assert total(hooks.damage_modifiers(attack(ranger, orc, field))) == 0


def test_creature_foe_against_that_type_only():
    ranger = creature("Ranger", abilities=["Orc Foe"])
    orc = creature("Orc", side="p2", at=(1, 0), types=["Humanoid", "Orc"])
    elf = creature("Elf", side="p2", at=(1, 0), types=["Humanoid", "Elf"])
    assert total(hooks.damage_modifiers(attack(ranger, orc))) == 5
    assert total(hooks.damage_modifiers(attack(ranger, elf))) == 0


def test_smite_evil_against_evil_enemies_in_melee():
    paladin = creature("Paladin", abilities=["Smite Evil +10"])
    demon = creature("Demon", side="p2", at=(1, 0), types=["Outsider"])
    demon.card = demon.card.model_copy(update={"factions": [*demon.card.factions, "CE"]})
    saint = creature("Saint", side="p2", at=(1, 0))
    saint.card = saint.card.model_copy(update={"factions": [*saint.card.factions, "LG"]})
    assert total(hooks.damage_modifiers(attack(paladin, demon))) == 10
    assert total(hooks.damage_modifiers(attack(paladin, saint))) == 0


def test_smite_with_check_boxes_only_when_declared():
    """skirmish W-44: a limited Smite is declared before the roll."""
    lieutenant = creature("Lieutenant", abilities=[("Smite +5", 1)])
    orc = creature("Orc", side="p2", at=(1, 0))
    ctx = attack(lieutenant, orc)
    assert hooks.declarable(ctx) == ["Smite +5"]
    assert total(hooks.damage_modifiers(ctx)) == 0
    assert total(hooks.damage_modifiers(attack(lieutenant, orc, declared=frozenset({"Smite +5"})))) == 5


def test_smite_all_has_no_kind():
    assert ability_for("Smite +5").value == 5 and ability_for("Smite +5").keyword is None


def test_melee_sneak_attack_when_flanking_or_helpless():
    rogue = creature("Rogue", abilities=["Melee Sneak Attack +10"])
    orc = creature("Orc", side="p2", at=(1, 0))
    assert total(hooks.damage_modifiers(attack(rogue, orc))) == 0
    assert total(hooks.damage_modifiers(attack(rogue, orc, flanking=True))) == 10
    orc.conditions.append(Condition(name="paralyzed", dc=15))
    assert total(hooks.damage_modifiers(attack(rogue, orc))) == 10


def test_melee_sneak_attack_when_defender_cannot_see_and_not_vs_immune():
    rogue = creature("Rogue", abilities=["Melee Sneak Attack +10"])
    orc = creature("Orc", side="p2", at=(1, 0))
    assert total(hooks.damage_modifiers(attack(rogue, orc, defender_sees_attacker=False))) == 10
    golem = creature("Golem", side="p2", at=(1, 0), types=["Construct"])
    assert total(hooks.damage_modifiers(attack(rogue, golem, flanking=True))) == 0


def test_melee_sneak_attack_stunned_counts_in_the_starter_rules_only():
    rogue = creature("Rogue", abilities=["Melee Sneak Attack +10"])
    orc = creature("Orc", side="p2", at=(1, 0), conditions=[Condition(name="stunned")])
    assert total(hooks.damage_modifiers(attack(rogue, orc, OpenField([rogue, orc], edition="starter")))) == 10
    assert total(hooks.damage_modifiers(attack(rogue, orc, OpenField([rogue, orc])))) == 0


def test_ranged_sneak_attack_editions():
    archer = creature("Archer", abilities=["Ranged Sneak Attack +5"], ranged=[(6, 10)])
    orc = creature("Orc", side="p2", at=(8, 0), conditions=[Condition(name="helpless")])
    wd = OpenField([archer, orc])
    assert total(hooks.damage_modifiers(attack(archer, orc, wd, melee=False))) == 5
    starter = OpenField([archer, orc], edition="starter")  # only within 6 squares
    assert total(hooks.damage_modifiers(attack(archer, orc, starter, melee=False))) == 0
    orc.square = (5, 0)
    assert total(hooks.damage_modifiers(attack(archer, orc, starter, melee=False))) == 5
    assert total(hooks.damage_modifiers(attack(archer, orc, starter, melee=True))) == 0


def test_sneak_attack_any_works_for_both():
    rogue = creature("Rogue", abilities=["Sneak Attack +5"], ranged=[(6, 10)])
    orc = creature("Orc", side="p2", at=(1, 0))
    assert total(hooks.damage_modifiers(attack(rogue, orc, melee=False, defender_sees_attacker=False))) == 5
    assert total(hooks.damage_modifiers(attack(rogue, orc, flanking=True))) == 5


def test_backstab_adds_to_sneak_attack_only():
    rogue = creature("Rogue", abilities=["Melee Sneak Attack +5", "Backstab +5"])
    orc = creature("Orc", side="p2", at=(1, 0))
    assert total(hooks.damage_modifiers(attack(rogue, orc, flanking=True))) == 10
    assert total(hooks.damage_modifiers(attack(rogue, orc))) == 0


def test_powerful_charge_when_charging_strongest_only():
    """skirmish W-32: Powerful Charge +5 and +10 give +10."""
    ogre = creature("Ogre", abilities=["Powerful Charge +5", "Powerful Charge +10"])
    orc = creature("Orc", side="p2", at=(1, 0))
    assert total(hooks.damage_modifiers(attack(ogre, orc, charging=True))) == 10
    assert total(hooks.damage_modifiers(attack(ogre, orc))) == 0


def test_rend_on_the_second_hit_on_the_same_enemy():
    bear = creature("Bear", abilities=["Rend +10"], melee=[(8, 10), (8, 10)])
    orc = creature("Orc", side="p2", at=(1, 0))
    assert total(hooks.damage_modifiers(attack(bear, orc))) == 0
    assert total(hooks.damage_modifiers(attack(bear, orc, entry_index=1, earlier_hits=(orc.id,)))) == 10


def test_natural_soul_needs_a_beastmaster_commander():
    druid = creature("Druid", commander=2, abilities=["Beastmaster 2"], at=(3, 0))
    wolf = creature("Wolf", abilities=["Natural Soul"], at=(0, 0), types=["Animal"], level=2)
    orc = creature("Orc", side="p2", at=(1, 0))
    field = OpenField([druid, wolf, orc])
    ctx = attack(wolf, orc, field)
    assert total(hooks.attack_modifiers(ctx)) == 2 and total(hooks.damage_modifiers(ctx)) == 5
    druid.card = druid.card.model_copy(update={"abilities": []})
    assert total(hooks.attack_modifiers(ctx)) == 0 and total(hooks.damage_modifiers(ctx)) == 0


def test_precise_shot_ignores_the_in_melee_penalty_for_ranged_only():
    archer = creature("Archer", abilities=["Precise Shot"], ranged=[(6, 10)])
    orc = creature("Orc", side="p2", at=(5, 0))
    assert hooks.ignores_in_melee_penalty(attack(archer, orc, melee=False))
    plain = creature("Archer", ranged=[(6, 10)])
    assert not hooks.ignores_in_melee_penalty(attack(plain, orc, melee=False))
