"""The Compulsory Moves of Random Movement (X) units (§22, seed "Movimento Casuale"): the player
picks the way the unit goes, X is rolled, and it moves by the pursuit rules (§11.13) of
:func:`.combat.pursuit_move`: an enemy met is charged with no reaction, the table edge stops it,
Dangerous Terrain is tested only when it charges. The rule's value and distances are
:mod:`.random_movement`."""

from __future__ import annotations

from engine.core import Event
from engine.core.decisions import decide
from engine.core.text import ngettext, _, commas
from engine.rulesets.ninth_age.combat import pursuit_move
from engine.rulesets.ninth_age.neighbours import engaged
from engine.rulesets.ninth_age.random_movement import roll, value
from engine.rulesets.ninth_age.state import NinthAgeState
from engine.table.frame import bearing_between
from engine.rulesets.ninth_age.grammar import number

TURNS = {"ahead": 0.0, "right": 90.0, "about": 180.0, "left": -90.0}


def compulsory_moves(state: NinthAgeState, seat: str, events: list[Event]) -> None:
    """The Compulsory Moves of ``seat``'s Random Movement units not fleeing or engaged: the
    player picks the direction (ahead, left, right, about, or toward an enemy unit), then X is
    rolled and the unit pivots and moves straight on by the pursuit rules (§11.13)."""
    for unit in sorted(state.on_table(seat), key=lambda u: u.id):
        if unit.fleeing or unit.moved or engaged(state, unit) or value(state, unit) is None:
            continue
        enemies = sorted(u.id for u in state.on_table() if u.owner != seat)
        options = list(TURNS) + [f"toward {e}" for e in enemies]
        choice = decide(state, seat, f"random-move-{unit.id}",
                        ngettext("{unit} has Random Movement ({x}): which way does it go (ahead, left, right, about, or toward an enemy unit)?", "{unit} have Random Movement ({x}): which way do they go (ahead, left, right, about, or toward an enemy unit)?", number(state, unit),
                          unit=unit.id, x=value(state, unit)), options, default="ahead")
        if choice in TURNS:
            bearing = (unit.pose.bearing + TURNS[choice]) % 360
        else:
            bearing = bearing_between(unit.footprint().centre, state.units[choice[len("toward "):]].footprint().centre)
        go, faces, x = roll(state, unit, "random movement")
        events.append(Event(kind="roll", seat=seat, data={"unit": unit.id},
                            text=_("{unit} Random Movement ({x}) {choice}: {go}\" ({dice}).", unit=unit.id, x=x,
                                   choice=choice, go=go, dice=commas(map(str, faces)) or x)))
        unit.moved = True
        pursuit_move(state, unit, bearing, go, events, pivoting=choice != "ahead", label="random movement")
