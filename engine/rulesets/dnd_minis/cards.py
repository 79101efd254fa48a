"""Stat cards: the printed record of a creature, as validated data.

One model serves both editions (the original starter rules and War Drums): a field an edition
does not print is simply left empty. Cards ship as JSON files under ``data/creatures`` and
players may upload their own; :func:`load_card` refuses a bad card with the field and reason,
and refuses any special ability the engine does not implement (never ignored in play).

>>> card = StatCard.model_validate({"id": "orc-mauler", "name": "Orc Mauler", "speed": 6,
...     "ac": 18, "hp": 55, "level": 6, "melee": [{"bonus": 11, "damage": 15}], "types": ["Orc"]})
>>> card.has_type("orc"), card.melee[0].bonus
(True, 11)
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from engine.core.errors import IllegalAction

Size = Literal["tiny", "small", "medium", "large", "huge", "gargantuan", "colossal"]
Faction = Literal["LG", "CG", "LE", "CE"]
Edition = Literal["starter", "war-drums"]

MAX_CARD_BYTES = 32 * 1024
_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")


class DamagePart(BaseModel):
    """Typed extra damage printed after a '+' (e.g. '+ 5 fire'): never doubled by a critical."""

    model_config = ConfigDict(extra="forbid")
    amount: int = Field(ge=0, le=500)
    kind: str = "fire"


class AttackEntry(BaseModel):
    """One attack bonus with its damage, e.g. ``+10 (10)``."""

    model_config = ConfigDict(extra="forbid")
    bonus: int = Field(ge=-20, le=60)
    damage: int = Field(ge=0, le=500)
    damage_kind: str = "normal"  # 'magic' for damage that ignores DR
    bonus_damage: list[DamagePart] = Field(default_factory=list)
    range: int | None = Field(default=None, ge=1, le=100)  # ranged entries limited to N squares

    def describe(self) -> str:
        extra = "".join(f" + {p.amount} {p.kind}" for p in self.bonus_damage)
        return f"{self.bonus:+d} ({self.damage}{extra})"


class AbilityRef(BaseModel):
    """A special ability as printed: ``"Orc Foe"``, ``"Conceal 6"``, ``"Immune Acid"``."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=80)
    uses: int | None = Field(default=None, ge=1, le=20)  # check boxes on the card, if limited
    text: str = Field(default="", max_length=500)  # the card's own summary, shown to players


class SpellRef(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=80)
    uses: int | None = Field(default=None, ge=1, le=20)
    level: int | None = Field(default=None, ge=0, le=9)


class StatCard(BaseModel):
    """Every field of a printed stat card that affects play (rules files §2)."""

    model_config = ConfigDict(extra="forbid")

    id: str
    name: str = Field(min_length=1, max_length=60)
    editions: list[Edition] = Field(default_factory=lambda: ["starter", "war-drums"])
    factions: list[Faction] = Field(default_factory=list)
    cost: int | None = Field(default=None, ge=0, le=1000)
    level: int | None = Field(default=None, ge=-5, le=40)
    speed: int = Field(ge=0, le=40)
    fly: bool = False
    ac: int = Field(ge=0, le=60)
    hp: int | None = Field(default=None, ge=1, le=1000)
    melee: list[AttackEntry] = Field(default_factory=list, max_length=8)
    ranged: list[AttackEntry] = Field(default_factory=list, max_length=8)
    types: list[str] = Field(default_factory=list, max_length=12)
    size: Size = "medium"
    commander: int | None = Field(default=None, ge=0, le=20)
    commander_effect: str = Field(default="", max_length=500)
    abilities: list[AbilityRef] = Field(default_factory=list, max_length=30)
    spells: list[SpellRef] = Field(default_factory=list, max_length=30)
    unique: bool = False
    # Fields the rulebook leaves blank and we filled in, named so the README and /card say so.
    not_from_rulebook: list[str] = Field(default_factory=list)
    notes: str = Field(default="", max_length=1000)

    @field_validator("id")
    @classmethod
    def _slug(cls, value: str) -> str:
        if not _SLUG.match(value):
            raise ValueError("must be lower-case letters, digits and dashes, e.g. 'orc-mauler'")
        return value

    @model_validator(mode="after")
    def _playable(self) -> "StatCard":
        if not self.melee:
            raise ValueError("a creature needs at least one melee attack entry")
        return self

    def has_type(self, keyword: str) -> bool:
        return keyword.casefold() in {t.casefold() for t in self.types}

    def ability(self, name: str) -> AbilityRef | None:
        for ref in self.abilities:
            if ref.name.casefold() == name.casefold():
                return ref
        return None


def _validation_message(exc: ValidationError) -> str:
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "card"
    return f"{where}: {first['msg']}"


def load_card(text: str | bytes, *, source: str = "card") -> StatCard:
    """Parse and validate an uploaded or shipped card, refusing anything the engine can't play."""
    from engine.rulesets.dnd_minis.abilities import unknown_abilities

    if len(text) > MAX_CARD_BYTES:
        raise IllegalAction("bad-card", f"{source} is too large (over {MAX_CARD_BYTES // 1024} KiB).")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise IllegalAction("bad-card", f"{source} is not valid JSON: {exc}") from None
    try:
        card = StatCard.model_validate(data)
    except ValidationError as exc:
        raise IllegalAction("bad-card", f"{source}: {_validation_message(exc)}") from None
    if card.hp is None:
        raise IllegalAction("bad-card", f"{source}: hp: a playable card needs hit points")
    unknown = unknown_abilities(card)
    if unknown:
        raise IllegalAction(
            "unknown-ability",
            f"{source}: abilities: Warband does not implement {', '.join(unknown)}, "
            "so this card can't be played.",
        )
    return card


@lru_cache(maxsize=None)
def shipped_cards() -> dict[str, StatCard]:
    """Every creature card shipped with Warband, by id."""
    folder = resources.files("engine.rulesets.dnd_minis") / "data" / "creatures"
    cards: dict[str, StatCard] = {}
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            card = load_card(entry.read_text(encoding="utf-8"), source=entry.name)
            cards[card.id] = card
    return cards


def find_card(name_or_id: str) -> StatCard:
    """A shipped card by id or by (case-insensitive) name."""
    cards = shipped_cards()
    key = name_or_id.strip()
    if key in cards:
        return cards[key]
    for card in cards.values():
        if card.name.casefold() == key.casefold():
            return card
    raise IllegalAction("unknown-creature", f"There is no creature card called {name_or_id!r}.")
