"""Who may carry which magic item, and what it costs (§23.1-23.2).

An item is the rulebook's (data/magic_items.json) or an army book's, given in the army file's
``magic_items`` list (for example a magic light armour, E-41). Every item has a mundane type and
follows its rules and limits: a magic lance is for mounted models, War Beasts and Monstrous
Beasts only (E-42). Two prices ("60/50") are the Lord's and the Hero's (E-40).

>>> from engine.rulesets.ninth_age.catalogue import magic_items
>>> giant = magic_items()["giant sword"]
>>> price(giant, "lord"), price(giant, "hero")
(60, 50)
"""

from __future__ import annotations

from engine.rulesets.ninth_age.grammar import entry_number
from engine.core.text import N_, Text, _, ngettext, commas
from typing import Any, Literal, Protocol

from pydantic import ConfigDict, Field, field_validator

from engine.rulesets.ninth_age.file_model import FileModel
from engine.rulesets.ninth_age.catalogue import (
    data_said,
    BOOK_RULES, CHARACTER_CATEGORIES, MagicItem, magic_items, rule_problem,
)

# what a magic weapon may give besides §22's rules: the Sword of Haste's and the Blessed Sword's (§23.3)
ITEM_RULES = frozenset({"Always wounds on 4+", "Re-roll failed to-wound rolls"})



class Unit(Protocol):
    """What the item rules read of an army entry (``army.Unit`` is one): named here instead of
    imported, so this module stays below the army model that validates with it."""

    name: str
    category: str
    troop_type: str
    wizard: Any
    bsb: bool
    command: Any
    equipment: list[str]
    magic_items: list[str]

    def has_rule(self, name: str) -> bool: ...

BODY_ARMOUR = ("light armour", "heavy armour", "plate armour")
# §23's items whose effect this engine does not apply yet: an army taking one is refused with the
# reason (never silently ignored, #10); each leaves this table when a phase applies it.
NOT_REFEREED_ITEMS: dict[str, str] = {
    # a ruling: the Italian seed names these and defines them nowhere either, so they are not invented
    "crystal ball": N_("Supernatural Reflexes (Riflessi Soprannaturali) is defined neither in the rulebook nor "
                       "in its Italian seed ([A-43])"),
    "ring of fire": N_("its bound spell, Fireball (Palla di Fuoco, Scuola di Magia del Fuoco), is in no lore the "
                       "rulebook or its Italian seed gives ([A-43])"),
}
# The Wizard's Hood makes its bearer a Level 1 wizard (§23.6: "Se l'utilizzatore non ha già Livelli di Magia,
# diventa un Mago di 1° Livello"): it may take arcane items, which are for wizards only (§23.1)
HOOD = "wizard's hood"
# The usual points of magic items a Hero may take (§16.8: "i normali 50 punti concessi per le scelte
# dell'Eroe"); a Lord's allowance is its army book's (``item_allowance`` in the army file).
HERO_ALLOWANCE = 50
# The §23 categories as a sentence names them ("2 talisman items").
ITEM_CATEGORY_WORDS = {"weapon": N_("weapon"), "armour": N_("armour"), "talisman": N_("talisman"),
                       "enchanted": N_("enchanted"), "arcane": N_("arcane"), "standard": N_("standard")}
# The mundane types whose rules say who may use them (§15.1).
LANCES = ("lance", "light lance")
LANCE_TROOPS = ("war beast", "monstrous beast")
NO_MOUNTED = ("pike", "additional hand weapon")


class BookItem(FileModel):
    """An army book's magic item, as an army file gives it (the rulebook's are built in).

    ``profile``: characteristic changes for the bearer (a weapon's only for attacks made with
    it); ``armour``: its armour bonus (body armour and shields: their mundane bonus when left
    out); ``ward``/``regeneration``: the X+ it gives; ``rules``: special rules it gives."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=60)
    category: Literal["weapon", "armour", "talisman", "enchanted", "arcane", "standard"]
    cost: str = Field(pattern=r"^\d{1,4}(/\d{1,4})?$", description="points, or Lord/Hero points as 60/50")
    type: str = Field(default="-", max_length=40)
    on_foot_only: bool = False
    one_use: bool = False
    infantry_only: bool = False
    profile: dict[str, int] = Field(default_factory=dict)
    armour: int | None = Field(default=None, ge=0, le=6)
    ward: int | None = Field(default=None, ge=2, le=6)
    regeneration: int | None = Field(default=None, ge=2, le=6)
    rules: list[str] = Field(default_factory=list)
    runes: list[str] = Field(default_factory=list, max_length=4)  # a runic item's runes, revealed one by one

    @field_validator("type")
    @classmethod
    def _type(cls, v: str) -> str:
        return v.strip().lower()

    @field_validator("rules")
    @classmethod
    def _rules(cls, v: list[str]) -> list[str]:
        for r in v:  # a rule the engine does not referee is refused here too (§22, #10)
            if r in ITEM_RULES:
                continue
            problem = rule_problem(r, frozenset(BOOK_RULES))
            if problem:
                raise ValueError(problem)
        return v

    def item(self) -> MagicItem:
        lord, _skip, hero = self.cost.partition("/")
        return MagicItem(name=self.name, category=self.category, points=int(lord), hero_points=int(hero or lord),
                         type=self.type, on_foot_only=self.on_foot_only, one_use=self.one_use,
                         infantry_only=self.infantry_only)


DISPEL_SCROLL = "dispel scroll"
# §23.7 (the seed: "In un esercito che non contiene maghi questo oggetto può essere preso come Oggetto
# Incantato (50 pts)"): the Dispel Scroll as a wizard-less army takes it
ENCHANTED_SCROLL = MagicItem(name="Dispel Scroll", category="enchanted", points=50, hero_points=50, type="-",
                             one_use=True)


def is_wizard(unit: "Unit") -> bool:
    """A wizard (§9.1): its wizard levels, the Wizard's Hood's Level 1 (§23.6), or a Wizard
    Conclave, whose Champion is one (§22)."""
    from engine.rulesets.ninth_age.catalogue import rule_name

    return bool(unit.wizard) or HOOD in {i.strip().lower() for i in unit.magic_items} or any(
        rule_name(r) == "Wizard Conclave" for r in getattr(unit, "special_rules", []))


def army_catalogue(items: dict[str, MagicItem], units: list["Unit"]) -> dict[str, MagicItem]:
    """The items as this army takes them: in an army with no wizards, the rulebook's Dispel Scroll
    is an Enchanted item of 50 points (§23.7)."""
    if any(is_wizard(u) for u in units) or items.get(DISPEL_SCROLL) != magic_items().get(DISPEL_SCROLL):
        return items
    return {**items, DISPEL_SCROLL: ENCHANTED_SCROLL}


def catalogue(book: list[BookItem] | tuple = ()) -> dict[str, MagicItem]:
    """The rulebook's items and the army book's, by lower-case name."""
    out = dict(magic_items())
    for b in book:
        out[b.name.lower()] = b.item()
    return out


VETERAN_STANDARD = 25  # the points of magic standard a Veteran Standard Bearer may carry (§17.4)


def price(item: MagicItem, category: str) -> int:
    """What the item costs this choice: the Hero price for a Hero, the Lord price otherwise."""
    return item.hero_points if category == "hero" else item.points


def item_problem(unit: "Unit", name: str, items: dict[str, MagicItem]) -> str | None:
    """Why ``unit`` may not carry the item ``name``, in one line, or None (§23.1-23.2)."""
    item = items.get(name.strip().lower())
    if item is None:
        return _("{name!r} is not a magic item of the rulebook (§23) nor of the army file's magic_items", name=name)
    if item.name.lower() in NOT_REFEREED_ITEMS and item == magic_items().get(item.name.lower()):
        return _("{item} is not refereed by this engine yet: {reason} (§23)", item=item.name,
                 reason=Text(NOT_REFEREED_ITEMS[item.name.lower()]))
    character = unit.category in CHARACTER_CATEGORIES
    if item.category == "arcane" and not (unit.wizard or HOOD in {i.strip().lower() for i in unit.magic_items}):
        return _("{item} is an arcane item, for wizards only (§23.1); a character who is no wizard becomes one with "
                 "the Wizard's Hood (§23.6)", item=item.name)
    if item.category == "standard" and not (unit.bsb or unit.command.standard):
        return _("{item} is a magic standard, for a standard bearer or the BSB only (§23.1)", item=item.name)
    if item.category == "standard" and not character and unit.command.veteran and item.points > VETERAN_STANDARD:
        # "L'Alfiere Veterano può portare uno Stendardo magico del valore di 25 punti" (§17.4)
        return _("{item} costs {points} points; a Veteran Standard Bearer carries a magic standard of at most "
                 "{most} points (§17.4)", item=item.name, points=item.points, most=VETERAN_STANDARD)
    if item.category != "standard" and not character:
        return (_("{item} needs a character to carry it (units carry only magic standards in this list format)", item=item.name))
    if item.on_foot_only and unit.mounted:
        return _("{item} is for models on foot only", item=item.name)
    if item.infantry_only and unit.troop_type != "infantry":
        return _("{item} is for Infantry only", item=item.name)
    if item.type in LANCES and not (unit.mounted or unit.troop_type in LANCE_TROOPS):
        return (_("{item} is a magic {type}: lances are only for mounted models, War Beasts and Monstrous Beasts (§15.1, §23.2)", item=item.name, type=item.type))
    if item.type in NO_MOUNTED and unit.mounted:
        return _("{item} is a magic {type}, which mounted models cannot use (§15.1)", item=item.name, type=item.type)
    if item.category == "armour":
        if unit.wizard and not _wizard_may_wear(unit, item):
            helmet = _("helmet")
            return (_("{item}: a wizard wears magic armour only of a type it already has ({value}) (§23.1)", item=item.name, value=item.type if item.type != "-" else helmet))
        if item.name == "Bluffer's Helm" and unit.has_rule("Large Target"):
            return _("{item} is not for Large Targets", item=item.name)
        if item.name == "Mithril Mail" and ("shield" in unit.equipment or any(
                items.get(i.lower()) and items[i.lower()].type == "shield" for i in unit.magic_items)):
            return _("{item} cannot be combined with shields", item=item.name)
    return None


def _wizard_may_wear(unit: "Unit", item: MagicItem) -> bool:
    """§23.1: a wizard needs the mundane armour type already (natural armour is exempt).
    Ruling: an armour item with no mundane type counts as a helmet, unless it gives Natural
    Armour (the Dragon Mantle)."""
    if item.name == "Dragon Mantle":
        return True
    needed = item.type if item.type != "-" else "helmet"
    return needed in unit.equipment


def unit_item_problems(unit: "Unit", items: dict[str, MagicItem]) -> list[str]:
    """Every problem with the items one army entry carries."""
    out = [p for p in (item_problem(unit, i, items) for i in unit.magic_items) if p]
    if out:
        return out
    kinds = [items[i.strip().lower()].category for i in unit.magic_items]
    for kind in sorted(set(kinds)):
        if kinds.count(kind) > 1 and unit.category in CHARACTER_CATEGORIES:
            out.append(_("a model carries at most one magic item of each category; {unit} has {count} {kind} items (§23.2)",
                         unit=unit.name, count=kinds.count(kind), kind=Text(ITEM_CATEGORY_WORDS.get(kind, kind))))
    problem = allowance_problem(unit, items)
    if problem:
        out.append(problem)
    return out


def allowance(unit: "Unit") -> int | None:
    """The points of magic items the character may take: its army file's ``item_allowance``, or a
    Hero's usual 50 (§16.8); None: no limit the rulebook gives (a Lord's is its army book's)."""
    given = getattr(unit, "item_allowance", None)
    if given is not None:
        return given
    return HERO_ALLOWANCE if unit.category == "hero" else None


def allowance_problem(unit: "Unit", items: dict[str, MagicItem]) -> str | None:
    """A character's magic items within its allowance, or why not. The Battle Standard Bearer
    may carry a magic standard with no points limit, but then no other magic item (§16.8)."""
    if unit.category not in CHARACTER_CATEGORIES or not unit.magic_items:
        return None
    limit = allowance(unit)
    chosen = [items[i.strip().lower()] for i in unit.magic_items]
    total = sum(price(i, unit.category) for i in chosen)
    if limit == 0:
        return ngettext("{unit} has no option to take magic items (item_allowance 0), so it carries none, not even a "
                 "magic standard (§16.8)", "{unit} have no option to take magic items (item_allowance 0), so they carry none, not even a magic standard (§16.8)", entry_number(unit), unit=unit.name)
    standards = [i for i in chosen if i.category == "standard"]
    if unit.bsb and standards and len(chosen) == 1:
        return None  # the BSB's magic standard, with no points limit (§16.8)
    if limit is None or total <= limit:
        return None
    if unit.bsb and standards:
        return _("{unit} carries {total} points of magic items, over its {limit}-point allowance; as Battle "
                 "Standard Bearer it may take the {standard} beyond the allowance only if it carries no "
                 "other magic item (§16.8)", unit=unit.name, total=total, limit=limit, standard=standards[0].name)
    return ngettext("{unit} carries {total} points of magic items ({items}), over its {limit}-point allowance (§16.8)", "{unit} carry {total} points of magic items ({items}), over their {limit}-point allowance (§16.8)", entry_number(unit),
             unit=unit.name, total=total, items=commas(data_said(i.name) for i in chosen), limit=limit)


def visible_type(item: MagicItem) -> str:
    """What an opponent sees of a hidden item (§2.4): its mundane counterpart, if it has one.

    >>> str(visible_type(magic_items()["giant sword"])), str(visible_type(magic_items()["talisman of shielding"]))
    ('magic weapon of type hand weapon', 'a magic item (hidden)')
    """
    if item.category == "weapon" and item.type not in ("-", ""):  # the seed's Arma Magica (§2.4)
        return _("magic weapon of type {type}", type=item.type)
    if item.category == "armour" and item.type not in ("-", ""):  # the seed's Armatura Magica
        return _("magic armour of type {type}", type=item.type)
    return _("a magic item (hidden)")
