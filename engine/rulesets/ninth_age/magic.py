"""The Magic phase (§9): Magic Flux and Channel, casting and dispelling, spells in play and their
durations, miscasts, attribute and bound spells, dispelling Remains-in-Play spells.

The sequence of §9.5, as the game runs it::

    /end of Movement -> begin(): start of phase (Flux, Channel, Lasts One Turn ends)
                        -> the reactive player's RiP window (a /decide question)
    /cast wizard: spell: dice: target: | at:x,y [version:boosted|NAME|NUMBER] [part:]
          -> casting roll -> the reactive player's dispel (a /decide question) -> effects,
             attribute spell -> miscast -> the reactive player's RiP window again
    /dispel spell: [dice:] [wizard:]   the active player's RiP dispel (own spells end at once)
    /end                               the end of the phase; unused dice are lost

Rulings (each named where it applies): Channel is always attempted (it costs nothing); the
arithmetic is in :mod:`.casting`; hits go through the shared attack sequence (:mod:`.attacks`).
"""

from __future__ import annotations

import re

from engine.core.text import N_, _, Text, decimal, join as text_join, ngettext, commas, listed
from shapely.geometry import Point as ShapelyPoint

from engine.core import Event, IllegalAction, roll_dice
from engine.core.decisions import decide
from engine.rulesets.ninth_age import casting
from engine.rulesets.ninth_age import summoning
from engine.rulesets.ninth_age.army import BoostedVersion, Lore, Spell, summoned_profile
from engine.rulesets.ninth_age.catalogue import data_said, rule_name, rule_param
from engine.rulesets.ninth_age.neighbours import engaged
from engine.rulesets.ninth_age.magic_state import Caster, Effect, MagicPhase, TemplateMark
from engine.rulesets.ninth_age.spell_effects import SpellEffect, vortex_of
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState, phase_word
from engine.rulesets.ninth_age.garrison import models_under, open_walls as garrison_open_walls
from engine.rulesets.ninth_age.walls import gap
from engine.table.arcs import arc_region
from engine.table.frame import Point, bearing_between, direction
from engine.table.scatter import is_hit, random_bearing
from engine.table.sight import has_line_of_sight
from engine.table.templates import Capsule, Circle, Line
from engine.rulesets.ninth_age.loadout import ARCANE_ITEMS
from engine.rulesets.ninth_age.grammar import number

# the arcane items (§23.7) whose effects the Magic phase and spell generation apply
REFEREED_ITEMS = ARCANE_ITEMS
EPS = 1e-3  # EPS_DIST of §24.1: "within X" is decided in the caster's favour by this much
HEIGHTS = {"small": 1, "medium": 2, "large": 3}


# -- casters ---------------------------------------------------------------------------------------
def _lore(state: NinthAgeState, seat: str, name: str | None) -> Lore | None:
    for lore in state.armies[seat].lores:
        if name and lore.name.lower() == name.lower():
            return lore
    return None


def spell_named(state: NinthAgeState, seat: str, name: str) -> tuple[Spell, Lore]:
    for lore in state.armies[seat].lores:
        for s in lore.spells:
            if s.name.lower() == name.strip().lower():
                return s, lore
    raise IllegalAction("unknown-spell", _("No lore of {name} has a spell {name2!r}.", name=state.armies[seat].name, name2=name))


def gather_casters(state: NinthAgeState) -> None:
    """Every wizard, Wizard Conclave champion and bound-spell bearer, once, from the army lists
    and the spells generated before deployment (§3.5)."""
    if state.casters:
        return
    for u in state.units.values():
        entry = state.unit_entry(u)
        army = state.armies[u.owner]
        carries_scroll = any(i.strip().lower() == "dispel scroll" for i in entry.magic_items)
        hood = any(i.strip().lower() == "wizard's hood" for i in entry.magic_items) and \
            f"{u.owner}/{entry.name}" in state.lores  # a Level 1 Wizard if it had no levels (§23.6)
        if entry.wizard or entry.bound_spells or carries_scroll or hood:  # a wizard-less army's Dispel Scroll too
            caster = Caster(unit=u.id, seat=u.owner, name=u.id, wizard=entry.wizard is not None or hood)
            if entry.wizard or hood:
                lore = army.lore(state.lores.get(f"{u.owner}/{entry.name}") or entry.wizard.lore)
                numbers = state.spells.get(f"{u.owner}/{entry.name}", [])
                caster.level, caster.lore = (entry.wizard.level if entry.wizard else 1), lore.name
                caster.spells = [s.name for n in numbers for s in lore.spells if s.number == n]
            caster.bound = [b.spell for b in entry.bound_spells]
            state.casters[caster.name] = caster
        for r in entry.special_rules:
            if rule_name(r) == "Wizard Conclave" and entry.command.champion:
                names = [n.strip() for n in (rule_param(r) or "").split(",") if n.strip()]
                lore = spell_named(state, u.owner, names[0])[1] if names else None
                c = Caster(unit=u.id, seat=u.owner, name=f"{u.id} Champion", level=1, conclave=True,
                           lore=lore.name if lore else None, spells=[spell_named(state, u.owner, n)[0].name
                                                                    for n in names])
                state.casters[c.name] = c


def caster_unit(state: NinthAgeState, c: Caster) -> UnitState:
    """The unit a caster stands in: its own, or the unit it has joined (a wizard in a unit casts
    and is measured from that unit; its unit is the Caster's Unit of §9.3)."""
    u = state.units[c.unit]
    return state.units[u.host] if u.location == "joined" and u.host in state.units else u


def caster_alive(state: NinthAgeState, c: Caster) -> bool:
    u = state.units.get(c.unit)
    if u is None or c.slain or u.models <= 0 or (c.conclave and u.champion_lost):  # a Conclave's wizard is its Champion
        return False
    return caster_unit(state, c).on_table


def is_wizard(c: Caster) -> bool:
    return c.wizard or c.conclave


def wizards(state: NinthAgeState, seat: str, *, fleeing: bool = False) -> list[Caster]:
    """The seat's wizards on the table (non-fleeing unless ``fleeing``)."""
    return [c for c in state.casters.values() if c.seat == seat and is_wizard(c) and caster_alive(state, c)
            and (fleeing or not caster_unit(state, c).fleeing)]


def find_caster(state: NinthAgeState, seat: str, text) -> Caster:
    key = str(text or "").strip().casefold()
    if not key:
        raise IllegalAction("missing-option", _("Say which caster (wizard:NAME)."))
    mine = [c for c in state.casters.values() if c.seat == seat]
    found = [c for c in mine if c.name.casefold() == key] or [c for c in mine if c.name.casefold().startswith(key)]
    if len(found) != 1:
        names = commas(c.name for c in mine) or _("none")
        raise IllegalAction("unknown-caster", _("More than one caster of yours is called {text!r}. Your casters: {names}.", text=text, names=names) if found
                            else _("No caster of yours is called {text!r}. Your casters: {names}.", text=text, names=names))
    return found[0]


def carries(state: NinthAgeState, c: Caster, item: str) -> bool:
    """Whether the model ``c`` carries the magic ``item``, spent or not (a Conclave champion has none)."""
    return (not c.conclave and c.unit in state.units
            and any(i.lower() == item.lower() for i in state.unit_entry(state.units[c.unit]).magic_items))


def has_item(state: NinthAgeState, c: Caster, item: str) -> bool:
    """Whether ``c`` carries ``item`` unspent (a one-use item works once, §23.2)."""
    return carries(state, c, item) and item not in c.used_items


def _reveal(state: NinthAgeState, c: Caster, item: str, events: list[Event]) -> None:
    """A hidden item of the caster's used: revealed (§2.4)."""
    from engine.rulesets.ninth_age.hidden import reveal

    entry = state.unit_entry(state.units[c.unit])
    carried = entry.item_named(item) or item
    reveal(state, c.seat, c.unit, carried, _("it is used"), events)


def _used(state: NinthAgeState, c: Caster, item: str, events: list[Event]) -> None:
    """A one-use arcane item used (§23.7): spent for the caster, and a hidden one revealed (§2.4)."""
    c.used_items.append(item)
    c.used_turns[item] = state.round
    _reveal(state, c, item, events)


def casting_bonus(state: NinthAgeState, c: Caster, dispel: bool = False) -> int:
    """The level bonus (a Conclave champion's bonus for its unit's size, capped at +4, is to
    cast only) and the Book of Arcane Power; none once concentration is broken."""
    if c.conclave and not dispel:
        u = state.units[c.unit]
        entry = state.unit_entry(u)
        bonus = casting.conclave_bonus(u.models, entry.min_models or u.start_models, c.level)
    else:
        bonus = casting.level_bonus(c.level)
    if has_item(state, c, "Book of Arcane Power"):
        bonus += 1
    return bonus


def casting_bonus_source(state: NinthAgeState, c: Caster, dispel: bool = False) -> Text:
    """What :func:`casting_bonus` is made of, in words: the level (or the Conclave champion's
    bonus) and the Book of Arcane Power."""
    parts = [_("Wizard Conclave") if c.conclave and not dispel else casting.title(c.level)]
    if has_item(state, c, "Book of Arcane Power"):
        parts.append(data_said("Book of Arcane Power"))
    return commas(parts)


# The profile's letters as each language prints them (the Italian profile: M, AC, AB, F, R, Fe, I, A, D).
ABBREVIATIONS = {"M": N_("M"), "WS": N_("WS"), "BS": N_("BS"), "S": N_("S"), "T": N_("T"), "W": N_("W"),
                 "I": N_("I"), "A": N_("A"), "Ld": N_("Ld")}


def abbreviation(characteristic: str) -> Text | str:
    """A characteristic's letters (``WS``) as the reader's profile prints them (AC)."""
    return Text(ABBREVIATIONS[characteristic]) if characteristic in ABBREVIATIONS else characteristic


# -- the start of the phase ------------------------------------------------------------------------
def begin(state: NinthAgeState, events: list[Event]) -> None:
    """Step 1 of §9.5: spells of the active player that Last One Turn end, the Flux, Channel;
    then the reactive player's first chance to dispel Remains-in-Play spells."""
    gather_casters(state)
    active = state.active
    reactive = state.enemy_of(active)
    state.magic_phases += 1
    for e in list(state.effects):
        if e.duration == "one turn" and e.seat == active:
            state.effects.remove(e)
            events.append(Event(kind="spell_ends", seat=e.seat, text=_("{spell} ({caster}) lasted one turn: it ends at the start of {name}'s Magic phase.", spell=e.spell, caster=e.caster, name=state.seat(active).name)))
    roll = roll_dice("2d6", state.rng, purpose=_('Magic Flux'))
    power, dispel = casting.flux(*roll.dice)
    state.magic = MagicPhase(number=state.magic_phases, pools={active: power, reactive: dispel},
                             used={active: 0, reactive: 0}, generated={active: 0, reactive: 0})
    events.append(Event(kind="roll", seat=active, roll=roll, text=ngettext(  # the power dice are 2 or more (the sum); the dispel dice are 1 on a double 1
        "Magic Flux: {dice} and {dice2}: {name} has {power} power dice, {name2} {dispel} dispel die.",
        "Magic Flux: {dice} and {dice2}: {name} has {power} power dice, {name2} {dispel} dispel dice.", dispel, dice=roll.dice[0], dice2=roll.dice[1], name=state.seat(active).name, power=power, name2=state.seat(reactive).name, dispel=dispel)))
    for seat in (active, reactive):  # active first (§1.5)
        channel(state, seat, events)
    events.append(Event(kind="phase", seat=active, text=_("{name}'s Magic phase: /cast wizard: spell: dice: target:, /dispel spell: for a spell in play, /end when done.", name=state.seat(active).name)))
    for c in state.casters.values():  # what each may cast, so a player by post needs no army sheet
        # only casters who may cast: a Conclave Champion slain in a challenge is no wizard now (§22)
        if c.seat == active and caster_alive(state, c) and (c.spells or c.bound):
            line = repertoire(state, c)
            if caster_unit(state, c).fleeing:  # listed all the same, the reason it casts nothing said with it
                line = text_join(" ", [line, _("{c} is fleeing and cannot cast (§9.7).", c=c.name)])
            events.append(Event(kind="info", seat=active, text=line))
    rip_window(state, events)


def repertoire(state: NinthAgeState, c: Caster) -> Text:
    """What ``c`` may cast, with each spell's casting value (and its boosted one), bound spells at
    their Power Level: "Shaman (Level 2, Thorns): Bramble Dart 5+, Bark Skin 6+ (boosted 9+)"."""
    said = []
    for name in c.spells:
        spell = spell_named(state, c.seat, name)[0]
        versions = spell.boosted_versions()
        said.append(_("{spell} {value}+ (boosted {boosted}+)", spell=data_said(spell.name), value=spell.casting_value,
                       boosted=commas(str(v.casting_value) for v in versions)) if versions else
                    _("{spell} {value}+", spell=data_said(spell.name), value=spell.casting_value))
    for b in state.unit_entry(state.units[c.unit]).bound_spells if c.bound else []:
        if b.spell in c.bound:
            said.append(_("{spell} (bound, Power Level {level})", spell=data_said(b.spell), level=b.power_level))
    if c.wizard and c.lore:
        return _("{c} (Level {level}, {lore}): {spells}.", c=c.name, level=c.level, lore=data_said(c.lore), spells=commas(said))
    return _("{c}: {spells}.", c=c.name, spells=commas(said))


def channel(state: NinthAgeState, seat: str, events: list[Event]) -> None:
    """One Channel attempt (a ruling: always made, since it costs nothing): D6 + 1 per
    non-fleeing model with Channel; 7 or more adds one magic die, within the limit of 2."""
    count = channellers(state, seat)
    roll = roll_dice("1d6", state.rng, purpose=_("{name}'s Channel", name=state.seat(seat).name))
    ok = casting.channels(roll.total, count) and state.magic.generated[seat] < casting.MAX_GENERATED
    if ok:
        state.magic.pools[seat] += 1
        state.magic.generated[seat] += 1
    events.append(Event(kind="roll", seat=seat, roll=roll, text=(_("{name} Channels: {total} + {count} = {sum}, 7 or more: one more magic die ({pools} in the pool).", name=state.seat(seat).name, total=roll.total, count=count, sum=roll.total + count, pools=state.magic.pools[seat]) if ok
                              else _("{name} Channels: {total} + {count} = {sum}, below 7 ({pools} in the pool).", name=state.seat(seat).name, total=roll.total, count=count, sum=roll.total + count, pools=state.magic.pools[seat]))))


def channellers(state: NinthAgeState, seat: str) -> int:
    """The +1s of a Channel attempt: "+1 ... per ogni modello non in fuga presente nell'esercito con
    la regola speciale Incanalare" (seed 001:1159): every wizard (all have it, §9.1), and every
    model of a unit with the rule, a character's inside a unit too, each model once (a Wizard
    Conclave's Champion is counted as the wizard it is)."""
    count = len(wizards(state, seat))
    for u in state.units.values():
        if u.owner != seat or u.models <= 0:
            continue
        body = state.units.get(u.host) if u.location == "joined" and u.host else u
        if body is None or not body.on_table or body.fleeing:
            continue
        entry = state.unit_entry(u)
        hooded = u.id in state.casters and state.casters[u.id].wizard  # a Wizard's Hood made it a wizard
        if not entry.has_rule("Channel") or entry.wizard or hooded:
            continue  # wizards are counted above
        champion = state.casters.get(f"{u.id} Champion")
        count += u.models - (1 if champion is not None and caster_alive(state, champion) else 0)
    return count


def _end_spells_of_the_slain(state: NinthAgeState, events: list[Event]) -> None:
    """A RiP spell whose caster was slain ends "nel primo momento possibile in cui l'incantesimo si
    sarebbe potuto disperdere normalmente" (seed 001:1131): the next step 2 of a Magic phase in
    which it may be dispelled (cast in an earlier phase, §9.6), the same phase the caster fell in
    too."""
    for e in list(state.effects):
        c = state.casters.get(e.caster)
        if (e.duration == "remains in play" and e.phase < state.magic.number and c is not None
                and not caster_alive(state, c)):
            state.effects.remove(e)
            # a caster whose flight took it off the table was not slain: it fled, and counts as
            # destroyed (for Victory Points, its full cost, §8.8)
            own = state.units.get(c.unit)
            fled = own is not None and "fled" in (own.location, caster_unit(state, c).location)
            text = (_("{spell} ends: {caster} fled off the table, and counts as destroyed for Victory Points.",
                      spell=e.spell, caster=e.caster) if fled else
                    _("{spell} ends: {caster} was slain.", spell=e.spell, caster=e.caster))
            events.append(Event(kind="spell_ends", seat=e.seat, text=text))
    if not state.rip_gone_v6:
        return
    # a RiP spell on units that are all gone (destroyed, slain, fled off the table) has nothing left to
    # work on: it ends with them, no more offered to dispel after every spell (rules version 6)
    for e in list(state.effects):
        units = [state.units[u] for u in e.units if u in state.units]
        if (e.duration == "remains in play" and units
                and all(u.location in ("destroyed", "fled") or u.models <= 0 for u in units)):
            state.effects.remove(e)
            events.append(Event(kind="spell_ends", seat=e.seat, text=_(
                "{spell} ({caster}) ends: {units}, what it was cast on, no longer on the table.", spell=e.spell,
                caster=e.caster, units=listed(e.units))))


def dice_left(state: NinthAgeState, seat: str) -> int:
    """Magic dice the seat may still use: its pool, within the 12-dice limit of the phase."""
    m = state.magic
    return max(0, min(m.pools[seat], casting.MAX_DICE_PER_PHASE - m.used[seat]))


def dispel_dice_left(state: NinthAgeState, seat: str) -> int:
    """Dice one dispel attempt may use: no cap but the pool and the phase's 12 ([A-53]), or 5
    with the ``dispel_dice_capped`` setting."""
    left = dice_left(state, seat)
    return min(left, casting.MAX_CAST_DICE) if state.options.get("dispel_dice_capped") else left


def _spend(state: NinthAgeState, seat: str, n: int) -> None:
    state.magic.pools[seat] -= n
    state.magic.used[seat] += n


# -- targets ---------------------------------------------------------------------------------------
def in_sight(state: NinthAgeState, me: UnitState, target: UnitState, host: UnitState | None, shape) -> bool:
    """Whether the wizard's unit ``me`` sees ``target`` (§9.3 Missile: "solo bersagli che si trovano
    nella Linea di Vista del mago"), as a shooting unit sees (§6.1): Blocking Terrain and bases
    taller than both ends hide, every model at its own height: Large with Large Target, in a
    Building, or with more than half of its base on a hill (Posizione Elevata, §18.4), so a hill
    lifts a wizard over a blocking unit as it lifts a shooter. ``host``: the unit a targeted
    character stands in, whose other models do not hide it; ``shape``: the target's own base."""
    from engine.rulesets.ninth_age.shooting import Table, height, height_at, sight_obstacles, sight_to

    if not state.sight_v6:  # a game begun before rules version 6: every unit at its troop type's height
        return _sight_v5(state, me, target, host, shape)
    table = Table(state)
    obstacles = garrison_open_walls(state, sight_obstacles(state, table), me, host or target)
    mine = height(state, me, table.fps[me.id])
    if host is None:
        return sight_to(table, me, target, table.fps[me.id], obstacles, observer_height=mine) is not None
    theirs = height_at(state, host, (shape.centroid.x, shape.centroid.y))
    return has_line_of_sight(table.fps[me.id], shape, obstacles, heights=(mine, theirs), exclude={me.id, host.id})


def _sight_v5(state: NinthAgeState, me: UnitState, target: UnitState, host: UnitState | None, shape) -> bool:
    """A Missile spell's line of sight as rules versions 1-5 measured it (``sight_v6`` unset): every
    base of every unit at its troop type's height wherever it stood (no hill, Large Target or
    Building lifting it), the wizard and its target at theirs; hills and Blocking Terrain hide."""
    from engine.rulesets.ninth_age.terrain_rules import sight_blockers
    from engine.table.sight import Obstacle

    obstacles = sight_blockers(state)
    for u in state.on_table():
        h = HEIGHTS[state.unit_entry(u).troop.height]
        obstacles.extend(Obstacle(shape=b, height=h, owner=u.id) for b in u.footprint().models)
    return has_line_of_sight(me.footprint(), target.footprint() if host is None else shape, obstacles,
                             heights=(HEIGHTS[state.unit_entry(me).troop.height],
                                      HEIGHTS[state.unit_entry(target).troop.height]),
                             exclude={me.id, (host or target).id})


def spell_range(spell: Spell, version: BoostedVersion | bool | None) -> float | None:
    """The range of the version cast: a boosted version's own, else the spell's (True: its only
    boosted version, False: the normal one)."""
    if version is True:
        version = next(iter(spell.boosted_versions()), None)
    return version.range if isinstance(version, BoostedVersion) and version.range is not None else spell.range


def boosted_version(spell: Spell, version: str | None, bound: bool = False) -> BoostedVersion | None:
    """The version of ``spell`` declared before any die is rolled (§9.2): None for the normal one
    ("normal", or nothing said: "si presume sia stata lanciata la versione con il costo di lancio
    più basso"); a boosted one by its name or its number (1 for the first the lore file gives);
    "boosted" only when the spell has a single one ("Se l'incantesimo presenta più versioni
    potenziate dichiarare quale si intende lanciare"). A bound spell is never boosted (§9.12)."""
    word = " ".join((version or "normal").split()).lower()
    if word == "normal":
        return None
    versions = spell.boosted_versions()
    if bound or not versions:
        raise IllegalAction("no-boost", text_join("", [_("{spell} has no boosted version", spell=spell.name), (_(" a bound spell can cast (§9.12).") if bound else ".")]))
    listed = commas(_("{number} ({name}, {value}+)", number=i, name=data_said(v.name), value=v.casting_value)
                    for i, v in enumerate(versions, 1))
    if word == "boosted":
        if len(versions) == 1:
            return versions[0]
        raise IllegalAction("which-boost", _("{spell} has {count} boosted versions: say which one before rolling, version:NUMBER or its name: {listed} (§9.2).", spell=spell.name, count=len(versions), listed=listed))
    if word.isdigit():
        if 1 <= int(word) <= len(versions):
            return versions[int(word) - 1]
    else:
        for v in versions:
            if v.name.lower() == word:
                return v
    raise IllegalAction("bad-version", _("{spell} has no boosted version {version!r}; its versions: normal, {listed}.", spell=spell.name, version=version, listed=listed))


def _types(spell: Spell) -> set[str]:
    """The spell's types in lower case, "Range X" as "range" and a Vortex as "vortex"."""
    out = set()
    for t in spell.types:
        word = t.strip().lower()
        out.add("range" if word.startswith("range") else "vortex" if word.startswith("vortex") else word)
    return out


def is_ground(spell: Spell) -> bool:
    t = _types(spell)
    return "ground" in t or vortex_of(spell.types) is not None


def refusal(state: NinthAgeState, c: Caster, spell: Spell, target: UnitState,
            boosted: BoostedVersion | None) -> str | None:
    """Why ``target`` is not a legal target of ``spell`` cast by ``c`` (§9.3), or None. A
    character inside a unit is a target of a Focused spell only ("Un incantesimo Mirato può
    bersagliare solo modelli singoli (incluso un Personaggio all'interno di un'Unità)"), measured
    to its own base, its unit's models not hiding it."""
    from engine.rulesets.ninth_age.mixed_units import position

    t = _types(spell)
    me = caster_unit(state, c)
    if "caster" in t:  # "può bersagliare solo il modello che lancia questo incantesimo": not the unit it is in
        return None if target.id == c.unit else _("{spell} can only target the caster.", spell=spell.name)
    if "caster's unit" in t:
        return None if target.id in (me.id, c.unit) else _("{spell} can only target the caster’s unit.", spell=spell.name)
    host = state.units.get(target.host) if target.location == "joined" and target.host else None
    where = host or target  # the unit a character inside a unit stands in
    if not where.on_table:
        return ngettext("{target} is not on the table.", "{target} are not on the table.", number(state, target), target=target.id)
    if host is not None and "focused" not in t:
        return _("{target} is a character inside {host}: only a Focused spell targets a model inside a unit (§9.3); {spell} may target {host}.", target=target.id, host=host.id, spell=spell.name)
    shape = position(state, target)  # a character's own base (the walls, in a Building)
    if "hex" in t and target.owner == c.seat:
        return _("{spell} is a Hex: it targets enemy units only.", spell=spell.name)
    if "augment" in t and target.owner != c.seat:
        return _("{spell} is an Augment: it targets friendly units only.", spell=spell.name)
    reach = spell_range(spell, boosted)
    if reach is not None:
        d = gap(state, me, shape)  # a unit in a Building: from its walls (§18.6)
        if d > reach + EPS:
            return ngettext("{target} is {d}\" away, beyond {spell}'s range of {reach}\".", "{target} are {d}\" away, beyond {spell}'s range of {reach}\".", number(state, target), target=target.id, d=decimal(d, ".1f"), spell=spell.name, reach=decimal(reach, "g"))
    # The caster's own unit is in none of its own arcs ("bersagli che si trovano nell'arco frontale
    # del mago"; its footprint only touches the front arc's edge), and a Line template runs "dal
    # centro del fronte della basetta del mago al bersaglio": neither targets the caster's unit
    # (§9.3). Friendly units elsewhere stay legal targets of a spell that is not a Hex: the types
    # restrict the targets, and only Hex (Maledizione) restricts them to enemy units.
    if ("direct" in t or "line template" in t) and where.id == me.id:
        return _("{spell} is {kind}: it cannot target {target}, the caster's own unit (§9.3).", spell=spell.name,
                 kind=_("Direct") if "direct" in t else _("a Line template spell"), target=target.id)
    if "direct" in t and not shape.intersects(arc_region(me.footprint(), "front")):
        return ngettext("{spell} is Direct: {target} is not in {c}'s front arc.", "{spell} is Direct: {target} are not in {c}'s front arc.", number(state, target), spell=spell.name, target=target.id, c=c.name)
    if "damage" in t and engaged(state, where):
        return ngettext("{spell} is a Damage spell: {target} is engaged in combat.", "{spell} is a Damage spell: {target} are engaged in combat.", number(state, target), spell=spell.name, target=target.id)
    if "missile" in t and not in_sight(state, me, target, host, shape):
        return _("{spell} is a Missile: {c} has no line of sight to {target}.", spell=spell.name, c=c.name, target=target.id)
    if "characters only" in t and not state.unit_entry(target).is_character:
        return ngettext("{spell} targets Characters only; {target} is not one.", "{spell} targets Characters only; {target} are not one.", number(state, target), spell=spell.name, target=target.id)
    if "focused" in t and target.models != 1:
        return ngettext("{spell} is Focused: it targets a single model, a character inside a unit included (name the character as the target); {target} has {models} models.", "{spell} is Focused: it targets a single model, a character inside a unit included (name the character as the target); {target} have {models} models.", number(state, target), spell=spell.name, target=target.id, models=target.models)
    return None


def legal_targets(state: NinthAgeState, c: Caster, spell: Spell,
                  boosted: BoostedVersion | None = None) -> list[UnitState]:
    """The units (and, for a Focused spell, the characters inside units) ``spell`` may target."""
    candidates = state.on_table()
    if "focused" in _types(spell):
        candidates += [u for u in state.units.values() if u.location == "joined" and u.host in state.units
                       and state.units[u.host].on_table]
    return [u for u in candidates if refusal(state, c, spell, u, boosted) is None]


# -- casting ---------------------------------------------------------------------------------------
def _can_act(state: NinthAgeState, seat: str) -> None:
    if state.phase != "magic" or state.magic is None:
        raise IllegalAction("wrong-phase", _("Spells are cast in the Magic phase; this is the {phase} phase.", phase=phase_word(state.phase)))
    if seat != state.active:
        raise IllegalAction("not-your-turn", _("Only the active player casts; dispels are asked of you with /decide."))


def _which_spell(state: NinthAgeState, c: Caster, text) -> tuple[Spell, Lore, bool]:
    key = str(text or "").strip()
    if not key:
        known = commas(data_said(s) for s in c.spells + c.bound) or _("no spells")
        raise IllegalAction("missing-option", _("Say which spell (spell:NAME). {c} knows {known}.", c=c.name, known=known))
    for name in c.spells:
        if name.lower() == key.lower():
            spell, lore = spell_named(state, c.seat, name)
            return spell, lore, False
    for name in c.bound:
        if name.lower() == key.lower():
            spell, lore = spell_named(state, c.seat, name)
            return spell, lore, True
    known = commas([*map(data_said, c.spells), *[_("{spell} (bound)", spell=b) for b in c.bound]]) if c.spells or c.bound else _("no spells")
    raise IllegalAction("unknown-spell", _("{c} does not know {key!r}; it knows {known}.", c=c.name, key=key, known=known))


def cast(state: NinthAgeState, seat: str, wizard, spell_name, dice: int, target=None, at: Point | None = None,
         boosted: bool = False, part: str | None = None, events: list[Event] | None = None, *,
         facing: float | None = None, files: int | None = None, centre: Point | None = None,
         version: str | None = None) -> None:
    """One casting attempt, steps 1-8 of §9.7. A summoning spell (§7.9) takes the new unit's
    pose with the cast: ``centre`` (default ``at``, a Ground spell's target point), ``facing``
    (default toward the enemy) and ``files``. ``version``: the boosted version declared, by
    name or number (``boosted`` alone: the spell's only one)."""
    events = events if events is not None else []
    _can_act(state, seat)
    m = state.magic
    c = find_caster(state, seat, wizard)
    spell, lore, bound = _which_spell(state, c, spell_name)
    me = caster_unit(state, c)
    host = state.units.get(me.host) if me.host else None
    if me.stupid or (host is not None and host.stupid):
        raise IllegalAction("stupid", _("{c} is in a unit that failed its Stupidity test: no casting this turn (§22).", c=c.name))
    # step 1: declare -- everything is checked before any die is rolled
    if not caster_alive(state, c):
        raise IllegalAction("no-caster", _("{c} is not on the table.", c=c.name))
    if me.fleeing:
        raise IllegalAction("fleeing", _("{c} is fleeing and cannot cast (§9.7).", c=c.name))
    key = f"{c.name}/{spell.name}"
    if key in m.attempted:
        raise IllegalAction("already-attempted", _("{c} has already attempted {spell} this Magic phase.", c=c.name, spell=spell.name))
    if any(e.caster == c.name and e.spell == spell.name and e.duration == "remains in play" for e in state.effects):
        raise IllegalAction("in-play", _("{spell} of {c} remains in play: it cannot be cast again until it ends.", spell=spell.name, c=c.name))
    if c.banned.get(spell.name) == state.round:
        raise IllegalAction("bound-by-scroll", _("A Binding Scroll forbids {c} to cast {spell} in this game turn.", c=c.name, spell=spell.name))
    boosted = boosted_version(spell, version or ("boosted" if boosted else None), bound)
    if not 1 <= dice <= casting.MAX_CAST_DICE:
        raise IllegalAction("bad-dice", _("A spell is cast with 1 to 5 power dice, not {dice}.", dice=dice))
    if dice > dice_left(state, seat):
        raise IllegalAction("no-dice", _("You have {pools} power dice and may use {dice_left} more this phase (12 at most); {dice} asked.", pools=m.pools[seat], dice_left=dice_left(state, seat), dice=dice))
    if "missile" in _types(spell) and engaged(state, me):
        raise IllegalAction("engaged", _("{spell} is a Missile spell: {c} is engaged in combat.", spell=spell.name, c=c.name))
    targets, point = _declare_targets(state, c, spell, boosted, target, at)
    pose = _summon_pose(state, c, spell, boosted, at, centre, facing, files)
    part = _focused_part(state, c, spell, targets, part)
    attribute_target = None if bound else _attribute_target(state, c, lore)
    value = boosted.casting_value if boosted is not None else spell.casting_value
    if bound:  # the Power Level works as the casting value and takes precedence (§9.12)
        # the bearer's own entry: a character inside a unit casts from there (``me`` is then the unit)
        value = next(b.power_level for b in state.unit_entry(state.units[c.unit]).bound_spells
                     if b.spell.lower() == spell.name.lower())
    # step 2: roll
    m.attempted.append(key)
    _spend(state, seat, dice)
    broken = c.name in m.broken
    bonus = 0 if bound else casting_bonus(state, c)
    if not bound and has_item(state, c, "Book of Arcane Power") and not c.conclave:
        _reveal(state, c, "Book of Arcane Power", events)  # it adds to the roll (§2.4)
    roll = roll_dice(f"{dice}d6", state.rng, purpose=_('{c} casts {spell}', c=c.name, spell=spell.name))
    faces = _sceptre(state, c, spell, list(roll.dice), events)
    d3_face = _op_d3(state, faces, _('{c}: Overwhelming Power D3', c=c.name))
    total = casting.attempt(faces, modifiers=bonus, d3_face=d3_face, broken=broken, bound=bound,
                            source=casting_bonus_source(state, c))
    several = len(spell.boosted_versions()) > 1
    what = text_join("", [data_said(spell.name),
                          (_(" (boosted: {version})", version=data_said(boosted.name)) if several else _(" (boosted)"))
                          if boosted is not None else "", _(" (bound, Power Level {level})", level=value) if bound else ""])
    aim = point and _("the point {point}, {point2}", point=decimal(point[0], ".1f"), point2=decimal(point[1], ".1f")) or commas(u.id for u in targets)
    # step 3: success?
    if not total.reaches(value):
        if not bound:
            _break(state, c)
        events.append(Event(kind="roll", seat=seat, roll=roll, text=text_join("", [_("{c} casts {what} on {aim} with {dice} dice: {describe} against {value}: it fails", c=c.name, what=what, aim=aim, dice=dice, describe=total.describe(), value=value), ("" if bound else _("; {c} loses concentration", c=c.name)), "."])))
        rip_window(state, events)
        return
    events.append(Event(kind="roll", seat=seat, roll=roll, text=text_join("", [_("{c} casts {what} on {aim} with {dice} dice: {describe} against {value}: cast.", c=c.name, what=what, aim=aim, dice=dice, describe=total.describe(), value=value), (_(" Overwhelming Power!") if total.overwhelming else "")])))
    # steps 4-5: the reactive player's one dispel attempt
    dispelled, scroll = dispel_cast(state, c, spell, total.total, bound, dice, events)
    lost_before = {u.id: (u.phase_key, u.phase_lost) for u in state.units.values()}
    if not dispelled:
        # step 6: the effect, then the lore's attribute spell
        chosen = boosted.resolve if boosted is not None and boosted.resolve else spell.resolve
        m.shielded = spell.name if scroll == "Shielding Scroll" else None
        try:
            apply_spell(state, c, spell, chosen, targets, point, value, part, events, bound=bound, pose=pose)
        finally:
            m.shielded = None
        if lore.attribute is not None and not bound:
            attribute(state, c, lore, events, attribute_target)
        if scroll == "Binding Scroll":
            c.banned[spell.name] = state.round + 1
        if scroll == "Backlash Scroll" and not total.overwhelming:
            events.append(Event(kind="spell", seat=c.seat, text=_("The Backlash Scroll: {c} must roll on the Miscast table.", c=c.name)))
            miscast(state, c, spell, dice, events)
        # step 7: Overwhelming Power's price
        if total.overwhelming:
            if bound:
                if dice >= 4:
                    c.bound.remove(spell.name)
                    events.append(Event(kind="spell", seat=seat, text=_("{c}'s bound {spell} was cast with Overwhelming Power on {dice} dice: it is lost for the rest of the game ([A-19]).", c=c.name, spell=spell.name, dice=dice)))
                else:
                    events.append(Event(kind="spell", seat=seat, text=_("A bound spell with Overwhelming Power on 3 dice or fewer: nothing happens.")))
            else:
                miscast(state, c, spell, dice, events)
        _panic_checks(state, lost_before, events)
    rip_window(state, events)


def _panic_checks(state: NinthAgeState, before: dict, events: list[Event]) -> None:
    """Step 6 of the attack sequence once the spell (and its miscast) is done: Heavy Casualties
    for every unit that lost models to it."""
    from engine.rulesets.ninth_age.casualties import heavy_casualties

    for u in list(state.units.values()):
        if (u.phase_key, u.phase_lost) != before.get(u.id):
            heavy_casualties(state, u, events)


def _op_d3(state: NinthAgeState, faces, purpose: str) -> int | None:
    if sum(1 for f in faces if f == 6) >= 2:
        return roll_dice("1d6", state.rng, purpose=purpose).total
    return None


def _break(state: NinthAgeState, c: Caster) -> None:
    if c.name not in state.magic.broken:
        state.magic.broken.append(c.name)


def _declare_targets(state: NinthAgeState, c: Caster, spell: Spell, boosted: BoostedVersion | None, target,
                     at: Point | None) -> tuple[list[UnitState], Point | None]:
    me = caster_unit(state, c)
    t = _types(spell)
    if spell.summons(boosted) is not None and not is_ground(spell):  # §7.9: it targets no unit
        if at is None:
            raise IllegalAction("missing-option", _("{spell} summons a unit: say where its centre stands, at:x,y "
                                                    "(inches), and facing:.", spell=spell.name))
        return [], at
    if is_ground(spell):
        if at is None:
            raise IllegalAction("missing-option", _("{spell} is a Ground spell: say the point, at:x,y (inches).", spell=spell.name))
        reach = spell_range(spell, boosted)
        d = gap(state, me, at)
        if reach is not None and d > reach + EPS:
            raise IllegalAction("out-of-range", _("The point is {d}\" from {c}, beyond {reach}\".", d=decimal(d, ".1f"), c=c.name, reach=decimal(reach, "g")))
        if not (0 <= at[0] <= state.table.width and 0 <= at[1] <= state.table.height):
            raise IllegalAction("off-table", _("The point must be on the table."))
        return [], at
    if "caster" in t:  # the casting model alone, a wizard inside a unit too (§9.3)
        return [state.units[c.unit]], None
    if "caster's unit" in t:
        return [me], None
    if "aura" in t:
        return legal_targets(state, c, spell, boosted), None
    if not target:
        legal = legal_targets(state, c, spell, boosted)
        targets = commas(u.id for u in legal) or _("none")
        raise IllegalAction("missing-option", _("Say the target (target:UNIT). Legal targets of {spell}: {targets}.", spell=spell.name, targets=targets))
    unit = _find_unit(state, target)
    why = refusal(state, c, spell, unit, boosted)
    if why:
        raise IllegalAction("illegal-target", why)
    return [unit], None


def _summon_pose(state: NinthAgeState, c: Caster, spell: Spell, boosted: BoostedVersion | None, at: Point | None,
                 centre: Point | None, facing: float | None, files: int | None) -> dict | None:
    """Step 1 for a summoning spell (§7.9): the new unit's pose, declared with the cast, and
    checked now with the fewest models it may bring, so a unit that could never be placed there
    is refused before any die is rolled; the whole unit is checked again once it is cast."""
    entry = spell.summons(boosted)
    if entry is None:
        if centre is not None or facing is not None or files is not None:
            raise IllegalAction("bad-option", _("{spell} summons no unit: centre:, facing: and files: are for a "
                                                "summoning spell.", spell=spell.name))
        return None
    where = centre or at
    pose = {"x": where[0], "y": where[1], "facing": state.facing_the_enemy(c.seat) if facing is None else facing,
            "files": files, "point": at if is_ground(spell) else None, "reach": spell_range(spell, boosted)}
    effect = spell.version_resolve(boosted)
    _dice, fewest = summoning.spell_models(entry, effect.summon.models)
    width = files or effect.summon.files
    sized = summoning.sized(entry, fewest, min(width, fewest) if width else None)
    unit = summoning.standing(state, c.seat, sized, pose["x"], pose["y"], pose["facing"])
    summoning.check_placement(state, unit, entry, source=caster_unit(state, c), reach=spell_range(spell, boosted),
                              point=pose["point"])
    return pose


def _summoned(state: NinthAgeState, c: Caster, spell: Spell, effect: SpellEffect, pose: dict,
              events: list[Event]) -> None:
    """Step 6 of a summoning spell (§7.9): the models it brings (dice rolled now), placed as
    declared with the cast, the whole unit or none of it."""
    entry = summoned_profile(effect.summon.unit)
    n, said = summoning.roll_models(state, entry, effect.summon.models, _("{spell}: models summoned", spell=spell.name))
    if said is not None:
        events.append(Event(kind="spell", seat=c.seat, text=ngettext("{spell}: {text} model of {unit}.",
                                                                     "{spell}: {text} models of {unit}.", n,
                                                                     spell=spell.name, text=said, unit=entry.name)))
    files = pose["files"] or effect.summon.files
    try:
        summoning.summon(state, c.seat, entry, n, pose["x"], pose["y"], pose["facing"], min(files, n) if files else None,
                         events, why=_("the spell {spell} of {c}", spell=spell.name, c=c.name),
                         source=caster_unit(state, c), reach=pose["reach"], point=pose["point"])
    except IllegalAction as refused:  # "Se l'intera Unità non può essere posizionata, allora nessun modello può esserlo"
        events.append(Event(kind="spell", seat=c.seat, text=refused.message))


def _focused_part(state: NinthAgeState, c: Caster, spell: Spell, targets: list[UnitState],
                  part: str | None) -> str | None:
    """A Focused spell on a multi-part model targets one part only (§9.3, E-18): the caster's
    player names it (part:) or is asked."""
    if "focused" not in _types(spell) or not targets:
        return None
    parts = [p.name for p in state.unit_entry(targets[0]).parts]
    if part:
        match = [p for p in parts if p.lower() == str(part).strip().lower()]
        if not match:
            raise IllegalAction("bad-option", _("{id} has no part {part!r}; its parts: {join}.", id=targets[0].id, part=part, join=commas(parts)))
        return match[0]
    if len(parts) == 1:
        return None
    return decide(state, c.seat, f"part-{state.magic.number}-{len(state.magic.attempted)}",
                  _("{spell} is Focused: which part of {id} does it target?", spell=spell.name, id=targets[0].id), parts)


def _find_unit(state: NinthAgeState, text) -> UnitState:
    key = str(text).strip().casefold()
    found = [u for u in state.units.values() if u.id.casefold() == key] or \
        [u for u in state.units.values() if u.id.casefold().startswith(key)]
    if len(found) != 1:
        raise IllegalAction("unknown-unit", _("There is more than one unit {text!r}.", text=text) if found else _("There is no unit {text!r}.", text=text))
    return found[0]


# -- dispelling ------------------------------------------------------------------------------------
# one-use scrolls read instead of a dispel attempt (§23.7), by the option word players answer with
# A spell's duration as its reader's book words it (§9.4: "Istantanea", "Durare un Turno"...).
DURATION_WORDS = {"instant": N_("instant"), "one turn": N_("one turn"), "permanent": N_("permanent"),
                  "remains in play": N_("remains in play"), "player turn": N_("player turn")}
SCROLLS = {"scroll": "Dispel Scroll", "binding": "Binding Scroll", "backlash": "Backlash Scroll",
           "shielding": "Shielding Scroll"}


def dispel_cast(state: NinthAgeState, c: Caster, spell: Spell, casting_total: int, bound: bool, pdu: int,
                events: list[Event]) -> tuple[bool, str | None]:
    """Steps 4-5 of §9.7: the reactive player may make one dispel attempt (asked by /decide):
    with magic dice, with or without a wizard ([A-16]), or by reading a scroll instead. Returns
    whether the spell is dispelled and the scroll read, if any."""
    reactive = state.enemy_of(c.seat)
    m = state.magic
    left = dispel_dice_left(state, reactive)
    mine = wizards(state, reactive)
    readers = {word: [w for w in mine if has_item(state, w, item)] for word, item in SCROLLS.items()}
    # an army with no wizards may carry a Dispel Scroll as an Enchanted item (§23.7)
    # (never while fleeing: a fleeing unit neither dispels nor activates a one-use item, seed 001:946-947)
    readers["scroll"] += [w for w in state.casters.values() if w.seat == reactive and not is_wizard(w)
                          and caster_alive(state, w) and not caster_unit(state, w).fleeing
                          and has_item(state, w, "Dispel Scroll")]
    if bound or pdu == 1:  # the Backlash Scroll has no effect on these
        readers["backlash"] = []
    offered = [word for word, who in readers.items() if who]
    options = ["none"] + [str(n) for n in range(1, left + 1)] + offered
    tag = f"{m.number}-{len(m.attempted)}"
    # A hidden list's scroll not yet revealed is answered by its word but neither named in the
    # question nor shown as a button: the whole table reads them (§2.4). Every hidden-list game's
    # question says a scroll may be read, so the words give nothing away.
    from engine.rulesets.ninth_age.hidden import hidden_lists, is_revealed

    secret = [w for w in offered if not is_revealed(state, reactive, SCROLLS[w])]
    hint = [_(", a scroll of your own by its word (scroll, binding, backlash or shielding)")] if hidden_lists(state) else []
    answer = decide(state, reactive, f"dispel-{tag}", text_join("", [_("{c} cast {spell} with a casting total of {casting_total}. Dispel it? Say how many dispel dice (you have {left})", c=c.name, spell=spell.name, casting_total=casting_total, left=left), *[_(", '{word}' for the {scroll}", word=w, scroll=SCROLLS[w]) for w in offered if w not in secret], *hint, _(", or none.")]), options,
                    default="none", unlisted=secret)
    if answer == "none":
        events.append(Event(kind="dispel", seat=reactive, text=_("{name} does not dispel {spell}.", name=state.seat(reactive).name, spell=spell.name)))
        return False, None
    if answer in SCROLLS:
        item, who = SCROLLS[answer], readers[answer]
        w = who[0] if len(who) == 1 else find_caster(state, reactive, decide(
            state, reactive, f"scroll-{tag}", _("Who reads the {item}?", item=item), [s.name for s in who]))
        _used(state, w, item, events)
        effect = {"Dispel Scroll": lambda: _("{spell} is dispelled automatically", spell=spell.name),
                  "Binding Scroll": lambda: _("{c} cannot cast {spell} in the next game turn", c=c.name, spell=spell.name),
                  "Backlash Scroll": lambda: _("once {spell} is resolved, {c} rolls on the Miscast table unless it "
                                               "was cast with Overwhelming Power", spell=spell.name, c=c.name),
                  "Shielding Scroll": lambda: _("every model affected by {spell} has a 4+ ward save against it",
                                                spell=spell.name)}[item]()
        events.append(Event(kind="dispel", seat=reactive, text=_("{w} reads the {item} instead of dispelling: {effect} (one use).", w=w.name, item=item, effect=effect)))
        return item == "Dispel Scroll", item
    n = int(answer)
    dispeller, icon = _dispeller(state, reactive, f"dispeller-{tag}", _("Which wizard dispels (its level bonus counts unless its concentration is broken)?"))
    wand = False
    if dispeller is not None and has_item(state, dispeller, "Wand of Stability"):
        wand = decide(state, reactive, f"wand-{tag}", _("Use {dispeller}'s Wand of Stability (+D6, one use, ignores Insufficient Power)?", dispeller=dispeller.name), ["no", "yes"], default="no") == "yes"
    return _dispel_roll(state, reactive, dispeller, n, casting_total, spell.name, bound, events, wand=wand,
                        icon=icon), None


def scroll_refusal(state: NinthAgeState, seat: str, word: str):
    """Why the scroll ``word`` (scroll, binding, backlash, shielding) is not an answer to
    ``seat``'s dispel question, when the army carries it (None otherwise: the plain refusal,
    which gives nothing of a hidden list away): spent, its bearer slain, off the table or
    fleeing, or the Backlash Scroll, which has no effect on this spell."""
    item = SCROLLS.get(word.strip().lower())
    if item is None:
        return None
    bearers = [c for c in state.casters.values() if c.seat == seat and carries(state, c, item)]
    if not bearers:
        return None
    if all(item in c.used_items for c in bearers):  # one use (§23.2)
        c = bearers[0]
        turn = c.used_turns.get(item)
        if turn is None:  # spent in a game stored before the turn was kept
            return _("The {item} is spent: {c} already read it, and it works once (§23.2).", item=item, c=c.name)
        return _("The {item} is spent: {c} read it in game turn {turn}, and it works once (§23.2).",
                 item=item, c=c.name, turn=turn)
    able = [c for c in bearers if item not in c.used_items]
    if not any(caster_alive(state, c) for c in able):
        return ngettext("The {item} cannot be read: {names}, who carries it, is no longer on the table.",
                        "The {item} cannot be read: {names}, who carry one, are no longer on the table.",
                        len(able), item=item, names=commas(c.name for c in able))
    if all(caster_unit(state, c).fleeing for c in able if caster_alive(state, c)):  # seed 001:946-947
        return _("The {item} cannot be read: its bearer's unit is fleeing, and a fleeing unit neither dispels nor "
                 "activates a one-use item (§8.9).", item=item)
    if item == "Backlash Scroll":
        return _("The Backlash Scroll has no effect on a bound spell nor on a spell cast with a single power die "
                 "(§23.7).")
    return None


def scroll_reader_refusal(state: NinthAgeState, decision, answer: str):
    """Why ``answer`` is no answer to "Who reads the {item}?" (the scroll ``decision`` asks its
    reader for, §23.7): the model named is the enemy's, carries no such scroll, read its own
    already (one use, §23.2), is no longer on the table, stands in a fleeing unit (seed
    001:946-947), or is no Wizard and the scroll an Arcane item (seed 001:3711-3745: only the
    Dispel Scroll is also an Enchanted item, in an army with no wizards). None when the name is
    no model's, or names one of the readers offered (the plain refusal says the options)."""
    item = _asked_scroll(state, decision)
    key = str(answer or "").strip().casefold()
    if item is None or not key:
        return None
    seat = decision.seat
    mine = [c for c in state.casters.values() if c.seat == seat]
    found = [c for c in mine if c.name.casefold() == key] or [c for c in mine if c.name.casefold().startswith(key)]
    if len(found) != 1:
        unit = next((u for u in state.units.values() if u.id.casefold() == key), None)
        if unit is None or found:
            return None
        if unit.owner != seat:
            return ngettext("{unit} is not of your army: your {item} is read by one of your own models (§23.7).",
                            "{unit} are not of your army: your {item} is read by one of your own models (§23.7).",
                            number(state, unit), unit=unit.id, item=item)
        return ngettext("{unit} carries no {item} (§23.7).", "{unit} carry no {item} (§23.7).", number(state, unit),
                        unit=unit.id, item=item)
    c = found[0]
    if c.name in decision.options:
        return None
    if not carries(state, c, item):
        return _("{c} carries no {item} (§23.7).", c=c.name, item=item)
    if item in c.used_items:
        return _("{c} has already read its {item}, and it works once (§23.2).", c=c.name, item=item)
    if not caster_alive(state, c):
        return _("{c} cannot read the {item}: it is no longer on the table.", c=c.name, item=item)
    if caster_unit(state, c).fleeing:
        return _("{c} cannot read the {item}: its unit is fleeing, and a fleeing unit neither dispels nor "
                 "activates a one-use item (§8.9).", c=c.name, item=item)
    if not is_wizard(c) and item != "Dispel Scroll":
        return _("{c} cannot read the {item}: it is no Wizard, and only a Wizard reads an Arcane item (§23.7).",
                 c=c.name, item=item)
    return None


def _asked_scroll(state: NinthAgeState, decision) -> str | None:
    """The scroll a "Who reads the {item}?" question asks about: as the question was made, or
    (a question stored without it) the one scroll every reader offered carries."""
    said = decision.message or {}
    if said.get("msgid") == "Who reads the {item}?":
        item = said.get("params", {}).get("item")
        if item in SCROLLS.values():
            return item
    mine = {c.name: c for c in state.casters.values() if c.seat == decision.seat}
    fits = [item for item in SCROLLS.values()
            if decision.options and all(o in mine and has_item(state, mine[o], item) for o in decision.options)]
    return fits[0] if len(fits) == 1 else None


def aether_icons(state: NinthAgeState, seat: str) -> list[str]:
    """``seat``'s units on the table, not fleeing, that carry the Aether Icon, its standard not lost: each may
    dispel "come fosse un Maestro Mago" (§23.8, [A-44]: +2, a Wizard Master's level bonus; the unit
    is no wizard otherwise)."""
    from engine.rulesets.ninth_age.mixed_units import joined

    out = []
    for u in state.on_table(seat):
        if u.fleeing:  # a fleeing unit does not dispel (seed 001:946-947)
            continue
        if any("aether icon" in {i.strip().lower() for i in state.unit_entry(m).magic_items} and not m.standard_lost
               for m in [u] + joined(state, u)):
            out.append(u.id)
    return out


def _dispeller(state: NinthAgeState, seat: str, key: str, question: str) -> tuple[Caster | None, str | None]:
    """Who makes the dispel attempt: one of ``seat``'s wizards, a unit with the Aether Icon, or
    no wizard (asked when there is a choice)."""
    mine = wizards(state, seat)
    icons = [u for u in aether_icons(state, seat) if u not in {w.name for w in mine}]
    if not mine and not icons:
        return None, None
    if icons:
        question = _("Who dispels: a wizard (its level bonus counts unless its concentration is broken), a unit with the Aether Icon (+2, as a Wizard Master), or no wizard?")
    who = decide(state, seat, key, question, [w.name for w in mine] + icons + ["no-wizard"],
                 default=(mine[0].name if mine else icons[0]))
    if who in icons:
        return None, who
    return (None if who == "no-wizard" else find_caster(state, seat, who)), None


def _sceptre(state: NinthAgeState, c: Caster, spell: Spell, faces: list[int], events: list[Event]) -> list[int]:
    """The Sceptre of Power (one use): re-roll one power die of this cast, the caster's choice."""
    if not has_item(state, c, "Sceptre of Power"):
        return faces
    answer = decide(state, c.seat, f"sceptre-{state.magic.number}-{len(state.magic.attempted)}",
                    _("{c} rolled {join} for {spell}. Re-roll one die with the Sceptre of Power (say which, 1 for the first), or keep?", c=c.name, join=commas(map(str, faces)), spell=spell.name), ["keep"] + [str(i + 1) for i in range(len(faces))],
                    default="keep")
    if answer == "keep":
        return faces
    from engine.rulesets.ninth_age.dice import Dice, d6_roller

    i = int(answer) - 1
    again = Dice.of(faces).reroll(d6_roller(state.rng, f"{c.name}: Sceptre of Power"), "Sceptre of Power", [i])
    _used(state, c, "Sceptre of Power", events)
    events.append(Event(kind="roll", seat=c.seat, text=_("{c} re-rolls the {faces} with the Sceptre of Power: {faces2} (one use).", c=c.name, faces=faces[i], faces2=again.faces[i])))
    return again.faces


def _dispel_roll(state: NinthAgeState, seat: str, dispeller: Caster | None, n: int, needed: int, spell: str,
                 bound: bool, events: list[Event], wand: bool = False, icon: str | None = None) -> bool:
    _spend(state, seat, n)
    broken = dispeller is not None and dispeller.name in state.magic.broken
    bonus = casting_bonus(state, dispeller, dispel=True) if dispeller else 0
    if dispeller is not None and has_item(state, dispeller, "Book of Arcane Power"):
        _reveal(state, dispeller, "Book of Arcane Power", events)  # it adds to the roll (§2.4)
    who = dispeller.name if dispeller else state.seat(seat).name
    if icon is not None:  # the Aether Icon (§23.8): a Wizard Master's +2; no concentration to lose ([A-44])
        bonus, who = casting.level_bonus(3), _("{unit} (Aether Icon, as a Wizard Master)", unit=icon)
        from engine.rulesets.ninth_age.hidden import reveal
        from engine.rulesets.ninth_age.mixed_units import joined

        for m in [state.units[icon]] + joined(state, state.units[icon]):  # used: a hidden one is revealed (§2.4)
            for item in state.unit_entry(m).magic_items:
                if item.strip().lower() == "aether icon" and not m.standard_lost:
                    reveal(state, m.owner, m.id, item, _("its unit dispels with it"), events)
    roll = roll_dice(f"{n}d6", state.rng, purpose=_('{who} dispels {spell}', who=who, spell=spell))
    d3_face = _op_d3(state, roll.dice, _('{who}: Overwhelming Power D3', who=who))
    source = casting_bonus_source(state, dispeller, dispel=True) if dispeller is not None and icon is None else None
    total = casting.attempt(list(roll.dice), modifiers=bonus, d3_face=d3_face, broken=broken, ignore_insufficient=wand,
                            source=source)
    extra = 1 if bound else 0  # +1 against a bound spell (§9.12)
    wand_text = ""
    if wand and broken:  # "non può aggiungere alcun bonus" (seed 001:1199): the Wand's +D6 is a modifier, a bonus
        _used(state, dispeller, "Wand of Stability", events)
        wand_text = _(" (Wand of Stability: no +D6 with broken concentration; Insufficient Power ignored)")
    elif wand:  # a modifier, not a dispel die
        w = roll_dice("1d6", state.rng, purpose=_('{who}: Wand of Stability', who=who))
        extra += w.total
        _used(state, dispeller, "Wand of Stability", events)
        wand_text = _(" +{total} (Wand of Stability)", total=w.total)
    ok = not total.insufficient and total.total + extra >= needed
    text = text_join("", [_("{who} dispels {spell} with {value_n} dice: {describe}", who=who, spell=spell, value_n=n, describe=total.describe()), (_(", +1 against a bound spell") if bound else "")])
    text = text_join("", [text, wand_text])
    if extra and not total.insufficient:  # the sum the dispel is judged by: "→ 9, +1 against a bound spell = 10"
        text = text_join("", [text, _(" = {total}", total=total.total + extra)])
    text = text_join("", [text, text_join("", [_(" against {needed}: ", needed=needed), (_("dispelled.") if ok else _("it fails"))])])
    if not ok and dispeller is not None:
        _break(state, dispeller)
        text = text_join("", [text, _("; {dispeller} loses concentration.", dispeller=dispeller.name)])
    elif not ok:
        text = text_join("", [text, "."])
    events.append(Event(kind="roll", seat=seat, roll=roll, text=text))
    return ok


def dispellable(state: NinthAgeState, seat: str) -> list[Effect]:
    """RiP spells cast in an earlier phase that ``seat`` may try to end now."""
    return [e for e in state.effects if e.duration == "remains in play" and e.phase < state.magic.number
            and not e.attribute]


def in_play_question(key: str) -> bool:
    """Whether ``key`` is the question of :func:`rip_window` that asks which spell in play to dispel."""
    return re.fullmatch(r"rip-\d+-\d+", key) is not None


def _spoken(words: str) -> str:
    """A spell's name as compared with what a player wrote: case, hyphens and spacing aside."""
    return re.sub(r"\s*:\s*", ":", " ".join(words.replace("-", " ").replace("_", " ").casefold().split()))


def options_named(options: list[str], answer: str) -> list[str]:
    """The options ``id:Spell-Name`` of :func:`rip_window` that ``answer`` names: the option, the
    spell's name or its number, as players write them (``Forge Heart`` for ``3:Forge-Heart``)."""
    said = _spoken(answer)
    return [o for o in options if ":" in o and said in (_spoken(o), _spoken(o.split(":", 1)[1]), _spoken(o.split(":", 1)[0]))]


def rip_window(state: NinthAgeState, events: list[Event]) -> None:
    """Step 2 of §9.5: the reactive player may try to dispel the active player's Remains-in-Play
    spells cast in an earlier phase (asked, repeatedly, while they want to and can)."""
    reactive = state.enemy_of(state.active)
    m = state.magic
    _end_spells_of_the_slain(state, events)
    while True:
        theirs = [e for e in dispellable(state, reactive) if e.seat != reactive]
        own = [e for e in dispellable(state, reactive) if e.seat == reactive]
        if not theirs and not own:
            return
        if not own and dice_left(state, reactive) == 0:
            return
        m.windows += 1
        names = [f"{e.id}:{e.spell.replace(' ', '-')}" for e in theirs + own]
        in_play = [_("{id}: {spell} ({caster}, on {units})", id=e.id, spell=e.spell, caster=e.caster, units=listed(e.units)) for e in theirs + own]
        answer = decide(state, reactive, f"rip-{m.number}-{m.windows}", _("Spells remain in play: {spells}. Dispel one (your own end at once)? Say which, or none.", spells=text_join("; ", in_play)), ["none"] + names, default="none")
        if answer == "none":
            events.append(Event(kind="dispel", seat=reactive, text=_("{name} leaves the spells in play as they are.", name=state.seat(reactive).name)))
            return
        effect = next(e for e in theirs + own if f"{e.id}:{e.spell.replace(' ', '-')}" == answer)
        if effect.seat == reactive:
            end_effect(state, effect, events, _("its caster's side ends it"))
            continue
        left = dispel_dice_left(state, reactive)
        n = int(decide(state, reactive, f"rip-dice-{m.number}-{m.windows}", _("How many dispel dice against {spell} (it needs {lowest_casting_value})?", spell=effect.spell, lowest_casting_value=effect.lowest_casting_value),
                       [str(k) for k in range(1, left + 1)], default="1"))
        dispeller, icon = _dispeller(state, reactive, f"rip-wizard-{m.number}-{m.windows}", _("Which wizard dispels?"))
        if _dispel_roll(state, reactive, dispeller, n, effect.lowest_casting_value, effect.spell, effect.bound, events,
                        icon=icon):
            end_effect(state, effect, events, _("dispelled"))


def dispel_in_play(state: NinthAgeState, seat: str, spell_text, dice: int | None, wizard=None,
                   events: list[Event] | None = None) -> None:
    """Step 3 of §9.5: the active player ends its own RiP spell at once, or dispels an enemy one
    cast in an earlier phase with power dice used as dispel dice (§9.6)."""
    events = events if events is not None else []
    _can_act(state, seat)
    key = str(spell_text or "").strip().lower()
    found = [e for e in dispellable(state, seat)
             if e.spell.lower() == key or str(e.id) == key or f"{e.id}:{e.spell}".lower() == key]
    if len(found) != 1:
        in_play = commas(_("{id}: {spell}", id=e.id, spell=e.spell) for e in dispellable(state, seat)) or _("none")
        raise IllegalAction("unknown-spell", _("More than one spell {spell_text!r} may be dispelled now (Remains in Play, cast in an earlier phase). In play: {in_play}.", spell_text=spell_text, in_play=in_play) if found
                            else _("No spell {spell_text!r} may be dispelled now (Remains in Play, cast in an earlier phase). In play: {in_play}.", spell_text=spell_text, in_play=in_play))
    effect = found[0]
    if effect.seat == seat:
        end_effect(state, effect, events, _("its caster's side ends it"))
    else:
        if not dice or dice < 1:
            raise IllegalAction("bad-dice", _("Say how many power dice dispel it (dice:N, at least 1)."))
        if dice > dispel_dice_left(state, seat):
            raise IllegalAction("no-dice", text_join("", [_("You may use {dispel_dice_left} magic dice for this dispel (the pool, 12 a phase", dispel_dice_left=dispel_dice_left(state, seat)), (_(", 5 an attempt).") if state.options.get("dispel_dice_capped") else ").")]))
        icons = {u.lower(): u for u in aether_icons(state, seat)}
        icon = icons.get(str(wizard).strip().lower()) if wizard else None  # the Aether Icon's unit (§23.8)
        dispeller = find_caster(state, seat, wizard) if wizard and icon is None else None
        if dispeller and (not is_wizard(dispeller) or dispeller not in wizards(state, seat)):
            raise IllegalAction("not-a-wizard", _("{dispeller} is not a non-fleeing wizard on the table.", dispeller=dispeller.name))
        if _dispel_roll(state, seat, dispeller, dice, effect.lowest_casting_value, effect.spell, effect.bound, events,
                        icon=icon):
            end_effect(state, effect, events, _("dispelled"))
    rip_window(state, events)


def magical_move(state: NinthAgeState, seat: str, unit: UnitState, kind: str, do, events: list[Event]) -> None:
    """§9.13: a magical move is made as in a fresh Remaining Moves sub-phase, the spell's distance
    replacing M, never a March; a unit makes one per Magic phase. ``do(movement)`` makes the
    advance or reform with that allowance."""
    _can_act(state, seat)
    m = state.magic
    if unit.id not in m.moves:
        raise IllegalAction("no-magical-move", ngettext("{unit} has no magical move to make; in the Magic phase units move only when a spell gives them a magical move (§9.13).", "{unit} have no magical move to make; in the Magic phase units move only when a spell gives them a magical move (§9.13).", number(state, unit), unit=unit.id))
    if kind == "march":
        raise IllegalAction("cannot-march", _("A magical move is never a March (§9.13); /advance or /reform."))
    from engine.rulesets.ninth_age.random_movement import remaining_like_refusal

    why = remaining_like_refusal(state, unit, "magical")
    if why:
        raise IllegalAction("cannot-move", why)
    flags = ("moved", "charged", "failed_charge", "declared_charge", "rallied", "marched", "reformed",
             "joined_this_phase")
    before = {f: getattr(unit, f) for f in flags}
    # a fresh Remaining Moves sub-phase: a character that joined the unit in the Movement phase does not
    # keep it from its magical move (§16.2's "may not move again" is that phase's)
    for f in ("moved", "charged", "failed_charge", "declared_charge", "rallied", "joined_this_phase"):
        setattr(unit, f, False)
    try:
        do(m.moves[unit.id])
    except IllegalAction:
        for f, v in before.items():
            setattr(unit, f, v)
        raise
    for f, v in before.items():  # what the Movement phase recorded still stands (a march stops shooting)
        setattr(unit, f, v or getattr(unit, f))
    unit.moved = True
    del m.moves[unit.id]
    m.moved.append(unit.id)


def magical_leave(state: NinthAgeState, seat: str, char: UnitState, march: bool, do, events: list[Event]) -> None:
    """§9.13: a character in a unit given a magical move may leave the unit with it ("Le azioni che
    un'Unità sarebbe normalmente in grado di fare nella sotto-fase Movimenti Rimanenti possono essere
    compiute (come [...] lasciare Unità [...]), con l'eccezione che l'Unità non può marciare"), the
    move's distance replacing its M; it is the character's one magical move of the phase, and, as a
    character leaving does not count as its unit moving (§16.3), the unit keeps its own.
    ``do(movement)`` makes the leave move with that allowance."""
    _can_act(state, seat)
    m = state.magic
    host = state.units[char.host] if char.location == "joined" and char.host else None
    if host is None:
        raise IllegalAction("not-joined", _("{char} is not in a unit.", char=char.id))
    if char.id in m.moved:
        raise IllegalAction("cannot-move", ngettext("{u} has already made a magical move this phase and cannot move again (§9.13).", "{u} have already made a magical move this phase and cannot move again (§9.13).", number(state, char), u=char.id))
    if host.id in m.moved:
        raise IllegalAction("cannot-move", ngettext("{host} has already made its magical move this phase, {char} with it: it cannot move again (§9.13).",
                                                    "{host} have already made their magical move this phase, {char} with them: it cannot move again (§9.13).",
                                                    number(state, host), host=host.id, char=char.id))
    if host.id not in m.moves:
        raise IllegalAction("no-magical-move", ngettext("{host} has no magical move to make: in the Magic phase {char} leaves it only with a magical move a spell gave the unit (§9.13).",
                                                        "{host} have no magical move to make: in the Magic phase {char} leaves them only with a magical move a spell gave the unit (§9.13).",
                                                        number(state, host), host=host.id, char=char.id))
    if march:
        raise IllegalAction("cannot-march", _("A magical move is never a March (§9.13); /advance or /reform."))
    from engine.rulesets.ninth_age.random_movement import remaining_like_refusal

    why = remaining_like_refusal(state, char, "magical")
    if why:
        raise IllegalAction("cannot-move", why)
    before = (char.moved, host.joined_this_phase)
    char.moved = host.joined_this_phase = False  # a fresh Remaining Moves sub-phase
    try:
        do(m.moves[host.id])
    except IllegalAction:
        char.moved, host.joined_this_phase = before
        raise
    host.joined_this_phase = before[1]
    char.moved = True
    m.moved.append(char.id)


def end_effect(state: NinthAgeState, effect: Effect, events: list[Event], why: str) -> None:
    state.effects.remove(effect)
    events.append(Event(kind="spell_ends", seat=effect.seat, text=_("{spell} ({caster}) ends: {why}; it leaves {join}.", spell=effect.spell, caster=effect.caster, why=why, join=commas(effect.units))))


def end(state: NinthAgeState, events: list[Event]) -> None:
    """Step 6: the end of the phase; unused magic dice are lost. The phase's record stays (its
    templates are drawn on the board after the phase) until the next Magic phase."""
    if state.magic:
        left = commas([_("{name}: {n}", name=state.seat(s).name, n=n) for s, n in state.magic.pools.items() if n])
        if left:
            events.append(Event(kind="magic_end", text=_("Unused magic dice are lost ({left}).", left=left)))
        state.magic.pools = {s: 0 for s in state.magic.pools}


# -- effects ---------------------------------------------------------------------------------------
def apply_spell(state: NinthAgeState, c: Caster, spell: Spell, effect: SpellEffect, targets: list[UnitState],
                point: Point | None, value: int, part: str | None, events: list[Event], *, bound: bool = False,
                pose: dict | None = None) -> None:
    """Step 6: the spell's effect on its targets (hits, templates, wounds healed or recovered
    (§7.8), modifiers for its duration).
    A lasting spell keeps the lowest value a dispel must reach (§9.6): the lowest casting value,
    a bound spell's Power Level ("il Livello di Potere ha la precedenza", §9.12)."""
    me = caster_unit(state, c)
    t = _types(spell)
    vortex = vortex_of(spell.types)
    if effect.summon is not None and pose is not None:
        _summoned(state, c, spell, effect, pose, events)
    if vortex is not None:
        _vortex(state, c, spell, effect, vortex, point, events)
    elif "line template" in t:
        end_at = targets[0].footprint().centre if targets else point
        start = me.footprint().world((0, me.footprint().half_depth))
        # a ruling: the line starts at the caster's front, so the caster itself is not under it
        _template_hits(state, c, spell, effect, Line(start=start, end=end_at),
                       TemplateMark(kind="line", spell=spell.name, start=start, end=end_at), events, skip=me.id)
    elif effect.template is not None:
        aim = point or targets[0].footprint().centre
        land = aim
        if effect.scatter:
            land = _scatter(state, c, spell, aim, effect.scatter, events)
        _template_hits(state, c, spell, effect, Circle(centre=land, diameter=effect.template),
                       TemplateMark(kind="round", spell=spell.name, diameter=effect.template, start=land, end=land,
                                    aimed=aim if land != aim else None), events)
    elif effect.deals_hits:
        for u in targets:
            n, text = _count(state, effect.hits, _("{spell}: hits on {u}", spell=spell.name, u=u.id))
            events.append(Event(kind="spell", seat=c.seat, text=ngettext("{spell} strikes {u}: {text} hit at Strength {strength}.", "{spell} strikes {u}: {text} hits at Strength {strength}.", n, spell=spell.name, u=u.id, text=text, strength=effect.strength)))
            _hit(state, c, spell, effect, u, n, events, spread=True)
    if effect.heal or effect.recover:  # §7.8: a unit's own models; a character only as the target itself
        from engine.rulesets.ninth_age.healing import heal_event

        for u in targets:
            if u.on_table or (u.location == "joined" and u.host in state.units and state.units[u.host].on_table):
                events.append(heal_event(state, u, effect.heal or effect.recover,
                                         _("{spell}: wounds on {u}", spell=spell.name, u=u.id),
                                         recover=effect.recover is not None, seat=c.seat, reason=spell.name)[1])
    if effect.magical_move:
        for u in targets:
            if u.location == "joined":  # a Focused spell on a character inside a unit: not a unit to move
                events.append(Event(kind="spell", seat=c.seat, text=_("{u} is inside {host} and cannot make the magical move on its own (§9.13).", u=u.id, host=u.host)))
            elif u.id in state.magic.moved:
                events.append(Event(kind="spell", seat=c.seat, text=ngettext("{u} has already made a magical move this phase and cannot move again (§9.13).", "{u} have already made a magical move this phase and cannot move again (§9.13).", number(state, u), u=u.id)))
            elif u.fleeing or engaged(state, u):
                events.append(Event(kind="spell", seat=c.seat, text=(ngettext("{u} is fleeing and cannot make the magical move (§9.13).", "{u} are fleeing and cannot make the magical move (§9.13).", number(state, u), u=u.id) if u.fleeing
                                                                          else ngettext("{u} is engaged and cannot make the magical move (§9.13).", "{u} are engaged and cannot make the magical move (§9.13).", number(state, u), u=u.id))))
            else:
                state.magic.moves[u.id] = effect.magical_move
                events.append(Event(kind="spell", seat=c.seat, text=ngettext("{u} may now make a magical move of {magical_move}\": /advance or /reform it (no march), or go on casting.", "{u} may now make a magical move of {magical_move}\": /advance or /reform them (no march), or go on casting.", number(state, u), u=u.id, magical_move=decimal(effect.magical_move, "g"))))
    if effect.lasting:
        if spell.duration == "instant":
            return
        # the characters in a target unit are part of it and affected, and stay so if they leave;
        # those who join it later are not (§9.4 durations, §16.2)
        inside = [ch.id for u in targets if part is None for ch in state.units.values()
                  if ch.host == u.id and ch.location == "joined"]
        state.effects.append(Effect(id=state.next_effect, spell=spell.name, caster=c.name, seat=c.seat,
                                    duration=spell.duration, units=[u.id for u in targets] + inside, part=part,
                                    modifiers=dict(effect.modifiers), halve=list(effect.halve),
                                    armour=effect.armour, ward=effect.ward,
                                    lowest_casting_value=value if bound else min(spell.casting_value, value),
                                    phase=state.magic.number, bound=bound))
        state.next_effect += 1
        change = commas([*(_("{characteristic} {value:+d}", characteristic=abbreviation(k), value=v) for k, v in effect.modifiers.items()),
                                  *(_("{characteristic} halved", characteristic=abbreviation(k)) for k in effect.halve),
                                  *([_("armour save +{value}", value=effect.armour)] if effect.armour else []),
                                  *([_("Ward Save ({value}+)", value=effect.ward)] if effect.ward else [])])
        units = commas(u.id for u in targets) or _("no unit")
        events.append(Event(kind="spell", seat=c.seat, text=(_("{spell} takes hold on {units} ({part}): {change} ({duration}).", spell=spell.name, units=units, part=part, change=change, duration=Text(DURATION_WORDS[spell.duration])) if part
                              else _("{spell} takes hold on {units}: {change} ({duration}).", spell=spell.name, units=units, change=change, duration=Text(DURATION_WORDS[spell.duration])))))


def _attribute_target(state: NinthAgeState, c: Caster, lore: Lore) -> str | None:
    """Step 1 of §9.7: the attribute spell's target is declared with the cast (asked when the
    attribute spell has more than one legal target and is not an Aura)."""
    spell = lore.attribute
    if spell is None or "aura" in _types(spell):
        return None
    legal = [u.id for u in _attribute_candidates(state, c, spell)]
    if len(legal) <= 1:
        return legal[0] if legal else None
    return decide(state, c.seat, f"attribute-{state.magic.number}-{len(state.magic.attempted)}",
                  _("Which unit does {spell} (the lore's attribute spell) target if the spell is cast?", spell=spell.name), legal)


def _attribute_candidates(state: NinthAgeState, c: Caster, spell: Spell) -> list[UnitState]:
    t = _types(spell)
    if "caster's unit" in t:
        return [caster_unit(state, c)]
    return [state.units[c.unit]] if "caster" in t else legal_targets(state, c, spell)


def attribute(state: NinthAgeState, c: Caster, lore: Lore, events: list[Event], declared: str | None = None) -> None:
    """§9.11: cast automatically after a spell of its lore, if it has a legal target (the one
    declared with the cast, if still legal); never dispelled."""
    spell = lore.attribute
    t = _types(spell)
    targets = _attribute_candidates(state, c, spell)
    if declared is not None and "aura" not in t:
        targets = [u for u in targets if u.id == declared]
    if not targets:
        events.append(Event(kind="spell", seat=c.seat, text=_("{spell} (attribute) has no legal target.", spell=spell.name)))
        return
    before = len(state.effects)
    apply_spell(state, c, spell, spell.resolve, targets[:1] if "aura" not in t else targets, None,
                spell.casting_value, None, events)
    for e in state.effects[before:]:
        e.attribute = True


def _count(state: NinthAgeState, expr: str | None, purpose: str) -> tuple[int, str]:
    expr = (expr or "1").upper()
    if expr.isdigit():
        return int(expr), expr
    roll = roll_dice(expr.replace("D", "d") if expr[0] != "D" else "1" + expr.replace("D", "d"), state.rng,
                     purpose=purpose)
    return roll.total, f"{expr} = {'+'.join(map(str, roll.dice))}" + (f" → {roll.total}" if len(roll.dice) > 1
                                                                         or "+" in expr else "")


def _scatter(state: NinthAgeState, c: Caster, spell: Spell, aim: Point, dist: str, events: list[Event]) -> Point:
    """Scatter the template (§1.2): the scatter die (1 or 6 a HIT), then the distance dice."""
    roll = roll_dice("1d6", state.rng, purpose=_('{spell}: scatter die', spell=spell.name))
    if is_hit(roll.total):
        events.append(Event(kind="roll", seat=c.seat, roll=roll, text=_("{spell}: scatter die {total}: HIT, the template stays where it was aimed.", spell=spell.name, total=roll.total)))
        return aim
    bearing = random_bearing(state.rng)
    n, text = _count(state, dist, _("{spell}: scatter distance", spell=spell.name))
    dx, dy = direction(bearing)
    land = (aim[0] + dx * n, aim[1] + dy * n)
    events.append(Event(kind="roll", seat=c.seat, roll=roll, text=_("{spell}: scatter die {total}: an arrow at {bearing}°; distance {text}: the template moves {value_n}\" to ({land}, {land2}).", spell=spell.name, total=roll.total, bearing=decimal(bearing, ".0f"), text=text, value_n=n, land=decimal(land[0], ".1f"), land2=decimal(land[1], ".1f"))))
    return land


def _vortex(state: NinthAgeState, c: Caster, spell: Spell, effect: SpellEffect, vortex: tuple[float, float],
            point: Point, events: list[Event]) -> None:
    """§9.3 Vortex: placed touching the caster in its front arc, then D6: 1-5 moves result × X
    toward the point; 6 centres it on the caster and moves D6" in a random direction. Every
    model under its path is hit."""
    x, size = vortex
    fp = caster_unit(state, c).footprint()
    centre, front, base = _caster_base(state, c)
    bearing = bearing_between(front, point)
    if not ShapelyPoint(point).intersects(arc_region(fp, "front")):
        bearing = fp.bearing  # a ruling: a point outside the front arc sends the template straight ahead
    dx, dy = direction(bearing)
    if state.vortex_ahead_v7:
        # "a contatto di basetta con il mago, con il centro della Sagoma all'interno dell'arco frontale"
        # (seed 001:1099-1100): the player places it, and places it straight ahead of the wizard's
        # front, where it touches the base and lies clear of the unit's front rank; from there it
        # goes toward the point. Sent aslant from the wizard's front (as before version 7), it swept
        # over the wizard's own neighbours in the front rank, which no player would choose.
        fx, fy = direction(fp.bearing)
        start = (front[0] + fx * (size / 2 + 0.01), front[1] + fy * (size / 2 + 0.01))
        if ShapelyPoint(point).intersects(arc_region(fp, "front")) and ShapelyPoint(point).distance(ShapelyPoint(start)) > 1e-6:
            dx, dy = direction(bearing_between(start, point))
        else:
            dx, dy = fx, fy
    else:
        # "a contatto di basetta con il mago": touching the base, never over it — sent at a slant, the
        # template is pushed on along its way until it clears the base's front corner
        step = size / 2 + 0.01
        start = (front[0] + dx * step, front[1] + dy * step)
        while base.distance(ShapelyPoint(start)) < size / 2 + 0.005:
            step += 0.005
            start = (front[0] + dx * step, front[1] + dy * step)
    roll = roll_dice("1d6", state.rng, purpose=_('{spell}: vortex', spell=spell.name))
    if roll.total <= 5:
        length = roll.total * x
        end_at = (start[0] + dx * length, start[1] + dy * length)
        text = _("{total} × {x} = {length}\" toward the point", total=roll.total, x=decimal(x, "g"), length=decimal(length, "g"))
    else:
        start = centre  # the caster's own base, inside its unit too (§9.3 "centrata sul mago")
        b = random_bearing(state.rng)
        far = roll_dice("1d6", state.rng, purpose=_('{spell}: vortex distance', spell=spell.name))
        n = far.total
        ex, ey = direction(b)
        end_at = (start[0] + ex * n, start[1] + ey * n)
        text = _("6: centred on {c}, it moves D6 = {n}\" at {bearing}° [{faces}]", c=c.name, n=n,
                 bearing=decimal(b, ".0f"), faces=commas(map(str, far.dice)))
    events.append(Event(kind="roll", seat=c.seat, roll=roll, text=_("{spell} (Vortex): {text}.", spell=spell.name, text=text)))
    _template_hits(state, c, spell, effect, Capsule(start=start, end=end_at, diameter=size),
                   TemplateMark(kind="vortex", spell=spell.name, diameter=size, start=start, end=end_at), events)


def _caster_base(state: NinthAgeState, c: Caster):
    """The caster's own base, as §9.3's Vortex places its template: its centre, the middle
    of its front edge and its outline (a wizard inside a unit stands at its place in the block; a
    Wizard Conclave's Champion is measured as its unit)."""
    from engine.rulesets.ninth_age.mixed_units import position

    fp = caster_unit(state, c).footprint()
    base = position(state, state.units[c.unit]) if not c.conclave else None
    if base is None or state.units[c.unit].garrison:
        return fp.centre, fp.world((0, fp.half_depth)), fp.shape
    centre = (base.centroid.x, base.centroid.y)
    dx, dy = direction(fp.bearing)
    ahead = max((px - centre[0]) * dx + (py - centre[1]) * dy for px, py in base.convex_hull.exterior.coords)
    return centre, (centre[0] + dx * ahead, centre[1] + dy * ahead), base


def _touched(touched) -> Text:
    """The models a template touches, unit by unit ("2 models of spearmen-1"), or "no model"."""
    if not touched:
        return _("no model")
    return commas([ngettext("{n} model of {unit}", "{n} models of {unit}", n, n=n, unit=u.id) for u, n in touched])


def _under_template(state: NinthAgeState, template: Circle, seat: str, events: list[Event],
                    skip: str | None = None) -> list[tuple[UnitState, int, list[int] | None]]:
    """The units a round template touches, each with how many of its models are hit: a garrison
    D6 if the template touches its Building (§18.6, no model indices), any other unit the models
    whose bases are under it (their indices, for §16.4's characters)."""
    touched: list[tuple[UnitState, int, list[int] | None]] = []
    for u in state.on_table():
        if u.id == skip:
            continue
        if u.garrison:
            n = models_under(state, u, template, seat, events)
            if n:
                touched.append((u, n, None))
            continue
        under = [i for i, b in enumerate(u.footprint().models) if template.touches(b)]
        if under:
            touched.append((u, len(under), under))
    return touched


def _template_hits(state: NinthAgeState, c: Caster, spell: Spell, effect: SpellEffect, template,
                   mark: TemplateMark, events: list[Event], skip: str | None = None) -> None:
    state.magic.templates.append(mark)
    per, _skip = _count(state, effect.hits, _("{spell}: hits per model", spell=spell.name))
    touched = _under_template(state, template, c.seat, events, skip=skip)
    events.append(Event(kind="template", seat=c.seat, text=_("{spell}: the template touches {models}.", spell=spell.name, models=_touched([(u, n) for u, n, _i in touched]))))
    for u, n, under in touched:  # a character's base under it: §16.4
        if under is None:  # a garrison's D6 hits: the unit's, allocated over a mixed garrison (§18.6, §16.4)
            _hit(state, c, spell, effect, u, n * per, events, spread=True)
        else:
            _hit(state, c, spell, effect, u, per, events, under=under)


def _hit(state: NinthAgeState, c: Caster, spell: Spell, effect: SpellEffect, unit: UnitState, hits: int,
         events: list[Event], *, no_saves: bool = False, spread: bool = False, under: list[int] | None = None,
         label=None) -> None:
    """A spell's hits on a unit; ``spread``: ordinary hits, allocated on a mixed unit as §16.4
    says; ``under``: a template's, ``hits`` on each of those bases of the unit (§16.4 for a
    character's); ``label``: what the rolls are called, for a unit's id (a miscast's hits are the
    Miscast's, not the spell's: "Miscast (Witchfire) on Spearmen")."""
    purpose = label(unit.id) if label is not None else _("{spell} on {unit}", spell=spell.name, unit=unit.id)
    from engine.rulesets.ninth_age.attacks import resolve_hits, resolve_on_unit, template_on_unit
    from engine.rulesets.ninth_age.damage import Attack

    attack = Attack(strength=effect.strength, category="ranged", armour_piercing=effect.armour_piercing,
                    flaming=effect.flaming, magical=True, spell=True, no_saves=no_saves, source=spell.name)
    if under is not None:
        template_on_unit(state, unit, attack, under, hits, events, attacker=state.units[c.unit], purpose=purpose)
        return
    if unit.location == "joined" and unit.host:  # a Focused spell on a character inside a unit: it alone (§9.3)
        from engine.rulesets.ninth_age.attacks import hits_on_character

        events.append(Event(kind="allocation", seat=c.seat, text=_("{spell} is Focused on {unit} inside {host}: all its hits go to {unit} alone (§9.3).", spell=spell.name, unit=unit.id, host=unit.host)))
        hits_on_character(state, unit, attack, hits, events, purpose, c.seat)
        return
    (resolve_on_unit if spread else resolve_hits)(state, unit, attack, hits, events, attacker=state.units[c.unit],
                                                  purpose=purpose)


# -- miscasts --------------------------------------------------------------------------------------
def miscast(state: NinthAgeState, c: Caster, spell: Spell, pdu: int, events: list[Event],
            face_total: int | None = None) -> None:
    """§9.10: 2D6 on the Miscast table. Hits are S PDU+2, AP (1), magical; the wizard takes no
    saves; then the wizard's side loses PDU more power dice ([A-18])."""
    roll = roll_dice("2d6", state.rng, purpose=_('{c}: Miscast', c=c.name))
    result = casting.miscast_result(roll.total)
    events.append(Event(kind="roll", seat=c.seat, roll=roll, text=_("{c} miscasts: 2D6 = {total}: {result}.", c=c.name, total=roll.total, result=casting.miscast_word(result))))
    if has_item(state, c, "Grounding Rod") and decide(
            state, c.seat, f"rod-{state.magic.number}-{len(state.magic.attempted)}", _("{c} rolled {result} on the Miscast table. Re-roll it with the Grounding Rod (one use)?", c=c.name, result=casting.miscast_word(result)), ["no", "yes"], default="no") == "yes":
        _used(state, c, "Grounding Rod", events)
        roll = roll_dice("2d6", state.rng, purpose=_('{c}: Miscast, re-rolled', c=c.name))
        result = casting.miscast_result(roll.total)
        events.append(Event(kind="roll", seat=c.seat, roll=roll, text=_("Grounding Rod: the Miscast is re-rolled: 2D6 = {total}: {result}.", total=roll.total, result=casting.miscast_word(result))))
    effect = SpellEffect(strength=casting.miscast_strength(pdu), armour_piercing=1, hits="1")
    word = casting.miscast_word(result)

    def label(uid: str) -> Text:  # the hits are the Miscast's ("Incidente di Lancio", §9.10), not the spell's
        return _("Miscast ({result}) on {unit}", result=word, unit=uid)

    me = caster_unit(state, c)
    wizard = state.units[c.unit]
    inside = wizard.id != me.id and not me.garrison  # a wizard that joined a unit: its own base in the block
    champion = _conclave_champion(state, c)  # a Wizard Conclave's Champion: one model of its unit (§22)
    centre = me.footprint().centre
    if inside:
        from engine.rulesets.ninth_age.mixed_units import character_base

        middle = character_base(state, wizard).centroid
        centre = (middle.x, middle.y)
    elif champion is not None and not me.garrison:  # "sul Mago": the Champion's own base in the block
        middle = me.footprint().models[champion].centroid
        centre = (middle.x, middle.y)
    if result in ("Breach in the Veil", "Catastrophic Detonation"):
        size = 5.0 if result == "Breach in the Veil" else 3.0
        template = Circle(centre=centre, diameter=size)
        state.magic.templates.append(TemplateMark(kind="round", spell=f"Miscast: {result}", diameter=size,
                                                  start=centre, end=centre))
        touched = _under_template(state, template, c.seat, events)
        if result == "Catastrophic Detonation" and not any(u.id == me.id for u, _n, _i in touched):
            touched.append((me, 1, None))  # the wizard always takes a hit
        events.append(Event(kind="template", seat=c.seat, text=_("The {size}\" template on {c} touches {models}.", size=decimal(size, "g"), c=c.name, models=_touched([(u, n) for u, n, _i in touched]))))
        for u, n, under in touched:
            if under is not None and u.id == me.id and inside:
                # the wizard's base under it (§16.4): it takes its hit with no saves of any kind (§9.10), and
                # after a Catastrophic Detonation "Il Mago deve subire un colpo" even in situation A
                _miscast_on_block(state, c, spell, effect, me, wizard, under, events,
                                  must=result == "Catastrophic Detonation", label=label)
            elif under is not None and u.id != me.id:  # bases under a template: §16.4 for a character's
                _hit(state, c, spell, effect, u, 1, events, under=under, label=label)
            elif u.id == me.id and (champion is not None or wizard.id != me.id):
                # a Conclave Champion's unit, a garrison the wizard stands in: the wizard's hit alone is unsaved
                if under is not None:  # characters in the Conclave under it: theirs as §16.4 allocates a template's
                    from engine.rulesets.ninth_age.fighters import character_models

                    bases = character_models(state, me)
                    theirs = [i for i in under if i in bases]
                    n = len(under) - len(theirs)
                    if theirs:
                        _hit(state, c, spell, effect, me, 1, events, under=theirs, label=label)
                if n:
                    _miscast_on_own_unit(state, c, spell, effect, me, wizard, n, events, label=label)
            else:  # the wizard standing alone (no saves); a garrison's D6 hits allocated over its characters
                _hit(state, c, spell, effect, u, n, events, no_saves=(u.id == me.id), spread=bool(u.garrison),
                     label=label)
        if result == "Breach in the Veil" and pdu >= 4 and caster_alive(state, c):
            gone = pdu >= 5
            if pdu == 4:
                d = roll_dice("1d6", state.rng, purpose=_('{c}: Breach in the Veil', c=c.name))
                gone = d.total <= 3
                events.append(Event(kind="roll", seat=c.seat, roll=d, text=text_join("", [_("Four power dice: D6 = {total}: ", total=d.total), (_("1-3, the wizard is removed from play.") if gone else _("the wizard stays."))])))
            if gone:
                _remove_from_play(state, c, events)
    elif result == "Witchfire" and wizard.id != me.id:  # in a unit, or in a garrison
        # "L'Unità del Mago subisce DPU colpi distribuiti come per il tiro, tranne che per il fatto il Mago non
        # può ricevere più di un colpo": allocated as shooting hits on a mixed unit (§16.4), the wizard's one
        # at most and with no saves (§9.10)
        from dataclasses import replace

        from engine.rulesets.ninth_age.attacks import resolve_on_unit

        events.append(Event(kind="spell", seat=c.seat, text=text_join("", [ngettext("Witchfire: {me} takes {hits} hit", "Witchfire: {me} takes {hits} hits", pdu, me=me.id, hits=pdu), "."])))
        attack = _miscast_attack(spell, effect)
        resolve_on_unit(state, me, attack, pdu, events, attacker=wizard, purpose=label(me.id),
                        own_attack={wizard.id: replace(attack, no_saves=True)}, most={wizard.id: 1})
    elif result == "Witchfire" and champion is not None:
        # a Conclave's Champion is one model of "L'Unità del Mago": one of the DPU hits is its own, with no
        # saves (§9.10), the others the unit's, with their saves; its last model the Champion, one at most
        hits = pdu if me.models > 1 else 1
        events.append(Event(kind="spell", seat=c.seat, text=text_join("", [ngettext("Witchfire: {me} takes {hits} hit", "Witchfire: {me} takes {hits} hits", hits, me=me.id, hits=hits), (_(" (the wizard takes at most one).") if hits < pdu else ".")])))
        _miscast_on_own_unit(state, c, spell, effect, me, wizard, hits, events, label=label)
    elif result == "Witchfire":
        # the wizard standing alone is its unit: one hit at most
        hits = 1 if me.models == 1 else pdu
        events.append(Event(kind="spell", seat=c.seat, text=text_join("", [ngettext("Witchfire: {me} takes {hits} hit", "Witchfire: {me} takes {hits} hits", hits, me=me.id, hits=hits), (_(" (the wizard takes at most one).") if me.models == 1 else ".")])))
        _hit(state, c, spell, effect, me, hits, events, no_saves=(me.models == 1), label=label)
    elif result == "Backlash":  # "Il Mago e qualunque altro Mago amico subisce un colpo"
        from engine.rulesets.ninth_age.attacks import hits_on_character

        for w in [w for w in wizards(state, c.seat, fleeing=True)]:
            u = state.units[w.unit]
            if u.location == "joined" and u.host:  # a wizard in a unit: the hit is its own (no Focused spell)
                hits_on_character(state, u, _miscast_attack(spell, effect, no_saves=w.name == c.name), 1, events,
                                  label(u.id), c.seat)
            else:
                _hit(state, c, spell, effect, u, 1, events, no_saves=(w.name == c.name), label=label)
    else:  # Amnesia
        drop = max(0, pdu - 2)
        lost = []
        for k in range(drop):
            if not c.spells:
                break
            name = spell.name if k == 0 and spell.name in c.spells else state.rng.choice(sorted(c.spells))
            c.spells.remove(name)
            lost.append(name)
        c.level = max(0, c.level - drop)
        forgotten = commas(lost) or _("nothing")
        events.append(Event(kind="spell", seat=c.seat, text=ngettext("Amnesia: {c} drops {n} level to {level} and forgets {lost}.", "Amnesia: {c} drops {n} levels to {level} and forgets {lost}.", drop, c=c.name, level=c.level, lost=forgotten)))
    if state.magic is not None and not state.options.get("miscast_dice_kept"):
        lose = min(pdu, state.magic.pools[c.seat])
        state.magic.pools[c.seat] -= lose
        events.append(Event(kind="spell", seat=c.seat, text=_("After the miscast {c}'s side loses {lose} more power dice ([A-18]); {pools} left.", c=c.name, lose=lose, pools=state.magic.pools[c.seat])))


def _miscast_attack(spell: Spell, effect: SpellEffect, *, no_saves: bool = False):
    """A miscast's hit: S PDU + 2, Armour Piercing (1), magical (§9.10), as :func:`_hit` makes it."""
    from engine.rulesets.ninth_age.damage import Attack

    return Attack(strength=effect.strength, category="ranged", armour_piercing=effect.armour_piercing,
                  flaming=effect.flaming, magical=True, spell=True, no_saves=no_saves, source=spell.name)


def _miscast_on_block(state: NinthAgeState, c: Caster, spell: Spell, effect: SpellEffect, unit: UnitState,
                      wizard: UnitState, under: list[int], events: list[Event], *, must: bool, label) -> None:
    """A miscast's template on the unit the wizard stands in: a hit on each model under it, a
    character's as §16.4 allocates a template's, the wizard's own with no saves of any kind
    ("Il Mago che subisce l'incidente di lancio non può beneficiare di alcun Tiro Protezione",
    §9.10); ``must``: the wizard takes its hit itself in either situation."""
    from dataclasses import replace

    from engine.rulesets.ninth_age.attacks import template_on_unit

    attack = _miscast_attack(spell, effect)
    template_on_unit(state, unit, attack, under, 1, events, attacker=state.units[c.unit], purpose=label(unit.id),
                     own_attack={wizard.id: replace(attack, no_saves=True)},
                     takes_it=frozenset({wizard.id}) if must else frozenset())


def _miscast_on_own_unit(state: NinthAgeState, c: Caster, spell: Spell, effect: SpellEffect, unit: UnitState,
                         wizard: UnitState, hits: int, events: list[Event], *, label) -> None:
    """A miscast's ``hits`` on the wizard's own unit when the wizard is one model of it: "Il Mago
    che subisce l'incidente di lancio non può beneficiare di alcun Tiro Protezione" (§9.10) is the
    wizard's, not its unit's. A Wizard Conclave's Champion (§22) takes one of them with no saves,
    the rest keep theirs; a wizard in a unit garrisoning a Building takes its share of the
    Building's hits as §16.4 allocates them (§18.6) with no saves, the rest keep theirs."""
    from dataclasses import replace

    from engine.rulesets.ninth_age.attacks import hits_on_champion, resolve_hits, resolve_on_unit

    attack = _miscast_attack(spell, effect)
    purpose = label(unit.id)
    if wizard.id != unit.id:  # a wizard that joined the garrisoning unit
        resolve_on_unit(state, unit, attack, hits, events, attacker=wizard, purpose=purpose,
                        own_attack={wizard.id: replace(attack, no_saves=True)})
        return
    events.append(Event(kind="allocation", seat=c.seat, text=ngettext(
        "{hits} hit on {unit}: it is {c}'s own, with no saves of any kind (§9.10).",
        "{hits} hits on {unit}: one is {c}'s own, with no saves of any kind (§9.10); the others keep their saves.",
        hits, hits=hits, unit=unit.id, c=c.name)))
    if hits > 1 and unit.models > 1:
        resolve_hits(state, unit, attack, hits - 1, events, attacker=wizard, purpose=purpose)
    if unit.on_table and _conclave_champion(state, c) is not None:
        # the Champion's own hit wounds the Champion model, not the wound pool where it goes last (§12.7)
        hits_on_champion(state, unit, replace(attack, no_saves=True), 1, events, label(c.name), c.seat)


def _conclave_champion(state: NinthAgeState, c: Caster) -> int | None:
    """The index in its unit's footprint of a Wizard Conclave caster's Champion model, while it
    stands (:func:`.fighters.champion_model`); None for any other caster."""
    if not c.conclave or not caster_alive(state, c):
        return None
    from engine.rulesets.ninth_age.fighters import champion_model

    unit = state.units[c.unit]
    index = champion_model(state, unit)
    return index if index is not None and index < len(unit.footprint().models) else None


def _remove_from_play(state: NinthAgeState, c: Caster, events: list[Event]) -> None:
    from engine.rulesets.ninth_age.casualties import destroy, joined_positions, remove_models

    unit = state.units[c.unit]
    if c.conclave and unit.models > 1:  # the champion alone goes; its unit fights on without a wizard
        remove_models(unit, 1, joined_positions(state, unit))
        c.slain, unit.champion_lost, unit.champion_wounds = True, True, 0
        events.append(Event(kind="casualties", seat=c.seat, data={"unit": unit.id, "removed": 1},
                            text=ngettext("{c} is torn from the world by the Breach in the Veil: removed from play; {unit} has {models} models left.", "{c} is torn from the world by the Breach in the Veil: removed from play; {unit} have {models} models left.", number(state, unit), c=c.name, unit=unit.id, models=unit.models)))
        return
    text = _("{c} is torn from the world by the Breach in the Veil: removed from play", c=c.name)
    if unit.location == "joined":  # a wizard in a unit leaves its place in the block, as one slain there (§16.5)
        from engine.rulesets.ninth_age.mixed_units import slain_in_unit

        slain_in_unit(state, unit, events, text)
        return
    destroy(state, unit, events, text)


# -- characteristics under spells ------------------------------------------------------------------
