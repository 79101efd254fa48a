"""A board of areas as data: areas, the borders between them, and an authored sight table.

A board is a JSON file validated by pydantic; a bad file is refused with the field and the
reason (``IllegalAction("bad-board", "borders.2.between: no area 'hal'")``)::

    {"name": "watchtower", "title": "The Watchtower", "width": 100, "height": 60,
     "areas": [{"id": "yard", "name": "Yard", "polygon": [[0,0],[50,0],[50,60],[0,60]],
                "level": 0, "capacity": 6},
               {"id": "roof", "name": "Roof", "polygon": [[50,0],[100,0],[100,60],[50,60]],
                "level": 2, "jump_value": 2}],
     "borders": [{"between": ["yard", "roof"], "kind": "wall"}],
     "sight": [{"from": "roof", "to": "yard", "path": ["roof", "yard"]},
               {"from": "yard", "to": "roof", "visible": false}]}

Areas: ``level`` (elevation), ``capacity`` (base units that fit, for Occupied areas),
``water``, ``jump_value`` (what a Jump must roll to land there), ``reinforcement`` (a
reinforcement marker), ``chasm`` (a drop: a model that falls lands here). Borders: ``kind``
open | obstacle | wall | door; a door has a ``material`` (wood | other) and is ``open`` or
shut; ``extra_mp`` is the movement surcharge; ``passable`` and ``blocks_reach`` default from
the kind (walls and shut doors are impassable; walls, doors and obstacles block Reach);
``falls_into`` names the area a failed jump across this border drops into. Areas that share
no border are not adjacent. Sight is never computed: each entry names the ordered areas a
line (and a thrown item) crosses; a pair without an entry has no line of sight.

>>> board = AreaBoard.from_data({"name": "two", "width": 10, "height": 5,
...     "areas": [{"id": "a", "polygon": [[0,0],[5,0],[5,5],[0,5]]},
...               {"id": "b", "polygon": [[5,0],[10,0],[10,5],[5,5]]}],
...     "borders": [{"between": ["a", "b"]}],
...     "sight": [{"from": "a", "to": "b", "path": ["a", "b"]}]})
>>> board.adjacent("a"), board.sees("a", "b"), board.sees("b", "a"), board.sees("b", "b")
(['b'], True, False, True)
"""

from __future__ import annotations

import json
from functools import cached_property
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from shapely.geometry import Point, Polygon

from engine.core.errors import IllegalAction, validation_problems
from engine.core.text import N_, Text, _, commas, join

MAX_BOARD_BYTES = 256 * 1024
XY = tuple[float, float]
BorderKind = Literal["open", "obstacle", "wall", "door"]
# A border as a sentence names it, article included ("can't cross a wall"), in the reader's language.
BORDER_WORDS = {"open": N_("an open border"), "obstacle": N_("an obstacle"), "wall": N_("a wall"), "door": N_("a door")}


def border_word(kind: str) -> Text | str:
    """A border's kind with its article, said in the reader's language ("a wall": "un muro")."""
    return Text(BORDER_WORDS[kind]) if kind in BORDER_WORDS else kind


class Area(BaseModel):
    """One region of the board: everything measures in areas."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1, max_length=32, pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str = ""
    polygon: list[XY] = Field(min_length=3)
    anchors: list[XY] = Field(default_factory=list)
    level: int = 0
    capacity: int = Field(default=6, ge=0)
    water: bool = False
    jump_value: int | None = Field(default=None, ge=0)
    reinforcement: bool = False
    chasm: bool = False

    @model_validator(mode="after")
    def _shape(self) -> "Area":
        shape = Polygon(self.polygon)
        if not shape.is_valid or shape.area <= 0:
            raise ValueError(f"polygon: area {self.id!r} is not a simple polygon with an inside "
                             "(its edges cross or it is flat)")
        for i, point in enumerate(self.anchors):
            if not shape.covers(Point(point)):
                raise ValueError(f"anchors.{i}: anchor {list(point)} lies outside area {self.id!r}")
        if not self.name:
            self.name = self.id.replace("-", " ").title()
        return self

    @cached_property
    def shape(self) -> Polygon:
        return Polygon(self.polygon)

    def anchor_points(self) -> list[XY]:
        """Where tokens stand: the authored anchors, else one point well inside the area."""
        if self.anchors:
            return list(self.anchors)
        point = self.shape.representative_point()
        return [(point.x, point.y)]


class Border(BaseModel):
    """The border between two adjacent areas and what it does to movement and reach."""

    model_config = ConfigDict(extra="forbid")

    between: tuple[str, str]
    kind: BorderKind = "open"
    material: Literal["wood", "other"] | None = None
    open: bool = False  # doors only: an open door lets models through
    extra_mp: int = Field(default=0, ge=0)
    passable: bool | None = None
    blocks_reach: bool | None = None
    falls_into: str | None = None

    @model_validator(mode="after")
    def _defaults(self) -> "Border":
        a, b = self.between
        if a == b:
            raise ValueError(f"between: a border joins two different areas, not {a!r} with itself")
        if self.kind == "door" and self.material is None:
            raise ValueError(f"material: the door between {a!r} and {b!r} needs a material (wood or other)")
        if self.kind != "door" and (self.material is not None or self.open):
            raise ValueError(f"kind: only a door has a material or is open; {a!r}-{b!r} is {self.kind}")
        if self.passable is None:
            self.passable = self.kind in ("open", "obstacle") or (self.kind == "door" and self.open)
        if self.blocks_reach is None:
            self.blocks_reach = self.kind != "open"
        return self

    @property
    def key(self) -> frozenset[str]:
        return frozenset(self.between)


class Sight(BaseModel):
    """One authored line of sight: ``from`` sees ``to`` along ``path`` (may be one-way)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    source: str = Field(alias="from")
    target: str = Field(alias="to")
    visible: bool = True
    path: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _path(self) -> "Sight":
        if self.visible:
            if not self.path:
                self.path = [self.source, self.target]
            if self.path[0] != self.source or self.path[-1] != self.target:
                raise ValueError(f"path: the line from {self.source!r} to {self.target!r} must start at "
                                 f"{self.source!r} and end at {self.target!r}")
        return self


class AreaBoard(BaseModel):
    """A whole board: its areas, borders and sight table, checked against each other."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=40)
    title: str = ""
    width: float = Field(gt=0, le=1000)
    height: float = Field(gt=0, le=1000)
    areas: list[Area] = Field(min_length=1)
    borders: list[Border] = Field(default_factory=list)
    sight: list[Sight] = Field(default_factory=list)
    # Symmetric lines: each entry also stands for the reverse line (path reversed).
    sight_both_ways: bool = False

    @model_validator(mode="after")
    def _consistent(self) -> "AreaBoard":
        ids: set[str] = set()
        bounds = Polygon([(0, 0), (self.width, 0), (self.width, self.height), (0, self.height)])
        for i, area in enumerate(self.areas):
            if area.id in ids:
                raise ValueError(f"areas.{i}.id: area {area.id!r} is listed twice")
            ids.add(area.id)
            if not bounds.buffer(1e-9).covers(area.shape):
                raise ValueError(f"areas.{i}.polygon: area {area.id!r} reaches outside the "
                                 f"{self.width:g} x {self.height:g} board")
        for i, first in enumerate(self.areas):
            for second in self.areas[i + 1:]:
                if first.shape.intersection(second.shape).area > 1e-6:
                    raise ValueError(f"areas.{i}.polygon: areas {first.id!r} and {second.id!r} overlap")
        seen: set[frozenset[str]] = set()
        for i, border in enumerate(self.borders):
            for end in border.between:
                if end not in ids:
                    raise ValueError(f"borders.{i}.between: there is no area {end!r}")
            if border.falls_into is not None and border.falls_into not in ids:
                raise ValueError(f"borders.{i}.falls_into: there is no area {border.falls_into!r}")
            if border.key in seen:
                raise ValueError(f"borders.{i}.between: the border {'-'.join(border.between)} is listed twice")
            seen.add(border.key)
        pairs: set[tuple[str, str]] = set()
        for i, line in enumerate(self.sight):
            for end in (line.source, line.target, *line.path):
                if end not in ids:
                    raise ValueError(f"sight.{i}: there is no area {end!r}")
            if (line.source, line.target) in pairs:
                raise ValueError(f"sight.{i}: the line {line.source} -> {line.target} is listed twice")
            pairs.add((line.source, line.target))
            for a, b in zip(line.path, line.path[1:]):
                if frozenset((a, b)) not in seen:
                    raise ValueError(f"sight.{i}.path: {a!r} and {b!r} follow each other on the line "
                                     "but share no border")
        return self

    # -- loading -----------------------------------------------------------------------------
    @classmethod
    def from_data(cls, data: dict[str, Any], source: str = "board") -> "AreaBoard":
        """A validated board, or ``IllegalAction("bad-board", "<field>: <reason>")``."""
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            field, reason = validation_problems(exc, default_field=source)[0]
            raise IllegalAction("bad-board", _("{source}: {field}: {reason}", source=source, field=field, reason=reason)) from None

    @classmethod
    def from_json_text(cls, text: str, source: str = "board") -> "AreaBoard":
        if len(text.encode("utf-8")) > MAX_BOARD_BYTES:
            raise IllegalAction("bad-board", _("{source}: the file is over {most} KiB", source=source, most=MAX_BOARD_BYTES // 1024))
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise IllegalAction("bad-board", _("{source}: not JSON (line {line}: {problem})", source=source, line=exc.lineno,
                                               problem=exc.msg)) from None
        if not isinstance(data, dict):
            raise IllegalAction("bad-board", _("{source}: a board is a JSON object", source=source))
        return cls.from_data(data, source)

    # -- lookups -----------------------------------------------------------------------------
    @cached_property
    def _areas(self) -> dict[str, Area]:
        return {a.id: a for a in self.areas}

    @cached_property
    def _borders(self) -> dict[frozenset[str], Border]:
        return {b.key: b for b in self.borders}

    @cached_property
    def _sight(self) -> dict[tuple[str, str], Sight]:
        table = {(s.source, s.target): s for s in self.sight}
        if self.sight_both_ways:
            for s in self.sight:
                table.setdefault((s.target, s.source), Sight.model_validate(
                    {"from": s.target, "to": s.source, "visible": s.visible, "path": list(reversed(s.path))}))
        return table

    def area(self, area_id: str) -> Area:
        try:
            return self._areas[area_id]
        except KeyError:
            raise IllegalAction("unknown-area", _("There is no area {area!r} on {board}. Areas: {areas}.", area=area_id,
                                                  board=self.title or self.name,
                                                  areas=commas(area_name(a) for a in self.areas))) from None

    def find_area(self, text: str) -> Area:
        """An area by id or by name, without regard to case."""
        key = str(text or "").strip().casefold()
        for area in self.areas:
            if key in (area.id, area.name.casefold()):
                return area
        return self.area(key)

    def border(self, a: str, b: str) -> Border | None:
        return self._borders.get(frozenset((a, b)))

    def adjacent(self, area_id: str) -> list[str]:
        """Every area sharing a border with ``area_id``, passable or not, in board order."""
        return [a.id for a in self.areas if a.id != area_id and frozenset((a.id, area_id)) in self._borders]

    def sight_line(self, source: str, target: str) -> Sight | None:
        """The authored line from ``source`` to ``target`` (always one into your own area)."""
        if source == target:
            return Sight.model_validate({"from": source, "to": target, "path": [source]})
        line = self._sight.get((source, target))
        return line if line is not None and line.visible else None

    def sees(self, source: str, target: str) -> bool:
        return self.sight_line(source, target) is not None

    def distance(self, source: str, target: str) -> int:
        """Areas crossed along the authored line; without one, adjacency hops (§10.8)."""
        line = self.sight_line(source, target)
        if line is not None:
            return len(line.path) - 1
        frontier, seen, steps = [source], {source}, 0
        while frontier:
            if target in frontier:
                return steps
            steps += 1
            frontier = [n for a in frontier for n in self.adjacent(a) if n not in seen and not seen.add(n)]
        raise IllegalAction("no-route", _("{target} cannot be reached from {source}.", target=target, source=source))


# The area names of the boards Warband ships (Conan's temple-of-set and pict-village), said in the
# reader's language (#13). The Conan book names no area of these boards (they are Warband's own):
# plain translations, marked so in the glossaries.
AREA_NAMES = frozenset((
    N_("Gate"), N_("Hall"), N_("Shrine"), N_("Vault"), N_("Pool"), N_("Cloister"), N_("Chasm"), N_("Gallery"),
    N_("Trail"), N_("Ford"), N_("Clearing"), N_("Huts"), N_("Watchtower"), N_("Stockade"), N_("Totem Circle"),
))


def area_name(area: Any) -> Any:
    """An area's name as a reply or the board shows it: a shipped board's name from the
    catalogue ("Gate": "Porta", "Kapu"), any other board's name as its file gives it. The area's
    id ("gate") stays what commands and the log use.

    >>> area_name(Area(id="gate", name="Gate", polygon=[(0, 0), (1, 0), (1, 1)])).msgid
    'Gate'
    >>> area_name(Area(id="crypt", name="Crypt", polygon=[(0, 0), (1, 0), (1, 1)]))
    'Crypt'
    """
    name = getattr(area, "name", area)
    if isinstance(name, str) and name in AREA_NAMES:
        return Text._make(name, None, None, {}, None)
    return name


# The marks an area board draws in an area (#13: said in the reader's language): its level after
# its name, a reinforcement area's mark, and the jump value (the Jump skill's threshold); the
# legend under the map says what each letter means. Translators: one or two letters from the
# word in your language; the legend line with the same letter must use the same letter.
LEVEL_MARK = N_("L{level}")
REINFORCEMENT_MARK = N_("R")
JUMP_MARK = N_("J{value}")


def level_mark(area: Any) -> Text | None:
    """The mark after an area's name for its level ("L2"), None on the ground level.

    >>> str(level_mark(Area(id="roof", name="Roof", level=2, polygon=[(0, 0), (1, 0), (1, 1)])))
    'L2'
    """
    return _(LEVEL_MARK, level=area.level) if area.level else None


def area_notes(area: Any) -> list[Text]:
    """The marks drawn along an area's bottom edge: reinforcement ("R"), jump value ("J3")."""
    notes = []
    if area.reinforcement:
        notes.append(_(REINFORCEMENT_MARK))
    if area.jump_value is not None:
        notes.append(_(JUMP_MARK, value=area.jump_value))
    return notes


def marks_legend(board: Any) -> Text | None:
    """What the marks drawn on ``board`` mean, only those it shows: "L: level · R: reinforcement
    area · J: jump value"; None when the board shows none."""
    keys = []
    if any(a.level for a in board.areas):
        keys.append(_("L: level"))
    if any(a.reinforcement for a in board.areas):
        keys.append(_("R: reinforcement area"))
    if any(a.jump_value is not None for a in board.areas):
        keys.append(_("J: jump value"))
    return join(" · ", keys) if keys else None
