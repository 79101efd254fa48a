"""Triggers on destruction (War Drums §10.6; skirmish §18.9)."""

from engine.rulesets.dnd_minis.abilities.base import Damage, Destroy, ExtraAttack, GainHp, Place, Promote, Rout
from tests.dnd_minis.abilities.helpers import OpenField, attack, creature, hooks


def test_death_burst_hits_everyone_in_the_radius_save_for_half():
    mephit = creature("Mephit", abilities=["Death Burst (radius 2; fire 10; DC 14)"], at=(5, 5))
    near = creature("Orc", side="p2", at=(6, 6))
    ally = creature("Imp", at=(7, 5))
    far = creature("Elf", side="p2", at=(9, 5))
    out = hooks.on_destroyed(mephit, near, OpenField([mephit, near, ally, far]))
    hits = [o for o in out if isinstance(o, Damage)]
    assert {h.target for h in hits} == {near.id, ally.id}
    assert all((h.amount, h.kind, h.dc) == (10, "fire", 14) for h in hits)


def test_death_burst_without_radius_hits_adjacent_creatures():
    ooze = creature("Ooze", abilities=["Death Burst (acid 5; DC 12)"], at=(5, 5))
    adjacent = creature("Orc", side="p2", at=(6, 5))
    two_away = creature("Elf", side="p2", at=(7, 5))
    hits = hooks.on_destroyed(ooze, None, OpenField([ooze, adjacent, two_away]))
    assert [h.target for h in hits] == [adjacent.id]


def test_death_strike_one_attack_then_destroyed():
    zealot = creature("Zealot", abilities=["Death Strike"])
    [strike] = hooks.on_destroyed(zealot, None, OpenField([zealot]))
    assert isinstance(strike, ExtraAttack) and strike.attacker == zealot.id and strike.then_destroy


def test_feed_on_destroying_a_humanoid():
    ghoul = creature("Ghoul", abilities=["Feed 10"])
    man = creature("Man", side="p2", types=["Humanoid"])
    wolf = creature("Wolf", side="p2", types=["Animal"])
    kobold = creature("Kobold", side="p2", types=["Humanoid (Kobold)"])
    field = OpenField([ghoul, man, wolf, kobold])
    assert [o.amount for o in hooks.on_destroyed(man, ghoul, field) if isinstance(o, GainHp)] == [10]
    assert hooks.on_destroyed(wolf, ghoul, field) == []
    assert [o.amount for o in hooks.on_destroyed(kobold, ghoul, field) if isinstance(o, GainHp)] == [10]


def test_cleave_extra_attack_with_the_same_entry():
    fighter = creature("Fighter", abilities=["Cleave"], melee=[(8, 10), (5, 5)])
    orc = creature("Orc", side="p2", at=(1, 0))
    field = OpenField([fighter, orc])
    [extra] = hooks.on_destroyed(orc, fighter, field, attack(fighter, orc, field, entry_index=1))
    assert isinstance(extra, ExtraAttack) and extra.entry_index == 1 and extra.not_target == orc.id
    assert hooks.on_destroyed(orc, fighter, field, attack(fighter, orc, field, cleave=True)) == []
    assert hooks.on_destroyed(orc, fighter, field, None) == []


def test_respawn_places_the_listed_creature_in_the_start_area():
    spawn = creature("Spawn", abilities=["Respawn (Lemure)"])
    [place] = hooks.on_destroyed(spawn, None, OpenField([spawn]))
    assert isinstance(place, Place) and place.card == "Lemure" and place.where == "start area" and place.no_activation


def test_requires_destroyed_with_the_required_creature():
    familiar = creature("Familiar", abilities=["Requires Wizard"], at=(0, 0))
    wizard = creature("Wizard", at=(5, 5))
    orc = creature("Orc", side="p2", at=(1, 0))
    field = OpenField([familiar, wizard, orc])
    out = hooks.on_destroyed(wizard, orc, field)
    assert [o.target for o in out if isinstance(o, Destroy)] == [familiar.id]
    assert hooks.on_destroyed(orc, wizard, field) == []
    assert [o.target for o in hooks.on_eliminated(wizard, field) if isinstance(o, Destroy)] == [familiar.id]


def test_cowardly_routs_with_no_active_ally_within_6():
    kobold = creature("Kobold", abilities=["Cowardly"], at=(0, 0))
    friend = creature("Goblin", at=(10, 0))
    victim = creature("Goblin", at=(1, 0))
    field = OpenField([kobold, friend, victim])
    assert [o.creature for o in hooks.on_destroyed(victim, None, field) if isinstance(o, Rout)] == [kobold.id]
    friend.square = (3, 0)
    assert hooks.on_destroyed(victim, None, field) == []
    from engine.rulesets.dnd_minis.creature import Condition
    friend.conditions.append(Condition(name="stunned"))  # not active (AMB-15)
    assert any(isinstance(o, Rout) for o in hooks.on_destroyed(victim, None, field))


def test_battlefield_promotion_when_the_last_commander_falls():
    captain = creature("Captain", commander=3, at=(0, 0))
    sergeant = creature("Sergeant", abilities=["Battlefield Promotion"], at=(2, 0))
    field = OpenField([captain, sergeant])
    [promote] = hooks.on_destroyed(captain, None, field)
    assert isinstance(promote, Promote) and promote.creature == sergeant.id and promote.rating == 1
    second = creature("Lieutenant", commander=1, at=(4, 0))
    field.members.append(second)
    assert hooks.on_destroyed(captain, None, field) == []
