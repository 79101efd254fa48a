"""Conan dice: pools of yellow, orange and red dice rolled from the game's generator, and the
reroll window after every roll (§6, §16.2 window 2).

A die shows a number of symbols; some faces also carry a reroll icon naming a die type,
which lets the roller reroll one die of that type for free, but never a die already
rerolled (§6.3). Paid rerolls (a hero's Reroll space, the Overlord's Reroll benefit) cost one
gem per die and may hit the same die again. Support gives a friend one extra free reroll per
action, even of a rerolled die; Bad luck forbids every reroll to its enemies in its area.
The window stays open, one question at a time, until the roller answers ``keep``. It opens only
when the roller has a way to reroll (a free icon, Support, a gem to pay), and never for a player
under the standing order ``/reroll auto:keep``.

>>> from engine.core import Rng
>>> from engine.rulesets.conan.data import load_catalogue
>>> rolled = roll_pool(load_catalogue(), Rng.from_seed(3), ["red", "yellow"])
>>> [d.kind for d in rolled], all(d.symbols >= 0 for d in rolled)
(['red', 'yellow'], True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from engine.core import Event, Rng
from engine.core.decisions import decide
from engine.rulesets.conan.data import Catalogue
from engine.core.text import N_, Text, _, commas, join, ngettext

# The dice's colours (data/dice.json) and the attack styles, as a roll names them.
DIE_WORDS = {"yellow": N_("yellow"), "orange": N_("orange"), "red": N_("red")}
STYLE_WORDS = {"melee": N_("melee"), "ranged": N_("ranged"), "web": N_("web")}


def die_word(kind: str) -> Any:
    """A die's colour in the reader's language ("red": "rosso", "piros"); another kind as it is."""
    return Text(DIE_WORDS[kind]) if kind in DIE_WORDS else kind


def style_word(style: str) -> Any:
    """An attack's style in the reader's language ("melee": "mischia")."""
    return Text(STYLE_WORDS[style]) if style in STYLE_WORDS else style


class Die(BaseModel):
    kind: str
    symbols: int
    icon: str | None = None  # the reroll icon on the face showing
    rerolled: bool = False

    def label(self) -> Any:
        """The die as a roll shows it: its colour in the reader's language, its symbols ("red 2↻1")."""
        mark = join("", ["↻", die_word(self.icon)]) if self.icon else ""
        return join("", [die_word(self.kind), f" {self.symbols}", mark, "*" if self.rerolled else ""])


def roll_die(catalogue: Catalogue, rng: Rng, kind: str) -> Die:
    faces = catalogue.dice[kind].faces
    face = faces[rng.randrange(len(faces))]
    return Die(kind=kind, symbols=face.symbols, icon=face.reroll)


def roll_pool(catalogue: Catalogue, rng: Rng, kinds: list[str]) -> list[Die]:
    return [roll_die(catalogue, rng, k) for k in kinds]


def symbols(dice: list[Die]) -> int:
    return sum(d.symbols for d in dice)


def describe(dice: list[Die]) -> Any:
    """A roll's dice, "#1 red 2, #2 yellow 1", as a list in the reader's language."""
    return commas(join("", [f"#{i + 1} ", d.label()]) for i, d in enumerate(dice)) or _("no dice")


@dataclass
class Roller:
    """Who rolled, and what they may spend on rerolls.

    ``pay`` is called with no argument to say whether one more paid reroll is possible now,
    and with ``True`` to take the gem. ``support`` and ``bad_luck`` come from the roller's area.
    """

    seat: str
    name: str
    pay: object = None  # callable(commit: bool) -> bool | str (a reason it can't)
    support: bool = False
    bad_luck: bool = False
    icons_used: dict[str, int] = field(default_factory=dict)


def reroll_window(state, catalogue: Catalogue, roller: Roller, dice: list[Die], purpose: str,
                  events: list[Event]) -> list[Die]:
    """Ask the roller, die by die, which dice to reroll until they keep the roll."""
    if roller.bad_luck or not dice:
        return dice
    granted: dict[str, int] = {}
    for d in dice:
        if d.icon:
            granted[d.icon] = granted.get(d.icon, 0) + 1
    support_left = 1 if roller.support else 0
    asked = 0
    while asked < 60:  # a player can't spend more gems than there are; this only bounds a loop
        asked += 1
        options = ["keep"]
        for i, d in enumerate(dice, start=1):
            if not d.rerolled and granted.get(d.kind, 0) - roller.icons_used.get(d.kind, 0) > 0:
                options.append(f"free-{i}")
            if support_left:
                options.append(f"support-{i}")
            if roller.pay is not None and roller.pay(False) is True:
                options.append(f"reroll-{i}")
        if len(options) == 1:
            return dice
        if roller.seat in getattr(state, "keep_rolls", ()) and not state.answers_waiting():
            # The standing order /reroll auto:keep answers for the player; a question answered
            # before the order was given is still read from the answers, so a replay is exact.
            return dice
        answer = decide(state, roller.seat, "reroll",
                        _("{roller}'s {purpose}: {dice} = {symbols}. Reroll a die (free-N with a reroll icon, reroll-N for a gem) or keep?", roller=roller.name, purpose=purpose, dice=describe(dice), symbols=ngettext("{n} symbol", "{n} symbols", symbols(dice))), options)
        if answer == "keep":
            return dice
        how, _sep, index = answer.partition("-")
        i = int(index) - 1
        old = dice[i]
        if how == "free":
            roller.icons_used[old.kind] = roller.icons_used.get(old.kind, 0) + 1
        elif how == "support":
            support_left -= 1
        else:
            roller.pay(True)
        new = roll_die(catalogue, state.rng, old.kind)
        new.rerolled = True
        if new.icon:
            granted[new.icon] = granted.get(new.icon, 0) + 1
        dice = [*dice[:i], new, *dice[i + 1:]]
        what = {"free": _("a free reroll (reroll icon)"), "support": _("Support's free reroll"),
                "reroll": _("a paid reroll")}[how]
        events.append(Event(kind="reroll", seat=roller.seat,
                            text=_('{roller} rerolls die #{count} ({label}) with {what}: {label2}.', roller=roller.name, count=i + 1, label=old.label(), what=what, label2=new.label())))
    return dice
