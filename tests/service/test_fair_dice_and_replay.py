"""Fair dice, export and replay through the service on SQLite: the commitment posted at the
start, the seed kept secret until the end and then revealed, `warband verify` on the exported
log (and catching a forged roll), the replay as an animated GIF under Discord's limit, and
`/roll history`."""

import io
import json
import subprocess
import sys
from pathlib import Path

from PIL import Image

from bot import fairness
from bot.commands import parse_line
from bot.service import Service
from tests.service.test_quick_battle_service import play_until_over

ROOT = Path(__file__).resolve().parents[2]
ALICE, BOB = "111", "222"


async def say(service, user, line):
    return await service.handle("chan-1", user, parse_line(line))


async def test_the_seed_is_committed_kept_secret_revealed_and_verified(store, tmp_path):
    service = Service(store)  # the bot chooses the seed
    new = await say(service, ALICE, "/game new ruleset:dnd-minis-quick")
    game = await store.active_game("chan-1")
    commitment = await store.commitment(game.id)
    assert commitment.digest in new.text and str(game.seed) not in new.text
    assert commitment.digest == fairness.digest(game.seed, commitment.salt)
    await say(service, BOB, "/game join")
    early = await say(service, ALICE, "/game verify")
    assert early.error == "seed-secret" and commitment.digest in early.text
    exported = await say(service, ALICE, "/game export")
    assert json.loads(exported.file)["seed"] is None and json.loads(exported.file)["salt"] is None
    # nor the stored state, which holds the dice generator's position: the dice to come
    assert json.loads(exported.file)["state"] is None

    _, _, state = await play_until_over(service)
    finished = (await store.recent_games("chan-1", limit=1))[0]
    log = await say(service, ALICE, "/game log last:5")
    assert "🔓" not in log.text
    verified = await say(service, BOB, "/game verify")
    assert verified.error is None and str(finished.seed) in verified.text and "✅" in verified.text

    exported = await say(service, ALICE, "/game export")
    data = json.loads(exported.file)
    assert data["seed"] == finished.seed and data["salt"] == commitment.salt and fairness.rolls(data) > 5
    assert fairness.verify(data) == [] and fairness.check(data).state_checked
    assert data["state"] == (await store.game(finished.id)).state
    path = tmp_path / "game.json"
    path.write_bytes(exported.file)
    run = subprocess.run([sys.executable, "-m", "bot", "verify", str(path)], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0 and "replay exactly" in run.stdout
    assert "The replay reaches the game as it was stored." in run.stdout
    # a log exported before the state was: the dice and the events are checked, and it says so
    older = dict(data, state=None)
    assert fairness.verify(older) == [] and not fairness.check(older).state_checked

    # A line worded otherwise than the code says it today is no forged roll: the same dice, the
    # same facts; the check passes and says it apart. A die changed under the same words is caught,
    # named by its action and its roll, once.
    reworded = json.loads(exported.file)
    action, event = next((a, e) for a in reworded["actions"] for e in a["events"] if e.get("roll"))
    event["text"] = event["text"] + " (an older wording)"
    verdict = fairness.check(reworded)
    assert verdict.fair and [(r.seq, r.logged) for r in verdict.reworded] == [(action["seq"], event["text"])]
    # a line's catalogue form (how it is put into other languages) is not even a wording difference
    said = next(e for a in reworded["actions"] for e in a["events"] if e.get("message"))
    said["message"] = dict(said["message"], msgid=said["message"]["msgid"] + " (an older wording)")
    assert len(fairness.check(reworded).reworded) == 1
    forged = json.loads(exported.file)
    action, event = next((a, e) for a in forged["actions"] for e in a["events"] if e.get("roll"))
    event["roll"]["dice"][0] += 1  # another face under the same words
    (problem,) = fairness.verify(forged)
    assert problem.startswith(f"action {action['seq']}, roll 1 (") and "the log has" in problem, problem
    roll = event["roll"]
    assert f"the log has {roll['expression']}: {', '.join(map(str, roll['dice']))} = {roll['total']}" in problem
    other = dict(data, seed=data["seed"] + 1)
    assert "the seed does not match the commitment posted at the start" in fairness.verify(other)
    path.write_text(json.dumps(forged))
    run = subprocess.run([sys.executable, "-m", "bot", "verify", str(path)], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 1 and "✗" in run.stdout


async def test_verify_in_the_channel_passes_a_log_worded_otherwise_and_fails_a_changed_die(store):
    """As a game stored before a rewording: its events keep the words of their day."""
    service = Service(store)
    await say(service, ALICE, "/game new ruleset:dnd-minis-quick")
    await say(service, BOB, "/game join")
    await play_until_over(service)
    game = (await store.recent_games("chan-1", limit=1))[0]
    records = [r for r in await store.events(game.id) if r.event.get("roll")]

    async def rewrite(record, change):
        event = record.event
        change(event)
        async with store._write() as tx:
            await tx.execute("UPDATE events SET data = ? WHERE game_id = ? AND action_seq = ? AND idx = ?",
                             (json.dumps(event), game.id, record.action_seq, record.idx))

    await rewrite(records[0], lambda e: e.update(text="An older wording of this roll"))
    verified = await say(service, BOB, "/game verify")
    assert "✅" in verified.text and "⚠️" not in verified.text, verified.text
    assert (f"📝 1 line is worded differently today than when it was logged (the game's rules version 1; wording "
            f"changes do not change dice):\n• action {records[0].action_seq}: 'An older wording of this roll' now "
            "reads") in verified.text, verified.text

    await rewrite(records[1], lambda e: e["roll"]["dice"].__setitem__(0, e["roll"]["dice"][0] % 6 + 1))
    verified = await say(service, BOB, "/game verify")
    assert "✅" not in verified.text and f"⚠️ action {records[1].action_seq}, roll " in verified.text, verified.text
    assert len(verified.text) <= 2000


async def test_a_given_seed_is_not_secret(service, store):
    new = await say(service, ALICE, "/game new ruleset:dnd-minis-quick seed:7")
    assert "seed 7, chosen by a player" in new.text
    await say(service, BOB, "/game join")
    verified = await say(service, ALICE, "/game verify")
    # checked mid-game against its commitment, with the salt the reply reveals: no "no salt" problem
    assert verified.error is None and "✅" in verified.text and "⚠️" not in verified.text, verified.text


async def test_the_replay_is_an_animation_under_the_upload_limit(service, store, tmp_path):
    await say(service, ALICE, "/game new ruleset:dnd-minis-quick seed:11")
    await say(service, BOB, "/game join")
    await play_until_over(service)
    reply = await say(service, ALICE, "/game replay")
    assert reply.error is None and reply.image_name.endswith(".gif")
    image = Image.open(io.BytesIO(reply.image))
    assert image.format == "GIF" and image.n_frames >= 3 and len(reply.image) < 10 * 1024 * 1024
    part = await say(service, ALICE, "/game replay from:1 to:3")
    assert part.error is None and Image.open(io.BytesIO(part.image)).n_frames == 1
    assert part.text.endswith(", 1 frame.") and reply.text.endswith(f", {image.n_frames} frames.")  # each in its number
    assert (await say(service, ALICE, "/game replay from:5 to:2")).error == "bad-option"

    exported = await say(service, ALICE, "/game export")
    path = tmp_path / "game.json"
    path.write_bytes(exported.file)
    run = subprocess.run([sys.executable, "-m", "bot", "replay", str(path), "--out", str(tmp_path / "out")],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "out" / "replay.gif").exists() and list((tmp_path / "out").glob("frame-*.png"))


async def test_a_game_on_a_board_of_areas_replays_too(service):
    """The replay draws each game's board with its own renderer (Conan's areas here), not only
    square grids."""
    await say(service, ALICE, "/game new ruleset:conan scenario:idol-of-set seed:3 settings:players=1")
    await say(service, BOB, "/game join")
    for hero in ("conan", "shevatas", "belit", "hadrathus"):
        reply = await say(service, BOB, f"/attitude creature:{hero} choice:aggressive")
        assert reply.error is None, reply.text
    reply = await say(service, ALICE, "/game replay")
    assert reply.error is None, reply.text
    assert Image.open(io.BytesIO(reply.image)).format == "GIF"


async def test_roll_history(service):
    assert (await say(service, ALICE, "/roll history")).text.startswith("No dice")
    await say(service, ALICE, "/roll 2d6")
    await say(service, BOB, "/roll 1d20+5")
    history = await say(service, BOB, "/roll history")
    assert history.ephemeral and "2d6 = " in history.text and "1d20+5 = " in history.text
    huge = await say(service, ALICE, "/roll 900d6")
    assert huge.error is None and len(huge.text) < 200 and "too many dice to list" in huge.text
