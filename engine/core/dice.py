"""Dice expressions, rolled with the game's own :class:`Rng`.

Expressions are parsed and evaluated by the ``d20`` library (``1d20+5``, ``4d6kh3``,
``2d20kl1``...). ``d20`` draws from the module-level :mod:`random`; while one of our rolls is
being evaluated we hand it the game's generator instead, so every die in a game comes from the
seeded state and a game replays exactly.

>>> from engine.core.rng import Rng
>>> roll = roll_dice("1d20+5", Rng.from_seed(7), purpose="attack")
>>> roll.total == roll.dice[0] + 5
True
"""

from __future__ import annotations

import threading
from contextlib import contextmanager

import d20
import d20.expression as _d20_expression
from pydantic import BaseModel

from engine.core.errors import IllegalAction, quote
from engine.core.rng import Rng
from engine.core.text import _

MAX_EXPRESSION_LENGTH = 200
MAX_DICE_PER_ROLL = 1000

_swap_lock = threading.Lock()


class Roll(BaseModel):
    """One roll shown to players: what was rolled, each die, and the total."""

    expression: str
    dice: list[int]
    total: int
    detail: str = ""
    purpose: str = ""

    @property
    def natural(self) -> int:
        """The face of the first die (the 'natural' d20 of an attack or save)."""
        return self.dice[0]

    def describe(self) -> str:
        label = f"{self.purpose}: " if self.purpose else ""
        return f"{label}{self.detail or self.expression} = {self.total}"


class _RngAsRandom:
    """The small slice of the :mod:`random` module that ``d20`` calls."""

    def __init__(self, rng: Rng):
        self._rng = rng

    def randrange(self, *args):
        return self._rng.randrange(*args)

    def randint(self, low, high):
        return self._rng.randint(low, high)

    def random(self):  # pragma: no cover - d20 1.1.2 never calls it; kept for safety
        return self._rng.next_u64() / float(1 << 64)


@contextmanager
def _dice_from(rng: Rng):
    with _swap_lock:
        original = _d20_expression.random
        _d20_expression.random = _RngAsRandom(rng)
        try:
            yield
        finally:
            _d20_expression.random = original


def _collect_dice(node, out: list[int]) -> None:
    """Every die face in the order rolled, dropped ones included (players see them all)."""
    if isinstance(node, _d20_expression.Die):
        out.append(int(node.number))
        return
    if isinstance(node, _d20_expression.Dice):
        for die in node.values:
            _collect_dice(die, out)
        return
    for child in getattr(node, "children", []):
        _collect_dice(child, out)


def roll_dice(expression: str, rng: Rng, purpose: str = "") -> Roll:
    """Roll a dice expression with the game's generator.

    Raises :class:`IllegalAction` with a readable message for a malformed or oversized
    expression, without consuming any randomness.
    """
    text = (expression or "").strip()
    if not text:
        raise IllegalAction("bad-dice", _("Give a dice expression such as 1d20+5 or 2d6."))
    if len(text) > MAX_EXPRESSION_LENGTH:
        raise IllegalAction("bad-dice", _("That dice expression is too long (over {most} characters).",
                                          most=MAX_EXPRESSION_LENGTH))
    try:
        parsed = d20.parse(text)
    except d20.RollSyntaxError as exc:
        raise IllegalAction("bad-dice", _("I can't read the dice expression {dice}: {problem}", dice=quote(text),
                                          problem=str(exc))) from None
    # Roll with a scratch copy first so a too-large roll costs the game nothing.
    scratch = rng.model_copy()
    roller = d20.Roller(context=d20.RollContext(max_rolls=MAX_DICE_PER_ROLL))
    try:
        with _dice_from(scratch):
            result = roller.roll(parsed, stringifier=d20.SimpleStringifier())
    except d20.TooManyRolls:
        raise IllegalAction("bad-dice", _("That expression rolls more than {most} dice.", most=MAX_DICE_PER_ROLL)) from None
    except d20.RollError as exc:
        raise IllegalAction("bad-dice", _("I can't roll {dice}: {problem}", dice=quote(text), problem=str(exc))) from None
    rng.state, rng.draws = scratch.state, scratch.draws
    dice: list[int] = []
    _collect_dice(result.expr, dice)
    return Roll(
        expression=text,
        dice=dice,
        total=int(result.total),
        detail=result.result.rsplit(" = ", 1)[0],
        purpose=purpose,
    )


def roll_d20(rng: Rng, modifier: int = 0, purpose: str = "") -> Roll:
    """A single d20 plus a flat modifier, the only die the miniatures games use."""
    expression = "1d20" if modifier == 0 else f"1d20{modifier:+d}"
    return roll_dice(expression, rng, purpose=purpose)
