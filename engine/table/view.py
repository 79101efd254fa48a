"""What a continuous table looks like, for renderers (renderers.table draws it).

Everything is in table inches; a renderer picks the scale. Rulesets build a
:class:`TableView` from their state and renderers know nothing of rules.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from engine.core.text import _, commas

XY = tuple[float, float]


class TerrainShape(BaseModel):
    name: str
    kind: str  # hill, forest, field, water, wall, ruins, impassable, building...
    points: list[XY]


class ZoneShape(BaseModel):
    label: str
    side: str | None = None
    points: list[XY]


class UnitShape(BaseModel):
    id: str
    label: str  # "Spearmen 30"
    side: str  # seat id; the renderer picks a colour per side
    bases: list[list[XY]]  # one polygon per model base
    centre: XY
    front: XY  # midpoint of the front edge (the facing arrow points from centre to here)
    has_arcs: bool = True
    badges: list[str] = Field(default_factory=list)  # fleeing, charged, marched...
    # The badges as the board writes them, one list said in the reader's language (the ruleset
    # makes it with engine.core.text.commas: "fleeing, charged", "in fuga e ha caricato"): the
    # renderer, which has no language, draws it as it is.
    badge_text: str = ""


class PathShape(BaseModel):
    kind: str  # advance, march, charge, flee...
    points: list[XY]
    label: str = ""  # e.g. the charge range and its dice
    unit: str = ""  # the id of the unit that moved (the charger, the fled unit): its caption may lie over it


class MarkerShape(BaseModel):
    label: str
    side: str | None = None
    at: XY


class ShotShape(BaseModel):
    """A line of the Shooting phase: a shooting model's sight and cover ray (kind ``cover-none``,
    ``cover-soft``, ``cover-hard``), a cannonball's line (``line``) or a template's scatter
    (``scatter``), from the first point to the second."""

    kind: str
    points: list[XY]
    label: str = ""


class TemplateShape(BaseModel):
    """A round template where it finally lay (diameter in inches); ``swept_from``: a moving
    template (a Vortex) swept from there to ``centre``."""

    centre: XY
    diameter: float
    label: str = ""
    swept_from: XY | None = None


class CombatShape(BaseModel):
    """A combat group (§11.1): the outline around its units, for the combat overlay; ``duel``:
    the two duellists of a challenge fought in it (where each stands), marked between them."""

    label: str
    units: list[str]
    points: list[XY]
    duel: list[XY] = Field(default_factory=list)
    duel_label: str = ""


class TableView(BaseModel):
    kind: str = "table"
    width: float
    height: float
    title: str = ""
    caption: str = ""
    terrain: list[TerrainShape] = Field(default_factory=list)
    zones: list[ZoneShape] = Field(default_factory=list)
    units: list[UnitShape] = Field(default_factory=list)
    paths: list[PathShape] = Field(default_factory=list)
    markers: list[MarkerShape] = Field(default_factory=list)
    shots: list[ShotShape] = Field(default_factory=list)
    templates: list[TemplateShape] = Field(default_factory=list)
    side_names: dict[str, str] = Field(default_factory=dict)
    combats: list[CombatShape] = Field(default_factory=list)
    window: tuple[float, float, float, float] | None = None  # x0, y0, x1, y1: draw only this part, zoomed
    words: dict[str, str] = Field(default_factory=dict)  # the renderer's own words (legend) in the reader's language

    def around(self, name: str, margin: float = 4.0) -> "TableView":
        """The part of the table around one unit and its whole combat (the zoomed view of
        §24.10), ``margin`` inches beyond them; raises ValueError naming the units when
        ``name`` is none of them.

        >>> v = TableView(width=72, height=48, units=[UnitShape(id="Spearmen", label="Spearmen 30", side="p1",
        ...     bases=[[(30, 10), (34, 10), (34, 12), (30, 12)]], centre=(32, 11), front=(32, 12))])
        >>> v.around("spear").window
        (26.0, 6.0, 38.0, 16.0)
        """
        key = name.strip().casefold()
        matches = [u for u in self.units if u.id.casefold() == key] or \
            [u for u in self.units if u.id.casefold().startswith(key)]
        if len(matches) != 1:
            units = commas(u.id for u in self.units)
            raise ValueError(_("there is more than one unit {name!r} on the table (units: {units})", name=name, units=units)
                             if matches else _("there is no unit {name!r} on the table (units: {units})", name=name, units=units))
        ids = {matches[0].id}
        for c in self.combats:
            if matches[0].id in c.units:
                ids |= set(c.units)
        pts = [pt for u in self.units if u.id in ids for base in u.bases for pt in base]
        xs, ys = [x for x, _ in pts], [y for _, y in pts]
        x0, x1 = max(0.0, min(xs) - margin), min(self.width, max(xs) + margin)
        y0, y1 = max(0.0, min(ys) - margin), min(self.height, max(ys) + margin)
        return self.model_copy(update={"window": (round(x0, 3), round(y0, 3), round(x1, 3), round(y1, 3)),
                                       "caption": f"around {matches[0].id}"})


def polygon_points(shape) -> list[XY]:
    """The outline of a shapely polygon (the largest part of a multipolygon)."""
    if hasattr(shape, "geoms"):
        shape = max(shape.geoms, key=lambda g: g.area)
    return [(round(x, 3), round(y, 3)) for x, y in shape.exterior.coords[:-1]]
