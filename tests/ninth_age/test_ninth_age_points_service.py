"""Both armies of a Ninth Age battle are built to one agreed points limit (#10): the seed's
"il limite stabilito per la battaglia" (§2.2) and "due eserciti ... devono avere
approssimativamente il medesimo costo in punti" (§3, Definire la dimensione della partita).
An army built to another limit is refused at /army use (or a game whose sample armies do not
match its ``points`` setting at /game new), in one line naming both limits."""

import json

from bot.commands import Attachment, parse_line
from engine.rulesets.ninth_age.army import sample_army

CHANNEL = "ninth-points"
P1, P2 = "611", "612"


async def say(service, user, line, **attachments):
    command = parse_line(line)
    command.attachments = {k: Attachment(filename=f, data=d) for k, (f, d) in attachments.items()}
    return await service.handle(CHANNEL, user, command)


async def _import(service, user, name, sample, limit):
    """A legal copy of a sample army built to ``limit`` points (the samples cost 2500)."""
    data = json.loads(sample_army(sample).model_dump_json())
    data.update(name=name, points_limit=limit)
    reply = await say(service, user, f"/army import name:{name}", file=(f"{name}.json", json.dumps(data).encode()))
    assert reply.error is None and "✅" in reply.text, reply.text


async def test_the_second_army_must_be_built_to_the_first_ones_limit(service):
    await _import(service, P1, "Big", "iron-marches", 2510)
    await _import(service, P2, "Bigger", "ashen-host", 2510)
    assert (await say(service, P1, "/game new ruleset:ninth-age seed:5 settings:armies=chosen")).error is None
    assert (await say(service, P2, "/game join")).error is None
    reply = await say(service, P1, "/army use name:Big")
    assert reply.error is None and "Player 1 brings Big (2500 points" in reply.text
    reply = await say(service, P2, "/army use name:ashen-host")
    assert reply.error == "unequal-points"
    assert "\n" not in reply.text and "2500 points" in reply.text and "2510" in reply.text, reply.text
    assert "Player 1's Big" in reply.text
    _, _, state = await service.game_snapshot(CHANNEL)
    assert state.phase == "armies" and state.armies_chosen == ["p1"]
    reply = await say(service, P2, "/army use name:Bigger")
    assert reply.error is None and "rolls for the choice of side" in reply.text


async def test_a_swapped_army_must_match_the_sample_it_will_fight(service):
    await _import(service, P1, "Big", "iron-marches", 2510)
    assert (await say(service, P1, "/game new ruleset:ninth-age seed:5")).error is None
    reply = await say(service, P1, "/army use name:Big")  # while waiting for the second player
    assert reply.error == "unequal-points"
    assert "Big is built to 2510 points, but Player 2's The Ashen Host is built to 2500" in reply.text
    assert (await say(service, P1, "/army use name:iron-marches")).error is None
    reply = await say(service, P2, "/game join")
    assert reply.error is None and "rolls for the choice of side" in reply.text


async def test_the_points_setting_is_the_agreed_limit(service):
    reply = await say(service, P1, "/game new ruleset:ninth-age seed:5 settings:points=2000")
    assert reply.error == "unequal-points" and "2500" in reply.text and "2000" in reply.text and "\n" not in reply.text
    reply = await say(service, P1, "/game new ruleset:ninth-age seed:5 settings:points=lots")
    assert reply.error == "bad-setting"
    await _import(service, P1, "Big", "iron-marches", 2510)
    reply = await say(service, P1, "/game new ruleset:ninth-age seed:5 settings:points=2510,armies=chosen")
    assert reply.error is None, reply.text
    assert (await say(service, P2, "/game join")).error is None
    reply = await say(service, P2, "/army use name:ashen-host")
    assert reply.error == "unequal-points"
    assert "The Ashen Host is built to 2500 points, but this battle is played at 2510 points" in reply.text
    assert (await say(service, P1, "/army use name:Big")).error is None
    # the samples at their own limit play a game with the setting at theirs
    other = "ninth-points-2"
    reply = await service.handle(other, P1, parse_line("/game new ruleset:ninth-age seed:5 settings:points=2500"))
    assert reply.error is None, reply.text
