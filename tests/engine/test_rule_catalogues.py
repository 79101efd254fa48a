"""The rulesets' message catalogues (#13): every sentence a ruleset marks is in its template
(``locales/<area>.pot``), and the Italian and Hungarian catalogues translate every key with the
same placeholders. Run ``pybabel extract`` as locales/README.md says when this fails."""

import ast
import pathlib
import re

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

ROOT = pathlib.Path(__file__).resolve().parents[2]
AREAS = {"dnd_minis": "engine/rulesets/dnd_minis", "dnd35": "engine/rulesets/dnd35_encounter",
         "conan": "engine/rulesets/conan", "ninth_age": "engine/rulesets/ninth_age"}
LANGUAGES = ["it", "hu"]
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
PLACEHOLDER = re.compile(r"(?<!\{)\{([^{}]*)\}")


def key(msgid):
    return msgid if isinstance(msgid, str) else tuple(msgid)


def template(area):
    with open(ROOT / "locales" / f"{area}.pot", "rb") as f:
        return {key(m.id) for m in read_po(f) if m.id}


def marked_in_source(source):
    """Every literal given to _(), N_() or ngettext(), read from the syntax tree: a call nested in
    brackets inside another call is one babel's extractor does not see."""
    found = set()
    for path in source.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in KEYWORDS \
                    and node.args and isinstance(node.args[0], ast.Constant):
                found.add(node.args[0].value if node.func.id != "ngettext"
                          else (node.args[0].value, node.args[1].value))
    return found


@pytest.mark.parametrize("area", AREAS)
def test_every_marked_sentence_is_in_the_template(area):
    source = ROOT / AREAS[area]
    keys = template(area)
    extracted = {key(found[2]) for found in extract_from_dir(
        str(source), keywords=KEYWORDS, method_map=[("**.py", "python")])}
    assert extracted - keys == set(), "run pybabel extract (locales/README.md)"
    assert marked_in_source(source) - keys == set(), "a _() nested in brackets: hoist it into a variable"
    assert len(keys) > 100


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("area", AREAS)
def test_every_key_is_translated_with_the_same_placeholders(area, lang):
    with open(ROOT / "locales" / lang / "LC_MESSAGES" / f"{area}.po", "rb") as f:
        catalogue = read_po(f, locale=lang)
    assert {key(m.id) for m in catalogue if m.id} == template(area)
    for m in catalogue:
        if not m.id:
            continue
        english = m.id if isinstance(m.id, str) else m.id[-1]
        said = [m.string] if isinstance(m.string, str) else list(m.string)
        assert all(said), f"{lang}: {m.id!r} is not translated"
        want = sorted(placeholders(english) - {"n"})  # a count may go unsaid ("un round")
        for s in said:
            assert sorted(placeholders(s) - {"n"}) == want, f"{lang}: {m.id!r} -> {s!r}"


def placeholders(text):
    """A template's placeholders; ``{metres}`` (``{range_metres}``) stands for the key's ``{feet}``
    (``{range_feet}``): the D&D 3.5 encounter passes a distance in both units and a language
    that measures in metres says it in metres (the Italian 3.5 book: a square is 1,5 metri).
    Hungarian's article ``{x:az}`` is the placeholder ``x`` (tests/languages/test_catalogues.py
    holds where it may stand)."""
    return {re.sub(r"metres$", "feet", re.sub(r"(!s)?(:[Aa]z)?$", "", name)) for name in PLACEHOLDER.findall(text)}
