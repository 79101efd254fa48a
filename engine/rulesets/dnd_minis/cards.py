"""Stat cards: the printed record of a creature, as validated data.

One model serves both editions (the original starter rules, skirmish §3, and War Drums §2): a
field an edition does not print is simply left empty. Cards ship as JSON files under
``data/creatures`` and players may upload their own; :func:`load_card` refuses a bad card with
the field and the reason, and refuses any special ability the engine does not implement (never
ignored in play). Cards whose abilities are still being written wait in ``data/creatures-pending``.

>>> card = StatCard.model_validate({"id": "orc-mauler", "name": "Orc Mauler", "speed": 6,
...     "ac": 18, "hp": 55, "level": 6, "melee": [{"bonus": 11, "damage": 15}], "types": ["Orc"]})
>>> card.has_type("orc"), card.melee[0].bonus
(True, 11)
>>> StatCard.model_validate({"id": "kobold", "name": "Kobold", "speed": 6, "ac": 14, "hp": 10,
...     "melee": [{"bonus": 2, "damage": 5}], "types": ["Humanoid (Kobold)"],
...     "factions": ["any"]}).has_type("Kobold")
True
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from engine.core.errors import IllegalAction, quote, validation_problems
from engine.core.jsonfile import read_json
from engine.core.text import N_, Text, _, join, ngettext, commas, either, shipped_word

Size = Literal["tiny", "small", "medium", "large", "huge", "gargantuan", "colossal"]
SIZES: tuple[str, ...] = ("tiny", "small", "medium", "large", "huge", "gargantuan", "colossal")
Faction = Literal["LG", "CG", "LE", "CE"]
FACTIONS: tuple[str, ...] = ("LG", "CG", "LE", "CE")
Edition = Literal["starter", "war-drums"]
EDITIONS: tuple[str, ...] = ("starter", "war-drums")
EDITION_NAMES = {"starter": "the starter rules", "war-drums": "War Drums"}
Rarity = Literal["common", "uncommon", "rare", "very rare", "promo"]

ENERGIES: tuple[str, ...] = ("acid", "cold", "electricity", "fire", "sonic")
# Damage types a card may print (skirmish §3.1, §18.1; War Drums §10.4). "normal" is untyped.
DAMAGE_KINDS: tuple[str, ...] = ("normal", "magic", "negative", *ENERGIES)
# The eight ranges (War Drums §17.4; skirmish §21.4). The starter rules print "line" for "line 12".
RANGES: tuple[str, ...] = ("self", "touch", "range 6", "sight", "cone", "line 12", "your warband", "any warband")
AREAS: tuple[str, ...] = ("radius 2", "radius 4")
# Damage types and ranges as a player reads them. The card's own words stay English: the spell
# and ability code reads them back; only what is shown is translated. The Italian skirmish book
# prints the ranges in English (seeds/000: "self, touch, range 6, cone, line, sight, your warband,
# e any warband"), the Hungarian one translates them (seeds/002: "Self/önmaga", "Range 6/Hatótáv 6").
DAMAGE_KIND_NAMES = {"normal": N_("normal"), "magic": N_("magic"), "negative": N_("negative"), "acid": N_("acid"),
                     "cold": N_("cold"), "electricity": N_("electricity"), "fire": N_("fire"), "sonic": N_("sonic")}
RANGE_NAMES = {"self": N_("self"), "touch": N_("touch"), "range 6": N_("range 6"), "sight": N_("sight"),
               "cone": N_("cone"), "line 12": N_("line 12"), "line": N_("line"), "your warband": N_("your warband"),
               "any warband": N_("any warband")}


def damage_kind_name(kind: str) -> object:
    """A damage type as shown (``fire`` -> "fuoco" in Italian); an unknown word as it is.

    >>> damage_kind_name("fire"), damage_kind_name("holy")
    (Text('fire'), 'holy')
    """
    return Text(DAMAGE_KIND_NAMES[kind]) if kind in DAMAGE_KIND_NAMES else kind


def range_name(spell_range: str | None) -> object:
    """A spell's range as shown (``touch`` -> "érintés" in Hungarian); an unknown one as it is."""
    key = (spell_range or "").strip().casefold()
    return Text(RANGE_NAMES[key]) if key in RANGE_NAMES else spell_range
# Statistics a commander effect (or any flat modifier) may change.
Stat = Literal[
    "attack", "melee attack", "ranged attack", "damage", "melee damage", "ranged damage",
    "ac", "save", "morale", "speed", "hp", "initiative",
]

MAX_CARD_BYTES = 32 * 1024
_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
_EPIC_SUFFIX = re.compile(r"\s*\(epic\)\s*$", re.IGNORECASE)
_NUMBERED = re.compile(r"^(?P<name>.*?)\s*\+?(?P<value>-?\d+)$")
# Abilities a warband (not a battle) uses; warband.py implements them, so they need no registry entry.
WARBAND_LEVEL_EFFECTS = ("Warband Building",)


def _field(field: str, reason: str) -> Text:
    """A reason naming its field, e.g. "melee: ..." (engine.core.errors.validation_problems splits it)."""
    return _("{field}: {reason}", field=field, reason=reason)


def _either(names: list[str]) -> Text:
    """Names as alternatives, by the reader's CLDR "or" list: "a, b, or c", "a, b o c"."""
    return either(names)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _damage_kind(value: str) -> str:
    kind = value.strip().lower()
    if kind not in DAMAGE_KINDS:
        raise ValueError(_("'{value}' is not a damage type (use one of {kinds})", value=value, kinds=commas(DAMAGE_KINDS)))
    return kind


class DamagePart(_Strict):
    """Typed extra damage printed after a '+' (e.g. '+ 5 fire'): never doubled by a critical."""

    amount: int = Field(ge=0, le=500)
    kind: str = "fire"

    @field_validator("kind")
    @classmethod
    def _kind(cls, value: str) -> str:
        return _damage_kind(value)


class AttackEntry(_Strict):
    """One attack bonus with its damage, e.g. ``+10 (10)`` or ``+12 (10 magic + 5 fire)``.

    A card's several attacks (``+12/+7 (15/10)``) are several entries, in the printed order;
    each entry is a pair that is never split (skirmish W-01, W-02).

    >>> str(AttackEntry(bonus=12, damage=10, damage_kind="magic",
    ...                 bonus_damage=[DamagePart(amount=5, kind="fire")]).describe())
    '+12 (10 magic + 5 fire)'
    """

    bonus: int = Field(ge=-20, le=60)
    damage: int = Field(ge=0, le=500)
    damage_kind: str = "normal"  # 'magic' for damage that ignores DR
    bonus_damage: list[DamagePart] = Field(default_factory=list, max_length=4)
    range: int | None = Field(default=None, ge=1, le=100)  # ranged entries limited to N squares

    @field_validator("damage_kind")
    @classmethod
    def _kind(cls, value: str) -> str:
        return _damage_kind(value)

    def describe(self) -> str:
        """The entry as the log shows it; its damage types are said in the reader's language."""
        kind = "" if self.damage_kind == "normal" else join("", [" ", damage_kind_name(self.damage_kind)])
        extra = join("", [join("", [f" + {p.amount} ", damage_kind_name(p.kind)]) for p in self.bonus_damage])
        if self.range:
            return _("{bonus} ({damage}{kind}{extra}, {range} squares)", bonus=f"{self.bonus:+d}", damage=self.damage,
                     kind=kind, extra=extra, range=self.range)
        return join("", [f"{self.bonus:+d} ({self.damage}", kind, extra, ")"])


_REPLACES = {"attack": N_("replaces attack"), "move": N_("replaces move"), "attack and move": N_("replaces attack and move")}


class _EffectFormat(_Strict):
    """The printed ``(range; area; effects; DC #)`` of spells and spell-format abilities
    (Breath Weapon, Gaze Attack, Death Burst...): War Drums §17.2, skirmish §21.3."""

    range: str | None = None
    area: str | None = None
    damage: int | None = Field(default=None, ge=0, le=500)
    damage_kind: str | None = None
    effect: str = Field(default="", max_length=500)  # the rest of the printed text
    dc: int | None = Field(default=None, ge=1, le=60)
    negates: bool = False  # "DC # negates": a successful save avoids everything, damage included
    ignore_spell_resistance: bool = False
    replaces: Literal["attack", "move", "attack and move"] | None = None

    @field_validator("range")
    @classmethod
    def _range(cls, value: str | None) -> str | None:
        if value is None:
            return None
        text = " ".join(value.lower().split())
        text = {"line": "line 12", "6": "range 6"}.get(text, text)
        if text not in RANGES:
            raise ValueError(_("'{value}' is not a range (use one of {ranges})", value=value, ranges=commas(RANGES)))
        return text

    @field_validator("area")
    @classmethod
    def _area(cls, value: str | None) -> str | None:
        if value is None:
            return None
        text = " ".join(value.lower().split())
        if text not in AREAS:
            raise ValueError(_("'{value}' is not an area (use {areas})", value=value, areas=_either(list(AREAS))))
        return text

    @field_validator("damage_kind")
    @classmethod
    def _kind(cls, value: str | None) -> str | None:
        return None if value is None else _damage_kind(value)

    @property
    def entry(self) -> str:
        """The printed parameters in parentheses, e.g. ``(sight; radius 2; 30 fire damage; DC 16)``
        ("" when there are none): what ``spells.spell_for(name, entry, level)`` reads."""
        body = self.describe_format()
        return f"({body})" if body else ""

    def format_said(self) -> Text | str:
        """:meth:`describe_format` in the reader's language, part by part: the range and the
        damage type by their catalogue words, "replaces attack", "DC 17"; the printed
        ``effect`` as the card writes it.

        >>> AbilityRef(name="Breath Weapon", replaces="attack", range="cone", damage=30, damage_kind="acid", dc=17).format_said()
        join('; ', [Text('replaces attack'), Text('cone'), Text('{damage} {kind} damage', damage=30, kind=Text('acid')), Text('DC {dc}', dc=17)])
        """
        parts: list[Any] = []
        if self.replaces:
            parts.append(Text(_REPLACES[self.replaces]))
        if self.range:
            parts.append(range_name(self.range))
        if self.area:
            parts.append(self.area)
        if self.damage is not None:
            parts.append(_("{damage} damage", damage=self.damage) if self.damage_kind in (None, "normal")
                         else _("{damage} {kind} damage", damage=self.damage, kind=damage_kind_name(self.damage_kind)))
        if self.effect:
            parts.append(self.effect)
        if self.ignore_spell_resistance:
            parts.append(_("ignore Spell Resistance"))
        if self.dc is not None:
            parts.append(_("DC {dc} negates", dc=self.dc) if self.negates else _("DC {dc}", dc=self.dc))
        return join("; ", parts) if parts else ""

    def describe_format(self) -> str:
        """The parenthesised part as a card prints it, e.g. ``sight; radius 2; 30 fire damage; DC 16``."""
        parts: list[str] = []
        if self.replaces:
            parts.append(f"replaces {self.replaces}")
        if self.range:
            parts.append(self.range)
        if self.area:
            parts.append(self.area)
        if self.damage is not None:
            kind = "" if self.damage_kind in (None, "normal") else f" {self.damage_kind}"
            parts.append(f"{self.damage}{kind} damage")
        if self.effect:
            parts.append(self.effect)
        if self.ignore_spell_resistance:
            parts.append("ignore Spell Resistance")
        if self.dc is not None:
            parts.append(f"DC {self.dc}" + (" negates" if self.negates else ""))
        return "; ".join(parts)


class AbilityRef(_EffectFormat):
    """A special ability as printed: ``"Orc Foe"``, ``"Conceal 6"``, ``"Immune Acid"``,
    ``"Stunning Attack (DC 15)"``. The name is what the ability registry matches; the spell-format
    fields are filled for abilities printed like spells (Breath Weapon, Gaze Attack)."""

    name: str = Field(min_length=1, max_length=80)
    uses: int | None = Field(default=None, ge=1, le=20)  # check boxes on the card, if limited
    text: str = Field(default="", max_length=500)  # the card's own summary, shown to players


class SpellRef(_EffectFormat):
    """A spell (or psionic power) as printed: ``flame strike ❑ (sight; radius 2; 30 fire damage; DC 16)``.

    ``uses`` are its own check boxes; a sorcerer's spells have none and spend the card's
    per-level boxes (:attr:`StatCard.sorcerer_slots`); a psionic power has a ``pp`` cost paid
    from :attr:`StatCard.power_points`.
    """

    name: str = Field(min_length=1, max_length=80)
    uses: int | None = Field(default=None, ge=1, le=20)
    level: int | None = Field(default=None, ge=0, le=9)
    pp: int | None = Field(default=None, ge=0, le=100)


class CommanderEffect(_Strict):
    """One commander effect (War Drums §14.4; skirmish §9.5): what the card says, and where the
    rules give a shape, that shape as data.

    * ``stat``/``amount``: followers in command within 6 squares get ``amount`` on ``stat``
      (or, ``hostile``, enemies within 6 squares do — usually a penalty).
    * ``only``: the effect reaches only creatures with one of these types or names ("Elf").
    * ``includes_commanders``: the text names other commanders too (War Drums AMB-55).
    * ``grants``: followers gain these special abilities (each must be known to the registry).
    * ``name``: a named commander effect from the glossary (Tyrannical Morale +5, Enslave,
      Warband Building); Warband Building is applied by warband building itself.
    * ``warband_building``: with Warband Building, creatures of these types or names may join
      whatever faction symbols they show (never commanders).
    """

    text: str = Field(default="", max_length=500)
    name: str | None = Field(default=None, min_length=1, max_length=80)
    stat: Stat | None = None
    amount: int | None = Field(default=None, ge=-50, le=50)
    hostile: bool = False
    includes_commanders: bool = False
    only: list[str] = Field(default_factory=list, max_length=8)
    grants: list[str] = Field(default_factory=list, max_length=8)
    warband_building: list[str] = Field(default_factory=list, max_length=8)

    @field_validator("stat", mode="before")
    @classmethod
    def _stat(cls, value):
        return value.lower() if isinstance(value, str) else value

    @model_validator(mode="after")
    def _shape(self) -> "CommanderEffect":
        if (self.stat is None) != (self.amount is None):
            raise ValueError("give both 'stat' and 'amount' (e.g. stat 'melee attack', amount 2), or neither")
        if not (self.text or self.name or self.stat):
            raise ValueError("a commander effect needs its text, a name or a stat change")
        if self.warband_building and (self.name or "").casefold() != "warband building":
            raise ValueError("'warband_building' belongs to a commander effect named 'Warband Building'")
        return self

    def describe(self) -> str:
        if self.text:
            return self.text
        if self.stat is not None and self.amount is not None:
            amount = f"{self.amount:+d}"
            if self.only:
                only = commas(self.only)
                if self.hostile:
                    return _("enemies ({only} only) within 6 squares: {stat} {amount}", only=only, stat=self.stat,
                             amount=amount)
                return _("followers ({only} only) within 6 squares: {stat} {amount}", only=only, stat=self.stat,
                         amount=amount)
            if self.hostile:
                return _("enemies within 6 squares: {stat} {amount}", stat=self.stat, amount=amount)
            return _("followers within 6 squares: {stat} {amount}", stat=self.stat, amount=amount)
        return self.name or ""


class Minion(_Strict):
    """``Minions (2 Goblin Warriors)``: creatures that come free with this one (War Drums §23)."""

    card: str = Field(min_length=1, max_length=64)  # card id or name
    count: int = Field(default=1, ge=1, le=12)


class StatCard(_Strict):
    """Every field of a printed stat card that affects play (War Drums §2; skirmish §3),
    plus the printed fields without a game effect (set, number, rarity)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    def __deepcopy__(self, memo=None) -> "StatCard":
        # A printed card never changes during a game (what happens to a creature lives on the
        # Creature), so every copy of a game state shares its cards.
        return self

    id: str
    name: str = Field(min_length=1, max_length=60)
    editions: list[Edition] = Field(default_factory=lambda: ["starter", "war-drums"], min_length=1)
    factions: list[Faction] = Field(default_factory=list)  # "any" in a file means all four
    cost: int | None = Field(default=None, ge=0, le=1000)
    level: int | None = Field(default=None, ge=-5, le=40)
    speed: int = Field(ge=0, le=40)
    fly: bool = False  # the speed entry is marked as a flight speed
    ac: int = Field(ge=0, le=60)
    hp: int | None = Field(default=None, ge=1, le=1000)
    melee: list[AttackEntry] = Field(default_factory=list, max_length=8)
    ranged: list[AttackEntry] = Field(default_factory=list, max_length=8)
    types: list[str] = Field(default_factory=list, max_length=12)
    size: Size = "medium"
    commander: int | None = Field(default=None, ge=0, le=20)
    commander_effect: str = Field(default="", max_length=500)  # the printed text
    commander_effects: list[CommanderEffect] = Field(default_factory=list, max_length=6)
    abilities: list[AbilityRef] = Field(default_factory=list, max_length=30)
    spells: list[SpellRef] = Field(default_factory=list, max_length=30)
    sorcerer_slots: dict[int, int] = Field(default_factory=dict)  # spell level -> check boxes
    power_points: int | None = Field(default=None, ge=1, le=500)  # psionics
    minions: list[Minion] = Field(default_factory=list, max_length=6)
    unique: bool = False
    epic: bool = False  # the epic side of a card (War Drums §22.4)
    standard_side: str | None = None  # for an epic side: the id of the card's standard side
    set_name: str = Field(default="", max_length=60)
    number: str = Field(default="", max_length=12)  # collector number, e.g. "12/60"
    rarity: Rarity | None = None
    # Fields the rulebook leaves blank and we filled in, named so the README and /card say so.
    not_from_rulebook: list[str] = Field(default_factory=list)
    notes: str = Field(default="", max_length=1000)

    # ----- validation ------------------------------------------------------------------------
    @field_validator("id")
    @classmethod
    def _slug(cls, value: str) -> str:
        if not _SLUG.match(value):
            raise ValueError("must be lower-case letters, digits and dashes, e.g. 'orc-mauler'")
        return value

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        text = " ".join(value.split())
        if not text:
            raise ValueError("must not be blank")
        return text

    @field_validator("factions", mode="before")
    @classmethod
    def _factions(cls, value):
        if not isinstance(value, list):
            return value
        out: list[str] = []
        for item in value:
            if isinstance(item, str) and item.strip().lower() == "any":
                out.extend(FACTIONS)
                continue
            if isinstance(item, str) and item.strip().upper() in FACTIONS:
                out.append(item.strip().upper())
                continue
            raise ValueError(_("{item} is not a faction (use LG, CG, LE, CE or 'any')", item=quote(item)))
        return [f for f in FACTIONS if f in out]  # printed order, no repeats

    @field_validator("size", mode="before")
    @classmethod
    def _size(cls, value):
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("types")
    @classmethod
    def _types(cls, value: list[str]) -> list[str]:
        out = []
        for t in value:
            text = " ".join(t.split())
            if not text or len(text) > 40:
                raise ValueError(_("{type} is not a type keyword (1 to 40 letters, e.g. 'Humanoid (Kobold)')", type=quote(t)))
            if text.lower() in SIZES:
                raise ValueError(_("'{text}' is a size: put it in 'size', not in 'types'", text=text))
            out.append(text)
        return out

    @field_validator("sorcerer_slots")
    @classmethod
    def _slots(cls, value: dict[int, int]) -> dict[int, int]:
        for level, boxes in value.items():
            if not 0 <= level <= 9:
                raise ValueError(_("spell level {level} does not exist (levels run 0 to 9)", level=level))
            if not 1 <= boxes <= 20:
                raise ValueError(_("level {level} has {boxes} boxes (1 to 20)", level=level, boxes=boxes))
        return dict(sorted(value.items()))

    @field_validator("not_from_rulebook")
    @classmethod
    def _supplied(cls, value: list[str]) -> list[str]:
        for entry in value:
            head = entry.split(".", 1)[0]
            if head not in cls.model_fields:
                raise ValueError(_("'{entry}' is not a card field", entry=entry))
        return value

    @model_validator(mode="after")
    def _playable(self) -> "StatCard":
        if not self.melee:
            raise ValueError(_field("melee", _("a creature needs at least one melee attack entry")))
        if (self.commander_effect or self.commander_effects) and self.commander is None:
            raise ValueError(_field("commander_effects", _("only a commander (a card with a commander rating) has commander "
                                                           "effects")))
        if self.standard_side is not None and not self.epic:
            raise ValueError(_field("standard_side", _("only the epic side of a card names its standard side")))
        if self.standard_side is not None and not _SLUG.match(self.standard_side):
            raise ValueError(_field("standard_side", _("must be a card id such as 'balor'")))
        for spell in self.spells:
            if spell.pp is not None and self.power_points is None:
                raise ValueError(_field("spells", _("'{spell}' costs power points but the card has no power_points pool",
                                                     spell=spell.name)))
        if self.sorcerer_slots and not self.spells:
            raise ValueError(_field("sorcerer_slots", _("a card with sorcerer spell boxes needs its list of spells")))
        return self

    # ----- queries ---------------------------------------------------------------------------
    @property
    def type_keywords(self) -> set[str]:
        """Every type keyword, subtypes in parentheses included ("Humanoid (Kobold)" gives both)."""
        out: set[str] = set()
        for t in self.types:
            head, _, rest = t.partition("(")
            out.add(head.strip().casefold())
            for sub in rest.rstrip(")").split(","):
                if sub.strip():
                    out.add(sub.strip().casefold())
        return out

    def has_type(self, keyword: str) -> bool:
        return keyword.strip().casefold() in self.type_keywords

    def ability(self, name: str) -> AbilityRef | None:
        for ref in self.abilities:
            if ref.name.casefold() == name.casefold():
                return ref
        return None

    def ability_value(self, name: str) -> int | None:
        """The number printed with an ability, e.g. 4 for ``Difficult 4``; None if it lacks one.

        >>> StatCard.model_validate({"id": "m", "name": "Minotaur", "speed": 6, "ac": 16, "hp": 80,
        ...     "melee": [{"bonus": 12, "damage": 15}],
        ...     "abilities": [{"name": "Difficult 4"}]}).ability_value("difficult")
        4
        """
        for ref in self.abilities:
            match = _NUMBERED.match(ref.name)
            if match and match["name"].casefold() == name.casefold():
                return int(match["value"])
        return None

    def has_ability(self, name: str) -> bool:
        """Whether the card prints ``name``, with or without a number (``Difficult`` matches ``Difficult 4``)."""
        return self.ability(name) is not None or self.ability_value(name) is not None

    @property
    def is_unique(self) -> bool:
        """Unique, whether printed as the card's flag or as the ability "Unique"."""
        return self.unique or self.ability("Unique") is not None

    @property
    def unique_name(self) -> str:
        """The name Unique compares: the part before the comma ("Regdar, Adventurer" -> "Regdar").

        An epic side shares its creature's name: "Aspect of Moradin (Epic)" -> "Aspect of Moradin".
        """
        return _EPIC_SUFFIX.sub("", self.name.split(",", 1)[0]).strip()

    @property
    def any_faction(self) -> bool:
        """A card that can join any faction (all four symbols)."""
        return set(self.factions) == set(FACTIONS)

    @property
    def is_commander(self) -> bool:
        return self.commander is not None

    def effect_names(self) -> list[str]:
        """Names the ability registry must know: commander effects by name and what they grant."""
        names = []
        for ce in self.commander_effects:
            if ce.name and ce.name.casefold() not in {w.casefold() for w in WARBAND_LEVEL_EFFECTS}:
                names.append(ce.name)
            names.extend(ce.grants)
        return names

    def supplied(self, field: str) -> bool:
        """Whether Warband, not the rulebook, supplied this field's value."""
        return any(entry == field or entry.startswith(field + ".") for entry in self.not_from_rulebook)


# ----- loading ------------------------------------------------------------------------------
def _validation_message(exc: ValidationError, limit: int = 3) -> str:
    """``field: reason`` for the first few errors, in words a player can act on."""
    parts = [_field(where, why) for where, why in validation_problems(exc, default_field="card", limit=limit)]
    more = len(exc.errors()) - limit
    said = join("; ", parts)
    return join("", [said, ngettext(" (and {n} more)", " (and {n} more)", more)]) if more > 0 else said


# What makes a card unplayable is known to the abilities and spells, which sit above the cards
# (they read cards): they register the check here when they load (dnd_minis.playable), so the
# cards never import them back.
_UNPLAYABLE: list = []


def register_playability(unknown_names, problem) -> None:
    """Set the two checks :func:`load_card` applies: ``unknown_names(card)`` lists the abilities
    and effects Warband does not implement; ``problem(card)`` says what else it can't play."""
    _UNPLAYABLE[:] = [(unknown_names, problem)]


def _playability():
    if not _UNPLAYABLE:
        raise RuntimeError("the card playability checks are not registered (import engine.rulesets.dnd_minis)")
    return _UNPLAYABLE[0]


def parse_card(text: str | bytes, *, source: str = "card") -> StatCard:
    """Parse and validate a card file without consulting the ability registry."""
    if len(text) > MAX_CARD_BYTES:
        raise IllegalAction("bad-card", _('{source} is too large (over {amount} KiB).',
                                          source=source, amount=MAX_CARD_BYTES // 1024))
    data = read_json(text, code="bad-card", source=source)
    return card_from_data(data, source=source, check_abilities=False)


def card_from_data(data: Any, *, source: str = "card", check_abilities: bool = True) -> StatCard:
    """Validate already-parsed card data (one JSON object)."""
    if not isinstance(data, dict):
        raise IllegalAction("bad-card", _('{source}: card: the file must hold one JSON object', source=source))
    try:
        card = StatCard.model_validate(data)
    except ValidationError as exc:
        raise IllegalAction("bad-card", _('{source}: {validation_message}',
                                          source=source, validation_message=_validation_message(exc))) from None
    if card.hp is None:
        raise IllegalAction("bad-card", _('{source}: hp: a playable card needs hit points', source=source))
    if check_abilities:
        _check_known(card, source)
    return card


def _check_known(card: StatCard, source: str) -> None:
    unknown_names, problem_of = _playability()
    unknown = unknown_names(card)
    if unknown:
        raise IllegalAction(
            "unknown-ability",
            _("{source}: abilities: Warband does not implement {names}, so this card can't be played.",
              source=source, names=commas(unknown)),
        )
    problem = problem_of(card)
    if problem:
        raise IllegalAction("unknown-ability", _('{source}: {problem}', source=source, problem=problem))


def load_card(text: str | bytes, *, source: str = "card") -> StatCard:
    """Parse and validate an uploaded or shipped card, refusing anything the engine can't play."""
    card = parse_card(text, source=source)
    _check_known(card, source)
    return card


def _data_folder(name: str):
    return resources.files("engine.rulesets.dnd_minis") / "data" / name


@lru_cache(maxsize=1)
def data_texts() -> dict[str, str]:
    """The words the shipped cards show players beside the rules' own (#13): each card
    ability's text ("+5 damage against Orcs."), with the file it is in. Catalogue keys of the
    ``dnd_minis`` area (``scripts.catalogues`` adds them, so a new card file adds its words);
    an uploaded card's words are not among them and stay as its owner wrote them."""
    import json

    texts: dict[str, str] = {}
    for entry in sorted(_data_folder("creatures").iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            data = json.loads(entry.read_text(encoding="utf-8"))
            for ability in data.get("abilities") or []:
                text = ability.get("text") if isinstance(ability, dict) else None
                if isinstance(text, str) and text.strip():
                    texts.setdefault(text, f"engine/rulesets/dnd_minis/data/creatures/{entry.name}")
    return texts


# The placeholders whose value a sentence of this area says as a shipped card's text when it is
# one; any other placeholder (a creature's name) is said as written (bot.i18n.data_word).
DATA_WORD_PARAMS = frozenset({"text", "effect"})


def data_said(text: str) -> Text | str:
    """A shipped card's text in the reader's language; any other text as it is written.

    >>> data_said("+5 damage against Orcs.").msgid, data_said("My own rule.")
    ('+5 damage against Orcs.', 'My own rule.')
    """
    return shipped_word(text, data_texts(), "dnd_minis")


@lru_cache(maxsize=None)
def shipped_cards() -> dict[str, StatCard]:
    """Every creature card shipped with Warband, by id."""
    cards: dict[str, StatCard] = {}
    for entry in sorted(_data_folder("creatures").iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            card = load_card(entry.read_text(encoding="utf-8"), source=entry.name)
            if card.id in cards:
                raise IllegalAction("bad-card", _("{entry}: id: '{id}' is used by two cards",
                                                  entry=entry.name, id=card.id))
            cards[card.id] = card
    return cards


def pending_cards() -> dict[str, tuple[StatCard, list[str]]]:
    """Cards written but not yet playable: id -> (card, the ability names the engine still lacks).

    A card whose list comes back empty is ready to move to ``data/creatures``.
    """
    folder = _data_folder("creatures-pending")
    out: dict[str, tuple[StatCard, list[str]]] = {}
    if not folder.is_dir():
        return out
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            card = parse_card(entry.read_text(encoding="utf-8"), source=entry.name)
            out[card.id] = (card, _playability()[0](card))
    return out


def suggestions(word: str, names: list[str], n: int = 3) -> list[str]:
    """Close matches for a misspelt name, case-insensitively, best first.

    >>> suggestions("ork mauler", ["Orc Mauler", "Ogre", "Gnoll"])
    ['Orc Mauler']
    """
    folded = {name.casefold(): name for name in names}
    hits = difflib.get_close_matches(word.strip().casefold(), list(folded), n=n, cutoff=0.6)
    starts = [f for f in folded if f.startswith(word.strip().casefold()) and f not in hits]
    return [folded[h] for h in hits + starts][:n]


def did_you_mean(near: list[str]) -> Text | str:
    """The hint after a misspelt name: " Did you mean A or B?" (empty without a close match).

    >>> str(did_you_mean(["Orc Mauler", "Ogre"])), did_you_mean([])
    (' Did you mean Orc Mauler or Ogre?', '')
    """
    if not near:
        return ""
    return join("", [" ", _("Did you mean {names}?", names=_either(near))])


def find_card(name_or_id: str, catalog: Mapping[str, StatCard] | None = None) -> StatCard:
    """A card by id or by (case-insensitive) name, from ``catalog`` (default: the shipped cards).

    A unique name may be given without its title ("Regdar") only when one card matches.
    """
    cards = shipped_cards() if catalog is None else catalog
    key = " ".join(name_or_id.split())
    if key in cards:
        return cards[key]
    folded = key.casefold()
    for card in cards.values():
        if card.name.casefold() == folded or card.id == folded:
            return card
    titled = [c for c in cards.values() if c.unique_name.casefold() == folded]
    if len(titled) == 1:
        return titled[0]
    if len(titled) > 1:
        raise IllegalAction(
            "ambiguous-creature",
            _('{name_or_id} could be {names}: say which one.',
              name_or_id=quote(name_or_id), names=commas(sorted((c.name for c in titled)))),
        )
    near = suggestions(key, [c.name for c in cards.values()])
    hint = did_you_mean(near)
    raise IllegalAction("unknown-creature", _('There is no creature card called {name_or_id}.{hint}',
                                              name_or_id=quote(name_or_id), hint=hint))


def card_names(catalog: Mapping[str, StatCard] | None = None, prefix: str = "", limit: int = 25) -> list[str]:
    """Card names for autocomplete: those starting with ``prefix`` first, then those containing it."""
    cards = shipped_cards() if catalog is None else catalog
    p = prefix.strip().casefold()
    names = sorted(c.name for c in cards.values())
    first = [n for n in names if n.casefold().startswith(p)]
    inner = [n for n in names if p in n.casefold() and n not in first]
    return (first + inner)[:limit]
