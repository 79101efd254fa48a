"""The Melee phase (§11, pipeline of §24.6): the active player picks a combat, one combat round
is fought for it from challenges to combat reforms, and so on until every combat has fought.

One round: Fear tests and weapon choices -> make way (§16.6) -> challenges (§16.9) -> attacks,
Initiative 10 down to 0, allocated (split among the enemies a model touches; characters in units
fighting with their own profiles) and rolled to hit (§11.5-11.6; wounds through §12's attack
pipeline, hits on a mixed unit spread over its exposed characters, §16.4) -> combat score
(§11.9) -> Break tests with Steadfast, Disrupted, Stubborn, Unbreakable and Unstable (§11.10,
§22) -> Panic for friends of broken units (§13) -> pursue or restrain (§11.11) -> flee rolls and
moves (§11.12) -> pursuit rolls and moves (§11.13) -> post-combat reforms and overruns -> combat
reforms (§11.14, :mod:`.combat_reform`).

Every choice the rules leave to a player is a /decide question to that player.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.core import Event, IllegalAction, roll_dice
from engine.core.decisions import decide
from engine.rulesets.ninth_age.catalogue import weapon_word
from engine.core.text import N_, Text, _, commas, decimal, join, join as text_join, ngettext
from engine.rulesets.ninth_age.grammar import number, side_word, wounds_counted
from engine.rulesets.ninth_age import assault, fighters, terrain_rules
from engine.rulesets.ninth_age.casualties import (
    PANIC_RANGE, destroy, flee, insignificant, lose_wounds, panic, phase_key, rolled_and_moved, terrain_checks,
)
from engine.rulesets.ninth_age.charges import placements
from engine.rulesets.ninth_age.combat_reform import chosen_order, not_offered, post_combat_choices, post_combat_reform
from engine.rulesets.ninth_age.fighters import Blow, combat_groups, enemies_in_contact, unit_full_ranks
from engine.rulesets.ninth_age.leadership import (
    bsb_hiding, charge_dice, hold_your_ground, leadership_test, unit_leadership,
)
from engine.rulesets.ninth_age.melee import (
    Outcome, SideScore, break_leadership, caught, hit_succeeds, outcome, to_hit_needed, unstable_wounds,
)
from engine.rulesets.ninth_age.mixed_units import joined, swiftstride
from engine.rulesets.ninth_age.neighbours import surroundings
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState
from engine.rulesets.ninth_age.walls import gap
from engine.table.contact import contact_side, distance, in_contact
from engine.table.frame import EPS_DIST, bearing_between, turn_between
from engine.table.motion import (
    CLEARANCE_END, IMPASSABLE, MOVE_SAMPLE, TURN_SAMPLE, clearance_problem, move_ahead, pivot, translate,
)


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
                            text=ngettext("{u} is no longer engaged: its enemies are gone (No More Foes).", "{u} are no longer engaged: their enemies are gone (No More Foes).", number(state, u), u=u.id)))
        overrun_or_reform(state, u, events, may_overrun=u.charged and u.failed_charge is False)
    engaged = {uid for group in combat_groups(state) for uid in group}
    for u in state.units.values():
        u.fought = False
        u.no_attacks = False
        u.fear_struck = False
        if u.id not in engaged:
            u.combat_rounds = 0
            u.weapon = ""
    end_challenges(state)  # kept from an older log's state, where the phase's end did not drop them
    groups = unfought(state)
    if groups:
        listed = text_join("; ", [sides_of(state, g) for g in groups])
        events.append(Event(kind="phase", seat=state.active, text=ngettext("Melee phase: {count} combat: {listed}. /fight unit: picks the next combat; /end fights the rest in this order.", "Melee phase: {count} combats: {listed}. /fight unit: picks the next combat; /end fights the rest in this order.", len(groups), count=len(groups), listed=listed)))
    else:
        events.append(Event(kind="phase", seat=state.active, text=_("Melee phase: no unit is engaged; /end passes it.")))


def sides_of(state: NinthAgeState, group: list[str]) -> str:
    """A combat as its two sides, the active player's first: "Trolls, Vermin Swarm vs Zealots"
    (it read "Trolls vs Vermin Swarm vs Zealots", friends and foes alike)."""
    seats = sorted({state.units[u].owner for u in group}, key=lambda s: s != state.active)
    return " vs ".join(", ".join(u for u in group if state.units[u].owner == s) for s in seats)


def end_challenges(state: NinthAgeState) -> None:
    """The end of a Melee phase: a challenge whose duellist was killed, or whose combat is over,
    ends now ("Se uno dei modelli viene ucciso, la Sfida si considera terminata alla fine della
    fase", §16.9); one where both stand goes on into the next round. It stood on the board
    through the next player turn before."""
    engaged = {uid for group in combat_groups(state) for uid in group}
    state.challenges = [c for c in state.challenges if all(_still_duelling(state, d, engaged) for d in c)]


def _still_duelling(state: NinthAgeState, uid: str, engaged: set[str]) -> bool:
    """A challenge lasts until a duellist is killed (§16.9): a character slain (in its unit or
    alone), or a Champion fallen."""
    u = state.units[uid]
    if u.location == "joined":
        return u.host in engaged
    return uid in engaged and (state.unit_entry(u).is_character or not u.champion_lost)



def unfought(state: NinthAgeState) -> list[list[str]]:
    return [g for g in combat_groups(state) if not all(state.units[u].fought for u in g)]


def fight(state: NinthAgeState, unit: UnitState, events: list[Event]) -> None:
    """The active player picks the combat holding ``unit`` ([A-21]) and it fights one round."""
    for group in unfought(state):
        if unit.id in group:
            combat_round(state, group, events)
            return
    for group in combat_groups(state):
        if unit.id not in group:
            continue
        if any(state.units[u].pursuit_charge and state.units[u].pursuit_target in group for u in group):
            raise IllegalAction("fought-next-turn", _("{unit}'s combat began with a pursuit's charge this phase: it is fought in the next player turn (§11.13).", unit=unit.id))
        raise IllegalAction("already-fought", _("{unit}'s combat has already fought this Melee phase.", unit=unit.id))
    raise IllegalAction("not-engaged", ngettext("{unit} is not in a combat.", "{unit} are not in a combat.", number(state, unit), unit=unit.id))


def fight_all(state: NinthAgeState, events: list[Event]) -> None:
    """/end in the Melee phase: every combat not yet fought fights, in the listed order."""
    for _skip in range(100):
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
    foes: dict[str, list[str]] = field(default_factory=dict)  # the enemies each unit touched as the round began


def combat_round(state: NinthAgeState, group: list[str], events: list[Event]) -> None:
    active = state.active
    seats = sorted({state.units[u].owner for u in group}, key=lambda s: s != active)
    events.append(Event(kind="combat", seat=active, data={"units": group}, text=_("Combat: {sides_of}.", sides_of=sides_of(state, group))))
    rnd = Round(units=list(group), wounds={s: 0 for s in seats}, overkill={s: 0 for s in seats})
    fear_tests(state, group, events)
    choose_weapons(state, group, events)
    make_way(state, group, events)
    assault.choose_fighters(state, group, events)  # an assault on a Building: up to 10 a side (§18.6)
    rnd.duel = challenges(state, group, events)
    rnd.foes = {uid: [e.id for e in enemies_in_contact(state, state.units[uid])] for uid in group}
    attacks(state, rnd, events)
    for uid in dict.fromkeys([*group, *rnd.units]):  # with the characters now standing for a unit (§16.2)
        state.units[uid].fought = True
    score_and_break(state, rnd, events)


def combat_shapes(state: NinthAgeState):
    """The combat-group overlay of the board (§24.10): an outline ½" around each combat's units."""
    from shapely.ops import unary_union

    from engine.table.view import CombatShape, polygon_points

    out = []
    for n, group in enumerate(combat_groups(state), 1):
        hull = unary_union([state.units[u].footprint().shape for u in group]).convex_hull.buffer(0.5, quad_segs=2)
        fought = state.phase == "melee" and all(state.units[u].fought for u in group)  # this phase only
        shape = CombatShape(label=f"Combat {n}", units=list(group), points=polygon_points(hull))
        shape.label = _("Combat {n} (fought)", n=n) if fought else _("Combat {n}", n=n)  # a Text: said in the reader's language
        everyone = in_combat(state, group)
        for duel in state.challenges:
            if all(d in everyone for d in duel):
                a, b = (duellist_position(state, d) for d in duel)
                shape.duel = [a, b]
                shape.duel_label = _("Challenge: {label} v {label2}", label=_label(state, duel[0]), label2=_label(state, duel[1]))
        out.append(shape)
    return out


def duellist_position(state: NinthAgeState, uid: str) -> tuple[float, float]:
    """Where a duellist stands on the table: a character's base (in its unit or alone), or a
    unit's Champion model (§16.9)."""
    from engine.rulesets.ninth_age.mixed_units import character_base

    u = state.units[uid]
    if u.location == "joined":
        c = character_base(state, u).centroid
    else:
        fp = u.footprint()
        index = fighters.champion_model(state, u)
        c = fp.models[index].centroid if index is not None and index < len(fp.models) else fp.shape.centroid
    return round(c.x, 3), round(c.y, 3)


def fear_leadership(state: NinthAgeState, unit: UnitState) -> tuple[int, Text, bool]:
    """The Ld a unit touching a Fear-causer tests on, where it comes from, and whether Fear's
    -1 is still to be taken off it. The -1 is each model's ("I modelli che sono Immuni alla
    Psicologia o che incutono loro stessi Paura sono immuni all'effetto della Paura", §22 Fear)
    and the unit uses the highest Ld it has (§1.8): a model immune to Fear (a character in it,
    or its R&F) tests on its own Ld with no -1 when that is higher than the best Ld less 1. A
    General's Ld borrowed by the unit (§16.7) takes the -1 as the unit's own would."""
    from engine.rulesets.ninth_age.leadership import discipline
    from engine.rulesets.ninth_age.magic_state import spell_modified

    ld, source = unit_leadership(state, unit)
    if not fighters.feared(state, unit):
        return ld, source, False
    best, minus = max(0, ld - 1), True
    banner = [1] if discipline(state, unit) else []  # Banner of Discipline: +1 Ld (§23.8)
    for m in ([unit] if unit.models > 0 else []) + joined(state, unit):
        if m.refused or not fighters.fear_immune(state, m):
            continue
        own = spell_modified(state, unit.id, "Ld", state.unit_entry(m).leadership, first=banner)
        if own > best:
            best, minus, source = own, False, _("{model}, immune to Fear", model=m.id)
    return (ld if minus else best), source, minus


def fear_tests(state: NinthAgeState, group: list[str], events: list[Event]) -> None:
    """Start of the round (§22 Fear): each unit touching an enemy that causes Fear tests its Ld
    (already -1 for the Fear); failing, its models have WS 1 for the rest of the Melee phase."""
    for uid in group:
        u = state.units[uid]
        _reveal_fear_items(state, u, events)
        if u.fear_struck or not fighters.feared(state, u):
            continue
        ld, source, minus = fear_leadership(state, u)
        value = max(0, ld - 1) if minus else ld
        if not leadership_test(state.rng, value, _("{uid} Fear test (Ld {ld} - 1 for Fear; Ld from {source})", uid=uid, ld=ld, source=source) if minus else _("{uid} Fear test (Ld from {source})", uid=uid, source=source), events,
                               seat=u.owner, reroll=_("the BSB") if _bsb_near(state, u) else None, for_unit=(state, u),
                               reroll_text=ngettext("{uid} re-rolls (Hold Your Ground)", "{uid} re-roll (Hold Your Ground)", number(state, u), uid=uid)):
            u.fear_struck = True
            if state.fear_ws_v7:  # "tutti i modelli dell'Unità" (seed 001:3418): its characters keep WS 1 if they leave it
                for c in joined(state, u, hidden=None):
                    c.fear_struck = True
            events.append(Event(kind="fear", seat=u.owner, text=ngettext("{uid} is struck by Fear: WS 1 for the rest of this Melee phase.", "{uid} are struck by Fear: WS 1 for the rest of this Melee phase.", number(state, u), uid=uid)))


def _reveal_fear_items(state: NinthAgeState, u: UnitState, events: list[Event]) -> None:
    """Hidden lists (§2.4): a unit that would take a Fear test uses the items that make it: an
    enemy's Screaming Swords (its wielder causes Fear), its own Banner of Courage (immune to Fear)."""
    from engine.rulesets.ninth_age.hidden import hidden_lists, reveal

    if not hidden_lists(state) or u.fear_struck or fighters.every_model_fear_immune(state, u):
        return
    causers = [e for e in enemies_in_contact(state, u) if fighters.causes_fear(state, e)]
    for e in causers:
        entry = state.unit_entry(e)
        if not (entry.has_rule("Fear") or entry.has_rule("Terror")):
            for item in entry.magic_items:
                if item.strip().lower() == "screaming swords":
                    reveal(state, e.owner, e.id, item, _("its wielder causes Fear with it"), events)
    if causers:
        for m in [u] + list(joined(state, u)):
            for item in state.unit_entry(m).magic_items:
                if item.strip().lower() == "banner of courage" and not m.standard_lost:
                    reveal(state, m.owner, m.id, item, _("its unit is immune to Fear with it"), events)


def choose_weapons(state: NinthAgeState, group: list[str], events: list[Event]) -> None:
    """Step 2 (§15.1): a unit with more than one close-combat weapon chooses at the start of a
    combat and keeps it for the whole combat; Weapon Masters choose every round."""
    for uid in in_combat(state, group):  # a character in a unit chooses its own weapon
        u = state.units[uid]
        choices = fighters.weapon_choices(state, u)
        master = state.unit_entry(u).has_rule("Weapon Masters")
        if len(choices) < 2 or (u.weapon in choices and not master):
            continue
        u.weapon = decide(state, u.owner, f"weapon-{uid}", ngettext("{uid} fights: with which weapon?", "{uid} fight: with which weapon?", number(state, u), uid=uid), choices,
                          default=choices[0])
        events.append(Event(kind="weapon", seat=u.owner, text=ngettext("{uid} fights with {weapon}.", "{uid} fight with {weapon}.", number(state, u), uid=uid, weapon=weapon_word(u.weapon))))


# -- make way (§16.6) ------------------------------------------------------------------------------
def make_way_files(state: NinthAgeState, char: UnitState) -> list[int]:
    """Front-rank files (from 0) a character may make way to: its base there touches an enemy
    model in base contact with its unit, and it swaps only with R&F and command models, never
    with another character (§16.6)."""
    from engine.rulesets.ninth_age.mixed_units import make_way_problem

    if make_way_problem(state, char) is not None:
        return []
    host = state.units[char.host]
    files = host.formation.files
    front_touching = {i for c in fighters.contacts(state, host) for i in c.touching if i < files}  # gaps too
    mine = fighters.character_models(state, host)
    if any(i in front_touching for i, who in mine.items() if who == char.id):
        return []  # already in base contact
    width, depth = char.cells
    others = {i for i, who in mine.items() if who != char.id}
    out = []
    for f in range(files - width + 1):
        cells = {r * files + f + k for r in range(depth) for k in range(width)}
        if cells & others or not cells & front_touching:
            continue
        out.append(f)
    return out


def make_way(state: NinthAgeState, group: list[str], events: list[Event]) -> None:
    """Step 3 of the round (§16.6): each character in the front rank not in base contact may
    swap places with R&F (or command models) to stand against an enemy model touching its unit;
    the active player's characters first. Its owner answers by /decide (default: stays)."""
    active = state.active
    chars = [c for uid in group for c in joined(state, state.units[uid])]
    for char in sorted(chars, key=lambda c: (c.owner != active, c.id)):
        spots = make_way_files(state, char)
        if not spots:
            continue
        host = state.units[char.host]
        choice = decide(state, char.owner, f"make-way-{char.id}", _("{char} is in {host}'s front rank but not in base contact: make way (swap places) to which front-rank file, or stay?", char=char.id, host=host.id),
                        ["stay"] + [f"file-{f + 1}" for f in spots], default="stay")
        if choice == "stay":
            continue
        to = int(choice.split("-")[1]) - 1
        old = char.file
        width, depth = char.cells
        moved = []
        from engine.rulesets.ninth_age.mixed_units import command_positions

        host.command_at = command_positions(state, host)
        for name, (r, f) in list(host.command_at.items()):  # command models swap into the place it left
            if r < depth and to <= f < to + width:
                host.command_at[name] = (r, old + (f - to))
                moved.append(name)
        char.file = to
        events.append(Event(kind="make-way", seat=char.owner, data={"unit": host.id, "character": char.id},
                            text=text_join("", [_("{char} makes way: it swaps places into {host}'s front rank, file {value}", char=char.id, host=host.id, value=to + 1), (ngettext(", and the {join} takes its place", ", and the {join} take its place", len(moved), join=commas(moved)) if moved else ""), " (§16.6)."])))


# -- challenges (§16.9) ---------------------------------------------------------------------------
def duellists(state: NinthAgeState, group: list[str], seat: str) -> list[str]:
    """Characters and Champions of ``seat`` engaged in the combat: lone characters and
    Champions by their unit's name, characters inside units by their own (§16.9)."""
    out = []
    for uid in group:
        u = state.units[uid]
        entry = state.unit_entry(u)
        if u.owner == seat and u.on_table and (entry.is_character or (entry.command.champion and not u.champion_lost)):
            out.append(uid)
        if u.owner == seat and u.on_table:  # a War Platform joins as a character, but is none: no challenges (§22)
            out += [c.id for c in joined(state, u) if state.unit_entry(c).is_character]
    return out


def in_combat(state: NinthAgeState, group: list[str]) -> list[str]:
    """The combat's units and the characters fighting inside them."""
    return list(group) + [c.id for uid in group for c in joined(state, state.units[uid])]


def _label(state: NinthAgeState, uid: str) -> str | Text:
    """A duellist as the challenge lines and the board's duel caption name it."""
    u = state.units[uid]
    if u.location == "joined" and u.host:
        return _("{char} (in {host})", char=uid, host=u.host)
    return uid if state.unit_entry(u).is_character else _("{unit}'s Champion", unit=uid)


def _champions_named(state: NinthAgeState, options: list[str]) -> Text | str:
    """The options are unit ids, and a unit's id stands for its Champion: say so, or a player
    answering "Brutes" cannot tell it names the Brutes' Champion (" Brutes: the unit's Champion.").
    The answer is a name, not the unit: no verb for it to agree with ("Knights stands for its
    Champion" read as a slip)."""
    champions = [uid for uid in options if state.units[uid].location != "joined"
                 and not state.unit_entry(state.units[uid]).is_character]
    if not champions:
        return ""
    return text_join("", [" ", ngettext("{units}: the unit's Champion.", "{units}: each unit's Champion.",
                                        len(champions), units=commas(champions))])


def challenges(state: NinthAgeState, group: list[str], events: list[Event]) -> tuple[str, str] | None:
    """Issue and accept (§16.9): the active player may issue first, then the reactive; a
    refused challenge lets the challenger's player pick a character (not a Champion) of the
    other side who may not attack this round, with Ld 0."""
    everyone = in_combat(state, group)
    for duel in state.challenges:
        if duel[0] in everyone and duel[1] in everyone:
            events.append(Event(kind="challenge", text=_("The challenge between {label} and {label2} goes on.", label=_label(state, duel[0]), label2=_label(state, duel[1]))))
            return duel
    active = state.active
    for seat in (active, state.enemy_of(active)):
        mine, theirs = duellists(state, group, seat), duellists(state, group, state.enemy_of(seat))
        if not mine:
            continue
        issuer = decide(state, seat, f"challenge-{group[0]}", text_join("", [_("Issue a challenge in the combat of {group}? Name your character or Champion, or none.", group=group[0]), _champions_named(state, mine)]), mine + ["none"], default="none")
        if issuer == "none":
            continue
        state.units[issuer].refused = False  # issuing a challenge ends a refusal's Ld 0
        other = state.enemy_of(seat)
        events.append(Event(kind="challenge", seat=seat, text=_("{label} issues a challenge.", label=_label(state, issuer))))
        answer = decide(state, other, f"accept-{issuer}", text_join("", [_("{label} issues a challenge: accept with which character or Champion, or refuse?", label=_label(state, issuer)), _champions_named(state, theirs)]), theirs + ["refuse"], default="refuse")
        if answer != "refuse":
            state.units[answer].refused = False
            events.append(Event(kind="challenge", seat=other, text=_("{label} accepts the challenge.", label=_label(state, answer))))
            state.challenges.append((issuer, answer))
            return issuer, answer
        refusers = [u for u in theirs if state.unit_entry(state.units[u]).is_character]
        events.append(Event(kind="challenge", seat=other, text=(
            _("The challenge is refused.") if theirs else
            # said, or the player reads a refusal nobody made
            _("{player} has no character or Champion in this combat to accept it: the challenge is refused.",
              player=state.seat(other).name))))
        if refusers:
            # the seed (001:2716-2720) sends no one to the back: the named character keeps its place
            named = decide(state, seat, f"refuser-{issuer}", _("The challenge was refused: which enemy character may not attack this combat round (Ld 0, no Stubborn)?"), refusers)
            state.units[named].no_attacks = True
            state.units[named].refused = True
            state.units[named].refused_phase = phase_key(state)
            events.append(Event(kind="challenge", seat=seat, text=text_join("", [_("{named} refused: it may not attack this combat round, and its Ld is 0 and it loses Stubborn until the end of the turn its combat ends", named=named), (_(" (as the BSB it loses Hold Your Ground and its +1 this phase)") if state.unit_entry(state.units[named]).bsb else ""), "."])))
        return None
    return None


# -- attacks, Initiative 10 down to 0 (§11.5-11.7) ------------------------------------------------
def _defender_ws(state: NinthAgeState, target: UnitState, champion: bool = False) -> int:
    """The WS attacks on a unit's R&F compare against: its first fighting part's (§11.6); WS 1
    once it failed a Fear test, and the spells in play on it added after (§1.11, E-06 C).
    ``champion``: the attacks go at the unit's Champion (its duellist), who has +1 WS ("Tutti i
    Campioni hanno +1 Attacco, +1 Abilità Balistica, +1 Abilità di Combattimento", §17.3), as
    when it strikes."""
    entry = state.unit_entry(target)
    body = _body(state, target)
    # a character in a unit: its unit's Fear test; a game begun before rules version 7 took WS 1 with
    # no spell after it, and forgot the test once the character had left the unit (fear_ws_v7)
    if not state.fear_ws_v7 and body is not target and fighters.struck_by_fear(state, target, body):
        return 1
    part = next((i for i, p in enumerate(entry.parts) if p.role not in ("mount", "draught", "machine")), 0)
    ws = fighters.part_ws(state, target, part)
    if champion and not fighters.struck_by_fear(state, target):  # a failed Fear test sets the Champion's WS to 1 too
        ws = min(10, ws + 1)
    return ws


def _hatred(state: NinthAgeState, unit: UnitState, part: int, target: UnitState, rounds: int | None = None) -> bool:
    """Hatred re-rolls failed to-hit rolls in the first round of a combat; Hatred (X) only
    against the named army (E-36). ``rounds``: the rounds the fighting unit has fought (a
    character's own, or its host's)."""
    entry = state.unit_entry(unit)
    rules = entry.special_rules + entry.parts[part].special_rules
    if unit.combat_rounds if rounds is None else rounds:
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


MOST_SPLITS = 60  # beyond that many ways to split a blow's attacks, only all at one or spread evenly are offered


def _splits(count: int, parts: int) -> list[tuple[int, ...]]:
    """Every way to share ``count`` attacks among ``parts`` targets, the first target's share
    largest first (4, 0 / 3, 1 / ...).

    >>> _splits(2, 2)
    [(2, 0), (1, 1), (0, 2)]
    """
    if parts == 1:
        return [(count,)]
    return [(k, *rest) for k in range(count, -1, -1) for rest in _splits(count - k, parts - 1)]


def _allocate(state: NinthAgeState, blow: Blow, rnd: Round) -> list[tuple[str, int]]:
    """Where the blow's attacks go, as (enemy, attacks): all to the only one, or split as the
    attacker chooses among the enemy units and characters its models touch (§11.6, E-22); by
    default all go to the first listed. Duellists strike only each other and no one else
    strikes a duellist (§16.9)."""
    duellist = rnd.duel is not None and fighters.duellist_of(state, blow) in rnd.duel
    # a duellist's later attacks may still go at the opponent it has slain, for Overkill (§16.9)
    targets = [t for t in blow.targets if _standing(state, t) or (duellist and t in rnd.duel)]
    if rnd.duel:
        if not duellist:  # a character in the duel may be struck by no one else
            targets = [t for t in targets if not (t in rnd.duel and state.unit_entry(state.units[t]).is_character)]
    if not targets:
        return []
    if len(targets) == 1:
        return [(targets[0], blow.count)]
    owner = state.units[blow.unit].owner
    # units first, then characters and Champions singled out
    targets = sorted(targets, key=lambda t: (fighters.target_unit(t)[1] or state.units[t].host is not None, t))
    options = {f"all-at-{t}": [(t, blow.count)] for t in targets}
    splits = _splits(blow.count, len(targets))
    if len(splits) <= MOST_SPLITS:  # every split (a Champion singled out makes three targets often)
        for shares in splits:
            if sum(1 for n in shares if n) > 1:
                options["-".join(f"{n}-at-{t}" for t, n in zip(targets, shares) if n)] = \
                    [(t, n) for t, n in zip(targets, shares) if n]
    else:
        share, extra = divmod(blow.count, len(targets))
        options["spread-evenly"] = [(t, share + (1 if n < extra else 0)) for n, t in enumerate(targets)]
    who = blow.model or f"{blow.part}{'-champion' if blow.champion else ''}"
    choice = decide(state, owner, f"allocate-{blow.unit}-{who}-{blow.initiative}",
                    ngettext("{unit}: {count} {part_name} attack at Initiative {initiative} touches {join}: at which one?", "{unit}: {count} {part_name} attacks at Initiative {initiative} touch {join}: allocate them (all at one, or split)?", blow.count, unit=blow.unit, count=blow.count, part_name=blow.part_name, initiative=blow.initiative, join=commas(targets)), list(options),
                    default=next(iter(options)))
    return [(t, n) for t, n in options[choice] if n]


def _standing(state: NinthAgeState, uid: str) -> bool:
    """A unit on the table, or a character still standing in one, or a unit's Champion singled
    out (fighters.champion_target) still standing."""
    uid, champion = fighters.target_unit(uid)
    u = state.units[uid]
    if champion:
        return u.on_table and not u.champion_lost
    return u.on_table or (u.location == "joined" and u.host is not None and state.units[u.host].on_table)


def _king_slayer(state: NinthAgeState, blow: Blow, rnd: Round, step: int, events: list[Event]) -> Blow:
    """The King Slayer's bonus worked out at the step its attacks are made (§23.3), shown."""
    after, counted = fighters.king_slayer(state, blow, rnd.duel)
    if counted:
        characters = ngettext("{n} enemy character", "{n} enemy characters", len(counted))
        attacks = ngettext("{n} attack", "{n} attacks", after.count)
        events.append(Event(kind="item", seat=state.units[blow.unit].owner, data={"initiative": step},
                            text=_("I{step}: {who}'s King Slayer: {characters} in base contact with its unit ({counted}): S {strength}, {attacks} (§23.3).",
                                   step=step, who=blow.part_name, characters=characters, counted=commas(counted), strength=after.strength, attacks=attacks)))
    return after


def _reveal_weapon(state: NinthAgeState, blow: Blow, events: list[Event]) -> None:
    """A magic weapon is used when its bearer attacks with it (it must, §23.1): a hidden one is
    revealed before its attacks are rolled (§2.4: "Modifica un attacco (come un arma magica...)")."""
    from engine.rulesets.ninth_age.hidden import reveal

    if blow.special or not blow.weapon:
        return
    bearer = state.units[blow.model or blow.unit]
    item = state.unit_entry(bearer).item_named(blow.weapon)
    if item is not None:
        reveal(state, bearer.owner, bearer.id, item, _("its bearer attacks with it"), events)


# the items that change the attacks of their bearer's unit (§23.6, §23.8), and the one that changes those against its wearer
ATTACK_ITEMS = {"divine icon": N_("its bearer's attacks are Divine Attacks with it"),
                "holy icon": N_("its unit's attacks are Divine Attacks with it"),
                "rending banner": N_("its unit's attacks have Armour Piercing with it"),
                "standard of alternate realities": N_("its unit's attacks change their Magical Attacks with it")}


def _reveal_war_banners(state: NinthAgeState, rnd: Round, events: list[Event]) -> None:
    """A hidden War Banner adds to its unit's combat score (§23.8): used, so revealed (§2.4)."""
    from engine.rulesets.ninth_age.hidden import reveal

    for uid in rnd.units:
        u = state.units[uid]
        if not (u.on_table and enemies_in_contact(state, u)):
            continue
        for b in [u] + list(joined(state, u)):
            for item in state.unit_entry(b).magic_items:
                if item.strip().lower() == "war banner" and not b.standard_lost:
                    reveal(state, b.owner, b.id, item, _("its unit's combat score counts it"), events)


def _reveal_attack_items(state: NinthAgeState, blow: Blow, target: UnitState, events: list[Event]) -> None:
    """The hidden items that change these close-combat attacks (§2.4: "Modifica un attacco"): the
    fighter's Divine Icon, its unit's Holy Icon, Rending Banner and Standard of Alternate Realities
    (its standard standing), and the target's Glittering Cuirass (Distracting)."""
    from engine.rulesets.ninth_age.hidden import hidden_lists, reveal

    if not hidden_lists(state) or (blow.special and blow.special != fighters.CRUSH):
        return
    fighter = _fighter(state, blow)
    for item in state.unit_entry(fighter).magic_items:
        key = item.strip().lower()
        if key in ATTACK_ITEMS and (key == "divine icon" or not fighter.standard_lost):
            reveal(state, fighter.owner, fighter.id, item, Text(ATTACK_ITEMS[key]), events)
    for item in state.unit_entry(target).magic_items:
        if item.strip().lower() == "glittering cuirass":
            reveal(state, target.owner, target.id, item, _("the attacks against its wearer are Distracted by it"), events)


def _body(state: NinthAgeState, u: UnitState) -> UnitState:
    """The unit whose footprint a model stands in: its own, or its host's for a joined character."""
    return state.units[u.host] if u.location == "joined" and u.host else u


def attacks(state: NinthAgeState, rnd: Round, events: list[Event]) -> None:
    """Step 5 of the round (§11.5-11.7): the attacks, Initiative 10 down to 0. Who fights is
    counted again at each step from the models alive then (the seed: "Eseguire gli attacchi (in
    ordine d'iniziativa) a. Assegnare gli attacchi b. Tirare per colpire, tirare per ferire, tirare
    per salvarsi, e rimuovere le perdite c. Passare al successivo Livello d'Iniziativa"; "I modelli
    a contatto di basetta con un nemico attaccano quando è il loro turno in ordine di Iniziativa";
    "Ad ogni Livello d'Iniziativa tutti gli attacchi che hanno lo stesso valore d'Iniziativa vengono
    risolti contemporaneamente"): the casualties of a step are removed before the next, so the R&F
    slain (from the rear, §12.8), a Champion or a character slain, and the supporting models gone
    strike no more; those of one step all strike. The round's choices (Crush Attack, Impact Hits
    or Grinding Attacks) are asked once, at the start. A duellist whose opponent fell before its
    step still strikes at it, as if alive and in contact (Overkill, §16.9)."""
    asked: dict[str, str] = {}
    inventory = _blows_now(state, rnd, asked)  # the round's fighters as they stand: its choices are made here
    fresh: list[Blow] | None = inventory
    for step in range(10, -1, -1):
        rnd.units = _successors(state, rnd.units)
        if fresh is None:  # casualties since the last count: count the fighters again (§11.5)
            fresh = _blows_now(state, rnd, asked)
        now = [b for b in fresh if b.initiative == step and state.units[b.unit].on_table]
        now += _overkill_blows(state, rnd, inventory, now, step)
        if not now:
            continue
        fresh = None
        for b in now:
            _reveal_weapon(state, b, events)
        now = [_king_slayer(state, b, rnd, step, events) for b in now]
        # allocate every attack of the step first, then roll: the step is simultaneous
        allocated = [(b, t, n) for b in now for t, n in _allocate(state, b, rnd)]
        pending: list[tuple[Blow, UnitState, int, int, bool]] = []  # ..., hits, of which Poisoned 6s, at its Champion
        touching = _contact_pairs(state, rnd.units)
        models = {uid: state.units[uid].models for uid in rnd.units}
        for whole, target_id, count in allocated:
            b = Blow(**{**whole.__dict__, "count": count})
            target_id, singled = fighters.target_unit(target_id)  # a Champion singled out (§11.6)
            attacker, target = state.units[b.unit], state.units[target_id]
            if b.special and b.special != fighters.CRUSH:  # automatic hits, X per model (dice: per model)
                from engine.rulesets.ninth_age.damage import roll_value

                counts = [roll_value(b.hits, state.rng, _("{unit} {special}", unit=b.unit, special=b.special)) for _skip in range(b.count)]
                hits = sum(v for v, _skip in counts)
                faces = [f for _skip, fs in counts for f in fs]
                events.append(Event(kind="special-attack", seat=attacker.owner, data={"initiative": step},
                                    text=text_join("", [(_("I{step}: {who} {special} ({hits}) at {target_id}", step=step, who=b.model, special=b.special, hits=b.hits, target_id=target_id) if b.model  # a joined character's own, named (§22)
                                                         else ngettext("I{step}: {unit} {special} ({hits}) from {count} model at {target_id}", "I{step}: {unit} {special} ({hits}) from {count} models at {target_id}", b.count, step=step, unit=b.unit, special=b.special, hits=b.hits, count=b.count, target_id=target_id)), (_(", rolled {join}", join=commas(map(str, faces))) if faces else ""), ngettext(": {hits} automatic hit at S{strength}.", ": {hits} automatic hits at S{strength}.", hits, hits=hits, strength=b.strength)])))
                if hits:
                    pending.append((b, target, hits, 0, False))
                continue
            if b.random:  # Random Attacks (X): rolled for each model, past the cap of 10 (§22, E-34)
                from engine.rulesets.ninth_age.damage import roll_value

                counts = [roll_value(b.random, state.rng, _('{unit} Random Attacks ({random})', unit=b.unit, random=b.random))
                          for _skip in range(b.count)]
                total = max(0, sum(v for v, _skip in counts) + b.bonus * b.count)
                events.append(Event(kind="roll", seat=attacker.owner, data={"initiative": step},
                                    text=text_join("", [ngettext("I{step}: {who} Random Attacks ({random}) rolled {join}: {total} attack", "I{step}: {who} Random Attacks ({random}) rolled {join}: {total} attacks", total, step=step, who=b.who, random=b.random, join=commas(str(f) for _skip, fs in counts for f in fs), total=total), (_(" ({bonus:+d} each from its modifiers)", bonus=b.bonus) if b.bonus else ""), "."])))
                b = fighters.Blow(**{**b.__dict__, "count": total, "random": ""})
                if not total:
                    continue
            _reveal_attack_items(state, b, target, events)  # hidden lists: before the roll (§2.4)
            # a duellist Champion, or one singled out, is struck as itself, with its own +1 WS (§16.9, §17.3)
            at_champion = singled or (
                rnd.duel is not None and fighters.duellist_of(state, b) in rnd.duel and target.id in rnd.duel
                and target.location != "joined" and not state.unit_entry(target).is_character)
            need, modifier, why = to_hit(state, attacker, target, b, champion=at_champion)
            if modifier:  # the need said is the table's: say the face the modifiers make it
                face = next((f for f in range(2, 7) if hit_succeeds(f, need, modifier)), 6)
                why = text_join("", [why, _(" (so {face}+ on the die)", face=face)])
            roll = roll_dice(f"{b.count}d6", state.rng, purpose=_('{who} to hit', who=b.who))
            hits = sum(1 for d in roll.dice if hit_succeeds(d, need, modifier))
            sixes = sum(1 for d in roll.dice if d == 6)  # natural 6s always hit (§11.6): Poisoned Attacks
            note = why
            if not b.special and _hatred(state, _fighter(state, b), b.part, target, rounds=attacker.combat_rounds) \
                    and hits < b.count:
                again = roll_dice(f"{b.count - hits}d6", state.rng, purpose=_('{unit} Hatred re-rolls', unit=b.unit))
                extra = sum(1 for d in again.dice if hit_succeeds(d, need, modifier))
                sixes += sum(1 for d in again.dice if d == 6)
                hits += extra
                # the hits said are the total: say how many of them the re-roll made (it read "9 hit(s); Hatred
                # re-rolls 9 miss(es): ... (3 more)", as if 12 hit)
                note = text_join("", [note, ngettext("; {extra} of them on Hatred's re-roll of {count} miss: {faces}", "; {extra} of them on Hatred's re-roll of {count} misses: {faces}", len(again.dice), count=len(again.dice),
                                              faces=commas(map(str, again.dice)), extra=extra)])
            if not _poisoned(state, _fighter(state, b), b):
                sixes = 0
            elif sixes:
                note = text_join("", [note, ngettext("; Poisoned Attacks: {sixes} natural 6 wound automatically", "; Poisoned Attacks: {sixes} natural 6s wound automatically", sixes, sixes=sixes)])
            events.append(Event(kind="roll", seat=attacker.owner, roll=roll, data={"initiative": step},
                                text=ngettext("I{step}: {who} ×{count} (WS {ws}) at {target_id} (WS {defender_ws}): {need}+ to hit, rolled {join}: {hits} hit{note}.", "I{step}: {who} ×{count} (WS {ws}) at {target_id} (WS {defender_ws}): {need}+ to hit, rolled {join}: {hits} hits{note}.", hits, step=step, who=b.who, count=b.count, ws=b.ws, target_id=_label(state, target_id) if at_champion else target_id, defender_ws=_defender_ws(state, target, champion=at_champion), need=need, join=commas(map(str, roll.dice)), hits=hits, note=note)))
            if hits:
                pending.append((b, target, hits, min(sixes, hits), singled))
        # wounds of the step land together, after every attack of the step was rolled
        for b, target, hits, auto, singled in pending:
            attacker = state.units[b.unit]
            duel = rnd.duel is not None and fighters.duellist_of(state, b) in rnd.duel and target.id in rnd.duel
            if duel and _fallen(state, target):  # the opponent is slain: every wound is Overkill (§16.9)
                wounds, overkill = 0, overkill_on_the_fallen(state, attacker, b, target, hits, events)
            elif target.location == "joined":  # a character in its unit, struck in base contact or in the duel
                wounds, overkill = wound_model(state, attacker, b, target, hits, events)
            elif duel and not state.unit_entry(target).is_character:
                wounds, overkill = wound_champion(state, attacker, b, target, hits, events, auto=auto)
            elif singled:  # a Champion singled out: its own W, the wounds beyond it lost (§12.7)
                if target.champion_lost:  # fallen earlier in the step: these hits find no one (§12.7)
                    continue
                wounds, overkill = wound_champion(state, attacker, b, target, hits, events, auto=auto, duel=False)
            else:
                wounds, overkill = mixed_unit_hits(state, attacker, b, target, hits, rnd, events, auto=auto)
            rnd.wounds[attacker.owner] += wounds
            if duel:  # excess wounds in a challenge count, at most +3 (§11.9)
                rnd.overkill[attacker.owner] += overkill
            if not target.on_table and target.location != "joined" and target.id not in rnd.destroyed \
                    and not target.succeeded_by:
                rnd.destroyed.append(target.id)
        pull_back(state, touching, {u for u, n in models.items() if state.units[u].models < n}, events,
                  combat=set(rnd.units))
    rnd.units = _successors(state, rnd.units)


def _successors(state: NinthAgeState, units: list[str]) -> list[str]:
    """The combat's units, a unit whose R&F were all slain standing as the characters left of it
    (§16.2): its enemies' attacks go at them, and they fight in the combat in its place."""
    from engine.rulesets.ninth_age.mixed_units import successor

    return list(dict.fromkeys(successor(state, u) for u in units))


def _blows_now(state: NinthAgeState, rnd: Round, asked: dict[str, str]) -> list[Blow]:
    """Every attack the combat's units would make counted from the models alive now: in base
    contact, supporting, Champions, characters, mounts, special attacks (§11.5, §22)."""
    out: list[Blow] = []
    for uid in _successors(state, rnd.units):
        u = state.units[uid]
        if u.on_table:
            out += fighters.blows(state, u, duel=rnd.duel, asked=asked) + assault.blows(state, u, asked)
    return out


def _overkill_blows(state: NinthAgeState, rnd: Round, inventory: list[Blow], now: list[Blow],
                    step: int) -> list[Blow]:
    """A duellist's attacks of this step after its opponent fell: "ogni attacco rimasto può essere
    diretto contro il modello ucciso (come se fosse ancora vivo e in contatto di basetta)" (§16.9).
    Counted at the start of the round (nothing of the slain is in contact to count them from
    now), struck only by a duellist still standing; none already counted now."""
    from engine.rulesets.ninth_age.mixed_units import successor

    if rnd.duel is None:
        return []
    have = {(fighters.duellist_of(state, b), b.part, b.special) for b in now}
    out = []
    for b in inventory:
        who = fighters.duellist_of(state, b)
        if b.initiative != step or who not in rnd.duel or (who, b.part, b.special) in have:
            continue
        other = rnd.duel[1] if rnd.duel[0] == who else rnd.duel[0]
        if not _fallen(state, state.units[other]) or _fallen(state, state.units[who]):
            continue
        unit = successor(state, b.unit)
        if not state.units[unit].on_table:
            continue
        out.append(Blow(**{**b.__dict__, "unit": unit, "targets": [other]}))
    return out


def to_hit(state: NinthAgeState, attacker: UnitState, target: UnitState, blow: Blow,
           champion: bool = False) -> tuple[int, int, str]:
    """(needed, modifier, note) of a close-combat attack (§11.6, §15.1): Parry makes the base 4+
    for hits from the front of a model on foot with hand weapon and shield, neither of them magic
    (§23.1) ([A-27]; with the
    setting ``parry_never_better``, never better than 4+: a 5+ stays 5+); attacks against a
    flail get +1."""
    need = to_hit_needed(blow.ws, _defender_ws(state, target, champion=champion))
    note, modifier = "", 0
    body = _body(state, target)
    if (fighters.parries(state, target)  # never with a magic hand weapon or a magic shield (§23.1)
            and body.pose is not None and contact_side(body.footprint(), attacker.footprint()) == "front"):
        if state.options.get("parry_never_better"):  # [A-27]'s other reading: never better than 4+
            if need < 4:
                need, note = 4, _(" (Parry: never better than 4+)")
        else:
            need, note = 4, _(" (Parry: 4+)")
    worn = fighters.magic_weapon(state, target)  # a magic weapon must be used, whatever else it carries (§23.1)
    if (worn[1] if worn is not None else fighters.weapon(state, target)) == "flail":
        modifier, note = modifier + 1, text_join("", [note, _(" (+1 against a flail)")])
    fighter = _fighter(state, blow)  # a character in the unit: its own rules and weapons
    if not blow.special and fighters.lightning_reflexes(state, fighter, blow.part):
        modifier, note = modifier + 1, text_join("", [note, _(" (+1 Lightning Reflexes)")])
    magic = fighters.magic_weapon(state, fighter)
    if magic is not None and blow.weapon == magic[0] and magic[2].get("to_hit"):  # Sword of Skill (§23.3)
        modifier, note = modifier + magic[2]["to_hit"], text_join("", [note, f" (+{magic[2]['to_hit']} {magic[0]})"])
    # Distracting (§22; a wall defended against a charge, §18.8): -1 once, and never added to another
    # negative to-hit modifier ([A-39]; none of the other close-combat modifiers is negative)
    wall = _wall_defended_against(state, attacker, body) if body.pose is not None else None  # a character: its unit's
    if wall is not None and modifier >= 0:
        modifier, note = modifier - 1, text_join("", [note, _(" (-1: defending {wall} against its charge, Distracting, §18.8)", wall=wall)])
    elif fighters.distracting(state, target) and (not blow.special or blow.special == fighters.CRUSH):
        modifier, note = modifier - 1, text_join("", [note, _(" (-1 Distracting)")])
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
            if e.id in units and a < e.id and not (ua.garrison or e.garrison):  # an assault: no contact to keep
                out.append((a, e.id))
    return out


def pull_back(state: NinthAgeState, before: list[tuple[str, str]], suffered: set[str], events: list[Event],
              combat: set[str] | None = None) -> None:
    """Leaving combat (§11.8): units of the combat that casualties pulled apart are brought back
    into base contact by the least move, facing unchanged: first the unit that suffered no
    casualties, else the other; never a unit still touching another enemy, never through units
    or Impassable Terrain, and within 1" only of units of the same combat (``combat``; by default
    the pair's). If neither can, they are disengaged. Several pulled apart at once: "muoverle in
    modo da ottenere il maggior numero di Unità nuovamente in combattimento. Se il numero di Unità è
    il medesimo, il giocatore attivo decide l'ordine in cui vengono mosse" (seed 001:1664-1665):
    every order is tried, and the active player picks among those bringing the most units back."""
    from itertools import permutations

    from engine.rulesets.ninth_age.mixed_units import successor

    apart = []
    for a, b in before:
        ua, ub = state.units[successor(state, a)], state.units[successor(state, b)]  # §16.2
        if ua.on_table and ub.on_table and not in_contact(ua.footprint(), ub.footprint()):
            apart.append((ua.id, ub.id))
    if len(apart) > 1:
        apart = _pull_back_order(state, apart, suffered, combat, permutations)
    for a, b in apart:
        _pull_one(state, a, b, suffered, combat, events)


PULL_BACK_ORDERS = 5  # pairs pulled apart at once whose every order is tried (5! = 120); more: as listed


def _pair_label(pair: tuple[str, str]) -> str:
    return f"{pair[0]}+{pair[1]}"


def _pull_back_order(state: NinthAgeState, apart: list[tuple[str, str]], suffered: set[str],
                     combat: set[str] | None, permutations) -> list[tuple[str, str]]:
    """The order the pairs in ``apart`` are brought back in: of the orders bringing the most units
    back into combat, the one the active player picks, a pair at a time (by default the first)."""
    if len(apart) > PULL_BACK_ORDERS:
        return apart
    involved = {u for pair in apart for u in pair}
    saved = {u: state.units[u].pose for u in involved}
    scored = []
    for order in permutations(apart):
        for a, b in order:
            _pull_one(state, a, b, suffered, combat, None)
        back = sum(1 for u in involved if enemies_in_contact(state, state.units[u]))
        scored.append((back, list(order)))
        for u, pose in saved.items():
            state.units[u].pose = pose
    most = max(n for n, _order in scored)
    best = [order for n, order in scored if n == most]
    chosen: list[tuple[str, str]] = []
    while len(chosen) < len(apart):
        fits = [o for o in best if o[:len(chosen)] == chosen]
        options = list(dict.fromkeys(_pair_label(o[len(chosen)]) for o in fits))
        pick = decide(state, state.active, f"pull-back-order-{'-'.join(map(_pair_label, apart))}-{len(chosen)}",
                      ngettext("Units left combat and are brought back into contact (§11.8); every order brings {n} "
                               "unit back: which pair is moved next?",
                               "Units left combat and are brought back into contact (§11.8); every order brings {n} "
                               "units back: which pair is moved next?", most, n=most),
                      options, default=options[0])
        chosen.append(next(o[len(chosen)] for o in fits if _pair_label(o[len(chosen)]) == pick))
    return chosen


def _pull_one(state: NinthAgeState, a: str, b: str, suffered: set[str], combat: set[str] | None,
              events: list[Event] | None) -> None:
    """Bring the pair (a, b) back into contact if they are apart (:func:`pull_back`); ``events``
    None: a trial (nothing said)."""
    from shapely.ops import nearest_points

    ua, ub = state.units[a], state.units[b]
    if not (ua.on_table and ub.on_table) or in_contact(ua.footprint(), ub.footprint()):
        return
    order = sorted((ua, ub), key=lambda u: u.id in suffered)
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
        if rock is not None and not rock.is_empty:
            if terrain_rules.ethereal(state, mover):  # §22 Ethereal: through it, not ending in or within 1"
                if new.shape.distance(rock) < CLEARANCE_END - EPS_DIST:
                    continue
            elif swept.intersects(rock):
                continue
        if blocked:
            continue
        # "possono muovere entro 1” da altre Unità che si trovano nello stesso combattimento": from
        # no other unit
        near = [o.id for o in state.on_table() if o.id not in (combat or {a, b}) | {a, b, mover.id}
                and not o.garrison and new.shape.distance(o.footprint().shape) < CLEARANCE_END - EPS_DIST]
        if near:
            continue
        mover.pose = new.pose
        if events is not None:
            events.append(Event(kind="pull-back", seat=mover.owner, data={"unit": mover.id},
                                text=ngettext("{mover} is brought back into contact with {other}: {value}\" (§11.8).", "{mover} are brought back into contact with {other}: {value}\" (§11.8).", number(state, mover), mover=mover.id, other=other.id, value=decimal((dx * dx + dy * dy) ** 0.5, ".1f"))))
        return
    if events is not None:
        events.append(Event(kind="pull-back", text=_("{a} and {b} cannot be brought back into contact: they are disengaged (No More Foes).", a=a, b=b)))


def wound_hits(state: NinthAgeState, attacker: UnitState, blow: Blow, target: UnitState, hits: int,
               events: list[Event], auto: int = 0) -> tuple[int, int]:
    """Close-combat hits through the shared attack sequence of §12 (to wound, armour, ward and
    regeneration, Multiple Wounds, the wound pool and casualties): the wounds it caused, which
    count toward the combat score, and the excess beyond the models there (lost, §11.9, except
    as Overkill in a challenge)."""
    from engine.rulesets.ninth_age import attacks as pipeline

    attack = struck_attack(state, attacker, blow, target)
    from engine.rulesets.ninth_age.casualties import wounds_left
    from engine.rulesets.ninth_age.damage import defence

    # the wounds the unit has left cap what counts, a Conclave Champion's +1 W included (§11.9, §22)
    pool = wounds_left(state, target, defence(state.unit_entry(target), "close combat").wounds)
    result = pipeline.resolve_hits(state, target, attack, hits, events, attacker=attacker,
                                   purpose=_("{who} against {target}", who=fighters.attackers(attacker.id, blow.part_name), target=target.id), auto_wounds=auto)
    counted = min(result.wounds_inflicted, max(0, pool))
    return counted, result.wounds_inflicted - counted


def struck_attack(state: NinthAgeState, attacker: UnitState, blow: Blow, target: UnitState):
    """A blow's attack as it strikes ``target`` (the unit, its Champion, or a character inside
    it): Thunderous Charge and a lance's charge bonus against the charged unit (a character in it
    was charged with it), the Pike's Lethal Strike, Toxic Attacks against the Pestilent — the
    same modifiers whichever model of the unit the hits are allocated to (§11.6, §16.4)."""
    attack = _pike(state, attacker, blow, target,
                   _thunderous(state, attacker, blow, target, _attack(state, _fighter(state, blow), blow)))
    if fighters.toxic(state.unit_entry(_fighter(state, blow)), blow.part) and not blow.special and _pestilent(state, target):
        attack = replace(attack, to_wound_modifier=attack.to_wound_modifier - 1)  # Toxic Attacks (§22)
    return attack


def _fighter(state: NinthAgeState, blow: Blow) -> UnitState:
    """Whose profile and rules a blow's attacks carry: the character fighting inside the unit,
    or the unit."""
    return state.units[blow.model] if blow.model else state.units[blow.unit]


def wound_model(state: NinthAgeState, attacker: UnitState, blow: Blow, char: UnitState, hits: int,
                events: list[Event]) -> tuple[int, int]:
    """Hits on a character in a unit (allocated to it in base contact or in a challenge, or its
    share of hits spread over a mixed unit, §16.4): the §12 steps against its own profile; at
    its W it is slain and leaves the unit, and the wounds beyond are Overkill in a challenge
    (returned second), else lost."""
    from engine.rulesets.ninth_age import attacks as pipeline

    attack = struck_attack(state, attacker, blow, char)
    purpose = _("{who} against {target}", who=fighters.attackers(attacker.id, blow.part_name), target=char.id)
    result, beyond = pipeline.hits_on_character(state, char, attack, hits, events, purpose, attacker.owner)
    return result.wounds_inflicted, beyond


def _wounds_on_one_model(state: NinthAgeState, attacker: UnitState, attack, target: UnitState, d, hits: int,
                         purpose: str, events: list[Event], auto: int = 0, offer: bool = True) -> int:
    """The §12 steps for hits on one model (a duellist slain, a Champion), through the one
    model's sequence of :func:`.attacks.wound_one_model`; returns the wounds inflicted. ``offer``:
    whether the bearer's save items are offered (not to a duellist already slain)."""
    from engine.rulesets.ninth_age import attacks as pipeline

    return pipeline.wound_one_model(state, target, attack, hits, events, purpose, attacker.owner,
                                    d=d, auto=auto, offer=offer).wounds_inflicted


def _fallen(state: NinthAgeState, target: UnitState) -> bool:
    """A duellist already slain this phase: a character gone, or a unit's Champion fallen."""
    if state.unit_entry(target).is_character:
        return not _standing(state, target.id)
    return target.champion_lost


def overkill_on_the_fallen(state: NinthAgeState, attacker: UnitState, blow: Blow, target: UnitState, hits: int,
                           events: list[Event]) -> int:
    """A duellist's attacks after its opponent fell (a later Initiative step): rolled against
    the slain model as if alive and in contact; every wound is Overkill (§16.9)."""
    from engine.rulesets.ninth_age import attacks as pipeline

    attack = struck_attack(state, attacker, blow, target)
    d = pipeline.struck_defence(state, target, attack)
    purpose = (_("{who} against the slain {target}", who=fighters.attackers(attacker.id, blow.part_name), target=target.id)
               if state.unit_entry(target).is_character else
               _("{who} against the slain {target}'s Champion", who=fighters.attackers(attacker.id, blow.part_name), target=target.id))
    dealt = _wounds_on_one_model(state, attacker, attack, target, d, hits, purpose, events, offer=False)
    events.append(Event(kind="challenge", seat=attacker.owner, text=ngettext("{purpose}: {dealt} more wound of Overkill.", "{purpose}: {dealt} more wounds of Overkill.", dealt, purpose=purpose, dealt=dealt)))
    return dealt


def mixed_unit_hits(state: NinthAgeState, attacker: UnitState, blow: Blow, target: UnitState, hits: int,
                    rnd: Round, events: list[Event], auto: int = 0) -> tuple[int, int]:
    """Hits allocated to a unit's R&F (§11.6: spread like shooting hits) on a mixed unit (§16.4,
    E-57): situation A, all on the R&F; situation B, the attacker spreads them as evenly as
    possible over the R&F and the exposed characters (a duellist takes none), each character
    taking at least the even share and at most one more."""
    from engine.rulesets.ninth_age.mixed_units import character_shares, hit_allocation

    _skip, exposed = hit_allocation(state, target)
    exposed = [c for c in exposed if not (rnd.duel and c in rnd.duel)]
    shares = character_shares(state, attacker.owner, target, hits, exposed)
    wounds = overkill = 0
    for c, n in shares.items():
        if n and state.units[c].location == "joined":
            events.append(Event(kind="allocation", seat=attacker.owner, text=ngettext("{value_n} of {hits} hit on {target} goes to {c} (situation B, §16.4).", "{value_n} of {hits} hits on {target} go to {c} (situation B, §16.4).", hits, value_n=n, hits=hits, target=target.id, c=c)))
            w, _lost = wound_model(state, attacker, blow, state.units[c], n, events)
            wounds += w
    rest = hits - sum(shares.values())
    if rest:
        w, o = wound_hits(state, attacker, blow, target, rest, events, auto=min(auto, rest))
        wounds, overkill = wounds + w, overkill + o
    return wounds, overkill


def flaming_standard(state: NinthAgeState, unit: UnitState) -> bool:
    """The unit's Flaming Standard was activated this phase (§23.8)."""
    from engine.rulesets.ninth_age.one_use import active

    return active(state, unit, "flaming standard") and not unit.standard_lost


def _thunderous(state: NinthAgeState, attacker: UnitState, blow: Blow, target: UnitState, attack):
    """Thunderous Charge (§22): +1 S to the part's close-combat attacks in the first round after it
    charged, against the units it charged only; a lance's +2 S (+1 a light lance's) likewise only
    against the charged enemies (§15.1)."""
    from engine.rulesets.ninth_age.catalogue import rule_name

    entry = state.unit_entry(_fighter(state, blow))  # a character in the unit: its own rules
    if blow.special or attacker.combat_rounds or not (attacker.charged or attacker.pursuit_charge):
        return attack
    charged = fighters.charged_units(state, attacker)
    target = _body(state, target)  # a character inside a unit was charged with its unit
    if target.id not in charged and blow.uncharged_strength is not None and attack.strength is not None:
        attack = attack.at_strength(blow.uncharged_strength)  # a lance's bonus: at the charged enemies only
    if "Thunderous Charge" not in {rule_name(r) for r in entry.special_rules + entry.parts[blow.part].special_rules}:
        return attack
    if target.id not in charged or attack.strength is None:
        return attack
    return attack.at_strength(attack.strength + 1)


PIKE_LETHAL = ("cavalry", "monstrous cavalry", "chariot")  # §15.1 Picca: "Cavalleria, Cavalleria Mostruosa e Carri"


def _pike(state: NinthAgeState, attacker: UnitState, blow: Blow, target: UnitState, attack):
    """The Pike (§15.1): "Colpo Letale contro Cavalleria, Cavalleria Mostruosa e Carri ingaggiati
    sul fronte": a pike's attacks on a model of those troop types (a character by its own) whose
    unit is in contact with the wielder's unit's front have Lethal Strike (§22)."""
    if blow.special or attack.lethal_strike:
        return attack
    magic = fighters.magic_weapon(state, _fighter(state, blow))
    mundane = magic[1] if magic is not None and blow.weapon == magic[0] else blow.weapon
    if mundane != "pike" or state.unit_entry(target).troop_type not in PIKE_LETHAL:
        return attack
    mine, theirs = _body(state, attacker), _body(state, target)
    if mine.pose is None or theirs.pose is None or contact_side(mine.footprint(), theirs.footprint()) != "front":
        return attack
    return replace(attack, lethal_strike=True)


def _magical(state: NinthAgeState, attacker: UnitState, blow: Blow, magic) -> bool:
    """Whether the blow's attacks are Magical Attacks (§22): a magic weapon's (damage from magic
    items), or a part with Magical Attacks, Ethereal or Otherworldly (special attacks too); the Standard of
    Alternate Realities turns the unit's close-combat attacks the other way (§23.8)."""
    from engine.rulesets.ninth_age.catalogue import rule_name
    from engine.rulesets.ninth_age.weapons import MAGICAL_RULES

    entry = state.unit_entry(attacker)
    own = {rule_name(r) for r in entry.special_rules + entry.parts[blow.part].special_rules}
    magical = bool(own & set(MAGICAL_RULES)) or (magic is not None and blow.weapon == magic[0])
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
    if blow.special == fighters.BREATH:  # its brackets' S and rules, nothing of the model's (§22 Breath Weapon)
        from dataclasses import replace as _replace
        from engine.rulesets.ninth_age.weapons import breath_of, breath_weapon

        breath = breath_weapon(breath_of(entry) or "")
        return _replace(breath, magical=breath.magical or _magical(state, attacker, blow, None))
    rules = [] if blow.special else entry.special_rules + entry.parts[blow.part].special_rules
    magic = fighters.magic_weapon(state, attacker)
    if magic is not None and blow.weapon == magic[0]:  # the magic weapon's own rules, for its attacks (§21.4)
        rules = rules + list(magic[2].get("rules", []))
    multiple = next((rule_param(r) for r in rules if rule_name(r) == "Multiple Wounds"), None)
    if blow.special == fighters.CRUSH:  # Crush Attack: Multiple Wounds (Ammunition) (§22, [A-38])
        multiple = "Ammunition"
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
                   events: list[Event], auto: int = 0, duel: bool = True) -> tuple[int, int]:
    """A duellist's hits on a Champion: the §12 steps against the Champion alone (it has the
    unit's profile); at its W it falls, and the wounds beyond are Overkill (§16.9). ``duel``
    False: a Champion singled out outside a challenge, the wounds beyond its W lost ("Eventuali
    ferite in eccesso non vengono conteggiate", §12.7)."""
    from dataclasses import replace as _replace

    from engine.rulesets.ninth_age import attacks as pipeline
    from engine.rulesets.ninth_age.casualties import champion_loses, champion_wounds

    attack = struck_attack(state, attacker, blow, target)
    d = pipeline.struck_defence(state, target, attack)  # items, T under the spells in play (§9)

    d = _replace(d, wounds=champion_wounds(state, target))  # Wizard Conclave: +1 W (§22, E-37)
    purpose = _("{who} against {target}'s Champion", who=fighters.attackers(attacker.id, blow.part_name), target=target.id)
    dealt = _wounds_on_one_model(state, attacker, attack, target, d, hits, purpose, events, auto=auto)
    before = target.champion_wounds
    dealt, overkill = champion_loses(state, target, dealt, d.wounds, events, cause=attacker.id)
    if not target.champion_lost:
        events.append(Event(kind="challenge", seat=attacker.owner, text=(
            ngettext("{purpose}: {dealt} wound; the Champion stands.", "{purpose}: {dealt} wounds; the Champion stands.", dealt, purpose=purpose, dealt=dealt) if not before else
            ngettext("{purpose}: {dealt} wound, {total} of its W{wounds} now; the Champion stands.", "{purpose}: {dealt} wounds, {total} of its W{wounds} now; the Champion stands.", dealt, purpose=purpose, dealt=dealt, total=before + dealt, wounds=d.wounds))))
        return dealt, 0
    if not duel:
        events.append(Event(kind="casualties", seat=attacker.owner, text=ngettext("{target}'s Champion falls ({dealt} wound against W{wounds}; those beyond it are lost).", "{target}'s Champion falls ({dealt} wounds against W{wounds}; those beyond it are lost).", before + dealt + overkill, target=target.id, dealt=before + dealt + overkill, wounds=d.wounds)))
        return dealt, 0
    events.append(Event(kind="challenge", seat=attacker.owner, text=ngettext("{target}'s Champion falls ({dealt} wound against W{wounds}: {value} Overkill).", "{target}'s Champion falls ({dealt} wounds against W{wounds}: {value} Overkill).", before + dealt + overkill, target=target.id, dealt=before + dealt + overkill, wounds=d.wounds, value=overkill)))
    return dealt, overkill


# -- combat score and Break tests (§11.9-11.10) ---------------------------------------------------
def _contacts_sides(state: NinthAgeState, unit: UnitState) -> list[tuple[UnitState, str]]:
    """(enemy, the side of the enemy this unit fights) for every enemy in contact."""
    fp = unit.footprint()
    # a round base (a war machine) has no flank nor rear to be fought in (§7.7)
    return [(e, (contact_side(e.footprint(), fp) or "front") if e.footprint().has_arcs else "front")
            for e in enemies_in_contact(state, unit)]


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
        if entry.command.standard and not u.standard_lost and assault.standard_counts(state, u):
            score.standard = True  # in an assault on a Building, only if its bearer fights (§18.6)
        # War Banner (§23.8): +1 to any combat the bearer's unit is part of, while the standard stands
        bearers = [u] + list(joined(state, u))
        if any("war banner" in {i.lower() for i in state.unit_entry(b).magic_items} and not b.standard_lost
               for b in bearers):
            score.other += 1
        if (entry.bsb and not bsb_hiding(state, u) and not u.standard_lost and assault.standard_counts(state, u)) or any(
                state.unit_entry(c).bsb and not bsb_hiding(state, c) and not c.standard_lost
                and assault.standard_counts(state, u, c) for c in joined(state, u)):
            score.battle_standard = True  # the BSB fights on its own or from inside a unit (§16.2); not once lost (§16.8)
        if entry.command.musician:
            score.musician = True
        for enemy, side in _contacts_sides(state, u):
            if side in ("left", "right"):
                score.flank.append(unit_full_ranks(state, u))
            elif side == "rear":
                score.rear.append(unit_full_ranks(state, u))
    return score


def _bsb_near(state: NinthAgeState, unit: UnitState) -> bool:
    """Hold Your Ground: a non-fleeing friendly BSB within 12" (18" if a Large Target), measured
    from its own base in a unit ([A-56]), its battle standard not lost (§16.8)."""
    return hold_your_ground(state, unit) is not None


def disrupted(state: NinthAgeState, unit: UnitState) -> bool:
    """An enemy with 2+ full ranks in its flank or rear (§11.10)."""
    fp = unit.footprint()
    for enemy in enemies_in_contact(state, unit):
        if contact_side(fp, enemy.footprint()) in ("left", "right", "rear") and unit_full_ranks(state, enemy) >= 2:
            return True
    return False


def unstable(state: NinthAgeState, unit: UnitState) -> bool:
    """Unstable, or Undead, which have it (§22)."""
    entry = state.unit_entry(unit)
    return entry.has_rule("Unstable") or entry.has_rule("Undead")


def musician_draw(state: NinthAgeState, rnd: Round, result: Outcome, events: list[Event]) -> Outcome:
    """A draw a Musician won (§17.1) against a side of Unstable units only: "le Unità Instabili
    non ne sono influenzate" ([A-31]). The working reading (setting ``musician_draw_unstable``
    ``lost``, the default) keeps the Musician's win, and the Unstable loser takes no wounds (the
    difference is 0, :func:`break_test`); the other reading (``draw``) leaves the draw standing for
    them: both sides count as winners, nobody tests."""
    if not result.musician_win or state.options.get("musician_draw_unstable", "lost") != "draw":
        return result
    losing = [state.units[u] for u in rnd.units if state.units[u].owner != result.winner
              and state.units[u].on_table and enemies_in_contact(state, state.units[u])]
    if not losing or not all(unstable(state, u) for u in losing):
        return result
    events.append(Event(kind="combat-result", text=ngettext(
        "{units} is Unstable: the Musician does not win the draw against it ([A-31], setting musician_draw_unstable=draw).",
        "{units} are Unstable: the Musician does not win the draw against them ([A-31], setting musician_draw_unstable=draw).",
        len(losing) if len(losing) > 1 else number(state, losing[0]), units=commas(u.id for u in losing))))
    return Outcome(result.scores, None, 0)


def _break_ld(state: NinthAgeState, unit: UnitState, result: Outcome, rnd: Round,
              events: list[Event]) -> tuple[int, Text, Text]:
    """The Ld a loser's Break test is taken on, why, and whose Ld it is (§11.10); a combat reform
    test is taken on it too (§11.14), so an Unstable or Unbreakable loser, which takes no Break
    test, has it worked out all the same."""
    entry = state.unit_entry(unit)
    ld, source, minus = fear_leadership(state, unit)
    # a Stubborn character in it, or one a Bodyguard protects; a forest's Stubborn (§18.7)
    stubborn = fighters.stubborn(state, unit) or terrain_rules.forest_stubborn(state, unit)
    if minus:  # -1 Ld while touching a Fear-causer, after borrowing (§1.10), unless its best Ld is immune
        ld, source = max(0, ld - 1), text_join("", [source, _(", -1 for Fear")])
    if unit.refused:  # it refused a challenge: Ld 0 and no Stubborn (§16.9)
        ld, source, stubborn = 0, _("a refused challenge (Ld 0)"), False
    # "più Ranghi Completi di qualsiasi Unità nemica ingaggiata nel medesimo combattimento" (§11.10): an
    # enemy of the combat left with no foe in contact (No More Foes) is engaged no more
    enemies = [state.units[u] for u in rnd.units if state.units[u].owner != unit.owner and state.units[u].on_table
               and enemies_in_contact(state, state.units[u])]
    # never Steadfast there (§18.7), unless Strider (§22)
    in_forest = terrain_rules.mostly_in_forest(state, unit) and not fighters.strider(entry, "forest")
    terrain_rules.standard_strider_used(state, unit, not in_forest and terrain_rules.mostly_in_forest(
        state, unit, standard=False) and not fighters.strider(entry, "forest"), events)  # its Steadfast kept (§2.4)
    value, why = break_leadership(ld, result.difference, own_full_ranks=unit_full_ranks(state, unit),
                                  enemy_full_ranks=[unit_full_ranks(state, e) for e in enemies],
                                  disrupted=disrupted(state, unit), stubborn=stubborn,
                                  in_forest=in_forest)
    if stubborn and not entry.has_rule("Stubborn"):
        why = text_join("", [why, _(" (Stubborn: mostly in a Forest, §18.7)")])
    _skip, wet = terrain_rules.water_full_ranks(state, unit, fighters.full_ranks(entry, unit.formation.files, fighters.block_models(unit)))
    if wet:
        why = text_join("", [why, " (", wet, ")"])
    if result.musician_win:
        why = text_join("", [why, _(" (the draw was lost to a Musician: no penalty)")])
    return value, why, source


def break_test(state: NinthAgeState, unit: UnitState, result: Outcome, rnd: Round, events: list[Event]) -> bool:
    """The loser's Break test; True when it breaks."""
    entry = state.unit_entry(unit)
    if unstable(state, unit):  # Undead units have Unstable (§22)
        rnd.break_ld[unit.id] = _break_ld(state, unit, result, rnd, events)[:2]  # for a combat reform test (§11.14)
        # a draw a Musician won: the difference is 0, so no wounds ([A-31]'s working reading)
        # Stubborn halves them: a Stubborn model in it, or a forest's Stubborn (Skirmishers such as a Swarm, §18.7)
        stubborn = fighters.stubborn(state, unit) or terrain_rules.forest_stubborn(state, unit)
        hold, many = _bsb_near(state, unit), number(state, unit)
        wounds = 0 if result.musician_win else unstable_wounds(result.difference, stubborn=stubborn,
                                                                 hold_your_ground=hold)
        mark = len(events)  # the wounds are taken first, so the line can say what they cost; it comes first
        dead = lose_wounds(state, unit, wounds, events, say_wounds=False) if wounds else 0  # the line says them
        if dead:  # how many models the wounds cost (a console game's line said only the wounds)
            cost = ngettext("): that costs {dead} model", "): that costs {dead} models", dead, dead=dead)
        elif wounds and unit.wounds_lost:  # a model of several Wounds: none removed yet
            cost = ngettext("): that costs no model yet ({carried} wound on its next model)",
                            "): that costs no model yet ({carried} wounds on its next model)",
                            unit.wounds_lost, carried=unit.wounds_lost)
        else:
            cost = ")"
        said_wounds = wounds_counted(wounds)
        events.insert(mark, Event(kind="break", seat=unit.owner, text=text_join("", [ngettext("{unit} is Unstable: it does not break, and loses {wounds} with no saves (difference {difference}", "{unit} are Unstable: they do not break, and lose {wounds} with no saves (difference {difference}", many, unit=unit.id, wounds=said_wounds, difference=result.difference), (_("; Stubborn halves") if stubborn else ""), (_("; Hold Your Ground -1") if hold else ""), cost, "."])))
        return False
    if entry.has_rule("Unbreakable"):
        events.append(Event(kind="break", seat=unit.owner, text=ngettext("{unit} is Unbreakable: it passes its Break test.", "{unit} are Unbreakable: they pass their Break test.", number(state, unit), unit=unit.id)))
        # no Break test, but a combat reform needs "un test di Disciplina ... il medesimo che avrebbero
        # usato per il Test di Rotta" (§11.14): its Ld for that
        rnd.break_ld[unit.id] = _break_ld(state, unit, result, rnd, events)[:2]
        return False
    value, why, source = _break_ld(state, unit, result, rnd, events)
    rnd.break_ld[unit.id] = (value, why)
    purpose = _("{unit} Break test ({why}; Ld from {source})", unit=unit.id, why=why, source=source)
    return not leadership_test(state.rng, value, purpose, events, seat=unit.owner,
                               reroll=_("the BSB") if _bsb_near(state, unit) else None, for_unit=(state, unit),
                               reroll_text=ngettext("{uid} re-rolls (Hold Your Ground)", "{uid} re-roll (Hold Your Ground)", number(state, unit), uid=unit.id))


def score_and_break(state: NinthAgeState, rnd: Round, events: list[Event]) -> None:
    seats = sorted({state.units[u].owner for u in rnd.units})
    a, b = seats[0], seats[-1]
    for uid in rnd.units:  # a Stalker's Standard keeps ranks in Water full: it is used (§2.4, §23.8)
        u = state.units[uid]
        if u.on_table and enemies_in_contact(state, u) and not u.garrison:
            full = fighters.full_ranks(state.unit_entry(u), u.formation.files, fighters.block_models(u))
            terrain_rules.standard_strider_used(state, u, terrain_rules.water_full_ranks(state, u, full)[0] !=
                                                terrain_rules.water_full_ranks(state, u, full, standard=False)[0], events)
    _reveal_war_banners(state, rnd, events)
    sa, sb = side_score(state, a, rnd), side_score(state, b, rnd)
    for uid in rnd.units:  # a pursuit's charge counted for this, the first round of its combat, only: a
        state.units[uid].pursuit_charge = False  # pursuit later in this round may charge anew (§11.13)
    result = musician_draw(state, rnd, outcome(a, sa, b, sb), events)
    for seat, s in ((a, sa), (b, sb)):
        parts = commas([_("{bonus} {value}", bonus=Text(SCORE_WORDS.get(k, k)), value=v) for k, v in s.parts().items()])
        events.append(Event(kind="combat-score", seat=seat, data={"score": s.total},
                            text=text_join("", [_("{name}'s combat score: {total} ({parts})", name=state.seat(seat).name, total=s.total, parts=parts), (_(" — No More Foes") if s.no_more_foes else ""), "."])))
    for uid in rnd.units:
        u = state.units[uid]
        if u.on_table:
            u.combat_rounds += 1
    broken: list[UnitState] = []
    if result.winner is None:
        events.append(Event(kind="combat-result", text=_("The combat is a draw ({total}-{total2}): no one tests.", total=sa.total, total2=sb.total)))
    else:
        loser = b if result.winner == a else a
        name = state.seat(result.winner).name
        if result.difference:
            said = _("{name} wins by {difference}.", name=name, difference=result.difference)
        elif result.musician_win:
            said = _("{name} wins the draw with a Musician.", name=name)
        else:  # No More Foes (§11.9): the winner whatever the score
            said = _("{name} wins: No More Foes.", name=name)
        events.append(Event(kind="combat-result", seat=result.winner, text=said))
        losers = [state.units[u] for u in rnd.units if state.units[u].owner == loser and state.units[u].on_table
                  and enemies_in_contact(state, state.units[u])]
        for u in [m for u in losers for m in [u] + joined(state, u)]:  # a frenzied part that loses a round
            if state.unit_entry(u).has_rule("Frenzy") and not u.frenzy_lost:  # loses its Frenzy (§22), a character in the unit too
                u.frenzy_lost = True
                events.append(Event(kind="frenzy", seat=loser, text=ngettext("{u} loses its Frenzy.", "{u} lose their Frenzy.", number(state, u), u=u.id)))
        # "L'ordine è scelto dal giocatore che ha perso" (§11.10): each in turn
        order = [state.units[u] for u in chosen_order(state, loser, f"break-order-{rnd.units[0]}", [u.id for u in losers],
                                                       _("Which of your units takes its Break test first?"),
                                                       _("Which of your units takes its Break test next?"))]
        for u in order:
            if u.on_table and break_test(state, u, result, rnd, events):
                broken.append(u)
                events.append(Event(kind="break", seat=u.owner, data={"unit": u.id}, text=ngettext("{unit} breaks!", "{unit} break!", number(state, u), unit=u.id)))
    after_break(state, rnd, broken, result, events)


# -- pursuit, flight and reforms (§11.11-11.13) ---------------------------------------------------
def after_break(state: NinthAgeState, rnd: Round, broken: list[UnitState], result: Outcome,
                events: list[Event]) -> None:
    for u in [u for u in broken if state.unit_entry(u).troop_type == "war machine"]:
        # "Se fallisce un test di Rotta viene distrutta" (§14.4): it never flees; friends nearby test
        # for Panic as for any unit destroyed (§13)
        broken = [b for b in broken if b.id != u.id]
        destroy(state, u, events, ngettext("{unit} fails its Break test and is destroyed (a War Machine, §14.4)",
                                           "{unit} fail their Break test and are destroyed (a War Machine, §14.4)",
                                           number(state, u), unit=u.id))
        if u.id not in rnd.destroyed:
            rnd.destroyed.append(u.id)
    broken_ids = {u.id for u in broken}
    # step 7: Panic for friends within 6" of a broken unit (§13)
    for u in broken:
        for friend in state.on_table(u.owner):
            if friend.id not in broken_ids and gap(state, friend, u) <= PANIC_RANGE + EPS_DIST \
                    and not insignificant(state, u, friend):  # §22 Insignificant
                panic(state, friend, events, _("{u} broke within 6\"", u=u.id))
    # step 8: pursue or restrain
    pursuers: dict[str, str] = {}
    reformers: list[UnitState] = []
    winners = [state.units[u] for u in rnd.units if state.units[u].on_table and u not in broken_ids
               and (result.winner is None or state.units[u].owner == result.winner)]
    for w in winners:
        if w.assaulting:  # an assault on a Building ends its own way (assault.outcome, §18.6)
            continue
        foes = enemies_in_contact(state, w)
        fleeing_foes = [f for f in foes if f.id in broken_ids]
        if not fleeing_foes or any(f.id not in broken_ids for f in foes):
            continue
        frenzied = fighters.frenzied(state, w)  # a frenzied character in it too (§22 Frenzy)
        options = [f.id for f in fleeing_foes]
        if w.garrison:  # a garrison may choose not to pursue its broken assaulters, with no test (§18.6)
            choice = decide(state, w.owner, f"pursue-{w.id}", _("{w}: pursue which broken unit out of {building}, or stay in it?", w=w.id, building=w.garrison), ["stay"] + options, default="stay")
            if choice == "stay":
                continue
            pursuers[w.id] = choice
            continue
        if not frenzied:  # a War Machine too: it fails every characteristic test "ad eccezione dei test Disciplina" (§14.4)
            options.append("restrain")
        choice = decide(state, w.owner, f"pursue-{w.id}", _("{w}: pursue which broken unit, or restrain (a Leadership test)?", w=w.id), options, default=options[0])
        if choice == "restrain":
            ld, source, minus = fear_leadership(state, w)
            if minus:  # -1 Ld while touching a Fear-causer (§22 Fear), after borrowing (§1.10)
                ld, source = max(0, ld - 1), text_join("", [source, _(", -1 for Fear")])
            if leadership_test(state.rng, ld, ngettext("{w} restrains itself (Ld from {source})", "{w} restrain themselves (Ld from {source})", number(state, w), w=w.id, source=source), events, seat=w.owner,
                              reroll=hold_your_ground(state, w), for_unit=(state, w)):  # a Leadership test (§16.8)
                reformers.append(w)
                continue
            choice = decide(state, w.owner, f"must-pursue-{w.id}", ngettext("{w} fails to restrain: pursue which?", "{w} fail to restrain: pursue which?", number(state, w), w=w.id),
                            [f.id for f in fleeing_foes], default=fleeing_foes[0].id)
        elif frenzied:
            events.append(Event(kind="pursue", seat=w.owner, text=ngettext("{w} is Frenzied and must pursue.", "{w} are Frenzied and must pursue.", number(state, w), w=w.id)))
        pursuers[w.id] = choice
    # step 9: flee rolls and moves, in the order the owner picks
    flee_distances: dict[str, int] = {}
    # "il giocatore che controlla le Unità sceglie in quale ordine effettuare i tiri" (§11.12): each in turn
    order = [state.units[u] for u in chosen_order(state, broken[0].owner if broken else state.active,
                                                   f"flee-order-{rnd.units[0]}", [u.id for u in broken],
                                                   _("Which broken unit rolls its flee distance first?"),
                                                   _("Which broken unit rolls its flee distance next?"))]
    exempt = frozenset(rnd.units)
    for u in order:
        flee_distances[u.id] = flee_from_combat(state, u, result, exempt, events)
    # step 10: pursuit rolls and moves, in the order their owner picks ("ciascun giocatore sceglierà
    # l'ordine in cui muoverla/e", §11.13; every pursuer is the winner's)
    seat = state.units[next(iter(pursuers))].owner if pursuers else state.active
    for uid in chosen_order(state, seat, f"pursuit-order-{rnd.units[0]}", list(pursuers),
                            _("Which of your pursuing units rolls its pursuit distance first?"),
                            _("Which of your pursuing units rolls its pursuit distance next?")):
        pursue(state, state.units[uid], pursuers[uid], flee_distances.get(pursuers[uid], 0), events)
    # step 11: overruns and post-combat reforms for units left with no foes, on either side: "Queste
    # Unità si considerano sempre aver vinto il combattimento, e possono compiere uno Sfondamento (se
    # fattibile) o una Riorganizzazione Post Combattimento" (No More Foes, §11.10); an overrun only
    # for one that eliminated every unit it was in base contact with (§11.11)
    for uid in rnd.units:
        w = state.units[uid]
        if not w.on_table or w.fleeing or uid in broken_ids or uid in pursuers or enemies_in_contact(state, w) \
                or w.assaulting or w.garrison:
            continue  # (an assault on a Building ends its own way, §18.6)
        eliminated = all(not _standing(state, f) for f in rnd.foes.get(uid, []))
        overrun_or_reform(state, w, events, may_overrun=w not in reformers and eliminated)
    for uid in rnd.units:  # out of the fight now: a later Melee phase does not see it as engaged
        u = state.units[uid]
        if u.on_table and not enemies_in_contact(state, u):
            u.combat_rounds = 0
    # step 12: combat reforms
    combat_reforms(state, rnd, result, events)
    # an assault on a Building: what the assaulters do now (§18.6)
    assault.outcome(state, rnd.units, result.winner, broken_ids, flee_distances,
                    lambda u, target, far, evs: pursue(state, u, target, far, evs), rnd.break_ld, events)


def flee_from_combat(state: NinthAgeState, unit: UnitState, result: Outcome, exempt: frozenset[str],
                     events: list[Event]) -> int:
    """Directly away from the enemy in contact with the most full ranks; ties: the winner picks."""
    foes = enemies_in_contact(state, unit)
    best = max((unit_full_ranks(state, f) for f in foes), default=0)
    tied = [f for f in foes if unit_full_ranks(state, f) == best]
    if len(tied) > 1 and result.winner:
        name = decide(state, result.winner, f"flee-from-{unit.id}", ngettext("{unit} flees: directly away from which of your units?", "{unit} flee: directly away from which of your units?", number(state, unit), unit=unit.id), [f.id for f in tied], default=tied[0].id)
        source = state.units[name]
    else:
        source = tied[0] if tied else None
    for bearer in [unit] + joined(state, unit):  # a Battle Standard Bearer in it flees with it (not a hidden one, §22)
        entry = state.unit_entry(bearer)
        if (entry.bsb or entry.command.standard) and not bearer.standard_lost:
            bearer.standard_lost = True
            events.append(Event(kind="standard", seat=unit.owner, text=ngettext("{unit}'s standard is lost as it flees from combat (§17.2).", "{unit}'s standard is lost as they flee from combat (§17.2).", number(state, bearer), unit=bearer.id)))
    unit.combat_rounds = 0
    bearing = bearing_between(source.footprint().centre, unit.footprint().centre) if source else None
    return flee(state, unit, bearing, events, reason=text_join("", [ngettext("{unit} flees from combat", "{unit} flee from combat", number(state, unit), unit=unit.id), (_(", away from {source}", source=source.id) if source else "")]), exempt=exempt)


# The combat score's bonuses as a player reads them (melee.SideScore.parts).
SCORE_WORDS = {"wounds": N_("wounds"), "overkill": N_("overkill"), "charge": N_("charge"), "ranks": N_("ranks"),
               "standard": N_("standard"), "battle standard": N_("battle standard"), "flank": N_("flank"),
               "rear": N_("rear"), "other": N_("War Banner")}  # "other" is the War Banner's +1 (§23.8), the only one


def pursuit_roll(state: NinthAgeState, unit: UnitState, why: str, events: list[Event]) -> int:
    from engine.rulesets.ninth_age import random_movement

    what = _("pursuit") if why == "pursuit" else _("overrun") if why == "overrun" else why
    rolled = random_movement.roll(state, unit, why)
    if rolled is not None:  # always X, never Swiftstride (§22 Random Movement)
        go, faces, x = rolled
        events.append(Event(kind="roll", seat=unit.owner, text=_("{unit} {why}: {go}\" (Random Movement {x}: {dice}).", unit=unit.id, why=what, go=go, x=x, dice=commas(map(str, faces)) or x)))
        return go
    swift = swiftstride(state, unit, events)  # the whole unit's, Fly's, a Stalker's Standard's (§22, §23.8)
    roll = roll_dice("3d6" if swift else "2d6", state.rng, purpose=(_('{unit} pursuit distance', unit=unit.id) if why == 'pursuit' else
                                                                       _('{unit} overrun distance', unit=unit.id)))
    go = sum(charge_dice(roll.dice, swiftstride=swift))
    events.append(Event(kind="roll", seat=unit.owner, roll=roll, text=(_("{unit} {why}: {go}\" ({dice}, keeping the best two).", unit=unit.id, why=what, go=go, dice=commas(map(str, roll.dice))) if swift
                              else _("{unit} {why}: {go}\" ({dice}).", unit=unit.id, why=what, go=go, dice=commas(map(str, roll.dice))))))
    return go


def pursue(state: NinthAgeState, unit: UnitState, target_id: str, flee_distance: int, events: list[Event]) -> None:
    """Roll 2D6; catch (≥ the flee distance) destroys the fleeing unit; pivot to face it (or
    where it stood) and move straight on (§11.13). A garrison pursuing its assaulters comes out of
    its Building, from its middle, as a garrison flees out of it (§18.6)."""
    leaving = unit.garrison
    if leaving:
        unit.garrison = unit.garrison_round = unit.garrison_seat = None
        events.append(Event(kind="leave-building", seat=unit.owner, data={"unit": unit.id, "building": leaving},
                            text=ngettext("{unit} pursues out of {building} (§18.6), from its middle.", "{unit} pursue out of {building} (§18.6), from its middle.", number(state, unit), unit=unit.id,
                                   building=leaving)))
    go = pursuit_roll(state, unit, "pursuit", events)
    target = state.units[target_id]
    if target.on_table:
        point = target.footprint().centre
        if caught(flee_distance, go):
            # each verb agrees with its own unit: "Knights catch Brutes, which are destroyed"
            destroy(state, target, events, text_join("", [
                ngettext("{go}\" ≥ {flee_distance}\": {unit} catches {target}", "{go}\" ≥ {flee_distance}\": {unit} catch {target}",
                         number(state, unit), go=go, flee_distance=flee_distance, unit=unit.id, target=target.id),
                ngettext(", which is destroyed", ", which are destroyed", number(state, target))]))
    elif target.left_table_at is not None:  # fled off the table: where it left it (§11.13)
        point = target.left_table_at
    elif target.pose is not None:  # destroyed before this pursuer moved: where it stood
        point = target.footprint().centre
    else:
        point = None
    unit.combat_rounds = 0
    bearing = unit.pose.bearing if point is None else bearing_between(unit.footprint().centre, point)
    pursuit_move(state, unit, bearing, go, events, pivoting=point is not None, leaving=leaving)


def _front_zone(fp):
    """The ground just ahead of the unit's front edge (a thin strip, its ends a hair inside the
    flanks): a friend standing flush beside the unit, as units fighting side by side do, touches
    the front corner but is not on the front."""
    from shapely.geometry import Polygon

    w, d = fp.half_width - 0.01, fp.half_depth
    return Polygon([fp.world((-w, d + 0.001)), fp.world((w, d + 0.001)), fp.world((w, d + 0.05)),
                    fp.world((-w, d + 0.05))])


def pursuit_move(state: NinthAgeState, unit: UnitState, bearing: float, go: float, events: list[Event], *,
                 pivoting: bool, label: str = "pursuit", leaving: str | None = None) -> None:
    """The pursuer's pivot and straight move (§11.13). The pivot ignores obstacles; if the front
    lands on an enemy it charges it, on a friend or Impassable Terrain it turns only as far as
    it can, 1" from it, and stops. Otherwise it moves straight forward the full distance: the
    units and terrain it stood on or beside after the pivot are ignored on the way, as are
    friends of its own combat it passes beside; a unit or Impassable Terrain it would run into
    stops it, and it goes back to its last position at least 1" from other units (the seed:
    "riportare l'Unità all'ultima posizione legale dove si trovava a 1” di distanza da altre
    Unità"); with none, it turns toward its quarry as far as it can instead. The reply says what
    stopped it short. A Random Movement move (``label`` "random movement", §22) never leaves the
    table (the edge stops it like a unit in its way) and tests Dangerous Terrain only when it
    charges."""
    randomly = label == "random movement"
    start = unit.footprint()
    around = surroundings(state, {unit.id}, building=leaving)  # ``leaving``: the Building it comes out of
    # §22 Ethereal: "tutti i Terreni come Terreno Aperto, ma non possono terminare il loro movimento dentro (o
    # entro 1\") da un Terreno Intransitabile": it pursues and overruns through it, never ending in or near it
    ghost = terrain_rules.ethereal(state, unit)
    fp = start
    if pivoting:
        turned = pivot(start, bearing)
        front = _front_zone(turned)
        hit = [k for k, o in around.others.items() if o.shape.intersection(front).area > 1e-9]
        rock = not ghost and around.impassable is not None and not around.impassable.is_empty and \
            around.impassable.intersection(front).area > 1e-9
        enemy_hit = [k for k in hit if state.units[k].owner != unit.owner]
        if enemy_hit:
            _pursuit_charge(state, unit, state.units[sorted(enemy_hit)[0]], events, label)
            return
        if hit or rock:
            best, t = _turn_toward(start, bearing, around)
            unit.pose = best.pose
            events.append(Event(kind="pursuit", seat=unit.owner, text=(ngettext("{unit} turns {t}° toward its quarry and stops 1\" from {value}: its pursuit ends.", "{unit} turn {t}° toward their quarry and stop 1\" from {value}: their pursuit ends.", number(state, unit), unit=unit.id, t=decimal(t, ".0f"), value=commas(sorted(hit))) if hit else
                                                                    ngettext("{unit} turns {t}° toward its quarry and stops 1\" from impassable terrain: its pursuit ends.", "{unit} turn {t}° toward their quarry and stop 1\" from impassable terrain: their pursuit ends.", number(state, unit), unit=unit.id, t=decimal(t, ".0f")))))
            return
        fp = turned
    # straight forward the full distance; contact with an enemy on the way is a charge; what it
    # stands on or beside now may be passed by, running further into it stops it (motion.move_ahead)
    enemies = [k for k in around.others if state.units[k].owner != unit.owner]
    ahead = move_ahead(fp, go, around, contact=enemies, edge=True, through_terrain=CLEARANCE_END if ghost else None)
    blocked, met = "", []
    if ahead.stop == "edge":
        if not randomly:
            state.last_moves.append({"unit": unit.id, "kind": label, "path": [  # to the point of the edge it left by
                list(start.centre), list(state.table.edge_point(start.centre, ahead.reached.centre))], "label": f"{go}\""})
            _off_table(state, unit, ahead.reached, events, label)
            return
        blocked = _("the table edge")  # it cannot leave the table over the edge (§22 Random Movement)
    elif ahead.stop == "contact":
        unit.pose = ahead.reached.pose
        _pursuit_terrain(state, unit, start, ahead.reached, label, events)
        if unit.on_table:
            _pursuit_charge(state, unit, state.units[ahead.met[0]], events, label)
        end = unit.footprint() if unit.on_table else ahead.reached  # in contact, or back 1" from the enemy
        state.last_moves.append({"unit": unit.id, "kind": label, "path": [list(start.centre), list(end.centre)],
                                 "label": rolled_and_moved(go, distance_between(start, end))})
        return
    elif ahead.stop == "blocked":
        met = [k for k in ahead.met if k != IMPASSABLE]
        blocked = commas(met) or _("impassable terrain")
    last_legal = fp if ahead.footprint is not None and ahead.moved == 0 else ahead.footprint  # where it stood: itself
    turned_only = 0.0
    if last_legal is None and pivoting:  # "normally it does not move forward but turns as close as it can"
        last_legal, turned_only = _turn_toward(start, bearing, around)
    end = last_legal or start
    unit.pose = end.pose
    done = distance_between(fp, end) if end is not start and not turned_only else 0.0
    state.last_moves.append({"unit": unit.id, "kind": label, "path": [list(start.centre), list(end.centre)],
                             "label": rolled_and_moved(go, done)})
    n, moved = number(state, unit), {"unit": unit.id, "done": decimal(done, ".1f"), "go": go}
    head = (ngettext("{unit} pursues {done}\" of {go}\"", "{unit} pursue {done}\" of {go}\"", n, **moved)
            if label == "pursuit" else
            ngettext("{unit} moves {done}\" of {go}\" (Random Movement)", "{unit} move {done}\" of {go}\" (Random Movement)",
                     n, **moved) if randomly else
            ngettext("{unit} overruns {done}\" of {go}\"", "{unit} overrun {done}\" of {go}\"", n, **moved))
    text: list = []
    if done < go - EPS_DIST:
        if not blocked and ghost and any(m.terrain for m in ahead.short_by):
            text.append(ngettext(": farther on it would end in or within 1\" of Impassable terrain, which an Ethereal "
                                 "unit goes through but may not end its move near (§22 Ethereal), so it stops at the "
                                 "last place clear of it",
                                 ": farther on they would end in or within 1\" of Impassable terrain, which an Ethereal "
                                 "unit goes through but may not end its move near (§22 Ethereal), so they stop at the "
                                 "last place clear of it", n))
        elif blocked:
            # two agreements: the verb with what is in the way (units, or the edge or terrain), the
            # pronoun with the unit that moves ("Ogres pursue …: Goblins stand in the way, so they stop")
            many = 2 if len(met) > 1 else number(state, state.units[met[0]]) if met else 1
            text.append(ngettext(": {blocked} stands in the way", ": {blocked} stand in the way", many, blocked=blocked))
            text.append(ngettext(", so it stops at the last place at least 1\" from other units",
                                 ", so they stop at the last place at least 1\" from other units", n))
        else:
            text.append(ngettext(": farther on it would end within 1\" of another unit, so the pursuer stops at the last "
                                 "place at least 1\" from them",
                                 ": farther on they would end within 1\" of another unit, so the pursuers stop at the "
                                 "last place at least 1\" from them", n))
        if turned_only:
            text.append(ngettext(" (none on the way: it turns {turn}° toward its quarry instead)",
                                 " (none on the way: they turn {turn}° toward their quarry instead)", n,
                                 turn=decimal(turned_only, ".0f")))
        elif done < EPS_DIST:
            text.append(ngettext(" (it stays where it stood)", " (they stay where they stood)", n))
    events.append(Event(kind="pursuit", seat=unit.owner, data={"unit": unit.id}, text=join("", [head, *text, "."])))
    if not randomly:  # Random Movement: Dangerous Terrain only when it charges (§22)
        _pursuit_terrain(state, unit, start, end, label, events)


def _turn_toward(start, bearing: float, around):
    """Turn about the centre toward ``bearing`` as far as the 1" rule lets it: the footprint
    reached and the degrees turned."""
    turn = turn_between(start.bearing, bearing)
    sign = 1 if turn >= 0 else -1
    best, t, done = start, 0.0, 0.0
    while t + TURN_SAMPLE <= abs(turn):
        t += TURN_SAMPLE
        trial = pivot(start, start.bearing + sign * t)
        if clearance_problem(trial, around, CLEARANCE_END, during=False):
            break
        best, done = trial, t
    return best, done


def _pursuit_terrain(state: NinthAgeState, unit: UnitState, start, end, label: str, events: list[Event]) -> None:
    """A pursuit or an overrun through Dangerous Terrain tests once per feature (§18.1)."""
    if end is not start:
        kind = {"overrun": "overrun", "random movement": "charge"}.get(label, "pursuit")  # its charge, §22
        terrain_checks(state, unit, kind, [start.shape.union(end.shape).convex_hull], events, start=start)


def distance_between(a, b) -> float:
    (x1, y1), (x2, y2) = a.centre, b.centre
    return ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5


def _off_table(state: NinthAgeState, unit: UnitState, fp, events: list[Event], label: str) -> None:
    """A pursuer touching the table edge leaves; it arrives in its next Remaining Moves as an
    Ambusher does, automatically (§11.13)."""
    if state.pursuit_return_v8:  # the point it touched the edge at, where it comes back (§11.13)
        from shapely.geometry import box
        from shapely.ops import nearest_points

        edge = box(0, 0, state.table.width, state.table.height).exterior
        met = fp.shape.intersection(edge)
        at = met.centroid if not met.is_empty else nearest_points(edge, fp.shape.centroid)[0]
        unit.left_table_at = (round(at.x, 2), round(at.y, 2))
    unit.location = "reserve"
    unit.arriving = True
    unit.ambushing = True
    events.append(Event(kind="pursuit", seat=unit.owner, data={"unit": unit.id},
                        text=ngettext("{unit}'s {label} reaches the table edge: it leaves the table and comes back in its next Remaining Moves (/deploy on the edge it left by).", "{unit}'s {label} reaches the table edge: they leave the table and come back in their next Remaining Moves (/deploy on the edge they left by).", number(state, unit), unit=unit.id, label=label)))


def _pursuit_charge(state: NinthAgeState, unit: UnitState, enemy: UnitState, events: list[Event],
                    label: str = "pursuit") -> None:
    """A pursuer that meets an enemy charges it, with no reaction (§11.13); a Random Movement
    unit's move meeting one too (§22)."""
    from engine.rulesets.ninth_age.charges import contact_side as charge_side

    side = None if enemy.fleeing else charge_side(unit, enemy)
    poses = placements(state, unit, enemy, side, met=True)
    if not poses:  # it goes back the way it came to its last place 1" from every unit (§11.13)
        around = surroundings(state, {unit.id})
        met = unit.footprint()
        fp, back = met, 0.0
        while clearance_problem(fp, around, CLEARANCE_END, during=False) and back < 30:
            back += MOVE_SAMPLE
            fp = translate(met, 0, -back)
        unit.pose = fp.pose
        events.append(Event(kind="pursuit", seat=unit.owner, text=ngettext("{unit} meets {enemy} but there is no room to make contact: it stops {distance}\" from it.", "{unit} meet {enemy} but there is no room to make contact: they stop {distance}\" from it.", number(state, unit), unit=unit.id, enemy=enemy.id, distance=decimal(distance(fp, enemy.footprint()), ".1f"))))
        return
    fresh = not enemy.fleeing and not [e for e in enemies_in_contact(state, enemy) if e.id != unit.id]  # in no combat yet
    unit.pose = poses[0].footprint.pose
    unit.pursuit_charge, unit.pursuit_target = True, enemy.id
    if fresh and state.phase == "melee":
        # "Se ciò crea un nuovo Combattimento, esso verrà risolto nel successivo Turno del Giocatore
        # (l'Unità che ha caricato sarà considerata essere ancora in carica)" (§11.13): no round of it
        # this phase; joining a combat not yet fought this phase, the pursuer fights there again
        enemy.fought = True
    events.append(Event(kind="pursuit", seat=unit.owner, data={"unit": unit.id},
                        text=(ngettext("{unit} moves into {enemy}'s {side} and charges it (Random Movement, no reaction).", "{unit} move into {enemy}'s {side} and charge it (Random Movement, no reaction).", number(state, unit), unit=unit.id, enemy=enemy.id, side=side_word(poses[0].side))
                              if label == "random movement" else
                              ngettext("{unit} pursues into {enemy}'s {side} and charges it (no reaction).", "{unit} pursue into {enemy}'s {side} and charge it (no reaction).", number(state, unit), unit=unit.id, enemy=enemy.id, side=side_word(poses[0].side)))))
    if enemy.fleeing:
        destroy(state, enemy, events, ngettext("{enemy} is caught fleeing and destroyed", "{enemy} are caught fleeing and destroyed", number(state, enemy), enemy=enemy.id))


def overrun_or_reform(state: NinthAgeState, unit: UnitState, events: list[Event], may_overrun: bool) -> None:
    """A unit with no foes left overruns (if it charged this turn, in its first round, [A-69])
    or makes a post-combat reform: a pivot about its centre (§11.11)."""
    first_round = unit.combat_rounds <= 1
    can_overrun = may_overrun and unit.charged and first_round
    frenzied = fighters.frenzied(state, unit)
    options = []
    if can_overrun:
        options.append("overrun")
    barred = []
    if not (can_overrun and frenzied):
        offered, barred = post_combat_choices(state, unit)
        options.extend(offered)
    choice = decide(state, unit.owner, f"post-combat-{unit.id}", text_join("", [ngettext("{unit} has no foes left: ", "{unit} have no foes left: ", number(state, unit), unit=unit.id), (_("overrun, or ") if can_overrun else ""), _("post-combat reform (pivot left, right, about, 45° or 135° either way, or to face an enemy unit, or stay)?"), not_offered(barred)]), options, default=options[0])
    if choice == "overrun":
        go = pursuit_roll(state, unit, "overrun", events)
        pursuit_move(state, unit, unit.pose.bearing, go, events, pivoting=False, label="overrun")
        return
    post_combat_reform(state, unit, choice, events)


# -- combat reforms (§11.14): combat_reform.py ---------------------------------------------------
def combat_reforms(state: NinthAgeState, rnd: Round, result: Outcome, events: list[Event]) -> None:
    """Step 12 of the round: every unit still fighting may combat reform (§11.14)."""
    from engine.rulesets.ninth_age import combat_reform

    def test(u: UnitState, ld: int, why: str) -> bool:
        return leadership_test(state.rng, ld, _("{u} combat reform test ({why})", u=u.id, why=why), events, seat=u.owner,
                               reroll=hold_your_ground(state, u), for_unit=(state, u))  # a Leadership test (§16.8)

    combat_reform.combat_reforms(state, rnd.units, rnd.break_ld, events, test)
