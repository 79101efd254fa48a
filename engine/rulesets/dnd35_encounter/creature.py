"""A creature in a D&D 3.5 encounter: who owns it, where it stands, its hit points.

Hit point thresholds follow the 3.5 Player's Handbook: at 0 a creature is *disabled*, from
-1 to -9 it is *dying* (unconscious, so helpless), at -10 or below it is *dead*.

>>> orc = Creature(id="orc", name="Orc", owner="referee", anchor=(2, 3), hp=6, max_hp=6, ac=13)
>>> orc.hp = -3
>>> orc.health, orc.helpless, orc.can_act
('dying', True, False)
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from engine.grid import Body
from engine.grid.body import SizeName

XY = tuple[int, int]

REFEREE = "referee"
PARTY_SIDE = "party"
MONSTER_SIDE = "monsters"

# Free-text conditions the engine understands as "helpless" (3.5: an opponent may be passed,
# and stopped on, when it is helpless). Any other label is shown on the token and nothing more.
HELPLESS_CONDITIONS = frozenset({
    "helpless", "unconscious", "asleep", "sleeping", "paralyzed", "paralysed", "bound", "held",
    "pinned",
})


def slug(text: str) -> str:
    """``"Orc Chief" -> "orc-chief"``: how a creature is named in commands."""
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")


class Creature(BaseModel):
    """One combatant. ``anchor`` is the top-left square of its space (big creatures)."""

    id: str
    name: str
    owner: str  # the seat that commands it: "referee" or "p1".."p6"
    anchor: XY
    size: SizeName = "medium"
    tall: bool = True
    speed: int = 6  # squares
    heavy_armour: bool = False  # runs at x3 instead of x4 ([EXT] 3.5 §2.4)
    race: str | None = None
    armour: str = "none"
    reach: int | None = None  # natural reach in squares; None: from the size table
    hp: int
    max_hp: int
    ac: int = 10
    init_mod: int = 0
    initiative: int | None = None  # the initiative check result, once rolled
    conditions: list[str] = Field(default_factory=list)
    acted: bool = False  # has had its turn this round

    @property
    def side(self) -> str:
        """Friend or foe for movement: the referee's creatures against the players'."""
        return MONSTER_SIDE if self.owner == REFEREE else PARTY_SIDE

    @property
    def health(self) -> str:
        if self.hp <= -10:
            return "dead"
        if self.hp < 0:
            return "dying"
        if self.hp == 0:
            return "disabled"
        return "ok"

    @property
    def helpless(self) -> bool:
        return self.hp < 0 or any(c.casefold() in HELPLESS_CONDITIONS for c in self.conditions)

    @property
    def can_act(self) -> bool:
        """Dying and dead creatures take no turns."""
        return self.hp >= 0

    def has(self, condition: str) -> bool:
        return any(c.casefold() == condition.casefold() for c in self.conditions)

    def body(self) -> Body:
        """The creature as the grid core sees it."""
        return Body(id=self.id, side=self.side, anchor=self.anchor, name=self.name, size=self.size,
                    tall=self.tall, natural_reach=self.reach, helpless=self.helpless,
                    active=not self.helpless)

    @property
    def squares(self) -> list[XY]:
        return self.body().squares

    @property
    def label(self) -> str:
        """Short token text: ``"Orc Chief" -> "ORC"``, ``"orc-2" -> "OR2"``."""
        letters = re.sub(r"[^A-Za-z]", "", self.name).upper() or self.id.upper()
        digits = re.search(r"(\d+)$", self.id)
        if digits:
            tail = digits.group(1)[-2:]
            return letters[: max(1, 3 - len(tail))] + tail
        return letters[:3]

    def badges(self) -> list[str]:
        """What the token shows: its hit point state below 1, then the free-text conditions."""
        out = [] if self.health == "ok" else [self.health.upper()]
        return out + list(self.conditions)
