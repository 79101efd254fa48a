"""The living status message: posted once and pinned where the bot may pin, then edited after
each command of the game (whose turn, clocks, last events, a link to the latest board); it
works without the permission to pin, and a deleted one is posted again."""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import discord
import pytest

from fake_discord import invoke

ALICE, BOB = 310000000000000001, 320000000000000002
USERS = {"p1": ALICE, "p2": BOB}
_ids = itertools.count(1800000000000000001)


class Message:
    def __init__(self, channel, content):
        self.id = next(_ids)
        self.channel = channel
        self.content = content
        self.pinned = False

    async def pin(self, reason=None):
        if not self.channel.may_pin:
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), "Missing Permissions")
        self.pinned = True


class Partial:
    def __init__(self, channel, message_id):
        self.channel, self.message_id = channel, message_id

    async def edit(self, content=None, allowed_mentions=None):
        message = self.channel.by_id.get(self.message_id)
        if message is None:
            raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), "Unknown Message")
        message.content = content
        self.channel.edits += 1


class StatusChannel:
    def __init__(self, may_pin=True):
        self.may_pin = may_pin
        self.by_id: dict[int, Message] = {}
        self.edits = 0

    async def send(self, content=None, allowed_mentions=None, **kwargs):
        message = Message(self, content)
        self.by_id[message.id] = message
        return message

    def get_partial_message(self, message_id):
        return Partial(self, message_id)


async def play(bot, channel, key, user, **options):
    return await invoke(bot, key, user, channel=channel, **options)


@pytest.mark.parametrize("may_pin", [True, False])
async def test_one_status_message_kept_up_to_date(bot, service, may_pin):
    channel = StatusChannel(may_pin)
    await play(bot, channel, "game new", ALICE, ruleset="dnd-minis-quick", seed=7,
               settings="clock=2d")
    [status] = channel.by_id.values()
    assert status.pinned == may_pin
    assert "Game #1" in status.content and "Player 2: free" in status.content
    await play(bot, channel, "game join", BOB)
    assert len(channel.by_id) == 1 and channel.edits == 1, "edited, not posted again"
    _, ruleset, state = await service.game_snapshot(1300000000000000003)
    chooser = USERS[ruleset.to_act(state)[0]]
    assert f"➡️ <@{chooser}>" in status.content and "⏱" in status.content and "Last:" in status.content
    await play(bot, channel, "choose", chooser, creature="ranger")
    assert "Wood Elf Ranger" in status.content or "ranger" in status.content.lower()

    # Deleted by someone: the next command posts a new one.
    channel.by_id.clear()
    _, ruleset, state = await service.game_snapshot(1300000000000000003)
    placer = USERS[ruleset.to_act(state)[0]]
    await play(bot, channel, "place", placer, square="A2")
    assert len(channel.by_id) == 1


async def test_the_status_links_the_latest_board(bot, service):
    channel = StatusChannel()
    await play(bot, channel, "game new", ALICE, ruleset="dnd-minis-quick", seed=7)
    await play(bot, channel, "game join", BOB)
    for _ in range(2):  # choose, then place both creatures: the board is posted
        _, ruleset, state = await service.game_snapshot(1300000000000000003)
        user = USERS[ruleset.to_act(state)[0]]
        if state.phase == "choose-creature":
            await play(bot, channel, "choose", user, creature="ranger")
    for square in ("A2", None):
        _, ruleset, state = await service.game_snapshot(1300000000000000003)
        user = USERS[ruleset.to_act(state)[0]]
        free = square or next(s for s in ("L2", "L4", "A4") if s in ruleset.suggestions(state, ruleset.to_act(state)[0], "square"))
        await play(bot, channel, "place", user, square=free)
    [status] = channel.by_id.values()
    assert "🗺️ Latest board: https://discord.com/channels/" in status.content
