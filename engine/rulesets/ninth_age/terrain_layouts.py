"""Built-in terrain layouts (§3.1) and what each terrain kind means to the rules.

Kinds and the categories the engine reads: hill (blocks sight, but may be seen into and out
of), forest (soft cover), field, water, wall, ruins (dangerous), impassable (blocks movement and
sight, hard cover), building (the same: entering and garrisoning Buildings are not refereed).
What each kind means beyond these categories (Dangerous Terrain by troop type, cover from
where a unit stands in a Field, Ruins or behind a Wall, Water's Disordered, charging from a
Hill...) is :mod:`.terrain_rules`.

>>> [t.name for t in layout("standard", 72, 48)]
['Hill', 'Forest', 'Farmhouse', 'Wheat Field', 'Stone Wall', 'Pond', 'Ruined Chapel']
"""

from __future__ import annotations

from engine.core.text import N_, Text, _, decimal, join as text_join, commas
from engine.core.errors import IllegalAction
from engine.table.terrain import TerrainFeature

CATEGORIES: dict[str, list[str]] = {
    "hill": ["hill", "blocking"],
    "forest": ["forest", "soft_cover"],
    "field": ["field"],
    "water": ["water"],
    "wall": ["wall"],
    "ruins": ["ruins", "dangerous"],
    "impassable": ["impassable", "blocking", "hard_cover"],
    "building": ["building", "impassable", "blocking", "hard_cover"],
}

# name, kind, polygon (or wall line) on a 72" x 48" table
_STANDARD = [
    ("Hill", "hill", [(10, 21), (14, 19.5), (18, 21), (18, 27), (14, 28.5), (10, 27)]),
    ("Forest", "forest", [(54, 22), (57, 20.5), (61, 21), (62, 25), (60, 29), (55, 29), (53, 26)]),
    ("Farmhouse", "building", [(33, 22), (39, 22), (39, 26), (33, 26)]),
    ("Wheat Field", "field", [(45, 13), (53, 13), (53, 19), (45, 19)]),
    ("Stone Wall", "wall", [(19, 34), (29, 34)]),
    ("Pond", "water", [(44, 31), (50, 30), (54, 33), (50, 36), (45, 35.5)]),
    ("Ruined Chapel", "ruins", [(21, 12), (28, 12), (28, 17), (21, 17)]),
]
LAYOUTS = ("standard", "open", "random")
SECTION = 24.0
SPACING = 6.0
EXTRA_TYPES = {1: "hill", 2: "forest", 3: "field", 4: "water", 5: "wall", 6: "ruins"}
NAMES = {"hill": "Hill", "forest": "Forest", "field": "Field", "water": "Water", "wall": "Wall", "ruins": "Ruins",
         "building": "Building", "impassable": "Rocks"}
# The built-in layouts' names as the board and the log say them (an uploaded file's names stay its own).
TERRAIN_WORDS = {N_("Hill"), N_("Forest"), N_("Farmhouse"), N_("Wheat Field"), N_("Stone Wall"), N_("Pond"),
                 N_("Ruined Chapel"), N_("Field"), N_("Water"), N_("Wall"), N_("Ruins"), N_("Building"), N_("Rocks")}


# Each terrain kind in the reader's language (a refusal's or a roll's "Forest", "Impassable terrain").
KIND_WORD = {"hill": N_("Hill"), "forest": N_("Forest"), "field": N_("Field"), "water": N_("Water"), "wall": N_("Wall"),
             "ruins": N_("Ruins"), "impassable": N_("Impassable terrain"), "building": N_("Building")}


def kind_word(kind: str) -> Text | str:
    """A terrain kind (KIND_WORD) in the reader's language."""
    return Text(KIND_WORD[kind]) if kind in KIND_WORD else kind


def terrain_name(name: str) -> Text | str:
    """A terrain feature's name in the reader's language: "Forest", "Forest 2"; any other name as it is."""
    if name in TERRAIN_WORDS:
        return Text(name)
    base, _sep, number = name.rpartition(" ")
    if base in TERRAIN_WORDS and number.isdigit():
        return _("{terrain} {number}", terrain=Text(base), number=int(number))
    return name


def feature(name: str, kind: str, shape: list[tuple[float, float]]) -> TerrainFeature:
    if kind not in CATEGORIES:
        raise IllegalAction("bad-terrain", _("{name}: {kind!r} is not a terrain kind ({join}).", name=name, kind=kind, join=commas(CATEGORIES)))
    if kind == "wall":
        return TerrainFeature(name=name, kind=kind, line=shape, categories=CATEGORIES[kind])
    return TerrainFeature(name=name, kind=kind, points=shape, categories=CATEGORIES[kind])


def layout(name: str, width: float = 72, height: float = 48) -> list[TerrainFeature]:
    """A built-in layout scaled to the table (``open``: no terrain at all)."""
    if name in ("open", "random"):  # a random layout is rolled when the game starts (random_layout)
        return []
    if name != "standard":
        raise IllegalAction("unknown-terrain", _("There is no terrain layout {name!r}. Layouts: {join}.", name=name, join=commas(LAYOUTS)))
    sx, sy = width / 72, height / 48
    return [feature(n, k, [(x * sx, y * sy) for x, y in pts]) for n, k, pts in _STANDARD]


def _shape(kind: str, centre: tuple[float, float]) -> list[tuple[float, float]]:
    """The suggested sizes (§3.1): 8" x 6" features, walls 10" long."""
    x, y = centre
    if kind == "wall":
        return [(x - 5, y), (x + 5, y)]
    return [(x - 4, y - 3), (x + 4, y - 3), (x + 4, y + 3), (x - 4, y + 3)]


def random_layout(rng, width: float, height: float, events: list, said: bool = True) -> list[TerrainFeature]:
    """§3.1 when the players do not agree: 24" sections; a Building or Impassable terrain, a
    Hill and a Forest at random section centres (one per section), each moved 2D6" in a random
    direction; then 2D3 more (D6 for the type) placed the same way ([A-3]: sections are reused
    once all are taken); every feature at least 6" from the others, moved the least needed or
    removed. ``said``: each section roll is shown, and a feature pushed back onto the table or away
    from another says so (rules version 7 on; an older game's log has neither line, its dice the same)."""
    from engine.core import Event, roll_dice
    from engine.table.frame import direction
    from engine.table.scatter import random_bearing

    cols, rows = max(1, int(width // SECTION)), max(1, int(height // SECTION))
    centres = [((c + 0.5) * width / cols, (r + 0.5) * height / rows) for r in range(rows) for c in range(cols)]
    free = list(range(len(centres)))

    def section(kind: str, name: str) -> tuple[float, float]:
        """A section drawn among those still free, the roll shown with the section it gives (the
        free ones numbered west to east, then south to north)."""
        nonlocal free
        if not free:
            free = list(range(len(centres)))
        count = len(free)
        roll = roll_dice(f"1d{count}", rng, purpose=_('{kind}: section', kind=kind_word(kind)))
        index = free.pop(roll.total - 1)
        cx, cy = centres[index]
        w, h = width / cols, height / rows
        if said:
            events.append(Event(kind="roll", roll=roll, text=_(
                "Terrain: {name} goes to section {n} of the {count} still free (x {x1}-{x2}, y {y1}-{y2}), centred at ({x}, {y}).",
                name=terrain_name(name), n=roll.total, count=count, x1=decimal(cx - w / 2, ".0f"), x2=decimal(cx + w / 2, ".0f"),
                y1=decimal(cy - h / 2, ".0f"), y2=decimal(cy + h / 2, ".0f"), x=decimal(cx, ".0f"), y=decimal(cy, ".0f"))))
        return cx, cy

    kinds = []
    roll = roll_dice("1d6", rng, purpose=_('building or impassable terrain'))
    kinds.append("building" if roll.total <= 3 else "impassable")
    events.append(Event(kind="roll", roll=roll, text=_("Terrain: a Building (1-3 Building, 4-6 Impassable).") if roll.total <= 3
                        else _("Terrain: a piece of Impassable terrain (1-3 Building, 4-6 Impassable).")))
    kinds += ["hill", "forest"]
    extra = roll_dice("2d3", rng, purpose=_('extra terrain features'))
    events.append(Event(kind="roll", roll=extra, text=_("Terrain: {total} more features.", total=extra.total)))
    for _skip in range(extra.total):
        t = roll_dice("1d6", rng, purpose=_('extra feature type'))
        kinds.append(EXTRA_TYPES[t.total])
        events.append(Event(kind="roll", roll=t, text=_("Terrain: an extra {names}.", names=terrain_name(NAMES[EXTRA_TYPES[t.total]]))))
    placed: list[TerrainFeature] = []
    counts: dict[str, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
        name = NAMES[kind] + (f" {counts[kind]}" if counts[kind] > 1 else "")
        cx, cy = section(kind, name)
        move = roll_dice("2d6", rng, purpose=_('{kind}: distance', kind=kind_word(kind)))
        bearing = random_bearing(rng)
        dx, dy = direction(bearing)
        cx, cy = cx + dx * move.total, cy + dy * move.total
        spot = _spaced(kind, (cx, cy), placed, width, height)
        if spot is None:
            events.append(Event(kind="roll", roll=move, text=_("Terrain: {name} cannot stand 6\" from the others and is removed.", name=terrain_name(name))))
            continue
        placed.append(feature(name, kind, _shape(kind, spot)))
        pushed = said and (abs(spot[0] - cx) > 0.05 or abs(spot[1] - cy) > 0.05)
        events.append(Event(kind="roll", roll=move, text=text_join("", [
            _("Terrain: {name} moves {total}\" at {bearing}° to ({spot}, {spot2}).", name=terrain_name(name), total=move.total,
              bearing=decimal(bearing, ".0f"), spot=decimal(spot[0], ".1f"), spot2=decimal(spot[1], ".1f")),
            _(" (from ({x}, {y}), pushed the least needed to stay on the table and 6\" from the other features.)",
              x=decimal(cx, ".1f"), y=decimal(cy, ".1f")) if pushed else ""])))
    return placed


def _spaced(kind, centre, placed, width, height):
    """Move a feature the least needed to stand 6" from the others and on the table, or None."""
    from shapely import affinity

    x, y = centre
    for _skip in range(30):
        shape = feature("probe", kind, _shape(kind, (x, y))).polygon
        minx, miny, maxx, maxy = shape.bounds
        x += max(0.0, -minx) - max(0.0, maxx - width)
        y += max(0.0, -miny) - max(0.0, maxy - height)
        shape = affinity.translate(feature("probe", kind, _shape(kind, (x, y))).polygon, 0, 0)
        clashes = [(f.polygon.distance(shape), f) for f in placed if f.polygon.distance(shape) < SPACING - 1e-9]
        if not clashes:
            return (x, y)
        d, other = min(clashes, key=lambda t: t[0])
        ox, oy = other.polygon.centroid.x, other.polygon.centroid.y
        vx, vy = x - ox, y - oy
        norm = (vx * vx + vy * vy) ** 0.5 or 1.0
        push = SPACING - d + 0.01
        x, y = x + vx / norm * push, y + vy / norm * push
    return None


# -- an uploaded terrain layout (/game new ruleset:ninth-age mapfile:<file>) ---------------------
MAX_LAYOUT_BYTES = 64 * 1024
MAX_FEATURES = 40


def load_layout_text(text: str, width: float, height: float, filename: str = "terrain file") -> list[TerrainFeature]:
    """A terrain layout file: ``{"features": [{"name", "kind", "points": [[x, y], ...]}]}``, a
    wall with ``"line": [[x1, y1], [x2, y2]]`` instead of points; inches from the south-west
    corner. A bad file is refused with the feature, the field and what is allowed.

    >>> [f.name for f in load_layout_text('{"features": [{"name": "Hill", "kind": "hill",'
    ...     ' "points": [[10, 10], [18, 10], [18, 16], [10, 16]]}]}', 72, 48)]
    ['Hill']
    >>> load_layout_text('{"features": [{"name": "Lava", "kind": "lava", "points": [[1, 1], [5, 1], [5, 5]]}]}', 72, 48)
    Traceback (most recent call last):
    ...
    engine.core.errors.IllegalAction: terrain file: features.0.kind: 'lava' is not a terrain kind (hill, forest, field, water, wall, ruins, impassable, building)
    """
    import json

    if len(text.encode("utf-8")) > MAX_LAYOUT_BYTES:
        raise IllegalAction("bad-terrain", _("{filename}: larger than {value} KiB.", filename=filename, value=MAX_LAYOUT_BYTES // 1024))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise IllegalAction("bad-terrain", _("{filename}: not valid JSON ({msg}, line {lineno}).", filename=filename, msg=exc.msg, lineno=exc.lineno)) from None
    if not isinstance(data, dict) or not isinstance(data.get("features"), list):
        raise IllegalAction("bad-terrain", _("{filename}: features: a list of terrain features is needed, e.g. {{\"features\": [{{\"name\": \"Hill\", \"kind\": \"hill\", \"points\": [[10, 10], [18, 10], [18, 16]]}}]}}.", filename=filename))
    extra = sorted(set(data) - {"name", "features"})
    if extra:
        raise IllegalAction("bad-terrain", _("{filename}: {extra}: not a field of a terrain file (name, features).", filename=filename, extra=extra[0]))
    if len(data["features"]) > MAX_FEATURES:
        raise IllegalAction("bad-terrain", _("{filename}: features: at most {max_features}, not {count}.", filename=filename, max_features=MAX_FEATURES, count=len(data["features"])))
    out: list[TerrainFeature] = []
    for n, row in enumerate(data["features"]):
        where = f"{filename}: features.{n}"
        if not isinstance(row, dict):
            raise IllegalAction("bad-terrain", _("{where}: each feature is an object with name, kind and points.", where=where))
        unknown = sorted(set(row) - {"name", "kind", "points", "line"})
        if unknown:
            raise IllegalAction("bad-terrain", _("{where}.{unknown}: not a field of a feature (name, kind, points, line).", where=where, unknown=unknown[0]))
        kind = str(row.get("kind", "")).strip().lower()
        if kind not in CATEGORIES:
            raise IllegalAction("bad-terrain", _("{where}.kind: {get!r} is not a terrain kind ({join})", where=where, get=row.get("kind"), join=commas(CATEGORIES)))
        name = str(row.get("name") or NAMES[kind])[:60]
        shape_key = "line" if kind == "wall" else "points"
        shape = row.get(shape_key)
        if not isinstance(shape, list) or not all(isinstance(p, (list, tuple)) and len(p) == 2
                                                  and all(isinstance(c, (int, float)) for c in p) for p in shape):
            raise IllegalAction("bad-terrain", text_join("", [_("{where}.{shape_key}: a list of [x, y] inch pairs is needed", where=where, shape_key=shape_key), (_(" (a wall: exactly 2)") if kind == "wall" else _(" (at least 3)")), "."]))
        for x, y in shape:
            if not (0 <= x <= width and 0 <= y <= height):
                raise IllegalAction("bad-terrain", _("{where}.{shape_key}: ({x}, {y}) is off the {width}\" x {height}\" table.", where=where, shape_key=shape_key, x=decimal(x, "g"), y=decimal(y, "g"), width=decimal(width, "g"), height=decimal(height, "g")))
        try:
            out.append(feature(name, kind, [(float(x), float(y)) for x, y in shape]))
        except ValueError as exc:  # pydantic's: a polygon crossing itself, a wall of 3 points
            reason = str(exc).splitlines()
            detail = next((line.strip() for line in reason if name in line), reason[-1].strip())
            detail = detail.split(", [type=")[0].removeprefix("Value error, ")
            raise IllegalAction("bad-terrain", _("{where}.{shape_key}: {detail}", where=where, shape_key=shape_key, detail=detail)) from None
    return out
