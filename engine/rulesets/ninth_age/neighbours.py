"""What is around a unit on the table: the footprints and terrain a move must keep clear of,
and whether enemies touch it (engaged in combat, §11.1).

The lowest module that knows about other units, so that set-up, movement, charges, shooting
and casualties can all ask without importing each other.
"""

from __future__ import annotations

from engine.rulesets.ninth_age.state import NinthAgeState, UnitState
from engine.table.contact import in_contact
from engine.table.motion import Surroundings


def surroundings(state: NinthAgeState, exclude: set[str]) -> Surroundings:
    """Every other unit's footprint, the impassable terrain and the table edges."""
    others = {u.id: u.footprint() for u in state.on_table() if u.id not in exclude}
    return Surroundings(others=others, impassable=state.table.impassable(), table=state.table,
                        names={k: k for k in others})


def engaged(state: NinthAgeState, unit: UnitState) -> bool:
    """In base contact with an enemy unit (engaged in combat)."""
    fp = unit.footprint()
    return any(in_contact(fp, o.footprint()) for o in state.on_table(state.enemy_of(unit.owner)))
