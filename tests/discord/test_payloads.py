"""What the cogs put on the wire, validated against Discord's OpenAPI schema.

Each test builds a real ``discord.Interaction`` from a gateway payload, runs it through the real
command tree and cogs, and records the HTTP requests discord.py makes (see
:class:`fake_discord.DiscordWire`): the interaction callback (type 4 message or type 5 deferred),
follow-ups through the interaction webhook, and the deletion of a deferred "thinking…" message.
Every body is validated against the request schema of its operation in
../shared/discord-api-spec/openapi.json.
"""

from __future__ import annotations

import pytest
import discord

from bot.service import MAX_UPLOAD_BYTES, Reply
from discord_api import DELETE_ORIGINAL, EXECUTE_WEBHOOK, INTERACTION_CALLBACK, errors, request_validator, spec
from fake_discord import DiscordWire, dispatch, interaction_payload

CALLBACK = ("POST", "/interactions/{webhook_id}/{webhook_token}/callback")
FOLLOWUP = ("POST", "/webhooks/{webhook_id}/{webhook_token}")
DELETE = ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
SPEC_OPERATION = {CALLBACK: INTERACTION_CALLBACK, FOLLOWUP: EXECUTE_WEBHOOK, DELETE: DELETE_ORIGINAL}
MESSAGE_FIELDS = set(spec()["components"]["schemas"]["IncomingWebhookInteractionRequest"]["properties"])
EPHEMERAL = 64
PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 64
PLAYER, OTHER = 210000000000000001, 220000000000000002


@pytest.fixture
def wire(monkeypatch) -> DiscordWire:
    return DiscordWire().install(monkeypatch)


def checked(wire: DiscordWire) -> list[tuple[tuple[str, str], dict | None]]:
    """Every recorded request validated against Discord's schema; returns (route, body) pairs."""
    out = []
    for request in wire.requests:
        route = (request.method, request.path)
        assert route in SPEC_OPERATION, f"unexpected request {route}"
        method, path = SPEC_OPERATION[route]
        if method == "DELETE":
            assert request.json is None
        else:
            media = "multipart/form-data" if request.files else "application/json"
            assert errors(request_validator(method, path, media), request.json) == [], request.json
            message = request.json.get("data") if route == CALLBACK else request.json
            if message and not (route == CALLBACK and request.json["type"] == 8):  # 8: autocomplete
                assert set(message) <= MESSAGE_FIELDS, f"fields Discord doesn't know: {set(message) - MESSAGE_FIELDS}"
                assert len(message.get("content") or "") <= 2000
                attachments = message.get("attachments") or []
                assert [a["filename"] for a in attachments] == request.files
        out.append((route, request.json))
    return out


async def run(bot, command: str, options: dict | None = None, user_id: int = PLAYER, **kwargs) -> discord.Interaction:
    return await dispatch(bot, interaction_payload(bot, command, options, user_id=user_id, **kwargs))


async def test_public_reply_pings_only_the_named_players(scripted_bot, scripted, wire):
    scripted.reply = Reply(text=f"🎲 New game.\n<@{PLAYER}> takes the seat Player 1.\n➡️ <@{OTHER}>: join",
                           mentions=[str(OTHER)])
    await run(scripted_bot, "game new", {"ruleset": "dnd-minis-quick"})
    (r1, defer), (route, data) = checked(wire)
    assert (r1, defer) == (CALLBACK, {"type": 5}), "acknowledged first, whatever the channel's lock"
    assert route == FOLLOWUP
    assert data["content"] == scripted.reply.text
    assert "flags" not in data or not data["flags"] & EPHEMERAL
    # Exactly the player to act is pinged; @everyone, roles and the other mention are not.
    assert data["allowed_mentions"] == {"parse": [], "users": [OTHER]}


async def test_refusal_is_ephemeral(scripted_bot, scripted, wire):
    scripted.reply = Reply(text="⛔ There is no game in this channel.", ephemeral=True, error="no-game")
    await run(scripted_bot, "game status")
    # A private command defers privately: no public "thinking…", nothing to delete.
    (r1, defer), (route, body) = checked(wire)
    assert defer == {"type": 5, "data": {"flags": EPHEMERAL}}
    assert route == FOLLOWUP and body["flags"] & EPHEMERAL
    assert body["allowed_mentions"]["parse"] == []


async def test_help_is_answered_at_once(scripted_bot, scripted, wire):
    scripted.reply = Reply(text="**Warband commands**", ephemeral=True)
    await run(scripted_bot, "help")
    [(route, body)] = checked(wire)
    assert body["type"] == 4 and body["data"]["flags"] & EPHEMERAL


async def test_deferred_command_sends_the_board_as_a_followup(scripted_bot, scripted, wire):
    scripted.reply = Reply(text="Orc moves to F2.", image=PNG, image_name="board.png", mentions=[str(OTHER)])
    await run(scripted_bot, "move", {"to": "F2"})
    (r1, defer), (r2, followup) = checked(wire)
    assert r1 == CALLBACK and defer == {"type": 5}, "public 'thinking…' first"
    assert r2 == FOLLOWUP
    assert followup["content"] == "Orc moves to F2."
    assert followup["attachments"] == [{"id": 0, "filename": "board.png"}]
    assert wire.requests[1].files == ["board.png"]
    assert followup["allowed_mentions"]["users"] == [OTHER]


async def test_refusal_after_defer_deletes_the_thinking_message_and_stays_private(scripted_bot, scripted, wire):
    scripted.reply = Reply(text="⛔ Orc Mauler has speed 6; reaching F9 costs 8 squares.", ephemeral=True,
                           error="too-far")
    await run(scripted_bot, "move", {"to": "F9"})
    (r1, defer), (r2, _), (r3, followup) = checked(wire)
    assert (r1, defer) == (CALLBACK, {"type": 5})
    assert r2 == DELETE
    assert r3 == FOLLOWUP and followup["flags"] & EPHEMERAL
    assert followup["content"].startswith("⛔ Orc Mauler")


async def test_long_reply_is_split_into_messages_discord_accepts(scripted_bot, scripted, wire):
    lines = [f"`{i:>3}` Orc attacks Ranger: 1d20+5 = 17 vs AC 15, hit; 1d8+3 = 7 damage." for i in range(30)]
    scripted.reply = Reply(text="\n".join(lines), ephemeral=True)
    await run(scripted_bot, "game log", {"last": 30})
    sent = checked(wire)
    contents = [body["content"] for route, body in sent if route == FOLLOWUP]
    assert len(contents) == 2
    assert "\n".join(contents) == scripted.reply.text, "nothing lost or reordered"
    assert all(body["flags"] & EPHEMERAL for route, body in sent if route == FOLLOWUP)


async def test_very_long_reply_comes_as_its_opening_and_a_file(scripted_bot, scripted, wire):
    lines = [f"`{i:>3}` Orc attacks Ranger: 1d20+5 = 17 vs AC 15, hit; 1d8+3 = 7 damage." for i in range(120)]
    scripted.reply = Reply(text="\n".join(lines), ephemeral=True)
    await run(scripted_bot, "game log", {"last": 120})
    (r1, defer), (route, body) = checked(wire)
    assert route == FOLLOWUP and body["flags"] & EPHEMERAL
    assert body["content"].startswith(lines[0]) and "whole text (120 lines)" in body["content"]
    assert wire.requests[1].files == ["warband.txt"]


async def test_unexpected_error_gets_an_ephemeral_answer(scripted_bot, scripted, wire, caplog):
    scripted.fail = RuntimeError("database on fire")
    await run(scripted_bot, "game status")
    (r1, defer), (route, body) = checked(wire)
    assert route == FOLLOWUP and body["flags"] & EPHEMERAL
    assert "went wrong" in body["content"] and "/game status" in body["content"]
    assert "database on fire" in caplog.text, "the traceback is logged"


async def test_unexpected_error_after_defer_is_answered_privately(scripted_bot, scripted, wire):
    scripted.fail = RuntimeError("renderer crashed")
    await run(scripted_bot, "attack", {"target": "orc"})
    (r1, defer), (r2, _), (r3, followup) = checked(wire)
    assert defer == {"type": 5} and r2 == DELETE
    assert followup["flags"] & EPHEMERAL and "while running /attack" in followup["content"]


def _attachment(size: int) -> dict:
    return {"id": "1500000000000000005", "filename": "arena.json", "size": size,
            "url": "https://cdn.invalid/arena.json", "proxy_url": "https://cdn.invalid/arena.json",
            "content_type": "application/json"}


async def test_oversized_map_upload_is_refused_before_downloading(scripted_bot, scripted, wire, monkeypatch):
    async def no_download(self, **kwargs):
        raise AssertionError("downloaded a file that is too big")

    monkeypatch.setattr(discord.Attachment, "read", no_download)
    await run(scripted_bot, "game new", {"ruleset": "dnd-minis-quick"},
              attachments={"mapfile": _attachment(MAX_UPLOAD_BYTES + 1)})
    assert scripted.calls == [], "the service never saw the command"
    [(route, body)] = checked(wire)
    assert body["type"] == 4, "refused at once, not deferred"
    assert body["data"]["flags"] & EPHEMERAL and "at most 256 KiB" in body["data"]["content"]


async def test_map_upload_reaches_the_service(scripted_bot, scripted, wire, monkeypatch):
    async def download(self, **kwargs):
        return b'{"width": 12}'

    monkeypatch.setattr(discord.Attachment, "read", download)
    scripted.reply = Reply(text="New game.")
    await run(scripted_bot, "game new", {"ruleset": "dnd-minis-quick", "seed": 7},
              attachments={"mapfile": _attachment(13)})
    [(channel, user, command, guild)] = scripted.calls
    assert command.key == "game new" and command.options == {"ruleset": "dnd-minis-quick", "seed": 7}
    assert command.attachments["mapfile"].filename == "arena.json"
    assert command.attachments["mapfile"].data == b'{"width": 12}'
    assert [route for route, _ in checked(wire)] == [CALLBACK, FOLLOWUP]


async def test_autocomplete_payload_caps_at_25_choices_of_100_characters(scripted_bot, scripted, wire):
    too_long = ["z" * 101]  # would be submitted cut: never offered
    scripted.suggestions = too_long + [f"square-{i:02d}-" + "x" * 80 for i in range(40)] + ["square-00-" + "x" * 80]
    await run(scripted_bot, "move", {"to": "square"}, focused="to")
    [(route, body)] = checked(wire)
    choices = body["data"]["choices"]
    assert body["type"] == 8 and len(choices) == 25
    assert all(1 <= len(c["name"]) <= 100 and c["name"] == c["value"] for c in choices)
    assert len({c["value"] for c in choices}) == 25, "no value twice"
    assert choices[0]["value"] == "square-00-" + "x" * 80


async def test_autocomplete_failure_offers_nothing_instead_of_breaking(scripted_bot, scripted, wire):
    scripted.fail = RuntimeError("no state")
    await run(scripted_bot, "attack", {"target": "o"}, focused="target")
    [(route, body)] = checked(wire)
    assert body == {"type": 8, "data": {"choices": []}}


def test_schema_checks_are_not_vacuous():
    too_long = {"type": 4, "data": {"content": "x" * 2001}}
    assert errors(request_validator(*INTERACTION_CALLBACK), too_long)
    assert errors(request_validator(*INTERACTION_CALLBACK), {"type": 99})
    assert errors(request_validator(*EXECUTE_WEBHOOK), {"content": "x" * 2001})
    assert errors(request_validator(*EXECUTE_WEBHOOK), {"allowed_mentions": {"users": ["not-a-snowflake"]}})
    assert errors(request_validator(*INTERACTION_CALLBACK), {"type": 4, "data": {"content": "ok", "flags": 64}}) == []
