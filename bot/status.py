"""The living status message: one message per game that the bot keeps editing, so a channel
always shows where its game stands without scrolling: whose turn it is, the clocks, the
score line, the last events and a link to the latest board.

The text comes from here (transport-free); :mod:`bot.discord.status` posts, pins and edits it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Event
from bot.store import GameRecord

if TYPE_CHECKING:
    from bot.service import Service

LAST_EVENTS = 4


async def status_card(service: Service, channel_id: str | int) -> tuple[GameRecord, str] | None:
    """(game, text) of the channel's game (the latest, if it just ended), or None."""
    found = await service.game_snapshot(str(channel_id), finished_ok=True)
    if found is None:
        return None
    game, ruleset, state = found
    store = service.store
    seats = await store.seats(game.id)
    lines = [f"📋 **Game #{game.id} — {ruleset.title}**"
             + ("" if game.is_active else f" · {game.status}")]
    lines.append(" · ".join(f"{s.name}: " + (f"<@{s.user_id}>" if s.user_id else "free") for s in seats))
    if state.is_over:
        lines.append(f"🏁 {state.result.reason}" if state.result and state.result.reason else "🏁 The game is over.")
    else:
        waiting = ruleset.to_act(state)
        names = {s.seat_id: (f"<@{s.user_id}>" if s.user_id else s.name) for s in seats}
        if waiting:
            lines.append("➡️ " + ", ".join(names.get(w, w) for w in waiting) + ": " + ruleset.status(state))
        else:
            lines.append(ruleset.status(state))
    times = await service.clocks.caption(game.id, {s.seat_id: s.name for s in seats})
    if times:
        lines.append(times)
    events = [Event.model_validate(r.event) for r in await store.events(game.id, limit=LAST_EVENTS * 3)]
    shown = [e for e in events if e.kind not in ("prompt", "decision")][-LAST_EVENTS:]
    if shown:
        lines.append("Last: " + " · ".join(e.text[:140] for e in shown))
    record = await store.status_message(game.id)
    if record is not None and record.board_url:
        lines.append(f"🗺️ Latest board: {record.board_url}")
    return game, "\n".join(lines)[:2000]
