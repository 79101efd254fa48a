"""Characters joining and leaving units (§16.2-16.6): deployed in a unit or joining it, leaving
it, charging out of it, hits on a mixed unit, make way; and Hidden characters (§22 Hidden).

A character in a unit stands inside the block when its base is *matching* (the R&F base, or a
whole multiple of it of at least double in each dimension, [A-29]) and takes as many positions
as its base covers; a non-matching base stands against one side, aligned with the front (at
most one per side), and counts for no rank width (§16.5). Front-Rank models (characters and the
command group) stand as far forward as possible; a character joining may take a Front-Rank
model's place, which then moves as little as it can (E-29).

The block itself (who stands where) is :mod:`.front_rank`; who is in a unit and where a model
stands for a range is :mod:`.mixed_units`; the General's and the BSB's reach is :mod:`.leadership`.
"""

from __future__ import annotations

from engine.core.text import _, decimal, join as text_join, ngettext, commas
from engine.core import Event, IllegalAction
from engine.rulesets.ninth_age.grammar import number
from engine.rulesets.ninth_age.mixed_units import (
    take_out_of_block, character_base, hit_allocation, place_in_block as _place, platform_problem,
    settle_troop_type,
)
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState, troop_word
from engine.table.footprint import Pose

UNJOINABLE_BY_RULE = ("Unbreakable", "Random Movement", "Insignificant", "Otherworldly", "Ethereal")


# -- in play --------------------------------------------------------------------------------------
def join_problem(state: NinthAgeState, char: UnitState, host: UnitState) -> str | None:
    """Why the character may not join the unit (§16.2), or None."""
    centry, hentry = state.unit_entry(char), state.unit_entry(host)
    platform = centry.has_rule("War Platform")  # joins "come se fossero Personaggi" (§22 War Platform)
    if not centry.joins_as_character:
        return _("{char} is not a character", char=char.id)
    if host.owner != char.owner:
        return ngettext("{host} is not yours", "{host} are not yours", number(state, host), host=host.id)
    if host.id == char.id or char.host:
        return _("{char} is already in a unit", char=char.id)
    if host.location != "table":
        return ngettext("{host} is not on the table", "{host} are not on the table", number(state, host), host=host.id)
    if host.fleeing:
        return ngettext("{host} is fleeing", "{host} are fleeing", number(state, host), host=host.id)
    from engine.rulesets.ninth_age.movement import engaged

    if engaged(state, host):
        return ngettext("{host} is engaged in combat", "{host} are engaged in combat", number(state, host), host=host.id)
    if hentry.troop_type == "war machine":
        return _("War Machines cannot be joined")
    if centry.has_rule("Large Target") and not platform:  # "a meno che non si tratti di una Piattaforma da Guerra" (§22)
        return _("{char} is a Large Target and cannot join units", char=char.id)
    for rule in UNJOINABLE_BY_RULE:
        if hentry.has_rule(rule) != centry.has_rule(rule) and hentry.has_rule(rule):
            return ngettext("{host} has {rule} and accepts only characters with {rule}", "{host} have {rule} and accept only characters with {rule}", number(state, host), host=host.id, rule=rule)
    if centry.has_rule("Unbreakable") and not hentry.has_rule("Unbreakable"):  # "possono aggregarsi solo a Unità Irriducibili" (§22)
        return _("{char} is Unbreakable and may join only Unbreakable units", char=char.id)
    if centry.has_rule("Random Movement") and not hentry.has_rule("Random Movement"):  # §22
        return _("{char} has Random Movement and may join only units with Random Movement", char=char.id)
    if platform:
        return platform_problem(state, char, host)
    return None


def join(state: NinthAgeState, char: UnitState, host: UnitState, file: int | None, events: list[Event],
         widen: bool = False, movement: float | None = None) -> None:
    """The Remaining Moves join (§16.2): the character moves into contact and takes its place;
    the unit may not move again this sub-phase; the character counts as having moved.
    ``movement``: a magical move's distance, which replaces M (§9.13)."""
    problem = join_problem(state, char, host)
    if problem:
        raise IllegalAction("cannot-join", _("{char} cannot join {host}: {problem} (§16.2).", char=char.id, host=host.id, problem=problem))
    if char.location != "table":
        raise IllegalAction("cannot-join", _("{char} is not on the table.", char=char.id))
    if char.moved or char.fleeing:
        raise IllegalAction("cannot-join", _("{char} has fled this turn.", char=char.id) if char.fleeing
                            else _("{char} has already moved this turn.", char=char.id))
    if state.unit_entry(char).has_rule("Random Movement"):  # §22: it moves only in the Compulsory Moves
        raise IllegalAction("cannot-join", _("{char} has Random Movement: it does not move in the Remaining Moves; it joins a Random Movement unit by moving into contact with it in the Compulsory Moves (answer 'join <unit>' when asked which way it goes, §22).", char=char.id))
    start, block_before = char.footprint(), host.footprint()
    m = state.unit_entry(char).movement if movement is None else movement
    moved = _place(state, char, host, file, events, widen=widen)
    target = character_base(state, char)
    reach = start.shape.centroid.distance(target.centroid)
    if reach > m + 1e-3:  # the action is refused whole: the game's state is left as it was
        raise IllegalAction("too-far", _("{char} would move {reach}\" to that place in {host}; it has M {m} (§16.2). Choose a nearer file, or move closer first.", char=char.id, reach=decimal(reach, ".1f"), host=host.id, m=m))
    _stands_legally(state, char, host, block_before)
    char.moved = True
    host.joined_this_phase = True
    where = _("against its side (a non-matching base)") if char.cells is None else \
        _("in rank {value}, file {value2}", value=char.rank + 1, value2=char.file + 1)
    events.append(Event(kind="join", seat=char.owner, data={"unit": host.id, "character": char.id},
                        text=text_join("", [_("{char} joins {host} {where}, moving {reach}\" of {m}\"", char=char.id, host=host.id, where=where, reach=decimal(reach, ".1f"), m=m), (_("; {join} moved aside to keep every Front-Rank model as far forward as possible", join=commas(moved)) if moved else ""), _(". The unit may not move again this phase.")])))
    settle_troop_type(state, host, events)  # characters joining a character: a unit of characters only (§14)


def _stands_legally(state: NinthAgeState, char: UnitState, host: UnitState, before, deploying: bool = False) -> None:
    """The unit, grown by the character it takes in (a rank more, a wider rank, a base against its
    side), must stand where a unit may: "viene spostato immediatamente in una posizione legale" (§16.2,
    seed 001:2566) — on the table, 1" from every other unit and from Impassable Terrain (§8.1), in its
    deployment zone while deploying. From rules version 8 (NinthAgeState.join_fits_v8); a game begun
    before let the block grow anywhere. Raised after the placing: the action is refused whole. A unit
    that already stood so (``before``, its footprint without the character) is not refused for it."""
    if not state.join_fits_v8:
        return
    from engine.rulesets.ninth_age.neighbours import surroundings
    from engine.table.motion import CLEARANCE_END, clearance_problem

    around = surroundings(state, {host.id, char.id})
    problem = None
    if clearance_problem(before, around, CLEARANCE_END, during=False) is None:
        problem = clearance_problem(host.footprint(), around, CLEARANCE_END, during=False)
    if problem is None and deploying and not host.scouting:
        from engine.rulesets.ninth_age.setup import _zone_text, zone

        inside = zone(state, host.owner).buffer(1e-6)
        if inside.covers(before.shape) and not inside.covers(host.footprint().shape):
            x0, y0, x1, y1 = host.footprint().shape.bounds
            problem = _("the unit would stand partly outside your deployment zone ({zone_text}), reaching x {x0} to {x1}, "
                        "y {y0} to {y1}", zone_text=_zone_text(state, host.owner), x0=decimal(x0, ".1f"),
                        x1=decimal(x1, ".1f"), y0=decimal(y0, ".1f"), y1=decimal(y1, ".1f"))
    if problem:
        raise IllegalAction("cannot-join", _("{char} cannot join {host} there: with {char} in it {problem} (§16.2).",
                                             char=char.id, host=host.id, problem=problem))


def leave(state: NinthAgeState, char: UnitState, events: list[Event]) -> UnitState:
    """Take a character out of its unit (§16.3), standing where its base stood, facing the unit's
    way: the caller then moves it, and it must end at least 1" from the unit."""
    if char.location != "joined" or not char.host:
        raise IllegalAction("not-joined", _("{char} is not in a unit.", char=char.id))
    host = state.units[char.host]
    from engine.rulesets.ninth_age.movement import engaged

    if engaged(state, host) or host.fleeing or char.moved or host.joined_this_phase:
        raise IllegalAction("cannot-leave", _("{char} cannot leave {host} now: it must be able to move (not engaged, not fleeing, not moved this phase) (§16.3).", char=char.id, host=host.id))
    base = character_base(state, char)
    c = base.centroid
    take_out_of_block(state, char, host, events)
    char.host, char.cells, char.location = None, None, "table"
    char.pose = Pose(x=c.x, y=c.y, bearing=host.pose.bearing)
    settle_troop_type(state, host, events)
    return host


# -- Hidden (§22) -----------------------------------------------------------------------------------
def hide(state: NinthAgeState, char: UnitState, host: UnitState, events: list[Event]) -> None:
    """Deploy a Hidden model secretly in an already deployed unit of the same troop type that it
    could join, not a characters-only unit."""
    centry, hentry = state.unit_entry(char), state.unit_entry(host)
    if not centry.has_rule("Hidden"):
        raise IllegalAction("not-hidden", _("{char} has no Hidden rule; it may join {host} openly.", char=char.id, host=host.id))
    problem = join_problem(state, char, host)
    if problem is None and hentry.is_character:
        problem = _("a characters-only unit hides no one")
    if problem is None and hentry.troop_type != centry.troop_type:
        problem = _("it must have {char}'s troop type ({troop_type}), not {troop_type2}", char=char.id, troop_type=troop_word(centry.troop_type), troop_type2=troop_word(hentry.troop_type))
    if problem:
        raise IllegalAction("cannot-hide", _("{char} cannot hide in {host}: {problem} (§22 Hidden).", char=char.id, host=host.id, problem=problem))
    char.host, char.location, char.pose, char.cells = host.id, "hidden", None, None
    events.append(Event(kind="deploy", seat=char.owner, data={"unit": char.id, "hidden": True},
                        text=_("{name} deploys {char} hidden in one of their units (recorded in secret).", name=state.seat(char.owner).name, char=char.id)))


def reveal_hidden(state: NinthAgeState, char: UnitState, events: list[Event]) -> None:
    """Reveal a Hidden model: it is placed as if it had just joined, as far forward as it can
    without displacing other Front-Rank models, and is a normal model from now on."""
    if char.location != "hidden" or not char.host:
        raise IllegalAction("not-hidden", _("{char} is not hidden.", char=char.id))
    host = state.units[char.host]
    if host.fleeing:
        raise IllegalAction("fleeing", ngettext("{host} is fleeing: {char} cannot be revealed now (§22 Hidden).", "{host} are fleeing: {char} cannot be revealed now (§22 Hidden).", number(state, host), host=host.id, char=char.id))
    if not host.on_table:
        raise IllegalAction("gone", ngettext("{host} is no longer on the table.", "{host} are no longer on the table.", number(state, host), host=host.id))
    start = state.phase == "movement" and state.step == "charges" and not state.charges \
        and not any(u.moved for u in state.units.values())
    end = state.phase == "melee"
    if not (start or end):
        raise IllegalAction("not-now", _("A Hidden model is revealed at the start of a player turn (before any charge is declared) or at its end (the Melee phase, before /end) (§22 Hidden)."))
    char.location = "joined"
    _place(state, char, host, None, events, keep_front_rank=True)
    where = _("against its side") if char.cells is None else _("in rank {value}, file {value2}", value=char.rank + 1, value2=char.file + 1)
    events.append(Event(kind="reveal", seat=char.owner, data={"unit": host.id, "character": char.id},
                        text=_("{char} was hidden in {host} and is revealed {where}.", char=char.id, host=host.id, where=where)))


# -- deployment in a unit ----------------------------------------------------------------------------
def deploy_into(state: NinthAgeState, seat: str, char: UnitState, host: UnitState, file: int | None, hidden: bool,
                events: list[Event], widen: bool = False) -> None:
    """Deploy a character in an already deployed unit (§16.2), or hidden in it (§22 Hidden); it is
    part of its drop of characters like any other (§4.2, [A-4])."""
    from engine.rulesets.ninth_age import setup

    status = state.deploy
    if status is None or status.turn != seat:
        raise IllegalAction("not-your-turn", _("It is not your turn to deploy."))
    if char.owner != seat or char.location != "reserve":
        raise IllegalAction("already-deployed", _("{char} is not one of your units waiting to deploy.", char=char.id))
    if status.step != "units" or char.scouting:
        raise IllegalAction("wrong-step", _("Characters deploy in units during the normal drops."))
    open_group = next((g for g in ("characters", "war machines") if setup._group_started(state, seat, g)), None)
    if open_group and setup.group_of(state, char) != open_group:  # as setup.deploy: a group deploys together
        raise IllegalAction("finish-group", setup._finish_group(open_group))
    if hidden:
        hide(state, char, host, events)
    else:
        problem = join_problem(state, char, host)
        if problem:
            raise IllegalAction("cannot-join", _("{char} cannot deploy in {host}: {problem} (§16.2).", char=char.id, host=host.id, problem=problem))
        block_before = host.footprint()
        moved = _place(state, char, host, file, events, widen=widen)
        _stands_legally(state, char, host, block_before, deploying=True)
        where = _("against its side") if char.cells is None else _("in rank {value}, file {value2}", value=char.rank + 1, value2=char.file + 1)
        events.append(Event(kind="deploy", seat=seat, data={"unit": char.id},
                            text=text_join("", [_("{name} deploys {char} in {host}, {where}", name=state.seat(seat).name, char=char.id, host=host.id, where=where), (_(" ({join} moved aside)", join=commas(moved)) if moved else ""), "."])))
    status.drop_units.append(char.id)
    if status.finished_first and status.finished_first != seat:
        # characters count once for their group ([A-4]'s other reading, deploy_one_by_one: each counts 1);
        # a War Platform that is no character is a unit of its own, or one of the war machines
        group = setup.group_of(state, char)
        if group is None:
            status.uun += 1
        elif group not in status.counted_groups:
            status.counted_groups.append(group)
            status.uun += 1
    if not setup._reserve(state, seat):
        setup._finished(state, seat, events)


def leave_move(state: NinthAgeState, char: UnitState, steps, pivot: float | None, events: list[Event],
               march: bool = False, movement: float | None = None) -> None:
    """Leave the unit and move (§16.3): through its own unit, up to its own M (2M marching, with
    the March test taken for the whole unit first when an enemy is within 8"), ending at least
    1" from the unit; it cannot leave if it cannot get 1" away. ``movement``: a magical move's
    distance, which replaces M, in the Magic phase (§9.13, never a march)."""
    from engine.rulesets.ninth_age.movement import _steps, surroundings
    from engine.table.frame import EPS_DIST, normalise
    from engine.table.motion import Step, check_path, run_move

    if movement is None and (state.phase != "movement" or state.step != "remaining"):
        raise IllegalAction("wrong-phase", _("Characters leave units in the Remaining Moves sub-phase (§16.3)."))
    if march and state.unit_entry(char).has_rule("Can't March"):
        raise IllegalAction("cannot-march", _("{char} can't march.", char=char.id))
    host = state.units[char.host] if char.host else None
    if movement is None and state.leave_v6 and host is not None and char.location == "joined" and (
            host.moved or host.charged or host.failed_charge or host.rallied):
        # it moved with its unit this phase: "se è in grado di muoversi (non è ingaggiato in combattimento,
        # non ha già mosso, non è in fuga, ecc...)" (§16.3, seed 001:2585-2586)
        raise IllegalAction("cannot-leave", _(
            "{char} cannot leave {host} now: it moved with {host} this phase, and a character leaves its unit only "
            "if it has not moved yet (§16.3).", char=char.id, host=host.id))
    m = (state.unit_entry(char).movement if movement is None else movement) * (2 if march else 1)
    if march and host is not None and host.on_table:
        from engine.rulesets.ninth_age.leaders import leadership_test
        from engine.rulesets.ninth_age.movement import MARCH_TEST_RANGE
        from engine.rulesets.ninth_age.walls import gap

        near = [gap(state, host, e) for e in state.on_table(state.enemy_of(char.owner))]  # walls (§18.6)
        if near and min(near) <= MARCH_TEST_RANGE + 1e-3 and not leadership_test(
                state, host, _("{host} March test for the whole unit (enemy {min}\" away)", host=host.id, min=decimal(min(near), ".1f")), events):
            m = state.unit_entry(char).movement
    host = leave(state, char, events)
    plan = ([Step("pivot", normalise(pivot))] if pivot is not None else []) + \
        _steps(steps, normalise(pivot) if pivot is not None else char.footprint().bearing)
    if not plan:
        raise IllegalAction("missing-option", _("Say how it moves out: forward:, back:, left:, right:, path:."))
    result = run_move(char.footprint(), plan)
    if result.length > m + EPS_DIST:
        raise IllegalAction("too-far", _("{char}: {join} uses {length}\"; it has M {m}.", char=char.id, join=commas(result.parts), length=decimal(result.length, ".1f"), m=m))
    problem = check_path(result, surroundings(state, {char.id, host.id}))
    if problem:
        raise IllegalAction("blocked", _("{char} can't move like that: {problem}.", char=char.id, problem=problem))
    from engine.table.footprint import footprint as lay_out

    gap = result.footprint.shape.distance(lay_out(host.formation, host.pose).shape)
    if gap < 1.0 - 1e-3:
        raise IllegalAction("cannot-leave", _("{char} would end {gap}\" from {host}; a character leaves only if it reaches a place at least 1\" from the unit (§16.3).", char=char.id, gap=decimal(gap, ".1f"), host=host.id))
    char.pose = result.footprint.pose
    char.moved = True
    char.marched = march
    events.append(Event(kind="leave", seat=char.owner, data={"unit": host.id, "character": char.id},
                        text=(ngettext("{char} marches out of {host}: {steps}; {length}\" of {m}\" used, {gap}\" from the unit. {host} has not moved.", "{char} marches out of {host}: {steps}; {length}\" of {m}\" used, {gap}\" from the unit. {host} have not moved.", number(state, host), char=char.id, host=host.id, steps=commas(result.parts), length=decimal(result.length, ".1f"), m=m, gap=decimal(gap, ".1f")) if march
                              else ngettext("{char} leaves {host}: {steps}; {length}\" of {m}\" used, {gap}\" from the unit. {host} has not moved.", "{char} leaves {host}: {steps}; {length}\" of {m}\" used, {gap}\" from the unit. {host} have not moved.", number(state, host), char=char.id, host=host.id, steps=commas(result.parts), length=decimal(result.length, ".1f"), m=m, gap=decimal(gap, ".1f")))))


# -- hits on a mixed unit (§16.4, E-57) and make way (§16.6) ------------------------------------------
def even_allocation_problem(total: int, hits: dict[str, int], rank_and_file: int,
                            characters: list[str]) -> str | None:
    """Situation B: ``total`` hits spread as evenly as possible, nobody taking a second before
    every eligible model has taken one, so no model takes more than ceil(total / models);
    ``hits`` is what the attacker gives each character (the rest go to the R&F).

    >>> even_allocation_problem(10, {"Captain": 1}, 12, ["Captain"]) is None
    True
    >>> str(even_allocation_problem(10, {"Captain": 2}, 12, ["Captain"]))
    'Captain takes 2 of 10 hits; spread evenly over 13 models none takes more than 1 (§16.4)'
    """
    models = rank_and_file + len(characters)
    cap = -(-total // models)
    for name, n in hits.items():
        if name not in characters:
            return _("{name} cannot be allocated hits: situation A protects it (§16.4)", name=name)
        if n > cap:
            return (_("{name} takes {value_n} of {total} hits; spread evenly over {models} models none takes more than {cap} (§16.4)", name=name, value_n=n, total=total, models=models, cap=cap))
    if sum(hits.values()) > total:
        return _("{sum} hits allocated of {total}", sum=sum(hits.values()), total=total)
    return None


def template_on_character(state: NinthAgeState, unit: UnitState, character: str) -> str:
    """A template hit on a character in the unit: "transferred" to an R&F model in situation A,
    else the character "takes" it (§16.4)."""
    _skip, exposed = hit_allocation(state, unit)
    return "takes" if character in exposed else "transferred"


# -- charging out of a unit (§16.4) -----------------------------------------------------------------
def step_out_to_charge(state: NinthAgeState, char: UnitState, events: list[Event]) -> UnitState:
    """What a character's charge out of its unit asks and does before the declaration itself
    (§16.4): none of the unit's characters charged out of it this turn and the unit declared no
    charge (else refused), then it stands as a model of its own where its base stood. Returns the
    unit. ``/charge`` goes on to declare it; "Show my moves" does this on a copy of the state and
    asks the declaration's questions there, so it lists the charges out of a unit the command
    accepts."""
    why = unit_may_declare(state, char)
    if why:
        raise IllegalAction("cannot-charge", ngettext("{unit} cannot declare a charge: {why}.", "{unit} cannot declare a charge: {why}.", number(state, char), unit=char.id, why=why))
    host = state.units[char.host]
    if host.declared_charge:
        raise IllegalAction("cannot-charge", ngettext("{host} has declared a charge: {char} charges with it, not out of it (§16.4).", "{host} have declared a charge: {char} charges with them, not out of them (§16.4).", number(state, host), host=host.id, char=char.id))
    slot = (char.rank, char.file, char.cells)
    leave(state, char, events)
    char.charged_out_of = host.id
    char.left_slot = list(slot[:2])
    return host


def charge_out(state: NinthAgeState, char: UnitState, target: UnitState, events: list[Event]) -> None:
    """A character declares a charge out of its unit: it stands as a model of its own where its
    base stood, moving through its unit; the unit and its other characters declare no charge
    this turn. The declaration itself is then the ordinary one (§8.2)."""
    from engine.rulesets.ninth_age import charges

    host = step_out_to_charge(state, char, events)
    charges.declare(state, char, target, events)
    events.append(Event(kind="charge-out", seat=char.owner, data={"unit": host.id, "character": char.id},
                        text=ngettext("{char} charges out of {host}; {host} and its other characters may declare no charge this turn (§16.4).",
                                      "{char} charges out of {host}; {host} and their other characters may declare no charge this turn (§16.4).",
                                      number(state, host), char=char.id, host=host.id)))


def unit_may_declare(state: NinthAgeState, unit: UnitState) -> str | None:
    """Why a unit may not declare a charge because one of its characters charged out of it."""
    out = [u.id for u in state.units.values() if u.charged_out_of == unit.id]
    if out:
        return _("{join} charged out of it this turn (§16.4)", join=commas(out))
    if unit.location == "joined" and unit.host and state.units[unit.host].declared_charge:
        return ngettext("its unit {host} has declared a charge", "its unit {host} have declared a charge", number(state, state.units[unit.host]), host=unit.host)
    # "l'Unità stessa (compresi altri Personaggi in essa presenti) non può dichiarare altre cariche" (§16.4)
    out = [u.id for u in state.units.values() if unit.location == "joined" and unit.host
           and u.charged_out_of == unit.host and u.id != unit.id]
    if out:
        return _("{join} charged out of its unit {host} this turn (§16.4)", join=commas(out), host=unit.host)
    return None


def after_charge_moves(state: NinthAgeState, events: list[Event]) -> None:
    """A character whose charge out of a unit failed and whose failed-charge move did not take
    it 1" from the unit stays in the unit, and the whole unit counts as having failed a charge."""
    for char in [u for u in state.units.values() if u.charged_out_of and u.on_table and u.failed_charge]:
        host = state.units[char.charged_out_of]
        if not host.on_table:
            continue
        gap = char.footprint().shape.distance(host.footprint().shape)
        if gap >= 1.0 - 1e-3:
            continue
        rank, file = char.left_slot or [0, 0]
        char.location = "table"
        _place(state, char, host, file if rank == 0 else None, events)
        host.failed_charge = True
        events.append(Event(kind="failed-charge", seat=char.owner, data={"unit": host.id, "character": char.id},
                            text=ngettext("{char} ends {gap}\" from {host}, less than 1\": it stays in the unit, and {host} counts as having failed a charge (§16.4).", "{char} ends {gap}\" from {host}, less than 1\": it stays in the unit, and {host} count as having failed a charge (§16.4).", number(state, host), char=char.id, gap=decimal(gap, ".1f"), host=host.id)))
