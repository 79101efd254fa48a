"""A unit's name as the subject of a sentence: "Trolls charge", "Giant charges" (#10).

The replies name units by their army-list names, which are mostly plurals (Spearmen, Trolls,
Knights) and sometimes one model (Giant, Great Cannon, a character). A sentence whose subject
is a unit is written with :func:`engine.core.text.ngettext`, singular and plural, and
:func:`number` picks the form: the army entry's own ``plural`` flag when the list sets it (a
one-model unit with a plural name, a horde named in the singular), else plural when the entry
has more than one model. The entry's size, not the models left: the last of the Trolls are
still "Trolls".

>>> from types import SimpleNamespace as NS
>>> state = NS(unit_entry=lambda u: u.entry)
>>> number(state, NS(entry=NS(plural=None, models=3))), number(state, NS(entry=NS(plural=None, models=1)))
(2, 1)
>>> number(state, NS(entry=NS(plural=True, models=1)))
2
"""

from __future__ import annotations

from typing import Any

from engine.core.text import N_, Text


def number(state: Any, unit: Any) -> int:
    """2 when ``unit``'s name reads as a plural, else 1: the count for ngettext."""
    entry = state.unit_entry(unit)
    plural = entry.plural if entry.plural is not None else entry.models > 1
    return 2 if plural else 1


# A unit's sides as a player reads them ("to its left", "on the front").
SIDE_WORDS = {"front": N_("front"), "rear": N_("rear"), "left": N_("left"), "right": N_("right"), "flank": N_("flank")}


def side_word(side: str) -> Text:
    """``side`` (front, rear, left, right) in the reader's language."""
    return Text(SIDE_WORDS[side]) if side in SIDE_WORDS else Text("{side}", side=side)
