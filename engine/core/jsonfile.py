"""Reading an uploaded JSON file without letting it crash the reader.

Python's ``json`` module recurses once per nested ``[`` or ``{`` (a file of 100,000 ``[``
raises RecursionError) and refuses integers of more than 4,300 digits with a ValueError: both
escape the ``JSONDecodeError`` a loader expects. Every upload (maps, cards, warbands) goes
through :func:`read_json`, which refuses such files as bad files, in the game's words.

>>> read_json(b'{"name": "Crypt"}', code="bad-map", source="crypt.json")
{'name': 'Crypt'}
>>> read_json(b"[" * 100_000, code="bad-map", source="deep.json")
Traceback (most recent call last):
...
engine.core.errors.IllegalAction: deep.json: lists and objects are nested more than 32 deep; a Warband file needs far fewer levels.
>>> read_json(b"\\x89PNG", code="bad-card", source="orc.png")
Traceback (most recent call last):
...
engine.core.errors.IllegalAction: orc.png is not a text file: upload the JSON file itself, saved as UTF-8.
"""

from __future__ import annotations

import json
import re
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.text import _

# The deepest real Warband file (a card's attack riders) nests five levels.
MAX_DEPTH = 32
# No number in a Warband file needs more digits than this (seeds are 19 digits).
MAX_DIGITS = 30

# A JSON string (skipped whole, an unclosed one to the end of the text, so brackets inside names do not count) or a bracket.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.S)


def nesting_depth(text: str) -> int:
    """How deeply ``text``'s lists and objects nest, counted in one pass without recursion.

    >>> nesting_depth('{"a": [1, {"b": "[[["}]}')
    3
    """
    depth = deepest = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif token in "]}":
            depth -= 1
    return deepest


def _whole_number(source: str):
    def parse(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_DIGITS:
            raise IllegalAction("", _("{source}: a number has {digits} digits; numbers in a Warband file have at most {most}.",
                                      source=source, digits=len(digits.lstrip('-')), most=MAX_DIGITS))
        return int(digits)

    return parse


def _not_a_number(source: str):
    def parse(word: str) -> float:
        raise IllegalAction("", _("{source}: {word} is not a number a Warband file may hold.", source=source, word=word))

    return parse


def read_json(data: str | bytes, *, code: str, source: str) -> Any:
    """The parsed contents of an uploaded JSON file, or an :class:`IllegalAction` with ``code``
    saying what is wrong with it (not text, not JSON, too deeply nested, a huge number)."""
    if isinstance(data, (bytes, bytearray)):
        try:
            text = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise IllegalAction(code, _("{source} is not a text file: upload the JSON file itself, saved as UTF-8.",
                                        source=source)) from None
    else:
        text = data
    if nesting_depth(text) > MAX_DEPTH:
        raise IllegalAction(code, _("{source}: lists and objects are nested more than {most} deep; a Warband file needs "
                                    "far fewer levels.", source=source, most=MAX_DEPTH))
    try:
        return json.loads(text, parse_int=_whole_number(source), parse_constant=_not_a_number(source))
    except IllegalAction as exc:
        raise IllegalAction(code, exc.message) from None
    except json.JSONDecodeError as exc:
        raise IllegalAction(code, _("{source}: line {line}, column {column}: not valid JSON ({problem}).", source=source,
                                    line=exc.lineno, column=exc.colno, problem=exc.msg.lower())) from None
    except (RecursionError, ValueError):
        # Should the checks above miss a case, it is still a bad file, not a crash.
        raise IllegalAction(code, _("{source} is not a JSON file Warband can read.", source=source)) from None
