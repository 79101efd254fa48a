"""One-use magic items (§23.2: "the item works once, then counts as gone for the rest of the
game"): which are spent, using one with ``/item unit: name:``, and what a drunk potion changes.

The game keeps the spent items (``state.spent_items``, and each wizard's arcane items in
``Caster.used_items``), so a second use is refused with the reason, ``/army show`` marks the
item spent, and a replay of the log spends it again at the same moment.

A potion is drunk "at the start of any phase" (§23.6): before anything else is done in that
phase (``state.phase_acted``: the phases in which an action other than an item's was taken). Its
change to the profile is kept with the spells in play (:mod:`.magic_state`), so shooting and
melee read it in the order of §1.11 (E-31: a Potion of Strength raises Stomp's S, a great weapon
does not), until the player turn ends.
"""

from __future__ import annotations

from engine.core.text import ngettext, _, join as text_join, commas
from engine.core import Event, IllegalAction
from engine.rulesets.ninth_age.catalogue import data_said
from engine.rulesets.ninth_age.magic_state import Effect
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState, phase_key, phase_word
from engine.rulesets.ninth_age.grammar import number

# item -> the profile change it gives for the rest of the player turn (§23.6)
POTIONS: dict[str, dict[str, int]] = {"potion of strength": {"S": 2}, "potion of swiftness": {"I": 3}}
# items activated for one phase: the Sceptre of Dominion (one use: Stubborn, at the start of a combat
# round), the Flaming Standard (every Shooting or Melee phase: Flaming Attacks)
FOR_THE_PHASE = {"sceptre of dominion": "Stubborn", "flaming standard": "Flaming Attacks"}
RELENTLESS = "icon of the relentless company"  # one use: triple march this turn (§23.8)
ONE_USE = frozenset(POTIONS) | {"sceptre of dominion", RELENTLESS}
# items used by their own command; the arcane ones are offered by the Magic phase (§23.7)
USED_BY_COMMAND = frozenset(POTIONS) | frozenset(FOR_THE_PHASE) | {RELENTLESS}
# items the rules offer at their own moment (a /decide question: the save offer of .save_offer), or that
# work by themselves (the Gleaming Icon)
ANSWERED_ITEMS = frozenset({"lucky shield", "bronze breastplate", "lucky charm", "gemstone amulet", "gleaming icon"})
ARCANE_ONE_USE = frozenset({"dispel scroll", "binding scroll", "backlash scroll", "wand of stability",
                            "sceptre of power", "grounding rod", "shielding scroll"})


def spent(state: NinthAgeState, unit: UnitState) -> list[str]:
    """The one-use items this unit's models have used: its own, and its wizard's arcane ones."""
    out = list(state.spent_items.get(unit.id, []))
    for c in state.casters.values():
        if c.unit == unit.id and c.seat == unit.owner:
            out += [i for i in c.used_items if i not in out]
    return out


def spent_by_name(state: NinthAgeState, seat: str) -> dict[str, list[str]]:
    """Army entry name -> the items spent, for the list ``/army show`` prints in a game."""
    army = state.armies[seat]
    out: dict[str, list[str]] = {}
    for u in state.units.values():
        if u.owner == seat and not u.summoned and 0 <= u.entry < len(army.units):
            items = spent(state, u)
            if items:
                out.setdefault(army.units[u.entry].name, []).extend(items)
    return out


def note_action(state: NinthAgeState) -> None:
    """An action other than an item's is being taken: the phase has begun for potions."""
    key = phase_key(state)
    marks = [key] + ([f"{key}/{state.step}"] if state.step else [])  # the step too: the Remaining Moves begun
    state.phase_acted = (state.phase_acted + [m for m in marks if m not in state.phase_acted])[-8:]


def use_item(state: NinthAgeState, seat: str, unit: UnitState, name: str, events: list[Event]) -> None:
    """``/item unit: name:``: use a one-use item the unit carries, refused with the reason when it
    is not the unit's, not a one-use item used this way, already spent, or out of its moment."""
    entry = state.unit_entry(unit)
    if unit.owner != seat:
        raise IllegalAction("not-your-unit", ngettext("{unit} is not yours.", "{unit} are not yours.", number(state, unit), unit=unit.id))
    carried = {i.strip().lower(): i for i in entry.magic_items}
    key = name.strip().lower()
    if key not in carried:
        raise IllegalAction("no-item", ngettext("{unit} carries no {name} (its magic items: {value}).", "{unit} carry no {name} (their magic items: {value}).", number(state, unit), unit=unit.id, name=name, value=commas(data_said(i) for i in entry.magic_items) or 'none'))
    item = carried[key]
    if key in ANSWERED_ITEMS:  # offered by a /decide question at their moment
        if item in spent(state, unit):
            raise IllegalAction("item-spent", _("{unit}'s {item} was already used: it is gone for the rest of the game (§23.2).", unit=unit.id, item=item))
        raise IllegalAction("item-offered", _("{item} is not used with /item: it is offered when its bearer is hit or saves, or works by itself at its moment (§23).", item=item))
    if key in ONE_USE and item in spent(state, unit):
        raise IllegalAction("item-spent", _("{unit}'s {item} is one use and was already used: it is gone for the rest of the game (§23.2).", unit=unit.id, item=item))
    if key in ARCANE_ONE_USE:
        raise IllegalAction("item-in-magic", _("{item} is used in the Magic phase: the dispel question (or /cast) offers it when it may be used (§23.7).", item=item))
    if key not in USED_BY_COMMAND:
        raise IllegalAction("not-one-use", _("{item} is not a one-use item used by /item; its effect applies by itself.", item=item))
    if state.phase not in ("movement", "magic", "shooting", "melee") or state.active is None:
        raise IllegalAction("wrong-phase", _("{item} is used in a phase of the battle (§23).", item=item))
    if not unit.on_table and not (unit.location == "joined" and unit.host):
        raise IllegalAction("not-on-table", ngettext("{unit} is not on the table.", "{unit} are not on the table.", number(state, unit), unit=unit.id))
    host = state.units.get(unit.host) if unit.location == "joined" and unit.host else None
    if unit.fleeing or (host is not None and host.fleeing):  # no voluntary action while fleeing (§8.9, [A-14])
        raise IllegalAction("fleeing", ngettext("{unit} is fleeing: a fleeing unit cannot activate a one-use item (§8.9).", "{unit} are fleeing: a fleeing unit cannot activate a one-use item (§8.9).", number(state, unit),
                                         unit=unit.id))
    if key in FOR_THE_PHASE:
        _activate(state, seat, unit, item, events)
        return
    if key == RELENTLESS:
        _relentless(state, seat, unit, item, events)
        return
    if phase_key(state) in state.phase_acted:
        raise IllegalAction("not-start-of-phase", _("{item} is drunk at the start of a phase, before anything else is done in it (§23.6); the {phase} phase has begun.", item=item, phase=phase_word(state.phase)))
    change = POTIONS[key]
    state.effects.append(Effect(id=state.next_effect, spell=item, caster=unit.id, seat=unit.owner,
                                duration="player turn", units=[unit.id], modifiers=dict(change),
                                lowest_casting_value=0, phase=state.magic_phases))
    state.next_effect += 1
    state.spent_items.setdefault(unit.id, []).append(item)
    from engine.rulesets.ninth_age.hidden import reveal

    reveal(state, seat, unit.id, item, _("it is drunk"), events)
    shown = commas(f"{k} {v:+d}" for k, v in change.items())
    events.append(Event(kind="item", seat=seat, data={"unit": unit.id, "item": item},
                        text=ngettext("{unit} drinks the {item}: {shown} until the end of this player turn. It is one use: spent for the rest of the game (§23.6).", "{unit} drink the {item}: {shown} until the end of this player turn. It is one use: spent for the rest of the game (§23.6).", number(state, unit), unit=unit.id, item=item, shown=shown)))


def _activate(state: NinthAgeState, seat: str, unit: UnitState, item: str, events: list[Event]) -> None:
    """The Sceptre of Dominion at the start of a combat round: Stubborn for the phase (one use);
    the Flaming Standard at the start of a Shooting or Melee phase: Flaming Attacks for it."""
    key = item.lower()
    host = state.units.get(unit.host) if unit.location == "joined" and unit.host else unit
    mark = f"{key}|{unit.id}|{phase_key(state)}"
    if mark in state.activated:
        raise IllegalAction("already-active", _("{item} is already at work this phase.", item=item))
    if key == "sceptre of dominion":
        if state.phase != "melee" or host.fought:
            raise IllegalAction("wrong-moment", _("The {item} is activated at the start of a combat round: in the Melee phase, before {host}'s combat is fought (§23.6).", item=item, host=host.id))
    else:
        if state.phase not in ("shooting", "melee") or phase_key(state) in state.phase_acted:
            raise IllegalAction("wrong-moment", _("The {item} is activated at the start of a Shooting or Melee phase, before anything else is done in it (§23.8).", item=item))
        if unit.standard_lost:
            raise IllegalAction("standard-lost", _("{unit}'s standard is lost, and the {item} with it (§17.2).", unit=unit.id, item=item))
    state.activated = [m for m in state.activated if m.rpartition("|")[2] == phase_key(state)] + [mark]
    if key in ONE_USE:
        state.spent_items.setdefault(unit.id, []).append(item)
    from engine.rulesets.ninth_age.hidden import reveal

    reveal(state, seat, unit.id, item, _("it is activated"), events)
    events.append(Event(kind="item", seat=seat, data={"unit": unit.id, "item": item},
                        text=text_join("", [activates(state, unit, item), ": ", ngettext("{host} has {for_the_phase} for this phase", "{host} have {for_the_phase} for this phase", number(state, host), host=host.id, for_the_phase=FOR_THE_PHASE[key]), (_(" (one use: spent for the rest of the game).") if key in ONE_USE else ".")])))


def activates(state: NinthAgeState, unit: UnitState, item: str):
    """'{unit} activates the {item}', its verb agreeing with the bearer (grammar.number)."""
    return ngettext("{unit} activates the {item}", "{unit} activate the {item}", number(state, unit), unit=unit.id, item=item)


def _relentless(state: NinthAgeState, seat: str, unit: UnitState, item: str, events: list[Event]) -> None:
    """The Icon of the Relentless Company: "puoi attivarlo all'inizio di qualsiasi delle tue fasi
    dei Movimenti Rimanenti. In questo turno l'unità del portatore può triplicare la propria
    caratteristica di Movimento mentre marcia invece che raddoppiarla (fino ad un massimo di 15\")
    e non può essere usato nel 1 turno se l'Unità ha usato Avanguardia o Esploratore" (§23.8)."""
    host = state.units.get(unit.host) if unit.location == "joined" and unit.host else unit
    if state.active != seat or state.phase != "movement" or state.step != "remaining" or \
            f"{phase_key(state)}/remaining" in state.phase_acted:
        raise IllegalAction("wrong-moment", _("The {item} is activated at the start of your Remaining Moves, before any unit moves in them (§23.8).", item=item))
    if unit.standard_lost:
        raise IllegalAction("standard-lost", _("{unit}'s standard is lost, and the {item} with it (§17.2).", unit=unit.id, item=item))
    if state.round == 1 and (host.scouting or host.no_charge_turn1):
        raise IllegalAction("scouted", _("The {item} cannot be used in game turn 1: {host} made a Vanguard move or deployed as Scouts (§23.8).", item=item, host=host.id))
    key = phase_key(state)
    state.activated = [m for m in state.activated if m.rpartition("|")[2] == key] + [f"{RELENTLESS}|{unit.id}|{key}"]
    state.spent_items.setdefault(unit.id, []).append(item)
    from engine.rulesets.ninth_age.hidden import reveal

    reveal(state, seat, unit.id, item, _("it is activated"), events)
    events.append(Event(kind="item", seat=seat, data={"unit": unit.id, "item": item},
                        text=text_join("", [activates(state, unit, item), ": ", ngettext("this turn {host} marches at three times its Movement instead of twice, at most 15\" (one use: spent for the rest of the game, §23.8).", "this turn {host} march at three times their Movement instead of twice, at most 15\" (one use: spent for the rest of the game, §23.8).", number(state, host), host=host.id)])))


def march_allowance(state: NinthAgeState, unit: UnitState, m: float) -> float:
    """A march's allowance: twice M, or three times (at most 15\") with the Icon of the Relentless
    Company activated this turn, its standard not lost (§23.8)."""
    members = [unit] + [u for u in state.units.values() if u.host == unit.id and u.location == "joined"]
    if active(state, unit, RELENTLESS) and not any(u.standard_lost for u in members
                                                   if f"{RELENTLESS}|{u.id}|{phase_key(state)}" in state.activated):
        return max(2 * m, min(3 * m, 15.0))
    return 2 * m


def active(state: NinthAgeState, unit: UnitState, item: str) -> bool:
    """The unit, or a character joined to it, activated ``item`` this phase."""
    members = [unit.id] + [u.id for u in state.units.values() if u.host == unit.id and u.location == "joined"]
    return any(f"{item}|{m}|{phase_key(state)}" in state.activated for m in members)


def end_player_turn(state: NinthAgeState, events: list[Event]) -> None:
    """The effects that last "for the rest of that player turn" end (§23.6)."""
    for e in list(state.effects):
        if e.duration == "player turn":
            state.effects.remove(e)
            events.append(Event(kind="item", seat=e.seat, text=_("The {spell} drunk by {caster} wears off.", spell=e.spell, caster=e.caster)))
