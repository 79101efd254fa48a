"""The local console: the same commands as on Discord, typed as text, against the same service.

Each line is a slash command in the Discord words (``/move creature:orc to:F7``); board images
are written into a folder. ``/as NAME`` (or the ``--as`` switch) changes who is typing, so two
players can share one terminal. ``option:@path`` attaches a file, as an upload would.

``/moves`` lists the legal commands of whoever is typing, as Discord's **Show my moves** button does.

``/channel NAME`` moves to another channel, such as the one a league pairing opened a game in
(``league-1-r2-t3``); what the bot says in a league game's channel is printed with its name.

It is how a newcomer without a Discord token plays, and how end-to-end tests drive the bot.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sys
import threading
from pathlib import Path
from typing import IO

from bot.commands import Attachment, find_command, parse_line
from bot.leagues import Caller
from bot.reply import Reply
from bot.scheduler import Scheduler, ShiftedClock
from bot.service import Service
from bot.i18n import say, spoken, supported
from engine.core import IllegalAction
from engine.core.text import _, join

log = logging.getLogger(__name__)

CHANNEL = "console"
_MENTION = re.compile(r"<@!?([^>]+)>")


class ConsoleRooms:
    """League games in the console: a channel named after the league and the pairing, and what
    is said there printed under that name."""

    def __init__(self, console: Console):
        self.console = console

    async def open(self, key: str, name: str, where: str) -> str:
        return key

    async def post(self, channel_id: str, reply: Reply) -> None:
        self.console.say(_("[in channel {channel}]", channel=channel_id))
        self.console.show(reply)


class Console:
    def __init__(self, service: Service, images: Path, user: str = "player1",
                 channel: str = CHANNEL, out: IO[str] | None = None, organiser: bool = False,
                 lang: str | None = None):
        self.service = service
        # The console's language stands where Discord's locale does: /language still wins.
        self.lang = supported(lang)
        self.images = Path(images)
        self.images.mkdir(parents=True, exist_ok=True)
        self.user = user
        self.channel = channel
        self.out = out or sys.stdout
        # Carry on the numbering of earlier sessions instead of overwriting their boards.
        self.image_count = max((int(p.stem.split("-")[-1]) for p in self.images.glob("board-*.png")
                                if p.stem.split("-")[-1].isdigit()), default=0)
        self.last_reply: Reply | None = None
        self.organiser = organiser
        # The console's time can be moved by hand (/clock advance), so clocks can be tried
        # without waiting days; its scheduler runs after every line.
        if not isinstance(service.now, ShiftedClock):
            service.now = ShiftedClock(service.now)
        self.clock: ShiftedClock = service.now
        self.scheduler = Scheduler(service)

    def say(self, text: str) -> None:
        text = say(text, self.lang)
        print(_MENTION.sub(lambda m: "@" + m.group(1), text), file=self.out, flush=True)

    async def run_line(self, line: str) -> Reply | None:
        """Run one typed line; returns the service's reply (None for console-only lines)."""
        line = line.strip()
        if not line or line.startswith("#"):
            return None
        lowered = line.lower()
        if lowered.startswith(("/as ", "as ")):
            name = line.split(None, 1)[1].strip()
            if not re.fullmatch(r"[A-Za-z0-9_.-]{1,32}", name):
                self.say(_("⛔ A console user name is 1-32 letters, digits, '.', '_' or '-'."))
                return None
            self.user = name
            self.say(_("(now typing as {name})", name=name))
            return None
        if lowered.startswith("/channel "):
            name = line.split(None, 1)[1].strip()
            if not re.fullmatch(r"[A-Za-z0-9_.-]{1,64}", name):
                self.say(_("⛔ A console channel name is 1-64 letters, digits, '.', '_' or '-'."))
                return None
            self.channel = name
            self.say(_("(now in channel {name})", name=name))
            return None
        if lowered in ("/quit", "/exit", "quit", "exit"):
            raise EOFError
        if lowered.startswith("/clock"):
            await self._clock(line)
            return None
        if lowered in ("/moves", "moves"):
            return await self._moves()
        try:
            command = parse_line(line)
            self._attach_files(command)
        except IllegalAction as exc:
            reply = spoken(Reply(text=join("", ["⛔ ", exc.message]), ephemeral=True, error=exc.code), self.lang)
            self.show(reply)
            return reply
        reply = await self.service.handle(self.channel, self.user, command,
                                          caller=Caller(organiser=self.organiser, rooms=ConsoleRooms(self)),
                                          locale=self.lang)
        self.show(reply)
        await self.fire_due()
        return reply

    async def _moves(self) -> Reply:
        """``/moves`` (console only): what the **Show my moves** button lists on Discord, for whoever
        is typing: their legal commands now, privately."""
        from bot.buttons import click

        game = await self.service.store.active_game(self.channel)
        if game is None:
            reply = Reply(text=join("", ["⛔ ", _("There is no game in this channel. Start one with /game new.")]),
                          ephemeral=True, error="no-game")
        else:
            reply = await click(self.service, self.channel, self.user, f"wb:moves:{game.id}", locale=self.lang)
        reply = spoken(reply, self.lang)
        self.show(reply)
        return reply

    async def _clock(self, line: str) -> None:
        """``/clock advance 1d12h`` (console only): move time on, then fire what fell due."""
        words = line.split()
        if len(words) != 3 or words[1].lower() != "advance":
            self.say(_("⛔ Usage: /clock advance SPAN, e.g. /clock advance 1d or /clock advance 12h30m."))
            return
        try:
            step = self.clock.advance(words[2].removeprefix("by:"))
        except ValueError as exc:
            self.say(f"⛔ {exc}")
            return
        self.say(_("(the clock moves on {step}; it is now {now} UTC)", step=step,
                   now=f"{self.clock():%Y-%m-%d %H:%M}"))
        await self.fire_due()

    async def fire_due(self) -> None:
        """Post the reminders and time-outs that fell due, as the bot would in the channel."""
        for channel_id, reply in await self.scheduler.run_due():
            self.show(reply)

    def _attach_files(self, command) -> None:
        spec = find_command(command.key)
        for option in spec.options:
            value = command.options.get(option.name)
            if option.type != "attachment" or value is None:
                continue
            path = Path(str(value).lstrip("@")).expanduser()
            if not path.is_file():
                raise IllegalAction("bad-file", _("There is no file {path} to attach.", path=str(path)))
            with path.open("rb") as handle:
                data = handle.read(1024 * 1024 + 1)  # enough to know it is too big
            command.attachments[option.name] = Attachment(filename=path.name, data=data)
            del command.options[option.name]

    def show(self, reply: Reply) -> None:
        self.last_reply = reply
        prefix = _("(only you see this) ") if reply.ephemeral else ""
        self.say(join("", [prefix, reply.text]))
        if reply.image is not None:
            self.image_count += 1
            path = self.images / f"board-{self.image_count:04d}.png"
            path.write_bytes(reply.image)
            self.say(_("[board image: {path}]", path=str(path)))
        if reply.file is not None:
            path = self.images / reply.file_name
            path.write_bytes(reply.file)
            self.say(_("[file: {path}]", path=str(path)))

    async def repl(self, stream: IO[str]) -> None:
        interactive = stream.isatty()
        if interactive:
            self.say(_("Warband console. Type /help for commands, /as NAME to switch player, /quit to leave."))
        lines = _read_lines(stream)
        while True:
            if interactive:
                print(f"{self.user}> ", end="", file=self.out, flush=True)
            line = await lines.get()
            if line is None:
                break
            try:
                await self.run_line(line)
            except EOFError:
                break
            except Exception:
                # The service answers its own errors; this is for the console's (a file that
                # can't be read...): one line, and the next line is still read.
                log.exception("console line failed: %.80s", line)
                self.say(_("⚠️ Sorry, that line failed unexpectedly; it is logged. Carry on with the next."))


def _read_lines(stream: IO[str]) -> asyncio.Queue[str | None]:
    """The lines of ``stream``, read by a daemon thread; None after the last.

    Reading on the event loop would block it: Ctrl-C could then not stop the console until
    the next line came, and a reader in asyncio's own thread pool would keep the process alive
    at exit. A daemon thread is dropped at exit, so the console closes its store and ends.
    """
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[str | None] = asyncio.Queue()

    def pump() -> None:
        try:
            for line in iter(stream.readline, ""):
                loop.call_soon_threadsafe(queue.put_nowait, line)
        except (OSError, ValueError):  # the stream was closed under us
            pass
        finally:
            try:
                loop.call_soon_threadsafe(queue.put_nowait, None)
            except RuntimeError:  # the loop is already closed: nobody is waiting
                pass

    threading.Thread(target=pump, name="console-input", daemon=True).start()
    return queue
