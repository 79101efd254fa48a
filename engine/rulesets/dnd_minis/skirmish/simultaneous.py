"""Simultaneous Attack: a creature that does not move may use, in one turn, the combination of
attacks and abilities its text lists, resolved one at a time (seed 000 "Questa creatura può usare
una COMBINAZIONE DI ATTACCHI O CAPACITÀ se non si sposta"; seed 002 "a támadások és képességek
kombinációját hajthatja végre ha nem mozog"; War Drums §26, skirmish §25).

The text names the parts: "melee" (every melee entry), "ranged" (every ranged entry), or an
ability or spell by name ("Breath Weapon"). Without a list, melee and ranged attacks combine.

>>> sorted(parts("(melee and Breath Weapon)"))
['breath weapon', 'melee']
>>> sorted(parts("melee, ranged"))
['melee', 'ranged']
>>> parts(None) is None
True
"""

from __future__ import annotations

import re

from engine.rulesets.dnd_minis.activation import Activation


def parts(text: str | None) -> frozenset[str] | None:
    """The parts a Simultaneous Attack text combines (lower case), or None without the ability."""
    if not text:
        return None
    found: set[str] = set()
    for word in re.split(r",|\band\b|\+|/|&", text.strip(" ()").casefold()):
        word = word.strip()
        if not word:
            continue
        if word.startswith("melee"):
            found.add("melee")
        elif word.startswith("ranged"):
            found.add("ranged")
        elif word == "listed on the card":
            found |= {"melee", "ranged"}
        else:
            found.add(word)
    return frozenset(found)


def allows(limits, turn: Activation, what: str) -> bool:
    """Whether the combination lets the creature add ``what`` ("melee", "ranged", or an ability or
    spell name) to this turn: it has not moved and its text lists ``what``."""
    combination = parts(getattr(limits, "combined_attacks", None))
    return combination is not None and turn.moved == 0 and what.casefold() in combination


def entries_used(turn: Activation, kind: str) -> int:
    """Attack entries of ``kind`` used this turn (ranged entries are kept as 100 + index)."""
    return sum(1 for i in turn.entries_used if (i >= 100) == (kind == "ranged"))


def anything_left(limits, turn: Activation, melee_entries: int, ranged_entries: int) -> bool:
    """A part of the combination still unused: an attack entry of a listed kind, or a listed
    ability while none has replaced an attack yet."""
    combination = parts(getattr(limits, "combined_attacks", None))
    if combination is None or turn.moved:
        return False
    if "melee" in combination and entries_used(turn, "melee") < melee_entries:
        return True
    if "ranged" in combination and entries_used(turn, "ranged") < ranged_entries:
        return True
    return any(p not in ("melee", "ranged") for p in combination) and not turn.replaced_attack
