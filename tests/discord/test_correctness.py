"""Discord correctness found when the bot was tried against real discord.py objects (#12 item
12), each through the fake interactions over the real service."""

from __future__ import annotations


from bot.demo import choose_action
from bot.service import MAX_SEED, Service
from fake_discord import FakeInteraction, leaf
from fake_discord import invoke as play

ALICE, BOB = 310000000000000001, 320000000000000002
USERS = {"p1": ALICE, "p2": BOB}


def pinged(interaction) -> set[int]:
    return {u.id for s in interaction.sent if s.allowed_mentions for u in (s.allowed_mentions.users or [])}


async def test_a_printed_seed_fits_discord_integers_and_can_be_typed_back(store, bot):
    fresh = Service(store)  # the real seed source
    assert all(0 <= fresh.seed_source() <= MAX_SEED for _ in range(200))
    assert max(fresh.seed_source() for _ in range(200)) > 2**40  # not a toy range either
    too_big = await play(bot, "game new", ALICE, ruleset="dnd-minis-quick", seed=MAX_SEED + 1)
    assert too_big.ephemeral and "2^53 - 1" in too_big.text
    typed = await play(bot, "game new", ALICE, ruleset="dnd-minis-quick", seed=MAX_SEED)
    assert f"seed {MAX_SEED}" in typed.text


async def test_only_a_user_whose_turn_it_newly_is_gets_pinged(bot, service):
    await play(bot, "game new", ALICE, ruleset="dnd-minis-quick", seed=7)
    await play(bot, "game join", BOB)
    self_pings = moves = 0
    from bot.demo import command_line
    from bot.commands import parse_line

    for _ in range(84):
        game, ruleset, state = await service.game_snapshot(1300000000000000003, finished_ok=True)
        if state.is_over:
            break
        seat = ruleset.to_act(state)[0]
        user = USERS[seat]
        command = parse_line(command_line(choose_action(ruleset, state, seat)))
        interaction = await play(bot, command.key, user, **_callback_options(bot, command))
        _, ruleset, after = await service.game_snapshot(1300000000000000003, finished_ok=True)
        newly_asked = after.pending is not None and after.pending.decision.seat == seat and state.pending is None
        moves += 1
        if user in pinged(interaction) and not newly_asked:
            self_pings += 1
        # Whoever else the game now waits for is pinged.
        for waiting in set(ruleset.to_act(after)) - {seat}:
            assert USERS[waiting] in pinged(interaction)
    assert moves > 10 and self_pings == 0


def _callback_options(bot, command) -> dict:
    """The command's options as the cog's callback takes them (every parameter, None if unset)."""
    params = [p.name for p in leaf(bot, command.key).parameters]
    return {name: command.options.get(name) for name in params}


async def test_every_command_is_acknowledged_first_and_private_ones_privately(bot):
    status = await play(bot, "game status", ALICE)
    assert status.response.deferred and status.response.deferred_ephemeral and not status.deleted_original
    new = await play(bot, "game new", ALICE, ruleset="dnd-minis-quick", seed=7)
    assert new.response.deferred and not new.response.deferred_ephemeral
    inbox = await play(bot, "games", ALICE)
    assert inbox.response.deferred_ephemeral and inbox.ephemeral
    helped = await play(bot, "help", ALICE)
    assert not helped.response.deferred and helped.ephemeral


async def test_a_reminder_asked_by_dm_is_also_sent_privately():
    from types import SimpleNamespace

    from bot.discord.replies import post_to_channel, send_reply
    from bot.reply import Reply

    dms, posted = [], []

    class User:
        async def send(self, text, allowed_mentions=None):
            dms.append(text)

    class Channel:
        async def send(self, content=None, **kwargs):
            posted.append(content)
            return SimpleNamespace(id=1)

    client = SimpleNamespace(get_user=lambda user_id: User(), get_channel=lambda channel_id: Channel())
    reminder = Reply(text=f"⏰ <@{ALICE}> (Player 1): game #1 waits for you; 11h left on your clock.",
                     mentions=[str(ALICE)], direct=[str(ALICE), "console-name"])
    await post_to_channel(client, "1300000000000000003", reminder)
    assert posted == [reminder.text] and dms == [reminder.text]  # console names are never DMed
    nudge = FakeInteraction(BOB)
    nudge.client = client
    await send_reply(nudge, reminder)
    assert len(dms) == 2
