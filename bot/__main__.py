"""The ``warband`` command.

``warband``             the bot when DISCORD_TOKEN is set, otherwise the local console
``warband console``     play in the terminal: ``--db FILE --images DIR [--as USER]``
``warband demo``        a whole Quick Start Battle played by the built-in policy: ``--out DIR``
``warband bot``         the Discord bot (needs DISCORD_TOKEN)
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
    console.add_argument("--db", type=Path, default=settings.warband_db, help="SQLite file (default %(default)s)")
    console.add_argument("--images", type=Path, default=settings.warband_images, help="folder for board images")
    console.add_argument("--as", dest="user", default="player1", help="who is typing (switch later with /as NAME)")
    demo = sub.add_parser("demo", help="play a whole Quick Start Battle with a built-in policy")
    demo.add_argument("--out", type=Path, default=Path("warband-demo"), help="folder for images and the log")
    demo.add_argument("--seed", type=int, default=2006)
    demo.add_argument("--quiet", action="store_true", help="print only the winner")
    sub.add_parser("bot", help="run the Discord bot (needs DISCORD_TOKEN)")
    return parser


async def _console(db: Path, images: Path, user: str) -> None:
    from bot.console import Console
    from bot.service import Service
    from bot.store import Store

    store = await Store.open(db)
    try:
        await Console(Service(store), images, user=user).repl(sys.stdin)
    finally:
        await store.close()


async def _check_store(db: Path) -> None:
    from bot.store import Store

    store = await Store.open(db)
    await store.close()


def main(argv: list[str] | None = None) -> int:
    from bot.store import StoreError

    try:
        return _run(argv)
    except StoreError as exc:
        # A database the store refuses (damaged, not Warband's, from a newer Warband): one
        # line saying what, which file and what to do, not a traceback.
        print(f"warband: {exc}", file=sys.stderr)
        return 2


def _run(argv: list[str] | None) -> int:
    settings = Settings()
    logging.basicConfig(level=settings.warband_log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    args = _parser(settings).parse_args(argv)
    mode = args.mode or ("bot" if settings.discord_token else "console")
    if mode == "bot":
        if not settings.discord_token:
            print("DISCORD_TOKEN is not set; run `warband console` to play locally.", file=sys.stderr)
            return 2
        from bot.discord.client import run_bot

        # Check the database before logging in: a bad file is one line and exit 2, not a
        # traceback after connecting to Discord.
        asyncio.run(_check_store(settings.warband_db))
        run_bot(settings)
        return 0
    if mode == "demo":
        from bot.demo import run_demo

        echo = None if args.quiet else print
        print(asyncio.run(run_demo(args.out, seed=args.seed, echo=echo)))
        print(f"Board images and the full log are in {args.out}/")
        return 0
    db = getattr(args, "db", settings.warband_db)
    images = getattr(args, "images", settings.warband_images)
    user = getattr(args, "user", "player1")
    try:
        asyncio.run(_console(db, images, user))
    except KeyboardInterrupt:
        # Ctrl-C: _console's finally has closed the store; leave without a traceback.
        return 130
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
