"""Players' commands (Discord slash commands or console lines) turned into actions."""

from __future__ import annotations

import re
from typing import Any

from engine.core import Action, IllegalAction
from engine.grid import parse_square
from engine.rulesets.dnd_minis.skirmish.actions import (
    Activate, AooOrder, Attack, Cast, Charge, ChooseFirst, ChooseMap, Deploy, EndActivation, Move, PlaceTile,
    RollInitiative, SubmitWarband,
)
from engine.rulesets.dnd_minis.skirmish.state import SkirmishState
from engine.core.text import _

XY = tuple[int, int]


def _square(state: SkirmishState, text: Any) -> XY:
    if state.map is None:
        return parse_square(str(text))
    return parse_square(str(text), state.map.width, state.map.height)


def _cards(text: str) -> list[str]:
    """``"orc-mauler, 2x gnoll, wood elf ranger"`` -> card names, repeated for counts."""
    out: list[str] = []
    for part in re.split(r"[,;\n]+", text or ""):
        part = part.strip()
        if not part:
            continue
        m = re.match(r"^(\d+)\s*[x×]\s*(.+)$", part, re.IGNORECASE)
        if m:
            out += [m.group(2).strip()] * int(m.group(1))
        else:
            out.append(part)
    return out


def _who(state: SkirmishState, seat: str, text: str) -> str:
    who = (text or "me").strip().casefold()
    if who in ("me", "self", "mine", "i", "myself"):
        return seat
    seats = [s.id for s in state.seats]
    if who in ("opponent", "them", "other", "you") and len(seats) == 2:
        return next(s for s in seats if s != seat)
    for s in state.seats:
        if who in (s.id.casefold(), s.name.casefold()):
            return s.id
    raise IllegalAction("unknown-seat", _('Say who goes first: me, opponent, or a seat such as p2.'))


def action_from_command(state: SkirmishState, seat: str, command: str, options: dict[str, Any]) -> Action:
    from engine.rulesets.dnd_minis.skirmish import judge

    if command in judge.RULINGS:
        return judge.ruling_from_command(seat, command, options, lambda text: _square(state, text))
    creature = str(options.get("creature") or "") or None
    if command == "warband":
        return SubmitWarband(seat=seat, cards=_cards(str(options.get("cards", ""))),
                             faction=options.get("faction") or None, map=options.get("map") or None,
                             tiles=_cards(str(options.get("tiles", ""))) or None,
                             commander_zero=str(options.get("commander_zero") or "") or None,
                             name=str(options.get("name", "")),
                             edition=str(options.get("edition") or "") or None,
                             card_data=list(options.get("card_data") or []))
    if command == "map":
        return ChooseMap(seat=seat, name=str(options.get("name") or options.get("map") or ""))
    if command == "first":
        return ChooseFirst(seat=seat, first=_who(state, seat, str(options.get("who", "me"))))
    if command == "tile":
        if not options.get("tile") or "square" not in options:
            raise IllegalAction("missing-option", _('Say which tile and where: /tile tile:crypt square:D4 '
                                                    'rotation:90'))
        return PlaceTile(seat=seat, tile=str(options["tile"]), square=_square(state, options["square"]),
                         rotation=int(options.get("rotation") or 0))
    if command == "place":
        if "square" not in options or not creature:
            raise IllegalAction("missing-option", _('Say which creature and where: /place creature:orc '
                                                    'square:A2'))
        return Deploy(seat=seat, creature=creature, square=_square(state, options["square"]))
    if command == "initiative":
        return RollInitiative(seat=seat)
    if command == "activate":
        return Activate(seat=seat, creature=creature or "")
    if command == "move":
        mode = str(options.get("mode") or "").strip().casefold() or None
        if mode not in (None, "burrow"):
            raise IllegalAction("unknown-mode", _('A skirmish move has no mode {mode!r}; say mode:burrow to '
                                                  'move underground, or leave it out to move on the surface.',
                                                  mode=mode))
        if options.get("path"):
            squares = [_square(state, p) for p in str(options["path"]).replace(",", " ").split()]
            return Move(seat=seat, creature=creature or "", path=squares, mode=mode)
        if "to" not in options:
            raise IllegalAction("missing-option", _('Say where: /move to:F7 (or path:E5 F6 F7).'))
        return Move(seat=seat, creature=creature or "", to=_square(state, options["to"]), mode=mode)
    if command == "attack":
        kind = str(options.get("kind") or "").strip().casefold()
        ranged = True if kind in ("ranged", "r", "shoot") else False if kind in ("melee", "m") else None
        entry = options.get("attack")
        declare = [d.strip() for d in str(options.get("declare") or "").split(",") if d.strip()]
        return Attack(seat=seat, creature=creature or "", target=str(options.get("target") or ""),
                      entry=int(entry) if entry not in (None, "") else None, ranged=ranged, declare=declare)
    if command == "charge":
        entry = options.get("attack")
        return Charge(seat=seat, creature=creature or "", target=str(options.get("target") or "") or None,
                      to=_square(state, options["to"]) if options.get("to") else None,
                      entry=int(entry) if entry not in (None, "") else None)
    if command == "cast":
        return Cast(seat=seat, creature=creature or "", spell=str(options.get("spell") or ""),
                    target=str(options.get("target") or "") or None,
                    square=_square(state, options["square"]) if options.get("square") else None)
    if command == "end":
        return EndActivation(seat=seat, creature=creature)
    if command == "aoo":
        choice = str(options.get("choice") or "").strip().casefold()
        if choice not in ("take", "decline", "ask"):
            raise IllegalAction("missing-option", _('Say take, decline or ask: /aoo choice:decline '
                                                    'creature:Orc Mauler (leave out creature: for your whole '
                                                    'warband; ask: the game asks you each time).'))
        return AooOrder(seat=seat, choice=choice, creature=creature)
    raise IllegalAction("unknown-command", _('The skirmish has no /{command} command.', command=command))
