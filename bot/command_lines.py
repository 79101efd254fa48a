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


# How an action's fields are typed as command options, where the names differ: a D&D attack
# entry is ``attack:``, Conan's attack style (melee, ranged, web) is ``kind:`` as players type it.
_OPTION_NAMES = {"entry": "attack", "first": "who", "ranged": "kind", "style": "kind"}
# The same, for one command only: Conan's area spell aims at ``square:`` (its action's ``to``).
_COMMAND_OPTION_NAMES = {("cast", "to"): "square"}
# Actions typed as another command: Conan's standing reroll order is ``/reroll auto:keep``.
_COMMANDS = {"reroll_order": ("reroll", {"choice": "auto"})}


def command_line(action: Action) -> str:
    """The command a player types for ``action``: ``/move creature:orc to:F7``."""
    command, renamed = _COMMANDS.get(action.kind, (action.kind, {}))
    words = [f"/{command}"]
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
        option = renamed.get(name) or _COMMAND_OPTION_NAMES.get((command, name)) or _OPTION_NAMES.get(name, name)
        words.append(f'{option}:"{value}"')
    return " ".join(words)
