"""Movement on the grid: what one step costs, whether a path is legal, the cheapest path.

Costs follow D&D 3.5 tactical movement (§3-§10) with every edition difference and every
engine ruling behind a named :class:`MoveRules` option; :meth:`MoveRules.minis` gives the D&D
Miniatures (War Drums) choices.

- An orthogonal step costs 1; diagonals alternate 1, 2, 1, 2 over the whole turn's movement
  (the counter lives in :class:`PathState` and survives a double move).
- Each hampering factor (difficult terrain, an obstacle square, squeezing, a helpless creature
  that still obstructs, poor visibility, blindness) is one *doubling*: ``2**k`` orthogonally,
  ``3 * 2**(k-1)`` diagonally. A hampered diagonal adds 2 to the diagonal counter by default,
  so the 1-2 alternation is unchanged (3.5 §7.2; minis AMB-21 has the same effect).
- A big creature moves as a rigid block, one square at a time; the worst square of the block's
  destination sets the cost. It may squeeze into a block half as wide (one doubling).

>>> from engine.grid.board import GridMap
>>> grid = GridMap.from_text_grid("......\\n......\\n......\\n......\\n......")
>>> human = Body(id="h", side="A", anchor=(0, 0))
>>> shortest_path(grid, human, (4, 4), [], PathState(), MoveRules()).cost
6
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from math import ceil

from pydantic import BaseModel, ConfigDict, Field

from typing import TYPE_CHECKING

from engine.core.errors import IllegalAction
from engine.core.text import Text, _, capitalised, decimal, ngettext
from engine.grid.body import Body
from engine.grid.board import GridMap, SquareFacts, edge_key
from engine.grid.squares import DIRECTIONS, XY, distance, footprint, square_name
from engine.grid.terrain import kind_word, kinds_said

if TYPE_CHECKING:
    from engine.grid.sight import Nearest

_OPEN = SquareFacts(0, False, False, False, False)
_PASSES = ("ok", "provokes", "squeeze")  # verdicts of _can_pass that let the mover through
_WHO = "\x00"  # stands for the mover's name in reasons cached per map


class MoveRules(BaseModel):
    """Every movement choice the rules texts leave open, with the 3.5 file's recommended default.

    [SRC] source rule, [DER] engine ruling from the 3.5 file, [EXT] English 3.5 SRD (optional).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    # Doublings (3.5 §7.1 [SRC]: they multiply; minis AMB-22: slowing factors don't stack).
    max_doublings: int | None = None
    # 3.5 §7.2 [DER] A2: a hampered diagonal counts as two diagonals (parity unchanged).
    # Minis AMB-21 says it does not advance the counter: 0, same parity, same costs.
    hampered_diagonal_counter_increment: int = 2
    # 3.5 §6.2 [DER] A21: a hampering obstacle square is no place to stop.
    obstacle_square_stoppable: bool = False
    # 3.5 §8 [DER] A20: may a squeezing mover cross an active opponent's square?
    squeeze_through_opponent: bool = False
    # 3.5 §8 lets a big creature squeeze through the free lane beside an opponent; minis
    # (War Drums §8.3, Skirmish §10.5) says it can never squeeze past enemies.
    squeeze_past_enemies: bool = True
    # 3.5 keeps a squeezed creature squeezed (penalties while inside); War Drums §8.3: it must
    # end where it fits without squeezing.
    squeezed_may_end: bool = True
    # 3.5 §5.5/§10.2: Fine/Diminutive/Tiny share squares and may enter occupied ones.
    # Minis: Tiny creatures hold a whole square like Small ones.
    tiny_share_squares: bool = True
    # 3.5 §5.6 [DER] A6: pass a creature 3+ size categories larger or smaller. Not in minis.
    three_size_rule: bool = True
    # 3.5 §5.3: may end in a helpless creature's square. Minis §8.2: may cross, never end there.
    end_on_helpless: bool = True
    # Minis §8.5: incorporeal pass non-incorporeal creatures; burrowers pass enemies.
    incorporeal_passes_creatures: bool = False
    burrowing_passes_creatures: bool = False
    # Minis AMB-25: fliers pass over enemies only when charging.
    flying_passes_enemies_when_charging: bool = False
    # Minis Flight (War Drums §26; skirmish §25): a flier's charge passes over its allies too,
    # where a walker's charge may not cross an ally.
    flying_charge_passes_allies: bool = False
    # Skirmish §25 Flight (seed 000): a flier moves, not only charges, through occupied squares.
    flying_passes_creatures: bool = False
    # War Drums §26 Incorporeal (seed 002): it "may move or even charge through" non-incorporeal
    # creatures, its allies included (the starter text names enemies only).
    incorporeal_charge_passes_allies: bool = False
    # 3.5 §6.1 [SRC]: no running or charging through difficult terrain.
    charge_through_difficult: bool = False
    run_through_difficult: bool = False
    # 3.5 §9.2 [EXT]: minimum movement only when too hampered to move 1 square. Off: the source
    # has no such condition.
    minimum_move_only_when_needed: bool = False
    # 3.5 §10.3 [EXT]: Small/Medium with a reach weapon threaten (2,2) too; and the disputed
    # extension to natural 10-ft reach. Both off.
    reach_weapon_diagonal_exception: bool = False
    natural_reach_diagonal_exception: bool = False
    # 3.5 §9.1 [EXT] A22: snap back to the nearest legal square when it is strictly closer than
    # the last legal position (off: always the last legal position).
    snap_to_nearest_when_closer: bool = True
    # 3.5 §2.5 [EXT] five-foot-step restrictions (checked by :func:`check_five_foot_step`).
    five_foot_step_once_per_round: bool = True
    five_foot_step_not_with_other_movement: bool = True
    five_foot_step_not_hampered: bool = True
    five_foot_step_min_speed: int = 2  # squares: none for speed 5 ft (1 square) or less
    # 3.5 §2.4 [EXT] run: x3 in heavy armour (speed.py), straight line only.
    run_straight_line: bool = True

    @classmethod
    def dnd35(cls) -> "MoveRules":
        return cls()

    @classmethod
    def minis(cls, **overrides) -> "MoveRules":
        """D&D Miniatures (War Drums) movement."""
        base = dict(
            max_doublings=1, hampered_diagonal_counter_increment=0, squeeze_past_enemies=False,
            squeezed_may_end=False, tiny_share_squares=False, three_size_rule=False,
            end_on_helpless=False, incorporeal_passes_creatures=True, burrowing_passes_creatures=True,
            flying_passes_enemies_when_charging=True, flying_charge_passes_allies=True,
            incorporeal_charge_passes_allies=True,
            obstacle_square_stoppable=False,
        )
        base.update(overrides)
        return cls(**base)


class PathState(BaseModel):
    """Movement carried across a whole turn: the diagonal counter and the squares spent."""

    diag_count: int = 0
    spent: int = 0


class MoveEvent(BaseModel):
    """Something a step triggers that the ruleset resolves (e.g. a Tiny creature provokes)."""

    kind: str  # "provokes" (entering an occupied square as a Tiny creature), "squeeze"
    square: XY
    by: str | None = None  # the creature that gets the attack of opportunity


class Path(BaseModel):
    """A checked path: the squares entered (the mover's anchor after each step), and costs."""

    squares: list[XY] = Field(default_factory=list)
    cost: int = 0
    diag_count_after: int = 0
    steps: list[int] = Field(default_factory=list)
    shapes: list[tuple[int, int]] = Field(default_factory=list)  # the block's (w, h) per step
    events: list[MoveEvent] = Field(default_factory=list)

    @property
    def end(self) -> XY | None:
        return self.squares[-1] if self.squares else None

    def state_after(self, before: PathState) -> PathState:
        return PathState(diag_count=self.diag_count_after, spent=before.spent + self.cost)


# --------------------------------------------------------------------------------------------
# The step model. A "placement" is (anchor, (w, h)): the block of squares the mover covers.


class _Mover:
    """Everything about one mover and its surroundings that every step consults."""

    __slots__ = ("grid", "mover", "rules", "charging", "running", "facts", "occ", "full", "shapes",
                 "mode", "walls_pass", "wall_vertices", "low_vertices", "name", "_place_cache",
                 "_end_cache", "tiny_shares", "_step_cache", "_memo1", "may_pass")

    def __init__(self, grid: GridMap, mover: Body, others, rules: MoveRules, charging: bool,
                 running: bool, may_pass=()):
        self.grid = grid
        self.may_pass = frozenset(may_pass)
        self.mover = mover
        self.rules = rules
        self.charging = charging
        self.running = running
        self.mode = mover.move_mode
        self.facts = grid._facts[self.mode]
        self.walls_pass = self.mode in ("incorporeal", "burrow")
        self.wall_vertices, self.low_vertices = grid.edge_vertices
        self.name = mover.label
        self.tiny_shares = rules.tiny_share_squares and mover.is_tiny
        occ: dict[XY, list[Body]] = {}
        for body in others:
            if body.id == mover.id:
                continue
            for sq in body.squares:
                occ.setdefault(sq, []).append(body)
        self.occ = occ
        s = mover.side_len
        self.full = (s, s)
        self.shapes = [self.full]
        if s >= 2:
            narrow = ceil(s / 2)
            self.shapes += [(s, narrow), (narrow, s)]
        if mover.shape is not None and mover.shape not in self.shapes:
            self.shapes.append(mover.shape)
        self._place_cache: dict = {}
        self._end_cache: dict = {}
        self._step_cache: dict = {}
        # One-square movers share terrain-only step facts across calls on the same map.
        self._memo1 = None
        if self.shapes == [(1, 1)]:
            key = ("step1", self.mode, mover.space_feet, mover.escape_artist)
            self._memo1 = grid._memo.setdefault(key, {})

    # A placement's own legality and static cost, independent of where the step came from.
    def placement(self, anchor: XY, shape: tuple[int, int]):
        key = (anchor, shape)
        hit = self._place_cache.get(key)
        if hit is None:
            hit = self._placement(anchor, shape)
            self._place_cache[key] = hit
        return hit

    def _placement(self, anchor: XY, shape: tuple[int, int]):
        """Returns (reason or None, doublings, difficult, events, squeeze_through)."""
        grid = self.grid
        w, h = shape
        squares = footprint(anchor, w, h)
        facts = self.facts
        worst = 0
        difficult = False
        for sq in squares:
            if not grid.in_bounds(sq):
                return (_("{name} can't leave the map", name=self.name), 0, False, (), False)
            f = facts.get(sq, _OPEN)
            if f.impassable:
                return (_impassable(grid, sq), 0, False, (), False)
            if f.slows > worst:
                worst = f.slows
            difficult = difficult or f.difficult
        if w > 1 or h > 1:
            for sq in squares:  # a block may not straddle a wall on a square edge
                x, y = sq
                if (x + 1 < anchor[0] + w and grid.edge_wall(sq, (x + 1, y))) or (
                    y + 1 < anchor[1] + h and grid.edge_wall(sq, (x, y + 1))
                ):
                    if not self.walls_pass:
                        return (_("a wall runs through {square}", square=square_name(sq)), 0, False, (), False)
        squeeze = shape != self.full
        if squeeze:
            # A creature squeezes only into a space narrower than its own (3.5 §8): when some
            # full block around this one is free, it simply stands there instead.
            for box in _box_anchors(anchor, shape, self.full[0]):
                if self._fits_unsqueezed(box):
                    return (_("{name} has room at {square} and need not squeeze", name=self.name, square=square_name(box)),
                            0, False, (), False)
        # Sub-square gaps (3.5 §8): room of at least half the creature's space is a squeeze.
        if grid.clear_width:
            room_needed = self.mover.space_feet
            for sq in squares:
                cw = grid.clear_width_at(sq)
                if cw is not None and cw < room_needed:
                    if cw * 2 < room_needed and not self.mover.escape_artist:
                        return (_("the gap at {square} is too narrow for {name} ({feet} ft; it needs Escape Artist)",
                                  square=square_name(sq), name=self.name, feet=decimal(cw, "g")), 0, False, (), False)
                    squeeze = True
        extra = 0
        events = []
        squeeze_through = False
        seen: set[str] = set()
        for sq in squares:
            for occ in self.occ.get(sq, ()):
                if occ.id in seen:
                    continue
                seen.add(occ.id)
                verdict = self._can_pass(occ, sq)
                if verdict not in _PASSES:
                    return (verdict, 0, False, (), False)
                if verdict == "squeeze":
                    squeeze_through = True
                elif verdict == "provokes":
                    events.append(MoveEvent(kind="provokes", square=sq, by=occ.id))
                if occ.helpless and occ.obstructs_when_helpless:
                    extra += 1
        if squeeze and not self.rules.squeeze_past_enemies and shape != self.full:
            # Minis: a squeeze never gets a creature past enemies: no full block around the
            # squeezed one may hold an active enemy.
            for box in _boxes_around(anchor, shape, self.full[0]):
                for sq in box:
                    for occ in self.occ.get(sq, ()):
                        if occ.side != self.mover.side and not occ.helpless:
                            return (_("{name} can't squeeze past an enemy ({enemy} at {square})", name=self.name,
                                      enemy=occ.label, square=square_name(sq)), 0, False, (), False)
        k = worst + extra + (1 if (squeeze or squeeze_through) else 0) + (1 if self.mover.blind else 0)
        return (None, k, difficult, tuple(events), squeeze_through)

    def _fits_unsqueezed(self, anchor: XY) -> bool:
        if self.placement(anchor, self.full)[0] is not None:
            return False
        return not any(sq in self.occ for sq in footprint(anchor, *self.full))

    def _can_pass(self, occ: Body, sq: XY):
        """3.5 §5.8: may the mover pass through this occupant? Returns a reason when not."""
        mover, rules = self.mover, self.rules
        where = square_name(sq)
        if occ.fills_space:
            return _("{creature} fills its space at {square}; nothing can move through it", creature=occ.label, square=where)
        if self.tiny_shares:
            return "provokes" if (occ.side != mover.side and not occ.helpless) else "ok"
        if rules.three_size_rule and abs(mover.size_index - occ.size_index) >= 3:
            return "ok"
        friendly = occ.side == mover.side
        if self.mode == "fly" and rules.flying_passes_creatures:
            return "ok"
        if friendly:
            if self.charging and not (self.mode == "fly" and rules.flying_charge_passes_allies) and not (
                    self.mode == "incorporeal" and rules.incorporeal_charge_passes_allies and not occ.incorporeal):
                return _("{name} can't charge through an ally ({ally} at {square})", name=self.name, ally=occ.label, square=where)
            return "ok"
        if occ.helpless:
            return "ok"
        if occ.id in self.may_pass:  # a successful overrun or tumble (3.5 §5.4)
            return "ok"
        if self.mode == "incorporeal" and rules.incorporeal_passes_creatures and not occ.incorporeal:
            return "ok"
        if self.mode == "burrow" and rules.burrowing_passes_creatures:
            return "ok"
        if self.mode == "fly" and self.charging and rules.flying_passes_enemies_when_charging:
            return "ok"
        if rules.squeeze_through_opponent:
            return "squeeze"
        return _("an enemy ({enemy}) stands in {square}", enemy=occ.label, square=where)

    def can_end(self, anchor: XY, shape: tuple[int, int]):
        """None if the mover may stop here, else the reason (3.5 §5.3, §6.2; minis §8)."""
        key = (anchor, shape)
        if key in self._end_cache:
            return self._end_cache[key]
        reason = self._can_end(anchor, shape)
        self._end_cache[key] = reason
        return reason

    def _can_end(self, anchor: XY, shape: tuple[int, int]):
        placed = self.placement(anchor, shape)
        if placed[0] is not None:
            return placed[0]
        if placed[4]:
            return _("{name} can't end its move in an occupied square", name=self.name)
        grid, rules = self.grid, self.rules
        if shape != self.full and not rules.squeezed_may_end:
            return _("{name} must end its move where it fits without squeezing", name=self.name)
        squares = footprint(anchor, *shape)
        for sq in squares:
            for kind in grid.kinds_at(sq):
                if kind.impassable or kind.no_end:
                    if kind.name == "obstacle" and rules.obstacle_square_stoppable:
                        continue
                    if kind.name == "obstacle":
                        return _("{name} can't end its move on an obstacle ({square})", name=self.name, square=square_name(sq))
                    return _("{name} can't end its move on {terrain} ({square})", name=self.name,
                             terrain=kind_word(kind.name), square=square_name(sq))
        tiny_load = 0.0
        seen: set[str] = set()
        for sq in squares:
            for occ in self.occ.get(sq, ()):
                if occ.id in seen:
                    continue
                seen.add(occ.id)
                if occ.helpless and rules.end_on_helpless:
                    continue
                if self.tiny_shares and not occ.fills_space:
                    if occ.is_tiny:  # A18: only tiny creatures use up a square's room
                        tiny_load += 1 / occ.info.per_square
                    continue
                return _("{creature} is already in {square}", creature=occ.label, square=square_name(sq))
        if self.tiny_shares and tiny_load + 1 / self.mover.info.per_square > 1 + 1e-9:
            return _("{square} has no room left for another small creature", square=square_name(anchor))
        return None

    def static_step(self, frm: XY, frm_shape, to: XY, to_shape):
        """The part of a step's price that does not depend on the diagonal counter, cached.

        Returns a reason string, or (doublings, is_diagonal, surcharge, events).
        """
        key = (frm, frm_shape, to, to_shape)
        hit = self._step_cache.get(key)
        if hit is None:
            hit = self._static_step(frm, frm_shape, to, to_shape)
            self._step_cache[key] = hit
        return hit

    def _static_step(self, frm: XY, frm_shape, to: XY, to_shape):
        if self._memo1 is not None:
            return self._static_step1(frm, to)
        return self._static_step_block(frm, frm_shape, to, to_shape)

    def _static_step1(self, frm: XY, to: XY):
        """The one-square case: terrain facts from the per-map memo, creatures on top."""
        base = self._memo1.get((frm, to))
        if base is None:
            base = self._terrain_step1(frm, to)
            self._memo1[(frm, to)] = base
        if isinstance(base, str):
            return _named(base, self.name)
        k, diag, surcharge, difficult, events = base
        if to in self.occ:
            placed = self.placement(to, (1, 1))
            if placed[0] is not None:
                return placed[0]
            _r, k, difficult, occ_events, _sq = placed
            events = events + tuple(occ_events)
        elif self.mover.blind:
            k += 1
        if difficult and ((self.charging and not self.rules.charge_through_difficult)
                          or (self.running and not self.rules.run_through_difficult)):
            return _difficult(self.name, self.charging)
        cap = self.rules.max_doublings
        if cap is not None and k > cap:
            k = cap
        return (k, diag, surcharge, events)

    def _terrain_step1(self, frm: XY, to: XY):
        """(terrain doublings, diagonal, edge surcharge, difficult) or a reason; no creatures."""
        grid = self.grid
        if not grid.in_bounds(to):
            return _("{name} can't leave the map", name=_WHO)
        f = self.facts.get(to, _OPEN)
        if f.impassable:
            return _impassable(grid, to)
        k = f.slows
        if grid.clear_width:
            cw = grid.clear_width_at(to)
            need = self.mover.space_feet
            if cw is not None and cw < need:
                if cw * 2 < need and not self.mover.escape_artist:
                    return _("the gap at {square} is too narrow for {name} ({feet} ft; it needs Escape Artist)",
                             square=square_name(to), name=_WHO, feet=decimal(cw, "g"))
                k += 1
        diag = to[0] != frm[0] and to[1] != frm[1]
        crossing = self._crossing(frm, to, diag, _WHO)
        if isinstance(crossing, str):
            return crossing
        return (k, diag, crossing, f.difficult,
                tuple(MoveEvent(kind=kind, square=to) for kind in f.events))

    def _crossing(self, p: XY, q: XY, diag: bool, who: str) -> str | int:
        """What stands between neighbouring squares ``p`` and ``q``: the reason the step is
        illegal (a wall's corner or edge), else the surcharge for crossing a low wall (0 or 2)."""
        grid = self.grid
        if diag:
            vertex = (p[0] + (q[0] > p[0]), p[1] + (q[1] > p[1]))
            if not self.walls_pass:
                for side in ((q[0], p[1]), (p[0], q[1])):
                    if self.facts.get(side, _OPEN).corner:
                        if grid.is_wall(side):
                            return _("{name} can't cut the corner of the wall at {square}", name=who, square=square_name(side))
                        return _("{name} can't cut the corner of the obstacle at {square}", name=who, square=square_name(side))
                if vertex in self.wall_vertices:
                    return _("{name} can't cut the corner of the wall next to {square}", name=who, square=square_name(q))
            # A5: a diagonal past a low wall's end crosses it.
            return 2 if self.mode == "walk" and vertex in self.low_vertices else 0
        if grid.wall_edges and not self.walls_pass and edge_key(p, q) in grid.wall_edges:
            return _("a wall stands between {square} and {square2}", square=square_name(p), square2=square_name(q))
        return 2 if self.mode == "walk" and grid.obstacle_edges and edge_key(p, q) in grid.obstacle_edges else 0

    def _static_step_block(self, frm: XY, frm_shape, to: XY, to_shape):
        dx, dy = to[0] - frm[0], to[1] - frm[1]
        placed = self.placement(to, to_shape)
        if placed[0] is not None:
            return placed[0]
        _reason, k, difficult, events, _squeezed = placed
        if difficult and ((self.charging and not self.rules.charge_through_difficult)
                          or (self.running and not self.rules.run_through_difficult)):
            return _difficult(self.name, self.charging)
        diag = dx != 0 and dy != 0
        if frm_shape == (1, 1) and to_shape == (1, 1):
            pairs = ((frm, to),)
        else:
            new = set(footprint(to, *to_shape))
            pairs = tuple((p, (p[0] + dx, p[1] + dy)) for p in footprint(frm, *frm_shape)
                          if (p[0] + dx, p[1] + dy) in new)
        surcharge = 0
        for p, q in pairs:
            crossing = self._crossing(p, q, diag, self.name)
            if isinstance(crossing, str):
                return crossing
            surcharge = max(surcharge, crossing)  # a low wall costs +2 once per step
        cap = self.rules.max_doublings
        if cap is not None and k > cap:
            k = cap
        old_squares = set(footprint(frm, *frm_shape))
        entered: dict[str, XY] = {}
        for sq in footprint(to, *to_shape):
            if sq not in old_squares:
                for kind in self.facts.get(sq, _OPEN).events:
                    entered.setdefault(kind, sq)
        if entered:
            events = tuple(MoveEvent(kind=kind, square=sq) for kind, sq in entered.items()) + tuple(events)
        return (k, diag, surcharge, events)

    def step(self, frm: XY, frm_shape, to: XY, to_shape, diag_count: int):
        """Cost of one step. Returns (cost, new_diag_count, events) or a reason string."""
        st = self.static_step(frm, frm_shape, to, to_shape)
        if isinstance(st, str):
            return st
        k, diag, surcharge, events = st
        if k == 0:
            if diag:
                cost = 1 if diag_count % 2 == 0 else 2
                diag_count += 1
            else:
                cost = 1
        elif diag:
            cost = 3 << (k - 1)
            diag_count += self.rules.hampered_diagonal_counter_increment
        else:
            cost = 1 << k
        return (cost + surcharge, diag_count, events)


def _box_anchors(anchor: XY, shape: tuple[int, int], s: int):
    """The anchors of every full s-by-s block that contains the squeezed block at anchor."""
    w, h = shape
    for ox in range(0, s - w + 1):
        for oy in range(0, s - h + 1):
            yield (anchor[0] - ox, anchor[1] - oy)


def _boxes_around(anchor: XY, shape: tuple[int, int], s: int):
    """Every full s-by-s block that contains the squeezed block at anchor."""
    for box in _box_anchors(anchor, shape, s):
        yield footprint(box, s, s)


def _illegal(reason: str, code: str = "illegal-move") -> IllegalAction:
    """A refusal from a reason ("a wall stands between ..."): capitalised, with its full stop,
    in the reader's language."""
    return IllegalAction(code, _("{reason}.", reason=capitalised(reason)) if not str(reason).endswith(".")
                         else capitalised(reason))


def _impassable(grid, sq: XY) -> Text:
    """Why a square cannot be entered: a wall, or its impassable terrain (named as the map names it)."""
    if grid.is_wall(sq):
        return _("{square} is a wall", square=square_name(sq))
    return _("{square} is {terrain}", square=square_name(sq), terrain=kinds_said(grid.terrain_at(sq)))


def _difficult(name: str, charging: bool) -> Text:
    if charging:
        return _("{name} can't charge through difficult terrain", name=name)
    return _("{name} can't run through difficult terrain", name=name)


def _named(reason, name: str):
    """A reason cached for every mover of a map (its name ``_WHO``) said of this mover."""
    if isinstance(reason, Text) and reason.msgid is not None and _WHO in reason.params.values():
        params = {k: (name if v == _WHO else v) for k, v in reason.params.items() if not (k == "n" and reason.n is not None)}
        return Text._make(reason.msgid, reason.plural, reason.n, params, reason.area)
    return reason.replace(_WHO, name) if isinstance(reason, str) else reason


# --------------------------------------------------------------------------------------------
# Public API


def step_cost(grid: GridMap, mover: Body, frm: XY, to: XY, others: list[Body], state: PathState,
              rules: MoveRules | None = None, charging: bool = False, running: bool = False,
              may_pass: Iterable[str] = ()) -> tuple[int, PathState]:
    """The cost of one step of ``mover`` (its block at ``frm``) to the neighbouring ``to``.

    Raises :class:`IllegalAction` with the reason when the step is not allowed. The returned
    state has the diagonal counter advanced and the cost added to ``spent``.
    """
    rules = rules or MoveRules()
    if max(abs(to[0] - frm[0]), abs(to[1] - frm[1])) != 1:
        raise _illegal(_("{square} is not next to {square2}", square=square_name(to), square2=square_name(frm)), "not-adjacent")
    ctx = _Mover(grid, mover, others, rules, charging, running, may_pass)
    shape = mover.dims
    best = None
    first = None
    # A big creature may squeeze or unsqueeze as it steps: take the cheapest legal block.
    for sh in _shape_order(ctx, shape):
        out = ctx.step(frm, shape, to, sh, state.diag_count)
        if isinstance(out, str):
            first = out if sh == shape else (first or out)
            continue
        if best is None or out[0] < best[0]:
            best = out
    if best is None:
        raise _illegal(first or _("{name} can't step to {square}", name=mover.label, square=square_name(to)))
    cost, diag, _events = best
    return cost, PathState(diag_count=diag, spent=state.spent + cost)


def validate_path(grid: GridMap, mover: Body, squares: list[XY], others: list[Body],
                  state: PathState | None = None, rules: MoveRules | None = None,
                  budget: int | None = None, charging: bool = False, running: bool = False,
                  shapes: list[tuple[int, int]] | None = None, may_pass: Iterable[str] = ()) -> Path:
    """Check a path square by square (``squares`` excludes the start) and its end square.

    For a big creature the squares are the anchor (top-left square) after each step;
    ``shapes`` gives the block's (w, h) per step while it squeezes (default: automatic, the
    full block where it fits, else the cheapest squeezed block). ``may_pass`` names opponents
    the mover may pass this move (a successful overrun or tumble, 3.5 §5.4).
    """
    rules = rules or MoveRules()
    state = state or PathState()
    ctx = _Mover(grid, mover, others, rules, charging, running, may_pass)
    here, shape = mover.anchor, mover.dims
    diag = state.diag_count
    path = Path(diag_count_after=diag)
    total = 0
    for i, nxt in enumerate(squares):
        nxt = tuple(nxt)
        if max(abs(nxt[0] - here[0]), abs(nxt[1] - here[1])) != 1:
            raise _illegal(
                _("{square} is not next to {square2}: give the path one square at a time", square=square_name(nxt),
                  square2=square_name(here)),
                "not-adjacent")
        options = [shapes[i]] if shapes is not None else _shape_order(ctx, shape)
        best = None
        reasons: dict = {}
        for sh in options:
            out = ctx.step(here, shape, nxt, sh, diag)
            if isinstance(out, str):
                reasons[sh] = out
                continue
            # The last step must also be a legal place to stop.
            if i == len(squares) - 1 and ctx.can_end(nxt, sh) is not None:
                reasons[sh] = ctx.can_end(nxt, sh)
                continue
            if best is None or out[0] < best[0][0]:
                best = (out, sh)
        if best is None:
            # Explain with the block the mover has now: that is the move the player pictured.
            reason = reasons.get(shape) or next(iter(reasons.values()), None)
            raise _illegal(reason or _("{name} can't move to {square}", name=mover.label, square=square_name(nxt)))
        (cost, diag, events), shape = best
        total += cost
        path.squares.append(nxt)
        path.steps.append(cost)
        path.shapes.append(shape)
        path.events.extend(events)
        here = nxt
    if not squares:
        path.cost = 0
        return path
    if running and rules.run_straight_line:
        lane = set(_straight_lane(mover.anchor, path.squares[-1]))
        off = next((sq for sq in path.squares if sq not in lane), None)
        if off is not None:
            raise _illegal(_("a run goes in a straight line; {square} is off the line from {start} to {end}",
                             square=square_name(off), start=square_name(mover.anchor), end=square_name(path.squares[-1])),
                           "not-straight")
    path.cost = total
    path.diag_count_after = diag
    if budget is not None and total > budget:
        raise IllegalAction("too-far", ngettext("{creature} has {n} square of movement left; that path costs {cost}.",
                                                "{creature} has {n} squares of movement left; that path costs {cost}.",
                                                budget, creature=mover.label, cost=total))
    return path


def _shape_order(ctx: _Mover, current):
    # The full block first (cheapest, never squeezed), then the current squeezed block.
    order = [ctx.full]
    if current not in order:
        order.append(current)
    for sh in ctx.shapes:
        if sh not in order:
            order.append(sh)
    return order


def _search(ctx: _Mover, start: XY, start_shape, diag0: int, budget: int | None,
            goal: XY | None = None, need_end: bool = True, allowed: set | None = None,
            ties: dict | None = None, cut: list | None = None):
    """Dijkstra (A* toward ``goal``) over (anchor, block shape, diagonal parity).

    Returns (dist, parent, diag_of, goal_state). Deterministic: neighbours are visited in a
    fixed order and a state's cost is replaced only by a strictly cheaper one. The heuristic
    (open-ground cost from this parity) never overestimates: terrain only adds cost. With
    ``ties`` (and no ``goal``) every state gets the list of all states a cheapest step reaches
    it from, not only ``parent``'s one: the graph of every cheapest path. ``cut`` (a list) gets
    an entry when the budget pruned a step, so a failed search can tell "too far" from "no path".
    """
    start_state = (start, start_shape, diag0 % 2)
    dist = {start_state: 0}
    parent: dict = {start_state: None}
    diag_of = {start_state: diag0}
    gx, gy = goal if goal is not None else (0, 0)
    use_h = goal is not None
    heap = [(0, 0, 0, start_state)]
    seq = 0
    shapes = ctx.shapes
    static = ctx.static_step
    # A one-square mover's steps come straight from the map's memo (see _Mover._memo1): a
    # search seldom asks for a step twice, so the per-search cache in between only costs.
    one_square = ctx._memo1 is not None
    static1 = ctx._static_step1
    inc = ctx.rules.hampered_diagonal_counter_increment
    closed = set()
    push, pop = heapq.heappush, heapq.heappop
    while heap:
        _, g, _, node = pop(heap)
        if node in closed:
            continue
        closed.add(node)
        here, shape, _par = node
        if use_h and here == goal and (not need_end or ctx.can_end(here, shape) is None):
            return dist, parent, diag_of, node
        dcount = diag_of[node]
        hx, hy = here
        for dx, dy in DIRECTIONS:
            nxt = (hx + dx, hy + dy)
            if allowed is not None and nxt not in allowed:
                continue
            for sh in shapes:
                st = static1(here, nxt) if one_square else static(here, shape, nxt, sh)
                if isinstance(st, str):
                    continue
                k, diag, surcharge, _ev = st
                if k == 0:
                    if diag:
                        cost = 1 if dcount % 2 == 0 else 2
                        ndiag = dcount + 1
                    else:
                        cost, ndiag = 1, dcount
                elif diag:
                    cost, ndiag = 3 << (k - 1), dcount + inc
                else:
                    cost, ndiag = 1 << k, dcount
                ng = g + cost + surcharge
                if budget is not None and ng > budget:
                    if cut is not None and not cut:
                        cut.append(nxt)
                    continue
                state = (nxt, sh, ndiag % 2)
                old = dist.get(state)
                if ties is not None and old == ng:
                    ties[state].append(node)
                if old is None or ng < old:
                    if ties is not None:
                        ties[state] = [node]
                    dist[state] = ng
                    parent[state] = node
                    diag_of[state] = ndiag
                    seq += 1
                    if use_h:
                        ax, ay = abs(gx - nxt[0]), abs(gy - nxt[1])
                        f = ng + (ax + (ay + ndiag % 2) // 2 if ax >= ay else ay + (ax + ndiag % 2) // 2)
                    else:
                        f = ng
                    push(heap, (f, ng, seq, state))
    return dist, parent, diag_of, None


def _straight_lane(a: XY, b: XY) -> list[XY]:
    """Squares a straight run from ``a`` to ``b`` may use: those the centre line crosses."""
    from engine.grid.sight import line_squares

    return line_squares(a, b)


def _unwind(parent, node):
    chain = []
    while node is not None:
        chain.append(node)
        node = parent[node]
    chain.reverse()
    return chain


def refusal_search_bound(budget: int) -> int:
    """How far a refused move's cost is looked for: twice the movement left, at least 12 more.

    >>> refusal_search_bound(6), refusal_search_bound(20)
    (18, 40)
    """
    return max(2 * budget, budget + 12)


def shortest_path(grid: GridMap, mover: Body, dest: XY, others: list[Body],
                  state: PathState | None = None, rules: MoveRules | None = None,
                  budget: int | None = None, charging: bool = False, running: bool = False,
                  may_pass: Iterable[str] = ()) -> Path:
    """The cheapest legal path for ``mover`` to stop with its anchor on ``dest``.

    Raises ``IllegalAction("too-far", "Reaching F9 costs 8 squares; Orc Mauler has 6 left.")``
    when the cheapest path is over ``budget`` ("costs more than 18 squares" past
    :func:`refusal_search_bound`, walled-off squares included), and ``IllegalAction("no-path", ...)`` when there
    is none.
    """
    rules = rules or MoveRules()
    state = state or PathState()
    dest = tuple(dest)
    ctx = _Mover(grid, mover, others, rules, charging, running, may_pass)
    start = mover.anchor
    name = square_name(dest) if grid.in_bounds(dest) else str(dest)
    if dest == start:
        return Path(diag_count_after=state.diag_count)
    end_reasons = [ctx.can_end(dest, sh) for sh in ctx.shapes]
    if all(r is not None for r in end_reasons):
        # Prefer the reason of a block that fits there (e.g. "must end without squeezing").
        fitting = [r for sh, r in zip(ctx.shapes, end_reasons) if ctx.placement(dest, sh)[0] is None]
        reason = (fitting or end_reasons)[0]
        raise _illegal(_("{creature} can't stop on {square}: {reason}", creature=mover.label, square=name, reason=reason),
                       "bad-destination")
    lane = set(_straight_lane(start, dest)) if running and rules.run_straight_line else None
    cut: list = []
    dist, parent, diag_of, found = _search(ctx, start, mover.dims, state.diag_count, budget, dest,
                                           allowed=lane, cut=cut)
    if found is None and budget is not None and cut:
        # Only to tell the player the cost: searched within a bound, since a square far away
        # (or walled off) would otherwise cost a search of the whole map.
        bound = refusal_search_bound(budget)
        cut_again: list = []
        dist2, _p, _d, found2 = _search(ctx, start, mover.dims, state.diag_count, bound, dest,
                                        allowed=lane, cut=cut_again)
        if found2 is not None:
            raise IllegalAction("too-far", _("Reaching {square} costs {cost} squares; {creature} has {left} left.",
                                             square=name, cost=dist2[found2], creature=mover.label, left=budget))
        if not cut_again:  # the whole reachable map was searched: there is no way at all
            raise IllegalAction("no-path", _("{creature} has no legal path to {square}.", creature=mover.label,
                                             square=name))
        raise IllegalAction("too-far", _("Reaching {square} costs more than {bound} squares, if it can be reached at "
                                         "all; {creature} has {left} left.", square=name, bound=bound,
                                         creature=mover.label, left=budget))
    if found is None:
        raise IllegalAction("no-path", _("{creature} has no legal path to {square}.", creature=mover.label, square=name))
    return _path_from(ctx, _unwind(parent, found), dist, diag_of)


def shortest_paths(grid: GridMap, mover: Body, dest: XY, others: list[Body],
                   state: PathState | None = None, rules: MoveRules | None = None,
                   limit: int = 24) -> list[Path]:
    """Every cheapest legal path to stop on ``dest`` (up to ``limit``), in a fixed order; the
    first is the one :func:`shortest_path` gives. For rules that let a player pick among
    equally quick routes (a rout move, minis §15.3). Empty when there is no path.

    >>> from engine.grid import Body, GridMap
    >>> open_ground = GridMap.from_text_grid("...\\n...\\n...")
    >>> paths = shortest_paths(open_ground, Body(id="m", side="A", anchor=(0, 0)), (2, 1), [])
    >>> [[square_name(s) for s in p.squares] for p in paths]
    [['B1', 'C2'], ['B2', 'C2']]
    """
    rules = rules or MoveRules()
    state = state or PathState()
    dest = tuple(dest)
    ctx = _Mover(grid, mover, others, rules, False, False)
    try:
        first = shortest_path(grid, mover, dest, others, state, rules)
    except IllegalAction:
        return []
    if not first.squares:
        return [first]
    best = first.cost
    ties: dict = {}
    dist, _parent, diag_of, _found = _search(ctx, mover.anchor, mover.dims, state.diag_count, best, ties=ties)
    goals = [node for node, d in dist.items() if node[0] == dest and d == best and ctx.can_end(dest, node[1]) is None]
    # Walking back from the goal over cheapest steps marks every state on some cheapest path,
    # so the enumeration below never wanders into dead ends.
    onward_steps: dict = {}
    on_a_path, frontier = set(goals), list(goals)
    while frontier:
        child = frontier.pop()
        for parent_node in ties.get(child, ()):
            onward_steps.setdefault(parent_node, []).append(child)
            if parent_node not in on_a_path:
                on_a_path.add(parent_node)
                frontier.append(parent_node)
    found: list[list] = []

    def onward(node, chain) -> None:
        if len(found) >= limit:
            return
        if node in goals:
            found.append(list(chain))
            return
        for child in sorted(onward_steps.get(node, ()), key=lambda n: (n[0][1], n[0][0], n[1], n[2])):
            chain.append(child)
            onward(child, chain)
            chain.pop()

    start = (mover.anchor, mover.dims, state.diag_count % 2)
    if start in on_a_path:
        onward(start, [start])
    others_found = [p for p in (_path_from(ctx, chain, dist, diag_of) for chain in found) if p.squares != first.squares]
    return [first, *others_found][:max(limit, 1)]  # the engine's own pick first


def _path_from(ctx: _Mover, chain, dist, diag_of) -> Path:
    """The Path along a chain of search states (the costs are the search's own)."""
    path = Path(diag_count_after=diag_of[chain[-1]], cost=dist[chain[-1]])
    for prev, node in zip(chain, chain[1:]):
        path.squares.append(node[0])
        path.shapes.append(node[1])
        path.steps.append(dist[node] - dist[prev])
        st = ctx.static_step(prev[0], prev[1], node[0], node[1])
        path.events.extend(st[3])
    return path


def reachable(grid: GridMap, mover: Body, others: list[Body], state: PathState | None = None,
              rules: MoveRules | None = None, budget: int = 0, charging: bool = False,
              running: bool = False, may_pass: Iterable[str] = ()) -> dict[XY, int]:
    """Every square the mover's anchor can stop on within ``budget``, with its cheapest cost."""
    rules = rules or MoveRules()
    state = state or PathState()
    ctx = _Mover(grid, mover, others, rules, charging, running, may_pass)
    dist, _parent, _diag, _found = _search(ctx, mover.anchor, mover.dims, state.diag_count, budget)
    out: dict[XY, int] = {}
    for (xy, shape, _par), cost in dist.items():
        if xy == mover.anchor:
            # Stepping out and back reaches the start at a cost, but a move that ends where it
            # began is no move: /move refuses it, so it is never offered.
            continue
        if ctx.can_end(xy, shape) is not None:
            continue
        if xy not in out or cost < out[xy]:
            out[xy] = cost
    return dict(sorted(out.items(), key=lambda kv: (kv[0][1], kv[0][0])))


def can_end_at(grid: GridMap, mover: Body, anchor: XY, others: list[Body],
               rules: MoveRules | None = None, shape: tuple[int, int] | None = None) -> str | None:
    """None when ``mover`` may stop with its anchor on ``anchor``, else the reason."""
    ctx = _Mover(grid, mover, others, rules or MoveRules(), False, False)
    return ctx.can_end(tuple(anchor), shape or ctx.full)


def walking_distance(grid: GridMap, a, b, within: int | None = None) -> int | None:
    """Squares from space ``a`` to space ``b`` counted around walls (minis §8.6, Skirmish §10.2:
    command range, auras): no entering solid squares, no cutting wall corners or crossing wall
    edges; creatures, terrain costs and pits are ignored. ``a``/``b`` are Bodies, squares or
    lists of squares. None when walled off (or farther than ``within``, if given).

    >>> walking_distance(GridMap(width=5, height=3, walls=[(2, 0), (2, 1)]), (0, 0), (4, 0))
    7
    """
    from engine.grid.body import squares_of

    starts, goals = squares_of(a), set(squares_of(b))
    if goals & set(starts):
        return 0
    solid = grid._solid
    wall_edges = grid.wall_edges
    wall_vertices = grid.edge_vertices[0]
    dist: dict = {}
    heap = []
    for sq in starts:
        dist[(sq, 0)] = 0
        heap.append((0, sq, 0))
    heapq.heapify(heap)
    while heap:
        g, here, par = heapq.heappop(heap)
        if dist.get((here, par), 1 << 30) < g:
            continue
        if here in goals:
            return g
        for dx, dy in DIRECTIONS:
            nxt = (here[0] + dx, here[1] + dy)
            if not grid.in_bounds(nxt) or nxt in solid:
                continue
            if dx and dy:
                if (nxt[0], here[1]) in solid or (here[0], nxt[1]) in solid:
                    continue
                if (here[0] + (dx > 0), here[1] + (dy > 0)) in wall_vertices:
                    continue
                cost, npar = (1, 1) if par == 0 else (2, 0)
            else:
                if wall_edges and edge_key(here, nxt) in wall_edges:
                    continue
                cost, npar = 1, par
            ng = g + cost
            if within is not None and ng > within:
                continue
            if ng < dist.get((nxt, npar), 1 << 30):
                dist[(nxt, npar)] = ng
                heapq.heappush(heap, (ng, nxt, npar))
    return None


def teleport_destinations(grid: GridMap, mover: Body, others: list[Body],
                          rules: MoveRules | None = None, kind: str = "teleporter") -> list[XY]:
    """Teleporter squares ``mover`` may continue from (minis §18.10): every other teleporter
    square where its space fits unoccupied (Flight and Incorporeal don't help)."""
    rules = rules or MoveRules()
    here = set(mover.squares)
    walker = mover.model_copy(update={"flying": False, "incorporeal": False, "burrowing": False})
    out = []
    for sq in sorted(grid.terrain.get(kind, []), key=lambda s: (s[1], s[0])):
        if sq in here:
            continue
        if can_end_at(grid, walker, sq, others, rules) is None:
            out.append(sq)
    return out


def forced_move(grid: GridMap, body: Body, squares: list[XY], others: list[Body], *,
                kind: str = "slide", source=None) -> list[XY]:
    """Check a push, pull or slide (Skirmish §10.6, minis glossary) square by square.

    The moved creature may not enter or cross other creatures, statues or walls (nor cut a
    wall's corner); each push step must take it farther from ``source`` (a Body or squares),
    each pull step nearer. Pits and hazards are allowed: the ruleset resolves what happens
    there. Forced movement never provokes. Returns the squares (anchors) it passes.
    """
    from engine.grid.body import squares_of

    if kind not in ("push", "pull", "slide"):
        raise _illegal(_("forced movement is a push, pull or slide, not '{kind}'", kind=kind), "bad-forced-move")
    if kind != "slide" and source is None:
        raise _illegal(_("a push needs the creature it moves away from") if kind == "push"
                       else _("a pull needs the creature it moves toward"), "bad-forced-move")
    src = squares_of(source) if source is not None else []
    occupied = {sq: o for o in others if o.id != body.id for sq in o.squares}
    here = body.anchor
    w, h = body.dims
    out = []
    for nxt in squares:
        nxt = tuple(nxt)
        dx, dy = nxt[0] - here[0], nxt[1] - here[1]
        if max(abs(dx), abs(dy)) != 1:
            raise _illegal(_("{square} is not next to {square2}", square=square_name(nxt), square2=square_name(here)), "not-adjacent")
        new = footprint(nxt, w, h)
        for sq in new:
            if not grid.in_bounds(sq) or grid.is_wall(sq):
                raise _illegal(_("{creature} can't be moved into {square}: it is a wall or the map edge", creature=body.label,
                                 square=square_name(sq)), "blocked")
            if "statue" in grid.terrain_at(sq):
                raise _illegal(_("{creature} can't be moved through the statue at {square}", creature=body.label,
                                 square=square_name(sq)), "blocked")
            if sq in occupied:
                raise _illegal(_("{creature} can't be moved through {other} at {square}", creature=body.label,
                                 other=occupied[sq].label, square=square_name(sq)), "blocked")
        for p in footprint(here, w, h):
            q = (p[0] + dx, p[1] + dy)
            if dx and dy:
                if grid.is_wall((q[0], p[1])) or grid.is_wall((p[0], q[1])) or \
                        (p[0] + (dx > 0), p[1] + (dy > 0)) in grid.edge_vertices[0]:
                    raise _illegal(_("{creature} can't be moved past the wall's corner", creature=body.label), "blocked")
            elif grid.edge_wall(p, q):
                raise _illegal(_("a wall stands between {square} and {square2}", square=square_name(p), square2=square_name(q)),
                               "blocked")
        if kind != "slide":
            before = min(distance(p, q) for p in footprint(here, w, h) for q in src)
            after = min(distance(p, q) for p in new for q in src)
            if kind == "push" and after <= before:
                raise _illegal(_("each square of a push must take {creature} farther away ({square} doesn't)",
                                 creature=body.label, square=square_name(nxt)), "bad-forced-move")
            if kind == "pull" and after >= before:
                raise _illegal(_("each square of a pull must bring {creature} closer ({square} doesn't)",
                                 creature=body.label, square=square_name(nxt)), "bad-forced-move")
        out.append(nxt)
        here = nxt
    return out


# --------------------------------------------------------------------------------------------
# Special movement: the 5-foot step, minimum movement, snapping back, provoking.


def five_foot_step(grid: GridMap, mover: Body, to: XY, others: list[Body],
                   rules: MoveRules | None = None, *, speed: int | None = None,
                   moved_this_round: bool = False, stepped_this_round: bool = False) -> Path:
    """A 5-foot step (3.5 §2.5): exactly one square, never past a corner, no AoO from reach.

    The [EXT] restrictions are MoveRules options: once per round, not in a round with other
    movement, not into hampered squares, not at a speed of 1 square (5 ft) or less.
    """
    rules = rules or MoveRules()
    to = tuple(to)
    if rules.five_foot_step_once_per_round and stepped_this_round:
        raise _illegal(_("{creature} has already taken a 5-foot step this round", creature=mover.label), "five-foot-step")
    if rules.five_foot_step_not_with_other_movement and moved_this_round:
        raise _illegal(_("{creature} has already moved this round, so it can't take a 5-foot step", creature=mover.label),
                       "five-foot-step")
    if speed is not None and speed < rules.five_foot_step_min_speed:
        raise _illegal(_("{creature} is too slow (speed {speed}) to take a 5-foot step", creature=mover.label, speed=speed),
                       "five-foot-step")
    frm = mover.anchor
    if max(abs(to[0] - frm[0]), abs(to[1] - frm[1])) != 1:
        raise _illegal(_("a 5-foot step moves exactly one square; {square} is not next to {square2}", square=square_name(to),
                         square2=square_name(frm)), "five-foot-step")
    path = validate_path(grid, mover, [to], others, PathState(), rules, None)
    if path.cost > 1:
        if rules.five_foot_step_not_hampered:
            raise _illegal(_("{creature} can't take a 5-foot step into hampered ground ({square} costs {cost})",
                             creature=mover.label, square=square_name(to), cost=path.cost), "five-foot-step")
        path = path.model_copy(update={"cost": 1, "steps": [1]})
    return path


def minimum_move(grid: GridMap, mover: Body, to: XY, others: list[Body],
                 rules: MoveRules | None = None, *, speed: int | None = None) -> Path:
    """Minimum movement (3.5 §9.2, minis WE-12): a full-round action to move one square in any
    direction, whatever it costs. Corners, occupancy and impassable squares still apply [DER]
    A16; it provokes normally and is not a 5-foot step. The returned path costs 1."""
    rules = rules or MoveRules()
    to = tuple(to)
    frm = mover.anchor
    if max(abs(to[0] - frm[0]), abs(to[1] - frm[1])) != 1:
        raise _illegal(_("minimum movement is one square; {square} is not next to {square2}", square=square_name(to),
                         square2=square_name(frm)), "not-adjacent")
    if rules.minimum_move_only_when_needed and speed is not None:
        options = reachable(grid, mover, others, PathState(), rules, speed)
        if any(max(abs(x - frm[0]), abs(y - frm[1])) == 1 for x, y in options):
            raise _illegal(_("{creature} can still move normally, so it can't use minimum movement", creature=mover.label),
                           "minimum-move")
    path = validate_path(grid, mover, [to], others, PathState(), rules, None)
    return path.model_copy(update={"cost": 1, "steps": [1]})


def snap_back(grid: GridMap, mover: Body, stopped_at: XY, last_legal: XY | None, others: list[Body],
              rules: MoveRules | None = None, rng=None, max_radius: int = 12) -> "Nearest":
    """Where a creature goes when its move ends somewhere it may not stop (3.5 §9.1, minis §8.4).

    3.5 default (A22): the last legal position, unless a legal position is strictly closer to
    the illegal stopping square; then the closest (ties by a die from ``rng``). With
    ``rules.snap_to_nearest_when_closer`` off it is always the last legal position if it is
    still legal. Returns a :class:`engine.grid.sight.Nearest` whose ``choice`` is the anchor
    (None with ``tied`` filled when several tie and no ``rng`` is given: the player picks).
    """
    from engine.grid.sight import Nearest, nearest

    rules = rules or MoveRules()
    ctx = _Mover(grid, mover, others, rules, False, False)
    stopped_at = tuple(stopped_at)
    last_legal = tuple(last_legal) if last_legal is not None else None
    last_ok = last_legal is not None and ctx.can_end(last_legal, ctx.full) is None
    d_last = distance(stopped_at, last_legal) if last_ok else None
    if last_ok and not rules.snap_to_nearest_when_closer:
        return Nearest(choice=last_legal, distance=d_last, tied=[last_legal])
    found: list[XY] = []
    best = None
    for radius in range(0, max_radius + 1):
        ring = [
            (x, y)
            for y in range(stopped_at[1] - radius - radius // 2 - 1, stopped_at[1] + radius + radius // 2 + 2)
            for x in range(stopped_at[0] - radius - radius // 2 - 1, stopped_at[0] + radius + radius // 2 + 2)
            if distance((x, y), stopped_at) == radius
        ]
        found = [sq for sq in ring if ctx.can_end(sq, ctx.full) is None]
        if found:
            best = radius
            break
    if last_ok and (best is None or best >= d_last):
        return Nearest(choice=last_legal, distance=d_last, tied=[last_legal])
    if best is None:
        return Nearest(choice=None, distance=None, tied=[])
    return nearest(stopped_at, found, rng, purpose=_("nearest legal square"))


def provocations(grid: GridMap, mover: Body, squares: list[XY], others: list[Body], *,
                 five_foot_step: bool = False, threat=None) -> list[MoveEvent]:
    """Attack-of-opportunity triggers along a path (3.5 §10.3 [EXT] A17; minis §12.3): one
    event each time the mover leaves a square an enemy threatens. The ruleset applies limits
    (one per threatener per turn), cover and sight exemptions.

    ``threat(body) -> set of squares`` overrides what a creature threatens (default: its
    natural reach, :func:`engine.grid.sight.threatened_squares`). A 5-foot step provokes none.
    """
    from engine.grid.sight import threatened_squares

    if five_foot_step:
        return []
    enemies = [o for o in others if o.id != mover.id and o.side != mover.side]
    zones = {e.id: (threat(e) if threat else threatened_squares(grid, e)) for e in enemies}
    events: list[MoveEvent] = []
    here = mover.anchor
    shape = mover.dims
    for nxt in squares:
        left = footprint(here, *shape)
        for e in enemies:
            zone = zones[e.id]
            hit = next((sq for sq in left if sq in zone), None)
            if hit is not None:
                events.append(MoveEvent(kind="leaves-threat", square=here, by=e.id))
        here = tuple(nxt)
    return events
