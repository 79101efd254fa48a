"""Counts read in the reader's plural (#13): a sentence that wrote "model(s)", "hit(s)", "gem(s)"
or "round(s)" beside a number read "1 modelli" in Italian. Every count is now ``ngettext`` on
that number: a sentence with one count is its own ngettext; a counted noun in a sentence whose
verb agrees with something else (the unit, a list of characters) or that holds several counts is
a phrase with its own ngettext ("{n} hit"/"{n} hits"), put into the sentence; a verb that goes
with a list is ngettext on the list's length. Hungarian keeps the singular noun after a number
("3 modell")."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from babel.messages.pofile import read_po

from bot.i18n import LOCALES_DIR, event_text, say
from engine.rulesets.ninth_age.attacks import AttackResult, all_on_rank_and_file
from engine.rulesets.ninth_age.casualties import lose_wounds
from engine.rulesets.ninth_age.magic import _touched
from engine.rulesets.ninth_age.shooting import fixed_to_hit
from tests.ninth_age.game_helpers import scenario

AREAS = sorted(path.stem for path in LOCALES_DIR.glob("*.pot"))
# a word written for both numbers at once: "model(s)", "take(s)", "six(es)", "miss(es)"
BOTH_NUMBERS = re.compile(r"\w\((?:s|es)\)")


def _keys(area: str):
    with open(LOCALES_DIR / f"{area}.pot", "rb") as handle:
        for message in read_po(handle):
            for key in (message.id if isinstance(message.id, tuple) else (message.id,)):
                if key:
                    yield key


def test_every_catalogue_is_scanned():
    assert {"bot", "engine", "dnd_minis", "dnd35", "conan", "ninth_age"} <= set(AREAS)


def test_no_sentence_of_any_catalogue_writes_a_word_for_both_numbers():
    left = sorted(f"{area}: {key}" for area in AREAS for key in _keys(area) if BOTH_NUMBERS.search(key))
    assert left == [], "say these with ngettext on their count:\n" + "\n".join(left)


def test_the_scan_finds_a_word_written_for_both_numbers():
    assert BOTH_NUMBERS.search("{unit} loses {dead} model(s); {models} left")
    assert BOTH_NUMBERS.search(", and the {join} take(s) its place")
    assert BOTH_NUMBERS.search("{text}: {six} six(es).")
    assert not BOTH_NUMBERS.search("{unit} loses {n} models; {left} (§16.4)")


def test_one_model_under_a_template_reads_singular_in_each_language():
    one, three = _touched([(SimpleNamespace(id="Skulkers"), 1)]), _touched([(SimpleNamespace(id="Skulkers"), 3)])
    assert (str(one), str(three)) == ("1 model of Skulkers", "3 models of Skulkers")
    assert (say(one, "it"), say(three, "it")) == ("1 modello di Skulkers", "3 modelli di Skulkers")
    # Hungarian: a noun after a number stays singular
    assert (say(one, "hu"), say(three, "hu")) == ("1 modell (Skulkers)", "3 modell (Skulkers)")


@pytest.mark.parametrize("area", ["bot", "conan", "ninth_age"])
def test_every_italian_count_has_its_own_singular(area):
    """Italian's singular of each counted noun is filled and differs from its plural."""
    with open(LOCALES_DIR / "it" / "LC_MESSAGES" / f"{area}.po", "rb") as handle:
        catalog = read_po(handle, locale="it")
    words = re.compile(r"\{[^{}]*\}(?:\s+[^\s{}]+)?\s+(model|hit|wound|shot|attack|combat|save|rank|gem|round|"
                       r"character|reinforcement point)\b")
    counted = [m for m in catalog if isinstance(m.id, tuple) and words.search(m.id[0])]
    assert counted
    same = [m.id[0] for m in counted if m.string[0] and m.string[0] == m.string[1]]
    assert same == []


# -- replies for 1 and for 3, through the engine calls that say them ---------------------------

LOSSES = {
    "en": ("Wolf Riders lose 1 model; 4 left", "Wolf Riders lose 3 models; 1 left"),
    "it": ("Wolf Riders perdono 1 modello; ne restano 4", "Wolf Riders perdono 3 modelli; ne resta 1"),
    "hu": ("Wolf Riders 1 modellt veszítenek; 4 maradt", "Wolf Riders 3 modellt veszítenek; 1 maradt"),
}


@pytest.mark.parametrize("lang", ["en", "it", "hu"])
def test_a_unit_losing_one_model_or_three_reads_each_count_in_its_number(lang):
    """'{unit} loses {dead} model(s); {models} left': the verb agrees with the unit (two
    sentences), the noun with the models lost (ngettext on them), 'left' with the models left."""
    state = scenario({"Wolf Riders": (30, 30, 180)}, terrain="open")
    riders = state.units["Wolf Riders"]
    assert riders.models == 5
    events = []
    lose_wounds(state, riders, 1, events)
    lose_wounds(state, riders, 3, events)
    said = [say(event_text(e), lang) for e in events if e.kind == "casualties"]
    assert [s.rstrip(".") for s in said] == list(LOSSES[lang])


SUMMARY = {
    "en": ("1 hit, 1 wound, 1 saved by armour, 0 by ward/regeneration, 1 wound inflicted, 1 model removed",
           "3 hits, 3 wounds, 3 saved by armour, 0 by ward/regeneration, 3 wounds inflicted, 3 models removed"),
    "it": ("1 colpo, 1 ferita, 1 salvata dall'armatura, 0 da tiro salvezza/rigenerazione, 1 ferita inflitta, "
           "1 modello rimosso",
           "3 colpi, 3 ferite, 3 salvate dall'armatura, 0 da tiro salvezza/rigenerazione, 3 ferite inflitte, "
           "3 modelli rimossi"),
    "hu": ("1 találat, 1 seb, 1 páncéllal mentve, 0 védővarázzsal/regenerációval mentve, 1 seb okozva, "
           "1 modell eltávolítva",
           "3 találat, 3 seb, 3 páncéllal mentve, 0 védővarázzsal/regenerációval mentve, 3 seb okozva, "
           "3 modell eltávolítva"),
}


@pytest.mark.parametrize("lang", ["en", "it", "hu"])
def test_a_summary_of_six_counts_says_each_in_its_own_number(lang):
    one = AttackResult(hits=1, wounded=1, armour_saved=1, wounds_inflicted=1, removed=1)
    three = AttackResult(hits=3, wounded=3, armour_saved=3, wounds_inflicted=3, removed=3)
    assert (say(one.summary(), lang), say(three.summary(), lang)) == SUMMARY[lang]


SITUATION_A = {
    "en": ("1 hit on Skulkers goes to its rank and file; Chieftain takes none (situation A, §16.4).",
           "3 hits on Brutes all go to its rank and file; Chieftain, Shaman take none (situation A, §16.4)."),
    "it": ("1 colpo su Skulkers va ai suoi modelli R&F; Chieftain non ne subisce nessuno (situazione A, §16.4).",
           "3 colpi su Brutes vanno tutti ai suoi modelli R&F; Chieftain e Shaman non ne subiscono nessuno "
           "(situazione A, §16.4)."),
    "hu": ("1 találat Skulkers egységen a közkatonákra jut; Chieftain egyet sem kap (A helyzet, §16.4).",
           "3 találat Brutes egységen mind a közkatonákra jut; Chieftain és Shaman egyet sem kapnak "
           "(A helyzet, §16.4)."),
}


@pytest.mark.parametrize("lang", ["en", "it", "hu"])
def test_hits_on_the_rank_and_file_agree_with_the_hits_and_the_characters_with_their_list(lang):
    """'{hits} hit(s) on {target} all go ...; {join} take(s) none': two numbers, the hits' and
    the characters listed; each clause agrees with its own."""
    chieftain, shaman = SimpleNamespace(id="Chieftain"), SimpleNamespace(id="Shaman")
    one, three = all_on_rank_and_file(1, "Skulkers", [chieftain]), all_on_rank_and_file(3, "Brutes", [chieftain, shaman])
    assert (say(one, lang), say(three, lang)) == SITUATION_A[lang]


SHOTS = {
    "en": ("1 shot, always hitting on 1+ (no modifier applies)", ": 1 hit."),
    "it": ("1 tiro, che colpisce sempre al 1+ (nessun modificatore si applica)", ": 1 colpo."),
    "hu": ("1 lövés, mindig 1+-ra talál (semmilyen módosító nem számít)", ": 1 találat."),
}
MANY_SHOTS = {
    "en": ("3 shots, always hitting on 1+ (no modifier applies)", ": 3 hits."),
    "it": ("3 tiri, che colpiscono sempre al 1+ (nessun modificatore si applica)", ": 3 colpi."),
    "hu": ("3 lövés, mindig 1+-ra talál (semmilyen módosító nem számít)", ": 3 találat."),
}


@pytest.mark.parametrize("lang", ["en", "it", "hu"])
def test_shots_that_always_hit_say_the_shots_and_the_hits_each_in_its_number(lang):
    """'{purpose}: {count} shot(s), always hitting ...: {faces}: {hits} hit(s).' (a Skull
    Splitter's shots): the sentence agrees with the shots, the hits are their own phrase."""
    state = scenario({"Wolf Riders": (30, 30, 180)}, terrain="open")
    for count, (opening, ending) in ((1, SHOTS[lang]), (3, MANY_SHOTS[lang])):
        events = []
        assert fixed_to_hit(state, count, 1, "Marshal", "p1", events)[0] == count
        said = say(event_text(events[-1]), lang).split(" 🎲")[0]  # the roll follows the sentence
        assert said.startswith(f"Marshal: {opening}: ") and said.endswith(ending), said
