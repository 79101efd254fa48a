"""The four arcs of a unit (front, rear, left and right flank), drawn at 135° from the corners
of its bounding rectangle.

In the unit frame (origin at the centre, +y the facing, half-width w, half-depth d)::

    front  y - d >= |x| - w  and y > d
    rear  -y - d >= |x| - w  and y < -d
    left / right flank: |x| > w and neither front nor rear (x > 0 is the right flank)

Convention for points exactly on a 135° line (logged here as §24 asks): they belong to the
front or rear arc, not to the flank. Points inside the rectangle are in no arc ("inside").

>>> from engine.table.footprint import Formation, Pose, footprint
>>> fp = footprint(Formation(base_width_mm=25.4, base_depth_mm=25.4, files=4, models=8), Pose(x=0, y=0))
>>> [arc_of(fp, p) for p in [(0, 5), (0, -5), (5, 0), (-5, 0), (0, 0), (2.5, 1.5), (3, 1.5)]]
['front', 'rear', 'right', 'left', 'inside', 'front', 'right']
"""

from __future__ import annotations

from shapely import affinity
from shapely.geometry import LineString, Polygon

from engine.table.footprint import Footprint
from engine.table.frame import Point, affine

ARCS = ("front", "rear", "left", "right")
_FAR = 10_000.0  # far enough to cover any table


def arc_of(fp: Footprint, point: Point) -> str:
    """Which arc of ``fp`` the table point lies in (``inside`` within the rectangle)."""
    x, y = fp.local(point)
    w, d = fp.half_width, fp.half_depth
    if y > d and y - d >= abs(x) - w:
        return "front"
    if y < -d and -y - d >= abs(x) - w:
        return "rear"
    if x > w:
        return "right"
    if x < -w:
        return "left"
    return "inside"


def arc_region(fp: Footprint, arc: str) -> Polygon:
    """The arc as a (very large) polygon on the table, for clipping edges and footprints."""
    w, d, r = fp.half_width, fp.half_depth, _FAR
    local = {
        "front": [(-w, d), (w, d), (w + r, d + r), (-w - r, d + r)],
        "rear": [(w, -d), (-w, -d), (-w - r, -d - r), (w + r, -d - r)],
        "left": [(-w, -d), (-w, d), (-w - r, d + r), (-w - r, -d - r)],
        "right": [(w, d), (w, -d), (w + r, -d - r), (w + r, d + r)],
    }[arc]
    return affinity.affine_transform(Polygon(local), affine(fp.centre, fp.bearing))


def edge_share(fp: Footprint, edge: LineString) -> dict[str, float]:
    """How much of a segment (a charger's front edge) lies in each of ``fp``'s arcs, in inches."""
    return {arc: edge.intersection(arc_region(fp, arc)).length for arc in ARCS}


def majority_arc(fp: Footprint, edge: LineString) -> str:
    """The arc holding the longest share of ``edge`` (ties: front, then flanks, then rear, the
    side the charged unit would least like to give up)."""
    share = edge_share(fp, edge)
    return max(("front", "left", "right", "rear"), key=lambda a: share[a])
