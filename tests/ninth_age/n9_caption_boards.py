"""Seeded crowded Ninth Age boards for the caption layout tests: units of both armies close
together, a charge that went in, a unit that fled and a Secure Target marker among them."""

from __future__ import annotations

import random

from shapely.ops import unary_union

from engine.core.errors import IllegalAction
from engine.rulesets.ninth_age.actions import Charge, EndStep
from engine.rulesets.ninth_age.casualties import flee

from game_helpers import RULESET, apply, scenario
from loaded_dice import load

CHARGERS = ["Knights", "Spearmen", "Halberdiers", "War Hounds", "Pistoliers", "Crossbowmen"]
CHARGED = ["Brutes", "Trolls", "Giant", "Skulkers", "Brute Bulls", "Vermin Swarm", "Sabre Beasts"]
BYSTANDERS = ["Wolf Riders", "Boar Riders", "Shaman", "Chieftain", "Stone Thrower", "Handgunners", "Zealots"]


def _apart(state, names) -> bool:
    shapes = [unary_union(list(state.units[n].footprint().models)).buffer(0.3) for n in names]
    return not any(a.intersects(b) for i, a in enumerate(shapes) for b in shapes[i + 1:])


def crowded_board(seed: int):
    """A board of seed ``seed``: the state and its view."""
    rng = random.Random(seed)
    for _ in range(200):
        cx, cy = rng.uniform(18, 54), rng.uniform(20, 32)
        charger, target = rng.choice(CHARGERS), rng.choice(CHARGED)
        placements = {target: (cx, cy + 4, rng.choice([180, 200, 160, 270, 90]))}
        placements[charger] = (cx + rng.uniform(-3, 3), cy - rng.uniform(3, 6), rng.uniform(-25, 25) % 360)
        fled = rng.choice([n for n in CHARGERS if n != charger])
        placements[fled] = (cx + rng.choice([-1, 1]) * rng.uniform(7, 11), cy + rng.uniform(-4, 4), 0)
        for name in rng.sample(BYSTANDERS, 3):
            placements[name] = (cx + rng.uniform(-10, 10), cy + rng.uniform(-5, 10), rng.choice([0, 90, 180, 270]))
        state = scenario(placements, step="charges")
        if not _apart(state, placements):
            continue
        state.objective = "secure"
        mx, my = placements[rng.choice(list(placements))][:2]
        state.markers = {"p1": (mx + rng.uniform(-1, 1), my + rng.uniform(-1, 1))}
        try:
            state = apply(state, Charge(seat="p1", unit=charger, target=target), {"reaction": "hold"})
            load(state, 4, 5)
            state = apply(state, EndStep(seat="p1"))
        except IllegalAction:
            continue
        if not any(m["kind"] == "charge" for m in state.last_moves):
            continue
        load(state, 2, 3)
        flee(state, state.units[fled], rng.uniform(0, 360), [], f"{fled} break")
        if state.units[fled].location != "table":
            continue
        return state, RULESET.board(state)
    raise AssertionError(f"no board for seed {seed}")
