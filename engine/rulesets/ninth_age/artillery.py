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

from engine.rulesets.ninth_age.catalogue import weapon_word
from engine.core.text import N_, Text, _, commas, decimal, join as text_join, ngettext
import math
from dataclasses import replace

from shapely.geometry import LineString, Point as ShapelyPoint

from engine.core import Event, IllegalAction, roll_dice
from engine.rulesets.ninth_age.attacks import (
    all_on_rank_and_file, hits_on_character, resolve_on_unit, resolve_one, template_models, template_on_unit,
)
from engine.rulesets.ninth_age.mixed_units import RANK_AND_FILE, hit_allocation, joined, one_hit_goes_to, successor
from engine.rulesets.ninth_age.grammar import side_word
from engine.rulesets.ninth_age.casualties import destroy, heavy_casualties, lose_wounds
from engine.rulesets.ninth_age.damage import Attack
from engine.rulesets.ninth_age import garrison
from engine.rulesets.ninth_age.walls import gap
from engine.rulesets.ninth_age.neighbours import engaged
from engine.rulesets.ninth_age.saves import faces
from engine.rulesets.ninth_age.shooting import (
    cover_words,
    Table, height, height_at, measure, modifier_list, modifiers, need_text, record, roll_to_hit, shooting_bs, shooting_strength, sight_obstacles, sight_to, to_hit_needed,
)
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState
from engine.rulesets.ninth_age.breath import breathers, spend_breaths
from engine.rulesets.ninth_age.weapons import BREATH_RANGE, RangedWeapon, breath_magical, breath_of, breath_weapon
from engine.table.arcs import arc_of
from engine.table.contact import distance
from engine.table.frame import bearing_between, direction
from engine.table.scatter import is_hit, random_bearing
from engine.table.sight import sight_line
from engine.table.templates import Circle, Line, coordinates
from engine.rulesets.ninth_age.grammar import number

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


# The Misfire table's results (§15.4) as a question names them.
MISFIRE_WORDS = {"destroyed": N_("destroyed"), "disabled": N_("disabled"), "silenced": N_("silenced"),
                 "wounded": N_("wounded")}


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
        files = min(f.files, f.models)
        return files, ngettext("{arc} flank: {n} file", "{arc} flank: {n} files", files, arc=side_word(arc))
    return f.ranks, ngettext("{arc} arc: {n} rank", "{arc} arc: {n} ranks", f.ranks, arc=side_word(arc))


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

    bs = shooting_bs(state.unit_entry(machine), state, machine)
    helper = engineer(state, machine)
    if helper is not None:
        ebs = shooting_bs(state.unit_entry(helper), state, helper)
        if ebs > bs:
            state.engineers[helper.id] = f"{phase_key(state)}/{machine.id}"
            events.append(Event(kind="engineer", seat=machine.owner, text=_("{helper} (Engineer, within 3\") lends {machine} its BS {ebs}.", helper=helper.id, machine=machine.id, ebs=ebs)))
            return ebs
    return bs


def engineer_reroll(state: NinthAgeState, machine: UnitState, roll, key: str, question, said, purpose: str,
                    events: list[Event]):
    """A nearby Engineer's re-roll of a catapult's scatter die or a flame thrower's D6 (§22 Engineer:
    "può essere ripetuto il lancio del Dado Deviazione"; "del D6 che determina la distanza [...] a meno
    che il risultato ottenuto non sia '6'"), when the owner wants it: the new roll, or ``roll``.
    ``question(helper)`` asks it, ``said(helper)`` tells it. The Engineer then helps this machine
    alone this phase."""
    from engine.core.decisions import decide
    from engine.rulesets.ninth_age.casualties import phase_key

    helper = engineer(state, machine) if machine.on_table else None
    if helper is None or decide(state, machine.owner, f"{key}-{machine.id}", question(helper),
                                ["reroll", "keep"]) != "reroll":
        return roll
    state.engineers[helper.id] = f"{phase_key(state)}/{machine.id}"
    events.append(Event(kind="roll", seat=machine.owner, roll=roll, text=said(helper)))
    return roll_dice("1d6", state.rng, purpose=purpose)


# -- misfires ------------------------------------------------------------------------------------------
def misfire(state: NinthAgeState, unit: UnitState, events: list[Event], modifier: int = 0) -> None:
    """Roll on the Misfire table (§15.4) and apply the result."""
    roll = roll_dice("1d6", state.rng, purpose=_('{unit} Misfire table', unit=unit.id))
    helper = engineer(state, unit) if unit.on_table else None
    if helper is not None and misfire_result(roll.total + modifier) != "wounded":
        from engine.core.decisions import decide

        if decide(state, unit.owner, f"engineer-reroll-{unit.id}", _("{unit} misfired and rolled {total} on the Misfire table ({misfire_result}). Let {helper} (Engineer) re-roll it?", unit=unit.id, total=roll.total, misfire_result=Text(MISFIRE_WORDS[misfire_result(roll.total + modifier)]), helper=helper.id),
                  ["reroll", "keep"]) == "reroll":
            events.append(Event(kind="roll", seat=unit.owner, roll=roll, text=_("{unit} Misfire table: {total}; {helper} (Engineer) re-rolls it.", unit=unit.id, total=roll.total, helper=helper.id)))
            roll = roll_dice("1d6", state.rng, purpose=_('{unit} Misfire table, re-rolled', unit=unit.id))
    total = roll.total + modifier
    result = misfire_result(total)
    text = {"destroyed": _("it blows up: destroyed, and every model within D6\" takes a S5 hit"),
            "disabled": _("the firing mechanism is damaged: it cannot shoot for the rest of the game"),
            "silenced": _("it cannot shoot in its next turn"),
            "wounded": _("it takes one wound with no saves of any kind")}[result]
    events.append(Event(kind="roll", seat=unit.owner, roll=roll, text=ngettext("{unit} misfires! Misfire table: {total} {modifier:+d}: {text}.", "{unit} misfire! Misfire table: {total} {modifier:+d}: {text}.", number(state, unit), unit=unit.id, total=roll.total, modifier=modifier, text=text) if modifier else ngettext("{unit} misfires! Misfire table: {total}: {text}.", "{unit} misfire! Misfire table: {total}: {text}.", number(state, unit), unit=unit.id, total=roll.total, text=text)))
    if result == "disabled":
        unit.disabled = True
    elif result == "silenced":
        unit.no_shoot_round, unit.no_shoot_seat = state.round + 1, unit.owner
    elif result == "wounded":
        lose_wounds(state, unit, 1, events)
    else:
        where = unit.footprint()
        blast = roll_dice("1d6", state.rng, purpose=_('{unit} explosion radius', unit=unit.id))
        events.append(Event(kind="roll", seat=unit.owner, roll=blast, text=_("Every model within {total}\" of {unit} takes a S5 hit.", total=blast.total, unit=unit.id)))
        destroy(state, unit, events, ngettext("{unit} is destroyed by its misfire", "{unit} are destroyed by their misfire", number(state, unit), unit=unit.id))
        for other in state.on_table():
            under = [i for i, b in enumerate(other.footprint().models) if b.distance(where.shape) <= blast.total + 1e-9]
            if not under:
                continue
            purpose = _("{unit}'s explosion on {other}", unit=unit.id, other=other.id)
            if other.garrison:  # no base of it stands where it is drawn: the unit's hits, allocated (§16.4)
                resolve_on_unit(state, other, MISFIRE_BLAST, len(under), events, attacker=unit, purpose=purpose)
            else:  # every model within reach is hit, a character in the unit as under a template (§16.4)
                template_on_unit(state, other, MISFIRE_BLAST, under, 1, events, attacker=unit, purpose=purpose,
                                 blast=True)
        for other in state.on_table():
            heavy_casualties(state, other, events)


# -- the machines --------------------------------------------------------------------------------------
def fire(state: NinthAgeState, unit: UnitState, target: UnitState, weapon: RangedWeapon, events: list[Event], *,
         at: tuple[float, float] | None = None) -> None:
    before = {u.id: (u.phase_key, u.phase_lost) for u in state.units.values()}
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
        raise IllegalAction("not-refereed", _("The {weapon} is not refereed yet in this version.", weapon=weapon_word(weapon.name)))
    unit.shot = True
    for u in state.on_table():  # the units this shot cost models (each earlier loss had its test)
        if (u.phase_key, u.phase_lost) != before.get(u.id):
            heavy_casualties(state, u, events)


def _aim(state: NinthAgeState, unit: UnitState, target: UnitState, weapon: RangedWeapon, *, ignore_cover=False):
    shots, notes = measure(state, unit, target, weapon, ignore_cover=ignore_cover)
    if not shots:
        why = text_join("; ", notes) if notes else _("no line of sight")
        raise IllegalAction("no-shot", ngettext("{unit} cannot shoot its {weapon} at {target}: {why} (§10.3).", "{unit} cannot shoot their {weapon} at {target}: {why} (§10.3).", number(state, unit), unit=unit.id, weapon=weapon_word(weapon.name), target=target.id, why=why))
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
    purpose = ngettext("{unit} shoots its bolt thrower at {target}", "{unit} shoot their bolt thrower at {target}", number(state, unit), unit=unit.id, target=target.id)
    events.append(Event(kind="shoot", seat=unit.owner, text=ngettext("{purpose}: {distance}\" of {range}\", {cover}, {modifiers}; at most {n} hit ({why}).", "{purpose}: {distance}\" of {range}\", {cover}, {modifiers}; at most {n} hits ({why}).", cap, purpose=purpose, distance=decimal(shot.distance, ".1f"), range=decimal(weapon.range, "g"), cover=cover_words(shot.cover), modifiers=modifier_list(shot.modifiers), why=why)))
    hits, _skip, _skip = roll_to_hit(state, {shot.total: 1}, bs, purpose, unit.owner, events)
    if not hits:
        return
    told = False
    for k in range(cap):
        strength = max(1, (weapon.strength or 1) - k)
        attack = weapon.attack(strength).at_strength(strength)
        what = _("Bolt hit {value} at S{strength} on {target}", value=k + 1, strength=strength, target=target.id)
        victim, told = _bolt_victim(state, unit, target, k, told, events)
        if victim is None:
            removed, _skip = resolve_one(state, target, attack, events, attacker=unit, purpose=what)
        else:
            result, _skip = hits_on_character(state, victim, attack, 1, events,
                                              _("{purpose} ({c})", purpose=what, c=victim.id), unit.owner)
            removed = result.removed > 0
        if removed and not target.on_table:  # its R&F all slain: the characters left are still the unit (§16.2)
            target = state.units[successor(state, target.id)]
        if not removed or not target.on_table:
            events.append(Event(kind="shoot", seat=unit.owner, text=(ngettext("The bolt stops after {value} hit.", "The bolt stops after {value} hits.", k + 1, value=k + 1) if not removed else _("The bolt passes through the last of {target}.", target=target.id))))
            return
    events.append(Event(kind="shoot", seat=unit.owner, text=_("The bolt stops: {cap} hits is its most ({why}).", cap=cap, why=why)))


def _bolt_victim(state: NinthAgeState, machine: UnitState, target: UnitState, k: int, told: bool,
                 events: list[Event]) -> tuple[UnitState | None, bool]:
    """Who a bolt's hit ``k`` meets in a mixed unit: a bolt thrower follows "le normali regole
    per il tiro" (§15.3), so its hits are allocated as ordinary hits on a mixed unit (§16.4):
    situation A, the R&F (None); situation B, the R&F or an exposed character, the attacking
    player's choice, hit by hit. Returns it, and whether situation A was told."""
    inside = joined(state, target)
    if not inside:
        return None, told
    _skip, exposed = hit_allocation(state, target)
    if not exposed:
        if not told:
            events.append(Event(kind="allocation", seat=machine.owner, text=all_on_rank_and_file(1, target.id, inside)))
        return None, True
    victim = one_hit_goes_to(state, machine.owner, target, exposed, f"bolt-hit-{target.id}-{k + 1}",
                             _("Bolt hit {value} on {target} (situation B, §16.4): the rank and file ('{rf}') or which character?", value=k + 1, target=target.id, rf=RANK_AND_FILE))
    if victim is not None:
        events.append(Event(kind="allocation", seat=machine.owner, text=ngettext("{value_n} of {hits} hit on {target} goes to {c} (situation B, §16.4).", "{value_n} of {hits} hits on {target} go to {c} (situation B, §16.4).", 1, value_n=1, hits=1, target=target.id, c=victim.id)))
    return victim, told


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
    if at is not None:
        if not tfp.shape.buffer(1e-6).covers(ShapelyPoint(at)):
            # a skirmishing unit's centre falls between its bases: name a point that is on it
            from shapely.ops import nearest_points

            near = nearest_points(tfp.shape, ShapelyPoint(at))[0]
            raise IllegalAction("bad-point", _("({at}, {at2}) is not on {target}: its nearest point is ({x}, {y}); or leave at: out to aim at the point of it nearest the cannon in sight.", at=decimal(at[0], "g"), at2=decimal(at[1], "g"), target=target.id, x=decimal(near.x, ".1f"), y=decimal(near.y, ".1f")))
        heights = (height(state, unit), height_at(state, target, at))  # the model aimed at, on a hill or not
        if sight_line(fp, at, obstacles, heights=heights, exclude={unit.id, target.id}) is None:
            raise IllegalAction("bad-point", ngettext("{unit} cannot see ({at}, {at2}) on {target}.", "{unit} cannot see ({at}, {at2}) on {target}.", number(state, unit), unit=unit.id, at=decimal(at[0], "g"), at2=decimal(at[1], "g"), target=target.id))
        impact = at
    else:
        impact = _nearest_visible(state, unit, target, shot)
    purpose = ngettext("{unit} fires its cannon at {target}", "{unit} fire their cannon at {target}", number(state, unit), unit=unit.id, target=target.id)
    events.append(Event(kind="shoot", seat=unit.owner, text=_("{purpose}: {distance}\" of {range}\", cover ignored, {modifiers}.", purpose=purpose, distance=decimal(shot.distance, ".1f"), range=decimal(weapon.range, "g"), modifiers=modifier_list(shot.modifiers))))
    need = to_hit_needed(bs + shot.total)
    roll = roll_dice("1d6", state.rng, purpose=_('{purpose}: to hit', purpose=purpose))
    natural = roll.total
    if natural == 1:
        events.append(Event(kind="roll", seat=unit.owner, roll=roll, text=_("{purpose}: to hit needing {need_text}: a natural 1.", purpose=purpose, need_text=need_text(need))))
        misfire(state, unit, events)
        return
    hit = need is not None and natural >= need[0]
    if hit and need[1] is not None:
        again = roll_dice("1d6", state.rng, purpose=_('{purpose}: to hit, second die', purpose=purpose))
        hit = again.total >= need[1]
    events.append(Event(kind="roll", seat=unit.owner, roll=roll, text=(_("{purpose}: to hit needing {need}: {natural}: hit.", purpose=purpose, need=need_text(need), natural=natural) if hit
                              else _("{purpose}: to hit needing {need}: {natural}: miss.", purpose=purpose, need=need_text(need), natural=natural))))
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
    state.shots.append({"kind": "line", "from": list(impact), "to": list(end), "unit": unit.id, "weapon": weapon.name})
    order = _along(state, unit, Line(start=impact, end=end))
    half = math.ceil((weapon.strength or 0) / 2)
    events.append(Event(kind="shoot", seat=unit.owner, text=text_join("", [_("The ball lands at ({impact}, {impact2}) and bounces {length}\" on", impact=decimal(impact[0], ".1f"), impact2=decimal(impact[1], ".1f"), length=decimal(line.length, ".1f")), (_(" (stopped by terrain)") if stop is not None else ""), ngettext(": {count} model under the line; S{strength} then S{half}.", ": {count} models under the line; S{strength} then S{half}.", len(order), count=len(order), strength=weapon.strength, half=half)])))
    for n, (uid, char) in enumerate(_models_along(state, order)):
        victim = state.units[uid]
        strength = weapon.strength if n == 0 else half
        attack = weapon.attack(strength).at_strength(strength)
        what = _("Cannonball hit {value} at S{strength} on {uid}", value=n + 1, strength=strength, uid=uid)
        removed, struck = None, uid
        if char is not None:  # the line is a template: a character's base under it, as §16.4's table says
            c = state.units[char]
            if c.on_table:  # its unit's R&F were slain: it is the unit now (§16.2)
                victim = c
            elif c.location != "joined" or c.host != uid:
                continue
            elif c.id in hit_allocation(state, victim)[1]:
                events.append(Event(kind="allocation", seat=unit.owner, text=ngettext("The template covers {c} in {unit}: it takes the hit itself (situation B, §16.4).", "The template covers {c} in {unit}: it takes the hits itself (situation B, §16.4).", 1, c=c.id, unit=uid)))
                result, _skip = hits_on_character(state, c, attack, 1, events, _("{purpose} ({c})", purpose=what, c=c.id),
                                                  unit.owner)
                removed, struck = result.removed > 0, c.id
            else:
                events.append(Event(kind="allocation", seat=unit.owner, text=ngettext("The template covers {c} in {unit}: the hit goes to a rank-and-file model instead (situation A, §16.4).", "The template covers {c} in {unit}: the hits go to a rank-and-file model instead (situation A, §16.4).", 1, c=c.id, unit=uid)))
        if removed is None:
            if not victim.on_table:
                continue
            removed, _skip = resolve_one(state, victim, attack, events, attacker=unit, purpose=what)
        if not removed:
            events.append(Event(kind="shoot", seat=unit.owner, text=_("The ball stops at {uid}'s model.", uid=struck)))
            return


def _nearest_visible(state: NinthAgeState, unit: UnitState, target: UnitState, shot) -> tuple[float, float]:
    """The default impact point: the target's closest point to the machine, if in sight, else
    the point of the target the sight line reached."""
    from shapely.ops import nearest_points

    fp, tfp = unit.footprint(), target.footprint()
    _skip, b = nearest_points(fp.shape, tfp.shape)
    point = (b.x, b.y)
    heights = (height(state, unit), height_at(state, target, point))
    if sight_line(fp, point, sight_obstacles(state), heights=heights, exclude={unit.id, target.id}) is not None:
        return point
    return tuple(shot.sight[1])


def _models_along(state: NinthAgeState, order: list[tuple[str, int]]) -> list[tuple[str, str | None]]:
    """The models the line touches, in order, from their bases (:func:`_along`): (unit id,
    None) for an R&F model, (unit id, character) for a character's base, once however many
    positions of the block its base takes (§16.5)."""
    out: list[tuple[str, str | None]] = []
    for uid, i in order:
        _rf, chars = template_models(state, state.units[uid], [i])
        entry = (uid, chars[0] if chars else None)
        if entry[1] is not None and entry in out:
            continue
        out.append(entry)
    return out


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
    return [(uid, i) for _skip, uid, i in sorted(hits)]


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
        cx, cy = tfp.centre
        raise IllegalAction("bad-point", ngettext("The template's centre must be over a model of {target}; ({at}, {at2}) is not: {target} stands around ({cx}, {cy}). Leave at: out to aim at its model nearest that centre.", "The template's centre must be over a model of {target}; ({at}, {at2}) is not: {target} stand around ({cx}, {cy}). Leave at: out to aim at their model nearest that centre.", number(state, target), target=target.id, at=decimal(at[0], "g"), at2=decimal(at[1], "g"), cx=decimal(cx, ".1f"), cy=decimal(cy, ".1f")))
    reach = fp.shape.distance(point)
    if reach > weapon.range + 1e-3:
        raise IllegalAction("out-of-range", _("({at}, {at2}) is {reach}\" away; the {weapon} reaches {range}\".", at=decimal(at[0], ".1f"), at2=decimal(at[1], ".1f"), reach=decimal(reach, ".1f"), weapon=weapon_word(weapon.name), range=decimal(weapon.range, "g")))
    template = Circle(centre=at, diameter=weapon.template)
    for u in state.on_table():  # the machine itself too: its model is a friendly one (§15.3)
        touched = any(template.touches(b) for b in garrison.template_shapes(state, u))
        if touched and u.owner == unit.owner:
            raise IllegalAction("friends-under", _("The template would lie over {u}, a friendly unit (§15.3).", u=u.id))
        if touched and engaged(state, u):
            raise IllegalAction("engaged-under", _("The template would lie over {u}, engaged in combat (§15.3).", u=u.id))
    heights = (height(state, unit), height(state, target))
    obstacles = garrison.open_walls(state, sight_obstacles(state), unit, target)  # §18.6
    in_sight = sight_line(fp, at, obstacles, heights=heights, exclude={unit.id, target.id}) is not None
    scatter_die = roll_dice("1d6", state.rng, purpose=_("{unit} scatter die", unit=unit.id))
    scatter_die = engineer_reroll(state, unit, scatter_die, "engineer-scatter", lambda helper: _(
        "{unit}'s scatter die shows {total} ({face}). Let {helper} (Engineer) re-roll it?", unit=unit.id,
        total=scatter_die.total, face=_("HIT") if is_hit(scatter_die.total) else _("an arrow"), helper=helper.id),
        lambda helper: _("{unit}: {helper} (Engineer) re-rolls the scatter die ({total}).", unit=unit.id,
                         helper=helper.id, total=scatter_die.total),
        _("{unit} scatter die, re-rolled", unit=unit.id), events)
    d6 = roll_dice("1d6", state.rng, purpose=_("{unit} scatter distance", unit=unit.id))
    how, far = catapult_scatter(scatter_die.total, d6.total, in_sight, bs)
    face = _("HIT") if is_hit(scatter_die.total) else _("an arrow")
    purpose = ngettext("{unit} lobs its {weapon} at {target}", "{unit} lob their {weapon} at {target}", number(state, unit), unit=unit.id, weapon=weapon_word(weapon.name), target=target.id)
    # the scatter die is a plain D6 (1 or 6 a HIT): say which face came up, beside its roll
    events.append(Event(kind="roll", seat=unit.owner, roll=scatter_die, text=(
        _("{purpose} ({reach}\" away, in line of sight): scatter die {total} = {face} (1 or 6 is a HIT).", purpose=purpose, reach=decimal(reach, ".1f"), total=scatter_die.total, face=face) if in_sight else
        _("{purpose} ({reach}\" away, out of line of sight): scatter die {total} = {face} (1 or 6 is a HIT).", purpose=purpose, reach=decimal(reach, ".1f"), total=scatter_die.total, face=face))))
    events.append(Event(kind="roll", seat=unit.owner, roll=d6, text=_("{unit}'s scatter distance D6: {total}.", unit=unit.id, total=d6.total)))
    if how == "misfire":
        misfire(state, unit, events)
        return
    end = at
    if how in ("arrow", "random"):
        bearing = random_bearing(state.rng)
        dx, dy = direction(bearing)
        end = (at[0] + dx * far, at[1] + dy * far)
        state.shots.append({"kind": "scatter", "from": list(at), "to": list(end), "unit": unit.id})
        events.append(Event(kind="scatter", seat=unit.owner, text=text_join("", [_("The template scatters {far}\" toward {bearing}°", far=far, bearing=decimal(bearing, ".0f")), (_(" ({total} × 2 − BS {bs})", total=d6.total, bs=bs) if how == "random" else _(" ({total} × 2)", total=d6.total)), "."])))
    else:
        events.append(Event(kind="scatter", seat=unit.owner, text=_("A direct hit: the template stays.")))
    final = Circle(centre=end, diameter=weapon.template)
    state.shots.append({"kind": "circle", "at": list(end), "diameter": weapon.template, "unit": unit.id, "weapon": weapon.name})
    centre = ShapelyPoint(end)
    # every model under it (§15.3 "tutti i modelli che risultano sotto di essa"), the machine's own if it
    # scattered back onto it
    under = [u for u in state.on_table() if any(final.touches(b) for b in garrison.template_shapes(state, u))]
    events.append(Event(kind="scatter", seat=unit.owner, text=text_join("", [_("The template lands at ({end}, {end2})", end=decimal(end[0], ".1f"), end2=decimal(end[1], ".1f")), (_(": no model is under it.") if not under else ".")])))
    for u in list(state.on_table()):
        if u.garrison:  # a template touching the Building: D6 hits on the unit in it (§18.6)
            garrison.template_on_building(state, unit, u, weapon, final, centre, events)
            continue
        bases = u.footprint().models
        touched = [i for i, b in enumerate(bases) if final.touches(b)]
        if not touched:
            continue
        middle = [i for i in touched if bases[i].covers(centre)][:1]
        plain = len(touched) - len(middle)
        events.append(Event(kind="shoot", seat=unit.owner, text=text_join("", [ngettext("{count} model of {u} under the template", "{count} models of {u} under the template", len(touched), count=len(touched), u=u.id), (_(": 1 under the centre at S{bracket_strength}, {plain} at S{strength}", bracket_strength=weapon.bracket_strength, plain=plain, strength=weapon.strength) if middle and weapon.bracket_strength else ""), "."])))
        if middle and weapon.bracket_strength:  # a character's base under the centre: §16.4
            template_on_unit(state, u, weapon.attack(weapon.bracket_strength).at_strength(weapon.bracket_strength),
                             middle, 1, events, attacker=unit,
                             purpose=_("{unit}: the model under the centre ({u})", unit=unit.id, u=u.id))
            rest = [i for i in touched if i not in middle]
        else:
            rest = touched
        if rest and u.on_table:
            template_on_unit(state, u, weapon.attack(weapon.strength or 0), rest, 1, events, attacker=unit,
                             purpose=_("{unit} on {u}", unit=unit.id, u=u.id))


def volley_gun(state: NinthAgeState, unit: UnitState, target: UnitState, weapon: RangedWeapon,
               events: list[Event]) -> None:
    """Normal shooting with Multiple Shots and no penalty; a random number of shots gets −1 to
    hit on exactly one natural 6 among its dice, and misfires on two or more (§15.3)."""
    shot = _aim(state, unit, target, weapon)
    bs = machine_bs(state, unit, events)
    spec = weapon.multiple_shots or "1"
    purpose = ngettext("{unit} fires its volley gun at {target}", "{unit} fire their volley gun at {target}", number(state, unit), unit=unit.id, target=target.id)
    extra = 0
    if spec.isdigit():
        count = int(spec)
    else:
        roll = roll_dice(spec.lower(), state.rng, purpose=_('{purpose}: shots', purpose=purpose))
        sixes = roll.dice.count(6)
        count = roll.total
        events.append(Event(kind="roll", seat=unit.owner, roll=roll, text=_("{purpose}: {spec} shots: {faces} = {count}.", purpose=purpose, spec=spec, faces=faces(roll.dice), count=count)))
        if sixes >= 2:
            misfire(state, unit, events)
            return
        if sixes == 1:
            extra = -1
    total = shot.total + extra
    hits, _skip, _skip = roll_to_hit(state, {total: count}, bs, purpose, unit.owner, events)
    if hits:
        resolve_on_unit(state, target, weapon.attack(shooting_strength(state, unit)), hits, events, attacker=unit, purpose=purpose)


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
        raise IllegalAction("out-of-range", _("({at}, {at2}) is {reach}\" away; the flame thrower reaches {range}\".", at=decimal(at[0], ".1f"), at2=decimal(at[1], ".1f"), reach=decimal(reach, ".1f"), range=decimal(weapon.range, "g")))
    heights = (height(state, unit), height(state, target))
    obstacles = garrison.open_walls(state, sight_obstacles(state), unit, target)  # a garrison's walls are seen (§18.6)
    if sight_line(fp, at, obstacles, heights=heights, exclude={unit.id, target.id}) is None:
        raise IllegalAction("no-sight", ngettext("{unit} cannot see ({at}, {at2}) (§6.1).", "{unit} cannot see ({at}, {at2}) (§6.1).", number(state, unit), unit=unit.id, at=decimal(at[0], ".1f"), at2=decimal(at[1], ".1f")))
    dx, dy = direction(bearing_between(fp.centre, at))
    furthest = Capsule(start=at, end=(at[0] + dx * FLAME_REACH, at[1] + dy * FLAME_REACH), diameter=weapon.template)
    # a garrison: its Building (§18.6); the flame thrower's own unit is a friendly one too (§15.3)
    swept_units = [u for u in state.on_table() if any(furthest.touches(b) for b in garrison.template_shapes(state, u))]
    if target.id not in {u.id for u in swept_units}:
        raise IllegalAction("bad-point", _("The template's path from ({at}, {at2}) would not reach {target}.", at=decimal(at[0], ".1f"), at2=decimal(at[1], ".1f"), target=target.id))
    for u in swept_units:
        if u.owner == unit.owner:
            raise IllegalAction("friends-under", _("{u}, a friendly unit, lies where the template could go (§15.3).", u=u.id))
        if engaged(state, u):
            raise IllegalAction("engaged-under", _("{u}, engaged in combat, lies where the template could go.", u=u.id))
    roll = roll_dice("1d6", state.rng, purpose=_('{unit} flame thrower distance', unit=unit.id))
    if roll.total != 6:  # an Engineer re-rolls it, unless it is a 6 (§22 Engineer)
        roll = engineer_reroll(state, unit, roll, "engineer-flames", lambda helper: _(
            "{unit}'s flame thrower D6 shows {total}: the template moves that far. Let {helper} (Engineer) re-roll it?",
            unit=unit.id, total=roll.total, helper=helper.id),
            lambda helper: _("{unit}: {helper} (Engineer) re-rolls the flame thrower's distance D6 ({total}).",
                             unit=unit.id, helper=helper.id, total=roll.total),
            _("{unit} flame thrower distance, re-rolled", unit=unit.id), events)
    purpose = ngettext("{unit} flames {target}", "{unit} flame {target}", number(state, unit), unit=unit.id, target=target.id)
    if roll.total == 6:
        events.append(Event(kind="roll", seat=unit.owner, roll=roll, text=_("{purpose}: D6 6, a misfire.", purpose=purpose)))
        misfire(state, unit, events, modifier=-1)
        return
    end = (at[0] + dx * roll.total, at[1] + dy * roll.total)
    swept = Capsule(start=at, end=end, diameter=weapon.template)
    state.shots.append({"kind": "scatter", "from": list(at), "to": list(end), "unit": unit.id})
    state.shots.append({"kind": "circle", "at": list(end), "diameter": weapon.template, "unit": unit.id, "weapon": weapon.name})
    events.append(Event(kind="roll", seat=unit.owner, roll=roll, text=_("{purpose}: the template moves {total}\" straight on, burning everything it passes over.", purpose=purpose, total=roll.total)))
    for u in swept_units:
        if u.garrison and u.on_table:  # the flames touching the Building: D6 hits on the unit in it (§18.6)
            garrison.template_on_building(state, unit, u, weapon, swept, ShapelyPoint(end), events)
            continue
        if not u.on_table:
            continue
        under = [i for i, b in enumerate(u.footprint().models) if swept.touches(b)]
        if under:
            events.append(Event(kind="shoot", seat=unit.owner, text=ngettext("{value_n} model of {u} under the flames.", "{value_n} models of {u} under the flames.", len(under), value_n=len(under), u=u.id)))
            template_on_unit(state, u, weapon.attack(weapon.strength or 0), under, 1, events, attacker=unit,
                             purpose=_("{unit} flame thrower on {u}", unit=unit.id, u=u.id))


# -- Breath Weapon -------------------------------------------------------------------------------------
def breath(state: NinthAgeState, unit: UnitState, target: UnitState, events: list[Event], *,
           models: int | None = None) -> None:
    """Breath Weapon as a special shooting attack (§22, E-38): once per game, range 6", allowed
    after marching, a target chosen by the normal shooting rules; 2D6 automatic hits with the S
    and rules in its brackets, and nothing of the model's own equipment or rules. In a unit of
    several models each model with it breathes its own (:func:`_breaths`); ``models``: at most
    that many do."""
    entry = state.unit_entry(unit)
    param = breath_of(entry)
    if param is None:
        raise IllegalAction("no-weapon", ngettext("{unit} has no Breath Weapon.", "{unit} have no Breath Weapon.", number(state, unit), unit=unit.id))
    if not breathers(state, unit):
        raise IllegalAction("used", ngettext("{unit} has already used its Breath Weapon: it is once per game (§22).", "{unit} have already used their Breath Weapon: it is once per game (§22).", number(state, unit), unit=unit.id))
    if models is not None and models < 1:
        raise IllegalAction("bad-option", _("models: is how many models fire, at least 1."))
    if unit.models > 1:
        _breaths(state, unit, target, events, param, models)
        return
    # range and sight to (and from) a unit in a Building are from its walls (§18.6)
    fp = garrison.building_footprint(state, unit, toward=target.footprint().centre) if unit.garrison else unit.footprint()
    tfp = garrison.building_footprint(state, target, toward=fp.centre) if target.garrison else target.footprint()
    d = gap(state, unit, target)
    if d > BREATH_RANGE + 1e-3:
        raise IllegalAction("out-of-range", ngettext("{target} is {d}\" away; a Breath Weapon reaches 6\".", "{target} are {d}\" away; a Breath Weapon reaches 6\".", number(state, target), target=target.id, d=decimal(d, ".1f")))
    obstacles = garrison.open_walls(state, sight_obstacles(state), unit, target)
    if target.garrison:  # seen at its Building's walls, Large (§18.6)
        seen = sight_line(fp, tfp, obstacles, heights=(height(state, unit), height(state, target)),
                          exclude={unit.id, target.id})
    else:  # any of its models, each as tall as it is: Large on a hill (§18.4)
        seen = sight_to(Table(state), unit, target, fp, obstacles, observer_height=height(state, unit))
    if seen is None:
        raise IllegalAction("no-sight", ngettext("{unit} has no line of sight to {target} (§6.1).", "{unit} have no line of sight to {target} (§6.1).", number(state, unit), unit=unit.id, target=target.id))
    attack = breath_weapon(param)
    if breath_magical(entry):  # the model's Magical Attacks reach its special attacks (§22)
        attack = replace(attack, magical=True)
    unit.shot = True
    spend_breaths(state, unit, [0])
    state.shots.append({"kind": "cover-none", "from": list(seen[0]), "to": list(seen[1]), "unit": unit.id,
                        "target": target.id})
    roll = roll_dice("2d6", state.rng, purpose=_('{unit} Breath Weapon hits', unit=unit.id))
    events.append(Event(kind="roll", seat=unit.owner, roll=roll, text=text_join("", [ngettext("{unit} breathes on {target} ({d}\" of 6\"): {total} automatic hits at S{strength}", "{unit} breathe on {target} ({d}\" of 6\"): {total} automatic hits at S{strength}", number(state, unit), unit=unit.id, target=target.id, d=decimal(d, ".1f"), total=roll.total, strength=attack.strength), (_(" with Flaming Attacks") if attack.flaming else ""), _(" (once per game).")])))
    resolve_on_unit(state, target, attack, roll.total, events, attacker=unit, purpose=_("{unit} Breath Weapon", unit=unit.id))
    heavy_casualties(state, target, events)


def _breaths(state: NinthAgeState, unit: UnitState, target: UnitState, events: list[Event], param: str,
             models: int | None) -> None:
    """The Breath Weapons of a unit of several models (§22: "Un modello con un Arma a Soffio può
    utilizzarla una volta sola durante la partita", a target "usando le normali regole degli Attacchi
    da Tiro", 6"): each model that still has its own, in the first two ranks (§10.3), within 6" of
    the target and seeing it, breathes 2D6 automatic hits; the others keep theirs for later."""
    attack = breath_weapon(param)
    if breath_magical(state.unit_entry(unit)):  # the model's Magical Attacks reach its special attacks (§22)
        attack = replace(attack, magical=True)
    left = breathers(state, unit)
    reach = RangedWeapon("breath weapon", BREATH_RANGE, attack.strength)
    shots, notes = measure(state, unit, target, reach, ignore_cover=True)
    able = sorted((s for s in shots if s.index in left), key=lambda s: (s.rank, s.index))
    if not able:
        d = gap(state, unit, target)
        if d > BREATH_RANGE + 1e-3:
            raise IllegalAction("out-of-range", ngettext("{target} is {d}\" away; a Breath Weapon reaches 6\".", "{target} are {d}\" away; a Breath Weapon reaches 6\".", number(state, target), target=target.id, d=decimal(d, ".1f")))
        why = text_join("; ", notes) if notes else _("none has line of sight")
        raise IllegalAction("no-shot", _("No model of {unit} can breathe on {target}: {why} (§10.3, §22).", unit=unit.id, target=target.id, why=why))
    if models is not None and models < len(able):
        able = able[:models]
    unit.shot = True
    spend_breaths(state, unit, [s.index for s in able])
    keep = len(left) - len(able)
    if keep:
        notes.append(ngettext("{n} keeps its Breath Weapon", "{n} keep their Breath Weapons", keep, n=keep))
    record(state, unit, target, able)
    n = len(able)
    roll = roll_dice(f"{2 * n}d6", state.rng, purpose=_("{unit} Breath Weapon hits", unit=unit.id))
    pairs = [f"{a}+{b}" for a, b in zip(roll.dice[::2], roll.dice[1::2])]
    near, far = min(s.distance for s in able), max(s.distance for s in able)
    events.append(Event(kind="roll", seat=unit.owner, roll=roll, text=text_join("", [
        ngettext("{n} model of {unit} breathes on {target} ({near}\"-{far}\" of 6\"): {n} × 2D6: {pairs}: {total} automatic hits at S{strength}",
                 "{n} models of {unit} breathe on {target} ({near}\"-{far}\" of 6\"): {n} × 2D6: {pairs}: {total} automatic hits at S{strength}",
                 n, n=n, unit=unit.id, target=target.id, near=decimal(near, ".1f"), far=decimal(far, ".1f"),
                 pairs=commas(pairs), total=roll.total, strength=attack.strength),
        (_(" with Flaming Attacks") if attack.flaming else ""), _(" (once per game each)"),
        (_("; {join}", join=text_join("; ", notes)) if notes else ""), "."])))
    resolve_on_unit(state, target, attack, roll.total, events, attacker=unit, purpose=_("{unit} Breath Weapon", unit=unit.id))
    heavy_casualties(state, target, events)


def character_breath_shot(state: NinthAgeState, char: UnitState, target: UnitState, events: list[Event]) -> None:
    """A character (or War Platform) joined to a unit breathes its own Breath Weapon as a special
    shooting attack (§22, seed 001:3154-3158): "Un modello con un Arma a Soffio può utilizzarla
    una volta sola durante la partita [...] Come attacco da Tiro Speciale [...] scegliere un
    bersaglio usando le normali regole degli Attacchi da Tiro. L'attacco ha gittata 6". L'attacco
    può essere portato anche se il modello ha marciato"; 2D6 automatic hits with the S and rules of
    its brackets. Its own, once per game for that model (its unit's models keep theirs); from its
    own base in the unit (the first two ranks, its own range and line of sight, §10.3); its unit
    shoots as one, so at the target its unit shoots at this phase, if it has (§10.3: "Tutti i
    modelli dell'Unità tirano allo stesso bersaglio")."""
    from engine.rulesets.ninth_age.breath import character_breath, spend_character_breath
    from engine.rulesets.ninth_age.mixed_units import character_base, character_cells
    from engine.rulesets.ninth_age.shooting import check_target, may_shoot

    host = state.units[char.host]
    param = breath_of(state.unit_entry(char))
    if param is None:
        raise IllegalAction("no-weapon", _("{char} has no Breath Weapon of its own.", char=char.id))
    if character_breath(state, char) is None:
        raise IllegalAction("used", _("{char} has already used its Breath Weapon: it is once per game (§22).", char=char.id))
    if char.shot:
        raise IllegalAction("cannot-shoot", _("{char} has already shot this phase (§10.2).", char=char.id))
    may_shoot(state, host, breath=True)  # engaged, fleeing, a charge declared...: its unit's bars are its own
    check_target(state, host, target)
    other = next((s["target"] for s in state.shots if s.get("unit") in {host.id, *(c.id for c in joined(state, host))}
                  and s.get("target") not in (None, target.id)), None)
    if other is not None:
        raise IllegalAction("cannot-shoot", _("{host} shot at {other} this phase: every model of a unit shoots at the same "
                                              "target (§10.3), {char} too.", host=host.id, other=other, char=char.id))
    attack = breath_weapon(param)
    if breath_magical(state.unit_entry(char)):  # the model's Magical Attacks reach its special attacks (§22)
        attack = replace(attack, magical=True)
    reach = RangedWeapon("breath weapon", BREATH_RANGE, attack.strength)
    shots, notes = measure(state, host, target, reach, ignore_cover=True, only=character_cells(state, host)[char.id])
    if not shots:
        d = character_base(state, char).distance(target.footprint().shape)
        if d > BREATH_RANGE + 1e-3:
            raise IllegalAction("out-of-range", ngettext("{target} is {d}\" from {char}'s own base; a Breath Weapon reaches 6\".",
                                                         "{target} are {d}\" from {char}'s own base; a Breath Weapon reaches 6\".",
                                                         number(state, target), target=target.id, d=decimal(d, ".1f"),
                                                         char=char.id))
        why = text_join("; ", notes) if notes else _("it has no line of sight")
        raise IllegalAction("no-shot", _("{char} cannot breathe on {target}: {why} (§10.3, §22).", char=char.id,
                                         target=target.id, why=why))
    shot = min(shots, key=lambda s: s.distance)
    char.shot = True
    spend_character_breath(char)
    record(state, char, target, [shot])
    roll = roll_dice("2d6", state.rng, purpose=_("{char} Breath Weapon hits", char=char.id))
    events.append(Event(kind="roll", seat=char.owner, roll=roll, data={"unit": char.id}, text=text_join("", [
        _("{char} (in {host}) breathes its own Breath Weapon on {target} ({d}\" of 6\"): 2D6: {total} automatic hits at "
          "S{strength}", char=char.id, host=host.id, target=target.id, d=decimal(shot.distance, ".1f"), total=roll.total,
          strength=attack.strength),
        (_(" with Flaming Attacks") if attack.flaming else ""), _(" (once per game).")])))
    resolve_on_unit(state, target, attack, roll.total, events, attacker=char, purpose=_("{char} Breath Weapon", char=char.id))
    heavy_casualties(state, target, events)
