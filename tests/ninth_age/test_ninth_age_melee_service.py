"""The Melee phase through the real service on SQLite: after a charge goes home, the combat is
drawn zoomed (/game board around:), fought with /fight (every roll in the reply, every choice a
/decide), the turn passes, and the game replays exactly from its log. (The whole six-turn battle
through the service is test_ninth_age_service's.)"""

import io

from PIL import Image

from test_ninth_age_service import USERS, answer_questions, say, snapshot
from test_ninth_age_service import test_a_charge_and_its_reaction_through_the_service as stage_a_charge


async def test_a_combat_through_the_service(service, store):
    await stage_a_charge(service)  # the seeded game's charge goes home
    game, ruleset, state = await snapshot(service)
    runner = next((u for u in state.on_table(state.active) if u.charged and not u.failed_charge), None)
    active = state.active
    if runner is not None:
        while state.phase != "melee":  # the rest of the Movement phase, Magic and Shooting
            reply = await say(service, USERS[active], "/end")
            assert reply.error is None, reply.text
            _, _, state = await snapshot(service)
        assert "Melee phase: 1 combat" in reply.text
        reply = await say(service, USERS[active], f'/game board around:"{runner.id}"')
        assert reply.error is None, reply.text
        assert Image.open(io.BytesIO(reply.image)).width >= 500  # zoomed on the combat
        reply = await say(service, USERS[active], "/fight unit:Nobody")
        assert reply.error == "unknown-unit"
        reply = await say(service, USERS[active], f'/fight unit:"{runner.id}"')
        assert reply.error is None, reply.text
        replies = [reply] + await answer_questions(service)
        text = "\n".join(r.text for r in replies)
        assert f"Combat: {runner.id}" in text and "to hit, rolled" in text and "combat score" in text
    # the phase ends (any combat left is fought) and the other player's turn begins
    reply = await say(service, USERS[active], "/end")
    assert reply.error is None, reply.text
    await answer_questions(service)
    game, ruleset, state = await snapshot(service)
    assert state.active != active and state.phase == "movement"
    stored = await store.actions(game.id)
    replayed, _ = ruleset.replay(game.seed, game.options, [ruleset.parse_action(a.action) for a in stored])
    assert replayed.model_dump(mode="json") == state.model_dump(mode="json")
    assert runner is not None  # the seeded charge did go home, so the combat above was fought
