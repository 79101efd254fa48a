"""Leadership tests (§1.8), the General's Inspiring Presence (§16.7) and the Battle Standard
Bearer's Hold Your Ground (§16.8) measured from where the model stands, inside a unit too
([A-56]: the closest distance between the model's base and the unit's footprint), the Rally
test's Ld (§8.8) and the charge range arithmetic of §8.5/§8.7.

Below every phase that tests Ld (casualties, movement, charges, combat, frenzy); the unit's own
test with both applied is :mod:`.leaders`.

>>> rally_leadership(8, start=40, current=11)  # E-15: 11 > 10, normal Ld
8
>>> rally_leadership(8, start=40, current=9), rally_leadership(8, start=40, current=9, musician=True)
(4, 5)
>>> charge_range([3, 1], 5), charge_range([1, 1], 5, champion=True), charge_range([6, 2, 1], 5, swiftstride=True)
(9, 9, 13)
>>> failed_charge_distance([1, 1]), failed_charge_distance([6, 2, 1])
(1, 6)
"""

from __future__ import annotations

from engine.core.text import _, ngettext
import math

from engine.core import Event, roll_dice
from engine.core.rng import Rng
from engine.rulesets.ninth_age.grammar import number
from engine.rulesets.ninth_age.magic_state import spell_modified  # Ld under spells in play (§9, §1.10)
from engine.rulesets.ninth_age.mixed_units import host_of, joined, position, unit_models_ld
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState

INSPIRING_PRESENCE = 12.0
LARGE_TARGET_BONUS = 6.0


def clamp(value: int) -> int:
    return max(0, min(10, value))


def rally_leadership(ld: int, *, start: int, current: int, musician: bool = False) -> int:
    """Half Ld (round up) at 25 % of the starting size or less, multiplied before the
    Musician's +1 is added (§1.11)."""
    value = clamp(ld)
    if current * 4 <= start:
        value = clamp(math.ceil(value / 2))
    if musician:
        value = clamp(value + 1)
    return value


def charge_dice(dice: list[int], *, swiftstride: bool = False) -> list[int]:
    """The dice that count: Swiftstride rolls 3D6 and discards the lowest."""
    return sorted(dice, reverse=True)[:2] if swiftstride else list(dice)


def charge_range(dice: list[int], movement: int, *, champion: bool = False, swiftstride: bool = False) -> int:
    """2D6 (or 3D6 keep 2) + M; with a Champion's Order a Charge the dice count as at least 4."""
    total = sum(charge_dice(dice, swiftstride=swiftstride))
    if champion:
        total = max(total, 4)
    return total + movement


def failed_charge_distance(dice: list[int]) -> int:
    """A failed charge moves the highest single die rolled (the real die, §8.7)."""
    return max(dice)


def leadership_test(rng: Rng, ld: int, purpose: str, events: list[Event], seat: str | None = None,
                    reroll: str | None = None, *, for_unit: tuple[NinthAgeState, UnitState] | None = None,
                    reroll_text: str | None = None, ask: tuple[str, str] | None = None) -> bool:
    """2D6 against Ld: passed when the total is not greater (Ld 0 fails, [A-1]); ``reroll``
    names the Battle Standard Bearer whose Hold Your Ground re-rolls a failure (§16.8);
    ``for_unit`` (state, unit): the unit testing, whose Gleaming Icon re-rolls its first failure
    (§23.8). A test is re-rolled once only, whatever the source (§1.1, E-02). ``ask`` (key,
    question): the owner may keep the failure rather than re-roll it with Hold Your Ground
    ("possono decidere di ripetere", §16.8), where failing may be wanted (a Frenzy test). A hidden
    Banner of Discipline of the unit testing is used: revealed before the roll (§2.4)."""
    if for_unit is not None:
        _reveal_discipline(*for_unit, events)
    roll = roll_dice("2d6", rng, purpose=purpose)
    passed = ld > 0 and roll.total <= ld
    events.append(Event(kind="roll", seat=seat, roll=roll,
                        text=(_("{purpose}: Ld {ld}, rolled {total}: passed.", purpose=purpose, ld=ld, total=roll.total) if passed
                              else _("{purpose}: Ld {ld}, rolled {total}: failed.", purpose=purpose, ld=ld, total=roll.total))))
    if passed:
        return True
    how = second_chance(*for_unit, reroll, events, ask=ask) if for_unit is not None else ("hold" if reroll else None)
    if how == "hold":
        text = reroll_text or _("{purpose}, re-rolled with {reroll}'s Hold Your Ground", purpose=purpose, reroll=reroll)
        return leadership_test(rng, ld, text, events, seat)
    if how == "icon":
        return leadership_test(rng, ld, _("{purpose}, re-rolled with the Gleaming Icon", purpose=purpose), events, seat)
    return False


def gleaming_icon(state: NinthAgeState, unit: UnitState) -> tuple[UnitState, str] | None:
    """The unit's unspent Gleaming Icon (its own standard, or a joined BSB's) and who carries it."""
    for u in [unit] + list(joined(state, unit)):
        used = state.spent_items.get(u.id, [])
        for item in state.unit_entry(u).magic_items:
            if item.strip().lower() == "gleaming icon" and item not in used and not u.standard_lost:
                return u, item
    return None


def second_chance(state: NinthAgeState, unit: UnitState, hold: str | None, events: list[Event],
                  ask: tuple[str, str] | None = None) -> str | None:
    """The re-roll a failed Leadership test takes: "icon" (the Gleaming Icon, "deve essere attivata
    la prima volta che l'unità del portatore fallisce un test di Disciplina", §23.8, then spent),
    "hold" (Hold Your Ground, when ``hold`` names the BSB), or None. With both, the owner chooses
    (E-02); the icon not chosen stays for a later failure (a ruling). With ``ask`` (key, question)
    and Hold Your Ground alone, the owner chooses whether to re-roll at all (§16.8)."""
    from engine.core.decisions import decide

    icon = gleaming_icon(state, unit)
    if icon is None:
        if hold and ask:
            return "hold" if decide(state, unit.owner, ask[0], ask[1], ["re-roll", "keep"], default="re-roll") == "re-roll" \
                else None
        return "hold" if hold else None
    if hold:
        answer = decide(state, unit.owner, f"gleaming-icon-{unit.id}",
                        _("{unit} failed a Leadership test: re-roll it with the Gleaming Icon (one use) or with {bsb}'s Hold Your Ground? A test is re-rolled once only.",
                          unit=unit.id, bsb=hold), ["icon", "hold"], default="icon")
        if answer == "hold":
            return "hold"
    carrier, item = icon
    from engine.rulesets.ninth_age.hidden import reveal

    state.spent_items.setdefault(carrier.id, []).append(item)
    reveal(state, carrier.owner, carrier.id, item, _("it re-rolls a failed Leadership test"), events)
    events.append(Event(kind="item", seat=unit.owner, data={"unit": carrier.id, "item": item},
                        text=_("{unit} failed a Leadership test for the first time: {carrier}'s {item} is activated, and the test is re-rolled (one use: spent for the rest of the game, §23.8).",
                               unit=unit.id, carrier=carrier.id, item=item)))
    return "icon"


def in_reach(state: NinthAgeState, source: UnitState, unit: UnitState) -> bool:
    """Within 12" (18" for a Large Target) of a non-fleeing source model ([A-56]: the closest
    distance between the model's base and the unit's footprint)."""
    here, there = position(state, source), position(state, host_of(state, unit))
    if here is None or there is None or host_of(state, source).fleeing:
        return False
    reach = INSPIRING_PRESENCE + (LARGE_TARGET_BONUS if state.unit_entry(source).has_rule("Large Target") else 0)
    return here.distance(there) <= reach + 1e-3


def unit_leadership(state: NinthAgeState, unit: UnitState) -> tuple[int, str]:
    """The best Ld the unit may use and where it comes from: its own models' (characters in it
    included), or the General's within 12" (18" if a Large Target) when the General is not
    fleeing, from inside a unit too (§16.7)."""
    banner = [1] if discipline(state, unit) else []  # Banner of Discipline: the unit has +1 Ld (§23.8)
    best, source = spell_modified(state, unit.id, "Ld", unit_models_ld(state, unit), first=banner), \
        ngettext("its own", "their own", number(state, unit))  # agreeing with the unit (Spearmen: their own)
    for other in state.units.values():
        if other.owner != unit.owner or other.id == unit.id or not state.unit_entry(other).general:
            continue
        if other.host == unit.id or other.refused:
            continue  # already counted among the unit's models; a refused challenge sets its Ld to 0 (§16.9)
        # borrowed: modified on the General's side first, then by the borrower's own modifiers
        ld = spell_modified(state, unit.id, "Ld", spell_modified(state, other.id, "Ld", state.unit_entry(other).leadership),
                            first=banner)
        if ld > best and in_reach(state, other, unit):
            best, source = ld, _("{other}'s Inspiring Presence", other=other.id)
    return best, source


def _reveal_discipline(state: NinthAgeState, unit: UnitState, events: list[Event]) -> None:
    from engine.rulesets.ninth_age.hidden import reveal

    for u in [unit] + list(joined(state, unit)):
        item = state.unit_entry(u).item_named("banner of discipline")
        if item is not None and not u.standard_lost:
            reveal(state, u.owner, u.id, item, _("its unit takes a Leadership test with it"), events)


def discipline(state: NinthAgeState, unit: UnitState) -> bool:
    """The unit (or a character in it) carries the Banner of Discipline, its standard not lost."""
    return any("banner of discipline" in {i.lower() for i in state.unit_entry(u).magic_items} and not u.standard_lost
               for u in [unit] + list(joined(state, unit)))


def bsb_hiding(state: NinthAgeState, bsb: UnitState) -> bool:
    """The BSB refused a challenge in this Melee phase: "se si tratta del BSB, questi perde la regola
    Mantenere la Posizione e non aggiunge il +1 alla sua fazione per il calcolo del Punteggio di
    Combattimento durante questa fase di CaC" (§16.9, seed 001:2718-2720); its Ld 0 lasts longer
    (``UnitState.refused``), its Hold Your Ground and +1 come back in the next Melee phase."""
    from engine.rulesets.ninth_age.state import phase_key  # state: the floor below every phase

    return bsb.refused and bsb.refused_phase == phase_key(state)


def hold_your_ground(state: NinthAgeState, unit: UnitState) -> str | None:
    """The BSB whose Hold Your Ground lets ``unit`` re-roll a failed Leadership test, if any: not
    a fleeing one (§8.8), not one that refused a challenge this Melee phase (§16.9), not one whose battle standard
    fled from a combat ("lo Stendardo da Battaglia è perso (assieme ... alla regola Mantenere la
    Posizione)", §16.8), nor a hidden one (§22 Hidden)."""
    for other in state.units.values():
        if other.owner == unit.owner and state.unit_entry(other).bsb and not bsb_hiding(state, other) and not other.standard_lost \
                and other.location != "hidden" and (
                other.host == unit.id or other.id == unit.id or in_reach(state, other, unit)):
            if not host_of(state, other).fleeing and position(state, other) is not None:
                return other.id
    return None
