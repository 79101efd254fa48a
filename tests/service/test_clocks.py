"""Clocks, reminders and time-outs through the service on a real SQLite file, with a clock the
test moves by hand (nothing sleeps). The scheduler fires what fell due, once, also after the
service was shut down between setting a deadline and its firing."""

from datetime import timedelta

import pytest

from bot.clocks import parse_clock
from bot.commands import parse_line
from bot.demo import choose_action, command_line
from bot.scheduler import Scheduler
from bot.service import Service
from bot.store import Store
from tests.dnd_minis.skirmish.helpers import RULES, battle, card

from clock_helpers import ALICE, BOB, CAROL, FakeClock, new_clocked_game as new_game, open_service

USERS = {"p1": ALICE, "p2": BOB}


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
async def store(tmp_path, clock):
    store = await Store.open(tmp_path / "warband.sqlite3", clock=clock)
    yield store
    await store.close()


@pytest.fixture
def service(store, clock):
    return Service(store, seed_source=lambda: 4242, clock=clock, vacation_days=10)


async def say(service, user, line, channel="chan"):
    return await service.handle(channel, user, parse_line(line), guild_id="g1")


async def step(service):
    game, ruleset, state = await service.game_snapshot("chan")
    seat = ruleset.to_act(state)[0]
    reply = await say(service, USERS[seat], command_line(choose_action(ruleset, state, seat)))
    assert reply.error is None, reply.text


async def play_until_the_turn_passes(service, seat):
    """Let ``seat`` play until the game waits for another seat; returns that seat."""
    for _ in range(10):
        await step(service)
        game, ruleset, state = await service.game_snapshot("chan")
        if ruleset.to_act(state)[0] != seat:
            return ruleset.to_act(state)[0]
    raise AssertionError("the turn never passed")


async def running(store, game_id):
    return {c.seat_id: c for c in await store.seat_clocks(game_id) if c.running}


async def new_game_in_activation(service):
    """A game whose late seat's time-out ends its turn (seed 3), played on to its first activation."""
    await new_game(service, settings="clock=1d,timeout=end-turn", seed=3)
    for _ in range(30):
        game, ruleset, state = await service.game_snapshot("chan")
        if state.phase == "activation":
            return game, ruleset, state
        await step(service)
    raise AssertionError("no activation after 30 moves")


async def seat_battle(service, store, start, clock_setting, policy, joiners):
    """``start`` (a skirmish battle made by the test) stored as Alice's game, ``policy`` its time-out
    on a ``clock_setting`` clock for every seat, joined by ``joiners``: its record."""
    game = await store.create_game("chan", "g1", RULES.name, start.seed, {}, start.model_dump(mode="json"),
                                   ALICE, [(s.id, s.name) for s in start.seats], creator_seat="p1")
    await service.clocks.create(game.id, parse_clock(clock_setting), policy, [s.id for s in start.seats])
    for user in joiners:
        assert (await say(service, user, "/game join")).error is None
    return game


@pytest.mark.parametrize("settings, code", [
    ("clock=4d", "bad-clock"), ("clock=bank:0d", "bad-clock"), ("clock=bank:5x", "bad-clock"),
    ("clock=1d,timeout=never", "bad-timeout"), ("clock=1d,timeout=drop", "bad-timeout"),
])
async def test_a_bad_time_control_is_refused_and_creates_nothing(service, store, settings, code):
    reply = await say(service, ALICE, f"/game new ruleset:dnd-minis-quick settings:{settings}")
    assert reply.error == code and reply.ephemeral, reply.text
    assert await store.active_game("chan") is None


async def test_the_clock_runs_only_for_the_seat_the_game_waits_for(service, store, clock):
    game, ruleset, state = await new_game(service)
    chooser = ruleset.to_act(state)[0]
    clocks = await running(store, game.id)
    assert list(clocks) == [chooser]
    assert clocks[chooser].deadline == clock.now + timedelta(days=1)
    status = await say(service, ALICE, "/game status")
    assert "1d per move" in status.text and "1d left, running" in status.text
    clock.advance(hours=5)
    now_waiting = await play_until_the_turn_passes(service, chooser)
    clocks = await running(store, game.id)
    assert list(clocks) == [now_waiting]
    # Days per move: the chooser's next move gets a whole day again.
    stopped = {c.seat_id: c for c in await store.seat_clocks(game.id)}[chooser]
    assert stopped.remaining_s == 86400 and not stopped.running
    # Reminders and the time-out are rows of the schedule, for the running seat only.
    pending = [(j.seat_id, j.kind) for j in await store.jobs(game.id) if j.fired_at is None]
    assert pending == [(now_waiting, "half"), (now_waiting, "late"), (now_waiting, "timeout")]


async def test_a_bank_loses_the_time_used_and_gains_the_increment(service, store, clock):
    game, ruleset, state = await new_game(service, settings="clock=bank:2d+6h")
    chooser = ruleset.to_act(state)[0]
    clock.advance(hours=10)
    await play_until_the_turn_passes(service, chooser)
    left = {c.seat_id: c.remaining_s for c in await store.seat_clocks(game.id)}
    assert left[chooser] == 2 * 86400 - 10 * 3600 + 6 * 3600


async def test_reminders_and_the_time_out_survive_a_restart_and_fire_once(tmp_path, clock):
    path = tmp_path / "warband.sqlite3"
    store, service = await open_service(path, clock)
    game, ruleset, state = await new_game(service)
    late_seat = ruleset.to_act(state)[0]
    await store.close()  # the bot goes down with a deadline set

    clock.advance(hours=13)  # past half time while down
    store, service = await open_service(path, clock)
    posted = await Scheduler(service).run_due()
    assert len(posted) == 1 and "11h left" in posted[0][1].text and posted[0][1].mentions == [USERS[late_seat]]
    assert await Scheduler(service).run_due() == []  # once
    await store.close()

    clock.advance(hours=12)  # past the deadline while down again
    store, service = await open_service(path, clock)
    posted = await Scheduler(service).run_due()
    # The late reminder is not sent once the time is out; the time-out is, once.
    assert [r.text for _, r in posted if "time is out" in r.text] and len(posted) == 1
    assert await Scheduler(service).run_due() == []
    other = USERS[state.other_seat(late_seat)]
    assert posted[0][1].mentions == [other]
    await store.close()


async def test_claim_is_refused_before_the_time_is_out_and_wins_after(service, store, clock):
    game, ruleset, state = await new_game(service)
    late = ruleset.to_act(state)[0]
    claimant = USERS[state.other_seat(late)]
    refused = await say(service, claimant, "/game claim")
    assert refused.error == "not-out-of-time" and "1d left" in refused.text
    assert (await store.game(game.id)).version == game.version
    clock.advance(days=1, seconds=1)
    await Scheduler(service).run_due()
    assert (await say(service, USERS[late], "/game claim")).error == "not-out-of-time"  # not by the late player
    reply = await say(service, claimant, "/game claim")
    assert reply.error is None and "loses on time" in reply.text
    finished = (await store.recent_games("chan", limit=1))[0]
    assert finished.status == "finished" and finished.result["losers"] == [late]
    # The time-out is an action of the log: the game replays exactly.
    actions = [ruleset.parse_action(a.action) for a in await store.actions(game.id)]
    assert actions[-1].kind == "timeout" and actions[-1].policy == "claim"
    replayed, _ = ruleset.replay(finished.seed, finished.options, actions)
    assert replayed.model_dump() == ruleset.load_state(finished.state_json).model_dump()
    assert await running(store, game.id) == {}


async def test_a_late_player_may_still_move_before_the_claim(service, store, clock):
    game, ruleset, state = await new_game(service)
    late = ruleset.to_act(state)[0]
    clock.advance(days=2)
    await Scheduler(service).run_due()
    await step(service)  # the late player moves after all
    claim = await say(service, USERS[state.other_seat(late)], "/game claim")
    assert claim.error == "not-out-of-time"
    assert {c.seat_id: c.timed_out_at for c in await store.seat_clocks(game.id)}[late] is None


async def test_end_turn_policy_ends_the_late_activation_as_an_action(service, store, clock):
    game, ruleset, state = await new_game_in_activation(service)
    late = ruleset.to_act(state)[0]
    clock.advance(days=1, minutes=1)
    posted = await Scheduler(service).run_due()
    assert any("ran out of time" in r.text for _, r in posted), posted
    game, ruleset, after = await service.game_snapshot("chan", finished_ok=True)
    actions = [ruleset.parse_action(a.action) for a in await store.actions(game.id)]
    assert actions[-1].kind == "timeout" and actions[-1].policy == "end-turn" and actions[-1].seat == late
    replayed, _ = ruleset.replay(game.seed, game.options, actions)
    assert replayed.model_dump() == after.model_dump()
    # The late seat's turn passed; the opponent's clock now runs.
    assert late not in ruleset.to_act(after) or after.is_over
    # the game goes on, and its log, the time-out now in the middle of it, still replays exactly
    # (each action before the last ran in place, a time-out too, which the ruleset cannot apply)
    await step(service)
    game, ruleset, after = await service.game_snapshot("chan", finished_ok=True)
    actions = [ruleset.parse_action(a.action) for a in await store.actions(game.id)]
    assert actions[-1].kind != "timeout" and any(a.kind == "timeout" for a in actions)
    replayed, _ = ruleset.replay(game.seed, game.options, actions)
    assert replayed.model_dump() == after.model_dump()


async def test_a_time_out_posted_in_the_channel_names_whose_move_it_is_in_the_servers_language(service, store, clock):
    # Nobody asked for the post: the channel reads it in the server's language, the closing turn
    # line too (it was said in English, the language of no command at all, whatever the server's).
    from bot.leagues import Caller

    reply = await service.handle("chan", ALICE, parse_line("/server language:it"), guild_id="g1",
                                 caller=Caller(organiser=True))
    assert reply.error is None, reply.text
    await new_game_in_activation(service)
    clock.advance(days=1, minutes=1)
    posted = await Scheduler(service).run_due()
    text = "\n".join(r.text for _, r in posted)
    assert "ha esaurito il tempo" in text, text
    ping = next(line for line in text.splitlines() if line.startswith("➡️ "))
    assert "Giocatore" in ping and "Player" not in ping, ping


async def test_with_no_stand_in_move_a_timeout_falls_back_to_a_claim(service, store, clock):
    # Choosing a creature has two answers and no "end": nothing can be played for the late seat.
    game, ruleset, state = await new_game(service, settings="clock=1d,timeout=end-turn")
    clock.advance(days=1, minutes=1)
    posted = await Scheduler(service).run_due()
    assert "may claim the win" in posted[0][1].text
    assert (await store.game(game.id)).version == game.version


async def test_default_policy_answers_the_pending_question_with_its_default(service, store, clock):
    cleaver = card("Axeman", melee=((10, 30),), abilities=("Cleave",))
    weak = card("Kobold", hp=10, ac=5, level=1)
    start = battle([("a", cleaver, "p1", (5, 5)), ("k1", weak, "p2", (6, 5)), ("k2", weak, "p2", (4, 5))])
    game = await seat_battle(service, store, start, "2d", "default", [BOB])
    asked = await say(service, ALICE, "/attack creature:a target:k1")
    assert "❓" in asked.text
    assert list(await running(store, game.id)) == ["p1"]  # a question counts: the asked seat's clock runs
    clock.advance(days=2, minutes=1)
    posted = await Scheduler(service).run_due()
    text = "\n".join(r.text for _, r in posted)
    assert "ran out of time" in text and "answer is taken as decline" in text
    game, ruleset, state = await service.game_snapshot("chan")
    assert state.pending is None and not state.creatures["k2"].destroyed
    actions = [a.action for a in await store.actions(game.id)]
    assert actions[-1] == {"kind": "timeout", "seat": "p1", "policy": "default"}


async def test_vacation_moves_the_deadline_and_has_a_yearly_allowance(service, store, clock):
    game, ruleset, state = await new_game(service)
    late = ruleset.to_act(state)[0]
    user = USERS[late]
    clock.advance(hours=6)
    refused = await say(service, user, "/vacation days:11")
    assert refused.error == "bad-vacation" and "10 of your 10" in refused.text
    reply = await say(service, user, "/vacation days:3")
    assert reply.error is None and "7 vacation days left" in reply.text
    sc = (await running(store, game.id))[late]
    assert sc.running_since == clock.now + timedelta(days=3)
    assert sc.deadline == clock.now + timedelta(days=3, hours=18)  # 18 hours were left
    clock.advance(days=2)
    assert await Scheduler(service).run_due() == []  # nothing fires while away
    assert (await say(service, user, "/vacation days:8")).error == "bad-vacation"


async def test_pause_needs_consent_unless_the_creator_asks(service, store, clock):
    game, ruleset, state = await new_game(service)
    asked = await say(service, BOB, "/game pause")
    assert asked.error is None and "asks to pause" in asked.text and asked.mentions == [ALICE]
    assert await running(store, game.id)  # still running until someone agrees
    assert (await say(service, BOB, "/game pause")).error == "needs-consent"
    assert (await say(service, CAROL, "/game pause")).error == "not-seated"
    agreed = await say(service, ALICE, "/game pause")
    assert agreed.error is None and "paused" in agreed.text
    assert await running(store, game.id) == {}
    clock.advance(days=5)
    assert await Scheduler(service).run_due() == []
    assert (await say(service, ALICE, "/game pause")).error == "already-paused"
    resumed = await say(service, ALICE, "/game resume")  # the creator needs nobody's consent
    assert resumed.error is None
    late = ruleset.to_act(state)[0]
    assert (await running(store, game.id))[late].deadline == clock.now + timedelta(days=1)


async def test_nudge_once_a_day_and_notify_modes(service, store, clock):
    game, ruleset, state = await new_game(service)
    late = ruleset.to_act(state)[0]
    other = USERS[state.other_seat(late)]
    assert (await say(service, USERS[late], "/nudge")).error == "nothing-to-nudge"
    assert (await say(service, USERS[late], "/notify mode:dm")).error is None
    nudge = await say(service, other, "/nudge")
    assert nudge.error is None and nudge.mentions == [USERS[late]] and nudge.direct == [USERS[late]]
    again = await say(service, other, "/nudge")
    assert again.error == "nudge-too-soon" and "try again in 1d" in again.text
    assert (await say(service, other, "/notify mode:loud")).error == "bad-option"
    await say(service, USERS[late], "/notify mode:none")
    clock.advance(days=1)
    quiet = await say(service, other, "/nudge")
    assert quiet.error is None and quiet.mentions == [] and f"<@{USERS[late]}>" in quiet.text


async def test_the_inbox_lists_your_games_your_move_first(service, store, clock):
    game, ruleset, state = await new_game(service)
    waiting_user = USERS[ruleset.to_act(state)[0]]
    other_user = ALICE if waiting_user == BOB else BOB
    # A second game in another channel of the same server, where nobody has moved yet.
    await say(service, other_user, "/game new ruleset:dnd-minis-quick seed:9", channel="chan2")
    clock.advance(hours=3)
    mine = await say(service, waiting_user, "/games")
    assert mine.ephemeral and "#1" in mine.text and "your move" in mine.text and "for 3h" in mine.text
    assert "21h left" in mine.text
    theirs = await say(service, other_user, "/games")
    lines = theirs.text.splitlines()
    assert "#2" in lines[1] and "waiting for a player to join" in lines[1]  # newest first
    assert "#1" in lines[2] and f"waiting for <@{waiting_user}>" in lines[2]
    assert "https://discord.com/channels/g1/" not in theirs.text  # channel names are not snowflakes here
    assert (await say(service, CAROL, "/games")).text.startswith("You hold no seat")
    # Another server's inbox is another list.
    other_server = await service.handle("chan", waiting_user, parse_line("/games"), guild_id="g2")
    assert other_server.text.startswith("You hold no seat")


async def test_the_console_advances_time_and_plays_a_claim(tmp_path):
    """The issue's whole story in the console: a 1-day clock, a reminder, a vacation, a
    time-out and a claim."""
    import io

    from bot.console import Console

    store = await Store.open(tmp_path / "c.sqlite3")
    out = io.StringIO()
    console = Console(Service(store, seed_source=lambda: 1), tmp_path / "img", user="alice", out=out)
    for line in ["/game new ruleset:dnd-minis-quick seed:7 settings:clock=1d,timeout=claim", "/as bob",
                 "/game join"]:
        await console.run_line(line)
    _, ruleset, state = await console.service.game_snapshot("console")
    late = {"p1": "alice", "p2": "bob"}[ruleset.to_act(state)[0]]
    claimant = "bob" if late == "alice" else "alice"
    for line in ["/clock advance 13h", f"/as {late}", "/vacation days:2", "/clock advance 2d", "/clock advance 12h",
                 "/clock advance nonsense", f"/as {claimant}", "/games", "/game claim"]:
        await console.run_line(line)
    text = out.getvalue()
    assert text.count("left on your clock") == 1  # the half-time reminder, once
    assert "on vacation until" in text
    assert "may claim the win" in text and "loses on time" in text
    assert "not a time span" in text
    assert "Your games" in text and "#console" in text  # the inbox in the console
    await store.close()


async def test_the_board_caption_shows_each_seats_time(store, clock):
    seen = []

    def render(view):
        seen.append(view.caption)
        from renderers.grid import render_board

        return render_board(view)

    service = Service(store, seed_source=lambda: 4242, clock=clock, render=render)
    await new_game(service, settings="clock=bank:3d+1d")
    clock.advance(hours=2)
    board = await say(service, ALICE, "/game board")
    assert board.error is None
    assert "⏱ Player 1 2d 22h▶ · Player 2 3d" in seen[-1] or "⏱ Player 1 3d · Player 2 2d 22h▶" in seen[-1]


async def test_timeout_drop_is_offered_for_a_skirmish_of_three_or_more_only(service, store):
    refused = await say(service, ALICE, "/game new ruleset:dnd-minis settings:clock=1d,timeout=drop")
    assert refused.error == "bad-timeout" and "2 seats" in refused.text
    assert await store.active_game("chan") is None
    reply = await say(service, ALICE, "/game new ruleset:dnd-minis "
                                      "settings:players=3,scenario=free-for-all,clock=1d,timeout=drop")
    assert reply.error is None, reply.text


def _three_player_battle(**options):
    orc = card("Orc", commander=2, cost=20)
    start = battle([("a", orc, "p1", (1, 1)), ("a2", orc, "p1", (1, 3)), ("b", orc, "p2", (6, 6)),
                    ("c", orc, "p3", (10, 10))],
                   options={"players": 3, "scenario": "free-for-all", **options}, order=("p1", "p2", "p3"))
    return start


async def _seat_three(service, store, start, policy="drop"):
    return await seat_battle(service, store, start, "1d", policy, [BOB, CAROL])


@pytest.mark.parametrize("vp_setting, shares", [(None, 0), ("split", 20)])
async def test_drop_policy_takes_the_late_player_out_and_the_battle_goes_on(service, store, clock, vp_setting,
                                                                            shares):
    """Issue #12 item 3: with three or more seats the late seat is dropped and the game goes on.
    Player 1 lets a day pass in his phase: his two Orcs leave the battlefield, the phase passes to
    player 2, the clock runs for player 2, and player 1 no longer rolls initiative or scores
    (dropped_seat_vp: none by default; split: players 2 and 3 share his 40 points of creatures)."""
    start = _three_player_battle(**({"dropped_seat_vp": vp_setting} if vp_setting else {}))
    game = await _seat_three(service, store, start)
    assert list(await running(store, game.id)) == ["p1"]
    clock.advance(days=1, minutes=1)
    posted = await Scheduler(service).run_due()
    text = "\n".join(r.text for _, r in posted)
    assert "ran out of time" in text and "leaves the battle" in text, text
    game, ruleset, state = await service.game_snapshot("chan")
    assert not state.is_over and state.dropped == ["p1"]
    assert all(not c.on_board for c in state.creatures_of("p1"))
    assert ruleset.to_act(state) == ["p2"] and state.phase_seat == "p2"
    assert list(await running(store, game.id)) == ["p2"]
    assert state.players["p2"].vp == shares and state.players["p3"].vp == shares
    actions = [a.action for a in await store.actions(game.id)]
    assert actions[-1] == {"kind": "timeout", "seat": "p1", "policy": "drop"}
    # The dropped player can't act any more; the others play on.
    assert (await say(service, ALICE, "/activate creature:a")).error is not None
    assert (await say(service, BOB, "/move creature:b path:G8")).error is None
    game, ruleset, state = await service.game_snapshot("chan")
    assert state.creatures["b"].square == (6, 7)


async def test_a_dropped_player_is_out_of_the_next_rounds_initiative(service, store, clock):
    """After the drop only players 2 and 3 roll initiative and take phases."""
    start = _three_player_battle()
    await _seat_three(service, store, start)
    clock.advance(days=1, minutes=1)
    await Scheduler(service).run_due()
    for user, creature in ((BOB, "b"), (CAROL, "c")):
        reply = await say(service, user, f"/end creature:{creature}")
        assert reply.error is None, reply.text
    game, ruleset, state = await service.game_snapshot("chan")
    assert state.phase == "initiative" and ruleset.to_act(state) == ["p2", "p3"]
    reply = await say(service, BOB, "/initiative")
    assert reply.error is None, reply.text
    game, ruleset, state = await service.game_snapshot("chan")
    assert state.chooser in ("p2", "p3")
    reply = await say(service, {"p2": BOB, "p3": CAROL}[state.chooser], "/first who:me")
    assert reply.error is None, reply.text
    game, ruleset, state = await service.game_snapshot("chan")
    assert sorted(state.order) == ["p2", "p3"] and state.phase_seat == state.order[0]
