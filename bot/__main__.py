"""The ``warband`` command.

``warband``             the bot when DISCORD_TOKEN is set, otherwise the local console
``warband console``     play in the terminal: ``--db FILE --images DIR [--as USER] [--organiser]``
``warband demo``        a whole Quick Start Battle played by the built-in policy: ``--out DIR``
``warband bot``         the Discord bot (needs DISCORD_TOKEN)
``warband store copy``  move every game to another database: ``--from A --to B`` (files or URLs)
``warband backup PATH`` a consistent SQLite copy of the live store
``warband verify FILE``  check an exported log's dice against its commitment
``warband replay FILE``  its boards and animation: ``--out DIR``
``warband health``      the Docker healthcheck: exit 1 unless connected to Discord
``warband sync``        register the slash commands now: ``[--guild ID]``
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path

from bot.config import Settings


def _parser(settings: Settings) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="warband", description="Warband: a play-by-post referee for miniatures skirmish games.")
    # The language of what the subcommands print (the console's own --lang comes after "console").
    parser.add_argument("--lang", dest="language", choices=["en", "it", "hu"], default=None,
                        help="the language Warband's output is in (default: WARBAND_LANG, else English)")
    sub = parser.add_subparsers(dest="mode")
    console = sub.add_parser("console", help="play in the terminal, same commands as on Discord")
    console.add_argument("--db", default=settings.database,
                         help="SQLite file or postgresql:// URL (default %(default)s)")
    console.add_argument("--images", type=Path, default=settings.warband_images, help="folder for board images")
    console.add_argument("--lang", choices=["en", "it", "hu"], default=None,
                         help="the language Warband speaks (default: WARBAND_LANG, else English)")
    console.add_argument("--as", dest="user", default="player1", help="who is typing (switch later with /as NAME)")
    console.add_argument("--organiser", action="store_true",
                         help="whoever types organises every league (as Manage Server does on Discord)")
    demo = sub.add_parser("demo", help="play a whole Quick Start Battle with a built-in policy")
    demo.add_argument("--out", type=Path, default=Path("warband-demo"), help="folder for images and the log")
    demo.add_argument("--seed", type=int, default=2006)
    demo.add_argument("--quiet", action="store_true", help="print only the winner")
    demo.add_argument("--game", choices=["dnd-minis-quick", "conan"], default="dnd-minis-quick",
                      help="the game to play (default %(default)s; conan: The Idol of Set, Overlord against heroes)")
    sub.add_parser("bot", help="run the Discord bot (needs DISCORD_TOKEN)")
    store = sub.add_parser("store", help="operator tasks on the whole store")
    store_sub = store.add_subparsers(dest="store_task", required=True)
    copy = store_sub.add_parser("copy", help="copy every game, warband, card and roll into a new, empty database")
    copy.add_argument("--from", dest="source", default=settings.database, help="SQLite file or URL (default: the configured store)")
    copy.add_argument("--to", dest="destination", required=True, help="SQLite file or postgresql:// URL of an empty database")
    backup = sub.add_parser("backup", help="write a consistent SQLite copy of the live store")
    backup.add_argument("path", type=Path, help="the new backup file")
    backup.add_argument("--from", dest="source", default=settings.database, help="SQLite file or URL (default: the configured store)")
    verify = sub.add_parser("verify", help="check an exported game log: the seed against its commitment, every roll")
    verify.add_argument("file", type=Path)
    replay = sub.add_parser("replay", help="rebuild a game's boards and its animation from an exported log")
    replay.add_argument("file", type=Path)
    replay.add_argument("--out", type=Path, default=Path("warband-replay"), help="folder for the images")
    sub.add_parser("health", help="exit 1 unless the bot is connected to Discord (the Docker healthcheck)")
    sync = sub.add_parser("sync", help="register the slash commands with Discord now (needs DISCORD_TOKEN)")
    sync.add_argument("--guild", type=int, default=settings.warband_dev_guild,
                      help="a server id: sync there at once (default: WARBAND_DEV_GUILD, else globally)")
    return parser


async def _console(db: str, images: Path, user: str, organiser: bool = False, lang: str | None = None) -> None:
    from bot.console import Console
    from bot.service import Service
    from bot.store import Store

    store = await Store.open(db)
    try:
        await Console(Service(store, language=lang), images, user=user, organiser=organiser, lang=lang).repl(sys.stdin)
    finally:
        await store.close()


async def _check_store(db: Path) -> None:
    from bot.store import Store

    store = await Store.open(db)
    await store.close()


_LANG: list[str | None] = [None]  # the language of this run's output (set by _run)


def _out(text, file=None) -> None:
    """Print ``text`` (a Text or any value) in the run's language: ``--lang``, else WARBAND_LANG."""
    from bot.i18n import say

    print(say(text, _LANG[0]), file=file)


def main(argv: list[str] | None = None) -> int:
    from bot.store import StoreError
    from engine.core.text import _

    try:
        return _run(argv)
    except StoreError as exc:
        # A database the store refuses (damaged, not Warband's, from a newer Warband): one
        # line saying what, which file and what to do, not a traceback.
        _out(_("warband: {problem}", problem=exc.message), file=sys.stderr)
        return 2


def _run(argv: list[str] | None) -> int:
    settings = Settings()
    logging.basicConfig(level=settings.warband_log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    args = _parser(settings).parse_args(argv)
    _LANG[0] = args.language or getattr(args, "lang", None) or settings.warband_lang
    from engine.core.text import _, ngettext

    mode = args.mode or ("bot" if settings.discord_token else "console")
    if mode == "bot":
        if not settings.discord_token:
            _out(_("DISCORD_TOKEN is not set; run `warband console` to play locally."), file=sys.stderr)
            return 2
        from bot.discord.client import run_bot
        from bot.sharding import Shards

        try:
            Shards.parse(settings.warband_shard_count, settings.warband_shard_ids)
        except ValueError as exc:
            _out(_("warband: {problem}", problem=exc.args[0] if exc.args else str(exc)), file=sys.stderr)
            return 2
        # Check the database before logging in: a bad file is one line and exit 2, not a
        # traceback after connecting to Discord.
        asyncio.run(_check_store(settings.database))
        run_bot(settings)
        return 0
    if mode == "verify":
        import json

        from bot import fairness

        try:
            data = json.loads(args.file.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            _out(_("cannot read {file}: {problem}", file=str(args.file), problem=str(exc)), file=sys.stderr)
            return 2
        verdict = fairness.check(data)
        for problem in verdict.problems:
            _out(_("✗ {problem}", problem=problem))
        if verdict.fair:
            from bot.replays import counted_actions

            _out(ngettext("✓ game #{id}: the seed matches the commitment and the {n} roll of {actions} replays exactly",
                          "✓ game #{id}: the seed matches the commitment and all {n} rolls of {actions} replay exactly",
                          fairness.rolls(data), id=data.get("game"), actions=counted_actions(len(data["actions"]))))
            _out(fairness.state_line(verdict))
        for line in fairness.reworded_lines(verdict, examples=None):  # every one: a file has room
            _out(line)
        return 0 if verdict.fair else 1
    if mode == "replay":
        from bot.replays import replay_file
        from bot.service import default_renderer

        written = replay_file(args.file, args.out, default_renderer)
        _out(ngettext("{n} frame and {animation} written to {folder}/", "{n} frames and {animation} written to {folder}/",
                      len(written) - 1, animation=str(written[-1]), folder=str(args.out)))
        return 0
    if mode == "health":
        from bot.health import check

        problem = check(settings.warband_db)
        _out(problem or _("healthy: connected to Discord, database readable"))
        return 1 if problem else 0
    if mode == "sync":
        from bot.discord.client import sync_now

        asyncio.run(sync_now(settings, args.guild))
        _out(_("Slash commands synced to server {guild}.", guild=args.guild) if args.guild
             else _("Slash commands synced globally."))
        return 0
    if mode == "demo":
        from bot.demo import run_demo

        echo = None if args.quiet else print
        print(asyncio.run(run_demo(args.out, seed=args.seed, echo=echo, game=args.game, lang=_LANG[0])))
        _out(_("Board images and the full log are in {folder}/", folder=str(args.out)))
        return 0
    if mode in {"store", "backup"}:
        return _maintenance(args)
    db = getattr(args, "db", settings.database)
    images = getattr(args, "images", settings.warband_images)
    user = getattr(args, "user", "player1")
    try:
        lang = getattr(args, "lang", None) or settings.warband_lang
        asyncio.run(_console(db, images, user, getattr(args, "organiser", False), lang))
    except KeyboardInterrupt:
        # Ctrl-C: _console's finally has closed the store; leave without a traceback.
        return 130
    return 0


def _maintenance(args: argparse.Namespace) -> int:
    from bot.maintenance import backup, copy_store
    from bot.store import StoreError

    from engine.core.text import _

    try:
        if args.mode == "backup":
            _out(asyncio.run(backup(args.source, args.path)))
            return 0
        report = asyncio.run(copy_store(args.source, args.destination))
    except (StoreError, ValueError) as exc:
        _out(_("warband: {problem}", problem=exc.args[0] if exc.args else str(exc)), file=sys.stderr)
        return 1
    _out(report.summary())
    return 0 if not report.mismatches else 1


if __name__ == "__main__":
    raise SystemExit(main())
