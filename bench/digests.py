"""``python -m bench.digests``: what the digest of the state after each action
(:func:`bot.fairness.state_digest`, issue #10) costs a command.

Each game is played through the service on a SQLite file, the same commands, in turn with the
digest left out (the store keeps None) and as the bot runs, and the medians compared; the
digest's own time is measured too, on every state committed (the difference of two medians is
mostly noise when it is this small):

* a Ninth Age battle: the set-up questions, the deployment's drops, a march, the turns ended, a
  charge and its reaction (tests/ninth_age/service_table.py's march_then_charge);
* the first 150 commands of the four-player War Drums skirmish of ``python -m bench``.

Measured (2-core machine shared with other work, load about 2.7, 2026-11-30; two rounds of each,
in turn, run twice): a Ninth Age command median 14.4 / 11.0 ms with the digest, 14.8 / 9.2 ms
without; the digest alone a median 1.2-1.3 ms over its 164 states (an 80 KB state JSON at the
deployment's end, which the store's own dump and json_text already cost about as much again), so
about a tenth of the quickest commands (/deploy, /end) and nothing beside a charge or a melee. A
skirmish command median 7.3 / 6.2 ms with, 7.3 / 5.4 ms without, the digest alone 0.6-0.7 ms.
Hashing the text the store writes instead would cost about 0.05 ms, but that text holds every
field at its default: a field added to the state later would change the digest of every action
of every older game (see state_digest).
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bot import fairness
from bot.service import Service
from bot.store import Store

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "ninth_age"))


def _timed(service: Service, samples: list[float]) -> None:
    """Every command ``service`` handles from now on adds its seconds to ``samples``."""
    handle = service.handle

    async def timed(*args, **kwargs):
        started = time.perf_counter()
        try:
            return await handle(*args, **kwargs)
        finally:
            samples.append(time.perf_counter() - started)

    service.handle = timed


async def ninth_age_commands() -> list[float]:
    """The seconds of each command of the Ninth Age battle."""
    from service_table import ServiceTable

    users = {"p1": "621", "p2": "622"}
    samples: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3")
        try:
            service = Service(store, seed_source=lambda: 4242)
            _timed(service, samples)
            table = ServiceTable(service, "bench-ninth", "1", users)
            await table.begin("en", "/game new ruleset:ninth-age seed:6 settings:deployment=classic, secondary=hold, "
                                    "terrain=open")
            await table.deploy(lambda state: state.phase != "deployment", front_line=True)
            await table.march_then_charge()
        finally:
            await store.close()
    return samples


async def skirmish_commands() -> list[float]:
    from bench.__main__ import time_skirmish_commands

    samples, _, _ = await time_skirmish_commands(commands=150, replay=False)
    return samples


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def main(rounds: int = 2) -> int:
    digest = fairness.state_digest
    for name, play in (("Ninth Age command", ninth_age_commands), ("skirmish command, 4 players", skirmish_commands)):
        digests: list[float] = []
        with_digest: list[float] = []
        without: list[float] = []

        def timed_digest(state, digests=digests):
            started = time.perf_counter()
            try:
                return digest(state)
            finally:
                digests.append(time.perf_counter() - started)

        for _ in range(rounds):  # in turn, so that neither run has the warmer caches
            fairness.state_digest = lambda state: None  # the store keeps none, as before issue #10
            without += asyncio.run(play())
            fairness.state_digest = timed_digest
            with_digest += asyncio.run(play())
            fairness.state_digest = digest
        print(f"{name:<30} n={len(with_digest):<4} median {_median_ms(with_digest):7.2f} ms with the digest, "
              f"{_median_ms(without):7.2f} ms without; the digest alone: median {_median_ms(digests):.2f} ms, "
              f"max {max(digests) * 1000:.2f} ms over {len(digests)} states")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
