"""What a spell does, as data the Magic phase can carry out (§9.2-9.4): a lore file gives each
spell's effect as words for the players *and* as these fields for the referee.

- ``hits`` on the target (a number or dice: ``"D6"``, ``"2D6"``) at ``strength``;
- ``template``: a round template of that diameter centred on the target (its centre, or the
  Ground point), scattered by ``scatter`` (``"D6"``) first when given; every model it touches
  takes one hit. Line-template and Vortex spells take their shape from their types;
- ``modifiers``: characteristic changes (``{"S": 1}``) and ``halve`` (``["M"]``) lasting the
  spell's duration;
- with a template, Line template or Vortex, ``hits`` is per model touched (default one);
- ``magical_move``: the target may at once make a magical move of that many inches (§9.13);
- ``armour``: +X to the armour save of the target's models (§12.5: "ed eventuali regole speciali
  e Incantesimi"), up to the +6 cap; ``ward``: a Ward Save (X+) for them (§12.6, the better of it
  and their own), both lasting the spell's duration;
- ``heal`` / ``recover``: Heal or Recover that many wounds (a number or dice: ``"D3"``) on each
  target (§7.8, :mod:`.healing`): a unit's own models, never the characters joined to it; a
  character only when it is the target itself (a Focused spell on it, a spell on the caster).
  A spell does one or the other, and never with a template.
- ``summon``: the spell summons a new unit (§7.9, :mod:`.summoning`): ``unit`` is its profile,
  an army-file unit entry written in the lore file itself (checked as an army file's units are,
  by the lore's :class:`~engine.rulesets.ninth_age.army.Spell`), ``models`` how many models come
  (a number or dice, default the entry's own), ``files`` how wide by default.

>>> SpellEffect(hits="D6", strength=4).deals_hits
True
>>> SpellEffect(modifiers={"S": 1}).deals_hits
False
>>> SpellEffect(armour=1, ward=5).lasting, SpellEffect(hits="D6", strength=4).lasting
(True, False)
>>> SpellEffect(recover="d3").recover, SpellEffect(heal=2).heal
('D3', '2')
>>> vortex_of(["Ground", "Vortex (Range 2, Template 3)"])
(2.0, 3.0)
"""

from __future__ import annotations

from engine.core.text import _
import re
from typing import Any

from pydantic import ConfigDict, Field, field_validator, model_validator

from engine.rulesets.ninth_age.file_model import FileModel
from engine.rulesets.ninth_age.characteristics import CHARACTERISTICS, characteristic_changes

_HITS = re.compile(r"^(\d+|[1-3]?D[36](\+\d+)?)$", re.I)
_WOUNDS = re.compile(r"^(?:[1-9]\d?|[1-9]?D[36](?:\+\d{1,2})?)$", re.I)


def amount_problem(text: object) -> str | None:
    """Why ``text`` is not X of Heal or Recover X Wounds (§7.8): a number of wounds (1 to 99) or
    dice (D3, D6, 2D6, D3+1); None when it is one.

    >>> amount_problem("D3"), amount_problem("2D6"), amount_problem("D3+1"), amount_problem("4")
    (None, None, None, None)
    >>> str(amount_problem("0"))
    "'0' is not a number of wounds or dice such as 3, D3, D6, 2D6, D3+1"
    """
    typed = str(text if text is not None else "").strip()
    if _WOUNDS.match(typed):
        return None
    return _("{typed!r} is not a number of wounds or dice such as 3, D3, D6, 2D6, D3+1", typed=typed)


class Summon(FileModel):
    """The unit a summoning spell brings (§7.9). ``unit`` stays the entry as the lore file wrote
    it; :class:`~engine.rulesets.ninth_age.army.Spell` checks it as an army file's unit (this
    module comes before the army's models, so it cannot name them)."""

    model_config = ConfigDict(extra="forbid")

    unit: dict[str, Any]
    models: str | None = None  # a number or dice ("D3+2"); None: the entry's models
    files: int | None = Field(default=None, ge=1, le=60)

    @field_validator("models")
    @classmethod
    def _models(cls, v):
        if v is not None and not _HITS.match(v.strip()):
            raise ValueError(_("{v!r} is not a number of models or dice such as D6, 2D6, D3+1", v=v))
        return v


class SpellEffect(FileModel):
    model_config = ConfigDict(extra="forbid")

    hits: str | None = None
    strength: int | None = Field(default=None, ge=0, le=10)
    armour_piercing: int = Field(default=0, ge=0, le=6)
    flaming: bool = False
    template: float | None = Field(default=None, gt=0, le=10)
    scatter: str | None = None
    modifiers: dict[str, int] = Field(default_factory=dict)
    halve: list[str] = Field(default_factory=list)
    magical_move: float | None = Field(default=None, gt=0, le=24)
    armour: int = Field(default=0, ge=0, le=6)  # +X armour save bonus
    ward: int | None = Field(default=None, ge=2, le=6)  # Ward Save (X+)
    heal: str | None = None  # Heal X Wounds (§7.8): a number or dice
    recover: str | None = None  # Recover X Wounds (§7.8): a number or dice

    @field_validator("heal", "recover", mode="before")
    @classmethod
    def _wounds(cls, v):  # a lore file may write a number as a number
        if v is not None:
            if isinstance(v, bool) or not isinstance(v, (str, int)):
                raise ValueError(_("{v!r} is not a number of wounds or dice such as 3, D3, D6, 2D6, D3+1", v=v))
            problem = amount_problem(v)
            if problem:
                raise ValueError(problem)
            v = str(v).strip().upper()
        return v

    @model_validator(mode="after")
    def _one_healing(self) -> "SpellEffect":
        if self.heal is not None and self.recover is not None:
            raise ValueError(_("a spell heals (heal) or recovers wounds (recover), not both"))
        if (self.heal or self.recover) and (self.template is not None or self.scatter is not None):
            raise ValueError(_("a spell that heals or recovers wounds does it to its targets, not under a template"))
        return self
    summon: Summon | None = None  # a new unit (§7.9)

    @field_validator("hits", "scatter")
    @classmethod
    def _dice(cls, v):
        if v is not None and not _HITS.match(v.strip()):
            raise ValueError(_("{v!r} is not a number of hits or dice such as D6, 2D6, D3+1", v=v))
        return v

    @field_validator("modifiers")
    @classmethod
    def _mods(cls, v):
        return characteristic_changes(v)

    @field_validator("halve")
    @classmethod
    def _halve(cls, v):
        for key in v:
            if key not in CHARACTERISTICS:
                raise ValueError(_("{key!r} is not a characteristic", key=key))
        return v

    @property
    def deals_hits(self) -> bool:
        return self.strength is not None and (self.hits is not None or self.template is not None)

    @property
    def lasting(self) -> bool:
        """It changes its targets for the spell's duration (characteristics or saves)."""
        return bool(self.modifiers or self.halve or self.armour or self.ward)


class BoundSpell(FileModel):
    """A bound spell a non-wizard model carries (§9.12): a spell of one of the army's lores,
    cast at its Power Level."""

    model_config = ConfigDict(extra="forbid")

    spell: str = Field(min_length=1, max_length=60)
    power_level: int = Field(ge=1, le=20)


def vortex_of(types: list[str]) -> tuple[float, float] | None:
    """(range multiplier X, template diameter Y) of a "Vortex (Range X, Template Y)" type."""
    for t in types:
        m = re.fullmatch(r"\s*vortex\s*\(\s*range\s*(\d+(?:\.\d+)?)\"?\s*,\s*template\s*(\d+(?:\.\d+)?)\"?\s*\)\s*",
                         t, re.I)
        if m:
            return float(m.group(1)), float(m.group(2))
    return None
