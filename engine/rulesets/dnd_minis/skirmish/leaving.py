"""A player who leaves a battle of three or more (a play-by-post time-out with ``timeout=drop``).

Neither seed says what happens to a player who leaves or concedes a multiplayer battle, so this
is a ruling: the player's creatures leave the battle at once (off the map, no longer activated,
threatening or holding victory areas) and the battle goes on for the others. By the setting
``dropped_seat_vp`` nobody scores for them ("none", the default: no creature eliminated them) or
the remaining opponents split their VP as for creatures "eliminated without any player's
action" (War Drums §22.5, "split"). The player can no longer win, roll initiative or act.
"""

from __future__ import annotations

from engine.core import Event, IllegalAction
from engine.rulesets.dnd_minis.skirmish import rounds, victory
from engine.rulesets.dnd_minis.skirmish.state import SkirmishState
from engine.core.text import _, ngettext, listed

# Before the battle is laid out a missing player leaves nothing to remove: the set-up waits.
_SETUP = ("warbands", "choose-map", "tiles", "deploy")


def drop_seat(state: SkirmishState, seat: str, events: list[Event]) -> None:
    if state.phase in _SETUP:
        raise IllegalAction("cannot-drop", _("{seat} can't leave before the battle is set up (the opponents "
                                             "may claim the game instead).",
                                             seat=state.seat(seat).name))
    if seat in state.dropped:
        raise IllegalAction("cannot-drop", _('{seat} has already left the battle.', seat=state.seat(seat).name))
    name = state.seat(seat).name
    state.dropped.append(seat)
    if state.activation is not None and state.creatures[state.activation.creature].side == seat:
        state.activation = None  # its turn ends unfinished
    for other in state.creatures.values():
        if other.controller == seat:
            other.controller = None  # a creature it held by Confusion goes back to its own player
    leaving = [c for c in state.creatures_of(seat) if not c.eliminated]
    for creature in leaving:
        creature.square, creature.squeeze, creature.left_map = None, None, True
        creature.controller = None
    creatures = listed([_("the {creature}", creature=c.name) for c in leaving])
    if leaving:
        text = ngettext("{name} leaves the battle; {creatures} leaves the battlefield.",
                        "{name} leaves the battle; {creatures} leave the battlefield.", len(leaving), name=name,
                        creatures=creatures)
    else:
        text = _("{name} leaves the battle; nothing leaves the battlefield.", name=name)
    events.append(Event(kind="seat_dropped", seat=seat, text=text,
                        data={"seat": seat, "creatures": [c.id for c in leaving]}))
    if state.rules.dropped_seat_vp == "split":
        for creature in leaving:
            victory.award_elimination(state, creature, None, events)
    if victory.check_victory(state, events):
        return
    if state.phase == "activation":
        if seat in state.order:
            if state.phase_seat == seat:
                state.order.remove(seat)
                state.phase_seat = None
                rounds.next_phase_after_drop(state, events)
            else:
                state.order.remove(seat)
    elif state.phase == "choose-first" and state.chooser == seat:
        rounds.roll_round_initiative(state, events)  # the others roll again for the order
