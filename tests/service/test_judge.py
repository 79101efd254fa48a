"""A skirmish's judge, through the service with a real SQLite file (#15 item 16).

The game's creator names a judge (/game judge user:); the judge holds no player's seat, rules
with /override, /damage, /heal, /remove and /condition, each logged as a judge's ruling with its
reason, and a ruling is taken back only with the judge."""

from bot.commands import parse_line
from tests.service.test_fuzzed_lines import war_drums

JUDGE = "carol"


async def say(service, user, line):
    return await service.handle("chan", user, parse_line(line))


async def a_battle_with_a_judge(service, store):
    await war_drums(service, store, 25)  # alice (p1) and bob (p2), mid-battle
    refused = await say(service, "bob", f"/game judge user:{JUDGE}")
    assert refused.error == "not-creator"
    named = await say(service, "alice", f"/game judge user:<@{JUDGE}>")
    assert named.error is None and f"<@{JUDGE}> judges" in named.text
    _, _, state = await service.game_snapshot("chan")
    return state


def creature_of(state, seat):
    return next(c for c in state.creatures.values() if c.side == seat and c.on_board)


async def test_the_judge_rules_with_a_reason_and_needs_no_seat(service, store):
    state = await a_battle_with_a_judge(service, store)
    seats = {s.seat_id: s.user_id for s in await store.seats((await store.active_game("chan")).id)}
    assert seats["judge"] == JUDGE and seats["p1"] == "alice" and seats["p2"] == "bob"
    target = creature_of(state, "p2")
    # Players may not rule; the judge must give a reason.
    assert (await say(service, "alice", f"/damage creature:{target.id} amount:3 reason:x")).error == "judge-only"
    assert (await say(service, JUDGE, f"/damage creature:{target.id} amount:3")).error == "needs-reason"
    reply = await say(service, JUDGE, f'/damage creature:{target.id} amount:3 reason:"missed spike damage"')
    assert reply.error is None, reply.text
    assert "Judge's ruling (missed spike damage)" in reply.text and reply.image is not None  # the board follows
    _, _, after = await service.game_snapshot("chan")
    assert after.creatures[target.id].hp == target.hp - 3
    reply = await say(service, JUDGE, f'/heal creature:{target.id} amount:2 reason:"too much"')
    assert reply.error is None and after.creatures[target.id].hp + 2 == \
        (await service.game_snapshot("chan"))[2].creatures[target.id].hp
    reply = await say(service, JUDGE, f'/condition creature:{target.id} add:stunned reason:"forgot the stun"')
    assert reply.error is None, reply.text
    assert (await service.game_snapshot("chan"))[2].creatures[target.id].has("stunned")
    mover = creature_of(state, "p1")
    reply = await say(service, JUDGE, f'/override creature:{mover.id} to:A1 reason:"knocked over"')
    assert reply.error is None, reply.text
    assert (await service.game_snapshot("chan"))[2].creatures[mover.id].square == (0, 0)
    # The judge plays no creature.
    assert (await say(service, JUDGE, "/end")).error == "not-seated"
    log = await store.actions((await store.active_game("chan")).id)
    rulings = [a for a in log if a.seat_id == "judge"]
    assert [a.action["kind"] for a in rulings] == ["damage", "heal", "condition", "override"]
    assert all(a.user_id == JUDGE and a.action["reason"] for a in rulings)


async def test_a_ruling_is_taken_back_only_with_the_judge(service, store):
    state = await a_battle_with_a_judge(service, store)
    target = creature_of(state, "p2")
    await say(service, JUDGE, f'/remove creature:{target.id} reason:"the miniature broke"')
    _, _, removed = await service.game_snapshot("chan")
    assert not removed.creatures[target.id].on_board
    asked = await say(service, "bob", "/game undo")
    assert asked.error is None and "asks to take back" in asked.text
    refused = await say(service, "alice", "/game undo")
    assert refused.error == "undo-needs-judge"
    confirmed = await say(service, JUDGE, "/game undo")
    assert confirmed.error is None, confirmed.text
    _, _, back = await service.game_snapshot("chan")
    assert back.creatures[target.id].on_board


async def test_rulesets_without_a_judge_say_so(service):
    await say(service, "ref", "/game new ruleset:dnd35-encounter map:crypt")
    reply = await say(service, "ref", f"/game judge user:{JUDGE}")
    assert reply.error == "no-judge" and "referee" in reply.text


async def quick_battle_placed(service):
    """A Quick Start Battle set up to its first activation, whoever won the roll-offs."""
    assert (await say(service, "alice", "/game new ruleset:dnd-minis-quick seed:5")).error is None
    assert (await say(service, "bob", "/game join")).error is None
    users = {"p1": "alice", "p2": "bob"}
    for _ in range(12):
        game, ruleset, state = await service.game_snapshot("chan")
        if state.phase == "activation":
            return state
        seat = ruleset.to_act(state)[0]
        if state.phase == "choose-creature":
            line = "/choose creature:ranger"
        elif state.phase == "place":
            square = ruleset.allowed_start_squares(state, seat)[0]
            line = f"/place square:{ruleset.square_label(square)}"
        elif state.phase == "initiative":
            line = "/initiative"
        else:
            line = "/first who:me"
        reply = await say(service, users[seat], line)
        assert reply.error is None, reply.text
    raise AssertionError("the Quick Start Battle never reached its first activation")


async def test_a_quick_start_battle_has_a_judge_too(service, store):
    """#15 item 16, "referee tools in every ruleset": the Quick Start Battle's judge rules as a
    skirmish's does, and a creature a ruling destroys ends the battle."""
    await quick_battle_placed(service)
    named = await say(service, "alice", f"/game judge user:{JUDGE}")
    assert named.error is None, named.text
    assert (await say(service, "bob", "/damage creature:orc amount:3 reason:x")).error == "judge-only"
    assert (await say(service, JUDGE, "/damage creature:orc amount:3")).error == "needs-reason"
    _, _, before = await service.game_snapshot("chan")
    reply = await say(service, JUDGE, '/damage creature:orc amount:3 reason:"missed a hit"')
    assert reply.error is None, reply.text
    assert "Judge's ruling (missed a hit)" in reply.text and reply.image is not None
    _, _, after = await service.game_snapshot("chan")
    assert after.creatures["orc"].hp == before.creatures["orc"].hp - 3
    ranger = after.creatures["ranger"]
    free = next(f"{chr(65 + x)}{y + 1}" for y in range(after.map.height) for x in range(after.map.width)
                if (x, y) != tuple(ranger.square) and (x, y) != tuple(after.creatures["orc"].square)
                and not after.map.is_wall((x, y)) and not after.map.terrain_at((x, y)))
    reply = await say(service, JUDGE, f'/override creature:ranger to:{free} reason:"misplaced"')
    assert reply.error is None, reply.text
    assert (await say(service, JUDGE, '/condition creature:orc add:stunned reason:"stun"')).error is None
    assert (await service.game_snapshot("chan"))[2].creatures["orc"].has("stunned")
    # A ruling that destroys a creature ends the battle, and nobody rules after the end.
    reply = await say(service, JUDGE, '/remove creature:orc reason:"left the table"')
    assert reply.error is None, reply.text
    _, _, over = await service.game_snapshot("chan", finished_ok=True)
    assert over.is_over and over.result.winners == ["p1" if over.creatures["ranger"].side == "p1" else "p2"]
    log = await store.actions((await store.recent_games("chan", limit=1))[0].id)
    assert [a.action["kind"] for a in log if a.seat_id == "judge"] == ["damage", "override", "condition", "remove"]
