"""Reading the players' words into actions: units by name, bearings, distances and moves as
players say them (``wheel:left 30 forward:6``, ``to:5x4 facing:right``).

>>> parse_wheel("left 30")
('left', 30.0)
>>> parse_path("wheel right 20, forward 4.5")
[('wheel', 20.0, 'right'), ('forward', 4.5, None)]
>>> parse_formation("5x4")
(5, 4)
>>> parse_facing("right", 90), parse_facing("back", 90), parse_facing("215", 0)
(180.0, 270.0, 215.0)
"""

from __future__ import annotations

from engine.core.text import _
import re

from engine.core import IllegalAction
from engine.table.frame import normalise

_NUMBER = r"(\d+(?:\.\d+)?)"


def number(text, what: str) -> float:
    value = str(text).strip().rstrip('"').rstrip("°").strip()
    try:
        out = float(value)
    except ValueError:
        raise IllegalAction("bad-option", _("{what} must be a number of inches or degrees, not {text!r}.", what=what, text=text)) from None
    if out < 0 or out > 1000:
        raise IllegalAction("bad-option", _("{what} must be between 0 and 1000, not {text!r}.", what=what, text=text))
    return out


def parse_wheel(text: str) -> tuple[str, float]:
    m = re.fullmatch(rf"\s*(left|right)\s+{_NUMBER}\s*°?\s*", str(text), re.I)
    if not m:
        raise IllegalAction("bad-option", _("Write a wheel as left or right and degrees, e.g. wheel:left 30, not {text!r}.", text=text))
    return m.group(1).lower(), float(m.group(2))


def parse_path(text: str) -> list[tuple[str, float, str | None]]:
    """A chain of moves: ``wheel left 30, forward 4, wheel right 10``; a single model may also
    ``pivot left 90`` (or right) anywhere in it."""
    out: list[tuple[str, float, str | None]] = []
    for part in re.split(r"[,;]|\bthen\b", str(text)):
        words = part.strip()
        if not words:
            continue
        m = re.fullmatch(rf"(wheel|pivot)\s+(left|right)\s+{_NUMBER}\s*°?", words, re.I)
        if m:  # a pivot in place: single-model units, any number of them (§8.11, §8.12)
            out.append((m.group(1).lower(), float(m.group(3)), m.group(2).lower()))
            continue
        m = re.fullmatch(rf"(forward|back|left|right)\s+{_NUMBER}\s*\"?", words, re.I)
        if m:
            out.append((m.group(1).lower(), float(m.group(2)), None))
            continue
        raise IllegalAction("bad-option", _("I can't read the move {words!r}: use e.g. 'wheel left 30, forward 4' or 'back 2'.", words=words))
    if not out:
        raise IllegalAction("bad-option", _("The path is empty."))
    return out


def parse_formation(text: str) -> tuple[int, int | None]:
    m = re.fullmatch(r"\s*(\d+)\s*(?:[x×]\s*(\d+))?\s*", str(text), re.I)
    if not m:
        raise IllegalAction("bad-option", _("Write a formation as files x ranks, e.g. to:5x4, not {text!r}.", text=text))
    return int(m.group(1)), int(m.group(2)) if m.group(2) else None


def parse_facing(text, current: float, sides: dict[str, float] | None = None) -> float:
    """A facing: a bearing in degrees, or left/right/back/front relative to the current facing,
    or a table edge (north/south/east/west)."""
    word = str(text).strip().lower()
    relative = {"front": 0, "right": 90, "back": 180, "rear": 180, "left": 270}
    compass = {"north": 0, "east": 90, "south": 180, "west": 270}
    if word in relative:
        return normalise(current + relative[word])
    if word in compass:
        return float(compass[word])
    return normalise(number(word, "facing"))
