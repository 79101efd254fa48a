"""The arithmetic of casting and dispelling (§9.1, §9.5, §9.7-9.12, §22 Wizard Conclave):
level bonuses, the Magic Flux and Channel, a casting or dispel total with Insufficient Power
and Overwhelming Power, and the Miscast table. No state, no dice of its own: the phase
(:mod:`.magic`) rolls and passes the natural faces in.

>>> level_bonus(0), level_bonus(2), level_bonus(3)
(0, 1, 2)
>>> flux(5, 3), flux(6, 6)
((8, 5), (12, 6))
>>> channels(4, 3), channels(5, 1), channels(6, 1)
(True, False, True)
>>> t = attempt([2], modifiers=2)  # E-50: a single die of 2 always fails
>>> t.insufficient, t.total
(True, 4)
>>> t = attempt([6, 6], modifiers=1, d3_face=3)  # 12, Overwhelming Power D3 (2) + 2 dice, +1 level
>>> t.overwhelming, t.op_bonus, t.total
(True, 4, 17)
>>> conclave_bonus(models=21, minimum=10)  # E-37: +1 level, two groups of 5 above the minimum
3
>>> miscast_result(3), miscast_result(7), miscast_result(11)
('Breach in the Veil', 'Witchfire', 'Amnesia')
"""

from __future__ import annotations

from engine.core.text import N_, Text, _, join as text_join, commas
from dataclasses import dataclass

from engine.rulesets.ninth_age.dice import d3

MAX_CAST_DICE = 5
MAX_DICE_PER_PHASE = 12
MAX_GENERATED = 2  # magic dice a side may generate beyond the Flux in one phase
CHANNEL_TARGET = 7
CONCLAVE_CAP = 4


def level_bonus(level: int) -> int:
    """+1 for an Apprentice (1-2), +2 for a Master (3-4); Level 0 has none ([A-15])."""
    if level <= 0:
        return 0
    return 1 if level <= 2 else 2


def title(level: int) -> str:
    return _("Wizard Master") if level >= 3 else _("Wizard Apprentice") if level >= 1 else _("Level 0 wizard")


def flux(a: int, b: int) -> tuple[int, int]:
    """Power dice are the sum of the 2D6, dispel dice the higher die."""
    return a + b, max(a, b)


def channels(face: int, channellers: int) -> bool:
    """A Channel attempt: D6 + 1 per non-fleeing model with Channel, 7 or more adds a die."""
    return face + channellers >= CHANNEL_TARGET


def conclave_bonus(models: int, minimum: int, level: int = 1) -> int:
    """The Wizard Conclave champion's casting bonus: its level bonus, +1 per full 5 models above
    the unit's minimum size (other characters not counted), at most +4 in all."""
    groups = max(0, models - minimum) // 5
    return min(CONCLAVE_CAP, level_bonus(level) + groups)


@dataclass(frozen=True)
class Attempt:
    """One casting or dispel roll: the natural faces and what they make."""

    dice: tuple[int, ...]
    modifiers: int  # level bonus, items... (0 once concentration is broken, or for bound spells)
    overwhelming: bool  # two or more natural 6s
    op_bonus: int  # D3 + PDU when Overwhelming Power counts (0 with broken concentration / bound)
    d3_face: int | None
    insufficient: bool  # one die showing 1 or 2: fails whatever the modifiers
    source: object = None  # the words naming the modifiers ("Wizard Apprentice"), shown with them

    @property
    def natural(self) -> int:
        return sum(self.dice)

    @property
    def total(self) -> int:
        return self.natural + self.op_bonus + self.modifiers

    def reaches(self, value: int) -> bool:
        return not self.insufficient and self.total >= value

    def describe(self) -> str:
        parts = [_("{join} = {natural}", join='+'.join(map(str, self.dice)), natural=self.natural)]
        if self.overwhelming:
            parts.append(text_join("", [_("Overwhelming Power +{op_bonus}", op_bonus=self.op_bonus), (_(" (D3 {d3} + {count} dice)", d3=d3(self.d3_face), count=len(self.dice)) if self.op_bonus else _(" (no bonus)"))]))
        if self.modifiers:
            parts.append(text_join("", [f"{self.modifiers:+d}", _(" ({source})", source=self.source)]) if self.source
                         else f"{self.modifiers:+d}")
        text = text_join("", [commas(parts), _(" → {total}", total=self.total)])
        if self.insufficient:
            text = text_join("", [text, _(" (one die of 1 or 2: Insufficient Power, it fails)")])
        return text


def attempt(dice: list[int], *, modifiers: int = 0, d3_face: int | None = None, broken: bool = False,
            bound: bool = False, ignore_insufficient: bool = False, source: object = None) -> Attempt:
    """A casting or dispel total. ``d3_face`` is the D6 rolled for the Overwhelming Power D3
    (needed only when two or more dice show 6). A wizard whose concentration is broken adds no
    bonus at all; a bound spell adds nothing to its dice (a ruling: the D3 + PDU is a bonus too)."""
    overwhelming = sum(1 for f in dice if f == 6) >= 2
    op = 0
    if overwhelming and not broken and not bound:
        if d3_face is None:
            raise ValueError(_("Overwhelming Power needs its D3"))
        op = d3(d3_face) + len(dice)
    mods = 0 if (broken or bound) else modifiers
    insufficient = len(dice) == 1 and dice[0] <= 2 and not ignore_insufficient
    return Attempt(tuple(dice), mods, overwhelming, op, d3_face, insufficient, source if mods else None)


MISCAST_TABLE = ((2, 4, N_("Breach in the Veil")), (5, 6, N_("Catastrophic Detonation")), (7, 7, N_("Witchfire")),
                 (8, 9, N_("Backlash")), (10, 12, N_("Amnesia")))


def miscast_word(result: str) -> Text:
    """A Miscast table result in the reader's language."""
    return Text(result)


def miscast_result(total: int) -> str:
    for low, high, name in MISCAST_TABLE:
        if low <= total <= high:
            return name
    raise ValueError(_("a 2D6 total is 2-12, not {total}", total=total))


def miscast_strength(pdu: int) -> int:
    """Every miscast hit is Strength PDU + 2 with Armour Piercing (1)."""
    return min(10, pdu + 2)
