"""Dice on demand for tests: worked examples give the natural rolls, so tests script them."""

from __future__ import annotations

from pydantic import Field

from engine.core import GameState, Rng


class ScriptedRng(Rng):
    """An Rng that returns the listed d20 faces first, then falls back to its seeded stream.

    Only d20 draws are scripted (``randrange(20)``); anything else comes from the seed.
    """

    script: list[int] = Field(default_factory=list)

    def randrange(self, start, stop=None, step=1):
        if stop is None and start == 20 and self.script:
            face = self.script.pop(0)
            assert 1 <= face <= 20, face
            return face - 1
        return super().randrange(start, stop, step)


def script_dice(state: GameState, *faces: int) -> GameState:
    """Make the next d20 rolls of ``state`` come out as ``faces`` (in order)."""
    state.rng = ScriptedRng(state=state.rng.state, draws=state.rng.draws, script=list(faces))
    return state


def remaining(state: GameState) -> list[int]:
    return list(getattr(state.rng, "script", []))
