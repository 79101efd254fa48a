"""Combat reforms (§11.14), step 12 of a combat round: a unit still fighting is taken up and put
back in any legal formation in base contact with the unit it was fighting: any width, and any
of its four sides against the enemy (its front to face it, or, sideways, a flank; or its rear),
every model within 2 x M of where it stood, never touching a unit it was not fighting, with at
least as many models in contact as before and every character that was in contact still in
contact; once every reform is done, the models that were in contact still are.

The player names the side and the width (two /decide questions); a width that breaks a rule is
refused with the rule it breaks, and "back" returns to the choice of side.
"""

from __future__ import annotations

from collections import Counter

from engine.core.text import N_, ngettext, Text, _, decimal, join, commas
from dataclasses import dataclass
from typing import Callable

from engine.core import Event, IllegalAction
from engine.core.decisions import decide
from engine.rulesets.ninth_age import fighters
from engine.rulesets.ninth_age.front_rank import centre_files
from engine.rulesets.ninth_age.mixed_units import joined, platform_width_problem, war_platform
from engine.rulesets.ninth_age.fighters import enemies_in_contact
from engine.rulesets.ninth_age.grammar import side_word
from engine.rulesets.ninth_age.neighbours import assault_foes
from engine.rulesets.ninth_age.neighbours import surroundings
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState
from engine.table.contact import contact_side, in_contact, models_in_contact
from engine.table.footprint import Footprint, Pose, footprint
from engine.table.frame import EPS_DIST, normalise, right_of, turn_between
from engine.table.motion import CLEARANCE_END, reform_displacement
from engine.rulesets.ninth_age.grammar import number

FACES = ("front", "left", "right", "rear")
TURN = {"front": 0.0, "left": 90.0, "right": -90.0, "rear": 180.0}  # the unit's bearing from "toward the enemy"
WIDEST = 60.0  # inches: no formation wider than the table's short side is tried


@dataclass
class Candidate:
    """One way to put the unit back: ``face`` (its side against the enemy) and ``files``; where
    it would stand, and the rule it would break (None: legal)."""

    face: str
    files: int
    footprint: Footprint
    problem: Text | None


def engaged_sides(state: NinthAgeState, unit: UnitState) -> set[str]:
    fp = unit.footprint()
    return {contact_side(fp, e.footprint()) or "front" for e in enemies_in_contact(state, unit)}


def eligible(state: NinthAgeState, u: UnitState) -> bool:
    """Engaged on one facing only, neither a War Machine nor fighting one (§11.14, §14.4)."""
    if not u.on_table or u.fleeing or not enemies_in_contact(state, u):
        return False
    if assault_foes(state, u):  # an assault on a Building: the garrison stands in it, the assaulter at its walls
        return False
    if len(engaged_sides(state, u)) > 1 or state.unit_entry(u).troop_type == "war machine":
        return False
    return not any(state.unit_entry(e).troop_type == "war machine" for e in enemies_in_contact(state, u))


def _fought_before(state: NinthAgeState, u: UnitState, units: list[str]) -> bool:
    """Every enemy ``u`` touches was in this combat: a pursuer that charged a new enemy does not
    combat reform against it ("a contatto di basetta con la/le Unità con le quale stava
    combattendo prima", §11.14)."""
    return all(e.id in units for e in enemies_in_contact(state, u))


def _characters_in_contact(state: NinthAgeState, unit: UnitState) -> set[str]:
    mine = fighters.character_models(state, unit)
    return {mine[i] for c in fighters.contacts(state, unit) for i in (c.pairs or {}) if i in mine}


def _with_block(state: NinthAgeState, unit: UnitState, formation, pose) -> dict:
    """Put the unit in ``formation`` at ``pose``, its characters as far forward as they stood
    (kept inside the new width) and its command group re-placed (§16.5); returns what to
    restore."""
    saved = {"formation": unit.formation, "pose": unit.pose, "command_at": dict(unit.command_at),
             "chars": {c.id: (c.rank, c.file) for c in joined(state, unit)}}
    unit.formation, unit.pose = formation, pose
    for c in joined(state, unit):
        if c.cells is not None:
            c.file = max(0, min(c.file, formation.files - c.cells[0]))
            spots = centre_files(formation.files, c.cells[0]) if war_platform(state, c) else []
            if spots:  # a War Platform stays in the centre of the front rank (§22)
                c.rank, c.file = 0, min(spots, key=lambda f: abs(f - c.file))
    unit.command_at = {}
    return saved


def _restore(state: NinthAgeState, unit: UnitState, saved: dict) -> None:
    unit.formation, unit.pose, unit.command_at = saved["formation"], saved["pose"], saved["command_at"]
    for c in joined(state, unit):
        c.rank, c.file = saved["chars"][c.id]


def candidates(state: NinthAgeState, unit: UnitState, combat: list[str] | None = None) -> list[Candidate]:
    """Every side and width the unit might reform to against the enemy it fights, each with
    the rule it breaks (§11.14). ``combat``: the units of its combat (by default, those its
    contacts link it to), toward which alone the 1" rule may be ignored."""
    from engine.table.charge import side_frame

    foes = enemies_in_contact(state, unit)
    if not foes:
        return []
    enemy = foes[0]
    efp, fp = enemy.footprint(), unit.footprint()
    eside = contact_side(efp, fp) or "front"
    mid, normal, outward, length = side_frame(efp, eside)
    toward = normalise(outward + 180.0)
    tangent = right_of(outward)
    offset = (fp.centre[0] - mid[0]) * tangent[0] + (fp.centre[1] - mid[1]) * tangent[1]
    offset = max(-length / 2, min(length / 2, offset))
    before = len({i for i, _skip in models_in_contact(fp, efp)})
    chars_before = _characters_in_contact(state, unit)
    limit = 2 * state.unit_entry(unit).movement
    around = surroundings(state, {unit.id})
    fought = {e.id for e in foes}
    if combat is None:
        combat = next((g for g in fighters.combat_groups(state) if unit.id in g), [unit.id])
    others = [o for o in state.on_table() if o.id != unit.id]
    out: list[Candidate] = []
    block = len(unit.formation.slots())
    for face in FACES:
        bearing = normalise(toward + TURN[face])
        for files in range(1, block + 1):
            formation = unit.formation.reformed(files)
            probe = footprint(formation, Pose(x=0, y=0, bearing=bearing))
            if probe.width > WIDEST:
                break
            perp = probe.half_depth if face in ("front", "rear") else probe.half_width
            cx = mid[0] + tangent[0] * offset + normal[0] * perp
            cy = mid[1] + tangent[1] * offset + normal[1] * perp
            new = footprint(formation, Pose(x=cx, y=cy, bearing=bearing))
            out.append(Candidate(face, files, new, _problem(state, unit, new, fp, efp, enemy, before, chars_before,
                                                             limit, around, fought, others, set(combat))))
    return out


def _problem(state, unit, new, fp, efp, enemy, before, chars_before, limit, around, fought, others,
             combat: set[str]) -> Text | None:
    n = number(state, unit)  # "it would overlap" for a Giant, "they would overlap" for Spearmen
    if new.formation.files == fp.formation.files and abs(turn_between(new.bearing, fp.bearing)) < 1e-6 \
            and new.shape.symmetric_difference(fp.shape).area < 1e-6:
        return ngettext("that is the formation it stands in", "that is the formation they stand in", n)
    narrow = platform_width_problem(state, unit, new.formation.files)
    if narrow:  # its War Platform stands in the centre of the front rank (§22)
        return narrow
    after = len({i for i, _skip in models_in_contact(new, efp)})
    if after < before:
        return ngettext("only {after} of its models would touch {enemy}, fewer than the {before} in contact now",
                        "only {after} of their models would touch {enemy}, fewer than the {before} in contact now", n,
                        after=after, enemy=enemy.id, before=before)
    for o in others:
        shape = o.footprint().shape
        if o.id not in fought and new.shape.intersects(shape) and new.shape.intersection(shape).area > 1e-6:
            return ngettext("it would overlap {unit}", "they would overlap {unit}", n, unit=o.id)
        if o.id not in fought and o.owner != unit.owner and in_contact(new, o.footprint()):
            return ngettext("it would touch {unit}, a unit it was not fighting", "they would touch {unit}, a unit they were not fighting", n, unit=o.id)
    for o in others:  # "La regola inerente il 1” di Distanza tra Unità può essere ignorata per le Unità
        # coinvolte nel medesimo combattimento" (§11.14): toward every other unit it holds
        if o.id in combat or o.garrison:
            continue
        gap = new.shape.distance(o.footprint().shape)
        if gap < CLEARANCE_END - EPS_DIST:
            return ngettext("it would stand {gap}\" from {unit}, which is not in its combat (the 1\" rule)",
                            "they would stand {gap}\" from {unit}, which is not in their combat (the 1\" rule)", n,
                     gap=decimal(gap, ".1f"), unit=o.id)
    if state.table.off_table_fraction(new.shape) > 0 or not state.table.fully_on(new.shape):
        return ngettext("it would stand off the table", "they would stand off the table", n)
    if around.impassable is not None and not around.impassable.is_empty and new.shape.intersects(around.impassable):
        return ngettext("it would stand in Impassable Terrain", "they would stand in Impassable Terrain", n)
    moved = reform_displacement(fp, new)
    if moved > limit + EPS_DIST:
        return _("a model would move {moved}\", more than 2 x M = {limit}\"", moved=decimal(moved, ".1f"), limit=limit)
    if chars_before:
        saved = _with_block(state, unit, new.formation, new.pose)
        try:
            lost = sorted(chars_before - _characters_in_contact(state, unit))
        finally:
            _restore(state, unit, saved)
        if lost:
            return _("{characters} was in base contact and would no longer be", characters=commas(lost))
    return None


def _legal(cands: list[Candidate]) -> Text:
    """The legal widths by side, every one of them ("front 1, 2, 3 wide; left 1 wide")."""
    parts = []
    for face in FACES:
        widths = [str(c.files) for c in cands if c.face == face and c.problem is None]
        if widths:
            parts.append(_("{face} {widths} wide", face=side_word(face), widths=commas(widths)))
    return join("; ", parts) if parts else _("none")


Test = Callable[[UnitState, int, str], bool]  # a loser's Leadership test at (Ld, why); True: passed


def chosen_order(state: NinthAgeState, seat: str, key: str, ids: list[str], first: Text, then: Text) -> list[str]:
    """``ids`` in the order ``seat`` picks them, one question for each but the last (the first
    asked as ``first``, the others as ``then``); by default, as listed."""
    rest, out = list(ids), []
    while len(rest) > 1:
        pick = decide(state, seat, key if not out else f"{key}-{len(out)}", then if out else first, rest, default=rest[0])
        out.append(pick)
        rest.remove(pick)
    return out + rest


def combat_reforms(state: NinthAgeState, units: list[str], break_ld: dict[str, tuple[int, str]],
                   events: list[Event], test: Test) -> None:
    """Units still fighting may combat reform (§11.14): never engaged on two facings nor with
    (or as) War Machines; a loser first passes ``test``, a Leadership test at its Break-test Ld.
    The active player picks which player reforms first; each reforms one unit at a time, "nell'ordine
    che preferisce" (seed 001:1839-1841): with two or more units that may reform, their player names
    the order (by default, as the combat lists them)."""

    seats = sorted({state.units[u].owner for u in units})
    wanting = {s: [state.units[u] for u in units if state.units[u].owner == s and eligible(state, state.units[u])
                   and _fought_before(state, state.units[u], units)] for s in seats}
    order = [s for s in seats if wanting[s]]
    if len(order) == 2:
        first = decide(state, state.active, f"reform-first-{units[0]}", _("Both sides may combat reform: who reforms first, you or your opponent?"), ["me", "opponent"], default="me")
        order = [state.active, state.enemy_of(state.active)] if first == "me" else \
            [state.enemy_of(state.active), state.active]
    for seat in order:
        ids = chosen_order(state, seat, f"reform-order-{units[0]}", [u.id for u in wanting[seat]],
                           _("Several of your units may combat reform: which one reforms first?"),
                           _("Which one of your units combat reforms next?"))
        for u in (state.units[i] for i in ids):
            if eligible(state, u):
                _reform_one(state, u, units, break_ld, events, test)


def _reform_one(state: NinthAgeState, u: UnitState, units: list[str], break_ld: dict[str, tuple[int, str]],
                events: list[Event], test: Test) -> None:
    seat = u.owner
    cands = candidates(state, u, units)
    if not any(c.problem is None for c in cands):
        if cands:  # said, not skipped in silence: its player may have chosen to reform first
            problem = Counter(str(c.problem) for c in cands).most_common(1)[0][0]
            reason = next(c.problem for c in cands if str(c.problem) == problem)
            events.append(Event(kind="reform", seat=seat, data={"unit": u.id},
                                text=ngettext("{u} cannot combat reform: no side and width is legal (for most, {problem}) (§11.14).",
                                              "{u} cannot combat reform: no side and width is legal (for most, {problem}) (§11.14).",
                                              number(state, u), u=u.id, problem=reason)))
        return
    enemy = enemies_in_contact(state, u)[0].id
    attempt = 0
    while True:
        suffix = f"-{attempt}" if attempt else ""
        # a side none of whose widths is legal is not offered (rules version 6): each was refused
        # by the width question, with the rule it breaks (§11.14)
        faces = [f for f in FACES if any(c.face == f and (c.problem is None or not state.placement_v6) for c in cands)]
        face = decide(state, seat, f"combat-reform-{u.id}{suffix}", ngettext("{u} may combat reform against {enemy}: with which side against it (front, or sideways a flank, or the rear), or no? Legal: {legal}.", "{u} may combat reform against {enemy}: with which side against it (front, or sideways a flank, or the rear), or no? Legal: {legal}.", number(state, u), u=u.id, enemy=enemy, legal=_legal(cands)), ["no"] + faces, default="no")
        if face == "no":
            events.append(Event(kind="reform", seat=seat, data={"unit": u.id},
                                text=_("No combat reform for {u}.", u=u.id)))
            return
        mine = [c for c in cands if c.face == face]
        legal = [c for c in mine if c.problem is None]
        width = decide(state, seat, f"combat-reform-width-{u.id}{suffix}", ngettext("{u} reforms with its {face} against {enemy}: how many models wide (or back)? Legal: {value}.", "{u} reform with their {face} against {enemy}: how many models wide (or back)? Legal: {value}.", number(state, u), u=u.id, face=side_word(face), enemy=enemy, value=commas(str(c.files) for c in legal) or _('none on this side')),
                       [str(c.files) for c in mine] + ["back"], default=str(legal[0].files) if legal else "back")
        if width == "back":
            attempt += 1
            continue
        chosen = next(c for c in mine if str(c.files) == width)
        if chosen.problem:
            raise IllegalAction("illegal-reform", ngettext("{u} cannot combat reform {width} wide with its {face} against {enemy}: {problem} (§11.14).", "{u} cannot combat reform {width} wide with their {face} against {enemy}: {problem} (§11.14).", number(state, u), u=u.id, width=width, face=side_word(face), enemy=enemy, problem=chosen.problem))
        break
    if u.id in break_ld:
        ld, why = break_ld[u.id]
        if not test(u, ld, why):
            events.append(Event(kind="reform", seat=seat, text=ngettext("{u} fails to combat reform.", "{u} fail to combat reform.", number(state, u), u=u.id)))
            return
    before = {uid: fighters.fighting_models(state, state.units[uid])[0] for uid in units
              if state.units[uid].on_table and uid != u.id}
    saved = _with_block(state, u, chosen.footprint.formation, chosen.footprint.pose)
    if any(not n <= fighters.fighting_models(state, state.units[uid])[0]
           for uid, n in before.items() if state.units[uid].owner == seat):
        _restore(state, u, saved)  # the models that fought must all still fight (§11.14)
        events.append(Event(kind="reform", seat=seat, text=ngettext("{u} cannot reform so: other models of its side would lose contact (§11.14).", "{u} cannot reform so: other models of their side would lose contact (§11.14).", number(state, u), u=u.id)))
        return
    events.append(Event(kind="reform", seat=seat, data={"unit": u.id},
                        text=ngettext("{u} makes a combat reform: {width} wide, its {face} against {enemy}.", "{u} make a combat reform: {width} wide, their {face} against {enemy}.", number(state, u), u=u.id, width=width, face=side_word(face), enemy=enemy)))


# -- the post-combat reform (§11.11) -------------------------------------------------------------
# "l'Unità può ruotare attorno al suo Centro" (§11.11), to any facing: quarter turns, 45° and 135°
# either way, or straight at an enemy unit's centre (face-<unit>)
POST_COMBAT_TURNS = {"stay": 0, "left": -90, "right": 90, "about": 180, "left-45": -45, "right-45": 45,
                     "left-135": -135, "right-135": 135}


def post_combat_turns(state: NinthAgeState, unit: UnitState) -> dict[str, float]:
    """Each post-combat reform by its word, as the bearing it leaves ``unit`` facing."""
    from engine.table.frame import bearing_between

    fp = unit.footprint()
    turns = {word: fp.bearing + turn for word, turn in POST_COMBAT_TURNS.items()}
    for enemy in sorted(state.on_table(state.enemy_of(unit.owner)), key=lambda e: e.id):
        turns[f"face-{enemy.id}"] = bearing_between(fp.centre, enemy.footprint().centre)
    return turns


# the quarter turns a question names first, each said when it is not offered
PIVOTING = {"left": N_("pivoting left"), "right": N_("pivoting right"), "about": N_("pivoting about")}


def post_combat_choices(state: NinthAgeState, unit: UnitState) -> tuple[list[str], list[Text]]:
    """The post-combat reforms ``unit`` may make (§11.11, a pivot about its centre, its models
    "sempre in una posizione legale"): "stay" and each turn that ends at least 1" from every other
    unit and Impassable terrain (§6.3: the rule holds once a unit moves; only named moves are
    exempt); and why each quarter turn left out is (the question names those)."""
    from engine.table.motion import clearance_problem, pivot

    fp = unit.footprint()
    around = surroundings(state, {unit.id})
    options, barred = [], []
    for word, bearing in post_combat_turns(state, unit).items():
        problem = None if word == "stay" else clearance_problem(pivot(fp, bearing), around, CLEARANCE_END,
                                                                during=False)
        if problem is None:
            options.append(word)
        elif word in PIVOTING:
            barred.append(_("{pivoting}, {problem}", pivoting=Text(PIVOTING[word]), problem=problem))
    return options, barred


def not_offered(barred: list[Text]) -> Text | str:
    """The clause a post-combat question adds for the quarter turns it does not offer."""
    return _(" Not offered: {why} (it must end at least 1\" from other units and Impassable terrain, §6.3).",
             why=join("; ", barred)) if barred else ""


def post_combat_reform(state: NinthAgeState, unit: UnitState, choice: str, events: list[Event]) -> None:
    """Make the post-combat reform ``choice`` (one :func:`post_combat_choices` offers; "stay": none)."""
    from engine.table.motion import pivot

    if choice == "stay":
        return
    unit.pose = pivot(unit.footprint(), post_combat_turns(state, unit)[choice]).pose
    many = number(state, unit)
    # said in degrees, never by the option's English word ("pivots about about its centre")
    turn = POST_COMBAT_TURNS.get(choice)
    if choice.startswith("face-"):
        text = ngettext("{unit} makes a post-combat reform: it pivots about its centre to face {enemy}.", "{unit} make a post-combat reform: they pivot about their centre to face {enemy}.", many, unit=unit.id, enemy=choice[len("face-"):])
    elif turn > 0:
        text = ngettext("{unit} makes a post-combat reform: it pivots {degrees}° clockwise about its centre.", "{unit} make a post-combat reform: they pivot {degrees}° clockwise about their centre.", many, unit=unit.id, degrees=turn)
    else:
        text = ngettext("{unit} makes a post-combat reform: it pivots {degrees}° anticlockwise about its centre.", "{unit} make a post-combat reform: they pivot {degrees}° anticlockwise about their centre.", many, unit=unit.id, degrees=-turn)
    events.append(Event(kind="reform", seat=unit.owner, text=text))
