"""Army composition (§2.2-2.3): points, category shares, duplicates, minimum size, the General,
Unique and One per Army. :func:`composition_problems` names every broken rule at once.

>>> from engine.rulesets.ninth_age.army import sample_army
>>> composition_problems(sample_army("iron-marches"))
[]
>>> army_size(1500), army_size(2500), army_size(4000)
('warband', 'standard', 'grand army')
>>> duplicate_limit("rare", 1500), duplicate_limit("core", 4500), duplicate_limit("hero", 2500)
(1, 8, 3)
"""

from __future__ import annotations

from engine.core.text import N_, Text, _, join as text_join, ngettext, commas
import math
from collections import Counter
from fractions import Fraction

from engine.rulesets.ninth_age.army import Army
from engine.rulesets.ninth_age.catalogue import CHARACTER_CATEGORIES

UNDERSPEND = 20  # an army may fall short of the limit by at most this many points
DUPLICATES = {"core": 4, "special": 3, "rare": 2, "hero": 3, "lord": 3}
# (category set, at least / at most, share of the points limit)
SHARES = (
    (("core",), "at least", Fraction(25, 100)),
    (("rare",), "at most", Fraction(25, 100)),
    (("hero",), "at most", Fraction(50, 100)),
    (("lord",), "at most", Fraction(35, 100)),
    (("hero", "lord"), "at most", Fraction(50, 100)),
)
NAMES = {"core": N_("Core"), "special": N_("Special"), "rare": N_("Rare"), "hero": N_("Heroes"), "lord": N_("Lords")}
# The army sizes of §2.3 as a player reads them (army_size gives the English, which the rules
# compare). The middle size has a key of its own, "standard army": the catalogue's "standard" is
# the banner, and a language calls the two differently.
SIZE_WORDS = {"warband": N_("warband"), "standard": N_("standard army"), "grand army": N_("grand army")}


def size_word(size: str) -> Text | str:
    """An army size (army_size) in the reader's language.

    >>> str(size_word("standard")), str(size_word("warband"))
    ('standard army', 'warband')
    """
    return Text(SIZE_WORDS[size]) if size in SIZE_WORDS else size


def army_size(points_limit: int) -> str:
    """Warband up to 1,500 points, Grand Army from 4,000, standard in between (§2.3)."""
    if points_limit <= 1500:
        return "warband"
    if points_limit >= 4000:
        return "grand army"
    return "standard"


def duplicate_limit(category: str, points_limit: int) -> int:
    """Copies of one unit choice allowed: halved (rounding up) for a Warband, doubled for a
    Grand Army."""
    base = DUPLICATES[category]
    size = army_size(points_limit)
    if size == "warband":
        return math.ceil(base / 2)
    if size == "grand army":
        return base * 2
    return base


def minimum_units(points_limit: int) -> int:
    return 3 if army_size(points_limit) == "warband" else 4


def composition_problems(army: Army) -> list[str]:
    """Every composition rule the army breaks, each in one line; empty when the army is legal."""
    limit, total = army.points_limit, army.points
    problems: list[str] = []
    if total > limit:
        problems.append(_("Army points: {total} is over the {limit}-point limit by {value}.", total=total, limit=limit, value=total - limit))
    elif total < limit - UNDERSPEND:
        problems.append(_("Army points: {total} is {value} short of {limit}; an army may fall short by at most {underspend} (§2.2).", total=total, value=limit - total, limit=limit, underspend=UNDERSPEND))
    spent = Counter()
    for u in army.units:
        spent[u.category] += u.points
    for cats, bound, share in SHARES:
        amount = sum(spent[c] for c in cats)
        threshold = share * limit
        shown = math.ceil(threshold) if bound == "at least" else math.floor(threshold)
        label = " + ".join(NAMES[c] for c in cats)
        if bound == "at least" and amount < threshold:
            problems.append(_("{label}: {amount} points, but at least {value}% of {limit} ({shown}) is needed.", label=label, amount=amount, value=share * 100, limit=limit, shown=shown))
        if bound == "at most" and amount > threshold:
            problems.append(_("{label}: {amount} points, over the {value}% limit of {limit} ({shown}).", label=label, amount=amount, value=share * 100, limit=limit, shown=shown))
    choices = Counter((u.category, u.choice.lower()) for u in army.units)
    for (cat, choice), count in sorted(choices.items()):
        allowed = duplicate_limit(cat, limit)
        if count > allowed:
            name = next(u.choice for u in army.units if u.choice.lower() == choice)
            problems.append(_("Duplicates: {count} × {name} ({names}); a {army_size} allows {allowed} of one {names} choice.", count=count, name=name, names=Text(NAMES[cat]), army_size=size_word(army_size(limit)), allowed=allowed))
    troops = [u for u in army.units if not u.is_character]
    machines = [u for u in troops if u.troop_type == "war machine"]
    count = len(troops) - len(machines) + (1 if machines else 0)
    needed = minimum_units(limit)
    if count < needed:
        problems.append(ngettext("Minimum size: {n} unit counts (characters left out, all war machines as one); "
                                 "a {army_size} needs at least {needed}.",
                                 "Minimum size: {n} units count (characters left out, all war machines as one); "
                                 "a {army_size} needs at least {needed}.", count,
                                 army_size=size_word(army_size(limit)), needed=needed))
    problems.extend(_general_problems(army))
    problems.extend(_unique_problems(army))
    return problems


def _general_problems(army: Army) -> list[str]:
    characters = [u for u in army.units if u.is_character]
    generals = [u for u in army.units if u.general]
    out = []
    if not characters:
        out.append(_("General: the army has no character, so it cannot name a General (§2.2)."))
    elif len(generals) != 1:
        out.append(text_join("", [_("General: exactly one General is needed; the list names {count}", count=len(generals)), (_(" ({join}).", join=commas(g.name for g in generals)) if generals else ".")]))
    for g in generals:
        if g.has_rule("Not a Leader"):
            out.append(_("General: {g} has Not a Leader and can never be the General (§16.7).", g=g.name))
        # the highest Ld among the characters eligible (neither Not a Leader nor the BSB)
        eligible = [c for c in characters if not c.has_rule("Not a Leader") and not c.bsb]
        best = max((c.leadership for c in eligible), default=0)
        if g.leadership < best:
            higher = commas(c.name for c in eligible if c.leadership == best)
            out.append(_("General: {g} has Ld {leadership}, but the General must be the character with the highest Ld ({higher}, Ld {best}) (§16.7).", g=g.name, leadership=g.leadership, higher=higher, best=best))
    bsbs = [u for u in army.units if u.bsb]
    if len(bsbs) > 1:
        out.append(_("Battle Standard Bearer: one per army; the list has {count} ({join}).", count=len(bsbs), join=commas(b.name for b in bsbs)))
    return out


def _unique_problems(army: Army) -> list[str]:
    """"Le Unità, i potenziamenti e gli oggetti definiti 'Unico' e 'Uno per esercito' possono
    essere presenti solo una volta all'interno del medesimo esercito. Quelli definiti 'Unico'
    possono essere presenti due volte in un Grande Esercito" ... "ad eccezione dei Personaggi e
    degli Oggetti Magici" (§2.2-2.3, seed 001:300-302, 315-317): a One per Army choice or upgrade
    once, whatever the size; a Unique one once, twice in a Grand Army unless a character's; a
    magic item once."""
    grand = army_size(army.points_limit) == "grand army"
    size = size_word(army_size(army.points_limit))
    out = []
    for kind, taken in (("choice", [(u.choice, u, u) for u in army.units]),
                        ("upgrade", [(up.name, up, u) for u in army.units for up in u.upgrades])):
        counted: dict[str, list] = {}
        for name, flagged, owner in taken:
            if flagged.unique or flagged.one_per_army:
                counted.setdefault(name.lower(), []).append((name, flagged, owner))
        for _key, found in sorted(counted.items()):
            name, n = found[0][0], len(found)
            if any(f.one_per_army for _n, f, _o in found):
                if n > 1:
                    out.append(_("One per Army: the choice {name} appears {value_n} times; a One per Army choice is "
                                 "allowed once in any army (§2.2).", name=name, value_n=n) if kind == "choice" else
                               _("One per Army: the upgrade {name} is taken {value_n} times; a One per Army upgrade "
                                 "is allowed once in any army (§2.2).", name=name, value_n=n))
                continue
            character = any(o.category in CHARACTER_CATEGORIES for _n, _f, o in found)
            allowed = 2 if grand and not character else 1
            if n > allowed:
                why = (_("a Grand Army doubles Unique choices, never characters") if grand and character
                       else _("a {army_size} allows {allowed}", army_size=size, allowed=allowed))
                out.append(_("Unique: the choice {name} appears {value_n} times; {why} (§2.2).", name=name,
                             value_n=n, why=why) if kind == "choice" else
                           _("Unique: the upgrade {name} is taken {value_n} times; {why} (§2.2).", name=name,
                             value_n=n, why=why))
    # "L'Alfiere Veterano è Unico, pertanto solo un singolo modello nell'esercito (o due in un Grande Esercito)" (§17.4)
    veterans = [u.name for u in army.units if u.command.veteran]
    if len(veterans) > (2 if grand else 1):
        out.append(_("Veteran Standard Bearer is Unique: the list promotes {count} ({join}); a {army_size} allows {allowed} (§17.4).",
                     count=len(veterans), join=commas(veterans), army_size=size_word(army_size(army.points_limit)),
                     allowed=2 if grand else 1))
    items = Counter(i.strip().lower() for u in army.units for i in u.magic_items)
    for name, n in sorted(items.items()):
        if n > 1:
            out.append(_("Magic items are Unique: {name} is taken {value_n} times (§23.2).", name=name, value_n=n))
    return out
