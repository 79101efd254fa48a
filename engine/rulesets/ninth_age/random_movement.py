"""Random Movement (X) (§22, seed "Movimento Casuale"): the unit declares no charges and does not
move in the Remaining Moves; it moves in the Compulsory Moves instead, by the pursuit rules
(§11.13) except that its player freely chooses the direction it pivots to before rolling X,
and it never leaves the table over an edge; contact with an enemy is a charge, and only then
does it take Dangerous Terrain tests. It always charges, flees, pursues and overruns X, never
with Swiftstride. A Random Movement character joins only Random Movement units, and such a
unit accepts only Random Movement characters. Of several values, the lowest is used.

>>> span("2D6"), span("D6+3"), span("8")
((2, 12), (4, 9), (8, 8))
"""

from __future__ import annotations

import re

from engine.core import Event
from engine.core.decisions import decide
from engine.core.text import _
from engine.rulesets.ninth_age.catalogue import rule_name, rule_param
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState
from engine.table.frame import bearing_between

RULE = "Random Movement"
_X = re.compile(r"^\s*(\d*)\s*[dD]\s*(3|6)\s*(?:\+\s*(\d+))?\s*$")
TURNS = {"ahead": 0.0, "right": 90.0, "about": 180.0, "left": -90.0}


def span(x: str) -> tuple[int, int] | None:
    """(least, most) a Random Movement value can give; None when it is not a number or dice (D3,
    D6, 2D6, D6+3...)."""
    x = x.strip()
    if x.isdigit():
        return int(x), int(x)
    m = _X.match(x)
    if not m:
        return None
    count, sides, plus = int(m.group(1) or 1), int(m.group(2)), int(m.group(3) or 0)
    return count + plus, count * sides + plus


def value(state: NinthAgeState, unit: UnitState) -> str | None:
    """The unit's X: the lowest of the values its models have (the unit's and its joined
    characters'), or None without the rule."""
    members = [unit] + [u for u in state.units.values() if u.host == unit.id and u.location == "joined"]
    values = [rule_param(r) or "" for m in members for r in state.unit_entry(m).all_rules() if rule_name(r) == RULE]
    values = [v for v in values if span(v)]
    return min(values, key=lambda v: (span(v)[1], span(v)[0])) if values else None


def roll(state: NinthAgeState, unit: UnitState, why: str) -> tuple[int, list[int], str] | None:
    """X rolled for a charge, flee, pursuit or overrun distance: (distance, the D6 faces, X);
    None without the rule."""
    from engine.rulesets.ninth_age.damage import roll_value

    x = value(state, unit)
    if x is None:
        return None
    go, faces = roll_value(x, state.rng, f"{unit.id} {why} distance (Random Movement {x})")
    return go, faces, x


def refusal(state: NinthAgeState, unit: UnitState) -> str | None:
    """Why the unit may not declare a charge, move in the Remaining Moves or enter a Building."""
    if value(state, unit) is None:
        return None
    return _("has Random Movement: it moves only in the Compulsory Moves (§22)")


def compulsory_moves(state: NinthAgeState, seat: str, events: list[Event]) -> None:
    """The Compulsory Moves of ``seat``'s Random Movement units not fleeing or engaged: the
    player picks the direction (ahead, left, right, about, or toward an enemy unit), then X is
    rolled and the unit pivots and moves straight on by the pursuit rules (§11.13)."""
    from engine.rulesets.ninth_age.combat import pursuit_move
    from engine.rulesets.ninth_age.neighbours import engaged

    for unit in sorted(state.on_table(seat), key=lambda u: u.id):
        if unit.fleeing or unit.moved or engaged(state, unit) or value(state, unit) is None:
            continue
        enemies = sorted(u.id for u in state.on_table() if u.owner != seat)
        options = list(TURNS) + [f"toward {e}" for e in enemies]
        choice = decide(state, seat, f"random-move-{unit.id}",
                        _("{unit} has Random Movement ({x}): which way does it go (ahead, left, right, about, or toward an enemy unit)?",
                          unit=unit.id, x=value(state, unit)), options, default="ahead")
        if choice in TURNS:
            bearing = (unit.pose.bearing + TURNS[choice]) % 360
        else:
            bearing = bearing_between(unit.footprint().centre, state.units[choice[len("toward "):]].footprint().centre)
        go, faces, x = roll(state, unit, "random movement")
        events.append(Event(kind="roll", seat=seat, data={"unit": unit.id},
                            text=_("{unit} Random Movement ({x}) {choice}: {go}\" ({dice}).", unit=unit.id, x=x,
                                   choice=choice, go=go, dice=", ".join(map(str, faces)) or x)))
        unit.moved = True
        pursuit_move(state, unit, bearing, go, events, pivoting=choice != "ahead", label="random movement")
