"""A game's settings as typed in ``/game new settings:``, read into typed values.

It lives below the service, so the league commands that open games read settings the same way
without importing the service back.

>>> parse_settings("players=4, edition=starter; teams=yes")
{'players': 4, 'edition': 'starter', 'teams': True}
"""

from __future__ import annotations

from typing import Any

from engine.core import IllegalAction
from engine.core.errors import quote
from engine.core.text import _


def parse_settings(text: str | None) -> dict[str, Any]:
    """``"players=4, edition=starter"`` -> a dict; numbers and true/false are typed."""
    settings: dict[str, Any] = {}
    if not text:
        return settings
    for part in str(text).replace(";", ",").split(","):
        if not part.strip():
            continue
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise IllegalAction("bad-setting", _("Write settings as name=value, not {setting}.",
                                                  setting=quote(part.strip())))
        value = value.strip()
        lowered = value.casefold()
        typed: Any = value
        if lowered in ("true", "yes", "on"):
            typed = True
        elif lowered in ("false", "no", "off"):
            typed = False
        elif value.lstrip("-").isdigit():
            typed = int(value)
        settings[key.strip()] = typed
    return settings
