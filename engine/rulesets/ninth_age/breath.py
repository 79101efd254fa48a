"""Who in a unit still has a Breath Weapon to use (§22 "Un modello con un Arma a Soffio può
utilizzarla una volta sola durante la partita", seed 001:3155), read by shooting, the Stand and
Shoot offer and close combat. Apart from weapons.py (the weapon itself, as data) because it reads
where the unit's characters stand.

Which models have breathed is kept by identity, not by their place in the unit (places move as
casualties are removed, characters join or leave, the unit reforms):

- a joined character is a model of its own (its own UnitState): its breath is its own
  (:func:`character_breath`), never its host's;
- the unit's Champion is one model: ``champion_breathed``;
- its other models (its musician and standard bearer among them) are rank and file of one
  profile, interchangeable: ``breaths_spent`` counts how many of them have breathed.

The ruling where the seed says nothing more: R&F casualties are removed from the rear (§12.8)
and the models that breathed in close combat did so in base contact, in front; so the models
still standing that have breathed are taken to be the front-most R&F places of the unit, and its
casualties take the models that still have theirs first (the spent ones stand while the unit
has as many R&F left). A spent count never grows back: a model that breathed stays spent.

A game begun before rules version 6 (``NinthAgeState.specials_v6`` unset) plays as it was played:
the footprint places that breathed are kept (``UnitState.breathed``), whoever stands there later,
and a joined character has no Breath Weapon of its own.
"""

from __future__ import annotations

from engine.rulesets.ninth_age.mixed_units import character_cells, command_positions
from engine.rulesets.ninth_age.weapons import breath_of


def _champion_index(state, unit) -> int | None:
    """The footprint index of the unit's Champion, if it has one standing."""
    if not state.unit_entry(unit).command.champion or unit.champion_lost:
        return None
    where = command_positions(state, unit).get("champion")
    return None if where is None else where[0] * unit.formation.files + where[1]


def spent_rf(state, unit) -> int:
    """How many of the unit's R&F still standing have used their Breath Weapon: every one that
    breathed while as many stand (the module's ruling: casualties take the unspent first)."""
    champion = 1 if _champion_index(state, unit) is not None else 0
    return max(0, min(unit.breaths_spent, unit.models - champion))


def breathers(state, unit) -> list[int]:
    """The models of ``unit`` (footprint indices) that still have a Breath Weapon to use: "Un
    modello con un Arma a Soffio può utilizzarla una volta sola durante la partita" (§22), each
    model its own; a single model, its one. Its joined characters are not among them (a rule of
    the unit's entry is its rank and file's; a character's own is :func:`character_breath`).
    The spent R&F stand in its front-most R&F places (the module's ruling)."""
    if breath_of(state.unit_entry(unit)) is None or unit.breath_used or not unit.on_table:
        return []
    if not state.specials_v6:
        return _breathers_v5(state, unit)
    if unit.models <= 1:
        return [] if unit.breaths_spent or unit.champion_breathed else [0]
    spent = spent_rf(state, unit)
    if unit.garrison:  # in a Building its models have no places of their own (§18.6)
        return list(range(min(unit.models, spent + (1 if unit.champion_breathed else 0)), unit.models))
    taken = set().union(*character_cells(state, unit).values())
    champion = _champion_index(state, unit)
    places = [i for i in range(len(unit.footprint().models)) if i not in taken and i != champion]
    out = places[spent:unit.models - (1 if champion is not None else 0)]
    if champion is not None and not unit.champion_breathed:
        out.append(champion)
    return sorted(out)


def spend_breaths(state, unit, models: list[int]) -> None:
    """Those models (footprint indices, as :func:`breathers` gave them) have used their Breath
    Weapons (once per game, §22); the unit's is spent when none is left."""
    if not state.specials_v6:  # a game begun before rules version 6 keeps the places that breathed
        unit.breathed = sorted(set(unit.breathed) | set(models))
        if not breathers(state, unit):
            unit.breath_used = True
        return
    champion = None if unit.models <= 1 or unit.garrison else _champion_index(state, unit)
    mine = set(models)
    if champion is not None and champion in mine:
        unit.champion_breathed = True
        mine.discard(champion)
    if unit.models <= 1 and mine:
        unit.breaths_spent = max(unit.breaths_spent, 1)
    else:
        unit.breaths_spent = spent_rf(state, unit) + len(mine)
    if not breathers(state, unit):
        unit.breath_used = True


def _breathers_v5(state, unit) -> list[int]:
    """Who still breathes in a game begun before rules version 6 (``specials_v6`` unset), as it
    was played: the footprint places not in ``breathed`` and not a character's, whoever stands
    there now."""
    if unit.models <= 1:
        return [] if 0 in unit.breathed else [0]
    if unit.garrison:
        return [i for i in range(unit.models) if i not in unit.breathed]
    taken = set().union(*character_cells(state, unit).values())
    return [i for i in range(len(unit.footprint().models)) if i not in taken and i not in unit.breathed]


def character_breath(state, char) -> str | None:
    """A character's own Breath Weapon still to use (its brackets), or None: its own entry's rule,
    once per game for that model (§22), wherever it stands (alone, or joined to a unit). A game
    begun before rules version 6 (``specials_v6`` unset) gives a joined character none."""
    param = breath_of(state.unit_entry(char))
    if not state.specials_v6 or param is None or char.breath_used or char.breaths_spent or char.champion_breathed:
        return None
    return param


def spend_character_breath(char) -> None:
    """The character has used its Breath Weapon: once per game (§22)."""
    char.breaths_spent, char.breath_used = 1, True
