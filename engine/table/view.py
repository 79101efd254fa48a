"""What a continuous table looks like, for renderers (renderers.table draws it).

Everything is in table inches; a renderer picks the scale. Rulesets build a
:class:`TableView` from their state and renderers know nothing of rules.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

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


class PathShape(BaseModel):
    kind: str  # advance, march, charge, flee...
    points: list[XY]
    label: str = ""  # e.g. the charge range and its dice


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


def polygon_points(shape) -> list[XY]:
    """The outline of a shapely polygon (the largest part of a multipolygon)."""
    if hasattr(shape, "geoms"):
        shape = max(shape.geoms, key=lambda g: g.area)
    return [(round(x, 3), round(y, 3)) for x, y in shape.exterior.coords[:-1]]
