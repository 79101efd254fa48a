"""Two ways to run the cogs without Discord.

1. :class:`FakeInteraction` — a small test double with the parts of ``discord.Interaction`` the
   cogs use (``response.send_message/defer/is_done/type``, ``followup.send``,
   ``delete_original_response``, ``user.id``, ``channel_id``, ``guild_id``, ``extras``). It
   records what was sent, as Python values, for asserting on behaviour.

2. :class:`DiscordWire` — real ``discord.Interaction`` objects built from gateway payloads,
   dispatched through the real command tree, with the one function through which discord.py
   sends every interaction and webhook request (``AsyncWebhookAdapter.request``) replaced by a
   recorder. The recorded requests are exactly the JSON discord.py would put on the wire, for
   validating against Discord's OpenAPI schema.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.commands import Command
from bot.config import Settings
from bot.discord.client import WarbandBot
from bot.reply import Reply

APPLICATION_ID = 1100000000000000001
GUILD_ID = 1200000000000000002
CHANNEL_ID = 1300000000000000003


# -- the bot ----------------------------------------------------------------------------------
async def make_bot(service) -> WarbandBot:
    """The bot with the Warband cogs over ``service``; never logged in, never synced."""
    bot = WarbandBot(Settings(discord_token=None, warband_dev_guild=None), sync=False)
    await bot.add_warband_cogs(service)
    return bot


def leaf(bot: discord.Client, key: str):
    """The slash command ``key`` ("game new", "move") of the bot's tree."""
    head, _, sub = key.partition(" ")
    command = bot.tree.get_command(head)
    return command.get_command(sub) if sub else command


async def invoke(bot: discord.Client, key: str, user: int, *, channel: Any = None, **options) -> "FakeInteraction":
    """``/key option:value…`` typed by ``user`` (in ``channel``, if given): the command's own
    callback, with its cog; returns the interaction with what was sent."""
    interaction = FakeInteraction(user)
    if channel is not None:
        interaction.channel = channel
    command = leaf(bot, key)
    await command.callback(command.binding, interaction, **options)
    return interaction


@dataclass
class ScriptedService:
    """Stands in for :class:`bot.service.Service`: records calls, answers from a script."""

    reply: Reply = field(default_factory=lambda: Reply(text="ok"))
    suggestions: list[str] = field(default_factory=list)
    fail: Exception | None = None
    calls: list[tuple[str, str, Command, Any]] = field(default_factory=list)
    autocompletes: list[tuple[str, str, str, str]] = field(default_factory=list)
    locales: list[str | None] = field(default_factory=list)  # interaction.locale of each call

    async def handle(self, channel_id, user_id, command: Command, guild_id=None, caller=None, locale=None) -> Reply:
        self.calls.append((str(channel_id), str(user_id), command, guild_id))
        self.locales.append(locale)
        if self.fail is not None:
            raise self.fail
        return self.reply

    async def autocomplete(self, channel_id, user_id, kind: str, current: str, guild_id=None) -> list[str]:
        self.autocompletes.append((str(channel_id), str(user_id), kind, current))
        if self.fail is not None:
            raise self.fail
        return [s for s in self.suggestions if current.casefold() in s.casefold()]

    async def autocomplete_choices(self, channel_id, user_id, kind: str, current: str, guild_id=None,
                                   locale=None) -> list[tuple[str, str]]:
        """As the service's: (shown name, value); the script's suggestions read as they are."""
        return [(v, v) for v in await self.autocomplete(channel_id, user_id, kind, current, guild_id)]


# -- 1. the test double -----------------------------------------------------------------------
@dataclass
class Sent:
    """One message the cog sent."""

    via: str  # "response" or "followup"
    content: str | None
    ephemeral: bool
    files: list[discord.File]
    allowed_mentions: discord.AllowedMentions | None
    view: discord.ui.View | None = None

    @property
    def custom_ids(self) -> list[str]:
        return [item.custom_id for item in self.view.children] if self.view else []

    @property
    def file_names(self) -> list[str]:
        return [f.filename for f in self.files]

    def file_bytes(self, index: int = 0) -> bytes:
        fp = self.files[index].fp
        fp.seek(0)
        return fp.read()


class FakeResponse:
    def __init__(self, interaction: "FakeInteraction"):
        self._interaction = interaction
        self.type: discord.InteractionResponseType | None = None
        self.deferred = False
        self.deferred_ephemeral = False
        self.autocompleted: list | None = None

    def is_done(self) -> bool:
        return self.type is not None

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        assert not self.is_done(), "defer after the interaction was answered"
        self.type = discord.InteractionResponseType.deferred_channel_message
        self.deferred = True
        self.deferred_ephemeral = ephemeral

    async def send_message(self, content: str | None = None, *, ephemeral: bool = False,
                           files: list[discord.File] | None = None, file: discord.File | None = None,
                           allowed_mentions: discord.AllowedMentions | None = None,
                           view: discord.ui.View | None = None, **kwargs: Any) -> None:
        assert not self.is_done(), "send_message after the interaction was answered"
        assert not kwargs, f"unexpected arguments {kwargs}"
        self.type = discord.InteractionResponseType.channel_message
        files = list(files or []) + ([file] if file else [])
        self._interaction.sent.append(Sent("response", content, ephemeral, files, allowed_mentions, view))

    async def autocomplete(self, choices: list) -> None:
        self.type = discord.InteractionResponseType.autocomplete_result
        self.autocompleted = choices


class FakeFollowup:
    def __init__(self, interaction: "FakeInteraction"):
        self._interaction = interaction

    async def send(self, content: str | None = None, *, ephemeral: bool = False,
                   files: list[discord.File] | None = None, file: discord.File | None = None,
                   allowed_mentions: discord.AllowedMentions | None = None,
                   view: discord.ui.View | None = None, wait: bool = False, **kwargs: Any):
        assert self._interaction.response.is_done(), "a follow-up needs a response or a defer first"
        assert not kwargs, f"unexpected arguments {kwargs}"
        files = list(files or []) + ([file] if file else [])
        self._interaction.sent.append(Sent("followup", content, ephemeral, files, allowed_mentions, view))
        if wait:  # Discord answers with the message: its link is what the bot keeps
            return SimpleNamespace(jump_url=f"https://discord.com/channels/{GUILD_ID}/{CHANNEL_ID}/{next(_ids)}")
        return None


_ids = itertools.count(1400000000000000000)


class FakeInteraction:
    """What a cog sees of a slash command, and a record of what it answered."""

    def __init__(self, user_id: int, channel_id: int = CHANNEL_ID, guild_id: int | None = GUILD_ID):
        self.id = next(_ids)
        self.type = discord.InteractionType.application_command
        self.user = SimpleNamespace(id=user_id, mention=f"<@{user_id}>")
        self.channel_id = channel_id
        self.guild_id = guild_id
        self.extras: dict = {}
        self.command = None
        self.sent: list[Sent] = []
        self.deleted_original = False
        self.response = FakeResponse(self)
        self.followup = FakeFollowup(self)

    async def delete_original_response(self) -> None:
        self.deleted_original = True

    # -- reading what happened --------------------------------------------------------------------
    @property
    def text(self) -> str:
        return "\n".join(s.content or "" for s in self.sent)

    @property
    def ephemeral(self) -> bool:
        """Whether everything the player saw was for their eyes only."""
        return bool(self.sent) and all(s.ephemeral for s in self.sent)

    @property
    def files(self) -> list[Sent]:
        return [s for s in self.sent if s.files]


# -- 2. real interactions, recorded wire ------------------------------------------------------
@dataclass
class Request:
    """One HTTP request discord.py made, with its JSON body (``payload_json`` for multipart)."""

    method: str
    path: str  # discord.py's route template, e.g. /interactions/{webhook_id}/{webhook_token}/callback
    json: Any
    files: list[str] = field(default_factory=list)
    params: dict | None = None
    contents: list[bytes] = field(default_factory=list)  # each file's bytes, as uploaded


def _message(body: dict | None, files: list[str]) -> dict:
    """The message Discord would return for a follow-up (discord.py waits for it)."""
    body = body or {}
    return {
        "id": str(next(_ids)), "channel_id": str(CHANNEL_ID), "type": 20, "content": body.get("content") or "",
        "author": {"id": str(APPLICATION_ID), "username": "Warband", "discriminator": "0", "avatar": None, "bot": True},
        "attachments": [{"id": str(next(_ids)), "filename": f, "size": 1, "url": f"https://cdn.invalid/{f}",
                         "proxy_url": f"https://cdn.invalid/{f}"} for f in files],
        "embeds": [], "mentions": [], "mention_roles": [], "pinned": False, "mention_everyone": False,
        "tts": False, "timestamp": "2026-01-01T00:00:00+00:00", "edited_timestamp": None,
        "flags": body.get("flags", 0), "webhook_id": str(APPLICATION_ID),
    }


def _read(value: Any) -> bytes:
    """A multipart file part's bytes (discord.py gives the file object), left to be read again."""
    if isinstance(value, (bytes, str)):
        return value.encode() if isinstance(value, str) else value
    at = value.tell()
    data = value.read()
    value.seek(at)
    return data


class DiscordWire:
    """Records discord.py's interaction/webhook HTTP requests instead of sending them."""

    def __init__(self) -> None:
        self.requests: list[Request] = []

    def install(self, monkeypatch) -> "DiscordWire":
        wire = self

        async def request(adapter, route, session=None, *, payload=None, multipart=None, files=None,
                          params=None, **_ignored):
            body = payload
            names: list[str] = []
            contents: list[bytes] = []
            for part in multipart or []:
                if part["name"] == "payload_json":
                    body = json.loads(part["value"])
                else:
                    names.append(part["filename"])
                    contents.append(_read(part["value"]))
            wire.requests.append(Request(route.method, route.path, body, names, params, contents))
            if route.path.endswith("/callback"):
                return {"interaction": {"id": str(route.webhook_id), "type": 2}}
            if route.method == "POST":
                return _message(body, names)
            return None

        monkeypatch.setattr(AsyncWebhookAdapter, "request", request)
        return self


_users = {}


def _user(user_id: int) -> dict:
    return _users.setdefault(user_id, {"id": str(user_id), "username": f"player{user_id % 1000}",
                                       "discriminator": "0", "avatar": None, "global_name": None})


def interaction_payload(bot: discord.Client, command: str, options: dict[str, Any] | None = None, *,
                        user_id: int, focused: str | None = None, attachments: dict[str, dict] | None = None,
                        channel_id: int = CHANNEL_ID, guild_id: int = GUILD_ID) -> dict:
    """The INTERACTION_CREATE payload Discord sends for ``/command option:value…``.

    ``command`` is the full name ("game new", "move"); ``focused`` makes it an autocomplete
    interaction for that option; ``attachments`` maps an attachment option to its metadata.
    """
    parts = command.split()
    tree_command = bot.tree.get_command(parts[0])
    if tree_command is None:
        raise KeyError(f"/{parts[0]} is not in the tree")
    leaf = tree_command if len(parts) == 1 else tree_command.get_command(parts[1])
    types = {p.display_name: p.type.value for p in leaf.parameters}  # the names Discord sends
    opts = []
    for name, value in (options or {}).items():
        opt = {"name": name, "type": types[name], "value": value}
        if name == focused:
            opt["focused"] = True
        opts.append(opt)
    resolved: dict = {}
    for name, meta in (attachments or {}).items():
        opts.append({"name": name, "type": types[name], "value": meta["id"]})
        resolved.setdefault("attachments", {})[meta["id"]] = meta
    if len(parts) == 2:
        opts = [{"name": parts[1], "type": 1, "options": opts}]
    data = {"id": str(next(_ids)), "name": parts[0], "type": 1, "options": opts, "guild_id": str(guild_id)}
    if resolved:
        data["resolved"] = resolved
    return {
        "id": str(next(_ids)),
        "application_id": str(APPLICATION_ID),
        "type": 4 if focused else 2,
        "token": f"token-{next(_ids)}",
        "version": 1,
        "guild_id": str(guild_id),
        "channel_id": str(channel_id),
        "channel": {"id": str(channel_id), "type": 0, "name": "warband", "position": 0, "guild_id": str(guild_id),
                    "permission_overwrites": [], "nsfw": False, "parent_id": None},
        "member": {"user": _user(user_id), "roles": [], "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False,
                   "mute": False, "flags": 0, "permissions": "2147483647"},
        "app_permissions": "2147483647",
        "locale": "en-US",
        "guild_locale": "en-US",
        "entitlements": [],
        "authorizing_integration_owners": {"0": str(guild_id)},
        "context": 0,
        "attachment_size_limit": 10 * 1024 * 1024,
        "data": data,
    }


async def dispatch(bot: discord.Client, payload: dict) -> discord.Interaction:
    """Run one interaction through the bot's real command tree, as the gateway handler does."""
    state = bot._connection
    if state.user is None:  # what READY would have filled in
        state.user = discord.ClientUser(state=state, data={**_user(APPLICATION_ID), "bot": True})
    interaction = discord.Interaction(data=payload, state=bot._connection)
    await bot.tree._call(interaction)
    return interaction
