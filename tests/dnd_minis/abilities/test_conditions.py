"""Conditions (War Drums §20, §26; skirmish §23)."""

from engine.rulesets.dnd_minis.abilities.base import Damage, RemoveCondition, SaveOr
from engine.rulesets.dnd_minis.conditions import (
    activation_order_rank, confusion_roll, entangle_move_check, known_conditions, wake_targets,
)
from tests.dnd_minis.abilities.helpers import (
    Condition, Effect, OpenField, attack, creature, dice, hooks, save_ctx,
)


def total(mods):
    return sum(m.value for m in mods)


def test_stunned_inactive_minus_2_ac_not_helpless_recovers_after_a_lost_turn():
    """WE-59."""
    orc = creature("Orc", conditions=[Condition(name="stunned")])
    elf = creature("Elf", side="p2", at=(1, 0))
    assert not hooks.threatens(orc) and not hooks.is_active(orc) and not hooks.is_helpless(orc)
    assert total(hooks.ac_modifiers(attack(elf, orc))) == -2
    assert not hooks.turn_limits(orc, None).can_act
    assert hooks.end_of_turn(orc, True, None) == []  # stunned during its own turn: not yet (AMB-31)
    [end] = hooks.end_of_turn(orc, False, None)
    assert isinstance(end, RemoveCondition) and end.condition == "stunned"


def test_helpless_auto_hit_target():
    orc = creature("Orc", conditions=[Condition(name="helpless")])
    assert hooks.is_helpless(orc) and not hooks.threatens(orc)


def test_paralyzed_helpless_saves_at_the_end_of_a_lost_turn():
    """WE-60."""
    orc = creature("Orc", conditions=[Condition(name="paralyzed", dc=15)])
    assert hooks.is_helpless(orc) and not hooks.can_command(orc)
    [save] = hooks.end_of_turn(orc, False, None)
    assert isinstance(save, SaveOr) and save.dc == 15 and save.on_pass[0].condition == "paralyzed"


def test_asleep_wakes_on_damage_and_adjacent_creatures_may_wake_it():
    """WE-61."""
    orc = creature("Orc", conditions=[Condition(name="asleep")], at=(0, 0))
    friend = creature("Friend", at=(1, 0))
    assert hooks.is_helpless(orc)
    [wake] = hooks.on_damaged(orc, 5, None)
    assert isinstance(wake, RemoveCondition) and wake.condition == "asleep"
    assert [c.id for c in wake_targets(friend, OpenField([orc, friend]))] == [orc.id]


def test_confused_no_aoo_no_command_table_and_end_save():
    """WE-63: 3 → opponent controls it; 10 → nothing; 18 → normal."""
    k = creature("Captain", commander=3, conditions=[Condition(name="confused", dc=14)])
    elf = creature("Elf", side="p2", at=(1, 0))
    assert hooks.threatens(k) and not hooks.can_make_aoo(k, elf) and not hooks.can_command(k)
    assert [confusion_roll(dice(n), k)[0] for n in (3, 5, 6, 10, 15, 16, 18)] == \
        ["opponent", "opponent", "nothing", "nothing", "nothing", "normal", "normal"]
    [save] = hooks.end_of_turn(k, True, None)
    assert save.dc == 14


def test_entangled_save_to_move_and_at_the_end_of_the_turn():
    """WE-62: DC 15."""
    orc = creature("Orc", conditions=[Condition(name="entangled", dc=15)])
    [save] = entangle_move_check(orc)
    assert save.dc == 15 and save.on_fail[0].condition == "entangled_stuck"
    assert save.on_pass[0].condition == "entangled"
    stuck = creature("Orc", conditions=[Condition(name="entangled_stuck")])
    assert not hooks.turn_limits(stuck, None).can_move and hooks.turn_limits(stuck, None).can_attack
    assert isinstance(hooks.end_of_turn(orc, True, None)[0], SaveOr)


def test_blind_sees_nobody_half_speed_no_shooting():
    mole = creature("Mole", conditions=[Condition(name="blind")], at=(0, 0))
    orc = creature("Orc", side="p2", at=(1, 0))
    assert not OpenField([mole, orc]).can_see(mole, orc)
    assert hooks.move_traits(mole).speed_multiplier_halved
    assert not hooks.turn_limits(mole, None).can_shoot
    fighter = creature("Fighter", abilities=["Blindfight"], conditions=[Condition(name="blind")])
    assert not hooks.move_traits(fighter).speed_multiplier_halved


def test_invisible():
    ghost = creature("Ghost", conditions=[Condition(name="invisible")], at=(0, 0))
    orc = creature("Orc", side="p2", at=(1, 0))
    field = OpenField([ghost, orc])
    assert not field.can_see(orc, ghost) and field.can_see(ghost, orc)
    assert hooks.conceal_value(attack(orc, ghost, field)) == 11


def test_hidden_from_one_viewer():
    scout = creature("Scout", at=(0, 0))
    a = creature("A", side="p2", at=(5, 0))
    b = creature("B", side="p2", at=(6, 0))
    scout.conditions.append(Condition(name=f"hidden_from_{a.id}"))
    field = OpenField([scout, a, b])
    assert not field.can_see(a, scout) and field.can_see(b, scout)


def test_poisoned_damage_at_the_start_of_each_turn_to_the_poisoners_credit():
    """WE-64."""
    orc = creature("Orc", conditions=[Condition(name="poisoned", value=5, source="spider-1")])
    [hit] = hooks.start_of_turn(orc, None)
    assert isinstance(hit, Damage) and (hit.amount, hit.source) == (5, "spider-1")


def test_skips_next_turn_but_still_active():
    orc = creature("Orc", conditions=[Condition(name="skips next turn")])
    assert not hooks.turn_limits(orc, None).can_act and hooks.threatens(orc)
    assert hooks.end_of_turn(orc, False, None)[0].condition == "skips next turn"


def test_frightened_minus_4_attack_save_ac_and_fearless_immune():
    man = creature("Man", conditions=[Condition(name="frightened")], level=0)
    orc = creature("Orc", side="p2", at=(1, 0))
    assert total(hooks.attack_modifiers(attack(man, orc))) == -4
    assert total(hooks.ac_modifiers(attack(orc, man))) == -4
    assert hooks.roll_save(dice(19), save_ctx(man, dc=16))[0] is False
    assert hooks.immune(creature("Knight", abilities=["Fearless"]), "frightened")


def test_incited_first_inhibited_last():
    assert activation_order_rank(creature("A", conditions=[Condition(name="incited")])) == -1
    assert activation_order_rank(creature("B", conditions=[Condition(name="inhibited")])) == 1
    assert activation_order_rank(creature("C")) == 0


def test_slowed_one_attack_this_turn():
    orc = creature("Orc", conditions=[Condition(name="slowed")])
    assert hooks.turn_limits(orc, None).max_attacks == 1
    assert hooks.end_of_turn(orc, True, None)[0].condition == "slowed"


def test_routing_condition_name_threatens_nothing():
    assert not hooks.threatens(creature("Orc", conditions=[Condition(name="routing")]))


def test_spell_effects_stack_by_family():
    """WE-43: magic weapon +1 and bless +1 → +2; a second magic weapon adds nothing."""
    man = creature("Man")
    orc = creature("Orc", side="p2", at=(1, 0))
    man.effects = [Effect(name="magic weapon", family="magic weapon", stat="attack", value=1, flags=["ignore_dr"]),
                   Effect(name="bless", family="bless", stat="attack", value=1),
                   Effect(name="magic weapon", family="magic weapon", stat="attack", value=1)]
    assert total(hooks.attack_modifiers(attack(man, orc))) == 2
    assert hooks.ignores_dr(attack(man, orc))
    man.effects = [Effect(name="bull's strength", family="bull's strength", stat="melee_damage", value=5)] * 2
    assert total(hooks.damage_modifiers(attack(man, orc))) == 5
    assert total(hooks.damage_modifiers(attack(man, orc, melee=False))) == 0


def test_unknown_condition_names_are_plain_markers():
    orc = creature("Orc", conditions=[Condition(name="some_bookkeeping_flag")])
    assert hooks.threatens(orc) and "stunned" in known_conditions()
