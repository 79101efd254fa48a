"""Who in a unit still has a Breath Weapon to use (§22 "Un modello con un Arma a Soffio può
utilizzarla una volta sola durante la partita"), read by shooting, the Stand and Shoot offer and
close combat. Apart from weapons.py (the weapon itself, as data) because it reads where the
unit's characters stand."""

from __future__ import annotations

from engine.rulesets.ninth_age.mixed_units import character_cells
from engine.rulesets.ninth_age.weapons import breath_of


def breathers(state, unit) -> list[int]:
    """The models of ``unit`` (footprint indices) that still have a Breath Weapon to use: "Un
    modello con un Arma a Soffio può utilizzarla una volta sola durante la partita" (§22), each
    model its own; a single model, its one. Its joined characters are not among them (a rule of
    the unit's entry is its rank and file's)."""
    if breath_of(state.unit_entry(unit)) is None or unit.breath_used or not unit.on_table:
        return []
    if unit.models <= 1:
        return [] if 0 in unit.breathed else [0]
    if unit.garrison:  # in a Building its models have no places of their own (§18.6)
        return [i for i in range(unit.models) if i not in unit.breathed]
    taken = set().union(*character_cells(state, unit).values())
    return [i for i in range(len(unit.footprint().models)) if i not in taken and i not in unit.breathed]


def spend_breaths(state, unit, models: list[int]) -> None:
    """Those models have used their Breath Weapons (once per game, §22); the unit's is spent when
    none is left."""
    unit.breathed = sorted(set(unit.breathed) | set(models))
    if not breathers(state, unit):
        unit.breath_used = True
