"""The pre-game sequence (§3) and deployment (§4): deployment type, secondary objective, who
chooses the side, sides, spells, alternate drops, the first/second declaration, the
Undeployed Units Number and the first-turn roll-off."""

from __future__ import annotations

from engine.core.text import ngettext, N_, Text, _, decimal, join as text_join, commas, either, listed
from engine.core import Event, IllegalAction, roll_dice
from engine.core.decisions import decide
from engine.rulesets.ninth_age import spells
from engine.rulesets.ninth_age.neighbours import surroundings  # noqa: F401 - also imported from here
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState, troop_count
from engine.rulesets.ninth_age.zones import (
    OBJECTIVE_NAMES, deployment_type_for_roll, deployment_zone, objective_for_roll, objectives_in_play,
)
from engine.table.footprint import Formation, Pose
from engine.table.frame import normalise
from engine.table.motion import CLEARANCE_END, clearance_problem
from engine.rulesets.ninth_age.grammar import number

TYPE_NAMES = {"classic": N_("Classic"), "diagonal": N_("Diagonal"), "flank": N_("Flank Attack")}
SIDE_NAMES = {"south": N_("south"), "north": N_("north"), "west": N_("west"), "east": N_("east")}


# The set-up step each pre-game question belongs to (§3-4), by the question's key or its prefix
# (a question per unit or per wizard): the board's title says it while the question waits.
SETUP_STEPS = {
    "side": N_("choosing the deployment side"), "diagonal": N_("choosing the dividing diagonal"),
    "attacker": N_("choosing Attacker and Defender"), "lore": N_("generating spells"),
    "pathmaster": N_("generating spells"), "spell": N_("generating spells"), "generic": N_("generating spells"),
    "scout": N_("declaring Scouts"), "ambush": N_("declaring Ambush"), "deploys-first": N_("who deploys first"),
    "first-or-second": N_("first or second turn"), "first-turn": N_("the first-turn roll-off"),
}


def setup_step(key: str) -> Text | None:
    """The set-up step a pending question's ``key`` belongs to, or None (not a set-up question).

    >>> str(setup_step("scout-Skulkers")), str(setup_step("side")), setup_step("challenge")
    ('declaring Scouts', 'choosing the deployment side', None)
    """
    for name in (key, key.split("-", 1)[0]):
        if name in SETUP_STEPS:
            return Text(SETUP_STEPS[name])
    return None


def side_name(side: str) -> Text:
    """A table edge (south, north) in the reader's language."""
    return Text(SIDE_NAMES[side]) if side in SIDE_NAMES else Text("{side}", side=side)


def name(state: NinthAgeState, seat: str) -> str:
    return state.seat(seat).name


def zone(state: NinthAgeState, seat: str):
    return deployment_zone(state.deployment, state.sides[seat], state.table.width, state.table.height,
                           diagonal=state.diagonal, attacker=state.attacker == seat)


def start(state: NinthAgeState, events: list[Event]) -> None:
    """Steps 4-7 of §3, then the deployment begins."""
    rng = state.rng
    if state.options.get("terrain") == "random":
        from engine.rulesets.ninth_age.terrain_layouts import random_layout

        state.table.terrain = random_layout(rng, state.table.width, state.table.height, events, said=state.terrain_rolls_v7)
    if state.deployment == "random":
        roll = roll_dice("1d6", rng, purpose=_('deployment type'))
        state.deployment = deployment_type_for_roll(roll.total)
        events.append(Event(kind="roll", roll=roll, text=_("Deployment type: {type}.", type=Text(TYPE_NAMES[state.deployment]))))
    elif "deployment" in state.options:  # the players set it
        events.append(Event(kind="setup", text=_("Deployment type (agreed): {type}.", type=Text(TYPE_NAMES[state.deployment]))))
    else:  # nobody chose it: the game's default, not an agreement
        events.append(Event(kind="setup", text=_("Deployment type (default): {type}.", type=Text(TYPE_NAMES[state.deployment]))))
    if state.objective == "random":  # the players agreed on none: the D6 of §3.3 decides (the setting's default)
        roll = roll_dice("1d6", rng, purpose=_('secondary objective'))
        state.objective = objective_for_roll(roll.total)
        events.append(Event(kind="roll", roll=roll, text=_("Secondary objective: {objective}.", objective=Text(OBJECTIVE_NAMES[state.objective]))))
    elif state.objective == "none":  # §20.2: the players may agree to play without one
        events.append(Event(kind="setup", text=_("Secondary objective (agreed): none.")))
    elif state.objective in OBJECTIVE_NAMES and ("secondary" in state.options or "objective" in state.options):
        # the players set it (§3.3: they may agree on it)
        events.append(Event(kind="setup", text=_("Secondary objective (agreed): {objective}.", objective=Text(OBJECTIVE_NAMES[state.objective]))))
    elif len(objectives_in_play(state.objective)) > 1:  # several agreed ("se e quale/i obbiettivi", §20.2): each set up and scored on its own
        events.append(Event(kind="setup", text=_("Secondary objectives (agreed): {objectives}; each is worth 20% of the army points in VP to the player who achieves it.", objectives=listed(Text(OBJECTIVE_NAMES[o]) for o in objectives_in_play(state.objective)))))
    else:  # unset under rules version 1, whose default was Hold the Ground: the log it wrote, word for word
        events.append(Event(kind="setup", text=_(
            "Secondary objective (default; choose another with the objective setting): {objective}.",
            objective=Text(OBJECTIVE_NAMES[state.objective]))))
    roll = roll_dice("1d6", rng, purpose=_('who chooses the side'))
    chooser = "p1" if roll.total >= 4 else "p2"
    state.side_chooser = chooser
    events.append(Event(kind="roll", seat="p1", roll=roll, text=_("{player} rolls for the choice of side (4+ chooses): {player2} chooses.", player=name(state, 'p1'), player2=name(state, chooser))))
    side = decide(state, chooser, "side", _("Which long table edge is yours (south: y = 0, north: y = {height})?", height=decimal(state.table.height, "g")), ["south", "north"])
    other = state.enemy_of(chooser)
    state.sides = {chooser: side, other: "north" if side == "south" else "south"}
    events.append(Event(kind="setup", seat=chooser, text=_("{player} takes the {side} edge; {player2} the {side2} edge.", player=name(state, chooser), side=side_name(side), player2=name(state, other), side2=side_name(state.sides[other]))))
    if state.deployment == "diagonal":
        state.diagonal = decide(state, chooser, "diagonal", _("Which diagonal divides the table (sw-ne or nw-se)?"),
                                ["sw-ne", "nw-se"])
        events.append(Event(kind="setup", seat=chooser, text=_("The dividing line runs {diagonal}.", diagonal=state.diagonal)))
    if state.deployment == "flank":
        role = decide(state, chooser, "attacker", _("Flank Attack: are you the attacker or the defender?"),
                      ["attacker", "defender"])
        state.attacker = chooser if role == "attacker" else other
        events.append(Event(kind="setup", seat=chooser, text=_("{player} is the Attacker.", player=name(state, state.attacker))))
    if "secure" in objectives_in_play(state.objective):  # the markers are placed now, the chooser first (§3.4, §20.2)
        state.phase = "markers"
        events.append(Event(kind="setup_done", seat=chooser, text=_("Secure Target: {player} places a marker first with /marker x: y: (more than 12\" from your own zone, at least 24\" from the other marker).", player=name(state, chooser))))
        return
    continue_setup(state, events)


def place_marker(state: NinthAgeState, seat: str, x: float, y: float, events: list[Event]) -> None:
    """A Secure Target marker ([A-35]): on the table, more than 12" from its owner's zone, at
    least 24" from the other marker."""
    from shapely.geometry import Point

    chooser = state.side_chooser
    turn = chooser if chooser not in state.markers else state.enemy_of(chooser)
    if seat != turn:
        raise IllegalAction("not-your-turn", _("{player} places the next marker.", player=name(state, turn)))
    if not (0 <= x <= state.table.width and 0 <= y <= state.table.height):
        raise IllegalAction("off-table", _("The marker goes on the table."))
    d = zone(state, seat).distance(Point(x, y))
    if d <= 12:
        raise IllegalAction("marker-too-close", _("Your marker must be more than 12\" from your own deployment zone; ({x}, {y}) is {d}\" from it.", x=decimal(x, "g"), y=decimal(y, "g"), d=decimal(d, ".1f")))
    for other, (ox, oy) in state.markers.items():
        gap = ((x - ox) ** 2 + (y - oy) ** 2) ** 0.5
        if gap < 24:
            raise IllegalAction("markers-too-close", _("The markers stand at least 24\" apart; ({x}, {y}) is {gap}\" from {player}'s.", x=decimal(x, "g"), y=decimal(y, "g"), gap=decimal(gap, ".1f"), player=name(state, other)))
    state.markers[seat] = (x, y)
    events.append(Event(kind="setup", seat=seat, text=_("{player} places a Secure Target marker at ({x}, {y}).", player=name(state, seat), x=decimal(x, "g"), y=decimal(y, "g"))))
    if len(state.markers) == 2:
        continue_setup(state, events)


def continue_setup(state: NinthAgeState, events: list[Event]) -> None:
    """Spells, Scout and Ambush declarations, and who deploys first."""
    chooser = state.side_chooser
    other = state.enemy_of(chooser)
    for seat in (chooser, other):
        _generate_spells(state, seat, events)
    for seat in (chooser, other):  # Scouts are declared before deployment, the chooser first
        for unit in [u for u in state.units.values() if u.owner == seat and state.unit_entry(u).has_rule("Scout")]:
            if decide(state, seat, f"scout-{unit.id}", ngettext("Will {unit} deploy as Scouts (after every other unit, in your zone or more than 12\" from the enemy)?", "Will {unit} deploy as Scouts (after every other unit, in your zone or more than 12\" from the enemy)?", number(state, unit), unit=unit.id), ["yes", "no"]) == "yes":
                unit.scouting = True
                events.append(Event(kind="setup", seat=seat, text=ngettext("{unit} will deploy as Scouts.", "{unit} will deploy as Scouts.", number(state, unit), unit=unit.id)))
        for unit in [u for u in state.units.values() if u.owner == seat and state.unit_entry(u).has_rule("Ambush")
                     and not u.scouting]:
            if decide(state, seat, f"ambush-{unit.id}", ngettext("Will {unit} lie in Ambush (not deployed; from game turn 2 it arrives on a 3+ from a table edge)?", "Will {unit} lie in Ambush (not deployed; from game turn 2 they arrive on a 3+ from a table edge)?", number(state, unit), unit=unit.id), ["yes", "no"]) == "yes":
                unit.ambushing = True
                events.append(Event(kind="setup", seat=seat, text=ngettext("{unit} lies in Ambush.", "{unit} lie in Ambush.", number(state, unit), unit=unit.id)))
    first = decide(state, other, "deploys-first", _("Do you deploy first or second?"), ["first", "second"])
    turn = other if first == "first" else chooser
    from engine.rulesets.ninth_age.state import DeployStatus

    state.deploy = DeployStatus(turn=turn)
    state.phase = "deployment"
    events.append(Event(kind="setup_done", seat=turn, text=_("{player} decides that {player2} deploys first. Deploy with /deploy unit: x: y: [facing:] [files:], then /end to hand over.", player=name(state, other), player2=name(state, turn))))


def _generate_spells(state: NinthAgeState, seat: str, events: list[Event]) -> None:
    army = state.armies[seat]
    taken: dict[str, set[int]] = {}
    for unit in army.units:
        items = {i.strip().lower() for i in unit.magic_items}
        hood = "wizard's hood" in items
        if unit.wizard is None and not hood:
            continue
        lore = unit.wizard.lore if unit.wizard else ""
        level = unit.wizard.level if unit.wizard else 1  # the Wizard's Hood: a Level 1 Wizard (§23.6)
        if hood:  # "usa una Scuola di Magia scelta a caso all'inizio di ogni battaglia" (§23.6)
            _reveal_item(state, seat, unit, "wizard's hood", events)
            lore = random_lore(state, seat, unit.name, [lo.name for lo in army.lores], events)
            state.lores[f"{seat}/{unit.name}"] = lore
        elif "essence of a free mind" in items:  # §23.7: the lore is chosen now, not on the list
            lore = decide(state, seat, f"lore-{unit.name}", _("{unit} carries the Essence of a Free Mind: which lore does it generate its spells from?", unit=unit.name), [lo.name for lo in army.lores])
            state.lores[f"{seat}/{unit.name}"] = lore
            _reveal_item(state, seat, unit, "essence of a free mind", events)
        for key in ("tome of arcane lore", "book of a thousand incantations"):
            if key in items:  # an extra spell, or spells chosen: the item is used (§2.4)
                _reveal_item(state, seat, unit, key, events)
        count = level + (1 if "tome of arcane lore" in items else 0)  # §23.7: one extra spell
        pathmaster = unit.has_rule("Pathmaster") or "book of a thousand incantations" in items
        state.spells[f"{seat}/{unit.name}"] = spells.generate(
            state.rng, unit.name, count, lore, taken.setdefault(lore.lower(), set()),
            lambda key, q, opts: decide(state, seat, key, q, opts), events, seat=seat, pathmaster=pathmaster,
            die_first=state.spell_die_v7, in_order=state.spell_options_v8,
            names={sp.number: sp.name for sp in next((lo.spells for lo in army.lores
                                                      if lo.name.lower() == lore.lower()), [])})


def _reveal_item(state: NinthAgeState, seat: str, unit, key: str, events: list[Event]) -> None:
    """A hidden item used as spells are generated is revealed (§2.4)."""
    from engine.rulesets.ninth_age.hidden import reveal

    reveal(state, seat, unit.name, unit.item_named(key), _("the spells are generated with it"), events)


def random_lore(state: NinthAgeState, seat: str, wizard: str, lores: list[str], events: list[Event]) -> str:
    """The Wizard's Hood's lore, drawn at random among the army's lores at the start of the battle:
    a D6 numbering them in the army file's order, re-rolled when it names none (shown in the open)."""
    if len(lores) == 1:
        events.append(Event(kind="spells", seat=seat, text=_("{wizard}'s Wizard's Hood: the army has one lore, {lore}: it is drawn (§23.6).", wizard=wizard, lore=lores[0])))
        return lores[0]
    numbered = commas(f"{i + 1} {name}" for i, name in enumerate(lores[:6]))
    while True:
        roll = roll_dice("1d6", state.rng, purpose=_("{wizard}: Wizard's Hood lore", wizard=wizard))
        if roll.total <= len(lores):
            events.append(Event(kind="roll", seat=seat, roll=roll, text=_("{wizard}'s Wizard's Hood draws its lore at random ({numbered}): rolled {face}: {lore} (§23.6).", wizard=wizard, numbered=numbered, face=roll.total, lore=lores[roll.total - 1])))
            return lores[roll.total - 1]
        events.append(Event(kind="roll", seat=seat, roll=roll, text=_("{wizard}'s Wizard's Hood draws its lore at random ({numbered}): rolled {face}, no lore: rolled again.", wizard=wizard, numbered=numbered, face=roll.total)))


# -- deployment --------------------------------------------------------------------------------
def enemy_facing(state: NinthAgeState, seat: str) -> float:
    return state.facing_the_enemy(seat)


def is_character(state: NinthAgeState, unit: UnitState) -> bool:
    return state.unit_entry(unit).is_character


def is_war_machine(state: NinthAgeState, unit: UnitState) -> bool:
    return state.unit_entry(unit).troop_type == "war machine"


def group_of(state: NinthAgeState, unit: UnitState) -> str | None:
    """Characters deploy together, and so do war machines ([A-4]); with the setting
    ``deploy_one_by_one`` ([A-4]'s other reading) each is a unit of its own (None)."""
    if state.options.get("deploy_one_by_one"):
        return None
    if is_character(state, unit):
        return "characters"
    if is_war_machine(state, unit):
        return "war machines"
    return None


def placed_on_table(state: NinthAgeState, seat: str, unit: UnitState, x: float, y: float,
                    facing: float | None, files: int | None) -> UnitState:
    """``unit`` as it would stand on the table at (x, y), ``files`` wide (default: its army-list
    formation), facing ``facing`` (default: toward the enemy): deployment and Ambush arrivals
    both put a unit down this way, then check where it stands."""
    files = files or unit.formation.files
    if not 1 <= files <= unit.models:
        raise IllegalAction("bad-files", ngettext("{unit} has {models} models: between 1 and {models} files.", "{unit} have {models} models: between 1 and {models} files.", number(state, unit), unit=unit.id, models=unit.models))
    formation = Formation(**{**unit.formation.model_dump(), "files": files})
    bearing = enemy_facing(state, seat) if facing is None else normalise(facing)
    return UnitState(**{**unit.model_dump(), "formation": formation, "pose": Pose(x=x, y=y, bearing=bearing),
                        "location": "table"})


def deploy(state: NinthAgeState, seat: str, unit: UnitState, x: float, y: float, facing: float | None,
           files: int | None, events: list[Event]) -> None:
    status = state.deploy
    assert status is not None
    if status.turn != seat:
        raise IllegalAction("not-your-turn", _("It is {player}'s turn to deploy.", player=name(state, status.turn)))
    if unit.owner != seat:
        raise IllegalAction("not-your-unit", ngettext("{unit} is not yours to deploy.", "{unit} are not yours to deploy.", number(state, unit), unit=unit.id))
    if unit.location != "reserve":
        raise IllegalAction("already-deployed", ngettext("{unit} is already deployed.", "{unit} are already deployed.", number(state, unit), unit=unit.id))
    if status.step == "vanguard":
        raise IllegalAction("vanguard", _("Deployment is over: Vanguard units move now (/advance, /reform), /end to make no more Vanguard moves."))
    if unit.scouting != (status.step == "scouts"):
        raise IllegalAction("scouts-later" if unit.scouting else "scouts-now",
                            (ngettext("{unit} deploys with the Scouts, after every other unit.", "{unit} deploy with the Scouts, after every other unit.", number(state, unit), unit=unit.id) if unit.scouting else _("Only Scouts are placed now.")))
    open_group = next((g for g in ("characters", "war machines") if _group_started(state, seat, g)), None)
    group = group_of(state, unit)
    if open_group and group != open_group:
        raise IllegalAction("finish-group", _finish_group(open_group))
    entry = state.unit_entry(unit)
    placed = placed_on_table(state, seat, unit, x, y, facing, files)
    fp = placed.footprint()
    z = zone(state, seat)
    if not z.buffer(1e-6).covers(fp.shape):
        if not unit.scouting:
            # Name where the unit would reach: its depth is shown nowhere else, and a player placing
            # a deep base (a monster, a chariot) by its centre otherwise finds the edge by trial.
            x0, y0, x1, y1 = fp.shape.bounds
            raise IllegalAction("outside-zone", _("{unit} would stand partly outside your deployment zone ({zone_text}): "
                                                  "placed there the unit would reach x {x0}-{x1}, y {y0}-{y1} "
                                                  "({width}\" wide, {depth}\" deep).", unit=unit.id, zone_text=_zone_text(state, seat),
                                                  x0=decimal(x0, ".1f"), x1=decimal(x1, ".1f"), y0=decimal(y0, ".1f"), y1=decimal(y1, ".1f"),
                                                  width=decimal(fp.width, ".1f"), depth=decimal(fp.depth, ".1f")))
        from engine.table.contact import distance

        near = [(distance(fp, e.footprint()), e.id) for e in state.on_table(state.enemy_of(seat))]
        close = min(near) if near else None
        if close is not None and close[0] <= 12 + 1e-9:
            raise IllegalAction("scout-too-close", _("Scouts outside their zone stand more than 12\" from every enemy unit; {close} would be {close2}\" away.", close=close[1], close2=decimal(close[0], ".1f")))
        placed.no_charge_turn1 = True
    problem = clearance_problem(fp, surroundings(state, {unit.id}), CLEARANCE_END, during=False)
    if problem:
        raise IllegalAction("no-room", ngettext("{unit} can't deploy there: {problem}.", "{unit} can't deploy there: {problem}.", number(state, unit), unit=unit.id, problem=problem))
    state.units[unit.id] = placed
    if status.step == "scouts":
        events.append(Event(kind="deploy", seat=seat, data={"unit": unit.id},
                            text=text_join("", [_("{player} places the Scouts {unit} at ({x}, {y}) facing {bearing}°", player=name(state, seat), unit=unit.id, x=decimal(x, "g"), y=decimal(y, "g"), bearing=decimal(placed.pose.bearing, "g")), (_(" outside the deployment zone: no charges in game turn 1 if their side goes first.") if placed.no_charge_turn1 else ".")])))
        _next_scout(state, seat, events)
        return
    status.drop_units.append(unit.id)
    events.append(Event(kind="deploy", seat=seat, data={"unit": unit.id},
                        text=_("{player} deploys {unit} ({troops}, {files} wide) at ({x}, {y}) facing {bearing}°.", player=name(state, seat), unit=unit.id, troops=troop_count(entry.troop_type, entry.models), files=placed.formation.files, x=decimal(x, "g"), y=decimal(y, "g"), bearing=decimal(placed.pose.bearing, "g"))))
    if status.finished_first and status.finished_first != seat:
        g = group_of(state, placed)
        if g is None:
            status.uun += 1
        elif g not in status.counted_groups:
            status.counted_groups.append(g)
            status.uun += 1
    if not _reserve(state, seat):
        _finished(state, seat, events)


def _zone_text(state: NinthAgeState, seat: str) -> str:
    """The zone in words a player can check a drop against: a Flank Attack or Diagonal zone is no
    rectangle, and its bounding box named places outside it (a Flank Attack's middle band)."""
    kind, side, w, h = state.deployment, state.sides[seat], state.table.width, state.table.height
    deployment, where = Text(TYPE_NAMES[kind]), side_name(side)
    if kind == "flank":  # §3.2: within 18" of a short edge one depth, between those strips another
        near, far = (9, 15) if state.attacker == seat else (15, 9)
        mid = h / 2
        strip, middle = ((0, mid - near), (0, mid - far)) if side == "south" else ((mid + near, h), (mid + far, h))
        return _("{deployment}, {side} side: y {y0}-{y1} within 18\" of a short edge (x 0-18 and {x0}-{x1}), "
                 "y {m0}-{m1} between them", deployment=deployment, side=where,
                 y0=decimal(strip[0], ".1f"), y1=decimal(strip[1], ".1f"), x0=decimal(w - 18, "g"), x1=decimal(w, "g"),
                 m0=decimal(middle[0], ".1f"), m1=decimal(middle[1], ".1f"))
    if kind == "diagonal":  # §3.2: more than 9" from the diagonal, on the player's side of it
        start, end = ((0, 0), (w, h)) if state.diagonal == "sw-ne" else ((0, h), (w, 0))
        from shapely.geometry import Point as ShapelyPoint

        area = zone(state, seat)
        corner = next(c for c in ((0, 0), (w, 0), (w, h), (0, h)) if area.buffer(1e-6).contains(ShapelyPoint(c)))
        return _("{deployment}, {side} side: more than 9\" from the diagonal from ({ax}, {ay}) to ({bx}, {by}), "
                 "on the side of the corner ({cx}, {cy})", deployment=deployment, side=where,
                 ax=decimal(start[0], "g"), ay=decimal(start[1], "g"), bx=decimal(end[0], "g"), by=decimal(end[1], "g"),
                 cx=decimal(corner[0], "g"), cy=decimal(corner[1], "g"))
    minx, miny, maxx, maxy = zone(state, seat).bounds
    return _("{deployment}, {side} side, within x {minx}-{maxx}, y {miny}-{maxy}", deployment=deployment,
             side=where, minx=decimal(minx, ".1f"), maxx=decimal(maxx, ".1f"), miny=decimal(miny, ".1f"), maxy=decimal(maxy, ".1f"))


def _reserve(state: NinthAgeState, seat: str) -> list[UnitState]:
    """Units still to deploy normally (Scouts come later)."""
    return [u for u in state.units.values() if u.owner == seat and u.location == "reserve" and not u.scouting
            and not u.ambushing]


# a drop's groups as the set-up's status names what is left of them
GROUP_WORDS = {"characters": N_("the characters"), "war machines": N_("the war machines")}


def left_to_deploy(state: NinthAgeState, seat: str) -> tuple[Text, int]:
    """What ``seat`` has left to deploy, counted as the seed counts drops: "Tutti le Unità il cui
    Tipo Truppa è Macchina da Guerra si considerano sempre essere una singola Unità durante lo
    schieramento. Stessa cosa vale per tutti Personaggi" (§4, seed 001:505-507): its other units
    one by one, then the characters and the war machines as one each ("2 units and the
    characters"); with the count of those drops, for the sentence's verb."""
    left = _reserve(state, seat)
    groups = [g for g in GROUP_WORDS if any(group_of(state, u) == g for u in left)]
    units = sum(1 for u in left if group_of(state, u) is None)
    parts = ([ngettext("{n} unit", "{n} units", units)] if units or not groups else [])
    return listed([*parts, *(Text(GROUP_WORDS[g]) for g in groups)]), units + len(groups)


def deployment_moves(state: NinthAgeState, seat: str) -> Text | None:
    """What "Show my moves" adds in the deployment, where the moves are points on the table: the
    command for the step and the units it may take (None when it is not ``seat``'s drop)."""
    status = state.deploy
    if state.phase != "deployment" or status is None or status.turn != seat:
        return None
    if status.step == "vanguard":
        return _("Vanguard: /advance or /reform {units} up to 12\" (no march), or /end to move no more.",
                 units=either(u.id for u in _vanguards(state, seat)))
    if status.step == "scouts":
        return _("Scouts: /deploy unit: x: y: [facing:] [files:] {units}, in your zone or more than 12\" "
                 "from every enemy unit.", units=either(u.id for u in _scouts(state, seat)))
    left = _reserve(state, seat)
    if not left:
        return None
    return _("Deploy with /deploy unit: x: y: [facing:] [files:] (a character also /join unit: into:), then /end to "
             "hand over. Still to deploy: {units}.", units=commas(u.id for u in left))


def _scouts(state: NinthAgeState, seat: str) -> list[UnitState]:
    return [u for u in state.units.values() if u.owner == seat and u.location == "reserve" and u.scouting]


def _after_deployment(state: NinthAgeState, events: list[Event]) -> None:
    """Steps 5-6 of §4.1: Scouts, alternating one unit at a time from the player who finished
    first; then Vanguard moves; then the first-turn roll-off."""
    status = state.deploy
    assert status is not None and status.finished_first is not None
    first = status.finished_first
    if _scouts(state, first) or _scouts(state, state.enemy_of(first)):
        status.step = "scouts"
        status.turn = first if _scouts(state, first) else state.enemy_of(first)
        events.append(Event(kind="deploy", seat=status.turn, text=_("Scouts: {player} places one (/deploy), in the zone or more than 12\" from every enemy unit.", player=name(state, status.turn))))
        return
    _vanguard_start(state, events)


def _scouts_end(state: NinthAgeState, seat: str) -> None:
    """/end in the Scouts step: there is nothing to hand over (the players place their Scouts one
    unit at a time, in turn, and every declared Scouts unit is placed), so it is refused with what
    happens now and what comes next."""
    status = state.deploy
    if status.turn != seat:
        raise IllegalAction("not-your-turn", (
            _("It is {player}'s turn to place a Scouts unit; then yours, {units}.", player=name(state, status.turn),
              units=commas(u.id for u in _scouts(state, seat))) if _scouts(state, seat) else
            _("It is {player}'s turn to place a Scouts unit; you have none to place: the Vanguard moves (if a unit "
              "has Vanguard) and the roll for the first turn come next.", player=name(state, status.turn))))
    raise IllegalAction("scouts-now", _(
        "Nothing to hand over: in the Scouts step the players take turns placing one Scouts unit each "
        "(/deploy), in their deployment zone or more than 12\" from every enemy unit, and the turn passes "
        "by itself. Yours still to place: {units}. Once every Scouts unit is on the table come the Vanguard "
        "moves (if a unit has Vanguard), then the roll for the first turn.", units=commas(u.id for u in _scouts(state, seat))))


def _next_scout(state: NinthAgeState, seat: str, events: list[Event]) -> None:
    status = state.deploy
    other = state.enemy_of(seat)
    if _scouts(state, other):
        status.turn = other
    elif not _scouts(state, seat):
        _vanguard_start(state, events)


def has_vanguard(state: NinthAgeState, unit: UnitState) -> bool:
    """"le Unità costituite interamente da modelli con questa regola speciale possono muovere fino a
    12\"" (§22 Vanguard): the unit and every character in it have Vanguard, or Fast Cavalry, whose
    models "hanno anche le regole speciali Riorganizzazioni Gratuite e Avanguardia"."""
    from engine.rulesets.ninth_age.mixed_units import joined

    fast = state.fast_cavalry_vanguard  # a game of rules version 1 or 2 gave Fast Cavalry none
    return all(state.unit_entry(u).has_rule("Vanguard") or fast and state.unit_entry(u).has_rule("Fast Cavalry")
               for u in [unit] + joined(state, unit))


def _vanguards(state: NinthAgeState, seat: str) -> list[UnitState]:
    return [u for u in state.on_table(seat) if has_vanguard(state, u) and not u.vanguard_done]


def _vanguard_start(state: NinthAgeState, events: list[Event]) -> None:
    status = state.deploy
    assert status is not None
    have = [s for s in ("p1", "p2") if _vanguards(state, s)]
    if not have:
        _first_turn(state, events)
        return
    status.step = "vanguard"
    if len(have) == 2:
        roll = roll_dice("1d6", state.rng, purpose=_('who makes the first Vanguard move'))
        status.turn = "p1" if roll.total >= 4 else "p2"
        events.append(Event(kind="roll", roll=roll, text=_("Vanguard: {player} moves first (4+ Player 1).", player=name(state, status.turn))))
    else:
        status.turn = have[0]
    events.append(Event(kind="deploy", seat=status.turn, text=_("Vanguard: {player} may move a Vanguard unit up to 12\" (/advance or /reform, no march), or /end to move no more.", player=name(state, status.turn))))


def vanguard_done(state: NinthAgeState, seat: str, unit: UnitState | None, events: list[Event]) -> None:
    """After a Vanguard move (or /end, ``unit`` None: no more moves for ``seat``), alternate."""
    status = state.deploy
    if unit is None:
        for u in _vanguards(state, seat):
            u.vanguard_done = True
        events.append(Event(kind="deploy", seat=seat, text=_("{player} makes no more Vanguard moves.", player=name(state, seat))))
    else:
        unit.vanguard_done = True
        unit.no_charge_turn1 = True
        unit.moved = unit.reformed = False
    other = state.enemy_of(seat)
    if _vanguards(state, other):
        status.turn = other
    elif not _vanguards(state, seat):
        _first_turn(state, events)


def _group_started(state: NinthAgeState, seat: str, group: str) -> bool:
    placed = [u for u in state.units.values() if u.owner == seat and group_of(state, u) == group]
    return any(u.location != "reserve" for u in placed) and any(u.location == "reserve" for u in placed)


def end_drop(state: NinthAgeState, seat: str, events: list[Event]) -> None:
    status = state.deploy
    assert status is not None
    if status.step == "scouts":  # no drop to hand over: one Scouts unit each, in turn (§4.1 step 5)
        _scouts_end(state, seat)
    if status.turn != seat:
        raise IllegalAction("not-your-turn", _("It is {player}'s turn to deploy.", player=name(state, status.turn)))
    if not status.drop_units:
        raise IllegalAction("deploy-first", _("Deploy at least one unit before handing over (§4.2)."))
    for g in ("characters", "war machines"):
        if _group_started(state, seat, g):
            raise IllegalAction("finish-group", _finish_group(g))
    if status.finished_first == state.enemy_of(seat) or not _reserve(state, state.enemy_of(seat)):
        raise IllegalAction("keep-deploying", _("Your opponent has finished: deploy all your remaining units."))
    status.turn = state.enemy_of(seat)
    status.drop_units = []
    events.append(Event(kind="deploy", seat=seat, text=_("{player} hands over: {player2} deploys.", player=name(state, seat), player2=name(state, status.turn))))


def _finished(state: NinthAgeState, seat: str, events: list[Event]) -> None:
    status = state.deploy
    assert status is not None
    other = state.enemy_of(seat)
    if status.finished_first is None:
        status.finished_first = seat
        status.declared = decide(state, seat, "first-or-second", _("You finished deploying first: will you try to take the first turn or the second?"), ["first", "second"])
        events.append(Event(kind="deploy", seat=seat, text=(_("{player} has deployed every unit and will try to go first. {player2} deploys all the rest.", player=name(state, seat), player2=name(state, other))
                              if status.declared == "first" else
                              _("{player} has deployed every unit and will try to go second. {player2} deploys all the rest.", player=name(state, seat), player2=name(state, other)))))
        status.turn = other
        status.drop_units = []
        if _reserve(state, other):
            return
    _after_deployment(state, events)


def _first_turn(state: NinthAgeState, events: list[Event]) -> None:
    status = state.deploy
    assert status is not None and status.finished_first is not None
    first, second = status.finished_first, state.enemy_of(status.finished_first)
    a = roll_dice("1d6", state.rng, purpose=_('first turn: {value}', value=name(state, first)))
    b = roll_dice("1d6", state.rng, purpose=_('first turn: {value}', value=name(state, second)))
    total = a.total + status.uun
    events.append(Event(kind="roll", seat=first, roll=a, text=_("First turn: {player} rolls {total} + {uun} (Undeployed Units Number) = {total2}.", player=name(state, first), total=a.total, uun=status.uun, total2=total)))
    events.append(Event(kind="roll", seat=second, roll=b, text=_("First turn: {player} rolls {total}.", player=name(state, second), total=b.total)))
    if total > b.total:
        goes = first if status.declared == "first" else second
    else:
        choice = decide(state, second, "first-turn", _("The roll-off is yours to settle: do you take the first turn or the second?"), ["first", "second"])
        goes = second if choice == "first" else first
    state.first_player = goes
    events.append(Event(kind="deploy", seat=goes, text=_("{player} takes the first turn.", player=name(state, goes))))
    from engine.rulesets.ninth_age.turns import begin_player_turn

    state.round = 1
    begin_player_turn(state, goes, events)


# -- ambushers ----------------------------------------------------------------------------------
AMBUSH_ARRIVAL = 3


def ambush_rolls(state: NinthAgeState, seat: str, events: list[Event]) -> None:
    """Start of the Remaining Moves from game turn 2: a D6 for each ambusher, arriving on 3+."""
    if state.round < 2:
        return
    for unit in [u for u in state.units.values() if u.owner == seat and u.ambushing and u.location == "reserve"
                 and not u.arriving]:
        roll = roll_dice("1d6", state.rng, purpose=_('{unit} Ambush', unit=unit.id))
        if roll.total >= AMBUSH_ARRIVAL:
            unit.arriving = True
            events.append(Event(kind="roll", seat=seat, roll=roll, text=ngettext("{unit} arrives from Ambush: place it with /deploy, its rear rank on a table edge; it may then move (no march) and must end within 2 × M of that edge.", "{unit} arrive from Ambush: place them with /deploy, their rear rank on a table edge; they may then move (no march) and must end within 2 × M of that edge.", number(state, unit), unit=unit.id)))
        else:
            events.append(Event(kind="roll", seat=seat, roll=roll, text=ngettext("{unit} stays in Ambush (3+ needed).", "{unit} stay in Ambush (3+ needed).", number(state, unit), unit=unit.id)))


def _edge_touched(state: NinthAgeState, fp) -> str | None:
    """The table edge the footprint's rear edge lies on, or None."""
    a, b = (fp.corners["rear_left"], fp.corners["rear_right"])
    w, h = state.table.width, state.table.height
    for name, test in (("south", lambda p: abs(p[1]) < 1e-3), ("north", lambda p: abs(p[1] - h) < 1e-3),
                       ("west", lambda p: abs(p[0]) < 1e-3), ("east", lambda p: abs(p[0] - w) < 1e-3)):
        if test(a) and test(b):
            return name
    return None


# how far (inches) an ambusher's rear edge may be put from the table edge it is meant to touch, to
# be set on it: a player cannot see the unit's exact depth when typing its centre
EDGE_SNAP = 0.5


def _rear_edge_gap(state: NinthAgeState, fp) -> tuple[str, float] | None:
    """The table edge the footprint's rear edge is parallel to, the unit facing away from it,
    and how far the rear edge stands inside the table from it (negative: beyond it); the
    nearest such edge, or None when the rear edge is square to no table edge."""
    a, b = fp.corners["rear_left"], fp.corners["rear_right"]
    front = fp.corners["front_left"]
    w, h = state.table.width, state.table.height
    inside = {"south": lambda p: p[1], "north": lambda p: h - p[1], "west": lambda p: p[0], "east": lambda p: w - p[0]}
    found = [(abs(gap(a)), name, gap(a)) for name, gap in inside.items()
             if abs(gap(a) - gap(b)) < 1e-3 and gap(front) > gap(a)]
    if not found:
        return None
    _far, name, gap = min(found)
    return name, gap


def _centre_on_edge(state: NinthAgeState, edge: str, depth: float) -> tuple[str, float]:
    """The coordinate a unit ``depth`` deep has its centre at, its rear edge on ``edge``."""
    return {"south": ("y", depth / 2), "north": ("y", state.table.height - depth / 2),
            "west": ("x", depth / 2), "east": ("x", state.table.width - depth / 2)}[edge]


INWARD = {"south": 0.0, "north": 180.0, "west": 90.0, "east": 270.0}


def _pursuer_back(state: NinthAgeState, seat: str, unit: UnitState, x: float, y: float, facing: float | None,
                  files: int | None) -> tuple[float, float, float, int]:
    """Where a unit that pursued or overran off the table comes back (§11.13, seed 001:1803-1806): "con
    il rango posteriore (nella stessa formazione) centrato nel punto in cui sono entrati in contatto con
    il Bordo del Tavolo (o il più vicino possibile)" — its rear rank on that edge, facing in, its rear
    centre on the point or, when the unit does not fit there, on the nearest point along the edge where
    it does. The player's x, y must be that place (within EDGE_SNAP); else the refusal says it."""
    px, py = unit.left_table_at
    w, h = state.table.width, state.table.height
    edge = min((("south", py), ("north", h - py), ("west", px), ("east", w - px)), key=lambda e: e[1])[0]
    width = unit.formation.files
    bearing = INWARD[edge]
    if files is not None and files != width:
        raise IllegalAction("same-formation", ngettext(
            "{unit} comes back in the formation it left the table in: {files} wide (§11.13).",
            "{unit} come back in the formation they left the table in: {files} wide (§11.13).",
            number(state, unit), unit=unit.id, files=width))
    if facing is not None and abs(((normalise(facing) - bearing) + 180) % 360 - 180) > 0.5:
        raise IllegalAction("same-formation", ngettext(
            "{unit} comes back with its rear rank on the {edge} edge, facing {bearing}° (§11.13).",
            "{unit} come back with their rear rank on the {edge} edge, facing {bearing}° (§11.13).",
            number(state, unit), unit=unit.id, edge=side_name(edge), bearing=decimal(bearing, "g")))
    depth = placed_on_table(state, seat, unit, px, py, bearing, width).footprint().depth
    axis, value = _centre_on_edge(state, edge, depth)
    around = surroundings(state, {unit.id})
    spot = None
    for step in range(0, int(max(w, h) * 10) + 1):  # 0.1" at a time either way along the edge
        for along in ((0.0,) if step == 0 else (step / 10, -step / 10)):
            cx, cy = (px + along, value) if axis == "y" else (value, py + along)
            fp = placed_on_table(state, seat, unit, cx, cy, bearing, width).footprint()
            if clearance_problem(fp, around, CLEARANCE_END, during=False) is None:
                spot = (round(cx, 2), round(cy, 2))
                break
        if spot:
            break
    if spot is None:
        raise IllegalAction("no-room", ngettext("{unit} can't come back: there is no room on the {edge} edge.",
                                                "{unit} can't come back: there is no room on the {edge} edge.",
                                                number(state, unit), unit=unit.id, edge=side_name(edge)))
    if abs(x - spot[0]) > EDGE_SNAP or abs(y - spot[1]) > EDGE_SNAP:
        raise IllegalAction("not-on-edge", ngettext(
            "{unit} comes back with its rear rank centred where it left the table, ({px}, {py}) on the {edge} edge, "
            "or as near as it fits (§11.13): /deploy unit:{unit} x:{x} y:{y} (facing {bearing}°, {files} wide).",
            "{unit} come back with their rear rank centred where they left the table, ({px}, {py}) on the {edge} "
            "edge, or as near as they fit (§11.13): /deploy unit:{unit} x:{x} y:{y} (facing {bearing}°, {files} wide).",
            number(state, unit), unit=unit.id, px=decimal(px, "g"), py=decimal(py, "g"), edge=side_name(edge),
            x=decimal(spot[0], "g"), y=decimal(spot[1], "g"), bearing=decimal(bearing, "g"), files=width))
    unit.left_table_at = None
    return spot[0], spot[1], bearing, width


def arrive(state: NinthAgeState, seat: str, unit: UnitState, x: float, y: float, facing: float | None,
           files: int | None, events: list[Event]) -> None:
    """An ambusher placed "con il suo rango posteriore a contatto con il bordo del tavolo" (§22
    Ambush): its rear edge on a table edge, the unit facing inward. A rear edge square to an edge
    and within EDGE_SNAP of it is set on it (the player types the centre and cannot see the depth);
    one farther is refused naming the depth and where the centre goes."""
    if unit.owner != seat or not unit.arriving:
        raise IllegalAction("not-arriving", ngettext("{unit} is not arriving from Ambush this turn.", "{unit} are not arriving from Ambush this turn.", number(state, unit), unit=unit.id))
    if unit.left_table_at is not None and state.pursuit_return_v8:
        x, y, facing, files = _pursuer_back(state, seat, unit, x, y, facing, files)
    placed = placed_on_table(state, seat, unit, x, y, facing, files)
    fp = placed.footprint()
    edge = _edge_touched(state, fp)
    snapped = False
    near = _rear_edge_gap(state, fp) if edge is None else None
    if near is not None:
        side, gap = near
        axis, value = _centre_on_edge(state, side, fp.depth)
        if abs(gap) > EDGE_SNAP:
            raise IllegalAction("not-on-edge", ngettext(
                "{unit} arrives with its rear edge touching the table edge: it is {depth}\" deep, so its centre "
                "is at {axis}={value} on the {edge} edge (placed there, its rear edge is {gap}\" from it; §22 "
                "Ambush).",
                "{unit} arrive with their rear edge touching the table edge: they are {depth}\" deep, so their "
                "centre is at {axis}={value} on the {edge} edge (placed there, their rear edge is {gap}\" from it; "
                "§22 Ambush).",
                number(state, unit), unit=unit.id, depth=decimal(fp.depth, ".1f"), axis=axis,
                value=decimal(value, ".1f"), edge=side_name(side), gap=decimal(abs(gap), ".1f")))
        x, y = (x, value) if axis == "y" else (value, y)
        placed = placed_on_table(state, seat, unit, x, y, facing, files)
        fp = placed.footprint()
        edge, snapped = _edge_touched(state, fp), True
    if edge is None:
        raise IllegalAction("not-on-edge", ngettext("{unit} arrives with its rear rank on a table edge: face it inward and put its rear edge on the edge of the table.", "{unit} arrive with their rear rank on a table edge: face them inward and put their rear edge on the edge of the table.", number(state, unit), unit=unit.id))
    problem = clearance_problem(fp, surroundings(state, {unit.id}), CLEARANCE_END, during=False)
    if problem:
        raise IllegalAction("no-room", ngettext("{unit} can't arrive there: {problem}.", "{unit} can't arrive there: {problem}.", number(state, unit), unit=unit.id, problem=problem))
    placed.arriving, placed.arrived_turn, placed.ambush_edge = False, state.round, edge
    state.units[unit.id] = placed
    events.append(Event(kind="deploy", seat=seat, data={"unit": unit.id}, text=text_join("", [ngettext("{unit} arrives on the {edge} edge at ({x}, {y}) facing {bearing}°", "{unit} arrive on the {edge} edge at ({x}, {y}) facing {bearing}°", number(state, unit), unit=unit.id, edge=side_name(edge), x=decimal(round(x, 2), "g"), y=decimal(round(y, 2), "g"), bearing=decimal(round(placed.pose.bearing, 1), "g")), ngettext(" (set with its rear edge on the table edge).", " (set with their rear edge on the table edge).", number(state, unit)) if snapped else "."])))


def edge_distance(state: NinthAgeState, fp, edge: str) -> float:
    """How far the farthest part of a footprint stands from a table edge."""
    minx, miny, maxx, maxy = fp.shape.bounds
    return {"south": maxy, "north": state.table.height - miny, "west": maxx, "east": state.table.width - minx}[edge]


def _finish_group(group: str):
    """The refusal while a drop's characters or war machines are not all placed (§4.2: each
    group deploys as one unit), its group named in the reader's language."""
    if group == "characters":
        return _("All your characters deploy together: place the rest of them first.")
    return _("All your war machines deploy together: place the rest of them first.")
