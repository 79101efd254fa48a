"""``/games``: a player's inbox, every game in this server where they hold a seat.

Games waiting for the player come first ("your move"), then the others; within each, the
newest game first. Each line says whose turn it is, how long the game has waited, the time
left on the clock when it has one, and links to the game's channel (or thread).
"""

from __future__ import annotations

from datetime import datetime

from engine.core.ruleset import get_ruleset
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
        state = ruleset.load_state(game.state_json)
        seats = {s.seat_id: s for s in await store.seats(game.id)}
        mine = next(s.seat_id for s in seats.values() if s.user_id == user_id)
        waiting = ruleset.to_act(state)
        clocks = {c.seat_id: c for c in await store.seat_clocks(game.id)}
        who = ", ".join("you" if s == mine else (f"<@{seats[s].user_id}>" if s in seats and seats[s].user_id
                                                  else state.seat(s).name) for s in waiting)
        since = min((clocks[s].running_since for s in waiting if s in clocks and clocks[s].running), default=None)
        since = since or game.updated_at
        waited = duration(max(0.0, (now - since).total_seconds()))
        if mine in waiting:
            doing = "your move"
        elif waiting:
            doing = f"waiting for {who}"
        elif any(s.is_free for s in seats.values()):
            doing = "waiting for a player to join"
        else:
            doing = "waiting"
        line = f"**#{game.id} {ruleset.title}** — {doing}, for {waited}"
        left = [f"{state.seat(s).name} {duration(service.clocks.left(clocks[s], now))} left"
                for s in waiting if s in clocks and clocks[s].timed_out_at is None]
        if any(s in clocks and clocks[s].timed_out_at is not None for s in waiting):
            left.append("time is out")
        if left:
            line += " · ⏱ " + ", ".join(left)
        line += f" · {channel_link(game.guild_id, game.channel_id)}"
        rows.append((mine in waiting, game.id, line))
    if not rows:
        return Reply(text="You hold no seat in a game in progress here. Start one with /game new or "
                     "take a seat with /game join.", ephemeral=True)
    rows.sort(key=lambda r: (not r[0], -r[1]))
    yours = sum(1 for r in rows if r[0])
    head = f"📬 **Your games** ({len(rows)}, {yours} waiting for you)"
    return Reply(text="\n".join([head, *(r[2] for r in rows)]), ephemeral=True)
