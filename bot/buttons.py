"""Buttons for small choices, beside the slash commands (which stay as they are).

The service puts :class:`Button` s on a reply; the Discord layer draws them
(:mod:`bot.discord.views`) and hands a click back as its ``custom_id``. A custom id carries
everything needed to act on it after a restart (the game, and for a question its version), so
no view has to stay in memory:

- ``wb:decide:GAME:VERSION:INDEX`` — answer the pending question with its option INDEX;
- ``wb:join:GAME`` — take a free seat of a new game;
- ``wb:undo:GAME:VERSION:agree|refuse`` — answer an undo request;
- ``wb:moves:GAME`` — show the clicking player their legal moves, privately.

A click on a question already answered (or a game that moved on) is refused with what
happened; a click by someone with no seat is refused privately. Either way nothing changes.

>>> parse_custom_id("wb:decide:12:40:1")
('decide', 12, ['40', '1'])
>>> parse_custom_id("somebody-else") is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Event, IllegalAction
from engine.core.text import _, join, ngettext
from engine.core.ruleset import get_ruleset
from bot.commands import Command
from bot.host import Host
from bot.reply import Reply

PREFIX = "wb"
MAX_BUTTONS = 25  # Discord: five rows of five
MAX_LABEL = 80


@dataclass(frozen=True)
class Button:
    label: str
    custom_id: str
    style: str = "secondary"  # primary, secondary, success, danger


def parse_custom_id(custom_id: str) -> tuple[str, int, list[str]] | None:
    parts = custom_id.split(":")
    if len(parts) < 3 or parts[0] != PREFIX or not parts[2].isdigit():
        return None
    return parts[1], int(parts[2]), parts[3:]


def question_buttons(game_id: int, version: int, options: list[str], unlisted: list[str] = ()) -> list[Button]:
    """One button per answer of a question (the slash command /decide still works), but none for
    an ``unlisted`` answer: the buttons are read by the whole table (a hidden list's item)."""
    shown = [(i, option) for i, option in enumerate(options) if option not in unlisted]
    if len(shown) > MAX_BUTTONS:
        return []
    return [Button(option[:MAX_LABEL], f"{PREFIX}:decide:{game_id}:{version}:{i}", "primary")
            for i, option in shown]


def join_button(game_id: int) -> Button:
    return Button(_("Join"), f"{PREFIX}:join:{game_id}", "success")


def undo_buttons(game_id: int, version: int) -> list[Button]:
    return [Button(_("Agree"), f"{PREFIX}:undo:{game_id}:{version}:agree", "success"),
            Button(_("Refuse"), f"{PREFIX}:undo:{game_id}:{version}:refuse", "danger")]


def moves_button(game_id: int) -> Button:
    return Button(_("Show my moves"), f"{PREFIX}:moves:{game_id}")


def _stale(text: str) -> Reply:
    return Reply(text=join("", ["⛔ ", text]), ephemeral=True, error="stale-button")


async def click(service: Host, channel_id: str, user_id: str, custom_id: str, guild_id=None,
                locale: str | None = None) -> Reply:
    """What a click on a Warband button does, as a reply (refusals are private); the command a
    click runs is answered in the clicker's language, Discord's ``locale`` of the click included."""
    parsed = parse_custom_id(custom_id)
    if parsed is None:
        return _stale(_("That button is not one of mine any more."))
    kind, game_id, rest = parsed
    store = service.store
    try:
        game = await store.game(game_id)
    except Exception:
        return _stale(_("Game #{id} no longer exists.", id=game_id))
    if not game.is_active:
        return _stale(_("Game #{id} is over; its buttons do nothing now.", id=game_id))
    if kind == "join":
        return await service.handle(game.channel_id, user_id, Command("game join"), guild_id=guild_id, locale=locale)
    seat = await store.seat_of(game.id, user_id)
    if seat is None:
        return Reply(text=_("⛔ You hold no seat in this game; these buttons are for its players."),
                     ephemeral=True, error="not-seated")
    ruleset = get_ruleset(game.ruleset)
    state = ruleset.load_state(game.state_json, game.rules_version)
    if kind == "moves":
        guide = None
        if not ruleset.lists_every_move and seat.seat_id in ruleset.to_act(state) and state.pending is None:
            guide = next((e for e in reversed(await store.events(game.id, limit=GUIDE_SEARCH))
                          if e.kind in ruleset.guide_events), None)
        return _moves(ruleset, state, seat.seat_id, guide and Event.model_validate(guide.event))
    if kind == "decide":
        version, index = (int(x) for x in rest[:2])
        pending = state.pending
        if game.version != version or pending is None or index >= len(pending.decision.options):
            last = await store.events(game.id, limit=1)
            stale = _("That question was already answered (or the game moved on).")
            if last:
                from bot.i18n import event_text

                stale = join(" ", [stale, _("Last: {event}", event=event_text(
                    Event.model_validate(last[0].event).model_copy(update={"roll": None})))])
            return _stale(stale)
        option = pending.decision.options[index]
        return await service.handle(game.channel_id, user_id, Command("decide", {"option": option}),
                                    guild_id=guild_id, locale=locale)
    if kind == "undo":
        version, answer = int(rest[0]), rest[1]
        if game.version != version or not (game.pending or {}).get("undo"):
            return _stale(_("That undo request was already answered (or the game moved on)."))
        if answer == "agree":
            return await service.handle(game.channel_id, user_id, Command("game undo"), guild_id=guild_id, locale=locale)
        async with service._lock(game.channel_id):
            await store.set_pending(game.id, game.version, None)
        return Reply(text=_("<@{user}> refuses to take the action back; the game goes on.", user=user_id))
    return _stale(_("That button is not one of mine any more."))


# How far back in a game's log "Show my moves" looks for the guide its phase started with.
GUIDE_SEARCH = 400


def _moves(ruleset, state, seat: str, guide: Event | None = None) -> Reply:
    """The seat's moves, listed; ``guide``: the event its phase started with, where the ruleset
    lists only a summary of them (see Ruleset.lists_every_move)."""
    from bot.command_lines import command_line

    if seat not in ruleset.to_act(state):
        return Reply(text=_("The game is not waiting for you now."), ephemeral=True)
    try:
        lines = sorted({command_line(a) for a in ruleset.legal_actions(state, seat)})
    except IllegalAction as exc:
        return Reply(text=join("", ["⛔ ", exc.message]), ephemeral=True, error=exc.code)
    shown = lines[:20]
    parts: list = [_("Your moves now:"), *(f"`{line}`" for line in shown)]
    if len(lines) > len(shown):
        parts.append(ngettext("… and {n} more.", "… and {n} more.", len(lines) - len(shown)))
    note = ruleset.moves_note(state, seat) if state.pending is None else None
    if note is not None:
        parts.append(note)
    elif guide is not None:
        from bot.i18n import event_text

        parts.append(event_text(guide.model_copy(update={"roll": None})))
    return Reply(text=join("\n", parts), ephemeral=True)
