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

from engine.core.text import Text, ngettext, _, join as text_join, commas
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Iterable

from engine.core import Event, roll_dice
from engine.rulesets.ninth_age.casualties import heavy_casualties, lose_wounds  # noqa: F401 - step 6 for callers
from engine.rulesets.ninth_age.damage import (
    Attack, Defence, multiple_wounds, roll_value, to_wound_needed, wounds,
)
from engine.rulesets.ninth_age.save_offer import hits_taken
from engine.rulesets.ninth_age.saves import (
    Wound, armour_saves, faces as _faces, reveal_wound_items, special_saves, struck_defence, take_saves,
)
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState
from engine.rulesets.ninth_age.terrain_rules import in_field
from engine.rulesets.ninth_age.grammar import hits_counted, number, wounds_counted


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
        # six counts, each said with its own noun (#13): "1 hit, 2 wounds, 1 saved by armour, ..."
        armour_saved = ngettext("{n} saved by armour", "{n} saved by armour", self.armour_saved)
        inflicted = ngettext("{n} wound inflicted", "{n} wounds inflicted", self.wounds_inflicted)
        removed = ngettext("{n} model removed", "{n} models removed", self.removed)
        return _("{hits}, {wounded}, {armour_saved}, {special_saved} by ward/regeneration, {wounds_inflicted}, {removed}",
                 hits=hits_counted(self.hits), wounded=wounds_counted(self.wounded), armour_saved=armour_saved,
                 special_saved=self.special_saved, wounds_inflicted=inflicted, removed=removed)


def to_wound_rolls(state: NinthAgeState, attack: Attack, target: Defence, hits: int, events: list[Event],
                   purpose: str, seat: str | None = None, auto: int = 0) -> list[Wound]:
    """Step 2: a D6 per hit against the to-wound table; ``auto`` hits wound automatically
    (Poisoned Attacks). Flaming attacks re-roll failed rolls against Flammable targets (§22)."""
    out = [Wound(natural=0) for _skip in range(auto)]
    hits -= auto
    if hits <= 0:
        return out
    if attack.metalshifting:  # Metalshifting (§22): the target's armour save value, a 6 with none ([A-42])
        need = max(2, min(6, 7 - target.armour)) if target.armour > 0 else 6
        against = _("against an armour save of {need}+ (Metalshifting)", need=need) if target.armour > 0 else \
            _("against no armour save (Metalshifting: 6s only)")
    else:
        need = to_wound_needed(attack.strength, target.toughness, attack.to_wound_modifier, attack.wounds_on)
        against = _("at S{strength} against T{toughness}", strength=attack.strength, toughness=target.toughness)

    def ok(d: int) -> bool:
        if attack.metalshifting:
            return d != 1 and (d == 6 or d >= need)
        return wounds(d, attack.strength, target.toughness, attack.to_wound_modifier, attack.wounds_on)

    def reroll(which: list[int], why: str) -> str:
        again = roll_dice(f"{len(which)}d6", state.rng, purpose=_("{purpose}: {why}", purpose=purpose, why=why))
        for i, d in zip(which, again.dice):
            dice[i] = d
        return _faces(again.dice)

    roll = roll_dice(f"{hits}d6", state.rng, purpose=_("{purpose}: to wound", purpose=purpose))
    dice = list(roll.dice)
    parts = [_("{purpose}: {hits} to wound {against} needing {need}+: {faces}", purpose=purpose, hits=hits, against=against,
               need=need, faces=_faces(dice)) if need else
             _("{purpose}: {hits} to wound {against} (S 0 never wounds): {faces}", purpose=purpose, hits=hits, against=against,
               faces=_faces(dice))]
    failed = [i for i, d in enumerate(dice) if not ok(d)]
    if attack.reroll_failed_wounds and failed:  # Blessed Sword (§23.3): failed to-wound rolls are re-rolled
        why = _("to-wound re-rolls")
        parts.append(_("; {source} re-rolls {faces}", source=attack.source, faces=reroll(failed, why)))
    elif attack.flaming and "Flammable" in target.rules and failed:
        why = _("Flammable re-rolls")
        parts.append(_("; Flammable re-rolls {faces}", faces=reroll(failed, why)))
    hit = [i for i, d in enumerate(dice) if ok(d)]
    if target.reroll_wounds_against and hit:  # Bluffer's Helm (§23.4): successful to-wound rolls are re-rolled
        why = _("Bluffer’s Helm re-rolls")
        parts.append(_("; Bluffer's Helm re-rolls the successes: {faces}", faces=reroll(hit, why)))
    six = [i for i, d in enumerate(dice) if d == 6 and ok(d)]
    if target.reroll_ranged_sixes and six:  # Gem of Fortune (§23.6): successful 6s to wound re-rolled
        why = _("Gem of Fortune re-rolls")
        parts.append(_("; the Gem of Fortune re-rolls the 6s: {faces}", faces=reroll(six, why)))
    text = text_join("", parts)
    good = [d for d in dice if ok(d)]
    events.append(Event(kind="roll", seat=seat, roll=roll, text=ngettext("{text}: {count} wound.", "{text}: {count} wounds.", len(good), text=text, count=len(good))))
    return out + [Wound(natural=d) for d in good]


# -- the whole sequence ------------------------------------------------------------------------------
def resolve_hits(state: NinthAgeState, target: UnitState, attack: Attack, hits: int, events: list[Event], *,
                 attacker: UnitState | None = None, purpose: str = "", auto_wounds: int = 0) -> AttackResult:
    """Steps 2-5 of §12.2 for ``hits`` simultaneous hits on the R&F of ``target``: to wound,
    armour, ward or regeneration, Multiple Wounds, the wound pool and casualties. Step 6 (Panic)
    is the caller's, once every simultaneous attack is done."""
    seat = attacker.owner if attacker else None
    purpose = purpose or (_("{attacker} against {target}", attacker=attacker.id, target=target.id) if attacker else target.id)
    result = AttackResult(hits=hits)
    if hits <= 0 or not target.on_table:
        return result
    d = struck_defence(state, target, attack)  # items, spells in play on T, the unit's items (§9, §23)
    if attack.lightning and "Fly" in d.rules and ("Lightning Attack", target.id) not in state.phase_end_hits:
        state.phase_end_hits.append(("Lightning Attack", target.id))
    if attack.flaming and "Flammable" not in d.rules and in_field(state, target):
        from dataclasses import replace

        d = replace(d, rules=d.rules | {"Flammable"})  # half or more of it in a Field (§18.5)
        events.append(Event(kind="note", seat=seat, text=ngettext("{target} stands in a Field: Flammable (§18.5).", "{target} stand in a Field: Flammable (§18.5).", number(state, target), target=target.id)
                            if not target.garrison else ngettext("{target} is in {building}: Flammable (§18.6).", "{target} are in {building}: Flammable (§18.6).", number(state, target),
                                                          target=target.id, building=target.garrison)))
    hits = hits_taken(state, target, attack, hits, events, purpose)  # the save offer (Lucky Shield, Bronze Breastplate)
    if hits:
        reveal_wound_items(state, target, attack, d, events)  # hidden lists: before the roll (§2.4)
    wounded = to_wound_rolls(state, attack, d, hits, events, purpose, seat, auto=min(auto_wounds, hits))
    result.wounded = len(wounded)
    after_armour, unsaved = take_saves(state, target, attack, d, wounded, events, purpose, target.owner)
    result.armour_saved = len(wounded) - len(after_armour)
    result.special_saved = len(after_armour) - len(unsaved)
    result.unsaved = len(unsaved)
    if attack.hellfire and unsaved and ("Hellfire", target.id) not in state.phase_end_hits:
        state.phase_end_hits.append(("Hellfire", target.id))
    result.wounds_inflicted = inflict(state, target, attack, len(unsaved), d, events, purpose)
    before = target.models
    lose_wounds(state, target, result.wounds_inflicted, events, cause=attacker.id if attacker else None)
    result.removed = before - target.models
    return result


# -- hits on one model, and on a mixed unit (§16.4) ---------------------------------------------------
def wound_one_model(state: NinthAgeState, target: UnitState, attack: Attack, hits: int, events: list[Event],
                    purpose: str, seat: str | None, *, d: Defence | None = None, auto: int = 0,
                    offer: bool = True) -> AttackResult:
    """Steps 2-5 of §12.2 for ``hits`` on one model (a character in its unit, a duellist, a
    Champion): to wound, armour, ward and regeneration against its defence as
    :func:`.saves.struck_defence` builds it (``d`` when the caller changed it: a Champion's
    W), then the wounds inflicted (Multiple Wounds). The caller takes them off the model.
    ``offer``: whether the bearer's save items are offered (§23.4-23.5; not to a duellist already
    slain, struck by Overkill)."""
    d = d or struck_defence(state, target, attack)
    result = AttackResult(hits=hits)
    if offer:  # the save offer (Lucky Shield, Bronze Breastplate)
        hits = hits_taken(state, target, attack, hits, events, purpose)
    if hits:
        reveal_wound_items(state, target, attack, d, events)  # hidden lists: before the roll (§2.4)
    wounded = to_wound_rolls(state, attack, d, hits, events, purpose, seat, auto=min(auto, hits))
    if offer:
        kept, unsaved = take_saves(state, target, attack, d, wounded, events, purpose, target.owner)
    else:
        kept = armour_saves(state, attack, d, wounded, events, purpose, target.owner)
        unsaved = special_saves(state, target, attack, kept, events, purpose, target.owner, d=d)
    result.wounded, result.armour_saved = len(wounded), len(wounded) - len(kept)
    result.special_saved, result.unsaved = len(kept) - len(unsaved), len(unsaved)
    result.wounds_inflicted = inflict(state, target, attack, len(unsaved), d, events, purpose)
    return result


def hits_on_character(state: NinthAgeState, char: UnitState, attack: Attack, hits: int, events: list[Event],
                      purpose: str, seat: str | None, *, auto: int = 0) -> tuple[AttackResult, int]:
    """Hits on a character inside its unit (its share of the hits on a mixed unit, or struck in
    base contact, §16.4, §11.6): the §12 steps against its own defence; at its W it is slain and
    leaves the unit (§16.5 Refilling gaps). Returns the result (``removed`` 1 if slain) and the
    wounds beyond the ones it had left (Overkill in a challenge, else lost)."""
    from engine.rulesets.ninth_age.mixed_units import lose_character_wounds

    d = struck_defence(state, char, attack)
    result = wound_one_model(state, char, attack, hits, events, purpose, seat, d=d, auto=auto)
    taken, over = lose_character_wounds(state, char, result.wounds_inflicted, events, purpose, wounds=d.wounds)
    if char.location == "destroyed":
        result.wounds_inflicted, result.removed = taken, 1
    return result, over


def hits_on_champion(state: NinthAgeState, unit: UnitState, attack: Attack, hits: int, events: list[Event],
                     purpose: str, seat: str | None, *, cause: str | None = None) -> AttackResult:
    """Hits on the unit's Champion model itself, not on the wound pool its R&F share (a Wizard
    Conclave's Champion taking its own miscast hit, §9.10, §22): the §12 steps against the
    Champion alone (the unit's profile, +1 W in a Conclave), its wounds kept on it as a
    challenge keeps them (:func:`.casualties.champion_loses`); at its W it falls."""
    from dataclasses import replace

    from engine.rulesets.ninth_age.casualties import champion_loses, champion_wounds

    d = replace(struck_defence(state, unit, attack), wounds=champion_wounds(state, unit))
    result = wound_one_model(state, unit, attack, hits, events, purpose, seat, d=d)
    before, models = unit.champion_wounds, unit.models
    taken, _over = champion_loses(state, unit, result.wounds_inflicted, d.wounds, events, cause=cause)
    result.wounds_inflicted, result.removed = taken, models - unit.models
    if unit.champion_lost:
        events.append(Event(kind="casualties", seat=seat, text=ngettext("{unit}'s Champion falls ({dealt} wound against W{wounds}).", "{unit}'s Champion falls ({dealt} wounds against W{wounds}).", before + taken, unit=unit.id, dealt=before + taken, wounds=d.wounds)))
    elif taken:
        events.append(Event(kind="casualties", seat=seat, text=(
            ngettext("{purpose}: {dealt} wound; the Champion stands.", "{purpose}: {dealt} wounds; the Champion stands.", taken, purpose=purpose, dealt=taken) if not before else
            ngettext("{purpose}: {dealt} wound, {total} of its W{wounds} now; the Champion stands.", "{purpose}: {dealt} wounds, {total} of its W{wounds} now; the Champion stands.", taken, purpose=purpose, dealt=taken, total=before + taken, wounds=d.wounds))))
    return result


def resolve_on_unit(state: NinthAgeState, target: UnitState, attack: Attack, hits: int, events: list[Event], *,
                    attacker: UnitState | None = None, purpose: str = "", auto_wounds: int = 0,
                    own_attack: dict[str, Attack] | None = None, most: dict[str, int] | None = None) -> AttackResult:
    """Ordinary hits on a unit (shooting, a spell's or a breath's hits), as §16.4 allocates them
    on a mixed unit: situation A (characters of the unit's troop type, 5 or more R&F) all on the
    R&F, the characters taking none; situation B the attacking player spreads them as evenly as
    possible over the R&F and the exposed characters (/decide), each character's share through
    the §12 steps against its own defence, the rest through :func:`resolve_hits` on the R&F.
    There is no "Look Out Sir" roll in this version (§16.4). ``own_attack``: a character's hits
    with other rules, ``most``: the most hits a character may take (a miscasting wizard's, §9.10)."""
    from engine.rulesets.ninth_age.mixed_units import character_shares, hit_allocation, joined

    inside = joined(state, target) if target.on_table else []
    if not inside or hits <= 0 or attacker is None:
        return resolve_hits(state, target, attack, hits, events, attacker=attacker, purpose=purpose,
                            auto_wounds=auto_wounds)
    _skip, exposed = hit_allocation(state, target)
    if not exposed:
        events.append(Event(kind="allocation", seat=attacker.owner, text=all_on_rank_and_file(hits, target.id, inside)))
        return resolve_hits(state, target, attack, hits, events, attacker=attacker, purpose=purpose,
                            auto_wounds=auto_wounds)
    shares = character_shares(state, attacker.owner, target, hits, exposed, most=most)
    rest = hits - sum(shares.values())
    total = AttackResult(hits=hits)
    auto_left = max(0, auto_wounds - rest)  # Poisoned 6s go to the R&F first
    for c, n in shares.items():
        if not n:
            continue
        char = state.units[c]
        events.append(Event(kind="allocation", seat=attacker.owner, text=ngettext("{value_n} of {hits} hit on {target} goes to {c} (situation B, §16.4).", "{value_n} of {hits} hits on {target} go to {c} (situation B, §16.4).", hits, value_n=n, hits=hits, target=target.id, c=c)))
        auto, auto_left = min(auto_left, n), auto_left - min(auto_left, n)
        part, _over = hits_on_character(state, char, (own_attack or {}).get(c, attack), n, events,
                                        _("{purpose} ({c})", purpose=purpose, c=c),
                                        attacker.owner, auto=auto)
        _add(total, part)
    if rest:
        _add(total, resolve_hits(state, target, attack, rest, events, attacker=attacker, purpose=purpose,
                                 auto_wounds=min(auto_wounds, rest)))
    return total


def all_on_rank_and_file(hits: int, target: str, inside: list[UnitState]) -> Text:
    """Situation A (§16.4): every one of ``hits`` hits on ``target`` goes to its rank and file,
    the characters ``inside`` it taking none; the first clause agrees with the hits, the second
    with the characters listed."""
    on_rf = ngettext("{n} hit on {target} goes to its rank and file", "{n} hits on {target} all go to its rank and file",
                     hits, target=target)
    return ngettext("{hits}; {join} takes none (situation A, §16.4).", "{hits}; {join} take none (situation A, §16.4).",
                    len(inside), hits=on_rf, join=commas(c.id for c in inside))


def template_models(state: NinthAgeState, unit: UnitState, touched: list[int]) -> tuple[int, list[str]]:
    """Of the bases of ``unit``'s footprint a template touches (their indices): how many R&F
    models, and the characters in the unit whose base it touches, each one model however many
    positions its base takes in the block (§16.5)."""
    from engine.rulesets.ninth_age.mixed_units import character_cells

    cells = character_cells(state, unit)
    taken = set().union(*cells.values()) if cells else set()
    return sum(1 for i in touched if i not in taken), [c for c, idx in cells.items() if idx & set(touched)]


def template_on_unit(state: NinthAgeState, unit: UnitState, attack: Attack, touched: list[int], per: int,
                     events: list[Event], *, attacker: UnitState, purpose: str, blast: bool = False,
                     own_attack: dict[str, Attack] | None = None, takes_it: frozenset[str] = frozenset()) -> None:
    """``per`` hits on each model of ``unit`` a template touches (``touched``: its footprint's
    base indices). A character's base under it (§16.4): in situation A the hit is transferred
    to an R&F model, in situation B the character takes it. ``blast``: hits on every model
    within a distance, read as a template's (a war machine blowing up, §15.4); ``own_attack``:
    a character's hit with other rules (a miscasting wizard takes no saves, §9.10); ``takes_it``:
    characters that take their hit themselves in either situation (a wizard that "deve subire
    un colpo")."""
    from engine.rulesets.ninth_age.mixed_units import hit_allocation

    rf, chars = template_models(state, unit, touched)
    if chars:
        _skip, exposed = hit_allocation(state, unit)
        for c in chars:
            if c in exposed or c in takes_it:
                events.append(Event(kind="allocation", seat=attacker.owner, text=(
                    ngettext("The blast reaches {c} in {unit}: it takes the hit itself (situation B, §16.4).",
                             "The blast reaches {c} in {unit}: it takes the hits itself (situation B, §16.4).", per, c=c, unit=unit.id)
                    if blast and c in exposed else
                    ngettext("The template covers {c} in {unit}: it takes the hit itself (situation B, §16.4).",
                             "The template covers {c} in {unit}: it takes the hits itself (situation B, §16.4).", per, c=c, unit=unit.id)
                    if c in exposed else _("The template covers {c} in {unit}: it must take the hit itself.", c=c, unit=unit.id))))
                hits_on_character(state, state.units[c], (own_attack or {}).get(c, attack), per, events,
                                  _("{purpose} ({c})", purpose=purpose, c=c), attacker.owner)
            else:
                events.append(Event(kind="allocation", seat=attacker.owner, text=(
                    ngettext("The blast reaches {c} in {unit}: the hit goes to a rank-and-file model instead (situation A, §16.4).",
                             "The blast reaches {c} in {unit}: the hits go to a rank-and-file model instead (situation A, §16.4).", per, c=c, unit=unit.id)
                    if blast else
                    ngettext("The template covers {c} in {unit}: the hit goes to a rank-and-file model instead (situation A, §16.4).",
                             "The template covers {c} in {unit}: the hits go to a rank-and-file model instead (situation A, §16.4).", per, c=c, unit=unit.id))))
                rf += 1
    if rf and unit.on_table:  # a blast's losses are no enemy unit's doing (Heavy Casualties, §13)
        resolve_hits(state, unit, attack, rf * per, events, attacker=None if blast else attacker, purpose=purpose)


def _add(total: AttackResult, part: AttackResult) -> None:
    for f in ("wounded", "armour_saved", "special_saved", "unsaved", "wounds_inflicted", "removed"):
        setattr(total, f, getattr(total, f) + getattr(part, f))


def end_of_phase(state: NinthAgeState, events: list[Event]) -> None:
    """What is due at the end of the phase (§22): D6 S1 hits with no saves of any kind on each
    unit that took unsaved wounds from Hellfire; D6 S4 hits on each Fly unit that suffered
    Lightning Attacks (a ruling: attacks that hit it)."""
    due, state.phase_end_hits = list(state.phase_end_hits), []
    for rule, uid in due:
        target = state.units.get(uid)
        if target is None or not target.on_table:
            continue
        n, dice = roll_value("D6", state.rng, _("{rule} on {uid}", rule=rule, uid=uid))
        strength = 1 if rule == "Hellfire" else 4
        events.append(Event(kind="roll", seat=target.owner, text=text_join("", [ngettext("End of the phase: {rule} strikes {uid}: D6 = {value_n} hit at S{strength}", "End of the phase: {rule} strikes {uid}: D6 = {value_n} hits at S{strength}", n, rule=rule, uid=uid, value_n=n, strength=strength), (_(", no saves of any kind") if rule == "Hellfire" else ""), _(" (§22) [{faces}].", faces=_faces(dice))])))
        resolve_hits(state, target, Attack(strength=strength, category="special", no_saves=rule == "Hellfire",
                                           source=rule), n, events, purpose=_("{rule} on {uid}", rule=rule, uid=uid))
        heavy_casualties(state, target, events)


def inflict(state: NinthAgeState, target: UnitState, attack: Attack, unsaved: int, d: Defence, events: list[Event],
            purpose: str) -> int:
    """Step 5's count: each unsaved wound is one wound, or more with Multiple Wounds (§22, E-35),
    never more than the target's W per wound."""
    if not attack.multiple_wounds or unsaved <= 0:
        return max(0, unsaved)
    total, rolled, each = 0, [], []
    for _skip in range(unsaved):
        n, dice = multiple_wounds(attack.multiple_wounds, d, state.rng, _("{purpose}: Multiple Wounds", purpose=purpose))
        total += n
        rolled += dice
        each.append(n)
    # a D3 is a halved D6 (§0.1): the faces rolled are D6 faces, so say what each wound became
    # (a console game read "(D3) rolled 2, capped at W3: 1 unsaved wound(s) become 1")
    spec = str(attack.multiple_wounds).lower()
    halved = rolled and ("d3" in spec or spec.startswith("ammunition"))
    events.append(Event(kind="roll", text=text_join("", [_("{purpose}: Multiple Wounds ({multiple_wounds})", purpose=purpose, multiple_wounds=attack.multiple_wounds), (_(" rolled {faces}", faces=_faces(rolled)) if rolled else ""), (_(" (D6 faces, a D3 being half a D6: each wound became {values})", values=commas(map(str, each))) if halved else ""), ngettext(", capped at W{wounds}: {unsaved} unsaved wound becomes {total}.", ", capped at W{wounds}: {unsaved} unsaved wounds become {total}.", unsaved, wounds=d.wounds, unsaved=unsaved, total=total)])))
    return total


def resolve_one(state: NinthAgeState, target: UnitState, attack: Attack, events: list[Event], *,
                attacker: UnitState | None = None, purpose: str = "") -> tuple[bool, AttackResult]:
    """One hit on one model (bolt thrower, cannon): whether that model was removed as a casualty."""
    result = resolve_hits(state, target, attack, 1, events, attacker=attacker, purpose=purpose)
    return result.removed > 0, result
