"""Every glossary entry of both rules files is known by its printed name, and nothing else
gets in by accident (War Drums §26; skirmish §25)."""

import doctest
import importlib

import pytest

from engine.rulesets.dnd_minis.abilities.base import Modifier, ability_for, combine
from engine.rulesets.dnd_minis.cards import load_card
from engine.core.errors import IllegalAction

PRINTED = [
    # War Drums §26 and skirmish §25, as they would be printed on a card
    "Almighty", "Antimagic Eye", "Arrow Catching Shield", "Backstab +5", "Battlefield Promotion",
    "Beastmaster 2", "Blindfight", "Blind-Fight", "Blindsight", "Breath Weapon (cone; 30 fire damage; DC 15)",
    "Burrow 4", "Cave Setup", "Cleave", "Command Dependent", "Commander 3", "Conceal 6",
    "Confusion (DC 15)", "Constitution Drain (+10; DC 15)", "Countersong", "Cowardly",
    "Death Attack (DC 15)", "Death Burst (radius 2; fire 10; DC 14)", "Death Strike", "Deflect Arrows",
    "Difficult 4", "Double Damage from Fire", "DR 5", "Dual Activation", "Enslave", "Entangle (DC 15)",
    "Fearless", "Feed 10", "Flight", "Gaze Attack (range 6; paralysis; DC 15)", "Ghost Step", "Hide",
    "Heal 10", "Hunter", "Hurling Charge", "Immune Acid", "Immune Cold, Fire", "Immune Critical Hits",
    "Improved Countersong", "Incorporeal", "Independent", "Leap (+12, 15 damage)", "Level Drain",
    "Life Drain 10", "Melee Reach 2", "Melee Sneak Attack +10", "Minions (2 Kobolds)", "Mobility",
    "Morale Save +4", "Mounted Melee Attack", "Natural Soul", "No Reach",
    "Not Subject to Commander Effects", "Orc Foe", "Paralysis (DC 14)", "Phalanx Fighting",
    "Poison (5 damage each turn; DC 14)", "Pounce", "Powerful Charge +5", "Precise Shot", "Psionics 10",
    "Pushback", "Ranged Sneak Attack +5", "Relay Orders", "Rend +10", "Requires Wizard",
    "Resist 5 Fire", "Respawn (Lemure)", "Save +2", "Save = 8", "Scout", "Set against Charge 10",
    "Sidestep", "Simultaneous Attack", "Sleep (DC 12)", "Slow Attack", "Slow Effect (DC 15)",
    "Slow Melee Attack", "Slow Ranged Attack", "Smite Evil +10", "Smite +5", "Sneak Attack +5",
    "Sorcerer Spells", "Spell Immunity (fireball)", "Spell Resistance", "Spell Resistance All",
    "Spring Attack", "Stagger", "Stench", "Stunning Attack (DC 16)", "Tiny Reach", "Trample 10 (DC 15)",
    "Turn Undead 6", "Tyrannical Morale +5", "Uncanny Dodge", "Unique", "Vulnerable Fire",
    "Wandering Monster", "Warband Building", "Waylay", "Whirlwind Attack", "Wild",
]


@pytest.mark.parametrize("printed", PRINTED)
def test_every_glossary_ability_is_implemented(printed):
    assert ability_for(printed) is not None, printed


@pytest.mark.parametrize("printed", ["Laser Eyes", "Smite", "Immune", "DR five", "Resist Fire"])
def test_unknown_or_malformed_names_are_not_matched(printed):
    assert ability_for(printed) is None


def test_placeholders_are_read():
    assert (ability_for("Resist 10 Cold").value, ability_for("Resist 10 Cold").keyword) == (10, "Cold")
    assert ability_for("Stunning Attack (DC 16)").dc == 16
    assert ability_for("Smite Evil +10").keyword == "Evil"
    assert ability_for("Immune Critical Hits").keyword == "Critical Hits"


def test_a_card_with_an_unknown_ability_is_refused_and_a_known_one_loads():
    base = ('{"id": "x", "name": "X", "speed": 6, "ac": 15, "hp": 20, "melee": [{"bonus": 4, "damage": 5}], '
            '"abilities": [{"name": "%s"}]}')
    assert load_card(base % "Conceal 6").abilities[0].name == "Conceal 6"
    with pytest.raises(IllegalAction):
        load_card(base % "Laser Eyes")


def test_stacking_rules():
    """War Drums §24: families don't stack; commander effects keep the largest; others add."""
    mods = [Modifier(5, "Powerful Charge +5", "powerful charge"), Modifier(10, "Powerful Charge +10", "powerful charge"),
            Modifier(1, "bless", kind="spell"), Modifier(2, "CE A", "a", "commander"),
            Modifier(1, "CE B", "b", "commander"), Modifier(-2, "Stench", "stench")]
    assert sum(m.value for m in combine(mods)) == 10 + 1 + 2 - 2


@pytest.mark.parametrize("module", [
    "engine.rulesets.dnd_minis.abilities.base", "engine.rulesets.dnd_minis.abilities.hooks",
    "engine.rulesets.dnd_minis.abilities.params", "engine.rulesets.dnd_minis.abilities.field",
    "engine.rulesets.dnd_minis.abilities.spellcasting", "engine.rulesets.dnd_minis.conditions",
    "engine.rulesets.dnd_minis.spells.base", "engine.rulesets.dnd_minis.spells.areas",
    "engine.rulesets.dnd_minis.playable",
])
def test_docstring_examples(module):
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0
