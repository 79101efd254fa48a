"""Warband-building and set-up abilities (War Drums §23, §26)."""

from engine.rulesets.dnd_minis.abilities.base import ability_for
from engine.rulesets.dnd_minis.abilities.setup import unique_name
from tests.dnd_minis.abilities.helpers import creature, hooks


def test_deployment_abilities():
    assert hooks.deployment(creature("Ranger", abilities=["Scout"])) == "scout"
    assert hooks.deployment(creature("Owlbear", abilities=["Wandering Monster"])) == "wandering monster"
    assert hooks.deployment(creature("Bandit", abilities=["Waylay"])) == "waylay"
    assert hooks.deployment(creature("Troll", abilities=["Cave Setup"])) == "cave"
    assert hooks.deployment(creature("Orc")) is None


def test_minions_come_free():
    assert ability_for("Minions (2 Kobold Skirmishers)").warband_extras() == [(2, "Kobold Skirmisher")]
    assert ability_for("Minions (1 Wolf)").warband_extras() == [(1, "Wolf")]


def test_unique_names_before_the_comma():
    """WE-71 / skirmish W-40: 'Regdar, Human Fighter' and 'Regdar, Adventurer' are both Regdar."""
    assert ability_for("Unique") is not None
    assert unique_name("Regdar, Human Fighter") == unique_name("Regdar, Adventurer")


def test_requires_names_the_creature():
    assert ability_for("Requires Wizard").required_creature() == "Wizard"
