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

# kind -> the key prefixes of its questions (a prefix is matched whole, up to a "-"). What each
# default does is listed in README ("Automatic answers"): allocation, every attack of a group at
# the first listed (the rank and file before characters and Champions, §11.6); weapon, a melee
# weapon, the first listed (a shooting weapon has no default: always asked); make-way, stay;
# challenge, none issued; special-attacks, normal attacks, Impact Hits, no Breath Weapon, of a rule
# given twice the higher on average (§21.4); reform,
# no combat reform; post-combat, overrun where allowed, else stay; pursuit, the first broken unit
# listed; order, as listed; hits, as the first option lists them; reroll, re-roll; save-items and
# magic-items, kept; dispeller, the first wizard, 1 die, no Wand; charge, the declared target, test,
# straight on, the width kept; random-move, ahead; assault, every model fights and it goes on.
KINDS: dict[str, tuple[str, ...]] = {
    "allocation": ("allocate",),
    "weapon": ("weapon",),
    "make-way": ("make-way",),
    "challenge": ("challenge",),
    "special-attacks": ("crush", "grinding", "breath", "duplicate"),
    "reform": ("reform-first", "reform-order", "combat-reform", "combat-reform-width"),
    "post-combat": ("post-combat",),
    "pursuit": ("pursue", "must-pursue", "flee-from"),
    "order": ("break-order", "flee-order", "pursuit-order", "pull-back-order", "rally-order", "which-charges",
              "which-redirects"),
    "hits": ("mixed-hits", "bolt-hit", "troop-type"),
    "reroll": ("frenzy-reroll", "gleaming-icon"),
    "save-items": ("bronze-breastplate", "lucky-charm", "gemstone-amulet"),
    "magic-items": ("sceptre", "rod"),
    "dispeller": ("dispeller", "rip-wizard", "rip-dice", "wand"),
    "charge": ("fled-target", "caught-test", "blocked-path", "blocked-path-reform"),
    "random-move": ("random-move",),
    "assault": ("assault",),
}

# Kinds whose stated default gives away a real choice: never answered automatically, whatever
# the setting says (README): not dispelling lets every enemy spell through; refusing a challenge
# lets the challenger choose a character who may not attack this round, at Ld 0 (§16.9).
NEVER: dict[str, tuple[tuple[str, ...], str]] = {
    "dispel": (("dispel", "rip"), N_("the default, no dispel, lets every enemy spell through")),
    "accept": (("accept",), N_("the default, refuse, leaves a character of the enemy's choice without attacks and at Ld 0")),
}

_PREFIXES = sorted([*((p, k) for k, ps in KINDS.items() for p in ps),
                    *((p, k) for k, (ps, _why) in NEVER.items() for p in ps)],
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
