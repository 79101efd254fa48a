"""``python -m bench.table``: the continuous table's hot paths, on the Ninth Age sample armies.

* the charge solver (every flush placement of a charger against a target's side) on a table
  crowded with both deployed armies;
* line of sight and cover for a full shooting phase (every unit of one army at every enemy);
* the same measured as the Shooting phase measures it (every shooting model of one army, its own
  range, sight and cover, at every enemy unit: :func:`engine.rulesets.ninth_age.shooting.measure`);
* the render of a full table.

Targets (2-core reference machine): charge solver p99 under 250 ms; a whole shooting phase
of sight and cover under 2,000 ms (per model, as /shoot measures: under 2,000 ms); a table
render under 300 ms.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from bench.__main__ import report

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "ninth_age"))


def main() -> int:
    from game_helpers import RULESET, deploy_all, new_battle  # the tests' own drivers

    from engine.rulesets.ninth_age.charges import placements
    from engine.table.sight import Obstacle, cover_fractions, has_line_of_sight
    from renderers.table import render_table

    state = deploy_all(new_battle(3))
    # bring the armies face to face: the north army 14" closer
    for u in state.on_table("p2") if state.sides["p2"] == "north" else state.on_table("p1"):
        u.pose = u.pose.moved(u.pose.x, u.pose.y - 14)
    south = "p1" if state.sides["p1"] == "south" else "p2"
    north = state.enemy_of(south)
    solver: list[float] = []
    for a in state.on_table(south)[:8]:
        for b in state.on_table(north)[:6]:
            t = time.perf_counter()
            placements(state, a, b, "front")
            solver.append(time.perf_counter() - t)
    obstacles = [Obstacle(t.polygon, kind="hard" if t.has("hard_cover") else "soft") for t in state.table.terrain]
    phase: list[float] = []
    for _ in range(3):
        t = time.perf_counter()
        for a in state.on_table(south):
            fa = a.footprint()
            for b in state.on_table(north):
                fb = b.footprint()
                if has_line_of_sight(fa, fb, [o for o in obstacles if o.kind == "hard"]):
                    cover_fractions(fa.world((0, fa.half_depth)), fb, obstacles)
        phase.append(time.perf_counter() - t)
    from engine.rulesets.ninth_age.shooting import Table, measure
    from engine.rulesets.ninth_age.weapons import weapons_of

    measured: list[float] = []
    for _ in range(2):
        t = time.perf_counter()
        table = Table(state)  # the footprints and heights of this position, once
        for side in (south, north):
            for a in state.on_table(side):
                for w in weapons_of(state.unit_entry(a))[:1]:
                    for b in state.on_table(state.enemy_of(side)):
                        measure(state, a, b, w, table=table)
        measured.append(time.perf_counter() - t)
    render: list[float] = []
    view = RULESET.board(state)
    for _ in range(10):
        t = time.perf_counter()
        render_table(view)
        render.append(time.perf_counter() - t)
    ok = report("charge solver (one pair)", solver, 250)
    ok &= report("sight + cover, shooting phase", phase, 2000)
    ok &= report("shooting phase, per model (/shoot)", measured, 2000)
    ok &= report("render a full table", render, 300)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
