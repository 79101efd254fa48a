"""Hidden lists (§2.4) and what each player may see of the other's army.

With ``lists=hidden`` each player sees the other's Common Army List: every unit and option, but
each magic item only as its mundane type ("magic weapon of type hand weapon"), until the item is
revealed the first time it is used. An item is used when it affects or could affect the game;
a movement-enhancing item only when the unit moves farther than it could without it, or
charges (then it is revealed after the charge reaction, before the charge roll: E-47). A dwarf
rune item reveals only the rune used (E-48). The game keeps what was revealed
(``state.revealed``), so every later view and reply shows it.

Two entries that look alike in the Common Army List but differ in hidden items must be told
apart (E-46): their ``mark`` (e.g. "red banner") is public, and the hidden list records which
mark carries what.
"""

from __future__ import annotations

from engine.core.text import _, decimal
from engine.core import Event, IllegalAction
from engine.rulesets.ninth_age.army import Unit
from engine.rulesets.ninth_age.building import describe
from engine.rulesets.ninth_age.state import SEATS, NinthAgeState, UnitState


def hidden_lists(state: NinthAgeState) -> bool:
    return state.options.get("lists") == "hidden"


def is_revealed(state: NinthAgeState, seat: str, item: str) -> bool:
    return not hidden_lists(state) or item.lower() in {r.lower() for r in state.revealed.get(seat, [])}


def reveal(state: NinthAgeState, seat: str, unit: str, item: str, why: str, events: list[Event]) -> None:
    """Reveal ``item`` (or ``"Item/Rune"``: only that rune) carried by ``unit`` the first time it
    is used; a revealed item stays revealed. Nothing happens in an open-list game."""
    if not hidden_lists(state) or is_revealed(state, seat, item):
        return
    state.revealed.setdefault(seat, []).append(item)
    name, _skip, rune = item.partition("/")
    shown = _("the rune {rune} of {name}", rune=rune, name=name) if rune else name
    events.append(Event(kind="reveal", seat=seat, data={"unit": unit, "item": item},
                        text=_("{name} reveals {shown}, carried by {unit}: {why} (§2.4).", name=state.seat(seat).name, shown=shown, unit=unit, why=why)))


def army_text(state: NinthAgeState, seat_text: str, viewer: str | None,
              spent: dict[str, list[str]] | None = None, unit: str | None = None) -> str:
    """A seat's army as ``viewer`` may see it: whole for its owner or in an open-list game;
    otherwise the Common Army List with the items revealed so far; ``spent``: by seat, the
    one-use items each entry has used (§23.2). ``unit``: that entry alone (see :func:`unit_text`)."""
    seat = next((s.id for s in state.seats if seat_text.strip().casefold() in (s.id.casefold(),
                                                                              s.name.casefold())), None)
    if seat not in SEATS:
        raise IllegalAction("unknown-seat", _("There is no seat {seat_text!r}: p1 or p2.", seat_text=seat_text[:20]))
    if state.options.get("armies") == "chosen" and seat not in state.armies_chosen:
        # the sample army the game was set up with is no one's list yet: showing it read as the player's
        raise IllegalAction("no-army-yet", _("{name} has not brought an army yet (/army use name:).",
                                             name=state.seat(seat).name))
    if unit:
        return unit_text(state, seat, viewer, unit)
    army = state.armies[seat]
    spent = (spent or {}).get(seat)  # seat -> entry -> one-use items used: public, revealed when used
    if viewer == seat or not hidden_lists(state):
        return describe(army, spent=spent)
    return describe(army, hidden=True, revealed=set(r.lower() for r in state.revealed.get(seat, [])), spent=spent)


def unit_text(state: NinthAgeState, seat: str, viewer: str | None, name: str) -> str:
    """``/army show seat: unit:``: one entry of a seat's army (its name on the table or in the
    list), as /army show name: unit: gives it, with the spells its wizard knows in this battle
    (§3.5). With hidden lists the other player sees the Common Army List only (§2.4)."""
    from engine.core.text import commas, join
    from engine.rulesets.ninth_age.building import describe_entry
    from engine.rulesets.ninth_age.catalogue import data_said

    if viewer != seat and hidden_lists(state):
        raise IllegalAction("hidden-list", _("With hidden lists you see the other army's Common Army List only (§2.4): "
                                             "/army show seat:{seat} without unit:.", seat=seat))
    army = state.armies[seat]
    on_table = next((u for u in state.units.values() if u.owner == seat and u.id.casefold() == name.strip().casefold()), None)
    entry = state.unit_entry(on_table) if on_table is not None else army.unit(name)
    text = describe_entry(army, entry.name)
    key = f"{seat}/{entry.name}"
    if key in state.spells and (entry.wizard is not None or key in state.lores):
        lore = army.lore(state.lores.get(key) or entry.wizard.lore)
        known = [_("{number} ({spell})", number=s.number, spell=data_said(s.name))
                 for n in state.spells[key] for s in lore.spells if s.number == n]
        text = join("\n", [text, _("In this battle {wizard} knows: {spells}.", wizard=on_table.id if on_table else entry.name,
                                   spells=commas(known))])
    return text


# -- movement-enhancing items (E-47) -------------------------------------------------------------
def unrevealed_movement_items(state: NinthAgeState, unit: UnitState) -> list[str]:
    entry = state.unit_entry(unit)
    return [i for i in entry.movement_items if not is_revealed(state, unit.owner, i)]


def _unit_movement_items(state: NinthAgeState, unit: UnitState) -> list[tuple[str, str]]:
    """(carrier, item) of the unrevealed movement items that speed the unit: its own, and from
    rules version 7 its joined characters' too (the bearer's unit moves faster, seed 001:3757)."""
    members = [unit] + (_joined(state, unit) if state.unit_movement_item_v7 else [])
    return [(m.id, i) for m in members for i in unrevealed_movement_items(state, m)]


def _joined(state: NinthAgeState, unit: UnitState) -> list[UnitState]:
    """The characters joined to ``unit``, a hidden one aside (mixed_units.joined, which imports this module)."""
    return [u for u in state.units.values() if u.host == unit.id and u.location != "hidden"]


def shown_allowance(state: NinthAgeState, unit: UnitState, allowance: float) -> float:
    """The allowance a reply may show: without the unit's unrevealed movement items. From rules
    version 7 it is the unit's M without them over its M with them (its joined characters
    counted: a Captain slower than the Knights' banner makes them no faster without it), before
    a whole-unit ratio of the carrier's own M."""
    entry = state.unit_entry(unit)
    if state.unit_movement_item_v7:
        from engine.rulesets.ninth_age.state import members_movement

        items = _unit_movement_items(state, unit)
        if not items:
            return allowance
        members = [unit] + _joined(state, unit)
        with_items = members_movement(state, members)
        without = members_movement(state, members, without=frozenset(i.lower() for _c, i in items))
        return allowance if with_items == 0 else allowance * without / with_items
    if not unrevealed_movement_items(state, unit) or entry.movement == 0:
        return allowance
    return allowance * entry.base_movement / entry.movement


def after_move(state: NinthAgeState, unit: UnitState, used: float, allowance: float, events: list[Event]) -> None:
    """A move longer than the unit could make without its movement item reveals the item."""
    if used > shown_allowance(state, unit, allowance) + 1e-3:
        for carrier, item in _unit_movement_items(state, unit):
            reveal(state, unit.owner, carrier, item, _("it moved {used}\", farther than it could without it", used=decimal(used, ".1f")),
                   events)


def before_charge_roll(state: NinthAgeState, unit: UnitState, events: list[Event]) -> None:
    """A charging unit's movement item is revealed after the reaction, before the roll (from rules
    version 7 its joined characters' as well, which speed it)."""
    for carrier, item in _unit_movement_items(state, unit):
        reveal(state, unit.owner, carrier, item, _("the unit charges"), events)


def reveal_flight(state: NinthAgeState, unit: UnitState, events: list[Event]) -> None:
    """A flying move or charge made with the Flying Carpet's Fly (§23.6): the reply says the unit
    flies, and it flies over units and terrain, so the carpet is used and revealed (§2.4, a ruling:
    it changes how the unit moves, not only how far, which the movement-item rule is about)."""
    from engine.rulesets.ninth_age.army import ITEM_GRANTED_RULES
    from engine.rulesets.ninth_age.catalogue import rule_name

    inside = [u for u in state.units.values() if u.host == unit.id and u.location == "joined"]
    for member in [unit] + inside:
        entry = state.unit_entry(member)
        own = entry.special_rules + [r for p in entry.parts for r in p.special_rules]
        if any(rule_name(r) == "Fly" for r in own):
            continue
        for item in entry.magic_items:
            if any(rule_name(r) == "Fly" for r in ITEM_GRANTED_RULES.get(item.strip().lower(), ())):
                reveal(state, member.owner, member.id, item, _("its bearer flies with it"), events)


def marks(unit: Unit) -> str:
    return f" [{unit.mark}]" if unit.mark else ""
