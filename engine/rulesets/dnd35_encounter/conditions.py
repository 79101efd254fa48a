"""Conditions that carry a rule in the 3.5 encounter, and the words a referee may use for them.

A condition is a label on a creature (``/condition creature:orc add:helpless``). The labels
below change how the creature moves or fights, as seed 003 (the Italian "Movimento, posizione
e distanza", lines noted ``L``) or the English rules file words it; any other label (``prone``,
``entangled``, ``shaken``...) is shown on the token and changes nothing, because neither text
gives it a movement or combat effect.

>>> canonical("Unconscious"), canonical("airborne"), canonical("prone")
('helpless', 'flying', None)
>>> "squeezed" in EFFECTS
True
"""

from __future__ import annotations

from engine.core.text import N_, Text, _, join, commas

# canonical name -> what it does (shown by /help condition)
EFFECTS: dict[str, str] = {
    "helpless": N_("others may move through its square and stop there (L81-91); [EXT] it threatens "
                "no square; with the 'obstructs' trait each of its squares crossed costs double (L85-87)"),
    "squeezed": N_("in a space narrower than its own: -4 on its attack rolls and -4 to its AC (L149-151); "
                "set by the bot when a move ends squeezed, or by the referee for a narrow gap"),
    "flying": N_("not hampered by difficult terrain, and passes over most obstacles (L127, L143); "
              "moves at its fly speed when it has one"),
    "incorporeal": N_("not hampered by difficult terrain, passes most obstacles and walls (L127, L143)"),
    "escaping": N_("using Escape Artist: it may squeeze through a space under half its width (one "
                "doubling), can't attack, takes -4 to its AC and loses its Dexterity bonus to AC "
                "(L163-167; the check is the referee's, the Dexterity part too)"),
    "charging": N_("[EXT] after a charge: -2 to its AC until its next turn (the bot sets and clears it)"),
}

# Words a referee may type for each (3.5: unconscious, paralysed, bound... creatures are helpless).
SYNONYMS: dict[str, str] = {
    "unconscious": "helpless", "asleep": "helpless", "sleeping": "helpless", "paralyzed": "helpless",
    "paralysed": "helpless", "bound": "helpless", "held": "helpless", "pinned": "helpless",
    "fly": "flying", "airborne": "flying", "escape-artist": "escaping", "escape artist": "escaping",
}

HELPLESS_WORDS = frozenset({"helpless"} | {w for w, c in SYNONYMS.items() if c == "helpless"})


def canonical(label: str) -> str | None:
    """The condition with an effect a label names, or None for a label only."""
    word = label.strip().casefold()
    if word in EFFECTS:
        return word
    return SYNONYMS.get(word)


def help_text() -> Text:
    lines: list = [_("**Conditions with an effect in the D&D 3.5 encounter** (seed 003 lines):")]
    for name, text in EFFECTS.items():
        words = [w for w, c in SYNONYMS.items() if c == name]
        lines.append(_("`{name}` (also: {words}) — {effect}", name=name, words=commas(f"`{w}`" for w in words), effect=Text(text)) if words
                     else _("`{name}` — {effect}", name=name, effect=Text(text)))
    lines.append(_("Any other label (prone, entangled, shaken...) is shown on the token only: the "
                   "movement rules give it no effect. Creature traits at /place or /creature edit: "
                   "`incorporeal`, `fills-space` (nothing passes it, not even by overrun or Tumble, "
                   "L109-111), `obstructs` (costs double to cross while helpless, L85-87), `tumble` "
                   "(trained in Tumble, L95-97). Players may add labels, land or take off (`flying`, with a "
                   "fly speed) and use Escape Artist on their own creatures; the rest is the referee's."))
    return join("\n", lines)
