"""``python -m bench.table``: the continuous table's hot paths, on the Ninth Age sample armies.

* the charge solver (every flush placement of a charger against a target's side) on a table
  crowded with both deployed armies;
* line of sight and cover for a full shooting phase (every unit of one army at every enemy);
* the same measured as the Shooting phase measures it (every shooting model of one army, its own
  range, sight and cover, at every enemy unit: :func:`engine.rulesets.ninth_age.shooting.measure`);
* the render of a full table;
* "Show my moves" in the charge step of a crowded mid-game (issue #10): every charge in reach
  of 12 units against 12, as the button lists them (:func:`bot.buttons._moves`), on the
  position stored in ``bench/data/ninth_age_charge_step.json`` (the console's whole battle,
  seed 11, game turn 2; ``python -m bench.table --record`` plays it again and stores it).

Targets (2-core reference machine): charge solver p99 under 250 ms; a whole shooting phase
of sight and cover under 2,000 ms (per model, as /shoot measures: under 2,000 ms); a table
render under 300 ms; the charge step's "Show my moves" under 2,000 ms (issue #10: about 30 s
of CPU before the solver was asked only whether a placement exists and learnt to pass over the
paths that surely cross a unit, about 17 s after; since it asks the declaration's own questions
(so it lists the Blocked Path charges too) it proves a charge's room once, with the Blocked
Path's screen left out, and rules flush poses out more cheaply: about half of that; moving shapes
without shapely's Python-level affine wrappers and placing a contact point against the target's
rectangle on the spot took about a tenth more off (CPU 5.8 → 5.1 s, warm caches). The charges
that had no room cost most, about 6.5 s of the 6.8: each target turned 36 ways and every
placement's paths tried. Now a bound proves most of them have none before a path is searched
(:func:`engine.table.charge_path.unreachable`: the straight parts of every path, as the charger's
translations, and the obstacles' shadows along them, never reach the side; the charged unit's
trial turns about the side's middle share all but one wheel, and a turn ruled out is never laid
out), the answers the same: back to back on the same load, median 5.6 s → 0.53 s (and 9.5 s →
0.67 s on a heavier one), CPU per click about 6 s → 0.6 s. The target is met).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from bench.__main__ import report

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "ninth_age"))


CHARGE_STEP = Path(__file__).resolve().parent / "data" / "ninth_age_charge_step.json"


def time_charge_step_moves(repeats: int = 3) -> list[float]:
    """The "Show my moves" answer of the stored charge step, ``repeats`` times (each on the state
    as loaded from the store, so nothing is remembered between them but the solver's own caches
    of paths and placements, which a second click in the same step also has)."""
    import json

    from bot.buttons import _moves
    from engine.core import get_ruleset

    ruleset = get_ruleset("ninth-age")
    stored = json.loads(CHARGE_STEP.read_text())
    samples = []
    for _ in range(repeats):
        state = ruleset.load_state(stored["state"], stored["rules_version"])
        t = time.perf_counter()
        reply = _moves(ruleset, state, stored["seat"])
        samples.append(time.perf_counter() - t)
        assert "/charge" in reply.text, reply.text
    return samples


def record_charge_step(seed: int = 11, round_: int = 2, seat: str = "p2") -> None:
    """Play the console's whole battle through the service until ``seat``'s charge step of game
    turn ``round_`` and store that position for :func:`time_charge_step_moves`."""
    import asyncio
    import json
    import tempfile

    import ninth_age_plans as plans
    import test_ninth_age_whole_battle as battle
    from bot.service import Service
    from bot.store import Store

    async def play() -> dict:
        with tempfile.TemporaryDirectory() as folder:
            store = await Store.open(str(Path(folder) / "bench.sqlite3"))
            try:
                service = Service(store, seed_source=lambda: 4242)
                p = battle.Player(service)
                await p.say("p1", f"/game new ruleset:ninth-age seed:{seed} settings:deployment=classic")
                await p.say("p2", "/game join")
                await plans.deploy(p)
                state = await p.state()
                while not state.is_over:
                    active, phase, step = state.active, state.phase, state.step
                    if phase == "movement" and step == "charges":
                        if (state.round, active) == (round_, seat):
                            game = (await service.game_snapshot(battle.CHANNEL))[0]
                            return {"rules_version": game.rules_version, "seat": seat,
                                    "state": json.loads(game.state_json)}
                    await plans.play_step(p, state)
                    state = await p.state()
                    if not state.is_over and (state.active, state.phase, state.step) == (active, phase, step):
                        await p.say(active, "/end")
                    state = await p.state()
                raise SystemExit("the battle ended before that charge step")
            finally:
                await store.close()

    found = asyncio.run(play())
    about = (f"The console whole battle of the sample armies (tests/ninth_age/test_ninth_age_whole_battle.py, "
             f"seed {seed}, its plans in tests/ninth_age/ninth_age_plans.py), at game turn {round_}, the charge "
             f"step of {seat}. Made by python -m bench.table --record.")
    CHARGE_STEP.write_text(json.dumps({"about": about, **found}, separators=(",", ":")))
    print(f"stored {CHARGE_STEP}")


def figures() -> bool:
    """Time the table's hot paths, print the figures; True when every target is met."""
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
    ok &= report("charge step: Show my moves", time_charge_step_moves(), 2000)
    return ok


def main() -> int:
    if sys.argv[1:2] == ["--record"]:
        record_charge_step()
        return 0
    return 0 if figures() else 1


if __name__ == "__main__":
    raise SystemExit(main())
