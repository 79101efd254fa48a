"""A creature in play: its card, where it stands and what has happened to it.

Conditions (War Drums §20, Skirmish §23) are small records with the DC they were saved
against, who caused them and when they end, so every mode reads one model:

>>> from engine.rulesets.dnd_minis.cards import StatCard
>>> card = StatCard.model_validate({"id": "orc", "name": "Orc", "speed": 6, "ac": 14, "hp": 20,
...     "melee": [{"bonus": 4, "damage": 5}]})
>>> orc = Creature.from_card(card, id="orc-1", side="p1")
>>> orc.add_condition(Condition(name="stunned"))  # True: it was not stunned yet
True
>>> orc.active, orc.has("stunned"), orc.ac_penalty()
(False, True, 2)
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from engine.rulesets.dnd_minis.cards import StatCard

XY = tuple[int, int]

FOOTPRINT = {"tiny": 1, "small": 1, "medium": 1, "large": 2, "huge": 3, "gargantuan": 4, "colossal": 6}

# Conditions that leave a creature helpless (§20.2): melee against it hits automatically.
HELPLESS = frozenset({"paralyzed", "asleep", "helpless"})
# Conditions that make a creature not active (§20.1): no threat, no flanking, no AoO, no command.
INACTIVE = HELPLESS | {"stunned"}


class Condition(BaseModel):
    """One condition on a creature.

    ``ends``: ``"next_turn_end"`` (stun: after it has missed one chance to act), ``"save"``
    (a save against ``dc`` at the end of each of its turns: paralysis, confusion, entangle),
    ``"damage"`` (sleep), ``"turn_end"`` (Ghost Step), ``"battle"`` (poison, spells).
    """

    name: str
    dc: int | None = None
    source: str | None = None  # the creature that caused it
    source_seat: str | None = None  # that creature's player (VP for poison deaths)
    value: int = 0  # poison: damage each time the creature activates
    text: str = ""  # poison: identically worded effects don't stack
    ends: str = "battle"
    turns_missed: int = 0  # stun: turns in which it could have acted


class Effect(BaseModel):
    """A lasting bonus or penalty from a spell or ability (§17.6): ``stat`` gets ``value``.

    ``family`` is the spell's name without its version word (*mass*, *greater*...): the same
    family never stacks with itself. ``commander`` marks commander effects (largest only).
    """

    name: str
    family: str
    stat: str  # "attack", "melee_attack", "ranged_attack", "ac", "save", "melee_damage", ...
    value: int = 0
    source: str | None = None
    commander: bool = False
    flags: list[str] = Field(default_factory=list)  # e.g. "ignore_dr"


class Creature(BaseModel):
    id: str
    card: StatCard
    side: str  # the player whose warband it belongs to
    label: str
    square: XY | None = None  # top-left square of its space; None while off the board
    # (anchor, (w, h)): squeezed into a narrower block there (Skirmish §10.5). Any other placement
    # (teleport, push, deployment) moves ``square`` away from the anchor and so is a full space.
    squeeze: tuple[XY, tuple[int, int]] | None = None
    hp: int
    conditions: list[Condition] = Field(default_factory=list)
    effects: list[Effect] = Field(default_factory=list)
    morale_checked: bool = False  # the half-HP morale save happens once (AMB-7)
    routed: bool = False
    rout_caused_by: str | None = None  # the creature whose attack/spell/ability caused the rout
    rout_caused_seat: str | None = None  # its player (VP when the router leaves the map)
    rout_turn: int | None = None  # the turn serial in which it routed (no AoO from the causer then)
    destroyed: bool = False
    left_map: bool = False  # routed off through an exit: eliminated
    phased_out: bool = False
    phase_square: XY | None = None  # where a phased-out creature returns
    activated: bool = False
    activations: int = 0  # turns taken this round (Dual Activation allows two)
    arrived_round: int | None = None  # summoned / respawned: no activation in that round
    summoner: str | None = None  # the creature whose summon brought it (starter: it vanishes with it)
    required: str | None = None  # Requires CREATURE: the creature named at setup as the required one
    uses: dict[str, int] = Field(default_factory=dict)  # check boxes spent, by ability/spell name
    teleported_round: int | None = None
    commander_rating: int | None = None  # a promoted or Commander-0 rating, else the card's
    cost: int | None = None  # VP value (Commander 0: cost + 5)
    controller: str | None = None  # Confusion 1-5: the opponent deciding its turn
    enslaved_from: str | None = None  # Enslave: the seat whose warband it left (its VP are spent)

    @classmethod
    def from_card(cls, card: StatCard, *, id: str, side: str, label: str | None = None) -> "Creature":
        if card.hp is None:
            raise ValueError(f"{card.name} has no hit points")
        return cls(id=id, card=card, side=side, label=label or card.name[:3].upper(), hp=card.hp,
                   cost=card.cost)

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def max_hp(self) -> int:
        return self.card.hp or 0

    @property
    def span(self) -> int:
        return FOOTPRINT[self.card.size]

    @property
    def shape(self) -> tuple[int, int] | None:
        """The (w, h) of its block while it stands squeezed; None: its full space."""
        if self.squeeze is None or self.square is None or tuple(self.squeeze[0]) != tuple(self.square):
            return None
        return tuple(self.squeeze[1])

    @property
    def squeezed(self) -> bool:
        return self.shape is not None

    @property
    def squares(self) -> list[XY]:
        if self.square is None:
            return []
        x0, y0 = self.square
        w, h = self.shape or (self.span, self.span)
        return [(x0 + dx, y0 + dy) for dy in range(h) for dx in range(w)]

    @property
    def on_board(self) -> bool:
        return self.square is not None and not self.destroyed and not self.left_map and not self.phased_out

    @property
    def eliminated(self) -> bool:
        return self.destroyed or self.left_map

    @property
    def active(self) -> bool:
        """Able to threaten and act (rules §20.1): not routing, stunned or helpless, and in play."""
        return self.on_board and not self.routed and not any(c.name in INACTIVE for c in self.conditions)

    @property
    def helpless(self) -> bool:
        return any(c.name in HELPLESS for c in self.conditions)

    @property
    def bloodied(self) -> bool:
        """At or below half its printed hit points (the morale threshold)."""
        return self.hp * 2 <= self.max_hp

    @property
    def rating(self) -> int | None:
        """Its commander rating, or None if it is no commander."""
        return self.commander_rating if self.commander_rating is not None else self.card.commander

    @property
    def is_commander(self) -> bool:
        return self.rating is not None

    @property
    def vp_value(self) -> int:
        return self.cost if self.cost is not None else (self.card.cost or 0)

    # -- conditions -------------------------------------------------------------------------------
    def has(self, name: str) -> bool:
        return any(c.name == name for c in self.conditions)

    def condition(self, name: str) -> Condition | None:
        return next((c for c in self.conditions if c.name == name), None)

    def add_condition(self, condition: Condition) -> bool:
        """Add a condition; the same condition (same wording for poison) never stacks, except
        Level Drain's, whose drains are counted (its rule decides whether the penalty deepens:
        War Drums AMB-35 yes, starter A-34 no)."""
        for c in self.conditions:
            if c.name == condition.name == "level drained":
                c.value = (c.value or 1) + (condition.value or 1)
                c.text = f"level drained {c.value}"
                return True
            if c.name == condition.name and c.text == condition.text:
                return False
        self.conditions.append(condition)
        return True

    def remove_condition(self, name: str) -> None:
        self.conditions = [c for c in self.conditions if c.name != name]

    def condition_names(self) -> list[str]:
        return [c.name for c in self.conditions]

    def ac_penalty(self) -> int:
        return 2 if self.has("stunned") else 0
