"""Game turns and phases (§5): six game turns of two player turns, each of Movement, Magic,
Shooting and Melee, in that order.

Every phase is refereed: the Movement phase (§8), the Magic phase (§9, :mod:`.magic`), the
Shooting phase (§10) and the Melee phase (§11, :mod:`.combat`).
"""

from __future__ import annotations

from engine.core.text import _
from engine.core import Event
from engine.rulesets.ninth_age.state import NinthAgeState, phase_word

PHASES = ("movement", "magic", "shooting", "melee")
GAME_TURNS = 6


def begin_player_turn(state: NinthAgeState, seat: str, events: list[Event]) -> None:
    state.active = seat
    state.phase = "movement"
    state.step = "charges"
    state.charges = []
    state.last_moves = []
    from engine.rulesets.ninth_age.skirmishers import open_ranks

    for u in state.units.values():
        u.moved = u.marched = u.reformed = u.declared_charge = u.charged = u.hill_charge = u.failed_charge = False
        u.rallied = u.redirected = u.fast_rallied = u.swift_reformed = False
        u.march_test, u.march_test_ld, u.march_test_roll = "", 0, 0
        u.joined_this_phase = False  # characters.py
        u.charged_out_of = None
    from engine.rulesets.ninth_age.neighbours import engaged

    for u in state.units.values():  # a refused challenge's Ld 0 ends with the turn its combat ended (§16.9)
        where = state.units.get(u.host) if u.location == "joined" and u.host else u
        if u.refused and not (where is not None and where.on_table and engaged(state, where)):
            u.refused = False
    for u in list(state.units.values()):
        open_ranks(state, u, events)
    from engine.rulesets.ninth_age.shooting_phase import new_player_turn
    from engine.rulesets.ninth_age.stupidity import stupidity_tests

    new_player_turn(state)
    stupidity_tests(state, seat, events)  # at the start of the turn (§22 Stupidity)
    events.append(Event(kind="turn", seat=seat, text=_("Game turn {round}: {name}'s Movement phase. Declare charges with /charge unit: target:, then /end to move the chargers.", round=state.round, name=state.seat(seat).name)))


def end_phase(state: NinthAgeState, events: list[Event]) -> None:
    """The active player ends the current phase (the Movement phase ends from its remaining moves)."""
    seat = state.active
    assert seat is not None
    index = PHASES.index(state.phase)
    from engine.rulesets.ninth_age.attacks import end_of_phase

    end_of_phase(state, events)  # Hellfire, Lightning Attack (§22)
    events.append(Event(kind="phase_ended", seat=seat, text=_("{name}'s {phase} phase ends.", name=state.seat(seat).name, phase=phase_word(state.phase))))
    if state.phase == "magic":  # Magic phase (§9): unused dice are lost
        from engine.rulesets.ninth_age import magic

        magic.end(state, events)
    if state.phase == "melee":  # a challenge with a duellist slain ends with the phase (§16.9)
        from engine.rulesets.ninth_age import combat

        combat.end_challenges(state)
    if index + 1 < len(PHASES):
        state.phase = PHASES[index + 1]
        state.step = ""
        if state.phase == "magic":  # Magic phase (§9): Flux, Channel, the first dispel window
            from engine.rulesets.ninth_age import magic

            magic.begin(state, events)
            return
        if state.phase == "shooting":
            from engine.rulesets.ninth_age.shooting_phase import begin_phase

            begin_phase(state, events)
            return
        if state.phase == "melee":  # refereed by combat.py
            from engine.rulesets.ninth_age import combat

            combat.begin(state, events)
        return
    # the player turn is over: what lasted "for the rest of that player turn" ends (§23.6)
    from engine.rulesets.ninth_age.one_use import end_player_turn

    end_player_turn(state, events)
    if seat != state.first_player:
        if state.round >= GAME_TURNS:
            finish(state, events)
            return
        state.round += 1
    begin_player_turn(state, state.enemy_of(seat), events)


def finish(state: NinthAgeState, events: list[Event]) -> None:
    """Six game turns are over (§20.5): victory points, the secondary objective, the result."""
    from engine.rulesets.ninth_age.victory import score

    state.phase = "over"
    state.result = score(state, events)
    result = state.result
    if result.winners and not result.draw:  # say who won (a console game read only "Major victory, 1810 to 1090 VP")
        events.append(Event(kind="game_over", text=_("The sixth game turn is over: {winner} wins, {reason}.",
                                                     winner=state.seat(result.winners[0]).name, reason=result.why())))
    else:
        events.append(Event(kind="game_over", text=_("The sixth game turn is over: {reason}.", reason=result.why())))
