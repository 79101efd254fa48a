"""Summoned units (§7.9, seed 001:785-792, "UNITÁ EVOCATE"): a unit created during play by a
spell (its lore gives the profile, :class:`~engine.rulesets.ninth_age.spell_effects.Summon`) or
by an army-book ability the data cannot carry (``/summon``).

The player gives the unit's pose as deployment does (its centre x, y, a facing, a width in
files); the engine checks it and places the whole unit or nothing:

- every model within the spell's or ability's range of the summoner, measured as a spell's range
  is (from the caster's unit, :func:`engine.rulesets.ninth_age.walls.gap`);
- a Ground spell's: at least one model on the target point;
- every model at least 1" from every other unit and from Impassable Terrain, all of it on the
  table (the same clearance a deployed unit keeps, :func:`engine.table.motion.clearance_problem`);
- "Se l'intera Unità non può essere posizionata, allora nessun modello può esserlo": a pose that
  fails any of these places no model, and says why.

Once summoned "la nuova Unità opera come una qualunque altra Unità dell'esercito": a UnitState of
its summoner's seat like any other, its profile kept in ``NinthAgeState.summoned``. Rulings
where the seed is silent:

- the turn it appears: it is a new unit that has done nothing yet this turn (every per-turn flag
  clear), so it may do whatever is left of the turn a unit that has not moved may do: summoned
  in the Magic phase it shoots in the Shooting phase that follows, if it has missile weapons; it
  moves and charges from its side's next Movement phase;
- it gives no Victory Points at all (§20.1 "Le Unità evocate non concedono Punti Vittoria"):
  not destroyed nor fled, not fleeing nor Decimated, not a captured standard
  (:func:`engine.rulesets.ninth_age.victory.ledger`); it may still hold a secondary objective
  (§20.2), as any other unit of its army;
- its profile is a unit's, never a character's, with no magic items nor bound spells
  (:func:`engine.rulesets.ninth_age.army.summon_problem`);
- ``/summon`` is the owning player's, in their own player turn, in any of its phases (an army
  book says when its ability works; the engine checks the placement and logs the reason given).
"""

from __future__ import annotations

from shapely.geometry import Point as ShapelyPoint
from pydantic import ValidationError

from engine.core import Event, IllegalAction
from engine.core.errors import validation_problems
from engine.core.text import Text, _, commas, decimal, join as text_join, ngettext
from engine.rulesets.ninth_age.grammar import entry_number
from engine.rulesets.ninth_age.army import Unit, summon_problem
from engine.rulesets.ninth_age.damage import roll_value
from engine.rulesets.ninth_age.neighbours import surroundings
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState, troop_count
from engine.rulesets.ninth_age.walls import gap
from engine.table.footprint import Formation, Pose
from engine.table.frame import normalise
from engine.table.motion import CLEARANCE_END, clearance_problem

EPS = 1e-3  # EPS_DIST of §24.1: "within X" is decided in the summoner's favour by this much
PLAY_PHASES = ("movement", "magic", "shooting", "melee")


def profiles(state: NinthAgeState, seat: str) -> dict[str, Unit]:
    """Every profile ``seat`` may summon with ``/summon``, by name: its army list's unit entries
    (not characters), then the units its lores' spells summon."""
    out: dict[str, Unit] = {}
    army = state.armies[seat]
    for entry in army.units:
        if summon_problem(entry) is None:
            out.setdefault(entry.name, entry)
    for lore in army.lores:
        for spell in lore.spells:
            for boosted in (False, True):
                entry = spell.summons(boosted)
                if entry is not None:
                    out.setdefault(entry.name, entry)
    return out


def profile(state: NinthAgeState, seat: str, name) -> Unit:
    """The profile ``name`` names (an army entry or a lore's summoned unit), or a refusal."""
    key = str(name or "").strip().casefold()
    known = profiles(state, seat)
    if not key:
        raise IllegalAction("missing-option", _("Say which unit to summon (unit:NAME): {names}.",
                                                names=commas(known) or _("none")))
    found = [e for n, e in known.items() if n.casefold() == key] or \
        [e for n, e in known.items() if n.casefold().startswith(key)]
    if len(found) != 1:
        entry = next((u for u in state.armies[seat].units if u.name.casefold() == key), None)
        if entry is not None and summon_problem(entry):
            raise IllegalAction("cannot-summon", ngettext("{unit} cannot be summoned: {why}.", "{unit} cannot be summoned: {why}.", entry_number(entry), unit=entry.name,
                                                   why=summon_problem(entry)))
        raise IllegalAction("unknown-profile", _("There is no profile {name!r} to summon; yours are {names}.",
                                                 name=str(name)[:40], names=commas(known) or _("none")))
    return found[0]


def new_id(state: NinthAgeState, name: str) -> str:
    """The summoned unit's id: its profile's name, numbered after the first ("Barrow Wolves 2")."""
    if name not in state.units:
        return name
    n = 2
    while f"{name} {n}" in state.units:
        n += 1
    return f"{name} {n}"


def sized(entry: Unit, models: int, files: int | None) -> Unit:
    """The profile with ``models`` models, ``files`` wide (default its own width, or fewer), checked
    as an army file's unit entry."""
    width = files or min(entry.default_files, models)
    data = {**entry.model_dump(), "models": models, "files": width}
    try:
        return Unit.model_validate(data)
    except ValidationError as exc:
        field, reason = validation_problems(exc, default_field="unit")[0]
        raise IllegalAction("cannot-summon", ngettext("{unit} cannot be summoned so: {field}: {reason}.", "{unit} cannot be summoned so: {field}: {reason}.", entry_number(entry), unit=entry.name,
                                               field=field, reason=reason)) from None


def standing(state: NinthAgeState, seat: str, entry: Unit, x: float, y: float, facing: float) -> UnitState:
    """The new unit as it would stand at (x, y) facing ``facing`` (not yet in the state)."""
    formation = Formation(base_width_mm=entry.base[0], base_depth_mm=entry.base[1], files=entry.default_files,
                          models=entry.models, skirmish=entry.has_rule("Skirmishers"), round_base=entry.round_base)
    return UnitState(id=new_id(state, entry.name), owner=seat, entry=len(state.summoned.get(seat, [])),
                     summoned=True, formation=formation, pose=Pose(x=x, y=y, bearing=normalise(facing)),
                     location="table", models=entry.models, start_models=entry.models)


def placement_problem(state: NinthAgeState, unit: UnitState, *, source: UnitState | None = None,
                      reach: float | None = None, point: tuple[float, float] | None = None) -> Text | None:
    """Why ``unit`` cannot be summoned where it stands, or None (§7.9): a model beyond ``reach``
    of ``source`` (the caster's unit), no model on a Ground spell's ``point``, a model within 1"
    of a unit or Impassable Terrain, or off the table."""
    fp = unit.footprint()
    if source is not None and reach is not None:
        far = max(gap(state, source, base) for base in fp.models)
        if far > reach + EPS:
            return _("a model would stand {d}\" from {source}, beyond the range of {reach}\"",
                     d=decimal(far, ".1f"), source=source.id, reach=decimal(reach, "g"))
    if point is not None:
        at = ShapelyPoint(point)
        if not any(base.distance(at) <= EPS for base in fp.models):
            return _("no model would stand on the target point ({x}, {y}): a Ground spell summons at least one "
                     "model there", x=decimal(point[0], "g"), y=decimal(point[1], "g"))
    return clearance_problem(fp, surroundings(state, {unit.id}), CLEARANCE_END, during=False)


def check_placement(state: NinthAgeState, unit: UnitState, entry: Unit, *, source: UnitState | None,
                    reach: float | None, point: tuple[float, float] | None) -> None:
    """Refuse, with the reason, a summoned ``unit`` of ``entry`` that may not stand where it is
    (:func:`placement_problem`): none of it is placed (§7.9)."""
    problem = placement_problem(state, unit, source=source, reach=reach, point=point)
    if problem:
        raise IllegalAction("cannot-summon", ngettext("{unit} cannot be summoned there: {problem}; no model is placed (§7.9).",
                                                        "{unit} cannot be summoned there: {problem}; no model is placed (§7.9).",
                                                        entry_number(entry), unit=entry.name, problem=problem))


def summon(state: NinthAgeState, seat: str, entry: Unit, models: int, x: float, y: float, facing: float,
           files: int | None, events: list[Event], *, why, source: UnitState | None = None,
           reach: float | None = None, point: tuple[float, float] | None = None) -> UnitState:
    """Place a new unit of ``entry``'s profile with ``models`` models for ``seat`` (§7.9), the
    whole of it or, refused with the reason, none of it; ``why`` says what summoned it."""
    entry = sized(entry, models, files)
    unit = standing(state, seat, entry, x, y, facing)
    check_placement(state, unit, entry, source=source, reach=reach, point=point)
    state.summoned.setdefault(seat, []).append(entry)
    state.units[unit.id] = unit
    events.append(Event(kind="summon", seat=seat, data={"unit": unit.id}, text=text_join("", [_(
        "{player} summons {unit} ({troops}, {files} wide) at ({x}, {y}) facing {bearing}°",
        player=state.seat(seat).name, unit=unit.id, troops=troop_count(entry.troop_type, models),
        files=unit.formation.files, x=decimal(x, "g"), y=decimal(y, "g"), bearing=decimal(unit.pose.bearing, "g")),
        _(": {why}. It acts as any other unit of the army, and gives no Victory Points (§7.9).", why=why)])))
    return unit


def summon_command(state: NinthAgeState, seat: str, name: str, models: int | None, x: float, y: float,
                   facing: float | None, files: int | None, by: str | None, reach: float | None, reason: str,
                   events: list[Event]) -> UnitState:
    """``/summon``: an army-book ability's summoning, which the data cannot carry. The owning
    player's, in their own player turn; ``by`` and ``reach``: the summoning unit and the
    ability's range, when it has one (every model within it)."""
    if state.phase not in PLAY_PHASES or state.active is None:
        raise IllegalAction("wrong-phase", _("Units are summoned during the battle, in their player's own turn."))
    if seat != state.active:
        raise IllegalAction("not-your-turn", _("Only the active player summons, in their own player turn."))
    entry = profile(state, seat, name)
    if models is not None and not 1 <= models <= 200:
        raise IllegalAction("bad-option", _("models is a whole number from 1 to 200, not {models}.", models=models))
    source = None
    if by is not None or reach is not None:
        if by is None or reach is None:
            raise IllegalAction("missing-option", _("Say both the summoning unit and the range (by:UNIT range:INCHES), "
                                                    "or neither."))
        source = next((u for u in state.units.values() if u.id.casefold() == by.strip().casefold()), None)
        if source is not None and source.location == "joined" and source.host in state.units:
            source = state.units[source.host]  # a character in a unit: measured from its unit, as a caster is
        if source is None or source.owner != seat or not source.on_table:
            raise IllegalAction("bad-option", _("by: names one of your units on the table, not {by!r}.", by=by[:40]))
    bearing = state.facing_the_enemy(seat) if facing is None else facing
    said = text_join("", [_("an ability"), _(" of {unit}", unit=source.id) if source else "",
                          _(" ({reason})", reason=reason) if reason else ""])
    return summon(state, seat, entry, models or entry.models, x, y, bearing, files, events, why=said,
                  source=source, reach=reach)


def _terms(text: str) -> tuple[int, int, int]:
    """(dice, sides, bonus) of "D3+2", "2D6", "5" (0 dice)."""
    text = text.strip().upper()
    if text.isdigit():
        return 0, 6, int(text)
    count, _sep, rest = text.partition("D")
    sides, _plus, bonus = rest.partition("+")
    return int(count or 1), int(sides), int(bonus or 0)


def spell_models(entry: Unit, expr: str | None) -> tuple[bool, int]:
    """(whether dice decide it, the fewest models) of a summoning spell's ``models``.

    >>> from engine.rulesets.ninth_age.army import sample_lore
    >>> wolves = sample_lore("cairns").spells[2].summons()
    >>> spell_models(wolves, "D3+2"), spell_models(wolves, "2D6"), spell_models(wolves, None)
    ((True, 3), (True, 2), (False, 5))
    """
    dice, _sides, bonus = _terms(expr or str(entry.models))
    return dice > 0, dice + bonus


def roll_models(state: NinthAgeState, entry: Unit, expr: str | None, purpose) -> tuple[int, Text | None]:
    """The models a summoning spell brings: its number, or its dice rolled now (a D3 read off a
    D6, §1.1), with the roll as the log says it, each D6 face and then the value ("D3+2: 6 → 5", as the
    healing's "D3: 5 → 3"; it read "D3+2 = 6 → 5", a sum the dice did not make), None for a plain number."""
    n, faces = roll_value(expr or str(entry.models), state.rng, purpose)
    if not faces:
        return n, None
    return n, _("{expr}: {faces} → {n}", expr=(expr or "").strip().upper(), faces="+".join(map(str, faces)), n=n)

