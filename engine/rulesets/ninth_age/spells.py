"""Generating spells (§3.5): one D6 per Wizard Level; a duplicate (of the same wizard's or of
another wizard of the army with the same lore) is replaced by any not-yet-obtained spell of the
lore, the player's choice, or lost when none is left; any wizard may take spell 0 (Generic)
instead of one of its spells, even if another wizard has it.

A *Pathmaster* (§22; the Book of a Thousand Incantations gives it) chooses its spells instead
of rolling, still never one another wizard of the army has (spell 0 aside).

``choose(question, options)`` asks the player; with one option it is never asked.
"""

from __future__ import annotations

from engine.core.text import _, join as text_join
from typing import Callable

from engine.core import Event, roll_dice
from engine.core.rng import Rng

Choose = Callable[[str, str, list[str]], str]  # (key, question, options) -> answer


def generate(rng: Rng, wizard: str, level: int, lore: str, taken: set[int], choose: Choose,
             events: list[Event], seat: str | None = None, pathmaster: bool = False,
             names: dict[int, str] | None = None, die_first: bool = True, in_order: bool = True) -> list[int]:
    """The spells one wizard knows (``level`` of them); ``taken`` (numbers 1-6 already obtained
    in the army for this lore) is updated. ``names`` (number -> spell name) lets the closing
    line name them, as /cast takes them: "Shaman knows Thorns spells 1 (Bark Skin), 5 (...)".
    ``die_first``: a duplicate's die is shown before the question for its replacement (rules
    version 7); else after the answer, in one line with it, as a game begun before showed it
    (the die then falls in the answer's action, which /game verify compares action by action).
    ``in_order``: the Generic-spell question offers the spells known in their numbers' order, as its
    text names them ("keep, 1 or 6"; rules version 8); else in the order they were rolled ("keep, 6
    or 1"), as a game begun before logged its options."""
    names = names or {}

    def named(numbers):
        from engine.core.text import commas
        from engine.rulesets.ninth_age.catalogue import data_said

        return commas(_("{number} ({spell})", number=n, spell=data_said(names[n])) if n in names else str(n)
                      for n in sorted(numbers))

    def named_spell(n):
        from engine.rulesets.ninth_age.catalogue import data_said

        return data_said(names[n])

    known: list[int] = []
    for n in range(level):
        if pathmaster:
            options = [str(s) for s in range(1, 7) if s not in taken and s not in known] + \
                (["0"] if 0 not in known else [])
            if not options:
                break
            spell = int(choose(f"pathmaster-{wizard}-{n}", _("{wizard} is a Pathmaster: choose spell {value} of {level} of {lore} (0 is the Generic spell).", wizard=wizard, value=n + 1, level=level, lore=lore), options))
            events.append(Event(kind="spells", seat=seat, text=_("{wizard} (Pathmaster) chooses spell {spell} of {lore}.", wizard=wizard, spell=spell, lore=lore)))
            known.append(spell)
            if spell:
                taken.add(spell)
            continue
        roll = roll_dice("1d6", rng, purpose=_('{wizard}: spell {value} of {level} ({lore})', wizard=wizard, value=n + 1, level=level, lore=lore))
        spell = roll.total
        text = _("{wizard} rolls spell {spell} of {lore}.", wizard=wizard, spell=spell, lore=lore)
        if spell in taken or spell in known:
            free = [s for s in range(1, 7) if s not in taken and s not in known]
            options = [str(s) for s in free] + (["0"] if 0 not in known else [])
            if not options:
                events.append(Event(kind="roll", seat=seat, roll=roll, text=text_join("", [text, _(" A duplicate, and no spell is left to replace it: it is lost.")])))
                continue
            question = _("{wizard} rolled {spell} of {lore}, a duplicate. Which spell replaces it (0 is the Generic spell)?", wizard=wizard, spell=spell, lore=lore)
            if not die_first:  # rules version 6 and before: the die said after the answer
                answer = choose(f"spell-{wizard}-{n}", question, options)
                events.append(Event(kind="roll", seat=seat, roll=roll, text=text_join("", [text, _(" A duplicate: replaced by spell {answer}.", answer=answer)])))
                spell = int(answer)
                known.append(spell)
                if spell:
                    taken.add(spell)
                continue
            # the die shown first, then the question it raises (the replacement is said once chosen)
            events.append(Event(kind="roll", seat=seat, roll=roll, text=text_join("", [text, _(" A duplicate: a spell not yet obtained replaces it.")])))
            answer = choose(f"spell-{wizard}-{n}", question, options)
            events.append(Event(kind="spells", seat=seat, text=_("{wizard}'s duplicate {spell} of {lore} is replaced by spell {answer}.", wizard=wizard, spell=spell, lore=lore, answer=answer)))
            spell = int(answer)
        else:
            events.append(Event(kind="roll", seat=seat, roll=roll, text=text))
        known.append(spell)
        if spell:
            taken.add(spell)
    if known and 0 not in known:
        options = ["keep"] + [str(s) for s in (sorted(known) if in_order else known)]
        question = (_("{wizard} knows {named} of {lore}. Swap one for spell 0 ({spell}, the Generic spell)? Say which, or keep.",
                      wizard=wizard, named=named(known), lore=lore, spell=named_spell(0)) if 0 in names else
                    _("{wizard} knows {named} of {lore}. Swap one for spell 0 (Generic)? Say which, or keep.", wizard=wizard, named=named(known), lore=lore))
        answer = choose(f"generic-{wizard}", question, options)
        if answer != "keep":
            known[known.index(int(answer))] = 0
            taken.discard(int(answer))
            events.append(Event(kind="spells", seat=seat, text=_("{wizard} swaps spell {answer} for the Generic spell.", wizard=wizard, answer=answer)))
    none = _("none")
    events.append(Event(kind="spells", seat=seat, text=_("{wizard} knows {lore} spells {spells}.", wizard=wizard, lore=lore, spells=named(known) or none)))
    return sorted(known)
