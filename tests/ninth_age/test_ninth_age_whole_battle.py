"""A whole Ninth Age battle of the two sample armies through the real service on a SQLite file,
every command typed as a console line by a simple player on each side: march or advance toward
the nearest enemy, declare every charge in reach, cast every spell that has a target, shoot with
every unit that can, fight every combat, answer every /decide. Six game turns to a recorded
result with victory points, then an exact replay of the stored log (issue #10, item 9)."""

from __future__ import annotations


import pytest

from bot.commands import parse_line

import ninth_age_plans as plans
from game_helpers import answer_for

CHANNEL = "ninth-whole"
USERS = {"p1": "601", "p2": "602"}
SEAT_OF = {v: k for k, v in USERS.items()}

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

    async def act(self, seat, verb, **options) -> bool:
        """The command as a console line ("/charge unit:\"Wolf Riders\" target:Brutes"): True if taken."""
        said = " ".join(f'{k}:"{v}"' if any(ch.isspace() for ch in str(v)) else f"{k}:{v}" for k, v in options.items())
        return (await self.say(seat, f"/{verb} {said}".rstrip())).error is None

    def text(self) -> str:
        return "\n".join(r.text for _, r in self.replies if r.error is None and r.text)


async def play_battle(service, store, seed: int):
    p = Player(service)
    reply = await p.say("p1", f"/game new ruleset:ninth-age seed:{seed} settings:deployment=classic")
    assert reply.error is None, reply.text
    reply = await p.say("p2", "/game join")
    assert reply.error is None, reply.text
    await plans.deploy(p)
    state = await p.state()
    assert state.phase == "movement"
    turns = 0
    while not state.is_over:
        seat, phase, step = state.active, state.phase, state.step
        await plans.play_step(p, state)
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
