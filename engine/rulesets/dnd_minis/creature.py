"""A creature in play: its card, where it stands and what has happened to it."""

from __future__ import annotations

from pydantic import BaseModel, Field

from engine.rulesets.dnd_minis.cards import StatCard

XY = tuple[int, int]

FOOTPRINT = {"tiny": 1, "small": 1, "medium": 1, "large": 2, "huge": 3, "gargantuan": 4, "colossal": 6}


class Creature(BaseModel):
    id: str
    card: StatCard
    side: str
    label: str
    square: XY | None = None  # top-left square of its space; None while off the board
    hp: int
    conditions: list[str] = Field(default_factory=list)
    morale_checked: bool = False  # the half-HP morale save happens once (AMB-7)
    routed: bool = False
    destroyed: bool = False
    activated: bool = False

    @classmethod
    def from_card(cls, card: StatCard, *, id: str, side: str, label: str | None = None) -> "Creature":
        if card.hp is None:
            raise ValueError(f"{card.name} has no hit points")
        return cls(id=id, card=card, side=side, label=label or card.name[:3].upper(), hp=card.hp)

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def max_hp(self) -> int:
        return self.card.hp or 0

    @property
    def span(self) -> int:
        return FOOTPRINT[self.card.size]

    @property
    def squares(self) -> list[XY]:
        if self.square is None:
            return []
        x0, y0 = self.square
        return [(x0 + dx, y0 + dy) for dy in range(self.span) for dx in range(self.span)]

    @property
    def on_board(self) -> bool:
        return self.square is not None and not self.destroyed

    @property
    def active(self) -> bool:
        """Able to threaten and act (rules §20.1): not routing, not out of play."""
        return self.on_board and not self.routed

    @property
    def bloodied(self) -> bool:
        """At or below half its printed hit points (the morale threshold)."""
        return self.hp * 2 <= self.max_hp
