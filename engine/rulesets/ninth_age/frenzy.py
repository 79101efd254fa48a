"""The Frenzy test (§22 Frenzy, §24.8): after every charge is declared, each unit with a
frenzied model (or part) that declared none tests its Leadership; failing, it must declare a
charge on the nearest enemy unit it can legally charge. A frenzied character in a unit makes
the unit test ("ogni Unità con uno o più modelli"), and the unit charges as one: characters are
never forced to charge out of a unit. E-32: a model whose mount alone is frenzied counts as
Frenzied for this test. Like every Leadership test, a failure may be re-rolled with Hold Your
Ground (§16.8): "possono decidere di ripetere", and here the owner may want the charge, so it
is asked (``/decide re-roll`` or ``keep``).
"""

from __future__ import annotations

from engine.core.text import ngettext, _
from engine.core import Event
from engine.rulesets.ninth_age import charges
from engine.rulesets.ninth_age.fighters import frenzied
from engine.rulesets.ninth_age.leadership import hold_your_ground, leadership_test, unit_leadership
from engine.rulesets.ninth_age.neighbours import engaged
from engine.rulesets.ninth_age.state import NinthAgeState
from engine.rulesets.ninth_age.walls import gap
from engine.rulesets.ninth_age.grammar import number


def frenzy_tests(state: NinthAgeState, seat: str, events: list[Event]) -> None:
    for unit in sorted(state.on_table(seat), key=lambda u: u.id):
        if not frenzied(state, unit) or unit.declared_charge or unit.fleeing or engaged(state, unit):
            continue
        targets = sorted((t for t in state.on_table(state.enemy_of(seat)) if charges._legal_target(state, unit, t)),
                         key=lambda t: (gap(state, unit, t), t.id))  # a garrison: from its walls (§18.6)
        if not targets:
            continue
        ld, source = unit_leadership(state, unit)
        bsb = hold_your_ground(state, unit)
        ask = (f"frenzy-reroll-{unit.id}",
               _("{unit} failed its Frenzy test: re-roll it with {bsb}'s Hold Your Ground, or keep the failure and charge {target}?",
                 unit=unit.id, bsb=bsb, target=targets[0].id))
        if leadership_test(state.rng, ld, _("{unit} Frenzy test (Ld from {source})", unit=unit.id, source=source), events, seat=seat,
                           reroll=bsb, for_unit=(state, unit), ask=ask):
            continue
        events.append(Event(kind="frenzy", seat=seat, data={"unit": unit.id},
                            text=ngettext("{unit} fails its Frenzy test and must charge the nearest enemy it can: {id}.", "{unit} fail their Frenzy test and must charge the nearest enemy they can: {id}.", number(state, unit), unit=unit.id, id=targets[0].id)))
        charges.declare(state, unit, targets[0], events)
