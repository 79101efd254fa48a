"""Morale and save abilities (War Drums §15, §16, §26; skirmish §20, §25)."""

from tests.dnd_minis.abilities.helpers import OpenField, creature, dice, hooks, save_ctx


def test_fearless_passes_morale_saves_but_not_turn_undead():
    knight = creature("Knight", abilities=["Fearless"], level=1)
    assert hooks.roll_save(dice(1), save_ctx(knight, morale=True))[0] is True
    assert hooks.roll_save(dice(1), save_ctx(creature("Man", level=1), morale=True))[0] is False
    assert hooks.roll_save(dice(1), save_ctx(knight, morale=True, against="Turn Undead"))[0] is False
    assert hooks.immune(knight, "frightened")


def test_morale_save_bonus_only_on_morale_saves():
    dwarf = creature("Dwarf", abilities=["Morale Save +4"], level=5)
    assert hooks.roll_save(dice(11), save_ctx(dwarf, morale=True))[0] is True  # 11 + 5 + 4 = 20
    assert hooks.roll_save(dice(11), save_ctx(dwarf, dc=20))[0] is False


def test_save_plus_applies_to_all_saves():
    old = creature("Old Card", abilities=["Save +3"], level=0)
    assert hooks.roll_save(dice(12), save_ctx(old, dc=15))[0] is True
    assert hooks.roll_save(dice(17), save_ctx(old, morale=True))[0] is True
    assert hooks.roll_save(dice(16), save_ctx(old, morale=True))[0] is False


def test_save_equals_replaces_the_level():
    """[A-09]: Save = 8 uses 8 in place of the level."""
    old = creature("Old Card", abilities=["Save = 8"], level=2)
    assert hooks.roll_save(dice(12), save_ctx(old, morale=True))[0] is True
    assert hooks.roll_save(dice(11), save_ctx(old, morale=True))[0] is False


def test_commander_rating_only_on_morale_saves():
    """WE-52: d20 13 + level 4 + rating 3 = 20 passes; out of command 17 fails."""
    follower = creature("Follower", level=4)
    assert hooks.roll_save(dice(13), save_ctx(follower, morale=True, commander_rating=3))[0] is True
    assert hooks.roll_save(dice(13), save_ctx(follower, morale=True))[0] is False
    assert hooks.roll_save(dice(13), save_ctx(follower, dc=20, commander_rating=3))[0] is False


def test_natural_20_and_1():
    assert hooks.roll_save(dice(20), save_ctx(creature("Man", level=-5), dc=40))[0] is True
    assert hooks.roll_save(dice(1), save_ctx(creature("Man", level=30), dc=5))[0] is False


def test_tyrannical_morale_offered_to_followers_within_6():
    tyrant = creature("Tyrant", commander=4, abilities=["Tyrannical Morale +5"], at=(0, 0))
    near = creature("Slave", at=(3, 0))
    far = creature("Slave", at=(9, 0))
    foe = creature("Foe", side="p2", at=(1, 0))
    field = OpenField([tyrant, near, far, foe])
    assert [(c.id, n) for c, n in hooks.tyrannical_offers(near, field)] == [(tyrant.id, 5)]
    assert hooks.tyrannical_offers(far, field) == []
    assert hooks.tyrannical_offers(foe, field) == []
