"""A service :class:`~bot.service.Reply` as Discord messages.

The first chunk of text goes out as the interaction's response (or, after a ``defer``, as the
first follow-up, which replaces the "thinking…" message); the board image and any other file
ride on that first message; further chunks follow as follow-up messages. Only the users the
service names in ``reply.mentions`` are pinged: mentions in the text of a dice roll or a log
render as names but never notify anyone, and ``@everyone``/roles are never pinged.
"""

from __future__ import annotations

import io
import logging
from typing import Any

import discord

from bot.discord.views import view_of
from bot.reply import Reply
from engine.core.text import _

log = logging.getLogger(__name__)

# Discord refuses a message with neither content nor files.
EMPTY_TEXT = "✅"
# Set in ``interaction.extras`` once the reply's first message is out.
REPLIED = "warband_replied"
# Set in ``interaction.extras`` to the link of a board just posted (for the status message).
BOARD_URL = "warband_board_url"
# Set in ``interaction.extras`` when the defer was ephemeral: its follow-up is private already.
DEFERRED_PRIVATELY = "warband_deferred_privately"


def allowed_mentions(reply: Reply) -> discord.AllowedMentions:
    """Ping exactly the users the service asked for (Discord user ids are numbers; console
    names are not and are skipped)."""
    users = [discord.Object(id=int(u)) for u in dict.fromkeys(reply.mentions) if str(u).isdigit()]
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=users)


# A reply longer than this many messages (a long /game log, /help) is sent as its opening lines
# plus the whole text as a file, instead of a wall of messages.
MAX_MESSAGES = 2
FULL_TEXT_NAME = "warband.txt"


def as_file_if_long(reply: Reply) -> Reply:
    """A long reply as its first lines and the whole text attached (``warband.txt``).

    >>> short = as_file_if_long(Reply(text="\\n".join(f"line {i}" for i in range(1000))))
    >>> short.file_name, short.text.splitlines()[-1]
    ('warband.txt', '… the whole text (1000 lines) is in the attached file.')
    """
    chunks = reply.chunks()
    if len(chunks) <= MAX_MESSAGES or reply.file is not None:
        return reply
    lines = reply.text.splitlines()
    head: list[str] = []
    for line in lines:
        if sum(len(x) + 1 for x in head) + len(line) > 1500:
            break
        head.append(line)
    from bot.i18n import say

    note = say(_("… the whole text ({n} lines) is in the attached file.", n=len(lines)), reply.lang)
    return Reply(text="\n".join([*head, note]), ephemeral=reply.ephemeral, image=reply.image,
                 image_name=reply.image_name, mentions=reply.mentions, direct=reply.direct, error=reply.error,
                 file=reply.text.encode("utf-8"), file_name=FULL_TEXT_NAME, lang=reply.lang)


def _view(reply: Reply):
    if not reply.buttons:
        return None
    return view_of(reply.buttons)


def reply_files(reply: Reply) -> list[discord.File]:
    """The image and the other file of a reply, fresh each call (a File is read once)."""
    files = []
    if reply.image:
        files.append(discord.File(io.BytesIO(reply.image), filename=reply.image_name or "board.png"))
    if reply.file:
        files.append(discord.File(io.BytesIO(reply.file), filename=reply.file_name or "warband.txt"))
    return files


async def send_reply(interaction: discord.Interaction, reply: Reply) -> None:
    """Answer the interaction with ``reply``, whether or not it was deferred.

    After a public ``defer`` the first follow-up takes over the "thinking…" message and with it
    that message's visibility, so a refusal would be shown to everyone; instead the thinking
    message is deleted and the refusal sent as a fresh ephemeral follow-up.
    """
    reply = as_file_if_long(reply)
    chunks = reply.chunks()
    files = reply_files(reply)
    mentions = allowed_mentions(reply)
    first: dict[str, Any] = {}
    if chunks[0] or not files:
        first["content"] = chunks[0] or EMPTY_TEXT
    if files:
        first["files"] = files
    view = _view(reply)
    if view is not None and len(chunks) == 1:
        first["view"] = view
    if not interaction.response.is_done():
        await interaction.response.send_message(ephemeral=reply.ephemeral, allowed_mentions=mentions, **first)
    else:
        if (reply.ephemeral and interaction.response.type == discord.InteractionResponseType.deferred_channel_message
                and not interaction.extras.get(DEFERRED_PRIVATELY)):
            try:
                await interaction.delete_original_response()
            except discord.HTTPException:
                # Already gone: the ephemeral follow-up still reaches the user.
                log.debug("no deferred response to delete for interaction %s", interaction.id)
        if reply.image is not None and not reply.ephemeral:
            # Wait for the message, to link the game's status message to this board.
            message = await interaction.followup.send(ephemeral=False, allowed_mentions=mentions, wait=True, **first)
            url = getattr(message, "jump_url", None)
            if url:
                interaction.extras[BOARD_URL] = url
        else:
            await interaction.followup.send(ephemeral=reply.ephemeral, allowed_mentions=mentions, **first)
    interaction.extras[REPLIED] = True
    for i, chunk in enumerate(chunks[1:], start=2):
        if chunk:
            # The buttons go under the last message, where the question or the turn is named.
            extra = {"view": view} if view is not None and i == len(chunks) else {}
            await interaction.followup.send(content=chunk, ephemeral=reply.ephemeral, allowed_mentions=mentions,
                                            **extra)
    if reply.direct:
        await send_direct(interaction.client, reply)


async def send_direct(client: discord.Client, reply: Reply) -> None:
    """DM the reply's text to the users who asked for it (/notify mode:dm). A user who closed
    their DMs still has the mention in the channel, so a refusal is only logged."""
    for user_id in dict.fromkeys(reply.direct):
        if not str(user_id).isdigit():
            continue
        try:
            user = client.get_user(int(user_id)) or await client.fetch_user(int(user_id))
            await user.send(reply.chunks()[0], allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:
            log.info("could not DM user %s: %s", user_id, exc)


async def post_to_channel(client: discord.Client, channel_id: str, reply: Reply) -> None:
    """Post a reply nobody asked for (a reminder, a time-out) to a game's channel or thread."""
    channel = client.get_channel(int(channel_id)) or await client.fetch_channel(int(channel_id))
    await send_to(channel, reply, client)


async def send_to(channel, reply: Reply, client: discord.Client | None = None) -> discord.Message:
    """Send a reply as new messages in a channel or thread; returns the first message."""
    reply = as_file_if_long(reply)
    mentions = allowed_mentions(reply)
    chunks = reply.chunks()
    files = reply_files(reply)
    view = _view(reply)
    first = await channel.send(content=chunks[0] or (None if files else EMPTY_TEXT),
                               files=files or discord.utils.MISSING, allowed_mentions=mentions,
                               view=view if view is not None and len(chunks) == 1 else discord.utils.MISSING)
    for chunk in chunks[1:]:
        if chunk:
            await channel.send(content=chunk, allowed_mentions=mentions)
    if client is not None and reply.direct:
        await send_direct(client, reply)
    return first
