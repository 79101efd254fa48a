"""Spells (War Drums §17, §29.7; skirmish §21, §26.4, W-30..W-34)."""

import pytest

from engine.rulesets.dnd_minis.abilities.base import AddEffect, Damage, GainHp, Heal, Place
from engine.rulesets.dnd_minis.spells import (
    cast, cone_squares, heal_outcome, known_spells, line_of_spell, radius_squares, spell_family,
    spell_for, spell_named,
)
from tests.dnd_minis.abilities.helpers import OpenField, creature, dice, hooks

NAMED = ["bear's endurance", "bless", "bull's strength", "fireball", "flame strike", "magic weapon",
         "shield of faith", "summon monster", "wall of force", "blast of flame", "heal"]


@pytest.mark.parametrize("name", NAMED)
def test_every_named_spell_is_registered_with_a_range_kind(name):
    spell = spell_named(name)
    assert spell is not None and spell.range in (
        "self", "touch", "range 6", "cone", "line 12", "sight", "your warband", "any warband")
    assert name in known_spells()


def test_flame_strike_entry_and_save_for_half():
    """WE-42: flame strike (sight; radius 2; 30 fire damage; DC 16)."""
    spell = spell_named("flame strike")
    assert (spell.range, spell.area, spell.damage, spell.energy, spell.dc) == ("sight", "radius 2", 30, "fire", 16)
    cleric = creature("Lion of Talisid")
    orc = creature("Orc", side="p2", level=5)
    [hit], _ = cast(spell, cleric, [orc])
    assert isinstance(hit, Damage) and (hit.amount, hit.kind, hit.dc) == (30, "fire", 16)
    assert [hooks.halved(n) for n in (5, 10, 15, 20, 25, 30, 40)] == [0, 5, 5, 10, 10, 15, 20]


def test_blast_of_flame_ignores_spell_resistance():
    """skirmish W-30: a target with Spell Resistance is affected, no SR roll."""
    spell = spell_named("blast of flame")
    assert spell.ignores_sr and spell.area == "cone"
    golem = creature("Golem", side="p2", abilities=["Spell Resistance"])
    outcomes, rolls = cast(spell, creature("Wizard"), [golem], rng=dice())
    assert rolls == [] and outcomes[0].amount == 30


def test_spell_resistance_stops_an_ordinary_spell():
    golem = creature("Golem", side="p2", abilities=["Spell Resistance"])
    outcomes, rolls = cast(spell_named("flame strike"), creature("Cleric"), [golem], rng=dice(10))
    assert outcomes == [] and len(rolls) == 1


def test_buffs_become_lasting_effects_with_their_family():
    """WE-43: magic weapon (attack +1, ignore DR), bless (attack +1), bull's strength (+5 melee damage)."""
    caster, friend = creature("Cleric"), creature("Fighter")
    [mw], _ = cast(spell_named("magic weapon"), caster, [friend])
    assert isinstance(mw, AddEffect) and (mw.stat, mw.value, mw.family) == ("attack", 1, "magic weapon")
    assert "ignore_dr" in mw.flags
    [bl], _ = cast(spell_named("bless"), caster, [friend])
    assert (bl.stat, bl.value) == ("attack", 1) and spell_named("bless").range == "your warband"
    [bs], _ = cast(spell_named("bull's strength"), caster, [friend])
    assert (bs.stat, bs.value) == ("melee_damage", 5)
    [sf], _ = cast(spell_named("shield of faith"), caster, [friend])
    assert (sf.stat, sf.value) == ("ac", 2)


def test_versions_share_a_family():
    assert spell_family("Mass Bull's Strength") == spell_family("Greater Bull's Strength") == "bull's strength"
    assert spell_named("mass bless").name == "bless"


def test_bears_endurance_extra_hp_living_only():
    """WE-44: +10 hp to a living creature."""
    [gain], _ = cast(spell_named("bear's endurance"), creature("Cleric"), [creature("Fighter")])
    assert isinstance(gain, GainHp) and gain.amount == 10
    outcomes, _ = cast(spell_named("bear's endurance"), creature("Cleric"), [creature("Golem", types=["Construct"])])
    assert not any(isinstance(o, GainHp) for o in outcomes)


def test_heal_heals_the_living_harms_undead_and_skips_constructs():
    """WE-46: Heal 20 from a 3rd-level spell: DC 15 for undead; constructs unaffected."""
    cleric = creature("Cleric", level=7)
    [heal] = heal_outcome(20, creature("Fighter"), cleric, spell_level=3)
    assert isinstance(heal, Heal) and heal.amount == 20
    [harm] = heal_outcome(20, creature("Zombie", types=["Undead"]), cleric, spell_level=3)
    assert isinstance(harm, Damage) and harm.dc == 15 and harm.kind == "positive"
    [harm] = heal_outcome(20, creature("Zombie", types=["Undead"]), cleric, spell_level=None)
    assert harm.dc == 12 + 7  # a non-spell heal: 12 + the acting creature's Level (AMB-78)
    assert heal_outcome(20, creature("Golem", types=["Construct"]), cleric, spell_level=3)[0].text


def test_summon_monster_places_within_6_of_the_caster():
    caster = creature("Conjurer")
    outcomes, _ = cast(spell_named("summon monster"), caster, [])
    [place] = [o for o in outcomes if isinstance(o, Place)]
    assert place.where == f"within 6 of {caster.id}" and place.no_activation


def test_wall_of_force_blocks_line_of_effect():
    assert spell_named("wall of force").blocks_line_of_effect


def test_a_cards_own_entry_wins():
    spell = spell_for("scorching ray", "(range 6; 15 fire damage; DC 13)")
    assert (spell.range, spell.damage, spell.energy, spell.dc) == ("range 6", 15, "fire", 13)
    assert spell_for("bless").stats == (("attack", 1),)


def test_only_touch_spells_while_threatened():
    """WE-47."""
    assert spell_named("magic weapon").castable_while_threatened
    assert not spell_named("flame strike").castable_while_threatened


def test_almighty_target_ignores_an_allied_caster():
    avatar, friend = creature("Avatar", abilities=["Almighty"]), creature("Cleric")
    outcomes, _ = cast(spell_named("bless"), friend, [avatar], OpenField([avatar, friend]))
    assert outcomes == []


def test_templates():
    """War Drums §17.7 / skirmish §26.2: radius 2 = 32 squares, radius 4 = 80, cones 24 and 28."""
    assert len(radius_squares((0, 0), 2)) == 32 and len(radius_squares((0, 0), 4)) == 80
    assert (3, 0) in radius_squares((0, 0), 2) and (3, 3) not in radius_squares((0, 0), 2)
    assert len(cone_squares((0, 0), (1, 1))) == 24 and len(cone_squares((0, 0), (0, -1), "wedge")) == 28
    line = line_of_spell((0, 0), (3, 0))
    assert line[0] == (1, 0) and line[-1] == (12, 0) and len(line) == 12
