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
from engine.core.text import ngettext, _, decimal, commas
from engine.rulesets.ninth_age.mixed_units import joined, unit_movement
from engine.rulesets.ninth_age.neighbours import engaged, surroundings
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState
from engine.rulesets.ninth_age.walls import building_of
from engine.table.contact import in_contact
from engine.table.footprint import Formation, Pose, footprint
from engine.table.frame import EPS_DIST, normalise
from engine.table.motion import CLEARANCE_END, clearance_problem
from engine.table.terrain import TerrainFeature
from engine.rulesets.ninth_age.grammar import number

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
        names = commas(t.name for t in buildings) or _("none")
        raise IllegalAction("unknown-building", _("There is no single Building {name!r} on the table. Buildings: "
                                                  "{names}.", name=str(name), names=names))
    return found[0]


def garrison_of(state: NinthAgeState, building: TerrainFeature) -> UnitState | None:
    return next((u for u in state.on_table() if u.garrison == building.name), None)


def _refuse(state: NinthAgeState, unit: UnitState, why) -> None:
    raise IllegalAction("cannot-garrison", ngettext("{unit} cannot enter the Building: {why} (§18.6).", "{unit} cannot enter the Building: {why} (§18.6).", number(state, unit), unit=unit.id, why=why))


def enter(state: NinthAgeState, unit: UnitState, building: TerrainFeature, events: list[Event]) -> None:
    """The whole unit enters an empty Building in the Remaining Moves (§18.6)."""
    if unit.garrison:
        _refuse(state, unit, ngettext("it is already in {building}", "they are already in {building}", number(state, unit), building=unit.garrison))
    if unit.moved:
        _refuse(state, unit, ngettext("it has already moved this phase", "they have already moved this phase", number(state, unit)))
    if unit.fleeing:
        _refuse(state, unit, ngettext("it is fleeing", "they are fleeing", number(state, unit)))
    from engine.rulesets.ninth_age.random_movement import refusal

    if refusal(state, unit):  # it moves only in the Compulsory Moves (§22 Random Movement)
        _refuse(state, unit, ngettext("it has Random Movement and moves only in the Compulsory Moves (§22)", "they have Random Movement and move only in the Compulsory Moves (§22)", number(state, unit)))
    if unit.charged or unit.failed_charge or unit.declared_charge:
        _refuse(state, unit, ngettext("it charged (or failed a charge) this phase", "they charged (or failed a charge) this phase", number(state, unit)))
    if unit.joined_this_phase or unit.rallied:
        _refuse(state, unit, ngettext("it may not move again this phase", "they may not move again this phase", number(state, unit)))
    if engaged(state, unit):
        _refuse(state, unit, ngettext("it is engaged in combat", "they are engaged in combat", number(state, unit)))
    members = [unit, *joined(state, unit)]
    wrong = [f"{m.id} ({state.unit_entry(m).troop_type})" for m in members
             if state.unit_entry(m).troop_type not in ENTERING_TROOPS]
    if wrong:
        _refuse(state, unit, _("only units made up entirely of Infantry, Monstrous Infantry, War Beasts, Monstrous Beasts "
                        "and Swarms may enter, not {wrong}", wrong=commas(wrong)))
    held = garrison_of(state, building)
    if held is not None:
        _refuse(state, unit, ngettext("{building} is not empty: {held} is in it", "{building} is not empty: {held} are in it", number(state, held), building=building.name, held=held.id))
    m = unit_movement(state, unit)
    limit = 3 * m
    fp = unit.footprint()
    farthest = max(model.distance(building.polygon) for model in fp.models)
    if farthest > limit + EPS_DIST:
        _refuse(state, unit, _("a model is {d}\" from {building}; no model may move more than 3 × M = {limit}\"",
                        d=decimal(farthest, ".1f"), building=building.name, limit=decimal(limit)))
    centre = building.polygon.centroid
    occupy(state, unit, building)
    unit.moved = True
    state.last_moves.append({"unit": unit.id, "kind": "garrison", "path": [fp.centre, (centre.x, centre.y)]})
    events.append(Event(kind="garrison", seat=unit.owner, data={"unit": unit.id, "building": building.name},
                        text=ngettext("{unit} enters {building} (§18.6): the farthest model was {d}\" from it, of "
                               "3 × M = {limit}\". In it the unit counts as 1 rank (not a full rank) and 1 file, "
                               "may not declare charges, and may leave from its next turn with /leave.", "{unit} enter {building} (§18.6): the farthest model was {d}\" from it, of 3 × M = {limit}\". In it the unit counts as 1 rank (not a full rank) and 1 file, may not declare charges, and may leave from its next turn with /leave.", number(state, unit),
                               unit=unit.id, building=building.name, d=decimal(farthest, ".1f"), limit=decimal(limit))))


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
        raise IllegalAction("not-garrisoned", ngettext("{unit} is not in a Building.", "{unit} are not in a Building.", number(state, unit), unit=unit.id))
    if unit.garrison_round == state.round and unit.garrison_seat == state.active:
        raise IllegalAction("cannot-leave", _("{unit} entered {building} this turn and may not leave it until a "
                                              "later turn (§18.6).", unit=unit.id, building=building.name))
    if unit.moved:
        raise IllegalAction("cannot-leave", ngettext("{unit} has already moved this phase.", "{unit} have already moved this phase.", number(state, unit), unit=unit.id))
    if engaged(state, unit):  # an assault on its Building is a combat (§18.6)
        raise IllegalAction("cannot-leave", ngettext("{unit} is engaged in combat: it may not leave {building}.", "{unit} are engaged in combat: they may not leave {building}.", number(state, unit),
                                              unit=unit.id, building=building.name))
    bearing = normalise(unit.pose.bearing if facing is None and unit.pose else (facing or 0.0))
    width = unit.formation.files if files is None else files
    if not 1 <= width <= unit.models:
        raise IllegalAction("bad-files", ngettext("{unit} has {n} models: between 1 and {n} files.", "{unit} have {n} models: between 1 and {n} files.", number(state, unit), unit=unit.id,
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
        raise IllegalAction("too-far", _("{unit} coming out {files} wide: a model would be {d}\" from "
                                         "{building}; every model must be within 2 × M = {limit}\" of it (§18.6).",
                                         unit=unit.id, files=width, d=decimal(farthest, ".1f"), building=building.name, limit=decimal(limit)))
    around = surroundings(state, {unit.id}, building=building.name)
    problem = clearance_problem(new, around, CLEARANCE_END, during=False)
    if problem:
        raise IllegalAction("blocked", ngettext("{unit} can't come out of {building} there: {problem}.", "{unit} can't come out of {building} there: {problem}.", number(state, unit), unit=unit.id,
                                         building=building.name, problem=problem))
    unit.formation, unit.pose = formation, new.pose
    unit.garrison, unit.garrison_round, unit.garrison_seat = None, None, None
    unit.moved = True
    state.last_moves.append({"unit": unit.id, "kind": "leave", "path": [(c.x, c.y), new.centre]})
    events.append(Event(kind="leave-building", seat=unit.owner, data={"unit": unit.id, "building": building.name},
                        text=ngettext("{unit} leaves {building} (§18.6): {files} wide facing {bearing}°, its rear rank "
                               "against the Building, the farthest model {d}\" from it of 2 × M = {limit}\". "
                               "It may not move again this phase.", "{unit} leave {building} (§18.6): {files} wide facing {bearing}°, their rear rank against the Building, the farthest model {d}\" from it of 2 × M = {limit}\". They may not move again this phase.", number(state, unit), unit=unit.id, building=building.name,
                               files=width, bearing=decimal(new.bearing), d=decimal(farthest, ".1f"), limit=decimal(limit))))


# -- shooting from and at a Building (§18.6) --------------------------------------------------------------
MOST_SHOOTERS, MOST_MONSTROUS_SHOOTERS = 15, 5


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


def most_shooters(state: NinthAgeState, unit: UnitState, reserved: int = 0) -> int:
    """How many of the unit's rank and file shoot from a Building: no more than 15 models (5
    Monstrous ones) shoot from it (§18.6), ``reserved`` of them its characters shooting their own
    weapons ("Non più di 15 modelli [...] possono tirare da un Edificio")."""
    troop = state.unit_entry(unit).troop_type
    limit = MOST_MONSTROUS_SHOOTERS if troop.startswith("monstrous") else MOST_SHOOTERS
    return max(0, min(unit.models, limit - reserved))


def template_shapes(state: NinthAgeState, unit: UnitState) -> list:
    """What a template can touch of a unit: its bases, or the Building it is in (§18.6)."""
    building = building_of(state, unit)
    return [building.polygon] if building is not None else list(unit.footprint().models)


def models_under(state: NinthAgeState, unit: UnitState, template, seat: str, events: list[Event]) -> int:
    """How many of the unit's models a template hits: those whose bases it touches; for a unit in
    a Building, D6 when the template touches the Building, rolled here (§18.6: "l'Unità al suo
    interno subisce D6 colpi"), else none."""
    from engine.core import roll_dice

    building = building_of(state, unit)
    if building is None:
        return sum(1 for b in unit.footprint().models if template.touches(b))
    if not template.touches(building.polygon):
        return 0
    roll = roll_dice("1d6", state.rng, purpose=_("hits on {unit} in {building}", unit=unit.id, building=building.name))
    events.append(Event(kind="roll", seat=seat, roll=roll,
                        text=ngettext("The template touches {building}: {unit} in it takes D6 = {n} hit (§18.6).", "The template touches {building}: {unit} in it takes D6 = {n} hits (§18.6).", roll.total,
                               building=building.name, unit=unit.id, n=roll.total)))
    return roll.total


def template_on_building(state: NinthAgeState, shooter: UnitState, unit: UnitState, weapon, template, centre,
                         events: list[Event]) -> None:
    """A template touching a Building: the unit in it takes D6 hits with the template's Strength
    and rules; when the template's centre has rules of its own (a catapult's bracketed Strength)
    they are used for every hit, but only if the centre is over the Building (§18.6). No base
    lies under the template, so the hits are the unit's hits, allocated over a mixed garrison
    as §16.4's table says of ordinary hits (situation A all on the R&F, situation B spread by
    the shooter over the R&F and its characters)."""
    from engine.core import roll_dice
    from engine.rulesets.ninth_age.attacks import resolve_on_unit

    building = building_of(state, unit)
    if not template.touches(building.polygon):
        return
    roll = roll_dice("1d6", state.rng, purpose=_('{shooter}: hits on {unit} in {building}', shooter=shooter.id, unit=unit.id, building=building.name))
    over = building.polygon.buffer(1e-9).covers(centre)
    strength = weapon.bracket_strength if over and weapon.bracket_strength else (weapon.strength or 0)
    events.append(Event(kind="roll", seat=shooter.owner, roll=roll,
                        text=ngettext("The template touches {building}: {unit} in it takes D6 = {n} hit at S{s}{centre} (§18.6).",
                                      "The template touches {building}: {unit} in it takes D6 = {n} hits at S{s}{centre} (§18.6).",
                                      roll.total, building=building.name, unit=unit.id, n=roll.total, s=strength,
                               centre=_(", its centre over the Building") if over and weapon.bracket_strength
                               else "")))
    attack = weapon.attack(strength)
    if over and weapon.bracket_strength:
        attack = attack.at_strength(strength)
    resolve_on_unit(state, unit, attack, roll.total, events, attacker=shooter,
                    purpose=_("{shooter} on {unit} in {building}", shooter=shooter.id, unit=unit.id, building=building.name))


def open_walls(state: NinthAgeState, obstacles: list, *units: UnitState) -> list:
    """The sight obstacles with the Buildings these units are in seen into and out of, never
    through (§18.6: range and sight to and from a garrison are from the walls)."""
    from dataclasses import replace

    walls = [b.polygon for b in (building_of(state, u) for u in units) if b is not None]
    if not walls:
        return obstacles
    return [replace(o, enterable=True) if o.kind == "blocking" and any(o.shape.equals(w) for w in walls) else o
            for o in obstacles]


# -- assaulting a Building (§18.6; the melee is in assault.py) ----------------------------------------------
WALL_SHIFT = 0.5  # inches: the steps along a wall tried when the middle of it has no room


def _walls(polygon):
    """The Building's walls as (start, end) pairs."""
    coords = list(polygon.exterior.coords)
    return [(a, b) for a, b in zip(coords, coords[1:]) if math.dist(a, b) > EPS_DIST]


def assault_poses(state: NinthAgeState, charger: UnitState, building: TerrainFeature, obstacles: dict | None,
                  blocked: list[str] | None = None):
    """Where a charge on a unit in ``building`` may end: the charger's front flush against one of
    its walls, as a charge against a War Machine is brought into contact anywhere (§18.6, §14.4);
    the nearest wall first, centred on the point of it nearest the charger's front, then shifted
    along it, clear of other units and terrain, its way there crossing none of ``obstacles`` (by
    name: the other units and the Impassable features a charge path may not cross, as for every
    other charge, §8.5; None: a flier passes over them, §22 Fly). ``blocked`` collects the names of
    those in the way of a place that was otherwise free. Footprints, best first."""
    from shapely.geometry import LineString

    fp = charger.footprint()
    front = Point(fp.world((0, fp.half_depth)))
    around = surroundings(state, {charger.id}, building=building.name)
    others = [(name, poly) for name, poly in (obstacles or {}).items() if not poly.equals(building.polygon)]
    out = []
    for a, b in sorted(_walls(building.polygon), key=lambda w: LineString(w).distance(front)):
        wall = LineString([a, b])
        length = wall.length
        ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
        nx, ny = uy, -ux  # one of the wall's normals: turned outward below
        mid = wall.interpolate(0.5, normalized=True)
        if building.polygon.contains(Point(mid.x + nx * 0.01, mid.y + ny * 0.01)):
            nx, ny = -nx, -ny
        bearing = normalise(math.degrees(math.atan2(-nx, -ny)))  # facing into the wall
        along = wall.project(front)
        shifts = sorted({round(min(max(along + k * WALL_SHIFT, 0.0), length), 6)
                         for k in range(-int(length / WALL_SHIFT) - 1, int(length / WALL_SHIFT) + 2)},
                        key=lambda s: abs(s - along))
        for s in shifts:
            p = wall.interpolate(s)
            out_by = fp.half_depth + 0.005
            pose = Pose(x=p.x + nx * out_by, y=p.y + ny * out_by, bearing=bearing)
            placed = fp.at(pose)
            if placed.shape.intersection(building.polygon).area > 1e-6:
                continue
            # a charge ignores the 1" rule but touches only the enemy it charged (§8.5, seed: "si può
            # muovere in contatto di basetta solo con un nemico verso il quale ha dichiarato una carica")
            if clearance_problem(placed, around, 0.0, during=False) or \
                    any(in_contact(placed, other) for other in around.others.values()):
                continue
            sweep = fp.shape.union(placed.shape).convex_hull
            crossed = [n for n, poly in others if sweep.intersection(poly).area > 1e-6]
            if crossed:
                if blocked is not None:
                    blocked.extend(n for n in crossed if n not in blocked)
                continue
            out.append(placed)
            break
    return out


def occupy(state: NinthAgeState, unit: UnitState, building: TerrainFeature) -> None:
    """The whole unit stands in the Building (its pose the Building's centre)."""
    centre = building.polygon.centroid
    unit.pose = Pose(x=centre.x, y=centre.y, bearing=unit.pose.bearing if unit.pose else 0.0)
    unit.garrison = building.name
    unit.garrison_round, unit.garrison_seat = state.round, state.active


def may_enter(state: NinthAgeState, unit: UnitState) -> bool:
    """Made up entirely of troop types that may enter a Building (§18.6)."""
    return all(state.unit_entry(m).troop_type in ENTERING_TROOPS for m in [unit, *joined(state, unit)])


WITHDRAW_STEP = 0.02  # inches


def withdrawn(state: NinthAgeState, unit: UnitState, building: TerrainFeature):
    """Where the unit, as it stands now, ends falling back straight away from the Building (from
    the wall point nearest its centre) to 1" of it (§18.6); None when that place is not clear."""
    moved, problem = _withdrawal(state, unit, building)
    return None if problem else moved


def _withdrawal(state: NinthAgeState, unit: UnitState, building: TerrainFeature):
    """The place 1" from the Building the unit falls back to, and why it may not stand there
    (None when it may): a move with no exemption from the 1" rule, so it ends 1" from other
    units and Impassable terrain too (§6.3)."""
    from shapely.ops import nearest_points

    fp = unit.footprint()
    wall, _centre = nearest_points(building.polygon.exterior, Point(fp.centre))
    dx, dy = fp.centre[0] - wall.x, fp.centre[1] - wall.y
    norm = math.hypot(dx, dy) or 1.0
    dx, dy = dx / norm, dy / norm
    moved, k = fp, 0
    while moved.shape.distance(building.polygon) < 1.0 - 1e-6 and k < 1000:
        k += 1
        moved = fp.at(fp.pose.moved(fp.pose.x + dx * k * WITHDRAW_STEP, fp.pose.y + dy * k * WITHDRAW_STEP))
    around = surroundings(state, {unit.id}, building=building.name)
    return moved, clearance_problem(moved, around, CLEARANCE_END, during=False)


def withdraw(state: NinthAgeState, unit: UnitState, building: TerrainFeature, events: list[Event],
             start=None) -> None:
    """The assaulter falls back to 1" of the Building (§18.6) when it may stand there (else it
    stays where it is, and the reply says why); ``start``: where it stood before it reformed, for the path drawn."""
    fp = unit.footprint()
    moved, problem = _withdrawal(state, unit, building)
    if problem:
        events.append(Event(kind="assault", seat=unit.owner, data={"unit": unit.id},
                            text=ngettext("{unit} has no room to fall back to 1\" from {building} ({problem}): it stays "
                                          "where it is (§18.6).", "{unit} have no room to fall back to 1\" from {building} "
                                          "({problem}): they stay where they are (§18.6).", number(state, unit),
                                          unit=unit.id, building=building.name, problem=problem)))
        return
    unit.pose = moved.pose
    state.last_moves.append({"unit": unit.id, "kind": "withdraw", "path": [(start or fp).centre, moved.centre]})
    events.append(Event(kind="assault", seat=unit.owner, data={"unit": unit.id},
                        text=ngettext("{unit} falls back to {d}\" from {building} (§18.6).", "{unit} fall back to {d}\" from {building} (§18.6).", number(state, unit), unit=unit.id,
                               d=decimal(moved.shape.distance(building.polygon), ".1f"), building=building.name)))
