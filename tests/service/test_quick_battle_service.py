"""The Quick Start Battle through the service, with a real SQLite file and the real renderer."""

import io

import pytest
from PIL import Image

from bot.commands import parse_line
from bot.demo import choose_action, command_line
from bot.service import Service
from bot.store import Store

CHANNEL = "chan-1"
ALICE, BOB, CAROL = "111", "222", "333"




async def say(service, user, line, channel=CHANNEL):
    return await service.handle(channel, user, parse_line(line))


async def new_battle(service, seed=7):
    reply = await say(service, ALICE, f"/game new ruleset:dnd-minis-quick seed:{seed}")
    assert reply.error is None, reply.text
    reply = await say(service, BOB, "/game join")
    assert reply.error is None, reply.text
    return reply


async def snapshot(service, channel=CHANNEL):
    return await service.game_snapshot(channel, finished_ok=True)


USERS = {"p1": ALICE, "p2": BOB}


async def step(service) -> bool:
    """One policy move by whoever is to act; False once the game is over."""
    game, ruleset, state = await snapshot(service)
    if state.is_over:
        return False
    seat = ruleset.to_act(state)[0]
    reply = await say(service, USERS[seat], command_line(choose_action(ruleset, state, seat)))
    assert reply.error is None, reply.text
    return True


async def play_until_over(service, limit=300):
    for _ in range(limit):
        game, ruleset, state = await snapshot(service)
        if state.is_over:
            return game, ruleset, state
        seat = ruleset.to_act(state)[0]
        reply = await say(service, USERS[seat], command_line(choose_action(ruleset, state, seat)))
        assert reply.error is None, reply.text
    raise AssertionError("the battle did not end")


async def test_joining_fills_the_seats_and_rolls_off_for_the_creatures(service):
    reply = await new_battle(service)
    assert "rolls" in reply.text and "choice of creature" in reply.text
    game, ruleset, state = await snapshot(service)
    assert state.phase == "choose-creature"
    chooser_user = USERS[state.chooser]
    assert chooser_user in reply.mentions


async def test_a_whole_battle_reaches_victory_and_is_recorded(service, store):
    await new_battle(service, seed=11)
    game, ruleset, state = await play_until_over(service)
    # The game stays readable after it ends, and is finished in the store with its result.
    finished = (await store.recent_games(CHANNEL, limit=1))[0]
    assert finished.status == "finished"
    assert finished.result["winners"] and finished.result["winners"] == state.result.winners
    assert await store.active_game(CHANNEL) is None
    log = await say(service, ALICE, "/game log last:500")
    assert "wins the battle" in log.text and "🎲" in log.text
    board = await say(service, BOB, "/game board")
    Image.open(io.BytesIO(board.image)).verify()
    # The channel is free for the next game.
    again = await say(service, ALICE, "/game new ruleset:dnd-minis-quick")
    assert again.error is None


async def test_the_stored_state_is_the_replay_of_the_action_log(service, store):
    await new_battle(service, seed=5)
    for _ in range(12):
        await step(service)
    game, ruleset, state = await snapshot(service)
    actions = [ruleset.parse_action(a.action) for a in await store.actions(game.id)]
    replayed, _ = ruleset.replay(game.seed, game.options, actions)
    assert replayed.model_dump() == state.model_dump()


async def _advance_to_activation(service):
    await new_battle(service, seed=3)
    for _ in range(20):
        game, ruleset, state = await snapshot(service)
        if state.phase == "activation":
            return game, ruleset, state
        await step(service)
    raise AssertionError("no activation reached")


@pytest.mark.parametrize("who, line, code", [
    ("other", "/move to:F3", "not-your-turn"),
    ("active", "/move to:Z99", "unknown-square"),
    ("active", "/move to:hello", "unknown-square"),
    ("active", "/attack target:nobody", "unknown-creature"),
    ("active", "/choose creature:orc", "wrong-phase"),
    ("stranger", "/move to:F3", "not-seated"),
    ("active", "/move creature:{enemy} to:F3", "not-your-creature"),
    ("active", "/move path:A1", None),  # validated below: a path that is not adjacent to the start
])
async def test_refused_actions_change_nothing(service, store, who, line, code):
    game, ruleset, state = await _advance_to_activation(service)
    active_seat = ruleset.to_act(state)[0]
    enemy = next(c.id for c in state.creatures.values() if c.side != active_seat)
    user = {"active": USERS[active_seat], "other": USERS[state.other_seat(active_seat)], "stranger": CAROL}[who]
    before_game = await store.game(game.id)
    before_actions = await store.actions(game.id)
    reply = await say(service, user, line.format(enemy=enemy))
    assert reply.error is not None and reply.ephemeral
    if code:
        assert reply.error == code, reply.text
    after_game = await store.game(game.id)
    assert after_game.version == before_game.version
    assert after_game.state_json == before_game.state_json
    assert len(await store.actions(game.id)) == len(before_actions)


async def test_a_move_that_costs_too_much_names_the_cost(service):
    game, ruleset, state = await _advance_to_activation(service)
    seat = ruleset.to_act(state)[0]
    creature = state.creature_of(seat)
    far = (11, 4) if creature.square[0] < 6 else (0, 0)
    reply = await say(service, USERS[seat], f"/move to:{ruleset.square_label(far)}")
    assert reply.error in ("too-far", None) or "costs" in reply.text


async def test_the_store_survives_close_and_reopen_mid_game(tmp_path):
    path = tmp_path / "g.sqlite3"
    store = await Store.open(path)
    service = Service(store)
    await new_battle(service, seed=9)
    for _ in range(7):
        await step(service)
    game_before, _, state_before = await snapshot(service)
    await store.close()

    store = await Store.open(path)
    service = Service(store)
    game_after, ruleset, state_after = await snapshot(service)
    assert game_after.version == game_before.version
    assert state_after.model_dump() == state_before.model_dump()
    game, ruleset, state = await play_until_over(service)
    assert state.is_over
    await store.close()


async def test_undo_needs_the_other_seat(service, store):
    game, ruleset, state = await _advance_to_activation(service)
    seat = ruleset.to_act(state)[0]
    user, other = USERS[seat], USERS[state.other_seat(seat)]
    creature = state.creature_of(seat)
    before = state.model_dump()
    target = ruleset.square_label((creature.square[0] + (1 if creature.square[0] < 6 else -1), creature.square[1]))
    moved = await say(service, user, f"/move to:{target}")
    assert moved.error is None, moved.text
    ask = await say(service, user, "/game undo")
    assert ask.error is None and other in ask.mentions
    again = await say(service, user, "/game undo")
    assert again.error == "undo-needs-agreement"
    confirm = await say(service, other, "/game undo")
    assert confirm.error is None and confirm.image is not None
    game, ruleset, state = await snapshot(service)
    assert state.model_dump() == before


async def test_resign_ends_the_game_for_the_other_side(service, store):
    await new_battle(service)
    reply = await say(service, BOB, "/game resign")
    assert "resigns" in reply.text
    finished = (await store.recent_games(CHANNEL, limit=1))[0]
    assert finished.status == "finished" and finished.result["winners"] == ["p1"]


async def test_free_rolls_work_with_and_without_a_game(service, store):
    reply = await say(service, ALICE, "/roll 2d6+3")
    assert reply.error is None and "2d6" in reply.text and "= " in reply.text
    bad = await say(service, ALICE, "/roll 2d6+")
    assert bad.error == "bad-dice" and bad.ephemeral
    await new_battle(service)
    game, ruleset, state = await snapshot(service)
    rng_before = state.rng.model_dump()
    await say(service, BOB, "/roll 1d20")
    game, ruleset, state = await snapshot(service)
    assert state.rng.model_dump() == rng_before  # a free roll never draws from the game's dice


async def test_one_game_per_channel_and_seat_rules(service):
    await new_battle(service)
    busy = await say(service, CAROL, "/game new ruleset:dnd-minis-quick")
    assert busy.error == "channel-busy" and "in progress" in busy.text
    full = await say(service, CAROL, "/game join")
    assert full.error == "no-free-seat"
    unknown = await say(service, CAROL, "/game new ruleset:chess", channel="other")
    assert unknown.error == "unknown-ruleset"


async def test_status_board_and_help(service):
    await new_battle(service)
    status = await say(service, ALICE, "/game status")
    assert "Player 1" in status.text and f"<@{ALICE}>" in status.text
    board = await say(service, ALICE, "/game board")
    image = Image.open(io.BytesIO(board.image))
    assert image.format == "PNG" and image.width > 200
    help_reply = await say(service, ALICE, "/help")
    assert "/move" in help_reply.text and "/game new" in help_reply.text


async def test_autocomplete_offers_legal_squares_and_creatures(service):
    game, ruleset, state = await _advance_to_activation(service)
    seat = ruleset.to_act(state)[0]
    squares = await service.autocomplete(CHANNEL, USERS[seat], "square", "")
    legal = {ruleset.square_label(a.to) for a in ruleset.legal_actions(state, seat) if a.kind == "move"}
    assert squares and set(squares) <= legal
    rulesets = await service.autocomplete(CHANNEL, USERS[seat], "ruleset", "quick")
    assert rulesets == ["dnd-minis-quick"]
    assert await service.autocomplete(CHANNEL, CAROL, "square", "") == []


async def test_custom_settings_are_checked(service):
    reply = await say(service, ALICE, "/game new ruleset:dnd-minis-quick settings:nonsense=1")
    assert reply.error == "bad-setting" and "map" in reply.text
    reply = await say(service, ALICE, "/game new ruleset:dnd-minis-quick map:atlantis")
    assert reply.error == "unknown-map"


async def test_autocomplete_free_seats_maps_and_who_goes_first(service):
    await say(service, ALICE, "/game new ruleset:dnd-minis-quick seed:1")
    assert await service.autocomplete(CHANNEL, BOB, "free-seat", "") == ["Player 2"]
    assert "ruined-gate" in await service.autocomplete(CHANNEL, BOB, "map", "")
    await say(service, BOB, "/game join")
    assert await service.autocomplete(CHANNEL, CAROL, "free-seat", "") == []
    for _ in range(10):
        game, ruleset, state = await snapshot(service)
        if state.phase == "choose-order":
            break
        await step(service)
    winner = USERS[state.initiative_winner]
    assert sorted(await service.autocomplete(CHANNEL, winner, "seat", "")) == ["me", "opponent"]


async def test_concurrent_commands_in_one_channel_are_serialised(service, store):
    import asyncio

    await new_battle(service, seed=21)
    game, ruleset, state = await snapshot(service)
    chooser = USERS[state.chooser]
    # Two identical commands at once: one applies, the other finds the phase has moved on.
    first, second = await asyncio.gather(say(service, chooser, "/choose creature:orc"),
                                         say(service, chooser, "/choose creature:orc"))
    assert sorted([first.error is None, second.error is None]) == [False, True]
    assert {first.error, second.error} - {None} == {"wrong-phase"}
    assert len(await store.actions(game.id)) == 2  # the start roll-off and one choice
