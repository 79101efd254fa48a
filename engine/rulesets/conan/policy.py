"""A simple greedy Conan player for demos, benchmarks and whole-game tests.

It only ever picks among the engine's own legal actions (and the options of a pending
question), with a seeded generator for variety, and types them as a player would
(:func:`command_line`). Heroes go for the objective and strike what they can reach; the
Overlord activates tiles, strikes, and closes in.
"""

from __future__ import annotations

import random

from engine.core import Action
from engine.rulesets.conan.state import OVERLORD, ConanState


def _distance(board, a: str, b: str) -> int:
    try:
        return board.distance(a, b)
    except Exception:
        return 99


def choose(ruleset, state: ConanState, seat: str, rnd: random.Random) -> Action:
    from engine.core.decisions import Decide

    pending = state.pending
    if pending is not None:
        options = pending.decision.options
        key = pending.decision.key
        if key == "reroll":
            pick = "keep" if rnd.random() < 0.6 else rnd.choice(options)
        elif key == "guard":
            pick = rnd.choice(options[: min(len(options), 4)])
        elif key in ("counterattack", "catch", "chest"):
            pick = options[0]
        else:
            pick = rnd.choice(options)
        return Decide(seat=seat, option=pick)
    actions = ruleset.legal_actions(state, seat)
    if seat != OVERLORD:  # one hero at a time: the first who has not passed yet
        acting = next((h.id for h in state.hero_of(seat) if not h.passed), None)
        actions = [a for a in actions if getattr(a, "creature", None) in (acting, None)] or actions
    board = ruleset.board_of(state)
    by_kind: dict[str, list[Action]] = {}
    for action in actions:
        by_kind.setdefault(action.kind, []).append(action)
    if "attitude" in by_kind:
        mood = "aggressive" if rnd.random() < 0.85 else "cautious"
        return next(a for a in by_kind["attitude"] if a.choice == mood)
    goal = state.scenario.objective
    if seat != OVERLORD:
        for action in by_kind.get("take", []):
            if action.item == goal.item:
                return action
        for action in by_kind.get("give", []):
            if action.item == goal.item:
                return by_kind.get("done", [action])[0] if rnd.random() < 0.5 else action
        attacks = by_kind.get("attack", [])
        if attacks and rnd.random() < 0.8:
            best = max(attacks, key=lambda a: (a.target == goal.model, a.gems if a.gems <= 3 else -a.gems))
            return best
        if "open" in by_kind and rnd.random() < 0.5:
            return by_kind["open"][0]
        moves = [m for m in by_kind.get("move", []) if m.gems <= 1]
        if moves and rnd.random() < 0.9:
            def aim(move) -> int:
                hero = state.heroes[move.creature]
                if goal.kind == "carry-out":
                    target = goal.exit if goal.item in hero.cards else next(
                        (a for a, cards in state.ground.items() if goal.item in cards),
                        next((h.area for h in state.living_heroes() if goal.item in h.cards), goal.exit))
                else:
                    target = state.models[goal.model].area or move.to
                return _distance(board, move.to, target)
            here = {m.creature: m for m in moves}
            best = min(moves, key=lambda m: (aim(m), m.gems, m.to))
            hero = state.heroes[best.creature]
            if hero.area is not None and aim(best) < _distance(board, hero.area, best.to) + aim(here[best.creature]) + 1:
                return best
        return by_kind["done"][0]
    attacks = by_kind.get("attack", [])
    if attacks:
        return rnd.choice(attacks)
    if state.overlord.active is not None:
        moves = [m for m in by_kind.get("move", []) if m.gems <= 1]
        near = [m for m in moves if any(h.area == m.to for h in state.living_heroes())]
        if near:
            return rnd.choice(near)
    flows = by_kind.get("flow", [])
    if flows and rnd.random() < 0.3:
        return flows[0]
    activations = by_kind.get("activate", [])
    if activations and rnd.random() < 0.9:
        return rnd.choice(activations)
    return by_kind["end"][0]


def command_line(action: Action) -> str:
    """The command a player types for ``action``: ``/attack creature:conan target:guard-1 gems:2``."""
    if action.kind == "decide":
        return f'/decide option:"{action.option}"'
    words = [f"/{action.kind}"]
    names = {"style": "kind"}
    for name, value in action.model_dump(exclude={"kind", "seat"}).items():
        if value is None or (name == "mode" and value == "walk") or (name == "gems" and value == 0):
            continue
        words.append(f'{names.get(name, name)}:"{value}"')
    return " ".join(words)
