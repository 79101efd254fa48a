"""The judge's rulings in a D&D Miniatures game, Quick Start or skirmish (#15 item 16).

D&D Miniatures tournaments are run with judges. A game's creator names one (``/game judge
user:``, in the service); the judge holds no player's seat, and their rulings are actions of
the seat :data:`JUDGE`, so they are in the log and replay like any move. As the 3.5
encounter's referee does, a judge may put a creature on a square outside the movement rules
(/override), deal or heal damage (/damage, /heal), take a creature off the battlefield
(/remove) and add or clear conditions (/condition). Each ruling needs a reason, written into
the log: "Judge's ruling (the ogre was misplaced): ...".

Damage goes through the battlefield's own damage (destruction, morale, elimination VP: nobody
scores for a judge's damage), so a ruling never leaves the battle in a state the rules could
not reach. /remove takes a creature out without anyone scoring its VP. The game that uses the
judge says when there is a battlefield to rule on and checks victory afterwards: the rulings
themselves are the same in the Quick Start Battle and in a skirmish.

>>> JudgeDamage(seat="judge", creature="ogre", amount="5", reason="missed spike damage").kind
'damage'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from engine.core import Action, Event, IllegalAction, roll_dice
from engine.core.text import _, commas
from engine.grid import can_end_at, square_name
from engine.rulesets.dnd_minis.battlefield import Battlefield
from engine.rulesets.dnd_minis.conditions import condition_word, known_conditions
from engine.rulesets.dnd_minis.creature import Condition, Creature

XY = tuple[int, int]
JUDGE = "judge"  # the seat id a judge's rulings are logged under; a judge holds no player's seat
RULINGS = ("override", "damage", "heal", "remove", "condition")
MAX_AMOUNT = 1000


class JudgeRuling(Action):
    """A ruling by the game's judge, outside the rules of play, logged with its reason."""

    creature: str
    reason: str


class JudgeOverride(JudgeRuling):
    kind: Literal["override"] = "override"
    to: XY


class JudgeDamage(JudgeRuling):
    kind: Literal["damage"] = "damage"
    amount: str  # a number or dice, rolled with the game's dice


class JudgeHeal(JudgeRuling):
    kind: Literal["heal"] = "heal"
    amount: str


class JudgeRemove(JudgeRuling):
    kind: Literal["remove"] = "remove"


class JudgeCondition(JudgeRuling):
    kind: Literal["condition"] = "condition"
    add: list[str] = []
    remove: list[str] = []


JUDGE_ACTIONS = (JudgeOverride, JudgeDamage, JudgeHeal, JudgeRemove, JudgeCondition)


def rule(state, action: JudgeRuling, events: list[Event], *, ready: bool, field: Callable[[], Battlefield],
         find_creature: Callable[[str], Creature],
         on_removed: Callable[[Creature, list[Event]], None] | None = None) -> None:
    """Apply one ruling of the judge to ``state`` (its ``rng`` rolls the dice).

    ``ready`` says whether there is a battlefield to rule on yet; ``field`` builds the game's
    battlefield (a skirmish's knows summons and morale, the Quick Start's is the plain one);
    ``find_creature`` reads the name the judge typed; ``on_removed`` follows a /remove (a
    skirmish dismisses the creature's summons). Victory is the caller's to check afterwards.
    """
    if action.seat != JUDGE:
        raise IllegalAction("judge-only", _("Only the game's judge may use /{kind} in this game (the game's "
                                            "creator names one with /game judge).",
                                            kind=action.kind))
    reason = action.reason.strip()
    if not reason:
        raise IllegalAction("needs-reason", _('A judge\'s ruling goes into the log with its reason: add '
                                              'reason:"..." to /{kind}.',
                                              kind=action.kind))
    if not ready:
        raise IllegalAction("wrong-phase", _('There is nothing on the battlefield to rule on yet.'))
    creature = find_creature(action.creature)
    if creature.eliminated:
        raise IllegalAction("eliminated", _('The {creature} is already out of the battle.',
                                            creature=creature.name))
    field = field()
    ruling = _("⚖️ Judge's ruling ({reason}): ", reason=reason)
    data = {"creature": creature.id, "reason": reason, "ruling": action.kind}
    if isinstance(action, JudgeOverride):
        if not field.grid.in_bounds(action.to):
            raise IllegalAction("bad-square", _('{square} is not on the map.', square=square_name(action.to)))
        others = [field.body(c) for c in field.on_board() if c.id != creature.id]
        problem = can_end_at(field.grid, field.body(creature, action.to), action.to, others, field.move_rules)
        if problem is not None:
            raise IllegalAction("bad-square", _("The {creature} can't stand on {square}: {problem}.",
                                                creature=creature.name, square=square_name(action.to), problem=problem))
        start = creature.square
        creature.square = action.to
        creature.squeeze = None
        events.append(Event(kind="judge", seat=JUDGE, data={**data, "from": list(start) if start else None,
                                                              "to": list(action.to)},
                            text=_('{ruling}the {creature} is moved from {outcome} to {square}.', ruling=ruling, creature=creature.name, outcome=square_name(start) if start else _('off the map'), square=square_name(action.to))))
    elif isinstance(action, (JudgeDamage, JudgeHeal)):
        if not creature.on_board:
            raise IllegalAction("not-on-board", _('The {creature} is not on the battlefield.',
                                                  creature=creature.name))
        roll = roll_dice(action.amount, state.rng, purpose=_("the judge's damage") if action.kind == "damage" else _("the judge's healing"))
        amount = roll.total
        if not 0 <= amount <= MAX_AMOUNT:
            raise IllegalAction("bad-amount", _("A judge's {kind} is 0 to {max_amount} hit points, not "
                                                "{amount}.",
                                                kind=action.kind, max_amount=MAX_AMOUNT, amount=amount))
        if isinstance(action, JudgeHeal):
            before = creature.hp
            creature.hp = min(creature.max_hp, creature.hp + amount)
            events.append(Event(kind="judge", seat=JUDGE, roll=roll if roll.dice else None,
                                data={**data, "amount": creature.hp - before, "hp": creature.hp},
                                text=_('{ruling}the {creature} heals {amount} ({before} → {hp} HP).', ruling=ruling, creature=creature.name, amount=creature.hp - before, before=before, hp=creature.hp)))
        else:
            events.append(Event(kind="judge", seat=JUDGE, roll=roll if roll.dice else None,
                                data={**data, "amount": amount},
                                text=_('{ruling}the {creature} takes {amount} damage.',
                                       ruling=ruling, creature=creature.name, amount=amount)))
            field.damage(state.rng, creature, amount, events, source=None)
    elif isinstance(action, JudgeRemove):
        creature.destroyed = True
        events.append(Event(kind="judge", seat=JUDGE, data=data,
                            text=_('{ruling}the {creature} is taken off the battlefield; nobody scores it.',
                                   ruling=ruling, creature=creature.name)))
        if on_removed is not None:
            on_removed(creature, events)
    elif isinstance(action, JudgeCondition):
        known = set(known_conditions())
        unknown = [n for n in action.add if n not in known and not any(
            k.endswith("*") and n.startswith(k[:-1]) for k in known)]
        if unknown:
            raise IllegalAction("unknown-condition", _('Warband knows no condition {unknown!r}; conditions: '
                                                       '{names}.', unknown=unknown[0], names=commas(sorted((k for k in known if not k.endswith('*'))))))
        if not action.add and not action.remove:
            raise IllegalAction("missing-option", _('Say which conditions to add or remove: /condition '
                                                    'add:stunned.'))
        missing = [n for n in action.remove if not creature.has(n)]
        if missing:
            raise IllegalAction("no-such-condition", _('The {creature} is not {missing}.',
                                                       creature=creature.name, missing=condition_word(missing[0])))
        for name in action.remove:
            creature.remove_condition(name)
        for name in action.add:
            creature.add_condition(Condition(name=name, source_seat=JUDGE))
        added = commas([condition_word(n) for n in action.add]) if action.add else ""
        removed = commas([condition_word(n) for n in action.remove]) if action.remove else ""
        if added and removed:
            said = _("now {added} and no longer {removed}", added=added, removed=removed)
        elif added:
            said = _("now {names}", names=added)
        else:
            said = _("no longer {names}", names=removed)
        events.append(Event(kind="judge", seat=JUDGE, data={**data, "add": action.add, "remove": action.remove},
                            text=_('{ruling}the {creature} is {names}.',
                                   ruling=ruling, creature=creature.name, names=said)))


def ruling_from_command(seat: str, command: str, options: dict, square) -> JudgeRuling:
    """``/damage creature:ogre amount:5 reason:"..."`` -> the ruling's action."""
    creature = str(options.get("creature") or "")
    reason = str(options.get("reason") or "")
    if not creature:
        raise IllegalAction("missing-option", _('Say which creature: /{command} creature:NAME.',
                                                command=command))
    if command == "override":
        if not options.get("to"):
            raise IllegalAction("missing-option", _('Say where: /override creature:NAME to:F7 reason:...'))
        return JudgeOverride(seat=seat, creature=creature, reason=reason, to=square(options["to"]))
    if command in ("damage", "heal"):
        amount = str(options.get("amount") or "").strip()
        if not amount:
            raise IllegalAction("missing-option", _('Say how much: /{command} creature:NAME amount:5 reason:...',
                                                    command=command))
        cls = JudgeDamage if command == "damage" else JudgeHeal
        return cls(seat=seat, creature=creature, reason=reason, amount=amount)
    if command == "remove":
        return JudgeRemove(seat=seat, creature=creature, reason=reason)
    labels = {key: [w.strip().casefold() for w in str(options.get(key) or "").split(",") if w.strip()]
              for key in ("add", "remove")}
    return JudgeCondition(seat=seat, creature=creature, reason=reason, **labels)
