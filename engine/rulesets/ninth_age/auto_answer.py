"""Questions answered at once with their default: the ``auto`` setting (issue #10, §24.9 by post).

Every choice the rules leave to a player is a /decide question (engine.core.decisions); over
days, each one waits for its player even when its default is what anyone would pick (the
allocation of every attack group touching a Champion, §11.6). The game setting ``auto`` names
the kinds of question the game answers at once with their default, e.g.
``auto=allocation+reform`` (``+`` joins several, as in ``secondary=hold+secure``: a comma
ends a setting), ``auto=all`` (every kind below) or ``auto=none`` (the default: every question
waits for its player). Game-wide, for both seats.

An automatic answer is a /decide in the log like a hand-given one (the bot appends it,
Ruleset.auto_step): the game replays from its log exactly, and /game undo takes it back as it
takes back an answered question (the question then waits for its player).

A question is never answered automatically when it has no stated default (the rules code gives
none where no answer is the obvious one: the side of the table, a charge reaction, a shooting
weapon) or when its kind is one of ``NEVER`` (a default that gives away a real choice). The
kinds, by the key of their questions (the first words of the key, before the unit's name):

>>> kind_of("allocate-Spearmen-rf-3")
'allocation'
>>> kind_of("combat-reform-width-Spearmen")
'reform'
>>> kind_of("reaction-Knights-Spearmen") is None
True
>>> sorted(parse_auto("allocation+reform"))
['allocation', 'reform']
>>> parse_auto("none")
frozenset()
>>> str(describe_answer("allocation", "all-at-Spearmen"))
'all attacks at Spearmen'
"""

from __future__ import annotations

from typing import Any

from engine.core import IllegalAction
from engine.core.text import N_, Text, _, commas

# kind -> the key prefixes of its questions (a prefix is matched whole, up to a "-"), and what
# its default does (README "Playing by post: automatic answers").
KINDS: dict[str, tuple[tuple[str, ...], str]] = {
    "allocation": (("allocate",), N_("all the attacks of a group touching several enemies at the first listed: "
                                     "the rank and file before characters and Champions (§11.6)")),
    "weapon": (("weapon",), N_("a melee weapon: the first listed (a shooting weapon has no default and is "
                               "always asked)")),
    "make-way": (("make-way",), N_("a character that could make way stays where it is (§11.5)")),
    "challenge": (("challenge",), N_("no challenge issued (§16.9)")),
    "special-attacks": (("crush", "grinding", "breath"), N_("normal attacks rather than Crush Attack, Impact "
                                                            "Hits rather than Grinding Attacks, no Breath Weapon")),
    "reform": (("reform-first", "reform-order", "combat-reform", "combat-reform-width"),
               N_("no combat reform; if one is asked by hand, the first legal width (§11.10)")),
    "post-combat": (("post-combat",), N_("overrun where the unit may, else stay (§11.11)")),
    "pursuit": (("pursue", "must-pursue", "flee-from"), N_("pursue the first broken unit listed (a garrison "
                                                           "stays); flee away from the first listed (§11.12)")),
    "order": (("break-order", "flee-order", "pursuit-order", "pull-back-order", "rally-order", "which-charges",
               "which-redirects"), N_("units take their tests and moves in the order listed")),
    "hits": (("mixed-hits", "bolt-hit", "troop-type"), N_("hits spread as the first option lists them: as many "
                                                          "as may go on the first, the rank and file first (§16.4)")),
    "reroll": (("frenzy-reroll", "gleaming-icon"), N_("a failed test is re-rolled (Hold Your Ground, the "
                                                      "Gleaming Icon)")),
    "save-items": (("bronze-breastplate", "lucky-charm", "gemstone-amulet"),
                   N_("a one-use protective item is kept for later, not used")),
    "magic-items": (("sceptre", "rod"), N_("a one-use casting item is kept (Sceptre, Grounding Rod)")),
    "dispeller": (("dispeller", "rip-wizard", "rip-dice", "wand"),
                  N_("once a dispel is chosen by hand: the first wizard dispels, 1 die against a spell in play, "
                     "no Wand of Stability")),
    "charge": (("fled-target", "caught-test", "blocked-path", "blocked-path-reform"),
               N_("a charge keeps its declared target, tests to go on after catching a fleeing unit, moves "
                  "straight on when blocked; a blocking unit keeps its width")),
    "random-move": (("random-move",), N_("a random move goes ahead")),
    "assault": (("assault",), N_("an assault on a building: every model fights, the assault goes on (§18.6)")),
}

# Kinds whose stated default gives away a real choice: never answered automatically, whatever
# the setting says (README): not dispelling lets every enemy spell through; refusing a challenge
# sends a character to the back.
NEVER: dict[str, tuple[tuple[str, ...], str]] = {
    "dispel": (("dispel", "rip"), N_("the default, no dispel, lets every enemy spell through")),
    "accept": (("accept",), N_("the default, refuse, sends a character to the back with Ld 0")),
}

_PREFIXES = sorted(((p, k) for k, (ps, _w) in {**KINDS, **NEVER}.items() for p in ps),
                   key=lambda pk: -len(pk[0]))


def kind_of(key: str) -> str | None:
    """The kind of the question with ``key`` that ``auto`` may name, or None (never automatic)."""
    for prefix, kind in _PREFIXES:
        if key == prefix or key.startswith(prefix + "-"):
            return kind if kind in KINDS else None
    return None


def parse_auto(value: Any) -> frozenset[str]:
    """The kinds named by the ``auto`` setting; a bad value is refused with one line."""
    if value is None or value is False:
        return frozenset()
    text = str(value).strip().casefold()
    if text in ("", "none", "off"):
        return frozenset()
    if text == "all":
        return frozenset(KINDS)
    names = [n.strip() for n in text.split("+")]
    for name in names:
        if name in NEVER:
            raise IllegalAction("bad-setting", _("auto: {name} questions are always asked ({why}).", name=name,
                                                 why=Text(NEVER[name][1])))
        if name not in KINDS:
            raise IllegalAction("bad-setting", _("auto names question kinds joined by + ({kinds}), or all, or none; "
                                                 "not {value!r}.", kinds=commas(KINDS), value=str(value)))
    return frozenset(names)


def kind_name(kind: str) -> Text:
    """A kind as the automatic answer's line names it."""
    return Text(_KIND_WORDS.get(kind, kind))


_KIND_WORDS = {
    "allocation": N_("Allocation"), "weapon": N_("Weapon"), "make-way": N_("Make way"), "challenge": N_("Challenge"),
    "special-attacks": N_("Special attacks"), "reform": N_("Combat reform"), "post-combat": N_("Post-combat reform"),
    "pursuit": N_("Pursuit"), "order": N_("Order"), "hits": N_("Hits"), "reroll": N_("Re-roll"),
    "save-items": N_("Protective item"), "magic-items": N_("Casting item"), "dispeller": N_("Dispel"),
    "charge": N_("Charge"), "random-move": N_("Random move"), "assault": N_("Assault"),
}


def describe_answer(kind: str, option: str) -> Text | str:
    """The answer taken, as a player reads it: an allocation's "all-at-X" is "all attacks at X"."""
    if kind == "allocation" and option.startswith("all-at-"):
        return _("all attacks at {target}", target=option[len("all-at-"):])
    return option
