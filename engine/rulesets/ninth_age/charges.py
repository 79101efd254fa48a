"""Charges (§8.2-8.7), flee moves (§8.8), Rally tests (§8.8) and the Panic tests a movement
can cause (§13): declarations with their reactions and redirects, the charge rolls, the charge
move to the best flush placement (§24.5: the target is never rotated, contact is maximised),
failed charge moves, and fleeing through and off the table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from engine.core.text import _, N_, Text, commas, decimal, join as text_join
from engine.core import Event, IllegalAction, roll_dice
from engine.core.decisions import decide
from engine.rulesets.ninth_age.mixed_units import joined, swiftstride
from engine.core.text import join, ngettext
from engine.rulesets.ninth_age import garrison
from engine.rulesets.ninth_age.grammar import number, side_word
from engine.rulesets.ninth_age.leadership import (
    charge_dice, charge_range, failed_charge_distance, hold_your_ground, leadership_test, rally_leadership,
    unit_leadership,
)
from engine.rulesets.ninth_age.casualties import _destroy, flee, phase_key, terrain_checks
from engine.rulesets.ninth_age.neighbours import blockers, engaged, surroundings
from engine.rulesets.ninth_age.terrain_rules import charge_from_hill, ethereal, flies, ground_note, on_hill
from engine.rulesets.ninth_age.shooting_phase import stand_and_shoot, stand_and_shoot_problem
from engine.rulesets.ninth_age.skirmishers import close_ranks, closed_ranks
from engine.rulesets.ninth_age.state import ChargeDeclaration, NinthAgeState, UnitState, laid_out
from engine.rulesets.ninth_age.walls import gap
from engine.table.arcs import majority_arc
from engine.table.charge import SIDE_NORMAL, FlushPose, flush_poses
from engine.table.charge_path import MAX_WHEEL, TOUCH, Obstacles, _wheels, charge_path, standing_against, unreachable
from engine.table.contact import contact_side as touching_side, distance, models_in_contact
from engine.table.footprint import Pose
from engine.table.frame import EPS_DIST, bearing_between, normalise, turn_between
from engine.table.motion import (
    CLEARANCE_DURING, CLEARANCE_END, IMPASSABLE, Surroundings, clearance_problem, move_ahead, pivot, translate,
)

MAX_DICE = 12  # 2D6, or 3D6 keeping the best two
SIDES = ("front", "left", "right", "rear")


def _others(state: NinthAgeState, *ids: str) -> dict:
    return {u.id: u.footprint() for u in state.on_table() if u.id not in ids}


ALIGN_STEP = 5.0  # degrees between the target rotations tried by the align move
ALIGN_MAX = 90.0


def placements(state: NinthAgeState, charger: UnitState, target: UnitState, side: str | None,
               tfp=None, *, blocked: list[str] | None = None, ignore: frozenset[str] = frozenset(),
               met: bool = False, around: tuple | None = None, first: bool = False) -> list[FlushPose]:
    """Flush poses against ``side`` (every side for a fleeing target or a round base), best first,
    that the charger can reach by a real charge path (forward, one wheel of at most 90°, forward,
    then the align about the point of contact: :mod:`engine.table.charge_path`) that crosses no
    other unit, Impassable terrain or Building (§18.2; a flier passes over them, §22 Fly).
    ``blocked`` collects what stopped the others; the units in ``ignore`` are left out (the
    Blocked Path test of §8.6 asks whether the charge was stopped by them alone). ``met``: a
    pursuer or a Random Movement unit already stands against the enemy it charges (§11.13); its
    last turn into place is checked as the ground between where it stands and where it ends.
    ``around``: what :func:`_around` gives for these units, when the caller has it already.
    ``first``: whether there is any is all the caller asks: the search stops at the first pose
    with a path and returns it alone (a caller listing legal charges); empty exactly when the
    whole list would be, and ``blocked`` then collects the same names."""
    rotated = tfp is not None  # the align's trial turns of the target: no second search there
    cfp, tfp = charger.footprint(), tfp or target.footprint()
    around = around or _around(state, charger, target, ignore)
    found: list[int] = []
    out = _reachable(state, charger, target, cfp, tfp, side, blocked, around, landing=False, found=found, met=met,
                     first=first)
    if not out and found and found[0] and not rotated and not met:
        # the places a real path lands (each wheel, straight on, the align), when the others
        # exist but no path reaches them
        out = _reachable(state, charger, target, cfp, tfp, side, blocked, around, landing=True, first=first)
    out.sort(key=lambda p: (-p.contact, abs(p.turn), round(p.travel, 6), p.footprint.centre))
    return out


def _around(state, charger, target, ignore) -> tuple:
    """What a charge of ``charger`` on ``target`` meets, the units in ``ignore`` left out: the
    other units' footprints (for the end pose), the impassable terrain, and the obstacles a path
    may not cross (None for a flier, which passes over them, §22 Fly). The same for every trial
    turn of the target (:func:`aligned_placements`), so it is worked out once for them."""
    others = {k: v for k, v in _others(state, charger.id, target.id).items() if k not in ignore}
    obstacles = None
    ghost = ethereal(state, charger)
    if not flies(state, charger):
        # a character charging out of its unit moves through that unit (§16.3, §16.4)
        # declaring (§8.2: "take into account charges already declared"), the units that declared a
        # charge are on their way, not where they stand; each path is checked again as it moves
        moving = () if charger.declared_charge else tuple(d.charger for d in state.charges)
        obstacles = path_obstacles(state, skip=(charger.id, target.id, charger.charged_out_of or charger.id,
                                                *ignore, *moving), terrain=not ghost)
    impassable = state.table.impassable()
    if ghost and impassable is not None and not impassable.is_empty:
        # §22 Ethereal: "tutti i Terreni come Terreno Aperto, ma non possono terminare il loro movimento
        # dentro (o entro 1\") da un Terreno Intransitabile": its path goes through it, its end keeps 1"
        impassable = impassable.buffer(CLEARANCE_END - EPS_DIST)
    return others, impassable, obstacles


def _gaps(state: NinthAgeState, charger: UnitState) -> dict:
    """How :func:`flush_poses` counts the models in contact across gaps (§11.5, rules version 8):
    through the plain Impassable Terrain, as the combat counts them, also for an Ethereal charger,
    whose end pose keeps 1" from it (:func:`_around`'s widened shape)."""
    if not state.gap_contact_v8:
        return {"gaps": False}
    plain = state.table.impassable() if ethereal(state, charger) else None
    return {"gaps": True, "gap_impassable": plain}


def _reachable(state, charger, target, cfp, tfp, side, blocked, around, *, landing: bool,
               found: list[int] | None = None, met: bool = False, first: bool = False) -> list[FlushPose]:
    """The flush poses with a path; ``first``: only the first found, as soon as it is (a side's
    poses are laid out only when the sides before it gave none)."""
    sides = SIDES if side is None else (side,)
    others, impassable, obstacles = around
    if first:
        count = 0
        for s in sides:
            poses = flush_poses(cfp, tfp, s, others=others, impassable=impassable, table=state.table, landing=landing,
                                sides_agree=state.placement_v6, **_gaps(state, charger))  # as below
            count += len(poses)
            kept = _with_paths(state, cfp, tfp, poses, blocked, obstacles, met, first=True)
            if kept:
                return kept
        if found is not None:
            found.append(count)
        return []
    out: list[FlushPose] = []
    for s in sides:
        out += flush_poses(cfp, tfp, s, others=others, impassable=impassable, table=state.table, landing=landing,
                           sides_agree=state.placement_v6, **_gaps(state, charger))  # flush along the side, as the combat scores it (§8.5)
    if found is not None:
        found.append(len(out))
    return _with_paths(state, cfp, tfp, out, blocked, obstacles, met)


def _with_paths(state, cfp, tfp, out: list[FlushPose], blocked, obstacles, met: bool, first: bool = False) -> list[FlushPose]:
    """The poses of ``out`` a charge path reaches, each with its path (``first``: the first
    only); ``blocked`` collects what stopped the others. Only whether a path exists is asked
    where no caller collects the names (:func:`engine.table.charge_path.charge_path`'s
    ``named``)."""
    if obstacles is not None:  # a flier passes over units and terrain (§22 Fly)
        kept = []
        for pose in out:
            if first and kept:
                break
            if met:  # already in contact: the ground between where it stands and where it ends
                ground = cfp.shape.union(pose.footprint.shape).convex_hull
                crossed = next((k for k, o in standing_against(cfp, obstacles).items()
                                if ground.intersection(o).area > 1e-6), None)
                if crossed is None:
                    kept.append(pose)
                elif blocked is not None and crossed not in blocked:
                    blocked.append(crossed)
                continue
            path, crossed = charge_path(cfp, pose.footprint, tfp, obstacles, named=blocked is not None)
            if path is not None:
                kept.append(replace(pose, path=path))
            elif blocked is not None and crossed is not None and crossed not in blocked:
                blocked.append(crossed)
        out = kept
    return out[:1] if first else out


def assault_obstacles(state: NinthAgeState, charger: UnitState, target: UnitState) -> dict[str, object] | None:
    """What the way of a charge on ``target`` in a Building may not cross: as for every other
    charge (:func:`_around`), the other units (not those already declared to charge, on their way)
    and the Impassable features; None for a flier (§22 Fly); no terrain for an Ethereal charger."""
    if flies(state, charger):
        return None
    moving = () if charger.declared_charge else tuple(d.charger for d in state.charges)
    return path_obstacles(state, skip=(charger.id, target.id, charger.charged_out_of or charger.id, *moving),
                          terrain=not ethereal(state, charger))


def path_obstacles(state: NinthAgeState, skip: tuple[str, ...] = (), *, terrain: bool = True) -> dict[str, object]:
    """What a charge path may not cross, by name: the Impassable features and Buildings, and the
    units on the table other than those in ``skip`` (the charger and its target): units never
    move through other units (§7 1" rule, §8.5); only a unit with Fly flies over them (§22).
    ``terrain`` False: no terrain (an Ethereal charger goes through it, §22 Ethereal)."""
    out = Obstacles((name, polygon) for name, polygon, _skip in blockers(state)) if terrain else Obstacles()
    for u in state.on_table():
        if u.id not in skip and not u.garrison:
            out[u.id] = u.footprint().shape
    return out


def charge_sweep(start, pose: FlushPose):
    """The ground a charge to ``pose`` went over: its path's sweep, or for a flier (which
    checks no path) the hull of where it took off and landed."""
    if pose.path is not None:
        return pose.path.swept
    return start.shape.union(pose.footprint.shape).convex_hull


# A charge reaction's name as the rulebook gives it (§8.3), for the /decide keyword the player typed
REACTION_WORDS = {"hold": N_("Hold"), "stand-and-shoot": N_("Stand and Shoot"), "flee": N_("Flee")}

UNIT_IN_THE_WAY = N_("a unit in the way: only a unit with Fly passes over other units (§22 Fly)")


def aligned_placements(state: NinthAgeState, charger: UnitState, target: UnitState, side: str | None, *,
                       blocked: list[str] | None = None,
                       ignore: frozenset[str] = frozenset(), first: bool = False,
                       some_names: bool = False) -> tuple[list[FlushPose], float]:
    """Flush poses, rotating the charged unit only when other units or terrain keep the charger
    from being brought flush on its own, and then as little as possible (§8.5 align; [A-47]):
    the target turns about the middle of the side being contacted. The seed: "Se questo movimento
    non porterà le due Unità in pieno contatto (a causa della presenza di altre Unità o elementi
    scenici), allora, se possibile, bisognerà ruotare l'Unità nemica caricata": a charger that
    could not be flush in open ground either (nothing but the table about it) does not get the
    target turned for it. A target already engaged is never rotated. Returns the poses and the
    target's turn in degrees (0 when it stays). ``first``: only whether there are any is asked
    (:func:`placements`): the first pose found alone, empty exactly when the whole list would be.
    ``some_names``: the caller knows there is no pose and wants only something to name in
    ``blocked`` (a refusal): the target's trial turns stop at the first whose paths name something
    (the target as it stands first), so ``blocked`` may hold fewer names than the whole search's."""
    from engine.table.charge import side_frame
    from engine.table.frame import to_world

    context = _around(state, charger, target, ignore)  # the same for the target as it stands and every turn tried
    cfp, tfp = charger.footprint(), target.footprint()

    def whole(bearing: float) -> float:
        """The charger's whole turn to face ``side`` of the target facing ``bearing``, as flush_poses
        works it out (side_frame's outward bearing, turned about)."""
        return turn_between(cfp.bearing, normalise(normalise(bearing + SIDE_NORMAL[side]) + 180.0))

    # where only whether there is a path is asked (no names collected), a bound may prove there is none
    # before any is searched (charge_path.unreachable): no path with any of the wheels its placements'
    # paths may make (charge_path._wheels: the whole turn to face the side and those every turn
    # shares) brings the point of contact within the side's half length of its middle (which the
    # trial turns of the charged unit keep)
    sure = blocked is None and side is not None and context[2] is not None
    if sure:
        mid, _skip, _skip, length = side_frame(tfp, side)
        reach = length / 2 + TOUCH
        sure = unreachable(cfp, context[2], mid, reach, _wheels(whole(tfp.bearing), MAX_WHEEL))
    poses = [] if sure else placements(state, charger, target, side, blocked=blocked, ignore=ignore, around=context,
                                       first=first)
    if poses or side is None or engaged(state, target) or (some_names and blocked):
        return poses, 0.0
    mid, _skip, _skip, _skip = side_frame(tfp, side)
    local_mid = tfp.local(mid)
    turns = []  # the target's trial turns about the middle of the side, the least first, and where it stands so
    for k in range(1, int(ALIGN_MAX / ALIGN_STEP) + 1):
        for sign in (1, -1):
            turn = sign * k * ALIGN_STEP
            bearing = tfp.bearing + turn
            cx, cy = to_world(mid, bearing, (-local_mid[0], -local_mid[1]))
            pose = Pose(x=cx, y=cy, bearing=bearing % 360)
            if sure:  # the wheels the turns share reach nothing: neither may this turn's own whole turn
                own = whole(pose.bearing)
                if abs(own) > MAX_WHEEL + 1e-9 or unreachable(cfp, context[2], mid, reach, [own]):
                    continue  # no path reaches the side turned so
            turns.append((turn, pose))
    if not turns:
        return [], 0.0  # no placement, whether the charged unit may be turned or not
    open_ground = ({}, None, None if context[2] is None else {})  # no other unit, no terrain
    if not placements(state, charger, target, side, around=open_ground, first=True):
        return [], 0.0  # not the units or the terrain: the charged unit is not turned (§8.5)
    around = surroundings(state, {target.id, charger.id} | set(ignore))
    for turn, pose in turns:
        rotated = laid_out(target.formation, pose)  # as tfp.at(...)
        # the align ignores the 1" rule (§8.5, "Il movimento di allineamento ignora la regola della
        # distanza di 1\" tra Unità"): the turned unit may touch other units or terrain, not go into them
        if clearance_problem(rotated, around, 0.0, during=False):
            continue
        poses = placements(state, charger, target, side, tfp=rotated, blocked=blocked, ignore=ignore, around=context,
                           first=first)
        if poses:
            return poses, turn
        if some_names and blocked:
            break  # something to name: no more turns searched for a refusal
    return [], 0.0


def contact_side(charger: UnitState, target: UnitState) -> str | None:
    """The target's side to contact: the arc holding most of the charger's front edge (§8.5);
    None when any side will do (a round base)."""
    tfp = target.footprint()
    if not tfp.has_arcs:
        return None
    arc = majority_arc(tfp, charger.footprint().front_edge)
    return "front" if arc == "inside" else arc


def _random_movement(state: NinthAgeState, unit: UnitState):
    from engine.rulesets.ninth_age.random_movement import refusal

    return refusal(state, unit)  # it charges only by meeting an enemy in its Compulsory Moves (§22)


@dataclass(frozen=True)
class Declaration:
    """What a charge declaration found when it may be made (:func:`declaration`): the target's
    side to contact (None: any), the enemy units whose screen makes it a Blocked Path charge
    (§8.6; empty when it has room), and whether it is an assault on a Building (§18.6)."""

    side: str | None
    screen: tuple[str, ...] = ()
    assault: bool = False


def declaration(state: NinthAgeState, charger: UnitState, target: UnitState, *, named: bool = True) -> Declaration:
    """Every question a charge declaration of ``charger`` on ``target`` asks (§8.2), in the order
    :func:`declare` asks them, changing nothing: the first refusal raised as an IllegalAction,
    else what the declaration found. "Show my moves" asks the same (the ruleset's listing of the
    charges in the charge step), so it lists exactly the charges ``/charge`` accepts. ``named``
    False: only whether it may be made is asked, not what is in the way (a refusal for no room
    then names nothing) nor whether it is a Blocked Path charge (``screen`` is left empty), which
    is cheaper."""
    seat = charger.owner
    entry = state.unit_entry(charger)
    if target.owner == seat:
        raise IllegalAction("not-an-enemy", ngettext("{target} is one of your own units.", "{target} are one of your own units.", number(state, target), target=target.id))
    if not target.on_table:
        raise IllegalAction("not-on-table", ngettext("{target} is not on the table.", "{target} are not on the table.", number(state, target), target=target.id))
    why, n = None, number(state, charger)
    if charger.declared_charge:
        why = ngettext("has already declared a charge", "have already declared a charge", n)
    elif charger.fleeing:
        why = ngettext("is fleeing", "are fleeing", n)
    elif engaged(state, charger):
        why = ngettext("is engaged in combat", "are engaged in combat", n)
    elif charger.stupid:
        why = ngettext("failed its Stupidity test this turn (§22)", "failed their Stupidity test this turn (§22)", n)
    elif _random_movement(state, charger):
        why = _random_movement(state, charger)
    elif entry.troop_type == "war machine":
        why = _("is a war machine")
    elif entry.movement == 0:
        why = ngettext("has M 0", "have M 0", n)
    elif charger.garrison:
        why = ngettext("is in a Building ({building}, §18.6)", "are in a Building ({building}, §18.6)", n, building=charger.garrison)
    elif charger.no_charge_turn1 and state.round == 1 and state.first_player == seat:
        why = ngettext("scouted outside its zone or made a Vanguard move, and its side has the first turn", "scouted outside their zone or made a Vanguard move, and their side has the first turn", n)
    if why:
        raise IllegalAction("cannot-charge", _("{charger} {why} and cannot declare a charge (§8.2).", charger=charger.id, why=why))
    _check_reach(state, charger, target)
    if target.garrison:  # assaulting a Building: charged as a War Machine is, contact anywhere (§18.6)
        _assault_room(state, charger, target, named)
        return Declaration(side=None, assault=True)
    closed = closed_ranks(charger, target)  # a Skirmisher charger closes ranks first (declare): its room so
    kept = charger.formation, charger.pose
    if closed is not None:
        charger.formation, charger.pose = closed
    try:
        return _room(state, charger, target, named)
    finally:
        charger.formation, charger.pose = kept


def _room(state: NinthAgeState, charger: UnitState, target: UnitState, named: bool) -> Declaration:
    """The declaration's room question (§8.2, §8.5), and the Blocked Path's (§8.6) when there is none."""
    side = None if target.fleeing else contact_side(charger, target)
    stopped: list[str] | None = [] if named else None
    if not named:
        # whether, not which: a charge with room is declared, and so is one the Blocked Path rule lets
        # through, which has room once the screen is left out; and leaving units out never takes room
        # away (fewer poses kept from being clear, fewer paths crossing something, the same first
        # paths tried): so it may be declared exactly when it has room with the screen left out, one
        # search where the declaration makes two
        if aligned_placements(state, charger, target, side, ignore=_screen(state, charger, target), first=True)[0]:
            return Declaration(side=side)
    elif aligned_placements(state, charger, target, side, first=True)[0]:
        # whether there is room is asked first without names: the answer is the same (``first`` finds
        # none exactly when the whole list is empty, whatever is collected), and only then may the
        # bound (charge_path.unreachable) prove there is none before any path is searched
        return Declaration(side=side)
    else:
        # Strada Bloccata (§8.6): stopped only by unengaged enemies it could not charge, it is declared
        screen = _screen_applies(state, charger, target, side)
        if screen:
            # its event names the units in the way as every path of every trial turn of the target
            # found them, as it always has (an old game's log replays to the same words)
            aligned_placements(state, charger, target, side, blocked=stopped, first=True)
            return Declaration(side=side, screen=tuple(blocked_path_screen(state, charger, target, side, stopped,
                                                                           applies=screen)))
        # the refusal names what is in the way of the target as it stands, or (when nothing is in the
        # way there, e.g. no place against it is clear) of the first of the align's trial turns of it
        # that names something, not of all 36 turns: searching every path of each costs thirty-odd
        # times as much (seconds on a crowded table) for a sentence. So it may name fewer units or
        # terrain than every trial turn would meet, never others; the decision was taken above
        aligned_placements(state, charger, target, side, blocked=stopped, first=True, some_names=True)
    through = _through(state, stopped)
    if ethereal(state, charger) and state.table.features("impassable"):
        through = text_join("", [through, _("; being Ethereal it goes through Impassable terrain, but may not end "
                                            "its move in or within 1\" of it (§22 Ethereal)")])
    raise IllegalAction("no-room", ngettext("{charger} has no room to reach {facing_name} with one wheel of at most 90° and then the align (the charged unit turns only where other units or terrain stop the align; §8.2, §8.5){through}.", "{charger} have no room to reach {facing_name} with one wheel of at most 90° and then the align (the charged unit turns only where other units or terrain stop the align; §8.2, §8.5){through}.", number(state, charger), charger=charger.id, facing_name=_facing_name(target.id, side), through=through))


def declare(state: NinthAgeState, charger: UnitState, target: UnitState, events: list[Event],
            found: Declaration | None = None) -> None:
    """Declare the charge, when :func:`declaration` finds it may be made (``found``: what it
    found, when the caller asked it already)."""
    seat = charger.owner
    found = found or declaration(state, charger, target)
    if found.assault:
        _declare_assault(state, charger, target, events)
        return
    close_ranks(state, charger, target, events)
    side, screen = found.side, list(found.screen)
    d = distance(charger.footprint(), target.footprint())
    charger.declared_charge = True
    decl = ChargeDeclaration(charger=charger.id, target=target.id, side=side or "any", distance=d)
    state.charges.append(decl)
    events.append(Event(kind="charge", seat=seat, data={"unit": charger.id, "target": target.id},
                        text=ngettext("{unit} declares a charge on {target} ({inches}\" away, {facing}).",
                                      "{unit} declare a charge on {target} ({inches}\" away, {facing}).",
                                      number(state, charger), unit=charger.id, target=target.id,
                                      inches=decimal(d, ".1f"), facing=_facing_words(target.id, side, target.fleeing))))
    if screen:
        events.append(Event(kind="blocked-path", seat=seat, data={"unit": charger.id, "target": target.id},
                            text=ngettext("Only unengaged enemy units that {charger} may not contact stand in its way "
                                          "({units}): the charge stands, and if they stop it, {charger} may make the "
                                          "Blocked Path move, straight forward up to its charge range (§8.6).",
                                          "Only unengaged enemy units that {charger} may not contact stand in their way "
                                          "({units}): the charge stands, and if they stop it, {charger} may make the "
                                          "Blocked Path move, straight forward up to their charge range (§8.6).",
                                          number(state, charger), charger=charger.id, units=commas(screen))))
    _reaction(state, decl, events)


def _screen(state: NinthAgeState, charger: UnitState, target: UnitState) -> frozenset[str]:
    """The units a charge of ``charger`` on ``target`` could not charge normally, whose screen
    makes a Blocked Path (§8.6): the unengaged enemy units other than its target."""
    return frozenset(u.id for u in state.on_table(state.enemy_of(charger.owner))
                     if u.id != target.id and not u.garrison and not engaged(state, u))


def _screen_applies(state: NinthAgeState, charger: UnitState, target: UnitState, side: str | None) -> frozenset[str]:
    """:func:`blocked_path_screen`'s first question: the units whose screen would make the charge a
    Blocked Path (§8.6) when, with them all left out, it has room; else empty. No names are
    collected, so the bound of :func:`aligned_placements` may answer it without a search."""
    screen = _screen(state, charger, target)
    if screen and aligned_placements(state, charger, target, side, ignore=screen, first=True)[0]:
        return screen
    return frozenset()


def blocked_path_screen(state: NinthAgeState, charger: UnitState, target: UnitState, side: str | None,
                        stopped: list[str] | None = None, *, applies: frozenset[str] | None = None) -> list[str]:
    """The enemy units that alone keep ``charger`` from completing its charge on ``target``, or
    [] when the Blocked Path rule (§8.6) does not apply. The seed: "se un'Unità non è in grado di
    completare una carica, unicamente a causa di Unità nemiche non ingaggiate che non poteva
    caricare normalmente". A charge move may touch only the enemy it was declared against ("si può
    muovere in contatto di basetta solo con un nemico verso il quale ha dichiarato una carica",
    §8.5), so the units it could not charge normally are the unengaged enemy units other than its
    target: with all of them left out, the charge must be possible (a friend or Impassable terrain
    in the way as well: no Blocked Path). ``applies``: what :func:`_screen_applies` answered, when
    the caller asked it already (it is not asked again)."""
    screen = _screen_applies(state, charger, target, side) if applies is None else applies
    if not screen:
        return []
    in_the_way = sorted(n for n in (stopped or []) if n in screen)
    if in_the_way:
        return in_the_way
    # they stand on or beside the places it would take: those the best of them touches
    poses = aligned_placements(state, charger, target, side, ignore=screen)[0]
    near = sorted(u for u in screen if poses[0].footprint.shape.distance(state.units[u].footprint().shape) <= 1e-2)
    return near or sorted(screen)


def _through(state: NinthAgeState, stopped: list[str] | None) -> Text:
    """What a refusal for no room says of the units and terrain named in the way (``stopped``),
    each with why it stops the charge; the declaration's and the assault's alike."""
    notes = {u.id: _(UNIT_IN_THE_WAY) for u in state.on_table()}
    notes.update((n, note) for n, _skip, note in blockers(state))
    return text_join("", [_("; the way there goes through {unit}, {note}", unit=n, note=notes[n])
                          for n in stopped or [] if n in notes])


def _assault_room(state: NinthAgeState, charger: UnitState, target: UnitState, named: bool = True) -> None:
    """The room question of a charge on a unit in a Building (§18.6): a path to a wall of it;
    refused (an IllegalAction naming what is in the way, unless ``named`` is False) when none."""
    building = garrison.building_of(state, target)
    stopped: list[str] | None = [] if named else None
    if not garrison.assault_poses(state, charger, building, assault_obstacles(state, charger, target), stopped):
        through = _through(state, stopped)
        raise IllegalAction("no-room", text_join("", [ngettext("{charger} has no room to reach a wall of {building}", "{charger} have no room to reach a wall of {building}", number(state, charger), charger=charger.id, building=building.name), ngettext(", where {target} is (§18.6)", ", where {target} are (§18.6)", number(state, target), target=target.id), through, "."]))


def _declare_assault(state: NinthAgeState, charger: UnitState, target: UnitState, events: list[Event]) -> None:
    """A charge on a unit in a Building (§18.6): declared and resolved as against a War Machine,
    brought into contact with any wall of the Building; the charged unit may not Flee. Its room
    was asked by :func:`declaration` (:func:`_assault_room`)."""
    building = garrison.building_of(state, target)
    d = gap(state, charger, target)
    charger.declared_charge = True
    decl = ChargeDeclaration(charger=charger.id, target=target.id, side="any", distance=d)
    state.charges.append(decl)
    events.append(Event(kind="charge", seat=charger.owner, data={"unit": charger.id, "target": target.id},
                        text=ngettext("{unit} declares a charge on {target} in {building} ({inches}\" from its walls): "
                                      "an assault on the Building (§18.6).",
                                      "{unit} declare a charge on {target} in {building} ({inches}\" from its walls): "
                                      "an assault on the Building (§18.6).",
                                      number(state, charger), unit=charger.id, target=target.id,
                                      building=building.name, inches=decimal(d, ".1f"))))
    _reaction(state, decl, events)


def charge_movement(state: NinthAgeState, charger: UnitState) -> tuple[int, str]:
    """The M a charge range adds to its dice, and its name: Fly X for a unit that flies (§22
    Fly: "may fly when charging", its M replaced by X), else the unit's M, a mixed unit's
    lowest (§8.5), changed by the spells in play on it."""
    from engine.rulesets.ninth_age.movement import flying_movement, spell_movement

    flies = flying_movement(state, charger)
    return (flies, "Fly") if flies is not None else (spell_movement(state, charger), "M")


def _movement_word(name: str):
    """How a sentence names the movement a charge adds: the rule's name in the reader's language
    for Fly ("Volare"), the profile's column M as printed in every language."""
    return _("Fly") if name == "Fly" else name


def _range_caption(d: float, total: int, kept: list[int], name: str, m: int) -> str:
    """The board's caption on a charge: the distance against the range, and the range's sum as
    the roll said it (the dice that count, then the movement): '7.3" vs 14" (4+3+M 7)'; a
    Swiftstride roll's dropped die is not in it, so the sum reads true."""
    return text_join("", [f"{d:.1f}\" vs {total}\" ({'+'.join(map(str, kept))}+", _movement_word(name), f" {m})"])


def _check_reach(state: NinthAgeState, charger: UnitState, target: UnitState) -> None:
    d = gap(state, charger, target)  # a unit in a Building: to its walls (§18.6)
    m, name = charge_movement(state, charger)
    reach = m + MAX_DICE
    if d > reach + EPS_DIST:
        shown = decimal(d, ".1f" if round(d, 1) > reach else ".2f")  # never "18.0\" ... 18\"" for 18.03
        raise IllegalAction("out-of-reach", _("Out of reach: {shown}\" from {charger} to {target}; the farthest possible charge is {name} {m} + 12 = {reach}\" (§8.2).", target=target.id, shown=shown, charger=charger.id, name=_movement_word(name), m=m, reach=reach))


def _facing_words(target: str, side: str | None, fleeing: bool = True) -> Text:
    """Which of the target's facings the charge comes into (§8.2), said of the target: "into
    Brutes' left flank" (it read "to its left", which seemed the charger's left); any side of a
    fleeing unit or of a round base (a war machine has no arcs, and was said to be fleeing). Each a
    whole sentence of the catalogue, so a language words it its own way.

    >>> [str(_facing_words("Brutes", s)) for s in ("left", "front", None)]
    ["into Brutes' left flank", "into Brutes' front", 'into any side of the fleeing Brutes']
    >>> str(_facing_words("Bolt Thrower", None, fleeing=False))
    'into any side of Bolt Thrower, a round base'
    """
    if side == "left":
        return _("into {target}'s left flank", target=target)
    if side == "right":
        return _("into {target}'s right flank", target=target)
    if side == "front":
        return _("into {target}'s front", target=target)
    if side == "rear":
        return _("into {target}'s rear", target=target)
    if fleeing:
        return _("into any side of the fleeing {target}", target=target)
    # "Brutes charge home into any side of Bolt Thrower, a round base" (it read "charge home any side: ...")
    return _("into any side of {target}, a round base", target=target)


def _facing_name(target: str, side: str | None) -> Text:
    """ "Brutes' left flank", "Brutes' front"; a fleeing target: any of its sides."""
    if side == "left":
        return _("{target}'s left flank", target=target)
    if side == "right":
        return _("{target}'s right flank", target=target)
    if side == "front":
        return _("{target}'s front", target=target)
    if side == "rear":
        return _("{target}'s rear", target=target)
    return _("any side of {target}", target=target)


def _reaction(state: NinthAgeState, decl: ChargeDeclaration, events: list[Event]) -> None:
    target = state.units[decl.target]
    tentry = state.unit_entry(target)
    reactive = target.owner
    forced = None  # why the unit has one reaction only, said with it (agreeing with it: "Trolls ... they")
    n = number(state, target)
    if target.fleeing:
        options, forced = ["flee"], ngettext("already fleeing, it must Flee (§8.3)", "already fleeing, they must Flee (§8.3)", n)
    elif engaged(state, target):
        options, forced = ["hold"], ngettext("already engaged in combat, it may only Hold (§8.3)",
                                             "already engaged in combat, they may only Hold (§8.3)", n)
    elif tentry.has_rule("Undead"):  # "La sola reazione a una carica che una Unità Non-morto può compiere è
        options, forced = ["hold"], ngettext("Undead, its only charge reaction is Hold (§22)",  # Mantenere la Posizione"
                                             "Undead, their only charge reaction is Hold (§22)", n)
    elif _immune(state, target):  # ITP never chooses Flee (§22)
        options, forced = ["hold"], ngettext("Immune to Psychology, it never chooses Flee (§8.3, §22)",
                                             "Immune to Psychology, they never choose Flee (§8.3, §22)", n)
    elif state.war_machine_hold_v6 and tentry.troop_type == "war machine" and not joined(state, target):
        # "incluso il fatto che l'Unità caricata non può Fuggire come reazione alla carica" (§18.6, seed 001:
        # 2924-2925, of a charge on a War Machine), and a War Machine never flees (§14.4: "invece di fuggire")
        options, forced = ["hold"], ngettext("a War Machine, it may not Flee (§14.4, §18.6)",
                                             "War Machines, they may not Flee (§14.4, §18.6)", n)
    elif target.garrison:  # a unit in a Building may not Flee from an assault (§18.6)
        options, forced = ["hold"], ngettext("in a Building, it may not Flee from an assault (§18.6)",
                                             "in a Building, they may not Flee from an assault (§18.6)", n)
    else:
        options = ["hold", "flee"]
    # Terror (§22): a charge declared by a Terror unit makes the target take a Panic test; failed, it
    # must Flee if it may
    if "flee" in options and not target.fleeing and _terror_test_failed(state, state.units[decl.charger], target,
                                                                         events):
        options, forced = ["flee"], None  # the Terror test said why
    # Stand and Shoot (§8.3), when its conditions hold
    why_not = stand_and_shoot_problem(state, target, state.units[decl.charger])
    if why_not is None and "hold" in options and not target.fleeing and not tentry.has_rule("Undead"):
        options.insert(1, "stand-and-shoot")
    answer = decide(state, reactive, f"reaction-{decl.charger}-{decl.target}",
                    text_join("", [ngettext("{charger} charges {target}:", "{charger} charge {target}:", number(state, state.units[decl.charger]), charger=decl.charger, target=decl.target), " ", ngettext("how does {target} react?", "how do {target} react?", number(state, target), target=decl.target), (_(" (no Stand and Shoot: {why_not})", why_not=why_not) if why_not and "hold" in options else "")]), options)
    decl.reaction = answer  # type: ignore[assignment]
    if len(options) == 1 and forced is not None:  # no choice was asked: say why
        events.append(Event(kind="reaction", seat=reactive, text=ngettext(
            "{unit} reacts: {answer} — {why}.", "{unit} react: {answer} — {why}.", number(state, target),
            unit=decl.target, answer=Text(REACTION_WORDS[answer]), why=forced)))
    else:
        events.append(Event(kind="reaction", seat=reactive, text=ngettext(
            "{unit} reacts: {answer}.", "{unit} react: {answer}.", number(state, target), unit=decl.target,
            answer=Text(REACTION_WORDS[answer]))))
    if answer != "flee":
        if not target.garrison:  # a garrison stands in its Building, in no formation (§18.6)
            close_ranks(state, target, state.units[decl.charger], events)
        if answer == "stand-and-shoot":
            stand_and_shoot(state, decl, events)
        return
    # the flee move is made at once ([A-8]), directly away from the charger, centre to centre
    charger = state.units[decl.charger]
    away = bearing_between(charger.footprint().centre, target.footprint().centre)
    flee(state, target, away, events, reason=ngettext("{target} flees from {charger}", "{target} flee from {charger}", number(state, target), target=target.id, charger=charger.id))
    # Fast Cavalry that chose to flee (not already fleeing, not by Terror) rallies free next turn (§22)
    target.fled_by_choice = target.on_table and len(options) > 1 and all(
        state.unit_entry(u).has_rule("Fast Cavalry") for u in [target] + joined(state, target))
    _redirects(state, decl.target, events)


def _immune(state: NinthAgeState, unit: UnitState) -> bool:
    from engine.rulesets.ninth_age.fighters import psychology_immune

    return psychology_immune(state, unit)


def _terror_test_failed(state: NinthAgeState, charger: UnitState, target: UnitState, events: list[Event]) -> bool:
    """The Panic test a Terror charger forces (§22 Terror): none for units that are immune (Terror
    themselves, Immune to Psychology, Unbreakable, Undead, Frenzy, Stupidity) or that carry the
    Banner of Courage, which passes it (§23.8). True: failed."""
    from engine.rulesets.ninth_age.fighters import courageous, psychology_immune

    if not state.unit_entry(charger).has_rule("Terror"):
        return False
    tentry = state.unit_entry(target)
    if tentry.has_rule("Terror") or psychology_immune(state, target):
        events.append(Event(kind="terror", seat=target.owner, text=ngettext("{target} is immune to Terror.", "{target} are immune to Terror.", number(state, target), target=target.id)))
        return False
    if courageous(state, target, events):
        events.append(Event(kind="terror", seat=target.owner, text=ngettext("{target} passes the Terror test automatically (Banner of Courage).", "{target} pass the Terror test automatically (Banner of Courage).", number(state, target), target=target.id)))
        return False
    if target.panic_passed == phase_key(state):  # it is a Panic test: none after one passed this phase (§13)
        events.append(Event(kind="terror", seat=target.owner, text=ngettext("{target} already passed a Panic test this phase and does not test again for {charger}'s Terror.", "{target} already passed a Panic test this phase and do not test again for {charger}'s Terror.", number(state, target), target=target.id, charger=charger.id)))
        return False
    ld, source = unit_leadership(state, target)
    passed = leadership_test(state.rng, ld, _("{target} Panic test for {charger}'s Terror (Ld from {source})", target=target.id, charger=charger.id, source=source),
                             events, seat=target.owner, reroll=hold_your_ground(state, target), for_unit=(state, target))
    if passed:
        target.panic_passed = phase_key(state)
    else:
        events.append(Event(kind="terror", seat=target.owner, text=ngettext("{target} is terrified: it must Flee.", "{target} are terrified: they must Flee.", number(state, target), target=target.id)))
    return not passed


def _redirects(state: NinthAgeState, fled: str, events: list[Event]) -> None:
    """Every unit charging the fleeing unit may test to redirect (§8.4), once per turn, "l'ordine è
    scelto dal giocatore attivo": with two or more still to try, its player names the next."""
    tried: set[str] = set()
    while True:
        waiting = [d for d in state.charges if d.target == fled and d.charger not in tried
                   and not state.units[d.charger].redirected and state.units[d.charger].on_table]
        if not waiting:
            return
        decl = waiting[0]
        if len(waiting) > 1:
            pick = decide(state, state.active, f"which-redirects-{fled}-{len(tried) + 1}",
                          _("Several units charged the fleeing {fled}: which tries to redirect first?", fled=fled),
                          [d.charger for d in waiting], default=waiting[0].charger)
            decl = next(d for d in waiting if d.charger == pick)
        tried.add(decl.charger)
        charger = state.units[decl.charger]
        choices = [u for u in state.on_table(state.enemy_of(charger.owner))
                   if u.id != fled and _legal_target(state, charger, u)]
        if not choices:  # said, not silent: the player waits for a redirect question that never comes
            events.append(Event(kind="redirect", seat=charger.owner, data={"unit": charger.id},
                                text=ngettext("{charger} cannot redirect: no other enemy is a legal target (§8.4).",
                                              "{charger} cannot redirect: no other enemy is a legal target (§8.4).",
                                              number(state, charger), charger=charger.id)))
            continue
        if decide(state, charger.owner, f"redirect-test-{charger.id}", _("{fled} fled. Test to redirect {charger}'s charge?", fled=fled, charger=charger.id), ["test", "keep"]) == "keep":
            events.append(Event(kind="redirect", seat=charger.owner, text=ngettext("{charger} keeps its charge on the fleeing {fled}.", "{charger} keep their charge on the fleeing {fled}.", number(state, charger), charger=charger.id, fled=fled)))
            continue
        charger.redirected = True
        ld, source = unit_leadership(state, charger)
        if not leadership_test(state.rng, ld, _("{charger} redirect test (Ld from {source})", charger=charger.id, source=source), events,
                               seat=charger.owner, reroll=hold_your_ground(state, charger), for_unit=(state, charger)):
            events.append(Event(kind="redirect", seat=charger.owner, text=ngettext(
                "{charger} failed the test: it keeps its charge on the fleeing {fled} (§8.4).",
                "{charger} failed the test: they keep their charge on the fleeing {fled} (§8.4).",
                number(state, charger), charger=charger.id, fled=fled)))
            continue
        answer = decide(state, charger.owner, f"redirect-{charger.id}", _("Redirect {charger} onto which unit (or keep charging the fleeing one)?", charger=charger.id), [u.id for u in choices] + ["keep"])
        if answer == "keep":
            continue
        new_target = state.units[answer]
        side = None if new_target.fleeing else contact_side(charger, new_target)
        d = distance(charger.footprint(), new_target.footprint())
        state.charges.remove(decl)
        new = ChargeDeclaration(charger=charger.id, target=new_target.id, side=side or "any", distance=d)
        state.charges.append(new)
        events.append(Event(kind="charge", seat=charger.owner, text=ngettext("{charger} redirects its charge onto {new_target} ({d}\" away).", "{charger} redirect their charge onto {new_target} ({d}\" away).", number(state, charger), charger=charger.id, new_target=new_target.id, d=decimal(d, ".1f"))))
        _reaction(state, new, events)
        if new.reaction == "flee" and not state.units[fled].on_table:  # the first one fled off the table: no choice left
            new.fled_first = fled
            events.append(Event(kind="charge", seat=charger.owner, text=ngettext(
                "{new_target} fled too; {fled} fled off the table: {charger} completes its charge on {new_target} (§8.4).",
                "{new_target} fled too; {fled} fled off the table: {charger} complete their charge on {new_target} (§8.4).",
                number(state, charger), charger=charger.id, fled=fled, new_target=new_target.id)))
        elif new.reaction == "flee":  # "la carica può essere completata nei confronti di qualsiasi delle Unità in fuga"
            new.fled_first = fled
            events.append(Event(kind="charge", seat=charger.owner, text=ngettext(
                "{new_target} fled too: {charger} may complete its charge on either {fled} or {new_target}, named before its charge range is rolled (§8.4).",
                "{new_target} fled too: {charger} may complete their charge on either {fled} or {new_target}, named before their charge range is rolled (§8.4).",
                number(state, charger), charger=charger.id, fled=fled, new_target=new_target.id)))


def _which_fled_unit(state: NinthAgeState, decl: ChargeDeclaration, charger: UnitState, events: list[Event]) -> None:
    """A charge redirected onto a unit that fled as well (§8.4): "la carica può essere completata
    nei confronti di qualsiasi delle Unità in fuga (bisogna dichiarare quale prima di tirare i dadi
    del movimento di carica)". The owner names one of the two still on the table; the charge is
    then on it (any side: it flees)."""
    both = [u for u in (decl.target, decl.fled_first) if u and state.units[u].on_table]
    decl.fled_first = None
    if not both:
        return
    choice = both[0] if len(both) == 1 else decide(
        state, charger.owner, f"fled-target-{charger.id}",
        ngettext("{charger} may complete its charge on either fleeing unit: which one, before the charge range is rolled (§8.4)?",
                 "{charger} may complete their charge on either fleeing unit: which one, before the charge range is rolled (§8.4)?",
                 number(state, charger), charger=charger.id), both, default=decl.target)
    if choice != decl.target:
        decl.target, decl.side = choice, "any"
        decl.distance = distance(charger.footprint(), state.units[choice].footprint())
    events.append(Event(kind="charge", seat=charger.owner, data={"unit": charger.id, "target": choice},
                        text=ngettext("{charger} completes its charge on the fleeing {target}.",
                                      "{charger} complete their charge on the fleeing {target}.",
                                      number(state, charger), charger=charger.id, target=choice)))


def _legal_target(state: NinthAgeState, charger: UnitState, target: UnitState) -> bool:
    """An enemy the Frenzy test (§22) or a redirect (§8.4) may name: in reach and with room, asked
    as :func:`declaration` asks them. Not the declaration's other questions: those callers ask
    about the charger themselves, and never counted a Blocked Path charge (§8.6); counting it
    now would change what an old game's log replays to."""
    try:
        _check_reach(state, charger, target)
        if target.garrison:
            _assault_room(state, charger, target, named=False)
            return True
    except IllegalAction:
        return False
    side = None if target.fleeing else contact_side(charger, target)
    return bool(aligned_placements(state, charger, target, side, first=True)[0])


# -- moving the chargers ---------------------------------------------------------------------------
def move_chargers(state: NinthAgeState, events: list[Event]) -> None:
    """Roll every charge range first, then move successful and failed chargers (§8.5)."""
    rolls: dict[str, tuple[list[int], int]] = {}
    for decl in state.charges:
        charger = state.units[decl.charger]
        if not charger.on_table:
            continue
        if charger.fleeing:  # e.g. panicked by the casualties of a Stand and Shoot (§13)
            events.append(Event(kind="failed-charge", seat=charger.owner, data={"unit": charger.id},
                                text=ngettext("{charger} is fleeing and no longer charges {target}.", "{charger} are fleeing and no longer charge {target}.", number(state, charger), charger=charger.id, target=decl.target)))
            continue
        if decl.fled_first:
            _which_fled_unit(state, decl, charger, events)
        entry = state.unit_entry(charger)
        from engine.rulesets.ninth_age import hidden  # hidden lists: reveal a movement item now (§2.4, E-47)

        hidden.before_charge_roll(state, charger, events)
        m, name = charge_movement(state, charger)
        if name == "Fly":  # a Flying Carpet's Fly: revealed before the roll, as a movement item (E-47)
            hidden.reveal_flight(state, charger, events)
        swift = name == "Fly" or swiftstride(state, charger, events)  # its whole unit's, Fly's, a Stalker's Standard's (§22)
        roll = roll_dice("3d6" if swift else "2d6", state.rng, purpose=_('{charger} charge range', charger=charger.id))
        # Order a Charge: "un'Unità con un Campione" (§17.3), not one whose Champion was slain
        champion = entry.command.champion and not charger.champion_lost
        total = charge_range(roll.dice, m, champion=champion, swiftstride=swift)
        kept = charge_dice(roll.dice, swiftstride=swift)
        rolls[decl.charger] = (roll.dice, total, (kept, name, m))
        note = _(" (Order a Charge: at least 4)") if champion and sum(kept) < 4 else ""
        if swift:  # say why three dice were rolled and two kept, as the flee and pursuit rolls do
            note = text_join("", [note, _(" (Swiftstride: the best two of 3D6)")])
        events.append(Event(kind="roll", seat=charger.owner, roll=roll,
                            text=_("{charger} charge range: {join}{note} + {name} {m} = {total}\".", charger=charger.id, join='+'.join(map(str, kept)), note=note, name=_movement_word(name), m=m, total=total)))
    # "si possono spostare le Unità in carica (che hanno fallito o meno la carica) in qualsiasi
    # ordine si desidera" (§8.5): of two or more charging one unit, the active player names the next
    remaining = [d for d in state.charges if d.charger in rolls]
    while remaining:
        decl = remaining[0]
        same = [d for d in remaining if d.target == decl.target]
        if len(same) > 1:
            pick = decide(state, state.active, f"which-charges-{decl.target}-{len(rolls) - len(remaining) + 1}",
                          _("Several units charge {target}: which moves next?", target=decl.target),
                          [d.charger for d in same], default=same[0].charger)
            decl = next(d for d in same if d.charger == pick)
        remaining.remove(decl)
        charger = state.units[decl.charger]
        target = state.units[decl.target]
        dice, total, summed = rolls[decl.charger]
        charger.charged = True
        if not target.on_table:
            _failed(state, charger, target, dice, events, why=ngettext("{target} is no longer on the table", "{target} are no longer on the table", number(state, target), target=target.id))
            continue
        d = gap(state, charger, target)  # a unit in a Building: to its walls (§18.6)
        if total + EPS_DIST < d:
            _failed(state, charger, target, dice, events, why=_("{total}\" is short of {d}\"", total=total, d=decimal(d, ".1f")))
            continue
        if target.garrison:
            _assault_move(state, charger, target, d, total, dice, summed, events)
            continue
        side = None if (target.fleeing or decl.side == "any") else decl.side
        if target.fleeing:  # no align and no maximising contact against a fleeing unit
            poses, turn = placements(state, charger, target, side), 0.0
        else:
            poses, turn = aligned_placements(state, charger, target, side)
        too_long = None  # [A-11]'s engine option: the charge move capped at the charge range
        if state.charge_path_capped:
            within = [p for p in poses if p.travel <= total + EPS_DIST]
            if poses and not within:
                too_long = min(p.travel for p in poses)
            poses = within
        if not poses:
            stopped: list[str] = []  # the units its way goes through, named as the declaration names them
            # whether the Blocked Path applies is asked first, without names (the bound may answer it):
            # the names, every path of every trial turn searched, only when its question names them
            applies = frozenset() if target.fleeing else _screen_applies(state, charger, target, side)
            if applies:
                aligned_placements(state, charger, target, side, blocked=stopped)
            screen = blocked_path_screen(state, charger, target, side, stopped, applies=applies) if applies else []
            if screen and decide(state, charger.owner, f"blocked-path-{charger.id}",
                                 ngettext("{charger} cannot complete its charge on {target}: only {units} stand in "
                                          "the way, unengaged enemy units it may not contact. Make the Blocked Path "
                                          "move (straight forward up to {total}\"; an enemy it meets counts as "
                                          "charged, §8.6) or the failed charge move?",
                                          "{charger} cannot complete their charge on {target}: only {units} stand in "
                                          "the way, unengaged enemy units they may not contact. Make the Blocked Path "
                                          "move (straight forward up to {total}\"; an enemy they meet counts as "
                                          "charged, §8.6) or the failed charge move?", number(state, charger),
                                          charger=charger.id, target=target.id, units=commas(screen), total=total),
                                 ["straight", "fail"], default="straight") == "straight":
                blocked_path_move(state, decl, charger, target, total, dice, events)
            else:
                _failed(state, charger, target, dice, events, why=_("there is no room to make contact") if too_long is None
                        else _("its centre would move at least {path}\", more than its charge range, {total}\" "
                               "([A-11], setting charge_path_capped)", path=decimal(too_long, ".1f"), total=total))
            continue
        best = _choose_placement(state, charger, target, poses)
        if turn:
            tfp = target.footprint()
            from engine.table.charge import side_frame
            from engine.table.frame import to_world

            mid = side_frame(tfp, side)[0]
            local_mid = tfp.local(mid)
            cx, cy = to_world(mid, tfp.bearing + turn, (-local_mid[0], -local_mid[1]))
            target.pose = Pose(x=cx, y=cy, bearing=(tfp.bearing + turn) % 360)
            events.append(Event(kind="align", seat=target.owner, data={"unit": target.id},
                                text=ngettext("{target} turns {turn}° about the contact point to align with {charger}: the charger could not be brought flush on its own (§8.5).", "{target} turn {turn}° about the contact point to align with {charger}: the charger could not be brought flush on its own (§8.5).", number(state, target), target=target.id, turn=decimal(abs(turn), ".0f"), charger=charger.id)))
        fuller = _fuller_contact(state, charger, target, side, best)  # before it moves: why not more contact
        start_fp = charger.footprint()
        start = start_fp.centre
        charger.pose = best.footprint.pose
        # the board draws the path moved: forward, the wheel, forward, the align (§8.5)
        drawn = [list(c) for c in best.path.centres] if best.path is not None else [list(start),
                                                                                   list(best.footprint.centre)]
        state.last_moves.append({"unit": charger.id, "kind": "charge", "path": drawn,
                                 "label": _range_caption(d, total, *summed)})
        swept = charge_sweep(start_fp, best)
        charger.hill_charge = charge_from_hill(state, start_fp.shape, best.footprint.shape)
        ground = ground_note(state, [swept], best.footprint.shape, start_fp)
        # the net turn is not the wheel: a wheel of 60° right and an align of 40° left turn it 20°
        # in all, and the path below names each
        text = ngettext("{unit} charges home {facing} ({inches}\" away, charge range {reach}\"): "
                        "{contact} models in base contact (both sides counted), facing turned {degrees}° in all{ground}.",
                        "{unit} charge home {facing} ({inches}\" away, charge range {reach}\"): "
                        "{contact} models in base contact (both sides counted), facing turned {degrees}° in all{ground}.",
                        number(state, charger), unit=charger.id, facing=_facing_words(target.id, best.side if target.footprint().has_arcs else None, target.fleeing),
                        inches=decimal(d, ".1f"), reach=total, degrees=decimal(abs(best.turn), ".0f"), contact=best.contact,
                        ground=ground)
        if best.path is not None:  # the path it moved, as §24.5 asks the referee to echo it
            text = join("", [text, ngettext(" Its path: {steps}.", " Their path: {steps}.", number(state, charger),
                                            steps=commas(path_steps(start_fp, best.path, number(state, charger))))])
        if fuller is not None:
            text = join("", [text, _(" Fuller contact (up to {most} models) would need a way through {names}, which "
                                     "the charge may not cross (§8.5).", most=fuller[0], names=commas(fuller[1]))])
        if charger.hill_charge:
            text = join("", [text, ngettext(" It charged down from high ground ({start}% on the hill at the start, {end}% "
                                            "at the end): +1 combat score in the next round (§18.4).",
                                            " They charged down from high ground ({start}% on the hill at the start, "
                                            "{end}% at the end): +1 combat score in the next round (§18.4).",
                                            number(state, charger), start=round(100 * on_hill(state, start_fp.shape)),
                                     end=round(100 * on_hill(state, best.footprint.shape)))])
        events.append(Event(kind="charge-move", seat=charger.owner, data={"unit": charger.id}, text=text))
        # the ground the charge swept over: Dangerous Terrain once per feature (§18.1)
        terrain_checks(state, charger, "charge", [swept], events,
                       flying=flies(state, charger), ends=[start_fp.shape, best.footprint.shape], start=start_fp)
        if target.fleeing:
            _destroy(state, target, events, ngettext("{target} is caught fleeing and destroyed", "{target} are caught fleeing and destroyed", number(state, target), target=target.id))
            _after_catching(state, charger, target, events)


def _fuller_contact(state: NinthAgeState, charger: UnitState, target: UnitState, side: str | None,
                    best: FlushPose) -> tuple[int, list] | None:
    """Why a charge ends with fewer models in base contact than the side could take (§8.5,
    "Massimizzare il contatto"), for its words only: the most models in base contact of the flush
    end poses against ``side`` that stand clear of every other unit and on the table, and the
    units and terrain the paths to those with more contact than ``best`` would cross; None when
    there are none, when no such path names anything in the way, against a fleeing target or any
    side, or for a flier (it checks no path). Asked before the charger moves."""
    if side is None or target.fleeing:
        return None
    others, impassable, obstacles = _around(state, charger, target, frozenset())
    if obstacles is None:
        return None
    cfp, tfp = charger.footprint(), target.footprint()
    fuller = [p for p in flush_poses(cfp, tfp, side, others=others, impassable=impassable, table=state.table,
                                     sides_agree=state.placement_v6, **_gaps(state, charger)) if p.contact > best.contact]
    names: list = []
    for pose in fuller:
        path, crossed = charge_path(cfp, pose.footprint, tfp, obstacles)
        if path is not None:
            return None  # a path reaches more contact (a move capped by the charge range, [A-11]): not this
        if crossed is not None and crossed not in names:
            names.append(crossed)
    return (max(p.contact for p in fuller), names) if names else None


def _after_catching(state: NinthAgeState, charger: UnitState, caught: UnitState, events: list[Event]) -> None:
    """A charger that caught a fleeing unit (§8.5, "Caricare un'Unità in Fuga"): "L'Unità in
    carica potrà allora effettuare un test di Disciplina. Se il test è superato, l'Unità potrà
    eseguire una manovra di Riorganizzazione Post Combattimento" (§11.11: a pivot about its
    centre). The test is the owner's choice; failed, or declined, it stays where it made contact."""
    from engine.rulesets.ninth_age.combat_reform import not_offered, post_combat_choices, post_combat_reform

    if not charger.on_table or charger.fleeing or engaged(state, charger):
        return
    n = number(state, charger)
    if decide(state, charger.owner, f"caught-test-{charger.id}",
              ngettext("{charger} caught {caught}: take a Leadership test to make a post-combat reform (§8.5)?",
                       "{charger} caught {caught}: take a Leadership test to make a post-combat reform (§8.5)?", n,
                       charger=charger.id, caught=caught.id), ["test", "no"], default="test") == "no":
        events.append(Event(kind="reform", seat=charger.owner, text=ngettext(
            "{charger} stays where it caught {caught}.", "{charger} stay where they caught {caught}.", n,
            charger=charger.id, caught=caught.id)))
        return
    ld, source = unit_leadership(state, charger)
    if not leadership_test(state.rng, ld, _("{charger} test to reform after catching {caught} (Ld from {source})",
                                            charger=charger.id, caught=caught.id, source=source),
                           events, seat=charger.owner, reroll=hold_your_ground(state, charger),
                           for_unit=(state, charger)):
        events.append(Event(kind="reform", seat=charger.owner, text=ngettext(
            "{charger} fails the test and stays where it caught {caught}.",
            "{charger} fail the test and stay where they caught {caught}.", n, charger=charger.id, caught=caught.id)))
        return
    options, barred = post_combat_choices(state, charger)
    choice = decide(state, charger.owner, f"post-combat-{charger.id}",
                    join("", [ngettext("{charger} passed: ", "{charger} passed: ", n, charger=charger.id),
                              _("post-combat reform (pivot left, right, about, 45° or 135° either way, or to face an "
                                "enemy unit, or stay)?"), not_offered(barred)]), options, default="stay")
    post_combat_reform(state, charger, choice, events)


def blocked_path_move(state: NinthAgeState, decl: ChargeDeclaration, charger: UnitState, target: UnitState,
                      total: int, dice: list[int], events: list[Event]) -> None:
    """The Blocked Path move (§8.6; the seed: "può compiere un movimento speciale di carica:
    muovere l'Unità diritto in avanti fino a trovarsi entro la Distanza di Carica. Se questo la
    porta a contatto con il nemico, il nemico si considera caricato. Anziché fare il normale
    allineamento, il nemico esegue una Riorganizzazione in Combattimento"). Straight forward, up
    to the charge range, stopping at the first enemy it touches (a charge move: the 1" rule is
    ignored) or before any other unit, Impassable terrain or the table edge. The enemy met counts
    as charged (the charge is now on it) and, instead of the align, combat reforms to turn the
    side the charger came into toward it. Meeting no enemy, the charge is not completed: it
    counts as failed (no further move, no shooting).

    From rules version 7 (NinthAgeState.blocked_path_v7) every other unit is met at the edge of
    its formation: the empty slots of an incomplete last rank (seed 001:745-747, "rango
    posteriore incompleto") are part of the unit, no room to move into. Reaching an enemy there,
    where no model of it stands, it touches no base: no "contatto con il nemico", so the charge
    is not completed. A game begun before went on into the empty slots to the first model."""
    start = charger.footprint()
    enemies = [u.id for u in state.on_table(state.enemy_of(charger.owner)) if not u.garrison]
    whole = state.blocked_path_v7
    # exactly where it first touches an enemy, or would go into any other unit or Impassable
    # terrain, or meets the table edge (motion.move_ahead; a charge move: no 1" gap to keep)
    ahead = move_ahead(start, float(total), surroundings(state, {charger.id}), contact=enemies, edge=True,
                       clearance=0.0, through_terrain=CLEARANCE_END if ethereal(state, charger) else None,
                       whole=whole)
    moved = ahead.at
    met = list(ahead.met) if ahead.stop == "contact" else []
    stop = None
    if ahead.stop == "blocked":
        stop = _met_names(ahead.blocked_by)
    elif ahead.stop == "edge":
        stop = _("the table edge")
    end = translate(start, 0, moved)
    slot = None  # the enemy whose formation it reached where no model of it stands
    if whole and met:
        touching = [m for m in met if models_in_contact(end, state.units[m].footprint())]
        slot, met = (None, touching) if touching else (met[0], [])
    charger.pose = end.pose
    swept = start.shape.union(end.shape).convex_hull
    state.last_moves.append({"unit": charger.id, "kind": "charge", "path": [list(start.centre), list(end.centre)],
                             "label": _("Blocked Path: {moved}\" of {total}\"", moved=decimal(moved, ".1f"), total=total)})
    if slot is not None:
        charger.charged, charger.failed_charge = False, True
        events.append(Event(kind="failed-charge", seat=charger.owner, data={"unit": charger.id},
                            text=ngettext("{charger} makes the Blocked Path move: straight forward {moved}\" of "
                                          "{total}\" to an empty slot at the edge of {enemy}'s formation: "
                                          "the empty slots of an incomplete last rank are part of the unit, "
                                          "no room to move into, and it touches no base. The charge is not "
                                          "completed: it counts as failed, and {charger} may not move again or "
                                          "shoot this turn (§8.6, §8.7).",
                                          "{charger} make the Blocked Path move: straight forward {moved}\" of "
                                          "{total}\" to an empty slot at the edge of {enemy}'s formation: "
                                          "the empty slots of an incomplete last rank are part of the unit, "
                                          "no room to move into, and they touch no base. The charge is not "
                                          "completed: it counts as failed, and {charger} may not move again or "
                                          "shoot this turn (§8.6, §8.7).",
                                          number(state, charger), charger=charger.id, moved=decimal(moved, ".1f"),
                                          total=total, enemy=slot)))
        return
    if not met:
        charger.charged, charger.failed_charge = False, True
        events.append(Event(kind="failed-charge", seat=charger.owner, data={"unit": charger.id},
                            text=ngettext("{charger} makes the Blocked Path move: straight forward {moved}\" of "
                                          "{total}\" and meets no enemy{stop}. The charge is not completed: it counts "
                                          "as failed, and {charger} may not move again or shoot this turn (§8.6, §8.7).",
                                          "{charger} make the Blocked Path move: straight forward {moved}\" of "
                                          "{total}\" and meet no enemy{stop}. The charge is not completed: it counts "
                                          "as failed, and {charger} may not move again or shoot this turn (§8.6, §8.7).",
                                          number(state, charger), charger=charger.id, moved=decimal(moved, ".1f"),
                                          total=total, stop=_(" ({stop} stops it)", stop=stop) if stop else "")))
        return
    enemy = state.units[met[0]]
    if enemy.id != decl.target:
        decl.blocked_from, decl.target = decl.target, enemy.id
    charger.charged = True
    efp = enemy.footprint()
    # the correct side turned toward the charger: the one it came into
    arc = touching_side(efp, end) or (majority_arc(efp, end.front_edge) if efp.has_arcs else "front")
    face = "front" if arc == "inside" else arc
    decl.side = face
    events.append(Event(kind="charge-move", seat=charger.owner, data={"unit": charger.id},
                        text=ngettext("{charger} makes the Blocked Path move: straight forward {moved}\" (charge "
                                      "range {total}\") into {enemy}, which counts as charged (§8.6).",
                                      "{charger} make the Blocked Path move: straight forward {moved}\" (charge "
                                      "range {total}\") into {enemy}, which counts as charged (§8.6).",
                                      number(state, charger), charger=charger.id, moved=decimal(moved, ".1f"),
                                      total=total, enemy=enemy.id)))
    terrain_checks(state, charger, "charge", [swept], events, flying=False, ends=[start.shape, end.shape],
                   start=start)
    if charger.on_table and enemy.on_table:
        _blocked_path_reform(state, enemy, charger, face, events)


def _blocked_path_reform(state: NinthAgeState, enemy: UnitState, charger: UnitState, face: str,
                         events: list[Event]) -> None:
    """The charged enemy combat reforms (§11.14) instead of the align, so that its ``face`` (the
    side the charger came into) is flush against the charger's front; its player picks the width
    among the legal ones."""
    from engine.rulesets.ninth_age import combat_reform
    from engine.rulesets.ninth_age.grammar import side_word

    efp, cfp = enemy.footprint(), charger.footprint()
    if abs(abs(turn_between(efp.bearing, cfp.bearing)) - {"front": 180, "rear": 0, "left": 90, "right": 90}[face]) < 1e-6 \
            and len(models_in_contact(cfp, efp)) and touching_side(efp, cfp) == face:
        events.append(Event(kind="reform", seat=enemy.owner, data={"unit": enemy.id},
                            text=ngettext("{enemy} already stands flush with {charger}: no reform is needed (§8.6).",
                                          "{enemy} already stand flush with {charger}: no reform is needed (§8.6).",
                                          number(state, enemy), enemy=enemy.id, charger=charger.id)))
        return
    legal = [c for c in combat_reform.candidates(state, enemy) if c.face == face and c.problem is None]
    if not legal:
        events.append(Event(kind="reform", seat=enemy.owner, data={"unit": enemy.id},
                            text=ngettext("{enemy} has no legal combat reform turning its {face} to {charger}; it "
                                          "stays as it stands (§8.6, §11.14).",
                                          "{enemy} have no legal combat reform turning their {face} to {charger}; they "
                                          "stay as they stand (§8.6, §11.14).", number(state, enemy),
                                          enemy=enemy.id, face=side_word(face), charger=charger.id)))
        return
    widths = [str(c.files) for c in legal]
    keep = str(enemy.formation.files) if str(enemy.formation.files) in widths else widths[0]
    width = decide(state, enemy.owner, f"blocked-path-reform-{enemy.id}",
                   ngettext("{enemy} was charged by {charger}'s Blocked Path move: it combat reforms to turn its "
                            "{face} to it (§8.6). How many models wide? Legal: {widths}.",
                            "{enemy} were charged by {charger}'s Blocked Path move: they combat reform to turn their "
                            "{face} to it (§8.6). How many models wide? Legal: {widths}.", number(state, enemy),
                            enemy=enemy.id, charger=charger.id, face=side_word(face), widths=commas(widths)),
                   widths, default=keep)
    chosen = next(c for c in legal if str(c.files) == width)
    combat_reform._with_block(state, enemy, chosen.footprint.formation, chosen.footprint.pose)
    events.append(Event(kind="reform", seat=enemy.owner, data={"unit": enemy.id},
                        text=ngettext("{enemy} combat reforms {width} wide, its {face} against {charger} (§8.6).",
                                      "{enemy} combat reform {width} wide, their {face} against {charger} (§8.6).",
                                      number(state, enemy), enemy=enemy.id, width=width, face=side_word(face),
                                      charger=charger.id)))


def path_steps(start, path, n: int = 1) -> list:
    """A charge path in words: the straight moves, the wheel with its arc at the outer corner, and
    the align about the point of contact."""
    from engine.table.motion import Step

    out = []
    if path.forward > 0.05:
        out.append(Step("forward", path.forward).describe(start))
    if abs(path.wheel) > 1e-6:
        out.append(Step("wheel", abs(path.wheel), "right" if path.wheel > 0 else "left").describe(start))
    if path.then > 0.05:
        out.append(Step("forward", path.then).describe(start))
    if abs(path.align) > 1e-6:
        degrees = decimal(abs(path.align), ".0f")
        out.append(_("align {degrees}° to the right about the point of contact", degrees=degrees) if path.align > 0
                   else _("align {degrees}° to the left about the point of contact", degrees=degrees))
    return out or [ngettext("no move: it was already in place", "no move: they were already in place", n)]


def _assault_move(state: NinthAgeState, charger: UnitState, target: UnitState, d: float, total: int, dice: list[int],
                  summed: tuple, events: list[Event]) -> None:
    """The charge on a unit in a Building ends with the charger's front against a wall (§18.6);
    from then on the two fight as engaged (assault.py)."""
    building = garrison.building_of(state, target)
    stopped: list[str] = []
    poses = garrison.assault_poses(state, charger, building, assault_obstacles(state, charger, target), stopped)
    if not poses:
        _failed(state, charger, target, dice, events, why=_("there is no room to make contact") if not stopped else
                ngettext("its way to the walls goes through {units}", "their way to the walls goes through {units}",
                         number(state, charger), units=commas(stopped)))
        return
    start_fp = charger.footprint()
    charger.pose = poses[0].pose
    charger.assaulting, charger.assault_building = target.id, building.name
    state.last_moves.append({"unit": charger.id, "kind": "charge", "path": [list(start_fp.centre),
                                                                             list(poses[0].centre)],
                             "label": _range_caption(d, total, *summed)})
    events.append(Event(kind="charge-move", seat=charger.owner, data={"unit": charger.id},
                        text=ngettext("{unit} charges home against the walls of {building} ({inches}\" away, charge "
                                      "range {reach}\"): it assaults {target} (§18.6).",
                                      "{unit} charge home against the walls of {building} ({inches}\" away, charge "
                                      "range {reach}\"): they assault {target} (§18.6).",
                                      number(state, charger), unit=charger.id, building=building.name,
                                      inches=decimal(d, ".1f"), reach=total, target=target.id)))
    terrain_checks(state, charger, "charge", [start_fp.shape.union(poses[0].shape).convex_hull], events,
                   flying=flies(state, charger), ends=[start_fp.shape, poses[0].shape], start=start_fp)


MAX_TIES = 5
# Tied charge placements (§24.5) closer than this are one place (NinthAgeState.near_ties_v7): the
# charger's centre less than 0.35" away, its facing less than a degree. A slide of a tenth or a
# quarter of an inch is not one a tape on the table tells apart, nor a turn under a degree one an eye
# sees; but half a model's base (10 mm, 0.39", for the smallest base, 20 mm; 12.5 mm, 0.49", for a
# 25 mm one) lines the models up differently and stays a choice, as does another side.
NEAR_PLACE = 0.35
NEAR_FACING = 1.0


def _same_place(pose: FlushPose, other: FlushPose, sided: bool) -> bool:
    """Whether two tied charge placements are one to a player: against the same side (a target
    with no arcs, a round base, has no sides to tell apart), the charger's centre less than
    NEAR_PLACE away and its facing less than NEAR_FACING."""
    if sided and pose.side != other.side:
        return False
    (x, y), (ox, oy) = pose.footprint.centre, other.footprint.centre
    turn = abs(pose.footprint.bearing - other.footprint.bearing) % 360
    return math.hypot(x - ox, y - oy) < NEAR_PLACE - 1e-6 and min(turn, 360 - turn) < NEAR_FACING - 1e-6


def _choose_placement(state: NinthAgeState, charger: UnitState, target: UnitState, poses: list[FlushPose]) -> FlushPose:
    """The engine's best flush placement; when several tie (as many models in contact, as
    little turning), the charging player picks among them (§24.5), nearest first."""
    best = poses[0]
    tfp = target.footprint()
    ties, seen = [], set()
    for p in poses:
        if p.contact != best.contact or abs(abs(p.turn) - abs(best.turn)) >= 1e-6:
            continue
        if state.near_ties_v7:  # places a player could not tell apart are one place, the nearest kept
            if not any(_same_place(p, kept, tfp.has_arcs) for kept in ties):
                ties.append(p)
            continue
        c = p.footprint.centre  # before: places that differ by less than what a reply shows (0.1")
        key = (round(c[0], 1), round(c[1], 1), round(p.footprint.bearing) % 360)
        if key not in seen:
            seen.add(key)
            ties.append(p)
    ties = ties[:MAX_TIES]
    if len(ties) == 1:
        return best
    described = []
    for n, p in enumerate(ties, 1):
        x, y = tfp.local(p.footprint.centre)
        if not tfp.has_arcs:  # a round base has no flanks: say where the charger would stand
            cx, cy = p.footprint.centre
            described.append(_("{n}: from {bearing}° of {target}, the charger's centre at ({x}, {y}), facing {facing}°", n=n, bearing=decimal(bearing_between(tfp.centre, (cx, cy)), ".0f"), target=target.id, x=decimal(cx, ".1f"), y=decimal(cy, ".1f"), facing=decimal(p.footprint.bearing, ".0f")))
            continue
        if p.side in ("left", "right"):  # along a flank the places differ front to back, not left to right
            described.append(((_("{n}: on {target}'s {side} flank, {y}\" toward its front from the flank's middle", n=n, target=target.id, side=side_word(p.side), y=decimal(abs(y), ".1f")) if y > 0 else _("{n}: on {target}'s {side} flank, {y}\" toward its rear from the flank's middle", n=n, target=target.id, side=side_word(p.side), y=decimal(abs(y), ".1f"))) if abs(y) > 0.05 else _("{n}: on the middle of {target}'s {side} flank", n=n, target=target.id, side=side_word(p.side))))
            continue
        described.append(((_("{n}: {x}\" right of {target}'s centre line", n=n, x=decimal(abs(x), ".1f"), target=target.id) if x > 0 else _("{n}: {x}\" left of {target}'s centre line", n=n, x=decimal(abs(x), ".1f"), target=target.id)) if abs(x) > 0.05 else _("{n}: centred on {target}", n=n, target=target.id)))
    # places that read alike (the same offset, another depth or facing) say where the charger's centre stands
    said = [str(d).split(": ", 1)[-1] for d in described]
    for n, p in enumerate(ties):
        if said.count(said[n]) > 1:
            cx, cy = p.footprint.centre
            described[n] = text_join("", [described[n], _(" (its centre at ({x}, {y}), facing {facing}°)", x=decimal(cx, ".1f"), y=decimal(cy, ".1f"), facing=decimal(p.footprint.bearing, ".0f"))])
    answer = decide(state, charger.owner, f"placement-{charger.id}", ngettext("{charger} can contact {target} as well in {count} places ({join}). Which one?", "{charger} can contact {target} as well in {count} places ({join}). Which one?", number(state, charger), charger=charger.id, target=target.id, count=len(ties), join=text_join("; ", described)),
                    [str(n) for n in range(1, len(ties) + 1)])
    return ties[int(answer) - 1]


def _failed(state: NinthAgeState, charger: UnitState, target: UnitState, dice: list[int], events: list[Event],
            why: str) -> None:
    """Pivot to face the target's centre, then move the highest die forward, stopping 1" short
    of units and impassable terrain (§8.7, [A-12])."""
    charger.charged = False
    charger.failed_charge = True
    fp = charger.footprint()
    towards = target.footprint().centre if target.pose is not None else fp.centre
    turned = pivot(fp, bearing_between(fp.centre, towards)) if towards != fp.centre else fp
    go = failed_charge_distance(dice)
    around = surroundings(state, {charger.id})
    # the pivot puts it back facing the target, its centre on the same point (§8.14): part of a
    # move that is no charge, so it may not go into another unit or Impassable terrain, nor come
    # within ½" of one it was not already that close to (§6.3, §8.7); else it stays as it stands
    ghost = ethereal(state, charger)  # §22 Ethereal: through Impassable terrain, never ending in or within 1"
    if ghost:
        around = replace(around, impassable=None, blockers=[])
    turned_into = _pivot_problem(fp, turned, around)
    # a failed charge is not a charge: the 1" rule holds (§8.7), ½" during the move and 1" where
    # it ends (§6.3); a unit the pivot already leaves closer than ½" to something may go on no closer
    turned_problem = turned_into or clearance_problem(turned, around, CLEARANCE_END, during=False)
    squeezed = clearance_problem(turned, around, CLEARANCE_DURING, during=True) is not None
    # straight on, never past whatever is in the way, to the farthest place 1" from everything
    ahead = move_ahead(turned, go, surroundings(state, {charger.id}) if ghost else around,
                       during=0.0 if squeezed else CLEARANCE_DURING, through_terrain=CLEARANCE_END if ghost else None)
    best, moved = (None, 0.0) if turned_into else (ahead.footprint, ahead.moved)
    stop = None if turned_into or go <= 0 else _ahead_problem(ahead, number(state, charger))  # what keeps it from moving on
    if best is None:
        # say what keeps it from moving at all: where the pivot leaves it, and what is ahead
        if stop is None:
            where = _("turned toward the centre of {target}, {problem}", target=target.id, problem=turned_problem)
        else:
            where = _("turned toward the centre of {target}, {problem}; {ahead}", target=target.id,
                      problem=turned_problem, ahead=stop)
        events.append(Event(kind="failed-charge", seat=charger.owner, data={"unit": charger.id},
                            text=ngettext("{charger}'s charge fails ({why}). It may not make the failed charge move "
                                          "and stays where it is: {where}; a failed charge is not a charge, so the "
                                          "1\" rule holds (§8.7).",
                                          "{charger}'s charge fails ({why}). They may not make the failed charge move "
                                          "and stay where they are: {where}; a failed charge is not a charge, so the "
                                          "1\" rule holds (§8.7).",
                                          number(state, charger), charger=charger.id, why=why, where=where)))
        return
    state.last_moves.append({"unit": charger.id, "kind": "failed charge", "path": [list(fp.centre),
                                                                                   list(best.centre)],
                             "label": _("failed: {why}", why=why)})
    charger.pose = best.pose
    text = ngettext("{charger}'s charge fails ({why}): it turns toward {target} and moves {moved}\" of {go}\" (the highest die), then may not move or shoot this turn.", "{charger}'s charge fails ({why}): they turn toward {target} and move {moved}\" of {go}\" (the highest die), then may not move or shoot this turn.", number(state, charger), charger=charger.id, why=why, target=target.id, moved=decimal(moved, ".1f"), go=go)
    if stop is not None and moved < go - 0.05:  # say why it stopped short ("0.1\" of 5\"" read as a fault)
        text = join("", [text, " ", ngettext("It stopped short: {ahead}.", "They stopped short: {ahead}.", number(state, charger), ahead=stop)])
    events.append(Event(kind="failed-charge", seat=charger.owner, data={"unit": charger.id}, text=text))


def _pivot_problem(before, after, around) -> Text | None:
    """Why the failed charge's pivot (from ``before`` to ``after``) may not be made: it would go
    into another unit or Impassable terrain, or come within ½" of one it stood farther from."""
    def worse(shape) -> bool:
        d0, d1 = before.shape.distance(shape), after.shape.distance(shape)
        deeper = after.shape.intersection(shape).area > before.shape.intersection(shape).area + 1e-6
        return deeper or (d1 < CLEARANCE_DURING - EPS_DIST and d1 < d0 - EPS_DIST)

    for key, other in around.others.items():
        if worse(other.shape):
            alone = Surroundings(others={key: other}, names=around.names)
            return clearance_problem(after, alone, CLEARANCE_DURING, during=True)
    for name, shape, note in around.blockers:
        if worse(shape):
            alone = Surroundings(others={}, impassable=shape, blockers=[(name, shape, note)])
            return clearance_problem(after, alone, CLEARANCE_DURING, during=True)
    return None


def _met_names(mets) -> Text:
    """What :func:`engine.table.motion.move_ahead` met, by name (Impassable terrain in words)."""
    return commas([_("impassable terrain") if m.name == IMPASSABLE else m.name for m in mets])


def _ahead_problem(ahead, n: int) -> Text | None:
    """What keeps a failed charge from moving on, as :func:`engine.table.motion.move_ahead` found
    it: what it would go into or come within ½" of, or what every place it could reach is closer
    than 1" to; ``n``, the unit's grammatical number, says "it" or "they"."""
    def blocked() -> Text:
        into = [m for m in ahead.blocked_by if m.why == "overlap"]
        if into:
            return ngettext("moving forward, it would go into {names}", "moving forward, they would go into {names}", n,
                            names=_met_names(into))
        return ngettext("moving forward, it would come closer than {gap}\" to {names}",
                        "moving forward, they would come closer than {gap}\" to {names}", n,
                        gap=decimal(ahead.blocked_by[0].gap, "g"), names=_met_names(ahead.blocked_by))

    near = [m for m in ahead.short_by if m.why == "gap"]
    # stopped before it has gone a tenth of an inch, or by the same units and features it stays too near
    if ahead.blocked_by and (ahead.at < 0.05 or {m.name for m in near} <= {m.name for m in ahead.blocked_by}):
        return blocked()
    if near:
        return ngettext("moving forward {inches}\", it would still be closer than 1\" to {names}",
                        "moving forward {inches}\", they would still be closer than 1\" to {names}", n,
                        inches=decimal(ahead.at, ".1f"), names=_met_names(near))
    if ahead.short_by:  # the table edge
        return ngettext("moving forward {inches}\", it would not stand wholly on the table",
                        "moving forward {inches}\", they would not stand wholly on the table", n, inches=decimal(ahead.at, ".1f"))
    return None


def rally_tests(state: NinthAgeState, seat: str, events: list[Event]) -> None:
    """Compulsory Moves (§8.8): every fleeing unit of the active player tests to rally, "l'ordine è
    scelto dal giocatore attivo" (asked by /decide when two or more flee); those that fail flee
    straight on ([A-13])."""
    at_start = {u.id for u in state.on_table(seat) if u.fleeing}  # those fleeing as the sub-phase begins
    tested: set[str] = set()
    while True:
        waiting = [u for u in state.on_table(seat) if u.fleeing and u.id in at_start and u.id not in tested]
        if not waiting:
            break
        unit = waiting[0]
        if len(waiting) > 1:
            unit = state.units[decide(state, seat, f"rally-order-{len(tested) + 1}", _("Which fleeing unit takes its Rally test next?"),
                                      [u.id for u in waiting], default=waiting[0].id)]
        tested.add(unit.id)
        entry = state.unit_entry(unit)
        ld, source = unit_leadership(state, unit)
        current = unit.models + len(joined(state, unit))  # "incluso i Personaggi aggregati" (§8.8, E-15)
        value = rally_leadership(ld, start=unit.start_models, current=current, musician=entry.command.musician)
        notes = []
        if current * 4 <= unit.start_models:
            notes.append(_("{current} of {start_models} models: half Ld", current=current, start_models=unit.start_models))
        if entry.command.musician:
            notes.append(_("Musician +1"))
        if leadership_test(state.rng, value, text_join("", [_("{unit} Rally test (Ld {ld} from {source}", unit=unit.id, ld=ld, source=source), (_("; {join}", join=commas(notes)) if notes else ""), ")"]), events, seat=seat,
                           reroll=hold_your_ground(state, unit), for_unit=(state, unit)):
            unit.fleeing = False
            if unit.fled_by_choice:  # §22 Fast Cavalry: it fled by choice and rallies in its next turn
                unit.fast_rallied = True
                events.append(Event(kind="rally", seat=seat, text=ngettext("{unit} rallies; Fast Cavalry that fled by choice, it is free to move (but not charge) and shoot this turn, counting as having moved (§22).", "{unit} rally; Fast Cavalry that fled by choice, they are free to move (but not charge) and shoot this turn, counting as having moved (§22).", number(state, unit), unit=unit.id)))
            else:
                unit.rallied = True
                events.append(Event(kind="rally", seat=seat, text=ngettext("{unit} rallies; it may /reform now, and may not otherwise move or shoot this turn.", "{unit} rally; they may /reform now, and may not otherwise move or shoot this turn.", number(state, unit), unit=unit.id)))
            unit.fled_by_choice = False
        else:
            flee(state, unit, None, events, reason=ngettext("{unit} fails to rally and flees", "{unit} fail to rally and flee", number(state, unit), unit=unit.id))

