"""What is around a unit on the table: the footprints and terrain a move must keep clear of,
and whether enemies touch it (engaged in combat, §11.1).

The lowest module that knows about other units, so that set-up, movement, charges, shooting
and casualties can all ask without importing each other.
"""

from __future__ import annotations

from engine.core.text import N_, Text, _
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState
from engine.rulesets.ninth_age.terrain_layouts import terrain_name
from engine.table.contact import in_contact
from engine.table.motion import Surroundings


def surroundings(state: NinthAgeState, exclude: set[str], *, building: str | None = None) -> Surroundings:
    """Every other unit's footprint, the impassable terrain and the table edges; ``building``: a
    Building the unit is entering, leaving or assaulting, which is no obstacle to it (§18.6)."""
    # a character charging out of its unit moves through that unit (§16.4, characters.py)
    exclude = set(exclude) | {state.units[c].charged_out_of for c in exclude
                              if c in state.units and state.units[c].charged_out_of}
    # a unit in a Building is not an obstacle of its own: the Building is (§18.6, garrison.py)
    others = {u.id: u.footprint() for u in state.on_table() if u.id not in exclude and not u.garrison}
    if building is None:
        return Surroundings(others=others, impassable=state.table.impassable(), table=state.table,
                            names={k: k for k in others}, blockers=blockers(state))
    from shapely.ops import unary_union

    walls = next(t.polygon for t in state.table.terrain if t.name == building)
    rest = [b for b in blockers(state) if not b[1].equals(walls)]
    return Surroundings(others=others, impassable=unary_union([b[1] for b in rest]), table=state.table,
                        names={k: k for k in others}, blockers=rest)


BUILDING_NOTE = N_("a Building: Impassable terrain to every unit that is not entering, leaving or assaulting it "
                   "(§18.6; a unit enters it with /garrison)")


def blockers(state: NinthAgeState) -> list[tuple[str, object, str]]:
    """The impassable features as a refusal names them: (name, shape, what it is)."""
    return [(terrain_name(t.name), t.polygon, Text(BUILDING_NOTE) if t.kind == "building" else _("Impassable terrain (§18.2)"))
            for t in state.table.features("impassable")]


def assault_foes(state: NinthAgeState, unit: UnitState) -> list[UnitState]:
    """The enemies it fights in an assault on a Building (§18.6): the garrison it charged, or the
    units assaulting it; they count as in base contact, wherever their bases stand."""
    if not unit.on_table or unit.fleeing:
        return []
    if unit.assaulting:
        held = state.units.get(unit.assaulting)
        return [held] if held is not None and held.on_table and held.garrison and not held.fleeing else []
    if unit.garrison:
        return [a for a in state.on_table(state.enemy_of(unit.owner)) if a.assaulting == unit.id and not a.fleeing]
    return []


def unmounted(state: NinthAgeState, unit: UnitState, category: str) -> bool:
    """Close-combat attacks on a model in an assault on a Building (its own unit's, or a character's
    host's): no armour from Mount's Protection or Barding (§18.6)."""
    body = state.units[unit.host] if unit.location == "joined" and unit.host else unit
    return category == "close combat" and bool(assault_foes(state, body))


def engaged(state: NinthAgeState, unit: UnitState) -> bool:
    """In base contact with an enemy unit (engaged in combat), or in an assault on a Building
    (§18.6). Otherwise a unit in a Building touches no one (its footprint is not where it stands)."""
    if assault_foes(state, unit):
        return True
    if unit.garrison:
        return False
    fp = unit.footprint()
    return any(in_contact(fp, o.footprint()) for o in state.on_table(state.enemy_of(unit.owner)) if not o.garrison)
