"""What the service's parts see of the service that runs them.

The buttons, the clocks, the inbox, the leagues and the replays are parts of
:class:`bot.service.Service` kept in files of their own; the service hands each of them itself.
They name it by this protocol instead of importing the service, so imports point one way
(service -> its parts -> this file). The members are the ones the parts use, private ones
included: the parts commit and reply exactly as a command of the service does.

>>> from bot.service import Service
>>> members = [*Host.__annotations__, *(n for n, v in vars(Host).items() if n[:2] != "__" and callable(v))]
>>> [name for name in members if not hasattr(Service, name) and name not in Service.__init__.__code__.co_names]
[]
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any, Callable, Protocol

from bot.commands import Command
from bot.reply import Reply
from bot.store import GameRecord, Store
from engine.core import Event, GameState, Ruleset


class Host(Protocol):
    store: Store
    now: Callable[[], datetime]
    render: Callable[[Any], bytes]
    clocks: Any  # bot.clocks.Clocks, itself a part
    collection: Any  # bot.collection.Collection

    async def handle(self, channel_id: str | int, user_id: str | int, command: Command,
                     guild_id: str | int | None = None, caller: Any = None) -> Reply: ...

    async def game_snapshot(self, channel_id: str | int, finished_ok: bool = False
                            ) -> tuple[GameRecord, Ruleset, GameState] | None: ...

    def _lock(self, channel_id: str) -> asyncio.Lock: ...

    async def _game(self, channel_id: str, finished_ok: bool = False) -> tuple[GameRecord, Ruleset, GameState]: ...

    async def _seat_of(self, game: GameRecord, user_id: str) -> str | None: ...

    async def _commit(self, game: GameRecord, ruleset: Ruleset, state: GameState, seat: str | None,
                      user_id: str | None, action, events: list[Event], **extra) -> int: ...

    async def _applied_reply(self, game: GameRecord, ruleset: Ruleset, state: GameState,
                             events: list[Event], force_board: bool = False,
                             acted: str | None = None) -> Reply: ...

    async def _act(self, game: GameRecord, ruleset: Ruleset, state: GameState, seat: str, user_id: str,
                   name: str, options: dict[str, Any]) -> Reply: ...
