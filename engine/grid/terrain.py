"""Terrain kinds as data: what each kind does to movement, sight and cover.

Every kind the grid rules texts name has a built-in entry (D&D 3.5 tactical movement; D&D
Miniatures War Drums §18 and Skirmish §11). A map file may add kinds or override the
properties of a built-in one, so a printed map's special terrain needs no code.

>>> DEFAULT_KINDS["difficult"].slows, DEFAULT_KINDS["pit"].impassable
(True, True)
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class TerrainKind(BaseModel):
    """The properties of one kind of terrain. A square may hold several kinds at once."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    description: str = ""
    # Movement.
    slows: bool = False  # entering costs one doubling (2 orthogonal, 3 diagonal)
    difficult: bool = False  # counts as difficult terrain: no running or charging through it
    impassable: bool = False  # may not be entered at all (pits, blocking obstacles)
    no_end: bool = False  # may be crossed but a move may not end on it
    corner_forming: bool = False  # a diagonal step may not cut its corner (walls, pillars)
    flying_ignores: bool = False  # fliers are neither slowed nor stopped by it
    incorporeal_ignores: bool = False
    burrowing_ignores: bool = False
    # Sight and cover.
    blocks_sight: bool = False  # a line touching the square gets no line of sight
    blocks_sight_crossing: bool = False  # forest: a line crossing two opposite sides of the square
    blocks_effect: bool = False  # line of effect (spells, areas): walls only, not fog or forest
    gives_cover: bool = False  # a line through the square gives ranged cover
    cover_inside: bool = False  # a creature standing in the square has cover (forest)
    gives_melee_cover: bool = False  # wall corners and ends (minis §12.5)
    hides: bool = False  # fog/smoke: occupants are unseen by creatures that are not adjacent
    # Rules hooks the ruleset resolves.
    enter_event: str | None = None  # a MoveEvent kind emitted when a mover it affects enters
    requires_check: str | None = None  # e.g. "Climb DC 15": crossing needs a check (3.5 §6.2)


def _k(name: str, description: str, **props) -> TerrainKind:
    return TerrainKind(name=name, description=description, **props)


_SOLID = dict(impassable=True, corner_forming=True, blocks_sight=True, blocks_effect=True,
              gives_cover=True, gives_melee_cover=True, incorporeal_ignores=True, burrowing_ignores=True)
_DIFFICULT = dict(slows=True, difficult=True, flying_ignores=True, incorporeal_ignores=True,
                  burrowing_ignores=True)

DEFAULT_KINDS: dict[str, TerrainKind] = {
    k.name: k
    for k in [
        _k("wall", "Solid wall or rock filling the square.", **_SOLID),
        _k("pillar", "A pillar filling the square: a wall for every purpose.", **_SOLID),
        _k("blocking_obstacle", "An obstacle that fills the square and can't be crossed (3.5 §6.3).",
           **_SOLID),
        _k("difficult", "Rubble, undergrowth, steep stairs: 2 to enter, 3 diagonally.", **_DIFFICULT),
        _k("forest", "Difficult; cover inside; blocks sight crossing two opposite sides.",
           **_DIFFICULT, blocks_sight_crossing=True, gives_cover=True, cover_inside=True),
        _k("risky", "Difficult; 1-5 on a d20 at the end of a turn deals 10 damage.", **_DIFFICULT),
        _k("spike_stones", "Difficult; 5 magic damage when a slowed creature enters.", **_DIFFICULT,
           enter_event="spikes"),
        _k("water", "Shallow water: difficult terrain (a map convenience, not a named rule).",
           **_DIFFICULT),
        _k("statue", "Costs 2 (3 diagonal) to enter, can't end there, ranged cover, sight passes.",
           slows=True, no_end=True, gives_cover=True, flying_ignores=True, incorporeal_ignores=True,
           burrowing_ignores=True),
        _k("obstacle", "A hampering obstacle filling the square (3.5 §6.2): one doubling, no stopping.",
           slows=True, no_end=True, flying_ignores=True, incorporeal_ignores=True, burrowing_ignores=True),
        _k("poor_visibility", "Poor visibility hampers movement: one doubling (3.5 §6.4).",
           slows=True, incorporeal_ignores=False),
        _k("darkness", "Darkness: poor visibility (one doubling).", slows=True),
        _k("pit", "Can't be entered except by fliers (and incorporeal); nobody ends there.",
           impassable=True, no_end=True, flying_ignores=True, incorporeal_ignores=True),
        _k("lava_pit", "A pit (any terrain named '... pit').", impassable=True, no_end=True,
           flying_ignores=True, incorporeal_ignores=True),
        _k("fog", "Blocks sight (not effect or movement); hides creatures inside.",
           blocks_sight=True, hides=True),
        _k("smoke", "Same rules as fog.", blocks_sight=True, hides=True),
        _k("sacred_circle", "+2 to attack rolls and magic damage for creatures standing in it."),
        _k("blood_rock", "Melee critical hits on a natural 19 or 20 for creatures standing in it."),
        _k("teleporter", "Clear terrain; a swift action moves on from any other teleporter."),
    ]
}


def kind_for(name: str, custom: dict[str, TerrainKind] | None = None) -> TerrainKind | None:
    """The kind called ``name``: a map's own kinds first, then the built-ins.

    Any unknown kind whose name contains "pit" is a pit (War Drums §18.5).
    """
    if custom and name in custom:
        return custom[name]
    if name in DEFAULT_KINDS:
        return DEFAULT_KINDS[name]
    if "pit" in name:
        return DEFAULT_KINDS["pit"].model_copy(update={"name": name})
    return None
