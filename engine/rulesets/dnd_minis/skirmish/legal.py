"""The actions a player may take now, for autocomplete, bots and the property tests.

Movement is summarised by destinations (on the surface, and underground with mode:burrow for
a creature with Burrow); set-up choices list every option. Warbands are free choices (any legal
list of cards) and are not enumerated. Standing orders (/aoo) are listed for every seated
player, in turn or not, since they may be given at any time.
"""

from __future__ import annotations

from engine.core import Action, IllegalAction
from engine.rulesets.dnd_minis.abilities import hooks
from engine.rulesets.dnd_minis.skirmish import rounds, setup
from engine.rulesets.dnd_minis.skirmish.actions import (
    Activate, AooOrder, Attack, Cast, Charge, ChooseFirst, ChooseMap, Deploy, EndActivation, Move, PlaceTile,
    RollInitiative,
)
from engine.rulesets.dnd_minis.skirmish.field import SkirmishField
from engine.rulesets.dnd_minis.skirmish.state import SkirmishState


def legal_actions(ruleset, state: SkirmishState, seat: str) -> list[Action]:
    if state.is_over or seat not in state.players:
        return []
    now = _phase_actions(ruleset, state, seat) if seat in ruleset.to_act(state) else []
    return [*now, *_aoo_orders(state, seat)]


def _aoo_orders(state: SkirmishState, seat: str) -> list[Action]:
    """The /aoo orders that would change something: for each of the player's creatures the
    orders other than its present one, then the same for the whole warband (Skirmish §13.1; see
    :mod:`.orders`). An order repeating the present one is accepted but changes nothing, so it
    is not offered."""
    from engine.rulesets.dnd_minis.skirmish import orders

    player = state.players[seat]
    present = {**{c: "decline" for c in player.declined_aoo}, **{c: "ask" for c in player.asked_aoo}}
    mine = [c for c in state.creatures_of(seat) if not c.eliminated]
    out: list[Action] = []
    for c in mine:
        try:
            orders.own_creature(state, seat, c.id)  # named by id: refused only if that is ambiguous
        except IllegalAction:
            continue
        out += [AooOrder(seat=seat, choice=choice, creature=c.id) for choice in ("take", "decline", "ask")
                if choice != present.get(c.id, "take")]
    for choice in ("take", "decline", "ask"):
        if any(present.get(c.id, "take") != choice for c in mine):
            out.append(AooOrder(seat=seat, choice=choice))
    return out


def _phase_actions(ruleset, state: SkirmishState, seat: str) -> list[Action]:
    """What the seat to act may do in the present phase."""
    phase = state.phase
    if phase == "choose-map":
        return [ChooseMap(seat=seat, name=m) for m in setup._offered_maps(state)]
    if phase == "choose-first":
        return [ChooseFirst(seat=seat, first=s.id) for s in state.seats]
    if phase == "deploy":
        out: list[Action] = []
        for c in state.creatures_of(seat):
            if c.square is None and not c.eliminated:
                out += [Deploy(seat=seat, creature=c.id, square=sq) for sq in setup.deploy_squares(state, seat, c)]
        return out
    if phase == "initiative":
        waylay = [Deploy(seat=seat, creature=c.id, square=sq) for c in state.creatures_of(seat)
                  if c.phased_out and c.square is None and not c.eliminated
                  for sq in setup.waylay_squares(state, c)[:4]]
        return [RollInitiative(seat=seat), *waylay]
    if phase == "tiles":
        from engine.rulesets.dnd_minis.maps import legal_placements
        player = state.players[seat]
        tiles = setup._tiles_of(state, seat, True) or setup._tiles_of(state, seat, False)
        return [PlaceTile(seat=seat, tile=t, square=at, rotation=rot) for t in tiles
                for at, rot in legal_placements(state.layout, t, player=player.letter)]
    if phase != "activation":
        return []
    if state.activation is None:
        out = []
        for c in state.creatures_of(seat):
            if rounds.can_activate(state, c):
                out += [Activate(seat=seat, creature=c.id), EndActivation(seat=seat, creature=c.id)]
        return out
    return _turn_options(ruleset, state, seat)


def _turn_options(ruleset, state: SkirmishState, seat: str) -> list[Action]:
    """Checked without applying anything: the turn code's own plans say what is allowed."""
    from engine.rulesets.dnd_minis.skirmish import casting, turn as turns

    t = state.activation
    creature = state.creatures[t.creature]
    field = SkirmishField(state)
    out: list[Action] = []

    def ok(check, *args, **kw) -> bool:
        try:
            check(*args, **kw)
            return True
        except IllegalAction:
            return False

    if not creature.routed and not t.no_actions and creature.on_board:
        speed = t.speed if t.speed is not None else creature.card.speed
        limits = hooks.turn_limits(creature, field)
        if limits.can_move and not t.cannot_move and not t.charged:
            left = t.movement_left(speed)
            split = t.attacks == 1 and t.moved_before_attack > 0
            # Once it burrows, all its movement that turn is underground (Burrow [#]).
            if left > 0 and not split and not turns.burrowed_this_turn(creature, t):
                squares = sorted(field.reachable_costs(creature, t.diag_count, left))
                if turns.spikes_could_stop(state, field, creature):
                    # Costs alone don't see lethal spike stones: check those paths as a move would.
                    squares = [sq for sq in squares if ok(turns.move_destination_allowed, state, creature, sq)]
                out += [Move(seat=seat, creature=creature.id, to=sq) for sq in squares]
            if not split:
                out += _burrow_moves(state, field, creature, seat)
            out += _rush_moves(state, field, creature, seat, ok)
        if limits.can_attack and not t.charged and not t.replaced_attack:
            candidates = [Attack(seat=seat, creature=creature.id, target=e.id, ranged=False)
                          for e in field.enemies_of(creature) if field.adjacent(creature, e)]
            if creature.card.ranged:
                candidates += [Attack(seat=seat, creature=creature.id, target=e.id, ranged=True)
                               for e in field.nearest_visible(creature, field.enemies_of(creature))]
            out += [a for a in candidates if ok(turns.attack_plan, state, creature, a)]
            if t.moved == 0 and t.attacks == 0:
                reach = turns.charge_targets(state, field, creature)
                best = min((d for d, _ in reach.values()), default=None)
                for target_id, (d, squares) in reach.items():
                    for sq in squares if d == best else ():
                        charge = Charge(seat=seat, creature=creature.id, target=target_id, to=sq)
                        if ok(turns.charge_plan, state, creature, charge, reach):
                            out.append(charge)
            if t.attacks == 0:
                nearby = {c.id for group in (field.enemies_of(creature), field.allies_of(creature))
                          for c in field.nearest_visible(creature, group)}
                nearby |= {c.id for c in field.allies_of(creature) + field.enemies_of(creature)
                           if field.adjacent(creature, c)}
                for name in casting.offered_names(field, creature):
                    for target in [None, *sorted(nearby)]:
                        cast = Cast(seat=seat, creature=creature.id, spell=name, target=target)
                        if ok(casting.cast, state, creature, cast, [], dry=True):
                            out.append(cast)
    end = EndActivation(seat=seat, creature=creature.id)
    if not t.rush_target or ok(ruleset.apply, state, end):
        out.append(end)
    return out


def _burrow_moves(state: SkirmishState, field: SkirmishField, creature, seat: str) -> list[Action]:
    """Underground destinations (mode:burrow) for a creature with Burrow, within the movement
    its Burrow speed leaves it, as the move itself judges them: through walls and enemies,
    surface terrain (spike stones too) ignored, ending in a legal space (War Drums §8.5, §26;
    Skirmish glossary Burrow [#], §9.4: out of command at speed 2)."""
    from engine.rulesets.dnd_minis.skirmish import turn as turns

    t = state.activation
    probe = Move(seat=seat, creature=creature.id, mode="burrow")
    try:
        speed, _burrow = turns.move_speed(state, field, creature, t, probe)
    except IllegalAction:
        return []  # no Burrow, or it already moved on the surface this turn
    left = t.movement_left(speed)
    if left <= 0:
        return []
    squares = sorted(field.reachable_costs(creature, t.diag_count, left, burrowing=True))
    return [Move(seat=seat, creature=creature.id, to=sq, mode="burrow") for sq in squares]


def _rush_moves(state: SkirmishState, field: SkirmishField, creature, seat: str, ok) -> list[Action]:
    """Starter rushes (Skirmish §17.2): out of command at the start of its turn, farther than
    its speed 2 allows, up to twice its printed speed (twice its Burrow speed underground) to a
    square next to the nearest enemy it can see, measured as the move measures it."""
    from engine.rulesets.dnd_minis.skirmish import turn as turns

    t = state.activation
    if not state.rules.rush or t.in_command or t.moved or t.attacks:
        return []
    out: list[Action] = []
    for mode in (None, "burrow"):
        try:
            speed, burrow = turns.move_speed(state, field, creature, t, Move(seat=seat, creature=creature.id,
                                                                              mode=mode))
        except IllegalAction:
            continue  # no Burrow
        targets = turns.charge_targets(state, field, creature, burrow=burrow)
        if not targets:
            continue
        best = min(d for d, _ in targets.values())
        nearest = [state.creatures[cid] for cid, (d, _) in targets.items() if d == best]
        left = t.movement_left(speed)
        budget = 2 * turns.rush_speed(creature, burrow)
        costs = field.reachable_costs(creature, t.diag_count, budget, burrowing=bool(burrow))
        squares = [sq for sq, cost in sorted(costs.items())
                   if cost > left and any(field.adjacent_at(creature, sq, e) for e in nearest)]
        if not burrow and turns.spikes_could_stop(state, field, creature):
            squares = [sq for sq in squares if ok(turns.move_destination_allowed, state, creature, sq)]
        out += [Move(seat=seat, creature=creature.id, to=sq, mode=mode) for sq in squares]
    return out
