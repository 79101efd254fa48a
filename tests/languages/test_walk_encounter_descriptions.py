"""Done when (#13): a D&D 3.5 encounter set up in Italian or Hungarian describes each creature
the referee places in that language. The console in Italian read 'attacks: 1. falchion +4 2d4+4;
2. javelin +1 1d6+3 range 6 sq (30 ft)', 'fly 8 squares (40 ft)', 'barbarian', 'medium' and
'velocità 1 quadretti' (a plural for one square). Sizes are the 3.5 book's (seed 003 L265-285:
Minuscola, Media, Grande...)."""

from __future__ import annotations

import io

import pytest

from bot.console import Console
from bot.service import Service
from bot.store import Store
from tests.languages.test_skirmish_in_each_language import english_in

LINES = [
    '/game new ruleset:dnd35-encounter map:crypt',
    '/place creature:Orc square:C3 hp:12 ac:13 init:1 attacks:"falchion +4 2d4+4; javelin +1 1d6+3 range:30ft"',
    '/place creature:Ogre square:E8 hp:29 ac:16 size:large speed:40 attacks:"longspear +8 1d8+7 reach"',
    '/place creature:Bat square:B10 hp:3 size:tiny speed:5ft fly:40ft attacks:"bite +6 1d3-4"',
    '/place creature:Krusk square:Q4 hp:20 ac:14 owner:p1 race:half-orc class:barbarian armor:medium',
    '/creature edit creature:krusk attacks:"greataxe +6 1d12+4"',
    '/creature edit creature:ogre size:large',
    '/attack creature:orc target:krusk attack:3',
]
# Distances in metres in Italian and Hungarian (the Italian 3.5 book: a square is 1,5 metri, seed
# 003 L4, speeds "9 m (6 quadretti)", L49), with the decimal comma; feet in English.
WORDS = {"it": ("attacchi: 1. falchion", "gittata 6 quadretti (9 m)", "portata", "volo 8 quadretti (12 m)",
                "velocità 1 quadretto (1,5 m)", "barbaro", "taglia Media", "taglia Grande"),
         "hu": ("támadások: 1. falchion", "hatótáv 6 négyzet (9 m)", "elérés", "repülés 8 négyzet (12 m)",
                "sebesség 1 négyzet (1,5 m)", "barbár", "közepes méret", "nagy méret"),
         "en": ("attacks: 1. falchion", "range 6 sq (30 ft)", "reach", "fly 8 squares (40 ft)",
                "speed 1 square (5 ft)", "barbarian", "medium", "large")}


async def _console_says(tmp_path, lang, lines) -> str:
    """What the console prints for ``lines`` typed by the referee in ``lang``, on a new SQLite file."""
    store = await Store.open(tmp_path / "e.sqlite3")
    out = io.StringIO()
    try:
        console = Console(Service(store, language=lang), tmp_path / "img", user="ref", out=out, lang=lang)
        for line in lines:
            await console.run_line(line)
    finally:
        await store.close()
    return out.getvalue()


@pytest.mark.parametrize("lang", ["it", "hu", "en"])
async def test_placed_and_edited_creatures_are_described_in_the_readers_language(tmp_path, lang):
    said = await _console_says(tmp_path, lang, LINES)
    for word in WORDS[lang]:
        assert word in said, (word, said)
    if lang != "en":
        lines = [line for line in said.splitlines() if "(orc)" in line or "(bat)" in line or "ora ha" in line
                 or " most: " in line or "attack 3" in line or "3." in line]
        assert lines
        for line in lines:
            assert not english_in(line.replace("Crypt of the Bone Lord", ""), lang), line
            assert " sq " not in line and "attacks" not in line, line
            assert " ft)" not in line and " láb" not in line, line


PLAY = [
    '/game new ruleset:dnd35-encounter map:crypt seed:5',
    '/place creature:Orc square:C3 hp:12 ac:13 init:20 attacks:"falchion +4 2d4+4"',
    '/place creature:Aria square:D3 hp:3 ac:16 init:-5 attacks:"rapier +5 1d6+1"',
    '/initiative',
    '/attack creature:orc target:aria',
    '/attack creature:orc target:aria roll:1d20+30 damage:1d4+20',
    '/condition creature:orc add:prone',
    '/condition creature:orc remove:prone',
    '/end',
]
ATTACK = {"it": ("(CA 16)", "ora prone", "non più prone", "morto"), "hu": ("(AC 16)", "most prone", "már nem prone", "halott"),
          "en": ("(AC 16)", "now prone", "no longer prone", "dead")}


@pytest.mark.parametrize("lang", ["it", "hu", "en"])
async def test_an_attack_and_the_referees_conditions_are_said_in_the_readers_language(tmp_path, lang):
    """The Italian console read 'Orc attacca Aria con falchion (AC 16)' (the seed's CA) and
    'Orc è now prone'; a creature at -10 hp skipped its turn as 'è dead'."""
    said = await _console_says(tmp_path, lang, PLAY)
    for word in ATTACK[lang]:
        assert word in said, (word, said)
    if lang != "en":
        for line in said.splitlines():
            if line.startswith(("Orc", "Aria")):
                assert not english_in(line.replace("prone", ""), lang), line
                assert " now " not in line and "(AC" not in line.replace("(AC 16)", "" if lang == "hu" else "(AC"), line
