"""Spells and abilities that replace the attack (War Drums §17, §19): ``/cast``.

The abilities package offers them (``hooks.actions_of``) and carries them out
(``ability.perform``); the ruleset checks the turn (one replaces-attack action, no double
move), the threat restriction (spells beyond touch), the range and the nearest-target rule,
chooses the targets (areas from :mod:`.areas`) and runs the outcomes.
"""

from __future__ import annotations

from engine.core import Event, IllegalAction
from engine.rulesets.dnd_minis.abilities import hooks
from engine.rulesets.dnd_minis.creature import Creature
from engine.rulesets.dnd_minis.skirmish import effects
from engine.rulesets.dnd_minis.skirmish.actions import Cast
from engine.rulesets.dnd_minis.skirmish.field import SkirmishField
from engine.rulesets.dnd_minis.skirmish.state import SkirmishState


def offered(field: SkirmishField, creature: Creature):
    return hooks.actions_of(creature, field)


def cast(state: SkirmishState, creature: Creature, action: Cast, events: list[Event]) -> None:
    from engine.rulesets.dnd_minis.skirmish.turn import _after, _check_can_act, find_creature

    t = state.activation
    _check_can_act(creature, t)
    field = SkirmishField(state)
    options = offered(field, creature)
    wanted = action.spell.strip().casefold()
    match = [(a, s) for a, s in options if s.name.casefold() == wanted or s.ability.casefold() == wanted]
    if not match:
        names = ", ".join(s.name for _, s in options) or "nothing"
        raise IllegalAction("unknown-spell", f"The {creature.name} can't use {action.spell!r} now (it can use: {names}).")
    ability, spec = match[0]
    if spec.uses_left == 0:
        raise IllegalAction("no-uses", f"The {creature.name} has used up {spec.name}.")
    replaces = spec.replaces == "attack"
    if replaces:
        if t.attacks or t.replaced_attack or t.charged:
            raise IllegalAction("attack-used", f"The {creature.name} has already used its attack this turn.")
        if t.moved_before_attack > (t.speed if t.speed is not None else creature.card.speed):
            raise IllegalAction("double-moved", f"The {creature.name} double-moved: it can't also use {spec.name}.")
    is_spell = ability.kind in ("spell",) or getattr(ability, "is_spell", False)
    if is_spell and spec.range != "touch" and field.binding_threats(creature):
        raise IllegalAction("threatened", f"The {creature.name} is threatened and may cast only touch spells.")
    targets = choose_targets(state, field, creature, spec, action)
    if replaces:
        t.replaced_attack = spec.name
        t.attacks += 1
    if spec.swift:
        if t.swift_used:
            raise IllegalAction("swift-used", f"The {creature.name} has already taken its swift action.")
        t.swift_used = True
    events.append(Event(kind="cast", seat=creature.side, text=f"The {creature.name} uses {spec.name}"
                        + (f" on {', '.join(c.name for c in targets)}" if targets else "") + "."))
    state.violence_this_round = state.violence_this_round or any(field.hostile(creature, c) for c in targets)
    effects.run(field, state.rng, ability.perform(creature, spec, targets, field, state.rng), events, source=creature)
    _after(state, creature, events)


def choose_targets(state: SkirmishState, field: SkirmishField, creature: Creature, spec, action: Cast) -> list[Creature]:
    from engine.rulesets.dnd_minis.skirmish.turn import find_creature

    rng = spec.range
    if rng == "self":
        return [creature]
    if rng in ("your warband",):
        return [c for c in state.creatures.values() if c.side == creature.side and c.on_board]
    if rng == "any warband":
        seat = action.target or creature.side
        return [c for c in state.creatures.values() if c.side == seat and c.on_board]
    target = find_creature(state, action.target, creature) if action.target else None
    if rng == "touch":
        target = target or creature
        if target.id != creature.id and not field.adjacent(creature, target):
            raise IllegalAction("not-adjacent", f"{spec.name} has touch range: the {target.name} is not adjacent.")
        return [target]
    limit = 6 if rng == "range 6" else 12 if rng in ("12", "line 12") else None
    if target is None:
        raise IllegalAction("which-target", f"Say who {spec.name} is aimed at (target:): the nearest enemy or ally.")
    side = field.enemies_of(creature) if field.hostile(creature, target) else field.allies_of(creature)
    nearest = field.nearest_visible(creature, side, limit)
    if target not in nearest:
        names = " or ".join(c.name for c in nearest) or "nobody in range"
        raise IllegalAction("not-nearest", f"{spec.name} must go to the nearest {'enemy' if field.hostile(creature, target) else 'ally'} "
                            f"the {creature.name} can see{f' within {limit}' if limit else ''}: {names}.")
    from engine.rulesets.dnd_minis.skirmish import areas

    return areas.affected(field, creature, target, spec, action)
