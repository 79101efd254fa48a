"""Done when (#13, The Ninth Age): two players who set /language it (or hu) play a Ninth Age battle
through the service in that language: the set-up questions, deployment (a refusal included), a
march, a refused charge and a charge with its reaction and charge move, the log and board images;
no reply carries an English sentence of the catalogues, and the board is drawn in it too.

Real SQLite store, real renderer; the server's language is the players' too, so the board (what
everyone sees) is in it as well. The moves are those of test_ninth_age_service's charge test.
"""

from __future__ import annotations

import re
import importlib.util
import io
from pathlib import Path

import pytest
from PIL import Image

from bot.i18n import say as said
from bot.service import Service, default_renderer
from engine.table.contact import distance

from game_helpers import slots
from service_table import ServiceTable

GUILD, CHANNEL = "950", "ninth-lang"
USERS = {"p1": "601", "p2": "602"}
# Words of each language the battle's replies must hold (the seed's terms in Italian).
WORDS = {"it": ("Carica", "schiera", "marcia"), "hu": ("roham", "felállít", "menetel")}


def _languages_test():
    """tests/languages' check for untranslated catalogue sentences (one definition of it)."""
    path = Path(__file__).resolve().parents[1] / "languages" / "test_battle_in_each_language.py"
    spec = importlib.util.spec_from_file_location("languages_battle_in_each_language", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


untranslated = _languages_test().untranslated


@pytest.mark.parametrize("lang", ["it", "hu"])
async def test_a_ninth_age_battle_in_the_players_language(store, lang):
    views = []

    def render(view):
        views.append(view)
        return default_renderer(view)

    service = Service(store, render=render, seed_source=lambda: 4242)
    table = ServiceTable(service, CHANNEL, GUILD, USERS)
    say, answer_questions, replies = table.say, table.answer_questions, table.replies
    # seed 6: with seed 5 the frenzied Sabre Beasts charged the marched Knights in the opponent's
    # turn, and once the Knights slain at I4 no longer struck back at I3 (who fights is counted at
    # each Initiative step) they lost and fled, and could charge no one in turn 2
    state = await table.begin(lang, "/game new ruleset:ninth-age seed:6 settings:deployment=classic, secondary=hold, "
                                    "terrain=open")  # the set-up questions too: side, who deploys first...
    assert state.phase == "deployment"

    # deployment, a refusal first: a unit outside the zone
    seat = state.deploy.turn
    await say(USERS[seat], f'/deploy unit:"{slots(state, seat)[0][0]}" x:36 y:24', error="outside-zone")
    # no Vanguard moves (the Fast Cavalry of both sides have Vanguard); the armies 24" apart
    state = await table.deploy(lambda state: state.phase != "deployment", front_line=True)
    active = state.active
    enemy = state.enemy_of(active)
    await say(USERS[active], "/game board")

    # a charge out of reach is refused with the measurement; the fastest unit marches instead
    charger = next(u for u in state.on_table(active) if state.unit_entry(u).movement == 4)
    refused = await say(USERS[active], f'/charge unit:"{charger.id}" target:"{state.on_table(enemy)[0].id}"',
                        error="out-of-reach")
    # the measured distance in the reader's decimals ("25,0\"", never "25.0\"")
    assert re.search(r'\d,\d+"', refused.text) and not re.search(r'\d\.\d+"', refused.text), refused.text
    await say(USERS[active], "/end")
    runner = max((u for u in state.on_table(active) if not state.unit_entry(u).has_rule("Can't March")
                  and not state.unit_entry(u).is_character), key=lambda u: state.unit_entry(u).movement)
    await table.first_taken(USERS[active], (f'/march unit:"{runner.id}" forward:{tenths / 10}'
                                            for tenths in range(20 * state.unit_entry(runner).movement, 0, -5)))
    for _ in range(4 + 5):  # the rest of this turn (magic, shooting, melee), then the opponent's turn
        state = await table.state()
        await say(USERS[state.active], "/end")
        await answer_questions()

    # the charge, the enemy's reaction asked by /decide, the charge move
    state = await table.state()
    assert state.active == active and state.step == "charges" and state.round == 2
    fp = state.units[runner.id].footprint()
    # the nearest enemy that chooses its reaction (Immune to Psychology may only hold, §22)
    from engine.rulesets.ninth_age.fighters import psychology_immune

    # (and that the runner has room to reach; a refusal changes nothing)
    # (a charge through another unit is refused, §8.5: the first one the runner can reach)
    targets = sorted((u for u in state.on_table(enemy) if not psychology_immune(state, u)),
                     key=lambda u: distance(fp, u.footprint()))
    taken, _reply = await table.first_taken(USERS[active], (f'/charge unit:"{runner.id}" target:"{t.id}"' for t in targets))
    target = targets[taken]
    state = await table.state()
    reacted = False
    while state.pending is not None:  # the charger may be asked first (a place to charge into)
        d = state.pending.decision
        reacted = reacted or (d.seat == enemy and "hold" in d.options)
        await say(USERS[d.seat], "/decide option:" + ("hold" if "hold" in d.options else d.options[0]))
        state = await table.state()
    # asked unless the target has no choice: a fleeing unit only flees, a war machine only holds
    chooses = not target.fleeing and state.unit_entry(target).troop_type != "war machine"
    assert reacted or not chooses, [r.text for r in replies[-2:]]
    await say(USERS[active], "/end")
    await answer_questions()
    await say(USERS[active], "/game board")
    await say(USERS["p2"], "/game log last:500")
    await say(USERS["p1"], "/game status")

    everything = "\n".join(r.text for r in replies)
    assert f"{runner.id}" in everything and target.id in everything
    for word in WORDS[lang]:
        assert word in everything, word
    problems = {r.text[:80]: untranslated(r.text, lang) for r in replies if untranslated(r.text, lang)}
    assert problems == {}
    # the boards: caption, zone labels, badges and path labels said in the language
    boards = [v for v in views if getattr(v, "units", None)]
    assert boards
    for view in boards:
        words = [view.caption, *(z.label for z in view.zones), *(p.label for p in view.paths),
                 *(b for u in view.units for b in u.badges), *(t.name for t in view.terrain)]
        assert all(isinstance(w, str) and not untranslated(w, lang) for w in words), words
    assert any(u.badges for v in boards for u in v.units), "a charged or marched unit shows its badge"
    Image.open(io.BytesIO(next(r.image for r in reversed(replies) if r.image))).verify()


@pytest.mark.parametrize("lang, says", [("it", "3,5"), ("hu", "3,5"), ("en", "3.5")])
def test_distances_are_written_with_the_readers_decimal_sign(lang, says):
    from engine.core.text import _, decimal

    refusal = _("Out of reach: {shown}\" from {charger} to {target}; the farthest possible charge is {name} {m} + 12 = {reach}\" (§8.2).",
                target="Knights", shown=decimal(23.5 - 20, ".1f"), charger="Spearmen", name="M", m=4, reach=decimal(16.0, "g"))
    text = said(refusal, lang)
    assert f"{says}\"" in text and "16\"" in text and "Knights" in text
    assert (text == str(refusal)) == (lang == "en")


@pytest.mark.parametrize("lang, engaged, stupid, charged", [
    ("it", "sono ingaggiati in combattimento", "hanno fallito il test di Stupidità questo turno", "hanno dichiarato una carica questo turno"),
    ("hu", "harcban állnak", "ebben a körben elbukták a butaságpróbát", "ebben a körben rohamot jelentettek be")])
def test_why_a_unit_may_not_charge_shoot_or_move_is_one_sentence_in_the_readers_language(lang, engaged, stupid, charged):
    """#13: the reasons a charge, a shot or a move is refused were English fragments put into a
    translated sentence ("Halberdiers is engaged in combat e non può dichiarare una carica")."""
    from engine.core.errors import IllegalAction
    from engine.rulesets.ninth_age.actions import Charge
    from engine.rulesets.ninth_age.movement import may_move
    from engine.rulesets.ninth_age.shooting import may_shoot

    from game_helpers import RULESET, scenario

    state = scenario({"Knights": (41, 22, 260), "Brutes": (36, 30, 180), "Halberdiers": (36, 32.83, 180, 10)},
                     step="charges", terrain="open")
    state.units["Halberdiers"].pose = state.units["Halberdiers"].pose.moved(36, 31.58, 0)  # in contact with Brutes

    def refusal(call) -> str:
        with pytest.raises(IllegalAction) as refused:
            call()
        text = said(refused.value.message, lang)
        assert untranslated(text, lang) == [] and "engaged" not in text and "Stupidity" not in text, text
        return text

    assert engaged in refusal(lambda: RULESET.apply(state, Charge(seat="p1", unit="Halberdiers", target="Brutes")))
    assert engaged in refusal(lambda: may_move(state, state.units["Halberdiers"]))
    assert engaged in refusal(lambda: may_shoot(state, state.units["Halberdiers"]))
    state.units["Knights"].stupid = True
    assert stupid in refusal(lambda: RULESET.apply(state, Charge(seat="p1", unit="Knights", target="Brutes")))
    state.units["Knights"].stupid, state.units["Knights"].declared_charge = False, True
    assert charged in refusal(lambda: may_shoot(state, state.units["Knights"]))
