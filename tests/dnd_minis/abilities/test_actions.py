"""Abilities used as actions (War Drums §19, §26)."""

from engine.rulesets.dnd_minis.abilities.base import (
    AddCondition, Damage, ExtraAttack, MoraleSave, SaveOr, ability_for,
)
from tests.dnd_minis.abilities.helpers import Condition, OpenField, creature, hooks


def act(creature_, field, name):
    for ability, spec in hooks.actions_of(creature_, field):
        if spec.name == name:
            return ability, spec
    return None, None


def test_breath_weapon_replaces_the_attack_damage_save_for_half():
    dragon = creature("Dragon", abilities=[("Breath Weapon (cone; 30 fire damage; DC 15)", 1)], at=(0, 0))
    a = creature("Orc", side="p2", at=(2, 0))
    b = creature("Elf", side="p2", at=(3, 0))
    field = OpenField([dragon, a, b])
    ability, spec = act(dragon, field, "Breath Weapon")
    assert spec.replaces == "attack" and spec.range == "cone" and spec.uses_left == 1
    out = ability.perform(dragon, spec, [a, b], field)
    assert [(o.target, o.amount, o.kind, o.dc) for o in out] == [(a.id, 30, "fire", 15), (b.id, 30, "fire", 15)]
    dragon.uses["Breath Weapon (cone; 30 fire damage; DC 15)"] = 1
    assert act(dragon, field, "Breath Weapon") == (None, None)


def test_gaze_attack_affects_target_and_every_creature_in_range_that_sees_it():
    """[AMB-12]: not while invisible; Blindfight/Blindsight/Ooze/blind creatures unaffected."""
    medusa = creature("Medusa", abilities=["Gaze Attack (range 6; paralysis; DC 15)"], at=(0, 0))
    target = creature("Orc", side="p2", at=(2, 0))
    bystander = creature("Ally", at=(0, 3))
    blind_fighter = creature("Monk", side="p2", abilities=["Blindfight"], at=(1, 1))
    far = creature("Elf", side="p2", at=(10, 0))
    field = OpenField([medusa, target, bystander, blind_fighter, far])
    ability, spec = act(medusa, field, "Gaze Attack")
    out = ability.perform(medusa, spec, [target], field)
    assert {o.target for o in out} == {target.id, bystander.id}
    assert all(isinstance(o, SaveOr) and o.on_fail[0].condition == "paralyzed DC 15" for o in out)
    medusa.conditions.append(Condition(name="invisible"))
    assert act(medusa, field, "Gaze Attack") == (None, None)


def test_gaze_attack_starter_rules_passive_save_for_shooters():
    basilisk = creature("Basilisk", abilities=["Gaze Attack (range 6; paralysis; DC 14)"], at=(0, 0))
    archer = creature("Archer", side="p2", at=(4, 0), ranged=[(5, 10)])
    starter = OpenField([basilisk, archer], edition="starter")
    ability, spec = act(basilisk, starter, "Gaze Attack")
    assert [o.target for o in ability.perform(basilisk, spec, [archer], starter)] == [archer.id]
    assert [o.target for o in hooks.on_targeted(basilisk, archer, "ranged attack", starter)] == [archer.id]
    assert hooks.on_targeted(basilisk, archer, "ranged attack", OpenField([basilisk, archer])) == []


def test_turn_undead_real_morale_save_for_the_nearest_undead():
    """WE-58: Turn Undead 6 and a Level-4 skeleton."""
    cleric = creature("Cleric", abilities=["Turn Undead 6"], at=(0, 0))
    skeleton = creature("Skeleton", side="p2", types=["Undead"], level=4, at=(5, 0))
    lich = creature("Lich", side="p2", types=["Undead"], level=12, at=(3, 0))
    field = OpenField([cleric, skeleton, lich])
    ability, spec = act(cleric, field, "Turn Undead")
    out = ability.perform(cleric, spec, [skeleton], field)
    assert any(isinstance(o, MoraleSave) and o.real and o.creature == skeleton.id for o in out)
    assert any(isinstance(o, AddCondition) and o.condition == "turned" for o in out)
    assert ability.perform(cleric, spec, [lich], field) == []
    skeleton.square = (13, 0)
    assert ability.perform(cleric, spec, [skeleton], field) == []


def test_leap_a_single_melee_attack_with_the_printed_numbers():
    cat = creature("Displacer Beast", abilities=["Leap (+12, 15 damage)"])
    orc = creature("Orc", side="p2", at=(1, 0))
    ability, spec = act(cat, OpenField([cat, orc]), "Leap")
    assert spec.replaces == "attack"
    [strike] = ability.perform(cat, spec, [orc], None)
    assert isinstance(strike, ExtraAttack) and (strike.bonus, strike.damage, strike.target) == (12, 15, orc.id)


def test_ghost_step_swift_invisibility_until_the_end_of_the_turn():
    ninja = creature("Ninja", abilities=["Ghost Step"])
    ability, spec = act(ninja, OpenField([ninja]), "Ghost Step")
    assert spec.swift and spec.replaces is None
    [cond] = ability.perform(ninja, spec, [], None)
    assert cond.condition == "ghost step"
    ninja.conditions.append(Condition(name="ghost step"))
    orc = creature("Orc", side="p2", at=(3, 0))
    assert not OpenField([ninja, orc]).can_see(orc, ninja)
    [end] = hooks.end_of_turn(ninja, True, None)
    assert end.condition == "ghost step"


def test_psionics_and_sorcerer_spells_are_known():
    assert ability_for("Psionics 10").value == 10 and ability_for("Sorcerer Spells") is not None
    from engine.rulesets.dnd_minis.abilities.spellcasting import can_manifest, sorcerer_box
    assert sorcerer_box(1, {1: 0, 2: 1}) == 2 and sorcerer_box(3, {1: 2, 2: 1}) is None
    assert can_manifest(3, 10, 7) and not can_manifest(3, 10, 8)


def test_heal_ability_replaces_the_attack_and_harms_undead():
    from engine.rulesets.dnd_minis.abilities.base import Heal
    cleric = creature("Cleric", abilities=["Heal 10"], level=5, at=(0, 0))
    hurt = creature("Fighter", at=(1, 0))
    zombie = creature("Zombie", side="p2", types=["Undead"], at=(0, 1))
    field = OpenField([cleric, hurt, zombie])
    ability, spec = act(cleric, field, "Heal")
    assert spec.replaces == "attack" and spec.range == "touch"
    [heal] = ability.perform(cleric, spec, [hurt], field)
    assert isinstance(heal, Heal) and heal.amount == 10
    [harm] = ability.perform(cleric, spec, [zombie], field)
    assert isinstance(harm, Damage) and harm.dc == 17
