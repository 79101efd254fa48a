"""A count in the bot's own sentences agrees with its number in every language (issue #10): "all 1
rolls of 1 actions", "over 1 rounds", "(1 points)", "1 units", "1 creatures" read wrong in English,
and Italian's verb went with a number it never saw ("ti restano 1"). Each count is an ``ngettext``
now, a sentence's own or a phrase ("{n} roll") put into it; Hungarian keeps its noun singular after a
number ("41 dobás")."""

import copy
import json
import subprocess
import sys
from pathlib import Path

from bot import fairness
from bot.commands import parse_line
from bot.i18n import say as said_in
from bot.replays import revealed, verified
from bot.service import Service
from league_helpers import GUILD, concede, matches_of_round, ok, say

ROOT = Path(__file__).resolve().parents[2]
LOG = ROOT / "tests" / "ninth_age" / "fixtures" / "v4_joined_stomp.log.json"


def first_actions(n: int) -> dict:
    """The old fixture's log cut after its ``n`` first actions (no stored state to compare the end with)."""
    data = copy.deepcopy(json.loads(LOG.read_text(encoding="utf-8")))
    data["actions"], data["state"] = data["actions"][:n], None
    return data


def verify_reply(data: dict, lang: str) -> str:
    verdict = fairness.check(data)
    assert verdict.fair, verdict.problems
    return said_in(verified(revealed(data["game"], data["seed"], data["salt"], data["commitment"]), verdict, data), lang)


def test_verify_says_one_roll_of_one_action_in_the_singular():
    one = first_actions(1)
    assert fairness.rolls(one) == 1
    assert "✅ The seed matches the commitment and the 1 roll of 1 action replays exactly." in verify_reply(one, "en")
    assert "l’unico tiro di 1 azione si ripete esattamente" in verify_reply(one, "it")
    assert "és 1 lépés egyetlen dobása pontosan visszajátszható" in verify_reply(one, "hu")
    three = first_actions(3)  # 1 + 2 + 2 rolls
    assert "all 5 rolls of 3 actions replay exactly." in verify_reply(three, "en")
    assert "tutti i 5 tiri di 3 azioni si ripetono esattamente" in verify_reply(three, "it")
    assert "és 3 lépés mind az 5 dobása pontosan visszajátszható" in verify_reply(three, "hu")


def test_warband_verify_says_one_roll_of_one_action_in_the_singular(tmp_path):
    path = tmp_path / "one.json"
    path.write_text(json.dumps(first_actions(1)), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "bot", "verify", str(path)], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "✓ game #1: the seed matches the commitment and the 1 roll of 1 action replays exactly" in run.stdout
    run = subprocess.run([sys.executable, "-m", "bot", "--lang", "it", "verify", str(path)], cwd=ROOT,
                         capture_output=True, text=True)
    assert "l’unico tiro di 1 azione si rigioca esattamente" in run.stdout, run.stdout + run.stderr


async def test_the_export_counts_its_actions_and_rolls_each_in_its_number(store):
    service = Service(store)
    await service.handle("chan-1", "111", parse_line("/game new ruleset:dnd-minis-quick"))
    reply = await service.handle("chan-1", "111", parse_line("/game export"))
    data = json.loads(reply.file)
    assert len(data["actions"]) == 0 and fairness.rolls(data) == 0
    assert said_in(reply.text, "en").startswith(f"📜 The log of game #{data['game']}: 0 actions, 0 rolls.")
    await service.handle("chan-1", "222", parse_line("/game join"))
    reply = await service.handle("chan-1", "111", parse_line("/game export"))
    data = json.loads(reply.file)
    assert (len(data["actions"]), fairness.rolls(data)) == (1, 2)  # the join; the first to act, rolled off
    assert reply.text.startswith(f"📜 The log of game #{data['game']}: 1 action, 2 rolls.")
    await ok(service, "111", "/language lang:it", channel="chan-1")
    reply = await service.handle("chan-1", "111", parse_line("/game export"))
    assert reply.text.startswith(f"📜 Il registro della partita #{data['game']}: 1 azione, 2 tiri.")


async def test_a_league_of_one_round_with_a_one_point_bye_says_each_count_in_its_number(service, store):
    await ok(service, "ann", '/league create name:Short ruleset:dnd-minis-quick format:swiss rounds:1 '
                             'points:"win=3, bye=1"')
    for user in ("bob", "cat", "dan"):
        await ok(service, user, "/league join")
    started = await ok(service, "ann", "/league start", organiser=True)
    assert "starts with 3 players over 1 round." in started.text
    paired = await ok(service, "ann", "/league pair", organiser=True)
    assert "Bye: <@dan> (1 point)" in paired.text
    league = await store.league_named(GUILD, "Short")
    [match] = [m for m in await matches_of_round(store, league.id, 1) if len(m.players) > 1]
    await concede(service, store, match.channel_id, match.players[0])
    over = await say(service, "ann", "/league pair", organiser=True)
    assert over.error == "season-over"
    assert "Short has played its 1 round; close it with /league close." in over.text
    await ok(service, "ann", "/language lang:it")
    over = await say(service, "ann", "/league pair", organiser=True)
    assert "Short ha giocato il suo unico turno; chiudila con /league close." in over.text


async def test_a_campaign_of_one_point_a_win_says_point_in_the_singular(service, store):
    await ok(service, "gm", '/league create name:Saga ruleset:dnd-minis format:ladder '
                            'settings:"campaign=on, points_per_win=1, points_per_game=0, cap=120"')
    said = {}
    for lang in ("en", "it", "hu"):
        await ok(service, "gm", f"/language lang:{lang}")
        said[lang] = (await ok(service, "gm", "/league info name:Saga")).text
    assert "1 point a win, 0 points a game, warbands up to 120 points." in said["en"]
    assert "1 punto a vittoria, 0 punti a partita, bande fino a 120 punti." in said["it"]
    assert "győzelmenként 1 pont, játékonként 0 pont, csapatok legfeljebb 120 pontig." in said["hu"]


async def test_a_warband_of_one_creature_and_an_army_of_one_unit_are_listed_in_the_singular(service):
    await ok(service, "111", "/warband new name:Lone edition:war-drums faction:CE", channel="chan")
    await ok(service, "111", '/warband add name:Lone creature:"Orc Mauler" count:1', channel="chan")
    listed = await ok(service, "111", "/warband show", channel="chan")
    assert ", 1 creature (" in listed.text
    await ok(service, "111", "/army new name:Solo points:1000", channel="chan")
    await ok(service, "111", "/army add name:Solo unit:Spearmen", channel="chan")
    shown = await ok(service, "111", "/army show", channel="chan")
    assert "• Solo — " in shown.text and " of 1000 points, 1 unit (" in shown.text


async def test_one_vacation_day_left_is_said_in_the_singular(store):
    service = Service(store, vacation_days=10)
    await ok(service, "ann", "/vacation days:9")
    refused = await say(service, "ann", "/vacation days:2")
    assert refused.error == "bad-vacation"
    assert "You have 1 of your 10 vacation days left this year; 2 is too many." in refused.text
    await ok(service, "ann", "/language lang:it")
    refused = await say(service, "ann", "/vacation days:2")
    assert "Quest’anno ti resta 1 dei tuoi 10 giorni di vacanza; chiederne 2 è troppo." in refused.text
    await ok(service, "ann", "/vacation days:1")
    refused = await say(service, "ann", "/vacation days:1")
    assert "Quest’anno ti restano 0 dei tuoi 10 giorni di vacanza; chiederne 1 è troppo." in refused.text
