"""Characteristic tests (§1.7, "Effettuare un Test Caratteristica") and the ``/test`` command
that calls one, or a Leadership test (§1.8), on a unit for a rule the engine does not apply by
itself (an army-book rule the players supply, a ruling): the bot rolls it in the open, the log
keeps it, and a replay rolls it again to the same result.

The seed's test: "lanciare un D6: se il risultato ottenuto è pari a “6” o comunque maggiore del
valore della Caratteristica in questione del modello, il test è fallito"; a characteristic of 0
fails every test on it ("falliscono automaticamente"); a multi-part model tests once with its
highest value, and a unit as a whole with its highest value (characters in it included). War
Machines "falliscono automaticamente tutti i test caratteristica ad eccezione dei test
Disciplina" (§15.4). No other rule of the seed calls a characteristic test of its own.

E-60 (§25): I 3 passes on a 3 and fails on a 4; a characteristic of 10 fails on a 6.

>>> from engine.core import Rng
>>> class Die(Rng):
...     faces: list = []
...     def randrange(self, start, stop=None, step=1):
...         return self.faces.pop(0) - 1
>>> said = []
>>> [characteristic_test(Die(state=1, faces=[face]), value, "I", "Initiative test", said)
...  for face, value in ((3, 3), (4, 3), (6, 10))]
[True, False, False]
>>> [str(e.text) for e in said]  # doctest: +NORMALIZE_WHITESPACE
['Initiative test: Initiative 3, rolled 3: passed.', 'Initiative test: Initiative 3, rolled 4: failed.',
 'Initiative test: Initiative 10, rolled 6: failed (a 6 always fails).']
>>> characteristic_test(Die(state=1, faces=[1]), 0, "S", "Strength test", said), str(said[-1].text)
(False, 'Strength test: Strength 0: fails automatically (a characteristic of 0 fails every test on it).')
"""

from __future__ import annotations

from engine.core import Event, IllegalAction, roll_dice
from engine.core.rng import Rng
from engine.core.text import N_, Text, _, commas, ngettext
from engine.rulesets.ninth_age.characteristics import CHARACTERISTICS
from engine.rulesets.ninth_age.grammar import number
from engine.rulesets.ninth_age.leaders import leadership_test
from engine.rulesets.ninth_age.magic_state import spell_modified
from engine.rulesets.ninth_age.mixed_units import joined
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState

# The Italian abbreviations of the seed's profile (§1.6), typed in place of the English ones.
ITALIAN = {"AC": "WS", "AB": "BS", "F": "S", "R": "T", "FE": "W", "D": "Ld"}
# Each characteristic's name, said in the reader's language (the letters differ by language).
NAMES = {"M": N_("Movement"), "WS": N_("Weapon Skill"), "BS": N_("Ballistic Skill"), "S": N_("Strength"),
         "T": N_("Toughness"), "W": N_("Wounds"), "I": N_("Initiative"), "A": N_("Attacks"), "Ld": N_("Leadership")}


def said_name(name: str) -> Text | str:
    """A characteristic's name (``I``) as the reader reads it (Initiative, Iniziativa)."""
    return Text(NAMES[name]) if name in NAMES else name


def characteristic_name(text: object) -> str:
    """The characteristic a player typed (M, WS, BS, S, T, W, I, A, Ld, or the seed's own AC, AB,
    F, R, Fe, D), in the profile's English abbreviation; anything else is refused.

    >>> characteristic_name("i"), characteristic_name("F"), characteristic_name("ld"), characteristic_name("Fe")
    ('I', 'S', 'Ld', 'W')
    """
    typed = str(text or "").strip()
    for name in CHARACTERISTICS:
        if typed.casefold() == name.casefold():
            return name
    if typed.upper() in ITALIAN:
        return ITALIAN[typed.upper()]
    raise IllegalAction("bad-option", _("Say which characteristic to test: {names} (or the Italian AC, AB, F, R, "
                                        "Fe, D), not {typed!r}.", names=commas(CHARACTERISTICS), typed=typed))


def characteristic_test(rng: Rng, value: int, name: str, purpose: str | Text, events: list[Event],
                        seat: str | None = None, *, automatic: str | Text | None = None) -> bool:
    """One characteristic test (§1.7): a D6, failed on a 6 or above ``value``; ``value`` 0 fails
    with no roll, and so does a test ``automatic`` names a reason to fail (a War Machine)."""
    value = max(0, min(10, value))
    name = said_name(name)
    if automatic is None and value == 0:
        automatic = _("a characteristic of 0 fails every test on it")
    if automatic is not None:
        events.append(Event(kind="test", seat=seat, data={"value": value, "passed": False},
                            text=_("{purpose}: {name} {value}: fails automatically ({why}).", purpose=purpose,
                                   name=name, value=value, why=automatic)))
        return False
    roll = roll_dice("1d6", rng, purpose=purpose)
    face = roll.total
    passed = face != 6 and face <= value
    if passed:
        text = _("{purpose}: {name} {value}, rolled {face}: passed.", purpose=purpose, name=name, value=value, face=face)
    elif face == 6:
        text = _("{purpose}: {name} {value}, rolled {face}: failed (a 6 always fails).", purpose=purpose, name=name,
                 value=value, face=face)
    else:
        text = _("{purpose}: {name} {value}, rolled {face}: failed.", purpose=purpose, name=name, value=value, face=face)
    events.append(Event(kind="roll", seat=seat, roll=roll,
                        data={"value": value, "passed": passed}, text=text))
    return passed


def unit_value(state: NinthAgeState, unit: UnitState, name: str) -> int:
    """The value ``unit`` tests ``name`` with: the highest of its models' parts (a rider and its
    mount alike, §1.7) and of the characters in it, changed by the spells in play on it (§1.11);
    a character named alone, its own."""
    members = [unit] + ([] if unit.location == "joined" else list(joined(state, unit)))
    best = max(state.unit_entry(m).unmodified(name, i) for m in members
               for i in range(len(state.unit_entry(m).parts)))
    return spell_modified(state, unit.id, name, best)


def unit_test(state: NinthAgeState, unit: UnitState, name: str, purpose: str | Text, events: list[Event],
              modifier: int = 0, seat: str | None = None) -> bool:
    """``unit`` takes a test of characteristic ``name`` (§1.7), ``modifier`` added (§1.11); Ld is a
    Leadership test (§1.8: 2D6, the General's Inspiring Presence, Hold Your Ground), taken by the
    unit a character named alone stands in."""
    if name == "Ld":
        host = state.units[unit.host] if unit.location == "joined" and unit.host else unit
        return leadership_test(state, host, purpose, events, modifier=modifier)
    value = max(0, min(10, unit_value(state, unit, name) + modifier))
    machine = state.unit_entry(unit).troop_type == "war machine"
    why = _("a War Machine fails every characteristic test but Leadership tests (§15.4)") if machine else None
    return characteristic_test(state.rng, value, name, purpose, events, seat=unit.owner if seat is None else seat,
                               automatic=why)


def test_modifier(text: object) -> int:
    """``modifier:`` as typed: a whole number from -10 to +10 (+1, -2), none for 0.

    >>> test_modifier("+2"), test_modifier("-1"), test_modifier(None), test_modifier(3)
    (2, -1, 0, 3)
    """
    if text in (None, ""):
        return 0
    typed = str(text).strip()
    try:
        value = int(typed)
    except ValueError:
        value = None
    if value is None or not -10 <= value <= 10:
        raise IllegalAction("bad-option", _("modifier is a whole number from -10 to +10, e.g. -1, not {typed!r}.",
                                            typed=typed))
    return value


def called_test(state: NinthAgeState, seat: str, action, events: list[Event]) -> bool:
    """``/test``: the test a rule the engine does not apply calls for (§1.7, §1.8), on a unit on
    the table or a character in one, called by either player with the rule as its reason; the
    call and the roll go into the log, and a replay rolls the same."""
    unit = state.units[action.unit]
    if not state.in_play(unit):
        raise IllegalAction("not-on-table", ngettext(
            "{unit} is not on the table: only a unit on the table, or a character in one, takes a test.",
            "{unit} are not on the table: only a unit on the table, or a character in one, takes a test.",
            number(state, unit), unit=unit.id))
    caller = state.seat(seat).name
    name = action.characteristic
    shown = said_name(name) if not action.modifier else _("{characteristic} {modifier}", characteristic=said_name(name),
                                                          modifier=f"{action.modifier:+d}")
    purpose = (_("{unit}'s {characteristic} test, called by {player} ({reason})", unit=unit.id,
                 characteristic=shown, player=caller, reason=action.reason) if action.reason
               else _("{unit}'s {characteristic} test, called by {player}", unit=unit.id, characteristic=shown,
                      player=caller))
    return unit_test(state, unit, name, purpose, events, modifier=action.modifier)
