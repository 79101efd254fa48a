"""Conan's commands as players type them, turned into actions, and their autocomplete.

=============  ==========================================================  =========
command        options                                                     who
=============  ==========================================================  =========
attitude       choice (aggressive | cautious), creature                    heroes
move           to, gems (bought MP / Movement benefit), mode (jump),       both
               creature
attack         target, kind (melee | ranged), gems, card (weapon; none),   both
               creature
take           item (from the ground), creature                            heroes
give           item, to (a hero in the same area), creature                heroes
drop           item, creature                                              heroes
open           gems, card (equipment), creature: pick a chest's lock       heroes
throw          item, to (area), gems, creature                             heroes
carry          who (a friend in the area; none: set him down), creature    both
cast           spell, target, square (the area of an area spell), creature both
done           creature: this hero is finished for the Action phase        heroes
activate       tile                                                        Overlord
flow           tile: a dead tile leaves the river (2 gems to the box)      Overlord
end            end the Overlord's turn                                     Overlord
guard          gems, card: answers the pending Guard question              defender
reroll         die (a number; none: keep): answers the pending reroll      roller
               auto (keep | ask): standing order, at any time              anyone
decide         option: answers any question                                asked
=============  ==========================================================  =========
"""

from __future__ import annotations

from typing import Any

from engine.core import Action, IllegalAction
from engine.core.decisions import Decide
from engine.rulesets.conan.actions import (
    Activate, Attack, Attitude, Carry, Cast, Done, Drop, EndTurn, Flow, Give, Move, Open, RerollOrder, Take,
    Throw,
)
from engine.rulesets.conan.state import OVERLORD, ConanState
from engine.core.text import Text, _, commas
from engine.rulesets.conan.boards import area_name


def _int(options: dict[str, Any], name: str, default: int) -> int:
    value = options.get(name)
    if value in (None, ""):
        return default
    try:
        return int(value)
    except (TypeError, ValueError):
        raise IllegalAction("bad-option", _('{name} must be a whole number.', name=name)) from None


def _need(options: dict[str, Any], name: str, usage: str) -> str:
    value = str(options.get(name) or "").strip()
    if not value:
        raise IllegalAction("missing-option", _('Say {name}: {usage}', name=name, usage=usage))
    return value


def _pending(state: ConanState, seat: str, key: str, command: str, also: tuple[str, ...] = ()):
    pending = state.pending
    if pending is None or pending.decision.key not in (key, *also) or pending.decision.seat != seat:
        what = {"guard": _("no attack is waiting for your Guard"), "reroll": _("no roll is waiting for your reroll")}[key]
        raise IllegalAction("nothing-to-decide", _('/{command}: {what}.', command=command, what=what))
    return pending.decision


def action_from_command(ruleset, state: ConanState, seat: str, command: str, options: dict[str, Any]) -> Action:
    creature = str(options.get("creature") or "").strip() or None
    if command == "guard":
        decision = _pending(state, seat, "guard", "guard", also=("bodyguard",))
        gems = _int(options, "gems", 0)
        card = str(options.get("card") or "").strip().casefold().replace(" ", "-")
        option = ("no" if decision.key == "bodyguard" else "none") if gems == 0 else (f"{gems}-{card}" if card else str(gems))
        if option not in decision.options:
            raise IllegalAction("bad-option", _('That guard is not open: choose {names}.', names=commas(decision.options)))
        return Decide(seat=seat, option=option)
    if command == "reroll" and str(options.get("auto") or "").strip():
        choice = str(options.get("auto")).strip().casefold()
        if choice not in ("keep", "ask"):
            raise IllegalAction("bad-option", _('auto: keep (never ask me, keep every roll) or ask (ask me again).'))
        return RerollOrder(seat=seat, choice=choice)
    if command == "reroll":
        decision = _pending(state, seat, "reroll", "reroll")
        die = str(options.get("die") or "").strip()
        if die in ("", "none", "keep"):
            return Decide(seat=seat, option="keep")
        for how in ("free", "support", "reroll"):
            if f"{how}-{die}" in decision.options:
                return Decide(seat=seat, option=f"{how}-{die}")
        raise IllegalAction("bad-option", _("Die {die} can't be rerolled now: choose {names}.", die=die, names=commas(decision.options)))
    if command == "attitude":
        choice = _need(options, "choice", "/attitude choice:aggressive (or cautious)").casefold()
        if choice not in ("aggressive", "cautious"):
            raise IllegalAction("bad-option", _('An attitude is aggressive or cautious.'))
        return Attitude(seat=seat, creature=creature, choice=choice)
    if command == "move":
        mode = str(options.get("mode") or "walk").strip().casefold()
        if mode not in ("walk", "jump", "break", "phase", "fly", "unweb", "climb"):
            raise IllegalAction("unknown-mode", _('A Conan move is a walk, or mode: jump (Jump), break (Wall-breaker), phase (Intangible), fly (Fly), climb (Climb, where the scenario allows) or unweb (4 MP to shed a web).'))
        return Move(seat=seat, creature=creature, to=_need(options, "to", "/move to:AREA"),
                    gems=_int(options, "gems", 0), mode=mode)
    if command == "attack":
        style = str(options.get("kind") or "melee").strip().casefold()
        if style not in ("melee", "ranged", "web"):
            raise IllegalAction("bad-option", _('kind: melee or ranged (web: Sticky webs).'))
        return Attack(seat=seat, creature=creature, target=_need(options, "target", "/attack target:NAME"),
                      style=style, gems=_int(options, "gems", 0 if seat == OVERLORD else 1),
                      card=str(options.get("card") or "").strip() or None)
    if command == "take":
        return Take(seat=seat, creature=creature, item=_need(options, "item", "/take item:CARD"))
    if command == "give":
        return Give(seat=seat, creature=creature, item=_need(options, "item", "/give item:CARD to:HERO"),
                    to=_need(options, "to", "/give item:CARD to:HERO"))
    if command == "drop":
        return Drop(seat=seat, creature=creature, item=_need(options, "item", "/drop item:CARD"))
    if command == "open":
        return Open(seat=seat, creature=creature, gems=_int(options, "gems", 1),
                    card=str(options.get("card") or "").strip() or None)
    if command == "carry":
        return Carry(seat=seat, creature=creature, who=str(options.get("who") or "").strip() or None)
    if command == "throw":
        return Throw(seat=seat, creature=creature, item=_need(options, "item", "/throw item:CARD to:AREA"),
                     to=_need(options, "to", "/throw item:CARD to:AREA"), gems=_int(options, "gems", 1))
    if command == "cast" and state.pending is not None and state.pending.decision.key == "ward" \
            and state.pending.decision.seat == seat:
        # A reaction spell cast while the game asks for one answers the question.
        spell = str(options.get("spell") or "").strip().casefold().replace(" ", "-")
        if spell not in state.pending.decision.options:
            raise IllegalAction("bad-option", _('Cast one of {names} now, or /decide option:no.', names=commas(state.pending.decision.options[1:])))
        return Decide(seat=seat, option=spell)
    if command == "cast" and state.pending is not None and state.pending.decision.key == "reaction" \
            and state.pending.decision.seat == seat:
        return _reaction_answer(ruleset, state, seat, creature, options)
    if command == "cast":
        return Cast(seat=seat, creature=creature, spell=_need(options, "spell", "/cast spell:NAME target:NAME"),
                    target=str(options.get("target") or "").strip() or None,
                    to=str(options.get("square") or "").strip() or None)
    if command == "done":
        return Done(seat=seat, creature=creature)
    if command == "activate":
        return Activate(seat=seat, tile=str(options.get("tile") or creature or "").strip()
                        or _need(options, "tile", "/activate tile:NAME"))
    if command == "flow":
        return Flow(seat=seat, tile=_need(options, "tile", "/flow tile:NAME"))
    if command == "end":
        return EndTurn(seat=seat)
    raise IllegalAction("unknown-command", _('Conan has no /{command} command. Try /help.', command=command))


def suggestions(ruleset, state: ConanState, seat: str | None, kind: str) -> list[str]:
    """Areas, models, tiles, cards and gem counts, from the seat's legal actions where it can."""
    if seat is None:
        return []
    board = ruleset.board_of(state)
    if kind == "option":
        pending = state.pending
        return list(pending.decision.options) if pending and pending.decision.seat == seat else []
    if kind == "load":
        return _loads(ruleset, state, seat)
    actions = ruleset.legal_actions(state, seat)
    found: list[str] = []

    def add(value) -> None:
        if value is not None and str(value) not in found:
            found.append(value if isinstance(value, Text) else str(value))
    for action in actions:
        if kind == "square" and getattr(action, "to", None) and action.kind in ("move", "throw", "cast"):
            # The area's name as a Text: offered in the reader's language, typed back as the
            # English name the command reads (#13).
            add(area_name(board.area(action.to)) if action.to in {a.id for a in board.areas} else action.to)
        elif kind == "creature":
            add(getattr(action, "target", None))
            add(getattr(action, "creature", None))
            if action.kind == "give":
                add(action.to)
        elif kind == "spell" and action.kind == "cast":
            add(action.spell)
        elif kind == "tile" and action.kind in ("activate", "flow"):
            add(action.tile)
        elif kind == "item" and action.kind in ("take", "give", "drop", "throw"):
            add(action.item)
        elif kind == "item" and action.kind in ("attack", "open"):
            add(getattr(action, "card", None))
        elif kind == "gems":
            add(getattr(action, "gems", None))
        elif kind == "choice" and action.kind == "attitude":
            add(action.choice)
    if kind == "gems" and state.pending is not None and state.pending.decision.key == "guard":
        for option in state.pending.decision.options:
            add(option.split("-")[0] if option != "none" else "0")
    return found


def _loads(ruleset, state: ConanState, seat: str) -> list[str]:
    """What ``/carry who:`` may name now: ``none`` for a carrier of the seat, and each friend
    one of the seat's characters could pick up (checked as the rules check it)."""
    if seat == OVERLORD:
        carriers = [m for m in state.living_models() if m.tile == state.overlord.active] \
            if state.phase == "activation" else []
        friends = state.living_models()
    elif state.phase == "action":
        carriers = [*state.hero_of(seat)]
        try:
            ruleset._commander(state, seat)
            carriers += state.living_allies()
        except IllegalAction:
            pass
        friends = [*state.living_heroes(), *state.living_allies()]
    else:
        return []
    found: list[str] = []
    for carrier in carriers:
        if carrier.carrying is not None:
            if "none" not in found:
                found.append("none")
            continue
        for friend in friends:
            try:
                load = ruleset._load_for(state, carrier, friend.id)
            except IllegalAction:
                continue
            if load.id not in found:
                found.append(load.id)
    return found


def _reaction_answer(ruleset, state: ConanState, seat: str, creature: str | None, options: dict[str, Any]) -> Decide:
    """``/cast spell: target:|square: [creature:]`` typed while the game offers reaction spells
    (window 7 inside an action) answers the question with the matching ``caster:spell@target``."""
    def slug(text) -> str:
        return str(text or "").strip().casefold().replace(" ", "-")
    spell, target, square = slug(options.get("spell")), slug(options.get("target")), options.get("square")
    aim = ruleset._area(state, str(square)) if square else target
    offered = state.pending.decision.options[1:]
    for option in offered:
        caster, _sep, rest = option.partition(":")
        card, _sep, at = rest.partition("@")
        name = slug(state.catalogue.cards[card].name)
        if spell in (card, name) and (not aim or at == aim) and (not creature or slug(creature) == caster):
            if aim or sum(1 for o in offered if o.partition(":")[2].partition("@")[0] == card) == 1:
                return Decide(seat=seat, option=option)
    raise IllegalAction("bad-option", _('The reaction spells you may cast now: {names} (/cast spell: target: or /decide option:), or /decide option:no.', names=commas(offered)))
