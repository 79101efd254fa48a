"""Carry out what abilities ask for (their *outcomes*): damage, saves, conditions, routs.

The abilities package decides *what* happens (abilities/base.py outcomes); the board belongs
to the ruleset, so damage goes through the battlefield's damage path (destruction, morale,
VP) and conditions land on the creature records.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from engine.core import Event, Rng
from engine.rulesets.dnd_minis.abilities import hooks
from engine.rulesets.dnd_minis.abilities.base import (
    AddCondition, AddEffect, Damage, DamageContext, DamagePacket, Destroy, Enslaved, ExtraAttack, GainHp, Heal, LoseSpell,
    MoraleSave, Note, Place, Promote, Push, RemoveCondition, Rout, SaveOr,
)
from engine.rulesets.dnd_minis.combat import save
from engine.rulesets.dnd_minis.conditions import condition_said, condition_word
from engine.rulesets.dnd_minis.creature import Condition, Creature, Effect
from engine.grid import can_end_at, space_distance, square_name
from engine.core.text import _, commas
from engine.rulesets.dnd_minis.cards import damage_kind_name

if TYPE_CHECKING:  # pragma: no cover
    from engine.rulesets.dnd_minis.skirmish.view import SkirmishView

# How long each condition lasts when an ability gives it (War Drums §20.2).
ENDS = {"stunned": "next_turn_end", "paralyzed": "save", "confused": "save", "entangled": "save",
        "asleep": "damage", "invisible": "battle", "poisoned": "battle", "skips next turn": "next_turn"}

_NUM = re.compile(r"^(?P<name>[a-z][a-z ]*?)(?:\s+(?:dc\s*)?(?P<n>\d+))?(?:\s*\((?P<text>.*)\))?$")


def condition_from_text(text: str, source=None) -> Condition:
    """``"stunned"``, ``"paralyzed DC 15"``, ``"poisoned 5"`` -> a Condition record."""
    m = _NUM.match(text.strip().casefold())
    name = m.group("name").strip() if m else text.strip().casefold()
    n = int(m.group("n")) if m and m.group("n") else None
    dc = n if "dc" in text.casefold() else None
    value = n if n is not None and dc is None else 0
    return Condition(name=name, dc=dc, value=value, text=text.strip(), ends=ENDS.get(name, "battle"),
                     source=source.id if source is not None else None,
                     source_seat=source.side if source is not None else None)


def run(field: "SkirmishView", rng: Rng, outcomes, events: list[Event], source=None) -> list:
    """Execute every outcome the board can; return those the turn code must handle itself
    (extra attacks, pushes, new creatures). A batch is simultaneous: it resolves one creature
    at a time, in the order of :func:`resolution_order`."""
    left = []
    for outcome in resolution_order(field, list(outcomes or [])):
        left += _one(field, rng, outcome, events, source)
    return left


# Outcomes whose order can change what happens next: they may destroy, rout, move a creature
# or make it act. Bonuses, healing, conditions and notes leave the same board in any order.
_ORDER_MATTERS = (Damage, SaveOr, Destroy, Rout, MoraleSave, Push, ExtraAttack)


def _affected(outcome) -> str | None:
    return getattr(outcome, "target", None) or getattr(outcome, "creature", None) or getattr(outcome, "attacker", None)


def resolution_order(field: "SkirmishView", outcomes: list) -> list:
    """Simultaneous effects, one creature at a time (War Drums §24; Skirmish §22.1): first
    those on the creatures of the player whose creature is taking its turn, then the player to
    the left, and so on; each player picks the order of their own creatures when it can matter
    (setting ``effect_order=ask``, the default). Outcomes on no creature come first.

    >>> # a Fireball on two of Bob's creatures: "which is resolved first?" (/decide)
    """
    by_creature: dict[str, list] = {}
    loose = []
    for o in outcomes:
        cid = _affected(o)
        if cid and cid in field.roster:
            by_creature.setdefault(cid, []).append(o)
        else:
            loose.append(o)
    if len(by_creature) < 2:
        return outcomes
    state = field.state
    owner = {cid: field.roster[cid].controller or field.roster[cid].side for cid in by_creature}
    seats = list(state.order) or [s.id for s in state.seats]
    acting = state.activation and state.creatures.get(state.activation.creature)
    first = (acting.controller or acting.side) if acting else state.phase_seat
    if first in seats:
        seats = seats[seats.index(first):] + seats[:seats.index(first)]
    seats += sorted({s for s in owner.values() if s not in seats})
    ordered = list(loose)
    for seat in seats:
        ids = [cid for cid in by_creature if owner[cid] == seat]
        ask = (state.rules.effect_order == "ask" and len(ids) > 1
               and any(isinstance(o, _ORDER_MATTERS) for cid in ids for o in by_creature[cid]))
        while ids:
            chosen = ids[0]
            if ask and len(ids) > 1:
                why = next((o.why for cid in ids for o in by_creature[cid] if getattr(o, "why", "")), "")
                names = commas(f"{field.roster[c].name} ({c})" for c in ids)
                chosen = field.ask(seat, "effect-order", _('{outcome}several of your creatures are affected at '
                                                           'once — {names}. Which is resolved first?',
                                                           outcome=_('{why}: ', why=hooks.reason_name(why)) if why else '', names=names), ids)
            ids.remove(chosen)
            ordered += by_creature[chosen]
    return ordered


def _creature(field: "SkirmishView", cid: str | None):
    if not cid:
        return None
    return field.roster.get(cid)


def _one(field: "SkirmishView", rng: Rng, o, events: list[Event], source) -> list:
    src = _creature(field, getattr(o, "source", None)) or source
    if isinstance(o, Note):
        if o.text:
            events.append(Event(kind="note", text=o.text))
        return []
    if isinstance(o, Damage):
        target = _creature(field, o.target)
        if target is None or not target.on_board:
            return []
        amount = o.amount
        if o.dc is not None:
            passed, event = save(rng, target, o.dc, o.why or o.kind, source=src, battle=field)
            events.append(event)
            field.state.violence_this_round = True
            if passed:
                amount = 0 if o.negates else hooks.halved(amount)
        taken = hooks.take_damage(target, [DamagePacket(amount, o.kind, from_attack=o.from_attack, source=src)],
                                  DamageContext(defender=target, source=src, rng=rng, battle=field))
        dealt = sum(p.amount for p in taken)
        events.append(Event(kind="damage", text=_('{target} takes {dealt} {kind} damage{outcome}.', target=target.name, dealt=dealt, kind=damage_kind_name(o.kind), outcome=_(' ({why})', why=hooks.reason_name(o.why)) if o.why else ''), data={"defender": target.id, "amount": dealt}))
        if dealt:
            field.damage(rng, target, dealt, events, source=src)
        return []
    if isinstance(o, SaveOr):
        target = _creature(field, o.target)
        if target is None or not target.on_board:
            return []
        field.state.violence_this_round = True
        passed, event = save(rng, target, o.dc, o.against or o.why, source=src, battle=field)
        events.append(event)
        return run(field, rng, o.on_pass if passed else o.on_fail, events, source=src)
    if isinstance(o, AddCondition):
        target = _creature(field, o.target)
        if target is None or not target.on_board:
            return []
        cond = condition_from_text(o.condition, src)
        if hooks.immune(target, cond.name, field):
            events.append(Event(kind="note", text=_('The {target} is immune to {cond}.',
                                                    target=target.name, cond=condition_word(cond.name))))
            return []
        if field.state.activation is not None and field.state.activation.creature == target.id \
                and cond.name == "stunned":
            cond.turns_missed = -1  # stunned in its own turn: the rest of it is lost too (AMB-31)
        if target.add_condition(cond):
            events.append(Event(kind="condition", seat=target.side, text=_('The {target} is {text}.',
                                                                           target=target.name, text=condition_said(cond)),
                                data={"creature": target.id, "condition": cond.name}))
            if cond.name == "phased out":
                phase_out(field, target, src, events)
        return []
    if isinstance(o, RemoveCondition):
        target = _creature(field, o.target)
        if target is not None and target.has(o.condition):
            target.remove_condition(o.condition)
            events.append(Event(kind="condition_ends", seat=target.side,
                                text=_('The {target} is no longer {condition}.',
                                       target=target.name, condition=condition_word(o.condition))))
            if o.condition == "phased out":
                phase_in(field, target, events)
        return []
    if isinstance(o, GainHp):
        target = _creature(field, o.creature)
        if target is not None and target.on_board:
            target.hp += o.amount
            events.append(Event(kind="hp", seat=target.side, text=_('The {target} gains {amount} hp (now {hp}).',
                                                                    target=target.name, amount=o.amount, hp=target.hp), data={"creature": target.id, "hp": target.hp}))
        return []
    if isinstance(o, Heal):
        target = _creature(field, o.creature)
        if target is None or not target.on_board:
            return []
        if target.card.has_type("undead"):
            return run(field, rng, [Damage(target=target.id, amount=o.amount, kind="positive", dc=o.dc,
                                           source=o.source, why=o.why or "heal")], events, source)
        if hooks.immune(target, "heal", field) or target.card.has_type("construct"):
            return []
        cap = max(target.max_hp, min(target.hp, target.max_hp))
        before = target.hp
        target.hp = min(cap, target.hp + o.amount) if target.hp < target.max_hp else target.hp
        events.append(Event(kind="hp", seat=target.side, text=_('The {target} is healed: {before} → {hp}.',
                                                                target=target.name, before=before, hp=target.hp),
                            data={"creature": target.id, "hp": target.hp}))
        return []
    if isinstance(o, Destroy):
        target = _creature(field, o.target)
        if target is not None and target.on_board:
            field.damage(rng, target, max(target.hp, 1), events, source=src)
        return []
    if isinstance(o, Rout):
        target = _creature(field, o.creature)
        if target is not None and target.on_board and not target.routed:
            field.rout(rng, target, events, cause=src)
        return []
    if isinstance(o, MoraleSave):
        target = _creature(field, o.creature)
        if target is None or not target.on_board or target.routed:
            return []  # routing creatures make no saves but rally saves
        field.state.violence_this_round = True
        passed = field.morale_check(rng, target, events, cause=src, against="Turn Undead" if o.real else o.why,
                                    bonus=o.bonus, rally=o.destroy_on_fail)
        if not passed and o.destroy_on_fail:
            field.damage(rng, target, max(target.hp, 1), events, source=src)
        return []
    if isinstance(o, AddEffect):
        target = _creature(field, o.target)
        if target is None or not target.on_board:
            return []
        same = [e for e in target.effects if e.family == o.family and e.stat == o.stat]
        if same and all(abs(e.value) >= abs(o.value) for e in same):
            events.append(Event(kind="note", text=_("{effect} is already on the {target}: it doesn't stack.",
                                                    effect=o.name, target=target.name)))
            return []
        target.effects = [e for e in target.effects if not (e.family == o.family and e.stat == o.stat)]
        target.effects.append(Effect(name=o.name, family=o.family, stat=o.stat, value=o.value, source=o.source,
                                     flags=list(o.flags)))
        events.append(Event(kind="effect", seat=target.side, text=_('The {target} gains {effect}{outcome}.', target=target.name, effect=o.name, outcome=_(' ({stat} {value:+d})', stat=o.stat, value=o.value) if o.value else ''),
                            data={"creature": target.id, "effect": o.name}))
        return []
    if isinstance(o, Enslaved):
        target = _creature(field, o.creature)
        if target is None or not target.on_board or target.enslaved_from is not None or target.side == o.seat:
            return []
        from engine.rulesets.dnd_minis.skirmish.victory import award_enslaved

        before, target.enslaved_from, target.side = target.side, target.side, o.seat
        target.controller = None  # its new player decides its turns from now on
        events.append(Event(kind="enslaved", seat=o.seat,
                            text=_("The {target} is enslaved: it leaves {seat}'s warband for {seat_2}'s.", target=target.name, seat=field.state.seat(before).name, seat_2=field.state.seat(o.seat).name),
                            data={"creature": target.id, "from": before, "to": o.seat}))
        award_enslaved(field.state, target, o.seat, events)
        return []
    if isinstance(o, Promote):
        target = _creature(field, o.creature)
        if target is not None and target.on_board and target.commander_rating is None and target.card.commander is None:
            target.commander_rating = o.rating
            events.append(Event(kind="promoted", seat=target.side,
                                text=_('The {target} is promoted: commander {rating}.',
                                       target=target.name, rating=o.rating)))
        return []
    if isinstance(o, Push):
        _push(field, rng, o, events)
        return []
    if isinstance(o, ExtraAttack):
        _extra_attack(field, rng, o, events)
        return []
    if isinstance(o, Place):
        _place(field, o, events)
        return []
    if isinstance(o, LoseSpell):
        events.append(Event(kind="note", text=_('The spell is lost ({why}).', why=hooks.reason_name(o.why))))
        return []
    return [o]


def phase_out(field: "SkirmishView", creature: Creature, source, events: list[Event]) -> None:
    """Phase out (§26): off the map, unaffected by anything, counting as eliminated — VP to the
    opponents until it returns to its square (AMB-39). It still takes its turns."""
    from engine.rulesets.dnd_minis.skirmish import victory

    state = field.state
    creature.phase_square = creature.square
    creature.phased_out = True
    before = {s: p.vp for s, p in state.players.items()}
    victory.award_elimination(state, creature, source.side if source is not None else None, events)
    state.withheld_vp[creature.id] = {s: p.vp - before[s] for s, p in state.players.items() if p.vp != before[s]}
    events.append(Event(kind="phased_out", seat=creature.side, text=_('The {creature} phases out.',
                                                                      creature=creature.name)))


def phase_in(field: "SkirmishView", creature: Creature, events: list[Event]) -> None:
    state = field.state
    creature.phased_out = False
    for seat, vp in state.withheld_vp.pop(creature.id, {}).items():
        state.players[seat].vp -= vp
        state.players[seat].eliminated_points -= vp
    others = [field.body(c) for c in field.on_board() if c.id != creature.id]
    if can_end_at(field.grid, field.body(creature), creature.square, others, field.move_rules) is not None:
        from engine.grid.movement import snap_back
        found = snap_back(field.grid, field.body(creature), creature.square, None, others, field.move_rules,
                          rng=state.rng)
        if found.choice is not None:
            creature.square = tuple(found.choice)
    events.append(Event(kind="phased_in", seat=creature.side, text=_('The {creature} returns on {square}.', creature=creature.name, square=square_name(creature.square))))


def _push(field: "SkirmishView", rng: Rng, o: Push, events: list[Event]) -> None:
    """Forced movement (§26 push/pull/slide): each step farther from (push) or closer to (pull)
    the acting creature; never through creatures, statues or walls; never provokes. A creature
    pushed into a pit saves at the end of the turn (§18.5)."""
    target = _creature(field, o.target)
    actor = _creature(field, o.away_from)
    if target is None or not target.on_board:
        return
    chooser = (actor.controller or actor.side) if actor is not None else None
    for step in range(o.squares):
        here = target.square
        options = []
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                nxt = (here[0] + dx, here[1] + dy)
                if nxt == here or not field.grid.in_bounds(nxt):
                    continue
                squares = field.body(target, nxt).squares
                if any(field.grid.is_wall(sq) or "statue" in field.grid.terrain_at(sq) for sq in squares):
                    continue
                if any(c.id != target.id and c.on_board and set(c.squares) & set(squares) for c in field.on_board()):
                    continue
                if actor is not None:
                    before = space_distance(target.squares, actor.squares)
                    after = space_distance(squares, actor.squares)
                    if o.direction == "away" and after <= before or o.direction == "toward" and after >= before:
                        continue
                options.append(nxt)
        if not options:
            break
        # The pushing creature's player picks the square (farthest first in the list).
        options.sort(key=lambda s: (-space_distance([s], actor.squares) if actor and o.direction == "away" else 0,
                                    s[1], s[0]))
        if chooser is None:
            landing = options[0]
        else:
            names = [square_name(sq) for sq in options] + (["decline"] if o.optional and step == 0 else [])
            verb = {"away": "pushes", "toward": "pulls"}.get(o.direction, "slides")
            answer = field.ask(chooser, "push", _('{why}: the {actor} {verb} the {target} from {square} — to '
                                                  'which square?', why=hooks.reason_name(o.why), actor=actor.name, verb=verb, target=target.name, square=square_name(here)), names)
            if answer == "decline":
                events.append(Event(kind="note", seat=chooser, text=_('The {actor} does not use {why}.',
                                                                      actor=actor.name, why=hooks.reason_name(o.why))))
                return
            landing = options[names.index(answer)]
        target.square = landing
        events.append(Event(kind="push", seat=target.side, text=_('The {target} is pushed to {square}.',
                                                                  target=target.name, square=square_name(target.square)), data={"creature": target.id}))
    if any(k.endswith("pit") for sq in target.squares for k in field.grid.terrain_at(sq)):
        field.state.pending_pit_saves.append(target.id)


def _extra_attack(field: "SkirmishView", rng: Rng, o: ExtraAttack, events: list[Event]) -> None:
    """Cleave, Death Strike, Leap: one immediate melee attack against an adjacent enemy."""
    attacker = _creature(field, o.attacker)
    if attacker is None:
        return
    state = field.state
    turn_key = state.activation.serial if state.activation is not None else -state.round
    once = f"{o.once_per_turn} turn" if o.once_per_turn else None
    if once and attacker.uses.get(once) == turn_key:
        return  # already used this turn (Cleave)
    if o.target:
        targets = [t for t in [_creature(field, o.target)] if t is not None and t.on_board]
    else:
        # Immediate attacks (§7.1): the attacker's player picks among the enemies in reach and
        # may let an optional one pass.
        targets = [e for e in field.enemies_adjacent_to(attacker) if e.id != o.not_target and e.on_board]
        if targets and attacker.squares:
            chooser = attacker.controller or attacker.side
            names = [t.id for t in targets] + (["decline"] if o.optional else [])
            answer = field.ask(chooser, "extra-attack", _('{why}: the {attacker} may make an immediate melee '
                                                          'attack — at which enemy?',
                                                          why=hooks.reason_name(o.why), attacker=attacker.name), names)
            if answer == "decline":
                targets = []
                events.append(Event(kind="note", seat=chooser, text=_('The {attacker} does not use {why}.',
                                                                      attacker=attacker.name, why=hooks.reason_name(o.why))))
            else:
                targets = [targets[names.index(answer)]]
    if targets and attacker.squares:
        if once:
            attacker.uses[once] = turn_key
        index = o.entry_index if o.entry_index is not None else field.best_melee_entry(attacker)
        was_destroyed = attacker.destroyed
        attacker.destroyed = False  # Death Strike: it strikes as it falls
        entry = None
        if (o.bonus is not None or o.damage is not None) and attacker.card.melee:
            # Leap: "un singolo attacco in mischia a +[#], [#] danni" (seed 000), "+[#], [#] sebzés"
            # (seed 002): the printed bonus and damage replace the card's entry.
            base = attacker.card.melee[index]
            entry = base.model_copy(update={"bonus": base.bonus if o.bonus is None else o.bonus,
                                            "damage": base.damage if o.damage is None else o.damage})
        try:
            field.melee_attack(rng, attacker, targets[0], index, events, opportunity=False, entry=entry)
        finally:
            attacker.destroyed = was_destroyed or attacker.destroyed
    if o.then_destroy and not attacker.destroyed:
        attacker.destroyed = True


def _place(field: "SkirmishView", o: Place, events: list[Event]) -> None:
    """Summon / Respawn (§23): put a creature of the card on the board; it can't act this round."""
    from engine.rulesets.dnd_minis.cards import card_from_data, find_card, shipped_cards

    owner = _creature(field, o.side_of)
    seat = owner.side if owner is not None else o.side_of
    if field.state.rules.scenario in ("out-of-the-box", "limited") and o.where.startswith("within"):
        events.append(Event(kind="note", text=_('Summoning does not work in {scenario} play.',
                                                scenario=field.state.rules.scenario)))
        return
    if seat not in field.state.players:
        return
    # The shipped cards, the cards uploaded for this game, and every card already fighting (a
    # player's own uploads): Respawn (Lemure) must find the Lemure its warband brought.
    catalog = dict(shipped_cards())
    for i, data in enumerate(field.state.options.get("card_data") or []):
        try:
            uploaded = card_from_data(data, source=f"uploaded card {i + 1}")
        except Exception:  # noqa: BLE001 - setup already refused bad uploads
            continue
        catalog[uploaded.id] = uploaded
    for other in field.roster.values():
        catalog.setdefault(other.card.id, other.card)
    try:
        card = find_card(o.card, catalog)
    except Exception:  # noqa: BLE001 - an unknown creature kind is reported, never fatal
        events.append(Event(kind="note", text=_('No creature card {card!r} to place ({why}).',
                                                card=o.card, why=hooks.reason_name(o.why))))
        return
    n = sum(1 for c in field.roster.values() if c.card.id == card.id and c.side == seat) + 1
    cid = f"{seat}-{card.id}-{n}"
    creature = Creature.from_card(card, id=cid, side=seat, label=card.name[:3].upper() + str(n))
    creature.arrived_round = field.state.round if o.no_activation else None
    creature.cost = 0 if field.state.rules.starter else card.cost  # starter: summoned creatures give no VP
    if o.where.startswith("within") and owner is not None:
        creature.summoner = owner.id  # a summon, not a Respawn
    letter = field.state.players[seat].letter
    if o.where.startswith("within 6") and owner is not None and owner.on_board:
        squares = [(x, y) for x in range(owner.square[0] - 6, owner.square[0] + 7)
                   for y in range(owner.square[1] - 6, owner.square[1] + 7)
                   if field.grid.in_bounds((x, y)) and space_distance([(x, y)], owner.squares) <= 6]
    else:
        squares = sorted({sq for z in field.grid.zones_of("start", letter) for sq in z.squares})
    squares.sort(key=lambda s: (space_distance([s], owner.squares) if owner and owner.squares else 0, s[1], s[0]))
    others = [field.body(c) for c in field.on_board()]
    legal = [sq for sq in squares
             if can_end_at(field.grid, field.body(creature, sq), sq, others, field.move_rules) is None]
    if not legal:
        events.append(Event(kind="note", text=_('There is no room for the {card}.', card=card.name)))
        return
    sq = legal[0]
    if o.where.startswith("within 6") and owner is not None and owner.on_board:
        # The summoner's player puts the creature down anywhere legal within 6 squares (War Drums
        # glossary "Summon"; #15 item 17): /decide, or /place square:, answers. Nearest first.
        names = [square_name(s) for s in legal]
        answer = field.ask(seat, "summon-square", _('Your {card} appears ({why}): on which square within 6 '
                                                    'squares of the {owner}? (nearest: {names})',
                                                    card=card.name, why=hooks.reason_name(o.why), owner=owner.name, names=names[0]), names)
        sq = legal[names.index(answer)]
    creature.square = sq
    field.roster[cid] = creature
    events.append(Event(kind="summoned", seat=seat, text=_('A {card} appears on {square} ({why}).',
                                                           card=card.name, square=square_name(sq), why=hooks.reason_name(o.why)),
                        data={"creature": cid, "square": list(sq)}))
