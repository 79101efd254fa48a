"""/end in the Scouts step of the deployment (§4.1 step 5), as the console service replies it:
it said "Your opponent has finished: deploy all your remaining units." (the hand-over rule of the
drops, which is not what happens now); it says there is nothing to hand over, what the players do
in this step, which Scouts are still to place, and what comes next, in each language."""

from __future__ import annotations

import pytest

from bot.commands import parse_line
from bot.leagues import Caller
from bot.service import Service

from game_helpers import _group, answer_for, slots

GUILD, CHANNEL = "951", "ninth-scouts-end"
USERS = {"p1": "611", "p2": "612"}
SAID = {
    "en": ("Nothing to hand over: in the Scouts step the players take turns placing one Scouts unit each",
           "Yours still to place: Skulkers.", "then the roll for the first turn",
           "It is {other}'s turn to place a Scouts unit; you have none to place"),
    "it": ("Nulla da passare: nella fase degli Esploratori i giocatori piazzano a turno un'Unità Esploratore "
           "ciascuno", "Ti resta da piazzare: Skulkers.", "poi il tiro per il primo turno",
           "Tocca a {other} piazzare un'Unità Esploratore; tu non ne hai da piazzare"),
    "hu": ("Nincs mit átadni: a Felderítők lépésében a játékosok felváltva helyeznek el egy-egy Felderítő egységet",
           "A tieid, amelyeket még el kell helyezni: Skulkers.", "majd a dobás az első körért",
           "{other} következik egy Felderítő egység elhelyezésével; neked nincs elhelyezendő egységed"),
}


@pytest.mark.parametrize("lang", ["en", "it", "hu"])
async def test_end_in_the_scouts_step_says_what_happens_and_what_comes_next(store, lang):
    service = Service(store, seed_source=lambda: 4242)

    async def say(user, line, caller=None, error=None):
        reply = await service.handle(CHANNEL, user, parse_line(line), guild_id=GUILD, caller=caller)
        assert reply.error == error, reply.text
        return reply

    async def snapshot():
        return (await service.game_snapshot(CHANNEL, finished_ok=True))[2]

    async def answer_questions():
        while (state := await snapshot()).pending is not None:
            d = state.pending.decision
            choice = answer_for(d.key, {"scout": "yes"})
            await say(USERS[d.seat], f"/decide option:{choice if choice in d.options else d.options[0]}")

    await say(USERS["p1"], f"/server language:{lang}", caller=Caller(organiser=True))
    for user in USERS.values():
        await say(user, f"/language lang:{lang}")
    await say(USERS["p1"], "/game new ruleset:ninth-age seed:6 settings:deployment=classic, secondary=hold, terrain=open")
    await say(USERS["p2"], "/game join")
    await answer_questions()
    state = await snapshot()
    assert state.units["Skulkers"].scouting
    while state.deploy.step != "scouts":  # every other unit, in drops
        seat = state.deploy.turn
        plan = [p for p in slots(state, seat) if not state.units[p[0]].scouting]
        group = _group(state, plan[0][0])
        for name, x, y in [p for p in plan if _group(state, p[0]) == group] if group else plan[:1]:
            await say(USERS[seat], f'/deploy unit:"{name}" x:{x:.3f} y:{y:.3f}')
            await answer_questions()
            state = await snapshot()
            if state.deploy.step == "scouts" or state.deploy.turn != seat:
                break
        if state.deploy.step != "scouts" and state.deploy.turn == seat and state.deploy.finished_first is None:
            await say(USERS[seat], "/end")
            await answer_questions()
        state = await snapshot()
    scout = state.units["Skulkers"].owner
    assert state.deploy.turn == scout
    other = state.enemy_of(scout)
    reply = await say(USERS[scout], "/end", error="scouts-now")
    opening, still, next_, _ = SAID[lang]
    assert opening in reply.text and still in reply.text and next_ in reply.text, reply.text
    assert "deploy all your remaining units" not in reply.text
    reply = await say(USERS[other], "/end", error="not-your-turn")
    # the player whose turn it is, by name (as the reader's language says "Player 2"), then the rest
    assert SAID[lang][3].split("{other}")[1] in reply.text, reply.text
    assert lang != "en" or SAID[lang][3].format(other=state.seat(scout).name) in reply.text, reply.text
    # nothing changed: the Skulkers are still to place, by the same player
    state = await snapshot()
    assert state.deploy.step == "scouts" and state.deploy.turn == scout and state.units["Skulkers"].location == "reserve"
