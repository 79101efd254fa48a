"""The ability framework: every special ability, keyword, condition and type trait is a small
class looked up by its printed name, and the ruleset asks them at fixed *hook points*.

An ability overrides only the hooks it affects; every hook's default is the neutral answer
(0, ``None`` = "no opinion", ``False``, ``[]``). A printed name is matched against each
registered pattern, where ``{CREATURE}``, ``{ENERGY}``, ``{EFFECT}``, ``{SPELLS}``, ``{N}``
(and ``{M}``, ``{DC}`` for a second and third number) are the rulebook's placeholders::

    @register_ability
    class CreatureFoe(Ability):
        pattern = "{CREATURE} Foe"

        def damage_bonus(self, ctx):
            return 5 if ctx.defender.card.has_type(self.keyword) else 0

Who is asked
------------
*Owner* = the creature holding the ability (card ability, creature-type trait, condition or
spell effect on it). For the attack hooks the owner is implied by the context
(``attack_bonus``/``damage_bonus``: the attacker; ``ac_bonus``/``conceal``: the defender);
every other hook receives ``owner`` explicitly. Effects on *other* creatures (Stench, commander
effects, Countersong...) come from :meth:`Ability.aura`.

How results combine (War Drums §24, §19; skirmish §22)
-------------------------------------------------------
Numeric hooks return plain ints; :mod:`~engine.rulesets.dnd_minis.abilities.hooks` wraps them
in :class:`Modifier` (value, source, family, kind) and :func:`combine` applies the stacking
rules once, for everybody: different sources stack; the same family never stacks with itself
(a stronger version replaces the weaker: Powerful Charge +5 and +10 give +10); commander effects
to the same statistic never stack with each other (largest bonus, largest penalty) but stack
with everything else; only the highest Conceal counts. "No opinion" hooks (``None``) are
resolved by :func:`first_opinion` with *denials winning*: any ``False`` beats any ``True``
(Wild beats Independent is not a case the rules give; we say so where it matters).

The ruleset never reaches into an ability; it calls the functions in ``hooks.py`` at the
call sites listed in ``.notes/ability-hooks.md``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterable, Literal, Protocol

from engine.core.text import N_, Text, _

if TYPE_CHECKING:  # pragma: no cover
    from engine.core.rng import Rng
    from engine.rulesets.dnd_minis.cards import AbilityRef, AttackEntry, StatCard
    from engine.rulesets.dnd_minis.creature import Creature

ENERGIES = ("acid", "cold", "electricity", "fire", "sonic")
# Damage kinds a DamagePacket may carry. "normal" = ordinary melee/ranged damage (DR applies).
DAMAGE_KINDS = ("normal", "magic", "negative", "positive", *ENERGIES)
SIZES = ("tiny", "small", "medium", "large", "huge", "gargantuan", "colossal")

_WORD = r"[A-Za-z][A-Za-z'()/ ,-]*?"
_PLACEHOLDERS = {
    "{CREATURE}": rf"(?P<keyword>{_WORD})",
    "{EFFECT}": rf"(?P<keyword>{_WORD})",
    "{SPELLS}": rf"(?P<keyword>{_WORD})",
    "{ENERGY}": r"(?P<keyword>acid|cold|electricity|fire|sonic)",
    "{N}": r"(?P<value>[-+]?\d+)",
    "{M}": r"(?P<value2>[-+]?\d+)",
    "{DC}": r"(?P<dc>\d+)",
    "{REST}": r"(?P<rest>.*)",
}

Stat = Literal["attack", "ac", "damage", "save", "morale", "speed", "conceal", "initiative", "hp"]
ModifierKind = Literal["ability", "commander", "spell", "condition", "terrain", "cover", "situation"]


# ---------------------------------------------------------------------------------------------
# The questions the ruleset answers (abilities never reach into board internals)
# ---------------------------------------------------------------------------------------------
EDITIONS = ("starter", "war-drums")


def edition_of(battle: "Battle | None") -> str:
    """The rules edition a battle is played under ("starter" = skirmish file, "war-drums");
    War Drums when unknown. Read from ``battle.edition``, else ``battle.rules.edition`` (the
    skirmish settings)."""
    edition = getattr(battle, "edition", None) or getattr(getattr(battle, "rules", None), "edition", None)
    return edition if edition in EDITIONS else "war-drums"


def ruling(battle: "Battle | None", name: str, default):
    """A ruling the game's settings make where the seeds contradict themselves or each other
    (``battle.rules.<name>``, the skirmish's SkirmishRules), or ``default`` when the battle has
    no such setting (previews, tests on an open field).

    >>> ruling(None, "magic_ignores_dr", True)
    True
    """
    value = getattr(getattr(battle, "rules", None), name, None)
    return default if value is None else value


class Battle(Protocol):
    """What an ability may ask about the battlefield. The ruleset implements it.

    Distances are in squares counted the D&D way (1-2-1-2), around walls where the rules say so
    (command, range). ``allies`` are the creature's own and teammates' creatures, never itself.
    Only creatures on the board (not destroyed, not phased out) are returned by the list queries.
    ``edition`` is "starter" or "war-drums" (abilities whose wording differs read it).
    :class:`~engine.rulesets.dnd_minis.abilities.field.OpenField` is a wall-less implementation
    used by tests and previews.
    """

    edition: str

    def creatures(self) -> list["Creature"]: ...
    def is_ally(self, a: "Creature", b: "Creature") -> bool: ...
    def adjacent(self, a: "Creature", b: "Creature") -> bool: ...
    def distance(self, a: "Creature", b: "Creature") -> int: ...
    def can_see(self, viewer: "Creature", target: "Creature") -> bool: ...
    def enemies_adjacent_to(self, creature: "Creature") -> list["Creature"]: ...
    def allies_adjacent_to(self, creature: "Creature") -> list["Creature"]: ...
    def allies_within(self, creature: "Creature", squares: int) -> list["Creature"]: ...
    def enemies_within(self, creature: "Creature", squares: int) -> list["Creature"]: ...
    def in_command(self, creature: "Creature") -> bool: ...
    def commanders_of(self, creature: "Creature") -> list["Creature"]: ...
    def has_cover_from(self, creature: "Creature", other: "Creature", *, ignore_creatures: bool = False) -> bool: ...
    def flanked(self, attacker: "Creature", defender: "Creature") -> bool: ...
    def ask(self, seat: str, key: str, question: str, options: list[str]) -> str:
        """A choice the rules give ``seat`` (engine.core.decisions); a battlefield with no
        players to ask answers with the first option."""
        ...


# ---------------------------------------------------------------------------------------------
# Contexts handed to hooks
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class AttackContext:
    """One attack while it is resolved (War Drums §10.2; skirmish §14.2).

    ``declared`` names the limited-use riders the attacker announced before the roll (Smite with
    check boxes, Stunning Attack, Death Attack); ``earlier_hits`` lists the ids of creatures this
    attacker already hit with a melee attack this turn (Rend). ``flanking``/``charging`` are the
    ruleset's geometric verdicts, before immunities (the hooks apply Immune Flanking).
    """

    attacker: "Creature"
    defender: "Creature"
    entry: "AttackEntry"
    melee: bool
    opportunity: bool = False
    # Kept for the Quick Start battlefield; new code passes ``battle`` and uses the method below.
    enemies_adjacent_to: Callable[["Creature"], list["Creature"]] | None = None
    battle: Battle | None = None
    charging: bool = False
    flanking: bool = False
    entry_index: int = 0
    declared: frozenset[str] = frozenset()
    earlier_hits: tuple[str, ...] = ()
    attacker_sees_defender: bool = True
    defender_sees_attacker: bool = True
    distance: int = 1
    cleave: bool = False  # this is Cleave's extra attack

    def adjacent_enemies(self, creature: "Creature") -> list["Creature"]:
        if self.enemies_adjacent_to is not None:
            return self.enemies_adjacent_to(creature)
        if self.battle is not None:
            return self.battle.enemies_adjacent_to(creature)
        return []

    @property
    def ranged(self) -> bool:
        return not self.melee


@dataclass(frozen=True)
class SaveContext:
    """A save being rolled (War Drums §16, §15.1). ``morale`` saves have DC 20.

    ``against`` names what is saved against ("poison", "fireball", "Turn Undead", "rally",
    "half hit points", ...), so immunities and special cases can look at it.
    """

    creature: "Creature"
    dc: int
    morale: bool = False
    against: str = ""
    source: "Creature | None" = None
    battle: Battle | None = None
    rally: bool = False
    commander_rating: int = 0  # already decided by the ruleset for morale saves


@dataclass(frozen=True)
class DamagePacket:
    """One separately typed part of damage on its way to a defender (War Drums §10.4-10.5).

    ``from_attack`` is True for melee/ranged attack damage (the only damage DR reduces);
    ``ignore_dr`` marks effects that bypass DR (magic weapon, sacred circle). A packet's
    ``kind`` is one of :data:`DAMAGE_KINDS`.
    """

    amount: int
    kind: str = "normal"
    from_attack: bool = True
    spell: bool = False
    ignore_dr: bool = False
    source: "Creature | None" = None
    notes: tuple[str, ...] = ()

    def minus(self, n: int, why: str) -> "DamagePacket":
        return replace(self, amount=max(0, self.amount - n), notes=(*self.notes, why))

    def times(self, k: int, why: str) -> "DamagePacket":
        return replace(self, amount=self.amount * k, notes=(*self.notes, why))


@dataclass(frozen=True)
class DamageContext:
    """Damage about to be taken: who deals it, from what, and the dice for Incorporeal.

    ``events`` collects the rolls the defences make (the ruleset appends them to its log);
    ``spell`` names the spell when the damage is a spell's.
    """

    defender: "Creature"
    source: "Creature | None" = None
    attack: AttackContext | None = None
    rng: "Rng | None" = None
    battle: Battle | None = None
    spell: str | None = None
    events: list = field(default_factory=list)


@dataclass(frozen=True)
class MoveContext:
    """A creature's movement this turn, as far as abilities care (War Drums §8, §12.3)."""

    creature: "Creature"
    squares: int = 0  # squares already moved this turn before the step being checked
    planned: int = 0  # squares of the whole move being made (Sidestep: 1)
    charging: bool = False
    routing: bool = False
    forced: bool = False  # push/pull/slide
    burrowing: bool = False
    own_turn: bool = True
    slowed: bool = False  # entered terrain that slows it this turn
    battle: Battle | None = None


@dataclass
class MoveTraits:
    """How a creature moves; abilities switch flags on, conditions switch them off."""

    flies: bool = False
    burrow_speed: int = 0
    incorporeal: bool = False
    ignores_difficult: bool = False
    passes_walls: bool = False
    passes_creatures: bool = False  # may move (and charge) through other creatures' squares
    passes_smaller: bool = False  # Trample
    charge_through_creatures: bool = False
    immune_to_aoo_after_first_square: bool = False
    speed_multiplier_halved: bool = False  # blind: each square costs double
    can_charge: bool = True
    straight_charge: bool = True  # Stagger: False


@dataclass
class TurnLimits:
    """What a creature may do this turn; the ruleset's turn options read it (War Drums §7.2)."""

    can_act: bool = True  # False: activated but takes no actions (skips, stunned, helpless, 6-15 confusion)
    can_move: bool = True
    can_attack: bool = True
    can_shoot: bool = True  # blind: no ranged attacks
    touch_only: bool = False  # blind: spells/abilities targeting another creature only at touch
    can_cast: bool = True
    max_attacks: int | None = None  # Slow Effect: 1
    move_after_full_attack: int = 0  # Sidestep: 1 square with all attacks
    split_move: bool = False  # Spring Attack: move, attack, move (total <= Speed)
    full_attack_when_charging: bool = False  # Pounce
    attack_during_double_move: bool = False  # Mounted Melee Attack
    no_move_with_melee: bool = False  # Slow Melee Attack
    no_move_with_ranged: bool = False  # Slow Ranged Attack
    no_move_with_attack: bool = False  # Slow Attack (no kind): attacking or replacing one
    whirlwind: bool = False  # Whirlwind Attack: moved <= 1 square -> one attack per adjacent enemy
    hurl_when_charging: bool = False  # Hurling Charge
    must_rush_to_melee: bool = False  # Difficult out of command (starter rules)
    combined_attacks: str | None = None  # Simultaneous Attack: the card's list
    controlled_by: str | None = None  # Confusion 1-5: the opponent's seat
    out_of_command: bool = False  # forced out of command this turn
    speed: int | None = None  # Command Dependent: 0
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ActionSpec:
    """An action an ability offers instead of (or besides) the normal options.

    ``replaces`` is "attack" for Breath Weapon, Gaze Attack, Turn Undead, Leap, waking a sleeper,
    casting; "move" for a few; ``None`` for swift actions (Ghost Step). ``range`` is one of the
    eight range kinds (self, touch, range 6, cone, line 12, sight, your warband, any warband) or
    "12" for Turn Undead. ``uses_left`` is None when unlimited.
    """

    ability: str
    name: str
    replaces: str | None = "attack"
    range: str = "sight"
    uses_left: int | None = None
    swift: bool = False


# ---------------------------------------------------------------------------------------------
# Outcomes: what an ability wants to happen; the ruleset executes them (it owns the board)
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Outcome:
    """Base of every outcome. ``why`` is the ability's printed name, for the log."""

    why: str = ""


@dataclass(frozen=True)
class Damage(Outcome):
    """``target`` takes ``amount`` of ``kind``; with ``dc`` it saves for half (§16).

    ``from_attack`` False: not reduced by DR. ``source`` gets the VP if it destroys the target.
    """

    target: str = ""
    amount: int = 0
    kind: str = "normal"
    dc: int | None = None
    negates: bool = False  # "DC # negates": a success takes nothing
    from_attack: bool = False
    source: str | None = None


@dataclass(frozen=True)
class GainHp(Outcome):
    """``creature`` gains ``amount`` hp: removes damage first, may rise above printed HP (§26 HP)."""

    creature: str = ""
    amount: int = 0


@dataclass(frozen=True)
class Heal(Outcome):
    """Heal N: removes damage, never above printed HP; harms undead (save DC for half)."""

    creature: str = ""
    amount: int = 0
    dc: int | None = None
    source: str | None = None


@dataclass(frozen=True)
class SaveOr(Outcome):
    """``target`` saves against ``dc``; on a failure ``on_fail`` happens, on a success ``on_pass``."""

    target: str = ""
    dc: int = 0
    against: str = ""
    on_fail: tuple[Outcome, ...] = ()
    on_pass: tuple[Outcome, ...] = ()
    source: str | None = None


@dataclass(frozen=True)
class AddCondition(Outcome):
    """Put a condition on ``target`` (a string in the grammar of conditions.py, e.g. "stunned")."""

    target: str = ""
    condition: str = ""
    source: str | None = None


@dataclass(frozen=True)
class RemoveCondition(Outcome):
    target: str = ""
    condition: str = ""  # the condition's name; every condition of that name is removed


@dataclass(frozen=True)
class Destroy(Outcome):
    target: str = ""
    source: str | None = None


@dataclass(frozen=True)
class Rout(Outcome):
    """``creature`` routs without a save (Cowardly) or after a failed forced save."""

    creature: str = ""
    source: str | None = None


@dataclass(frozen=True)
class MoraleSave(Outcome):
    """A forced morale save (Turn Undead: ``real`` = no Fearless auto-success)."""

    creature: str = ""
    real: bool = False
    source: str | None = None
    bonus: int = 0
    destroy_on_fail: bool = False  # Tyrannical Morale


@dataclass(frozen=True)
class Push(Outcome):
    """Forced movement (War Drums §26 Push, pull, slide): ``direction`` "away" (push: each square
    farther from ``away_from``), "toward" (pull: closer), "any" (slide). Never through creatures,
    statues or walls; never provokes AoOs."""

    target: str = ""
    squares: int = 1
    away_from: str = ""
    optional: bool = True
    direction: str = "away"


@dataclass(frozen=True)
class ExtraAttack(Outcome):
    """``attacker`` makes one immediate melee attack now (Cleave, Death Strike).

    ``entry_index`` fixes the attack entry (Cleave: the one that destroyed); ``not_target`` may
    not be attacked; ``then_destroy``: the attacker is destroyed afterwards (Death Strike).
    """

    attacker: str = ""
    entry_index: int | None = None
    not_target: str | None = None
    then_destroy: bool = False
    optional: bool = True
    target: str | None = None  # a fixed target (Leap: the one chosen)
    bonus: int | None = None  # Leap: the printed bonus replaces the entry's
    damage: int | None = None
    once_per_turn: str | None = None  # Cleave: one use per (any creature's) turn, under this name


@dataclass(frozen=True)
class Place(Outcome):
    """Put a creature onto the board: ``card`` (a name or id) at ``where`` ("start area",
    "victory area", "within 6 of <id>"); it cannot activate this round when ``no_activation``."""

    card: str = ""
    side_of: str = ""
    where: str = "start area"
    no_activation: bool = True


@dataclass(frozen=True)
class AddEffect(Outcome):
    """A lasting bonus/penalty on ``target`` (spells, War Drums §17.6): record it as a creature
    ``Effect(name, family, stat, value, source, flags)``; the same family never stacks."""

    target: str = ""
    name: str = ""
    family: str = ""
    stat: str = ""
    value: int = 0
    flags: tuple[str, ...] = ()
    source: str | None = None


@dataclass(frozen=True)
class Promote(Outcome):
    """Battlefield Promotion: ``creature`` becomes a commander with ``rating`` (set
    ``Creature.commander_rating``); when several offer, the owner picks one."""

    creature: str = ""
    rating: int = 1


@dataclass(frozen=True)
class Enslaved(Outcome):
    """Enslave: ``creature`` moves into the warband of ``seat`` for the rest of the battle; that
    player scores its VP as if it had been eliminated, and its elimination later scores nothing
    (War Drums §26 Enslave, §21.2)."""

    creature: str = ""
    seat: str = ""


@dataclass(frozen=True)
class LoseSpell(Outcome):
    """Antimagic Eye: the spell is lost (the use is still spent)."""

    caster: str = ""


@dataclass(frozen=True)
class Note(Outcome):
    """Nothing to execute: a line for the log (e.g. why an effect did nothing)."""

    text: str = ""


# ---------------------------------------------------------------------------------------------
# Modifiers and stacking
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Modifier:
    """A number added to a statistic, with where it came from (the log shows every part).

    ``family`` decides stacking: two modifiers of the same family never add up (the stronger
    counts); ``kind`` "commander" modifiers to one statistic keep only the largest bonus and the
    largest penalty among commander effects (War Drums §14.4, §24).
    """

    value: int
    source: str
    family: str = ""
    kind: ModifierKind = "ability"
    # What the log shows (a Text, said in the reader's language); ``source`` stays the English
    # the rules compare and stack by. None: the source itself.
    label: Any = None

    def __post_init__(self):
        if not self.family:
            object.__setattr__(self, "family", self.source.casefold())
        if self.label is None:
            object.__setattr__(self, "label", self.source)


def combine(modifiers: Iterable[Modifier]) -> list[Modifier]:
    """Apply the stacking rules; returns the modifiers that count (sum their values).

    >>> mods = [Modifier(5, "Powerful Charge +5", "powerful charge"),
    ...         Modifier(10, "Powerful Charge +10", "powerful charge"),
    ...         Modifier(2, "Bless", kind="spell"), Modifier(1, "CE A", "ce a", "commander"),
    ...         Modifier(2, "CE B", "ce b", "commander")]
    >>> sum(m.value for m in combine(mods))
    14
    """
    kept: list[Modifier] = []
    by_family: dict[tuple[str, bool], Modifier] = {}
    commander: dict[bool, Modifier] = {}
    for mod in modifiers:
        if mod.value == 0:
            continue
        positive = mod.value > 0
        if mod.kind == "commander":
            best = commander.get(positive)
            if best is None or abs(mod.value) > abs(best.value):
                commander[positive] = mod
            continue
        key = (mod.family, positive)
        best = by_family.get(key)
        if best is None or abs(mod.value) > abs(best.value):
            by_family[key] = mod
    kept.extend(by_family.values())
    kept.extend(commander.values())
    order = {id(m): i for i, m in enumerate(modifiers)} if isinstance(modifiers, list) else {}
    return sorted(kept, key=lambda m: order.get(id(m), 0))


def normal_word(text: str) -> str:
    """Compare keywords loosely: case, spacing, hyphens and a plural 's' don't matter.

    >>> normal_word("Gaze Attacks") == normal_word("gaze attack")
    True
    """
    words = text.casefold().replace("-", " ").split()
    if words and len(words[-1]) > 3 and words[-1].endswith("s") and not words[-1].endswith("ss") \
            and not words[-1].endswith("is"):
        words[-1] = words[-1][:-1]
    return " ".join(words)


def total(modifiers: Iterable[Modifier]) -> int:
    return sum(m.value for m in combine(list(modifiers)))


def first_opinion(opinions: Iterable[bool | None], default: bool) -> bool:
    """Resolve "no opinion" hooks: any False wins, else any True, else the default."""
    seen = [o for o in opinions if o is not None]
    if not seen:
        return default
    return all(seen)


# ---------------------------------------------------------------------------------------------
# The ability base class: every hook, with its contract
# ---------------------------------------------------------------------------------------------
class Ability:
    """Base class: each hook returns the neutral value.

    Class attributes: ``pattern`` (printed name with placeholders), ``summary`` (one line for
    players), ``kind`` ("ability", "type", "condition", "keyword", "commander effect",
    "spell effect"), ``family`` (stacking family; default: the pattern), ``commander_effect``
    (True: its :meth:`aura` reaches followers in command within 6 squares only, and follows the
    CE stacking rule), ``rules`` (where the rule is written).
    """

    pattern: ClassVar[str]
    summary: ClassVar[str] = ""
    kind: ClassVar[str] = "ability"
    family: ClassVar[str] = ""
    commander_effect: ClassVar[bool] = False
    rules: ClassVar[str] = ""
    damage_stage: ClassVar[int] = 50  # order of damage_taken hooks (lower first), §10.5
    once_per_turn: ClassVar[bool] = False  # a declared ability usable once per turn whatever its uses
    _regex: ClassVar[re.Pattern[str]]

    def __init__(self, printed: str, keyword: str | None = None, value: int | None = None,
                 value2: int | None = None, dc: int | None = None, rest: str | None = None,
                 ref: "AbilityRef | None" = None):
        self.printed = printed
        self.keyword = keyword.strip() if keyword else keyword
        self.value = value
        self.value2 = value2
        self.dc = dc
        self.rest = rest
        self.ref = ref  # the card's AbilityRef (uses, text), when it came from a card

    @property
    def shown_name(self) -> Any:
        """The ability as the log names it beside a number: its printed name in the reader's
        language (:func:`ability_name`; the printed English stays the card data's identifier);
        see PrintedCommanderEffect."""
        return ability_name(self.printed)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.printed!r}>"

    @property
    def stacking_family(self) -> str:
        return (self.family or self.pattern).casefold()

    @property
    def uses(self) -> int | None:
        """Check boxes printed on the card (None: unlimited)."""
        return self.ref.uses if self.ref is not None else None

    # -- attack roll: attacker side ---------------------------------------------------------
    def attack_bonus(self, ctx: AttackContext) -> int:
        """Owner = attacker. Added to its attack roll. Stacks per :func:`combine` (family)."""
        return 0

    def critical_range(self, ctx: AttackContext) -> int:
        """Owner = attacker. Lowest natural roll that is a critical (and automatic) hit; 20 = normal.
        The lowest answer wins."""
        return 20

    def conceal_rolls(self, ctx: AttackContext) -> int | None:
        """Owner = attacker. How many conceal d20s it rolls (either success hits): Blindfight 2
        in melee; 0 = conceal checks succeed automatically (Blindsight). None: no opinion (1).
        The smallest answer wins (0 beats 2 beats 1)."""
        return None

    def ignores_in_melee_penalty(self, ctx: AttackContext) -> bool:
        """Owner = attacker. Precise Shot: the defender gets no +4 for being in melee."""
        return False

    def ignores_dr(self, ctx: AttackContext) -> bool:
        """Owner = attacker. Its damage is not reduced by DR (magic weapon; sacred circle)."""
        return False

    def damage_bonus(self, ctx: AttackContext) -> int:
        """Owner = attacker. Extra damage of the attack's own type when it hits; doubled with the
        base damage on a critical [AMB-70]. Stacks per :func:`combine` (family)."""
        return 0

    # -- attack roll: defender side ---------------------------------------------------------
    def ac_bonus(self, ctx: AttackContext) -> int:
        """Owner = defender. Added to its AC against this attack (Deflect Arrows, Mobility vs AoO,
        Phalanx Fighting, stunned -2). Stacks per :func:`combine`."""
        return 0

    def conceal(self, ctx: AttackContext) -> int:
        """Owner = defender. Its Conceal value against this attack (0 = none); only the highest
        Conceal of all sources counts (§10.2 step 4)."""
        return 0

    def denies_unseen_bonus(self, ctx: AttackContext) -> bool:
        """Owner = defender. True: attackers it cannot see get no +2 against it (Blindfight)."""
        return False

    def helpless(self, owner: "Creature") -> bool:
        """True while the owner is helpless (paralyzed, asleep): melee attacks auto-hit for double
        damage, ranged +4 (§10.7)."""
        return False

    def redirects_ranged_to_owner(self, owner: "Creature", ctx: AttackContext) -> bool:
        """Arrow Catching Shield: an enemy ranged attack at a creature adjacent to ``owner`` is
        taken by ``owner`` instead (LoS, range, cover still as for the original target)."""
        return False

    # -- effects on others (auras, commander effects) --------------------------------------
    def aura(self, owner: "Creature", subject: "Creature", stat: Stat,
             attack: AttackContext | None = None, save: SaveContext | None = None,
             battle: Battle | None = None) -> int:
        """A change ``owner`` makes to another creature's statistic ``stat`` (Stench on adjacent
        creatures; commander effects on followers; hostile CEs on enemies). Called for every
        other creature on the board; for ``commander_effect`` abilities only when ``subject`` is
        a follower in command of ``owner`` within 6 squares (friendly CE) or an enemy within 6
        squares (hostile CE), neither suppressed by Countersong nor Not Subject to CE. Stacks
        per :func:`combine` (commander kind for CEs)."""
        return 0

    # -- saves and morale ----------------------------------------------------------------
    def save_bonus(self, owner: "Creature", save: SaveContext) -> int:
        """Added to the owner's saves (``save.morale`` for morale saves). Stacks per combine."""
        return 0

    def save_base(self, owner: "Creature", save: SaveContext) -> int | None:
        """Replaces the owner's Level on saves (Save = N) [A-09]; None: use Level."""
        return None

    def automatic_morale(self, owner: "Creature", save: SaveContext) -> bool | None:
        """True: the owner passes this morale save without rolling (Fearless). Turn Undead and
        undead rallying pass ``save.against`` so undead can decline. Denials win."""
        return None

    def immune_to(self, owner: "Creature", what: str) -> bool:
        """True when the owner is unaffected by ``what`` (lower-case keyword: "critical hits",
        "flanking", "sneak attack", "stun", "paralysis", "poison", "sleep", "confusion",
        "entangle", "gaze attack", "level drain", "heal", "negative", an energy, a spell name,
        "hide", "invisibility", "frightened", "incite", "inhibit", "dominate"...)."""
        return False

    # -- damage taken ------------------------------------------------------------------------
    def damage_negated(self, owner: "Creature", ctx: DamageContext) -> bool:
        """Owner = defender. Asked once per damage instance (one attack, one spell), before the
        packets: True = it takes no damage at all (Incorporeal's d20; an attack then counts as
        a miss). May roll ``ctx.rng`` and append to ``ctx.events``."""
        return False

    def damage_taken(self, owner: "Creature", packet: DamagePacket, ctx: DamageContext) -> DamagePacket:
        """Owner = defender. Transform one damage packet before it is subtracted: immunity
        (stage 10), double damage (20), vulnerability (25), resist (30), DR (40), incorporeal
        (60, rolls ctx.rng). Called in ``damage_stage`` order; return the packet unchanged when
        not concerned."""
        return packet

    # -- command -------------------------------------------------------------------------
    def commander_rating(self, owner: "Creature", battle: Battle | None) -> int | None:
        """The owner's commander rating when the card's does not tell it all (Relay Orders,
        Battlefield Promotion); the highest answer counts."""
        return None

    def always_in_command(self, owner: "Creature", battle: Battle | None = None) -> bool | None:
        """True: always in command (Independent); False: never (Wild). Denials win."""
        return None

    def can_be_commanded_by(self, owner: "Creature", commander: "Creature", battle: Battle | None) -> bool | None:
        """False when ``commander`` can't command the owner (Difficult N over a rating < N)."""
        return None

    def blocks_command(self, owner: "Creature", commander: "Creature", subject: "Creature",
                       battle: Battle | None) -> bool:
        """Owner's effect on enemies: True when ``commander`` may not bring ``subject`` under
        command (Improved Countersong)."""
        return False

    def suppresses_commander_effects(self, owner: "Creature", commander: "Creature",
                                     subject: "Creature", battle: Battle | None) -> bool:
        """Owner's effect on enemies: True when ``commander``'s CEs do not reach ``subject``
        (Countersong)."""
        return False

    def ignores_commander_effects(self, owner: "Creature") -> bool:
        """Not Subject to Commander Effects."""
        return False

    def can_command(self, owner: "Creature") -> bool | None:
        """False while the owner can't command (routing, stunned, helpless, confused)."""
        return None

    # -- movement, threat and attacks of opportunity --------------------------------------
    def speed(self, owner: "Creature", speed: int, move: MoveContext) -> int:
        """Transform the owner's Speed for this turn (Command Dependent: 0). Called in order."""
        return speed

    def movement(self, owner: "Creature", traits: MoveTraits) -> MoveTraits:
        """Switch movement traits on/off (Flight, Burrow, Incorporeal, Stagger, Trample)."""
        return traits

    def threatens(self, owner: "Creature") -> bool | None:
        """False: the owner threatens nothing (routing, stunned, helpless). Denials win."""
        return None

    def can_make_aoo(self, owner: "Creature", mover: "Creature") -> bool | None:
        """False: the owner may not make an AoO (No Reach, confused). Denials win."""
        return None

    def provokes_aoo(self, owner: "Creature", move: MoveContext) -> bool | None:
        """Owner = mover. False: this step provokes no AoO (Sidestep, burrowing, Flight after the
        first square). Denials win."""
        return None

    def melee_reach(self, owner: "Creature") -> int:
        """Squares at which the owner may make melee attacks (Melee Reach N); highest wins; 1."""
        return 1

    def sees(self, owner: "Creature", target: "Creature", normally: bool) -> bool | None:
        """Owner = viewer. Override "can see": Blindsight sees invisible creatures, blind sees
        nobody. Denials win over grants, except that ``True`` from Blindsight is passed as the
        viewer's own sense (see hooks.can_see)."""
        return None

    def visible_to(self, owner: "Creature", viewer: "Creature", battle: Battle | None) -> bool | None:
        """Owner = target. False: ``viewer`` can't see the owner (invisible; Hide with cover)."""
        return None

    # -- turns and activation -------------------------------------------------------------
    def activations_per_round(self, owner: "Creature") -> int:
        """Turns per round (Dual Activation: 2); the highest wins."""
        return 1

    def turn_limits(self, owner: "Creature", limits: TurnLimits, battle: Battle | None) -> TurnLimits:
        """Owner = the creature whose turn starts. Restrict or widen this turn's options."""
        return limits

    def start_of_turn(self, owner: "Creature", battle: Battle | None) -> list[Outcome]:
        """At the start of the owner's turn, before it acts (poison damage, fast healing,
        Confusion roll is done by the ruleset through :func:`conditions.confusion_result`)."""
        return []

    def enemy_activates(self, owner: "Creature", enemy: "Creature", battle: Battle | None) -> list[Outcome]:
        """When an enemy of the owner is activated (Slow Effect on adjacent enemies)."""
        return []

    def end_of_turn(self, owner: "Creature", acted: bool, battle: Battle | None) -> list[Outcome]:
        """At the end of the owner's turn (paralysis / confusion / entangle saves; stun expiry).
        ``acted``: whether the owner could act this turn."""
        return []

    # -- riders and triggers ---------------------------------------------------------------
    def declarable(self, ctx: AttackContext) -> bool:
        """Owner = attacker. True when this ability may be declared before this attack's roll
        (Smite with check boxes, Stunning Attack, Death Attack). Declared names go in
        ``ctx.declared``; a declared limited use is spent even on a miss."""
        return False

    def on_hit(self, ctx: AttackContext, damage: int, critical: bool) -> list[Outcome]:
        """Owner = attacker. After a hit dealt ``damage`` (> 0 means it damaged the defender):
        poison, stun, paralysis, level/constitution drain, pushback, death attack."""
        return []

    def on_damaged(self, owner: "Creature", amount: int, source: "Creature | None") -> list[Outcome]:
        """Owner = the creature that just took ``amount`` damage (sleep ends)."""
        return []

    def on_destroys(self, owner: "Creature", victim: "Creature", ctx: AttackContext | None) -> list[Outcome]:
        """Owner destroyed ``victim`` (Feed, Cleave)."""
        return []

    def on_destroyed(self, owner: "Creature", killer: "Creature | None", battle: Battle | None) -> list[Outcome]:
        """The owner was reduced to 0 HP: Death Strike (before removal), Death Burst, Respawn."""
        return []

    def on_other_destroyed(self, owner: "Creature", victim: "Creature", battle: Battle | None) -> list[Outcome]:
        """Another creature was destroyed (Cowardly, Requires, Battlefield Promotion)."""
        return []

    def on_charged(self, owner: "Creature", charger: "Creature") -> list[Outcome]:
        """An enemy finished a charge move against the owner, before its melee attack
        (Set against Charge)."""
        return []

    def on_targeted(self, owner: "Creature", actor: "Creature", how: str, battle: Battle | None) -> list[Outcome]:
        """``actor`` targeted the owner with ``how`` in ("ranged attack", "spell", "ability")
        at range (Gaze Attack's passive clause)."""
        return []

    def on_spell_cast(self, owner: "Creature", caster: "Creature", spell: str, battle: Battle | None) -> list[Outcome]:
        """A creature cast a spell (Antimagic Eye's roll is made by hooks.spell_lost)."""
        return []

    def affected_by_spell(self, owner: "Creature", caster: "Creature", spell: str,
                          battle: Battle | None) -> Literal["no", "resist", "resist all"] | None:
        """Owner = a creature a spell would affect: "no" (Almighty, Spell Immunity), "resist"
        (Spell Resistance: the caster rolls d20, 11+ works), "resist all" (Spell Resistance All:
        no effect unless the spell ignores spell resistance)."""
        return None

    # -- actions -------------------------------------------------------------------------
    def actions(self, owner: "Creature", battle: Battle | None) -> list[ActionSpec]:
        """Actions this ability offers this turn (Breath Weapon, Gaze Attack, Turn Undead, Leap,
        waking a sleeper, Ghost Step). Executed with :meth:`perform`."""
        return []

    def perform(self, owner: "Creature", action: ActionSpec, targets: list["Creature"],
                battle: Battle | None, rng: "Rng | None" = None) -> list[Outcome]:
        """Carry out one of :meth:`actions` on the targets the ruleset chose (nearest rule,
        template) and return the outcomes."""
        return []

    # -- warband building and set-up ---------------------------------------------------------
    def deployment(self, owner: "Creature") -> str | None:
        """Where the owner may deploy instead of the start area: "scout", "wandering monster",
        "waylay", "cave"."""
        return None

    def warband_extras(self) -> list[tuple[int, str]]:
        """Creatures that come free with this one (Minions): [(count, creature name)]."""
        return []

    def required_creature(self) -> str | None:
        """Requires CREATURE: the name of the creature the warband must also contain."""
        return None


# ---------------------------------------------------------------------------------------------
# Registry
# ---------------------------------------------------------------------------------------------
_ABILITIES: list[type[Ability]] = []


def _compile(pattern: str) -> re.Pattern[str]:
    regex = re.escape(pattern)
    for placeholder, group in _PLACEHOLDERS.items():
        regex = regex.replace(re.escape(placeholder), group)
    return re.compile(rf"^{regex}$", re.IGNORECASE)


def register_ability(cls: type[Ability]) -> type[Ability]:
    """Register an ability class under its printed ``pattern`` (class decorator).

    Exact patterns are tried before patterns with placeholders, so "Immune Critical Hits" can
    never be captured by a looser pattern registered earlier.
    """
    cls._regex = _compile(cls.pattern)
    _ABILITIES.append(cls)
    _match.cache_clear()
    _ABILITIES.sort(key=lambda c: ("{" in c.pattern, -len(c.pattern)))
    return cls


@lru_cache(maxsize=4096)
def _match(text: str) -> tuple[type[Ability], tuple[tuple[str, str | None], ...]] | None:
    for cls in _ABILITIES:
        match = cls._regex.match(text)
        if match:
            return cls, tuple(match.groupdict().items())
    return None


def ability_for(printed: str, ref: "AbilityRef | None" = None) -> Ability | None:
    """The implementation of a printed ability name, or None if Warband has none.

    >>> ability_for("Orc Foe").keyword
    'Orc'
    """
    text = " ".join(printed.split())
    found = _match(text)
    if found is None:
        return None
    cls, items = found
    groups = dict(items)

    def number(name: str) -> int | None:
        return int(groups[name]) if groups.get(name) is not None else None

    return cls(text, keyword=groups.get("keyword"), value=number("value"), value2=number("value2"),
               dc=number("dc"), rest=groups.get("rest"), ref=ref)


# A pattern's placeholder and the match group that holds what the card prints there.
_GROUP_OF = {"CREATURE": "keyword", "EFFECT": "keyword", "SPELLS": "keyword", "ENERGY": "keyword",
             "N": "value", "M": "value2", "DC": "dc", "REST": "rest"}
# The words the cards print in an ability's {CREATURE}, {EFFECT} or {ENERGY} ("Orc Foe", "Smite
# Evil +10", "Immune Fire", "Resist 10 Cold"), said in the reader's language; any other word is
# card data and stays as printed. Lower case: matched without regard to case.
KEYWORD_WORDS = {w.casefold(): w for w in (
    N_("Orc"), N_("Evil"), N_("Good"), N_("Lawful"), N_("Chaotic"), N_("Undead"), N_("Acid"), N_("Cold"),
    N_("Electricity"), N_("Fire"), N_("Sonic"), N_("Sleep"), N_("Paralysis"), N_("Poison"), N_("Critical Hits"),
    N_("Confusion"), N_("Stun"), N_("Giant"), N_("Dragon"), N_("Humanoid"), N_("Goblinoid"), N_("Elf"),
    N_("Magic"), N_("Fear"),
    # creature types and subtypes the shipped cards print ("Humanoid (Orc)", "Outsider (Devil)")
    N_("Animal"), N_("Dwarf"), N_("Gnoll"), N_("Halfling"), N_("Human"), N_("Kobold"), N_("Magical Beast"),
    N_("Monstrous Humanoid"), N_("Outsider"), N_("Demon"), N_("Devil"), N_("Guardinal"))}
# A card's size as its type line shows it ("Humanoid (Large)").
SIZE_WORDS = {"tiny": N_("Tiny"), "small": N_("Small"), "medium": N_("Medium"), "large": N_("Large"),
              "huge": N_("Huge"), "gargantuan": N_("Gargantuan"), "colossal": N_("Colossal")}


def keyword_word(word: str) -> Any:
    """A keyword or creature type the cards print, in the reader's language where it is a known
    word ("Orc": "Orco", "Ork"); any other as printed (card data)."""
    known = KEYWORD_WORDS.get(word.strip().casefold())
    return Text._make(known, None, None, {}, "dnd_minis") if known is not None else word


def type_name(printed: str) -> Any:
    """A card's type as its type line shows it, in the reader's language: "Humanoid (Orc)" reads
    "Umanoide (Orco)", "emberszabású (Ork)"; words Warband does not know stay as printed.

    >>> t = type_name("Humanoid (Orc)")
    >>> str(t), type_name("Ooze (Slime)")
    ('Humanoid (Orc)', 'Ooze (Slime)')
    """
    base, paren, rest = printed.partition(" (")
    said_base = keyword_word(base)
    if paren and rest.endswith(")"):
        said_sub = keyword_word(rest[:-1])
        if isinstance(said_base, Text) or isinstance(said_sub, Text):
            return _("{type} ({subtype})", type=said_base, subtype=said_sub)
        return printed
    return said_base if not paren else printed


def ability_name(printed: str) -> Any:
    """A printed ability name as the reader's language names it (#13): the registry's pattern
    is the catalogue key (``"{CREATURE} Foe"``: "Ork ellenség" in the War Drums book), filled
    with what the card prints there (the keyword said in the reader's language where it is a
    known word, numbers as printed). The English is the printed name itself, which stays the
    card data's identifier; a name Warband does not know is returned as printed.

    >>> t = ability_name("Smite Evil +10")
    >>> str(t), t.msgid, t.params["N"]
    ('Smite Evil +10', 'Smite {CREATURE} {N}', '+10')
    >>> ability_name("Orc Foe").render(lambda m, p, n: {"{CREATURE} Foe": "{CREATURE} ellenség", "Orc": "Ork"}.get(m))
    'Ork ellenség'
    >>> ability_name("Nothing Warband Knows")
    'Nothing Warband Knows'
    """
    text = " ".join(str(printed).split())
    found = _match(text)
    if found is None or getattr(found[0], "kind", "ability") != "ability":
        return printed
    cls, items = found
    groups = dict(items)
    params: dict[str, Any] = {}
    for name in re.findall(r"\{([A-Z]+)\}", cls.pattern):
        value = groups.get(_GROUP_OF.get(name, ""))
        if value is None:
            return printed
        params[name] = keyword_word(value) if _GROUP_OF[name] == "keyword" else value
    said = Text._make(cls.pattern, None, None, params, "dnd_minis")
    if str(said).casefold() != text.casefold():  # "Turn Undead (6)" read by "Turn Undead {N}": keep the print
        return printed
    return said


def abilities_of(card: "StatCard") -> list[Ability]:
    """The card's special abilities (not its type traits; see hooks.effects_of for everything)."""
    found = []
    for ref in card.abilities:
        ability = ability_for(ref.name, ref)
        if ability is None:  # load_card refuses such cards; reaching here is a programming error
            raise LookupError(f"no implementation for ability {ref.name!r}")
        found.append(ability)
    return found


def unknown_abilities(card: "StatCard") -> list[str]:
    return [ref.name for ref in card.abilities if ability_for(ref.name) is None]


def known_patterns() -> list[str]:
    return [cls.pattern for cls in _ABILITIES]


def registered() -> list[type[Ability]]:
    return list(_ABILITIES)
