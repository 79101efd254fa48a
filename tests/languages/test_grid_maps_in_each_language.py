"""#13: the square-grid maps in the reader's language: a broken map upload is refused with a
translated one-line reason, and movement refusals name the map's terrain with the book's word
(Italian from the 3.5 and skirmish seeds, Hungarian from the War Drums seed)."""

from __future__ import annotations

import pytest

from bot.commands import Attachment, Command, help_text, parse_line
from bot.i18n import say
from bot.service import Service
from engine.core.errors import IllegalAction
from engine.grid import GridMap
from engine.grid.terrain import DEFAULT_KINDS, kind_word
from tests.languages.test_skirmish_in_each_language import english_in

CHANNEL = "maps"

# (file name, contents, the Italian and Hungarian words the refusal must hold)
BROKEN = [
    ("cave.txt", b"....\n.Q..\n....\n", "carattere di mappa 'Q' sconosciuto in B2", "ismeretlen térképkarakter: 'Q' itt: B2"),
    ("rows.txt", b"....\n...\n", "riga 2: la riga ha 3 quadretti ma la prima riga ne ha 4", "2. sor: a sorban 3 négyzet van"),
    ("head.txt", b"name Crypt\n---\n....\n", "le righe d'intestazione", "a fejléc sorai"),
    ("edge.txt", b"edge: A1 C1 wall\n---\n....\n", "scrivi un bordo" if False else "A1 e C1 non hanno un lato in comune",
     "A1 és C1 nem szomszédos oldalú"),
    ("kind.json", b'{"width": 3, "height": 3, "terrain": {"bog": ["A1"]}}', "tipo 'bog' sconosciuto", "ismeretlen típus: 'bog'"),
    ("off.json", b'{"width": 3, "height": 3, "walls": ["E5"]}', "`walls`: E5 è fuori dalla mappa (che va da A1 a C3)",
     "`walls`: E5 a térképen kívül van"),
    ("big.json", b'{"width": 300, "height": 3}', "300x3 è troppo grande", "300x3 túl nagy"),
    ("pair.json", b'{"width": 3, "height": 3, "wall_edges": [["A1"]]}', "non è una coppia di quadretti", "nem négyzetpár"),
    ("legend.txt", b"legend: C = bog\n---\nCC\n", "tipo di terreno 'bog' sconosciuto nella legenda",
     "ismeretlen tereptípus a jelmagyarázatban: 'bog'"),
]


@pytest.mark.parametrize("name, data, italian, hungarian", BROKEN, ids=[b[0] for b in BROKEN])
@pytest.mark.parametrize("lang", ["it", "hu"])
async def test_a_broken_map_upload_is_refused_in_one_translated_line(store, lang, name, data, italian, hungarian):
    service = Service(store, seed_source=lambda: 7)
    assert (await service.handle(CHANNEL, "ann", parse_line(f"/language lang:{lang}"))).error is None
    for ruleset in ("dnd35-encounter", "dnd-minis-quick"):
        upload = Command(key="game new", options={"ruleset": ruleset}, attachments={"mapfile": Attachment(name, data)})
        reply = await service.handle(CHANNEL, "ann", upload)
        assert reply.error == "bad-map" and reply.ephemeral, reply.text
        assert (italian if lang == "it" else hungarian) in reply.text, reply.text
        assert "\n" not in reply.text.strip() and english_in(reply.text, lang) == [], reply.text
        assert await store.active_game(CHANNEL) is None


def test_the_map_refusals_keep_their_english_for_english_readers():
    with pytest.raises(IllegalAction) as err:
        GridMap.from_text_grid("....\n.Q..\n")
    assert err.value.code == "bad-map"
    assert str(err.value.message) == "line 2: unknown map character 'Q' at B2 (add 'legend: Q = ...')"


@pytest.mark.parametrize("lang, pit, lava, fog, risky", [
    ("it", "una fossa", "una fossa di lava", "nebbia", "terreno rischioso"),
    ("hu", "gödör", "lávagödör", "köd", "kockázatos terep"),
])
def test_each_terrain_kind_is_named_with_the_books_word(lang, pit, lava, fog, risky):
    assert [say(kind_word(k), lang) for k in ("pit", "lava_pit", "fog", "risky")] == [pit, lava, fog, risky]
    assert say(kind_word("difficult"), "it") == "terreno impervio"  # 3.5 seed: "Terreno impervio"
    assert say(kind_word("difficult"), "hu") == "nehéz terep"  # War Drums: "Nehéz terep/Difficult terrain"
    assert "bog" in say(kind_word("bog"), lang)  # a map's own kind keeps the map's name


@pytest.mark.parametrize("lang, words", [("it", ("Tipi di terreno", "Parete o pietra solida")),
                                         ("hu", ("Tereptípusok", "fal vagy tömör szikla"))])
def test_help_topic_terrain_describes_each_kind_in_the_readers_language(lang, words):
    shown = say(help_text(topic="terrain"), lang)
    assert all(w in shown for w in words), shown
    assert len(shown.splitlines()) == len(DEFAULT_KINDS) + 1
    assert english_in(shown, lang) == [], english_in(shown, lang)


@pytest.mark.parametrize("lang, words", [("it", ("è una fossa", "fossa")), ("hu", ("gödör",))])
async def test_a_move_refused_by_terrain_names_it_in_the_readers_language(store, lang, words):
    """A 3.5 creature stepping into a pit: the refusal names the pit in the book's word."""
    service = Service(store, seed_source=lambda: 7)
    ref = "ref"
    await service.handle(CHANNEL, ref, parse_line(f"/language lang:{lang}"))
    new = Command(key="game new", options={"ruleset": "dnd35-encounter"},
                  attachments={"mapfile": Attachment("pit.txt", b"....\n.O..\n....\n")})
    reply = await service.handle(CHANNEL, ref, new)
    assert reply.error is None, reply.text
    reply = await service.handle(CHANNEL, ref, parse_line("/place creature:Orc square:A2 hp:10 ac:13 speed:30"))
    assert reply.error is None, reply.text
    status = await service.handle(CHANNEL, ref, parse_line("/game status"))
    assert "pit:" in status.text and " map" not in status.text, status.text  # a text grid is named after its file
    reply = await service.handle(CHANNEL, ref, parse_line("/initiative"))
    assert reply.error is None, reply.text
    refused = await service.handle(CHANNEL, ref, parse_line("/move creature:orc to:B2"))
    assert refused.error is not None, refused.text
    assert all(w in refused.text for w in words) and "pit" not in refused.text, refused.text
    assert english_in(refused.text, lang) == [], refused.text


@pytest.mark.parametrize("lang, squares", [("it", "A2, A4, L2 o L4"), ("hu", "A2, A4, L2 vagy L4"),
                                           ("en", "A2, A4, L2, or L4")])
async def test_the_start_squares_offered_are_a_list_in_the_readers_language(store, lang, squares):
    """A Quick Start placement on a wrong square listed the start squares as 'A2 or A4 or L2 or L4'
    in every language; they are a CLDR 'or' list now."""
    service = Service(store, seed_source=lambda: 11)
    for user in ("ann", "bob"):
        await service.handle(CHANNEL, user, parse_line(f"/language lang:{lang}"))
    await service.handle(CHANNEL, "ann", parse_line("/game new ruleset:dnd-minis-quick seed:11"))
    await service.handle(CHANNEL, "bob", parse_line("/game join"))
    reply = await service.handle(CHANNEL, "ann", parse_line("/choose creature:ranger"))
    assert reply.error is None, reply.text
    refused = await service.handle(CHANNEL, "ann", parse_line("/place square:A1"))
    assert refused.error is not None and squares in refused.text, refused.text
