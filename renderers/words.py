"""The words renderers draw of their own (legend names, zone marks, card headings), so the bot
can give them in the reader's language.

A view's ``words`` maps each English word to the reader's (:func:`bot.i18n.localised_view`
fills it from the catalogues); a renderer looks its words up with :func:`said` and knows
nothing of languages::

    >>> from engine.core.board_view import BoardView
    >>> said(BoardView(width=1, height=1), "EXIT"), said(BoardView(width=1, height=1, words={"EXIT": "USCITA"}), "EXIT")
    ('EXIT', 'USCITA')
"""

from __future__ import annotations

from typing import Any

from engine.core.text import N_
from renderers.terrain import _KNOWN

ZONE_MARKS = (N_("START"), N_("EXIT"), N_("VICTORY"))
# An area board's note of the chests in an area ("chest x2").
CHEST = N_("chest x{n}")
# A Conan model's life points under its token ("3/3LP"; the Italian book's "punti vita").
LIFE_POINTS = N_("{lp}LP")
# Every word a renderer may draw by itself.
# the continuous table's terrain legend (renderers.table.TERRAIN_WORDS)
TABLE_TERRAIN = (N_("Hill"), N_("Forest"), N_("Field"), N_("Water"), N_("Wall"), N_("Ruins"), N_("Impassable"),
                 N_("Building"))
WORDS: tuple[str, ...] = tuple(dict.fromkeys((*ZONE_MARKS, CHEST, LIFE_POINTS, *(style.name for style in _KNOWN.values()),
                                              *TABLE_TERRAIN)))


def said(view: Any, word: str) -> str:
    """``word`` as the view's reader reads it (English when the view says nothing)."""
    words = getattr(view, "words", None)
    return words.get(word, word) if words else word
