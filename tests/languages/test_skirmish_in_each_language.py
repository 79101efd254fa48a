"""Done when (#13): a whole D&D Miniatures **skirmish** (War Drums and the starter rules, not only
the Quick Start) played through the service by players who set /language it (or hu), in a
server whose language is the same: warband building, set-up, moves, attacks, abilities, a
/decide and the end. No reply and no board caption may carry an English sentence of the
catalogues or an untranslated key, and the board image is drawn in that language.

Real SQLite store, real renderer, every line typed as a player types it (chosen by the demo
policy among the engine's legal actions).
"""

from __future__ import annotations

import io
import re
from functools import lru_cache

import pytest
from babel.messages.pofile import read_po
from PIL import Image

from bot.commands import parse_line
from bot.demo import choose_action, command_line
from bot.i18n import LOCALES_DIR, po_files
from bot.leagues import Caller
from bot.service import Service, default_renderer
from tests.languages.test_battle_in_each_language import untranslated

GUILD, CHANNEL = "900", "table"
USERS = {"p1": "alice", "p2": "bob"}
WAR_DRUMS = {"alice": ("Knights", "LG", [("paladin", 1), ("fighter", 2), ("archer", 1)]),
             "bob": ("Church", "LG", [("cleric", 1), ("soldier", 2), ("dwarf", 1)])}
STARTER = {"alice": ("Vanguard", "LG", [("paladin", 1), ("warrior", 3)]),
           "bob": ("Shield Wall", "LG", [("cleric", 1), ("dwarf", 3)])}
TILES = {"alice": "gatehouse, crypt, shrine, chasm", "bob": "campsite, blood-altar, spike-field, rubble-hall"}
# Words each language's replies must hold (the game's own terms, from the seeds), the Paladin's
# Commander Effect (an ability adding to its followers' attacks) among them.
WORDS = {"it": ("partita", "banda", "effetto del comandante di paladin", "attacco di opportunità"),
         "hu": ("játék", "csapat", "paladin: parancsnoki hatás", "támadás")}


# A word of four letters or more, lower case, not inside a longer word.
WORD = re.compile(r"(?<![A-Za-zÀ-ÿŐőŰű])[a-z]{4,}(?![A-Za-zÀ-ÿŐőŰű])")
# The rulesets' default seat names, which must reach a player in their language.
SEAT = re.compile(r"\b(Player|Heroes) [0-9]")


def _plain(text: str) -> str:
    """``text`` without what stays English in every language: code spans, mentions, slash
    commands with their option names and values, option values with dashes, placeholders."""
    return re.sub(r"`[^`]*`|<[^>]*>|/[a-z_]+( [a-z_]+)*|\b[a-z_]+:\S*|\b[a-z0-9]+(-[a-z0-9]+)+\b|\{[^}]*\}",
                  " ", text)


@lru_cache(maxsize=None)
def english_words(lang: str) -> frozenset[str]:
    """Words of the catalogues' English that no translation in ``lang`` uses: a reply showing
    one still has English in it, however short the stretch ("+ 3 level", "initiative")."""
    english, said = set(), set()
    for template in LOCALES_DIR.glob("*.pot"):
        with template.open("rb") as handle:
            for message in read_po(handle):
                if message.id and not message.context:
                    for msgid in [message.id] if isinstance(message.id, str) else message.id:
                        english |= set(WORD.findall(_plain(msgid)))
    for po in po_files(lang):
        with po.open("rb") as handle:
            for message in read_po(handle):
                for string in [message.string] if isinstance(message.string, str) else message.string or ():
                    said |= set(WORD.findall(_plain(string or "")))
    return frozenset(english - said)


def english_in(text: str, lang: str) -> list[str]:
    """The English in ``text``: catalogue sentences, catalogue words no translation uses,
    default seat names, and any catalogue key shown raw (a ``{placeholder}`` left unfilled)."""
    found = untranslated(text, lang)
    found += sorted(set(WORD.findall(_plain(text))) & english_words(lang))
    found += SEAT.findall(text)
    found += re.findall(r"\{[a-z_]+\}", text)
    return found


@pytest.mark.slow  # a whole skirmish in each language
@pytest.mark.parametrize("lang", ["it", "hu"])
@pytest.mark.parametrize("edition", ["war-drums", "starter"])
async def test_a_whole_skirmish_in_the_players_language(store, lang, edition):
    views = []

    def render(view):
        views.append(view)
        return default_renderer(view)

    service = Service(store, render=render, seed_source=lambda: 4242)
    replies = []

    async def say(user, line, caller=None):
        reply = await service.handle(CHANNEL, user, parse_line(line), guild_id=GUILD, caller=caller)
        assert reply.error is None, f"{line}: {reply.text}"
        replies.append(reply)
        return reply

    await say("alice", f"/server language:{lang}", caller=Caller(organiser=True))
    for user in USERS.values():
        await say(user, f"/language lang:{lang}")
    bands = WAR_DRUMS if edition == "war-drums" else STARTER
    for user, (name, faction, cards) in bands.items():
        await say(user, f'/warband new name:"{name}" edition:{edition} faction:{faction}')
        for card, count in cards:
            await say(user, f'/warband add name:"{name}" creature:{card} count:{count}')
        if edition == "starter":
            await say(user, f'/warband set name:"{name}" tiles:"{TILES[user]}"')
        await say(user, f'/warband show name:"{name}"')
    await say("alice", "/warband show")
    settings = "map=shattered-causeway" if edition == "war-drums" else "edition=starter"
    await say("alice", f"/game new ruleset:dnd-minis seed:8 settings:{settings}")
    await say("bob", "/game join")
    for user, (name, *_rest) in bands.items():
        await say(user, f'/warband use name:"{name}"')
    kinds = set()
    for _ in range(3000):
        game, ruleset, state = await service.game_snapshot(CHANNEL, finished_ok=True)
        if state.is_over:
            break
        seat = ruleset.to_act(state)[0]
        action = choose_action(ruleset, state, seat)
        kinds.add(action.kind)
        await say(USERS[seat], command_line(action))
    else:
        raise AssertionError("the skirmish did not end")
    await say("alice", "/game log last:500")
    await say("bob", "/game board")
    await say("alice", "/game status")
    await say("alice", "/help")
    # Set-up, moves, attacks and a /decide were all played.
    assert {"move", "attack", "decide"} <= kinds, kinds

    everything = "\n".join(r.text for r in replies)
    for word in WORDS[lang]:
        assert word in everything.casefold(), word
    problems = {r.text[:80]: english_in(r.text, lang) for r in replies if english_in(r.text, lang)}
    assert problems == {}
    captions = {str(v.caption)[:80]: english_in(str(v.caption), lang) for v in views
                if english_in(str(v.caption), lang)}
    assert views and captions == {}
    assert all(v.words for v in views if hasattr(v, "words"))
    # The legend names the seats in the language too ("Giocatore 1", "1. játékos").
    legends = [name for v in views for name in getattr(v, "side_names", {}).values()]
    assert legends and not any(SEAT.search(name) for name in legends), legends
    Image.open(io.BytesIO(replies[-3].image)).verify()
