"""Building skirmish battles for tests: hand-made cards and maps, creatures put straight on
the board (the worked examples give positions), dice scripted with tests/scripted.py."""

from __future__ import annotations

from engine.core import get_ruleset
from engine.grid import GridMap
from engine.rulesets.dnd_minis.cards import StatCard
from engine.rulesets.dnd_minis.creature import Creature

RULES = get_ruleset("dnd-minis")


def card(name: str, *, speed: int = 6, ac: int = 15, hp: int = 40, level: int = 3, melee=((5, 10),), ranged=(),
         cost: int = 20, commander: int | None = None, types=("Humanoid",), size: str = "medium", fly: bool = False,
         abilities=(), factions=("LG",), **extra) -> StatCard:
    data = {
        "id": name.lower().replace(" ", "-").replace("'", ""), "name": name, "speed": speed, "ac": ac, "hp": hp,
        "level": level, "cost": cost, "types": list(types), "size": size, "fly": fly, "factions": list(factions),
        "melee": [{"bonus": b, "damage": d} if not isinstance(d, dict) else {"bonus": b, **d} for b, d in melee],
        "ranged": [{"bonus": b, "damage": d} for b, d in ranged],
        "abilities": [{"name": a} for a in abilities],
    }
    if commander is not None:
        data["commander"] = commander
    data.update(extra)
    return StatCard.model_validate(data)


def grid(width: int = 12, height: int = 12, walls=(), terrain=None, zones=None, name: str = "Test ground") -> GridMap:
    return GridMap.from_data({"name": name, "width": width, "height": height,
                              "walls": [list(w) for w in walls],
                              "terrain": {k: [list(s) for s in v] for k, v in (terrain or {}).items()},
                              "zones": zones or []})


def battle(placed, *, map: GridMap | None = None, options=None, order=("p1", "p2"), letters=None):
    """A battle in round 1, activation phase, with creatures already on the board.

    ``placed``: (id, card, seat, square) tuples (square None: not on the board).
    """
    options = dict(options or {})
    state = RULES.new_game(seed=7, options=options)
    state.map = map or grid()
    for cid, c, seat, square in placed:
        creature = Creature.from_card(c, id=cid, side=seat, label=cid[:3].upper())
        creature.square = tuple(square) if square is not None else None
        state.creatures[cid] = creature
    for seat, p in state.players.items():
        p.submitted = True
        p.letter = (letters or {}).get(seat, {"p1": "A", "p2": "B", "p3": "C", "p4": "D"}[seat])
    state.round = 1
    state.phase = "activation"
    state.order = list(order)
    state.phase_seat = order[0]
    state.phase_used = 0
    return state


def act(state, kind, seat, *, answers=(), **fields):
    """Apply one action; ``answers`` reply, in order, to the questions it asks (/decide).
    The events of an answered question are those of one uninterrupted action."""
    action = RULES.parse_action({"kind": kind, "seat": seat, **fields})
    state, events = RULES.apply(state, action)
    for answer in answers:
        assert state.pending is not None, f"no question is waiting for the answer {answer!r}"
        decide = RULES.parse_action({"kind": "decide", "seat": state.pending.decision.seat, "option": answer})
        state, more = RULES.apply(state, decide)
        events = [e for e in events if e.kind != "decision"] + more
    return state, events


def kinds(events):
    return [e.kind for e in events]


def first(events, kind):
    return next(e for e in events if e.kind == kind)
