"""Keep the message catalogues (``locales/``) in step with the code, one area at a time.

    python3 -m scripts.catalogues extract          # write locales/<area>.pot from the code
    python3 -m scripts.catalogues update           # extract, then merge new keys into every .po
    python3 -m scripts.catalogues update bot       # only the area ``bot``
    python3 -m scripts.catalogues check            # exit 1 if a .pot is out of date

Keys are found by babel's Python extractor with the keywords ``_``, ``N_`` and
``ngettext:1,2`` (see :mod:`engine.core.text`). ``update`` keeps every translation already
made; a key whose English changed is marked fuzzy (read in English until a translator looks).
A new language is ``mkdir -p locales/<lang>/LC_MESSAGES`` plus an entry in
``bot.i18n.LANGUAGES``, then ``update``.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ROOT / "locales"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
# Each area's catalogue and the folders its keys come from.
AREAS: dict[str, tuple[str, ...]] = {
    "bot": ("bot", "leagues", "renderers"),
    "engine": ("engine/core", "engine/grid", "engine/areas", "engine/table"),
    "dnd_minis": ("engine/rulesets/dnd_minis",),
    "dnd35": ("engine/rulesets/dnd35_encounter",),
    "conan": ("engine/rulesets/conan",),
    "ninth_age": ("engine/rulesets/ninth_age",),
}


def template(area: str) -> Catalog:
    """The catalogue template of ``area``: every key in its folders, with where it is used."""
    catalog = Catalog(project="Warband", version="1", fuzzy=False, charset="utf-8")
    for folder in AREAS[area]:
        for filename, lineno, message, comments, context in extract_from_dir(
                ROOT / folder, method_map=[("**.py", "python")], keywords=KEYWORDS,
                comment_tags=("Translators:",), strip_comment_tags=True):
            catalog.add(message, None, [(f"{folder}/{filename}", lineno)], auto_comments=comments, context=context)
    if area in GENERATED:
        GENERATED[area](catalog)
    _brace_format_only(catalog)
    return catalog


def _brace_format_only(catalog: Catalog) -> None:
    """Every sentence is formatted with ``{name}`` (engine.core.text), never with ``%``: babel
    guesses ``python-format`` for any key holding a ``%`` ("{off}% of it…"), and ``msgfmt -c``
    then rejects a correct translation ("50%-a") as a broken %-directive. Drop the guess."""
    for message in catalog:
        message.flags.discard("python-format")


def command_table(catalog: Catalog) -> None:
    """The slash commands' words (bot.commands), which are data, not calls to ``_``: each
    description by its English, each command, group and option name under the context
    ``slash-command name`` (Discord's rules for names: lower case, no spaces)."""
    from bot.commands import COMMANDS, GROUPS
    from bot.discord.translator import NAME_CONTEXT

    where = [("bot/commands.py", 0)]
    for group, description in GROUPS.items():
        catalog.add(group, None, where, context=NAME_CONTEXT)
        catalog.add(description, None, where)
    for spec in COMMANDS:
        catalog.add(spec.name, None, where, context=NAME_CONTEXT)
        catalog.add(spec.description, None, where)
        for option in spec.options:
            catalog.add(option.name, None, where, context=NAME_CONTEXT)
            catalog.add(option.description, None, where)


# Keys an area has beside those extracted from calls.
def data_table(area: str):
    """The words ``area``'s shipped data files show players (a card's ability text, a spell, a
    magic item, a Conan card; ``bot.i18n.data_texts``), each where its file is: a new data
    file adds its words to the template, and the bot says them in the reader's language."""
    def add(catalog: Catalog) -> None:
        from bot.i18n import data_texts

        for text, where in data_texts(area).items():
            catalog.add(text, None, [(where, 0)])
    return add


GENERATED = {"bot": command_table, "conan": data_table("conan"), "dnd_minis": data_table("dnd_minis"),
             "ninth_age": data_table("ninth_age")}


def _po_text(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    # No dates, no line numbers: the files change only when a key does, so diffs stay small.
    write_po(out, catalog, width=100, omit_header=False, include_lineno=False, sort_output=True)
    return out.getvalue()


def plural_forms(lang: str) -> tuple[int, str] | None:
    """The gettext ``Plural-Forms`` of CLDR's plural rule for ``lang`` (Hungarian: one and
    other, where gettext's old table has a single form), or None where CLDR's rule needs
    operands gettext cannot evaluate (Italian's "many" for millions): babel's table then.

    >>> plural_forms("hu")
    (2, '(((n == 1)) ? 0 : 1)')
    >>> plural_forms("it") is None
    True
    """
    import gettext

    from babel import Locale
    from babel.plural import to_gettext

    header = to_gettext(Locale.parse(lang).plural_form)
    count, _, expr = header.rstrip(";").partition("; plural=")
    try:
        rule = gettext.c2py(expr)
        [rule(n) for n in range(3)]
    except (ValueError, NameError, SyntaxError):
        return None
    return int(count.split("=")[1]), expr


def keys(catalog: Catalog) -> set[tuple]:
    """The (context, msgid) keys of a catalogue: what ``check`` compares (not the layout, so a
    template written by pybabel with line numbers is as good as one written here)."""
    return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in catalog if m.id}


def _read(path: Path) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle)


def languages() -> list[str]:
    return sorted(p.name for p in LOCALES.iterdir() if (p / "LC_MESSAGES").is_dir())


def extract(area: str) -> Catalog:
    catalog = template(area)
    if len(catalog):
        LOCALES.mkdir(exist_ok=True)
        (LOCALES / f"{area}.pot").write_bytes(_po_text(catalog))
    return catalog


def update(area: str) -> None:
    """Extract ``area`` and merge its keys into every language's ``.po`` (created if missing)."""
    catalog = extract(area)
    if not len(catalog):
        return
    for lang in languages():
        path = LOCALES / lang / "LC_MESSAGES" / f"{area}.po"
        if path.exists():
            with path.open("rb") as handle:
                po = read_po(handle, locale=lang, domain=area)
        else:
            po = Catalog(locale=lang, domain=area, project="Warband", version="1", fuzzy=False)
        new = not len(po)
        po.update(catalog, no_fuzzy_matching=True)
        forms = plural_forms(lang)
        if new and forms is not None:
            # A new file takes CLDR's rule; an existing one keeps its own (its plural entries
            # were written for it), and bot.i18n reads each file by its own rule.
            po._num_plurals, po._plural_expr = forms
        po.obsolete.clear()  # a key gone from the code is gone from the catalogue
        _brace_format_only(po)
        path.write_bytes(_po_text(po))


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("extract", "update", "check"):
        print(__doc__)
        return 2
    areas = argv[1:] or list(AREAS)
    unknown = [a for a in areas if a not in AREAS]
    if unknown:
        print(f"unknown area {unknown[0]!r}; areas: {', '.join(AREAS)}")
        return 2
    stale = []
    for area in areas:
        if argv[0] == "extract":
            extract(area)
        elif argv[0] == "update":
            update(area)
        else:
            pot = LOCALES / f"{area}.pot"
            fresh = template(area)
            if len(fresh) and (not pot.exists() or keys(fresh) != keys(_read(pot))):
                stale.append(area)
    if stale:
        print("out of date: " + ", ".join(stale) + " (run python3 -m scripts.catalogues update)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
