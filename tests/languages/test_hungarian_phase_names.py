"""#13 Hungarian phase names, one form everywhere: the War Drums seed's word "fázis" (002:1145),
compounded as Hungarian writes a noun with a noun ("mozgásfázis", "lövésfázis", "mágiafázis",
"hozzáállásfázis"), and melee as the seed says it before a noun, "közelharci" (002:51:
"Közelharci támadás"): "közelharci fázis". Never "mozgás fázis", "közelharc fázis", "lövési
fázis"; the Remaining Moves sub-phase is "a hátralévő mozgások alfázisa(ban)".
"""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

from bot.i18n import LOCALES_DIR, say
from engine.core.text import Text
from engine.rulesets.ninth_age.state import PHASE_WORDS, phase_word

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
if not SEEDS.exists():
    SEEDS = Path("/work/shared/seeds")
SEED = "002_f1a34a4b6414c5f2.txt"

# The split or off-seed spellings no Hungarian sentence may hold.
WRONG = re.compile(r"\b(mozgás|közelharc|lövési?|mágia|varázslási?|hozzáállás)[ -]fázis|mozgások alfázisban"
                   r"|\bközelharcfázis", re.IGNORECASE)


def _forms():
    for path in sorted((LOCALES_DIR / "hu" / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as handle:
            for message in read_po(handle, locale="hu"):
                if message.id:
                    yield from ([message.string] if isinstance(message.string, str) else list(message.string))


def test_the_seed_holds_the_words_the_phase_names_are_made_of():
    lines = (SEEDS / SEED).read_text(encoding="utf-8").splitlines()
    assert "Phase/fázis" in lines[1145 - 1]
    assert lines[51 - 1].startswith("Közelharci támadás")
    glossary = (LOCALES_DIR / "hu" / "glossary.md").read_text(encoding="utf-8")
    for english, hungarian, line in [("Movement phase", "mozgásfázis", 1145), ("Magic phase", "mágiafázis", 1145),
                                     ("Shooting phase", "lövésfázis", 1145), ("Melee phase", "közelharci fázis", 51)]:
        assert f"| {english} | {hungarian} | seeds/{SEED}:{line} |" in glossary, english


def test_no_hungarian_sentence_splits_or_misspells_a_phase_name():
    wrong = [form for form in _forms() if WRONG.search(form or "")]
    assert wrong == []
    assert WRONG.search("a mozgás fázis elején") and WRONG.search("Közelharc fázis:")
    assert not WRONG.search("a közelharci fázisban, a mozgásfázis elején")


def test_a_ninth_age_phase_is_said_by_its_whole_name_with_its_article():
    said = {phase: say(Text._make("Units move in the Movement phase; this is the {phase} phase.", None, None,
                                  {"phase": phase_word(phase)}, "ninth_age"), "hu")
            for phase in PHASE_WORDS}
    assert said["magic"] == "Az egységek a mozgásfázisban mozognak; ez a mágiafázis."
    assert said["melee"] == "Az egységek a mozgásfázisban mozognak; ez a közelharci fázis."
    assert said["shooting"] == "Az egységek a mozgásfázisban mozognak; ez a lövésfázis."
    assert said["setup"] == "Az egységek a mozgásfázisban mozognak; ez az előkészületi fázis."
    ends = Text._make("{name}'s {phase} phase ends.", None, None, {"name": "Player 2", "phase": phase_word("melee")},
                      "ninth_age")
    assert say(ends, "hu") == "2. játékos: a közelharci fázis véget ér."
    assert str(ends) == "Player 2's melee phase ends."
