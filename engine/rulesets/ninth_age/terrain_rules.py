"""What the terrain features of the table mean to a unit (§18): which are Dangerous to it and
how, Water forbidding the March, charging from a Hill, Water's Disordered ranks, Forests
taking Steadfast away, Fields making units Flammable, and who defends a Wall.

Pure queries on the state (nothing here moves or rolls), below every phase that asks, so that
movement, charges, fleeing, pursuit, shooting and melee read the same answer. Strider (§22)
ignores every effect of moving through terrain (but Impassable terrain and Buildings) and never
loses Steadfast or rank bonus because of terrain; Strider (Water) only for Water.

>>> from shapely.geometry import box
>>> share_in(box(0, 0, 4, 2), [box(0, 0, 1, 2)])
0.25
"""

from __future__ import annotations

from engine.core.text import Text, _, decimal, join as text_join, ngettext, commas
from dataclasses import dataclass

from shapely.geometry import LineString
from shapely.ops import unary_union

from engine.rulesets.ninth_age.catalogue import rule_name, rule_param
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState
from engine.core import Event
from engine.rulesets.ninth_age.terrain_layouts import KIND_WORD, kind_word, terrain_name
from engine.table.charge_path import standing_against
from engine.table.terrain import TerrainFeature

MOUNTED = ("cavalry", "monstrous cavalry", "chariot")  # §18.3, §18.5, §18.7-18.9


def share_in(shape, polygons) -> float:
    """The share of ``shape``'s area inside the union of ``polygons``."""
    polygons = list(polygons)
    if not polygons or shape.area <= 0:
        return 0.0
    return shape.intersection(unary_union(polygons)).area / shape.area


def kind_share(state: NinthAgeState, shape, kind: str) -> float:
    """The share of ``shape`` in terrain features of ``kind`` (hill, forest, field...)."""
    return share_in(shape, [t.polygon for t in state.table.terrain if t.kind == kind])


def strider(state: NinthAgeState, unit: UnitState, kind: str, *, standard: bool = True,
            standard_only: bool = False) -> bool:
    """Strider, or Strider (X) naming this kind of terrain (§22); a Stalker's Standard's (§23.8)
    unless ``standard`` is False (what the unit would be without it: :func:`standard_strider_used`)
    (``standard_only``: only the standard's, a rule of the unit's rather than of its models)."""
    from engine.rulesets.ninth_age.mixed_units import standard_rule

    if standard and standard_rule(state, unit, "Strider"):
        return True
    if standard_only:
        return False
    entry = state.unit_entry(unit)
    for rule in entry.all_rules():
        if rule_name(rule) != "Strider":
            continue
        param = (rule_param(rule) or "").strip().lower()
        if not param or param in (kind, KIND_WORD.get(kind, kind).lower(), {"water": "acqua"}.get(kind)):
            return True
    return False


def standard_strider_used(state: NinthAgeState, unit: UnitState, spared: bool, events: list[Event]) -> None:
    """``spared``: the unit would have met terrain's effect but for its Stalker's Standard's Strider
    (a Dangerous Terrain test, a march refused, a rank in Water, Steadfast lost in a Forest): the
    standard is used, and a hidden one revealed (§2.4: "Un oggetto si considera usato quando
    influisce o è possibile che influisca sul gioco in un qualunque modo")."""
    from engine.rulesets.ninth_age.mixed_units import standard_rule

    if spared:
        standard_rule(state, unit, "Strider", events)


def ethereal(state: NinthAgeState, unit: UnitState) -> bool:
    """A unit whose models all have Ethereal, its characters counted: "considerano, ai fini del
    Movimento, tutti i Terreni come Terreno Aperto, ma non possono terminare il loro movimento dentro
    (o entro 1\") da un Terreno Intransitabile" (§22 Ethereal): no terrain is Dangerous to it, it
    marches through Water, and it moves through Impassable terrain, not ending in or within 1" of it."""
    from engine.rulesets.ninth_age.mixed_units import joined

    return all(state.unit_entry(u).has_rule("Ethereal") for u in [unit] + joined(state, unit))


@dataclass(frozen=True)
class Danger:
    """A feature that is Dangerous Terrain to a unit: its dice fail on ``fail_max`` or less."""

    feature: TerrainFeature
    fail_max: int
    why: str  # "Forest: Dangerous for Chariots (§18.7)"


def flaming_attacks(entry, army=None) -> bool:
    """Whether the models of ``entry`` have Flaming Attacks as the Field rule reads it: "i modelli
    con Attacchi Infuocati (sul modello o su un arma)" (§18.5): the model's own rule, or a weapon
    it carries with it: a ranged one (a flame thrower) or a close-combat one as loadout reads its
    rules (a Flaming Lance, an army book's weapon in ``army``)."""
    from engine.rulesets.ninth_age.loadout import weapons
    from engine.rulesets.ninth_age.weapons import weapons_of

    if entry.has_rule("Flaming Attacks") or any(w.has("Flaming Attacks") for w in weapons_of(entry)):
        return True
    return any(rule_name(r) == "Flaming Attacks" for w in weapons(entry, "cc", army) for r in w.rules)


def dangerous_features(state: NinthAgeState, unit: UnitState, *, flying: bool = False,
                       host: UnitState | None = None, standard: bool = True) -> list[Danger]:
    """The features that are Dangerous Terrain to this unit (§18.3-18.9, §18.10):

    - Water, Fields and Walls to Cavalry, Monstrous Cavalry and Chariots;
    - Forests to those, and to a unit making a flying move (§22 Fly);
    - Fields to a unit with Flaming Attacks (on a model or a weapon, §18.5);
    - Ruins to every unit but Skirmishers, Cavalry, Monstrous Cavalry and Chariots failing on 1-2;
    - any feature an uploaded layout marks ``dangerous`` (a plain test).

    Strider ignores them (§22), and to an Ethereal model no terrain is Dangerous. ``host``: ``unit`` is a character in that unit, tested as the
    model it is (its troop type, its own rules) with what is the unit's: Skirmishers, and a
    magic standard's Strider (§16.2: "è influenzato da tutte le regole che la riguardano");
    ``standard`` False: a Stalker's Standard's Strider left out."""
    entry = state.unit_entry(unit)
    if entry.has_rule("Ethereal"):  # all terrain is Open Terrain to its movement (§22 Ethereal)
        return []
    troop = entry.troop_type
    skirmishers = state.unit_entry(host or unit).has_rule("Skirmishers")
    mounted = troop in MOUNTED
    who = {"cavalry": _("Cavalry"), "monstrous cavalry": _("Monstrous Cavalry"), "chariot": _("Chariots")}.get(troop, troop)
    flaming = flaming_attacks(entry, state.armies.get(unit.owner))
    out: list[Danger] = []
    for t in state.table.terrain:
        if strider(state, unit, t.kind, standard=standard) or (
                standard and host is not None and strider(state, host, t.kind, standard_only=True)):
            continue
        why = None
        fail = 1
        if t.kind == "water" and mounted:
            why = _("Water: Dangerous for {who} (§18.3)", who=who)
        elif t.kind == "field" and mounted:
            why = _("Field: Dangerous for {who} (§18.5)", who=who)
        elif t.kind == "field" and flaming:
            why = _("Field: Dangerous for models with Flaming Attacks (§18.5)")
        elif t.kind == "forest" and mounted:
            why = _("Forest: Dangerous for {who} (§18.7)", who=who)
        elif t.kind == "forest" and flying:
            why = _("Forest: Dangerous for a flying move (§18.7)")
        elif t.kind == "wall" and mounted:
            why = _("Wall: Dangerous for {who} (§18.8)", who=who)
        elif t.kind == "ruins" and not skirmishers:
            fail = 2 if mounted else 1
            why = text_join("", [_("Ruins: Dangerous for every unit but Skirmishers"), (_(", {who} fail on 1-2", who=who) if mounted else ""), " (§18.9)"])
        elif t.has("dangerous") and t.kind not in ("ruins",):
            why = _("{kind}: Dangerous Terrain (§18.1)", kind=kind_word(t.kind))
        if why:
            out.append(Danger(t, fail, why))
    return out


def met_ground(feature: TerrainFeature, start=None):
    """The ground of ``feature`` a move from ``start`` (a footprint or its shape; None: unknown)
    meets: a feature the unit already stands against (within EPS_CONTACT: flush, or overlapping it
    by the float noise of a pose placed flush) counts only deeper than that, so that moving off it
    along or away from it is not going through it — the rule the charge path search follows
    (:func:`engine.table.charge_path.standing_against`); a move that goes into it, or ends in
    it, still meets it."""
    if start is None:
        return feature.polygon
    return standing_against(start, {0: feature.polygon})[0]


def crossed(feature: TerrainFeature, shapes, start=None) -> bool:
    """Whether the ground swept (``shapes``) by a move from ``start`` goes into ``feature``
    (:func:`met_ground`)."""
    ground = met_ground(feature, start)
    return not ground.is_empty and any(shape.intersects(ground) for shape in shapes)


def water_blocks_march(state: NinthAgeState, unit: UnitState, path_shapes: list, *, standard: bool = True,
                       start=None) -> str | None:
    """Units never march when entering, crossing or leaving Water (§18.3); the Water's name,
    or None. Strider (Water) ignores it (``standard`` False: not a Stalker's Standard's).
    ``start``: where the move began (Water it only stands against is met as :func:`crossed` says)."""
    if ethereal(state, unit):  # Water is Open Terrain to it (§22 Ethereal)
        return None
    for t in state.table.features("water"):
        if not strider(state, unit, "water", standard=standard) and crossed(t, path_shapes, start):
            return t.name
    return None


# -- Hills (§18.4) -------------------------------------------------------------------------------------
def on_hill(state: NinthAgeState, shape) -> float:
    return kind_share(state, shape, "hill")


def charge_from_hill(state: NinthAgeState, start_shape, end_shape) -> bool:
    """Charging from high ground (§18.4): half or more of the footprint on a hill at the start
    of the charge, half or more of it off the hill at its end."""
    if not state.table.features("hill"):
        return False
    return on_hill(state, start_shape) >= 0.5 - 1e-9 and on_hill(state, end_shape) <= 0.5 + 1e-9


# -- Water: Disordered (§18.3) ----------------------------------------------------------------------------
def water_full_ranks(state: NinthAgeState, unit: UnitState, full: int, *, standard: bool = True
                     ) -> tuple[int, str]:
    """Full ranks counted with Water's Disordered (§18.3): a rank even partly in Water is never a
    full rank; most of the unit in Water: 0 full ranks. (full ranks, why) — why "" when Water
    changes nothing (no Water, Strider, Strider (Water); ``standard`` False: not a Stalker's Standard's)."""
    waters = [t.polygon for t in state.table.terrain if t.kind == "water"]
    if not full or not waters or unit.pose is None or strider(state, unit, "water", standard=standard):
        return full, ""
    fp = unit.footprint()
    water = unary_union(waters)
    if share_in(fp.shape, [water]) > 0.5:
        return 0, _("most of it in Water: 0 full ranks (§18.3)")
    slots = fp.formation.slots()
    wet_ranks = {slots[i][0] for i, m in enumerate(fp.models[:len(slots)]) if m.intersection(water).area > 1e-9}
    kept = sum(1 for r in range(full) if r not in wet_ranks)  # ranks counted from 0 at the front
    if kept == full:
        return full, ""
    return kept, ngettext("{value} rank in Water is not full (§18.3)", "{value} ranks in Water are not full (§18.3)", full - kept, value=full - kept)


# -- Forests (§18.7) -----------------------------------------------------------------------------------------
def mostly_in_forest(state: NinthAgeState, unit: UnitState, *, standard: bool = True) -> bool:
    """The majority of the footprint in a forest: never Steadfast; Skirmishers and lone infantry
    characters are Stubborn there (§18.7). Strider never loses Steadfast to terrain (§22)
    (``standard`` False: not a Stalker's Standard's)."""
    if unit.pose is None or strider(state, unit, "forest", standard=standard):
        return False
    return kind_share(state, unit.footprint().shape, "forest") > 0.5


def forest_stubborn(state: NinthAgeState, unit: UnitState) -> bool:
    """Skirmishers, and lone infantry characters ("singoli Personaggi di fanteria": not a unit
    of several characters, §14), mostly in a forest are Stubborn (§18.7)."""
    if unit.pose is None or kind_share(state, unit.footprint().shape, "forest") <= 0.5:
        return False
    entry = state.unit_entry(unit)
    lone = not any(u.host == unit.id and u.location == "joined" for u in state.units.values())
    return entry.has_rule("Skirmishers") or (entry.is_character and lone and entry.troop_type == "infantry")


# -- Fields: Flammable (§18.5) --------------------------------------------------------------------------------
def in_field(state: NinthAgeState, unit: UnitState) -> bool:
    """Half or more of the footprint in a Field: the unit is Flammable (§18.5); so are the
    models in a Building until they leave it (§18.6)."""
    if unit.garrison:
        return True
    return unit.pose is not None and kind_share(state, unit.footprint().shape, "field") >= 0.5 - 1e-9


# -- Walls (§18.8) ----------------------------------------------------------------------------------------------
WALL_TOUCH = 0.05  # inches: a base this close to the wall's line is in base contact with it
WALL_ALIGN = 10.0  # degrees: the edge and the wall this near parallel count as aligned


def defended_wall(state: NinthAgeState, unit: UnitState, side: str = "front") -> TerrainFeature | None:
    """The Wall that ``unit`` defends on ``side`` (§18.8): the edge of that side aligned with the
    wall and at least half of it in base contact with it; None otherwise."""
    import math

    if unit.pose is None:
        return None
    fp = unit.footprint()
    edge = {"front": fp.front_edge}.get(side)
    if edge is None:
        hw, hd = fp.half_width, fp.half_depth
        corners = {"rear": ((-hw, -hd), (hw, -hd)), "left": ((-hw, -hd), (-hw, hd)),
                   "right": ((hw, -hd), (hw, hd))}[side]
        edge = LineString([fp.world(c) for c in corners])
    (ax, ay), (bx, by) = edge.coords[0], edge.coords[-1]
    for t in state.table.features("wall"):
        if not t.line:
            continue
        (wx1, wy1), (wx2, wy2) = t.line
        a1 = math.degrees(math.atan2(by - ay, bx - ax)) % 180
        a2 = math.degrees(math.atan2(wy2 - wy1, wx2 - wx1)) % 180
        if min(abs(a1 - a2), 180 - abs(a1 - a2)) > WALL_ALIGN:
            continue
        near = edge.intersection(t.polygon.buffer(WALL_TOUCH))
        if near.length >= edge.length / 2 - 1e-6:
            return t
    return None



# -- sight and cover (§6.1, §10.5, §18) -------------------------------------------------------------------
def sight_blockers(state: NinthAgeState) -> list:
    """Blocking Terrain as line-of-sight obstacles (§18.1): Impassable terrain and Buildings,
    never seen through; Hills, which may be seen into or out of but never through (§18.4)."""
    from engine.table.sight import Obstacle

    return [Obstacle(shape=t.polygon, kind="blocking", enterable=t.kind == "hill")
            for t in state.table.features("blocking")]


def hill_cover(state: NinthAgeState, target_shape, origin_inside) -> list:
    """The hills between a shooter and its target as cover obstacles (§18.4): Soft for a target
    partly on the hill if it hides half or more of it, Hard for one completely off it if it
    hides more than half (each hill on its own: short of its share a hill is no cover); a hill
    hides the part of the target it stands between, not the part standing on it (a line may go
    into a hill). The hill the shooting model stands on gives no cover (§10.5)."""
    from engine.table.sight import Obstacle

    out = []
    for t in state.table.features("hill"):
        if origin_inside(t.polygon):
            continue
        partly_on = target_shape.intersection(t.polygon).area > 1e-9
        # Soft if the hill hides half or more ("la metà o più"), Hard only if it hides more than
        # half ("più della metà", seed 001:2886-2889); short of that the hill is neither
        out.append(Obstacle(shape=t.polygon, kind="soft" if partly_on else "hard", enterable=True,
                            alone="half" if partly_on else "more"))
    return out


def standing_cover(state: NinthAgeState, target: UnitState, shooter_point, *, large: bool) -> tuple[str, str]:
    """Cover a target has from where it stands, whatever lies between (§18.5, §18.8, §18.9):
    Ruins give Hard cover, Fields Soft cover, to a unit with half or more of its footprint in
    them; a Wall gives Hard cover to a unit defending it with the side facing the shooter (the
    front, or the flank or rear the shooter stands in). Never to a Large target (a model on a
    hill counts as Large, §18.4). ("hard"/"soft"/"none", the reason)."""
    from engine.table.arcs import arc_of

    if large or target.pose is None:
        return "none", ""
    fp = target.footprint()
    ruins = [t for t in state.table.terrain if t.kind == "ruins"]
    if ruins and share_in(fp.shape, [t.polygon for t in ruins]) >= 0.5 - 1e-9:
        where = terrain_name(ruins[0].name) if len(ruins) == 1 else kind_word("ruins")
        return "hard", _("in {value} (Ruins: Hard cover, §18.9)", value=where)
    side = arc_of(fp, shooter_point)
    wall = defended_wall(state, target, "front" if side == "inside" else side)
    if wall is not None:
        return "hard", _("defending {wall} (Wall: Hard cover, §18.8)", wall=terrain_name(wall.name))
    fields = [t for t in state.table.terrain if t.kind == "field"]
    if fields and share_in(fp.shape, [t.polygon for t in fields]) >= 0.5 - 1e-9:
        where = terrain_name(fields[0].name) if len(fields) == 1 else _("a Field")
        return "soft", _("in {value} (Field: Soft cover, §18.5)", value=where)
    return "none", ""


# the kinds a rule reads by the share of a unit's footprint in them, all features of the kind
# together: Hills (§18.4), Forests (§18.7), Fields (§18.5), Water (§18.3), Ruins (§18.9). A Wall
# is met by its line (defended, §18.8), a Building by its garrison, Impassable never entered.
SHARED_KINDS = ("hill", "forest", "field", "water", "ruins")


def ground_note(state: NinthAgeState, path_shapes: list, end_shape, start=None) -> str:
    """What terrain a move went through and where it ended, for the reply: "; through Wheat
    Field (Field), Stone Wall (Wall); ends 62% in Forest (Forest)" ("" on open ground).
    ``start``: where the move began (a feature it only stands against: :func:`crossed`).
    The share it ends in is the one the rules read (:func:`kind_share`: the footprint's share
    in every feature of that kind together, so a unit across two Forests is "70% in Copse,
    Wood (Forest)", mostly in a forest, not 35% in each); a Wall has no share, it is passed."""
    through = [t for t in state.table.terrain if crossed(t, path_shapes, start)]
    if not through:
        return ""
    kinds: dict[str, list[TerrainFeature]] = {}
    for t in state.table.terrain:
        if t.kind in SHARED_KINDS and share_in(end_shape, [t.polygon]) > 0:
            kinds.setdefault(t.kind, []).append(t)
    ended = {t.name for held in kinds.values() for t in held}
    passed = [t for t in through if t.name not in ended]
    parts = []
    if passed:
        crossed_ = [_("{name} ({kind})", name=terrain_name(t.name), kind=kind_word(t.kind)) for t in passed]
        parts.append(_("; through {features}", features=commas(crossed_)))
    if kinds:
        in_ = [_("{share}% in {name} ({kind})", share=percent(kind_share(state, end_shape, kind)),
                 name=commas([terrain_name(t.name) for t in held]), kind=kind_word(kind)) for kind, held in kinds.items()]
        parts.append(_("; ends {features}", features=commas(in_)))
    return text_join("", parts)


def percent(share: float) -> Text:
    """A share said as a percentage, whole, but never rounded to 0 when there is some: a unit
    that barely touches a Field read "ends 0% in Wheat Field"::

        >>> str(percent(0.62)), str(percent(0.002)), str(percent(0.0003))
        ('62', '0.2', '0.03')
    """
    pct = share * 100
    return decimal(pct, ".0f" if pct >= 0.5 else ".1f" if pct >= 0.05 else ".2f")


def flies(state: NinthAgeState, unit: UnitState) -> bool:
    """A unit made up entirely of models with Fly (§22), characters joined to it included: it
    flies when it charges, meeting only the ground it takes off from and lands in, and the
    forests it flies over."""
    inside = [u for u in state.units.values() if u.host == unit.id]  # its characters, hidden ones too
    return all(state.unit_entry(u).has_rule("Fly") for u in [unit, *inside])
