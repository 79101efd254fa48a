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
# Every word a renderer may draw by itself.
WORDS: tuple[str, ...] = (*ZONE_MARKS, CHEST, *(style.name for style in _KNOWN.values()))


def said(view: Any, word: str) -> str:
    """``word`` as the view's reader reads it (English when the view says nothing)."""
    words = getattr(view, "words", None)
    return words.get(word, word) if words else word
