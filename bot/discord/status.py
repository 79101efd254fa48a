"""Posting, pinning and editing a game's living status message (text from :mod:`bot.status`).

After each command of a game, the message is edited in place; if it is gone (deleted by
someone), a new one is posted. It is pinned where the bot may pin, and everything works without
that permission. A failure here never spoils the command's own answer: it is only logged.
"""

from __future__ import annotations

import logging

import discord

from bot.status import status_card

log = logging.getLogger(__name__)


async def refresh_status(service, channel, channel_id, board_url: str | None = None) -> None:
    try:
        card = await status_card(service, channel_id)
        if card is None or channel is None:
            return
        game, text = card
        store = service.store
        if board_url:
            await store.save_board_url(game.id, board_url)
            game, text = await status_card(service, channel_id)
        record = await store.status_message(game.id)
        none = discord.AllowedMentions.none()
        if record is not None and record.channel_id == str(channel_id):
            try:
                await channel.get_partial_message(int(record.message_id)).edit(content=text, allowed_mentions=none)
                return
            except discord.NotFound:
                pass  # deleted: post a new one
        message = await channel.send(content=text, allowed_mentions=none)
        await store.save_status_message(game.id, str(channel_id), str(message.id))
        if board_url:
            await store.save_board_url(game.id, board_url)
        try:
            await message.pin(reason="Warband: the game's status")
        except (discord.Forbidden, discord.HTTPException) as exc:
            log.info("could not pin the status message in %s: %s", channel_id, exc)
    except Exception:
        log.exception("could not update the status message of channel %s", channel_id)
