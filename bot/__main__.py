"""The ``warband`` command.

``warband``             the bot when DISCORD_TOKEN is set, otherwise the local console
``warband console``     play in the terminal: ``--db FILE --images DIR [--as USER] [--organiser]``
``warband demo``        a whole Quick Start Battle played by the built-in policy: ``--out DIR``
``warband bot``         the Discord bot (needs DISCORD_TOKEN)
``warband store copy``  move every game to another database: ``--from A --to B`` (files or URLs)
``warband backup PATH`` a consistent SQLite copy of the live store
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
    sub = parser.add_subparsers(dest="mode")
    console = sub.add_parser("console", help="play in the terminal, same commands as on Discord")
    console.add_argument("--db", default=settings.database,
                         help="SQLite file or postgresql:// URL (default %(default)s)")
    console.add_argument("--images", type=Path, default=settings.warband_images, help="folder for board images")
    console.add_argument("--as", dest="user", default="player1", help="who is typing (switch later with /as NAME)")
    console.add_argument("--organiser", action="store_true",
                         help="whoever types organises every league (as Manage Server does on Discord)")
    demo = sub.add_parser("demo", help="play a whole Quick Start Battle with a built-in policy")
    demo.add_argument("--out", type=Path, default=Path("warband-demo"), help="folder for images and the log")
    demo.add_argument("--seed", type=int, default=2006)
    demo.add_argument("--quiet", action="store_true", help="print only the winner")
    sub.add_parser("bot", help="run the Discord bot (needs DISCORD_TOKEN)")
    store = sub.add_parser("store", help="operator tasks on the whole store")
    store_sub = store.add_subparsers(dest="store_task", required=True)
    copy = store_sub.add_parser("copy", help="copy every game, warband, card and roll into a new, empty database")
    copy.add_argument("--from", dest="source", default=settings.database, help="SQLite file or URL (default: the configured store)")
    copy.add_argument("--to", dest="destination", required=True, help="SQLite file or postgresql:// URL of an empty database")
    backup = sub.add_parser("backup", help="write a consistent SQLite copy of the live store")
    backup.add_argument("path", type=Path, help="the new backup file")
    backup.add_argument("--from", dest="source", default=settings.database, help="SQLite file or URL (default: the configured store)")
    return parser


async def _console(db: str, images: Path, user: str, organiser: bool = False) -> None:
    from bot.console import Console
    from bot.service import Service
    from bot.store import Store

    store = await Store.open(db)
    try:
        await Console(Service(store), images, user=user, organiser=organiser).repl(sys.stdin)
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> int:
    settings = Settings()
    logging.basicConfig(level=settings.warband_log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    args = _parser(settings).parse_args(argv)
    mode = args.mode or ("bot" if settings.discord_token else "console")
    if mode == "bot":
        if not settings.discord_token:
            print("DISCORD_TOKEN is not set; run `warband console` to play locally.", file=sys.stderr)
            return 2
        from bot.discord.client import run_bot

        run_bot(settings)
        return 0
    if mode == "demo":
        from bot.demo import run_demo

        echo = None if args.quiet else print
        print(asyncio.run(run_demo(args.out, seed=args.seed, echo=echo)))
        print(f"Board images and the full log are in {args.out}/")
        return 0
    if mode in {"store", "backup"}:
        return _maintenance(args)
    db = getattr(args, "db", settings.database)
    images = getattr(args, "images", settings.warband_images)
    user = getattr(args, "user", "player1")
    asyncio.run(_console(db, images, user, getattr(args, "organiser", False)))
    return 0


def _maintenance(args: argparse.Namespace) -> int:
    from bot.maintenance import backup, copy_store
    from bot.store import StoreError

    try:
        if args.mode == "backup":
            print(asyncio.run(backup(args.source, args.path)))
            return 0
        report = asyncio.run(copy_store(args.source, args.destination))
    except (StoreError, ValueError) as exc:
        print(f"warband: {exc}", file=sys.stderr)
        return 1
    print(report.summary())
    return 0 if not report.mismatches else 1


if __name__ == "__main__":
    raise SystemExit(main())
