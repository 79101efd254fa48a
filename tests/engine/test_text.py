"""engine.core.text: sentences that read as English and can be said in another language."""

import doctest
import pickle

import engine.core.text as text_module
from engine.core.events import Event
from engine.core.errors import IllegalAction
from engine.core.text import Text, _, join, ngettext

ITALIAN = {
    "{creature} is not adjacent to {target}.": "{creature} non è adiacente a {target}.",
    "{n} square": "{n} casella",
    "the orc": "l'orco",
}


def italian(msgid, plural, n):
    if plural is not None:
        return ITALIAN.get(msgid, msgid) if n == 1 else "{n} caselle"
    return ITALIAN.get(msgid)


def test_doctests():
    assert doctest.testmod(text_module).failed == 0


def test_a_text_reads_as_english_and_translates_with_its_nested_parts():
    t = _("{creature} is not adjacent to {target}.", creature=_("the orc"), target="Elf")
    assert t == "the orc is not adjacent to Elf."
    assert t.render(italian) == "l'orco non è adiacente a Elf."
    assert join(" ", [t, ngettext("{n} square", "{n} squares", 2)]).render(italian) == \
        "l'orco non è adiacente a Elf. 2 caselle"


def test_an_unknown_key_or_a_broken_translation_falls_back_to_english():
    t = _("Speed {speed}.", speed=6)
    assert t.render(lambda *_: None) == "Speed 6."
    assert t.render(lambda *_: "Velocità {velocita}.") == "Speed 6."


def test_text_survives_json_and_pickle():
    t = join("; ", [_("{creature} is not adjacent to {target}.", creature=_("the orc"), target="Elf"),
                    ngettext("{n} square", "{n} squares", 1)])
    again = Text.from_data(t.to_data())
    assert again == t and again.render(italian) == t.render(italian)
    assert pickle.loads(pickle.dumps(t)).render(italian) == t.render(italian)


def test_an_event_keeps_how_its_text_was_made_through_the_log():
    event = Event(kind="refusal", text=_("{creature} is not adjacent to {target}.", creature="Orc", target="Elf"))
    stored = Event.model_validate_json(event.model_dump_json())
    assert stored.text == "Orc is not adjacent to Elf."
    assert stored.line(italian) == "Orc non è adiacente a Elf."
    plain = Event(kind="note", text="plain words")
    assert plain.message is None and plain.line(italian) == "plain words"


def test_a_refusal_carries_its_text():
    err = IllegalAction("not-adjacent", _("{creature} is not adjacent to {target}.", creature="Orc", target="Elf"))
    assert str(err) == "Orc is not adjacent to Elf." and err.message.render(italian) == "Orc non è adiacente a Elf."
