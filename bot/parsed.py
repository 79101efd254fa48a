"""Recently played games, kept parsed: a command no longer re-reads the whole state from JSON.

Parsing a game's state (and rebuilding its map's lookup tables) was most of a command's cost
on a big map: /move took 75 ms on a 100 x 100 map, 3.6 ms of it the move. The service keeps
the states of the games it served last, keyed by game id *and* version: every write bumps the
version, so a state is found only while it is exactly the stored one, and a stale copy can
never be used (another process's write, an undo, a seat taken: all new versions). States
handed out are shared, so they are read-only by contract, as the engine already treats them
(:meth:`engine.core.Ruleset.apply` works on a copy).

>>> cache = ParsedGames(size=2)
>>> cache.put(1, 7, "state of game 1 at version 7")
>>> cache.get(1, 7), cache.get(1, 8)
('state of game 1 at version 7', None)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any


class ParsedGames:
    """A bounded least-recently-used map from (game id, version) to the parsed state.

    One entry per game: putting a newer version of a game drops the older one.
    """

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._states: OrderedDict[int, tuple[int, Any]] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, game_id: int, version: int) -> Any | None:
        with self._lock:
            entry = self._states.get(game_id)
            if entry is None or entry[0] != version:
                self.misses += 1
                return None
            self._states.move_to_end(game_id)
            self.hits += 1
            return entry[1]

    def put(self, game_id: int, version: int, state: Any) -> None:
        if self.size <= 0:
            return
        with self._lock:
            self._states[game_id] = (version, state)
            self._states.move_to_end(game_id)
            while len(self._states) > self.size:
                self._states.popitem(last=False)

    def __len__(self) -> int:
        return len(self._states)
