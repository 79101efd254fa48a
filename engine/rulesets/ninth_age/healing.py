"""Heal and Recover Wounds (§7.8, seed 001:773-783, "CURARE FERITE E RECUPERARE FERITE").

Heal [X] Wounds ("Cura [X] Ferite"):

- "Se un'Unità contiene più modelli, ogni modello deve aver curato tutte le ferite perse prima che
  a un altro modello vengano curate le ferite": one wounded model is made whole before the next.
  A unit here has at most two wounded models of its own: its Champion (the wounds a challenge or
  its own miscast left on it, ``champion_wounds``, and the pool's when it is the last model) and
  the rank-and-file model taking the wound pool's leftover (``wounds_lost``, §12.7). The Champion
  is healed first, as Recover brings it back first (the seed names no order; a ruling).
- "Ai Personaggi presenti all'interno di un'Unità non vengono mai curate ferite da una abilità che
  fa curare le ferite dell'Unità a cui sono aggregati": healing a unit never reaches the
  characters joined to it; a character is healed only as the sole target (a Focused spell on it,
  a spell on the caster alone, ``/heal unit:<the character>``).
- "Il curare ferite non può mai riportare in vita modelli morti, e non può [...] aumentare il
  numero delle ferite di un modello oltre il suo numero base (tutte le ferite di accesso sono
  perse)": the excess is lost.

Recover [X] Wounds ("Recupera [X] Ferite"): the same, but it may bring models back: first every
lost wound of the models in the unit (not its characters), then models return in the order
Champion, standard bearer, musician, rank and file, each with all its wounds before the next
returns (the last one may come back wounded, with what is left of X); never above the unit's
starting number of models (the excess is lost). Returned models join the rear rank: the block
grows behind, its front rank where it stood (as casualties leave from the rear, §12.8). A unit
whose R&F were all slain, its characters standing for it ("still the same unit", §16.2), gets its
models back the same way, from none: the block forms again behind its characters, who take its
front rank (:func:`.mixed_units.rank_and_file_back`); a standard captured when they fell engaged
stays captured (§17.2). A Wizard Conclave's Champion brought back is its wizard again
(:func:`champion_back`). A game begun before rules version 5 heals as it did (``healing_v5``).

A model's starting Wounds ("numero base") is its profile's W as attacks meet it
(:func:`.damage.defence`): a multi-part model's Combined Profile (the highest W of its parts),
a Ridden Monster's monster, a War Machine's machine, a character's own; a Wizard Conclave's
Champion has its +1 (§22). The standard bearer and the musician are never taken off while other
rank and file stand ("Se un Musico o un Alfiere è rimosso come perdita rimpiazzare un altro modello
R&F", seed 001:2741): so they are the last of the non-Champion models, and a unit short of them
has lost them; a standard captured (``standard_lost``, §17.2) is not brought back. X is a number
or dice (:func:`.spell_effects.amount_problem` says which are read), dice rolled in the open.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import Event, Roll, roll_dice
from engine.core.text import N_, Text, _, join as text_join, listed, ngettext
from engine.rulesets.ninth_age.casualties import champion_wounds, joined_positions, model_wounds
from engine.rulesets.ninth_age.damage import roll_value
from engine.rulesets.ninth_age.grammar import number
from engine.rulesets.ninth_age.spell_effects import amount_problem
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState
from engine.table.footprint import Pose, footprint

# the models Recover brings back, in the seed's order ("campione, alfiere, musico, rango-e-fila")
ROLES = {"champion": N_("the Champion"), "standard": N_("the standard bearer"), "musician": N_("the musician")}


def roll_amount(state: NinthAgeState, expr: str, purpose: Text | str) -> tuple[int, object, str]:
    """X of Heal or Recover X Wounds: a number as it is, or dice rolled in the open with the game's
    generator. Returns the number, the roll (None for a number) and how it reads.

    A D3 is read off a D6 (§0.1, §1.1), as every D3 of the game (:func:`.damage.roll_value`): the
    D6 face is shown and halved ("D3: 5 → 3", "2D6: 4+3 → 7", "D6: 5"). A game begun under rules
    version 4 or earlier (``healing_v5`` unset) rolls it as the three-sided die it rolled then
    ("D3: 2"), so its log replays to the wounds it was played to."""
    typed = str(expr).strip().upper()
    if typed.isdigit():
        return int(typed), None, typed
    if not state.healing_v5:
        roll = roll_dice(("1" + typed if typed.startswith("D") else typed).lower(), state.rng, purpose=str(purpose))
        faces = "+".join(map(str, roll.dice))
        shown = f"{typed}: {faces}" + (f" → {roll.total}" if len(roll.dice) > 1 or "+" in typed else "")
        return roll.total, roll, shown
    total, dice = roll_value(typed, state.rng, str(purpose))
    faces = "+".join(map(str, dice))
    read = len(dice) > 1 or "+" in typed or "D3" in typed  # a D6 alone is its face
    detail = f"{faces} → {total}" if read else faces
    roll = Roll(expression=typed, dice=dice, total=total, detail=detail, purpose=str(purpose))
    return total, roll, f"{typed}: {detail}"


@dataclass
class Healed:
    """What a Heal or Recover did to one target."""

    unit: str
    amount: int
    recover: bool
    restored: int = 0  # wounds given back to models that stood in the unit
    whole: int = 0  # of them, models made whole again
    still_lost: int = 0  # wounds left on the last model healed, X spent
    returned: list[str] = field(default_factory=list)  # roles of the models brought back, in order
    returned_short: int = 0  # wounds the last model brought back still lacks
    rejoined: list[str] = field(default_factory=list)  # characters that stood for the unit, in it again
    lost: int = 0  # the excess: nothing left to heal or bring back
    characters_left: list[str] = field(default_factory=list)  # wounded characters in the unit, not healed
    no_room: Text | None = None  # why the next model to come back would not fit (rules version 6)
    not_placed: bool = False  # X was left for a model that did not fit: not brought back


def wounded_models(state: NinthAgeState, unit: UnitState) -> list[tuple[str, int]]:
    """The unit's own wounded models and the wounds each has lost, in the order healing meets
    them: its Champion, then the rank-and-file model taking the wound pool (§12.7)."""
    entry = state.unit_entry(unit)
    if unit.models <= 0:
        return []
    champion = entry.command.champion and not unit.champion_lost
    out = []
    if champion:
        on_champion = unit.champion_wounds + (unit.wounds_lost if unit.models == 1 else 0)
        if on_champion:
            out.append(("champion", on_champion))
    if unit.wounds_lost and not (champion and unit.models == 1):
        out.append(("pool", unit.wounds_lost))
    return out


def _slots(state: NinthAgeState, unit: UnitState) -> list[str]:
    """The command models among the unit's non-Champion models, the last of them to go."""
    command = state.unit_entry(unit).command
    return (["standard"] if command.standard and not unit.standard_lost else []) + (["musician"] if command.musician else [])


def returning_order(state: NinthAgeState, unit: UnitState) -> list[str]:
    """The roles of the models Recover may bring back, in the seed's order (Champion, standard
    bearer, musician, rank and file), up to the unit's starting number of models."""
    entry = state.unit_entry(unit)
    missing = max(0, unit.start_models - unit.models)
    order: list[str] = []
    # a unit whose models all fell (its characters standing for it, §16.2) has no Champion either
    champion_back = entry.command.champion and (unit.champion_lost or unit.models <= 0)
    if champion_back and missing:
        order.append("champion")
    present = unit.models - (1 if entry.command.champion and not champion_back else 0)
    slots = _slots(state, unit)
    for k in range(missing - len(order)):
        i = present + k
        order.append(slots[i] if i < len(slots) else "rank-and-file")
    return order


def heal(state: NinthAgeState, target: UnitState, amount: int, *, recover: bool = False) -> Healed:
    """Heal (or, ``recover``, Recover) ``amount`` wounds on ``target``: a unit on the table (its own
    models, never its characters) or a character, alone or inside a unit, as the sole target."""
    from engine.rulesets.ninth_age.mixed_units import joined, stands_for

    fallen = stands_for(state, target) if recover and state.healing_v5 else None
    if fallen is not None:  # the characters left of a unit stand for it (§16.2): its R&F come back
        return _recover_fallen(state, fallen, amount)
    done = Healed(unit=target.id, amount=amount, recover=recover)
    left = amount
    if target.location == "joined":  # a character in a unit, targeted alone: its own wounds
        take = min(left, target.wounds_lost)
        target.wounds_lost -= take
        done.restored, left = take, left - take
        done.whole = 1 if take and not target.wounds_lost else 0
        done.still_lost = target.wounds_lost if take else 0
        done.lost = left
        return done
    for who, lost in wounded_models(state, target):
        if not left:
            done.still_lost = lost
            break
        take = min(left, lost)
        left -= take
        done.restored += take
        if who == "champion":
            off_pool = min(take, target.wounds_lost) if target.models == 1 else 0  # the pool's, on it as the last model
            target.wounds_lost -= off_pool
            target.champion_wounds -= take - off_pool
        else:
            target.wounds_lost -= take
        if take == lost:
            done.whole += 1
        else:
            done.still_lost = lost - take
    if recover and left:
        room = None
        if state.placement_v6:  # only the models that fit behind it come back (rules version 6)
            room, done.no_room = room_behind(state, target, len(returning_order(state, target)))
        left, back = _bring_back(state, target, left, done, room=room)
        grow(state, target, back)
    done.lost = left
    done.characters_left = [c.id for c in joined(state, target) if c.location == "joined" and c.wounds_lost]
    return done


def _bring_back(state: NinthAgeState, unit: UnitState, left: int, done: Healed,
                room: int | None = None) -> tuple[int, int]:
    """Models back in the seed's order, each with all its wounds before the next, ``left`` of X
    spent on them: what is left of X and how many came back. ``room``: how many fit where they
    would stand (:func:`room_behind`); those that do not fit are not brought back, and what is
    left of X is lost."""
    back = 0
    for role in returning_order(state, unit):
        if not left:
            break
        if room is not None and back >= room:
            done.not_placed = True
            break
        wounds = champion_wounds(state, unit) if role == "champion" else model_wounds(state, unit)
        take = min(left, wounds)
        left -= take
        if role == "champion":
            unit.champion_lost, unit.champion_wounds = False, wounds - take
            if state.healing_v5:
                champion_back(state, unit)
        else:
            unit.wounds_lost = wounds - take
        unit.models += 1
        back += 1
        done.returned.append(role)
        done.returned_short = wounds - take
    return left, back


def _recover_fallen(state: NinthAgeState, unit: UnitState, amount: int) -> Healed:
    """Recover ``amount`` wounds on a unit whose R&F were all slain, its characters standing for
    it (§16.2): it has no wounded model of its own to heal and its characters are never healed by
    its healing, so X brings models back, in the seed's order, up to its starting number ("fino al
    numero iniziale"); the unit forms again behind its characters, who take its front rank
    (:func:`.mixed_units.rank_and_file_back`)."""
    from engine.rulesets.ninth_age.mixed_units import rank_and_file_back

    done = Healed(unit=unit.id, amount=amount, recover=True)
    unit.wounds_lost = unit.champion_wounds = 0
    if unit.slain_engaged and state.unit_entry(unit).command.standard:
        unit.standard_lost = True  # its standard bearer fell engaged in a combat: captured (§17.2), not back
    room = None
    if state.placement_v6:  # only the models that fit behind its characters come back (rules version 6)
        room, done.no_room = _room_to_form_again(state, unit, min(amount, len(returning_order(state, unit))))
    left, back = _bring_back(state, unit, amount, done, room=room)
    if back:
        done.rejoined = rank_and_file_back(state, unit, [])
    done.lost = left
    done.characters_left = [c for c in done.rejoined if state.units[c].wounds_lost]
    return done


def _room_to_form_again(state: NinthAgeState, unit: UnitState, wanted: int) -> tuple[int, Text | None]:
    """As :func:`room_behind`, for a unit whose R&F all fell, formed again behind the characters
    that stood for it (:func:`.mixed_units.rank_and_file_back`): each number of models is tried on
    a copy of the game, the ground the block takes beyond the characters' checked."""
    from engine.rulesets.ninth_age.mixed_units import rank_and_file_back, successor
    from engine.rulesets.ninth_age.neighbours import surroundings

    leader = state.units[successor(state, unit.id)]
    if wanted <= 0 or leader.pose is None or leader.garrison:  # a garrison stands in its Building (§18.6)
        return wanted, None

    def formed_again(k: int):
        trial = state.model_copy(deep=True)
        host = trial.units[unit.id]
        host.models = max(0, unit.models) + k
        rank_and_file_back(trial, host, [])
        return host.footprint().shape

    return _how_many_fit(formed_again, wanted, leader.footprint().shape,
                         surroundings(state, {unit.id, leader.id}))


def _how_many_fit(shape_with, wanted: int, now, around) -> tuple[int, Text | None]:
    """How many of ``wanted`` models, added one after another (``shape_with(k)``: the unit's
    shape with ``k`` more), fit: the ground beyond ``now`` goes into nothing ``around`` (touching
    is no bar: nothing moves). The number that fit and, when fewer, why the next does not."""
    from types import SimpleNamespace

    from engine.table.motion import clearance_problem

    for k in range(1, wanted + 1):
        added = shape_with(k).difference(now)
        if added.area < 1e-9:
            continue
        problem = clearance_problem(SimpleNamespace(shape=added), around, 0.0, during=False)
        if problem is not None:
            return k - 1, problem
    return wanted, None


def champion_back(state: NinthAgeState, unit: UnitState) -> None:
    """The unit's Champion is back: a Wizard Conclave's is its wizard again (§22: "il Campione
    di un'Unità con la regola speciale Conclave Magico [...] è un Apprendista Mago di Livello 1",
    seed 001:3259), its spells as they were, though the Breach in the Veil had removed it
    from play (``Caster.slain``, magic._remove_from_play): it casts, dispels and Channels again."""
    for caster in state.casters.values():
        if caster.conclave and caster.unit == unit.id:
            caster.slain = False


def grow(state: NinthAgeState, unit: UnitState, added: int) -> None:
    """``added`` models come back to the unit's rear rank: the block grows behind, its files and
    the middle of its front edge where they were (the reverse of :func:`.casualties.remove_models`);
    a garrison stays where it stands, at its Building's centre."""
    if added <= 0:
        return
    formation = unit.formation.model_copy(update={"models": unit.models + joined_positions(state, unit)})
    if unit.pose is None or unit.garrison:  # a unit in a Building stands at its centre (§18.6)
        unit.formation = formation
        return
    unit.formation, unit.pose = formation, _grown_pose(unit, formation)


def _grown_pose(unit: UnitState, formation) -> Pose:
    """Where ``unit`` stands in ``formation``, grown behind: its front edge's middle where it was."""
    old = unit.footprint()
    front = old.world((0, old.half_depth))
    placed = footprint(formation, Pose(x=0, y=0, bearing=old.bearing))
    offset = placed.world((0, placed.half_depth))
    return Pose(x=front[0] - offset[0], y=front[1] - offset[1], bearing=old.bearing)


def room_behind(state: NinthAgeState, unit: UnitState, wanted: int) -> tuple[int, Text | None]:
    """How many of ``wanted`` models coming back (one after another, to the rear rank: :func:`grow`)
    fit where they would stand: the ground the block newly takes goes into no other unit, no
    Impassable terrain or Building, and not off the table (touching is no bar: nothing moves; what
    the unit stands on already is not asked again). The seed says nothing of a returning model with
    no room (§7.8, seed 001:780-783); the ruling: a model that does not fit is not brought back.
    Returns the number that fit and, when that is fewer, why the next does not."""
    from engine.rulesets.ninth_age.neighbours import surroundings

    if wanted <= 0 or unit.pose is None or unit.garrison:  # a garrison stands in its Building (§18.6)
        return wanted, None
    seated = unit.models + joined_positions(state, unit)

    def grown(k: int):
        formation = unit.formation.model_copy(update={"models": seated + k})
        return footprint(formation, _grown_pose(unit, formation)).shape

    return _how_many_fit(grown, wanted, unit.footprint().shape, surroundings(state, {unit.id}))


def _returned_words(state: NinthAgeState, done: Healed) -> Text:
    named = [Text(ROLES[r]) for r in done.returned if r in ROLES]
    rf = sum(1 for r in done.returned if r == "rank-and-file")
    if rf:
        named.append(ngettext("{n} rank-and-file model", "{n} rank-and-file models", rf, n=rf))
    return listed(named)


def said(state: NinthAgeState, target: UnitState, done: Healed, shown: str, reason: Text | str | None = None) -> Text:
    """The reply in players' words: "Spearmen heal 3 wounds: the wounded model is whole again;
    1 wound lost", "Knights recover 5 wounds: the Champion and 2 rank-and-file models return to
    the rear rank"."""
    plural = number(state, target) != 1
    if done.recover:
        head = (ngettext("{unit} recover {n} wound", "{unit} recover {n} wounds", done.amount, unit=target.id, n=shown)
                if plural else
                ngettext("{unit} recovers {n} wound", "{unit} recovers {n} wounds", done.amount, unit=target.id, n=shown))
    else:
        head = (ngettext("{unit} heal {n} wound", "{unit} heal {n} wounds", done.amount, unit=target.id, n=shown)
                if plural else
                ngettext("{unit} heals {n} wound", "{unit} heals {n} wounds", done.amount, unit=target.id, n=shown))
    if reason:
        head = _("{head} ({reason})", head=head, reason=reason)
    parts: list = []
    single = target.location == "joined" or target.start_models == 1
    if done.whole:
        parts.append(ngettext("{unit} is whole again", "{unit} are whole again", number(state, target), unit=target.id)
                     if single else
                     ngettext("the wounded model is whole again", "{n} wounded models are whole again", done.whole,
                              n=done.whole))
    if done.still_lost:
        parts.append(ngettext("{restored} wound healed, {left} still lost", "{restored} wounds healed, {left} still lost",
                              done.restored, restored=done.restored, left=done.still_lost) if done.restored and
                     not done.whole else
                     ngettext("another model still has {left} wound lost", "another model still has {left} wounds lost",
                              done.still_lost, left=done.still_lost))
    if done.returned and done.rejoined:  # its R&F had all fallen: the unit forms again behind its characters
        who = _returned_words(state, done)
        parts.append(ngettext("{who} returns to {unit}, whose characters ({names}) take its front rank",
                              "{who} return to {unit}, whose characters ({names}) take its front rank",
                              len(done.returned), who=who, unit=target.id, names=listed(done.rejoined)))
    elif done.returned:
        who = _returned_words(state, done)
        parts.append(ngettext("{who} returns to the rear rank", "{who} return to the rear rank", len(done.returned),
                              who=who))
        if done.returned_short:
            parts.append(ngettext("the last one back has {short} wound still lost",
                                  "the last one back has {short} wounds still lost", done.returned_short,
                                  short=done.returned_short))
    if done.not_placed:  # a ruling: the seed does not say where a returning model with no room goes
        parts.append(_("no room for more models at the rear ({why}): models that do not fit are not brought back",
                       why=done.no_room))
    if not done.restored and not done.returned and not done.not_placed:
        parts.append(_("no wounds to recover and no models to bring back") if done.recover else _("no wounds to heal"))
    if done.lost:
        parts.append(ngettext("{n} wound lost", "{n} wounds lost", done.lost, n=done.lost))
    if done.characters_left:
        parts.append(ngettext("{names} in it is not healed (a character is healed only as the sole target)",
                              "{names} in it are not healed (a character is healed only as the sole target)",
                              len(done.characters_left), names=listed(done.characters_left)))
    return text_join("", [head, ": ", text_join("; ", parts), "."])


def heal_event(state: NinthAgeState, target: UnitState, expr: str, purpose: Text | str, *, recover: bool,
               seat: str | None = None, reason: Text | str | None = None) -> tuple[Healed, Event]:
    """Roll X (if dice), heal or recover it on ``target`` and say it: the event for the log."""
    amount, roll, shown = roll_amount(state, expr, purpose)
    done = heal(state, target, amount, recover=recover)
    target = state.units[done.unit]  # the unit a character stood for, when Recover formed it again (§16.2)
    data = {"unit": target.id, "amount": amount, "recover": recover, "restored": done.restored,
            "returned": list(done.returned), "lost": done.lost}
    return done, Event(kind="heal", seat=seat or target.owner, roll=roll, data=data,
                       text=said(state, target, done, shown, reason))


# -- /heal: an ability the data cannot carry (an army-book rule, a ruling) ---------------------------
def wounds_option(text: object) -> str:
    """``wounds:`` as typed: a number of wounds (1-99) or dice (D3, D6, 2D6, D3+1); else refused."""
    from engine.core import IllegalAction

    typed = str(text if text is not None else "").strip()
    if not typed:
        raise IllegalAction("missing-option", _("Say how many wounds: /heal unit: wounds:3 (or dice, wounds:D3) "
                                                "reason:…, and recover:true to Recover them."))
    problem = amount_problem(typed)
    if problem:
        raise IllegalAction("bad-option", _("wounds: {problem}.", problem=problem))
    return typed.upper()


def called_heal(state: NinthAgeState, seat: str, action, events: list[Event]) -> Healed:
    """``/heal``: Heal or Recover X Wounds (§7.8) an ability the data cannot carry gives a unit.
    Only the unit's owner calls it (the ability is its army's, or a ruling on its own unit), in
    either player's turn once the battle is on (an ability may heal in the enemy's Melee phase);
    the seed puts no other limit on it (a fleeing or engaged unit heals as well). A character
    named is the sole target (healed; never recovered: no model of it comes back)."""
    from engine.core import IllegalAction

    unit = state.units[action.unit]
    if unit.owner != seat:
        raise IllegalAction("not-yours", ngettext(
            "{unit} is {player}'s: only a unit's owner heals it with /heal (an ability of its own army, or a ruling).",
            "{unit} are {player}'s: only a unit's owner heals them with /heal (an ability of its own army, or a ruling).",
            number(state, unit), unit=unit.id, player=state.seat(unit.owner).name))
    from engine.rulesets.ninth_age.mixed_units import stands_for, successor

    if action.recover and state.healing_v5 and unit.succeeded_by and \
            stands_for(state, state.units[successor(state, unit.id)]) is unit:
        unit = state.units[successor(state, unit.id)]  # its R&F all slain, its characters are the unit (§16.2)
    if unit.location in ("destroyed", "fled"):
        raise IllegalAction("destroyed", ngettext(
            "{unit} is destroyed: healing never brings back a unit that is gone (§7.8).",
            "{unit} are destroyed: healing never brings back a unit that is gone (§7.8).",
            number(state, unit), unit=unit.id))
    if not state.in_play(unit):
        raise IllegalAction("not-on-table", ngettext(
            "{unit} is not on the table: only a unit on the table, or a character in one, is healed.",
            "{unit} are not on the table: only a unit on the table, or a character in one, is healed.",
            number(state, unit), unit=unit.id))
    if action.recover and state.unit_entry(unit).is_character and not (state.healing_v5 and stands_for(state, unit)):
        raise IllegalAction("character-recover", ngettext(
            "{unit} is a character on its own: Recover Wounds brings models back to a unit, and a character is "
            "only healed; use recover:false (§7.8).",
            "{unit} are a character on their own: Recover Wounds brings models back to a unit, and a character is "
            "only healed; use recover:false (§7.8).", number(state, unit), unit=unit.id))
    caller = state.seat(seat).name
    reason = _("{reason}, by {player}", reason=action.reason, player=caller)
    purpose = _("{unit}: {wounds} wounds ({reason})", unit=unit.id, wounds=action.wounds, reason=action.reason)
    done, event = heal_event(state, unit, action.wounds, purpose, recover=action.recover, seat=seat, reason=reason)
    events.append(event)
    return done
