"""Rounds, phases and activations (War Drums §7.1, Skirmish §7).

Each round: initiative (any player rolls for everyone), the winner says who goes first; then
phases of two activations in turn order, one for a player's last odd creature, and when only
one player has creatures left that player takes the rest. A creature's turn starts when its
player first acts with it (or says /activate); the turn ends by itself when nothing is left,
or with /end. The round ends when every creature has had its turns.
"""

from __future__ import annotations

from engine.core import Event, IllegalAction, roll_d20
from engine.grid import square_name
from engine.grid.movement import snap_back
from engine.rulesets.dnd_minis import conditions
from engine.rulesets.dnd_minis.abilities import hooks
from engine.rulesets.dnd_minis.abilities.base import MoveContext
from engine.rulesets.dnd_minis.activation import Activation
from engine.rulesets.dnd_minis.creature import Creature
from engine.rulesets.dnd_minis.skirmish import command, effects, victory
from engine.rulesets.dnd_minis.skirmish.field import SkirmishField
from engine.rulesets.dnd_minis.skirmish.setup import initiative_roll
from engine.rulesets.dnd_minis.skirmish.state import SkirmishState
from engine.core.text import _, ngettext, commas

PHASE_SIZE = 2


def roll_round_initiative(state: SkirmishState, events: list[Event]) -> None:
    winner = initiative_roll(state, state.in_battle(), _('initiative (round {round})', round=state.round), events)
    state.initiative_winner = winner
    state.chooser, state.choice = winner, "order"
    state.phase = "choose-first"
    events.append(Event(kind="prompt", seat=winner,
                        text=_('{seat} wins initiative and says who acts first (/first).',
                               seat=state.seat(winner).name)))


def choose_order(state: SkirmishState, first: str, events: list[Event]) -> None:
    seats = state.in_battle()
    i = seats.index(first)
    state.order = seats[i:] + seats[:i]  # clockwise from the first player
    state.chooser = state.choice = None
    events.append(Event(kind="order", text=_('Order this round: {names}.',
                                             names=commas([state.seat(s).name for s in state.order]))))
    state.phase = "activation"
    state.phase_seat = None
    _next_phase(state, events, start=True)


# -- who may still act --------------------------------------------------------------------------
def turns_allowed(creature: Creature) -> int:
    return hooks.activations_per_round(creature)


def can_activate(state: SkirmishState, creature: Creature) -> bool:
    if creature.eliminated or creature.square is None and not (creature.phased_out and creature.phase_square):
        return False
    if creature.arrived_round == state.round:
        return False  # summoned or respawned this round
    return creature.activations < turns_allowed(creature)


def turns_left(state: SkirmishState, seat: str) -> int:
    return sum(turns_allowed(c) - c.activations for c in state.creatures_of(seat) if can_activate(state, c))


def phase_quota(state: SkirmishState, seat: str) -> int:
    return min(PHASE_SIZE, turns_left(state, seat))


def _next_phase(state: SkirmishState, events: list[Event], start: bool = False) -> None:
    """Hand the next phase to the next player in order who still has turns; else end the round."""
    order = state.order
    if not order:
        return
    if start or state.phase_seat is None:
        candidates = order
    else:
        i = order.index(state.phase_seat)
        candidates = order[i + 1:] + order[:i + 1]
    for seat in candidates:
        if turns_left(state, seat) > 0:
            state.phase_seat = seat
            state.phase_used = 0
            events.append(Event(kind="phase", seat=seat,
                                text=ngettext("{seat}'s phase: activate {n} creature.", "{seat}'s phase: activate {n} creatures.",
                                         phase_quota(state, seat), seat=state.seat(seat).name)))
            return
    end_round(state, events)


def next_phase_after_drop(state: SkirmishState, events: list[Event]) -> None:
    """The player whose phase it was left the battle: the next player in order takes a phase."""
    state.phase_used = 0
    _next_phase(state, events, start=True)


def end_round(state: SkirmishState, events: list[Event]) -> None:
    victory.score_victory_areas(state, events)
    state.quiet_rounds = 0 if state.violence_this_round else state.quiet_rounds + 1
    state.violence_this_round = False
    for c in state.creatures.values():
        c.activated = False
        c.activations = 0
    events.append(Event(kind="round_ended", text=_("Round {round} ends.", round=state.round) if not state.quiet_rounds else
                        ngettext("Round {round} ends. ({n} quiet round in a row.)",
                                 "Round {round} ends. ({n} quiet rounds in a row.)", state.quiet_rounds,
                                 round=state.round)))
    state.phase_seat = None
    state.order = []
    if victory.check_victory(state, events, end_of_round=True):
        return
    state.round += 1
    state.phase = "initiative"


# -- a creature's turn --------------------------------------------------------------------------
def begin_turn(state: SkirmishState, creature: Creature, seat: str, events: list[Event]) -> Activation:
    """Start ``creature``'s turn (§7.4): command status, start-of-turn effects, rally or rout."""
    if state.activation is not None:
        current = state.creatures[state.activation.creature]
        raise IllegalAction("turn-in-progress", _('The {current} is taking its turn; /end it first.',
                                                  current=current.name))
    if seat != state.phase_seat:
        raise IllegalAction("not-your-phase", _("It is {seat}'s phase.", seat=state.seat(state.phase_seat).name))
    if creature.side != seat:
        raise IllegalAction("not-your-creature", _('The {creature} is not yours to command.',
                                                   creature=creature.name))
    if not can_activate(state, creature):
        raise IllegalAction("already-activated", (_('The {creature} has already taken its turn this round.', creature=creature.name) if creature.activations else _("The {creature} can't be activated this round.", creature=creature.name)))
    rank = conditions.activation_order_rank(creature)
    waiting = [c for c in state.creatures_of(seat) if c.id != creature.id and can_activate(state, c)
               and conditions.activation_order_rank(c) < rank]
    if waiting:
        raise IllegalAction("activation-order", _('The {waiting} must be activated first (incited creatures go '
                                                  'first, inhibited ones last).',
                                                  waiting=waiting[0].name))
    state.turn_serial += 1
    turn = Activation(creature=creature.id, serial=state.turn_serial)
    state.activation = turn
    creature.activations += 1
    creature.activated = creature.activations >= turns_allowed(creature)
    field = SkirmishField(state)
    turn.in_command = command.in_command(field, creature)
    events.append(Event(kind="activation", seat=seat, text=_('The {creature} takes its turn{outcome}.', creature=creature.name, outcome='' if turn.in_command else _(' (out of command)')), data={"creature": creature.id}))
    effects.run(field, state.rng, hooks.start_of_turn(creature, field), events, source=None)
    limits = hooks.turn_limits(creature, field)  # asked after the start-of-turn effects (Slow Effect)
    confusion = None
    if creature.on_board and creature.has("confused") and limits.can_act:
        confusion, event = conditions.confusion_roll(state.rng, creature)
        events.append(event)
        if confusion == "opponent":
            opponents = state.opponents(creature.side)
            creature.controller = opponents[state.rng.randrange(len(opponents))] if len(opponents) > 1 else opponents[0]
            turn.in_command = False
            events.append(Event(kind="controlled", seat=creature.controller,
                                text=_('{seat} controls the {creature} this turn.',
                                       seat=state.seat(creature.controller).name, creature=creature.name)))
        elif confusion == "nothing":
            turn.no_actions = "confused"
    if limits.controlled_by and limits.controlled_by != creature.side:
        creature.controller = limits.controlled_by
        turn.in_command = False
    if limits.out_of_command:
        turn.in_command = False
    if limits.max_attacks is not None:
        turn.attack_limit = limits.max_attacks
    turn.speed = _speed(state, field, creature, turn, limits)
    if not creature.on_board:
        turn.no_actions = "gone"
    elif turn.no_actions:
        pass
    elif not limits.can_act:
        turn.no_actions = "; ".join(limits.notes) or "it can't act"
    elif creature.routed:
        if confusion == "opponent":
            field.rout_move(state.rng, creature, events, seat=creature.controller)
            turn.no_actions = "routing"
        else:
            _routing_turn(state, field, creature, turn, events)
    if turn.no_actions:
        if turn.no_actions not in ("gone", "routing", "rallied"):
            events.append(Event(kind="no_actions", seat=seat,
                                text=_('The {creature} does nothing this turn ({no_actions}).',
                                       creature=creature.name, no_actions=conditions.no_actions_said(turn.no_actions))))
        finish_turn(state, events)
    return turn


def _speed(state: SkirmishState, field: SkirmishField, creature: Creature, turn: Activation, limits) -> int:
    speed = hooks.speed(creature, MoveContext(creature=creature, battle=field))
    if limits.speed is not None:
        speed = limits.speed
    if state.rules.out_of_command_speed is not None and not turn.in_command and not creature.routed:
        cap = state.rules.out_of_command_speed
        speed = min(speed, cap) if state.rules.out_of_command_speed_min else cap
    return speed


def _routing_turn(state: SkirmishState, field: SkirmishField, creature: Creature, turn: Activation,
                  events: list[Event]) -> None:
    """§15.6: rally if in command (or a commander, or Independent); else flee."""
    eligible = creature.is_commander or command.in_command(field, creature)
    if eligible:
        if field.morale_check(state.rng, creature, events, rally=True, against="rally"):
            creature.routed = False
            creature.rout_caused_by = creature.rout_caused_seat = None
            events.append(Event(kind="rallied", seat=creature.side, text=_('The {creature} rallies.',
                                                                           creature=creature.name)))
            turn.no_actions = "rallied"
            return
    else:
        events.append(Event(kind="note", seat=creature.side,
                            text=_("The {creature} is out of command and can't rally.", creature=creature.name)))
    field.rout_move(state.rng, creature, events)
    turn.no_actions = "routing"


def finish_turn(state: SkirmishState, events: list[Event]) -> None:
    """End of a creature's turn (§7.4 step 6): end-of-turn saves and terrain, legal position,
    then the phase moves on."""
    turn = state.activation
    if turn is None:
        return
    creature = state.creatures[turn.creature]
    field = SkirmishField(state)
    if creature.on_board:
        acted = turn.no_actions is None
        effects.run(field, state.rng, hooks.end_of_turn(creature, acted, field), events, source=None)
        _end_of_turn_terrain(state, field, creature, events)
        _legal_position(state, field, creature, events)
    for cid in list(state.pending_pit_saves):
        other = state.creatures.get(cid)
        state.pending_pit_saves.remove(cid)
        if other is not None and other.on_board and _in_pit(state, other):
            _pit_save(state, field, other, events)
    creature.controller = None
    if creature.has("entangled_stuck"):
        creature.remove_condition("entangled_stuck")
    state.activation = None
    events.append(Event(kind="turn_ended", seat=creature.side, text=_("The {creature}'s turn ends.",
                                                                      creature=creature.name)))
    if victory.check_victory(state, events):
        return
    state.phase_used += 1
    seat = state.phase_seat
    quota_left = PHASE_SIZE - state.phase_used
    if quota_left > 0 and turns_left(state, seat) > 0:
        return
    events.append(Event(kind="phase_ended", seat=seat, text=_("{seat}'s phase ends.",
                                                              seat=state.seat(seat).name)))
    _next_phase(state, events)


def _in_pit(state: SkirmishState, creature: Creature) -> bool:
    return any(kind.endswith("pit") for sq in creature.squares for kind in state.map.terrain_at(sq))


def _end_of_turn_terrain(state: SkirmishState, field: SkirmishField, creature: Creature, events: list[Event]) -> None:
    """Pits destroy a creature ending its own turn in them; risky terrain bites on 1-5 (§18.5-18.6)."""
    if _in_pit(state, creature):
        events.append(Event(kind="pit", seat=creature.side, text=_('The {creature} ends its turn in a pit.',
                                                                   creature=creature.name)))
        field.damage(state.rng, creature, max(creature.hp, 1), events, source=None)
        return
    if any("risky" in state.map.terrain_at(sq) for sq in creature.squares):
        roll = roll_d20(state.rng, purpose=_('{creature} risky terrain', creature=creature.name))
        hurt = roll.natural <= 5
        events.append(Event(kind="risky", seat=creature.side, roll=roll,
                            text=_('The {creature} ends its turn on risky terrain: d20 {natural} — {outcome}', creature=creature.name, natural=roll.natural, outcome=_('it takes 10 damage.') if hurt else _('nothing happens.'))))
        if hurt:
            field.damage(state.rng, creature, 10, events, source=None)


def _pit_save(state: SkirmishState, field: SkirmishField, creature: Creature, events: list[Event]) -> None:
    """Pushed into a pit in another creature's turn: DC 15 at the end of that turn (§18.5)."""
    from engine.rulesets.dnd_minis.combat import save

    passed, event = save(state.rng, creature, 15, "falling into the pit", battle=field)
    events.append(event)
    if passed:
        _legal_position(state, field, creature, events, force=True)
    else:
        field.damage(state.rng, creature, max(creature.hp, 1), events, source=None)


def _legal_position(state: SkirmishState, field: SkirmishField, creature: Creature, events: list[Event],
                    force: bool = False) -> None:
    """A creature that ends its turn where it may not stand goes to the nearest legal square (§8.4)."""
    from engine.grid import can_end_at

    if not creature.on_board:
        return
    if not force and can_end_at(state.map, field.body(creature), creature.square, field.others(creature),
                                field.move_rules) is None:
        return
    if _in_pit(state, creature) and not force:
        return
    found = snap_back(state.map, field.body(creature), creature.square, None, field.others(creature),
                      field.move_rules)
    choice = found.choice
    if choice is None and found.tied:  # equally near squares: its controller's choice (Skirmish §13.3)
        names = [square_name(tuple(sq)) for sq in found.tied]
        answer = field.ask(creature.controller or creature.side, "relocate", _('The {creature} may not end its '
                                                                               'turn on {square}. To which of '
                                                                               'the nearest legal squares '
                                                                               'does it go?', creature=creature.name, square=square_name(creature.square)), names)
        choice = found.tied[names.index(answer)]
    if choice is not None:
        creature.square = tuple(choice)
        events.append(Event(kind="relocate", seat=creature.side,
                            text=_('The {creature} moves to the nearest legal square, {square}.',
                                   creature=creature.name, square=square_name(creature.square))))
