"""Who fights in a combat (§11.1, §11.5): combats as connected groups of the contact graph,
the models in base contact (across gaps too), supporting ranks (Horde and Fight in Extra Rank),
and each fighting model part's attacks and Initiative step.

E-21: a Horde fighting to its front attacks with its front rank and supports from the 2nd and
3rd ranks; a unit engaged only on a flank or the rear fights with the models in contact alone.
"""

from __future__ import annotations

import re

from engine.core.text import N_, Text, ngettext, _, commas
from engine.core import Event
from dataclasses import dataclass

from engine.rulesets.ninth_age.army import full_ranks
from engine.rulesets.ninth_age.catalogue import rule_name
from engine.rulesets.ninth_age.mixed_units import command_positions, host_of, joined, unit_troop, unit_troop_type
from engine.rulesets.ninth_age.magic_state import profile_value  # S, A, I, WS under spells and items (§1.11)
from engine.rulesets.ninth_age.melee import attacks_of
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState
from engine.rulesets.ninth_age.terrain_rules import water_full_ranks
from engine.table.contact import combats, contact_graph, contact_side, gap_contacts, models_in_contact
from engine.table.frame import mm
from engine.rulesets.ninth_age.grammar import number


def combat_groups(state: NinthAgeState) -> list[list[str]]:
    """Every combat on the table (§11.1): opposing units connected through base contact,
    listed in a fixed order (by the first unit's name) so replays agree."""
    from engine.rulesets.ninth_age.neighbours import assault_foes

    # a garrison's bases are drawn inside its walls, touching no one (§18.6)
    units = {u.id: u.footprint() for u in state.on_table() if not u.fleeing and not u.garrison}
    owners = {u.id: u.owner for u in state.on_table()}
    graph = contact_graph(units, owners)
    for u in state.on_table():  # an assault on a Building joins the assaulters and the garrison (§18.6)
        for foe in assault_foes(state, u):
            graph.setdefault(u.id, set()).add(foe.id)
            graph.setdefault(foe.id, set()).add(u.id)
    groups = combats(graph)
    return sorted((sorted(g) for g in groups), key=lambda g: g[0])


def enemies_in_contact(state: NinthAgeState, unit: UnitState) -> list[UnitState]:
    """The enemies touching it, and those it fights in an assault on a Building (§18.6)."""
    from engine.rulesets.ninth_age.neighbours import assault_foes
    from engine.table.contact import in_contact

    fp = unit.footprint()
    touching = [e for e in state.on_table(state.enemy_of(unit.owner)) if not e.fleeing and not e.garrison
                and not unit.garrison and in_contact(fp, e.footprint())]
    return touching + [f for f in assault_foes(state, unit) if f not in touching]


def unit_full_ranks(state: NinthAgeState, unit: UnitState) -> int:
    """Full ranks now (§7.5), less the ranks Water disorders (§18.3); in a Building none (it
    counts as 1 rank, never a full one, §18.6). A character with a matching base counts in the
    ranks its base covers (§7.5, §16.5): the block's positions, not the R&F alone."""
    if unit.garrison:
        return 0
    entry = state.unit_entry(unit)
    return water_full_ranks(state, unit, full_ranks(entry, unit.formation.files, block_models(unit),
                                                    unit_troop(state, unit)))[0]


def block_models(unit: UnitState) -> int:
    """The positions of the unit's block: its R&F and the matching-base characters standing in
    it (non-matching ones stand aside and count for no rank, §16.5)."""
    return max(unit.models, unit.formation.models)


def horde(state: NinthAgeState, unit: UnitState) -> bool:
    """Ranks 10 wide (6 with Monstrous Ranks) make a Horde (§7.5)."""
    troop = unit_troop(state, unit)  # a unit of characters only: its most common troop type (§14)
    return troop.horde > 0 and unit.formation.files >= troop.horde and unit.models >= troop.horde


STRENGTH_BONUS = {"great weapon": 2, "flail": 2, "halberd": 1}
LANCE_BONUS = {"lance": 2, "light lance": 1}


def model_immune(state: NinthAgeState, unit: UnitState) -> bool:
    """The models of ``unit``'s entry (its R&F, or a character) are Immune to Psychology (§22):
    the rule itself, or Frenzy (while kept), Unbreakable, Undead, Stupidity, Otherworldly ("sono
    Immuni alla Psicologia")."""
    entry = state.unit_entry(unit)
    return (entry.has_rule("Immune to Psychology") or entry.has_rule("Unbreakable") or entry.has_rule("Undead")
            or entry.has_rule("Stupidity") or entry.has_rule("Otherworldly")
            or (entry.has_rule("Frenzy") and not unit.frenzy_lost))


def psychology_immune(state: NinthAgeState, unit: UnitState) -> bool:
    """"Se metà o più dei modelli di un'Unità sono Immuni alla Psicologia" (§22): half or more of
    the unit's models, the characters in it counted (a hidden one does nothing until revealed),
    are Immune to Psychology: the unit passes Panic tests and never chooses Flee."""
    inside = joined(state, unit)
    if not inside:
        return model_immune(state, unit)
    immune = (unit.models if model_immune(state, unit) else 0) + sum(1 for c in inside if model_immune(state, c))
    return 2 * immune >= unit.models + len(inside)


def struck_by_fear(state: NinthAgeState, model: UnitState, host: UnitState | None = None) -> bool:
    """The models of ``model``'s entry have WS 1 after their unit (``host``, else itself) failed a
    Fear test, "per il resto della fase di Combattimento" (seed 001:3417-3419), a character of the
    unit still when it has left it (slain, struck at for Overkill; or standing for the unit once
    its R&F fell), as the failed test marked it too (fear_ws_v7): "I modelli che sono Immuni alla
    Psicologia o che incutono loro stessi Paura sono immuni all'effetto della Paura" (§22 Fear)."""
    struck = model.fear_struck or (host is not None and host.fear_struck)
    return struck and not (model_immune(state, model) or causes_fear(state, model))


def frenzied(state: NinthAgeState, unit: UnitState) -> bool:
    """"ogni Unità con uno o più modelli (o parti di modelli) con questa regola speciale" (§22
    Frenzy): the unit's own models or a character in it still have Frenzy (E-32: a frenzied mount
    makes the whole model count). Such a unit takes the Frenzy test and must pursue and overrun."""
    return any(state.unit_entry(u).has_rule("Frenzy") and not u.frenzy_lost for u in [unit] + joined(state, unit))


def causes_fear(state: NinthAgeState, unit: UnitState) -> bool:
    """Fear or Terror, or Screaming Swords' wielder (§23.3)."""
    entry = state.unit_entry(unit)
    return entry.has_rule("Fear") or entry.has_rule("Terror") or \
        "screaming swords" in {i.lower() for i in entry.magic_items}


def strider(entry, kind: str) -> bool:
    """Strider, or Strider (X) naming this terrain type (§22): terrain has no effect on the unit."""
    from engine.rulesets.ninth_age.catalogue import rule_param

    for r in entry.all_rules():
        if rule_name(r) == "Strider":
            named = (rule_param(r) or "").strip().lower()
            if not named or named.isdigit() or named.rstrip("s") == kind.lower().rstrip("s"):
                return True
    return False


def stubborn(state: NinthAgeState, unit: UnitState) -> bool:
    """A unit containing at least one Stubborn model (§22): its own rule, a joined character's,
    or a character joined to a unit with Bodyguard (X: only the characters or types it names)."""
    from engine.rulesets.ninth_age.catalogue import rule_param

    from engine.rulesets.ninth_age.one_use import active

    entry = state.unit_entry(unit)
    if entry.has_rule("Stubborn") or active(state, unit, "sceptre of dominion"):  # the Sceptre, for the phase
        return True
    inside = [u for u in state.units.values() if u.host == unit.id and u.location == "joined"]
    guards = [rule_param(r) for r in entry.all_rules() if rule_name(r) == "Bodyguard"]
    for c in inside:
        centry = state.unit_entry(c)
        if centry.has_rule("Stubborn"):
            return True
        for named in guards:
            wanted = {w.strip().lower() for w in (named or "").split(",") if w.strip()}
            if not wanted or wanted & {centry.name.lower(), centry.choice.lower(), centry.category}:
                return True
    return False


def courageous(state: NinthAgeState, unit: UnitState, events: list[Event] | None = None) -> bool:
    """The unit carries the Banner of Courage (§23.8: it passes Terror tests and is immune to
    Fear), its standard not lost; a character in it may be its bearer (a BSB). With ``events``,
    the banner is being used: a hidden one is revealed (§2.4)."""
    inside = [u for u in state.units.values() if u.host == unit.id and u.location == "joined"]
    for u in [unit] + inside:
        item = state.unit_entry(u).item_named("banner of courage")
        if item is not None and not u.standard_lost:
            if events is not None:
                from engine.rulesets.ninth_age.hidden import reveal

                reveal(state, u.owner, u.id, item, _("its unit passes a Terror test with it"), events)
            return True
    return False


def fear_immune(state: NinthAgeState, model: UnitState) -> bool:
    """"I modelli che sono Immuni alla Psicologia o che incutono loro stessi Paura sono immuni
    all'effetto della Paura" (§22 Fear): the models of ``model``'s entry (its R&F, or a character)."""
    return model_immune(state, model) or causes_fear(state, model)


def every_model_fear_immune(state: NinthAgeState, unit: UnitState) -> bool:
    """Every model of the unit, its R&F and the characters in it, immune to Fear (§22 Fear)."""
    return all(fear_immune(state, m) for m in ([unit] if unit.models > 0 else []) + joined(state, unit))


def feared(state: NinthAgeState, unit: UnitState) -> bool:
    """In base contact with an enemy that causes Fear, with a model in it not immune to Fear: the
    immunity is each model's (§22 Fear), the Banner of Courage's the whole unit's (§23.8)."""
    if courageous(state, unit):
        return False
    if every_model_fear_immune(state, unit):
        return False
    return any(causes_fear(state, e) for e in enemies_in_contact(state, unit))


def weapon_choices(state: NinthAgeState, unit: UnitState) -> list[str]:
    """The close-combat weapons the unit's R&F may choose among (§15.1), read as the unit's
    loadout reads them (loadout.cc_weapon_choices: one reading of an army list's weapons)."""
    from engine.rulesets.ninth_age.loadout import cc_weapon_choices

    return cc_weapon_choices(state.unit_entry(unit))


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
        if enemy.garrison or unit.garrison:  # an assault on a Building: no bases touch (assault.py, §18.6)
            continue
        if state.unit_entry(enemy).troop_type == WAR_MACHINE and state.unit_entry(unit).troop_type != WAR_MACHINE:
            # attacks on a War Machine are not allocated as usual: the chosen models fight it (§14.4)
            out.append(Contacts(enemy=enemy.id, side="front", supporting=[], pairs={},
                                touching=war_machine_fighters(state, enemy).get(unit.id, [])))
            continue
        efp = enemy.footprint()
        side = contact_side(fp, efp) or "front"
        pairs: dict[int, set[int]] = {}
        for i, j in models_in_contact(fp, efp):
            pairs.setdefault(i, set()).add(j)
        touching = sorted(pairs)
        if side == "front":  # across a gap (§11.5): the geometry is engine.table.contact's
            touching = sorted(touching + gap_contacts(
                fp, efp, touching=touching, depth=mm(unit.formation.base_depth_mm),
                blockers=[o.footprint().shape for o in others if o.id != enemy.id],
                impassable=state.table.impassable()))
        supporting: list[int] = []
        if side == "front":
            files = {slots[i][1] for i in touching if i < len(slots) and slots[i][0] == 0}
            ranks = fighting_ranks(state, unit)
            supporting = [i for i, (rank, file) in enumerate(slots) if 1 <= rank <= ranks and file in files]
        out.append(Contacts(enemy=enemy.id, side=side, touching=touching, supporting=supporting, pairs=pairs))
    return out


WAR_MACHINE = "war machine"
WAR_MACHINE_FIGHTERS = 6  # §14.4: "vengono scelti fino a 6 modelli"
# §14.4: "Carri, Cavalleria Mostruosa, Fanteria Mostruosa e Bestie Mostruose contano ognuna come 3 modelli,
# mentre i Mostri e i Mostri Cavalcati contano ognuno come 6 modelli"
WAR_MACHINE_WORTH = {"chariot": 3, "monstrous cavalry": 3, "monstrous infantry": 3, "monstrous beast": 3,
                     "monster": 6, "ridden monster": 6}


def war_machine_fighters(state: NinthAgeState, machine: UnitState) -> dict[str, list[int]]:
    """The models that fight a War Machine this Initiative step, by unit (§14.4, seed 001:2313-2322):
    "vengono scelti fino a 6 modelli che non sono a contatto di basetta con altri nemici (ne vanno
    scelti il maggior numero possibile)", a Chariot or Monstrous model counting as 3, a Monster or
    Ridden Monster as 6; they attack it "come se fossero in contatto di basetta", none supporting,
    and no other model attacks it. As many as possible are chosen, the models nearest the machine
    first (its R&F are alike, and casualties go from the rear rank, so the R&F slain before they
    strike do not lower the count); the units touching it in the order of their names. A
    character in the unit is one model, of its own troop type, however many positions its base
    takes (§16.5). Returns, for each enemy unit touching the machine, the indices of its chosen
    models (a character: every index of its base)."""
    out: dict[str, list[int]] = {}
    budget = WAR_MACHINE_FIGHTERS
    mfp = machine.footprint()
    for unit in sorted(enemies_in_contact(state, machine), key=lambda u: u.id):
        out[unit.id] = []
        if unit.garrison or state.unit_entry(unit).troop_type == WAR_MACHINE:
            continue
        fp = unit.footprint()
        busy: set[int] = set()  # in base contact with another enemy
        for other in enemies_in_contact(state, unit):
            if other.id != machine.id and not other.garrison:
                busy |= {i for i, _j in models_in_contact(fp, other.footprint())}
        chars = character_models(state, unit)
        bases: dict[str, list[int]] = {}
        for i in range(len(fp.models)):
            if i not in busy:
                bases.setdefault(chars.get(i, f"#{i}"), []).append(i)
        own = state.unit_entry(unit).troop_type
        nearest = sorted(bases.items(), key=lambda kv: (min(fp.models[i].distance(mfp.shape) for i in kv[1]),
                                                         min(kv[1])))
        for name, idx in nearest:
            if name in chars.values() and any(i in busy for i, c in chars.items() if c == name):
                continue  # a character whose base touches another enemy is not chosen
            worth = WAR_MACHINE_WORTH.get(
                state.unit_entry(state.units[name]).troop_type if name in chars.values() else own, 1)
            if worth > budget:
                continue
            budget -= worth
            out[unit.id] += idx
        out[unit.id].sort()
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


CHAMPION_MARK = "/champion"  # an attack target: the unit's Champion model singled out (§11.6)


def champion_target(uid: str) -> str:
    """The target that names ``uid``'s Champion itself, not the unit: "Gli attacchi possono essere
    suddivisi tra modelli con un numero differente di ferite, ad esempio, modelli R&F, Campioni e
    Personaggi" (§11.6, seed 001:1481-1483); a Champion "può essere bersagliato, ferito e ucciso nel
    medesimo modo di un Personaggio" (§17, seed 001:2743-2744)."""
    return uid + CHAMPION_MARK


def target_unit(target: str) -> tuple[str, bool]:
    """(the unit, whether its Champion alone is meant) of an attack target."""
    if target.endswith(CHAMPION_MARK):
        return target[: -len(CHAMPION_MARK)], True
    return target, False


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
    random: str = ""  # Random Attacks (X): ``count`` models each roll X attacks, plus ``bonus`` (§22, E-34)
    bonus: int = 0
    uncharged_strength: int | None = None  # a lance's S at an enemy the model did not charge (§15.1)

    @property
    def who(self) -> str:
        """The attackers as the replies name them (:func:`attackers`)."""
        return attackers(self.unit, self.part_name)


def attackers(unit: str, part: str) -> str:
    """A unit's attacking part as a reply names it: the unit, then the part ("Brutes Brute",
    "Knights Captain", "Spearmen Spearman Champion"), the name said once when the part is named
    as the unit is ("Giant", "Giant Crush Attack", not "Giant Giant").

    >>> attackers("Brutes", "Brute"), attackers("Giant", "Giant Crush Attack"), attackers("Giant (p2)", "Giant")
    ('Brutes Brute', 'Giant Crush Attack', 'Giant (p2)')
    """
    base = unit.split(" (")[0]
    if part == base or part.startswith(base + " "):
        return unit + part[len(base):]
    return f"{unit} {part}"


def magic_weapon(state: NinthAgeState, unit: UnitState) -> tuple[str, str, dict] | None:
    """(name, mundane type, effect) of the close-combat magic weapon the unit's character
    carries: it must be used (§23.1), follows its mundane type's rules and adds its own
    (§23.2, §23.3); an army book's item gives its ``profile`` and ``rules``."""
    from engine.rulesets.ninth_age.loadout import MAGIC_WEAPONS, RANGED_WEAPONS

    entry = state.unit_entry(unit)
    army = state.armies[unit.owner]
    catalogue = army.items()
    for name in entry.magic_items:
        item = catalogue.get(name.strip().lower())
        if item is None or item.category != "weapon" or item.type in ("ranged weapon",) or item.type in RANGED_WEAPONS:
            continue
        book = next((b for b in army.magic_items if b.name.lower() == item.name.lower()), None)
        effect = ({**book.profile, "rules": list(book.rules)} if book
                  else dict(MAGIC_WEAPONS.get(item.name.lower(), {})))
        return item.name, item.type, effect
    return None


def magic_shield(state: NinthAgeState, unit: UnitState) -> str | None:
    """The name of the magic shield the unit's character carries (a magic armour of type shield,
    §23.4), or None."""
    catalogue = state.armies[unit.owner].items()
    for name in state.unit_entry(unit).magic_items:
        item = catalogue.get(name.strip().lower())
        if item is not None and item.category == "armour" and item.type == "shield":
            return item.name
    return None


def parries(state: NinthAgeState, unit: UnitState) -> bool:
    """Whether the unit's models may Parry (§15.1: on foot, a hand weapon and a shield), with
    §23.1's bars: "Un'Arma Magica ad una Mano non può essere utilizzata per Parare" (and a magic
    weapon of any other type must be used, so it is no hand weapon either), "Uno Scudo Magico non
    può essere usato per Parare insieme ad un Arma ad una Mano"."""
    entry = state.unit_entry(unit)
    return (weapon(state, unit) == "hand weapon" and "shield" in entry.equipment and not entry.mounted
            and magic_weapon(state, unit) is None and magic_shield(state, unit) is None)


def enemy_characters_touching(state: NinthAgeState, unit: UnitState) -> list[str]:
    """The enemy characters in base contact with ``unit``: lone ones touching it, and those whose
    bases in their unit touch one of its models (§16.5)."""
    out: set[str] = set()
    for c in contacts(state, unit):
        enemy = state.units[c.enemy]
        if state.unit_entry(enemy).is_character:
            out.add(enemy.id)
            continue
        theirs = character_models(state, enemy)
        out |= {theirs[j] for touched in (c.pairs or {}).values() for j in touched if j in theirs}
    return sorted(out)


def king_slayer(state: NinthAgeState, blow: Blow, duel: tuple[str, str] | None = None) -> tuple[Blow, list[str]]:
    """The King Slayer's attacks at their Initiative step (§23.3): "+1 Forza e +1 Attacchi per ogni
    Personaggio nemico in contatto di basetta con l'unità dell'utilizzatore (questo bonus è calcolato
    ... al livello d'iniziativa in cui vengono sferrati gli attacchi)". The blow with its bonus, and
    the enemy characters counted (none: empty). A supporting bearer keeps its one attack (§11.5)."""
    if blow.special or blow.weapon.strip().lower() != "king slayer":
        return blow, []
    bearer = state.units[blow.model or blow.unit]
    body = state.units[bearer.host] if bearer.location == "joined" and bearer.host else bearer
    counted = enemy_characters_touching(state, body)
    if not counted:
        return blow, []
    n = len(counted)
    touching = body is bearer or (duel is not None and bearer.id in duel) or any(
        character_models(state, body).get(i) == bearer.id for c in contacts(state, body) for i in c.touching)
    changes = {"strength": min(10, blow.strength + n)}
    if touching:
        changes["count"] = blow.count + n
    return Blow(**{**blow.__dict__, **changes}), list(counted)


def distracting(state: NinthAgeState, unit: UnitState) -> bool:
    """Close-combat attacks against the unit's models are at -1 to hit (§22 Distracting; the
    Glittering Cuirass gives it, §23.4)."""
    entry = state.unit_entry(unit)
    return entry.has_rule("Distracting") or "glittering cuirass" in {i.lower() for i in entry.magic_items}


def toxic(entry, part: int) -> bool:
    """Toxic Attacks (§22): the part's close-combat attacks are at S 3 and Armour Piercing (6)."""
    return any(rule_name(r) == "Toxic Attacks" for r in entry.special_rules + entry.parts[part].special_rules)


def part_strength(state: NinthAgeState, unit: UnitState, part: int,
                  host: UnitState | None = None, *, lances: bool = True) -> tuple[int, str, int]:
    """(S, weapon, Armour Piercing) of a part's close-combat attacks: weapons serve the model,
    never the mount (§15.1); a lance's bonus only in the round after the model charged (a
    character in a unit charged when its ``host`` did); a magic weapon's S on top of its
    mundane type's ("S 5 whatever the modifiers": fixed). The model's S is its profile's as
    spells and items in play change it (§1.11). ``lances=False``: without the lance's bonus (in
    an assault on a Building, and its attacks at an enemy the model did not charge, see
    lance_strength)."""
    entry = state.unit_entry(unit)
    if toxic(entry, part):  # "always S 3 and Armour Piercing (6)", whatever the weapon
        return 3, "" if entry.parts[part].role in ("mount", "draught", "machine") else weapon(state, unit), 6
    if entry.parts[part].role in ("mount", "draught", "machine"):
        return profile_value(state, unit, "S", part), "", 0
    w = weapon(state, unit)
    extra, ap = [], 0
    magic = magic_weapon(state, unit)
    if magic is not None:
        w, mundane, effect = magic[0], magic[1], magic[2]
        if "S_fixed" in effect:
            return effect["S_fixed"], w, effect.get("AP", 0)
        extra = [effect["S"]] if effect.get("S") else []
        ap = effect.get("AP", 0)
    else:
        mundane = w
    bonus = STRENGTH_BONUS.get(mundane, 0)
    flags = host or unit
    # no lance's bonus in an assault on a Building (§18.6, ``lances`` False)
    if lances and mundane in LANCE_BONUS and (flags.charged or flags.pursuit_charge) and flags.combat_rounds == 0:
        bonus = LANCE_BONUS[mundane]
    if mundane == "pike":
        ap = max(ap, 1)
    first = ([bonus] if bonus else []) + extra
    if "rending banner" in {i.lower() for i in entry.magic_items} and not unit.standard_lost:
        ap = max(ap, 1)  # Rending Banner (§23.8): the unit has Armour Piercing (1)
    return profile_value(state, unit, "S", part, first=first), w, ap


def lance_strength(state: NinthAgeState, unit: UnitState, part: int, strength: int,
                   host: UnitState | None = None) -> int | None:
    """The part's S at enemies it did not charge when ``strength`` holds a lance's charge bonus
    (the Lance's "+2 S ... only for attacks against the charged enemies", §15.1), else None."""
    without = part_strength(state, unit, part, host, lances=False)[0]
    return without if without != strength else None


def _part_attacks(state: NinthAgeState, unit: UnitState, part: int, *, supporting: bool,
                  champion: bool = False) -> tuple[int, int]:
    """(attacks, Initiative) of one model part (§11.5, §15.1, §17.3, §22), A and I as the spells
    and items in play change them (§1.11); a part whose unmodified A is 0 never attacks (§1.6)."""
    entry = state.unit_entry(unit)
    p = entry.parts[part]
    mount = p.role in ("mount", "draught")
    if p.role == "machine" or (supporting and mount):  # Cavalry Support: mounts never support
        return 0, 0
    if entry.unmodified("A", part) == 0 and not random_attacks(entry, part):  # Random Attacks: A is its X (§22)
        return 0, 0
    # Frenzy belongs to the parts that have it (E-32): a frenzied mount does not frenzy its rider
    own = [rule_name(r) for r in entry.special_rules + p.special_rules]
    frenzy = "Frenzy" in own and not unit.frenzy_lost
    weapon_user = not mount
    magic = magic_weapon(state, unit) if weapon_user else None
    mundane = magic[1] if magic else weapon(state, unit)
    effect = magic[2] if magic else {}
    extra_hand = weapon_user and mundane == "additional hand weapon"
    first_a = [effect["A"]] if effect.get("A") else []
    if "Devastating Charge" in own and (unit.charged or unit.pursuit_charge) and unit.combat_rounds == 0:
        first_a.append(1)  # Devastating Charge (§22): +1 A in the first round after charging
    a = profile_value(state, unit, "A", part, first=first_a)
    count = attacks_of(a, champion=champion and weapon_user, extra_hand_weapon=extra_hand,
                       frenzy=frenzy, supporting=supporting, monstrous_support=entry.has_rule("Monstrous Support"))
    initiative = profile_value(state, unit, "I", part, set_to=effect.get("I_set") if weapon_user else None,
                               first=[1] if extra_hand else [])
    if weapon_user and mundane == "great weapon" and "Lightning Reflexes" not in own:
        initiative = 0  # "strikes at Initiative 0, whatever its bearer's Initiative" (§15.1)
    # Lightning Reflexes at I0 strikes at its own I instead, without its +1 to hit ([A-41])
    return count, initiative


def lightning_reflexes(state: NinthAgeState, unit: UnitState, part: int) -> bool:
    """The part's +1 to hit in close combat (§22 Lightning Reflexes), lost when it would have
    struck at Initiative 0 (a great weapon, [A-41])."""
    entry = state.unit_entry(unit)
    own = [rule_name(r) for r in entry.special_rules + entry.parts[part].special_rules]
    if "Lightning Reflexes" not in own:
        return False
    magic = magic_weapon(state, unit)
    mundane = magic[1] if magic else weapon(state, unit)
    return not (entry.parts[part].role not in ("mount", "draught") and mundane == "great weapon")


def random_attacks(entry, part: int) -> str | None:
    """The X of the part's Random Attacks (X), if it has the rule (§22)."""
    from engine.rulesets.ninth_age.catalogue import rule_param

    for r in entry.special_rules + entry.parts[part].special_rules:
        if rule_name(r) == "Random Attacks":
            return rule_param(r)
    return None


def part_ws(state: NinthAgeState, unit: UnitState, part: int) -> int:
    """A part's WS now (§1.11), striking or struck at: set to 1 by a failed Fear test of its unit
    (a joined character's by its host's, §22 Fear) or 10 by Fencer's Swords, then the spells in
    play added (E-06 C). The one place a model's WS is read in melee (from rules version 7 on a
    joined character's too, NinthAgeState.fear_ws_v7)."""
    entry = state.unit_entry(unit)
    set_to = None
    if entry.parts[part].role not in ("mount", "draught", "machine"):
        magic = magic_weapon(state, unit)
        if magic is not None and "WS_set" in magic[2]:
            set_to = magic[2]["WS_set"]
    if struck_by_fear(state, unit, host_of(state, unit)):
        set_to = 1
    return profile_value(state, unit, "WS", part, set_to=set_to)


CRUSH = "Crush Attack"
BREATH = "Breath Weapon"


def ask(state: NinthAgeState, asked: dict[str, str] | None, seat: str, key: str, question, options: list[str],
        default: str) -> str:
    """A choice made once a combat round (Crush Attack, Impact Hits or Grinding Attacks, §22):
    the answer already in ``asked`` (the round's choices, as who fights is counted again at each
    Initiative step), else the player's, kept there."""
    from engine.core.decisions import decide

    if asked is not None and key in asked:
        return asked[key]
    answer = decide(state, seat, key, question, options, default=default)
    if asked is not None:
        asked[key] = answer
    return answer


def value_range(value: str) -> tuple[int, int, float] | None:
    """(lowest, highest, mean) of a rule's value: "3", "D6", "2D6", "D3+1"; None for another
    kind of value."""
    m = re.fullmatch(r"\s*(\d*)\s*[Dd]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*", value)
    if m is None:
        return (int(value), int(value), float(value)) if value.strip().isdigit() else None
    dice, faces = int(m.group(1) or 1), int(m.group(2))
    plus = (int(m.group(4)) if m.group(4) else 0) * (-1 if m.group(3) == "-" else 1)
    return dice + plus, dice * faces + plus, dice * (faces + 1) / 2 + plus


def clearly_highest(values: list[str]) -> str | None:
    """The value that is the higher beyond doubt: its lowest and its highest are each at least
    every other's (D6 over 1, 2D6 over D6, 4 over 3); None when a dice roll makes it unclear
    (D6 and 3, D3+1 and D6)."""
    ranges = {v: value_range(v) for v in values}
    if any(r is None for r in ranges.values()):
        return None
    for v, (low, high, _mean) in ranges.items():
        if all(low >= lo and high >= hi for w, (lo, hi, _m) in ranges.items() if w != v):
            return v
    return None


# the special attacks whose (X) a model may have twice, in the reader's language
SPECIAL_WORDS = {"Stomp": N_("Stomp"), "Impact Hits": N_("Impact Hits"), "Grinding Attacks": N_("Grinding Attacks")}


def special_value(state: NinthAgeState, fighter: UnitState, rule: str, asked: dict[str, str] | None = None,
                  combat: UnitState | None = None) -> str | None:
    """The X of Stomp (X), Impact Hits (X) or Grinding Attacks (X) the model ``fighter`` makes
    them with. A rule it has twice with different values (its troop type's and an item's, a
    character's and its mount's) is one rule: "utilizzare quello con il valore più alto. Se X è
    il risultato del lancio del dado a volte non risulta chiaro quale X sia il valore più alto.
    In tal caso si può scegliere quale regola usare (prima di lanciare qualunque dado)" (§21.4,
    seed 001:3124-3130): the clearly higher, else its owner chooses each combat round (the
    default: the higher on average). A game begun before rules version 6 takes the plain number."""
    entry = state.unit_entry(fighter)
    if not state.duplicate_rules_v6:
        return entry.rule_value(rule)
    values = entry.rule_values(rule)
    if len(values) <= 1:
        return values[0] if values else None
    clear = clearly_highest(values)
    if clear is not None:
        return clear
    if any(value_range(v) is None for v in values):
        return entry.rule_value(rule)
    best = max(values, key=lambda v: value_range(v)[2])
    rounds = (combat or fighter).combat_rounds
    return ask(state, asked, fighter.owner, f"duplicate-{rule}-{fighter.id}-{state.round}-{rounds}",
               ngettext("{unit} has {rule} twice, with different values ({values}): which applies this combat round? "
                        "(the seed lets you choose before any die is rolled, §21.4)",
                        "{unit} have {rule} twice, with different values ({values}): which applies this combat "
                        "round? (the seed lets you choose before any die is rolled, §21.4)",
                        number(state, fighter), unit=fighter.id, rule=Text(SPECIAL_WORDS[rule]) if rule in SPECIAL_WORDS else rule,
                        values=commas(values)),
               values, default=best)


def crushes(state: NinthAgeState, unit: UnitState, part: int, who: UnitState | None = None,
            asked: dict[str, str] | None = None) -> bool:
    """Crush Attack (§22): a part with the rule may give up all its normal close-combat attacks
    for one special attack; its owner chooses each combat round (asked once per round and part,
    kept in ``asked``). ``who``: a character fighting in ``unit`` with its own profile."""
    fighter = who or unit
    entry = state.unit_entry(fighter)
    if not any(rule_name(r) == CRUSH for r in entry.special_rules + entry.parts[part].special_rules):
        return False
    name = fighter.id if len(entry.parts) == 1 else f"{fighter.id} {entry.parts[part].name}"
    answer = ask(state, asked, fighter.owner, f"crush-{fighter.id}-{part}-{state.round}-{unit.combat_rounds}",
                 _("{name} has Crush Attack: make one Crush Attack (Initiative 0, S 10, Multiple Wounds (D3+1)) instead of all its attacks this combat round, or its normal attacks?", name=name),
                 ["crush-attack", "normal-attacks"], default="normal-attacks")
    return answer == "crush-attack"


def crush_blow(state: NinthAgeState, unit: UnitState, part: int, count: int, targets: list[str],
               ws: int, name: str, model: str = "") -> Blow:
    """One Crush Attack per model of the part in base contact (§22): a special attack at
    Initiative 0, S 10 and Multiple Wounds (Ammunition: D3+1, D3+2 against Fly, [A-38]), at the
    enemy unit as a whole (§12.1), never a supporting attack. The seed does not make it hit
    automatically (as it says of Stomp, Impact Hits and Grinding Attacks), so it rolls to hit
    with the part's WS; being a special attack, no weapon and no rule changing normal attacks."""
    plain = [t for t in targets if not target_unit(t)[1]]  # at the unit, never at its Champion alone
    units = [t for t in plain if state.units[t].location != "joined"] or plain
    return Blow(unit.id, part, f"{name} {CRUSH}", 0, ws, count, units, strength=10, weapon=CRUSH, special=CRUSH,
                hits="1", model=model)


def blows(state: NinthAgeState, unit: UnitState, duel_with: str | None = None,
          duel: tuple[str, str] | None = None, asked: dict[str, str] | None = None) -> list[Blow]:
    """Every attack the unit makes this round, grouped by part, step and the enemies it may
    strike (§11.5-11.6). A model touching two enemy units, or an enemy unit and a character,
    may split its attacks among them; a character in the unit fights with its own profile,
    weapons and Initiative from where its base stands (in contact, or supporting from the
    2nd rank) and strikes only models in base contact. A unit that refused a challenge's
    named character makes none; a duellist strikes only the other duellist (§16.9).
    ``duel_with``: the other duellist when this unit (or its Champion) is one; ``duel``: the
    whole challenge fought in this combat; ``asked``: the round's choices already made (a Crush
    Attack, Impact Hits or Grinding Attacks), as the fighters are counted again at each
    Initiative step from the models alive then (§11.5)."""
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
            if their_champion is not None and their_champion in touched and not locked:
                chars.add(champion_target(c.enemy))  # the Champion touched may be singled out (§11.6)
            touching[i] |= chars
            # what a character's base may strike: the models it touches; the Champion by itself
            ordinary = [j for j in touched if j not in theirs and j != their_champion]
            reach.setdefault(i, set()).update(chars | ({c.enemy} if ordinary or not touched else set()))
        for i in c.supporting:
            supporting.setdefault(i, set()).add(c.enemy)
    fighting: dict[str, tuple[bool, set[str]]] = {}  # character -> (supporting only, targets)
    # Crush Attack (§22): asked once a round for each part with the rule whose models touch an enemy
    crushing = {part for part in range(len(entry.parts))
                if any(i not in mine for i in touching) and crushes(state, unit, part, asked=asked)}
    models = [(i, sorted(e), False) for i, e in sorted(touching.items())]
    models += [(i, sorted(e), True) for i, e in sorted(supporting.items()) if i not in touching]
    for i, enemies, in_support in models:
        if i in mine:  # a character's base: it fights once, with its own profile
            support_only, targets = fighting.get(mine[i], (True, set()))
            fighting[mine[i]] = (support_only and in_support, targets | (set(enemies) if in_support else reach[i]))
            continue
        for part in range(len(entry.parts)):
            count, step = _part_attacks(state, unit, part, supporting=in_support)
            random = random_attacks(entry, part) if not in_support and entry.parts[part].role != "machine" else None
            if (count or random) and not in_support and part in crushing:
                out.append(crush_blow(state, unit, part, 1, list(enemies), part_ws(state, unit, part),
                                      entry.parts[part].name))
                continue
            if count or random:
                ws = part_ws(state, unit, part)
                strength, used, ap = part_strength(state, unit, part)
                uncharged = lance_strength(state, unit, part, strength)
                if random:  # X attacks rolled per model, then the modifiers the profile's A had (§22)
                    bonus = count - entry.unmodified("A", part)
                    out.append(Blow(unit.id, part, entry.parts[part].name, step, ws, 1, list(enemies),
                                    strength=strength, weapon=used, armour_piercing=ap, random=random, bonus=bonus,
                                    uncharged_strength=uncharged))
                    continue
                out.append(Blow(unit.id, part, entry.parts[part].name, step, ws, count, list(enemies),
                                strength=strength, weapon=used, armour_piercing=ap, uncharged_strength=uncharged))
    if duel:  # a duellist counts as in base contact with the other, wherever it stands (§16.9)
        for c in joined(state, unit):
            if c.id in duel:
                fighting[c.id] = (False, {duel[1] if duel[0] == c.id else duel[0]})
    for name, (in_support, targets) in sorted(fighting.items()):
        out += _character_blows(state, unit, state.units[name], in_support, targets, asked=asked)
    # the champion: one of the front-rank models in contact is the champion (+1 A, +1 WS)
    if champion and any(c.touching for c in cons):
        for part in range(len(entry.parts)):
            if part in crushing:  # the Champion makes the Crush Attack too, with its +1 WS
                for b in out:
                    if b.part == part and b.special == CRUSH and not b.champion and not b.model and b.targets:
                        b.ws = b.ws if struck_by_fear(state, unit) else min(10, b.ws + 1)
                        b.champion, b.part_name = True, f"{entry.parts[part].name} Champion {CRUSH}"
                        break
                continue
            count, step = _part_attacks(state, unit, part, supporting=False, champion=True)
            base, _skip = _part_attacks(state, unit, part, supporting=False)
            if count and count != base:
                for b in out:  # the champion replaces one ordinary model's attacks of that part
                    if b.part == part and b.count == base and not b.champion and not b.model and b.targets \
                            and not b.special:
                        # a failed Fear test sets the Champion's WS to 1 too (then spells, §1.11)
                        ws = b.ws if struck_by_fear(state, unit) else min(10, b.ws + 1)
                        b.count, b.ws, b.champion = count, ws, True
                        b.part_name = f"{entry.parts[part].name} Champion"
                        break
    out += special_attacks(state, unit, asked, duel=duel)
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
                     targets: set[str], *, assault: bool = False, asked: dict[str, str] | None = None) -> list[Blow]:
    """A joined character's attacks: each part at its own Initiative with its own A, WS, S and
    weapons (§11.5, §15.1); a character in the 2nd rank makes one supporting attack (§11.5).
    ``assault``: in an assault on a Building, its mount does not fight and a lance adds nothing (§18.6)."""
    if char.no_attacks or not targets:
        return []
    entry = state.unit_entry(char)
    out = []
    for part in range(len(entry.parts)):
        if assault and entry.parts[part].role in ("mount", "draught"):
            continue
        count, step = _part_attacks(state, char, part, supporting=supporting_)
        if not count:
            continue
        # a failed Fear test leaves a model immune to Fear its WS (§22 Fear: ITP, or causing Fear itself);
        # from rules version 7 on its Fencer's Swords and the spells on it count too, as for any model
        ws = part_ws(state, char, part) if state.fear_ws_v7 else \
            1 if struck_by_fear(state, char, host) else entry.unmodified("WS", part)
        strength, used, ap = part_strength(state, char, part, host=host, lances=not assault)
        uncharged = None if assault else lance_strength(state, char, part, strength, host=host)
        # the rider's part is often named as the character is ("Captain" on its Warhorse): said once
        name = attackers(char.id, entry.parts[part].name) if len(entry.parts) > 1 else char.id
        if not supporting_ and crushes(state, host, part, who=char, asked=asked):  # Crush Attack (§22), never supporting
            out.append(crush_blow(state, host, part, 1, sorted(targets), ws, name, model=char.id))
            continue
        out.append(Blow(host.id, part, name, step, ws, count, sorted(targets), strength=strength, weapon=used,
                        armour_piercing=ap, model=char.id, uncharged_strength=uncharged))
    return out


def charged_units(state: NinthAgeState, unit: UnitState) -> set[str]:
    """The enemy units ``unit`` charged this turn: its declared charges, and the unit its
    pursuit charged (Thunderous Charge, a lance's bonus, Impact Hits [A-40])."""
    charged = {d.target for d in state.charges if d.charger == unit.id}
    if unit.pursuit_charge and unit.pursuit_target:
        charged.add(unit.pursuit_target)
    return charged


STOMPABLE = ("infantry", "war beast", "swarm", "war machine")


def special_attacks(state: NinthAgeState, unit: UnitState, asked: dict[str, str] | None = None,
                    duel: tuple[str, str] | None = None) -> list[Blow]:
    """Stomp (X) at I0 against a unit of Infantry, War Beasts, Swarms or War Machines (the mount
    stomps, never the rider), Impact Hits (X) at I10 in the first round after charging, +1 S
    per full rank beyond the first, and Grinding Attacks (X) at the model's I, one or the other
    of those two in a round (§22); each model in base contact makes them, automatic hits at its
    S with no weapon, at the enemy units in base contact with it. The unit's rules are its R&F's,
    made by its R&F in contact; a joined character (or War Platform) makes its own, from its own
    entry, at the enemies its base touches (:func:`joined_specials`). ``duel``: the challenge
    fought, whose duellist's Stomp meets only the other duellist, and only one of a troop type
    Stomp affects (§16.9)."""
    entry = state.unit_entry(unit)
    cons = contacts(state, unit)
    mine = character_models(state, unit)
    if state.specials_v6:
        touching = {i for c in cons for i in c.touching if i not in mine}  # the R&F's places in contact
        enemies = [c.enemy for c in cons if any(i not in mine for i in c.touching)]
        out = joined_specials(state, unit, cons, mine, asked, duel)
    else:  # before rules version 6 a joined character's base was one of the unit's, with none of its own
        touching = {i for c in cons for i in c.touching}
        enemies = [c.enemy for c in cons]
        out = []
    if not touching:
        return out
    if entry.rule_value("Stomp"):
        parts = [i for i, p in enumerate(entry.parts) if p.role in ("mount", "draught")] or \
            [i for i, p in enumerate(entry.parts) if p.role not in ("rider", "crew")] or [0]
        # "a condizione che il Tipo dell'Unità bersaglio sia...": the unit's troop type (§14, §22)
        targets = [e for e in enemies if unit_troop_type(state, state.units[e]) in STOMPABLE]
        if duel and unit.id in duel and entry.is_character:
            targets = _duel_stomped(state, unit.id, duel)
        if targets:
            stomp = special_value(state, unit, "Stomp", asked)  # asked only when it stomps
            # a special attack: no weapon's S, but the profile's as spells and items change it (§21.4, E-31)
            part = max(parts, key=lambda i: profile_value(state, unit, "S", i))
            out.append(Blow(unit.id, part, f"{entry.parts[part].name} Stomp", 0, 0, len(touching), targets,
                            strength=profile_value(state, unit, "S", part), weapon="Stomp", special="Stomp",
                            hits=stomp))
    impact = entry.rule_value("Impact Hits")
    # Impact Hits only at a unit its unit charged this turn ([A-40]), by the models touching it
    # that have the rule: the R&F's positions, and a joined character's base if it has it
    charged = charged_units(state, unit)
    impact_at = [c for c in cons if c.enemy in charged and c.touching]
    first_round = (unit.charged or unit.pursuit_charge) and unit.combat_rounds == 0
    rf_impact_at = [c for c in impact_at if any(i not in mine for i in c.touching)]
    impact_now = bool(impact) and bool(rf_impact_at) and first_round
    if impact_now:  # its value, a rule given twice chosen as §21.4 says, only when it makes them
        impact = special_value(state, unit, "Impact Hits", asked)
    grinding = entry.rule_value("Grinding Attacks") and special_value(state, unit, "Grinding Attacks", asked)
    if grinding and impact_now:  # only one of them in a combat round: the player's choice (§22)
        answer = ask(state, asked, unit.owner, f"grinding-{unit.id}-{state.round}-{unit.combat_rounds}",
                     ngettext("{unit} may make either its Impact Hits ({impact}) or its Grinding Attacks ({grinding}) this combat round: which?", "{unit} may make either their Impact Hits ({impact}) or their Grinding Attacks ({grinding}) this combat round: which?", number(state, unit), unit=unit.id, impact=impact, grinding=grinding), ["impact-hits", "grinding-attacks"], default="impact-hits")
        if answer == "impact-hits":
            grinding = None
        else:
            impact_now = False
    if grinding:
        # at the model's Initiative, X automatic hits at its S, no equipment or rules (§22)
        part = _grinding_part(state, unit)
        out.append(Blow(unit.id, part, f"{entry.parts[part].name} Grinding Attacks",
                        profile_value(state, unit, "I", part), 0, len(touching), enemies,
                        strength=profile_value(state, unit, "S", part), weapon="Grinding Attacks",
                        special="Grinding Attacks", hits=grinding))
    out += breath_blows(state, unit, enemies, touching, asked)
    ranks = impact_ranks(state, unit) if impact_at and first_round else 0
    if impact_now:
        hits = _impact_hits(entry, impact)
        part = max(range(len(entry.parts)), key=lambda i: profile_value(state, unit, "S", i))
        strength = profile_value(state, unit, "S", part, first=[ranks] if ranks else [])
        models = {i for c in rf_impact_at for i in c.touching if i not in mine}
        out.append(Blow(unit.id, part, "Impact Hits", 10, 0, len(models), [c.enemy for c in rf_impact_at],
                        strength=strength, weapon="Impact Hits", special="Impact Hits", hits=hits))
    if first_round:  # a duellist's go to the other duellist, as every attack of its (below, §16.9)
        for name in sorted(set(mine.values())):
            char = state.units[name]
            centry = state.unit_entry(char)
            own = centry.rule_value("Impact Hits")
            at = [c for c in impact_at if any(mine.get(i) == name for i in c.touching)]
            if not own or not at or (state.specials_v6 and _grinds_instead(state, unit, char, asked)):
                continue
            own = special_value(state, char, "Impact Hits", asked, combat=unit)  # a rule given twice (§21.4)
            part = max(range(len(centry.parts)), key=lambda i: profile_value(state, char, "S", i))
            strength = profile_value(state, char, "S", part, first=[ranks] if ranks else [])
            out.append(Blow(unit.id, part, f"{name} Impact Hits", 10, 0, 1, [c.enemy for c in at], strength=strength,
                            weapon="Impact Hits", special="Impact Hits", hits=_impact_hits(centry, own),
                            model=name))
    return out


def _duel_stomped(state: NinthAgeState, duellist: str, duel: tuple[str, str]) -> list[str]:
    """A duellist's Stomp goes to the other duellist, "il Personaggio avversario deve essere di un
    Tipo di Truppa per cui il Calpestamento ha effetto, altrimenti gli attacchi del Calpestamento
    vengono ignorati" (§16.9, seed 001:2725-2727): by the other's own troop type, not its unit's."""
    other = duel[1] if duel[0] == duellist else duel[0]
    return [other] if state.unit_entry(state.units[other]).troop_type in STOMPABLE else []


def _stomp_part(entry) -> int:
    """The part that stomps: "Nei modelli multi parte solo la cavalcatura può compiere un
    Calpestamento [...] I cavalieri di modelli multi-parte non possono mai calpestare" (§22,
    seed 001:3225-3228)."""
    mounts = [i for i, p in enumerate(entry.parts) if p.role in ("mount", "draught")]
    return mounts[0] if mounts else next((i for i, p in enumerate(entry.parts) if p.role not in ("rider", "crew")), 0)


def _grinding_part(state: NinthAgeState, unit: UnitState) -> int:
    """The part whose Grinding Attacks they are: the one with the rule, else the strongest."""
    entry = state.unit_entry(unit)
    owners = [i for i, p in enumerate(entry.parts) if any(rule_name(r) == "Grinding Attacks"
                                                          for r in p.special_rules)] or range(len(entry.parts))
    return max(owners, key=lambda i: profile_value(state, unit, "S", i))


def _grinds_instead(state: NinthAgeState, host: UnitState, char: UnitState, asked: dict[str, str] | None) -> bool:
    """A joined character with both Impact Hits and Grinding Attacks, whose Impact Hits it may
    make this round: "Se il modello ha sia Colpi Trituranti che Colpi da Impatto, nel medesimo
    round di combattimento può usare una sola di queste regole (si è liberi di scegliere quali)"
    (§22, seed 001:3199-3200): True when its owner chose the Grinding Attacks."""
    centry = state.unit_entry(char)
    impact, grinding = centry.rule_value("Impact Hits"), centry.rule_value("Grinding Attacks")
    if not (impact and grinding and _impact_now(state, host, char)):
        return False
    impact = special_value(state, char, "Impact Hits", asked, combat=host)
    grinding = special_value(state, char, "Grinding Attacks", asked, combat=host)
    if not (impact and grinding):
        return False
    answer = ask(state, asked, char.owner, f"grinding-{char.id}-{state.round}-{host.combat_rounds}",
                 _("{char} may make either its Impact Hits ({impact}) or its Grinding Attacks ({grinding}) this combat round: which?",
                   char=char.id, impact=impact, grinding=grinding), ["impact-hits", "grinding-attacks"],
                 default="impact-hits")
    return answer == "grinding-attacks"


def joined_specials(state: NinthAgeState, unit: UnitState, cons: list, mine: dict[int, str],
                    asked: dict[str, str] | None, duel: tuple[str, str] | None) -> list[Blow]:
    """The Stomp, Grinding Attacks and Breath Weapon of each character (or War Platform) joined
    to ``unit``, from its own entry: "Gli effetti che causano Attacchi Speciali (come ad esempio
    Calpestamento, Colpi da Impatto, Attacchi Trituranti, Arma a Soffio) influenzano
    esclusivamente la parte del modello che ha la regola speciale" (seed 001:3094-3095), one model
    making them once at the enemy units in base contact with its own base:

    - Stomp (X) (seed 001:3221-3228): at Initiative 0, X automatic hits at its mount's S (the part
      that stomps: never a rider), against a single unit of Infantry, War Beasts, Swarms or War
      Machines in base contact with it;
    - Grinding Attacks (X) (seed 001:3195-3200): at its Initiative, X automatic hits at its S
      against a single enemy unit in base contact; not in a round it makes its Impact Hits;
    - Breath Weapon (seed 001:3154-3165): once per game, declared when the attacks are allocated,
      at its Initiative, 2D6 automatic hits at the S of its brackets on one unit in base contact.

    In a challenge (§16.9, seed 001:2724-2727) they all go to the other duellist ("vengono
    sempre assegnati al Personaggio avversario o il Campione"), Stomp only if that one's own
    troop type may be stomped, else it is ignored; the duellists count as in base contact."""
    from engine.rulesets.ninth_age.breath import character_breath, spend_character_breath
    from engine.rulesets.ninth_age.weapons import breath_of, breath_weapon

    out: list[Blow] = []
    for char in sorted(joined(state, unit), key=lambda c: c.id):
        if char.no_attacks:
            continue
        cells = {i for i, n in mine.items() if n == char.id}
        at = [c.enemy for c in cons if cells & set(c.touching)]
        duelling = duel is not None and char.id in duel
        other = (duel[1] if duel[0] == char.id else duel[0]) if duelling else None
        if duelling:
            at = [other]
        if not at:
            continue
        centry = state.unit_entry(char)
        part = _stomp_part(centry)
        if centry.rule_value("Stomp"):
            targets = _duel_stomped(state, char.id, duel) if duelling else \
                [e for e in at if unit_troop_type(state, state.units[e]) in STOMPABLE]
            if targets:
                stomp = special_value(state, char, "Stomp", asked, combat=unit)
                out.append(Blow(unit.id, part, f"{char.id} Stomp", 0, 0, 1, targets,
                                strength=profile_value(state, char, "S", part), weapon="Stomp", special="Stomp",
                                hits=stomp, model=char.id))
        # not in a round it makes its Impact Hits instead (its owner's choice, _grinds_instead)
        if centry.rule_value("Grinding Attacks") and (not centry.rule_value("Impact Hits")
                                                      or not _impact_now(state, unit, char)
                                                      or _grinds_instead(state, unit, char, asked)):
            grinding = special_value(state, char, "Grinding Attacks", asked, combat=unit)
            gpart = _grinding_part(state, char)
            out.append(Blow(unit.id, gpart, f"{char.id} Grinding Attacks", profile_value(state, char, "I", gpart), 0,
                            1, list(at), strength=profile_value(state, char, "S", gpart), weapon="Grinding Attacks",
                            special="Grinding Attacks", hits=grinding, model=char.id))
        param = breath_of(centry)
        if param is None or asked is None:
            continue
        key = f"breath-{char.id}-{state.round}-{unit.combat_rounds}"
        if key not in asked:
            if character_breath(state, char) is None:
                continue
            answer = ask(state, asked, char.owner, key, _(
                "{char} may use its own Breath Weapon ({param}) this combat round, once per game: 2D6 automatic hits "
                "on one unit in base contact with it, at its Initiative. Breathe now?", char=char.id, param=param),
                ["no", "yes"], default="no")
            if answer == "yes":
                spend_character_breath(char)
        if asked[key] != "yes":
            continue
        bpart = next((i for i, p in enumerate(centry.parts) if any(rule_name(r) == BREATH for r in p.special_rules)), 0)
        out.append(Blow(unit.id, bpart, f"{char.id} {BREATH}", profile_value(state, char, "I", bpart), 0, 1, list(at),
                        strength=breath_weapon(param).strength or 0, weapon=BREATH, special=BREATH, hits="2D6",
                        model=char.id))
    return out


def _impact_now(state: NinthAgeState, host: UnitState, char: UnitState) -> bool:
    """Whether the joined character makes its Impact Hits this round (the first after its unit
    charged, at a unit charged that its base touches)."""
    if not ((host.charged or host.pursuit_charge) and host.combat_rounds == 0):
        return False
    mine = character_models(state, host)
    charged = charged_units(state, host)
    return any(c.enemy in charged and any(mine.get(i) == char.id for i in c.touching) for c in contacts(state, host))


def _impact_hits(entry, value: str) -> str:
    """X Impact Hits a model, one more with Scythes (§22)."""
    if entry.has_rule("Scythes"):
        return str(int(value) + 1) if value.isdigit() else f"{value}+1"
    return value


def impact_ranks(state: NinthAgeState, unit: UnitState) -> int:
    """The +1 S of Impact Hits: "+1 per ogni rango dell'Unità completo oltre il primo; tali ranghi
    devono essere interamente costituiti da modelli con la regola speciale Colpi da Impatto"
    (§22, seed 001:3245-3246): each full rank beyond the first all of whose positions are models
    with Impact Hits, the R&F's by their entry, a joined character's cells by its own."""
    full = unit_full_ranks(state, unit)
    if full < 2:
        return 0
    files = unit.formation.files
    mine = character_models(state, unit)
    rf = bool(state.unit_entry(unit).rule_value("Impact Hits"))
    has = {name: bool(state.unit_entry(state.units[name]).rule_value("Impact Hits")) for name in set(mine.values())}
    return sum(1 for r in range(1, full)
               if all(has[mine[i]] if i in mine else rf for i in range(r * files, (r + 1) * files)))


def breath_blows(state: NinthAgeState, unit: UnitState, enemies: list[str], touching: set[int],
                 asked: dict[str, str] | None) -> list[Blow]:
    """Breath Weapon as a close-combat special attack (§22): once per game, declared as the attacks
    are allocated (the owner asked each combat round until it is used), at the Initiative of the
    part that breathes, 2D6 automatic hits at the S in its brackets on one unit in base contact
    from each model in contact that still has its own ("Un modello con un Arma a Soffio può
    utilizzarla una volta sola durante la partita": the models not in contact keep theirs),
    nothing of the model's equipment or rules. Only in a combat being fought (``asked``), never in
    a count of the attacks a unit would make."""
    from engine.rulesets.ninth_age.breath import breathers, spend_breaths
    from engine.rulesets.ninth_age.weapons import breath_of, breath_weapon

    entry = state.unit_entry(unit)
    param = breath_of(entry)
    if param is None or asked is None or not touching:
        return []
    key = f"breath-{unit.id}-{state.round}-{unit.combat_rounds}"
    if key not in asked:
        mine = sorted(set(touching) & set(breathers(state, unit)))
        if not mine:
            return []
        bracket = ask(state, asked, unit.owner, key, ngettext(
            "{unit} may use its Breath Weapon ({param}) this combat round, once per game: 2D6 automatic hits on one "
            "unit in base contact, at its Initiative. Breathe now?",
            "{unit} may use their Breath Weapon ({param}) this combat round, once per game: 2D6 automatic hits on one "
            "unit in base contact, at their Initiative. Breathe now?", number(state, unit), unit=unit.id, param=param),
            ["no", "yes"], default="no")
        if bracket == "yes":
            spend_breaths(state, unit, mine)
            asked[f"{key}-models"] = ",".join(map(str, mine))  # who breathes, as the round's count is made again
    if asked[key] != "yes":
        return []
    count = len(asked[f"{key}-models"].split(","))
    part = next((i for i, p in enumerate(entry.parts) if any(rule_name(r) == BREATH for r in p.special_rules)), 0)
    return [Blow(unit.id, part, f"{entry.parts[part].name} {BREATH}", profile_value(state, unit, "I", part), 0,
                 count, list(enemies), strength=breath_weapon(param).strength or 0, weapon=BREATH,
                 special=BREATH, hits="2D6")]


def _merge(blows_: list[Blow]) -> list[Blow]:
    merged: dict[tuple, Blow] = {}
    for b in blows_:
        key = (b.unit, b.model, b.part, b.initiative, b.ws, tuple(b.targets), b.champion, b.strength, b.random,
               b.bonus, b.special)
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
