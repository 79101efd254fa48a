"""#13: where a seed prints a game term, the glossary and every catalogue entry use the seed's
word. Each row below is a term the glossary once marked "no term in the seed" though the seed has
one (Stubborn, Ambush, Frenzy... in the Italian Ninth Age book; Risky Terrain, Mounted Melee
Attack, Epic Assault in the Hungarian War Drums book): the seed line must hold the word, the
glossary must cite that line, and no catalogue entry of the area may still say the old word."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.i18n import LOCALES_DIR

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
if not SEEDS.exists():
    SEEDS = Path("/work/shared/seeds")

# (lang, area, English key word, the seed's word, seed file, line, the old words no entry may hold)
TERMS = [
    ("it", "ninth_age", "Stubborn", "Determinato", "001_777cdde5060a1d1b.txt", 3266, ("Testardo",)),
    ("it", "ninth_age", "Ambush", "Agguato", "001_777cdde5060a1d1b.txt", 3142, ("Imboscata", "imboscata")),
    ("it", "ninth_age", "Frenzy", "Furia", "001_777cdde5060a1d1b.txt", 3311, ("Frenesia",)),
    ("it", "ninth_age", "Pathmaster", "Sapiente", "001_777cdde5060a1d1b.txt", 3465, ("Maestro del Sentiero",)),
    ("it", "ninth_age", "Free Reform", "Riorganizzazioni Gratuite", "001_777cdde5060a1d1b.txt", 3450,
     ("Riorganizzazione Libera",)),
    # the seed's sceptre, not a wand: "Bacchetta" is its Grounding Rod ("Bacchetta dei Rudimenti", 3731)
    ("it", "ninth_age", "Wand of Stability", "Scettro della Stabilità", "001_777cdde5060a1d1b.txt", 3738,
     ("Bacchetta della Stabilità",)),
    ("it", "dnd_minis", "Hurling Charge", "Scagliare in Carica", "000_3008a8fbba6dc5fb.txt", 2573, ("Carica con Lancio",)),
    ("it", "dnd_minis", "spike stones", "pietre aguzze", "000_3008a8fbba6dc5fb.txt", 2101, ("pietre chiodate",)),
    ("it", "dnd_minis", "swift action", "azione veloce", "000_3008a8fbba6dc5fb.txt", 2968, ("azione rapida",)),
    ("hu", "dnd_minis", "risky terrain", "kockázatos terep", "002_f1a34a4b6414c5f2.txt", 695, ("veszélyes terep",)),
    ("hu", "dnd_minis", "Mounted Melee Attack", "Közelharci támadás hátasról", "002_f1a34a4b6414c5f2.txt", 1113,
     ("Lovas közelharci",)),
    ("hu", "dnd_minis", "epic assault", "hősies roham", "002_f1a34a4b6414c5f2.txt", 790, ("epikus támadás",)),
    ("hu", "bot", "Risky terrain", "Kockázatos terep", "002_f1a34a4b6414c5f2.txt", 695, ("Veszélyes terep",)),
    ("hu", "bot", "Blood rock", "Vérszikla", "002_f1a34a4b6414c5f2.txt", 870, ("Vérkő",)),
    ("hu", "bot", "Pit", "Gödör", "002_f1a34a4b6414c5f2.txt", 691, ("Verem",)),
]


def _entries(lang: str, area: str):
    with (LOCALES_DIR / lang / "LC_MESSAGES" / f"{area}.po").open("rb") as handle:
        for message in read_po(handle):
            if message.id:
                keys = [message.id] if isinstance(message.id, str) else list(message.id)
                forms = [message.string] if isinstance(message.string, str) else list(message.string)
                yield keys, forms


@pytest.mark.parametrize("lang, area, english, word, seed, line, old", TERMS, ids=[t[2] for t in TERMS])
def test_the_seeds_word_is_used_everywhere(lang, area, english, word, seed, line, old):
    lines = (SEEDS / seed).read_text(encoding="utf-8").splitlines()
    assert word.casefold() in lines[line - 1].casefold(), lines[line - 1]
    glossary = (LOCALES_DIR / lang / "glossary.md").read_text(encoding="utf-8")
    rows = [r for r in glossary.splitlines() if r.startswith("| ")
            and english.casefold() in [p.strip().casefold() for p in re.split(r"[,/]", re.sub(r"\s*\(.*?\)", "", r.split("|")[1]))]]
    assert rows, english
    assert any(f"seeds/{seed}:" in r and str(line) in r and "no term in the seed" not in r for r in rows), rows
    entries = list(_entries(lang, area))
    stale = [forms for keys, forms in entries if any(o in f for o in old for f in forms)]
    assert stale == []
    using = [forms for keys, forms in entries if any(re.search(rf"\b{re.escape(english)}\b", k) for k in keys)]
    assert using, english
    assert all(any(word.casefold() in f.casefold() for f in forms) for forms in using), using
