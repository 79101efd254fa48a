"""Deployment types and zones (§3.2), as polygons on the table.

Sides are the two long edges: ``south`` (y = 0) and ``north`` (y = height). The boundary of a
zone belongs to it (a ruling: "more than 12" from the line" is decided on unrounded values,
and a footprint exactly 12.000" away is accepted).

>>> z = deployment_zone("classic", "south", 72, 48)
>>> z.bounds
(0.0, 0.0, 72.0, 12.0)
>>> sorted(round(v, 3) for v in deployment_zone("flank", "north", 72, 48, attacker=True).bounds)
[0.0, 33.0, 48.0, 72.0]
"""

from __future__ import annotations

import math

from shapely.geometry import LineString, Polygon, box
from shapely.ops import unary_union

from engine.core.errors import IllegalAction
from engine.core.text import N_, _

OBJECTIVE_NAMES = {"hold": N_("Hold the Ground"), "breakthrough": N_("Breakthrough"), "secure": N_("Secure Target")}

# The secondary setting (§3.3, §20.2): the agreed objectives, none agreed, or the D6 (the default).
OBJECTIVE_SETTINGS = ("hold", "breakthrough", "secure", "none", "random")


def secondary_setting(text: object) -> str:
    """The ``secondary`` setting read: ``random`` (the D6 of §3.3), ``none``, or the objectives the
    players agreed, one or several joined by ``+`` in the order given ("se e quale/i obbiettivi
    aggiuntivi inserire nella partita", §20.2: whether and which, plural). An unknown name, a
    name given twice, or ``none``/``random`` beside another is refused with the reason.

    >>> secondary_setting("Hold + secure"), secondary_setting("none"), secondary_setting("random")
    ('hold+secure', 'none', 'random')
    >>> secondary_setting("hold+hold")
    Traceback (most recent call last):
    ...
    engine.core.errors.IllegalAction: hold is named twice in secondary=hold+hold: each objective is played once.
    """
    given = str(text).strip().lower()
    names = [n.strip() for n in given.split("+")]
    for name in names:
        if name not in OBJECTIVE_SETTINGS:
            raise IllegalAction("bad-setting", _(
                "secondary is hold, breakthrough or secure (several joined by +, e.g. hold+secure), none or "
                "random, not {objective!r}.", objective=name or given))
    for name in names:
        if names.count(name) > 1:
            raise IllegalAction("bad-setting", _(
                "{name} is named twice in secondary={given}: each objective is played once.", name=name,
                given=given))
    if len(names) > 1 and ("none" in names or "random" in names):
        raise IllegalAction("bad-setting", _(
            "secondary={given}: none and random stand alone (the players agree on objectives, or on none, or "
            "roll the D6).", given=given))
    return "+".join(names)


def objectives_in_play(setting: str) -> list[str]:
    """The secondary objectives a game's setting plays, in order (none for ``none``; ``random``
    is rolled into one at the start of the game).

    >>> objectives_in_play("hold+secure"), objectives_in_play("none"), objectives_in_play("breakthrough")
    (['hold', 'secure'], [], ['breakthrough'])
    """
    return [n for n in setting.split("+") if n in OBJECTIVE_NAMES]

DEPLOYMENT_TYPES = ("classic", "diagonal", "flank")
DIAGONALS = ("sw-ne", "nw-se")
SIDES = ("south", "north")


def deployment_type_for_roll(d6: int) -> str:
    """1-3 Classic, 4-5 Diagonal, 6 Flank Attack."""
    return "classic" if d6 <= 3 else "diagonal" if d6 <= 5 else "flank"


def objective_for_roll(d6: int) -> str:
    """1-2 Hold the Ground, 3-4 Breakthrough, 5-6 Secure Target."""
    return "hold" if d6 <= 2 else "breakthrough" if d6 <= 4 else "secure"


def _mirror(poly: Polygon, height: float) -> Polygon:
    from shapely import affinity

    return affinity.scale(poly, xfact=1, yfact=-1, origin=(0, height / 2))


def deployment_zone(kind: str, side: str, width: float, height: float, *, diagonal: str = "sw-ne",
                    attacker: bool = False) -> Polygon:
    """The zone of the player on ``side``."""
    mid = height / 2
    if kind == "classic":
        zone = box(0, 0, width, mid - 12)
    elif kind == "flank":
        near, far = (9, 15) if attacker else (15, 9)  # distance from the centre line: short-edge strips / middle
        zone = unary_union([box(0, 0, 18, mid - near), box(width - 18, 0, width, mid - near),
                            box(18, 0, width - 18, mid - far)])
    elif kind == "diagonal":
        line = [(0, 0), (width, height)] if diagonal == "sw-ne" else [(0, height), (width, 0)]
        table = box(0, 0, width, height)
        rest = table.difference(LineString(line).buffer(9, cap_style="flat", quad_segs=16))
        pieces = list(getattr(rest, "geoms", [rest]))
        # the south player's half holds the middle of the south edge (y = 0)
        south_edge = box(0, 0, width, 1e-3)
        sized = sorted(pieces, key=lambda p: -p.intersection(south_edge).length - p.intersection(south_edge).area)
        chosen = sized[0]
        if side == "north":
            chosen = next(p for p in pieces if p is not sized[0])
        return chosen
    else:
        raise ValueError(kind)
    return zone if side == "south" else _mirror(zone, height)


def perpendicular_distance(point: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    (x, y), (x1, y1), (x2, y2) = point, a, b
    return abs((x2 - x1) * (y1 - y) - (x1 - x) * (y2 - y1)) / math.hypot(x2 - x1, y2 - y1)
