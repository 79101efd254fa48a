"""What a model fights with: its armour save, ward and regeneration, and the attack profile of
each weapon it may use, mundane equipment (§15) and magic items (§23) together.

A weapon's rules change only the attacks made with it (§21.4, E-43); a magic weapon must be
used (§23.1); magic armour replaces mundane armour of the same category and, destroyed,
becomes its mundane type (§23.1, E-41); changes bought in the army list are part of the
unmodified profile, an item's are not (§1.9, E-05).

>>> from engine.rulesets.ninth_age.army import sample_army
>>> marshal = sample_army("iron-marches").unit("Marshal")
>>> armour(marshal).needed, ward(marshal)  # plate armour and shield; Talisman of Shielding
(3, 6)
>>> [(w.name, w.strength) for w in weapons(marshal, "cc")]
[('Sword of Strength', 5)]
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.rulesets.ninth_age.army import Army, Unit
from engine.rulesets.ninth_age.catalogue import MagicItem, magic_items, rule_name, rule_param, weapon_reading
from engine.rulesets.ninth_age.items import BODY_ARMOUR, LANCE_TROOPS, LANCES, NO_MOUNTED

MUNDANE_ARMOUR = {"light armour": 1, "heavy armour": 2, "plate armour": 3, "shield": 1, "helmet": 1, "barding": 1}
ARMOUR_CAP = 6

# §15.1: strength, attacks and initiative changes, rules, who cannot use it
CC_WEAPONS: dict[str, dict] = {
    "hand weapon": {},
    "flail": {"S": 2, "rules": ["Requires Two Hands"]},
    "great weapon": {"S": 2, "I_set": 0, "rules": ["Requires Two Hands"]},
    "halberd": {"S": 1, "rules": ["Requires Two Hands"]},
    "additional hand weapon": {"A": 1, "I": 1, "rules": ["Requires Two Hands"]},
    "lance": {"S_charge": 2},
    "light lance": {"S_charge": 1},
    "pike": {"AP": 1, "rules": ["Fight in Extra Rank"]},
}
# Ranged weapons that count as an additional hand weapon in close combat (§15.2).
PISTOLS = ("pistol", "brace of pistols")
# The order a unit with several is offered them in (the first is taken when it is not asked).
CC_CHOICE_ORDER = ("great weapon", "halberd", "flail", "additional hand weapon", "lance", "light lance", "pike")
# §15.2: range, strength (None: the user's), rules
RANGED_WEAPONS: dict[str, tuple[float, int | None, tuple[str, ...]]] = {
    "short bow": (18, 3, ("Volley Fire",)),
    "bow": (24, 3, ("Volley Fire",)),
    "longbow": (30, 3, ("Volley Fire",)),
    "crossbow": (30, 4, ("Unwieldy",)),
    "handgun": (24, 4, ("Unwieldy", "Armour Piercing (1)")),
    "pistol": (12, 4, ("Quick to Fire", "Armour Piercing (1)")),
    "brace of pistols": (12, 4, ("Quick to Fire", "Armour Piercing (1)", "Multiple Shots (2)")),
    "throwing weapons": (12, None, ("Quick to Fire", "Multiple Shots (2)")),
}
# The rulebook's magic weapons (§23.3): changes to the attacks made with them.
MAGIC_WEAPONS: dict[str, dict] = {
    "giant sword": {"S": 3},
    "blade of strife": {"A": 3},
    "ogre sword": {"S": 2},
    "axe of battle": {"A": 2},
    "fencer's swords": {"WS_set": 10},
    "obsidian sword": {"AP": 6},
    "beast-bane halberd": {"S_fixed": 5, "rules": ["Multiple Wounds (2, Monsters, Ridden Monsters, Monstrous "
                                                   "Cavalry, Monstrous Infantry, Monstrous Beasts, Chariots)"]},
    "king slayer": {"rules": ["King Slayer"]},
    "sword of haste": {"I_set": 10, "rules": ["Always wounds on 4+"]},
    "blessed sword": {"rules": ["Divine Attacks", "Re-roll failed to-wound rolls"]},
    "fleshrender": {"AP": 1},
    "sword of strength": {"S": 1},
    "sword of skill": {"to_hit": 1},
    "flaming lance": {"rules": ["Flaming Attacks"]},
    "screaming swords": {},
    "razor blade": {"AP": 1},
    "skull splitter": {"range": 24, "S_fixed": 4, "AP": 1, "rules": ["Multiple Shots (4)", "Always hits on 4+"]},
}
# The rulebook's magic armour (§23.4): extra bonus, a fixed save, ward, rules for the model.
MAGIC_ARMOUR: dict[str, dict] = {
    "force shield": {"ward_ranged": 5},
    "armour of destiny": {"ward": 4},
    "bluffer's helm": {"bonus": 1, "rules": ["Re-roll successful to-wound rolls against the wearer"]},
    "glittering cuirass": {"rules": ["Distracting"]},
    "armour of fortune": {"ward": 5},
    "mithril mail": {"body": 5},
    "dragon mantle": {"natural": 5},
    "bronze breastplate": {},
    "gambler's armour": {"ward": 6},
    "dragonscale helm": {"bonus": 1, "rules": ["Fireborn"]},
    "lucky shield": {},
    "hardened shield": {"bonus": 1},
}
TALISMAN_WARD = {"talisman of supreme shielding": 4, "talisman of greater shielding": 5, "talisman of shielding": 6}
# The items whose words give their effect to "il modello dell'utilizzatore", the whole model with its
# mount, a Ridden Monster too, whose rider's defences are otherwise not used (§23.2, seed 001:3596:
# "in questo caso non vale la restrizione inerente il Profilo del Mostro Cavalcato"): the Force
# Shield's ward against ranged attacks, the Bronze Breastplate's 1+, the Lucky Shield's ignored hit.
MODEL_ITEMS = frozenset({"force shield", "bronze breastplate", "lucky shield"})
# The special rules items give their bearer's model (§23.4-23.5): read with its own rules.
ITEM_RULES: dict[str, tuple[str, ...]] = {
    "sprout of rebirth": ("Regeneration (4+)",),
    "obsidian nullstone": ("Magic Resistance (3)",),
    "obsidian rock": ("Magic Resistance (2)",),
    "obsidian pebble": ("Magic Resistance (1)",),
    "dragonfire gem": ("Fireborn",),
    "dragonscale helm": ("Fireborn",),
}


def item_rules(unit: Unit, army: Army | None = None) -> list[str]:
    """The special rules the unit's magic items give (an army book's item: its ``rules``;
    a weapon's rules stay with its attacks, §21.4)."""
    out: list[str] = []
    for item in _items(unit, army):
        out += ITEM_RULES.get(item.name.lower(), ())
        book = _book(army, item.name)
        if book and item.category != "weapon":
            out += list(book.rules)
            if book.regeneration:
                out.append(f"Regeneration ({book.regeneration}+)")
    return out


def has_magic_armour(unit: Unit, army: Army | None = None) -> bool:
    return any(i.category == "armour" for i in _items(unit, army))
# The arcane items (§23.7): the Magic phase and spell generation apply every one of them.
ARCANE_ITEMS = frozenset({
    "dispel scroll", "binding scroll", "backlash scroll", "wand of stability", "sceptre of power", "grounding rod",
    "book of arcane power", "tome of arcane lore", "book of a thousand incantations", "essence of a free mind",
    "shielding scroll",
})


def refereed(item: str) -> bool:
    """Whether the engine applies this rulebook item's effect (§23): every item but those an army
    is refused for, with the reason, at validation (items.NOT_REFEREED_ITEMS)."""
    from engine.rulesets.ninth_age.items import NOT_REFEREED_ITEMS

    return item.strip().lower() in magic_items() and item.strip().lower() not in NOT_REFEREED_ITEMS


@dataclass
class Armour:
    """A model's armour: the bonus (capped at +6), the roll it needs, and what makes it up."""

    bonus: int
    pieces: list[str] = field(default_factory=list)

    @property
    def needed(self) -> int | None:
        """The D6 roll that saves (``7 - bonus``, never better than 1+... and a 1 always fails);
        None: no armour save."""
        return None if self.bonus <= 0 else max(1, 7 - self.bonus)


@dataclass
class Weapon:
    """One weapon's attacks as the engine computes them for a model part."""

    name: str
    kind: str  # cc / ranged
    strength: int
    attacks: int
    initiative: int
    weapon_skill: int
    armour_piercing: int = 0
    to_hit: int = 0
    magic: bool = False
    range: float | None = None
    strength_on_charge: int | None = None
    rules: list[str] = field(default_factory=list)


def _items(unit: Unit, army: Army | None) -> list[MagicItem]:
    catalogue = army.items() if army is not None else magic_items()
    return [catalogue[i.strip().lower()] for i in unit.magic_items if i.strip().lower() in catalogue]


def _book(army: Army | None, name: str):
    if army is None:
        return None
    return next((b for b in army.magic_items if b.name.lower() == name.lower()), None)


def armour(unit: Unit, army: Army | None = None, destroyed: frozenset[str] | set[str] = frozenset(), *,
           mounted: bool = True) -> Armour:
    """The armour bonus of the unit's models (the rider's, for a combined profile).

    Magic body armour or a magic shield replaces the mundane piece of its category (E-41); an
    item in ``destroyed`` counts as its mundane type. Mount's Protection takes its best value,
    never for Large Targets; natural armour the best of the model's. ``mounted`` False: neither
    Mount's Protection nor Barding counts (an assault on a Building, §18.6), the magic armour's
    own bonus does.

    >>> from engine.rulesets.ninth_age.army import sample_army
    >>> captain = sample_army("iron-marches").unit("Captain")  # heavy armour, shield, horse, barding
    >>> armour(captain).bonus, armour(captain).needed
    (5, 2)
    """
    body = next((e for e in reversed(BODY_ARMOUR) if e in unit.equipment), None)
    pieces: dict[str, tuple[str, int]] = {}
    if body:
        pieces["body"] = (body, MUNDANE_ARMOUR[body])
    if "shield" in unit.equipment:
        pieces["shield"] = ("shield", 1)
    if "helmet" in unit.equipment:
        pieces["helmet"] = ("helmet", 1)
    extra: list[tuple[str, int]] = []
    natural = 0
    for item in _items(unit, army):
        if item.category != "armour":
            continue
        key = item.name.lower()
        effect = MAGIC_ARMOUR.get(key, {})
        book = _book(army, item.name)
        lost = item.name in destroyed
        slot = "body" if item.type in BODY_ARMOUR else "shield" if item.type == "shield" else None
        if slot is not None:
            mundane = MUNDANE_ARMOUR[item.type]
            value = mundane if lost else effect.get("body", book.armour if book and book.armour else mundane)
            label = item.type if lost else f"{item.name} ({item.type})"
            pieces[slot] = (label, value)  # the magic piece replaces the mundane one (§23.1)
            if not lost and effect.get("bonus"):
                extra.append((item.name, effect["bonus"]))
        elif not lost:
            if effect.get("natural"):
                natural = max(natural, 7 - effect["natural"])
            elif effect.get("bonus") or (book and book.armour):
                extra.append((item.name, effect.get("bonus") or book.armour))
    for rule in unit.all_rules():
        if rule_name(rule) == "Natural Armour" and (rule_param(rule) or "").rstrip("+").isdigit():
            natural = max(natural, 7 - int(rule_param(rule).rstrip("+")))
    mount = 0
    if mounted and not unit.has_rule("Large Target"):
        for rule in unit.all_rules():
            if rule_name(rule) == "Mount's Protection":
                param = (rule_param(rule) or "6").rstrip("+")
                mount = max(mount, 7 - int(param) if param.isdigit() else 1)
    if "barding" in unit.equipment and mounted:
        extra.append(("barding", 1))
    listed = [(label, value) for label, value in pieces.values()] + extra
    if natural:
        listed.append(("natural armour", natural))
    if mount:
        listed.append(("mount's protection", mount))
    total = min(ARMOUR_CAP, sum(v for _skip, v in listed))
    return Armour(bonus=total, pieces=[f"{label} +{value}" for label, value in listed])


def ward(unit: Unit, army: Army | None = None, *, ranged: bool = False, model_items_only: bool = False) -> int | None:
    """The best ward save X+ the unit's models have from rules and items, or None;
    ``model_items_only``: the ward of the items worded for the whole model alone (MODEL_ITEMS, a
    Ridden Monster's rider's)."""
    best: list[int] = []
    for rule in [] if model_items_only else unit.all_rules():
        if rule_name(rule) == "Ward Save" and (rule_param(rule) or "").rstrip("+").isdigit():
            best.append(int(rule_param(rule).rstrip("+")))
    for item in _items(unit, army):
        key = item.name.lower()
        if model_items_only and key not in MODEL_ITEMS:
            continue
        effect = MAGIC_ARMOUR.get(key, {})
        if effect.get("ward"):
            best.append(effect["ward"])
        if ranged and effect.get("ward_ranged"):
            best.append(effect["ward_ranged"])
        if key in TALISMAN_WARD:
            best.append(TALISMAN_WARD[key])
        book = _book(army, item.name)
        if book and book.ward:
            best.append(book.ward)
    return min(best) if best else None


def weapons(unit: Unit, kind: str, army: Army | None = None, part: int = 0) -> list[Weapon]:
    """The weapons of ``kind`` (cc or ranged) a model part may use, each with its attacks.

    In close combat a magic weapon must be used (§23.1); otherwise any weapon but the hand
    weapon when the model has another (§15.1)."""
    base = {c: unit.unmodified(c, part) for c in ("S", "A", "I", "WS", "BS")}
    magic = [i for i in _items(unit, army) if i.category == "weapon"]
    out: list[Weapon] = []
    if kind == "cc":
        cc_magic = [i for i in magic if i.type not in ("ranged weapon",) and i.type not in RANGED_WEAPONS]
        if cc_magic:
            return [_weapon(unit, army, base, i.type, i) for i in cc_magic]
        return [_weapon(unit, army, base, name, None) for name in cc_weapon_choices(unit)]
    for e in unit.equipment:
        if e in RANGED_WEAPONS:
            rng, strength, rules = RANGED_WEAPONS[e]
            out.append(Weapon(name=e, kind="ranged", strength=base["S"] if strength is None else strength,
                              attacks=1, initiative=base["I"], weapon_skill=base["WS"], range=rng,
                              armour_piercing=_ap(rules), rules=list(rules)))
    for item in magic:
        if item.type == "ranged weapon" or item.type in RANGED_WEAPONS:
            effect = MAGIC_WEAPONS.get(item.name.lower(), {})
            out.append(Weapon(name=item.name, kind="ranged", strength=effect.get("S_fixed", base["S"]), attacks=1,
                              initiative=base["I"], weapon_skill=base["WS"], range=effect.get("range"),
                              armour_piercing=effect.get("AP", 0), magic=True, rules=list(effect.get("rules", []))))
    return out


def cc_weapon_choices(unit: Unit) -> list[str]:
    """The close-combat weapons the unit's models may choose among (§15.1), each army-list word
    read as the rulebook weapon it is (catalogue.weapon_reading: a spear is a lance): a model with
    any other CC weapon may not choose its hand weapon; lances only for mounted models, War Beasts
    and Monstrous Beasts; mounted models use neither an additional hand weapon nor a pike. A
    pistol or a brace of pistols counts as an additional hand weapon in close combat (the seed's
    §15.2: "In CaC si considera 'Arma Addizionale'"), so a model on foot carrying one fights
    with it, and a mounted one (which may not use an additional hand weapon) with its hand weapon.

    >>> from engine.rulesets.ninth_age.army import sample_army
    >>> army = sample_army("iron-marches")
    >>> cc_weapon_choices(army.unit("Spearmen")), cc_weapon_choices(army.unit("Battle Chariot"))
    (['hand weapon'], ['lance'])
    >>> cc_weapon_choices(army.unit("Pistoliers"))  # cavalry: a brace of pistols, no extra weapon
    ['hand weapon']
    """
    mounted = unit.mounted
    carried = {weapon_reading(e) for e in unit.equipment}
    if carried & set(PISTOLS):
        carried.add("additional hand weapon")
    out = []
    for w in CC_CHOICE_ORDER:
        if w not in carried:
            continue
        if w in LANCES and not (mounted or unit.troop_type in LANCE_TROOPS):
            continue
        if w in NO_MOUNTED and mounted:
            continue
        out.append(w)
    return out or ["hand weapon"]


def _ap(rules) -> int:
    return max((int(rule_param(r)) for r in rules if rule_name(r) == "Armour Piercing"
                and (rule_param(r) or "").isdigit()), default=0)


def _weapon(unit: Unit, army: Army | None, base: dict[str, int], mundane: str, item: MagicItem | None) -> Weapon:
    """A close-combat weapon: its mundane type's rules, then the magic item's own (§23.2)."""
    rules = dict(CC_WEAPONS.get(mundane, {}))
    effect = MAGIC_WEAPONS.get(item.name.lower(), {}) if item else {}
    book = _book(army, item.name) if item else None
    if book:
        effect = {**{k: v for k, v in book.profile.items()}, "rules": list(book.rules)}
    clamp = lambda v: max(0, min(10, v))  # noqa: E731
    strength = clamp(base["S"] + rules.get("S", 0) + effect.get("S", 0))
    if "S_fixed" in effect:
        strength = effect["S_fixed"]  # "whatever the modifiers"
    initiative = clamp(base["I"] + rules.get("I", 0) + effect.get("I", 0))
    if "I_set" in rules:
        initiative = rules["I_set"]
    if "I_set" in effect:
        initiative = effect["I_set"]
    weapon_skill = effect.get("WS_set", clamp(base["WS"] + effect.get("WS", 0)))
    on_charge = clamp(strength + rules["S_charge"]) if "S_charge" in rules else None
    return Weapon(
        name=item.name if item else mundane, kind="cc", strength=strength,
        attacks=clamp(base["A"] + rules.get("A", 0) + effect.get("A", 0)), initiative=initiative,
        weapon_skill=weapon_skill, armour_piercing=max(rules.get("AP", 0), effect.get("AP", 0)),
        to_hit=effect.get("to_hit", 0), magic=item is not None, strength_on_charge=on_charge,
        rules=list(rules.get("rules", [])) + list(effect.get("rules", [])))
