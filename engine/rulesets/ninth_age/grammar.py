"""A unit's name as the subject of a sentence: "Trolls charge", "Giant charges" (#10).

The replies name units by their names on the table, which are mostly plurals (Spearmen, Trolls,
Wolf Riders) and sometimes one model (Giant, Great Cannon, a character). Every sentence whose
verb agrees with a unit is written with :func:`engine.core.text.ngettext`, singular and
plural, and :func:`number` picks the form: the army entry's own ``plural`` flag when the list
sets it (a horde named in the singular, "Vermin Swarm"); else plural when the name reads as a
plural (its head noun ends in -s or -men: "Wolf Riders", "Spearmen", even a one-model entry
or a unit renamed in the list); else plural when the entry has more than one model. The
entry's size, not the models left: the last of the Trolls are still "Trolls".

>>> from types import SimpleNamespace as NS
>>> state = NS(unit_entry=lambda u: u.entry)
>>> def unit(name, models, plural=None): return NS(id=name, entry=NS(plural=plural, models=models))
>>> number(state, unit("Brutes", 3)), number(state, unit("Giant", 1)), number(state, unit("Wolf Riders", 1))
(2, 1, 2)
>>> number(state, unit("Vermin Swarm", 4, plural=False)), number(state, unit("Iron Guard", 20))
(1, 2)
>>> number(state, unit("Warlord on Wyvern", 1)), number(state, unit("Spearmen (p2)", 1))
(1, 2)
"""

from __future__ import annotations

from typing import Any

from engine.core.text import N_, Text, ngettext


def name_reads_plural(name: str) -> bool:
    """Whether a unit's name reads as a plural: its head noun (the last word before "on",
    "with" or "of", a seat mark dropped) ends in -s (not -ss, -us, -is) or -men, -folk."""
    words = name.split(" (")[0].split()
    for i, word in enumerate(words):
        if i and word.lower() in ("on", "with", "of", "in"):
            words = words[:i]
            break
    head = words[-1].lower() if words else ""
    return (head.endswith("s") and not head.endswith(("ss", "us", "is"))) or head.endswith(("men", "folk"))


def entry_number(entry: Any, name: str | None = None) -> int:
    """2 when an army entry (by ``name``, default its own) reads as a plural, else 1: the count
    for ngettext in a sentence about the entry itself (the army list's checks)."""
    if entry.plural is not None:
        plural = entry.plural
    else:
        plural = name_reads_plural(name if name is not None else str(getattr(entry, "name", ""))) or entry.models > 1
    return 2 if plural else 1


def number(state: Any, unit: Any) -> int:
    """2 when ``unit``'s name on the table reads as a plural, else 1: the count for ngettext."""
    return entry_number(state.unit_entry(unit), str(getattr(unit, "id", "")))


# A unit's sides as a player reads them ("to its left", "on the front").
SIDE_WORDS = {"front": N_("front"), "rear": N_("rear"), "left": N_("left"), "right": N_("right"), "flank": N_("flank")}


def side_word(side: str) -> Text:
    """``side`` (front, rear, left, right) in the reader's language."""
    return Text(SIDE_WORDS[side]) if side in SIDE_WORDS else Text("{side}", side=side)


# Counted nouns (#13): a count said with its own noun ("1 wound", "3 wounds", Hungarian "3
# seb"), a phrase put into a sentence whose verb agrees with something else (the unit, a
# list) or that holds more than one count: one ngettext chooses one form for one number.
def wounds_counted(n: int) -> Text:
    """``n`` wounds: "1 wound", "3 wounds"."""
    return ngettext("{n} wound", "{n} wounds", n)


def hits_counted(n: int) -> Text:
    """``n`` hits: "1 hit", "3 hits"."""
    return ngettext("{n} hit", "{n} hits", n)
