"""Army lists as validated data: profiles, troop types, equipment, special rules, magic items,
wizards; every field checked when a file is read, with the field and the reason.

An army file (JSON) is the Army List of §2.1: every unit with its options and points, plus the
army-book content the rulebook does not define (``extra_rules``: names of army-book special
rules the list uses; ``lores``: the wizard lores its wizards may know). Composition (§2.2-2.3)
is checked separately by :mod:`.composition`, which names every broken rule at once.

>>> army = load_army_text(sample_army_text("iron-marches"))
>>> army.name, len(army.units) >= 6
('The Iron Marches', True)
>>> load_army_text('{"name": "X", "points_limit": 2500, "units": [{"name": "A", "category": "core",'
...     ' "points": 10, "troop_type": "infantry", "models": 10, "base": [20, 20],'
...     ' "parts": [{"name": "A", "M": 4, "WS": 3, "BS": 3, "S": 11, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7}]}]}')
Traceback (most recent call last):
...
engine.core.errors.IllegalAction: army file: units.0.parts.0.S: must be at most 10, not 11
"""

from __future__ import annotations

from engine.core.text import N_, Text, _, commas, decimal
import json
import re
from importlib import resources
from typing import Any, Literal

from pydantic import ConfigDict, Field, ValidationError, ValidationInfo, field_validator, model_validator

from engine.core.errors import IllegalAction, validation_problems
from engine.rulesets.ninth_age.file_model import FILE, FileModel
from engine.rulesets.ninth_age.characteristics import characteristic_changes
from engine.rulesets.ninth_age.spell_effects import BoundSpell, SpellEffect, vortex_of
from engine.rulesets.ninth_age.catalogue import (
    data_said,
    CARRIED_RANGED, CHARACTER_CATEGORIES, EQUIPMENT, TROOP_TYPES, MagicItem, TroopType, extra_rule_problem, rule_name, rule_param, rule_problem,
)
from engine.rulesets.ninth_age.items import BODY_ARMOUR, HOOD, BookItem, army_catalogue, unit_item_problems
from engine.rulesets.ninth_age.items import catalogue as item_catalogue

Characteristic = Field(ge=0, le=10)
MAX_ARMY_BYTES = 256 * 1024
MOVEMENT_ITEMS = {"banner of speed": 1}  # item -> +M (§23.8)
# item -> the rules its bearer has (§23.6): the Flying Carpet's Fly, the Wizard's Hood's Stupidity
ITEM_GRANTED_RULES = {"flying carpet": ("Fly (6)",), HOOD: ("Stupidity",)}



class Strict(FileModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    never_true_for_a_number = True


class Part(Strict):
    """One model part's profile (a rider, a mount, a crew member, a machine)."""

    name: str = Field(min_length=1, max_length=40)
    M: int = Characteristic
    WS: int = Characteristic
    BS: int = Characteristic
    S: int = Characteristic
    T: int = Characteristic
    W: int = Characteristic
    I: int = Characteristic  # noqa: E741 - the rulebook's own abbreviation
    A: int = Characteristic
    Ld: int = Characteristic
    role: Literal["model", "rider", "mount", "crew", "machine", "draught"] = "model"
    special_rules: list[str] = Field(default_factory=list)

    def value(self, characteristic: str) -> int:
        return getattr(self, characteristic)


class Upgrade(Strict):
    """An army-list upgrade: it changes the profile (counted as unmodified, §1.9) and may be
    Unique or One per Army (§2.2)."""

    name: str = Field(min_length=1, max_length=60)
    points: int = Field(default=0, ge=0)
    profile: dict[str, int] = Field(default_factory=dict)  # e.g. {"S": 1} for a veteran upgrade
    unique: bool = False  # "Unico": once, twice in a Grand Army (§2.2)
    one_per_army: bool = False  # "Uno per esercito": once, whatever the army's size (§2.2)

    @field_validator("profile")
    @classmethod
    def _chars(cls, v: dict[str, int]) -> dict[str, int]:
        return characteristic_changes(v)


class Wizard(Strict):
    level: int = Field(ge=1, le=4)
    lore: str = Field(min_length=1, max_length=40)


# §14.3: the troop type a model takes when it rides one of these, and what a model mounted on any
# other troop type gains
RIDDEN_BECOMES = {"war beast": "cavalry", "monstrous beast": "monstrous cavalry", "monster": "ridden monster"}
MOUNTED_RULES = ("Combined Profile", "Cavalry Support")


class Command(Strict):
    champion: bool = False
    musician: bool = False
    standard: bool = False
    veteran: bool = False  # the standard bearer promoted Veteran Standard Bearer (§17.4)
    # ranged weapons the Champion carries besides the unit's (an army book's option): it shoots with
    # any of them, the rank and file all with one (§10.3: "campioni e Personaggi sono liberi di
    # utilizzare qualsiasi tipo di arma da tiro desiderino")
    champion_weapons: list[str] = Field(default_factory=list, max_length=3)

    @field_validator("champion_weapons")
    @classmethod
    def _champion_weapons(cls, v: list[str]) -> list[str]:
        carried = sorted(CARRIED_RANGED)
        out = []
        for item in v:
            key = item.strip().lower()
            if key not in carried:
                raise ValueError(_("{item!r} is not a ranged weapon a Champion carries ({join})", item=item,
                                   join=commas(carried)))
            if key in out:
                raise ValueError(_("{item!r} is listed twice", item=item))
            out.append(key)
        return out

    @model_validator(mode="after")
    def _champion_armed(self) -> "Command":
        if self.champion_weapons and not self.champion:
            raise ValueError(_("champion_weapons: the unit has no Champion (champion: true) to carry them"))
        return self


class Unit(Strict):
    """One entry of the army list: a unit, or a character (category lord or hero)."""

    name: str = Field(min_length=1, max_length=40)
    choice: str = ""  # the army-book choice it was taken from (duplicates count by it); default name
    category: Literal["lord", "hero", "core", "special", "rare"]
    points: int = Field(ge=0, le=5000)
    troop_type: str
    models: int = Field(ge=1, le=200)
    files: int | None = Field(default=None, ge=1, le=60)
    base: tuple[float, float] = Field(description="front width x depth in mm")
    round_base: bool = False
    parts: list[Part] = Field(min_length=1, max_length=8)
    equipment: list[str] = Field(default_factory=list)
    special_rules: list[str] = Field(default_factory=list)
    command: Command = Field(default_factory=Command)
    magic_items: list[str] = Field(default_factory=list)
    # points of magic items the character may take (its army book's option); default: 50 for a Hero
    # (§16.8), no limit given for a Lord; 0: no option to take magic items
    item_allowance: int | None = Field(default=None, ge=0, le=1000)
    upgrades: list[Upgrade] = Field(default_factory=list)
    wizard: Wizard | None = None
    bound_spells: list[BoundSpell] = Field(default_factory=list)  # Magic phase (§9.12)
    min_models: int | None = Field(default=None, ge=1, le=200)  # the unit's minimum size (Wizard Conclave)
    general: bool = False
    bsb: bool = False
    # the choice itself (§2.2): "Unico", once in the army (twice in a Grand Army, not a character);
    # "Uno per esercito", once whatever the army's size. A file written before ``unique`` existed
    # loads as it is: its one_per_army is One per Army, which a Grand Army does not double.
    unique: bool = False
    one_per_army: bool = False
    mark: str = Field(default="", max_length=40)  # how to tell alike units apart in hidden lists (E-46)
    # whether the name reads as a plural in a sentence ("Trolls charge", "the Giant charges");
    # unset: plural when the entry has more than one model (engine.rulesets.ninth_age.grammar)
    plural: bool | None = None

    @field_validator("troop_type")
    @classmethod
    def _troop(cls, v: str) -> str:
        key = v.strip().lower()
        if key not in TROOP_TYPES:
            raise ValueError(_("{v!r} is not a troop type ({join})", v=v, join=commas(TROOP_TYPES)))
        return key

    @field_validator("base")
    @classmethod
    def _base(cls, v):
        if not all(0 < x <= 400 for x in v):
            raise ValueError(_("base sizes are mm between 1 and 400"))
        return v

    @field_validator("equipment")
    @classmethod
    def _equipment(cls, v: list[str]) -> list[str]:
        out = []
        for item in v:
            key = item.strip().lower()
            if key not in EQUIPMENT:
                raise ValueError(_("{item!r} is not equipment of the rulebook ({join})", item=item, join=commas(sorted(EQUIPMENT))))
            out.append(key)
        # §15.5: "Un modello può indossare un solo tipo di Armatura Completa", "Un modello può portare un
        # solo Scudo" (two suits or two shields added up their bonuses in the save)
        body = [e for e in out if e in BODY_ARMOUR]
        if len(body) > 1:
            raise ValueError(_("{join}: a model wears one suit of body armour only (§15.5)", join=commas(body)))
        twice = next((e for e in out if out.count(e) > 1), None)
        if twice is not None:
            raise ValueError(_("{item!r} is listed twice: a model carries one of each (§15.5: one shield)", item=twice))
        return out

    @model_validator(mode="after")
    def _consistent(self) -> "Unit":
        if not self.choice:
            self.choice = self.name
        character = self.category in CHARACTER_CATEGORIES
        if character and self.models != 1:
            raise ValueError(_("models: a character is a single model, not {models}", models=self.models))
        if (self.general or self.bsb) and not character:
            raise ValueError(_("general: only a character can be the General") if self.general
                             else _("bsb: only a character can be the Battle Standard Bearer"))
        if self.wizard and not character:
            raise ValueError(_("wizard: only characters are wizards in this list format"))
        if self.files is not None and self.files > self.models:
            raise ValueError(_("files: {files} files need at least {files} models", files=self.files))
        if self.round_base and self.models != 1:
            raise ValueError(_("round_base: a round base holds a single model"))
        if self.general and self.bsb:
            raise ValueError(_("general: the General cannot be the Battle Standard Bearer (§16.7)"))
        # "Un modello in arcione ad una Bestia da Guerra diventa Cavalleria ... ad una Bestia Mostruosa diventa
        # Cavalleria Mostruosa ... ad un Mostro diventa un Mostro Cavalcato" (§14.3)
        if self.troop_type in RIDDEN_BECOMES and any(p.role == "rider" for p in self.parts):
            raise ValueError(_("troop_type: a model riding a {troop} is {becomes} (§14.3)", troop=Text(self.troop_type),
                               becomes=Text(RIDDEN_BECOMES[self.troop_type])))
        # "Alcuni Alfieri delle truppe Base, possono essere promossi a Alfiere Veterano" (§17.4)
        if self.command.veteran and not self.command.standard:
            raise ValueError(_("command.veteran: a Veteran Standard Bearer is a promoted standard bearer, and {unit} "
                               "has no standard bearer (§17.4)", unit=self.name))
        if self.command.veteran and self.category != "core":
            raise ValueError(_("command.veteran: only a Core unit's standard bearer may be promoted Veteran Standard "
                               "Bearer (§17.4)"))
        return self

    # -- derived ----------------------------------------------------------------------------------
    @property
    def is_character(self) -> bool:
        return self.category in CHARACTER_CATEGORIES

    @property
    def troop(self):
        return TROOP_TYPES[self.troop_type]

    @property
    def mounted(self) -> bool:
        """A mounted model (§14.3): Cavalry, Monstrous Cavalry, Ridden Monsters and Chariots, and a
        model of any other troop type "dotati di una cavalcatura (ad esempio un palanchino)": an
        entry with a mount or draught part."""
        return self.troop.mounted or any(p.role in ("mount", "draught") for p in self.parts)

    @property
    def default_files(self) -> int:
        if self.files:
            return self.files
        return min(self.models, 5 if self.troop.full_rank >= 5 or self.troop.full_rank == 0 else 3)

    def unmodified(self, characteristic: str, part: int = 0) -> int:
        """The profile value with army-list upgrades included (§1.9), clamped to 0-10.

        >>> u = Unit(name="V", category="core", points=50, troop_type="infantry", models=10, base=(20, 20),
        ...          parts=[Part(name="V", M=4, WS=3, BS=3, S=3, T=3, W=1, I=3, A=1, Ld=7)],
        ...          upgrades=[Upgrade(name="Veterans", profile={"S": 1})])
        >>> u.unmodified("S")
        4
        """
        value = self.parts[part].value(characteristic)
        for up in self.upgrades:
            value = max(0, min(10, value + up.profile.get(characteristic, 0)))
        return value

    @property
    def movement(self) -> int:
        """M with the movement-enhancing magic items it carries (Banner of Speed +1 M, §23.8)."""
        return min(10, self.base_movement + sum(MOVEMENT_ITEMS[i.lower()] for i in self.movement_items))

    @property
    def movement_items(self) -> list[str]:
        """The items that make it move farther (revealed when that matters, §2.4, E-47)."""
        return [i for i in self.magic_items if i.lower() in MOVEMENT_ITEMS]

    @property
    def base_movement(self) -> int:
        """M of the unit for moving: the mount's (or draught beast's) M for a combined profile,
        barding's −1 included (§15.5); the lowest M of its parts otherwise."""
        movers = ([p for p in self.parts if p.role in ("mount", "draught")]
                  or [p for p in self.parts if p.role != "machine"] or self.parts)
        m = min(self.unmodified("M", self.parts.index(p)) for p in movers)
        if "barding" in self.equipment:
            m = max(0, m - 1)
        return m

    @property
    def leadership(self) -> int:
        return max(self.unmodified("Ld", i) for i, p in enumerate(self.parts) if p.role != "mount")

    def all_rules(self) -> list[str]:
        """Unit rules, part rules and the troop type's inherent rules."""
        out = list(self.troop.inherent) + list(self.special_rules)
        if self.mounted and not self.troop.mounted:  # on a mount of its own troop type (§14.3)
            out += [r for r in MOUNTED_RULES if r not in self.troop.inherent]
        for p in self.parts:
            out.extend(p.special_rules)
        for item in self.magic_items:  # the Flying Carpet's Fly (6)
            out.extend(ITEM_GRANTED_RULES.get(item.strip().lower(), ()))
        if any(rule_name(r) == "War Platform" for r in out):  # "I modelli con questa regola perdono Passo Rapido" (§22)
            out = [r for r in out if rule_name(r) != "Swiftstride"]
        return out

    @property
    def joins_as_character(self) -> bool:
        """It may join units as a character does (§16.2): a character, or a War Platform, "come se
        fossero Personaggi (anche se non sono Personaggi e anche se sono Bersagli Grandi)" (§22)."""
        return self.is_character or self.has_rule("War Platform")

    @property
    def own_cant_march(self) -> bool:
        """Can't March given by its own rules (the army list's), not only by its troop type (§14.4):
        a War Platform's March lifts only what its troop type forbids (§22)."""
        return any(rule_name(r) == "Can't March"
                   for r in [*self.special_rules, *(r for p in self.parts for r in p.special_rules)])

    def item_named(self, name: str) -> str | None:
        """The magic item ``name`` as this entry's list writes it (a hidden one is revealed by
        that name, §2.4), or None when it carries none: case and spaces around it do not count."""
        key = name.strip().lower()
        return next((i for i in self.magic_items if i.strip().lower() == key), None)

    def has_rule(self, name: str) -> bool:
        return any(rule_name(r) == name for r in self.all_rules())

    def rule_values(self, name: str) -> list[str]:
        """The bracketed values a rule has on the entry, each once, in the order given (unit,
        troop type, parts, items): "Stomp (1)" of Monstrous Infantry and "Stomp (D6)" of an item."""
        out: list[str] = []
        for r in self.all_rules():
            value = rule_param(r) if rule_name(r) == name else None
            if value and value not in out:
                out.append(value)
        return out

    def rule_value(self, name: str) -> str | None:
        """The bracketed value of a rule (the highest-numbered when duplicated, §21.4)."""
        values = [rule_param(r) for r in self.all_rules() if rule_name(r) == name]
        values = [v for v in values if v]
        if not values:
            return None
        numeric = [v for v in values if v.isdigit()]
        return max(numeric, key=int) if numeric else values[0]


def summon_problem(entry: Unit) -> Text | None:
    """Why ``entry`` cannot be the profile of a summoned unit (§7.9), or None. A summoned unit is
    a unit that joins the army in play: a ruling keeps to what the engine can seat so: no
    character (a second General or Battle Standard Bearer, a wizard whose spells were never
    generated), no magic items nor bound spells (bought with the army's points, §2)."""
    if entry.is_character:
        return _("a summoned unit is a unit, not a character ({category})", category=entry.category)
    if entry.magic_items:
        return _("a summoned unit carries no magic items")
    if entry.bound_spells:
        return _("a summoned unit carries no bound spells")
    return None


def summoned_profile(data: dict, context: Any = None) -> Unit:
    """The army-file unit entry a summoning spell's ``summon.unit`` gives, checked as an army
    file's units are and as :func:`summon_problem` asks; a bad one raises ValueError naming the
    field. ``context``: the validation context (``FILE``: read from a player's file)."""
    try:
        entry = Unit.model_validate(data, context=context)
    except ValidationError as exc:
        field, reason = validation_problems(exc, default_field="unit")[0]
        raise ValueError(_("{field}: {reason}", field=f"summon.unit.{field}", reason=reason)) from None
    problem = summon_problem(entry)
    if problem:
        raise ValueError(_("{field}: {reason}", field="summon.unit", reason=problem))
    return entry


# The spell types of §9.3 (seed 001:1060-1119), as the engine reads them in lower case; "Range X"
# and "Vortex (Range X, Template Y)" carry their numbers.
SPELL_TYPES = ("Aura", "Damage", "Direct", "Caster", "Hex", "Focused", "Augment", "Missile", "Caster's Unit",
               "Line template", "Characters only", "Ground", "Universal")
RANGE_TYPE = re.compile(r"\s*range\s*(\d+(?:\.\d+)?)\s*(?:\"|”|in|inch|inches)?\s*", re.I)


class BoostedVersion(Strict):
    """One boosted version of a spell (§9.2 "Incantesimi Potenziati"): its casting value, above
    the spell's, and what it changes: its range, its effect as the referee carries it out (the
    spell's own where left out), and its words."""

    name: str = Field(min_length=1, max_length=40)
    casting_value: int = Field(ge=1, le=25)
    range: float | None = Field(default=None, ge=0, le=72)
    effect: str = Field(default="", max_length=400)
    resolve: SpellEffect | None = None

    @field_validator("name")
    @classmethod
    def _name(cls, v: str) -> str:
        if v.strip().lower() == "normal" or v.strip().isdigit():
            raise ValueError(_("a boosted version's name may be neither 'normal' nor a number (/cast version: takes "
                               "its name or its number)"))
        return v.strip()


class Spell(Strict):
    """A spell as a lore file gives it. Its types are §9.3's, each one enforced (an unknown word
    is refused, never silently ignored); a "Range X" type is the spell's range (``range`` may
    be left out, and may not say another)."""

    number: int = Field(ge=0, le=6)
    name: str = Field(min_length=1, max_length=60)
    casting_value: int = Field(ge=1, le=20)
    boosted_value: int | None = Field(default=None, ge=1, le=25)
    types: list[str] = Field(default_factory=list)
    range: float | None = Field(default=None, ge=0, le=72)
    duration: Literal["instant", "one turn", "permanent", "remains in play"] = "instant"
    effect: str = Field(min_length=1, max_length=400)
    # Magic phase (§9): the effect as the referee carries it out, and a boosted version's range
    resolve: SpellEffect = Field(default_factory=SpellEffect)
    boosted_range: float | None = Field(default=None, ge=0, le=72)
    boosted_resolve: SpellEffect | None = None
    # several boosted versions ("Se l'incantesimo presenta più versioni potenziate dichiarare quale si
    # intende lanciare", §9.2): each with its casting value and effect; instead of the three above
    boosted: list[BoostedVersion] = Field(default_factory=list, max_length=6)

    def boosted_versions(self) -> list[BoostedVersion]:
        """The spell's boosted versions, in the lore file's order (numbered from 1): its list, or
        the one ``boosted_value`` gives (named "boosted")."""
        if self.boosted:
            return list(self.boosted)
        if self.boosted_value is None:
            return []
        return [BoostedVersion(name="boosted", casting_value=self.boosted_value, range=self.boosted_range,
                               resolve=self.boosted_resolve)]

    @model_validator(mode="after")
    def _boosted(self) -> "Spell":
        if self.boosted and (self.boosted_value is not None or self.boosted_range is not None
                             or self.boosted_resolve is not None):
            raise ValueError(_("spell {spell}: give its boosted versions either as boosted_value (one) or as the "
                               "boosted list, not both", spell=self.name))
        names = [v.name.lower() for v in self.boosted]
        if len(set(names)) != len(names):
            raise ValueError(_("spell {spell}: two boosted versions have the same name", spell=self.name))
        for v in self.boosted_versions():
            if v.casting_value <= self.casting_value:
                # "il valore di lancio più alto si riferisce alla versione 'potenziata'" (§9.2)
                raise ValueError(_("spell {spell}: the boosted version {version} casts on {value}+, not above the "
                                   "spell's {casting}+", spell=self.name, version=v.name, value=v.casting_value,
                                   casting=self.casting_value))
        return self

    @field_validator("types")
    @classmethod
    def _types(cls, v: list[str]) -> list[str]:
        known = {t.lower(): t for t in SPELL_TYPES}
        out = []
        for t in v:
            word = " ".join(t.replace("’", "'").split())
            if word.lower() in known:
                out.append(known[word.lower()])
            elif RANGE_TYPE.fullmatch(word) or vortex_of([word]) is not None:
                out.append(word)
            else:
                raise ValueError(_("{type!r} is not a spell type of §9.3; the types are {types}, Range X and Vortex "
                                   "(Range X, Template Y)", type=t, types=commas(SPELL_TYPES)))
        return out

    @model_validator(mode="after")
    def _range(self, info: ValidationInfo) -> "Spell":
        reaches = {float(m.group(1)) for t in self.types if (m := RANGE_TYPE.fullmatch(t))}
        if len(reaches) > 1:
            raise ValueError(_("spell {spell}: more than one Range type", spell=self.name))
        if reaches:
            reach = reaches.pop()
            if self.range is None:
                self.range = reach  # the type is the range (§9.3 "Gittata X")
            elif abs(self.range - reach) > 1e-9:
                raise ValueError(_("spell {spell}: its type says Range {reach} but its range is {range}",
                                   spell=self.name, reach=decimal(reach, "g"), range=decimal(self.range, "g")))
        for effect in (self.resolve, self.boosted_resolve):  # §7.9: the unit it summons is a unit entry
            if effect is not None and effect.summon is not None:
                summoned_profile(effect.summon.unit, info.context)  # a player's file's unit, as written
        return self

    def version_resolve(self, boosted: "BoostedVersion | bool | None" = None) -> SpellEffect:
        """The effect of the version cast: a boosted version's own (True: the only one), else the
        spell's."""
        if boosted is True:
            boosted = next(iter(self.boosted_versions()), None)
        return boosted.resolve if isinstance(boosted, BoostedVersion) and boosted.resolve else self.resolve

    def summons(self, boosted: "BoostedVersion | bool | None" = False) -> Unit | None:
        """The profile of the unit this spell summons (§7.9), or None."""
        effect = self.version_resolve(boosted)
        return summoned_profile(effect.summon.unit) if effect.summon is not None else None


class Lore(Strict):
    name: str = Field(min_length=1, max_length=40)
    spells: list[Spell] = Field(min_length=7, max_length=7)
    attribute: Spell | None = None  # cast automatically after each spell of the lore (§9.11)

    @model_validator(mode="after")
    def _numbered(self) -> "Lore":
        if sorted(s.number for s in self.spells) != list(range(7)):
            raise ValueError(_("spells: lore {self} needs spells numbered 0 to 6, once each", self=self.name))
        return self


class Army(Strict):
    name: str = Field(min_length=1, max_length=60)
    points_limit: int = Field(ge=100, le=20000)
    units: list[Unit] = Field(default_factory=list, max_length=60)  # empty while /army new builds it
    extra_rules: list[str] = Field(default_factory=list)  # army-book special rules used by the list
    lores: list[Lore] = Field(default_factory=list)
    magic_items: list[BookItem] = Field(default_factory=list, max_length=100)  # the army book's own items

    @model_validator(mode="after")
    def _rules_and_names(self) -> "Army":
        for n, r in enumerate(self.extra_rules):  # applied, or refused by name (#10)
            problem = extra_rule_problem(r)
            if problem:
                raise ValueError(_("{field}: {reason}", field=f"extra_rules.{n}", reason=problem))
        extra = frozenset(rule_name(r) for r in self.extra_rules)
        seen: set[str] = set()
        for n, u in enumerate(self.units):
            if u.name.lower() in seen:
                raise ValueError(_("{field}: {reason}", field=f"units.{n}.name", reason=_("two units are called {u!r}; give each its own name", u=u.name)))
            seen.add(u.name.lower())
            rules = [("special_rules", r) for r in u.special_rules]
            rules += [(f"parts.{i}.special_rules", r) for i, p in enumerate(u.parts) for r in p.special_rules]
            for where, r in rules:
                problem = rule_problem(r, extra)
                if problem:
                    raise ValueError(_("{field}: {reason}", field=f"units.{n}.{where}", reason=problem))
            problems = unit_item_problems(u, army_catalogue(self.items(), self.units))
            if problems:
                raise ValueError(_("{field}: {reason}", field=f"units.{n}", reason=_("magic_items: {problem}", problem=problems[0])))
            if HOOD in {i.strip().lower() for i in u.magic_items} and not self.lores:
                raise ValueError(_("{field}: {reason}", field=f"units.{n}.magic_items", reason=_("the Wizard's Hood draws its bearer's lore at random from the army's lores, and the army file gives none")))
            if u.wizard and u.wizard.lore.lower() not in {lo.name.lower() for lo in self.lores}:
                lores = commas(data_said(lo.name) for lo in self.lores) or _("none given")
                # a sample lore shipped apart (Cairns) is taken by copying its file into the army's lores: say where
                sample = next((name for name in SAMPLE_LORES if name == u.wizard.lore.strip().lower()), None)
                # (a Discord player cannot read the repository's file: /army sample sends it)
                reason = (_("{lore!r} is not among the army's lores ({lores}); it is a sample lore: get its file with "
                            "/army sample name:{file} and copy it into the file's lores", lore=u.wizard.lore,
                            lores=lores, file=sample) if sample else
                          _("{lore!r} is not among the army's lores ({lores})", lore=u.wizard.lore, lores=lores))
                raise ValueError(_("{field}: {reason}", field=f"units.{n}.wizard.lore", reason=reason))
            # Magic phase (§9.12, §22 Wizard Conclave): the spells named must be in the army's lores
            known = {s.name.lower() for lo in self.lores for s in lo.spells}
            for b in u.bound_spells:
                if b.spell.lower() not in known:
                    raise ValueError(_("{field}: {reason}", field=f"units.{n}.bound_spells", reason=_("{spell!r} is not a spell of the army's lores", spell=b.spell)))
            for r in u.special_rules:
                if rule_name(r) == "Wizard Conclave":
                    if not u.command.champion:
                        raise ValueError(_("{field}: {reason}", field=f"units.{n}.special_rules", reason=_("Wizard Conclave makes the Champion a wizard; {u} has no Champion", u=u.name)))
                    for name in (rule_param(r) or "").split(","):
                        if name.strip().lower() not in known:
                            raise ValueError(_("{field}: {reason}", field=f"units.{n}.special_rules", reason=_("Wizard Conclave names {strip!r}, not a spell of the army's lores", strip=name.strip())))
        return self

    @model_validator(mode="after")
    def _summoned_rules(self) -> "Army":
        """A unit a lore's spell summons (§7.9) has its special rules checked as the list's units'."""
        extra = frozenset(rule_name(r) for r in self.extra_rules)
        for i, lore in enumerate(self.lores):
            for j, spell in enumerate(lore.spells):
                entry = spell.summons()
                if entry is None:
                    continue
                rules = list(entry.special_rules) + [r for p in entry.parts for r in p.special_rules]
                for r in rules:
                    problem = rule_problem(r, extra)
                    if problem:
                        raise ValueError(_("{field}: {reason}", field=f"lores.{i}.spells.{j}.resolve.summon.unit",
                                           reason=problem))
        return self

    @property
    def points(self) -> int:
        return sum(u.points for u in self.units)

    def items(self) -> dict[str, MagicItem]:
        """Every magic item this army may take: the rulebook's and its army book's."""
        return item_catalogue(self.magic_items)

    def unit(self, name: str) -> Unit:
        for u in self.units:
            if u.name.lower() == name.strip().lower():
                return u
        raise IllegalAction("unknown-unit", _("{self} has no unit called {name!r}.", self=self.name, name=name))

    def lore(self, name: str) -> Lore:
        return next(lo for lo in self.lores if lo.name.lower() == name.lower())

    @property
    def general(self) -> Unit | None:
        return next((u for u in self.units if u.general), None)


def load_army_text(text: str, filename: str = "army file") -> Army:
    """Read and validate an army file; a bad file is refused with the field and the reason."""
    if len(text.encode("utf-8")) > MAX_ARMY_BYTES:
        raise IllegalAction("bad-army", _("{filename}: larger than {value} KiB.", filename=filename, value=MAX_ARMY_BYTES // 1024))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise IllegalAction("bad-army", _("{filename}: not valid JSON ({msg}, line {lineno}).", filename=filename, msg=exc.msg, lineno=exc.lineno)) from None
    try:
        # a player's file: every value as its field's JSON type ("models": "30" refused); an army kept
        # in the store or in a game's state is read with Army.model_validate, as it always was
        return Army.model_validate(data, context=FILE)
    except ValidationError as exc:
        field, reason = validation_problems(exc, default_field="army")[0]
        raise IllegalAction("bad-army", _("{filename}: {field}: {reason}", filename=filename, field=field, reason=reason)) from None


SAMPLE_ARMIES = ("iron-marches", "ashen-host")


def sample_army_text(name: str) -> str:
    if name not in SAMPLE_ARMIES:
        raise IllegalAction("unknown-army", _("There is no sample army {name!r}. Samples: {join}.", name=name, join=commas(SAMPLE_ARMIES)))
    return resources.files("engine.rulesets.ninth_age").joinpath(f"data/armies/{name}.json").read_text("utf-8")


def sample_army(name: str) -> Army:
    return load_army_text(sample_army_text(name), f"{name}.json")


# The sample Thorns lore's Bark Skin before rules version 4 (§7.8, Heal and Recover Wounds): no
# boosted version of its own, and these words.
BARK_SKIN_BEFORE_4 = N_("The target's models have +1 Toughness.")


def sample_as_of(army: Army, name: str, version: int) -> Army:
    """Sample army ``name`` (``army``, as :func:`sample_army` reads it now) as a game of rules
    ``version`` (NinthAge.rules_version) was given it: a game begun before a sample changed is
    rebuilt with the sample as it was, so its log replays to the state it was played to. Version 4
    gave the Ashen Host's Bark Skin its boosted Recover D3 Wounds."""
    if version < 4:
        for lore in army.lores:
            for spell in lore.spells:
                if name == "ashen-host" and spell.name == "Bark Skin":
                    spell.effect, spell.boosted_resolve = BARK_SKIN_BEFORE_4, None
    return army


# Sample lores an army file may take into its "lores" (copied in whole): our own spells, shipped
# apart from the sample armies so that the armies, and the games played with them, stay as they were
SAMPLE_LORES = ("cairns",)


def sample_lore_text(name: str) -> str:
    if name not in SAMPLE_LORES:
        raise IllegalAction("unknown-lore", _("There is no sample lore {name!r}. Samples: {join}.", name=name,
                                              join=commas(SAMPLE_LORES)))
    return resources.files("engine.rulesets.ninth_age").joinpath(f"data/lores/{name}.json").read_text("utf-8")


def sample_lore(name: str) -> Lore:
    """A sample lore (data/lores), checked as an army file's lores are.

    >>> lore = sample_lore("cairns")
    >>> lore.name, lore.spells[2].name, lore.spells[2].summons().name
    ('Cairns', 'Call the Pack', 'Barrow Wolves')
    """
    try:
        return Lore.model_validate(json.loads(sample_lore_text(name)))
    except ValidationError as exc:
        field, reason = validation_problems(exc, default_field="lore")[0]
        raise IllegalAction("bad-lore", _("{filename}: {field}: {reason}", filename=name, field=field,
                                          reason=reason)) from None


def full_ranks(unit: Unit, files: int, models: int, troop: TroopType | None = None) -> int:
    """Full ranks of a block ``files`` wide holding ``models`` R&F (§7.5): a rank is full at the
    troop type's width, the last one too when it holds that many (17 Spearmen 10 wide: 2); Free Reform (Skirmishers, Fast Cavalry, Fly) means 0 full ranks.
    ``troop``: the unit's troop type when it is not the entry's (a unit of characters only, §14)."""
    troop = troop or unit.troop
    if unit.has_rule("Skirmishers") or unit.has_rule("Fast Cavalry") or unit.has_rule("Fly") \
            or unit.has_rule("Free Reform") or troop.full_rank == 0:
        return 0
    if files < troop.full_rank:
        return 0
    complete, last = divmod(models, files)  # an incomplete last rank is full if it is wide enough
    return complete + (1 if last >= troop.full_rank else 0)
