"""Artillery (§15.3), the Misfire table (§15.4) and Breath Weapon (§22): the shooting attacks
that do not follow the normal procedure of :mod:`.shooting`.

Catapult scatter (E-39): a natural 6 on the D6 misfires whatever the scatter die shows; in
line of sight a HIT stays, an arrow moves D6 × 2"; out of sight an arrow moves D6 × 2" and a
HIT still moves D6 × 2 − BS" in a random direction (0 or less: a direct hit).

>>> catapult_scatter(face=1, d6=4, in_sight=True, bs=3)
('stays', 0)
>>> catapult_scatter(face=3, d6=4, in_sight=True, bs=3), catapult_scatter(face=6, d6=4, in_sight=False, bs=3)
(('arrow', 8), ('random', 5))
>>> catapult_scatter(face=1, d6=1, in_sight=False, bs=3), catapult_scatter(face=2, d6=6, in_sight=True, bs=3)
(('stays', 0), ('misfire', 0))

Misfire table (§15.4):

>>> [misfire_result(n) for n in (0, 1, 2, 3, 4, 5, 6)]
['destroyed', 'disabled', 'disabled', 'silenced', 'silenced', 'wounded', 'wounded']
"""

from __future__ import annotations

import math

from shapely.geometry import LineString, Point as ShapelyPoint

from engine.core import Event, IllegalAction, roll_dice
from engine.rulesets.ninth_age.attacks import resolve_hits, resolve_one
from engine.rulesets.ninth_age.casualties import destroy, heavy_casualties, lose_wounds
from engine.rulesets.ninth_age.damage import Attack
from engine.rulesets.ninth_age import garrison
from engine.rulesets.ninth_age.neighbours import engaged
from engine.rulesets.ninth_age.saves import faces
from engine.rulesets.ninth_age.shooting import (
    height, measure, modifiers, need_text, roll_to_hit, shooting_bs, sight_obstacles, to_hit_needed,
)
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState
from engine.rulesets.ninth_age.weapons import BREATH_RANGE, RangedWeapon, breath_of, breath_weapon
from engine.table.arcs import arc_of
from engine.table.contact import distance
from engine.table.frame import bearing_between, direction
from engine.table.scatter import is_hit, random_bearing
from engine.table.sight import sight_line
from engine.table.templates import Circle, Line, coordinates

MISFIRE_BLAST = Attack(strength=5, category="ranged", source="Misfire")


# -- pure rules ----------------------------------------------------------------------------------------
def catapult_scatter(face: int, d6: int, in_sight: bool, bs: int) -> tuple[str, int]:
    """Where a catapult's template goes (§15.3): ('misfire'|'stays'|'arrow'|'random', inches)."""
    if d6 == 6:
        return "misfire", 0
    if not is_hit(face):
        return "arrow", d6 * 2
    if in_sight:
        return "stays", 0
    far = d6 * 2 - bs
    return ("random", far) if far > 0 else ("stays", 0)


def misfire_result(total: int) -> str:
    """§15.4 by the modified D6: destroyed (0 or less), disabled (1-2), silenced (3-4), wounded (5+)."""
    if total <= 0:
        return "destroyed"
    if total <= 2:
        return "disabled"
    if total <= 4:
        return "silenced"
    return "wounded"


def bolt_hits_cap(state: NinthAgeState, machine: UnitState, target: UnitState) -> tuple[int, str]:
    """A bolt's most hits (§15.3): the target's ranks from its front or rear arc, its files from
    a flank, counted at the moment of shooting."""
    tfp = target.footprint()
    arc = arc_of(tfp, machine.footprint().centre) if tfp.has_arcs else "front"
    f = target.formation
    if arc in ("left", "right"):
        return min(f.files, f.models), f"{arc} flank: {min(f.files, f.models)} files"
    return f.ranks, f"{arc} arc: {f.ranks} ranks"


# -- Engineers (§22) ---------------------------------------------------------------------------------------
ENGINEER_RANGE = 3.0


def engineer(state: NinthAgeState, machine: UnitState) -> UnitState | None:
    """A friendly Engineer within 3" of the war machine that has not helped another machine this
    phase (an Engineer helps one War Machine, §22), or None."""
    from engine.rulesets.ninth_age.casualties import phase_key

    fp = machine.footprint()
    for u in state.on_table(machine.owner):
        if u.id == machine.id or u.fleeing or not state.unit_entry(u).has_rule("Engineer"):
            continue
        helped = state.engineers.get(u.id)
        if helped is not None and helped != f"{phase_key(state)}/{machine.id}":
            if helped.startswith(phase_key(state) + "/"):
                continue
        if distance(fp, u.footprint()) <= ENGINEER_RANGE + 1e-3:
            return u
    return None


def machine_bs(state: NinthAgeState, machine: UnitState, events: list[Event]) -> int:
    """The crew's BS, or a nearby Engineer's when better (§22 Engineer)."""
    from engine.rulesets.ninth_age.casualties import phase_key

    bs = shooting_bs(state.unit_entry(machine))
    helper = engineer(state, machine)
    if helper is not None:
        ebs = shooting_bs(state.unit_entry(helper))
        if ebs > bs:
            state.engineers[helper.id] = f"{phase_key(state)}/{machine.id}"
            events.append(Event(kind="engineer", seat=machine.owner, text=f"{helper.id} (Engineer, within 3\") lends "
                                f"{machine.id} its BS {ebs}."))
            return ebs
    return bs


# -- misfires ------------------------------------------------------------------------------------------
def misfire(state: NinthAgeState, unit: UnitState, events: list[Event], modifier: int = 0) -> None:
    """Roll on the Misfire table (§15.4) and apply the result."""
    roll = roll_dice("1d6", state.rng, purpose=f"{unit.id} Misfire table")
    helper = engineer(state, unit) if unit.on_table else None
    if helper is not None and misfire_result(roll.total + modifier) != "wounded":
        from engine.core.decisions import decide

        if decide(state, unit.owner, f"engineer-reroll-{unit.id}", f"{unit.id} misfired and rolled {roll.total} on the "
                  f"Misfire table ({misfire_result(roll.total + modifier)}). Let {helper.id} (Engineer) re-roll it?",
                  ["reroll", "keep"]) == "reroll":
            events.append(Event(kind="roll", seat=unit.owner, roll=roll, text=f"{unit.id} Misfire table: "
                                f"{roll.total}; {helper.id} (Engineer) re-rolls it."))
            roll = roll_dice("1d6", state.rng, purpose=f"{unit.id} Misfire table, re-rolled")
    total = roll.total + modifier
    result = misfire_result(total)
    text = {"destroyed": "it blows up: destroyed, and every model within D6\" takes a S5 hit",
            "disabled": "the firing mechanism is damaged: it cannot shoot for the rest of the game",
            "silenced": "it cannot shoot in its next turn",
            "wounded": "it takes one wound with no saves of any kind"}[result]
    events.append(Event(kind="roll", seat=unit.owner, roll=roll, text=f"{unit.id} misfires! Misfire table: "
                        f"{roll.total}{f' {modifier:+d}' if modifier else ''}: {text}."))
    if result == "disabled":
        unit.disabled = True
    elif result == "silenced":
        unit.no_shoot_round, unit.no_shoot_seat = state.round + 1, unit.owner
    elif result == "wounded":
        lose_wounds(state, unit, 1, events)
    else:
        where = unit.footprint()
        blast = roll_dice("1d6", state.rng, purpose=f"{unit.id} explosion radius")
        events.append(Event(kind="roll", seat=unit.owner, roll=blast, text=f"Every model within {blast.total}\" of "
                            f"{unit.id} takes a S5 hit."))
        destroy(state, unit, events, f"{unit.id} is destroyed by its misfire")
        for other in state.on_table():
            n = sum(1 for b in other.footprint().models if b.distance(where.shape) <= blast.total + 1e-9)
            if n:
                resolve_hits(state, other, MISFIRE_BLAST, n, events, purpose=f"{unit.id}'s explosion on {other.id}")
        for other in state.on_table():
            heavy_casualties(state, other, events)


# -- the machines --------------------------------------------------------------------------------------
def fire(state: NinthAgeState, unit: UnitState, target: UnitState, weapon: RangedWeapon, events: list[Event], *,
         at: tuple[float, float] | None = None) -> None:
    if weapon.kind == "bolt thrower":
        bolt_thrower(state, unit, target, weapon, events)
    elif weapon.kind == "cannon":
        cannon(state, unit, target, weapon, events, at)
    elif weapon.kind == "catapult":
        catapult(state, unit, target, weapon, events, at)
    elif weapon.kind == "volley gun":
        volley_gun(state, unit, target, weapon, events)
    elif weapon.kind == "flame thrower":
        flame_thrower(state, unit, target, weapon, events, at)
    else:
        raise IllegalAction("not-refereed", f"The {weapon.name} is not refereed yet in this version.")
    unit.shot = True
    for u in state.on_table():
        heavy_casualties(state, u, events)


def _aim(state: NinthAgeState, unit: UnitState, target: UnitState, weapon: RangedWeapon, *, ignore_cover=False):
    shots, notes = measure(state, unit, target, weapon, ignore_cover=ignore_cover)
    if not shots:
        raise IllegalAction("no-shot", f"{unit.id} cannot shoot its {weapon.name} at {target.id}: "
                            f"{'; '.join(notes) or 'no line of sight'} (§10.3).")
    shot = shots[0]
    shot.modifiers = modifiers(state, unit, target, weapon, shot, stand_and_shoot=False, multiple=False)
    from engine.rulesets.ninth_age.shooting import record

    record(state, unit, target, [shot])
    return shot


def bolt_thrower(state: NinthAgeState, unit: UnitState, target: UnitState, weapon: RangedWeapon,
                 events: list[Event]) -> None:
    """Roll to hit as usual; the bolt goes on through the ranks (or files) while each hit removes
    a model, one S less each time (minimum 1), never beyond the cap (§15.3, E-51)."""
    shot = _aim(state, unit, target, weapon)
    bs = machine_bs(state, unit, events)
    cap, why = bolt_hits_cap(state, unit, target)
    purpose = f"{unit.id} shoots its bolt thrower at {target.id}"
    events.append(Event(kind="shoot", seat=unit.owner, text=f"{purpose}: {shot.distance:.1f}\" of {weapon.range:g}\", "
                        f"{shot.cover} cover, {', '.join(f'{n} {v:+d}' for n, v in shot.modifiers) or 'no modifiers'}; "
                        f"at most {cap} hits ({why})."))
    hits, _, _ = roll_to_hit(state, {shot.total: 1}, bs, purpose, unit.owner, events)
    if not hits:
        return
    for k in range(cap):
        strength = max(1, (weapon.strength or 1) - k)
        removed, _ = resolve_one(state, target, weapon.attack(strength).at_strength(strength), events, attacker=unit,
                                 purpose=f"bolt hit {k + 1} at S{strength} on {target.id}")
        if not removed or not target.on_table:
            events.append(Event(kind="shoot", seat=unit.owner, text=f"The bolt stops after {k + 1} hit(s)."
                                if not removed else f"The bolt passes through the last of {target.id}."))
            return
    events.append(Event(kind="shoot", seat=unit.owner, text=f"The bolt stops: {cap} hits is its most ({why})."))


def _first_obstacle(state: NinthAgeState, line: LineString) -> float | None:
    """How far along ``line`` the first Impassable Terrain or Wall is (the cannonball stops)."""
    cut = None
    for t in state.table.terrain:
        if t.has("impassable") or t.kind == "wall":
            inter = line.intersection(t.polygon)
            if not inter.is_empty:
                d = min(line.project(ShapelyPoint(c)) for c in coordinates(inter))
                cut = d if cut is None else min(cut, d)
    return cut


def cannon(state: NinthAgeState, unit: UnitState, target: UnitState, weapon: RangedWeapon, events: list[Event],
           at: tuple[float, float] | None) -> None:
    """Roll to hit ignoring cover; a natural 1 misfires. On a hit, a line X" long from a point
    of the target in sight, away from the cannon ([A-28]), stopped by Impassable Terrain or a
    Wall: the first model at full S, the next ones at half S (rounded up), in order, until one
    survives (§15.3, E-52)."""
    shot = _aim(state, unit, target, weapon, ignore_cover=True)
    bs = machine_bs(state, unit, events)
    fp, tfp = unit.footprint(), target.footprint()
    obstacles = sight_obstacles(state)
    heights = (height(state, unit), height(state, target))
    if at is not None:
        if not tfp.shape.buffer(1e-6).covers(ShapelyPoint(at)):
            raise IllegalAction("bad-point", f"({at[0]:g}, {at[1]:g}) is not on {target.id}.")
        if sight_line(fp, at, obstacles, heights=heights, exclude={unit.id, target.id}) is None:
            raise IllegalAction("bad-point", f"{unit.id} cannot see ({at[0]:g}, {at[1]:g}) on {target.id}.")
        impact = at
    else:
        impact = _nearest_visible(state, unit, target, shot)
    purpose = f"{unit.id} fires its cannon at {target.id}"
    events.append(Event(kind="shoot", seat=unit.owner, text=f"{purpose}: {shot.distance:.1f}\" of {weapon.range:g}\", "
                        f"cover ignored, {', '.join(f'{n} {v:+d}' for n, v in shot.modifiers) or 'no modifiers'}."))
    need = to_hit_needed(bs + shot.total)
    roll = roll_dice("1d6", state.rng, purpose=f"{purpose}: to hit")
    natural = roll.total
    if natural == 1:
        events.append(Event(kind="roll", seat=unit.owner, roll=roll, text=f"{purpose}: to hit needing "
                            f"{need_text(need)}: a natural 1."))
        misfire(state, unit, events)
        return
    hit = need is not None and natural >= need[0]
    if hit and need[1] is not None:
        again = roll_dice("1d6", state.rng, purpose=f"{purpose}: to hit, second die")
        hit = again.total >= need[1]
    events.append(Event(kind="roll", seat=unit.owner, roll=roll, text=f"{purpose}: to hit needing {need_text(need)}: "
                        f"{natural}: {'hit' if hit else 'miss'}."))
    if not hit:
        return
    bearing = bearing_between(fp.centre, impact)
    dx, dy = direction(bearing)
    end = (impact[0] + dx * weapon.template, impact[1] + dy * weapon.template)
    line = LineString([impact, end])
    stop = _first_obstacle(state, line)
    if stop is not None:
        end = (impact[0] + dx * stop, impact[1] + dy * stop)
        line = LineString([impact, end])
    state.shots.append({"kind": "line", "from": list(impact), "to": list(end), "unit": unit.id})
    order = _along(state, unit, Line(start=impact, end=end))
    half = math.ceil((weapon.strength or 0) / 2)
    events.append(Event(kind="shoot", seat=unit.owner, text=f"The ball lands at ({impact[0]:.1f}, {impact[1]:.1f}) "
                        f"and bounces {line.length:.1f}\" on"
                        + (" (stopped by terrain)" if stop is not None else "") + f": {len(order)} model(s) under "
                        f"the line; S{weapon.strength} then S{half}."))
    for n, (uid, _) in enumerate(order):
        victim = state.units[uid]
        if not victim.on_table:
            continue
        strength = weapon.strength if n == 0 else half
        attack = weapon.attack(strength).at_strength(strength)
        removed, _ = resolve_one(state, victim, attack, events, attacker=unit,
                                 purpose=f"cannonball hit {n + 1} at S{strength} on {uid}")
        if not removed:
            events.append(Event(kind="shoot", seat=unit.owner, text=f"The ball stops at {uid}'s model."))
            return


def _nearest_visible(state: NinthAgeState, unit: UnitState, target: UnitState, shot) -> tuple[float, float]:
    """The default impact point: the target's closest point to the machine, if in sight, else
    the point of the target the sight line reached."""
    from shapely.ops import nearest_points

    fp, tfp = unit.footprint(), target.footprint()
    _, b = nearest_points(fp.shape, tfp.shape)
    point = (b.x, b.y)
    heights = (height(state, unit), height(state, target))
    if sight_line(fp, point, sight_obstacles(state), heights=heights, exclude={unit.id, target.id}) is not None:
        return point
    return tuple(shot.sight[1])


def _along(state: NinthAgeState, shooter: UnitState, line: Line) -> list[tuple[str, int]]:
    """Every model (unit id, base index) the line touches, nearest its start first."""
    shape = line.shape
    hits = []
    for u in state.on_table():
        if u.id == shooter.id:
            continue
        for i, b in enumerate(u.footprint().models):
            inter = shape.intersection(b)
            if not inter.is_empty:
                hits.append((min(shape.project(ShapelyPoint(c)) for c in coordinates(inter)), u.id, i))
    return [(uid, i) for _, uid, i in sorted(hits)]


def catapult(state: NinthAgeState, unit: UnitState, target: UnitState, weapon: RangedWeapon, events: list[Event],
             at: tuple[float, float] | None) -> None:
    """Place an X" template over an enemy model in range (in sight or not), clear of friends and
    engaged units; roll the scatter die and a D6; every model under the final template is hit,
    the one under its centre at the bracketed S (§15.3, E-39)."""
    fp, tfp = unit.footprint(), target.footprint()
    bs = machine_bs(state, unit, events)
    target_bases = garrison.template_shapes(state, target)  # a unit in a Building: the Building (§18.6)
    if at is None:
        centre = tfp.centre if not target.garrison else garrison.building_of(state, target).polygon.centroid.coords[0]
        base = min(target_bases, key=lambda b: b.distance(ShapelyPoint(centre)))
        at = (base.representative_point().x, base.representative_point().y) if target.garrison else \
            (base.centroid.x, base.centroid.y)
    point = ShapelyPoint(at)
    if not any(b.covers(point) for b in target_bases):
        raise IllegalAction("bad-point", f"The template's centre must be over a model of {target.id}; "
                            f"({at[0]:g}, {at[1]:g}) is not.")
    reach = fp.shape.distance(point)
    if reach > weapon.range + 1e-3:
        raise IllegalAction("out-of-range", f"({at[0]:g}, {at[1]:g}) is {reach:.1f}\" away; the {weapon.name} reaches "
                            f"{weapon.range:g}\".")
    template = Circle(centre=at, diameter=weapon.template)
    for u in state.on_table():
        if u.id == unit.id:
            continue
        touched = any(template.touches(b) for b in garrison.template_shapes(state, u))
        if touched and u.owner == unit.owner:
            raise IllegalAction("friends-under", f"The template would lie over {u.id}, a friendly unit (§15.3).")
        if touched and engaged(state, u):
            raise IllegalAction("engaged-under", f"The template would lie over {u.id}, engaged in combat (§15.3).")
    heights = (height(state, unit), height(state, target))
    obstacles = garrison.open_walls(state, sight_obstacles(state), unit, target)  # §18.6
    in_sight = sight_line(fp, at, obstacles, heights=heights, exclude={unit.id, target.id}) is not None
    scatter_die = roll_dice("1d6", state.rng, purpose=f"{unit.id} scatter die")
    d6 = roll_dice("1d6", state.rng, purpose=f"{unit.id} scatter distance")
    how, far = catapult_scatter(scatter_die.total, d6.total, in_sight, bs)
    face = "HIT" if is_hit(scatter_die.total) else "an arrow"
    purpose = f"{unit.id} lobs its {weapon.name} at {target.id}"
    events.append(Event(kind="roll", seat=unit.owner, roll=scatter_die, text=f"{purpose} ({reach:.1f}\" away, "
                        f"{'in' if in_sight else 'out of'} line of sight): scatter die {face}, D6 {d6.total}."))
    events.append(Event(kind="roll", seat=unit.owner, roll=d6, text=f"{unit.id}'s scatter distance D6: {d6.total}."))
    if how == "misfire":
        misfire(state, unit, events)
        return
    end = at
    if how in ("arrow", "random"):
        bearing = random_bearing(state.rng)
        dx, dy = direction(bearing)
        end = (at[0] + dx * far, at[1] + dy * far)
        state.shots.append({"kind": "scatter", "from": list(at), "to": list(end), "unit": unit.id})
        events.append(Event(kind="scatter", seat=unit.owner, text=f"The template scatters {far}\" toward "
                            f"{bearing:.0f}°" + (f" ({d6.total} × 2 − BS {bs})" if how == "random" else
                                                 f" ({d6.total} × 2)") + "."))
    else:
        events.append(Event(kind="scatter", seat=unit.owner, text="A direct hit: the template stays."))
    final = Circle(centre=end, diameter=weapon.template)
    state.shots.append({"kind": "circle", "at": list(end), "diameter": weapon.template, "unit": unit.id})
    centre = ShapelyPoint(end)
    for u in list(state.on_table()):
        if u.id == unit.id:
            continue
        if u.garrison:  # a template touching the Building: D6 hits on the unit in it (§18.6)
            garrison.template_on_building(state, unit, u, weapon, final, centre, events)
            continue
        bases = u.footprint().models
        touched = [i for i, b in enumerate(bases) if final.touches(b)]
        if not touched:
            continue
        middle = [i for i in touched if bases[i].covers(centre)][:1]
        plain = len(touched) - len(middle)
        events.append(Event(kind="shoot", seat=unit.owner, text=f"{len(touched)} model(s) of {u.id} under the "
                            "template" + (f": 1 under the centre at S{weapon.bracket_strength}, {plain} at "
                                          f"S{weapon.strength}" if middle and weapon.bracket_strength else "") + "."))
        if middle and weapon.bracket_strength:
            resolve_hits(state, u, weapon.attack(weapon.bracket_strength).at_strength(weapon.bracket_strength), 1,
                         events, attacker=unit, purpose=f"{unit.id}: the model under the centre ({u.id})")
        else:
            plain = len(touched)
        if plain and u.on_table:
            resolve_hits(state, u, weapon.attack(weapon.strength or 0), plain, events, attacker=unit,
                         purpose=f"{unit.id} on {u.id}")


def volley_gun(state: NinthAgeState, unit: UnitState, target: UnitState, weapon: RangedWeapon,
               events: list[Event]) -> None:
    """Normal shooting with Multiple Shots and no penalty; a random number of shots gets −1 to
    hit on exactly one natural 6 among its dice, and misfires on two or more (§15.3)."""
    shot = _aim(state, unit, target, weapon)
    bs = machine_bs(state, unit, events)
    spec = weapon.multiple_shots or "1"
    purpose = f"{unit.id} fires its volley gun at {target.id}"
    extra = 0
    if spec.isdigit():
        count = int(spec)
    else:
        roll = roll_dice(spec.lower(), state.rng, purpose=f"{purpose}: shots")
        sixes = roll.dice.count(6)
        count = roll.total
        events.append(Event(kind="roll", seat=unit.owner, roll=roll, text=f"{purpose}: {spec} shots: "
                            f"{faces(roll.dice)} = {count}."))
        if sixes >= 2:
            misfire(state, unit, events)
            return
        if sixes == 1:
            extra = -1
    total = shot.total + extra
    hits, _, _ = roll_to_hit(state, {total: count}, bs, purpose, unit.owner, events)
    if hits:
        user_s = state.unit_entry(unit).unmodified("S")
        resolve_hits(state, target, weapon.attack(user_s), hits, events, attacker=unit, purpose=purpose)


FLAME_REACH = 5.0  # [A-74]: a 6 misfires, so the template can move at most 5"


def flame_thrower(state: NinthAgeState, unit: UnitState, target: UnitState, weapon: RangedWeapon,
                  events: list[Event], at: tuple[float, float] | None) -> None:
    """Place the 3" template with its centre in range and sight, roll a D6: a 6 misfires (the
    Misfire table at −1); otherwise the template moves that many inches straight away from the
    flame thrower and every model it passed over is hit. No friendly or engaged unit may lie
    where the template could go, from where it is placed to 5" on ([A-74]) (§15.3)."""
    from engine.table.templates import Capsule

    fp, tfp = unit.footprint(), target.footprint()
    if at is None:
        at = tfp.centre
    reach = fp.shape.distance(ShapelyPoint(at))
    if reach > weapon.range + 1e-3:
        raise IllegalAction("out-of-range", f"({at[0]:.1f}, {at[1]:.1f}) is {reach:.1f}\" away; the flame thrower "
                            f"reaches {weapon.range:g}\".")
    heights = (height(state, unit), height(state, target))
    if sight_line(fp, at, sight_obstacles(state), heights=heights, exclude={unit.id, target.id}) is None:
        raise IllegalAction("no-sight", f"{unit.id} cannot see ({at[0]:.1f}, {at[1]:.1f}) (§6.1).")
    dx, dy = direction(bearing_between(fp.centre, at))
    furthest = Capsule(start=at, end=(at[0] + dx * FLAME_REACH, at[1] + dy * FLAME_REACH), diameter=weapon.template)
    swept_units = [u for u in state.on_table() if u.id != unit.id
                   and any(furthest.touches(b) for b in u.footprint().models)]
    if target.id not in {u.id for u in swept_units}:
        raise IllegalAction("bad-point", f"The template's path from ({at[0]:.1f}, {at[1]:.1f}) would not reach "
                            f"{target.id}.")
    for u in swept_units:
        if u.owner == unit.owner:
            raise IllegalAction("friends-under", f"{u.id}, a friendly unit, lies where the template could go (§15.3).")
        if engaged(state, u):
            raise IllegalAction("engaged-under", f"{u.id}, engaged in combat, lies where the template could go.")
    roll = roll_dice("1d6", state.rng, purpose=f"{unit.id} flame thrower distance")
    purpose = f"{unit.id} flames {target.id}"
    if roll.total == 6:
        events.append(Event(kind="roll", seat=unit.owner, roll=roll, text=f"{purpose}: D6 6, a misfire."))
        misfire(state, unit, events, modifier=-1)
        return
    end = (at[0] + dx * roll.total, at[1] + dy * roll.total)
    swept = Capsule(start=at, end=end, diameter=weapon.template)
    state.shots.append({"kind": "scatter", "from": list(at), "to": list(end), "unit": unit.id})
    state.shots.append({"kind": "circle", "at": list(end), "diameter": weapon.template, "unit": unit.id})
    events.append(Event(kind="roll", seat=unit.owner, roll=roll, text=f"{purpose}: the template moves {roll.total}\" "
                        "straight on, burning everything it passes over."))
    for u in swept_units:
        n = sum(1 for b in u.footprint().models if swept.touches(b))
        if n and u.on_table:
            events.append(Event(kind="shoot", seat=unit.owner, text=f"{n} model(s) of {u.id} under the flames."))
            resolve_hits(state, u, weapon.attack(weapon.strength or 0), n, events, attacker=unit,
                         purpose=f"{unit.id} flame thrower on {u.id}")


# -- Breath Weapon -------------------------------------------------------------------------------------
def breath(state: NinthAgeState, unit: UnitState, target: UnitState, events: list[Event]) -> None:
    """Breath Weapon as a special shooting attack (§22, E-38): once per game, range 6", allowed
    after marching, a target chosen by the normal shooting rules; 2D6 automatic hits with the S
    and rules in its brackets, and nothing of the model's own equipment or rules."""
    entry = state.unit_entry(unit)
    param = breath_of(entry)
    if param is None:
        raise IllegalAction("no-weapon", f"{unit.id} has no Breath Weapon.")
    if unit.breath_used:
        raise IllegalAction("used", f"{unit.id} has already used its Breath Weapon: it is once per game (§22).")
    fp, tfp = unit.footprint(), target.footprint()
    d = distance(fp, tfp)
    if d > BREATH_RANGE + 1e-3:
        raise IllegalAction("out-of-range", f"{target.id} is {d:.1f}\" away; a Breath Weapon reaches 6\".")
    heights = (height(state, unit), height(state, target))
    seen = sight_line(fp, tfp, sight_obstacles(state), heights=heights, exclude={unit.id, target.id})
    if seen is None:
        raise IllegalAction("no-sight", f"{unit.id} has no line of sight to {target.id} (§6.1).")
    attack = breath_weapon(param)
    unit.breath_used = unit.shot = True
    state.shots.append({"kind": "cover-none", "from": list(seen[0]), "to": list(seen[1]), "unit": unit.id,
                        "target": target.id})
    roll = roll_dice("2d6", state.rng, purpose=f"{unit.id} Breath Weapon hits")
    events.append(Event(kind="roll", seat=unit.owner, roll=roll, text=f"{unit.id} breathes on {target.id} "
                        f"({d:.1f}\" of 6\"): {roll.total} automatic hits at S{attack.strength}"
                        + (" with Flaming Attacks" if attack.flaming else "") + " (once per game)."))
    resolve_hits(state, target, attack, roll.total, events, attacker=unit, purpose=f"{unit.id} Breath Weapon")
    heavy_casualties(state, target, events)
