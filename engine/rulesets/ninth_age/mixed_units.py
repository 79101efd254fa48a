"""Who is in a mixed unit and where its characters stand (§16.2, §16.5): the characters joined
to a unit, where its command group stands, the unit a model is in, the spot a model measures
from, and the unit's M and Ld with its characters counted; and the block as the melee changes
it (a character slain in its unit, who takes hits on a mixed unit, who may make way).

Only the state (and the block's arithmetic in :mod:`.front_rank`) below it, so that every phase (movement, leadership, combat) can ask without
importing :mod:`.characters`, which joins, leaves and deploys characters and calls those phases.
"""

from __future__ import annotations

from engine.core.text import _, join as text_join
from engine.core import Event
from engine.rulesets.ninth_age.front_rank import Arrangement, Member
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState
from engine.rulesets.ninth_age.walls import outline


def joined(state: NinthAgeState, host: UnitState, *, hidden: bool | None = False) -> list[UnitState]:
    """The characters in ``host`` (``hidden``: only the hidden ones; None: all)."""
    return [u for u in state.units.values() if u.host == host.id
            and (hidden is None or (u.location == "hidden") == hidden)]


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


def unit_movement(state: NinthAgeState, unit: UnitState) -> int:
    """A mixed unit Advances and Marches at the lowest M in it (§16.2)."""
    return min([state.unit_entry(unit).movement] + [state.unit_entry(c).movement for c in joined(state, unit)])


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
    reshape(host, host.formation.model_copy(update={"models": host.formation.models
                                                    - char.cells[0] * char.cells[1]}))
    store_block(state, host, after)
    if moved:
        events.append(Event(kind="front-rank", seat=char.owner, text=_("{join} step forward into the gap (§16.5).", join=', '.join(moved))))


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


def hit_allocation(state: NinthAgeState, unit: UnitState) -> tuple[str, list[str]]:
    """Who ordinary hits on the unit may go to: situation "A" (characters of the unit's troop
    type in a unit of 5+ R&F take none) or "B" (the attacker spreads the hits evenly over the
    R&F and the characters listed). With 5+ R&F, characters of the unit's own troop type stay
    protected even when others are exposed."""
    troop = state.unit_entry(unit).troop_type
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
        return f"{char.id} is not in a unit"
    if char.cells is None:
        return f"{char.id} has a non-matching base and can never make way"
    if char.rank != 0:
        return f"{char.id} is not in the front rank"
    return None
