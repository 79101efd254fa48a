"""A unit's block: where its Front-Rank models (characters and the command group) stand, and
how positions count for ranks (§16.5, E-29).

Front-Rank models stand as far forward as possible; a character joining may take a Front-Rank
model's place, which then moves as little as it can; when one leaves, those behind step forward.
A matching base (the R&F base, or a whole multiple of at least double in each dimension,
[A-29]) takes as many positions as it covers and counts in every rank and file it covers.

>>> command = dict(character=False)
>>> arrangement = Arrangement(files=5, members=[Member("C2", 2, 2, 0, 0), Member("C3", 1, 1, 0, 2),
...     Member("Champion", rank=0, file=3, **command), Member("Musician", rank=0, file=4, **command),
...     Member("Standard", rank=1, file=2, **command)])
>>> after, moved = arrangement.join(Member("C4"), file=4)
>>> moved, after.where("Musician")
(['Musician'], (1, 4))
"""

from __future__ import annotations

from engine.core.text import _
import math
from dataclasses import dataclass, field, replace

from engine.core import IllegalAction


@dataclass
class Member:
    """A Front-Rank model in a unit's block: ``width`` x ``depth`` positions from (rank, file)."""

    name: str
    width: int = 1
    depth: int = 1
    rank: int = 0
    file: int = 0
    character: bool = True

    def cells(self) -> set[tuple[int, int]]:
        return {(self.rank + r, self.file + f) for r in range(self.depth) for f in range(self.width)}


@dataclass
class Arrangement:
    files: int
    members: list[Member] = field(default_factory=list)

    def where(self, name: str) -> tuple[int, int]:
        m = next(m for m in self.members if m.name == name)
        return m.rank, m.file

    def taken(self, but: str | None = None) -> set[tuple[int, int]]:
        return {c for m in self.members if m.name != but for c in m.cells()}

    def _spot(self, width: int, depth: int, avoid: set[tuple[int, int]], near: int) -> tuple[int, int]:
        """The forward-most place for a ``width`` x ``depth`` base clear of ``avoid``, nearest to
        file ``near`` within that rank."""
        rank = 0
        while True:
            options = [f for f in range(self.files - width + 1)
                       if not {(rank + r, f + c) for r in range(depth) for c in range(width)} & avoid]
            if options:
                return rank, min(options, key=lambda f: (abs(f - near), f))
            rank += 1

    def join(self, joiner: Member, file: int | None = None) -> tuple["Arrangement", list[str]]:
        """The block after ``joiner`` joins at ``file`` of the front rank (default: the first place
        free of other Front-Rank models, else the nearest one it may take): the Front-Rank
        models it overlaps move as little as possible to the forward-most free place; a
        character is never displaced (§16.2, §16.5). Returns the new block and who moved."""
        if joiner.width > self.files:
            raise IllegalAction("too-wide", _("{joiner} is {width} positions wide; the unit is {files} wide.", joiner=joiner.name, width=joiner.width, files=self.files))
        characters = {c for m in self.members if m.character for c in m.cells()}
        if file is None:
            rank, file = self._spot(joiner.width, joiner.depth, self.taken(), 0)
            if rank > 0:  # the front rank is full of Front-Rank models: take a non-character's place
                rank, file = self._spot(joiner.width, joiner.depth, characters, 0)
        else:
            if not 0 <= file <= self.files - joiner.width:
                raise IllegalAction("bad-file", _("{joiner} fits at files 1 to {value}.", joiner=joiner.name, value=self.files - joiner.width + 1))
            rank = 0
            while {(rank + r, file + c) for r in range(joiner.depth) for c in range(joiner.width)} & characters:
                rank += 1
        placed = replace(joiner, rank=rank, file=file)
        out = Arrangement(self.files, [replace(m) for m in self.members] + [placed])
        return out, out._make_room(placed)

    def _make_room(self, placed: Member) -> list[str]:
        """Every member ``placed`` now overlaps moves as little as possible to the forward-most
        free place; the names of those that moved."""
        moved = []
        for m in self.members:
            if m is placed or not (m.cells() & placed.cells()):
                continue
            m.rank, m.file = self._spot(m.width, m.depth, self.taken(but=m.name), m.file)
            moved.append(m.name)
        return moved

    def centre(self, joiner: Member, file: int) -> tuple["Arrangement", list[str]]:
        """The block after a War Platform takes the front rank at ``file`` (one of
        :func:`centre_files`): every Front-Rank model its base overlaps, characters too, moves as
        little as possible to the forward-most free place ("è possibile che la loro presenza
        costringa i modelli con la regola Rango Frontale ad essere spostati in un rango
        posteriore", §22 War Platform). Returns the new block and who moved."""
        placed = replace(joiner, rank=0, file=file)
        out = Arrangement(self.files, [replace(m) for m in self.members if m.name != joiner.name] + [placed])
        return out, out._make_room(placed)

    def leave(self, name: str) -> tuple["Arrangement", list[str]]:
        """The block after ``name`` leaves: Front-Rank models behind step forward into the gap,
        as few as possible (§16.5 Refilling gaps)."""
        out = Arrangement(self.files, [replace(m) for m in self.members if m.name != name])
        moved = []
        for m in sorted(out.members, key=lambda m: (m.rank, m.file)):
            if m.rank == 0:
                continue
            rank, file = out._spot(m.width, m.depth, out.taken(but=m.name), m.file)
            if rank < m.rank:
                m.rank, m.file = rank, file
                moved.append(m.name)
        return out, moved


def centre_files(files: int, width: int) -> list[int]:
    """The files (from 0) where a base ``width`` positions wide stands in the centre of a front
    rank ``files`` wide (§22 War Platform: "nel centro del rango frontale"): the one place with as
    many positions on each side; when the two sides cannot be equal (an odd number of positions
    left over) the two places half a position off the middle, either one. None when the front rank
    is narrower than the base ("la larghezza troppo stretta del rango frontale").

    >>> centre_files(5, 1), centre_files(6, 2), centre_files(5, 2), centre_files(1, 2)
    ([2], [2], [1, 2], [])
    """
    if width > files:
        return []
    low = (files - width) // 2
    return [low] if (files - width) % 2 == 0 else [low, low + 1]


def block_counts(files: int, positions: int, full_rank: int) -> tuple[int, list[int]]:
    """Full ranks and the positions in each rank of a block ``files`` wide holding ``positions``
    (R&F plus matching characters, a large base counting in every rank and file it covers);
    non-matching models are not positions (§16.5, E-29).

    >>> block_counts(5, 20, 5)
    (4, [5, 5, 5, 5])
    """
    ranks = [min(files, positions - r * files) for r in range(math.ceil(positions / files))]
    full = 0
    for n in ranks:
        if n < max(full_rank, 1) or n < files:
            break
        full += 1
    return full, ranks


def base_fit(char_mm: tuple[float, float], rf_mm: tuple[float, float], skirmish: bool = False) -> tuple[int, int] | None:
    """Positions (width, depth) a matching base takes, or None for a non-matching base ([A-29]).

    >>> base_fit((20, 20), (20, 20)), base_fit((40, 40), (20, 20)), base_fit((50, 50), (20, 20))
    ((1, 1), (2, 2), None)
    """
    if tuple(char_mm) == tuple(rf_mm):
        return 1, 1
    if skirmish:
        return None
    w, d = char_mm[0] / rf_mm[0], char_mm[1] / rf_mm[1]
    if w >= 2 and d >= 2 and abs(w - round(w)) < 1e-9 and abs(d - round(d)) < 1e-9:
        return int(round(w)), int(round(d))
    return None
