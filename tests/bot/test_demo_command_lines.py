"""The demo types every move as a player would (bot.command_lines.command_line): each line it
writes must be a command the bot reads back as the same action, in every game the demo plays,
and a Conan game played through the demo runs to its end without a refusal of its own lines."""

import pytest

from bot.command_lines import command_line
from bot.commands import parse_line
from bot.demo import DEMO_GAMES, PLAYERS, demo_policy, run_demo


def _same(action, typed) -> bool:
    """``typed`` (read back from the command line) is ``action``; a typed answer also names the
    question it answers, which the listed answer leaves open."""
    skip = {"key", "at"} if action.kind == "decide" else set()
    return typed.model_dump(exclude=skip) == action.model_dump(exclude=skip)


@pytest.mark.parametrize("game", sorted(DEMO_GAMES))
async def test_every_legal_action_s_command_line_reads_back_as_that_action(service, game):
    channel = f"lines-{game}"
    reply = await service.handle(channel, PLAYERS[0], parse_line(DEMO_GAMES[game].format(seed=4)))
    assert reply.error is None, reply.text
    assert (await service.handle(channel, PLAYERS[1], parse_line("/game join"))).error is None
    policy = demo_policy(game, 4)
    checked: dict[str, int] = {}
    for _ in range(400):
        _record, ruleset, state = await service.game_snapshot(channel, finished_ok=True)
        if state.is_over:
            break
        seat = ruleset.to_act(state)[0]
        for action in ruleset.legal_actions(state, seat):
            line = command_line(action)
            command = parse_line(line)  # refuses an option the command does not have
            typed = ruleset.action_from_command(state, seat, command.name, dict(command.options))
            assert _same(action, typed), f"{line} reads back as {typed!r}, not {action!r}"
            checked[action.kind] = checked.get(action.kind, 0) + 1
        users = {s.id: user for s, user in zip(state.seats, PLAYERS)}
        line = command_line(policy(ruleset, state, seat))
        reply = await service.handle(channel, users[seat], parse_line(line))
        assert reply.error is None, f"{line}: {reply.text}"
    assert "attack" in checked and "move" in checked, checked


@pytest.mark.parametrize("seed", [0, 1])
async def test_a_conan_game_played_through_the_demo_reaches_its_end(tmp_path, seed):
    line = await run_demo(tmp_path, seed=seed, max_commands=2500, game="conan")
    assert line.startswith("Winner: "), line
    transcript = (tmp_path / "transcript.txt").read_text(encoding="utf-8")
    attacks = [t for t in transcript.splitlines() if "> /attack " in t]
    assert attacks and all(" kind:" in t and " style:" not in t for t in attacks)
    assert "has no option" not in transcript
