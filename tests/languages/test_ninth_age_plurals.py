"""Ninth Age counts read in the reader's plural (#13): a sentence that wrote "model(s)", "hit(s)" or
"wound(s)" beside a number read "1 modelli" in Italian; it is now ``ngettext`` on that number."""

from __future__ import annotations

import re
from types import SimpleNamespace

from babel.messages.pofile import read_po

from bot.i18n import LOCALES_DIR, say
from engine.rulesets.ninth_age.magic import _touched

# "(s)" on a word within two words after a placeholder: "{n} model(s)", "{hits} automatic hit(s)"
BESIDE = re.compile(r"\{[^{}]*\}(?:\s+[^\s{}]+){0,2}?\s*[\w]*\(s\)")

# The sentences that keep "(s)", each with why: one ngettext has one count, and these have two
# (or the "(s)" word goes with a list, not a number).
ALLOWED = {
    "{unit} loses {dead} model(s); {models} left": "the verb agrees with the unit, the noun with {dead}",
    "{unit} lose {dead} model(s); {models} left": "the verb agrees with the unit, the noun with {dead}",
    "{unit} takes a Dangerous Terrain test ({why}; {per_model}D6 a model, each {failing} a wound): {wounds} wound(s) "
    "with Armour Piercing (6).": "the verb agrees with the unit, the noun with {wounds}",
    "{unit} take a Dangerous Terrain test ({why}; {per_model}D6 a model, each {failing} a wound): {wounds} wound(s) "
    "with Armour Piercing (6).": "the verb agrees with the unit, the noun with {wounds}",
    "{unit} is Unstable: it does not break, and loses {wounds} wound(s) with no saves (difference {difference}":
        "the verb agrees with the unit, the noun with {wounds}",
    "{unit} are Unstable: they do not break, and lose {wounds} wound(s) with no saves (difference {difference}":
        "the verb agrees with the unit, the noun with {wounds}",
    "{unit} is hit ({purpose}: {hits} hit(s)). Activate its {item} (one use): armour save 1+ for the rest of this "
    "phase?": "the verb agrees with the unit, the noun with {hits}",
    "{unit} are hit ({purpose}: {hits} hit(s)). Activate their {item} (one use): armour save 1+ for the rest of this "
    "phase?": "the verb agrees with the unit, the noun with {hits}",
    "{unit} fights with {n} model(s){extra} (§18.6: up to {most} a side).": "the verb agrees with the unit, the noun with {n}",
    "{unit} fight with {n} model(s){extra} (§18.6: up to {most} a side).": "the verb agrees with the unit, the noun with {n}",
    "I{step}: {who}'s King Slayer: {n} enemy character(s) in base contact with its unit ({counted}): S {strength}, "
    "{count} attack(s) (§23.3).": "two counts: {n} characters and {count} attacks",
    "{hits} hit(s) on {target} all go to its rank and file; {join} take(s) none (situation A, §16.4).":
        "two counts: {hits} and the characters listed in {join}",
    "{hits} hit(s), {wounded} wound(s), {armour_saved} saved by armour, {special_saved} by ward/regeneration, "
    "{wounds_inflicted} wound(s) inflicted, {removed} model(s) removed": "a summary of six counts",
    "{purpose}: {count} shot(s), always hitting on {need}+ (no modifier applies): {faces}: {hits} hit(s).":
        "two counts: {count} shots and {hits} hits",
    ", and the {join} take(s) its place": "the verb goes with a list of characters, not a number",
}


def _keys():
    with open(LOCALES_DIR / "ninth_age.pot", "rb") as handle:
        for message in read_po(handle):
            for key in (message.id if isinstance(message.id, tuple) else (message.id,)):
                if key:
                    yield key


def test_no_ninth_age_sentence_writes_s_beside_a_count_unless_allowed_with_a_reason():
    left = sorted({key for key in _keys() if BESIDE.search(key) and key not in ALLOWED})
    assert left == [], "write these with ngettext on their count:\n" + "\n".join(left)
    stale = sorted(set(ALLOWED) - set(_keys()))
    assert stale == [], "allowed sentences no longer in the catalogue:\n" + "\n".join(stale)


def test_one_model_under_a_template_reads_singular_in_each_language():
    one, three = _touched([(SimpleNamespace(id="Skulkers"), 1)]), _touched([(SimpleNamespace(id="Skulkers"), 3)])
    assert (str(one), str(three)) == ("1 model of Skulkers", "3 models of Skulkers")
    assert (say(one, "it"), say(three, "it")) == ("1 modello di Skulkers", "3 modelli di Skulkers")
    # Hungarian: a noun after a number stays singular
    assert (say(one, "hu"), say(three, "hu")) == ("1 modell (Skulkers)", "3 modell (Skulkers)")


def test_every_italian_count_that_was_s_has_its_own_singular():
    """Italian's singular of each former "(s)" sentence is filled and differs from its plural."""
    with open(LOCALES_DIR / "it" / "LC_MESSAGES" / "ninth_age.po", "rb") as handle:
        catalog = read_po(handle, locale="it")
    words = re.compile(r"\{[^{}]*\}(?:\s+[^\s{}]+)?\s+(model|hit|wound|shot|attack|combat|save|rank)\b")
    same = [m.id[0] for m in catalog if isinstance(m.id, tuple) and words.search(m.id[0])
            and m.string[0] and m.string[0] == m.string[1]]
    assert same == []
