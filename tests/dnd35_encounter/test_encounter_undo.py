"""Undo in an encounter (hardening #15 item 8): the referee agrees to every undo, and a
referee's own undo needs no one. Two players can't take back the referee's ruling."""

from bot.commands import parse_line

CHANNEL = "table-undo"
REF, BOB, CAROL = "100", "200", "300"


async def say(service, user, line):
    return await service.handle(CHANNEL, user, parse_line(line))


async def _encounter(service):
    assert (await say(service, REF, "/game new ruleset:dnd35-encounter map:crypt seed:3")).error is None
    assert (await say(service, BOB, "/game join seat:p1")).error is None
    assert (await say(service, CAROL, "/game join seat:p2")).error is None
    reply = await say(service, REF, "/place creature:Aria square:B2 hp:14 owner:p1")
    assert reply.error is None, reply.text


async def hp_of(service, creature):
    _game, _ruleset, state = await service.game_snapshot(CHANNEL, finished_ok=True)
    return state.creatures[creature].hp


async def test_two_players_cannot_undo_the_referees_action(service, store):
    await _encounter(service)
    assert (await say(service, REF, "/damage creature:aria amount:5")).error is None
    reply = await say(service, BOB, "/game undo")
    assert reply.error is None and "The referee confirms" in reply.text
    assert REF in reply.mentions and CAROL not in reply.mentions
    reply = await say(service, CAROL, "/game undo")
    assert reply.error == "undo-needs-referee"
    assert await hp_of(service, "aria") == 9
    # The referee agrees: the damage is taken back.
    reply = await say(service, REF, "/game undo")
    assert reply.error is None and "taken back by the referee" in reply.text
    assert await hp_of(service, "aria") == 14


async def test_the_referees_own_undo_needs_no_one(service, store):
    await _encounter(service)
    assert (await say(service, REF, "/damage creature:aria amount:5")).error is None
    reply = await say(service, REF, "/game undo")
    assert reply.error is None and "taken back" in reply.text
    assert await hp_of(service, "aria") == 14
