"""Charges (§8.2-8.7), flee moves (§8.8), Rally tests (§8.8) and the Panic tests a movement
can cause (§13): declarations with their reactions and redirects, the charge rolls, the charge
move to the best flush placement (§24.5: the target is never rotated, contact is maximised),
failed charge moves, and fleeing through and off the table.
"""

from __future__ import annotations

from engine.core import Event, IllegalAction, roll_dice
from engine.core.decisions import decide
from engine.core.text import join, ngettext
from engine.rulesets.ninth_age.grammar import number
from engine.rulesets.ninth_age.magic_state import movement_of  # M under spells (§9)
from engine.rulesets.ninth_age.leadership import (
    charge_dice, charge_range, failed_charge_distance, hold_your_ground, leadership_test, rally_leadership,
    unit_leadership,
)
from engine.rulesets.ninth_age.casualties import (  # noqa: F401 - kept importable from here for older callers
    _destroy, dangerous_terrain, flee, lose_wounds, panic, terrain_checks,
)
from engine.rulesets.ninth_age.neighbours import blockers, engaged, surroundings
from engine.rulesets.ninth_age.terrain_rules import charge_from_hill, flies, ground_note, on_hill
from engine.rulesets.ninth_age.shooting_phase import stand_and_shoot, stand_and_shoot_problem
from engine.rulesets.ninth_age.skirmishers import close_ranks, open_ranks  # noqa: F401 - open_ranks likewise
from engine.rulesets.ninth_age.state import ChargeDeclaration, NinthAgeState, UnitState
from engine.table.arcs import majority_arc
from engine.table.charge import FlushPose, flush_poses
from engine.table.contact import distance
from engine.table.footprint import Pose
from engine.table.frame import EPS_DIST, bearing_between
from engine.table.motion import CLEARANCE_END, MOVE_SAMPLE, clearance_problem, pivot, translate

MAX_DICE = 12  # 2D6, or 3D6 keeping the best two
SIDES = ("front", "left", "right", "rear")


def _others(state: NinthAgeState, *ids: str) -> dict:
    return {u.id: u.footprint() for u in state.on_table() if u.id not in ids}


ALIGN_STEP = 5.0  # degrees between the target rotations tried by the align move
ALIGN_MAX = 90.0


def placements(state: NinthAgeState, charger: UnitState, target: UnitState, side: str | None,
               tfp=None, *, blocked: list[str] | None = None) -> list[FlushPose]:
    """Flush poses against ``side`` (every side for a fleeing target or a round base), best first,
    that the charger can reach without moving into or through Impassable terrain or a Building
    (§18.2; a flier passes over them, §22 Fly). ``blocked`` collects the features that stopped
    the others."""
    cfp, tfp = charger.footprint(), tfp or target.footprint()
    sides = SIDES if side is None else (side,)
    out: list[FlushPose] = []
    for s in sides:
        out += flush_poses(cfp, tfp, s, others=_others(state, charger.id, target.id),
                           impassable=state.table.impassable(), table=state.table)
    if not flies(state, charger):
        kept = []
        for pose in out:
            crossed = path_blocker(state, cfp, pose.footprint)
            if crossed is None:
                kept.append(pose)
            elif blocked is not None and crossed not in blocked:
                blocked.append(crossed)
        out = kept
    out.sort(key=lambda p: (-p.contact, abs(p.turn), round(p.travel, 6), p.footprint.centre))
    return out


def path_blocker(state: NinthAgeState, start, end) -> str | None:
    """The Impassable feature or Building a charge move from ``start`` to ``end`` would go into or
    through, or None. The ground a charge sweeps (one wheel and a forward move) is taken as the
    convex hull of where it starts and where it ends."""
    sweep = start.shape.union(end.shape).convex_hull
    for name, polygon, _ in blockers(state):
        if sweep.intersection(polygon).area > 1e-6:
            return name
    return None


def aligned_placements(state: NinthAgeState, charger: UnitState, target: UnitState, side: str | None, *,
                       blocked: list[str] | None = None) -> tuple[list[FlushPose], float]:
    """Flush poses, rotating the charged unit only when the charger cannot be brought flush on
    its own, and then as little as possible (§8.5 align; [A-47]): the target turns about the
    middle of the side being contacted. A target already engaged is never rotated. Returns the
    poses and the target's turn in degrees (0 when it stays)."""
    poses = placements(state, charger, target, side, blocked=blocked)
    if poses or side is None or engaged(state, target):
        return poses, 0.0
    tfp = target.footprint()
    from engine.table.charge import side_frame
    from engine.table.frame import to_world

    mid, _, _, _ = side_frame(tfp, side)
    around = surroundings(state, {target.id, charger.id})
    steps = int(ALIGN_MAX / ALIGN_STEP)
    for k in range(1, steps + 1):
        for sign in (1, -1):
            turn = sign * k * ALIGN_STEP
            bearing = tfp.bearing + turn
            local_mid = tfp.local(mid)
            cx, cy = to_world(mid, bearing, (-local_mid[0], -local_mid[1]))
            rotated = tfp.at(Pose(x=cx, y=cy, bearing=bearing % 360))
            if clearance_problem(rotated, around, 0.0, during=False):
                continue
            poses = placements(state, charger, target, side, tfp=rotated, blocked=blocked)
            if poses:
                return poses, turn
    return [], 0.0


def contact_side(charger: UnitState, target: UnitState) -> str | None:
    """The target's side to contact: the arc holding most of the charger's front edge (§8.5);
    None when any side will do (a round base)."""
    tfp = target.footprint()
    if not tfp.has_arcs:
        return None
    arc = majority_arc(tfp, charger.footprint().front_edge)
    return "front" if arc == "inside" else arc


def declare(state: NinthAgeState, charger: UnitState, target: UnitState, events: list[Event]) -> None:
    seat = charger.owner
    entry = state.unit_entry(charger)
    if target.owner == seat:
        raise IllegalAction("not-an-enemy", f"{target.id} is one of your own units.")
    if not target.on_table:
        raise IllegalAction("not-on-table", f"{target.id} is not on the table.")
    why = None
    if charger.declared_charge:
        why = "has already declared a charge"
    elif charger.fleeing:
        why = "is fleeing"
    elif engaged(state, charger):
        why = "is engaged in combat"
    elif entry.troop_type == "war machine":
        why = "is a war machine"
    elif entry.movement == 0:
        why = "has M 0"
    elif charger.garrison:
        why = f"is in a Building ({charger.garrison}, §18.6)"
    elif charger.no_charge_turn1 and state.round == 1 and state.first_player == seat:
        why = "scouted outside its zone or made a Vanguard move, and its side has the first turn"
    if why:
        raise IllegalAction("cannot-charge", f"{charger.id} {why} and cannot declare a charge (§8.2).")
    if target.garrison:
        raise IllegalAction("not-refereed", f"{target.id} is in {target.garrison}: assaulting a Building (§18.6) is "
                            "not refereed yet.")
    _check_reach(state, charger, target)
    close_ranks(state, charger, target, events)
    side = None if target.fleeing else contact_side(charger, target)
    stopped: list[str] = []
    if not aligned_placements(state, charger, target, side, blocked=stopped)[0]:
        notes = dict((n, note) for n, _, note in blockers(state))
        through = "".join(f"; the way there goes through {n}, {notes[n]}" for n in stopped)
        raise IllegalAction("no-room", f"{charger.id} has no room to reach {target.id}'s {side or 'side'} with one "
                            f"wheel of at most 90°, even turning the charged unit up to 90° (§8.2, §8.5){through}.")
    d = distance(charger.footprint(), target.footprint())
    charger.declared_charge = True
    decl = ChargeDeclaration(charger=charger.id, target=target.id, side=side or "any", distance=d)
    state.charges.append(decl)
    events.append(Event(kind="charge", seat=seat, data={"unit": charger.id, "target": target.id},
                        text=ngettext("{unit} declares a charge on {target} ({inches}\" away, to its {side}).",
                                      "{unit} declare a charge on {target} ({inches}\" away, to its {side}).",
                                      number(state, charger), unit=charger.id, target=target.id,
                                      inches=f"{d:.1f}", side=side or "any side")))
    _reaction(state, decl, events)


def _check_reach(state: NinthAgeState, charger: UnitState, target: UnitState) -> None:
    d = distance(charger.footprint(), target.footprint())
    reach = movement_of(state, charger) + MAX_DICE
    if d > reach + EPS_DIST:
        raise IllegalAction("out-of-reach", f"{target.id} is {d:.1f}\" from {charger.id}; its farthest possible "
                            f"charge is M {movement_of(state, charger)} + 12 = {reach}\" (§8.2).")


def _reaction(state: NinthAgeState, decl: ChargeDeclaration, events: list[Event]) -> None:
    target = state.units[decl.target]
    tentry = state.unit_entry(target)
    reactive = target.owner
    if target.fleeing:
        options = ["flee"]
    elif engaged(state, target) or tentry.has_rule("Undead") or tentry.has_rule("Immune to Psychology"):
        options = ["hold"]
    else:
        options = ["hold", "flee"]
    # Stand and Shoot (§8.3), when its conditions hold
    why_not = stand_and_shoot_problem(state, target, state.units[decl.charger])
    if why_not is None and "hold" in options and not target.fleeing:
        options.insert(1, "stand-and-shoot")
    answer = decide(state, reactive, f"reaction-{decl.charger}-{decl.target}",
                    f"{decl.charger} charges {decl.target}: how does {decl.target} react?"
                    + (f" (no Stand and Shoot: {why_not})" if why_not and "hold" in options else ""), options)
    decl.reaction = answer  # type: ignore[assignment]
    events.append(Event(kind="reaction", seat=reactive, text=ngettext(
        "{unit} reacts: {answer}.", "{unit} react: {answer}.", number(state, target), unit=decl.target,
        answer=answer)))
    if answer != "flee":
        close_ranks(state, target, state.units[decl.charger], events)
        if answer == "stand-and-shoot":
            stand_and_shoot(state, decl, events)
        return
    # the flee move is made at once ([A-8]), directly away from the charger, centre to centre
    charger = state.units[decl.charger]
    away = bearing_between(charger.footprint().centre, target.footprint().centre)
    flee(state, target, away, events, reason=f"{target.id} flees from {charger.id}")
    _redirects(state, decl.target, events)


def _redirects(state: NinthAgeState, fled: str, events: list[Event]) -> None:
    """Every unit charging the fleeing unit may test to redirect (§8.4), once per turn."""
    for decl in [d for d in state.charges if d.target == fled]:
        charger = state.units[decl.charger]
        if charger.redirected or not charger.on_table:
            continue
        choices = [u for u in state.on_table(state.enemy_of(charger.owner))
                   if u.id != fled and _legal_target(state, charger, u)]
        if not choices:
            continue
        if decide(state, charger.owner, f"redirect-test-{charger.id}", f"{fled} fled. Test to redirect "
                  f"{charger.id}'s charge?", ["test", "keep"]) == "keep":
            continue
        charger.redirected = True
        ld, source = unit_leadership(state, charger)
        if not leadership_test(state.rng, ld, f"{charger.id} redirect test (Ld from {source})", events,
                               seat=charger.owner, reroll=hold_your_ground(state, charger)):
            continue
        answer = decide(state, charger.owner, f"redirect-{charger.id}", f"Redirect {charger.id} onto which "
                        "unit (or keep charging the fleeing one)?", [u.id for u in choices] + ["keep"])
        if answer == "keep":
            continue
        new_target = state.units[answer]
        side = None if new_target.fleeing else contact_side(charger, new_target)
        d = distance(charger.footprint(), new_target.footprint())
        state.charges.remove(decl)
        new = ChargeDeclaration(charger=charger.id, target=new_target.id, side=side or "any", distance=d)
        state.charges.append(new)
        events.append(Event(kind="charge", seat=charger.owner, text=f"{charger.id} redirects its charge onto "
                            f"{new_target.id} ({d:.1f}\" away)."))
        _reaction(state, new, events)


def _legal_target(state: NinthAgeState, charger: UnitState, target: UnitState) -> bool:
    try:
        _check_reach(state, charger, target)
    except IllegalAction:
        return False
    side = None if target.fleeing else contact_side(charger, target)
    return bool(aligned_placements(state, charger, target, side)[0])


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
                                text=f"{charger.id} is fleeing and no longer charges {decl.target}."))
            continue
        entry = state.unit_entry(charger)
        from engine.rulesets.ninth_age import hidden  # hidden lists: reveal a movement item now (§2.4, E-47)

        hidden.before_charge_roll(state, charger, events)
        swift = entry.has_rule("Swiftstride")
        roll = roll_dice("3d6" if swift else "2d6", state.rng, purpose=f"{charger.id} charge range")
        m = movement_of(state, charger)
        total = charge_range(roll.dice, m, champion=entry.command.champion, swiftstride=swift)
        rolls[decl.charger] = (roll.dice, total)
        kept = charge_dice(roll.dice, swiftstride=swift)
        note = " (Order a Charge: at least 4)" if entry.command.champion and sum(kept) < 4 else ""
        events.append(Event(kind="roll", seat=charger.owner, roll=roll,
                            text=f"{charger.id} charge range: {'+'.join(map(str, kept))}{note} + M "
                            f"{m} = {total}\"."))
    for decl in state.charges:
        charger = state.units[decl.charger]
        target = state.units[decl.target]
        if decl.charger not in rolls:
            continue
        dice, total = rolls[decl.charger]
        charger.charged = True
        if not target.on_table:
            _failed(state, charger, target, dice, events, why=f"{target.id} is no longer on the table")
            continue
        d = distance(charger.footprint(), target.footprint())
        if total + EPS_DIST < d:
            _failed(state, charger, target, dice, events, why=f"{total}\" is short of {d:.1f}\"")
            continue
        side = None if (target.fleeing or decl.side == "any") else decl.side
        if target.fleeing:  # no align and no maximising contact against a fleeing unit
            poses, turn = placements(state, charger, target, side), 0.0
        else:
            poses, turn = aligned_placements(state, charger, target, side)
        if state.charge_path_capped:
            poses = [p for p in poses if p.travel <= total + EPS_DIST]
        if not poses:
            _failed(state, charger, target, dice, events, why="there is no room to make contact")
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
                                text=f"{target.id} turns {abs(turn):.0f}° about the contact point to align with "
                                f"{charger.id}: the charger could not be brought flush on its own (§8.5)."))
        start_fp = charger.footprint()
        start = start_fp.centre
        charger.pose = best.footprint.pose
        state.last_moves.append({"unit": charger.id, "kind": "charge", "path": [list(start),
                                                                                 list(best.footprint.centre)],
                                 "label": f"{d:.1f}\" vs {total}\" ({'+'.join(map(str, dice))})"})
        charger.hill_charge = charge_from_hill(state, start_fp.shape, best.footprint.shape)
        ground = ground_note(state, [start_fp.shape.union(best.footprint.shape).convex_hull], best.footprint.shape)
        text = ngettext("{unit} charges home into {target}'s {side} ({inches}\" away, charge range {reach}\"): "
                        "wheel {degrees}°, {contact} models in base contact{ground}.",
                        "{unit} charge home into {target}'s {side} ({inches}\" away, charge range {reach}\"): "
                        "wheel {degrees}°, {contact} models in base contact{ground}.",
                        number(state, charger), unit=charger.id, target=target.id, side=best.side,
                        inches=f"{d:.1f}", reach=total, degrees=f"{abs(best.turn):.0f}", contact=best.contact,
                        ground=ground)
        if charger.hill_charge:
            text = join("", [text, f" It charged down from high ground ({on_hill(state, start_fp.shape):.0%} on the "
                            f"hill at the start, {on_hill(state, best.footprint.shape):.0%} at the end): +1 combat "
                            "score in the next round (§18.4)."])
        events.append(Event(kind="charge-move", seat=charger.owner, data={"unit": charger.id}, text=text))
        # the ground the charge swept over: Dangerous Terrain once per feature (§18.1)
        terrain_checks(state, charger, "charge", [start_fp.shape.union(best.footprint.shape).convex_hull], events,
                       flying=flies(state, charger), ends=[start_fp.shape, best.footprint.shape])
        if target.fleeing:
            _destroy(state, target, events, f"{target.id} is caught fleeing and destroyed")


MAX_TIES = 5


def _choose_placement(state: NinthAgeState, charger: UnitState, target: UnitState, poses: list[FlushPose]) -> FlushPose:
    """The engine's best flush placement; when several tie (as many models in contact, as
    little turning), the charging player picks among them (§24.5), nearest first."""
    best = poses[0]
    ties = [p for p in poses if p.contact == best.contact and abs(abs(p.turn) - abs(best.turn)) < 1e-6][:MAX_TIES]
    if len(ties) == 1:
        return best
    tfp = target.footprint()
    described = []
    for n, p in enumerate(ties, 1):
        x, y = tfp.local(p.footprint.centre)
        if p.side in ("left", "right"):  # along a flank the places differ front to back, not left to right
            described.append(f"{n}: on {target.id}'s {p.side} flank, {abs(y):.1f}\" "
                             f"{'toward its front' if y > 0 else 'toward its rear'} from the flank's middle"
                             if abs(y) > 0.05 else f"{n}: on the middle of {target.id}'s {p.side} flank")
            continue
        described.append(f"{n}: {abs(x):.1f}\" {'right' if x > 0 else 'left'} of {target.id}'s centre line"
                         if abs(x) > 0.05 else f"{n}: centred on {target.id}")
    answer = decide(state, charger.owner, f"placement-{charger.id}", f"{charger.id} can contact {target.id} as well "
                    f"in {len(ties)} places ({'; '.join(described)}). Which one?",
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
    best, moved = None, 0.0
    steps = int(round(go / MOVE_SAMPLE))
    for k in range(0, steps + 1):  # straight on, stopping before whatever is in the way (never past it)
        candidate = translate(turned, 0, k * MOVE_SAMPLE)
        if clearance_problem(candidate, around, CLEARANCE_END, during=False) is None:
            best, moved = candidate, k * MOVE_SAMPLE
        elif k and clearance_problem(candidate, around, 0.0, during=True) is not None:
            break
    if best is None:
        events.append(Event(kind="failed-charge", seat=charger.owner, text=f"{charger.id}'s charge fails ({why}); "
                            "it has no room to move and stays where it is."))
        return
    state.last_moves.append({"unit": charger.id, "kind": "failed charge", "path": [list(fp.centre),
                                                                                   list(best.centre)],
                             "label": f"failed: {why}"})
    charger.pose = best.pose
    events.append(Event(kind="failed-charge", seat=charger.owner, data={"unit": charger.id},
                        text=f"{charger.id}'s charge fails ({why}): it turns toward {target.id} and moves "
                        f"{moved:.1f}\" of {go}\" (the highest die), then may not move or shoot this turn."))


def rally_tests(state: NinthAgeState, seat: str, events: list[Event]) -> None:
    """Compulsory Moves (§8.8): every fleeing unit of the active player tests to rally; those
    that fail flee straight on ([A-13])."""
    for unit in [u for u in state.on_table(seat) if u.fleeing]:
        entry = state.unit_entry(unit)
        ld, source = unit_leadership(state, unit)
        current = unit.models
        value = rally_leadership(ld, start=unit.start_models, current=current, musician=entry.command.musician)
        notes = []
        if current * 4 <= unit.start_models:
            notes.append(f"{current} of {unit.start_models} models: half Ld")
        if entry.command.musician:
            notes.append("Musician +1")
        if leadership_test(state.rng, value, f"{unit.id} Rally test (Ld {ld} from {source}"
                           + (f"; {', '.join(notes)}" if notes else "") + ")", events, seat=seat,
                           reroll=hold_your_ground(state, unit)):
            unit.fleeing = False
            unit.rallied = True
            events.append(Event(kind="rally", seat=seat, text=f"{unit.id} rallies; it may /reform now, and may not "
                                "otherwise move or shoot this turn."))
        else:
            flee(state, unit, None, events, reason=f"{unit.id} fails to rally and flees")

