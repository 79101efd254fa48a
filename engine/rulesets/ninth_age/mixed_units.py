"""Who is in a mixed unit and where its characters stand (§16.2, §16.5): the characters joined
to a unit, where its command group stands, the unit a model is in, the spot a model measures
from, and the unit's M and Ld with its characters counted; and the block as the melee changes
it (a character slain in its unit, who takes hits on a mixed unit, who may make way); a
character placed in a block (:func:`place_in_block`), and the characters left when a unit's R&F
are all slain, still the same unit (:func:`fight_on`, §16.2), which every phase that removes
casualties calls.

Only the state (and the block's arithmetic in :mod:`.front_rank`) below it, so that every phase (movement, leadership, combat) can ask without
importing :mod:`.characters`, which joins, leaves and deploys characters and calls those phases.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.text import _, decimal, join as text_join, ngettext, commas, listed
from engine.rulesets.ninth_age.grammar import number
from engine.core import Event, IllegalAction
from engine.core.decisions import decide
from engine.rulesets.ninth_age.front_rank import Arrangement, Member, base_fit, centre_files
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState, troop_word
from engine.table.footprint import Attached, Pose
from engine.rulesets.ninth_age.walls import outline


# magic standards whose unit has special rules (§23.8): "l'unità ha le regole speciali Viaggiatore e Passo Rapido"
STANDARD_RULES: dict[str, tuple[str, ...]] = {"stalker's standard": ("Strider", "Swiftstride")}


def standard_rule(state: NinthAgeState, unit: UnitState, rule: str, events: list[Event] | None = None) -> bool:
    """The unit has ``rule`` from a magic standard it carries (its own standard bearer's, or a
    joined Battle Standard Bearer's), the standard not lost (§17.2, §23.8). With ``events``, the
    rule is being used: a hidden standard is revealed (§2.4)."""
    for u in [unit] + joined(state, unit):
        if u.standard_lost:
            continue
        for item in state.unit_entry(u).magic_items:
            if rule in STANDARD_RULES.get(item.strip().lower(), ()):
                if events is not None:
                    from engine.rulesets.ninth_age.hidden import reveal

                    reveal(state, u.owner, u.id, item, _("its unit uses {rule}", rule=rule), events)
                return True
    return False


def swiftstride(state: NinthAgeState, unit: UnitState, events: list[Event] | None = None) -> bool:
    """Swiftstride for the unit's charge, flee, pursuit or overrun roll (§22): "Quando un'Unità
    composta unicamente da modelli con questa regola speciale", its characters counted (a hidden
    one does nothing until revealed); a model with Fly has it ("hanno sempre le regole speciali
    Riorganizzazioni Gratuite e Passo Rapido"); or a magic standard gives it to the unit (§23.8;
    with ``events``, a hidden standard is revealed)."""
    models = [unit] + joined(state, unit)
    if any(war_platform(state, u) for u in models):  # "perdono Passo Rapido", whatever gives it (§22 War Platform)
        return False
    if all(state.unit_entry(u).has_rule("Swiftstride") or state.unit_entry(u).has_rule("Fly") for u in models):
        return True
    return standard_rule(state, unit, "Swiftstride", events)


# -- War Platforms (§22): joined as characters, always in the centre of the front rank ---------------
WAR_PLATFORM_ESCORT = 5  # "un'Unità di 5 o più modelli (oltre alla stessa Piattaforma da Guerra)"


def war_platform(state: NinthAgeState, unit: UnitState) -> bool:
    return state.unit_entry(unit).has_rule("War Platform")


def platform_problem(state: NinthAgeState, platform: UnitState, host: UnitState) -> str | None:
    """Why a War Platform cannot join ``host`` (§22): it joins as a single model, as a character
    does; "se il modello non può essere posizionato nel centro del rango frontale (a causa di una
    basetta non combaciante o della larghezza troppo stretta del rango frontale), il modello non
    può aggregarsi all'Unità", and one War Platform already there holds the centre."""
    pentry, hentry = state.unit_entry(platform), state.unit_entry(host)
    if platform.models != 1:
        return ngettext("{char} is {n} model: a War Platform joins a unit as a single model, as a character does",
                        "{char} are {n} models: a War Platform joins a unit as a single model, as a character does",
                        platform.models, char=platform.id, n=platform.models)
    fit = base_fit(pentry.base, hentry.base, host.formation.skirmish)
    if fit is None:
        return _("{char}'s base ({w}x{d} mm) does not match the bases of {host} ({w2}x{d2} mm): a War Platform "
                 "stands in the centre of the front rank, never against a side, so it cannot join them (§22)",
                 char=platform.id, host=host.id, w=decimal(pentry.base[0], "g"), d=decimal(pentry.base[1], "g"),
                 w2=decimal(hentry.base[0], "g"), d2=decimal(hentry.base[1], "g"))
    if not centre_files(host.formation.files, fit[0]):
        return ngettext("the front rank of {host} is {files} model wide, narrower than {char}'s base ({width} "
                        "positions): a War Platform stands in the centre of the front rank (§22)",
                        "the front rank of {host} is {files} models wide, narrower than {char}'s base ({width} "
                        "positions): a War Platform stands in the centre of the front rank (§22)",
                        host.formation.files, host=host.id, files=host.formation.files, char=platform.id, width=fit[0])
    other = next((c.id for c in joined(state, host, hidden=None) if c.id != platform.id and war_platform(state, c)), None)
    if other:
        return _("{other}, a War Platform, already stands in the centre of the front rank of {host} (§22)",
                 other=other, host=host.id)
    return None


def platform_escort(state: NinthAgeState, platform: UnitState, host: UnitState) -> int:
    """The models of ``host`` besides the War Platform: its rank and file and command, and the
    other models joined to it (a hidden one is nowhere until revealed)."""
    return host.models + len([c for c in joined(state, host) if c.id != platform.id])


def platform_marches(state: NinthAgeState, platform: UnitState, host: UnitState) -> bool:
    """A War Platform joined to ``host`` and moving with it "può Marciare anche se il proprio Tipo di
    Truppa glielo vieterebbe" when the unit has 5 or more models besides it (§22): its troop type's
    Can't March (a Chariot's, a War Machine's) is lifted, not one its own list gives it."""
    entry = state.unit_entry(platform)
    return (war_platform(state, platform) and not entry.own_cant_march
            and platform_escort(state, platform, host) >= WAR_PLATFORM_ESCORT)


def joined(state: NinthAgeState, host: UnitState, *, hidden: bool | None = False) -> list[UnitState]:
    """The characters in ``host`` (``hidden``: only the hidden ones; None: all)."""
    return [u for u in state.units.values() if u.host == host.id
            and (hidden is None or (u.location == "hidden") == hidden)]


def _troop_counts(state: NinthAgeState, unit: UnitState) -> list[str]:
    """The most common troop types of a unit of characters only (the one standing for it and
    those joined to it, a hidden one not counted until revealed), in the order they stand."""
    members = [unit] + sorted(joined(state, unit), key=lambda c: (c.rank, c.cells is None, c.file, c.id))
    kinds = [state.unit_entry(m).troop_type for m in members]
    top = max(kinds.count(k) for k in kinds)
    return list(dict.fromkeys(k for k in kinds if kinds.count(k) == top))


def unit_troop_type(state: NinthAgeState, unit: UnitState) -> str:
    """The unit's troop type (§14): "il Tipo di Truppa maggiormente presente tra i modelli di R&F
    e campioni" (the entry's), and "Se un'Unità è composta unicamente da Personaggi il suo Tipo
    di Truppa si considera essere quello maggiormente presente (l'avversario decide in caso di
    parità)" (seed 001:2119-2122): among the characters, a tie as the opponent chose
    (:func:`settle_troop_type`). A model keeps the rules of its own troop type."""
    entry = state.unit_entry(unit)
    if not entry.is_character or unit.location == "joined":
        return entry.troop_type
    tied = _troop_counts(state, unit)
    return unit.troop_choice if len(tied) > 1 and unit.troop_choice in tied else tied[0]


def unit_troop(state: NinthAgeState, unit: UnitState):
    """The :class:`TroopType` of :func:`unit_troop_type`."""
    from engine.rulesets.ninth_age.catalogue import TROOP_TYPES

    return TROOP_TYPES[unit_troop_type(state, unit)]


def settle_troop_type(state: NinthAgeState, unit: UnitState, events: list[Event]) -> None:
    """A unit of characters only has formed or changed (a character joined, left or fell, or
    its R&F were all slain): if its most common troop types tie, the opponent decides which it
    is (asked by /decide unless its earlier choice is still one of them, §14)."""
    if not state.unit_entry(unit).is_character or unit.location == "joined" or not joined(state, unit):
        return
    tied = _troop_counts(state, unit)
    if len(tied) < 2 or unit.troop_choice in tied:
        return
    members = "-".join(sorted([unit.id] + [c.id for c in joined(state, unit)]))
    opponent = state.enemy_of(unit.owner)
    answer = decide(state, opponent, f"troop-type-{unit.id}-{members}",
                    _("A unit of characters only ({unit}), whose troop types tie ({types}): which is its troop type? "
                      "(§14: the opponent decides)", unit=unit.id, types=commas([troop_word(t) for t in tied])),
                    [t.replace(" ", "-") for t in tied], default=tied[0].replace(" ", "-"))
    unit.troop_choice = answer.replace("-", " ")
    events.append(Event(kind="troop-type", seat=opponent, data={"unit": unit.id, "troop_type": unit.troop_choice},
                        text=_("The unit of characters only ({unit}) counts as {troop_type}, the opponent's choice of its most "
                               "common troop types (§14).", unit=unit.id, troop_type=troop_word(unit.troop_choice))))


COMMAND = ("standard", "musician", "champion")


def command_positions(state: NinthAgeState, host: UnitState) -> dict[str, tuple[int, int]]:
    """Where the unit's command models stand: as recorded, or at first the middle of the front
    rank (standard, then musician to its left and champion to its right)."""
    cmd = state.unit_entry(host).command
    present = [n for n in COMMAND if getattr(cmd, n)]
    if host.command_at and set(host.command_at) == set(present):
        return dict(host.command_at)
    files = host.formation.files
    middle = (files - 1) // 2
    order = [middle, middle - 1, middle + 1, middle - 2, middle + 2]
    spots = [f for f in order if 0 <= f < files]
    out, rank = {}, 0
    for name in present:
        if not spots:  # a narrow unit: the rest go to the next rank
            rank, spots = rank + 1, [f for f in order if 0 <= f < files]
        out[name] = (rank, spots.pop(0))
    return out


def character_cells(state: NinthAgeState, host: UnitState) -> dict[str, set[int]]:
    """The positions of ``host``'s footprint (base indices) each character in it takes: the
    cells of the block its base covers, or its place attached beside the block (§16.5)."""
    files, attached = host.formation.files, [a.id for a in host.formation.attached]
    cells: dict[str, set[int]] = {}
    for c in joined(state, host):
        if c.cells is None:
            cells[c.id] = {host.formation.models + attached.index(c.id)} if c.id in attached else set()
        else:
            cells[c.id] = {(c.rank + r) * files + c.file + f for r in range(c.cells[1]) for f in range(c.cells[0])}
    return cells


def character_base(state: NinthAgeState, char: UnitState):
    """The polygon of a joined character's base, from its host's footprint."""
    host = state.units[char.host]
    fp = host.footprint()
    if char.cells is None:
        index = host.formation.models + [a.id for a in host.formation.attached].index(char.id)
        return fp.models[index]
    from shapely.ops import unary_union

    files = host.formation.files
    cells = [(char.rank + r) * files + char.file + f for r in range(char.cells[1]) for f in range(char.cells[0])]
    return unary_union([fp.models[i] for i in cells if i < len(fp.models)])


def unit_movement(state: NinthAgeState, unit: UnitState, without: frozenset[str] = frozenset()) -> int:
    """A mixed unit Advances and Marches at the lowest M in it (§16.2). From rules version 7 a
    movement item (the Banner of Speed, "L'unità del portatore ha +1 Movimento", seed 001:3757)
    speeds the bearer's whole unit: the unit's models and the characters joined to it alike, by
    the largest such item among them, not stacked. ``without``: items (lower case) left out, to
    know how far the unit could go without them (a hidden item, §2.4)."""
    from engine.rulesets.ninth_age.state import members_movement

    members = [unit] + joined(state, unit)
    if not state.unit_movement_item_v7:
        return min(state.unit_entry(m).movement for m in members)
    return members_movement(state, members, without)


def unit_models_ld(state: NinthAgeState, unit: UnitState) -> int:
    """The best Ld of the unit's own models, its characters included (§24.3); a character that
    refused a challenge has Ld 0 (§16.9)."""
    own = 0 if unit.refused else state.unit_entry(unit).leadership
    return max([own] + [0 if c.refused else state.unit_entry(c).leadership for c in joined(state, unit)])


def position(state: NinthAgeState, unit: UnitState):
    """Where a model stands for a range: its own footprint, or its base inside its unit, or the
    walls of the Building it is in (§18.6); None if it is not on the table (a Hidden model is nowhere until revealed)."""
    if unit.location == "joined" and unit.host:
        host = state.units[unit.host]
        return outline(state, host) if host.garrison else character_base(state, unit)  # §18.6: from the walls
    if unit.on_table:
        return outline(state, unit)
    return None


def successor(state: NinthAgeState, uid: str) -> str:
    """The unit ``uid`` is now: itself, or the character that stands for it since its R&F were
    all slain (§16.2, :func:`fight_on`)."""
    seen = {uid}
    while state.units[uid].succeeded_by and state.units[uid].succeeded_by not in seen:
        uid = state.units[uid].succeeded_by
        seen.add(uid)
    return uid


def host_of(state: NinthAgeState, unit: UnitState) -> UnitState:
    return state.units[unit.host] if unit.location == "joined" and unit.host else unit


# -- the block as the melee changes it: a character slain, hits on a mixed unit (§16.4-16.6) ----------
def reshape(host: UnitState, formation) -> None:
    """Give ``host`` a new formation (a character in or out) without moving the block: the front
    left model stays where it stood (the pose is the centre of the whole footprint, which shifts)."""
    from engine.table.footprint import footprint

    if host.pose is None:
        host.formation = formation
        return
    before = footprint(host.formation, host.pose).models[0].centroid
    after = footprint(formation, host.pose).models[0].centroid
    host.formation = formation
    host.pose = host.pose.moved(host.pose.x + before.x - after.x, host.pose.y + before.y - after.y)


def block(state: NinthAgeState, host: UnitState) -> Arrangement:
    """The unit's Front-Rank models: its characters and its command group."""
    members = [Member(c.id, *c.cells, c.rank, c.file) for c in joined(state, host) if c.cells is not None]
    members += [Member(name.capitalize(), 1, 1, r, f, character=False)
                for name, (r, f) in command_positions(state, host).items()]
    return Arrangement(host.formation.files, members)


def store_block(state: NinthAgeState, host: UnitState, after: Arrangement) -> None:
    for m in after.members:
        if m.character:
            state.units[m.name].rank, state.units[m.name].file = m.rank, m.file
        else:
            host.command_at[m.name.lower()] = (m.rank, m.file)


def take_out_of_block(state: NinthAgeState, char: UnitState, host: UnitState, events: list[Event]) -> None:
    """Take the character's base out of its host's block: the Front-Rank models behind step
    forward into the gap, else the R&F from the rear ranks (§16.5 Refilling gaps)."""
    if char.cells is None:
        reshape(host, host.formation.model_copy(update={"attached": [a for a in host.formation.attached
                                                                     if a.id != char.id]}))
        return
    after, moved = block(state, host).leave(char.id)
    models = host.formation.models - char.cells[0] * char.cells[1]
    # fewer models than files (a single rank that loses its character): the rank closes up, as
    # casualties do (a Formation of more files than models is no formation, and no stored game with
    # one could be loaded again)
    files = max(1, min(host.formation.files, models))
    reshape(host, host.formation.model_copy(update={"models": models, "files": files}))
    for m in after.members:  # the Front-Rank models within the narrower rank
        m.file = max(0, min(m.file, files - m.width))
    store_block(state, host, after)
    if moved:
        events.append(Event(kind="front-rank", seat=char.owner, text=_("{join} step forward into the gap (§16.5).", join=commas(moved))))


def slain_in_unit(state: NinthAgeState, char: UnitState, events: list[Event], text: str) -> None:
    """A character killed inside its unit (§16.4, §11.6): its base leaves the block and the gap
    is refilled (§16.5); it is removed as a casualty (a BSB slain in combat loses its standard
    to the enemy, §16.8)."""
    host = state.units[char.host] if char.host else None
    if host is not None and host.pose is not None:
        take_out_of_block(state, char, host, events)
    char.cells, char.location, char.pose, char.host = None, "destroyed", None, None
    char.wounds_lost = 0
    events.append(Event(kind="destroyed", seat=char.owner, data={"unit": char.id}, text=text_join("", [text, "."])))
    if host is not None:
        settle_troop_type(state, host, events)


def lose_character_wounds(state: NinthAgeState, char: UnitState, dealt: int, events: list[Event], purpose: str,
                          wounds: int | None = None) -> tuple[int, int]:
    """``dealt`` wounds on a character inside its unit (§16.4): kept on it below its W
    (``wounds``: its W as the attack met it, else its profile's), else it is slain and leaves
    the unit (§16.5 Refilling gaps). Returns the wounds it took and those beyond the ones it
    had left (Overkill in a challenge, else lost)."""
    from engine.rulesets.ninth_age.damage import defence

    left = (wounds if wounds is not None else defence(state.unit_entry(char)).wounds) - char.wounds_lost
    if dealt < left:
        char.wounds_lost += dealt
        if dealt:
            events.append(Event(kind="casualties", seat=char.owner, data={"unit": char.id},
                                text=ngettext("{purpose}: {dealt} wound; {char} has {value} left.", "{purpose}: {dealt} wounds; {char} has {value} left.", dealt, purpose=purpose, dealt=dealt, char=char.id, value=left - dealt)))
        return dealt, 0
    slain_in_unit(state, char, events, ngettext("{char} is slain in {host} ({dealt} wound against the {left} it had left)", "{char} is slain in {host} ({dealt} wounds against the {left} it had left)", dealt,
                                         char=char.id, host=char.host, dealt=dealt, left=left))
    return left, dealt - left


def hit_allocation(state: NinthAgeState, unit: UnitState) -> tuple[str, list[str]]:
    """Who ordinary hits on the unit may go to: situation "A" (characters of the unit's troop
    type in a unit of 5+ R&F take none) or "B" (the attacker spreads the hits evenly over the
    R&F and the characters listed). With 5+ R&F, characters of the unit's own troop type stay
    protected even when others are exposed."""
    troop = unit_troop_type(state, unit)
    inside = joined(state, unit)
    if unit.models >= 5:
        exposed = [c.id for c in inside if state.unit_entry(c).troop_type != troop]
    else:
        exposed = [c.id for c in inside]
    return ("B" if exposed else "A"), exposed


def make_way_problem(state: NinthAgeState, char: UnitState) -> str | None:
    """Why a character may not make way (§16.6): it must be in its unit's front rank, on a
    matching base; it swaps with R&F, never with characters."""
    if char.location != "joined" or not char.host:
        return _("{char} is not in a unit", char=char.id)
    if char.cells is None:
        return _("{char} has a non-matching base and can never make way", char=char.id)
    if war_platform(state, char):  # "devono essere sempre posizionati nel centro del rango frontale" (§22)
        return _("{char} is a War Platform: it always stands in the centre of the front rank", char=char.id)
    if char.rank != 0:
        return _("{char} is not in the front rank", char=char.id)
    return None


def character_shares(state: NinthAgeState, seat: str, target: UnitState, hits: int,
                     exposed: list[str], most: dict[str, int] | None = None) -> dict[str, int]:
    """Situation B (§16.4): ``seat``, the attacking player, spreads ``hits`` on ``target`` as
    evenly as possible over its R&F and the ``exposed`` characters (nobody takes a second hit
    before every one has taken one): each character takes the even share or one more, asked by
    /decide when there is a choice (``most``: a character's cap, a miscasting wizard's one hit).
    Returns each character's hits; the rest go to the R&F."""
    shares: dict[str, int] = {}
    models = target.models + len(exposed)
    for c in exposed:
        low, high = hits // models, -(-hits // models)
        given = sum(shares.values())
        high = min(high, hits - given, (most or {}).get(c, hits))
        low = min(low, high)
        n = int(decide(state, seat, f"mixed-hits-{target.id}-{c}", ngettext("{hits} hit on {target} spread evenly over {models} models (§16.4): how many on {c}?", "{hits} hits on {target} spread evenly over {models} models (§16.4): how many on {c}?", hits, hits=hits, target=target.id, models=models, c=c),
                       [str(k) for k in range(high, low - 1, -1)], default=str(high)))
        shares[c] = n
    return shares


RANK_AND_FILE = "rank-and-file"  # the answer that gives a hit to the unit's R&F


def one_hit_goes_to(state: NinthAgeState, seat: str, target: UnitState, exposed: list[str], key: str,
                    question: str) -> UnitState | None:
    """Situation B (§16.4) for a hit that meets one model at a time (a bolt going on through
    the ranks while each hit removes a model, §15.3): ``seat``, the attacking player, gives it
    to the R&F or to one of the ``exposed`` characters (every model hit so far was removed,
    so every one left has taken none: any choice spreads the hits as evenly as possible).
    Asked by /decide; the character, or None for the R&F."""
    alive = [c for c in exposed if state.units[c].location == "joined" and state.units[c].host == target.id]
    if not alive:
        return None
    options = ([RANK_AND_FILE] if target.models > 0 else []) + alive
    answer = decide(state, seat, key, question, options, default=options[0])
    return None if answer == RANK_AND_FILE else state.units[answer]


# -- a character placed in a block (joining, deploying, revealed, §16.2, §16.5) -------------------------
def place_in_block(state: NinthAgeState, char: UnitState, host: UnitState, file: int | None, events: list[Event],
           *, keep_front_rank: bool = False, widen: bool = False) -> list[str]:
    """Put ``char`` into ``host``'s block (or against its side); who had to move. ``widen``: a
    single-rank unit grows wider by the character's base instead of a second rank (§16.2)."""
    centry, hentry = state.unit_entry(char), state.unit_entry(host)
    fit = base_fit(centry.base, hentry.base, host.formation.skirmish)
    char.host, char.location, char.pose = host.id, "joined", None
    if fit is None:
        sides = {a.side for a in host.formation.attached}
        free = [s for s in ("right", "left") if s not in sides]
        if not free:
            raise IllegalAction("no-side", ngettext("{host} already has a non-matching model on each side (§16.5).", "{host} already have a non-matching model on each side (§16.5).", number(state, host), host=host.id))
        side = "left" if file == 0 and "left" in free else free[0]
        reshape(host, host.formation.model_copy(update={"attached": [*host.formation.attached, Attached(
            id=char.id, width_mm=centry.base[0], depth_mm=centry.base[1], side=side)]}))
        char.cells, char.rank, char.file = None, 0, 0
        return []
    if widen:
        if host.formation.ranks != 1 or fit[1] != 1:
            raise IllegalAction("cannot-widen", ngettext("Only a single-rank unit is widened by a character one rank deep; {host} has {ranks} ranks (§16.2).", "Only a single-rank unit is widened by a character one rank deep; {host} have {ranks} ranks (§16.2).", number(state, host), host=host.id, ranks=host.formation.ranks))
        reshape(host, host.formation.model_copy(update={"files": host.formation.files + fit[0],
                                                        "models": host.formation.models + fit[0]}))
    arrangement = block(state, host)
    member = Member(char.id, fit[0], fit[1])
    if war_platform(state, char):  # always in the centre of the front rank (§22)
        after, moved = arrangement.centre(member, centre_file(state, char, host, fit[0], file))
    elif keep_front_rank:  # a Hidden model revealed may not displace other Front-Rank models
        rank, spot = arrangement._spot(fit[0], fit[1], arrangement.taken(), file or 0)
        after, moved = Arrangement(arrangement.files, arrangement.members + [replace(member, rank=rank, file=spot)]), []
    else:
        after, moved = arrangement.join(member, file)
    host.command_at = command_positions(state, host)
    store_block(state, host, after)
    char.cells = (fit[0], fit[1])
    if not widen:
        reshape(host, host.formation.model_copy(update={"models": host.formation.models + fit[0] * fit[1]}))
    return moved


def centre_file(state: NinthAgeState, platform: UnitState, host: UnitState, width: int, file: int | None) -> int:
    """Where in the front rank a War Platform ``width`` positions wide stands: the centre
    (:func:`centre_files`); ``file`` picks one of the two places when the centre falls between
    two positions (the left one if not said), any other file is refused."""
    spots = centre_files(host.formation.files, width)
    if not spots:
        raise IllegalAction("cannot-join", _("{char} cannot join {host}: {problem} (§16.2).", char=platform.id, host=host.id,
                                             problem=platform_problem(state, platform, host)))
    if file is None:
        return spots[0]
    if file not in spots:
        raise IllegalAction("bad-file", _("{char} is a War Platform: it stands in the centre of the front rank of {host}, at file {file} (§22).",
                                          char=platform.id, host=host.id, file=spots[0] + 1) if len(spots) == 1 else
                            _("{char} is a War Platform: it stands in the centre of the front rank of {host}, at file {file} or {file2} (§22).",
                              char=platform.id, host=host.id, file=spots[0] + 1, file2=spots[1] + 1))
    return file


def recentre(state: NinthAgeState, host: UnitState, events: list[Event]) -> None:
    """After the unit's width changed (a reform), its War Platform goes back to the centre of the
    front rank (§22), the Front-Rank models it meets moving as little as they can."""
    for c in joined(state, host):
        if c.cells is None or not war_platform(state, c):
            continue
        spots = centre_files(host.formation.files, c.cells[0])
        if not spots or (c.rank == 0 and c.file in spots):
            continue
        host.command_at = command_positions(state, host)
        after, moved = block(state, host).centre(Member(c.id, *c.cells), min(spots, key=lambda f: abs(f - c.file)))
        store_block(state, host, after)
        events.append(Event(kind="front-rank", seat=host.owner, data={"unit": host.id, "character": c.id},
                            text=text_join("", [_("{char} goes back to the centre of the front rank of {host}, file {file} (§22 War Platform)", char=c.id, host=host.id, file=c.file + 1),
                                                (_("; {join} moved aside", join=commas(moved)) if moved else ""), "."])))


def platform_width_problem(state: NinthAgeState, host: UnitState, files: int) -> str | None:
    """Why ``host`` may not stand ``files`` wide: its War Platform would not fit in the centre of
    the front rank (§22); or None."""
    for c in joined(state, host):
        if c.cells is not None and war_platform(state, c) and not centre_files(files, c.cells[0]):
            return _("{char}, a War Platform {width} positions wide, must stand in the centre of its front rank (§22)",
                     char=c.id, width=c.cells[0])
    return None


# -- a mixed unit whose R&F are all slain (§16.2 "Unità Miste distrutte") ------------------------------
# What the unit was doing carries over to the characters that are now the unit.
CARRIED_OVER = ("fleeing", "moved", "marched", "reformed", "declared_charge", "charged", "hill_charge",
                "failed_charge", "rallied", "fast_rallied", "fled_by_choice", "redirected", "combat_rounds", "fought", "pursuit_charge",
                "pursuit_target", "frenzy_lost", "stupid", "shot", "stood_and_shot", "phase_key",
                "phase_start_models", "phase_lost", "phase_causes", "panic_passed", "joined_this_phase",
                "garrison", "garrison_round", "garrison_seat")


def fight_on(state: NinthAgeState, host: UnitState, events: list[Event]) -> UnitState | None:
    """All the R&F (and the Champion) of a mixed unit are slain, leaving one or more characters:
    "the remaining characters continue to form a unit (which is considered still the same
    unit)" (§16.2). The front-most character stands where its base stood, facing the unit's
    way, and is the unit from now on (engaged, fleeing, charged or moved as it was, under the
    spells that were on it); the others join it, a unit of characters only. Returns that
    character, or None when no character was left in the unit (it is destroyed)."""
    inside = sorted(joined(state, host), key=lambda c: (c.rank, c.cells is None, c.file, c.id))
    if not inside or host.pose is None:
        return None
    spots = {c.id: character_base(state, c) for c in inside}
    leader, others = inside[0], inside[1:]
    # its recorded place may lie beyond a block the casualties shrank: then the block's centre
    at = ((spots[leader.id].centroid.x, spots[leader.id].centroid.y) if not spots[leader.id].is_empty
          else host.footprint().centre)
    hidden = joined(state, host, hidden=True)
    bearing = host.pose.bearing
    for c in inside:
        c.host, c.cells, c.location, c.rank, c.file = None, None, "table", 0, 0
    leader.pose = host.pose if host.garrison else Pose(x=at[0], y=at[1], bearing=bearing)
    for name in CARRIED_OVER:
        setattr(leader, name, getattr(host, name))
    host.formation = host.formation.model_copy(update={"attached": []})
    from engine.rulesets.ninth_age.neighbours import engaged

    host.slain_engaged = host.on_table and engaged(state, host)  # its standard captured (§17.2, §20.1)
    host.location, host.pose, host.succeeded_by, host.fleeing = "destroyed", None, leader.id, False
    for c in others:  # they join the one that stands for the unit, as near as they stood
        c.pose = None
        place_in_block(state, c, leader, None, events)
    for c in hidden:
        c.host = leader.id
    for decl in state.charges:  # the charges it declared or received are the unit's
        decl.charger = leader.id if decl.charger == host.id else decl.charger
        decl.target = leader.id if decl.target == host.id else decl.target
    for effect in state.effects:  # the spells on the unit stay on it (§9.4)
        if host.id in effect.units:
            effect.units += [c.id for c in inside if c.id not in effect.units]
    events.append(Event(kind="fight-on", seat=host.owner, data={"unit": host.id, "character": leader.id},
                        text=ngettext("The rank and file of {host} are all slain: {names} is left and is still the same unit (§16.2).",
                                      "The rank and file of {host} are all slain: {names} are left and are still the same unit (§16.2), the first standing for it.",
                                      len(inside), host=host.id, names=listed([c.id for c in inside]))))
    settle_troop_type(state, leader, events)
    return leader


def stands_for(state: NinthAgeState, char: UnitState) -> UnitState | None:
    """The unit whose R&F were all slain and which ``char`` stands for (§16.2, :func:`fight_on`):
    the characters left of it are still that unit. None for a character that stands for none."""
    if char.location != "table" or not state.unit_entry(char).is_character:
        return None
    for unit in state.units.values():
        if unit.succeeded_by and unit.location == "destroyed" and not state.unit_entry(unit).is_character \
                and successor(state, unit.id) == char.id:
            return unit
    return None


def rank_and_file_back(state: NinthAgeState, host: UnitState, events: list[Event]) -> list[str]:
    """Models of ``host`` are brought back (Recover Wounds, §7.8: "fino al numero iniziale")
    after its R&F had all been slain, the characters left of it standing as the unit (§16.2):
    :func:`fight_on` undone. ``host.models`` already counts the models back. The block forms
    again with its front edge where the characters' stood, facing their way, and every character
    joins it and takes the front rank as a character joining a unit does (§16.2, §16.5); what the
    characters did as the unit (moved, charged, fleeing, engaged...) is the unit's again, and so
    are the charges declared by or against them and the spells cast on them as the unit. Returns
    the characters, in the order they joined."""
    leader = state.units[successor(state, host.id)]
    inside = [leader] + sorted(joined(state, leader), key=lambda c: (c.rank, c.cells is None, c.file, c.id))
    hidden = joined(state, leader, hidden=True)
    for name in CARRIED_OVER:
        setattr(host, name, getattr(leader, name))
    old = leader.footprint()
    front = old.world((0, old.half_depth))
    bearing = leader.pose.bearing
    garrisoned = host.garrison and leader.pose  # a garrison stands at its Building's centre (§18.6)
    widths = 0
    for c in inside:
        fit = base_fit(state.unit_entry(c).base, state.unit_entry(host).base, host.formation.skirmish)
        widths += fit[0] * fit[1] if fit is not None else 0
    files = max(1, min(host.formation.files, host.models + widths))
    host.formation = host.formation.model_copy(update={"models": host.models, "files": files, "attached": []})
    host.command_at = {}
    host.pose = None  # placed below, once the characters are in the block
    host.location, host.succeeded_by, host.slain_engaged = "table", None, False
    for c in inside:
        c.host, c.cells, c.rank, c.file, c.pose = None, None, 0, 0, None
        c.formation = c.formation.model_copy(update={"models": 1, "files": 1, "attached": []})
        for name in CARRIED_OVER:  # the unit's again, not theirs
            setattr(c, name, UnitState.model_fields[name].get_default(call_default_factory=True))
    for c in inside:
        place_in_block(state, c, host, None, events)
    from engine.table.footprint import footprint

    placed = footprint(host.formation, Pose(x=0, y=0, bearing=bearing))
    offset = placed.world((0, placed.half_depth))  # the middle of the block's front edge where theirs was
    host.pose = garrisoned or Pose(x=front[0] - offset[0], y=front[1] - offset[1], bearing=bearing)
    for c in hidden:
        c.host = host.id
    for decl in state.charges:  # the charges the characters declared or received as the unit are its own
        decl.charger = host.id if decl.charger == leader.id else decl.charger
        decl.target = host.id if decl.target == leader.id else decl.target
    for effect in state.effects:  # a spell cast on them as the unit stays on it (§9.4)
        if leader.id in effect.units and host.id not in effect.units:
            effect.units.append(host.id)
    return [c.id for c in inside]
