"""A button click is answered in the clicker's language, Discord's locale of the click included
(found playing a Ninth Age battle by post, branch n9-play4): the "Join" and a question's answer
buttons ran their command without the click's locale, so a player who had not typed /language
but reads Discord in Hungarian or Italian got "<@…> takes the seat Player 2." and the answer's
events in English, though the same command typed was answered in their language."""

from bot.buttons import parse_custom_id
from bot.commands import parse_line

from tests.languages.test_battle_in_each_language import untranslated

CHANNEL, ALICE, BOB = "clicks-1", "8101", "8102"


async def test_join_and_a_question_answered_by_buttons_in_the_clickers_locale(service):
    new = await service.handle(CHANNEL, ALICE, parse_line("/game new ruleset:ninth-age seed:5 settings:deployment=classic"),
                               locale="it")
    assert new.error is None, new.text
    [join] = [b.custom_id for b in new.buttons if parse_custom_id(b.custom_id)[0] == "join"]
    joined = await service.click(CHANNEL, BOB, join, locale="hu")
    assert joined.error is None, joined.text
    assert "takes the seat" not in joined.text and "helyet" in joined.text, joined.text

    game, _, state = await service.game_snapshot(CHANNEL)
    assert state.pending is not None  # the pre-game questions start
    asked = joined.buttons
    decide = [b.custom_id for b in asked if parse_custom_id(b.custom_id)[0] == "decide"]
    assert decide, joined.text
    user = {"p1": ALICE, "p2": BOB}[state.pending.decision.seat]
    said = await service.click(CHANNEL, user, decide[0], locale="it")
    assert said.error is None, said.text
    # the whole reply, its closing turn line ("➡️ <@…>: …") too (bot.service: _mentions)
    assert "Rispondi con /decide" in said.text and untranslated(said.text, "it") == [], said.text
    assert untranslated(joined.text, "hu") == [], joined.text
