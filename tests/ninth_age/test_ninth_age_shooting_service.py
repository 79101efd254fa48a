"""/shoot through the real service on SQLite, as a player types it: the bot answers with what it
measured and rolled, refuses a second volley with the reason, and draws the rays on the board."""

from game_helpers import _group, slots
from test_ninth_age_service import USERS, answer_questions, say, snapshot


async def test_shooting_through_the_service(service):
    await say(service, USERS["p1"], "/game new ruleset:ninth-age seed:5 settings:deployment=classic, terrain=open")
    await say(service, USERS["p2"], "/game join")
    await answer_questions(service)
    _, _, state = await snapshot(service)
    while state.phase == "deployment":  # everything deployed in the zones' back rows
        seat = state.deploy.turn
        plan = slots(state, seat)
        group = _group(state, plan[0][0])
        for name, x, y in ([p for p in plan if _group(state, p[0]) == group] if group else plan[:1]):
            reply = await say(service, USERS[seat], f'/deploy unit:"{name}" x:{x:.3f} y:{y:.3f}')
            assert reply.error is None, reply.text
            await answer_questions(service)
            _, _, state = await snapshot(service)
            if state.phase != "deployment" or state.deploy.turn != seat:
                break
        if state.phase == "deployment" and (state.deploy.step == "vanguard" or (
                state.deploy.turn == seat and state.deploy.finished_first is None)):
            await say(service, USERS[state.deploy.turn], "/end")
            await answer_questions(service)
        _, _, state = await snapshot(service)
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
    assert again.error == "cannot-shoot" and "has already shot this phase" in again.text
    _, _, state = await snapshot(service)
    view = ruleset.board(state)
    assert view.shots or view.templates
