""""Show my moves" in the charge step lists the charges /charge accepts (issue #10): it asks the
declaration's own questions (charges.declaration, through ruleset.charge_declaration), so what the
declaration refuses (a fleeing, engaged or Stupid charger, §8.2) is not listed and what it accepts
(a Blocked Path charge, §8.6; a character charging out of its unit, §16.4) is. It asks them more
cheaply: the solver only whether a placement exists (the first one found ends the search,
``first``), a charge path only whether it exists, not which unit it would first cross (``named``
False), and the room once, with the Blocked Path's screen left out (leaving units out never takes
room away); the cheap test that a base goes into the target settles most of the solver's "would it
first touch there" questions. None of that may change what is listed: here the listing of crowded
positions is checked against the declaration's questions asked of the old solver, kept below as
the oracle for the room question (every placement and every path worked out, each path naming what
it crosses, the room and then the Blocked Path's room asked), each shortcut against the full
computation it replaces, and the listing along a whole battle against what /charge accepts."""

from __future__ import annotations

import math
import re
import random

import numpy as np
import pytest

from engine.rulesets.ninth_age import charges
from engine.core import IllegalAction
from engine.rulesets.ninth_age.actions import Charge
from engine.rulesets.ninth_age.ruleset import charge_declaration
from engine.rulesets.ninth_age.neighbours import engaged, surroundings
from engine.rulesets.ninth_age.state import laid_out
import engine.table.charge as flush
import engine.table.charge_path as cp
from engine.table.charge_path import _into, _probes, charge_path
from engine.table.footprint import Formation, Pose, footprint
from engine.table.motion import clearance_problem

from game_helpers import RULESET, deploy_all, new_battle


# -- the oracle: the listing as it was, every placement and path worked out -------------------------
# engine.table.charge_path._search as it was before the shortcuts (every candidate swept in full
# until an obstacle is named, no probes): patched in while the oracle lists
def _old_search(start, end, target, obstacles, max_wheel, *_ignored):
    """(As it was: each candidate in turn, swept, the first obstacle crossed named.)"""
    first_hit = None
    hull = start.shape.convex_hull
    w, d = start.half_width, start.half_depth
    tshape = target.shape
    tbox = tshape.bounds
    boxes = [(k, o, o.bounds) for k, o in obstacles.items()]
    swept_count = 0
    f0 = np.array(cp.direction(start.bearing))
    for a, wheel, b, align, u in cp._candidates(start, end, target, max_wheel):
        if a < -1e-6 or b < -1e-6 or abs(u) > w + 1e-6:
            continue
        if swept_count >= cp.MAX_SWEPT:
            break
        a, b = max(a, 0.0), max(b, 0.0)
        fw = np.array(cp.direction(start.bearing + wheel))
        # where the centre goes (no ground swept yet): does it first touch the target there? (the
        # centres drawn are listed only for a candidate that does)
        centre = np.array(start.centre)
        corner = None
        if a > 1e-9:
            centre = centre + a * f0
        forward_end = centre
        if abs(wheel) > 1e-9:
            corner = np.array(start.world((w if wheel > 0 else -w, d))) + a * f0
            n = max(1, math.ceil(abs(wheel) / 15.0))  # as the last of cp._centres_turning
            centre = np.array(cp._turned(tuple(forward_end), tuple(corner), wheel * n / n))
        if b > 1e-9:
            centre = centre + b * fw
        contact = None
        if abs(align) > 1e-9:
            at, facing = (float(centre[0]), float(centre[1])), (start.bearing + wheel) % 360
            contact = cp.to_world(at, facing, (u, d))
            if contact[0] < tbox[0] - cp.TOUCH or contact[0] > tbox[2] + cp.TOUCH or contact[1] < tbox[1] - cp.TOUCH \
                    or contact[1] > tbox[3] + cp.TOUCH:
                continue  # farther from the target's bounds than cp.TOUCH: not on it
            if cp.ShapelyPoint(contact).distance(tshape) > cp.TOUCH or cp._into(start, hull, at, facing, tshape, tbox):
                continue  # it would not first touch the target there
        centres = [start.centre]
        if a > 1e-9:
            centres.append(tuple(forward_end))
        if corner is not None:
            centres += cp._centres_turning(tuple(forward_end), tuple(corner), wheel)
        if b > 1e-9:
            centres.append(tuple(centre))
        if contact is not None:
            centres += cp._centres_turning(tuple(centre), contact, align)
        centres[-1] = end.centre
        swept_count += 1
        # the parts in order; once an obstacle has been named, a part that alone goes into one
        # (a slide, or a position a turn passes through) passes the path over before the rest is built
        stages = ([("slide", a * f0)] if a > 1e-9 else []) + ([("turn", tuple(corner), wheel)] if corner is not None else []) \
            + ([("slide", b * fw)] if b > 1e-9 else []) + ([("turn", contact, align)] if contact is not None else [])
        parts = []
        shape = hull
        crossed = False
        for stage in stages:
            part, shape = cp._slide_part(shape, stage[1]) if stage[0] == "slide" else cp._turn_part(shape, stage[1], stage[2])
            parts.append(part)
            if first_hit is not None and any(part.surely_into(o, box, cp.INTO_OTHER) for _k, o, box in boxes):
                crossed = True
                break
        if crossed:
            continue
        if not parts:
            parts_or_hull = [cp._Part(hull, exact=hull)]
        else:
            parts_or_hull = parts
        # an obstacle crossed or the target gone through: either passes it over; which is
        # looked at first matters only for naming the first obstacle crossed
        if first_hit is not None and any(cp._shares(parts_or_hull, o, box, cp.INTO_OTHER) for _k, o, box in boxes):
            continue
        if cp._shares(parts_or_hull, tshape, tbox, cp.INTO_TARGET):
            continue  # through the target, not into contact with it
        hit = next((k for k, o, box in boxes if cp._shares(parts_or_hull, o, box, cp.INTO_OTHER)), None)
        if hit is not None:
            if first_hit is None:
                first_hit = hit
            continue
        return cp.ChargePath(a, wheel, b, align, contact, tuple(parts), centres, start.width, hull), None
    return None, first_hit



def _old_aligned(state, charger, target, side, *, blocked=None, ignore=frozenset(), first=False):
    """charges.aligned_placements before the shortcuts: the whole list (``first`` is not
    heeded), each path named (a ``blocked`` list asks charge_path for what each path crosses)."""
    blocked = [] if blocked is None else blocked
    context = charges._around(state, charger, target, ignore)
    poses = charges.placements(state, charger, target, side, blocked=blocked, ignore=ignore, around=context)
    if poses or side is None or engaged(state, target):
        return poses, 0.0
    open_ground = ({}, None, None if context[2] is None else {})
    if not charges.placements(state, charger, target, side, blocked=[], around=open_ground):
        return [], 0.0
    tfp = target.footprint()
    from engine.table.charge import side_frame
    from engine.table.frame import to_world

    mid = side_frame(tfp, side)[0]
    around = surroundings(state, {target.id, charger.id} | set(ignore))
    for k in range(1, int(charges.ALIGN_MAX / charges.ALIGN_STEP) + 1):
        for sign in (1, -1):
            bearing = tfp.bearing + sign * k * charges.ALIGN_STEP
            local_mid = tfp.local(mid)
            cx, cy = to_world(mid, bearing, (-local_mid[0], -local_mid[1]))
            rotated = laid_out(target.formation, Pose(x=cx, y=cy, bearing=bearing % 360))
            if clearance_problem(rotated, around, 0.0, during=False):
                continue
            poses = charges.placements(state, charger, target, side, tfp=rotated, blocked=blocked, ignore=ignore,
                                       around=context)
            if poses:
                return poses, sign * k * charges.ALIGN_STEP
    return [], 0.0


def _old_declared(state, charger, target) -> bool:
    """Whether /charge accepts the charge, its room (and a Blocked Path's, §8.6) asked of the old
    solver: the declaration's own questions (ruleset.charge_declaration), every placement and
    path worked out and named."""
    try:
        charge_declaration(state, charger, target)
    except IllegalAction:
        return False
    return True


def _old_listing(state, seat, monkeypatch) -> set[tuple[str, str]]:
    with monkeypatch.context() as m:
        m.setattr(cp, "_search", _old_search)
        m.setattr(cp, "_cache", type(cp._cache)())  # nothing the new search found is given back
        m.setattr(flush, "_cache", type(flush._cache)())
        m.setattr(charges, "aligned_placements", _old_aligned)
        return {(u.id, t.id) for u in state.on_table(seat) for t in state.on_table(state.enemy_of(seat))
                if _old_declared(state, u, t)}


def _listing(state, seat) -> set[tuple[str, str]]:
    return {(a.unit, a.target) for a in RULESET.legal_actions(state, seat) if isinstance(a, Charge)}


# -- crowded positions ------------------------------------------------------------------------------
_DEPLOYED = {}


def _crowded(seed: int, keep: int = 6):
    """Both sample armies deployed (seed 3), the north one brought 28-36" closer, then for this
    ``seed`` ``keep`` of the units of each side nearest the middle left on the table, each nudged up to 2" and turned up to
    40° (a move that would put it into another unit is not made): a Movement phase's charge step."""
    if not _DEPLOYED:
        _DEPLOYED["state"] = deploy_all(new_battle(3))
    state = _DEPLOYED["state"].model_copy(deep=True)
    rng = random.Random(seed)
    south = "p1" if state.sides["p1"] == "south" else "p2"
    north = state.enemy_of(south)
    closer = rng.uniform(28, 36)
    for u in state.on_table(north):
        u.pose = u.pose.moved(u.pose.x, u.pose.y - closer)
    for seat in (south, north):
        units = sorted((u for u in state.on_table(seat) if not u.host), key=lambda u: abs(u.pose.y - 24))[:keep + 3]
        rng.shuffle(units)  # of the units nearest the middle of the table
        for u in [u for u in state.on_table(seat) if not u.host and u not in units[:keep]]:
            for c in [u, *(x for x in state.units.values() if x.host == u.id)]:
                c.location, c.pose = "reserve", None
    for u in [u for u in state.on_table() if not u.host]:
        before = u.pose
        u.pose = before.moved(before.x + rng.uniform(-2, 2), before.y + rng.uniform(-2, 2),
                              before.bearing + rng.uniform(-40, 40))
        shape = u.footprint().shape
        if any(o.id != u.id and not o.host and o.footprint().shape.distance(shape) < 1.0 for o in state.on_table()) \
                or not state.table.fully_on(shape):
            u.pose = before
    seat = south if seed % 2 else north
    state.phase, state.step, state.active, state.charges = "movement", "charges", seat, []
    return state, seat


@pytest.mark.parametrize("seed", [3, 4])
def test_the_charges_listed_are_those_the_full_solver_finds(seed, monkeypatch):
    state, seat = _crowded(seed)
    listed = _listing(state, seat)
    assert listed == _old_listing(state, seat, monkeypatch)
    # positions where charges are listed (the next test's has some in reach with no room)
    near = {(u.id, t.id) for u in state.on_table(seat) for t in state.on_table(state.enemy_of(seat))
            if charges.gap(state, u, t) <= charges.charge_movement(state, u)[0] + charges.MAX_DICE}
    assert listed and listed <= near, (listed, near)


def test_the_first_placement_is_found_exactly_when_the_list_has_one():
    """placements(first=True) and aligned_placements(first=True) are empty exactly when the whole
    lists are, and a refusal names the same units in the way (the declaration's message)."""
    state, seat = _crowded(6)
    pairs = [(u, t) for u in state.on_table(seat) for t in state.on_table(state.enemy_of(seat))
             if not t.fleeing and charges.gap(state, u, t) <= charges.charge_movement(state, u)[0] + charges.MAX_DICE]
    assert pairs
    outcomes = set()
    for u, t in pairs:
        side = charges.contact_side(u, t)
        full_blocked, first_blocked = [], []
        full = charges.aligned_placements(state, u, t, side, blocked=full_blocked)[0]
        first = charges.aligned_placements(state, u, t, side, blocked=first_blocked, first=True)[0]
        assert bool(full) == bool(first)
        if full:
            assert len(first) == 1 and first[0].footprint.pose in [p.footprint.pose for p in full]
        else:
            assert first_blocked == full_blocked
        outcomes.add(bool(full))
    assert outcomes == {True, False}


BLOCK = Formation(base_width_mm=25.4, base_depth_mm=25.4, files=5, models=10)
RAGGED = Formation(base_width_mm=25.4, base_depth_mm=25.4, files=4, models=7)  # an incomplete last rank


@pytest.mark.parametrize("formation", [BLOCK, RAGGED])
def test_the_cheap_into_test_answers_as_the_measured_shapes(formation):
    """_into's probes (a base's middle deep inside a full block of the target) answer True only
    where measuring the shapes does; over positions all about the target, both answers arise."""
    rng = random.Random(7)
    start = footprint(formation, Pose(x=30, y=10, bearing=0))
    target = footprint(formation, Pose(x=30, y=20, bearing=180))
    hull, tshape = start.shape.convex_hull, target.shape
    full_block = abs(tshape.area - target.rect.area) < 1e-9
    probe = cp._Probe(_probes(start), target if full_block else None)
    seen = set()
    for _ in range(400):
        centre = (30 + rng.uniform(-6, 6), 20 + rng.uniform(-5, 5))
        bearing = rng.uniform(0, 360)
        fast = _into(start, hull, centre, bearing, tshape, tshape.bounds, probe)
        assert fast == _into(start, hull, centre, bearing, tshape, tshape.bounds), (centre, bearing)
        seen.add(fast)
    assert seen == {True, False}


def test_a_charge_path_is_the_one_the_old_search_finds(monkeypatch):
    """charge_path (named, and unnamed: only whether there is a path) answers as the old search
    did, for every flush pose against a target with rocks in the way of many of them; the paths
    from one start against the same rocks share what they learn (an Obstacles), as a listing's
    do, so a move straight ahead seen to go into a rock passes the longer ones over unswept."""
    monkeypatch.setattr(cp, "_cache", type(cp._cache)())
    rng = random.Random(11)
    start = footprint(BLOCK, Pose(x=30, y=10, bearing=0))
    target = footprint(BLOCK, Pose(x=34, y=24, bearing=200))
    from engine.table.charge import flush_poses

    ends = [p.footprint for s in ("front", "left", "right") for p in flush_poses(start, target, s)]
    assert len(ends) > 10
    found, passed_over = set(), 0
    for i in range(40):
        rocks = {}
        for k in range(rng.choice((1, 2))):
            x, y = rng.uniform(25, 39), rng.uniform(12, 21)
            rocks[f"Rock {k}"] = footprint(Formation(base_width_mm=25.4, base_depth_mm=25.4, files=2, models=2),
                                           Pose(x=x, y=y, bearing=rng.uniform(0, 90))).shape
        shared = cp.Obstacles(rocks)
        for end in ends[::2]:
            old, old_hit = _old_search(start, end, target, cp.standing_against(start, rocks), cp.MAX_WHEEL)
            for named in (False, True):
                path, hit = charge_path(start, end, target, shared if not named else cp.Obstacles(rocks), named=named)
                assert (path is None) == (old is None), (i, named)
                assert hit == (old_hit if named else None)
                if path is not None:
                    assert (path.forward, path.wheel, path.then, path.align, path.contact) == \
                           (old.forward, old.wheel, old.then, old.align, old.contact)
                    assert math.isclose(path.swept.area, old.swept.area)
            found.add(old is None)
        passed_over += shared.against[id(start)].shortest_into is not None
    assert found == {True, False}
    assert passed_over > 5  # the shortcut was taken


# -- the listing agrees with the declaration, along a battle ----------------------------------------
def _accepted(state, seat) -> set[tuple[str, str]]:
    """The (charger, target) pairs /charge accepts: the command applied to a copy of the state
    (RULESET.apply), for every unit of ``seat`` on the table and every enemy in reach."""
    out = set()
    chargers = state.on_table(seat) + [c for c in state.units.values() if c.owner == seat and c.location == "joined"
                                       and c.host and state.units[c.host].on_table]  # charging out of a unit (§16.4)
    for u in chargers:
        for t in state.on_table(state.enemy_of(seat)):
            if u.on_table:
                try:
                    charges._check_reach(state, u, t)  # the declaration's own reach question: the rest refused alike
                except IllegalAction:
                    continue
            try:
                RULESET.apply(state, Charge(seat=seat, unit=u.id, target=t.id))
            except IllegalAction:
                continue
            out.add((u.id, t.id))
    return out


@pytest.mark.slow  # the first three game turns of the whole battle, the listing and the charges in reach asked
async def test_the_listing_offers_exactly_the_charges_the_declaration_accepts(service, store, monkeypatch):
    """Along the whole battle's plans (seed 11, the first three game turns), at the start of each
    charge step and after its first charge declared, "Show my moves" lists only charges /charge
    accepts; and in every other charge step (seed-free choice: the steps where the game turn plus
    the seat's number is even, so p1's of game turns 1 and 3 and p2's of game turn 2, each at its
    start and after its first charge) it lists every charge /charge accepts and no other, every
    unit asked against every enemy in reach: no fleeing, engaged, Stupid or already declared
    charger (§8.2), and a charge only enemies in the way stop is listed, as the declaration accepts
    it (§8.6). (Asking every charge in reach in all six steps cost about three minutes of CPU; the
    charges listed are the cheap ones to ask, those refused for no room the costly ones.) The
    solver's caches are made large enough to keep the whole step, so a question asked again (the
    old listing's, the same as the listing's when nothing screens the charge) is answered as it
    was the first time: they are keyed by every input, so that changes no answer."""
    import ninth_age_plans as plans
    import test_ninth_age_whole_battle as battle

    for cache, size in ((cp, 1 << 16), (flush, 1 << 14)):  # emptied, and dropped after the test
        monkeypatch.setattr(cache, "CACHE_SIZE", size)
        monkeypatch.setattr(cache, "_cache", type(cache._cache)())
    seen = {"states": 0, "whole": 0, "listed": 0, "old listing wrong": 0}

    def check(state, seat):
        listed = _listing(state, seat)
        if (state.round + int(seat[1:])) % 2:  # listed only what /charge accepts
            for unit, target in sorted(listed):
                RULESET.apply(state, Charge(seat=seat, unit=unit, target=target))  # raises if refused
            seen["states"] += 1
            seen["listed"] += len(listed)
            return
        accepted = _accepted(state, seat)
        assert listed == accepted, (state.round, seat, listed - accepted, accepted - listed)
        old = {(u.id, t.id) for u in state.on_table(seat) for t in state.on_table(state.enemy_of(seat))
               if not u.declared_charge and charges._legal_target(state, u, t)}  # the listing as it was
        seen["states"] += 1
        seen["whole"] += 1
        seen["listed"] += len(listed)
        seen["old listing wrong"] += len(old ^ listed)

    class Checking(battle.Player):
        async def act(self, seat, verb, **options):
            taken = await super().act(seat, verb, **options)
            state = await self.state()
            if verb == "charge" and taken and state.pending is None and (state.step, state.active) == ("charges", seat) \
                    and len(state.charges) == 1:  # after the step's first charge declared (it no longer blocks the way)
                check(state, seat)
            return taken

    p = Checking(service)
    await p.say("p1", "/game new ruleset:ninth-age seed:11 settings:deployment=classic")
    await p.say("p2", "/game join")
    await plans.deploy(p)
    state = await p.state()
    while not state.is_over and state.round <= 3:
        seat, phase, step = state.active, state.phase, state.step
        if (phase, step) == ("movement", "charges") and state.pending is None:
            check(state, seat)
        await plans.play_step(p, state)
        state = await p.state()
        if not state.is_over and (state.active, state.phase, state.step) == (seat, phase, step):
            assert (await p.say(seat, "/end")).error is None
        state = await p.state()
    assert seen["states"] >= 6 and seen["whole"] >= 3 and seen["listed"] > 5, seen
    assert seen["old listing wrong"], seen  # the states include charges the old listing got wrong


# -- what the declaration refuses is not listed, what it accepts is ---------------------------------
OPEN = {"Spearmen": (30, 8, 0, 5), "Brutes": (30, 22, 180, 3)}  # face to face, 6" apart, nothing between


def _refuses(state, unit, target) -> str | None:
    try:
        RULESET.apply(state, Charge(seat=state.active, unit=unit, target=target))
    except IllegalAction as exc:
        return exc.message
    return None


@pytest.mark.parametrize("why, match", [
    ("fleeing", "(is|are) fleeing and cannot declare a charge"),
    ("engaged", "(is|are) engaged in combat"),
    ("stupid", "failed (its|their) Stupidity test this turn"),
    ("declared", "already declared a charge"),
    ("charged out", "charged out of it this turn"),
])
def test_a_charger_the_declaration_refuses_is_not_listed(why, match):
    """The old listing asked only the reach and the room: it offered a fleeing, engaged or Stupid
    unit's charge, one out of which a character charged (§16.4), which /charge refuses (§8.2)."""
    from game_helpers import scenario

    placements = {**OPEN, "War Hounds": (40, 21.5, 270, 3)} if why == "engaged" else OPEN
    state = scenario(placements, seat="p2", step="charges", terrain="open")
    brutes = state.units["Brutes"]
    assert ("Brutes", "Spearmen") in _listing(state, "p2") or why == "engaged"
    if why == "fleeing":
        brutes.fleeing = True
    elif why == "engaged":  # the War Hounds (Player 1's) stand against the Brutes' flank
        hounds = state.units["War Hounds"]
        fp, hfp = brutes.footprint(), hounds.footprint()
        hounds.pose = hounds.pose.moved(fp.rect.bounds[2] + hfp.half_depth, fp.centre[1], 270)
        assert engaged(state, brutes)
    elif why == "stupid":
        brutes.stupid = True
    elif why == "declared":
        brutes.declared_charge = True
    else:
        state.units["Chieftain"].charged_out_of = "Brutes"
    assert charges._legal_target(state, brutes, state.units["Spearmen"])  # reach and room: the old listing's
    assert re.search(match, _refuses(state, "Brutes", "Spearmen") or ""), _refuses(state, "Brutes", "Spearmen")
    assert ("Brutes", "Spearmen") not in _listing(state, "p2")


def test_a_blocked_path_charge_the_declaration_accepts_is_listed():
    """Enemy War Hounds across the Spearmen's front: no room, but only unengaged enemies stop it,
    so /charge accepts it (§8.6 Blocked Path), and the listing offers it (it did not)."""
    from game_helpers import scenario

    state = scenario({"Spearmen": (30, 8, 0, 5), "War Hounds": (30, 12.6, 0, 3), "Brutes": (30, 22, 180, 3)},
                     seat="p2", step="charges", terrain="open")
    brutes, spearmen = state.units["Brutes"], state.units["Spearmen"]
    assert not charges._legal_target(state, brutes, spearmen)  # no room: the old listing left it out
    assert _refuses(state, "Brutes", "Spearmen") is None
    assert ("Brutes", "Spearmen") in _listing(state, "p2")


def test_a_character_charging_out_of_its_unit_is_listed_as_the_declaration_accepts_it():
    """A character in a unit may charge out of it (§16.4): /charge accepts it, so the listing
    offers it (it listed only the units on the table); once one has, neither its unit nor the
    unit's other characters may declare, and neither is listed."""
    from game_helpers import apply, two_characters_in_spearmen_facing_brutes

    state = two_characters_in_spearmen_facing_brutes()
    listed = _listing(state, "p1")
    assert {("Marshal", "Brutes"), ("Hedge Wizard", "Brutes"), ("Spearmen", "Brutes")} <= listed
    for unit, target in listed:
        assert _refuses(state, unit, target) is None, (unit, target)
    state = apply(state, Charge(seat="p1", unit="Marshal", target="Brutes"), {"reaction": "hold"})
    listed = _listing(state, "p1")
    assert not {u for u, _t in listed} & {"Marshal", "Hedge Wizard", "Spearmen"}, listed
    assert _refuses(state, "Hedge Wizard", "Brutes") and _refuses(state, "Spearmen", "Brutes")
