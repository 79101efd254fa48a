"""Shortest paths around obstacles (Free Reform's "along a path that goes around obstacles",
§24.4): a visibility graph over the corners of the obstacles grown by the clearance, searched
with scipy's Dijkstra.

>>> from shapely.geometry import box
>>> length, points = shortest_path((0, 0), (10, 0), [box(4, -1, 6, 3)], clearance=0)
>>> round(length, 3), points[1:3]
(10.246, [(4.0, -1.0), (6.0, -1.0)])
>>> shortest_path((0, 0), (10, 0), [], clearance=1)[0]
10.0
"""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np
import shapely
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra
from shapely.geometry import Point as ShapelyPoint
from shapely.ops import unary_union

from engine.table.frame import Point


def shortest_path(start: Point, end: Point, obstacles: Sequence, *, clearance: float = 1.0,
                  ) -> tuple[float, list[Point]]:
    """Length and corner points of the shortest path from ``start`` to ``end`` keeping
    ``clearance`` from every obstacle (math.inf and [] when there is none). A start or end point
    inside the grown obstacles is allowed to leave or reach it straight (the unit's own spot)."""
    if not obstacles:
        return math.dist(start, end), [start, end]
    grown = unary_union([o.buffer(clearance, quad_segs=2, join_style="mitre") if clearance else o
                         for o in obstacles])
    pieces = list(getattr(grown, "geoms", [grown]))
    # a grown obstacle holding the start or the end (the unit's own surroundings) is ignored;
    # sight lines may touch the others' outlines, never cross them
    walls = [p for p in pieces if not p.buffer(-1e-6).contains(ShapelyPoint(start))
             and not p.buffer(-1e-6).contains(ShapelyPoint(end))]
    inner = unary_union([p.buffer(-1e-6) for p in walls]) if walls else None
    nodes: list[Point] = [tuple(start), tuple(end)]
    for piece in walls:
        nodes += [tuple(c) for c in piece.exterior.coords[:-1]]
    n = len(nodes)
    rows, cols, weights = [], [], []
    pts = np.asarray(nodes, float)
    for i in range(n - 1):
        js = np.arange(i + 1, n)
        segs = shapely.linestrings(np.stack([np.broadcast_to(pts[i], (len(js), 2)), pts[js]], axis=1))
        crossing = shapely.intersects(segs, inner) if inner is not None else np.zeros(len(js), bool)
        for j, crosses in zip(js, crossing):
            if crosses:
                continue
            d = math.dist(nodes[i], nodes[j])
            rows += [i, j]
            cols += [j, i]
            weights += [d, d]
    graph = csr_matrix((weights, (rows, cols)), shape=(n, n))
    dist, pred = dijkstra(graph, directed=False, indices=0, return_predecessors=True)
    if not np.isfinite(dist[1]):
        return math.inf, []
    path, k = [], 1
    while k != -9999:
        path.append(nodes[k])
        k = pred[k]
    return float(dist[1]), list(reversed(path))
