"""The save offer: the items of the model being hit that work on its hits and saves (§23.4-23.5).

When hits land on a character carrying one of them, the attack sequence of §12.2 stops where the
seed puts the item, and the bearer's owner is asked with ``/decide`` when the item is theirs to use:

- Lucky Shield (Scudo della Fortuna): "ignora il primo colpo subito dal modello dell'utilizzatore
  mentre utilizza lo scudo": the first hit on the bearer while it uses the shield is ignored (not
  in close combat with a weapon that Requires Two Hands, §15.5); after that the shield is spent.
- Bronze Breastplate (Pettorale di Bronzo), one use: "in qualsiasi momento in cui l'utilizzatore
  riceve un colpo, l'oggetto può essere attivato. Per la durata della fase ... Tiro Armatura 1+":
  offered when the bearer is hit; activated, its armour save is 1+ (before the Strength and AP
  modifiers, a natural 1 always failing) for the rest of the phase.
- Lucky Charm (Amuleto Portafortuna), one use: "quando ... fallisce un Tiro Armatura ... può
  ripetere questo Tiro Armatura": offered when an armour save of the bearer fails (one die re-rolled;
  a die already re-rolled is not re-rolled again, §1.1).
- Gemstone Amulet (Amuleto della Gemma Mistica), one use: "quando ... fallisce un Tiro Armatura (o non
  può utilizzare il Tiro Armatura) ... Tiro Salvezza (4+) contro questa ferita": offered when a wound
  got past the bearer's armour; that one wound takes a 4+ ward save, which is its one ward or
  regeneration save (§12.6, a ruling).

Every item is spent in ``state.spent_items`` (so ``/army show`` marks it, and a replay spends it at
the same moment) and revealed in a hidden-list game (§2.4). Every die is rolled in the open.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core import Event, roll_dice
from engine.core.decisions import decide
from engine.core.text import ngettext, _
from engine.rulesets.ninth_age.damage import Attack, Defence
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState
from engine.rulesets.ninth_age.grammar import hits_counted, number

LUCKY_SHIELD = "lucky shield"
BREASTPLATE = "bronze breastplate"
LUCKY_CHARM = "lucky charm"
GEMSTONE = "gemstone amulet"
SAVE_ITEMS = frozenset({LUCKY_SHIELD, BREASTPLATE, LUCKY_CHARM, GEMSTONE})  # /item refuses them (one_use.ANSWERED_ITEMS)


def unspent(state: NinthAgeState, unit: UnitState | None, key: str) -> str | None:
    """The item ``key`` as the bearer's own entry names it, if it carries it and has not spent it."""
    if unit is None:
        return None
    from engine.rulesets.ninth_age.loadout import MODEL_ITEMS

    entry = state.unit_entry(unit)
    if entry.troop_type == "ridden monster" and key not in MODEL_ITEMS:
        return None  # a Ridden Monster ignores its rider's defences (§21.2), not those of "il modello" (§23.2)
    used = state.spent_items.get(unit.id, [])
    return next((i for i in entry.magic_items if i.strip().lower() == key and i not in used), None)


def spend(state: NinthAgeState, unit: UnitState, item: str, why: str, events: list[Event]) -> None:
    from engine.rulesets.ninth_age.hidden import reveal

    state.spent_items.setdefault(unit.id, []).append(item)
    reveal(state, unit.owner, unit.id, item, why, events)


def breastplate_active(state: NinthAgeState, unit: UnitState) -> bool:
    from engine.rulesets.ninth_age.one_use import phase_key

    return f"{BREASTPLATE}|{unit.id}|{phase_key(state)}" in state.activated


def shield_in_use(state: NinthAgeState, unit: UnitState, attack: Attack) -> bool:
    """A shield is not used in close combat with a weapon that Requires Two Hands (§15.5)."""
    if attack.category != "close combat":
        return True
    from engine.rulesets.ninth_age import fighters
    from engine.rulesets.ninth_age.loadout import CC_WEAPONS, _items

    entry = state.unit_entry(unit)
    magic = [i for i in _items(entry, state.armies.get(unit.owner)) if i.category == "weapon" and i.type in CC_WEAPONS]
    used = magic[0].type if magic else fighters.weapon(state, unit)
    return "Requires Two Hands" not in CC_WEAPONS.get(used, {}).get("rules", [])


def hits_taken(state: NinthAgeState, unit: UnitState, attack: Attack, hits: int, events: list[Event],
               purpose: str) -> int:
    """``hits`` land on the model ``unit`` (a character): the Lucky Shield ignores the first; the
    Bronze Breastplate is offered. Returns the hits that go on to wound."""
    if hits <= 0:
        return hits
    shield = unspent(state, unit, LUCKY_SHIELD)
    if shield and shield_in_use(state, unit, attack):
        spend(state, unit, shield, _("it ignores a hit"), events)
        hits -= 1
        events.append(Event(kind="item", seat=unit.owner, data={"unit": unit.id, "item": shield},
                            text=ngettext("{purpose}: {unit}'s {item} ignores the first hit it suffers (§23.4): {hits} hit left. The shield's gift is used up.", "{purpose}: {unit}'s {item} ignores the first hit it suffers (§23.4): {hits} hits left. The shield's gift is used up.", hits,
                                   purpose=purpose, unit=unit.id, item=shield, hits=hits)))
    plate = unspent(state, unit, BREASTPLATE)
    if plate and hits and not attack.no_armour and not attack.no_saves and not breastplate_active(state, unit):
        from engine.rulesets.ninth_age.one_use import phase_key

        answer = decide(state, unit.owner, f"bronze-breastplate-{unit.id}",
                        ngettext("{unit} is hit ({purpose}: {hits}). Activate its {item} (one use): armour save 1+ for the rest of this phase?", "{unit} are hit ({purpose}: {hits}). Activate their {item} (one use): armour save 1+ for the rest of this phase?", number(state, unit),
                          unit=unit.id, purpose=purpose, hits=hits_counted(hits), item=plate), ["no", "yes"], default="no")
        if answer == "yes":
            spend(state, unit, plate, _("it is activated"), events)
            key = phase_key(state)
            state.activated = [m for m in state.activated if m.rpartition("|")[2] == key] + [f"{BREASTPLATE}|{unit.id}|{key}"]
            events.append(Event(kind="item", seat=unit.owner, data={"unit": unit.id, "item": plate},
                                text=ngettext("{unit} activates the {item}: its armour save is 1+ for the rest of this phase (one use: spent for the rest of the game, §23.4).", "{unit} activate the {item}: their armour save is 1+ for the rest of this phase (one use: spent for the rest of the game, §23.4).", number(state, unit),
                                       unit=unit.id, item=plate)))
    return hits


def armour_of(state: NinthAgeState, unit: UnitState, d: Defence) -> Defence:
    """The bearer's defence with an activated Bronze Breastplate: armour save 1+ (a +6 bonus)."""
    if breastplate_active(state, unit):
        return replace(d, armour=6)
    return d


def lucky_charm(state: NinthAgeState, unit: UnitState | None, failed: list[int], dice: list[int], purpose: str,
                events: list[Event]) -> str:
    """Offered when armour saves of the bearer failed (``failed``: indices into ``dice``, none of
    them re-rolled already): re-roll one. Returns the text to add to the armour save line."""
    charm = unspent(state, unit, LUCKY_CHARM)
    if not charm or not failed:
        return ""
    shown = " ".join(str(dice[i]) for i in failed)
    answer = decide(state, unit.owner, f"lucky-charm-{unit.id}",
                    ngettext("{purpose}: {unit} failed {count} armour save (rolled {shown}). Re-roll it with its {item} (one use)?", "{purpose}: {unit} failed {count} armour saves (rolled {shown}). Re-roll one with its {item} (one use)?", len(failed),
                      purpose=purpose, unit=unit.id, count=len(failed), shown=shown, item=charm), ["no", "yes"], default="no")
    if answer != "yes":
        return ""
    spend(state, unit, charm, _("it re-rolls an armour save"), events)
    i = failed[0]
    old = dice[i]
    again = roll_dice("1d6", state.rng, purpose=_("{purpose}: {charm} re-roll", purpose=purpose, charm=charm))
    dice[i] = again.dice[0]
    return _(", the {item} re-rolls a {old}: {new} (one use: spent)", item=charm, old=old, new=again.dice[0])


def gemstone_amulet(state: NinthAgeState, unit: UnitState | None, attack: Attack, through: list, events: list[Event],
                    purpose: str) -> tuple[list, list]:
    """Offered when wounds got past the bearer's armour (failed, or no save possible): one of them
    takes a 4+ ward. Returns (the wounds going on to the ward/regeneration step, the wound that
    took the amulet's ward and failed it: its one special save is used, §12.6)."""
    amulet = unspent(state, unit, GEMSTONE)
    if not amulet or not through or attack.no_saves:
        return through, []
    answer = decide(state, unit.owner, f"gemstone-amulet-{unit.id}",
                    ngettext("{purpose}: {count} wound got past {unit}'s armour. Activate its {item} (one use): a 4+ ward save against it (instead of any other ward or regeneration save)?", "{purpose}: {count} wounds got past {unit}'s armour. Activate its {item} (one use): a 4+ ward save against one of them (instead of any other ward or regeneration save)?", len(through),
                      purpose=purpose, count=len(through), unit=unit.id, item=amulet), ["no", "yes"], default="no")
    if answer != "yes":
        return through, []
    spend(state, unit, amulet, _("it is activated"), events)
    wound = through[0]
    roll = roll_dice("1d6", state.rng, purpose=_("{purpose}: {amulet} ward save", purpose=purpose, amulet=amulet))
    saved = roll.dice[0] >= 4
    events.append(Event(kind="roll", seat=unit.owner, roll=roll,
                        text=(_("{purpose}: {unit}'s {item} gives a 4+ ward save against one wound: {face}: saved (one use: spent).",
                                purpose=purpose, unit=unit.id, item=amulet, face=roll.dice[0]) if saved else
                              _("{purpose}: {unit}'s {item} gives a 4+ ward save against one wound: {face}: not saved (one use: spent).",
                                purpose=purpose, unit=unit.id, item=amulet, face=roll.dice[0]))))
    rest = through[1:]
    if saved:
        wound.saved_by = "ward"
        return rest, []
    return rest, [wound]
