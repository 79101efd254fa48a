"""The Compulsory Moves of Random Movement (X) units (§22, seed "Movimento Casuale"): the player
picks the way the unit goes, X is rolled, and it moves by the pursuit rules (§11.13) of
:func:`.combat.pursuit_move`: an enemy met is charged with no reaction, the table edge stops it,
Dangerous Terrain is tested only when it charges. A Random Movement character may instead head
for a friendly Random Movement unit and join it when its move brings it into contact (the seed:
"I Personaggi con Movimento Casuale possono aggregarsi solo a Unità che hanno la medesima regola
speciale (portandosi a contatto con esse durante la sotto-fase Movimenti Obbligatori)"). The
rule's value and distances are :mod:`.random_movement`."""

from __future__ import annotations

from engine.core import Event
from engine.core.decisions import decide
from engine.core.text import _, commas, decimal, ngettext
from engine.rulesets.ninth_age.casualties import rolled_and_moved
from engine.rulesets.ninth_age.combat import pursuit_move
from engine.rulesets.ninth_age.neighbours import engaged
from engine.rulesets.ninth_age.random_movement import roll, value
from engine.rulesets.ninth_age.state import NinthAgeState
from engine.table.frame import bearing_between
from engine.rulesets.ninth_age.grammar import number

TURNS = {"ahead": 0.0, "right": 90.0, "about": 180.0, "left": -90.0}


def compulsory_moves(state: NinthAgeState, seat: str, events: list[Event]) -> None:
    """The Compulsory Moves of ``seat``'s Random Movement units not fleeing, engaged nor rallied this
    phase (from rules version 7: a unit that rallies moves no more that Movement phase): the
    player picks the direction (ahead, left, right, about, or toward an enemy unit), then X is
    rolled and the unit pivots and moves straight on by the pursuit rules (§11.13)."""
    for unit in sorted(state.on_table(seat), key=lambda u: u.id):
        if unit.fleeing or unit.moved or engaged(state, unit) or value(state, unit) is None:
            continue
        if unit.rallied and state.rallied_stays_v7:  # rallied this sub-phase: "non può muovere ulteriormente nella
            continue                         # medesima fase di movimento" (§8.8, seed 001:931-932)
        if unit.location != "table":  # a character that joined a unit earlier in this sub-phase
            continue
        enemies = sorted(u.id for u in state.on_table() if u.owner != seat)
        hosts = _hosts(state, unit)
        options = list(TURNS) + [f"toward {e}" for e in enemies] + [f"join {h}" for h in hosts]
        question = (ngettext("{unit} has Random Movement ({x}): which way does it go (ahead, left, right, about, toward "
                             "an enemy unit, or to join a Random Movement unit of yours)?",
                             "{unit} have Random Movement ({x}): which way do they go (ahead, left, right, about, toward "
                             "an enemy unit, or to join a Random Movement unit of yours)?", number(state, unit),
                             unit=unit.id, x=value(state, unit))
                    if hosts else
                    ngettext("{unit} has Random Movement ({x}): which way does it go (ahead, left, right, about, or toward an enemy unit)?", "{unit} have Random Movement ({x}): which way do they go (ahead, left, right, about, or toward an enemy unit)?", number(state, unit),
                             unit=unit.id, x=value(state, unit)))
        choice = decide(state, seat, f"random-move-{unit.id}", question, options, default="ahead")
        if choice.startswith("join "):
            _join_move(state, unit, state.units[choice[len("join "):]], events)
            continue
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


def _hosts(state: NinthAgeState, unit) -> list[str]:
    """The friendly units a Random Movement character may join by its move: Random Movement
    units it could join (§16.2, §22); none for a unit that is not a lone character."""
    from engine.rulesets.ninth_age.characters import join_problem

    if not state.unit_entry(unit).joins_as_character or unit.host:  # a War Platform too (§22)
        return []
    return sorted(u.id for u in state.on_table(unit.owner)
                  if u.id != unit.id and not state.unit_entry(u).is_character and value(state, u) is not None
                  and join_problem(state, unit, u) is None)


def _join_move(state: NinthAgeState, char, host, events: list[Event]) -> None:
    """The character turns toward ``host``, rolls X and goes straight on: if X carries it into
    contact with the unit, by a way that crosses no other unit nor Impassable terrain, it joins
    it (placed as a join places it, §16.2); otherwise it makes its Random Movement that way
    (the pursuit rules stop it 1" from the unit)."""
    from engine.rulesets.ninth_age.characters import _place
    from engine.rulesets.ninth_age.neighbours import surroundings
    from engine.table.motion import move_ahead, pivot

    seat = char.owner
    start = char.footprint()
    bearing = bearing_between(start.centre, host.footprint().centre)
    go, faces, x = roll(state, char, "random movement")
    events.append(Event(kind="roll", seat=seat, data={"unit": char.id},
                        text=_("{unit} Random Movement ({x}) toward {host} to join it: {go}\" ({dice}).", unit=char.id,
                               x=x, host=host.id, go=go, dice=commas(map(str, faces)) or x)))
    char.moved = True
    # straight on until it touches the host, never through another unit or Impassable terrain
    ahead = move_ahead(pivot(start, bearing), go, surroundings(state, {char.id}), contact=[host.id])
    reached, moved = (ahead.reached, ahead.at) if ahead.stop == "contact" else (None, 0.0)
    if reached is None:
        events.append(Event(kind="random-move", seat=seat, data={"unit": char.id},
                            text=ngettext("{unit} does not reach {host} ({go}\"): it moves that way and does not join it.",
                                          "{unit} do not reach {host} ({go}\"): they move that way and do not join it.",
                                          number(state, char), unit=char.id, host=host.id, go=go)))
        pursuit_move(state, char, bearing, go, events, pivoting=True, label="random movement")
        return
    state.last_moves.append({"unit": char.id, "kind": "random movement", "path": [list(start.centre),
                                                                                  list(reached.centre)],
                             "label": rolled_and_moved(go, moved)})
    char.pose = reached.pose
    moved_aside = _place(state, char, host, None, events)
    host.joined_this_phase = True
    where = _("against its side (a non-matching base)") if char.cells is None else \
        _("in rank {value}, file {value2}", value=char.rank + 1, value2=char.file + 1)
    events.append(Event(kind="join", seat=seat, data={"unit": host.id, "character": char.id},
                        text=ngettext("{unit} moves {moved}\" of {go}\" into contact with {host} and joins it {where} "
                                      "(its Compulsory Move, §22 Random Movement){aside}.",
                                      "{unit} move {moved}\" of {go}\" into contact with {host} and join it {where} "
                                      "(their Compulsory Move, §22 Random Movement){aside}.", number(state, char),
                                      unit=char.id, moved=decimal(moved, ".1f"), go=go, host=host.id, where=where,
                               aside=_("; {join} moved aside", join=commas(moved_aside)) if moved_aside else "")))
