"""The D&D Miniatures catalogue (#13): every marked sentence is in ``locales/dnd_minis.pot``,
and a real Quick Start refusal and event read in Italian and Hungarian through the .po files,
loaded with babel the way the bot loads them (plural forms by each catalogue's own rule)."""

import ast
import gettext
import io
import pathlib
import re

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from engine.core import IllegalAction, get_ruleset
from engine.grid import GridMap, parse_square
from tests.scripted import script_dice

ROOT = pathlib.Path(__file__).resolve().parents[2]
AREA = "dnd_minis"
SOURCE = ROOT / "engine" / "rulesets" / "dnd_minis"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
RULES = get_ruleset("dnd-minis-quick")


def catalogue(lang):
    with open(ROOT / "locales" / lang / "LC_MESSAGES" / f"{AREA}.po", "rb") as f:
        return read_po(f, locale=lang)


def lookup(lang):
    """The catalogue as gettext translations (babel compiles the .po, gettext picks the plural)."""
    mo = io.BytesIO()
    write_mo(mo, catalogue(lang))
    mo.seek(0)
    translations = gettext.GNUTranslations(mo)

    def say(msgid, plural, n):
        return translations.gettext(msgid) if plural is None else translations.ngettext(msgid, plural, n)
    return say


def key(msgid):
    return msgid if isinstance(msgid, str) else tuple(msgid)


def marked_in_source():
    """Every literal given to _(), N_() or ngettext() under the ruleset, read from the syntax tree
    (a call nested in brackets inside another call is one babel's extractor can miss)."""
    found = set()
    for path in SOURCE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in KEYWORDS \
                    and node.args and isinstance(node.args[0], ast.Constant):
                found.add(node.args[0].value if node.func.id != "ngettext"
                          else (node.args[0].value, node.args[1].value))
    return found


def test_every_marked_sentence_is_in_the_template():
    with open(ROOT / "locales" / f"{AREA}.pot", "rb") as f:
        template = {key(m.id) for m in read_po(f) if m.id}
    extracted = {key(found[2]) for found in extract_from_dir(
        str(SOURCE), keywords=KEYWORDS, method_map=[("**.py", "python")])}
    assert extracted - template == set(), "run pybabel extract (see locales/README.md)"
    assert marked_in_source() - template == set(), "a nested _() babel does not see: hoist it into a variable"
    assert len(template) > 300


PLACEHOLDER = re.compile(r"(?<!\{)\{([^{}]*)\}")


@pytest.mark.parametrize("lang", ["it", "hu"])
def test_every_key_is_translated_with_the_same_placeholders(lang):
    with open(ROOT / "locales" / f"{AREA}.pot", "rb") as f:
        template = {key(m.id) for m in read_po(f) if m.id}
    cat = catalogue(lang)
    assert {key(m.id) for m in cat if m.id} == template
    for m in cat:
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strs = [m.string] if isinstance(m.string, str) else list(m.string)
        assert all(strs), f"{lang}: {m.id!r} is not translated"
        want = sorted(set(PLACEHOLDER.findall(ids[-1])) - {"n"})
        for s in strs:
            assert sorted(set(PLACEHOLDER.findall(s)) - {"n"}) == want, f"{lang}: {m.id!r} -> {s!r}"


OPEN_GROUND = GridMap.from_data({
    "name": "Open ground", "width": 20, "height": 3,
    "zones": [
        {"name": "start A", "kind": "start", "side": "A", "squares": [[0, 0], [0, 2]]},
        {"name": "start B", "kind": "start", "side": "B", "squares": [[19, 0], [19, 2]]},
    ],
}).model_dump(mode="json")


def act(state, kind, seat, **fields):
    return RULES.apply(state, RULES.parse_action({"kind": kind, "seat": seat, **fields}))


def round_one():
    """WE-04: the Orc (p1) on A1, the Ranger (p2) on T1, the Orc acts first."""
    state = script_dice(RULES.new_game(seed=1, options={"map_data": OPEN_GROUND}), 12, 3, 17, 5)
    state, _ = act(state, "start", None)
    state, _ = act(state, "choose", "p1", creature="orc")
    state, _ = act(state, "place", "p1", square=parse_square("A1"))
    state, _ = act(state, "place", "p2", square=parse_square("T1"))
    state = script_dice(state, 15, 17)
    state, _ = act(state, "initiative", "p1")
    state, _ = act(state, "first", "p2", first="p1")
    return state


def test_a_quick_start_move_and_refusal_in_italian_and_hungarian():
    state = round_one()
    state, events = act(state, "move", "p1", creature="orc", to=(7, 0))
    move = next(e for e in events if e.kind == "move")
    path = "A1 → B1 → C1 → D1 → E1 → F1 → G1 → H1"
    assert move.text == f"The Orc Mauler moves {path} (7 squares)."
    # Italian has two forms (1 quadretto, 7 quadretti); Hungarian one: a noun after a number stays singular.
    assert move.line(lookup("it")) == f"Orc Mauler si muove: {path} (7 quadretti)."
    assert move.line(lookup("hu")) == f"Orc Mauler mozog: {path} (7 négyzet)."
    with pytest.raises(IllegalAction) as err:
        act(state, "attack", "p1", creature="orc", target="ranger")
    refusal = err.value.message
    assert str(refusal) == "Orc Mauler moved 7 squares, more than its speed 6: a double move allows no attack."
    assert refusal.render(lookup("it")) == ("Orc Mauler si è mosso di 7 quadretti, più della sua velocità 6: "
                                            "muovendosi al doppio della velocità non può attaccare.")
    assert refusal.render(lookup("hu")) == ("Orc Mauler 7 négyzetet mozgott, többet, mint a sebessége (6): "
                                            "a sebesség kétszeresével mozgó lény nem támadhat.")


def test_a_single_square_takes_the_italian_singular():
    state = round_one()
    state, events = act(state, "move", "p1", creature="orc", to=(1, 0))
    move = next(e for e in events if e.kind == "move")
    assert move.line(lookup("it")) == "Orc Mauler si muove: A1 → B1 (1 quadretto)."
    assert move.text == "The Orc Mauler moves A1 → B1 (1 square)."
