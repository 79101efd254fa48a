"""The Melee phase (§11, pipeline of §24.6): the active player picks a combat, one combat round
is fought for it from challenges to combat reforms, and so on until every combat has fought.

One round: challenges (§16.9) -> attacks, Initiative 10 down to 0, allocated and rolled to hit
(§11.5-11.6; wounds through §12's attack pipeline) -> combat score (§11.9) -> Break tests with
Steadfast, Disrupted, Stubborn, Unbreakable and Unstable (§11.10, §22) -> Panic for friends of
broken units (§13) -> pursue or restrain (§11.11) -> flee rolls and moves (§11.12) -> pursuit
rolls and moves (§11.13) -> post-combat reforms and overruns.

Every choice the rules leave to a player is a /decide question to that player.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.core import Event, IllegalAction, roll_dice
from engine.core.decisions import decide
from engine.rulesets.ninth_age import fighters, terrain_rules
from engine.rulesets.ninth_age.casualties import (
    PANIC_RANGE, destroy, flee, insignificant, lose_wounds, panic, terrain_checks,
)
from engine.rulesets.ninth_age.charges import placements
from engine.rulesets.ninth_age.fighters import Blow, combat_groups, enemies_in_contact, unit_full_ranks
from engine.rulesets.ninth_age.leadership import charge_dice, leadership_test, unit_leadership
from engine.rulesets.ninth_age.melee import (
    Outcome, SideScore, break_leadership, caught, hit_succeeds, outcome, to_hit_needed, unstable_wounds,
)
from engine.rulesets.ninth_age.mixed_units import joined
from engine.rulesets.ninth_age.neighbours import surroundings
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState
from engine.table.contact import contact_side, distance, in_contact, models_in_contact
from engine.table.frame import EPS_DIST, bearing_between, turn_between
from engine.table.motion import (
    CLEARANCE_END, MOVE_SAMPLE, TURN_SAMPLE, clearance_problem, pivot, translate,
)

HOLD_YOUR_GROUND = 12.0


# -- the phase ------------------------------------------------------------------------------------
def begin(state: NinthAgeState, events: list[Event]) -> None:
    """Start of the Melee phase: units no longer in any combat start afresh (§11.3)."""
    engaged = {uid for group in combat_groups(state) for uid in group}
    # No longer engaged (§11.3): a unit that charged this turn, or was fighting, whose enemies
    # were all moved or removed since, may overrun (if it charged) or reform before any combat
    for u in sorted(state.on_table(), key=lambda u: u.id):
        if u.id in engaged or u.fleeing or u.moved or not (u.charged or u.combat_rounds):
            continue
        events.append(Event(kind="no-longer-engaged", seat=u.owner, data={"unit": u.id},
                            text=f"{u.id} is no longer engaged: its enemies are gone (No More Foes)."))
        overrun_or_reform(state, u, events, may_overrun=u.charged and u.failed_charge is False)
    engaged = {uid for group in combat_groups(state) for uid in group}
    for u in state.units.values():
        u.fought = False
        u.no_attacks = False
        u.fear_struck = False
        if u.id not in engaged:
            u.combat_rounds = 0
            u.weapon = ""
    state.challenges = [c for c in state.challenges if all(_still_duelling(state, d, engaged) for d in c)]
    groups = unfought(state)
    if groups:
        listed = "; ".join(" vs ".join(g) for g in groups)
        events.append(Event(kind="phase", seat=state.active, text=f"Melee phase: {len(groups)} combat(s): {listed}. "
                            "/fight unit: picks the next combat; /end fights the rest in this order."))
    else:
        events.append(Event(kind="phase", seat=state.active, text="Melee phase: no unit is engaged; /end passes it."))


def _still_duelling(state: NinthAgeState, uid: str, engaged: set[str]) -> bool:
    """A challenge lasts until a duellist is killed (§16.9): a character's unit gone, or a
    Champion fallen."""
    u = state.units[uid]
    return uid in engaged and (state.unit_entry(u).is_character or not u.champion_lost)


def unfought(state: NinthAgeState) -> list[list[str]]:
    return [g for g in combat_groups(state) if not all(state.units[u].fought for u in g)]


def fight(state: NinthAgeState, unit: UnitState, events: list[Event]) -> None:
    """The active player picks the combat holding ``unit`` ([A-21]) and it fights one round."""
    for group in unfought(state):
        if unit.id in group:
            combat_round(state, group, events)
            return
    if any(unit.id in g for g in combat_groups(state)):
        raise IllegalAction("already-fought", f"{unit.id}'s combat has already fought this Melee phase.")
    raise IllegalAction("not-engaged", f"{unit.id} is not in a combat.")


def fight_all(state: NinthAgeState, events: list[Event]) -> None:
    """/end in the Melee phase: every combat not yet fought fights, in the listed order."""
    for _ in range(100):
        groups = unfought(state)
        if not groups:
            return
        combat_round(state, groups[0], events)


# -- one combat round -----------------------------------------------------------------------------
@dataclass
class Round:
    units: list[str]
    wounds: dict[str, int] = field(default_factory=dict)  # wounds caused by each seat
    overkill: dict[str, int] = field(default_factory=dict)
    destroyed: list[str] = field(default_factory=list)
    duel: tuple[str, str] | None = None
    break_ld: dict[str, tuple[int, str]] = field(default_factory=dict)  # a loser's Break-test Ld, and why


def combat_round(state: NinthAgeState, group: list[str], events: list[Event]) -> None:
    active = state.active
    seats = sorted({state.units[u].owner for u in group}, key=lambda s: s != active)
    names = {s: [u for u in group if state.units[u].owner == s] for s in seats}
    events.append(Event(kind="combat", seat=active, data={"units": group},
                        text="Combat: " + " vs ".join(", ".join(names[s]) for s in seats) + "."))
    rnd = Round(units=list(group), wounds={s: 0 for s in seats}, overkill={s: 0 for s in seats})
    fear_tests(state, group, events)
    choose_weapons(state, group, events)
    rnd.duel = challenges(state, group, events)
    attacks(state, rnd, events)
    for uid in group:
        state.units[uid].fought = True
    score_and_break(state, rnd, events)
    for uid in group:  # a pursuit's charge counts for the first round of its new combat only
        state.units[uid].pursuit_charge = False


def combat_shapes(state: NinthAgeState):
    """The combat-group overlay of the board (§24.10): an outline ½" around each combat's units."""
    from shapely.ops import unary_union

    from engine.table.view import CombatShape, polygon_points

    out = []
    for n, group in enumerate(combat_groups(state), 1):
        hull = unary_union([state.units[u].footprint().shape for u in group]).convex_hull.buffer(0.5, quad_segs=2)
        label = f"Combat {n}" + (" (fought)" if all(state.units[u].fought for u in group) else "")
        out.append(CombatShape(label=label, units=list(group), points=polygon_points(hull)))
    return out


def fear_tests(state: NinthAgeState, group: list[str], events: list[Event]) -> None:
    """Start of the round (§22 Fear): each unit touching an enemy that causes Fear tests its Ld
    (already -1 for the Fear); failing, its models have WS 1 for the rest of the Melee phase."""
    for uid in group:
        u = state.units[uid]
        if u.fear_struck or not fighters.feared(state, u):
            continue
        ld, source = unit_leadership(state, u)
        value = max(0, ld - 1)
        if not leadership_test(state.rng, value, f"{uid} Fear test (Ld {ld} - 1 for Fear; Ld from {source})", events,
                               seat=u.owner):
            if not (_bsb_near(state, u) and leadership_test(state.rng, value, f"{uid} re-rolls (Hold Your Ground)",
                                                            events, seat=u.owner)):
                u.fear_struck = True
                events.append(Event(kind="fear", seat=u.owner, text=f"{uid} is struck by Fear: WS 1 for the rest of "
                                    "this Melee phase."))


def choose_weapons(state: NinthAgeState, group: list[str], events: list[Event]) -> None:
    """Step 2 (§15.1): a unit with more than one close-combat weapon chooses at the start of a
    combat and keeps it for the whole combat; Weapon Masters choose every round."""
    for uid in group:
        u = state.units[uid]
        choices = fighters.weapon_choices(state, u)
        master = state.unit_entry(u).has_rule("Weapon Masters")
        if len(choices) < 2 or (u.weapon in choices and not master):
            continue
        u.weapon = decide(state, u.owner, f"weapon-{uid}", f"{uid} fights: with which weapon?", choices,
                          default=choices[0])
        events.append(Event(kind="weapon", seat=u.owner, text=f"{uid} fights with {u.weapon}."))


# -- challenges (§16.9) ---------------------------------------------------------------------------
def duellists(state: NinthAgeState, group: list[str], seat: str) -> list[str]:
    """Characters and Champions of ``seat`` engaged in the combat (units standing for them)."""
    out = []
    for uid in group:
        u = state.units[uid]
        entry = state.unit_entry(u)
        if u.owner == seat and u.on_table and (entry.is_character or (entry.command.champion and not u.champion_lost)):
            out.append(uid)
    return out


def _label(state: NinthAgeState, uid: str) -> str:
    return uid if state.unit_entry(state.units[uid]).is_character else f"{uid}'s Champion"


def challenges(state: NinthAgeState, group: list[str], events: list[Event]) -> tuple[str, str] | None:
    """Issue and accept (§16.9): the active player may issue first, then the reactive; a
    refused challenge lets the challenger's player pick a character (not a Champion) of the
    other side who may not attack this round, with Ld 0."""
    for duel in state.challenges:
        if duel[0] in group and duel[1] in group:
            events.append(Event(kind="challenge", text=f"The challenge between {_label(state, duel[0])} and "
                                f"{_label(state, duel[1])} goes on."))
            return duel
    active = state.active
    for seat in (active, state.enemy_of(active)):
        mine, theirs = duellists(state, group, seat), duellists(state, group, state.enemy_of(seat))
        if not mine:
            continue
        issuer = decide(state, seat, f"challenge-{group[0]}", f"Issue a challenge in the combat of {group[0]}? "
                        "Name your character or Champion, or none.", mine + ["none"], default="none")
        if issuer == "none":
            continue
        other = state.enemy_of(seat)
        events.append(Event(kind="challenge", seat=seat, text=f"{_label(state, issuer)} issues a challenge."))
        answer = decide(state, other, f"accept-{issuer}", f"{_label(state, issuer)} issues a challenge: accept with "
                        "which character or Champion, or refuse?", theirs + ["refuse"], default="refuse")
        if answer != "refuse":
            events.append(Event(kind="challenge", seat=other, text=f"{_label(state, answer)} accepts the challenge."))
            state.challenges.append((issuer, answer))
            return issuer, answer
        refusers = [u for u in theirs if state.unit_entry(state.units[u]).is_character]
        events.append(Event(kind="challenge", seat=other, text="The challenge is refused."))
        if refusers:
            named = decide(state, seat, f"refuser-{issuer}", "The challenge was refused: which enemy character "
                           "hides at the back (Ld 0, no attacks this round)?", refusers)
            state.units[named].no_attacks = True
            events.append(Event(kind="challenge", seat=seat, text=f"{named} refused: it may not attack this combat "
                                "round, and its Ld is 0 until the combat ends."))
        return None
    return None


# -- attacks, Initiative 10 down to 0 (§11.5-11.7) ------------------------------------------------
def _defender_ws(state: NinthAgeState, target: UnitState) -> int:
    """The WS attacks on a unit's R&F compare against: its first fighting part's (§11.6); WS 1
    once it failed a Fear test, and the spells in play on it added after (§1.11, E-06 C)."""
    entry = state.unit_entry(target)
    for i, p in enumerate(entry.parts):
        if p.role not in ("mount", "draught", "machine"):
            return fighters.part_ws(state, target, i)
    return fighters.part_ws(state, target, 0)


def _hatred(state: NinthAgeState, unit: UnitState, part: int, target: UnitState) -> bool:
    """Hatred re-rolls failed to-hit rolls in the first round of a combat; Hatred (X) only
    against the named army (E-36)."""
    entry = state.unit_entry(unit)
    rules = entry.special_rules + entry.parts[part].special_rules
    if unit.combat_rounds:
        return False
    from engine.rulesets.ninth_age.catalogue import rule_name, rule_param

    for r in rules:
        if rule_name(r) == "Hatred":
            named = rule_param(r)
            if not named:
                return True
            wanted = named.split(":", 1)[-1].strip().casefold()
            if wanted and wanted in state.armies[target.owner].name.casefold():
                return True
    return False


def _allocate(state: NinthAgeState, blow: Blow, rnd: Round) -> str | None:
    """Which enemy unit the attacks go to: the only one, or the attacker's choice (§11.6);
    duellists strike only each other and no one else strikes a duellist (§16.9)."""
    targets = [t for t in blow.targets if state.units[t].on_table]
    if rnd.duel:
        duellist = blow.unit in rnd.duel and (blow.champion or state.unit_entry(state.units[blow.unit]).is_character)
        if not duellist:  # a lone character in the duel may be struck by no one else
            targets = [t for t in targets if not (t in rnd.duel and state.unit_entry(state.units[t]).is_character)]
    if not targets:
        return None
    if len(targets) == 1:
        return targets[0]
    owner = state.units[blow.unit].owner
    return decide(state, owner, f"allocate-{blow.unit}-{blow.part}-{blow.initiative}",
                  f"{blow.unit}: {blow.count} {blow.part_name} attack(s) at Initiative {blow.initiative}: "
                  "allocate them to which enemy unit?", sorted(targets), default=sorted(targets)[0])


def attacks(state: NinthAgeState, rnd: Round, events: list[Event]) -> None:
    units = {uid: state.units[uid] for uid in rnd.units}
    inventory: list[Blow] = []
    for uid, u in units.items():
        duel_with = None
        if rnd.duel and uid in rnd.duel:
            duel_with = rnd.duel[1] if rnd.duel[0] == uid else rnd.duel[0]
        inventory += fighters.blows(state, u, duel_with)
    for step in range(10, -1, -1):
        now = [b for b in inventory if b.initiative == step and state.units[b.unit].on_table]
        if not now:
            continue
        # allocate every attack of the step first, then roll: the step is simultaneous
        allocated = [(b, _allocate(state, b, rnd)) for b in now]
        pending: list[tuple[Blow, UnitState, int, int]] = []  # ..., hits, of which Poisoned 6s
        touching = _contact_pairs(state, rnd.units)
        models = {uid: state.units[uid].models for uid in rnd.units}
        for b, target_id in allocated:
            if target_id is None:
                continue
            attacker, target = state.units[b.unit], state.units[target_id]
            if b.special:  # automatic hits, X per model (rolled per model when X is dice)
                from engine.rulesets.ninth_age.damage import roll_value

                counts = [roll_value(b.hits, state.rng, f"{b.unit} {b.special}") for _ in range(b.count)]
                hits = sum(v for v, _ in counts)
                faces = [f for _, fs in counts for f in fs]
                events.append(Event(kind="special-attack", seat=attacker.owner, data={"initiative": step},
                                    text=f"I{step}: {b.unit} {b.special} ({b.hits}) from {b.count} model(s) at "
                                    f"{target_id}" + (f", rolled {', '.join(map(str, faces))}" if faces else "")
                                    + f": {hits} automatic hit(s) at S{b.strength}."))
                if hits:
                    pending.append((b, target, hits, 0))
                continue
            if b.random:  # Random Attacks (X): rolled for each model, past the cap of 10 (§22, E-34)
                from engine.rulesets.ninth_age.damage import roll_value

                counts = [roll_value(b.random, state.rng, f"{b.unit} Random Attacks ({b.random})")
                          for _ in range(b.count)]
                total = max(0, sum(v for v, _ in counts) + b.bonus * b.count)
                events.append(Event(kind="roll", seat=attacker.owner, data={"initiative": step},
                                    text=f"I{step}: {b.unit} {b.part_name} Random Attacks ({b.random}) rolled "
                                    f"{', '.join(str(f) for _, fs in counts for f in fs)}: {total} attack(s)"
                                    + (f" ({b.bonus:+d} each from its modifiers)" if b.bonus else "") + "."))
                b = fighters.Blow(**{**b.__dict__, "count": total, "random": ""})
                if not total:
                    continue
            need, modifier, why = to_hit(state, attacker, target, b)
            roll = roll_dice(f"{b.count}d6", state.rng, purpose=f"{b.unit} {b.part_name} to hit")
            hits = sum(1 for d in roll.dice if hit_succeeds(d, need, modifier))
            sixes = sum(1 for d in roll.dice if d == 6)  # natural 6s always hit (§11.6): Poisoned Attacks
            note = why
            if _hatred(state, attacker, b.part, target) and hits < b.count:
                again = roll_dice(f"{b.count - hits}d6", state.rng, purpose=f"{b.unit} Hatred re-rolls")
                extra = sum(1 for d in again.dice if hit_succeeds(d, need, modifier))
                sixes += sum(1 for d in again.dice if d == 6)
                hits += extra
                note += (f"; Hatred re-rolls {len(again.dice)} miss(es): {', '.join(map(str, again.dice))} "
                        f"({extra} more)")
            if not _poisoned(state, attacker, b):
                sixes = 0
            elif sixes:
                note += f"; Poisoned Attacks: {sixes} natural 6(s) wound automatically"
            events.append(Event(kind="roll", seat=attacker.owner, roll=roll, data={"initiative": step},
                                text=f"I{step}: {b.unit} {b.part_name} ×{b.count} (WS {b.ws}) at {target_id} "
                                f"(WS {_defender_ws(state, target)}): {need}+ to hit, rolled "
                                f"{', '.join(map(str, roll.dice))}: {hits} hit(s){note}."))
            if hits:
                pending.append((b, target, hits, min(sixes, hits)))
        # wounds of the step land together, after every attack of the step was rolled
        for b, target, hits, auto in pending:
            attacker = state.units[b.unit]
            duel = rnd.duel is not None and b.unit in rnd.duel and target.id in rnd.duel and \
                (b.champion or state.unit_entry(attacker).is_character)
            if duel and not state.unit_entry(target).is_character:
                wounds, overkill = wound_champion(state, attacker, b, target, hits, events, auto=auto)
            else:
                wounds, overkill = wound_hits(state, attacker, b, target, hits, events, auto=auto)
            rnd.wounds[attacker.owner] += wounds
            if duel:  # excess wounds in a challenge count, at most +3 (§11.9)
                rnd.overkill[attacker.owner] += overkill
            if not target.on_table and target.id not in rnd.destroyed:
                rnd.destroyed.append(target.id)
        pull_back(state, touching, {u for u, n in models.items() if state.units[u].models < n}, events)


def to_hit(state: NinthAgeState, attacker: UnitState, target: UnitState, blow: Blow) -> tuple[int, int, str]:
    """(needed, modifier, note) of a close-combat attack (§11.6, §15.1): Parry makes the base 4+
    for hits from the front of a model on foot with hand weapon and shield ([A-27]); attacks
    against a flail get +1."""
    need = to_hit_needed(blow.ws, _defender_ws(state, target))
    entry = state.unit_entry(target)
    note, modifier = "", 0
    if (fighters.weapon(state, target) == "hand weapon" and "shield" in entry.equipment and not entry.troop.mounted
            and contact_side(target.footprint(), attacker.footprint()) == "front"):
        need, note = 4, " (Parry: 4+)"
    if fighters.weapon(state, target) == "flail":
        modifier, note = modifier + 1, note + " (+1 against a flail)"
    if not blow.special and fighters.lightning_reflexes(state, attacker, blow.part):
        modifier, note = modifier + 1, note + " (+1 Lightning Reflexes)"
    magic = fighters.magic_weapon(state, attacker)
    if magic is not None and blow.weapon == magic[0] and magic[2].get("to_hit"):  # Sword of Skill (§23.3)
        modifier, note = modifier + magic[2]["to_hit"], note + f" (+{magic[2]['to_hit']} {magic[0]})"
    # Distracting (§22; a wall defended against a charge, §18.8): -1 once, and never added to another
    # negative to-hit modifier ([A-39]; none of the other close-combat modifiers is negative)
    wall = _wall_defended_against(state, attacker, target)
    if wall is not None:
        modifier, note = modifier - 1, note + f" (-1: defending {wall} against its charge, Distracting, §18.8)"
    elif fighters.distracting(state, target) and not blow.special:
        modifier, note = modifier - 1, note + " (-1 Distracting)"
    return need, modifier, note


def _wall_defended_against(state: NinthAgeState, attacker: UnitState, target: UnitState) -> str | None:
    """The Wall ``target`` defends against ``attacker``'s charge (§18.8): the attacker charged it
    this turn across the side where the target's models defend a wall (aligned and in base
    contact with it), in the attacker's first round of combat. Its name, or None."""
    if not attacker.charged or attacker.combat_rounds:
        return None
    side = contact_side(target.footprint(), attacker.footprint())
    wall = terrain_rules.defended_wall(state, target, side) if side else None
    return wall.name if wall is not None else None


def _contact_pairs(state: NinthAgeState, units: list[str]) -> list[tuple[str, str]]:
    out = []
    for a in units:
        ua = state.units[a]
        if not ua.on_table:
            continue
        for e in enemies_in_contact(state, ua):
            if e.id in units and a < e.id:
                out.append((a, e.id))
    return out


def pull_back(state: NinthAgeState, before: list[tuple[str, str]], suffered: set[str], events: list[Event]) -> None:
    """Leaving combat (§11.8): units of the combat that casualties pulled apart are brought back
    into base contact by the least move, facing unchanged: first the unit that suffered no
    casualties, else the other; never a unit still touching another enemy, never through units
    or Impassable Terrain. If neither can, they are disengaged."""
    from shapely.ops import nearest_points

    for a, b in before:
        ua, ub = state.units[a], state.units[b]
        if not (ua.on_table and ub.on_table) or in_contact(ua.footprint(), ub.footprint()):
            continue
        order = sorted((ua, ub), key=lambda u: u.id in suffered)
        moved = False
        for mover in order:
            other = ub if mover is ua else ua
            if enemies_in_contact(state, mover):
                continue
            fp = mover.footprint()
            p, q = nearest_points(fp.shape, other.footprint().shape)
            dx, dy = q.x - p.x, q.y - p.y
            new = fp.at(fp.pose.moved(fp.pose.x + dx, fp.pose.y + dy))
            swept = fp.shape.union(new.shape).convex_hull
            blocked = [o.id for o in state.on_table() if o.id not in (a, b)
                       and swept.intersection(o.footprint().shape).area > 1e-6]
            rock = state.table.impassable()
            if blocked or (rock is not None and not rock.is_empty and swept.intersects(rock)):
                continue
            mover.pose = new.pose
            events.append(Event(kind="pull-back", seat=mover.owner, data={"unit": mover.id},
                                text=f"{mover.id} is brought back into contact with {other.id}: "
                                f"{(dx * dx + dy * dy) ** 0.5:.1f}\" (§11.8)."))
            moved = True
            break
        if not moved:
            events.append(Event(kind="pull-back", text=f"{a} and {b} cannot be brought back into contact: they are "
                                "disengaged (No More Foes)."))


def wound_hits(state: NinthAgeState, attacker: UnitState, blow: Blow, target: UnitState, hits: int,
               events: list[Event], auto: int = 0) -> tuple[int, int]:
    """Close-combat hits through the shared attack sequence of §12 (to wound, armour, ward and
    regeneration, Multiple Wounds, the wound pool and casualties): the wounds it caused, which
    count toward the combat score, and the excess beyond the models there (lost, §11.9, except
    as Overkill in a challenge)."""
    from engine.rulesets.ninth_age import attacks as pipeline

    attack = _thunderous(state, attacker, blow, target, _attack(state, attacker, blow))
    if fighters.toxic(state.unit_entry(attacker), blow.part) and not blow.special and _pestilent(state, target):
        attack = replace(attack, to_wound_modifier=attack.to_wound_modifier - 1)  # Toxic Attacks (§22)
    pool = target.models * pipeline.defence(state.unit_entry(target), "close combat").wounds - target.wounds_lost
    result = pipeline.resolve_hits(state, target, attack, hits, events, attacker=attacker,
                                   purpose=f"{attacker.id} {blow.part_name} against {target.id}", auto_wounds=auto)
    counted = min(result.wounds_inflicted, max(0, pool))
    return counted, result.wounds_inflicted - counted


def flaming_standard(state: NinthAgeState, unit: UnitState) -> bool:
    """The unit's Flaming Standard was activated this phase (§23.8)."""
    from engine.rulesets.ninth_age.one_use import active

    return active(state, unit, "flaming standard") and not unit.standard_lost


def _thunderous(state: NinthAgeState, attacker: UnitState, blow: Blow, target: UnitState, attack):
    """Thunderous Charge (§22): +1 S to the part's close-combat attacks in the first round after it
    charged, against the units it charged only."""
    from engine.rulesets.ninth_age.catalogue import rule_name

    entry = state.unit_entry(attacker)
    if blow.special or attacker.combat_rounds or not (attacker.charged or attacker.pursuit_charge):
        return attack
    if "Thunderous Charge" not in {rule_name(r) for r in entry.special_rules + entry.parts[blow.part].special_rules}:
        return attack
    charged = {d.target for d in state.charges if d.charger == attacker.id}
    if attacker.pursuit_charge and attacker.pursuit_target:
        charged.add(attacker.pursuit_target)
    if target.id not in charged or attack.strength is None:
        return attack
    return attack.at_strength(attack.strength + 1)


def _magical(state: NinthAgeState, attacker: UnitState, blow: Blow, magic) -> bool:
    """Whether the blow's attacks are Magical Attacks (§22): a magic weapon's (damage from magic
    items), or a part with Magical Attacks or Ethereal (special attacks too); the Standard of
    Alternate Realities turns the unit's close-combat attacks the other way (§23.8)."""
    from engine.rulesets.ninth_age.catalogue import rule_name

    entry = state.unit_entry(attacker)
    own = {rule_name(r) for r in entry.special_rules + entry.parts[blow.part].special_rules}
    magical = bool(own & {"Magical Attacks", "Ethereal"}) or (magic is not None and blow.weapon == magic[0])
    if not blow.special and "standard of alternate realities" in {i.lower() for i in entry.magic_items} \
            and not attacker.standard_lost:
        magical = not magical
    return magical


def _poisoned(state: NinthAgeState, attacker: UnitState, blow: Blow) -> bool:
    """Poisoned Attacks (§22): the part's rule, or its magic weapon's; not for special attacks."""
    from engine.rulesets.ninth_age.catalogue import rule_name

    if blow.special:
        return False
    entry = state.unit_entry(attacker)
    rules = entry.special_rules + entry.parts[blow.part].special_rules
    magic = fighters.magic_weapon(state, attacker)
    if magic is not None and blow.weapon == magic[0]:
        rules = rules + list(magic[2].get("rules", []))
    return any(rule_name(r) == "Poisoned Attacks" for r in rules)


def _pestilent(state: NinthAgeState, target: UnitState) -> bool:
    """The army-book rules against which Toxic Attacks are at -1 to wound (§22): Mark of the Dark
    Gods (Pestilence) and Plague Cult."""
    from engine.rulesets.ninth_age.catalogue import rule_name, rule_param

    for r in state.unit_entry(target).all_rules():
        if rule_name(r) == "Plague Cult" or (rule_name(r) == "Mark of the Dark Gods"
                                             and (rule_param(r) or "").strip().lower() == "pestilence"):
            return True
    return False


def _attack(state: NinthAgeState, attacker: UnitState, blow: Blow):
    from engine.rulesets.ninth_age.catalogue import rule_name, rule_param
    from engine.rulesets.ninth_age.damage import Attack

    entry = state.unit_entry(attacker)
    rules = [] if blow.special else entry.special_rules + entry.parts[blow.part].special_rules
    magic = fighters.magic_weapon(state, attacker)
    if magic is not None and blow.weapon == magic[0]:  # the magic weapon's own rules, for its attacks (§21.4)
        rules = rules + list(magic[2].get("rules", []))
    multiple = next((rule_param(r) for r in rules if rule_name(r) == "Multiple Wounds"), None)
    names = {rule_name(r) for r in rules}
    # Divine Attacks (§22): the model's rule, a Divine Icon, or the weapon's (Blessed Sword); CC attacks only
    carried = {i.lower() for i in entry.magic_items}
    divine = not blow.special and ("Divine Attacks" in names or "divine icon" in carried
                                   or ("holy icon" in carried and not attacker.standard_lost))
    metal = "Metalshifting" in names and not blow.special  # AP (6) and Flaming too (§22)
    own = {rule_name(r) for r in entry.special_rules + entry.parts[blow.part].special_rules}  # special attacks too
    return Attack(strength=blow.strength, category="close combat",
                  armour_piercing=6 if metal else blow.armour_piercing, metalshifting=metal,
                  divine=divine, reroll_failed_wounds="Re-roll failed to-wound rolls" in rules,
                  hellfire="Hellfire" in own | names, lightning="Lightning Attack" in own | names,
                  multiple_wounds=multiple, lethal_strike=any(rule_name(r) == "Lethal Strike" for r in rules),
                  flaming=metal or any(rule_name(r) == "Flaming Attacks" for r in rules)
                  or (not blow.special and flaming_standard(state, attacker)),
                  wounds_on=4 if "Always wounds on 4+" in rules else None,
                  magical=_magical(state, attacker, blow, magic),
                  source=blow.weapon or blow.part_name)


def wound_champion(state: NinthAgeState, attacker: UnitState, blow: Blow, target: UnitState, hits: int,
                   events: list[Event], auto: int = 0) -> tuple[int, int]:
    """A duellist's hits on a Champion: the §12 steps against the Champion alone (it has the
    unit's profile); at its W it falls, and the wounds beyond are Overkill (§16.9)."""
    from engine.rulesets.ninth_age import attacks as pipeline
    from engine.rulesets.ninth_age.casualties import lose_wounds as remove
    from engine.rulesets.ninth_age.saves import armour_saves, special_saves

    attack = _thunderous(state, attacker, blow, target, _attack(state, attacker, blow))
    d = pipeline.defence(state.unit_entry(target), "close combat", state.armies.get(target.owner))
    d = pipeline._under_spells(state, target, d)  # T as the spells in play change it (§9)
    purpose = f"{attacker.id} {blow.part_name} against {target.id}'s Champion"
    wounded = pipeline.to_wound_rolls(state, attack, d, hits, events, purpose, attacker.owner, auto=auto)
    kept = armour_saves(state, attack, d, wounded, events, purpose, target.owner)
    unsaved = special_saves(state, target, attack, kept, events, purpose, target.owner)
    dealt = pipeline.inflict(state, target, attack, len(unsaved), d, events, purpose)
    if dealt < d.wounds:
        events.append(Event(kind="challenge", seat=attacker.owner, text=f"{purpose}: {dealt} wound(s); the Champion "
                            "stands."))
        return dealt, 0
    target.champion_lost = True
    leftover, target.wounds_lost = target.wounds_lost, 0
    remove(state, target, d.wounds, events, cause=attacker.id)  # the Champion's own model goes
    target.wounds_lost = leftover if target.on_table else 0
    events.append(Event(kind="challenge", seat=attacker.owner, text=f"{target.id}'s Champion falls ({dealt} "
                        f"wound(s) against W{d.wounds}: {dealt - d.wounds} Overkill)."))
    return d.wounds, dealt - d.wounds


# -- combat score and Break tests (§11.9-11.10) ---------------------------------------------------
def _contacts_sides(state: NinthAgeState, unit: UnitState) -> list[tuple[UnitState, str]]:
    """(enemy, the side of the enemy this unit fights) for every enemy in contact."""
    fp = unit.footprint()
    return [(e, contact_side(e.footprint(), fp) or "front") for e in enemies_in_contact(state, unit)]


def side_score(state: NinthAgeState, seat: str, rnd: Round) -> SideScore:
    units = [state.units[u] for u in rnd.units if state.units[u].owner == seat and state.units[u].on_table]
    engaged = [u for u in units if enemies_in_contact(state, u)]
    score = SideScore(wounds=rnd.wounds.get(seat, 0), overkill=rnd.overkill.get(seat, 0))
    if units and not engaged:
        score.no_more_foes = True
        return score
    for u in engaged:
        entry = state.unit_entry(u)
        if u.charged or u.pursuit_charge:
            score.charge = max(score.charge, 2 if u.charged and u.hill_charge else 1)  # +2 from a Hill (§18.4)
        score.rank_ranks.append(unit_full_ranks(state, u))
        if entry.command.standard and not u.standard_lost:
            score.standard = True
        # War Banner (§23.8): +1 to any combat the bearer's unit is part of, while the standard stands
        bearers = [u] + list(joined(state, u))
        if any("war banner" in {i.lower() for i in state.unit_entry(b).magic_items} and not b.standard_lost
               for b in bearers):
            score.other += 1
        if (entry.bsb or any(state.unit_entry(c).bsb for c in joined(state, u))) and not u.no_attacks:
            score.battle_standard = True  # the BSB fights on its own or from inside a unit (§16.2)
        if entry.command.musician:
            score.musician = True
        for enemy, side in _contacts_sides(state, u):
            if side in ("left", "right"):
                score.flank.append(unit_full_ranks(state, u))
            elif side == "rear":
                score.rear.append(unit_full_ranks(state, u))
    return score


def _bsb_near(state: NinthAgeState, unit: UnitState) -> bool:
    """Hold Your Ground: a non-fleeing friendly BSB within 12" (18" if a Large Target)."""
    for other in state.on_table(unit.owner):
        entry = state.unit_entry(other)
        inside = any(state.unit_entry(c).bsb for c in joined(state, other))  # a BSB in a unit measures from it
        if not (entry.bsb or inside) or other.fleeing or other.no_attacks:
            continue
        reach = HOLD_YOUR_GROUND + (6 if entry.has_rule("Large Target") else 0)
        if other.id == unit.id or distance(other.footprint(), unit.footprint()) <= reach + EPS_DIST:
            return True
    return False


def disrupted(state: NinthAgeState, unit: UnitState) -> bool:
    """An enemy with 2+ full ranks in its flank or rear (§11.10)."""
    fp = unit.footprint()
    for enemy in enemies_in_contact(state, unit):
        if contact_side(fp, enemy.footprint()) in ("left", "right", "rear") and unit_full_ranks(state, enemy) >= 2:
            return True
    return False


def break_test(state: NinthAgeState, unit: UnitState, result: Outcome, rnd: Round, events: list[Event]) -> bool:
    """The loser's Break test; True when it breaks."""
    entry = state.unit_entry(unit)
    if entry.has_rule("Unstable") or entry.has_rule("Undead"):  # Undead units have Unstable (§22)
        wounds = 0 if result.musician_win else unstable_wounds(result.difference,
                                                                 stubborn=fighters.stubborn(state, unit),
                                                                 hold_your_ground=_bsb_near(state, unit))
        events.append(Event(kind="break", seat=unit.owner, text=f"{unit.id} is Unstable: it does not break, and loses "
                            f"{wounds} wound(s) with no saves (difference {result.difference}"
                            + ("; Stubborn halves" if fighters.stubborn(state, unit) else "")
                            + ("; Hold Your Ground -1" if _bsb_near(state, unit) else "") + ")."))
        if wounds:
            lose_wounds(state, unit, wounds, events)
        return False
    if entry.has_rule("Unbreakable"):
        events.append(Event(kind="break", seat=unit.owner, text=f"{unit.id} is Unbreakable: it passes its Break test."))
        return False
    ld, source = unit_leadership(state, unit)
    # a Stubborn character in it, or one a Bodyguard protects; a forest's Stubborn (§18.7)
    stubborn = fighters.stubborn(state, unit) or terrain_rules.forest_stubborn(state, unit)
    if fighters.feared(state, unit):  # -1 Ld while touching a Fear-causer, after borrowing (§1.10)
        ld, source = max(0, ld - 1), source + ", -1 for Fear"
    if unit.no_attacks:  # it refused a challenge: Ld 0 and no Stubborn (§16.9)
        ld, source, stubborn = 0, "a refused challenge (Ld 0)", False
    enemies = [state.units[u] for u in rnd.units if state.units[u].owner != unit.owner and state.units[u].on_table]
    # never Steadfast there (§18.7), unless Strider (§22)
    in_forest = terrain_rules.mostly_in_forest(state, unit) and not fighters.strider(entry, "forest")
    value, why = break_leadership(ld, result.difference, own_full_ranks=unit_full_ranks(state, unit),
                                  enemy_full_ranks=[unit_full_ranks(state, e) for e in enemies],
                                  disrupted=disrupted(state, unit), stubborn=stubborn,
                                  in_forest=in_forest)
    if stubborn and not entry.has_rule("Stubborn"):
        why += " (Stubborn: mostly in a Forest, §18.7)"
    _, wet = terrain_rules.water_full_ranks(state, unit, fighters.full_ranks(entry, unit.formation.files, unit.models))
    if wet:
        why += f" ({wet})"
    if result.musician_win:
        why += " (the draw was lost to a Musician: no penalty)"
    rnd.break_ld[unit.id] = (value, why)
    purpose = f"{unit.id} Break test ({why}; Ld from {source})"
    if leadership_test(state.rng, value, purpose, events, seat=unit.owner):
        return False
    if _bsb_near(state, unit) and leadership_test(state.rng, value, f"{unit.id} re-rolls (Hold Your Ground)",
                                                  events, seat=unit.owner):
        return False
    return True


def score_and_break(state: NinthAgeState, rnd: Round, events: list[Event]) -> None:
    seats = sorted({state.units[u].owner for u in rnd.units})
    a, b = seats[0], seats[-1]
    sa, sb = side_score(state, a, rnd), side_score(state, b, rnd)
    result = outcome(a, sa, b, sb)
    for seat, s in ((a, sa), (b, sb)):
        parts = ", ".join(f"{k} {v}" for k, v in s.parts().items())
        events.append(Event(kind="combat-score", seat=seat, data={"score": s.total},
                            text=f"{state.seat(seat).name}'s combat score: {s.total} ({parts})"
                            + (" — No More Foes" if s.no_more_foes else "") + "."))
    for uid in rnd.units:
        u = state.units[uid]
        if u.on_table:
            u.combat_rounds += 1
    broken: list[UnitState] = []
    if result.winner is None:
        events.append(Event(kind="combat-result", text=f"The combat is a draw ({sa.total}-{sb.total}): no one tests."))
    else:
        loser = b if result.winner == a else a
        events.append(Event(kind="combat-result", seat=result.winner, text=f"{state.seat(result.winner).name} wins "
                            + (f"by {result.difference}" if result.difference else "the draw with a Musician") + "."))
        losers = [state.units[u] for u in rnd.units if state.units[u].owner == loser and state.units[u].on_table
                  and enemies_in_contact(state, state.units[u])]
        for u in losers:  # a frenzied part that loses a round loses its Frenzy (§22)
            if state.unit_entry(u).has_rule("Frenzy") and not u.frenzy_lost:
                u.frenzy_lost = True
                events.append(Event(kind="frenzy", seat=loser, text=f"{u.id} loses its Frenzy."))
        order = losers
        if len(losers) > 1:
            first = decide(state, loser, f"break-order-{rnd.units[0]}", "Which of your units takes its Break test "
                           "first?", [u.id for u in losers], default=losers[0].id)
            order = [state.units[first]] + [u for u in losers if u.id != first]
        for u in order:
            if u.on_table and break_test(state, u, result, rnd, events):
                broken.append(u)
                events.append(Event(kind="break", seat=u.owner, data={"unit": u.id}, text=f"{u.id} breaks!"))
    after_break(state, rnd, broken, result, events)


# -- pursuit, flight and reforms (§11.11-11.13) ---------------------------------------------------
def after_break(state: NinthAgeState, rnd: Round, broken: list[UnitState], result: Outcome,
                events: list[Event]) -> None:
    broken_ids = {u.id for u in broken}
    # step 7: Panic for friends within 6" of a broken unit (§13)
    for u in broken:
        for friend in state.on_table(u.owner):
            if friend.id not in broken_ids and distance(friend.footprint(), u.footprint()) <= PANIC_RANGE + EPS_DIST \
                    and not insignificant(state, u, friend):  # §22 Insignificant
                panic(state, friend, events, f"{u.id} broke within 6\"")
    # step 8: pursue or restrain
    pursuers: dict[str, str] = {}
    reformers: list[UnitState] = []
    winners = [state.units[u] for u in rnd.units if state.units[u].on_table and u not in broken_ids
               and (result.winner is None or state.units[u].owner == result.winner)]
    for w in winners:
        foes = enemies_in_contact(state, w)
        fleeing_foes = [f for f in foes if f.id in broken_ids]
        if not fleeing_foes or any(f.id not in broken_ids for f in foes):
            continue
        entry = state.unit_entry(w)
        frenzied = entry.has_rule("Frenzy") and not w.frenzy_lost
        options = [f.id for f in fleeing_foes]
        if not frenzied and entry.troop_type != "war machine":
            options.append("restrain")
        choice = decide(state, w.owner, f"pursue-{w.id}", f"{w.id}: pursue which broken unit, or restrain (a "
                        "Leadership test)?", options, default=options[0])
        if choice == "restrain":
            ld, source = unit_leadership(state, w)
            if leadership_test(state.rng, ld, f"{w.id} restrains itself (Ld from {source})", events, seat=w.owner):
                reformers.append(w)
                continue
            choice = decide(state, w.owner, f"must-pursue-{w.id}", f"{w.id} fails to restrain: pursue which?",
                            [f.id for f in fleeing_foes], default=fleeing_foes[0].id)
        elif frenzied:
            events.append(Event(kind="pursue", seat=w.owner, text=f"{w.id} is Frenzied and must pursue."))
        pursuers[w.id] = choice
    # step 9: flee rolls and moves, in the order the owner picks
    flee_distances: dict[str, int] = {}
    order = list(broken)
    if len(order) > 1:
        first = decide(state, order[0].owner, f"flee-order-{rnd.units[0]}", "Which broken unit rolls its flee "
                       "distance first?", [u.id for u in order], default=order[0].id)
        order = [state.units[first]] + [u for u in order if u.id != first]
    exempt = frozenset(rnd.units)
    for u in order:
        flee_distances[u.id] = flee_from_combat(state, u, result, exempt, events)
    # step 10: pursuit rolls and moves
    for uid, target in pursuers.items():
        pursue(state, state.units[uid], target, flee_distances.get(target, 0), events)
    # step 11: overruns and post-combat reforms for units left with no foes
    for w in winners:
        if not w.on_table or w.id in pursuers or enemies_in_contact(state, w):
            continue
        if w in reformers or not w.fleeing:
            overrun_or_reform(state, w, events, may_overrun=w not in reformers)
    for uid in rnd.units:  # out of the fight now: a later Melee phase does not see it as engaged
        u = state.units[uid]
        if u.on_table and not enemies_in_contact(state, u):
            u.combat_rounds = 0
    # step 12: combat reforms
    combat_reforms(state, rnd, result, events)


def flee_from_combat(state: NinthAgeState, unit: UnitState, result: Outcome, exempt: frozenset[str],
                     events: list[Event]) -> int:
    """Directly away from the enemy in contact with the most full ranks; ties: the winner picks."""
    foes = enemies_in_contact(state, unit)
    best = max((unit_full_ranks(state, f) for f in foes), default=0)
    tied = [f for f in foes if unit_full_ranks(state, f) == best]
    if len(tied) > 1 and result.winner:
        name = decide(state, result.winner, f"flee-from-{unit.id}", f"{unit.id} flees: directly away from which of "
                      "your units?", [f.id for f in tied], default=tied[0].id)
        source = state.units[name]
    else:
        source = tied[0] if tied else None
    entry = state.unit_entry(unit)
    if entry.bsb or (entry.command.standard and not unit.standard_lost):
        unit.standard_lost = True
        events.append(Event(kind="standard", seat=unit.owner, text=f"{unit.id}'s standard is lost as it flees from "
                            "combat (§17.2)."))
    unit.combat_rounds = 0
    bearing = bearing_between(source.footprint().centre, unit.footprint().centre) if source else None
    return flee(state, unit, bearing, events, reason=f"{unit.id} flees from combat"
                + (f", away from {source.id}" if source else ""), exempt=exempt)


def pursuit_roll(state: NinthAgeState, unit: UnitState, why: str, events: list[Event]) -> int:
    swift = state.unit_entry(unit).has_rule("Swiftstride")
    roll = roll_dice("3d6" if swift else "2d6", state.rng, purpose=f"{unit.id} {why} distance")
    go = sum(charge_dice(roll.dice, swiftstride=swift))
    events.append(Event(kind="roll", seat=unit.owner, roll=roll, text=f"{unit.id} {why}: {go}\" "
                        f"({', '.join(map(str, roll.dice))}{', keeping the best two' if swift else ''})."))
    return go


def pursue(state: NinthAgeState, unit: UnitState, target_id: str, flee_distance: int, events: list[Event]) -> None:
    """Roll 2D6; catch (≥ the flee distance) destroys the fleeing unit; pivot to face it (or
    where it stood) and move straight on (§11.13)."""
    go = pursuit_roll(state, unit, "pursuit", events)
    target = state.units[target_id]
    if target.on_table:
        point = target.footprint().centre
        if caught(flee_distance, go):
            destroy(state, target, events, f"{go}\" ≥ {flee_distance}\": {unit.id} catches {target.id}, which is "
                     "destroyed")
    else:
        point = None
    unit.combat_rounds = 0
    bearing = unit.pose.bearing if point is None else bearing_between(unit.footprint().centre, point)
    pursuit_move(state, unit, bearing, go, events, pivoting=point is not None)


def _front_zone(fp):
    """The ground just ahead of the unit's front edge (a thin strip)."""
    from shapely.geometry import LineString

    return LineString(fp.front_edge.coords).buffer(0.05, cap_style=2)


def pursuit_move(state: NinthAgeState, unit: UnitState, bearing: float, go: float, events: list[Event], *,
                 pivoting: bool, label: str = "pursuit") -> None:
    start = unit.footprint()
    around = surroundings(state, {unit.id})
    fp = start
    if pivoting:
        turned = pivot(start, bearing)
        front = _front_zone(turned)
        hit = [k for k, o in around.others.items() if o.shape.intersects(front)]
        rock = around.impassable is not None and not around.impassable.is_empty and around.impassable.intersects(front)
        enemy_hit = [k for k in hit if state.units[k].owner != unit.owner]
        if enemy_hit:
            _pursuit_charge(state, unit, state.units[sorted(enemy_hit)[0]], events)
            return
        if hit or rock:
            # rotate only as far as it can toward the fleeing unit, stopping 1" from the obstacle
            turn = turn_between(start.bearing, bearing)
            sign = 1 if turn >= 0 else -1
            best, t = start, 0.0
            while t + TURN_SAMPLE <= abs(turn):
                t += TURN_SAMPLE
                trial = pivot(start, start.bearing + sign * t)
                if clearance_problem(trial, around, CLEARANCE_END, during=False):
                    break
                best = trial
            unit.pose = best.pose
            events.append(Event(kind="pursuit", seat=unit.owner, text=f"{unit.id} turns {t - TURN_SAMPLE if t else 0:.0f}"
                                f"° toward its quarry and stops 1\" from "
                                f"{', '.join(sorted(hit)) or 'impassable terrain'}: its pursuit ends."))
            return
        fp = turned
    # straight forward the full distance; contact with an enemy on the way is a charge
    step, moved, last_legal = MOVE_SAMPLE, 0.0, fp if not clearance_problem(fp, around, CLEARANCE_END,
                                                                             during=False) else None
    path = [fp]
    while moved + step <= go + 1e-9:
        moved += step
        trial = translate(fp, 0, moved)
        path.append(trial)
        if state.table.touches_edge(trial.shape):
            _off_table(state, unit, trial, events, label)
            return
        touching = [k for k, o in around.others.items() if o.shape.distance(trial.shape) <= 0.02
                    and state.units[k].owner != unit.owner]
        if touching:
            unit.pose = trial.pose
            _pursuit_terrain(state, unit, start, trial, label, events)
            if unit.on_table:
                _pursuit_charge(state, unit, state.units[sorted(touching)[0]], events)
            return
        if not clearance_problem(trial, around, CLEARANCE_END, during=False):
            last_legal = trial
    end = last_legal or start
    unit.pose = end.pose
    state.last_moves.append({"unit": unit.id, "kind": label, "path": [list(start.centre), list(end.centre)],
                             "label": f"{go}\""})
    events.append(Event(kind="pursuit", seat=unit.owner, data={"unit": unit.id},
                        text=f"{unit.id} {'pursues' if label == 'pursuit' else 'overruns'} "
                        f"{distance_between(start, end):.1f}\" of {go}\"."))
    _pursuit_terrain(state, unit, start, end, label, events)


def _pursuit_terrain(state: NinthAgeState, unit: UnitState, start, end, label: str, events: list[Event]) -> None:
    """A pursuit or an overrun through Dangerous Terrain tests once per feature (§18.1)."""
    if end is not start:
        terrain_checks(state, unit, "overrun" if label == "overrun" else "pursuit",
                       [start.shape.union(end.shape).convex_hull], events)


def distance_between(a, b) -> float:
    (x1, y1), (x2, y2) = a.centre, b.centre
    return ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5


def _off_table(state: NinthAgeState, unit: UnitState, fp, events: list[Event], label: str) -> None:
    """A pursuer touching the table edge leaves; it arrives in its next Remaining Moves as an
    Ambusher does, automatically (§11.13)."""
    unit.location = "reserve"
    unit.arriving = True
    unit.ambushing = True
    events.append(Event(kind="pursuit", seat=unit.owner, data={"unit": unit.id},
                        text=f"{unit.id}'s {label} reaches the table edge: it leaves the table and comes back in its "
                        "next Remaining Moves (/deploy on the edge it left by)."))


def _pursuit_charge(state: NinthAgeState, unit: UnitState, enemy: UnitState, events: list[Event]) -> None:
    """A pursuer that meets an enemy charges it, with no reaction (§11.13)."""
    from engine.rulesets.ninth_age.charges import contact_side as charge_side

    side = None if enemy.fleeing else charge_side(unit, enemy)
    poses = placements(state, unit, enemy, side)
    if not poses:
        events.append(Event(kind="pursuit", seat=unit.owner, text=f"{unit.id} meets {enemy.id} but there is no "
                            "room to make contact: it stops."))
        return
    unit.pose = poses[0].footprint.pose
    unit.pursuit_charge, unit.pursuit_target = True, enemy.id
    events.append(Event(kind="pursuit", seat=unit.owner, data={"unit": unit.id},
                        text=f"{unit.id} pursues into {enemy.id}'s {poses[0].side} and charges it (no reaction)."))
    if enemy.fleeing:
        destroy(state, enemy, events, f"{enemy.id} is caught fleeing and destroyed")


def overrun_or_reform(state: NinthAgeState, unit: UnitState, events: list[Event], may_overrun: bool) -> None:
    """A unit with no foes left overruns (if it charged this turn, in its first round, [A-69])
    or makes a post-combat reform: a pivot about its centre (§11.11)."""
    entry = state.unit_entry(unit)
    first_round = unit.combat_rounds <= 1
    can_overrun = may_overrun and unit.charged and first_round
    frenzied = entry.has_rule("Frenzy") and not unit.frenzy_lost
    options = []
    if can_overrun:
        options.append("overrun")
    if not (can_overrun and frenzied):
        fp = unit.footprint()
        around = surroundings(state, {unit.id})
        for word, turn in (("stay", 0), ("left", -90), ("right", 90), ("about", 180)):
            if turn == 0 or not clearance_problem(pivot(fp, fp.bearing + turn), around, 0.0, during=False):
                options.append(word)
    choice = decide(state, unit.owner, f"post-combat-{unit.id}", f"{unit.id} has no foes left: "
                    + ("overrun, or " if can_overrun else "") + "post-combat reform (pivot left, right, about, or "
                    "stay)?", options, default=options[0])
    if choice == "overrun":
        go = pursuit_roll(state, unit, "overrun", events)
        pursuit_move(state, unit, unit.pose.bearing, go, events, pivoting=False, label="overrun")
        return
    if choice != "stay":
        turn = {"left": -90, "right": 90, "about": 180}[choice]
        unit.pose = pivot(unit.footprint(), unit.pose.bearing + turn).pose
        events.append(Event(kind="reform", seat=unit.owner, text=f"{unit.id} makes a post-combat reform: it pivots "
                            f"{choice} about its centre."))


# -- combat reforms (§11.14) ----------------------------------------------------------------------
def _engaged_sides(state: NinthAgeState, unit: UnitState) -> set[str]:
    fp = unit.footprint()
    return {contact_side(fp, e.footprint()) or "front" for e in enemies_in_contact(state, unit)}


def reform_options(state: NinthAgeState, unit: UnitState) -> dict[str, object]:
    """Legal combat reforms of a unit fighting one enemy unit on one facing: each width,
    facing the enemy's side it touches, its edge centred where it fights now; every model
    within 2 x M, no fewer models in contact, no new enemy touched, no unit overlapped."""
    from engine.table.charge import side_frame
    from engine.table.footprint import Pose, footprint
    from engine.table.frame import normalise, right_of
    from engine.table.motion import reform_displacement

    foes = enemies_in_contact(state, unit)
    if len(foes) != 1:
        return {}
    enemy = foes[0]
    efp, fp = enemy.footprint(), unit.footprint()
    eside = contact_side(efp, fp) or "front"
    mid, normal, outward, _length = side_frame(efp, eside)
    bearing = normalise(outward + 180.0)
    tangent = right_of(bearing)
    offset = (fp.centre[0] - mid[0]) * tangent[0] + (fp.centre[1] - mid[1]) * tangent[1]
    before = len({i for i, _ in models_in_contact(fp, efp)})
    limit = 2 * state.unit_entry(unit).movement
    around = surroundings(state, {unit.id})
    others = [o for o in state.on_table() if o.id not in (unit.id, enemy.id)]
    out: dict[str, object] = {}
    for files in range(1, unit.models + 1):
        formation = unit.formation.reformed(files)
        probe = footprint(formation, Pose(x=0, y=0, bearing=bearing))
        if probe.width > 60:
            break
        s_ = max(-probe.half_width, min(probe.half_width, offset))
        cx = mid[0] + tangent[0] * s_ + normal[0] * probe.half_depth
        cy = mid[1] + tangent[1] * s_ + normal[1] * probe.half_depth
        new = footprint(formation, Pose(x=cx, y=cy, bearing=bearing))
        if abs(turn_between(new.bearing, fp.bearing)) < 1e-6 and files == unit.formation.files:
            continue
        if len({i for i, _ in models_in_contact(new, efp)}) < before:
            continue
        if any(new.shape.intersects(o.footprint().shape) and new.shape.intersection(o.footprint().shape).area > 1e-6
               for o in others):
            continue
        if any(o.owner != unit.owner and in_contact(new, o.footprint()) for o in others):
            continue  # may not contact a unit it was not already fighting
        if state.table.off_table_fraction(new.shape) > 0 or not state.table.fully_on(new.shape):
            continue
        if around.impassable is not None and not around.impassable.is_empty and new.shape.intersects(around.impassable):
            continue
        if reform_displacement(fp, new) > limit + EPS_DIST:
            continue
        facing = "" if abs(turn_between(new.bearing, fp.bearing)) < 1e-6 else f" facing {enemy.id}"
        out[f"{files}-wide{facing}".replace(" ", "-")] = new
    return out


def combat_reforms(state: NinthAgeState, rnd: Round, result: Outcome, events: list[Event]) -> None:
    """Units still fighting may combat reform (§11.14): never engaged on two facings nor with
    (or as) War Machines; a loser first passes a Leadership test at its Break-test Ld. The active
    player picks which player reforms first; each reforms one unit at a time."""
    def eligible(u: UnitState) -> bool:
        if not u.on_table or u.fleeing or not enemies_in_contact(state, u):
            return False
        if len(_engaged_sides(state, u)) > 1 or state.unit_entry(u).troop_type == "war machine":
            return False
        return not any(state.unit_entry(e).troop_type == "war machine" for e in enemies_in_contact(state, u))

    seats = sorted({state.units[u].owner for u in rnd.units})
    wanting = {s: [state.units[u] for u in rnd.units if state.units[u].owner == s and eligible(state.units[u])]
               for s in seats}
    order = [s for s in seats if wanting[s]]
    if len(order) == 2:
        first = decide(state, state.active, f"reform-first-{rnd.units[0]}", "Both sides may combat reform: who "
                       "reforms first, you or your opponent?", ["me", "opponent"], default="me")
        order = [state.active, state.enemy_of(state.active)] if first == "me" else \
            [state.enemy_of(state.active), state.active]
    for seat in order:
        for u in wanting[seat]:
            if not eligible(u):
                continue
            options = reform_options(state, u)
            if not options:
                continue
            choice = decide(state, seat, f"combat-reform-{u.id}", f"{u.id} may combat reform: to which "
                            "formation (or no)?", ["no"] + list(options)[:8], default="no")
            if choice == "no":
                continue
            if u.id in rnd.break_ld:
                ld, why = rnd.break_ld[u.id]
                if not leadership_test(state.rng, ld, f"{u.id} combat reform test ({why})", events, seat=seat):
                    events.append(Event(kind="reform", seat=seat, text=f"{u.id} fails to combat reform."))
                    continue
            before = {uid: len(fighters.fighting_models(state, state.units[uid])[0]) for uid in rnd.units
                      if state.units[uid].on_table}
            old = (u.formation, u.pose)
            u.formation, u.pose = options[choice].formation, options[choice].pose
            if any(len(fighters.fighting_models(state, state.units[uid])[0]) < n and uid != u.id
                   for uid, n in before.items() if state.units[uid].owner == seat):
                u.formation, u.pose = old  # the models that fought must all still fight (§11.14)
                events.append(Event(kind="reform", seat=seat, text=f"{u.id} cannot reform so: other models would "
                                    "lose contact."))
                continue
            events.append(Event(kind="reform", seat=seat, data={"unit": u.id},
                                text=f"{u.id} makes a combat reform: {choice.replace('-', ' ')}."))
