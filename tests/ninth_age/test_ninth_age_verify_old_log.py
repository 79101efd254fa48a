"""/game verify and ``warband verify FILE`` on a log recorded by OLD code (issue #10).

fixtures/v4_joined_stomp.log.json is the exported log of the joined-stomp game (fixtures/v4_joined_stomp.json)
as the Warband of commit a865e1ab (3d540d4d^, rules version 4) logged it: every event with its words and
dice, made by fixtures/record_old_logs.py export run in that commit's tree. Since then nine (and more as
words change) of its lines read otherwise (plural fixes, the challenge and allocation questions reworded, a line "Brutes: 1 wound"
said today and not then), while every die, every fact and the state reached are the same. The check
passed it before as "the log says X, the seed gives Y": a player read the bot as cheating. It passes,
says the wording apart, and still fails a changed die, a changed fact, a missing action, another state.
"""

import copy
import json
import subprocess
import sys
from pathlib import Path

from bot import fairness
from bot.i18n import say
from bot.reply import DISCORD_MESSAGE_LIMIT
from bot.replays import revealed, verified

FIXTURES = Path(__file__).parent / "fixtures"
LOG = FIXTURES / "v4_joined_stomp.log.json"
OLD = json.loads(LOG.read_text(encoding="utf-8"))
ROOT = Path(__file__).resolve().parents[2]
FIGHT = 84  # the Halberdiers' Fight: the melee's rolls, casualties, combat scores and break test


def old_log() -> dict:
    return copy.deepcopy(OLD)


def reply(data: dict, verdict, lang: str = "en") -> str:
    head = revealed(data["game"], data["seed"], data["salt"], data["commitment"])
    return say(verified(head, verdict, data), lang)


def test_the_fixture_is_a_log_of_old_code_worded_otherwise_than_today():
    assert OLD["made_by"].startswith("Warband at commit a865e1ab") and OLD["rules_version"] == 4
    texts = [e["text"] for a in OLD["actions"] for e in a["events"]]
    assert "The challenge is refused." in texts  # today: "Player 1 has no character or Champion ..."
    assert not [t for t in texts if t.startswith("Brutes: 1 wound")]


def test_a_log_recorded_by_old_code_passes_and_says_its_wording_apart():
    verdict = fairness.check(old_log())
    assert verdict.problems == [] and verdict.fair and verdict.state_checked
    assert fairness.verify(old_log()) == []
    lines = {(r.seq, r.logged, r.replayed) for r in verdict.reworded}
    assert len(verdict.reworded) >= 9  # nine when the fixture was made; each rewording since adds its line
    assert (81, "The challenge is refused.", "Player 1 has no character or Champion in this combat to accept it: the "
            "challenge is refused.") in lines
    # a line said today and not then, with data but no dice: no problem either
    assert (FIGHT, None, "Brutes: 1 wound, no model removed (1 on its next model).") in lines

    said = reply(OLD, verdict)
    assert len(said) <= DISCORD_MESSAGE_LIMIT and "⚠️" not in said
    assert "✅ The seed matches the commitment and all 41 rolls of 85 actions replay exactly." in said
    assert "The replay reaches the game as it was stored." in said
    n = len(verdict.reworded)
    assert (f"📝 {n} lines are worded differently today than when they were logged (the game's rules version 4; "
            "wording changes do not change dice), e.g.:") in said
    assert said.count("\n• action") == 2 and said.endswith(f"… and {n - 2} more.")
    assert [f"• action {r.seq}:" in said for r in verdict.reworded[:3]] == [True, True, False]  # the first two
    every = [say(line, "en") for line in fairness.reworded_lines(verdict, examples=None)]
    assert any("• action 23: '…deploys Vermin Swarm (4 swarm, 2 wide) at" in line
               and "now reads '…deploys Vermin Swarm (4 swarms, 2 wide) at" in line for line in every), every
    for lang, words in (("it", f"{n} righe sono formulate"), ("hu", f"{n} sor")):
        translated = reply(OLD, verdict, lang)
        assert len(translated) <= DISCORD_MESSAGE_LIMIT and words in translated, translated


def test_a_long_line_is_quoted_where_its_wording_changed():
    verdict = fairness.check(old_log())
    lines = fairness.reworded_lines(verdict, examples=None)
    (charge,) = [say(line, "en") for line in lines if "action 76" in line]
    assert charge == "• action 76: '…facing turned 0° in all. Its path: forward 4.1\".' now reads '…facing turned 0° in " \
                     "all. Their path: forward 4.1\".'", charge


def test_warband_verify_on_the_old_file_passes_and_lists_every_wording(tmp_path):
    run = subprocess.run([sys.executable, "-m", "bot", "verify", str(LOG)], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "✓ game #1: the seed matches the commitment and all 41 rolls of 85 actions replay exactly" in run.stdout
    n = len(fairness.check(old_log()).reworded)
    assert f"{n} lines are worded differently" in run.stdout and run.stdout.count("• action") == n
    assert "✗" not in run.stdout


def rolled(data: dict, seq: int) -> list[dict]:
    return [e for e in data["actions"][seq - 1]["events"] if e.get("roll")]


def test_a_changed_die_fails_naming_its_action_and_roll():
    data = old_log()
    roll = rolled(data, FIGHT)[7]["roll"]
    assert roll["expression"] == "12d6" and roll["dice"][:2] == [6, 5]
    roll["dice"][1] = 6  # a 5 turned into a 6 under the same words
    verdict = fairness.check(data)
    assert not verdict.fair
    (problem,) = verdict.problems
    assert problem == ("action 84, roll 8 ('I2: Brutes Brute ×12 (WS 3) at Halberdiers (WS 3): 4+ to hit, rolled …'): "
                       "the log has 12d6: 6, 6, 1, 6, 2, 4, 3, 5, 3, 1, 6, 3 = 45, the seed gives 12d6: 6, 5, "
                       "1, 6, 2, 4, 3, 5, 3, 1, 6, 3 = 45"), problem
    said = reply(data, verdict)
    assert "⚠️ action 84, roll 8" in said and "✅" not in said and len(said) <= DISCORD_MESSAGE_LIMIT
    # the wording note stays apart: it is not what failed
    assert "lines are worded differently today than when they were logged" in said


def test_a_dropped_roll_or_a_roll_more_fails():
    data = old_log()
    events = data["actions"][FIGHT - 1]["events"]
    events.remove(rolled(data, FIGHT)[-1])  # the Break test's 2D6
    (problem,) = fairness.verify(data)
    assert problem == "action 84: 13 rolls logged, the seed gives 14"


def test_a_changed_fact_fails_naming_the_event():
    data = old_log()
    events = data["actions"][FIGHT - 1]["events"]
    casualties = next(e for e in events if e["kind"] == "casualties")
    assert casualties["data"] == {"unit": "Halberdiers", "removed": 2}
    casualties["data"]["removed"] = 3  # the log says one model more fell than the dice gave
    number = events.index(casualties) + 1
    (problem,) = fairness.verify(data)
    assert problem == (f"action 84, event {number} ('Halberdiers lose 2 models; 18 left.'): different data: the log "
                       'has {"removed": 3}, the seed gives {"removed": 2}'), problem

    data = old_log()
    events = data["actions"][FIGHT - 1]["events"]
    break_test = rolled(data, FIGHT)[-1]
    break_test["seat"] = "p2"  # the Halberdiers' Break test given to the other player
    (problem,) = fairness.verify(data)
    assert problem.startswith(f"action 84, event {events.index(break_test) + 1} ('Halberdiers Break test") and \
        'different player: the log has "p2", the seed gives "p1"' in problem, problem


def test_a_dropped_action_fails():
    data = old_log()
    del data["actions"][39]  # action 40, a deployment
    assert fairness.verify(data) == ["action 40 is missing from the log (the next one logged is 41)"]
    # numbered again to hide the gap: the game no longer replays as logged
    for seq, action in enumerate(data["actions"], start=1):
        action["seq"] = seq
    assert not fairness.check(data).fair
    # the last action dropped: every action left replays, but not to the game stored
    data = old_log()
    data["actions"].pop()
    (problem,) = fairness.verify(data)
    assert problem.startswith("after the last action the game stored differs from the replay at "), problem


def test_another_stored_state_fails_naming_where():
    data = old_log()
    halberdiers = next(u for u in data["state"]["units"].values() if u.get("id") == "Halberdiers")
    key = "wounds_taken" if "wounds_taken" in halberdiers else next(k for k, v in halberdiers.items() if isinstance(v, int))
    halberdiers[key] += 1
    (problem,) = fairness.verify(data)
    assert problem.startswith(f"after the last action the game stored differs from the replay at units.Halberdiers.{key}: "
                              f"stored {halberdiers[key]}, the seed gives {halberdiers[key] - 1}"), problem


def test_a_reply_with_many_problems_fits_one_discord_message_in_every_language():
    data = old_log()
    for action in data["actions"]:
        for event in action["events"]:
            if event.get("roll"):
                event["roll"]["dice"][0] = 7 - event["roll"]["dice"][0]
                event["text"] = event["text"] + " worded at length" * 20
    verdict = fairness.check(data)
    assert len(verdict.problems) > 10
    for lang in ("en", "it", "hu"):
        said = reply(data, verdict, lang)
        assert len(said) <= DISCORD_MESSAGE_LIMIT, (lang, len(said))
        assert said.count("⚠️") == 4, said  # 3 problems and how many more
    assert f"… and {len(verdict.problems) - 3} more problems (warband verify FILE lists them all)." in reply(data, verdict)


def test_a_log_edited_out_of_shape_is_one_problem_not_a_traceback(tmp_path):
    data = old_log()
    del data["actions"][3]["events"][0]["kind"]
    (problem,) = fairness.verify(data)
    assert problem.startswith("the log is not well formed: ValidationError"), problem
    path = tmp_path / "log.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "bot", "verify", str(path)], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 1 and run.stderr == "" and run.stdout.startswith("✗ the log is not well formed"), run
