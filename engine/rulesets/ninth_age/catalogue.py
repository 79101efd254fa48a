"""What the rulebook names: troop types (§14), special rules (§22), mundane equipment (§15),
magic items (§23, loaded from data/magic_items.json) and the unit categories (§2).

A data file may use only these names; anything else is refused with the name and where it
was met (army books add their own rules only through an army file's ``extra_rules``).

>>> TROOP_TYPES["monstrous infantry"].full_rank, TROOP_TYPES["monstrous infantry"].horde
(3, 6)
>>> rule_name("Magic Resistance (2)"), rule_param("Magic Resistance (2)")
('Magic Resistance', '2')
>>> is_known_rule("Hatred (first round)"), is_known_rule("Kung Fu")
(True, False)
"""

from __future__ import annotations

from engine.core.text import N_, Text, _, shipped_word
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Literal

CATEGORIES = ("lord", "hero", "core", "special", "rare")
CHARACTER_CATEGORIES = ("lord", "hero")
Height = Literal["small", "medium", "large"]


@dataclass(frozen=True)
class TroopType:
    name: str
    full_rank: int  # models for a full rank (0: no ranks)
    horde: int  # models wide for Horde (0: never)
    supporting_attacks: int
    inherent: tuple[str, ...]
    height: Height
    mounted: bool


TROOP_TYPES: dict[str, TroopType] = {t.name: t for t in (
    TroopType("infantry", 5, 10, 1, (), "small", False),
    TroopType("war beast", 5, 10, 1, ("Swiftstride",), "small", False),
    TroopType("cavalry", 5, 10, 1, ("Swiftstride", "Combined Profile", "Cavalry Support", "Mount's Protection"),
              "medium", True),
    TroopType("monstrous infantry", 3, 6, 3, ("Monstrous Support", "Monstrous Ranks", "Stomp (1)"), "medium", False),
    TroopType("monstrous beast", 3, 6, 3, ("Swiftstride", "Monstrous Support", "Monstrous Ranks", "Stomp (1)"),
              "medium", False),
    TroopType("monstrous cavalry", 3, 6, 3, ("Swiftstride", "Combined Profile", "Cavalry Support",
                                               "Monstrous Support", "Monstrous Ranks", "Stomp (1)",
                                               "Mount's Protection"), "medium", True),
    TroopType("chariot", 3, 6, 1, ("Impact Hits (D6)", "Swiftstride", "Combined Profile", "Cavalry Support",
                                     "Monstrous Ranks", "Mount's Protection", "Can't March"), "medium", True),
    TroopType("monster", 1, 0, 0, ("Monster Ranks", "Stomp (D6)", "Large Target", "Terror"), "large", False),
    TroopType("ridden monster", 1, 0, 0, ("Monster Ranks", "Stomp (D6)", "Ridden Monster Profile", "Large Target",
                                           "Terror"), "large", True),
    TroopType("swarm", 0, 10, 1, ("Unbreakable", "Unstable", "Skirmishers"), "small", False),
    TroopType("war machine", 0, 0, 0, ("War Machine Profile", "Cumbersome", "Move or Fire", "Can't March"),
              "small", False),
)}

# §22's glossary and the troop-type rules of §14.4; "(X)" rules take a bracketed value.
SPECIAL_RULES = frozenset({
    "Ambush", "Armour Piercing", "Bodyguard", "Breath Weapon", "Channel", "Crush Attack", "Cumbersome",
    "Devastating Charge", "Distracting", "Divine Attacks", "Engineer", "Ethereal", "Fast Cavalry", "Fear",
    "Fight in Extra Rank", "Fireborn", "Flaming Attacks", "Flammable", "Fly", "Free Reform", "Frenzy",
    "Grinding Attacks", "Hard Target", "Hatred", "Hellfire", "Hidden", "Immune to Psychology", "Impact Hits",
    "Insignificant", "Large Target", "Lethal Strike", "Lightning Attack", "Lightning Reflexes",
    "Magic Resistance", "Magical Attacks", "Metalshifting", "Move or Fire", "Multiple Shots",
    "Multiple Wounds", "Not a Leader", "Otherworldly", "Pathmaster", "Poisoned Attacks", "Quick to Fire",
    "Random Attacks", "Random Movement", "Regeneration", "Requires Two Hands", "Scout", "Scythes",
    "Skirmishers", "Stomp", "Strider", "Stubborn", "Stupidity", "Swiftstride", "Terror", "Thunderous Charge",
    "Toxic Attacks", "Undead", "Unbreakable", "Unstable", "Unwieldy", "Vanguard", "Volley Fire",
    "War Platform", "Ward Save", "Weapon Masters", "Wizard Conclave",
    # troop-type rules (§14.4)
    "Can't March", "Cavalry Support", "Combined Profile", "Monster Ranks", "Monstrous Ranks",
    "Monstrous Support", "Mount's Protection", "Ridden Monster Profile", "War Machine Profile",
    # equipment-given (§15)
    "Natural Armour",
})
NEEDS_PARAM = frozenset({"Armour Piercing", "Bodyguard", "Breath Weapon", "Fly", "Grinding Attacks", "Impact Hits",
                         "Magic Resistance", "Multiple Shots", "Multiple Wounds", "Random Attacks",
                         "Random Movement", "Regeneration", "Stomp", "Strider", "Ward Save", "Natural Armour"})

# §22 rules this engine does not referee yet: an army file naming one is refused with the reason
# (never silently ignored, #10); each leaves this table when a phase applies it (War Platform left it
# when characters.py joined it to units as a character, front_rank.py put it in the centre).
NOT_REFEREED_RULES: dict[str, str] = {}

# Army-book rules the rulebook itself names and this engine applies as it says (§22 Toxic Attacks:
# -1 to wound against them): an army file may list them in ``extra_rules``; the bracket a rule
# must carry, when it must, is given (only the Pestilence mark is named). Every other army-book
# rule is refused by name: the rulebook does not say what it does (#10, [A-43]).
BOOK_RULES: dict[str, str | None] = {
    "Plague Cult": None,
    "Mark of the Dark Gods": "Pestilence",
}

WEAPONS = frozenset({"hand weapon", "flail", "great weapon", "halberd", "additional hand weapon", "lance",
                     "light lance", "pike", "spear", "short bow", "bow", "longbow", "crossbow", "handgun",
                     "pistol", "brace of pistols", "throwing weapons", "cannon", "catapult", "bolt thrower",
                     "flame thrower", "volley gun"})
# The rulebook's ranged weapons a model carries (§15.2) and its artillery (§15.3), by name: weapons.RANGED
# gives their profiles; the names stand here too so an army file's check (army.py) needs no profile.
CARRIED_RANGED = frozenset({"short bow", "bow", "longbow", "crossbow", "handgun", "pistol", "brace of pistols",
                            "throwing weapons"})
ARTILLERY = ("bolt thrower", "cannon", "catapult", "flame thrower", "volley gun")
# Each weapon as a reply names it, in the reader's language: Italian from the seed's tables (§15.1
# close combat, lines 2331-2362; §15.2 ranged, 2373-2400; §15.3 artillery: "Lancia Dardo" 2417,
# "Cannone" 2437, "Lanciafiamme" 2459, "Raffica" 2468, "Catapulta" 2478).
WEAPON_WORDS = {
    "hand weapon": N_("hand weapon"), "flail": N_("flail"), "great weapon": N_("great weapon"), "halberd": N_("halberd"),
    "additional hand weapon": N_("additional hand weapon"), "lance": N_("lance"), "light lance": N_("light lance"),
    "pike": N_("pike"), "spear": N_("spear"), "short bow": N_("short bow"), "bow": N_("bow"), "longbow": N_("longbow"),
    "crossbow": N_("crossbow"), "handgun": N_("handgun"), "pistol": N_("pistol"), "brace of pistols": N_("brace of pistols"),
    "throwing weapons": N_("throwing weapons"), "cannon": N_("cannon"), "catapult": N_("catapult"),
    "bolt thrower": N_("bolt thrower"), "flame thrower": N_("flame thrower"), "volley gun": N_("volley gun"),
}


def weapon_word(name: str) -> Text | str:
    """A weapon's name in the reader's language ("catapult": "Catapulta", "katapult"); a name the
    rulebook's tables do not hold (a magic weapon, a breath weapon) as it is."""
    return Text(WEAPON_WORDS[name]) if name in WEAPON_WORDS else name


# How an army list's weapon word is read wherever a weapon is read (fighters, loadout). The
# rulebook's close-combat weapons are §15.1's; "spear", the sample armies' word, is none of them:
# its Italian is the seed's *Lancia* (lines 2352-2355), which is the Lance (+2 S in the round after
# the model charged, against the charged enemies only, for mounted models, War Beasts and
# Monstrous Beasts), and no weapon but the Pike fights in an extra rank (the rules file's R-6).
WEAPON_READINGS = {"spear": "lance"}


def weapon_reading(name: str) -> str:
    """The rulebook weapon an army list's weapon word is read as.

    >>> weapon_reading("spear"), weapon_reading("pike")
    ('lance', 'pike')
    """
    return WEAPON_READINGS.get(name, name)


ARMOUR = frozenset({"light armour", "heavy armour", "plate armour", "shield", "barding", "helmet"})
EQUIPMENT = WEAPONS | ARMOUR

_DISTANCE = re.compile(r"^\s*(\d+|\d*\s*[dD]\s*[36]\s*(\+\s*\d+)?)\s*$")  # Random Movement (X)
_RULE = re.compile(r"^\s*([A-Za-z' -]+?)\s*(?:\(([^()]*)\))?\s*$")


def rule_name(text: str) -> str:
    m = _RULE.match(text)
    return m.group(1).strip() if m else text.strip()


def rule_param(text: str) -> str | None:
    m = _RULE.match(text)
    return m.group(2).strip() if m and m.group(2) else None


def not_refereed(name: str) -> Text:
    """Why an army file may not give a §22 rule this engine does not referee (NOT_REFEREED_RULES)."""
    return _("{name} is not refereed by this engine yet: {reason} (§22)", name=name, reason=Text(NOT_REFEREED_RULES[name]))


def is_known_rule(text: str, extra: frozenset[str] | set[str] = frozenset()) -> bool:
    m = _RULE.match(text)
    return bool(m) and (m.group(1).strip() in SPECIAL_RULES or m.group(1).strip() in extra)


def rule_problem(text: str, extra: frozenset[str] | set[str] = frozenset()) -> str | None:
    """Why a special rule as written is not usable, or None."""
    if not _RULE.match(text):
        return _("{text!r} is not written as Name or Name (X)", text=text)
    name, param = rule_name(text), rule_param(text)
    if name not in SPECIAL_RULES and name not in extra:
        return _("{name!r} is not a special rule of the rulebook (army-book rules go in extra_rules)", name=name)
    if name in NEEDS_PARAM and param is None:
        return _("{name} needs its value in brackets, e.g. {name} (2)", name=name)
    if name in NOT_REFEREED_RULES:
        return not_refereed(name)
    if name == "Random Movement" and not _DISTANCE.match(param or ""):
        return _("Random Movement ({param}): its value must be a distance or dice such as 2D6, 3D6 or D6+3", param=param)
    if name in BOOK_RULES and BOOK_RULES[name] and (param or "").strip().lower() != BOOK_RULES[name].lower():
        return _("{name} ({param}) is not refereed: of its army-book marks the rulebook names only {name} ({known}) (§22 Toxic Attacks)",
                 name=name, param=param or "", known=BOOK_RULES[name])
    return None


def extra_rule_problem(text: str) -> str | None:
    """Why an army file's ``extra_rules`` entry is refused, or None: it must be a §22 rule this
    engine referees, or an army-book rule the rulebook names and the engine applies (BOOK_RULES);
    any other is refused by name, never accepted and left unapplied (#10).

    >>> extra_rule_problem("Plague Cult") is None, extra_rule_problem("Hatred") is None
    (True, True)
    >>> print(extra_rule_problem("Kung Fu (2)"))
    'Kung Fu' is an army-book rule this engine cannot referee: the rulebook does not say what it does ([A-43]); give its effect as rulebook special rules, equipment or profile instead
    >>> print(extra_rule_problem("Scaly Skin"))
    'Scaly Skin' is an army-book rule this engine cannot referee: the rulebook does not say what it does ([A-43]); give its effect as rulebook special rules, equipment or profile instead
    """
    if not _RULE.match(text):
        return _("{text!r} is not written as Name or Name (X)", text=text)
    name = rule_name(text)
    if name in SPECIAL_RULES:
        if name in NOT_REFEREED_RULES:
            return not_refereed(name)
        return None
    if name in BOOK_RULES:
        return None
    return _("{name!r} is an army-book rule this engine cannot referee: the rulebook does not say what it does ([A-43]); give its effect as rulebook special rules, equipment or profile instead", name=name)


@dataclass(frozen=True)
class MagicItem:
    name: str
    category: Literal["weapon", "armour", "talisman", "enchanted", "arcane", "standard"]
    points: int  # the Lord price (the only price for single-cost items)
    hero_points: int  # the Hero price (equal to points for single-cost items)
    type: str  # the mundane counterpart ("hand weapon", "heavy armour", "-")
    on_foot_only: bool = False
    one_use: bool = False
    infantry_only: bool = False


@lru_cache(maxsize=1)
def magic_items() -> dict[str, MagicItem]:
    """The common magic items of §23, by lower-case name."""
    text = resources.files("engine.rulesets.ninth_age").joinpath("data/magic_items.json").read_text("utf-8")
    out = {}
    for row in json.loads(text):
        cost = row.pop("cost")
        lord, _skip, hero = str(cost).partition("/")
        item = MagicItem(points=int(lord), hero_points=int(hero or lord), **row)
        out[item.name.lower()] = item
    return out


# -- the data files' words (#13) ------------------------------------------------------------------
_ARMY_FILES = ("iron-marches", "ashen-host")  # army.SAMPLE_ARMIES (army imports this module)
_LORE_FILES = ("cairns",)  # army.SAMPLE_LORES


@lru_cache(maxsize=1)
def data_texts() -> dict[str, str]:
    """Every word the shipped data files show players, each with its file: the sample armies'
    lore names, spell names, types and effects, special rules and equipment as written, and
    the magic items' names and mundane types (magic_items.json). Catalogue keys of the
    ``ninth_age`` area (``scripts.catalogues`` adds them, so a new army file adds its words);
    units and models keep their names (the handles players type), and an uploaded army's own
    words are not among them: they stay as its owner wrote them."""
    folder = resources.files("engine.rulesets.ninth_age").joinpath("data")
    texts: dict[str, str] = {}

    def add(text: object, where: str) -> None:
        if isinstance(text, str) and text.strip() and text != "-":
            texts.setdefault(text, f"engine/rulesets/ninth_age/data/{where}")

    sources = [(f"armies/{name}.json", json.loads(folder.joinpath(f"armies/{name}.json").read_text("utf-8")))
               for name in _ARMY_FILES]
    sources += [(f"lores/{name}.json", {"lores": [json.loads(folder.joinpath(f"lores/{name}.json").read_text("utf-8"))]})
                for name in _LORE_FILES]  # a sample lore (army.SAMPLE_LORES), as an army's
    for where, army in sources:
        for lore in army.get("lores") or []:
            add(lore.get("name"), where)
            for spell in [*(lore.get("spells") or []), *([lore["attribute"]] if lore.get("attribute") else [])]:
                add(spell.get("name"), where)
                add(spell.get("effect"), where)
                for kind in spell.get("types") or []:
                    add(kind, where)
                for resolve in (spell.get("resolve") or {}, spell.get("boosted_resolve") or {}):
                    summoned = (resolve.get("summon") or {}).get("unit") or {}  # a summoned unit's (§7.9)
                    for holder in [summoned, *(summoned.get("parts") or [])]:
                        for word in [*(holder.get("special_rules") or []), *(holder.get("equipment") or [])]:
                            add(word, where)
        for rule in army.get("extra_rules") or []:
            add(rule, where)
        for unit in army.get("units") or []:
            for holder in [unit, *(unit.get("parts") or [])]:
                for word in [*(holder.get("special_rules") or []), *(holder.get("equipment") or [])]:
                    add(word, where)
            for item in unit.get("magic_items") or []:
                add(item, where)
    for row in json.loads(folder.joinpath("magic_items.json").read_text("utf-8")):
        add(row.get("name"), "magic_items.json")
        add(row.get("type"), "magic_items.json")
    return texts


# The placeholders whose value a sentence of this area says as a shipped data word when it is
# one ("{unit} activates the {item}", "{wizard} knows {lore} spells"); any other placeholder is
# said as written (a player's unit named "Hatred" stays "Hatred"), unless its value is a
# data_said() Text (bot.i18n.data_word).
DATA_WORD_PARAMS = frozenset({"spell", "spells", "spell_text", "lore", "lores", "scroll", "item", "items", "rule",
                              "rules", "weapon", "weapons", "special", "effect", "type", "types", "rune", "amulet",
                              "charm"})


def data_said(text: str) -> Text | str:
    """A shipped data file's word (a spell, a lore, a magic item, a special rule as a sample
    army writes it) in the reader's language; any other word as it is written.

    >>> data_said("Giant Sword").msgid, data_said("Fly (8)").msgid, data_said("Sword of My Own")
    ('Giant Sword', 'Fly (8)', 'Sword of My Own')
    """
    return shipped_word(text, data_texts(), "ninth_age")
