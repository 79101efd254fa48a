"""Whole games of Conan through the service on a real SQLite file: /game new ruleset:conan
scenario:..., seats taken with /game join, every move typed as a player would (chosen by the
greedy policy among the engine's legal actions), questions answered with /decide, until the
result is recorded; then the game replays exactly from its log."""

import io
import random

import pytest
from PIL import Image

from bot.commands import parse_line
from engine.rulesets.conan.policy import choose, command_line

USERS = ["olga", "hugo", "hana", "hal", "hedda"]
SEATS = ["overlord", "h1", "h2", "h3", "h4"]


async def say(service, user, line, channel="table"):
    return await service.handle(channel, user, parse_line(line))


async def play_whole_game(service, store, scenario, players, seed):
    users = USERS[: players + 1]
    reply = await say(service, users[0], f"/game new ruleset:conan scenario:{scenario} seed:{seed} "
                                         f"settings:players={players}")
    assert reply.error is None, reply.text
    for user in users[1:]:
        reply = await say(service, user, "/game join")
        assert reply.error is None, reply.text
    seat_user = dict(zip(SEATS, users))
    rnd = random.Random(seed)
    boards = 0
    for _ in range(2500):
        game, ruleset, state = await service.game_snapshot("table", finished_ok=True)
        if state.is_over:
            break
        seat = ruleset.to_act(state)[0]
        line = command_line(choose(ruleset, state, seat, rnd))
        reply = await say(service, seat_user[seat], line)
        assert reply.error is None, f"{line}: {reply.text}"
        boards += reply.image is not None
    else:
        raise AssertionError("the game did not end")
    assert state.result is not None and boards > 0
    finished = (await store.recent_games("table", limit=1))[0]
    assert finished.status == "finished" and finished.result == state.result.model_dump(mode="json")
    board = await say(service, users[0], "/game board")
    assert Image.open(io.BytesIO(board.image)).format == "PNG"
    actions = [ruleset.parse_action(a.action) for a in await store.actions(game.id)]
    replayed, _ = ruleset.replay(game.seed, game.options, actions)
    assert replayed.model_dump() == state.model_dump()
    assert any(a.kind == "decide" for a in actions)
    # Gems are conserved: each hero keeps his total; the Overlord's only go to the Box.
    for hero in state.heroes.values():
        assert hero.total == state.catalogue.heroes[hero.id].gems
    ol = state.scenario.overlord
    assert sum(state.overlord.gems.values()) == ol.reserve + ol.fatigue
    return state


@pytest.mark.parametrize("scenario, players, seed, winner", [
    ("idol-of-set", 1, 0, "heroes"),  # two seats: the Overlord and one player running four heroes
    ("idol-of-set", 4, 1, "overlord"),  # five seats
    ("the-witch-must-die", 1, 0, "overlord"),
    ("the-witch-must-die", 4, 3, "heroes"),
])
async def test_a_whole_scenario_through_the_service(service, store, scenario, players, seed, winner):
    state = await play_whole_game(service, store, scenario, players, seed=seed)
    assert len(state.seats) == players + 1
    heroes = sorted(s.id for s in state.seats if s.id != "overlord")
    assert state.result.winners == (["overlord"] if winner == "overlord" else heroes)
