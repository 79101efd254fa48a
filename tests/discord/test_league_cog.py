"""The league cog over the real service: Discord's permissions make organisers, and /league pair
opens a thread per game, seats the players there and mentions them."""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import discord

from fake_discord import FakeInteraction

ANN, BOB, CAT = 410000000000000001, 420000000000000002, 430000000000000003
_thread_ids = itertools.count(1500000000000000001)


class FakeThread:
    def __init__(self, name: str):
        self.id = next(_thread_ids)
        self.name = name
        self.messages: list[tuple[str, discord.AllowedMentions | None]] = []

    async def send(self, content=None, *, files=None, allowed_mentions=None):
        self.messages.append((content, allowed_mentions))


class FakeChannel:
    category = None

    def __init__(self):
        self.threads: dict[int, FakeThread] = {}

    async def create_thread(self, *, name: str, type, reason=None):
        assert type == discord.ChannelType.public_thread
        thread = FakeThread(name)
        self.threads[thread.id] = thread
        return thread


NAMES = {ANN: "Ann the Bold", BOB: "Bob", CAT: "Cat"}


async def run(bot, key, user, channel, manage_guild=False, roles=(), **options):
    interaction = FakeInteraction(user)
    interaction.permissions = discord.Permissions(manage_guild=manage_guild)
    interaction.user.roles = [SimpleNamespace(id=r) for r in roles]
    interaction.guild = SimpleNamespace(get_member=lambda uid: SimpleNamespace(display_name=NAMES[uid])
                                        if uid in NAMES else None)
    interaction.channel = channel
    interaction.client = SimpleNamespace(get_channel=lambda cid: channel.threads.get(cid))
    head, _, sub = key.partition(" ")
    command = bot.tree.get_command(head).get_command(sub)
    await command.callback(command.binding, interaction, **options)
    return interaction


async def test_pairing_opens_a_thread_per_game_and_permissions_make_organisers(bot, service, store):
    hall = FakeChannel()
    await run(bot, "league create", CAT, hall, name="Autumn", ruleset="dnd-minis-quick", format="swiss",
              settings="organiser_role=<@&77>")
    for user in (ANN, BOB):
        await run(bot, "league join", user, hall)
    # Bob has no Manage Server: refused, for his eyes only.
    refused = await run(bot, "league start", BOB, hall)
    assert refused.ephemeral and "Only an organiser" in refused.text
    # Ann has it: she organises a league she did not create.
    await run(bot, "league start", ANN, hall, manage_guild=True)
    paired = await run(bot, "league pair", ANN, hall, manage_guild=True)
    [thread] = hall.threads.values()
    assert thread.name == "Autumn R1 T1"
    assert f"<@{ANN}> v <@{BOB}>" in paired.text and f"<#{thread.id}>" in paired.text
    # In the thread: the game, both players seated and mentioned (and pinged).
    text, mentions = thread.messages[0]
    assert f"<@{ANN}> v <@{BOB}>" in text and "takes the seat" in text
    assert {u.id for u in mentions.users} == {ANN, BOB}
    game = await store.active_game(str(thread.id))
    assert [s.user_id for s in await store.seats(game.id)] == [str(ANN), str(BOB)]
    assert (await store.match_of_game(game.id)).channel_id == str(thread.id)
    # A member with the league's organiser role organises it too; the standings use the
    # members' display names.
    assert (await run(bot, "league pair", BOB, hall)).text.count("Only an organiser") == 1
    standings = await run(bot, "league standings", BOB, hall, roles=(77,))
    assert "Ann the Bold" in standings.text and "standings.png" in standings.files[0].file_names
    still = await run(bot, "league pair", BOB, hall, roles=(77,))
    assert "still has 1 game" in still.text


class FakeGuild:
    """A server that can open text channels (games_in=channel) and name its members."""

    def __init__(self):
        self.channels: dict[int, FakeThread] = {}
        self.created: list[tuple[str, object]] = []

    def get_member(self, uid):
        return SimpleNamespace(display_name=NAMES[uid]) if uid in NAMES else None

    async def create_text_channel(self, name: str, *, category=None, reason=None):
        channel = FakeThread(name)  # a text channel speaks as a thread does: send()
        self.channels[channel.id] = channel
        self.created.append((name, category))
        return channel


async def test_games_in_channel_opens_a_new_text_channel_per_game_beside_the_league_channel(bot, service, store):
    """games_in=channel (issue #11 item 3, "in its own thread or channel"): /league pair creates
    a text channel per game in the league channel's category, no thread, and the game is played
    and reported from that channel."""
    hall = FakeChannel()
    hall.category = SimpleNamespace(id=99, name="Leagues")
    guild = FakeGuild()

    async def go(key, user, manage_guild=False, **options):
        interaction = FakeInteraction(user)
        interaction.permissions = discord.Permissions(manage_guild=manage_guild)
        interaction.user.roles = []
        interaction.guild = guild
        interaction.channel = hall
        interaction.client = SimpleNamespace(get_channel=lambda cid: guild.channels.get(cid))
        head, _, sub = key.partition(" ")
        command = bot.tree.get_command(head).get_command(sub)
        await command.callback(command.binding, interaction, **options)
        return interaction

    await go("league create", CAT, name="Winter", ruleset="dnd-minis-quick", format="swiss",
             settings="games_in=channel")
    for user in (ANN, BOB):
        await go("league join", user)
    await go("league start", CAT)
    paired = await go("league pair", CAT)
    assert not hall.threads  # no thread: a channel
    [(name, category)] = guild.created
    [channel] = guild.channels.values()
    assert name == "Winter R1 T1" and category is hall.category
    assert f"<#{channel.id}>" in paired.text
    text, mentions = channel.messages[0]
    assert f"<@{ANN}> v <@{BOB}>" in text and {u.id for u in mentions.users} == {ANN, BOB}
    game = await store.active_game(str(channel.id))
    assert [s.user_id for s in await store.seats(game.id)] == [str(ANN), str(BOB)]
    assert (await store.match_of_game(game.id)).channel_id == str(channel.id)
