"""The service: one command in, one reply out, the same for Discord and the console.

For a play command the flow is always::

    load the channel's game -> check the user's seat -> engine: apply the action
    -> store: append action + events + new state, version + 1 (one transaction)
    -> render the board when a phase ended -> reply, naming whoever acts next

A refused action changes nothing: the engine works on a copy, and the store is written only
after the engine accepted the action. A concurrent write loses with a version conflict
instead of overwriting a committed move.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import re
import secrets
import weakref
from dataclasses import replace
from datetime import datetime
from typing import Any, Callable, NamedTuple

from engine.core import BoardView, Event, GameState, IllegalAction, Rng, Ruleset, roll_dice
from engine.core.errors import quote
from engine.core.models import seat_label
from engine.core.text import Text, _, join, listed, ngettext, commas
from engine.core.ruleset import get_ruleset, ruleset_names
from engine.grid.board import GridMap, shared_map
import engine.rulesets  # noqa: F401  - the bot serves every shipped game system; importing registers them
from bot.buttons import join_button, moves_button, question_buttons, undo_buttons
from bot.clocks import Clocks, parse_clock, parse_timeout
from bot.armies import Armies
from bot.collection import Collection
from bot import fairness
from bot.boards import BoardPainter, default_renderer
from bot.commands import (
    ARMY_COMMANDS, AROUND_SIZE, CLOCK_COMMANDS, COLLECTION_COMMANDS, GAME_COMMANDS, MOST_AROUND, REPLAY_COMMANDS,
    Attachment,
    Command, check_bounds, find_command, help_text,
)
from bot.i18n import (LANGUAGES, SOURCE, any_data_word, folded, language_of, language_word, localised_view, say,
                       spoken, supported, typed_back)
from bot.inbox import inbox
from bot.leagues import Caller, LeagueService
from bot.parsed import ParsedGames
from bot.replays import Replays
from bot.reply import Reply
from bot.settings import parse_settings
from bot.i18n import event_text  # noqa: F401 (kept importable from here)
from bot.store import GameRecord, Store, StoreError, VersionConflict
from bot.store.values import utc_now

log = logging.getLogger(__name__)

MAX_UPLOAD_BYTES = 256 * 1024
# The largest integer a Discord option carries (its integers are JSON doubles).
MAX_SEED = 2**53 - 1
# A free roll's dice are listed up to this many characters; past it, the total only.
MAX_ROLL_TEXT = 1500
BIG_BOARD = 20  # squares on a side past which a phase's board shows the action's area only
# At most this many questions are answered at once after one action (Service._commit); a
# question past them waits for its player (each answer is a commit; no action asks so many).
AUTO_ANSWERS_AT_MOST = 500
JUDGE_SEAT = "judge"  # the seat a game's judge holds (a ruleset with has_judge logs rulings under it)
_MENTION = re.compile(r"^<@!?([^>]+)>$")


# A refusal is a line or two: whatever it quotes is cut short where it is quoted (errors.quote);
# this is the last guard, well inside Discord's 2,000 characters.
MAX_REFUSAL = 1500


class Committed(NamedTuple):
    """An action committed, with the answers given at once after it (Service._commit)."""

    version: int  # the game's version after the last commit
    state: GameState
    events: list[Event]


def refusal(exc: IllegalAction) -> Reply:
    message = exc.message if len(exc.message) <= MAX_REFUSAL else exc.message[:MAX_REFUSAL] + "…"
    return Reply(text=join("", ["⛔ ", message]), ephemeral=True, error=exc.code)


class Service:
    """Transport-independent handling of every command."""

    def __init__(self, store: Store, render: Callable[[BoardView], bytes] | None = None,
                 seed_source: Callable[[], int] | None = None,
                 clock: Callable[[], datetime] | None = None, vacation_days: int = 21,
                 render_processes: int = 0, language: str | None = None):
        self.store = store
        # What everyone sees where no server language is set: the console's --lang (the console
        # is one "server" whose players all read that language), else English.
        self.language = supported(language) or SOURCE
        # What time it is: clocks, reminders and time-outs read it; tests drive it by hand.
        self.now = clock or utc_now
        self.clocks = Clocks(self, vacation_days=vacation_days)
        self.replays = Replays(self)
        self.render = render or default_renderer
        # render_processes > 0 draws boards in that many worker processes (the bot: every core).
        self.boards = BoardPainter(self.render, processes=render_processes)
        self.collection = Collection(store)
        self.armies = Armies(store)
        self.leagues = LeagueService(self)
        # Seeds stay within Discord's integer options (2^53 - 1), so a printed seed can be
        # typed back into /game new seed:.
        self.seed_source = seed_source or (lambda: secrets.randbelow(MAX_SEED + 1))
        self.parsed = ParsedGames()
        # The language of the server the command at hand came from (each command is its own
        # task, so concurrent commands of two servers never mix them up).
        self._server_language: contextvars.ContextVar[str] = contextvars.ContextVar("server_language", default=SOURCE)
        # One lock per channel, dropped once no command holds it, so the map stays small.
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()

    def _lock(self, channel_id: str) -> asyncio.Lock:
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock

    # -- entry point ----------------------------------------------------------------------------
    async def handle(self, channel_id: str | int, user_id: str | int, command: Command,
                     guild_id: str | int | None = None, caller: Caller | None = None,
                     locale: str | None = None) -> Reply:
        """``caller``: what the transport knows of the user (organiser permissions) and where
        league games open; only league commands use it. ``locale``: the language Discord says
        the user reads (``interaction.locale``); the reply is said in the user's language
        (:func:`bot.i18n.language_of`), the board in the server's."""
        channel_id, user_id = str(channel_id), str(user_id)
        server = await self.server_language(guild_id)
        # The reader's language, once: a name typed in it (an area, a spell, a magic item, a card)
        # is read first in it (_typed), and the reply is said in it.
        lang = language_of(await self._user_language(user_id), locale, server)
        token = self._server_language.set(server)
        try:
            reply = await self._handle(channel_id, user_id, command, guild_id, caller, server, lang)
        finally:
            self._server_language.reset(token)
        if command.key in ("language", "server"):  # the answer is said in the language just chosen
            lang = language_of(await self._user_language(user_id), locale, await self.server_language(guild_id))
        return spoken(reply, lang)

    async def server_language(self, guild_id: str | int | None) -> str:
        """The language of what everyone in the server sees (board captions, the turn ping)."""
        try:
            return supported(await self.store.server_setting(guild_id, "language")) or self.language
        except StoreError:
            return self.language

    async def _user_language(self, user_id: str) -> str | None:
        try:
            return await self.store.user_language(user_id)
        except StoreError:
            return None

    async def _handle(self, channel_id: str, user_id: str, command: Command, guild_id: str | int | None,
                      caller: Caller | None, server: str, lang: str) -> Reply:
        try:
            check_bounds(command)
            if command.key in ("language", "server"):
                return await self._preferences(user_id, guild_id, command, caller)
            if command.group in ("league", "campaign") or command.key == "profile":
                return await self.leagues.handle(channel_id, user_id, guild_id, command, caller)
            if command.key == "help":
                return await self._help(channel_id, command.options.get("topic"))
            if command.key == "roll":
                return await self._free_roll(channel_id, user_id, guild_id, command)
            if command.key == "card":
                return await self.collection.card(user_id, command, lang)
            if command.key in COLLECTION_COMMANDS:
                return await self.collection.warband(user_id, command)
            if command.key in ARMY_COMMANDS and not (command.key == "army show" and command.options.get("seat")):
                # An army list's magic items may be named in any language (no game: the rulebook's).
                command = replace(command, options=self._typed(get_ruleset("ninth-age"), None, command.key,
                                                               command.options, lang))
                return await self.armies.handle(user_id, command)
            if command.key == "games":
                return await inbox(self, user_id, None if guild_id is None else str(guild_id))
            if command.key in ("notify", "vacation"):  # about the user, not one channel's game
                return await self.clocks.handle(channel_id, user_id, guild_id, command)
            async with self._lock(channel_id):
                if command.key in REPLAY_COMMANDS:
                    return await self.replays.handle(channel_id, user_id, guild_id, command)
                if command.key in CLOCK_COMMANDS:
                    return await self.clocks.handle(channel_id, user_id, guild_id, command)
                if command.key == "warband use":
                    reply = await self._warband_use(channel_id, user_id, command, lang)
                elif command.key in ("army use", "army show"):  # Ninth Age armies in this channel's game
                    reply = await self._army_in_game(channel_id, user_id, command, lang)
                elif command.group == "game" and command.name in GAME_COMMANDS:
                    handler = getattr(self, f"_game_{command.name}")
                    reply = await handler(channel_id, user_id, guild_id, command)
                else:
                    reply = await self._play(channel_id, user_id, command, lang)
            # Drawn after the lock: the channel's next command need not wait for the picture.
            if reply.board is not None:
                view, reply.board = reply.board, None
                reply.image = await self.boards.draw(channel_id, localised_view(view, server))
            return reply
        except IllegalAction as exc:
            return refusal(exc)
        except VersionConflict:
            return Reply(text=_("⛔ Someone else acted at the same moment; nothing was changed. Try again."),
                         ephemeral=True, error="conflict")
        except StoreError as exc:
            # ChannelBusy -> "channel-busy": the store's refusals keep their own names.
            code = re.sub(r"(?<!^)(?=[A-Z])", "-", type(exc).__name__).lower()
            return Reply(text=join("", ["⛔ ", exc.args[0] if exc.args and isinstance(exc.args[0], Text) else str(exc)]),
                         ephemeral=True, error=code)
        except Exception:
            # A bug must cost one command, not the console or the channel: the lock is released
            # by `async with`, a write either committed whole or not at all, and the traceback
            # goes to the log under a reference the player can quote.
            ref = secrets.token_hex(4)
            log.exception("unexpected error %s in /%s (channel %s, user %s)", ref, command.key, channel_id, user_id)
            return Reply(text=_("⚠️ Sorry, Warband hit an unexpected error with /{command} (ref {ref}); "
                                "it is logged. Check /game status before trying again.", command=command.key, ref=ref),
                         ephemeral=True, error="internal-error")

    async def _preferences(self, user_id: str, guild_id, command: Command, caller: Caller | None) -> Reply:
        """``/language [lang:]``: the user's own language, or which one they read now;
        ``/server [language:]``: the server's settings (an organiser changes them)."""
        names = listed(f"{code} ({name})" for code, name in LANGUAGES.items())
        if command.key == "language":
            wanted = str(command.options.get("lang") or "").strip().casefold()
            if not wanted:
                chosen = await self.store.user_language(user_id)
                if chosen is None:
                    return Reply(text=_("You have chosen no language: you read your Discord's language, else "
                                        "the server's, else English. Choose one with /language lang:, one of "
                                        "{languages}.", languages=names), ephemeral=True)
                return Reply(text=_("Your language is {language}. /language lang:auto goes back to your "
                                    "Discord's language.", language=language_word(chosen)), ephemeral=True)
            if wanted in ("auto", "none", "discord"):
                await self.store.set_user_language(user_id, None)
                return Reply(text=_("You read your Discord's language again (else the server's, else English)."),
                             ephemeral=True)
            if supported(wanted) != wanted:
                raise IllegalAction("bad-language", _("There is no language {lang}. Languages: {languages}.",
                                                      lang=quote(wanted), languages=names))
            await self.store.set_user_language(user_id, wanted)
            return Reply(text=_("Your language is now {language}.", language=language_word(wanted)), ephemeral=True)
        if guild_id is None:
            raise IllegalAction("no-server", _("/server sets a Discord server's defaults; there is no server here."))
        given = {key: str(command.options[key]).strip() for key in ("language", "games_in", "organiser_role", "reset")
                 if command.options.get(key) not in (None, "")}
        current = await self.store.server_settings(guild_id)
        if not given:
            language = current.get("language") or SOURCE
            role = current.get("organiser_role")
            return Reply(text=join("\n", [
                _("This server's language is {language}. An organiser changes it with /server language:, one of "
                  "{languages}.", language=language_word(language), languages=names),
                _("League games open in a channel of their own (/server games_in:thread or channel; a league's own "
                  "setting wins).") if current.get("games_in") == "channel" else
                _("League games open in a thread (/server games_in:thread or channel; a league's own setting wins)."),
                _("League organisers: each league's creator, members with Manage Server or Manage Events, and the "
                  "role <@&{role}>.", role=role) if role else
                _("League organisers: each league's creator and members with Manage Server or Manage Events "
                  "(/server organiser_role: adds a role)."),
            ]), ephemeral=True)
        if caller is None or not caller.organiser:
            raise IllegalAction("not-organiser", _("Only an organiser (Manage Server or Manage Events) can change "
                                                   "the server's settings."))
        # Every value is checked before any is kept, so a refusal changes nothing.
        changes: dict[str, str | None] = {}
        if "language" in given:
            wanted = given["language"].casefold()
            if supported(wanted) != wanted:
                raise IllegalAction("bad-language", _("There is no language {lang}. Languages: {languages}.",
                                                      lang=quote(wanted), languages=names))
            changes["language"] = wanted
        if "games_in" in given:
            where = given["games_in"].casefold()
            if where not in ("thread", "channel"):
                raise IllegalAction("bad-setting", _("games_in: is thread or channel, not {value}.",
                                                     value=quote(given["games_in"])))
            changes["games_in"] = where
        if "organiser_role" in given:
            role = given["organiser_role"]
            if role.startswith("<@&") and role.endswith(">"):
                role = role[3:-1]
            if not role.isdigit():
                raise IllegalAction("bad-setting", _("organiser_role: is a role of this server (a mention or its id), "
                                                     "not {value}.", value=quote(given["organiser_role"])))
            changes["organiser_role"] = role
        if "reset" in given:
            key = given["reset"].casefold()
            if key not in ("language", "games_in", "organiser_role"):
                raise IllegalAction("bad-setting", _("reset: is language, games_in or organiser_role, not {value}.",
                                                     value=quote(given["reset"])))
            if key in changes:
                raise IllegalAction("bad-setting", _("/server cannot set and reset {key} at once.", key=key))
            changes[key] = None
        said = []
        for key, value in changes.items():
            await self.store.set_server_setting(guild_id, key, value, by=user_id)
            if key == "language":
                said.append(_("This server's language is now {language}: boards and turn pings are said in it, "
                              "and it is the language of players who chose none.", language=language_word(value))
                            if value else _("This server's language is English again."))
            elif key == "games_in":
                said.append(_("League games now open in a channel of their own (a league's own games_in= setting "
                              "still wins).") if value == "channel" else
                            _("League games now open in a thread of the league's channel (a league's own games_in= "
                              "setting still wins).") if value else _("League games open in a thread again."))
            else:
                said.append(_("Members with the role <@&{role}> now organise every league on this server.", role=value)
                            if value else _("No role organises this server's leagues any more."))
        return Reply(text=join("\n", said))

    async def _help(self, channel_id: str, topic: str | None = None) -> Reply:
        """The commands everyone uses and the games there are; with a game in the channel (or
        ``topic:`` naming a game), that game's own commands; or another topic."""
        name = str(topic or "").strip().casefold()
        if name in ruleset_names():
            ruleset = get_ruleset(name)
        elif name:
            return Reply(text=help_text(topic=topic, games=ruleset_names()), ephemeral=True)
        else:
            game = await self.store.active_game(channel_id)
            if game is None:
                return Reply(text=help_text(games=ruleset_names()), ephemeral=True)
            ruleset = get_ruleset(game.ruleset)
        return Reply(text=help_text(ruleset.title, ruleset.commands() | {"decide"}, ruleset.help_notes(),
                                    game=ruleset.name), ephemeral=True)

    # -- helpers --------------------------------------------------------------------------------
    async def _game(self, channel_id: str, finished_ok: bool = False) -> tuple[GameRecord, Ruleset, GameState]:
        """The channel's active game; with ``finished_ok`` the latest one, so a finished
        game's board and log can still be looked at."""
        game = await self.store.active_game(channel_id)
        if game is None and finished_ok:
            recent = await self.store.recent_games(channel_id, limit=1)
            game = recent[0] if recent else None
        if game is None:
            raise IllegalAction("no-game", _("There is no game in this channel. Start one with /game new."))
        ruleset = get_ruleset(game.ruleset)
        return game, ruleset, self._state_of(game, ruleset)

    def _state_of(self, game: GameRecord, ruleset: Ruleset) -> GameState:
        """The game's state, parsed once per version (see :mod:`bot.parsed`). A game stored under
        newer rules than this code plays is refused (Ruleset.check_rules_version)."""
        ruleset.check_rules_version(game.rules_version)
        state = self.parsed.get(game.id, game.version)
        if state is None:
            state = ruleset.load_state(game.state_json, game.rules_version)
            if isinstance(getattr(state, "map", None), GridMap):
                state.map = shared_map(state.map)  # one map object per map content
            self.parsed.put(game.id, game.version, state)
        return state

    async def _seat_of(self, game: GameRecord, user_id: str) -> str | None:
        seat = await self.store.seat_of(game.id, user_id)
        return seat.seat_id if seat else None

    async def _mentions(self, game_id: int, ruleset: Ruleset, state: GameState,
                        asked: bool = False, acted: str | None = None) -> tuple[list[str], str]:
        """Who is pinged, and the line naming whose move it is. ``acted``: the seat that just
        acted; it is at the keyboard, so it is named but not pinged, unless a question newly
        asks it. The line is a Text, said in the language of the message it ends: a command's
        or a click's reply in its user's (Service.handle), a post nobody asked for (a time-out)
        in the server's (Clocks._said); the status message says it in the server's too."""
        if state.is_over:
            return [], ""
        seats = {s.seat_id: s for s in await self.store.seats(game_id)}
        waiting = ruleset.to_act(state)
        fresh = [s for s in waiting if s != acted
                 or (asked and state.pending is not None and state.pending.decision.seat == s)]
        users = [seats[s].user_id for s in fresh if s in seats and seats[s].user_id]
        names = {s.id: s.name for s in state.seats}
        if not waiting:
            return [], ""
        who = commas(f"<@{seats[s].user_id}>" if s in seats and seats[s].user_id else names.get(s, s)
                        for s in waiting)
        # A question just posted (❓) is not repeated: the mention only says how to answer.
        line = _("➡️ {who}: {what}", who=who, what=_("answer with /decide.") if asked else ruleset.status(state))
        return users, join("", ["\n", line])

    async def _view(self, ruleset: Ruleset, state: GameState, game_id: int | None = None) -> Any:
        """The board to draw, with each seat's time left under it when the game has a clock; while a
        question waits, the board of the action up to it (what the reply has told the table)."""
        view = ruleset.board(ruleset.as_seen(state))
        if game_id is not None:
            times = await self.clocks.caption(game_id, {s.id: s.name for s in state.seats})
            if times:
                view.caption = join("  ", [view.caption, times]) if view.caption.strip() else times
        return view

    async def _board(self, ruleset: Ruleset, state: GameState, game_id: int | None = None) -> bytes:
        view = await self._view(ruleset, state, game_id)
        # Drawing takes a fraction of a second: keep it off the event loop.
        return await self.boards.draw(None, view)

    async def _commit(self, game: GameRecord, ruleset: Ruleset, state: GameState, seat: str | None,
                      user_id: str | None, action, events: list[Event], **extra) -> "Committed":
        """Commit ``action`` and, after it, each answer the game gives at once to the question it
        leaves (a setting such as the Ninth Age's ``auto=``, Ruleset.auto_step): each such
        answer is a /decide of its own in the log, from the seat asked, as if given by hand (so
        the game replays exactly, and /game undo takes one back as any answer). Returns the
        game's last version, the state after them all and every event to tell the table."""
        version = await self._commit_one(game, game.version, state, seat, user_id, action, events, **extra)
        told = list(events)
        for _step in range(AUTO_ANSWERS_AT_MOST):
            try:
                step = ruleset.auto_step(state)
            except IllegalAction:  # the action is committed: its question waits for the player instead
                log.exception("game #%s: the automatic answer was refused", game.id)
                break
            if step is None:
                break
            decide, state, answered = step
            version = await self._commit_one(game, version, state, decide.seat, None, decide, answered)
            # The question is kept in the log's events, but the table is not asked it: it is
            # told the answer taken instead (the auto line opens ``answered``).
            asked = [i for i, e in enumerate(told) if e.kind == "decision"]
            if asked:
                del told[asked[-1]]
            told.extend(answered)
        await self.clocks.sync(game.id, ruleset, state, acted=seat)
        return Committed(version, state, told)

    async def _commit_one(self, game: GameRecord, expected: int, state: GameState, seat: str | None,
                          user_id: str | None, action, events: list[Event], **extra) -> int:
        status = result = None
        if state.is_over:
            status, result = "finished", state.result.model_dump(mode="json")
        version = await self.store.commit_action(
            game.id, expected, seat, user_id, action.model_dump(mode="json"),
            [e.model_dump(mode="json") for e in events], state.model_dump(mode="json"),
            status=status, result_json=result, snapshot=state.pending is None,
            state_digest=fairness.state_digest(state), **extra,
        )
        self.parsed.put(game.id, version, state)
        if state.is_over:
            # The result goes to the ratings and to the league pairing that opened the game, if
            # any. The game is already committed: a failure here is logged, and the league
            # catches up with the finished game the next time it is looked at.
            try:
                await self.leagues.game_over(game, state)
            except Exception:
                log.exception("could not report the end of game #%s to its league and ratings", game.id)
        return version

    async def _applied_reply(self, game: GameRecord, ruleset: Ruleset, state: GameState,
                             events: list[Event], force_board: bool = False,
                             acted: str | None = None, version: int | None = None) -> Reply:
        """What the table is told of a commit; ``version``: the game's version after it (by
        default the one after ``game``'s), which a question's buttons name."""
        asked = state.pending is not None and any(e.kind == "decision" for e in events)
        mentions, next_line = await self._mentions(game.id, ruleset, state, asked=asked,
                                                   acted=acted)
        parts: list[Any] = [join("\n", [event_text(e) for e in events if e.kind != "prompt"]), next_line]
        board = None
        if force_board or any(e.kind in ruleset.board_events for e in events):
            board = await self._view(ruleset, state, game.id)
            focus = board.action_square() if isinstance(board, BoardView) else None
            if focus is not None and not state.is_over and max(board.width, board.height) > BIG_BOARD:
                # A whole big board is unreadable at Discord's preview width: post where the
                # action was, larger; the whole battlefield is a command away.
                board = board.around(focus, AROUND_SIZE)
                parts.append(_("\n🔎 The board around the action; /game board shows the whole battlefield."))
        # Buttons beside the slash commands: the question's answers, or the player's moves.
        # The game's version after this commit (+1) marks a question's buttons as current.
        buttons = []
        if asked:
            buttons = question_buttons(game.id, game.version + 1 if version is None else version,
                                       state.pending.decision.options, state.pending.decision.unlisted)
        elif not state.is_over and ruleset.to_act(state):
            buttons = [moves_button(game.id)]
        if state.is_over:
            parts.append(await self.leagues.result_note(game.id))
            parts.append(await self._reveal(game))
        text = join("", parts)
        return Reply(text=text if text.strip() else ruleset.status(state), board=board, mentions=mentions,
                     buttons=buttons)

    async def _reveal(self, game: GameRecord) -> str:
        """The end of a game reveals its seed, to check against the commitment posted at the start."""
        commitment = await self.store.commitment(game.id)
        if commitment is None:
            return ""
        return _("\n🔓 The dice seed was {seed} (salt `{salt}`); SHA-256 of \"{seed}:{salt}\" is the commitment "
                 "`{digest}`. /game verify checks every roll.", seed=game.seed, salt=commitment.salt,
                 digest=commitment.digest)

    # -- play -----------------------------------------------------------------------------------
    async def _play(self, channel_id: str, user_id: str, command: Command, lang: str = SOURCE) -> Reply:
        game, ruleset, state = await self._game(channel_id)
        if not ruleset.accepts_command(command.name):
            raise IllegalAction("unknown-command", _("{game} has no /{command} command. Try /help.",
                                                      game=ruleset.title, command=command.key))
        seat = await self._seated(game, user_id)
        return await self._act(game, ruleset, state, seat, user_id, command.name, dict(command.options), lang)

    @staticmethod
    def _typed(ruleset: Ruleset, state: GameState | None, key: str, options: dict[str, Any],
               lang: str) -> dict[str, Any]:
        """``options`` of command ``key`` with each name the ruleset lets a player type in any
        language (a Conan area: "Porta", "kapu", "Gate"; a spell, a magic item, a card) turned
        into the value the command reads (bot.i18n.typed_back), ``lang``'s reading first. A name
        no language knows is left as typed, for the ruleset to refuse."""
        try:
            spec = find_command(key)
        except IllegalAction:
            return options
        return typed_back(options, spec, lambda kind: ruleset.typed_names(state, kind), lang)

    async def _seated(self, game: GameRecord, user_id: str) -> str:
        seat = await self._seat_of(game, user_id)
        if seat is None:
            raise IllegalAction("not-seated", _("You are not playing in this game. Take a free seat with /game join."))
        return seat

    async def _act(self, game: GameRecord, ruleset: Ruleset, state: GameState, seat: str, user_id: str,
                   name: str, options: dict[str, Any], lang: str = SOURCE) -> Reply:
        """The engine applies one player command; the store commits it; the reply tells the table.
        ``lang``: the player's language (Service.handle), whose names are read first."""
        options = self._typed(ruleset, state, name, options, lang)
        action = ruleset.action_from_command(state, seat, name, options)
        new_state, events = ruleset.apply(state, action)
        # Any new action withdraws an open undo request: it no longer names the last action.
        extra = {"pending_json": None} if game.pending else {}
        done = await self._commit(game, ruleset, new_state, seat, user_id, action, events, **extra)
        return await self._applied_reply(game, ruleset, done.state, done.events, acted=seat, version=done.version)

    async def _warband_use(self, channel_id: str, user_id: str, command: Command, lang: str = SOURCE) -> Reply:
        """A saved warband goes into the game as the player's warband move."""
        game, ruleset, state = await self._game(channel_id)
        if "warband" not in ruleset.commands():
            raise IllegalAction("no-warbands", _("{game} is not played with warbands.", game=ruleset.title))
        seat = await self._seated(game, user_id)
        options = await self.collection.game_options(user_id, str(command.options.get("name", "")))
        return await self._act(game, ruleset, state, seat, user_id, "warband", options, lang)

    async def _army_in_game(self, channel_id: str, user_id: str, command: Command, lang: str = SOURCE) -> Reply:
        """``/army use``: a saved army (or a sample) goes into the game as the player's army move;
        ``/army show seat:``: a seat's army as this user may see it (hidden lists, §2.4)."""
        game, ruleset, state = await self._game(channel_id)
        if "army" not in ruleset.commands():
            raise IllegalAction("no-armies", _("{game} is not played with armies.", game=ruleset.title))
        if command.name == "show":
            seat = await self._seat_of(game, user_id)
            return Reply(text=ruleset.army_text(state, str(command.options.get("seat", "")), seat,
                                                unit=str(command.options.get("unit") or "") or None), ephemeral=True)
        seat = await self._seated(game, user_id)
        options = await self.armies.game_options(user_id, str(command.options.get("name", "")))
        return await self._act(game, ruleset, state, seat, user_id, "army", options, lang)

    async def _free_roll(self, channel_id: str, user_id: str, guild_id, command: Command) -> Reply:
        if str(command.options.get("dice", "")).strip().lower() == "history":
            return await self._roll_history(channel_id)
        # Free rolls never touch a game's generator: that would break the game's replay.
        rng = Rng.from_seed(self.seed_source())
        roll = roll_dice(str(command.options.get("dice", "")), rng, purpose="")
        await self.store.log_free_roll(channel_id, guild_id, user_id, roll.expression, roll.model_dump(mode="json"))
        shown = roll.describe()
        if len(shown) > MAX_ROLL_TEXT:  # a huge roll: the dice are in the roll history, the total here
            shown = _("{expression} = {total} (too many dice to list)", expression=roll.expression, total=roll.total)
        return Reply(text=_("🎲 <@{user}> rolls {roll}", user=user_id, roll=shown))

    async def _roll_history(self, channel_id: str) -> Reply:
        """``/roll history``: the channel's latest free rolls, for referees."""
        rolls = await self.store.free_rolls(channel_id, limit=20)
        if not rolls:
            return Reply(text=_("No dice were rolled here outside a game yet."), ephemeral=True)
        lines: list[Any] = [ngettext("🎲 **The last free roll here**", "🎲 **The last {n} free rolls here**", len(rolls))]
        for record in rolls:
            total = record.result.get("total") if isinstance(record.result, dict) else "?"
            lines.append(f"{record.created_at:%Y-%m-%d %H:%M} <@{record.user_id}> {record.expression} = {total}")
        return Reply(text=join("\n", lines), ephemeral=True)

    # -- /game ... ------------------------------------------------------------------------------
    async def _game_new(self, channel_id: str, user_id: str, guild_id, command: Command) -> Reply:
        name = str(command.options.get("ruleset", "")).strip()
        ruleset = get_ruleset(name)
        options = parse_settings(command.options.get("settings"))
        # The time control is the bot's, not a rule: it never reaches the engine.
        clock = parse_clock(options.pop("clock", "none"))
        timeout_setting = options.pop("timeout", "default")
        unknown = sorted(set(options) - set(ruleset.option_names()))
        if unknown:
            known = commas([_("{setting} ({help})", setting=k, help=v)
                                for k, v in ruleset.option_names().items()]) or _("none")
            raise IllegalAction("bad-setting", _("{game} has no setting {unknown}. Settings: {known}.",
                                                 game=ruleset.title, unknown=commas(unknown), known=known))
        if command.options.get("map"):
            options["map"] = str(command.options["map"])
        if command.options.get("scenario"):
            if "scenario" not in ruleset.option_names():
                raise IllegalAction("bad-option", _("{game} has no scenarios to choose.", game=ruleset.title))
            options["scenario"] = str(command.options["scenario"])
        upload: Attachment | None = command.attachments.get("mapfile")
        if upload is not None and hasattr(ruleset, "read_map_upload"):  # a ruleset's own file (Ninth Age terrain)
            if len(upload.data) > MAX_UPLOAD_BYTES:
                raise IllegalAction("bad-map", _("{file} is too large (over {most} KiB).", file=upload.filename, most=MAX_UPLOAD_BYTES // 1024))
            options.update(ruleset.read_map_upload(upload.filename, upload.data, options))
        elif upload is not None:
            options["map_data"] = self._read_map_upload(upload)
        seed = command.options.get("seed")
        seed_given = seed not in (None, "")
        seed = int(seed) if seed_given else self.seed_source()
        if not 0 <= seed <= MAX_SEED:
            raise IllegalAction("bad-seed", _("The seed must be a whole number from 0 to {most} (2^53 - 1).",
                                              most=MAX_SEED))
        state = ruleset.new_game(seed, options)
        timeout = parse_timeout(timeout_setting, ruleset, len(state.seats))
        creator_seat = ruleset.creator_seat(state)
        game = await self.store.create_game(channel_id, guild_id, ruleset.name, seed, options,
                                            state.model_dump(mode="json"), user_id,
                                            [(s.id, s.name) for s in state.seats],
                                            creator_seat=creator_seat, rules_version=ruleset.rules_version)
        if clock is not None:
            await self.clocks.create(game.id, clock, timeout, [s.id for s in state.seats])
            await self.clocks.sync(game.id, ruleset, state)
        # Fair dice: the seed stays secret, a commitment to it is posted (bot.fairness).
        salt = fairness.new_salt()
        await self.store.save_commitment(game.id, salt, fairness.digest(seed, salt), seed_given)
        if seed_given:
            lines: list[Any] = [_("🎲 New game of **{game}** (game #{id}, seed {seed}, chosen by a player).",
                                  game=ruleset.title, id=game.id, seed=seed)]
        else:
            lines = [_("🎲 New game of **{game}** (game #{id}). 🔒 Dice commitment `{digest}`: the seed is revealed "
                       "when the game ends (/game verify).", game=ruleset.title, id=game.id,
                       digest=fairness.digest(seed, salt))]
        if clock is not None:
            lines.append(_("⏱️ Clock: {clock}; on time-out: {timeout}.", clock=clock.describe(), timeout=timeout))
        if command.options.get("thread"):  # Discord opens the thread before it gets here
            lines.append(_("(There are no threads here: the game is played in this channel.)"))
        if creator_seat is not None:
            lines.append(_("<@{user}> takes the seat {seat}.", user=user_id, seat=state.seat(creator_seat).name))
        free = [s.name for s in state.seats if s.id != creator_seat]
        if free:
            lines.append(_("Free seats: {seats}. Join with /game join.", seats=commas(free)))
        return Reply(text=join("\n", lines), buttons=[join_button(game.id)] if free else [])

    @staticmethod
    def _read_map_upload(upload: Attachment) -> dict[str, Any]:
        from engine.grid import GridMap
        from engine.grid.board import MAX_NAME as MAP_NAME_MOST

        if len(upload.data) > MAX_UPLOAD_BYTES:
            raise IllegalAction("bad-map", _("{file} is too large (over {kib} KiB).", file=upload.filename,
                                             kib=MAX_UPLOAD_BYTES // 1024))
        try:
            text = upload.data.decode("utf-8")
        except UnicodeDecodeError:
            raise IllegalAction("bad-map", _("{file} is not a text file (UTF-8 JSON or a text grid).",
                                             file=upload.filename)) from None
        if upload.filename.lower().endswith(".json") or text.lstrip().startswith("{"):
            grid = GridMap.from_json_text(text)
        else:
            # A text grid without a 'name:' line is named after its file ("crypt.txt": "crypt"), not
            # the English word "map" that every language would then read.
            stem = upload.filename.rsplit("/", 1)[-1].rsplit(".", 1)[0].strip()[:MAP_NAME_MOST]
            grid = GridMap.from_text_grid(text, name=stem or None)
        return grid.model_dump(mode="json")

    async def _game_join(self, channel_id: str, user_id: str, guild_id, command: Command) -> Reply:
        game, ruleset, state = await self._game(channel_id)
        seats = await self.store.seats(game.id)
        wanted = command.options.get("seat")
        if wanted:
            key = str(wanted).strip().casefold()
            chosen = next((s for s in seats if key in (s.seat_id.casefold(), s.name.casefold())), None)
            if chosen is None:
                raise IllegalAction("unknown-seat", _("There is no seat {seat}. Seats: {seats}.", seat=quote(wanted),
                                                      seats=commas(f"{s.seat_id} ({s.name})" for s in seats)))
        else:
            chosen = next((s for s in seats if s.is_free), None)
            if chosen is None:
                raise IllegalAction("no-free-seat", _("Every seat in this game is taken."))
        lines: list[Any] = [_("<@{user}> takes the seat {seat}.", user=user_id, seat=chosen.name)]
        filled = {s.seat_id for s in seats if not s.is_free} | {chosen.seat_id}
        full = all(s.seat_id in filled for s in seats if ruleset.seat_required(s.seat_id))
        start = ruleset.start_action(state) if full else None
        if start is None:
            await self.store.claim_seat(game.id, chosen.seat_id, user_id, game.version)
            await self.clocks.sync(game.id, ruleset, state)
            return Reply(text=join("\n", lines))
        # The last seat taken starts the game: seat and first action in one transaction.
        new_state, events = ruleset.apply(state, start)
        done = await self._commit(game, ruleset, new_state, None, None, start, events, claim=(chosen.seat_id, user_id))
        reply = await self._applied_reply(game, ruleset, done.state, done.events, version=done.version)
        reply.text = join("\n", [*lines, reply.text])
        return reply

    async def _game_status(self, channel_id: str, user_id: str, guild_id, command: Command) -> Reply:
        game, ruleset, state = await self._game(channel_id, finished_ok=True)
        seats = await self.store.seats(game.id)
        lines: list[Any] = [_("**{game}** — game #{id}", game=ruleset.title, id=game.id)]
        for s in seats:
            lines.append(_("• {seat}: {who}", seat=s.name, who=f"<@{s.user_id}>" if s.user_id else _("free")))
        lines.append(ruleset.status(state))
        lines.append(ruleset.rules_version_line(game.rules_version))
        lines.extend(await self.clocks.lines(game.id, {s.seat_id: s.name for s in seats}))
        return Reply(text=join("\n", lines), ephemeral=True)

    async def _game_board(self, channel_id: str, user_id: str, guild_id, command: Command) -> Reply:
        game, ruleset, state = await self._game(channel_id, finished_ok=True)
        commander = command.options.get("command")
        if commander is not None:
            view = ruleset.command_range_board(state, str(commander))
            return Reply(text=view.caption, board=self._around(view, command))
        private = getattr(ruleset, "private_board", None)  # secrets a seat may see (Ninth Age Hidden models)
        if private is not None:
            view = private(state, await self._seat_of(game, user_id))
            if view is not None:
                return Reply(text=join("", [ruleset.status(state), _(" (your own view: only you see it)")]), board=view,
                             ephemeral=True)
        return Reply(text=ruleset.status(state), board=self._around(await self._view(ruleset, state, game.id), command))

    @staticmethod
    def _around(view: BoardView, command: Command) -> BoardView:
        """``view``, or with ``around:SQUARE [size:N]`` the squares around that one."""
        around = str(command.options.get("around") or "").strip()
        if not around:
            return view
        from engine.table.view import TableView

        if isinstance(view, TableView):  # a table: around:UNIT zooms on that unit and its whole combat
            try:
                return view.around(around)
            except ValueError as problem:
                raise IllegalAction("unknown-unit", _("around: {problem}.", problem=problem.args[0] if problem.args else str(problem))) from None
        if not isinstance(view, BoardView):
            raise IllegalAction("bad-option", _("around: crops a board of squares; this game's board has none."))
        from engine.grid import parse_square

        try:
            square = parse_square(around)
        except (ValueError, IllegalAction):
            raise IllegalAction("bad-square", _("{square} is not a square; write one like E5.",
                                                square=repr(around[:20]))) from None
        if not (0 <= square[0] < view.width and 0 <= square[1] < view.height):
            raise IllegalAction("bad-square", _("{square} is not on this {width} x {height} board.",
                                                square=around[:20], width=view.width, height=view.height))
        size = command.options.get("size")
        try:
            size = AROUND_SIZE if size in (None, "") else int(size)
        except (TypeError, ValueError):
            size = 0
        if not 3 <= size <= MOST_AROUND:
            raise IllegalAction("bad-option", _("size must be from 3 to {most} squares.", most=MOST_AROUND))
        return view.around(square, size)

    async def _game_log(self, channel_id: str, user_id: str, guild_id, command: Command) -> Reply:
        game, ruleset, state = await self._game(channel_id, finished_ok=True)
        last = int(command.options.get("last") or 20)
        if not 1 <= last <= 500:
            raise IllegalAction("bad-option", _("last must be between 1 and 500."))
        records = await self.store.events(game.id, limit=last)
        if not records:
            return Reply(text=_("Nothing has happened yet."), ephemeral=True)
        lines: list[Any] = [ngettext("**Log of game #{id}** (last {n} entry)", "**Log of game #{id}** (last {n} entries)",
                                     len(records), id=game.id)]
        for record in records:
            lines.append(join("", [f"`{record.action_seq:>3}` ", event_text(Event.model_validate(record.event))]))
        return Reply(text=join("\n", lines), ephemeral=True)

    async def _game_resign(self, channel_id: str, user_id: str, guild_id, command: Command) -> Reply:
        game, ruleset, state = await self._game(channel_id)
        seat = await self._seat_of(game, user_id)
        if seat is None:
            raise IllegalAction("not-seated", _("Only a player in this game can resign."))
        action = ruleset.parse_action({"kind": "resign", "seat": seat})
        new_state, events = ruleset.apply(state, action)
        done = await self._commit(game, ruleset, new_state, seat, user_id, action, events)
        return await self._applied_reply(game, ruleset, done.state, done.events, force_board=True, version=done.version)

    async def _game_abandon(self, channel_id: str, user_id: str, guild_id, command: Command) -> Reply:
        game, ruleset, state = await self._game(channel_id)
        if game.created_by != user_id:
            raise IllegalAction("not-creator", _("Only the player who started this game can abandon it."))
        await self.store.finish_game(game.id, game.version, {"reason": "abandoned"}, status="abandoned")
        return Reply(text=join("", [_("Game #{id} is abandoned. The channel is free for a new game.", id=game.id),
                                    await self._reveal(game)]))

    async def _game_judge(self, channel_id: str, user_id: str, guild_id, command: Command) -> Reply:
        """The game's creator names a judge, who needs no seat (#15 item 16)."""
        game, ruleset, state = await self._game(channel_id)
        if not ruleset.has_judge:
            raise IllegalAction("no-judge", _("{game} has no judge: its referee rules.", game=ruleset.title)
                                if ruleset.creator_seat(state) else _("{game} has no judge.", game=ruleset.title))
        if game.created_by != user_id:
            raise IllegalAction("not-creator", _("Only the player who started this game can name its judge."))
        judge = _MENTION.sub(r"\1", str(command.options.get("user", "")).strip())
        if not judge:
            raise IllegalAction("missing-option", _("Say who judges: /game judge user:@someone."))
        await self.store.name_judge(game.id, judge, game.version)
        return Reply(text=_("⚖️ <@{judge}> judges game #{id}: their rulings (/override, /damage, /heal, /remove, "
                            "/condition, each with a reason) go into the log, and are taken back only with them.",
                            judge=judge, id=game.id),
                     mentions=[judge])

    async def _game_undo(self, channel_id: str, user_id: str, guild_id, command: Command) -> Reply:
        """Undo needs both sides: the first /game undo asks, a player of another seat confirms."""
        game, ruleset, state = await self._game(channel_id)
        seat = await self._seat_of(game, user_id)
        if seat is None:
            raise IllegalAction("not-seated", _("Only a player in this game can ask for an undo."))
        # Only the last player action is read, not the whole log (10,000 rows in a long game).
        target = await self.store.last_player_action(game.id)
        if target is None:
            raise IllegalAction("nothing-to-undo", _("There is no player action to take back."))
        pending = game.pending or {}
        request = pending.get("undo") if isinstance(pending, dict) else None
        # A referee (the ruleset's arbiter) agrees to every undo; their own needs no one.
        arbiter = ruleset.undo_arbiter(state)
        if arbiter is not None and seat == arbiter:
            request = {"seq": target.seq, "by": None}
        if not request or request.get("seq") != target.seq:
            await self.store.set_pending(game.id, game.version, {"undo": {"seq": target.seq, "by": seat}})
            others = [s for s in await self.store.seats(game.id) if s.seat_id != seat and s.user_id
                      and arbiter in (None, s.seat_id)]
            who = (_("The referee confirms with /game undo.") if arbiter is not None
                   else _("Another player confirms with /game undo."))
            return Reply(
                text=join(" ", [_("<@{user}> asks to take back action {seq} ({kind}).", user=user_id, seq=target.seq,
                                  kind=ruleset.action_name(target.action.get("kind"))), who]),
                mentions=[s.user_id for s in others],
                buttons=undo_buttons(game.id, game.version + 1),
            )
        if request.get("by") == seat:
            raise IllegalAction("undo-needs-agreement", _("You asked for this undo; another player must confirm it."))
        if arbiter is not None and seat != arbiter:
            raise IllegalAction("undo-needs-referee", _("Only the referee can agree to an undo in this game."))
        if target.seat_id == JUDGE_SEAT and JUDGE_SEAT not in (seat, request.get("by")):
            raise IllegalAction("undo-needs-judge", _("A judge's ruling is taken back only with the judge: "
                                                      "the judge confirms with /game undo."))
        replayed = await self._replayed_before(game, ruleset, target.seq)
        version = await self.store.rewrite_after_undo(game.id, game.version, target.seq - 1,
                                                      replayed.model_dump(mode="json"))
        self.parsed.put(game.id, version, replayed)
        await self.clocks.sync(game.id, ruleset, replayed)
        mentions, next_line = await self._mentions(game.id, ruleset, replayed)
        taken = (_("↩️ Action {seq} is taken back by the referee.", seq=target.seq) if arbiter is not None
                 else _("↩️ Action {seq} is taken back by agreement.", seq=target.seq))
        return Reply(text=join("", [taken, next_line]),
                     board=await self._view(ruleset, replayed, game.id), mentions=mentions)

    async def _replayed_before(self, game: GameRecord, ruleset: Ruleset, seq: int) -> GameState:
        """The state just before action ``seq``, exactly: replayed from the nearest snapshot
        (or the seed), in a worker thread so other channels go on meanwhile."""
        snapshot = await self.store.nearest_snapshot(game.id, seq - 1)
        since = snapshot[0] if snapshot else 0
        log = [ruleset.parse_action(a.action) for a in await self.store.actions(game.id, since_seq=since)
               if a.seq < seq]

        def replay() -> GameState:
            start = ruleset.load_state(snapshot[1], game.rules_version) if snapshot else None
            return ruleset.replay(game.seed, game.options, log, start=start, rules_version=game.rules_version)[0]

        return await asyncio.to_thread(replay)

    # -- autocomplete ---------------------------------------------------------------------------
    async def autocomplete(self, channel_id: str | int, user_id: str | int, kind: str, current: str,
                           guild_id: str | int | None = None) -> list[str]:
        """Suggestions for an option being typed: legal squares, creatures, rulesets, leagues..."""
        current = (current or "").strip().casefold()
        values = await self._suggestions(channel_id, user_id, kind, current, guild_id)
        return [str(v) for v in values if current in v.casefold()][:25]

    async def autocomplete_choices(self, channel_id: str | int, user_id: str | int, kind: str, current: str,
                                   guild_id: str | int | None = None, locale: str | None = None) -> list[tuple[str, str]]:
        """The suggestions as Discord shows them: (what the user reads, the value the command
        gets). A seat's default name ("Player 2") is read in the user's language ("Giocatore 2")
        and stays the key it is, as does a suggestion the ruleset gives as a Text (a Conan area's
        name: "Porta", sent as "Gate"); what is typed matches either."""
        lang = language_of(await self._user_language(str(user_id)), locale, await self.server_language(guild_id))
        current = (current or "").strip().casefold()
        typed = folded(current)  # "citta" finds "Città", "kor" finds "Totemkör"
        out = []
        for value in await self._suggestions(channel_id, user_id, kind, current, guild_id):
            name = (say(seat_label(value), lang) if kind in ("seat", "free-seat")
                    else say(any_data_word(value), lang) if kind in ("spell", "item") else say(value, lang))
            value = str(value)
            if typed in folded(value) or typed in folded(name):
                out.append((name, value))
        return out[:25]

    async def _suggestions(self, channel_id: str | int, user_id: str | int, kind: str, current: str,
                           guild_id: str | int | None) -> list[str]:
        values: list[str] = []
        if kind in ("league", "format"):
            values = await self.leagues.suggestions(guild_id, kind)
        elif kind in ("warband", "card"):
            values = await self.collection.suggestions(str(user_id), kind, current)
        elif kind == "army":
            values = await self.armies.suggestions(str(user_id))
        elif kind == "sample":
            values = self.armies.samples()
        elif kind == "ruleset":
            values = ruleset_names()
        elif kind == "language":
            values = [*LANGUAGES, "auto"]
        elif kind == "notify":
            values = ["mention", "dm", "none"]
        elif kind == "map":
            values = sorted({m for name in ruleset_names() for m in get_ruleset(name).map_names()})
        elif kind == "free-seat":
            game = await self.store.active_game(str(channel_id))
            seats = await self.store.seats(game.id) if game else []
            values = [s.name for s in seats if s.is_free]
        else:
            game = await self.store.active_game(str(channel_id))
            if game is None:
                return []
            ruleset = get_ruleset(game.ruleset)
            state = self._state_of(game, ruleset)
            seat = await self._seat_of(game, str(user_id))
            values = ruleset.suggestions(state, seat, kind)
        return values

    async def click(self, channel_id: str | int, user_id: str | int, custom_id: str,
                    guild_id: str | int | None = None, locale: str | None = None) -> Reply:
        """A click on one of the bot's buttons (see bot.buttons), answered in the clicker's language."""
        from bot.buttons import click

        try:
            reply = await click(self, str(channel_id), str(user_id), custom_id, guild_id, locale)
        except IllegalAction as exc:
            reply = refusal(exc)
        server = await self.server_language(guild_id)
        return spoken(reply, language_of(await self._user_language(str(user_id)), locale, server))

    async def game_snapshot(self, channel_id: str | int, finished_ok: bool = False
                            ) -> tuple[GameRecord, Ruleset, GameState] | None:
        """The channel's game as (record, ruleset, state), or None; for tests and tools."""
        try:
            return await self._game(str(channel_id), finished_ok=finished_ok)
        except IllegalAction:
            return None
