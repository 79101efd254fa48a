"""Player-facing text that the bot can say in the player's language (#13).

The engine is pure: it knows no locale, loads no catalogue and does no I/O. So a sentence the
engine produces is a :class:`Text`: a ``str`` that reads as the English it always was (every
test and every caller that treats it as a string keeps working), and that also remembers how it
was made: its catalogue key (``msgid``, the English source with ``{name}`` placeholders) and
its parameters. The bot, at the edge, looks the key up in the player's language and fills the
parameters in, translating any parameter that is itself a :class:`Text`::

    >>> t = _("{creature} is not adjacent to {target}.", creature="Orc Mauler", target="Elf Ranger")
    >>> t
    Text('{creature} is not adjacent to {target}.', creature='Orc Mauler', target='Elf Ranger')
    >>> str(t) == "Orc Mauler is not adjacent to Elf Ranger."
    True
    >>> t.render(lambda msgid, plural, n: msgid.replace("is not adjacent to", "non è adiacente a"))
    'Orc Mauler non è adiacente a Elf Ranger.'

Plurals are chosen by the catalogue's own rule for the language (English, Italian and
Hungarian differ), so the engine passes the count and both English forms::

    >>> str(ngettext("{n} square", "{n} squares", 1)), str(ngettext("{n} square", "{n} squares", 3))
    ('1 square', '3 squares')

A sentence built from parts (a refusal with its reasons, a list of events) is :func:`join`;
each part is translated on its own::

    >>> str(join(" ", [_("Too far."), _("Speed {speed}.", speed=6)]))
    'Too far. Speed 6.'

``to_data``/``from_data`` keep a Text in JSON (the game log stores events), so a log read back
tomorrow is still shown in each reader's language::

    >>> Text.from_data(t.to_data()) == t and Text.from_data(t.to_data()).params == t.params
    True

Catalogue keys are found by ``pybabel extract`` with the keywords ``_``, ``N_`` and
``ngettext:1,2``, so a key must be a string literal at the call.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Callable, Container, Iterable
from typing import Any

# (msgid, plural msgid or None, n or None) -> the translated template. English is identity.
Lookup = Callable[[str, "str | None", "int | None"], str]


# The catalogue area (``locales/<area>.pot``) of each ruleset package: a sentence made there is
# looked up in its own area first, so two rulesets may say one English word differently
# ("fails": "fallito" in D&D Miniatures, "fallisce" in D&D 3.5). Keep in step with
# scripts.catalogues.AREAS.
AREAS_OF_PACKAGES = {"engine.rulesets.dnd_minis": "dnd_minis", "engine.rulesets.dnd35_encounter": "dnd35",
                     "engine.rulesets.conan": "conan", "engine.rulesets.ninth_age": "ninth_age"}


def _area_of(module: str | None) -> str | None:
    """The catalogue area a module's sentences belong to (None: no ruleset's own)."""
    if module and module.startswith("engine.rulesets."):
        return AREAS_OF_PACKAGES.get(".".join(module.split(".")[:3]))
    return None


def _caller_area(depth: int) -> str | None:
    return _area_of(sys._getframe(depth + 1).f_globals.get("__name__"))


def _english(msgid: str, plural: str | None, n: int | None) -> str:
    if plural is not None and n != 1:
        return plural
    return msgid


class Text(str):
    """A translatable sentence; see the module's docstring. Its ``str`` value is the English."""

    msgid: str | None
    plural: str | None
    n: int | None
    params: dict[str, Any]
    separator: str | None
    parts: tuple[Any, ...]
    # The catalogue area whose translation is read first (the ruleset the sentence was made in).
    area: str | None
    number: tuple[float, str] | None = None  # see decimal()
    capital: bool = False  # see capitalised()
    style: str = "standard"  # a list's CLDR pattern: "standard" (a, b and c) or "or" (a, b or c), see either()

    def __new__(cls, msgid: str, /, **params: Any) -> Text:
        return cls._make(msgid, None, None, params, _caller_area(1))

    @classmethod
    def _make(cls, msgid: str, plural: str | None, n: int | None, params: dict[str, Any],
              area: str | None = None) -> Text:
        if n is not None:
            params = {"n": n, **params}
        english = _fill(_english(msgid, plural, n), params, None)
        self = str.__new__(cls, english)
        self.msgid, self.plural, self.n, self.params = msgid, plural, n, params
        self.separator, self.parts, self.area = None, (), area
        return self

    @classmethod
    def _joined(cls, separator: str, parts: Iterable[Any]) -> Text:
        parts = tuple(parts)
        self = str.__new__(cls, separator.join(str(p) for p in parts))
        self.msgid, self.plural, self.n, self.params = None, None, None, {}
        self.separator, self.parts, self.area = separator, parts, None
        return self

    def render(self, lookup: Lookup | None = None) -> str:
        """This sentence in the language ``lookup`` translates to (English without one)."""
        if lookup is None:
            return str(self)
        if self.number is not None:  # a number (see decimal())
            format_number = getattr(lookup, "format_number", None)
            return format_number(*self.number) if format_number is not None else str(self)
        if self.msgid is None and self.separator is None:  # a list (see listed())
            parts = [_said_part(p, lookup) for p in self.parts]
            format_list = getattr(lookup, "format_list", None)
            if format_list is None:
                return _english_list(parts, self.style)
            return format_list(parts, self.style) if self.style != "standard" else format_list(parts)
        if self.msgid is None:
            said = (self.separator or "").join(_said_part(p, lookup) for p in self.parts)
            return _upper_first(said) if self.capital else said
        in_area = getattr(lookup, "in_area", None) if self.area is not None else None
        template = ((in_area(self.area, self.msgid, self.plural, self.n) if in_area is not None
                     else lookup(self.msgid, self.plural, self.n)) or _english(self.msgid, self.plural, self.n))
        try:
            return _fill(template, self.params, lookup, self.area)
        except (KeyError, IndexError, ValueError):
            # A translation with a broken placeholder must never lose the sentence: say it in
            # English. The catalogue tests keep this from happening in a shipped language.
            return _fill(_english(self.msgid, self.plural, self.n), self.params, lookup, self.area)

    def to_data(self) -> dict[str, Any]:
        """This sentence as JSON data (see :meth:`from_data`)."""
        if self.number is not None:
            return {"number": self.number[0], "format": self.number[1]}
        if self.msgid is None and self.separator is None:
            return {"list": [_param_data(p) for p in self.parts], **({"style": self.style} if self.style != "standard" else {})}
        if self.msgid is None:
            return {"join": self.separator, "parts": [_param_data(p) for p in self.parts],
                    **({"capital": True} if self.capital else {})}
        data: dict[str, Any] = {"msgid": self.msgid,
                                "params": {k: _param_data(v) for k, v in self.params.items() if k != "n" or self.n is None}}
        if self.plural is not None:
            data["plural"], data["n"] = self.plural, self.n
        if self.area is not None:
            data["area"] = self.area
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Text:
        if "number" in data:
            return decimal(data["number"], data["format"])
        if "list" in data:
            return listed((_param_from(p) for p in data["list"]), data.get("style", "standard"))
        if "join" in data:
            if data.get("capital"):
                return capitalised(_param_from(data["parts"][0]))
            return cls._joined(data["join"], [_param_from(p) for p in data["parts"]])
        params = {k: _param_from(v) for k, v in data.get("params", {}).items()}
        return cls._make(data["msgid"], data.get("plural"), data.get("n"), params, data.get("area"))

    def __repr__(self) -> str:
        if self.number is not None:
            return f"decimal({self.number[0]!r}, {self.number[1]!r})"
        if self.msgid is None and self.separator is None:
            return {"standard": "listed", "or": "either"}.get(self.style, "commas") + f"({list(self.parts)!r})"
        if self.msgid is None and self.capital:
            return f"capitalised({self.parts[0]!r})"
        if self.msgid is None:
            return f"join({self.separator!r}, {list(self.parts)!r})"
        args = "".join(f", {k}={v!r}" for k, v in self.params.items())
        return f"Text({self.msgid!r}{args})"

    def __reduce__(self):  # pickling (the board process pool) keeps what the Text is
        return (Text.from_data, (self.to_data(),))


def _fill(template: str, params: dict[str, Any], lookup: Lookup | None, area: str | None = None) -> str:
    if not params:
        return template
    # A lookup may carry ``name(value)``: the word a plain-string parameter is said as (the
    # bot's turns the rulesets' default seat names, "Player 1", into the reader's language),
    # and ``data_word(value, area, key)``: a word of the sentence's ruleset's built-in data files
    # (a spell, a magic item, a card) as the catalogue says it, where the sentence marks
    # placeholder ``key`` as one (the area's DATA_WORD_PARAMS: "{spell}", "{item}"; never
    # "{unit}", whose value is a player's own name); any other string is said as it is. A
    # parameter given as a Text (a ruleset's data_said()) is always said as its catalogue says.
    name = getattr(lookup, "name", None) if lookup is not None else None
    data_word = getattr(lookup, "data_word", None) if lookup is not None and area is not None else None

    def plain(key: str, value: str) -> Any:
        said = name(value) if name is not None else value
        return data_word(value, area, key) if data_word is not None and said is value else said

    values = {k: render(v, lookup) if isinstance(v, Text)
              else render(plain(k, v), lookup) if isinstance(v, str) else v
              for k, v in params.items()}
    return _articles(_possessives(template, values), values).format(**values)


# Hungarian's definite article as a format spec: "{id:az}" is said "a" or "az" by the value of
# ``id`` ("{id:Az}" opens a sentence). See hungarian_article().
_ARTICLE_SPEC = re.compile(r"(?<!\{)\{(\w+):([Aa]z)\}")


def _articles(template: str, values: dict[str, Any]) -> str:
    """``{key:az}`` / ``{key:Az}`` replaced by the article the value of ``key`` takes::

        >>> _articles("{id:Az} #{id} játék, {seq:az} {seq}. lépés", {"id": 5, "seq": 2})
        'Az #{id} játék, a {seq}. lépés'
    """
    if ":az}" not in template and ":Az}" not in template:
        return template

    def article(match: re.Match[str]) -> str:
        said = hungarian_article(values[match.group(1)])
        return _upper_first(said) if match.group(2) == "Az" else said

    return _ARTICLE_SPEC.sub(article, template)


# The letters whose Hungarian names open with a vowel: a, e, ef, i, el, em, en, o, er, es, u,
# iksz, ipszilon (and the accented vowels); "az E5", "az F3", "az L2" but "a B3", "a C".
_VOWEL_LETTERS = set("AÁEÉFIÍLMNOÓÖŐRSUÚÜŰXY")
_VOWELS = set("aáeéiíoóöőuúüű")
# A Discord mention (<@123>, <@!123>, <@&123>, <#123>): the reader sees a display name the bot
# does not know, so its article cannot be chosen.
_MENTION = re.compile(r"<(?:@[!&]?|#)\d+>")
# Marks that may stand before a word without being read: markdown, quotes, brackets, "#" of "#12".
_UNREAD = "*_~`'\"„“”‘’‚«»‹›([{#"
_GROUP_SEPARATORS = " \u00a0\u202f"


def _number_article(n: int) -> str:
    """The article before ``n`` (n >= 0) as Hungarian reads it: by the first word said."""
    while n >= 1000:  # 1 000 "ezer", 5 000 "ötezer", 12 000 "tizenkétezer": the leading group's word
        n //= 1000
    if n >= 100:  # "száz", "kétszáz", "ötszáz"
        n = 0 if n < 200 else n // 100
    elif n >= 10:  # "tíz", "húsz"... "ötven"
        n = 5 if n // 10 == 5 else 0
    return "az" if n in (1, 5) else "a"  # "egy", "öt"; "nulla", "kettő", "három"... "kilenc"


def hungarian_article(value: Any) -> str:
    """The Hungarian definite article before ``value`` as it is read: "az" before a vowel sound,
    "a" before a consonant. A number goes by the word it is read as: "az 1." (egy), "a 2."
    (kettő), "az 5." (öt), "a 10." (tíz), "az 50" (ötven), "a 100" (száz), "a 200" (kétszáz),
    "az 500" (ötszáz), "az 1000" (ezer), "a 2000" (kétezer), "az 5000" (ötezer), "a 12 000"
    (tizenkétezer), "az 1 000 000" (egymillió)::

        >>> [f"{hungarian_article(n)} {n}" for n in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9)]
        ['a 0', 'az 1', 'a 2', 'a 3', 'a 4', 'az 5', 'a 6', 'a 7', 'a 8', 'a 9']
        >>> [f"{hungarian_article(n)} {n}" for n in (10, 11, 15, 20, 21, 40, 50, 55, 59, 60, 99)]
        ['a 10', 'a 11', 'a 15', 'a 20', 'a 21', 'a 40', 'az 50', 'az 55', 'az 59', 'a 60', 'a 99']
        >>> [f"{hungarian_article(n)} {n}" for n in (100, 101, 150, 199, 200, 500, 555, 999)]
        ['a 100', 'a 101', 'a 150', 'a 199', 'a 200', 'az 500', 'az 555', 'a 999']
        >>> [f"{hungarian_article(n)} {n}" for n in (1000, 1999, 2000, 5000, 10000, 12000, 50000, 100000, 1000000)]
        ['az 1000', 'az 1999', 'a 2000', 'az 5000', 'a 10000', 'a 12000', 'az 50000', 'a 100000', 'az 1000000']

    A number written as text goes the same way, its groups as the reader's language writes them
    ("12 000", "1 000"), a decimal by its whole part ("1,5": egy egész öt), a sign as "mínusz"::

        >>> [hungarian_article(s) for s in ("1", "12 000", "1\u00a0000", "1,5", "3,5", "-1", "5.", "#12", "#1")]
        ['az', 'a', 'az', 'az', 'a', 'a', 'az', 'a', 'az']

    A word goes by its first letter, accents and markdown or quotes before it left aside; a
    square or another name read letter by letter ("E5", "B3", "VP") by the letter's name
    ("e", "bé", "vé"; "ef", "el", "em", "es" open with a vowel)::

        >>> [hungarian_article(w) for w in ("Orc Mauler", "Elf", "Human", "Ördögfióka", "Úr", "ízes", "**Hadsereg**", "'Kard'", "„Élet”")]
        ['az', 'az', 'a', 'az', 'az', 'az', 'a', 'a', 'az']
        >>> [hungarian_article(w) for w in ("E5", "B3", "F12", "L2", "A", "B", "D", "VP", "MTA", "Sz4")]
        ['az', 'a', 'az', 'az', 'az', 'a', 'a', 'a', 'az', 'az']

    A Discord mention (``<@123>``, ``<@&123>``, ``<#123>``) is shown to the reader as a display
    name the bot never sees, so no article can be chosen for it: it keeps "a(z)", and so does a
    value with nothing readable to go by::

        >>> [hungarian_article(w) for w in ("<@123>", "<@!123>", "<@&456>", "<#789>", "**<@123>**", "", "🏆")]
        ['a(z)', 'a(z)', 'a(z)', 'a(z)', 'a(z)', 'a(z)', 'a(z)']
    """
    if isinstance(value, bool) or value is None:
        return "a(z)"
    if isinstance(value, (int, float)):
        return "a" if value < 0 else _number_article(int(value))
    text = str(value).lstrip()
    while text[:1] and text[0] in _UNREAD and not _MENTION.match(text):
        text = text[1:].lstrip()
    if not text or _MENTION.match(text):
        return "a(z)"
    if text[0] in "-−–":
        return "a" if text[1:2].isdigit() else "a(z)"  # "mínusz"
    if text[0].isdigit():
        digits = re.match(r"\d+", text).group()
        rest = text[len(digits):]
        if rest[:1] and rest[0] in _GROUP_SEPARATORS and re.match(r"\d{3}(?!\d)", rest[1:]):
            return _number_article(int(digits) * 1000)  # "12 000": the leading group is said first
        return _number_article(int(digits))
    if not text[0].isalpha():
        return "a(z)"
    token = re.match(r"\w+", text).group()
    letters = token.rstrip("0123456789")
    if len(letters) == 1 or letters != token or (letters.isupper() and len(letters) <= 3):
        return "az" if letters[0].upper() in _VOWEL_LETTERS else "a"  # read letter by letter
    first = unicodedata.normalize("NFC", text[0].lower())
    base = unicodedata.normalize("NFKD", first)[0]
    return "az" if first in _VOWELS or base in "aeiou" else "a"


def _possessives(template: str, values: dict[str, Any]) -> str:
    """English's possessive of a name ending in s takes the apostrophe alone: "{unit}'s charge"
    reads "Knights' charge", "Spearmen's charge", "Giant's charge" (a plural form cannot say it,
    "Spearmen" being plural too). Only the English "'s" is touched: no other language writes it::

        >>> _possessives("{unit}'s charge fails", {"unit": "Knights"})
        "{unit}' charge fails"
        >>> _possessives("{unit}'s charge fails", {"unit": "Spearmen"})
        "{unit}'s charge fails"
    """
    if "}'s" not in template:
        return template
    for key, value in values.items():
        if isinstance(value, str) and value[-1:] in ("s", "S"):
            template = template.replace("{" + key + "}'s", "{" + key + "}'")
    return template


def _said_part(value: Any, lookup: Lookup) -> str:
    name = getattr(lookup, "name", None)
    if name is not None and isinstance(value, str) and not isinstance(value, Text):
        value = name(value)
    return render(value, lookup)


def _param_data(value: Any) -> Any:
    if isinstance(value, Text):
        return {"text": value.to_data()}
    return value


def _param_from(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"text"}:
        return Text.from_data(value["text"])
    return value


def render(value: Any, lookup: Lookup | None = None) -> str:
    """Any value as a player reads it: a :class:`Text` translated, anything else as ``str``."""
    if isinstance(value, Text):
        return value.render(lookup)
    return str(value)


def _(msgid: str, /, **params: Any) -> Text:
    """The sentence ``msgid`` (a literal with ``{name}`` placeholders) filled with ``params``."""
    return Text._make(msgid, None, None, params, _caller_area(1))


def ngettext(singular: str, plural: str, n: int, /, **params: Any) -> Text:
    """The singular or plural sentence for ``n``, by the reader's language's plural rule;
    ``{n}`` is available to both forms."""
    return Text._make(singular, plural, n, params, _caller_area(1))


def keep_message(data: Any) -> Any:
    """A model's input with its ``message`` made from a :class:`Text` ``reason`` (Text.to_data),
    so a stored reason keeps its catalogue key and reads in each reader's language; shared by
    a game's Result and a league's MatchResult (their ``mode="before"`` validators)."""
    if isinstance(data, dict) and isinstance(data.get("reason"), Text) and data.get("message") is None:
        return {**data, "message": data["reason"].to_data()}
    return data


def N_(msgid: str) -> str:
    """Marks a literal for the catalogue without translating it here (a constant's value
    that is turned into a :class:`Text` later with ``_(CONSTANT)``)."""
    return msgid


def join(separator: str, parts: Iterable[Any]) -> Text:
    """Parts joined by ``separator``; each part that is a :class:`Text` is translated alone."""
    return Text._joined(separator, parts)


def capitalised(value: Any) -> Text:
    """``value`` with its first letter upper case, in whichever language it is said (a reason
    that opens a refusal: "a wall stands between..." becomes "A wall stands between...")::

        >>> t = capitalised(Text("a wall stands between {a} and {b}", a="C3", b="C4"))
        >>> str(t), t.render(lambda m, p, n: "un muro sta tra {a} e {b}")
        ('A wall stands between C3 and C4', 'Un muro sta tra C3 e C4')
        >>> Text.from_data(t.to_data()).render(lambda m, p, n: "un muro sta tra {a} e {b}")
        'Un muro sta tra C3 e C4'
    """
    self = str.__new__(Text, _upper_first(str(value)))
    self.msgid, self.plural, self.n, self.params = None, None, None, {}
    self.separator, self.parts, self.area, self.capital = "", (value,), None, True
    return self


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def decimal(value: float, spec: str = "g") -> Text:
    """A number (a distance in inches, a fraction) written as the reader's language writes it:
    ``spec`` is Python's format (``g``, ``.1f``), the English value; a lookup may carry
    ``format_number(value, spec)`` (the bot's does, with babel: ``3,5`` in Italian)::

        >>> str(decimal(3.5, ".1f")), str(decimal(12.0)), str(decimal(2.25, ".1f"))
        ('3.5', '12', '2.2')
        >>> decimal(3.5, ".1f").render(lambda m, p, n: m)
        '3.5'
    """
    self = str.__new__(Text, format(value, spec))
    self.msgid, self.plural, self.n, self.params = None, None, None, {}
    self.separator, self.parts, self.area, self.number = None, (), None, (value, spec)
    return self


def listed(items: Iterable[Any], style: str = "standard") -> Text:
    """Items as a list ("a, b, and c"), said by the reader's language's own pattern: a lookup
    may carry ``format_list(parts)`` (the bot's does, with babel's CLDR patterns); without one
    the list reads as English::

        >>> str(listed(["Orc", "Elf", "Dwarf"])), str(listed(["Orc", "Elf"])), str(listed(["Orc"]))
        ('Orc, Elf, and Dwarf', 'Orc and Elf', 'Orc')
    """
    parts = tuple(items)
    self = str.__new__(Text, _english_list([str(p) for p in parts], style))
    self.msgid, self.plural, self.n, self.params = None, None, None, {}
    self.separator, self.parts, self.area, self.style = None, parts, None, style
    return self


def either(items: Iterable[Any]) -> Text:
    """Items as alternatives ("A2, A4, or L2"), by the reader's language's CLDR "or" pattern
    ("A2, A4 o L2", "A2, A4 vagy L2")::

        >>> str(either(["A2", "A4", "L2"])), str(either(["A2", "A4"])), str(either(["A2"]))
        ('A2, A4, or L2', 'A2 or A4', 'A2')
        >>> Text.from_data(either(["A2", "A4"]).to_data()) == either(["A2", "A4"])
        True
    """
    return listed(items, "or")


def shipped_word(text: str, words: Container[str], area: str) -> Text | str:
    """``text`` said from ``area``'s catalogue when it is one of ``words`` (the words a
    ruleset's shipped data files show players: a spell, a card's ability text), else as
    written (a player's own upload keeps its words)::

        >>> shipped_word("Giant Sword", {"Giant Sword"}, "ninth_age").msgid, shipped_word("Mine", {"Giant Sword"}, "ninth_age")
        ('Giant Sword', 'Mine')
    """
    return Text._make(text, None, None, {}, area) if text in words else text


def commas(items: Iterable[Any]) -> Text:
    """Items written one after another ("Orc, Elf, Dwarf": a list of names, of choices, of dice),
    by the reader's language's CLDR narrow list pattern: English keeps its commas, Italian and
    Hungarian join the last two with their word ("Orc, Elf e Dwarf", "Orc, Elf és Dwarf"); never
    ``", ".join`` inside a sentence (the guard in tests/languages finds that)::

        >>> str(commas(["Orc", "Elf", "Dwarf"])), str(commas(["Orc", "Elf"])), str(commas([]))
        ('Orc, Elf, Dwarf', 'Orc, Elf', '')
        >>> Text.from_data(commas(["a", "b"]).to_data()).style
        'standard-narrow'
    """
    return listed(items, "standard-narrow")


def _english_list(parts: list[str], style: str = "standard") -> str:
    # CLDR's English patterns, so English reads the same with or without babel.
    if style == "standard-narrow":
        return ", ".join(parts)
    word = " or " if style == "or" else " and "
    if len(parts) <= 2:
        return word.join(parts)
    return ", ".join(parts[:-1]) + "," + word + parts[-1]
