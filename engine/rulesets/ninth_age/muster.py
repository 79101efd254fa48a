"""Bringing armies to the table: each seat's Army List (a sample army or the player's own, by
``/army use``), checked against every composition rule of §2 before it is accepted, and the
units in play built from it.

With the setting ``armies=chosen`` the battle waits, once both players have joined, until
each has brought an army (phase ``armies``); otherwise the sample armies named by
``army_p1``/``army_p2`` are used, and a player may still swap in another with ``/army use``
while waiting for the second player.
"""

from __future__ import annotations

from engine.core.text import _, join as text_join, ngettext
from typing import Any

from engine.core import Event, IllegalAction
from engine.rulesets.ninth_age.army import Army
from engine.rulesets.ninth_age.composition import composition_problems
from engine.rulesets.ninth_age.state import SEATS, NinthAgeState, UnitState
from engine.table.footprint import Formation


def build_units(state: NinthAgeState) -> None:
    """Every unit of both armies, in reserve (ids are the army-list names; a name both armies
    use gets the seat after it)."""
    state.units = {}
    for seat in SEATS:
        for i, entry in enumerate(state.armies[seat].units):
            uid = entry.name if entry.name not in state.units else f"{entry.name} ({seat})"
            formation = Formation(base_width_mm=entry.base[0], base_depth_mm=entry.base[1],
                                  files=entry.default_files, models=entry.models,
                                  skirmish=entry.has_rule("Skirmishers"), round_base=entry.round_base)
            state.units[uid] = UnitState(id=uid, owner=seat, entry=i, formation=formation, models=entry.models,
                                         start_models=entry.models)


def use_army(state: NinthAgeState, seat: str, data: dict, events: list[Event]) -> bool:
    """``seat`` brings the army ``data``; True once both armies are in and the battle may begin."""
    if state.phase not in ("setup", "armies"):
        raise IllegalAction("wrong-phase", _("Armies are brought before the battle begins; this one has begun."))
    try:
        army = Army.model_validate(data)
    except Exception:  # the service sends checked files; a hand-made action gets one line
        raise IllegalAction("bad-army", _("That army file does not pass the army checks; see /army show.")) from None
    problems = composition_problems(army)
    if problems:
        raise IllegalAction("illegal-army", text_join("", [ngettext("{army} breaks {n} composition rule of §2: ", "{army} breaks {n} composition rules of §2: ", len(problems), army=army.name), text_join(" ", problems)]))
    if state.options.get("lists") == "hidden":  # §2.4, E-46: alike entries must be told apart
        from engine.rulesets.ninth_age.building import alike_entries

        alike = alike_entries(army)
        if alike:
            a, b = alike[0]
            raise IllegalAction("alike-units", _("{a} and {b} look the same in the Common Army List but carry different magic items: give each its own mark (e.g. \"red banner\") in the army file, so the hidden list can say which is which (§2.4).", a=a, b=b))
    problem = points_problem(state, seat, army)
    if problem is not None:
        raise IllegalAction("unequal-points", problem)
    state.armies[seat] = army
    build_units(state)
    if state.options.get("table") in (None, ""):
        state.table.width, state.table.height = table_size(None, state.armies)
    if seat not in state.armies_chosen:
        state.armies_chosen.append(seat)
    hidden = state.options.get("lists") == "hidden"
    events.append(Event(kind="setup", seat=seat, text=(ngettext("{name} brings {army} (points hidden, {n} unit).", "{name} brings {army} (points hidden, {n} units).", len(army.units), name=state.seat(seat).name, army=army.name)
                              if hidden and any(u.magic_items for u in army.units) else
                              ngettext("{name} brings {army} ({points} points, {n} unit).", "{name} brings {army} ({points} points, {n} units).", len(army.units), name=state.seat(seat).name, army=army.name, points=army.points))))
    return state.phase == "armies" and all(s in state.armies_chosen for s in SEATS)


def agreed_points(options: dict) -> int | None:
    """The battle's agreed points limit, the setting ``points`` (§2.2, §24.2), or None when it
    is the armies' own (both the same then).

    >>> agreed_points({"points": "2000"}), agreed_points({})
    (2000, None)
    """
    text = options.get("points")
    if text in (None, ""):
        return None
    if not str(text).strip().isdigit() or not 1 <= int(str(text).strip()) <= 100000:
        raise IllegalAction("bad-setting", _("points is the agreed points limit of the battle, a whole number of "
                                             "points (e.g. 2000), not {text!r}.", text=text))
    return int(str(text).strip())


def points_problem(state: NinthAgeState, seat: str, army: Army) -> Any:
    """Why ``army`` cannot be ``seat``'s in this battle, or None: both armies are built to the
    one points limit agreed for the battle ("il limite stabilito per la battaglia", §2.2; "due
    eserciti ... devono avere approssimativamente il medesimo costo in punti", §3): the setting
    ``points`` when it is given, else the other army's own limit (a sample army in play, or one
    its player brought)."""
    agreed = agreed_points(state.options)
    if agreed is not None:
        if army.points_limit != agreed:
            return _("{army} is built to {limit} points, but this battle is played at {agreed} points (the "
                     "points setting): both armies are built to the agreed limit (§2.2).",
                     army=army.name, limit=army.points_limit, agreed=agreed)
        return None
    other = next(s for s in SEATS if s != seat)
    theirs = state.armies.get(other)
    if theirs is None or (state.options.get("armies") == "chosen" and other not in state.armies_chosen):
        return None
    if army.points_limit != theirs.points_limit:
        return _("{army} is built to {limit} points, but {name}'s {other} is built to {other_limit}: both armies "
                 "are built to the same agreed points limit (§2.2).", army=army.name, limit=army.points_limit,
                 name=state.seat(other).name, other=theirs.name, other_limit=theirs.points_limit)
    return None


def waiting_for(state: NinthAgeState) -> list[str]:
    return [s for s in SEATS if s not in state.armies_chosen]


def table_size(text: Any, armies: dict[str, Army]) -> tuple[float, float]:
    """The agreed table, or the suggested one (§2.3, §3.1): 48" x 36" for Warbands, else 72" x 48".

    >>> from engine.rulesets.ninth_age.army import sample_army
    >>> table_size(None, {"p1": sample_army("iron-marches")}), table_size("60x44", {})
    ((72.0, 48.0), (60.0, 44.0))
    """
    if text not in (None, ""):
        import re

        m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*", str(text))
        if not m or not (36 <= float(m.group(1)) <= 120 and 24 <= float(m.group(2)) <= 96):
            raise IllegalAction("bad-setting", _("table is width x depth in inches, from 36x24 to 120x96, not {text!r}.", text=text))
        return float(m.group(1)), float(m.group(2))
    if armies and all(a.points_limit <= 1500 for a in armies.values()):
        return 48.0, 36.0
    return 72.0, 48.0
