"""Standing orders: whether a player's creatures take the attacks of opportunity they are offered.

The rules let a threatener choose (Skirmish §13.1: "T MAY make an attack of opportunity";
War Drums §12.3). Stopping a move to ask the defender costs a round trip in play-by-post,
so each player gives a standing order ("always / never / ask", Skirmish §13.3), at any time
and even out of turn::

    /aoo choice:decline creature:Orc Mauler   -> the Orc Mauler lets enemies walk away
    /aoo choice:ask                           -> the game asks (/decide) at every chance
    /aoo choice:take                          -> every creature of the warband strikes (the default)

The orders are kept in :attr:`PlayerState.declined_aoo` and ``asked_aoo``, read by
:class:`SkirmishField`; the action is logged, so a replay gives the same orders.
"""

from __future__ import annotations

from engine.core import Event, IllegalAction
from engine.rulesets.dnd_minis.creature import Creature
from engine.rulesets.dnd_minis.skirmish.actions import AooOrder
from engine.rulesets.dnd_minis.skirmish.state import SkirmishState
from engine.core.text import _, commas


def declines_aoo(state: SkirmishState, creature: Creature) -> bool:
    """True when the creature's player has ordered it not to make attacks of opportunity."""
    player = state.players.get(creature.side)
    return player is not None and creature.id in player.declined_aoo


def asks_aoo(state: SkirmishState, creature: Creature) -> bool:
    """True when the creature's player wants to be asked before each attack of opportunity."""
    player = state.players.get(creature.side)
    return player is not None and creature.id in player.asked_aoo


def own_creature(state: SkirmishState, seat: str, text: str) -> Creature:
    """One of ``seat``'s creatures, by id, label or name; anyone else's is refused."""
    low = text.strip().casefold()
    named = [c for c in state.creatures.values()
             if low in (c.id.casefold(), c.label.casefold(), c.name.casefold()) and not c.eliminated]
    mine = [c for c in named if c.side == seat]
    if len(mine) == 1:
        return mine[0]
    if len(mine) > 1:
        raise IllegalAction("ambiguous", _('You have several creatures called {text!r}: use one of {names}.',
                                           text=text, names=commas(c.id for c in mine)))
    if named:
        other = named[0]
        raise IllegalAction("not-your-creature", _('The {other} belongs to {seat}; you can give '
                                                   'attack-of-opportunity orders only to your own creatures.',
                                                   other=other.name, seat=state.seat(other.side).name))
    raise IllegalAction("unknown-creature", _('You have no creature {text!r} in this battle.', text=text))


def give_aoo_order(state: SkirmishState, action: AooOrder, events: list[Event]) -> None:
    player = state.players[action.seat]
    if action.creature:
        chosen = [own_creature(state, action.seat, action.creature)]
    else:
        chosen = [c for c in state.creatures_of(action.seat) if not c.eliminated]
        if not chosen:
            raise IllegalAction("no-creatures", _('You have no creatures yet; send your warband first '
                                                  '(/warband).'))
    ids = [c.id for c in chosen]
    player.declined_aoo = [i for i in player.declined_aoo if i not in ids]
    player.asked_aoo = [i for i in player.asked_aoo if i not in ids]
    if action.choice == "decline":
        player.declined_aoo += ids
    elif action.choice == "ask":
        player.asked_aoo += ids
    seat_name = state.seat(action.seat).name
    if action.creature:
        creature = chosen[0].name
        text = {
            "decline": _("The {creature} declines attacks of opportunity until told to take them "
                         "(/aoo choice:take).", creature=creature),
            "ask": _("{seat} will be asked (/decide) before the {creature} makes an attack of opportunity.",
                     seat=seat_name, creature=creature),
            "take": _("The {creature} takes attacks of opportunity again.", creature=creature),
        }[action.choice]
    else:
        text = {
            "decline": _("{seat}'s creatures decline attacks of opportunity until told to take them "
                         "(/aoo choice:take).", seat=seat_name),
            "ask": _("{seat} will be asked (/decide) before each of their creatures makes an attack of "
                     "opportunity.", seat=seat_name),
            "take": _("{seat}'s creatures take attacks of opportunity again.", seat=seat_name),
        }[action.choice]
    events.append(Event(kind="aoo_order", seat=action.seat, text=text,
                        data={"choice": action.choice, "creatures": ids}))
