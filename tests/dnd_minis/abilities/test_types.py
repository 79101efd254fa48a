"""Creature types and their built-in traits (War Drums §26; skirmish §24.2)."""

import pytest

from engine.rulesets.dnd_minis.types import is_living, size_rank
from tests.dnd_minis.abilities.helpers import OpenField, attack, creature, dealt, dice, hooks, save_ctx

EVERYTHING = ("confusion", "critical hits", "dominate", "flanking", "gaze attack", "incite", "inhibit",
              "paralysis", "poison", "sleep", "sneak attack", "stun", "level drain")


def immunities(types, edition="war-drums"):
    c = creature("X", types=list(types))
    return {w for w in EVERYTHING if hooks.immune(c, w, OpenField([c], edition=edition))}


@pytest.mark.parametrize("type_", ["Aberration", "Animal", "Fey", "Giant", "Humanoid", "Magical Beast",
                                   "Monstrous Humanoid", "Outsider"])
def test_types_without_built_in_abilities(type_):
    c = creature("X", types=[type_], level=1)
    assert immunities([type_]) == set()
    assert is_living(c)
    assert hooks.roll_save(dice(1), save_ctx(c, morale=True))[0] is False


def test_construct():
    golem = creature("Golem", types=["Construct"], level=1)
    assert immunities(["Construct"]) == {"confusion", "critical hits", "dominate", "incite", "inhibit",
                                         "paralysis", "poison", "sleep", "sneak attack", "stun"}
    assert not is_living(golem)
    assert hooks.roll_save(dice(1), save_ctx(golem, morale=True))[0] is True  # Fearless
    assert dealt(golem, (20, "negative")) == 0 and hooks.immune(golem, "heal")


def test_living_construct():
    """[AMB-37]: living, not Fearless, only Level Drain, Paralysis, Poison, Sleep."""
    forged = creature("Warforged", types=["Living Construct"], level=1)
    assert immunities(["Living Construct"]) == {"level drain", "paralysis", "poison", "sleep"}
    assert is_living(forged)
    assert hooks.roll_save(dice(1), save_ctx(forged, morale=True))[0] is False


def test_dragon():
    assert immunities(["Dragon"]) == {"paralysis", "sleep"}


def test_elemental():
    assert immunities(["Elemental"]) == {"critical hits", "flanking", "paralysis", "poison", "sleep",
                                         "sneak attack", "stun"}
    fire = creature("Fire Elemental", types=["Elemental"])
    orc = creature("Orc", side="p2", at=(1, 0))
    assert not hooks.flanking_applies(attack(orc, fire, flanking=True))


def test_elf_humanoid_immune_sleep():
    assert immunities(["Humanoid", "Elf"]) == {"sleep"}


def test_ooze_fearless_blindsight_and_immunities():
    ooze = creature("Ooze", types=["Ooze"], level=1)
    assert immunities(["Ooze"]) == {"confusion", "critical hits", "dominate", "flanking", "gaze attack",
                                    "incite", "inhibit", "paralysis", "poison", "sleep", "sneak attack", "stun"}
    assert hooks.roll_save(dice(1), save_ctx(ooze, morale=True))[0] is True
    wisp = creature("Wisp", side="p2", at=(1, 0), abilities=["Conceal 11"])
    assert hooks.conceal_check(dice(1), attack(ooze, wisp))[0] is True


def test_plant():
    assert immunities(["Plant"]) == {"confusion", "critical hits", "dominate", "incite", "inhibit",
                                     "paralysis", "poison", "sleep", "sneak attack", "stun"}


def test_undead_by_edition():
    """War Drums lists no immunities for Undead; the starter rules list nine. Fearless except
    against Turn Undead; negative damage heals it (the ruleset reads Heal/negative via spells)."""
    skeleton = creature("Skeleton", types=["Undead"], level=1)
    assert immunities(["Undead"]) == set()
    assert immunities(["Undead"], "starter") == {"confusion", "critical hits", "dominate", "incite", "inhibit",
                                                 "paralysis", "poison", "sleep", "sneak attack", "stun"}
    assert not is_living(skeleton)
    assert hooks.roll_save(dice(1), save_ctx(skeleton, morale=True))[0] is True
    assert hooks.roll_save(dice(1), save_ctx(skeleton, morale=True, against="Turn Undead"))[0] is False
    assert dealt(skeleton, (20, "negative")) == 0 and hooks.heals_instead(skeleton, "negative")
    assert not hooks.heals_instead(creature("Man"), "negative")


def test_condition_names_ask_the_matching_immunity():
    golem = creature("Golem", types=["Construct"])
    assert all(hooks.immune(golem, name) for name in ("stunned", "paralyzed", "asleep", "confused", "poisoned"))
    assert not hooks.immune(creature("Man"), "stunned")


def test_vermin():
    assert immunities(["Vermin"]) == {"confusion", "dominate", "incite", "inhibit", "sleep"}


def test_subtypes_in_parentheses_count():
    """skirmish W-50: 'Humanoid (Kobold)' is a Kobold for effects."""
    from engine.rulesets.dnd_minis.types import _type_words
    assert "Kobold" in _type_words(creature("Kobold", types=["Humanoid (Kobold)"]))


def test_size_order():
    assert size_rank(creature("A", size="tiny")) < size_rank(creature("B", size="small")) \
        < size_rank(creature("C")) < size_rank(creature("D", size="large")) < size_rank(creature("E", size="huge"))
