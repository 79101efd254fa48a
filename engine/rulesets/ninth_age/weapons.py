"""Ranged weapons (§15.2) and artillery (§15.3): range, Strength and special rules.

The ranged weapons are the rulebook's table. Artillery has "its own range, S and rules" in an
army book, which the rulebook does not give, so the profiles below are this project's generic
ones (the worked examples' numbers where they give any: a catapult S 3[9], a bolt thrower S 6,
a cannon S 10 with an 8" line).

>>> RANGED["crossbow"].range, RANGED["crossbow"].strength, RANGED["crossbow"].rules
(30, 4, ('Unwieldy',))
>>> RANGED["handgun"].armour_piercing, RANGED["brace of pistols"].multiple_shots
(1, '2')
>>> RANGED["throwing weapons"].strength is None  # the user's S
True
>>> a = breath_weapon("Strength 4, Flaming Attacks")
>>> a.strength, a.category, a.flaming, a.armour_piercing, a.source
(4, 'special', True, 0, 'Breath Weapon')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.rulesets.ninth_age.catalogue import ARTILLERY, rule_name, rule_param
from engine.rulesets.ninth_age.damage import Attack

ARTILLERY_KINDS = ARTILLERY
# The rules that give a model (or the part that has them) Magical Attacks on all its attacks, special
# ones too (§22): the rule itself, Ethereal ("hanno sempre Attacchi Magici") and Otherworldly
# ("hanno Attacchi Magici").
MAGICAL_RULES = ("Magical Attacks", "Ethereal", "Otherworldly")


@dataclass(frozen=True)
class RangedWeapon:
    name: str
    range: float
    strength: int | None  # None: the user's S
    rules: tuple[str, ...] = ()
    kind: str = "normal"  # or one of ARTILLERY_KINDS
    template: float = 0.0  # catapult X" template diameter / cannon X" line length
    bracket_strength: int | None = None  # catapult S 3[9]: the model under the centre

    def has(self, rule: str) -> bool:
        return any(rule_name(r) == rule for r in self.rules)

    def param(self, rule: str) -> str | None:
        return next((rule_param(r) for r in self.rules if rule_name(r) == rule), None)

    @property
    def armour_piercing(self) -> int:
        value = self.param("Armour Piercing")
        return int(value) if value and value.isdigit() else 0

    @property
    def multiple_shots(self) -> str | None:
        return self.param("Multiple Shots")

    @property
    def artillery(self) -> bool:
        return self.kind in ARTILLERY_KINDS

    @property
    def cumbersome(self) -> bool:
        """Artillery is always Cumbersome (§15.3): it never Stands and Shoots."""
        return self.artillery or self.has("Cumbersome")

    def attack(self, user_strength: int) -> Attack:
        """What its hits carry (§15.2: the weapon's rules apply to its own attacks only, E-43)."""
        mw = self.param("Multiple Wounds")
        toxic = self.has("Toxic Attacks")  # S 3 and Armour Piercing (6), whatever else (§22)
        metal = self.has("Metalshifting")  # the armour save value to wound, AP (6), Flaming (§22)
        return Attack(strength=3 if toxic else self.strength if self.strength is not None else user_strength,
                      category="shooting", armour_piercing=6 if toxic or metal else self.armour_piercing,
                      multiple_wounds=mw, flaming=metal or self.has("Flaming Attacks"),
                      magical=self.has("Magical Attacks"), divine=self.has("Divine Attacks"), metalshifting=metal,
                      hellfire=self.has("Hellfire"), lightning=self.has("Lightning Attack"),
                      source=self.name)


RANGED: dict[str, RangedWeapon] = {w.name: w for w in (
    RangedWeapon("short bow", 18, 3, ("Volley Fire",)),
    RangedWeapon("bow", 24, 3, ("Volley Fire",)),
    RangedWeapon("longbow", 30, 3, ("Volley Fire",)),
    RangedWeapon("crossbow", 30, 4, ("Unwieldy",)),
    RangedWeapon("handgun", 24, 4, ("Unwieldy", "Armour Piercing (1)")),
    RangedWeapon("pistol", 12, 4, ("Quick to Fire", "Armour Piercing (1)")),
    RangedWeapon("brace of pistols", 12, 4, ("Quick to Fire", "Armour Piercing (1)", "Multiple Shots (2)")),
    RangedWeapon("throwing weapons", 12, None, ("Quick to Fire", "Multiple Shots (2)")),
    # artillery: generic profiles of this project's own (the rulebook leaves them to army books)
    RangedWeapon("bolt thrower", 48, 6, ("Cumbersome",), kind="bolt thrower"),
    RangedWeapon("cannon", 48, 10, ("Cumbersome", "Multiple Wounds (D3)"), kind="cannon", template=8),
    RangedWeapon("catapult", 48, 3, ("Cumbersome",), kind="catapult", template=3, bracket_strength=9),
    RangedWeapon("flame thrower", 12, 5, ("Cumbersome", "Flaming Attacks"), kind="flame thrower", template=3),
    RangedWeapon("volley gun", 24, 5, ("Cumbersome", "Armour Piercing (1)", "Multiple Shots (2D6)"),
                 kind="volley gun"),
)}
# The rulebook's magic ranged weapon (§23.3): "Tipo: Arma da Tiro. Raggio 24", Forza 4, Tiro Multiplo (4),
# Penetrazione dell'Armatura (1), colpisce sempre al 4+"; its damage is a magic item's: Magical Attacks (§22).
MAGIC_RANGED: dict[str, RangedWeapon] = {
    "skull splitter": RangedWeapon("skull splitter", 24, 4, ("Multiple Shots (4)", "Armour Piercing (1)",
                                                               "Always hits on 4+", "Magical Attacks")),
}
BREATH_RANGE = 6.0

_STRENGTH = re.compile(r"^\s*(?:Strength|Forza|S)\s*(\d+)\s*$", re.I)  # Forza: the seed's own word


def breath_weapon(param: str) -> Attack:
    """The hits of a Breath Weapon (§22): the S and rules in its brackets, nothing else of the
    model's (a special attack, §12.1)."""
    strength, rules = None, []
    for piece in (p.strip() for p in param.split(",")):
        m = _STRENGTH.match(piece)
        if m:
            strength = int(m.group(1))
        elif piece:
            rules.append(piece)
    ap = next((rule_param(r) for r in rules if rule_name(r) == "Armour Piercing"), None)
    return Attack(strength=strength, category="special", armour_piercing=int(ap) if ap and ap.isdigit() else 0,
                  multiple_wounds=next((rule_param(r) for r in rules if rule_name(r) == "Multiple Wounds"), None),
                  flaming=any(rule_name(r) == "Flaming Attacks" for r in rules),
                  magical=any(rule_name(r) == "Magical Attacks" for r in rules),
                  lethal_strike=any(rule_name(r) == "Lethal Strike" for r in rules), source="Breath Weapon")


def weapons_of(entry) -> list[RangedWeapon]:
    """The ranged weapons a unit's models carry, in the order of its list; a magic one last."""
    return [RANGED[e] for e in entry.equipment if e in RANGED] + [
        MAGIC_RANGED[i.strip().lower()] for i in entry.magic_items if i.strip().lower() in MAGIC_RANGED]


def breath_magical(entry) -> bool:
    """A Breath Weapon's hits are Magical Attacks when its model has Magical Attacks (Ethereal,
    Otherworldly): "la applicano a tutti i loro attacchi inclusi quelli Speciali come [...] gli
    Attacchi a Soffio" (§22), the rule on the unit or on the part that breathes ("applicata solo
    alla parte del modello che la possiede")."""
    parts = [p for p in entry.parts if any(rule_name(r) == "Breath Weapon" for r in p.special_rules)]
    rules = list(entry.special_rules) + [r for p in parts for r in p.special_rules]
    return any(rule_name(r) in MAGICAL_RULES for r in rules)


def breath_of(entry) -> str | None:
    """The bracket of the unit's Breath Weapon, if it has one."""
    for rule in entry.all_rules():
        if rule_name(rule) == "Breath Weapon":
            return rule_param(rule) or ""
    return None

