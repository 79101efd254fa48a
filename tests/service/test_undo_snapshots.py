"""#15 item 4: an undo replays from the nearest snapshot, off the event loop, and lands exactly
on the state before the action taken back."""

import threading

from bot.commands import parse_line
from engine.core import Ruleset


async def say(service, user, line):
    reply = await service.handle("table", user, parse_line(line))
    assert reply.error is None, reply.text
    return reply


async def undo(service):
    reply = await say(service, "ref", "/game undo")
    if "taken back" not in reply.text:  # another seat must agree
        reply = await say(service, "bob", "/game undo")
    assert "taken back" in reply.text
    return reply


async def test_undo_replays_from_the_nearest_snapshot_in_a_worker_thread(service, store, monkeypatch):
    store.snapshot_every = 4
    await say(service, "ref", "/game new ruleset:dnd35-encounter map:crypt")
    await say(service, "ref", "/place creature:Orc square:C3 hp:30 ac:13 init:1")
    await say(service, "ref", "/place creature:Aria square:K4 hp:14 ac:16 init:3 owner:p1")
    await say(service, "bob", "/game join seat:p1")
    await say(service, "ref", "/initiative")
    for n in range(9):
        await say(service, "ref", f"/damage creature:orc amount:{1 + n % 2}")
    game = await store.active_game("table")
    before_last = game.state
    await say(service, "ref", "/heal creature:orc amount:3")
    replays = []
    real = Ruleset.replay

    def watched(self, seed, options, actions, **kw):
        actions = list(actions)
        replays.append((len(actions), kw.get("start") is not None, threading.current_thread()))
        return real(self, seed, options, actions, **kw)

    monkeypatch.setattr(Ruleset, "replay", watched)
    await undo(service)
    (count, from_snapshot, thread), = replays
    assert from_snapshot and count < store.snapshot_every
    assert thread is not threading.main_thread()
    after = await store.active_game("table")
    assert after.state == before_last
    # The snapshots after the kept actions went with them; undo again, still exact.
    seqs = [a.seq for a in await store.actions(after.id)]
    assert await store.nearest_snapshot(after.id, 10_000) == await store.nearest_snapshot(after.id, seqs[-1])
    # Once more, and the state is the one a replay from the seed gives.
    await undo(service)
    _, ruleset, state = await service.game_snapshot("table")
    log = [ruleset.parse_action(a.action) for a in await store.actions(after.id)]
    full, _ = real(ruleset, after.seed, after.options, log)
    assert state.model_dump(mode="json") == full.model_dump(mode="json")
