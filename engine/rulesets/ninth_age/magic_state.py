"""What the Magic phase keeps between actions (§24.2 "Magic state per phase", "Active effects"):
each caster's level and spells, the spells in play, and the current phase's pools and flags."""

from __future__ import annotations

import math
from typing import Any, Literal

from pydantic import BaseModel, Field

XY = tuple[float, float]


class Caster(BaseModel):
    """A wizard (a character, or a Wizard Conclave unit's Champion) or a bound-spell bearer."""

    unit: str  # the unit id the caster is (a character) or leads (a Conclave champion)
    seat: str
    name: str  # how players name it
    level: int = 0
    wizard: bool = True  # False: bound spells only (not a wizard, no Channel, §9.1)
    lore: str | None = None
    spells: list[str] = Field(default_factory=list)  # names of the spells it knows
    bound: list[str] = Field(default_factory=list)  # bound spells still castable
    conclave: bool = False
    slain: bool = False  # a Conclave champion removed from play while its unit fights on
    used_items: list[str] = Field(default_factory=list)  # one-use arcane items spent
    used_turns: dict[str, int] = Field(default_factory=dict)  # item -> the game turn it was spent in
    banned: dict[str, int] = Field(default_factory=dict)  # spell -> the game turn a Binding Scroll forbids it


class Effect(BaseModel):
    """A spell in play: what it changes, on whom, until when."""

    id: int
    spell: str
    caster: str  # Caster.name
    seat: str
    # "player turn": a one-use item's effect (Potion of Strength, §23.6) until the player turn ends
    duration: Literal["one turn", "permanent", "remains in play", "player turn"]
    units: list[str]
    part: str | None = None  # a Focused spell on one part of a multi-part model
    modifiers: dict[str, int] = Field(default_factory=dict)
    halve: list[str] = Field(default_factory=list)
    armour: int = 0  # +X to the armour save (§12.5)
    ward: int | None = None  # Ward Save (X+) (§12.6)
    lowest_casting_value: int
    phase: int  # the Magic phase number it was cast in
    attribute: bool = False
    bound: bool = False  # cast as a bound spell: +1 to dispel it (§9.12), its Power Level the value to reach


class TemplateMark(BaseModel):
    """A template placed this phase, for the board: where it went and from where it scattered."""

    kind: Literal["round", "line", "vortex"]
    spell: str
    diameter: float = 0.0
    start: XY
    end: XY
    aimed: XY | None = None  # where it was aimed before scattering


class MagicPhase(BaseModel):
    number: int
    pools: dict[str, int]  # magic dice left: the active player's power dice, the reactive's dispel dice
    used: dict[str, int] = Field(default_factory=dict)  # magic dice used this phase (at most 12)
    generated: dict[str, int] = Field(default_factory=dict)  # beyond the Flux (at most 2)
    attempted: list[str] = Field(default_factory=list)  # "caster/spell" tried this phase
    broken: list[str] = Field(default_factory=list)  # casters whose concentration is broken
    templates: list[TemplateMark] = Field(default_factory=list)
    windows: int = 0  # reactive RiP-dispel windows opened (keys for their questions)
    moves: dict[str, float] = Field(default_factory=dict)  # unit -> inches of a magical move it may make now
    moved: list[str] = Field(default_factory=list)  # units that made a magical move this phase
    shielded: str | None = None  # the spell being resolved against which a Shielding Scroll was read


# -- reading the spells in play (§9.4, §1.11) ------------------------------------------------------
# Every phase asks (movement, leadership, shooting, melee), so this lives below them all; ``state``
# is the NinthAgeState and ``unit`` its UnitState, not imported since the state holds this module's
# models.
def movement_of(state: Any, unit: Any) -> int:
    """The unit's M for moving and charging, with the spells in play on it (Grasping Roots...)."""
    return spell_modified(state, unit.id, "M", state.unit_entry(unit).movement)


def spell_modified(state: Any, unit_id: str, characteristic: str, value: int,
                   part: str | None = None, *, set_to: int | None = None, first: tuple[int, ...] | list[int] = ()
                   ) -> int:
    """``value`` changed by the spells in play on the unit (and the one-use items drunk, which
    are kept with them), in the strict order of §1.11 (E-06): a set value first (``set_to``:
    WS 1 after a failed Fear test, a Fencer's Swords' WS 10), then halving (rounding up), then
    additions: ``first`` (the equipment's, in effect since the battle began: a great weapon's
    +2 S) and then each spell's in the order they came into effect, clamping to 0-10 after
    every step.

    Shooting and melee read a model's S, T, WS, BS, I, A, Ld... through this.

    >>> from types import SimpleNamespace as NS
    >>> hex_ = Effect(id=1, spell="Hex", caster="W", seat="p2", duration="one turn", units=["U"],
    ...               modifiers={"WS": 1}, lowest_casting_value=5, phase=1)
    >>> s = NS(effects=[hex_])
    >>> spell_modified(s, "U", "WS", 3, set_to=1), spell_modified(s, "U", "WS", 9, first=[3])  # E-06 C, B-like
    (2, 10)
    """
    on = [e for e in state.effects if unit_id in e.units and (e.part is None or part is None or e.part == part)]
    value = max(0, min(10, value if set_to is None else set_to))
    for e in on:
        if characteristic in e.halve:
            value = max(0, min(10, math.ceil(value / 2)))
    for delta in first:
        value = max(0, min(10, value + delta))
    for e in on:
        if characteristic in e.modifiers:
            value = max(0, min(10, value + e.modifiers[characteristic]))
    return value


def profile_value(state: Any, unit: Any, characteristic: str, part: int = 0, *, set_to: int | None = None,
                  first: tuple[int, ...] | list[int] = ()) -> int:
    """A model part's characteristic as it is now: the unmodified profile (army-list upgrades
    included, §1.9) changed by the spells and items in play on it (§1.11)."""
    entry = state.unit_entry(unit)
    return spell_modified(state, unit.id, characteristic, entry.unmodified(characteristic, part),
                          entry.parts[part].name, set_to=set_to, first=first)


def spell_saves(state: Any, unit_id: str, target: Any) -> Any:
    """The defence (a damage.Defence) of the unit's models with the saves the spells in play on
    it give: their armour bonuses added (§12.5, capped at +6 as every armour bonus, §15.5) and
    the best of their Ward Saves and the models' own (§12.6).

    >>> from types import SimpleNamespace as NS
    >>> from engine.rulesets.ninth_age.damage import Defence
    >>> skin = Effect(id=1, spell="Iron Skin", caster="W", seat="p1", duration="one turn", units=["U"],
    ...               armour=2, ward=5, lowest_casting_value=5, phase=1)
    >>> d = spell_saves(NS(effects=[skin]), "U", Defence(toughness=3, wounds=1, armour=5, ward=6))
    >>> d.armour, d.ward
    (6, 5)
    """
    from dataclasses import replace

    on = [e for e in state.effects if unit_id in e.units and (e.armour or e.ward)]
    if not on:
        return target
    armour = min(6, target.armour + sum(e.armour for e in on))
    wards = [e.ward for e in on if e.ward] + ([target.ward] if target.ward else [])
    return replace(target, armour=armour, ward=min(wards) if wards else None)


# -- the Shielding Scroll (§23.7) ------------------------------------------------------------------
# Read by the ward saves (saves.py) while a spell's hits are resolved.
SHIELDING_WARD = 4


def shielded(state: Any, attack: Any, target: Any) -> Any:
    """The defence against a spell's hits with the Shielding Scroll read against it: a 4+ ward
    (the better of it and the model's own)."""
    from dataclasses import replace

    if state.magic is None or state.magic.shielded is None or attack.source != state.magic.shielded:
        return target
    return replace(target, ward=min(target.ward or 7, SHIELDING_WARD))
