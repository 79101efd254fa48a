"""The Shooting phase (§10) and Stand and Shoot (§8.3): who may shoot, the shooting procedure
measured on the table (each model's own line of sight from its file's front, its own range to
the closest point of the target, its own cover by sampling the target's footprint), the
to-hit roll with its modifiers (§10.4-10.5), then the attack sequence of :mod:`.attacks`.
Artillery (§15.3: bolt thrower, cannon, catapult, volley gun), the Misfire table (§15.4) and
Breath Weapon (§22) are in :mod:`.artillery`.

To hit (§10.4): D6 + BS + modifiers ≥ 7; a natural 1 always misses; at 0, −1 and −2 a 6
must be followed by 4+, 5+, 6+; −3 or less cannot hit (E-55).

>>> to_hit_needed(3 - 5), to_hit_needed(4), to_hit_needed(3 - 3), to_hit_needed(9), to_hit_needed(-3)
((6, 6), (3, None), (6, 4), (2, None), None)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from shapely.geometry import Point as ShapelyPoint
from shapely.ops import unary_union

from engine.core import Event, IllegalAction, roll_dice
from engine.rulesets.ninth_age.catalogue import weapon_word
from engine.core.text import Text, _, decimal, join as text_join, ngettext, commas
from engine.core.decisions import decide
from engine.rulesets.ninth_age.attacks import resolve_on_unit
from engine.rulesets.ninth_age.casualties import heavy_casualties
from engine.rulesets.ninth_age.damage import roll_value
from engine.rulesets.ninth_age.magic_state import profile_value  # BS and S under spells and items (§9, §1.11)
from engine.rulesets.ninth_age import garrison
from engine.rulesets.ninth_age.neighbours import engaged
from engine.rulesets.ninth_age.saves import faces
from engine.rulesets.ninth_age.state import NinthAgeState, UnitState
from engine.rulesets.ninth_age.terrain_rules import hill_cover, sight_blockers, standing_cover
from engine.rulesets.ninth_age.weapons import MAGICAL_RULES, RangedWeapon, weapons_of
from engine.table.sight import Obstacle, cover_fractions, observer_points, sight_line
from engine.rulesets.ninth_age.grammar import hits_counted, number

HEIGHTS = {"small": 1, "medium": 2, "large": 3}
COVER_RANK = {"none": 0, "soft": 1, "hard": 2}
SHOOTING_PARTS = ("model", "rider", "crew")


# -- to hit ------------------------------------------------------------------------------------------
def to_hit_needed(total: int) -> tuple[int, int | None] | None:
    """The natural roll needed for BS + modifiers = ``total`` (§10.4): (first, second) where a
    second value means "a 6, then that on a second D6"; None: impossible."""
    if total >= 5:
        return 2, None
    if total >= 1:
        return 7 - total, None
    if total >= -2:
        return 6, 4 - total
    return None


def need_text(need: tuple[int, int | None] | None) -> str:
    if need is None:
        return _("cannot hit")
    return _("{need}+", need=need[0]) if need[1] is None else _("6 then {need}+", need=need[1])


# -- heights, sight and cover -------------------------------------------------------------------------
def height(state: NinthAgeState, unit: UnitState, fp=None) -> int:
    """Small, Medium or Large (§6.2): Large Target is Large, and so is a unit in a Building
    (§18.6); on a hill, every model with more than half of its own base on it (Posizione Elevata,
    §18.4, :func:`elevated`): the unit as a whole is Large when all its models are. Where sight
    and cover are measured model by model (:class:`Table`), each model has its own height."""
    own = unit_height(state, unit)
    if own < HEIGHTS["large"] and unit.pose is not None:
        bases = (fp or unit.footprint()).models
        if bases and len(elevated(state, bases)) == len(bases):
            return HEIGHTS["large"]
    return own


def unit_height(state: NinthAgeState, unit: UnitState) -> int:
    """The unit's own height, wherever it stands (§6.2): Large with Large Target or in a Building
    (shooting from one, §18.6), else its troop type's."""
    entry = state.unit_entry(unit)
    if entry.has_rule("Large Target") or unit.garrison:
        return HEIGHTS["large"]
    return HEIGHTS[entry.troop.height]


def elevated(state: NinthAgeState, bases) -> set[int]:
    """The models standing high on a hill (§18.4 Posizione Elevata, seed 001:2890: "Ai fini della
    Linea di Vista e del Riparo, i modelli con più della metà della propria basetta su una collina
    si considerano essere Grandi"): the indexes of ``bases`` with more than half of their own base
    on a hill, each base on its own, whatever share of the unit's footprint the hill holds. A game
    begun before rules version 6 (``sight_v6`` unset) judges the unit's bases together: all of them
    when more than half of their footprint is on a hill, else none."""
    if not state.table.features("hill"):
        return set()
    if not state.sight_v6:
        return set(range(len(bases))) if bases and state.table.area_fraction(unary_union(bases), "hill") > 0.5 \
            else set()
    return {i for i, base in enumerate(bases) if state.table.area_fraction(base, "hill") > 0.5}


def height_at(state: NinthAgeState, unit: UnitState, point) -> int:
    """The height of ``unit``'s model standing at ``point`` (a point aimed at on it): Large with
    more than half of its own base on a hill (§18.4); a point on none of its bases, the unit's
    (:func:`height`), as it always is in a game begun before rules version 6 (``sight_v6``)."""
    own = unit_height(state, unit)
    if own < HEIGHTS["large"] and unit.pose is not None and state.sight_v6:
        here = ShapelyPoint(point)
        base = next((b for b in unit.footprint().models if b.buffer(1e-6).covers(here)), None)
        if base is not None:
            return HEIGHTS["large"] if elevated(state, [base]) else own
    return height(state, unit)


class Table:
    """The units' footprints and heights, worked out once for a whole shooting attack: each
    unit's own height (:func:`unit_height`), and its models on a hill that count as Large
    (:func:`elevated`), so that sight and cover are measured model by model (§6.1, §10.5)."""

    def __init__(self, state: NinthAgeState):
        # a unit in a Building is where the Building's walls are (§18.6)
        self.fps = {u.id: (garrison.building_footprint(state, u) if u.garrison else u.footprint())
                    for u in state.on_table()}
        self.heights = {uid: unit_height(state, state.units[uid]) for uid in self.fps}
        self.high: dict[str, set[int]] = {uid: elevated(state, fp.models) for uid, fp in self.fps.items()
                                          if self.heights[uid] < HEIGHTS["large"]}

    def model_height(self, uid: str, index: int) -> int:
        """The height of model ``index`` of the unit's footprint: Large on a hill, else its unit's."""
        return HEIGHTS["large"] if index in self.high.get(uid, ()) else self.heights[uid]

    def parts(self, uid: str) -> list[tuple[int, object]]:
        """The unit's bases by height: (height, their shape), the Large ones on a hill apart."""
        fp, high = self.fps[uid], self.high.get(uid)
        if not high:
            return [(self.heights[uid], fp.shape)]
        if len(high) == len(fp.models):
            return [(HEIGHTS["large"], fp.shape)]
        low = [b for i, b in enumerate(fp.models) if i not in high]
        return [(HEIGHTS["large"], unary_union([fp.models[i] for i in sorted(high)])),
                (self.heights[uid], unary_union(low))]

    def large(self, uid: str) -> bool:
        """Every model of the unit counts as Large (a Large Target, a garrison, all on a hill)."""
        return all(h == HEIGHTS["large"] for h, _shape in self.parts(uid))


def sight_obstacles(state: NinthAgeState, table: Table | None = None) -> list[Obstacle]:
    """What interrupts line of sight (§6.1): Blocking Terrain, and bases taller than both ends
    (a unit's bases together, those on a hill apart: they count as Large, §18.4)."""
    table = table or Table(state)
    out = sight_blockers(state)  # hills may be seen into and out of, never through (§18.4)
    for uid in table.fps:  # one obstacle a unit and height: its bases together (fewer, faster tests)
        out.extend(Obstacle(shape=shape, kind="model", height=h, owner=uid) for h, shape in table.parts(uid))
    return out


def sight_to(table: Table, unit: UnitState, target: UnitState, fp, obstacles: list[Obstacle], *,
             observer_height: int, models=None):
    """A clear sight line from ``unit`` (its footprint ``fp``; ``models``: which front-rank bases
    look) to any model of ``target``, or None: a model of ``observer_height`` sees a target model
    past a base only when that base is not taller than both (§6.1), a target model on a hill being
    Large (§18.4), so a blocker may hide some of the target's models and not the others."""
    for target_height, part in table.parts(target.id):
        line = sight_line(fp, part, obstacles, heights=(observer_height, target_height), models=models,
                          exclude={unit.id, target.id})
        if line is not None:
            return line
    return None


def cover_obstacles(state: NinthAgeState, shooter: UnitState, target: UnitState, origin, *, volley: bool,
                    around=None, table: Table | None = None, shooter_height: int | None = None) -> list[Obstacle]:
    """What may give cover to ``target`` from a shooting model at ``origin`` (§10.5): soft and
    hard terrain (not the feature the shooter stands in), and the bases of other units: hard
    when at least as tall as the shooter or the target, soft otherwise (Small models are
    ignored for soft cover when shooting with or at a Large one: "Ai fini dell'applicabilità
    del Riparo Leggero"; the hard cover list has no such exception). Volley Fire ignores
    intervening models. Heights are the models' own (``shooter_height``: the shooting model's,
    else its unit's): a model on a hill counts as Large (§18.4), so a base may be hard cover to the
    target's models off the hill and soft to those on it, each over its own part of the footprint.
    Only what lies between the two units can be in the way (``around``: their convex hull),
    and obstacles of one kind are merged, so each sight line is tested against few shapes."""
    here = ShapelyPoint(origin)
    table = table or Table(state)
    if around is None:
        around = unary_union([table.fps[shooter.id].shape, table.fps[target.id].shape]).convex_hull
    hard, soft = [], []
    for t in state.table.terrain:
        if t.polygon.covers(here) or not t.polygon.intersects(around) or t.kind == "hill":
            continue  # the terrain the shooting model stands in gives no cover; hills below
        if t.has("hard_cover") or t.has("blocking"):
            hard.append(t.polygon)
        elif t.has("soft_cover"):
            soft.append(t.polygon)
    out = [Obstacle(shape=unary_union(group), kind=kind) for kind, group in (("hard", hard), ("soft", soft)) if group]
    if not volley:
        hs = table.heights[shooter.id] if shooter_height is None else shooter_height
        parts = table.parts(target.id)
        whole = len(parts) == 1  # the target all of one height: no part to tell apart
        by_part: dict[tuple[str, int], list] = {}
        for uid in table.fps:
            if uid in (shooter.id, target.id):
                continue
            for h, shape in table.parts(uid):
                if not shape.intersects(around):
                    continue
                for k, (ht, _part) in enumerate(parts):
                    if h >= hs or h >= ht:  # Hard cover: as tall as the shooter or its target, whatever they are
                        by_part.setdefault(("hard", k), []).append(shape)
                    elif not (HEIGHTS["large"] in (hs, ht) and h == HEIGHTS["small"]):  # Small ignored for Soft only
                        by_part.setdefault(("soft", k), []).append(shape)
        for (kind, k), group in by_part.items():
            out.append(Obstacle(shape=unary_union(group), kind=kind, only=None if whole else parts[k][1]))
    hills = hill_cover(state, table.fps[target.id].shape, lambda poly: poly.covers(here))
    return out + [h for h in hills if h.shape.intersects(around)]


# -- who may shoot -------------------------------------------------------------------------------------
def moved_this_turn(unit: UnitState) -> bool:
    """Any change of position or facing in this player turn ([A-20])."""
    return unit.moved or unit.marched or unit.reformed or unit.charged or unit.failed_charge or unit.rallied \
        or unit.fast_rallied  # Fast Cavalry rallied after a flight by choice "si considera mossa" (§22)


def shooting_parts(entry) -> list[int]:
    """The parts that shoot (§10.3): the riders, crew or models, never a mount."""
    return [i for i, p in enumerate(entry.parts) if p.role in SHOOTING_PARTS] or list(range(len(entry.parts)))


def shooting_bs(entry, state: NinthAgeState | None = None, unit: UnitState | None = None) -> int:
    """The BS of the part doing the shooting (§10.3): the rider's or crew's, not a mount's;
    with ``state`` and ``unit``, as the spells and items in play on the unit change it (§1.11)."""
    if state is not None and unit is not None:
        return max(profile_value(state, unit, "BS", i) for i in shooting_parts(entry))
    return max(entry.unmodified("BS", i) for i in shooting_parts(entry))


def shooting_strength(state: NinthAgeState, unit: UnitState) -> int:
    """The user's S for weapons that use it (throwing weapons, §15.2): the shooting part's,
    as spells and items in play change it."""
    return max(profile_value(state, unit, "S", i) for i in shooting_parts(state.unit_entry(unit)))


def free_reform(entry) -> bool:
    return any(entry.has_rule(r) for r in ("Free Reform", "Skirmishers", "Fast Cavalry", "Fly"))


def may_shoot(state: NinthAgeState, unit: UnitState, *, breath: bool = False, reaction: bool = False) -> None:
    """Raise the reason ``unit`` may not shoot now (§10.2), or return."""
    entry = state.unit_entry(unit)
    why, n = None, number(state, unit)
    if not unit.on_table:
        why = ngettext("is not on the table", "are not on the table", n)
    elif unit.fleeing:
        why = ngettext("is fleeing", "are fleeing", n)
    elif engaged(state, unit):
        why = ngettext("is engaged in combat", "are engaged in combat", n)
    elif unit.shot and not reaction:
        why = ngettext("has already shot this phase", "have already shot this phase", n)
    elif not reaction and unit.marched and not breath and not free_reform(entry):
        why = ngettext("marched this turn", "marched this turn", n)
    elif not reaction and unit.reformed and not free_reform(entry):
        why = ngettext("reformed this turn", "reformed this turn", n)
    elif not reaction and unit.rallied:
        why = ngettext("rallied this turn", "rallied this turn", n)
    elif not reaction and (unit.declared_charge or unit.failed_charge or unit.charged):
        why = ngettext("declared a charge this turn", "declared a charge this turn", n)
    elif unit.stupid and not reaction:
        why = ngettext("failed its Stupidity test this turn (§22)", "failed their Stupidity test this turn (§22)", n)
    elif unit.disabled:
        why = ngettext("has a damaged firing mechanism (Misfire) and may not shoot for the rest of the game", "have a damaged firing mechanism (Misfire) and may not shoot for the rest of the game", n)
    elif unit.no_shoot_round == state.round and unit.no_shoot_seat == state.active:
        why = ngettext("may not shoot this turn (a failed Panic test or a Misfire)", "may not shoot this turn (a failed Panic test or a Misfire)", n)
    elif entry.has_rule("Move or Fire") and moved_this_turn(unit):
        why = ngettext("has Move or Fire and moved this turn", "have Move or Fire and moved this turn", n)
    if why:
        raise IllegalAction("cannot-shoot", _("{unit} {why} (§10.2).", unit=unit.id, why=why))


def war_machine_ban(state: NinthAgeState, unit: UnitState) -> Text | None:
    """Why a war machine may not shoot in its owner's coming (or current) Shooting phase, as a
    board badge (§24.10), or None: engaged in combat (§10.2), its firing mechanism damaged for the
    rest of the game (Misfire 1-2, §15.4), silenced in that phase (Misfire 3-4, or a failed Panic
    test), or moved this player turn with Move or Fire. The same conditions :func:`may_shoot`
    refuses, read ahead of the phase; None once its owner's Shooting phase is over for the turn
    (a badge would then say something about a phase already gone)."""
    if state.unit_entry(unit).troop_type != "war machine" or not unit.on_table:
        return None
    seat = unit.owner
    own_turn = state.active == seat and state.phase in ("movement", "magic", "shooting")
    if unit.disabled:
        return _("may not shoot: damaged (Misfire)")
    if engaged(state, unit):
        return _("may not shoot: engaged")
    banned = (unit.no_shoot_round, unit.no_shoot_seat)
    if own_turn and banned == (state.round, seat):
        return _("may not shoot this turn")
    # the owner's next player turn after this one: the next game turn's if it is playing now or
    # played first, else this game turn's, still to come
    following = state.round + 1 if state.active == seat or seat == state.first_player else state.round
    if banned == (following, seat):
        return _("may not shoot next turn")
    if own_turn and state.unit_entry(unit).has_rule("Move or Fire") and moved_this_turn(unit):
        return _("may not shoot: moved")
    return None


def choose_weapon(state: NinthAgeState, unit: UnitState, name: str | None,
                  character_weapons: list[RangedWeapon] | None = None) -> RangedWeapon:
    """The weapon ``unit`` shoots with: ``name``, its only one, or the owner's answer;
    ``character_weapons``: a character's in a unit, its own choice (§10.3)."""
    if character_weapons is not None:
        char = unit
        answer = decide(state, char.owner, f"weapon-{char.id}", _("Which weapon does {char} shoot with? (a character in a unit uses any of its own, §10.3)", char=char.id), [w.name.replace(" ", "-") for w in character_weapons])
        return next(w for w in character_weapons if w.name == answer.replace("-", " "))
    entry = state.unit_entry(unit)
    carried = weapons_of(entry)
    if name:
        key = name.strip().lower().replace("-", " ")
        match = [w for w in carried if w.name == key]
        if not match:
            weapons = commas(f"`{w.name}`" for w in carried) or _("none")  # the words weapon: takes
            raise IllegalAction("no-weapon", ngettext("{unit} carries no {name} (its ranged weapons: {weapons}).", "{unit} carry no {name} (their ranged weapons: {weapons}).", number(state, unit), unit=unit.id, name=name, weapons=weapons))
        return match[0]
    if not carried:
        raise IllegalAction("no-weapon", ngettext("{unit} has no ranged weapon (§10.2).", "{unit} have no ranged weapon (§10.2).", number(state, unit), unit=unit.id))
    if len(carried) == 1:
        return carried[0]
    answer = decide(state, unit.owner, f"weapon-{unit.id}", ngettext("Which weapon does {unit} shoot with? (all its R&F use the same one, §15.2)", "Which weapon do {unit} shoot with? (all their R&F use the same one, §15.2)", number(state, unit), unit=unit.id), [w.name.replace(" ", "-") for w in carried])
    return next(w for w in carried if w.name == answer.replace("-", " "))


# -- one model's view of the target --------------------------------------------------------------------
@dataclass
class ModelShot:
    """What one shooting model measured (§10.3 step 5)."""

    index: int
    rank: int
    distance: float
    sight: tuple | None  # the clear sight line (from, to), or None
    cover: str = "none"
    f_hard: float = 0.0
    f_soft: float = 0.0
    origin: tuple = (0.0, 0.0)
    modifiers: list[tuple[str, int]] = field(default_factory=list)
    shots: int = 1
    standing: str = ""  # the cover the target has from where it stands, when that decided it (§18)

    @property
    def total(self) -> int:
        return sum(v for _skip, v in self.modifiers)


def measure(state: NinthAgeState, unit: UnitState, target: UnitState, weapon: RangedWeapon, *,
            stand_and_shoot: bool = False, ignore_cover: bool = False, max_range: float | None = None,
            table: Table | None = None, only: set[int] | None = None, reserved: int = 0
            ) -> tuple[list[ModelShot], list[str]]:
    """Each model that may shoot: rank, range, sight and cover; and why the others may not.
    ``table``: the footprints and heights, when already worked out for this position.
    ``reserved``: in a Building, how many of the 15 (5 Monstrous) shooters are its characters,
    shooting their own weapons (§18.6).
    ``only``: those positions of the block alone (a character's base in it); otherwise the
    rank and file's, never the positions its characters take, who shoot their own weapons
    (§10.3: "campioni e Personaggi sono liberi di utilizzare qualsiasi tipo di arma da tiro")."""
    from engine.rulesets.ninth_age.mixed_units import character_cells

    table = table or Table(state)
    fp, tfp = table.fps[unit.id], table.fps[target.id]
    skip: set[int] = set()
    if unit.garrison:  # a garrison shoots out of the side of its Building facing the target (§18.6)
        fp = garrison.building_footprint(state, unit, toward=tfp.centre)
    elif only is None:
        skip = set().union(*character_cells(state, unit).values())
    single = len(fp.models) == 1 or fp.formation.round_base
    volley = weapon.has("Volley Fire") and not moved_this_turn(unit) and not stand_and_shoot
    slots = fp.formation.slots() + [(0, -1)] * (len(fp.models) - len(fp.formation.slots()))
    obstacles = sight_obstacles(state, table)
    # the Building a garrison shoots from, or is shot in, is seen out of and into, never through (§18.6)
    obstacles = garrison.open_walls(state, obstacles, unit, target)
    reach = weapon.range if max_range is None else max_range
    around = unary_union([fp.shape, tfp.shape]).convex_hull
    sight_by_file: dict[tuple[int, int], tuple | None] = {}  # by file and the shooting model's height
    # cover from where the target stands (a Field, Ruins, a Wall it defends): the same for every
    # shooting model of the unit, from the unit's centre
    where = ("none", "") if ignore_cover else standing_cover(state, target, fp.centre, large=table.large(target.id))
    out, notes = [], []
    out_of_range = no_sight = too_deep = 0
    for i, base in enumerate(fp.models):
        if i in skip or (only is not None and i not in only):
            continue
        rank, file = slots[i]
        if rank > 1 and not volley and not single:
            too_deep += 1
            continue
        d = base.distance(tfp.shape)
        if d > reach + 1e-3 and not stand_and_shoot:
            out_of_range += 1
            continue
        # a model sees from the front of its own file (§6.1); a round base from anywhere on it;
        # as tall as it is: Large with more than half of its own base on a hill (§18.4)
        mine = table.model_height(unit.id, i)
        if (file, mine) not in sight_by_file:
            models = [file] if 0 <= file < len(fp.front_rank()) else None
            sight_by_file[file, mine] = sight_to(table, unit, target, fp, obstacles, observer_height=mine,
                                                 models=models)
        seen = sight_by_file[file, mine]
        if seen is None:
            no_sight += 1
            continue
        origin = observer_points(base, fp)[1] if fp.has_arcs else (base.centroid.x, base.centroid.y)
        shot = ModelShot(index=i, rank=rank, distance=d, sight=seen, origin=origin)
        if not ignore_cover:
            cf = cover_fractions(origin, tfp, cover_obstacles(state, unit, target, origin, volley=weapon.has(
                "Volley Fire"), around=around, table=table, shooter_height=mine))
            shot.cover, shot.f_hard, shot.f_soft = cf.cover, cf.f_hard, cf.f_soft
            if where[0] != "none" and COVER_RANK[where[0]] > COVER_RANK[shot.cover]:
                shot.cover, shot.standing = where
            if target.garrison:  # a Building is Hard cover to the unit in it (§18.6)
                shot.cover, shot.standing = "hard", _("in {building} (§18.6)", building=target.garrison)
        out.append(shot)
    if unit.garrison and out and only is None:  # every shooter stands at the walls: at most 15 (5 Monstrous) shoot (§18.6)
        most = garrison.most_shooters(state, unit, reserved)
        out = [replace(out[0], index=i) for i in range(most)]
        # the verb agrees with the shooters ({most}), the noun with the models in the building
        of_models = ngettext("of {n} model", "of {n} models", unit.models)
        notes.append(ngettext("{most} {of_models} shoots from {building} (at most {limit}, {monstrous} Monstrous, §18.6)", "{most} {of_models} shoot from {building} (at most {limit}, {monstrous} Monstrous, §18.6)", most,
                       most=most, of_models=of_models, building=unit.garrison, limit=garrison.MOST_SHOOTERS,
                       monstrous=garrison.MOST_MONSTROUS_SHOOTERS))
        if reserved:
            notes.append(ngettext("its character shooting its own weapon is one of them", "its {n} characters shooting their own weapons are among them", reserved, n=reserved))
    if too_deep:
        notes.append(ngettext("{n} model behind the 2nd rank may not shoot", "{n} models behind the 2nd rank may not shoot", too_deep))
    if out_of_range:
        notes.append(ngettext("{n} model out of range ({reach}\")", "{n} models out of range ({reach}\")", out_of_range, reach=decimal(reach, "g")))
    if no_sight:
        notes.append(ngettext("{n} model without line of sight", "{n} models without line of sight", no_sight))
    return out, notes


def modifiers(state: NinthAgeState, unit: UnitState, target: UnitState, weapon: RangedWeapon, shot: ModelShot, *,
              stand_and_shoot: bool, multiple: bool, model: UnitState | None = None) -> list[tuple[str, int]]:
    """The to-hit modifiers of one model's shots (§10.5; they stack, [A-63]); ``model``: a
    character in ``unit`` shooting, its own rules (Quick to Fire, Unwieldy) read."""
    tentry = state.unit_entry(target)
    out: list[tuple[str, int]] = []
    if shot.distance > weapon.range / 2 + 1e-9:
        out.append((_("long range"), -1))
    moved = moved_this_turn(unit) or (model is not None and moved_this_turn(model))
    entry = state.unit_entry(model or unit)
    if moved and not weapon.has("Quick to Fire") and not entry.has_rule("Quick to Fire"):
        out.append((_("moved"), -1))
    if moved and (weapon.has("Unwieldy") or entry.has_rule("Unwieldy")):
        out.append((_("Unwieldy"), -1))
    if stand_and_shoot:
        out.append((_("Stand and Shoot"), -1))
    if shot.cover == "hard":
        out.append((_("hard cover"), -2))
    elif shot.cover == "soft":
        out.append((_("soft cover"), -1))
    if multiple and weapon.kind != "volley gun":
        out.append((_("Multiple Shots"), -1))
    if tentry.has_rule("Skirmishers"):
        out.append((_("Skirmishers"), -1))
    if tentry.has_rule("Hard Target"):
        out.append((_("Hard Target"), -1))
    return out


def roll_to_hit(state: NinthAgeState, groups: dict[int, int], bs: int, purpose: str, seat: str, events: list[Event]
                ) -> tuple[int, int, list[int]]:
    """Roll every shot, grouped by its modifier total: (hits, natural 6s among hits that needed no
    7+ (Poisoned), every first die)."""
    hits = sixes = 0
    firsts: list[int] = []
    for total in sorted(groups, reverse=True):
        count = groups[total]
        need = to_hit_needed(bs + total)
        if need is None:
            events.append(Event(kind="roll", seat=seat, text=ngettext("{purpose}: {count} shot at BS {bs} {total:+d} cannot hit (§10.4).", "{purpose}: {count} shots at BS {bs} {total:+d} cannot hit (§10.4).", count, purpose=purpose, count=count, bs=bs, total=total)))
            continue
        roll = roll_dice(f"{count}d6", state.rng, purpose=_('{purpose}: to hit', purpose=purpose))
        firsts += roll.dice
        first, second = need
        text = ngettext("{purpose}: {count} shot at BS {bs} {total:+d}, needing {need_text}: {faces}", "{purpose}: {count} shots at BS {bs} {total:+d}, needing {need_text}: {faces}", count, purpose=purpose, count=count, bs=bs, total=total, need_text=need_text(need), faces=faces(roll.dice))
        if second is None:
            got = [d for d in roll.dice if d != 1 and d >= first]
            hits += len(got)
            sixes += sum(1 for d in got if d == 6)
            events.append(Event(kind="roll", seat=seat, roll=roll, text=ngettext("{text}: {count} hit.", "{text}: {count} hits.", len(got), text=text, count=len(got))))
            continue
        six = sum(1 for d in roll.dice if d == 6)
        events.append(Event(kind="roll", seat=seat, roll=roll, text=ngettext("{text}: {six} six.", "{text}: {six} sixes.", six, text=text, six=six)))
        if six:
            again = roll_dice(f"{six}d6", state.rng, purpose=_('{purpose}: to hit, second dice', purpose=purpose))
            got = sum(1 for d in again.dice if d >= second)
            hits += got
            events.append(Event(kind="roll", seat=seat, roll=again, text=ngettext("{purpose}: then {second}+: {faces}: {got} hit.", "{purpose}: then {second}+: {faces}: {got} hits.", got, purpose=purpose, second=second, faces=faces(again.dice), got=got)))
    return hits, sixes, firsts


def fixed_to_hit(state: NinthAgeState, count: int, need: int, purpose: str, seat: str, events: list[Event]
                 ) -> tuple[int, int]:
    """Shots that always hit on ``need``+, no modifier applying: (hits, natural 6s among them)."""
    roll = roll_dice(f"{count}d6", state.rng, purpose=_("{purpose}: to hit", purpose=purpose))
    got = [d for d in roll.dice if d >= need]
    events.append(Event(kind="roll", seat=seat, roll=roll, text=ngettext("{purpose}: {n} shot, always hitting on {need}+ (no modifier applies): {faces}: {hits}.", "{purpose}: {n} shots, always hitting on {need}+ (no modifier applies): {faces}: {hits}.", count, purpose=purpose, need=need, faces=faces(roll.dice), hits=hits_counted(len(got)))))
    return len(got), sum(1 for d in got if d == 6)


# -- the shooting attack -------------------------------------------------------------------------------
def check_target(state: NinthAgeState, unit: UnitState, target: UnitState, *, reaction: bool = False) -> None:
    if target.owner == unit.owner:
        raise IllegalAction("not-an-enemy", ngettext("{target} is one of your own units.", "{target} are one of your own units.", number(state, target), target=target.id))
    if not target.on_table:
        raise IllegalAction("not-on-table", ngettext("{target} is not on the table.", "{target} are not on the table.", number(state, target), target=target.id))
    if not reaction and engaged(state, target):
        raise IllegalAction("target-engaged", ngettext("{target} is engaged in combat and may not be shot at (§10.3).", "{target} are engaged in combat and may not be shot at (§10.3).", number(state, target), target=target.id))


def ranged_attack(state: NinthAgeState, unit: UnitState, target: UnitState, events: list[Event], *,
                  weapon: RangedWeapon | None, multiple: bool | None = None, stand_and_shoot: bool = False,
                  models: int | None = None, quick_only: bool = False, hold: set[str] = frozenset()) -> None:
    """One unit's shooting attack with a ranged weapon (§10.3): the measured shots, the to-hit
    rolls, the attack sequence on the hits, then Panic for Heavy Casualties (§12.2 step 6).
    ``models``: at most that many models fire, front rank first (any model may hold its fire,
    §10.3). The characters in the unit shoot their own ranged weapons at the same target
    (:func:`character_volleys`); ``weapon`` None: only they have one. ``hold``: the characters
    (by name) and ``champion`` that hold their fire (§10.3: "Qualunque modello nell'Unità è libero
    di decidere di non tirare")."""
    volleys = character_volleys(state, unit, target, stand_and_shoot=stand_and_shoot, quick_only=quick_only, skip=hold)
    # the Champion with a ranged weapon of its own: its choice, shot apart from the rank and file's
    champ = None if "champion" in hold else champion_volley(state, unit, target, weapon, stand_and_shoot=stand_and_shoot,
                                                            quick_only=quick_only)
    shots: list[ModelShot] = []
    holding = [_("{char} holds its fire", char=c) for c in sorted(hold) if c != "champion"]
    if weapon is not None:
        # in a Building its characters shooting are among the 15 (5 Monstrous) that may (§18.6)
        shots, notes = measure(state, unit, target, weapon, stand_and_shoot=stand_and_shoot, reserved=len(volleys))
        if "champion" in hold or champ is not None:
            from engine.rulesets.ninth_age.fighters import champion_model

            champion = champion_model(state, unit)
            before = len(shots)
            if unit.garrison:  # at the walls: one fewer only when every model of the unit would shoot (§18.6)
                shots = shots[:max(0, unit.models - 1)]
            else:
                shots = [s for s in shots if s.index != champion]
            if "champion" in hold and (unit.garrison or len(shots) < before):
                holding.append(_("the Champion holds its fire"))
        notes = notes + holding
        if not shots and not volleys and not (champ and champ[1]):
            why = text_join("; ", notes) if notes else _("none has line of sight")
            raise IllegalAction("no-shot", _("No model of {unit} can shoot at {target}: {why} (§10.3).", unit=unit.id, target=target.id, why=why))
    elif not volleys and not (champ and champ[1]):
        why = commas(holding) if holding else _("none has line of sight")
        raise IllegalAction("no-shot", _("No model of {unit} can shoot at {target}: {why} (§10.3).", unit=unit.id, target=target.id, why=why))
    unit.shot = True
    if stand_and_shoot:
        unit.stood_and_shot = True
    if shots:
        _volley(state, unit, target, events, weapon, shots, notes, multiple=multiple, stand_and_shoot=stand_and_shoot,
                models=models, champion_bonus=False if champ is not None else None)
    if champ is not None and champ[1] and target.on_table:
        _volley(state, unit, target, events, champ[0], champ[1], [], stand_and_shoot=stand_and_shoot,
                champion_bonus=True)
    for char, w, char_shots, char_notes in volleys:
        if target.on_table:
            _volley(state, unit, target, events, w, char_shots, char_notes, stand_and_shoot=stand_and_shoot, model=char)
    heavy_casualties(state, target, events)


def champion_weapons(state: NinthAgeState, unit: UnitState, *, stand_and_shoot: bool = False,
                     quick_only: bool = False) -> list[RangedWeapon]:
    """The ranged weapons of its own the unit's Champion carries (the army file's
    ``command.champion_weapons``), with the Champion standing: it may shoot any of them or the
    unit's (§10.3: "campioni e Personaggi sono liberi di utilizzare qualsiasi tipo di arma da tiro
    desiderino"); Standing and Shooting as :func:`character_weapons` says."""
    from engine.rulesets.ninth_age.fighters import champion_model
    from engine.rulesets.ninth_age.weapons import RANGED

    entry = state.unit_entry(unit)
    if not entry.command.champion_weapons or champion_model(state, unit) is None:
        return []
    own = [RANGED[name] for name in entry.command.champion_weapons if name in RANGED]
    if stand_and_shoot:
        own = [w for w in own if not w.cumbersome]
    if quick_only and not entry.has_rule("Quick to Fire"):
        own = [w for w in own if w.has("Quick to Fire")]
    return own


def champion_volley(state: NinthAgeState, unit: UnitState, target: UnitState, weapon: RangedWeapon | None, *,
                    stand_and_shoot: bool = False, quick_only: bool = False
                    ) -> tuple[RangedWeapon, list[ModelShot]] | None:
    """The Champion's shot with a weapon of its own (:func:`champion_weapons`; the owner chooses
    when it could also shoot the rank and file's ``weapon``): that weapon and the one shot its
    place may fire (none when out of range or sight); None when it shoots with the rank and file."""
    from engine.rulesets.ninth_age.fighters import champion_model

    own = [w for w in champion_weapons(state, unit, stand_and_shoot=stand_and_shoot, quick_only=quick_only)
           if w != weapon]
    if not own:
        return None
    options = ([weapon] if weapon is not None else []) + own
    chosen = options[0]
    if len(options) > 1:
        answer = decide(state, unit.owner, f"weapon-{unit.id}-champion", _("Which weapon does the Champion of {unit} shoot with? (a Champion uses any of its own, §10.3)", unit=unit.id), [w.name.replace(" ", "-") for w in options])
        chosen = next(w for w in options if w.name == answer.replace("-", " "))
    if chosen == weapon:
        return None
    place = {0} if unit.garrison else {champion_model(state, unit)}
    shots, _notes = measure(state, unit, target, chosen, stand_and_shoot=stand_and_shoot, only=place)
    return chosen, shots[:1]


def character_weapons(state: NinthAgeState, char: UnitState, *, stand_and_shoot: bool = False,
                      quick_only: bool = False) -> list[RangedWeapon]:
    """The ranged weapons a character in a unit may shoot with it (§10.3): its own, not artillery,
    with BS above 0; Standing and Shooting, none Cumbersome, and with the charger not farther than
    its M (``quick_only``) only Quick to Fire ones (§22: "possono Resistere e Tirare
    indipendentemente dalla distanza del bersaglio")."""
    entry = state.unit_entry(char)
    carried = [w for w in weapons_of(entry) if not w.artillery]
    if not carried or shooting_bs(entry, state, char) == 0:
        return []
    if stand_and_shoot:
        carried = [w for w in carried if not w.cumbersome]
    if quick_only and not entry.has_rule("Quick to Fire"):
        carried = [w for w in carried if w.has("Quick to Fire")]
    return carried


def character_volleys(state: NinthAgeState, unit: UnitState, target: UnitState, *, stand_and_shoot: bool = False,
                      quick_only: bool = False, skip: set[str] = frozenset()
                      ) -> list[tuple[UnitState, RangedWeapon, list[ModelShot], list]]:
    """The characters in ``unit`` that shoot with it (§10.3: "campioni e Personaggi sono liberi di
    utilizzare qualsiasi tipo di arma da tiro desiderino", all at the unit's target): each with a
    ranged weapon (:func:`character_weapons`), that weapon (the owner's choice when it has
    several), and its base's one shot if it may fire (1st or 2nd rank, range, sight)."""
    from engine.rulesets.ninth_age.mixed_units import character_cells

    out = []
    cells = character_cells(state, unit)
    for char in (state.units[c] for c in cells if c not in skip):  # ``skip``: holding their fire
        carried = character_weapons(state, char, stand_and_shoot=stand_and_shoot, quick_only=quick_only)
        if not carried or not (cells[char.id] or unit.garrison):
            continue
        w = carried[0] if len(carried) == 1 else choose_weapon(state, char, None, carried)
        # in a Building it shoots from the walls like every model of its unit (§18.6)
        shots, notes = measure(state, unit, target, w, stand_and_shoot=stand_and_shoot,
                               only={0} if unit.garrison else cells[char.id])
        if shots:  # one model, however many positions its base takes (§16.5): its nearest that may fire
            out.append((char, w, [min(shots, key=lambda s: (s.rank, s.distance))], []))
    return out


def _volley(state: NinthAgeState, unit: UnitState, target: UnitState, events: list[Event], w: RangedWeapon,
            shots: list[ModelShot], notes: list, *, multiple: bool | None = None, stand_and_shoot: bool = False,
            models: int | None = None, model: UnitState | None = None, champion_bonus: bool | None = None) -> None:
    """The shots of ``unit``'s rank and file with ``w``, or of ``model``, a character in it:
    to hit at their BS, then the attack sequence on the hits (§10.4, §12). ``champion_bonus``:
    None, the shot from the Champion's place has its +1 BS; True, these are the Champion's own
    (its own weapon); False, the Champion is not among them."""
    shooter = model or unit
    entry = state.unit_entry(shooter)
    bs = shooting_bs(entry, state, shooter)
    if models is not None:
        if models < 1:
            raise IllegalAction("bad-option", _("models: is how many models fire, at least 1."))
        if models < len(shots):
            notes.append(ngettext("{value} able model holds its fire", "{value} able models hold their fire", len(shots) - models, value=len(shots) - models))
            shots = sorted(shots, key=lambda s: (s.rank, s.index))[:models]
    per_model = 1
    if w.multiple_shots and w.kind != "volley gun":
        if multiple is None:
            key = f"multiple-shots-{shooter.id}" + ("-champion" if champion_bonus else "")
            multiple = decide(state, unit.owner, key, _("{unit}: shoot {multiple_shots} times each at -1 to hit (Multiple Shots), or once?", unit=shooter.id, multiple_shots=w.multiple_shots), ["once", "multiple"]) == "multiple"
        per_model = int(w.multiple_shots) if multiple and w.multiple_shots.isdigit() else 1
    else:
        multiple = False
    random_shots = bool(multiple) and not w.multiple_shots.isdigit()
    rolled: list[int] = []
    groups: dict[int, int] = {}
    from engine.rulesets.ninth_age.fighters import champion_model

    champion = champion_model(state, unit)
    for s in shots:
        s.modifiers = modifiers(state, unit, target, w, s, stand_and_shoot=stand_and_shoot, multiple=bool(multiple),
                                model=model)
        if model is None and (champion_bonus or (champion_bonus is None and s.index == champion)):
            # "Primo fra tutti": the Champion has +1 BS (§17.3), its shots one better
            s.modifiers.append((_("Champion (+1 BS)"), 1))
        if random_shots:  # a dice value (e.g. D3): rolled for each model, like Random Attacks (E-34)
            per_model, _skip = roll_value(w.multiple_shots, state.rng, _('{unit} Multiple Shots ({multiple_shots})', unit=shooter.id, multiple_shots=w.multiple_shots))
            rolled.append(per_model)
        s.shots = per_model
        groups[s.total] = groups.get(s.total, 0) + per_model
    if rolled:
        notes.append(_("Multiple Shots ({multiple_shots}) rolled {join}", multiple_shots=w.multiple_shots, join=' '.join(map(str, rolled))))
    record(state, unit, target, shots)
    item = entry.item_named(w.name)
    if item is not None:  # a magic ranged weapon (the Skull Splitter) is used: a hidden one is revealed (§2.4)
        from engine.rulesets.ninth_age.hidden import reveal

        reveal(state, shooter.owner, shooter.id, item, _("its bearer shoots with it"), events)
    if champion_bonus:  # the Champion, a weapon of its own (§10.3)
        purpose = _("The Champion of {unit} shoots ({w}) at {target}", unit=unit.id, w=weapon_word(w.name), target=target.id) if not stand_and_shoot else \
            _("The Champion of {unit} stands and shoots ({w}) at {target}", unit=unit.id, w=weapon_word(w.name), target=target.id)
    elif model is not None:  # a character in the unit, its own weapon (§10.3)
        purpose = _("{char} in {unit} shoots ({w}) at {target}", char=model.id, unit=unit.id, w=weapon_word(w.name), target=target.id) if not stand_and_shoot else \
            _("{char} in {unit} stands and shoots ({w}) at {target}", char=model.id, unit=unit.id, w=weapon_word(w.name), target=target.id)
    else:
        purpose = ngettext("{unit} shoots ({w}) at {target}", "{unit} shoot ({w}) at {target}", number(state, unit), unit=unit.id, w=weapon_word(w.name), target=target.id) if not stand_and_shoot else \
            ngettext("{unit} stands and shoots ({w}) at {target}", "{unit} stand and shoot ({w}) at {target}", number(state, unit), unit=unit.id, w=weapon_word(w.name), target=target.id)
    events.append(Event(kind="shoot", seat=unit.owner, data={"unit": unit.id, "target": target.id},
                        text=text_join("", [_("{purpose}: {describe}", purpose=purpose, describe=describe(shots, w)), (_("; {join}", join=text_join('; ', notes)) if notes else ""), "."])))
    if w.has("Always hits on 4+"):  # the Skull Splitter (§23.3): 4+ whatever the BS and the modifiers
        hits, sixes = fixed_to_hit(state, sum(groups.values()), 4, purpose, unit.owner, events)
    else:
        hits, sixes, _skip = roll_to_hit(state, groups, bs, purpose, unit.owner, events)
    poisoned = sixes if (entry.has_rule("Poisoned Attacks") or w.has("Poisoned Attacks")) else 0
    if not hits:
        events.append(Event(kind="shoot", seat=unit.owner, text=ngettext("{unit} scores no hits.", "{unit} score no hits.", number(state, shooter), unit=shooter.id)))
        return
    attack = w.attack(shooting_strength(state, shooter))
    if any(entry.has_rule(r) for r in MAGICAL_RULES):  # the model's, for all its attacks (§22)
        attack = replace(attack, magical=True)
    from engine.rulesets.ninth_age.one_use import active

    if active(state, unit, "flaming standard") and not unit.standard_lost:  # Flaming Standard (§23.8)
        attack = replace(attack, flaming=True)
    if entry.has_rule("Hellfire") or entry.has_rule("Lightning Attack"):  # a model's rule, its attacks too (§22)
        attack = replace(attack, hellfire=attack.hellfire or entry.has_rule("Hellfire"),
                         lightning=attack.lightning or entry.has_rule("Lightning Attack"))
    result = resolve_on_unit(state, target, attack, hits, events, attacker=unit, purpose=purpose,
                             auto_wounds=min(poisoned, hits))  # characters in it: §16.4
    events.append(Event(kind="shoot-result", seat=unit.owner, data={"unit": unit.id, "target": target.id},
                        text=_("{unit} against {target}: {summary}.", unit=shooter.id, target=target.id, summary=result.summary())))


def modifier_list(mods) -> Text:
    """To-hit modifiers as a player reads them: "long range -1, moved -1", or "no modifiers"."""
    if not mods:
        return _("no modifiers")
    return commas([_("{modifier} {value:+d}", modifier=name, value=v) for name, v in mods])


def cover_words(cover: str) -> Text:
    """A shot's cover as a player reads it: "hard cover", "soft cover" or "no cover"."""
    if cover == "hard":
        return _("hard cover")
    if cover == "soft":
        return _("soft cover")
    return _("no cover")


def _cover_count(cover: str, n: int) -> Text:
    if cover == "hard":
        return _("hard cover for {n}", n=n)
    if cover == "soft":
        return _("soft cover for {n}", n=n)
    return _("no cover for {n}", n=n)


def describe(shots: list[ModelShot], weapon: RangedWeapon) -> Text:
    """What the engine measured: models shooting, their range, cover and modifiers."""
    n = len(shots)
    near, far = min(s.distance for s in shots), max(s.distance for s in shots)
    covers = {}
    for s in shots:
        covers[s.cover] = covers.get(s.cover, 0) + 1
    mods = {}
    for s in shots:
        key = modifier_list(s.modifiers)
        mods[key] = mods.get(key, 0) + 1
    cover_text = commas([_cover_count(k, v) for k, v in covers.items()])
    standing = sorted({s.standing for s in shots if s.standing})
    if standing:
        cover_text = text_join("", [cover_text, " (", text_join("; ", standing), ")"])
    worst = max(shots, key=lambda s: s.f_hard + s.f_soft)
    said = dict(n=n, near=decimal(near, ".1f"), far=decimal(far, ".1f"), range=decimal(weapon.range, "g"), covers=cover_text,
                hard=decimal(worst.f_hard * 100, ".0f"), soft=decimal(worst.f_soft * 100, ".0f"))
    if near <= weapon.range + 0.05 < far:  # Stand and Shoot (§8.3): some within range, some beyond it
        first = ngettext("{n} model at {near}\"-{far}\" of {range}\", some beyond range (Stand and Shoot fires all the same, §8.3), and in sight; {covers} (most hidden: {hard}% by hard, {soft}% by soft); ",
                         "{n} models at {near}\"-{far}\" of {range}\", some beyond range (Stand and Shoot fires all the same, §8.3), and in sight; {covers} (most hidden: {hard}% by hard, {soft}% by soft); ",
                         n, **said)
    elif far > weapon.range + 0.05:  # only Stand and Shoot fires beyond the weapon's range (§8.3): not "in range"
        first = ngettext("{n} model beyond range ({near}\"-{far}\" of {range}\": Stand and Shoot fires all the same, §8.3) and in sight; {covers} (most hidden: {hard}% by hard, {soft}% by soft); ",
                         "{n} models beyond range ({near}\"-{far}\" of {range}\": Stand and Shoot fires all the same, §8.3) and in sight; {covers} (most hidden: {hard}% by hard, {soft}% by soft); ",
                         n, **said)
    else:
        first = ngettext("{n} model in range ({near}\"-{far}\" of {range}\") and in sight; {covers} (most hidden: {hard}% by hard, {soft}% by soft); ", "{n} models in range ({near}\"-{far}\" of {range}\") and in sight; {covers} (most hidden: {hard}% by hard, {soft}% by soft); ", n,
                         **said)
    return text_join("", [first, text_join("; ", [_("{n} with {modifiers}", n=v, modifiers=k) for k, v in mods.items()])])


def record(state: NinthAgeState, unit: UnitState, target: UnitState, shots: list[ModelShot]) -> None:
    """Keep the sight and cover rays of the shots taken for the board (§24.10)."""
    tc = target.footprint().centre
    for s in shots:
        state.shots.append({"kind": f"cover-{s.cover}", "from": list(s.origin), "to": list(s.sight[1]) if s.sight
                            else list(tc), "unit": unit.id, "target": target.id})
