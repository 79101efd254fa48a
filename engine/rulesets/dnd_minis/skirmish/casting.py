"""``/cast``: a spell from the card, or an ability that replaces the attack (War Drums §17, §19).

Spells come from the spells package (``spells.spell_for`` reads the card's entry, ``spells.cast``
gives the outcomes); abilities from ``hooks.actions_of`` / ``ability.perform``. The ruleset
checks the turn (one replaces-attack action, never with a double move), the threat rule for
spells (touch only while threatened), uses, range and the nearest-target rule (an "immune
nearest target" refuses the spell: WE-48), picks the area, and runs the outcomes.
"""

from __future__ import annotations

from engine.core import Event, IllegalAction
from engine.rulesets.dnd_minis import spells
from engine.rulesets.dnd_minis.abilities import hooks
from engine.rulesets.dnd_minis.creature import Creature
from engine.rulesets.dnd_minis.skirmish import areas, effects
from engine.rulesets.dnd_minis.skirmish.actions import Cast
from engine.rulesets.dnd_minis.skirmish.field import SkirmishField
from engine.rulesets.dnd_minis.skirmish.state import SkirmishState
from engine.core.text import _, either
from engine.rulesets.dnd_minis.cards import range_name

WARBAND_RANGES = ("your warband", "any warband")


def card_spells(creature: Creature) -> list[tuple[object, object]]:
    """(card entry, Spell) for every spell the creature still has a use of: its own check
    boxes, a sorcerer box of its level or higher (§17.3), or power points for a psionic power."""
    out = []
    for ref in creature.card.spells:
        used = creature.uses.get(ref.name, 0)
        if ref.uses is not None and used >= ref.uses:
            continue
        if ref.uses is None and ref.pp is not None and creature.card.power_points is not None:
            if creature.uses.get("power points", 0) + ref.pp > creature.card.power_points:
                continue
        elif ref.uses is None and creature.card.sorcerer_slots and _sorcerer_box(creature, ref.level or 0) is None:
            continue
        spell = spells.spell_for(ref.name, ref.entry or None, ref.level)
        if spell is not None:
            out.append((ref, spell))
    return out


def offered_names(field: SkirmishField, creature: Creature) -> list[str]:
    return [ref.name for ref, _ in card_spells(creature)] + [spec.name for _, spec in hooks.actions_of(creature, field)]


def cast(state: SkirmishState, creature: Creature, action: Cast, events: list[Event], *, dry: bool = False) -> None:
    """Cast (or, with ``dry``, only check that it could be cast: nothing changes)."""
    from engine.rulesets.dnd_minis.skirmish.turn import _after, _check_can_act

    t = state.activation
    _check_can_act(creature, t)
    field = SkirmishField(state)
    wanted = action.spell.strip().casefold()
    spell_match = next(((r, s) for r, s in card_spells(creature) if r.name.casefold() == wanted), None)
    ability_match = next(((a, spec) for a, spec in hooks.actions_of(creature, field)
                          if wanted in (spec.name.casefold(), spec.ability.casefold())), None)
    if spell_match is None and ability_match is None and wanted in ("wake", "wake up"):
        _wake(state, field, creature, action, events, dry=dry)
        if dry:
            return
        _after(state, creature, events)
        return
    if spell_match is None and ability_match is None:
        names = ", ".join(offered_names(field, creature)) or "nothing"
        raise IllegalAction("unknown-spell", _("The {creature} can't use {spell!r} now (it can use: {names}).",
                                               creature=creature.name, spell=action.spell, names=names))
    limits = hooks.turn_limits(creature, field)
    if spell_match is not None:
        ref, spell = spell_match
        if not getattr(limits, "can_cast", True):
            raise IllegalAction("cannot-cast", _("The {creature} can't cast spells this turn.",
                                                 creature=creature.name))
        _replace_attack(creature, t, spell.name, limits)
        if not spell.castable_while_threatened and field.binding_threats(creature):
            raise IllegalAction("threatened", _('The {creature} is threatened and may cast only touch spells; '
                                                '{spell} has range {range}.',
                                                creature=creature.name, spell=spell.name, range=range_name(spell.range)))
        targets = _targets(state, field, creature, spell.range, spell.area, action, spell.targets_nearest,
                           spell.max_range, spell.name, living_only=spell.living_only)
        if dry:
            return
        _spend(creature, ref)  # spent even if lost or resisted
        t.combined = t.combined or bool(t.attacks or t.replaced_attack)
        t.replaced_attack, t.attacks = spell.name, t.attacks + 1
        events.append(Event(kind="cast", seat=creature.side, text=_('The {creature} casts {spell}{outcome}.', creature=creature.name, spell=spell.name, outcome=_(' on {names}', names=', '.join(('the ' + c.name for c in targets))) if targets else '')))
        lost, lost_events = hooks.spell_lost(creature, spell.name, field, state.rng)
        events.extend(lost_events)
        if not lost:
            state.violence_this_round = state.violence_this_round or any(field.hostile(creature, c) for c in targets)
            outcomes, rolls = spells.cast(spell, creature, targets, field, state.rng)
            events.extend(rolls)
            effects.run(field, state.rng, outcomes, events, source=creature)
            # A starter Gaze Attack's passive save comes after the spell (seed 000 "dopo l'attacco").
            for target in targets:
                if target.id != creature.id and creature.on_board:
                    effects.run(field, state.rng, hooks.on_targeted(target, creature, "spell", field), events,
                                source=target)
    else:
        ability, spec = ability_match
        if spec.uses_left == 0:
            raise IllegalAction("no-uses", _('The {creature} has used up {spec}.',
                                             creature=creature.name, spec=spec.name))
        if spec.replaces == "attack":
            _replace_attack(creature, t, spec.name, limits)
        if spec.swift:
            if t.swift_used:
                raise IllegalAction("swift-used", _('The {creature} has already taken its swift action.',
                                                    creature=creature.name))
        rng_kind = spec.range
        nearest = rng_kind in ("range 6", "sight", "cone", "line 12", "12")
        limit = 6 if rng_kind == "range 6" else 12 if rng_kind in ("12", "line 12") else None
        area = rng_kind if rng_kind in ("cone", "line 12") else getattr(spec, "area", None)
        targets = _targets(state, field, creature, rng_kind, area, action, nearest, limit, spec.name)
        if dry:
            return
        if spec.replaces == "attack":
            t.combined = t.combined or bool(t.attacks or t.replaced_attack)
            t.replaced_attack, t.attacks = spec.name, t.attacks + 1
        if spec.swift:
            t.swift_used = True
        creature.uses[spec.ability] = creature.uses.get(spec.ability, 0) + 1
        events.append(Event(kind="cast", seat=creature.side, text=_('The {creature} uses {spec}{outcome}.', creature=creature.name, spec=spec.name, outcome=_(' on {names}', names=', '.join(('the ' + c.name for c in targets))) if targets else '')))
        state.violence_this_round = state.violence_this_round or any(field.hostile(creature, c) for c in targets)
        effects.run(field, state.rng, ability.perform(creature, spec, targets, field, state.rng), events,
                    source=creature)
    _after(state, creature, events)


def _wake(state: SkirmishState, field: SkirmishField, creature: Creature, action: Cast, events: list[Event],
          dry: bool = False) -> None:
    """Waking an adjacent sleeper replaces the attack (War Drums §26 Sleep, A-66)."""
    from engine.rulesets.dnd_minis import conditions
    from engine.rulesets.dnd_minis.skirmish.turn import find_creature

    sleepers = conditions.wake_targets(creature, field)
    target = find_creature(state, action.target, creature) if action.target else (sleepers[0] if len(sleepers) == 1 else None)
    if target is None or target not in sleepers:
        raise IllegalAction("no-sleeper", _('The {creature} can wake only an adjacent sleeping '
                                            'creature{outcome}', creature=creature.name, outcome=_(': {names}.', names=', '.join((c.name for c in sleepers))) if sleepers else _(' (none is adjacent).')))
    _replace_attack(creature, state.activation, "waking a sleeper")
    if dry:
        return
    state.activation.replaced_attack, state.activation.attacks = "wake", state.activation.attacks + 1
    target.remove_condition("asleep")
    events.append(Event(kind="wakes", seat=target.side, text=_('The {creature} shakes the {target} awake.',
                                                               creature=creature.name, target=target.name)))


def _sorcerer_box(creature: Creature, level: int) -> int | None:
    from engine.rulesets.dnd_minis.abilities.spellcasting import sorcerer_box

    left = {lvl: n - creature.uses.get(f"level {lvl} box", 0) for lvl, n in creature.card.sorcerer_slots.items()}
    return sorcerer_box(level, left)


def _spend(creature: Creature, ref) -> None:
    if ref.uses is None and ref.pp is not None and creature.card.power_points is not None:
        creature.uses["power points"] = creature.uses.get("power points", 0) + ref.pp
    elif ref.uses is None and creature.card.sorcerer_slots:
        box = _sorcerer_box(creature, ref.level or 0)
        creature.uses[f"level {box} box"] = creature.uses.get(f"level {box} box", 0) + 1
    creature.uses[ref.name] = creature.uses.get(ref.name, 0) + 1


def _replace_attack(creature: Creature, t, name: str, limits=None) -> None:
    from engine.rulesets.dnd_minis.skirmish import simultaneous

    # Simultaneous Attack: standing still, a listed ability joins the listed attacks (once).
    combining = (limits is not None and not t.charged and t.replaced_attack != name
                 and simultaneous.allows(limits, t, name)
                 and (t.attack_kind is None or simultaneous.allows(limits, t, t.attack_kind))
                 and (t.replaced_attack is None or simultaneous.allows(limits, t, t.replaced_attack)))
    if (t.attacks or t.replaced_attack or t.charged) and not combining:
        raise IllegalAction("attack-used", _('The {creature} has already used its attack this turn; {name} '
                                             'replaces the attack.',
                                             creature=creature.name, name=name))
    speed = t.speed if t.speed is not None else creature.card.speed
    if t.moved_before_attack > speed:
        raise IllegalAction("double-moved", _("The {creature} double-moved: it can't also use {name}.",
                                              creature=creature.name, name=name))


def _targets(state: SkirmishState, field: SkirmishField, creature: Creature, rng_kind: str, area: str | None,
             action: Cast, nearest: bool, limit: int | None, name: str, *, living_only: bool = False) -> list[Creature]:
    from engine.rulesets.dnd_minis.skirmish.turn import find_creature

    if rng_kind == "self":
        return [creature]
    if rng_kind == "your warband":
        return [c for c in state.creatures.values() if c.side == creature.side and c.on_board]
    if rng_kind == "any warband":
        seat = action.target or creature.side
        if seat not in state.players:
            seat = find_creature(state, seat).side
        return [c for c in state.creatures.values() if c.side == seat and c.on_board]
    target = find_creature(state, action.target, creature) if action.target else None
    if rng_kind not in ("touch",) and hooks.turn_limits(creature, field).touch_only:
        raise IllegalAction("blind", _("The {creature} can't see: only touch-range {name} is possible.",
                                       creature=creature.name, name=name))
    if rng_kind == "touch":
        target = target or creature
        if target.id != creature.id and not field.adjacent(creature, target):
            raise IllegalAction("not-adjacent", _('{name} has touch range: the {target} is not adjacent.',
                                                  name=name, target=target.name))
        return [target]
    if target is None:
        raise IllegalAction("which-target", _('Say who {name} is aimed at (target:): the nearest enemy or ally.',
                                              name=name))
    if not field.can_see(creature, target):
        raise IllegalAction("no-sight", _("The {creature} can't see the {target}.",
                                          creature=creature.name, target=target.name))
    if limit is not None and field.distance(creature, target) > limit:
        raise IllegalAction("out-of-range", _("The {target} is beyond {name}'s range of {limit}.",
                                              target=target.name, name=name, limit=limit))
    if nearest:
        side = field.enemies_of(creature) if field.hostile(creature, target) else field.allies_of(creature)
        closest = field.nearest_visible(creature, side, limit)
        if target not in closest:
            who = _("enemy") if field.hostile(creature, target) else _("ally")
            names = either(c.name for c in closest) if closest else _("nobody in range")
            raise IllegalAction("not-nearest", _('{name} must go to the nearest {who} the {creature} can see: '
                                                 '{names}.',
                                                 name=name, who=who, creature=creature.name, names=names))
        if living_only and any(t in ("construct", "undead") for t in (x.casefold() for x in target.card.types)):
            raise IllegalAction("immune-nearest", _("The nearest {target} can't be affected by {name}: cast "
                                                    "another spell or move so that a creature it affects is "
                                                    "nearest (AMB-60).",
                                                    target=target.name, name=name))
    return areas.affected(field, creature, target, area, action.square)
