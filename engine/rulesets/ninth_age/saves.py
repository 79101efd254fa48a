"""Steps 3 and 4 of the attack sequence (§12.2): armour saves (§12.5) and the one ward or
regeneration save a wound may take (§12.6), rolled for a whole group of simultaneous wounds.
"""

from __future__ import annotations

from engine.core.text import _
from dataclasses import dataclass
from typing import Iterable

from engine.core import Event, roll_dice
from engine.rulesets.ninth_age.damage import Attack, Defence, armour_save_needed, defence
from engine.rulesets.ninth_age.magic_state import shielded, spell_modified, spell_saves
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState


@dataclass
class Wound:
    """One successful to-wound roll on its way through the saves."""

    natural: int  # the to-wound die (a Lethal Strike 6 changes the saves); 0: wounded automatically
    saved_by: str = ""



def take_saves(state: NinthAgeState, unit: UnitState, attack: Attack, target: Defence, wounds_: list[Wound],
               events: list[Event], purpose: str, seat: str | None = None) -> tuple[list[Wound], list[Wound]]:
    """Steps 3 and 4 on the models of ``unit`` with the save offer of the bearer's items
    (:mod:`.save_offer`): the wounds left after armour, and those left unsaved."""
    from engine.rulesets.ninth_age.save_offer import armour_of, gemstone_amulet

    target = armour_of(state, unit, target)
    after = armour_saves(state, attack, target, wounds_, events, purpose, seat, bearer=unit)
    going_on, ward_failed = gemstone_amulet(state, unit, attack, after, events, purpose)
    unsaved = special_saves(state, unit, attack, going_on, events, purpose, seat, d=target)
    return after, unsaved + ward_failed


def armour_saves(state: NinthAgeState, attack: Attack, target: Defence, wounds_: list[Wound], events: list[Event],
                 purpose: str, seat: str | None = None, bearer: UnitState | None = None) -> list[Wound]:
    """Step 3: a D6 per wound with the armour bonus and the Strength and AP modifiers; a natural 1
    always fails (§12.5). Lethal Strike 6s to wound have AP (6). ``bearer``: the model saving,
    whose Lucky Charm may re-roll a failed save (§23.5)."""
    if not wounds_ or attack.no_armour or attack.no_saves:
        return wounds_
    needs = [armour_save_needed(target.armour, attack.strength,
                                6 if attack.lethal_strike and w.natural == 6 else attack.armour_piercing)
             for w in wounds_]
    if all(n is None for n in needs):
        if target.armour:
            lethal = attack.lethal_strike and all(w.natural == 6 for w in wounds_)  # every one a Lethal Strike 6
            events.append(Event(kind="save", seat=seat, text=_("{purpose}: no armour save is possible (armour +{armour} against S{strength}, AP {armour_piercing}).", purpose=purpose, armour=target.armour, strength=attack.strength, armour_piercing=6 if lethal else attack.armour_piercing)))
        return wounds_
    if bearer is not None:  # hidden lists: an item that changes the save is revealed before the roll (§2.4)
        reveal_save_items(state, bearer, attack, target, "armour", 0, events)
    roll = roll_dice(f"{len(wounds_)}d6", state.rng, purpose=_("{purpose}: armour saves", purpose=purpose))
    dice = list(roll.dice)
    saves = lambda need, d: need is not None and d != 1 and d >= need  # noqa: E731
    again = ""
    if target.reroll_failed_armour:  # Dusk Stone (§23.5): failed armour saves are re-rolled
        failed = [i for i, (need, d) in enumerate(zip(needs, dice)) if need is not None and not saves(need, d)]
        if failed:
            reroll = roll_dice(f"{len(failed)}d6", state.rng, purpose=_("{purpose}: Dusk Stone re-rolls", purpose=purpose))
            for i, d in zip(failed, reroll.dice):
                dice[i] = d
            again = _(", Dusk Stone re-rolls {faces}", faces=faces(reroll.dice))
    elif bearer is not None:  # the Lucky Charm (§23.5): one failed save re-rolled, offered to the owner
        from engine.rulesets.ninth_age.save_offer import lucky_charm

        failed = [i for i, (need, d) in enumerate(zip(needs, dice)) if need is not None and not saves(need, d)]
        again = lucky_charm(state, bearer, failed, dice, purpose, events)
    left = []
    for w, need, d in zip(wounds_, needs, dice):
        if saves(need, d):
            w.saved_by = "armour"
        else:
            left.append(w)
    shown = sorted({n for n in needs if n})
    events.append(Event(kind="roll", seat=seat, roll=roll, text=_("{purpose}: armour saves needing {join}: {faces}{again}: {value} saved.", purpose=purpose, join='/'.join(f'{n}+' for n in shown), faces=faces(roll.dice), again=again, value=len(wounds_) - len(left))))
    return left


def struck_defence(state: NinthAgeState, unit: UnitState, attack: Attack) -> Defence:
    """The defence of one of ``unit``'s models as it stands when ``attack`` strikes it (§12),
    built here for every attack that wounds, shooting, melee or magic: its profile (§14.4) with
    the magic items it carries, the rulebook's and its army book's from the army file (armour,
    ward, regeneration and the rules they give, §23.4-23.5), its T as the spells in play on it
    change it (§9.4, §1.11), and what the items carried in its unit give every model of it
    (§23.6). A character inside a unit: its own profile and items, and its unit's items."""
    from dataclasses import replace

    from engine.rulesets.ninth_age.neighbours import unmounted

    d = defence(state.unit_entry(unit), attack.category, state.armies.get(unit.owner),
                mounted=not unmounted(state, unit, attack.category))  # §18.6: an assault on a Building
    d = replace(d, toughness=spell_modified(state, unit.id, "T", d.toughness))
    d = spell_saves(state, unit.id, d)  # the armour and Ward Saves spells in play give (§12.5-12.6)
    host = state.units.get(unit.host) if unit.location == "joined" and unit.host else None
    return unit_items(state, host or unit, attack, d)


def special_saves(state: NinthAgeState, unit: UnitState, attack: Attack, count: int | list[Wound],
                  events: list[Event], purpose: str | None = None, seat: str | None = None,
                  d: Defence | None = None):
    """Step 4: the one ward or regeneration save each wound may take (§12.6), the better one
    allowed. Takes a number of wounds (returns how many are left) or a list of :class:`Wound`
    (returns those left). ``d``: the defence already built for these wounds (:func:`struck_defence`)."""
    target = d or struck_defence(state, unit, attack)  # items' wards too
    if attack.spell:  # Magic phase (§23.7 Shielding Scroll): a 4+ ward against the spell read against
        target = shielded(state, attack, target)
    purpose = purpose or f"{unit.id}"
    as_list = isinstance(count, list)
    wounds_ = count if as_list else [Wound(natural=0) for _skip in range(count)]
    left: list[Wound] = []
    by_save: dict[tuple[str, int], list[Wound]] = {}
    for w in wounds_:
        save = target.special_save(attack, wounded_on_six=w.natural == 6)
        if save is None:
            left.append(w)
        else:
            by_save.setdefault(save, []).append(w)
    for (kind, value), group in sorted(by_save.items()):
        reveal_save_items(state, unit, attack, target, kind, value, events)  # hidden lists: before the roll (§2.4)
        roll = roll_dice(f"{len(group)}d6", state.rng, purpose=(_("{purpose}: ward saves", purpose=purpose) if kind == "ward" else
                                                                 _("{purpose}: regeneration saves", purpose=purpose) if kind == "regeneration" else
                                                                 _("{purpose}: {kind} saves", purpose=purpose, kind=kind)))
        dice = list(roll.dice)
        again = ""
        # Divine Attacks (§22), or the Holy Icon's own (§23.8): successful ward saves are re-rolled (once)
        if (attack.divine or target.reroll_own_wards) and kind == "ward":
            saved = [i for i, d in enumerate(dice) if d >= value]
            if saved:
                if attack.divine:
                    reroll = roll_dice(f"{len(saved)}d6", state.rng, purpose=_("{purpose}: Divine Attacks re-rolls", purpose=purpose))
                    again = _(", re-rolled for Divine Attacks: {faces}", faces=faces(reroll.dice))
                else:
                    reroll = roll_dice(f"{len(saved)}d6", state.rng, purpose=_("{purpose}: the Holy Icon re-rolls", purpose=purpose))
                    again = _(", re-rolled for the Holy Icon: {faces}", faces=faces(reroll.dice))
                for i, d in zip(saved, reroll.dice):
                    dice[i] = d
        kept = [w for w, d in zip(group, dice) if d < value]
        events.append(Event(kind="roll", seat=seat or unit.owner, roll=roll, text=(
            _("{purpose}: ward saves on {value}+: {faces}{again}: {value2} saved.", purpose=purpose, value=value, faces=faces(roll.dice), again=again, value2=len(group) - len(kept)) if kind == "ward" else
            _("{purpose}: regeneration saves on {value}+: {faces}{again}: {value2} saved.", purpose=purpose, value=value, faces=faces(roll.dice), again=again, value2=len(group) - len(kept)) if kind == "regeneration" else
            _("{purpose}: {kind} saves on {value}+: {faces}{again}: {value2} saved.", purpose=purpose, kind=kind, value=value, faces=faces(roll.dice), again=again, value2=len(group) - len(kept)))))
        for w in group:
            if w not in kept:
                w.saved_by = kind
        left += kept
    return left if as_list else len(left)


def reveal_save_items(state: NinthAgeState, unit: UnitState, attack: Attack, d: Defence, kind: str, value: int,
                      events: list[Event]) -> None:
    """In a hidden-list game, the items that change the save about to be rolled for ``unit``'s
    models are revealed before the roll (§2.4, the seed: "Modifica un Tiro Protezione (rivelare
    l'oggetto prima di lanciare i dadi)"): ``kind`` "armour" (magic armour doing more than its
    mundane type, as most magic shields do not, and the Dusk Stone), "ward" (the item whose ward
    of ``value``+ is taken, Fireborn against Flaming Attacks, Magic Resistance against a spell, the
    Holy Icon's re-rolls, a Charm of Cursed Iron in the unit against artillery) or "regeneration"."""
    from engine.rulesets.ninth_age.hidden import hidden_lists, reveal
    from engine.rulesets.ninth_age.loadout import ITEM_RULES, MAGIC_ARMOUR, MODEL_ITEMS, TALISMAN_WARD, _book
    from engine.rulesets.ninth_age.weapons import ARTILLERY_KINDS

    if not hidden_lists(state):
        return
    entry = state.unit_entry(unit)
    army = state.armies.get(unit.owner)
    ranged = attack.category in ("shooting", "ranged")
    used: list[tuple[UnitState, str]] = []
    for name in ([i for i in entry.magic_items if i.strip().lower() in MODEL_ITEMS]  # §21.2, §23.2
                 if entry.troop_type == "ridden monster" else entry.magic_items):
        key, book = name.strip().lower(), _book(army, name)
        effect, rules = MAGIC_ARMOUR.get(key, {}), ITEM_RULES.get(key, ())
        if kind == "armour":
            hit = any(effect.get(k) for k in ("bonus", "body", "natural")) or bool(
                book and book.category == "armour" and book.armour) or (key == "dusk stone" and d.reroll_failed_armour)
        elif kind == "ward":
            wards = {effect.get("ward"), TALISMAN_WARD.get(key), book.ward if book else None,
                     effect.get("ward_ranged") if ranged else None}
            hit = value in wards or (attack.flaming and value == 2 and "Fireborn" in rules) or (
                attack.spell and any(r.startswith("Magic Resistance") for r in rules)) or (
                key == "holy icon" and d.reroll_own_wards)
        else:
            hit = f"Regeneration ({value}+)" in rules or bool(book and book.regeneration == value)
        if hit:
            used.append((unit, name))
    if kind == "ward" and value == 5 and attack.category == "shooting" and attack.source in ARTILLERY_KINDS:
        body = state.units[unit.host] if unit.location == "joined" and unit.host else unit
        for member in [body] + [u for u in state.units.values() if u.host == body.id and u.location == "joined"]:
            used += [(member, i) for i in state.unit_entry(member).magic_items if i.strip().lower() == "charm of cursed iron"]
    why = {"armour": _("the armour saves use it"), "ward": _("the ward saves use it")}.get(
        kind, _("the regeneration saves use it"))
    for bearer, name in used:
        reveal(state, bearer.owner, bearer.id, name, why, events)


def reveal_wound_items(state: NinthAgeState, unit: UnitState, attack: Attack, d: Defence, events: list[Event]) -> None:
    """In a hidden-list game, the items that change the to-wound rolls against ``unit``'s models
    are revealed before the roll (§2.4: "Influisce sul lancio di un dado (anche se il risultato
    attuale del dado non ha effetto)"): the wearer's Bluffer's Helm, a Gem of Fortune in the unit
    against ranged attacks."""
    from engine.rulesets.ninth_age.hidden import hidden_lists, reveal

    if not hidden_lists(state):
        return
    wanted = {"bluffer's helm"} if d.reroll_wounds_against else set()
    body = state.units[unit.host] if unit.location == "joined" and unit.host else unit
    members = [body] + [u for u in state.units.values() if u.host == body.id and u.location == "joined"]
    for member in members:
        for item in state.unit_entry(member).magic_items:
            key = item.strip().lower()
            if (key in wanted and member is unit) or (key == "gem of fortune" and d.reroll_ranged_sixes):
                reveal(state, member.owner, member.id, item, _("the to-wound rolls against its unit use it")
                       if key == "gem of fortune" else _("the to-wound rolls against it use it"), events)


def carried_in_unit(state: NinthAgeState, unit: UnitState, item: str) -> bool:
    """The unit's entry, or a character joined to it, carries the magic item ``item``: "the
    bearer's unit" of an item (§23.2)."""
    members = [unit] + [u for u in state.units.values() if u.host == unit.id and u.location == "joined"]
    return any(item in {i.strip().lower() for i in state.unit_entry(u).magic_items} for u in members)


def unit_items(state: NinthAgeState, unit: UnitState, attack: Attack, d: Defence) -> Defence:
    """What items carried in the unit give every model of it against this attack: the Charm of
    Cursed Iron's 5+ ward against artillery, the Gem of Fortune's re-rolled ranged 6s (§23.6)."""
    from dataclasses import replace

    from engine.rulesets.ninth_age.weapons import ARTILLERY_KINDS

    if attack.category == "shooting" and attack.source in ARTILLERY_KINDS and \
            carried_in_unit(state, unit, "charm of cursed iron"):
        d = replace(d, ward=min(d.ward or 7, 5))
    if attack.category in ("shooting", "ranged") and carried_in_unit(state, unit, "gem of fortune"):
        d = replace(d, reroll_ranged_sixes=True)
    return d


def faces(dice: Iterable[int]) -> str:
    return " ".join(str(d) for d in dice) or "-"
