"""D6 on demand for Ninth Age tests: the worked examples give natural rolls, so tests script them."""

from __future__ import annotations

from pydantic import Field

from engine.core import Rng


class LoadedD6(Rng):
    """An Rng whose next D6 draws (``randrange(6)``) are the listed faces, then the seeded stream."""

    script: list[int] = Field(default_factory=list)

    def randrange(self, start, stop=None, step=1):
        if stop is None and start == 6 and self.script:
            face = self.script.pop(0)
            assert 1 <= face <= 6, face
            return face - 1
        return super().randrange(start, stop, step)


def load(state, *faces: int):
    """Make the next D6 rolls of ``state`` come out as ``faces`` (in order); returns ``state``."""
    state.rng = LoadedD6(state=state.rng.state, draws=state.rng.draws, script=list(faces))
    return state


def left(state) -> list[int]:
    return list(getattr(state.rng, "script", []))
