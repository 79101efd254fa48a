"""The tables of attacks and damage (§12, §15.5, §22): what an attack is, the to-wound table,
armour bonuses and saves, ward and regeneration, Multiple Wounds, the modifier order of §1.11,
and the defensive profile a unit presents. Pure arithmetic and dice; who is hit and what is
removed lives in :mod:`.attacks` and :mod:`.casualties`.

To wound (§12.4): S against T, a natural 6 always wounds, a natural 1 always fails, S 0 never
wounds; modifiers shift the needed roll, clamped to 2..6 ([A-22]).

>>> to_wound_needed(3, 3), to_wound_needed(4, 3), to_wound_needed(6, 3), to_wound_needed(3, 5), to_wound_needed(0, 1)
(4, 3, 2, 6, None)
>>> to_wound_needed(3, 4, modifier=-1)  # Toxic-style -1: 5+ becomes 6+
6

Armour (§12.5, E-27): the needed roll is 7 − bonus + max(0, S − 3) + AP, never better than 2+;
7 or more is no save.

>>> armour_save_needed(5, 3), armour_save_needed(5, 4, 1), armour_save_needed(5, 10), armour_save_needed(7, 3)
(2, 4, None, 2)

Modifier order (§1.11, E-06): set first, multipliers (rounding up), then additions, clamping to
0..10 after every step.

>>> modified(9, add=[3, -2]), modified(5, set_to=1, add=[1]), modified(7, times=[0.5], add=[1])
(8, 2, 5)
"""

from __future__ import annotations

from engine.core.text import _
import math
import re
from dataclasses import dataclass, field, replace
from typing import Literal

from engine.core import roll_dice
from engine.core.rng import Rng
from engine.rulesets.ninth_age.dice import d3

Category = Literal["close combat", "shooting", "special", "ranged"]
MAX_ARMOUR = 6  # §15.5: the armour bonus is capped at +6


def clamp(value: float) -> int:
    """Characteristics live in 0..10 at every step (§1.6)."""
    return int(max(0, min(10, value)))


def modified(base: int, *, set_to: int | None = None, times: list[float] = (), add: list[int] = ()) -> int:
    """A characteristic after its modifiers, in the strict order of §1.11: a set or borrowed
    value first, then multipliers in the order they came into effect (rounding up), then
    additions in the order they came into effect, clamped to 0..10 after each step (E-06)."""
    value = clamp(base if set_to is None else set_to)
    for factor in times:
        value = clamp(math.ceil(value * factor))
    for delta in add:
        value = clamp(value + delta)
    return value


# -- the attack ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Attack:
    """What a group of simultaneous hits carries (§12.1): Strength and the rules that matter from
    the to-wound roll on. ``strength`` None: an attack with no Strength (its own rules decide).

    ``no_armour``/``no_saves``: wounds that allow no armour save / no save of any kind (a Misfire's
    wound, Unstable wounds). ``multiple_wounds``: the rule's bracket as written ("2", "D3",
    "D6", "Ammunition", "2, Infantry").
    """

    strength: int | None
    category: Category = "shooting"
    armour_piercing: int = 0
    multiple_wounds: str | None = None
    flaming: bool = False
    magical: bool = False
    spell: bool = False
    lethal_strike: bool = False
    to_wound_modifier: int = 0
    wounds_on: int | None = None  # always wounds on this or better (Sword of Haste, §23.3)
    divine: bool = False  # Divine Attacks: successful ward saves against it are re-rolled (§22)
    reroll_failed_wounds: bool = False  # failed to-wound rolls are re-rolled (Blessed Sword, §23.3)
    metalshifting: bool = False  # wounds on the target's armour save value, not the table (§22)
    hellfire: bool = False  # a unit it wounds takes D6 S1 hits with no saves at the end of the phase (§22)
    lightning: bool = False  # a Fly unit it attacks takes D6 S4 hits at the end of the phase (§22)
    no_armour: bool = False
    no_saves: bool = False
    source: str = ""  # the weapon or rule, for the players' log

    def at_strength(self, strength: int) -> "Attack":
        return replace(self, strength=max(0, min(10, strength)))


def to_wound_needed(strength: int | None, toughness: int, modifier: int = 0, at_most: int | None = None
                    ) -> int | None:
    """The D6 roll needed to wound (§12.4), or None when it can never wound (S 0); ``at_most``:
    "always wounds on 4+ or better" (Sword of Haste, §23.3).

    >>> to_wound_needed(3, 5, at_most=4), to_wound_needed(5, 3, at_most=4)
    (4, 2)
    """
    if strength is None or strength <= 0:
        return None
    d = strength - toughness
    need = 4 if d == 0 else 3 if d == 1 else 2 if d >= 2 else 5 if d == -1 else 6
    need = max(2, min(6, need - modifier))
    return need if at_most is None else min(need, at_most)


def wounds(natural: int, strength: int | None, toughness: int, modifier: int = 0, at_most: int | None = None) -> bool:
    need = to_wound_needed(strength, toughness, modifier, at_most)
    if need is None or natural == 1:
        return False
    return natural == 6 or natural >= need


def armour_save_needed(bonus: int, strength: int | None, armour_piercing: int = 0) -> int | None:
    """The D6 roll needed to save (§12.5), or None when no save is possible."""
    bonus = min(MAX_ARMOUR, bonus)
    if bonus <= 0:
        return None
    need = 7 - bonus + max(0, (strength or 0) - 3) + armour_piercing
    if need >= 7:
        return None
    return max(2, need)


# -- the defender ----------------------------------------------------------------------------------
ARMOUR_PIECES = {"light armour": 1, "heavy armour": 2, "plate armour": 3, "shield": 1, "helmet": 1, "barding": 1}
_SAVE = re.compile(r"^\s*(\d)\s*\+?\s*$")


def save_value(text: str | None) -> int | None:
    """'4+' -> 4 (a ward, regeneration or natural armour bracket)."""
    if not text:
        return None
    m = _SAVE.match(text)
    return int(m.group(1)) if m else None


def armour_bonus(entry, *, shield: bool = True, mounted: bool = True) -> int:
    """The model's armour bonus (§15.5): armour pieces, the best Mount's Protection (never for a
    Large Target), the best Natural Armour, capped at +6. A ridden monster uses only the
    monster's Natural Armour (§14.4). ``shield`` False: a shield that may not be used (with a
    weapon that Requires Two Hands, in CC); ``mounted`` False: no Mount's Protection nor Barding
    (an assault on a Building, §18.6).

    >>> from engine.rulesets.ninth_age.army import Unit, Part
    >>> rider = Unit(name="K", category="core", points=1, troop_type="cavalry", models=5, base=(25, 50),
    ...     parts=[Part(name="K", M=4, WS=3, BS=3, S=3, T=3, W=1, I=3, A=1, Ld=7, role="rider"),
    ...            Part(name="H", M=8, WS=3, BS=0, S=3, T=3, W=1, I=3, A=1, Ld=5, role="mount")],
    ...     equipment=["light armour", "shield", "helmet", "barding"])
    >>> armour_bonus(rider)  # E-27: 1 + 1 + 1 + 1 (Mount's Protection 6+) + 1 (barding)
    5
    """
    from engine.rulesets.ninth_age.catalogue import rule_name, rule_param

    natural = 0
    mount = 0
    for rule in entry.all_rules():
        name, param = rule_name(rule), rule_param(rule)
        if name == "Natural Armour":
            natural = max(natural, 7 - (save_value(param) or 7))
        elif name == "Mount's Protection":
            mount = max(mount, 7 - (save_value(param) or 6))
    if entry.troop_type == "ridden monster":
        return min(MAX_ARMOUR, natural)
    if entry.has_rule("Large Target") or not mounted:
        mount = 0
    pieces = sum(ARMOUR_PIECES.get(e, 0) for e in entry.equipment
                 if (e != "shield" or shield) and (e != "barding" or mounted))
    return min(MAX_ARMOUR, pieces + mount + natural)


@dataclass(frozen=True)
class Defence:
    """What an attack meets (§12, §14.4): the T and W it is resolved against, the armour bonus,
    the best ward save and regeneration, and the rules that change the dice."""

    toughness: int
    wounds: int
    armour: int
    ward: int | None = None
    regeneration: int | None = None
    fireborn: bool = False
    magic_resistance: int = 0
    troop_type: str = ""
    rules: frozenset[str] = field(default_factory=frozenset)
    # magic items (§23.4-23.8): successful to-wound rolls against it re-rolled (Bluffer's Helm),
    # failed armour saves re-rolled (Dusk Stone), its own successful ward saves re-rolled (Holy Icon)
    reroll_wounds_against: bool = False
    reroll_failed_armour: bool = False
    reroll_own_wards: bool = False
    ethereal: bool = False  # a 2+ ward save, never against Magical Attacks (§22 Ethereal)
    reroll_ranged_sixes: bool = False  # Gem of Fortune in the unit: ranged to-wound 6s re-rolled (§23.6)

    def special_save(self, attack: Attack, wounded_on_six: bool = False) -> tuple[str, int] | None:
        """The one ward or regeneration save allowed against this wound (§12.6), the better of
        those allowed; None when there is none."""
        if attack.no_saves:
            return None
        options: list[tuple[str, int]] = []
        ward = self.ward
        if ward is not None and attack.spell and self.magic_resistance:
            ward = max(2, ward - self.magic_resistance)
        if self.fireborn and attack.flaming:
            ward = min(ward or 7, 2)
        if self.ethereal and not attack.magical:
            ward = min(ward or 7, 2)
        if ward is not None:
            options.append(("ward", ward))
        if self.regeneration is not None and not attack.flaming and not (attack.lethal_strike and wounded_on_six):
            options.append(("regeneration", self.regeneration))
        # "va deciso quale usare prima di tirare" (§12.6): the one likelier to save, a ward whose successes
        # are re-rolled (Divine Attacks, the Holy Icon) counting as saving only twice over
        again = attack.divine or self.reroll_own_wards

        def chance(option: tuple[str, int]) -> float:
            p = (7 - option[1]) / 6
            return p * p if option[0] == "ward" and again else p

        return max(options, key=chance) if options else None


def defence(entry, category: Category = "shooting", army=None, *, mounted: bool = True) -> Defence:
    """The defensive profile of one of ``entry``'s models (§14.4): the highest T and W among
    the parts (a Combined Profile); the monster's for a ridden monster; for a war machine the
    machine's T against ranged attacks and the crew's against CC attacks ([A-25]), the machine's W."""
    from engine.rulesets.ninth_age.catalogue import rule_name, rule_param

    parts = entry.parts
    idx = list(range(len(parts)))
    if entry.troop_type == "ridden monster":
        idx = [i for i, p in enumerate(parts) if p.role not in ("rider", "crew")] or idx
    if entry.troop_type == "war machine":
        machine = [i for i, p in enumerate(parts) if p.role == "machine"] or [0]
        crew = [i for i, p in enumerate(parts) if p.role == "crew"] or machine
        t_from = crew if category == "close combat" else machine
        toughness = max(entry.unmodified("T", i) for i in t_from)
        wounds_ = max(entry.unmodified("W", i) for i in machine)
    else:
        toughness = max(entry.unmodified("T", i) for i in idx)
        wounds_ = max(entry.unmodified("W", i) for i in idx)
    ward = regeneration = None
    magic_resistance = 0
    rules = entry.all_rules()
    armour = armour_bonus(entry, mounted=mounted)  # ``mounted`` False: an assault on a Building (§18.6)
    rider_items = entry.troop_type != "ridden monster"  # a Ridden Monster ignores its rider's defences (§21.2)
    if entry.magic_items and rider_items:
        # magic armour, talismans and the rules items give (§23.4-23.5); a weapon's stay with its attacks
        from engine.rulesets.ninth_age import loadout

        rules = rules + loadout.item_rules(entry, army)
        if loadout.has_magic_armour(entry, army):
            armour = loadout.armour(entry, army, mounted=mounted).bonus  # §18.6: no barding, no mount
        item_ward = loadout.ward(entry, army, ranged=category in ("shooting", "ranged"))
        if item_ward is not None:
            ward = item_ward
    if entry.magic_items and not rider_items:  # the items worded for the whole model still count (§23.2)
        from engine.rulesets.ninth_age import loadout

        ward = loadout.ward(entry, army, ranged=category in ("shooting", "ranged"), model_items_only=True)
    if entry.troop_type == "ridden monster":  # the rider's saves are not used (§14.4)
        rules = list(entry.troop.inherent) + list(entry.special_rules) + [
            r for p in parts if p.role not in ("rider", "crew") for r in p.special_rules]
    for rule in rules:
        name, param = rule_name(rule), rule_param(rule)
        if name == "Ward Save" and save_value(param):
            ward = min(ward or 7, save_value(param))
        elif name == "Otherworldly":
            ward = min(ward or 7, 5)
        elif name == "Regeneration" and save_value(param):
            regeneration = min(regeneration or 7, save_value(param))
        elif name == "Magic Resistance" and param and param.isdigit():
            magic_resistance = max(magic_resistance, int(param))
    items = {i.strip().lower() for i in entry.magic_items} if rider_items else set()
    return Defence(toughness=toughness, wounds=max(1, wounds_), armour=armour, ward=ward,
                   regeneration=regeneration, fireborn=any(rule_name(r) == "Fireborn" for r in rules),
                   magic_resistance=magic_resistance, troop_type=entry.troop_type,
                   rules=frozenset(rule_name(r) for r in rules), reroll_wounds_against="bluffer's helm" in items,
                   reroll_failed_armour="dusk stone" in items, reroll_own_wards="holy icon" in items,
                   ethereal=_ethereal(entry))


def _ethereal(entry) -> bool:
    """The 2+ ward of Ethereal belongs to the model, or to the rider of a multi-part model (§22)."""
    from engine.rulesets.ninth_age.catalogue import rule_name

    if any(rule_name(r) == "Ethereal" for r in entry.special_rules):
        return True
    riders = [p for p in entry.parts if p.role not in ("mount", "draught")] or entry.parts
    return any(rule_name(r) == "Ethereal" for p in riders for r in p.special_rules)


# -- Multiple Wounds -------------------------------------------------------------------------------
def multiple_wounds(spec: str | None, target: Defence, rng: Rng, purpose: str = "Multiple Wounds"
                    ) -> tuple[int, list[int]]:
    """How many wounds one unsaved wound becomes (§22 Multiple Wounds, E-35), and the dice
    rolled: X (a number or a dice expression, rolled per wound), Ammunition = D3+1 (D3+2 against
    Fly, [A-38]); "(X, Y)" only against troop type or rule Y (or any of several, "X, Y, Z", named
    singular or plural as the Beast-Bane Halberd's "Monsters, ... Chariots"); capped by the target's W."""
    if not spec:
        return 1, []
    value, _skip, only = (s.strip() for s in spec.partition(","))
    if only and not any(y.lower() in (target.troop_type, target.troop_type + "s") or y in target.rules
                        for y in (w.strip() for w in only.split(","))):  # one Y or several (Beast-Bane Halberd)
        return 1, []
    if value.lower() == "ammunition":
        value = "D3+2" if "Fly" in target.rules else "D3+1"
    dice: list[int] = []
    if value.isdigit():
        times = int(value)
    else:
        times, dice = roll_value(value, rng, purpose)
    return max(1, min(times, target.wounds)), dice


_DICE = re.compile(r"^\s*(\d*)\s*[dD]\s*(3|6)\s*(?:\+\s*(\d+))?\s*$")


def roll_value(text: str, rng: Rng, purpose: str) -> tuple[int, list[int]]:
    """A bracketed dice value such as D3+2, 2D6 or D6 (a D3 is a halved D6, §0.1): the value
    and the natural D6 faces.

    >>> from engine.core.rng import Rng
    >>> v, dice = roll_value("D3+2", Rng.from_seed(1), "x")
    >>> v == (dice[0] + 1) // 2 + 2
    True
    """
    text = text.strip()
    if text.isdigit():
        return int(text), []
    m = _DICE.match(text)
    if not m:
        raise ValueError(_("{text!r} is not a dice value (D3, D6, 2D6, D3+2...)", text=text))
    count, sides, plus = int(m.group(1) or 1), int(m.group(2)), int(m.group(3) or 0)
    roll = roll_dice(f"{count}d6", rng, purpose=purpose)
    faces = list(roll.dice)
    total = sum(d3(d) if sides == 3 else d for d in faces) + plus
    return total, faces
