"""Abilities that change a creature's turn options."""

from engine.rulesets.dnd_minis.abilities.base import AddCondition, MoveContext, SaveOr
from tests.dnd_minis.abilities.helpers import OpenField, creature, hooks


def limits(*abilities, **kw):
    c = creature("X", abilities=list(abilities), **kw)
    return hooks.turn_limits(c, OpenField([c]))


def test_dual_activation_two_turns():
    assert hooks.activations_per_round(creature("Dragon", abilities=["Dual Activation"])) == 2
    assert hooks.activations_per_round(creature("Orc")) == 1


def test_sidestep_one_square_with_all_attacks_no_aoo():
    monk = creature("Monk", abilities=["Sidestep"])
    assert limits("Sidestep").move_after_full_attack == 1
    assert not hooks.provokes_aoo(monk, MoveContext(monk, squares=0, planned=1))
    assert hooks.provokes_aoo(monk, MoveContext(monk, squares=0, planned=2))
    assert hooks.provokes_aoo(monk, MoveContext(monk, squares=0, planned=1, slowed=True))


def test_spring_attack_splits_the_move():
    assert limits("Spring Attack").split_move and not limits().split_move


def test_pounce_full_attack_on_a_charge():
    assert limits("Pounce").full_attack_when_charging and not limits().full_attack_when_charging


def test_hurling_charge_needs_a_ranged_attack():
    assert limits("Hurling Charge", ranged=[(5, 10)]).hurl_when_charging
    assert not limits("Hurling Charge").hurl_when_charging


def test_mounted_melee_attack_during_a_double_move():
    assert limits("Mounted Melee Attack").attack_during_double_move


def test_simultaneous_attack_names_its_combination():
    assert limits("Simultaneous Attack").combined_attacks
    assert limits().combined_attacks is None


def test_slow_attacks():
    assert limits("Slow Attack").no_move_with_attack
    assert limits("Slow Melee Attack").no_move_with_melee and not limits("Slow Melee Attack").no_move_with_ranged
    assert limits("Slow Ranged Attack").no_move_with_ranged


def test_whirlwind_attack():
    assert limits("Whirlwind Attack").whirlwind and not limits().whirlwind


def test_slow_effect_adjacent_enemy_saves_when_activated():
    naga = creature("Naga", abilities=["Slow Effect (DC 15)"], at=(0, 0))
    orc = creature("Orc", side="p2", at=(1, 0))
    field = OpenField([naga, orc])
    [save] = hooks.start_of_turn(orc, field)
    assert isinstance(save, SaveOr) and save.dc == 15 and save.target == orc.id
    assert isinstance(save.on_fail[0], AddCondition) and save.on_fail[0].condition == "slowed"
    orc.square = (3, 0)
    assert hooks.start_of_turn(orc, field) == []
    assert hooks.start_of_turn(naga, field) == []
