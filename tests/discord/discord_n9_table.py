"""Two players at a Ninth Age table on Discord: slash commands and button clicks as real
``discord.Interaction`` objects (gateway payloads, each with the player's own locale) through
the bot's command tree and view store, every request the bot makes recorded and validated
against Discord's OpenAPI schema (:func:`test_payloads.checked`), the channel's status message
included (the bot's own HTTP client, recorded too)."""

from __future__ import annotations

import asyncio
import io
import itertools
from dataclasses import dataclass, field
from types import SimpleNamespace

import discord
from PIL import Image

from discord_api import errors, request_validator, spec
from fake_discord import APPLICATION_ID, CHANNEL_ID, GUILD_ID, _message, _user, dispatch, interaction_payload
from test_payloads import CALLBACK, EPHEMERAL, FOLLOWUP, MESSAGE_FIELDS, checked

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
# Discord takes 10 MiB a message from a bot without boosts (attachment_size_limit in the payload);
# a board is a few hundred KiB: more than 8 MiB is a board gone wrong.
MAX_BOARD_BYTES = 8 * 1024 * 1024
_ids = itertools.count(1700000000000000001)

# The bot's own HTTP client (the status message): discord.py's route -> the spec's path.
CHANNEL_ROUTES = {
    ("POST", "/channels/{channel_id}/messages"): ("POST", "/channels/{channel_id}/messages"),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"): ("PATCH", "/channels/{channel_id}/messages/{message_id}"),
    ("PUT", "/channels/{channel_id}/pins/{message_id}"): None,  # a pin has no body
    ("PUT", "/channels/{channel_id}/messages/pins/{message_id}"): None,
}


@dataclass
class Message:
    """One message the bot sent for an interaction, as Discord receives it."""

    content: str
    ephemeral: bool
    buttons: list[tuple[str, str]]  # (label, custom id)
    files: list[tuple[str, bytes]]
    pinged: list[int]


@dataclass
class Said:
    """What one interaction brought: its messages, in order."""

    messages: list[Message] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(m.content for m in self.messages)

    @property
    def public(self) -> str:
        return "\n".join(m.content for m in self.messages if not m.ephemeral)

    @property
    def ephemeral(self) -> bool:
        return bool(self.messages) and all(m.ephemeral for m in self.messages)

    @property
    def refused(self) -> bool:
        return self.ephemeral and self.text.startswith("⛔")

    @property
    def buttons(self) -> list[tuple[str, str]]:
        return [b for m in self.messages for b in m.buttons]

    @property
    def images(self) -> list[bytes]:
        return [data for m in self.messages for name, data in m.files if name.endswith(".png")]


def check_board(data: bytes) -> None:
    """A board attachment is a PNG Discord takes and a player can read."""
    assert data.startswith(PNG_MAGIC), data[:16]
    assert 10_000 < len(data) <= MAX_BOARD_BYTES, len(data)
    image = Image.open(io.BytesIO(data))
    image.verify()
    width, height = image.size
    assert 400 <= width <= 4096 and 300 <= height <= 4096, image.size


class Table:
    """The bot, its recorded wire, and two players each reading their own locale."""

    def __init__(self, bot, monkeypatch, locales: dict[int, str]):
        self.bot = bot
        self.locales = locales
        self.requests: list = []  # every request, as (route, body, files)
        self.status: list[dict] = []  # the status message's bodies
        self._install(monkeypatch)

    # -- the wire ---------------------------------------------------------------------------------
    def _install(self, monkeypatch) -> None:
        from discord.webhook.async_ import AsyncWebhookAdapter

        table = self

        async def webhook(adapter, route, session=None, *, payload=None, multipart=None, files=None,
                          params=None, **_ignored):
            body, names = _body(payload, multipart)
            table.requests.append(SimpleNamespace(method=route.method, path=route.path, json=body,
                                                  files=[n for n, _ in names], data=names))
            if route.path.endswith("/callback"):
                return {"interaction": {"id": str(route.webhook_id), "type": 2}}
            if route.method == "POST":
                return _message(body, [n for n, _ in names])
            return None

        async def http(client, route, *, files=None, form=None, **kwargs):
            body = kwargs.get("json")
            if form:
                body, _ = _body(None, form)
            key = (route.method, route.path)
            assert key in CHANNEL_ROUTES, f"the bot called {key}"
            if CHANNEL_ROUTES[key] is not None:
                assert errors(request_validator(*CHANNEL_ROUTES[key]), body) == [], body
                assert len(body.get("content") or "") <= 2000
                table.status.append(body)
            if route.method in ("POST", "PATCH"):
                return {**_message(body, []), "type": 0}
            return None

        monkeypatch.setattr(AsyncWebhookAdapter, "request", webhook)
        monkeypatch.setattr(discord.http.HTTPClient, "request", http)

    def _since(self, start: int) -> Said:
        new = self.requests[start:]
        said = Said()
        for (route, body), request in zip(checked(SimpleNamespace(requests=new)), new):
            if route == CALLBACK:
                if body["type"] != 4:
                    continue
                body = body["data"]
            elif route != FOLLOWUP:
                continue
            buttons = [(c["label"], c["custom_id"]) for row in body.get("components") or [] for c in row["components"]]
            for label, _ in buttons:
                assert 1 <= len(label) <= 80, label
            pinged = [int(u) for u in (body.get("allowed_mentions") or {}).get("users") or []]
            said.messages.append(Message(body.get("content") or "", bool(body.get("flags", 0) & EPHEMERAL),
                                         buttons, list(request.data), pinged))
        for data in said.images:
            check_board(data)
        return said

    # -- the players ------------------------------------------------------------------------------
    async def command(self, user: int, key: str, **options) -> Said:
        """``/key option:value…`` typed by ``user`` in their locale."""
        start = len(self.requests)
        payload = interaction_payload(self.bot, key, options, user_id=user)
        payload["locale"] = self.locales[user]
        await dispatch(self.bot, payload)
        said = self._since(start)
        assert said.messages, f"/{key} was not answered"
        return said

    async def click(self, user: int, custom_id: str) -> Said:
        """``user`` clicks the button ``custom_id`` (matched by the view store, as after a restart)."""
        start = len(self.requests)
        state = self.bot._connection
        if state.user is None:
            state.user = discord.ClientUser(state=state, data={**_user(APPLICATION_ID), "bot": True})
        payload = _click_payload(custom_id, user, self.locales[user])
        interaction = discord.Interaction(data=payload, state=state)
        state._view_store.dispatch_view(2, custom_id, interaction)
        tasks = [t for t in asyncio.all_tasks() if t.get_name().startswith("discord-ui-dynamic-item")]
        assert tasks, f"no button matched {custom_id}"
        await asyncio.gather(*tasks)
        said = self._since(start)
        assert said.messages, f"the click on {custom_id} was not answered"
        return said


def _body(payload, multipart) -> tuple[dict | None, list[tuple[str, bytes]]]:
    body = payload
    files = []
    for part in multipart or []:
        if part["name"] == "payload_json":
            import json

            body = json.loads(part["value"])
        else:
            fp = part["value"]
            at = fp.tell()
            data = fp.read()
            fp.seek(at)
            files.append((part["filename"], data))
    return body, files


def _click_payload(custom_id: str, user_id: int, locale: str) -> dict:
    message = {
        "id": str(next(_ids)), "channel_id": str(CHANNEL_ID), "author": {**_user(APPLICATION_ID), "bot": True},
        "content": "…", "timestamp": "2026-01-01T00:00:00+00:00", "edited_timestamp": None,
        "tts": False, "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": [],
        "embeds": [], "pinned": False, "type": 0, "flags": 0,
        "components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": custom_id}]}],
    }
    return {
        "id": str(next(_ids)), "application_id": str(APPLICATION_ID), "type": 3,
        "token": f"token-{next(_ids)}", "version": 1, "guild_id": str(GUILD_ID), "channel_id": str(CHANNEL_ID),
        "channel": {"id": str(CHANNEL_ID), "type": 0, "name": "warband", "position": 0, "guild_id": str(GUILD_ID),
                    "permission_overwrites": [], "nsfw": False, "parent_id": None},
        "member": {"user": _user(user_id), "roles": [], "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False,
                   "mute": False, "flags": 0, "permissions": "2147483647"},
        "app_permissions": "2147483647", "locale": locale, "guild_locale": "en-US", "entitlements": [],
        "authorizing_integration_owners": {"0": str(GUILD_ID)}, "context": 0,
        "attachment_size_limit": 10 * 1024 * 1024, "message": message,
        "data": {"custom_id": custom_id, "component_type": 2},
    }
