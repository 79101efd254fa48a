"""/shoot through the real service on SQLite, as a player types it: the bot answers with what it
measured and rolled, refuses a second volley with the reason, and draws the rays on the board."""

import re
from test_ninth_age_service import USERS, answer_questions, deployed_through_the_service, say, snapshot


async def test_shooting_through_the_service(service):
    state = await deployed_through_the_service(service)  # everything in the zones' back rows
    active = state.active
    user = USERS[active]
    reply = await say(service, user, "/shoot unit:x target:y")
    assert reply.error is not None  # no such unit: refused, nothing changes
    for _ in range(3):  # charges -> remaining moves -> magic -> shooting
        await say(service, user, "/end")
        await answer_questions(service)
    _, ruleset, state = await snapshot(service)
    assert state.phase == "shooting"
    shooters = [u for u in state.on_table(active) if state.unit_entry(u).equipment
                and any(e in ("crossbow", "handgun", "short bow", "cannon", "bolt thrower", "catapult")
                        for e in state.unit_entry(u).equipment)]
    done = None
    for shooter in shooters:
        for target in state.on_table(state.enemy_of(active)):
            reply = await say(service, user, f'/shoot unit:"{shooter.id}" target:"{target.id}"')
            await answer_questions(service)
            if reply.error is None:
                done = (shooter.id, target.id)
                break
        if done:
            break
    assert done, "nobody could shoot"
    assert ("to hit" in reply.text or "scatter die" in reply.text) and "\"" in reply.text
    again = await say(service, user, f'/shoot unit:"{done[0]}" target:"{done[1]}"')
    assert again.error == "cannot-shoot" and re.search(rf"{re.escape(done[0])} (has|have) already shot this phase", again.text)
    _, _, state = await snapshot(service)
    view = ruleset.board(state)
    assert view.shots or view.templates
