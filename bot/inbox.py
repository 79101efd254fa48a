"""``/games``: a player's inbox, every game in this server where they hold a seat.

Games waiting for the player come first ("your move"), then the others; within each, the
newest game first. Each line says whose turn it is, how long the game has waited, the time
left on the clock when it has one, and links to the game's channel (or thread).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from engine.core import IllegalAction
from engine.core.ruleset import get_ruleset
from engine.core.text import _, join, ngettext, commas
from bot.clocks import duration
from bot.host import Host
from bot.reply import Reply


def channel_link(guild_id: str | None, channel_id: str) -> str:
    """A link Discord opens at the channel or thread; outside Discord, its name.

    >>> channel_link("1", "22")
    'https://discord.com/channels/1/22'
    >>> channel_link(None, "console")
    '#console'
    """
    if guild_id and channel_id.isdigit():
        return f"https://discord.com/channels/{guild_id}/{channel_id}"
    return f"#{channel_id}"


async def inbox(service: Host, user_id: str, guild_id: str | None) -> Reply:
    store = service.store
    now: datetime = service.now()
    rows: list[tuple[bool, int, str]] = []
    for game in await store.seated_games(user_id, guild_id):
        ruleset = get_ruleset(game.ruleset)
        try:  # as the game's own rules version, as the service reads it (NinthAgeState._older_flags)
            state = ruleset.load_state(game.state_json, game.rules_version)
        except IllegalAction:  # stored by a newer Warband, under rules this one does not know
            rows.append((False, game.id, join("", [
                _("**#{id} {game}** — stored under rules version {version}, newer than this Warband knows",
                  id=game.id, game=ruleset.title, version=game.rules_version),
                f" · {channel_link(game.guild_id, game.channel_id)}"])))
            continue
        seats = {s.seat_id: s for s in await store.seats(game.id)}
        mine = next(s.seat_id for s in seats.values() if s.user_id == user_id)
        waiting = ruleset.to_act(state)
        clocks = {c.seat_id: c for c in await store.seat_clocks(game.id)}
        who = commas(f"<@{seats[s].user_id}>" if s in seats and seats[s].user_id else state.seat(s).name
                        for s in waiting if s != mine)
        since = min((clocks[s].running_since for s in waiting if s in clocks and clocks[s].running), default=None)
        since = since or game.updated_at
        waited = duration(max(0.0, (now - since).total_seconds()))
        if mine in waiting:
            doing = _("your move")
        elif waiting:
            doing = _("waiting for {who}", who=who)
        elif any(s.is_free for s in seats.values()):
            doing = _("waiting for a player to join")
        else:
            doing = _("waiting")
        parts: list[Any] = [_("**#{id} {game}** — {doing}, for {waited}", id=game.id, game=ruleset.title,
                              doing=doing, waited=waited)]
        left: list[Any] = [_("{seat} {time} left", seat=state.seat(s).name,
                             time=duration(service.clocks.left(clocks[s], now)))
                           for s in waiting if s in clocks and clocks[s].timed_out_at is None]
        if any(s in clocks and clocks[s].timed_out_at is not None for s in waiting):
            left.append(_("time is out"))
        if left:
            parts.append(join("", [" · ⏱ ", commas(left)]))
        parts.append(f" · {channel_link(game.guild_id, game.channel_id)}")
        rows.append((mine in waiting, game.id, join("", parts)))
    if not rows:
        return Reply(text=_("You hold no seat in a game in progress here. Start one with /game new or "
                            "take a seat with /game join."), ephemeral=True)
    rows.sort(key=lambda r: (not r[0], -r[1]))
    yours = sum(1 for r in rows if r[0])
    head = ngettext("📬 **Your games** ({n}, {waiting} waiting for you)", "📬 **Your games** ({n}, {waiting} waiting for you)",
                    len(rows), waiting=yours)
    return Reply(text=join("\n", [head, *(r[2] for r in rows)]), ephemeral=True)
