"""Where a unit is when a distance is measured to or from it: its footprint, or, for a unit
in a Building, the Building's walls (§18.6, the seed: "la gittata da e verso i modelli
dell'Unità si calcola dai lati dell'Edificio").

Every range a rule measures to or from a unit (the March test's 8", spell ranges, objectives
and zones for scoring, Panic's 6", Inspiring Presence and Hold Your Ground) asks :func:`outline`
or :func:`gap`, so a garrison is measured from its Building everywhere and never from the
formation it is drawn with inside it.

Only the state below it: every phase may import it.
"""

from __future__ import annotations

from shapely.geometry import Point as ShapelyPoint

from engine.rulesets.ninth_age.state import NinthAgeState, UnitState
from engine.table.terrain import TerrainFeature


def building_of(state: NinthAgeState, unit: UnitState) -> TerrainFeature | None:
    """The Building the unit stands in, or None."""
    return next((t for t in state.table.terrain if t.name == unit.garrison), None) if unit.garrison else None


def outline(state: NinthAgeState, unit: UnitState):
    """The shape a distance to or from the unit is measured from: the walls of its Building
    when it is in one (§18.6), else its footprint."""
    building = building_of(state, unit)
    return building.polygon if building is not None else unit.footprint().shape


def gap(state: NinthAgeState, unit: UnitState, other) -> float:
    """Closest distance in inches from ``unit`` to ``other`` (a unit, a shape or an (x, y)
    point), each unit measured from its :func:`outline`."""
    if isinstance(other, UnitState):
        other = outline(state, other)
    elif isinstance(other, tuple):
        other = ShapelyPoint(other)
    else:
        other = getattr(other, "shape", other)  # a Footprint
    return outline(state, unit).distance(other)
