"""Drawing boards for the service: off the event loop, on every core, latest state first.

Drawing holds Python's global lock, so threads alone leave a second core idle: with
``processes`` set, boards are drawn in that many worker processes (each keeps its own cache of
map layers, see :mod:`renderers.grid`). Without it they are drawn in threads, as tests and the
console want (no processes to start).

When several boards of one channel wait for a free worker, only the latest state is drawn: a
board still waiting when a newer one of its channel arrives takes the newer one's view, and
both replies show it. The older picture would be out of date before it was posted.

>>> import asyncio
>>> painter = BoardPainter(render=lambda view: f"<{view}>".encode())
>>> asyncio.run(painter.draw("table", "view 1"))
b'<view 1>'
"""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, Callable


class _Job:
    def __init__(self, view: Any, future: asyncio.Future) -> None:
        self.view = view
        self.future = future
        self.started = False


class BoardPainter:
    """Draws board views to PNG bytes with ``render``, at most ``workers`` at a time."""

    def __init__(self, render: Callable[[Any], bytes], processes: int = 0, workers: int = 2) -> None:
        self.render = render
        self.processes = processes
        self.workers = max(1, processes or workers)
        self._executor: Executor | None = None
        self._slots: asyncio.Semaphore | None = None
        self._waiting: dict[str, _Job] = {}
        self.drawn = 0

    def _executor_for_loop(self) -> Executor | None:
        if self.processes and self._executor is None:
            # Spawned, not forked: the bot's own threads (the store's) must not be copied
            # half-way through holding a lock.
            self._executor = ProcessPoolExecutor(max_workers=self.processes,
                                                 mp_context=multiprocessing.get_context("spawn"))
        return self._executor  # None: asyncio's default thread pool

    async def draw(self, channel_id: str | None, view: Any) -> bytes:
        """The PNG of ``view`` (or of a newer view of the same channel that came meanwhile)."""
        loop = asyncio.get_running_loop()
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.workers)
        job = self._waiting.get(channel_id) if channel_id is not None else None
        if job is not None and not job.started:
            job.view = view  # the newer state replaces the one still waiting
            return await asyncio.shield(job.future)
        job = _Job(view, loop.create_future())
        if channel_id is not None:
            self._waiting[channel_id] = job
        try:
            async with self._slots:
                job.started = True
                if channel_id is not None and self._waiting.get(channel_id) is job:
                    del self._waiting[channel_id]
                png = await loop.run_in_executor(self._executor_for_loop(), self.render, job.view)
                self.drawn += 1
        except BaseException as exc:
            if channel_id is not None and self._waiting.get(channel_id) is job:
                del self._waiting[channel_id]
            if not job.future.done():
                job.future.set_exception(exc)
                job.future.exception()  # retrieved here; a coalesced caller re-raises it
            raise
        job.future.set_result(png)
        return png

    def close(self) -> None:
        """Stop the worker processes, if any."""
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None


def default_renderer(view: Any) -> bytes:
    """The renderer for the view's board kind: areas (Conan), a continuous table (The Ninth Age)
    or a square grid."""
    from engine.areas.view import AreaView
    from engine.table.view import TableView

    if isinstance(view, AreaView):
        from renderers.areas import render_areas

        return render_areas(view)
    if isinstance(view, TableView):
        from renderers.table import render_table

        return render_table(view)
    from renderers.grid import render_board

    return render_board(view)
