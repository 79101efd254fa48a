"""Random Movement (X) (§22, seed "Movimento Casuale"): the unit declares no charges and does not
move in the Remaining Moves; it moves in the Compulsory Moves instead, by the pursuit rules
(§11.13) except that its player freely chooses the direction it pivots to before rolling X,
and it never leaves the table over an edge; contact with an enemy is a charge, and only then
does it take Dangerous Terrain tests. It always charges, flees, pursues and overruns X, never
with Swiftstride. A Random Movement character joins only Random Movement units, and such a
unit accepts only Random Movement characters. Of several values, the lowest is used.
The Compulsory Moves themselves are :mod:`.random_moves` (they use the pursuit move of
:mod:`.combat`, which reads this module through the flee distance).

>>> span("2D6"), span("D6+3"), span("8")
((2, 12), (4, 9), (8, 8))
"""

from __future__ import annotations

import re

from engine.core.text import ngettext
from engine.rulesets.ninth_age.catalogue import rule_name, rule_param
from engine.rulesets.ninth_age.grammar import number
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState

RULE = "Random Movement"
_X = re.compile(r"^\s*(\d*)\s*[dD]\s*(3|6)\s*(?:\+\s*(\d+))?\s*$")


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
    return ngettext("has Random Movement: it moves only in the Compulsory Moves (§22)",
                    "have Random Movement: they move only in the Compulsory Moves (§22)", number(state, unit))


def remaining_like_refusal(state: NinthAgeState, unit: UnitState, kind: str) -> str | None:
    """Why a Random Movement unit makes no Vanguard move (``kind`` "vanguard") or magical move
    ("magical"): each is made as in the Remaining Moves sub-phase, with its restrictions (the
    seed: "Il movimento viene eseguito come se avvenisse nella sotto-fase Movimenti Rimanenti,
    inclusa ogni azione e restrizione"; "segue le medesime regole e restrizioni come se fosse una
    nuova sotto-fase Movimenti Rimanenti"), and in the Remaining Moves it may not move ("non
    possono ... muovere nella sotto-fase dei Movimenti Rimanenti"). None without the rule."""
    if value(state, unit) is None:
        return None
    if kind == "vanguard":
        return ngettext("{unit} has Random Movement: a Vanguard move is made as in the Remaining Moves, with their "
                        "restrictions, and a Random Movement unit may not move in the Remaining Moves (§22 Vanguard, "
                        "§22 Random Movement).",
                        "{unit} have Random Movement: a Vanguard move is made as in the Remaining Moves, with their "
                        "restrictions, and a Random Movement unit may not move in the Remaining Moves (§22 Vanguard, "
                        "§22 Random Movement).", number(state, unit), unit=unit.id)
    return ngettext("{unit} has Random Movement: a magical move is made as in a fresh Remaining Moves sub-phase, with "
                    "its restrictions, and a Random Movement unit may not move in the Remaining Moves (§9.13, §22 "
                    "Random Movement).",
                    "{unit} have Random Movement: a magical move is made as in a fresh Remaining Moves sub-phase, with "
                    "its restrictions, and a Random Movement unit may not move in the Remaining Moves (§9.13, §22 "
                    "Random Movement).", number(state, unit), unit=unit.id)
