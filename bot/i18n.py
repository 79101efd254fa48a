"""The bot's languages: message catalogues, the reader's language, and saying things in it (#13).

The engine and the service build sentences as :class:`engine.core.text.Text` (English that
remembers its catalogue key); this module is the one place that knows the catalogues. Every
``locales/<lang>/LC_MESSAGES/*.po`` of a language (one file per area: ``bot``, ``dnd_minis``,
``dnd35``...) is read with babel and compiled in memory, so no compiled ``.mo`` is kept in the
repository and a catalogue edit shows at the next start. A key is looked up area by area; plural
forms follow each file's own ``Plural-Forms`` rule (CLDR's for files made by
``scripts.catalogues``), numbers and lists are formatted by babel::

    >>> from engine.core.text import _, ngettext
    >>> say(_("There is no game in this channel. Start one with /game new."), "it")
    'Non c’è nessuna partita in questo canale. Iniziane una con /game new.'
    >>> say(_("There is no game in this channel. Start one with /game new."), "en")
    'There is no game in this channel. Start one with /game new.'
    >>> language_of(None, "hu", None), language_of(None, "en-GB", "it"), language_of("it", "hu", None)
    ('hu', 'en', 'it')
    >>> language_of(None, "de", "hu"), language_of(None, None, None)
    ('hu', 'en')
    >>> listed(["Orc", "Elf", "Dwarf"], "it"), listed(["Orc", "Elf", "Dwarf"], "hu")
    ('Orc, Elf e Dwarf', 'Orc, Elf és Dwarf')
    >>> number(12345, "it"), number(12345, "hu"), number(12345, "en")
    ('12.345', '12\\xa0345', '12,345')

Discord's locales are ``it``, ``hu``, ``en-US``, ``en-GB``...; any other one (Discord in German)
falls back to the server's default, then to English.
"""

from __future__ import annotations

import io
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.lists import format_list
from babel.support import Translations

from engine.core.events import Event
from engine.core.text import N_, Lookup, Text, join, render

LOCALES_DIR = Path(__file__).resolve().parent.parent / "locales"
SOURCE = "en"
# The languages Warband speaks, each named in its own words (as /language lists them).
LANGUAGES: dict[str, str] = {"en": "English", "it": "Italiano", "hu": "Magyar"}
# ... and named inside a sentence in the reader's words ("A nyelved mostantól: magyar", "La tua
# lingua ora è ungherese"): CLDR's names (babel's Locale.languages) are the catalogues' entries.
LANGUAGE_WORDS: dict[str, str] = {"en": N_("English"), "it": N_("Italian"), "hu": N_("Hungarian")}


def language_word(code: str) -> Text | str:
    """A language named in a sentence, in the reader's language (an unknown code as it is)::

        >>> str(language_word("hu")), str(say(language_word("hu"), "hu")), str(say(language_word("hu"), "it"))
        ('Hungarian', 'magyar', 'ungherese')
    """
    return Text(LANGUAGE_WORDS[code]) if code in LANGUAGE_WORDS else code


def po_files(lang: str, root: Path = LOCALES_DIR) -> list[Path]:
    """The catalogues of ``lang``, one per area, in a fixed order."""
    return sorted((root / lang / "LC_MESSAGES").glob("*.po"))


class Catalogue:
    """Every area's catalogue of one language. Each area keeps its own plural rule (its
    ``.po`` header), so a file written with another tool's rule still reads right."""

    def __init__(self, parts: list[Translations], areas: list[str] | None = None):
        self.parts = parts
        self.areas = areas or [""] * len(parts)

    def _order(self, area: str | None) -> list[Translations]:
        """The parts to read, ``area``'s own first: a ruleset reads its own translation of a
        key another area translates differently."""
        if area is None or area not in self.areas:
            return self.parts
        own = self.parts[self.areas.index(area)]
        return [own, *(p for p in self.parts if p is not own)]

    def _find(self, key: Any, area: str | None = None) -> str | None:
        for part in self._order(area):
            said = part._catalog.get(key)
            if said:
                return said
        return None

    def gettext(self, msgid: str, area: str | None = None) -> str:
        return self._find(msgid, area) or msgid

    def pgettext(self, context: str, msgid: str) -> str:
        return self._find(f"{context}\x04{msgid}") or msgid

    def ngettext(self, singular: str, plural: str, n: int, area: str | None = None) -> str:
        for part in self._order(area):
            said = part._catalog.get((singular, part.plural(n)))
            if said:
                return said
        return singular if n == 1 else plural


@lru_cache(maxsize=None)
def translations(lang: str) -> Catalogue | None:
    """Every area's catalogue of ``lang`` (None for English, the source).

    Each ``.po`` is compiled in memory; fuzzy and empty entries are left out by babel, so an
    unfinished translation reads in English rather than wrongly.
    """
    if lang == SOURCE or lang not in LANGUAGES:
        return None
    parts, areas = [], []
    for path in po_files(lang):
        with path.open("rb") as handle:
            catalog = read_po(handle, locale=lang, domain=path.stem)
        compiled = io.BytesIO()
        write_mo(compiled, catalog)
        compiled.seek(0)
        parts.append(Translations(compiled, domain=path.stem))
        areas.append(path.stem)
    return Catalogue(parts, areas)


@lru_cache(maxsize=None)
def lookup_for(lang: str | None) -> Lookup | None:
    """The ``lookup(msgid, plural, n)`` that :meth:`Text.render` uses for ``lang``; None for
    English (a Text's own English is the source)."""
    catalogue = translations(lang or SOURCE)
    if catalogue is None:
        return None

    def lookup(msgid: str, plural: str | None, n: int | None) -> str:
        if plural is not None:
            return catalogue.ngettext(msgid, plural, 1 if n is None else n)
        return catalogue.gettext(msgid)

    def in_area(area: str, msgid: str, plural: str | None, n: int | None) -> str:
        # A sentence a ruleset made reads that ruleset's catalogue first (engine.core.text.Text.area).
        if plural is not None:
            return catalogue.ngettext(msgid, plural, 1 if n is None else n, area)
        return catalogue.gettext(msgid, area)

    lookup.in_area = in_area  # type: ignore[attr-defined]

    # A seat's default name ("Player 1") said in the language wherever it fills a sentence.
    from engine.core.models import seat_label

    lookup.name = seat_label  # type: ignore[attr-defined]
    # A word of a ruleset's shipped data files (a spell, a magic item, a card's name) wherever a
    # sentence of that ruleset names it (engine.core.text._fill).
    lookup.data_word = data_word  # type: ignore[attr-defined]
    # Lists (engine.core.text.listed) by the language's CLDR pattern ("a, b e c", "a, b és c").
    lookup.format_list = lambda parts, style="standard": format_list(list(parts), style=style,  # type: ignore[attr-defined]
                                                                     locale=Locale.parse(lang))
    # Numbers (engine.core.text.decimal) with the language's decimal sign ("3,5").
    lookup.format_number = lambda value, spec: formatted(value, spec, lang)  # type: ignore[attr-defined]
    return lookup


def say(value: Any, lang: str | None) -> str:
    """``value`` as a reader of ``lang`` reads it: a Text translated, anything else as is."""
    if value is None:
        return value
    return render(value, lookup_for(lang))


def folded(text: Any) -> str:
    """``text`` as typing compares it: without case, accents or extra spaces ("Kőkör" and
    "kokor", "Città" and "citta" are the same)."""
    plain = unicodedata.normalize("NFKD", str(text or ""))
    return " ".join("".join(c for c in plain if not unicodedata.combining(c)).casefold().split())


def typed_value(typed: Any, names: Iterable[tuple[Any, str]], first: str | None = None) -> str | None:
    """The value of the name ``typed`` in any language (``names``: (name, value) pairs, a name a
    Text said in each language), ``first``'s reading before the others; None when none matches::

        >>> typed_value("porta", [(Text("Gate"), "gate"), (Text("Hall"), "hall")])
        'gate'
        >>> typed_value("CSARNOK", [(Text("Gate"), "gate"), (Text("Hall"), "hall")], "it")
        'hall'
    """
    key, names = folded(typed), list(names)
    if not key:
        return None
    for name, value in names:  # the value itself (an area's id) and the name as written
        if key in (folded(value), folded(name)):
            return value
    for lang in dict.fromkeys([supported(first) or SOURCE, *LANGUAGES]):
        for name, value in names:
            if key == folded(say(name, lang)):
                return value
    return None


def supported(lang: str | None) -> str | None:
    """``lang`` (a Discord locale such as ``it`` or ``en-GB``) as one of :data:`LANGUAGES`, or None."""
    if not lang:
        return None
    base = str(lang).replace("_", "-").split("-")[0].casefold()
    return base if base in LANGUAGES else None


def language_of(chosen: str | None, discord_locale: str | None, server_default: str | None) -> str:
    """The reader's language: their own ``/language`` choice, else Discord's locale of the
    interaction, else the server's default (``/server language:``), else English."""
    return supported(chosen) or supported(discord_locale) or supported(server_default) or SOURCE


def listed(items: Iterable[Any], lang: str | None, style: str = "standard") -> str:
    """Items as a list in ``lang`` ("a, b and c"), by CLDR's patterns."""
    return format_list([str(i) for i in items], style=style, locale=Locale.parse(lang or SOURCE))


def formatted(value: float, spec: str, lang: str | None) -> str:
    """``value`` written in ``lang`` as Python's ``format(value, spec)`` writes it in English
    (``g``: no trailing zeros; ``.Nf``: N decimals)::

        >>> formatted(3.25, ".1f", "it"), formatted(12.0, "g", "hu"), formatted(0.5, "g", "it")
        ('3,2', '12', '0,5')
        >>> formatted(1234567, ",d", "it"), formatted(1234567, ",d", "hu"), formatted(1234567, ",d", "en")
        ('1.234.567', '1\\xa0234\\xa0567', '1,234,567')
    """
    english = format(value, spec)
    grouped = "," in spec  # ``,d``, ``,.1f``: thousands grouped, by the language's own sign
    try:
        number_value = float(english.replace(",", "") if grouped else english)
    except ValueError:  # inf, nan, a spec babel has no pattern for
        return english
    places = len(english.split(".")[1]) if "." in english else 0
    pattern = ("#,##0" if grouped else "0") + ("." + "0" * places if places else "")
    return format_decimal(number_value, format=pattern, locale=Locale.parse(lang or SOURCE))


def number(value: float, lang: str | None) -> str:
    """A number with ``lang``'s digit grouping and decimal sign."""
    return format_decimal(value, locale=Locale.parse(lang or SOURCE))


def spoken(reply: Any, lang: str | None) -> Any:
    """The reply with its text and button labels said in ``lang`` (the reply is changed and
    returned). English is the Text's own value, so an English reply is byte for byte the same."""
    from dataclasses import replace

    reply.text = say(reply.text, lang)
    reply.lang = lang
    if reply.buttons:
        reply.buttons = [replace(b, label=say(b.label, lang)) for b in reply.buttons]
    return reply


def localised_view(view: Any, lang: str | None) -> Any:
    """A board view whose sentences (captions, titles, labels that are Texts) are said in
    ``lang``, and whose ``words`` tell the renderer its own words (legends, zone marks) in
    ``lang``: renderers stay Pillow only and never see a catalogue."""
    lookup = lookup_for(lang)
    if lookup is None:
        return view
    out = _said(view, lookup)
    if getattr(out, "side_names", None):
        # The legend's seat names: the rulesets' default ones ("Player 1") said in the language.
        from engine.core.models import seat_label

        out = out.model_copy(update={"side_names": {side: render(seat_label(name), lookup)
                                                    for side, name in out.side_names.items()}})
    if hasattr(out, "words"):
        out = out.model_copy()
        from renderers.words import WORDS

        out.words = {word: lookup(word, None, None) or word for word in WORDS}
    return out


def _said(value: Any, lookup: Lookup) -> Any:
    from pydantic import BaseModel

    from engine.core.text import Text

    if isinstance(value, Text):
        return value.render(lookup)
    if isinstance(value, BaseModel):
        changes = {}
        for name in type(value).model_fields:
            field = getattr(value, name)
            said = _said(field, lookup)
            if said is not field:
                changes[name] = said
        return value.model_copy(update=changes) if changes else value
    if isinstance(value, list):
        said = [_said(v, lookup) for v in value]
        return said if any(a is not b for a, b in zip(said, value)) else value
    if isinstance(value, dict):
        said = {k: _said(v, lookup) for k, v in value.items()}
        return said if any(said[k] is not value[k] for k in value) else value
    return value


class _Words:
    """A renderer's own words in one language, looked up as the renderer asks for them."""

    def __init__(self, lookup: Lookup):
        self.lookup = lookup

    def get(self, word: str, default: str | None = None) -> str:
        return self.lookup(word, None, None) or (word if default is None else default)

    def text(self, value: Any) -> str:
        """A whole sentence (a :class:`Text`, e.g. an ability's name) in this language."""
        return render(value, self.lookup)


def renderer_words(lang: str | None) -> _Words | None:
    """What ``renderers.card.render_card(card, words)`` takes for ``lang`` (None: English)."""
    lookup = lookup_for(lang)
    return None if lookup is None else _Words(lookup)


def event_text(event: Event) -> Any:
    """An event's log line (:meth:`Event.line`) as a Text, so it is said in each reader's
    language; its English is the line itself."""
    said: Any = event.text
    if event.message is not None:
        message = Text.from_data(event.message)
        if str(message) == event.text:
            said = message
    if event.roll is not None:
        return join("", [said, f" 🎲 {event.roll.detail or event.roll.expression} = {event.roll.total}"])
    return said


# -- the words of the shipped data files (#13) --------------------------------------------------
# Each area's module that knows the words its shipped data files show players: ``data_texts()``
# (English -> the file it is in; scripts.catalogues makes them catalogue keys) and
# ``data_said(word)`` (the word as a Text of the area, or as it is if it is not one of them).
DATA_WORD_MODULES = {"dnd_minis": "engine.rulesets.dnd_minis.cards", "conan": "engine.rulesets.conan.data",
                     "ninth_age": "engine.rulesets.ninth_age.catalogue"}


def _data_module(area: str) -> Any:
    """``area``'s module of :data:`DATA_WORD_MODULES`, imported (None for an area without)."""
    import importlib

    module = DATA_WORD_MODULES.get(area)
    return importlib.import_module(module) if module else None


def data_texts(area: str) -> dict[str, str]:
    """The words of ``area``'s shipped data files, each with its file ({} for an area without)."""
    module = _data_module(area)
    return module.data_texts() if module else {}


def data_word_params(area: str) -> frozenset[str]:
    """The placeholders a sentence of ``area`` marks as shipped data words (its module's
    ``DATA_WORD_PARAMS``: "{spell}", "{item}", "{cards}"...)."""
    return getattr(_data_module(area), "DATA_WORD_PARAMS", frozenset())


def data_word(value: str, area: str | None, key: str | None = None) -> Any:
    """``value`` as a Text of ``area`` if it is a word of that ruleset's shipped data, else as it
    is. ``key``: the sentence's placeholder it fills (engine.core.text._fill); only a placeholder
    the area marks as a data word is said so, so a player's unit named like a shipped special
    rule keeps its name. Without ``key`` the caller marks it (an autocomplete's spell)::

        >>> str(data_word("Hatred", "ninth_age", "rule").render(lookup_for("it"))), data_word("Hatred", "ninth_age", "unit")
        ('Odio', 'Hatred')
    """
    if area is None or area not in DATA_WORD_MODULES or value not in data_texts(area):
        return value
    if key is not None and key not in data_word_params(area):
        return value
    return Text._make(value, None, None, {}, area)


def any_data_word(value: Any) -> Any:
    """``value`` as a Text of the first ruleset whose shipped data holds it (a spell, a magic
    item, a Conan card offered by autocomplete), else as it is."""
    if isinstance(value, str) and not isinstance(value, Text):
        for area in DATA_WORD_MODULES:
            said = data_word(value, area)
            if said is not value:
                return said
    return value


def typed_back(options: dict[str, Any], spec: Any, names_of: Callable[[str], Iterable[tuple[Any, str]]],
               lang: str | None) -> dict[str, Any]:
    """A command's options with each name a player may type in any language (a Conan area, a
    spell, a magic item, a card) turned into the value the command reads: ``spec`` is the
    command's :class:`bot.commands.CommandSpec`, ``names_of(kind)`` the ruleset's
    ``typed_names`` for an option's kind of name (:attr:`bot.commands.Option.names`), ``lang``
    the reader's language, whose reading is tried first. A list of names ("Spada Gigante,
    Talismano della Protezione") is read name by name. A name no language knows is left as
    typed, for the ruleset to refuse; the same dict when nothing changed::

        >>> from bot.commands import find_command
        >>> names = {"square": [(Text("Gate"), "gate"), (Text("Hall"), "hall")]}
        >>> typed_back({"to": "Sala", "creature": "conan"}, find_command("move"), lambda k: names.get(k, []), "it")
        {'to': 'hall', 'creature': 'conan'}
        >>> typed_back({"to": "Cortile"}, find_command("move"), lambda k: names.get(k, []), "it")
        {'to': 'Cortile'}
    """
    out = options
    for option in spec.options:
        typed, kind = options.get(option.name), option.names
        if kind is None or not isinstance(typed, str) or not typed.strip():
            continue
        names = list(names_of(kind))
        if not names:
            continue
        value = typed_value(typed, names, lang)
        if value is None and "," in typed:
            parts = [p.strip() for p in typed.split(",")]
            said = [typed_value(p, names, lang) or p for p in parts]
            value = ", ".join(said) if said != parts else None
        if value is not None and value != typed:
            out = {**out, option.name: value}
    return out
