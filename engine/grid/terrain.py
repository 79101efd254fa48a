"""Terrain kinds as data: what each kind does to movement, sight and cover.

Every kind the grid rules texts name has a built-in entry (D&D 3.5 tactical movement; D&D
Miniatures War Drums §18 and Skirmish §11). A map file may add kinds or override the
properties of a built-in one, so a printed map's special terrain needs no code.

>>> DEFAULT_KINDS["difficult"].slows, DEFAULT_KINDS["pit"].impassable
(True, True)
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from engine.core.text import N_, Text, _, listed


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
        _k("wall", N_("Solid wall or rock filling the square."), **_SOLID),
        _k("pillar", N_("A pillar filling the square: a wall for every purpose."), **_SOLID),
        _k("blocking_obstacle", N_("An obstacle that fills the square and can't be crossed (3.5 §6.3)."),
           **_SOLID),
        _k("difficult", N_("Rubble, undergrowth, steep stairs: 2 to enter, 3 diagonally."), **_DIFFICULT),
        _k("forest", N_("Difficult; cover inside; blocks sight crossing two opposite sides."),
           **_DIFFICULT, blocks_sight_crossing=True, gives_cover=True, cover_inside=True),
        _k("risky", N_("Difficult; 1-5 on a d20 at the end of a turn deals 10 damage."), **_DIFFICULT),
        _k("spike_stones", N_("Difficult; 5 magic damage when a slowed creature enters."), **_DIFFICULT,
           enter_event="spikes"),
        _k("water", N_("Shallow water: difficult terrain (a map convenience, not a named rule)."),
           **_DIFFICULT),
        _k("statue", N_("Costs 2 (3 diagonal) to enter, can't end there, ranged cover, sight passes."),
           slows=True, no_end=True, gives_cover=True, flying_ignores=True, incorporeal_ignores=True,
           burrowing_ignores=True),
        _k("obstacle", N_("A hampering obstacle filling the square (3.5 §6.2): one doubling, no stopping."),
           slows=True, no_end=True, flying_ignores=True, incorporeal_ignores=True, burrowing_ignores=True),
        _k("poor_visibility", N_("Poor visibility hampers movement: one doubling (3.5 §6.4)."),
           slows=True, incorporeal_ignores=False),
        _k("darkness", N_("Darkness: poor visibility (one doubling)."), slows=True),
        _k("pit", N_("Can't be entered except by fliers (and incorporeal); nobody ends there."),
           impassable=True, no_end=True, flying_ignores=True, incorporeal_ignores=True),
        _k("lava_pit", N_("A pit (any terrain named '... pit')."), impassable=True, no_end=True,
           flying_ignores=True, incorporeal_ignores=True),
        _k("fog", N_("Blocks sight (not effect or movement); hides creatures inside."),
           blocks_sight=True, hides=True),
        _k("smoke", N_("Same rules as fog."), blocks_sight=True, hides=True),
        _k("sacred_circle", N_("+2 to attack rolls and magic damage for creatures standing in it.")),
        _k("blood_rock", N_("Melee critical hits on a natural 19 or 20 for creatures standing in it.")),
        _k("teleporter", N_("Clear terrain; a swift action moves on from any other teleporter.")),
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


# Each built-in kind as a sentence names it, article included ("can't end its move on a pit"),
# so a refusal reads in the reader's language; a map's own kinds are named as the map names them.
KIND_WORDS: dict[str, str] = {
    "wall": N_("a wall"), "pillar": N_("a pillar"), "blocking_obstacle": N_("a blocking obstacle"),
    "difficult": N_("difficult terrain"), "forest": N_("a forest"), "risky": N_("risky terrain"),
    "spike_stones": N_("spike stones"), "water": N_("shallow water"), "statue": N_("a statue"),
    "obstacle": N_("an obstacle"), "poor_visibility": N_("poor visibility"), "darkness": N_("darkness"),
    "pit": N_("a pit"), "lava_pit": N_("a lava pit"), "fog": N_("fog"), "smoke": N_("smoke"),
    "sacred_circle": N_("a sacred circle"), "blood_rock": N_("blood rock"), "teleporter": N_("a teleporter"),
}


def kind_word(name: str) -> Text:
    """A terrain kind as a sentence names it, in the reader's language: a built-in kind by its
    catalogue word ("a pit": "una fossa"), a map's own kind by its name in quotes::

        >>> str(kind_word("lava_pit")), str(kind_word("bog"))
        ('a lava pit', "terrain 'bog'")
    """
    if name in KIND_WORDS:
        return Text(KIND_WORDS[name])
    return _("terrain '{kind}'", kind=name)


def kinds_said(names) -> Text:
    """Several kinds on one square, as a list in the reader's language ("a pit and fog")."""
    return listed(kind_word(n) for n in sorted(names))


def said_description(kind: TerrainKind) -> Text | str:
    """A kind's description in the reader's language: a built-in kind's from the catalogue; a
    description a map file wrote itself is the map's own text."""
    built_in = DEFAULT_KINDS.get(kind.name)
    if built_in is not None and kind.description == built_in.description:
        return Text(kind.description)
    return kind.description


def help_text() -> Text:
    """``/help topic:terrain``: every built-in terrain kind of the square-grid games, as a map
    file names it, with what it does, in the reader's language."""
    from engine.core.text import join

    lines: list = [_("**Terrain kinds** (a map file names them as written here; `legend:` gives each a letter)")]
    for name, kind in DEFAULT_KINDS.items():
        lines.append(_("`{name}` ({word}): {description}", name=name, word=kind_word(name),
                       description=said_description(kind)))
    return join("\n", lines)
