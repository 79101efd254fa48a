"""Casualties and what follows them: the wound pool and removing models from the rear rank
(§12.7-12.8), units destroyed or fleeing off the table, Panic tests and their flee moves
(§8.8, §13), and Dangerous Terrain tests (§18.1).

Every phase uses these: movement (fleeing, dangerous terrain), shooting, melee and magic
(wounds, Heavy Casualties Panic). The attack pipeline that ends here is :mod:`.attacks`.

The wound pool (E-25): the R&F share one pool; whole models are removed whenever possible and
the leftover wounds are kept for later attacks. ``UnitState.wounds_lost`` is that leftover.
"""

from __future__ import annotations

from shapely.ops import nearest_points

from engine.core import Event, roll_dice
from engine.core.text import _, decimal, join as text_join, ngettext, commas
from engine.rulesets.ninth_age.damage import Attack, armour_save_needed, defence
from engine.rulesets.ninth_age.grammar import number, wounds_counted
from engine.rulesets.ninth_age.leadership import charge_dice, hold_your_ground, leadership_test, unit_leadership
from engine.rulesets.ninth_age.neighbours import engaged, surroundings
from engine.rulesets.ninth_age.saves import special_saves
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState, phase_key
from engine.rulesets.ninth_age.walls import gap, outline
from engine.rulesets.ninth_age.terrain_layouts import terrain_name
from engine.rulesets.ninth_age.terrain_rules import crossed, dangerous_features, ethereal, standard_strider_used
from engine.rulesets.ninth_age.terrain_rules import crossed as feature_crossed  # flee() names its crossed units "crossed"
from engine.table.terrain import TerrainFeature
from engine.table.footprint import Pose, footprint
from engine.table.frame import EPS_DIST, bearing_between
from engine.table.motion import CLEARANCE_END, MOVE_SAMPLE, Step, Surroundings, clearance_problem, pivot, \
    run_move, translate

PANIC_RANGE = 6.0
HEAVY_CASUALTIES = 0.25  # §13: a quarter of the models at the start of the phase


# -- the wound pool ---------------------------------------------------------------------------------
def champion_wounds(state: NinthAgeState, unit: UnitState) -> int:
    """W of the unit's Champion as attacks meet it alone: the unit's, +1 in a Wizard Conclave
    (§22 Wizard Conclave, E-37)."""
    return model_wounds(state, unit) + (1 if state.unit_entry(unit).has_rule("Wizard Conclave") else 0)


def conclave_wound(state: NinthAgeState, unit: UnitState) -> int:
    """The Wizard Conclave Champion's "+1 Ferita" (§22) while it stands in the unit: 1, else 0."""
    entry = state.unit_entry(unit)
    return 1 if entry.command.champion and not unit.champion_lost and entry.has_rule("Wizard Conclave") else 0


def wounds_left(state: NinthAgeState, unit: UnitState, per_model: int | None = None) -> int:
    """The wounds the unit's models have left (its wound pool, §12.7): W a model, the Conclave
    Champion's extra wound included, less those carried on the next model and those on the
    Champion's own model (``per_model``: W as the attack meets it, else :func:`model_wounds`)."""
    w = model_wounds(state, unit) if per_model is None else per_model
    on_champion = unit.champion_wounds if unit.models > 0 and not unit.champion_lost else 0
    return unit.models * w + (conclave_wound(state, unit) if unit.models > 0 else 0) - unit.wounds_lost - on_champion


def champion_loses(state: NinthAgeState, unit: UnitState, dealt: int, wounds: int, events: list[Event],
                   cause: str | None = None) -> tuple[int, int]:
    """``dealt`` wounds on the unit's Champion model itself (a challenge, a Conclave Champion's own
    miscast hit), not on the unit's wound pool: they stay on it (``champion_wounds``) until it has
    taken its W ``wounds`` (:func:`champion_wounds`), then its model is removed and the Champion is
    lost (§12.7, §16.9, §17). Returns the wounds it took and those beyond its W."""
    before = unit.champion_wounds  # a model's wounds stay on it from blow to blow and round to round
    if before + dealt < wounds:
        unit.champion_wounds = before + dealt
        return dealt, 0
    taken, over = wounds - before, before + dealt - wounds
    unit.champion_wounds = 0
    unit.champion_lost = True
    leftover, unit.wounds_lost = unit.wounds_lost, 0
    # the Champion's own model goes: one model's worth of the pool (its W beyond that, a Conclave's +1,
    # was taken on the model itself and carries onto no other)
    lose_wounds(state, unit, model_wounds(state, unit), events, cause=cause)
    unit.wounds_lost = leftover if unit.on_table else 0
    return taken, over


def joined_positions(state: NinthAgeState, unit: UnitState) -> int:
    """Positions in the unit's block taken by characters on matching bases (§16.5)."""
    return sum(c.cells[0] * c.cells[1] for c in state.units.values()
               if c.host == unit.id and c.location == "joined" and c.cells is not None)


def model_wounds(state: NinthAgeState, unit: UnitState) -> int:
    """W of one model of the unit, as attacks meet it (§14.4)."""
    return defence(state.unit_entry(unit)).wounds


def lose_wounds(state: NinthAgeState, unit: UnitState, wounds: int, events: list[Event],
                cause: str | None = None, say_wounds: bool = True) -> int:
    """Unsaved wounds fill the wound pool (§12.7): whole models are removed, the rest is kept
    on the unit for later attacks; excess wounds on a wiped-out unit are lost. Returns the
    models removed. ``cause``: the enemy unit that inflicted them (Heavy Casualties, §13).
    Wounds that remove no model are said too ("Stone Thrower: 1 wound, 2 left"), unless
    ``say_wounds`` is False (a line that says them itself, an Unstable unit's).

    Models are removed from the rear rank, the front rank staying where it is; a single rank
    shrinks from both ends (§12.8). The Champion counts as the last R&F model to go (wounds
    pass to it only once the other R&F are gone, §12.7).
    """
    if wounds <= 0 or unit.location != "table":
        return 0
    per_model = model_wounds(state, unit)
    champion = state.unit_entry(unit).command.champion and not unit.champion_lost
    # the Champion goes last (+1 W in a Conclave), less the wounds already on its own model (a challenge's,
    # its own miscast hit)
    last = max(1, champion_wounds(state, unit) - unit.champion_wounds) if champion else per_model
    total = unit.wounds_lost + wounds
    dead = 0
    while dead < unit.models:
        need = last if unit.models - dead == 1 else per_model
        if total < need:
            break
        total, dead = total - need, dead + 1
    unit.wounds_lost = total if dead < unit.models else 0
    _note_losses(state, unit, dead, cause)
    if dead:
        chars = joined_positions(state, unit)
        remove_models(unit, dead, chars, shift=engaged_single_rank_shift(state, unit, dead, chars))
        # Translators: the models a unit has left after its losses ("{unit} loses 2 models; 3 left")
        left = ngettext("{n} left", "{n} left", unit.models)
        # the noun agrees with the models lost, the verb with the unit: a sentence for each
        lost = (ngettext("{unit} loses {n} model; {left}", "{unit} loses {n} models; {left}", dead, unit=unit.id, left=left)
                if number(state, unit) == 1 else
                ngettext("{unit} lose {n} model; {left}", "{unit} lose {n} models; {left}", dead, unit=unit.id, left=left))
        events.append(Event(kind="casualties", seat=unit.owner, data={"unit": unit.id, "removed": dead},
                            text=text_join("", [lost, (ngettext(" ({wounds_lost} wound carried on the next model)", " ({wounds_lost} wounds carried on the next model)", unit.wounds_lost, wounds_lost=unit.wounds_lost) if unit.wounds_lost
                               and unit.models else ""), "."])))
    elif unit.wounds_lost and unit.models and say_wounds:
        # wounded, no model removed (a War Machine, a Giant, Brutes of 3 W): the wounds it took, and
        # what it has left, as a unit that loses models is told what it has left
        if unit.models == 1:
            # Translators: the wounds a unit has left ("Stone Thrower: 1 wound, 2 left")
            left = ngettext("{n} left", "{n} left", wounds_left(state, unit, per_model))
            said = ngettext("{unit}: {n} wound, {left}", "{unit}: {n} wounds, {left}", wounds, unit=unit.id, left=left)
        else:  # "17 left" would read as models: the wounds stay on its next model
            said = ngettext("{unit}: {n} wound, no model removed ({carried} on its next model)",
                            "{unit}: {n} wounds, no model removed ({carried} on its next model)", wounds,
                            unit=unit.id, carried=unit.wounds_lost)
        events.append(Event(kind="wounds", seat=unit.owner, data={"unit": unit.id, "wounds": wounds},
                            text=text_join("", [said, "."])))
    if unit.models <= 0:
        from engine.rulesets.ninth_age.mixed_units import fight_on

        if fight_on(state, unit, events) is None:  # characters left in it are still the unit (§16.2)
            destroy(state, unit, events, ngettext("{unit} is wiped out", "{unit} are wiped out", number(state, unit), unit=unit.id))
    return dead


def remove_models(unit: UnitState, dead: int, characters: int = 0, shift: float = 0.0) -> None:
    """Take ``dead`` models off the rear rank (or both ends of a single rank), keeping the
    middle of the front edge where it was; ``characters``: positions of joined characters,
    which stay in the block (§16.5); ``shift``: how far the middle of a single rank moves
    along its front (more models taken from one end, :func:`engaged_single_rank_shift`)."""
    unit.models = max(0, unit.models - dead)
    if unit.models <= 0 or unit.pose is None:
        return
    old = unit.footprint()
    front = old.world((shift, old.half_depth))
    files = min(unit.formation.files, unit.models + characters)
    formation = unit.formation.model_copy(update={"models": unit.models + characters, "files": files})
    placed = footprint(formation, Pose(x=0, y=0, bearing=old.bearing))
    offset = placed.world((0, placed.half_depth))
    unit.formation = formation
    unit.pose = Pose(x=front[0] - offset[0], y=front[1] - offset[1], bearing=old.bearing)


def engaged_single_rank_shift(state: NinthAgeState, unit: UnitState, dead: int, characters: int = 0) -> float:
    """Where the middle of an engaged single rank moves when ``dead`` of its models are removed
    (§12.8, seed 001:2100-2102): "Se l'Unità ha un solo rango, rimuovere le perdite da entrambi i
    lati, in modo che il numero di Unità (priorità più alta) e il numero di modelli (priorità più
    bassa) in contatto di basetta (con il nemico) sia massimizzato". Every split of the losses
    between the two ends is tried; the one keeping the most enemy units, then the most models,
    in base contact wins, and among equals the most even one (as an unengaged single rank loses
    them, §12.8). 0.0: not engaged, more than one rank, or the even split is as good."""
    from engine.rulesets.ninth_age.fighters import enemies_in_contact
    from engine.table.contact import in_contact, models_in_contact

    if unit.pose is None or dead <= 0 or unit.models - dead <= 0 or unit.garrison:
        return 0.0
    formation = unit.formation
    if formation.models > formation.files:  # more than one rank: losses come from the rear rank
        return 0.0
    enemies = [e.footprint() for e in enemies_in_contact(state, unit) if not e.garrison]
    if not enemies:
        return 0.0
    old = unit.footprint()
    left = unit.models - dead
    after = formation.model_copy(update={"models": left + characters, "files": min(formation.files, left + characters)})
    width = old.width / formation.files  # one model's frontage
    best: tuple[tuple[int, int, int], float] | None = None
    for from_left in range(dead + 1):
        shift = (from_left - (dead - from_left)) * width / 2
        front = old.world((shift, old.half_depth))
        placed = footprint(after, Pose(x=0, y=0, bearing=old.bearing))
        offset = placed.world((0, placed.half_depth))
        fp = footprint(after, Pose(x=front[0] - offset[0], y=front[1] - offset[1], bearing=old.bearing))
        units = sum(1 for e in enemies if in_contact(fp, e))
        models = len({i for e in enemies for i, _j in models_in_contact(fp, e)})
        key = (units, models, -abs(2 * from_left - dead))
        if best is None or key > best[0]:
            best = (key, shift)
    return best[1] if best else 0.0


def _note_losses(state: NinthAgeState, unit: UnitState, dead: int, cause: str | None) -> None:
    key = phase_key(state)
    if unit.phase_key != key:
        unit.phase_key, unit.phase_start_models, unit.phase_lost, unit.phase_causes = key, unit.models, 0, []
    unit.phase_lost += dead
    if cause and cause not in unit.phase_causes:
        unit.phase_causes.append(cause)


def heavy_casualties(state: NinthAgeState, unit: UnitState, events: list[Event]) -> None:
    """Step 6 of the attack sequence (§12.2): a unit that has lost 25 % or more of the models it
    had at the start of this phase tests for Panic (§13, E-53); if one enemy unit caused all
    those losses, a failure flees directly away from it, else from the nearest enemy (losses a friend
    caused, a miscast's, are no enemy's). A mixed
    unit whose R&F were all slain tests as the characters left of it (§16.2)."""
    from engine.rulesets.ninth_age.mixed_units import successor

    unit = state.units[successor(state, unit.id)]
    if not unit.on_table or unit.phase_key != phase_key(state) or not unit.phase_lost:
        return
    if unit.phase_lost < HEAVY_CASUALTIES * unit.phase_start_models - 1e-9:
        return
    # "one enemy unit caused all those losses": not a friend (a miscasting wizard's own unit, a friendly
    # unit under its template), which would have the unit flee from itself or its own side
    source = unit.phase_causes[0] if len(unit.phase_causes) == 1 else None
    if source is not None and (source not in state.units or state.units[source].owner == unit.owner):
        source = None
    panic(state, unit, events, _("Heavy Casualties: {phase_lost} of {phase_start_models} models lost this phase", phase_lost=unit.phase_lost, phase_start_models=unit.phase_start_models), source=source)


# -- destroyed units, Panic, fleeing ------------------------------------------------------------------
def destroy(state: NinthAgeState, unit: UnitState, events: list[Event], text: str, fled: bool = False) -> None:
    """The unit leaves play; friends within 6" test for Panic (measured just before, [A-61])."""
    where = outline(state, unit) if unit.pose is not None else None  # a garrison: its walls (§18.6)
    # a standard bearer removed as a casualty while engaged: the standard is captured (§17.2, §20.1)
    unit.slain_engaged = not fled and unit.on_table and engaged(state, unit)
    unit.location = "fled" if fled else "destroyed"
    unit.fleeing = False
    events.append(Event(kind="destroyed", seat=unit.owner, data={"unit": unit.id}, text=text_join("", [text, "."])))
    for c in state.units.values():  # the characters in it share its fate (they stayed 'joined' to nothing)
        if c.location == "joined" and c.host == unit.id:
            c.location, c.fleeing = unit.location, False
            events.append(Event(kind="destroyed", seat=c.owner, data={"unit": c.id},
                                text=(_("{c} leaves the table with {unit}.", c=c.id, unit=unit.id) if fled
                                      else _("{c} is lost with {unit}.", c=c.id, unit=unit.id))))
    if where is None:
        return
    for friend in state.on_table(unit.owner):
        if gap(state, friend, where) <= PANIC_RANGE + EPS_DIST and not insignificant(state, unit, friend):
            panic(state, friend, events, ngettext("{unit} was destroyed within 6\" of {friend}", "{unit} were destroyed within 6\" of {friend}", number(state, unit), unit=unit.id, friend=friend.id))


def insignificant(state: NinthAgeState, cause: UnitState, friend: UnitState) -> bool:
    """A unit made up entirely of Insignificant models causes no Panic test in a unit without
    the rule (§22 Insignificant)."""
    return state.unit_entry(cause).has_rule("Insignificant") and not state.unit_entry(friend).has_rule("Insignificant")


_destroy = destroy  # the name charges.py used


def panic(state: NinthAgeState, unit: UnitState, events: list[Event], cause: str, source: str | None = None) -> None:
    """A Panic test (§13). No test when engaged, fleeing, already passed one this phase, or
    Immune to Psychology. A failure flees directly away from ``source`` (the enemy unit that
    caused it, centre to centre) or else from the nearest enemy model; war machines instead
    lose their next Shooting phase."""
    entry = state.unit_entry(unit)
    if unit.fleeing or not unit.on_table or engaged(state, unit):
        return
    if unit.panic_passed == phase_key(state):
        events.append(Event(kind="panic", seat=unit.owner, text=ngettext("{unit} already passed a Panic test this phase and does not test again ({cause}).", "{unit} already passed a Panic test this phase and do not test again ({cause}).", number(state, unit), unit=unit.id, cause=cause)))
        return
    from engine.rulesets.ninth_age.fighters import psychology_immune

    if psychology_immune(state, unit):  # ITP, or what gives it: Frenzy, Stupidity, Unbreakable, Undead (§22)
        events.append(Event(kind="panic", seat=unit.owner, text=ngettext("{unit} is immune to Panic ({cause}).", "{unit} are immune to Panic ({cause}).", number(state, unit), unit=unit.id, cause=cause)))
        return
    ld, why = unit_leadership(state, unit)
    if leadership_test(state.rng, ld, _("{unit} Panic test ({cause}; Ld from {why})", unit=unit.id, cause=cause, why=why), events, seat=unit.owner,
                       reroll=hold_your_ground(state, unit), for_unit=(state, unit)):
        unit.panic_passed = phase_key(state)
        return
    if entry.troop_type == "war machine":
        unit.no_shoot_round, unit.no_shoot_seat = _next_shooting(state, unit.owner)
        events.append(Event(kind="panic", seat=unit.owner, text=ngettext("{unit} may not shoot in its next Shooting phase.", "{unit} may not shoot in their next Shooting phase.", number(state, unit), unit=unit.id)))
        return
    fp = unit.footprint()
    if source and state.units.get(source) is not None and state.units[source].on_table:
        away = bearing_between(state.units[source].footprint().centre, fp.centre)
        flee(state, unit, away, events, reason=ngettext("{unit} panics and flees from {source}", "{unit} panic and flee from {source}", number(state, unit), unit=unit.id, source=source))
        return
    enemies = state.on_table(state.enemy_of(unit.owner))
    if not enemies:
        flee(state, unit, None, events, reason=ngettext("{unit} panics and flees", "{unit} panic and flee", number(state, unit), unit=unit.id))
        return
    nearest = min(enemies, key=lambda e: gap(state, unit, e))  # a garrison: its walls (§18.6)
    _skip, b = nearest_points(outline(state, unit), outline(state, nearest))
    away = bearing_between((b.x, b.y), fp.centre)
    flee(state, unit, away, events, reason=ngettext("{unit} panics and flees from {nearest}", "{unit} panic and flee from {nearest}", number(state, unit), unit=unit.id, nearest=nearest.id))


def _next_shooting(state: NinthAgeState, seat: str) -> tuple[int, str]:
    """The game turn of ``seat``'s next Shooting phase: this turn's while it is still to come
    (its own Movement or Magic phase), else its next player turn's."""
    if state.active == seat and state.phase in ("movement", "magic"):
        return state.round, seat
    if state.active == seat or seat == state.first_player:
        return state.round + 1, seat
    return state.round, seat


def flee(state: NinthAgeState, unit: UnitState, bearing: float | None, events: list[Event], reason: str,
         exempt: frozenset[str] = frozenset()) -> int:
    """A flee move (§8.8): pivot (unless ``bearing`` is None: straight on), 2D6 (Swiftstride
    3D6 keep 2) straight through everything, extended to clear 1"; off the table if it touches
    an edge. Returns the flee distance rolled (pursuers compare against it, §11.12); enemies in
    ``exempt`` (those of the combat it flees from) cause no Dangerous Terrain test."""
    from engine.rulesets.ninth_age import random_movement

    from engine.rulesets.ninth_age.mixed_units import swiftstride

    rolled = random_movement.roll(state, unit, "flee")
    if rolled is not None:  # Random Movement: always X, never Swiftstride (§22)
        go, faces, x = rolled
        roll, swift = None, False
        reason = _("{reason} (Random Movement {x}: {dice})", reason=reason, x=x, dice=commas(map(str, faces)) or x)
    else:  # a Stalker's Standard is used (and a hidden one revealed) only when the dice are rolled
        swift = swiftstride(state, unit, events)  # the whole unit's, Fly's, a Stalker's Standard's (§22, §23.8)
        roll = roll_dice("3d6" if swift else "2d6", state.rng, purpose=_('{unit} flee distance', unit=unit.id))
        go = sum(charge_dice(roll.dice, swiftstride=swift))
    unit.fleeing, unit.left_table_at = True, None
    unit.fled_by_choice = False  # a charge reaction sets it again when Fast Cavalry chose to flee (§22)
    left_building = unit.garrison  # a garrison failing its Panic test flees out of its Building (§18.6)
    if left_building:
        unit.garrison = unit.garrison_round = unit.garrison_seat = None
        events.append(Event(kind="leave-building", seat=unit.owner, data={"unit": unit.id, "building": left_building},
                            text=ngettext("{unit} flees out of {building} (§18.6), from its middle.", "{unit} flee out of {building} (§18.6), from its middle.", number(state, unit), unit=unit.id,
                                   building=left_building)))
    fp = unit.footprint()
    if bearing is not None:
        fp = pivot(fp, bearing)
    result = run_move(fp, [Step("forward", go)])
    around = surroundings(state, {unit.id})
    end, extra, extended = result.footprint, 0.0, []
    while clearance_problem(end, _no_table(around), CLEARANCE_END, during=False) and extra < 200:
        extra += MOVE_SAMPLE
        end = translate(result.footprint, 0, extra)
        extended.append(end)  # the extension is flee distance too: what it passes through is crossed (§8.8)
    path = result.path + extended
    events.append(Event(kind="roll", seat=unit.owner, roll=roll, text=text_join("", [_("{reason}: {go}\"", reason=reason, go=go), (_(" (Swiftstride: the best two of 3D6)") if swift else ""), (_(" (+{extra}\" to clear 1\")", extra=decimal(extra, ".1f")) if extra else ""), "."])))
    crossed = {k for p in path for k, o in around.others.items() if p.shape.intersects(o.shape)}
    gone = next((p for p in path if state.table.touches_edge(p.shape)), None)
    if gone is not None:
        # the point it left from: a pursuer pivots to face it (§11.13, "il punto dove si trovava l'Unità")
        unit.left_table_at = (gone.centre[0], gone.centre[1])
        gone_text = ngettext("{unit} flees off the table", "{unit} flee off the table", number(state, unit), unit=unit.id)
        # the board draws its flight to the point of the edge it left by (§24.10 flee vectors)
        state.last_moves.append({"unit": unit.id, "kind": "flee", "label": gone_text, "path": [
            list(fp.centre), list(state.table.edge_point(fp.centre, fp.world((0, fp.half_depth))))]})
        destroy(state, unit, events, gone_text, fled=True)
        return go
    unit.pose = end.pose
    # the board captions the flight with the dice's distance and the way it went (extended to clear 1")
    state.last_moves.append({"unit": unit.id, "kind": "flee", "path": [fp.centre, end.centre],
                             "label": rolled_and_moved(go, distance_moved(fp, end))})
    # through enemies or impassable terrain: Dangerous Terrain failing on 1-3; through
    # dangerous terrain: the standard test (once per feature, §18.1); a feature it only stood
    # against where the flight began (fp, turned to flee) counts only if it goes into it
    shapes = [p.shape for p in path]
    through_enemy = [k for k in sorted(crossed) if state.units[k].owner != unit.owner and k not in exempt]
    through_rock = [t.name for t in state.table.features("impassable") if t.name != left_building
                    and feature_crossed(t, shapes, fp) and not ethereal(state, unit)]  # §22 Ethereal: open to it
    from engine.rulesets.ninth_age.mixed_units import joined

    inside = joined(state, unit)  # each model tests for each obstacle (§18.1), its characters too when
    for what in through_enemy + through_rock:  # an earlier test left them alone as the unit (§16.2)
        why = _("fleeing through {what}", what=what)
        if unit.on_table and unit.models > 0:
            dangerous_terrain(state, unit, 3, why, events, characters=[])
        for char in inside:
            if char.location == "joined" or char.on_table:
                character_dangerous_terrain(state, char, 3, why, events)
    dangers = {x.feature.name for x in dangerous_features(state, unit)}
    standard_strider_used(state, unit, any(  # a Stalker's Standard spares it a test (§2.4, §23.8)
        d.feature.name not in dangers and feature_crossed(d.feature, shapes, fp)
        for d in dangerous_features(state, unit, standard=False)), events)
    for feature, testers in model_dangers(state, unit):
        if feature_crossed(feature, shapes, fp):
            feature_tests(state, unit, testers, lambda danger: _("fleeing through {feature}; {why}", feature=terrain_name(feature.name), why=danger.why), events)
    from engine.rulesets.ninth_age.mixed_units import successor

    if not state.units[successor(state, unit.id)].on_table:  # its characters left as the unit flee on (§16.2)
        return go
    for k in sorted(crossed):
        other = state.units[k]
        if other.owner == unit.owner and not insignificant(state, unit, other):
            events.append(Event(kind="panic-cause", seat=other.owner, text=ngettext("{unit} flees through {k}.", "{unit} flee through {k}.", number(state, unit), unit=unit.id, k=k)))
            panic(state, other, events, ngettext("{k} is passed through by fleeing {unit}", "{k} are passed through by fleeing {unit}", number(state, other), k=k, unit=unit.id))
    return go


def rolled_and_moved(go: float, done: float) -> str:
    """A flee's or a pursuit's caption on the board (§24.10 flee and pursuit vectors): the
    distance rolled and the distance moved (a flight extended to clear 1" moves farther, a
    pursuit stopped short moves less)."""
    return _("{go}\" rolled, {done}\" moved", go=decimal(go, "g"), done=decimal(done, ".1f"))


def distance_moved(start, end) -> float:
    """How far a footprint's centre went from ``start`` to ``end`` (a straight move)."""
    (x1, y1), (x2, y2) = start.centre, end.centre
    return ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5


def _no_table(around: Surroundings) -> Surroundings:
    return Surroundings(others=around.others, impassable=around.impassable, table=None, names=around.names,
                        blockers=around.blockers)


# -- Dangerous Terrain ----------------------------------------------------------------------------------
DANGEROUS_DICE = {"monstrous infantry": 2, "monstrous beast": 2, "monstrous cavalry": 2, "chariot": 4,
                  "monster": 4, "ridden monster": 4}
DANGEROUS_WOUND = Attack(strength=None, category="special", armour_piercing=6, source="Dangerous Terrain")


def dangerous_terrain_wounds(dice: list[int], fail_max: int) -> int:
    """Each die of ``fail_max`` or less is a wound (§18.1; E-54: 1, 1, 4, 6 failing on 1 -> 2)."""
    return sum(1 for d in dice if d <= fail_max)


def dangerous_terrain(state: NinthAgeState, unit: UnitState, fail_max: int, why: str, events: list[Event], *,
                      characters: list[UnitState] | None = None) -> None:
    """A Dangerous Terrain test (§18.1): per model 1, 2 or 4 D6 by troop type; each die of
    ``fail_max`` or less is a wound with Armour Piercing (6), so no armour save can stop it;
    ward saves and Regeneration still apply (E-54). The test is the model's ("Quando un modello
    marcia [...] deve superare un test"): the rank and file roll together, and each character in
    the unit rolls its own test by its own troop type (``characters``: those that test, all the
    characters in the unit unless given)."""
    from engine.rulesets.ninth_age.mixed_units import joined

    inside = joined(state, unit) if characters is None and unit.on_table else list(characters or [])
    if unit.on_table and unit.models > 0:
        entry = state.unit_entry(unit)
        per_model = DANGEROUS_DICE.get(entry.troop_type, 1)
        roll = roll_dice(f"{per_model * unit.models}d6", state.rng, purpose=_('{unit} Dangerous Terrain ({why})', unit=unit.id, why=why))
        wounds = dangerous_terrain_wounds(roll.dice, fail_max)
        said_wounds = wounds_counted(wounds)
        events.append(Event(kind="roll", seat=unit.owner, roll=roll, text=ngettext("{unit} takes a Dangerous Terrain test ({why}; {per_model}D6 a model, each {failing} a wound): {wounds} with Armour Piercing (6).", "{unit} take a Dangerous Terrain test ({why}; {per_model}D6 a model, each {failing} a wound): {wounds} with Armour Piercing (6).", number(state, unit), unit=unit.id, why=why, per_model=per_model, failing=("1" if fail_max == 1 else f"1-{fail_max}"), wounds=said_wounds)))
        assert armour_save_needed(defence(entry).armour, None, DANGEROUS_WOUND.armour_piercing) is None
        wounds = special_saves(state, unit, DANGEROUS_WOUND, wounds, events)
        if wounds:
            lose_wounds(state, unit, wounds, events)
    for char in inside:
        character_dangerous_terrain(state, char, fail_max, why, events)


def character_dangerous_terrain(state: NinthAgeState, char: UnitState, fail_max: int, why: str,
                                events: list[Event]) -> None:
    """A character's own Dangerous Terrain test inside its unit (§18.1, §16.2): its dice by its
    own troop type, its own ward or Regeneration, the wounds on it alone; at its W it is slain
    and leaves the unit (§16.5). A character left as the unit when its rank and file fell in
    the same test (§16.2) still tests, as that unit."""
    from engine.rulesets.ninth_age.mixed_units import lose_character_wounds

    if char.on_table:  # the unit's rank and file were all slain: it is the unit now
        dangerous_terrain(state, char, fail_max, why, events, characters=[])
        return
    if char.location != "joined" or not char.host:
        return
    per_model = DANGEROUS_DICE.get(state.unit_entry(char).troop_type, 1)
    roll = roll_dice(f"{per_model}d6", state.rng, purpose=_('{unit} Dangerous Terrain ({why})', unit=char.id, why=why))
    wounds = dangerous_terrain_wounds(roll.dice, fail_max)
    events.append(Event(kind="roll", seat=char.owner, roll=roll, text=ngettext("{char} in {host} takes its own Dangerous Terrain test ({why}; {per_model}D6, each {failing} a wound): {wounds} wound with Armour Piercing (6).", "{char} in {host} takes its own Dangerous Terrain test ({why}; {per_model}D6, each {failing} a wound): {wounds} wounds with Armour Piercing (6).", wounds, char=char.id, host=char.host, why=why, per_model=per_model, failing=("1" if fail_max == 1 else f"1-{fail_max}"), wounds=wounds)))
    if not wounds:
        return
    wounds = special_saves(state, char, DANGEROUS_WOUND, wounds, events)
    if wounds:
        lose_character_wounds(state, char, wounds, events, _("{char}: Dangerous Terrain", char=char.id))


def model_dangers(state: NinthAgeState, unit: UnitState, *, flying: bool = False) -> list[tuple[TerrainFeature, list]]:
    """The features Dangerous to the unit's models, each with who tests for it: ``None`` for the
    rank and file, else a character in the unit, with its :class:`.terrain_rules.Danger` (the
    test is each model's, by its own troop type and rules, §18.1). In table order."""
    from engine.rulesets.ninth_age.mixed_units import joined

    found: dict[str, tuple[TerrainFeature, list]] = {}
    for danger in dangerous_features(state, unit, flying=flying):
        found.setdefault(danger.feature.name, (danger.feature, []))[1].append((None, danger))
    for char in joined(state, unit):
        for danger in dangerous_features(state, char, flying=flying, host=unit):
            found.setdefault(danger.feature.name, (danger.feature, []))[1].append((char, danger))
    order = [t.name for t in state.table.terrain]
    return [found[k] for k in sorted(found, key=order.index)]


def feature_tests(state: NinthAgeState, unit: UnitState, testers: list, what, events: list[Event]) -> None:
    """One crossed feature's Dangerous Terrain tests: the rank and file's, then each character's
    that finds it Dangerous; ``what(danger)``: the reason said."""
    from engine.rulesets.ninth_age.mixed_units import successor

    rf = [d for who, d in testers if who is None]
    if rf and unit.on_table:
        dangerous_terrain(state, unit, rf[0].fail_max, what(rf[0]), events, characters=[])
    for who, danger in testers:
        if who is None:
            continue
        if who.location == "joined" or (who.on_table and successor(state, unit.id) == who.id):
            character_dangerous_terrain(state, who, danger.fail_max, what(danger), events)


def terrain_checks(state: NinthAgeState, unit: UnitState, kind: str, path_shapes: list, events: list[Event], *,
                   flying: bool = False, ends: list | None = None, start=None) -> None:
    """After a march or a charge (or a pursuit, an overrun): one Dangerous Terrain test per
    feature crossed that is dangerous to this unit (§18.1, :func:`.terrain_rules.dangerous_features`)
    for its rank and file, and its characters' own tests for the features Dangerous to them
    (:func:`model_dangers`). A flying move only meets the ground it takes off from and lands in
    (``ends``), and the forests it flies over (§22 Fly). ``start``: where the move began (the
    shape or footprint; a feature it only stands against is met as :func:`.terrain_rules.crossed` says)."""
    doing = {"march": _("marching"), "charge": _("charging"), "pursuit": _("pursuing"), "overrun": _("overrunning")}.get(kind, kind)
    dangers = {x.feature.name for x in dangerous_features(state, unit, flying=flying)}
    standard_strider_used(state, unit, any(  # a Stalker's Standard spares it a test (§2.4, §23.8)
        d.feature.name not in dangers and crossed(d.feature, path_shapes if not flying or d.feature.kind == "forest"
                                                  else (ends or path_shapes), start)
        for d in dangerous_features(state, unit, flying=flying, standard=False)), events)
    for feature, testers in model_dangers(state, unit, flying=flying):
        shapes = path_shapes if not flying or feature.kind == "forest" else (ends or path_shapes)
        if crossed(feature, shapes, start):
            feature_tests(state, unit, testers, lambda danger: _("{doing} through {feature}; {why}", doing=doing, feature=terrain_name(feature.name), why=danger.why), events)
