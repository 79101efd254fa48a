"""Command abilities (War Drums §14, §26; skirmish §9, §25)."""

from engine.rulesets.dnd_minis.abilities.base import MoveContext, ability_for
from tests.dnd_minis.abilities.helpers import Condition, OpenField, attack, creature, hooks


def commander(name, rating, effect, **kw):
    c = creature(name, commander=rating, **kw)
    c.card = c.card.model_copy(update={"commander_effect": effect})
    return c


def total(mods):
    return sum(m.value for m in mods)


def test_commander_line_gives_a_rating():
    assert hooks.commander_rating(creature("Captain", abilities=["Commander 3"])) == 3


def test_difficult_needs_a_high_enough_rating():
    """WE-55: Minotaur (Difficult 4) and a rating-3 commander."""
    low = creature("Captain", commander=3, at=(0, 0))
    minotaur = creature("Minotaur", abilities=["Difficult 4"], at=(2, 0))
    field = OpenField([low, minotaur])
    assert not hooks.can_be_commanded_by(minotaur, low, field) and not field.in_command(minotaur)
    high = creature("General", commander=4, at=(3, 0))
    field.members.append(high)
    assert hooks.can_be_commanded_by(minotaur, high, field) and field.in_command(minotaur)


def test_difficult_must_rush_out_of_command_in_the_starter_rules():
    minotaur = creature("Minotaur", abilities=["Difficult 4"])
    assert hooks.turn_limits(minotaur, OpenField([minotaur], edition="starter")).must_rush_to_melee
    assert not hooks.turn_limits(minotaur, OpenField([minotaur])).must_rush_to_melee


def test_wild_never_in_command_unless_beastmastered():
    captain = creature("Captain", commander=5, at=(0, 0))
    wolf = creature("Wolf", abilities=["Wild"], types=["Animal"], level=2, at=(1, 0))
    field = OpenField([captain, wolf])
    assert not field.in_command(wolf)
    druid = creature("Druid", commander=5, abilities=["Beastmaster 2"], at=(0, 1))
    field.members.append(druid)
    assert hooks.can_be_commanded_by(wolf, captain, field) and field.in_command(wolf)


def test_beastmaster_covers_animals_up_to_its_level():
    """WE-55 / skirmish W-36: Beastmaster 2 — Hyenas and Wolves yes, an Owlbear no."""
    druid = creature("Druid", commander=2, abilities=["Beastmaster 2"], at=(0, 0))
    hyena = creature("Hyena", abilities=["Difficult 4"], types=["Animal"], level=2, at=(1, 0))
    owlbear = creature("Owlbear", abilities=["Difficult 4"], types=["Magical Beast"], level=5, at=(2, 0))
    field = OpenField([druid, hyena, owlbear])
    assert field.in_command(hyena) and not field.in_command(owlbear)
    druid.destroyed = True  # every Beastmaster gone: they revert
    sergeant = creature("Sergeant", commander=2, at=(0, 1))
    field.members.append(sergeant)
    assert not field.in_command(hyena)


def test_independent_always_in_command():
    loner = creature("Loner", abilities=["Independent"])
    assert OpenField([loner]).in_command(loner)
    assert not OpenField([creature("Plain")]).in_command(creature("Plain"))


def test_not_subject_to_commander_effects():
    captain = commander("Captain", 3, "Followers get +2 attack", at=(0, 0))
    brute = creature("Brute", abilities=["Not Subject to Commander Effects"], at=(1, 0))
    soldier = creature("Soldier", at=(0, 1))
    orc = creature("Orc", side="p2", at=(2, 0))
    field = OpenField([captain, brute, soldier, orc])
    assert total(hooks.attack_modifiers(attack(soldier, orc, field))) == 2
    assert total(hooks.attack_modifiers(attack(brute, orc, field))) == 0


def test_commander_effects_reach_followers_within_6_and_take_the_largest():
    """WE-56: CE +2 and CE +1 from two commanders → +2; commanders don't get CEs."""
    c1 = commander("Captain", 3, "Followers get +2 attack", at=(0, 0))
    c2 = commander("Lieutenant", 2, "(attack +1)", at=(0, 2))
    soldier = creature("Soldier", at=(1, 1))
    far = creature("Soldier", at=(9, 9))
    orc = creature("Orc", side="p2", at=(2, 1))
    field = OpenField([c1, c2, soldier, far, orc])
    assert total(hooks.attack_modifiers(attack(soldier, orc, field))) == 2
    assert total(hooks.attack_modifiers(attack(far, orc, field))) == 0
    assert total(hooks.attack_modifiers(attack(c2, orc, field))) == 0
    c1.card = c1.card.model_copy(update={"commander_effect": "Followers get +2 melee attack"})
    assert total(hooks.attack_modifiers(attack(soldier, orc, field, melee=False))) == 1


def test_hostile_commander_effect_reaches_every_enemy_within_6():
    warlord = commander("Warlord", 4, "Enemies get -2 AC", at=(0, 0))
    foe_commander = commander("Captain", 2, "", side="p2", at=(2, 0))
    friend = creature("Soldier", at=(1, 0))
    field = OpenField([warlord, foe_commander, friend])
    assert total(hooks.ac_modifiers(attack(friend, foe_commander, field))) == -2
    foe_commander.square = (9, 0)
    assert total(hooks.ac_modifiers(attack(friend, foe_commander, field))) == 0


def test_countersong_war_drums_suppresses_enemy_ces_within_6():
    captain = commander("Captain", 3, "Followers get +2 attack", at=(0, 0))
    soldier = creature("Soldier", at=(1, 0))
    bard = creature("Bard", side="p2", abilities=["Countersong"], at=(6, 0))
    field = OpenField([captain, soldier, bard])
    assert total(hooks.attack_modifiers(attack(soldier, bard, field))) == 0
    bard.square = (8, 0)
    assert total(hooks.attack_modifiers(attack(soldier, bard, field))) == 2


def test_countersong_starter_rules_shut_down_commanders_within_6():
    captain = commander("Captain", 3, "Followers get +2 attack", at=(0, 0))
    soldier = creature("Soldier", at=(5, 0))
    bard = creature("Bard", side="p2", abilities=["Countersong"], at=(-6, 0))
    orc = creature("Orc", side="p2", at=(6, 0))
    field = OpenField([captain, soldier, bard, orc], edition="starter")
    assert total(hooks.attack_modifiers(attack(soldier, orc, field))) == 0  # the commander is within 6
    assert total(hooks.attack_modifiers(attack(soldier, orc, OpenField([captain, soldier, bard, orc])))) == 2


def test_improved_countersong_blocks_enemy_commanders_from_commanding_others():
    captain = creature("Captain", commander=3, at=(0, 0))
    soldier = creature("Soldier", at=(1, 0))
    bard = creature("Bard", side="p2", abilities=["Improved Countersong"], at=(4, 0))
    field = OpenField([captain, soldier, bard])
    assert not hooks.can_be_commanded_by(soldier, captain, field)
    assert captain in field.commanders_of(captain)  # it still commands itself (AMB-14)
    bard.square = (12, 0)
    assert hooks.can_be_commanded_by(soldier, captain, field)


def test_relay_orders_takes_the_commanders_rating():
    captain = creature("Captain", commander=4, at=(0, 0))
    herald = creature("Herald", abilities=["Relay Orders"], at=(3, 0))
    field = OpenField([captain, herald])
    assert hooks.commander_rating(herald, field) == 4
    field.out_of_command.add(herald.id)
    assert hooks.commander_rating(herald, field) is None


def test_command_dependent_speed_0_out_of_command():
    drone = creature("Drone", abilities=["Command Dependent"], speed=6)
    alone = OpenField([drone])
    assert hooks.speed(drone, MoveContext(drone, battle=alone)) == 0
    assert hooks.speed(drone, MoveContext(drone, battle=OpenField([drone], edition="starter"))) == 2
    captain = creature("Captain", commander=2, at=(1, 0))
    assert hooks.speed(drone, MoveContext(drone, battle=OpenField([drone, captain]))) == 6


def test_conditions_stop_commanders_commanding():
    captain = creature("Captain", commander=3, at=(0, 0))
    soldier = creature("Soldier", at=(1, 0))
    field = OpenField([captain, soldier])
    assert field.in_command(soldier)
    for name in ("stunned", "paralyzed", "confused", "asleep"):
        captain.conditions = [Condition(name=name)]
        assert not hooks.can_command(captain) and not field.in_command(soldier)


def test_enslave_and_warband_building_are_known_commander_effects():
    enslave = ability_for("Enslave")
    assert enslave.commander_effect and enslave.converts_enemies
    building = ability_for("Warband Building (Kobolds may join any faction)")
    assert building.commander_effect and "Kobolds" in building.waiver()


def test_a_structured_commander_effect_for_some_types_only():
    """War Drums §14.4: a CE printed for some creatures ("Elf followers get +2 AC") reaches only them."""
    from engine.rulesets.dnd_minis.cards import CommanderEffect

    captain = creature("Captain", commander=2, at=(0, 0))
    captain.card = captain.card.model_copy(update={"commander_effects": [
        CommanderEffect(text="Elf followers get +2 AC", stat="ac", amount=2, only=["Elf"])]})
    elf = creature("Elf Archer", at=(1, 0), types=["Elf"])
    man = creature("Man", at=(0, 1))
    orc = creature("Orc", side="p2", at=(2, 0))
    field = OpenField([captain, elf, man, orc])
    assert total(hooks.ac_modifiers(attack(orc, elf, field))) == 2
    assert total(hooks.ac_modifiers(attack(orc, man, field))) == 0
