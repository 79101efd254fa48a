"""The message catalogues (locales/): every key of every area in every language, translated,
with the same placeholders; the templates in step with the code.

Generic over areas and languages, so a new area's .po files (or a new language's folder) are
checked the moment they are added.
"""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.i18n import LANGUAGES, LOCALES_DIR, lookup_for, po_files, say, translations
from engine.core.text import _, ngettext
from scripts import catalogues

TEMPLATES = sorted(LOCALES_DIR.glob("*.pot"))
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


def _read(path: Path, lang: str | None = None):
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def _fields(text: str) -> set[str]:
    """The ``{placeholders}`` of a template (format's own parser: ``{{`` is no field).

    A distance is one placeholder in two units: a key says ``{feet} ft`` (``{range_feet}``) and
    a language that measures in metres says ``{metres} m`` (``{range_metres}``) in its place;
    the sentence passes both (the D&D 3.5 encounter's ``distance()``: the Italian 3.5 book's
    square is 1,5 metri)."""
    names = {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    return {_as_key_name(name) for name in names}


# A format spec a translation may add to a placeholder the key has: Hungarian's article,
# "{id:az}" said "a" or "az" by the value (engine.core.text.hungarian_article). No other
# language's formatting understands it, so no other language may write it.
ADDED_SPECS = {"hu": {"az", "Az"}}


def _specs(text: str) -> set[tuple[str, str, str | None]]:
    """Each placeholder's (name, format spec, conversion); a distance's ``{metres}`` counts as the
    key's ``{feet}`` (see ``_fields``)."""
    return {(_as_key_name(name), spec or "", conv) for _, name, spec, conv in string.Formatter().parse(text)
            if name is not None}


def _as_key_name(name: str) -> str:
    return name[:-len("metres")] + "feet" if name.endswith("metres") else name


def _spec_problems(key: str, form: str, lang: str) -> list[str]:
    """A spec in ``form`` that its key does not have, unless the language may add it; and an
    added article that is not followed by its own placeholder ("{id:az} #{id}")."""
    problems = []
    keys = _specs(key)
    added = ADDED_SPECS.get(lang, set())
    for name, spec, conv in _specs(form):
        if (name, spec, conv) in keys:
            continue
        if spec in added and conv is None:
            if not re.search(r"\{%s:%s\}[ \"'*#„(]*\{%s[}!:]" % (name, spec, name), form):
                problems.append(f"the article {{{name}:{spec}}} does not stand before {{{name}}}: {form!r}")
            continue
        problems.append(f"format spec {spec!r} (conversion {conv!r}) on {{{name}}} is not the key's: {key!r} -> {form!r}")
    return problems


def _key(message) -> tuple:
    return (message.context, message.id if isinstance(message.id, str) else tuple(message.id))


def test_there_are_catalogues_for_every_language():
    assert TEMPLATES, "no locales/*.pot"
    for lang in TRANSLATED:
        assert {p.stem for p in po_files(lang)} == {p.stem for p in TEMPLATES}, lang


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: p.stem)
def test_every_key_is_translated_with_the_same_placeholders(template, lang):
    keys = {_key(m) for m in _read(template) if m.id}
    po = _read(LOCALES_DIR / lang / "LC_MESSAGES" / f"{template.stem}.po", lang)
    entries = {_key(m): m for m in po if m.id}
    assert set(entries) == keys, f"missing: {sorted(keys - set(entries))[:5]}, extra: {sorted(set(entries) - keys)[:5]}"
    problems = []
    for key, m in entries.items():
        forms = [m.string] if isinstance(m.string, str) else list(m.string)
        if m.fuzzy or not all(forms):
            problems.append(f"untranslated: {m.id!r}")
            continue
        if isinstance(m.id, str):
            if _fields(forms[0]) != _fields(m.id):
                problems.append(f"placeholders differ: {m.id!r} -> {forms[0]!r}")
            problems += _spec_problems(m.id, forms[0], lang)
        else:
            allowed = _fields(m.id[0]) | _fields(m.id[1])
            if len(forms) != po.num_plurals:
                problems.append(f"{len(forms)} plural forms, {lang} has {po.num_plurals}: {m.id!r}")
            for form in forms:
                if not _fields(form) <= allowed or not (_fields(m.id[1]) - {"n"}) <= _fields(form):
                    problems.append(f"plural placeholders differ: {m.id!r} -> {form!r}")
                problems += _spec_problems(m.id[0] + " " + m.id[1], form, lang)
    assert problems == []


def test_the_templates_hold_every_key_the_code_marks():
    """``python3 -m scripts.catalogues check``: a new ``_()`` without ``update`` fails here."""
    assert catalogues.main(["check"]) == 0


@pytest.mark.parametrize("lang", TRANSLATED)
def test_slash_command_names_keep_discords_rules(lang):
    catalogue = translations(lang)
    for message in _read(LOCALES_DIR / f"bot.pot"):
        if message.context == "slash-command name":
            name = catalogue.pgettext(message.context, message.id)
            assert name == name.lower() and 1 <= len(name) <= 32 and " " not in name, name


def test_plurals_follow_each_languages_rule():
    line = ngettext("🎲 **The last free roll here**", "🎲 **The last {n} free rolls here**", 3)
    assert say(line, "en") == "🎲 **The last 3 free rolls here**"
    assert say(line, "it") == "🎲 **Gli ultimi 3 tiri liberi qui**"
    assert say(line, "hu") == "🎲 **Az utolsó 3 szabad dobás itt**"  # Hungarian: no plural after a number
    one = ngettext("🎲 **The last free roll here**", "🎲 **The last {n} free rolls here**", 1)
    assert say(one, "it") == "🎲 **L’ultimo tiro libero qui**"


def test_a_sentence_is_said_in_each_language_and_english_stays_the_source():
    refusal = _("There is no game in this channel. Start one with /game new.")
    assert say(refusal, "en") == str(refusal) and lookup_for("en") is None
    assert say(refusal, "it") == "Non c’è nessuna partita in questo canale. Iniziane una con /game new."
    assert say(refusal, "hu") == "Ebben a csatornában nincs játék. Indíts egyet: /game new."


def test_lists_and_numbers_follow_each_languages_cldr_pattern():
    from bot.i18n import listed as babel_list, number
    from engine.core.text import listed

    seats = listed(["Orc", _("free"), "Elf"])
    assert str(seats) == say(seats, "en") == "Orc, free, and Elf"
    assert say(seats, "it") == "Orc, libero e Elf"
    assert say(seats, "hu") == "Orc, szabad és Elf"
    assert babel_list(["a", "b"], "hu") == "a és b"
    assert (number(1234.5, "en"), number(1234.5, "it"), number(1234.5, "hu")) == ("1,234.5", "1.234,5", "1\xa0234,5")


@pytest.mark.parametrize("path", TEMPLATES + [p for lang in TRANSLATED for p in po_files(lang)], ids=lambda p: p.name)
def test_no_key_is_taken_for_a_percent_format(path):
    """The sentences are brace-formatted; babel guessed ``python-format`` for a key holding "%"
    ("{off}% of it would be off the table"), and ``msgfmt -c`` then refused the Hungarian "50%-a"
    as a broken %-directive."""
    # the file's own flag lines (babel's reader would guess the flag again)
    flagged = [line for line in path.read_text(encoding="utf-8").splitlines()
               if line.startswith("#,") and "python-format" in line.replace("python-brace-format", "")]
    assert flagged == []


def test_an_added_format_spec_is_only_hungarians_article_before_its_own_placeholder():
    assert _spec_problems("Game #{id} ends.", "{id:Az} #{id} játék véget ért.", "hu") == []
    assert _spec_problems("{a} and {b}", "{a:az} **{a}** és {b}", "hu") == []
    assert _spec_problems("Game #{id} ends.", "{id:az} #{id} partita.", "it")  # Italian has no such spec
    assert _spec_problems("{a} and {b}", "{a:az} {b} és {a}", "hu")  # the article of one value before another
    assert _spec_problems("{a} and {b}", "{a:>5} és {b}", "hu")  # a spec the key does not have
    assert _spec_problems("{a!r} and {b}", "{a!r} és {b}", "hu") == []
