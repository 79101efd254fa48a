"""/help and the usage lines of shared commands (/move, /attack, /place…): in a channel with a
game, only the options that game's ruleset takes; without a game, every game's, each group under
its game's name (#13: a player reads the options of the game they play)."""

import pytest

from bot.commands import find_command, parse_line
from bot.i18n import say
from engine.core.errors import IllegalAction


def _line(text: str, command: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"`/{command} "))


async def test_help_in_a_skirmish_shows_only_the_skirmish_options(service):
    await service.handle("table", "alice", parse_line("/game new ruleset:dnd-minis seed:1 settings:map=shattered-causeway"))
    help_text = (await service.handle("table", "alice", parse_line("/help"))).text
    attack, move = _line(help_text, "attack"), _line(help_text, "move")
    assert "[kind:…]" in attack and "[declare:…]" in attack
    assert not any(other in attack for other in ("[roll:…]", "[damage:…]", "[gems:…]", "[card:…]"))
    assert "[mode:…]" in move and "[tumble:…]" not in move and "[gems:…]" not in move
    assert "[command:…]" in _line(help_text, "game board")  # the skirmish's command range


async def test_help_in_an_encounter_and_for_conan_show_their_own(service):
    await service.handle("enc", "alice", parse_line("/game new ruleset:dnd35-encounter seed:1"))
    encounter = (await service.handle("enc", "alice", parse_line("/help"))).text
    assert "[roll:…]" in _line(encounter, "attack") and "[kind:…]" not in _line(encounter, "attack")
    assert "[hp:…]" in _line(encounter, "place") and "[command:…]" not in _line(encounter, "game board")
    conan = (await service.handle("none", "alice", parse_line("/help topic:conan"))).text
    assert "[gems:…]" in _line(conan, "attack") and "[roll:…]" not in _line(conan, "attack")
    assert "[kind:…]" in _line(conan, "attack")  # melee, ranged or web, as Conan's /attack reads it


def test_without_a_game_the_usage_groups_each_games_options_under_its_name():
    usage = find_command("attack").usage()
    assert str(usage).startswith("/attack [target:…] [creature:…] [attack:…] · ")
    assert "Encounter: [roll:…] [damage:…]" in usage and "Skirmish: [kind:…] [declare:…]" in usage
    assert "Conan: [kind:…] [gems:…] [card:…]" in usage
    assert "Schermaglia: [kind:…] [declare:…]" in say(usage, "it")
    # A command no game adds to reads as before.
    assert find_command("first").usage() == "/first who:<who>"
    # A typing mistake shows that usage.
    with pytest.raises(IllegalAction) as refused:
        parse_line("/place creature:orc")
    assert "Usage: /place square:<square> [creature:…] · Encounter: [hp:…]" in str(refused.value)
