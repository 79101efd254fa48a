"""Stupidity (§22): at the start of its player turn, each unit containing a model (or part) with
Stupidity takes a Leadership test. Failed, it moves straight forward D6" in the Compulsory Moves,
stopping 1" from Impassable terrain and other units, and takes no other voluntary action that
turn: no charging, moving, shooting or casting (``UnitState.stupid``, which every such action
checks). A round base has no front: it moves in a random direction. Stupid models are Immune to
Psychology (:func:`.fighters.psychology_immune`).
"""

from __future__ import annotations

from engine.core.text import _, decimal, join as text_join, ngettext
from engine.core import Event, roll_dice
from engine.rulesets.ninth_age.grammar import number
from engine.rulesets.ninth_age.leadership import hold_your_ground, leadership_test, unit_leadership
from engine.rulesets.ninth_age.neighbours import surroundings
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState
from engine.table.scatter import random_bearing
from engine.table.motion import CLEARANCE_END, MOVE_SAMPLE, clearance_problem, pivot, translate


def has_stupidity(state: NinthAgeState, unit: UnitState) -> bool:
    members = [unit] + [u for u in state.units.values() if u.host == unit.id and u.location == "joined"]
    return any(state.unit_entry(u).has_rule("Stupidity") for u in members)


def stupidity_tests(state: NinthAgeState, seat: str, events: list[Event]) -> None:
    """The start of ``seat``'s turn: a Leadership test for each of its units with Stupidity."""
    for unit in sorted(state.on_table(seat), key=lambda u: u.id):
        unit.stupid = False
        if unit.fleeing or not has_stupidity(state, unit):
            continue
        ld, source = unit_leadership(state, unit)
        if leadership_test(state.rng, ld, _("Stupidity test for {unit} (Ld from {source})", unit=unit.id, source=source), events, seat=seat,
                           reroll=hold_your_ground(state, unit), for_unit=(state, unit)):
            continue
        unit.stupid = True
        events.append(Event(kind="stupidity", seat=seat, data={"unit": unit.id},
                            text=ngettext("{unit} is Stupid this turn: it will move D6\" straight forward in the Compulsory Moves and may not charge, move, shoot or cast (§22 Stupidity).", "{unit} are Stupid this turn: they will move D6\" straight forward in the Compulsory Moves and may not charge, move, shoot or cast (§22 Stupidity).", number(state, unit), unit=unit.id)))


def stupid_moves(state: NinthAgeState, seat: str, events: list[Event]) -> None:
    """Compulsory Moves: each Stupid unit moves D6" straight forward (a random direction for a
    round base), stopping 1" from Impassable terrain and other units."""
    from engine.rulesets.ninth_age.neighbours import engaged

    for unit in sorted(state.on_table(seat), key=lambda u: u.id):
        if not unit.stupid or unit.fleeing or engaged(state, unit):
            continue
        roll = roll_dice("1d6", state.rng, purpose=_('{unit} Stupidity move', unit=unit.id))
        fp = unit.footprint()
        note = ""
        if fp.formation.round_base:  # no front: a random direction (§1.3)
            bearing = random_bearing(state.rng)
            fp = pivot(fp, bearing)
            note = _(", in a random direction ({bearing}°)", bearing=decimal(bearing, ".0f"))
        around = surroundings(state, {unit.id})
        best, moved = fp, 0.0
        for k in range(1, int(round(roll.total / MOVE_SAMPLE)) + 1):
            candidate = translate(fp, 0, k * MOVE_SAMPLE)
            if clearance_problem(candidate, around, CLEARANCE_END, during=False) is not None:
                break
            best, moved = candidate, k * MOVE_SAMPLE
        state.last_moves.append({"unit": unit.id, "kind": "stupidity", "path": [list(unit.footprint().centre),
                                                                                  list(best.centre)]})
        unit.pose = best.pose
        unit.moved = True
        events.append(Event(kind="stupidity", seat=seat, roll=roll, data={"unit": unit.id},
                            text=text_join("", [ngettext("{unit} lumbers {total}\" forward{note} in its Stupidity: it moves {moved}\"", "{unit} lumber {total}\" forward{note} in their Stupidity: they move {moved}\"", number(state, unit), unit=unit.id, total=roll.total, note=note, moved=decimal(moved, ".1f")), (_(" (stopping 1\" from what is in the way)") if moved < roll.total - 1e-6 else ""), "."])))
