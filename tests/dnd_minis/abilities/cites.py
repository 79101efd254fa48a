"""Marking which glossary entry a test enforces, so the coverage report can find it.

A test that proves a glossary entry is decorated with the entry's name (as the glossary module
names it) and the edition whose seed text it quotes::

    @cites("Spring Attack", edition="starter")
    def test_spring_attack_moves_again_after_its_attack():
        '''Seed 000, Spring Attack: "Questa creatura può muoversi, compiere un attacco, ..."'''

``edition`` is "starter" (seed 000), "war-drums" (seed 002) or "both" (one test plays both
editions, or the two texts say the same thing and the test is parametrised over the edition).
A test may cite several entries (stack the decorator): a pair test cites both abilities.

>>> @cites("Flight", edition="both")
... def t(): pass
>>> t.__cites__
[('Flight', 'starter'), ('Flight', 'war-drums')]
"""

from __future__ import annotations

from typing import Callable, Literal

EDITIONS = ("starter", "war-drums")


def cites(entry: str, *, edition: Literal["starter", "war-drums", "both"]):
    if edition not in (*EDITIONS, "both"):
        raise ValueError(f"edition must be starter, war-drums or both, not {edition!r}")
    editions = EDITIONS if edition == "both" else (edition,)

    def mark(test: Callable) -> Callable:
        marks = list(getattr(test, "__cites__", []))
        marks[:0] = [(entry, e) for e in editions]  # decorators apply bottom-up: keep source order
        test.__cites__ = marks
        return test

    return mark
