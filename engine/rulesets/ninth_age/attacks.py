"""The attack sequence of §12.2, shared by shooting, melee and magic.

Whenever attacks hit::

    1. the attacker distributes the hits        distribute_evenly(), majority()   (§12.3)
    2. the attacker rolls to wound              to_wound_rolls()                  (§12.4)
    3. the defender takes armour saves          armour_saves()                    (§12.5, §15.5)
    4. the defender takes ward / regeneration   special_saves()                   (§12.6)
    5. wounds are inflicted, casualties removed inflict()  -> casualties.lose_wounds (§12.7-12.8)
    6. Panic for Heavy Casualties               casualties.heavy_casualties()     (§13)

Each step is completed for every simultaneous attack before the next (all the shots of one
unit, all the attacks of one Initiative step): :func:`resolve_hits` does steps 2-5 for one
group of hits on one unit; call :func:`casualties.heavy_casualties` once the whole group of
simultaneous attacks is done. :func:`resolve_one` is the one-model-at-a-time variant the bolt
thrower and the cannon need (a hit goes on only when the model before it is removed).

What an attack carries is a :class:`~.damage.Attack`; what it meets, a :class:`~.damage.Defence`
(:func:`~.damage.defence`). Modifiers follow §1.11 (:func:`~.damage.modified`, E-06).

Simultaneous abilities (§1.5, E-08): the active player declares first, then the reactive one;
the active player's effects resolve first, each player ordering their own.

>>> resolve_order("p1", {"p2": ["Storm Call"], "p1": ["Flux Ward", "Omen"]})
[('p1', 'Flux Ward'), ('p1', 'Omen'), ('p2', 'Storm Call')]
>>> distribute_evenly(10, ["a", "b", "c"])
{'a': 4, 'b': 3, 'c': 3}
>>> majority([3, 3, 4], tie_break=max), majority([3, 4], tie_break=max)
(3, 4)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Iterable

from engine.core import Event, roll_dice
from engine.rulesets.ninth_age.casualties import heavy_casualties, lose_wounds  # noqa: F401 - step 6 for callers
from engine.rulesets.ninth_age.damage import Attack, Defence, defence, multiple_wounds, to_wound_needed, wounds
from engine.rulesets.ninth_age.saves import Wound, armour_saves, faces as _faces, special_saves
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState
from engine.rulesets.ninth_age.terrain_rules import in_field


# -- step 1: distributing hits -----------------------------------------------------------------------
def distribute_evenly(hits: int, models: list[str]) -> dict[str, int]:
    """Hits spread as evenly as possible (§12.3): each eligible model takes one before any takes
    a second. ``models`` is in the attacker's order of preference (E-57 situation B)."""
    out = {m: 0 for m in models}
    for k in range(hits):
        out[models[k % len(models)]] += 1
    return out


def majority(values: Iterable, tie_break: Callable = max):
    """The value held by most R&F models (§12.3 mixed R&F); ``tie_break`` is the attacker's
    choice among equally common values."""
    counts = Counter(values)
    top = max(counts.values())
    return tie_break([v for v, c in counts.items() if c == top])


def resolve_order(active: str, declared: dict[str, list[str]]) -> list[tuple[str, str]]:
    """Simultaneous abilities (§1.5): the active player's, in their chosen order, then the
    reactive player's."""
    first = [(active, a) for a in declared.get(active, [])]
    rest = [(seat, a) for seat, abilities in declared.items() if seat != active for a in abilities]
    return first + rest


# -- steps 2-4 ---------------------------------------------------------------------------------------
@dataclass
class AttackResult:
    hits: int = 0
    wounded: int = 0
    armour_saved: int = 0
    special_saved: int = 0
    unsaved: int = 0
    wounds_inflicted: int = 0  # after Multiple Wounds
    removed: int = 0
    lines: list[str] = field(default_factory=list)

    def summary(self) -> str:
        return (f"{self.hits} hit(s), {self.wounded} wound(s), {self.armour_saved} saved by armour, "
                f"{self.special_saved} by ward/regeneration, {self.wounds_inflicted} wound(s) inflicted, "
                f"{self.removed} model(s) removed")


def to_wound_rolls(state: NinthAgeState, attack: Attack, target: Defence, hits: int, events: list[Event],
                   purpose: str, seat: str | None = None, auto: int = 0) -> list[Wound]:
    """Step 2: a D6 per hit against the to-wound table; ``auto`` hits wound automatically
    (Poisoned Attacks). Flaming attacks re-roll failed rolls against Flammable targets (§22)."""
    out = [Wound(natural=0) for _ in range(auto)]
    hits -= auto
    if hits <= 0:
        return out
    need = to_wound_needed(attack.strength, target.toughness, attack.to_wound_modifier)
    roll = roll_dice(f"{hits}d6", state.rng, purpose=f"{purpose}: to wound")
    dice = list(roll.dice)
    text = (f"{purpose}: {hits} to wound at S{attack.strength} against T{target.toughness} "
            + (f"needing {need}+" if need else "(S 0 never wounds)") + f": {_faces(dice)}")
    if attack.flaming and "Flammable" in target.rules:
        failed = [i for i, d in enumerate(dice) if not wounds(d, attack.strength, target.toughness,
                                                               attack.to_wound_modifier)]
        if failed:
            again = roll_dice(f"{len(failed)}d6", state.rng, purpose=f"{purpose}: Flammable re-rolls")
            for i, d in zip(failed, again.dice):
                dice[i] = d
            text += f"; Flammable re-rolls {_faces(again.dice)}"
    good = [d for d in dice if wounds(d, attack.strength, target.toughness, attack.to_wound_modifier)]
    events.append(Event(kind="roll", seat=seat, roll=roll, text=f"{text}: {len(good)} wound(s)."))
    return out + [Wound(natural=d) for d in good]


# -- the whole sequence ------------------------------------------------------------------------------
def resolve_hits(state: NinthAgeState, target: UnitState, attack: Attack, hits: int, events: list[Event], *,
                 attacker: UnitState | None = None, purpose: str = "", auto_wounds: int = 0) -> AttackResult:
    """Steps 2-5 of §12.2 for ``hits`` simultaneous hits on the R&F of ``target``: to wound,
    armour, ward or regeneration, Multiple Wounds, the wound pool and casualties. Step 6 (Panic)
    is the caller's, once every simultaneous attack is done."""
    seat = attacker.owner if attacker else None
    purpose = purpose or (f"{attacker.id} against {target.id}" if attacker else target.id)
    result = AttackResult(hits=hits)
    if hits <= 0 or not target.on_table:
        return result
    d = defence(state.unit_entry(target), attack.category)
    d = _under_spells(state, target, d)  # Magic phase (§9): T changed by spells in play
    if attack.flaming and "Flammable" not in d.rules and in_field(state, target):
        from dataclasses import replace

        d = replace(d, rules=d.rules | {"Flammable"})  # half or more of it in a Field (§18.5)
        events.append(Event(kind="note", seat=seat, text=f"{target.id} stands in a Field: Flammable (§18.5)."
                            if not target.garrison else f"{target.id} is in {target.garrison}: Flammable (§18.6)."))
    wounded = to_wound_rolls(state, attack, d, hits, events, purpose, seat, auto=auto_wounds)
    result.wounded = len(wounded)
    after_armour = armour_saves(state, attack, d, wounded, events, purpose, target.owner)
    result.armour_saved = len(wounded) - len(after_armour)
    unsaved = special_saves(state, target, attack, after_armour, events, purpose, target.owner)
    result.special_saved = len(after_armour) - len(unsaved)
    result.unsaved = len(unsaved)
    result.wounds_inflicted = inflict(state, target, attack, len(unsaved), d, events, purpose)
    before = target.models
    lose_wounds(state, target, result.wounds_inflicted, events, cause=attacker.id if attacker else None)
    result.removed = before - target.models
    return result


def _under_spells(state: NinthAgeState, target: UnitState, d: Defence) -> Defence:
    from dataclasses import replace

    from engine.rulesets.ninth_age.magic_state import spell_modified

    return replace(d, toughness=spell_modified(state, target.id, "T", d.toughness))


def inflict(state: NinthAgeState, target: UnitState, attack: Attack, unsaved: int, d: Defence, events: list[Event],
            purpose: str) -> int:
    """Step 5's count: each unsaved wound is one wound, or more with Multiple Wounds (§22, E-35),
    never more than the target's W per wound."""
    if not attack.multiple_wounds or unsaved <= 0:
        return max(0, unsaved)
    total, rolled = 0, []
    for _ in range(unsaved):
        n, dice = multiple_wounds(attack.multiple_wounds, d, state.rng, f"{purpose}: Multiple Wounds")
        total += n
        rolled += dice
    events.append(Event(kind="roll", text=f"{purpose}: Multiple Wounds ({attack.multiple_wounds})"
                        + (f" rolled {_faces(rolled)}" if rolled else "") + f", capped at W{d.wounds}: {unsaved} "
                        f"unsaved wound(s) become {total}."))
    return total


def resolve_one(state: NinthAgeState, target: UnitState, attack: Attack, events: list[Event], *,
                attacker: UnitState | None = None, purpose: str = "") -> tuple[bool, AttackResult]:
    """One hit on one model (bolt thrower, cannon): whether that model was removed as a casualty."""
    result = resolve_hits(state, target, attack, 1, events, attacker=attacker, purpose=purpose)
    return result.removed > 0, result
