"""#13 Hungarian's definite article: "a" before a consonant sound, "az" before a vowel sound; a
number by how it is read ("az 1." egy, "a 2." kettő, "az 50" ötven, "a 100" száz, "az 1000"
ezer). A Hungarian msgstr never writes the undecided "A(z)/a(z)" before a placeholder: it writes
"{id:az}" (or "{id:Az}" opening a sentence), said at format time from the value that follows
(engine.core.text.hungarian_article; its doctests hold the numbers and words). Only a Discord
mention written in the sentence itself (<@&{role}>, <@{user}>, <#{channel}>) keeps "a(z)": the
reader sees a display name the bot never knows.
"""

from __future__ import annotations

import re

from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from bot.commands import parse_line
from bot.i18n import LOCALES_DIR, say
from engine.core.text import _, hungarian_article

# "a(z)" and the placeholder it stands before, through markdown, quotes, "#" or a bracket.
UNDECIDED = re.compile(r"\b[Aa]\(z\)\s*([*'\"„(#<@&!]*)\{(\w+)")
MENTION_OPENERS = ("<@&", "<@!", "<@", "<#")


def _hungarian_forms():
    for path in sorted((LOCALES_DIR / "hu" / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as handle:
            for message in read_po(handle, locale="hu"):
                if message.id:
                    forms = [message.string] if isinstance(message.string, str) else list(message.string)
                    yield path.stem, message.id, forms


def test_no_hungarian_sentence_leaves_the_article_undecided_before_a_placeholder():
    left = []
    mentions = 0
    for area, key, forms in _hungarian_forms():
        for form in forms:
            for match in UNDECIDED.finditer(form or ""):
                if match.group(1).startswith(MENTION_OPENERS):
                    mentions += 1
                else:
                    left.append((area, form))
    assert left == []
    assert mentions >= 1  # the role mentions of /league organisers keep "a(z)"


# A fixed "a"/"az" before a placeholder is right for one value only ("a {limit} pontos" is wrong
# for 5); the Ninth Age profile line's "A {A}" is the Attacks characteristic, not an article.
FIXED = re.compile(r"(?<![\w(%-])([Aa]z?) [*'\"„(#]*\{(\w+)[}!:]")
NOT_ARTICLES = {"A {A}"}


def test_no_hungarian_sentence_fixes_the_article_before_a_placeholder():
    fixed = [(area, form) for area, key, forms in _hungarian_forms() for form in forms
             for match in FIXED.finditer(form or "") if match.group(0) not in NOT_ARTICLES]
    assert fixed == []
    assert FIXED.search("ezen a {width} x {height}") and not FIXED.search("{value}%-a ({shown})")


def test_the_scan_finds_an_undecided_article():
    found = [m.group(2) for m in UNDECIDED.finditer("A(z) #{id} játék; a(z) **{name}**; a(z) <@&{role}>")]
    assert found == ["id", "name", "role"]


def test_the_article_is_said_from_the_value_in_hungarian_and_left_alone_in_english():
    said = {n: say(_("Game #{id} no longer exists.", id=n), "hu") for n in (1, 2, 5, 12, 50, 100, 1000, 2000)}
    assert said == {1: "Az #1 játék már nem létezik.", 2: "A #2 játék már nem létezik.",
                    5: "Az #5 játék már nem létezik.", 12: "A #12 játék már nem létezik.",
                    50: "Az #50 játék már nem létezik.", 100: "A #100 játék már nem létezik.",
                    1000: "Az #1000 játék már nem létezik.", 2000: "A #2000 játék már nem létezik."}
    assert say(_("{league} is closed.", league="Őszi liga"), "hu") == "Az Őszi liga lezárult."
    assert say(_("{league} is closed.", league="Tavaszi liga"), "hu") == "A Tavaszi liga lezárult."
    assert say(_("{league} is closed.", league="Őszi liga"), "it").startswith("Őszi liga")
    assert say(_("{league} is closed.", league="Őszi liga"), "en") == "Őszi liga is closed."


def test_a_mention_keeps_the_undecided_article():
    assert hungarian_article("<@&123>") == "a(z)"
    assert say(_("{square} is not a square; write one like E5.", square="<@123>"), "hu").startswith("a(z) <@123>")
    assert say(_("{square} is not a square; write one like E5.", square="E5"), "hu").startswith("az E5")
    assert say(_("{square} is not a square; write one like E5.", square="B5"), "hu").startswith("a B5")


async def test_a_reply_says_az_for_game_1_and_a_for_game_2(service):
    replies = []
    for channel in ("hu-1", "hu-2"):
        await service.handle(channel, "111", parse_line("/game new ruleset:dnd-minis-quick"), guild_id="900", locale="hu")
        reply = await service.handle(channel, "111", parse_line("/game join"), guild_id="900", locale="hu")
        replies.append(str(reply.text))
    assert replies == ["⛔ Már ülsz az #1 játékban, a helyed: 1. játékos; játékosonként egy hely.",
                       "⛔ Már ülsz a #2 játékban, a helyed: 1. játékos; játékosonként egy hely."]


# A case ending written onto a placeholder ("{unit}-t", "{limit}-ból", "{number}-szor") agrees
# with one value only (vowel harmony: "3-ból" but "5-ből", "Orc-ot" but "Elf-et"), so a sentence
# says the value where it needs no ending ("célpont: {name}", "legfeljebb {limit}"). Allowed:
# unit letters ("{days}n {hours}ó {minutes}p", "{count}x"), "-ig" (one form for every word),
# a hyphened compound ("{game}-lépés"), a value that brings its own space ("{outcome}"); an
# inch mark between ({d}"-re: "hüvelykre") is not this.
SUFFIXED = re.compile(r"\{(\w+)(?:![rs])?(?::\w+)?\}(-?)([a-záéíóöőúüű]+)")
ALLOWED_ENDINGS = {"n", "ó", "p", "x", "ig", "lépés"}
OWN_SPACE = {"outcome"}


def test_no_hungarian_sentence_writes_a_case_ending_onto_a_placeholder():
    suffixed = [(area, match.group(0), form) for area, key, forms in _hungarian_forms() for form in forms
                for match in SUFFIXED.finditer(form or "")
                if match.group(3) not in ALLOWED_ENDINGS and match.group(1) not in OWN_SPACE]
    assert suffixed == []
    assert [m.group(0) for m in SUFFIXED.finditer('{unit}-t éri, {limit}-ból, {d}"-re, {last}-ig')] == \
        ["{unit}-t", "{limit}-ból", "{last}-ig"]


# Hungarian numbers written out (the standard spelling, hyphened from 2001 on), to check the
# article against the word itself rather than against the rule it was coded from.
_ONES = ["", "egy", "kettő", "három", "négy", "öt", "hat", "hét", "nyolc", "kilenc"]
_TENS = ["", "tíz", "húsz", "harminc", "negyven", "ötven", "hatvan", "hetven", "nyolcvan", "kilencven"]
_TENS_JOINED = {1: "tizen", 2: "huszon"}


def _below_1000(n: int) -> str:
    hundreds, rest = divmod(n, 100)
    tens, ones = divmod(rest, 10)
    said = "" if hundreds == 0 else ("száz" if hundreds == 1 else ("két" if hundreds == 2 else _ONES[hundreds]) + "száz")
    if tens and ones:
        said += _TENS_JOINED.get(tens, _TENS[tens]) + _ONES[ones]
    else:
        said += _TENS[tens] + _ONES[ones]
    return said


def _spelled(n: int) -> str:
    if n == 0:
        return "nulla"
    thousands, rest = divmod(n, 1000)
    if thousands == 0:
        return _below_1000(n)
    head = "ezer" if thousands == 1 else ("két" if thousands == 2 else _below_1000(thousands)) + "ezer"
    return head + ("-" if n > 2000 and rest else "") + _below_1000(rest)


def test_the_article_of_every_number_to_100000_is_the_one_its_spelled_word_takes():
    assert [_spelled(n) for n in (1, 5, 12, 25, 50, 100, 215, 1000, 1999, 2000, 5311)] == [
        "egy", "öt", "tizenkettő", "huszonöt", "ötven", "száz", "kétszáztizenöt", "ezer",
        "ezerkilencszázkilencvenkilenc", "kétezer", "ötezer-háromszáztizenegy"]
    wrong = [n for n in range(0, 100001)
             if {hungarian_article(n), hungarian_article(str(n)), hungarian_article(format_decimal(n, locale="hu"))}
             != {"az" if _spelled(n)[0] in "aáeéiíoóöőuúüű" else "a"}]
    assert wrong == []
    assert hungarian_article("1 000") == "az" and hungarian_article("12 000") == "a"
