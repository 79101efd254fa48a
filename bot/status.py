"""The living status message: one message per game that the bot keeps editing, so a channel
always shows where its game stands without scrolling: whose turn it is, the clocks, the
score line, the last events and a link to the latest board.

The text comes from here (transport-free); :mod:`bot.discord.status` posts, pins and edits it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.i18n import say
from engine.core import Event
from engine.core.text import _, join, commas
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
    title = _("📋 **Game #{id} — {game}**", id=game.id, game=ruleset.title)
    lines: list[Any] = [title if game.is_active else join(" · ", [title, game.status])]
    lines.append(join(" · ", [_("{seat}: {who}", seat=s.name, who=f"<@{s.user_id}>" if s.user_id else _("free"))
                              for s in seats]))
    if state.is_over:
        lines.append(join("", ["🏁 ", state.result.why()]) if state.result and state.result.reason
                     else _("🏁 The game is over."))
    else:
        waiting = ruleset.to_act(state)
        names = {s.seat_id: (f"<@{s.user_id}>" if s.user_id else s.name) for s in seats}
        if waiting:
            lines.append(_("➡️ {who}: {what}", who=commas(names.get(w, w) for w in waiting),
                           what=ruleset.status(state)))
        else:
            lines.append(ruleset.status(state))
    times = await service.clocks.caption(game.id, {s.seat_id: s.name for s in seats})
    if times:
        lines.append(times)
    events = [Event.model_validate(r.event) for r in await store.events(game.id, limit=LAST_EVENTS * 3)]
    shown = [e for e in events if e.kind not in ("prompt", "decision")][-LAST_EVENTS:]
    if shown:
        lines.append(_("Last: {event}", event=join(" · ", [_short(e) for e in shown])))
    record = await store.status_message(game.id)
    if record is not None and record.board_url:
        lines.append(_("🗺️ Latest board: {url}", url=record.board_url))
    # Everyone in the channel reads it: in the server's language.
    return game, say(join("\n", lines), await service.server_language(game.guild_id))[:2000]


def _short(event: Event) -> Any:
    """An event's text, cut to 140 characters (a Text only when it fits, so it can translate)."""
    from bot.i18n import event_text

    said = event_text(event.model_copy(update={"roll": None}))
    return said if len(said) <= 140 else event.text[:140]
