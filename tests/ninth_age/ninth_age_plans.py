"""The simple players' plans of the whole-battle tests (the console's, through the service, and
Discord's, through real interactions): deploy in the sample slots, declare every charge in reach,
march or advance toward the nearest enemy, cast every spell that has a target, shoot, fight every
combat, /end each step. Each plan speaks to a player through two coroutines, so one plan serves
both ways of typing a command:

- ``await player.state()``: the game's state now;
- ``await player.act(seat, verb, **options)``: the command as that seat gives it (its questions
  answered), True when it was taken, False when refused."""

from __future__ import annotations

from engine.rulesets.ninth_age import magic
from engine.rulesets.ninth_age.neighbours import engaged
from engine.table.contact import distance
from engine.table.frame import bearing_between, turn_between

from tests.ninth_age.game_helpers import _group, slots

RANGED = ("pistol", "crossbow", "handgun", "short bow", "long bow", "bow", "cannon", "bolt thrower", "catapult",
          "flame thrower", "volley gun", "javelin", "throwing weapon", "sling")


def movers(state, seat):
    """The units of ``seat`` free to move in the Remaining Moves step."""
    return [u for u in state.on_table(seat) if not u.host and not u.moved and not u.fleeing
            and not u.charged and not u.declared_charge and not engaged(state, u)
            and state.unit_entry(u).troop_type != "war machine"]


async def deploy(p) -> None:
    """Every unit in its sample slot, turn by turn, the Vanguard step passed."""
    state = await p.state()
    while state.phase == "deployment":
        seat = state.deploy.turn
        plan = slots(state, seat)
        if state.deploy.step == "vanguard" or not plan:
            assert await p.act(seat, "end")
            state = await p.state()
            continue
        group = _group(state, plan[0][0])
        drop = [x for x in plan if _group(state, x[0]) == group] if group else plan[:1]
        for name, x, y in drop:
            y = 12 - y if y < 24 else 84 - y  # the front of the zone
            assert await p.act(seat, "deploy", unit=name, x=f"{x:.2f}", y=f"{y:.2f}")
            state = await p.state()
            if state.phase != "deployment" or state.deploy.turn != seat:
                break
        if state.phase == "deployment" and state.deploy.turn == seat and state.deploy.finished_first is None:
            assert await p.act(seat, "end")
        state = await p.state()


async def charges(p, seat, *, first_only: bool = False) -> None:
    """Each free unit charges the nearest enemy in reach (M + 12"); ``first_only``: only that one,
    else the next nearest when refused."""
    state = await p.state()
    for unit in list(state.on_table(seat)):
        state = await p.state()
        unit = state.units[unit.id]
        if unit.host or unit.fleeing or unit.declared_charge or engaged(state, unit):
            continue
        fp = unit.footprint()
        reach = state.unit_entry(unit).movement + 12
        for enemy in sorted(state.on_table(state.enemy_of(seat)), key=lambda e: distance(fp, e.footprint())):
            if enemy.host or distance(fp, enemy.footprint()) > reach:
                continue
            if await p.act(seat, "charge", unit=unit.id, target=enemy.id) or first_only:
                break


async def moves(p, seat, *, wheels=(45.0, 20.0), parts=(1.0, 0.6, 0.3)) -> None:
    """Each free unit marches (far off) or advances toward the nearest enemy, wheeling toward it
    by at most each of ``wheels`` (then not at all), going each share of ``parts`` of the way."""
    state = await p.state()
    for unit in movers(state, seat):
        state = await p.state()
        unit = state.units[unit.id]
        if unit not in movers(state, seat):
            continue
        enemies = [e for e in state.on_table(state.enemy_of(seat)) if not e.host]
        if not enemies:
            return
        enemy = min(enemies, key=lambda e: distance(unit.footprint(), e.footprint()))
        gap = distance(unit.footprint(), enemy.footprint())
        turn = turn_between(unit.pose.bearing, bearing_between((unit.pose.x, unit.pose.y),
                                                               (enemy.pose.x, enemy.pose.y)))
        side = "right" if turn > 0 else "left"
        m = state.unit_entry(unit).movement
        verb = "march" if gap > 2 * m + 9 else "advance"
        forward = max(0.0, min(2 * m if verb == "march" else m, gap - 1.5))
        done = False
        for wheel in sorted({*(min(abs(turn), w) for w in wheels), 0.0}, reverse=True):
            for part in parts:
                step = round(forward * part, 1)
                path = ", ".join(x for x in (f"wheel {side} {wheel:.0f}" if wheel >= 1 else "",
                                             f"forward {step}" if step >= 0.1 else "") if x)
                if path and await p.act(seat, verb, unit=unit.id, path=path):
                    done = True
                    break
            if done:
                break


async def cast(p, seat) -> None:
    """Every spell of every caster of ``seat``, with 3 dice, at its first legal target."""
    state = await p.state()
    for c in list(state.casters.values()):
        if c.seat != seat:
            continue
        for name in c.spells + c.bound:
            state = await p.state()
            if state.phase != "magic":
                return
            c = state.casters.get(c.name, c)
            spell = magic.spell_named(state, seat, name)[0]
            targets = magic.legal_targets(state, c, spell)
            if targets:
                await p.act(seat, "cast", wizard=c.name, spell=spell.name, dice=3, target=targets[0].id)


async def shoot(p, seat, *, tries: int | None = None, ready_only: bool = False) -> None:
    """Each unit with a ranged weapon shoots at the nearest enemy it may (``tries``: at most that
    many nearest; ``ready_only``: skip the units that marched, charged, flee or fight)."""
    state = await p.state()
    for unit in state.on_table(seat):
        equipment = " ".join(state.unit_entry(unit).equipment).lower()
        if not any(w in equipment for w in RANGED):
            continue
        state = await p.state()
        unit = state.units[unit.id]
        if ready_only and (unit.marched or unit.declared_charge or unit.fleeing or engaged(state, unit)):
            continue
        fp = unit.footprint()
        for enemy in sorted(state.on_table(state.enemy_of(seat)), key=lambda e: distance(fp, e.footprint()))[:tries]:
            if enemy.host:
                continue
            at = {"at": f"{enemy.pose.x:.1f},{enemy.pose.y:.1f}"} if "catapult" in equipment else {}
            if await p.act(seat, "shoot", unit=unit.id, target=enemy.id, **at):
                break


async def fight(p, seat) -> None:
    """Every combat of ``seat``'s units, one /fight each."""
    state = await p.state()
    for unit in state.on_table(seat):
        state = await p.state()
        if state.phase != "melee":
            return
        unit = state.units.get(unit.id)
        if unit is None or unit.location != "table" or unit.fought or not engaged(state, unit):
            continue
        await p.act(seat, "fight", unit=unit.id)


async def play_step(p, state, *, short: bool = False) -> None:
    """The plan for the step ``state`` stands at, played by its active seat: declare charges,
    move, cast, shoot or fight. ``short``: fewer tries of each (the first charge in reach, one
    wheel, two lengths, two shots, ready shooters only), as Discord's battle plays it."""
    seat, phase, step = state.active, state.phase, state.step
    if phase == "movement" and step == "charges":
        await charges(p, seat, first_only=short)
    elif phase == "movement":
        await (moves(p, seat, wheels=(45.0,), parts=(1.0, 0.5)) if short else moves(p, seat))
    elif phase == "magic":
        await cast(p, seat)
    elif phase == "shooting":
        await (shoot(p, seat, tries=2, ready_only=True) if short else shoot(p, seat))
    elif phase == "melee":
        await fight(p, seat)
