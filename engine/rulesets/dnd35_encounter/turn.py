"""One creature's turn: what it has done, and how far it may still move (3.5 §2.4, §2.5).

A turn holds a standard action and a move action, or one full-round action:

- ``single``: a move action; all single moves of a turn together cover at most ``speed``.
- ``double``: both actions move; at most ``2 x speed`` in all; no attack.
- ``run``: a full-round action, ``4 x speed`` (``3 x`` in heavy armour [EXT]); no attack,
  never through difficult terrain, in a straight line [EXT].
- ``step``: the 5-foot step, one square, beside a full attack; never with other movement [EXT].
- ``minimum``: one square whatever it costs, as a full-round action (§9.2); no attack.

One attack after moving is a standard action; a second attack makes it a full attack, which
allows only a 5-foot step. The diagonal counter runs across the whole turn (``path_state``).

>>> turn = Turn(creature="orc")
>>> movement_budget(turn, "Orc", 6, "double", heavy_armour=False, run_x3=True)
12
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from engine.core import IllegalAction
from engine.grid import PathState
from engine.grid.speed import allowance
from engine.core.text import _


class Turn(BaseModel):
    creature: str
    path_state: PathState = Field(default_factory=PathState)
    mode: str | None = None  # the biggest movement mode used: single, double, run, minimum
    stepped: bool = False
    attacks: int = 0
    attacked_after_moving: bool = False  # a move action then a standard action: nothing left

    @property
    def moved(self) -> bool:
        """Moved other than by a 5-foot step."""
        return self.mode is not None

    @property
    def spent(self) -> int:
        return self.path_state.spent


def _no(code: str, text: str) -> IllegalAction:
    return IllegalAction(code, text)


def movement_budget(turn: Turn, name: str, speed: int, mode: str, *, heavy_armour: bool,
                    run_x3: bool, disabled: bool = False) -> int:
    """Squares the creature may still move this turn in ``mode`` (single/double/run), or a
    refusal saying why that movement is not open to it now."""
    if turn.mode == "charge":
        raise _no("turn-spent", _('{name} charged this turn (a full-round action); only /end is left.',
                                  name=name))
    if turn.stepped:
        raise _no("five-foot-step", _("{name} took a 5-foot step this turn, so it can't move any further.",
                                      name=name))
    if turn.mode == "minimum":
        raise _no("turn-spent", _('{name} used its full round for minimum movement.', name=name))
    if turn.attacked_after_moving:
        raise _no("turn-spent", _('{name} has moved and attacked; only /end is left this turn.', name=name))
    if disabled and mode in ("double", "run"):
        raise _no("disabled", _('{name} is disabled (0 hp): it may take a single move or a standard action, '
                                'not both, and no full-round action.',
                                name=name))
    if disabled and turn.attacks:
        raise _no("disabled", _('{name} is disabled (0 hp) and has already acted this turn.', name=name))
    if turn.attacks >= 2:
        raise _no("full-attack", _('{name} made a full attack; the only movement left is a 5-foot step '
                                   '(mode:step).',
                                   name=name))
    if mode == "run":
        if turn.attacks:
            raise _no("run-after-attack", _("{name} has attacked this turn, so it can't run (a run is the "
                                            "whole round).",
                                            name=name))
        if turn.mode not in (None, "run"):
            raise _no("run-after-move", _("{name} has already moved this turn, so it can't run; a run is the "
                                          "whole round's movement (use mode:double).",
                                          name=name))
    elif turn.mode == "run":
        raise _no("already-ran", _('{name} is running this round; keep going with mode:run.', name=name))
    if mode == "double" and turn.attacks:
        raise _no("double-after-attack", _('{name} has attacked this turn; only a single move ({speed} '
                                           'squares) is left.',
                                           name=name, speed=speed))
    if mode == "single" and turn.mode == "double":
        mode = "double"  # a second move action continues the double move
    total = allowance(speed, "move" if mode == "single" else mode, heavy_armour=heavy_armour,
                      run_heavy_x3=run_x3)
    left = total - turn.spent
    if left <= 0:
        hint = _(" (mode:double allows {squares} in all)", squares=2 * speed) if mode == "single" and not turn.attacks else ""
        raise _no("no-movement-left", _('{name} has no movement left in a {mode_words}{hint}.',
                                        name=name, mode_words=_mode_words(mode), hint=hint))
    return left


def record_move(turn: Turn, mode: str, state_after: PathState) -> None:
    order = {None: 0, "single": 1, "double": 2, "run": 3, "minimum": 4, "charge": 5}
    if order[mode] > order[turn.mode]:
        turn.mode = mode
    turn.path_state = state_after


def check_special_move(turn: Turn, name: str, mode: str, disabled: bool) -> None:
    """Refusals for a 5-foot step or minimum movement beyond what the grid core checks."""
    if mode == "minimum":
        if turn.moved or turn.stepped or turn.attacks:
            raise _no("minimum-move", _("Minimum movement takes {name}'s full round; it has already acted this "
                                        "turn.",
                                        name=name))
        if disabled:
            raise _no("disabled", _('{name} is disabled (0 hp): no full-round actions.', name=name))
    if mode == "step" and turn.attacked_after_moving:
        raise _no("turn-spent", _('{name} has moved and attacked; only /end is left this turn.', name=name))


def check_attack(turn: Turn, name: str, disabled: bool) -> None:
    """May the creature whose turn it is attack (again)?"""
    if turn.mode == "charge":
        raise _no("no-attack", _("{name} charged this turn: the charge's one attack was its round.", name=name))
    if turn.mode in ("run", "minimum"):
        raise _no("no-attack", _("{name} spent its full round moving ({mode_words}), so it can't attack.",
                                 name=name, mode_words=_mode_words(turn.mode)))
    if turn.mode == "double":
        raise _no("no-attack", _("{name} used both its actions to move (a double move), so it can't attack.",
                                 name=name))
    if disabled and (turn.moved or turn.attacks):
        raise _no("disabled", _('{name} is disabled (0 hp) and has already acted this turn.', name=name))
    if turn.attacks and turn.moved:
        raise _no("no-attack", _('{name} moved this turn, so it has one attack (a standard action); a full '
                                 'attack allows only a 5-foot step.',
                                 name=name))


def check_charge(turn: Turn, name: str, disabled: bool) -> None:
    """A charge is a full-round action (3.5 §2.4): nothing else may come before it."""
    if turn.moved or turn.stepped or turn.attacks:
        raise _no("charge-late", _("A charge takes {name}'s whole round; it has already acted this turn.",
                                   name=name))
    if disabled:
        raise _no("disabled", _('{name} is disabled (0 hp): no full-round actions.', name=name))


def record_attack(turn: Turn) -> None:
    if turn.moved:
        turn.attacked_after_moving = True
    turn.attacks += 1


def _mode_words(mode: str | None) -> str:
    return {"single": _("single move"), "double": _("double move"), "run": _("run"),
            "minimum": _("minimum movement"), "step": _("5-foot step"), "charge": _("charge")}.get(mode or "", str(mode))
