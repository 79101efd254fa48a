"""/end in the Scouts step of the deployment (§4.1 step 5), as the console service replies it:
it said "Your opponent has finished: deploy all your remaining units." (the hand-over rule of the
drops, which is not what happens now); it says there is nothing to hand over, what the players do
in this step, which Scouts are still to place, and what comes next, in each language."""

from __future__ import annotations

import pytest

from bot.service import Service

from service_table import ServiceTable

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
    table = ServiceTable(Service(store, seed_source=lambda: 4242), CHANNEL, GUILD, USERS, answers={"scout": "yes"})
    say = table.say
    state = await table.begin(lang, "/game new ruleset:ninth-age seed:6 settings:deployment=classic, secondary=hold, "
                                    "terrain=open")
    assert state.units["Skulkers"].scouting
    state = await table.deploy(lambda state: state.deploy.step == "scouts")  # every other unit, in drops
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
    state = await table.state()
    assert state.deploy.step == "scouts" and state.deploy.turn == scout and state.units["Skulkers"].location == "reserve"
