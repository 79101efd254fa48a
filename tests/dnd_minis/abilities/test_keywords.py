"""Glossary keywords that shape effects rather than name abilities (War Drums §26; skirmish §26.1)."""

from engine.rulesets.dnd_minis.abilities.actions import effect_outcomes
from engine.rulesets.dnd_minis.abilities.base import Damage, Push, SaveOr
from engine.rulesets.dnd_minis.abilities.params import parse
from engine.rulesets.dnd_minis.conditions import known_conditions
from engine.rulesets.dnd_minis.spells import spell_for
from tests.dnd_minis.abilities.helpers import Condition, creature, dealt, hooks


def test_any_lifts_the_nearest_rule():
    assert spell_for("swap", "(sight; switch position of any two creatures)").any_target
    assert not spell_for("bless").any_target and not parse("(any warband; attack +1)").any_target


def test_dc_negates_takes_nothing_on_a_success():
    src, target = creature("Src"), creature("Target", side="p2")
    [hit] = effect_outcomes("(range 6; 20 sonic damage; DC 15 negates)", target, src, "shout")
    assert isinstance(hit, Damage) and hit.negates and hit.dc == 15
    [plain] = effect_outcomes("(range 6; 20 sonic damage; DC 15)", target, src, "shout")
    assert not plain.negates


def test_non_damaging_effect_is_avoided_by_a_save():
    src, target = creature("Src"), creature("Target", side="p2")
    [save] = effect_outcomes("(sight; stun; DC 14)", target, src, "daze")
    assert isinstance(save, SaveOr) and save.on_fail[0].condition == "stunned"


def test_push_pull_slide_directions():
    assert Push(target="x").direction == "away"
    assert Push(target="x", direction="toward").direction == "toward"


def test_magic_and_energy_damage_ignore_dr_negative_spares_constructs():
    ogre = creature("Ogre", abilities=["DR 10"])
    assert dealt(ogre, (10, "magic")) == 10 and dealt(ogre, (10, "fire")) == 10 and dealt(ogre, 10) == 0
    assert dealt(ogre, (10, "negative")) == 10
    assert dealt(creature("Golem", types=["Construct"]), (10, "negative")) == 0


def test_rounding_halves_to_multiples_of_5():
    """skirmish W-34."""
    assert [hooks.halved(n) for n in (15, 5, 30, 25, 20)] == [5, 0, 15, 10, 10]


def test_phase_out_and_summoned_are_known_markers():
    assert {"phased out", "summoned"} <= set(known_conditions())
    assert hooks.threatens(creature("Imp", conditions=[Condition(name="summoned")]))


def test_living_and_nonliving():
    from engine.rulesets.dnd_minis.types import is_living
    assert is_living(creature("Man")) and not is_living(creature("Zombie", types=["Undead"]))
    assert not is_living(creature("Golem", types=["Construct"]))
