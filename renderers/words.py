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
# A token's condition badges: the first four letters of the condition's English name, upper
# case ("STUN", "ROUT"), as the renderer draws them; each language gives its own short word
# (a condition the rules set: the D&D Miniatures conditions and rout, the 3.5 encounter's hit
# point states and the labels the bot sets; a referee's own label stays as typed).
BADGES = (N_("ROUT"), N_("STUN"), N_("HELP"), N_("PARA"), N_("ASLE"), N_("SLEE"), N_("CONF"), N_("ENTA"), N_("BLIN"),
          N_("INVI"), N_("POIS"), N_("SKIP"), N_("FRIG"), N_("INCI"), N_("INHI"), N_("LEVE"), N_("DRAI"), N_("SLOW"),
          N_("SUMM"), N_("PHAS"), N_("TURN"), N_("WOUN"), N_("DISA"), N_("DYIN"), N_("DEAD"), N_("SQUE"), N_("FLYI"),
          N_("CHAR"), N_("ESCA"))
WORDS: tuple[str, ...] = tuple(dict.fromkeys((*ZONE_MARKS, CHEST, LIFE_POINTS, *(style.name for style in _KNOWN.values()),
                                              *TABLE_TERRAIN, *BADGES)))


def said(view: Any, word: str) -> str:
    """``word`` as the view's reader reads it (English when the view says nothing)."""
    words = getattr(view, "words", None)
    return words.get(word, word) if words else word
