"""Italian sentences never make a participle or an adjective agree with a creature's or a hero's
name (#13). A name placeholder ("{creature}", "{hero}", "{target}"...) holds a name of either
gender ("Orc", "Strega", "Bêlit", "Valeria"): "{target} è morto" is wrong for half of them. The
sentences say the same without agreement ("{target} non è più in vita", "Attacco contro
{hero}", "{name} ha fatto un movimento"), or agree with a head noun before the name ("la
creatura {creature} è distrutta").

The scan flags, after a name placeholder, a verb of being ("è", "si è", "è stato", "resta"...)
followed by a word ending in -o/-a, and a participle right after "{name}:" ("{name}: colpito").
"""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from bot.i18n import LOCALES_DIR

# Placeholders that hold a creature's, a model's or a hero's name (of either gender).
NAMES = ("creature", "creature_2", "name", "target", "attacker", "foe", "current", "hero", "heroes", "ally",
         "model", "who", "whom", "victim", "defender", "caster", "catcher", "blocker", "commander", "minion",
         "mover", "summoner", "holder", "carrier", "carrier2", "guard", "parrier", "roller", "actor",
         "character", "enemy", "rushed", "threat", "names")
NAME = r"\{(?:%s)\}" % "|".join(NAMES)
BEING = r"(?:è|e'|era|sarà|resta|rimane|viene|venga|sia|sembra|torna|finisce|cade)"
BETWEEN = r"(?:(?:già|ora|ancora|stat[oa]|troppo|più|non|di nuovo|appena|poi|così|tutto|anche)\s+)*"
PATTERNS = (
    # "{creature} è morto", "{name} si è già mosso", "{hero} (armatura 2) è attaccato"
    re.compile(NAME + r"(?:\s*\([^)]*\))?\s+(?:non\s+)?(?:si\s+|ne\s+|gli\s+|le\s+|lo\s+|la\s+)?" + BEING + r"\s+"
               + BETWEEN + r"(?P<word>[a-zàèéìòù]+)"),
    # "{creature} fugge da {square} ed è eliminato"
    re.compile(NAME + r"[^.;:?!]{0,60}?\s(?:ed?|,)\s+" + BEING + r"\s+" + BETWEEN + r"(?P<word>[a-zàèéìòù]+)"),
    # "{name}: colpito"
    re.compile(NAME + r":\s+(?P<word>[a-zàèéìòù]+(?:at|it|ut|ss|rs|s|t)[oa])\b"),
    re.compile(NAME + r"\s+(?P<word>pront[oa]|cadut[oa]|sol[oa])\b"),
)
# Words after "è" that end in -o/-a and agree with nothing (articles, prepositions, adverbs).
NOT_AGREEING = {"una", "la", "lo", "ora", "sua", "suo", "a", "da", "fuori", "in", "contro", "sopra", "sotto",
                "dentro", "nessuna", "nessuno", "qualcosa", "questa", "questo", "quella", "quello", "ancora",
                "poca", "poco", "tua", "tuo", "vostra", "vostro", "nostra", "nostro", "fra", "tra", "oltre",
                "verso", "presso", "dopo", "senza", "sempre", "fino", "sulla", "dalla", "nella", "alla", "della",
                "uno", "colpa", "parte", "volta", "prima", "ogni", "là"}
# A head noun before the name carries the gender: "la creatura {creature} è distrutta".
HEAD_NOUN = re.compile(r"(?:creatura|creature|eroe|eroi|modello|modelli|alleato|personaggio)\s+$")
# Sentences the scan would flag but that agree with something else, each with why. Empty: none
# was unavoidable.
ALLOWED: dict[str, str] = {}

AREAS = ("dnd35", "dnd_minis", "conan")


def agreeing_with_a_name(text: str) -> list[str]:
    """The parts of an Italian ``text`` where a word agrees with a name placeholder::

        >>> agreeing_with_a_name("{target} è già morto."), agreeing_with_a_name("{target} non è più in vita.")
        (['{target} è già morto'], [])
        >>> agreeing_with_a_name("{name}: colpito"), agreeing_with_a_name("la creatura {creature} è distrutta")
        (['{name}: colpito'], [])
    """
    found = []
    for pattern in PATTERNS:
        for match in pattern.finditer(text):
            word = match.group("word")
            if word[-1] not in "oa" or word in NOT_AGREEING or HEAD_NOUN.search(text[:match.start()]):
                continue
            found.append(match.group(0))
    return found


@pytest.mark.parametrize("area", AREAS)
def test_no_italian_participle_or_adjective_agrees_with_a_name(area):
    with open(LOCALES_DIR / "it" / "LC_MESSAGES" / f"{area}.po", "rb") as handle:
        catalogue = read_po(handle, locale="it")
    problems = []
    for message in catalogue:
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        if key in ALLOWED:
            continue
        forms = [message.string] if isinstance(message.string, str) else list(message.string)
        for form in forms:
            problems += [f"{key!r} -> {part!r}" for part in agreeing_with_a_name(form or "")]
    assert problems == []


@pytest.mark.parametrize("text", ["{name} è stato colpito.", "{creature} è caduto.", "{name} pronto",
                                  "{hero} si è mosso e ha attaccato", "{foe} è indifeso: passa",
                                  "{creature} fugge da {square} ed è eliminato.",
                                  "{ally} (armatura {armour}) è attaccata con potenza 3"])
def test_the_scan_catches_agreement_with_a_name(text):
    assert agreeing_with_a_name(text)


@pytest.mark.parametrize("text", ["{creature} esce dalla mappa.", "Attacco contro {hero}.", "{square} è occupato.",
                                  "{target} è a 3 quadretti", "{name} ha attaccato", "{name} è {health}",
                                  "{creature} è sulla griglia"])
def test_the_scan_lets_sentences_without_agreement_pass(text):
    assert agreeing_with_a_name(text) == []


# An object pronoun on an infinitive ("attaccarlo", "tenerlo") agrees with what "it" stands for:
# after a name ("{target}", a card, a spell, a building) its gender is unknown, so the sentence
# names a noun instead ("attaccare quella creatura", "tenere la carta", "disperdere
# l'incantesimo"). These keep one, each agreeing with the noun named beside it (the English key's
# start: the noun).
CLITIC = re.compile(r"\b\w+(?:ar|er|ir)(?:lo|la)\b")
CLITICS_ON_A_NOUN = {
    "Your card **{name}** (`{id}`) is checked": "la carta",
    "This game of {game} was stored under rules version": "la partita",
    "{creature} fills its space at {square}": "lo spazio",
    "The {caster}'s {spell} would affect your {target}": "l'effetto",
    "The {creature} must make a morale save": "il Morale Tirannico",
    "The chest holds a {name}": "la carta",
    "{c} rolled {result} on the Miscast table": "il tiro",
    "{purpose}: {unit} failed {count} armour save": "il tiro armatura",
    "{unit} failed a Leadership test": "il test",
    "{unit} failed its Frenzy test": "il test",
    "{unit}: {count} {part_name} attack at Initiative": "l'attacco",
    "⛔ {unit} has not moved: {refusal} Its March test": "il test",
}


def test_no_italian_object_pronoun_stands_for_a_name_of_unknown_gender():
    problems = []
    for area in ("bot", "engine", "dnd35", "dnd_minis", "conan", "ninth_age"):
        with open(LOCALES_DIR / "it" / "LC_MESSAGES" / f"{area}.po", "rb") as handle:
            catalogue = read_po(handle, locale="it")
        for message in catalogue:
            key = message.id if isinstance(message.id, str) else (message.id or ("",))[0]
            if not key or "{" not in key or not re.search(r"\b(?:it|them)\b", key):
                continue
            if any(key.startswith(start) for start in CLITICS_ON_A_NOUN):
                continue
            forms = [message.string] if isinstance(message.string, str) else list(message.string)
            problems += [f"{area}: {key!r} -> {word}" for form in forms for word in CLITIC.findall(form or "")]
    assert problems == []
