"""The dice of The Ninth Age (§0.1, §1.1): D6 tests of "X+", the D3 read off a D6, and rolls
whose every die remembers whether it has been re-rolled, since a die may be re-rolled only once
whatever the source (random-direction rolls aside, which never use these dice).

>>> needs(2, 3), needs(3, 3)
(False, True)
>>> [d3(face) for face in range(1, 7)]
[1, 1, 2, 2, 3, 3]
>>> natural_six_on_d3(5), natural_six_on_d3(6)
(False, True)
>>> Dice.of([4, 6]).total, Dice.of([4, 6]).reroll(lambda n: [3, 6], "Hold Your Ground").total
(10, 9)
"""

from __future__ import annotations

from engine.core.text import _
from typing import Callable

from pydantic import BaseModel, Field

from engine.core import IllegalAction, roll_dice
from engine.core.rng import Rng

D3_OF_D6 = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}

Roller = Callable[[int], list[int]]  # n -> n natural D6 faces


def needs(face: int, target: int) -> bool:
    """A D6 test of "target+": met when the die shows target or more."""
    return face >= target


def d3(face: int) -> int:
    """The D3 a D6 gives: halved, rounding up."""
    return D3_OF_D6[face]


def natural_six_on_d3(face: int) -> bool:
    """"A natural 6 on the D3" is met only when the D6 itself shows 6 (a 5 also gives D3 = 3)."""
    return face == 6


def d6_roller(rng: Rng, purpose: str) -> Roller:
    """Natural D6 faces from the game's generator."""
    def roll(n: int) -> list[int]:
        return list(roll_dice(f"{n}d6", rng, purpose=purpose).dice) if n else []
    return roll


class Die(BaseModel):
    face: int = Field(ge=1, le=6)
    rerolled: bool = False
    source: str = ""  # what re-rolled it


class Dice(BaseModel):
    """Several D6 rolled together (a 2D6 Leadership test, casting dice); re-rolling replaces the
    chosen dice and marks them, and a marked die may not be re-rolled again (§1.1)."""

    dice: list[Die]

    @classmethod
    def of(cls, faces: list[int]) -> "Dice":
        return cls(dice=[Die(face=f) for f in faces])

    @classmethod
    def roll(cls, n: int, roller: Roller) -> "Dice":
        return cls.of(roller(n))

    @property
    def faces(self) -> list[int]:
        return [d.face for d in self.dice]

    @property
    def total(self) -> int:
        return sum(self.faces)

    def reroll(self, roller: Roller, source: str, which: list[int] | None = None) -> "Dice":
        """Re-roll the dice at ``which`` (all by default) for ``source``; refused, changing
        nothing, if any of them was re-rolled already."""
        which = list(range(len(self.dice))) if which is None else which
        done = [i for i in which if self.dice[i].rerolled]
        if done:
            first = self.dice[done[0]]
            raise IllegalAction("already-rerolled", _("{source} cannot re-roll: that die was already re-rolled ({source2}), and a die may be re-rolled only once (§1.1).", source=source, source2=first.source))
        new = roller(len(which))
        dice = list(self.dice)
        for i, face in zip(which, new):
            dice[i] = Die(face=face, rerolled=True, source=source)
        return Dice(dice=dice)
