"""#13, the last English: the undo request named the action it would take back by its log kind,
"(end)", in every language. It names it in words now, in the reader's language ("end of turn",
"fine del turno", "a forduló vége"), each ruleset saying its own kinds where they mean otherwise
(Conan's /end is the Overlord's; the Ninth Age's /end finishes a step)."""

from __future__ import annotations

import typing

import pytest

from bot.commands import parse_line
from bot.demo import choose_action, command_line
from bot.i18n import say
from engine.core import get_ruleset
from engine.core.ruleset import ACTION_NAMES

CHANNEL, ALICE, BOB = "chan-undo", "111", "222"
USERS = {"p1": ALICE, "p2": BOB}
RULESETS = ("dnd-minis-quick", "dnd-minis", "dnd35-encounter", "conan", "ninth-age")


def _kinds(ruleset) -> set[str]:
    kinds = {"resign", "decide", "timeout"}
    for model in ruleset.action_types:
        annotation = model.model_fields["kind"].annotation
        kinds |= set(typing.get_args(annotation))
    return kinds


@pytest.mark.parametrize("name", RULESETS)
def test_every_action_kind_has_a_name_in_each_language(name):
    ruleset = get_ruleset(name)
    for kind in sorted(_kinds(ruleset)):
        said = ruleset.action_name(kind)
        assert said.msgid, kind  # a catalogue sentence, not the kind itself
        for lang in ("it", "hu"):
            assert say(said, lang) != str(said), (kind, lang)


def test_the_rulesets_say_their_own_end():
    assert [say(get_ruleset(n).action_name("end"), "it") for n in ("dnd-minis-quick", "conan", "ninth-age")] == \
        ["fine del turno", "fine del turno dell'Overlord", "fine del passo"]
    assert say(get_ruleset("dnd-minis-quick").action_name("end"), "hu") == "a forduló vége"
    assert get_ruleset("conan").action_name("no-such-kind") == "no-such-kind"
    assert ACTION_NAMES["end"] == "end of turn"


@pytest.mark.parametrize("lang", ["it", "hu", "en"])
async def test_the_undo_request_names_the_action_in_words(service, lang):
    async def line(user, text):
        return await service.handle(CHANNEL, user, parse_line(text))

    for user in (ALICE, BOB):
        await line(user, f"/language lang:{lang}")
    assert (await line(ALICE, "/game new ruleset:dnd-minis-quick seed:7")).error is None
    assert (await line(BOB, "/game join")).error is None
    for _ in range(40):  # the policy plays until a player has made an /end or a /move
        game, ruleset, state = await service.game_snapshot(CHANNEL)
        seat = ruleset.to_act(state)[0]
        action = choose_action(ruleset, state, seat)
        reply = await line(USERS[seat], command_line(action))
        assert reply.error is None, reply.text
        if action.kind in ("end", "move", "attack"):
            break
    ask = await line(USERS[seat], "/game undo")
    assert ask.error is None, ask.text
    shown = say(ask.text, lang)
    assert f"({say(ruleset.action_name(action.kind), lang)})" in shown, shown
    if lang != "en":
        assert f"({action.kind})" not in shown, shown
