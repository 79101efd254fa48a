"""Buttons: a /decide question answered by a button after a restart, a stale click refused with
what happened, a click by someone without a seat refused privately, "Join" on a new game and
"Show my moves". Clicks are real component interactions dispatched through discord.py's view
store (the dynamic item is matched by its custom id, as after a restart), and every request
the bot makes is validated against Discord's OpenAPI schema, components included."""

from __future__ import annotations

import asyncio

import discord
import pytest

from bot.buttons import parse_custom_id
from bot.commands import parse_line
from bot.service import Service
from fake_discord import APPLICATION_ID, CHANNEL_ID, GUILD_ID, DiscordWire, _user, make_bot
from test_payloads import EPHEMERAL, FOLLOWUP, checked
from tests.dnd_minis.skirmish.helpers import RULES, battle, card

ALICE, BOB, CAROL = 310000000000000001, 320000000000000002, 330000000000000003


@pytest.fixture
def wire(monkeypatch) -> DiscordWire:
    return DiscordWire().install(monkeypatch)


def click_payload(custom_id: str, user_id: int, label: str = "x") -> dict:
    message = {
        "id": "1450000000000000001", "channel_id": str(CHANNEL_ID), "author": {**_user(APPLICATION_ID), "bot": True},
        "content": "❓ question", "timestamp": "2026-01-01T00:00:00+00:00", "edited_timestamp": None,
        "tts": False, "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": [],
        "embeds": [], "pinned": False, "type": 0, "flags": 0,
        "components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": label, "custom_id": custom_id}]}],
    }
    return {
        "id": "1460000000000000001", "application_id": str(APPLICATION_ID), "type": 3,
        "token": "token-click", "version": 1, "guild_id": str(GUILD_ID), "channel_id": str(CHANNEL_ID),
        "channel": {"id": str(CHANNEL_ID), "type": 0, "name": "warband", "position": 0, "guild_id": str(GUILD_ID),
                    "permission_overwrites": [], "nsfw": False, "parent_id": None},
        "member": {"user": _user(user_id), "roles": [], "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False,
                   "mute": False, "flags": 0, "permissions": "2147483647"},
        "app_permissions": "2147483647", "locale": "en-US", "guild_locale": "en-US", "entitlements": [],
        "authorizing_integration_owners": {"0": str(GUILD_ID)}, "context": 0,
        "attachment_size_limit": 10 * 1024 * 1024, "message": message,
        "data": {"custom_id": custom_id, "component_type": 2},
    }


async def click(bot, custom_id: str, user_id: int):
    state = bot._connection
    if state.user is None:
        state.user = discord.ClientUser(state=state, data={**_user(APPLICATION_ID), "bot": True})
    interaction = discord.Interaction(data=click_payload(custom_id, user_id), state=state)
    state._view_store.dispatch_view(2, custom_id, interaction)
    tasks = [t for t in asyncio.all_tasks() if t.get_name().startswith("discord-ui-dynamic-item")]
    assert tasks, f"no button matched {custom_id}"
    await asyncio.gather(*tasks)


def answers(wire) -> list[dict]:
    """The bodies of the follow-ups (each validated), after the defer."""
    return [body for route, body in checked(wire) if route == FOLLOWUP]


async def _question(store, service):
    cleaver = card("Axeman", melee=((10, 30),), abilities=("Cleave",))
    weak = card("Kobold", hp=10, ac=5, level=1)
    start = battle([("a", cleaver, "p1", (5, 5)), ("k1", weak, "p2", (6, 5)), ("k2", weak, "p2", (4, 5)),
                    ("k3", weak, "p2", (5, 6))])
    await store.create_game(str(CHANNEL_ID), str(GUILD_ID), RULES.name, start.seed, {},
                            start.model_dump(mode="json"), str(ALICE), [(s.id, s.name) for s in start.seats],
                            creator_seat="p1")
    assert (await service.handle(CHANNEL_ID, BOB, parse_line("/game join"))).error is None
    asked = await service.handle(CHANNEL_ID, ALICE, parse_line("/attack creature:a target:k1"))
    assert "❓" in asked.text
    return asked


async def test_a_question_is_answered_by_a_button_after_a_restart(store, service, wire):
    asked = await _question(store, service)
    labels = [b.label for b in asked.buttons]
    assert labels == ["k2", "k3", "decline"]
    k3 = asked.buttons[1].custom_id
    assert parse_custom_id(k3)[:2] == ("decide", 1)

    # The bot restarts: a new service and a new bot over the same store.
    bot = await make_bot(Service(store, seed_source=lambda: 4242))
    try:
        await click(bot, k3, CAROL)  # no seat: refused privately, nothing changes
        [refusal] = answers(wire)
        assert refusal["flags"] & EPHEMERAL and "no seat" in refusal["content"]
        wire.requests.clear()

        await click(bot, k3, ALICE)
        [answer] = answers(wire)
        assert not answer.get("flags", 0) & EPHEMERAL and "Kobold is destroyed" in answer["content"]
        _, _, state = await service.game_snapshot(CHANNEL_ID)
        assert state.pending is None and state.creatures["k3"].destroyed
        wire.requests.clear()

        await click(bot, asked.buttons[0].custom_id, ALICE)  # the same question again
        [stale] = answers(wire)
        assert stale["flags"] & EPHEMERAL and "already answered" in stale["content"]
        _, _, again = await service.game_snapshot(CHANNEL_ID)
        assert not again.creatures["k2"].destroyed
    finally:
        await bot.close()


async def test_the_buttons_reach_discord_as_valid_components(store, service, wire):
    bot = await make_bot(service)
    try:
        from fake_discord import dispatch, interaction_payload

        await dispatch(bot, interaction_payload(bot, "game new", {"ruleset": "dnd-minis-quick", "seed": 7},
                                                user_id=ALICE))
        [body] = answers(wire)  # validated against the schema by checked()
        [row] = body["components"]
        [join] = row["components"]
        assert join["type"] == 2 and join["label"] == "Join" and join["custom_id"] == "wb:join:1"
        wire.requests.clear()

        await click(bot, "wb:join:1", BOB)
        [joined] = answers(wire)
        assert f"<@{BOB}> takes the seat" in joined["content"]
        # The player the game now waits for gets "Show my moves", privately answered.
        ids = [c["custom_id"] for r in joined.get("components", []) for c in r["components"]]
        assert ids == ["wb:moves:1"]
        wire.requests.clear()
        _, ruleset, state = await service.game_snapshot(CHANNEL_ID)
        chooser = {"p1": ALICE, "p2": BOB}[ruleset.to_act(state)[0]]
        await click(bot, "wb:moves:1", chooser)
        (r1, defer), (r2, shown) = checked(wire)
        assert defer == {"type": 5, "data": {"flags": EPHEMERAL}}
        assert shown["flags"] & EPHEMERAL and "/choose" in shown["content"]
        wire.requests.clear()
        await click(bot, "wb:join:1", CAROL)  # the game is full
        [full] = answers(wire)
        assert full["flags"] & EPHEMERAL
    finally:
        await bot.close()


async def test_undo_request_buttons_agree_and_refuse(store, service, wire):
    await _question(store, service)
    await service.handle(CHANNEL_ID, ALICE, parse_line("/decide option:decline"))
    request = await service.handle(CHANNEL_ID, ALICE, parse_line("/game undo"))
    agree, refuse = (b.custom_id for b in request.buttons)
    bot = await make_bot(service)
    try:
        await click(bot, refuse, BOB)
        [refused] = answers(wire)
        assert "refuses" in refused["content"]
        wire.requests.clear()
        await click(bot, agree, BOB)  # that request is gone
        [stale] = answers(wire)
        assert stale["flags"] & EPHEMERAL and "already answered" in stale["content"]
    finally:
        await bot.close()


async def test_a_button_of_a_finished_game_does_nothing(store, service, wire):
    asked = await _question(store, service)
    assert (await service.handle(CHANNEL_ID, ALICE, parse_line("/game abandon"))).error is None
    bot = await make_bot(service)
    try:
        await click(bot, asked.buttons[0].custom_id, ALICE)
        [refused] = answers(wire)
        assert refused["flags"] & EPHEMERAL and "is over" in refused["content"]
    finally:
        await bot.close()
