"""Exact plane geometry on grid points, in integers (no floating-point grazing errors).

Square ``(x, y)`` is the closed region ``[x, x+1] x [y, y+1]``. Callers scale coordinates by
an even integer so centres and slightly-pulled-in points stay integral. "Touching" and
"crossing the interior" are different questions in these rules (a line touching a wall
corner gets no line of sight, but gives no cover), so both tests exist.
"""

from __future__ import annotations

Pt = tuple[int, int]
Rect = tuple[int, int, int, int]  # x0, y0, x1, y1 with x0 < x1, y0 < y1


def cross(o: Pt, a: Pt, b: Pt) -> int:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def rect_corners(r: Rect) -> list[Pt]:
    x0, y0, x1, y1 = r
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def segment_touches_rect(p: Pt, q: Pt, r: Rect) -> bool:
    """Does the closed segment pq meet the closed rectangle (touching counts)?"""
    x0, y0, x1, y1 = r
    if max(p[0], q[0]) < x0 or min(p[0], q[0]) > x1 or max(p[1], q[1]) < y0 or min(p[1], q[1]) > y1:
        return False
    signs = [cross(p, q, c) for c in rect_corners(r)]
    return not (all(s > 0 for s in signs) or all(s < 0 for s in signs))


def segment_crosses_rect_interior(p: Pt, q: Pt, r: Rect) -> bool:
    """Does the segment pq pass through the open interior (grazing an edge or corner doesn't)?"""
    x0, y0, x1, y1 = r
    if max(p[0], q[0]) <= x0 or min(p[0], q[0]) >= x1 or max(p[1], q[1]) <= y0 or min(p[1], q[1]) >= y1:
        return False
    signs = [cross(p, q, c) for c in rect_corners(r)]
    return not (all(s >= 0 for s in signs) or all(s <= 0 for s in signs))


def segments_touch(p: Pt, q: Pt, a: Pt, b: Pt) -> bool:
    """Do two closed segments share at least one point?"""
    d1, d2 = cross(a, b, p), cross(a, b, q)
    d3, d4 = cross(p, q, a), cross(p, q, b)
    if ((d1 > 0 and d2 < 0) or (d1 < 0 and d2 > 0)) and ((d3 > 0 and d4 < 0) or (d3 < 0 and d4 > 0)):
        return True

    def on(o, s, e):
        return min(s[0], e[0]) <= o[0] <= max(s[0], e[0]) and min(s[1], e[1]) <= o[1] <= max(s[1], e[1])

    return ((d1 == 0 and on(p, a, b)) or (d2 == 0 and on(q, a, b))
            or (d3 == 0 and on(a, p, q)) or (d4 == 0 and on(b, p, q)))


def convex_hull(points: list[Pt]) -> list[Pt]:
    """Counter-clockwise hull without collinear points (Andrew's monotone chain)."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts
    lower: list[Pt] = []
    for pt in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], pt) <= 0:
            lower.pop()
        lower.append(pt)
    upper: list[Pt] = []
    for pt in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], pt) <= 0:
            upper.pop()
        upper.append(pt)
    return lower[:-1] + upper[:-1]


def _axes(poly: list[Pt]) -> list[Pt]:
    out = []
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        out.append((b[1] - a[1], a[0] - b[0]))
    return out


def _project(poly: list[Pt], axis: Pt) -> tuple[int, int]:
    vals = [p[0] * axis[0] + p[1] * axis[1] for p in poly]
    return min(vals), max(vals)


def interiors_overlap(a: list[Pt], b: list[Pt]) -> bool:
    """Do two convex polygons (or a polygon and a segment) share interior points?

    Separating-axis test with strict overlap on every axis: polygons that only touch along an
    edge or at a corner do not overlap. For a segment ``b``, "interior" means its relative
    interior crossing the polygon's interior.
    """
    if len(b) > 2:
        axes = _axes(a) + _axes(b)
    else:
        axes = _axes(a) + [(b[1][1] - b[0][1], b[0][0] - b[1][0]), (b[1][0] - b[0][0], b[1][1] - b[0][1])]
    for axis in axes:
        if axis == (0, 0):
            continue
        amin, amax = _project(a, axis)
        bmin, bmax = _project(b, axis)
        if bmin == bmax:  # a segment seen edge-on: it must lie strictly inside
            if not amin < bmin < amax:
                return False
        elif max(amin, bmin) >= min(amax, bmax):
            return False
    return True


def crosses_opposite_sides(p: Pt, q: Pt, r: Rect) -> bool:
    """Does segment pq pass through the rectangle entering and leaving by opposite sides?

    A corner belongs to both sides that meet there (forest LoS, minis §18.4). The segment must
    cross the interior: a line running along a side does not count.
    """
    if not segment_crosses_rect_interior(p, q, r):
        return False
    x0, y0, x1, y1 = r
    touched = set()
    for name, a, b in (("top", (x0, y0), (x1, y0)), ("bottom", (x0, y1), (x1, y1)),
                       ("left", (x0, y0), (x0, y1)), ("right", (x1, y0), (x1, y1))):
        if segments_touch(p, q, a, b):
            touched.add(name)
    return {"top", "bottom"} <= touched or {"left", "right"} <= touched
