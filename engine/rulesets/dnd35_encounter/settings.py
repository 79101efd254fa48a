"""Encounter settings: every movement ruling of the 3.5 rules file, settable at /game new.

The defaults are :meth:`engine.grid.MoveRules.dnd35` (the file's recommendations). A referee
changes one with ``settings:squeeze_through_opponent=true`` and the game keeps it for good:

>>> rules_of({"squeeze_through_opponent": True}).squeeze_through_opponent
True
>>> encounter_options({"run_heavy_x3": False})["run_heavy_x3"]
False
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from engine.core import IllegalAction
from engine.grid import MoveRules
from engine.core.errors import plain_reason
from engine.core.text import N_, Text, _

# Settings of the encounter itself, beyond the grid's MoveRules.
ENCOUNTER_SETTINGS: dict[str, tuple[Any, str]] = {
    "run_heavy_x3": (True, N_("[EXT] a run in heavy armour is x3 speed, not x4 (default true)")),
    "ext_speed_table": (True, N_("[EXT] English 3.5 armour reduction for speeds beyond 20/30 ft (default true)")),
    "charge_ext": (True, N_("[EXT] English 3.5 charge: straight line, at least 2 squares, +2 attack, -2 AC "
                   "until the charger's next turn (default true)")),
    # Not in the rules file (3.5 PHB "Dying", "Disabled"): off unless the referee wants them.
    "dying_checks": (False, N_("[EXT] a dying creature rolls d% on its turn: 1-10 stable, else -1 hp (default false)")),
    "disabled_strain": (False, N_("[EXT] a disabled creature's attack costs it 1 hp (default false)")),
}

_MOVE_HELP: dict[str, str] = {
    "max_doublings": N_("cap on doublings of a step's cost (default none: they multiply, 3.5 §7.1)"),
    "hampered_diagonal_counter_increment": N_("[DER] A2: diagonals a hampered diagonal counts as (default 2)"),
    "obstacle_square_stoppable": N_("[DER] A21: may a move end on an obstacle square (default false)"),
    "squeeze_through_opponent": N_("[DER] A20: squeeze through an active enemy's square (default false)"),
    "squeeze_past_enemies": N_("squeeze through the free lane beside an enemy (default true)"),
    "squeezed_may_end": N_("may a move end squeezed (default true)"),
    "tiny_share_squares": N_("Fine/Diminutive/Tiny share and enter occupied squares (default true)"),
    "three_size_rule": N_("[DER] A6: pass creatures 3+ sizes larger or smaller (default true)"),
    "end_on_helpless": N_("may a move end on a helpless creature (default true)"),
    "incorporeal_passes_creatures": N_("incorporeal creatures pass others (default false)"),
    "burrowing_passes_creatures": N_("burrowers pass enemies (default false)"),
    "flying_passes_enemies_when_charging": N_("fliers pass enemies when charging (default false)"),
    "charge_through_difficult": N_("may charge through difficult terrain (default false)"),
    "run_through_difficult": N_("may run through difficult terrain (default false)"),
    "minimum_move_only_when_needed": N_("[EXT] minimum movement only when too hampered (default false)"),
    "reach_weapon_diagonal_exception": N_("[EXT] reach weapons threaten 2 squares diagonally (default false)"),
    "natural_reach_diagonal_exception": N_("[EXT] same for natural 10-ft reach (default false)"),
    "snap_to_nearest_when_closer": N_("[EXT] A22: snap back to a strictly closer legal square (default true)"),
    "five_foot_step_once_per_round": N_("[EXT] one 5-foot step per round (default true)"),
    "five_foot_step_not_with_other_movement": N_("[EXT] no 5-foot step with other movement (default true)"),
    "five_foot_step_not_hampered": N_("[EXT] no 5-foot step into hampered squares (default true)"),
    "five_foot_step_min_speed": N_("[EXT] least speed in squares for a 5-foot step (default 2)"),
    "run_straight_line": N_("[EXT] a run goes in a straight line (default true)"),
}


def option_names() -> dict[str, Text]:
    """Each setting's help, said in the reader's language."""
    names = {"map": _("built-in map name (default crypt) or an uploaded mapfile")}
    for field in MoveRules.model_fields:
        names[field] = Text(_MOVE_HELP[field]) if field in _MOVE_HELP else _("movement rule (see the 3.5 rules file)")
    for key, (_default, text) in ENCOUNTER_SETTINGS.items():
        names[key] = Text(text)
    return names


def rules_of(options: dict[str, Any]) -> MoveRules:
    """The movement rules of a game: the 3.5 defaults with the game's settings applied."""
    chosen = {k: v for k, v in options.items() if k in MoveRules.model_fields}
    if chosen.get("max_doublings") in ("", "none", "None"):
        chosen["max_doublings"] = None
    try:
        return MoveRules(**chosen)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise IllegalAction("bad-setting", _('Setting {where}: {err}.', where=where, err=plain_reason(err))) from None


def encounter_options(options: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for key, (default, _text) in ENCOUNTER_SETTINGS.items():
        value = options.get(key, default)
        if not isinstance(value, bool):
            raise IllegalAction("bad-setting", _('Setting {key} is true or false, not {value!r}.',
                                                 key=key, value=value))
        out[key] = value
    return out
