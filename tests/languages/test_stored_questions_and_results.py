"""Done when (#13): a question left waiting and a finished game's reason, read back from the
store, are said in the reader's language (the Decision and the Result keep their Text's key as an
Event does), while English reads exactly as before and the stored game still replays exactly.

Real SQLite store through the service; the cleave game is the one of test_decisions_service.
"""

from __future__ import annotations

from bot.commands import parse_line
from bot.status import status_card
from engine.core.models import Result
from engine.core.questions import Decision
from engine.core.text import _
from tests.service.test_decisions_service import _cleave_game
from tests.dnd_minis.skirmish.helpers import RULES


async def say(service, user, line):
    reply = await service.handle("table", user, parse_line(line))
    assert reply.error is None, reply.text
    return reply


async def test_a_stored_question_and_a_finished_games_reason_read_in_italian(service, store):
    start = await _cleave_game(store)
    await say(service, "bob", "/game join")
    await say(service, "carla", "/language lang:it")
    await say(service, "alice", "/attack creature:a target:k1")

    # The question is read back from the store, not from the reply that asked it.
    stored = await store.active_game("table")
    _game, _ruleset, state = await service.game_snapshot("table")
    assert state.pending is not None and state.pending.decision.message is not None
    english = (await say(service, "alice", "/game status")).text
    italian = (await say(service, "carla", "/game status")).text
    asked_en = state.pending.decision.asking("Player 1")
    assert "Answer with /decide option:" in english and "Answer with /decide option:" not in italian
    assert "/decide option:" in italian and "Rispondi" in italian, italian
    assert str(asked_en) in english  # English reads as it always did

    await say(service, "alice", "/decide option:k2")
    await say(service, "bob", "/game resign")
    _game, _ruleset, state = await service.game_snapshot("table", finished_ok=True)
    assert state.result is not None and state.result.reason == "Player 2 resigned"
    assert state.result.message is not None
    english = (await say(service, "alice", "/game status")).text
    italian = (await say(service, "carla", "/game status")).text
    assert "Player 2 resigned" in english and "Player 2 resigned" not in italian
    # The seat keeps its English name in the state; the reader sees it in their language (#13).
    assert "Giocatore 2 si è arreso" in italian and "Player" not in italian, italian

    # The stored game still replays exactly, the new fields included.
    actions = [_ruleset.parse_action(a.action) for a in await store.actions(stored.id)]
    replayed = RULES.load_state(start.model_dump_json())
    for action in actions:
        replayed, _events = _ruleset.apply(replayed, action)
    assert replayed.model_dump() == state.model_dump()


def test_english_prompts_and_reasons_read_exactly_as_before():
    decision = Decision(seat="p1", key="cleave", question=_("Cleave: strike whom?"), options=["GOB2", "decline"])
    assert decision.prompt("Ann") == "❓ Ann — Cleave: strike whom? Answer with /decide option: GOB2 or decline."
    many = Decision(seat="p1", key="square", question="Where?", options=[f"A{i}" for i in range(14)])
    # The answers are a CLDR "or" list (#13 item 5): English's own pattern puts a comma before "or".
    assert many.prompt("Ann").endswith("A10, A11, or one of 2 more (autocomplete lists them; /decide option:? lists "
                                       "all).")
    three = Decision(seat="p1", key="x", question="Which?", options=["keep", "reroll-1", "reroll-2"])
    assert three.prompt("Ann").endswith("/decide option: keep, reroll-1, or reroll-2.")
    from bot.i18n import say

    assert say(three.listed(), "it") == "keep, reroll-1 o reroll-2"
    assert say(three.listed(), "hu") == "keep, reroll-1 vagy reroll-2"
    assert say(many.listed(), "it").endswith("A11 o una di altre 2 (l'autocompletamento le elenca; /decide option:? le "
                                              "elenca tutte)")
    assert many.message is None and many.asked() == "Where?"
    # A reason changed after the fact (a league's report) is not said with the old key.
    result = Result(reason=_("{name} resigned", name="Ann"))
    result.reason = "reported by an organiser"
    assert result.why() == "reported by an organiser"
