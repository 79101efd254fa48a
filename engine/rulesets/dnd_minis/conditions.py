"""Conditions and ongoing effects on a creature in play (War Drums §20, §26; skirmish §23).

A creature carries :class:`~engine.rulesets.dnd_minis.creature.Condition` records (name, DC,
source, value, text, ends) and :class:`~engine.rulesets.dnd_minis.creature.Effect` records
(lasting spell/ability bonuses). Each record is read through a small rule class with the same
hook interface as abilities, registered by the condition's name, so the ruleset asks
conditions exactly like abilities (abilities/hooks.py). Dice-driven moments that are not a
hook (the confusion roll on activation, the entangled creature's attempt to move) are the
functions at the end of this module.

>>> from engine.rulesets.dnd_minis.creature import Condition
>>> condition_rule(Condition(name="stunned")).threatens(None)
False
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.dice import roll_d20
from engine.core.events import Event
from engine.rulesets.dnd_minis.abilities import hooks
from engine.core.text import N_, Text, _, commas
from engine.rulesets.dnd_minis.abilities.base import (
    Ability,
    AttackContext,
    Damage,
    MoveTraits,
    Outcome,
    RemoveCondition,
    SaveOr,
    TurnLimits,
    edition_of,
    ruling,
)

if TYPE_CHECKING:  # pragma: no cover
    from engine.core.rng import Rng
    from engine.rulesets.dnd_minis.creature import Condition, Creature, Effect

_CONDITIONS: dict[str, type["ConditionRule"]] = {}
_PREFIXES: dict[str, type["ConditionRule"]] = {}


class ConditionRule(Ability):
    """The rules of one condition, bound to the record it reads (``self.record``)."""

    kind = "condition"
    names: ClassVar[tuple[str, ...]] = ()  # other names the same rule answers to
    prefix: ClassVar[bool] = False  # pattern is a name prefix ("hidden_from_<id>")

    def __init__(self, record: "Condition"):
        super().__init__(record.name, value=record.value or None, dc=record.dc)
        self.record = record
        self.source = record.source

    def _save_to_end(self, owner: "Creature") -> list[Outcome]:
        """A save against the original DC at the end of its turn; success ends it (§16)."""
        if self.record.dc is None:
            return [RemoveCondition(why=self.printed, target=owner.id, condition=self.record.name)]
        return [SaveOr(why=self.printed, target=owner.id, dc=self.record.dc, against=self.record.name,
                       on_pass=(RemoveCondition(why=self.printed, target=owner.id, condition=self.record.name),))]


def register_condition(cls: type[ConditionRule]) -> type[ConditionRule]:
    """Register a condition rule under its ``pattern`` (the condition's name) and ``names``."""
    table = _PREFIXES if cls.prefix else _CONDITIONS
    for name in (cls.pattern, *cls.names):
        table[name.casefold()] = cls
    return cls


def condition_rule(record: "Condition") -> ConditionRule:
    """The rule of a condition record; a name Warband has no rule for reads as a plain marker
    (e.g. bookkeeping flags the ruleset keeps), never as an error in the middle of a game."""
    name = record.name.casefold()
    cls = _CONDITIONS.get(name)
    if cls is None:
        cls = next((c for p, c in _PREFIXES.items() if name.startswith(p)), Marker)
    return cls(record)


def known_conditions() -> list[str]:
    return sorted([*_CONDITIONS, *(p + "*" for p in _PREFIXES)])


def conditions_of(creature: "Creature") -> list[Ability]:
    """The rule objects of every condition and lasting effect on ``creature``."""
    found: list[Ability] = [condition_rule(record) for record in creature.conditions]
    found += [EffectRule(effect) for effect in getattr(creature, "effects", [])]
    return found


# A condition's name as a player reads it (#13), by the name the rules keep (the pattern or one
# of its other names): the seeds' adjectives where they print one (the Italian skirmish's
# "Stun/stunned (Stordimento/stordito)", War Drums' "Stun, stunned/kábít, kábult"), plain
# translations marked in the glossaries otherwise. The English stays in the state.
CONDITION_WORDS: dict[str, str] = {
    "stunned": N_("stunned"), "stun": N_("stunned"),
    "helpless": N_("helpless"),
    "paralyzed": N_("paralyzed"), "paralysis": N_("paralyzed"),
    "asleep": N_("asleep"), "sleeping": N_("asleep"), "sleep": N_("asleep"),
    "confused": N_("confused"), "confusion": N_("confused"),
    "entangled": N_("entangled"), "entangle": N_("entangled"),
    "entangled_stuck": N_("entangled and stuck"), "entangled stuck": N_("entangled and stuck"),
    "blind": N_("blinded"), "blinded": N_("blinded"),
    "invisible": N_("invisible"), "invisibility": N_("invisible"),
    "poisoned": N_("poisoned"), "poison": N_("poisoned"),
    "skips next turn": N_("skips next turn"), "skips_next_turn": N_("skips next turn"),
    "frightened": N_("frightened"),
    "incited": N_("incited"),
    "inhibited": N_("inhibited"),
    "level drained": N_("level drained"), "drained": N_("level drained"),
    "slowed": N_("slowed"),
    "routing": N_("routing"), "routed": N_("routing"),
    "summoned": N_("summoned"),
    "phased out": N_("phased out"),
    "turned": N_("turned"),
    "wounded": N_("wounded"),
}
# Why a creature does nothing on its turn, besides its conditions (Activation.no_actions keeps
# the English; :func:`no_actions_said` says it).
_NO_ACTION_WORDS: dict[str, str] = {"it can't act": N_("it can't act"), "gone": N_("not on the battlefield"),
                                    "rallied": N_("it has just rallied")}


def condition_word(name: Any) -> Any:
    """A condition's name in the reader's language (a Text), or as written when Warband does
    not know it (a judge's own label).

    >>> str(condition_word("stun")), condition_word("stunned").msgid, condition_word("glowing")
    ('stunned', 'stunned', 'glowing')
    """
    key = CONDITION_WORDS.get(str(name).strip().casefold()) if isinstance(name, str) and not isinstance(name, Text) else None
    return name if key is None else Text._make(key, None, None, {}, "dnd_minis")


def condition_said(record: Any) -> Any:
    """A condition record as a reply names it: its word, with its DC or value where it has one
    ("paralyzed (DC 15)"); a text Warband cannot read back stays as written."""
    word = condition_word(record.name)
    if word is record.name:
        return record.text or record.name
    if record.dc is not None:
        return _("{condition} (DC {dc})", condition=word, dc=record.dc)
    if record.value:
        return _("{condition} {value}", condition=word, value=record.value)
    return word


def no_actions_said(why: str) -> Any:
    """Why a creature does nothing this turn (``Activation.no_actions``: conditions' names
    joined by "; ", or one of the rules' reasons) in the reader's language."""
    parts = [p.strip() for p in str(why).split(";") if p.strip()]
    said = [Text._make(_NO_ACTION_WORDS[p], None, None, {}, "dnd_minis") if p in _NO_ACTION_WORDS
            else condition_word(p) for p in parts]
    return commas(said) if len(said) > 1 else (said[0] if said else why)


class Marker(ConditionRule):
    """A condition with no rules of its own (summoned, phased out, bookkeeping flags)."""

    pattern = "marker"


for _name in ("summoned", "phased out", "turned", "wounded"):
    register_condition(type(f"Marker_{_name.replace(' ', '_')}", (Marker,),
                            {"pattern": _name, "__doc__": f"{_name}: a marker the ruleset reads."}))


# -- not active ------------------------------------------------------------------------------
class _Inactive(ConditionRule):
    """Shared: not active — threatens nothing, no flanking, no AoO, cannot command (§20.1)."""

    def threatens(self, owner) -> bool | None:
        return False

    def can_command(self, owner) -> bool | None:
        return False

    def turn_limits(self, owner, limits: TurnLimits, battle) -> TurnLimits:
        limits.can_act = limits.can_move = limits.can_attack = limits.can_cast = False
        limits.notes.append(self.record.name)
        return limits


@register_condition
class Stunned(_Inactive):
    """Stunned: not active; cannot move, attack or use abilities replacing an attack or move;
    not helpless; −2 AC; a stunned commander can't command. It recovers at the end of its next
    turn — once it has missed one chance to act [AMB-31] (War Drums §26 Stun; skirmish §23.2)."""

    pattern = "stunned"
    names = ("stun",)
    rules = "War Drums §26 Stun, §20.2, AMB-31; skirmish §23.2"

    def ac_bonus(self, ctx: AttackContext) -> int:
        return -2

    def end_of_turn(self, owner, acted: bool, battle) -> list[Outcome]:
        # ``acted`` False: this turn was lost (to the stun): it has missed its chance and recovers.
        if acted or owner.has("skips next turn"):
            return []
        return [RemoveCondition(why="stun ends", target=owner.id, condition=self.record.name)]


class _Helpless(_Inactive):
    def helpless(self, owner) -> bool:
        return True


@register_condition
class Helpless(_Helpless):
    """Helpless: cannot move, attack, cast, threaten, make AoOs, flank or command; melee attacks
    against it hit automatically for double damage ("+" damage not doubled), ranged ones get +4
    (War Drums §26 Helpless, §10.7; skirmish §23.3)."""

    pattern = "helpless"
    rules = "War Drums §26 Helpless; skirmish §23.3"


@register_condition
class Paralyzed(_Helpless):
    """Paralyzed (DC N): helpless; at the end of its turn, if it could not act, it saves again
    against the same DC and recovers on a success (War Drums §26 Paralysis; skirmish §23.4)."""

    pattern = "paralyzed"
    names = ("paralysis",)
    rules = "War Drums §26 Paralysis; skirmish §23.4"

    def end_of_turn(self, owner, acted: bool, battle) -> list[Outcome]:
        return [] if acted else self._save_to_end(owner)


@register_condition
class Asleep(_Helpless):
    """Asleep: helpless until woken; any damage wakes it; an adjacent creature may wake one
    sleeper instead of attacking — :func:`wake_targets` (War Drums §26 Sleep; skirmish §23.5)."""

    pattern = "asleep"
    names = ("sleeping", "sleep")
    rules = "War Drums §26 Sleep; skirmish §23.5"

    def on_damaged(self, owner, amount: int, source) -> list[Outcome]:
        if amount <= 0:
            return []
        return [RemoveCondition(why="damage wakes it", target=owner.id, condition=self.record.name)]


@register_condition
class Confused(ConditionRule):
    """Confused (DC N, living creatures only): each activation rolls d20 —
    :func:`confusion_roll`; it never makes AoOs; a confused commander can't command; at the end
    of each of its turns it saves against the original DC to end it (War Drums §26 Confusion;
    skirmish §23.6)."""

    pattern = "confused"
    names = ("confusion",)
    rules = "War Drums §26 Confusion; skirmish §23.6"

    def can_make_aoo(self, owner, mover) -> bool | None:
        return False

    def can_command(self, owner) -> bool | None:
        return False

    def end_of_turn(self, owner, acted: bool, battle) -> list[Outcome]:
        return self._save_to_end(owner)


@register_condition
class Entangled(ConditionRule):
    """Entangled (DC N): no save when applied; each time it tries to move it saves
    (:func:`entangle_move_check`): success frees it, failure means no movement this turn; it
    saves again at the end of its turn [AMB-11]. Flying creatures are immune
    (War Drums §26 Entangle; skirmish §23.7)."""

    pattern = "entangled"
    names = ("entangle",)
    rules = "War Drums §26 Entangle, AMB-11; skirmish §23.7"

    def end_of_turn(self, owner, acted: bool, battle) -> list[Outcome]:
        return self._save_to_end(owner)


@register_condition
class EntangledStuck(ConditionRule):
    """An entangled creature that failed its save to move: no movement for the rest of this turn
    (it may still attack) (War Drums §26 Entangle)."""

    pattern = "entangled_stuck"
    names = ("entangled stuck",)

    def turn_limits(self, owner, limits: TurnLimits, battle) -> TurnLimits:
        limits.can_move = False
        return limits

    def end_of_turn(self, owner, acted: bool, battle) -> list[Outcome]:
        return [RemoveCondition(why="turn over", target=owner.id, condition=self.record.name)]


@register_condition
class Blind(ConditionRule):
    """Blind: sees no creature; moves at half speed (each square costs double) unless it has
    Blindfight or Blindsight; no ranged attacks; spells and abilities that target another
    creature only at touch range (War Drums §26 Blind; §20.2)."""

    pattern = "blind"
    names = ("blinded",)
    rules = "War Drums §26 Blind"

    def sees(self, owner, target, normally: bool) -> bool | None:
        if hooks.immune(owner, "blind"):
            return None  # Blindsight: cannot be blinded [AMB-10]
        return False

    def movement(self, owner, traits: MoveTraits) -> MoveTraits:
        # Blindfight and Blindsight move at normal speed when they cannot see.
        if not any(getattr(e, "normal_speed_when_blind", False) for e in hooks.effects_of(owner)):
            traits.speed_multiplier_halved = True
        return traits

    def turn_limits(self, owner, limits: TurnLimits, battle) -> TurnLimits:
        limits.can_shoot = False
        limits.touch_only = True
        return limits


@register_condition
class Invisible(ConditionRule):
    """Invisible: no creature has LoS to it (Blindsight excepted): it can't be targeted except at
    touch range, has Conceal 11 against attackers that can't see it and +2 on attacks against
    enemies that can't see it; enemies that can't see it neither make AoOs against it nor stop
    it shooting or casting (War Drums §26 Invisible; skirmish §23.12)."""

    pattern = "invisible"
    names = ("invisibility",)
    rules = "War Drums §26 Invisible; skirmish §23.12"

    def visible_to(self, owner, viewer, battle) -> bool | None:
        return False


@register_condition
class GhostStepped(Invisible):
    """Invisible from Ghost Step until the end of its turn (War Drums §26 Ghost Step)."""

    pattern = "ghost step"

    def end_of_turn(self, owner, acted: bool, battle) -> list[Outcome]:
        return [RemoveCondition(why="Ghost Step ends", target=owner.id, condition=self.record.name)]


@register_condition
class HiddenFrom(ConditionRule):
    """``hidden_from_<id>``: the ruleset's record that Hide makes this creature invisible to one
    viewer (War Drums §26 Hide)."""

    pattern = "hidden_from_"
    prefix = True

    def visible_to(self, owner, viewer, battle) -> bool | None:
        return False if self.record.name == f"hidden_from_{viewer.id}" else None


@register_condition
class Poisoned(ConditionRule):
    """Poisoned: takes its listed damage (commonly 5) at the start of each of its turns, before
    it acts, for the rest of the battle; VP for a poison death go to the poisoner's player;
    identically worded poisons don't stack (War Drums §26 Poison; skirmish §23.10)."""

    pattern = "poisoned"
    names = ("poison",)
    rules = "War Drums §26 Poison, WE-64; skirmish §23.10"

    def start_of_turn(self, owner, battle) -> list[Outcome]:
        amount = self.record.value or 5
        return [Damage(why="poison", target=owner.id, amount=amount, kind="normal", source=self.record.source)]


@register_condition
class SkipsNextTurn(ConditionRule):
    """Skips next turn: activated but takes no actions on its next turn; still active (threatens,
    AoOs, flanking) [AMB-42] (War Drums §26; skirmish §23.11)."""

    pattern = "skips next turn"
    names = ("skips_next_turn",)
    rules = "War Drums §26 Skips next turn, AMB-42"

    def turn_limits(self, owner, limits: TurnLimits, battle) -> TurnLimits:
        limits.can_act = limits.can_move = limits.can_attack = limits.can_cast = False
        limits.notes.append("skips next turn")
        return limits

    def end_of_turn(self, owner, acted: bool, battle) -> list[Outcome]:
        return [RemoveCondition(why="turn skipped", target=owner.id, condition=self.record.name)]


@register_condition
class Frightened(ConditionRule):
    """Frightened: shaken but not routing — −4 attack, −4 saves (morale too), −4 AC; Fearless
    creatures can't be frightened (skirmish §23.8)."""

    pattern = "frightened"
    rules = "skirmish §23.8"

    def attack_bonus(self, ctx: AttackContext) -> int:
        return -4

    def ac_bonus(self, ctx: AttackContext) -> int:
        return -4

    def save_bonus(self, owner, save) -> int:
        return -4


@register_condition
class Incited(ConditionRule):
    """Incited: must take its turn as early as possible in the round; no other creature of its
    warband may act before it unless also incited — :func:`activation_order_rank`
    (skirmish §23.9)."""

    pattern = "incited"
    rules = "skirmish §23.9"


@register_condition
class Inhibited(ConditionRule):
    """Inhibited: must take its turn as late as possible; it can't be activated until all its
    controller's non-inhibited creatures have been (skirmish §23.9)."""

    pattern = "inhibited"
    rules = "skirmish §23.9"


@register_condition
class LevelDrained(ConditionRule):
    """Level Drain's penalty: −1 attack and −1 save per drain (``value`` drains). War Drums:
    the penalties stack per damaging hit [AMB-35]; starter rules: they don't [A-34]."""

    pattern = "level drained"
    names = ("drained",)
    rules = "War Drums §26 Level Drain, AMB-35; skirmish §25 Level Drain, A-34"

    def _penalty(self, battle) -> int:
        count = max(1, self.record.value or 1)
        # The setting level_drain_penalties_stack rules; by default the starter rules don't stack
        # them and War Drums does (AMB-35).
        stack = ruling(battle, "level_drain_penalties_stack", edition_of(battle) != "starter")
        return -count if stack else -1

    def attack_bonus(self, ctx: AttackContext) -> int:
        return self._penalty(ctx.battle)

    def save_bonus(self, owner, save) -> int:
        return self._penalty(save.battle)


@register_condition
class Slowed(ConditionRule):
    """Failed a save against an adjacent enemy's Slow Effect when activated: at most one melee or
    ranged attack this turn, even after moving away (War Drums §26 Slow Effect)."""

    pattern = "slowed"
    rules = "War Drums §26 Slow Effect"

    def turn_limits(self, owner, limits: TurnLimits, battle) -> TurnLimits:
        limits.max_attacks = 1 if limits.max_attacks is None else min(limits.max_attacks, 1)
        return limits

    def end_of_turn(self, owner, acted: bool, battle) -> list[Outcome]:
        return [RemoveCondition(why="turn over", target=owner.id, condition=self.record.name)]


@register_condition
class Routing(ConditionRule):
    """Routing (the ruleset keeps it as ``Creature.routed``; this name reads the same way):
    threatens nothing, commands nothing (War Drums §15.4)."""

    pattern = "routing"
    names = ("routed",)

    def threatens(self, owner) -> bool | None:
        return False

    def can_command(self, owner) -> bool | None:
        return False


# -- lasting effects (spells, abilities) --------------------------------------------------------
class EffectRule(Ability):
    """A lasting bonus or penalty (spell, ability) recorded as an Effect: ``stat`` gets ``value``.

    Stats: attack, melee_attack, ranged_attack, ac, ranged_ac, melee_ac, save, morale, damage,
    melee_damage, ranged_damage, speed; ``flags`` may hold "ignore_dr". The same ``family``
    never stacks with itself; commander effects keep only the largest (War Drums §17.6, §24).
    """

    kind = "spell effect"

    def __init__(self, effect: "Effect"):
        super().__init__(effect.name)
        self.effect = effect

    @property
    def stacking_family(self) -> str:
        return self.effect.family.casefold()

    def _applies(self, stat: str, melee: bool | None) -> int:
        s = self.effect.stat
        if s == stat or (melee is True and s == f"melee_{stat}") or (melee is False and s == f"ranged_{stat}"):
            return self.effect.value
        return 0

    def attack_bonus(self, ctx):
        return self._applies("attack", ctx.melee)

    def damage_bonus(self, ctx):
        return self._applies("damage", ctx.melee)

    def ac_bonus(self, ctx):
        return self._applies("ac", ctx.melee)

    def save_bonus(self, owner, save):
        return self.effect.value if self.effect.stat == "save" or (save.morale and self.effect.stat == "morale") else 0

    def speed(self, owner, speed, move):
        return speed + (self.effect.value if self.effect.stat == "speed" else 0)

    def ignores_dr(self, ctx):
        return "ignore_dr" in self.effect.flags


# -- dice moments that are not hooks -------------------------------------------------------------
def confusion_roll(rng: "Rng", creature: "Creature") -> tuple[str, Event]:
    """The d20 a confused creature rolls when activated (War Drums §26 Confusion; skirmish §23.6):
    1-5 "opponent" (an opponent controls it this turn; out of command; its owner's creatures may
    make AoOs against it; VP to that opponent if it dies now), 6-15 "nothing", 16-20 "normal".
    A routing confused creature: "opponent" = flees toward its controller's exit, "normal" =
    may try to rally."""
    roll = roll_d20(rng, 0, purpose=_('{creature} is confused', creature=creature.name))
    n = roll.total
    result = "opponent" if n <= 5 else "nothing" if n <= 15 else "normal"
    words = {"opponent": "an opponent controls it this turn", "nothing": "it does nothing this turn",
             "normal": "its owner controls it normally"}
    return result, Event(kind="confusion", seat=creature.side, roll=roll,
                         text=_('{creature} is confused: {number} — {words}.',
                                creature=creature.name, number=n, words=words[result]),
                         data={"creature": creature.id, "result": result})


def entangle_move_check(creature: "Creature") -> list[Outcome]:
    """Outcomes when an entangled creature first tries to move this turn [A-51]: save against
    the DC; success frees it, failure leaves it unable to move this turn."""
    record = creature.condition("entangled")
    if record is None:
        return []
    from engine.rulesets.dnd_minis.abilities.base import AddCondition

    return [SaveOr(why="entangled", target=creature.id, dc=record.dc or 0, against="entangle",
                   on_pass=(RemoveCondition(why="breaks free", target=creature.id, condition="entangled"),),
                   on_fail=(AddCondition(why="entangled", target=creature.id, condition="entangled_stuck"),))]


def wake_targets(creature: "Creature", battle) -> list["Creature"]:
    """Sleepers ``creature`` may wake instead of attacking: adjacent creatures that are asleep
    (War Drums §26 Sleep; WE-61). The ruleset offers it as a replaces-attack action and then
    removes "asleep" from the one chosen."""
    return [c for c in battle.creatures() if c.has("asleep") and battle.adjacent(creature, c)]


def activation_order_rank(creature: "Creature") -> int:
    """Incited creatures go first (−1), inhibited ones last (+1), others 0 (skirmish §23.9): a
    player may not activate a creature while one of theirs with a lower rank is waiting."""
    if creature.has("incited"):
        return -1
    if creature.has("inhibited"):
        return 1
    return 0


hooks.register_source("conditions", conditions_of)
