"""#13 item 5: numbers a command refusal quotes are grouped by the reader's language (babel),
not with the English comma: '9.007.199.254.740.992' in Italian, '9 007 199 254 740 992' in
Hungarian (CLDR's no-break space)."""

from __future__ import annotations

import pytest

from bot.commands import parse_line
from bot.service import Service

GROUPED = {"it": "9.007.199.254.740.992", "hu": "9\u00a0007\u00a0199\u00a0254\u00a0740\u00a0992", "en": "9,007,199,254,740,992"}


@pytest.mark.parametrize("lang", ["it", "hu", "en"])
async def test_a_too_big_number_is_refused_with_the_limit_grouped_as_the_reader_writes_it(store, lang):
    service = Service(store, seed_source=lambda: 3)
    await service.handle("numbers", "ann", parse_line(f"/language lang:{lang}"))
    reply = await service.handle("numbers", "ann", parse_line("/game new ruleset:dnd-minis-quick seed:99999999999999999999"))
    assert reply.error == "too-big", reply.text
    assert GROUPED[lang] in reply.text, reply.text
    assert lang == "en" or "9,007" not in reply.text


@pytest.mark.parametrize("lang, length", [("it", "12.000"), ("hu", "12\u00a0000"), ("en", "12,000")])
async def test_a_too_long_option_says_its_length_grouped_as_the_reader_writes_it(store, lang, length):
    service = Service(store, seed_source=lambda: 3)
    await service.handle("numbers", "ann", parse_line(f"/language lang:{lang}"))
    reply = await service.handle("numbers", "ann", parse_line("/roll dice:" + "1" * 12000))
    assert reply.error == "too-long", reply.text
    assert length in reply.text, reply.text
