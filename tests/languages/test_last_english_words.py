"""#13 item 1, the last English: what still reached a player in English though every sentence had
a catalogue key: parameters built from English words, roll purposes, the army size, the seat
suggestions, Conan's life points, and coordinate pairs whose decimal commas ran into the comma
between the two numbers. Each test says the path in Italian and Hungarian.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.commands import parse_line
from bot.i18n import LOCALES_DIR, event_text, say
from bot.service import Service
from engine.core.text import Text, _, decimal

ROOT = Path(__file__).resolve().parents[2]


def _made_in(module: str, msgid: str, **params) -> Text:
    """``_(msgid, **params)`` called from inside ``module`` (as that module's code calls it)."""
    namespace = {"__name__": module, "_": _, "params": params}
    exec(f"made = _({msgid!r}, **params)", namespace)
    return namespace["made"]


# -- coordinates ------------------------------------------------------------------------------
COORDINATE_PAIR = re.compile(r"\{(x|at|spot|impact|end|cx)\}, \{(y|at2|spot2|impact2|end2|cy)\}")


@pytest.mark.parametrize("lang, shown", [("it", "(44,76; 9,53)"), ("hu", "(44,76; 9,53)"), ("en", "(44.76, 9.53)")])
def test_a_coordinate_pair_reads_with_a_semicolon_where_the_decimal_sign_is_a_comma(lang, shown):
    placed = _made_in("engine.rulesets.ninth_age.setup", "{player} places a Secure Target marker at ({x}, {y}).",
                      player="Player 1", x=decimal(44.76, "g"), y=decimal(9.53, "g"))
    assert shown in say(placed, lang)
    moved = _made_in("engine.table.motion", "{name} at ({x}, {y})", name="Spearmen", x=decimal(12.04, ".1f"),
                     y=decimal(3.5, ".1f"))
    assert ("(12.0, 3.5)" if lang == "en" else "(12,0; 3,5)") in say(moved, lang)


@pytest.mark.parametrize("lang", ["it", "hu"])
def test_every_coordinate_pair_of_the_catalogues_has_the_languages_separator(lang):
    """Each language chooses its separator in its catalogue: Italian and Hungarian write decimals
    with a comma, so a pair of numbers is split by a semicolon in every key that holds one."""
    pairs = []
    for po in sorted((LOCALES_DIR / lang / "LC_MESSAGES").glob("*.po")):
        with po.open("rb") as handle:
            for message in read_po(handle):
                key = message.id if isinstance(message.id, str) else message.id[0]
                if key and COORDINATE_PAIR.search(key):  # a plural key: each of its forms
                    forms = [message.string] if isinstance(message.string, str) else list(message.string)
                    pairs.extend((key, form) for form in forms)
    assert len(pairs) >= 20
    wrong = [(k, v) for k, v in pairs if not re.search(r"\{(x|at|spot|impact|end|cx)\}; \{", v)]
    assert wrong == []


# -- the army size ------------------------------------------------------------------------------
def test_the_ninth_age_army_sizes_are_said_in_the_readers_language():
    from engine.rulesets.ninth_age.composition import army_size, composition_problems, size_word
    from tests.ninth_age.ninth_age_helpers import army, unit

    assert army_size(2500) == "standard"  # what the rules compare stays English
    assert [say(size_word(s), "it") for s in ("warband", "standard", "grand army")] == \
        ["gruppo d'assalto", "esercito standard", "grande esercito"]
    assert say(size_word("standard"), "hu") == "normál sereg"
    units = [unit("General", "lord", 300, ld=9, general=True), *[unit(f"W{i}", points=100, choice="Warriors") for i in range(5)]]
    problem = next(p for p in composition_problems(army(units)) if str(p).startswith("Duplicates"))
    assert "un esercito standard consente 4" in say(problem, "it")
    assert "egy normál sereg" in say(problem, "hu") and "standard" not in say(problem, "hu")
    small = [unit("General", "lord", 300, ld=9, general=True), unit("Core", points=300)]
    minimum = next(p for p in composition_problems(army(small, limit=1000)) if str(p).startswith("Minimum"))
    assert "un gruppo d'assalto ne richiede almeno 3" in say(minimum, "it")


# -- seat suggestions ---------------------------------------------------------------------------
@pytest.mark.parametrize("lang, seat", [("it", "Giocatore 2"), ("hu", "2. játékos"), ("en", "Player 2")])
async def test_game_join_suggests_the_free_seats_in_the_users_language_with_the_key_as_value(store, lang, seat):
    service = Service(store, seed_source=lambda: 11)
    await service.handle("hall", "alice", parse_line("/game new ruleset:dnd-minis-quick seed:11"))
    await service.handle("hall", "bob", parse_line(f"/language lang:{lang}"))
    assert await service.autocomplete_choices("hall", "bob", "free-seat", "") == [(seat, "Player 2")]
    typed = seat.split()[0][:4].lower()  # typing the shown name finds it; so does the key
    assert await service.autocomplete_choices("hall", "bob", "free-seat", typed) == [(seat, "Player 2")]
    assert await service.autocomplete_choices("hall", "bob", "free-seat", "player") == [(seat, "Player 2")]
    # Discord's own locale counts for a user who chose no language
    assert await service.autocomplete_choices("hall", "carol", "free-seat", "", locale="it") == [("Giocatore 2", "Player 2")]
    reply = await service.handle("hall", "bob", parse_line("/game join seat:Player 2"))
    assert reply.error is None, reply.text


# -- roll purposes --------------------------------------------------------------------------------
@pytest.mark.parametrize("lang, words", [("it", ("Danni a Orc", "Guarigione per Orc")),
                                         ("hu", ("Orc sebzése", "Orc gyógyítása"))])
def test_a_rolls_purpose_is_said_with_the_roll(lang, words):
    from tests.dnd35_encounter.helpers import cmd, new, place

    state = place(new(), "Orc", "C2", hp=20, ac=13)
    state, damage = cmd(state, "referee", "damage", creature="orc", amount="1d6")
    state, heal = cmd(state, "referee", "heal", creature="orc", amount="1d4")
    shown = [say(event_text(e), lang) for e in damage + heal if e.kind == "roll"]
    assert [s.split(":")[0] for s in shown] == list(words), shown


def test_the_ninth_age_purposes_and_reasons_are_whole_sentences():
    """The pieces that said a charge's side, a pursuit's obstacle or a scatter's sight in English."""
    from engine.rulesets.ninth_age.charges import _facing_name, _facing_words

    assert [say(_facing_words("Brutes", s), "it") for s in ("left", "right", "front", "rear", None)] == \
        ["sul fianco sinistro di Brutes", "sul fianco destro di Brutes", "sul fronte di Brutes", "sul retro di Brutes",
         "su un lato qualsiasi di Brutes in fuga"]
    assert say(_facing_name("Brutes", "left"), "hu") == "Brutes bal oldala"
    assert str(_facing_words("Brutes", "left")) == "into Brutes' left flank"


# -- a guard: no English left in the places it hid ------------------------------------------------
FOLDERS = ("engine", "bot", "leagues", "renderers")
# Strings the scan finds that no player reads as a sentence (a validation error's field path).
NOT_SENTENCES = {("engine/rulesets/ninth_age/army.py", "field")}
WORDY = re.compile(r"[A-Za-z]{2,}[ ,:;'][ A-Za-z]*[A-Za-z]{2,}")


def _wordy(node) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return bool(WORDY.search(node.value)) and not node.value.startswith(("{", "%"))
    if isinstance(node, ast.JoinedStr):
        return bool(re.search(r"[A-Za-z]{3}", "".join(v.value for v in node.values if isinstance(v, ast.Constant))))
    return False


def _literals(node):
    if _wordy(node):
        yield node
    elif isinstance(node, ast.IfExp):
        yield from _literals(node.body)
        yield from _literals(node.orelse)
    elif isinstance(node, ast.BoolOp):
        for value in node.values:
            yield from _literals(value)
    elif isinstance(node, ast.BinOp):
        yield from _literals(node.left)
        yield from _literals(node.right)
    elif isinstance(node, (ast.List, ast.Tuple, ast.Set)):  # parts of a joined sentence, a list's items
        for element in node.elts:
            yield from _literals(element)
    elif isinstance(node, ast.Starred):
        yield from _literals(node.value)
    elif isinstance(node, ast.Subscript):  # {"guard": "no attack...", ...}[key]
        yield from _literals(node.value)
    elif isinstance(node, ast.Dict):
        for value in node.values:
            yield from _literals(value)
    elif isinstance(node, (ast.ListComp, ast.GeneratorExp, ast.SetComp)):
        yield from _literals(node.elt)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in JOINING:
        for arg in node.args:  # a Text join or list inside a parameter: each part is read
            yield from _literals(arg)
    elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join"
          and isinstance(node.func.value, ast.Constant)):  # "; ".join(f"... on {x}" for ...): its parts too
        for arg in node.args:
            yield from _literals(arg)


# engine.core.text's joins (imported as ``join`` or ``text_join``) and lists: each part is said
# on its own, so a part that is an English literal reaches the player in English.
JOINING = ("join", "text_join", "listed", "either", "commas", "capitalised")


def _called(node) -> str:
    return node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")


def english_literals(path: Path):
    """(line, where) of English literals that reach a player without the catalogue: a parameter
    of a catalogue sentence, a refusal's or an event's text, a roll's purpose, a reason."""
    yield from english_in_source(path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8"))


# A list written by hand: ", ".join(names) (or " and ", " or ", "; ") inside a sentence reads as
# English's commas and words in every language; engine.core.text's commas(), listed() and
# either() say a list by the reader's CLDR pattern ("a, b e c").
LIST_SEPARATOR = re.compile(r"[,;]|[A-Za-z]")
# Calls that make a Text: a plain string added to one (``_("x") + " more"``) is a plain str
# again, English in every language.
MAKES_TEXT = ("_", "ngettext", "Text", "join", "text_join", "listed", "either", "commas", "capitalised", "decimal")


def _hand_lists(node):
    """``"sep".join(...)`` calls with a list's separator in ``node`` (through ``a if c else b``
    and ``a or b``)."""
    if isinstance(node, ast.IfExp):
        yield from _hand_lists(node.body)
        yield from _hand_lists(node.orelse)
    elif isinstance(node, ast.BoolOp):
        for value in node.values:
            yield from _hand_lists(value)
    elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join"
          and isinstance(node.func.value, ast.Constant) and isinstance(node.func.value.value, str)
          and LIST_SEPARATOR.search(node.func.value.value)):
        yield node


# engine.core.text's join given a list's separator: join(", ", names) reads with English commas in
# every language, just as ", ".join(names) does; commas() and listed() say the reader's pattern.
TEXT_LIST_SEPARATORS = {",", ";", "and", "or", ", and", ", or"}
# Joins with such a separator whose parts are not a list's items: (module, the parts as written)
# -> why the separator stays.
NOT_LISTS = {
    ("engine/core/ruleset.py", "clauses"):
        "a rules version's differences (Ruleset.rules_changes), clauses with commas of their own: the semicolon keeps them apart",
    ("engine/rulesets/dnd35_encounter/ruleset.py", "[join('', [f'{i}: ', w.said()]) for i, w in enumerate(attacker.attacks, 1)]"):
        "numbered choices, each a weapon line with commas of its own (1d8+3, 19-20/x2): the semicolon keeps them apart",
    ("engine/rulesets/dnd35_encounter/ruleset.py", "[join('', [f'{i}. ', w.said()]) for i, w in enumerate(creature.attacks, 1)]"):
        "a placed creature's numbered attacks, each a weapon line with commas of its own: the semicolon keeps them apart",
    ("engine/rulesets/dnd35_encounter/ruleset.py", "parts"):
        "a placed creature's description clauses (class; fly speed; traits; attacks), each with commas of its own",
    ("engine/rulesets/dnd_minis/cards.py", "parts"): "validation problems, each a 'field: reason' clause; and a "
                                                      "card's spell format (range; area; damage; DC), the semicolons as the card prints them",
    ("engine/rulesets/dnd_minis/skirmish/field.py", "[join('', [f'{i + 1} = ', e.describe()]) for i, e in enumerate(entries)]"):
        "numbered choices, each an attack line with commas of its own",
    ("engine/rulesets/dnd_minis/skirmish/field.py", "[describe(n, key, route) for n, (key, route) in enumerate(options, 1)]"):
        "numbered routes, each a clause with a comma and a list of its own (attacks of opportunity: ...)",
    ("engine/rulesets/ninth_age/artillery.py", "notes"): "the reasons a shot is impossible, each a clause",
    ("engine/rulesets/ninth_age/combat_reform.py", "barred"):
        "the post-combat pivots not offered, each a clause with a comma of its own (pivoting left, the unit would ...)",
    ("engine/rulesets/ninth_age/shooting.py", "notes"): "the reasons a shot is impossible or modified, each a clause",
    ("engine/rulesets/ninth_age/shooting.py", "standing"): "where the target's cover comes from, each a clause (in Forest (§18.7))",
    ("engine/rulesets/ninth_age/shooting.py", "[_('{n} with {modifiers}', n=v, modifiers=k) for k, v in mods.items()]"):
        "groups of models, each naming its modifiers with commas: the semicolon keeps the groups apart",
    ("engine/rulesets/ninth_age/building.py", "roles"): "a unit's roles, one of them 'wizard level 2, Evocation' with a comma",
    ("engine/rulesets/ninth_age/charges.py", "described"):
        "numbered contact places, each with coordinates and commas of its own",
    ("engine/rulesets/ninth_age/combat.py", "[sides_of(state, g) for g in groups]"):
        "combats, each 'A, B vs C': the semicolon keeps the combats apart",
    ("engine/rulesets/ninth_age/combat_reform.py", "parts"):
        "widths by side, each a list of its own ('front 1, 2, 3 wide; left 1 wide')",
    ("engine/rulesets/ninth_age/healing.py", "parts"):
        "a healing's outcome clauses (made whole; returned; lost), one a list of its own ('the Champion, the musician, and ...')",
    ("engine/rulesets/ninth_age/magic.py", "in_play"):
        "spells in play, each with its caster and units after a comma",
    ("engine/rulesets/ninth_age/victory.py", "[_('{k} {v}', k=k, v=v) for k, v in ledgers[s].lines]"):
        "a score's ledger, each line a clause with its points (a unit's fate, 'The King is Dead 100')",
    ("bot/clocks.py", "[_('{seat} has {time} left', seat=names[sc.seat_id], time=duration(self.left(sc, now))) for sc in running]"):
        "each a clause ('Anna has 2 h left')",
    ("bot/leagues.py", "[c.split(': ', 1)[-1] for c in changes[-8:]]"): "log entries, each a sentence of its own",
    ("bot/maintenance.py", "self.mismatches"): "replay mismatches, each a clause saying what differs",
}


def _text_joined_lists(relative: str, tree):
    """(line, parts as written) of each ``join(sep, parts)``/``text_join(sep, parts)`` whose
    separator is a list's (", ", "; ", " and ", " or "), unless NOT_LISTS says why it is not."""
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("join", "text_join")
                and len(node.args) == 2 and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str) and node.args[0].value.strip() in TEXT_LIST_SEPARATORS):
            parts = ast.unparse(node.args[1])
            if (relative, parts) not in NOT_LISTS:
                yield node.lineno, parts


def _makes_text(node) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MAKES_TEXT


def _plain_string(node) -> bool:
    return (isinstance(node, ast.Constant) and isinstance(node.value, str)) or isinstance(node, ast.JoinedStr)


def _joined_names(tree) -> set[tuple[int, str]]:
    """(the function's line, variable) for each variable a function sets to a list joined by hand
    (``names = ", ".join(...)``), so a sentence given that variable is seen too."""
    out = set()
    for function in ast.walk(tree):
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
            body = function.body if isinstance(function, ast.Module) else list(ast.walk(function))
            for node in body:
                if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                        and any(True for _ in _hand_lists(node.value)):
                    out.add((getattr(function, "lineno", 0), node.targets[0].id))
    return out


def english_in_source(relative: str, source: str):
    """:func:`english_literals` of a module's source text."""
    tree = ast.parse(source)
    joined = _joined_names(tree)
    seen = set()
    for function in ast.walk(tree):
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
            names = {name for line, name in joined if line == getattr(function, "lineno", 0)}
            for node in ast.walk(function) if names else ():
                if isinstance(node, ast.Call) and _called(node) in ("_", "ngettext", "Text"):
                    for kw in node.keywords:
                        hit = f"{relative}:{node.lineno} ({kw.arg}: a list joined by hand, by way of a variable)"
                        if isinstance(kw.value, ast.Name) and kw.value.id in names and hit not in seen:
                            seen.add(hit)
                            yield hit
    for line, parts in _text_joined_lists(relative, tree):
        yield f"{relative}:{line} (a list joined with a list's separator: {parts})"
    for node in ast.walk(tree):
        found = []
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and (
                (_makes_text(node.left) and _plain_string(node.right))
                or (_makes_text(node.right) and _plain_string(node.left))):
            yield f"{relative}:{node.lineno} (a string added to a translated sentence)"
        if isinstance(node, ast.Call):
            name = _called(node)
            if name in ("_", "ngettext", "Text"):
                found = [(kw.arg, kw.value) for kw in node.keywords]
                for kw in node.keywords:
                    for joined in _hand_lists(kw.value):
                        yield f"{relative}:{joined.lineno} ({kw.arg}: a list joined by hand)"
            elif name == "IllegalAction":
                found = [("message", a) for a in node.args[1:]]
            elif isinstance(node.func, ast.Name) and name in JOINING:
                found = [(name, a) for a in node.args]
                for arg in node.args:  # text_join("", [_("Spells: "), "; ".join(...), ...]): a part joined by hand
                    for part in (arg.elts if isinstance(arg, (ast.List, ast.Tuple)) else [arg]):
                        for joined in _hand_lists(part):
                            yield f"{relative}:{joined.lineno} ({name}: a part that is a list joined by hand)"
            elif name in ("Event", "Reply"):
                found = [(kw.arg, kw.value) for kw in node.keywords if kw.arg == "text"]
            found += [(kw.arg, kw.value) for kw in node.keywords if kw.arg == "purpose"]
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                and node.targets[0].id in ("why", "reason", "problem", "note", "text", "caption", "message", "what"):
            found = [(node.targets[0].id, node.value)]
        for where, value in found:
            if (relative, where) in NOT_SENTENCES:
                continue
            for literal in _literals(value):
                yield f"{relative}:{literal.lineno} ({where})"


@pytest.mark.parametrize("source", [
    'text = join("", [text, f" It charged down ({share:.0%} on the hill)."])',
    'events.append(Event(kind="x", text=text_join("; ", [_("Hit."), f"{n} model(s) may not shoot"])))',
    'raise IllegalAction("x", _("{a}: {b}", a=unit, b=listed([name, "the war machine"])))',
    'shown = _("Seats: {seats}", seats=join(", ", ("Player 1", f"{x} other seats")))',
    'note = capitalised(f"a wall stands between {a} and {b}")',
])
def test_the_guard_reads_the_parts_of_joins_lists_and_tuples(source):
    """An English literal among the parts of a Text join or list reaches the player in English
    (each part is said on its own): the guard finds it wherever the join stands."""
    assert {hit.split(" ")[0] for hit in english_in_source("engine/example.py", source)} == {"engine/example.py:1"}
    fixed = source.replace('f"', '_("', 1).replace('"])', '")])', 1) if "It charged" in source else None
    if fixed:  # the same part as a catalogue sentence passes
        assert list(english_in_source("engine/example.py", fixed)) == []


@pytest.mark.parametrize("source", [
    'raise IllegalAction("x", _("Known: {names}.", names=", ".join(sorted(known))))',
    'text = _("{a} v {b}", a=x, b=y, rest=" and ".join(names) if names else _("none"))',
    'events.append(Event(kind="x", text=_("Choose {options}.", options=", ".join(o for o in opts) or "-")))',
    'reply = _("The battle is over.") + " Well played."',
    'reply = f"{n} " + ngettext("model", "models", n)',
    'def f(state): names = ", ".join(s.name for s in state.seats); return _("Waiting for {names}.", names=names)',
    'what = {"guard": "no attack is waiting for your Guard"}[key]',
    'events.append(Event(kind="x", text=_("Order: {names}.", names=join(", ", [s.name for s in seats]))))',
    'text = _("{a} achieved by {names}.", a=x, names=text_join(", ", winners))',
    'shown = text_join(" and ", names)',
    'shown = join(" or ", [a, b])',
    'listed = text_join("; ", [sides_of(state, g) for g in groups])',
    'q = text_join("", [_("Spells: "), "; ".join(f"{e.id} (on {u})" for e in effects), _(". Which?")])',
])
def test_the_guard_sees_lists_joined_by_hand_and_strings_added_to_a_sentence(source):
    """#13 item 5: a ", ".join(...) as a sentence's parameter reads with English commas in every
    language; a plain string added to a Text makes a plain (English) str of it."""
    assert {hit.split(" ")[0] for hit in english_in_source("engine/example.py", source)} == {"engine/example.py:1"}


@pytest.mark.parametrize("source", [
    'raise IllegalAction("x", _("Known: {names}.", names=commas(sorted(known))))',
    'text = _("{dice}", dice="+".join(map(str, faces)), path=" > ".join(steps))',
    'text = join("", [_("The battle is over."), " ", _("Well played.")])',
    'text = _("Order: {names}.", names=commas([s.name for s in seats]))',
    'text = text_join("\\n", lines)',
    'label = text_join(" + ", [label, *inside])',
])
def test_the_guard_lets_the_languages_lists_and_notations_pass(source):
    assert list(english_in_source("engine/example.py", source)) == []


def test_each_list_separator_kept_says_why_and_still_stands():
    """NOT_LISTS holds joins whose parts are clauses (not a list's items): each says why, and
    each is still in its module (a stale entry would hide the next list written there)."""
    found = set()
    for relative, _parts in NOT_LISTS:
        tree = ast.parse((ROOT / relative).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("join", "text_join")
                    and len(node.args) == 2 and (relative, ast.unparse(node.args[1])) in NOT_LISTS):
                found.add((relative, ast.unparse(node.args[1])))
    assert set(NOT_LISTS) - found == set()
    assert all(len(why) > 20 for why in NOT_LISTS.values())


def test_no_english_literal_reaches_a_player_past_the_catalogue():
    left = [hit for folder in FOLDERS for path in sorted((ROOT / folder).rglob("*.py")) for hit in english_literals(path)]
    assert left == []


@pytest.mark.parametrize("lang, word", [("it", "predefinito"), ("hu", "alapértelmezés")])
def test_the_3_5_settings_are_explained_in_the_readers_language(lang, word):
    """/game new's settings help of the 3.5 encounter was English in every language."""
    from engine.core import get_ruleset
    from tests.languages.test_skirmish_in_each_language import english_in

    helps = {key: say(text, lang) for key, text in get_ruleset("dnd35-encounter").option_names().items()}
    assert len(helps) > 20 and sum(word in text for text in helps.values()) >= len(helps) - 3, helps
    assert {key: english_in(text, lang) for key, text in helps.items() if english_in(text, lang)} == {}


@pytest.mark.parametrize("lang, word", [("it", "Condizioni con un effetto"), ("hu", "Állapotok")])
def test_help_topic_condition_is_said_in_the_readers_language(lang, word):
    from bot.commands import help_text
    from tests.languages.test_skirmish_in_each_language import english_in

    shown = say(help_text(topic="condition"), lang)
    assert word in shown and english_in(shown, lang) == [], english_in(shown, lang)


def test_a_long_reply_cut_for_discord_says_where_the_rest_is_in_its_language():
    from bot.discord.replies import as_file_if_long
    from bot.i18n import spoken
    from bot.reply import Reply

    long = "\n".join(f"riga {i}" for i in range(1000))
    cut = as_file_if_long(spoken(Reply(text=long), "it"))
    assert cut.text.splitlines()[-1] == "… il testo completo (1000 righe) è nel file allegato."
    assert as_file_if_long(spoken(Reply(text=long), "hu")).text.endswith("a csatolt fájlban van.")
