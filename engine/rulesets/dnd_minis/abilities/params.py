"""Reading the parameters printed with an ability or spell in spell format.

Cards print abilities like Breath Weapon, Gaze Attack, Death Burst and Poison with their
parameters in parentheses (War Drums §17.2, §26): ``(replaces attack; cone; 30 fire damage;
DC 15)``. :func:`parse` turns such text into :class:`Params`.

>>> p = parse("(replaces attack; cone; 30 fire damage; DC 15)")
>>> p.range, p.damage, p.energy, p.dc
('cone', 30, 'fire', 15)
>>> parse("radius 2; cold 10; DC 14").radius, parse("radius 2; cold 10; DC 14").damage
(2, 10)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.rulesets.dnd_minis.abilities.base import ENERGIES

RANGES = ("self", "touch", "range 6", "cone", "line 12", "sight", "your warband", "any warband")
CONDITION_WORDS = {
    "stun": "stunned", "stunned": "stunned", "paralysis": "paralyzed", "paralyzed": "paralyzed",
    "sleep": "asleep", "asleep": "asleep", "confusion": "confused", "confused": "confused",
    "entangle": "entangled", "entangled": "entangled", "blind": "blind", "blinded": "blind",
    "frightened": "frightened", "skips next turn": "skips next turn", "invisible": "invisible",
}
STATS = {
    "melee attack": "melee_attack", "ranged attack": "ranged_attack", "attack": "attack",
    "melee damage": "melee_damage", "ranged damage": "ranged_damage", "damage": "damage",
    "ac": "ac", "save": "save", "saves": "save", "speed": "speed", "morale": "morale",
}


@dataclass
class Params:
    text: str = ""
    range: str | None = None
    radius: int | None = None
    damage: int | None = None
    energy: str | None = None  # damage kind: an energy, "negative", "magic" or None (normal)
    dc: int | None = None
    negates: bool = False
    replaces_attack: bool = False
    ignore_sr: bool = False
    ignore_dr: bool = False
    conditions: list[str] = field(default_factory=list)
    stats: list[tuple[str, int]] = field(default_factory=list)
    hp: int | None = None
    heal: int | None = None
    numbers: list[int] = field(default_factory=list)
    living_only: bool = False
    any_target: bool = False
    each_turn: bool = False  # "5 damage each turn" (poison)
    destroy: bool = False


_DAMAGE = re.compile(r"(\d+)\s+(acid|cold|electricity|fire|sonic|negative|magic|positive)?\s*damage")
_ENERGY_FIRST = re.compile(r"\b(acid|cold|electricity|fire|sonic|negative)\s+(\d+)\b")
_DC = re.compile(r"\bdc\s*(\d+)(\s+negates)?")
_RADIUS = re.compile(r"\bradius\s+(\d+)")
_STAT = re.compile(r"\b(melee attack|ranged attack|attack|melee damage|ranged damage|damage|ac|saves?|speed|morale)"
                   r"\s*([+-]\d+)")
_STAT_AFTER = re.compile(r"([+-]\d+)\s+(?:to\s+|on\s+)?(melee attack|ranged attack|attack|melee damage|ranged damage|"
                         r"damage|ac|saves?|speed|morale)\b")
_HP = re.compile(r"([+-]?\d+)\s*hp\b")
_HEAL = re.compile(r"\bheal\s+(\d+)")


def parse(text: str | None) -> Params:
    """Parse spell-format parameters (any order, separated by ';' or ',')."""
    raw = (text or "").strip()
    low = raw.casefold().strip("() ")
    p = Params(text=raw)
    p.numbers = [int(n) for n in re.findall(r"\d+", low)]
    p.replaces_attack = "replaces attack" in low
    p.ignore_sr = "ignore spell resistance" in low or "ignores spell resistance" in low
    p.ignore_dr = "ignore dr" in low or "ignores dr" in low
    p.living_only = "living" in low and "nonliving" not in low
    p.any_target = bool(re.search(r"\bany\b(?! warband)", low))
    p.each_turn = "each turn" in low or "whenever" in low or "each time" in low or "activates" in low
    p.destroy = "destroy" in low
    for part in [s.strip() for s in re.split(r"[;,]", low)]:
        if part in RANGES and p.range is None:
            p.range = part
        elif part == "range 6" or part.startswith("range 6"):
            p.range = p.range or "range 6"
        elif part.startswith("line") and p.range is None:
            p.range = "line 12"
    if p.range is None:
        for r in RANGES:
            if re.search(rf"\b{r}\b", low):
                p.range = r
                break
    if (m := _RADIUS.search(low)):
        p.radius = int(m.group(1))
    if (m := _DAMAGE.search(low)):
        p.damage, kind = int(m.group(1)), m.group(2)
        p.energy = kind if kind and kind != "positive" else None
    elif (m := _ENERGY_FIRST.search(low)):
        p.energy, p.damage = m.group(1), int(m.group(2))
    if (m := _DC.search(low)):
        p.dc, p.negates = int(m.group(1)), bool(m.group(2))
    for word, name in CONDITION_WORDS.items():
        if re.search(rf"\b{word}\b", low) and name not in p.conditions:
            p.conditions.append(name)
    for stat, value in _STAT.findall(low):
        p.stats.append((STATS[stat], int(value)))
    if not p.stats:
        for value, stat in _STAT_AFTER.findall(low):
            p.stats.append((STATS[stat], int(value)))
    if (m := _HP.search(low)):
        p.hp = int(m.group(1))
    if (m := _HEAL.search(low)):
        p.heal = int(m.group(1))
    return p


def energy_word(text: str | None) -> str | None:
    for e in ENERGIES:
        if text and e in text.casefold():
            return e
    return None
