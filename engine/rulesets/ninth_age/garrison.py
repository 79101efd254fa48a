"""Units in Buildings (§18.6, the seed's "Edifici"): entering an empty Building in the Remaining
Moves, standing in it as its garrison, and leaving it.

- Entering: only units made up entirely of Infantry, Monstrous Infantry, War Beasts, Monstrous
  Beasts and Swarms (their joined characters included); the whole unit enters, and no model may
  be farther than 3 × M from the Building (from where its base stands to the Building's nearest
  point).
- Inside: the unit stands in the Building (its pose is the Building's centre, and the Building
  is what blocks other units, so its own footprint is not an obstacle); it counts as 1 rank (never
  a full rank) and 1 file, and it may not declare charges.
- Leaving: in the Remaining Moves, not in the turn it entered; it is placed in any formation
  with its rear rank against the Building and every model within 2 × M of it, and it may not
  move again this phase.

Pure: reads and changes the state, never rolls.
"""

from __future__ import annotations

import math

from shapely.geometry import Point

from engine.core import Event, IllegalAction
from engine.core.text import _
from engine.rulesets.ninth_age.mixed_units import joined, unit_movement
from engine.rulesets.ninth_age.neighbours import blockers, engaged, surroundings
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState
from engine.table.footprint import Formation, Pose, footprint
from engine.table.frame import EPS_DIST, normalise
from engine.table.motion import CLEARANCE_END, Surroundings, clearance_problem
from engine.table.terrain import TerrainFeature

ENTERING_TROOPS = ("infantry", "monstrous infantry", "war beast", "monstrous beast", "swarm")


def building_named(state: NinthAgeState, name: str) -> TerrainFeature:
    """The Building the player names (a unique start of its name will do)."""
    key = str(name or "").strip().casefold()
    buildings = [t for t in state.table.terrain if t.kind == "building"]
    if not key:
        raise IllegalAction("missing-option", _("Say which Building (building:NAME)."))
    found = [t for t in buildings if t.name.casefold() == key] or \
        [t for t in buildings if t.name.casefold().startswith(key)]
    if len(found) != 1:
        names = ", ".join(t.name for t in buildings) or _("none")
        raise IllegalAction("unknown-building", _("There is no single Building {name!r} on the table. Buildings: "
                                                  "{names}.", name=str(name), names=names))
    return found[0]


def garrison_of(state: NinthAgeState, building: TerrainFeature) -> UnitState | None:
    return next((u for u in state.on_table() if u.garrison == building.name), None)


def _refuse(unit: UnitState, why) -> None:
    raise IllegalAction("cannot-garrison", _("{unit} cannot enter the Building: {why} (§18.6).", unit=unit.id, why=why))


def enter(state: NinthAgeState, unit: UnitState, building: TerrainFeature, events: list[Event]) -> None:
    """The whole unit enters an empty Building in the Remaining Moves (§18.6)."""
    if unit.garrison:
        _refuse(unit, _("it is already in {building}", building=unit.garrison))
    if unit.moved:
        _refuse(unit, _("it has already moved this phase"))
    if unit.fleeing:
        _refuse(unit, _("it is fleeing"))
    from engine.rulesets.ninth_age.random_movement import refusal

    if refusal(state, unit):  # it moves only in the Compulsory Moves (§22 Random Movement)
        _refuse(unit, _("it has Random Movement and moves only in the Compulsory Moves (§22)"))
    if unit.charged or unit.failed_charge or unit.declared_charge:
        _refuse(unit, _("it charged (or failed a charge) this phase"))
    if unit.joined_this_phase or unit.rallied:
        _refuse(unit, _("it may not move again this phase"))
    if engaged(state, unit):
        _refuse(unit, _("it is engaged in combat"))
    members = [unit, *joined(state, unit)]
    wrong = [f"{m.id} ({state.unit_entry(m).troop_type})" for m in members
             if state.unit_entry(m).troop_type not in ENTERING_TROOPS]
    if wrong:
        _refuse(unit, _("only units made up entirely of Infantry, Monstrous Infantry, War Beasts, Monstrous Beasts "
                        "and Swarms may enter, not {wrong}", wrong=", ".join(wrong)))
    held = garrison_of(state, building)
    if held is not None:
        _refuse(unit, _("{building} is not empty: {held} is in it", building=building.name, held=held.id))
    m = unit_movement(state, unit)
    limit = 3 * m
    fp = unit.footprint()
    farthest = max(model.distance(building.polygon) for model in fp.models)
    if farthest > limit + EPS_DIST:
        _refuse(unit, _("a model is {d:.1f}\" from {building}; no model may move more than 3 × M = {limit:g}\"",
                        d=farthest, building=building.name, limit=limit))
    centre = building.polygon.centroid
    unit.pose = Pose(x=centre.x, y=centre.y, bearing=unit.pose.bearing if unit.pose else 0.0)
    unit.garrison = building.name
    unit.garrison_round, unit.garrison_seat = state.round, state.active
    unit.moved = True
    state.last_moves.append({"unit": unit.id, "kind": "garrison", "path": [fp.centre, (centre.x, centre.y)]})
    events.append(Event(kind="garrison", seat=unit.owner, data={"unit": unit.id, "building": building.name},
                        text=_("{unit} enters {building} (§18.6): the farthest model was {d:.1f}\" from it, of "
                               "3 × M = {limit:g}\". In it the unit counts as 1 rank (not a full rank) and 1 file, "
                               "may not declare charges, and may leave from its next turn with /leave.",
                               unit=unit.id, building=building.name, d=farthest, limit=limit)))


def _reach(polygon, direction: tuple[float, float]) -> float:
    """How far the polygon reaches from its centroid along a unit direction."""
    c = polygon.centroid
    return max((x - c.x) * direction[0] + (y - c.y) * direction[1] for x, y in polygon.exterior.coords)


def leave(state: NinthAgeState, unit: UnitState, facing: float | None, files: int | None, along: float,
          events: list[Event]) -> None:
    """The garrison leaves its Building in the Remaining Moves (§18.6): placed facing ``facing``
    (the side of the Building it comes out of), ``files`` wide, its rear rank against the
    Building, ``along`` inches to the right of the Building's centre line; every model within
    2 × M of the Building. It may not move again this phase."""
    building = next((t for t in state.table.terrain if t.name == unit.garrison), None)
    if building is None:
        raise IllegalAction("not-garrisoned", _("{unit} is not in a Building.", unit=unit.id))
    if unit.garrison_round == state.round and unit.garrison_seat == state.active:
        raise IllegalAction("cannot-leave", _("{unit} entered {building} this turn and may not leave it until a "
                                              "later turn (§18.6).", unit=unit.id, building=building.name))
    if unit.moved:
        raise IllegalAction("cannot-leave", _("{unit} has already moved this phase.", unit=unit.id))
    bearing = normalise(unit.pose.bearing if facing is None and unit.pose else (facing or 0.0))
    width = unit.formation.files if files is None else files
    if not 1 <= width <= unit.models:
        raise IllegalAction("bad-files", _("{unit} has {n} models: between 1 and {n} files.", unit=unit.id,
                                           n=unit.models))
    formation = Formation(**{**unit.formation.model_dump(), "files": width})
    probe = footprint(formation, Pose(x=0, y=0, bearing=bearing))
    rad = math.radians(bearing)
    ahead = (math.sin(rad), math.cos(rad))
    right = (math.cos(rad), -math.sin(rad))
    c = building.polygon.centroid
    out = _reach(building.polygon, ahead) + probe.depth / 2 + 0.01
    x, y = c.x + ahead[0] * out + right[0] * along, c.y + ahead[1] * out + right[1] * along
    new = footprint(formation, Pose(x=x, y=y, bearing=bearing))
    rear = new.edge("rear")
    if rear.distance(building.polygon) > 0.05:
        raise IllegalAction("cannot-leave", _("{unit}'s rear rank would not be against {building} there: move it "
                                              "less to the side (along:).", unit=unit.id, building=building.name))
    m = unit_movement(state, unit)
    limit = 2 * m
    farthest = max(max(Point(p).distance(building.polygon) for p in model.exterior.coords) for model in new.models)
    if farthest > limit + EPS_DIST:
        raise IllegalAction("too-far", _("{unit} coming out {files} wide: a model would be {d:.1f}\" from "
                                         "{building}; every model must be within 2 × M = {limit:g}\" of it (§18.6).",
                                         unit=unit.id, files=width, d=farthest, building=building.name, limit=limit))
    around = surroundings(state, {unit.id})
    others_blocking = [t.polygon for t in state.table.features("impassable") if t.name != building.name]
    from shapely.ops import unary_union

    around = Surroundings(others=around.others, impassable=unary_union(others_blocking), table=around.table,
                          names=around.names, blockers=[b for b in blockers(state) if b[0] != building.name])
    problem = clearance_problem(new, around, CLEARANCE_END, during=False)
    if problem:
        raise IllegalAction("blocked", _("{unit} can't come out of {building} there: {problem}.", unit=unit.id,
                                         building=building.name, problem=problem))
    unit.formation, unit.pose = formation, new.pose
    unit.garrison, unit.garrison_round, unit.garrison_seat = None, None, None
    unit.moved = True
    state.last_moves.append({"unit": unit.id, "kind": "leave", "path": [(c.x, c.y), new.centre]})
    events.append(Event(kind="leave-building", seat=unit.owner, data={"unit": unit.id, "building": building.name},
                        text=_("{unit} leaves {building} (§18.6): {files} wide facing {bearing:g}°, its rear rank "
                               "against the Building, the farthest model {d:.1f}\" from it of 2 × M = {limit:g}\". "
                               "It may not move again this phase.", unit=unit.id, building=building.name,
                               files=width, bearing=new.bearing, d=farthest, limit=limit)))


# -- shooting from and at a Building (§18.6) --------------------------------------------------------------
MOST_SHOOTERS, MOST_MONSTROUS_SHOOTERS = 15, 5


def building_of(state: NinthAgeState, unit: UnitState) -> TerrainFeature | None:
    return next((t for t in state.table.terrain if t.name == unit.garrison), None) if unit.garrison else None


def building_footprint(state: NinthAgeState, unit: UnitState, toward: tuple[float, float] | None = None):
    """Where a unit in a Building is for range and sight: the Building's walls (§18.6), as one
    block over the Building's smallest enclosing rectangle (range to and from it is measured from
    the walls), its front the side of the rectangle facing ``toward`` (a garrison shoots out of
    any side). A side longer than 400 mm is cut to it."""
    building = building_of(state, unit)
    rect = building.polygon.minimum_rotated_rectangle
    xs = list(rect.exterior.coords)[:4]
    (x0, y0), (x1, y1), (x2, y2) = xs[0], xs[1], xs[2]
    a, b = math.hypot(x1 - x0, y1 - y0), math.hypot(x2 - x1, y2 - y1)
    bearing = normalise(math.degrees(math.atan2(x1 - x0, y1 - y0)) + 90)  # side a across the front
    c = rect.centroid
    if toward is not None:
        want = math.degrees(math.atan2(toward[0] - c.x, toward[1] - c.y))
        turn = min((0, 90, 180, 270), key=lambda q: abs((bearing + q - want + 180) % 360 - 180))
        bearing = normalise(bearing + turn)
        if turn in (90, 270):
            a, b = b, a
    formation = Formation(base_width_mm=min(400.0, a * 25.4), base_depth_mm=min(400.0, b * 25.4), files=1, models=1)
    return footprint(formation, Pose(x=c.x, y=c.y, bearing=bearing))


def most_shooters(state: NinthAgeState, unit: UnitState) -> int:
    """No more than 15 models (5 Monstrous ones) shoot from a Building (§18.6)."""
    troop = state.unit_entry(unit).troop_type
    return min(unit.models, MOST_MONSTROUS_SHOOTERS if troop.startswith("monstrous") else MOST_SHOOTERS)


def template_shapes(state: NinthAgeState, unit: UnitState) -> list:
    """What a template can touch of a unit: its bases, or the Building it is in (§18.6)."""
    building = building_of(state, unit)
    return [building.polygon] if building is not None else list(unit.footprint().models)


def template_on_building(state: NinthAgeState, shooter: UnitState, unit: UnitState, weapon, template, centre,
                         events: list[Event]) -> None:
    """A template touching a Building: the unit in it takes D6 hits with the template's Strength
    and rules; when the template's centre has rules of its own (a catapult's bracketed Strength)
    they are used for every hit, but only if the centre is over the Building (§18.6)."""
    from engine.core import roll_dice
    from engine.rulesets.ninth_age.attacks import resolve_hits

    building = building_of(state, unit)
    if not template.touches(building.polygon):
        return
    roll = roll_dice("1d6", state.rng, purpose=f"{shooter.id}: hits on {unit.id} in {building.name}")
    over = building.polygon.buffer(1e-9).covers(centre)
    strength = weapon.bracket_strength if over and weapon.bracket_strength else (weapon.strength or 0)
    events.append(Event(kind="roll", seat=shooter.owner, roll=roll,
                        text=_("The template touches {building}: {unit} in it takes D6 = {n} hit(s) at S{s}{centre} "
                               "(§18.6).", building=building.name, unit=unit.id, n=roll.total, s=strength,
                               centre=_(", its centre over the Building") if over and weapon.bracket_strength
                               else "")))
    attack = weapon.attack(strength)
    if over and weapon.bracket_strength:
        attack = attack.at_strength(strength)
    resolve_hits(state, unit, attack, roll.total, events, attacker=shooter,
                 purpose=f"{shooter.id} on {unit.id} in {building.name}")


def open_walls(state: NinthAgeState, obstacles: list, *units: UnitState) -> list:
    """The sight obstacles with the Buildings these units are in seen into and out of, never
    through (§18.6: range and sight to and from a garrison are from the walls)."""
    from dataclasses import replace

    walls = [b.polygon for b in (building_of(state, u) for u in units) if b is not None]
    if not walls:
        return obstacles
    return [replace(o, enterable=True) if o.kind == "blocking" and any(o.shape.equals(w) for w in walls) else o
            for o in obstacles]
