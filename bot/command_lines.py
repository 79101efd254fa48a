"""The command a player would type for an engine action, as the demo plays and the "legal
moves" button lists them.

It lives below the service and the demo, so the buttons can list moves without importing the
demo (and through it the console and the service) back.

>>> from engine.core import get_ruleset
>>> import engine.rulesets  # noqa: F401  - registers the shipped game systems
>>> move = get_ruleset("dnd35-encounter").parse_action({"kind": "move", "seat": "referee", "creature": "orc", "to": [5, 6]})
>>> command_line(move)
'/move creature:"orc" to:"F7" mode:"single"'
"""

from __future__ import annotations

from engine.core import Action
from engine.grid import square_name


# How an action's fields are typed as command options, where the names differ.
_OPTION_NAMES = {"entry": "attack", "first": "who", "ranged": "kind"}


def command_line(action: Action) -> str:
    """The command a player types for ``action``: ``/move creature:orc to:F7``."""
    words = [f"/{action.kind}"]
    for name, value in action.model_dump(exclude={"kind", "seat"}).items():
        if value is None or value == [] or value == "":
            continue
        if name == "ranged":
            value = "ranged" if value else "melee"
        elif isinstance(value, (tuple, list)) and len(value) == 2 and all(isinstance(v, int) for v in value):
            value = square_name(tuple(value))
        elif isinstance(value, list) and value and isinstance(value[0], (tuple, list)):
            value = " ".join(square_name(tuple(v)) for v in value)
        elif isinstance(value, list):
            value = ",".join(str(v) for v in value)
        words.append(f'{_OPTION_NAMES.get(name, name)}:"{value}"')
    return " ".join(words)
