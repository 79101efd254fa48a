"""Assaulting a Building (§18.6, the seed's "Assaltare un Edificio"): the melee between the units
that charged a Building's garrison and the garrison.

- Who fights: at the start of each combat round, the assaulting player first, each side chooses
  up to 10 of its models that are not in base contact with other enemies (Chariots, Monstrous
  Cavalry, Monstrous Infantry and Monstrous Beasts count as 3 models, Monsters and Ridden
  Monsters as 6); they all count as in base contact and may attack any enemy fighting.
- What does not: mounts of any kind, Impact Hits, Lances and Light Lances, and the armour of
  Mount's Protection and Barding (:func:`.neighbours.unmounted`, asked by the §12 pipeline).
- The combat score: the garrison has no ranks, neither for the score nor for Steadfast (it
  counts as 1 rank that is never full, :func:`fighters.unit_full_ranks`); a standard (the
  unit's or the Battle Standard) counts only if its bearer is among the fighters chosen.
- After the round (:func:`outcome`): the assaulter won and the garrison held: it withdraws to 1"
  (reforming) or keeps assaulting; it won and the garrison broke or was destroyed: it enters the
  Building (if it may) or withdraws, or in a multiple combat pursues another broken enemy; the
  garrison won: the assaulter takes its Break test as usual (the garrison may choose not to
  pursue), and if it holds it may combat reform, then it is pushed back to 1" and the fight ends.
  A draw (the seed names no such case) leaves them engaged, as any drawn combat.

Every choice is a /decide question to the player who makes it.
"""

from __future__ import annotations

from engine.core import Event
from engine.core.decisions import decide
from engine.core.text import _, join as text_join, ngettext, commas
from engine.rulesets.ninth_age import garrison
from engine.rulesets.ninth_age.fighters import (
    STOMPABLE, Blow, _character_blows, _part_attacks, character_models, fighting_models, part_strength, part_ws,
    random_attacks, special_value, struck_by_fear,
)
from engine.rulesets.ninth_age.magic_state import profile_value
from engine.rulesets.ninth_age.mixed_units import command_positions, joined, unit_troop_type
from engine.rulesets.ninth_age.grammar import number
from engine.rulesets.ninth_age.neighbours import assault_foes
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState

MOST_FIGHTERS = 10
WORTH = {"chariot": 3, "monstrous cavalry": 3, "monstrous infantry": 3, "monstrous beast": 3, "monster": 6,
         "ridden monster": 6}
NO_MOUNT = ("mount", "draught")
NO_LANCES = ("lance", "light lance")


def in_assault(state: NinthAgeState, unit: UnitState) -> bool:
    return bool(assault_foes(state, unit))


def worth(state: NinthAgeState, unit: UnitState) -> int:
    """How many of the 10 one of its models counts as (§18.6)."""
    return WORTH.get(state.unit_entry(unit).troop_type, 1)


# -- who fights ------------------------------------------------------------------------------------
def choose_fighters(state: NinthAgeState, group: list[str], events: list[Event]) -> None:
    """At the start of the round, the assaulting player first, each side picks its fighters."""
    units = [state.units[u] for u in group]
    assaulters = [u for u in units if u.assaulting and in_assault(state, u)]
    if not assaulters:
        return
    garrisons = [u for u in units if u.garrison and in_assault(state, u)]
    budgets: dict[str, int] = {}
    for u in assaulters + garrisons:
        budgets.setdefault(u.owner, MOST_FIGHTERS)
        budgets[u.owner] -= _pick(state, u, budgets[u.owner], events)


def _pick(state: NinthAgeState, unit: UnitState, budget: int, events: list[Event]) -> int:
    """The unit's fighters within ``budget`` (of the 10 its side may have); returns what they count as."""
    when = f"{state.round}-{state.active}-{unit.combat_rounds}"
    entry = state.unit_entry(unit)
    own = worth(state, unit)
    busy = engaged_elsewhere(state, unit)  # in base contact with other enemies: they fight there, not here
    free = max(0, unit.models - len(busy["models"]))
    chosen: list[str] = []
    used = 0
    for c in joined(state, unit):
        w = worth(state, c)
        if used + w > budget or c.location != "joined" or c.id in busy["characters"]:
            continue
        if decide(state, unit.owner, f"assault-fights-{c.id}-{when}", _("Assault on {building}: does {c} fight in this round "
                                                        "({w} of the {most} fighters; {left} left)?",
                                                        building=_building(state, unit), c=c.id, w=w,
                                                        most=MOST_FIGHTERS, left=budget - used),
                  ["yes", "no"], default="yes") == "yes":
            chosen.append(c.id)
            used += w
    most = min(free, (budget - used) // own)
    specials = [(name, getattr(entry.command, name)) for name in ("champion", "standard")]
    for name, has in specials:
        lost = unit.champion_lost if name == "champion" else unit.standard_lost
        if not has or lost or name in busy["command"] or most < 1 + len([x for x in chosen if x in ("champion", "standard")]):
            continue
        word = _("its Champion") if name == "champion" else _("its standard bearer")
        if decide(state, unit.owner, f"assault-{name}-{unit.id}-{when}", _("Assault on {building}: is {word} among {unit}'s fighters "
                                                        "in this round?", building=_building(state, unit), word=word,
                                                        unit=unit.id), ["yes", "no"], default="yes") == "yes":
            chosen.append(name)
    least = max(1 if not chosen else 0, len([x for x in chosen if x in ("champion", "standard")]))
    n = least
    if most > least:
        options = [str(k) for k in range(most, least - 1, -1)]
        n = int(decide(state, unit.owner, f"assault-models-{unit.id}-{when}", _("Assault on {building}: how many of {unit}'s models "
                                                             "fight in this round (each counts as {w} of the "
                                                             "{most_fighters}; at most {most})?",
                                                             building=_building(state, unit), unit=unit.id, w=own,
                                                             most_fighters=MOST_FIGHTERS, most=most),
                          options, default=options[0]))
    elif most < least:
        n = most
    unit.assault_models, unit.assault_with = n, chosen
    named = [c for c in chosen if c not in ("champion", "standard")]
    extra = text_join("", [_(", {who}", who=commas(named)) if named else "",
                           _(", its Champion") if "champion" in chosen else "",
                           _(", its standard bearer") if "standard" in chosen else ""])
    with_models = ngettext("with {n} model", "with {n} models", n)  # the verb agrees with the unit
    events.append(Event(kind="assault", seat=unit.owner, data={"unit": unit.id},
                        text=ngettext("{unit} fights {with_models}{extra} (§18.6: up to {most} a side).",
                                      "{unit} fight {with_models}{extra} (§18.6: up to {most} a side).",
                                      number(state, unit), unit=unit.id, with_models=with_models, most=MOST_FIGHTERS,
                                      extra=extra)))
    return n * own + sum(worth(state, state.units[c]) for c in named)


def engaged_elsewhere(state: NinthAgeState, unit: UnitState) -> dict[str, set]:
    """Who of the unit is in base contact with enemies other than those of the assault, and so may
    not be chosen to fight in it (§18.6: "Fino a 10 modelli per parte che non sono a contatto di
    basetta con altri nemici"): ``models``, the R&F models touching them (its Champion and standard
    bearer among them); ``characters``, the joined characters whose base touches them; ``command``,
    "champion" and "standard" when that model is one of those touching."""
    touching, _supporting = fighting_models(state, unit)
    bases = character_models(state, unit)
    characters = {bases[i] for i in touching if i in bases}
    models = {i for i in touching if i not in bases and i < max(unit.models, unit.formation.models)}
    command = set()
    for name, where in command_positions(state, unit).items():
        if name in ("champion", "standard") and where[0] * unit.formation.files + where[1] in models:
            command.add(name)
    return {"models": models, "characters": characters, "command": command}


def _building(state: NinthAgeState, unit: UnitState) -> str:
    held = unit if unit.garrison else state.units[unit.assaulting]
    return held.garrison or ""


# -- their attacks ---------------------------------------------------------------------------------
def blows(state: NinthAgeState, unit: UnitState, asked: dict[str, str] | None = None) -> list[Blow]:
    """The chosen fighters' attacks at any enemy fighting in the assault; no mount attacks, no
    Impact Hits, no lance's bonus (§18.6). Counted at each Initiative step from the chosen
    fighters still alive then: the R&F left (casualties go from the rear, the Champion last),
    the characters still in the unit. ``asked``: the round's choices already made (fighters.blows)."""
    foes = assault_foes(state, unit)
    if not foes or unit.no_attacks:
        return []
    targets = sorted(f.id for f in foes)
    entry = state.unit_entry(unit)
    champion = "champion" in unit.assault_with and entry.command.champion and not unit.champion_lost
    plain = max(0, min(unit.assault_models, unit.models) - (1 if champion else 0))
    out: list[Blow] = []
    for part, p in enumerate(entry.parts):
        if p.role in NO_MOUNT or p.role == "machine":
            continue
        count, step = _part_attacks(state, unit, part, supporting=False)
        random = random_attacks(entry, part)
        if not (count or random):
            continue
        ws = part_ws(state, unit, part)
        strength, used, ap = part_strength(state, unit, part, lances=False)
        if random and plain:
            bonus = count - entry.unmodified("A", part)
            out.append(Blow(unit.id, part, p.name, step, ws, plain, list(targets), strength=strength, weapon=used,
                            armour_piercing=ap, random=random, bonus=bonus))
        elif count and plain:
            out.append(Blow(unit.id, part, p.name, step, ws, count * plain, list(targets), strength=strength,
                            weapon=used, armour_piercing=ap))
        if champion and not random:
            extra, _step = _part_attacks(state, unit, part, supporting=False, champion=True)
            if extra:
                out.append(Blow(unit.id, part, f"{p.name} Champion", step,
                                ws if struck_by_fear(state, unit) else min(10, ws + 1), extra, list(targets), champion=True,
                                strength=strength, weapon=used, armour_piercing=ap))
    for name in unit.assault_with:
        if name in ("champion", "standard") or name not in state.units:
            continue
        char = state.units[name]
        if char.location != "joined" or char.host != unit.id:  # slain (or the unit itself now, §16.2)
            continue
        out += _character_blows(state, unit, char, False, set(targets), assault=True, asked=asked)
    out += _special(state, unit, targets, plain + (1 if champion else 0), asked=asked)
    for name in unit.assault_with if state.specials_v6 else ():  # a chosen character's own, made by that model
        if name in state.units and state.units[name].location == "joined" and state.units[name].host == unit.id:
            out += _special(state, state.units[name], targets, 1, host=unit, asked=asked)
    return out


def _special(state: NinthAgeState, unit: UnitState, targets: list[str], fighters: int,
             host: UnitState | None = None, asked: dict[str, str] | None = None) -> list[Blow]:
    """Stomp and Grinding Attacks of the unit's fighting models, as in base contact with every
    enemy fighting (§22); a mount's never (mounts do not fight), nor Impact Hits (§18.6).
    ``host``: ``unit`` is a character chosen to fight in it, making its own ("Gli effetti che
    causano Attacchi Speciali [...] influenzano esclusivamente la parte del modello che ha la regola
    speciale", seed 001:3094-3095), one model's, named as it."""
    entry = state.unit_entry(unit)
    if not fighters or any(p.role in NO_MOUNT for p in entry.parts):
        return []
    if host is not None and unit.no_attacks:
        return []
    own = [i for i, p in enumerate(entry.parts) if p.role != "machine"]
    if not own:
        return []
    part = max(own, key=lambda i: profile_value(state, unit, "S", i))
    strength = profile_value(state, unit, "S", part)
    out = []
    who = entry.parts[part].name if host is None else unit.id
    by, model = (unit.id, "") if host is None else (host.id, unit.id)
    trodden = [t for t in targets if unit_troop_type(state, state.units[t]) in STOMPABLE]
    if entry.rule_value("Stomp") and trodden:  # a rule given twice: §21.4 (fighters.special_value)
        stomp = special_value(state, unit, "Stomp", asked, combat=host)
        out.append(Blow(by, part, f"{who} Stomp", 0, 0, fighters, trodden, strength=strength,
                        weapon="Stomp", special="Stomp", hits=stomp, model=model))
    grinding = entry.rule_value("Grinding Attacks") and special_value(state, unit, "Grinding Attacks", asked,
                                                                      combat=host)
    if grinding:
        out.append(Blow(by, part, f"{who} Grinding Attacks",
                        profile_value(state, unit, "I", part), 0, fighters, list(targets), strength=strength,
                        weapon="Grinding Attacks", special="Grinding Attacks", hits=grinding, model=model))
    return out


# -- the combat score ------------------------------------------------------------------------------
def standard_counts(state: NinthAgeState, unit: UnitState, bearer: UnitState | None = None) -> bool:
    """In an assault a standard counts only if its bearer is among the fighters (§18.6):
    ``bearer`` None, the unit's standard bearer; else a character in it (the BSB)."""
    if not in_assault(state, unit):
        return True
    if bearer is None or bearer.id == unit.id:
        return "standard" in unit.assault_with or (unit.models == 1 and unit.assault_models >= 1)
    return bearer.id in unit.assault_with


# -- after the round -------------------------------------------------------------------------------
def outcome(state: NinthAgeState, group: list[str], winner: str | None, broken: set[str],
            flee_distances: dict[str, int], pursue, break_ld: dict[str, tuple[int, str]], events: list[Event]
            ) -> None:
    """The end of an assault's round (§18.6), once Break tests, flight, pursuit and combat reforms
    are done; ``pursue(unit, target_id, flee_distance, events)`` is the Melee phase's pursuit;
    ``break_ld``: each loser's Break-test Ld, which its combat reform is tested on."""
    for uid in group:
        a = state.units[uid]
        if not a.assaulting:
            continue
        held = state.units[a.assaulting]
        building = next((t for t in state.table.terrain if t.name == a.assault_building), None)
        if building is None or not a.on_table or a.fleeing or uid in broken:
            a.assaulting = a.assault_building = None  # it broke (or is gone): the assault is over
            continue
        if winner is None:  # a draw: the seed names three outcomes, none of them a draw; they stay engaged
            continue
        if winner == a.owner and (held.id in broken or not held.on_table or held.fleeing or
                                  held.garrison != building.name):
            _defender_gone(state, a, held, building, broken, flee_distances, pursue, events)
        elif winner == a.owner:
            choice = decide(state, a.owner, f"assault-won-{a.id}-{state.round}-{state.active}-{a.combat_rounds}",
                            ngettext("{a} won but {held} holds {building}: keep assaulting (the fight goes on in the next "
                              "Melee phase), or reform and withdraw to 1\"?", "{a} won but {held} hold {building}: keep assaulting (the fight goes on in the next Melee phase), or reform and withdraw to 1\"?", number(state, held), a=a.id, held=held.id,
                              building=building.name), ["keep-assaulting", "withdraw"], default="keep-assaulting")
            if choice == "withdraw":
                a.assaulting = a.assault_building = None
                _reform_and_withdraw(state, a, building, events)
            else:
                events.append(Event(kind="assault", seat=a.owner, data={"unit": a.id},
                                    text=ngettext("{a} keeps assaulting {building}: it stays engaged with {held} (§18.6).", "{a} keep assaulting {building}: they stay engaged with {held} (§18.6).", number(state, a),
                                           a=a.id, building=building.name, held=held.id)))
        else:  # the garrison won and the assaulter held: it may combat reform as a loser does, then is
            a.assaulting = a.assault_building = None  # pushed back to 1", no longer engaged
            _reform_and_withdraw(state, a, building, events, test=break_ld.get(a.id))
            events.append(Event(kind="assault", seat=a.owner, data={"unit": a.id},
                                text=ngettext("{a} is pushed back from {building}: it and {held} are no longer engaged "
                                       "(§18.6).", "{a} are pushed back from {building}: they and {held} are no longer engaged (§18.6).", number(state, a), a=a.id, building=building.name, held=held.id)))


TURNS = {"keep": 0.0, "right": 90.0, "about": 180.0, "left": -90.0}


def _reform_and_withdraw(state: NinthAgeState, a: UnitState, building, events: list[Event],
                         test: tuple[int, str] | None = None) -> None:
    """The assaulter may reform (its facing and width, about its centre) and withdraws to 1" of
    the Building (§18.6); a loser's reform is a combat reform, on a Leadership test at its
    Break-test Ld (§11.14). A formation with no room there is not taken."""
    from engine.rulesets.ninth_age.leadership import hold_your_ground, leadership_test
    from engine.table.footprint import Formation, Pose
    from engine.table.frame import normalise

    when = f"{state.round}-{state.active}-{a.combat_rounds}"
    start = a.footprint()
    facing = decide(state, a.owner, f"assault-reform-{a.id}-{when}",
                    ngettext("{a} withdraws to 1\" from {building}: does it reform first, turning to face (keep, right, "
                      "about, left)?", "{a} withdraw to 1\" from {building}: do they reform first, turning to face (keep, right, about, left)?", number(state, a), a=a.id, building=building.name), list(TURNS), default="keep")
    widths = [str(w) for w in range(1, a.models + 1)]
    files = decide(state, a.owner, f"assault-files-{a.id}-{when}",
                   ngettext("{a} reforms: how many files wide (it is {files})?", "{a} reform: how many files wide (they are {files})?", number(state, a), a=a.id, files=a.formation.files),
                   [str(a.formation.files)] + [w for w in widths if w != str(a.formation.files)],
                   default=str(a.formation.files)) if a.models > 1 else str(a.formation.files)
    wanted = (facing, int(files))
    if wanted != ("keep", a.formation.files) and test is not None and not leadership_test(
            state.rng, test[0], _("{a} combat reform test ({why})", a=a.id, why=test[1]), events, seat=a.owner,
            reroll=hold_your_ground(state, a), for_unit=(state, a)):  # the Icon (§23.8) or Hold Your Ground (§16.8)
        wanted = ("keep", a.formation.files)
    if wanted != ("keep", a.formation.files):
        before = (a.formation, a.pose)
        a.formation = Formation(**{**a.formation.model_dump(), "files": wanted[1]})
        a.pose = Pose(x=start.centre[0], y=start.centre[1], bearing=normalise(start.bearing + TURNS[wanted[0]]))
        if garrison.withdrawn(state, a, building) is None:  # no room to stand so: it keeps its formation
            a.formation, a.pose = before
            events.append(Event(kind="assault", seat=a.owner, data={"unit": a.id},
                                text=ngettext("{a} has no room to reform so: it keeps its formation.", "{a} have no room to reform so: they keep their formation.", number(state, a), a=a.id)))
        else:
            events.append(Event(kind="assault", seat=a.owner, data={"unit": a.id},
                                text=ngettext("{a} reforms: {files} wide, facing {bearing}°.", "{a} reform: {files} wide, facing {bearing}°.", number(state, a), a=a.id,
                                       files=wanted[1], bearing=f"{a.pose.bearing:g}")))
    garrison.withdraw(state, a, building, events, start=start)


def _defender_gone(state: NinthAgeState, a: UnitState, held: UnitState, building, broken: set[str],
                   flee_distances: dict[str, int], pursue, events: list[Event]) -> None:
    """The garrison broke or was destroyed: enter the Building (if the unit may), withdraw to 1"
    and reform, or, in a multiple combat, pursue another broken enemy not in the Building."""
    from engine.rulesets.ninth_age.fighters import enemies_in_contact

    a.assaulting = a.assault_building = None
    options = []
    empty = garrison.garrison_of(state, building) is None
    if empty and garrison.may_enter(state, a) and not enemies_in_contact(state, a):
        options.append("enter")
    options.append("withdraw")
    chasing = [state.units[b] for b in sorted(broken) if b != held.id and state.units[b].on_table
               and state.units[b].owner != a.owner]
    options += [f"pursue-{u.id}" for u in chasing]
    choice = decide(state, a.owner, f"assault-taken-{a.id}-{state.round}-{state.active}",
                    text_join(" ", [ngettext("{held} no longer holds {building}:", "{held} no longer hold {building}:", number(state, held), held=held.id, building=building.name), ngettext("does {a} enter it, withdraw to 1\" and reform, or pursue a broken enemy?", "do {a} enter it, withdraw to 1\" and reform, or pursue a broken enemy?", number(state, a), a=a.id)]), options, default=options[0])
    if choice == "enter":
        garrison.occupy(state, a, building)
        events.append(Event(kind="garrison", seat=a.owner, data={"unit": a.id, "building": building.name},
                            text=ngettext("{a} enters {building} (§18.6): it is its garrison now.", "{a} enter {building} (§18.6): they are its garrison now.", number(state, a), a=a.id,
                                   building=building.name)))
    elif choice == "withdraw":
        _reform_and_withdraw(state, a, building, events)
    else:
        target = choice.removeprefix("pursue-")
        pursue(a, target, flee_distances.get(target, 0), events)
