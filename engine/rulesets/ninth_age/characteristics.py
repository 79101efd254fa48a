"""The characteristics of a profile (§1.6) and how a data file may change them.

>>> characteristic_changes({"S": 1, "Ld": -2})
{'S': 1, 'Ld': -2}
"""

from __future__ import annotations

from engine.core.text import _, commas
CHARACTERISTICS = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")


def characteristic_changes(v: dict[str, int]) -> dict[str, int]:
    """Checks a file's changes to characteristics ({"S": 1}): each a characteristic of the
    profile, by at most 10 (an upgrade's profile, a spell's modifiers)."""
    for key, delta in v.items():
        if key not in CHARACTERISTICS:
            raise ValueError(_("{key!r} is not a characteristic ({join})", key=key, join=commas(CHARACTERISTICS)))
        if not -10 <= delta <= 10:
            raise ValueError(_("{key} changes by {delta}; a characteristic stays within 0-10", key=key, delta=delta))
    return v
