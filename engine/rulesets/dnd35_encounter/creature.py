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
from typing import Any

from pydantic import BaseModel, Field

from engine.core.text import N_, Text, _, decimal, join, ngettext
from engine.grid import Body
from engine.grid.body import SizeName
from engine.rulesets.dnd35_encounter.conditions import canonical

XY = tuple[int, int]

REFEREE = "referee"
PARTY_SIDE = "party"
MONSTER_SIDE = "monsters"

TRAITS = ("incorporeal", "fills-space", "obstructs", "tumble")


def distance(squares: int, prefix: str = "") -> dict[str, Any]:
    """A distance of ``squares`` as a sentence's ``feet`` and ``metres`` (3.5: a square is 5 ft;
    the Italian 3.5 book's square is 1,5 metri, seed 003 L4, and its speeds are in metres, "9 m
    (6 quadretti)", L49). English says feet; the Italian and Hungarian catalogues say ``{metres}``
    where the key says ``{feet}``, written with the reader's decimal sign (``4,5`` in Italian);
    ``prefix`` names a second distance of the same sentence (``{range_feet}``, ``{range_metres}``)::

        >>> d = distance(3)
        >>> d["feet"], str(d["metres"]), str(distance(6)["metres"])
        (15, '4.5', '9')
    """
    return {f"{prefix}feet": squares * 5, f"{prefix}metres": decimal(squares * 1.5, "g")}


class Weapon(BaseModel):
    """One of a creature's attacks, as the referee describes it.

    ``reach`` marks a reach weapon (3.5 §10.3: a Large or larger wielder hits beyond its natural
    reach up to double it, and not at natural reach or closer); ``range`` (squares) makes it a
    ranged attack with that greatest range; otherwise it is a melee attack at natural reach.
    """

    name: str
    bonus: int = 0
    damage: str | None = None
    reach: bool = False
    range: int | None = Field(default=None, ge=1)

    @property
    def kind(self) -> str:
        return "ranged" if self.range is not None else "reach" if self.reach else "melee"

    def describe(self) -> str:
        parts = [self.name, f"{self.bonus:+d}"]
        if self.damage:
            parts.append(self.damage)
        if self.reach:
            parts.append("reach")
        if self.range is not None:
            parts.append(f"range {self.range} sq ({self.range * 5} ft)")
        return " ".join(parts)

    def said(self) -> Any:
        """:meth:`describe` in the reader's language: the referee's name, bonus and damage as
        typed, "reach" and the range said ("portata", "gittata 6 quadretti (9 m)")."""
        parts: list[Any] = [self.name, f"{self.bonus:+d}"]
        if self.damage:
            parts.append(self.damage)
        if self.reach:
            parts.append(_("reach"))
        if self.range is not None:
            parts.append(ngettext("range {n} sq ({feet} ft)", "range {n} sq ({feet} ft)", self.range,
                                  **distance(self.range)))
        return join(" ", parts)


# A creature's size and class as the log says them (the 3.5 Italian book's size table, seed 003
# L265-285: Piccolissima, Minuta, Minuscola, Piccola, Media, Grande, Enorme, Mastodontica,
# Colossale); the English names stay the state's.
SIZE_WORDS = {"fine": N_("fine"), "diminutive": N_("diminutive"), "tiny": N_("tiny"), "small": N_("small"),
              "medium": N_("medium"), "large": N_("large"), "huge": N_("huge"), "gargantuan": N_("gargantuan"),
              "colossal": N_("colossal")}
CLASS_WORDS = {"barbarian": N_("barbarian"), "monk": N_("monk")}


def size_word(size: str) -> Any:
    """A size in the reader's language (a Text), or as written when it is no size name.

    >>> str(size_word("large")), size_word("odd")
    ('large', 'odd')
    """
    return Text._make(SIZE_WORDS[size], None, None, {}, "dnd35") if size in SIZE_WORDS else size


def class_word(klass: str) -> Any:
    """A character class (barbarian, monk) in the reader's language, any other as typed."""
    return Text._make(CLASS_WORDS[klass], None, None, {}, "dnd35") if klass in CLASS_WORDS else klass


def slug(text: str) -> str:
    """``"Orc Chief" -> "orc-chief"``: how a creature is named in commands."""
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")


# Bodies already made, by everything they are made from (see Creature.body); cleared when full.
_BODIES: dict[tuple, Body] = {}
_BODIES_KEPT = 4096


class Creature(BaseModel):
    """One combatant. ``anchor`` is the top-left square of its space (big creatures)."""

    id: str
    name: str
    owner: str  # the seat that commands it: "referee" or "p1".."p6"
    anchor: XY
    size: SizeName = "medium"
    tall: bool = True
    speed: int = 6  # squares, after race, armour and class
    typed_speed: int | None = None  # the speed the referee gave, if any (it wins over the tables)
    heavy_armour: bool = False  # runs at x3 instead of x4 ([EXT] 3.5 §2.4)
    race: str | None = None
    armour: str = "none"
    reach: int | None = None  # natural reach in squares; None: from the size table
    fly: int | None = None  # fly speed in squares, used while it is flying
    klass: str | None = None  # character class, for class speed (barbarian, monk)
    level: int | None = None
    traits: list[str] = Field(default_factory=list)  # incorporeal, fills-space, obstructs, tumble
    attacks: list[Weapon] = Field(default_factory=list)
    shape: tuple[int, int] | None = None  # (w, h) while squeezed into a narrower block
    squeezed: bool = False  # its move ended in a space narrower than its own (3.5 §8)
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

    def is_(self, condition: str) -> bool:
        """Whether one of its labels names this condition (synonyms included)."""
        return any(canonical(c) == condition for c in self.conditions)

    @property
    def helpless(self) -> bool:
        return self.hp < 0 or self.is_("helpless")

    @property
    def flying(self) -> bool:
        return self.is_("flying")

    @property
    def in_narrow_space(self) -> bool:
        """Squeezed (3.5 §8, L149-151): by its last move, or as the referee says."""
        return self.squeezed or self.is_("squeezed")

    @property
    def move_speed(self) -> int:
        """Its speed now: the fly speed while flying, if it has one."""
        return self.fly if self.flying and self.fly is not None else self.speed

    def attack_modifiers(self) -> list[tuple[int, str]]:
        """What its own state adds to its attack rolls."""
        return [(-4, "squeezed")] if self.in_narrow_space else []

    def ac_modifiers(self) -> list[tuple[int, str]]:
        out = []
        if self.in_narrow_space:
            out.append((-4, "squeezed"))
        if self.is_("escaping"):
            out.append((-4, "Escape Artist"))
        if self.is_("charging"):
            out.append((-2, "charged"))
        return out

    @property
    def effective_ac(self) -> int:
        return self.ac + sum(m for m, _ in self.ac_modifiers())

    @property
    def can_act(self) -> bool:
        """Dying and dead creatures take no turns."""
        return self.hp >= 0

    def has(self, condition: str) -> bool:
        return any(c.casefold() == condition.casefold() for c in self.conditions)

    def body(self) -> Body:
        """The creature as the grid core sees it.

        Bodies are frozen values, kept by what they are made of: a move's path search asks for
        the bodies of all the others, and making them anew (and asking each condition in turn)
        was half of a replay's time.

        >>> orc = Creature(id="orc", name="Orc", owner="referee", anchor=(2, 3), hp=-1, max_hp=5,
        ...                conditions=["Flying"])
        >>> body = orc.body()
        >>> body == Body(id="orc", side=orc.side, anchor=(2, 3), name="Orc", helpless=True,
        ...              active=False, flying=True)
        True
        """
        labels = {canonical(c) for c in self.conditions}
        helpless = self.hp < 0 or "helpless" in labels
        shape = None if self.shape is None else (self.shape[0], self.shape[1])
        key = (self.id, self.side, (self.anchor[0], self.anchor[1]), self.name, self.size, self.tall,
               self.reach, helpless, shape, "flying" in labels,
               "incorporeal" in self.traits or "incorporeal" in labels, "fills-space" in self.traits,
               "obstructs" in self.traits, "escaping" in labels)
        found = _BODIES.get(key)
        if found is None:
            if len(_BODIES) >= _BODIES_KEPT:
                _BODIES.clear()
            found = _BODIES[key] = Body(
                id=self.id, side=self.side, anchor=key[2], name=self.name, size=self.size,
                tall=self.tall, natural_reach=self.reach, helpless=helpless, active=not helpless,
                shape=shape, flying=key[9], incorporeal=key[10], fills_space=key[11],
                obstructs_when_helpless=key[12], escape_artist=key[13])
        return found

    @property
    def squares(self) -> list[XY]:
        return self.body().squares

    def squares_at(self, anchor: XY) -> list[XY]:
        """Its full space with the anchor on ``anchor``."""
        return self.body().at(anchor).squares

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
        if self.squeezed and not self.is_("squeezed"):
            out.append("squeezed")
        return out + list(self.conditions)
