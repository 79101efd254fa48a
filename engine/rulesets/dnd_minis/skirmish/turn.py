"""A creature's turn: move, attack (melee or ranged), charge, cast, end (War Drums §7.2-§13, §17).

Every option of §7.2: double move; move and one attack in either order; stand still and make
every attack (all melee or all ranged); charge; do nothing; the 1-square minimum move. The
starter rules add the out-of-command speed 2 and the rush (Skirmish §9.4, §17.2).
"""

from __future__ import annotations

from engine.core import Event, IllegalAction
from engine.grid import space_distance, square_name
from engine.rulesets.dnd_minis.abilities import hooks
from engine.rulesets.dnd_minis.abilities.base import ability_for, ability_name
from engine.rulesets.dnd_minis.activation import Activation
from engine.rulesets.dnd_minis.battlefield import PlannedPath
from engine.rulesets.dnd_minis.conditions import no_actions_said
from engine.rulesets.dnd_minis.creature import Creature
from engine.rulesets.dnd_minis.skirmish import effects, simultaneous
from engine.rulesets.dnd_minis.skirmish.actions import Attack, Charge, Move
from engine.rulesets.dnd_minis.skirmish.field import SkirmishField
from engine.rulesets.dnd_minis.skirmish.state import SkirmishState
from engine.core.text import _, ngettext, either, commas

XY = tuple[int, int]


def _check_can_act(creature: Creature, turn: Activation) -> None:
    if turn.no_actions:
        raise IllegalAction("no-actions", _('The {creature} can do nothing this turn ({no_actions}).',
                                            creature=creature.name, no_actions=no_actions_said(turn.no_actions)))
    if creature.routed:
        raise IllegalAction("routing", _('The {creature} is routing: it can only flee.', creature=creature.name))
    if not creature.on_board:
        raise IllegalAction("not-on-board", _('The {creature} is not on the battlefield.',
                                              creature=creature.name))


# -- movement -----------------------------------------------------------------------------------
def move(state: SkirmishState, creature: Creature, action: Move, events: list[Event]) -> None:
    turn = state.activation
    _check_can_act(creature, turn)
    field = SkirmishField(state)
    limits = hooks.turn_limits(creature, field)
    if not limits.can_move or turn.cannot_move:
        raise IllegalAction("cannot-move", _("The {creature} can't move this turn.", creature=creature.name))
    if turn.charged:
        raise IllegalAction("turn-over", _("The {creature} charged: its turn's movement is done.",
                                           creature=creature.name))
    if turn.combined:
        raise IllegalAction("simultaneous-attack", _("The {creature} combined its attacks standing still "
                                                     "(Simultaneous Attack): it can't move this turn.",
                                                     creature=creature.name))
    if turn.attacks and (limits.no_move_with_attack or limits.no_move_with_melee and turn.attack_kind == "melee"
                         or limits.no_move_with_ranged and turn.attack_kind == "ranged"):
        raise IllegalAction("slow-attack", _('The {creature} attacked this turn and its slow attack forbids '
                                             'moving.',
                                             creature=creature.name))
    if _teleport(state, field, creature, action, events):
        return
    if not _entangle_check(state, field, creature, turn, events):
        return
    speed, burrow = move_speed(state, field, creature, turn, action)
    first = turn.moved == 0 and turn.attacks == 0
    passable = _trample_victims(state, field, creature) if not burrow else frozenset()
    if burrow:
        path = field.plan_path(creature, action.to, action.path, turn.diag_count, burrowing=True)
    else:
        path = field.plan_path(creature, action.to, action.path, turn.diag_count, passable=passable)
    rush = None
    if (first and len(path.squares) == 1 and path.cost > turn.movement_left(speed)
            and speed > 0):  # never when movement is forbidden (speed 0: Command Dependent)
        turn.minimum_move = True  # §7.2: a whole turn may always buy one square
    elif path.cost > turn.movement_left(speed) and (rush := _rush_allowed(state, field, creature, turn, path,
                                                                          burrow)):
        pass  # starter §17.2: a rush toward the nearest visible enemy, up to twice the printed (Burrow) speed
    elif not _special_move_allowed(turn, limits, speed, path):
        if limits.split_move and turn.attacks == 1 and turn.moved_before_attack:
            raise IllegalAction("too-far", _('Spring Attack: the {creature} may move only {speed} squares in '
                                             'all this turn; it moved {moved} and that move costs {cost}.',
                                             creature=creature.name, speed=speed, moved=turn.moved, cost=path.cost))
        if limits.attack_during_double_move and turn.attacks == 1:
            raise IllegalAction("too-far", _('Mounted Melee Attack: the {creature} may move {amount} squares '
                                             'in all this turn; it moved {moved} and that move costs {cost}.',
                                             creature=creature.name, amount=2 * speed, moved=turn.moved, cost=path.cost))
        turn.check_move(creature.name, speed, path.cost)
    if burrow:
        creature.uses["burrow turn"] = turn.serial
        events.append(Event(kind="burrow", seat=creature.side, text=_('The {creature} burrows underground '
                                                                      '(Burrow {burrow}): it passes walls and '
                                                                      'enemies and provokes no attacks of '
                                                                      'opportunity.',
                                                                      creature=creature.name, burrow=burrow)))
    # Burrowers ignore surface terrain, spike stones included (Skirmish §11.6).
    spikes = _spike_guard(state, field, creature, path, events) if not burrow else None
    walked = field.walk(state.rng, creature, path, turn, events, step_hook=spikes, provokes=not burrow)
    turn.record_move(walked.cost, walked.diag_count_after)
    state.last_path = [path.start, *walked.squares]
    if passable:
        _trample(state, field, creature, path.start, walked.squares, passable, events)
    if rush:
        target = state.creatures[rush]
        if walked.cost <= rush_speed(creature, burrow):
            turn.rush_target = rush  # it must attack the enemy it rushed at
            events.append(Event(kind="rush", seat=creature.side, text=_('The {creature} rushes at the {target} '
                                                                        'and must attack it.',
                                                                        creature=creature.name, target=target.name)))
        else:
            events.append(Event(kind="rush", seat=creature.side, text=_('The {creature} rushes at the '
                                                                        '{target}; having run farther than '
                                                                        'its speed it makes no attack.',
                                                                        creature=creature.name, target=target.name)))
            _after(state, creature, events, force_end=True)
            return
    _after(state, creature, events)


def move_speed(state: SkirmishState, field: SkirmishField, creature: Creature, turn: Activation,
               action: Move) -> tuple[int, int]:
    """The speed this move is judged by, and the Burrow speed when it goes underground (else 0).

    What cuts the creature's speed this turn cuts its Burrow speed too: out of command it
    burrows at speed 2 (Skirmish §9.4 Burrow; the rush is the exception, see
    :func:`_rush_allowed`), and Slow or a spell's cut applies underground as well.

    >>> # Bulette (speed 6, Burrow 4): in command 4; out of command 2; /move without mode: 6
    """
    burrow = _burrow_speed(state, field, creature, turn, action)
    speed = turn.speed if turn.speed is not None else creature.card.speed
    if burrow:
        out_of_command = (state.rules.out_of_command_speed is not None and not turn.in_command
                          and not creature.routed)
        speed = min(burrow, speed) if speed < creature.card.speed or out_of_command else burrow
    return speed, burrow


def _burrow_speed(state: SkirmishState, field: SkirmishField, creature: Creature, turn: Activation,
                  action: Move) -> int:
    """Burrow [#] (War Drums §26, AMB-24; Skirmish glossary): a creature with Burrow may choose
    to move underground; once it burrows, all its movement that turn is burrowing, at its
    Burrow speed. Returns that speed, or 0 for a move on the surface.

    >>> # /move creature:bulette to:F7 mode:burrow  -> 4 for a Bulette with Burrow 4
    """
    burrowed = burrowed_this_turn(creature, turn)
    if action.mode != "burrow" and not burrowed:
        return 0
    speed = hooks.move_traits(creature, field).burrow_speed
    if not speed:
        raise IllegalAction("cannot-burrow", _('The {creature} has no Burrow ability: it can only move on the '
                                               'surface (leave out mode:burrow).',
                                               creature=creature.name))
    if turn.moved and not burrowed:
        raise IllegalAction("burrow-whole-turn", _('The {creature} already moved on the surface this turn; a '
                                                   'creature that burrows does so for all of its movement '
                                                   'that turn.',
                                                   creature=creature.name))
    return speed


def burrowed_this_turn(creature: Creature, turn: Activation) -> bool:
    """Whether the creature has burrowed in this turn, so that all its movement is burrowing."""
    return creature.uses.get("burrow turn") == turn.serial


def _trample_victims(state: SkirmishState, field: SkirmishField, creature: Creature) -> frozenset[str]:
    """Trample (§26): once per round it may move through smaller enemies."""
    from engine.rulesets.dnd_minis.types import size_rank

    if not hooks.move_traits(creature, field).passes_smaller or creature.uses.get("trample round") == state.round:
        return frozenset()
    return frozenset(c.id for c in field.enemies_of(creature) if size_rank(c) < size_rank(creature))


def _trample(state: SkirmishState, field: SkirmishField, creature: Creature, start: XY, squares: list[XY],
             passable: frozenset[str], events: list[Event]) -> None:
    crossed = set()
    for anchor in squares:
        crossed |= set(field.body(creature, anchor).squares)
    victims = [c for c in field.on_board() if c.id in passable and crossed & set(c.squares)]
    if not victims:
        return
    creature.uses["trample round"] = state.round
    ability = next((e for e in hooks.effects_of(creature, field) if hasattr(e, "trampled")), None)
    for victim in victims:
        events.append(Event(kind="trample", seat=creature.side, text=_('The {creature} tramples the {victim}.',
                                                                       creature=creature.name, victim=victim.name)))
        if ability is not None:
            effects.run(field, state.rng, ability.trampled(creature, victim, field), events, source=creature)


def _special_move_allowed(turn: Activation, limits, speed: int, path: PlannedPath) -> bool:
    """Moves the abilities allow beyond the normal turn options: Spring Attack (move, attack,
    move, ≤ Speed in all), Sidestep (1 square with all attacks, not into slowing terrain),
    Mounted Melee Attack (one attack anywhere in a double move)."""
    if limits.split_move and turn.attacks == 1 and turn.moved + path.cost <= speed:
        return True
    if (limits.move_after_full_attack and turn.moved == 0 and turn.attacks >= 1
            and len(path.squares) <= limits.move_after_full_attack and path.cost <= limits.move_after_full_attack):
        return True
    if limits.attack_during_double_move and turn.attacks == 1 and turn.moved + path.cost <= 2 * speed:
        return True
    return False


def _teleport(state: SkirmishState, field: SkirmishField, creature: Creature, action: Move, events) -> bool:
    """Teleporters (§18.10): from a teleporter square to any other empty one, once per round.

    A move between two teleporter squares is a teleport when the creature may still teleport
    this round; once it has, the same command is an ordinary move. A burrowing creature is
    underground, below the surface terrain teleporters are part of, so it never teleports
    (Burrow ignores surface terrain, War Drums §8.5)."""
    to = action.to
    if to is None or action.path or action.mode == "burrow" or burrowed_this_turn(creature, state.activation):
        return False
    grid = state.map
    here_tp = any("teleporter" in grid.terrain_at(sq) for sq in creature.squares)
    if not here_tp or "teleporter" not in grid.terrain_at(to) or field.adjacent_square(creature, to):
        return False
    if creature.teleported_round == state.round:
        turn = state.activation
        try:  # once per round (§18.10): it may still walk there if its movement reaches
            reachable = field.plan_path(creature, to, None, turn.diag_count).cost <= turn.movement_left(
                move_speed(state, field, creature, turn, action)[0])
        except IllegalAction:
            reachable = False
        if reachable:
            return False
        raise IllegalAction("teleported", _('The {creature} has already used a teleporter this round, and '
                                            '{square} is beyond its movement on foot.',
                                            creature=creature.name, square=square_name(to)))
    if creature.routed:
        raise IllegalAction("routing", _("A routing creature can't use a teleporter."))
    if any(c.on_board and c.id != creature.id and to in c.squares for c in state.creatures.values()):
        raise IllegalAction("occupied", _('The teleporter on {square} is occupied.', square=square_name(to)))
    start = creature.square
    creature.square = to
    creature.teleported_round = state.round
    state.activation.swift_used = True
    events.append(Event(kind="teleport", seat=creature.side,
                        text=_('The {creature} steps through the teleporter: {square} → {square_2}.',
                               creature=creature.name, square=square_name(start), square_2=square_name(to))))
    _after(state, creature, events)
    return True


def _entangle_check(state: SkirmishState, field: SkirmishField, creature: Creature, turn: Activation,
                    events: list[Event]) -> bool:
    """An entangled creature saves the first time it tries to move in a turn (A-51): a failure
    means no movement this turn. The roll stands (the command is not refused, it is spent)."""
    from engine.rulesets.dnd_minis import conditions

    if turn.entangle_checked or not creature.has("entangled"):
        return True
    turn.entangle_checked = True
    effects.run(field, state.rng, conditions.entangle_move_check(creature), events)
    if creature.has("entangled_stuck") or creature.has("entangled") and not hooks.turn_limits(creature, field).can_move:
        turn.cannot_move = True
        events.append(Event(kind="note", seat=creature.side, text=_("The {creature} struggles in vain: it "
                                                                    "can't move this turn.",
                                                                    creature=creature.name)))
        _after(state, creature, events)
        return False
    return True


def rush_speed(creature: Creature, burrow: int) -> int:
    """The speed a rush is measured by: the printed speed, or the Burrow speed underground."""
    return burrow or creature.card.speed


def _rush_allowed(state: SkirmishState, field: SkirmishField, creature: Creature, turn: Activation,
                  path: PlannedPath, burrow: int = 0):
    """Starter rules §17.2: out of command at the start of the turn, a creature may move up to
    twice its printed speed toward the nearest visible enemy, ending adjacent to it.

    A burrowing rush (``burrow``: its Burrow speed, the move has mode:burrow) is the same rush
    underground. "Burrowers rush at twice their Burrow speed" (§17.2, §9.4 Burrow, glossary
    Burrow [#]): the Burrow speed takes the printed speed's place in the whole of §17.2, so
    the rush may cost up to twice the Burrow speed, and only a rush of at most the Burrow speed
    ends in the obligatory attack (a burrower that burrows moves "at the Burrow speed" all turn,
    and §8.1 allows an attack only after a move within the speed). The path is the burrowing
    path (through walls and enemies, surface terrain ignored). The nearest enemy is still one
    it can see from where it starts, but "nearest" is measured by burrowing paths, since for a
    rush the path distance considers special movement, Burrow named (§10.2 table, §26.3); War
    Drums AMB-24 keeps burrowing out of *charge* distance only, and a burrower never charges
    (§17.1.9), so a burrowing rush is never a charge.

    >>> # out of command, Bulette (speed 6, Burrow 4) burrows 7 squares, under whatever is in
    >>> # the way, to the nearest enemy it sees: a rush (7 <= 8) and, 7 > 4, no attack after it
    """
    if not state.rules.rush or turn.in_command or turn.moved or turn.attacks:
        return False
    if path.cost > 2 * rush_speed(creature, burrow):
        return False
    targets = charge_targets(state, field, creature, burrow=burrow)
    if not targets:
        return False
    best = min(d for d, _ in targets.values())
    end = path.squares[-1]
    for cid, (d, _path) in targets.items():
        if d == best and field.adjacent_at(creature, end, state.creatures[cid]):
            return cid
    return False


def _spikes_bite(state: SkirmishState, field: SkirmishField, creature: Creature) -> bool:
    """Whether spike stones hurt this creature when it walks (not flying, incorporeal...)."""
    traits = hooks.move_traits(creature, field)
    return not (traits.flies or traits.incorporeal or traits.ignores_difficult)


def _spike_squares(state: SkirmishState, field: SkirmishField, creature: Creature, anchor: XY) -> bool:
    return any("spike_stones" in state.map.terrain_at(s) for s in field.body(creature, anchor).squares)


def _guarded_from_spikes(state: SkirmishState, creature: Creature) -> bool:
    # War Drums §18.8: a routing creature may not step on lethal spikes; Skirmish §11.6: a creature
    # that is *not* routing may not (a routing one may, and is destroyed: W-26).
    return creature.routed if not state.rules.starter else not creature.routed


def _check_lethal_spikes(state: SkirmishState, field: SkirmishField, creature: Creature, path: PlannedPath) -> None:
    if not (_guarded_from_spikes(state, creature) and _spikes_bite(state, field, creature)):
        return
    hp = creature.hp
    for sq in path.squares:
        if _spike_squares(state, field, creature, sq):
            hp -= 5
            if hp <= 0:
                raise IllegalAction("spikes", _('The {creature} would be destroyed by the spike stones on '
                                                '{square}; it may not walk onto them.',
                                                creature=creature.name, square=square_name(sq)))


def spikes_could_stop(state: SkirmishState, field: SkirmishField, creature: Creature) -> bool:
    """Whether some path could be refused for lethal spike stones (so legal moves must check)."""
    if state.map is None or not (_guarded_from_spikes(state, creature) and _spikes_bite(state, field, creature)):
        return False
    spikes = len(state.map.terrain.get("spike_stones", []))
    return spikes > 0 and creature.hp <= 5 * spikes


def move_destination_allowed(state: SkirmishState, creature: Creature, to: XY) -> None:
    """Raise if the cheapest path to ``to`` would walk the creature onto lethal spikes."""
    field = SkirmishField(state)
    path = field.plan_path(creature, to, None, state.activation.diag_count,
                           passable=_trample_victims(state, field, creature))
    _check_lethal_spikes(state, field, creature, path)


def _spike_guard(state: SkirmishState, field: SkirmishField, creature: Creature, path: PlannedPath,
                 events: list[Event]):
    """Spike stones (§18.8, Skirmish §11.6): 5 magic damage each time a creature slowed by
    difficult terrain enters spike squares; it may not walk onto spikes that would destroy it."""
    from engine.rulesets.dnd_minis.abilities.base import Damage

    if not _spikes_bite(state, field, creature):
        return None
    _check_lethal_spikes(state, field, creature, path)

    def hook(c: Creature, anchor: XY, index: int) -> bool:
        if not _spike_squares(state, field, c, anchor):
            return True
        events.append(Event(kind="spikes", seat=c.side, text=_('The {creature} steps onto spike stones.', creature=c.name)))
        effects.run(field, state.rng, [Damage(target=c.id, amount=5, kind="magic", why="spike stones")], events)
        return c.on_board

    return hook


# -- attacks ------------------------------------------------------------------------------------
def attack(state: SkirmishState, creature: Creature, action: Attack, events: list[Event]) -> None:
    turn = state.activation
    field, target, ranged, kind, index, whirlwind, limits = attack_plan(state, creature, action)
    if whirlwind or limits.whirlwind:
        turn.whirlwind_targets.append(target.id)
    if turn.replaced_attack or turn.attack_kind not in (None, kind):
        turn.combined = True  # only Simultaneous Attack gets here (attack_plan checked it)
    turn.attacks += 1
    turn.attack_kind = kind
    turn.entries_used.append(index if not ranged else 100 + index)
    declared = _declare(state, field, creature, target, index, not ranged, action.declare, events)
    if ranged:
        field.ranged_attack(state.rng, creature, target, index, events, declared=declared)
    else:
        field.melee_attack(state.rng, creature, target, index, events, opportunity=False, declared=declared)
    turn.rush_target = None
    state.last_attack = (creature.square, target.square or creature.square)
    _after(state, creature, events)


def attack_plan(state: SkirmishState, creature: Creature, action: Attack):
    """Every check of an attack, without changing anything (legal actions use it too).

    Returns (field, target, ranged, kind, entry index, whirlwind, limits)."""
    turn = state.activation
    _check_can_act(creature, turn)
    field = SkirmishField(state)
    target = find_creature(state, action.target, creature)
    if not field.hostile(creature, target):
        raise IllegalAction("attack-ally", _("The {target} is on your side: creatures can't attack allies.",
                                             target=target.name))
    if not target.on_board:
        raise IllegalAction("not-on-board", _('The {target} is not on the battlefield.', target=target.name))
    limits = hooks.turn_limits(creature, field)
    if not limits.can_attack:
        raise IllegalAction("cannot-attack", _("The {creature} can't attack this turn.", creature=creature.name))
    if turn.charged:
        raise IllegalAction("turn-over", _('The {creature} charged: its attack is spent.',
                                           creature=creature.name))
    if turn.replaced_attack and not simultaneous.allows(limits, turn, turn.replaced_attack):
        raise IllegalAction("attack-replaced", _('The {creature} used {replaced_attack} instead of attacking.',
                                                 creature=creature.name, replaced_attack=turn.replaced_attack))
    ranged = action.ranged
    if ranged is None:
        ranged = not field.adjacent(creature, target) and bool(creature.card.ranged)
    if turn.rush_target and (ranged and not state.rules.rush_ranged_allowed or target.id != turn.rush_target):
        rushed = state.creatures[turn.rush_target]
        raise IllegalAction("rush-target", _('The {creature} rushed at the {rushed}: it must attack it in '
                                             'melee.',
                                             creature=creature.name, rushed=rushed.name))
    kind = "ranged" if ranged else "melee"
    combining = simultaneous.allows(limits, turn, kind)
    if turn.replaced_attack and not combining:
        raise IllegalAction("attack-replaced", _('The {creature} used {replaced_attack} instead of attacking.',
                                                 creature=creature.name, replaced_attack=turn.replaced_attack))
    if turn.attack_kind and turn.attack_kind != kind and not combining:
        raise IllegalAction("mixed-attacks", _('The {creature} made {attack_kind} attacks this turn: a full '
                                               'attack is all melee or all ranged.',
                                               creature=creature.name, attack_kind=turn.attack_kind))
    entries = creature.card.ranged if ranged else creature.card.melee
    if ranged and not entries:
        raise IllegalAction("no-ranged", _('The {creature} has no ranged attack.', creature=creature.name))
    if ranged and not limits.can_shoot:
        raise IllegalAction("cannot-shoot", _("The {creature} can't make ranged attacks this turn.",
                                              creature=creature.name))
    speed = turn.speed if turn.speed is not None else creature.card.speed
    if turn.moved and (limits.no_move_with_attack or limits.no_move_with_melee and not ranged
                       or limits.no_move_with_ranged and ranged):
        raise IllegalAction("slow-attack", _('The {creature} moved this turn and its slow attack needs it to '
                                             'stand still.',
                                             creature=creature.name))
    whirlwind = (limits.whirlwind and not ranged and turn.moved <= 1 and turn.attacks >= 1
                 and target.id not in turn.whirlwind_targets and turn.attack_kind in (None, "melee"))
    if turn.rush_target:  # a rush within its printed (or Burrow) speed ends in an attack
        burrow = hooks.move_traits(creature, field).burrow_speed if burrowed_this_turn(creature, turn) else 0
        speed = rush_speed(creature, burrow)
    elif state.rules.rush and not turn.in_command and not ranged and limits.must_rush_to_melee:
        raise IllegalAction("must-rush", _('The {creature} is Difficult and out of command: it must rush (or '
                                           'charge) to make a melee attack.',
                                           creature=creature.name))
    if whirlwind:
        pass  # Whirlwind Attack: one attack against each adjacent enemy after at most 1 square
    elif combining and (turn.replaced_attack or turn.attack_kind not in (None, kind)):
        if simultaneous.entries_used(turn, kind) >= len(entries):  # each listed attack once
            raise IllegalAction("no-attacks-left", _('The {creature} has made all of its {kind} attacks.',
                                                     creature=creature.name, kind=kind))
    elif limits.move_after_full_attack and turn.moved <= limits.move_after_full_attack and turn.moved_after_attack == 0:
        if turn.attacks >= len(entries):
            raise IllegalAction("no-attacks-left", _('The {creature} has made all of its attacks.',
                                                     creature=creature.name))
    elif limits.attack_during_double_move and turn.attacks == 0 and turn.moved <= 2 * speed:
        pass  # Mounted Melee Attack: one attack at any point of a double move
    else:
        turn.check_attack(creature.name, speed, len(entries))
    if turn.attack_limit is not None and turn.attacks >= turn.attack_limit:
        raise IllegalAction("slowed", _('The {creature} may make only {attack_limit} attack this turn.',
                                        creature=creature.name, attack_limit=turn.attack_limit))
    if ranged:
        _check_ranged(state, field, creature, target, entries, action.entry)
    elif not field.adjacent(creature, target) and not _within_reach(field, creature, target):
        raise IllegalAction("not-adjacent", _('The {target} on {square} is not adjacent to the {creature} on '
                                              '{square_2}; a melee attack needs an adjacent enemy.', target=target.name, square=square_name(target.square), creature=creature.name, square_2=square_name(creature.square)))
    index = (_pick_entry(creature, turn, action.entry, entries, kind) if not whirlwind
             else (action.entry - 1 if action.entry else turn.entries_used[0] % 100))
    return field, target, ranged, kind, index, whirlwind, limits


def _within_reach(field: SkirmishField, creature: Creature, target: Creature) -> bool:
    """Melee Reach N (AMB-17): melee attacks at enemies within N squares in sight."""
    reach = hooks.melee_reach(creature, field)
    return reach > 1 and field.distance(creature, target) <= reach and field.can_see(creature, target)


def _declare(state: SkirmishState, field: SkirmishField, creature: Creature, target: Creature, index: int,
             melee: bool, wanted: list[str], events: list[Event]) -> frozenset[str]:
    """Limited-use riders announced before the roll (§10.2.1): each must be declarable now and
    have a use left; the use is spent even if the attack misses."""
    if not wanted:
        return frozenset()
    ctx = field.attack_context(creature, target, index, melee=melee)
    allowed = {n.casefold(): n for n in hooks.declarable(ctx)}
    out = []
    for name in wanted:
        printed = allowed.get(name.casefold()) or next((v for k, v in allowed.items() if k.startswith(name.casefold())), None)
        if printed is None:
            raise IllegalAction("cannot-declare", _("The {creature} can't declare {name!r} for this "
                                                    "attack{outcome}", creature=creature.name, name=name, outcome=_(' (it may declare: {names}).', names=commas([ability_name(v) for v in allowed.values()])) if allowed else '.'))
        ref = creature.card.ability(printed)
        if ref is not None and ref.uses is not None and creature.uses.get(printed, 0) >= ref.uses:
            raise IllegalAction("no-uses", _('The {creature} has used up {printed}.',
                                             creature=creature.name, printed=ability_name(printed)))
        ability = ability_for(printed)
        turn_key = f"{printed} turn"
        if ability is not None and ability.once_per_turn and creature.uses.get(turn_key) == state.activation.serial:
            raise IllegalAction("once-per-turn", _('The {creature} may use {printed} only once per turn.',
                                                   creature=creature.name, printed=ability_name(printed)))
        if ability is not None and ability.once_per_turn:
            creature.uses[turn_key] = state.activation.serial
        creature.uses[printed] = creature.uses.get(printed, 0) + 1
        out.append(printed)
        events.append(Event(kind="declare", seat=creature.side, text=_('The {creature} declares {printed}.',
                                                                       creature=creature.name, printed=ability_name(printed))))
    return frozenset(out)


def _check_ranged(state: SkirmishState, field: SkirmishField, creature: Creature, target: Creature, entries,
                  entry: int | None) -> None:
    """§11.1: a ranged attack entry, sight, the nearest visible enemy, not threatened, in range."""
    threats = field.binding_threats(creature)
    if threats:
        raise IllegalAction("threatened", _("The {creature} is threatened by the {threat} and can't shoot "
                                            "(only if it can't see you or you have cover from it).",
                                            creature=creature.name, threat=threats[0].name))
    if not field.can_see(creature, target):
        raise IllegalAction("no-sight", _("The {creature} can't see the {target}.",
                                          creature=creature.name, target=target.name))
    nearest = field.nearest_visible(creature, field.enemies_of(creature))
    if target not in nearest:
        names = either(c.name for c in nearest)
        raise IllegalAction("not-nearest", _('A ranged attack must target the nearest enemy the {creature} can '
                                             'see: {names}.',
                                             creature=creature.name, names=names))
    chosen = entries[(entry - 1) if entry else 0] if entries else None
    if chosen is not None and chosen.range is not None and field.distance(creature, target) > chosen.range:
        raise IllegalAction("out-of-range", _('The {target} is {distance} squares away; that attack reaches '
                                              '{range}.', target=target.name, distance=field.distance(creature, target), range=chosen.range))


def _kind(kind: str):
    """'melee' or 'ranged' in the reader's language."""
    return _("ranged") if kind == "ranged" else _("melee")


def _pick_entry(creature: Creature, turn: Activation, requested: int | None, entries, kind: str) -> int:
    offset = 100 if kind == "ranged" else 0
    if requested is not None:
        if not 1 <= requested <= len(entries):
            raise IllegalAction("unknown-attack", ngettext("The {creature} has {n} {kind} attack entry; choose 1 to {n}.",
                                                         "The {creature} has {n} {kind} attack entries; choose 1 to {n}.",
                                                         len(entries), creature=creature.name, kind=_kind(kind)))
        if offset + requested - 1 in turn.entries_used:
            raise IllegalAction("attack-used", _("The {creature} already used {kind} attack {requested} this turn.",
                                                 creature=creature.name, kind=_kind(kind), requested=requested))
        return requested - 1
    return next(i for i in range(len(entries)) if offset + i not in turn.entries_used)


# -- charge -------------------------------------------------------------------------------------
def charge_targets(state: SkirmishState, field: SkirmishField, creature: Creature,
                   burrow: int = 0) -> dict[str, tuple[int, list]]:
    """Visible enemies with the path cost to their nearest adjacent squares (ignoring who stands
    on those squares) and those squares: {enemy id: (cost, [anchors])}. ``burrow``: the Burrow
    speed of a burrowing rush, whose costs are underground paths (see :func:`_rush_allowed`)."""
    out: dict[str, tuple[int, list]] = {}
    for enemy in field.enemies_of(creature):
        if not field.can_see(creature, enemy):
            continue
        best, squares = None, []
        limit = 2 * rush_speed(creature, burrow)  # no charge or rush goes farther; a path is never shorter
        for anchor in field.anchors_adjacent_to(creature, enemy):
            if space_distance(creature.squares, field.body(creature, anchor).squares) > limit:
                continue
            cost = field.path_cost_ignoring_occupants(creature, anchor, enemy, burrowing=bool(burrow))
            if cost is None:
                continue
            if best is None or cost < best:
                best, squares = cost, [anchor]
            elif cost == best:
                squares.append(anchor)
        if best is not None:
            out[enemy.id] = (best, squares)
    return out


def charge_plan(state: SkirmishState, creature: Creature, action: Charge, targets: dict | None = None):
    """Every check of a charge, without changing anything. Returns (field, limits, target, path)."""
    turn = state.activation
    _check_can_act(creature, turn)
    field = SkirmishField(state)
    limits = hooks.turn_limits(creature, field)
    if turn.moved or turn.attacks or turn.replaced_attack:
        raise IllegalAction("charge-start", _('A charge is a whole turn: the {creature} has already acted.',
                                              creature=creature.name))
    if not limits.can_move or not limits.can_attack or not hooks.move_traits(creature, field).can_charge:
        raise IllegalAction("cannot-charge", _("The {creature} can't charge this turn.", creature=creature.name))
    targets = charge_targets(state, field, creature) if targets is None else targets
    if not targets:
        raise IllegalAction("no-charge", _("The {creature} can see no enemy it could reach, so it can't charge.",
                                           creature=creature.name))
    best = min(d for d, _ in targets.values())
    nearest = [cid for cid, (d, _) in targets.items() if d == best]
    if action.target:
        target = find_creature(state, action.target, creature)
        if target.id not in nearest:
            names = either(state.creatures[c].name for c in nearest)
            raise IllegalAction("not-nearest", _('A charge must go at the nearest enemy: the {names}.',
                                                 names=names))
    elif len(nearest) == 1:
        target = state.creatures[nearest[0]]
    else:
        raise IllegalAction("choose-target", _('Several enemies are equally near: say which one (target:).'))
    cost, squares = targets[target.id]
    speed = creature.card.speed if state.rules.rush and not turn.in_command else (
        turn.speed if turn.speed is not None else creature.card.speed)

    def checked(dest: XY) -> PlannedPath:
        if not field.free_for(creature, dest):
            raise IllegalAction("charge-blocked", _("{square}, the nearest square next to the {target}, is "
                                                    "taken: the {creature} can't charge.", square=square_name(dest), target=target.name, creature=creature.name))
        path = field.plan_path(creature, dest, None, 0, charging=True)
        if path.cost > 2 * speed:
            raise IllegalAction("too-far", _('The charge to {square} costs {cost} squares; the {creature} may '
                                             'charge {amount}.', square=square_name(dest), cost=path.cost, creature=creature.name, amount=2 * speed))
        enough = len(path.squares) >= 2 if not state.rules.starter else path.cost >= 2
        if not enough:
            raise IllegalAction("too-short", _('A charge needs at least 2 squares of movement; {square} is too '
                                               'close.',
                                               square=square_name(dest)))
        # Stagger (seed 000 "può caricare anche senza un percorso libero che conduce al bersaglio";
        # seed 002 the same): no straight, clear lane is needed, only a legal path.
        blocker = (field.charge_lane_blocker(creature, dest, starter=state.rules.starter)
                   if hooks.move_traits(creature, field).straight_charge else None)
        if blocker:
            raise IllegalAction("lane-blocked", _('The straight line of the charge crosses {blocker}: no '
                                                  'charge.',
                                                  blocker=blocker))
        return path

    if action.to is not None:
        if action.to not in squares:
            raise IllegalAction("not-nearest-square", _('A charge must end on the nearest square next to the '
                                                        '{target}: {names}.', target=target.name, names=either(square_name(s) for s in squares)))
        dest, path = action.to, checked(action.to)
    else:
        good, first_error = [], None
        for sq in squares:
            try:
                good.append((sq, checked(sq)))
            except IllegalAction as exc:
                first_error = first_error or exc
        if not good:
            raise first_error
        if len(good) > 1:
            raise IllegalAction("choose-square", _('Several squares are equally near: say where (to:) — '
                                                   '{names}.',
                                                   names=commas(square_name(s) for s, _ in good)))
        dest, path = good[0]
    return field, limits, target, path


def charge(state: SkirmishState, creature: Creature, action: Charge, events: list[Event]) -> None:
    turn = state.activation
    field, limits, target, path = charge_plan(state, creature, action)
    turn.charged = True
    target_square = target.square
    events.append(Event(kind="charge", seat=creature.side, text=_('The {creature} charges the {target}!',
                                                                  creature=creature.name, target=target.name)))
    walked = field.walk(state.rng, creature, path, turn, events)
    turn.record_move(walked.cost, walked.diag_count_after)
    state.last_path = [path.start, *walked.squares]
    if not creature.on_board or creature.routed or len(walked.squares) < len(path.squares):
        _after(state, creature, events, force_end=True)
        return
    if limits.hurl_when_charging and creature.card.ranged and target.on_board and field.ask(
            creature.controller or creature.side, "hurling-charge",
            _('Hurling Charge: the {creature} may make its ranged attack at the {target} before its melee '
              'attack (if that moves the target, the charge ends without a melee attack). Throw?',
              creature=creature.name, target=target.name),
            ["throw", "hold"]) == "throw":
        # Hurling Charge (§26): its ranged attack at the charge target before the melee attack.
        for i in range(len(creature.card.ranged)):
            if not target.on_board or target.routed:
                break
            field.ranged_attack(state.rng, creature, target, i, events)
    if not target.on_board or target.routed or target.square != target_square:
        events.append(Event(kind="note", text=_('The {target} is gone: the charge ends without an attack.',
                                                target=target.name)))
        _after(state, creature, events, force_end=True)
        return
    effects.run(field, state.rng, hooks.on_charged(target, creature, field), events, source=target)
    if not creature.on_board or creature.routed:
        _after(state, creature, events, force_end=True)
        return
    attacks = len(creature.card.melee) if limits.full_attack_when_charging else 1
    first = (action.entry - 1) if action.entry else 0
    for i in range(attacks):
        if not target.on_board or target.routed:
            break
        index = first if attacks == 1 else i
        turn.attacks += 1
        turn.attack_kind = "melee"
        field.melee_attack(state.rng, creature, target, index, events, opportunity=False, charging=True)
    state.last_attack = (creature.square, target.square or creature.square)
    _after(state, creature, events, force_end=True)


# -- helpers ------------------------------------------------------------------------------------
def find_creature(state: SkirmishState, text: str, actor: Creature | None = None) -> Creature:
    key = (text or "").strip()
    if key in state.creatures:
        return state.creatures[key]
    low = key.casefold()
    matches = [c for c in state.creatures.values()
               if low in (c.label.casefold(), c.name.casefold(), c.id.casefold()) and not c.eliminated]
    if actor is not None and len(matches) > 1:
        enemies = [c for c in matches if c.side != actor.side]
        matches = enemies or matches
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise IllegalAction("unknown-creature", _('There is no creature {text!r} in this battle.', text=text))
    raise IllegalAction("ambiguous", _('Several creatures are called {text!r}: use one of {names}.',
                                       text=text, names=commas(c.id for c in matches)))


def _after(state: SkirmishState, creature: Creature, events: list[Event], force_end: bool = False) -> None:
    from engine.rulesets.dnd_minis.skirmish import rounds, victory

    if victory.check_victory(state, events):
        return
    turn = state.activation
    if turn is None:
        return
    speed = turn.speed if turn.speed is not None else creature.card.speed
    entries = len(creature.card.ranged if turn.attack_kind == "ranged" else creature.card.melee)
    if turn.attack_limit is not None:
        entries = min(entries, turn.attack_limit)
    if (force_end or not creature.on_board or creature.routed or turn.replaced_attack and turn.moved
            or not _anything_left(turn, speed, entries, creature, state)):
        rounds.finish_turn(state, events)


def _anything_left(turn: Activation, speed: int, entries: int, creature: Creature, state: SkirmishState) -> bool:
    if turn.rush_target:
        return True  # it must still attack
    limits = hooks.turn_limits(creature, SkirmishField(state))
    if simultaneous.anything_left(limits, turn, len(creature.card.melee), len(creature.card.ranged)):
        return True
    if turn.replaced_attack:
        return turn.movement_left(speed) > 0 and turn.moved == 0
    if creature.card.ranged and turn.attacks == 0:
        entries = max(entries, len(creature.card.ranged))
    if turn.anything_left(speed, entries):
        return True
    field = SkirmishField(state)
    limits = hooks.turn_limits(creature, field)
    if limits.whirlwind and _whirlwind_targets_left(field, creature, turn):
        return True
    return _ability_options_left(turn, limits, speed, entries)


def _whirlwind_targets_left(field: SkirmishField, creature: Creature, turn: Activation) -> bool:
    """Whirlwind Attack: an adjacent enemy it has not attacked yet, while it has moved at most 1
    square and made only melee attacks (the same test :func:`attack_plan` makes)."""
    if turn.moved > 1 or turn.attack_kind not in (None, "melee") or turn.moved_after_attack:
        return False
    done = set(turn.whirlwind_targets)
    return any(e.id not in done and e.on_board for e in field.enemies_adjacent_to(creature))


def _ability_options_left(turn: Activation, limits, speed: int, entries: int) -> bool:
    """What the creature's abilities still allow once the ordinary options are spent, asked
    before the turn ends by itself (the same openings :func:`_special_move_allowed` and
    :func:`attack_plan` grant, so no command they accept is cut off by an automatic end):

    - Spring Attack: after its one attack, the rest of its Speed (move, attack, move);
    - Sidestep: after 1 square at most, the rest of its attacks; after its attacks with no
      move yet, its 1 square;
    - Mounted Melee Attack: its one attack anywhere in a double move, and the rest of the
      double move after it.
    """
    if turn.minimum_move or turn.cannot_move and turn.attacks >= entries:
        return False
    if limits.split_move and turn.attacks == 1 and turn.moved < speed and not turn.cannot_move:
        return True
    step = limits.move_after_full_attack
    if step and turn.moved_after_attack == 0:
        if turn.moved <= step and 0 < turn.attacks < entries:
            return True
        if turn.moved == 0 and turn.attacks >= 1 and not turn.cannot_move:
            return True
    return bool(limits.attack_during_double_move and turn.attacks == 1 and turn.moved < 2 * speed
                and not turn.cannot_move)
