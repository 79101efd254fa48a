"""A thread per game: ``/game new thread:true`` opens a thread named after the game and plays it
there; the store keys the game by the thread's id, so one channel hosts many games."""

from __future__ import annotations

import itertools
from types import SimpleNamespace


from fake_discord import FakeInteraction

ALICE, BOB, CAROL = 310000000000000001, 320000000000000002, 330000000000000003
_thread_ids = itertools.count(1700000000000000001)


class FakeThread:
    def __init__(self, name: str):
        self.id = next(_thread_ids)
        self.name = name
        self.mention = f"<#{self.id}>"
        self.messages: list[dict] = []
        self.pinned: list[int] = []
        self.deleted = False

    async def send(self, content=None, **kwargs):
        self.messages.append({"content": content, **kwargs})

        async def pin(reason=None):
            self.pinned.append(len(self.messages))

        return SimpleNamespace(id=len(self.messages), pin=pin)

    async def delete(self):
        self.deleted = True


class FakeChannel:
    def __init__(self):
        self.threads: list[FakeThread] = []

    async def create_thread(self, *, name, type, auto_archive_duration):
        thread = FakeThread(name)
        self.threads.append(thread)
        return thread


async def new_game(bot, channel, user, **options):
    interaction = FakeInteraction(user)
    interaction.channel = channel
    interaction.client = SimpleNamespace()
    interaction.user.display_name = "Alice"
    command = bot.tree.get_command("game").get_command("new")
    await command.callback(command.binding, interaction, **options)
    return interaction


async def test_two_games_in_two_threads_of_one_channel(bot, service, store):
    channel = FakeChannel()
    first = await new_game(bot, channel, ALICE, ruleset="dnd-minis-quick", seed=7, thread=True)
    second = await new_game(bot, channel, CAROL, ruleset="dnd-minis-quick", seed=8, thread=True)
    one, two = channel.threads
    assert one.name == "D&D Miniatures Quick Start Battle — Alice"
    assert one.mention in first.text and two.mention in second.text
    assert "New game" in one.messages[0]["content"] and "New game" in two.messages[0]["content"]
    # Each thread has its game's status message, pinned.
    assert one.messages[1]["content"].startswith("📋 **Game #1") and one.pinned == [2]
    game_one, game_two = await store.active_game(one.id), await store.active_game(two.id)
    assert game_one.id != game_two.id and game_one.channel_id == str(one.id)
    # Joining happens in the thread, as in any channel.
    join = FakeInteraction(BOB, channel_id=one.id)
    command = bot.tree.get_command("game").get_command("join")
    await command.callback(command.binding, join, seat=None)
    assert f"<@{BOB}> takes the seat" in join.text
    assert await service.game_snapshot(one.id) is not None


async def test_a_refused_game_leaves_no_thread_behind(bot, store):
    channel = FakeChannel()
    refused = await new_game(bot, channel, ALICE, ruleset="no-such-game", thread=True)
    assert refused.ephemeral and "no-such-game" in refused.text
    assert channel.threads[0].deleted


async def test_without_permission_to_open_threads_the_refusal_says_why(bot):
    class NoThreads:
        async def create_thread(self, **kwargs):
            import discord

            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), "Missing Permissions")

    refused = await new_game(bot, NoThreads(), ALICE, ruleset="dnd-minis-quick", thread=True)
    assert refused.ephemeral and "Create Public Threads" in refused.text
