"""Who fights in a combat (§11.1, §11.5): combats as connected groups of the contact graph,
the models in base contact (across gaps too), supporting ranks (Horde and Fight in Extra Rank),
and each fighting model part's attacks and Initiative step.

E-21: a Horde fighting to its front attacks with its front rank and supports from the 2nd and
3rd ranks; a unit engaged only on a flank or the rear fights with the models in contact alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from shapely import affinity
from shapely.geometry import box

from engine.rulesets.ninth_age.army import full_ranks
from engine.rulesets.ninth_age.catalogue import rule_name
from engine.rulesets.ninth_age.mixed_units import command_positions, joined
from engine.rulesets.ninth_age.melee import attacks_of
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState
from engine.rulesets.ninth_age.terrain_rules import water_full_ranks
from engine.table.contact import combats, contact_graph, contact_side, models_in_contact
from engine.table.footprint import Footprint
from engine.table.frame import EPS_CONTACT, affine, mm


def combat_groups(state: NinthAgeState) -> list[list[str]]:
    """Every combat on the table (§11.1): opposing units connected through base contact,
    listed in a fixed order (by the first unit's name) so replays agree."""
    units = {u.id: u.footprint() for u in state.on_table() if not u.fleeing}
    owners = {u.id: u.owner for u in state.on_table()}
    groups = combats(contact_graph(units, owners))
    return sorted((sorted(g) for g in groups), key=lambda g: g[0])


def enemies_in_contact(state: NinthAgeState, unit: UnitState) -> list[UnitState]:
    fp = unit.footprint()
    from engine.table.contact import in_contact

    return [e for e in state.on_table(state.enemy_of(unit.owner)) if not e.fleeing and in_contact(fp, e.footprint())]


def unit_full_ranks(state: NinthAgeState, unit: UnitState) -> int:
    """Full ranks now (§7.5), less the ranks Water disorders (§18.3); in a Building none (it
    counts as 1 rank, never a full one, §18.6)."""
    if unit.garrison:
        return 0
    entry = state.unit_entry(unit)
    return water_full_ranks(state, unit, full_ranks(entry, unit.formation.files, unit.models))[0]


def horde(state: NinthAgeState, unit: UnitState) -> bool:
    """Ranks 10 wide (6 with Monstrous Ranks) make a Horde (§7.5)."""
    troop = state.unit_entry(unit).troop
    return troop.horde > 0 and unit.formation.files >= troop.horde and unit.models >= troop.horde


CC_WEAPONS = ("great weapon", "halberd", "flail", "additional hand weapon", "lance", "light lance", "pike")
STRENGTH_BONUS = {"great weapon": 2, "flail": 2, "halberd": 1}
LANCE_BONUS = {"lance": 2, "light lance": 1}


def psychology_immune(state: NinthAgeState, unit: UnitState) -> bool:
    """Immune to Psychology (§22): the rule itself, or Frenzy (while kept), Unbreakable, Undead,
    Stupidity."""
    entry = state.unit_entry(unit)
    return (entry.has_rule("Immune to Psychology") or entry.has_rule("Unbreakable") or entry.has_rule("Undead")
            or entry.has_rule("Stupidity") or (entry.has_rule("Frenzy") and not unit.frenzy_lost))


def causes_fear(state: NinthAgeState, unit: UnitState) -> bool:
    entry = state.unit_entry(unit)
    return entry.has_rule("Fear") or entry.has_rule("Terror")


def feared(state: NinthAgeState, unit: UnitState) -> bool:
    """In base contact with an enemy that causes Fear, and not immune to it (§22 Fear)."""
    if psychology_immune(state, unit) or causes_fear(state, unit):
        return False
    return any(causes_fear(state, e) for e in enemies_in_contact(state, unit))


def weapon_choices(state: NinthAgeState, unit: UnitState) -> list[str]:
    """The close-combat weapons the unit's R&F may choose among (§15.1): a model with any
    other CC weapon may not choose its hand weapon; lances only for mounted models, War Beasts
    and Monstrous Beasts; mounted models use neither an additional hand weapon nor a pike."""
    entry = state.unit_entry(unit)
    mounted = entry.troop.mounted
    out = []
    for w in CC_WEAPONS:
        if w not in entry.equipment:
            continue
        if w in LANCE_BONUS and not (mounted or entry.troop_type in ("war beast", "monstrous beast")):
            continue
        if w in ("additional hand weapon", "pike") and mounted:
            continue
        out.append(w)
    return out or ["hand weapon"]


def weapon(state: NinthAgeState, unit: UnitState) -> str:
    """The weapon in use: the one chosen for this combat, or the only one."""
    choices = weapon_choices(state, unit)
    return unit.weapon if unit.weapon in choices else choices[0]


def fighting_ranks(state: NinthAgeState, unit: UnitState) -> int:
    """How many ranks behind the front make supporting attacks: 1, +1 for a Horde, +1 for
    Fight in Extra Rank (pikes, or the rule itself); the sources add up (§11.5)."""
    entry = state.unit_entry(unit)
    extra = 1 if horde(state, unit) else 0
    if entry.has_rule("Fight in Extra Rank") or weapon(state, unit) == "pike":
        extra += 1
    return 1 + extra


def _gap_strip(model, fp: Footprint, depth: float):
    """The strip straight ahead of a front-rank model, one base deep: an enemy inside it is
    'in contact across a gap' (§11.5)."""
    minx, miny, maxx, maxy = affinity.affine_transform(model, _local_matrix(fp)).bounds
    strip = box(minx + EPS_CONTACT, maxy, maxx - EPS_CONTACT, maxy + depth)
    return affinity.affine_transform(strip, affine(fp.centre, fp.bearing))


def _local_matrix(fp: Footprint):
    """A shapely affine matrix taking world points to the unit's local frame."""
    from engine.table.frame import to_local

    o = to_local(fp.centre, fp.bearing, (0.0, 0.0))
    ex = to_local(fp.centre, fp.bearing, (1.0, 0.0))
    ey = to_local(fp.centre, fp.bearing, (0.0, 1.0))
    a, d = ex[0] - o[0], ex[1] - o[1]
    b, e = ey[0] - o[0], ey[1] - o[1]
    return [a, b, d, e, o[0], o[1]]


@dataclass
class Contacts:
    """A unit's fighting models against one enemy unit: model indices in contact (bases
    touching, or across a gap) and those supporting; ``side`` is where the enemy touches."""

    enemy: str
    side: str
    touching: list[int]
    supporting: list[int]
    pairs: dict[int, set[int]] | None = None  # model of this unit -> the enemy's models its base touches


def contacts(state: NinthAgeState, unit: UnitState) -> list[Contacts]:
    """For each enemy unit in contact: which of this unit's models fight it (§11.5)."""
    fp = unit.footprint()
    slots = unit.formation.slots()
    others = [o for o in state.on_table() if o.id != unit.id]
    out = []
    for enemy in enemies_in_contact(state, unit):
        efp = enemy.footprint()
        side = contact_side(fp, efp) or "front"
        pairs: dict[int, set[int]] = {}
        for i, j in models_in_contact(fp, efp):
            pairs.setdefault(i, set()).add(j)
        touching = sorted(pairs)
        if side == "front":
            depth = mm(unit.formation.base_depth_mm)
            blockers = [o.footprint().shape for o in others if o.id != enemy.id]
            for i, model in enumerate(fp.models):
                if i in touching or i >= len(slots) or slots[i][0] != 0:
                    continue
                strip = _gap_strip(model, fp, depth)
                if strip.intersects(efp.shape) and not any(strip.intersects(b) for b in blockers) \
                        and not strip.intersects(state.table.impassable() or box(0, 0, 0, 0)):
                    touching.append(i)
            touching.sort()
        supporting: list[int] = []
        if side == "front":
            files = {slots[i][1] for i in touching if i < len(slots) and slots[i][0] == 0}
            ranks = fighting_ranks(state, unit)
            supporting = [i for i, (rank, file) in enumerate(slots) if 1 <= rank <= ranks and file in files]
        out.append(Contacts(enemy=enemy.id, side=side, touching=touching, supporting=supporting, pairs=pairs))
    return out


def character_models(state: NinthAgeState, unit: UnitState) -> dict[int, str]:
    """Which of the unit's models are the bases of characters that joined it (§16.5): a matching
    base is every position it covers; a non-matching one stands after the R&F, against a side."""
    out: dict[int, str] = {}
    files = unit.formation.files
    attached = [a.id for a in unit.formation.attached]
    for c in joined(state, unit):
        if c.cells is None:
            if c.id in attached:
                out[unit.formation.models + attached.index(c.id)] = c.id
            continue
        for r in range(c.cells[1]):
            for f in range(c.cells[0]):
                out[(c.rank + r) * files + c.file + f] = c.id
    return out


def champion_model(state: NinthAgeState, unit: UnitState) -> int | None:
    """The index of the unit's Champion model, if it has one still standing."""
    if not state.unit_entry(unit).command.champion or unit.champion_lost:
        return None
    where = command_positions(state, unit).get("champion")
    return None if where is None else where[0] * unit.formation.files + where[1]


def duellist_of(state: NinthAgeState, blow: "Blow") -> str | None:
    """Whose attacks a blow is, as challenges name duellists: a character in a unit by its own
    name, a lone character or a unit's Champion by the unit's name; None for R&F."""
    if blow.model:
        return blow.model
    if blow.champion or state.unit_entry(state.units[blow.unit]).is_character:
        return blow.unit
    return None


@dataclass
class Blow:
    """Attacks of one kind from one unit at one Initiative step: ``count`` attacks by the
    named part at WS ``ws``, and the enemy units they may be allocated to."""

    unit: str
    part: int
    part_name: str
    initiative: int
    ws: int
    count: int
    targets: list[str]
    champion: bool = False
    strength: int = 0
    weapon: str = "hand weapon"
    armour_piercing: int = 0
    special: str = ""  # Stomp / Impact Hits: automatic hits, ``hits`` per model, no weapon (§22)
    hits: str = ""
    model: str = ""  # a character fighting from inside the unit, with its own profile (§11.5, §16.5)


def part_strength(state: NinthAgeState, unit: UnitState, part: int,
                  host: UnitState | None = None) -> tuple[int, str, int]:
    """(S, weapon, Armour Piercing) of a part's close-combat attacks: weapons serve the model,
    never the mount (§15.1); a lance's bonus only in the round after the model charged (a
    character in a unit charged when its ``host`` did)."""
    entry = state.unit_entry(unit)
    s = entry.unmodified("S", part)
    if entry.parts[part].role in ("mount", "draught", "machine"):
        return s, "", 0
    w = weapon(state, unit)
    bonus = STRENGTH_BONUS.get(w, 0)
    flags = host or unit
    if w in LANCE_BONUS and (flags.charged or flags.pursuit_charge) and flags.combat_rounds == 0:
        bonus = LANCE_BONUS[w]
    return min(10, s + bonus), w, 1 if w == "pike" else 0


def _part_attacks(state: NinthAgeState, unit: UnitState, part: int, *, supporting: bool,
                  champion: bool = False) -> tuple[int, int]:
    """(attacks, Initiative) of one model part (§11.5, §15.1, §17.3, §22)."""
    entry = state.unit_entry(unit)
    p = entry.parts[part]
    mount = p.role in ("mount", "draught")
    if p.role == "machine" or (supporting and mount):  # Cavalry Support: mounts never support
        return 0, 0
    # Frenzy belongs to the parts that have it (E-32): a frenzied mount does not frenzy its rider
    own = [rule_name(r) for r in entry.special_rules + p.special_rules]
    frenzy = "Frenzy" in own and not unit.frenzy_lost
    weapon_user = not mount
    extra_hand = weapon_user and weapon(state, unit) == "additional hand weapon"
    count = attacks_of(entry.unmodified("A", part), champion=champion and weapon_user, extra_hand_weapon=extra_hand,
                       frenzy=frenzy, supporting=supporting, monstrous_support=entry.has_rule("Monstrous Support"))
    initiative = entry.unmodified("I", part)
    if extra_hand:
        initiative = min(10, initiative + 1)
    if weapon_user and weapon(state, unit) == "great weapon":
        initiative = 0
    return count, initiative


def blows(state: NinthAgeState, unit: UnitState, duel_with: str | None = None,
          duel: tuple[str, str] | None = None) -> list[Blow]:
    """Every attack the unit makes this round, grouped by part, step and the enemies it may
    strike (§11.5-11.6). A model touching two enemy units, or an enemy unit and a character,
    may split its attacks among them; a character in the unit fights with its own profile,
    weapons and Initiative from where its base stands (in contact, or supporting from the
    2nd rank) and strikes only models in base contact. A unit that refused a challenge's
    named character makes none; a duellist strikes only the other duellist (§16.9).
    ``duel_with``: the other duellist when this unit (or its Champion) is one; ``duel``: the
    whole challenge fought in this combat."""
    if unit.no_attacks:
        return []
    entry = state.unit_entry(unit)
    champion = entry.command.champion and not unit.champion_lost
    out: list[Blow] = []
    duel = duel or ((unit.id, duel_with) if duel_with else None)
    mine = character_models(state, unit)
    cons = contacts(state, unit)
    # each model attacks once: a model touching two enemy units chooses between them, and one
    # that could fight in contact never makes supporting attacks instead (§11.6)
    touching: dict[int, set[str]] = {}
    reach: dict[int, set[str]] = {}  # what a character's base may strike: models in base contact only
    supporting: dict[int, set[str]] = {}
    for c in cons:
        enemy = state.units[c.enemy]
        theirs = character_models(state, enemy)
        their_champion = champion_model(state, enemy)
        locked = duel is not None and c.enemy in duel  # its Champion is duelling: no one else strikes it
        for i in c.touching:
            touching.setdefault(i, set()).add(c.enemy)
            touched = (c.pairs or {}).get(i, set())
            chars = {theirs[j] for j in touched if j in theirs}
            touching[i] |= chars
            ordinary = [j for j in touched if j not in theirs and not (locked and j == their_champion)]
            reach.setdefault(i, set()).update(chars | ({c.enemy} if ordinary or not touched else set()))
        for i in c.supporting:
            supporting.setdefault(i, set()).add(c.enemy)
    fighting: dict[str, tuple[bool, set[str]]] = {}  # character -> (supporting only, targets)
    models = [(i, sorted(e), False) for i, e in sorted(touching.items())]
    models += [(i, sorted(e), True) for i, e in sorted(supporting.items()) if i not in touching]
    for i, enemies, in_support in models:
        if i in mine:  # a character's base: it fights once, with its own profile
            support_only, targets = fighting.get(mine[i], (True, set()))
            fighting[mine[i]] = (support_only and in_support, targets | (set(enemies) if in_support else reach[i]))
            continue
        for part in range(len(entry.parts)):
            count, step = _part_attacks(state, unit, part, supporting=in_support)
            if count:
                ws = 1 if unit.fear_struck else entry.unmodified("WS", part)
                strength, used, ap = part_strength(state, unit, part)
                out.append(Blow(unit.id, part, entry.parts[part].name, step, ws, count, list(enemies),
                                strength=strength, weapon=used, armour_piercing=ap))
    if duel:  # a duellist counts as in base contact with the other, wherever it stands (§16.9)
        for c in joined(state, unit):
            if c.id in duel:
                fighting[c.id] = (False, {duel[1] if duel[0] == c.id else duel[0]})
    for name, (in_support, targets) in sorted(fighting.items()):
        out += _character_blows(state, unit, state.units[name], in_support, targets)
    # the champion: one of the front-rank models in contact is the champion (+1 A, +1 WS)
    if champion and any(c.touching for c in cons):
        for part in range(len(entry.parts)):
            count, step = _part_attacks(state, unit, part, supporting=False, champion=True)
            base, _ = _part_attacks(state, unit, part, supporting=False)
            if count and count != base:
                for b in out:  # the champion replaces one ordinary model's attacks of that part
                    if b.part == part and b.count == base and not b.champion and not b.model and b.targets:
                        ws = 1 if unit.fear_struck else min(10, b.ws + 1)  # Fear sets WS 1 (§1.11)
                        b.count, b.ws, b.champion = count, ws, True
                        b.part_name = f"{entry.parts[part].name} Champion"
                        break
    out += special_attacks(state, unit)
    if duel:  # duellists strike only each other; everyone else leaves them alone (§16.9)
        for b in out:
            who = duellist_of(state, b)
            if who in duel:
                other = duel[1] if duel[0] == who else duel[0]
                b.targets = [other]
            else:
                b.targets = [t for t in b.targets if t not in duel or not _is_character(state, t)]
    return _merge([b for b in out if b.targets])


def _is_character(state: NinthAgeState, uid: str) -> bool:
    return state.unit_entry(state.units[uid]).is_character


def _character_blows(state: NinthAgeState, host: UnitState, char: UnitState, supporting_: bool,
                     targets: set[str]) -> list[Blow]:
    """A joined character's attacks: each part at its own Initiative with its own A, WS, S and
    weapons (§11.5, §15.1); a character in the 2nd rank makes one supporting attack (§11.5)."""
    if char.no_attacks or not targets:
        return []
    entry = state.unit_entry(char)
    out = []
    for part in range(len(entry.parts)):
        count, step = _part_attacks(state, char, part, supporting=supporting_)
        if not count:
            continue
        ws = 1 if host.fear_struck else entry.unmodified("WS", part)
        strength, used, ap = part_strength(state, char, part, host=host)
        name = char.id if len(entry.parts) == 1 else f"{char.id} {entry.parts[part].name}"
        out.append(Blow(host.id, part, name, step, ws, count, sorted(targets), strength=strength, weapon=used,
                        armour_piercing=ap, model=char.id))
    return out


STOMPABLE = ("infantry", "war beast", "swarm", "war machine")


def special_attacks(state: NinthAgeState, unit: UnitState) -> list[Blow]:
    """Stomp (X) at I0 against a unit of Infantry, War Beasts, Swarms or War Machines (the mount
    stomps, never the rider), and Impact Hits (X) at I10 in the first round after charging, +1 S
    per full rank beyond the first (§22); each model in base contact makes them, automatic hits
    at its S with no weapon."""
    entry = state.unit_entry(unit)
    touching = set()
    enemies: list[str] = []
    for c in contacts(state, unit):
        touching |= set(c.touching)
        enemies.append(c.enemy)
    if not touching:
        return []
    out = []
    stomp = entry.rule_value("Stomp")
    if stomp:
        parts = [i for i, p in enumerate(entry.parts) if p.role in ("mount", "draught")] or \
            [i for i, p in enumerate(entry.parts) if p.role not in ("rider", "crew")] or [0]
        targets = [e for e in enemies if state.unit_entry(state.units[e]).troop_type in STOMPABLE]
        if targets:
            part = max(parts, key=lambda i: entry.unmodified("S", i))
            out.append(Blow(unit.id, part, f"{entry.parts[part].name} Stomp", 0, 0, len(touching), targets,
                            strength=entry.unmodified("S", part), weapon="Stomp", special="Stomp", hits=stomp))
    impact = entry.rule_value("Impact Hits")
    if impact and (unit.charged or unit.pursuit_charge) and unit.combat_rounds == 0:
        hits = impact
        if entry.has_rule("Scythes"):  # Scythes: one more hit
            hits = str(int(impact) + 1) if impact.isdigit() else f"{impact}+1"
        part = max(range(len(entry.parts)), key=lambda i: entry.unmodified("S", i))
        strength = min(10, entry.unmodified("S", part) + max(0, unit_full_ranks(state, unit) - 1))
        out.append(Blow(unit.id, part, "Impact Hits", 10, 0, len(touching), enemies,
                        strength=strength, weapon="Impact Hits", special="Impact Hits", hits=hits))
    return out


def _merge(blows_: list[Blow]) -> list[Blow]:
    merged: dict[tuple, Blow] = {}
    for b in blows_:
        key = (b.unit, b.model, b.part, b.initiative, b.ws, tuple(b.targets), b.champion, b.strength)
        if key in merged:
            merged[key].count += b.count
        else:
            merged[key] = Blow(**b.__dict__)
    return list(merged.values())


def fighting_models(state: NinthAgeState, unit: UnitState) -> tuple[set[int], set[int]]:
    """Model indices fighting (in contact) and supporting, over every enemy."""
    touching, supporting = set(), set()
    for c in contacts(state, unit):
        touching |= set(c.touching)
        supporting |= set(c.supporting)
    return touching, supporting - touching
