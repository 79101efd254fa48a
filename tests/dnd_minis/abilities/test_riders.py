"""On-hit riders (War Drums §10.2 step 6, §26; skirmish §25)."""

from engine.rulesets.dnd_minis.abilities.base import (
    AddCondition, Damage, Destroy, GainHp, SaveOr,
)
from tests.dnd_minis.abilities.helpers import Condition, OpenField, attack, creature, hooks


def test_poison_each_turn_save_or_poisoned():
    spider = creature("Spider", abilities=["Poison (5 damage each turn; DC 14)"])
    orc = creature("Orc", side="p2", at=(1, 0))
    [save] = hooks.on_hit(attack(spider, orc), 10, False)
    assert isinstance(save, SaveOr) and save.dc == 14 and save.against == "poison"
    [cond] = save.on_fail
    assert isinstance(cond, AddCondition) and cond.condition.startswith("poisoned 5") and cond.source == spider.id
    assert save.on_pass == ()
    assert hooks.on_hit(attack(spider, orc), 0, False) == []
    zombie = creature("Zombie", side="p2", at=(1, 0), types=["Construct"])
    assert hooks.on_hit(attack(spider, zombie), 10, False) == []


def test_poison_immediate_damage_halves_on_a_save():
    """[AMB-73]: damage portions halve on a success."""
    wyvern = creature("Wyvern", abilities=["Poison (20 damage; DC 15)"])
    orc = creature("Orc", side="p2", at=(1, 0))
    [save] = hooks.on_hit(attack(wyvern, orc), 10, False)
    assert [d.amount for d in save.on_fail if isinstance(d, Damage)] == [20]
    assert [d.amount for d in save.on_pass if isinstance(d, Damage)] == [10]


def test_poison_paralysis_effect():
    ghoul = creature("Carrion Crawler", abilities=["Poison (paralysis; DC 13)"])
    orc = creature("Orc", side="p2", at=(1, 0))
    [save] = hooks.on_hit(attack(ghoul, orc), 5, False)
    assert [c.condition for c in save.on_fail] == ["paralyzed DC 13"]


def test_stunning_attack_only_when_declared_and_damaging():
    monk = creature("Monk", abilities=["Stunning Attack (DC 16)"])
    orc = creature("Orc", side="p2", at=(1, 0))
    ctx = attack(monk, orc)
    assert hooks.declarable(ctx) == ["Stunning Attack (DC 16)"]
    assert hooks.on_hit(ctx, 10, False) == []
    declared = attack(monk, orc, declared=frozenset({"Stunning Attack (DC 16)"}))
    [save] = hooks.on_hit(declared, 10, False)
    assert save.dc == 16 and save.on_fail[0].condition == "stunned"
    assert hooks.on_hit(declared, 0, False) == []
    golem = creature("Golem", side="p2", at=(1, 0), types=["Construct"])
    assert hooks.on_hit(attack(monk, golem, declared=frozenset({"Stunning Attack (DC 16)"})), 10, False) == []


def test_paralysis_rider():
    ghoul = creature("Ghoul", abilities=["Paralysis (DC 14)"])
    orc = creature("Orc", side="p2", at=(1, 0))
    [save] = hooks.on_hit(attack(ghoul, orc), 5, False)
    assert save.on_fail[0].condition == "paralyzed DC 14"
    elf_dragon = creature("Dragon", side="p2", at=(1, 0), types=["Dragon"])
    assert hooks.on_hit(attack(ghoul, elf_dragon), 5, False) == []


def test_sleep_rider_not_on_elves():
    sprite = creature("Sprite", abilities=["Sleep (DC 12)"])
    man = creature("Man", side="p2", at=(1, 0))
    elf = creature("Elf", side="p2", at=(1, 0), types=["Humanoid", "Elf"])
    assert hooks.on_hit(attack(sprite, man), 5, False)[0].on_fail[0].condition == "asleep"
    assert hooks.on_hit(attack(sprite, elf), 5, False) == []


def test_confusion_rider_living_only():
    nymph = creature("Nymph", abilities=["Confusion (DC 15)"])
    man = creature("Man", side="p2", at=(1, 0))
    skeleton = creature("Skeleton", side="p2", at=(1, 0), types=["Undead"])
    assert hooks.on_hit(attack(nymph, man), 5, False)[0].on_fail[0].condition == "confused DC 15"
    assert hooks.on_hit(attack(nymph, skeleton), 5, False) == []


def test_entangle_rider_no_save_fliers_immune():
    vine = creature("Vine", abilities=["Entangle (DC 15)"])
    man = creature("Man", side="p2", at=(1, 0))
    [cond] = hooks.on_hit(attack(vine, man), 0, False)
    assert isinstance(cond, AddCondition) and cond.condition == "entangled DC 15"
    bird = creature("Bird", side="p2", at=(1, 0), fly=True)
    assert hooks.on_hit(attack(vine, bird), 0, False) == []


def test_level_drain_living_only_penalty_and_hp():
    wight = creature("Wight", abilities=["Level Drain"])
    man = creature("Man", side="p2", at=(1, 0))
    out = hooks.on_hit(attack(wight, man), 10, False)
    assert [type(o).__name__ for o in out] == ["AddCondition", "GainHp"]
    assert out[0].condition == "level drained 1" and out[1].amount == 5
    golem = creature("Golem", side="p2", at=(1, 0), types=["Construct"])
    assert hooks.on_hit(attack(wight, golem), 10, False) == []
    assert hooks.on_hit(attack(wight, man, melee=False), 10, False) == []


def test_level_drained_penalties_stack_in_war_drums_not_in_starter():
    man = creature("Man", conditions=[Condition(name="level drained", value=3)])
    orc = creature("Orc", side="p2", at=(1, 0))
    wd = OpenField([man, orc])
    assert sum(m.value for m in hooks.attack_modifiers(attack(man, orc, wd))) == -3
    starter = OpenField([man, orc], edition="starter")
    assert sum(m.value for m in hooks.attack_modifiers(attack(man, orc, starter))) == -1
    assert sum(m.value for m in hooks.save_modifiers(hooks.SaveContext(creature=man, dc=10, battle=wd))) == -3


def test_life_drain_gains_hp_up_to_its_maximum():
    vampire = creature("Vampire", abilities=["Life Drain 10 (max 60)"], hp=50)
    man = creature("Man", side="p2", at=(1, 0))
    [gain] = hooks.on_hit(attack(vampire, man), 10, False)
    assert isinstance(gain, GainHp) and gain.amount == 10
    vampire.hp = 55
    assert hooks.on_hit(attack(vampire, man), 10, False)[0].amount == 5
    skeleton = creature("Skeleton", side="p2", at=(1, 0), types=["Undead"])
    assert hooks.on_hit(attack(vampire, skeleton), 10, False) == []
    assert hooks.on_hit(attack(creature("Leech", abilities=["Life Drain 5"]), man), 10, False)[0].amount == 5


def test_constitution_drain_save_or_extra_damage_and_hp():
    mummy = creature("Mummy Lord", abilities=["Constitution Drain (+10; DC 15)"])
    man = creature("Man", side="p2", at=(1, 0))
    [save] = hooks.on_hit(attack(mummy, man), 10, False)
    assert save.dc == 15
    damage, gain = save.on_fail
    assert isinstance(damage, Damage) and damage.amount == 10 and gain.amount == 10
    assert hooks.on_hit(attack(mummy, man), 0, False) == []


def test_death_attack_declared_sneak_attack_save_or_destroyed():
    """[AMB-34]: only when the attack hits as a sneak attack."""
    assassin = creature("Assassin", abilities=["Melee Sneak Attack +10", "Death Attack (DC 15)"])
    man = creature("Man", side="p2", at=(1, 0))
    flanked = attack(assassin, man, flanking=True, declared=frozenset({"Death Attack (DC 15)"}))
    assert "Death Attack (DC 15)" in hooks.declarable(flanked)
    [save] = hooks.on_hit(flanked, 20, False)
    assert isinstance(save.on_fail[0], Destroy)
    assert hooks.on_hit(attack(assassin, man, declared=frozenset({"Death Attack (DC 15)"})), 20, False) == []
    golem = creature("Golem", side="p2", at=(1, 0), types=["Construct"])
    assert hooks.on_hit(attack(assassin, golem, flanking=True,
                               declared=frozenset({"Death Attack (DC 15)"})), 20, False) == []
