"""Who is in a mixed unit and where its characters stand (§16.2, §16.5): the characters joined
to a unit, the unit a model is in, the spot a model measures from, and the unit's M and Ld with
its characters counted.

Only the state below it, so that every phase (movement, leadership, combat) can ask without
importing :mod:`.characters`, which joins, leaves and deploys characters and calls those phases.
"""

from __future__ import annotations

from engine.rulesets.ninth_age.state import NinthAgeState, UnitState


def joined(state: NinthAgeState, host: UnitState, *, hidden: bool | None = False) -> list[UnitState]:
    """The characters in ``host`` (``hidden``: only the hidden ones; None: all)."""
    return [u for u in state.units.values() if u.host == host.id
            and (hidden is None or (u.location == "hidden") == hidden)]


def character_base(state: NinthAgeState, char: UnitState):
    """The polygon of a joined character's base, from its host's footprint."""
    host = state.units[char.host]
    fp = host.footprint()
    if char.cells is None:
        index = host.formation.models + [a.id for a in host.formation.attached].index(char.id)
        return fp.models[index]
    from shapely.ops import unary_union

    files = host.formation.files
    cells = [(char.rank + r) * files + char.file + f for r in range(char.cells[1]) for f in range(char.cells[0])]
    return unary_union([fp.models[i] for i in cells if i < len(fp.models)])


def unit_movement(state: NinthAgeState, unit: UnitState) -> int:
    """A mixed unit Advances and Marches at the lowest M in it (§16.2)."""
    return min([state.unit_entry(unit).movement] + [state.unit_entry(c).movement for c in joined(state, unit)])


def unit_models_ld(state: NinthAgeState, unit: UnitState) -> int:
    """The best Ld of the unit's own models, its characters included (§24.3)."""
    return max([state.unit_entry(unit).leadership] + [state.unit_entry(c).leadership for c in joined(state, unit)])


def position(state: NinthAgeState, unit: UnitState):
    """Where a model stands for a range: its own footprint, or its base inside its unit; None if
    it is not on the table (a Hidden model is nowhere until revealed)."""
    if unit.location == "joined" and unit.host:
        return character_base(state, unit)
    if unit.on_table:
        return unit.footprint().shape
    return None


def host_of(state: NinthAgeState, unit: UnitState) -> UnitState:
    return state.units[unit.host] if unit.location == "joined" and unit.host else unit
