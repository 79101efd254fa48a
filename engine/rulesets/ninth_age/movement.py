"""The Remaining Moves sub-phase (§8.10-8.14): Advance, March (with the 8" March test), Reform,
pivots of single-model units, each checked as §24.5's pipeline says and answered with what the
engine measured.
"""

from __future__ import annotations

from engine.core.text import _, Text, decimal, ngettext, commas
import math
from dataclasses import replace

from engine.core import Event, IllegalAction
from engine.rulesets.ninth_age.actions import MoveStep
from engine.rulesets.ninth_age.casualties import terrain_checks
from engine.rulesets.ninth_age.grammar import number
from engine.rulesets.ninth_age.leadership import hold_your_ground, in_reach, leadership_test, unit_leadership
from engine.rulesets.ninth_age.magic_state import spell_modified  # M under spells (§9)
from engine.rulesets.ninth_age.mixed_units import (
    WAR_PLATFORM_ESCORT, joined, platform_escort, platform_marches, platform_width_problem, recentre, unit_movement,
    war_platform,
)
from engine.rulesets.ninth_age.neighbours import engaged, surroundings
from engine.rulesets.ninth_age.one_use import march_allowance  # the Icon of the Relentless Company (§23.8)
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState, troop_word
from engine.rulesets.ninth_age.walls import gap
from engine.rulesets.ninth_age.terrain_rules import ethereal, ground_note, standard_strider_used, water_blocks_march
from engine.rulesets.ninth_age.terrain_layouts import terrain_name
from engine.table.footprint import Formation
from engine.table.frame import EPS_DIST, normalise
from engine.table.motion import (
    CLEARANCE_END, Step, check_path, clearance_problem, reform_displacement, reformed, run_move,
)

MARCH_TEST_RANGE = 8.0


def cant_march(state: NinthAgeState, unit: UnitState) -> str | None:
    """A character in the unit with Can't March (a Chariot): "Unità con uno o più modelli con questa
    regola non possono Marciare" (§14.4). Its name, or None. A War Platform joined to a unit of 5 or
    more models besides itself marches with it though its troop type forbids it (§22)."""
    return next((c.id for c in joined(state, unit) if state.unit_entry(c).has_rule("Can't March")
                 and not platform_marches(state, c, unit)), None)


def cant_march_refusal(state: NinthAgeState, unit: UnitState, slow: str) -> IllegalAction:
    """The refusal of a march that the joined model ``slow`` (Can't March) stops: a War Platform
    says how many models its unit has besides it, and how many it would need (§22)."""
    model = state.units[slow]
    if war_platform(state, model) and not state.unit_entry(model).own_cant_march:
        n = platform_escort(state, model, unit)
        return IllegalAction("cannot-march", ngettext(
            "{unit} can't march: {char} (a War Platform, {troop_type}: Can't March) marches with a unit of {need} or more models besides itself, and {unit} has {n} (§22).",
            "{unit} can't march: {char} (a War Platform, {troop_type}: Can't March) marches with a unit of {need} or more models besides itself, and {unit} have {n} (§22).",
            number(state, unit), unit=unit.id, char=slow, troop_type=troop_word(state.unit_entry(model).troop_type),
            need=WAR_PLATFORM_ESCORT, n=n))
    return IllegalAction("cannot-march", ngettext("{unit} can't march ({troop_type}: Can't March).", "{unit} can't march ({troop_type}: Can't March).", number(state, unit), unit=unit.id, troop_type=slow))


def move_line(kind: str, flying: bool, n: int, **params) -> Text:
    """A move's line, whole sentences so each language says them its own way; the verb agrees
    with the unit's name (``n`` from :func:`grammar.number`: "Knights march", "Giant marches")."""
    if kind == "march" and flying:
        return ngettext("{unit} marches flying (Fly {fly}): {steps}; {length}\" of {shown_allowance}\" used, farthest model {max_displacement}\" from its start{ground_note}.",
                        "{unit} march flying (Fly {fly}): {steps}; {length}\" of {shown_allowance}\" used, farthest model {max_displacement}\" from its start{ground_note}.", n, **params)
    if kind == "march":
        return ngettext("{unit} marches: {steps}; {length}\" of {shown_allowance}\" used, farthest model {max_displacement}\" from its start{ground_note}.",
                        "{unit} march: {steps}; {length}\" of {shown_allowance}\" used, farthest model {max_displacement}\" from its start{ground_note}.", n, **params)
    if flying:
        return ngettext("{unit} advances flying (Fly {fly}): {steps}; {length}\" of {shown_allowance}\" used, farthest model {max_displacement}\" from its start{ground_note}.",
                        "{unit} advance flying (Fly {fly}): {steps}; {length}\" of {shown_allowance}\" used, farthest model {max_displacement}\" from its start{ground_note}.", n, **params)
    return ngettext("{unit} advances: {steps}; {length}\" of {shown_allowance}\" used, farthest model {max_displacement}\" from its start{ground_note}.",
                    "{unit} advance: {steps}; {length}\" of {shown_allowance}\" used, farthest model {max_displacement}\" from its start{ground_note}.", n, **params)


def reform_move_line(kind: str, flying: bool, n: int, **params) -> Text:
    """A Free Reform move's line (§8.13), its verb agreeing with the unit's name."""
    if kind == "march" and flying:
        return ngettext("{unit} marches flying (Fly {fly}) with Free Reform to ({x}, {y}), {files} wide facing {bearing}°; the farthest model travels {worst}\" of {allowance}\" around obstacles{ground_note}.",
                        "{unit} march flying (Fly {fly}) with Free Reform to ({x}, {y}), {files} wide facing {bearing}°; the farthest model travels {worst}\" of {allowance}\" around obstacles{ground_note}.", n, **params)
    if kind == "march":
        return ngettext("{unit} marches with Free Reform to ({x}, {y}), {files} wide facing {bearing}°; the farthest model travels {worst}\" of {allowance}\" around obstacles{ground_note}.",
                        "{unit} march with Free Reform to ({x}, {y}), {files} wide facing {bearing}°; the farthest model travels {worst}\" of {allowance}\" around obstacles{ground_note}.", n, **params)
    if flying:
        return ngettext("{unit} advances flying (Fly {fly}) with Free Reform to ({x}, {y}), {files} wide facing {bearing}°; the farthest model travels {worst}\" of {allowance}\" around obstacles{ground_note}.",
                        "{unit} advance flying (Fly {fly}) with Free Reform to ({x}, {y}), {files} wide facing {bearing}°; the farthest model travels {worst}\" of {allowance}\" around obstacles{ground_note}.", n, **params)
    return ngettext("{unit} advances with Free Reform to ({x}, {y}), {files} wide facing {bearing}°; the farthest model travels {worst}\" of {allowance}\" around obstacles{ground_note}.",
                    "{unit} advance with Free Reform to ({x}, {y}), {files} wide facing {bearing}°; the farthest model travels {worst}\" of {allowance}\" around obstacles{ground_note}.", n, **params)


def may_move(state: NinthAgeState, unit: UnitState) -> None:
    """Eligibility for the Remaining Moves sub-phase (§8.10), or the reason it may not move."""
    why, n = None, number(state, unit)
    if unit.moved and not unit.swift_reformed:  # a Swift reform leaves it its Advance (§17.1)
        why = ngettext("has already moved this phase", "have already moved this phase", n)
    elif unit.fleeing:
        why = ngettext("is fleeing", "are fleeing", n)
    elif unit.charged or unit.failed_charge or unit.declared_charge:
        why = ngettext("charged (or failed a charge) this phase", "charged (or failed a charge) this phase", n)
    elif unit.joined_this_phase:  # §16.2
        why = ngettext("was joined by a character this phase and may not move again", "were joined by a character this phase and may not move again", n)
    elif unit.rallied:
        why = ngettext("rallied this phase (it may only reform)", "rallied this phase (they may only reform)", n)
    elif engaged(state, unit):
        why = ngettext("is engaged in combat", "are engaged in combat", n)
    elif unit.stupid:
        why = ngettext("failed its Stupidity test and takes no voluntary action this turn (§22)", "failed their Stupidity test and take no voluntary action this turn (§22)", n)
    elif unit.garrison:  # §18.6: it leaves with /leave, placed against the Building
        why = ngettext("is in {building}; it comes out with /leave (§18.6)", "are in {building}; they come out with /leave (§18.6)", n, building=unit.garrison)
    else:
        from engine.rulesets.ninth_age.random_movement import refusal

        why = refusal(state, unit)
    if why:
        raise IllegalAction("cannot-move", _("{unit} {why}.", unit=unit.id, why=why))


def undead_march(state: NinthAgeState, unit: UnitState) -> None:
    """Undead march only when the move starts within their General's Inspiring Presence (§22)."""
    if not state.unit_entry(unit).has_rule("Undead"):
        return
    generals = [u for u in state.units.values() if u.owner == unit.owner and state.unit_entry(u).general]
    if not any(in_reach(state, g, unit) for g in generals):
        raise IllegalAction("cannot-march", ngettext("{unit} is Undead: it marches only from within its General's Inspiring Presence (§22).", "{unit} are Undead: they march only from within their General's Inspiring Presence (§22).", number(state, unit), unit=unit.id))


def _steps(steps: list[MoveStep], bearing: float = 0.0) -> list[Step]:
    """The table steps of a move; a pivot turns left or right from the facing the steps before it
    leave (``bearing``: the facing the move starts with)."""
    out = []
    for s in steps:
        if s.kind in ("wheel", "pivot"):
            bearing = normalise(bearing - s.amount if s.side == "left" else bearing + s.amount)
        out.append(Step("pivot", bearing) if s.kind == "pivot" else Step(s.kind, s.amount, s.side))
    return out


def flying_movement(state: NinthAgeState, unit: UnitState) -> int | None:
    """Fly (X) (§22): a unit made up entirely of models with Fly moves by X instead of M, and
    flies over units and terrain (only where it lands counts); None when it cannot fly. The
    sample Warlord on Wyvern (Fly (8), M 6) flies 8", marching 16"; with a character on foot
    joined to a flying unit, the unit walks.
    """
    values = [state.unit_entry(u).rule_value("Fly") for u in [unit, *joined(state, unit)]]
    if not all(v and v.isdigit() for v in values):
        return None
    return spell_modified(state, unit.id, "M", min(int(v) for v in values))


def spell_movement(state: NinthAgeState, unit: UnitState) -> int:
    """The M a unit moves by: a mixed unit's lowest (§16.2), changed by the spells in play on it
    (§9: Grasping Roots...)."""
    return spell_modified(state, unit.id, "M", unit_movement(state, unit))


def march_test(state: NinthAgeState, unit: UnitState, closest: float, events: list[Event]) -> bool:
    """The March test (§8.12: enemies within 8" before the unit moves): passed or not. It is
    taken once a phase: its result is kept on the unit (``march_test``), so a march asked again
    after a refused one (too far for a failed test, a blocked path) does not roll it again."""
    if unit.march_test:
        passed = unit.march_test == "passed"
        events.append(Event(kind="march-test", seat=unit.owner, text=(
            ngettext("{unit} already passed its March test this phase: it is not taken again.",
                     "{unit} already passed their March test this phase: it is not taken again.", number(state, unit), unit=unit.id)
            if passed else
            ngettext("{unit} already failed its March test this phase: it is not taken again.",
                     "{unit} already failed their March test this phase: it is not taken again.", number(state, unit), unit=unit.id))))
        return passed
    ld, source = unit_leadership(state, unit)
    passed = leadership_test(state.rng, ld, _("{unit} March test (enemy {closest}\" away, Ld from {source})", unit=unit.id, closest=decimal(closest, ".1f"), source=source), events, seat=unit.owner, reroll=hold_your_ground(state, unit), for_unit=(state, unit))
    unit.march_test = "passed" if passed else "failed"
    last = next((e.roll for e in reversed(events) if e.kind == "roll" and e.roll is not None), None)
    unit.march_test_ld, unit.march_test_roll = ld, (last.total if last is not None else 0)
    return passed


def failed_march_test(unit: UnitState) -> Text:
    """What a refused march says of the failed March test that limits it to M (§8.12): its Ld and
    the 2D6 rolled, so the refusal names the test that made it one."""
    return _(" (the March test failed, Ld {ld}, rolled {roll}: no farther than M)", ld=unit.march_test_ld,
             roll=unit.march_test_roll)


def voluntary_move(state: NinthAgeState, unit: UnitState, kind: str, steps: list[MoveStep], pivot: float | None,
                   events: list[Event], *, movement: float | None = None) -> None:
    """Advance or March (§8.11-8.12); ``movement`` replaces M (a Vanguard move's 12")."""
    may_move(state, unit)
    swift_advance(state, unit, kind)
    entry = state.unit_entry(unit)
    flies = flying_movement(state, unit)
    own_m = spell_movement(state, unit) if flies is None else flies
    m = own_m if movement is None else movement
    if m == 0:
        raise IllegalAction("cannot-move", ngettext("{unit} has M 0 and cannot move.", "{unit} have M 0 and cannot move.", number(state, unit), unit=unit.id))
    if not steps and pivot is None:
        raise IllegalAction("missing-option", _("Say how it moves: forward:, back:, left:, right:, wheel:."))
    # a single model may pivot any number of times along an Advance or a March (§8.11, §8.12)
    moving = [s for s in steps if s.kind != "pivot"]
    kinds = {s.kind for s in moving}
    single = unit.models == 1
    if (pivot is not None or len(moving) < len(steps)) and not single:
        raise IllegalAction("no-pivot", ngettext("Only single-model units may pivot while moving; {unit} has {models} models (use /reform).", "Only single-model units may pivot while moving; {unit} have {models} models (use /reform).", number(state, unit), unit=unit.id, models=unit.models))
    if kinds & {"back", "left", "right"}:
        if kind == "march":
            raise IllegalAction("march-forward", _("A March is forward only (§8.12)."))
        if len(kinds) > 1 or len(moving) > 1:
            raise IllegalAction("one-direction", _("An Advance goes forward, backward or sideways, one direction, with no wheels (§8.11)."))
        allowance = m / 2
        direction = _("backward") if "back" in kinds else _("sideways")
    else:
        allowance = float(m if kind == "advance" else march_allowance(state, unit, m) if movement is None else 2 * m)
        direction = _("forward")
    if kind == "march" and movement is not None:
        raise IllegalAction("no-march", _("A Vanguard move may not march."))
    failed_test = ""  # a failed March test, told in a refusal too (it read "the forward march allows 7\"")
    if kind == "march":
        if entry.has_rule("Can't March"):
            raise IllegalAction("cannot-march", ngettext("{unit} can't march ({troop_type}: Can't March).", "{unit} can't march ({troop_type}: Can't March).", number(state, unit), unit=unit.id, troop_type=entry.troop_type))
        slow = cant_march(state, unit)
        if slow:  # "Unità con uno o più modelli con questa regola non possono Marciare" (§14.4)
            raise cant_march_refusal(state, unit, slow)
        undead_march(state, unit)
        near = [e for e in state.on_table(state.enemy_of(unit.owner))
                if gap(state, unit, e) <= MARCH_TEST_RANGE + EPS_DIST]  # a garrison: from its walls (§18.6)
        if near:
            closest = min(gap(state, unit, e) for e in near)
            if not march_test(state, unit, closest, events):
                allowance = float(own_m)
                failed_test = failed_march_test(unit)
                events.append(Event(kind="march-test", seat=unit.owner, text=ngettext("{unit} still marches, but no farther than M ({own_m}\").", "{unit} still march, but no farther than M ({own_m}\").", number(state, unit), unit=unit.id, own_m=own_m)))
    fp = unit.footprint()
    plan = ([Step("pivot", normalise(pivot))] if pivot is not None else []) + \
        _steps(steps, normalise(pivot) if pivot is not None else fp.bearing)
    result = run_move(fp, plan)
    move_kind = _("march") if kind == "march" else _("advance")
    if result.length > allowance + EPS_DIST:
        raise IllegalAction("too-far", _("{unit}: {join} uses {length}\"; the {direction} {kind} allows {allowance}\"{failed_test}.", unit=unit.id, join=commas(result.parts), length=decimal(result.length, ".1f"), direction=direction, kind=move_kind, allowance=decimal(allowance, "g"), failed_test=failed_test))
    if result.max_displacement > allowance + EPS_DIST and not single:
        raise IllegalAction("too-far", _("{unit}: a model would end {max_displacement}\" from where it started; no model may move farther than {allowance}\" (§8.14){failed_test}.", unit=unit.id, max_displacement=decimal(result.max_displacement, ".1f"), allowance=decimal(allowance, "g"), failed_test=failed_test))
    if flies is not None:  # flying over units and terrain: only where it lands counts (§22 Fly)
        problem = clearance_problem(result.footprint, surroundings(state, {unit.id}), CLEARANCE_END, during=False)
    else:
        problem = _path_problem(state, unit, result)
    if problem:
        raise IllegalAction("blocked", ngettext("{unit} can't move like that: {problem}.", "{unit} can't move like that: {problem}.", number(state, unit), unit=unit.id, problem=problem))
    shapes = [p.shape for p in result.path]
    ends = [fp.shape, result.footprint.shape]  # a flier meets only where it takes off and lands (§22 Fly)
    if kind == "march":
        water = water_blocks_march(state, unit, ends if flies is not None else shapes, start=fp)
        if water:
            raise IllegalAction("cannot-march", ngettext("{unit} can't march into, across or out of Water ({water}, §18.3); advance instead.", "{unit} can't march into, across or out of Water ({water}, §18.3); advance instead.", number(state, unit), unit=unit.id, water=terrain_name(water)))
        standard_strider_used(state, unit, bool(water_blocks_march(state, unit, ends if flies is not None else shapes,
                                                                   standard=False, start=fp)), events)
    unit.pose = result.footprint.pose
    unit.moved = True
    unit.marched = kind == "march"
    unit.swift_reformed = False  # its one Advance after a Swift reform is made
    state.last_moves.append({"unit": unit.id, "kind": kind, "path": [p.centre for p in result.path[:: max(
        1, len(result.path) // 20)]] + [result.footprint.centre]})
    from engine.rulesets.ninth_age import hidden  # hidden lists: a movement item shows only once used (§2.4)

    hidden.after_move(state, unit, result.length, allowance, events)
    if flies is not None:
        hidden.reveal_flight(state, unit, events)
    events.append(Event(kind=kind, seat=unit.owner, data={"unit": unit.id},
                        text=move_line(kind, flies is not None, number(state, unit), unit=unit.id, fly=flies, steps=commas(result.parts), length=decimal(result.length, ".1f"), shown_allowance=decimal(hidden.shown_allowance(state, unit, allowance), "g"), max_displacement=decimal(result.max_displacement, ".1f"), ground_note=ground_note(state, ends if flies is not None else shapes, result.footprint.shape, fp))))
    if kind == "march":
        terrain_checks(state, unit, kind, shapes, events, flying=flies is not None, ends=ends, start=fp)


def swift_advance(state: NinthAgeState, unit: UnitState, kind: str) -> None:
    """After a passed Swift reform the unit may make an Advance, and no other move (§17.1: "L'Unità
    può eseguire una Avanzata dopo la Riorganizzazione")."""
    if unit.swift_reformed and kind != "advance":
        raise IllegalAction("cannot-move", ngettext("{unit} made a Swift reform this phase: it may only Advance now (§17.1).", "{unit} made a Swift reform this phase: they may only Advance now (§17.1).", number(state, unit), unit=unit.id))


def _path_problem(state: NinthAgeState, unit: UnitState, result) -> str | None:
    """What stops a move on the ground along its path (:func:`check_path`); an Ethereal unit goes
    through Impassable terrain, and may only not end in or within 1" of it (§22 Ethereal)."""
    around = surroundings(state, {unit.id})
    if not ethereal(state, unit):
        return check_path(result, around)
    problem = check_path(result, replace(around, impassable=None, blockers=()))
    if problem:
        return problem
    problem = clearance_problem(result.footprint, around, CLEARANCE_END, during=False)
    return _("at the end {problem}", problem=problem) if problem else None


def reform(state: NinthAgeState, unit: UnitState, files: int, facing: float, events: list[Event],
           *, after_rally: bool = False, movement: float | None = None, swift: bool = False) -> None:
    """Reform about the unit centre (§8.13): no model farther than 2M from where it started. A
    Swift reform (``swift``, §17.1) is tried with a Leadership test by a unit with a Musician, once
    the reform is known to be legal: failed, it is a normal Reform; passed, the unit may still
    shoot (having moved) and may make an Advance after it."""
    if not after_rally:
        may_move(state, unit)
        swift_advance(state, unit, "reform")
    elif unit.moved or unit.reformed:
        raise IllegalAction("cannot-move", ngettext("{unit} has already moved this phase.", "{unit} have already moved this phase.", number(state, unit), unit=unit.id))
    entry = state.unit_entry(unit)
    if swift and after_rally:  # "non può muovere ulteriormente nella medesima fase di movimento" (§8.8)
        raise IllegalAction("no-swift-reform", ngettext("{unit} rallied this phase: it may Reform, but not make a Swift reform (it may not move further, §8.8).", "{unit} rallied this phase: they may Reform, but not make a Swift reform (they may not move further, §8.8).", number(state, unit), unit=unit.id))
    if swift and movement is not None:
        raise IllegalAction("no-swift-reform", _("A Swift reform is made in the Movement phase's Remaining Moves (§17.1)."))
    if swift and not entry.command.musician:
        raise IllegalAction("no-swift-reform", ngettext("{unit} has no Musician: no Swift reform (§17.1).", "{unit} have no Musician: no Swift reform (§17.1).", number(state, unit), unit=unit.id))
    if not 1 <= files <= unit.models:
        raise IllegalAction("bad-files", ngettext("{unit} has {models} models: between 1 and {models} files.", "{unit} have {models} models: between 1 and {models} files.", number(state, unit), unit=unit.id, models=unit.models))
    narrow = platform_width_problem(state, unit, files)
    if narrow:
        raise IllegalAction("bad-files", ngettext("{unit} cannot reform {files} wide: {problem}.", "{unit} cannot reform {files} wide: {problem}.", number(state, unit), unit=unit.id, files=files, problem=narrow))
    fp = unit.footprint()
    new = reformed(fp, files, normalise(facing))
    if state.noop_reform_v8 and files == unit.formation.files and abs((new.bearing - fp.bearing + 180) % 360 - 180) < 0.5:
        raise IllegalAction("no-change", ngettext(
            "{unit} already stands {files} wide facing {bearing}°: that Reform would change nothing but still count as "
            "its move (§8.13); it keeps its move.",
            "{unit} already stand {files} wide facing {bearing}°: that Reform would change nothing but still count as "
            "their move (§8.13); they keep their move.",
            number(state, unit), unit=unit.id, files=files, bearing=decimal(fp.bearing, "g")))
    moved = reform_displacement(fp, new)
    limit = 2 * (spell_movement(state, unit) if movement is None else movement)
    if moved > limit + EPS_DIST:
        raise IllegalAction("too-far", _("{unit}: reforming to {files} wide would move a model {moved}\"; no model may move more than 2 × M = {limit}\" (§8.13).", unit=unit.id, files=files, moved=decimal(moved, ".1f"), limit=decimal(limit, "g")))
    problem = clearance_problem(new, surroundings(state, {unit.id}), CLEARANCE_END, during=False)
    if problem:
        raise IllegalAction("blocked", ngettext("{unit} can't reform like that: {problem}.", "{unit} can't reform like that: {problem}.", number(state, unit), unit=unit.id, problem=problem))
    passed = False
    if swift:
        ld, source = unit_leadership(state, unit)
        passed = leadership_test(state.rng, ld, _("{unit} Swift reform test (Ld from {source})", unit=unit.id, source=source),
                                 events, seat=unit.owner, reroll=hold_your_ground(state, unit), for_unit=(state, unit))
    unit.formation = Formation(**{**unit.formation.model_dump(), "files": files})
    unit.pose = new.pose
    unit.moved, unit.reformed, unit.swift_reformed = True, not passed, passed
    recentre(state, unit, events)  # its War Platform stays in the centre of the front rank (§22)
    if swift:
        events.append(Event(kind="reform", seat=unit.owner, text=(
            ngettext("Swift reform: {unit} may still shoot this turn (it has moved) and may Advance now (§17.1).",
                     "Swift reform: {unit} may still shoot this turn (they have moved) and may Advance now (§17.1).",
                     number(state, unit), unit=unit.id) if passed else
            ngettext("The Swift reform test failed: {unit} makes a normal Reform (§17.1).",
                     "The Swift reform test failed: {unit} make a normal Reform (§17.1).", number(state, unit), unit=unit.id))))
    ranks = math.ceil(unit.models / files)
    events.append(Event(kind="reform", seat=unit.owner, data={"unit": unit.id},
                        text=ngettext("{unit} reforms {files} wide and {ranks} deep, facing {bearing}°; the farthest model moves {moved}\" of {limit}\".", "{unit} reform {files} wide and {ranks} deep, facing {bearing}°; the farthest model moves {moved}\" of {limit}\".", number(state, unit), unit=unit.id, files=files, ranks=ranks, bearing=decimal(new.bearing, "g"), moved=decimal(moved, ".1f"), limit=decimal(limit, "g"))))


FREE_REFORM_RULES = ("Free Reform", "Skirmishers", "Fast Cavalry", "Fly")


def has_free_reform(state: NinthAgeState, unit: UnitState) -> bool:
    """"Alle Unità composte interamente da modelli con questa regola speciale" (§22 Free Reform): the
    unit and every character in it have Free Reform (Skirmishers, Fast Cavalry and Fly give it); a
    character in a Skirmishers unit has Skirmishers while it stays (§22 Skirmishers)."""
    from engine.rulesets.ninth_age.mixed_units import joined

    skirmish = state.unit_entry(unit).has_rule("Skirmishers")
    return all(skirmish or any(state.unit_entry(u).has_rule(r) for r in FREE_REFORM_RULES)
               for u in [unit] + joined(state, unit))


def free_reform_move(state: NinthAgeState, unit: UnitState, kind: str, x: float, y: float, facing: float, files: int,
                     events: list[Event], *, movement: float | None = None) -> None:
    """A Free Reform unit moves to any legal formation: no model may go farther than M (2M
    marching) along a path around obstacles keeping the 1" rule (§22 Free Reform); ``movement``
    replaces M (a Vanguard move's 12", which never marches)."""
    from engine.table.footprint import Pose, footprint
    from engine.table.motion import bottleneck_assignment
    from engine.table.paths import shortest_path

    may_move(state, unit)
    swift_advance(state, unit, kind)
    if not has_free_reform(state, unit):
        raise IllegalAction("no-free-reform", ngettext("{unit} has no Free Reform: move it with forward:, wheel:, path:.", "{unit} have no Free Reform: move them with forward:, wheel:, path:.", number(state, unit), unit=unit.id))
    entry = state.unit_entry(unit)
    if not 1 <= files <= unit.models:
        raise IllegalAction("bad-files", ngettext("{unit} has {models} models: between 1 and {models} files.", "{unit} have {models} models: between 1 and {models} files.", number(state, unit), unit=unit.id, models=unit.models))
    narrow = platform_width_problem(state, unit, files)
    if narrow:
        raise IllegalAction("bad-files", ngettext("{unit} cannot reform {files} wide: {problem}.", "{unit} cannot reform {files} wide: {problem}.", number(state, unit), unit=unit.id, files=files, problem=narrow))
    flies = flying_movement(state, unit)
    own_m = spell_movement(state, unit) if flies is None else flies
    if movement is not None:
        own_m = movement
    allowance = float(own_m if kind == "advance" else march_allowance(state, unit, own_m))
    failed_test = ""  # a failed March test, told in a refusal too (it read "the forward march allows 7\"")
    if kind == "march":
        if entry.has_rule("Can't March"):  # a model of it has the rule (§14.4)
            raise IllegalAction("cannot-march", ngettext("{unit} can't march.", "{unit} can't march.", number(state, unit), unit=unit.id))
        if cant_march(state, unit):
            raise cant_march_refusal(state, unit, cant_march(state, unit))
        undead_march(state, unit)
        near = [gap(state, unit, e) for e in state.on_table(state.enemy_of(unit.owner))]  # walls (§18.6)
        if near and min(near) <= MARCH_TEST_RANGE + EPS_DIST:
            if not march_test(state, unit, min(near), events):
                allowance = float(own_m)
                failed_test = failed_march_test(unit)
    start = unit.footprint()
    end = footprint(unit.formation.model_copy(update={"files": files}), Pose(x=x, y=y, bearing=normalise(facing)))
    problem = clearance_problem(end, surroundings(state, {unit.id}), CLEARANCE_END, during=False)
    if problem:
        raise IllegalAction("blocked", ngettext("{unit} can't end there: {problem}.", "{unit} can't end there: {problem}.", number(state, unit), unit=unit.id, problem=problem))
    a = [(m.centroid.x, m.centroid.y) for m in start.models]
    b = [(m.centroid.x, m.centroid.y) for m in end.models]
    _skip, match = bottleneck_assignment(a, b)
    around = surroundings(state, {unit.id})
    obstacles = [o.shape for o in around.others.values()] if flies is None else []  # fliers go over them
    if not around.impassable.is_empty and flies is None and not ethereal(state, unit):  # §22 Ethereal: through it
        obstacles.append(around.impassable)
    worst = 0.0
    for i, j in enumerate(match):
        length, _skip = shortest_path(a[i], b[j], obstacles, clearance=1.0)
        worst = max(worst, length)
        if length > allowance + EPS_DIST:
            raise IllegalAction("too-far", _("{unit}: a model would travel {length}\" around the obstacles; Free Reform allows {allowance}\" (§22){failed_test}.", unit=unit.id, length=decimal(length, ".1f"), allowance=decimal(allowance, "g"), failed_test=failed_test))
    swept = [start.shape.union(end.shape).convex_hull]
    ends = [start.shape, end.shape]  # a flier meets only where it takes off and lands (§22 Fly)
    if kind == "march":
        water = water_blocks_march(state, unit, ends if flies is not None else swept, start=start)
        if water:
            raise IllegalAction("cannot-march", ngettext("{unit} can't march into, across or out of Water ({water}, §18.3); advance instead.", "{unit} can't march into, across or out of Water ({water}, §18.3); advance instead.", number(state, unit), unit=unit.id, water=terrain_name(water)))
        standard_strider_used(state, unit, bool(water_blocks_march(state, unit, ends if flies is not None else swept,
                                                                   standard=False, start=start)), events)
    unit.formation, unit.pose = end.formation, end.pose
    unit.moved = True
    unit.marched = kind == "march"
    unit.swift_reformed = False
    recentre(state, unit, events)  # its War Platform stays in the centre of the front rank (§22)
    if flies is not None:
        from engine.rulesets.ninth_age import hidden  # hidden lists: a Flying Carpet flies (§2.4)

        hidden.reveal_flight(state, unit, events)
    if kind == "march":
        terrain_checks(state, unit, kind, swept, events, flying=flies is not None, ends=ends, start=start)
    state.last_moves.append({"unit": unit.id, "kind": kind, "path": [start.centre, end.centre]})
    events.append(Event(kind=kind, seat=unit.owner, data={"unit": unit.id},
                        text=reform_move_line(kind, flies is not None, number(state, unit), unit=unit.id, fly=flies, x=decimal(x, "g"), y=decimal(y, "g"), files=files, bearing=decimal(end.bearing, "g"), worst=decimal(worst, ".1f"), allowance=decimal(allowance, "g"), ground_note=ground_note(state, ends if flies is not None else swept, end.shape, start))))
