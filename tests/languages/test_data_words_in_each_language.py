"""#13: the words of the shipped data files reached players in English in every language: a
card's ability text, the Ninth Age sample armies' spells, lores, special rules and equipment
and the magic items' names, Conan's cards and units. They are now catalogue keys taken from the
data files themselves (scripts.catalogues), said in the reader's language wherever they are
shown, and a player may type them in English or in their language. An uploaded card, army or
data file keeps its own words as its owner wrote them: they are no catalogue keys."""

from __future__ import annotations

import json

import pytest
from babel.messages.pofile import read_po

from bot.commands import Attachment, parse_line
from bot.i18n import LOCALES_DIR, data_texts, localised_view, renderer_words, typed_back
from scripts.catalogues import template

AREAS = ("dnd_minis", "conan", "ninth_age")


def _catalogue(lang: str, area: str):
    with (LOCALES_DIR / lang / "LC_MESSAGES" / f"{area}.po").open("rb") as handle:
        return read_po(handle)


def _keys_before() -> dict[str, set[str]]:
    from engine.rulesets.conan.data import scenario_texts
    from engine.rulesets.ninth_age.catalogue import WEAPON_WORDS

    return {"conan": set(scenario_texts()), "ninth_age": set(WEAPON_WORDS)}


_KEYS_BEFORE = _keys_before()


# -- the catalogues ------------------------------------------------------------------------------
@pytest.mark.parametrize("area", AREAS)
def test_every_data_word_is_a_key_of_its_areas_template_and_translated_with_a_glossary_row(area):
    words = data_texts(area)
    assert len(words) > 15
    keys = {m.id for m in template(area) if m.id}
    assert set(words) <= keys
    for lang in ("it", "hu"):
        po = _catalogue(lang, area)
        missing = [w for w in words if not (po.get(w) and po.get(w).string)]
        assert missing == [], (lang, missing)
        # A row for each word this work added; the scenarios' words and the weapons were
        # catalogue keys before (their rows are the scenario section and the §15 tables).
        glossary = (LOCALES_DIR / lang / "glossary.md").read_text(encoding="utf-8").casefold()
        rows = [w for w in words if w not in _KEYS_BEFORE.get(area, ())
                and f"| {w.replace('|', '/')} | {po.get(w).string} |".casefold() not in glossary]
        assert rows == [], (lang, rows)


def test_the_seeds_words_are_used_for_the_ninth_age_items_rules_and_spell_types():
    seed = (LOCALES_DIR.parent.parent / "shared" / "seeds" / "001_777cdde5060a1d1b.txt")
    if not seed.exists():
        from pathlib import Path
        seed = Path("/work/shared/seeds/001_777cdde5060a1d1b.txt")
    lines = seed.read_text(encoding="utf-8").splitlines()
    po = _catalogue("it", "ninth_age")
    for english, italian, line in (("Giant Sword", "Spada Gigante", 3594), ("Talisman of Shielding", "Talismano della Protezione", 3683),
                                   ("Dispel Scroll", "Pergamena di Dispersione", 3725), ("Hatred", "Odio", 3404),
                                   ("Hex", "Maledizione", 1074), ("Augment", "Potenziamento", 1080)):
        assert po.get(english).string == italian and f"({english})" in lines[line - 1] or english in ("Hex", "Augment")
        assert italian in lines[line - 1], lines[line - 1]
    glossary = (LOCALES_DIR / "it" / "glossary.md").read_text(encoding="utf-8")
    assert "| Giant Sword | Spada Gigante | seeds/001_777cdde5060a1d1b.txt:3594 |" in glossary
    assert "| Bramble Dart | Dardo di Rovi | — (no term in the seed: plain translation" in glossary
    hungarian = (LOCALES_DIR / "hu" / "glossary.md").read_text(encoding="utf-8")
    assert "| Giant Sword | Óriáskard | — (no Hungarian Ninth Age book among the seeds: plain translation) |" in hungarian


def test_a_new_data_file_adds_its_words_to_the_template(tmp_path, monkeypatch):
    from engine.rulesets.dnd_minis import cards

    (tmp_path / "creatures").mkdir()
    card = json.loads((cards._data_folder("creatures") / "green-dragon.json").read_text("utf-8"))
    card["abilities"] = [{"name": "Wild", "text": "Never listens to anyone at all."}]
    (tmp_path / "creatures" / "new.json").write_text(json.dumps(card), "utf-8")
    monkeypatch.setattr(cards, "_data_folder", lambda name: tmp_path / name)
    cards.data_texts.cache_clear()
    try:
        assert cards.data_texts() == {"Never listens to anyone at all.": "engine/rulesets/dnd_minis/data/creatures/new.json"}
        assert "Never listens to anyone at all." in {m.id for m in template("dnd_minis")}
    finally:
        monkeypatch.undo()
        cards.data_texts.cache_clear()
    assert "Never listens to anyone at all." not in cards.data_texts() and "+5 damage against Orcs." in cards.data_texts()


# -- D&D Miniatures: the card image ----------------------------------------------------------------
@pytest.mark.parametrize("lang, said, breath", [
    # The Italian book keeps the ranges in English ("cone": seeds/000 line 1934).
    ("it", "I danni da acido non hanno effetto su di essa.", "sostituisce l'attacco; cone; 30 danni da acido; CD 17"),
    ("hu", "A savsebzés nem hat rá.", "támadás helyett; kúp; 30 sebzés (sav); DC 17"),
])
def test_the_card_image_shows_a_shipped_cards_ability_text_in_the_readers_language(lang, said, breath, drawn_words):
    from engine.rulesets.dnd_minis.cards import find_card
    from renderers.card import _sections, render_card

    card = find_card("green-dragon")
    english = {ref.text for ref in card.abilities if ref.text}
    assert english == {"Acid damage does not affect it.", "replaces attack; cone; 30 acid damage; DC 17"}
    sections = [row for _, block in _sections(card, renderer_words(lang)) for row in block]
    texts = [text for _, text in sections]
    assert said in texts and breath in texts, texts
    assert f"({breath})" in " ".join(label for label, _ in sections)  # the Breath Weapon's label
    assert not english & set(texts), texts
    render_card(card, renderer_words(lang))
    drawn = " ".join(drawn_words)
    assert said.split()[0] in drawn and "Acid damage" not in drawn
    assert {"Acid damage does not affect it.", "replaces attack; cone; 30 acid damage; DC 17"} <= {
        t for _, block in _sections(card) for _, t in block}  # English as before


@pytest.mark.parametrize("lang", ["it", "hu"])
def test_an_uploaded_cards_own_text_stays_as_its_owner_wrote_it(lang):
    from engine.rulesets.dnd_minis.cards import card_from_data, data_texts, find_card
    from renderers.card import _sections

    data = find_card("green-dragon").model_dump(mode="json", exclude_none=True)
    data.update(id="my-dragon", name="My Dragon")
    for ability in data["abilities"]:
        if ability["name"] == "Immune Acid":
            ability["text"] = "Bathes in acid every morning."
    card = card_from_data(data, source="my-dragon.json")
    assert "Bathes in acid every morning." not in data_texts()
    texts = [text for _, block in _sections(card, renderer_words(lang)) for _, text in block]
    assert "Bathes in acid every morning." in texts


# -- The Ninth Age: /army show, a cast, typed names ---------------------------------------------------
SPELLS_EN = ("Bramble Dart", "Bark Skin", "Grasping Roots", "Thorn Crown", "Deep Roots", "Thorns")


async def _say(service, user, line, lang=None, **attachments):
    command = parse_line(line)
    command.attachments = {k: Attachment(filename=f, data=d) for k, (f, d) in attachments.items()}
    return await service.handle("data-words", user, command, locale=lang)


@pytest.mark.parametrize("lang, words", [
    ("it", ("Spine", "Dardo di Rovi", "Pelle di Corteccia", "Radici Profonde", "Maledizione", "Gittata 18",
            "Il bersaglio subisce D6 colpi con Forza 3 e Penetrazione dell’Armatura (1).", "Incanalare")),
    ("hu", ("Tövisek", "Tüskenyíl", "Kéregbőr", "Mély gyökerek", "Átok", "Hatótáv 18",
            "A célpont D6 találatot szenved el 3-as erővel, páncéltöréssel (1).", "Csatornázás")),
])
async def test_army_show_says_a_wizards_lore_spells_and_rules_in_the_readers_language(service, lang, words):
    reply = await _say(service, "701", "/army show name:ashen-host unit:Shaman", lang)
    assert reply.error is None, reply.text
    for word in words:
        assert word in reply.text, (word, reply.text)
    english = [w for w in (*SPELLS_EN, "Hex", "Range 18", "The target suffers", "Channel", "hand weapon")
               if w in reply.text]
    assert english == [], reply.text
    english_reply = await _say(service, "702", "/army show name:ashen-host unit:Shaman")
    assert all(w in english_reply.text for w in SPELLS_EN)


@pytest.mark.parametrize("lang, words, english", [
    ("it", ("Arma a Soffio (Forza 4, Attacchi Infuocati)", "Volo (8)", "Spada Gigante", "armatura pesante"),
     ("Breath Weapon", "Fly (8)", "Giant Sword", "heavy armour")),
    ("hu", ("Lehelet fegyver (4-es erő, lángoló támadások)", "Repülés (8)", "Óriáskard", "nehéz páncél"),
     ("Breath Weapon", "Fly (8)", "Giant Sword", "heavy armour")),
])
async def test_army_show_says_special_rules_equipment_and_magic_items_in_the_readers_language(service, lang, words, english):
    reply = await _say(service, "703", "/army show name:ashen-host unit:Warlord on Wyvern", lang)
    assert reply.error is None, reply.text
    assert all(w in reply.text for w in words), reply.text
    assert not [w for w in english if w in reply.text], reply.text
    listing = await _say(service, "703", "/army show name:ashen-host", lang)
    assert words[2] in listing.text and "Giant Sword" not in listing.text


@pytest.mark.parametrize("lang, items", [("it", "Spada Gigante, Talismano della Protezione"),
                                         ("hu", "Óriáskard, Az oltalom talizmánja"),
                                         ("en", "Giant Sword, Talisman of Shielding")])
async def test_magic_items_may_be_typed_in_the_readers_language_or_in_english(service, lang, items):
    user = f"70{len(lang) + 4}{lang}"
    assert (await _say(service, user, "/army new name:Border points:1000", lang)).error is None
    reply = await _say(service, user, f'/army add name:Border unit:Marshal items:"{items}" general:true', lang)
    assert reply.error is None, reply.text
    assert "255" in reply.text  # 190 + 60 + 5: both items bought
    shown = {"it": "Spada Gigante", "hu": "Óriáskard", "en": "Giant Sword"}[lang]
    assert shown in reply.text
    data = json.loads((await _say(service, user, "/army export name:Border")).file)
    assert data["units"][0]["magic_items"] == ["Giant Sword", "Talisman of Shielding"]  # kept in English


def test_a_typed_spell_item_or_card_is_read_as_its_english():
    from bot.commands import find_command
    from engine.core import get_ruleset

    def typed(ruleset, state, key, options, lang):
        return typed_back(options, find_command(key), lambda kind: ruleset.typed_names(state, kind), lang)

    conan = get_ruleset("conan")
    game = conan.new_game(3, {"scenario": "idol-of-set", "players": 1})
    for said in ("Spadone", "spadone", "Pallos", "Broadsword"):  # any language, case and accents aside
        assert typed(conan, game, "drop", {"item": said}, "it") == {"item": "Broadsword"}
    assert typed(conan, game, "attack", {"card": "none", "target": "x"}, "hu") == {"card": "none", "target": "x"}
    ninth = get_ruleset("ninth-age")
    assert typed(ninth, None, "item", {"name": "Pozione della Forza", "unit": "Marshal"}, "it")["name"] == "Potion of Strength"
    assert typed(ninth, None, "army add", {"items": "Óriáskard, My Own Ring"}, "hu")["items"] == "Giant Sword, My Own Ring"
    assert typed(ninth, None, "army new", {"name": "Spada Gigante"}, "it") == {"name": "Spada Gigante"}  # an army's name
    assert typed(ninth, None, "item", {"name": "3"}, "it") == {"name": "3"}


@pytest.mark.parametrize("lang", ["it", "hu"])
async def test_an_uploaded_armys_own_spells_and_lore_stay_as_written(service, lang):
    from engine.rulesets.ninth_age.army import sample_army_text
    from engine.rulesets.ninth_age.catalogue import data_texts

    text = sample_army_text("ashen-host")
    for old, new in (("Bramble Dart", "Moss Needle"), ("Bark Skin", "Oak Hide"), ("\"Thorns\"", "\"Mosses\""),
                     ("The target suffers D6 hits at Strength 3 with Armour Piercing (1).", "Needles of moss: D6 hits, S3, AP 1.")):
        text = text.replace(old, new)
    user = f"71{lang}"
    reply = await _say(service, user, "/army import name:Mossy", lang, file=("mossy.json", text.encode()))
    assert reply.error is None, reply.text
    assert not {"Moss Needle", "Oak Hide", "Mosses", "Needles of moss: D6 hits, S3, AP 1."} & set(data_texts())
    reply = await _say(service, user, "/army show name:Mossy unit:Shaman", lang)
    for own in ("Moss Needle", "Oak Hide", "Mosses", "Needles of moss: D6 hits, S3, AP 1."):
        assert own in reply.text, reply.text
    assert {"it": "Radici Avvinghianti", "hu": "Markoló gyökerek"}[lang] in reply.text  # the book's own spells still said


# -- Conan: the board's panels and a refusal -------------------------------------------------------------
@pytest.mark.parametrize("lang, cards", [("it", ("Spadone", "Armatura di cuoio")), ("hu", ("Pallos", "Bőrvért"))])
def test_conan_cards_are_named_in_the_readers_language_on_the_board(lang, cards):
    from engine.core import get_ruleset

    rules = get_ruleset("conan")
    state = rules.new_game(3, {"scenario": "idol-of-set", "players": 1})
    view = localised_view(rules.board(state), lang)
    panels = "\n".join(line for panel in view.panels for line in (panel.title, *panel.lines))
    assert all(c in panels for c in cards), panels
    assert "Broadsword" not in panels and "Leather armour" not in panels
    ground = [name for names in view.items.values() for name in names]
    english_ground = [name for names in rules.board(state).items.values() for name in names]
    assert ground and not set(ground) & set(english_ground) - {"Idol of Set"} or not english_ground
    assert "Broadsword" in "\n".join(line for panel in rules.board(state).panels for line in map(str, panel.lines))


@pytest.mark.parametrize("lang, said, held, lacking", [("it", "Spadone", "Armatura di cuoio", "Pugnale"),
                                                      ("hu", "Pallos", "Bőrvért", "Tőr")])
async def test_conan_cards_are_typed_and_refused_in_the_readers_language(service, lang, said, held, lacking):
    async def send(line, user="hugo"):
        return await service.handle("data-words-conan", user, parse_line(line), locale=lang)

    assert (await send("/game new ruleset:conan scenario:idol-of-set seed:3 settings:players=1", "olga")).error is None
    assert (await send("/game join")).error is None
    for hero in ("conan", "shevatas", "belit", "hadrathus"):
        await send(f"/attitude creature:{hero} choice:aggressive")
    refused = await send(f"/drop creature:conan item:{lacking}")
    assert refused.error == "no-card", refused.text
    assert said in refused.text and held in refused.text and "Broadsword" not in refused.text, refused.text
    dropped = await send(f"/drop creature:conan item:{held}")
    assert dropped.error is None, dropped.text
    assert held in dropped.text and "Leather armour" not in dropped.text, dropped.text


@pytest.mark.parametrize("lang, fear, stupidity", [("it", "Paura", "Stupidità"), ("hu", "Félelem", "Ostobaság")])
async def test_an_uploaded_unit_named_like_a_shipped_rule_keeps_its_name_beside_the_rule_said(service, lang, fear,
                                                                                             stupidity):
    """A sentence says a shipped word in the reader's language only where it marks the placeholder
    as one ("{rules}", "{spell}"): a player's unit named "Fear" is no special rule."""
    import re

    from engine.rulesets.ninth_age.army import sample_army_text

    data = json.loads(sample_army_text("ashen-host"))
    trolls = next(u for u in data["units"] if u["name"] == "Trolls")
    assert "Fear" in trolls["special_rules"] and "Stupidity" in trolls["special_rules"]
    trolls["name"] = "Fear"
    user = f"72{lang}"
    reply = await _say(service, user, "/army import name:Named", lang, file=("named.json", json.dumps(data).encode()))
    assert reply.error is None, reply.text
    shown = await _say(service, user, "/army show name:Named unit:Fear", lang)
    assert shown.error is None, shown.text
    assert fear in shown.text and stupidity in shown.text, shown.text  # the unit's shipped rules, said
    assert re.search(r"\bFear\b", shown.text), shown.text  # its name, as written
    listing = await _say(service, user, "/army show name:Named", lang)
    assert re.search(r"\bFear\b", listing.text) and fear not in listing.text, listing.text  # the unit, as written
