"""Spells as data: a spell's range kind, area, effect, save and duration (War Drums §17;
skirmish §21), registered by name, and read from a card's spell entry when it prints one.

>>> s = spell_from_entry("blast of flame", "(cone; 30 fire damage, ignore Spell Resistance; DC 16)")
>>> s.range, s.damage, s.energy, s.dc, s.ignores_sr
('cone', 30, 'fire', 16, True)
>>> spell_family("Mass Bull's Strength") == spell_family("bull's strength")
True
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rulesets.dnd_minis.abilities.params import RANGES, parse

VERSION_WORDS = ("greater", "lesser", "legion's", "legion", "mass", "swift", "empowered", "quickened", "maximized")
AREAS = ("radius 2", "radius 4", "cone", "line 12")


def spell_family(name: str) -> str:
    """A spell's name without its version words: versions never stack (War Drums §17.6)."""
    words = name.casefold().replace("_", " ").split()
    while words and words[0] in VERSION_WORDS:
        words = words[1:]
    return " ".join(words)


@dataclass(frozen=True)
class Spell:
    """One spell. ``range`` is one of the eight range kinds (War Drums §17.4); ``area`` a
    template ("radius 2", "radius 4", "cone", "line 12") or None; ``stats`` lasting bonuses
    [(stat, value)]; ``conditions`` inflicted (avoided by a save); ``damage``/``energy`` with
    ``dc`` (half on a save, or nothing when ``negates``); ``hp`` extra hit points; ``heal``
    Heal N; ``summon`` the creature kind summoned; ``duration`` "battle" unless the text says
    "turn"; ``living_only``: affects living creatures only."""

    name: str
    range: str
    entry: str = ""
    area: str | None = None
    damage: int | None = None
    energy: str | None = None
    dc: int | None = None
    negates: bool = False
    ignores_sr: bool = False
    ignore_dr: bool = False
    stats: tuple[tuple[str, int], ...] = ()
    conditions: tuple[str, ...] = ()
    hp: int | None = None
    heal: int | None = None
    summon: str | None = None
    living_only: bool = False
    any_target: bool = False
    blocks_line_of_effect: bool = False
    level: int | None = None
    duration: str = "battle"
    not_from_rulebook: tuple[str, ...] = ()
    notes: str = ""

    @property
    def family(self) -> str:
        return spell_family(self.name)

    @property
    def touch(self) -> bool:
        return self.range == "touch"

    @property
    def castable_while_threatened(self) -> bool:
        """Only touch spells may be cast from a threatened square (War Drums §17.1)."""
        return self.range in ("touch", "self")

    @property
    def targets_nearest(self) -> bool:
        """Range 6, sight, cone and line target the nearest enemy or ally, unless "any"."""
        return self.range in ("range 6", "sight", "cone", "line 12") and not self.any_target

    @property
    def max_range(self) -> int | None:
        return {"range 6": 6, "cone": 6, "line 12": 12, "touch": 1, "self": 0}.get(self.range)


_SPELLS: dict[str, Spell] = {}


def register_spell(spell: Spell) -> Spell:
    _SPELLS[spell.name.casefold()] = spell
    return spell


def spell_named(name: str) -> Spell | None:
    """A registered spell by name; versions fall back to the base spell's entry."""
    key = name.casefold().strip()
    if key in _SPELLS:
        return _SPELLS[key]
    return _SPELLS.get(spell_family(name))


def known_spells() -> list[str]:
    return sorted(_SPELLS)


def spell_from_entry(name: str, entry: str, level: int | None = None) -> Spell:
    """Read a printed spell entry: ``name (range; area; effects; DC N)`` (War Drums §17.2)."""
    p = parse(entry)
    area = None
    if p.radius in (2, 4):
        area = f"radius {p.radius}"
    elif p.range in ("cone", "line 12"):
        area = p.range
    low = entry.casefold()
    summon = None
    if "summon" in low or "summon" in name.casefold():
        summon = name.casefold().replace("summon", "").strip() or "monster"
    rng = p.range or ("sight" if area and area.startswith("radius") else "self")
    if rng not in RANGES:
        rng = "sight"
    stats = tuple((s, v) for s, v in p.stats if s != "damage" or "damage +" in low or "damage -" in low)
    return Spell(name=name, range=rng, entry=entry, area=area, damage=p.damage, energy=p.energy, dc=p.dc,
                 negates=p.negates, ignores_sr=p.ignore_sr, ignore_dr=p.ignore_dr, stats=stats,
                 conditions=tuple(p.conditions), hp=p.hp, heal=p.heal, summon=summon,
                 living_only=p.living_only, any_target=p.any_target, level=level,
                 duration="turn" if "until the end of" in low and "turn" in low else "battle")
