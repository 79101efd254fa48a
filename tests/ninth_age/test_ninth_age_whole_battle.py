"""A whole Ninth Age battle of the two sample armies through the real service on a SQLite file,
every command typed as a console line by a simple player on each side: march or advance toward
the nearest enemy, declare every charge in reach, cast every spell that has a target, shoot with
every unit that can, fight every combat, answer every /decide. Six game turns to a recorded
result with victory points, then an exact replay of the stored log (issue #10, item 9)."""

from __future__ import annotations


import pytest

from bot.commands import parse_line
from engine.rulesets.ninth_age import magic
from engine.rulesets.ninth_age.neighbours import engaged
from engine.table.contact import distance
from engine.table.frame import bearing_between, turn_between

from game_helpers import _group, answer_for, slots

CHANNEL = "ninth-whole"
USERS = {"p1": "601", "p2": "602"}
SEAT_OF = {v: k for k, v in USERS.items()}
RANGED = ("pistol", "crossbow", "handgun", "short bow", "long bow", "bow", "cannon", "bolt thrower", "catapult",
          "flame thrower", "volley gun", "javelin", "throwing weapon", "sling")


class Player:
    """Types the lines, keeps every reply, and answers whatever the game asks."""

    def __init__(self, service):
        self.service = service
        self.replies: list = []
        self.refused = 0

    async def say(self, seat, line):
        reply = await self.service.handle(CHANNEL, USERS[seat], parse_line(line))
        self.replies.append((line, reply))
        if reply.error is not None:
            self.refused += 1
        await self.answer()
        return reply

    async def state(self):
        return (await self.service.game_snapshot(CHANNEL, finished_ok=True))[2]

    async def answer(self):
        while True:
            state = await self.state()
            if state.pending is None:
                return
            d = state.pending.decision
            choice = answer_for(d.key, {"reaction": "hold"})
            if d.key.startswith("dispel-"):  # dispel with two dice when allowed, else let it pass
                choice = next((o for o in d.options if o.startswith("2")), d.options[-1])
            if choice not in d.options:
                choice = d.options[0]
            reply = await self.service.handle(CHANNEL, USERS[d.seat], parse_line(f"/decide option:{choice}"))
            self.replies.append((f"/decide option:{choice}", reply))
            assert reply.error is None, (d.key, d.options, reply.text)

    def text(self) -> str:
        return "\n".join(r.text for _, r in self.replies if r.error is None and r.text)


def _nearest(state, unit):
    fp = unit.footprint()
    enemies = [e for e in state.on_table(state.enemy_of(unit.owner)) if not e.host]
    return min(enemies, key=lambda e: distance(fp, e.footprint()), default=None)


def _movers(state, seat):
    return [u for u in state.on_table(seat) if not u.host and not u.moved and not u.fleeing
            and not u.charged and not u.declared_charge and not engaged(state, u)
            and state.unit_entry(u).troop_type != "war machine"]


async def _deploy(p: Player):
    state = await p.state()
    while state.phase == "deployment":
        seat = state.deploy.turn
        plan = slots(state, seat)
        if state.deploy.step == "vanguard" or not plan:
            reply = await p.say(seat, "/end")
            assert reply.error is None, reply.text
            state = await p.state()
            continue
        group = _group(state, plan[0][0])
        drop = [x for x in plan if _group(state, x[0]) == group] if group else plan[:1]
        for name, x, y in drop:
            y = 12 - y if y < 24 else 84 - y  # the front of the zone
            reply = await p.say(seat, f'/deploy unit:"{name}" x:{x:.2f} y:{y:.2f}')
            assert reply.error is None, reply.text
            state = await p.state()
            if state.phase != "deployment" or state.deploy.turn != seat:
                break
        if state.phase == "deployment" and state.deploy.turn == seat and state.deploy.finished_first is None:
            reply = await p.say(seat, "/end")
            assert reply.error is None, reply.text
        state = await p.state()


async def _charges(p: Player, seat):
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
            reply = await p.say(seat, f'/charge unit:"{unit.id}" target:"{enemy.id}"')
            if reply.error is None:
                break


async def _moves(p: Player, seat):
    state = await p.state()
    for unit in _movers(state, seat):
        state = await p.state()
        unit = state.units[unit.id]
        if unit not in _movers(state, seat):
            continue
        enemy = _nearest(state, unit)
        if enemy is None:
            return
        gap = distance(unit.footprint(), enemy.footprint())
        turn = turn_between(unit.pose.bearing, bearing_between((unit.pose.x, unit.pose.y),
                                                               (enemy.pose.x, enemy.pose.y)))
        side = "right" if turn > 0 else "left"
        m = state.unit_entry(unit).movement
        verb = "march" if gap > 2 * m + 9 else "advance"
        reach = 2 * m if verb == "march" else m
        forward = max(0.0, min(reach, gap - 1.5))
        for wheel in sorted({min(abs(turn), 45.0), min(abs(turn), 20.0), 0.0}, reverse=True):
            for part in (1.0, 0.6, 0.3):
                step = round(forward * part, 1)
                path = ", ".join(x for x in (f"wheel {side} {wheel:.0f}" if wheel >= 1 else "",
                                             f"forward {step}" if step >= 0.1 else "") if x)
                if not path:
                    continue
                reply = await p.say(seat, f'/{verb} unit:"{unit.id}" path:"{path}"')
                if reply.error is None:
                    break
            else:
                continue
            break


async def _magic(p: Player, seat):
    state = await p.state()
    for c in list(state.casters.values()):
        if c.seat != seat:
            continue
        for name in c.spells + c.bound:
            state = await p.state()
            if state.phase != "magic":
                return
            c = state.casters[c.name] if c.name in state.casters else c
            spell = magic.spell_named(state, seat, name)[0]
            targets = magic.legal_targets(state, c, spell)
            if not targets:
                continue
            await p.say(seat, f'/cast wizard:"{c.name}" spell:"{spell.name}" dice:3 target:"{targets[0].id}"')


async def _shooting(p: Player, seat):
    state = await p.state()
    for unit in state.on_table(seat):
        equipment = " ".join(state.unit_entry(unit).equipment).lower()
        if not any(w in equipment for w in RANGED):
            continue
        state = await p.state()
        fp = state.units[unit.id].footprint()
        for enemy in sorted(state.on_table(state.enemy_of(seat)), key=lambda e: distance(fp, e.footprint())):
            if enemy.host:
                continue
            at = f" at:{enemy.pose.x:.1f},{enemy.pose.y:.1f}" if "catapult" in equipment else ""
            reply = await p.say(seat, f'/shoot unit:"{unit.id}" target:"{enemy.id}"{at}')
            if reply.error is None:
                break


async def _melee(p: Player, seat):
    state = await p.state()
    for unit in state.on_table(seat):
        state = await p.state()
        if state.phase != "melee":
            return
        unit = state.units.get(unit.id)
        if unit is None or unit.location != "table" or unit.fought or not engaged(state, unit):
            continue
        await p.say(seat, f'/fight unit:"{unit.id}"')


async def play_battle(service, store, seed: int):
    p = Player(service)
    reply = await p.say("p1", f"/game new ruleset:ninth-age seed:{seed} settings:deployment=classic")
    assert reply.error is None, reply.text
    reply = await p.say("p2", "/game join")
    assert reply.error is None, reply.text
    await _deploy(p)
    state = await p.state()
    assert state.phase == "movement"
    turns = 0
    while not state.is_over:
        seat, phase, step = state.active, state.phase, state.step
        if phase == "movement" and step == "charges":
            await _charges(p, seat)
        elif phase == "movement":
            await _moves(p, seat)
        elif phase == "magic":
            await _magic(p, seat)
        elif phase == "shooting":
            await _shooting(p, seat)
        elif phase == "melee":
            await _melee(p, seat)
        state = await p.state()
        if state.is_over:
            break
        if (state.active, state.phase, state.step) == (seat, phase, step):
            reply = await p.say(seat, "/end")
            assert reply.error is None, (seat, phase, step, reply.text)
            turns += 1
            assert turns < 400, "the battle does not end"
        state = await p.state()
    return p


@pytest.mark.slow  # about 40 s: a whole battle, some 600 commands
@pytest.mark.parametrize("seed", [11])
async def test_a_whole_battle_of_the_sample_armies_through_the_service(service, store, seed):
    p = await play_battle(service, store, seed)
    game, ruleset, state = await service.game_snapshot(CHANNEL, finished_ok=True)
    assert state.result is not None and "VP" in state.result.reason and state.round == 6
    text = p.text()
    # real things happened: shots, spells, charges, combats, casualties
    assert "to hit" in text and " casts " in text
    assert ("charges home" in text or "charge home" in text) and "combat score" in text
    lost = sum(u.start_models - u.models for u in state.units.values()) + sum(
        1 for u in state.units.values() if u.location != "table")
    assert lost > 10
    stored = await store.actions(game.id)
    replayed, _ = ruleset.replay(game.seed, game.options, [ruleset.parse_action(a.action) for a in stored])
    assert replayed.model_dump(mode="json") == state.model_dump(mode="json")
