"""Skirmishers closing ranks and opening out again (§22 Skirmishers, E-33): a loose unit that
charges or holds against a charge closes into close order around its model nearest the other
unit; at the start of its Movement phase an unengaged one opens out again if there is room."""

from __future__ import annotations

from engine.core.text import ngettext
from engine.core import Event
from engine.rulesets.ninth_age.neighbours import engaged, surroundings
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState
from engine.table.footprint import Formation, Pose, footprint
from engine.table.motion import CLEARANCE_END, clearance_problem
from engine.rulesets.ninth_age.grammar import number


def closed_ranks(unit: UnitState, other: UnitState) -> tuple[Formation, Pose] | None:
    """The formation and pose a Skirmisher unit in loose order closes up into against ``other``
    (the model nearest it keeps its place, §22 Skirmishers, E-33); None for a unit in close
    order. Nothing is changed: :func:`close_ranks` makes the move, a charge declaration asks
    whether it would have room so closed before it does (:func:`.charges.declaration`)."""
    if not unit.formation.skirmish:
        return None
    fp, ofp = unit.footprint(), other.footprint()
    keep = min(range(len(fp.models)), key=lambda i: fp.models[i].distance(ofp.shape))
    anchor = fp.models[keep].centroid
    closed = footprint(unit.formation.model_copy(update={"skirmish": False}), Pose(x=0, y=0, bearing=fp.bearing))
    moved = closed.models[keep].centroid
    return closed.formation, Pose(x=anchor.x - moved.x, y=anchor.y - moved.y, bearing=fp.bearing)


def close_ranks(state: NinthAgeState, unit: UnitState, other: UnitState, events: list[Event]) -> None:
    """A Skirmisher unit that charges or reacts other than by fleeing closes up into close order;
    the model nearest the other unit keeps its place (§22 Skirmishers, E-33)."""
    closed = closed_ranks(unit, other)
    if closed is None:
        return
    unit.formation, unit.pose = closed
    events.append(Event(kind="close-ranks", seat=unit.owner, data={"unit": unit.id},
                        text=ngettext("{unit} closes ranks (Skirmishers), its model nearest {other} keeping its place.", "{unit} close ranks (Skirmishers), their model nearest {other} keeping its place.", number(state, unit), unit=unit.id, other=other.id)))


def open_ranks(state: NinthAgeState, unit: UnitState, events: list[Event]) -> None:
    """At the start of a Movement phase an unengaged Skirmisher unit in close order opens out
    again, the centre of its front rank fixed, if there is room."""
    entry = state.unit_entry(unit)
    if unit.formation.skirmish or not entry.has_rule("Skirmishers") or not unit.on_table or engaged(state, unit):
        return
    fp = unit.footprint()
    front = fp.world((0, fp.half_depth))
    loose = footprint(unit.formation.model_copy(update={"skirmish": True}), Pose(x=0, y=0, bearing=fp.bearing))
    offset = loose.world((0, loose.half_depth))
    placed = loose.at(Pose(x=front[0] - offset[0], y=front[1] - offset[1], bearing=fp.bearing))
    if clearance_problem(placed, surroundings(state, {unit.id}), CLEARANCE_END, during=False):
        return
    unit.formation, unit.pose = placed.formation, placed.pose
    events.append(Event(kind="open-ranks", seat=unit.owner, data={"unit": unit.id},
                        text=ngettext("{unit} opens out into loose order again (Skirmishers).", "{unit} open out into loose order again (Skirmishers).", number(state, unit), unit=unit.id)))
