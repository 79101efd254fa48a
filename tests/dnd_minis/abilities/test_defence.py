"""Defensive abilities: AC, Conceal, senses, damage defences, spell defences."""

from engine.rulesets.dnd_minis.abilities.base import DamagePacket
from tests.dnd_minis.abilities.helpers import (
    Condition, OpenField, attack, creature, dealt, dice, hooks,
)


def total(mods):
    return sum(m.value for m in mods)


def test_deflect_arrows_against_ranged_only():
    monk = creature("Monk", abilities=["Deflect Arrows"])
    archer = creature("Archer", side="p2", at=(5, 0), ranged=[(6, 10)])
    assert total(hooks.ac_modifiers(attack(archer, monk, melee=False))) == 4
    assert total(hooks.ac_modifiers(attack(archer, monk))) == 0


def test_mobility_against_attacks_of_opportunity_only():
    rogue = creature("Rogue", abilities=["Mobility"])
    orc = creature("Orc", side="p2", at=(1, 0))
    assert total(hooks.ac_modifiers(attack(orc, rogue, opportunity=True))) == 4
    assert total(hooks.ac_modifiers(attack(orc, rogue))) == 0


def test_phalanx_fighting_needs_an_adjacent_phalanx_ally_and_never_stacks():
    a = creature("Hoplite", abilities=["Phalanx Fighting"], at=(0, 0))
    b = creature("Hoplite", abilities=["Phalanx Fighting"], at=(0, 1))
    c = creature("Hoplite", abilities=["Phalanx Fighting"], at=(1, 1))
    orc = creature("Orc", side="p2", at=(1, 0))
    field = OpenField([a, b, c, orc])
    assert total(hooks.ac_modifiers(attack(orc, a, field))) == 2
    b.square, c.square = (5, 5), (7, 7)
    assert total(hooks.ac_modifiers(attack(orc, a, field))) == 0


def test_stench_penalises_adjacent_creatures_without_stench():
    troglodyte = creature("Troglodyte", abilities=["Stench"], at=(0, 0))
    orc = creature("Orc", side="p2", at=(1, 0))
    other_trog = creature("Troglodyte", side="p2", abilities=["Stench"], at=(0, 1))
    field = OpenField([troglodyte, orc, other_trog])
    assert total(hooks.attack_modifiers(attack(orc, troglodyte, field))) == -2
    assert total(hooks.ac_modifiers(attack(troglodyte, orc, field))) == -2
    assert total(hooks.save_modifiers(hooks.SaveContext(creature=orc, dc=15, battle=field))) == -2
    assert total(hooks.attack_modifiers(attack(other_trog, troglodyte, field))) == 0
    orc.square = (4, 4)
    assert total(hooks.ac_modifiers(attack(troglodyte, orc, field))) == 0


def test_stench_starter_rules_spare_nonliving_and_named_kinds():
    trog = creature("Troglodyte", abilities=["Stench (other than Troglodytes)"], at=(0, 0))
    zombie = creature("Zombie", side="p2", at=(1, 0), types=["Undead"])
    kin = creature("Troglodyte", side="p2", at=(0, 1), types=["Humanoid", "Troglodyte"])
    orc = creature("Orc", side="p2", at=(1, 1))
    field = OpenField([trog, zombie, kin, orc], edition="starter")
    assert total(hooks.attack_modifiers(attack(orc, trog, field))) == -2
    assert total(hooks.attack_modifiers(attack(zombie, trog, field))) == 0
    assert total(hooks.attack_modifiers(attack(kin, trog, field))) == 0


def test_conceal_roll_decides_even_a_natural_20():
    """WE-39: Conceal 6 — conceal roll 5 misses, 6 hits; the highest Conceal counts."""
    wisp = creature("Wisp", abilities=["Conceal 6"])
    orc = creature("Orc", side="p2", at=(1, 0))
    ctx = attack(orc, wisp)
    assert hooks.conceal_value(ctx) == 6
    assert hooks.conceal_check(dice(5), ctx)[0] is False
    assert hooks.conceal_check(dice(6), ctx)[0] is True
    extra = wisp.card.abilities[0].model_copy(update={"name": "Conceal 11"})
    wisp.card = wisp.card.model_copy(update={"abilities": [*wisp.card.abilities, extra]})
    assert hooks.conceal_value(ctx) == 11


def test_conceal_11_when_the_attacker_cannot_see():
    orc = creature("Orc", side="p2", at=(1, 0))
    elf = creature("Elf", conditions=[Condition(name="invisible")])
    assert hooks.conceal_value(attack(orc, elf)) == 11


def test_blindfight_rolls_conceal_twice_in_melee_and_denies_the_unseen_bonus():
    fighter = creature("Fighter", abilities=["Blindfight"])
    wisp = creature("Wisp", side="p2", at=(1, 0), abilities=["Conceal 11"])
    ok, events = hooks.conceal_check(dice(3, 15), attack(fighter, wisp))
    assert ok and len(events) == 2
    assert hooks.conceal_check(dice(3, 15), attack(creature("Plain"), wisp))[0] is False
    ghost = creature("Ghost", side="p2", at=(1, 0), conditions=[Condition(name="invisible")])
    assert not hooks.unseen_bonus_applies(attack(ghost, fighter, defender_sees_attacker=False))
    assert hooks.unseen_bonus_applies(attack(ghost, creature("Plain"), defender_sees_attacker=False))
    assert hooks.immune(fighter, "Gaze Attacks")


def test_blind_fight_is_the_same_ability():
    assert hooks.immune(creature("Fighter", abilities=["Blind-Fight"]), "gaze attack")


def test_blindsight_beats_conceal_invisibility_and_blindness():
    bat = creature("Bat", abilities=["Blindsight"])
    ghost = creature("Ghost", side="p2", at=(1, 0), abilities=["Conceal 11"],
                     conditions=[Condition(name="invisible")])
    field = OpenField([bat, ghost])
    assert hooks.conceal_check(dice(1), attack(bat, ghost, field))[0] is True
    assert field.can_see(bat, ghost)
    assert not field.can_see(creature("Plain"), ghost)
    bat.conditions.append(Condition(name="blind"))
    assert field.can_see(bat, ghost)  # cannot be blinded (AMB-10)


def test_hide_invisible_to_non_adjacent_enemy_behind_non_creature_cover():
    scout = creature("Scout", abilities=["Hide"], at=(0, 0))
    archer = creature("Archer", side="p2", at=(6, 0))
    field = OpenField([scout, archer], covered={(scout.id, archer.id)})
    assert not field.can_see(archer, scout)
    archer.square = (1, 0)
    assert field.can_see(archer, scout)
    plain = creature("Plain", at=(0, 0))
    assert OpenField([plain, archer], covered={(plain.id, archer.id)}).can_see(archer, plain)


def test_uncanny_dodge_immune_to_flanking_and_sneak_attack_while_active():
    rogue = creature("Rogue", abilities=["Uncanny Dodge"])
    orc = creature("Orc", side="p2", at=(1, 0), abilities=["Melee Sneak Attack +10"])
    ctx = attack(orc, rogue, flanking=True)
    assert not hooks.flanking_applies(ctx)
    assert total(hooks.damage_modifiers(ctx)) == 0
    rogue.conditions.append(Condition(name="stunned"))
    assert hooks.flanking_applies(attack(orc, rogue, flanking=True))


def test_arrow_catching_shield_redirects_enemy_ranged_attacks_at_adjacent_allies():
    guard = creature("Guard", abilities=["Arrow Catching Shield"], at=(0, 0))
    mage = creature("Mage", at=(1, 0))
    archer = creature("Archer", side="p2", at=(8, 0), ranged=[(6, 10)])
    field = OpenField([guard, mage, archer])
    assert hooks.ranged_redirect(attack(archer, mage, field, melee=False)).id == guard.id
    assert hooks.ranged_redirect(attack(archer, mage, field)) is None
    guard.square = (5, 5)
    assert hooks.ranged_redirect(attack(archer, mage, field, melee=False)) is None


def test_immune_energy_lists_and_keywords():
    """WE-41, skirmish W-38: Immune Acid → 0; 'Immune Cold, Fire' ignores both."""
    dragon = creature("Green Dragon", abilities=["Immune Acid"])
    assert dealt(dragon, (20, "acid")) == 0 and dealt(dragon, (20, "fire")) == 20
    salamander = creature("Salamander", abilities=["Immune Cold, Fire"])
    assert dealt(salamander, (20, "cold")) == 0 and dealt(salamander, (20, "fire")) == 0
    golem = creature("Golem", abilities=["Immune Critical Hits, Incite"])
    assert hooks.immune(golem, "critical hits") and hooks.immune(golem, "inhibit")


def test_double_damage_from_energy():
    """WE-41: Double Damage from Fire vs 15 fire → 30."""
    treant = creature("Treant", abilities=["Double Damage from Fire"])
    assert dealt(treant, (15, "fire")) == 30 and dealt(treant, (15, "cold")) == 15


def test_vulnerable_energy():
    """skirmish W-35: Vulnerable Fire, 30 fire → 45; 15 (after a save) → 20."""
    mummy = creature("Mummy", abilities=["Vulnerable Fire"])
    assert dealt(mummy, (30, "fire")) == 45 and dealt(mummy, (15, "fire")) == 20


def test_resist_energy_highest_only():
    """WE-41: Resist 5 Fire vs 15 fire → 10."""
    imp = creature("Imp", abilities=["Resist 5 Fire"])
    assert dealt(imp, (15, "fire")) == 10 and dealt(imp, (15, "cold")) == 15
    extra = imp.card.abilities[0].model_copy(update={"name": "Resist 10 Fire"})
    imp.card = imp.card.model_copy(update={"abilities": [*imp.card.abilities, extra]})
    assert dealt(imp, (15, "fire")) == 5


def test_damage_reduction_only_on_ordinary_attack_damage():
    """WE-38: DR 5 — melee 15 → 10; 10 + 5 fire → 10; magic 15 → 15; spell 15 → 15."""
    ogre = creature("Ogre", abilities=["DR 5"])
    assert dealt(ogre, 15) == 10
    assert dealt(ogre, (10, "normal"), (5, "fire")) == 10
    assert dealt(ogre, (15, "magic")) == 15
    assert dealt(ogre, DamagePacket(15, spell=True)) == 15
    assert dealt(ogre, DamagePacket(15, ignore_dr=True)) == 15


def test_incorporeal_war_drums_11_or_more_takes_damage():
    """WE-40: hit for 20 — d20 11 → 20 damage; d20 10 → 0."""
    ghost = creature("Ghost", abilities=["Incorporeal"])
    orc = creature("Orc", side="p2", at=(1, 0))
    field = OpenField([ghost, orc])
    assert dealt(ghost, 20, field=field, rng=dice(11), source=orc) == 20
    assert dealt(ghost, 20, field=field, rng=dice(10), source=orc) == 0
    other_ghost = creature("Wraith", side="p2", abilities=["Incorporeal"])
    assert dealt(ghost, 20, field=field, rng=dice(1), source=other_ghost) == 20


def test_incorporeal_starter_rules_11_or_more_takes_none():
    """Skirmish §25 [A-33] (seed 000): on 11+ it takes no damage."""
    ghost = creature("Ghost", abilities=["Incorporeal"])
    field = OpenField([ghost], edition="starter")
    assert dealt(ghost, 20, field=field, rng=dice(11)) == 0
    assert dealt(ghost, 20, field=field, rng=dice(10)) == 20


def test_incorporeal_moves_through_walls_and_creatures():
    traits = hooks.move_traits(creature("Ghost", abilities=["Incorporeal"]))
    assert traits.passes_walls and traits.passes_creatures and traits.ignores_difficult


def test_spell_resistance_caster_rolls_11():
    """WE-45: 11 → the spell works; 10 → no effect."""
    golem = creature("Golem", abilities=["Spell Resistance"])
    mage = creature("Mage", side="p2")
    assert hooks.affected_by_spell(golem, mage, "fireball", None, dice(11))[0] is True
    assert hooks.affected_by_spell(golem, mage, "fireball", None, dice(10))[0] is False
    assert hooks.affected_by_spell(golem, mage, "blast of flame", None, dice(1), ignores_sr=True)[0] is True


def test_spell_resistance_all_unless_the_spell_ignores_it():
    rakshasa = creature("Rakshasa", abilities=["Spell Resistance All"])
    mage = creature("Mage", side="p2")
    assert hooks.affected_by_spell(rakshasa, mage, "fireball", None, dice(20))[0] is False
    assert hooks.affected_by_spell(rakshasa, mage, "blast of flame", None, ignores_sr=True)[0] is True


def test_spell_immunity_lists_spells():
    golem = creature("Golem", abilities=["Spell Immunity (fireball, flame strike)"])
    mage = creature("Mage", side="p2")
    assert hooks.affected_by_spell(golem, mage, "Flame Strike", None)[0] is False
    assert hooks.affected_by_spell(golem, mage, "bless", None)[0] is True


def test_almighty_ignores_spells_of_its_own_side_only():
    avatar = creature("Avatar", abilities=["Almighty"])
    friend = creature("Cleric")
    foe = creature("Mage", side="p2")
    field = OpenField([avatar, friend, foe])
    assert hooks.affected_by_spell(avatar, friend, "shield of faith", field)[0] is False
    assert hooks.affected_by_spell(avatar, foe, "fireball", field)[0] is True
    assert hooks.affected_by_spell(avatar, avatar, "bless", field)[0] is True


def test_antimagic_eye_loses_spells_on_a_roll_under_11():
    beholder = creature("Beholder", abilities=["Antimagic Eye"], at=(0, 0))
    mage = creature("Mage", side="p2", at=(5, 0))
    field = OpenField([beholder, mage])
    assert hooks.spell_lost(mage, "fireball", field, dice(10))[0] is True
    assert hooks.spell_lost(mage, "fireball", field, dice(11))[0] is False
    field.blind_spots.add((beholder.id, mage.id))
    assert hooks.spell_lost(mage, "fireball", field, dice(1))[0] is False
