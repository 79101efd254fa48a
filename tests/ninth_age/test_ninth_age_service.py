"""A Ninth Age game through the real service on SQLite, typed as console lines: new game, join,
the pre-game questions, deployment, moves as players say them, a charge with its reaction,
board images, six game turns to the end, and an exact replay from the stored log."""

import io

from PIL import Image

from bot.commands import parse_line
from renderers.table import LEGEND_ROW

from game_helpers import _group, answer_for, slots

CHANNEL = "ninth-1"
USERS = {"p1": "501", "p2": "502"}


async def say(service, user, line):
    return await service.handle(CHANNEL, user, parse_line(line))


async def snapshot(service):
    return await service.game_snapshot(CHANNEL, finished_ok=True)


async def answer_questions(service, answers=None):
    """Answer whatever the game asks, as the asked player would, until nothing is pending."""
    replies = []
    while True:
        _, _, state = await snapshot(service)
        if state.pending is None:
            return replies
        d = state.pending.decision
        choice = answer_for(d.key, answers or {})
        if choice not in d.options:
            choice = d.options[0]
        reply = await say(service, USERS[d.seat], f"/decide option:{choice}")
        assert reply.error is None, reply.text
        replies.append(reply)


async def test_a_ninth_age_battle_through_the_service(service, store):
    reply = await say(service, USERS["p1"], "/game new ruleset:ninth-age seed:99 settings:deployment=classic")
    assert reply.error is None, reply.text
    reply = await say(service, USERS["p2"], "/game join")
    assert reply.error is None and "rolls for the choice of side" in reply.text
    await answer_questions(service)
    game, ruleset, state = await snapshot(service)
    assert state.phase == "deployment"

    # a unit outside the zone is refused, with the reason, and nothing changes
    seat = state.deploy.turn
    uid = slots(state, seat)[0][0]
    reply = await say(service, USERS[seat], f'/deploy unit:"{uid}" x:36 y:24')
    assert reply.error == "outside-zone" and "outside your deployment zone" in reply.text

    images = 0
    while state.phase == "deployment":
        seat = state.deploy.turn
        plan = slots(state, seat)
        group = _group(state, plan[0][0])
        drop = [p for p in plan if _group(state, p[0]) == group] if group else plan[:1]
        for name, x, y in drop:
            reply = await say(service, USERS[seat], f'/deploy unit:"{name}" x:{x:.3f} y:{y:.3f}')
            assert reply.error is None, reply.text
            await answer_questions(service, {"first-or-second": "first"})
            _, _, state = await snapshot(service)
            if state.phase != "deployment" or state.deploy.turn != seat:
                break
        if state.phase == "deployment" and (state.deploy.step == "vanguard" or (
                state.deploy.turn == seat and state.deploy.finished_first is None)):
            reply = await say(service, USERS[state.deploy.turn], "/end")
            assert reply.error is None, reply.text
            await answer_questions(service)
        _, _, state = await snapshot(service)
    assert state.phase == "movement" and state.round == 1
    active = state.active
    # the board image: a PNG at the table's scale
    reply = await say(service, USERS[active], "/game board")
    picture = Image.open(io.BytesIO(reply.image))
    assert picture.size == (720, 480 + 28 + LEGEND_ROW)  # the header, the table, the terrain legend's row

    # moves as players say them: first the charge declarations end, then an advance with a wheel
    reply = await say(service, USERS[active], "/end")
    assert reply.error is None and "Remaining moves" in reply.text
    mover = next(u for u in state.on_table(active) if u.id in ("Spearmen", "Brutes"))
    reply = await say(service, USERS[active], f"/advance unit:{mover.id} wheel:left 10 forward:1")
    assert reply.error is None, reply.text
    assert "wheel left 10°" in reply.text and "at the outer corner, forward 1.0\"" in reply.text and " used" in reply.text
    reply = await say(service, USERS[active], f"/advance unit:{mover.id} forward:1")
    assert reply.error == "cannot-move" and "already moved" in reply.text
    other = "p2" if active == "p1" else "p1"
    reply = await say(service, USERS[other], f"/advance unit:{mover.id} forward:1")
    assert reply.error is not None

    # six game turns: every phase passed with /end (Magic, Shooting and Melee say they wait)
    while True:
        _, _, state = await snapshot(service)
        if state.is_over:
            break
        reply = await say(service, USERS[state.active], "/end")
        assert reply.error is None, reply.text
        images += reply.image is not None
        await answer_questions(service)
    assert images >= 12 * 4
    game, ruleset, state = await snapshot(service)
    assert state.result is not None and "VP" in state.result.reason
    stored = await store.actions(game.id)
    replayed, _ = ruleset.replay(game.seed, game.options, [ruleset.parse_action(a.action) for a in stored])
    assert replayed.model_dump(mode="json") == state.model_dump(mode="json")


async def deployed_through_the_service(service, *, front: bool = False, terrain: str = "open"):
    """A seeded battle (classic deployment, an open table unless ``terrain`` names a layout) set
    up and both armies deployed with /deploy as the players type it, by drops (characters, war
    machines, units); ``front`` stands the first rows on the front of the zones (the armies 24"
    apart), else at the back. Returns the state at the first player turn."""
    await say(service, USERS["p1"], f"/game new ruleset:ninth-age seed:5 settings:deployment=classic, terrain={terrain}")
    await say(service, USERS["p2"], "/game join")
    await answer_questions(service)
    _, _, state = await snapshot(service)
    while state.phase == "deployment":
        seat = state.deploy.turn
        plan = slots(state, seat)
        group = _group(state, plan[0][0])
        drop = [p for p in plan if _group(state, p[0]) == group] if group else plan[:1]
        for name, x, y in drop:
            if front:
                y = 12 - y if y < 24 else 84 - y
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
    return state


async def test_a_charge_and_its_reaction_through_the_service(service):
    state = await deployed_through_the_service(service, front=True)
    active = state.active
    enemy = "p2" if active == "p1" else "p1"
    # the armies stand 24" apart: a 12" charge is refused with the measurement
    charger = next(u for u in state.on_table(active) if state.unit_entry(u).movement == 4)
    target = state.on_table(enemy)[0]
    reply = await say(service, USERS[active], f'/charge unit:"{charger.id}" target:"{target.id}"')
    assert reply.error == "out-of-reach" and "farthest possible charge is M 4 + 12 = 16\"" in reply.text

    # the fastest unit marches up; a turn later it charges, and the enemy player is asked
    await say(service, USERS[active], "/end")
    runner = max((u for u in state.on_table(active) if not state.unit_entry(u).has_rule("Can't March")
                  and not state.unit_entry(u).is_character), key=lambda u: state.unit_entry(u).movement)
    m = state.unit_entry(runner).movement
    for tenths in range(20 * m, 0, -5):
        reply = await say(service, USERS[active], f'/march unit:"{runner.id}" forward:{tenths / 10}')
        if reply.error is None:
            break
    assert "marches: forward" in reply.text
    for _ in range(4 + 5):  # the rest of this turn, then the opponent's whole turn
        _, _, state = await snapshot(service)
        await say(service, USERS[state.active], "/end")
        await answer_questions(service)
    _, _, state = await snapshot(service)
    assert state.active == active and state.step == "charges" and state.round == 2
    from engine.table.contact import distance

    fp = state.units[runner.id].footprint()
    # the nearest enemy with a reaction to choose: not fleeing, not Immune to Psychology (Hold only)
    from engine.rulesets.ninth_age.fighters import psychology_immune

    target = min((u for u in state.on_table(enemy) if not u.fleeing and not psychology_immune(state, u)),
                 key=lambda u: distance(fp, u.footprint()))
    reply = await say(service, USERS[active], f'/charge unit:"{runner.id}" target:"{target.id}"')
    assert reply.error is None, reply.text
    assert f"{runner.id} declares a charge on {target.id}" in reply.text
    assert "how does" in reply.text and f"<@{USERS[enemy]}>" not in reply.text or reply.mentions == [USERS[enemy]]
    _, _, state = await snapshot(service)
    assert state.pending.decision.seat == enemy and state.pending.decision.options == ["hold", "flee"]
    reply = await say(service, USERS[active], "/decide option:hold")
    assert reply.error == "not-your-decision"
    reply = await say(service, USERS[enemy], "/decide option:hold")
    assert reply.error is None and f"{target.id} reacts: hold." in reply.text
    reply = await say(service, USERS[active], "/end")
    assert reply.error is None and f"{runner.id} charge range" in reply.text
    if "Which one?" in reply.text:  # placements tie: the charging player picks (§24.5)
        _, _, state = await snapshot(service)
        assert state.pending.decision.seat == active and state.pending.decision.key == f"placement-{runner.id}"
        reply = await say(service, USERS[active], "/decide option:2")
        assert reply.error is None, reply.text
    assert "charges home" in reply.text or "charge fails" in reply.text
