"""Moving on a board of areas: what a step costs, hindrance, Occupied areas, cheapest routes.

The module knows characters only as :class:`Figure` (where it stands, which side it is on,
how big its base is, which movement gifts it has); a ruleset builds figures from its state.

Cost of one step from A to B (the area being left decides the hindrance)::

    1 + border surcharge (less 1 with feline_grace) + hindrance in A + 1 leaving water (swim)

Hindrance in an area: enemy characters there minus the *other* friendly characters there,
never below 0 (the mover cancels nobody). Walls and shut doors stop movement; so does an
Occupied area (one the figure's base no longer fits into), and an enemy with Blocking in the
area being left unless the mover is evasive. Water needs swim.

>>> from engine.areas.board import AreaBoard
>>> board = AreaBoard.from_data({"name": "row", "width": 30, "height": 10, "areas": [
...     {"id": "a", "polygon": [[0,0],[10,0],[10,10],[0,10]]},
...     {"id": "b", "polygon": [[10,0],[20,0],[20,10],[10,10]]},
...     {"id": "c", "polygon": [[20,0],[30,0],[30,10],[20,10]]}],
...     "borders": [{"between": ["a", "b"]}, {"between": ["b", "c"], "kind": "obstacle", "extra_mp": 1}]})
>>> hero = Figure(id="h", side="heroes", area="a")
>>> minions = [Figure(id=f"m{i}", side="overlord", area="a") for i in (1, 2)]
>>> hindrance([hero, *minions], hero, "a"), step_cost(board, [hero, *minions], hero, "a", "b")
(2, 3)
>>> routes(board, [hero], hero, budget=3)["c"].cost, routes(board, [hero], hero, budget=3)["c"].path
(3, ['a', 'b', 'c'])
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from engine.areas.board import AreaBoard, area_name, border_word
from engine.core.errors import IllegalAction
from engine.core.text import _, join


@dataclass(frozen=True)
class Figure:
    """A character (or any model) on the board, as movement and hindrance see it."""

    id: str
    side: str
    area: str
    name: str = ""
    base_size: int = 1
    character: bool = True  # counts for hindrance (every model that acts does)
    blocking: bool = False
    evasive: bool = False
    swim: bool = False
    feline_grace: bool = False
    blocked_by: frozenset[str] = field(default_factory=frozenset)  # Crush: these count as Blocking

    @property
    def label(self) -> str:
        return self.name or self.id


def hindrance(figures: list[Figure], actor: Figure, area: str) -> int:
    """Symbols (or extra MP) the enemies in ``area`` take from ``actor``: max(0, E - F)."""
    enemies = sum(1 for f in figures if f.area == area and f.character and f.side != actor.side)
    friends = sum(1 for f in figures if f.area == area and f.character and f.side == actor.side
                  and f.id != actor.id)
    return max(0, enemies - friends)


def used_capacity(figures: list[Figure], area: str, ignore: str | None = None) -> int:
    return sum(f.base_size for f in figures if f.area == area and f.id != ignore)


def occupied_for(board: AreaBoard, figures: list[Figure], area: str, figure: Figure) -> bool:
    """Whether ``figure``'s base no longer fits into ``area`` (§10.4)."""
    return used_capacity(figures, area, ignore=figure.id) + figure.base_size > board.area(area).capacity


def blocked_leaving(figures: list[Figure], mover: Figure, area: str) -> Figure | None:
    """The enemy that holds ``mover`` in ``area`` (Blocking, or a Crush hold), if any."""
    if mover.evasive:
        return None
    for f in figures:
        if f.area == area and f.side != mover.side and (f.blocking or f.id in mover.blocked_by):
            return f
    return None


def step_cost(board: AreaBoard, figures: list[Figure], mover: Figure, a: str, b: str,
              opened: frozenset = frozenset()) -> int:
    """MP to move ``mover`` from ``a`` into adjacent ``b``, or IllegalAction saying why not.

    ``figures`` is where everyone stands, the mover included (its own entry is ignored in
    favour of ``a``); ``opened`` holds borders broken open during the game (each a frozenset of
    its two areas), which count as open for everyone.
    """
    border = board.border(a, b)
    name = mover.label
    if border is None:
        raise IllegalAction("not-adjacent", _("{area} is not next to {area2}.", area=area_name(board.area(b)), area2=area_name(board.area(a))))
    if border.key not in opened and not border.passable:
        there = {"name": name, "area": area_name(board.area(a)), "area2": area_name(board.area(b))}
        if border.kind == "door" and border.material == "wood":
            raise IllegalAction("border-blocks", _("{name} can't cross a shut wood door between {area} and {area2}.", **there))
        if border.kind == "door":
            raise IllegalAction("border-blocks", _("{name} can't cross a shut door between {area} and {area2}.", **there))
        raise IllegalAction("border-blocks", _("{name} can't cross {kind} between {area} and {area2}.",
                                               kind=border_word(border.kind), **there))
    target = board.area(b)
    if target.water and not mover.swim:
        raise IllegalAction("water", _("{area} is water; only a model with Swim may enter it.", area=area_name(target)))
    if target.chasm:
        raise IllegalAction("chasm", _("{area} is a sheer drop; nobody walks into it.", area=area_name(target)))
    others = [f for f in figures if f.id != mover.id]
    if occupied_for(board, others, b, mover):
        raise IllegalAction("occupied", _("{area} is Occupied: {name}'s base does not fit (capacity {capacity}).",
                                          area=area_name(target), name=name, capacity=target.capacity))
    holder = blocked_leaving(others, mover, a)
    if holder is not None:
        raise IllegalAction("blocked", _("{holder} blocks {name}: he can't leave {area}.", holder=holder.label, name=name,
                                         area=area_name(board.area(a))))
    here = Figure(**{**mover.__dict__, "area": a})
    surcharge = 0 if border.key in opened else border.extra_mp
    if border.kind == "obstacle" and mover.feline_grace:
        surcharge = max(0, surcharge - 1)
    hinder = 0 if mover.evasive else hindrance([*others, here], here, a)
    water = 1 if board.area(a).water and mover.swim else 0
    return 1 + surcharge + hinder + water


@dataclass(frozen=True)
class Route:
    cost: int
    path: list[str]


def routes(board: AreaBoard, figures: list[Figure], mover: Figure, budget: int | None = None,
           opened: frozenset = frozenset()) -> dict[str, Route]:
    """The cheapest legal route to every area ``mover`` can reach (within ``budget`` MP).

    Passing through an area costs its hindrance on the way out, as the figure stands there
    then; an Occupied area can be neither entered nor crossed. Ties go to the route whose
    areas come first on the board, so the answer never depends on set order.
    """
    order = {a.id: i for i, a in enumerate(board.areas)}
    best: dict[str, Route] = {mover.area: Route(0, [mover.area])}
    queue: list[tuple[int, list[int], list[str]]] = [(0, [order[mover.area]], [mover.area])]
    while queue:
        cost, _, path = heapq.heappop(queue)
        here = path[-1]
        if best[here].cost < cost or best[here].path != path:
            continue
        for nxt in board.adjacent(here):
            if nxt in path:
                continue
            try:
                step = step_cost(board, figures, mover, here, nxt, opened)
            except IllegalAction:
                continue
            total = cost + step
            if budget is not None and total > budget:
                continue
            new_path = [*path, nxt]
            known = best.get(nxt)
            rank = [order[a] for a in new_path]
            if known is None or (total, rank) < (known.cost, [order[a] for a in known.path]):
                best[nxt] = Route(total, new_path)
                heapq.heappush(queue, (total, rank, new_path))
    return best


def route_to(board: AreaBoard, figures: list[Figure], mover: Figure, target: str, budget: int,
             opened: frozenset = frozenset()) -> Route:
    """The cheapest route to ``target`` within ``budget`` MP, or the reason there is none."""
    dest = board.area(target)
    if target == mover.area:
        raise IllegalAction("already-there", _("{name} is already in {area}.", name=mover.label, area=area_name(dest)))
    reach = routes(board, figures, mover, opened=opened)
    if target not in reach:
        # Say why: the first refusal met on a direct step, else that no way leads there.
        if target in board.adjacent(mover.area):
            step_cost(board, figures, mover, mover.area, target, opened)
        raise IllegalAction("no-route", _("{name} has no way into {area} from {area2}.", name=mover.label, area=area_name(dest),
                                          area2=area_name(board.area(mover.area))))
    route = reach[target]
    if route.cost > budget:
        raise IllegalAction("too-far", _("Reaching {area} costs {cost} MP ({path}); {name} has {budget}.", area=area_name(dest),
                                         cost=route.cost, path=join(" > ", [area_name(board.area(a)) for a in route.path]),
                                         name=mover.label, budget=budget))
    return route


def melee_reach(board: AreaBoard, figures: list[Figure], attacker: Figure, target: Figure,
                reach: bool = False) -> str | None:
    """How ``attacker`` may melee ``target``: "same-area", "reach", "occupied", or None.

    Adjacent areas only through Reach (a border that does not block reach) or the Occupied
    rule (§10.4): the target's area is Occupied for the attacker, the attacker's area sees
    it, and the attacker's area is not Occupied for the target.
    """
    if attacker.area == target.area:
        return "same-area"
    border = board.border(attacker.area, target.area)
    if border is None:
        return None
    if reach and not border.blocks_reach:
        return "reach"
    others = [f for f in figures if f.id not in (attacker.id, target.id)]
    if (occupied_for(board, [*others, target], target.area, attacker)
            and board.sees(attacker.area, target.area)
            and not occupied_for(board, [*others, attacker], attacker.area, target)):
        return "occupied"
    return None
