"""Done when (#13): a new player who sets /language it (or hu) plays a whole Quick Start battle
through the service in that language, the board image drawn in it too, and no reply carries an
English sentence of the catalogues.

Real SQLite store, real renderer; the server's language is the players' too, so the board (what
everyone sees) is in it as well.
"""

from __future__ import annotations

import io
import re
import string
from functools import lru_cache

import pytest
from babel.messages.pofile import read_po
from PIL import Image

from bot.commands import parse_line
from bot.demo import choose_action, command_line
from bot.i18n import LOCALES_DIR, lookup_for, translations
from bot.leagues import Caller
from bot.service import Service, default_renderer

GUILD, CHANNEL, ALICE, BOB = "900", "chan-1", "111", "222"
USERS = {"p1": ALICE, "p2": BOB}
# Words of each language a whole battle's replies must hold.
WORDS = {"it": ("partita", "posto"), "hu": ("játék", "helyet")}


@lru_cache(maxsize=None)
def english_fragments(lang: str) -> frozenset[str]:
    """Stretches of English that only an untranslated sentence would show: every catalogue
    key's literal text between placeholders, 16 characters or more, that its translation in
    ``lang`` does not also contain (a command such as /game join stays as it is)."""
    catalogue = translations(lang)
    out = set()
    for template in LOCALES_DIR.glob("*.pot"):
        with template.open("rb") as handle:
            for message in read_po(handle):
                if not message.id or message.context:
                    continue
                ids = [message.id] if isinstance(message.id, str) else list(message.id)
                said = (catalogue.gettext(ids[0]) if len(ids) == 1
                        else catalogue.ngettext(ids[0], ids[1], 1) + catalogue.ngettext(ids[0], ids[1], 5))
                for msgid in ids:
                    for literal, *_ in string.Formatter().parse(msgid):
                        for piece in re.split(r"[\n`*]", literal or ""):
                            piece = piece.strip()
                            if len(piece) >= 16 and piece not in said and re.search(r"[a-z]{3} [a-z]{3}", piece):
                                out.add(piece)
    return frozenset(out)


def untranslated(text: str, lang: str) -> list[str]:
    return sorted(p for p in english_fragments(lang) if p in text)


@pytest.mark.parametrize("lang", ["it", "hu"])
async def test_a_whole_quick_start_battle_in_the_players_language(store, lang):
    views = []

    def render(view):
        views.append(view)
        return default_renderer(view)

    service = Service(store, render=render, seed_source=lambda: 4242)

    async def say(user, line, caller=None):
        reply = await service.handle(CHANNEL, user, parse_line(line), guild_id=GUILD, caller=caller)
        assert reply.error is None, reply.text
        return reply

    replies = [await say(ALICE, f"/server language:{lang}", caller=Caller(organiser=True)),
               await say(ALICE, f"/language lang:{lang}"), await say(BOB, f"/language lang:{lang}"),
               await say(ALICE, "/game new ruleset:dnd-minis-quick seed:11"), await say(BOB, "/game join")]
    for _ in range(300):
        game, ruleset, state = await service.game_snapshot(CHANNEL, finished_ok=True)
        if state.is_over:
            break
        seat = ruleset.to_act(state)[0]
        replies.append(await say(USERS[seat], command_line(choose_action(ruleset, state, seat))))
    else:
        raise AssertionError("the battle did not end")
    replies += [await say(ALICE, "/game log last:500"), await say(BOB, "/game board"), await say(ALICE, "/help")]

    everything = "\n".join(r.text for r in replies)
    for word in WORDS[lang]:
        assert word in everything, word
    problems = {r.text[:80]: untranslated(r.text, lang) for r in replies if untranslated(r.text, lang)}
    assert problems == {}
    # The boards were drawn in the server's language: captions and the renderer's own words.
    assert views and all(isinstance(v.caption, str) and not untranslated(v.caption, lang) for v in views)
    assert all(v.words for v in views if hasattr(v, "words"))
    Image.open(io.BytesIO(replies[-2].image)).verify()
    assert lookup_for(lang) is not None
